"""Every limit and cross-reference of a ruleset that needs more than one place of the file at once.

Owns :func:`validate_ruleset`, run on a model pydantic already accepted. It reports (never raises) in file
order: the sheet slice items read (derived values and their cycles, live maxima, rests), catalogs and their
items (:mod:`tagproc.ruleset.validate_items`), the items block (stats, binding, carry, rarityCaps, currencies,
loot tables, starting gear, market, revealsFakes), layers, creatures' loot, and Capability API gating
(:mod:`tagproc.ruleset.capability`). Paths name an entry by its id where it has one, else by its index
(:func:`~tagproc.ruleset.errors.step_of`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tagproc.ruleset.capability import check_capability
from tagproc.ruleset.checks import Checker
from tagproc.ruleset.errors import Problem, step_of
from tagproc.ruleset.models import GearLine, IdLabel, ItemCatalog, ItemsBlock, Ruleset, SlotDef, StatDef
from tagproc.ruleset.refs import DerivedRef, Ref, iter_refs
from tagproc.ruleset.validate_items import check_item, stat_value_problem

ABILITY_MODIFIER_OPS = ("identity", "floorHalfMinusTen", "stepTable")


def validate_ruleset(ruleset: Ruleset, data: dict[str, Any]) -> list[Problem]:
    """Every cross-reference problem of a ruleset pydantic accepted, ``data`` being the file it came from."""
    c = Checker(ruleset)
    _sheet(c)
    _catalogs(c)
    if ruleset.items is not None:
        _block(c, ruleset.items)
    _layers(c)
    _creature_loot(c, data)
    c.problems.extend(check_capability(ruleset, data))
    return c.problems


def _sheet(c: Checker) -> None:
    ruleset = c.ruleset
    if ruleset.resolution is not None:
        rule = ruleset.resolution.ability_modifier
        if rule.op not in ABILITY_MODIFIER_OPS:
            c.add(
                "resolution.abilityModifier.op",
                f'Unknown op "{rule.op}"; tagproc knows {ABILITY_MODIFIER_OPS}',
            )
        elif rule.op == "stepTable" and not rule.table:
            c.add("resolution.abilityModifier.table", "A stepTable ability modifier needs its table")
    sheet = ruleset.sheet
    c.unique("sheet.derived", [d.id for d in sheet.derived], "derived value")
    for n, derived in enumerate(sheet.derived):
        if isinstance(derived, Ref):
            c.ref(f"sheet.derived.{step_of(derived, n)}", derived)
    _derived_cycles(c)
    for n, pool in enumerate(sheet.live.pools):
        if isinstance(pool.max, Ref):
            c.ref(
                f"sheet.live.pools.{step_of(pool, n)}.max", pool.max, live_ok=False, what="A pool's maximum"
            )
    for n, track in enumerate(sheet.live.tracks):
        if isinstance(track.max, Ref):
            c.ref(
                f"sheet.live.tracks.{step_of(track, n)}.max",
                track.max,
                live_ok=False,
                what="A track's maximum",
            )
    c.unique("rests", [r.id for r in ruleset.rests], "rest")
    for r, rest in enumerate(ruleset.rests):
        rest_path = f"rests.{step_of(rest, r)}"
        for s, step in enumerate(rest.restore):
            c.known(f"{rest_path}.restore.{s}.pool", step.pool, c.pools, "live pool")
            c.known(f"{rest_path}.restore.{s}.track", step.track, c.tracks, "live track")
            c.known(f"{rest_path}.restore.{s}.state", step.state, c.states, "live state")
            if isinstance(step.by, Ref):
                c.ref(f"{rest_path}.restore.{s}.by", step.by)
        for n, condition in enumerate(rest.clear.conditions if rest.clear else []):
            c.known(f"{rest_path}.clear.conditions.{n}", condition, c.conditions, "condition")


def _derived_cycles(c: Checker) -> None:
    by_id = c.ruleset.sheet.derived_by_id
    reads = {
        ident: [p.derived for p in iter_refs(f) if isinstance(p, DerivedRef)] if isinstance(f, Ref) else []
        for ident, f in by_id.items()
    }
    index = {d.id: step_of(d, n) for n, d in enumerate(c.ruleset.sheet.derived)}
    done: set[str] = set()
    for start in reads:
        stack: list[tuple[str, list[str]]] = [(start, [start])]
        while stack:
            node, trail = stack.pop()
            for nxt in reads.get(node, []):
                if nxt == start:
                    if start not in done:
                        done.update(trail)
                        cycle = " → ".join([*trail, start])
                        c.add(
                            f"sheet.derived.{index[start]}",
                            f"Derived values read each other in a circle: {cycle}",
                        )
                elif nxt not in trail and nxt in reads and len(trail) < len(reads):
                    stack.append((nxt, [*trail, nxt]))


def _catalogs(c: Checker) -> None:
    c.unique("catalogs", [cat.id for cat in c.ruleset.catalogs], "catalog")
    for catalog in c.ruleset.catalogs:
        if not isinstance(catalog, ItemCatalog):
            continue
        path = f"catalogs.{catalog.id}"
        if catalog.feeds is not None:
            c.add(f"{path}.feeds", "An item catalog declares no feeds: its entries are items, not sheet rows")
        if c.block is None:
            c.add(path, 'A catalog that holds "items" needs the items block (top-level "items")')
            continue
        seen: set[str] = set()
        for entry in catalog.entries:
            entry_path = f"{path}.entries.{entry.id}"
            if entry.id in seen:
                c.add(f"{entry_path}.id", f'Duplicate entry id "{entry.id}" in catalog "{catalog.id}"')
            seen.add(entry.id)
            check_item(c, f"{entry_path}.item", entry.label, entry.item)


def _block(c: Checker, block: ItemsBlock) -> None:
    groups: list[tuple[str, str, Sequence[IdLabel | StatDef | SlotDef]]] = [
        ("categories", "category", block.categories),
        ("rarities", "rarity", block.rarities),
        ("tags", "tag", block.tags),
        ("stats", "stat", block.stats),
        ("slots", "slot", block.slots),
    ]
    for key, what, rows in groups:
        c.unique(f"items.{key}", [row.id for row in rows], what)
        for n, row in enumerate(rows):
            c.label(f"items.{key}.{step_of(row, n)}.label", row.label)
    for n, stat in enumerate(block.stats):
        _stat_def(c, f"items.stats.{step_of(stat, n)}", stat)
    if block.binding is not None:
        c.ref("items.binding.max", block.binding.max, live_ok=False, what="binding.max")
    if block.carry is not None:
        carry = block.carry
        if c.known("items.carry.stat", carry.stat, c.stats, "item stat"):
            stat = c.stats[carry.stat]
            if stat.type != "number" or stat.min is None or stat.min < 0:
                c.add(
                    "items.carry.stat",
                    f'The weight stat "{carry.stat}" must be a number stat whose min is 0 or more',
                )
        c.ref(
            "items.carry.encumberedAbove", carry.encumbered_above, live_ok=False, what="carry.encumberedAbove"
        )
        c.ref("items.carry.limit", carry.limit, live_ok=False, what="carry.limit")
    _rarity_caps(c, block)
    _currencies(c, block)
    _loot(c, block)
    _gear(c, block)
    _market(c, block)
    c.unique("items.revealsFakes", [r.id for r in block.reveals_fakes], "way of seeing through fakes")
    for n, way in enumerate(block.reveals_fakes):
        way_path = f"items.revealsFakes.{step_of(way, n)}"
        for t, tag in enumerate(way.tags):
            c.known(f"{way_path}.tags.{t}", tag, c.tags, "tag")
        for i, ref in enumerate(way.items):
            found = c.item_ref(f"{way_path}.items.{i}", ref)
            if found is not None and found[1].item.passes_for is None:
                c.add(f"{way_path}.items.{i}", f'"{ref}" is no fake; revealsFakes names only fakes')


def _stat_def(c: Checker, path: str, stat: StatDef) -> None:
    if stat.type != "number" and (stat.min is not None or stat.max is not None):
        c.add(path, f"Only a number stat has min and max; this one is {stat.type}")
    if stat.type == "number" and stat.min is not None and stat.max is not None and stat.min > stat.max:
        c.add(f"{path}.min", f"min {stat.min} is above max {stat.max}")
    if stat.type == "enum" and not stat.values:
        c.add(f"{path}.values", "An enum stat lists its values")
    if stat.type != "enum" and stat.values is not None:
        c.add(f"{path}.values", f"Only an enum stat has values; this one is {stat.type}")
    if stat.default is not None:
        problem = stat_value_problem(stat, stat.default)
        if problem is not None:
            c.add(f"{path}.default", problem)


def _rarity_caps(c: Checker, block: ItemsBlock) -> None:
    seen: set[str] = set()
    for n, cap in enumerate(block.rarity_caps):
        path = f"items.rarityCaps.{n}"
        if cap.rarity in seen:
            c.add(f"{path}.rarity", f'A second cap for rarity "{cap.rarity}"; one per rarity at most')
        seen.add(cap.rarity)
        c.known(f"{path}.rarity", cap.rarity, c.rarities, "rarity")
        for stat_id, value in cap.stats.items():
            if not c.known(f"{path}.stats.{stat_id}", stat_id, c.stats, "item stat"):
                continue
            stat = c.stats[stat_id]
            if stat.type != "number":
                c.add(f"{path}.stats.{stat_id}", f'rarityCaps caps number stats; "{stat_id}" is {stat.type}')
                continue
            problem = stat_value_problem(stat, value)
            if problem is not None:
                c.add(f"{path}.stats.{stat_id}", problem)


def _currencies(c: Checker, block: ItemsBlock) -> None:
    c.unique("items.currencies", [f.id for f in block.currencies], "currency family")
    seen: dict[str, str] = {}
    for f, family in enumerate(block.currencies):
        path = f"items.currencies.{step_of(family, f)}"
        c.label(f"{path}.label", family.label)
        if family.per_weight is not None and block.carry is None:
            c.add(f"{path}.perWeight", "perWeight weighs coins in the carry stat, so it needs items.carry")
        values: dict[int, str] = {}
        for u, coin in enumerate(family.units):
            unit_path = f"{path}.units.{step_of(coin, u)}"
            if coin.id in seen:
                c.add(
                    f"{unit_path}.id",
                    f'Coin id "{coin.id}" is already a coin of "{seen[coin.id]}"; coin ids are '
                    "unique across every family, since a cost names the coin alone",
                )
            seen.setdefault(coin.id, family.id)
            if coin.value in values:
                c.add(
                    f"{unit_path}.value",
                    f'"{coin.id}" is worth {coin.value}, as "{values[coin.value]}" is; no two '
                    "coins of a family are worth the same",
                )
            values.setdefault(coin.value, coin.id)
            c.label(f"{unit_path}.label", coin.label)
            if coin.one is not None:
                c.label(f"{unit_path}.one", coin.one)
        if 1 not in values:
            c.add(
                f"{path}.units",
                f'The smallest coin of "{family.id}" must be worth 1 (values count the smallest coin)',
            )


def _loot(c: Checker, block: ItemsBlock) -> None:
    c.unique("items.lootTables", [t.id for t in block.loot_tables], "loot table")
    for t, table in enumerate(block.loot_tables):
        path = f"items.lootTables.{step_of(table, t)}"
        c.label(f"{path}.label", table.label)
        c.count_or_dice(f"{path}.rolls", table.rolls, low=0, high=20)
        for n, line in enumerate(table.entries):
            line_path = f"{path}.entries.{n}"
            named = [k for k in ("item", "filter", "coins") if getattr(line, k) is not None]
            if len(named) != 1:
                c.add(
                    line_path,
                    f"A loot line is exactly one of item, filter or coins; this one has {named or 'none'}",
                )
            if line.item is not None:
                c.item_ref(f"{line_path}.item", line.item)
            if line.filter is not None:
                c.item_filter(f"{line_path}.filter", line.filter)
            if line.coins is not None:
                c.coin(f"{line_path}.coins", line.coins)
            c.count_or_dice(f"{line_path}.count", line.count)


def _gear(c: Checker, block: ItemsBlock) -> None:
    c.unique("items.startingGear", [g.id for g in block.starting_gear], "starting gear")
    for g, gear in enumerate(block.starting_gear):
        path = f"items.startingGear.{step_of(gear, g)}"
        c.label(f"{path}.label", gear.label)
        if gear.fits is not None:
            c.ref(f"{path}.fits.value", gear.fits.value, live_ok=False, what="fits")
        if not gear.lines and not gear.choices:
            c.add(path, "Starting gear gives something: lines, choices or both")
        for n, line in enumerate(gear.lines):
            _gear_line(c, f"{path}.lines.{n}", line, block)
        for h, choice in enumerate(gear.choices):
            for o, option in enumerate(choice.options):
                for n, line in enumerate(option.lines):
                    _gear_line(c, f"{path}.choices.{h}.options.{o}.lines.{n}", line, block)


def _gear_line(c: Checker, path: str, line: GearLine, block: ItemsBlock) -> None:
    named = [
        k
        for k in ("item", "coins", "oneOf", "name")
        if getattr(line, "one_of" if k == "oneOf" else k) is not None
    ]
    if len(named) != 1:
        c.add(
            path, f"A gear line is exactly one of item, coins, oneOf or name; this one has {named or 'none'}"
        )
    refs = [(f"{path}.item", line.item)] if line.item is not None else []
    refs += [(f"{path}.oneOf.{n}", ref) for n, ref in enumerate(line.one_of or [])]
    for ref_path, ref in refs:
        found = c.item_ref(ref_path, ref)
        if found is not None and found[1].item.service:
            c.add(ref_path, f'"{ref}" is a service; starting gear never offers one')
    if line.coins is not None:
        c.coin(f"{path}.coins", line.coins)
    if line.name is not None:
        c.label(f"{path}.name", line.name)
        if block.freeform == "refuse":
            c.add(
                f"{path}.name",
                'A plain item by name needs freeform "plain"; this ruleset refuses plain items',
            )


def _market(c: Checker, block: ItemsBlock) -> None:
    market = block.market
    if market is None:
        return
    c.unique("items.market.prices", [p.id for p in market.prices], "price level")
    defaults = [p.id for p in market.prices if p.default]
    if len(defaults) != 1:
        c.add("items.market.prices", f"Exactly one price level is the default; {len(defaults)} are")
    c.unique("items.market.places", [p.id for p in market.places], "place")
    for n, place in enumerate(market.places):
        place_path = f"items.market.places.{step_of(place, n)}"
        c.label(f"{place_path}.label", place.label)
        if place.purse is not None:
            c.coin(f"{place_path}.purse.unit", place.purse.unit)
    for n, rule in enumerate(market.sold):
        c.item_filter(f"items.market.sold.{n}.filter", rule.filter)
        c.known(f"items.market.sold.{n}.place", rule.place, c.places, "place")
        c.count_or_dice(f"items.market.sold.{n}.limited", rule.limited)
    c.unique("items.market.sellers", [s.id for s in market.sellers], "seller")
    for n, seller in enumerate(market.sellers):
        path = f"items.market.sellers.{step_of(seller, n)}"
        c.label(f"{path}.label", seller.label)
        for f, sells in enumerate(seller.sells):
            c.item_filter(f"{path}.sells.{f}", sells)
        c.known(f"{path}.place", seller.place, c.places, "place")
        if seller.only is not None:
            c.ref(f"{path}.only.value", seller.only.value)
        if seller.stock is not None:
            c.known(f"{path}.stock.table", seller.stock.table, c.loot_tables, "loot table")
        if seller.manner is not None:
            if seller.honest:
                c.add(f"{path}.manner", 'manner is a dishonest seller\'s; give the seller "honest": false')
            c.check(f"{path}.manner.check", seller.manner.check)
    for n, unsold in enumerate(market.unsold):
        c.item_filter(f"items.market.unsold.{n}", unsold)


def _layers(c: Checker) -> None:
    catalogs = {cat.id: cat for cat in c.ruleset.catalogs}
    families = {f.id for f in c.block.currencies} if c.block else set()
    for n, layer in enumerate(c.ruleset.layers):
        path = f"layers.{step_of(layer, n)}"
        for k, hidden in enumerate(layer.catalogs):
            hidden_path = f"{path}.catalogs.{step_of(hidden, k)}"
            catalog = catalogs.get(hidden.id)
            if catalog is None:
                c.known(f"{hidden_path}.id", hidden.id, set(catalogs), "catalog")
                continue
            if isinstance(catalog, ItemCatalog):
                entry_ids = {e.id for e in catalog.entries}
            else:
                entry_ids = {str(e.get("id")) for e in catalog.entries}
            for e, entry_id in enumerate(hidden.hide.entries if hidden.hide else []):
                c.known(f"{hidden_path}.hide.entries.{e}", entry_id, entry_ids, f'entry of "{hidden.id}"')
        if layer.items is None:
            continue
        if layer.items.currencies is not None:
            for u, unit in enumerate(layer.items.currencies.remove_units):
                c.coin(f"{path}.items.currencies.removeUnits.{u}", unit)
            for f, family in enumerate(layer.items.currencies.remove_families):
                c.known(f"{path}.items.currencies.removeFamilies.{f}", family, families, "currency family")
        if layer.items.market is not None:
            if c.block is None or c.block.market is None:
                c.add(
                    f"{path}.items.market",
                    "A layer adds to the market's unsold, and this ruleset has no market",
                )
            for u, unsold in enumerate(layer.items.market.unsold):
                c.item_filter(f"{path}.items.market.unsold.{u}", unsold)


def _creature_loot(c: Checker, data: dict[str, Any]) -> None:
    for catalog in data.get("catalogs") or []:
        if not isinstance(catalog, dict) or catalog.get("holds") == "items":
            continue
        for entry in catalog.get("entries") or []:
            creature = entry.get("creature") if isinstance(entry, dict) else None
            if isinstance(creature, dict) and "loot" in creature:
                path = f"catalogs.{catalog.get('id')}.entries.{entry.get('id')}.creature.loot"
                c.known(path, str(creature["loot"]), c.loot_tables, "loot table")
