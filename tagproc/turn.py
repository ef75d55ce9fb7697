"""Turn: one message of the conversation, streamed in and processed once when it ends.

A ``Turn`` feeds its chunks through a ``TagStream`` and the ``VisibleText`` joiner, so ``feed(chunk)``
returns what the player reads as it arrives; ``finish()`` runs the tags, once (DESIGN.md "Known pitfalls":
effects that fire per streamed token double-apply), and returns a ``TurnResult``.

How a Game Master's reply runs (DESIGN.md "Turns: measured from the turn start"): its tags in order, each
``read_tag`` → ``normalize`` → ``decide`` → ``evolve`` against the state the previous tag left, starting from
the state when the turn began. The dice of tag ``i`` are ``dice_for(game seed, reply identity, i)``, where
the identity is ``(turn position, sha256 of the reply)``: it does not depend on tellings that were
discarded, so telling A then regenerating B equals telling B alone. Past ``MAX_TAGS`` tags a reply, the
rest are answered ``too-many`` and not run.

A player's message runs nothing (DESIGN.md "Sloppy input": prompt injection): each of its tags is answered
``result="refused" reason="player-tag"``, in the history as in the answers, and the state stays as it was.

The state a reply leaves keeps in ``journal`` only what that reply added (see ``_fresh_journal``); a
player's message leaves the very state it began from.

Invariants: ``finish()`` runs each tag exactly once; no exception from model text escapes (an engine error
is answered ``internal-error``); a refusal adds nothing to the state.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from tagproc.commands import Command, Unreadable
from tagproc.engine.answers import refuse, unreadable_answer
from tagproc.engine.decide import decide
from tagproc.engine.dice import Dice, dice_for
from tagproc.engine.outcome import Accepted, Answer, evolve_all
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState, JournalEntry
from tagproc.normalize import normalize
from tagproc.render import Renderer
from tagproc.stream import BODY_LIMIT, Event, RawTag, TagStream, Text, merge_text
from tagproc.syntax import read_tag
from tagproc.visible import VisibleText
from tagproc.vocabulary import TAG_NAMES

__all__ = ["MAX_TAGS", "Turn", "TurnContext", "TurnKind", "TurnResult", "journal_line"]

MAX_TAGS = 40  # DESIGN.md "Tags the GM writes": at most 40 tags a reply, the rest too-many
_OPENER_NAME = re.compile(r"[^\[]*\[\s*([A-Za-z]+)")

TurnKind = Literal["gm", "player"]


@dataclass(frozen=True, slots=True)
class TurnContext:
    """What every turn of one game shares: its rules, its templates and its seed."""

    rules: Rules
    renderer: Renderer
    seed: int


@dataclass(frozen=True, slots=True)
class TurnResult:
    """One processed message.

    ``visible`` is what the player reads; ``history`` the message with each tag replaced by its answers
    (joined by one space), what the next prompt carries; ``answers`` the rendered answers and
    ``structured_answers`` the same as values; ``journal`` what this message added to the journal;
    ``state`` the state after it.
    """

    kind: TurnKind
    position: int
    text: str
    visible: str
    history: str
    answers: tuple[str, ...]
    structured_answers: tuple[Answer, ...]
    journal: tuple[JournalEntry, ...]
    state: GameState

    def to_json(self) -> dict[str, Any]:
        """``{"kind", "visible", "history", "answers", "journal"}``, answers and journal lines as strings."""
        return {
            "kind": self.kind,
            "visible": self.visible,
            "history": self.history,
            "answers": list(self.answers),
            "journal": [journal_line(entry) for entry in self.journal],
        }


def journal_line(entry: JournalEntry) -> str:
    """A journal entry as one line: ``acquired: Ada: Hand axe ×1``."""
    return f"{entry.kind}: {entry.who}: {entry.text}"


class Turn:
    """A message being streamed in. ``feed`` returns visible text; ``finish`` runs it and returns the result."""

    def __init__(
        self,
        context: TurnContext,
        start: GameState,
        position: int,
        kind: TurnKind = "gm",
        on_finish: Callable[[TurnResult], None] | None = None,
    ) -> None:
        self._context = context
        self._start = start
        self._position = position
        self._kind: TurnKind = kind
        self._on_finish = on_finish
        self._stream = TagStream()
        self._visible = VisibleText()
        self._events: list[Event] = []
        self._chunks: list[str] = []
        self._shown: list[str] = []
        self._result: TurnResult | None = None

    @property
    def start(self) -> GameState:
        """The state this turn runs against: the state when it began."""
        return self._start

    def feed(self, chunk: str) -> str:
        """Take the next chunk of the message; returns the visible text it adds (tags hidden). Runs nothing."""
        if self._result is not None:
            raise RuntimeError("Turn.feed() after finish()")
        self._chunks.append(chunk)
        events = self._stream.feed(chunk)
        self._events.extend(events)
        shown = self._visible.feed(events)
        self._shown.append(shown)
        return shown

    def finish(self) -> TurnResult:
        """End the message: run its tags once, in order, and return (and commit) the result."""
        if self._result is not None:
            return self._result
        tail = self._stream.close()
        self._events.extend(tail)
        self._shown.append(self._visible.feed(tail))
        self._shown.append(self._visible.close())
        text = "".join(self._chunks)
        if self._kind == "gm":
            start = _fresh_journal(self._start)
            run = _run_reply(self._context, start, self._events, (self._position, _digest(text)))
        else:  # the state stays the very same value
            run = _refuse_player_tags(self._context, self._start, self._events)
        self._result = TurnResult(
            kind=self._kind,
            position=self._position,
            text=text,
            visible="".join(self._shown),
            history=run.history,
            answers=tuple(run.rendered),
            structured_answers=tuple(run.answers),
            journal=run.state.journal if self._kind == "gm" else (),
            state=run.state,
        )
        if self._on_finish is not None:
            self._on_finish(self._result)
        return self._result


def _fresh_journal(state: GameState) -> GameState:
    """The start state with an empty journal: a turn's state keeps only the entries of that turn.

    The whole journal would make every journaled effect copy (and every discarded telling free) a tuple as
    long as the game, so a turn at 10,000 would cost more than a turn at 10. No rule reads past entries;
    ``Game.journal`` gives the whole journal, gathered from the turns.
    """
    return state.model_copy(update={"journal": ()}) if state.journal else state


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(slots=True)
class _Run:
    """What processing a message's events gives: its answers (as values and rendered), history and state."""

    answers: list[Answer]
    rendered: list[str]
    history: str
    state: GameState


# One tag's answers and the state after it, given the tag, its index in the reply and the state before it.
_TagRunner = Callable[[RawTag, int, GameState], tuple[list[Answer], GameState]]


def _process(context: TurnContext, start: GameState, events: list[Event], run_tag: _TagRunner) -> _Run:
    """Each tag in order on the state the previous one left; past ``MAX_TAGS``, ``too-many``, not run."""
    state = start
    answers: list[Answer] = []
    pieces: list[str | int] = []  # the history: text, or how many answers the next tag gave
    index = 0
    for event in merge_text(events):  # an over-long tag may have streamed in several pieces
        if isinstance(event, Text) and event.reason != "too-long":
            pieces.append(event.text)
            continue
        if isinstance(event, Text):
            tag_answers = [_too_long(event)]
        elif index >= MAX_TAGS:
            tag_answers = [_too_many(event)]
        else:
            tag_answers, state = run_tag(event, index, state)
        index += 1
        answers.extend(tag_answers)
        pieces.append(len(tag_answers))
    rendered = context.renderer.render_answers(answers)
    history: list[str] = []
    taken = 0
    for piece in pieces:
        if isinstance(piece, str):
            history.append(piece)
        else:
            history.append(" ".join(rendered[taken : taken + piece]))
            taken += piece
    return _Run(answers, rendered, "".join(history), state)


def _run_reply(context: TurnContext, start: GameState, events: list[Event], identity: object) -> _Run:
    """Every tag of a Game Master's reply, in order, each on the state the previous one left."""

    def run_tag(tag: RawTag, index: int, state: GameState) -> tuple[list[Answer], GameState]:
        return _run_tag(context.rules, state, tag, dice_for(context.seed, identity, index))

    return _process(context, start, events, run_tag)


def _run_tag(rules: Rules, state: GameState, tag: RawTag, dice: Dice) -> tuple[list[Answer], GameState]:
    """One tag: each of its commands decided and, when accepted, evolved in; one answer or more."""
    answers: list[Answer] = []
    for command in _commands(rules, state, tag):
        if isinstance(command, Unreadable):
            answers.append(unreadable_answer(command))
            continue
        try:
            decision = decide(state, command, rules, dice)
        except Exception as error:  # a bug in a rule must not reach the player; the GM is told
            answers.append(_engine_error(command, error))
            continue
        if isinstance(decision, Accepted):
            state = evolve_all(state, decision.effects)
            answers.extend(decision.answers)
        else:
            answers.append(decision.answer)
    return answers, state


def _commands(rules: Rules, state: GameState, tag: RawTag) -> list[Command | Unreadable]:
    reading = read_tag(tag.raw)
    commands = normalize(reading, rules.names(state), tag.raw)
    if not commands:  # a tag that asks for nothing is still answered (never silently dropped)
        return [Unreadable(raw=tag.raw, detail="The tag asks for nothing.", tag=reading.name)]
    return commands


def _refused_raw(tag: str, raw: str, reason: str, note: str) -> Answer:
    """A tag answered with its ``raw=`` and a refusal: nothing of it was run."""
    return Answer(tag=tag, attrs=(("raw", raw),), result="refused", reason=reason, note=note)


def _too_many(tag: RawTag) -> Answer:
    note = f"Only {MAX_TAGS} tags a reply are run; this one was not, and nothing changed."
    return _refused_raw(_tag_name(tag), tag.raw, "too-many", note)


def _too_long(text: Text) -> Answer:
    """A tag whose body ran past the limit: hidden from the player, answered, not run (DESIGN.md "Limits")."""
    opener = _OPENER_NAME.match(text.text)
    name = opener.group(1).lower() if opener else "inventory"
    note = f"A tag body is at most {BODY_LIMIT:,} characters; this one was not read, and nothing changed."
    return _refused_raw(name, text.text, "too-long", note)


def _engine_error(command: Command, error: Exception) -> Answer:
    note = f"tagproc could not run this ({type(error).__name__}); nothing changed."
    return refuse(command, "internal-error", note).answer


def _refuse_player_tags(context: TurnContext, start: GameState, events: list[Event]) -> _Run:
    """A player's message: every tag reported as refused (``player-tag``), none run."""

    def report(tag: RawTag, index: int, state: GameState) -> tuple[list[Answer], GameState]:
        return _player_answers(context.rules, state, tag), state

    return _process(context, start, events, report)


_PLAYER_NOTE = "A tag in a player's message is never run; nothing changed."


def _player_answers(rules: Rules, state: GameState, tag: RawTag) -> list[Answer]:
    answers: list[Answer] = []
    for command in _commands(rules, state, tag):
        if isinstance(command, Unreadable):
            answers.append(
                _refused_raw(command.tag or _tag_name(tag), command.raw, "player-tag", _PLAYER_NOTE)
            )
        else:
            answers.append(refuse(command, "player-tag", _PLAYER_NOTE).answer)
    return answers


def _tag_name(tag: RawTag) -> str:
    name = tag.name.lower()
    return name if name in TAG_NAMES else "inventory"
