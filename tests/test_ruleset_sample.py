"""A small, complete ruleset the ruleset tests mutate: every key of the items block and of an item, valid.

``sample()`` returns a fresh dict each call. The tests here pin that the sample itself is clean, so each
broken variant in ``test_ruleset_validate`` fails for the one thing it changes.
"""

from __future__ import annotations

import copy
from typing import Any

from tagproc.ruleset import check_ruleset, parse_ruleset
from tagproc.ruleset.load import problems_of

_SHEET: dict[str, Any] = {
    "abilities": [
        {"id": "brawn", "label": "Brawn", "min": -1, "max": 3, "default": 0},
        {"id": "wits", "label": "Wits", "min": -1, "max": 3, "default": 1},
    ],
    "skills": [
        {"id": "sneak", "label": "Sneak", "ability": "wits"},
        {"id": "sway", "label": "Sway", "ability": "wits"},
    ],
    "saves": [{"id": "steel", "label": "Steel", "ability": "brawn"}],
    "fields": [{"id": "toughness", "label": "Toughness", "type": "number", "min": 0, "max": 6, "default": 2}],
    "derived": [
        {"id": "load", "label": "Load", "op": "sum", "of": [{"const": 6}, {"abilityScore": "brawn"}]},
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
    ],
    "live": {
        "pools": [
            {"id": "grit", "label": "Grit", "max": {"const": 8}},
            {"id": "luck", "label": "Luck", "max": 3},
        ],
        "tracks": [{"id": "heat", "label": "Heat", "min": 0, "max": 5}],
        "conditions": [{"id": "shaken", "label": "Shaken"}, {"id": "marked", "label": "Marked"}],
    },
}

_ITEMS: dict[str, Any] = {
    "categories": [
        {"id": "weapon", "label": "Weapon"},
        {"id": "armor", "label": "Armor"},
        {"id": "ammunition", "label": "Ammunition"},
        {"id": "potion", "label": "Potion"},
        {"id": "trinket", "label": "Trinket"},
        {"id": "service", "label": "Service"},
    ],
    "rarities": [{"id": "common", "label": "Common"}, {"id": "storied", "label": "Storied"}],
    "tags": [
        {"id": "thrown", "label": "Thrown"},
        {"id": "ranged", "label": "Ranged"},
        {"id": "arrow", "label": "Arrow"},
        {"id": "magical", "label": "Magical"},
    ],
    "stats": [
        {"id": "bulk", "label": "Bulk", "type": "number", "min": 0, "max": 10, "default": 0},
        {"id": "guard", "label": "Guard", "type": "number", "min": 0, "max": 4, "default": 0},
        {"id": "damage", "label": "Damage", "type": "dice", "example": "1d6"},
        {
            "id": "swing",
            "label": "Rolls with",
            "type": "enum",
            "values": ["brawn", "wits"],
            "default": "brawn",
        },
        {"id": "note", "label": "Hidden", "type": "text", "maxLength": 20, "promptVisible": False},
        {"id": "silvered", "label": "Silvered", "type": "boolean", "default": False},
    ],
    "slots": [{"id": "body", "label": "Body", "count": 1}, {"id": "hands", "label": "Hands", "count": 2}],
    "binding": {"label": "Bond", "max": {"abilityScore": "wits"}},
    "carry": {"stat": "bulk", "encumberedAbove": {"derived": "load"}, "limit": {"const": 12}, "unit": "lb"},
    "rarityCaps": [{"rarity": "common", "stats": {"guard": 1}, "bonus": 1}],
    "currencies": [
        {
            "id": "coin",
            "label": "Coin",
            "perWeight": 100,
            "units": [
                {"id": "bit", "label": "bits", "one": "bit", "value": 1},
                {"id": "mark", "label": "marks", "one": "mark", "value": 10},
                {"id": "sovereign", "label": "sovereigns", "value": 100},
            ],
        },
        {
            "id": "salt",
            "label": "Salt",
            "units": [
                {"id": "pinch", "label": "pinches", "value": 1},
                {"id": "cake", "label": "cakes", "value": 20},
            ],
        },
    ],
    "propose": True,
    "native": False,
    "freeform": "plain",
    "lootTables": [
        {
            "id": "road",
            "label": "Road finds",
            "rolls": "1d2",
            "entries": [
                {"item": "kit/hand-axe", "weight": 2},
                {"filter": {"category": "ammunition"}},
                {"coins": "bit", "count": "1d6"},
            ],
        }
    ],
    "startingGear": [
        {
            "id": "scout",
            "label": "Scout",
            "group": "calling",
            "fits": {"value": {"abilityScore": "wits"}, "atLeast": 1},
            "lines": [{"item": "kit/hunting-bow", "equip": True}, {"coins": "mark", "count": 3}],
            "choices": [
                {
                    "label": "Side arm",
                    "options": [
                        {"label": "An axe", "lines": [{"item": "kit/hand-axe"}]},
                        {"label": "Pick one", "lines": [{"oneOf": ["kit/hand-axe", "kit/leather-coat"]}]},
                    ],
                }
            ],
        },
        {"id": "drifter", "label": "Drifter", "lines": [{"name": "Lucky pebble"}]},
    ],
    "market": {
        "prices": [
            {"id": "cheap", "label": "cheap", "times": 0.75},
            {"id": "fair", "label": "fair", "times": 1, "default": True},
            {"id": "dear", "label": "dear", "times": 1.5},
        ],
        "places": [
            {"id": "village", "label": "village"},
            {"id": "town", "label": "market town", "purse": {"amount": 5, "unit": "sovereign"}},
        ],
        "sold": [{"filter": {"rarity": "storied"}, "place": "town", "limited": "1d2"}],
        "sellers": [
            {"id": "smith", "label": "smith", "sells": [{"category": "weapon"}], "place": "village"},
            {
                "id": "fence",
                "label": "Fence",
                "sells": [{"tag": "magical"}],
                "place": "town",
                "only": {"value": {"livePool": "luck"}, "atLeast": 1, "label": "the lucky"},
                "honest": False,
                "stock": {"table": "road"},
                "manner": {"check": {"skill": "sway"}, "dc": 8, "says": "their eyes slide away"},
            },
        ],
        "buyBack": 0.5,
        "unsold": [{"tag": "magical"}],
    },
    "namesItAt": 3,
    "revealsFakes": [
        {"id": "sight", "label": "Truesight"},
        {"id": "scent", "label": "Scent", "tags": ["magical"], "items": ["kit/false-blade"]},
    ],
    "passiveBase": 10,
    "warnBy": "roll",
}

_AXE_ATTACK: dict[str, Any] = {
    "budget": "act",
    "toHit": {"abilities": {"stat": "swing"}, "proficiency": {"const": 1}, "bonus": 0},
    "damage": {"dice": {"stat": "damage"}, "abilities": {"stat": "swing"}, "type": "cut"},
    "reach": 2,
    "range": {"normal": 10, "long": 20},
    "onHit": [{"condition": "marked", "atLeast": 2, "rounds": 2}],
}

_ENTRIES: list[dict[str, Any]] = [
    {
        "id": "hand-axe",
        "label": "Hand axe",
        "summary": "A short haft and a bearded head.",
        "item": {
            "category": "weapon",
            "rarity": "common",
            "tags": ["thrown"],
            "stats": {"bulk": 1, "damage": "1d6", "swing": "brawn", "silvered": False},
            "slots": {"hands": 1},
            "cost": {"amount": 2, "unit": "mark"},
            "attack": _AXE_ATTACK,
        },
    },
    {
        "id": "hunting-bow",
        "label": "Hunting bow",
        "item": {
            "category": "weapon",
            "tags": ["ranged"],
            "stats": {"bulk": 2, "damage": "1d8", "swing": "wits"},
            "slots": {"hands": 2},
            "cost": {"amount": 3, "unit": "sovereign"},
            "attack": {
                "budget": "act",
                "damage": {"dice": "1d8", "type": "pierce"},
                "ammo": {"tag": "arrow", "perAttack": 1, "recover": 0.5},
                "modes": [{"id": "volley", "label": "Volley", "ammo": 2, "toHit": -2, "targets": 2}],
            },
        },
    },
    {
        "id": "arrows",
        "label": "Arrows",
        "item": {
            "category": "ammunition",
            "tags": ["arrow"],
            "stack": 20,
            "cost": {"amount": 1, "unit": "bit"},
        },
    },
    {
        "id": "leather-coat",
        "label": "Leather coat",
        "item": {
            "category": "armor",
            "stats": {"bulk": 2, "guard": 1},
            "slots": {"body": 1},
            "cost": {"amount": 8, "unit": "mark"},
            "worn": {"modifiers": [{"to": "checks", "skills": ["sneak"], "flat": -1}]},
            "requires": [
                {
                    "value": {"abilityScore": "brawn"},
                    "atLeast": 1,
                    "otherwise": {"modifiers": [{"to": "speed", "flat": -2}]},
                }
            ],
        },
    },
    {
        "id": "poultice",
        "label": "Poultice",
        "item": {
            "category": "potion",
            "stack": 5,
            "cost": {"amount": 1, "unit": "mark"},
            "use": {
                "kind": "heal",
                "budget": "act",
                "targets": "ally",
                "range": 0,
                "amount": {"dice": "1d4", "flat": 1},
                "restore": {"pool": "luck", "amount": {"flat": 1}},
                "consumes": True,
            },
        },
    },
    {
        "id": "dawn-bell",
        "label": "Dawn bell",
        "item": {
            "category": "trinket",
            "stack": 1,
            "binds": {"restriction": "a warden"},
            "cost": {"amount": 5, "unit": "sovereign"},
            "worn": {"conditionImmunities": ["shaken"], "abilities": {"wits": {"add": 1}}},
            "carried": {"resist": ["burn", {"type": "cut", "except": ["magical"]}]},
            "use": {
                "kind": "debuff",
                "budget": "act",
                "targets": "enemy",
                "save": {"save": "steel", "onSuccess": "negates"},
                "saveDifficulty": 7,
                "applies": [{"condition": "shaken", "duration": {"rounds": 2}}],
                "charges": 1,
                "gate": {
                    "check": {"skill": "sway"},
                    "difficulty": 2,
                    "unless": {"value": {"abilityScore": "wits"}, "atLeast": 3},
                },
            },
            "charges": {
                "max": 3,
                "recharge": {"rests": ["camp"], "amount": "max"},
                "breaksOn": {"die": 20, "atMost": 1},
            },
        },
    },
    {
        "id": "lodging",
        "label": "Lodging",
        "item": {"category": "service", "service": True, "cost": {"amount": 2, "unit": "mark"}},
    },
    {
        "id": "storied-blade",
        "label": "Storied blade",
        "item": {
            "category": "weapon",
            "rarity": "storied",
            "tags": ["magical"],
            "stats": {"bulk": 1, "damage": "1d8"},
            "slots": {"hands": 1},
            "cost": {"amount": 10, "unit": "sovereign"},
            "sold": {"place": "town", "limited": 1},
            "toggle": {"label": "Flames", "budget": "quick"},
            "attack": {
                "budget": "act",
                "damage": {"dice": "1d8", "type": "cut"},
                "versatile": {"dice": "1d10"},
                "offHand": True,
                "plus": [{"dice": "2d6", "type": "fire", "when": "toggled"}],
            },
        },
    },
    {
        "id": "false-blade",
        "label": "Tin blade",
        "item": {
            "category": "weapon",
            "rarity": "storied",
            "tags": ["magical"],
            "slots": {"hands": 1},
            "passesFor": "kit/storied-blade",
            "cost": {"amount": 1, "unit": "sovereign"},
            "risky": "it bends on the first blow",
            "tells": [
                {
                    "check": {"skill": "sneak"},
                    "dc": 8,
                    "says": "too light",
                    "carries": {"anyOf": ["kit/arrows"]},
                },
                {"check": {"value": {"derived": "guard"}}, "dc": 9, "says": "the edge is painted"},
            ],
            "foolsReveal": ["sight"],
        },
    },
]

_SAMPLE: dict[str, Any] = {
    "$comment": "The ruleset tests' sample: small, complete, valid.",
    "schemaVersion": 1,
    "id": "testland",
    "name": "Testland",
    "resolution": {
        "kind": "dice-sum",
        "dice": {"count": 2, "sides": 6},
        "abilityModifier": {"op": "identity"},
    },
    "sheet": _SHEET,
    "rests": [
        {
            "id": "camp",
            "label": "Make camp",
            "restore": [{"pool": "grit", "to": "max"}],
            "clear": {"conditions": ["shaken"]},
        }
    ],
    "gm": {"checkGuidance": "Tagproc never reads this."},
    "combat": {
        "health": {"pool": "grit"},
        "economy": {"budgets": [{"id": "act", "label": "Action"}, {"id": "quick", "label": "Quick"}]},
        "distance": {"label": "paces", "perCell": 2},
        "offHand": {"budget": "quick", "ability": "full"},
    },
    "items": _ITEMS,
    "catalogs": [
        {"id": "kit", "label": "Kit", "holds": "items", "entries": _ENTRIES},
        {
            "id": "beasts",
            "label": "Beasts",
            "holds": "creatures",
            "entries": [{"id": "wolf", "label": "Wolf", "creature": {"health": 6, "loot": "road"}}],
        },
    ],
    "layers": [
        {
            "id": "lean",
            "label": "Lean times",
            "gm": {"guidance": "Also never read."},
            "catalogs": [{"id": "kit", "hide": {"entries": ["lodging"]}}],
            "items": {
                "currencies": {"removeUnits": ["sovereign"], "removeFamilies": ["salt"]},
                "market": {"unsold": [{"category": "potion"}]},
            },
        }
    ],
}


def sample() -> dict[str, Any]:
    """A fresh copy of the sample ruleset."""
    return copy.deepcopy(_SAMPLE)


def test_the_sample_ruleset_checks_clean() -> None:
    assert problems_of(sample())[1] == []


def test_the_sample_checks_clean_when_it_declares_the_capability_api_it_needs() -> None:
    data = sample()
    data["capabilityApi"] = "1.170"
    assert problems_of(data)[1] == []


def test_sections_tagproc_does_not_read_are_kept() -> None:
    ruleset = parse_ruleset(sample())
    assert ruleset.model_extra is not None
    assert ruleset.model_extra["gm"] == {"checkGuidance": "Tagproc never reads this."}
    assert ruleset.model_extra["combat"]["offHand"]["budget"] == "quick"


def test_the_sample_uses_every_key_of_the_items_block() -> None:
    from tagproc.ruleset.models import ItemsBlock

    written = set(sample()["items"])
    declared = {field.alias or name for name, field in ItemsBlock.model_fields.items()} - {"$comment"}
    assert declared - written == set()


def test_check_ruleset_reads_a_yaml_file(tmp_path: Any) -> None:
    import yaml

    path = tmp_path / "testland.yaml"
    path.write_text(yaml.safe_dump(sample()), encoding="utf-8")
    assert check_ruleset(path) == []
