"""Visible text: what the player reads of a reply, the scanner's events joined with the tags taken out.

``VisibleText`` is a streaming joiner, sans-IO like the scanner: ``feed(events) -> str`` and ``close() -> str``.
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

from tagproc.stream import Event, RawTag, Text

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
        if self._clear and type(events) is list and len(events) == 1:
            # The common case, kept short: one prose event with nothing held, not ending in whitespace,
            # is shown as it is (what ``_add_text`` would return: no gap to resolve, nothing to hold).
            event = events[0]
            if type(event) is Text and event.reason is None and event.text and not event.text[-1].isspace():
                self._started = True
                return event.text
        if self._closed:
            raise RuntimeError("VisibleText.feed() after close()")
        out: list[str] = []
        for event in events:
            if isinstance(event, RawTag) or event.reason == "too-long":  # an over-long tag is a tag too
                self._gap.append([])
                self._tagged, self._clear = True, False
            else:
                self._add_text(event.text, out)
        return out[0] if len(out) == 1 else "".join(out)  # one piece is passed on, not copied

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

    def _add_text(self, text: str, out: list[str]) -> None:
        end = _prose_end(text)
        if not end:
            self._gap[-1].append(text)
            self._clear = False
            return
        start = _prose_start(text)
        self._gap[-1].append(text[:start])
        gap = self._resolve(at_end=False)
        if gap:
            out.append(gap)
        out.append(text[start:end])  # the very text when it has no whitespace at either end
        self._started = True
        self._gap = [[text[end:]]]
        self._tagged = False
        self._clear = end == len(text)

    def _resolve(self, *, at_end: bool) -> str:
        """The held gap as it reads, now that what follows it (prose, or the end) is known."""
        if not self._tagged:  # no tag taken out: a single run, passed on as written
            return "".join(self._gap[0])
        if not self._started:
            return ""
        if at_end:
            return "\n" * "".join(self._gap[-1]).count("\n")
        gap = ["".join(run) for run in self._gap]
        breaks = max(run.count("\n") for run in gap)
        if breaks:
            last = gap[-1]
            indent = last[last.rfind("\n") + 1 :] if "\n" in last else ""
            return "\n" * breaks + indent
        return next((run for run in gap if run), "")


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
