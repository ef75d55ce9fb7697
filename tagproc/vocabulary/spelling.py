"""Spellings: the British (and older) spellings of words in item names, each with the spelling a ruleset may
use instead (DESIGN.md "Sloppy input": "leather armour" is the Leather Armor of a ruleset written in US
English, and the other way round), and which changed letters a typo is read for.

A name is compared word by word with both sides brought to one spelling, so the direction of a pair does not
matter; it is listed British first. Only whole words are listed, never a suffix rule: "-re" → "-er" would
turn "fire" and "ogre" into words that are not words.

Invariants: every key and value is one lowercase word; no value is also a key (one step reaches the
spelling compared).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = ["KEY_NEIGHBOURS", "SPELLINGS", "VOWELS"]

SPELLINGS: Mapping[str, str] = MappingProxyType(
    {
        # -our / -or
        "armour": "armor",
        "armoured": "armored",
        "colour": "color",
        "coloured": "colored",
        "harbour": "harbor",
        "honour": "honor",
        "valour": "valor",
        "vigour": "vigor",
        "odour": "odor",
        "splendour": "splendor",
        "rumour": "rumor",
        "humour": "humor",
        "labour": "labor",
        "favour": "favor",
        "clamour": "clamor",
        "saviour": "savior",
        # -re / -er
        "sabre": "saber",
        "sceptre": "scepter",
        "spectre": "specter",
        "centre": "center",
        "metre": "meter",
        "litre": "liter",
        "theatre": "theater",
        "fibre": "fiber",
        "lustre": "luster",
        "calibre": "caliber",
        "sombre": "somber",
        "mitre": "miter",
        # doubled l and other pairs
        "traveller": "traveler",
        "travellers": "travelers",
        "jeweller": "jeweler",
        "jewellers": "jewelers",
        "jewellery": "jewelry",
        "woollen": "woolen",
        "marvellous": "marvelous",
        "grey": "gray",
        "mould": "mold",
        "plough": "plow",
        "draught": "draft",
        "sulphur": "sulfur",
        "moustache": "mustache",
        "pyjamas": "pajamas",
        "catalogue": "catalog",
        "whisky": "whiskey",
        "ax": "axe",
        "aluminium": "aluminum",
        "tyre": "tire",
        "manoeuvre": "maneuver",
    }
)

# A typo the looser match reads changes one letter into a likely one only: another vowel ("lanturn"), or a key
# beside it on a QWERTY keyboard ("torcj"). "chair" is not "chain", "handle" is not "candle".
VOWELS = frozenset("aeiouy")
KEY_NEIGHBOURS: Mapping[str, str] = MappingProxyType(
    {
        "q": "wa",
        "w": "qeas",
        "e": "wrsd",
        "r": "etdf",
        "t": "ryfg",
        "y": "tugh",
        "u": "yihj",
        "i": "uojk",
        "o": "ipkl",
        "p": "ol",
        "a": "qwsz",
        "s": "awedxz",
        "d": "serfcx",
        "f": "drtgvc",
        "g": "ftyhbv",
        "h": "gyujnb",
        "j": "huikmn",
        "k": "jiolm",
        "l": "kop",
        "z": "asx",
        "x": "zsdc",
        "c": "xdfv",
        "v": "cfgb",
        "b": "vghn",
        "n": "bhjm",
        "m": "njk",
    }
)
