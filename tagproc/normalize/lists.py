"""Item lists: the names one ``items=`` (or ``item=``) value holds, in the order written.

Owns how a written list is cut into names (DESIGN.md "Tags the GM writes": ``items`` comma-separated, one
answer per item; issue 7 "item lists"). First the entries of a list as lines: line breaks (a JSON list
arrives joined by line breaks), bullets ("- Rope", "• Torch") and numbers ("1. Rope 2. Torch"), each with
its mark dropped. Then, inside an entry, the joiners of ``_JOINERS`` (comma, semicolon, "and", "&"; never a thousands comma) —
except where the pieces together are one ruleset item's own name, the longest first ("Rope, hempen (50
feet), Torch" is two items), or a name of ``PAIRED_NAMES`` ("flint and steel"). A piece of only harmless
words goes with a name: the one after it when it opens with an article ("an old, notched hand axe"), else
the one before ("Letter, sealed"); a piece of only a count ("Torch, x2") with the name before it.

``item=`` is read the same way, except that "and" splits it only when every piece is then a ruleset item or
coin ("bread and cheese" stays one plain name; "Torch and Hand axe" is two): a single item's key more often
holds a name with "and" in it than a list.

Invariants:
- The names come out stripped, non-empty and in the order written; nothing written is dropped but the
  list marks and the joiners.
- A value with no list mark and no joiner is one name, untouched.
"""

from __future__ import annotations

import re

from tagproc.names import ItemNames
from tagproc.normalize.counts import read_number
from tagproc.normalize.items import names_one_item
from tagproc.repairs import Repair
from tagproc.vocabulary import (
    COUNT_WORDS,
    DETERMINERS,
    HARMLESS_ADJECTIVES,
    LIST_BULLETS,
    NEGATIONS,
    PAIRED_NAMES,
)

__all__ = ["split_items"]

_BULLET = "|".join(re.escape(mark) for mark in LIST_BULLETS)
_LEADING_BULLET = re.compile(rf"\A(?:{_BULLET})\s+")
_LEADING_NUMBER = re.compile(r"\A\(?\d{1,2}[.)]\s+")
_INNER_NUMBER = re.compile(r"\s+\(?\d{1,2}[.)]\s+")
# A comma (not a thousands comma: "1,000 ball bearings"), a semicolon, "and" or "&", with the spaces around.
_JOINERS = re.compile(r"(\s*(?:,(?!\d{3}(?!\d))|;)\s*(?:and\s+|&\s+)?|\s+and\s+|\s*&\s*)", re.I)
_COMMAS = re.compile(r"(\s*(?:,(?!\d{3}(?!\d))|;)\s*)")
_LONGEST_NAME = 4  # pieces one label may span: "Ammunition, +1, +2, or +3"
_ONLY_WORDS = HARMLESS_ADJECTIVES | DETERMINERS | {"a", "an", "and"}


_HEDGE_WORDS = NEGATIONS | {"more", "less", "so", "any", "etc", "else", "something", "like", "that"}
_ARTICLE_COUNTS = frozenset({"a", "an", "one", "single", "couple", "pair"})


def split_items(text: str, names: ItemNames, *, and_splits: bool, repairs: list[Repair]) -> list[str]:
    """The names ``text`` lists; records one ``items-split`` repair when it holds more than one."""
    found: list[str] = []
    for entry in _entries(text):
        found += _split_entry(entry, names, and_splits=and_splits)
    if len(found) > 1:
        repairs.append(Repair("items-split", text, " | ".join(found)))
    return found


def _entries(text: str) -> list[str]:
    """The lines of a list, each less its bullet or number; inline bullets and numbers split too."""
    entries: list[str] = []
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        bullet = _LEADING_BULLET.match(line)
        number = _LEADING_NUMBER.match(line)
        if bullet:
            mark = re.escape(bullet.group().strip())
            entries += re.split(rf"\s+{mark}\s+", line[bullet.end() :])
        elif number:
            entries += _INNER_NUMBER.split(line[number.end() :])
        else:
            entries.append(line)
    return [entry.strip() for entry in entries if entry.strip()]


def _split_entry(entry: str, names: ItemNames, *, and_splits: bool) -> list[str]:
    if not _may_join(entry) or _JOINERS.search(entry) is None:
        return [entry]  # no joiner: one name, untouched (and no name looked up to say so)
    if _is_one(entry, names):
        return [entry]
    pieces = _longest_names(_JOINERS.split(entry) if and_splits else _COMMAS.split(entry), names)
    if not and_splits:
        pieces = [part for piece in pieces for part in _and_parts(piece, names)]
    return _merged(pieces)


def _may_join(entry: str) -> bool:
    """Whether ``entry`` may hold a joiner (``_JOINERS``): each holds ",", ";", "&" or "and" in some case. Said
    by C substring searches first, since the pattern, which may start with spaces, is tried at every position."""
    return "," in entry or ";" in entry or "&" in entry or "and" in entry.lower()


def _longest_names(atoms: list[str], names: ItemNames) -> list[str]:
    """``atoms`` (names and the joiners between them) as names, joined back where they are one item's name."""
    words, joiners = atoms[0::2], atoms[1::2]
    pieces: list[str] = []
    start = 0
    while start < len(words):
        end = min(len(words), start + _LONGEST_NAME)
        while end > start + 1:
            # A piece of only description or a count is no part of a label ("black candle, an old").
            described = any(_is_only_words(word) or _is_only_count(word) for word in words[start:end])
            if not described and _is_one(_joined(words, joiners, start, end), names):
                break
            end -= 1
        pieces.append(_joined(words, joiners, start, end).strip())
        start = end
    return [piece for piece in pieces if piece]


def _and_parts(piece: str, names: ItemNames) -> list[str]:
    """``item=``'s "and": a split only when every part is a ruleset item or coin."""
    atoms = _JOINERS.split(piece)
    parts = [part.strip() for part in atoms[0::2] if part.strip()]
    if len(parts) > 1 and all(names_one_item(part, names) for part in parts):
        return parts
    return [piece]


def _merged(pieces: list[str]) -> list[str]:
    """Pieces of only harmless words go with a name: the next one after an article ("an old, notched hand
    axe"), else the one before ("Letter, sealed"); pieces of only a count with the one before ("Torch, x2")."""
    merged: list[str] = []
    waiting: list[str] = []
    for piece in pieces:
        if merged and _is_hedge(piece):  # "3 pennies, maybe more": the hedge goes with (and refuses) its name
            merged[-1] = f"{merged[-1]}, {piece}"
            continue
        if _is_only_words(piece):
            if merged and not waiting and not _starts_with_article(piece):
                merged[-1] = f"{merged[-1]}, {piece}"
            else:
                waiting.append(piece)
            continue
        if _is_only_count(piece) and merged and not waiting:
            merged[-1] = f"{merged[-1]} ({piece.strip().strip('()')})"
            continue
        merged.append(", ".join([*waiting, piece]))
        waiting = []
    if waiting:
        if merged:
            merged[-1] = ", ".join([merged[-1], *waiting])
        else:
            merged.append(", ".join(waiting))
    return merged


def _starts_with_article(piece: str) -> bool:
    first = piece.split(maxsplit=1)[0].lower() if piece.strip() else ""
    return first in ("a", "an", "the") or first in DETERMINERS


def _is_one(text: str, names: ItemNames) -> bool:
    return " ".join(text.lower().split()) in PAIRED_NAMES or names_one_item(text, names)


def _is_only_words(piece: str) -> bool:
    """A piece of harmless adjectives, perhaps after an article ("an old"), and nothing else."""
    chunks = [kept for chunk in piece.lower().split() if (kept := chunk.strip(".!?\"'"))]
    return any(chunk in HARMLESS_ADJECTIVES for chunk in chunks) and all(
        chunk in _ONLY_WORDS for chunk in chunks
    )


def _is_hedge(piece: str) -> bool:
    """A piece that only hedges the one before it ("maybe more", "or so", "if any")."""
    words = [word.strip(".!?\"'") for word in piece.lower().split()]
    return bool(words) and all(word in _HEDGE_WORDS for word in words) and any(w in NEGATIONS for w in words)


def _is_only_count(piece: str) -> bool:
    stripped = piece.strip().strip("()")
    # "+1" is a bonus ("Ammunition, +1"), and "a" an article: neither is a count on its own.
    lowered = stripped.lower()
    spelled = lowered in COUNT_WORDS and lowered not in _ARTICLE_COUNTS  # "three" is a count, "a" is not
    return (
        read_number(stripped) is not None
        and (spelled or lowered not in COUNT_WORDS)
        and stripped[:1] not in "+-"
    )


def _joined(words: list[str], joiners: list[str], start: int, end: int) -> str:
    text = words[start]
    for at in range(start + 1, end):
        text += joiners[at - 1] + words[at]
    return text
