"""Store URLs: which database a URL names, and how to tell a URL without its password.

Accepted (README "The store"):

- ``sqlite://`` or ``sqlite:///:memory:``: a private in-memory database (tests; gone on ``close()``);
- ``sqlite:///relative/path.db`` (relative to the working directory) and ``sqlite:////absolute/path.db``;
- ``postgresql://user:password@host:port/db?options`` (also ``postgres://``): handed to libpq as written.

Decisions where the spec is silent: a SQLite path is taken literally (no percent-decoding, no query string:
a ``?`` or ``#`` in it is refused rather than guessed at); a SQLite URL names no host; the PostgreSQL URL is
not parsed beyond its scheme, libpq owns the rest and its errors.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from tagproc.store.errors import StoreError

__all__ = ["StoreTarget", "parse_store_url", "redact_url"]

_POSTGRES_SCHEMES = ("postgresql://", "postgres://")
_SQLITE_SCHEME = "sqlite://"
_MEMORY_PATHS = frozenset({"", ":memory:"})
# user:password@ in a URL's authority: the password is what is hidden.
_PASSWORD = re.compile(r"^(?P<head>[a-z][a-z0-9+.-]*://[^/@:?#]*:)(?P<password>[^/@?#]*)(?P<tail>@)", re.I)


@dataclass(frozen=True, slots=True)
class StoreTarget:
    """A parsed store URL: the dialect and, for SQLite, the file (None: in memory)."""

    dialect: Literal["sqlite", "postgresql"]
    url: str
    path: str | None = None


def redact_url(url: str) -> str:
    """The URL with its password, if any, replaced by ``***`` (for errors and logs)."""
    return _PASSWORD.sub(r"\g<head>***\g<tail>", url, count=1)


def parse_store_url(url: str) -> StoreTarget:
    """The database a store URL names, or ``StoreError`` saying what is wrong with the URL."""
    if not isinstance(url, str):
        raise StoreError(f"a store URL is a string, not {type(url).__name__}")
    lowered = url.lower()
    if lowered.startswith(_POSTGRES_SCHEMES):
        return StoreTarget("postgresql", url)
    if lowered.startswith(_SQLITE_SCHEME):
        return _parse_sqlite(url)
    raise StoreError(
        f"unknown store URL {redact_url(url)!r}: use sqlite:///path.db, sqlite:// (in memory) "
        "or postgresql://user@host:port/db"
    )


def _parse_sqlite(url: str) -> StoreTarget:
    rest = url[len(_SQLITE_SCHEME) :]
    if rest in _MEMORY_PATHS:
        return StoreTarget("sqlite", url, None)
    if not rest.startswith("/"):
        raise StoreError(
            f"a SQLite URL names no host: {url!r} (sqlite:///relative.db or sqlite:////absolute/path.db)"
        )
    path = rest[1:]
    if path in _MEMORY_PATHS:
        return StoreTarget("sqlite", url, None)
    if "?" in path or "#" in path:
        raise StoreError(f"a SQLite URL takes no query or fragment: {url!r}")
    return StoreTarget("sqlite", url, path)
