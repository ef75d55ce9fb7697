"""Saved games: a game as a versioned JSON document, and back (issue 13; README "Saved games").

``save_game(game)`` (``Game.save()``) writes::

    {"format": "tagproc-game", "version": 1,
     "ruleset": {"id": ..., "version": ..., "hash": <sha256 of its canonical content>},
     "layers": [...], "seed": N, "party": [<Member JSON as the game began>], "events": [...]}

with ``events`` every turn as played (``Game.events``: a message ``{"kind", "text"}``, an action ``{"kind",
"action"}``, a regenerate an event of its own). ``replay(doc)`` plays the events on a fresh game as a
transcript's turns (``tagproc.transcript.play``: a message streamed into a ``Turn``, an action through
``Game.act``) and gives the ``TranscriptResult`` the original run gave, byte for byte in ``to_json()``;
``load_game(doc)`` (``Game.load``) is its game. ``snapshot_of(game)`` is ``{"events": n, "state": <GameState
JSON>}``, the state after the first ``n`` events, for a store to keep beside the log.

Invariants:
- A document is checked whole before anything is played: ``format`` and ``version`` first (a newer or unknown
  one is refused without reading further: its shape may be another), then every key, each problem with its
  dotted path (``events.12.action.item``, ``party.0.bag.1.count``), raised at once as a ``SaveError``. Values
  are read strictly (a count is a whole number, not ``"3"``); a lone surrogate becomes U+FFFD as in any file.
- The ruleset must be the one the game was saved with: the same id, version and content hash
  (``tagproc.ruleset.shared.ruleset_hash``), and with the same layers; each mismatch is a ``SaveError``
  naming the key and both values.
- Loading replays the events once, in order, each as ``Game`` recorded it; the loaded game keeps its turns and
  states as any game does (``tagproc.history``): reading the state now, a prompt, the turns' texts, the
  journal or ``save()`` plays nothing again, an old state at most a few turns, once; new turns run as on the
  original.

Decisions where the spec is silent:
- ``ruleset=None`` means the shipped ruleset of the document's id (through ``shared_rules``); a game of a
  ruleset file is loaded with that file (or its ``Ruleset``/``Rules``) given.
- A ``snapshot`` in a document is not a short cut but a check: the replayed state after ``snapshot.events``
  events must equal ``snapshot.state``, else the document is refused (its log and its snapshot disagree, or
  the engine changed under it). Loading is one replay in any case; ``save()`` writes no snapshot.
- A document holds any number of events of any length (a live game is not a hand-written transcript); each
  action and member is read within the limits of a file (``documents.clean_value``).
- The renderer, templates, budgets and token counter are the loader's, not the document's: they change what
  is said, never what happened.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, cast

from pydantic import BaseModel, ValidationError

from tagproc.actions import EditAction, FightAction, GearAction, UseAction
from tagproc.documents import DocumentError, clean_text, clean_value
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState, Member
from tagproc.party import PartyError
from tagproc.ruleset import Problem, Ruleset, RulesetError, shipped_names
from tagproc.ruleset.shared import ruleset_hash, shared_rules

if TYPE_CHECKING:
    from tagproc.game import Game
    from tagproc.prompt.blocks import CountTokens
    from tagproc.render import Renderer
    from tagproc.transcript import TranscriptResult, TranscriptTurn, TurnKindWritten
    from tagproc.turn import TurnResult

__all__ = [
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "SaveError",
    "is_saved_game",
    "load_game",
    "replay",
    "save_game",
    "snapshot_of",
]

SAVE_FORMAT = "tagproc-game"
SAVE_VERSION = 1

RulesetSource = str | Path | Ruleset | Rules
_KEYS = ("format", "version", "ruleset", "layers", "seed", "party", "events", "snapshot")
_RULESET_KEYS = ("id", "version", "hash")
_MESSAGE_KINDS = ("gm", "player", "regenerate")
_ACTIONS: Mapping[str, type[BaseModel]] = MappingProxyType(
    {"use": UseAction, "gear": GearAction, "edit": EditAction, "fight": FightAction}
)
_HASH = re.compile(r"[0-9a-f]{64}")
_TYPES: Mapping[str, str] = MappingProxyType(
    {
        "missing": "missing",
        "extra_forbidden": "unknown key",
        "string_type": "a text",
        "int_type": "a whole number",
        "bool_type": "true or false",
        "tuple_type": "a list",
        "dict_type": "an object",
        "model_type": "an object",
    }
)


class SaveError(ValueError):
    """A saved game that cannot be loaded: every problem found, each with its dotted path, said plainly."""

    def __init__(self, problems: Sequence[Problem], source: str = "saved game") -> None:
        self.problems = tuple(problems)
        self.source = source
        if len(self.problems) == 1:
            super().__init__(f"{source}: {self.problems[0]}")
        else:
            lines = "\n".join(f"  {p}" for p in self.problems)
            super().__init__(f"{source}: {len(self.problems)} problem(s)\n{lines}")


# -- saving ----------------------------------------------------------------------------------------


def save_game(game: Game) -> dict[str, Any]:
    """The game as a saved document (plain JSON, the caller's own: changing it changes nothing of the game)."""
    ruleset = game.rules.ruleset
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "ruleset": {"id": ruleset.id, "version": ruleset.version, "hash": ruleset_hash(ruleset)},
        "layers": list(game.rules.book.layers),
        "seed": game.seed,
        "party": [member.model_dump(mode="json") for member in game.state_at(0).party],
        "events": list(game.events),  # built afresh on each read: the document's own
    }


def snapshot_of(game: Game) -> dict[str, Any]:
    """``{"events": n, "state": <GameState JSON>}``: the state after the game's ``n`` events so far."""
    return {"events": len(game.events), "state": game.state.model_dump(mode="json")}


def is_saved_game(data: Any) -> bool:
    """Whether parsed JSON says it is a saved game (``"format": "tagproc-game"``), whatever else it holds."""
    return isinstance(data, Mapping) and data.get("format") == SAVE_FORMAT


# -- loading ---------------------------------------------------------------------------------------


def load_game(
    doc: Mapping[str, Any],
    ruleset: RulesetSource | None = None,
    *,
    renderer: Renderer | None = None,
    templates: str | Path | None = None,
    budgets: Mapping[str, int] | None = None,
    count_tokens: CountTokens | None = None,
) -> Game:
    """The game a saved document holds; ``ruleset`` (a shipped name, a path, a ``Ruleset`` or ``Rules``) must
    be the one it was saved with, the document's own ruleset id (a shipped name) when None. ``SaveError``
    says what is wrong with the document or the ruleset given."""
    return replay(
        doc, ruleset, renderer=renderer, templates=templates, budgets=budgets, count_tokens=count_tokens
    ).game


def replay(
    doc: Mapping[str, Any],
    ruleset: RulesetSource | None = None,
    *,
    chunk: int | None = None,
    renderer: Renderer | None = None,
    templates: str | Path | None = None,
    budgets: Mapping[str, int] | None = None,
    count_tokens: CountTokens | None = None,
) -> TranscriptResult:
    """The document's events played as a transcript's turns on a fresh game (``chunk``: each message streamed
    in pieces of that many characters): ``to_json()`` is the original run's."""
    from tagproc.game import Game
    from tagproc.transcript import TranscriptResult, play

    head = _read(doc)
    rules = _rules(head, ruleset)
    try:
        game = Game(
            rules,
            head.party,
            head.seed,
            renderer=renderer,
            templates=templates,
            budgets=budgets,
            count_tokens=count_tokens,
        )
    except PartyError as error:
        raise SaveError(error.problems) from None
    _check_snapshot(head, 0, game.state)
    played: list[tuple[TurnKindWritten, TurnResult]] = []
    reran: list[tuple[TurnResult, ...]] = []
    for index, turn in enumerate(head.turns):
        result = play(game, turn, chunk)
        played.append((turn.kind, result))
        later = game.turns[result.position + 1 :] if turn.kind == "regenerate" else ()
        reran.append(tuple(again for again in later if again.action is not None))
        _check_snapshot(head, index + 1, game.state)
    return TranscriptResult(tuple(played), game, tuple(reran))


@dataclass(frozen=True, slots=True)
class _Head:
    """A checked document: what the game is built from and the turns it replays."""

    ruleset_id: str
    ruleset_version: int | str | None
    ruleset_hash: str
    layers: tuple[str, ...]
    seed: int
    party: tuple[Member, ...]
    turns: tuple[TranscriptTurn, ...]
    snapshot: tuple[int, Any] | None  # (events, state JSON)


def _read(doc: Any) -> _Head:
    if not isinstance(doc, Mapping):
        raise SaveError([Problem("", f"a saved game is a JSON object with {', '.join(_KEYS[:-1])}")])
    _check_format(doc)
    problems: list[Problem] = []
    for key in doc:
        if key not in _KEYS:
            problems.append(Problem(str(key), f"unknown key (expected one of {', '.join(_KEYS)})"))
    for key in _KEYS[:-1]:
        if key not in doc:
            problems.append(Problem(key, "missing"))
    ruleset = _ruleset_head(doc["ruleset"], problems) if "ruleset" in doc else ("", None, "")
    layers = doc.get("layers", [])
    if not isinstance(layers, list) or not all(isinstance(layer, str) for layer in layers):
        problems.append(Problem("layers", "a list of layer ids (texts)"))
        layers = []
    seed = doc.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        problems.append(Problem("seed", "a whole number"))
        seed = 0
    party = _party(doc["party"], problems) if "party" in doc else ()
    turns = _events(doc["events"], problems) if "events" in doc else ()
    snapshot = _snapshot(doc["snapshot"], len(turns), problems) if "snapshot" in doc else None
    if problems:
        raise SaveError(problems)
    return _Head(*ruleset, tuple(clean_text(layer) for layer in layers), seed, party, turns, snapshot)


def _check_format(doc: Mapping[str, Any]) -> None:
    said, version = doc.get("format"), doc.get("version")
    if said != SAVE_FORMAT:
        shown = "missing" if said is None else f"{said!r}"
        raise SaveError([Problem("format", f'not a saved game: "{SAVE_FORMAT}" expected, got {shown}')])
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(
            [Problem("version", f"an unknown format version: {version!r} (this tagproc reads 1)")]
        )
    if version > SAVE_VERSION:
        raise SaveError(
            [
                Problem(
                    "version",
                    f"saved by a newer tagproc (format version {version}; this one reads up to {SAVE_VERSION})",
                )
            ]
        )


def _ruleset_head(data: Any, problems: list[Problem]) -> tuple[str, int | str | None, str]:
    if not isinstance(data, Mapping):
        problems.append(Problem("ruleset", "an object with id, version and hash"))
        return "", None, ""
    for key in data:
        if key not in _RULESET_KEYS:
            problems.append(Problem(f"ruleset.{key}", "unknown key (expected one of id, version, hash)"))
    found = [key for key in _RULESET_KEYS if key not in data]
    problems.extend(Problem(f"ruleset.{key}", "missing") for key in found)
    rid, version, digest = data.get("id", ""), data.get("version"), data.get("hash", "")
    if "id" in data and (not isinstance(rid, str) or not rid):
        problems.append(Problem("ruleset.id", "the ruleset's id (a text)"))
    if version is not None and (not isinstance(version, int | str) or isinstance(version, bool)):
        problems.append(Problem("ruleset.version", "the ruleset's version: a whole number, a text or null"))
    if "hash" in data and (not isinstance(digest, str) or not _HASH.fullmatch(digest)):
        problems.append(Problem("ruleset.hash", "the sha256 of the ruleset's content (64 hex digits)"))
    return str(rid), cast(int | str | None, version), str(digest)


def _party(data: Any, problems: list[Problem]) -> tuple[Member, ...]:
    if not isinstance(data, list) or not data:
        problems.append(Problem("party", "a list of at least one member (the player first)"))
        return ()
    members = [_model(Member, entry, f"party.{i}", problems) for i, entry in enumerate(data)]
    return tuple(member for member in members if isinstance(member, Member))


def _events(data: Any, problems: list[Problem]) -> tuple[TranscriptTurn, ...]:
    from tagproc.transcript import TranscriptTurn

    if not isinstance(data, list):
        problems.append(Problem("events", "a list of events"))
        return ()
    turns: list[TranscriptTurn] = []
    told = False  # a Game Master reply came before: a regenerate has one to replace
    for index, event in enumerate(data):
        at = f"events.{index}"
        kind = event.get("kind") if isinstance(event, Mapping) else None
        if kind not in _MESSAGE_KINDS and kind not in _ACTIONS:
            kinds = ", ".join((*_MESSAGE_KINDS, *_ACTIONS))
            problems.append(
                Problem(f"{at}.kind", f"an unknown event kind {kind!r} (expected one of {kinds})")
            )
            continue
        assert isinstance(event, Mapping) and isinstance(kind, str)
        written = cast("TurnKindWritten", kind)
        body = "text" if kind in _MESSAGE_KINDS else "action"
        extra = [key for key in event if key not in ("kind", body)]
        problems.extend(
            Problem(f"{at}.{key}", f"unknown key (a {kind} event has kind and {body})") for key in extra
        )
        if body not in event:
            problems.append(Problem(f"{at}.{body}", "missing"))
        elif kind in _ACTIONS:
            action = _model(_ACTIONS[kind], event["action"], f"{at}.action", problems)
            if action is not None and not extra:
                turns.append(TranscriptTurn(written, "", cast(Any, action)))
        elif not isinstance(event["text"], str):
            problems.append(Problem(f"{at}.text", "the message (a text)"))
        elif kind == "regenerate" and not told:
            problems.append(Problem(f"{at}.kind", "a regenerate with no Game Master reply before it"))
        else:
            told = told or kind == "gm"
            if not extra:
                turns.append(TranscriptTurn(written, event["text"]))
    return tuple(turns)


def _snapshot(data: Any, events: int, problems: list[Problem]) -> tuple[int, Any] | None:
    if not isinstance(data, Mapping) or set(data) != {"events", "state"}:
        problems.append(Problem("snapshot", "an object with events (a count) and state (the state then)"))
        return None
    count = data["events"]
    if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= events:
        problems.append(Problem("snapshot.events", f"a count of events from 0 to {events}, got {count!r}"))
        return None
    return count, data["state"]


def _model(model: type[BaseModel], data: Any, at: str, problems: list[Problem]) -> BaseModel | None:
    """``data`` read strictly as ``model`` (JSON arrays as its tuples), within the limits of a file."""
    try:
        cleaned = clean_value(data)
        return model.model_validate_json(json.dumps(cleaned), strict=True)
    except DocumentError as error:
        problems.extend(
            Problem(".".join(p for p in (at, problem.path) if p), problem.message)
            for problem in error.problems
        )
    except ValidationError as error:
        for detail in error.errors():
            where = ".".join((at, *(str(part) for part in detail["loc"])))
            problems.append(Problem(where, _said(detail)))
    return None


def _said(detail: Any) -> str:
    kind = str(detail["type"])
    if kind == "literal_error":
        return f"one of {detail['ctx']['expected']}"
    return _TYPES.get(kind, str(detail["msg"]).lower().removeprefix("input should be "))


# -- the ruleset -----------------------------------------------------------------------------------


def _rules(head: _Head, ruleset: RulesetSource | None) -> Rules:
    """The ``Rules`` the game is loaded with, checked against what the document says it was saved with."""
    if isinstance(ruleset, Rules):
        rules = ruleset
        if rules.book.layers != head.layers:
            raise SaveError(
                [
                    Problem(
                        "layers",
                        f"saved with layers {list(head.layers)}, the Rules given has {list(rules.book.layers)}",
                    )
                ]
            )
    else:
        if ruleset is None and head.ruleset_id not in shipped_names():
            shipped = ", ".join(shipped_names())
            raise SaveError(
                [
                    Problem(
                        "ruleset.id",
                        f'"{head.ruleset_id}" is not a shipped ruleset ({shipped}): '
                        "give the ruleset the game was saved with",
                    )
                ]
            )
        source = head.ruleset_id if ruleset is None else ruleset
        try:
            rules = (
                Rules(source, head.layers)
                if isinstance(source, Ruleset)
                else shared_rules(source, head.layers)
            )
        except RulesetError as error:
            if not error.problems or not all(p.path == "layers" for p in error.problems):
                raise
            raise SaveError([Problem("layers", p.message) for p in error.problems]) from None
    _check_ruleset(head, rules.ruleset)
    return rules


def _check_ruleset(head: _Head, ruleset: Ruleset) -> None:
    said = (("id", head.ruleset_id, ruleset.id), ("version", head.ruleset_version, ruleset.version))
    problems = [
        Problem(f"ruleset.{key}", f"saved with {key} {saved!r}, the ruleset given has {key} {given!r}")
        for key, saved, given in said
        if saved != given or type(saved) is not type(given)
    ]
    digest = ruleset_hash(ruleset)
    if not problems and digest != head.ruleset_hash:
        problems.append(
            Problem(
                "ruleset.hash",
                f"saved with ruleset content {head.ruleset_hash}, the ruleset given is {digest} "
                f"({ruleset.id} version {ruleset.version!r} was changed since)",
            )
        )
    if problems:
        raise SaveError(problems)


def _check_snapshot(head: _Head, events: int, state: GameState) -> None:
    if head.snapshot is None or head.snapshot[0] != events:
        return
    if state.model_dump(mode="json") != head.snapshot[1]:
        raise SaveError(
            [
                Problem(
                    "snapshot.state",
                    f"the state after {events} event(s) is not the state the events replay to "
                    "(the log and its snapshot disagree)",
                )
            ]
        )
