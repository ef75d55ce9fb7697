"""``tagproc serve``: an OpenAI-compatible streaming proxy that runs a Game Master's tags (issue 13).

Needs the ``serve`` extra (Starlette, uvicorn, httpx). ``create_app(store_url, upstream, api_key)`` is the
ASGI app (``tagproc.serve.app``); ``tagproc serve`` runs it on uvicorn (``tagproc.serve.cli``). The modules:
``messages`` (what a request asks and what goes upstream, no I/O), ``games`` (the store, the live games, a
session held for one request), ``upstream`` (httpx to the model), ``chat`` (one reply, streamed or whole).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from starlette.applications import Starlette

__all__ = ["create_app"]


def create_app(store_url: str, upstream: str, api_key: str | None) -> Starlette:
    """The proxy's ASGI app (imported when called: ``import tagproc.serve`` needs no extra)."""
    from tagproc.serve.app import create_app as build

    return build(store_url, upstream, api_key)
