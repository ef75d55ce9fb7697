"""The ruleset's own words for what an item's facts name: labels by id, read once per draft.

Owns ``Words``: the labels of the items block (categories, rarities, tags, stats, slots), of the sheet
(abilities, skills, saves, conditions, pools, tracks, fields, derived values), of the rests, and of the
fights (``combat.economy.budgets``, ``combat.distance.label``, ``combat.offHand``), and ``number``, the one
place a number becomes the value a template prints (a whole float is an int, others keep two decimals).

Invariants: a label is data taken from the ruleset, never a word made here; an id the ruleset gives no label
stands in for its label (as the reference engine does), so a fact is never missing for want of a word.
Nothing here is cached between games: a ``Words`` is built by the draft that uses it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from tagproc.engine.carrying import shown_number
from tagproc.engine.rules import Rules
from tagproc.ruleset.refs import (
    AbilityModFromFieldRef,
    AbilityModRef,
    AbilityScoreRef,
    ConstRef,
    DerivedRef,
    FieldRef,
    ItemStatRef,
    ListSumRef,
    LivePoolRef,
    LiveTrackRef,
    SaveModRef,
    SkillModRef,
)

__all__ = ["Number", "ValueName", "Words", "number"]

Number = int | float


def number(value: float) -> Number:
    """A number as a template prints it (``carrying.shown_number``: the engine's notes say weights so too)."""
    return shown_number(value)


def _labels(entries: Iterable[Any]) -> dict[str, str]:
    found: dict[str, str] = {}
    for entry in entries:
        ident = getattr(entry, "id", None)
        if isinstance(ident, str):
            found.setdefault(ident, getattr(entry, "label", None) or ident)
    return found


def _raw_labels(entries: object) -> dict[str, str]:
    """Labels out of a lenient part of the file (``combat``): a list of ``{"id", "label"}`` objects."""
    found: dict[str, str] = {}
    for entry in entries if isinstance(entries, list) else []:
        if isinstance(entry, Mapping) and isinstance(entry.get("id"), str):
            label = entry.get("label")
            found.setdefault(entry["id"], label if isinstance(label, str) and label else entry["id"])
    return found


@dataclass(frozen=True, slots=True)
class ValueName:
    """A value off the sheet as the GM reads it: ``what`` (a label) and ``of`` (``modifier``, ``items`` or
    None), as ``Sinew``, ``Wits modifier``; a count of items names the labels it counts in ``kinds``."""

    what: str
    of: str | None = None
    kinds: tuple[str, ...] = ()


class Words:
    """The labels an item's facts are said in, for one ruleset."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._block = rules.block
        sheet = rules.ruleset.sheet
        self.categories = _labels(self._block.categories if self._block else ())
        self.rarities = _labels(self._block.rarities if self._block else ())
        self.tags = _labels(self._block.tags if self._block else ())
        self.slots = _labels(self._block.slots if self._block else ())
        self.abilities = _labels(sheet.abilities)
        self.skills = _labels(sheet.skills)
        self.saves = _labels(sheet.saves)
        self.conditions = _labels(sheet.live.conditions)
        self.pools = _labels(sheet.live.pools)
        self.tracks = _labels(sheet.live.tracks)
        self.fields = _labels(sheet.fields)
        self.derived = _labels(sheet.derived)
        self.rests = _labels(rules.ruleset.rests)

    @cached_property
    def _combat(self) -> Mapping[str, Any]:
        combat = (self.rules.ruleset.model_extra or {}).get("combat")
        return combat if isinstance(combat, Mapping) else {}

    @cached_property
    def budgets(self) -> dict[str, str]:
        economy = self._combat.get("economy")
        return _raw_labels(economy.get("budgets") if isinstance(economy, Mapping) else None)

    @cached_property
    def defense(self) -> str | None:
        """The ruleset's own word for defense (Ember Roads' Guard), or None where it names none."""
        found = self.rules.proposal_words.defense_words
        return found[0] if found else None

    @cached_property
    def creature_types(self) -> dict[str, str]:
        return _raw_labels(self._combat.get("creatureTypes"))

    @cached_property
    def distance(self) -> str | None:
        """The fight's distance unit (``paces``), or None without one."""
        distance = self._combat.get("distance")
        label = distance.get("label") if isinstance(distance, Mapping) else None
        return label if isinstance(label, str) and label else None

    @cached_property
    def off_hand_budget(self) -> str | None:
        """The budget an off-hand attack spends (``combat.offHand.budget``), by its label."""
        off_hand = self._combat.get("offHand")
        budget = off_hand.get("budget") if isinstance(off_hand, Mapping) else None
        return self.budget(budget) if isinstance(budget, str) else None

    def budget(self, budget_id: str) -> str:
        return self.budgets.get(budget_id, budget_id)

    @staticmethod
    def of(labels: Mapping[str, str], ident: str) -> str:
        return labels.get(ident, ident)

    def value_name(self, ref: object) -> ValueName:
        """What a value reference reads, by the sheet's labels (an id where the sheet has none)."""
        if isinstance(ref, ConstRef):
            return ValueName(str(number(ref.const)))
        if isinstance(ref, AbilityScoreRef):
            return ValueName(self.of(self.abilities, ref.ability_score))
        if isinstance(ref, AbilityModRef):
            return ValueName(self.of(self.abilities, ref.ability_mod), "modifier")
        if isinstance(ref, AbilityModFromFieldRef):
            return ValueName(self.of(self.fields, ref.ability_mod_from_field), "modifier")
        if isinstance(ref, DerivedRef):
            return ValueName(self.of(self.derived, ref.derived))
        if isinstance(ref, FieldRef):
            return ValueName(self.of(self.fields, ref.field))
        if isinstance(ref, SkillModRef):
            return ValueName(self.of(self.skills, ref.skill_mod))
        if isinstance(ref, SaveModRef):
            return ValueName(self.of(self.saves, ref.save_mod))
        if isinstance(ref, LivePoolRef):
            return ValueName(self.of(self.pools, ref.live_pool))
        if isinstance(ref, LiveTrackRef):
            return ValueName(self.of(self.tracks, ref.live_track))
        if isinstance(ref, ListSumRef):
            column = ref.list_sum.get("column")
            return ValueName(str(column) if column else "list")
        if isinstance(ref, ItemStatRef):
            query = ref.item_stat
            stats = _labels(self._block.stats if self._block else ())
            if query.stat is not None:
                return ValueName(self.of(stats, query.stat))
            kinds = tuple(
                self.of(labels, ident)
                for labels, ident in (
                    (self.tags, query.tag),
                    (self.categories, query.category),
                    (self.slots, query.slot),
                )
                if ident is not None
            )
            return ValueName("", "items", kinds)
        return ValueName(getattr(ref, "kind", "") or "value")
