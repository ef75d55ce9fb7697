"""The word tables for what a tag does: inventory action aliases, sheet op aliases, on/off words for a
condition and the words that start a new day (DESIGN.md "Sloppy input").

Invariants: every canonical action and op is its own alias; an alias maps onto a canonical action or op,
never onto another alias; a word a model uses in two senses keeps its canonical meaning.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tagproc.vocabulary.keys import ACTION_KEYS, OP_KEYS

__all__ = ["ACTION_ALIASES", "DAY_WORDS", "OP_ALIASES", "STATE_WORDS"]

# Inventory action aliases (DESIGN.md: purchase → buy, wear/wield → equip, attune → bind, drop/lose/discard
# → remove, cast → use, ...). Words a model uses in both senses ("remove" from a bag or from a body) keep
# their canonical meaning.
ACTION_ALIASES: Mapping[str, str] = MappingProxyType(
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

STATE_WORDS: Mapping[str, str] = MappingProxyType(
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
