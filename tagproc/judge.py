"""Judge: which tags of a whole reply the Game Master did not mean to run (issue "Whole replies").

A reply is read as a careful human assistant would read it. A tag is hidden from the player in every case
(the scanner decided it is a tag), but it is **not run** when:

- ``struck``: the GM struck it through (``~~[...]~~``, the scanner's ``RawTag.mark``);
- ``quoted``: the GM quotes it in prose quotation marks, typically while refusing it (``RawTag.mark``), or
  it stands inside a quotation still open on its line (``You said: "give me [...]".``);
- ``example``: its sentence shows, offers or supposes it rather than narrating it: "for example [...]",
  "the tag looks like [...]", "if you want it, [...]", "[...] if you'd like" (``vocabulary/context.py``);
  or it stands on a list line of a paragraph that offers a choice ("You may take one:", "Which will it be?");
- ``repeated``: it stands in a closing recap (after a "Summary:"-style heading, or in the block of tags
  that ends the reply on lines of their own after its last prose) and repeats a tag written earlier in the
  reply, outside that recap. This stage only
  says where the recap starts; the turn compares the commands.

Everything here is pure and linear: one pass over the events, each tag looking at a bounded window of the
text around it (``_WINDOW`` characters), so a 1 MB reply costs time in proportion to its length.
Each text's stops (sentence and paragraph ends) are found once for all the tags that read it, a tag's line
is read where it stands in the texts joined (``_Reader._line_start``), and the phrase tables are tries, so a
tag costs a few searches of its own sentence (issue 14). ``tests/judge_reference.py`` keeps the judge as it
was; ``tests/test_judge.py`` checks this one gives exactly what it gives.
Invariant: a judgment only ever stops a tag from running; it never makes prose into a tag or runs anything.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import Any

from tagproc.stream import Event, RawTag, Text
from tagproc.vocabulary.context import (
    CHOICE_CUES,
    CONDITIONAL_OPENERS,
    EXAMPLE_AFTER,
    EXAMPLE_BEFORE,
    SUMMARY_HEADINGS,
)

__all__ = ["Judgment", "judge_tags"]

_WINDOW = 240  # characters of the sentence around a tag that are read
_NEIGHBOURS = 16  # events looked at on each side (adjacent tags have empty text between them)


def _phrases(phrases: Sequence[str]) -> re.Pattern[str]:
    """Any of ``phrases`` on word boundaries, as a trie (``for (?:example|instance)``): a position is tried
    against the phrases of its first letter only, and whether the text holds one is all a search says."""
    return re.compile(rf"(?<![\w'])(?:{_trie(phrases)})(?![\w'])")


def _trie(phrases: Sequence[str]) -> str:
    tree: dict[str, Any] = {}
    for phrase in phrases:
        node = tree
        for char in phrase:
            node = node.setdefault(char, {})
        node[""] = {}  # a phrase ends here

    def alternatives(node: dict[str, Any]) -> str:
        branches = [re.escape(char) + alternatives(child) for char, child in sorted(node.items()) if char]
        if not branches:
            return ""
        if len(branches) == 1 and "" not in node:
            return branches[0]
        group = "(?:" + "|".join(branches) + ")"
        return group + "?" if "" in node else group

    return alternatives(tree)


def _needles(phrases: Sequence[str]) -> tuple[str, ...]:
    """Words one of which every phrase holds (its longest, or the phrase itself when that is short): a text
    holding none of them holds no phrase, which these plain words, no boundaries, say faster. Each is looked
    for with ``in`` (``_holds_any``): a C substring search each, where one pattern of the alternatives tries
    every one of them at every position."""
    longest = {phrase: max(phrase.split(" "), key=len) for phrase in phrases}
    picked = {word if len(word) >= 4 else phrase for phrase, word in longest.items()}
    return tuple(sorted(n for n in picked if not any(o != n and o in n for o in picked)))


def _holds_any(text: str, needles: tuple[str, ...]) -> bool:
    """Whether ``text`` holds one of ``needles`` anywhere (what a search of their alternation finds)."""
    for needle in needles:  # noqa: SIM110 (a loop, not ``any()`` over a generator: twice as fast here)
        if needle in text:
            return True
    return False


_BEFORE = _phrases(EXAMPLE_BEFORE)
_AFTER = _phrases(EXAMPLE_AFTER)
_AFTER_NEEDLES = _needles(EXAMPLE_AFTER)
# A sentence ends at ". ", "! ", "? " or a line break; "e.g. " and "i.e. " do not end one. The stop is
# matched first (one character class, which the search skips to) and the abbreviations looked behind it.
_SENTENCE_END = re.compile(r"[\n.!?](?:(?<=\n)|(?<!\be\.g.)(?<!\bi\.e.)(?<!\beg.)(?=\s))")
# The last sentence end of a text: the greedy run puts the stop as far right as it can go.
_LAST_SENTENCE_END = re.compile(r"(?s:.*)(?:\n|[.!?](?<!\be\.g.)(?<!\bi\.e.)(?<!\beg.)(?=\s))")
_CHOICE = _phrases(CHOICE_CUES)
_CONDITIONAL = re.compile(r"\A[\s\W]*(?:" + "|".join(re.escape(w) for w in CONDITIONAL_OPENERS) + r")\b")
# A heading opens a line (after markup or a bracket) and ends it, or ends in a colon within a few words:
# "**Summary:**", "Summary of changes:", "(OOC: ...", "--- Changes this turn:". Tried at each line start.
_HEADING_MARKUP = r"[\s#>*_\-=~|(\[]"  # what may stand before a heading's word
_HEADING = re.compile(
    rf"^{_HEADING_MARKUP}*(?:"
    + "|".join(re.escape(h) for h in SUMMARY_HEADINGS)
    + r")\b(?:[\s*_\-]*$|[^\n:.!?]{0,30}:)",
    re.IGNORECASE | re.MULTILINE,
)
# The ASCII characters of that markup, and the first two letters of every heading (each heading is longer):
# what ``_may_head`` reads before the pattern is tried.
_ASCII_MARKUP = "".join(chr(code) for code in range(128) if re.fullmatch(_HEADING_MARKUP, chr(code)))
_HEADING_STARTS = frozenset(heading[:2].lower() for heading in SUMMARY_HEADINGS)
assert all(len(heading) > 2 and heading[:2].isascii() for heading in SUMMARY_HEADINGS)
_HEAD_REACH = 64  # characters read from a line start for the markup and the two letters after it
# Or a running recap in the prose: "(Bram now has: [...])". Its colon is looked for first.
_RECAP_INLINE = re.compile(r"\bnow (?:has|carries|holds)\s*:", re.IGNORECASE)
# Or any short bold label with a colon opening a line ("**This scene:**", "__Rewards__:").
_BOLD_LABEL = re.compile(
    r"^[ \t>#]*(?:\*\*|__)[^\n*_:]{1,40}(?::(?:\*\*|__)|(?:\*\*|__)[ \t]*:)", re.MULTILINE
)
# A list line before a tag: a list marker at its start (matched where the line starts in the texts joined,
# bounded by the tag; the line holds no line break, so the reference's ``[^\n]*\Z`` after it always holds).
_LIST_START = re.compile(r"[ \t]*(?:[-*+\u2022]|\d{1,2}[.)])[ \t]")
_BLANK_LINE = re.compile(r"\n[ \t]*\n")
_PROSE_WORD = re.compile(r"[^\W\d_]{2,}")
# The end of a text's last prose word: the greedy run leaves the word's last two letters at least.
_LAST_PROSE_WORD = re.compile(r"(?s:.*)[^\W\d_]{2}")


@dataclass(frozen=True, slots=True)
class Judgment:
    """What the whole reply says of one tag: ``skip`` (a reason not to run it) and whether it stands in a
    closing recap (``recap``), where a repeat of an earlier tag is not run twice."""

    skip: str | None = None
    recap: bool = False


def judge_tags(events: Sequence[Event]) -> list[Judgment]:
    """One ``Judgment`` per ``RawTag`` of ``events`` (a whole reply's, adjacent text merged), in order."""
    # An over-long tag the scanner released as text is a tag too: never read as prose around a tag.
    texts = [event.text if isinstance(event, Text) and event.reason != "too-long" else "" for event in events]
    last_prose = next((i for i in range(len(texts) - 1, -1, -1) if _PROSE_WORD.search(texts[i])), -1)
    reader = _Reader(texts)
    judgments: list[Judgment] = []
    in_recap = False  # under a recap heading
    closing = False  # past a line break after the reply's last prose: the closing block of tags
    for i, event in enumerate(events):
        if not isinstance(event, RawTag):
            text = texts[i]
            if not in_recap and _opens_recap(text):
                in_recap = True
            if i == last_prose:
                word = _LAST_PROSE_WORD.match(text)
                closing = word is not None and "\n" in text[word.end() :]
            elif i > last_prose and "\n" in text:
                closing = True
            continue
        skip = event.mark or reader.example(i)
        recap = in_recap or closing
        judgments.append(_JUDGED.get((skip, recap)) or Judgment(skip=skip, recap=recap))
    return judgments


# The judgments a tag is given, made once (values: frozen): a tag's is one of these but for a mark of its own.
_JUDGED: dict[tuple[str | None, bool], Judgment] = {
    (skip, recap): Judgment(skip=skip, recap=recap)
    for skip in (None, "struck", "quoted", "example")
    for recap in (False, True)
}


def _opens_recap(text: str) -> bool:
    """A recap heading, a bold label or a running recap in ``text``; the headings are tried only where a
    line starts, the colon of a label or a running recap looked for before its pattern."""
    if "\n" not in text:  # one line (most texts between tags): the heading is tried at its start alone
        if _may_head(text, 0) and _HEADING.match(text) is not None:
            return True
        starts: Sequence[int] = _ONE_LINE
    else:
        starts = _line_starts(text)
        if any(_may_head(text, start) and _HEADING.match(text, start) for start in starts):
            return True
    if ":" not in text:
        return False
    if ("**" in text or "__" in text) and _opens_a_line(_BOLD_LABEL, text, starts):
        return True
    return _RECAP_INLINE.search(text) is not None


_ONE_LINE = (0,)


def _may_head(text: str, start: int) -> bool:
    """Whether ``_HEADING`` may match at ``start``: False only when the two characters after the markup it
    skips there are ASCII and begin no heading (an ASCII character matches a heading's ASCII letter, in any
    case, only as its lower case does); else the pattern says (``tests/test_judge.py`` holds the two to
    it)."""
    first = text[start : start + _HEAD_REACH].lstrip(_ASCII_MARKUP)[:2]
    return len(first) < 2 or not first.isascii() or first.lower() in _HEADING_STARTS


def _opens_a_line(pattern: re.Pattern[str], text: str, starts: Sequence[int]) -> bool:
    return any(pattern.match(text, start) for start in starts)


def _line_starts(text: str) -> list[int]:
    starts = [0]
    at = text.find("\n")
    while at >= 0:
        starts.append(at + 1)
        at = text.find("\n", at + 1)
    return starts


class _Reader:
    """The texts of one reply around its tags. A text is read by every tag near it (the sentence before one
    tag is the sentence after another, a line runs past several tags), so each text's stop is found once
    for each window of it that is asked for, and kept for the next tag (only for this reply)."""

    __slots__ = ("_found", "_joined", "_quotes", "_starts", "_texts")

    def __init__(self, texts: list[str]) -> None:
        self._texts = texts
        self._found: dict[tuple[str, int, int], int] = {}
        # The texts joined (a tag's is empty), where each starts in them (and, last, where they end), and
        # whether they hold an opening quotation mark ('"' or "\u201c"): a tag's line is read in them.
        joined = self._joined = "".join(texts)
        self._starts = [0, *accumulate(map(len, texts))]
        self._quotes = '"' in joined or "\u201c" in joined

    def example(self, at: int) -> str | None:
        """``quoted`` inside an open quotation, ``example`` when the tag's sentence shows, offers or supposes
        it, or when it stands on a list line of a paragraph that offers a choice.

        The tag's line is read where it stands in the texts joined, with no slice of it (``_line_start``):
        its quotation marks are counted there, and only when the reply holds an opening one at all (no
        ``"`` and no ``\u201c`` anywhere: none on any line, so no line is quoted); its list marker is
        matched there too (``_LIST_START``)."""
        joined = self._joined
        end = self._starts[at]
        start = self._line_start(at, _WINDOW * 2)
        if self._quotes and (
            joined.count('"', start, end) % 2 == 1
            or joined.count("\u201c", start, end) > joined.count("\u201d", start, end)
        ):
            return "quoted"
        before = self._before(at, "sentence", _WINDOW).lower()
        if _BEFORE.search(before) or _CONDITIONAL.match(before):
            return "example"
        after = self._after(at, _SENTENCE_END, _WINDOW).lower()
        if _holds_any(after, _AFTER_NEEDLES) and _AFTER.search(after):
            return "example"
        if _LIST_START.match(joined, start, end):  # the line holds no line break: it starts a list line
            paragraph = (
                self._before(at, "paragraph", _WINDOW * 2) + " " + self._after(at, _BLANK_LINE, _WINDOW * 2)
            )
            if _CHOICE.search(paragraph.lower()):
                return "example"
        return None

    def _before(self, at: int, stop: str, limit: int) -> str:
        """The text before the tag at ``at`` back to the last ``stop`` (a line end, a sentence end or a blank
        line): other tags skipped, at most ``limit`` characters and ``_NEIGHBOURS`` events, each text's stop
        looked for in the part of it the window takes (its start cuts what a stop could look behind at).
        A line is found by ``_line_start``, which finds where this would start it."""
        texts, found = self._texts, self._found
        pieces: list[str] = []
        size = 0
        for i in range(at - 1, max(at - _NEIGHBOURS, 0) - 1, -1):
            text = texts[i]
            if not text:
                continue  # a tag between texts: nothing to read, the window goes on past it
            window = text[-(limit - size) :]
            key = (stop, i, len(window))
            end = found.get(key)
            if end is None:
                end = found[key] = _last_stop(stop, window)
            if end >= 0:
                if not pieces:  # the stop in the nearest text (most tags): that text's tail alone
                    return window[end:]
                pieces.append(window[end:])
                break
            pieces.append(window)
            size += len(window)
            if size >= limit:
                break
        return "".join(reversed(pieces))

    def _line_start(self, at: int, limit: int) -> int:
        """Where the tag at ``at``'s line before it starts in the texts joined (it ends where the tag stands,
        ``_starts[at]``): ``_before(at, "line", limit)`` in a few C calls. A line break is found alike in any
        window of a text (no look-around), so the windows that walk takes are one slice of the texts joined
        (a tag's text is empty): back from the tag to the last line break in it, else to its start, ``limit``
        characters back or the start of the text ``_NEIGHBOURS`` events back (``tests/test_judge.py`` holds
        the two equal)."""
        starts = self._starts
        end = starts[at]
        low = max(end - limit, starts[max(at - _NEIGHBOURS, 0)])
        stop = self._joined.rfind("\n", low, end)
        return low if stop < 0 else stop + 1

    def _after(self, at: int, stop: re.Pattern[str], limit: int) -> str:
        """The text after the tag at ``at`` up to the first match of ``stop``, bounded as ``_before``."""
        texts, found = self._texts, self._found
        pieces: list[str] = []
        size = 0
        for i in range(at + 1, min(at + 1 + _NEIGHBOURS, len(texts))):
            text = texts[i]
            if not text:
                continue
            window = text[: limit - size]
            key = (stop.pattern, i, len(window))
            start = found.get(key)
            if start is None:
                end = stop.search(window)
                start = found[key] = -1 if end is None else end.start()
            if start >= 0:
                if not pieces:  # the stop in the nearest text (most tags): that text's head alone
                    return window[:start]
                pieces.append(window[:start])
                break
            pieces.append(window)
            size += len(window)
            if size >= limit:
                break
        return "".join(pieces)


def _last_stop(stop: str, window: str) -> int:
    """Where the text after the last ``stop`` of ``window`` starts; -1 when it has none."""
    if stop == "line":
        at = window.rfind("\n")
        return at + 1 if at >= 0 else -1
    if stop == "sentence":
        last = _LAST_SENTENCE_END.match(window)
        return last.end() if last is not None else -1
    ends = list(_BLANK_LINE.finditer(window))  # blank lines may overlap: the last of a left-to-right read
    return ends[-1].end() if ends else -1
