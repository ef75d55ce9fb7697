"""Where items come from in srd-5e: the market (prices, places, sellers, buy-back), the loot tables and
the spec's starting gear.

Invariants: the market buys equipment back at half its cost (SRD 5.1 "Selling Treasure") and never sells
an artifact; every item with a price is sold by some seller at the smallest place that sells it (a hamlet
has only its inn: board, lodging and hire; the outfitter and the smith need a village; the temple, the stable
and the fence a town, where the magic that has a price is sold, a few a day; ships a city's shipwright);
every item a loot table or a starting kit names is an entry of the built catalogs.
"""

from __future__ import annotations

from tagproc.rulesets.srd5e.common import JSONObject

__all__ = ["loot_tables", "market", "starting_gear"]


def loot_tables() -> list[JSONObject]:
    """The fence's odd lot and an adventurer's purse (spec "Loot tables")."""
    return [
        {
            "id": "fences_odd_lot",
            "label": "A fence's odd lot",
            "rolls": "1d3",
            "entries": [
                {"item": "magic_items/potion-of-poison", "weight": 3},
                {"item": "magic_items/bag-of-devouring", "weight": 1},
                {"item": "magic_items/potion-of-healing", "weight": 2, "count": "1d2"},
                {"item": "equipment/thieves-tools", "weight": 1},
            ],
        },
        {
            "id": "adventurers_purse",
            "label": "An adventurer's purse",
            "entries": [
                {"coins": "gp", "weight": 3, "count": "2d6"},
                {"coins": "sp", "weight": 2, "count": "3d10"},
                {"item": "equipment/arrow", "weight": 1},
                {"filter": {"category": "potion", "rarity": "common"}, "weight": 1},
            ],
        },
    ]


def starting_gear() -> list[JSONObject]:
    """The spec's fighter and acolyte (spec "Starting gear")."""
    return [
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
                        {"label": "Chain mail", "lines": [{"item": "equipment/chain-mail", "equip": True}]},
                        {
                            "label": "Leather armor and a longbow",
                            "lines": [
                                {"item": "equipment/leather-armor", "equip": True},
                                {"item": "equipment/longbow"},
                                # One purchase of equipment/arrow is the SRD's bundle of 20.
                                {"item": "equipment/arrow", "count": 1},
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


def market() -> JSONObject:
    """Price levels, places from hamlet to city, what sells where, the sellers by kind of goods, and the
    SRD's buy-back."""
    return {
        "prices": [
            {"id": "cheap", "label": "cheap", "times": 0.5},
            {"id": "fair", "label": "fair", "times": 1, "default": True},
            {"id": "dear", "label": "dear", "times": 2},
        ],
        "places": [
            {"id": "hamlet", "label": "hamlet"},
            {"id": "village", "label": "village"},
            {"id": "town", "label": "town"},
            {"id": "city", "label": "city"},
        ],
        "sold": _sold(),
        "sellers": _sellers(),
        # SRD 5.1 "Selling Treasure": equipment fetches half its cost.
        "buyBack": 0.5,
        # Artifacts are never among anybody's wares (spec "Markets", unsold).
        "unsold": [{"rarity": "artifact"}],
    }


def _sold() -> list[JSONObject]:
    """The smallest place of each kind of goods; the first rule that matches an item decides."""
    return [
        # SRD "Selling Treasure": aside from a few common magic items, magic is not for sale; the few
        # with a price (the potion of healing) need a town, and it keeps only a few on hand a day.
        {"filter": {"tag": "magical"}, "place": "town", "limited": "1d4"},
        # A stall and feed for the night are the inn's, anywhere: before the rule for the rest of the tack.
        {"filter": {"tag": "board"}, "place": "hamlet"},
        {"filter": {"tag": "waterborne"}, "place": "city"},
        {"filter": {"category": "mounts_and_vehicles"}, "place": "town"},
        {"filter": {"tag": "spellcasting"}, "place": "town"},
        {"filter": {"category": "weapon"}, "place": "village"},
        {"filter": {"category": "armor"}, "place": "village"},
        {"filter": {"category": "ammunition"}, "place": "village"},
        {"filter": {"category": "adventuring_gear"}, "place": "village"},
        {"filter": {"category": "tools"}, "place": "village"},
    ]


def _sellers() -> list[JSONObject]:
    """The market's sellers by kind of goods, each at the smallest place that has one, and the dishonest
    fence."""
    return [
        {"id": "inn", "label": "inn", "sells": [{"tag": "board"}, {"tag": "hire"}]},
        {
            "id": "outfitter",
            "label": "outfitter",
            "sells": [
                {"category": "adventuring_gear"},
                {"category": "tools"},
                {"category": "ammunition"},
            ],
            "place": "village",
        },
        {
            "id": "smith",
            "label": "smith",
            "sells": [{"category": "weapon"}, {"category": "armor"}],
            "place": "village",
        },
        {
            "id": "temple",
            "label": "temple",
            "sells": [{"category": "potion"}, {"tag": "spellcasting"}],
            "place": "town",
        },
        {
            "id": "stable",
            "label": "stable",
            "sells": [{"tag": "mount"}, {"tag": "tack"}],
            "place": "town",
        },
        {"id": "shipwright", "label": "shipwright", "sells": [{"tag": "waterborne"}], "place": "city"},
        {
            "id": "fence",
            "label": "Fence",
            "sells": [{"tag": "magical"}],
            "place": "town",
            "honest": False,
            "stock": {"table": "fences_odd_lot"},
            "manner": {
                "check": {"skill": "insight"},
                "dc": 13,
                "advantageIf": [{"value": {"derived": "knows_trade"}, "atLeast": 1}],
                "says": "their eyes slide away when you ask about it",
            },
        },
    ]
