"""The PostgreSQL dialect (``psycopg`` 3, the ``postgres`` extra): a small pool of connections to one
database.

Invariants: every transaction is an explicit one (connections are in autocommit mode and each transaction
is a ``conn.transaction()`` block), committed on a clean exit and rolled back on any exception; a session
locks its game's row (``SELECT ... FOR UPDATE``), so sessions on one game are serialised and sessions on
different games run in parallel. JSON columns come back as their text (the store decodes them, as it does
SQLite's), so a document's key order is the order it was written in. A connection goes back to the pool only
idle and unbroken; a broken one is closed and forgotten.

Decisions where the spec is silent: waiting for a game's row lock gives up after the store's ``timeout``
(``lock_timeout``) with a ``StoreError``; at most ``POOL_IDLE`` idle connections are kept, any number may be
open at once (one per session in progress); a connection error is told with the URL's password hidden.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import Any, Literal

import psycopg
from psycopg import errors as pg_errors
from psycopg import pq
from psycopg.types.string import TextLoader

from tagproc.store.backend import Backend, Row, Transaction
from tagproc.store.errors import StoreError
from tagproc.store.urls import redact_url

__all__ = ["POOL_IDLE", "PostgresBackend"]

POOL_IDLE = 4
_CONNECT_TIMEOUT_S = 10

Connection = psycopg.Connection[tuple[Any, ...]]


class _PostgresTransaction:
    """Statements on one connection inside one transaction (``?`` placeholders become psycopg's ``%s``; the
    store's SQL has no other ``?`` or ``%``)."""

    def __init__(self, connection: Connection) -> None:
        self._connection = connection

    def rows(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        with _errors():
            return self._connection.execute(_placeholders(sql), tuple(params)).fetchall()

    def run(self, sql: str, params: Sequence[object] = ()) -> int:
        with _errors():
            return self._connection.execute(_placeholders(sql), tuple(params)).rowcount

    def run_many(self, sql: str, params: Sequence[Sequence[object]]) -> None:
        with _errors(), self._connection.cursor() as cursor:
            cursor.executemany(_placeholders(sql), [tuple(row) for row in params])


class PostgresBackend(Backend):
    """One PostgreSQL database, named by a libpq URL."""

    dialect: Literal["sqlite", "postgresql"] = "postgresql"
    lock_clause = " FOR UPDATE"

    def __init__(self, url: str, *, timeout: float) -> None:
        self._url = url
        self._timeout = timeout
        self._idle: list[Connection] = []
        self._lock = threading.Lock()
        self._closed = False
        self._release(self._connect())  # fails now, not at the first session, if the database is not there

    def _connect(self) -> Connection:
        try:
            connection = psycopg.connect(self._url, autocommit=True, connect_timeout=_CONNECT_TIMEOUT_S)
        except psycopg.Error as error:
            raise StoreError(f"cannot connect to the store {redact_url(self._url)!r}: {error}") from error
        connection.adapters.register_loader("json", TextLoader)
        with _errors():
            connection.execute(f"SET lock_timeout = {int(self._timeout * 1000)}")
        return connection

    def _acquire(self) -> Connection:
        with self._lock:
            if self._closed:
                raise StoreError("the store is closed")
            while self._idle:
                connection = self._idle.pop()
                if not connection.closed:
                    return connection
        return self._connect()

    def _release(self, connection: Connection) -> None:
        healthy = not connection.closed and connection.info.transaction_status == pq.TransactionStatus.IDLE
        with self._lock:
            if healthy and not self._closed and len(self._idle) < POOL_IDLE:
                self._idle.append(connection)
                return
        connection.close()

    @contextmanager
    def transaction(self, *, write: bool) -> Iterator[Transaction]:
        connection = self._acquire()
        try:
            with _errors(), connection.transaction():
                yield _PostgresTransaction(connection)
        finally:
            self._release(connection)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
        for connection in idle:
            with suppress(psycopg.Error):
                connection.close()


def _placeholders(sql: str) -> str:
    return sql.replace("?", "%s")


@contextmanager
def _errors() -> Iterator[None]:
    """psycopg's errors as ``StoreError`` (a lock given up on said as such)."""
    try:
        yield
    except pg_errors.LockNotAvailable as error:
        raise StoreError(f"the game stayed locked past the store's timeout: {error}") from error
    except psycopg.Error as error:
        raise StoreError(f"PostgreSQL: {error}") from error
