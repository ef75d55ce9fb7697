"""Item names: what item a written name is, and how many it says (DESIGN.md "Sloppy input").

Spec "What reads items", "Names find your items": a name that is the label of a ruleset item, in any
case, is that item. On top of that (issue 4 "Normalisation", issue 7 "fuzzy item names"), in this order,
each a recorded repair: punctuation stuck to the end ("Torch."), a count inside the name ("2 arrows", "2 more
torches", "another torch"), whose it was ("Bram's lantern", when what follows is a ruleset item),
articles and plurals ("the hand axes" → "Hand axe"), a coin's loose names ("gold coins", "pence",
``coins.read_coin``), and the looser match of ``fuzzy`` (a typo, a word of the name, the words in another
order, British spelling, harmless words around the name). The looser match changes meaning, so the
answer's note says what the name was taken as; when two labels fit it equally the name is refused
naming them, never guessed.

Invariants:
- An exact label (or coin name) always wins, before any repair: "A Bag of Holding" stays itself if listed.
- A name no ruleset item or coin fits is kept as written, less any count written into it.
- A name that describes a new item (``loose=False``) gets no looser match.
- A bundle label ("Arrows (20)") taken by the looser match never multiplies a count of pieces: "20 arrows" is
  one bundle, "2 arrows" stays two plain arrows, and the note says so.
- Nothing here raises on model text; a name it refuses is a ``Problem``.
- A label made plural, perhaps after digits ("warming tonics", "2 torches"), is read at once from the label
  set's table (``_plural_item``, ``plurals.plural_forms``), exactly as the long way reads it, which stays
  its reference (``tests/test_normalize_plurals.py``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tagproc.commands import ItemRef
from tagproc.names import ItemNames
from tagproc.normalize.coins import names_two_coins, read_coin
from tagproc.normalize.counts import CountInName, Problem, check_count, split_count, vague_prefix
from tagproc.normalize.fuzzy import FuzzyMatch, FuzzyTie, label_words, match_name, plurals_of
from tagproc.normalize.nouns import canonical_word, cut_name, singular_names, words_of
from tagproc.normalize.plurals import says_only_more, without_determiners, without_more
from tagproc.notes import Note, note
from tagproc.repairs import Repair
from tagproc.trusted import trusted
from tagproc.vocabulary import ACTION_ALIASES, DETERMINERS, MAX_COINS, MAX_COUNT, MAX_NAME

__all__ = ["ResolvedItem", "names_no_item", "names_one_item", "resolve_item"]

_TRAILING_PUNCTUATION = ".!?;:,"
_MOST_NAMED = 4  # candidates named in a refusal before "or N more"
_COUNT_LEFT = re.compile(r"\A\(\s*\d|\([^()]*\d[^()]*\)\s*\Z")  # a count left in brackets
_KEY_INSIDE = re.compile(r"[\"'`]\s*[a-z_]+\s*=|\b[a-z_]+\s*=\s*[\"'`]", re.I)
_MOST_POSSESSOR = 3  # words before a possessive ("dead old watchman's")
_POSSESSIVE = re.compile(r"(?:['\u2019]s|s['\u2019])\Z", re.I)
# No determiner is written in digits, so "2 torches" has none for ``without_determiners`` to drop.
_NO_DIGIT_DETERMINER = not any(word.isdigit() for word in DETERMINERS)


@dataclass(frozen=True, slots=True)
class ResolvedItem:
    """An item name read: the item, how many, the repairs made and what the answer's note should say."""

    item: ItemRef
    count: int
    repairs: tuple[Repair, ...] = ()
    notes: tuple[Note, ...] = ()


@dataclass(frozen=True, slots=True)
class _Found:
    item: ItemRef
    notes: tuple[Note, ...] = ()
    as_written: bool = True  # found without making the name singular
    bundle: int | None = None


def resolve_item(
    written: str, given: int | None, names: ItemNames, *, loose: bool = True
) -> ResolvedItem | Problem:
    """Read one written item name; ``given`` is the tag's own ``count=`` (None when it wrote none).

    ``loose=False`` (a tag that describes a new item) allows no looser match: "Bell of dawn" with
    ``like="Dawn bell"`` is a new item, never the Dawn bell (spec: only "a name that is one of your items
    is that item").
    """
    text = " ".join(written.split())
    if not text:
        return Problem("missing-key", note("read_names.no_item"))
    if len(text) > MAX_NAME:  # cut, never refused (CONVENTIONS.md §2); the cut name is read as any other
        cut_repairs: list[Repair] = []
        cut_notes: list[Note] = []
        read = resolve_item(cut_name(text, "item", cut_repairs, cut_notes), given, names, loose=loose)
        if isinstance(read, Problem):
            return read
        return ResolvedItem(read.item, read.count, (*cut_repairs, *read.repairs), (*cut_notes, *read.notes))
    exact = _exact(text, names)
    if exact is not None:
        return _counted(exact, 1 if given is None else given, (), ())
    return _inexact(text, given, names, loose=loose)


def _inexact(text: str, given: int | None, names: ItemNames, *, loose: bool) -> ResolvedItem | Problem:
    """``resolve_item`` of a name (its spaces collapsed, at most ``MAX_NAME`` long) that is no label or coin
    as written: the plural read at once, else every repair in turn."""
    plural = _plural_item(text, given, names)
    if plural is not None:
        return plural
    if _KEY_INSIDE.search(text):
        # "Torch' count='2": quotes that do not match swallowed the next key; never an item of that name.
        return Problem("unreadable", note("read_names.key_inside", text=text))
    repairs: list[Repair] = []
    cleaned = text.rstrip(_TRAILING_PUNCTUATION).rstrip()
    if cleaned != text and cleaned:
        repairs.append(Repair("trailing-punctuation", text, cleaned))
        text = cleaned
    vague = vague_prefix(text)
    if vague is not None:
        return Problem("unreadable", note("read_counts.vague", text=vague))
    text = without_more(text, repairs, only=("another",))
    split = split_count(without_determiners(text))
    if split is not None and given is not None and given != split.count:
        return Problem(
            "count-conflict", note("read_counts.conflict", text=text, says=split.count, given=given)
        )
    whole = _whole_with_count(text, split, names, repairs, loose=loose)
    if whole is not None:
        split = None
    count, plain = (split.count, split.rest) if split is not None else (given, text)
    if split is not None:
        repairs.append(Repair("count-in-name", text, f'item="{split.rest}" count="{split.count}"'))
        plain = without_more(plain, repairs)
    if says_only_more(plain):
        return Problem("unreadable", note("read_names.only_more", text=text))
    found = whole or _repaired(plain, names, repairs, loose=loose)
    if isinstance(found, Problem):
        return found
    if found is None and _COUNT_LEFT.search(plain):
        # "Torch (2 or 3)", "two (3) torches": a count in the name that could not be read is never kept in it.
        return Problem("unreadable", note("read_names.count_left", text=text))
    if found is None:
        return _counted(
            ItemRef(name=plain), 1 if count is None else count, tuple(_plain_repairs(repairs)), ()
        )
    notes = found.notes
    if split is not None and "pair" in split.phrase.lower() and found.as_written:
        # "a pair of gauntlets" where the label is itself "Gauntlets": one pair is one item.
        count = 1 if given is None else given
        repairs.append(Repair("pair-is-one", split.phrase, "1"))
    if found.bundle is not None and count is not None:
        if count % found.bundle:
            # "2 arrows" where the ruleset sells Arrows (20): no whole bundle, so the arrows stay as written.
            kept = note("read_names.kept_bundle", text=plain, label=found.item.name, bundle=found.bundle)
            return _counted(ItemRef(name=plain), count, tuple(_plain_repairs(repairs)), (kept,))
        bundles = count // found.bundle
        repairs.append(Repair("bundle", f"{count} {plain}", f'item="{found.item.name}" count="{bundles}"'))
        notes = (
            note("read_names.took_bundles", count=count, text=plain, label=found.item.name, bundles=bundles),
        )
        count = bundles
    return _counted(found.item, 1 if count is None else count, tuple(repairs), notes)


def names_one_item(text: str, names: ItemNames) -> bool:
    """Whether ``text`` (a count, articles and plurals allowed) is one ruleset item or coin, closely enough
    that a comma inside it is part of the name: an exact label or coin, or a looser match that is taken."""
    cleaned = " ".join(text.split())
    if 0 < len(cleaned) <= MAX_NAME:  # ``resolve_item``'s steps, the label or coin itself told at once
        if _exact(cleaned, names) is not None:
            return True
        read = _inexact(cleaned, None, names, loose=True)
    else:
        read = resolve_item(text, None, names)
    return isinstance(read, ResolvedItem) and (read.item.label is not None or read.item.coin is not None)


def names_no_item(text: str) -> bool:
    """Whether ``text`` is only a count and words that say "more" ("2 more", "5 of them"): in a list, it
    points back at another entry, so the whole list is refused rather than read apart."""
    split = split_count(text.strip())
    return says_only_more(split.rest if split is not None else text)


def _counted(
    item: ItemRef, count: int, repairs: tuple[Repair, ...], notes: tuple[Note, ...]
) -> ResolvedItem | Problem:
    limit = MAX_COINS if item.coin is not None else MAX_COUNT
    # A count ``check_count`` keeps as it is (the limits have fewer digits than it allows).
    if 1 <= count <= limit:
        return ResolvedItem(item, count, repairs, notes)
    held_repairs, held_notes = list(repairs), list(notes)
    checked = check_count(count, limit, held_repairs, held_notes)
    return ResolvedItem(item, checked, tuple(held_repairs), tuple(held_notes))


_trusted_ref = trusted(ItemRef)


def _exact(name: str, names: ItemNames) -> ItemRef | None:
    """The item or coin ``name`` is exactly (in any case): built unvalidated when the label is a name an
    ``ItemRef`` takes (1 to ``MAX_NAME`` characters; a ruleset's labels are, but nothing holds them to it)."""
    label = names.find_item(name)
    if label is not None:
        build = _trusted_ref if 0 < len(label) <= MAX_NAME else ItemRef
        return build(name=label, label=label)
    coin = names.find_coin(name)
    if coin is not None:
        label = names.coin_label(coin)
        build = _trusted_ref if 0 < len(label) <= MAX_NAME else ItemRef
        return build(name=label, coin=coin)
    return None


def _plural_item(text: str, given: int | None, names: ItemNames) -> ResolvedItem | Problem | None:
    """``resolve_item`` of a label made plural ("warming tonics"), perhaps after digits ("2 warming tonics"),
    read at once from the label set's ``plurals.plural_forms``: the long way's own steps give the same for
    these (see ``plurals``; the digits are the count where the form's flag says ``split_count`` reads them
    so), and those that depend on more than the name are asked here (a count agreeing with ``given``;
    digits that are no word of a label, so no looser match of the whole; the plural no item or coin
    itself, the singular one). None for any other name."""
    if not text.isascii():
        return None
    plurals, label_words = plurals_of(names)
    digits, _, rest = text.partition(" ")
    if digits.isdigit() and rest:  # "2 warming tonics": the count, then the plural
        form = plurals.get(rest.lower())
        if form is None or not form[1] or not _NO_DIGIT_DETERMINER:
            return None
        count = int(digits)  # ``split_count``'s, as the form's flag says
        if (
            (given is not None and given != count)
            or canonical_word(digits) in label_words
            or _exact(rest, names) is not None
        ):
            return None
        item = _exact(form[0], names)
        if item is None:
            return None
        repairs = (
            Repair("count-in-name", text, f'item="{rest}" count="{count}"'),
            Repair("plural", rest, item.name),
        )
        return _counted(item, count, repairs, ())
    form = plurals.get(text.lower())
    item = _exact(form[0], names) if form is not None else None
    if item is None:
        return None
    return _counted(item, 1 if given is None else given, (Repair("plural", text, item.name),), ())


def _whole_with_count(
    text: str, split: CountInName | None, names: ItemNames, repairs: list[Repair], *, loose: bool
) -> _Found | None:
    """A name whose count is a word of its label's own ("two-person tent" is Tent, two-person; "iron spike
    (10)" is Iron spikes (10)), not a count: the looser match of the whole name, when it holds those words."""
    if split is None or not loose:
        return None
    # The count's words are among the words written beside the name's own; when no label holds one of those
    # ("2 torches": "2"), no label the looser match finds holds them, and the match is not worth making.
    rest = set(words_of(split.rest))
    beside = {canonical_word(word) for word in words_of(text) if word not in rest}
    if label_words(names).isdisjoint(beside):  # the few words beside, each looked up
        return None
    said = {canonical_word(word) for word in words_of(text)} - {canonical_word(word) for word in rest}
    found = match_name(text, names)
    if not isinstance(found, FuzzyMatch) or found.bundle is not None:
        return None
    if not said or not said <= {canonical_word(word) for word in words_of(found.label)}:
        return None
    repairs.append(Repair("loose-name", text, found.label))
    return _Found(
        ItemRef(name=found.label, label=found.label),
        (note("read_names.took", text=text, label=found.label),),
        False,
    )


def _repaired(
    name: str, names: ItemNames, repairs: list[Repair], *, loose: bool = True
) -> _Found | Problem | None:
    """The item ``name`` is once articles, plurals, coin names or a looser match are allowed; records the repair."""
    bare = without_determiners(name)
    for candidate in (bare, *singular_names(bare)):
        item = _exact(candidate, names)
        if item is None:
            continue
        if candidate != bare:
            repairs.append(Repair("plural", name, item.name))
        elif bare != name:
            repairs.append(Repair("article", name, item.name))
        return _Found(item, (), candidate == bare)
    found = match_name(bare, names) if loose else None
    if loose and (found is None or isinstance(found, FuzzyTie)):
        owned = _after_possessive(bare, names, repairs)
        if owned is not None:
            return owned
    if isinstance(found, FuzzyTie) and len(found.labels) == 1:
        return Problem(
            "unreadable",
            note("read_names.may_be", text=bare, label=found.labels[0]),
        )
    if isinstance(found, FuzzyTie):
        return Problem("unreadable", note("read_names.could_be", text=bare, either=_either(found.labels)))
    if found is not None:
        repairs.append(Repair("loose-name", name, found.label))
        item = ItemRef(name=found.label, label=found.label)
        return _Found(item, (note("read_names.took", text=bare, label=found.label),), False, found.bundle)
    # A coin's looser names ("gold coins", "pence") after the items': "cake salt" is the Salt cake.
    coin = read_coin(bare, names)
    if coin is None and names_two_coins(bare, names):
        return Problem("unreadable", note("read_coins.two_coins", text=bare))
    if coin is None:
        return None
    coin_id, repair = coin
    if repair is not None:
        repairs.append(repair)
    return _Found(ItemRef(name=names.coin_label(coin_id), coin=coin_id))


def _after_possessive(name: str, names: ItemNames, repairs: list[Repair]) -> _Found | Problem | None:
    """The item after a possessive ("Bram's lantern", "the dead watchman's pistol"): whose it was says
    nothing of what it is. Only a ruleset item (or a refusal naming some) is taken; else None."""
    words = name.split()
    last = max((at for at, word in enumerate(words[:-1]) if _POSSESSIVE.search(word)), default=None)
    if (
        last is None
        or last >= _MOST_POSSESSOR
        or any(word.lower() in ACTION_ALIASES for word in words[:last])
    ):
        return None  # "give Bram's lantern" is no name: the verbs reader reads it
    rest = " ".join(words[last + 1 :])
    inner: list[Repair] = []
    found = _repaired(rest, names, inner)
    if isinstance(found, Problem):
        return found
    if found is None or (found.item.label is None and found.item.coin is None):
        return None
    repairs.append(Repair("possessive", name, found.item.name))
    return _Found(
        found.item, (note("read_names.took", text=name, label=found.item.name),), False, found.bundle
    )


def _either(labels: tuple[str, ...]) -> Note:
    """The candidates a refusal names: the first ``_MOST_NAMED`` labels, and how many more there are."""
    shown = labels[:_MOST_NAMED]
    return note("read_names.either", labels=shown, more=len(labels) - len(shown))


def _plain_repairs(repairs: list[Repair]) -> list[Repair]:
    """The repairs that still hold for a name kept as written: the count taken out, punctuation dropped."""
    return [repair for repair in repairs if repair.code in ("count-in-name", "trailing-punctuation")]
