"""The SRD magic items file as the ``magic_items`` catalog: rarity, attunement and slots, never a price
from the data; and the spec's 5e fakes and risky items among them, with the prices ``PRICES`` gives.

Invariants: a "Varies" family gets no rarity (its variants are entries of their own), except the plain
potion of healing, which is common; an item that requires attunement binds, and is cursed where its text
has a Curse paragraph; every fake passes for an item with a price, of its category and slots, and has a
price of its own (what an honest buyer who sees through it pays for: spec "Honest and dishonest sellers").
"""

from __future__ import annotations

import re

from tagproc.rulesets.srd5e.common import CATEGORY_IDS, JSONObject, clean_text, clip, summarize
from tagproc.rulesets.srd5e.corrections import correct

__all__ = ["PRICES", "RARITIES", "RARITY_OF", "fakes_and_risks", "magic_item"]

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

#: What drinking a potion of healing gives back, as the SRD's table of them says (dice, flat).
HEALING_POTIONS: dict[str, tuple[str, int]] = {
    "potion-of-healing": ("2d4", 2),
    "potion-of-healing-common": ("2d4", 2),
    "potion-of-healing-greater": ("4d4", 4),
    "potion-of-healing-superior": ("8d4", 8),
    "potion-of-healing-supreme": ("10d4", 20),
}

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
    binds = _binds(raw)
    if binds is not None:
        item["binds"] = binds
    if index in HEALING_POTIONS:  # spec "Using items outside a fight": a heal gives back health (hit points)
        dice, flat = HEALING_POTIONS[index]
        item["use"] = {
            "kind": "heal",
            "budget": "action",
            "targets": "self",
            "amount": {"dice": dice, "flat": flat},
            "consumes": True,
        }
    entry: JSONObject = {"id": index, "label": raw["name"]}
    summary = summarize(raw["desc"][1:])
    if raw["rarity"]["name"] == "Varies" and index != "potion-of-healing":
        summary = clip(f"{clean_text(raw['desc'][0])}. {summary or ''}".strip())
    if summary:
        entry["summary"] = summary
    entry["item"] = item
    return correct(f"magic_items/{index}", entry)


def _binds(raw: JSONObject) -> JSONObject | None:
    """How a magic item binds: None unless it requires attunement, with who may attune and any curse."""
    attunement = ATTUNEMENT.search(raw["desc"][0]) if raw["desc"] else None
    if not attunement:
        return None
    binds: JSONObject = {}
    if attunement.group("by"):
        binds["restriction"] = attunement.group("by")
    if any(clean_text(part).startswith("Curse") for part in raw["desc"]):
        binds["cursed"] = True
    return binds


#: The magic items that get a price here although the SRD data gives them none (the potion of healing's
#: is a correction, ``corrections.py``): ref -> (amount, coin, where the price comes from). A fake needs
#: an item with a price to pass for, and a price of its own for an honest buyer to pay.
PRICES: dict[str, tuple[int, str, str]] = {
    "bag-of-devouring": (5, "gp", "the spec (Honest and dishonest sellers)"),
    "bag-of-holding": (400, "gp", "tagproc: the Bag of Devouring needs a sellable item to pass for"),
    "potion-of-poison": (5, "gp", "tagproc: the spec's price for its other fake"),
}


def fakes_and_risks(magic: list[JSONObject]) -> None:
    """The spec's 5e fakes and risky items (spec "Honest and dishonest sellers", "Spotting fakes"): the
    potion of poison as the spec writes it, the bag of devouring passing for a bag of holding with tells
    read off the SRD text (its magic is a creature's, and turned inside out it closes instead of spilling),
    the risky wand of wonder, and the prices ``PRICES`` gives."""
    by_id = {entry["id"]: entry for entry in magic}
    for index, (amount, unit, _source) in PRICES.items():
        by_id[index]["item"]["cost"] = {"amount": amount, "unit": unit}
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
    bag = by_id["bag-of-devouring"]["item"]
    bag["passesFor"] = "magic_items/bag-of-holding"
    bag["tells"] = [
        # SRD: "a feeding orifice for a gigantic extradimensional creature", which "can sense whatever is
        # placed inside the bag".
        {
            "check": {"skill": "arcana"},
            "dc": 15,
            "says": "its magic is something alive and hungry, not folded space",
        },
        # SRD: "Turning the bag inside out closes the orifice" (a bag of holding spills its contents).
        {
            "check": {"skill": "investigation"},
            "dc": 15,
            "says": "turned inside out, it closes like a mouth instead of spilling",
        },
    ]
    by_id["wand-of-wonder"]["item"]["risky"] = (
        "every wave is a gamble; some effects turn on the one who waves it"
    )
