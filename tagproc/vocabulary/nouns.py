"""The name tables of the normaliser: the longest name, the words that only point at a name, the plurals
no suffix rule undoes, the words a looser item match ignores, the harmless words a description may put
around a name, and how a written list of items is marked (DESIGN.md "Sloppy input").

Invariants: every key is lowercase, and every singular is a plain word (never another plural); no harmless
adjective changes what a thing is (a size, a material, a colour or "broken" is never one: "big knife" is not
the Small knife, "silver locket" is not a locket of any other kind).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = [
    "DETERMINERS",
    "HARMLESS_ADJECTIVES",
    "IRREGULAR_SINGULARS",
    "LIST_BULLETS",
    "MATERIALS",
    "MAX_NAME",
    "MIN_STEM",
    "PAIRED_NAMES",
    "STEM_SUFFIXES",
    "STOP_WORDS",
]

# DESIGN.md "Tags the GM writes": limits, each answered rather than dropped.
MAX_NAME = 120  # names of at most 120 characters

# Words before a name that only point at it ("the hand axes", "his lantern").
DETERMINERS = frozenset(
    {"the", "this", "that", "these", "those", "his", "her", "their", "your", "my", "its", "our"}
)

# Plurals no suffix rule undoes.
IRREGULAR_SINGULARS: Mapping[str, str] = MappingProxyType(
    {
        "knives": "knife",
        "teeth": "tooth",
        "feet": "foot",
        "men": "man",
        "women": "woman",
        "mice": "mouse",
        "geese": "goose",
        "dice": "die",
        "staves": "staff",
        "pennies": "penny",
        "children": "child",
        "oxen": "ox",
    }
)

# Words a looser item match ignores (word order and punctuation are ignored too).
STOP_WORDS = frozenset({"of", "the", "a", "an", "and", "with"})

# Words a description puts around an item's name that say nothing of what it is ("an old, notched hand axe"
# is the Hand axe). They are dropped only when every word of the name itself is there (normalize/fuzzy.py).
HARMLESS_ADJECTIVES = frozenset(
    {
        "old",
        "aged",
        "notched",
        "rusty",
        "rusted",
        "worn",
        "battered",
        "dented",
        "chipped",
        "scratched",
        "scuffed",
        "tarnished",
        "weathered",
        "dusty",
        "muddy",
        "dirty",
        "grimy",
        "stained",
        "bloodied",
        "bloodstained",
        "blood-stained",
        "frayed",
        "tattered",
        "patched",
        "sturdy",
        "trusty",
        "reliable",
        "simple",
        "plain",
        "ordinary",
        "humble",
        "decent",
        "serviceable",
        "new",
        "brand-new",
        "shiny",
        "gleaming",
        "polished",
        "clean",
        "spare",
        "well-made",
        "well-worn",
        "well-used",
        "well-oiled",
        "beat-up",
        "beaten",
        "trusted",
        "handy",
        "nice",
        "good",
        "fine-looking",
        # how a thing is kept, written after its name ("Letter, sealed", "Torch, unlit")
        "sealed",
        "coiled",
        "folded",
        "wrapped",
        "sheathed",
        "rolled",
        "rolled-up",
        "bundled",
        "corked",
        "stoppered",
        "lit",
        "unlit",
    }
)

# What a thing is made of, written before its name ("a sturdy iron crowbar", "a wooden shield"). A material
# is read like a harmless adjective only beside a label that names no material of its own: "iron crowbar" is
# the Crowbar, but "silver nail" is never the Pewter coffin nail (normalize/fuzzy.py). Keys are as written,
# lowercase; a label's own words are compared in canonical form.
MATERIALS = frozenset(
    {
        "iron",
        "steel",
        "wooden",
        "wood",
        "oak",
        "oaken",
        "ash",
        "yew",
        "pine",
        "leather",
        "hide",
        "bone",
        "brass",
        "bronze",
        "copper",
        "tin",
        "pewter",
        "silver",
        "gold",
        "golden",
        "glass",
        "clay",
        "stone",
        "hempen",
        "silk",
        "wool",
        "woollen",
        "linen",
        "cotton",
        "canvas",
        "horn",
        "ivory",
        "wrought-iron",
        "cast-iron",
    }
)

# Endings a word of a name may differ by and still be the same word's stem ("healing kit" is the Healer's Kit,
# "climbing kit" the Climber's Kit, "leatherworking tools" the Leatherworker's Tools). Longest first; a stem is
# at least ``MIN_STEM`` letters, so "ring" (no stem "r") and "kit" never take part.
STEM_SUFFIXES = ("ers", "ing", "ism", "ist", "er", "ed")
MIN_STEM = 4

# Marks that open each entry of a written list ("- Rope", "* Torch", "• Rope"); numbered entries ("1. Rope",
# "2) Torch", "(3) Lamp") are read by their digits. "+" is no bullet: "+2 rope" is a count.
LIST_BULLETS = ("-", "*", "\u2022", "\u00b7", "\u2013", "\u2014", "\u25aa", "\u25e6", "\u2023", "\u2043")

# Names of one thing that are written with "and": never split into two items.
PAIRED_NAMES = frozenset(
    {
        "flint and steel",
        "needle and thread",
        "hook and line",
        "rod and line",
        "mortar and pestle",
        "ball and chain",
        "salt and pepper",
    }
)
