"""What a database dialect gives the store: transactions that run SQL, and how a game's row is locked.

The store's SQL is written once (:mod:`tagproc.store.records`, :mod:`tagproc.store.schema`), with ``?``
placeholders; a dialect's ``Transaction`` translates them if its driver wants another style, returns rows as
tuples and JSON columns as their text, and turns its driver's errors into ``StoreError``. A backend owns its
connections; the store never sees one.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import Any, Literal, Protocol

__all__ = ["Backend", "Transaction"]

Row = tuple[Any, ...]


class Transaction(Protocol):
    """One open transaction: statements run in it, committed or rolled back by whoever opened it."""

    def rows(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        """Every row the statement gives."""
        ...

    def run(self, sql: str, params: Sequence[object] = ()) -> int:
        """Runs one statement; the number of rows it changed."""
        ...

    def run_many(self, sql: str, params: Sequence[Sequence[object]]) -> None:
        """Runs one statement once per parameter row."""
        ...


class Backend(ABC):
    """A dialect's connections and transactions."""

    dialect: Literal["sqlite", "postgresql"]
    # Appended to the SELECT of a game's row in a session: the row lock that serialises one game.
    lock_clause: str

    @abstractmethod
    def transaction(self, *, write: bool) -> AbstractContextManager[Transaction]:
        """A transaction, committed on a clean exit and rolled back on any exception (which propagates).
        ``write`` says whether it will write (SQLite takes the write lock at the start of those)."""

    @abstractmethod
    def close(self) -> None:
        """Closes every connection the backend holds; idempotent."""
