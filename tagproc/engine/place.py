"""Where the party is: ``[place: name="Millbrook" size="market town" day="new"]`` (spec "Markets": where the
party is).

The size is one of the market's ``places``, by id or label in any case; without it the place is a road or the
wilds (no market). The effect is ``PlaceChanged(place, size id)``. Which place is in force when a reply ends is
the turn's to work out from the answered tags; ``day_after`` says which market day that leaves (spec "A market
day"): a day at a place lasts until the Game Master names another place (another name or another size),
and saying the same place again with ``day="new"`` starts a new one. A day's dice are seeded by the game's
seed, the place's name (folded) and size, and the *position* of the reply that started it, not its text: a
swipe of that reply sees the same shelf, so regenerating never rerolls a market.

Decisions where the spec is silent:
- In a ruleset without a market the place is still recorded (it names the scene) and a size is ignored, with
  a note; an unknown size in a ruleset with a market is refused ``unknown-size`` and changes nothing.
- The answer keeps the tag's own pairs; a size found in the market is written as its label (canonical).

Notes are ``place.*`` facts (``prompts/notes/place.jinja``).
"""

from __future__ import annotations

from collections.abc import Iterable

from tagproc import commands as c
from tagproc.engine.answers import answer, refuse, with_attr
from tagproc.engine.dice import Dice, seed_for
from tagproc.engine.outcome import Accepted, Answer, Decision, PlaceChanged
from tagproc.engine.reasons import Reason
from tagproc.engine.rules import Rules
from tagproc.engine.sheet import find
from tagproc.engine.state import GameState, MarketDay
from tagproc.engine.trusted import note
from tagproc.names import fold
from tagproc.notes import Note

__all__ = ["day_after", "decide_place"]


def decide_place(state: GameState, command: c.Place, rules: Rules, dice: Dice) -> Decision:
    """Set the place in force, with its market size."""
    market = rules.block.market if rules.block is not None else None
    if command.size is None:
        return _accepted(command, None, command.answer_attrs(), None)
    if market is None:
        ignored = note("place.no_market", size=command.size)
        return _accepted(command, None, command.answer_attrs(), ignored)
    size = find(market.places, command.size)
    if size is None:
        known = tuple(place.label for place in market.places)
        return refuse(
            command, Reason.UNKNOWN_SIZE, note("place.unknown_size", size=command.size, known=known)
        )
    attrs = with_attr(command, command.answer_attrs(), "size", size.id)
    return _accepted(command, size.id, attrs, None)


def _accepted(
    command: c.Place, size: str | None, attrs: tuple[tuple[str, str], ...], said: Note | None
) -> Accepted:
    reply = answer(command, attrs=attrs, note=said)
    return Accepted(effects=(PlaceChanged(place=command.name, size=size),), answers=(reply,))


def day_after(day: MarketDay | None, said: Iterable[Answer], seed: int, position: int) -> MarketDay | None:
    """The market day in force after the ``[place:]`` answers ``said`` (in reply order; only ``ok`` ones
    count) of the reply at ``position``, from ``day``, the day in force when the reply began.

    A place without a size ends the day (no market); another place, or the same with ``day="new"``, starts
    a fresh one; the same place again continues ``day``, with what it has taken so far.
    """
    for told in said:
        if told.tag != "place" or told.result != "ok":
            continue
        pairs = dict(told.attrs)
        name, size = pairs.get("name"), pairs.get("size")
        if size is None:
            day = None
            continue
        same = day is not None and day.size == size and fold(day.place or "") == fold(name or "")
        if not same or pairs.get("day") == "new":
            day = MarketDay(
                place=name, size=size, seed=seed_for(seed, "market-day", position, fold(name or ""), size)
            )
    return day
