"""Item names: what item a written name is, and how many it says (DESIGN.md "Sloppy input").

Spec "What reads items", "Names find your items": a name that is the label of a ruleset item, in any
case, is that item. On top of that (issue 4, "Normalisation"), in this order, each a recorded repair:
a count inside the name ("2 arrows"), articles and plurals ("the hand axes" → "Hand axe") when that
gives a label, and a looser match (punctuation, word order: "Healing Potion" for "Potion of Healing")
only when exactly one label fits; that one changes meaning, so the answer's note says what it was taken as.

Invariants:
- An exact label (or coin name) always wins, before any repair: "A Bag of Holding" stays itself if listed.
- A name no ruleset item or coin fits is kept as written, less any count written into it.
- Nothing here raises on model text; a name it refuses is a ``Problem``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tagproc.commands import ItemRef
from tagproc.names import ItemNames
from tagproc.normalize.counts import Problem, check_count, split_count, vague_prefix
from tagproc.repairs import Repair
from tagproc.vocabulary import (
    DETERMINERS,
    IRREGULAR_SINGULARS,
    MAX_COINS,
    MAX_COUNT,
    MAX_NAME,
    STOP_WORDS,
)

__all__ = ["ResolvedItem", "loose_key", "resolve_item", "singular_names"]

_WORD = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True, slots=True)
class ResolvedItem:
    """An item name read: the item, how many, the repairs made and what the answer's note should say."""

    item: ItemRef
    count: int
    repairs: tuple[Repair, ...] = ()
    notes: tuple[str, ...] = ()


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
        return Problem("missing-key", "the tag names no item.")
    if len(text) > MAX_NAME:
        return Problem("name-too-long", f"an item name is at most {MAX_NAME} characters, not {len(text)}.")
    exact = _exact(text, names)
    if exact is not None:
        return _counted(exact, given or 1, (), ())
    vague = vague_prefix(text)
    if vague is not None:
        return Problem("unreadable", f'"{vague}" says no number; write the count.')
    repairs: list[Repair] = []
    split = split_count(_without_determiners(text))
    count = given
    plain = text
    if split is not None:
        if given is not None and given != split.count:
            return Problem("count-conflict", f'"{text}" says {split.count} but count= says {given}.')
        count, plain = split.count, split.rest
        repairs.append(Repair("count-in-name", text, f'item="{split.rest}" count="{split.count}"'))
    found = _repaired(plain, names, repairs, loose=loose)
    if found is None:
        return _counted(ItemRef(name=plain), count or 1, tuple(_only_counts(repairs)), ())
    item, notes, as_written = found
    if split is not None and "pair" in split.phrase.lower() and as_written:
        # "a pair of gauntlets" where the label is itself "Gauntlets": one pair is one item.
        count = 1 if given is None else given
        repairs.append(Repair("pair-is-one", split.phrase, "1"))
    return _counted(item, count or 1, tuple(repairs), notes)


def singular_names(name: str) -> list[str]:
    """The singulars a plural name may stand for: its last word, or the word before " of", made singular."""
    words = name.split()
    if not words:
        return []
    places = [len(words) - 1]
    lowered = [word.lower() for word in words]
    if "of" in lowered[1:]:
        places.append(lowered.index("of", 1) - 1)
    found: list[str] = []
    for place in places:
        for singular in _singular_words(words[place]):
            candidate = " ".join([*words[:place], singular, *words[place + 1 :]])
            if candidate not in found:
                found.append(candidate)
    return found


def loose_key(name: str) -> tuple[str, ...]:
    """A name as the looser match compares it: words without case, punctuation, order or plural endings."""
    words = _WORD.findall(name.lower().replace("'", "").replace("\u2019", ""))
    return tuple(sorted(_stem(word) for word in words if word not in STOP_WORDS))


def _counted(
    item: ItemRef, count: int, repairs: tuple[Repair, ...], notes: tuple[str, ...]
) -> ResolvedItem | Problem:
    checked = check_count(count, MAX_COINS if item.coin is not None else MAX_COUNT)
    if isinstance(checked, Problem):
        return checked
    return ResolvedItem(item, checked, repairs, notes)


def _exact(name: str, names: ItemNames) -> ItemRef | None:
    label = names.find_item(name)
    if label is not None:
        return ItemRef(name=label, label=label)
    coin = names.find_coin(name)
    if coin is not None:
        return ItemRef(name=names.coin_label(coin), coin=coin)
    return None


def _repaired(
    name: str, names: ItemNames, repairs: list[Repair], *, loose: bool = True
) -> tuple[ItemRef, tuple[str, ...], bool] | None:
    """The item ``name`` is once articles, plurals or a looser match are allowed; records the repair.

    The flag says whether the name matched without being made singular.
    """
    bare = _without_determiners(name)
    for candidate in (bare, *singular_names(bare)):
        item = _exact(candidate, names)
        if item is None:
            continue
        if candidate != bare:
            repairs.append(Repair("plural", name, item.name))
        elif bare != name:
            repairs.append(Repair("article", name, item.name))
        return item, (), candidate == bare
    label = _loose_match(bare, names) if loose else None
    if label is None:
        return None
    repairs.append(Repair("loose-name", name, label))
    return ItemRef(name=label, label=label), (f'Took "{name}" as {label}.',), False


def _loose_match(name: str, names: ItemNames) -> str | None:
    """The one label whose words are the name's words (any order, punctuation or plural), else None."""
    key = loose_key(name)
    if not key:
        return None
    fits = {label.casefold(): label for label in names.item_labels() if loose_key(label) == key}
    return next(iter(fits.values())) if len(fits) == 1 else None


def _without_determiners(name: str) -> str:
    words = name.split()
    while len(words) > 1 and words[0].lower() in DETERMINERS:
        words = words[1:]
    return " ".join(words)


def _only_counts(repairs: list[Repair]) -> list[Repair]:
    return [repair for repair in repairs if repair.code == "count-in-name"]


def _singular_words(word: str) -> list[str]:
    lower = word.lower()
    if lower in IRREGULAR_SINGULARS:
        return [_same_case(word, IRREGULAR_SINGULARS[lower])]
    found: list[str] = []
    if lower.endswith("ies") and len(lower) > 4:
        found.append(word[:-3] + "y")
    if lower.endswith("ves") and len(lower) > 4:
        found += [word[:-3] + "f", word[:-3] + "fe"]
    if lower.endswith("es") and len(lower) > 3:
        found.append(word[:-2])
    if lower.endswith("s") and not lower.endswith("ss") and len(lower) > 2:
        found.append(word[:-1])
    return found


def _same_case(model: str, word: str) -> str:
    return word.capitalize() if model[:1].isupper() else word


def _stem(word: str) -> str:
    stem = IRREGULAR_SINGULARS.get(word, word)
    if stem.endswith("ies") and len(stem) > 4:
        stem = stem[:-3] + "y"
    elif stem.endswith("es") and len(stem) > 3:
        stem = stem[:-2]
    elif stem.endswith("s") and not stem.endswith("ss") and len(stem) > 3:
        stem = stem[:-1]
    if stem.endswith("e") and len(stem) > 3:
        stem = stem[:-1]
    return stem
