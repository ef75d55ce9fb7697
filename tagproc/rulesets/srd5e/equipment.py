"""The SRD equipment file as the ``equipment`` catalog: one entry per item, at its SRD cost and weight.

Invariants: an entry keeps the data's cost (a whole amount of its SRD coin) and weight unless
``CORRECTIONS`` names it; a bundled item is one purchase (``Arrows (20)``) and its summary says so. An item
the data prices at 0 is one the SRD prints no price for (it comes only in a pack: the priest's alms box,
censer, incense and vestments, the scholar's little bag of sand and small knife, the burglar's string), so
it gets no cost and is not for sale. A mount or vehicle carries the tag of its SRD table (``VEHICLE_TAGS``);
the stabling and feed an inn also sells carry ``board``, and stabling is a service, paid for and never carried.
"""

from __future__ import annotations

import re

from tagproc.rulesets.srd5e.common import CATEGORY_IDS, JSONObject, clip, summarize, tag_id, whole_weight
from tagproc.rulesets.srd5e.corrections import correct

__all__ = ["BOARD", "BUNDLE_LABELS", "SERVICES", "VEHICLE_TAGS", "equipment_item"]

#: What one purchase of a bundled item gives, said in its label (the data's ``quantity``).
BUNDLE_LABELS: dict[str, str] = {
    "arrow": "Arrows (20)",
    "blowgun-needle": "Blowgun needles (50)",
    "crossbow-bolt": "Crossbow bolts (20)",
    "sling-bullet": "Sling bullets (20)",
}

#: A mount's or vehicle's tag, by the SRD table it is in (the data's ``vehicle_category``).
VEHICLE_TAGS: dict[str, str] = {
    "Mounts and Other Animals": "mount",
    "Tack, Harness, and Drawn Vehicles": "tack",
    "Waterborne Vehicles": "waterborne",
}

#: What an inn sells of the SRD's tack table, tagged ``board`` (a stall and feed for the night).
BOARD = ("animal-feed-1-day", "stabling-1-day")
#: The one SRD equipment item that is a service: a stall is paid for, never carried.
SERVICES = ("stabling-1-day",)


def equipment_item(raw: JSONObject) -> JSONObject:
    """One SRD equipment entry as a ruleset catalog entry."""
    index: str = raw["index"]
    category = raw["equipment_category"]["index"]
    if raw.get("gear_category", {}).get("index") == "ammunition":
        category = "ammunition"
    item: JSONObject = {"category": CATEGORY_IDS[category]}
    tags = [tag_id(prop["index"]) for prop in raw.get("properties", [])]
    if "vehicle_category" in raw:
        tags.append(VEHICLE_TAGS[raw["vehicle_category"]])
    if index in BOARD:
        tags.append("board")
    if tags:
        item["tags"] = tags
    stats = _stats(raw, tags)
    if stats:
        item["stats"] = stats
    if raw.get("armor_category") == "Shield" or "weapon_category" in raw:
        item["slots"] = {"hands": 2 if "two_handed" in tags else 1}
    elif raw.get("armor_class"):
        item["slots"] = {"body": 1}
    if index in SERVICES:
        item["service"] = True
    if raw["cost"]["quantity"] > 0:
        item["cost"] = {"amount": raw["cost"]["quantity"], "unit": raw["cost"]["unit"]}
    entry: JSONObject = {"id": index, "label": BUNDLE_LABELS.get(index, raw["name"])}
    summary = _summary(raw)
    if summary:
        entry["summary"] = summary
    entry["item"] = item
    return correct(f"equipment/{index}", entry)


def _stats(raw: JSONObject, tags: list[str]) -> JSONObject:
    """An equipment entry's stats, in the order of the items block: weight, weapon, then armor."""
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
    return stats


def _summary(raw: JSONObject) -> str | None:
    """An equipment entry's summary: its description, what a bundle holds, or what a pack contains."""
    summary = summarize(raw.get("desc", []))
    if "quantity" in raw:
        bundle = f"Sold {raw['quantity']} to a bundle: the price and the weight are the bundle's."
        summary = bundle if summary is None else f"{bundle} {summary}"
    if "contents" in raw:
        summary = clip(
            "Holds "
            + ", ".join(
                f"{part['item']['name']} x{part['quantity']}"
                if part["quantity"] > 1
                else part["item"]["name"]
                for part in raw["contents"]
            )
        )
    return summary
