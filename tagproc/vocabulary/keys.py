"""The key tables of the normaliser: which keys each tag, action and op reads, their aliases, and the keys
only the engine writes (DESIGN.md "Tags the GM writes", "Sloppy input").

Invariants: alias keys are lowercase; every alias value is a canonical key, never another alias; an
action's or op's keys are the only ones it reads. A key no table knows is refused when its value could
change who, what or how many (``RISKY_VALUES``), and otherwise left out and said; a key another action
of the tag reads is left out and said, except a person's key (``PERSON_KEYS``) naming someone.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tagproc.vocabulary.tags import OUTCOME_KEYS

__all__ = [
    "ACTION_KEYS",
    "ACTION_KEY_ALIASES",
    "COUNT_KEY_PREFIXES",
    "DISTRIBUTIVE_KEYS",
    "ENGINE_KEYS",
    "KEY_ALIASES",
    "KEY_PARTS",
    "KEY_SUFFIXES",
    "OP_KEYS",
    "OP_KEY_ALIASES",
    "PERSON_KEYS",
    "PROPOSAL_KEYS",
    "RISKY_VALUES",
    "TAG_KEYS",
]

# Keys only the engine writes; a model's own are ignored (DESIGN.md "Sloppy input").
ENGINE_KEYS = OUTCOME_KEYS | {"note", "price", "raw"}

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

# Key aliases per tag (DESIGN.md "Sloppy input": qty, quantity → count; character, target, for → who; ...).
KEY_ALIASES: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {
        "inventory": MappingProxyType(
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
                "item_id": "item",
                "itemid": "item",
                "item_label": "item",
                "item_count": "count",
                "item_qty": "count",
                "num_items": "count",
                "character_name": "who",
                "char": "who",
                "char_name": "who",
                "charname": "who",
                "player_name": "who",
                "target_name": "who",
                "member_name": "who",
                "who_name": "who",
                "owner_name": "who",
                "person": "who",
                "charactername": "who",
                "playername": "who",
                "targetname": "who",
                "membername": "who",
                "hero": "who",
                "pc": "who",
                "actor": "who",
                "party_member": "who",
                "partymember": "who",
                "companion": "who",
                "carrier": "who",
                "bearer": "who",
                "user": "who",
                "wielder": "who",
                "wearer": "who",
                "recipient_name": "to",
                "receiver_name": "to",
                "amt": "count",
                "itm": "item",
                "itms": "items",
                "cnt": "count",
                "chr": "who",
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
        "sheet": MappingProxyType(
            {
                "character": "who",
                "target": "who",
                "for": "who",
                "member": "who",
                "character_name": "who",
                "char": "who",
                "char_name": "who",
                "player": "who",
                "player_name": "who",
                "target_name": "who",
                "member_name": "who",
                "who_name": "who",
                "owner": "who",
                "person": "who",
                "amt": "amount",
                "qty": "amount",
                "quantity": "amount",
                "number": "amount",
                "value_amount": "amount",
                "charactername": "who",
                "hero": "who",
                "pc": "who",
                "party_member": "who",
                "delta": "amount",
                "change": "amount",
                "pool_name": "pool",
                "pool_id": "pool",
                "condition_name": "condition",
                "track_name": "track",
                "rest_name": "rest",
                "rest_type": "rest",
                "field_name": "field",
                "operation": "op",
                "action": "op",
                "type": "op",
                "resource": "pool",
                "stat": "pool",
                "points": "amount",
                "status": "condition",
                "wound": "kind",
                "text": "value",
                "key": "field",
            }
        ),
        "place": MappingProxyType(
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
                "place_name": "name",
                "location_name": "name",
                "town_name": "name",
                "settlement": "name",
                "size_id": "size",
                "place_size": "size",
                "place_type": "size",
                "settlement_size": "size",
            }
        ),
        "loot": MappingProxyType(
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
                "character_name": "who",
                "char": "who",
                "player": "who",
                "player_name": "who",
                "target_name": "who",
                "member_name": "who",
                "who_name": "who",
                "person": "who",
                "table_name": "table",
                "table_id": "table",
                "loot_table": "table",
            }
        ),
    }
)

# Aliases that depend on the action: "from" is whose bag for most actions, but the seller for a buy.
ACTION_KEY_ALIASES: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {
        "add": MappingProxyType({"amount": "count", "to": "who", "from": "who"}),
        "remove": MappingProxyType({"amount": "count", "from": "who"}),
        "give": MappingProxyType(
            {"amount": "count", "from": "who", "giver": "who", "target": "to", "for": "to", "amt": "count"}
        ),
        "equip": MappingProxyType({"from": "who"}),
        "unequip": MappingProxyType({"from": "who"}),
        "bind": MappingProxyType({"from": "who"}),
        "unbind": MappingProxyType({"from": "who"}),
        "use": MappingProxyType({"amount": "count", "from": "who"}),
        "reveal": MappingProxyType({"from": "who"}),
        "inspect": MappingProxyType({"from": "who"}),
        "pay": MappingProxyType(
            {
                "cost": "amount",
                "sum": "amount",
                "money": "amount",
                "coins": "amount",
                "coin": "item",
                "amt": "amount",
                "price": "amount",
                "total": "amount",
            }
        ),
        "earn": MappingProxyType(
            {
                "cost": "amount",
                "sum": "amount",
                "money": "amount",
                "coins": "amount",
                "coin": "item",
                "amt": "amount",
                "total": "amount",
                "reward": "amount",
                "to": "who",
            }
        ),
        "buy": MappingProxyType({"amount": "count", "from": "seller", "buyer": "who"}),
        "sell": MappingProxyType({"amount": "count", "to": "seller", "buyer": "seller", "from": "who"}),
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

# Aliases that depend on the sheet op: a rest's "type" is the rest, not the op (an op= is there already).
OP_KEY_ALIASES: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {
        "rest": MappingProxyType(
            {"type": "rest", "kind": "rest", "name": "rest", "length": "rest", "duration": "rest"}
        ),
        "condition": MappingProxyType(
            {
                "name": "condition",
                "effect": "condition",
                "type": "condition",
                "value": "state",
                "active": "state",
                "applied": "state",
                "set": "state",
                "on": "state",
            }
        ),
        "note": MappingProxyType({"name": "field", "note": "value", "entry": "value"}),
        "damage": MappingProxyType(
            {"type": "kind", "damage_type": "kind", "damage": "amount", "value": "amount"}
        ),
        "restore": MappingProxyType(
            {"heal": "amount", "healing": "amount", "restore": "amount", "value": "amount"}
        ),
        "spend": MappingProxyType({"spend": "amount", "cost": "amount", "value": "amount"}),
        "temp": MappingProxyType({"temp": "amount", "temp_hp": "amount", "value": "amount"}),
        "track": MappingProxyType(
            {"change": "by", "delta": "by", "mark": "to", "marks": "to", "amount": "by"}
        ),
    }
)

# A key no table knows, with one of these endings, is read as the key before it: "seller_name" → seller,
# "pool_id" → pool (only when that gives a key the tag reads, or an alias of one).
KEY_SUFFIXES = ("_name", "_id", "_label", "name", "id")

# A key no table knows that starts with one of these is a count ("qty_added", "count_removed").
COUNT_KEY_PREFIXES = ("qty_", "quantity_", "count_", "num_", "number_of_", "amount_")

# A key no table knows, made of words joined by "_" ("target_character", "recipient_member"), is read as
# the one of these words it holds, through the aliases ("target" on a give is to=); two such words that
# mean different keys ("item_count") leave it unknown.
KEY_PARTS = frozenset(
    {"character", "char", "member", "player", "person", "target", "recipient", "receiver", "seller", "vendor"}
)

# Keys that say each one gets so many ("each", "per"): never left out, always refused (one each, or in all?).
DISTRIBUTIVE_KEYS = frozenset({"each", "per", "every", "apiece", "per_person", "per_member", "each_member"})

# Keys of another action that carry a person: on an action that does not read them they are refused when
# they name someone (``to="Bram"`` on a remove may be a give: never run on the player by default).
PERSON_KEYS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {"inventory": ("to", "seller", "who"), "sheet": ("who",), "loot": ("who",), "place": ()}
)

# What a value of an unknown key is checked for, per tag: a value that names one of these could change
# who, what or how many, so the tag is refused rather than run without it.
RISKY_VALUES: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "inventory": ("member", "seller", "item", "number"),
        "sheet": ("member", "pool", "track", "condition", "field", "rest", "number"),
        "place": ("size", "day"),
        "loot": ("member", "loot_table", "number"),
    }
)
