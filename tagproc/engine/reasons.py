"""Reasons: every reason code the engine and the turn answer with, written once (STYLE.md "One vocabulary").

A reason is the spec's code where the spec names one (``cannot-afford``, ``none-held``, ``too-heavy``...),
else the reference engine's (CONVENTIONS.md §4-§11: ``no-slot``, ``not-bindable``, ``none-left``,
``insufficient``...), else tagproc's own for what neither covers (``internal-error``, the judge's ``struck``,
``quoted``, ``example``, ``repeated``). A ``Reason`` is a ``StrEnum``: it is its kebab-case value wherever a
string is read (an ``Answer``'s ``reason``, JSON), so nothing downstream changes type.

Decisions where neither the spec nor the conventions name a code:
- a give to the giver themselves is ``no-recipient`` (nobody else to receive it);
- a condition a held item keeps off is ``immune``; a field value its type cannot read is ``malformed``;
- amounts of two coin families in one payment are ``unknown-coin`` (no one coin pays them);
- a bag that would hold more than ``bags.MAX_BAG_STACKS`` stacks answers the rest ``too-many``.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Reason"]


class Reason(StrEnum):
    """A reason code an answer carries (``reason="..."``)."""

    # Who (PEER §3) and shared ones.
    UNKNOWN_CHARACTER = "unknown-character"
    AMBIGUOUS_CHARACTER = "ambiguous-character"
    UNREADABLE = "unreadable"
    TOO_MANY = "too-many"
    TOO_LONG = "too-long"
    UNAPPLIED = "unapplied"
    # Inventory (PEER §4-§5).
    NOT_RULESET_ITEM = "not-ruleset-item"
    SERVICE = "service"
    TOO_HEAVY = "too-heavy"
    NO_INVENTION = "no-invention"
    NONE_HELD = "none-held"
    NO_RECIPIENT = "no-recipient"
    NOT_WEARABLE = "not-wearable"
    NO_SLOT = "no-slot"
    NOT_BINDABLE = "not-bindable"
    BINDING_FULL = "binding-full"
    CURSED = "cursed"
    # Money (PEER §4, §6).
    NO_CURRENCIES = "no-currencies"
    UNKNOWN_COIN = "unknown-coin"
    CANNOT_AFFORD = "cannot-afford"
    # Market (PEER §6; spec "Markets", "A market day"), in the order a buy checks them.
    NO_MARKET = "no-market"
    NO_PLACE = "no-place"
    UNKNOWN_LEVEL = "unknown-level"
    UNKNOWN_ITEM = "unknown-item"
    NOT_FOR_SALE = "not-for-sale"
    NOT_HERE = "not-here"
    NO_SELLER = "no-seller"
    NOT_TO_YOU = "not-to-you"
    SOLD_OUT = "sold-out"
    NOT_BOUGHT = "not-bought"
    PURSE_SPENT = "purse-spent"
    # Fakes (spec "Honest and dishonest sellers", "Spotting fakes"; ALREADY_TRIED and UNKNOWN_WAY are tagproc's).
    HELD = "held"
    NOTHING_TO_CHECK = "nothing-to-check"
    ALREADY_TRIED = "already-tried"
    UNKNOWN_WAY = "unknown-way"
    # Use (PEER §7).
    CANNOT_USE = "cannot-use"
    NO_USE = "no-use"
    NOT_WORN = "not-worn"
    NONE_LEFT = "none-left"
    # Loot (PEER §9).
    UNKNOWN_LOOT_TABLE = "unknown-loot-table"
    NO_LOOT_TABLES = "no-loot-tables"
    # Between replies (tagproc's: spec "Starting gear", "Money": splits and merges, "Ammunition and reloading").
    ALREADY_TAKEN = "already-taken"  # gear of a group this character took, without ``again``
    NOTHING_LEFT = "nothing-left"  # gear whose every line a layer takes out
    BAD_NAME = "bad-name"  # a typed plain item's name breaks a label's rules (brackets, ``{{``, line breaks)
    NO_AMMO = "no-ammo"  # a shot with a weapon that has neither ammo nor a clip
    # Place (PEER §10).
    UNKNOWN_SIZE = "unknown-size"
    # Sheet and rests (PEER §11).
    INSUFFICIENT = "insufficient"
    BAD_AMOUNT = "bad-amount"
    UNKNOWN_POOL = "unknown-pool"
    AMBIGUOUS_POOL = "ambiguous-pool"
    NO_TEMP = "no-temp"
    UNKNOWN_TRACK = "unknown-track"
    UNKNOWN_CONDITION = "unknown-condition"
    UNKNOWN_FIELD = "unknown-field"
    UNKNOWN_REST = "unknown-rest"
    MALFORMED = "malformed"
    IMMUNE = "immune"
    # Not run (tagproc: the judge and the turn).
    STRUCK = "struck"
    QUOTED = "quoted"
    EXAMPLE = "example"
    REPEATED = "repeated"
    PLAYER_TAG = "player-tag"
    INTERNAL_ERROR = "internal-error"
