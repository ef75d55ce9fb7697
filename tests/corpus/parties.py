"""The parties the corpus plays with, by key: one set per shipped ruleset, and a party of one for each.

Each entry is what ``Game(ruleset, party)`` takes (as in a transcript). Bags are small enough that an
add of a few ordinary things never runs into a carrying limit, so a case tests the reader, not the load.
"""

from __future__ import annotations

from typing import Any

__all__ = ["PARTIES", "RULESET_OF"]

_GW_ADA: dict[str, Any] = {
    "name": "Ada",
    "sheet": {"abilities": {"nerve": 3}, "pools": {"resolve": 2}, "tracks": {"harm": 1}},
    "bag": [
        {"item": "crowns", "count": 2},
        {"item": "shillings", "count": 5},
        {"item": "pennies", "count": 10},
        {"item": "Warming tonic", "count": 3},
        {"item": "Lantern coat", "count": 1},
        {"item": "Grave spade", "count": 1},
        {"item": "Black candle", "count": 2},
        {"item": "Page of the vigil litany", "count": 2},
    ],
}
_GW_BRAM: dict[str, Any] = {
    "name": "Bram",
    "sheet": {"pools": {"resolve": 1}, "tracks": {"harm": 2}, "conditions": ["rattled"]},
    "bag": [
        {"item": "Shot and powder", "count": 8},
        {"item": "Watch pistol", "count": 1},
        {"item": "shillings", "count": 3},
        {"item": "Shuttered lantern", "count": 1},
        {"item": "Mourning coat", "count": 1},
    ],
}
_GW_MIRA: dict[str, Any] = {
    "name": "Mira",
    "bag": [{"item": "pennies", "count": 6}, {"item": "Silver coffin nail", "count": 1}],
}

_ER_ADA: dict[str, Any] = {
    "name": "Ada",
    "sheet": {"abilities": {"brawn": 1, "heart": 1}, "pools": {"grit": 3, "luck": 1}, "tracks": {"heat": 2}},
    "bag": [
        {"item": "marks", "count": 8},
        {"item": "bits", "count": 15},
        {"item": "pinches", "count": 12},
        {"item": "Poultice", "count": 2},
        {"item": "Hand axe", "count": 1},
        {"item": "Arrows", "count": 10},
    ],
}
_ER_BRAM: dict[str, Any] = {
    "name": "Bram",
    "sheet": {"abilities": {"brawn": 1}, "pools": {"grit": 5}},
    "bag": [
        {"item": "Hunting bow", "count": 1},
        {"item": "Leather coat", "count": 1},
        {"item": "sovereigns", "count": 1},
        {"item": "marks", "count": 2},
    ],
}
_ER_JUNO: dict[str, Any] = {
    "name": "Juno",
    "sheet": {"pools": {"grit": 2}, "conditions": ["shaken"]},
    "bag": [{"item": "Boar spear", "count": 1}, {"item": "Salt cake", "count": 1}],
}

_SRD_ADA: dict[str, Any] = {
    "name": "Ada",
    "sheet": {"abilities": {"str": 12}, "fields": {"hp_max": 12}, "pools": {"hit_points": 7}},
    "bag": [
        {"item": "gold pieces", "count": 25},
        {"item": "silver pieces", "count": 14},
        {"item": "copper pieces", "count": 30},
        {"item": "Rations (1 day)", "count": 2},
        {"item": "Torch", "count": 3},
        {"item": "Rope, hempen (50 feet)", "count": 1},
        {"item": "Dagger", "count": 2},
        {"item": "Potion of Healing", "count": 1},
        {"item": "Leather Armor", "count": 1},
    ],
}
_SRD_BRAM: dict[str, Any] = {
    "name": "Bram",
    "sheet": {"abilities": {"str": 15}, "fields": {"hp_max": 20}, "pools": {"hit_points": 14}},
    "bag": [
        {"item": "Longsword", "count": 1},
        {"item": "Shield", "count": 1},
        {"item": "Thieves' Tools", "count": 1},
        {"item": "gold pieces", "count": 3},
        {"item": "Oil (flask)", "count": 2},
    ],
}
_SRD_MIRA: dict[str, Any] = {
    "name": "Mira",
    "sheet": {"abilities": {"str": 8}, "fields": {"hp_max": 8}, "pools": {"hit_points": 8}},
    "bag": [
        {"item": "Spellbook", "count": 1},
        {"item": "Component pouch", "count": 1},
        {"item": "silver pieces", "count": 4},
    ],
}

PARTIES: dict[str, tuple[Any, ...]] = {
    "gw": (_GW_ADA, _GW_BRAM, _GW_MIRA),
    "gw1": (_GW_ADA,),
    "er": (_ER_ADA, _ER_BRAM, _ER_JUNO),
    "er1": (_ER_ADA,),
    "srd": (_SRD_ADA, _SRD_BRAM, _SRD_MIRA),
    "srd1": (_SRD_ADA,),
}

RULESET_OF: dict[str, str] = {
    "gw": "gravewatch",
    "gw1": "gravewatch",
    "er": "ember-roads",
    "er1": "ember-roads",
    "srd": "srd-5e",
    "srd1": "srd-5e",
}
