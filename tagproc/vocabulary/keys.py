"""The key tables of the normaliser: which keys each tag, action and op reads, their aliases, and the keys
only the engine writes (DESIGN.md "Tags the GM writes", "Sloppy input").

Invariants: alias keys are lowercase; every alias value is a canonical key, never another alias; an
action's or op's keys are the only ones it reads (anything else is left out, and said).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tagproc.vocabulary.tags import OUTCOME_KEYS

__all__ = [
    "ACTION_KEYS",
    "ACTION_KEY_ALIASES",
    "ENGINE_KEYS",
    "KEY_ALIASES",
    "OP_KEYS",
    "PROPOSAL_KEYS",
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
            }
        ),
    }
)

# Aliases that depend on the action: "from" is whose bag for most actions, but the seller for a buy.
ACTION_KEY_ALIASES: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {
        "add": MappingProxyType({"amount": "count", "to": "who", "from": "who"}),
        "remove": MappingProxyType({"amount": "count", "from": "who"}),
        "give": MappingProxyType({"amount": "count", "from": "who", "giver": "who"}),
        "equip": MappingProxyType({"from": "who"}),
        "unequip": MappingProxyType({"from": "who"}),
        "bind": MappingProxyType({"from": "who"}),
        "unbind": MappingProxyType({"from": "who"}),
        "use": MappingProxyType({"amount": "count", "from": "who"}),
        "reveal": MappingProxyType({"from": "who"}),
        "inspect": MappingProxyType({"from": "who"}),
        "pay": MappingProxyType(
            {"cost": "amount", "sum": "amount", "money": "amount", "coins": "amount", "coin": "item"}
        ),
        "earn": MappingProxyType(
            {
                "cost": "amount",
                "sum": "amount",
                "money": "amount",
                "coins": "amount",
                "coin": "item",
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
