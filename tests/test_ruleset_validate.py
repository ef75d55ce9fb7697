"""Broken rulesets: each a one-thing mutation of the sample, refused with the exact path and a reason.

One row per rule of spec "The items block", "An item" and the later sections (loot, money, starting gear,
markets, fakes), plus the value-reference and sheet rules items rely on. Every row asserts the dotted path and
a key phrase of the sentence; all problems of a ruleset are reported at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tagproc.ruleset import RulesetError, parse_ruleset
from tagproc.ruleset.load import problems_of
from tests.test_ruleset_sample import sample

Data = dict[str, Any]
KIT = "catalogs.kit.entries"


def item(data: Data, entry: str) -> Data:
    entries = data["catalogs"][0]["entries"]
    found: Data = next(e for e in entries if e["id"] == entry)["item"]
    return found


def block(data: Data) -> Data:
    found: Data = data["items"]
    return found


def market(data: Data) -> Data:
    found: Data = data["items"]["market"]
    return found


def many(make: Callable[[int], Any], count: int) -> list[Any]:
    return [make(n) for n in range(count)]


def id_label(n: int) -> Data:
    return {"id": f"x{n}", "label": f"X{n}"}


def _set(path: str, value: Any) -> Callable[[Data], None]:
    """A mutation that sets one dotted path (lists by index, catalog entries by id)."""

    def mutate(data: Data) -> None:
        node: Any = data
        parts = path.split(".")
        for part in parts[:-1]:
            if part.startswith("@"):
                node = item(data, part[1:])
            elif isinstance(node, list):
                node = node[int(part)]
            else:
                node = node[part]
        last = parts[-1]
        if value is DELETE:
            del node[last]
        elif isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return mutate


DELETE = object()


def _do(*steps: Callable[[Data], None]) -> Callable[[Data], None]:
    def mutate(data: Data) -> None:
        for step in steps:
            step(data)

    return mutate


def _no_rarities(data: Data) -> None:
    items = block(data)
    del items["rarities"], items["rarityCaps"]
    market(data)["sold"] = [{"filter": {"category": "trinket"}, "place": "town"}]
    for entry in ("storied-blade", "false-blade", "hand-axe"):
        item(data, entry).pop("rarity", None)
    item(data, "hand-axe")["rarity"] = "common"


def _derived_cycle(data: Data) -> None:
    data["sheet"]["derived"][0]["of"].append({"derived": "guard"})
    data["sheet"]["derived"][1]["of"].append({"derived": "load"})


def _second_kit_entry_named_like_the_axe(data: Data) -> None:
    data["catalogs"][0]["entries"].append(
        {"id": "hand-axe", "label": "Axe again", "item": {"category": "weapon"}}
    )


def _beast_loot(data: Data) -> None:
    data["catalogs"][1]["entries"][0]["creature"]["loot"] = "graves"


ROWS = [
    # --- the items block: counts -------------------------------------------------------------------------
    pytest.param(_set("items.categories", []), "items.categories", "At least 1", id="no-categories"),
    pytest.param(
        _set("items.categories", many(id_label, 25)), "items.categories", "At most 24", id="25-categories"
    ),
    pytest.param(
        _set("items.rarities", many(id_label, 13)), "items.rarities", "At most 12", id="13-rarities"
    ),
    pytest.param(_set("items.tags", many(id_label, 49)), "items.tags", "At most 48", id="49-tags"),
    pytest.param(
        _set("items.stats", many(lambda n: {**id_label(n), "type": "number"}, 25)),
        "items.stats",
        "At most 24",
        id="25-stats",
    ),
    pytest.param(
        _set("items.slots", many(lambda n: {**id_label(n), "count": 1}, 13)),
        "items.slots",
        "At most 12",
        id="13-slots",
    ),
    pytest.param(_set("items.slots.0.count", 0), "items.slots.body.count", "at least 1", id="slot-count-0"),
    pytest.param(
        _set("items.slots.1.count", 21), "items.slots.hands.count", "at most 20", id="slot-count-21"
    ),
    pytest.param(
        _set(
            "items.currencies",
            many(lambda n: {**id_label(n), "units": [{**id_label(100 + n), "value": 1}]}, 7),
        ),
        "items.currencies",
        "At most 6",
        id="7-currency-families",
    ),
    pytest.param(
        _set("items.currencies.1.units", many(lambda n: {**id_label(n), "value": n + 1}, 11)),
        "items.currencies.salt.units",
        "At most 10",
        id="11-coins-in-a-family",
    ),
    pytest.param(
        _set("items.currencies.1.units", []),
        "items.currencies.salt.units",
        "At least 1",
        id="family-no-coins",
    ),
    pytest.param(
        _set("items.lootTables", many(lambda n: {**id_label(n), "entries": [{"coins": "bit"}]}, 25)),
        "items.lootTables",
        "At most 24",
        id="25-loot-tables",
    ),
    # --- the items block: ids, stats, carry, binding -------------------------------------------------------
    pytest.param(
        _set("items.categories.1.id", "weapon"),
        "items.categories.weapon.id",
        "Duplicate category",
        id="dup-category",
    ),
    pytest.param(
        _set("items.categories.0.label", "Weapon [melee]"),
        "items.categories.weapon.label",
        "square brackets",
        id="label-brackets",
    ),
    pytest.param(
        _set("items.stats.0.type", "weight"), "items.stats.bulk.type", "Must be 'number'", id="stat-type"
    ),
    pytest.param(
        _set("items.stats.3.default", "luck"),
        "items.stats.swing.default",
        "not one of",
        id="stat-default-enum",
    ),
    pytest.param(
        _set("items.stats.3.values", DELETE),
        "items.stats.swing.values",
        "lists its values",
        id="enum-without-values",
    ),
    pytest.param(_set("items.stats.0.min", 11), "items.stats.bulk.min", "above max", id="stat-min-above-max"),
    pytest.param(
        _set("items.carry.stat", "damage"),
        "items.carry.stat",
        "number stat whose min is 0",
        id="carry-stat-dice",
    ),
    pytest.param(
        _set("items.carry.unit", "pounds-weight"), "items.carry.unit", "1 to 12 letters", id="carry-unit-long"
    ),
    pytest.param(
        _set("items.carry.encumberedAbove", {"derived": "guard"}),
        "items.carry.encumberedAbove",
        "cannot read itemStat",
        id="carry-reads-items-through-derived",
    ),
    pytest.param(
        _set("items.binding.max", {"livePool": "luck"}),
        "items.binding.max",
        "without its live state",
        id="binding-live",
    ),
    pytest.param(
        _set("items.binding.max", {"abilityScor": "wits"}),
        "items.binding.max",
        "value reference",
        id="not-a-value-ref",
    ),
    pytest.param(
        _set("items.binding.max", {"abilityScore": "luck"}),
        "items.binding.max",
        'Unknown ability "luck"',
        id="ref-unknown-ability",
    ),
    pytest.param(_set("items.coins", []), "items.coins", 'Unknown key "coins"', id="unknown-block-key"),
    pytest.param(
        _set("items.freeform", "loose"), "items.freeform", "Must be 'plain' or 'refuse'", id="freeform-word"
    ),
    # --- rarityCaps ------------------------------------------------------------------------------------------
    pytest.param(
        _set("items.rarityCaps", [{"rarity": "common"}, {"rarity": "common"}]),
        "items.rarityCaps.1.rarity",
        "one per rarity",
        id="two-caps-one-rarity",
    ),
    pytest.param(
        _set("items.rarityCaps.0.rarity", "mythic"),
        "items.rarityCaps.0.rarity",
        'Unknown rarity "mythic"',
        id="cap-rarity",
    ),
    pytest.param(
        _set("items.rarityCaps.0.stats", {"damage": 2}),
        "items.rarityCaps.0.stats.damage",
        "caps number stats",
        id="cap-dice-stat",
    ),
    pytest.param(
        _set("items.rarityCaps.0.stats", {"guard": 9}),
        "items.rarityCaps.0.stats.guard",
        "outside",
        id="cap-out-of-range",
    ),
    # --- currencies --------------------------------------------------------------------------------------------
    pytest.param(
        _set("items.currencies.1.units.0.id", "bit"),
        "items.currencies.salt.units.bit.id",
        "unique across every family",
        id="coin-id-twice",
    ),
    pytest.param(
        _set("items.currencies.0.units.1.value", 1),
        "items.currencies.coin.units.mark.value",
        "worth the same",
        id="coin-values-equal",
    ),
    pytest.param(
        _set("items.currencies.0.units.0.value", 5),
        "items.currencies.coin.units",
        "must be worth 1",
        id="smallest-not-1",
    ),
    pytest.param(
        _set("items.carry", DELETE),
        "items.currencies.coin.perWeight",
        "needs items.carry",
        id="perweight-without-carry",
    ),
    # --- loot tables ---------------------------------------------------------------------------------------------
    pytest.param(
        _set("items.lootTables.0.rolls", 21), "items.lootTables.road.rolls", "from 0 to 20", id="rolls-21"
    ),
    pytest.param(
        _set("items.lootTables.0.rolls", "lots"),
        "items.lootTables.road.rolls",
        "is not dice",
        id="rolls-not-dice",
    ),
    pytest.param(
        _set("items.lootTables.0.entries.0.coins", "bit"),
        "items.lootTables.road.entries.0",
        "exactly one of item, filter or coins",
        id="loot-two",
    ),
    pytest.param(
        _set("items.lootTables.0.entries.0", {"weight": 1}),
        "items.lootTables.road.entries.0",
        "exactly one of item",
        id="loot-none",
    ),
    pytest.param(
        _set("items.lootTables.0.entries.0.item", "kit/nothing"),
        "items.lootTables.road.entries.0.item",
        'Unknown item "kit/nothing"',
        id="loot-item",
    ),
    pytest.param(
        _set("items.lootTables.0.entries.0.item", "hand-axe"),
        "items.lootTables.road.entries.0.item",
        "<catalog>/<entry>",
        id="loot-ref-form",
    ),
    pytest.param(
        _set("items.lootTables.0.entries.2.coins", "gold"),
        "items.lootTables.road.entries.2.coins",
        'Unknown coin "gold"',
        id="loot-coin",
    ),
    pytest.param(
        _set("items.lootTables.0.entries.1.filter", {"category": "food"}),
        "items.lootTables.road.entries.1.filter.category",
        'Unknown category "food"',
        id="loot-filter",
    ),
    pytest.param(
        _set("items.lootTables.0.entries.1.filter", {}),
        "items.lootTables.road.entries.1.filter",
        "names none",
        id="empty-filter",
    ),
    pytest.param(
        _beast_loot,
        "catalogs.beasts.entries.wolf.creature.loot",
        'Unknown loot table "graves"',
        id="creature-loot",
    ),
    # --- starting gear ---------------------------------------------------------------------------------------------
    pytest.param(
        _set("items.startingGear.0.lines.0.coins", "bit"),
        "items.startingGear.scout.lines.0",
        "exactly one of item, coins, oneOf or name",
        id="gear-two",
    ),
    pytest.param(
        _set("items.startingGear.0.lines.1.count", 1000),
        "items.startingGear.scout.lines.1.count",
        "at most 999",
        id="gear-count",
    ),
    pytest.param(
        _set("items.startingGear.0.choices.0.options.1.lines.0.oneOf", ["kit/hand-axe"]),
        "items.startingGear.scout.choices.0.options.1.lines.0.oneOf",
        "At least 2",
        id="oneof-1",
    ),
    pytest.param(
        _set("items.startingGear.0.choices", many(lambda n: {"label": "c", "options": []}, 9)),
        "items.startingGear.scout.choices",
        "At most 8",
        id="9-choices",
    ),
    pytest.param(
        _set("items.startingGear.0.choices.0.options", [{"label": "one", "lines": [{"coins": "bit"}]}]),
        "items.startingGear.scout.choices.0.options",
        "At least 2",
        id="one-option",
    ),
    pytest.param(
        _set(
            "items.startingGear.0.choices.0.options",
            many(lambda n: {"label": "o", "lines": [{"coins": "bit"}]}, 7),
        ),
        "items.startingGear.scout.choices.0.options",
        "At most 6",
        id="7-options",
    ),
    pytest.param(
        _set("items.startingGear.0.lines.0.item", "kit/lodging"),
        "items.startingGear.scout.lines.0.item",
        "is a service",
        id="gear-service",
    ),
    pytest.param(
        _set("items.freeform", "refuse"),
        "items.startingGear.drifter.lines.0.name",
        'needs freeform "plain"',
        id="gear-name-refused",
    ),
    pytest.param(
        _set("items.startingGear.0.fits.value", {"livePool": "grit"}),
        "items.startingGear.scout.fits.value",
        "cannot read livePool",
        id="fits-live",
    ),
    # --- market ------------------------------------------------------------------------------------------------------
    pytest.param(
        _set("items.market.prices.0.default", True),
        "items.market.prices",
        "Exactly one price level",
        id="two-defaults",
    ),
    pytest.param(
        _set("items.market.prices.1.default", False),
        "items.market.prices",
        "Exactly one price level",
        id="no-default",
    ),
    pytest.param(
        _set("items.market.prices", many(lambda n: {**id_label(n), "times": 1, "default": n == 0}, 9)),
        "items.market.prices",
        "At most 8",
        id="9-prices",
    ),
    pytest.param(
        _set("items.market.prices.0.times", 0), "items.market.prices.cheap.times", "above 0", id="times-0"
    ),
    pytest.param(
        _set("items.market.places", many(id_label, 13)), "items.market.places", "At most 12", id="13-places"
    ),
    pytest.param(_set("items.market.buyBack", 0), "items.market.buyBack", "above 0", id="buyback-0"),
    pytest.param(_set("items.market.buyBack", 1.5), "items.market.buyBack", "at most 1", id="buyback-1.5"),
    pytest.param(
        _set("items.market.places.1.purse.unit", "gold"),
        "items.market.places.town.purse.unit",
        'Unknown coin "gold"',
        id="purse-coin",
    ),
    pytest.param(
        _set("items.market.sold.0.place", "capital"),
        "items.market.sold.0.place",
        'Unknown place "capital"',
        id="sold-rule-place",
    ),
    pytest.param(
        _set("items.market.sellers.0.place", "capital"),
        "items.market.sellers.smith.place",
        'Unknown place "capital"',
        id="seller-place",
    ),
    pytest.param(
        _set("items.market.sellers.1.stock.table", "graves"),
        "items.market.sellers.fence.stock.table",
        'Unknown loot table "graves"',
        id="stock-table",
    ),
    pytest.param(
        _set("items.market.sellers.1.honest", True),
        "items.market.sellers.fence.manner",
        "dishonest seller",
        id="manner-honest",
    ),
    pytest.param(
        _set("items.market.unsold.0", {"tag": "cursed"}),
        "items.market.unsold.0.tag",
        'Unknown tag "cursed"',
        id="unsold-tag",
    ),
    # --- an item -------------------------------------------------------------------------------------------------------
    pytest.param(
        _set("@hand-axe.category", DELETE),
        f"{KIT}.hand-axe.item.category",
        '"category" is required',
        id="no-category",
    ),
    pytest.param(
        _set("@hand-axe.category", "tool"),
        f"{KIT}.hand-axe.item.category",
        'Unknown category "tool"',
        id="item-category",
    ),
    pytest.param(
        _no_rarities, f"{KIT}.hand-axe.item.rarity", "declares rarities", id="rarity-without-rarities"
    ),
    pytest.param(
        _set("@hand-axe.rarity", "mythic"),
        f"{KIT}.hand-axe.item.rarity",
        'Unknown rarity "mythic"',
        id="item-rarity",
    ),
    pytest.param(
        _set("@hand-axe.tags", ["heavy"]), f"{KIT}.hand-axe.item.tags.0", 'Unknown tag "heavy"', id="item-tag"
    ),
    pytest.param(
        _set("@hand-axe.stats.weight", 3),
        f"{KIT}.hand-axe.item.stats.weight",
        'Unknown item stat "weight"',
        id="item-stat",
    ),
    pytest.param(
        _set("@hand-axe.stats.bulk", 11), f"{KIT}.hand-axe.item.stats.bulk", "outside", id="stat-range"
    ),
    pytest.param(
        _set("@hand-axe.stats.bulk", 1.5),
        f"{KIT}.hand-axe.item.stats.bulk",
        "whole numbers",
        id="stat-integer",
    ),
    pytest.param(
        _set("@hand-axe.stats.swing", "luck"),
        f"{KIT}.hand-axe.item.stats.swing",
        "not one of",
        id="stat-enum",
    ),
    pytest.param(
        _set("@hand-axe.stats.damage", "d"), f"{KIT}.hand-axe.item.stats.damage", "not dice", id="stat-dice"
    ),
    pytest.param(
        _set("@hand-axe.stats.silvered", "yes"),
        f"{KIT}.hand-axe.item.stats.silvered",
        "true or false",
        id="stat-boolean",
    ),
    pytest.param(
        _set("@hand-axe.stats.note", "x" * 21),
        f"{KIT}.hand-axe.item.stats.note",
        "at most 20",
        id="stat-text-length",
    ),
    pytest.param(
        _set("@hand-axe.slots", {"feet": 1}),
        f"{KIT}.hand-axe.item.slots.feet",
        'Unknown slot "feet"',
        id="item-slot",
    ),
    pytest.param(
        _set("@hunting-bow.slots.hands", 3),
        f"{KIT}.hunting-bow.item.slots.hands",
        "has only 2",
        id="more-slots-than-a-character",
    ),
    pytest.param(_set("@arrows.stack", 0), f"{KIT}.arrows.item.stack", "at least 1", id="stack-0"),
    pytest.param(
        _set("@arrows.stack", 1_000_000), f"{KIT}.arrows.item.stack", "at most 999999", id="stack-1e6"
    ),
    pytest.param(
        _set("@dawn-bell.stack", 5), f"{KIT}.dawn-bell.item.stack", "one to a stack", id="charges-stack"
    ),
    pytest.param(
        _set("@hand-axe.cost.unit", "gold"),
        f"{KIT}.hand-axe.item.cost.unit",
        'Unknown coin "gold"',
        id="cost-unit",
    ),
    pytest.param(
        _set("@hand-axe.cost.amount", 2.5),
        f"{KIT}.hand-axe.item.cost.amount",
        "whole number",
        id="cost-whole",
    ),
    pytest.param(
        _set("@hand-axe.weight", 3),
        f"{KIT}.hand-axe.item.weight",
        'Unknown key "weight"',
        id="unknown-item-key",
    ),
    pytest.param(
        _set("@lodging.cost", DELETE), f"{KIT}.lodging.item.service", "needs a cost", id="service-cost"
    ),
    pytest.param(
        _set("@lodging.slots", {"hands": 1}), f"{KIT}.lodging.item.slots", "no slots", id="service-slots"
    ),
    pytest.param(_set("@lodging.stack", 3), f"{KIT}.lodging.item.stack", "no stack", id="service-stack"),
    pytest.param(
        _set("@lodging.use", {"kind": "heal", "free": True}),
        f"{KIT}.lodging.item.use",
        "no use",
        id="service-use",
    ),
    pytest.param(
        _set("items.binding", DELETE), f"{KIT}.dawn-bell.item.binds", "binding", id="binds-without-binding"
    ),
    pytest.param(
        _set("@storied-blade.sold.place", "capital"),
        f"{KIT}.storied-blade.item.sold.place",
        'Unknown place "capital"',
        id="sold-place",
    ),
    pytest.param(
        _set("@storied-blade.sold.limited", "lots"),
        f"{KIT}.storied-blade.item.sold.limited",
        "not dice",
        id="sold-limited",
    ),
    pytest.param(
        _do(_set("items.market", DELETE), _set("items.lootTables.0.entries", [{"coins": "bit"}])),
        f"{KIT}.storied-blade.item.sold",
        "no items.market",
        id="sold-without-market",
    ),
    pytest.param(
        _set("@leather-coat.worn.modifiers.0.skills", ["dance"]),
        f"{KIT}.leather-coat.item.worn.modifiers.0.skills.0",
        'Unknown skill "dance"',
        id="worn-skill",
    ),
    pytest.param(
        _set("@dawn-bell.worn.conditionImmunities", ["sleepy"]),
        f"{KIT}.dawn-bell.item.worn.conditionImmunities.0",
        'Unknown condition "sleepy"',
        id="worn-condition",
    ),
    pytest.param(
        _set("@leather-coat.requires.0.otherwise.abilities", {"brawn": {"add": -1}}),
        f"{KIT}.leather-coat.item.requires.0.otherwise.abilities",
        "cannot change an ability",
        id="otherwise-ability",
    ),
    pytest.param(
        _set("@leather-coat.requires", many(lambda n: {"value": {"const": 1}, "atLeast": 1}, 5)),
        f"{KIT}.leather-coat.item.requires",
        "At most 4",
        id="5-requires",
    ),
    # --- weapons --------------------------------------------------------------------------------------------------------
    pytest.param(
        _set("@hand-axe.attack.budget", "bonus"),
        f"{KIT}.hand-axe.item.attack.budget",
        'Unknown budget (combat.economy.budgets) "bonus"',
        id="attack-budget",
    ),
    pytest.param(
        _set("@hunting-bow.attack.ammo.tag", "bolt"),
        f"{KIT}.hunting-bow.item.attack.ammo.tag",
        'Unknown tag "bolt"',
        id="ammo-tag",
    ),
    pytest.param(
        _set("@hunting-bow.attack.ammo.recover", 2),
        f"{KIT}.hunting-bow.item.attack.ammo.recover",
        "at most 1",
        id="ammo-recover",
    ),
    pytest.param(
        _set("@hunting-bow.attack.modes", many(lambda n: {"id": f"m{n}", "label": "M"}, 7)),
        f"{KIT}.hunting-bow.item.attack.modes",
        "At most 6",
        id="7-modes",
    ),
    pytest.param(
        _set("@hand-axe.attack.modes", [{"id": "fan", "label": "Fan", "ammo": 2}]),
        f"{KIT}.hand-axe.item.attack.modes.fan.ammo",
        "ammo or clip",
        id="mode-without-ammo",
    ),
    pytest.param(
        _set("@hand-axe.attack.onHit", many(lambda n: {"condition": "marked"}, 5)),
        f"{KIT}.hand-axe.item.attack.onHit",
        "At most 4",
        id="5-onhit",
    ),
    pytest.param(
        _set("@hand-axe.attack.onHit.0.condition", "bleeding"),
        f"{KIT}.hand-axe.item.attack.onHit.0.condition",
        'Unknown condition "bleeding"',
        id="onhit-condition",
    ),
    pytest.param(
        _set("@hand-axe.attack.onHit.0.save", {"save": "grit", "difficulty": 7}),
        f"{KIT}.hand-axe.item.attack.onHit.0.save.save",
        'Unknown save "grit"',
        id="onhit-save",
    ),
    pytest.param(
        _set("@hand-axe.attack.onHit.0.saveEnds", {"save": "steel", "difficulty": 7, "at": "dawn"}),
        f"{KIT}.hand-axe.item.attack.onHit.0.saveEnds.at",
        "Must be 'turn-start', 'turn-end' or 'damaged'",
        id="save-ends-at",
    ),
    pytest.param(
        _set("@storied-blade.attack.plus.0.save", {"difficulty": 12, "onSuccess": "negates"}),
        f"{KIT}.storied-blade.item.attack.plus.0.save.onSuccess",
        "Must be 'half' or 'none'",
        id="plus-save-on-success",
    ),
    pytest.param(
        _set("@storied-blade.attack.strikes", {"stat": "damage"}),
        f"{KIT}.storied-blade.item.attack.strikes.stat",
        '"damage" is a dice stat; this needs a number one',
        id="strikes-stat",
    ),
    pytest.param(
        _set("@storied-blade.attack.plus", many(lambda n: {"flat": 1}, 4)),
        f"{KIT}.storied-blade.item.attack.plus",
        "At most 3",
        id="4-plus",
    ),
    pytest.param(
        _set("@storied-blade.toggle", DELETE),
        f"{KIT}.storied-blade.item.attack.plus.0.when",
        "needs the item's toggle",
        id="toggled-without-toggle",
    ),
    pytest.param(
        _set("combat.offHand", DELETE),
        f"{KIT}.storied-blade.item.attack.offHand",
        "combat block's offHand",
        id="offhand-without-combat",
    ),
    pytest.param(
        _set("combat.distance", DELETE),
        f"{KIT}.hand-axe.item.attack.reach",
        "combat.distance",
        id="reach-without-distance",
    ),
    pytest.param(
        _set("@hand-axe.attack.damage.dice", {"stat": "swing"}),
        f"{KIT}.hand-axe.item.attack.damage.dice.stat",
        "needs a dice one",
        id="damage-stat-type",
    ),
    pytest.param(
        _set("@hand-axe.attack.toHit.target", 6),
        f"{KIT}.hand-axe.item.attack.toHit.target",
        "dice-pool",
        id="target-in-sum",
    ),
    # --- uses, charges, gates -------------------------------------------------------------------------------------------------
    pytest.param(
        _set("@poultice.use.cost", [{"pool": "luck", "amount": 1}]),
        f"{KIT}.poultice.item.use.cost",
        "a sheet holds",
        id="use-cost",
    ),
    pytest.param(
        _set("@poultice.use.restore.pool", "grit"),
        f"{KIT}.poultice.item.use.restore.pool",
        "health pool",
        id="restore-health",
    ),
    pytest.param(
        _set("@poultice.use.kind", "attack"),
        f"{KIT}.poultice.item.use.restore",
        "a heal or a buff",
        id="restore-on-attack",
    ),
    pytest.param(
        _set("@poultice.use.budget", DELETE), f"{KIT}.poultice.item.use", 'or is "free"', id="use-budget"
    ),
    pytest.param(
        _do(
            _set("@poultice.use.consumes", False),
            _set("@poultice.use.charges", 1),
            _set("@poultice.stack", 1),
        ),
        f"{KIT}.poultice.item.use.charges",
        "needs the item's charges",
        id="use-charges-without-charges",
    ),
    pytest.param(
        _set("@dawn-bell.use.consumes", True),
        f"{KIT}.dawn-bell.item.use.charges",
        "never both",
        id="consumes-and-charges",
    ),
    pytest.param(
        _set("@dawn-bell.use.charges", DELETE),
        f"{KIT}.dawn-bell.item.charges",
        "spent by its use",
        id="charges-without-use-charges",
    ),
    pytest.param(
        _set("@dawn-bell.charges.max", 0),
        f"{KIT}.dawn-bell.item.charges.max",
        "from 1 to 100",
        id="charges-0",
    ),
    pytest.param(
        _set("@dawn-bell.charges.max", 101),
        f"{KIT}.dawn-bell.item.charges.max",
        "from 1 to 100",
        id="charges-101",
    ),
    pytest.param(
        _set("@dawn-bell.charges.max", {"stat": "uses"}),
        f"{KIT}.dawn-bell.item.charges.max.stat",
        'Unknown item stat "uses"',
        id="charges-stat",
    ),
    pytest.param(
        _set("@dawn-bell.charges.recharge.rests", ["nap"]),
        f"{KIT}.dawn-bell.item.charges.recharge.rests.0",
        'Unknown rest "nap"',
        id="recharge-rest",
    ),
    pytest.param(
        _set("@dawn-bell.charges.breaksOn.atMost", 21),
        f"{KIT}.dawn-bell.item.charges.breaksOn.atMost",
        "never rolls",
        id="breaks-on",
    ),
    pytest.param(
        _set("@dawn-bell.use.gate.difficulty", 0),
        f"{KIT}.dawn-bell.item.use.gate.difficulty",
        "from 1 to 100",
        id="gate-difficulty",
    ),
    pytest.param(
        _set("@dawn-bell.use.gate.check", {"skill": "sway", "ability": "wits"}),
        f"{KIT}.dawn-bell.item.use.gate.check",
        "exactly one of skill, ability or value",
        id="gate-check-two",
    ),
    pytest.param(
        _set("@dawn-bell.use.applies.0.condition", "asleep"),
        f"{KIT}.dawn-bell.item.use.applies.0.condition",
        'Unknown condition "asleep"',
        id="applies",
    ),
    # --- fakes ------------------------------------------------------------------------------------------------------------------
    pytest.param(
        _set("@false-blade.passesFor", "kit/golden-blade"),
        f"{KIT}.false-blade.item.passesFor",
        'Unknown item "kit/golden-blade"',
        id="fake-target",
    ),
    pytest.param(
        _set("@false-blade.category", "trinket"),
        f"{KIT}.false-blade.item.passesFor",
        "share a category",
        id="fake-category",
    ),
    pytest.param(
        _set("@false-blade.slots", {"hands": 2}),
        f"{KIT}.false-blade.item.passesFor",
        "same slots",
        id="fake-slots",
    ),
    pytest.param(
        _set("@storied-blade.cost", DELETE),
        f"{KIT}.false-blade.item.passesFor",
        "not sellable",
        id="fake-target-unsellable",
    ),
    pytest.param(
        _set("@false-blade.binds", {"cursed": True}),
        f"{KIT}.false-blade.item.passesFor",
        "must bind too",
        id="fake-binds",
    ),
    pytest.param(
        _set("@storied-blade.passesFor", "kit/hand-axe"),
        f"{KIT}.false-blade.item.passesFor",
        "a fake itself",
        id="fake-of-fake",
    ),
    pytest.param(
        _set("@hand-axe.tells", [{"check": {"skill": "sneak"}, "dc": 5, "says": "x"}]),
        f"{KIT}.hand-axe.item.tells",
        "Only a fake",
        id="tells-not-fake",
    ),
    pytest.param(
        _set("@hand-axe.foolsReveal", ["sight"]),
        f"{KIT}.hand-axe.item.foolsReveal",
        "Only a fake",
        id="fools-not-fake",
    ),
    pytest.param(
        _set("@false-blade.foolsReveal", ["xray"]),
        f"{KIT}.false-blade.item.foolsReveal.0",
        "revealsFakes",
        id="fools-unlisted",
    ),
    pytest.param(
        _set("@false-blade.tells", many(lambda n: {"check": {"skill": "sneak"}, "dc": 5, "says": "x"}, 7)),
        f"{KIT}.false-blade.item.tells",
        "At most 6",
        id="7-tells",
    ),
    pytest.param(
        _set("@false-blade.tells.0.carries.anyOf", ["kit/lens"]),
        f"{KIT}.false-blade.item.tells.0.carries.anyOf.0",
        'Unknown item "kit/lens"',
        id="carries",
    ),
    pytest.param(
        _set("items.revealsFakes.1.items", ["kit/hand-axe"]),
        "items.revealsFakes.scent.items.0",
        "names only fakes",
        id="reveals-real",
    ),
    # --- catalogs, layers, sheet --------------------------------------------------------------------------------------------------
    pytest.param(
        _set("catalogs.0.feeds", ["gear"]), "catalogs.kit.feeds", "declares no feeds", id="item-catalog-feeds"
    ),
    pytest.param(
        _second_kit_entry_named_like_the_axe, f"{KIT}.hand-axe.id", "Duplicate entry id", id="dup-entry"
    ),
    pytest.param(
        _set("items", DELETE), "catalogs.kit", "needs the items block", id="items-catalog-without-block"
    ),
    pytest.param(
        _set("layers.0.items.currencies.removeUnits", ["gold"]),
        "layers.lean.items.currencies.removeUnits.0",
        'Unknown coin "gold"',
        id="layer-coin",
    ),
    pytest.param(
        _set("layers.0.catalogs.0.hide.entries", ["inn"]),
        "layers.lean.catalogs.kit.hide.entries.0",
        'Unknown entry of "kit" "inn"',
        id="layer-hide",
    ),
    pytest.param(
        _derived_cycle, "sheet.derived.load", "in a circle: load → guard → load", id="derived-cycle"
    ),
    pytest.param(
        _set("sheet.derived.1.of.2.itemStat.stat", "damage"),
        "sheet.derived.guard.of.2.itemStat.pick",
        "needs a number stat",
        id="itemstat-pick",
    ),
    pytest.param(
        _set("sheet.live.pools.0.max", {"itemStat": {"stat": "guard"}}),
        "sheet.live.pools.grit.max",
        "cannot read itemStat",
        id="pool-max-items",
    ),
    pytest.param(
        _set("rests.0.restore.0.pool", "breath"),
        "rests.camp.restore.0.pool",
        'Unknown live pool "breath"',
        id="rest-pool",
    ),
    pytest.param(_set("capabilityApi", 1.69), "capabilityApi", 'such as "1.69"', id="capability-number"),
]


@pytest.mark.parametrize(("mutate", "path", "phrase"), ROWS)
def test_a_broken_ruleset_is_refused_naming_path_and_reason(
    mutate: Callable[[Data], None], path: str, phrase: str
) -> None:
    data = sample()
    mutate(data)
    problems = problems_of(data)[1]
    assert any(p.path == path and phrase in p.message for p in problems), "\n".join(map(str, problems))


def test_the_table_has_a_row_for_at_least_sixty_rules() -> None:
    assert len(ROWS) >= 60
    assert len({row.id for row in ROWS}) == len(ROWS)


def test_every_problem_is_reported_at_once() -> None:
    data = sample()
    item(data, "hand-axe")["category"] = "tool"
    item(data, "storied-blade")["sold"]["place"] = "capital"
    market(data)["sellers"][0]["place"] = "capital"
    with pytest.raises(RulesetError) as caught:
        parse_ruleset(data, "testland")
    assert [str(p) for p in caught.value.problems] == [
        f'{KIT}.hand-axe.item.category: Unknown category "tool"; declared: "ammunition", "armor", "potion", '
        '"service", "trinket", "weapon"',
        f"{KIT}.storied-blade.item.sold.place: Unknown place \"capital\"; the market's places are ['town', 'village']",
        'items.market.sellers.smith.place: Unknown place "capital"; declared: "town", "village"',
    ]
    assert "testland: 3 problem(s)" in str(caught.value)


def test_pydantic_errors_come_back_as_paths_and_sentences_all_at_once() -> None:
    data = sample()
    item(data, "hand-axe")["stack"] = 0
    item(data, "arrows")["bulk"] = 1
    block(data)["market"]["buyBack"] = 2
    problems = problems_of(data)[1]
    assert [str(p) for p in problems] == [
        f"{KIT}.hand-axe.item.stack: Must be at least 1, got 0",
        f'{KIT}.arrows.item.bulk: Unknown key "bulk" (check its spelling, or leave it out: tagproc does not read it here)',
        "items.market.buyBack: Must be at most 1, got 2",
    ]


def test_a_number_where_an_object_goes_is_told_in_words() -> None:
    data = sample()
    item(data, "dawn-bell")["charges"]["max"] = "three"
    problems = problems_of(data)[1]
    assert [str(p) for p in problems] == [
        f"{KIT}.dawn-bell.item.charges.max: Expected a number or an object, got 'three'"
    ]


def _rename(container: Callable[[Data], Any], old: str, new: str) -> Callable[[Data], None]:
    """A mutation that renames one key of the object ``container`` picks, keeping its value."""

    def mutate(data: Data) -> None:
        node = container(data)
        node[new] = node.pop(old)

    return mutate


UNKNOWN_KEYS = [
    pytest.param(
        _rename(lambda d: d, "items", "itmes"),
        'itmes: Unknown key "itmes"; did you mean "items"?',
        id="top-level-itmes",
    ),
    pytest.param(
        _rename(lambda d: d["sheet"]["abilities"][0], "max", "mxa"),
        'sheet.abilities.brawn.mxa: Unknown key "mxa"; did you mean "max"?',
        id="sheet-ability-mxa",
    ),
    pytest.param(
        _rename(lambda d: item(d, "hand-axe"), "category", "catgory"),
        f'{KIT}.hand-axe.item.catgory: Unknown key "catgory"; did you mean "category"?',
        id="item-catgory",
    ),
    pytest.param(
        _rename(lambda d: block(d)["lootTables"][0]["entries"][0], "weight", "wieght"),
        'items.lootTables.road.entries.0.wieght: Unknown key "wieght"; did you mean "weight"?',
        id="loot-entry-wieght",
    ),
    pytest.param(
        _rename(lambda d: market(d)["sellers"][0], "sells", "sels"),
        'items.market.sellers.smith.sels: Unknown key "sels"; did you mean "sells"?',
        id="seller-sels",
    ),
    pytest.param(
        _rename(lambda d: d["sheet"]["skills"][0], "ability", "abilty"),
        'sheet.skills.sneak.abilty: Unknown key "abilty"; did you mean "ability"?',
        id="sheet-skill",
    ),
    pytest.param(
        _rename(lambda d: d["sheet"]["live"]["pools"][0], "label", "lable"),
        'sheet.live.pools.grit.lable: Unknown key "lable"; did you mean "label"?',
        id="live-pool",
    ),
    pytest.param(
        _rename(lambda d: d["sheet"]["derived"][1], "label", "lable"),
        'sheet.derived.guard.lable: Unknown key "lable"; did you mean "label"?',
        id="derived-entry",
    ),
    pytest.param(
        _rename(lambda d: d["sheet"]["derived"][1]["of"][2]["itemStat"], "pick", "pik"),
        'sheet.derived.guard.of.2.itemStat.pik: Unknown key "pik"; did you mean "pick"?',
        id="item-stat-query-in-an-op",
    ),
    pytest.param(
        _rename(lambda d: d["rests"][0], "restore", "restor"),
        'rests.camp.restor: Unknown key "restor"; did you mean "restore"?',
        id="rest",
    ),
    pytest.param(
        _rename(lambda d: d["catalogs"][1], "entries", "entires"),
        'catalogs.beasts.entires: Unknown key "entires"; did you mean "entries"?',
        id="creature-catalog",
    ),
    pytest.param(
        _rename(lambda d: d["layers"][0], "catalogs", "catalgos"),
        'layers.lean.catalgos: Unknown key "catalgos"; did you mean "catalogs"?',
        id="layer",
    ),
    pytest.param(
        _rename(lambda d: item(d, "storied-blade")["attack"], "versatile", "versatil"),
        f'{KIT}.storied-blade.item.attack.versatil: Unknown key "versatil"; did you mean "versatile"?',
        id="attack",
    ),
    pytest.param(
        _rename(lambda d: item(d, "storied-blade")["attack"]["versatile"], "dice", "dise"),
        f'{KIT}.storied-blade.item.attack.versatile.dise: Unknown key "dise"; did you mean "dice"?',
        id="versatile-dice",
    ),
    pytest.param(
        _rename(lambda d: d["items"], "rarityCaps", "raritycap"),
        'items.raritycap: Unknown key "raritycap"; did you mean "rarityCaps"?',
        id="case-aside",
    ),
    pytest.param(
        _set("items.binding.max", {"abilityScor": "wits"}),
        "items.binding.max: Expected a value reference (an object with one of const, abilityScore, abilityMod, "
        "abilityModFromField, field, derived, skillMod, saveMod, livePool, liveTrack, liveState, listSum, itemStat, "
        "or an op sum/max/min/stepTable/enumTable), got {'abilityScor': 'wits'}; did you mean \"abilityScore\"?",
        id="value-reference-reading-key",
    ),
    pytest.param(
        _set("@dawn-bell.worn.abilities.wits", {"ad": 1}),
        f'{KIT}.dawn-bell.item.worn.abilities.wits.ad: Unknown key "ad"; did you mean "add"?',
        id="through-a-dict-of-ability-changes",
    ),
    pytest.param(
        _set("@dawn-bell.charges.recharge.rets", ["camp"]),
        f'{KIT}.dawn-bell.item.charges.recharge.rets: Unknown key "rets"; did you mean "rests"?',
        id="recharge",
    ),
    pytest.param(
        _set("resolution.advantag", True),
        'resolution.advantag: Unknown key "advantag"; did you mean "advantage"?',
        id="resolution",
    ),
    pytest.param(
        _set("sheet.sectons", []),
        'sheet.sectons: Unknown key "sectons"; did you mean "sections"?',
        id="a-key-tagproc-keeps-but-does-not-read",
    ),
    pytest.param(
        _set("sheet.abilities.0.colour", "red"),
        'sheet.abilities.brawn.colour: Unknown key "colour" (check its spelling, or leave it out: tagproc does not '
        "read it here)",
        id="no-close-key",
    ),
]


@pytest.mark.parametrize(("mutate", "expected"), UNKNOWN_KEYS)
def test_an_unknown_key_is_refused_by_its_path_with_the_key_it_is_likely_a_typo_of(
    mutate: Callable[[Data], None], expected: str
) -> None:
    data = sample()
    mutate(data)
    assert expected in [str(p) for p in problems_of(data)[1]]


def test_an_unknown_key_is_reported_beside_the_other_errors_of_its_object() -> None:
    data = sample()
    data["sheet"]["abilities"][0]["mxa"] = 3
    data["sheet"]["abilities"][0]["min"] = "low"
    assert [str(p) for p in problems_of(data)[1]] == [
        "sheet.abilities.brawn.min: Input should be a valid number, unable to parse string as a number, got 'low'",
        'sheet.abilities.brawn.mxa: Unknown key "mxa"; did you mean "max"?',
    ]


def test_the_keys_the_file_format_has_but_tagproc_does_not_read_are_kept() -> None:
    data = sample()
    data["resolution"]["penaltyFrom"] = "heat"
    data["sheet"]["fields"][0]["maxLength"] = 4
    ruleset = parse_ruleset(data)
    assert ruleset.resolution is not None
    assert ruleset.resolution.model_extra == {"penaltyFrom": "heat"}
    assert ruleset.sheet.fields[0].model_extra == {"maxLength": 4}


def test_a_derived_op_tagproc_does_not_know_keeps_every_key() -> None:
    data = sample()
    data["sheet"]["derived"].append({"id": "twice", "label": "Twice", "op": "scale", "by": 2, "anything": 1})
    assert problems_of(data)[1] == []


PATHS_BY_ID = [
    pytest.param(
        _set("sheet.abilities.1.max", "high"),
        "sheet.abilities.wits.max",
        id="sheet-ability",
    ),
    pytest.param(_set("rests.0.restore.0.pool", "luckk"), "rests.camp.restore.0.pool", id="rest"),
    pytest.param(
        _set("items.lootTables.0.entries.0.weight", 0),
        "items.lootTables.road.entries.0.weight",
        id="loot-table-entry-by-index",
    ),
    pytest.param(
        _set("items.market.sellers.0.sells.0", {"category": "tool"}),
        "items.market.sellers.smith.sells.0.category",
        id="seller-sells",
    ),
    pytest.param(
        _set("items.currencies.0.units.1.value", 0),
        "items.currencies.coin.units.mark.value",
        id="coin",
    ),
    pytest.param(
        _set("items.startingGear.0.lines.1.count", 1000),
        "items.startingGear.scout.lines.1.count",
        id="starting-gear",
    ),
    pytest.param(
        _set("items.market.places.1.purse.amount", -1), "items.market.places.town.purse.amount", id="place"
    ),
    pytest.param(
        _do(_set("items.market.sellers.0.id", "the.smith"), _set("items.market.sellers.0.place", "capital")),
        "items.market.sellers.0.place",
        id="an-id-with-a-dot-keeps-the-index",
    ),
]


@pytest.mark.parametrize(("mutate", "path"), PATHS_BY_ID)
def test_a_problem_path_names_entries_by_id(mutate: Callable[[Data], None], path: str) -> None:
    data = sample()
    mutate(data)
    assert path in [p.path for p in problems_of(data)[1]]


def test_a_misspelt_required_key_is_said_once_by_its_did_you_mean() -> None:
    data = sample()
    _rename(lambda d: item(d, "hand-axe"), "category", "catgory")(data)
    assert [str(p) for p in problems_of(data)[1]] == [
        f'{KIT}.hand-axe.item.catgory: Unknown key "catgory"; did you mean "category"?'
    ]


def test_a_missing_required_key_with_no_look_alike_is_still_required() -> None:
    data = sample()
    _rename(lambda d: item(d, "hand-axe"), "category", "colour")(data)
    assert [str(p) for p in problems_of(data)[1]] == [
        f'{KIT}.hand-axe.item.category: "category" is required here',
        f'{KIT}.hand-axe.item.colour: Unknown key "colour" (check its spelling, or leave it out: tagproc does not '
        "read it here)",
    ]


def test_a_wrong_value_is_quoted_as_python_writes_it() -> None:
    data = sample()
    data["sheet"]["abilities"][0]["min"] = {"low": [1, "a", None]}
    assert [str(p) for p in problems_of(data)[1]] == [
        "sheet.abilities.brawn.min: Input should be a valid number, got {'low': [1, 'a', None]}"
    ]


def test_a_huge_wrong_value_is_quoted_in_a_few_words() -> None:
    data = sample()
    data["sheet"]["abilities"][0]["min"] = [list(range(1000))] * 1000
    data["sheet"]["abilities"][0]["x" * 10_000] = "y" * 1_000_000
    problems = [str(p) for p in problems_of(data)[1]]
    prefix = "x" * 64
    assert problems == [
        "sheet.abilities.brawn.min: Input should be a valid number, got [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, "
        "13, 14, 15, 1...",
        f'sheet.abilities.brawn.{prefix}...: Unknown key "{prefix}..." (check its spelling, or leave it out: '
        "tagproc does not read it here)",
    ]
