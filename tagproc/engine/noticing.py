"""Noticing a fake before a buy (spec "Spotting fakes": noticing before a buy).

When a buy would get a fake from a dishonest seller, every other member of the party weighs each check they
can make about it (the fake's ``tells``) and the seller (its ``manner``), with no dice: ``items.passiveBase``
and their number, 5 more with advantage, 5 less with disadvantage (``items.warnBy: "roll"`` rolls them
instead, with ``dice``). The first, in party order, who meets a difficulty has noticed.

Contract (issue 11): ``noticed`` is called by ``trade`` before anything is paid; it returns who noticed and
what they saw, or None. It changes nothing.

Each member (party order, the buyer left out) weighs the fake's tells in their order, then the seller's
manner (an honest seller's is never weighed), each only where they can make it (``inspect.can_make``: needs,
needsAny, carries). ``says`` is the first met one's; a manner met says the manner, never what the fake is.
Rolled (``warnBy: "roll"``), each weighed check is rolled once with ``dice`` in that order, as an inspect rolls.
"""

from __future__ import annotations

from dataclasses import dataclass

from tagproc.engine.dice import Dice
from tagproc.engine.inspect import can_make, passive, rolled
from tagproc.engine.rules import Rules
from tagproc.engine.sheet import LiveSheet
from tagproc.engine.state import GameState
from tagproc.ruleset.book import BookItem
from tagproc.ruleset.models import Seller

__all__ = ["Noticed", "noticed"]


@dataclass(frozen=True, slots=True)
class Noticed:
    """``who`` (a member's name) noticed: ``says`` is what the tell or the manner they met says."""

    who: str
    says: str


def noticed(
    state: GameState, rules: Rules, buyer: int, fake: BookItem, seller: Seller, dice: Dice
) -> Noticed | None:
    """Who of the party but the buyer notices that ``fake`` from ``seller`` is not what it seems, if anyone."""
    tells = (*fake.item.tells, *((seller.manner,) if seller.manner is not None and not seller.honest else ()))
    roll = rules.block is not None and rules.block.warn_by == "roll"
    for index in range(len(state.party)):
        if index == buyer:
            continue
        view = LiveSheet(rules, state, index)
        for tell in tells:
            if not can_make(tell, view):
                continue
            made = rolled(tell, view, dice, fake) if roll else passive(tell, view)
            if made.passed:
                return Noticed(view.name, tell.says)
    return None
