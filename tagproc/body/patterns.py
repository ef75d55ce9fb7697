"""Patterns of the body reader: where a key starts, where an unquoted value stops, the bare verb.

A key starts a pair when it is followed by ``=`` (any word), by ``:`` and a space, a quote or a bracket
(any word), or by ``:`` and anything (a *known* key only: every key and alias of every tag in
``tagproc/vocabulary/keys.py``, and the outcome keys), so ``size:town`` and a forged ``result:ok`` are
pairs while ``Damage 1d6`` or ``Time:dusk`` inside a value are not. A quoted key (``"item": ...``) always
starts a pair. A known key is also read with an arrow (``action -> add``), and an outcome key with a dash
too (``result - ok``).

Invariants: the known-key set is built from the vocabulary tables (nothing spelled here); every pattern is
linear in the text it scans (no nested repetition).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from tagproc.vocabulary import (
    ACTION_ALIASES,
    ACTION_KEY_ALIASES,
    ACTION_KEYS,
    ENGINE_KEYS,
    KEY_ALIASES,
    OP_ALIASES,
    OP_KEYS,
    OUTCOME_KEYS,
    PROPOSAL_KEYS,
    TAG_KEYS,
)
from tagproc.vocabulary.tags import (
    ARROW_SEPARATORS,
    BARE_WORD_KEY,
    LIST_BULLETS,
    OUTCOME_SEPARATORS,
    PAIR_SEPARATORS,
)

__all__ = [
    "BULLET",
    "KNOWN_KEYS",
    "MAX_VERB_WORDS",
    "NEXT_KEY",
    "NEXT_TOKEN",
    "PAREN_KEY",
    "SWITCHED_QUOTES",
    "VERB_ALIASES",
    "Key",
    "is_verb",
    "match_key",
]


def _known_keys() -> Iterator[str]:
    yield from OUTCOME_KEYS
    yield from ENGINE_KEYS
    yield from PROPOSAL_KEYS
    yield from BARE_WORD_KEY.values()
    for aliases in (*KEY_ALIASES.values(), *ACTION_KEY_ALIASES.values()):
        yield from aliases
        yield from aliases.values()
    for keys in (*ACTION_KEYS.values(), *OP_KEYS.values(), *TAG_KEYS.values()):
        yield from keys


KNOWN_KEYS = frozenset(_known_keys())

_WORD_KEY = r"[A-Za-z_][\w-]*"
_KNOWN = (
    "(?i:" + "|".join(sorted((re.escape(k) for k in KNOWN_KEYS), key=len, reverse=True)) + r")(?!\w|-(?!>))"
)
_OUTCOME = "(?i:" + "|".join(sorted(OUTCOME_KEYS)) + r")(?!\w|-(?!>))"
_OUTCOME_SEP = "|".join(
    r"[ \t]+-[ \t]+" if sep == "-" else r"[ \t]*" + re.escape(sep) + r"[ \t]*"
    for sep in sorted(OUTCOME_SEPARATORS, key=len, reverse=True)
)
_ARROW_SEP = "|".join(r"[ \t]*" + re.escape(sep) + r"[ \t]*" for sep in ARROW_SEPARATORS)
_EQUALS = r"=>|:=|==|="
_SEPS = re.escape(PAIR_SEPARATORS)
BULLET = re.compile(r"[ \t]*(?:[" + re.escape(LIST_BULLETS) + r"]|\d{1,2}[.)])[ \t]+")

# What a key looks like from the text before it: used to end an unquoted value and to spot a quote that
# opens the next pair.
_KEY_AHEAD = (
    rf"(?:{_WORD_KEY}[ \t]*(?:{_EQUALS}|:(?=[\s\"'\[{{]|\Z))"
    rf"|{_KNOWN}[ \t]*:"
    rf"|[\"']{_WORD_KEY}[\"'][ \t]*[=:]"
    rf"|{_OUTCOME}(?:{_OUTCOME_SEP})"
    rf"|{_KNOWN}(?:{_ARROW_SEP}))"
)
_BULLET_AHEAD = r"\n[ \t]*(?:[" + re.escape(LIST_BULLETS) + r"]|\d{1,2}[.)])[ \t]+"
_SEPARATOR_AHEAD = rf"(?:\s*[{_SEPS}]\s*|\s*{_BULLET_AHEAD}|\s+)"
# A known key in parentheses after a value (``item=Rope (count: 2)``): the parenthesis is a separator.
_PAREN_AHEAD = rf"\s*\(\s*(?={_KNOWN}[ \t]*(?:[=:]|{_OUTCOME_SEP}))"
PAREN_KEY = re.compile(_PAREN_AHEAD)
# Where an unquoted value stops: before a separator (space, comma, semicolon, pipe, a bulleted line) and a key.
NEXT_KEY = re.compile(rf"{_SEPARATOR_AHEAD}(?={_KEY_AHEAD})|{_PAREN_AHEAD}")
# Where text that is no pair stops: before a key or an object.
NEXT_TOKEN = re.compile(rf"{_SEPARATOR_AHEAD}(?={_KEY_AHEAD}|\{{)|{_PAREN_AHEAD}")
# A key just before a quote, ending the text before it: that quote opens the next value.
# Inside a double-quoted value, a switch to single quotes around the next known key: ``item="Torch' count='2"``.
SWITCHED_QUOTES = re.compile(rf"'[ \t]+(?={_KNOWN}[ \t]*=[ \t]*')")
KEY_BEFORE_QUOTE = re.compile(rf"\s+(?:{_WORD_KEY}[ \t]*(?:{_EQUALS})|{_KNOWN}[ \t]*:)[ \t]*\Z")

_QUOTED_KEY = re.compile(r"([\"'])([A-Za-z_][\w \-]{0,40}?)\1[ \t]*(" + _EQUALS + r"|:)[ \t]*")
_BARE_KEY = re.compile(rf"({_WORD_KEY})(\s*)({_EQUALS}|:)(\s*)")
_ARROW_KEY = re.compile(rf"({_OUTCOME})({_OUTCOME_SEP})|({_KNOWN})({_ARROW_SEP})")


@dataclass(frozen=True, slots=True)
class Key:
    """A key at the reader's position: as written, lowercased, how it was separated, and where its value starts."""

    written: str
    key: str
    separator: str
    spaced: bool
    quoted: bool
    end: int


def match_key(text: str, pos: int) -> Key | None:
    """The key that starts a pair at ``pos``, or None (see the module docstring for when one does)."""
    quoted = _QUOTED_KEY.match(text, pos)
    if quoted is not None:
        written = quoted.group(2)
        key = "_".join(written.lower().split())
        return Key(written, key, quoted.group(3), False, True, quoted.end())
    arrow = _ARROW_KEY.match(text, pos)
    if arrow is not None:
        end = arrow.end()
        while end < len(text) and text[end] in " \t":
            end += 1
        written = arrow.group(1) or arrow.group(3)
        separator = arrow.group(2) or arrow.group(4)
        return Key(written, written.lower(), separator.strip(), True, False, end)
    bare = _BARE_KEY.match(text, pos)
    if bare is None:
        return None
    written, before, separator, after = bare.groups()
    key = written.lower()
    if separator == ":" and not (after or key in KNOWN_KEYS or _opens_value(text, bare.end())):
        return None
    return Key(written, key, separator, bool(before or after), False, bare.end())


def _opens_value(text: str, pos: int) -> bool:
    return pos >= len(text) or text[pos] in "\"'[{"


# The words that can be a bare verb, per verb key (contract 3: the longest alias prefix is the verb).
VERB_ALIASES: Mapping[str, frozenset[str]] = MappingProxyType(
    {"action": frozenset(ACTION_ALIASES), "op": frozenset(OP_ALIASES)}
)
MAX_VERB_WORDS = max(len(alias.split()) for aliases in VERB_ALIASES.values() for alias in aliases)


def is_verb(verb_key: str, words: list[str]) -> bool:
    """Whether ``words`` (as written) are one alias of ``verb_key`` ("take off", "pick up", "heal")."""
    aliases = VERB_ALIASES.get(verb_key, frozenset())
    if len(words) > MAX_VERB_WORDS:
        return False
    spoken = " ".join(words).lower()
    return spoken in aliases or spoken.replace("_", " ").replace("-", " ") in aliases
