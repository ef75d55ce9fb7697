"""The number tables of the normaliser: the count limits, numbers as words, multipliers, the vague amounts
that stay unreadable, the measures that are not counts, the words a count may carry ("3 pcs") and the marks
of a count written as a multiplication ("x2", "×2", "*2") (DESIGN.md "Sloppy input").

Invariants: vague amounts ("a few", "several") are never given a number; a count is at most MAX_COUNT,
coins excepted, which are capped at MAX_COINS.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = [
    "COUNT_EDGE_PUNCTUATION",
    "COUNT_LEADS",
    "COUNT_TAILS",
    "COUNT_UNITS",
    "COUNT_WORDS",
    "MAX_COINS",
    "MAX_COUNT",
    "MAX_COUNT_DIGITS",
    "MEASURE_WORDS",
    "MORE_WORDS",
    "MULTIPLIER_WORDS",
    "TIMES_MARKS",
    "VAGUE_COUNTS",
]

# DESIGN.md "Tags the GM writes": limits, each answered rather than dropped.
# CONVENTIONS.md §2: a count is capped (not refused) at 9,999, a pay or earn at 999,999; a count of more
# than 9 digits is 1 (as is 0 or less).
MAX_COUNT = 9_999  # a count of at most 9,999 (coins excepted)
MAX_COINS = 999_999  # a coin count (pay, earn, coins added) of at most 999,999
MAX_COUNT_DIGITS = 9  # a count written with more digits than this is 1

# Numbers as words (DESIGN.md "Sloppy input": "two", "a dozen").
COUNT_WORDS: Mapping[str, int] = MappingProxyType(
    {
        "zero": 0,
        "one": 1,
        "a": 1,
        "an": 1,
        "single": 1,
        "a single": 1,
        "two": 2,
        "three": 3,
        "four": 4,
        "five": 5,
        "six": 6,
        "seven": 7,
        "eight": 8,
        "nine": 9,
        "ten": 10,
        "eleven": 11,
        "twelve": 12,
        "thirteen": 13,
        "fourteen": 14,
        "fifteen": 15,
        "sixteen": 16,
        "seventeen": 17,
        "eighteen": 18,
        "nineteen": 19,
        "twenty": 20,
        "thirty": 30,
        "forty": 40,
        "fifty": 50,
        "sixty": 60,
        "seventy": 70,
        "eighty": 80,
        "ninety": 90,
        "a couple": 2,
        "couple": 2,
        "a pair": 2,
        "pair": 2,
        "both": 2,
        "half a dozen": 6,
    }
)
MULTIPLIER_WORDS: Mapping[str, int] = MappingProxyType(
    {"dozen": 12, "score": 20, "hundred": 100, "thousand": 1000}
)

# Amounts no number can be read from: refused as unreadable, never guessed.
VAGUE_COUNTS = frozenset(
    {
        "a few",
        "few",
        "several",
        "some",
        "lots",
        "lots of",
        "a lot",
        "a lot of",
        "many",
        "a handful",
        "a handful of",
        "a bunch",
        "a bunch of",
        "plenty",
        "plenty of",
        "numerous",
        "various",
        "all",
        "all of",
        "all the",
        "every",
        "more",
        "all remaining",
        "half",
        "a number of",
    }
)

# After a number these are a measure, not a count ("50 feet of rope" is one rope).
MEASURE_WORDS = frozenset(
    {"foot", "feet", "ft", "pound", "pounds", "lb", "lbs", "gallon", "gallons", "pint", "pints"}
)

# Words after a number that only say it counts things ("3 pcs", "3 pieces of chalk"): the count stays.
COUNT_UNITS = frozenset({"pcs", "pc", "pieces", "piece", "items", "units", "unit", "count", "qty", "nos"})

# Words after a count that do not change it ("two more", "5 of them", "3 in all"): dropped when what is left
# is a number. "more" alone stays vague, and "all of them" says no number.
COUNT_TAILS = (
    "more",
    "of them",
    "of those",
    "of these",
    "of it",
    "of 'em",
    "of em",
    "in all",
    "in total",
    "total",
    "altogether",
    "extra",
    "additional",
    "new",
)

# Words between a count and an item's name that only say the count adds to some already there ("2 more
# torches", "three extra arrows"): dropped from the name. A name that is only such a word ("2 more") names no
# item and is refused.
MORE_WORDS = frozenset({"more", "extra", "additional", "further", "another"})

# Words before a count that do not change it ("another 2", "qty 2", "count: 2").
COUNT_LEADS = ("another", "an extra", "qty", "quantity", "count", "amount", "number")

# Punctuation a count value may end or start with and still be the number ("2,", "3.", "(2)").
COUNT_EDGE_PUNCTUATION = " \t,;:.!?\"'`()[]"

# A count written as a multiplication, before or after the number ("x2", "2x", "×2", "*2").
TIMES_MARKS = ("x", "\u00d7", "*")
