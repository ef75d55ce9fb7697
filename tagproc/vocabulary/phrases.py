"""The words a tag is written in around the game's own names: the small words of a keyless body
("give the lantern to Mira", "heal 2 resolve Bram"), the words for the whole party, the words for the
party's health pool, the units an amount is written with, the words that name no place, and the separators
of a positional place ("Millbrook, market town").

The normaliser's keyless reader (``normalize/free.py``) and its sheet and place rules read these; the same
tables drive ``tests/test_normalize_free.py`` and ``tests/test_normalize_sheet.py``.

Invariants: every entry is lowercase with single spaces; a word here is never a game name (members, pools,
rests, ... are the game's own, read from ``GameWords``); nothing here is ever taken as an item's name.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = [
    "AMOUNT_UNITS",
    "ARTICLES",
    "ASIDE_MARKS",
    "BAG_WORDS",
    "DASHES",
    "EVERYONE_WORDS",
    "FREE_FILLERS",
    "FREE_SHEET_READS",
    "FREE_SLOTS",
    "HEALTH_NAMES",
    "HEALTH_WORDS",
    "ITEM_TAIL_WORDS",
    "NEGATIONS",
    "NOTE_HEDGES",
    "PARTY_WHO",
    "PARTY_WORDS",
    "PAYMENT_ASIDES",
    "PLACE_KIND_WORDS",
    "PLACE_MOTION_WORDS",
    "PLACE_NON_NAMES",
    "PLACE_SIZE_SEPARATORS",
    "PLAYER_WORDS",
    "PREPOSITIONS",
    "SIGN_ACTIONS",
    "SIGN_OPS",
]

# who= words for the whole party (any case). The party has no one bag: an add, an earn or a loot goes by the
# carrying rule, as with no who=; a [sheet:] op (a rest too) is who="party", one answer for every member, and
# a give to= them is passed on for the engine to answer no-recipient; anything else is refused.
# ``EVERYONE_WORDS`` are the party too, but say each of them ("everyone gets a torch": one each, or one for
# the party?), so an add or an earn with one is refused; a sheet op or a loot is the same either way.
PARTY_WORDS = frozenset(
    {
        *("party", "the party", "us", "we", "the group", "group", "whole party", "the whole party"),
        *("entire party", "the entire party", "team", "the team", "the company", "company"),
    }
)
EVERYONE_WORDS = frozenset(
    {"all", "everyone", "everybody", "all of us", "all members", "all party members", "party members", "each"}
)
# who= words for the player (the first of the party). Not "me": a GM writing "me" may mean itself.
PLAYER_WORDS = frozenset(
    {
        "player",
        "the player",
        "you",
        "yourself",
        "pc",
        "the pc",
        "player character",
        "the player character",
        "self",
    }
)

# The actions and ops on which the whole party's words mean everyone at once.
PARTY_WHO = frozenset({"add", "earn", "loot", "rest"})

# The words that join a keyless body's parts; each may stand before a member, a seller, an amount, ...
PREPOSITIONS = frozenset({"to", "from", "for", "on", "onto", "at", "with", "into", "off", "by", "of"})
ARTICLES = frozenset({"the", "a", "an", "some"})
# Words of a keyless sheet body that say nothing more than what is around them ("2 points of resolve").
FREE_FILLERS = frozenset(
    {
        *("the", "a", "an", "of", "points", "point", "pts", "pt", "worth", "and", "item", "items"),
        *("is", "was", "are", "were", "becomes", "became", "gets", "got", "now"),
    }
)

# A member's bag, after a possessive ("to Bram's pack"): read as the member.
BAG_WORDS = frozenset(
    {"pack", "bag", "backpack", "inventory", "satchel", "rucksack", "knapsack", "belongings", "gear", "purse"}
)
# Words after an item's name that say nothing of it ("give the lantern back"): dropped with a repair.
ITEM_TAIL_WORDS = frozenset(
    {"back", "now", "too", "also", "here", "there", "again", "please", "over", "across"}
)

# What starts an aside in a tag's body ("- found in the crypt"), and the words that turn a body's meaning
# around or leave it open ("not", "or", "maybe"): words with one of them are never left out as talk (they
# are read, and refused if they cannot be placed).
ASIDE_MARKS = ("-", "\u2013", "\u2014", "#", "//", "~")
NEGATIONS = frozenset(
    {
        *("not", "no", "never", "longer", "none", "without", "nor", "isn't", "aren't", "don't", "doesn't"),
        *("or", "either", "instead", "maybe", "perhaps", "unless", "if", "would", "could", "should"),
        *("then", "but", "except"),
    }
)

# The dashes a model writes between words, each of which could also be a minus sign ("Grit - 2").
DASHES = frozenset({"-", "\u2013", "\u2014", "\u2212"})

# A sign at the front of a keyless inventory body says the action ("+2 rope", "-1 torch").
SIGN_ACTIONS: Mapping[str, str] = MappingProxyType({"+": "add", "-": "remove", "\u2212": "remove"})
# A sign on a pool's amount with no op says the op ("resolve=-1": a spend; "grit=+2": a restore).
SIGN_OPS: Mapping[str, str] = MappingProxyType({"+": "restore", "-": "spend", "\u2212": "spend"})

# Words for the party's hit points, read as the pool whose id or label is one of ``HEALTH_NAMES`` (5e's
# "Hit points") when the ruleset has one; a minus on it is damage (temporary points first), not a spend.
HEALTH_WORDS = frozenset({"hp", "health", "hit points", "hitpoints", "hit point", "life", "hit pts"})
HEALTH_NAMES = frozenset({"hit points", "hp", "health", "hit point"})

# Units an amount is written with that add nothing ("2 damage", "3 points"): dropped with a repair.
AMOUNT_UNITS = frozenset(
    {"point", "points", "pts", "pt", "damage", "dmg", "healing", "heal", "marks", "mark"}
)

# Place names that name no place: the place in force stays ("[place: unchanged]" must not move anyone).
PLACE_NON_NAMES = frozenset(
    {
        *("unchanged", "same", "same place", "the same", "still here", "here", "none", "n/a", "na"),
        *("no change", "nowhere", "unknown", "current", "current place", "-", "?", "tbd", "null", "nil"),
        *("same as before", "as before", "no place", "not moved", "no move", "stay", "stays", "staying"),
    }
)

# Settlement words said around a place's name in a game with no place sizes ("Cinder Gap (village)", "the
# village of Brackwater"): left out of the name (and said); where the game has sizes, only its own count.
PLACE_KIND_WORDS = frozenset(
    {"hamlet", "village", "town", "city", "township", "settlement", "market town", "small town", "port town"}
)

# What parts a positional place's name from its size: "Millbrook, market town", "Hollin (village)",
# "Hollin - village". The size must be one of the market's sizes, else the whole text is the name.
PLACE_SIZE_SEPARATORS = (",", " - ", " \u2013 ", " \u2014 ", ": ", " / ", " | ")

# Where a member, the party or a seller goes in a keyless inventory body, per action: (word before it,
# kind) → key. "" is no word before it; "'s" a possessive ("Bram's torch"). A "" key is read and left out
# with a note (a payment names no payee). A member, party or seller in any other place is refused.
_FREE_WHO = {
    ("from", "member"): "who",
    ("'s", "member"): "who",
    ("", "member"): "who",
    ("on", "member"): "who",
}
FREE_SLOTS: Mapping[str, Mapping[tuple[str, str], str]] = MappingProxyType(
    {
        "add": {
            ("to", "member"): "who",
            ("for", "member"): "who",
            ("", "member"): "who",
            ("'s", "member"): "who",
            ("to", "party"): "who",
            ("for", "party"): "who",
            ("into", "member"): "who",
        },
        "remove": {**_FREE_WHO, ("from", "party"): "who"},
        "give": {
            ("to", "member"): "to",
            ("", "member"): "to",
            ("from", "member"): "who",
            ("'s", "member"): "who",
        },
        "equip": {**_FREE_WHO, ("for", "member"): "who"},
        "unequip": _FREE_WHO,
        "bind": {**_FREE_WHO, ("to", "member"): "who"},
        "unbind": _FREE_WHO,
        "use": {**_FREE_WHO, ("for", "member"): "who"},
        "reveal": _FREE_WHO,
        "inspect": {
            **_FREE_WHO,
            ("at", "seller"): "seller",
            ("from", "seller"): "seller",
            ("'s", "seller"): "seller",
        },
        "pay": {
            ("", "member"): "who",
            ("from", "member"): "who",
            ("'s", "member"): "who",
            ("to", "seller"): "",
            ("at", "seller"): "",
            ("", "seller"): "",
        },
        "earn": {
            ("to", "member"): "who",
            ("for", "member"): "who",
            ("", "member"): "who",
            ("to", "party"): "who",
            ("from", "seller"): "",
        },
        "buy": {
            ("from", "seller"): "seller",
            ("at", "seller"): "seller",
            ("'s", "seller"): "seller",
            ("for", "member"): "who",
            ("", "member"): "who",
        },
        "sell": {
            ("to", "seller"): "seller",
            ("at", "seller"): "seller",
            ("", "seller"): "seller",
            ("from", "member"): "who",
            ("", "member"): "who",
            ("'s", "member"): "who",
        },
    }
)

# The words that start what a payment is for, or whom it goes to or comes from, after its amount ("pay 3
# shillings to the innkeeper for the room"): the rest of the body is left out (and said). A member or a
# seller there is read first by ``FREE_SLOTS`` (a member a pay goes to is refused: that is a give).
PAYMENT_ASIDES: Mapping[str, frozenset[str]] = MappingProxyType(
    {"pay": frozenset({"for", "to", "at", "on"}), "earn": frozenset({"for", "from", "by"})}
)

# What each sheet op reads from a keyless body ("number": its amount, or a track's to/by).
FREE_SHEET_READS: Mapping[str, frozenset[str]] = MappingProxyType(
    {
        "rest": frozenset({"rest"}),
        "spend": frozenset({"pool", "number"}),
        "restore": frozenset({"pool", "number"}),
        "temp": frozenset({"pool", "number"}),
        "damage": frozenset({"pool", "track", "number"}),
        "track": frozenset({"track", "number"}),
        "condition": frozenset({"condition", "state"}),
        "note": frozenset({"field"}),
    }
)

# Words that make a place= a journey, a doubt or "no change" rather than a name ("still in Millbrook",
# "back to the chapel", "from Millbrook to the chapel", "leaving Millbrook", "the chapel? or the crypt?"):
# such a tag is refused, never moves the party to a place called that.
PLACE_MOTION_WORDS = frozenset(
    {
        "still",
        "back",
        "leaving",
        "heading",
        "headed",
        "towards",
        "toward",
        "returning",
        "arriving",
        "en",
        "->",
    }
    | {"\u2192", "?", "or", "maybe", "perhaps", "from"}
)

# Words in a note= the model wrote that make the tag conditional ("only if he wins the haggle", "not yet",
# "pending"): the note is the engine's to write, but such a tag is refused rather than run on its pairs.
NOTE_HEDGES = frozenset(
    {
        "if",
        "unless",
        "maybe",
        "perhaps",
        "pending",
        "hypothetical",
        "hypothetically",
        "would",
        "could",
        "should",
    }
    | {"yet", "later", "optional", "offer", "offered", "proposed", "suggested"}
)
