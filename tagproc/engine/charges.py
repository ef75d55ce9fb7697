"""Charges: how many an item holds and has left, what a rest brings back, and rolling an amount.

Owns the arithmetic of spec "Using items in a fight" (``charges``: ``max`` written down or read off a number
stat of the item, from 1 to 100; ``recharge``; ``breaksOn``) that both a use and a rest need.

Invariants:
- A stack's ``charges`` of None is full (an item nobody has used); charges left are never below 0 nor past
  ``max``.
- An item whose ``max`` stat gives less than 1 holds no charges (the spec refuses it); one past 100 holds 100.
- Rolling never raises: a dice expression that cannot be rolled adds nothing.
"""

from __future__ import annotations

from tagproc.engine.dice import Dice, DiceError
from tagproc.engine.state import Stack
from tagproc.engine.trusted import note
from tagproc.notes import Note
from tagproc.ruleset import Item
from tagproc.ruleset.item import Amount, StatRef

__all__ = [
    "broke_note",
    "charges_left",
    "charges_max",
    "left_note",
    "recharge_stack",
    "roll_amount",
    "spend_charges",
]

_MOST_CHARGES = 100


def charges_max(item: Item) -> int | None:
    """How many charges the item holds when full, or None when it holds none."""
    if item.charges is None:
        return None
    raw: object = item.charges.max
    if isinstance(raw, StatRef):
        raw = item.stats.get(raw.stat)
    if isinstance(raw, bool) or not isinstance(raw, int | float) or raw < 1:
        return None
    return min(int(raw), _MOST_CHARGES)


def charges_left(stack: Stack, item: Item) -> int | None:
    """The charges a stack has left (None: it holds none)."""
    top = charges_max(item)
    if top is None:
        return None
    return top if stack.charges is None else max(0, min(stack.charges, top))


def left_note(left: int, item: Item) -> Note:
    """``charges.left``: "2 of 3 charges left." after a use."""
    return note("charges.left", left=left, max=charges_max(item) or 0)


def broke_note() -> Note:
    """``charges.broke``: "Its last charge spent, it breaks." (``breaksOn`` rolled at or under ``atMost``)."""
    return note("charges.broke")


def spend_charges(stack: Stack, item: Item, spent: int, dice: Dice) -> tuple[Stack | None, int, bool]:
    """The stack after ``spent`` of its charges are spent (None: it broke and is gone), the charges left and
    whether it broke: spending the last one rolls ``breaksOn``'s die, and at or under ``atMost`` it breaks
    (spec "Using items in a fight"), for a use outside a fight and a fight's alike. The caller has checked
    that ``spent`` are left."""
    left = (charges_left(stack, item) or 0) - spent
    breaks = item.charges.breaks_on if item.charges is not None else None
    if left == 0 and breaks is not None and dice.die(breaks.die) <= breaks.at_most:
        return None, 0, True
    return stack.model_copy(update={"charges": left}), left, False


def roll_amount(amount: Amount | None, dice: Dice) -> int:
    """``{dice, flat}`` rolled with the injected dice; at least 0."""
    if amount is None:
        return 0
    rolled = 0
    if amount.dice:
        try:
            rolled = dice.roll(amount.dice)
        except DiceError:
            rolled = 0
    return max(0, rolled + int(amount.flat or 0))


def recharge_stack(stack: Stack, item: Item, rest_id: str, dice: Dice) -> tuple[Stack, int] | None:
    """The stack after ``rest_id`` if the item's ``charges.recharge.rests`` names it, with the charges it
    holds when full (the rest says "Dawn bell 3/3 charges"); None when this rest brings nothing back to it.

    spec "Using items in a fight": ``"max"`` fills the item, an amount gives back that many, never past max.
    """
    charges = item.charges
    top = charges_max(item)
    if charges is None or charges.recharge is None or top is None or rest_id not in charges.recharge.rests:
        return None
    left = charges_left(stack, item) or 0
    amount = charges.recharge.amount
    after = top if isinstance(amount, str) else min(top, left + roll_amount(amount, dice))
    return stack.model_copy(update={"charges": after}), top
