"""``tagproc serve``: an OpenAI-compatible streaming proxy that runs a Game Master's tags (issue 13; contract,
built by the serve helper). Needs the ``serve`` extra (Starlette, uvicorn, httpx)."""

from __future__ import annotations
