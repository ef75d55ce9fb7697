"""What every part of the srd-5e generator shares: the data loader, the coins, the item categories, and
the text helpers that turn SRD prose into summaries.

Invariants: summaries never exceed ``SUMMARY_MAX`` characters and hold no markdown emphasis, brackets,
braces or line breaks; weights are written as JSON writes them best (``2`` rather than ``2.0``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

JSONObject = dict[str, Any]

#: The coins at the SRD's rates, counted in copper; fifty coins of any kind weigh a pound.
COINS: tuple[tuple[str, str, str, int], ...] = (
    ("cp", "copper pieces", "copper piece", 1),
    ("sp", "silver pieces", "silver piece", 10),
    ("ep", "electrum pieces", "electrum piece", 50),
    ("gp", "gold pieces", "gold piece", 100),
    ("pp", "platinum pieces", "platinum piece", 1000),
)
COIN_VALUE = {coin_id: value for coin_id, _, _, value in COINS}

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

#: Tags that say who sells a thing (``market``'s sellers pick by them), after the weapon properties and
#: ``magical``: the SRD's three tables of mounts and vehicles, and the three kinds of service.
MARKET_TAGS: tuple[tuple[str, str], ...] = (
    ("mount", "Mount or animal"),
    ("tack", "Tack or drawn vehicle"),
    ("waterborne", "Waterborne vehicle"),
    ("board", "Board and lodging"),
    ("hire", "Hire"),
    ("spellcasting", "Spellcasting"),
)

SUMMARY_MAX = 240


def load(src: Path, name: str) -> Any:
    with (src / name).open(encoding="utf-8") as handle:
        return json.load(handle)


def tag_id(index: str) -> str:
    """A weapon property's index as an item tag id (``two-handed`` -> ``two_handed``)."""
    return index.replace("-", "_")


def clean_text(text: str) -> str:
    """Prose as a summary may hold it: no markdown emphasis, brackets, braces or line breaks."""
    text = text.replace("**", "").replace("_", " ")
    text = re.sub(r"[\[\]{}]", "", text)
    return " ".join(text.split())


def clip(summary: str) -> str:
    """A summary cut to SUMMARY_MAX characters, with an ellipsis where it was cut."""
    return summary if len(summary) <= SUMMARY_MAX else summary[: SUMMARY_MAX - 3].rstrip() + "..."


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
