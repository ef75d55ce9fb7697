"""Decide: the one entry point of the engine, ``decide(state, command, rules, dice) -> Decision``.

Each command goes to the module of its concern (``inventory``, ``purse``, ``loot``, ``sheet_ops``,
``use``, ``place``). Every rule lives in those ``decide_*`` functions; ``outcome.evolve`` applies what
they accept. A command the engine does not run yet is refused with ``not-supported``, never dropped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tagproc import commands as c
from tagproc.engine import inventory, loot, place, purse, sheet_ops, use
from tagproc.engine.answers import refuse
from tagproc.engine.dice import Dice
from tagproc.engine.outcome import Decision
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState

__all__ = ["decide"]

Decider = Callable[[GameState, Any, Rules, Dice], Decision]

_DECIDERS: dict[type[c.Command], Decider] = {
    c.Add: inventory.decide_add,
    c.Remove: inventory.decide_remove,
    c.Give: inventory.decide_give,
    c.Equip: inventory.decide_equip,
    c.Unequip: inventory.decide_unequip,
    c.Bind: inventory.decide_bind,
    c.Unbind: inventory.decide_unbind,
    c.Pay: purse.decide_pay,
    c.Earn: purse.decide_earn,
    c.Loot: loot.decide_loot,
    c.Use: use.decide_use,
    c.Place: place.decide_place,
    c.Rest: sheet_ops.decide_rest,
    c.Spend: sheet_ops.decide_pool,
    c.Restore: sheet_ops.decide_pool,
    c.Temp: sheet_ops.decide_pool,
    c.Damage: sheet_ops.decide_damage,
    c.Track: sheet_ops.decide_track,
    c.Condition: sheet_ops.decide_condition,
    c.Note: sheet_ops.decide_note,
}


def decide(state: GameState, command: c.Command, rules: Rules, dice: Dice) -> Decision:
    """Every rule for ``command`` against ``state``: ``Accepted(effects, answers)`` or ``Refused(answer)``."""
    decider = _DECIDERS.get(type(command))
    if decider is None:  # buy, sell, reveal, inspect: the market and fakes come in a later issue
        return refuse(command, "not-supported", "tagproc does not run this action yet; nothing changed.")
    return decider(state, command, rules, dice)
