"""Outcomes: what ``decide`` returns (``Accepted`` with effects, or ``Refused``) and the answers.

Effects are values named as nouns in the past tense (STYLE.md): ``evolve(state, effect)`` applies one
without checking anything, so every rule lives in ``decide``. An ``Answer`` is the tag rewritten with
what happened (DESIGN.md "Answers"); the ``render`` stage turns it into text through a template.

Invariants:
- A ``Refused`` carries no effects: a refusal changes nothing by construction.
- An answer's ``attrs`` are the canonical (key, value) pairs in answer order; ``result``, ``now``,
  ``reason``, the ``extra`` pairs (``price``, ``raw``...) and ``note`` (its ``notes``, said by the templates)
  follow, in that order.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from tagproc.engine.state import (
    GameState,
    InventedItem,
    JournalEntry,
    MarketDay,
    Member,
    SheetState,
    Stack,
)
from tagproc.notes import Note

__all__ = [
    "Accepted",
    "Answer",
    "BagChanged",
    "Decision",
    "Effect",
    "GearTaken",
    "ItemInvented",
    "Journaled",
    "MarketDayChanged",
    "PlaceChanged",
    "Refused",
    "SheetChanged",
    "evolve",
    "evolve_all",
]

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class BagChanged(BaseModel):
    """A member's bag is now ``bag``."""

    model_config = _FROZEN
    member: int
    bag: tuple[Stack, ...]


class SheetChanged(BaseModel):
    """A member's live sheet is now ``sheet``."""

    model_config = _FROZEN
    member: int
    sheet: SheetState


class ItemInvented(BaseModel):
    """The GM invented ``item``; its name is that item for the rest of the game."""

    model_config = _FROZEN
    item: InventedItem


class Journaled(BaseModel):
    """A line for the journal."""

    model_config = _FROZEN
    entry: JournalEntry


class PlaceChanged(BaseModel):
    """The scene is now at ``place`` (``size`` None: a road or the wilds, no market; ``place`` None: a place
    of that size whose name was not given)."""

    model_config = _FROZEN
    place: str | None
    size: str | None = None


class MarketDayChanged(BaseModel):
    """The market day is now ``day``: what a buy or a sale took from today's shelves, stock or purse."""

    model_config = _FROZEN
    day: MarketDay


class GearTaken(BaseModel):
    """A member took a starting gear of group ``key`` (``group:<id>``, ``gear:<id>``; ``Member.gear_taken``)."""

    model_config = _FROZEN
    member: int
    key: str


Effect = BagChanged | SheetChanged | ItemInvented | Journaled | PlaceChanged | MarketDayChanged | GearTaken

Result = Literal["ok", "refused", "nothing"]  # "nothing": a loot roll that dropped nothing (PEER §9)


class Answer(BaseModel):
    """One tag (or one item of a multi-item tag), rewritten with its outcome."""

    model_config = _FROZEN

    tag: str
    attrs: tuple[tuple[str, str], ...]
    result: Result
    now: str | Note | None = None  # a Note where the value has words (a rest's, a who="party" answer's)
    reason: str | None = None
    extra: tuple[tuple[str, str], ...] = ()
    notes: tuple[Note, ...] = ()  # what ``note=`` says, as facts; ``tagproc.render`` says it in words


class Accepted(BaseModel):
    """The command holds: apply ``effects`` in order; ``answers`` say what happened."""

    model_config = _FROZEN
    effects: tuple[Effect, ...]
    answers: tuple[Answer, ...]


class Refused(BaseModel):
    """The command does not hold; nothing changes. ``answer`` says why (its ``reason``)."""

    model_config = _FROZEN
    answer: Answer


Decision = Accepted | Refused


def evolve(state: GameState, effect: Effect) -> GameState:
    """Apply one effect. No rule is checked here: ``decide`` already did."""
    if isinstance(effect, BagChanged):
        return _with_member(
            state, effect.member, state.party[effect.member].model_copy(update={"bag": effect.bag})
        )
    if isinstance(effect, SheetChanged):
        member = state.party[effect.member].model_copy(update={"sheet": effect.sheet})
        return _with_member(state, effect.member, member)
    if isinstance(effect, ItemInvented):
        kept = tuple(item for item in state.invented if item.key != effect.item.key)
        return state.model_copy(update={"invented": (*kept, effect.item)})
    if isinstance(effect, Journaled):
        return state.model_copy(update={"journal": (*state.journal, effect.entry)})
    if isinstance(effect, MarketDayChanged):
        return state.model_copy(update={"day": effect.day})
    if isinstance(effect, GearTaken):
        taken = state.party[effect.member].gear_taken
        keys = tuple(sorted({*taken, effect.key}))
        return _with_member(
            state, effect.member, state.party[effect.member].model_copy(update={"gear_taken": keys})
        )
    # The place a tag names; the day it trades in is the turn's to set (``GameState.day``).
    return state.model_copy(update={"place": effect.place, "place_size": effect.size})


def evolve_all(state: GameState, effects: tuple[Effect, ...]) -> GameState:
    """Apply ``effects`` in order."""
    for effect in effects:
        state = evolve(state, effect)
    return state


def _with_member(state: GameState, index: int, member: Member) -> GameState:
    party = (*state.party[:index], member, *state.party[index + 1 :])
    return state.model_copy(update={"party": party})
