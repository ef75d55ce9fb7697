"""Counts: numbers in digits or words, read off a ``count=`` value or off the front of a name.

Owns DESIGN.md "Sloppy input": numbers as words ("two", "twenty-two", "a dozen", "half a dozen", "a pair
of"), number formats ("2.0", "2 (two)", "3 pcs", "x2", "×2", "2x", "*2", "1,000") and a count inside the item
name ("2 arrows", "a pair of boots", "arrows x3", "Torch (x2)", "3 pieces of chalk"), and the count limits of
CONVENTIONS.md §2, each a repair, never a refusal: more than 9 digits is 1, 0 or less is 1, and a count is
capped at 9,999 (coins at 999,999).

Also read (issue 7): punctuation at the edges of a count ("2,", "(2)"), a unit stuck on ("2pcs") and words
after it that do not change it (``COUNT_TAILS``: "two more", "5 of them"); "more" alone stays vague.

Invariants:
- A vague amount ("a few", "several") is never turned into a number: it is a ``Problem``; so is a fraction
  ("2.5") and a number whose two spellings disagree ("2 (three)").
- ``read_count`` returns an int from 1 to its limit, or a ``Problem`` (a count it cannot read as one whole
  number); it never raises. A number it reads is never refused for its size: ``check_count`` holds it.
- ``split_count`` leaves a measure alone ("50 feet of rope" is one rope, not fifty "feet of rope").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tagproc.notes import Note, note
from tagproc.repairs import Repair
from tagproc.vocabulary import (
    COUNT_UNITS,
    COUNT_WORDS,
    MEASURE_WORDS,
    MULTIPLIER_WORDS,
    TIMES_MARKS,
    VAGUE_COUNTS,
)
from tagproc.vocabulary.counts import COUNT_EDGE_PUNCTUATION, COUNT_LEADS, COUNT_TAILS, MAX_COUNT_DIGITS

__all__ = ["CountInName", "Problem", "read_count", "read_number", "split_count", "vague_prefix"]

_X = "[" + "".join(re.escape(mark) for mark in TIMES_MARKS) + "]"
_WHOLE = r"\d{1,3}(?:,\d{3})+|\d+"
_DIGITS = re.compile(rf"[+-]?(?:{_WHOLE})")
_ZERO_FRACTION = re.compile(r"(?P<n>[+-]?\d+)\.0+")
_TIMES = re.compile(rf"\A(?:{_X}\s*(?P<a>\d+)|(?P<b>\d+)\s*{_X})\Z", re.I)
_TWO_SPELLINGS = re.compile(r"\A(?P<a>[^()]+?)\s*\((?P<b>[^()]+)\)\Z")
_LEADING_DIGITS = re.compile(
    rf"\A(?P<n>{_WHOLE})(?:\.0+)?(?:\s*\((?P<w>[a-z -]+)\))?\s*(?:{_X}\s+|\s+)(?P<rest>\S.*)\Z", re.S | re.I
)
_LEADING_TIMES = re.compile(rf"\A{_X}\s*(?P<n>\d+)\s+(?P<rest>\S.*)\Z", re.S | re.I)
_TRAILING_COUNT = re.compile(
    rf"\A(?P<rest>.*?\S)[\s,]*(?:{_X}\s*(?P<a>\d+)|(?P<c>\d+){_X}|\(\s*{_X}?\s*(?P<b>\d+)\s*{_X}?\s*\)"
    r"|(?::|\s-)\s*(?P<d>\d+)|:\s*(?P<v>[a-z][a-z -]*)|\((?P<w>[a-z -]+)\)|\((?P<p>[^()]*\d[^()]*)\))\Z",
    re.S | re.I,
)
_LONGEST_PHRASE = 5
_AGREEING = re.compile(r"\A\((?P<n>\d+)\)\s+(?P<rest>\S.*)\Z")
_STUCK_UNIT = re.compile(r"(?P<n>\d[\d,]*)(?P<unit>[a-z]+)\.?")  # "2pcs"
_BRACKETED_WORDS = re.compile(r"[(\[]([a-z' ]+)[)\]]\s*\Z")  # "2 (more)"
_LEAD = re.compile(
    r"\A(?:"
    + "|".join(re.escape(lead).replace(r"\ ", r"\s+") for lead in COUNT_LEADS)
    + r")\s*[:=]?\s+(?P<n>\S.*)\Z"
)
_TAIL = re.compile(
    r"\A(?P<n>.*?\S)\s+(?:"
    + "|".join(re.escape(tail).replace(r"\ ", r"\s+") for tail in COUNT_TAILS)
    + r")\Z"
)


@dataclass(frozen=True, slots=True)
class Problem:
    """Why a value could not be read: an answer's ``reason`` code and the note that says why."""

    reason: str
    detail: Note


@dataclass(frozen=True, slots=True)
class CountInName:
    """A count found in a name: how many, the name without it, and the words it was written as."""

    count: int
    rest: str
    phrase: str


_THOUSANDS_DOT = re.compile(r"[+-]?\d{1,3}(?:\.\d{3})+")
_BONUS_AT_END = re.compile(r"(?:\(\s*[+-]\d+\s*\)|(?<=\s)[+-]\d+)\s*\Z")
_WORTH = re.compile(r"[^\W\d_]+\.?\s+worth\b", re.IGNORECASE)


def read_number(text: str) -> int | None:
    """A whole number in digits ("12", "1,000", "+3", "-2", "2.0") or words ("twelve", "a dozen", "a pair of"),
    times a mark ("x2", "2x", "×2", "*2"), with a unit ("3 pcs") or in two spellings that agree ("2 (two)");
    else None."""
    cleaned = " ".join(text.strip().lower().split())
    plain = _plain_number(cleaned)
    if plain is not None:
        return plain
    if _THOUSANDS_DOT.fullmatch(cleaned):  # "1.000": one, or a thousand written the European way?
        return None
    two = _TWO_SPELLINGS.match(cleaned)
    if two:
        first, second = _one_number(two.group("a")), _one_number(two.group("b"))
        return first if first is not None and first == second else None
    return _one_number(cleaned)


def _plain_number(cleaned: str) -> int | None:
    """The two commonest forms, read at once as ``read_number`` reads them the long way: plain digits ("12")
    and one number word ("three"); neither can be a European thousand, two spellings, a unit or a times
    mark. None for any other text."""
    if cleaned.isascii() and cleaned.isdigit():
        return int(cleaned)
    if cleaned.isalpha() and cleaned in COUNT_WORDS:
        return COUNT_WORDS[cleaned]
    return None


def read_count(
    text: str, limit: int | None, repairs: list[Repair] | None = None, notes: list[Note] | None = None
) -> int | Problem:
    """A ``count=`` value: a number held from 1 to ``limit`` (no limit: only the too-many-digits and
    below-one rules of ``check_count``); a form other than plain digits, and each change ``check_count``
    makes, is recorded in ``repairs`` (and said in ``notes``) when given."""
    if is_vague(text):
        return Problem("unreadable", note("read_counts.vague", text=text))
    number = read_number(text)
    if number is None:
        number = _loose_count(text)
    if number is None:
        return Problem("unreadable", note("read_counts.not_a_number", text=text))
    if repairs is not None and not text.strip().isdigit():
        repairs.append(Repair("count-form", text, str(number)))
    return check_count(number, limit, [] if repairs is None else repairs, [] if notes is None else notes)


def _loose_count(text: str) -> int | None:
    """A count with punctuation at its edges ("2,") or words after it that do not change it ("two more",
    "5 of them"); the number before them must read on its own."""
    cleaned = " ".join(text.lower().split()).strip(COUNT_EDGE_PUNCTUATION)
    if (number := read_number(cleaned)) is not None:
        return number
    lead = _LEAD.match(cleaned)
    if lead is not None:
        cleaned = lead.group("n").strip(COUNT_EDGE_PUNCTUATION)
        if (number := read_number(cleaned)) is not None:
            return number
    tail = _TAIL.match(
        _BRACKETED_WORDS.sub(r"\1", " ".join(text.lower().split())).strip(COUNT_EDGE_PUNCTUATION)
    )
    if tail is not None and not is_vague(tail.group("n")):
        return read_number(tail.group("n").strip(COUNT_EDGE_PUNCTUATION))
    return None


def check_count(number: int, limit: int | None, repairs: list[Repair], notes: list[Note]) -> int:
    """``number`` as a count (CONVENTIONS.md §2), never refused: more than ``MAX_COUNT_DIGITS`` digits is 1,
    0 or less is 1, past ``limit`` is ``limit``; each change a ``Repair`` in ``repairs`` and a note in
    ``notes`` (``read_counts.*``)."""
    if len(str(abs(number))) > MAX_COUNT_DIGITS:
        repairs.append(Repair("count-too-many-digits", str(number), "1"))
        notes.append(note("read_counts.too_many_digits", number=number, digits=MAX_COUNT_DIGITS))
        return 1
    if number < 1:
        repairs.append(Repair("count-below-one", str(number), "1"))
        notes.append(note("read_counts.below_one", number=number))
        return 1
    if limit is not None and number > limit:
        repairs.append(Repair("count-capped", str(number), str(limit)))
        notes.append(note("read_counts.capped", number=number, limit=limit))
        return limit
    return number


def is_vague(text: str) -> bool:
    """Whether ``text`` is an amount that says no number ("a few", "several")."""
    return " ".join(text.lower().split()) in VAGUE_COUNTS


# No number word, multiplier or vague amount starts with a digit: a name that does starts with none of them.
_DIGIT_LED = any(word[:1].isdigit() for word in (*COUNT_WORDS, *MULTIPLIER_WORDS, *VAGUE_COUNTS))


def vague_prefix(name: str) -> str | None:
    """The vague amount a name starts with ("a few arrows" → "a few"), if any."""
    words = name.lower().split()
    if words and words[0].isascii() and words[0].isdigit() and not _DIGIT_LED:
        return None  # "2 arrows": digits first, so no words of the tables first
    for size in range(min(_LONGEST_PHRASE, len(words) - 1), 1, -1):
        if _read_words(" ".join(words[:size])) is not None:
            return None  # "half a dozen" is a number, though "half" alone says none
    for size in range(min(3, len(words) - 1), 0, -1):
        phrase = " ".join(words[:size])
        if phrase in VAGUE_COUNTS:
            return phrase
    return None


def split_count(name: str) -> CountInName | None:
    """The count a name is written with ("2 arrows", "a dozen arrows", "arrows x3", "*2 torches"), or None.

    A unit after the count goes with it ("3 pcs torch", "3 pieces of chalk" → 3 and "chalk").
    """
    text = name.strip()
    plain = _plain_split(text)
    if plain is not None:
        return plain
    found = _split_count(text)
    if found is None:
        return None
    rest = _without_unit(found.rest)
    return CountInName(found.count, rest, found.phrase) if rest != found.rest else found


def _plain_split(text: str) -> CountInName | None:
    """ "2 warming tonics": digits, one space and words of letters (one space apart), read at once as
    ``_split_count`` reads them: no bonus, times mark, spelling in brackets, "worth", measure or unit there
    to read, so the count is the digits and the rest the words. None for any other text."""
    digits, _, rest = text.partition(" ")
    if not (digits.isascii() and digits.isdigit() and rest.replace(" ", "").isalpha()):
        return None
    words = rest.split(" ")
    first = words[0].lower()
    if (
        "" in words
        or first in TIMES_MARKS
        or first in MEASURE_WORDS
        or first in COUNT_UNITS
        or (len(words) > 1 and words[1].lower() == "worth")
    ):
        return None
    return CountInName(int(digits), rest, digits)


def _split_count(text: str) -> CountInName | None:
    if _BONUS_AT_END.search(text):  # "Longsword (+1)", "Longsword +1": a bonus, not how many
        return None
    leading = _LEADING_DIGITS.match(text) or _LEADING_TIMES.match(text)
    if leading:
        count = int(leading.group("n").replace(",", ""))
        spelled = leading.groupdict().get("w")
        if spelled is not None and _read_words(spelled.strip()) != count:
            return None
        rest = leading.group("rest").strip()
        again = _AGREEING.match(rest)
        if again is not None and int(again.group("n")) == count:
            rest = again.group("rest")  # "two (2) torches"
        found = CountInName(count, rest, leading.group("n"))
        if _WORTH.match(found.rest):  # "50 gp worth of gems": a value, not fifty of anything
            return None
        return None if _is_measure(found.rest) else found
    trailing = _TRAILING_COUNT.match(text)
    if trailing:
        digits = trailing.group("a") or trailing.group("b") or trailing.group("c") or trailing.group("d")
        words = trailing.group("w") or trailing.group("v")
        if digits:
            number: int | None = int(digits)
        elif words:
            number = _read_words(words.strip().lower())
        else:  # "(qty 2)", "(2 more)": a count in brackets with words that do not change it
            number = _loose_count(trailing.group("p"))
        rest = trailing.group("rest").rstrip(",;:").rstrip()
        if number is not None and rest:
            return CountInName(number, rest, text)
    words = text.split()
    for size in range(min(_LONGEST_PHRASE, len(words) - 1), 0, -1):
        phrase_words = words[:size]
        number_words = phrase_words[:-1] if phrase_words[-1].lower() == "of" and size > 1 else phrase_words
        number = _read_words(" ".join(number_words).lower())
        rest = " ".join(words[size:])
        again = _AGREEING.match(rest)
        if number is not None and again is not None and int(again.group("n")) == number:
            rest = again.group("rest")  # "two (2) torches"
        if number is not None and not _is_measure(rest):
            return CountInName(number, rest, " ".join(phrase_words))
    return None


def _one_number(text: str) -> int | None:
    digits = _DIGITS.fullmatch(text)
    if digits:
        return int(text.replace(",", ""))
    zero = _ZERO_FRACTION.fullmatch(text)
    if zero:
        return int(zero.group("n"))
    times = _TIMES.match(text)
    if times:
        return int(times.group("a") or times.group("b"))
    stuck = _STUCK_UNIT.fullmatch(text)
    if stuck is not None and stuck.group("unit") in COUNT_UNITS:
        return _one_number(stuck.group("n"))
    words = text.split()
    if len(words) > 1 and words[-1] in COUNT_UNITS:
        return _one_number(" ".join(words[:-1]))
    if len(words) > 1 and words[-1] == "of":
        return _read_words(" ".join(words[:-1]))
    return _read_words(text)


def _without_unit(rest: str) -> str:
    """``rest`` less a unit that only says the count counts things ("pcs torch", "pieces of chalk")."""
    words = rest.split()
    if len(words) > 1 and words[0].lower() in COUNT_UNITS:
        words = words[1:]
        if len(words) > 1 and words[0].lower() == "of":
            words = words[1:]
    return " ".join(words)


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
