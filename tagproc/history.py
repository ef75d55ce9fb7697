"""History: how a ``Game`` keeps its turns and the states between them, in memory that does not grow with what
a turn computed.

A turn's whole result (its answers as values and rendered, its tag records, its journal, the state after it)
is kept while the game may still need it: from the last Game Master reply on, the turns a regenerate replaces
or runs again and the next prompt's recap tells, and every state from that reply's start on. A turn before
that reply can never change again, so it is *shed*: kept as a ``ToldTurn``, its kind, position, text,
visible text, history and action (what a chat shows of every turn) and its journal entries (packed as plain
values, rebuilt equal when read); its answers and tag records are derived when read. Before the last reply a
state is kept every ``SNAPSHOT_EVERY`` positions (0, 16, 32, ...); a state between two is derived by playing
the shed turns again from the kept one before it.

Why replay is exact (DESIGN.md "Turns: measured from the turn start"): a turn's result is a function of the
state it began from, its position, its text (or action) and the game's rules, templates and seed, nothing
else; its dice are seeded from its position and text. A derived field or state is therefore equal to the one
the turn gave when it was played.

Invariants:
- ``turn(i)`` gives a value equal to the turn ``i`` played and ``state_at(i)`` one equal to the state it began
  from; a kept turn is the very object ``Turn.finish`` (or ``run_action``) returned, a kept state (from the
  last reply on, and every ``SNAPSHOT_EVERY``-th before it) the very state the turns made.
- Only turns before the last Game Master reply are shed, and nothing before it is ever replaced, so a
  ``ToldTurn`` reads a history that no longer changes and nothing derived ever goes stale.
- Reading a shed state plays at most ``SNAPSHOT_EVERY - 1`` turns (from the nearest kept or cached state
  before it), a shed turn's answers at most ``SNAPSHOT_EVERY``. Every turn so played is cached, the last
  ``_CACHED`` asked, so reading the same state or turn again plays nothing and gives the very same object.
- Reading the state now, the prompt, the turns' texts, the journal or the event log plays nothing.

Decisions where the spec is silent (issue 14, ``bench/memory.py``): a state every 16 positions, not one per turn
as before: the states were most of the 5.1 KB and 18 tracked objects a long game kept a turn (its gen-2 pauses
5x longer at 10,000 turns than at 1,000); now under 2 KB and 3 objects. 16 keeps an old state's read to at most
15 turns played (tens of milliseconds); the event log is kept as kinds and the turns' own texts and actions, not
a dict an event (``Game.events`` builds them). The journal of a shed turn is packed because a ``JournalEntry``
model costs some 500 bytes and two tracked objects; rebuilt with ``model_construct`` from the values a validated
entry held, with the same fields set. A game of player messages and actions only, with no reply yet, keeps every
turn and state: the first prompt's recap tells them all.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tagproc.acting import run_action
from tagproc.actions import Action
from tagproc.engine.outcome import Answer
from tagproc.engine.state import GameState, JournalEntry
from tagproc.turn import TagRecord, Turn, TurnContext, TurnKind, TurnResult

__all__ = ["SNAPSHOT_EVERY", "History", "ToldTurn"]

SNAPSHOT_EVERY = 16  # before the last reply, the state of every 16th position is kept; the rest are replayed
_CACHED = 32  # replayed results kept, the last asked: two runs between kept states


class History:
    """The turns of one game, in order, and the state each began from."""

    def __init__(self, context: TurnContext, start: GameState) -> None:
        self._context = context
        self._turns: list[TurnResult] = []
        # The state each position began from, and the state now; None where it is replayed when read
        self._states: list[GameState | None] = [start]
        self._shed = 0  # the turns before this position are ToldTurns
        self._derived: dict[int, TurnResult] = {}  # replayed results by position, the last _CACHED asked

    def __len__(self) -> int:
        return len(self._turns)

    def __iter__(self) -> Iterator[TurnResult]:
        return iter(self._turns)

    @property
    def turns(self) -> list[TurnResult]:
        """The turns as this history holds them (the game's own list: read it, never change it)."""
        return self._turns

    @property
    def kept_from(self) -> int:
        """The first position whose turn is kept whole (and every state from it on)."""
        return self._shed

    def turn(self, position: int) -> TurnResult:
        return self._turns[position]

    def state_at(self, position: int) -> GameState:
        """The state turn ``position`` began from (``len(self)``: the state now)."""
        state = self._states[position]
        if state is None:
            return self._derive(position - 1).state
        return state

    def push(self, result: TurnResult) -> None:
        """Append a committed turn; once a Game Master reply is the last, shed the turns before it."""
        self._turns.append(result)
        self._states.append(result.state)
        if result.kind == "gm":
            for shed in range(self._shed, result.position):
                self._turns[shed] = ToldTurn.of(self._turns[shed], self)
                if shed % SNAPSHOT_EVERY:
                    self._states[shed] = None
            self._shed = max(self._shed, result.position)

    def drop_from(self, position: int) -> list[TurnResult]:
        """Remove the turns from ``position`` on (a regenerate replaces them), returning them."""
        if position < self._shed:
            raise ValueError(f"turn {position} was shed and cannot be replaced")
        dropped = self._turns[position:]
        del self._turns[position:]
        del self._states[position + 1 :]
        return dropped

    def whole(self, position: int) -> TurnResult:
        """Turn ``position`` with every field: the kept one, or the shed one played again from its start."""
        turn = self._turns[position]
        if not isinstance(turn, ToldTurn):
            return turn
        return self._derive(position)

    def _derive(self, position: int) -> TurnResult:
        """Shed turn ``position`` played again, from the nearest state before it that is kept or was derived
        (at most ``SNAPSHOT_EVERY`` turns back); every turn played on the way is cached, the one asked last."""
        found = self._derived.pop(position, None)
        if found is not None:
            self._derived[position] = found  # asked again: the last asked
            return found
        start = position
        while self._states[start] is None and start - 1 not in self._derived:
            start -= 1
        state = self._states[start]
        if state is None:
            state = self._derived[start - 1].state
        for at in range(start, position + 1):
            found = self._replay(self._turns[at], state)
            self._derived[at] = found
            state = found.state
        while len(self._derived) > _CACHED:
            del self._derived[next(iter(self._derived))]
        assert found is not None  # position >= start: the loop ran
        return found

    def _replay(self, told: TurnResult, start: GameState) -> TurnResult:
        if told.action is not None:
            return run_action(self._context, start, told.position, told.action)
        turn = Turn(self._context, start, told.position, told.kind)
        turn.feed(told.text)
        return turn.finish()


class ToldTurn(TurnResult):
    """A shed turn: what a chat shows of it is kept, the rest is derived from the history when read.

    ``ToldTurn(**fields)`` (as ``dataclasses.replace`` makes one) holds the fields it is given; ``of`` makes
    the shed form, which holds only the kind, position, text, visible text, history, action and journal.
    """

    __slots__ = ("_history", "_journal", "_whole")
    _history: History | None
    _journal: tuple[Any, ...]  # its entries packed (``_packed``)
    _whole: TurnResult | None

    def __init__(
        self,
        kind: TurnKind,
        position: int,
        text: str,
        visible: str,
        history: str,
        answers: tuple[str, ...],
        structured_answers: tuple[Answer, ...],
        journal: tuple[JournalEntry, ...],
        state: GameState,
        tags: tuple[TagRecord, ...] = (),
        action: Action | None = None,
    ) -> None:
        whole = TurnResult(
            kind, position, text, visible, history, answers, structured_answers, journal, state, tags, action
        )
        _told(self, whole, None, whole)

    @classmethod
    def of(cls, result: TurnResult, history: History) -> ToldTurn:
        """``result`` shed: its whole fields read from ``history`` again when asked."""
        told = cls.__new__(cls)
        _told(told, result, history, None)
        return told

    def _whole_result(self) -> TurnResult:
        if self._whole is not None:
            return self._whole
        assert self._history is not None  # one or the other, by construction
        return self._history.whole(self.position)

    @property
    def answers(self) -> tuple[str, ...]:
        return self._whole_result().answers

    @property
    def structured_answers(self) -> tuple[Answer, ...]:
        return self._whole_result().structured_answers

    @property
    def state(self) -> GameState:
        if self._whole is not None:
            return self._whole.state
        assert self._history is not None
        return self._history.state_at(self.position + 1)

    @property
    def journal(self) -> tuple[JournalEntry, ...]:
        return _unpacked(self._journal) if self._journal else ()

    @property
    def tags(self) -> tuple[TagRecord, ...]:
        return self._whole_result().tags

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, TurnResult):
            return NotImplemented
        return _fields(self) == _fields(other)

    __hash__ = TurnResult.__hash__


def _told(told: ToldTurn, result: TurnResult, history: History | None, whole: TurnResult | None) -> None:
    """Set a ``ToldTurn``'s kept fields from ``result`` (it is frozen: ``object.__setattr__``, as dataclasses do)."""
    for name in ("kind", "position", "text", "action"):
        object.__setattr__(told, name, getattr(result, name))
    # A message with no tag reads as it was written: one text kept for the three, not three equal ones
    for name in ("visible", "history"):
        said = getattr(result, name)
        object.__setattr__(told, name, result.text if said == result.text else said)
    object.__setattr__(told, "_journal", _packed(result.journal))
    object.__setattr__(told, "_history", history)
    object.__setattr__(told, "_whole", whole)


_ENTRY = tuple(JournalEntry.model_fields)  # a journal entry's fields, in order
_PACKED = len(_ENTRY) + 1  # each entry packed: its fields' values, then which were set
# The fields each bit pattern names (a constant: unpacking an entry need not test every bit)
_GIVEN = tuple(
    frozenset(name for bit, name in enumerate(_ENTRY) if bits >> bit & 1) for bits in range(1 << len(_ENTRY))
)


def _packed(entries: tuple[JournalEntry, ...]) -> tuple[Any, ...]:
    """A journal's entries as one flat tuple: each entry's values (texts and None), then the fields it was
    given as bits. A model costs some 500 bytes and two objects the collector walks every full collection;
    a tuple of texts, a few dozen bytes, and the collector soon stops walking it."""
    packed: list[Any] = []
    for entry in entries:
        given = entry.model_fields_set
        packed.extend(getattr(entry, name) for name in _ENTRY)
        packed.append(sum(1 << bit for bit, name in enumerate(_ENTRY) if name in given))
    return tuple(packed)


def _unpacked(packed: tuple[Any, ...]) -> tuple[JournalEntry, ...]:
    """The entries ``_packed`` packed, equal to them with the same fields set. ``model_construct`` without
    validation: each value is one a validated entry held (``tests/test_history.py`` checks it)."""
    return tuple(
        JournalEntry.model_construct(
            set(_GIVEN[packed[at + _PACKED - 1]]),
            **dict(zip(_ENTRY, packed[at : at + _PACKED - 1], strict=True)),
        )
        for at in range(0, len(packed), _PACKED)
    )


def _fields(result: TurnResult) -> tuple[Any, ...]:
    return (
        result.kind,
        result.position,
        result.text,
        result.visible,
        result.history,
        result.answers,
        result.structured_answers,
        result.journal,
        result.state,
        result.tags,
        result.action,
    )
