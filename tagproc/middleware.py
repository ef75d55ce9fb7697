"""Middleware: a model's chunk stream through a turn, sync (``stream_reply``) and async (``astream_reply``).

This module owns the glue between a chat pipeline's chunk source and a ``Turn``: reading the text out of
each chunk (``chunk_text``: plain strings and OpenAI-style chat or legacy completion chunks, as dicts or
as SDK objects), yielding what the player reads as it arrives, and finishing the turn when the source ends.
It does no I/O of its own: it pulls from the iterable it is given, nothing else.

Invariants:
- Only non-empty visible pieces are yielded; joined, they are exactly ``result.visible``.
- The turn is finished (its tags run and the reply is committed to the game) exactly once, when the source
  is exhausted, and never before: tags never run per chunk (DESIGN.md "Known pitfalls").
- Nothing is committed unless the source ended: if the source raises (or the task is cancelled) the
  exception propagates and the turn is abandoned; if the consumer stops early (``break``, ``close()``,
  ``aclose()``, leaving a ``with`` block) the turn is abandoned too. An abandoned turn changes nothing, and
  the game takes a new ``begin_reply()`` as if it had never begun.
- A chunk of an unknown shape is the caller's API misuse, not model text: ``TypeError``, nothing committed.
- No delay, no object kept per token: the per-chunk loop shows a chunk the turn passes through (its
  ``mode``: prose up to the whitespace at its end, which the loop holds as the visible text would; a word
  after a held gap, after what the gap shows) in the step that read it, and keeps it, with the chunks that
  show nothing (a "[" head the scanner holds, its body), in a list of ``_TAKE_MOST`` slots (and one) that
  goes to the turn in one ``Turn.take`` with the next chunk it must read (``Turn.feed`` of that chunk when
  none is kept): a common tag and the prose before it are one call (``Turn.take_tag``). The pieces and the
  result are those of feeding the turn chunk by chunk: tested on one character at a time, words, tokens
  and random splits.
- No globals: every stream holds its own turn and source, so any number of streams over different games can
  be interleaved in one event loop. Two streams over the same game are one reply too many: the second to
  finish is refused by the game (``RuntimeError``), as ``Game`` refuses any stale turn.
"""

from __future__ import annotations

from collections.abc import (
    AsyncGenerator,
    AsyncIterable,
    AsyncIterator,
    Awaitable,
    Generator,
    Iterable,
    Iterator,
    Mapping,
)
from types import TracebackType
from typing import Any, Literal, TypeAlias

from tagproc.envelope import BODY_LIMIT, HEAD_ENDS, MARKUP, PARTIAL_OPENERS, WHOLE_HEADS
from tagproc.game import Game
from tagproc.turn import (
    HELD_AT_END,
    HOLDING,
    OPENING,
    PASSED_CHARS,
    PASSING,
    RESUMING,
    SPACES,
    Turn,
    TurnResult,
    is_body_opener,
)

__all__ = ["AsyncReplyStream", "Chunk", "ReplyStream", "astream_reply", "chunk_text", "stream_reply"]

# What a source may yield: a string, or an OpenAI-style chunk as a mapping or an object with attributes.
Chunk: TypeAlias = str | Mapping[str, Any] | object

_Phase = Literal["open", "done", "closed", "failed"]
_MISSING = object()
_FIRST = (0, None)  # the index of the first choice, or none given (0 first: the common one, by identity)
_TAKE_MOST = 64  # chunks a stream keeps before it hands them to the turn (no object kept per token)
_FORMS = (
    "a str, or an OpenAI-style chunk with choices[0].delta.content (chat) or choices[0].text (legacy "
    "completions), as a dict or an object with attributes"
)


def chunk_text(chunk: Chunk) -> str:
    """The text a chunk carries: ``""`` for a chunk with none (a role-only delta, a final or usage chunk).

    ``TypeError`` for any other shape (bytes, a non-streaming response, a content that is not a string),
    ``ValueError`` for a chunk of another choice than the first (a request with ``n`` > 1).
    """
    if type(chunk) is dict:
        text = _dict_text(chunk)
        if text is not None:
            return text
    elif isinstance(chunk, str):
        return chunk
    return _read_text(chunk)


def _dict_text(chunk: dict[str, Any]) -> str | None:
    """The common chat shape as a plain dict (``choices[0].delta.content`` a str), read by key all the way
    down, as JSON decodes a chunk (``json.loads`` of a server-sent event, an SDK object's ``model_dump()``);
    None for anything else, which ``_read_text`` reads (or refuses) as it always did.

    It takes only what ``_read_text`` reads the same, for the values JSON gives (dicts, lists, strings,
    numbers, None): exactly one choice, of index 0 or none, whose delta's content is a str. A dict built in
    Python is read the same way, its containers not type-tested: ``choices`` as any container of one choice
    (a deque, a dict's values), which ``_read_text`` alone would refuse (it asks for a list or a tuple). A
    value it cannot read by key (a str, a list or an object where a dict was expected: ``TypeError``), a
    missing key, no choice or several go to ``_read_text``, which says what is wrong. The per-chunk loop
    inlines it, with two differences that give the same text: it tries each chunk by key while the stream's
    chunks are dicts (a dict subclass or another mapping is read by key there, where this reads only a
    dict, as ``_read_text`` reads any mapping by ``get``), and it takes the first choice's index 0 by
    identity, leaving any other (None too) to ``_read_text``.
    """
    try:
        [choice] = chunk["choices"]  # ValueError when there are none or several
        if choice["index"] in _FIRST:
            text = choice["delta"]["content"]
            if type(text) is str:
                return text
    except (KeyError, ValueError, TypeError):  # ``_read_text`` tells which
        pass
    return None


def _read_text(chunk: Chunk) -> str:
    if isinstance(chunk, str):
        return chunk
    choices = _field(chunk, "choices")
    if choices is _MISSING:
        raise TypeError(f"cannot read text from a {type(chunk).__name__} chunk: expected {_FORMS}")
    if not isinstance(choices, list | tuple):
        raise TypeError(f"a chunk's choices must be a list, not {type(choices).__name__}: expected {_FORMS}")
    if not choices:  # a usage chunk (stream_options include_usage) or a content-filter notice
        return ""
    if len(choices) > 1:
        raise TypeError(f"a chunk with {len(choices)} choices: tagproc streams one reply (request n=1)")
    choice = choices[0]
    index = _field(choice, "index")
    if index not in (_MISSING, None, 0):
        raise ValueError(f"a chunk of choice {index!r}: tagproc streams one reply (request n=1)")
    delta = _field(choice, "delta")
    if delta is not _MISSING:
        return _text_or_empty(_field(delta, "content") if delta is not None else None, "delta.content")
    text = _field(choice, "text")
    if text is not _MISSING:
        return _text_or_empty(text, "text")
    raise TypeError(
        f"a chunk's choice with neither delta nor text (a non-streaming response? pass its "
        f"message.content): expected {_FORMS}"
    )


def _field(value: object, name: str) -> object:
    """A mapping's key or an object's attribute, ``_MISSING`` when there is none."""
    if type(value) is dict or isinstance(value, Mapping):
        return value.get(name, _MISSING)
    return getattr(value, name, _MISSING)


def _text_or_empty(value: object, where: str) -> str:
    if value is None or value is _MISSING:  # a role-only delta, a tool call, the finish_reason chunk
        return ""
    if not isinstance(value, str):
        raise TypeError(f"a chunk's choices[0].{where} must be a str or None, not {type(value).__name__}")
    return value


def _turn_of(turn_or_game: Game | Turn) -> Turn:
    if isinstance(turn_or_game, Game):
        return turn_or_game.begin_reply()
    if isinstance(turn_or_game, Turn):
        return turn_or_game
    raise TypeError(f"expected a Game or a Turn, not {type(turn_or_game).__name__}")


class _Reply:
    """What both streams share: the turn, the phase and, once the source ended, the result."""

    __slots__ = ("_phase", "_result", "turn")

    def __init__(self, turn: Turn) -> None:
        self.turn = turn
        self._phase: _Phase = "open"
        self._result: TurnResult | None = None

    def end(self, shown: int) -> str:
        """The source ended: finish the turn (run its tags, commit) and return the visible text it held
        past the ``shown`` characters already given."""
        self._phase = "failed"  # until finish() returns: a refused commit must not read as done
        result = self.turn.finish()
        self._result = result
        self._phase = "done"
        # ``visible`` is every piece ``feed`` returned then the tail ``finish`` released, in order.
        return result.visible[shown:]

    def fail(self) -> None:
        if self._phase == "open":  # a close() that stopped the pieces is not a failure
            self._phase = "failed"

    def stop(self) -> bool:
        """Stop early; True when the source should be closed (the stream was still open)."""
        if self._phase != "open":
            return False
        self._phase = "closed"
        return True

    @property
    def result(self) -> TurnResult:
        if self._result is not None:
            return self._result
        if self._phase == "open":
            raise RuntimeError("the reply has not ended: iterate the stream to its end first")
        if self._phase == "closed":
            raise RuntimeError("the stream was closed before the reply ended; nothing was committed")
        raise RuntimeError("the reply failed (see the exception it raised); nothing was committed")


def _pieces(reply: _Reply, source: Iterator[Chunk]) -> Generator[str, None, None]:
    """The visible pieces, pulled from ``source``: the per-chunk loop, kept to a few steps a chunk.

    The common dict shape is read in the loop (``_dict_text`` inlined, each chunk tried by key while the
    stream's chunks are dicts: a chunk it does not take is read by ``_read_text``, which says what is wrong
    with it); once a chunk was an SDK's object, the next ones are read by attribute the same way. A chunk
    the turn's ``mode`` says it may keep (``Turn.take``) is kept:
    prose it passes through is shown at once (``PASSING``: up to the whitespace at its end, which the loop
    holds as the visible text would, in ``gap``); a "[" head the scanner holds (``is_opener``: from
    ``opened`` in the kept chunks), a head still growing or opening its body (``OPENING``: the head held
    in ``head``, read with the scanner's own tables) and a tag's body (``HOLDING``) show nothing. The kept
    chunks (at most ``_TAKE_MOST`` and one) go to the turn in one ``take`` with the next chunk it must
    read, or at the end; a tag the loop saw open, with the prose before it, in one ``Turn.take_tag`` with
    the chunk that closes it. They are kept in the first ``kept`` slots of a list of fixed length (no list
    grown from empty after each take, and what the slots past ``kept`` still hold is at most that many
    chunks, as the turn's own runs are): a passed chunk or a body chunk is one store, and the list's end
    its bound (``IndexError`` when every slot is full: the chunk then goes to the turn with the kept ones,
    as one it must read); the other branches, which keep one or two chunks now and then, test the count.
    """
    turn = reply.turn
    feed, take, take_tag = turn.feed, turn.take, turn.take_tag
    taken, kept = [""] * (_TAKE_MOST + 1), 0
    mode, head, gap, opened = turn.mode, turn.head, "", -1
    passing = mode is PASSING  # ``mode is PASSING``, kept with ``mode``: the common chunk's one test
    zero = 0  # the first choice's index (``_FIRST``), as JSON decodes it
    dicts = True  # read each chunk by key first (a chunk that is no dict raises there), until one is no dict
    objects = False
    chunk: Any  # read by key or by attribute, and what cannot be read so by ``_read_text``
    try:
        for chunk in source:
            if dicts:  # ``_dict_text``, inlined: tried on each chunk of a stream of dicts
                try:
                    [choice] = chunk["choices"]  # ValueError when there are none or several
                    # ``_FIRST``'s common 0 by identity (one object: a small int), any other index read by
                    # ``_read_text``; ``+ ""``: a str as it is (a str subclass as a str), TypeError for anything else
                    text = choice["delta"]["content"] + "" if choice["index"] is zero else None
                except (KeyError, ValueError, TypeError):  # ``_read_text`` reads it (or says what is wrong)
                    text = None
            elif objects:  # the same by attribute, for a stream of an SDK's objects
                try:
                    [choice] = chunk.choices
                    text = choice.delta.content + "" if choice.index is zero else None
                except (AttributeError, ValueError, TypeError):
                    text = None
            else:  # a stream of strings: each as it is (anything else read by ``_read_text``)
                text = chunk if type(chunk) is str else None
            if not text:
                if text is None:  # what ``chunk_text`` reads once ``_dict_text`` took nothing
                    text = _read_text(chunk)
                    # Strings or objects are not tried by key again; objects (no str, no mapping) by attribute.
                    dicts = type(chunk) is dict
                    objects = not dicts and not isinstance(chunk, str | Mapping)
                if not text:
                    continue
            if passing:
                # ``is_passed``, unrolled: a word in any script after any whitespace (the common token, in
                # two calls), or ASCII with no opener and nothing held at its end.
                if (
                    text.lstrip().isalnum()
                    or text in PASSED_CHARS
                    or (
                        text.isascii()
                        and text[-1] not in HELD_AT_END
                        and "[" not in text
                        and "(" not in text
                        and "{" not in text
                        and "<" not in text
                    )
                ):
                    try:
                        taken[kept] = text
                    except IndexError:  # every slot is full: the turn reads them with this chunk, below
                        pass
                    else:
                        kept += 1
                        if gap:  # the whitespace held before it shows now, as written (no tag in it)
                            text, gap = gap + text, ""
                        yield text
                        continue
                if text.isascii() and (word := text.rstrip()).lstrip().isalnum():
                    # ``is_gapped``'s common chunk, a word then whitespace (cut after its space): shown up to
                    # that whitespace, which is held (as below, in fewer steps)
                    try:
                        taken[kept] = text
                    except IndexError:  # every slot is full: read below
                        pass
                    else:
                        kept += 1
                        piece, gap = gap + word, text[len(word) :]
                        yield piece
                        continue
                if text.isascii():
                    # ``is_gapped`` and ``is_opener``, unrolled: prose shown up to the whitespace at its
                    # end, which is held; then, for an opener, the "[" head the scanner holds.
                    bracket, body = text.rfind("["), False
                    if bracket < 0:
                        prose = text if text[-1] in SPACES else None
                    elif text[bracket:].lower() in PARTIAL_OPENERS or (
                        body := is_body_opener(text[bracket:])  # a head and its body's start: one chunk
                    ):
                        prose = text[:bracket]
                        if prose and prose[-1] in MARKUP:
                            prose = None  # markup that may wrap the opener: the scanner reads it
                    else:
                        prose = None
                    if prose is not None and (
                        "[" not in prose and "(" not in prose and "{" not in prose and "<" not in prose
                    ):
                        if kept >= _TAKE_MOST:  # kept chunks filled the slots: the turn reads them first
                            take(taken[:kept])
                            kept = 0
                        if prose:
                            taken[kept] = prose
                            kept += 1
                            end = len(prose.rstrip())
                            if end:
                                piece, gap = gap + prose[:end], prose[end:]
                            else:
                                piece, gap = "", gap + prose
                        else:
                            piece = ""
                        if bracket >= 0:
                            head = text[bracket:]
                            opened = kept
                            taken[kept] = head
                            kept += 1
                            mode, passing = HOLDING if body else OPENING, False
                        if kept >= _TAKE_MOST:  # the turn holds the whitespace and the head now
                            take(taken[:kept], "", opened)
                            kept, mode, head, gap, opened = 0, turn.mode, turn.head, "", -1
                            passing = mode is PASSING
                        if piece:
                            yield piece
                        continue
            elif mode is HOLDING:
                if "]" not in text and "[" not in text and "\n" not in text:
                    try:
                        taken[kept] = text
                    except IndexError:  # every slot is full: the turn reads them with this chunk, below
                        pass
                    else:
                        kept += 1
                        continue
                if opened >= 0 and "]" in text:  # the tag the loop saw open closes: ``take``, in fewer steps
                    piece = take_tag(taken, kept, opened, text)
                    kept, mode, head, gap, opened = 0, turn.mode, turn.head, "", -1
                    passing = mode is PASSING
                    if piece:
                        yield piece
                    continue
            elif mode is OPENING and "[" not in text and (grown := head + text).isascii():
                # ``TagStream.head``: the opener grows, or its body opens; nothing shows either way.
                if grown.lower() in PARTIAL_OPENERS:
                    head = grown
                elif (
                    text[0] in HEAD_ENDS
                    and head.lower() in WHOLE_HEADS
                    and "]" not in text
                    and "\n" not in text
                    and "(" not in text
                    and "{" not in text
                    and "<" not in text
                    and text[-1] not in MARKUP
                    and len(text) <= BODY_LIMIT
                ):
                    mode = HOLDING
                else:
                    grown = ""
                if grown:
                    taken[kept] = text
                    kept += 1
                    if kept >= _TAKE_MOST:
                        take(taken[:kept], "", opened)
                        kept, mode, head, opened = 0, turn.mode, turn.head, -1
                        passing = mode is PASSING
                    continue
            elif (
                mode is RESUMING
                and text.isascii()
                and "[" not in text
                and "(" not in text
                and "{" not in text
                and "<" not in text
                and text[-1] not in MARKUP
                and (text[0] not in SPACES or (text[0] == " " and text[1:2] not in SPACES))
                and (end := len(text.rstrip()))
            ):
                # Prose after the gap the visible text holds (``Turn._after_gap`` of a chunk ``_lead_of``
                # reads): shown after what the gap shows before it (``Turn.lead`` before a word, ``spaced``
                # before a space and a word), the whitespace at its end held in ``gap``; then it passes again.
                piece = turn.lead + text[:end] if text[0] != " " else turn.spaced + text[1:end]
                if end < len(text):
                    gap = text[end:]
                taken[kept] = text
                kept += 1
                mode, passing = PASSING, True
                if kept >= _TAKE_MOST:
                    take(taken[:kept], "", opened)
                    kept, mode, head, gap, opened = 0, turn.mode, turn.head, "", -1
                    passing = mode is PASSING
                yield piece
                continue
            piece = take(taken[:kept], text, opened) if kept else feed(text)  # ``take`` of none is ``feed``
            kept, mode, head, gap, opened = 0, turn.mode, turn.head, "", -1
            passing = mode is PASSING
            if piece:
                yield piece
        piece = take(taken[:kept], "", opened)
        if piece:
            yield piece
        piece = reply.end(turn.shown)
    except BaseException:  # GeneratorExit (a close) too; CancelledError: a cancelled chat commits nothing
        reply.fail()
        raise
    if piece:
        yield piece


async def _apieces(reply: _Reply, source: AsyncIterator[Chunk]) -> AsyncGenerator[str, None]:
    """``_pieces`` over an async source (the same loop, line for line)."""
    turn = reply.turn
    feed, take, take_tag = turn.feed, turn.take, turn.take_tag
    taken, kept = [""] * (_TAKE_MOST + 1), 0
    mode, head, gap, opened = turn.mode, turn.head, "", -1
    passing = mode is PASSING  # ``mode is PASSING``, kept with ``mode``: the common chunk's one test
    zero = 0  # the first choice's index (``_FIRST``), as JSON decodes it
    dicts = True  # read each chunk by key first (a chunk that is no dict raises there), until one is no dict
    objects = False
    chunk: Any  # read by key or by attribute, and what cannot be read so by ``_read_text``
    try:
        async for chunk in source:
            if dicts:  # ``_dict_text``, inlined: tried on each chunk of a stream of dicts
                try:
                    [choice] = chunk["choices"]  # ValueError when there are none or several
                    # ``_FIRST``'s common 0 by identity (one object: a small int), any other index read by
                    # ``_read_text``; ``+ ""``: a str as it is (a str subclass as a str), TypeError for anything else
                    text = choice["delta"]["content"] + "" if choice["index"] is zero else None
                except (KeyError, ValueError, TypeError):  # ``_read_text`` reads it (or says what is wrong)
                    text = None
            elif objects:  # the same by attribute, for a stream of an SDK's objects
                try:
                    [choice] = chunk.choices
                    text = choice.delta.content + "" if choice.index is zero else None
                except (AttributeError, ValueError, TypeError):
                    text = None
            else:  # a stream of strings: each as it is (anything else read by ``_read_text``)
                text = chunk if type(chunk) is str else None
            if not text:
                if text is None:  # what ``chunk_text`` reads once ``_dict_text`` took nothing
                    text = _read_text(chunk)
                    # Strings or objects are not tried by key again; objects (no str, no mapping) by attribute.
                    dicts = type(chunk) is dict
                    objects = not dicts and not isinstance(chunk, str | Mapping)
                if not text:
                    continue
            if passing:
                # ``is_passed``, unrolled: a word in any script after any whitespace (the common token, in
                # two calls), or ASCII with no opener and nothing held at its end.
                if (
                    text.lstrip().isalnum()
                    or text in PASSED_CHARS
                    or (
                        text.isascii()
                        and text[-1] not in HELD_AT_END
                        and "[" not in text
                        and "(" not in text
                        and "{" not in text
                        and "<" not in text
                    )
                ):
                    try:
                        taken[kept] = text
                    except IndexError:  # every slot is full: the turn reads them with this chunk, below
                        pass
                    else:
                        kept += 1
                        if gap:  # the whitespace held before it shows now, as written (no tag in it)
                            text, gap = gap + text, ""
                        yield text
                        continue
                if text.isascii() and (word := text.rstrip()).lstrip().isalnum():
                    # ``is_gapped``'s common chunk, a word then whitespace (cut after its space): shown up to
                    # that whitespace, which is held (as below, in fewer steps)
                    try:
                        taken[kept] = text
                    except IndexError:  # every slot is full: read below
                        pass
                    else:
                        kept += 1
                        piece, gap = gap + word, text[len(word) :]
                        yield piece
                        continue
                if text.isascii():
                    # ``is_gapped`` and ``is_opener``, unrolled: prose shown up to the whitespace at its
                    # end, which is held; then, for an opener, the "[" head the scanner holds.
                    bracket, body = text.rfind("["), False
                    if bracket < 0:
                        prose = text if text[-1] in SPACES else None
                    elif text[bracket:].lower() in PARTIAL_OPENERS or (
                        body := is_body_opener(text[bracket:])  # a head and its body's start: one chunk
                    ):
                        prose = text[:bracket]
                        if prose and prose[-1] in MARKUP:
                            prose = None  # markup that may wrap the opener: the scanner reads it
                    else:
                        prose = None
                    if prose is not None and (
                        "[" not in prose and "(" not in prose and "{" not in prose and "<" not in prose
                    ):
                        if kept >= _TAKE_MOST:  # kept chunks filled the slots: the turn reads them first
                            take(taken[:kept])
                            kept = 0
                        if prose:
                            taken[kept] = prose
                            kept += 1
                            end = len(prose.rstrip())
                            if end:
                                piece, gap = gap + prose[:end], prose[end:]
                            else:
                                piece, gap = "", gap + prose
                        else:
                            piece = ""
                        if bracket >= 0:
                            head = text[bracket:]
                            opened = kept
                            taken[kept] = head
                            kept += 1
                            mode, passing = HOLDING if body else OPENING, False
                        if kept >= _TAKE_MOST:  # the turn holds the whitespace and the head now
                            take(taken[:kept], "", opened)
                            kept, mode, head, gap, opened = 0, turn.mode, turn.head, "", -1
                            passing = mode is PASSING
                        if piece:
                            yield piece
                        continue
            elif mode is HOLDING:
                if "]" not in text and "[" not in text and "\n" not in text:
                    try:
                        taken[kept] = text
                    except IndexError:  # every slot is full: the turn reads them with this chunk, below
                        pass
                    else:
                        kept += 1
                        continue
                if opened >= 0 and "]" in text:  # the tag the loop saw open closes: ``take``, in fewer steps
                    piece = take_tag(taken, kept, opened, text)
                    kept, mode, head, gap, opened = 0, turn.mode, turn.head, "", -1
                    passing = mode is PASSING
                    if piece:
                        yield piece
                    continue
            elif mode is OPENING and "[" not in text and (grown := head + text).isascii():
                # ``TagStream.head``: the opener grows, or its body opens; nothing shows either way.
                if grown.lower() in PARTIAL_OPENERS:
                    head = grown
                elif (
                    text[0] in HEAD_ENDS
                    and head.lower() in WHOLE_HEADS
                    and "]" not in text
                    and "\n" not in text
                    and "(" not in text
                    and "{" not in text
                    and "<" not in text
                    and text[-1] not in MARKUP
                    and len(text) <= BODY_LIMIT
                ):
                    mode = HOLDING
                else:
                    grown = ""
                if grown:
                    taken[kept] = text
                    kept += 1
                    if kept >= _TAKE_MOST:
                        take(taken[:kept], "", opened)
                        kept, mode, head, opened = 0, turn.mode, turn.head, -1
                        passing = mode is PASSING
                    continue
            elif (
                mode is RESUMING
                and text.isascii()
                and "[" not in text
                and "(" not in text
                and "{" not in text
                and "<" not in text
                and text[-1] not in MARKUP
                and (text[0] not in SPACES or (text[0] == " " and text[1:2] not in SPACES))
                and (end := len(text.rstrip()))
            ):
                # Prose after the gap the visible text holds (``Turn._after_gap`` of a chunk ``_lead_of``
                # reads): shown after what the gap shows before it (``Turn.lead`` before a word, ``spaced``
                # before a space and a word), the whitespace at its end held in ``gap``; then it passes again.
                piece = turn.lead + text[:end] if text[0] != " " else turn.spaced + text[1:end]
                if end < len(text):
                    gap = text[end:]
                taken[kept] = text
                kept += 1
                mode, passing = PASSING, True
                if kept >= _TAKE_MOST:
                    take(taken[:kept], "", opened)
                    kept, mode, head, gap, opened = 0, turn.mode, turn.head, "", -1
                    passing = mode is PASSING
                yield piece
                continue
            piece = take(taken[:kept], text, opened) if kept else feed(text)  # ``take`` of none is ``feed``
            kept, mode, head, gap, opened = 0, turn.mode, turn.head, "", -1
            passing = mode is PASSING
            if piece:
                yield piece
        piece = take(taken[:kept], "", opened)
        if piece:
            yield piece
        piece = reply.end(turn.shown)
    except BaseException:  # GeneratorExit (a close) too; CancelledError: a cancelled chat commits nothing
        reply.fail()
        raise
    if piece:
        yield piece


class _Stream:
    """What both streams show: the turn being streamed and, once the source ended, its result."""

    __slots__ = ("_reply",)

    _reply: _Reply

    @property
    def turn(self) -> Turn:
        """The turn being streamed."""
        return self._reply.turn

    @property
    def result(self) -> TurnResult:
        """The turn's result; ``RuntimeError`` before the source ended, or after a close or a failure."""
        return self._reply.result


class ReplyStream(_Stream, Iterator[str]):
    """The visible pieces of a reply as its chunks arrive; ``.result`` once the source is exhausted.

    Use it as an iterator (``for piece in stream``) or as a context manager that closes it on the way
    out. See the module docstring for when the turn is finished and when nothing is committed.
    """

    __slots__ = ("_pieces", "_source")

    def __init__(self, turn: Turn, chunks: Iterable[Chunk]) -> None:
        if not isinstance(chunks, Iterable):
            hint = " (an async iterable: use astream_reply)" if isinstance(chunks, AsyncIterable) else ""
            raise TypeError(f"expected an iterable of chunks, not {type(chunks).__name__}{hint}")
        self._reply = _Reply(turn)
        self._source: Iterator[Chunk] = iter(chunks)
        self._pieces = _pieces(self._reply, self._source)

    def __iter__(self) -> Iterator[str]:
        return self._pieces  # a ``for`` loop resumes the generator itself, with no call in between

    def __next__(self) -> str:
        return next(self._pieces)

    def close(self) -> None:
        """Stop before the end: nothing is committed; the source's ``close()`` runs when it has one.

        After the end (or a failure) it does nothing, and ``.result`` stays as it was.
        """
        if self._reply.stop():
            self._pieces.close()
            closer = getattr(self._source, "close", None)
            if callable(closer):
                closer()

    def __enter__(self) -> ReplyStream:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()


class AsyncReplyStream(_Stream, AsyncIterator[str]):
    """``ReplyStream`` over an async source: ``async for piece in stream``; ``.result`` after the end."""

    __slots__ = ("_pieces", "_source")

    def __init__(self, turn: Turn, chunks: AsyncIterable[Chunk]) -> None:
        if not isinstance(chunks, AsyncIterable):
            hint = " (a sync iterable: use stream_reply)" if isinstance(chunks, Iterable) else ""
            raise TypeError(f"expected an async iterable of chunks, not {type(chunks).__name__}{hint}")
        self._reply = _Reply(turn)
        self._source: AsyncIterator[Chunk] = aiter(chunks)
        self._pieces = _apieces(self._reply, self._source)

    def __aiter__(self) -> AsyncIterator[str]:
        return self._pieces

    def __anext__(self) -> Awaitable[str]:
        return anext(self._pieces)

    async def aclose(self) -> None:
        """Stop before the end: nothing is committed; the source's ``aclose()`` runs when it has one."""
        if self._reply.stop():
            await self._pieces.aclose()
            closer = getattr(self._source, "aclose", None)
            if callable(closer):
                await closer()

    async def __aenter__(self) -> AsyncReplyStream:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        await self.aclose()


def stream_reply(turn_or_game: Game | Turn, chunks: Iterable[Chunk]) -> ReplyStream:
    """Stream ``chunks`` through a reply: a ``Game`` begins one (``begin_reply()``), a ``Turn`` is used as
    given (``game.begin_regenerate()`` for a swipe; a turn nothing was fed to yet).

    Iterate it for the visible pieces; ``.result`` is the ``TurnResult`` once the source is exhausted.
    """
    return ReplyStream(_turn_of(turn_or_game), chunks)


def astream_reply(turn_or_game: Game | Turn, chunks: AsyncIterable[Chunk]) -> AsyncReplyStream:
    """``stream_reply`` over an async source (an async generator, an SDK's async stream): ``async for``."""
    return AsyncReplyStream(_turn_of(turn_or_game), chunks)
