"""The ruleset's items block: categories, rarities, tags, stats, slots, binding, carrying and coins, with
the market, loot tables and starting gear that ``market`` builds.

Invariants: the categories are the SRD's equipment categories (plus services) in ``CATEGORY_IDS`` order;
the tags are the SRD's weapon properties in data order, then ``magical``, then the ``MARKET_TAGS`` that
say who sells a mount, a vehicle or a service.
"""

from __future__ import annotations

from pathlib import Path

from tagproc.rulesets.srd5e.common import CATEGORY_IDS, COINS, MARKET_TAGS, JSONObject, load, tag_id
from tagproc.rulesets.srd5e.magic import RARITIES
from tagproc.rulesets.srd5e.market import loot_tables, market, starting_gear

__all__ = ["CATEGORY_LABELS", "DAMAGE_TYPES", "categories", "item_stats", "item_tags", "items_block"]

CATEGORY_LABELS: dict[str, str] = {"wondrous-items": "Wondrous item"}

DAMAGE_TYPES = [
    "acid",
    "bludgeoning",
    "cold",
    "fire",
    "force",
    "lightning",
    "necrotic",
    "piercing",
    "poison",
    "psychic",
    "radiant",
    "slashing",
    "thunder",
]


def categories(src: Path) -> list[JSONObject]:
    names = {row["index"]: row["name"] for row in load(src, "5e-SRD-Equipment-Categories.json")}
    out = [
        {"id": ident, "label": CATEGORY_LABELS.get(index, names[index])}
        for index, ident in CATEGORY_IDS.items()
    ]
    out.append({"id": "services", "label": "Services"})
    return out


def item_tags(src: Path) -> list[JSONObject]:
    props = load(src, "5e-SRD-Weapon-Properties.json")
    tags = [{"id": tag_id(prop["index"]), "label": prop["name"]} for prop in props]
    tags.append({"id": "magical", "label": "Magical"})
    tags.extend({"id": ident, "label": label} for ident, label in MARKET_TAGS)
    return tags


def item_stats() -> list[JSONObject]:
    return [
        {"id": "weight", "label": "Weight", "type": "number", "min": 0, "max": 1000, "integer": False},
        {"id": "proficiency", "label": "Weapon", "type": "enum", "values": ["simple", "martial"]},
        {"id": "damage", "label": "Damage", "type": "dice", "example": "1d8"},
        {"id": "damage_type", "label": "Damage type", "type": "enum", "values": DAMAGE_TYPES},
        {"id": "versatile_damage", "label": "Two-handed damage", "type": "dice", "example": "1d10"},
        {"id": "range", "label": "Range (ft)", "type": "number", "min": 0, "max": 600},
        {"id": "long_range", "label": "Long range (ft)", "type": "number", "min": 0, "max": 600},
        {"id": "armor_class", "label": "Armor Class", "type": "number", "min": 0, "max": 30},
        {"id": "adds_dex", "label": "Adds Dexterity", "type": "boolean"},
        {"id": "max_dex", "label": "Dexterity at most", "type": "number", "min": 0, "max": 10},
        {"id": "strength", "label": "Strength needed", "type": "number", "min": 0, "max": 30},
        {"id": "stealth_disadvantage", "label": "Stealth disadvantage", "type": "boolean", "default": False},
    ]


def items_block(src: Path) -> JSONObject:
    return {
        "categories": categories(src),
        "rarities": [{"id": ident, "label": label} for ident, label in RARITIES],
        "tags": item_tags(src),
        "stats": item_stats(),
        "slots": [
            {"id": "body", "label": "Body armor", "count": 1},
            {"id": "hands", "label": "Hands", "count": 2},
            {"id": "ring", "label": "Rings", "count": 2},
        ],
        # SRD 5.1 "Attunement": no more than three magic items at a time, whatever the sheet says.
        "binding": {"label": "Attunement", "max": {"const": 3}},
        "carry": {
            "stat": "weight",
            "unit": "lb",
            "encumberedAbove": {"derived": "encumbered_above"},
            "limit": {"derived": "carrying_capacity"},
        },
        "currencies": _currencies(),
        "lootTables": loot_tables(),
        "startingGear": starting_gear(),
        "market": market(),
        "namesItAt": 5,
        "revealsFakes": [
            {"id": "identify", "label": "Identify"},
            {
                "id": "detect-poison",
                "label": "Detect Poison and Disease",
                "items": ["magic_items/potion-of-poison"],
            },
        ],
    }


def _currencies() -> list[JSONObject]:
    """The SRD's five coins, fifty to the pound."""
    return [
        {
            "id": "coins",
            "label": "Coins",
            "perWeight": 50,
            "units": [
                {"id": ident, "label": label, "one": one, "value": value}
                for ident, label, one, value in COINS
            ],
        }
    ]
