"""Build the shipped ``srd-5e`` ruleset from the SRD 5e data files.

Usage::

    python -m tagproc.rulesets.build_srd5e /path/to/shared/data/srd5e tagproc/rulesets/srd-5e.json

The script owns the translation from the SRD data (5e-bits' 5e-database and open5e, described in the
data folder's SOURCE.md) into the ruleset file format of ``spec/items.txt``. It keeps three invariants:

- Deterministic: the same data gives the same file, byte for byte (data order, no clock, no randomness).
- Faithful: every equipment item keeps its SRD cost (a whole amount in its SRD coin) and weight, except the
  few known data errors SOURCE.md lists, each corrected in ``CORRECTIONS`` below with the reason.
- Bundles are sold as the SRD sells them: an entry is what one purchase gives (``Arrows (20)`` for 1 gp,
  1 lb), because an item's ``cost`` is a whole amount of one coin and 20 sling bullets cost 4 cp.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

JSONObject = dict[str, Any]

ATTRIBUTION = (
    'This work includes material taken from the System Reference Document 5.1 ("SRD 5.1") by Wizards of '
    "the Coast LLC. The SRD 5.1 is licensed under the Creative Commons Attribution 4.0 International License "
    "(https://creativecommons.org/licenses/by/4.0/legalcode)."
)

#: The coins at the SRD's rates, counted in copper; fifty coins of any kind weigh a pound.
COINS: tuple[tuple[str, str, str, int], ...] = (
    ("cp", "copper pieces", "copper piece", 1),
    ("sp", "silver pieces", "silver piece", 10),
    ("ep", "electrum pieces", "electrum piece", 50),
    ("gp", "gold pieces", "gold piece", 100),
    ("pp", "platinum pieces", "platinum piece", 1000),
)
COIN_VALUE = {coin_id: value for coin_id, _, _, value in COINS}


@dataclass(frozen=True, slots=True)
class Correction:
    """A known error of the data against the printed SRD 5.1, and what the ruleset ships instead."""

    cost: tuple[int, str] | None
    weight: float | None
    label: str | None
    why: str


#: Known data errors (SOURCE.md, "Known quirks of the data"), keyed by catalog/entry.
CORRECTIONS: dict[str, Correction] = {
    # The data prices one caltrop (5 cp) but weighs the bag (2 lb); the SRD sells a bag of 20 for 1 gp.
    "equipment/caltrops": Correction(
        cost=(1, "gp"),
        weight=None,
        label="Caltrops (bag of 20)",
        why="SRD 5.1: caltrops (bag of 20), 1 gp, 2 lb",
    ),
    # The data prices one spike (1 sp) but weighs ten (5 lb); the SRD sells ten for 1 gp.
    "equipment/spike-iron": Correction(
        cost=(1, "gp"), weight=None, label="Iron spikes (10)", why="SRD 5.1: spikes, iron (10), 1 gp, 5 lb"
    ),
    # Barding costs four times the armor (ring mail 30 gp); the data says 12 gp.
    "equipment/barding-ring-mail": Correction(
        cost=(120, "gp"), weight=None, label=None, why="SRD 5.1: barding costs 4 x the armor, ring mail 30 gp"
    ),
    # Missing from the equipment file; the SRD's adventuring gear sells it at 50 gp, 1/2 lb (open5e srd-2024).
    "magic_items/potion-of-healing": Correction(
        cost=(50, "gp"), weight=0.5, label=None, why="SRD adventuring gear: potion of healing, 50 gp, 1/2 lb"
    ),
}

#: What one purchase of a bundled item gives, said in its label (the data's ``quantity``).
BUNDLE_LABELS: dict[str, str] = {
    "arrow": "Arrows (20)",
    "blowgun-needle": "Blowgun needles (50)",
    "crossbow-bolt": "Crossbow bolts (20)",
    "sling-bullet": "Sling bullets (20)",
}

RARITIES: tuple[tuple[str, str], ...] = (
    ("common", "Common"),
    ("uncommon", "Uncommon"),
    ("rare", "Rare"),
    ("very_rare", "Very rare"),
    ("legendary", "Legendary"),
    ("artifact", "Artifact"),
)
#: "Varies" is a family whose variants are entries of their own with their own rarity: it gets none.
RARITY_OF = {"Common": "common", "Uncommon": "uncommon", "Rare": "rare", "Very Rare": "very_rare"} | {
    "Legendary": "legendary",
    "Artifact": "artifact",
}

#: Item categories: the SRD's equipment categories an item can be of, by the data's own index.
CATEGORY_IDS: dict[str, str] = {
    "weapon": "weapon",
    "armor": "armor",
    "ammunition": "ammunition",
    "adventuring-gear": "adventuring_gear",
    "tools": "tools",
    "mounts-and-vehicles": "mounts_and_vehicles",
    "potion": "potion",
    "ring": "ring",
    "rod": "rod",
    "scroll": "scroll",
    "staff": "staff",
    "wand": "wand",
    "wondrous-items": "wondrous",
}
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
CONDITIONS = [
    "blinded",
    "charmed",
    "deafened",
    "frightened",
    "grappled",
    "incapacitated",
    "invisible",
    "paralyzed",
    "petrified",
    "poisoned",
    "prone",
    "restrained",
    "stunned",
    "unconscious",
]
SKILLS: tuple[tuple[str, str, str], ...] = (
    ("acrobatics", "Acrobatics", "dex"),
    ("animal_handling", "Animal Handling", "wis"),
    ("arcana", "Arcana", "int"),
    ("athletics", "Athletics", "str"),
    ("deception", "Deception", "cha"),
    ("history", "History", "int"),
    ("insight", "Insight", "wis"),
    ("intimidation", "Intimidation", "cha"),
    ("investigation", "Investigation", "int"),
    ("medicine", "Medicine", "wis"),
    ("nature", "Nature", "int"),
    ("perception", "Perception", "wis"),
    ("performance", "Performance", "cha"),
    ("persuasion", "Persuasion", "cha"),
    ("religion", "Religion", "int"),
    ("sleight_of_hand", "Sleight of Hand", "dex"),
    ("stealth", "Stealth", "dex"),
    ("survival", "Survival", "wis"),
)
ABILITIES: tuple[tuple[str, str], ...] = (
    ("str", "Strength"),
    ("dex", "Dexterity"),
    ("con", "Constitution"),
    ("int", "Intelligence"),
    ("wis", "Wisdom"),
    ("cha", "Charisma"),
)
SUMMARY_MAX = 240


def tag_id(index: str) -> str:
    """A weapon property's index as an item tag id (``two-handed`` -> ``two_handed``)."""
    return index.replace("-", "_")


def clean_text(text: str) -> str:
    """Prose as a summary may hold it: no markdown emphasis, brackets, braces or line breaks."""
    text = text.replace("**", "").replace("_", " ")
    text = re.sub(r"[\[\]{}]", "", text)
    return " ".join(text.split())


def summarize(paragraphs: Sequence[str]) -> str | None:
    """The first sentences of the first paragraph, kept under SUMMARY_MAX characters."""
    if not paragraphs:
        return None
    text = clean_text(paragraphs[0])
    if len(text) <= SUMMARY_MAX:
        return text or None
    kept = ""
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        if len(kept) + len(sentence) + 1 > SUMMARY_MAX:
            break
        kept = f"{kept} {sentence}".strip()
    return kept or text[: SUMMARY_MAX - 3].rstrip() + "..."


def whole_weight(weight: float) -> int | float:
    """A weight as JSON writes it best: ``2`` rather than ``2.0``."""
    return int(weight) if float(weight).is_integer() else weight


def cost_in_one_coin(gp: str) -> JSONObject:
    """An open5e decimal price in gold as a whole amount of the largest coin of gp, sp, cp that pays it."""
    copper = Decimal(gp) * COIN_VALUE["gp"]
    for unit in ("gp", "sp", "cp"):
        amount = copper / COIN_VALUE[unit]
        if amount == amount.to_integral_value():
            return {"amount": int(amount), "unit": unit}
    raise ValueError(f"price {gp} gp is not a whole number of copper")


def load(src: Path, name: str) -> Any:
    with (src / name).open(encoding="utf-8") as handle:
        return json.load(handle)


def equipment_item(raw: JSONObject) -> JSONObject:
    """One SRD equipment entry as a ruleset catalog entry."""
    index: str = raw["index"]
    category = raw["equipment_category"]["index"]
    if raw.get("gear_category", {}).get("index") == "ammunition":
        category = "ammunition"
    item: JSONObject = {"category": CATEGORY_IDS[category]}
    tags = [tag_id(prop["index"]) for prop in raw.get("properties", [])]
    if tags:
        item["tags"] = tags
    stats: JSONObject = {}
    if "weight" in raw:
        stats["weight"] = whole_weight(raw["weight"])
    if "weapon_category" in raw:
        stats["proficiency"] = raw["weapon_category"].lower()
    damage = raw.get("damage")
    if damage and re.fullmatch(r"\d+d\d+", damage["damage_dice"]):
        stats["damage"] = damage["damage_dice"]
    if damage:
        stats["damage_type"] = damage["damage_type"]["index"]
    if "two_handed_damage" in raw:
        stats["versatile_damage"] = raw["two_handed_damage"]["damage_dice"]
    weapon_range = raw.get("throw_range") if "thrown" in tags else None
    weapon_range = weapon_range or (raw.get("range") if raw.get("weapon_range") == "Ranged" else None)
    if weapon_range:
        stats["range"] = weapon_range["normal"]
        if "long" in weapon_range:
            stats["long_range"] = weapon_range["long"]
    armor_class = raw.get("armor_class")
    if armor_class:
        stats["armor_class"] = armor_class["base"]
        stats["adds_dex"] = armor_class["dex_bonus"]
        if "max_bonus" in armor_class:
            stats["max_dex"] = armor_class["max_bonus"]
        if raw.get("str_minimum"):
            stats["strength"] = raw["str_minimum"]
        if raw.get("stealth_disadvantage"):
            stats["stealth_disadvantage"] = True
    if stats:
        item["stats"] = stats
    if raw.get("armor_category") == "Shield" or "weapon_category" in raw:
        item["slots"] = {"hands": 2 if "two_handed" in tags else 1}
    elif armor_class:
        item["slots"] = {"body": 1}
    item["cost"] = {"amount": raw["cost"]["quantity"], "unit": raw["cost"]["unit"]}
    entry: JSONObject = {"id": index, "label": BUNDLE_LABELS.get(index, raw["name"])}
    summary = summarize(raw.get("desc", []))
    if "quantity" in raw:
        bundle = f"Sold {raw['quantity']} to a bundle: the price and the weight are the bundle's."
        summary = bundle if summary is None else f"{bundle} {summary}"
    if "contents" in raw:
        summary = "Holds " + ", ".join(
            f"{part['item']['name']} x{part['quantity']}" if part["quantity"] > 1 else part["item"]["name"]
            for part in raw["contents"]
        )
        summary = summary if len(summary) <= SUMMARY_MAX else summary[: SUMMARY_MAX - 3].rstrip() + "..."
    if summary:
        entry["summary"] = summary
    entry["item"] = item
    return correct(f"equipment/{index}", entry)


def correct(ref: str, entry: JSONObject) -> JSONObject:
    """Apply CORRECTIONS to one entry (and nothing else)."""
    fix = CORRECTIONS.get(ref)
    if fix is None:
        return entry
    if fix.label is not None:
        entry["label"] = fix.label
    item = entry["item"]
    if fix.weight is not None:
        item.setdefault("stats", {})["weight"] = whole_weight(fix.weight)
    if fix.cost is not None:
        item["cost"] = {"amount": fix.cost[0], "unit": fix.cost[1]}
    return entry


ATTUNEMENT = re.compile(r"\(requires attunement(?: (?P<by>by [^)]*))?\)")
SHIELDS = re.compile(r"shield", re.IGNORECASE)


def magic_item(raw: JSONObject) -> JSONObject:
    """One SRD magic item as a ruleset catalog entry: rarity, attunement, slots; no price."""
    index: str = raw["index"]
    category = raw["equipment_category"]["index"]
    item: JSONObject = {"category": CATEGORY_IDS[category]}
    rarity = RARITY_OF.get(raw["rarity"]["name"])
    if index == "potion-of-healing":
        # The plain potion is the common one; its stronger kinds are entries of their own.
        rarity = "common"
    if rarity:
        item["rarity"] = rarity
    item["tags"] = ["magical"]
    if category == "ring":
        item["slots"] = {"ring": 1}
    elif category == "armor":
        item["slots"] = {"hands": 1} if SHIELDS.search(raw["name"]) else {"body": 1}
    elif category == "weapon":
        item["slots"] = {"hands": 1}
    attunement = ATTUNEMENT.search(raw["desc"][0]) if raw["desc"] else None
    if attunement:
        binds: JSONObject = {}
        if attunement.group("by"):
            binds["restriction"] = attunement.group("by")
        if any(clean_text(part).startswith("Curse") for part in raw["desc"]):
            binds["cursed"] = True
        item["binds"] = binds
    entry: JSONObject = {"id": index, "label": raw["name"]}
    summary = summarize(raw["desc"][1:])
    if raw["rarity"]["name"] == "Varies" and index != "potion-of-healing":
        summary = f"{clean_text(raw['desc'][0])}. {summary or ''}".strip()
        summary = summary if len(summary) <= SUMMARY_MAX else summary[: SUMMARY_MAX - 3].rstrip() + "..."
    if summary:
        entry["summary"] = summary
    entry["item"] = item
    return correct(f"magic_items/{index}", entry)


def service_item(raw: JSONObject) -> JSONObject | None:
    """One open5e SRD 2024 service as a service item, or None where it has no price to pay."""
    fields = raw["fields"]
    if Decimal(fields["cost"]) == 0:
        return None
    entry: JSONObject = {
        "id": raw["pk"].removeprefix("srd-2024_"),
        "label": fields["name"].replace(" - ", ": "),
    }
    detail = f" ({fields['detail']})" if fields.get("detail") else ""
    summary = clean_text(fields.get("desc", "")) + detail
    if summary.strip():
        entry["summary"] = summary.strip()[:SUMMARY_MAX]
    entry["item"] = {"category": "services", "service": True, "cost": cost_in_one_coin(fields["cost"])}
    return entry


#: open5e services left out: one the SRD 5.1 equipment already sells (stabling).
SKIPPED_SERVICES = {"srd-2024_stabling-per-day"}


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
        "currencies": [
            {
                "id": "coins",
                "label": "Coins",
                "perWeight": 50,
                "units": [
                    {"id": ident, "label": label, "one": one, "value": value}
                    for ident, label, one, value in COINS
                ],
            }
        ],
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


def loot_tables() -> list[JSONObject]:
    return [
        {
            "id": "fences_odd_lot",
            "label": "A fence's odd lot",
            "rolls": "1d3",
            "entries": [
                {"item": "magic_items/potion-of-poison", "weight": 3},
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
    return {
        "prices": [
            {"id": "cheap", "label": "cheap", "times": 0.5},
            {"id": "fair", "label": "fair", "times": 1, "default": True},
            {"id": "dear", "label": "dear", "times": 2},
        ],
        "places": [
            {"id": "village", "label": "village"},
            {"id": "town", "label": "town"},
            {"id": "city", "label": "city"},
        ],
        "sold": [
            {"filter": {"category": "mounts_and_vehicles"}, "place": "town"},
            {"filter": {"tag": "magical"}, "place": "city", "limited": "1d4"},
        ],
        "sellers": [
            {
                "id": "outfitter",
                "label": "outfitter",
                "sells": [
                    {"category": "adventuring_gear"},
                    {"category": "tools"},
                    {"category": "ammunition"},
                ],
            },
            {"id": "smith", "label": "smith", "sells": [{"category": "weapon"}, {"category": "armor"}]},
            {
                "id": "stable",
                "label": "stable",
                "sells": [{"category": "mounts_and_vehicles"}],
                "place": "town",
            },
            {"id": "temple", "label": "temple", "sells": [{"category": "potion"}, {"category": "services"}]},
            {"id": "inn", "label": "inn", "sells": [{"category": "services"}]},
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
        ],
        # SRD 5.1 "Selling Treasure": equipment fetches half its cost.
        "buyBack": 0.5,
        # Artifacts are never among anybody's wares (spec "Markets", unsold).
        "unsold": [{"rarity": "artifact"}],
    }


def fakes_and_risks(magic: list[JSONObject]) -> None:
    """The spec's 5e fakes and risky items (spec "Honest and dishonest sellers", "Spotting fakes")."""
    by_id = {entry["id"]: entry for entry in magic}
    poison = by_id["potion-of-poison"]["item"]
    poison["passesFor"] = "magic_items/potion-of-healing"
    poison["tells"] = [
        {
            "check": {"value": {"derived": "poisoners_kit_check"}},
            "dc": 13,
            "carries": {"anyOf": ["equipment/poisoners-kit"]},
            "says": "a faint bitterness under the sweetness",
        },
        {"check": {"skill": "arcana"}, "dc": 18, "says": "its magic does not feel like healing magic"},
    ]
    poison["foolsReveal"] = ["identify"]
    by_id["wand-of-wonder"]["item"]["risky"] = (
        "every wave is a gamble; some effects turn on the one who waves it"
    )


def _times_strength(pounds: int) -> list[list[int]]:
    """A step table reading Strength 1 to 30 as ``pounds`` per point of Strength."""
    return [[score, score * pounds] for score in range(1, 31)]


def sheet() -> JSONObject:
    """The slice of a 5e sheet that items read: abilities, skills, saves, carrying, attunement, hit points."""
    return {
        "version": 1,
        "sections": [{"id": "identity", "label": "Identity"}, {"id": "gear", "label": "Gear"}],
        "abilities": [
            {"id": ident, "label": label, "short": ident.upper(), "min": 1, "max": 30, "default": 10}
            for ident, label in ABILITIES
        ],
        "saves": [
            {"id": f"{ident}_save", "label": f"{label} save", "ability": ident} for ident, label in ABILITIES
        ],
        "skills": [{"id": ident, "label": label, "ability": ability} for ident, label, ability in SKILLS],
        "fields": [
            {
                "id": "level",
                "label": "Level",
                "type": "number",
                "min": 1,
                "max": 20,
                "default": 1,
                "section": "identity",
            },
            {
                "id": "level_fighter",
                "label": "Fighter levels",
                "type": "number",
                "min": 0,
                "max": 20,
                "default": 0,
                "section": "identity",
            },
            {
                "id": "hp_max",
                "label": "Hit point maximum",
                "type": "number",
                "min": 1,
                "max": 999,
                "default": 8,
            },
            {
                "id": "poisoners_kit_bonus",
                "label": "Poisoner's kit proficiency",
                "type": "number",
                "min": 0,
                "max": 12,
                "default": 0,
                "section": "gear",
            },
            {
                "id": "underworld_ties",
                "label": "Knows the trade in stolen goods",
                "type": "number",
                "min": 0,
                "max": 1,
                "default": 0,
                "section": "identity",
            },
        ],
        "derived": [
            {
                "id": "proficiency_bonus",
                "label": "Proficiency bonus",
                "op": "stepTable",
                "from": {"field": "level"},
                "table": [[1, 2], [5, 3], [9, 4], [13, 5], [17, 6]],
                "section": "identity",
            },
            {
                "$comment": "SRD 5.1 Carrying Capacity: Strength x 15 lb, the most one carries (a step per score,"
                " since the format's ops are sum, max, min and tables).",
                "id": "carrying_capacity",
                "label": "Carrying capacity (lb)",
                "op": "stepTable",
                "from": {"abilityScore": "str"},
                "table": _times_strength(15),
                "section": "gear",
            },
            {
                "$comment": "SRD 5.1 Variant: Encumbrance: above Strength x 5 lb, encumbered.",
                "id": "encumbered_above",
                "label": "Encumbered above (lb)",
                "op": "stepTable",
                "from": {"abilityScore": "str"},
                "table": _times_strength(5),
                "section": "gear",
            },
            {
                "id": "poisoners_kit_check",
                "label": "Poisoner's kit check",
                "op": "sum",
                "of": [{"abilityMod": "int"}, {"field": "poisoners_kit_bonus"}],
                "section": "gear",
            },
            {
                "id": "knows_trade",
                "label": "Knows the trade",
                "op": "sum",
                "of": [{"field": "underworld_ties"}],
                "section": "identity",
            },
        ],
        "live": {
            "pools": [
                {"id": "hit_points", "label": "Hit points", "max": {"field": "hp_max"}},
                {"id": "hit_dice", "label": "Hit dice", "max": {"field": "level"}},
            ],
            "conditions": [{"id": ident, "label": ident.capitalize()} for ident in CONDITIONS],
        },
    }


def build_ruleset(src: Path) -> JSONObject:
    """The whole srd-5e ruleset from the data folder ``src``."""
    equipment = [equipment_item(raw) for raw in load(src, "5e-SRD-Equipment.json")]
    magic = [magic_item(raw) for raw in load(src, "5e-SRD-Magic-Items.json")]
    fakes_and_risks(magic)
    services = [
        entry
        for raw in load(src, "open5e-srd-2024-Service.json")
        if raw["pk"] not in SKIPPED_SERVICES and (entry := service_item(raw)) is not None
    ]
    return {
        "$comment": (
            "Generated by tagproc/rulesets/build_srd5e.py from the SRD 5e data files; do not edit by hand. "
            "Every SRD equipment item with its SRD cost and weight, every SRD magic item with its "
            "rarity, the five coins at their SRD rates, the SRD's carrying rule and its selling rule "
            "as the market's buy-back."
        ),
        "schemaVersion": 1,
        "id": "srd-5e",
        "version": 1,
        "capabilityApi": "1.89",
        "name": "5e (SRD 5.1 items)",
        "edition": "System Reference Document 5.1 equipment and magic items, built by tagproc",
        "license": {"spdx": "CC-BY-4.0", "attribution": ATTRIBUTION},
        "coverage": {
            "checks": True,
            "saves": True,
            "sheet": True,
            "resources": True,
            "rests": True,
            "combat": False,
            "summary": (
                "The slice of a 5e sheet that items read, and the SRD's equipment, magic items, coins "
                "and market."
            ),
        },
        "resolution": {
            "kind": "dice-sum",
            "dice": {"count": 1, "sides": 20},
            "abilityModifier": {"op": "floorHalfMinusTen"},
            "proficiency": {"bonus": {"derived": "proficiency_bonus"}},
            "proficiencyTiers": [
                {"id": "none", "label": "Not proficient", "multiplier": 0},
                {"id": "proficient", "label": "Proficient", "multiplier": 1},
                {"id": "expertise", "label": "Expertise", "multiplier": 2},
            ],
            "advantage": True,
            "difficultyLadder": [
                {"label": "Very easy", "dc": 5},
                {"label": "Easy", "dc": 10},
                {"label": "Medium", "dc": 15},
                {"label": "Hard", "dc": 20},
                {"label": "Very hard", "dc": 25},
                {"label": "Nearly impossible", "dc": 30},
            ],
        },
        "sheet": sheet(),
        "rests": [
            {"id": "short", "label": "Short rest", "restore": [], "clear": {"conditions": []}},
            {
                "id": "long",
                "label": "Long rest",
                "restore": [
                    {"pool": "hit_points", "to": "max"},
                    {"pool": "hit_dice", "by": {"fractionOfMax": 0.5}},
                ],
                "clear": {"conditions": []},
            },
        ],
        "items": items_block(src),
        "catalogs": [
            {"id": "equipment", "label": "Equipment", "holds": "items", "entries": equipment},
            {"id": "magic_items", "label": "Magic items", "holds": "items", "entries": magic},
            {"id": "services", "label": "Services", "holds": "items", "entries": services},
        ],
    }


def render(ruleset: JSONObject) -> str:
    """The file's text: two-space JSON, keys in the order built, one newline at the end."""
    return json.dumps(ruleset, indent=2, ensure_ascii=False) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 2:
        print("usage: python -m tagproc.rulesets.build_srd5e DATA_DIR OUT.json", file=sys.stderr)
        return 2
    src, out = Path(args[0]), Path(args[1])
    out.write_text(render(build_ruleset(src)), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
