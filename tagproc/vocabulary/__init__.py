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
(limits, numbers as words, vague amounts, measures, count units), ``nouns`` (determiners, plurals, stop
words, harmless adjectives, list marks), ``coins`` (coin words, amount fillers and hedges), ``spelling``
(British and US spellings) and ``proposal`` (the words of invented items).
(limits, numbers as words, vague amounts, measures), ``nouns`` (determiners, plurals, stop words) and
``proposal`` (the words of invented items) and ``phrases`` (the small words of a keyless body, the
party's and health's words, amount units and the words that name no place).
"""

from __future__ import annotations

from tagproc.vocabulary.coins import (
    AMOUNT_FILLERS_AFTER,
    AMOUNT_FILLERS_BEFORE,
    AMOUNT_HEDGES,
    COIN_JOINERS,
    COIN_MATERIALS,
    COIN_NOUNS,
    COIN_SYNONYMS,
)
from tagproc.vocabulary.counts import (
    COUNT_UNITS,
    COUNT_WORDS,
    MAX_COINS,
    MAX_COUNT,
    MEASURE_WORDS,
    MULTIPLIER_WORDS,
    TIMES_MARKS,
    VAGUE_COUNTS,
)
from tagproc.vocabulary.keys import (
    ACTION_KEY_ALIASES,
    ACTION_KEYS,
    COUNT_KEY_PREFIXES,
    DISTRIBUTIVE_KEYS,
    ENGINE_KEYS,
    KEY_ALIASES,
    KEY_PARTS,
    KEY_SUFFIXES,
    OP_KEY_ALIASES,
    OP_KEYS,
    PERSON_KEYS,
    PROPOSAL_KEYS,
    RISKY_VALUES,
    TAG_KEYS,
)
from tagproc.vocabulary.nouns import (
    DETERMINERS,
    HARMLESS_ADJECTIVES,
    IRREGULAR_SINGULARS,
    LIST_BULLETS,
    MAX_NAME,
    PAIRED_NAMES,
    STOP_WORDS,
)
from tagproc.vocabulary.phrases import (
    AMOUNT_UNITS,
    ARTICLES,
    ASIDE_MARKS,
    BAG_WORDS,
    EVERYONE_WORDS,
    FREE_FILLERS,
    FREE_SHEET_READS,
    FREE_SLOTS,
    HEALTH_NAMES,
    HEALTH_WORDS,
    ITEM_TAIL_WORDS,
    NEGATIONS,
    PARTY_WHO,
    PARTY_WORDS,
    PLACE_NON_NAMES,
    PLACE_SIZE_SEPARATORS,
    PLAYER_WORDS,
    PREPOSITIONS,
    SIGN_ACTIONS,
    SIGN_OPS,
)
from tagproc.vocabulary.proposal import ATTACK_WORDS, BINDS_WORDS, DEFENSE_WORDS, MODE_WORDS, NONE_WORDS
from tagproc.vocabulary.spelling import KEY_NEIGHBOURS, SPELLINGS, VOWELS
from tagproc.vocabulary.tags import (
    BARE_WORD_KEY,
    BRACKET_PAIRS,
    HEAD_CALL,
    HEAD_COLONS,
    HEAD_SEPARATORS,
    HEAD_SYMBOLS,
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
from tagproc.vocabulary.verbs import (
    ACTION_ALIASES,
    ACTION_TRAILERS,
    DAY_WORDS,
    DRUNK_WORDS,
    KEYED_ACTION_TRAILERS,
    NOT_NEW_DAY_WORDS,
    OP_ALIASES,
    OP_BY_KEY,
    OP_TRAILERS,
    REFUSED_ACTIONS,
    REFUSED_OPS,
    STATE_WORDS,
    USE_OR_ADD,
    VERB_FORMS,
    VERB_PARTICLES,
)

__all__ = [
    "ACTION_ALIASES",
    "ACTION_KEYS",
    "ACTION_KEY_ALIASES",
    "ACTION_TRAILERS",
    "AMOUNT_FILLERS_AFTER",
    "AMOUNT_FILLERS_BEFORE",
    "AMOUNT_HEDGES",
    "AMOUNT_UNITS",
    "ARTICLES",
    "ASIDE_MARKS",
    "ATTACK_WORDS",
    "BAG_WORDS",
    "BARE_WORD_KEY",
    "BINDS_WORDS",
    "BRACKET_PAIRS",
    "COIN_JOINERS",
    "COIN_MATERIALS",
    "COIN_NOUNS",
    "COIN_SYNONYMS",
    "COUNT_KEY_PREFIXES",
    "COUNT_UNITS",
    "COUNT_WORDS",
    "DAY_WORDS",
    "DEFENSE_WORDS",
    "DETERMINERS",
    "DISTRIBUTIVE_KEYS",
    "DRUNK_WORDS",
    "ENGINE_KEYS",
    "EVERYONE_WORDS",
    "FREE_FILLERS",
    "FREE_SHEET_READS",
    "FREE_SLOTS",
    "HARMLESS_ADJECTIVES",
    "HEAD_CALL",
    "HEAD_COLONS",
    "HEAD_SEPARATORS",
    "HEAD_SYMBOLS",
    "HEAD_WORDS",
    "HEALTH_NAMES",
    "HEALTH_WORDS",
    "IRREGULAR_SINGULARS",
    "ITEM_TAIL_WORDS",
    "KEYED_ACTION_TRAILERS",
    "KEY_ALIASES",
    "KEY_NEIGHBOURS",
    "KEY_PARTS",
    "KEY_SUFFIXES",
    "LIST_BULLETS",
    "MAX_COINS",
    "MAX_COUNT",
    "MAX_NAME",
    "MEASURE_WORDS",
    "MODE_WORDS",
    "MULTIPLIER_WORDS",
    "NEGATIONS",
    "NONE_WORDS",
    "NOT_NEW_DAY_WORDS",
    "OP_ALIASES",
    "OP_BY_KEY",
    "OP_KEYS",
    "OP_KEY_ALIASES",
    "OP_TRAILERS",
    "OUTCOME_KEYS",
    "PAIRED_NAMES",
    "PARTY_WHO",
    "PARTY_WORDS",
    "PERSON_KEYS",
    "PLACE_NON_NAMES",
    "PLACE_SIZE_SEPARATORS",
    "PLAYER_WORDS",
    "PREPOSITIONS",
    "PROPOSAL_KEYS",
    "QUOTE_REPAIRS",
    "REFUSED_ACTIONS",
    "REFUSED_OPS",
    "RISKY_VALUES",
    "SIGN_ACTIONS",
    "SIGN_OPS",
    "SPELLINGS",
    "SQUARE_BRACKETS",
    "STATE_WORDS",
    "STOP_WORDS",
    "STRIKE",
    "TAG_ALIASES",
    "TAG_KEYS",
    "TAG_NAMES",
    "TIMES_MARKS",
    "USE_OR_ADD",
    "VAGUE_COUNTS",
    "VERB_FORMS",
    "VERB_KEY",
    "VERB_PARTICLES",
    "VOWELS",
    "WRAP_QUOTES",
]
