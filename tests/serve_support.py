"""Helpers for the proxy's tests: real uvicorn servers on loopback ports in threads, and a fake upstream.

``running(app)`` serves an ASGI app with uvicorn on a free 127.0.0.1 port in a thread of its own and gives
its base URL; leaving the block stops it. ``FakeUpstream`` is a small Starlette app speaking OpenAI's chat
completions: it answers each request with the next ``Canned`` reply (streamed as SSE chunks exactly as its
pieces are split, so a tag can be cut anywhere; or whole), can fail mid-stream (the connection broken after
some pieces) or answer an error status, and keeps every request body it got.
"""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import AsyncIterator, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

__all__ = ["Canned", "FakeUpstream", "UpstreamBroke", "running"]


class UpstreamBroke(Exception):
    """Raised inside the fake upstream's stream: uvicorn drops the connection mid-body."""


@dataclass(frozen=True, slots=True)
class Canned:
    """One reply: its pieces (each one SSE chunk); ``fail_after`` pieces sent before the connection breaks;
    ``status`` an error status to answer instead; ``delay`` a pause before each piece."""

    pieces: Sequence[str]
    fail_after: int | None = None
    status: int = 200
    delay: float = 0.0  # seconds before each piece
    last_with_finish: bool = False  # the last piece rides on the finish chunk, as some servers send it
    usage: bool = False  # a usage chunk (no choices) after the finish chunk, as include_usage asks

    @property
    def text(self) -> str:
        return "".join(self.pieces)


class FakeUpstream:
    """An OpenAI-compatible model that says what it is told to (see the module docstring)."""

    def __init__(self) -> None:
        self.replies: list[Canned] = []
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self._lock = threading.Lock()
        self.app = Starlette(
            routes=[
                Route("/v1/chat/completions", self._complete, methods=["POST"]),
                Route("/v1/models", self._models, methods=["GET"]),
            ]
        )

    def say(self, *replies: Canned) -> None:
        with self._lock:
            self.replies.extend(replies)

    async def _models(self, request: Request) -> Response:
        return JSONResponse(
            {"object": "list", "data": [{"id": "fake-gm", "object": "model", "owned_by": "tests"}]}
        )

    async def _complete(self, request: Request) -> Response:
        body = await request.json()
        with self._lock:
            self.requests.append(body)
            self.headers.append(dict(request.headers))
            reply = self.replies.pop(0)
        if reply.status != 200:
            said = "the model is down"
            if reply.status == 401:  # as a careless server might: the key it was given, quoted back
                said = f"bad key: {request.headers.get('authorization')}"
            error = {"message": said, "type": "server_error", "code": None}
            return JSONResponse({"error": error}, status_code=reply.status)
        if not body.get("stream"):
            return JSONResponse(_completion(reply.text))
        return StreamingResponse(_chunks(reply), media_type="text/event-stream")


def _completion(text: str) -> dict[str, Any]:
    return {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "created": 1,
        "model": "fake-gm",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
    }


def _chunk(delta: dict[str, Any] | None, finish: str | None = None) -> bytes:
    chunk: dict[str, Any] = {
        "id": "chatcmpl-fake",
        "object": "chat.completion.chunk",
        "created": 1,
        "model": "fake-gm",
        "choices": [] if delta is None else [{"index": 0, "delta": delta, "finish_reason": finish}],
    }
    if delta is None:
        chunk["usage"] = {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}
    return f"data: {json.dumps(chunk)}\n\n".encode()


async def _chunks(reply: Canned) -> AsyncIterator[bytes]:
    yield _chunk({"role": "assistant", "content": ""})
    pieces = list(reply.pieces)
    last = pieces.pop() if reply.last_with_finish and pieces else None
    for sent, piece in enumerate(pieces):
        if reply.fail_after is not None and sent == reply.fail_after:
            raise UpstreamBroke("the fake model's connection breaks here")
        if reply.delay:
            await asyncio.sleep(reply.delay)
        yield _chunk({"content": piece})
    yield _chunk({} if last is None else {"content": last}, "stop")
    if reply.usage:
        yield _chunk(None)
    yield b"data: [DONE]\n\n"


@contextmanager
def running(app: Any) -> Iterator[str]:
    """Serve ``app`` on a free loopback port in a thread; its base URL (``http://127.0.0.1:PORT``)."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    config = uvicorn.Config(app, log_config=None, lifespan="on", timeout_graceful_shutdown=5)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the server did not start")
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=20)
        listener.close()
