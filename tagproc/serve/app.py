"""The ASGI app: ``create_app(store_url, upstream, api_key)``, a Starlette app of five routes.

- ``POST /v1/games`` ``{"ruleset": <shipped name>, "party": [...], "seed": 0, "layers": []}`` → 201 ``{"id"}``;
- ``GET /v1/games/{id}`` → ``{"id", "ruleset", "turns", "holdings", "prompt"}`` (``turns`` and ``holdings``
  as ``tagproc run --json`` gives them, ``prompt`` the next prompt as ``tagproc preview --json``);
- ``DELETE /v1/games/{id}`` → ``{"id", "deleted": true}``;
- ``POST /v1/chat/completions`` (``tagproc.serve.chat``), the game named by ``X-Tagproc-Game`` or
  ``metadata.tagproc_game``;
- ``GET /v1/models``: the upstream's, passed through (a chat client lists them to connect).

Every error is OpenAI-shaped, ``{"error": {"message", "type", "code"}}``: 400 for a request that cannot be
read, 404 for an unknown game or route, 409 for messages that do not line up with the game, 422 for a game
that cannot be made (its ruleset or party), 502 when the upstream fails, 503 when the store does. The store is called in worker
threads only (it is synchronous). Nothing logs a header or a body, so no key is ever logged.

Decisions where the spec is silent: a game's ruleset is a shipped name, never a path (a client must not
make the server read its files); a request body is at most ``MAX_BODY`` bytes and a player's message at most
``MAX_MESSAGE`` characters (a transcript's limit).
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from typing import Any

import anyio.to_thread
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from tagproc.saved import SaveError
from tagproc.serve.chat import complete_chat, open_stream, stream_chat
from tagproc.serve.games import Conflict, Games, UnknownGame, open_store
from tagproc.serve.messages import RequestProblem, game_id_of
from tagproc.serve.upstream import Upstream, UpstreamFailed
from tagproc.store import StoreError
from tagproc.transcript import MAX_MESSAGE

__all__ = ["MAX_BODY", "create_app"]

_LOG = logging.getLogger(__name__)

MAX_BODY = 16 * 1024 * 1024  # a long chat with its system prompt is well under a few MiB


def _error(status: int, message: str, code: str, kind: str = "invalid_request_error") -> JSONResponse:
    return JSONResponse(RequestProblem(status, message, code, kind).body(), status_code=status)


async def _json_body(request: Request) -> dict[str, Any]:
    body = await request.body()
    if len(body) > MAX_BODY:
        raise RequestProblem(400, f"the request body is over {MAX_BODY:,} bytes", "too_large")
    try:
        data = json.loads(body)
    except ValueError:
        raise RequestProblem(400, "the request body is not JSON", "invalid_json") from None
    if not isinstance(data, dict):
        raise RequestProblem(400, "the request body is a JSON object", "invalid_json")
    return data


def _unknown(game_id: str) -> RequestProblem:
    return RequestProblem(404, f"no game {game_id!r} (POST /v1/games makes one)", "unknown_game")


def _unloadable(game_id: str, error: SaveError) -> RequestProblem:
    # A stored game that no longer loads: its ruleset changed since (another version or content) or the
    # document is damaged. It is kept as it is; the message says why.
    return RequestProblem(409, f"game {game_id!r} cannot be loaded: {error}", "unloadable_game")


def _new_game_args(data: Mapping[str, Any]) -> tuple[str, list[Any], int, list[str]]:
    from tagproc.ruleset.load import shipped_names

    ruleset, party = data.get("ruleset"), data.get("party", ["Player"])
    seed, layers = data.get("seed", 0), data.get("layers", [])
    unknown = sorted(set(data) - {"ruleset", "party", "seed", "layers"})
    if unknown:
        raise RequestProblem(400, f"unknown keys: {', '.join(unknown)}", "invalid_game")
    if not isinstance(ruleset, str):
        raise RequestProblem(400, "ruleset: a shipped ruleset's name", "invalid_game")
    if ruleset not in shipped_names():
        shipped = ", ".join(shipped_names())
        raise RequestProblem(
            422, f"ruleset: no shipped ruleset {ruleset!r} (shipped: {shipped})", "bad_ruleset"
        )
    if not isinstance(party, list):
        raise RequestProblem(400, "party: a list of members, the player first", "invalid_game")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RequestProblem(400, "seed: a whole number", "invalid_game")
    if not isinstance(layers, list) or not all(isinstance(layer, str) for layer in layers):
        raise RequestProblem(400, "layers: a list of layer ids", "invalid_game")
    return ruleset, party, seed, layers


def create_app(store_url: str, upstream: str, api_key: str | None) -> Starlette:
    """The proxy in front of ``upstream`` (a base URL ending in ``/v1``), its games in ``store_url``."""
    games = Games(open_store(store_url), holds_sessions=store_url.startswith(("postgresql:", "postgres:")))
    state: dict[str, Upstream] = {}

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        state["upstream"] = Upstream(upstream, api_key)
        try:
            yield
        finally:
            await state["upstream"].aclose()
            await anyio.to_thread.run_sync(games.store.close)

    async def new_game(request: Request) -> Response:
        from tagproc.party import PartyError
        from tagproc.ruleset import RulesetError

        ruleset, party, seed, layers = _new_game_args(await _json_body(request))
        try:
            game_id = await anyio.to_thread.run_sync(games.create, ruleset, party, seed, layers)
        except (PartyError, RulesetError) as error:
            raise RequestProblem(422, str(error), "bad_game") from None
        return JSONResponse({"id": game_id}, status_code=201)

    async def show_game(request: Request) -> Response:
        game_id = request.path_params["game_id"]
        try:
            view = await anyio.to_thread.run_sync(games.view, game_id)
        except UnknownGame:
            raise _unknown(game_id) from None
        except SaveError as error:
            raise _unloadable(game_id, error) from None
        return JSONResponse(view)

    async def end_game(request: Request) -> Response:
        game_id = request.path_params["game_id"]
        if not await anyio.to_thread.run_sync(games.delete, game_id):
            raise _unknown(game_id)
        return JSONResponse({"id": game_id, "deleted": True})

    async def chat(request: Request) -> Response:
        body = await _json_body(request)
        game_id = game_id_of(body, request.headers)
        _check_players(body)
        headers = request.headers
        try:
            if not body.get("stream"):
                return JSONResponse(await complete_chat(games, state["upstream"], game_id, body, headers))
            held, prepared, response = await open_stream(games, state["upstream"], game_id, body, headers)
        except UnknownGame:
            raise _unknown(game_id) from None
        except Conflict as error:
            raise RequestProblem(409, str(error), "conflict") from None
        except SaveError as error:
            raise _unloadable(game_id, error) from None
        except UpstreamFailed as error:
            raise RequestProblem(502, str(error), "upstream_failed", "upstream_error") from None
        return StreamingResponse(
            stream_chat(held, prepared, response, state["upstream"].redact),
            media_type="text/event-stream",
            headers={"cache-control": "no-cache"},
        )

    async def models(request: Request) -> Response:
        try:
            return JSONResponse(await state["upstream"].models(request.headers))
        except UpstreamFailed as error:
            raise RequestProblem(502, str(error), "upstream_failed", "upstream_error") from None

    async def problem(request: Request, error: Exception) -> Response:
        assert isinstance(error, RequestProblem)
        return JSONResponse(error.body(), status_code=error.status)

    async def http_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, HTTPException)
        code = {404: "not_found", 405: "method_not_allowed"}.get(error.status_code, "http_error")
        return _error(error.status_code, str(error.detail), code)

    async def store_error(request: Request, error: Exception) -> Response:
        # The store's own message stays in the log (it may name the database); the client is told which.
        _LOG.warning("the game store failed: %s", error)
        return _error(
            503, "the game store could not be used; nothing was stored", "store_unavailable", "server_error"
        )

    async def server_error(request: Request, error: Exception) -> Response:
        return _error(
            500, "the proxy failed (see its log); nothing was stored", "internal_error", "server_error"
        )

    return Starlette(
        routes=[
            Route("/v1/games", new_game, methods=["POST"]),
            Route("/v1/games/{game_id}", show_game, methods=["GET"]),
            Route("/v1/games/{game_id}", end_game, methods=["DELETE"]),
            Route("/v1/chat/completions", chat, methods=["POST"]),
            Route("/v1/models", models, methods=["GET"]),
        ],
        exception_handlers={
            RequestProblem: problem,
            HTTPException: http_error,
            StoreError: store_error,
            Exception: server_error,
        },
        lifespan=lifespan,
    )


def _check_players(body: Mapping[str, Any]) -> None:
    from tagproc.serve.messages import message_text, read_messages

    for index, message in enumerate(read_messages(body)):
        if message.get("role") == "user" and len(message_text(message)) > MAX_MESSAGE:
            raise RequestProblem(
                422, f"messages.{index}: a message is at most {MAX_MESSAGE:,} characters", "too_long"
            )
