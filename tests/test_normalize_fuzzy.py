"""The looser match's layered index (``tagproc.normalize.fuzzy``) answers exactly as one index of every label.

The reference is the single index the looser match read before it was layered: every label of the names,
the ruleset's then the game's invented items, read into parts by the same ``fuzzy._index`` in one layer
from position 0, as one ``LabelSet`` (``_one_index``). Over every shipped ruleset and the test rulesets,
with no invented item, one, and several (words shared with ruleset labels, one spelling a ruleset label
exactly, one in another case, one spelling a rare label, plurals, one with a count and a kind, one folded
as another), the layered index and the reference must give the same ``match_name``, ``label_words``,
``plurals_of`` and ``resolve_item`` for a table of names (exact, in another case, plural, counted,
misspelt, in part, unknown, a word several labels share), and hold the same labels and words.
"""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Sequence
from functools import cache
from pathlib import Path

import pytest

from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState, InventedItem, Member
from tagproc.names import CoinName, GameWords, ItemNames, LabelSet, NameBook, ProposalWords
from tagproc.normalize import fuzzy
from tagproc.normalize.fuzzy import label_words, match_name, plurals_of
from tagproc.normalize.items import ResolvedItem, names_one_item, resolve_item
from tagproc.normalize.nouns import words_of
from tagproc.ruleset import Item, load_ruleset

_TEST_RULESETS = Path(__file__).resolve().parent / "rulesets"
RULESETS = (
    "gravewatch",
    "ember-roads",
    "srd-5e",
    *sorted(str(path) for path in _TEST_RULESETS.glob("*.json")),
)


@cache
def _rules(ruleset: str) -> Rules:
    return Rules(load_ruleset(ruleset))


class _Relabeled:
    """``names`` in every way but its label layers, which are ``layers``."""

    def __init__(self, names: ItemNames, layers: tuple[LabelSet, LabelSet | None]) -> None:
        self._names = names
        self._layers = layers

    def item_labels(self) -> Sequence[str]:
        book, own = self._layers
        return book.labels + (own.labels if own is not None else ())

    def named_in_full(self) -> Sequence[str]:
        book, own = self._layers
        return tuple(book.in_full | (own.in_full if own is not None else frozenset()))

    def label_layers(self) -> tuple[LabelSet, LabelSet | None]:
        return self._layers

    def find_item(self, name: str) -> str | None:
        return self._names.find_item(name)

    def find_coin(self, name: str) -> str | None:
        return self._names.find_coin(name)

    def coin_label(self, coin: str) -> str:
        return self._names.coin_label(coin)

    def proposal_words(self) -> ProposalWords:
        return self._names.proposal_words()

    def game_words(self) -> GameWords:
        return self._names.game_words()


def _one_index(names: ItemNames) -> _Relabeled:
    """``names`` with every label in one layer, as the looser match read them before its index was layered:
    the reference."""
    return _Relabeled(names, (LabelSet(names.item_labels(), names.named_in_full()), None))


def _invented(rules: Rules, which: str) -> tuple[str, ...]:
    """The invented items of a game: none, one, or several built from the ruleset's own labels."""
    labels = rules.item_labels
    plain = [label for label in labels if label not in rules.rare_labels and words_of(label)]
    common = _shared_word(labels)
    if which == "none":
        return ()
    if which == "one":
        return ("Kell pebble",)
    first, second = words_of(plain[1])[0], words_of(plain[-1])[-1]
    several = [
        f"{first.title()} {second}",  # words of two ruleset labels
        f"{common.title()} of the drowned",  # the word several labels share
        f"Old {plain[2].lower()}",  # a ruleset label and a word of its own
        plain[3],  # a ruleset label spelt exactly: one index of both names it in full
        plain[4].upper(),  # a ruleset label in another case: left out, the ruleset's kept
        *(rules.rare_labels[:1]),  # a rare label spelt exactly
        "Glass beads",  # a plural
        f"{plain[5]}s",  # a ruleset label made plural: its plural form stays the ruleset's
        "Kell pebble",
        "kell PEBBLE",  # folded as the one before it
        "Lantern, hooded (2)",  # a kind and a count
        "!!!",  # no words
        "Hand xe",
        f"{_vowel_changed(plain)} of Ys",  # one typo from a ruleset word: known as the game's own word
    ]
    return tuple(several)


def _vowel_changed(labels: Sequence[str]) -> str:
    """A word of a label (six letters or more) with a vowel after its first letter changed into another: one
    likely typo from it, and no word of the labels."""
    known = {word for label in labels for word in words_of(label)}
    for word in (word for label in labels for word in words_of(label) if len(word) >= 6 and word.isalpha()):
        for at in range(1, len(word)):
            if word[at] in "aeiou":
                changed = word[:at] + ("e" if word[at] != "e" else "a") + word[at + 1 :]
                if changed not in known:
                    return changed.title()
    raise AssertionError("no word to change")


def _shared_word(labels: Sequence[str]) -> str:
    """The word most labels share (not a stop word or a number)."""
    counted = Counter(
        word for label in labels for word in set(words_of(label)) if len(word) > 3 and not word.isdigit()
    )
    return counted.most_common(1)[0][0]


def _state(invented: tuple[str, ...]) -> GameState:
    return GameState(
        party=(Member(name="Ada"), Member(name="Bram")),
        invented=tuple(
            InventedItem(key=name.casefold(), name=name, item=Item(category="gear")) for name in invented
        ),
    )


def _typo(label: str) -> str:
    """``label`` with a letter of its longest word dropped (a likely typo)."""
    words = label.split()
    longest = max(range(len(words)), key=lambda at: len(words[at]))
    word = words[longest]
    cut = len(word) // 2
    words[longest] = word[:cut] + word[cut + 1 :]
    return " ".join(words)


def _table(rules: Rules, invented: tuple[str, ...]) -> list[str]:
    """Names a model writes, from the ruleset's labels and the game's invented items."""
    labels = [*rules.item_labels[::9], *rules.rare_labels[:3], *invented]
    names = [
        "2 torches",
        "torches",
        "rope",
        "hempen rope",
        "healing kit",
        "the hand axes",
        "Bram's lantern",
        "an old notched hand axe",
        "silver nail",
        "kit",
        "bell",
        "zorbleflax",
        "kell pebbles",
        "2 kell pebbles",
        "kell pebel",
        "kell pebbel",
        "pebble",
        "glass bead",
        _shared_word(rules.item_labels),
    ]
    for label in labels:
        words = label.split()
        names += [label, label.upper(), label.lower(), f"{label}s", f"2 {label}s", f"3 {label.lower()}es"]
        if words_of(label):
            names += [_typo(label), f"a fine {label.lower()}"]
        if len(words) > 1:
            names += [words[-1], words[0], " ".join(reversed(words))]
    return names


def _candidates(name: str, names: ItemNames) -> list[str]:
    """The labels ``match_name`` scores for ``name``, in the order it scores them."""
    view, written = fuzzy._view_of(names), fuzzy._written(name)
    known = frozenset(word for word in written.words if fuzzy._is_known(word, view))
    return [view.labels[at].label for at in sorted(fuzzy._candidates(written, view, known))]


CASES = [
    pytest.param(ruleset, which, id=f"{Path(ruleset).stem}-{which}")
    for ruleset in RULESETS
    for which in ("none", "one", "several")
]


@pytest.mark.parametrize(("ruleset", "which"), CASES)
def test_the_layered_index_answers_as_one_index_of_every_label(ruleset: str, which: str) -> None:
    rules = _rules(ruleset)
    invented = _invented(rules, which)
    names = rules.names(_state(invented))
    reference = _one_index(names)
    table = _table(rules, invented)
    assert [name for name in table if match_name(name, names) != match_name(name, reference)] == []
    assert [name for name in table if _candidates(name, names) != _candidates(name, reference)] == []
    assert [
        name for name in table if resolve_item(name, None, names) != resolve_item(name, None, reference)
    ] == []
    assert [name for name in table if resolve_item(name, 2, names) != resolve_item(name, 2, reference)] == []
    assert [
        name
        for name in table
        if resolve_item(name, None, names, loose=False) != resolve_item(name, None, reference, loose=False)
    ] == []
    assert [name for name in table if names_one_item(name, names) != names_one_item(name, reference)] == []
    plurals, words = plurals_of(names)
    reference_plurals, reference_words = plurals_of(reference)
    assert dict(plurals) == dict(reference_plurals) and len(plurals) == len(reference_plurals)
    assert [form for form in table if plurals.get(form.lower()) != reference_plurals.get(form.lower())] == []
    assert frozenset(words) == reference_words and len(words) == len(reference_words)
    assert frozenset(label_words(names)) == label_words(reference)
    assert [word for word in reference_words if word not in words] == []


@pytest.mark.parametrize(("ruleset", "which"), CASES)
def test_the_layers_hold_the_labels_and_words_of_one_index(ruleset: str, which: str) -> None:
    rules = _rules(ruleset)
    names = rules.names(_state(_invented(rules, which)))
    view = fuzzy._view_of(names)
    one = fuzzy._view_of(_one_index(names))
    assert view.labels == one.labels
    assert view.item_nouns == one.item_nouns
    (index,) = one.layers
    for table in ("by_word", "by_head_end", "by_stem", "by_deletion"):
        keys = {key for layer in view.layers for key in getattr(layer, table)}
        assert keys == set(getattr(index, table))
        layered = {
            key: set().union(*(getattr(layer, table).get(key, ()) for layer in view.layers)) for key in keys
        }
        assert layered == {key: set(found) for key, found in getattr(index, table).items()}, table


def test_the_ruleset_index_is_built_once_and_shared_by_every_game_of_the_ruleset() -> None:
    rules = _rules("srd-5e")
    one, other = rules.names(_state(("Kell pebble",))), rules.names(_state(("Moss lamp",)))
    assert match_name("hempen rope", one) == match_name("hempen rope", other)
    first, second = fuzzy._view_of(one), fuzzy._view_of(other)
    assert first.book is second.book is fuzzy._view_of(rules.names()).book
    assert rules.label_set.index is fuzzy._view_of(rules.names())
    assert first is fuzzy._view_of(one)  # a game's layer kept on its names, not built again


def test_an_invented_item_is_found_by_its_layer_and_a_ruleset_label_first() -> None:
    names = _rules("srd-5e").names(_state(("Kell pebble", "Moss lamp", "Torch")))
    assert match_name("kell pebbel", names) == fuzzy.FuzzyMatch("Kell pebble")
    assert match_name("pebble", names) == fuzzy.FuzzyTie(("Kell pebble",))  # an invented item named in full
    read = resolve_item("2 moss lamps", None, names)
    assert isinstance(read, ResolvedItem) and (read.item.name, read.count) == ("Moss lamp", 2)
    plurals, words = plurals_of(names)
    assert plurals.get("moss lamps") == ("moss lamp", True) and "moss" in words and "torch" in words
    assert plurals.get("torches") == ("torch", True)  # the ruleset's Torch, listed first
    assert plurals.get("zorbleflaxes") is None and "zorbleflax" not in words


def test_a_name_book_builds_its_own_index_once_and_keeps_it() -> None:
    book = NameBook(items=("Hand axe", "Rope, hempen", "Rope, silk"), coins=(CoinName("gp", "gold pieces"),))
    assert match_name("rope", book) == fuzzy.FuzzyTie(("Rope, hempen", "Rope, silk"))
    layers = book.label_layers()
    assert layers[1] is None and layers[0] is book.label_layers()[0]
    assert layers[0].index is fuzzy._view_of(book)
    assert book == NameBook(
        items=("Hand axe", "Rope, hempen", "Rope, silk"), coins=(CoinName("gp", "gold pieces"),)
    )


def test_a_label_of_the_second_layer_is_named_in_full_when_the_first_says_so() -> None:
    # One index of both reads a label named in full when either list names it: "bell" alone may not be it.
    layers = (LabelSet(("Hand axe",), ("Dawn bell",)), LabelSet(("Dawn bell",)))
    layered = _Relabeled(NameBook(items=("Hand axe", "Dawn bell")), layers)
    assert match_name("bell", layered) == fuzzy.FuzzyTie(("Dawn bell",))
    assert match_name("bell", _one_index(layered)) == fuzzy.FuzzyTie(("Dawn bell",))
    assert match_name("bell", NameBook(items=("Hand axe", "Dawn bell"))) == fuzzy.FuzzyMatch("Dawn bell")


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda ruleset: Path(ruleset).stem)
def test_item_labels_and_named_in_full_are_the_layers_joined(ruleset: str) -> None:
    rules = _rules(ruleset)
    names = rules.names(_state(("Kell pebble", "Moss lamp")))
    book, own = names.label_layers()
    assert own is not None
    assert tuple(names.item_labels()) == book.labels + own.labels
    assert frozenset(names.named_in_full()) == book.in_full | own.in_full
    assert rules.names().label_layers() == (book, None)


def test_the_normaliser_keeps_no_cache_at_module_level() -> None:
    # DESIGN.md "Performance": a memo lives on Rules, the TurnContext or the Renderer; one at module level
    # keyed on a game's data (its invented items, its party) is shared, and evicted, by every game.
    package = Path(fuzzy.__file__).resolve().parent
    cached = [
        f"{path.name}:{node.lineno}"
        for path in sorted(package.glob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef)
        for decorator in node.decorator_list
        if "cache" in ast.unparse(decorator)
    ]
    assert cached == []
