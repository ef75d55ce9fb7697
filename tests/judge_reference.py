"""The judge as it was before issue 14 made it fast: the slow path kept as the reference.

``tests/test_judge.py`` checks ``tagproc.judge.judge_tags`` gives exactly what this gives, over the corpus,
the conformance cases, the golden transcripts and hypothesis-made replies. Its tables and ``Judgment`` are the
module's own, so only the way the text is read differs.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from tagproc.judge import Judgment
from tagproc.stream import Event, RawTag, Text
from tagproc.vocabulary.context import (
    CHOICE_CUES,
    CONDITIONAL_OPENERS,
    EXAMPLE_AFTER,
    EXAMPLE_BEFORE,
    SUMMARY_HEADINGS,
)

__all__ = ["reference_judge_tags"]

_WINDOW = 240  # characters of the sentence around a tag that are read
_NEIGHBOURS = 16  # events looked at on each side (adjacent tags have empty text between them)


def _phrases(phrases: Sequence[str]) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(p) for p in sorted(phrases, key=len, reverse=True))
    return re.compile(rf"(?<![\w'])(?:{alternatives})(?![\w'])")


_BEFORE = _phrases(EXAMPLE_BEFORE)
_AFTER = _phrases(EXAMPLE_AFTER)
# A sentence ends at ". ", "! ", "? " or a line break; "e.g. " and "i.e. " do not end one.
_SENTENCE_END = re.compile(r"(?<!\be\.g)(?<!\bi\.e)(?<!\beg)[.!?](?=\s)|\n")
_CHOICE = _phrases(CHOICE_CUES)
_CONDITIONAL = re.compile(r"\A[\s\W]*(?:" + "|".join(re.escape(w) for w in CONDITIONAL_OPENERS) + r")\b")
# A heading opens a line (after markup or a bracket) and ends it, or ends in a colon within a few words:
# "**Summary:**", "Summary of changes:", "(OOC: ...", "--- Changes this turn:".
_HEADING = re.compile(
    r"^[\s#>*_\-=~|(\[]*(?:"
    + "|".join(re.escape(h) for h in SUMMARY_HEADINGS)
    + r")\b(?:[\s*_\-]*$|[^\n:.!?]{0,30}:)",
    re.IGNORECASE | re.MULTILINE,
)
# Or a running recap in the prose: "(Bram now has: [...])".
_RECAP_INLINE = re.compile(r"\bnow (?:has|carries|holds)\s*:", re.IGNORECASE)
# Or any short bold label with a colon opening a line ("**This scene:**", "__Rewards__:").
_BOLD_LABEL = re.compile(
    r"^[ \t>#]*(?:\*\*|__)[^\n*_:]{1,40}(?::(?:\*\*|__)|(?:\*\*|__)[ \t]*:)", re.MULTILINE
)
_LIST_LINE = re.compile(r"(?:^|\n)[ \t]*(?:[-*+\u2022]|\d{1,2}[.)])[ \t][^\n]*\Z")
_BLANK_LINE = re.compile(r"\n[ \t]*\n")
_LINE_END = re.compile(r"\n")
_PROSE_WORD = re.compile(r"[^\W\d_]{2,}")


def reference_judge_tags(events: Sequence[Event]) -> list[Judgment]:
    """One ``Judgment`` per ``RawTag`` of ``events`` (a whole reply's, adjacent text merged), in order."""
    # An over-long tag the scanner released as text is a tag too: never read as prose around a tag.
    texts = [event.text if isinstance(event, Text) and event.reason != "too-long" else "" for event in events]
    last_prose = max((i for i, text in enumerate(texts) if _PROSE_WORD.search(text)), default=-1)
    judgments: list[Judgment] = []
    in_recap = False  # under a recap heading
    closing = False  # past a line break after the reply's last prose: the closing block of tags
    for i, event in enumerate(events):
        if not isinstance(event, RawTag):
            text = texts[i]
            if _HEADING.search(text) or _BOLD_LABEL.search(text) or _RECAP_INLINE.search(text):
                in_recap = True
            if i == last_prose:
                *_, word = _PROSE_WORD.finditer(text)
                closing = "\n" in text[word.end() :]
            elif i > last_prose and "\n" in text:
                closing = True
            continue
        skip = event.mark or _example(texts, i)
        judgments.append(Judgment(skip=skip, recap=in_recap or closing))
    return judgments


def _example(texts: list[str], at: int) -> str | None:
    """``quoted`` inside an open quotation, ``example`` when the tag's sentence shows, offers or supposes
    it, or when it stands on a list line of a paragraph that offers a choice."""
    line = _line_before(texts, at)
    if line.count('"') % 2 == 1 or line.count("\u201c") > line.count("\u201d"):
        return "quoted"
    before = _sentence_before(texts, at).lower()
    if _BEFORE.search(before) or _CONDITIONAL.match(before):
        return "example"
    after = _sentence_after(texts, at)
    if _AFTER.search(after.lower()):
        return "example"
    if _LIST_LINE.search(line):
        paragraph = _paragraph_before(texts, at) + " " + _paragraph_after(texts, at)
        if _CHOICE.search(paragraph.lower()):
            return "example"
    return None


def _line_before(texts: list[str], at: int) -> str:
    """The tag's line before it (other tags skipped), bounded."""
    return _gather_before(texts, at, _LINE_END, _WINDOW * 2)


def _paragraph_before(texts: list[str], at: int) -> str:
    return _gather_before(texts, at, _BLANK_LINE, _WINDOW * 2)


def _paragraph_after(texts: list[str], at: int) -> str:
    return _gather_after(texts, at, _BLANK_LINE, _WINDOW * 2)


def _sentence_before(texts: list[str], at: int) -> str:
    """The text of the tag's sentence before it (other tags skipped), at most ``_WINDOW`` characters."""
    return _gather_before(texts, at, _SENTENCE_END, _WINDOW)


def _sentence_after(texts: list[str], at: int) -> str:
    """The rest of the tag's sentence after it (other tags skipped), at most ``_WINDOW`` characters."""
    return _gather_after(texts, at, _SENTENCE_END, _WINDOW)


def _gather_before(texts: list[str], at: int, stop: re.Pattern[str], limit: int) -> str:
    """The text before the tag at ``at`` back to the last match of ``stop``: other tags skipped, at most
    ``limit`` characters and ``_NEIGHBOURS`` events, so each tag reads a bounded window."""
    pieces: list[str] = []
    size = 0
    for i in range(at - 1, max(at - _NEIGHBOURS, 0) - 1, -1):
        window = texts[i][-(limit - size) :]
        ends = list(stop.finditer(window))
        if ends:
            pieces.append(window[ends[-1].end() :])
            break
        pieces.append(window)
        size += len(window)
        if size >= limit:
            break
    return "".join(reversed(pieces))


def _gather_after(texts: list[str], at: int, stop: re.Pattern[str], limit: int) -> str:
    """The text after the tag at ``at`` up to the first match of ``stop``, bounded as ``_gather_before``."""
    pieces: list[str] = []
    size = 0
    for text in texts[at + 1 : at + 1 + _NEIGHBOURS]:
        window = text[: limit - size]
        end = stop.search(window)
        if end is not None:
            pieces.append(window[: end.start()])
            break
        pieces.append(window)
        size += len(window)
        if size >= limit:
            break
    return "".join(pieces)
