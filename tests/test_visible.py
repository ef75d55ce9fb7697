"""What the player reads: tags taken out, no doubled space left behind, prose never delayed, split invariant."""

from __future__ import annotations

import copy
import itertools
from typing import cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagproc import TagStream, parse_reply
from tagproc.stream import Event
from tagproc.visible import VisibleText, visible_text
from tests.replies import REPLIES, Reply

TAG = '[inventory: action="add" item="rope"]'

CASES = [
    pytest.param(
        f"The smith nods. {TAG} Twelve shillings.", "The smith nods. Twelve shillings.", id="mid-sentence"
    ),
    pytest.param(f"Line one.\n{TAG}\nLine two.", "Line one.\nLine two.", id="alone-on-its-line"),
    pytest.param(f"Para one.\n\n{TAG}\n\nPara two.", "Para one.\n\nPara two.", id="alone-between-paragraphs"),
    pytest.param(f"He nods.   {TAG}\nNext line.", "He nods.\nNext line.", id="trailing-spaces-at-line-end"),
    pytest.param(f"{TAG}\nThe road is long.", "The road is long.", id="at-the-start"),
    pytest.param(f"  {TAG}  The road.", "The road.", id="at-the-start-after-spaces"),
    pytest.param(f"The end. {TAG}", "The end.", id="at-the-end"),
    pytest.param(f"The end. {TAG}\n", "The end.\n", id="at-the-end-before-a-line-break"),
    pytest.param(f"The end.\n{TAG}", "The end.", id="alone-on-the-last-line"),
    pytest.param(f"A {TAG} {TAG}  {TAG} B", "A B", id="several-in-a-row"),
    pytest.param(f"A\n{TAG}\n{TAG}\nB", "A\nB", id="several-lines-of-tags"),
    pytest.param(f"sword{TAG}s", "swords", id="between-two-words"),
    pytest.param(f"axe.{TAG} Then", "axe. Then", id="space-on-one-side"),
    pytest.param(f"- one {TAG}\n  - two", "- one\n  - two", id="indentation-kept"),
    pytest.param(
        "No tags here,  just   spacing.\n\n",
        "No tags here,  just   spacing.\n\n",
        id="untouched-without-tags",
    ),
    pytest.param("  Leading space kept.", "  Leading space kept.", id="leading-space-without-tag"),
    pytest.param(f"Prose [sic] and [1]. {TAG}", "Prose [sic] and [1].", id="prose-brackets-stay"),
    pytest.param(f"He pays. {TAG[:-1]}", "He pays.", id="unclosed-at-the-end"),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_tags_are_taken_out_without_doubled_space(text: str, expected: str) -> None:
    assert visible_text(parse_reply(text)) == expected


def _split(text: str, cuts: list[int]) -> list[str]:
    points = [0, *sorted(set(cuts)), len(text)]
    return [text[a:b] for a, b in itertools.pairwise(points)]


def _streamed(chunks: list[str]) -> str:
    stream, joiner = TagStream(), VisibleText()
    shown = [joiner.feed(stream.feed(chunk)) for chunk in chunks]
    shown.append(joiner.feed(stream.close()))
    shown.append(joiner.close())
    return "".join(shown)


ALL_TEXTS = [pytest.param(cast(Reply, reply.values[0]).text, id=reply.id) for reply in REPLIES] + [
    pytest.param(case.values[0], id=case.id) for case in CASES
]


@pytest.mark.parametrize("text", ALL_TEXTS)
def test_one_character_at_a_time_shows_the_same_text(text: str) -> None:
    assert _streamed(list(text)) == visible_text(parse_reply(text))


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_random_splits_show_the_same_text(data: st.DataObject) -> None:
    param = data.draw(st.sampled_from(ALL_TEXTS))
    text = cast(str, param.values[0])
    cuts = data.draw(st.lists(st.integers(0, len(text)), max_size=8))
    assert _streamed(_split(text, cuts)) == visible_text(parse_reply(text))


@settings(max_examples=200, deadline=None)
@given(
    parts=st.lists(
        st.sampled_from(["word", " ", "  ", "\n", "\n\n", "\t", TAG, "[sic]", ".", "x"]), max_size=12
    ),
    data=st.data(),
)
def test_random_prose_and_tags_show_the_same_text_however_split(
    parts: list[str], data: st.DataObject
) -> None:
    text = "".join(parts)
    cuts = data.draw(st.lists(st.integers(0, len(text)), max_size=6))
    whole = visible_text(parse_reply(text))
    assert _streamed(_split(text, cuts)) == whole


@settings(max_examples=200, deadline=None)
@given(
    words=st.lists(st.sampled_from(["word", TAG]), max_size=10), joint=st.sampled_from([" ", "\n", "\n\n"])
)
def test_tags_between_single_separators_vanish_with_one_separator(words: list[str], joint: str) -> None:
    text = joint.join(words)
    assert visible_text(parse_reply(text)) == joint.join(word for word in words if word != TAG)


@pytest.mark.parametrize("reply", REPLIES)
def test_no_tag_is_ever_shown(reply: Reply) -> None:
    shown = _streamed(list(reply.text))
    for tag in reply.tags:
        assert tag.raw not in shown


def test_prose_is_returned_at_once_and_only_trailing_whitespace_is_held() -> None:
    joiner, stream = VisibleText(), TagStream()
    assert joiner.feed(stream.feed("The smith nods.  ")) == "The smith nods."
    assert joiner.feed(stream.feed("He waits.")) == "  He waits."
    assert joiner.feed(stream.feed(" " + TAG + " ")) == ""
    assert joiner.feed(stream.feed("Done")) == " Done"
    assert joiner.feed(stream.close()) == ""
    assert joiner.close() == ""


def test_feeding_after_close_is_api_misuse() -> None:
    joiner = VisibleText()
    joiner.close()
    with pytest.raises(RuntimeError):
        joiner.feed([])
    assert joiner.close() == ""


LONG = " " * 300  # longer than the window VisibleText looks at first at each end of a text

WIDE_GAPS = [
    pytest.param(f"{LONG}word{LONG}", f"{LONG}word{LONG}", id="no-tag-long-spaces-kept"),
    pytest.param(f"A{LONG}{TAG}{LONG}B", f"A{LONG}B", id="long-gap-around-a-tag"),
    pytest.param(f"{LONG}{TAG}{LONG}B", "B", id="long-gap-at-the-start"),
    pytest.param(f"A{LONG}{TAG}{LONG}\n{LONG}", "A\n", id="long-gap-at-the-end"),
    pytest.param(f"A{LONG}\n\n{LONG}{TAG}{LONG}B", "A\n\nB", id="long-gap-with-breaks"),
    pytest.param(f"A{LONG}{TAG}\n{LONG}B", f"A\n{LONG}B", id="long-indent-after-a-tag"),
    pytest.param("\n" * 600, "\n" * 600, id="only-whitespace"),
]


@pytest.mark.parametrize(("text", "expected"), WIDE_GAPS)
def test_whitespace_runs_longer_than_the_window_read_as_short_ones(text: str, expected: str) -> None:
    assert visible_text(parse_reply(text)) == expected
    assert _streamed(list(text)) == expected
    assert _streamed([text[i : i + 64] for i in range(0, len(text), 64)]) == expected


def test_one_text_event_is_passed_on_without_a_copy() -> None:
    text = "word " * 1000 + "end"
    joiner = VisibleText()
    assert joiner.feed(parse_reply(text)) is text


_GAPS = [
    "He nods. [sheet: op=rest] The fog.",
    "He nods.\n[sheet: op=rest]\nThe fog.",
    "He nods.\n\n[sheet: op=rest] [loot: x=1]\n\n  The fog.",
    "[sheet: op=rest] The fog.",
    "He nods.[sheet: op=rest]The fog. And \n on.\t\n",
    "Two  spaces. \t[inventory: action=add item=rope]\t then.",
]


@pytest.mark.parametrize("text", [*_GAPS, *(cast(Reply, reply.values[0]).text for reply in REPLIES)])
def test_the_leads_are_what_a_word_and_a_spaced_word_show_after_the_held_gap(text: str) -> None:
    # ``lead``/``spaced_lead`` (the loop shows a word after a gap without a call) against ``feed_text`` of the word, at
    # every point of the reply's events where the visible text holds a gap.
    joiner = VisibleText()
    for event in _events_by_char(text):
        joiner.feed([event])
        if joiner.is_clear:
            continue
        lead, spaced = joiner.lead(), joiner.spaced_lead()
        assert joiner.leads() == (lead, spaced), text  # both at once: the gap after one tag in a few steps
        for word, before in (("Word", lead), (" Word", spaced), ("Word. \n", lead), (" a\t", spaced)):
            twin, told = copy.deepcopy(joiner), copy.deepcopy(joiner)
            shown = twin.feed_text(word)
            assert shown.startswith(before + word.strip()[:1]), (text, word)
            # ``feed_after_lead``: the gap read from what the lead said, not resolved again; the same after it.
            assert told.feed_after_lead(before, word) == shown, (text, word)
            assert _state(told) == _state(twin), (text, word)
            assert told.feed_text(" and on") == twin.feed_text(" and on") and told.close() == twin.close()
            # With ``tag``: then a tag taken out, as ``feed_tag`` takes it.
            tagged, twin = copy.deepcopy(joiner), copy.deepcopy(joiner)
            assert tagged.feed_after_lead(before, word, tag=True) == twin.feed_text(word)
            twin.feed_tag()
            assert _state(tagged) == _state(twin), (text, word)
            # ``feed_before_tag``: that and the leads of the gap the tag leaves, in one step.
            before_tag = copy.deepcopy(joiner)
            assert before_tag.feed_before_tag(before, word) == (shown, *twin.leads()), (text, word)
            assert _state(before_tag) == _state(twin), (text, word)


def _state(joiner: VisibleText) -> list[object]:
    return [getattr(joiner, name) for name in VisibleText.__slots__]


def _events_by_char(text: str) -> list[Event]:
    stream = TagStream()
    return [event for char in text for event in stream.feed(char)] + stream.close()


def test_the_gap_after_one_tag_resolves_as_the_long_way() -> None:
    # ``lead``/``spaced_lead``'s few steps for the gap after one tag with nothing after it, against
    # ``_resolve`` (the space read into the gap for ``spaced_lead``), wherever a reply's gap has that shape.
    seen = 0
    for text in [*_GAPS, *(cast(Reply, reply.values[0]).text for reply in REPLIES)]:
        joiner = VisibleText()
        for event in _events_by_char(text):
            joiner.feed([event])
            gap = joiner._gap
            if len(gap) == 2 and not gap[1] and joiner._started:
                seen += 1
                assert joiner.lead() == joiner._resolve(at_end=False), text
                gap[1].append(" ")
                spaced = joiner._resolve(at_end=False)
                gap[1].pop()
                assert joiner.spaced_lead() == spaced, text
    assert seen > len(_GAPS)
