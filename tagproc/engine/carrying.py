"""Carrying: which bags something coming in goes to (spec "What reads items": carry, and "Money").

Owns ``share_out``, the carrying rule:
- With ``who=``: into that bag, as many as fit under that character's ``limit`` (they may become encumbered:
  the GM chose the bag, and the spec forbids only going past a limit). The rest is left behind.
- Without ``who=``: "whoever can carry it without becoming encumbered (the player first, then the party in
  order)" takes all of it. When nobody can, it is "shared out by the room each has left": each member in party
  order, the player first, takes as many as fit before they are encumbered; then what is still left goes past
  encumbrance, again in party order, each up to their ``limit``. "Nothing goes past anyone's limit: what
  nobody can carry is left behind."
- A weightless thing (an item without the carry stat, a coin without ``perWeight``, any item in a ruleset
  without ``carry``) goes whole to ``who=``, else to the player.

Invariants: counts are whole; no member's load passes their limit through what is shared out (a bag that is
already past it takes nothing); the parts plus what is left behind are exactly the count asked for.
Weights are floats (a weight stat may be ``integer: false``), compared with a small tolerance.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tagproc.engine.bags import What, new_stack
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState, Member

__all__ = ["Share", "carried", "format_weight", "share_out", "unit_weight"]

_TOLERANCE = 1e-9
_MANY = 10**15  # "any number": more than any count a tag can ask for


@dataclass(frozen=True, slots=True)
class Share:
    """Where ``count`` went: ``parts`` (member index, how many) in party order, and how many were left behind."""

    parts: tuple[tuple[int, int], ...]
    left: int

    @property
    def placed(self) -> int:
        return sum(count for _, count in self.parts)


def unit_weight(rules: Rules, state: GameState, what: What) -> float:
    """What one of ``what`` weighs (its item must be in ``state``'s invented items when it is invented)."""
    return rules.unit_weight(new_stack(what, 1), state)


def share_out(rules: Rules, state: GameState, what: What, count: int, who: int | None) -> Share:
    """The carrying rule for ``count`` of ``what`` coming in, into ``who``'s bag or shared out."""
    weight = unit_weight(rules, state, what)
    if who is not None:
        fits = _fits(rules.carry_limit(state.party[who], state) - rules.load(state.party[who], state), weight)
        taken = min(count, fits)
        return Share(((who, taken),) if taken else (), count - taken)
    if weight <= 0:
        return Share(((0, count),), 0)
    loads = [rules.load(member, state) for member in state.party]
    easy = [rules.encumbered_above(member, state) for member in state.party]
    limits = [rules.carry_limit(member, state) for member in state.party]
    for index in range(len(state.party)):
        if _fits(easy[index] - loads[index], weight) >= count:
            return Share(((index, count),), 0)
    given = [0] * len(state.party)
    left = count
    for ceilings in (easy, limits):
        for index in range(len(state.party)):
            taken = min(left, _fits(ceilings[index] - loads[index], weight))
            given[index] += taken
            loads[index] += taken * weight
            left -= taken
    return Share(tuple((index, taken) for index, taken in enumerate(given) if taken), left)


def _fits(room: float, weight: float) -> int:
    """How many of ``weight`` fit in ``room`` (any number when either is unbounded or weightless)."""
    if weight <= 0 or math.isinf(room):
        return _MANY
    if room < 0:
        return 0
    return max(0, math.floor(room / weight + _TOLERANCE))


def carried(rules: Rules, state: GameState, member: Member) -> str:
    """A member's load against their limit, as notes say it: ``11 of 12 carried``."""
    load = format_weight(rules.load(member, state))
    return f"{load} of {format_weight(rules.carry_limit(member, state))} carried"


def format_weight(value: float) -> str:
    """A weight as the GM reads it: ``11``, ``0.5``, ``2.25``."""
    rounded = round(value, 2)
    return str(int(rounded)) if float(rounded).is_integer() else f"{rounded:g}"
