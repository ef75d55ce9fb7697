"""Game: a conversation's turns, the state after each, regenerated replies and the snapshot cache.

``Game(ruleset, party, seed)`` is the library's front door. ``begin_reply()`` starts a Game Master's
reply (a streaming ``Turn``); ``reply(text)`` is the same in one call; ``player(text)`` records a player's
message (its tags reported, never run); ``regenerate(text)`` / ``begin_regenerate()`` replace the last Game
Master reply with a new telling, run from that reply's turn start.

Invariants (DESIGN.md "Turns: measured from the turn start"):
- The state is the fold of the messages the player sees: ``state_at(i)`` is the state turn ``i`` began
  from (``GameState`` is an immutable value). The turns and states are kept by ``tagproc.history``: whole,
  with every state, from the last Game Master reply on (what a regenerate replaces and the next recap tells;
  the reply's own answers and tags only while its result lives, and what its recap reads as it is committed),
  so a new turn or a regenerate costs the same at turn 10 and at turn 10,000; before it, each turn's text,
  visible text, history and journal, and a state every ``SNAPSHOT_EVERY`` turns, a state between and a turn's
  answers and tag records derived when read (played again from the kept state before, at most 16 turns, and
  cached: equal to what was played; ``bench/memory.py``). A snapshot's ``journal`` holds only the entries of
  the turn that made it (so no turn copies a journal as long as the game); ``journal`` gathers them all.
- A regenerated reply keeps the position of the reply it replaces and starts from that reply's start state;
  nothing of the discarded telling survives. The player messages and actions that came after it are kept and
  run again on the state the new telling left (an action with its own dice, so it rolls as it did).
- ``act(action)`` (and ``use``, ``take_gear``, ``edit``, ``fight_ended``) runs an action between replies
  (``tagproc.actions``, ``tagproc.acting``) as a turn of its own: recorded, snapshotted, recapped.
- One turn is open at a time: a turn finished after another was committed is refused (``RuntimeError``).
- Games share nothing but their rules: a ruleset named by a shipped name or a path is loaded once per process
  and its ``Rules`` (which hold no game state) shared by every game naming it with the same layers
  (``tagproc.ruleset.shared``); a ``Ruleset`` or ``Rules`` given is used as given. A game given no renderer
  has its own ``Renderer`` over the process's one compiled environment for its templates folder
  (``tagproc.render.shared_renderer``: only what the template files determine); its snapshots are its own.
- ``save()`` is the game as a versioned JSON document and ``Game.load(doc)`` the game it holds, replayed once
  from its events (``tagproc.saved``).
- ``prompt_at(i)`` is what the model is told before turn ``i`` (``tagproc.prompt.blocks``): the blocks of
  ``state_at(i)`` and the recap of the turns before it, built once per position from the last reply on and
  kept, so the same state gives the same ``Prompt`` object; a position before the last reply is built again
  when asked (an equal value: a prompt is some 15 KB, too much to keep one a turn); a regenerate drops the
  prompts of the positions it replaced.
- Every state serialises: the party's names, and every message or chunk a ``Turn`` is fed (``reply``,
  ``player``, ``regenerate`` and streamed replies alike), have each lone surrogate replaced by U+FFFD
  (``tagproc.documents.clean_text``) before anything reads them.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

from tagproc.acting import check_action, run_action
from tagproc.actions import (
    Action,
    EditAction,
    EditVerb,
    FightAction,
    GearAction,
    Shot,
    Spent,
    UseAction,
    Used,
    action_json,
)
from tagproc.documents import clean_text
from tagproc.engine.outcome import Answer, trusted_answer
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState, JournalEntry
from tagproc.history import History
from tagproc.party import PartyEntry, build_party
from tagproc.prompt.blocks import CountTokens, Prompt, build_prompt, resolve_budgets
from tagproc.prompt.recap import recap_turns, told_commands
from tagproc.render import Renderer, shared_renderer
from tagproc.ruleset import Ruleset
from tagproc.ruleset.shared import shared_rules
from tagproc.turn import TagRecord, Turn, TurnContext, TurnKind, TurnResult

__all__ = ["Game"]


class Game:
    """One game: a ruleset, a party, a seed, and the turns played so far.

    ``templates`` is a folder of the user's templates layered over the shipped ones (``Renderer``; a
    ``TemplateProblem`` here if it cannot be used), or pass a built ``renderer``; ``budgets`` sets some blocks'
    token budgets (``DEFAULT_BUDGETS`` for the rest; an unknown block is a ``ValueError``); ``count_tokens``
    counts a block's tokens (the bundled ``TokenCounter().count`` by default, built on the first prompt).
    """

    def __init__(
        self,
        ruleset: str | Path | Ruleset | Rules,
        party: Sequence[PartyEntry],
        seed: int = 0,
        layers: Sequence[str] = (),
        *,
        renderer: Renderer | None = None,
        templates: str | Path | None = None,
        budgets: Mapping[str, int] | None = None,
        count_tokens: CountTokens | None = None,
    ) -> None:
        if renderer is not None and templates is not None:
            raise ValueError("give a renderer or templates, not both (a Renderer takes templates=)")
        if count_tokens is not None and not callable(count_tokens):
            raise ValueError("count_tokens is a callable that takes a text and returns its tokens")
        self._budgets = resolve_budgets(budgets)
        self._count_tokens = count_tokens
        self._prompts: dict[int, Prompt] = {}
        # What the next prompt's recap reads of the last reply (``_recap_parts``), kept as it is committed: the
        # history keeps the reply's answers and tags only while its result lives (played again after)
        self._told: tuple[Any, ...] | None = None
        if renderer is None:
            renderer = shared_renderer(templates)
        if isinstance(ruleset, Rules):
            rules = ruleset
        else:
            chosen = [clean_text(layer) if isinstance(layer, str) else layer for layer in layers]
            rules = Rules(ruleset, chosen) if isinstance(ruleset, Ruleset) else shared_rules(ruleset, chosen)
        self._context = TurnContext(rules, renderer, seed)
        # The turns and the states between them: whole from the last reply on, shed before it (tagproc.history)
        self._history = History(self._context, GameState(party=build_party(party, rules)))
        self._version = 0  # counts commits, so a stale turn cannot be committed over a newer one
        # Every turn as it was played, in order (a regenerate too): its event's kind, and its text or action (the
        # turn's own objects: the log costs two references a turn, not a dict); ``events`` is them as plain JSON,
        # what ``save()`` writes and a store appends; replaying them on a fresh game gives this game again.
        self._event_kinds: list[str] = []
        self._event_bodies: list[str | Action] = []

    # -- reading ----------------------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The ruleset as the engine reads it (shared by every turn of this game)."""
        return self._context.rules

    @property
    def seed(self) -> int:
        """The game seed every reply's dice are drawn from; fixed for the game, so replays roll the same."""
        return self._context.seed

    @property
    def renderer(self) -> Renderer:
        """The templates this game's answers are rendered with."""
        return self._context.renderer

    @property
    def state(self) -> GameState:
        """The state now, after the last turn."""
        return self._history.state_at(len(self._history))

    @property
    def turns(self) -> tuple[TurnResult, ...]:
        """Every turn the player sees, in order (the last reply and each one before it a
        ``tagproc.history.ToldTurn``: its answers and tag records derived when read, the last reply's its
        result's own while that lives)."""
        return tuple(self._history.turns)

    @property
    def journal(self) -> tuple[JournalEntry, ...]:
        """The whole journal: what every turn added, in order (a snapshot keeps only its own turn's)."""
        return tuple(entry for turn in self._history for entry in turn.journal)

    @property
    def events(self) -> tuple[dict[str, Any], ...]:
        """Every turn as it was played, in order, as plain JSON: ``{"kind": "gm"|"player"|"regenerate",
        "text": ...}`` for a message, ``{"kind": "use"|"gear"|"edit"|"fight", "action": {...}}`` for an action
        (``tagproc.actions``, every key). A regenerate is an event of its own: the log only grows. Each read
        builds them afresh (the caller's own)."""
        return tuple(
            {"kind": kind, "text": body}
            if isinstance(body, str)
            else {"kind": kind, "action": action_json(body)}
            for kind, body in zip(self._event_kinds, self._event_bodies, strict=True)
        )

    def __len__(self) -> int:
        return len(self._history)

    def state_at(self, turn: int) -> GameState:
        """The state turn ``turn`` began from; ``state_at(len(game))`` is the state now."""
        if not 0 <= turn <= len(self._history):
            raise IndexError(f"turn {turn} is not between 0 and {len(self._history)}")
        return self._history.state_at(turn)

    @property
    def budgets(self) -> Mapping[str, int]:
        """Each block's token budget in this game."""
        return self._budgets

    def prompt(self) -> Prompt:
        """What the model is told now, after the last turn (``prompt_at(len(game))``)."""
        return self.prompt_at(len(self._history))

    def prompt_at(self, turn: int) -> Prompt:
        """What the model is told before turn ``turn`` is processed: the blocks of ``state_at(turn)``, the
        recap of the last reply before it. Built once per position from the last reply on: asked again, the
        same object (before it, an equal one built again)."""
        state = self.state_at(turn)
        found = self._prompts.get(turn)
        if found is None:
            found = build_prompt(
                state,
                self.rules,
                self._recap(turn),
                self.renderer,
                self._budgets,
                self._counter(),
            )
            if turn >= self._history.kept_from:  # before the last reply: built again when asked, not kept
                self._prompts[turn] = found
        return found

    def _recap(self, turn: int) -> Sequence[TurnResult]:
        """The turns the recap before turn ``turn`` covers (``recap_turns``), the last reply among them as
        its recap reads it (``_recap_view``: nothing played again)."""
        covered = recap_turns(self._history.turns, turn)  # reads the turns' kinds alone
        if not covered or self._told is None or covered[0].position != self._told[0]:
            return covered
        return [_recap_view(covered[0], self._told), *covered[1:]]

    def _counter(self) -> CountTokens:
        if self._count_tokens is None:
            from tagproc.tokens import TokenCounter

            self._count_tokens = TokenCounter().count
        return self._count_tokens

    # -- new messages -----------------------------------------------------------------------------

    def begin_reply(self) -> Turn:
        """Start a Game Master's reply at the end of the conversation."""
        return self._begin(len(self._history), "gm", replace=False)

    def reply(self, text: str) -> TurnResult:
        """A whole Game Master's reply in one call."""
        return _whole(self.begin_reply(), text)

    def begin_player(self) -> Turn:
        """Start a player's message (its tags are reported, never run)."""
        return self._begin(len(self._history), "player", replace=False)

    def player(self, text: str) -> TurnResult:
        """A whole player's message in one call."""
        return _whole(self.begin_player(), text)

    def act(self, action: UseAction | GearAction | EditAction | FightAction) -> TurnResult:
        """An action between replies (``tagproc.actions``), run on the state now and committed as a turn.

        An action that cannot be run at all (a blank name, or a gear, option, pick, creature or table the
        ruleset does not have) raises ``ValueError`` naming every problem, and nothing is recorded."""
        check_action(action, self.rules)
        result = run_action(self._context, self.state, len(self._history), action)
        self._commit(result, replace=False)
        return result

    def use(self, item: str, who: str | None = None) -> TurnResult:
        """The inventory's Use button on ``item`` in ``who``'s bag (the player's when None)."""
        return self.act(UseAction(item=item, who=who))

    def take_gear(
        self,
        gear: str,
        who: str | None = None,
        options: Sequence[str] = (),
        picks: Sequence[str] = (),
        *,
        again: bool = False,
    ) -> TurnResult:
        """Take starting gear ``gear`` (id or label): one option label per choice, one item per ``oneOf``."""
        return self.act(
            GearAction(gear=gear, who=who, options=tuple(options), picks=tuple(picks), again=again)
        )

    def edit(
        self, action: EditVerb, item: str, count: int = 1, who: str | None = None, to: str | None = None
    ) -> TurnResult:
        """One of the player's own inventory edits (``add``, ``remove``, ``give``, ``equip``, ``unequip``,
        ``bind``, ``unbind``, ``split``, ``merge``)."""
        return self.act(EditAction(action=action, item=item, count=count, who=who, to=to))

    def fight_ended(
        self,
        outcome: Literal["won", "lost", "fled"],
        defeated: Sequence[str] = (),
        shot: Sequence[Shot] = (),
        spent: Sequence[Spent] = (),
        used: Sequence[Used] = (),
    ) -> TurnResult:
        """A fight's outcome as the fight reports it: its loot, what was shot and picked up, what was spent."""
        return self.act(
            FightAction(
                outcome=outcome,
                defeated=tuple(defeated),
                shot=tuple(shot),
                spent=tuple(spent),
                used=tuple(used),
            )
        )

    def begin_regenerate(self) -> Turn:
        """Start a new telling of the last Game Master reply, from that reply's turn start."""
        return self._begin(self._last_reply(), "gm", replace=True)

    def regenerate(self, text: str) -> TurnResult:
        """A whole new telling of the last Game Master reply in one call."""
        return _whole(self.begin_regenerate(), text)

    # -- saved games ------------------------------------------------------------------------------

    def save(self) -> dict[str, Any]:
        """The game as a saved document (plain JSON, ``tagproc.saved``): the ruleset's id, version and content
        hash, the layers, the seed, the party as it began and every event."""
        from tagproc.saved import save_game

        return save_game(self)

    @classmethod
    def load(
        cls,
        doc: Mapping[str, Any],
        ruleset: str | Path | Ruleset | Rules | None = None,
        *,
        renderer: Renderer | None = None,
        templates: str | Path | None = None,
        budgets: Mapping[str, int] | None = None,
        count_tokens: CountTokens | None = None,
    ) -> Game:
        """The game a saved document holds, its events replayed once; ``ruleset`` must be the one it was saved
        with (the document's ruleset id, a shipped name, when None). ``tagproc.saved.SaveError`` says what is
        wrong with the document or the ruleset."""
        from tagproc.saved import load_game

        return load_game(
            doc, ruleset, renderer=renderer, templates=templates, budgets=budgets, count_tokens=count_tokens
        )

    # -- internals --------------------------------------------------------------------------------

    def _last_reply(self) -> int:
        for position in range(len(self._history) - 1, -1, -1):
            if self._history.turn(position).kind == "gm":
                return position
        raise ValueError("there is no Game Master reply to regenerate")

    def _begin(self, position: int, kind: TurnKind, *, replace: bool) -> Turn:
        version = self._version

        def commit(result: TurnResult) -> None:
            if self._version != version:
                raise RuntimeError("another turn was committed after this one began; it cannot be committed")
            self._commit(result, replace=replace)

        return Turn(self._context, self._history.state_at(position), position, kind, on_finish=commit)

    def _commit(self, result: TurnResult, *, replace: bool) -> None:
        self._version += 1
        self._event_kinds.append("regenerate" if replace else result.kind)
        self._event_bodies.append(result.text if result.action is None else result.action)
        later: list[TurnResult] = []
        if replace:
            later = self._history.drop_from(result.position)[1:]
            for position in [known for known in self._prompts if known > result.position]:
                del self._prompts[position]
        self._push(result)
        for turn in later:  # player messages and actions: each runs again on the state the new telling left
            if turn.action is not None:
                self._push(run_action(self._context, self.state, len(self._history), turn.action))
            else:
                self._push(_whole(Turn(self._context, self.state, len(self._history), turn.kind), turn.text))

    def _push(self, result: TurnResult) -> None:
        if result.kind == "gm":
            self._told = _recap_parts(result)
        self._history.push(result)
        # A prompt is kept for the positions whose turns are kept whole (from the last reply on)
        for position in [known for known in self._prompts if known < self._history.kept_from]:
            del self._prompts[position]


_ANSWER_FIELDS = tuple(Answer.model_fields)
_answer_values = operator.itemgetter(*_ANSWER_FIELDS)  # an answer's fields' values, in their order


def _recap_parts(reply: TurnResult) -> tuple[Any, ...]:
    """What a recap reads of ``reply`` that its ``ToldTurn`` does not keep: its answers, each as its fields'
    values, and each tag's fields but its repairs and the commands a recap does not read (``told_commands``),
    the tag's answers as a span of the reply's when they are (``_recap_view`` drafts the recap's turn from
    them). A reply's commands, repairs and answers were some 70 of the 100 tracked objects its result holds;
    these are a few tuples, most of them soon untracked, and cost a few microseconds a reply."""
    answers = reply.structured_answers
    # Each answer as its fields' values: a tuple of texts is soon untracked, a model and its dict never are
    values = tuple([_answer_values(one.__dict__) for one in answers])
    records: list[tuple[Any, ...]] = []
    at = 0
    for record in reply.tags:
        stop = at + len(record.answers)
        same = answers[at:stop] == record.answers
        span: tuple[int, int] | tuple[Answer, ...] = (at, stop) if same else record.answers
        at = stop if same else at
        told = told_commands(record)
        records.append(
            (record.index, record.raw, record.name, record.attrs, record.ignored, told, span, record.skipped)
        )
    return (reply.position, reply.answers, values, tuple(records))


def _recap_view(told: TurnResult, parts: tuple[Any, ...]) -> TurnResult:
    """The last reply as its recap reads it, from ``_recap_parts``: equal to it but for its tags' repairs, the
    commands a recap does not read and the answers' fields set (``tests/test_game.py`` checks the recap drafted
    from it is the reply's own over the golden transcripts, the conformance cases and the corpus)."""
    _, rendered, values, records = parts
    answers = tuple(trusted_answer(**dict(zip(_ANSWER_FIELDS, one, strict=True))) for one in values)
    tags = tuple(
        TagRecord(
            index,
            raw,
            name,
            attrs,
            ignored,
            commands,
            (),
            answers[span[0] : span[1]] if type(span[0]) is int else span,
            skipped,
        )
        for index, raw, name, attrs, ignored, commands, span, skipped in records
    )
    return TurnResult(
        told.kind,
        told.position,
        told.text,
        told.visible,
        told.history,
        rendered,
        answers,
        told.journal,
        told.state,
        tags,
        told.action,
    )


def _whole(turn: Turn, text: str) -> TurnResult:
    turn.feed(text)  # Turn.feed replaces a lone surrogate with U+FFFD
    return turn.finish()
