"""Counts: numbers in digits or words, read off a ``count=`` value or off the front of a name.

Owns DESIGN.md "Sloppy input": numbers as words ("two", "a dozen") and a count inside the item name
("2 arrows", "a pair of boots", "arrows x3"), and the count limit of "Tags the GM writes" (at most 9,999,
coins excepted).

Invariants:
- A vague amount ("a few", "several") is never turned into a number: it is a ``Problem``.
- ``read_count`` returns an int from 1 to its limit, or a ``Problem``; it never raises.
- ``split_count`` leaves a measure alone ("50 feet of rope" is one rope, not fifty "feet of rope").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tagproc.vocabulary import COUNT_WORDS, MEASURE_WORDS, MULTIPLIER_WORDS, VAGUE_COUNTS

__all__ = ["CountInName", "Problem", "read_count", "read_number", "split_count", "vague_prefix"]

_DIGITS = re.compile(r"[+-]?\d{1,3}(?:,\d{3})+|[+-]?\d+")
_TIMES = re.compile(r"\A(?:[x×]\s*(?P<a>\d+)|(?P<b>\d+)\s*[x×])\Z")
_LEADING_DIGITS = re.compile(r"\A(?P<n>\d{1,3}(?:,\d{3})+|\d+)\s*(?:[x×]\s+|\s+)(?P<rest>\S.*)\Z", re.S)
_TRAILING_COUNT = re.compile(r"\A(?P<rest>.*?\S)\s*(?:[x×]\s*(?P<a>\d+)|\((?P<b>\d+)\))\Z", re.S)
_LONGEST_PHRASE = 5


@dataclass(frozen=True, slots=True)
class Problem:
    """Why a value could not be read: an answer's ``reason`` code and a sentence for its note."""

    reason: str
    detail: str


@dataclass(frozen=True, slots=True)
class CountInName:
    """A count found in a name: how many, the name without it, and the words it was written as."""

    count: int
    rest: str
    phrase: str


def read_number(text: str) -> int | None:
    """A whole number in digits ("12", "1,000", "+3", "-2") or words ("twelve", "a dozen"), else None."""
    cleaned = text.strip().lower()
    digits = _DIGITS.fullmatch(cleaned)
    if digits:
        return int(cleaned.replace(",", ""))
    times = _TIMES.match(cleaned)
    if times:
        return int(times.group("a") or times.group("b"))
    return _read_words(cleaned)


def read_count(text: str, limit: int | None) -> int | Problem:
    """A ``count=`` value: a number from 1 to ``limit`` (no limit for coins)."""
    if is_vague(text):
        return Problem("unreadable", f'"{text}" says no number; write the count.')
    number = read_number(text)
    if number is None:
        return Problem("unreadable", f'count "{text}" is not a number.')
    return check_count(number, limit)


def check_count(number: int, limit: int | None) -> int | Problem:
    """``number`` as a count: refused below 1 and past ``limit``."""
    if number < 1:
        return Problem("bad-count", f"a count is at least 1, not {number}.")
    if limit is not None and number > limit:
        return Problem("count-too-large", f"a count is at most {limit:,}, not {number:,}.")
    return number


def is_vague(text: str) -> bool:
    """Whether ``text`` is an amount that says no number ("a few", "several")."""
    return " ".join(text.lower().split()) in VAGUE_COUNTS


def vague_prefix(name: str) -> str | None:
    """The vague amount a name starts with ("a few arrows" → "a few"), if any."""
    words = name.lower().split()
    for size in range(min(3, len(words) - 1), 0, -1):
        phrase = " ".join(words[:size])
        if phrase in VAGUE_COUNTS:
            return phrase
    return None


def split_count(name: str) -> CountInName | None:
    """The count a name is written with ("2 arrows", "a dozen arrows", "arrows x3"), or None."""
    text = name.strip()
    leading = _LEADING_DIGITS.match(text)
    if leading:
        found = CountInName(
            int(leading.group("n").replace(",", "")), leading.group("rest").strip(), leading.group("n")
        )
        return None if _is_measure(found.rest) else found
    trailing = _TRAILING_COUNT.match(text)
    if trailing:
        return CountInName(int(trailing.group("a") or trailing.group("b")), trailing.group("rest"), text)
    words = text.split()
    for size in range(min(_LONGEST_PHRASE, len(words) - 1), 0, -1):
        phrase_words = words[:size]
        number_words = phrase_words[:-1] if phrase_words[-1].lower() == "of" and size > 1 else phrase_words
        number = _read_words(" ".join(number_words).lower())
        rest = " ".join(words[size:])
        if number is not None and not _is_measure(rest):
            return CountInName(number, rest, " ".join(phrase_words))
    return None


def _is_measure(rest: str) -> bool:
    first = rest.split(maxsplit=1)[0].lower() if rest.strip() else ""
    return first in MEASURE_WORDS


def _read_words(text: str) -> int | None:
    """A number in words: "seven", "twenty-five", "a dozen", "two hundred and fifty"."""
    phrase = " ".join(text.replace("-", " ").split())
    if phrase in COUNT_WORDS:
        return COUNT_WORDS[phrase]
    tokens = [token for token in phrase.split() if token != "and"]
    if not tokens:
        return None
    total = current = 0
    for token in tokens:
        if token in COUNT_WORDS and " " not in token:
            current += COUNT_WORDS[token]
        elif token in MULTIPLIER_WORDS:
            current = (current or 1) * MULTIPLIER_WORDS[token]
            if MULTIPLIER_WORDS[token] >= 1000:
                total, current = total + current, 0
        else:
            return None
    return total + current
