"""The value-reference evaluator: ``evaluate(ref, ctx)`` works a reference out against one character.

Owns :class:`ValueContext`, the small, engine-supplied picture of a character (ability scores, fields, live pool
and track values, live states, and callables for what only the engine can read: ``itemStat`` over the held items,
``listSum`` over sheet rows, a skill's or save's modifier). Everything the context leaves out reads as the sheet's
own default (an ability's ``default``, a full pool, a track at its ``default``/``min``), and ``itemStat`` without
a callable reads its ``default``, as the spec says of a sheet outside a game.

Invariants: evaluation never mutates the context; a ``derived`` value is worked out once per ``evaluate`` call
(memoised) and a derived value that reads itself, directly or through others, raises
:class:`ValueReferenceError` naming the cycle instead of recursing forever.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from tagproc.ruleset.refs import (
    AbilityModFromFieldRef,
    AbilityModRef,
    AbilityScoreRef,
    ConstRef,
    DerivedRef,
    EnumTableRef,
    FieldRef,
    ItemStatQuery,
    ItemStatRef,
    ListSumRef,
    LivePoolRef,
    LiveStateRef,
    LiveTrackRef,
    OpRef,
    SaveModRef,
    SkillModRef,
    StepTableRef,
)
from tagproc.ruleset.sheet import AbilityModifier, DerivedOther, Sheet

Reading = float | str


class ValueReferenceError(ValueError):
    """A reference tagproc cannot work out: an unknown id, a cycle, a word where a number is needed."""


@dataclass(frozen=True, slots=True)
class ValueContext:
    """One character as value references see them. Build one per character per read; it is cheap."""

    sheet: Sheet
    ability_modifier: AbilityModifier = field(default_factory=AbilityModifier)
    ability_scores: Mapping[str, float] = field(default_factory=dict)
    fields: Mapping[str, float | str | bool | None] = field(default_factory=dict)
    pools: Mapping[str, float] = field(default_factory=dict)
    tracks: Mapping[str, float] = field(default_factory=dict)
    states: Mapping[str, str] = field(default_factory=dict)
    item_stat: Callable[[ItemStatQuery], float] | None = None
    list_sum: Callable[[Mapping[str, Any]], float] | None = None
    skill_mod: Callable[[str], float] | None = None
    save_mod: Callable[[str], float] | None = None


def evaluate(ref: BaseModel, ctx: ValueContext) -> float:
    """The number ``ref`` reads for the character ``ctx`` describes."""
    return _Evaluation(ctx).number(ref)


def modifier_of(score: float, rule: AbilityModifier) -> float:
    """An ability score's modifier under ``resolution.abilityModifier``."""
    if rule.op == "identity":
        return score
    if rule.op == "floorHalfMinusTen":
        return float(math.floor((score - 10) / 2))
    if rule.op == "stepTable" and rule.table:
        return _step(score, rule.table)
    raise ValueReferenceError(f'Unknown ability modifier op "{rule.op}"')


def _step(value: float, table: list[tuple[float, float]]) -> float:
    result = table[0][1]
    for at, reads in table:
        if value >= at:
            result = reads
    return result


def _as_number(value: Reading, what: str) -> float:
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    if isinstance(value, int | float):
        return float(value)
    try:
        return float(value)
    except ValueError:
        raise ValueReferenceError(f'{what} reads the word "{value}" where a number is needed') from None


class _Evaluation:
    def __init__(self, ctx: ValueContext) -> None:
        self.ctx = ctx
        self.sheet = ctx.sheet
        self.memo: dict[str, float] = {}
        self.visiting: list[str] = []

    def number(self, ref: BaseModel) -> float:
        return _as_number(self.read(ref), type(ref).__name__)

    def read(self, ref: BaseModel) -> Reading:
        ctx = self.ctx
        if isinstance(ref, ConstRef):
            return ref.const
        if isinstance(ref, AbilityScoreRef):
            return self.ability(ref.ability_score)
        if isinstance(ref, AbilityModRef):
            return modifier_of(self.ability(ref.ability_mod), ctx.ability_modifier)
        if isinstance(ref, AbilityModFromFieldRef):
            ability = self.field(ref.ability_mod_from_field)
            return modifier_of(self.ability(str(ability)), ctx.ability_modifier)
        if isinstance(ref, FieldRef):
            return self.field(ref.field)
        if isinstance(ref, DerivedRef):
            return self.derived(ref.derived)
        if isinstance(ref, SkillModRef | SaveModRef):
            return self.modifier(ref)
        if isinstance(ref, LivePoolRef):
            return self.pool(ref)
        if isinstance(ref, LiveTrackRef):
            return self.track(ref)
        if isinstance(ref, LiveStateRef):
            return self.state(ref.live_state)
        if isinstance(ref, ListSumRef):
            return ctx.list_sum(ref.list_sum) if ctx.list_sum is not None else 0.0
        if isinstance(ref, ItemStatRef):
            query = ref.item_stat
            return ctx.item_stat(query) if ctx.item_stat is not None else query.default
        if isinstance(ref, OpRef):
            values = [self.number(part) for part in ref.of]
            return sum(values) if ref.op == "sum" else max(values) if ref.op == "max" else min(values)
        if isinstance(ref, StepTableRef):
            return _step(self.number(ref.from_), ref.table)
        if isinstance(ref, EnumTableRef):
            return ref.table.get(str(self.read(ref.from_)), ref.default)
        if isinstance(ref, DerivedOther):
            raise ValueReferenceError(
                f'Derived value "{ref.id}" uses op "{ref.op}", which tagproc cannot work out'
            )
        raise ValueReferenceError(f"Not a value reference: {type(ref).__name__}")

    def ability(self, ability_id: str) -> float:
        if ability_id in self.ctx.ability_scores:
            return float(self.ctx.ability_scores[ability_id])
        for ability in self.sheet.abilities:
            if ability.id == ability_id:
                return ability.default if ability.default is not None else ability.min or 0.0
        raise ValueReferenceError(f'Unknown ability "{ability_id}"')

    def field(self, field_id: str) -> Reading:
        value = self.ctx.fields.get(field_id)
        if value is None:
            for declared in self.sheet.fields:
                if declared.id == field_id:
                    value = declared.default
                    break
            else:
                raise ValueReferenceError(f'Unknown field "{field_id}"')
        if value is None:
            return 0.0
        return value if isinstance(value, str) else float(value)

    def derived(self, derived_id: str) -> float:
        if derived_id in self.memo:
            return self.memo[derived_id]
        if derived_id in self.visiting:
            cycle = " → ".join([*self.visiting[self.visiting.index(derived_id) :], derived_id])
            raise ValueReferenceError(f"Derived values read each other in a circle: {cycle}")
        formula = self.sheet.derived_by_id.get(derived_id)
        if formula is None:
            raise ValueReferenceError(f'Unknown derived value "{derived_id}"')
        self.visiting.append(derived_id)
        try:
            value = self.number(formula)
        finally:
            self.visiting.pop()
        self.memo[derived_id] = value
        return value

    def modifier(self, ref: SkillModRef | SaveModRef) -> float:
        if isinstance(ref, SkillModRef):
            reader, name = self.ctx.skill_mod, ref.skill_mod
        else:
            reader, name = self.ctx.save_mod, ref.save_mod
        if reader is None:
            raise ValueReferenceError(
                f'"{name}" needs the engine\'s check arithmetic, which this context lacks'
            )
        return reader(name)

    def pool_max(self, pool_id: str) -> float:
        for pool in self.sheet.live.pools:
            if pool.id == pool_id:
                return pool.max if isinstance(pool.max, float | int) else self.number(pool.max)
        raise ValueReferenceError(f'Unknown live pool "{pool_id}"')

    def pool(self, ref: LivePoolRef) -> float:
        top = self.pool_max(ref.live_pool)
        current = float(self.ctx.pools.get(ref.live_pool, top))
        return {"current": current, "max": top, "missing": top - current}[ref.read]

    def track(self, ref: LiveTrackRef) -> float:
        for track in self.sheet.live.tracks:
            if track.id == ref.live_track:
                top = track.max if isinstance(track.max, float | int) else self.number(track.max)
                start = track.default if track.default is not None else track.min
                value = float(self.ctx.tracks.get(track.id, start))
                return {"value": value, "remaining": top - value, "max": top}[ref.read]
        raise ValueReferenceError(f'Unknown live track "{ref.live_track}"')

    def state(self, state_id: str) -> str:
        if state_id in self.ctx.states:
            return self.ctx.states[state_id]
        for state in self.sheet.live.states:
            if state.id == state_id:
                return state.default if state.default is not None else state.values[0]
        raise ValueReferenceError(f'Unknown live state "{state_id}"')
