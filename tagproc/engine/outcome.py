"""Outcomes: what ``decide`` returns (``Accepted`` with effects, or ``Refused``) and the answers.

Effects are values named as nouns in the past tense (STYLE.md): ``evolve(state, effect)`` applies one
without checking anything, so every rule lives in ``decide``; ``evolve_all`` applies several and makes one
new state (every member and field no effect touched is shared with the state before). The hot path builds
answers, decisions and effects from checked values without validating again (``trusted_answer``,
``bag_changed``..., see ``tagproc.engine.trusted``). An ``Answer`` is the tag rewritten with
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
from tagproc.engine.trusted import replaced, trusted
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
    "bag_changed",
    "evolve",
    "evolve_all",
    "journaled",
    "sheet_changed",
    "trusted_accepted",
    "trusted_answer",
    "trusted_refused",
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

# Builders from checked values, without validating again (``trusted``): what every hot path of the engine
# answers and changes with. Each caller passes only values of the declared types (tuples, not lists).
trusted_answer = trusted(Answer)
trusted_accepted = trusted(Accepted)
trusted_refused = trusted(Refused)
bag_changed = trusted(BagChanged)
sheet_changed = trusted(SheetChanged)
journaled = trusted(Journaled)


def evolve(state: GameState, effect: Effect) -> GameState:
    """Apply one effect. No rule is checked here: ``decide`` already did."""
    return evolve_all(state, (effect,))


def evolve_all(state: GameState, effects: tuple[Effect, ...]) -> GameState:
    """Apply ``effects`` in order: one new state however many there are (each field touched gathered, then
    swapped in once; what no effect touches, every member included, is shared with ``state``)."""
    if not effects:
        return state
    party: list[Member] | None = None
    journal: list[JournalEntry] | None = None
    changes: dict[str, object] = {}
    for effect in effects:
        # The two effects nearly every decision makes first: a bag swapped in, a journal line.
        if isinstance(effect, BagChanged):
            party = list(state.party) if party is None else party
            party[effect.member] = replaced(party[effect.member], bag=effect.bag)
        elif isinstance(effect, Journaled):
            journal = list(state.journal) if journal is None else journal
            journal.append(effect.entry)
        elif isinstance(effect, SheetChanged):
            party = list(state.party) if party is None else party
            party[effect.member] = replaced(party[effect.member], sheet=effect.sheet)
        elif isinstance(effect, GearTaken):
            party = list(state.party) if party is None else party
            member = party[effect.member]
            party[effect.member] = replaced(
                member, gear_taken=tuple(sorted({*member.gear_taken, effect.key}))
            )
        elif isinstance(effect, ItemInvented):
            invented = changes.get("invented", state.invented)
            assert isinstance(invented, tuple)
            kept = tuple(item for item in invented if item.key != effect.item.key)
            changes["invented"] = (*kept, effect.item)
        elif isinstance(effect, MarketDayChanged):
            changes["day"] = effect.day
        else:  # The place a tag names; the day it trades in is the turn's to set (``GameState.day``).
            changes["place"] = effect.place
            changes["place_size"] = effect.size
    if party is not None:
        changes["party"] = tuple(party)
    if journal is not None:
        changes["journal"] = tuple(journal)
    # Every value swapped in is one an effect carries (validated, or built from checked values: ``trusted``).
    return replaced(state, **changes)
