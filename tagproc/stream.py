"""Stream: a sans-IO scanner that splits a streaming reply into prose and raw tags.

``TagStream`` owns a buffer and a state, never a socket or a thread (like h11): ``feed(chunk)`` and
``close()`` return events. It knows the four tag names (``inventory``, ``place``, ``loot``, ``sheet``) in
any case, the sloppy envelopes of DESIGN.md (a missing colon, backticks or bold around the tag, ``\\[``),
and nothing about what a tag's body means.

Invariants:
- Lossless: the concatenation of every event's ``text``/``raw`` is exactly the input.
- No delay: text that cannot begin a tag is returned by the ``feed`` that brought it; only a suffix
  that could still become a tag is held, and never a tag body longer than ``BODY_LIMIT``.
- Split invariance: the events (adjacent ``Text`` of one kind merged) do not depend on the chunking.
  Every decision depends only on the text and, in ``close()``, on the end of the input.
- Linear: each character is examined a bounded number of times. A candidate's body ends at its first
  ``]``, and a ``[`` inside a body ends the candidate there, so no text is ever scanned twice but the
  few characters of an opener that turned out not to be one.

States (one explicit ``TagStream._state``, one ``_scan_*`` method each, h11's way): ``prose`` between
tags (the one-regex common tag is decided there), ``body`` inside a candidate's body, ``closer`` after its
"]" while the closing markup may still arrive, ``overlong`` past the body limit up to its "]".

Decisions (each told by the event it gives):
- ``[Sheet music]`` (a tag name, no colon, no ``=`` and no ``key:`` in the body) is prose: ``Text``.
- A body past ``BODY_LIMIT`` characters is released as ``Text(reason="too-long")``, and so is the rest of
  it up to its "]" (or the next "[") as it arrives: nothing is held past the limit, and the turn can still
  hide the whole over-long tag and answer it (DESIGN.md "Limits": answered, never silently dropped).
- A head cut short by the next ``[``, or by the end of the reply, is a tag (``RawTag(closed=False)``)
  when it has a colon after its name or an ``=`` in its body, else ``Text(reason="unclosed")``.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Final

from tagproc.vocabulary import TAG_NAMES

__all__ = ["BODY_LIMIT", "Event", "RawTag", "TagStream", "Text", "merge_text", "parse_reply"]

BODY_LIMIT: Final = 1500

# An opener is optional bold/italic, up to three backticks, an optional backslash escape, "[", a tag name
# and one character that ends the name. Ending on that one character keeps partial matching unambiguous
# (DESIGN.md "Known pitfalls": a complete match that could still grow must not count as complete).
# The search is anchored on the "[" (a literal the C engine skips to quickly); the markup before it is
# read backwards by ``_prefix_start``, which picks what a leftmost forward match would.
# ASCII case folding in both engines, so that they agree on every character (no Kelvin sign for a "k").
# The search also takes the body and its "]" when they are already there (the common case: one C call
# a tag); when they are not, it still stops at the first opener, which the step-by-step path reads.
_OPEN = re.compile(
    r"\[[ \t]{0,3}(%n)(?:(\])|([\s:])(?:([^\[\]]{0,%s})\])?)".replace("%s", str(BODY_LIMIT)).replace(
        "%n", "|".join(TAG_NAMES)
    ),
    re.IGNORECASE | re.ASCII,
)
_LONGEST_PARTIAL = 13  # "[" + 3 blanks + "inventory": no partial opener is longer


def _partial_openers() -> frozenset[str]:
    """Every text an opener can start with but not end with, lowercased: "[", "[ in", "[\tshee"..."""
    blanks = ["".join(run) for n in range(4) for run in itertools.product(" \t", repeat=n)]
    heads = {name[:n] for name in TAG_NAMES for n in range(len(name) + 1)}
    return frozenset("[" + blank + head for blank in blanks for head in heads)


# A table, not a partial regex match: the same answer (DESIGN.md "Known pitfalls" warn about partial
# matching), checked in one set lookup on the hot path of small chunks.
_PARTIAL_OPENERS = _partial_openers()
_MARKUP = frozenset("*_`\\")  # "" is not in it, so ``chunk[-1:] in _MARKUP`` is safe on ""
# The keys a tag written ``key: value`` starts with, that prose in brackets does not ("[Sheet music: soft]").
_COLON_KEY = re.compile(
    r"(?<![\w-])(?:action|items?|op|who|to|count|qty|quantity|amount|table|size|pool|rest|track|condition)"
    r"\s*:[\s\"']",
    re.IGNORECASE | re.ASCII,
)
# The characters that end a body.
_BODY_STOP = re.compile(r"[\[\]]")


@dataclass(frozen=True, slots=True)
class Text:
    """Prose for the player. ``reason`` is set when the scanner released a tag-like head as text."""

    text: str
    reason: str | None = None


@dataclass(frozen=True, slots=True)
class RawTag:
    """A tag: ``raw`` is all the player must not see (wrapping markup included); ``name`` as written.

    ``start``/``end`` are offsets of ``raw`` in the whole reply. ``closed`` is False for a head the
    reply cut short (by the next tag or by its end) that the scanner decided was a tag.
    """

    raw: str
    name: str
    body: str
    start: int
    end: int
    closed: bool = True


Event = Text | RawTag

# Hot-path constructors. A frozen dataclass's ``__init__`` goes through ``object.__setattr__`` per field,
# which doubles the cost of a 4-character feed; setting the slots through their descriptors makes the
# same immutable object (equal, hashable, frozen to every caller) in half the time.
_new = object.__new__
_SET_TEXT, _SET_REASON = (Text.__dict__[name].__set__ for name in ("text", "reason"))
_SET_RAW, _SET_NAME, _SET_BODY, _SET_START, _SET_END, _SET_CLOSED = (
    RawTag.__dict__[name].__set__ for name in ("raw", "name", "body", "start", "end", "closed")
)


def _text(text: str, reason: str | None = None) -> Text:
    event: Text = _new(Text)
    _SET_TEXT(event, text)
    _SET_REASON(event, reason)
    return event


def _tag(raw: str, name: str, body: str, start: int, end: int, closed: bool) -> RawTag:
    event: RawTag = _new(RawTag)
    _SET_RAW(event, raw)
    _SET_NAME(event, name)
    _SET_BODY(event, body)
    _SET_START(event, start)
    _SET_END(event, end)
    _SET_CLOSED(event, closed)
    return event


# The scanner's states (h11 keeps its connection states as sentinels the same way): what the held text is.
_PROSE: Final = "prose"  # between tags: nothing held, or a suffix that could still become an opener
_BODY: Final = "body"  # inside a candidate's body, its "]" not yet seen
_CLOSER: Final = "closer"  # after a candidate's "]", waiting for the closing markup its prefix asks for
_OVERLONG: Final = "overlong"  # inside a body past the limit: released as too-long text up to its "]"


class TagStream:
    """Incremental scanner: ``feed(chunk) -> events``, ``close() -> events``.

    One explicit state (``_PROSE``, ``_BODY``, ``_CLOSER``, ``_OVERLONG``) and one method per state
    (``_STEPS``), as h11 keeps its readers. Between calls it keeps the held text and, in ``_BODY`` and
    ``_CLOSER``, the candidate: the markup ``prefix`` before its "[" (matched again after the "]"), its
    ``name``, whether a colon followed the name, where its body starts and where its "]" stands (-1
    until seen), all offsets relative to the held text.
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
        "_pos",
        "_prefix",
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
        self._bracket = -1  # in _CLOSER: where its "]" stands
        self._prefix = ""
        self._name = ""
        self._colon = False
        self._closed = False
        self._idle = True  # nothing held, in _PROSE: feed() may take its fast path
        # Within one ``_run``: the buffer is emitted up to ``_done``, scanning goes on at ``_at``.
        self._done = 0
        self._at = 0

    # -- public API -------------------------------------------------------------------------------

    def feed(self, chunk: str) -> list[Event]:
        """Take the next piece of the reply; return what can be decided now."""
        if self._idle and chunk and "[" not in chunk and chunk[-1] not in _MARKUP:
            # The common case, kept short: prose with nothing held and nothing that could start a tag.
            self._pos += len(chunk)
            event: Text = _new(Text)
            _SET_TEXT(event, chunk)
            _SET_REASON(event, None)
            return [event]
        if self._closed:
            raise RuntimeError("TagStream.feed() after close()")
        if not chunk:
            return []
        state = self._state
        if state is _PROSE and self._held:
            # A held opener still growing ("[inv" + "ento"): a table lookup, not a whole ``_run``.
            grown = self._held[0] + chunk
            if len(grown) <= _LONGEST_PARTIAL and grown.isascii() and grown.lower() in _PARTIAL_OPENERS:
                self._held[0] = grown
                self._held_len = len(grown)
                return []
        elif state is _BODY:
            room = self._body_at + BODY_LIMIT + 1 - self._held_len
            if len(chunk) < room and _BODY_STOP.search(chunk) is None:  # still inside a tag body
                self._held.append(chunk)
                self._held_len += len(chunk)
                self._resume = self._held_len
                return []
        return self._run(chunk, final=False)

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
        the pass ends, so a run of prose brackets goes out as one event.
        """
        done, base = self._done, self._pos
        for opener in _OPEN.finditer(buf, self._at):
            bracket_at = opener.start()
            if bracket_at > done and buf[bracket_at - 1] in _MARKUP:
                start = _prefix_start(buf, bracket_at, done)
                prefix = buf[start:bracket_at].rstrip("\\")
            else:
                start, prefix = bracket_at, ""
            name, empty, after, body = opener.groups()
            if body is not None and not prefix and after == ":":
                # The common tag, decided here (as ``_close_candidate`` would): one regex match, one event.
                if start > done:
                    text: Text = _new(Text)
                    _SET_TEXT(text, buf[done:start])
                    _SET_REASON(text, None)
                    events.append(text)
                end = opener.end()
                event: RawTag = _new(RawTag)
                _SET_RAW(event, buf[start:end])
                _SET_NAME(event, name)
                _SET_BODY(event, body)
                _SET_START(event, base + start)
                _SET_END(event, base + end)
                _SET_CLOSED(event, True)
                events.append(event)
                done = end
                continue
            colon = after == ":"
            if body is not None and not _is_tag(colon, body):
                continue  # "[Sheet music]": prose, still pending
            if empty:
                continue  # "[loot]": an empty body without a colon is prose
            if start > done:
                events.append(_text(buf[done:start]))
            self._prefix, self._name, self._colon, self._done = prefix, name, colon, start
            if body is None:  # the body is not all here yet
                self._body_at = self._at = opener.end()
                self._state = _BODY
                return True
            self._bracket = opener.end() - 1
            self._body_at = self._bracket - len(body)
            if not self._close_candidate(buf, final, events):
                self._state, self._at = _CLOSER, len(buf)
                return False
            done = self._done
        # no opener left: hold a suffix that could still become one
        size = len(buf)
        hold_from = size if final else _tail_start(buf, done, size)
        if hold_from > done:
            events.append(_text(buf[done:hold_from]))
        self._done = self._at = hold_from
        return False

    def _scan_body(self, buf: str, final: bool, events: list[Event]) -> bool:
        """Inside a body: find its "]", or the "[" or the limit that cuts it short."""
        size, done, body_at = len(buf), self._done, self._body_at
        limit = body_at + BODY_LIMIT + 1  # a "]" may stand at body index BODY_LIMIT
        stop = _BODY_STOP.search(buf, self._at, min(size, limit))
        if stop is None and size >= limit:  # no "]" within the limit: release the head as text
            events.append(_text(buf[done:limit], "too-long"))
            self._done = self._at = limit
            self._body_at, self._state = -1, _OVERLONG
            return True
        if stop is None:
            self._at = size
            if not final:
                return False
            _end_unclosed(buf, done, size, body_at, self._name, self._colon, self._pos, events)
            self._done, self._body_at, self._state = size, -1, _PROSE
            return False
        if stop.group() == "[":  # the next tag (or any bracket) cuts this head short
            end = stop.start()
            _end_unclosed(buf, done, end, body_at, self._name, self._colon, self._pos, events)
            self._done = self._at = end
            self._body_at, self._state = -1, _PROSE
            return True
        self._bracket = stop.start()
        if self._close_candidate(buf, final, events):
            self._state = _PROSE
            return True
        self._state, self._at = _CLOSER, size
        return False

    def _scan_closer(self, buf: str, final: bool, events: list[Event]) -> bool:
        """After a body's "]": decide the candidate once its closing markup is known."""
        if not self._close_candidate(buf, final, events):
            self._at = len(buf)
            return False
        self._state = _PROSE
        return True

    def _scan_overlong(self, buf: str, final: bool, events: list[Event]) -> bool:
        """The rest of a body past the limit, up to its "]" (or the next "["), is too-long text as well."""
        at = self._at
        stop = _BODY_STOP.search(buf, at)
        end = len(buf) if stop is None else stop.end() if stop.group() == "]" else stop.start()
        if end > self._done:
            events.append(_text(buf[self._done : end], "too-long"))
        self._done = self._at = end
        if stop is None:
            return False
        self._state = _PROSE
        return True

    def _close_candidate(self, buf: str, final: bool, events: list[Event]) -> bool:
        """After a "]": prose, or a tag with or without its closing markup. False while the closing markup
        may still be arriving; else scanning goes on past the candidate (a tag is emitted at once, prose
        stays pending and goes out with the prose after it)."""
        done, bracket, prefix = self._done, self._bracket, self._prefix
        closer_at = bracket + 1
        body = buf[self._body_at : bracket]
        if not _is_tag(self._colon, body):  # prose: it goes out with the prose after it, in one event
            self._at = closer_at
            self._body_at = self._bracket = -1
            return True
        end = closer_at
        if prefix:
            closer = prefix[::-1]
            if buf.startswith(closer, closer_at):
                end += len(closer)
            elif not final and len(buf) - closer_at < len(closer) and closer.startswith(buf[closer_at:]):
                return False
            else:  # the opening markup found no partner: it is prose
                events.append(_text(prefix))
                done += len(prefix)
        events.append(_tag(buf[done:end], self._name, body, self._pos + done, self._pos + end, True))
        self._done = self._at = end
        self._body_at = self._bracket = -1
        return True


_STEPS: Final = {
    _PROSE: TagStream._scan_prose,
    _BODY: TagStream._scan_body,
    _CLOSER: TagStream._scan_closer,
    _OVERLONG: TagStream._scan_overlong,
}


def _end_unclosed(
    buf: str, start: int, end: int, body_at: int, name: str, colon: bool, base: int, events: list[Event]
) -> None:
    """Decide a head cut short: a tag when it has a colon or an ``=``, else prose."""
    body = buf[body_at:end]
    if _is_tag(colon, body):
        events.append(_tag(buf[start:end], name, body, base + start, base + end, False))
    else:
        events.append(_text(buf[start:end], "unclosed"))


def _is_tag(colon: bool, body: str) -> bool:
    """A tag name with a colon after it, an ``=`` in its body, or a key written ``key: value`` (a missing
    colon and a colon for ``=`` at once, DESIGN.md "Sloppy input") is a tag; else prose (``[Sheet music]``)."""
    return colon or "=" in body or body.lstrip().startswith(":") or _COLON_KEY.search(body) is not None


def _prefix_start(buf: str, bracket: int, low: int) -> int:
    """Where the markup before a "[" at ``bracket`` begins, never before ``low``.

    The markup is ``E? T? E? \\?`` read backwards from the bracket: an optional backslash, emphasis
    (up to three ``*`` or three ``_``), up to three backticks, and emphasis again outside them, so
    ``***[...]***`` and ```` `**[...]**` ```` are wrapped tags. Every part is optional and each run is
    taken whole (up to three), so the greedy backward reading starts where a leftmost forward match of the
    same grammar would: the same decision however the reply is chunked.
    """
    i = bracket
    if i > low and buf[i - 1] == "\\":
        i -= 1
    i = _run_back(buf, i, low, "*_")
    i = _run_back(buf, i, low, "`")
    return _run_back(buf, i, low, "*_")


def _run_back(buf: str, i: int, low: int, chars: str) -> int:
    """``i`` moved back over up to three of one of ``chars`` (a run of one character)."""
    if i > low and buf[i - 1] in chars:
        mark, taken = buf[i - 1], 0
        while taken < 3 and i > low and buf[i - 1] == mark:
            i -= 1
            taken += 1
    return i


def _tail_start(buf: str, low: int, size: int) -> int:
    """Where a suffix of ``buf`` that could still become an opener begins (``size`` when none can)."""
    bracket = buf.rfind("[", max(low, size - _LONGEST_PARTIAL))
    if bracket >= 0:
        tail = buf[bracket:]
        if tail.isascii() and tail.lower() in _PARTIAL_OPENERS:
            return _prefix_start(buf, bracket, low)
    if size > low and buf[size - 1] in _MARKUP:
        return _prefix_start(buf, size, low)
    return size


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
