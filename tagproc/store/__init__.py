"""The game store: each game's turns as an append-only log with periodic snapshots (issue 13; contract, built
by the store helper). ``open_store("sqlite:///games.db")`` (the standard library's ``sqlite3``, WAL) or
``open_store("postgresql://...")`` (``psycopg`` 3, the ``postgres`` extra)."""

from __future__ import annotations
