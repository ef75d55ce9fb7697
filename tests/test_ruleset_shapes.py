"""Every shape the spec shows for items loads: its JSON fragments (spec "The items block", "An item" and on).

One row per fragment (or per key the spec names without showing a fragment), copied as written into a minimal
valid ruleset. Each row is merged into ``_BASE``: ``block`` into the items block, ``entries`` appended to the
``kit`` item catalog, ``top`` into the top level (lists appended; a key written ``"=key"`` replaces the base's
value). A row loads with no problem when it declares no Capability API and when it declares the version the
spec gives for what it uses; declared older (1.49, the items block's own), every problem it gets is a
Capability API one. The JSON Schema (``tagproc schema``) accepts every row too.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

import jsonschema
import pytest

from tagproc.ruleset import ruleset_json_schema
from tagproc.ruleset.load import problems_of
from tests.conformance.run import SPEC_MARKET

Data = dict[str, Any]

_BASE: Data = {
    "id": "shapes",
    "name": "Shapes",
    "resolution": {"kind": "dice-sum", "dice": {"count": 2, "sides": 6}},
    "sheet": {
        "abilities": [
            {"id": "brawn", "label": "Brawn", "min": 0, "max": 5, "default": 1},
            {"id": "wits", "label": "Wits", "min": 0, "max": 5, "default": 1},
            {"id": "heart", "label": "Heart", "min": 0, "max": 5, "default": 1},
            {"id": "nerve", "label": "Nerve", "min": 0, "max": 5, "default": 1},
            {"id": "sinew", "label": "Sinew", "min": 0, "max": 5, "default": 1},
        ],
        "skills": [
            {"id": "sneak", "label": "Sneak", "ability": "wits"},
            {"id": "sway", "label": "Sway", "ability": "heart"},
            {"id": "ward", "label": "Ward", "ability": "nerve"},
            {"id": "dig", "label": "Dig", "ability": "sinew"},
            {"id": "arcana", "label": "Arcana", "ability": "wits"},
            {"id": "insight", "label": "Insight", "ability": "heart"},
        ],
        "saves": [
            {"id": "steel", "label": "Steel", "ability": "nerve"},
            {"id": "con_save", "label": "Constitution save", "ability": "brawn"},
        ],
        "fields": [{"id": "level_fighter", "label": "Fighter level", "type": "number", "min": 0, "max": 20}],
        "derived": [
            {"id": "load", "label": "Load", "op": "sum", "of": [{"const": 6}, {"abilityScore": "brawn"}]},
            {"id": "archery", "label": "Archery", "op": "sum", "of": [{"const": 0}]},
            {"id": "dueling", "label": "Dueling", "op": "sum", "of": [{"const": 0}]},
            {"id": "great_weapon_fighting", "label": "GWF", "op": "sum", "of": [{"const": 0}]},
            {"id": "knows_trade", "label": "Knows the trade", "op": "sum", "of": [{"const": 0}]},
            {"id": "spell_mod", "label": "Spell modifier", "op": "sum", "of": [{"abilityMod": "wits"}]},
            {"id": "poisoners_kit_check", "label": "Poisoner's kit", "op": "sum", "of": [{"const": 1}]},
        ],
        "live": {
            "pools": [
                {"id": "grit", "label": "Grit", "max": {"const": 10}},
                {"id": "resolve", "label": "Resolve", "max": {"const": 4}},
            ],
            "conditions": [
                {"id": "rattled", "label": "Rattled"},
                {"id": "marked", "label": "Marked"},
                {"id": "wounded", "label": "Wounded"},
                {"id": "frightened", "label": "Frightened"},
            ],
        },
    },
    "rests": [{"id": "vigil", "label": "Vigil", "restore": [{"pool": "resolve", "to": "max"}]}],
    "combat": {
        "health": {"pool": "grit"},
        "economy": {
            "budgets": [
                {"id": "act", "label": "Action"},
                {"id": "quick", "label": "Quick"},
                {"id": "bonus", "label": "Bonus action"},
            ]
        },
        "distance": {"label": "paces", "perCell": 2},
        "offHand": {"budget": "quick", "ability": "full"},
    },
    "items": {
        "categories": [
            {"id": cid, "label": cid.title()}
            for cid in (
                "weapon",
                "armor",
                "ammunition",
                "potion",
                "wand",
                "wondrous",
                "arm",
                "coat",
                "tonic",
                "page",
                "service",
                "gear",
            )
        ],
        "rarities": [
            {"id": "common", "label": "Common"},
            {"id": "storied", "label": "Storied"},
            {"id": "rare", "label": "Rare"},
        ],
        "tags": [
            {"id": tid, "label": tid.title()}
            for tid in ("thrown", "ranged", "two_handed", "arrow", "shot", "magical", "silver", "poison")
        ],
        "stats": [
            {"id": "bulk", "label": "Bulk", "type": "number", "min": 0, "max": 10, "default": 0},
            {"id": "guard", "label": "Guard", "type": "number", "min": 0, "max": 4, "default": 0},
            {"id": "damage", "label": "Damage", "type": "dice", "example": "1d6"},
            {"id": "big_damage", "label": "Two-handed damage", "type": "dice", "example": "1d10"},
            {
                "id": "swing",
                "label": "Rolls with",
                "type": "enum",
                "values": ["brawn", "wits", "heart"],
                "default": "brawn",
            },
            {"id": "skill_of", "label": "Skill", "type": "enum", "values": ["sneak", "sway"]},
            {"id": "harm", "label": "Harm", "type": "text"},
            {"id": "shots", "label": "Shots", "type": "number", "min": 0, "max": 6},
            {"id": "dc", "label": "Difficulty", "type": "number", "min": 1, "max": 30},
            {"id": "paces", "label": "Paces", "type": "number", "min": 0, "max": 60},
        ],
        "slots": [{"id": "body", "label": "Body", "count": 1}, {"id": "hands", "label": "Hands", "count": 2}],
        "binding": {"label": "Bond", "max": {"abilityScore": "nerve"}},
        "carry": {"stat": "bulk", "encumberedAbove": {"derived": "load"}, "limit": {"const": 12}},
        "currencies": [
            {
                "id": "coin",
                "label": "Coin",
                "perWeight": 100,
                "units": [
                    {"id": "bit", "label": "bits", "value": 1},
                    {"id": "mark", "label": "marks", "value": 10},
                    {"id": "sovereign", "label": "sovereigns", "value": 100},
                ],
            },
            {
                "id": "silver",
                "label": "Silver",
                "units": [
                    {"id": "penny", "label": "pennies", "value": 1},
                    {"id": "shilling", "label": "shillings", "value": 12},
                ],
            },
            {
                "id": "gold",
                "label": "Gold",
                "units": [
                    {"id": "cp", "label": "copper", "value": 1},
                    {"id": "gp", "label": "gold", "value": 100},
                ],
            },
        ],
    },
    "catalogs": [
        {
            "id": "kit",
            "label": "Kit",
            "holds": "items",
            "entries": [
                {"id": "shot-and-powder", "label": "Shot and powder", "item": {"category": "ammunition"}},
                {"id": "warming-tonic", "label": "Warming tonic", "item": {"category": "tonic"}},
                {"id": "litany-page", "label": "Litany page", "item": {"category": "page"}},
            ],
        },
        {
            "id": "equipment",
            "label": "Equipment",
            "holds": "items",
            "entries": [
                {"id": ref, "label": ref.replace("-", " ").title(), "item": {"category": category}}
                for ref, category in (
                    ("shield", "armor"),
                    ("chain-mail", "armor"),
                    ("leather-armor", "armor"),
                    ("longbow", "weapon"),
                    ("arrow", "ammunition"),
                    ("longsword", "weapon"),
                    ("battleaxe", "weapon"),
                    ("greataxe", "weapon"),
                )
            ],
        },
        {
            "id": "gear",
            "label": "Gear",
            "holds": "items",
            "entries": [{"id": "poisoners-kit", "label": "Poisoner's kit", "item": {"category": "gear"}}],
        },
        {
            "id": "magic_items",
            "label": "Magic items",
            "holds": "items",
            "entries": [
                {
                    "id": "bag-of-holding",
                    "label": "Bag of Holding",
                    "item": {"category": "wondrous", "cost": {"amount": 4, "unit": "gp"}},
                },
                {
                    "id": "potion-of-healing",
                    "label": "Potion of Healing",
                    "item": {"category": "potion", "cost": {"amount": 50, "unit": "gp"}},
                },
            ],
        },
    ],
}

# The market the spec shows (items.txt "Markets"), for rows that need a market to read.
MARKET: Data = SPEC_MARKET

GRAVE_GOODS: Data = {
    "id": "grave_goods",
    "label": "Grave goods",
    "rolls": "1d2",
    "entries": [
        {"item": "kit/shot-and-powder", "weight": 4, "count": "1d4"},
        {"item": "kit/warming-tonic", "weight": 3},
        {"item": "kit/litany-page", "weight": 2},
        {"filter": {"category": "arm"}, "weight": 1},
    ],
}


def entry(ident: str, item: Data, label: str | None = None) -> Data:
    return {"id": ident, "label": label or ident.replace("-", " ").capitalize(), "item": item}


def weapon(attack: Data, **item: Any) -> Data:
    """A one-handed weapon entry with the given attack (and other item keys)."""
    return entry("test-weapon", {"category": "weapon", "slots": {"hands": 1}, **item, "attack": attack})


HAND_AXE_ATTACK: Data = {
    "budget": "act",
    "toHit": {"abilities": {"stat": "swing"}},
    "damage": {"dice": {"stat": "damage"}, "abilities": {"stat": "swing"}, "type": "cut"},
    "reach": 2,
    "range": {"normal": 10, "long": 20},
}
AXE_STATS: Data = {"damage": "1d6", "swing": "brawn"}


@dataclass(frozen=True)
class Shape:
    id: str
    version: str
    block: Data = field(default_factory=dict)
    entries: list[Data] = field(default_factory=list)
    top: Data = field(default_factory=dict)


def _merge(into: Data, extra: Data) -> None:
    for key, value in extra.items():
        if key.startswith("="):  # "=binding": replaces the base's value rather than merging into it
            into[key[1:]] = copy.deepcopy(value)
        elif isinstance(value, dict) and isinstance(into.get(key), dict):
            _merge(into[key], value)
        elif isinstance(value, list) and isinstance(into.get(key), list):
            into[key] = [*into[key], *copy.deepcopy(value)]
        else:
            into[key] = copy.deepcopy(value)


def build(shape: Shape, version: str | None = None) -> Data:
    data = copy.deepcopy(_BASE)
    _merge(data["items"], shape.block)
    data["catalogs"][0]["entries"].extend(copy.deepcopy(shape.entries))
    _merge(data, shape.top)
    if version is not None:
        data["capabilityApi"] = version
    return data


SHAPES = [
    # --- the items block ---------------------------------------------------------------------------------
    Shape(
        "ember-roads-block",
        "1.53",
        block={
            "stats": [
                {
                    "id": "reach",
                    "label": "Reach",
                    "type": "enum",
                    "values": ["close", "near", "far"],
                    "default": "close",
                }
            ],
            "rarityCaps": [
                {"rarity": "common", "stats": {"guard": 1}, "bonus": 1},
                {"rarity": "storied", "stats": {"guard": 3}, "bonus": 2},
            ],
            "currencies": [
                {
                    "id": "salt",
                    "label": "Salt",
                    "perWeight": 10,
                    "units": [
                        {"id": "pinch", "label": "pinches", "value": 1},
                        {"id": "cake", "label": "cakes", "value": 20},
                    ],
                }
            ],
        },
    ),
    Shape(
        "stat-promptVisible-and-integer",
        "1.49",
        block={
            "stats": [
                {"id": "hidden_at", "label": "Hidden at", "type": "text", "promptVisible": False},
                {"id": "weight", "label": "Weight", "type": "number", "min": 0, "integer": False},
                {"id": "silvered", "label": "Silvered", "type": "boolean", "default": False},
            ]
        },
        entries=[entry("quarter", {"category": "gear", "stats": {"weight": 0.25, "hidden_at": "boot"}})],
    ),
    Shape(
        "binding-reads-a-derived-value",
        "1.49",
        block={"=binding": {"label": "Attunement", "max": {"derived": "load"}}},
    ),
    Shape("carry-unit", "1.791", block={"carry": {"unit": "lb"}}),
    Shape(
        "coin-one",
        "1.89",
        block={
            "currencies": [
                {
                    "id": "copper",
                    "label": "Copper",
                    "units": [{"id": "farthing", "label": "farthings", "one": "farthing", "value": 1}],
                }
            ]
        },
    ),
    Shape("propose-native-freeform", "1.51", block={"propose": False, "native": False, "freeform": "refuse"}),
    Shape("freeform-plain", "1.49", block={"freeform": "plain", "native": True}),
    Shape("loot-tables", "1.63", block={"lootTables": [GRAVE_GOODS]}),
    Shape(
        "loot-coins",
        "1.64",
        block={
            "lootTables": [
                {
                    **GRAVE_GOODS,
                    "entries": [*GRAVE_GOODS["entries"], {"coins": "shilling", "weight": 2, "count": "1d6"}],
                }
            ]
        },
    ),
    Shape("loot-rolls-number", "1.63", block={"lootTables": [{**GRAVE_GOODS, "rolls": 0}]}),
    Shape(
        "creature-loot",
        "1.63",
        block={"lootTables": [GRAVE_GOODS]},
        top={
            "catalogs": [
                {
                    "id": "bestiary",
                    "label": "Bestiary",
                    "holds": "creatures",
                    "entries": [{"id": "wight", "label": "Grave wight", "creature": {"loot": "grave_goods"}}],
                }
            ]
        },
    ),
    Shape(
        "starting-gear",
        "1.78",
        block={
            "startingGear": [
                {
                    "id": "fighter",
                    "label": "Fighter",
                    "group": "class",
                    "fits": {"value": {"field": "level_fighter"}, "atLeast": 1},
                    "lines": [{"item": "equipment/shield", "equip": True}],
                    "choices": [
                        {
                            "label": "Armor",
                            "options": [
                                {
                                    "label": "Chain mail",
                                    "lines": [{"item": "equipment/chain-mail", "equip": True}],
                                },
                                {
                                    "label": "Leather armor and a longbow",
                                    "lines": [
                                        {"item": "equipment/leather-armor", "equip": True},
                                        {"item": "equipment/longbow"},
                                        {"item": "equipment/arrow", "count": 20},
                                    ],
                                },
                            ],
                        },
                        {
                            "label": "A martial weapon",
                            "options": [
                                {
                                    "label": "Pick one",
                                    "lines": [{"oneOf": ["equipment/longsword", "equipment/battleaxe"]}],
                                },
                                {"label": "A greataxe", "lines": [{"item": "equipment/greataxe"}]},
                            ],
                        },
                    ],
                },
                {
                    "id": "acolyte",
                    "label": "Acolyte",
                    "group": "background",
                    "lines": [{"coins": "gp", "count": 15}, {"name": "Vestments"}],
                },
            ]
        },
    ),
    Shape("market", "1.65", block={"market": MARKET}),
    Shape(
        "market-day",
        "1.69",
        block={
            "lootTables": [
                {
                    "id": "smiths_odd_lot",
                    "label": "Smith's odd lot",
                    "entries": [{"filter": {"category": "arm"}}],
                }
            ],
            "market": {
                **MARKET,
                "places": [
                    {"id": "hamlet", "label": "hamlet", "purse": {"amount": 10, "unit": "shilling"}},
                    {"id": "town", "label": "market town", "purse": {"amount": 100, "unit": "shilling"}},
                ],
                "buyBack": 0.5,
                "sold": [{"filter": {"rarity": "rare"}, "place": "town", "limited": "1d2"}],
                "sellers": [
                    {
                        "id": "smith",
                        "label": "smith",
                        "sells": [{"category": "arm"}],
                        "stock": {"table": "smiths_odd_lot"},
                    }
                ],
            },
        },
    ),
    Shape(
        "market-sold-limited-without-place",
        "1.69",
        block={"market": {**MARKET, "sold": [{"filter": {"tag": "arrow"}, "limited": 2}]}},
    ),
    Shape(
        "dishonest-seller",
        "1.79",
        block={
            "lootTables": [
                {
                    "id": "fences_odd_lot",
                    "label": "Fence's odd lot",
                    "entries": [{"filter": {"tag": "magical"}}],
                }
            ],
            "market": {
                **MARKET,
                "sellers": [
                    {
                        "id": "fence",
                        "label": "Fence",
                        "sells": [{"tag": "magical"}],
                        "place": "town",
                        "honest": False,
                        "stock": {"table": "fences_odd_lot"},
                    }
                ],
            },
        },
    ),
    Shape(
        "spotting-fakes-block",
        "1.802",
        block={
            "namesItAt": 5,
            "revealsFakes": [
                {"id": "identify", "label": "Identify"},
                {
                    "id": "detect-poison",
                    "label": "Detect Poison and Disease",
                    "items": ["kit/potion-of-poison"],
                },
                {"id": "see-silver", "label": "See silver", "tags": ["silver"]},
            ],
            "passiveBase": 10,
            "warnBy": "roll",
            "market": {
                **MARKET,
                "sellers": [
                    {
                        "id": "fence",
                        "label": "Fence",
                        "honest": False,
                        "sells": [{"tag": "magical"}],
                        "manner": {
                            "check": {"skill": "insight"},
                            "dc": 13,
                            "advantageIf": [{"value": {"derived": "knows_trade"}, "atLeast": 1}],
                            "says": "their eyes slide away when you ask about it",
                        },
                    }
                ],
            },
        },
        entries=[
            entry(
                "potion-of-poison",
                {
                    "category": "potion",
                    "tags": ["poison"],
                    "passesFor": "magic_items/potion-of-healing",
                    "tells": [
                        {
                            "check": {"value": {"derived": "poisoners_kit_check"}},
                            "dc": 13,
                            "carries": {"anyOf": ["gear/poisoners-kit"]},
                            "says": "a faint bitterness under the sweetness",
                        },
                        {
                            "check": {"skill": "arcana"},
                            "dc": 18,
                            "says": "its magic does not feel like healing magic",
                        },
                        {
                            "check": {"ability": "wits"},
                            "dc": 15,
                            "needs": [{"value": {"abilityScore": "wits"}, "atLeast": 2}],
                            "needsAny": [{"value": {"field": "level_fighter"}, "atLeast": 1}],
                            "disadvantageIf": [{"value": {"abilityScore": "heart"}, "atLeast": 4}],
                            "says": "the cork is new",
                        },
                    ],
                    "foolsReveal": ["identify"],
                },
                "Potion of Poison",
            )
        ],
    ),
    Shape("market-unsold", "1.813", block={"market": {**MARKET, "unsold": [{"tag": "magical"}]}}),
    Shape(
        "layer-items",
        "1.813",
        block={"market": MARKET},
        top={
            "layers": [
                {
                    "id": "low-magic",
                    "label": "Low magic",
                    "catalogs": [{"id": "kit", "hide": {"entries": ["litany-page"]}}],
                    "items": {
                        "currencies": {"removeUnits": ["sovereign"], "removeFamilies": ["gold"]},
                        "market": {"unsold": [{"tag": "magical"}]},
                    },
                }
            ]
        },
    ),
    Shape(
        "layer-coins",
        "1.64",
        top={
            "layers": [
                {"id": "poor", "label": "Poor", "items": {"currencies": {"removeUnits": ["sovereign"]}}}
            ]
        },
    ),
    # --- an item -------------------------------------------------------------------------------------------
    Shape(
        "empty-item-catalog",
        "1.49",
        top={"catalogs": [{"id": "outfitter", "label": "Outfitter", "holds": "items", "entries": []}]},
    ),
    Shape(
        "hunting-bow-entry",
        "1.49",
        entries=[
            {
                "id": "hunting-bow",
                "label": "Hunting bow",
                "summary": "Yew, waxed string, and a grip worn smooth by someone else's hand.",
                "filters": {"tier": 1},
                "item": {
                    "category": "weapon",
                    "rarity": "common",
                    "tags": ["ranged", "two_handed"],
                    "stats": {"bulk": 2, "damage": "1d8", "swing": "wits"},
                    "slots": {"hands": 2},
                    "cost": {"amount": 3, "unit": "sovereign"},
                },
            }
        ],
    ),
    Shape(
        "stack-and-cost",
        "1.49",
        entries=[
            entry(
                "arrows",
                {
                    "category": "ammunition",
                    "tags": ["arrow"],
                    "stack": 20,
                    "cost": {"amount": 1, "unit": "bit"},
                },
            )
        ],
    ),
    Shape(
        "sold-place",
        "1.65",
        block={"market": MARKET},
        entries=[
            entry(
                "relic",
                {
                    "category": "wondrous",
                    "cost": {"amount": 9, "unit": "sovereign"},
                    "sold": {"place": "city"},
                },
            )
        ],
    ),
    Shape(
        "sold-limited-number",
        "1.69",
        block={"market": MARKET},
        entries=[
            entry(
                "ration",
                {
                    "category": "gear",
                    "cost": {"amount": 1, "unit": "bit"},
                    "sold": {"place": "town", "limited": 2},
                },
            )
        ],
    ),
    Shape(
        "sold-limited-dice",
        "1.69",
        block={"market": MARKET},
        entries=[
            entry(
                "flask",
                {"category": "gear", "cost": {"amount": 1, "unit": "bit"}, "sold": {"limited": "1d3"}},
            )
        ],
    ),
    Shape(
        "service",
        "1.65",
        block={"market": MARKET},
        entries=[
            entry("lodging", {"category": "service", "service": True, "cost": {"amount": 2, "unit": "mark"}})
        ],
    ),
    Shape(
        "binds",
        "1.49",
        entries=[
            entry(
                "ring",
                {
                    "category": "wondrous",
                    "slots": {"hands": 1},
                    "binds": {"restriction": "a warden", "cursed": True},
                },
            ),
            entry("bell", {"category": "wondrous", "binds": {}}),
        ],
    ),
    Shape(
        "worn-check-modifier",
        "1.53",
        entries=[
            entry(
                "leather-coat",
                {
                    "category": "coat",
                    "slots": {"body": 1},
                    "worn": {"modifiers": [{"to": "checks", "skills": ["sneak"], "flat": -1}]},
                },
            )
        ],
    ),
    Shape(
        "carried-check-modifier",
        "1.53",
        entries=[
            entry(
                "waystone",
                {
                    "category": "wondrous",
                    "carried": {"modifiers": [{"to": "checks", "skills": ["sway"], "flat": 1}]},
                },
            )
        ],
    ),
    Shape(
        "held-check-parts",
        "1.53",
        entries=[
            entry(
                "charm",
                {
                    "category": "wondrous",
                    "worn": {
                        "effects": ["own-checks-advantage", "own-saves-disadvantage"],
                        "modifiers": [
                            {"to": "saves", "saves": ["steel"], "dice": "1d4", "minus": True},
                            {"to": "checks", "mode": "advantage"},
                        ],
                        "failsSaves": ["con_save"],
                        "skills": ["ward"],
                        "saves": ["steel"],
                    },
                    "slots": {"hands": 1},
                },
            )
        ],
    ),
    Shape(
        "worn-abilities-set",
        "1.54",
        entries=[
            entry(
                "ox-hide-gauntlets",
                {"category": "armor", "slots": {"hands": 2}, "worn": {"abilities": {"brawn": {"set": 2}}}},
            )
        ],
    ),
    Shape(
        "carried-abilities-add",
        "1.54",
        entries=[
            entry("lucky-stone", {"category": "wondrous", "carried": {"abilities": {"heart": {"add": -1}}}})
        ],
    ),
    Shape(
        "requires-otherwise",
        "1.54",
        entries=[
            entry(
                "grave-spade",
                {
                    "category": "arm",
                    "slots": {"hands": 2},
                    "requires": [
                        {
                            "value": {"abilityScore": "sinew"},
                            "atLeast": 3,
                            "otherwise": {"modifiers": [{"to": "checks", "skills": ["dig"], "flat": -1}]},
                        }
                    ],
                },
            )
        ],
    ),
    Shape(
        "worn-attacks-modifier",
        "1.56",
        entries=[
            entry(
                "widows-ring",
                {
                    "category": "wondrous",
                    "binds": {"cursed": True},
                    "worn": {"modifiers": [{"to": "attacks", "flat": -1}]},
                },
            )
        ],
    ),
    Shape(
        "worn-condition-immunities",
        "1.56",
        entries=[
            entry(
                "dawn-bell-worn",
                {
                    "category": "wondrous",
                    "binds": {},
                    "worn": {
                        "modifiers": [{"to": "checks", "skills": ["ward"], "flat": 1}],
                        "conditionImmunities": ["rattled"],
                    },
                },
            )
        ],
    ),
    Shape(
        "carried-resist",
        "1.56",
        entries=[
            entry(
                "waystone-hot",
                {
                    "category": "wondrous",
                    "carried": {
                        "modifiers": [{"to": "checks", "skills": ["sway"], "flat": 1}],
                        "resist": ["burn"],
                    },
                },
            )
        ],
    ),
    Shape(
        "worn-resist-except",
        "1.56",
        entries=[
            entry(
                "armor-of-invulnerability",
                {
                    "category": "armor",
                    "slots": {"body": 1},
                    "worn": {
                        "resist": [
                            {"type": "bludgeoning", "except": ["magical"]},
                            {"type": "piercing", "except": ["magical"]},
                            {"type": "slashing", "except": ["magical"]},
                        ],
                        "immune": ["poison", {"type": "fire", "except": ["silver"]}],
                        "vulnerable": ["cold"],
                        "conditionImmunities": ["frightened"],
                        "effects": ["attacks-against-disadvantage", "resist-all"],
                        "modifiers": [{"to": "defense", "flat": 1}, {"to": "speed", "flat": -1}],
                    },
                },
            )
        ],
    ),
    # --- weapons -------------------------------------------------------------------------------------------
    Shape("hand-axe-attack", "1.55", entries=[weapon(HAND_AXE_ATTACK, tags=["thrown"], stats=AXE_STATS)]),
    Shape(
        "versatile-dice",
        "1.55",
        entries=[
            weapon(
                {"budget": "act", "damage": {"dice": "1d6", "type": "pierce"}, "versatile": {"dice": "1d8"}}
            )
        ],
    ),
    Shape(
        "versatile-dice-from-stat",
        "1.55",
        entries=[
            weapon(
                {
                    "budget": "act",
                    "damage": {"dice": {"stat": "damage"}},
                    "versatile": {"dice": {"stat": "big_damage"}},
                },
                stats={"damage": "1d8", "big_damage": "1d10"},
            )
        ],
    ),
    Shape(
        "to-hit-skill-proficiency-bonus",
        "1.55",
        entries=[
            weapon(
                {
                    "budget": "act",
                    "toHit": {
                        "abilities": ["brawn", "wits"],
                        "skill": "sneak",
                        "proficiency": {"const": 1},
                        "bonus": 1,
                    },
                    "damage": {"dice": "1d4", "abilities": "wits", "bonus": 2, "type": "pierce"},
                }
            )
        ],
    ),
    Shape(
        "values-read-the-items-own-stats",
        "1.58",
        entries=[
            weapon(
                {
                    "budget": "act",
                    "toHit": {
                        "abilities": {"stat": "swing"},
                        "skill": {"stat": "skill_of"},
                        "bonus": {"stat": "guard"},
                    },
                    "damage": {
                        "dice": {"stat": "damage"},
                        "bonus": {"stat": "guard"},
                        "type": {"stat": "harm"},
                    },
                    "reach": {"stat": "paces"},
                    "range": {"normal": {"stat": "paces"}, "long": {"stat": "paces"}},
                    "floor": {"stat": "guard"},
                },
                stats={
                    "damage": "1d6",
                    "swing": "wits",
                    "skill_of": "sneak",
                    "guard": 1,
                    "harm": "cut",
                    "paces": 4,
                },
            )
        ],
    ),
    Shape(
        "to-hit-sheet-bonus",
        "1.95",
        entries=[
            weapon(
                {"budget": "act", "toHit": {"sheetBonus": {"derived": "archery"}}, "damage": {"dice": "1d8"}},
                tags=["ranged"],
            )
        ],
    ),
    Shape(
        "damage-sheet-bonus-one-handed",
        "1.97",
        entries=[
            weapon(
                {
                    "budget": "act",
                    "damage": {"dice": "1d8", "sheetBonus": {"derived": "dueling"}, "oneHanded": True},
                }
            )
        ],
    ),
    Shape(
        "damage-reroll-up-to",
        "1.98",
        entries=[
            weapon(
                {
                    "budget": "act",
                    "damage": {"dice": "2d6", "rerollUpTo": {"derived": "great_weapon_fighting"}},
                },
                slots={"hands": 2},
            )
        ],
    ),
    Shape(
        "strikes",
        "1.55",
        entries=[weapon({"budget": "act", "damage": {"dice": "1d6"}, "strikes": {"const": 2}})],
    ),
    Shape(
        "strikes-from-stat",
        "1.55",
        entries=[
            weapon(
                {"budget": "act", "damage": {"dice": "1d6"}, "strikes": {"stat": "shots"}}, stats={"shots": 2}
            )
        ],
    ),
    Shape(
        "on-hit-save-difficulty-from-stat",
        "1.169",
        entries=[
            weapon(
                {
                    "budget": "act",
                    "damage": {"dice": "1d4"},
                    "onHit": [
                        {"condition": "rattled", "save": {"save": "steel", "difficulty": {"stat": "dc"}}}
                    ],
                },
                stats={"dc": 12},
            )
        ],
    ),
    Shape(
        "pool-target",
        "1.55",
        entries=[weapon({"budget": "act", "toHit": {"target": 6}, "damage": {"dice": "1d6"}})],
        top={"resolution": {"kind": "dice-pool", "die": {"sides": 10}}},
    ),
    Shape(
        "ammo-recover",
        "1.57",
        entries=[
            weapon(
                {"budget": "act", "damage": {"dice": "1d8"}, "ammo": {"tag": "arrow", "recover": 0.5}},
                slots={"hands": 2},
            )
        ],
    ),
    Shape(
        "ammo-per-attack",
        "1.57",
        entries=[
            weapon({"budget": "act", "damage": {"dice": "1d8"}, "ammo": {"tag": "arrow", "perAttack": 2}})
        ],
    ),
    Shape(
        "clip",
        "1.57",
        entries=[
            weapon(
                {
                    "budget": "act",
                    "damage": {"dice": "1d10"},
                    "ammo": {"tag": "shot"},
                    "clip": {"max": 1, "reload": "act"},
                }
            )
        ],
    ),
    Shape(
        "clip-max-from-stat",
        "1.57",
        entries=[
            weapon(
                {
                    "budget": "act",
                    "damage": {"dice": "1d10"},
                    "clip": {"max": {"stat": "shots"}, "reload": "quick"},
                },
                stats={"shots": 2},
            )
        ],
    ),
    Shape(
        "modes",
        "1.58",
        entries=[
            weapon(
                {
                    "budget": "act",
                    "damage": {"dice": "1d8"},
                    "ammo": {"tag": "arrow", "recover": 0.5},
                    "modes": [{"id": "volley", "label": "Volley", "ammo": 2, "toHit": -2, "targets": 2}],
                }
            )
        ],
    ),
    Shape(
        "pool-mode-target",
        "1.58",
        entries=[
            weapon(
                {
                    "budget": "act",
                    "damage": {"dice": "1d6"},
                    "modes": [{"id": "careful", "label": "Careful", "target": 1}],
                }
            )
        ],
        top={"resolution": {"kind": "dice-pool", "die": {"sides": 10}}},
    ),
    Shape(
        "off-hand-and-on-hit",
        "1.58",
        entries=[
            weapon(
                {
                    "budget": "act",
                    "damage": {"dice": "1d4"},
                    "offHand": True,
                    "onHit": [{"condition": "marked", "atLeast": 2, "rounds": 2}],
                }
            )
        ],
    ),
    Shape("floor", "1.58", entries=[weapon({"budget": "act", "damage": {"dice": "1d4"}, "floor": 1})]),
    Shape(
        "on-hit-save",
        "1.169",
        entries=[
            weapon(
                {
                    "budget": "act",
                    "damage": {"dice": "1d4"},
                    "onHit": [{"condition": "rattled", "save": {"save": "steel", "difficulty": 7}}],
                }
            )
        ],
    ),
    Shape(
        "on-hit-save-ends",
        "1.169",
        entries=[
            weapon(
                {
                    "budget": "act",
                    "damage": {"dice": "1d8"},
                    "onHit": [
                        {
                            "condition": "wounded",
                            "atLeast": 1,
                            "saveEnds": {"save": "con_save", "difficulty": 15, "at": "turn-start"},
                        }
                    ],
                }
            )
        ],
    ),
    Shape(
        "plus-clauses",
        "1.169",
        entries=[
            weapon(
                {
                    "budget": "act",
                    "damage": {"dice": "1d8", "type": "slashing"},
                    "plus": [
                        {
                            "dice": "4d6",
                            "type": "lightning",
                            "save": {"save": "steel", "difficulty": 13, "onSuccess": "half"},
                        },
                        {"dice": "3d6", "type": "slashing", "targetIs": {"types": ["dragon"]}},
                        {"flat": 14, "type": "slashing", "when": "critical"},
                    ],
                }
            )
        ],
    ),
    Shape(
        "toggle",
        "1.170",
        entries=[
            weapon(
                {
                    "budget": "act",
                    "damage": {"dice": "1d8"},
                    "plus": [{"dice": "2d6", "type": "fire", "when": "toggled"}],
                },
                toggle={"label": "Flames", "budget": "bonus"},
            )
        ],
    ),
    # --- uses and charges ----------------------------------------------------------------------------------
    Shape(
        "use-poultice",
        "1.59",
        entries=[
            entry(
                "poultice",
                {
                    "category": "potion",
                    "use": {
                        "kind": "heal",
                        "budget": "act",
                        "range": 0,
                        "targets": "ally",
                        "amount": {"dice": "1d4", "flat": 1},
                        "consumes": True,
                    },
                },
            )
        ],
    ),
    Shape(
        "use-dawn-bell",
        "1.59",
        entries=[
            entry(
                "dawn-bell",
                {
                    "category": "wondrous",
                    "slots": {"hands": 1},
                    "stack": 1,
                    "use": {
                        "kind": "debuff",
                        "budget": "act",
                        "targets": "enemy",
                        "save": {"save": "steel", "onSuccess": "negates"},
                        "saveDifficulty": 7,
                        "applies": [{"condition": "rattled", "duration": {"rounds": 2}}],
                        "charges": 1,
                    },
                    "charges": {"max": 3},
                },
            )
        ],
    ),
    Shape(
        "use-every-mechanics-key",
        "1.174",
        entries=[
            entry(
                "fire-flask",
                {
                    "category": "potion",
                    "use": {
                        "kind": "attack",
                        "free": True,
                        "amount": {"dice": "2d6"},
                        "damageType": "fire",
                        "plus": [{"dice": "1d4", "type": "fire"}],
                        "attackRoll": True,
                        "toHit": {"abilities": ["wits"], "bonus": 1},
                        "area": {"shape": "burst", "size": 2},
                        "targets": "enemy",
                        "targetCount": 3,
                        "friendlyFire": True,
                        "concentration": True,
                        "zone": {"rounds": 2},
                        "consumes": True,
                    },
                },
            ),
            entry(
                "shield-draught",
                {
                    "category": "potion",
                    "use": {
                        "kind": "buff",
                        "budget": "quick",
                        "targets": "self",
                        "temporary": {"flat": 3},
                        "consumes": True,
                    },
                },
            ),
        ],
    ),
    Shape(
        "use-save-difficulty-from-stat",
        "1.59",
        entries=[
            entry(
                "hex-doll",
                {
                    "category": "wondrous",
                    "stats": {"dc": 12},
                    "use": {
                        "kind": "debuff",
                        "budget": "act",
                        "save": {"save": "steel", "onSuccess": "negates"},
                        "saveDifficulty": {"stat": "dc"},
                        "charges": 1,
                    },
                    "charges": {"max": {"stat": "shots"}},
                },
            )
        ],
    ),
    Shape(
        "use-restore",
        "1.60",
        entries=[
            entry(
                "warming-draught",
                {
                    "category": "tonic",
                    "use": {
                        "kind": "heal",
                        "budget": "quick",
                        "targets": "self",
                        "amount": {"flat": 1},
                        "restore": {"pool": "resolve", "amount": {"flat": 1}},
                        "consumes": True,
                    },
                },
            )
        ],
    ),
    Shape(
        "charges-recharge-breaks-on",
        "1.61",
        entries=[
            entry(
                "vigil-bell",
                {
                    "category": "wondrous",
                    "use": {"kind": "buff", "budget": "act", "charges": 1},
                    "charges": {
                        "max": 3,
                        "recharge": {"rests": ["vigil"], "amount": "max"},
                        "breaksOn": {"die": 20, "atMost": 1},
                    },
                },
            ),
            entry(
                "wand",
                {
                    "category": "wand",
                    "use": {"kind": "attack", "budget": "act", "amount": {"dice": "1d6"}, "charges": 1},
                    "charges": {
                        "max": 7,
                        "recharge": {"rests": ["vigil"], "amount": {"dice": "1d6", "flat": 1}},
                    },
                },
            ),
        ],
    ),
    Shape(
        "gate",
        "1.62",
        entries=[
            entry(
                "page-of-the-vigil-litany",
                {
                    "category": "page",
                    "use": {
                        "kind": "buff",
                        "budget": "act",
                        "consumes": True,
                        "gate": {
                            "check": {"skill": "ward"},
                            "difficulty": 2,
                            "unless": {"value": {"abilityScore": "nerve"}, "atLeast": 3},
                        },
                    },
                },
            ),
            entry(
                "scroll",
                {
                    "category": "page",
                    "use": {
                        "kind": "attack",
                        "budget": "act",
                        "consumes": True,
                        "gate": {"check": {"ability": "wits"}, "difficulty": {"stat": "dc"}},
                    },
                    "stats": {"dc": 12},
                },
            ),
            entry(
                "spell-scroll",
                {
                    "category": "page",
                    "use": {
                        "kind": "attack",
                        "budget": "act",
                        "consumes": True,
                        "gate": {"check": {"value": {"derived": "spell_mod"}}, "difficulty": 10},
                    },
                },
            ),
        ],
    ),
    # --- fakes -----------------------------------------------------------------------------------------------
    Shape(
        "risky-and-passes-for",
        "1.79",
        entries=[
            entry(
                "bag-of-devouring",
                {
                    "category": "wondrous",
                    "passesFor": "magic_items/bag-of-holding",
                    "cost": {"amount": 5, "unit": "gp"},
                },
                "Bag of Devouring",
            ),
            entry(
                "wand-of-wonder",
                {
                    "category": "wand",
                    "risky": "every wave is a gamble; some effects turn on the one who waves it",
                },
                "Wand of Wonder",
            ),
        ],
    ),
    # --- items on the sheet ----------------------------------------------------------------------------------
    Shape(
        "item-stat",
        "1.52",
        top={
            "sheet": {
                "derived": [
                    {
                        "id": "guard",
                        "label": "Guard",
                        "op": "sum",
                        "of": [
                            {"const": 6},
                            {"abilityMod": "wits"},
                            {"itemStat": {"stat": "guard", "from": "worn", "pick": "sum"}},
                        ],
                    },
                    {
                        "id": "best_guard",
                        "label": "Best guard",
                        "op": "max",
                        "of": [
                            {"itemStat": {"stat": "guard", "from": "carried", "pick": "max", "default": 1}}
                        ],
                    },
                    {
                        "id": "least_bulk",
                        "label": "Least bulk",
                        "op": "min",
                        "of": [{"itemStat": {"stat": "bulk", "from": "all", "pick": "min"}}],
                    },
                    {
                        "id": "in_hand",
                        "label": "In hand",
                        "op": "sum",
                        "of": [
                            {
                                "itemStat": {
                                    "pick": "count",
                                    "slot": "hands",
                                    "category": "weapon",
                                    "tag": "thrown",
                                }
                            }
                        ],
                    },
                    {
                        "id": "with_damage",
                        "label": "With damage",
                        "op": "sum",
                        "of": [{"itemStat": {"pick": "count", "stat": "damage"}}],
                    },
                ]
            }
        },
    ),
]


@pytest.mark.parametrize("shape", SHAPES, ids=[s.id for s in SHAPES])
def test_each_shape_the_spec_shows_loads(shape: Shape) -> None:
    assert problems_of(build(shape))[1] == []


@pytest.mark.parametrize("shape", SHAPES, ids=[s.id for s in SHAPES])
def test_each_shape_loads_at_the_version_the_spec_gives_it(shape: Shape) -> None:
    assert problems_of(build(shape, shape.version))[1] == []


OLDER = [s for s in SHAPES if s.version != "1.49"]


@pytest.mark.parametrize("shape", OLDER, ids=[s.id for s in OLDER])
def test_each_shape_is_gated_below_its_version(shape: Shape) -> None:
    problems = problems_of(build(shape, "1.49"))[1]
    assert problems
    assert all("needs Capability API" in p.message for p in problems), problems


def test_the_shape_ids_are_unique() -> None:
    assert len({s.id for s in SHAPES}) == len(SHAPES)


@pytest.fixture(scope="module")
def schema() -> Data:
    return ruleset_json_schema()


@pytest.mark.parametrize("shape", SHAPES, ids=[s.id for s in SHAPES])
def test_the_json_schema_accepts_each_shape(shape: Shape, schema: Data) -> None:
    jsonschema.validate(build(shape), schema)


@pytest.mark.parametrize(
    "where",
    [
        pytest.param(lambda d: d, id="top-level"),
        pytest.param(lambda d: d["sheet"]["abilities"][0], id="sheet-ability"),
        pytest.param(lambda d: d["resolution"], id="resolution"),
        pytest.param(lambda d: d["rests"][0], id="rest"),
    ],
)
def test_the_json_schema_refuses_an_unknown_key_where_the_loader_does(where: Any, schema: Data) -> None:
    data = build(SHAPES[0])
    where(data)["mxa"] = 1
    assert problems_of(data)[1] != []
    with pytest.raises(jsonschema.ValidationError, match="'mxa' was unexpected"):
        jsonschema.validate(data, schema)
