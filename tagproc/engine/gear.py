"""Starting gear: taking a gear into a bag (spec "Starting gear"; issue 12).

Owns ``decide_gear``: the gear (id or label, any case), one option per choice (label, any case, in order), one
pick per ``oneOf`` line (the gear's lines first, then each chosen option's, in order; label or
``catalog/entry``), into ``who``'s bag (the player's without it). All or nothing. (Contract; built in issue 12.)
"""

from __future__ import annotations

from tagproc.actions import GearAction
from tagproc.engine.dice import Dice
from tagproc.engine.outcome import Decision
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState

__all__ = ["GearError", "decide_gear", "gear_problems"]


class GearError(ValueError):
    """A gear action that names what the ruleset does not have (a programming error of the caller)."""


def gear_problems(action: GearAction, rules: Rules) -> list[tuple[str, str]]:
    """Every problem of ``action`` against the ruleset: an unknown gear, an option or pick it does not offer,
    too few or too many options or picks. Each is ``(key, message)``, the key relative to the action
    (``gear``, ``options``, ``options.1``, ``picks.0``), for a transcript's dotted paths. Empty when the action
    can be decided."""
    return []


def decide_gear(state: GameState, action: GearAction, rules: Rules, dice: Dice) -> Decision:
    """Take the gear whole, or refuse it whole (nothing changes)."""
    raise NotImplementedError("starting gear: issue 12")
