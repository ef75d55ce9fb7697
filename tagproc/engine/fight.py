"""A fight's outcome (spec "Loot", "Ammunition and reloading", "Using items in a fight"; issue 12).

Owns ``decide_fight``: what a fight took (shots, charges, used-up items, each a step refused on its own when
its stack is gone or holds fewer than the fight counted on), what comes back after a win (each weapon's
``recover`` share, added up over the fight and rounded down once per stack) and the loot of each defeated
creature (its bestiary ``loot`` table, or a table named directly), shared out into the bags.
(Contract; built in issue 12.)
"""

from __future__ import annotations

from tagproc.actions import FightAction
from tagproc.engine.dice import Dice
from tagproc.engine.outcome import Accepted
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState

__all__ = ["FightError", "decide_fight", "fight_problems"]


class FightError(ValueError):
    """A fight report that names a creature or table the ruleset does not have (a caller's error)."""


def fight_problems(action: FightAction, rules: Rules) -> list[tuple[str, str]]:
    """Every ``defeated`` name that is neither a bestiary creature nor a loot table, each ``(key, message)``
    with the key relative to the action (``defeated.2``), for a transcript's dotted paths. Empty when the
    report can be decided."""
    return []


def decide_fight(state: GameState, action: FightAction, rules: Rules, dice: Dice) -> Accepted:
    """Every step of the fight, in order (shot, spent, used, then on a win the pickups and the loot)."""
    raise NotImplementedError("a fight's outcome: issue 12")
