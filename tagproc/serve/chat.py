"""``POST /v1/chat/completions``: one Game Master reply through the game, streamed or whole.

The flow of a request: a ``HeldSession`` on its game (``tagproc.serve.games``) prepares the turn inside the
store session (the player's new messages recorded, a ``Turn`` begun: a reply, or a regenerate when the
messages stop before the last reply, ``tagproc.serve.messages``) and the upstream body; the upstream is
opened; its chunks are fed to the turn and sent on with ``delta.content`` replaced by what the player reads;
when the upstream ends the turn is finished (its tags run, once) and its events appended with a snapshot;
then the finish chunk carries ``"tagproc": {"answers", "visible", "turn"}`` and ``data: [DONE]`` follows.

Invariants:
- Nothing is committed unless the upstream ended cleanly: an upstream error (before the stream: a 502; in
  it: an OpenAI-style error event), a chunk that is not an OpenAI chunk, or a client that disconnects
  abandons the turn (never finished) and rolls the session back.
- Tags never reach the client: every piece of content sent is a piece ``Turn.feed`` or ``finish`` returned.
- A chunk whose only content was held back (a tag in the making) is not sent; every other chunk keeps its
  shape (id, model, role, finish reason), the finish chunk and what follows it (a usage chunk) are held
  until the turn is stored, with the rest of the visible text sent just before.

Decisions where the spec is silent: ``turn`` is the reply's position in the game (``TurnResult.position``,
0-based; a swipe keeps the position of the reply it replaced); the ``tagproc`` field rides on the finish
chunk (one with ``finish_reason="stop"`` is made when the upstream sent none).
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass
from typing import Any

import anyio
import httpx

from tagproc.game import Game
from tagproc.middleware import chunk_text
from tagproc.serve.games import Conflict, Games, HeldSession, snapshot_of
from tagproc.serve.messages import (
    message_text,
    plan_turn,
    read_messages,
    rewrite_messages,
    upstream_body,
)
from tagproc.serve.upstream import Upstream, UpstreamFailed, sse_data
from tagproc.turn import Turn, TurnResult

__all__ = ["Prepared", "complete_chat", "open_stream", "prepare_turn", "stream_chat"]

_LOG = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Prepared:
    """A turn ready to be fed: the live game, its events before this request, the turn, the upstream body."""

    game: Game
    old: int
    turn: Turn
    body: dict[str, Any]


def prepare_turn(game: Game, body: Mapping[str, Any], messages: list[dict[str, Any]]) -> Prepared:
    """Inside the session: record the player's new messages, begin the reply (or the swipe), rewrite."""
    replies = [turn for turn in game.turns if turn.kind == "gm"]
    plan = plan_turn(messages, [reply.visible for reply in replies])
    old = len(game.events)
    if plan.kind == "reply":
        for text in plan.players:
            game.player(text)
        turn, position = game.begin_reply(), len(game)
    else:
        position = replies[-1].position
        turn = game.begin_regenerate()
    histories = [reply.history for reply in replies]
    rewritten = rewrite_messages(messages, plan.told, histories, game.prompt_at(position).text)
    return Prepared(game, old, turn, upstream_body(body, rewritten))


def tagproc_field(result: TurnResult) -> dict[str, Any]:
    """What the last chunk (or the completion) tells a client that knows tagproc."""
    return {"answers": list(result.answers), "visible": result.visible, "turn": result.position}


async def complete_chat(
    games: Games, upstream: Upstream, game_id: str, body: dict[str, Any], headers: Mapping[str, str]
) -> dict[str, Any]:
    """A non-streamed completion: the upstream's, its content the visible text, with the ``tagproc`` field."""
    messages = read_messages(body)
    held = HeldSession(games, game_id, lambda game: prepare_turn(game, body, messages))
    prepared = await held.open()
    try:
        data = await upstream.complete(prepared.body, headers)
        choices = data.get("choices")
        if not isinstance(choices, list) or len(choices) != 1 or not isinstance(choices[0], dict):
            raise UpstreamFailed("the upstream's answer has no single choice")
        message = choices[0].get("message")
        if not isinstance(message, dict):
            raise UpstreamFailed("the upstream's choice has no message")
        prepared.turn.feed(message_text(message))
        result = prepared.turn.finish()
    except BaseException:
        with anyio.CancelScope(shield=True):
            await _abandon(held)
        raise
    await held.commit(list(prepared.game.events[prepared.old :]), snapshot_of(prepared.game))
    choices[0]["message"] = {**message, "content": result.visible}
    return {**data, "tagproc": tagproc_field(result)}


async def open_stream(
    games: Games, upstream: Upstream, game_id: str, body: dict[str, Any], headers: Mapping[str, str]
) -> tuple[HeldSession[Prepared], Prepared, httpx.Response]:
    """The session held and the upstream opened, before a byte is sent: a problem here is an HTTP error."""
    messages = read_messages(body)
    held = HeldSession(games, game_id, lambda game: prepare_turn(game, body, messages))
    prepared = await held.open()
    try:
        response = await upstream.open(prepared.body, headers)
    except BaseException:
        with anyio.CancelScope(shield=True):
            await held.abandon()
        raise
    return held, prepared, response


def _sse(data: Mapping[str, Any] | str) -> bytes:
    text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return f"data: {text}\n\n".encode()


class _Relay:
    """The chunks of one streamed reply: fed through the turn, rewritten, some held until the end."""

    def __init__(self, turn: Turn, redact: Callable[[str], str]) -> None:
        self.turn = turn
        self.redact = redact
        self.shown = 0
        self.last: dict[str, Any] | None = None  # the last chunk with choices: the shape of made-up ones
        self.held: list[dict[str, Any]] = []  # the finish chunk and what follows it

    def take(self, data: str) -> dict[str, Any] | None:
        """The chunk to send now for one event's data, or None."""
        try:
            chunk = json.loads(data)
        except ValueError:
            raise UpstreamFailed("the upstream sent an event that is not JSON") from None
        if not isinstance(chunk, dict):
            raise UpstreamFailed("the upstream sent an event that is not a chunk")
        if chunk.get("error"):
            raise UpstreamFailed(f"the upstream failed mid-reply: {self.redact(_said(chunk['error']))}")
        try:
            text = chunk_text(chunk)
        except (TypeError, ValueError) as error:
            raise UpstreamFailed(f"the upstream sent a chunk tagproc cannot read: {error}") from None
        shown = self.turn.feed(text)
        choices = chunk.get("choices") or []
        if not choices:
            self.held.append(chunk)
            return None
        choice = choices[0]
        delta = dict(choice.get("delta") or {})
        choice["delta"] = delta
        self.last = chunk
        if choice.get("finish_reason") is not None or self.held:
            delta.pop("content", None)  # its text goes out with the rest, just before the finish chunk
            self.held.append(chunk)
            return None
        if text or shown:
            delta["content"] = shown
        self.shown += len(shown)
        if not shown and not any(value is not None for key, value in delta.items() if key != "content"):
            return None  # only held-back content: nothing for the client yet
        return chunk

    def ending(self, result: TurnResult) -> list[dict[str, Any]]:
        """What is sent once the turn is stored: the rest of the visible text, the finish chunk with the
        ``tagproc`` field, what followed it."""
        shape = self.last or {"id": "chatcmpl-tagproc", "object": "chat.completion.chunk", "model": ""}
        base = {key: value for key, value in shape.items() if key not in ("choices", "usage")}
        base.setdefault("created", int(time.time()))
        out: list[dict[str, Any]] = []
        tail = result.visible[self.shown :]
        if tail:
            out.append({**base, "choices": [{"index": 0, "delta": {"content": tail}, "finish_reason": None}]})
        finish = next((c for c in self.held if c.get("choices")), None)
        if finish is None:
            finish = {**base, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}
        out.append({**finish, "tagproc": tagproc_field(result)})
        out.extend(chunk for chunk in self.held if chunk is not finish)
        return out


async def _abandon(held: HeldSession[Prepared]) -> None:
    try:
        await held.abandon()
    except Exception:  # a rollback that failed: the transaction is gone with its connection either way
        _LOG.warning("rolling back failed", exc_info=True)


def _said(error: object) -> str:
    if isinstance(error, Mapping) and isinstance(error.get("message"), str):
        return str(error["message"])
    return "no message"


def _error_event(message: str, code: str) -> bytes:
    return _sse({"error": {"message": message, "type": "upstream_error", "code": code}})


async def stream_chat(
    held: HeldSession[Prepared], prepared: Prepared, response: httpx.Response, redact: Callable[[str], str]
) -> AsyncIterator[bytes]:
    """The SSE body of a streamed reply (the module docstring says what is sent and when it is stored);
    ``redact`` blanks the key out of what the upstream says."""
    relay = _Relay(prepared.turn, redact)
    stored = False
    try:
        try:
            async for data in sse_data(response):
                if data.strip() == "[DONE]":
                    break
                chunk = relay.take(data)
                if chunk is not None:
                    yield _sse(chunk)
            result = prepared.turn.finish()
        except UpstreamFailed as error:
            _LOG.warning("upstream failed mid-reply, nothing stored: %s", error)
            yield _error_event(str(error), "upstream_failed")
            return
        try:
            await held.commit(list(prepared.game.events[prepared.old :]), snapshot_of(prepared.game))
            stored = True
        except Conflict as error:
            _LOG.warning("%s", error)
            yield _error_event(str(error), "conflict")
            return
        except Exception:  # the store's error: logged whole, the client told, nothing stored
            _LOG.warning("the turn could not be stored", exc_info=True)
            yield _error_event("the turn could not be stored; nothing was committed", "store_failed")
            return
        for chunk in relay.ending(result):
            yield _sse(chunk)
        yield _sse("[DONE]")
    finally:
        with anyio.CancelScope(shield=True):
            await response.aclose()
            if not stored:
                await _abandon(held)
