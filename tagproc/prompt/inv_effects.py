"""What an item does while worn or carried, and what it asks of its wearer, as facts for the GM's line.

Owns ``effects_of`` (spec "Checks outside a fight" and "Armor and worn effects in a fight": a ``worn`` or
``carried`` block, or a requirement's ``otherwise``) and ``needs_of`` (``requires``). The words are
``prompts/blocks/item.jinja``'s: ``worn: -1 on checks (Sneak)``, ``worn: +1 on checks (Ward), immune to
Rattled``, ``needs Sinew 3, otherwise -1 on checks (Dig)``.

Each ``Effect`` is one change, in the order the reference engine says them: the leans of ``effects``, then
each modifier (its number or dice, then its mode), the saves it fails, the abilities it sets or raises, the
kinds of harm it resists, is vulnerable to or is immune to, and the conditions it keeps off.

Decisions where the spec is silent: a modifier with neither a number nor dice nor a mode says nothing; a
fight effect that is no lean on the holder's own rolls is named by its id (``attacks-against-advantage``) and
the template words it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tagproc.prompt.inv_words import Number, ValueName, Words, number
from tagproc.ruleset.item import HeldEffects, Requirement, TypedHarm

__all__ = ["Effect", "Harm", "Need", "effects_of", "needs_of"]

_LEAN = re.compile(r"^own-(checks|saves|attacks)-(advantage|disadvantage)$")


@dataclass(frozen=True, slots=True)
class Harm:
    """A kind of harm, with the tags that get through (``bludgeoning`` except ``magical``)."""

    type: str
    excepts: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Effect:
    """One change an item makes. ``kind`` is one of:

    - ``lean``: ``mode`` (advantage/disadvantage) on ``to`` (checks, saves, attacks), narrowed to ``names``;
    - ``change``: ``amount`` (a signed number) or ``dice`` (``minus`` for a penalty) on ``to`` (checks,
      saves, attacks, defense, speed), narrowed to ``names`` (for defense: the ruleset's word for it);
    - ``fails``: the saves in ``names`` fail without a roll;
    - ``at-least``: the ability ``names[0]`` is at least ``amount``; ``raise``: it moves by ``amount``;
    - ``resist``, ``vulnerable``, ``immune``: to the kinds of harm in ``harms``;
    - ``keeps-off``: the conditions in ``names`` are never put on the holder;
    - ``effect``: a fight effect, by its id in ``effect``.
    """

    kind: str
    to: str | None = None
    names: tuple[str, ...] = ()
    amount: Number | None = None
    dice: str | None = None
    minus: bool = False
    mode: str | None = None
    harms: tuple[Harm, ...] = ()
    effect: str | None = None


@dataclass(frozen=True, slots=True)
class Need:
    """A requirement: the value it reads, the least it may be, and what applies while the wearer falls short."""

    value: ValueName
    at_least: Number
    otherwise: tuple[Effect, ...]


def _harm(word: str | TypedHarm) -> Harm:
    if isinstance(word, TypedHarm):
        return Harm(word.type, tuple(word.except_))
    return Harm(word)


def effects_of(held: HeldEffects | None, words: Words) -> tuple[Effect, ...]:
    """Each change ``held`` makes, in the order the GM reads them."""
    if held is None:
        return ()
    found: list[Effect] = []

    def narrowed(to: str, skills: list[str] | None, saves: list[str] | None) -> tuple[str, ...]:
        if to == "checks":
            return tuple(words.of(words.skills, s) for s in (skills if skills is not None else held.skills))
        if to == "saves":
            return tuple(words.of(words.saves, s) for s in (saves if saves is not None else held.saves))
        if to == "defense":
            return (words.defense,) if words.defense else ()
        return ()

    for effect in held.effects:
        lean = _LEAN.match(effect)
        if lean is None:
            found.append(Effect("effect", effect=effect))
            continue
        to, mode = lean.group(1), lean.group(2)
        found.append(Effect("lean", to=to, names=narrowed(to, None, None), mode=mode))
    for modifier in held.modifiers:
        names = narrowed(modifier.to, modifier.skills, modifier.saves)
        if modifier.dice:
            found.append(
                Effect("change", to=modifier.to, names=names, dice=modifier.dice, minus=bool(modifier.minus))
            )
        if modifier.flat:
            found.append(Effect("change", to=modifier.to, names=names, amount=number(modifier.flat)))
        if modifier.mode:
            found.append(Effect("lean", to=modifier.to, names=names, mode=modifier.mode))
    if held.fails_saves:
        found.append(
            Effect("fails", to="saves", names=tuple(words.of(words.saves, s) for s in held.fails_saves))
        )
    for ability, change in held.abilities.items():
        label = (words.of(words.abilities, ability),)
        if change.add is not None:
            found.append(Effect("raise", to="ability", names=label, amount=number(change.add)))
        if change.set is not None:
            found.append(Effect("at-least", to="ability", names=label, amount=number(change.set)))
    for kind, harms in (("resist", held.resist), ("vulnerable", held.vulnerable), ("immune", held.immune)):
        if harms:
            found.append(Effect(kind, harms=tuple(_harm(word) for word in harms)))
    if held.condition_immunities:
        names = tuple(words.of(words.conditions, c) for c in held.condition_immunities)
        found.append(Effect("keeps-off", names=names))
    return tuple(found)


def needs_of(requires: list[Requirement], words: Words) -> tuple[Need, ...]:
    """Each requirement, by the sheet's words."""
    return tuple(
        Need(words.value_name(need.value), number(need.at_least), effects_of(need.otherwise, words))
        for need in requires
    )
