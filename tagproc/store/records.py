"""``Store`` and ``GameRecord``: each game an append-only log of events plus its latest snapshot, read and
written in sessions (README "The store").

``store.create(head)`` stores a new game (a save document without its events) and returns its id (uuid4
hex). ``with store.session(game_id) as record:`` holds that one game for the block: ``record.doc()`` is the
save document (head, every event, the latest snapshot), ``record.append(events, snapshot)`` adds a turn's
events; the block is one transaction, committed when it ends cleanly and rolled back when it raises.

Invariants:
- A session is one transaction on a locked game (SQLite ``BEGIN IMMEDIATE``, PostgreSQL ``SELECT ... FOR
  UPDATE``): two sessions on one game never interleave, and the second sees everything the first committed.
- Nothing half-done is committed: a session that raises (a crash, an upstream error, a bug) leaves the game as
  it was; a committed session is durable (WAL with ``synchronous=FULL``; PostgreSQL's commit).
- Events are numbered ``0 .. count - 1`` without a gap; ``games.events`` is always that count.
- Everything stored is JSON, checked before writing (:mod:`tagproc.store.jsonvalues`); documents come back
  with their keys in the order they were written.
- A ``GameRecord`` works only inside its session; after it, any use is a ``StoreError``.

Decisions where the spec is silent: only the latest snapshot is kept (a snapshot is a cache of the events,
which are the truth, so an older one is never needed); a snapshot's ``events`` may be at most the game's count
after the append; a head holding ``"events"`` is refused, and one holding ``"snapshot"`` has it stored as the
game's first snapshot (its ``events`` must then be 0); sessions do not nest (a second session on the same
file or game from inside a first waits for it until the timeout).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from types import TracebackType
from typing import Any

from tagproc.store.backend import Backend, Transaction
from tagproc.store.errors import StoreError, UnknownGame
from tagproc.store.jsonvalues import dump_json, load_json
from tagproc.store.schema import migrate

__all__ = ["GameRecord", "Store"]


class GameRecord:
    """One game inside its session: its id, head (the save document without events) and event count."""

    def __init__(self, tx: Transaction, game_id: str, head: dict[str, Any], count: int) -> None:
        self._tx: Transaction | None = tx
        self.id = game_id
        self.head = head
        self.count = count

    def __repr__(self) -> str:
        return f"GameRecord(id={self.id!r}, count={self.count})"

    def events(self, start: int = 0) -> list[dict[str, Any]]:
        """The stored events from the ``start``-th on (every one by default), in order."""
        tx = self._open()
        if not 0 <= start <= self.count:
            raise StoreError(f"game {self.id!r} has {self.count} events: no event {start} to start from")
        rows = tx.rows("SELECT n, event FROM events WHERE game = ? AND n >= ? ORDER BY n", (self.id, start))
        events: list[dict[str, Any]] = []
        for expected, (n, text) in enumerate(rows, start=start):
            if n != expected:
                raise StoreError(f"game {self.id!r}'s log is damaged: event {expected} is missing")
            events.append(load_json(text, f"{self.id}.events.{n}"))
        if len(events) != self.count - start:
            raise StoreError(
                f"game {self.id!r}'s log is damaged: {start + len(events)} events, the game says {self.count}"
            )
        return events

    def snapshot(self) -> dict[str, Any] | None:
        """The latest snapshot, ``{"events": n, "state": ...}``, or None."""
        tx = self._open()
        rows = tx.rows("SELECT n, state FROM snapshots WHERE game = ? ORDER BY n DESC LIMIT 1", (self.id,))
        if not rows:
            return None
        n, text = rows[0]
        return {"events": int(n), "state": load_json(text, f"{self.id}.snapshot.state")}

    def doc(self) -> dict[str, Any]:
        """The game as a save document: the head, ``"events"``, and ``"snapshot"`` when there is one."""
        doc: dict[str, Any] = {**self.head, "events": self.events()}
        snapshot = self.snapshot()
        if snapshot is not None:
            doc["snapshot"] = snapshot
        return doc

    def append(self, events: Sequence[Mapping[str, Any]], snapshot: Mapping[str, Any] | None = None) -> None:
        """Adds ``events`` after the stored ones, and makes ``snapshot`` the game's latest, in the session's
        transaction: they are committed with the session, or not at all."""
        tx = self._open()
        if isinstance(events, str | bytes | Mapping) or not isinstance(events, Sequence):
            raise StoreError(f"events are a list of event objects, not {type(events).__name__}")
        rows: list[tuple[object, ...]] = []
        for offset, event in enumerate(events):
            n = self.count + offset
            if not isinstance(event, Mapping):
                raise StoreError(f"events.{n}: an event is an object, not {type(event).__name__}")
            rows.append((self.id, n, dump_json(event, f"events.{n}")))
        count = self.count + len(rows)
        snapshot_row = None if snapshot is None else _snapshot_row(snapshot, count)
        if rows:
            tx.run_many("INSERT INTO events (game, n, event) VALUES (?, ?, ?)", rows)
            tx.run("UPDATE games SET events = ? WHERE id = ?", (count, self.id))
        if snapshot_row is not None:
            _put_snapshot(tx, self.id, *snapshot_row)
        self.count = count

    def _open(self) -> Transaction:
        if self._tx is None:
            raise StoreError(f"the session of game {self.id!r} has ended: open a new one")
        return self._tx

    def _end(self) -> None:
        self._tx = None


class Store:
    """Games in a database (``open_store(url)`` makes one). Thread-safe: any thread may call any method."""

    def __init__(self, backend: Backend, *, name: str) -> None:
        self._backend = backend
        self._name = name
        migrate(backend)

    def __repr__(self) -> str:
        return f"Store({self._name!r})"

    def __enter__(self) -> Store:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()

    def create(self, head: Mapping[str, Any]) -> str:
        """Stores a new game (``head``: a save document without ``"events"``); its id."""
        if not isinstance(head, Mapping):
            raise StoreError(f"a game's head is a save document (an object), not {type(head).__name__}")
        if "events" in head:
            raise StoreError("a game's head is a save document without 'events': append them in a session")
        fields = {key: value for key, value in head.items() if key != "snapshot"}
        snapshot_row = None if "snapshot" not in head else _snapshot_row(head["snapshot"], 0)
        text = dump_json(fields, "head")
        game_id = uuid.uuid4().hex
        with self._backend.transaction(write=True) as tx:
            tx.run(
                "INSERT INTO games (id, head, created, events) VALUES (?, ?, ?, 0)",
                (game_id, text, datetime.now(UTC).isoformat()),
            )
            if snapshot_row is not None:
                _put_snapshot(tx, game_id, *snapshot_row)
        return game_id

    @contextmanager
    def session(self, game_id: str) -> Iterator[GameRecord]:
        """The game, held for the block (serialised with every other session on it), in one transaction:
        committed on a clean exit, rolled back on an exception. ``UnknownGame`` if there is none."""
        with self._backend.transaction(write=True) as tx:
            rows = tx.rows(
                f"SELECT head, events FROM games WHERE id = ?{self._backend.lock_clause}", (str(game_id),)
            )
            if not rows:
                raise UnknownGame(game_id)
            head_text, count = rows[0]
            record = GameRecord(tx, str(game_id), load_json(head_text, f"{game_id}.head"), int(count))
            try:
                yield record
            finally:
                record._end()

    def delete(self, game_id: str) -> bool:
        """Deletes the game, its events and snapshots (after any session on it); whether there was one."""
        with self._backend.transaction(write=True) as tx:
            rows = tx.rows(f"SELECT id FROM games WHERE id = ?{self._backend.lock_clause}", (str(game_id),))
            if not rows:
                return False
            tx.run("DELETE FROM events WHERE game = ?", (str(game_id),))
            tx.run("DELETE FROM snapshots WHERE game = ?", (str(game_id),))
            tx.run("DELETE FROM games WHERE id = ?", (str(game_id),))
        return True

    def games(self) -> list[str]:
        """Every game's id, oldest first."""
        with self._backend.transaction(write=False) as tx:
            return [str(row[0]) for row in tx.rows("SELECT id FROM games ORDER BY created, id")]

    def close(self) -> None:
        """Closes the store's connections (an in-memory store's games are gone); idempotent."""
        self._backend.close()


def _snapshot_row(snapshot: object, count: int) -> tuple[int, str]:
    """A snapshot's ``n`` and state text, checked: ``{"events": n, "state": ...}`` with 0 <= n <= count."""
    if not isinstance(snapshot, Mapping) or set(snapshot) != {"events", "state"}:
        raise StoreError('a snapshot is {"events": n, "state": ...}, nothing more or less')
    n = snapshot["events"]
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= count:
        raise StoreError(f"snapshot.events: {n!r} is not a count of events between 0 and {count}")
    return n, dump_json(snapshot["state"], "snapshot.state")


def _put_snapshot(tx: Transaction, game_id: str, n: int, state: str) -> None:
    """Makes this the game's one snapshot (the latest is the only one kept)."""
    tx.run("DELETE FROM snapshots WHERE game = ?", (game_id,))
    tx.run("INSERT INTO snapshots (game, n, state) VALUES (?, ?, ?)", (game_id, n, state))
