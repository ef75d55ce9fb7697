"""History: how a ``Game`` keeps its turns and the states between them, in memory that does not grow with what
a turn computed.

A turn's whole result (its answers as values and rendered, its tag records, its journal, the state after it)
is kept while the game may still need it: the turns after the last Game Master reply (a regenerate runs them
again, the next prompt's recap tells them), and every state from that reply's start on. A turn before that
reply can never change again, so it is *shed*: kept as a ``ToldTurn``, its kind, position, text, visible
text, history and action (what a chat shows of every turn) and its journal entries (packed as plain values,
rebuilt equal when read); its answers and tag records are derived when read. The last reply itself is a
``ToldTurn`` too, holding its result weakly: while anyone holds the result (the caller of ``Game.reply``, a
stream), it reads that very result; once nobody does, its answers and tags are derived like a shed turn's,
from its start state (kept: one turn played). ``Game`` keeps what the next prompt's recap reads of the reply
(its answers as plain values, its tags without their repairs and most commands), so that prompt plays
nothing. Before the last reply a state is kept every ``SNAPSHOT_EVERY`` positions (0, 16, 32, ...), packed
as plain values (nested tuples, which a collection soon stops walking) and read back equal, the very state
while anyone holds it; a state between two is derived by playing the shed turns again from the kept one
before it.

Why replay is exact (DESIGN.md "Turns: measured from the turn start"): a turn's result is a function of the
state it began from, its position, its text (or action) and the game's rules, templates and seed, nothing
else; its dice are seeded from its position and text. A derived field or state is therefore equal to the one
the turn gave when it was played.

Invariants:
- ``turn(i)`` gives a value equal to the turn ``i`` played and ``state_at(i)`` one equal to the state it began
  from; a kept turn (after the last reply) is the very object ``Turn.finish`` (or ``run_action``) returned,
  the last reply's fields that result's own while it lives, a kept state from the last reply on the very
  state the turns made, and a snapshot before it that state while it lives (else one equal, with the same
  fields set, the same object while that lives).
- Only turns before the last Game Master reply are shed, and nothing before it is ever replaced, so a
  shed ``ToldTurn`` reads a history that no longer changes; the last reply's derived result is dropped with
  it when a regenerate replaces it, so nothing derived ever goes stale.
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
turn and state: the first prompt's recap tells them all. The last reply is held weakly because its answers,
tag records and their commands and repairs were some 100 of the 230 tracked objects a game of two replies
kept (issue 14: with 1,000 games a full collection walked a quarter of a million objects), and a reply's
result is read by its caller, then by the next prompt's recap. A kept snapshot is packed for the same reason
(some twenty tracked objects each); what a caller can compare by identity it holds, so a weak reference to the
state it was read back as keeps it the very same.
"""

from __future__ import annotations

import operator
import sys
import weakref
from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel

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
        # A shed snapshot is kept packed (``_packed_state``), and read back through a weak reference
        self._states: list[GameState | tuple[Any, ...] | None] = [start]
        self._thawed: dict[int, weakref.ref[GameState]] = {}  # the snapshot each packed one was read back as
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
        if type(state) is tuple:
            return self._thaw(position, state)
        return state  # type: ignore[return-value]  # neither None nor packed: a state

    def _pack(self, position: int) -> None:
        """Keep the snapshot at ``position`` packed, read back as the very state while that lives."""
        state = self._states[position]
        if isinstance(state, GameState):
            for dead in [known for known, ref in self._thawed.items() if ref() is None]:
                del self._thawed[dead]
            alive = weakref.ref(state)
            self._states[position] = _packed_state(state)
            del state
            if alive() is not None:  # someone holds it (a turn's result): kept only while they do
                self._thawed[position] = alive

    def _thaw(self, position: int, packed: tuple[Any, ...]) -> GameState:
        """The packed snapshot at ``position``: the one read back before while it lives (so a state compared
        by identity is identical), else read back again, equal."""
        known = self._thawed.get(position)
        state = None if known is None else known()
        if state is None:
            state = _unpacked_value(packed)
            self._thawed[position] = weakref.ref(state)
        return state

    def push(self, result: TurnResult) -> None:
        """Append a committed turn; once a Game Master reply is the last, shed the turns before it, and keep
        the reply itself as a ``ToldTurn`` that reads the very result as long as anyone holds it."""
        self._turns.append(result)
        self._states.append(result.state)
        if result.kind == "gm":
            for shed in range(self._shed, result.position):
                turn = self._turns[shed]
                if isinstance(turn, ToldTurn):
                    turn.let_go()
                else:
                    self._turns[shed] = ToldTurn.of(turn, self)
                if shed % SNAPSHOT_EVERY:
                    self._states[shed] = None
                else:
                    self._pack(shed)
            self._shed = max(self._shed, result.position)
            self._turns[-1] = ToldTurn.of(result, self, alive=True)

    def drop_from(self, position: int) -> list[TurnResult]:
        """Remove the turns from ``position`` on (a regenerate replaces them), returning them."""
        if position < self._shed:
            raise ValueError(f"turn {position} was shed and cannot be replaced")
        dropped = self._turns[position:]
        del self._turns[position:]
        del self._states[position + 1 :]
        for derived in [known for known in self._derived if known >= position]:
            del self._derived[derived]  # the reply kept from a telling that is gone, if it was played again
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
        state = self._derived[start - 1].state if self._states[start] is None else self.state_at(start)
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
    The last Game Master reply's also holds a weak reference to the result it was made from: while anyone
    holds that result (the caller of ``Game.reply``, a stream's), its fields are that result's own, so
    what can be compared by identity is identical; once nobody does, they are derived as a shed turn's are
    (its start state is kept: one turn played). ``let_go`` drops that reference when the reply is shed.
    """

    __slots__ = ("_alive", "_history", "_journal", "_whole")
    _alive: weakref.ref[TurnResult] | None
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
        _SET_ALIVE(self, None)

    @classmethod
    def of(cls, result: TurnResult, history: History, *, alive: bool = False) -> ToldTurn:
        """``result`` shed: its whole fields read from ``history`` again when asked (``result``'s own while
        it lives, when ``alive``)."""
        told = cls.__new__(cls)
        _told(told, result, history, None)
        _SET_ALIVE(told, weakref.ref(result) if alive else None)
        return told

    def let_go(self) -> None:
        """Drop the weak reference to the result (a weak reference is an object the collector walks)."""
        _SET_ALIVE(self, None)

    def _living(self) -> TurnResult | None:
        return None if self._alive is None else self._alive()

    def _whole_result(self) -> TurnResult:
        if self._whole is not None:
            return self._whole
        living = self._living()
        if living is not None:
            return living
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
        living = self._living()
        if living is not None:
            return living.journal
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
    """Set a ``ToldTurn``'s kept fields from ``result`` (it is frozen: through the slots' descriptors, which
    ``object.__setattr__`` finds, as dataclasses set them; every reply makes one)."""
    text = result.text
    _SET_KIND(told, result.kind)
    _SET_POSITION(told, result.position)
    _SET_TEXT(told, text)
    _SET_ACTION(told, result.action)
    # A message with no tag reads as it was written: one text kept for the three, not three equal ones
    visible, said = result.visible, result.history
    _SET_VISIBLE(told, text if visible == text else visible)
    _SET_HISTORY(told, text if said == text else said)
    _SET_JOURNAL(told, _packed(result.journal))
    _SET_HISTORY_OF(told, history)
    _SET_WHOLE(told, whole)


_SET_KIND, _SET_POSITION, _SET_TEXT, _SET_ACTION, _SET_VISIBLE, _SET_HISTORY = (
    TurnResult.__dict__[name].__set__ for name in ("kind", "position", "text", "action", "visible", "history")
)
_SET_ALIVE, _SET_JOURNAL, _SET_HISTORY_OF, _SET_WHOLE = (
    ToldTurn.__dict__[name].__set__ for name in ("_alive", "_journal", "_history", "_whole")
)


_ENTRY = tuple(JournalEntry.model_fields)  # a journal entry's fields, in order
_PACKED = len(_ENTRY) + 1  # each entry packed: its fields' values, then which were set
_entry_values = operator.itemgetter(*_ENTRY)  # an entry's fields' values, in order, from its ``__dict__``
_BIT = {name: 1 << bit for bit, name in enumerate(_ENTRY)}  # each field's bit among those set
# The fields each bit pattern names (a constant: unpacking an entry need not test every bit)
_GIVEN = tuple(
    frozenset(name for bit, name in enumerate(_ENTRY) if bits >> bit & 1) for bits in range(1 << len(_ENTRY))
)


def _packed(entries: tuple[JournalEntry, ...]) -> tuple[Any, ...]:
    """A journal's entries as one flat tuple: each entry's values (texts and None), then the fields it was
    given as bits. A model costs some 500 bytes and two objects the collector walks every full collection;
    a tuple of texts, a few dozen bytes, and the collector soon stops walking it."""
    packed: list[Any] = []
    for entry in entries:  # loops, not generators: every reply packs its journal
        packed.extend(_entry_values(entry.__dict__))  # a model's fields are its ``__dict__``
        bits = 0
        for name in entry.__pydantic_fields_set__:
            bits |= _BIT[name]
        packed.append(bits)
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


# A packed value: (_TUPLE, *items), (_DICT, *keys and values), (_MODEL, module, class, fields given, *values)
_TUPLE, _DICT, _MODEL = 0, 1, 2
_ATOMS = frozenset({str, int, float, bool, type(None)})
_new = object.__new__
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__


class _Unpackable(Exception):
    """A value ``_packed_value`` does not pack (its snapshot is kept as it is)."""


def _packed_state(state: GameState) -> GameState | tuple[Any, ...]:
    """A shed snapshot as one tuple of plain values (nested tuples of texts and numbers), which a collection
    soon stops walking: a state is some twenty models, dicts and tuples the collector walks every full
    collection. A state holding anything else is kept as it is."""
    try:
        packed: tuple[Any, ...] = _packed_value(state)
    except _Unpackable:
        return state
    return packed


def _packed_value(value: Any) -> Any:
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is tuple:
        return (_TUPLE, *[_packed_value(one) for one in value])
    if kind is dict:
        return (_DICT, *[_packed_value(one) for pair in value.items() for one in pair])
    fields = getattr(kind, "__pydantic_fields__", None)
    found = getattr(sys.modules.get(kind.__module__), kind.__qualname__, None)
    if fields is None or found is not kind or value.__pydantic_extra__ or value.__pydantic_private__:
        raise _Unpackable(kind)
    if not kind.model_config.get("frozen") or value.__dict__.keys() != fields.keys():
        raise _Unpackable(kind)
    given = value.__pydantic_fields_set__
    return (
        _MODEL,
        kind.__module__,
        kind.__qualname__,
        None if len(given) == len(fields) else tuple(name for name in fields if name in given),
        *[_packed_value(value.__dict__[name]) for name in fields],
    )


def _unpacked_value(packed: Any) -> Any:
    """The value ``_packed_value`` packed, equal to it with the same fields set: each model built as
    ``tagproc.engine.trusted`` builds one, from values a validated model held (``tests/test_history.py``)."""
    if type(packed) is not tuple:
        return packed
    if packed[0] == _TUPLE:
        return tuple([_unpacked_value(one) for one in packed[1:]])
    if packed[0] == _DICT:
        items = [_unpacked_value(one) for one in packed[1:]]
        return dict(zip(items[::2], items[1::2], strict=True))
    kind = getattr(sys.modules[packed[1]], packed[2])
    fields = kind.__pydantic_fields__
    value = _new(kind)
    _set_dict(value, dict(zip(fields, [_unpacked_value(one) for one in packed[4:]], strict=True)))
    _set_fields_set(value, set(fields) if packed[3] is None else set(packed[3]))
    _set_extra(value, None)
    _set_private(value, None)
    return value


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
