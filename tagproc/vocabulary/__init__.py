"""The one vocabulary: every name, alias and repair table the scanner, the reader and the normaliser read
(DESIGN.md "Sloppy input", STYLE.md "One vocabulary" and "Lenient inside a written envelope").

The normaliser repairs only what these tables name, and ``tests/test_normalize.py`` is driven by the same
tables, beside a table of inputs that must stay refused. All tables are immutable (tuples, frozensets and
``MappingProxyType``): no mutable globals.

Invariants:
- Keys of every table are lowercase, with single spaces (``normal_word`` form).
- An alias never maps onto another alias: every value is a canonical word.
- Vague amounts ("a few", "several") are never given a number: they stay unreadable (never guess).

The tables live by concern, and every one is importable from here: ``tags`` (tag names, the keys only
the engine writes, tag-name aliases, brackets and heads, quote characters), ``keys`` (which keys a tag, action or
op reads, and their aliases), ``verbs`` (action and op aliases, on/off and new-day words), ``counts``
(limits, numbers as words, vague amounts, measures), ``nouns`` (determiners, plurals, stop words) and
``proposal`` (the words of invented items).
"""

from __future__ import annotations

from tagproc.vocabulary.counts import (
    COUNT_WORDS,
    MAX_COINS,
    MAX_COUNT,
    MEASURE_WORDS,
    MULTIPLIER_WORDS,
    VAGUE_COUNTS,
)
from tagproc.vocabulary.keys import (
    ACTION_KEY_ALIASES,
    ACTION_KEYS,
    ENGINE_KEYS,
    KEY_ALIASES,
    OP_KEYS,
    PROPOSAL_KEYS,
    TAG_KEYS,
)
from tagproc.vocabulary.nouns import DETERMINERS, IRREGULAR_SINGULARS, MAX_NAME, STOP_WORDS
from tagproc.vocabulary.proposal import ATTACK_WORDS, BINDS_WORDS, DEFENSE_WORDS, MODE_WORDS, NONE_WORDS
from tagproc.vocabulary.tags import (
    BARE_WORD_KEY,
    BRACKET_PAIRS,
    HEAD_COLONS,
    HEAD_SEPARATORS,
    HEAD_WORDS,
    OUTCOME_KEYS,
    QUOTE_REPAIRS,
    SQUARE_BRACKETS,
    STRIKE,
    TAG_ALIASES,
    TAG_NAMES,
    VERB_KEY,
    WRAP_QUOTES,
)
from tagproc.vocabulary.verbs import ACTION_ALIASES, DAY_WORDS, OP_ALIASES, STATE_WORDS

__all__ = [
    "ACTION_ALIASES",
    "ACTION_KEYS",
    "ACTION_KEY_ALIASES",
    "ATTACK_WORDS",
    "BARE_WORD_KEY",
    "BINDS_WORDS",
    "BRACKET_PAIRS",
    "COUNT_WORDS",
    "DAY_WORDS",
    "DEFENSE_WORDS",
    "DETERMINERS",
    "ENGINE_KEYS",
    "HEAD_COLONS",
    "HEAD_SEPARATORS",
    "HEAD_WORDS",
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
    "OUTCOME_KEYS",
    "PROPOSAL_KEYS",
    "QUOTE_REPAIRS",
    "SQUARE_BRACKETS",
    "STATE_WORDS",
    "STOP_WORDS",
    "STRIKE",
    "TAG_ALIASES",
    "TAG_KEYS",
    "TAG_NAMES",
    "VAGUE_COUNTS",
    "VERB_KEY",
    "WRAP_QUOTES",
]
