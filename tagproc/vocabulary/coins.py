"""The coin words of the normaliser: what a written coin name may add to or change in a ruleset's coin names,
the words that wrap an amount without changing it, and the hedges that make an amount unreadable
(DESIGN.md "Sloppy input": coin words, amounts wrapped in words; spec "Money").

A coin is still found by the ruleset's own names (id, ``label``, ``one``); these tables only say which
written forms are tried on the way there ("gold coins" → "gold pieces", "pence" → "pennies", "pinches of
salt" → "pinches").

Invariants: every entry is lowercase with single spaces; a hedge ("about", "each") is never dropped, so an
amount with one is refused, never guessed; no filler carries a number.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = [
    "AMOUNT_ASIDE_WORDS",
    "AMOUNT_FILLERS_AFTER",
    "AMOUNT_FILLERS_BEFORE",
    "AMOUNT_HEDGES",
    "COIN_JOINERS",
    "COIN_MATERIALS",
    "COIN_NOUNS",
    "COIN_SYNONYMS",
    "PENCE_WORDS",
]

# Words after a coin's name that only say it is coin ("gold coins", "silver pieces", "2 gold pcs"): dropped,
# or put in place of one another, to find the ruleset's name.
COIN_NOUNS = ("coins", "coin", "pieces", "piece", "pcs", "pc")

# Written coin words that no plural rule reaches, as the name the rulesets use.
# A ruleset without the coin never finds the name it stands for, so "5 s" in a game of gold pieces stays
# unknown: the short names of old British money ("1s 6d", "5p") only reach a ruleset that has shillings and
# pennies, and "sov" only one with sovereigns.
COIN_SYNONYMS: Mapping[str, str] = MappingProxyType(
    {
        "pence": "pennies",
        "pennys": "pennies",
        "p": "pennies",
        "d": "pennies",
        "s": "shillings",
        "bob": "shillings",
        "sov": "sovereigns",
        "sovs": "sovereigns",
    }
)

# One word for a number of pennies (old British money): "eightpence" is 8 pennies, "tuppence" 2.
PENCE_WORDS: Mapping[str, int] = MappingProxyType(
    {
        "tuppence": 2,
        "twopence": 2,
        "thruppence": 3,
        "threepence": 3,
        "fourpence": 4,
        "fivepence": 5,
        "sixpence": 6,
        "sevenpence": 7,
        "eightpence": 8,
        "ninepence": 9,
        "tenpence": 10,
        "elevenpence": 11,
    }
)

# What a currency is made of, as a word around a coin's own name: dropped when what is left is a coin
# ("pinches of salt" and "salt pinches" are pinches; "coins of silver" is silver coins).
COIN_MATERIALS = frozenset(
    {"salt", "gold", "silver", "copper", "bronze", "brass", "iron", "electrum", "platinum", "coin", "coins"}
)

# Between the coins of a compound amount ("1 crown, 4 shillings", "2 gp and 5 sp", "1 crown plus 6").
COIN_JOINERS = (",", ";", "+", "&", "and", "plus")

# Words around an amount that do not change it ("a total of 5 gp", "5 gp worth", "three shillings, please").
AMOUNT_FILLERS_BEFORE = (
    "a total of",
    "total of",
    "in total",
    "the total of",
    "the sum of",
    "a sum of",
    "sum of",
    "a payment of",
    "a fee of",
    "the price of",
    "the fee of",
    "total",
    "exactly",
    "just",
    "only",
)
AMOUNT_FILLERS_AFTER = (
    "if you please",
    "if you would",
    "if you will",
    "please",
    "thanks",
    "thank you",
    "worth",
    "worth of coin",
    "in total",
    "total",
    "in all",
    "altogether",
    "in coin",
    "in coins",
    "in cash",
    "exactly",
    "flat",
    "even",
    "only",
)

# Words that open an aside after an amount, saying what it is for ("9 sp (for the rope)", "5 gp for the room",
# "3 marks, as a tip"): left out and said, only when the aside names no number, coin, member or "not".
AMOUNT_ASIDE_WORDS = ("for", "as", "towards", "toward", "because", "since")

# Words that make an amount say no one number: refused, never guessed ("about 5 gp", "5 gp each").
AMOUNT_HEDGES = frozenset(
    {
        "each",
        "apiece",
        "per",
        "a piece",
        "or",
        "about",
        "around",
        "roughly",
        "approximately",
        "approx",
        "maybe",
        "perhaps",
        "up to",
        "at least",
        "at most",
        "nearly",
        "almost",
        "over",
        "under",
        "more than",
        "less than",
        "or so",
        "ish",
        "some",
        "or more",
    }
)
