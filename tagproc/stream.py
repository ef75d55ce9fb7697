"""Stream: a sans-IO scanner that splits a streaming reply into prose and raw tags.

``TagStream`` owns a buffer and a state, never a socket or a thread (like h11): ``feed(chunk)`` and
``close()`` return events (``feed_prose``/``feed_prose_pair``: ``feed`` of plain prose while idle, the
tests left to a caller that made them: the turn's passed runs). What it takes for a tag -- the names and aliases, the brackets, the heads, the
wrapping markup and the evidence each bracket needs -- is the grammar of ``tagproc.envelope``, built from
the vocabulary tables; it knows nothing about what a tag's body means.

Invariants:
- Lossless: the concatenation of every event's ``text``/``raw`` is exactly the input.
- No delay: text that cannot begin a tag is returned by the ``feed`` that brought it; only a suffix
  that could still become a tag is held (a partial opener, markup or a quotation mark that may wrap one,
  a body and the few characters after a line break in it), never more than ``BODY_LIMIT`` plus
  ``BREAK_WINDOW`` characters of a body.
- Split invariance: the events (adjacent ``Text`` of one kind merged) do not depend on the chunking.
  Every decision depends only on the text and, in ``close()``, on the end of the input.
- Linear: each character is examined a bounded number of times. A body ends at its pair's closer (brackets
  opened inside it nest, at most ``MAX_NEST`` deep), and a "[" that does not open a value ends the
  candidate there, so no text is ever scanned twice but the few characters of an opener that turned out
  not to be one, and the at most ``BREAK_WINDOW`` characters looked at after a line break in a body.

States (one explicit ``TagStream._state``, one ``_scan_*`` method each, h11's way): ``prose`` between
tags (the one-regex common tag is decided there), ``body`` inside a candidate's body, ``break`` at a line
break in a body while the next line's start is read, ``closer`` after its closing bracket while the
closing markup may still arrive, ``overlong`` past the body limit up to its closer.

Decisions (each told by the event it gives):
- A bracket without the evidence its kind needs (``envelope.is_tag``) is prose: ``Text``
  (``[Sheet music]``, ``[Inventory]``, ``(inventory is empty)``).
- The heads read are ``envelope``'s: any bracket of ``BRACKET_PAIRS`` (angle brackets, parentheses and
  braces with strong evidence only: ``<inventory action="add" item="Rope" />``), a doubled ``[[...]]``
  (both pairs hidden with the tag), a symbol before the name (``[🎒 inventory: ...]``), a dotted call (``[inventory.add(...)]``).
- A tag wrapped in a strike or in quotation marks is still a ``RawTag`` (hidden from the player), with
  ``mark`` ``"struck"`` or ``"quoted"``: the turn answers it without running it.
- A body past ``BODY_LIMIT`` characters is released as ``Text(reason="too-long")``, and so is the rest of
  it up to its closer (or the next "[") as it arrives: nothing is held past the limit, and the turn can
  still hide the whole over-long tag and answer it (DESIGN.md "Limits": answered, never silently dropped).
- An unclosed tag never swallows the rest of the reply: a body never runs past a blank line, nor past a
  line break whose next line does not go on with the tag. A continuation line starts, after at most 24
  blanks, with a ``key=`` pair, a ``key:`` pair of one of the tag's keys, a quoted JSON key, a closing
  bracket, a brace or a code fence; inside a bracket its body opened (a JSON list) or inside an open
  quoted value (an odd count of '"' in the body so far: ``items="\n- Rope\n- Torch\n"``), any line but a
  blank one (``envelope.line_continues``). A list item after balanced quotes is prose: ``[inventory:
  action="add" item="tent"`` then ``- the tent is torn`` is a tag cut at the break. So a tag written one pair a line, then "]", reads
  whole, and ``[inventory: action="add" item="rope"`` then a blank line and paragraphs is a tag cut at the
  break, with the paragraphs shown. The decision reads at most ``BREAK_WINDOW`` characters past the break
  (held until they arrive, or the reply ends), so it is the same however the reply is chunked.
- A head cut short (by a "[" that opens no value, brackets nested too deep, such a line break, or the end
  of the reply) is a tag (``RawTag(closed=False)``) when it has the evidence its bracket needs, else
  ``Text(reason="unclosed")``; what follows the cut is scanned as prose.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

from tagproc.envelope import (
    BODY_LIMIT,
    CLOSERS,
    HEAD_ENDS,
    LONGEST_PARTIAL,
    MARKUP,
    MAX_NEST,
    OPEN,
    OPEN_OTHER,
    PAIRS,
    PARTIAL_OPENERS,
    QUOTES,
    SQUARE,
    WHOLE_HEADS,
    Pair,
    closer_of,
    is_tag,
    line_continues,
    mark_of,
    opens_value,
    prefix_start,
    tail_start,
)
from tagproc.vocabulary import HEAD_COLONS

__all__ = [
    "BODY_LIMIT",
    "Event",
    "RawTag",
    "TagStream",
    "Text",
    "is_plain_prose",
    "merge_text",
    "parse_reply",
]


@dataclass(frozen=True, slots=True)
class Text:
    """Prose for the player. ``reason`` is set when the scanner released a tag-like head as text."""

    text: str
    reason: str | None = None


@dataclass(frozen=True, slots=True)
class RawTag:
    """A tag: ``raw`` is all the player must not see (wrapping markup included); ``name`` as written.

    ``start``/``end`` are offsets of ``raw`` in the whole reply. ``closed`` is False for a head the
    reply cut short (by the next tag or by its end) that the scanner decided was a tag. ``mark`` is
    ``"struck"`` for a tag behind a strike (``~~[...]~~``), ``"quoted"`` for one inside prose quotation
    marks (``"[...]"``): still hidden, but the GM did not mean it to run.
    """

    raw: str
    name: str
    body: str
    start: int
    end: int
    closed: bool = True
    mark: str | None = None


Event = Text | RawTag

# Hot-path constructors. A frozen dataclass's ``__init__`` goes through ``object.__setattr__`` per field,
# which doubles the cost of a 4-character feed. An event is built instead in a draft: a plain class with
# the very same slots (so the same layout), whose fields are set as any slot is, and then becomes the
# event by ``__class__`` assignment, which CPython allows between classes of one layout (and checks: a
# draft whose slots differ raises ``TypeError`` there, tested). The same immutable object (equal,
# hashable, frozen to every caller) in half the time of setting the slots through their descriptors.
_TextDraft = type("_TextDraft", (), {"__slots__": Text.__slots__})
_RawTagDraft = type("_RawTagDraft", (), {"__slots__": RawTag.__slots__})


def _text(text: str, reason: str | None = None) -> Text:
    event: Any = _TextDraft()
    event.text = text
    event.reason = reason
    event.__class__ = Text
    built: Text = event
    return built


def _tag(raw: str, name: str, body: str, start: int, end: int, closed: bool, mark: str | None) -> RawTag:
    event: Any = _RawTagDraft()
    event.raw = raw
    event.name = name
    event.body = body
    event.start = start
    event.end = end
    event.closed = closed
    event.mark = mark
    event.__class__ = RawTag
    built: RawTag = event
    return built


# The scanner's states (h11 keeps its connection states as sentinels the same way): what the held text is.
_PROSE: Final = "prose"  # between tags: nothing held, or a suffix that could still become an opener
_BODY: Final = "body"  # inside a candidate's body, its closer not yet seen
_CLOSER: Final = "closer"  # after a candidate's closer, waiting for the closing markup its prefix asks for
_BREAK: Final = "break"  # at a line break in a body: does the next line go on with the tag?
_OVERLONG: Final = "overlong"  # inside a body past the limit: released as too-long text up to its closer


class TagStream:
    """Incremental scanner: ``feed(chunk) -> events``, ``close() -> events``.

    One explicit state (``_PROSE``, ``_BODY``, ``_BREAK``, ``_CLOSER``, ``_OVERLONG``) and one method per state
    (``_STEPS``), as h11 keeps its readers. Between calls it keeps the held text and, in ``_BODY`` and
    ``_CLOSER``, the candidate: the markup ``prefix`` before its bracket (matched again after the closer),
    its ``name`` as written, its bracket ``pair``, whether a colon followed the name,
    the closers of the brackets open inside its body (``nest``), where its body starts and where its
    closer stands (-1 until seen), all offsets relative to the held text.
    """

    __slots__ = (
        "_at",
        "_body_at",
        "_bracket",
        "_closed",
        "_colon",
        "_done",
        "_held",
        "_held_len",
        "_idle",
        "_name",
        "_nest",
        "_open_from",
        "_open_next",
        "_other_from",
        "_other_next",
        "_others",
        "_pair",
        "_pos",
        "_prefix",
        "_quote_odd",
        "_quoted_to",
        "_resume",
        "_state",
    )

    def __init__(self) -> None:
        self._state: str = _PROSE
        self._held: list[str] = []  # text held back, from the start of a candidate opener
        self._held_len = 0
        self._pos = 0  # absolute offset of the first held (or next) character
        self._resume = 0  # where scanning resumes inside the held text
        self._body_at = -1  # in _BODY/_CLOSER: where the candidate's body starts
        self._bracket = -1  # in _CLOSER: where its closer stands
        self._prefix = ""
        self._name = ""
        self._pair: Pair = SQUARE
        self._colon = False
        self._nest = ""
        self._quote_odd = False  # in _BODY/_BREAK: an odd number of '"' in the body up to ``_quoted_to``
        self._quoted_to = 0  # how far into the body (an offset from ``_body_at``) the quotes are counted
        self._closed = False
        self._idle = True  # nothing held, in _PROSE: feed() may take its fast path
        # Within one ``_run``: the buffer is emitted up to ``_done``, scanning goes on at ``_at``.
        self._done = 0
        self._at = 0
        self._others = False
        # Within one ``_run``: where each opener search was last made from (-1: not yet) and its first
        # match at or after there (None: none), for the next prose step to go on from.
        self._open_from = self._other_from = -1
        self._open_next: re.Match[str] | None = None
        self._other_next: re.Match[str] | None = None

    # -- public API -------------------------------------------------------------------------------

    def feed(self, chunk: str) -> list[Event]:
        """Take the next piece of the reply; return what can be decided now."""
        if (
            self._idle
            and chunk
            and "[" not in chunk
            and chunk[-1] not in MARKUP
            and "(" not in chunk
            and "{" not in chunk
            and "<" not in chunk
            and (chunk.isascii() or ("\uff3b" not in chunk and "\u3010" not in chunk))
        ):
            # The common case, kept short: prose with nothing held and nothing that could start a tag.
            self._pos += len(chunk)
            event: Any = _TextDraft()  # ``_text``, inlined
            event.text = chunk
            event.reason = None
            event.__class__ = Text
            return [event]
        if self._closed:
            raise RuntimeError("TagStream.feed() after close()")
        if not chunk:
            return []
        state = self._state
        if state is _PROSE and self._held:
            # A held opener still growing ("[inv" + "ento"): a table lookup, not a whole ``_run``.
            held = self._held[0]
            grown = held + chunk
            # The held wrapping ("**[i" + "nven") is what ``prefix_start`` read back from the bracket.
            if held[0] in MARKUP:
                wrap = len(held) - len(held.lstrip(_WRAPPING))
            else:
                wrap = 1 if grown[1:2] == "[" else 0  # "[[inv": the doubled bracket
            if (
                len(grown) - wrap <= LONGEST_PARTIAL
                and grown.isascii()
                and grown[wrap:].lower() in PARTIAL_OPENERS
            ):
                self._held[0] = grown
                self._held_len = len(grown)
                return []
            if grown[0] == "[" and is_plain_prose(chunk) and held.isascii():
                if not wrap and chunk[0] in HEAD_ENDS and (name := WHOLE_HEADS.get(held.lower())):
                    # "[inventory" + ":": the head ``OPEN`` would match, read from the table
                    return self._open_head(grown, chunk, held[name[0] : name[1]], chunk[0], len(held) + 1)
                opener = OPEN.match(grown, wrap)
                if opener is None:
                    return self._release(grown)  # it was no opener ("[s" + "ic] "): all prose, at once
                if not wrap and opener.group(2) is None:
                    written, after, body = opener.group(1, 3, 4)
                    if body is None:
                        return self._open_head(grown, chunk, written, after, opener.end())
                    # The whole tag is here ("[in" + 'ventory: item="rope"] on'), only prose after it: the
                    # common tag as the prose step decides it (a colon, or ``is_tag``), with no ``_run``.
                    end = opener.end() - len(held)
                    if (end == len(chunk) or is_plain_prose(chunk[end:])) and (
                        after == ":" or is_tag(SQUARE, after in HEAD_COLONS, written, body)
                    ):
                        self._name, self._body_at = written, opener.start(4)
                        return self._close_plain(chunk, end)
        elif self._idle:
            # A chunk that ends in the start of an opener ("[in", " [inv"), only prose before it: the prose
            # out, the opener held (what ``_run`` would decide, without it).
            bracket = chunk.rfind("[")
            if bracket >= 0 and len(chunk) - bracket <= LONGEST_PARTIAL:
                tail = chunk[bracket:]
                prose = chunk[:bracket]
                if (
                    tail.isascii()
                    and tail.lower() in PARTIAL_OPENERS
                    and (not prose or is_plain_prose(prose))
                ):
                    self._held, self._held_len, self._resume, self._idle = [tail], len(tail), 0, False
                    if not prose:
                        return []
                    self._pos += bracket
                    return [_text(prose)]
            elif bracket == 0 and (opener := OPEN.match(chunk)) is not None:
                # A whole plain tag first, its only "[", only prose after it: decided as the prose step
                # decides the common tag (a colon, or ``is_tag``), with no ``_run``.
                written, _, after, body = opener.groups()
                end = opener.end()
                if (
                    body is not None
                    and (end == len(chunk) or is_plain_prose(chunk[end:]))
                    and (after == ":" or is_tag(SQUARE, after in HEAD_COLONS, written, body))
                ):
                    self._name, self._body_at = written, opener.start(4)
                    return self._close_plain(chunk, end)
        elif state is _BODY and self._pair is SQUARE and "[" not in chunk:
            # A "[" body's stops are "[", "]" and a line break: found by ``str.find``, not the regex.
            room = self._body_at + BODY_LIMIT + 1 - self._held_len
            close = chunk.find("]")
            if close < 0:
                if len(chunk) < room and "\n" not in chunk:  # still inside the body
                    self._held.append(chunk)
                    self._held_len += len(chunk)
                    self._resume = self._held_len
                    return []
            elif (
                close < room
                and self._colon
                and not self._prefix
                and not self._nest
                and chunk.find("\n", 0, close) < 0
                and (close + 1 == len(chunk) or is_plain_prose(chunk[close + 1 :]))
            ):
                return self._close_plain(chunk, close + 1)
        elif state is _BODY:
            room = self._body_at + BODY_LIMIT + 1 - self._held_len
            stop = self._pair.stops.search(chunk)
            if stop is None:
                if len(chunk) < room:  # still inside a tag body
                    self._held.append(chunk)
                    self._held_len += len(chunk)
                    self._resume = self._held_len
                    return []
            elif (
                chunk[stop.start()] == "]"
                and stop.start() < room
                and self._colon
                and self._pair is SQUARE
                and not self._prefix
                and not self._nest
                and is_plain_prose(chunk[stop.end() :])
            ):
                return self._close_plain(chunk, stop.end())
        return self._run(chunk, final=False)

    def feed_prose(self, chunk: str) -> Text:
        """``feed`` of a chunk the caller knows is prose (``is_plain_prose``, or ``turn.is_prose`` beyond
        ASCII: no opener, no markup at its end), given while ``is_idle``: its one ``Text`` (what ``feed``
        would find), without the tests; the scanner stays idle."""
        self._pos += len(chunk)
        return _text(chunk)

    def feed_prose_pair(self, first: str, then: str) -> tuple[Text, Text]:
        """``feed_prose`` of ``first`` then of ``then`` (both ``is_plain_prose``), in one call."""
        self._pos += len(first) + len(then)
        return _text(first), _text(then)

    def feed_head_tag(self, raw: str) -> RawTag | None:
        """``feed`` of ``raw`` while ``is_idle``, when it is one whole plain "[" tag read by the head table:
        ASCII, a head of ``WHOLE_HEADS`` up to its first ":" or " ", then a body without "[", "]" or a
        line break of at most ``BODY_LIMIT`` characters, then its "]", last; with the evidence ``is_tag``
        asks. Returns its one ``RawTag`` (what ``OPEN`` and the prose step decide: the name as written, the
        body up to the "]"), the scanner idle after it; None for anything else, with nothing read."""
        tag = self._head_tag(raw, self._pos)
        if tag is not None:
            self._pos = tag.end
        return tag

    def feed_prose_tag(self, prose: str, raw: str) -> tuple[Text, RawTag] | None:
        """``feed_prose`` of ``prose`` then ``feed_head_tag`` of ``raw``, in one call: their two events, or
        None with nothing read (``raw`` is not such a tag)."""
        start = self._pos + len(prose)
        tag = self._head_tag(raw, start)
        if tag is None:
            return None
        self._pos = tag.end
        return _text(prose), tag

    def _head_tag(self, raw: str, start: int) -> RawTag | None:
        """``feed_head_tag``'s ``RawTag`` of ``raw`` at ``start``, nothing read; None when it is none."""
        if not self._idle or self._closed or raw[-1:] != "]" or not raw.isascii():
            return None
        colon, space = raw.find(":"), raw.find(" ")
        after_at = colon if space < 0 or 0 <= colon < space else space
        name = WHOLE_HEADS.get(raw[:after_at].lower()) if after_at > 0 else None
        if name is None:
            return None
        body = raw[after_at + 1 : -1]
        if "]" in body or "[" in body or "\n" in body or len(body) > BODY_LIMIT:
            return None
        written, after = raw[name[0] : name[1]], raw[after_at]
        if after != ":" and not is_tag(SQUARE, after in HEAD_COLONS, written, body):
            return None
        return _tag(raw, written, body, start, start + len(raw), True, None)

    @property
    def is_idle(self) -> bool:
        """Nothing held, between tags: a chunk that ``is_plain_prose`` would come back as one ``Text`` of
        itself, and leave the scanner idle."""
        return self._idle and not self._closed

    @property
    def is_in_body(self) -> bool:
        """Inside a "[" tag's body, its closer not yet seen: a chunk without "[", "]" or a line break gives
        no event (it is held), or only too-long text once the body runs past ``BODY_LIMIT``."""
        return self._state is _BODY and self._pair is SQUARE and not self._closed

    @property
    def head(self) -> str:
        """The held text when it is a plain "[" opener still growing between tags (ASCII, no markup before
        it, not a doubled "[["): "[in", "[ **inv"; else "". What ``feed`` of a chunk without "[" then does
        is read from tables, with no event either way (its first steps): the join, lowercased, one of
        ``PARTIAL_OPENERS``, is held as the opener; a chunk of plain prose, without "]" or a line break,
        of at most ``BODY_LIMIT`` characters, that starts with one of ``HEAD_ENDS`` after a head of
        ``WHOLE_HEADS`` (``head.lower()``) puts the scanner in that tag's body (``is_in_body``)."""
        held = self._held
        if self._state is _PROSE and held and not self._closed:
            text = held[0]
            if text[0] == "[" and text[1:2] != "[" and text.isascii():
                return text
        return ""

    def _release(self, text: str) -> list[Event]:
        """The held text and the chunk after it, found to be prose that cannot start a tag: out at once
        (what ``_run`` would decide, without it)."""
        self._pos += len(text)
        self._held, self._held_len, self._resume, self._idle = [], 0, 0, True
        return [_text(text)]

    def _open_head(self, held: str, chunk: str, name: str, after: str, end: int) -> list[Event]:
        """The held text, a plain "[" opener, now holds the whole head up to ``end`` ("[inventory" + ":"):
        when only body text without a stop follows it, on to the body step's state at once (what ``_run``
        would decide, without it); else the whole ``_run``."""
        size = len(held)
        if (
            size - end > BODY_LIMIT
            or (size > end and SQUARE.stops.search(held, end) is not None)
            or "(" in held
            or "{" in held
            or "<" in held
        ):
            return self._run(chunk, final=False)
        self._held[0] = held
        self._held_len = self._resume = size
        self._prefix, self._name, self._pair, self._nest = "", name, SQUARE, ""
        self._colon = after in HEAD_COLONS
        self._body_at, self._quote_odd, self._quoted_to = end, False, 0
        self._state = _BODY
        return []

    def _close_plain(self, chunk: str, end: int) -> list[Event]:
        """A "[name: ..." body closed by a "]" in ``chunk`` at ``end - 1``, only prose after it: the tag and
        that prose, at once (what ``_run`` would decide, without it)."""
        raw = "".join(self._held) + chunk[:end]
        start = self._pos
        events: list[Event] = [
            _tag(raw, self._name, raw[self._body_at : -1], start, start + len(raw), True, None)
        ]
        if end < len(chunk):
            events.append(_text(chunk[end:]))
        self._pos = start + len(raw) + len(chunk) - end
        self._held, self._held_len, self._resume, self._idle = [], 0, 0, True
        self._body_at, self._state = -1, _PROSE
        return events

    def close(self) -> list[Event]:
        """End of the reply: decide whatever is held and return the last events."""
        if self._closed:
            raise RuntimeError("TagStream.close() called twice")
        self._closed = True
        events = self._run("", final=True)
        self._idle = False
        return events

    # -- scanning ---------------------------------------------------------------------------------

    def _run(self, chunk: str, *, final: bool) -> list[Event]:
        """Decide what the held text plus ``chunk`` allows; hold the undecided rest.

        Each step reads on from ``_at`` in one buffer and either moves to another state (True) or needs
        more input (False): nothing is sliced but what is emitted, so a chunk holding any number of tags
        costs time proportional to its length. ``_pos + _done`` is always the absolute offset of
        ``buf[_done]``, the first character not yet emitted.
        """
        buf = "".join(self._held) + chunk if self._held else chunk
        events: list[Event] = []
        self._done, self._at = 0, self._resume
        self._open_from = self._other_from = -1  # no search has looked at this buffer yet
        # Whether the buffer holds an opener other than "[" (looked for once a run: on a buffer of wide
        # characters each look is a loop over it, not a memchr).
        self._others = (
            "(" in buf
            or "{" in buf
            or "<" in buf
            or (not buf.isascii() and ("\uff3b" in buf or "\u3010" in buf))
        )
        steps = _STEPS
        while steps[self._state](self, buf, final, events):
            pass
        done, size = self._done, len(buf)
        self._pos += done
        self._held = [buf[done:]] if done < size else []
        self._held_len = size - done
        self._resume = max(self._at - done, 0)
        if self._body_at >= 0:
            self._body_at -= done
            if self._bracket >= 0:
                self._bracket -= done
        self._idle = done == size and self._state is _PROSE
        return events

    def _scan_prose(self, buf: str, final: bool, events: list[Event]) -> bool:
        """Between tags: take every complete tag in one pass; stop at a body still arriving.

        Prose (a bracket decided prose included) stays pending from ``done`` until a tag follows it or
        the pass ends, so a run of prose brackets goes out as one event. The other brackets ("(", "{",
        "［", "【") are found by a second search, consulted only where the buffer holds one.
        """
        done, base, at, others = self._done, self._pos, self._at, self._others
        emit = events.append
        # Each search goes on, within one run, from where an earlier prose step left it: the first match
        # found from an earlier position is still the first from a later one, unless it stands before it.
        # (Searching afresh each time a body ends would read the same prose again: quadratic.)
        from_, pending = self._open_from, self._open_next
        if from_ < 0 or (pending is not None and pending.start() < at):
            openers: Iterable[re.Match[str]] = OPEN.finditer(buf, at)
        else:
            openers = () if pending is None else OPEN.finditer(buf, pending.start())
        other_from, other = self._first_other(buf, at) if others else (-1, None)
        other_at = _NOWHERE if other is None else other.start()  # an int: compared once an opener
        for opener in openers:
            bracket_at = opener.start()
            while other_at < bracket_at:  # an other bracket comes first
                assert other is not None
                if self._open_other(buf, other, done, events):
                    self._open_from, self._open_next = at, opener  # this one is still to read
                    return True
                other_from = other.end()
                other = OPEN_OTHER.search(buf, other_from)
                other_at = _NOWHERE if other is None else other.start()
            if bracket_at > done and buf[bracket_at - 1] in _BEFORE_SQUARE:
                start = prefix_start(buf, bracket_at, done)
                prefix = buf[start:bracket_at].rstrip("\\")
            else:
                start, prefix = bracket_at, ""
            end = opener.end()
            if other_at < end:  # inside this one: read as part of it
                other_from, other = end, OPEN_OTHER.search(buf, end)
                other_at = _NOWHERE if other is None else other.start()
            name, empty, after, body = opener.groups()
            if (
                body is not None
                and after == ":"
                and (
                    not prefix
                    or (prefix[0] not in QUOTES and prefix[-1] != "[" and buf.startswith(prefix[::-1], end))
                )
            ):
                # The common tag, bare or wrapped ("**[...]**", its closing markup here), decided here as
                # ``_close_candidate`` would: one regex match, one event (a quoted one takes its way).
                if start > done:
                    emit(_text(buf[done:start]))
                done = end + len(prefix)  # the closing markup mirrors the prefix
                mark = "struck" if "~" in prefix else None  # as ``mark_of`` says
                emit(_tag(buf[start:done], name, body, base + start, base + done, True, mark))
                continue
            if empty:
                continue  # "[loot]": an empty body without a colon is prose
            self._other_from, self._other_next = other_from, other
            decided = self._open_square(buf, final, events, done, start, prefix, opener)
            if decided is not None:
                return decided
            done = self._done
        while other is not None:
            if self._open_other(buf, other, done, events):
                self._open_from, self._open_next = at, None  # no "[" opener after ``at``
                return True
            other = OPEN_OTHER.search(buf, other.end())
        # no opener left: hold a suffix that could still become one
        size = len(buf)
        hold_from = size if final else tail_start(buf, done, size, others)
        if hold_from > done:
            events.append(_text(buf[done:hold_from]))
        self._done = self._at = hold_from
        return False

    def _first_other(self, buf: str, at: int) -> tuple[int, re.Match[str] | None]:
        """The first opener of another bracket at or after ``at``, and where it was searched from: the one
        an earlier prose step of this run found, when it is still ahead."""
        other_from, other = self._other_from, self._other_next
        if other_from < 0 or (other is not None and other.start() < at):
            return at, OPEN_OTHER.search(buf, at)
        return other_from, other

    def _open_square(
        self,
        buf: str,
        final: bool,
        events: list[Event],
        done: int,
        start: int,
        prefix: str,
        opener: re.Match[str],
    ) -> bool | None:
        """A "[" opener the common path did not decide: prose (None, still pending), a tag decided at its
        "]" (None, ``_done`` past it), or a candidate whose body or closing markup is still to come (what
        the prose step returns)."""
        name, _, after, body = opener.groups()
        colon = after in HEAD_COLONS
        if body is not None and not is_tag(SQUARE, colon, name, body):
            self._done = done
            return None  # "[Sheet music]": prose, still pending
        if start > done:
            events.append(_text(buf[done:start]))
        self._done, end = start, opener.end()
        self._prefix, self._name, self._pair, self._colon, self._nest = prefix, name, SQUARE, colon, ""
        if body is None:  # the body is not all here yet: on to the body step at once
            self._body_at = self._at = end
            self._quote_odd, self._quoted_to = False, 0
            self._state = _BODY
            self._open_from = -1  # the "[" search resumes after the body, where it has not looked
            return self._scan_body(buf, final, events)
        self._bracket = end - 1
        self._body_at = self._bracket - len(body)
        if not self._close_candidate(buf, final, events, True):
            self._state, self._at = _CLOSER, len(buf)
            return False
        return None

    def _open_other(self, buf: str, opener: re.Match[str], done: int, events: list[Event]) -> bool:
        """An opener of another bracket than "[": prose when a closer follows its name ("(inventory)"),
        else a candidate whose body is read step by step (True: the body step takes over)."""
        bracket, name, after = opener.groups()
        if after in CLOSERS:
            return False
        bracket_at = opener.start()
        start = prefix_start(buf, bracket_at, done) if bracket_at > done else bracket_at
        if start > done:
            events.append(_text(buf[done:start]))
        self._done = start
        self._prefix, self._name, self._pair = buf[start:bracket_at].rstrip("\\"), name, PAIRS[bracket]
        self._colon, self._nest = after in HEAD_COLONS, ""
        self._body_at = self._at = opener.end()
        self._quote_odd, self._quoted_to = False, 0
        self._other_from = -1  # the search for other brackets resumes after this body
        self._state = _BODY
        return True

    def _scan_body(self, buf: str, final: bool, events: list[Event]) -> bool:
        """Inside a body: find its closer, or what cuts it short (a "[" that opens no value, too deep a
        nest, the limit, the end of the reply); a bracket that opens a value nests until it closes; a
        line break hands over to the break step."""
        size, body_at, pair = len(buf), self._body_at, self._pair
        limit = min(size, body_at + BODY_LIMIT + 1)  # a closer may stand at body index BODY_LIMIT
        stops, at = pair.stops, self._at
        while (stop := stops.search(buf, at, limit)) is not None:
            pos = stop.start()
            char, nest = buf[pos], self._nest
            at = pos + 1
            if nest and char == nest[-1]:  # a nested list or group closes
                self._nest = nest[:-1]
            elif char == "\n":  # does the next line go on with the tag?
                self._at, self._state = pos, _BREAK
                return True
            elif char == pair.close:
                self._bracket = pos
                if self._close_candidate(buf, final, events, self._colon and pair.square):
                    self._state = _PROSE
                    return True
                self._state, self._at = _CLOSER, size
                return False
            elif char == pair.open or char == "[":
                if len(nest) >= MAX_NEST or (char == "[" and not opens_value(buf, pos, self._done)):
                    return self._cut(buf, pos, events)  # the next tag (or any bracket) cuts this head short
                self._nest = nest + ("]" if char == "[" else pair.close)
            # else: a stray closer of another kind ("]" in a "(" body) is body text
        self._at = limit
        if limit == body_at + BODY_LIMIT + 1:  # no closer within the limit: release the head as text
            events.append(_text(buf[self._done : limit], "too-long"))
            self._done = limit
            self._body_at, self._state = -1, _OVERLONG
            return True
        if final:
            self._cut(buf, size, events)
        return False

    def _scan_closer(self, buf: str, final: bool, events: list[Event]) -> bool:
        """After a body's closer: decide the candidate once its closing markup is known."""
        if not self._close_candidate(buf, final, events):
            self._at = len(buf)
            return False
        self._state = _PROSE
        return True

    def _scan_break(self, buf: str, final: bool, events: list[Event]) -> bool:
        """At a line break in a body (``_at``): the body goes on when the next line continues the tag, else
        the head is cut at the break and the next line is prose (``envelope.line_continues``); the few
        characters that decide it are waited for. Inside an open quoted value (an odd count of '"' so far,
        counted on from the last break) or an open bracket, any line but a blank one goes on."""
        pos, body_at = self._at, self._body_at
        counted = body_at + self._quoted_to
        if counted < pos:  # each character of the body is counted once, however many breaks it has
            if buf.count('"', counted, pos) % 2:
                self._quote_odd = not self._quote_odd
            self._quoted_to = pos - body_at
        inside = bool(self._nest) or self._quote_odd  # a value open across the break: any line goes on
        goes_on = line_continues(buf, pos + 1, self._name, inside, final)
        if goes_on is None:
            return False
        if goes_on:
            self._at, self._state = pos + 1, _BODY
            return True
        return self._cut(buf, pos, events)

    def _scan_overlong(self, buf: str, final: bool, events: list[Event]) -> bool:
        """The rest of a body past the limit, up to its closer, the next "[" or a line break the next line
        does not go on from, is too-long text as well."""
        ends, at = self._pair.ends, self._at
        while (stop := ends.search(buf, at)) is not None:
            pos = stop.start()
            if buf[pos] == "\n":
                goes_on = line_continues(buf, pos + 1, self._name, bool(self._nest), final)
                if goes_on:
                    at = pos + 1
                    continue
                if goes_on is None:  # what is before the break goes out; the break waits
                    self._too_long(buf, pos, events)
                    return False
                end = pos
            else:
                end = pos if buf[pos] == "[" else pos + 1
            self._too_long(buf, end, events)
            self._state = _PROSE
            return True
        self._too_long(buf, len(buf), events)
        return False

    def _too_long(self, buf: str, end: int, events: list[Event]) -> None:
        """Release the over-long body up to ``end`` as too-long text; scanning goes on there."""
        if end > self._done:
            events.append(_text(buf[self._done : end], "too-long"))
        self._done = self._at = end

    def _close_candidate(self, buf: str, final: bool, events: list[Event], checked: bool = False) -> bool:
        """After a closer: prose, or a tag with or without its closing markup (``checked``: known to be a
        tag). False while the closing markup may still be arriving; else scanning goes on past the
        candidate (a tag is emitted at once, prose stays pending and goes out with the prose after it)."""
        done, bracket, prefix = self._done, self._bracket, self._prefix
        closer_at = bracket + 1
        body = buf[self._body_at : bracket]
        if not checked and not is_tag(self._pair, self._colon, self._name, body):
            self._at = closer_at
            self._body_at = self._bracket = -1
            return True
        end, mark = closer_at, None
        if prefix:
            closer = closer_of(prefix)
            if buf.startswith(closer, closer_at):
                end += len(closer)
                mark = mark_of(prefix, True)
            elif not final and len(buf) - closer_at < len(closer) and closer.startswith(buf[closer_at:]):
                return False
            else:  # the opening markup found no partner: it is prose
                events.append(_text(prefix))
                done += len(prefix)
                mark = mark_of(prefix, False)
        base = self._pos
        events.append(_tag(buf[done:end], self._name, body, base + done, base + end, True, mark))
        self._done = self._at = end
        self._body_at = self._bracket = -1
        return True

    def _cut(self, buf: str, end: int, events: list[Event]) -> bool:
        """Decide a head cut short at ``end``: a tag when it has the evidence its bracket needs, else
        prose; scanning goes on at ``end``. Returns True (the prose step takes over)."""
        done, body = self._done, buf[self._body_at : end]
        if is_tag(self._pair, self._colon, self._name, body):
            mark = mark_of(self._prefix, False)
            base = self._pos
            events.append(_tag(buf[done:end], self._name, body, base + done, base + end, False, mark))
        else:
            events.append(_text(buf[done:end], "unclosed"))
        self._done = self._at = end
        self._body_at, self._state = -1, _PROSE
        return True


_STEPS: Final = {
    _PROSE: TagStream._scan_prose,
    _BODY: TagStream._scan_body,
    _BREAK: TagStream._scan_break,
    _CLOSER: TagStream._scan_closer,
    _OVERLONG: TagStream._scan_overlong,
}


_WRAPPING = "".join(MARKUP)
_BEFORE_SQUARE: Final = MARKUP | {"["}  # what may stand before a "[" opener: markup, or the "[" of "[[...]]"
_NOWHERE: Final = sys.maxsize  # where no match stands


def is_plain_prose(text: str) -> bool:
    """Text that can neither start a tag nor wrap one: no opener and no markup at its end (ASCII, so no
    wide bracket either). Fed to an idle scanner, it is one ``Text`` of itself (``feed``'s fast path)."""
    return (
        text.isascii()
        and "[" not in text
        and "(" not in text
        and "{" not in text
        and "<" not in text
        and (not text or text[-1] not in MARKUP)
    )


def merge_text(events: list[Event]) -> list[Event]:
    """Merge adjacent ``Text`` events of the same kind (for comparing streams chunked differently).

    Linear: a run of text is gathered as pieces and joined once, never rebuilt per event.
    """
    merged: list[Event] = []
    run: list[Text] = []  # the current run of text events of one reason
    for event in events:
        if isinstance(event, Text):
            if run and run[0].reason != event.reason:
                merged.append(_joined(run))
                run = []
            run.append(event)
        else:
            if run:
                merged.append(_joined(run))
                run = []
            merged.append(event)
    if run:
        merged.append(_joined(run))
    return merged


def _joined(run: list[Text]) -> Text:
    """One text event for a run of them (the very event when the run has one)."""
    if len(run) == 1:
        return run[0]
    return _text("".join(event.text for event in run), run[0].reason)


def parse_reply(text: str) -> list[Event]:
    """Scan a whole reply at once: the same events as streaming it, adjacent text merged."""
    stream = TagStream()
    return merge_text(stream.feed(text) + stream.close())
