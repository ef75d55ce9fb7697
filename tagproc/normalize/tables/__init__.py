"""Every alias and repair table of the normaliser (DESIGN.md "Sloppy input", STYLE.md "Lenient inside a
written envelope").

The normaliser repairs only what these tables name, and ``tests/test_normalize.py`` is driven by the same
tables, beside a table of inputs that must stay refused. All tables are immutable (tuples, frozensets and
``MappingProxyType``): no mutable globals.

Invariants:
- Keys of every table are lowercase, with single spaces (``normal_word`` form).
- An alias never maps onto another alias: every value is a canonical word.
- Vague amounts ("a few", "several") are never given a number: they stay unreadable (never guess).

The tables live by concern, and every one is importable from here: ``keys`` (which keys a tag, action or
op reads, and their aliases), ``verbs`` (action and op aliases, on/off and new-day words), ``counts``
(limits, numbers as words, vague amounts, measures), ``names`` (determiners, plurals, stop words) and
``proposal`` (the words of invented items).
"""

from __future__ import annotations

from tagproc.normalize.tables.counts import (
    COUNT_WORDS,
    MAX_COINS,
    MAX_COUNT,
    MEASURE_WORDS,
    MULTIPLIER_WORDS,
    VAGUE_COUNTS,
)
from tagproc.normalize.tables.keys import (
    ACTION_KEY_ALIASES,
    ACTION_KEYS,
    ENGINE_KEYS,
    KEY_ALIASES,
    OP_KEYS,
    PROPOSAL_KEYS,
    TAG_KEYS,
)
from tagproc.normalize.tables.names import DETERMINERS, IRREGULAR_SINGULARS, MAX_NAME, STOP_WORDS
from tagproc.normalize.tables.proposal import ATTACK_WORDS, BINDS_WORDS, DEFENSE_WORDS, MODE_WORDS, NONE_WORDS
from tagproc.normalize.tables.verbs import ACTION_ALIASES, DAY_WORDS, OP_ALIASES, STATE_WORDS

__all__ = [
    "ACTION_ALIASES",
    "ACTION_KEYS",
    "ACTION_KEY_ALIASES",
    "ATTACK_WORDS",
    "BINDS_WORDS",
    "COUNT_WORDS",
    "DAY_WORDS",
    "DEFENSE_WORDS",
    "DETERMINERS",
    "ENGINE_KEYS",
    "IRREGULAR_SINGULARS",
    "KEY_ALIASES",
    "MAX_COINS",
    "MAX_COUNT",
    "MAX_NAME",
    "MEASURE_WORDS",
    "MODE_WORDS",
    "MULTIPLIER_WORDS",
    "NONE_WORDS",
    "OP_ALIASES",
    "OP_KEYS",
    "PROPOSAL_KEYS",
    "STATE_WORDS",
    "STOP_WORDS",
    "TAG_KEYS",
    "VAGUE_COUNTS",
]
