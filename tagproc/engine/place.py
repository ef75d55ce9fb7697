"""Where the party is: ``[place: name="Millbrook" size="market town" day="new"]`` (spec "Markets": where the
party is).

The size is one of the market's ``places``, by id or label in any case; without it the place is a road or the
wilds (no market). The effect is ``PlaceChanged(place, size id)``; which place is in force when a reply ends,
and the market day a ``day="new"`` starts, are the game's to work out from the answered tags.

Decisions where the spec is silent:
- In a ruleset without a market the place is still recorded (it names the scene) and a size is ignored, with
  a note; an unknown size in a ruleset with a market is refused ``unknown-size`` and changes nothing.
- The answer keeps the tag's own pairs; a size found in the market is written as its label (canonical).

Notes are ``place.*`` facts (``prompts/notes/place.jinja``).
"""

from __future__ import annotations

from tagproc import commands as c
from tagproc.engine.answers import answer, refuse, with_attr
from tagproc.engine.dice import Dice
from tagproc.engine.outcome import Accepted, Decision, PlaceChanged
from tagproc.engine.reasons import Reason
from tagproc.engine.rules import Rules
from tagproc.engine.sheet import find
from tagproc.engine.state import GameState
from tagproc.notes import Note, note

__all__ = ["decide_place"]


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
