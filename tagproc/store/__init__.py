"""The game store: each game's turns as an append-only log with its latest snapshot (issue 13; README "The
store"). ``open_store("sqlite:///games.db")`` (the standard library's ``sqlite3``, WAL) or
``open_store("postgresql://...")`` (``psycopg`` 3, the ``postgres`` extra) gives a ``Store``; its sessions
hold one game each (:mod:`tagproc.store.records`), its schema is migrated forward on opening
(:mod:`tagproc.store.schema`).

Decisions where the spec is silent: ``timeout`` (30 s by default) bounds every wait for a lock (SQLite's
write lock, a PostgreSQL row lock); psycopg is imported only when a PostgreSQL URL is opened, so SQLite needs
nothing beyond the standard library.
"""

from __future__ import annotations

from tagproc.store.backend import Backend
from tagproc.store.errors import StoreError, UnknownGame
from tagproc.store.records import GameRecord, Store
from tagproc.store.urls import parse_store_url, redact_url

__all__ = ["DEFAULT_TIMEOUT_S", "GameRecord", "Store", "StoreError", "UnknownGame", "open_store"]

DEFAULT_TIMEOUT_S = 30.0


def open_store(url: str, *, timeout: float = DEFAULT_TIMEOUT_S) -> Store:
    """The store a URL names (``sqlite://``, ``sqlite:///rel.db``, ``sqlite:////abs.db``,
    ``postgresql://user@host:port/db``), migrated to the newest schema; ``StoreError`` if it cannot be."""
    target = parse_store_url(url)
    if not timeout > 0:
        raise StoreError(f"a store's timeout is a positive number of seconds, not {timeout!r}")
    backend: Backend
    if target.dialect == "sqlite":
        from tagproc.store.sqlite import SqliteBackend

        backend = SqliteBackend(target.path, timeout=timeout)
    else:
        try:
            from tagproc.store.postgres import PostgresBackend
        except ImportError as error:
            raise StoreError(
                f"a PostgreSQL store needs psycopg 3: pip install 'tagproc[postgres]' ({error})"
            ) from error
        backend = PostgresBackend(target.url, timeout=timeout)
    try:
        return Store(backend, name=redact_url(url))
    except BaseException:
        backend.close()
        raise
