"""A use's ``gate``: the check its user passes before the item works (spec "Using items in a fight", 1.62).

Owns ``roll_gate``: the sheet's number for what the gate names (a skill, an ability or a value off the sheet),
what held items add to that check, the user's wound penalty, and the roll with the ruleset's own dice and the
injected ``Dice``.

Kept simple, and documented where the spec leaves the arithmetic to the ruleset:
- ``dice-pool`` (Gravewatch): the number is the pool's size (the ability's score, plus the skill's rating);
  each die at or above ``resolution.target.default`` (7 when unsaid) is a success; the gate passes with at
  least ``difficulty`` successes. Explosions, botches and rerolls are left out. The pool is held to
  ``resolution.pool.min``..``max``.
- ``dice-sum`` (Ember Roads): the ruleset's dice plus the number (the ability's modifier, plus the skill's
  rating); it passes at ``difficulty`` or more. A ruleset without a resolution rolls a d20 plus the number.
- A skill's rating is the member's sheet field of the skill's id: a number, or a ``proficiencyTiers`` id whose
  ``flat`` counts. What a held item does to checks counts (each item once: worn while any stack of it is
  worn, carried while it is only carried, whatever the order of the bag): a flat modifier narrowed to the
  skill, or to nothing. The wound penalty is the rung of ``resolution.penaltyFrom``'s track the marks reach.
  Conditions and unmet requirements are left out.
- ``unless`` met skips the check; a ``difficulty`` the item does not give cannot be rolled (``None``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tagproc.engine.dice import Dice
from tagproc.engine.sheet import LiveSheet, whole
from tagproc.engine.trusted import note
from tagproc.notes import Note
from tagproc.ruleset import Item
from tagproc.ruleset.item import Gate, StatRef
from tagproc.ruleset.refs import AbilityModRef, AbilityScoreRef, DerivedRef
from tagproc.ruleset.sheet import Resolution

__all__ = ["GateRoll", "check_number", "gate_difficulty", "roll_gate"]

_DEFAULT_TARGET = 7


@dataclass(frozen=True, slots=True)
class GateRoll:
    """A gate rolled; its ``note`` (``gate.rolled``) says ``Ward check 1 against 2, failed``."""

    label: str | None
    total: int
    difficulty: int
    passed: bool

    @property
    def note(self) -> Note:
        return note(
            "gate.rolled", label=self.label, total=self.total, difficulty=self.difficulty, passed=self.passed
        )


def gate_difficulty(gate: Gate, item: Item) -> int | None:
    """The gate's difficulty, written down or read off a number stat of the item (None: it gives none)."""
    raw: object = gate.difficulty
    if isinstance(raw, StatRef):
        raw = item.stats.get(raw.stat)
    if isinstance(raw, bool) or not isinstance(raw, int | float):
        return None
    return max(1, min(100, int(raw)))


def roll_gate(gate: Gate, item: Item, view: LiveSheet, dice: Dice) -> GateRoll | None:
    """The gate rolled for the member ``view`` reads; None when ``unless`` holds (no check is made)."""
    if gate.unless is not None and view.number(gate.unless.value, live=True) >= gate.unless.at_least:
        return None
    difficulty = gate_difficulty(gate, item) or 1
    resolution = view.rules.ruleset.resolution
    label, number = check_number(gate, view)
    if resolution is not None and resolution.kind == "dice-pool":
        total = _pool(number, resolution, dice)
    else:
        total = _sum(number, resolution, dice)
    return GateRoll(label, total, difficulty, total >= difficulty)


def check_number(gate: Gate, view: LiveSheet) -> tuple[str | None, int]:
    """What the check ``gate`` names is called and the member's number for it: their score, what the items
    they hold add to it and the wound penalty (a gate's roll and a passive check start from it alike)."""
    resolution = view.rules.ruleset.resolution
    label, number = _number(gate, view, resolution)
    return label, number + _held_bonus(gate, view) + _wound_penalty(view, resolution)


def _number(gate: Gate, view: LiveSheet, resolution: Resolution | None) -> tuple[str | None, int]:
    """What the gate names (None: a value that has no label), and the sheet's number for it (before held
    items and wounds)."""
    check = gate.check
    sheet = view.rules.ruleset.sheet
    pooled = resolution is not None and resolution.kind == "dice-pool"
    if check.skill is not None:
        skill = next((s for s in sheet.skills if s.id == check.skill), None)
        label = skill.label if skill else check.skill
        base = _ability(view, skill.ability, pooled) if skill and skill.ability else 0
        return label, base + _rating(view, check.skill, resolution)
    if check.ability is not None:
        ability = next((a for a in sheet.abilities if a.id == check.ability), None)
        return (ability.label if ability else check.ability), _ability(view, check.ability, pooled)
    named: str | None = None  # gate.rolled says "Check"
    if isinstance(check.value, DerivedRef):
        derived = sheet.derived_by_id.get(check.value.derived)
        named = (derived.label if derived else None) or check.value.derived
    return named, whole(view.number(check.value, live=True)) if check.value is not None else 0


def _ability(view: LiveSheet, ability_id: str, pooled: bool) -> int:
    """A pool throws the ability's score; a sum adds its modifier."""
    ref = AbilityScoreRef(ability_score=ability_id) if pooled else AbilityModRef(ability_mod=ability_id)
    return whole(view.number(ref, live=True))


def _rating(view: LiveSheet, skill_id: str, resolution: Resolution | None) -> int:
    raw = view.sheet.fields.get(skill_id)
    if isinstance(raw, bool) or raw is None:
        return 0
    if isinstance(raw, int | float):
        return whole(raw)
    tiers: Any = (resolution.model_extra or {}).get("proficiencyTiers") if resolution else None
    for tier in tiers if isinstance(tiers, list) else []:
        if isinstance(tier, dict) and tier.get("id") == raw and isinstance(tier.get("flat"), int | float):
            return whole(tier["flat"])
    return 0


def _held_bonus(gate: Gate, view: LiveSheet) -> int:
    """Flat modifiers to checks from what the member holds, each item once, worn if any stack of it is
    worn (spec "What reads items"; ``Rules.held_effects``), whatever the order of the bag."""
    total = 0.0
    for _, held in view.rules.held_effects(view.member, view.state):
        for modifier in held.modifiers:
            about = modifier.skills or held.skills
            narrowed = not about or (gate.check.skill is not None and gate.check.skill in about)
            if modifier.to == "checks" and narrowed and modifier.flat is not None:
                total += -modifier.flat if modifier.minus else modifier.flat
    return whole(total)


def _wound_penalty(view: LiveSheet, resolution: Resolution | None) -> int:
    """The penalty on the rung the marks of ``resolution.penaltyFrom``'s track reach (0 unmarked)."""
    name = (resolution.model_extra or {}).get("penaltyFrom") if resolution else None
    track = view.track(name) if isinstance(name, str) else None
    if track is None or not track.levels:
        return 0
    marks = view.track_value(track)
    if marks < 1:
        return 0
    penalty = track.levels[min(marks, len(track.levels)) - 1].get("penalty", 0)
    return whole(penalty) if isinstance(penalty, int | float) else 0


def _pool(number: int, resolution: Resolution, dice: Dice) -> int:
    extra: dict[str, Any] = resolution.model_extra or {}
    bounds = extra.get("pool") if isinstance(extra.get("pool"), dict) else {}
    low = int(bounds.get("min", 1)) if isinstance(bounds, dict) else 1
    high = int(bounds.get("max", 100)) if isinstance(bounds, dict) else 100
    target_block = extra.get("target")
    target = (
        int(target_block.get("default", _DEFAULT_TARGET))
        if isinstance(target_block, dict)
        else _DEFAULT_TARGET
    )
    sides = resolution.die.sides if resolution.die else 10
    size = max(low, min(high, number))
    return sum(1 for _ in range(size) if dice.die(sides) >= target)


def _sum(number: int, resolution: Resolution | None, dice: Dice) -> int:
    if resolution is not None and resolution.dice is not None:
        count, sides = resolution.dice.count, resolution.dice.sides
    else:
        count, sides = 1, 20
    return sum(dice.die(sides) for _ in range(max(1, count))) + number
