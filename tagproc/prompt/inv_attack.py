"""A weapon's attack and an item's use, as facts for the GM's line (spec "Weapons in a fight", "Ammunition
and reloading", "Modes, a second weapon, a floor and conditions on a hit", "Using items in a fight").

Owns ``attack_of`` and ``use_of``. Every value that reads the item's own stat (``{"stat": "damage"}``) is
read here, so a template only says numbers and labels: the budget by its label in
``combat.economy.budgets``, abilities, skills, saves, conditions and pools by the sheet's labels, an
ammunition tag by its label, distances with ``combat.distance.label``. The words are
``prompts/blocks/item.jinja``'s: ``attack (Action): Brawn to hit, 1d6 + Brawn cut, reach 2 paces, range 10 to
20 paces``; ``use (Act): Steel 7 save negates it, Rattled, 1 of 3 charges``.

Decisions where the spec is silent (the reference engine's): a stat the item does not give reads as if the
value were not written; a reach or range of 0 is left out, and a long range only beyond the normal one; a
clip or floor below 1 is left out; a gate difficulty is held to 1..100 and left out when its stat is
missing. The spec's own use line names neither a recharge nor what breaks the item, so neither is said.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tagproc.engine.charges import charges_max as held_charges
from tagproc.prompt.inv_words import Number, ValueName, Words, number
from tagproc.ruleset import Item
from tagproc.ruleset.item import Amount, Attack, Gate, StatRef, ToHit, Use, Versatile

__all__ = ["AmountFacts", "AttackFacts", "GateFacts", "ToHitFacts", "UseFacts", "attack_of", "use_of"]


@dataclass(frozen=True, slots=True)
class AmountFacts:
    """Dice and a flat number: ``1d4 + 1``."""

    dice: str | None = None
    flat: Number = 0


@dataclass(frozen=True, slots=True)
class ToHitFacts:
    abilities: tuple[str, ...] = ()  # the best of them counts: said ``Brawn/Wits``
    skill: str | None = None
    bonus: Number = 0
    proficiency: bool = False
    sheet_bonus: ValueName | None = None
    target: Number | None = None  # a pool fight's own per-die target: ``at 6``


@dataclass(frozen=True, slots=True)
class AmmoFacts:
    what: str
    per: int
    recover: int | None  # the percent picked up after a won fight


@dataclass(frozen=True, slots=True)
class ModeFacts:
    label: str
    ammo: int | None = None
    to_hit: Number | None = None
    target: int | None = None
    targets: int | None = None


@dataclass(frozen=True, slots=True)
class SaveFacts:
    save: str
    difficulty: Number | None = None
    on_success: str | None = None  # half, none, negates
    at: str | None = None  # a saveEnds' turn-start, turn-end or damaged


@dataclass(frozen=True, slots=True)
class PlusFacts:
    dice: str | None = None
    flat: Number = 0
    type: str | None = None
    against: tuple[str, ...] = ()
    when: str | None = None  # critical, toggled
    save: SaveFacts | None = None


@dataclass(frozen=True, slots=True)
class OnHitFacts:
    condition: str
    at_least: Number | None = None
    rounds: int | None = None
    save: SaveFacts | None = None
    save_ends: SaveFacts | None = None


@dataclass(frozen=True, slots=True)
class AttackFacts:
    budget: str
    to_hit: ToHitFacts
    dice: str | None = None
    abilities: tuple[str, ...] = ()
    bonus: Number = 0
    sheet_bonus: ValueName | None = None
    type: str | None = None
    reach: Number | None = None
    range: Number | None = None
    long: Number | None = None
    unit: str | None = None
    versatile: str | None = None
    ammo: AmmoFacts | None = None
    clip: int | None = None
    reload: str | None = None
    modes: tuple[ModeFacts, ...] = ()
    off_hand: str | None = None  # the budget an off-hand attack spends
    floor: Number | None = None
    plus: tuple[PlusFacts, ...] = ()
    on_hit: tuple[OnHitFacts, ...] = ()


@dataclass(frozen=True, slots=True)
class GateFacts:
    check: ValueName
    difficulty: int | None = None
    unless: ValueName | None = None
    unless_at_least: Number | None = None


@dataclass(frozen=True, slots=True)
class UseFacts:
    budget: str | None  # None: free
    kind: str
    amount: AmountFacts | None = None
    type: str | None = None
    to_hit: ToHitFacts | None = None
    save: SaveFacts | None = None
    applies: tuple[str, ...] = ()
    temporary: AmountFacts | None = None
    restore: str | None = None  # the pool's label
    restores: AmountFacts | None = None
    range: Number | None = None
    area: tuple[str, Number] | None = None  # shape, size
    unit: str | None = None
    consumes: bool = False
    charges: int | None = None  # what one use spends
    charges_max: int | None = None
    gate: GateFacts | None = None


class _Reader:
    """Reads an item's values: a written one as it is, ``{"stat": id}`` as the item's own stat."""

    def __init__(self, item: Item, words: Words) -> None:
        self.item = item
        self.words = words
        block = words.rules.block
        self.stats = block.stats_by_id if block is not None else {}

    def raw(self, value: object) -> object:
        if isinstance(value, StatRef):
            return self.item.stats.get(value.stat)
        return value

    def number(self, value: object) -> Number | None:
        found = self.raw(value)
        if isinstance(found, bool) or not isinstance(found, int | float):
            return None
        return number(found)

    def text(self, value: object) -> str | None:
        found = self.raw(value)
        if not isinstance(found, str) or not found:
            return None
        stat = self.stats.get(value.stat) if isinstance(value, StatRef) else None
        if stat is not None and stat.value_labels:
            return stat.value_labels.get(found, found)
        return found

    def abilities(self, value: object) -> tuple[str, ...]:
        found = self.raw(value)
        ids = [found] if isinstance(found, str) else found if isinstance(found, list) else []
        return tuple(self.words.of(self.words.abilities, str(each)) for each in ids if each)

    def amount(self, amount: Amount | None) -> AmountFacts | None:
        if amount is None or (not amount.dice and not amount.flat):
            return None
        return AmountFacts(amount.dice or None, number(amount.flat or 0))


def _to_hit(to_hit: ToHit | None, read: _Reader) -> ToHitFacts:
    if to_hit is None:
        return ToHitFacts()
    skill = read.text(to_hit.skill)
    target = read.number(to_hit.target)
    return ToHitFacts(
        abilities=read.abilities(to_hit.abilities),
        skill=read.words.of(read.words.skills, skill) if skill else None,
        bonus=read.number(to_hit.bonus) or 0,
        proficiency=to_hit.proficiency is not None,
        sheet_bonus=read.words.value_name(to_hit.sheet_bonus) if to_hit.sheet_bonus is not None else None,
        target=target,
    )


def _save(raw: Mapping[str, Any] | None, difficulty: object, read: _Reader) -> SaveFacts | None:
    if not raw or not isinstance(raw.get("save"), str):
        return None
    written = difficulty if difficulty is not None else raw.get("difficulty")
    on_success = raw.get("onSuccess")
    return SaveFacts(
        read.words.of(read.words.saves, raw["save"]),
        read.number(written),
        on_success if isinstance(on_success, str) else None,
    )


def _against(target_is: Mapping[str, Any] | None, words: Words) -> tuple[str, ...]:
    found: list[str] = []
    for key, values in (target_is or {}).items():
        for value in values if isinstance(values, list) else [values]:
            if isinstance(value, str):
                found.append(words.of(words.creature_types, value) if key == "types" else value)
    return tuple(found)


def attack_of(item: Item, words: Words) -> AttackFacts | None:
    """The facts of an item's attack, or None for an item that is no weapon."""
    attack: Attack | None = item.attack
    if attack is None:
        return None
    read = _Reader(item, words)
    damage = attack.damage
    reach = read.number(attack.reach)
    normal = read.number(attack.range.normal) if attack.range else None
    long = read.number(attack.range.long) if attack.range and attack.range.long is not None else None
    versatile = attack.versatile.dice if isinstance(attack.versatile, Versatile) else attack.versatile
    clip = read.number(attack.clip.max) if attack.clip else None
    floor = read.number(attack.floor)
    reaches = bool(reach and reach > 0) or bool(normal and normal > 0)
    return AttackFacts(
        budget=words.budget(attack.budget),
        to_hit=_to_hit(attack.to_hit, read),
        dice=read.text(damage.dice) if damage else None,
        abilities=read.abilities(damage.abilities) if damage else (),
        bonus=(read.number(damage.bonus) or 0) if damage else 0,
        sheet_bonus=words.value_name(damage.sheet_bonus)
        if damage and damage.sheet_bonus is not None
        else None,
        type=read.text(damage.type) if damage else None,
        reach=reach if reach and reach > 0 else None,
        range=normal if normal and normal > 0 else None,
        long=long if normal and long and long > normal else None,
        unit=words.distance if reaches else None,
        versatile=read.text(versatile),
        ammo=AmmoFacts(
            words.of(words.tags, attack.ammo.tag),
            attack.ammo.per_attack,
            round(attack.ammo.recover * 100) if attack.ammo.recover else None,
        )
        if attack.ammo
        else None,
        clip=int(clip) if attack.clip and clip and clip >= 1 else None,
        reload=words.budget(attack.clip.reload) if attack.clip and clip and clip >= 1 else None,
        modes=tuple(
            ModeFacts(
                mode.label,
                mode.ammo,
                number(mode.to_hit) if mode.to_hit is not None else None,
                mode.target,
                mode.targets,
            )
            for mode in attack.modes
        ),
        off_hand=words.off_hand_budget if attack.off_hand else None,
        floor=floor if floor and floor >= 1 else None,
        plus=tuple(
            PlusFacts(
                clause.dice,
                number(clause.flat or 0),
                clause.type,
                _against(clause.target_is, words),
                clause.when,
                _save(clause.save.model_dump(by_alias=True, exclude_none=True), None, read)
                if clause.save
                else None,
            )
            for clause in attack.plus
        ),
        on_hit=tuple(
            OnHitFacts(
                words.of(words.conditions, hit.condition),
                number(hit.at_least) if hit.at_least is not None else None,
                hit.rounds,
                _save({"save": hit.save.save}, hit.save.difficulty, read) if hit.save else None,
                SaveFacts(
                    words.of(words.saves, hit.save_ends.save),
                    read.number(hit.save_ends.difficulty),
                    at=hit.save_ends.at,
                )
                if hit.save_ends
                else None,
            )
            for hit in attack.on_hit
        ),
    )


def _gate(gate: Gate, read: _Reader) -> GateFacts:
    words = read.words
    check = gate.check
    if check.skill is not None:
        name = ValueName(words.of(words.skills, check.skill))
    elif check.ability is not None:
        name = ValueName(words.of(words.abilities, check.ability))
    else:
        name = words.value_name(check.value)
    difficulty = read.number(gate.difficulty)
    unless = gate.unless
    return GateFacts(
        check=name,
        difficulty=min(100, max(1, int(difficulty))) if difficulty is not None else None,
        unless=words.value_name(unless.value) if unless is not None else None,
        unless_at_least=number(unless.at_least) if unless is not None else None,
    )


def use_of(item: Item, words: Words) -> UseFacts | None:
    """The facts of what using an item does, or None for an item without a use."""
    use: Use | None = item.use
    if use is None:
        return None
    read = _Reader(item, words)
    charges_max = held_charges(item)
    area = use.area or {}
    shape, size = area.get("shape"), read.number(area.get("size"))
    gate = use.gate or item.gate
    distant = use.range is not None or bool(area)
    return UseFacts(
        budget=None if use.free or not use.budget else words.budget(use.budget),
        kind=use.kind,
        amount=read.amount(use.amount),
        type=use.damage_type,
        to_hit=_to_hit(use.to_hit, read) if use.attack_roll else None,
        save=_save(use.save, use.save_difficulty, read),
        applies=tuple(words.of(words.conditions, applied.condition) for applied in use.applies),
        temporary=read.amount(use.temporary),
        restore=words.of(words.pools, use.restore.pool) if use.restore else None,
        restores=read.amount(use.restore.amount) if use.restore else None,
        range=number(use.range) if use.range is not None else None,
        area=(shape, size) if isinstance(shape, str) and size is not None else None,
        unit=words.distance if distant else None,
        consumes=use.consumes,
        charges=use.charges if use.charges is not None and charges_max is not None else None,
        charges_max=charges_max if use.charges is not None else None,
        gate=_gate(gate, read) if gate is not None else None,
    )
