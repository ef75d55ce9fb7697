"""The name tables of the normaliser: the longest name, the words that only point at a name, the plurals
no suffix rule undoes, and the words a looser item match ignores.

Invariant: every key is lowercase, and every singular is a plain word (never another plural).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = ["DETERMINERS", "IRREGULAR_SINGULARS", "MAX_NAME", "STOP_WORDS"]

# DESIGN.md "Tags the GM writes": limits, each answered rather than dropped.
MAX_NAME = 120  # names of at most 120 characters

# Words before a name that only point at it ("the hand axes", "his lantern").
DETERMINERS = frozenset(
    {"the", "this", "that", "these", "those", "his", "her", "their", "your", "my", "its", "our"}
)

# Plurals no suffix rule undoes.
IRREGULAR_SINGULARS: Mapping[str, str] = MappingProxyType(
    {
        "knives": "knife",
        "teeth": "tooth",
        "feet": "foot",
        "men": "man",
        "women": "woman",
        "mice": "mouse",
        "geese": "goose",
        "dice": "die",
        "staves": "staff",
        "pennies": "penny",
        "children": "child",
        "oxen": "ox",
    }
)

# Words a looser item match ignores (word order and punctuation are ignored too).
STOP_WORDS = frozenset({"of", "the", "a", "an", "and", "with"})
