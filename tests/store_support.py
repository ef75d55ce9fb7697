"""Stores for tests: SQLite in memory and in a file always, PostgreSQL when ``TAGPROC_TEST_POSTGRES`` names
a reachable server (``.ci/postgres.sh`` starts one and prints its URL), each test in a schema of its own.

``postgres_url()`` says why PostgreSQL is not available (the skip reason) or gives the server's URL;
``postgres_schema(url)`` makes a fresh schema and yields a URL whose ``search_path`` is it, dropping it after,
so tests never see each other's games.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache

ENV = "TAGPROC_TEST_POSTGRES"


@cache
def postgres_url() -> tuple[str | None, str]:
    """``(url, "")`` when PostgreSQL is reachable, else ``(None, why not)``."""
    url = os.environ.get(ENV, "").strip()
    if not url:
        return None, f"{ENV} is not set (.ci/postgres.sh starts a server and prints its URL)"
    try:
        import psycopg
    except ImportError:
        return None, "psycopg is not installed (pip install 'tagproc[postgres]')"
    try:
        psycopg.connect(url, connect_timeout=5).close()
    except psycopg.Error as error:
        return None, f"{ENV} is not reachable: {error}"
    return url, ""


@contextmanager
def postgres_schema(url: str) -> Iterator[str]:
    """A URL on a new, empty schema of the server at ``url``; the schema is dropped afterwards."""
    import psycopg

    schema = f"test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA {schema}")
    separator = "&" if "?" in url else "?"
    try:
        yield f"{url}{separator}options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect(url, autocommit=True) as connection:
            connection.execute(f"DROP SCHEMA {schema} CASCADE")
