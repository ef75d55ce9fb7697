"""Stand-ins for the store and the saved games until they land (issue 13): the same API, in memory.

``MemoryStore`` is the brief's ``Store`` (``create``, ``session``, ``delete``, ``games``, ``close``) over a
dict, one lock per game (a session serialised as a store's is; nothing written until a clean exit).
``save_head``/``load_game``/``replay`` do what ``Game.save``/``Game.load``/``saved.replay`` will, for the
message events the proxy makes (``gm``, ``player``, ``regenerate``). ``tagproc.serve.games`` is the one
module that imports this; it goes when the real ones are merged.
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from tagproc.engine.state import Member
from tagproc.game import Game
from tagproc.transcript import TranscriptResult, TurnKindWritten
from tagproc.turn import TurnResult

__all__ = ["MemoryRecord", "MemoryStore", "UnknownGame", "load_game", "replay", "save_head"]


class UnknownGame(KeyError):
    """No game of that id in the store."""


class MemoryRecord:
    """One game in a session: its head, the events stored, and what this session appends."""

    def __init__(self, game_id: str, head: dict[str, Any], events: list[dict[str, Any]]) -> None:
        self.id = game_id
        self.head = head
        self._events = events
        self.pending: list[dict[str, Any]] = []

    @property
    def count(self) -> int:
        return len(self._events) + len(self.pending)

    def doc(self) -> dict[str, Any]:
        return {**self.head, "events": [*self._events, *self.pending]}

    def append(self, events: list[dict[str, Any]], snapshot: dict[str, Any] | None = None) -> None:
        self.pending.extend(events)


class MemoryStore:
    """The store's API over a dict: for the tests until ``tagproc.store`` lands."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._games: dict[str, tuple[dict[str, Any], list[dict[str, Any]]]] = {}
        self._locks: dict[str, threading.Lock] = {}

    def create(self, head: dict[str, Any]) -> str:
        game_id = uuid.uuid4().hex
        with self._lock:
            self._games[game_id] = (dict(head), [])
            self._locks[game_id] = threading.Lock()
        return game_id

    @contextmanager
    def session(self, game_id: str) -> Iterator[MemoryRecord]:
        with self._lock:
            lock = self._locks.get(game_id)
        if lock is None:
            raise UnknownGame(game_id)
        with lock:
            found = self._games.get(game_id)
            if found is None:
                raise UnknownGame(game_id)
            head, events = found
            record = MemoryRecord(game_id, head, events)
            yield record
            events.extend(record.pending)  # only on a clean exit

    def delete(self, game_id: str) -> bool:
        with self._lock:
            self._locks.pop(game_id, None)
            return self._games.pop(game_id, None) is not None

    def games(self) -> list[str]:
        with self._lock:
            return list(self._games)

    def close(self) -> None:
        pass


def save_head(game: Game, layers: Sequence[str]) -> dict[str, Any]:
    """What ``Game.save()`` will write, without its events."""
    ruleset = game.rules.ruleset
    return {
        "format": "tagproc-game",
        "version": 1,
        "ruleset": {"id": ruleset.id, "version": ruleset.version, "hash": None},
        "layers": list(layers),
        "seed": game.seed,
        "party": [member.model_dump(mode="json") for member in game.state_at(0).party],
    }


def _fresh(doc: Mapping[str, Any]) -> Game:
    party = [Member.model_validate(member) for member in doc["party"]]
    return Game(doc["ruleset"]["id"], party, doc["seed"], doc.get("layers", ()))


def _play(game: Game, event: Mapping[str, Any]) -> TurnResult:
    kind, text = event["kind"], event["text"]
    if kind == "gm":
        return game.reply(text)
    if kind == "player":
        return game.player(text)
    return game.regenerate(text)


def load_game(doc: Mapping[str, Any]) -> Game:
    """The game a saved document holds (its message events replayed)."""
    game = _fresh(doc)
    for event in doc["events"]:
        _play(game, event)
    return game


def replay(doc: Mapping[str, Any]) -> TranscriptResult:
    """The document's events as a transcript's turns."""
    game = _fresh(doc)
    turns: list[tuple[TurnKindWritten, TurnResult]] = []
    for event in doc["events"]:
        turns.append((event["kind"], _play(game, event)))
    return TranscriptResult(tuple(turns), game, tuple(() for _ in turns))
