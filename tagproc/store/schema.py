"""The store's schema: an ordered list of migrations per dialect, and ``migrate`` that brings a database
forward: one schema, written for two dialects.

Tables, in both dialects:

- ``schema_version (version, applied)``: one row per migration applied; the schema's version is the largest;
- ``games (id, head, created, events)``: the save document without its events, when it was created, and how
  many events it has (the next event's ``n``);
- ``events (game, n, event)``, primary key ``(game, n)``: the log, ``n`` counting from 0 without a gap;
- ``snapshots (game, n, state)``: a ``GameState`` after the first ``n`` events (the latest one is kept).

Invariants: opening a store runs ``migrate`` in one transaction (SQLite: the write lock; PostgreSQL: an
advisory lock too, so two processes opening one new database do not race), so a migration is applied whole or
not at all, and exactly once; a database whose schema is newer than this tagproc knows is refused, never
written; a migration, once released, is never edited: a change is a new migration at the end.

Decisions where the spec is silent: PostgreSQL keeps documents as ``json``, not ``jsonb``, because ``jsonb``
reorders an object's keys and a save document's order (a sheet's abilities as written) is part of what it
replays; SQLite keeps them as ``TEXT``. ``created`` is an ISO-8601 UTC time (text in SQLite, ``timestamptz``
in PostgreSQL).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from types import MappingProxyType

from tagproc.store.backend import Backend, Transaction
from tagproc.store.errors import StoreError

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "Migration", "migrate", "schema_version"]


@dataclass(frozen=True, slots=True)
class Migration:
    """One step of the schema: its version (1, 2, ...), what it does, and its statements in order."""

    version: int
    summary: str
    statements: tuple[str, ...]


_VERSION_TABLE = (
    "CREATE TABLE IF NOT EXISTS schema_version ( version INTEGER PRIMARY KEY, applied TEXT NOT NULL)"
)

_SQLITE = (
    Migration(
        1,
        "games, events and snapshots",
        (
            "CREATE TABLE games ("
            " id TEXT PRIMARY KEY,"
            " head TEXT NOT NULL,"
            " created TEXT NOT NULL,"
            " events INTEGER NOT NULL DEFAULT 0 CHECK (events >= 0))",
            "CREATE INDEX games_by_created ON games (created, id)",
            "CREATE TABLE events ("
            " game TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
            " n INTEGER NOT NULL CHECK (n >= 0),"
            " event TEXT NOT NULL,"
            " PRIMARY KEY (game, n)) WITHOUT ROWID",
            "CREATE TABLE snapshots ("
            " game TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
            " n INTEGER NOT NULL CHECK (n >= 0),"
            " state TEXT NOT NULL,"
            " PRIMARY KEY (game, n)) WITHOUT ROWID",
        ),
    ),
)

_POSTGRESQL = (
    Migration(
        1,
        "games, events and snapshots",
        (
            "CREATE TABLE games ("
            " id text PRIMARY KEY,"
            " head json NOT NULL,"
            " created timestamptz NOT NULL,"
            " events integer NOT NULL DEFAULT 0 CHECK (events >= 0))",
            "CREATE INDEX games_by_created ON games (created, id)",
            "CREATE TABLE events ("
            " game text NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
            " n integer NOT NULL CHECK (n >= 0),"
            " event json NOT NULL,"
            " PRIMARY KEY (game, n))",
            "CREATE TABLE snapshots ("
            " game text NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
            " n integer NOT NULL CHECK (n >= 0),"
            " state json NOT NULL,"
            " PRIMARY KEY (game, n))",
        ),
    ),
)

MIGRATIONS: Mapping[str, tuple[Migration, ...]] = MappingProxyType(
    {"sqlite": _SQLITE, "postgresql": _POSTGRESQL}
)
SCHEMA_VERSION = 1  # the newest version this tagproc knows; every dialect's list ends there

# pg_advisory_xact_lock's key while migrating: any constant, the same in every process.
_MIGRATION_LOCK = 0x746167707263  # "tagprc" in ASCII


def schema_version(tx: Transaction) -> int:
    """The database's schema version: 0 for a database the store never touched."""
    tx.run(_VERSION_TABLE)
    rows = tx.rows("SELECT MAX(version) FROM schema_version")
    value = rows[0][0] if rows else None
    return int(value) if value is not None else 0


def migrate(backend: Backend, migrations: Sequence[Migration] | None = None) -> int:
    """Brings the database forward to the newest migration, in one transaction; its version after.
    ``StoreError`` if the database is newer than ``migrations`` (the dialect's own list by default)."""
    steps = tuple(MIGRATIONS[backend.dialect] if migrations is None else migrations)
    _check_order(steps)
    newest = steps[-1].version if steps else 0
    with backend.transaction(write=True) as tx:
        if backend.dialect == "postgresql":
            tx.rows("SELECT pg_advisory_xact_lock(?)", (_MIGRATION_LOCK,))
        current = schema_version(tx)
        if current > newest:
            raise StoreError(
                f"the database's schema is version {current}, newer than this tagproc knows ({newest}): "
                "open it with a newer tagproc"
            )
        for step in steps:
            if step.version <= current:
                continue
            for statement in step.statements:
                tx.run(statement)
            tx.run(
                "INSERT INTO schema_version (version, applied) VALUES (?, ?)",
                (step.version, datetime.now(UTC).isoformat()),
            )
    return newest


def _check_order(steps: Sequence[Migration]) -> None:
    """Migrations are numbered 1, 2, ... in order: a gap or a repeat is a bug in this module, said early."""
    for index, step in enumerate(steps, start=1):
        if step.version != index:
            raise StoreError(f"migration {index} is numbered {step.version}: migrations count 1, 2, ...")
