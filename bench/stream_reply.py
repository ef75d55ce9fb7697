"""Benchmark ``stream_reply`` over OpenAI-style dict chunks against a bare loop over the same chunks.

Prints figures measured in this one run (tests never assert a time):
- streaming a 2 KB reply with 8 tags, cut where the model's tokens end, through ``stream_reply`` (every
  piece the player reads, up to the source's end: ``finish()`` is timed apart) as a multiple of a bare
  loop that only pulls ``choices[0].delta.content`` out of the same chunks and yields it (goal <= 3x);
  the same for plain prose (no tag at all) and for SDK-style chunk objects, for comparison
- ``finish()`` of that turn, apart, as a multiple of the same bare loop (its own goal is bench/turns.py's)
- the memory a turn holds per token while it streams, before ``finish()`` (no per-token object is kept
  once its piece is passed on: what stays is about the token's characters, once as the reply's text and
  once as the visible text, not an object per token)

Both sides are timed in alternating rounds and the best round of each is kept (as ``bench/timing.py``
does), so a load that comes and goes on the machine touches both sides alike. The streaming side stops
its clock when the source is exhausted (an iterator chained after the chunks reads the clock), and its
rounds do not finish the turn (the source raises there: the turn is abandoned), so nothing but streaming
runs between two streams, as nothing but the bare loop runs between two bare loops; ``finish()`` is
timed on its own, in rounds of its own.

Run: ``python bench/stream_reply.py``
"""

from __future__ import annotations

import gc
import itertools
import time
import tracemalloc
from collections.abc import Callable, Iterator, Sequence
from types import SimpleNamespace
from typing import Any

from turns import LONG_TAGS, PARTY

from tagproc import Game, stream_reply
from tagproc.engine.rules import Rules
from tagproc.ruleset import load_ruleset
from tagproc.tokens import TokenCounter

TAGS = LONG_TAGS  # bench/turns.py's eight tags, and its party
PROSE = (
    "The fog comes off the barrows in sheets, and the lantern throws your shadows long across the "
    "headstones. Somewhere beyond the yew hedge a shovel bites into wet earth, stops, and bites again.\n"
)
ROUNDS = 9
MIN_TIME = 0.05


def tagged_reply() -> str:
    """About 2 KB of prose with 8 tags among it (bench/turns.py's reply)."""
    text = "".join(PROSE + tag + " " for tag in TAGS)
    while len(text) < 2048:
        text += PROSE
    return text


def prose_reply() -> str:
    return (PROSE * (2048 // len(PROSE) + 1))[:2048]


def chat_chunks(pieces: Sequence[str]) -> list[dict[str, Any]]:
    """An OpenAI chat completion stream: a role-only delta, one chunk a token, a finish and a usage chunk."""

    def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
        choice = {"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}
        return {
            "id": "chatcmpl-1",
            "object": "chat.completion.chunk",
            "created": 0,
            "model": "m",
            "choices": [choice],
        }

    usage = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 0, "model": "m", "choices": []}
    usage["usage"] = {"prompt_tokens": 10, "completion_tokens": len(pieces), "total_tokens": 10 + len(pieces)}
    first = chunk({"role": "assistant", "content": ""})
    return [first, *(chunk({"content": piece}) for piece in pieces), chunk({}, "stop"), usage]


def as_objects(value: Any) -> Any:
    """Dict chunks as the SDK's objects with attributes (``chunk.choices[0].delta.content``)."""
    if isinstance(value, dict):
        return SimpleNamespace(**{key: as_objects(item) for key, item in value.items()})
    if isinstance(value, list):
        return [as_objects(item) for item in value]
    return value


def bare(chunks: Sequence[dict[str, Any]]) -> Iterator[str]:
    """The reference: only pull ``delta.content`` out of each chunk and yield it."""
    for chunk in chunks:
        for choice in chunk["choices"]:
            content = choice["delta"].get("content")
            if content:
                yield content


def bare_objects(chunks: Sequence[Any]) -> Iterator[str]:
    for chunk in chunks:
        for choice in chunk.choices:
            content = getattr(choice.delta, "content", None)
            if content:
                yield content


class Clock:
    """An iterator chained after the chunks: reading it (the source's end) reads the clock."""

    def __init__(self) -> None:
        self.at = 0.0

    def __iter__(self) -> Clock:
        return self

    def __next__(self) -> object:
        self.at = time.perf_counter()
        raise StopIteration


class SourceEnd(Exception):
    """Raised by ``StopClock`` at the source's end: the stream stops there, its turn abandoned."""


class StopClock(Clock):
    """A ``Clock`` that ends the stream at the source's end instead of letting it finish the turn."""

    def __next__(self) -> object:
        self.at = time.perf_counter()
        raise SourceEnd


def streamed_round(game: Game, chunks: Sequence[object], min_time: float) -> float:
    """Seconds per stream up to the source's end, looping ``min_time``.

    The turn is not finished (the source raises at its end, so the turn is abandoned): a ``finish()``
    run between two streams would leave the streaming side's caches cold while the bare loop's stay warm
    (its round runs nothing else), and charge that to the stream. ``finishing_round`` times it apart.
    """
    streaming = 0.0
    loops = 0
    while streaming < min_time:
        turn = game.begin_regenerate()
        clock = StopClock()
        start = time.perf_counter()
        try:
            for _piece in stream_reply(turn, itertools.chain(chunks, clock)):
                pass
        except SourceEnd:
            pass
        streaming += clock.at - start
        loops += 1
    return streaming / loops


def finishing_round(game: Game, chunks: Sequence[object], min_time: float) -> float:
    """Seconds per ``finish()`` after a whole stream (from the source's end to the stream's), looping."""
    finishing = 0.0
    loops = 0
    while finishing < min_time:
        turn = game.begin_regenerate()
        clock = Clock()
        for _piece in stream_reply(turn, itertools.chain(chunks, clock)):
            pass
        finishing += time.perf_counter() - clock.at
        loops += 1
    return finishing / loops


def bare_round(
    loop: Callable[[Sequence[Any]], Iterator[str]], chunks: Sequence[Any], min_time: float
) -> float:
    elapsed = 0.0
    loops = 0
    while elapsed < min_time:
        start = time.perf_counter()
        for _piece in loop(chunks):
            pass
        elapsed += time.perf_counter() - start
        loops += 1
    return elapsed / loops


def compare_stream(
    game: Game, chunks: Sequence[Any], loop: Callable[[Sequence[Any]], Iterator[str]], *, finish: bool = False
) -> tuple[float, float]:
    """Streaming and (``finish``) ``finish()`` as multiples of the bare loop: alternating rounds, best of each."""
    best_stream = best_finish = best_bare = float("inf")
    for _ in range(ROUNDS):
        best_bare = min(best_bare, bare_round(loop, chunks, MIN_TIME))
        best_stream = min(best_stream, streamed_round(game, chunks, MIN_TIME))
        if finish:
            best_finish = min(best_finish, finishing_round(game, chunks, MIN_TIME))
    return best_stream / best_bare, best_finish / best_bare


class Probe:
    """An iterator chained after the chunks: at the source's end it reads the memory traced so far."""

    def __init__(self) -> None:
        self.held = 0

    def __iter__(self) -> Probe:
        return self

    def __next__(self) -> object:
        self.held = tracemalloc.get_traced_memory()[0]
        raise StopIteration


def held_per_token(game: Game, chunks: Sequence[Any], tokens: int) -> tuple[float, float]:
    """Bytes a stream holds per token up to the source's end (before ``finish()``), and characters a token."""
    body = list(itertools.islice(itertools.cycle(chunks[1:-2]), tokens))
    chars = sum(len(chunk["choices"][0]["delta"]["content"]) for chunk in body)
    turn = game.begin_regenerate()
    probe = Probe()
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    for _piece in stream_reply(turn, itertools.chain(body, probe)):
        pass
    tracemalloc.stop()
    return (probe.held - base) / tokens, chars / tokens


def main() -> None:
    rules = Rules(load_ruleset("gravewatch"))
    counter = TokenCounter()
    print("tagproc stream_reply benchmark (ratios measured in this run)")
    for label, text in (("2 KB reply with 8 tags", tagged_reply()), ("2 KB of prose, no tag", prose_reply())):
        pieces = list(counter.pieces(text))
        chunks = chat_chunks(pieces)
        game = Game(rules, PARTY, seed=1)
        game.reply(text)
        streaming, finishing = compare_stream(game, chunks, bare, finish=label.endswith("tags"))
        print(f"  {label} ({len(pieces)} tokens, {len(text) / len(pieces):.1f} characters a token):")
        print(f"    stream_reply over dict chunks = {streaming:5.2f}x the bare loop (goal <= 3x)")
        if label.endswith("tags"):
            objects = as_objects(chunks)
            by_objects, _ = compare_stream(game, objects, bare_objects)
            print(
                f"    stream_reply over SDK objects = {by_objects:5.2f}x the bare loop over them (for comparison)"
            )
            print(
                f"    finish(), apart               = {finishing:5.1f}x the bare loop (bench/turns.py has its goal)"
            )
            held, chars = held_per_token(game, chunks, 20_000)
            print(
                f"    held while streaming 20,000 tokens: {held:5.1f} bytes a token of {chars:.1f} characters "
                "(goal: no object per token, about 2 bytes a character: the text and the visible text)"
            )


if __name__ == "__main__":
    main()
