"""Every alias and repair table of the normaliser (DESIGN.md "Sloppy input", STYLE.md "Lenient inside a
written envelope").

The normaliser repairs only what these tables name, and ``tests/test_normalize.py`` is driven by the same
tables, beside a table of inputs that must stay refused. All tables are immutable (tuples, frozensets and
``MappingProxyType``): no mutable globals.

Invariants:
- Keys of every table are lowercase, with single spaces (``normal_word`` form).
- An alias never maps onto another alias: every value is a canonical word.
- Vague amounts ("a few", "several") are never given a number: they stay unreadable (never guess).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = [
    "ACTION_ALIASES",
    "ACTION_KEYS",
    "ACTION_KEY_ALIASES",
    "ATTACK_WORDS",
    "BINDS_WORDS",
    "COUNT_WORDS",
    "DAY_WORDS",
    "DEFENSE_WORDS",
    "DETERMINERS",
    "ENGINE_KEYS",
    "IRREGULAR_SINGULARS",
    "KEY_ALIASES",
    "MAX_COINS",
    "MAX_COUNT",
    "MAX_NAME",
    "MEASURE_WORDS",
    "MODE_WORDS",
    "MULTIPLIER_WORDS",
    "NONE_WORDS",
    "OP_ALIASES",
    "OP_KEYS",
    "PROPOSAL_KEYS",
    "STATE_WORDS",
    "STOP_WORDS",
    "TAG_KEYS",
    "VAGUE_COUNTS",
]


def _frozen(table: dict[str, str]) -> Mapping[str, str]:
    return MappingProxyType(table)


# DESIGN.md "Tags the GM writes": limits, each answered rather than dropped.
MAX_COUNT = 9_999  # a count of at most 9,999 (coins excepted)
MAX_NAME = 120  # names of at most 120 characters
MAX_COINS = 1_000_000_000  # our own sanity bound on a coin count: coins are excepted from MAX_COUNT

# Keys only the engine writes; a model's own are ignored (DESIGN.md "Sloppy input").
ENGINE_KEYS = frozenset({"result", "reason", "now", "note", "price", "raw"})

# Spec "The Game Master invents items in your words": the keys that describe an invented item.
PROPOSAL_KEYS = (
    "like",
    "category",
    "rarity",
    "tags",
    "stats",
    "slots",
    "binds",
    "worn",
    "carried",
    "summary",
)

# --- keys -------------------------------------------------------------------------------------------

# Key aliases per tag (DESIGN.md "Sloppy input": qty, quantity → count; character, target, for → who; ...).
KEY_ALIASES: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {
        "inventory": _frozen(
            {
                "qty": "count",
                "quantity": "count",
                "number": "count",
                "num": "count",
                "character": "who",
                "target": "who",
                "for": "who",
                "owner": "who",
                "holder": "who",
                "player": "who",
                "member": "who",
                "name": "item",
                "object": "item",
                "thing": "item",
                "item_name": "item",
                "itemname": "item",
                "shop": "seller",
                "merchant": "seller",
                "vendor": "seller",
                "trader": "seller",
                "store": "seller",
                "recipient": "to",
                "receiver": "to",
                "act": "action",
                "verb": "action",
                "type": "action",
                "tag": "tags",
                "stat": "stats",
                "slot": "slots",
                "bind": "binds",
                "description": "summary",
                "desc": "summary",
                "like_item": "like",
                "base": "like",
                "based_on": "like",
                "using": "with",
                "spell": "with",
                "price_level": "level",
            }
        ),
        "sheet": _frozen(
            {
                "character": "who",
                "target": "who",
                "for": "who",
                "member": "who",
                "operation": "op",
                "action": "op",
                "type": "op",
                "resource": "pool",
                "points": "amount",
                "status": "condition",
                "wound": "kind",
                "text": "value",
                "key": "field",
            }
        ),
        "place": _frozen(
            {
                "place": "name",
                "location": "name",
                "town": "name",
                "where": "name",
                "type": "size",
                "kind": "size",
                "scale": "size",
                "new_day": "day",
                "newday": "day",
            }
        ),
        "loot": _frozen(
            {
                "loot": "table",
                "from": "table",
                "source": "table",
                "name": "table",
                "list": "table",
                "character": "who",
                "target": "who",
                "for": "who",
                "member": "who",
            }
        ),
    }
)

# Aliases that depend on the action: "from" is whose bag for most actions, but the seller for a buy.
ACTION_KEY_ALIASES: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {
        "add": _frozen({"amount": "count", "to": "who", "from": "who"}),
        "remove": _frozen({"amount": "count", "from": "who"}),
        "give": _frozen({"amount": "count", "from": "who", "giver": "who"}),
        "equip": _frozen({"from": "who"}),
        "unequip": _frozen({"from": "who"}),
        "bind": _frozen({"from": "who"}),
        "unbind": _frozen({"from": "who"}),
        "use": _frozen({"amount": "count", "from": "who"}),
        "reveal": _frozen({"from": "who"}),
        "inspect": _frozen({"from": "who"}),
        "pay": _frozen(
            {"cost": "amount", "sum": "amount", "money": "amount", "coins": "amount", "coin": "item"}
        ),
        "earn": _frozen(
            {
                "cost": "amount",
                "sum": "amount",
                "money": "amount",
                "coins": "amount",
                "coin": "item",
                "to": "who",
            }
        ),
        "buy": _frozen({"amount": "count", "from": "seller", "buyer": "who"}),
        "sell": _frozen({"amount": "count", "to": "seller", "buyer": "seller", "from": "who"}),
    }
)

# Keys each inventory action reads (DESIGN.md "Tags the GM writes"); anything else is left out, and said.
_ITEM_KEYS = ("action", "item", "items", "count", "who")
ACTION_KEYS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "add": (*_ITEM_KEYS, *PROPOSAL_KEYS),
        "remove": _ITEM_KEYS,
        "give": (*_ITEM_KEYS, "to"),
        "equip": _ITEM_KEYS,
        "unequip": _ITEM_KEYS,
        "bind": _ITEM_KEYS,
        "unbind": _ITEM_KEYS,
        "use": _ITEM_KEYS,
        "reveal": _ITEM_KEYS,
        "inspect": (*_ITEM_KEYS, "seller", "with"),
        "pay": (*_ITEM_KEYS, "amount"),
        "earn": (*_ITEM_KEYS, "amount"),
        "buy": (*_ITEM_KEYS, "level", "seller"),
        "sell": (*_ITEM_KEYS, "seller"),
    }
)

OP_KEYS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "rest": ("op", "who", "rest"),
        "spend": ("op", "who", "pool", "amount"),
        "restore": ("op", "who", "pool", "amount"),
        "temp": ("op", "who", "pool", "amount"),
        "damage": ("op", "who", "pool", "track", "kind", "amount"),
        "track": ("op", "who", "track", "to", "by"),
        "condition": ("op", "who", "condition", "state"),
        "note": ("op", "who", "field", "value"),
    }
)

TAG_KEYS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {"place": ("name", "size", "day"), "loot": ("table", "who")}
)

# --- actions and ops --------------------------------------------------------------------------------

# Inventory action aliases (DESIGN.md: purchase → buy, wear/wield → equip, attune → bind, drop/lose/discard
# → remove, cast → use, ...). Words a model uses in both senses ("remove" from a bag or from a body) keep
# their canonical meaning.
ACTION_ALIASES: Mapping[str, str] = _frozen(
    {
        **{action: action for action in ACTION_KEYS},
        "purchase": "buy",
        "wear": "equip",
        "wield": "equip",
        "don": "equip",
        "put on": "equip",
        "hold": "equip",
        "ready": "equip",
        "take off": "unequip",
        "doff": "unequip",
        "unwield": "unequip",
        "stow": "unequip",
        "sheathe": "unequip",
        "put away": "unequip",
        "attune": "bind",
        "attune to": "bind",
        "unattune": "unbind",
        "end attunement": "unbind",
        "lift curse": "unbind",
        "uncurse": "unbind",
        "drop": "remove",
        "lose": "remove",
        "discard": "remove",
        "destroy": "remove",
        "delete": "remove",
        "cast": "use",
        "drink": "use",
        "quaff": "use",
        "consume": "use",
        "eat": "use",
        "activate": "use",
        "gain": "add",
        "receive": "add",
        "get": "add",
        "take": "add",
        "loot": "add",
        "pick up": "add",
        "pickup": "add",
        "find": "add",
        "acquire": "add",
        "grant": "add",
        "spend": "pay",
        "pay for": "pay",
        "receive payment": "earn",
        "get paid": "earn",
        "be paid": "earn",
        "paid": "earn",
        "hand": "give",
        "hand over": "give",
        "transfer": "give",
        "vendor": "sell",
        "sell to": "sell",
        "examine": "inspect",
        "appraise": "inspect",
        "look over": "inspect",
        "study": "inspect",
        "expose": "reveal",
        "unmask": "reveal",
    }
)

# Sheet op aliases, each with what the alias says beyond the op ("apply" a condition turns it on).
OP_ALIASES: Mapping[str, tuple[str, tuple[tuple[str, str], ...]]] = MappingProxyType(
    {
        **{op: (op, ()) for op in OP_KEYS},
        "heal": ("restore", ()),
        "regain": ("restore", ()),
        "recover": ("restore", ()),
        "refill": ("restore", ()),
        "use": ("spend", ()),
        "expend": ("spend", ()),
        "hurt": ("damage", ()),
        "harm": ("damage", ()),
        "wound": ("damage", ()),
        "temporary": ("temp", ()),
        "temp hp": ("temp", ()),
        "shield": ("temp", ()),
        "set": ("track", ()),
        "move": ("track", ()),
        "apply": ("condition", (("state", "on"),)),
        "inflict": ("condition", (("state", "on"),)),
        "add condition": ("condition", (("state", "on"),)),
        "clear": ("condition", (("state", "off"),)),
        "cure": ("condition", (("state", "off"),)),
        "remove condition": ("condition", (("state", "off"),)),
        "sleep": ("rest", ()),
        "camp": ("rest", ()),
        "write": ("note", ()),
        "record": ("note", ()),
    }
)

STATE_WORDS: Mapping[str, str] = _frozen(
    {
        **dict.fromkeys(
            ("on", "yes", "true", "add", "apply", "applied", "active", "gain", "start", "1"), "on"
        ),
        **dict.fromkeys(
            ("off", "no", "false", "remove", "removed", "clear", "end", "ended", "cure", "0"), "off"
        ),
    }
)

DAY_WORDS = frozenset({"new", "next", "new day", "next day", "true", "yes", "1", "again"})

# --- numbers ----------------------------------------------------------------------------------------

# Numbers as words (DESIGN.md "Sloppy input": "two", "a dozen").
COUNT_WORDS: Mapping[str, int] = MappingProxyType(
    {
        "zero": 0,
        "one": 1,
        "a": 1,
        "an": 1,
        "single": 1,
        "a single": 1,
        "two": 2,
        "three": 3,
        "four": 4,
        "five": 5,
        "six": 6,
        "seven": 7,
        "eight": 8,
        "nine": 9,
        "ten": 10,
        "eleven": 11,
        "twelve": 12,
        "thirteen": 13,
        "fourteen": 14,
        "fifteen": 15,
        "sixteen": 16,
        "seventeen": 17,
        "eighteen": 18,
        "nineteen": 19,
        "twenty": 20,
        "thirty": 30,
        "forty": 40,
        "fifty": 50,
        "sixty": 60,
        "seventy": 70,
        "eighty": 80,
        "ninety": 90,
        "a couple": 2,
        "couple": 2,
        "a pair": 2,
        "pair": 2,
        "both": 2,
        "half a dozen": 6,
    }
)
MULTIPLIER_WORDS: Mapping[str, int] = MappingProxyType(
    {"dozen": 12, "score": 20, "hundred": 100, "thousand": 1000}
)

# Amounts no number can be read from: refused as unreadable, never guessed.
VAGUE_COUNTS = frozenset(
    {
        "a few",
        "few",
        "several",
        "some",
        "lots",
        "lots of",
        "a lot",
        "a lot of",
        "many",
        "a handful",
        "a handful of",
        "a bunch",
        "a bunch of",
        "plenty",
        "plenty of",
        "numerous",
        "various",
        "all",
        "all of",
        "all the",
        "every",
        "more",
        "all remaining",
        "half",
        "a number of",
    }
)

# Words before a name that only point at it ("the hand axes", "his lantern").
DETERMINERS = frozenset(
    {"the", "this", "that", "these", "those", "his", "her", "their", "your", "my", "its", "our"}
)

# After a number these are a measure, not a count ("50 feet of rope" is one rope).
MEASURE_WORDS = frozenset(
    {"foot", "feet", "ft", "pound", "pounds", "lb", "lbs", "gallon", "gallons", "pint", "pints"}
)

# Plurals no suffix rule undoes.
IRREGULAR_SINGULARS: Mapping[str, str] = _frozen(
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

# --- proposals (spec "The Game Master invents items in your words") -----------------------------------

# "none" for an empty list of tags, stats or slots, or for no worn or carried changes.
NONE_WORDS = frozenset({"none", "nothing", "no", "n/a", "na", "-", "[]", "{}", "empty", "null", "nil"})

BINDS_WORDS: Mapping[str, str] = _frozen(
    {
        **dict.fromkeys(
            ("yes", "y", "true", "bound", "binds", "attune", "attunement", "requires attunement"), "yes"
        ),
        **dict.fromkeys(("cursed", "curse", "curses", "yes cursed", "cursed yes"), "cursed"),
        **dict.fromkeys(("no", "n", "false", "none", "never"), "no"),
    }
)

# Effects without a number: advantage, disadvantage, and "fails" for saves.
MODE_WORDS: Mapping[str, str] = _frozen(
    {
        "advantage": "advantage",
        "adv": "advantage",
        "disadvantage": "disadvantage",
        "disadv": "disadvantage",
        "dis": "disadvantage",
        "fails": "fails",
        "fail": "fails",
        "auto-fail": "fails",
        "auto-fails": "fails",
        "autofail": "fails",
        "automatically fails": "fails",
        "automatically fail": "fails",
    }
)

ATTACK_WORDS = frozenset({"attack", "attacks", "attack roll", "attack rolls", "to hit", "hit", "hitting"})
DEFENSE_WORDS = frozenset({"defense", "defence"})
