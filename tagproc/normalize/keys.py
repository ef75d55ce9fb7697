"""Keys: a tag's attributes under their canonical names, for the action or op the tag asks for.

Owns DESIGN.md "Sloppy input" key aliases (``qty`` → ``count``, ``character`` → ``who``, ``shop`` →
``seller``, ...), action aliases (``purchase`` → ``buy``) and op aliases (``heal`` → ``restore``), and the
rule that a key the action does not read is left out and said. Keys arrive lowercased from ``syntax``.

Invariants:
- Each alias applied, each key left out and each duplicate dropped is a ``Repair``.
- Two different values for one canonical key are a ``Problem``, never a silent pick.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from tagproc.names import fold
from tagproc.normalize.counts import Problem
from tagproc.repairs import Repair
from tagproc.vocabulary import (
    ACTION_ALIASES,
    ACTION_KEY_ALIASES,
    ACTION_KEYS,
    ENGINE_KEYS,
    KEY_ALIASES,
    OP_ALIASES,
    OP_KEYS,
    TAG_KEYS,
    VERB_KEY,
)

__all__ = ["Attrs", "canonical_attrs", "find_verb"]


@dataclass(slots=True)
class Attrs:
    """A tag's canonical attributes, with the repairs made and the notes for its answer."""

    verb: str
    values: dict[str, str]
    repairs: list[Repair] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def text(self, key: str) -> str | None:
        """The value of ``key``, stripped; None when absent or empty."""
        value = self.values.get(key)
        return value.strip() or None if value is not None else None


def find_verb(tag: str, attrs: tuple[tuple[str, str], ...]) -> tuple[str, str] | None:
    """The verb key's written value and its canonical form (action for inventory, op for sheet).

    Returns ``(written, canonical)`` with ``canonical == ""`` when the word is in no alias table, and None
    when the tag names no verb at all. Place and loot tags have no verb: ``("", tag)``.
    """
    verb_key = VERB_KEY.get(tag)
    if verb_key is None:
        return "", tag
    aliases = KEY_ALIASES.get(tag, {})
    for key, value in attrs:
        if aliases.get(key, key) == verb_key:
            word = fold(value)
            if tag == "inventory":
                return value, ACTION_ALIASES.get(word, "")
            return value, OP_ALIASES[word][0] if word in OP_ALIASES else ""
    return None


def canonical_attrs(
    tag: str, verb: str, written_verb: str, attrs: tuple[tuple[str, str], ...]
) -> Attrs | Problem:
    """The tag's attributes under canonical keys, for ``verb``; aliases, drops and duplicates recorded."""
    result = Attrs(verb=verb, values={})
    verb_key = VERB_KEY.get(tag)
    if verb_key is not None and fold(written_verb) != verb:
        result.repairs.append(Repair(f"{verb_key}-alias", written_verb, verb))
    allowed = _allowed_keys(tag, verb)
    action_aliases: Mapping[str, str] = ACTION_KEY_ALIASES.get(verb, {}) if tag == "inventory" else {}
    tag_aliases = KEY_ALIASES.get(tag, {})
    for written, value in attrs:
        key = action_aliases.get(written) or tag_aliases.get(written) or written.replace("-", "_")
        if key != written:
            result.repairs.append(Repair("key-alias", written, key))
        if key == verb_key:
            continue
        if key in ENGINE_KEYS:
            result.repairs.append(Repair("engine-key", f'{written}="{value}"', ""))
            continue
        if key not in allowed:
            result.repairs.append(Repair("unknown-key", f'{written}="{value}"', ""))
            result.notes.append(f'Ignored {written}="{value}".')
            continue
        if key in result.values:
            if result.values[key].strip() != value.strip():
                return Problem("unreadable", f'{key}= is written twice ("{result.values[key]}", "{value}").')
            result.repairs.append(Repair("duplicate-key", f'{written}="{value}"', ""))
            continue
        result.values[key] = value
    if tag == "sheet":
        for key, value in OP_ALIASES.get(fold(written_verb), (verb, ()))[1]:
            if key not in result.values:
                result.values[key] = value
                result.repairs.append(Repair("op-implies", written_verb, f'{key}="{value}"'))
    return result


def _allowed_keys(tag: str, verb: str) -> tuple[str, ...]:
    if tag == "inventory":
        return ACTION_KEYS[verb]
    if tag == "sheet":
        return OP_KEYS[verb]
    return TAG_KEYS[tag]
