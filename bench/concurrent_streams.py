"""Benchmark many chats at once: 1,000 concurrent async streams at 50 tokens/s each, on one core, paced.

Prints figures measured in this one run (tests never assert a time):
- the p50/p99/max lateness of the pieces the players read through ``astream_reply`` (goal: p99 <= 20 ms):
  how long after its chunk was due each visible piece reached the consumer
- the same for a bare loop over the same paced sources (only ``delta.content`` pulled out), in the same run:
  what the event loop itself costs, for comparison; and for ``astream_reply`` with each reply left at its
  last token, so that ``finish()`` never runs: what the streaming alone costs
- the share of the core each side kept busy, and the garbage collector's work in the measured seconds: the
  full (generation 2) collections and the longest pause of any, since one full collection in a process that
  holds 1,000 games stops every stream at once (a pause of 100 ms makes some 5,000 pieces late)
- each side on asyncio's own event loop and, when ``uvloop`` is installed (the ``serve`` extra installs it,
  and uvicorn then runs ``tagproc serve`` on it), on uvloop

Each stream is a chat on its own ``Game``, its source an async generator of OpenAI-style dict chunks that
sleeps until each chunk is due (paced from a start time, so lateness never accumulates into drift). The
streams start at random points of their first reply, so that replies end (and ``finish()`` runs their tags)
spread over time as in a server that has been up a while; each reply that ends begins the next one. The
process is pinned to one core. Once the rules are loaded, ``tagproc.collector.settle_collector()`` runs, as
``tagproc serve`` runs it once its app is built: the start-up objects frozen out of the collector's sight,
its young and full collections spaced out (the games, their turns and everything the streams make stay in
its sight).
A last line runs ``astream_reply`` on asyncio's loop with the collector as CPython sets it (nothing frozen,
its default thresholds), for comparison. The bench's own records hold no object a piece (the
lateness in an ``array``; each stream's first reply an offset into the one chunk list), so that a collection
walks what tagproc keeps, not what the bench keeps.

Run: ``python bench/concurrent_streams.py`` (``--streams``, ``--rate``, ``--seconds`` to change the load,
``--loop asyncio`` or ``--loop uvloop`` for one event loop). Named so: a ``bench/concurrent.py`` would hide the
standard library's ``concurrent`` package, which asyncio and tiktoken import, from every script in this folder.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import random
import time
from array import array
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any

from stream_reply import PARTY, chat_chunks, tagged_reply

from tagproc import Game, astream_reply
from tagproc.collector import settle_collector
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


async def paced(chunks: Sequence[dict[str, Any]], skip: int, pace: Pace) -> AsyncIterator[dict[str, Any]]:
    """The reply's chunks, each when it is due; the first ``skip`` chunks of its body not sent (a stream that
    starts inside its first reply), the role chunk first all the same."""
    loop = asyncio.get_running_loop()
    last = len(chunks)
    pace.left = last - skip
    for at in range(last):
        if 0 < at <= skip:
            continue
        pace.left -= 1
        wait = pace.due - loop.time()
        if wait > 0:
            await asyncio.sleep(wait)
        pace.sent = pace.due
        pace.due += pace.interval
        yield chunks[at]


async def bare(source: AsyncIterator[dict[str, Any]]) -> AsyncIterator[str]:
    async for chunk in source:
        for choice in chunk["choices"]:
            content = choice["delta"].get("content")
            if content:
                yield content


async def chat(
    game: Game | None,
    chunks: Sequence[dict[str, Any]],
    cut: int,
    pace: Pace,
    until: float,
    late: array[float],
    finish: bool,
) -> None:
    """One chat: replies one after the other until ``until`` (the first from ``cut`` on); each visible
    piece's lateness recorded.

    Without ``finish`` a reply is left at its last token (the finish and usage chunks not taken), so its
    turn is abandoned and ``finish()`` never runs: what the streaming alone costs."""
    loop = asyncio.get_running_loop()
    skip = cut
    while loop.time() < until:
        source = paced(chunks, skip, pace)
        skip = 0
        stream = bare(source) if game is None else astream_reply(game, source)
        async for _piece in stream:
            now = loop.time()
            if now >= until:
                return  # the stream is left open: its turn is abandoned, nothing committed
            late.append(now - pace.sent)
            if not finish and pace.left <= 2:
                break


class Collector:
    """The garbage collector's work while it is started: full collections and the longest pause."""

    def __init__(self) -> None:
        self.on = False
        self.began = 0.0
        self.full = 0
        self.longest = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if not self.on:
            return
        if phase == "start":
            self.began = time.perf_counter()
            return
        self.longest = max(self.longest, time.perf_counter() - self.began)
        self.full += info["generation"] == 2


async def run(
    streams: int,
    rate: float,
    seconds: float,
    chunks: list[dict[str, Any]],
    tagged: bool,
    finish: bool,
    rules: Rules,
    collector: Collector,
) -> tuple[array[float], float]:
    rng = random.Random(14)
    games = [Game(rules, PARTY, seed=seed) if tagged else None for seed in range(streams)]
    loop = asyncio.get_running_loop()
    warm = 1.0  # the first second is not counted: every stream is starting
    start = loop.time() + 0.5
    until = start + warm + seconds
    late: array[float] = array("d")
    body = len(chunks) - 3  # the chunks between the role chunk and the finish and usage chunks
    tasks = []
    for game in games:
        cut = rng.randrange(body)  # start inside the first reply: replies end spread over time
        pace = Pace(start + rng.random() / rate, 1 / rate)
        tasks.append(asyncio.ensure_future(chat(game, chunks, cut, pace, until, late, finish)))
    await asyncio.sleep(start + warm - loop.time())
    del late[:]
    cpu = time.process_time()
    collector.on = True
    await asyncio.gather(*tasks)
    collector.on = False
    busy = (time.process_time() - cpu) / max(loop.time() - start - warm, 1e-9)
    return late, busy


def quantile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def event_loops() -> list[tuple[str, Callable[[], asyncio.AbstractEventLoop]]]:
    """asyncio's own event loop, and uvloop's when it is installed."""
    loops: list[tuple[str, Callable[[], asyncio.AbstractEventLoop]]] = [("asyncio", asyncio.new_event_loop)]
    try:
        import uvloop
    except ImportError:
        return loops
    return [*loops, ("uvloop", uvloop.new_event_loop)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--rate", type=float, default=50.0, help="tokens a second, each stream")
    parser.add_argument("--seconds", type=float, default=6.0, help="measured seconds, each side")
    parser.add_argument("--loop", choices=("asyncio", "uvloop"), help="one event loop only")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        core = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {core})
        where = f"pinned to core {core}"
    else:
        where = "not pinned"
    rules = Rules(load_ruleset("gravewatch"))
    chunks = chat_chunks(list(TokenCounter().pieces(tagged_reply())))
    Game(rules, PARTY).reply(tagged_reply())  # the templates and the rules' memos, as a server's first game
    threshold = gc.get_threshold()
    settle_collector()  # as ``tagproc serve`` does once its app is built
    collector = Collector()
    gc.callbacks.append(collector)
    print(
        f"tagproc concurrent benchmark: {args.streams:,} async streams at {args.rate:g} tokens/s each "
        f"({args.streams * args.rate:,.0f} tokens/s), one core ({where}), {args.seconds:g} s measured a side"
    )
    sides = (
        ("bare loop (event loop only)", False, True),
        ("astream_reply, finish() not run", True, False),
        ("astream_reply", True, True),
    )
    loops = [(name, factory) for name, factory in event_loops() if args.loop in (None, name)]
    for name, factory in loops:
        print(f"  on {name}'s event loop:")
        for label, tagged, finish in sides:
            side(label, factory, args, chunks, tagged, finish, rules, collector)
    if args.loop in (None, "asyncio"):
        gc.unfreeze()
        gc.set_threshold(*threshold)
        print("  on asyncio's event loop, the collector as CPython sets it (for comparison):")
        side("astream_reply", asyncio.new_event_loop, args, chunks, True, True, rules, collector)


def side(
    label: str,
    factory: Callable[[], asyncio.AbstractEventLoop],
    args: argparse.Namespace,
    chunks: list[dict[str, Any]],
    tagged: bool,
    finish: bool,
    rules: Rules,
    collector: Collector,
) -> None:
    """Run one side on a new event loop and print its line."""
    collector.full, collector.longest = 0, 0.0
    with asyncio.Runner(loop_factory=factory) as runner:
        late, busy = runner.run(
            run(args.streams, args.rate, args.seconds, chunks, tagged, finish, rules, collector)
        )
    p50, p99, worst = (quantile(late, q) * 1000 for q in (0.5, 0.99, 1.0))
    goal = f" (goal p99 <= {GOAL_MS:g} ms)" if tagged and finish else ""
    print(
        f"    {label:32} lateness p50 {p50:6.2f} ms, p99 {p99:7.2f} ms, max {worst:7.1f} ms{goal}; "
        f"{len(late):,} pieces, core {busy:4.0%} busy, gc {collector.full} full, "
        f"longest {collector.longest * 1000:.1f} ms"
    )
    del late
    gc.collect()  # the side's games go before the next side begins


if __name__ == "__main__":
    main()
