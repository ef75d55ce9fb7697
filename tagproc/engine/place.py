"""place (stub until the inventory module lands)."""

from __future__ import annotations

from tagproc import commands as c
from tagproc.engine.answers import refuse
from tagproc.engine.dice import Dice
from tagproc.engine.outcome import Decision
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState


def _todo(state: GameState, command: c.Command, rules: Rules, dice: Dice) -> Decision:
    return refuse(command, "not-supported")


decide_place = _todo
