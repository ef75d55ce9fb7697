"""The player's own inventory edits (spec "What reads items", "Money", "Items on the sheet"; issue 12).

Owns ``decide_edit``: an add, remove, give, equip, unequip, bind, unbind, split or merge the *player* makes
between replies, with the player's rules: ``freeform`` for what a typed name becomes, and a bound cursed item
that will not let go (``cursed``). (Contract; built in issue 12.)
"""

from __future__ import annotations

from tagproc import commands as c
from tagproc.engine.dice import Dice
from tagproc.engine.outcome import Decision
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState

__all__ = ["PlayerEdit", "decide_edit"]

PlayerEdit = c.Add | c.Remove | c.Give | c.Equip | c.Unequip | c.Bind | c.Unbind | c.Split | c.Merge


def decide_edit(state: GameState, command: PlayerEdit, rules: Rules, dice: Dice) -> Decision:
    """The player's own edit: accepted with its answer, or refused and nothing changes."""
    raise NotImplementedError("the player's own edits: issue 12")
