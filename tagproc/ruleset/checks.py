"""The cross-reference checker's core: what a ruleset declares, and the checks several sections share.

Owns :class:`Checker`, which collects :class:`~tagproc.ruleset.errors.Problem` s (never raises) and knows the
declared ids of the sheet, the items block, the catalogs and the fight block, with the checks used from more
than one place: a value reference's ids (and whether it may read the live state), an item filter, an item ref
``<catalog>/<entry>``, a coin, a check (skill/ability/value), dice, a label, and a stat-or-number value.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel

from tagproc.ruleset.base import is_dice, label_problem
from tagproc.ruleset.errors import Problem, step_of
from tagproc.ruleset.item import Check, ItemFilter, StatRef
from tagproc.ruleset.models import ItemCatalog, ItemEntry, ItemsBlock, Ruleset, StatDef
from tagproc.ruleset.refs import (
    LIVE_KINDS,
    AbilityModFromFieldRef,
    AbilityModRef,
    AbilityScoreRef,
    DerivedRef,
    FieldRef,
    ItemStatRef,
    LivePoolRef,
    LiveStateRef,
    LiveTrackRef,
    Ref,
    SaveModRef,
    SkillModRef,
    iter_refs,
    walk_refs,
)


def quoted(ids: Iterable[str]) -> str:
    names = [f'"{i}"' for i in ids]
    return ", ".join(names) if names else "none"


class Checker:
    """Collects problems; one per ruleset check."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.problems: list[Problem] = []
        sheet = ruleset.sheet
        self.abilities = sheet.ability_ids()
        self.skills = sheet.skill_ids()
        self.saves = sheet.save_ids()
        self.fields = sheet.field_ids()
        self.pools = sheet.pool_ids()
        self.tracks = sheet.track_ids()
        self.states = sheet.state_ids()
        self.conditions = sheet.condition_ids()
        self.derived = set(sheet.derived_by_id)
        self.rests = {r.id for r in ruleset.rests}
        self.block: ItemsBlock | None = ruleset.items
        block = self.block
        self.categories = {c.id for c in block.categories} if block else set()
        self.rarities = {r.id for r in block.rarities} if block else set()
        self.tags = {t.id for t in block.tags} if block else set()
        self.stats: dict[str, StatDef] = block.stats_by_id if block else {}
        self.slots = {s.id: s.count for s in block.slots} if block else {}
        self.coins = set(block.coins_by_id) if block else set()
        self.places = {p.id for p in block.market.places} if block and block.market else set()
        self.loot_tables = {t.id for t in block.loot_tables} if block else set()
        self.items: dict[str, tuple[ItemCatalog, ItemEntry]] = ruleset.items_by_ref
        combat = (ruleset.model_extra or {}).get("combat")
        self.combat: dict[str, Any] = combat if isinstance(combat, dict) else {}
        economy = self.combat.get("economy")
        budgets = economy.get("budgets") if isinstance(economy, dict) else None
        self.budgets: set[str] | None = (
            {b["id"] for b in budgets if isinstance(b, dict) and isinstance(b.get("id"), str)}
            if isinstance(budgets, list)
            else None
        )
        self.pool_kind = ruleset.resolution is not None and ruleset.resolution.kind == "dice-pool"

    def add(self, path: str, message: str) -> None:
        self.problems.append(Problem(path, message))

    # --- names -------------------------------------------------------------------------------------------

    def known(self, path: str, value: str | None, declared: set[str] | dict[str, Any], what: str) -> bool:
        if value is None or value in declared:
            return True
        self.add(path, f'Unknown {what} "{value}"; declared: {quoted(sorted(declared))}')
        return False

    def label(self, path: str, text: str) -> None:
        problem = label_problem(text)
        if problem is not None:
            self.add(path, f"{problem}: {text!r}")

    def unique(self, path: str, ids: list[str], what: str) -> None:
        seen: set[str] = set()
        for index, ident in enumerate(ids):
            if ident in seen:
                self.add(
                    f"{path}.{step_of({'id': ident}, index)}.id",
                    f'Duplicate {what} id "{ident}"; each {what} needs its own id',
                )
            seen.add(ident)

    def dice(self, path: str, text: str | None) -> None:
        if text is not None and not is_dice(text):
            self.add(path, f'"{text}" is not dice; write it as "1d6", "2d4+1" or "d8"')

    def count_or_dice(
        self, path: str, value: int | str | None, low: int = 1, high: int | None = None
    ) -> None:
        if isinstance(value, str):
            self.dice(path, value)
        elif value is not None and (value < low or (high is not None and value > high)):
            limit = f"from {low} to {high}" if high is not None else f"at least {low}"
            self.add(path, f'Must be {limit}, or dice such as "1d4"; got {value}')

    # --- value references --------------------------------------------------------------------------------

    def ref(
        self, path: str, ref: BaseModel | None, *, live_ok: bool = True, what: str = "This value"
    ) -> None:
        """Every id a reference reads exists; with ``live_ok=False`` it reads no live state, even via derived."""
        if ref is None or not isinstance(ref, Ref):
            return
        for below, part in walk_refs(ref):
            self._ref_ids(f"{path}.{below}" if below else path, part)
        if not live_ok:
            live = self.live_kinds(ref)
            if live:
                self.add(
                    path,
                    f"{what} is read off the sheet without its live state, so it cannot read "
                    f"{', '.join(sorted(live))} (not even through a derived value)",
                )

    def _ref_ids(self, path: str, ref: Ref) -> None:
        if isinstance(ref, AbilityScoreRef):
            self.known(path, ref.ability_score, self.abilities, "ability")
        elif isinstance(ref, AbilityModRef):
            self.known(path, ref.ability_mod, self.abilities, "ability")
        elif isinstance(ref, FieldRef | AbilityModFromFieldRef):
            name = ref.field if isinstance(ref, FieldRef) else ref.ability_mod_from_field
            self.known(path, name, self.fields, "field")
        elif isinstance(ref, DerivedRef):
            self.known(path, ref.derived, self.derived, "derived value")
        elif isinstance(ref, SkillModRef):
            self.known(path, ref.skill_mod, self.skills, "skill")
        elif isinstance(ref, SaveModRef):
            self.known(path, ref.save_mod, self.saves, "save")
        elif isinstance(ref, LivePoolRef):
            self.known(path, ref.live_pool, self.pools, "live pool")
        elif isinstance(ref, LiveTrackRef):
            self.known(path, ref.live_track, self.tracks, "live track")
        elif isinstance(ref, LiveStateRef):
            self.known(path, ref.live_state, self.states, "live state")
        elif isinstance(ref, ItemStatRef):
            self._item_stat(f"{path}.itemStat", ref)

    def _item_stat(self, path: str, ref: ItemStatRef) -> None:
        query = ref.item_stat
        if self.block is None:
            self.add(path, "itemStat reads items, and this ruleset has no items block")
            return
        counting = query.pick == "count"
        if query.stat is None and not counting:
            self.add(f"{path}.stat", f'pick "{query.pick}" needs a stat; only "count" may leave it out')
        declared = query.stat is not None and self.known(f"{path}.stat", query.stat, self.stats, "item stat")
        if declared and not counting and self.stats[str(query.stat)].type != "number":
            self.add(f"{path}.pick", f'pick "{query.pick}" needs a number stat; "{query.stat}" is not one')
        self.known(f"{path}.slot", query.slot, self.slots, "slot")
        self.known(f"{path}.category", query.category, self.categories, "category")
        self.known(f"{path}.tag", query.tag, self.tags, "tag")

    def live_kinds(self, ref: Ref, seen: set[str] | None = None) -> set[str]:
        """The live readings a reference makes, following derived values (each once)."""
        seen = set() if seen is None else seen
        found: set[str] = set()
        for part in iter_refs(ref):
            if part.kind in LIVE_KINDS:
                found.add(part.kind)
            elif isinstance(part, DerivedRef) and part.derived not in seen:
                seen.add(part.derived)
                formula = self.ruleset.sheet.derived_by_id.get(part.derived)
                if isinstance(formula, Ref):
                    found |= self.live_kinds(formula, seen)
        return found

    # --- items -------------------------------------------------------------------------------------------

    def item_ref(self, path: str, ref: str) -> tuple[ItemCatalog, ItemEntry] | None:
        if "/" not in ref:
            self.add(
                path, f'"{ref}" is no item ref; name an item as <catalog>/<entry>, such as "kit/hand-axe"'
            )
            return None
        found = self.items.get(ref)
        if found is None:
            self.add(path, f'Unknown item "{ref}"; no item catalog has that entry')
        return found

    def item_filter(self, path: str, item_filter: ItemFilter) -> None:
        if item_filter.rarity is None and item_filter.category is None and item_filter.tag is None:
            self.add(path, "A filter names a rarity, a category or a tag (any of them); this one names none")
        self.known(f"{path}.rarity", item_filter.rarity, self.rarities, "rarity")
        self.known(f"{path}.category", item_filter.category, self.categories, "category")
        self.known(f"{path}.tag", item_filter.tag, self.tags, "tag")

    def coin(self, path: str, unit: str) -> None:
        if not self.coins:
            self.add(path, f'Unknown coin "{unit}"; this ruleset declares no currencies')
        else:
            self.known(path, unit, self.coins, "coin")

    def check(self, path: str, check: Check) -> None:
        named = [k for k in ("skill", "ability", "value") if getattr(check, k) is not None]
        if len(named) != 1:
            self.add(
                path, f"A check names exactly one of skill, ability or value; this one names {len(named)}"
            )
        self.known(f"{path}.skill", check.skill, self.skills, "skill")
        self.known(f"{path}.ability", check.ability, self.abilities, "ability")
        self.ref(f"{path}.value", check.value)

    def budget(self, path: str, budget: str | None) -> None:
        if budget is not None and self.budgets is not None:
            self.known(path, budget, self.budgets, "budget (combat.economy.budgets)")

    def stat_ref(self, path: str, value: object, types: tuple[str, ...] = ("number",)) -> None:
        """A ``{"stat": id}`` value names a declared stat of one of ``types``."""
        if isinstance(value, StatRef) and self.known(f"{path}.stat", value.stat, self.stats, "item stat"):
            stat = self.stats[value.stat]
            if stat.type not in types:
                self.add(
                    f"{path}.stat",
                    f'"{value.stat}" is a {stat.type} stat; this needs a {" or ".join(types)} one',
                )
