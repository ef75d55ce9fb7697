"""Turn: one message of the conversation, streamed in and processed once when it ends.

A ``Turn`` feeds its chunks through a ``TagStream`` and the ``VisibleText`` joiner, so ``feed(chunk)``
returns what the player reads as it arrives; ``finish()`` runs the tags, once (DESIGN.md "Known pitfalls":
effects that fire per streamed token double-apply), and returns a ``TurnResult``. How the tags run is
``tagproc.processing``'s (which defines ``TurnContext``, ``TagRecord`` and ``TurnResult``, re-exported here);
this module owns the streaming: ``feed``, ``take`` and the ``mode`` a caller's per-chunk loop reads.

Invariants: ``finish()`` runs each tag exactly once (``tagproc.processing``); ``feed`` never runs one, nor
delays prose; no exception from model text escapes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from tagproc.documents import clean_text
from tagproc.engine.state import GameState
from tagproc.envelope import BODY_LIMIT, HEAD_ENDS, MARKUP, PAIRS, PARTIAL_OPENERS, WHOLE_HEADS
from tagproc.processing import (
    MAX_TAGS,
    TagRecord,
    TurnContext,
    TurnKind,
    TurnResult,
    fresh_journal,
    journal_line,
    refuse_player_tags,
    run_reply,
)
from tagproc.stream import Event, TagStream, is_plain_prose
from tagproc.visible import VisibleText

__all__ = [
    "HELD_AT_END",
    "HOLDING",
    "MAX_TAGS",
    "OPENING",
    "PASSED_CHARS",
    "PASSING",
    "RESUMING",
    "SPACES",
    "TagRecord",
    "Turn",
    "TurnContext",
    "TurnKind",
    "TurnResult",
    "fresh_journal",
    "is_body_opener",
    "is_gapped",
    "is_opener",
    "is_passed",
    "is_prose",
    "journal_line",
]

_RUN_MOST = 64  # chunks passed straight through before the scanner reads them (and they are joined)
# A chunk ``feed`` passes straight through is ASCII, holds no opening bracket and does not end in whitespace,
# which the visible text holds (an ASCII chunk's: ``str.isspace`` of these), nor in markup, which the scanner
# holds: what ``stream.is_plain_prose`` asks, tested in one call each (``_end_run`` has the scanner agree). A
# run ``take`` is given may hold words beyond ASCII too (``is_passed``): ``is_prose`` says what such a run is.
_OPENERS = frozenset(PAIRS)
SPACES: Final = frozenset(" \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f")  # the ASCII ``str.isspace``, never markup
HELD_AT_END: Final = MARKUP | SPACES
_GAP = -2  # ``Turn._run`` when none may pass but the scanner is idle (the visible text holds a gap)

# What ``Turn.mode`` tells a caller's per-chunk loop (the middleware's) it may do with the next chunk
# without a call, as plain data; ``Turn.take`` then hands the chunks so taken over in one call.
PASSING: Final = "passing"  # ``is_passed(chunk)``: ``feed`` would show it as it is (and stay passing)
HOLDING: Final = "holding"  # in a "[" tag's body: a chunk without "[", "]" or a line break shows nothing
# The scanner holds a plain "[" opener still growing (``Turn.head``, "[in"): a chunk it still is an opener
# with, or the ":" or " " and body text after a whole name, shows nothing (``TagStream.head``).
OPENING: Final = "opening"
# The scanner is idle and the visible text holds a gap (``Turn.lead``, ``Turn.spaced``): a word, or a space
# and a word (``str.isalnum`` after the space), shows after what the gap shows before it, then passes.
RESUMING: Final = "resuming"
_NEITHER: Final = ""  # every chunk goes to ``feed``


def is_gapped(chunk: str) -> bool:
    """Whether ``chunk`` is plain prose that ends in ASCII whitespace (ASCII, no opening bracket): fed to
    an idle scanner it is one ``Text`` of itself, and the visible text shows it up to that whitespace,
    which it holds (what ``Turn.take`` lets a caller keep while ``PASSING``)."""
    return bool(chunk) and chunk[-1] in SPACES and chunk.isascii() and _OPENERS.isdisjoint(chunk)


def is_opener(chunk: str) -> bool:
    """Whether ``chunk`` is plain prose (``is_gapped`` or ``is_passed``, or none) then a plain "[" opener
    still growing, its last "[" (ASCII, lowercased one of ``PARTIAL_OPENERS``): fed to the idle scanner,
    the prose is one ``Text`` and the opener is held (``TagStream.head``)."""
    bracket = chunk.rfind("[")
    if bracket < 0 or not chunk.isascii() or chunk[bracket:].lower() not in PARTIAL_OPENERS:
        return False
    prose = chunk[:bracket]
    return not prose or (prose[-1] not in MARKUP and _OPENERS.isdisjoint(prose))


def is_body_opener(opener: str) -> bool:
    """Whether ``opener`` (ASCII, from its "[", holding no other) is a plain "[" head then the start of its
    body, in one chunk: what ``OPENING`` takes in two, the head the scanner holds while it grows (its
    longest start that, lowercased, is one of ``PARTIAL_OPENERS``: ``TagStream.head``), then body text that
    opens after a head of ``WHOLE_HEADS`` (one of ``HEAD_ENDS`` first, no "]", line break, "(", "{" or "<",
    no markup at its end, at most ``BODY_LIMIT`` characters). Fed to the idle scanner after plain prose, it
    is held in that tag's body (``TagStream.is_in_body``): nothing shows."""
    lowered = opener.lower()
    grown = 1
    while grown < len(opener) and lowered[: grown + 1] in PARTIAL_OPENERS:
        grown += 1
    body = opener[grown:]
    return (
        bool(body)
        and body[0] in HEAD_ENDS
        and lowered[:grown] in WHOLE_HEADS
        and "]" not in body
        and "\n" not in body
        and "(" not in body
        and "{" not in body
        and "<" not in body
        and body[-1] not in MARKUP
        and len(body) <= BODY_LIMIT
    )


def is_passed(chunk: str) -> bool:
    """Whether ``Turn.feed`` shows ``chunk`` as it is while the turn is ``PASSING``, and stays passing: a
    word in any script after any whitespace (``str.isalnum``: no bracket, markup, whitespace or lone
    surrogate; whitespace before it is no opener, no markup and no surrogate, and shows at once), or ASCII
    with no opening bracket, not ending in what the scanner or the visible text holds (``HELD_AT_END``).
    ``feed`` passes the ASCII ones straight through; the scanner gives one ``Text`` of any (``is_prose``)."""
    return chunk.lstrip().isalnum() or (
        bool(chunk) and chunk[-1] not in HELD_AT_END and chunk.isascii() and _OPENERS.isdisjoint(chunk)
    )


# The one-character chunks ``is_passed`` takes (a comma, a full stop, a letter): one set lookup for the common
# chunk that is no word, where its tests one by one are six steps.
PASSED_CHARS: Final = frozenset(char for char in map(chr, range(128)) if is_passed(char))


def is_prose(text: str) -> bool:
    """Whether the idle scanner gives one ``Text`` of ``text``, which needs no cleaning: ``is_plain_prose``,
    or beyond ASCII, no opening bracket (the wide ones too), no markup at its end and no lone surrogate.
    What a run of ``is_passed`` and ``is_gapped`` chunks is."""
    return is_plain_prose(text) or (
        bool(text) and text[-1] not in MARKUP and _OPENERS.isdisjoint(text) and clean_text(text) == text
    )


class Turn:
    """A message being streamed in. ``feed`` returns visible text; ``finish`` runs it and returns the result.

    ``mode`` (``PASSING``, ``RESUMING``, ``OPENING``, ``HOLDING`` or ``""``) says, after each ``feed`` or
    ``take``, what the next chunk would show without reading it (``head``, ``lead`` and ``spaced`` say the
    rest): a per-chunk loop takes such chunks itself (showing what they show) and hands them over with the
    next one it cannot take (``take``), one call for a run of chunks.
    """

    def __init__(
        self,
        context: TurnContext,
        start: GameState,
        position: int,
        kind: TurnKind = "gm",
        on_finish: Callable[[TurnResult], None] | None = None,
    ) -> None:
        self._context = context
        self._start = start
        self._position = position
        if kind not in ("gm", "player"):
            raise ValueError(
                f"a Turn is a message (gm or player); an action ({kind}) is run by tagproc.acting"
            )
        self._kind: TurnKind = kind
        self._on_finish = on_finish
        self._stream = TagStream()
        self._visible = VisibleText()
        self._events: list[Event] = []
        self._chunks: list[str] = []
        self._shown: list[str] = []
        # Where the chunks ``feed`` passed straight through start; -1: none may pass now, nor is the
        # scanner known idle; ``_GAP``: none may pass, but the scanner is idle (plain prose is one ``Text``).
        self._run = 0
        self.mode: str = PASSING  # plain data, read by the caller's loop (set by ``feed`` and ``take``)
        self.head = ""  # while ``OPENING``: the opener the scanner holds (``TagStream.head``)
        # While ``RESUMING``: what ``lead`` and ``spaced`` said the held gap shows, once asked (None: not
        # asked since the gap was last held), so the chunk shown after it is not resolved again.
        self._lead: str | None = None
        self._spaced: str | None = None
        self._result: TurnResult | None = None

    @property
    def start(self) -> GameState:
        """The state this turn runs against: the state when it began."""
        return self._start

    def feed(self, chunk: str) -> str:
        """Take the next chunk of the message; returns the visible text it adds (tags hidden). Runs nothing."""
        if self._result is not None:
            raise RuntimeError("Turn.feed() after finish()")
        if not chunk:
            return ""  # the scanner and the visible text would take it and change nothing
        chunks = self._chunks
        if self._run == _GAP and chunk.isascii() and chunk[-1] not in MARKUP and _OPENERS.isdisjoint(chunk):
            return self._after_gap(chunk)
        if self._run >= 0 and chunk[-1] not in HELD_AT_END and chunk.isascii() and _OPENERS.isdisjoint(chunk):
            # Prose that cannot hold a tag, with the scanner idle and nothing held for the visible text: it
            # is shown as it is, and the scanner reads the run of such chunks at once when it ends.
            chunks.append(chunk)
            if len(chunks) - self._run >= _RUN_MOST:
                self._end_run()
            return chunk
        if not chunk.isascii():  # ASCII holds no surrogate: the common token skips the call
            chunk = clean_text(chunk)  # a lone surrogate would make the answers and the state unencodable
        elif self._run >= 0 and chunk[-1] not in MARKUP and _OPENERS.isdisjoint(chunk):
            return self._end_run_with(chunk)
        if self._run >= 0:
            self._end_run()
        chunks.append(chunk)
        stream = self._stream
        events = stream.feed(chunk)
        if not events:  # all of it held (inside a tag's body): nothing to show, the scanner is not idle
            self._run = -1
            self._wait()
            return ""
        self._events += events
        shown = self._visible.feed(events)
        if shown:  # a tag shows nothing: no piece kept for it
            self._shown.append(shown)
        if not stream.is_idle:
            self._run = -1
            self._wait()
        elif self._visible.is_clear:
            self._run, self.mode = len(chunks), PASSING
        else:
            self._gapped()
        return shown

    def _after_gap(self, chunk: str) -> str:
        """``feed`` of plain prose (``is_prose``) while the scanner is idle and the visible
        text holds a gap: one ``Text`` of it, read by the visible text alone (what ``feed`` does, in fewer
        steps), after what ``lead`` or ``spaced`` said the gap shows when the caller asked (not resolved
        again: ``VisibleText.feed_after_lead``)."""
        self._chunks.append(chunk)
        self._events.append(self._stream.feed_prose(chunk))
        lead = self._lead_of(chunk)
        visible = self._visible
        shown = visible.feed_text(chunk) if lead is None else visible.feed_after_lead(lead, chunk)
        if shown:
            self._shown.append(shown)
        if visible.is_clear:
            self._run, self.mode = len(self._chunks), PASSING
        else:  # whitespace again: the gap grew
            self._gapped()
        return shown

    def _lead_of(self, chunk: str) -> str | None:
        """While ``RESUMING``: what the held gap shows before ``chunk``, when ``lead`` or ``spaced`` said it
        (asked since the gap was held, and ``chunk`` starts as the one asked for); else None."""
        first = chunk[:1]
        if first == " ":  # ``spaced`` when a word follows the space, ``lead`` when the word is first
            return self._spaced if chunk[1:2].strip() else None
        return None if not first or first.isspace() else self._lead  # a gap the visible text strips

    def _took_tag(self, prose: str, raw: str) -> bool:
        """``_after_gap`` of ``prose`` then ``feed`` of ``raw``, in a few steps, when ``prose`` shows after
        what ``lead`` or ``spaced`` said and ``raw`` is one whole plain tag, read by the head table
        (``TagStream.feed_prose_tag``): True; else False, with nothing read."""
        lead = self._lead_of(prose)
        if lead is None:
            return False
        events = self._stream.feed_prose_tag(prose, raw)
        if events is None:
            return False
        self._chunks += (prose, raw)
        self._events += events
        if shown := self._visible.feed_after_lead(lead, prose, tag=True):
            self._shown.append(shown)
        self._gapped_after_tag()
        return True

    def _gapped(self) -> None:
        """The scanner idle, the visible text holding a gap: ``RESUMING`` (``lead`` and ``spaced`` say what the
        gap shows)."""
        self._run, self.mode = _GAP, RESUMING
        self._lead = self._spaced = None

    def _gapped_after_tag(self) -> None:
        """``_gapped`` after a whole tag was read (the scanner idle, the visible text holding the gap the tag
        left), with ``lead`` and ``spaced`` read at once: the word after a tag is the common chunk the caller
        shows after its gap (``VisibleText.leads``: one look at the run before the tag)."""
        self._run, self.mode = _GAP, RESUMING
        self._lead, self._spaced = self._visible.leads()

    @property
    def lead(self) -> str:
        """While ``RESUMING``: what the held gap shows before a word (read when asked: most gaps are read by
        the ``feed`` or ``take`` that follows, not by a word the caller shows; kept for the chunk shown
        after it, and read with ``spaced`` after a tag). Kept only while the gap is held as it was (``_run``
        is ``_GAP`` until a ``feed`` or ``take`` reads on, and a new gap forgets it)."""
        lead = self._lead
        if lead is None or self._run != _GAP:
            lead = self._lead = self._visible.lead()
        return lead

    @property
    def spaced(self) -> str:
        """While ``RESUMING``: what the held gap shows before a space and a word (kept, as ``lead`` is)."""
        spaced = self._spaced
        if spaced is None or self._run != _GAP:
            spaced = self._spaced = self._visible.spaced_lead()
        return spaced

    def take(self, taken: list[str], chunk: str = "", opened: int = -1) -> str:
        """``feed`` of each chunk of ``taken`` then of ``chunk``, returning what the last returns; ``taken``
        is emptied.

        Each chunk of ``taken`` was taken by the caller while ``mode`` said what it shows, so they are read
        at once, as one chunk: the scanner and the visible text are split invariant, so the events and the
        visible text are the same as feeding them one by one.
        - ``PASSING``: an ``is_passed`` chunk, which the caller showed as it is, or one of plain prose that
          ends in ASCII whitespace (``is_gapped``), which it showed up to that whitespace and held it, as the
          visible text holds it; the next chunk it showed after such a one it showed after the whitespace
          held before it. So the run is what it showed, the whitespace at its end still held. From
          ``opened`` on (when it is not -1), the chunks are a plain "[" opener (``is_opener``: fed to the
          idle scanner it is held) and what it took after it as ``OPENING`` then ``HOLDING`` say: nothing
          shown.
        - ``RESUMING``: a first chunk the caller showed after what the held gap shows (``lead`` before a
          word, ``spaced`` before a space and a word), then chunks as ``PASSING`` says.
        - ``HOLDING``: a chunk without "[", "]" or a line break, which shows nothing.
        - ``OPENING``: a chunk that ``TagStream.head`` says the held opener grows by, or that opens its
          body, then chunks taken as ``HOLDING`` says; none shows anything.
        """
        if self._result is not None:
            raise RuntimeError("Turn.take() after finish()")
        if not taken:
            return self.feed(chunk)
        mode = self.mode
        if mode is PASSING or mode is RESUMING:  # one more piece of the run passed through
            if opened >= 0:  # then a head and what followed it, which showed nothing
                chunk = "".join(taken[opened:]) + chunk
                del taken[opened:]
            if taken:
                text = taken[0] if len(taken) == 1 else "".join(taken)
                taken.clear()
                if mode is RESUMING:  # its first chunk showed after the gap (``lead``, ``spaced``)
                    # misuse (not taken as ``mode`` said); ``is_plain_prose`` first: no call frame for ASCII
                    if not is_plain_prose(text) and not is_prose(text):
                        return self.feed(text + chunk)
                    if opened >= 0 and self._took_tag(text, chunk):
                        return ""
                    self._after_gap(text)
                else:
                    self._chunks.append(text)
                    if text[-1] in SPACES:  # the visible text holds its end: the run is read now
                        self._end_run()
                        self._gapped()
                    elif len(self._chunks) - self._run >= _RUN_MOST:
                        self._end_run()
            return self._feed_opened(chunk) if opened >= 0 else self.feed(chunk)
        text = taken[0] if len(taken) == 1 else "".join(taken)
        taken.clear()
        if chunk or self.mode is OPENING:  # the text showed nothing: what all show is what the chunk shows
            return self.feed(text + chunk)
        return self._hold(text)

    def take_tag(self, taken: list[str], kept: int, opened: int, chunk: str) -> str:
        """``take(taken[:kept], chunk, opened)``, ``taken`` left as it is: the chunks from ``opened`` on
        (``kept`` > ``opened``) were taken as ``OPENING`` then ``HOLDING`` said, and ``chunk`` holds a "]".

        The common tag after a gap is read in a few steps: ``RESUMING``, prose taken before the opener
        (shown after what ``lead`` or ``spaced`` said), and the head, the body and ``chunk`` up to its first
        "]" one whole plain tag (``TagStream.feed_prose_tag``); what follows the "]" is fed. Anything else
        is ``take``'s."""
        if opened > 0 and self.mode is RESUMING and self._result is None:
            close = chunk.find("]") + 1
            prose = taken[0] if opened == 1 else "".join(taken[:opened])
            # ``take``'s misuse guard (``is_plain_prose`` first: no call frame for ASCII), then the lead
            lead = self._lead_of(prose) if is_plain_prose(prose) or is_prose(prose) else None
            if lead is not None:
                raw = "".join(taken[opened:kept]) + (chunk if close == len(chunk) else chunk[:close])
                events = self._stream.feed_prose_tag(prose, raw)
                if events is not None:
                    self._chunks += (prose, raw)
                    self._events += events
                    shown, self._lead, self._spaced = self._visible.feed_before_tag(lead, prose)
                    if shown:
                        self._shown.append(shown)
                    self._run = _GAP  # ``_gapped_after_tag``: still ``RESUMING``, its leads read at once
                    return self.feed(chunk[close:]) if close < len(chunk) else ""
        return self.take(taken[:kept], chunk, opened)

    def _feed_opened(self, chunk: str) -> str:
        """``feed`` of a "[" opener and what followed it (``take``'s ``opened`` on), the scanner idle: a
        whole plain tag up to the first "]" (``TagStream.feed_head_tag``) is read in a few steps, and what
        follows it is fed; anything else is fed as it is."""
        close = chunk.find("]") + 1
        if close:
            if self._run >= 0:  # the run passed before it is read first, as ``feed`` reads it
                self._end_run()
            tag = self._stream.feed_head_tag(chunk[:close] if close < len(chunk) else chunk)
            if tag is not None:
                self._chunks.append(tag.raw)
                self._events.append(tag)
                self._visible.feed_tag()
                self._gapped_after_tag()
                return self.feed(chunk[close:]) if close < len(chunk) else ""
        return self.feed(chunk)

    def _hold(self, text: str) -> str:
        """``feed`` of body text without "[", "]" or a line break, which the scanner holds (``""``), or past
        ``BODY_LIMIT`` releases as too-long text, which shows nothing either (the visible text says so)."""
        self._run = -1  # the scanner reads on (it is -1 already in a body: a guard against misuse)
        if not text.isascii():
            text = clean_text(text)
        self._chunks.append(text)
        events = self._stream.feed(text)
        if not events:
            return ""
        self._events += events
        shown = self._visible.feed(events)
        self._shown.append(shown)
        self._wait()
        return shown

    def _wait(self) -> None:
        """The mode while the scanner holds text: ``HOLDING`` in a "[" body, ``OPENING`` with a plain
        opener held (``head``), else none."""
        stream = self._stream
        if stream.is_in_body:
            self.mode = HOLDING
        elif head := stream.head:
            self.mode, self.head = OPENING, head
        else:
            self.mode = _NEITHER

    @property
    def shown(self) -> int:
        """How many characters of visible text ``feed`` and ``take`` returned so far."""
        run = sum(map(len, self._chunks[self._run :])) if self._run >= 0 else 0
        return sum(map(len, self._shown)) + run

    def _end_run_with(self, chunk: str) -> str:
        """``feed`` of prose that ends in whitespace (ASCII, no opening bracket, no markup at its end: the
        scanner gives one ``Text`` of it and stays idle) after a run passed through: the run read as
        ``_end_run`` reads it, then the chunk, in a few steps; returns what the chunk shows."""
        chunks, start = self._chunks, self._run
        if start < len(chunks):  # the run apart: one string for the text, its event and its visible piece
            if start + 1 == len(chunks):
                run = chunks[start]
            else:
                run = "".join(chunks[start:])
                chunks[start:] = [run]
            chunks.append(chunk)
            # Plain prose to an idle scanner (a ``Text`` each) and a clear visible text (the run as it is).
            self._events += self._stream.feed_prose_pair(run, chunk)
            self._shown.append(run)
            shown = self._visible.feed_after_shown(run, chunk)
        else:
            chunks.append(chunk)
            self._events.append(self._stream.feed_prose(chunk))  # the scanner stays idle
            shown = self._visible.feed_text(chunk)
        if shown:
            self._shown.append(shown)
        self._gapped()  # the visible text holds the whitespace at its end
        return shown

    def _end_run(self) -> None:
        """The chunks passed through since ``_run``, read by the scanner and the visible text at once: one
        ``Text`` event, one visible piece (the run itself, as ``feed`` returned each chunk, or up to the
        whitespace at its end, which the visible text then holds: a run ``take`` was given) and one piece
        of text, so no object is kept per chunk (``Turn.feed``).

        Each chunk of the run is plain prose (``is_prose``: ``is_passed``, ``is_gapped``, an
        opener's prose), and so is their join: the idle scanner gives one ``Text`` of it (``feed_prose``),
        and the clear visible text reads that one ``Text`` (``feed_text``)."""
        chunks, start = self._chunks, self._run
        if start < len(chunks):
            if start + 1 == len(chunks):
                run = chunks[start]
            else:
                run = "".join(chunks[start:])
                chunks[start:] = [run]
            self._events.append(self._stream.feed_prose(run))
            self._shown.append(self._visible.feed_text(run))
        self._run = len(chunks)

    def finish(self) -> TurnResult:
        """End the message: run its tags once, in order, and return (and commit) the result."""
        if self._result is not None:
            return self._result
        if self._run >= 0:
            self._end_run()
        tail = self._stream.close()
        self._events.extend(tail)
        self._shown.append(self._visible.feed(tail))
        self._shown.append(self._visible.close())
        text = "".join(self._chunks)
        if self._kind == "gm":
            start = fresh_journal(self._start)
            run = run_reply(self._context, start, self._events, self._position, text)
        else:  # the state stays the very same value
            run = refuse_player_tags(self._context, self._start, self._events)
        self._result = TurnResult(
            kind=self._kind,
            position=self._position,
            text=text,
            visible="".join(self._shown),
            history=run.history,
            answers=tuple(run.rendered),
            structured_answers=tuple(run.answers),
            journal=run.state.journal if self._kind == "gm" else (),
            state=run.state,
            tags=tuple(run.tags),
        )
        if self._on_finish is not None:
            self._on_finish(self._result)
        return self._result
