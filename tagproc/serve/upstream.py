"""The upstream model: an OpenAI-compatible ``/chat/completions``, reached with an httpx async client.

``Upstream(base_url, api_key)`` posts the rewritten body to ``{base_url}/chat/completions`` (the base URL as
the ``openai`` client takes it, ``http://host:port/v1``), with ``Authorization: Bearer <key>`` when the proxy
has a key, else the client's own ``Authorization`` header passed on. ``sse_data(response)`` reads a streamed
response's server-sent events and yields each event's data (``[DONE]`` included), lines joined as the SSE
format says. What fails upstream is an ``UpstreamFailed`` with a message fit for the client: never the key
(an upstream's own error message is passed on with the key blanked out, ``redact``).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from typing import Any

import httpx

__all__ = ["Upstream", "UpstreamFailed", "sse_data"]

# A model can think for minutes before its first token; connecting is quick or it is down.
_TIMEOUT = httpx.Timeout(600.0, connect=10.0)


class UpstreamFailed(Exception):
    """The upstream refused, broke off or sent what is not an OpenAI response."""


class Upstream:
    """One upstream model and the connection pool to it (one per app, closed with it)."""

    def __init__(self, base_url: str, api_key: str | None) -> None:
        self._url = base_url.rstrip("/") + "/chat/completions"
        self._key = api_key
        self._client = httpx.AsyncClient(timeout=_TIMEOUT)

    def redact(self, text: str) -> str:
        """``text`` with the proxy's key blanked out (an upstream may quote it back in an error)."""
        return text.replace(self._key, "***") if self._key else text

    async def aclose(self) -> None:
        await self._client.aclose()

    def _headers(self, client_headers: Mapping[str, str]) -> dict[str, str]:
        headers = {"content-type": "application/json", "accept": "application/json"}
        if self._key is not None:
            headers["authorization"] = f"Bearer {self._key}"
        elif "authorization" in client_headers:
            headers["authorization"] = client_headers["authorization"]
        return headers

    async def open(self, body: Mapping[str, Any], client_headers: Mapping[str, str]) -> httpx.Response:
        """Send ``body``; the response with its headers read (its body still to come when streamed).
        ``UpstreamFailed`` when it cannot be reached or answers with an error status (the body closed)."""
        request = self._client.build_request(
            "POST", self._url, json=body, headers=self._headers(client_headers)
        )
        try:
            response = await self._client.send(request, stream=True)
        except httpx.HTTPError as error:
            raise UpstreamFailed(f"the upstream could not be reached: {type(error).__name__}") from None
        if response.status_code >= 400:
            try:
                await response.aread()
                said = self.redact(_error_message(response))
            except httpx.HTTPError:
                said = ""
            finally:
                await response.aclose()
            raise UpstreamFailed(f"the upstream answered {response.status_code}{said}")
        return response

    async def models(self, client_headers: Mapping[str, str]) -> dict[str, Any]:
        """The upstream's ``GET /models`` (``UpstreamFailed`` when it has none to give)."""
        url = self._url.removesuffix("/chat/completions") + "/models"
        try:
            response = await self._client.get(url, headers=self._headers(client_headers))
        except httpx.HTTPError as error:
            raise UpstreamFailed(f"the upstream could not be reached: {type(error).__name__}") from None
        if response.status_code >= 400:
            said = self.redact(_error_message(response))
            raise UpstreamFailed(f"the upstream answered {response.status_code}{said}")
        try:
            data = response.json()
        except ValueError:
            raise UpstreamFailed("the upstream's models are not JSON") from None
        if not isinstance(data, dict):
            raise UpstreamFailed("the upstream's models are not a list object")
        return data

    async def complete(self, body: Mapping[str, Any], client_headers: Mapping[str, str]) -> dict[str, Any]:
        """A non-streamed completion: its JSON (``UpstreamFailed`` when it is not one)."""
        response = await self.open(body, client_headers)
        try:
            await response.aread()
        except httpx.HTTPError as error:
            raise UpstreamFailed(f"the upstream broke off: {type(error).__name__}") from None
        finally:
            await response.aclose()
        try:
            data = response.json()
        except ValueError:
            raise UpstreamFailed("the upstream's answer is not JSON") from None
        if not isinstance(data, dict):
            raise UpstreamFailed("the upstream's answer is not a chat completion")
        return data


def _error_message(response: httpx.Response) -> str:
    try:
        data = response.json()
    except ValueError:
        return ""
    error = data.get("error") if isinstance(data, dict) else None
    message = error.get("message") if isinstance(error, dict) else None
    return f": {message}" if isinstance(message, str) else ""


async def sse_data(response: httpx.Response) -> AsyncIterator[str]:
    """The data of each server-sent event of ``response``; ``UpstreamFailed`` when the connection breaks."""
    lines: list[str] = []
    try:
        async for line in response.aiter_lines():
            if not line:
                if lines:
                    yield "\n".join(lines)
                    lines = []
                continue
            field, _, value = line.partition(":")
            if field == "data":
                lines.append(value[1:] if value.startswith(" ") else value)
    except httpx.HTTPError as error:
        raise UpstreamFailed(f"the upstream broke off mid-reply: {type(error).__name__}") from None
    if lines:
        yield "\n".join(lines)
