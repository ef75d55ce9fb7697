"""Carrying: which bags something coming in goes to (spec "What reads items": carry, and "Money").

Owns ``share_out``, the carrying rule:
- With ``who=``: into that bag, as many as fit under that character's ``limit`` (they may become encumbered:
  the GM chose the bag, and the spec forbids only going past a limit). The rest is left behind.
- Without ``who=`` (CONVENTIONS.md §5, the spec's "whoever can carry it without becoming encumbered (the
  player first, then the party in order), shared out by the room each has left when nobody can take all of
  it"): (1) all of it to the first bag that takes it all unencumbered; (2) else each bag fills its room
  before encumbrance, most room first; (3) the rest one at a time to whoever would then be least over,
  never past a limit; (4) what is still left stays behind. Ties go in party order.
- A weightless thing (an item without the carry stat, a coin without ``perWeight``, any item in a ruleset
  without ``carry``) goes whole to ``who=``, else to the player.
- No bag takes more stacks than ``bags.MAX_BAG_STACKS``: each bag's share is held to its stack room too, and
  ``Share.stacked`` says when that (not weight) left something behind.

Invariants: counts are whole; no member's load passes their limit through what is shared out (a bag that is
already past it takes nothing); the parts plus what is left behind are exactly the count asked for.
Weights are floats (a weight stat may be ``integer: false``), compared with a small tolerance.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

from tagproc.engine.bags import MAX_BAG_STACKS, What, stack_room
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState, Member, Stack
from tagproc.engine.trusted import note
from tagproc.notes import Note

__all__ = ["Share", "carried", "format_weight", "share_out", "shown_number", "unit_weight"]

_TOLERANCE = 1e-9
_MANY = 10**15  # "any number": more than any count a tag can ask for


class Share(NamedTuple):  # a named tuple: immutable, and cheaper to make than a frozen dataclass
    """Where ``count`` went: ``parts`` (member index, how many) in party order, how many were left behind, and
    whether stack room (``bags.MAX_BAG_STACKS``) rather than weight left some of them behind."""

    parts: tuple[tuple[int, int], ...]
    left: int
    stacked: bool = False

    @property
    def placed(self) -> int:
        total = 0
        for _, count in self.parts:  # a loop, not sum() over a generator: asked of every share
            total += count
        return total


def unit_weight(rules: Rules, state: GameState, what: What) -> float:
    """What one of ``what`` weighs (its item must be in ``state``'s invented items when it is invented)."""
    return rules.unit_weight(what, state)


_WORKED_OUT: Any = object()  # ``share_out``'s ``limit`` when the caller has not worked it out already


def share_out(
    rules: Rules,
    state: GameState,
    what: What,
    count: int,
    who: int | None,
    *,
    limit: int | None = _WORKED_OUT,
) -> Share:
    """The carrying rule for ``count`` of ``what`` coming in, into ``who``'s bag or shared out. ``limit`` is
    the stack limit of ``what`` (``Rules.stack_limit`` of its item), when the caller has it at hand."""
    if limit is _WORKED_OUT:
        limit = rules.stack_limit(rules.item_of(what, state))
    weight = rules.unit_weight(what, state)
    if who is not None or weight <= 0:
        # Into one bag, ``who``'s or (a weightless thing) the player's: only its room is read (the others' as
        # unbounded change nothing, here or below: with its room at least ``count`` the unbounded share is
        # the same share, and with less the room alone leaves some behind).
        rooms = [_MANY] * len(state.party)
        one = 0 if who is None else who
        member = state.party[one]
        rooms[one] = room = _room(member.bag, what, limit, count)
        # ``_share`` of the one bag, inline (a weightless thing fits any number, whatever the limit)
        if who is None:
            taken = min(count, room)
        else:
            fits = (
                _MANY
                if weight <= 0
                else _fits(rules.carry_limit(member, state) - rules.load(member, state), weight)
            )
            taken = min(count, fits, room)
        share = Share(((one, taken),) if taken else (), count - taken)
    else:
        rooms = [_room(member.bag, what, limit, count) for member in state.party]
        share = _share(rules, state, weight, count, who, rooms)
    if share.left and min(rooms) < count:  # some room held some back (``any(room < count ...)``)
        unbounded = _share(rules, state, weight, count, who, [_MANY] * len(rooms))
        if unbounded.left < share.left:
            return Share(share.parts, share.left, stacked=True)
    return share


def _room(bag: tuple[Stack, ...], what: What, limit: int | None, count: int) -> int:
    """``stack_room``, or ``count`` when the bag's free stacks alone take that many: the rule reads a room only
    against ``count`` (``min`` with it, ``room < count``, what is left of it once some went in), so any room
    of at least ``count`` shares alike, and the stacks held need not be read (the usual bag, far from full)."""
    free = MAX_BAG_STACKS - len(bag)
    if free > 0 and (limit is None or free * limit >= count):
        return count
    return stack_room(bag, what, limit)


def _share(
    rules: Rules, state: GameState, weight: float, count: int, who: int | None, rooms: list[int]
) -> Share:
    """The carrying rule for ``count`` of a thing weighing ``weight`` each, within each bag's stack room."""
    if who is not None:
        fits = _fits(rules.carry_limit(state.party[who], state) - rules.load(state.party[who], state), weight)
        taken = min(count, fits, rooms[who])
        return Share(((who, taken),) if taken else (), count - taken)
    if weight <= 0:
        taken = min(count, rooms[0])
        return Share(((0, taken),) if taken else (), count - taken)
    members = range(len(state.party))
    loads = [rules.load(member, state) for member in state.party]
    easy = [rules.encumbered_above(member, state) for member in state.party]
    limits = [rules.carry_limit(member, state) for member in state.party]
    for index in members:  # (1) one bag takes it all unencumbered
        if min(_fits(easy[index] - loads[index], weight), rooms[index]) >= count:
            return Share(((index, count),), 0)
    given = [0] * len(state.party)
    left = count
    # (2) each fills its room before encumbrance, most room first (ties in party order)
    for index in sorted(members, key=lambda i: (-(easy[i] - loads[i]), i)):
        taken = min(left, _fits(easy[index] - loads[index], weight), rooms[index])
        given[index] += taken
        loads[index] += taken * weight
        left -= taken
    # (3) the rest one at a time to whoever would then be least over, never past a limit (ties in party
    # order). Done a level at a time, so a large count costs as much as a small one: the members tied for
    # least over each take as many as keep them at or under the next one's, round and round.
    while left:
        open_ = [i for i in members if given[i] < rooms[i] and loads[i] + weight <= limits[i] + _TOLERANCE]
        if not open_:
            break
        open_.sort(key=lambda i: (loads[i] - easy[i], i))
        low = loads[open_[0]] - easy[open_[0]]
        tied = [i for i in open_ if loads[i] - easy[i] <= low + _TOLERANCE]
        rest = [loads[i] - easy[i] for i in open_ if i not in tied]
        level = math.floor((rest[0] - low) / weight + _TOLERANCE) if rest else left
        each = min(max(level, 0), left // len(tied))
        if each == 0:  # fewer left than the tied members, or the next level is within one: one each
            each = 1
        for index in sorted(tied):
            if left == 0:
                break
            cap = min(rooms[index] - given[index], _fits(limits[index] - loads[index], weight))
            taken = min(each, left, cap)
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


def carried(rules: Rules, state: GameState, member: Member) -> Note:
    """A member's load against their limit (``carrying.load``), said ``11 of 12 carried``: a note other notes
    carry inside them. The weights are facts in the one format the GM reads them in (``format_weight``)."""
    load = format_weight(rules.load(member, state))
    return note("carrying.load", load=load, limit=format_weight(rules.carry_limit(member, state)))


def shown_number(value: float) -> int | float:
    """A number as the GM reads it, to two decimals: ``3`` for 3.0, ``2.25``, never ``0.30000000000000004``."""
    rounded = round(float(value), 2)
    return int(rounded) if rounded.is_integer() else rounded


def format_weight(value: float) -> str:
    """A weight as the GM reads it: ``11``, ``0.5``, ``2.25``, ``12345.25`` (as the inventory says a load)."""
    return str(shown_number(value))
