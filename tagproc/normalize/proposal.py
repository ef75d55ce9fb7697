"""Proposals: an invented item's description, read into the ruleset's ids (spec "The Game Master invents
items in your words").

Reads ``like=``, ``category=``, ``rarity=``, ``tags=``, ``stats=`` (``id=value`` pairs), ``slots=``
(``id=count``), ``binds=`` (yes, cursed or no), ``worn=``/``carried=`` (changes split by ``;``) and
``summary=``, each part by its id or label, and what a small model writes instead: a number after the name
(``Brawn +1``), "bonus" after attacks or defense (``+1 attack roll bonus``), ``none`` for an empty list,
and ``worn=``, ``carried=`` or ``summary=`` inside ``stats=`` when no stat has that name.

Keeps only what the block has (an unknown category, tag, stat, slot, skill or save is left out; a rarity
it does not have becomes its lowest; a number is held to its stat's range) and leaves ``rarityCaps`` to
the engine, which also knows the ``like=`` item. A worn change to defense beside the stat the defense
already counts is left out ("a small model writes guard=1 and +1 Guard for one +1").

Invariants:
- Every change made is a ``Repair``; the notes for the answer never mention a stat the GM is not shown.
- Nothing here raises on model text.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from tagproc.commands import Proposal, StatValue
from tagproc.names import ItemNames, ProposalWords, StatWord, Word, fold
from tagproc.normalize.changes import Notebook, find_word, read_changes
from tagproc.normalize.counts import read_number
from tagproc.normalize.items import ResolvedItem, resolve_item
from tagproc.notes import Note, note
from tagproc.repairs import Repair
from tagproc.vocabulary import BINDS_WORDS, NONE_WORDS

__all__ = ["ReadProposal", "read_proposal"]

_LIST_SPLIT = re.compile(r"\s*(?:[,;|]|\band\b)\s*", re.I)
_PAIR_SPLIT = re.compile(r"\s*[,;]\s*")
_DICE = re.compile(r"\A(\d*)d(\d+)(?:\s*([+-])\s*(\d+))?\Z", re.I)
_LEADING_NUMBER = re.compile(r"\A(?P<value>[+-]?\d+(?:\.\d+)?)\s+(?P<name>\S.*)\Z")
_INSIDE_KEYS = ("worn", "carried", "summary")


@dataclass(frozen=True, slots=True)
class ReadProposal:
    proposal: Proposal
    repairs: tuple[Repair, ...] = ()
    notes: tuple[Note, ...] = ()


def read_proposal(values: Mapping[str, str], names: ItemNames) -> ReadProposal:
    """Read the proposal keys a tag wrote (``values``: key → value, keys canonical) into a ``Proposal``."""
    words = names.proposal_words()
    book = Notebook()
    values = _lift_out_of_stats(dict(values), words, book)
    parts: dict[str, object] = {}
    if "like" in values:
        parts["like"] = _read_like(values["like"], names, book)
    if "category" in values:
        parts["category"] = _read_one(values["category"], words.categories, "category", book)
    if "rarity" in values:
        parts["rarity"] = _read_rarity(values["rarity"], words, book)
    if "tags" in values:
        parts["tags"] = _read_list(values["tags"], words.tags, "tag", book)
    if "stats" in values:
        parts["stats"] = _read_stats(values["stats"], words, book)
    if "slots" in values:
        parts["slots"] = _read_slots(values["slots"], words, book)
    if "binds" in values:
        parts["binds"] = _read_binds(values["binds"], words, book)
    for key in ("worn", "carried"):
        if key in values:
            parts[key] = read_changes(values[key], words, key, book)
    if "summary" in values and values["summary"].strip():
        parts["summary"] = values["summary"].strip()
    proposal = Proposal.model_validate(parts)
    proposal = _defense_beside_its_stat(proposal, words, book)
    return ReadProposal(proposal, tuple(book.repairs), tuple(book.notes))


def _is_none(text: str) -> bool:
    return text.strip().lower() in NONE_WORDS


def _read_like(text: str, names: ItemNames, book: Notebook) -> str | None:
    found = resolve_item(fold(text) if names.find_item(text) is None else text, None, names)
    if isinstance(found, ResolvedItem) and found.item.label is not None:
        book.repairs.extend(found.repairs)
        book.notes.extend(found.notes)
        return found.item.label
    book.record("left-out-like", text, "", note("read_proposal.like_left_out", text=text))
    return None


def _read_one(text: str, words: tuple[Word, ...], what: str, book: Notebook) -> str | None:
    word = find_word(text, words)
    if word is None:
        book.record(f"left-out-{what}", text, "", note("read_proposal.left_out", what=what, text=text))
        return None
    return word.id


def _read_rarity(text: str, words: ProposalWords, book: Notebook) -> str | None:
    word = find_word(text, words.rarities)
    if word is not None:
        return word.id
    if not words.rarities:
        book.record("left-out-rarity", text, "", note("read_proposal.no_rarities", text=text))
        return None
    lowest = words.rarities[0]
    book.record(
        "rarity-to-lowest",
        text,
        lowest.id,
        note("read_proposal.rarity_to_lowest", text=text, lowest=lowest.label),
    )
    return lowest.id


def _read_list(text: str, words: tuple[Word, ...], what: str, book: Notebook) -> tuple[str, ...]:
    if _is_none(text):
        book.record("none-for-empty", text, "")
        return ()
    found: list[str] = []
    for part in filter(None, _LIST_SPLIT.split(text.strip())):
        word_id = _read_one(part, words, what, book)
        if word_id is not None and word_id not in found:
            found.append(word_id)
    return tuple(found)


def _read_binds(text: str, words: ProposalWords, book: Notebook) -> str | None:
    value = BINDS_WORDS.get(" ".join(text.lower().split()))
    if value is None:
        book.record("left-out-binds", text, "", note("read_proposal.binds_word", text=text))
        return None
    if not words.has_binding and value != "no":
        book.record("left-out-binds", text, "", note("read_proposal.no_binding"))
        return None
    return value


def _read_slots(text: str, words: ProposalWords, book: Notebook) -> tuple[tuple[str, int], ...]:
    if _is_none(text):
        book.record("none-for-empty", text, "")
        return ()
    found: dict[str, int] = {}
    for part in filter(None, _PAIR_SPLIT.split(text.strip())):
        name, count = _name_and_number(part)
        slot = find_word(name, words.slots)
        if slot is None or count is None or count < 1:
            book.record("left-out-slot", part, "", note("read_proposal.left_out", what="slot", text=part))
            continue
        found[slot.id] = int(count)
    return tuple(found.items())


def _name_and_number(part: str) -> tuple[str, float | None]:
    """``hands=2``, ``hands: 2``, ``hands 2``, ``2 hands`` or ``hands`` (one)."""
    if "=" in part or ":" in part:
        name, _, value = re.split(r"([=:])", part, maxsplit=1)
        return name.strip(), _number(value)
    leading = _LEADING_NUMBER.match(part.strip())
    if leading:
        return leading.group("name"), _number(leading.group("value"))
    head, _, tail = part.strip().rpartition(" ")
    if head and _number(tail) is not None:
        return head, _number(tail)
    return part.strip(), 1


_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")


def _number(text: str) -> float | None:
    cleaned = text.strip()
    whole = read_number(cleaned)
    if whole is not None:
        return whole
    if _DECIMAL.fullmatch(cleaned) is None:  # float() also takes nan, inf, 1e400 and 1_0: none is a stat
        return None
    return float(cleaned)


# --- stats ----------------------------------------------------------------------------------------------


def _stat_names(words: ProposalWords) -> list[str]:
    return sorted({name for stat in words.stats for name in (stat.id, stat.label)}, key=len, reverse=True)


def _lift_out_of_stats(values: dict[str, str], words: ProposalWords, book: Notebook) -> dict[str, str]:
    """``worn=``/``carried=``/``summary=`` written inside ``stats=`` when no stat has that name."""
    stats = values.get("stats")
    if not stats:
        return values
    inside = [key for key in _INSIDE_KEYS if _find_stat(key, words) is None]
    if not inside:
        return values
    keys = "|".join(inside)
    stat_keys = "|".join(re.escape(name) for name in _stat_names(words)) or r"(?!)"
    starts = list(re.finditer(rf"(?:^|[,;]\s*|\s)({keys})\s*[=:]\s*", stats, re.I))
    if not starts:
        return values
    boundary = re.compile(rf"[,;]\s*(?=(?:{stat_keys})\s*[=:])", re.I)
    kept: list[str] = [stats[: starts[0].start()]]
    for index, start in enumerate(starts):
        limit = starts[index + 1].start() if index + 1 < len(starts) else len(stats)
        stop = boundary.search(stats, start.end(), limit)
        end = stop.start() if stop else limit
        key = start.group(1).lower()
        lifted = stats[start.end() : end].strip().strip(",;").strip()
        values[key] = f"{values[key]}; {lifted}" if key in values and key != "summary" else lifted
        book.record(f"{key}-inside-stats", stats[start.start() : end].strip(" ,;"), f'{key}="{lifted}"')
        kept.append(stats[end:limit])
    values["stats"] = ", ".join(part.strip(" ,;") for part in kept if part.strip(" ,;"))
    return values


def _find_stat(name: str, words: ProposalWords) -> StatWord | None:
    wanted = fold(name)
    return next((stat for stat in words.stats if wanted in (fold(stat.id), fold(stat.label))), None)


def _read_stats(text: str, words: ProposalWords, book: Notebook) -> tuple[tuple[str, StatValue], ...]:
    if _is_none(text):
        book.record("none-for-empty", text, "")
        return ()
    found: dict[str, StatValue] = {}
    for part in filter(None, _PAIR_SPLIT.split(text.strip())):
        split = _split_stat(part, words, book)
        if split is None:
            book.record("left-out-stat", part, "", note("read_proposal.left_out", what="stat", text=part))
            continue
        stat, raw = split
        value = _stat_value(stat, raw, book)
        if value is not None:
            found[stat.id] = value
    return tuple(found.items())


def _split_stat(part: str, words: ProposalWords, book: Notebook) -> tuple[StatWord, str] | None:
    """``guard=1``, ``guard: 1``, ``+1 Guard`` or ``Damage 1d6`` (the longest stat name that starts it)."""
    if "=" in part or ":" in part:
        name, _, value = re.split(r"([=:])", part, maxsplit=1)
        stat = _find_stat(name, words)
        return (stat, value.strip()) if stat else None
    leading = _LEADING_NUMBER.match(part.strip())
    if leading and (stat := _find_stat(leading.group("name"), words)):
        book.record("value-before-stat", part, f"{stat.id}={leading.group('value')}")
        return stat, leading.group("value")
    for name in _stat_names(words):
        if part.lower().startswith(name.lower() + " "):
            stat = _find_stat(name, words)
            if stat is not None:
                book.record("stat-without-equals", part, f"{stat.id}={part[len(name) :].strip()}")
                return stat, part[len(name) :].strip()
    return None


def _stat_value(stat: StatWord, raw: str, book: Notebook) -> StatValue | None:
    """A written value as its stat holds it, or None (left out); a number held to the stat's range."""
    value: StatValue | None
    if stat.type == "number":
        value = _number(raw)
        if value is not None:
            value = _held_to_range(stat, value, raw, book)
    elif stat.type == "dice":
        dice = _DICE.match(raw.strip().replace(" ", ""))
        value = None if dice is None else _dice_text(dice)
    elif stat.type == "enum":
        value = next((choice for choice in stat.values if fold(choice) == fold(raw)), None)
    elif stat.type == "boolean":
        answer = BINDS_WORDS.get(raw.strip().lower())
        value = None if answer is None or answer == "cursed" else answer == "yes"
    else:
        value = raw.strip()
        if stat.max_length is not None and len(value) > stat.max_length:
            # A text stat holds at most maxLength characters: cut, and say so (never of a hidden stat).
            cut = value[: stat.max_length].rstrip()
            said = (
                note("read_proposal.text_cut", stat=stat.label, most=stat.max_length)
                if stat.visible
                else None
            )
            book.record("text-held-to-length", value, cut, said)
            value = cut
    if value is None:
        said = note("read_proposal.value_left_out", stat=stat.label, text=raw) if stat.visible else None
        book.record("left-out-stat-value", f"{stat.id}={raw}", "", said)
    return value


def _held_to_range(stat: StatWord, value: float, raw: str, book: Notebook) -> float | int:
    held = value
    if stat.minimum is not None and held < stat.minimum:
        held = stat.minimum
    if stat.maximum is not None and held > stat.maximum:
        held = stat.maximum
    if stat.integer:
        held = round(held)
    if held != value:
        said = (
            note("read_proposal.held_to_range", stat=stat.label, text=raw, held=held)
            if stat.visible
            else None
        )
        book.record("stat-to-range", f"{stat.id}={raw}", f"{stat.id}={held}", said)
    return int(held) if stat.integer else held  # rounded above: a whole number, however large


def _dice_text(match: re.Match[str]) -> str:
    count, sides, sign, flat = match.groups()
    text = f"{count or 1}d{sides}"
    return f"{text}{sign}{flat}" if sign else text


def _defense_beside_its_stat(proposal: Proposal, words: ProposalWords, book: Notebook) -> Proposal:
    """A worn change to defense beside the stat defense already counts is left out, and the answer says so."""
    if words.defense_stat is None or not proposal.worn:
        return proposal
    defense = [change for change in proposal.worn if change.to == "defense"]
    if not defense:
        return proposal
    worn = tuple(change for change in proposal.worn if change.to != "defense")
    stat = _find_stat(words.defense_stat, words)
    label = stat.label if stat else words.defense_stat
    flats = tuple(change.flat or 0 for change in defense)
    said = ", ".join(f"{flat:+d} {label}" for flat in flats)  # the repair's record, not the note's words
    stats = dict(proposal.stats or ())
    if words.defense_stat not in stats and proposal.like is None and stat is not None:
        total = sum(change.flat or 0 for change in defense)
        value = _stat_value(stat, str(total), book)
        if value is not None:
            stats[stat.id] = value
        took = note("read_proposal.defense_to_stat", flats=flats, label=label, stat=stat.id, value=value)
        book.record("defense-to-stat", said, f"{stat.id}={value}", took)
        return Proposal.model_validate({**proposal.model_dump(), "worn": worn, "stats": tuple(stats.items())})
    if words.defense_stat not in stats:
        return proposal
    beside = note(
        "read_proposal.defense_beside_stat",
        stat=stat.id if stat else label,
        value=stats[words.defense_stat],
        label=label,
        flats=flats,
    )
    book.record("defense-beside-stat", said, "", beside)
    return Proposal.model_validate({**proposal.model_dump(), "worn": worn, "defense_left_out": True})
