"""Processing a finished message: its tags run once, in order, and what a turn gives (``TurnResult``).

``Turn`` (``tagproc.turn``) streams a message in and, when it ends, hands its events here: ``run_reply`` for a
Game Master's reply, ``refuse_player_tags`` for a player's message. The values a turn gives and every turn
of a game shares are defined here too: ``TurnContext``, ``TagRecord``, ``TurnResult`` (``tagproc.turn``
re-exports them, and ``tagproc.acting`` builds the turns of actions between replies from them).

How a Game Master's reply runs (DESIGN.md "Turns: measured from the turn start"): its tags in order, each
``read_tag`` → ``normalize`` → ``decide`` → ``evolve`` against the state the previous tag left, starting from
the state when the turn began. The dice of tag ``i`` are ``dice_for(game seed, reply identity, i)``, where
the identity is ``(turn position, sha256 of the reply)`` (``digest``): it does not depend on tellings that
were discarded, so telling A then regenerating B equals telling B alone. Past ``MAX_TAGS`` tags of a kind a
reply (``[inventory:]`` and ``[loot:]`` together; ``[sheet:]`` and ``[place:]`` each on their own), the rest
are answered ``too-many`` and not run.

A player's message runs nothing (DESIGN.md "Sloppy input": prompt injection): each of its tags is answered
``result="refused" reason="player-tag"``, in the history as in the answers, and the state stays as it was;
a player's tag past the limit or over-long is answered ``player-tag`` like the rest.

The state a reply leaves keeps in ``journal`` only what that reply added (see ``fresh_journal``); a
player's message leaves the very state it began from.

Invariants: each tag runs exactly once; no exception from model text escapes (an engine error is answered
``internal-error``); a refusal adds nothing to the state.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from tagproc.actions import Action, action_json
from tagproc.commands import Buy, Command, Sell, Unreadable
from tagproc.engine.answers import refuse, unreadable_answer
from tagproc.engine.decide import decide
from tagproc.engine.dice import Dice, dice_for
from tagproc.engine.outcome import Accepted, Answer, evolve_all
from tagproc.engine.place import day_after
from tagproc.engine.reasons import Reason
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState, JournalEntry
from tagproc.engine.trusted import replaced
from tagproc.envelope import opener_name
from tagproc.judge import Judgment, judge_tags
from tagproc.names import ItemNames
from tagproc.normalize import normalize
from tagproc.normalize.gamewords import GameIndex, game_index
from tagproc.notes import Note, note, notes_of
from tagproc.render import Renderer
from tagproc.repairs import Repair
from tagproc.stream import BODY_LIMIT, Event, RawTag, Text, merge_text
from tagproc.syntax import TagReading, read_tag
from tagproc.vocabulary import TAG_ALIASES

__all__ = [
    "MAX_TAGS",
    "TagRecord",
    "TurnContext",
    "TurnKind",
    "TurnResult",
    "digest",
    "fresh_journal",
    "journal_line",
    "refuse_player_tags",
    "run_reply",
]

_LOG = logging.getLogger(__name__)

MAX_TAGS = 40  # CONVENTIONS.md §2: at most 40 tags of a kind a reply, the rest too-many
# The kinds counted together: [inventory:] and [loot:] share their 40; [sheet:] and [place:] have their own.
_LIMIT_KIND = {"loot": "inventory"}
_TAG_NAME = TAG_ALIASES.get  # a written tag name, lowercased, to its canonical one (``_tag_name``)

# A Game Master's reply, a player's message, or an action between replies (``tagproc.actions``: the Use button,
# starting gear, the player's own edits, a fight's outcome), which ``tagproc.acting`` runs.
TurnKind = Literal["gm", "player", "use", "gear", "edit", "fight"]


@dataclass(frozen=True, slots=True)
class TurnContext:
    """What every turn of one game shares: its rules, its templates and its seed.

    ``indexes`` keeps the normaliser's game-words index of this game's party (``game_index``): the words
    are the rules' and the members' names, the same from tag to tag and turn to turn, and building the index
    costs more than reading a tag. It is a memo of values that never change once built, the game's own
    (STYLE.md "No mutable globals"), so keeping it changes no result.
    """

    rules: Rules
    renderer: Renderer
    seed: int
    indexes: dict[tuple[str, ...], GameIndex] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )

    def game_index(self, names: ItemNames, members: tuple[str, ...]) -> GameIndex:
        """``game_index(names.game_words())`` for ``names`` of these rules and a party of ``members``, built
        once per party."""
        found = self.indexes.get(members)
        if found is None:
            found = self.indexes[members] = game_index(names.game_words())
        return found


@dataclass(frozen=True, slots=True)
class TagRecord:
    """One tag of a message, as tagproc read it: what it said, what it became and what came back.

    ``name``, ``attrs`` and ``ignored`` are the reader's (``TagReading``: the pairs as written, the outcome keys
    the model wrote set aside); ``commands`` what the normaliser made of it (typed commands, or
    ``Unreadable``); ``repairs`` every repair, the reader's then the normaliser's; ``answers`` its answers;
    ``skipped`` why it was not run (``struck``, ``quoted``, ``example``, ``repeated``, ``player-tag``,
    ``too-many``, ``too-long``), None when it ran.
    """

    index: int
    raw: str
    name: str
    attrs: tuple[tuple[str, str], ...] = ()
    ignored: tuple[tuple[str, str], ...] = ()
    commands: tuple[Command | Unreadable, ...] = ()
    repairs: tuple[Repair, ...] = ()
    answers: tuple[Answer, ...] = ()
    skipped: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The record as plain JSON: ``commands`` as ``{"command": <type>, ...fields}``, repairs as triples."""
        return {
            "raw": self.raw,
            "name": self.name,
            "attrs": [list(pair) for pair in self.attrs],
            "ignored": [list(pair) for pair in self.ignored],
            "commands": [
                {
                    "command": type(command).__name__,
                    **command.model_dump(mode="json", exclude={"repairs", "notes"}),
                }
                for command in self.commands
            ],
            "repairs": [[r.code, r.before, r.after] for r in self.repairs],
            "skipped": self.skipped,
        }


@dataclass(frozen=True, slots=True, weakref_slot=True)
class TurnResult:
    """One processed message.

    ``visible`` is what the player reads; ``history`` the message with each tag replaced by its answers
    (joined by one space), what the next prompt carries; ``answers`` the rendered answers and
    ``structured_answers`` the same as values; ``journal`` what this message added to the journal;
    ``state`` the state after it; ``tags`` one ``TagRecord`` per tag, in order (what was read, what it
    became, every repair). An action between replies (``kind`` ``use``, ``gear``, ``edit``, ``fight``) has
    its ``action``, no text, visible text, history or tags: what it did is in its answers and journal, and
    the next prompt's recap tells the Game Master.
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
    tags: tuple[TagRecord, ...] = ()
    action: Action | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"kind", "visible", "history", "answers", "journal", "tags"}``: answers and journal lines as
        strings, each tag as ``TagRecord.to_json``; an action's turn has ``action`` too (every key of it)."""
        said = {"action": action_json(self.action)} if self.action is not None else {}
        return {
            "kind": self.kind,
            **said,
            "visible": self.visible,
            "history": self.history,
            "answers": list(self.answers),
            "journal": [journal_line(entry) for entry in self.journal],
            "tags": [record.to_json() for record in self.tags],
        }


def journal_line(entry: JournalEntry) -> str:
    """A journal entry as one line: ``acquired: Ada: Hand axe ×1``, ``bought: Ada: Lantern coat ×1 for 8
    shillings``."""
    to = f" to {entry.to}" if entry.to is not None else ""
    price = f" for {entry.price}" if entry.price is not None else ""
    return f"{entry.kind}: {entry.who}: {entry.text}{to}{price}"


def fresh_journal(state: GameState) -> GameState:
    """The start state with an empty journal: a turn's state keeps only the entries of that turn.

    The whole journal would make every journaled effect copy (and every discarded telling free) a tuple as
    long as the game, so a turn at 10,000 would cost more than a turn at 10. No rule reads past entries;
    ``Game.journal`` gives the whole journal, gathered from the turns.
    """
    return replaced(state, journal=()) if state.journal else state  # model_copy, without its machinery


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


class _ReplyIdentity:
    """A reply's identity ``(position, digest(text))``, the text hashed only when one of its dice first rolls
    (most replies roll none). The dice are seeded from their parts' ``repr`` (``seed_for``), and this
    ``repr`` is the tuple's, so the seed is byte for byte the tuple's."""

    __slots__ = ("_repr", "_text", "position")

    def __init__(self, position: int, text: str) -> None:
        self.position = position
        self._text = text
        self._repr: str | None = None

    def __repr__(self) -> str:
        if self._repr is None:
            self._repr = repr((self.position, digest(self._text)))
        return self._repr


@dataclass(slots=True)
class _Run:
    """What processing a message's events gives: its answers (as values and rendered), history, state and
    one record per tag."""

    answers: list[Answer]
    rendered: list[str]
    history: str
    state: GameState
    tags: list[TagRecord]


# One tag's record and the state after it, given the tag, its index, its judgment and the state before it.
_TagRunner = Callable[[RawTag, int, Judgment, GameState], tuple[TagRecord, GameState]]


def _process(
    context: TurnContext,
    start: GameState,
    events: list[Event],
    run_tag: _TagRunner,
    refused: Reason | None = None,
) -> _Run:
    """Each tag in order on the state the previous one left; past ``MAX_TAGS`` of its kind, ``too-many``,
    not run. With ``refused`` (a player's message) a tag too long or past the limit is answered so too."""
    state = start
    counted: dict[str, int] = {}  # tags a reply of each kind (PEER §2): inventory and loot together
    merged = merge_text(events)  # an over-long tag may have streamed in several pieces
    judgments = iter(judge_tags(merged))
    records: list[TagRecord] = []
    answers: list[Answer] = []
    history: list[str] = []  # the texts, and a place for each tag's answers (filled once they are rendered)
    spans: list[tuple[int, int]] = []  # each tag's place in ``history`` and how many answers it gave
    for event in merged:
        if isinstance(event, Text) and event.reason != "too-long":
            history.append(event.text)
            continue
        index = len(records)
        if isinstance(event, Text):
            record = _not_read(index, event.text, _too_long(event, refused))
        else:
            judgment = next(judgments)
            name = _TAG_NAME(event.name.lower(), "inventory")  # ``_tag_name``, without the call
            kind = _LIMIT_KIND.get(name, name)
            counted[kind] = counted.get(kind, 0) + 1
            if counted[kind] > MAX_TAGS:
                record = _not_read(index, event.raw, _too_many(event, refused))
            else:
                record, state = run_tag(event, index, judgment, state)
        records.append(record)
        answers.extend(record.answers)
        spans.append((len(history), len(record.answers)))
        history.append("")
    rendered = context.renderer.render_answers(answers)
    taken = 0
    for place, count in spans:  # each tag's answers in order, one a line of ``rendered``
        history[place] = rendered[taken] if count == 1 else " ".join(rendered[taken : taken + count])
        taken += count
    return _Run(answers, rendered, "".join(history), state, records)


def _not_read(index: int, raw: str, answer: Answer) -> TagRecord:
    return _tag_record(index, raw, answer.tag, (), (), (), (), (answer,), answer.reason)


def run_reply(context: TurnContext, start: GameState, events: list[Event], position: int, text: str) -> _Run:
    """Every tag of a Game Master's reply, in order, each on the state the previous one left, its buys and
    sells priced at the market day in force when the reply *ends* (spec "Buying").

    The tags run once against the day the reply began in; the ``[place:]`` answers then say which day the
    reply ends in (``place.day_after``). When that is another day and the reply bought or sold, it runs
    again from the same start with that day in force (the same dice, so the same answers elsewhere);
    otherwise the state simply ends in that day.

    ``text`` is the whole reply: with ``position`` it is the reply's identity (``_ReplyIdentity``).
    """
    identity = _ReplyIdentity(position, text)
    run = _run_tags(context, start, events, identity)
    if context.rules.market is None:
        return run
    said = (answer for record in run.tags if record.skipped is None for answer in record.answers)
    day = day_after(start.day, said, context.seed, position)
    if day == start.day:
        return run  # the day it began in: its trades already counted against it
    if any(isinstance(command, (Buy, Sell)) for record in run.tags for command in record.commands):
        return _run_tags(context, start.model_copy(update={"day": day}), events, identity)
    run.state = run.state.model_copy(update={"day": day})
    return run


def _run_tags(context: TurnContext, start: GameState, events: list[Event], identity: _ReplyIdentity) -> _Run:
    """The reply's tags in order, each on the state the previous one left.

    A tag the reply did not mean to run (``judge``: struck, quoted, an example, a recap's repeat) is read
    and answered, never run.
    """
    # The commands of the tags run (or refused) outside a closing recap: keyed only once a recap's tag asks
    # whether it repeats one (most replies have no recap, and a key is a command's JSON).
    run: list[list[Command | Unreadable]] = []
    seen: set[str] = set()

    def repeats(commands: list[Command | Unreadable]) -> bool:
        seen.update(_commands_key(each) for each in run)
        run.clear()
        return _commands_key(commands) in seen

    made = _TurnNames(context)

    def run_tag(tag: RawTag, index: int, judgment: Judgment, state: GameState) -> tuple[TagRecord, GameState]:
        reading, commands = _commands(context, state, tag, made)
        skip = judgment.skip
        if skip is None and judgment.recap and repeats(commands):
            skip = "repeated"
        if skip is None and not judgment.recap:
            run.append(commands)
        if skip is not None:
            answers = [_not_run(command, tag, skip) for command in commands]
            return _record(index, tag, reading, commands, answers, skip), state
        dice = dice_for(context.seed, identity, index)
        answers, state = _run_commands(context.rules, state, commands, dice)
        return _record(index, tag, reading, commands, answers, None), state

    return _process(context, start, events, run_tag)


def _run_commands(
    rules: Rules, state: GameState, commands: list[Command | Unreadable], dice: Dice
) -> tuple[list[Answer], GameState]:
    """One tag's commands, each decided and, when accepted, evolved in; one answer or more."""
    answers: list[Answer] = []
    for command in commands:
        if isinstance(command, Unreadable):
            answers.append(unreadable_answer(command))
            continue
        try:
            decision = decide(state, command, rules, dice)
        except Exception as error:  # the stage boundary: a bug is logged with its traceback, the GM told
            _LOG.exception("internal error deciding %r", command)
            answers.append(_engine_error(command, error))
            continue
        if isinstance(decision, Accepted):
            state = evolve_all(state, decision.effects)
            answers.extend(decision.answers)
        else:
            answers.append(decision.answer)
    return answers, state


class _TurnNames:
    """The names a turn's tags are read against (``Rules.names``) and their game index, made again only when
    a tag left a state whose invented items' or members' names differ from the last state's (``Rules.names``
    reads those names alone, so the same names give the same names to read against). A tag that changes a
    bag makes a new party tuple of the same members: its names are compared only then (most tags), the
    tuples' identity first. One per run of a message's tags, never kept past it."""

    __slots__ = ("_context", "_invented", "_invented_names", "_made", "_member_names", "_party")

    def __init__(self, context: TurnContext) -> None:
        self._context = context
        self._invented: object = None
        self._party: object = None
        self._invented_names: list[str] = []
        self._member_names: list[str] = []
        self._made: tuple[ItemNames, GameIndex] | None = None

    def of(self, state: GameState) -> tuple[ItemNames, GameIndex]:
        made = self._made
        invented, party = state.invented, state.party
        if made is not None and invented is self._invented and party is self._party:
            return made
        if (
            made is None
            or not (invented is self._invented or _named(invented, self._invented_names))
            or not _named(party, self._member_names)
        ):
            names = self._context.rules.names(state)
            made = self._made = (names, self._context.game_index(names, names.members))
            self._invented_names = [item.name for item in invented]
            self._member_names = [member.name for member in party]
        self._invented, self._party = invented, party
        return made


def _named(values: tuple[Any, ...], names: list[str]) -> bool:
    """Whether ``values`` (invented items, members) have these names, in this order."""
    if len(values) != len(names):
        return False
    for value, name in zip(values, names, strict=True):  # noqa: SIM110 (a loop: no generator, once a tag)
        if value.name != name:
            return False
    return True


def _commands(
    context: TurnContext, state: GameState, tag: RawTag, made: _TurnNames
) -> tuple[TagReading, list[Command | Unreadable]]:
    reading = read_tag(tag.raw)
    names, index = made.of(state)
    commands = normalize(reading, names, tag.raw, index)
    if not commands:  # a tag that asks for nothing is still answered (never silently dropped)
        return reading, [Unreadable(raw=tag.raw, detail=note("tags.asks_nothing"), tag=reading.name)]
    return reading, commands


def _commands_key(commands: list[Command | Unreadable]) -> str:
    """What a tag asks for, without how it was written: two tags with one key ask for the same thing."""
    return "|".join(command.model_dump_json(exclude={"repairs", "notes", "raw"}) for command in commands)


_NOT_RUN_NOTES: dict[str, Note] = {
    "struck": note("tags.struck"),
    "quoted": note("tags.quoted"),
    "example": note("tags.example"),
    "repeated": note("tags.repeated"),
    "player-tag": note("tags.player_tag"),
}


def _not_run(command: Command | Unreadable, tag: RawTag, reason: str) -> Answer:
    said = _NOT_RUN_NOTES[reason]
    if isinstance(command, Unreadable):
        return _refused_raw(command.tag or _tag_name(tag), command.raw, Reason(reason), said)
    return refuse(command, Reason(reason), said).answer


def _record(
    index: int,
    tag: RawTag,
    reading: TagReading,
    commands: list[Command | Unreadable],
    answers: list[Answer],
    skipped: str | None,
) -> TagRecord:
    """The tag's record: its repairs the reader's, then each command's the record does not hold yet (a
    command's start with the reader's, which are kept once)."""
    read = reading.repairs
    repairs = read
    for command in commands:
        if command.repairs:  # most commands made none: nothing to add
            repairs = _more_repairs(repairs, read, command.repairs)
    return _tag_record(
        index,
        tag.raw,
        reading.name,
        reading.attrs,
        reading.ignored,
        tuple(commands),
        repairs,
        tuple(answers),
        skipped,
    )


def _more_repairs(
    repairs: tuple[Repair, ...], read: tuple[Repair, ...], made: tuple[Repair, ...]
) -> tuple[Repair, ...]:
    """``repairs`` and then those of ``made`` it does not hold (``made`` past the reader's ``read`` it starts
    with)."""
    if read and made[: len(read)] == read:  # the normaliser's repairs start with the reader's (all kept)
        made = made[len(read) :]
    kept = list(repairs)
    for repair in made:
        if repair not in kept:
            kept.append(repair)
    return tuple(kept)


# A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``; the slots set through
# their descriptors make the same frozen record (equal, hashable) in under half the time (``stream._tag``'s
# way), and every tag of a reply makes one.
_new = object.__new__
_RECORD_FIELDS = ("index", "raw", "name", "attrs", "ignored", "commands", "repairs", "answers", "skipped")
assert tuple(TagRecord.__dataclass_fields__) == _RECORD_FIELDS  # the order ``_tag_record`` sets them in
(
    _SET_INDEX,
    _SET_RAW,
    _SET_NAME,
    _SET_ATTRS,
    _SET_IGNORED,
    _SET_COMMANDS,
    _SET_REPAIRS,
    _SET_ANSWERS,
    _SET_SKIPPED,
) = (TagRecord.__dict__[name].__set__ for name in _RECORD_FIELDS)


def _tag_record(
    index: int,
    raw: str,
    name: str,
    attrs: tuple[tuple[str, str], ...],
    ignored: tuple[tuple[str, str], ...],
    commands: tuple[Command | Unreadable, ...],
    repairs: tuple[Repair, ...],
    answers: tuple[Answer, ...],
    skipped: str | None,
) -> TagRecord:
    """``TagRecord(index, raw, ...)``, every field given in its order (``tests/test_game.py`` checks the two
    are equal)."""
    record: TagRecord = _new(TagRecord)
    _SET_INDEX(record, index)
    _SET_RAW(record, raw)
    _SET_NAME(record, name)
    _SET_ATTRS(record, attrs)
    _SET_IGNORED(record, ignored)
    _SET_COMMANDS(record, commands)
    _SET_REPAIRS(record, repairs)
    _SET_ANSWERS(record, answers)
    _SET_SKIPPED(record, skipped)
    return record


def _refused_raw(tag: str, raw: str, reason: Reason, said: Note) -> Answer:
    """A tag answered with its ``raw=`` and a refusal: nothing of it was run."""
    return Answer(tag=tag, attrs=(("raw", raw),), result="refused", reason=reason, notes=notes_of(said))


def _too_many(tag: RawTag, refused: Reason | None) -> Answer:
    if refused is not None:
        return _refused_raw(_tag_name(tag), tag.raw, refused, _NOT_RUN_NOTES[refused])
    return _refused_raw(_tag_name(tag), tag.raw, Reason.TOO_MANY, note("tags.too_many", most=MAX_TAGS))


def _too_long(text: Text, refused: Reason | None) -> Answer:
    """A tag whose body ran past the limit: hidden from the player, answered, not run (DESIGN.md "Limits")."""
    name = opener_name(text.text) or "inventory"
    if refused is not None:
        return _refused_raw(name, text.text, refused, _NOT_RUN_NOTES[refused])
    return _refused_raw(name, text.text, Reason.TOO_LONG, note("tags.too_long", most=BODY_LIMIT))


def _engine_error(command: Command, error: Exception) -> Answer:
    return refuse(
        command, Reason.INTERNAL_ERROR, note("tags.internal_error", error=type(error).__name__)
    ).answer


def refuse_player_tags(context: TurnContext, start: GameState, events: list[Event]) -> _Run:
    """A player's message: every tag reported as refused (``player-tag``), none run."""

    made = _TurnNames(context)

    def report(tag: RawTag, index: int, judgment: Judgment, state: GameState) -> tuple[TagRecord, GameState]:
        reading, commands = _commands(context, state, tag, made)
        answers = [_not_run(command, tag, "player-tag") for command in commands]
        return _record(index, tag, reading, commands, answers, "player-tag"), state

    return _process(context, start, events, report, Reason.PLAYER_TAG)


def _tag_name(tag: RawTag) -> str:
    """The canonical name of a tag as the scanner saw it written (``inv`` is ``inventory``)."""
    return _TAG_NAME(tag.name.lower(), "inventory")
