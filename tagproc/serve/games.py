"""The proxy's games: the store, the live ``Game`` of each, and a store session held open for one request.

This is the one module of ``tagproc.serve`` that talks to the store (``open_store``, ``Store.session``,
``GameRecord.append``) and to saved games (``Game.save``, ``Game.load``, ``saved.replay``).

Invariants:
- Every read or change of a game happens under ``store.session(id)``, entered and left in one worker
  thread (a store's connection may belong to its thread), and under a per-process lock of that game, so
  two requests for one game in one process wait for each other without leaning on the database's timeouts
  (across processes, see ``HeldSession``).
- A live ``Game`` per id is kept per process (the last ``MAX_LIVE`` used) and trusted only while it holds as
  many events as the store (``record.count``); otherwise it is loaded again from ``record.doc()`` (another
  worker appended, or this one abandoned a turn). A request that abandons a turn after recording a player's
  message in the live game drops that game from the cache, so nothing unstored outlives it.
- A turn's events are appended with a snapshot (``{"events": n, "state": <GameState JSON>}``) in one
  ``record.append``, in the session's transaction: nothing half-done is ever committed.

``HeldSession`` runs one request's sessions in a thread of its own, the game's lock held throughout: the
thread prepares the turn in a session, hands it to the event loop, and waits for the order to append (or
to abandon). Against PostgreSQL (``holds_sessions``) it is one session, open while the reply streams: the
row lock serialises the game across workers and other games do not wait. Against SQLite, whose write
transaction locks the whole file, it is two short sessions, so a long reply in one game never holds up
another; the second appends only if the store still holds as many events as the first saw, else the
turn is refused (``Conflict``) and nothing is stored (a turn of the same game stored meanwhile by
another process: several workers on one game want PostgreSQL).
"""

from __future__ import annotations

import asyncio
import queue
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import Any, Generic, TypeVar

from tagproc.game import Game
from tagproc.saved import replay, snapshot_of
from tagproc.store import GameRecord, Store, UnknownGame, open_store

__all__ = ["MAX_LIVE", "Conflict", "Games", "HeldSession", "UnknownGame", "open_store", "snapshot_of"]

MAX_LIVE = 256  # live games kept per process; one more is loaded from the store when asked for

_T = TypeVar("_T")


class Games:
    """The store, the live games of this process, and one lock per game. ``holds_sessions``: a request
    keeps its store session open while the reply streams (a store that locks one game, not a file)."""

    def __init__(self, store: Store, *, holds_sessions: bool) -> None:
        self.store = store
        self.holds_sessions = holds_sessions
        self._lock = threading.Lock()
        self._live: OrderedDict[str, Game] = OrderedDict()
        # Each game's lock and how many requests hold or wait for it: gone when none does, so ids asked
        # for (even unknown ones) leave nothing behind.
        self._locks: dict[str, tuple[threading.Lock, int]] = {}

    # -- games ----------------------------------------------------------------------------------

    def create(self, ruleset: str, party: Sequence[Any], seed: int, layers: Sequence[str]) -> str:
        """A new game in the store; its id. ``RulesetError``/``PartyError`` as ``Game`` raises them."""
        game = Game(ruleset, party, seed, layers)
        head = game.save()
        del head["events"]
        game_id = self.store.create(head)
        self._keep(game_id, game)
        return game_id

    def view(self, game_id: str) -> dict[str, Any]:
        """``{id, ruleset, turns, holdings, prompt}`` (``UnknownGame`` when there is none)."""
        with self.locked(game_id), self.session(game_id) as (record, game):
            doc = record.doc()
            prompt = game.prompt().to_json()
        played = replay(doc).to_json()
        return {"id": game_id, "ruleset": doc["ruleset"], **played, "prompt": prompt}

    def delete(self, game_id: str) -> bool:
        """End a game: out of the store and this process."""
        with self.locked(game_id):
            self.forget(game_id)
            return self.store.delete(game_id)

    def forget(self, game_id: str) -> None:
        """Drop the live game (it holds what the store does not)."""
        with self._lock:
            self._live.pop(game_id, None)

    @contextmanager
    def locked(self, game_id: str) -> Iterator[None]:
        """Hold the game's lock in this process (take it before a session)."""
        with self._lock:
            lock, users = self._locks.get(game_id, (threading.Lock(), 0))
            self._locks[game_id] = (lock, users + 1)
        try:
            with lock:
                yield
        finally:
            with self._lock:
                users = self._locks[game_id][1] - 1
                if users:
                    self._locks[game_id] = (lock, users)
                else:
                    del self._locks[game_id]

    @contextmanager
    def session(self, game_id: str) -> Iterator[tuple[GameRecord, Game]]:
        """The game's record and its live game in a store session (this thread only; hold ``locked``)."""
        with self.store.session(game_id) as record:
            yield record, self._game_of(record)

    # -- internals ------------------------------------------------------------------------------

    def _game_of(self, record: GameRecord) -> Game:
        with self._lock:
            game = self._live.get(record.id)
        if game is None or len(game.events) != record.count:
            game = Game.load(record.doc())
        self._keep(record.id, game)
        return game

    def _keep(self, game_id: str, game: Game) -> None:
        with self._lock:
            self._live[game_id] = game
            self._live.move_to_end(game_id)
            while len(self._live) > MAX_LIVE:
                self._live.popitem(last=False)


class Conflict(Exception):
    """A turn that cannot be stored: another process stored one of the same game while it was told."""


class _Abandoned(Exception):
    """The request ended without a turn to store: the session rolls back."""


_Order = tuple[list[dict[str, Any]], dict[str, Any]] | None


class HeldSession(Generic[_T]):
    """A game's session held open in a thread of its own for one request (the module docstring).

    ``await open()`` gives what ``prepare(game)`` returned, inside the session; then exactly one of
    ``await commit(events, snapshot)`` or ``await abandon()``. A ``prepare`` that raises rolls back and
    ``open`` raises the same. Abandoning twice, or after a commit, does nothing.
    """

    def __init__(self, games: Games, game_id: str, prepare: Callable[[Game], _T]) -> None:
        self._games = games
        self._id = game_id
        self._prepare = prepare
        self._orders: queue.SimpleQueue[_Order] = queue.SimpleQueue()
        self._ordered = False
        self._loop = asyncio.get_running_loop()
        self._opened: asyncio.Future[_T] = self._loop.create_future()
        self._closed: asyncio.Future[None] = self._loop.create_future()

    async def open(self) -> _T:
        threading.Thread(target=self._hold, name=f"tagproc-game-{self._id[:8]}", daemon=True).start()
        try:
            return await asyncio.shield(self._opened)
        except BaseException:
            self._order(None)
            raise

    async def commit(self, events: list[dict[str, Any]], snapshot: dict[str, Any]) -> None:
        """Append ``events`` with ``snapshot`` and commit; raises what the store raised."""
        self._order((events, snapshot))  # before any await: a cancelled request still stores its turn
        await asyncio.shield(self._closed)

    async def abandon(self) -> None:
        """Roll back: nothing of this request is stored."""
        self._order(None)
        await asyncio.shield(self._closed)

    def _order(self, order: _Order) -> None:
        if not self._ordered:
            self._ordered = True
            self._orders.put(order)

    def _hold(self) -> None:
        try:
            with self._games.locked(self._id):
                if self._games.holds_sessions:
                    self._held_through()
                else:
                    self._two_sessions()
        except _Abandoned:
            pass
        except BaseException as error:
            self._tell_error(error)
            return
        self._tell(self._closed, None)

    def _held_through(self) -> None:
        """One session from the prepare to the append (a store that locks one game: PostgreSQL)."""
        with self._games.session(self._id) as (record, game):
            count = record.count
            try:
                self._tell(self._opened, self._prepare(game))
                order = self._orders.get()
                if order is None:
                    raise _Abandoned
                record.append(*order)
            except BaseException:
                self._forget_if_changed(game, count)
                raise

    def _two_sessions(self) -> None:
        """A session to prepare, another to append, the game's lock held between (a store that locks a
        whole file: SQLite, so other games need not wait for this reply); the second refuses to append
        when another process stored a turn of this game meanwhile."""
        with self._games.session(self._id) as (record, game):
            count = record.count
            try:
                self._tell(self._opened, self._prepare(game))
            except BaseException:
                self._forget_if_changed(game, count)
                raise
        try:
            order = self._orders.get()
            if order is None:
                raise _Abandoned
            with self._games.store.session(self._id) as record:
                if record.count != count:
                    raise Conflict(
                        f"another request stored a turn of game {self._id} first; this one was not stored"
                    )
                record.append(*order)
        except BaseException:
            self._forget_if_changed(game, count)
            raise

    def _forget_if_changed(self, game: Game, count: int) -> None:
        if len(game.events) != count:
            self._games.forget(self._id)

    def _tell(self, future: asyncio.Future[Any], value: object) -> None:
        def settle() -> None:
            if not future.done():
                future.set_result(value)

        self._call(settle)

    def _tell_error(self, error: BaseException) -> None:
        def settle() -> None:
            future: asyncio.Future[Any] = self._closed if self._opened.done() else self._opened
            if not future.done():
                future.set_exception(error)
            if future is self._opened and not self._closed.done():
                self._closed.set_result(None)

        self._call(settle)

    def _call(self, settle: Callable[[], None]) -> None:
        with suppress(RuntimeError):  # the event loop is closed: the server has stopped, nobody waits
            self._loop.call_soon_threadsafe(settle)
