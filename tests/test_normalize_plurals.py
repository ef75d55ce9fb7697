"""A label made plural is read at once (``items._plural_item``, from ``plurals.plural_forms``) exactly as the
long way reads it: every label of the shipped rulesets made plural in each way a model writes one, in any
case, after a count or not, beside a count given or not, and the near misses the long way must keep (an
article, "more", punctuation, a count that conflicts, digits that are a word of a label, a coin)."""

from __future__ import annotations

import pytest

import tagproc.normalize.items as items_module
from tagproc.names import CoinName, ItemNames, NameBook
from tagproc.normalize.counts import CountInName, Problem, split_count, vague_prefix
from tagproc.normalize.items import ResolvedItem, resolve_item
from tagproc.normalize.nouns import singular_names
from tagproc.normalize.plurals import plural_forms
from tests.engine_support import rules_for
from tests.normalize_support import names_for

_RULESETS = ("gravewatch", "ember-roads", "srd-5e")
_COUNTS = ("", "2 ", "02 ", "99999 ")
_GIVEN = (None, 2)


Call = tuple[str, int | None, bool]


def _differ(names: ItemNames, calls: list[Call]) -> list[Call]:
    """The calls ``resolve_item`` answers otherwise with ``_plural_item`` than the long way."""
    fast = [resolve_item(text, given, names, loose=loose) for text, given, loose in calls]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(items_module, "_plural_item", lambda text, given, names: None)
        slow = [resolve_item(text, given, names, loose=loose) for text, given, loose in calls]
    return [call for call, one, other in zip(calls, fast, slow, strict=True) if one != other]


def _forms(label: str) -> list[str]:
    """A label as a model may write it in the plural (and in the singular, and its near misses)."""
    words = label.split()
    last = words[-1] if words else ""
    ends = [last, last + "s", last + "es", last[:-1] + "ies", last[:-1] + "ves", last[:-2] + "ves"]
    said = [" ".join([*words[:-1], end]) for end in ends if end]
    near = [f"the {said[1]}", f"{said[1]}.", f"more {said[1]}", f"another {said[1]}", f"{said[1]} x2"]
    return [*said, *(text.upper() for text in said), *near]


def _calls(labels: list[str], counts: tuple[str, ...]) -> list[Call]:
    return [
        (count + form, given, loose)
        for label in labels
        for form in dict.fromkeys(_forms(label))
        for count in counts
        for given in _GIVEN
        for loose in ((True, False) if not count else (True,))
    ]


@pytest.mark.parametrize("ruleset", _RULESETS)
def test_every_label_made_plural_reads_the_same_at_once_and_the_long_way(ruleset: str) -> None:
    names = names_for(ruleset)
    # srd-5e's long way is slow (its looser match over 600 labels), and its labels hold "2" ("Ammunition,
    # +2"), so "2 clubs" is never read at once there: its counts are those that are ("02": no label's word).
    counts = ("", "02 ") if ruleset == "srd-5e" else _COUNTS
    assert _differ(names, _calls(list(names.item_labels()), counts)) == []


@pytest.mark.parametrize(
    ("ruleset", "count"),
    # srd-5e has labels with a "2" ("Ammunition, +2"), so "2 clubs" is matched loosely whole: no count there.
    [pytest.param("srd-5e", "", id="srd-5e"), pytest.param("gravewatch", "2 ", id="gravewatch-counted")],
)
def test_the_plural_is_read_at_once_for_most_labels(ruleset: str, count: str) -> None:
    # Not a timing: the fast path must be reached, else the equality above proves nothing of it.
    names = names_for(ruleset)
    labels = list(names.item_labels())
    seen: list[object] = []
    real = items_module._plural_item

    def keep(text: str, given: int | None, names: ItemNames) -> ResolvedItem | Problem | None:
        seen.append(found := real(text, given, names))
        return found

    taken = 0
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(items_module, "_plural_item", keep)
        for label in labels:
            seen.clear()
            resolve_item(count + label + "s", None, names)
            taken += any(isinstance(found, ResolvedItem) for found in seen)
    assert taken > len(labels) // 3


_AWKWARD_ITEMS = (
    "Arrow",
    "Crown",
    "Torch",
    "Glass",
    "Pair of boots",
    "The torch",
    "More torch",
    "Few torch",
    "Flask of oil",
)
_AWKWARD_NAMES = (
    "crowns",
    "2 crowns",
    "2 torches",
    "2 Torches",
    "torches",
    "the torches",
    "The torches",
    "more torches",
    "few torches",
    "a few torches",
    "2 potions",
    "pairs of boots",
    "2 pairs of boots",
    "flasks of oil",
    "3 flasks of oil",
    "glasses",
    "glasss",
    "2 glasses",
    "two torches",
    "torches two",
    "torches (2)",
    "20 arrows",
    "2 arrows",
)


@pytest.mark.parametrize(
    "items",
    [
        pytest.param(_AWKWARD_ITEMS, id="awkward"),
        # "2" a word of a label: "2 torches" may be matched loosely whole.
        pytest.param((*_AWKWARD_ITEMS, "Potion 2"), id="digits-in-a-label"),
        # "20 arrows" is the whole label "Arrows 20", not twenty arrows (``_whole_with_count``).
        pytest.param((*_AWKWARD_ITEMS, "Arrows 20"), id="count-of-a-label"),
    ],
)
def test_a_plural_that_may_read_otherwise_is_left_to_the_long_way(items: tuple[str, ...]) -> None:
    # A coin named as a label's plural, digits that are a label's word, determiners, counts in words.
    names = NameBook(items=items, coins=(CoinName("crowns", "crowns"),))
    calls = [
        (text, given, loose) for text in _AWKWARD_NAMES for given in (*_GIVEN, 3) for loose in (True, False)
    ]
    assert _differ(names, calls) == []


def test_a_counted_plural_is_read_at_once_only_where_no_label_holds_its_digits() -> None:
    # Which way read it is asked of ``_plural_item`` itself: the answers alone are alike either way.
    at_once = items_module._plural_item
    assert isinstance(at_once("2 torches", None, NameBook(items=("Torch",))), ResolvedItem)
    assert at_once("2 torches", None, NameBook(items=("Torch", "Potion 2"))) is None
    said = resolve_item("2 torches", None, NameBook(items=("Torch",)))
    loosely = resolve_item("2 torches", None, NameBook(items=("Torch", "Potion 2")))
    assert isinstance(said, ResolvedItem) and isinstance(loosely, ResolvedItem)
    assert (said.item.label, said.count, [r.code for r in said.repairs]) == (
        "Torch",
        2,
        ["count-in-name", "plural"],
    )
    assert (loosely.item.label, loosely.count) == ("Torch", 2)


@pytest.mark.parametrize("ruleset", _RULESETS)
def test_each_plural_form_is_its_first_singular_and_never_itself(ruleset: str) -> None:
    forms = plural_forms(rules_for(ruleset).item_labels)
    assert forms
    assert [plural for plural, (singular, _) in forms.items() if singular_names(plural)[0] != singular] == []
    assert [plural for plural, (singular, _) in forms.items() if plural == singular] == []


@pytest.mark.parametrize("ruleset", _RULESETS)
def test_a_plural_form_flagged_counted_is_read_after_any_digits_as_their_count(ruleset: str) -> None:
    forms = plural_forms([*rules_for(ruleset).item_labels, "Pound of flour", "Worth gem", "Dozen egg"])
    assert any(counted for _, counted in forms.values())
    differ = [
        (digits, written)
        for plural, (_, counted) in forms.items()
        for written in (plural, plural.upper(), plural.title())
        for digits in ("1", "2", "02", "20", "1000", "99999")
        if counted
        and (
            split_count(f"{digits} {written}") != CountInName(int(digits), written, digits)
            or vague_prefix(f"{digits} {written}") is not None
        )
    ]
    assert differ == []


def test_no_plural_form_is_one_the_long_way_reads_a_count_or_a_vague_amount_in() -> None:
    forms = plural_forms([*rules_for("srd-5e").item_labels, "Few torch", "Dozen egg", "More rope", "The axe"])
    assert [plural for plural in forms if split_count(plural) or vague_prefix(plural)] == []
    assert "few torches" not in forms and "more ropes" not in forms and "the axes" not in forms
