"""Visible text: what the player reads of a reply, the scanner's events joined with the tags taken out.

``VisibleText`` is a streaming joiner, sans-IO like the scanner: ``feed(events) -> str`` and ``close() -> str``
(``feed_text(text)``: ``feed`` of one prose ``Text``, with no event to read).
It never delays prose: everything but a run of whitespace at the end of what it was fed is returned at
once. The whitespace run ("the gap") is held until the next prose (or the end) says how it reads.

The rules for a gap that had a tag taken out of it (DESIGN.md "Answers": no doubled space left behind):
- at the start of the reply it is dropped, with the whitespace around the tag;
- at the end of the reply it keeps only the line breaks that followed the last tag;
- with a line break in it, it keeps as many line breaks as the most any one whitespace run of the gap had
  (so a tag alone on its line leaves no blank line, and spaces before a tag at a line end are dropped),
  then the indentation that followed the last tag;
- without one, it keeps its first non-empty whitespace run (one space for ``axe. [tag] Then``), or
  nothing where the tag stood between two words.
A gap without a tag in it is passed on exactly as written.

Invariant: the output depends only on the events' concatenated text and the places of the tags, never on
how the reply was chunked (split invariance, tested with one character at a time and random splits).
"""

from __future__ import annotations

from collections.abc import Iterable

from tagproc.stream import Event, RawTag

__all__ = ["VisibleText", "visible_text"]


class VisibleText:
    """Joins ``Text``/``RawTag`` events into the text the player reads, as they stream."""

    __slots__ = ("_clear", "_closed", "_gap", "_started", "_tagged")

    def __init__(self) -> None:
        self._started = False  # some prose was already returned
        # The held whitespace: one run per stretch between removed tags, each run kept as the pieces it
        # came in (joined once, when the gap is resolved: held whitespace never costs a copy per chunk).
        self._gap: list[list[str]] = [[]]
        self._tagged = False  # a tag was taken out of the held gap
        self._closed = False
        self._clear = True  # open, no whitespace held and no tag taken out: prose passes through as it is

    def feed(self, events: Iterable[Event]) -> str:
        """The visible text these events add (prose at once; trailing whitespace held)."""
        if self._closed:
            raise RuntimeError("VisibleText.feed() after close()")
        if type(events) is list and len(events) == 1:  # the common case: one event, read without a loop
            event = events[0]
            if isinstance(event, RawTag) or event.reason == "too-long":
                self._add_tag()
                return ""
            return self._add_text(event.text)
        out: list[str] = []
        for event in events:
            if isinstance(event, RawTag) or event.reason == "too-long":  # an over-long tag is a tag too
                self._add_tag()
            elif piece := self._add_text(event.text):
                out.append(piece)
        return out[0] if len(out) == 1 else "".join(out)  # one piece is passed on, not copied

    def feed_text(self, text: str) -> str:
        """``feed`` of one prose ``Text`` of ``text``: the visible text it adds, with no event to read."""
        if self._closed:
            raise RuntimeError("VisibleText.feed() after close()")
        return self._add_text(text)

    def feed_tag(self) -> None:
        """``feed`` of one ``RawTag``: it shows nothing, and the gap holds a tag taken out."""
        if self._closed:
            raise RuntimeError("VisibleText.feed() after close()")
        self._add_tag()

    def feed_after_shown(self, shown: str, text: str) -> str:
        """``feed_text`` of ``shown`` then of ``text``, returning what ``text`` adds, where the caller knows
        ``shown`` comes back as it is (given while ``is_clear``, not empty, no whitespace at its end)."""
        if self._closed:
            raise RuntimeError("VisibleText.feed() after close()")
        self._started = True  # what ``_add_text(shown)`` leaves: still clear, prose returned
        return self._add_text(text)

    def feed_after_lead(self, lead: str, text: str, *, tag: bool = False) -> str:
        """``feed_text`` of ``text`` where the caller knows what the held gap shows before it: ``lead``, what
        ``lead()`` returned for a ``text`` that starts with no whitespace, or ``spaced_lead()`` for one that
        starts with one space then no whitespace, nothing fed since (the gap is not resolved again); then,
        with ``tag``, ``feed_tag``."""
        if self._closed:
            raise RuntimeError("VisibleText.feed() after close()")
        start = 1 if text[0] == " " else 0  # that space is read into the gap ``spaced_lead`` resolved
        end = _prose_end(text)
        self._started = True
        gap = [text[end:]] if end < len(text) else []
        if tag:  # the run after the tag, empty
            self._gap, self._tagged, self._clear = [gap, []], True, False
        else:
            self._gap, self._tagged, self._clear = [gap], False, end == len(text)
        return lead + text[start:end]

    def feed_before_tag(self, lead: str, text: str) -> tuple[str, str, str]:
        """``feed_after_lead(lead, text, tag=True)`` then ``leads()``, in one step: what ``text`` shows, then
        what the gap the tag leaves shows before a word and before a space and a word (the whitespace at the
        end of ``text`` is the run before the tag, and nothing follows it)."""
        if self._closed:
            raise RuntimeError("VisibleText.feed() after close()")
        end = _prose_end(text)
        before = text[end:]
        self._started = True
        self._gap, self._tagged, self._clear = [[before] if before else [], []], True, False
        shown = lead + text[1:end] if text[0] == " " else lead + text[:end]
        if breaks := before.count("\n"):
            after = "\n" * breaks
            return shown, after, after
        return shown, before, before or " "

    def lead(self) -> str:
        """What ``feed_text`` shows of the held gap before prose that starts with no whitespace, without
        reading it: the gap resolved as ``_add_text`` resolves it."""
        gap = self._gap
        if len(gap) == 2 and not gap[1] and self._started:  # the gap after one tag: a few steps
            return self._after_one_tag("")
        return self._resolve(at_end=False)

    def spaced_lead(self) -> str:
        """What ``feed_text`` shows of the held gap before prose that starts with one space then no
        whitespace (that space read into the gap), without reading it."""
        gap = self._gap
        if len(gap) == 2 and not gap[1] and self._started:
            return self._after_one_tag(" ")
        last = gap[-1]
        last.append(" ")
        spaced = self._resolve(at_end=False)
        last.pop()
        return spaced

    def leads(self) -> tuple[str, str]:
        """``lead()`` and ``spaced_lead()`` at once: for the gap after one tag, one look at the run before it."""
        gap = self._gap
        if len(gap) == 2 and not gap[1] and self._started:
            pieces = gap[0]
            before = pieces[0] if len(pieces) == 1 else "".join(pieces)
            if breaks := before.count("\n"):
                lead = "\n" * breaks
                return lead, lead
            return before, before or " "
        return self.lead(), self.spaced_lead()

    def _after_one_tag(self, space: str) -> str:
        """``_resolve`` before prose of the common gap after a tag: prose shown already, then a run of
        whitespace (maybe none), one tag taken out and nothing after it, then ``space`` ("" or " ", read
        into the gap by the prose). The line breaks of the run before the tag, or that run when it has
        none, or ``space`` when it is empty (what ``_resolve`` gives, tested against it)."""
        pieces = self._gap[0]
        before = pieces[0] if len(pieces) == 1 else "".join(pieces)
        breaks = before.count("\n")
        return "\n" * breaks if breaks else before or space

    @property
    def is_clear(self) -> bool:
        """Open, nothing held and no tag taken out: prose that does not end in whitespace is shown as it is."""
        return self._clear

    def close(self) -> str:
        """What is left to show at the end of the reply."""
        if self._closed:
            return ""
        self._closed = True
        self._clear = False
        return self._resolve(at_end=True)

    def _add_tag(self) -> None:
        self._gap.append([])
        self._tagged, self._clear = True, False

    def _add_text(self, text: str) -> str:
        """The visible text a prose event adds: the held gap resolved, then the text up to its trailing
        whitespace, which is held."""
        if not text:
            return ""  # held whitespace or not, an empty piece changes nothing
        end = _prose_end(text)
        if not end:
            self._gap[-1].append(text)
            self._clear = False
            return ""
        if self._clear:  # nothing held: the gap resolves to nothing (the text itself when it does not end
            self._started = True  # in whitespace: the common prose chunk, passed on as it is)
            if end == len(text):
                return text
            self._gap = [[text[end:]]]
            self._clear = False
            return text[:end]
        start = _prose_start(text)
        if start:
            self._gap[-1].append(text[:start])
        gap = self._resolve(at_end=False)
        self._started = True
        self._gap = [[text[end:]]] if end < len(text) else [[]]
        self._tagged = False
        self._clear = end == len(text)
        shown = text[start:end] if start or end < len(text) else text
        return gap + shown if gap else shown

    def _resolve(self, *, at_end: bool) -> str:
        """The held gap as it reads, now that what follows it (prose, or the end) is known."""
        gap = self._gap
        if not self._tagged:  # no tag taken out: a single run, passed on as written
            pieces = gap[0]
            return pieces[0] if len(pieces) == 1 else "".join(pieces)
        if not self._started:
            return ""
        if at_end:
            return "\n" * "".join(gap[-1]).count("\n")
        breaks, first, run = 0, "", ""
        for pieces in gap:
            run = pieces[0] if len(pieces) == 1 else "".join(pieces)
            if run:
                count = run.count("\n")
                if count > breaks:
                    breaks = count
                if not first:
                    first = run
        if breaks:  # ``run`` is the last run: the indentation that followed the last tag
            last = run.rfind("\n")
            return "\n" * breaks + (run[last + 1 :] if last >= 0 else "")
        return first


# How much of each end of a text is looked at first for its whitespace: stripping a whole 1 MB text to
# measure a space at its end would copy it (and a copy that size costs fresh pages each time).
_WINDOW = 256


def _prose_end(text: str) -> int:
    """Where the whitespace at the end of ``text`` starts (0 when it is all whitespace)."""
    tail = text[-_WINDOW:]
    kept = len(tail.rstrip())
    if kept or len(tail) == len(text):
        return len(text) - len(tail) + kept
    return len(text.rstrip())  # a run of whitespace longer than the window


def _prose_start(text: str) -> int:
    """Where the whitespace at the start of ``text`` ends (``text`` is not all whitespace)."""
    head = text[:_WINDOW]
    skipped = len(head) - len(head.lstrip())
    if skipped < len(head) or len(head) == len(text):
        return skipped
    return len(text) - len(text.lstrip())


def visible_text(events: Iterable[Event]) -> str:
    """The visible text of a whole reply's events, in one call."""
    joiner = VisibleText()
    return joiner.feed(events) + joiner.close()
