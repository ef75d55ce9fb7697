"""The store's two errors: ``StoreError`` for anything the store cannot do (a bad URL, a database it cannot
open or migrate, a value that is not JSON, a game busy past the timeout), and ``UnknownGame`` for an id it
does not hold. Database driver errors never leave the store unwrapped; their text is kept, a password never
(URLs are told redacted, :func:`tagproc.store.urls.redact_url`)."""

from __future__ import annotations

__all__ = ["StoreError", "UnknownGame"]


class StoreError(RuntimeError):
    """What the store cannot do, said plainly."""


class UnknownGame(StoreError, LookupError):
    """No game of that id in the store (never created, or deleted)."""

    def __init__(self, game_id: str) -> None:
        super().__init__(f"no game {game_id!r} in the store")
        self.game_id = game_id
