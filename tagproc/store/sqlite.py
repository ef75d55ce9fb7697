"""The SQLite dialect (the standard library's ``sqlite3``): a file in WAL mode, or a private in-memory
database.

Invariants: a write transaction is ``BEGIN IMMEDIATE``, so it holds the file's one write lock from its first
statement: sessions on one file are serialised whole (SQLite has one writer per file, so sessions on
*different* games of one file take turns too; readers are never blocked, WAL). A transaction is committed on a
clean exit and rolled back on any exception, ``BaseException`` included. ``synchronous=FULL``: a committed
session survives a power cut, not only a crashed process. Foreign keys are on.

Decisions where the spec is silent: a file store opens a connection per transaction (cheap for SQLite, and
it makes the store safe to use from any thread, a session entered in one thread and left in another
included); an in-memory store has one connection, used by one transaction at a time under a lock. Waiting
for the write lock (or that lock) gives up after the store's ``timeout`` with a ``StoreError``: a session
that nests another on the same file in the same thread waits for itself, and is told so after the timeout.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import Literal

from tagproc.store.backend import Backend, Row, Transaction
from tagproc.store.errors import StoreError

__all__ = ["SqliteBackend"]


class _SqliteTransaction:
    """Statements on one connection inside one transaction (``?`` placeholders are sqlite3's own)."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._connection = connection

    def rows(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        with _errors():
            return list(self._connection.execute(sql, tuple(params)).fetchall())

    def run(self, sql: str, params: Sequence[object] = ()) -> int:
        with _errors():
            return self._connection.execute(sql, tuple(params)).rowcount

    def run_many(self, sql: str, params: Sequence[Sequence[object]]) -> None:
        with _errors():
            self._connection.executemany(sql, [tuple(row) for row in params])


class SqliteBackend(Backend):
    """A SQLite file (``path``) or, with ``path`` None, a private in-memory database."""

    dialect: Literal["sqlite", "postgresql"] = "sqlite"
    lock_clause = ""  # BEGIN IMMEDIATE already holds the file's write lock

    def __init__(self, path: str | None, *, timeout: float) -> None:
        self._path = path
        self._timeout = timeout
        self._closed = False
        self._memory: sqlite3.Connection | None = None
        self._memory_lock = threading.Lock()
        if path is None:
            self._memory = self._open(":memory:")
        else:
            # WAL is the file's own setting, kept once set; opening now also fails now, not at the first
            # session, if the file cannot be a store.
            self._open(path, wal=True).close()

    def _open(self, target: str, *, wal: bool = False) -> sqlite3.Connection:
        try:
            connection = sqlite3.connect(
                target, timeout=self._timeout, isolation_level=None, check_same_thread=False
            )
        except sqlite3.Error as error:
            raise StoreError(f"cannot open the SQLite store {target!r}: {error}") from error
        try:
            connection.execute("PRAGMA foreign_keys = ON")
            if wal:
                mode = connection.execute("PRAGMA journal_mode = WAL").fetchone()
                if mode is None or str(mode[0]).lower() != "wal":
                    raise StoreError(f"the SQLite store {target!r} cannot use WAL (journal mode {mode})")
            connection.execute("PRAGMA synchronous = FULL")
        except sqlite3.Error as error:
            connection.close()
            raise StoreError(f"cannot open the SQLite store {target!r}: {error}") from error
        except StoreError:
            connection.close()
            raise
        return connection

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        if self._closed:
            raise StoreError("the store is closed")
        if self._memory is not None:
            if not self._memory_lock.acquire(timeout=self._timeout):
                raise StoreError(f"the in-memory store stayed busy for {self._timeout:g} s")
            try:
                yield self._memory
            finally:
                self._memory_lock.release()
            return
        assert self._path is not None
        connection = self._open(self._path)
        try:
            yield connection
        finally:
            connection.close()

    @contextmanager
    def transaction(self, *, write: bool) -> Iterator[Transaction]:
        with self._connection() as connection:
            with _errors():
                connection.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                yield _SqliteTransaction(connection)
                with _errors():
                    connection.execute("COMMIT")
            except BaseException:
                _roll_back(connection)
                raise

    def close(self) -> None:
        self._closed = True
        if self._memory is not None:
            with self._memory_lock:
                self._memory.close()


def _roll_back(connection: sqlite3.Connection) -> None:
    """Rolls back what is open while another exception propagates: that exception is the one to tell, so a
    failing rollback (a connection already broken) is not raised over it."""
    if connection.in_transaction:
        with suppress(sqlite3.Error):
            connection.execute("ROLLBACK")


@contextmanager
def _errors() -> Iterator[None]:
    """sqlite3's errors as ``StoreError`` (a busy file said as such)."""
    try:
        yield
    except sqlite3.OperationalError as error:
        if "locked" in str(error) or "busy" in str(error):
            raise StoreError(f"the SQLite store stayed busy past its timeout: {error}") from error
        raise StoreError(f"SQLite: {error}") from error
    except sqlite3.Error as error:
        raise StoreError(f"SQLite: {error}") from error
