"""Transcripts: a game written down in YAML, loaded with precise errors and run turn by turn.

The format (README "Transcripts")::

    ruleset: gravewatch      # a shipped ruleset by name, or a path relative to this file
    seed: 7                  # optional, 0 by default
    layers: []               # optional: the ruleset layers the game turns on
    party:                   # the first member is the player
      - name: Ada
        sheet: {abilities: {nerve: 3}, pools: {resolve: 2}}
        bag: [{item: crowns, count: 1}]
      - Bram
    turns:
      - gm: 'He pays. [inventory: action="pay" amount="3 shillings"]'
      - player: 'I grab it [inventory: action="add" item="Crown"]'
      - regenerate: 'A new telling of the last gm reply.'
      - use: {item: Warming tonic, who: Ada}

Owns ``load_transcript`` and ``parse_transcript`` (a ``Transcript``, or ``TranscriptError`` with every problem,
each a dotted path like the ruleset loader's: ``turns.2``, ``party.0.bag.1.item``), ``run_transcript``, ``play``
and ``TranscriptResult``. The file is read as :mod:`tagproc.documents` reads any (UTF-8, at most 4 MiB, no YAML
bomb or endless nesting); a transcript holds at most 10,000 turns of at most 100,000 characters each.
Each turn is one mapping of one key: ``gm``, ``player`` or ``regenerate`` (a message), or ``use``, ``gear``,
``edit`` or ``fight`` (the player's own action between replies, DESIGN.md "Turns"; read and checked by
:mod:`tagproc.transcript_actions`, every reference checked at load time). ``play`` runs one turn on a game, for
``run_transcript`` and ``tagproc preview`` alike.

Invariants: running is deterministic (the same transcript gives byte-identical JSON); the JSON lists every
turn as it was processed, a regenerated reply's discarded telling included, and the holdings after the
last turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, cast

from tagproc.documents import DocumentError, display_name, is_file, parse_document, read_file
from tagproc.engine.rules import Rules
from tagproc.engine.state import Member
from tagproc.game import Game
from tagproc.party import PartyError, build_party
from tagproc.render import Renderer
from tagproc.ruleset import Problem, RulesetError
from tagproc.ruleset.shared import shared_rules
from tagproc.transcript_actions import ACTION_KINDS, AnyAction, Written, check_actions, parse_action
from tagproc.turn import Turn, TurnResult

__all__ = [
    "Transcript",
    "TranscriptError",
    "TranscriptResult",
    "TranscriptTurn",
    "load_transcript",
    "parse_transcript",
    "play",
    "run_transcript",
]

TurnKindWritten = Literal["gm", "player", "regenerate", "use", "gear", "edit", "fight"]
_MESSAGE_KINDS: tuple[TurnKindWritten, ...] = ("gm", "player", "regenerate")
_TURN_KINDS: tuple[TurnKindWritten, ...] = (*_MESSAGE_KINDS, "use", "gear", "edit", "fight")
assert _TURN_KINDS[len(_MESSAGE_KINDS) :] == ACTION_KINDS
_ONE_OF = "{gm: text}, {player: text}, {regenerate: text}, {use: ...}, {gear: ...}, {edit: ...}, {fight: ...}"
_TOP_KEYS = ("ruleset", "seed", "layers", "party", "turns")
MAX_TURNS = 10_000  # bench/turns.py plays 10,000; a transcript is written by hand or a recorder
MAX_MESSAGE = 100_000  # characters in one message: a model's longest reply is a few tens of thousands


class TranscriptError(ValueError):
    """A transcript that cannot be run, with every problem found in it."""

    def __init__(self, problems: list[Problem], source: str) -> None:
        self.problems = tuple(problems)
        self.source = source
        lines = "\n".join(f"  {p}" for p in self.problems)
        super().__init__(f"{source}: {len(self.problems)} problem(s) in the transcript\n{lines}")


@dataclass(frozen=True, slots=True)
class TranscriptTurn:
    """One turn as written: a message's ``text`` (empty for an action), or the ``action`` of an action turn."""

    kind: TurnKindWritten
    text: str
    action: AnyAction | None = None


@dataclass(frozen=True, slots=True)
class Transcript:
    """A loaded transcript: its rules, seed and party checked, its turns in order."""

    source: str
    rules: Rules
    seed: int
    party: tuple[Member, ...]
    turns: tuple[TranscriptTurn, ...]

    def game(self, renderer: Renderer | None = None) -> Game:
        """A fresh game at the transcript's start."""
        return Game(self.rules, self.party, self.seed, renderer=renderer)


@dataclass(frozen=True, slots=True)
class TranscriptResult:
    """Every turn as processed (with the kind it was written as), and the game after the last one."""

    turns: tuple[tuple[TurnKindWritten, TurnResult], ...]
    game: Game
    # For each turn, the actions it ran again: a regenerate re-runs the actions after the reply it replaced on
    # the state the new telling left (``Game``), and their answers may differ; empty for every other turn.
    reran: tuple[tuple[TurnResult, ...], ...] = ()

    def holdings(self) -> dict[str, dict[str, int]]:
        """What each member holds at the end: ``{member: {item label or name: count}}``, in bag order."""
        held: dict[str, dict[str, int]] = {}
        for member in self.game.state.party:
            counts: dict[str, int] = {}
            for stack in member.bag:
                counts[stack.name] = counts.get(stack.name, 0) + stack.count
            held[member.name] = counts
        return held

    def to_json(self) -> dict[str, Any]:
        """``{"turns": [{"kind", "visible", "history", "answers", "journal", "tags"}], "holdings": {...}}``; an
        action's turn has ``"action"`` (every key) after its ``"kind"``; a regenerate that ran later actions
        again has ``"reran"``: each of them as it ran the second time."""
        turns = [{**result.to_json(), "kind": kind} for kind, result in self.turns]
        for said, again in zip(turns, self.reran, strict=False):
            if again:
                said["reran"] = [result.to_json() for result in again]
        return {"turns": turns, "holdings": self.holdings()}


def load_transcript(path: str | Path) -> Transcript:
    """Read and check a transcript file; raises ``TranscriptError`` with every problem."""
    source = display_name(path)
    try:
        data = read_file(Path(path))
    except DocumentError as error:
        raise TranscriptError(list(error.problems), source) from None
    if data is None:
        raise TranscriptError([Problem("", "No such file")], source)
    return parse_transcript(data, source, Path(path).parent)


def parse_transcript(
    text: str | bytes, source: str = "<transcript>", folder: Path | None = None
) -> Transcript:
    """Check a transcript already read (bytes are read as UTF-8); a ruleset path is relative to ``folder``
    (the working directory by default). Raises ``TranscriptError`` with every problem."""
    source = display_name(source)
    try:
        data = parse_document(text, yaml_text=True)
    except DocumentError as error:
        raise TranscriptError(list(error.problems), source) from None
    if not isinstance(data, Mapping):
        raise TranscriptError(
            [Problem("", "a transcript is a mapping with ruleset, party and turns")], source
        )
    problems: list[Problem] = []
    for key in data:
        if key not in _TOP_KEYS:
            problems.append(Problem(str(key), f"unknown key (expected one of {', '.join(_TOP_KEYS)})"))
    for key in ("ruleset", "party", "turns"):
        if key not in data:
            problems.append(Problem(key, "missing"))
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        problems.append(Problem("seed", "a seed is a whole number"))
    written = _turns(data.get("turns", []), problems)
    turns = tuple(TranscriptTurn(cast(TurnKindWritten, w.kind), w.text, w.action) for w in written)
    rules = _rules(data, folder if folder is not None else Path(), problems)
    party: tuple[Member, ...] = ()
    if rules is not None and "party" in data:
        try:
            party = build_party(data["party"], rules)
        except PartyError as error:
            problems.extend(error.problems)
        else:
            check_actions(written, rules, party, problems)
    if problems:
        raise TranscriptError(problems, source)
    assert rules is not None and isinstance(seed, int)  # no problems: both were read
    return Transcript(source, rules, seed, party, turns)


def _rules(data: Mapping[str, Any], folder: Path, problems: list[Problem]) -> Rules | None:
    name, layers = data.get("ruleset"), data.get("layers") or []
    if name is None:
        return None
    if not isinstance(name, str) or not name.strip():
        problems.append(Problem("ruleset", "a shipped ruleset's name or a path relative to the transcript"))
        return None
    if not isinstance(layers, list) or not all(isinstance(layer, str) for layer in layers):
        problems.append(Problem("layers", "a list of layer ids"))
        return None
    relative = folder / name
    try:
        # one Rules per process for a ruleset (and layers) however many transcripts name it
        return shared_rules(relative if is_file(relative) else name, layers)
    except RulesetError as error:
        key = "layers" if all(p.path == "layers" for p in error.problems) else "ruleset"
        problems.extend(Problem(key, f"{p}") for p in error.problems)
        return None


def _turns(data: Any, problems: list[Problem]) -> list[Written]:
    if not isinstance(data, list):
        problems.append(Problem("turns", f"a list of turns, each one of {_ONE_OF}"))
        return []
    if len(data) > MAX_TURNS:
        problems.append(Problem("turns", f"at most {MAX_TURNS:,} turns in one transcript, got {len(data):,}"))
        return []
    turns: list[Written] = []
    told = False  # a Game Master reply came before: a regenerate has one to replace
    for index, entry in enumerate(data):
        where = f"turns.{index}"
        if not isinstance(entry, Mapping) or len(entry) != 1:
            problems.append(Problem(where, f"a turn is one of {_ONE_OF}"))
            continue
        ((kind, text),) = entry.items()
        if kind not in _TURN_KINDS:
            problems.append(
                Problem(
                    f"{where}.{kind}",
                    f"unknown turn kind (expected {', '.join(_MESSAGE_KINDS)}) "
                    f"or action ({', '.join(ACTION_KINDS)})",
                )
            )
            continue
        if kind in ACTION_KINDS:
            action = parse_action(kind, text, where, problems)
            if action is not None:
                turns.append(Written(where, kind, "", action))
            continue
        if not isinstance(text, str):
            problems.append(Problem(f"{where}.{kind}", "the message is text (quote it in the YAML)"))
            continue
        if len(text) > MAX_MESSAGE:
            problems.append(
                Problem(
                    f"{where}.{kind}", f"a message is at most {MAX_MESSAGE:,} characters, got {len(text):,}"
                )
            )
            continue
        if kind == "regenerate" and not told:
            problems.append(Problem(f"{where}.regenerate", "no Game Master reply before it to regenerate"))
            continue
        told = told or kind == "gm"
        turns.append(Written(where, kind, text, None))
    return turns


def run_transcript(
    source: str | Path | Transcript, *, chunk: int | None = None, renderer: Renderer | None = None
) -> TranscriptResult:
    """Play a transcript on a fresh game; ``chunk`` streams each message in pieces of that many characters."""
    transcript = source if isinstance(source, Transcript) else load_transcript(source)
    game = transcript.game(renderer)
    results: list[tuple[TurnKindWritten, TurnResult]] = []
    reran: list[tuple[TurnResult, ...]] = []
    for turn in transcript.turns:
        result = play(game, turn, chunk)
        results.append((turn.kind, result))
        later = game.turns[result.position + 1 :] if turn.kind == "regenerate" else ()
        reran.append(tuple(again for again in later if again.action is not None))
    return TranscriptResult(tuple(results), game, tuple(reran))


def play(game: Game, turn: TranscriptTurn, chunk: int | None = None) -> TurnResult:
    """Run one written turn on ``game``: an action as ``Game.act``, a message streamed in pieces of ``chunk``
    characters (whole for None)."""
    if turn.action is not None:
        return game.act(turn.action)
    if turn.kind == "gm":
        begun = game.begin_reply()
    elif turn.kind == "player":
        begun = game.begin_player()
    else:
        begun = game.begin_regenerate()
    return _stream(begun, turn.text, chunk)


def _stream(turn: Turn, text: str, chunk: int | None) -> TurnResult:
    size = chunk if chunk and chunk > 0 else max(len(text), 1)
    for start in range(0, len(text), size):
        turn.feed(text[start : start + size])
    return turn.finish()
