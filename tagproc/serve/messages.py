"""The chat request as the proxy reads and rewrites it: which game, what the turn is, what goes upstream.

A client sends the whole conversation on every request (OpenAI's chat completions). The game remembers it
too, as turns; this module lines the two up and decides, from the messages alone, what the request asks for:

- **A new reply** when the request carries as many assistant messages as the game has Game Master replies:
  the user messages after the last assistant message are the player's, recorded as player turns first.
- **A regenerate** (a swipe) of the game's last Game Master reply when it carries one assistant message
  fewer: the messages stop before that reply, so the position tells it (issue 13), nothing else.
- Anything else is a conflict (409): a conversation the game has not seen (more assistant messages than
  replies) or a swipe of a reply before the last one (only the last reply can be told again).

What goes upstream (``rewrite_messages``): the next prompt's blocks (``Prompt.text``) put first in the
system message (prepended to the first ``system`` or ``developer`` message, with a blank line, or a system
message inserted first), and the i-th assistant message's content replaced by the game's i-th Game Master
reply's ``history`` (each tag replaced by its answers), so the model reads what happened, never its own
unanswered tags. Everything else of the body goes upstream as the client wrote it, but
``metadata.tagproc_game`` (which names the game to the proxy alone).

Decisions where the spec is silent:
- The player's messages go upstream as written (their tags never run: a player's turn answers them
  ``player-tag`` in the game's own history, which the recap reads).
- A swipe records no player message: the ones before the replaced reply were recorded with it.
- A client's greeting (a character's first message: an assistant message before the first user message
  whose text is none of the game's replies) is not counted and goes upstream as written; a reply the game
  told before any player spoke is recognised by its text (the visible text the client was sent).
- A message's content may be a string or a list of content parts (the text parts are read); an assistant
  message's is replaced by one string.
- ``n`` other than 1 is refused (400): tagproc runs one telling of a reply.

No I/O here: values in, values out (STYLE.md "Sans-IO").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

__all__ = [
    "GAME_HEADER",
    "RequestProblem",
    "TurnPlan",
    "game_id_of",
    "greetings",
    "message_text",
    "plan_turn",
    "read_messages",
    "rewrite_messages",
    "upstream_body",
]

GAME_HEADER = "x-tagproc-game"
_METADATA_KEY = "tagproc_game"
_ROLES = frozenset({"system", "developer", "user", "assistant", "tool", "function"})
_SYSTEM_ROLES = frozenset({"system", "developer"})


class RequestProblem(ValueError):
    """A request the proxy refuses: the HTTP status, an OpenAI error ``type`` and ``code``, and the message."""

    def __init__(self, status: int, message: str, code: str, kind: str = "invalid_request_error") -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.code = code
        self.kind = kind

    def body(self) -> dict[str, Any]:
        """The OpenAI-style error body: ``{"error": {"message", "type", "code"}}``."""
        return {"error": {"message": self.message, "type": self.kind, "code": self.code}}


@dataclass(frozen=True, slots=True)
class TurnPlan:
    """What a request asks of its game: a ``reply`` after recording ``players`` (the new player messages),
    or a ``regenerate`` of the last Game Master reply; ``told``: which messages are the game's replies."""

    kind: Literal["reply", "regenerate"]
    players: tuple[str, ...] = ()
    told: tuple[int, ...] = ()  # the indexes of the messages that are the game's replies, in order


def game_id_of(body: Mapping[str, Any], headers: Mapping[str, str]) -> str:
    """The game a request names: the ``X-Tagproc-Game`` header, else ``metadata.tagproc_game``."""
    named = headers.get(GAME_HEADER)
    if not named:
        metadata = body.get("metadata")
        if isinstance(metadata, Mapping):
            named = metadata.get(_METADATA_KEY)
    if not isinstance(named, str) or not named.strip():
        raise RequestProblem(
            400,
            "name the game: an X-Tagproc-Game header or metadata.tagproc_game (POST /v1/games makes one)",
            "missing_game",
        )
    return named.strip()


def read_messages(body: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The request's messages, checked: a list of mappings, each with a known role; 400 otherwise."""
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        raise RequestProblem(400, "messages: a non-empty list of chat messages", "invalid_messages")
    for index, message in enumerate(messages):
        if not isinstance(message, Mapping) or message.get("role") not in _ROLES:
            raise RequestProblem(
                400,
                f"messages.{index}: a message is an object with a role ({', '.join(sorted(_ROLES))})",
                "invalid_messages",
            )
    n = body.get("n", 1)
    if n not in (1, None):
        raise RequestProblem(400, f"n: tagproc runs one telling of a reply (n=1), not {n!r}", "invalid_n")
    return [dict(message) for message in messages]


def message_text(message: Mapping[str, Any]) -> str:
    """A message's text: its string content, or its text parts joined."""
    content = message.get("content")
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(
            part.get("text", "")
            for part in content
            if isinstance(part, Mapping) and part.get("type") == "text" and isinstance(part.get("text"), str)
        )
    return ""


def plan_turn(messages: Sequence[Mapping[str, Any]], replies: Sequence[str]) -> TurnPlan:
    """What the request asks, from its assistant messages against the game's ``replies`` (the visible text
    of each Game Master reply, in order; the module docstring); a conflict (409) when they cannot be lined
    up. A client's greeting is left out of the count (``greetings``)."""
    greeted = greetings(messages, replies)
    told = [i for i, m in enumerate(messages) if m.get("role") == "assistant" and i not in greeted]
    if len(told) == len(replies):
        after = told[-1] + 1 if told else 0
        players = tuple(message_text(m) for m in messages[after:] if m.get("role") == "user")
        return TurnPlan("reply", players, tuple(told))
    if replies and len(told) == len(replies) - 1:
        return TurnPlan("regenerate", (), tuple(told))
    if len(told) > len(replies):
        message = (
            f"the messages hold {len(told)} assistant replies but the game has told {len(replies)}: "
            "this conversation is not the game's"
        )
    else:
        message = (
            f"the messages hold {len(told)} assistant replies but the game has told {len(replies)}: only "
            f"the last reply can be regenerated (send the messages before it: {len(replies) - 1} assistant "
            "replies)"
        )
    raise RequestProblem(409, message, "conversation_mismatch")


def greetings(messages: Sequence[Mapping[str, Any]], replies: Sequence[str]) -> frozenset[int]:
    """The client's greetings: assistant messages before the first user message (a character's first
    message) whose text is none of the game's replies. They go upstream as written and count for nothing."""
    told = {reply.strip() for reply in replies}
    found: set[int] = set()
    for index, message in enumerate(messages):
        role = message.get("role")
        if role == "user":
            break
        if role == "assistant" and message_text(message).strip() not in told:
            found.add(index)
    return frozenset(found)


def rewrite_messages(
    messages: Sequence[Mapping[str, Any]], told: Sequence[int], histories: Sequence[str], prompt: str
) -> list[dict[str, Any]]:
    """The messages as they go upstream: ``prompt`` first in the system message, the message at ``told[i]``
    (the game's i-th reply) with its content replaced by ``histories[i]``."""
    out = [dict(message) for message in messages]
    for index, history in zip(told, histories, strict=False):
        out[index]["content"] = history
    if not prompt:
        return out
    for message in out:
        if message.get("role") in _SYSTEM_ROLES:
            message["content"] = _prepend(prompt, message.get("content"))
            return out
    return [{"role": "system", "content": prompt}, *out]


def _prepend(prompt: str, content: object) -> object:
    if isinstance(content, str):
        return f"{prompt}\n\n{content}" if content else prompt
    if isinstance(content, list):
        return [{"type": "text", "text": prompt}, *content]
    return prompt


def upstream_body(body: Mapping[str, Any], messages: list[dict[str, Any]]) -> dict[str, Any]:
    """The body sent upstream: the client's, with the rewritten messages and without the game's name in
    ``metadata`` (left out altogether when it held nothing else)."""
    out = dict(body)
    out["messages"] = messages
    metadata = out.get("metadata")
    if isinstance(metadata, Mapping) and _METADATA_KEY in metadata:
        rest = {key: value for key, value in metadata.items() if key != _METADATA_KEY}
        if rest:
            out["metadata"] = rest
        else:
            del out["metadata"]
    return out
