"""The word tables for invented items (spec "The Game Master invents items in your words"): "none" words,
how an item binds, effects without a number, and the words for attack and defense.

Invariant: every value is a canonical word ("yes", "cursed", "no"; "advantage", "disadvantage", "fails").
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = ["ATTACK_WORDS", "BINDS_WORDS", "DEFENSE_WORDS", "MODE_WORDS", "NONE_WORDS"]

# "none" for an empty list of tags, stats or slots, or for no worn or carried changes.
NONE_WORDS = frozenset({"none", "nothing", "no", "n/a", "na", "-", "[]", "{}", "empty", "null", "nil"})

BINDS_WORDS: Mapping[str, str] = MappingProxyType(
    {
        **dict.fromkeys(
            ("yes", "y", "true", "bound", "binds", "attune", "attunement", "requires attunement"), "yes"
        ),
        **dict.fromkeys(("cursed", "curse", "curses", "yes cursed", "cursed yes"), "cursed"),
        **dict.fromkeys(("no", "n", "false", "none", "never"), "no"),
    }
)

# Effects without a number: advantage, disadvantage, and "fails" for saves.
MODE_WORDS: Mapping[str, str] = MappingProxyType(
    {
        "advantage": "advantage",
        "adv": "advantage",
        "disadvantage": "disadvantage",
        "disadv": "disadvantage",
        "dis": "disadvantage",
        "fails": "fails",
        "fail": "fails",
        "auto-fail": "fails",
        "auto-fails": "fails",
        "autofail": "fails",
        "automatically fails": "fails",
        "automatically fail": "fails",
    }
)

ATTACK_WORDS = frozenset({"attack", "attacks", "attack roll", "attack rolls", "to hit", "hit", "hitting"})
DEFENSE_WORDS = frozenset({"defense", "defence"})
