"""Benchmark many chats at once: 1,000 concurrent async streams at 50 tokens/s each, on one core, paced.

Prints figures measured in this one run (tests never assert a time):
- the p50/p99/max lateness of the pieces the players read through ``astream_reply`` (goal: p99 <= 20 ms):
  how long after its chunk was due each visible piece reached the consumer
- the same for a bare loop over the same paced sources (only ``delta.content`` pulled out), in the same run:
  what the event loop itself costs, for comparison; and for ``astream_reply`` with each reply left at its
  last token, so that ``finish()`` never runs: what the streaming alone costs
- the share of the core each side kept busy

Each stream is a chat on its own ``Game``, its source an async generator of OpenAI-style dict chunks that
sleeps until each chunk is due (paced from a start time, so lateness never accumulates into drift). The
streams start at random points of their first reply, so that replies end (and ``finish()`` runs their tags)
spread over time as in a server that has been up a while; each reply that ends begins the next one. The
process is pinned to one core.

Run: ``python bench/concurrent_streams.py`` (named so: a ``bench/concurrent.py`` would hide the standard
library's ``concurrent`` package, which asyncio and tiktoken import, from every script in this folder) (``--streams``, ``--rate``, ``--seconds`` to change the load)
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import time
from collections.abc import AsyncIterator, Sequence
from typing import Any

from stream_reply import PARTY, chat_chunks, tagged_reply

from tagproc import Game, astream_reply
from tagproc.engine.rules import Rules
from tagproc.ruleset import load_ruleset
from tagproc.tokens import TokenCounter

GOAL_MS = 20.0


class Pace:
    """One stream's schedule: when its next chunk is due (loop time)."""

    __slots__ = ("due", "interval", "left", "sent")

    def __init__(self, start: float, interval: float) -> None:
        self.due = start
        self.interval = interval
        self.sent = start  # when the chunk last sent was due
        self.left = 0  # chunks of this reply still to send


async def paced(chunks: Sequence[dict[str, Any]], pace: Pace) -> AsyncIterator[dict[str, Any]]:
    loop = asyncio.get_running_loop()
    pace.left = len(chunks)
    for chunk in chunks:
        pace.left -= 1
        wait = pace.due - loop.time()
        if wait > 0:
            await asyncio.sleep(wait)
        pace.sent = pace.due
        pace.due += pace.interval
        yield chunk


async def bare(source: AsyncIterator[dict[str, Any]]) -> AsyncIterator[str]:
    async for chunk in source:
        for choice in chunk["choices"]:
            content = choice["delta"].get("content")
            if content:
                yield content


async def chat(
    game: Game | None,
    replies: list[list[dict[str, Any]]],
    pace: Pace,
    until: float,
    late: list[float],
    finish: bool,
) -> None:
    """One chat: replies one after the other until ``until``; each visible piece's lateness recorded.

    Without ``finish`` a reply is left at its last token (the finish and usage chunks not taken), so its
    turn is abandoned and ``finish()`` never runs: what the streaming alone costs."""
    loop = asyncio.get_running_loop()
    for chunks in replies:
        if loop.time() >= until:
            return
        source = paced(chunks, pace)
        stream = bare(source) if game is None else astream_reply(game, source)
        async for _piece in stream:
            now = loop.time()
            if now >= until:
                break  # the stream is left open: its turn is abandoned, nothing committed
            late.append(now - pace.sent)
            if not finish and pace.left <= 2:
                break


async def run(
    streams: int,
    rate: float,
    seconds: float,
    chunks: list[dict[str, Any]],
    tagged: bool,
    finish: bool,
    rules: Rules,
) -> tuple[list[float], float]:
    rng = random.Random(14)
    games = [Game(rules, PARTY, seed=seed) if tagged else None for seed in range(streams)]
    loop = asyncio.get_running_loop()
    warm = 1.0  # the first second is not counted: every stream is starting
    start = loop.time() + 0.5
    until = start + warm + seconds
    late: list[float] = []
    body = chunks[1:-2]
    tasks = []
    for game in games:
        cut = rng.randrange(len(body))  # start inside the first reply: replies end spread over time
        first = [chunks[0], *body[cut:], *chunks[-2:]]
        replies = [first] + [chunks] * int(seconds * rate / len(body) + 2)
        pace = Pace(start + rng.random() / rate, 1 / rate)
        tasks.append(asyncio.ensure_future(chat(game, replies, pace, until, late, finish)))
    await asyncio.sleep(start + warm - loop.time())
    late.clear()
    cpu = time.process_time()
    await asyncio.gather(*tasks)
    busy = (time.process_time() - cpu) / max(loop.time() - start - warm, 1e-9)
    return late, busy


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--rate", type=float, default=50.0, help="tokens a second, each stream")
    parser.add_argument("--seconds", type=float, default=6.0, help="measured seconds, each side")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        core = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {core})
        where = f"pinned to core {core}"
    else:
        where = "not pinned"
    rules = Rules(load_ruleset("gravewatch"))
    chunks = chat_chunks(list(TokenCounter().pieces(tagged_reply())))
    print(
        f"tagproc concurrent benchmark: {args.streams:,} async streams at {args.rate:g} tokens/s each "
        f"({args.streams * args.rate:,.0f} tokens/s), one core ({where}), {args.seconds:g} s measured a side"
    )
    sides = (
        ("bare loop (event loop only)", False, True),
        ("astream_reply, finish() not run", True, False),
        ("astream_reply", True, True),
    )
    for label, tagged, finish in sides:
        late, busy = asyncio.run(run(args.streams, args.rate, args.seconds, chunks, tagged, finish, rules))
        p50, p99, worst = (quantile(late, q) * 1000 for q in (0.5, 0.99, 1.0))
        goal = f" (goal p99 <= {GOAL_MS:g} ms)" if tagged and finish else ""
        print(
            f"  {label:32} lateness p50 {p50:6.2f} ms, p99 {p99:7.2f} ms, max {worst:7.1f} ms{goal}; "
            f"{len(late):,} pieces, core {busy:4.0%} busy"
        )


if __name__ == "__main__":
    main()
