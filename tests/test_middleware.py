"""Middleware: chunk streams through a turn, sync and async; tags run once at the end; nothing on early stop."""

from __future__ import annotations

import asyncio
import gc
import itertools
import random
import re
import tracemalloc
from collections.abc import AsyncIterator, Iterator, Sequence
from types import SimpleNamespace
from typing import Any, TypeAlias, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagproc import Game, astream_reply, chunk_text, stream_reply
from tagproc.documents import clean_text
from tagproc.engine.rules import Rules
from tagproc.envelope import MARKUP, PAIRS
from tagproc.middleware import Chunk
from tagproc.ruleset import load_ruleset
from tagproc.stream import Event, RawTag, TagStream, Text, merge_text
from tagproc.tokens import TokenCounter
from tagproc.turn import (
    HELD_AT_END,
    PASSED_CHARS,
    PASSING,
    RESUMING,
    SPACES,
    Turn,
    TurnResult,
    is_body_opener,
    is_gapped,
    is_opener,
    is_passed,
    is_prose,
)
from tagproc.visible import VisibleText
from tests.corpus.cases import ALL_CASES
from tests.corpus.holdout import HOLDOUT_CASES
from tests.fake_engine import FakeEngine, install
from tests.replies import REPLIES as STREAM_REPLIES
from tests.replies import Reply

RULES = Rules(load_ruleset("gravewatch"))
BENCH_TAGS = [
    '[inventory: action="pay" amount="3 shillings" who="Bram"]',
    "[inventory action=add item='Shot and powder' qty=three who=Bram]",
    '[sheet: op="rest" rest="vigil"]',
    '[ inventory: action="add" item="rope"]',
    "[loot: grave_goods]",
]
PARTY: list[Any] = [{"name": "Ada", "bag": [{"item": "crowns", "count": 1}]}, "Bram"]
NOTES = (
    'The sexton nods. [sheet: op="note" field="post" value="the east gate"] "Take the lantern." '
    '[sheet: op="note" field="watch" value="dawn"]\nDone.'
)
REPLIES = (
    'The innkeeper wants three shillings. Ada pays. [inventory: action="pay" amount="3 shillings"]',
    'Bram finds a purse. [inventory: action="earn" item="pennies" count="12" who="Bram"] He grins.\n',
    'Ada pries the coffin open. [loot: table="grave_goods" who="Ada"] Dust rises.',
    "  [inventory: pay item=penny count=1]  She pays the ferryman [place: name='Millbrook' size=market town]",
    NOTES,
    "Nothing but prose [sic], and a bracket [1] or two.  ",
)


@pytest.fixture
def engine(monkeypatch: pytest.MonkeyPatch) -> FakeEngine:
    return install(monkeypatch)


def _game(seed: int = 7) -> Game:
    return Game(RULES, PARTY, seed=seed)


def _split(text: str, rng: random.Random) -> list[str]:
    """Random chunks, empty ones included (a model's stream sends those too)."""
    chunks: list[str] = []
    at = 0
    while at < len(text):
        size = rng.choice((0, 1, 1, 2, 3, 5, 8, 13))
        chunks.append(text[at : at + size])
        at += size
    return chunks


def _chat_chunks(pieces: Sequence[str]) -> list[dict[str, Any]]:
    """An OpenAI chat completion stream: a role-only delta, the content, a finish chunk, a usage chunk."""
    first = {"choices": [{"index": 0, "delta": {"role": "assistant", "content": ""}, "finish_reason": None}]}
    body = [
        {"choices": [{"index": 0, "delta": {"content": piece}, "finish_reason": None}]} for piece in pieces
    ]
    last = {"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}
    usage = {
        "choices": [],
        "usage": {"prompt_tokens": 10, "completion_tokens": len(pieces), "total_tokens": 0},
    }
    return [first, *body, last, usage]


def _as_object(value: Any) -> Any:
    """A dict chunk as the SDK's objects with attributes (``chunk.choices[0].delta.content``)."""
    if isinstance(value, dict):
        return SimpleNamespace(**{key: _as_object(item) for key, item in value.items()})
    if isinstance(value, list):
        return [_as_object(item) for item in value]
    return value


def _sdk_chunk(chunk: dict[str, Any]) -> object:
    """A dict chunk as the ``openai`` client gives it: its ``ChatCompletionChunk`` model."""
    from openai.types.chat import ChatCompletionChunk

    fields = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 0, "model": "m"}
    return ChatCompletionChunk.model_validate({**fields, **chunk})


async def _agen(chunks: Sequence[Chunk], rng: random.Random | None = None) -> AsyncIterator[Chunk]:
    for chunk in chunks:
        # Hand the loop to the other chats between chunks, a random number of times.
        for _ in range(rng.randrange(3) if rng is not None else 1):
            await asyncio.sleep(0)
        yield chunk


def _failing(chunks: Sequence[Chunk], error: Exception) -> Iterator[Chunk]:
    yield from chunks
    raise error


# -- chunk_text -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("chunk", "text"),
    [
        pytest.param("a [tag", "a [tag", id="str"),
        pytest.param("", "", id="empty-str"),
        pytest.param({"choices": [{"delta": {"content": "Hi"}}]}, "Hi", id="chat-dict"),
        pytest.param({"choices": [{"index": 0, "delta": {"content": "Hi"}}]}, "Hi", id="chat-dict-index-0"),
        pytest.param({"choices": [{"delta": {"role": "assistant"}}]}, "", id="chat-dict-role-only"),
        pytest.param({"choices": [{"delta": {"content": None}}]}, "", id="chat-dict-content-none"),
        pytest.param({"choices": [{"delta": {}, "finish_reason": "stop"}]}, "", id="chat-dict-finish"),
        pytest.param({"choices": [{"delta": None}]}, "", id="chat-dict-delta-none"),
        pytest.param({"choices": [], "usage": {"total_tokens": 3}}, "", id="usage-chunk"),
        pytest.param({"choices": [{"text": "Hi"}]}, "Hi", id="legacy-dict"),
        pytest.param({"choices": [{"text": None}]}, "", id="legacy-dict-none"),
        pytest.param(_as_object({"choices": [{"delta": {"content": "Hi"}}]}), "Hi", id="chat-object"),
        pytest.param(
            _as_object({"choices": [{"delta": {"role": "assistant", "content": None}}]}),
            "",
            id="chat-object-role-only",
        ),
        pytest.param(
            _as_object({"choices": [{"delta": {"role": "assistant"}}]}), "", id="chat-object-no-content"
        ),
        pytest.param(
            _as_object({"choices": [{"delta": {"content": None, "tool_calls": [{"id": "x"}]}}]}),
            "",
            id="chat-object-tool-call",
        ),
        pytest.param(_as_object({"choices": [{"index": 0, "text": "Hi"}]}), "Hi", id="legacy-object"),
        pytest.param(_as_object({"choices": []}), "", id="usage-object"),
    ],
)
def test_chunk_text_reads_strings_and_openai_chunks(chunk: Chunk, text: str) -> None:
    assert chunk_text(chunk) == text


@pytest.mark.parametrize(
    ("chunk", "message"),
    [
        pytest.param(b"bytes", "cannot read text from a bytes chunk", id="bytes"),
        pytest.param(None, "cannot read text from a NoneType chunk", id="none"),
        pytest.param(42, "cannot read text from a int chunk", id="int"),
        pytest.param({"content": "Hi"}, "cannot read text from a dict chunk", id="dict-without-choices"),
        pytest.param(SimpleNamespace(text="Hi"), "SimpleNamespace chunk", id="object-without-choices"),
        pytest.param({"choices": "Hi"}, "choices must be a list, not str", id="choices-a-str"),
        pytest.param({"choices": None}, "choices must be a list, not NoneType", id="choices-none"),
        pytest.param(
            {"choices": [{"delta": {"content": "a"}}, {"delta": {"content": "b"}}]},
            "2 choices",
            id="two-choices",
        ),
        pytest.param(
            {"choices": [{"message": {"content": "Hi"}}]}, "neither delta nor text", id="non-streaming"
        ),
        pytest.param(
            {"choices": [{"delta": {"content": [{"type": "text", "text": "Hi"}]}}]},
            r"delta\.content must be a str or None, not list",
            id="content-parts",
        ),
        pytest.param({"choices": [{"text": 3}]}, r"text must be a str or None, not int", id="legacy-int"),
    ],
)
def test_chunk_text_refuses_other_shapes_with_a_type_error(chunk: object, message: str) -> None:
    with pytest.raises(TypeError, match=message):
        chunk_text(chunk)


def test_chunk_text_refuses_a_chunk_of_another_choice() -> None:
    with pytest.raises(ValueError, match="choice 1"):
        chunk_text({"choices": [{"index": 1, "delta": {"content": "Hi"}}]})


# -- stream_reply ---------------------------------------------------------------------------------


def test_pieces_are_the_visible_text_as_it_arrives_and_the_held_tail_last() -> None:
    chunks = ["The sexton ", "nods. [sheet: op=", '"note" field="post" value="gate"]', ' "Take it."', "  "]
    stream = stream_reply(_game(), chunks)
    pieces = list(stream)
    # A closing '"' is held like markup until the next chunk: it could open a quoted tag ('"[...]"').
    assert pieces == ["The sexton", " nods.", ' "Take it.', '"', "  "]
    assert "".join(pieces) == stream.result.visible == 'The sexton nods. "Take it."  '


@pytest.mark.parametrize("reply", [pytest.param(text, id=f"reply-{i}") for i, text in enumerate(REPLIES)])
def test_any_chunking_gives_the_one_shot_result(reply: str) -> None:
    rng = random.Random(reply)
    twin = _game().reply(reply)
    for chunks in (list(reply), _split(reply, rng), _split(reply, rng), [reply]):
        game = _game()
        stream = stream_reply(game, chunks)
        pieces = list(stream)
        assert all(pieces)
        assert "".join(pieces) == stream.result.visible
        assert stream.result.to_json() == twin.to_json()
        assert stream.result.state == twin.state
        assert game.turns == (stream.result,)


def test_tags_run_once_when_the_source_is_exhausted(
    engine: FakeEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    finishes: list[TurnResult] = []
    finish = Turn.finish

    def counted(turn: Turn) -> TurnResult:
        finishes.append(finish(turn))
        return finishes[-1]

    monkeypatch.setattr(Turn, "finish", counted)
    game = _game()
    stream = stream_reply(game, list(NOTES))
    while True:
        try:
            next(stream)
        except StopIteration:
            break
        assert engine.calls == [] and len(game) == 0 and finishes == []
    assert len(engine.calls) == 2 and len(finishes) == 1
    assert game.turns == (stream.result,)
    assert list(stream) == []
    assert len(engine.calls) == 2 and len(finishes) == 1


def test_a_regenerate_turn_streams_a_swipe() -> None:
    game, twin = _game(), _game()
    for each in (game, twin):
        each.reply(REPLIES[0])
        each.player("Again.")
    stream = stream_reply(game.begin_regenerate(), _split(REPLIES[2], random.Random(2)))
    list(stream)
    expected = twin.regenerate(REPLIES[2])
    assert stream.result.to_json() == expected.to_json()
    assert [turn.to_json() for turn in game.turns] == [turn.to_json() for turn in twin.turns]
    assert game.state == twin.state


@pytest.mark.parametrize(
    "shape",
    [
        pytest.param(_chat_chunks, id="chat-dicts"),
        pytest.param(lambda pieces: _as_object(_chat_chunks(pieces)), id="chat-objects"),
        pytest.param(
            lambda pieces: [_sdk_chunk(chunk) for chunk in _chat_chunks(pieces)], id="chat-openai-models"
        ),
        pytest.param(lambda pieces: [{"choices": [{"text": piece}]} for piece in pieces], id="legacy-dicts"),
        pytest.param(
            lambda pieces: [_as_object({"choices": [{"index": 0, "text": piece}]}) for piece in pieces],
            id="legacy-objects",
        ),
    ],
)
def test_openai_chunk_streams_give_the_one_shot_result(shape: Any) -> None:
    reply = REPLIES[2]
    stream = stream_reply(_game(), shape(_split(reply, random.Random(5))))
    assert "".join(stream) == stream.result.visible
    assert stream.result.to_json() == _game().reply(reply).to_json()


# -- errors and early stops -----------------------------------------------------------------------


def test_a_source_that_raises_commits_nothing_and_the_error_propagates() -> None:
    game = _game()
    before = game.state
    stream = stream_reply(
        game, _failing(["Ada pays. ", '[inventory: action="pay" amount="1 crown"]'], OSError())
    )
    with pytest.raises(OSError):
        list(stream)
    assert len(game) == 0 and game.state is before
    with pytest.raises(RuntimeError, match="nothing was committed"):
        _ = stream.result
    assert list(stream) == []
    assert game.reply(REPLIES[0]).to_json() == _game().reply(REPLIES[0]).to_json()  # the game goes on


def test_a_chunk_of_an_unknown_shape_raises_and_commits_nothing() -> None:
    game = _game()
    stream = stream_reply(game, ["Ada pays. ", {"text": "Hi"}, "more"])
    assert next(stream) == "Ada pays."
    with pytest.raises(TypeError, match="cannot read text from a dict chunk"):
        next(stream)
    assert len(game) == 0


def test_stopping_early_commits_nothing(engine: FakeEngine) -> None:
    game = _game()
    stream = stream_reply(game, list(NOTES))
    for _piece in stream:
        break
    assert engine.calls == [] and len(game) == 0
    with pytest.raises(RuntimeError, match="has not ended"):
        _ = stream.result


def test_close_stops_the_stream_closes_the_source_and_commits_nothing(engine: FakeEngine) -> None:
    closed: list[bool] = []

    def source() -> Iterator[str]:
        try:
            yield from NOTES
        finally:
            closed.append(True)

    game = _game()
    with stream_reply(game, source()) as stream:
        for _piece in stream:
            break
    assert closed == [True]
    assert list(stream) == []
    assert engine.calls == [] and len(game) == 0
    with pytest.raises(RuntimeError, match="closed before the reply ended"):
        _ = stream.result


def test_close_after_the_end_keeps_the_result() -> None:
    stream = stream_reply(_game(), [REPLIES[1]])
    list(stream)
    result = stream.result
    stream.close()
    assert stream.result is result


def test_a_second_stream_over_one_game_is_refused_when_it_finishes() -> None:
    game = _game()
    first, second = stream_reply(game, [REPLIES[0]]), stream_reply(game, [REPLIES[1]])
    list(first)
    with pytest.raises(RuntimeError, match="another turn was committed"):
        list(second)
    assert game.turns == (first.result,)
    with pytest.raises(RuntimeError, match="nothing was committed"):
        _ = second.result


def test_wrong_arguments_are_refused() -> None:
    with pytest.raises(TypeError, match="use astream_reply"):
        stream_reply(_game(), _agen(["a"]))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="use stream_reply"):
        astream_reply(_game(), ["a"])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected a Game or a Turn, not str"):
        stream_reply("gravewatch", ["a"])  # type: ignore[arg-type]


# -- astream_reply --------------------------------------------------------------------------------


def test_async_pieces_and_result_match_the_one_shot_reply(engine: FakeEngine) -> None:
    async def run() -> tuple[list[str], TurnResult, int]:
        game = _game()
        stream = astream_reply(game, _agen(list(NOTES)))
        pieces = []
        async for piece in stream:
            pieces.append(piece)
            assert engine.calls == [] and len(game) == 0
        return pieces, stream.result, len(game)

    pieces, result, turns = asyncio.run(run())
    assert all(pieces) and "".join(pieces) == result.visible
    assert len(engine.calls) == 2 and turns == 1
    assert result.to_json() == _game().reply(NOTES).to_json()


def test_async_openai_objects_give_the_one_shot_result() -> None:
    async def run() -> TurnResult:
        stream = astream_reply(_game(), _agen(_as_object(_chat_chunks(_split(REPLIES[3], random.Random(1))))))
        async for _piece in stream:
            pass
        return stream.result

    assert asyncio.run(run()).to_json() == _game().reply(REPLIES[3]).to_json()


def test_async_with_over_a_whole_swipe_keeps_the_result() -> None:
    game, twin = _game(), _game()
    for each in (game, twin):
        each.reply(REPLIES[0])

    async def run() -> TurnResult:
        async with astream_reply(game.begin_regenerate(), _agen(list(REPLIES[2]))) as stream:
            async for _piece in stream:
                pass
        return stream.result

    result = asyncio.run(run())
    assert result.to_json() == twin.regenerate(REPLIES[2]).to_json()
    assert game.turns == (result,) and game.state == twin.state


def test_async_source_that_raises_commits_nothing() -> None:
    async def failing() -> AsyncIterator[str]:
        yield "Ada pays. "
        raise ConnectionError("the model went away")

    async def run(game: Game) -> None:
        async for _piece in astream_reply(game, failing()):
            pass

    game = _game()
    with pytest.raises(ConnectionError):
        asyncio.run(run(game))
    assert len(game) == 0


def test_async_aclose_closes_the_source_and_commits_nothing(engine: FakeEngine) -> None:
    closed: list[bool] = []

    async def source() -> AsyncIterator[str]:
        try:
            for char in NOTES:
                yield char
        finally:
            closed.append(True)

    async def run(game: Game) -> None:
        async with astream_reply(game, source()) as stream:
            async for _piece in stream:
                break
        with pytest.raises(RuntimeError, match="closed before the reply ended"):
            _ = stream.result

    game = _game()
    asyncio.run(run(game))
    assert closed == [True] and engine.calls == [] and len(game) == 0


def test_a_cancelled_chat_commits_nothing(engine: FakeEngine) -> None:
    async def stalled() -> AsyncIterator[str]:
        yield 'Ada pays. [inventory: action="pay" amount="1 crown"] And'
        await asyncio.Event().wait()  # the model never sends the rest
        yield "never"

    async def run(game: Game) -> list[str]:
        stream = astream_reply(game, stalled())
        pieces: list[str] = []

        async def consume() -> None:
            async for piece in stream:
                pieces.append(piece)

        task = asyncio.create_task(consume())
        while not pieces:
            await asyncio.sleep(0)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        with pytest.raises(RuntimeError, match="nothing was committed"):
            _ = stream.result
        return pieces

    game = _game()
    assert asyncio.run(run(game)) == ["Ada pays. And"]
    assert engine.calls == [] and len(game) == 0


def test_interleaved_async_streams_over_twenty_games_are_independent() -> None:
    rng = random.Random(20)
    replies = [REPLIES[seed % len(REPLIES)] for seed in range(20)]
    games = [_game(seed) for seed in range(20)]

    async def one(seed: int) -> tuple[str, TurnResult]:
        chunks = _split(replies[seed], rng)
        stream = astream_reply(games[seed], _agen(chunks, random.Random(seed)))
        pieces = [piece async for piece in stream]
        return "".join(pieces), stream.result

    async def run() -> list[tuple[str, TurnResult]]:
        return await asyncio.gather(*(one(seed) for seed in range(20)))

    for seed, (shown, result) in enumerate(asyncio.run(run())):
        twin = _game(seed).reply(replies[seed])
        assert shown == result.visible
        assert result.to_json() == twin.to_json()
        assert result.state == twin.state
        assert games[seed].turns == (result,)


# -- what a stream keeps --------------------------------------------------------------------------


def test_a_stream_keeps_no_object_per_token_of_prose() -> None:
    words = [" word"] * 20_000  # a str object is 54 bytes at least: one kept a token would be seen
    game = _game()
    turn = game.begin_reply()
    held: list[int] = []
    chunks = _chat_chunks(words)

    def source() -> Iterator[dict[str, Any]]:
        yield from chunks
        held.append(tracemalloc.get_traced_memory()[0])

    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        stream = stream_reply(turn, source())
        assert "".join(stream) == " word" * 20_000
    finally:
        tracemalloc.stop()
    # The text and the visible text, 5 characters a token each, and a little for each run of 64 tokens.
    assert (held[0] - base) / len(words) < 5 * 2 + 8
    assert stream.result.visible == " word" * 20_000


@pytest.mark.parametrize("reply", [pytest.param(text, id=f"reply-{i}") for i, text in enumerate(REPLIES)])
def test_prose_passed_straight_through_gives_the_one_shot_result(reply: str) -> None:
    # Word-sized chunks, most of them prose a turn passes straight through, in runs longer than it keeps.
    long = ("The lantern gutters, and the rain keeps on. " * 40 + "\n") + reply + " Then quiet. " * 80
    chunks = [piece for piece in re.split(r"(?=[ \n])", long) if piece]
    stream = stream_reply(_game(), _chat_chunks(chunks))
    pieces = list(stream)
    assert "".join(pieces) == stream.result.visible
    assert stream.result.to_json() == _game().reply(long).to_json()


# -- the loop's fast path against feeding the turn chunk by chunk --------------------------------

# Every text a fast path must agree on: the realistic replies, the sloppy-tag corpora, the middleware's
# own replies, and a tag whose body runs past the limit in small pieces.
DIFF_TEXTS = [
    *(cast(Reply, reply.values[0]).text for reply in STREAM_REPLIES),
    *(case.sloppy for case in (*ALL_CASES, *HOLDOUT_CASES)),
    *REPLIES,
    'He waits. [inventory: action="add" item="' + "rope " * 400 + '"] And on.\nMore [sheet: op=rest',
    'Wide \uff3binventory: action="add" item="rope"\uff3d and (inventory: add rope) and {x} <y>.',
    # Words beyond ASCII, which the loop passes as ASCII ones, among tags, gaps and wide brackets.
    "\u00c7a va. [sheet: op=rest] He said caf\u00e9 \u00fcber na\u00efve \u6771\u4eac stra\u00dfe,\n"
    "[inventory: add rope] \u00c6r\u00f8 \u00ab\u00e9t\u00e9\u00bb \uff3bx\uff3d \u2460 \u00b2 end.\n"
    "[loot: grave_goods] Then caf\u00e9 [sheet: op=rest] and \u00fcber\u00b2 at the end",
    # Words beyond ASCII after whitespace beyond ASCII (or a line break), which the loop passes too.
    "He said\u3000\u6771\u4eac and\u00a0caf\u00e9 [sheet: op=rest]\u2028\u00e9t\u00e9,\n\u00fcber"
    " \x85na\u00efve [inventory: add rope]\u3000\u6771 end.\n\u00c9l",
    # Carriage returns, which the kept chunks hold as they came, in prose, gaps, a tag and its body.
    "Done.\r\n[sheet: op=rest]\r\nThen\r on.\r\n\r\n[inventory: add\r rope] x\r [in\rventory: add rope]\r",
    # bench/stream_reply.py's shape: paragraphs, each ending in a line break then a tag, a word after it.
    "".join(f"The fog comes off the barrows, and bites again.\n{tag} The lantern." for tag in BENCH_TAGS),
]


def _counted(chunks: Sequence[Chunk], pulled: list[int]) -> Iterator[Chunk]:
    for chunk in chunks:
        pulled[0] += 1
        yield chunk


Seen: TypeAlias = tuple[list[tuple[int, str]], dict[str, Any], list[Event]]


def _streamed(text: str, pieces: Sequence[str]) -> Seen:
    """(chunks pulled, piece) for each piece ``stream_reply`` yields over dict chunks of ``pieces``, the
    result and the scanner's events (merged)."""
    chunks = _chat_chunks(pieces)
    pulled = [0]
    stream = stream_reply(_game(), _counted(chunks, pulled))
    seen = [(pulled[0], piece) for piece in stream]
    return seen, stream.result.to_json(), merge_text(stream.turn._events)


def _fed(text: str, pieces: Sequence[str]) -> Seen:
    """The same, from ``Turn.feed`` of each chunk's text in turn (no loop of the middleware's own)."""
    chunks = _chat_chunks(pieces)
    turn = _game().begin_reply()
    seen: list[tuple[int, str]] = []
    for i, chunk in enumerate(chunks):
        if piece := turn.feed(chunk_text(chunk)):
            seen.append((i + 1, piece))
    result = turn.finish()
    if tail := result.visible[sum(len(piece) for _, piece in seen) :]:
        seen.append((len(chunks), tail))
    return seen, result.to_json(), merge_text(turn._events)


def test_the_turn_s_fast_paths_are_what_the_stream_of_the_bench_s_shape_takes(
    monkeypatch: pytest.MonkeyPatch, token_counter: TokenCounter
) -> None:
    # The differential tests above cover ``Turn.take``'s whole tag (``TagStream.feed_head_tag``, and
    # ``feed_prose_tag`` with the prose after a gap) and the gap read from what ``lead``/``spaced`` said
    # (``VisibleText.feed_after_lead``, or ``feed_before_tag`` when a tag follows: ``Turn.take_tag``): each
    # tag of this reply cut at the model's tokens is read by them
    # but "[ inventory: ...", whose head the table reads only up to its first blank (it is fed), and each
    # run of prose after a tag is read after its lead.
    calls = {"tag": 0, "lead": 0}
    head_tag, prose_tag = TagStream.feed_head_tag, TagStream.feed_prose_tag
    after_lead = VisibleText.feed_after_lead

    def counted_tag(stream: TagStream, raw: str) -> RawTag | None:
        tag = head_tag(stream, raw)
        calls["tag"] += tag is not None
        return tag

    def counted_prose_tag(stream: TagStream, prose: str, raw: str) -> tuple[Text, RawTag] | None:
        events = prose_tag(stream, prose, raw)
        calls["tag"] += events is not None
        return events

    def counted_lead(visible: VisibleText, lead: str, text: str, *, tag: bool = False) -> str:
        calls["lead"] += 1
        return after_lead(visible, lead, text, tag=tag)

    before_tag = VisibleText.feed_before_tag

    def counted_before_tag(visible: VisibleText, lead: str, text: str) -> tuple[str, str, str]:
        calls["lead"] += 1
        return before_tag(visible, lead, text)

    monkeypatch.setattr(VisibleText, "feed_before_tag", counted_before_tag)
    monkeypatch.setattr(TagStream, "feed_head_tag", counted_tag)
    monkeypatch.setattr(TagStream, "feed_prose_tag", counted_prose_tag)
    monkeypatch.setattr(VisibleText, "feed_after_lead", counted_lead)
    text = DIFF_TEXTS[-1]
    pieces = list(token_counter.pieces(text))
    assert _streamed(text, pieces) == _fed(text, pieces)
    assert calls == {"tag": len(BENCH_TAGS) - 1, "lead": len(BENCH_TAGS)}


def _word_pieces(text: str) -> list[str]:
    return [piece for piece in re.split(r"(?<=[ \n\]\"])", text) if piece]


def _split_by(splitter: str, text: str, rng: random.Random, token_counter: TokenCounter) -> list[str]:
    """``text`` cut one character at a time, at words, at the model's tokens, or at random."""
    if splitter == "chars":
        return list(text)
    if splitter == "words":
        return _word_pieces(text)
    if splitter == "tokens":
        return list(token_counter.pieces(text))
    return _split(text, rng)


@pytest.mark.parametrize("splitter", ["chars", "words", "random", "tokens"])
def test_the_stream_s_fast_path_gives_what_feeding_the_turn_gives(
    splitter: str, token_counter: TokenCounter
) -> None:
    rng = random.Random(splitter)
    for text in DIFF_TEXTS:
        pieces = _split_by(splitter, text, rng, token_counter)
        assert _streamed(text, pieces) == _fed(text, pieces), text


def _the_long_way(pieces: Sequence[str]) -> tuple[list[str], list[Event]]:
    """Each chunk's visible piece and the events, from the scanner and the visible text fed chunk by
    chunk with no fast path of the turn's (``TagStream.feed``, ``VisibleText.feed``)."""
    stream, visible = TagStream(), VisibleText()
    shown: list[str] = []
    events: list[Event] = []
    for piece in pieces:
        fed = stream.feed(clean_text(piece)) if piece else []
        events += fed
        shown.append(visible.feed(fed))
    tail = stream.close()
    events += tail
    shown.append(visible.feed(tail) + visible.close())
    return shown, merge_text(events)


def _turn_fed(pieces: Sequence[str]) -> tuple[list[str], list[Event]]:
    """The same from ``Turn.feed`` (its passed runs, its gap and whitespace steps), then ``finish``."""
    turn = _game().begin_reply()
    shown = [turn.feed(piece) for piece in pieces]
    result = turn.finish()
    shown.append(result.visible[sum(map(len, shown)) :])
    return shown, merge_text(turn._events)


@pytest.mark.parametrize("splitter", ["chars", "words", "random", "tokens"])
def test_feeding_the_turn_gives_what_the_scanner_and_the_visible_text_give(
    splitter: str, token_counter: TokenCounter
) -> None:
    rng = random.Random(splitter)
    texts = [*DIFF_TEXTS, "Done.\n\nThe end.  \n", " \n[sheet: op=rest]\n\n  Then on.\t\n"]
    for text in texts:
        pieces = _split_by(splitter, text, rng, token_counter)
        assert _turn_fed(pieces) == _the_long_way(pieces), text


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_random_splits_fed_to_the_turn_give_what_the_long_way_gives(data: st.DataObject) -> None:
    _, pieces = _cut_at_random(data)
    assert _turn_fed(pieces) == _the_long_way(pieces)


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_random_splits_through_the_stream_give_what_feeding_the_turn_gives(data: st.DataObject) -> None:
    text, pieces = _cut_at_random(data)
    assert _streamed(text, pieces) == _fed(text, pieces)


def _cut_at_random(data: st.DataObject) -> tuple[str, list[str]]:
    """One of the differential texts, and its pieces at up to 40 random cuts."""
    text = data.draw(st.sampled_from(DIFF_TEXTS))
    cuts = sorted(set(data.draw(st.lists(st.integers(0, len(text)), max_size=40))))
    return text, [text[a:b] for a, b in itertools.pairwise([0, *cuts, len(text)])]


def test_the_loop_s_opening_brackets_are_the_ascii_ones_of_the_vocabulary() -> None:
    # The loop unrolls ``is_passed``'s bracket test: "[", "(", "{" and "<", every ASCII opener there is.
    assert {opener for opener in PAIRS if opener.isascii()} == {"[", "(", "{", "<"}
    for char in map(chr, range(128)):
        for chunk in (char, f"a{char}", f"{char}a"):
            passed = chunk[-1] not in HELD_AT_END and all(c not in chunk for c in "[({<")
            assert passed == is_passed(chunk), repr(chunk)


_WORDS = [  # ``str.isalnum`` after any whitespace; a combining mark, a wide bracket or a quotation mark is not
    "caf\u00e9",
    " \u00fcber",
    "  \u6771\u4eac",
    "\u00b2",
    " \u2460",
    "\u00c6r\u00f8",
    " ab12",
    "\n\u00e9t\u00e9",
    "\u3000\u6771\u4eac",
    "\u00a0caf\u00e9",
    "\u2028x\u00e9",
    "\t \x85\u00fcber",
]
_NOT_WORDS = [
    "x\u0301",
    "\uff3bx",
    "x\u3010",
    "\u00abx",
    "x\u201d",
    "\ud800",
    "x\udc00",
    "caf\u00e9 ",
    "x\u3000",
    "\u00e9[in",
]


@pytest.mark.parametrize("chunk", [*_WORDS, *_NOT_WORDS])
def test_a_passed_word_beyond_ascii_is_what_feed_shows_as_it_is(chunk: str) -> None:
    # The loop passes a word in any script (``is_passed``): ``feed`` shows it as it is and stays passing,
    # and the scanner reads it, and a run of them, as one ``Text`` of prose that needs no cleaning.
    assert is_passed(chunk) == (chunk in _WORDS)
    for before in ("", "Then", "\u00c9l"):
        turn = _game().begin_reply()
        turn.feed(before)
        assert turn.mode == PASSING
        if is_passed(chunk):
            assert turn.feed(chunk) == chunk and turn.mode == PASSING
    for text in (chunk, f"He said {chunk}", f"{chunk}.\n"):
        stream = TagStream()
        if is_prose(text):
            assert stream.feed(text) == [Text(text)] and stream.is_idle
            assert clean_text(text) == text
        else:
            assert not is_passed(chunk)


def test_a_chunk_ending_in_whitespace_is_what_the_turn_holds_and_the_scanner_does_not() -> None:
    # ``Turn.take`` ends a passed run with a chunk ending in ASCII whitespace as plain prose: the visible
    # text holds that end (``str.isspace``), the scanner never does (it is no markup).
    spaces = {char for char in map(chr, range(128)) if char.isspace()}
    assert SPACES == spaces == HELD_AT_END - MARKUP
    assert MARKUP.isdisjoint(spaces)


class _Tracked(dict[str, Any]):
    """A dict of another type: the loop leaves it to ``chunk_text``."""


class _Str(str):
    """A str of another type."""


_SHAPES: list[object] = [
    {"choices": [{"index": 0, "delta": {"content": "Hi"}}]},
    {"choices": [{"delta": {"content": "Hi"}}]},
    {"choices": [{"index": None, "delta": {"content": "Hi"}}]},
    {"choices": [{"index": False, "delta": {"content": "Hi"}}]},
    {"choices": [{"index": 0.0, "delta": {"content": "Hi"}}]},
    {"choices": [{"index": 1, "delta": {"content": "Hi"}}]},
    {"choices": [{"index": "0", "delta": {"content": "Hi"}}]},
    {"choices": [{"index": True, "delta": {"content": "Hi"}}]},
    {"choices": [{"index": [0], "delta": {"content": "Hi"}}]},
    {"choices": ({"index": 0, "delta": {"content": "Hi"}},)},
    {"choices": [{"index": 0, "delta": {"content": "Hi"}}, {"index": 0, "delta": {"content": "Ho"}}]},
    {"choices": []},
    {"choices": {"index": 0}},
    {"choices": "x"},
    {"choices": [_Tracked(index=0, delta={"content": "Hi"})]},
    {"choices": [{"index": 0, "delta": _Tracked(content="Hi")}]},
    {"choices": [{"index": 0, "delta": {"content": _Str("Hi")}}]},
    {"choices": [{"index": 0, "delta": {"content": b"Hi"}}]},
    {"choices": [{"index": 0, "delta": {"content": None}}]},
    {"choices": [{"index": 0, "delta": {}}]},
    {"choices": [{"index": 0, "delta": None}]},
    {"choices": [{"index": 0, "text": "Hi"}]},
    {"choices": [{"index": 0}]},
    {"choices": [None]},
    {"choices": ["x"]},
    {"choices": [["index", "delta"]]},
    {"choices": [{"index": 0, "delta": "Hi"}]},
    {"choices": [{"index": 0, "delta": ["content"]}]},
    {"choices": [{"index": [], "delta": {"content": "Hi"}}]},
    {"choices": [{"index": 0, "delta": {"content": "Hi"}}], "usage": None},
    {"choice": []},
    _Tracked(choices=[{"index": 0, "delta": {"content": "Hi"}}]),
    "Hi",
    b"Hi",
    None,
]


async def _drained(chunks: Sequence[Chunk]) -> list[str]:
    return [piece async for piece in astream_reply(_game(), _agen(chunks))]


# Every shape again as an SDK's objects (attributes for keys), and a few of their own.
_OBJECT_SHAPES: list[object] = [
    *(_as_object(shape) for shape in _SHAPES if type(shape) is dict),
    SimpleNamespace(choices=[SimpleNamespace(index=0, delta=None)]),
    SimpleNamespace(choices=[SimpleNamespace(index=0, text="Hi")]),
    SimpleNamespace(choices=[SimpleNamespace(index=0, delta=SimpleNamespace(role="assistant"))]),
    SimpleNamespace(choices=(SimpleNamespace(index=0, delta=SimpleNamespace(content="Hi")),)),
    SimpleNamespace(choices=[SimpleNamespace(index=1, delta=SimpleNamespace(content="Hi"))]),
    SimpleNamespace(choices=[SimpleNamespace(index=0, delta=SimpleNamespace(content=b"Hi"))]),
]
_AFTER = {  # the chunk read before a shape: none, a dict (by key), an object (by attribute), a string
    "first": [],
    "after-a-dict": [{"choices": [{"index": 0, "delta": {"content": "Ah."}}]}],
    "after-an-object": [_as_object({"choices": [{"index": 0, "delta": {"content": "Ah."}}]})],
    "after-a-string": ["Ah."],
}


@pytest.mark.parametrize("after", list(_AFTER))
@pytest.mark.parametrize(
    "chunk",
    [
        *(pytest.param(chunk, id=f"shape-{i}") for i, chunk in enumerate(_SHAPES)),
        *(pytest.param(chunk, id=f"object-{i}") for i, chunk in enumerate(_OBJECT_SHAPES)),
    ],
)
def test_the_loop_reads_each_chunk_shape_as_chunk_text_does(chunk: object, after: str) -> None:
    # The loop reads the common dict shape itself, and an SDK's objects by attribute once a chunk was one
    # (a stream of dicts tries each chunk by key): what it shows, or raises, is what ``chunk_text`` says,
    # whatever came before.
    before = _AFTER[after]
    try:
        expected: object = "".join(chunk_text(one) for one in [*before, chunk])
    except (TypeError, ValueError) as error:
        expected = (type(error), str(error))
    for sync in (True, False):
        chunks = [*before, chunk, {"choices": [{"index": 0, "delta": {"content": " and on."}}]}]
        try:
            pieces = list(stream_reply(_game(), chunks)) if sync else asyncio.run(_drained(chunks))
            got: object = "".join(pieces).removesuffix(" and on.")
        except (TypeError, ValueError) as error:
            got = (type(error), str(error))
        assert got == expected


def test_take_of_text_kept_while_the_turn_passed_nothing_gives_what_feed_gives() -> None:
    # Misuse (the chunks were not taken as ``mode`` said), still read right: the scanner reads on.
    pieces = ["Done.\n", "Then [in", 'ventory: action="add" item="rope"] on', " and on."]
    taking = _game().begin_reply()
    shown = [taking.feed(pieces[0]), taking.take([pieces[1]]), taking.feed(pieces[2]), taking.feed(pieces[3])]
    feeding = _game().begin_reply()
    assert shown == [feeding.feed(piece) for piece in pieces]
    assert taking.finish().to_json() == feeding.finish().to_json()


@pytest.mark.parametrize(
    ("taken", "chunk", "opened"),
    [
        ([""], "", -1),
        ([""], " on", -1),
        (["x"], "", 1),
        (["", "[in"], 'ventory: x="y"]', 1),
        (["On", "[in"], 'ventory: x="y"] on', 1),
        (["\xa0Then"], " on", -1),  # whitespace beyond ASCII, which the visible text strips
        (["\u3000Then", "[in"], 'ventory: x="y"]', 1),
        (["\u2003"], "", -1),
        ([" \xa0Then"], "", -1),
    ],
)
def test_take_of_odd_chunks_after_a_gap_gives_what_feed_gives(
    taken: list[str], chunk: str, opened: int
) -> None:
    # Misuse after a gap whose lead was asked (empty chunks, an ``opened`` past the chunks): still read right.
    taking, feeding = _game().begin_reply(), _game().begin_reply()
    pieces = ["Done. ", '[sheet: op="rest"]', " "]
    for turn in (taking, feeding):
        for piece in pieces:
            turn.feed(piece)
        _ = turn.lead, turn.spaced
    shown = taking.take(list(taken), chunk, opened)
    assert shown == [feeding.feed(piece) for piece in [*taken, chunk]][-1]  # what the last feed returns
    assert taking.finish().to_json() == feeding.finish().to_json()


_LOOP_CHUNKS = [
    *(char for char in map(chr, range(128))),
    *(f"a{char}" for char in map(chr, range(128))),
    *(f"{char}a" for char in map(chr, range(128))),
    ".\n",
    " \n\n",
    "Then ",
    "**bold** ",
    "\t",
    " [",
    "[in",
    "x [inv",
    "\n\n[s",
    "**[in",
    '"[in',
    "([in",
    "[[in",
    "a [b",
    "[ **inv",
    "[inventory",
    "caf\u00e9 ",
    "\u00e9[in",
]


@pytest.mark.parametrize("chunk", _LOOP_CHUNKS)
def test_a_gapped_or_opener_chunk_is_what_the_scanner_and_the_visible_text_make_of_it(chunk: str) -> None:
    # What the loop keeps while ``PASSING`` besides ``is_passed`` chunks: prose ending in whitespace is one
    # ``Text`` to the idle scanner (which stays idle) and shows up to that whitespace; an opener's prose is
    # that too, and its "[" head is held (``TagStream.head``), showing nothing.
    stream, visible = TagStream(), VisibleText()
    events = stream.feed(chunk)
    shown = visible.feed(events)
    if is_gapped(chunk):
        assert events == [Text(chunk)] and stream.is_idle
        assert shown == chunk.rstrip()
    if is_opener(chunk):
        bracket = chunk.rfind("[")
        prose = chunk[:bracket]
        assert events == ([Text(prose)] if prose else [])
        assert stream.head == chunk[bracket:]
        assert shown == prose.rstrip()
    assert not (is_gapped(chunk) and is_opener(chunk))
    assert not (is_passed(chunk) and (is_gapped(chunk) or is_opener(chunk)))


# Openers with their body's start in one chunk (a stream cut after words): heads of every shape the head
# table reads, with a colon or a space, and near misses (no head end, a closer, markup at the end, a line
# break, a doubled bracket, a head the table does not know, a body past the limit).
_BODY_OPENERS = [
    *(
        f"{head}{end}{body}"
        for head in ("[inventory", "[Inventory", "[ sheet", "[loot**", "[place")
        for end in ": "
        for body in ("", " ", "action=", 'op="rest" ', "add rope ")
    ),
    "[inventory:",
    "[inventory",
    "[inventory] ",
    "[inventory: add*",
    "[inventory: add\n",
    "[[inventory: ",
    "[sheetmusic: ",
    "[in ventory: ",
    "[inventory: " + "x" * 2_000,
    "[inventory: (rope",
]


@pytest.mark.parametrize("prose", ["", "He waits. ", "Done.\n", "word"])
@pytest.mark.parametrize("opener", _BODY_OPENERS)
def test_a_head_and_its_body_s_start_in_one_chunk_is_held_in_the_tag_s_body(prose: str, opener: str) -> None:
    # ``is_body_opener`` (the loop keeps such a chunk and holds as ``HOLDING``): fed to the idle scanner after
    # plain prose, the prose is one ``Text`` and the head and body are held in that tag's body, nothing shown.
    if not is_body_opener(opener):
        return
    stream, visible = TagStream(), VisibleText()
    events = stream.feed(prose + opener)
    assert events == ([Text(prose)] if prose else [])
    assert stream.is_in_body
    assert visible.feed(events) == prose.rstrip()


def test_the_body_openers_a_stream_cut_after_words_holds_are_read_so() -> None:
    # The common heads, cut after the head's colon or space, are taken; the near misses are not.
    taken = [opener for opener in _BODY_OPENERS if is_body_opener(opener)]
    assert "[inventory: " in taken and "[ sheet action=" in taken and "[loot**:add rope " in taken
    assert "[inventory:" in taken  # the colon opens the body, as the chunk ":" after "[inventory" does
    assert not {"[inventory", "[inventory] ", "[inventory: add*", "[[inventory: ", "[in ventory: "} & set(
        taken
    )
    assert not {
        "[sheetmusic: ",
        "[inventory: " + "x" * 2_000,
        "[inventory: (rope",
        "[inventory: add\n",
    } & set(taken)


def test_the_async_loop_is_the_sync_loop_line_for_line() -> None:
    # The per-chunk loop is written twice (a call a chunk would cost more than the loop's own steps): the
    # async one must read every chunk exactly as the sync one, so the two differ only in how they pull.
    import inspect

    from tagproc import middleware

    def body(function: object) -> list[str]:
        lines = inspect.getsource(function).splitlines()  # type: ignore[arg-type]
        start = next(i for i, line in enumerate(lines) if line.strip() == "turn = reply.turn")
        return [line.replace("async for chunk in", "for chunk in") for line in lines[start:]]

    assert body(middleware._pieces) == body(middleware._apieces)


def test_the_kept_chunks_reach_the_turn_at_the_bound_from_every_branch() -> None:
    # The loop's fixed list of ``_TAKE_MOST`` slots (one more after an opener's prose): runs of every
    # length around the bound before a gapped chunk, an opener with prose, a head growing, a body and a
    # word after a gap, each read as feeding the turn reads it.
    from tagproc.middleware import _TAKE_MOST

    for count in range(_TAKE_MOST - 3, _TAKE_MOST + 5):
        for filler in (" word", "word "):  # a passed chunk; a word then its space, whose space is held
            for tail in (
                ["Then ", "x [in", "ventory", ":", " add", " rope", "]", " On", " and", " on."],
                ["Then [in", "ventory", ":", *[" rope"] * (_TAKE_MOST + 2), "]", " On."],
                [".\n", "[in", "ventory", ": add rope", "]", *[" on"] * (_TAKE_MOST + 1)],
                ["[inventory: ", "add rope", "] ", *["on "] * (_TAKE_MOST + 1)],
            ):
                pieces = [filler] * count + tail
                text = "".join(pieces)
                assert _streamed(text, pieces) == _fed(text, pieces), (count, filler, tail)


def test_long_kept_runs_from_every_branch_give_what_feeding_the_turn_gives() -> None:
    # Runs far past the bound from every branch: a passed run, a body (past ``BODY_LIMIT`` too) ended by
    # its "]" or cut at a blank line, a run after a tag; each read as feeding the turn reads it.
    for count in (0, 1, 2_000):
        for tail in (
            ["Then [in", "ventory", ":", *[" rope"] * count, "]", " On."],
            ["Then [in", "ventory", ":", *[" rope"] * count, "\n", "\n", "More."],
            [".\n", "[in", "ventory", ": add rope", "]", *[" on"] * count],
            ["Done.\r\n", "[in", "ventory", ":", " add\r", " rope", "]\r", " On\r", "\r\n", "x"],
        ):
            pieces = [" word"] * count + tail
            text = "".join(pieces)
            assert _streamed(text, pieces) == _fed(text, pieces), (count, tail)


def test_a_stream_keeps_no_object_per_token_of_fresh_chunks() -> None:
    # Each chunk and its text a new object, freed once read unless the stream keeps it (a str is 54 bytes
    # at least): what is held is the text's characters and the kept slots, not an object a token.
    count = 20_000
    turn = _game().begin_reply()
    held: list[int] = []

    def source() -> Iterator[dict[str, Any]]:
        for i in range(count):
            word = "".join((" wo", "rd" if i % 2 else "rds"))  # a fresh str each time
            yield {"choices": [{"index": 0, "delta": {"content": word}}]}
        held.append(tracemalloc.get_traced_memory()[0])

    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        stream = stream_reply(turn, source())
        shown = sum(map(len, stream))
    finally:
        tracemalloc.stop()
    assert shown == len(stream.result.visible) == 11 * count // 2
    assert (held[0] - base) / count < 2 * 5.5 + 8


@pytest.mark.parametrize("char", [chr(code) for code in range(128)])
def test_a_one_character_chunk_is_shown_as_feeding_the_turn_shows_it(char: str) -> None:
    # The loop passes the one-character chunks ``is_passed`` takes by a set lookup (``PASSED_CHARS``).
    assert (char in PASSED_CHARS) == is_passed(char)
    for pieces in (["Then", char, " on."], ["Then ", char, "x"], [char, char, "[in", char, "]", char]):
        text = "".join(pieces)
        assert _streamed(text, pieces) == _fed(text, pieces), pieces


@pytest.mark.parametrize("text", DIFF_TEXTS)
def test_the_leads_a_turn_keeps_are_what_its_visible_text_says(text: str) -> None:
    # ``Turn.lead``/``spaced`` read after a whole tag (``_gapped_after_tag``), or kept once asked, are what
    # the visible text says of the gap it holds at that point, whatever was fed since they were read.
    for splitter in (_word_pieces, list):
        turn = _game().begin_reply()
        for piece in splitter(text):
            turn.feed(piece)
            if turn.mode == RESUMING:
                assert (turn.lead, turn.spaced) == turn._visible.leads(), (text, piece)
            elif turn._lead is not None:  # kept from a gap the turn has read on from: asked again, read again
                assert (turn.lead, turn.spaced) == (turn._visible.lead(), turn._visible.spaced_lead())
