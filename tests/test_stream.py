"""The streaming scanner: lossless, no delay, no leak, split invariant, linear in what it does."""

from __future__ import annotations

import itertools
import re
from typing import cast

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from tagproc import RawTag, TagStream, Text, parse_reply, read_tag
from tagproc.envelope import BREAK_WINDOW, HEAD_ENDS, OPEN, PARTIAL_OPENERS, WHOLE_HEADS
from tagproc.stream import BODY_LIMIT, Event, is_plain_prose, merge_text
from tagproc.tokens import TokenCounter
from tagproc.visible import visible_text
from tagproc.vocabulary import HEAD_SYMBOLS
from tests.replies import REPLIES, Reply


def _joined(events: list[Event]) -> str:
    return "".join(e.text if isinstance(e, Text) else e.raw for e in events)


def _stream(chunks: list[str]) -> list[Event]:
    stream = TagStream()
    events: list[Event] = []
    for chunk in chunks:
        events.extend(stream.feed(chunk))
    events.extend(stream.close())
    return merge_text(events)


def _split(text: str, cuts: list[int]) -> list[str]:
    points = [0, *sorted(set(cuts)), len(text)]
    return [text[a:b] for a, b in itertools.pairwise(points)]


@pytest.mark.parametrize("reply", REPLIES)
def test_scanner_finds_exactly_the_tags_of_each_reply(reply: Reply) -> None:
    events = parse_reply(reply.text)
    tags = [e for e in events if isinstance(e, RawTag)]
    assert [t.raw for t in tags] == [t.raw for t in reply.tags]
    assert [t.closed for t in tags] == [t.closed for t in reply.tags]
    assert [t.mark for t in tags] == [t.mark for t in reply.tags]
    assert _joined(events) == reply.text
    for tag in tags:
        assert reply.text[tag.start : tag.end] == tag.raw


@pytest.mark.parametrize("reply", REPLIES)
def test_one_character_at_a_time_gives_the_same_events(reply: Reply) -> None:
    assert _stream(list(reply.text)) == parse_reply(reply.text)


@pytest.mark.parametrize("reply", REPLIES)
def test_every_two_and_three_way_split_gives_the_same_events(reply: Reply) -> None:
    expected = parse_reply(reply.text)
    n = len(reply.text)
    for a in range(1, n):
        assert _stream(_split(reply.text, [a])) == expected
    step = max(1, n // 25)  # every 3-way split on a grid keeps the test quick on long replies
    for a in range(1, n, step):
        for b in range(a + 1, n, step):
            assert _stream(_split(reply.text, [a, b])) == expected


@pytest.mark.parametrize("reply", REPLIES)
def test_model_tokens_give_the_same_events(reply: Reply, token_counter: TokenCounter) -> None:
    pieces = list(token_counter.pieces(reply.text))
    assert "".join(pieces) == reply.text
    assert _stream(pieces) == parse_reply(reply.text)


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_random_groupings_of_every_reply_give_the_same_events(data: st.DataObject) -> None:
    reply = cast(Reply, data.draw(st.sampled_from([p.values[0] for p in REPLIES])))
    cuts = data.draw(st.lists(st.integers(0, len(reply.text)), max_size=12))
    assert _stream(_split(reply.text, cuts)) == parse_reply(reply.text)


_PROSE = st.one_of(
    st.text(alphabet=st.sampled_from(list("abc XYZ.,'\"\n*_`\\[]:=é\u2728")), max_size=40),
    st.sampled_from(["[sic]", "[1]", "[Narrator]", "[the door creaks]", "[Sheet music]"]),
)
_TAGS = st.sampled_from(
    [t.raw for p in REPLIES for t in cast(Reply, p.values[0]).tags if t.closed]
    + ["[inventory:", "[loot", "**[", "\\["]
)


@settings(max_examples=200, deadline=None)
@given(parts=st.lists(st.one_of(_PROSE, _TAGS), max_size=8), data=st.data())
def test_random_prose_and_tags_are_lossless_and_split_invariant(
    parts: list[str], data: st.DataObject
) -> None:
    text = "".join(parts)
    whole = parse_reply(text)
    assert _joined(whole) == text
    cuts = data.draw(st.lists(st.integers(0, len(text)), max_size=10))
    assert _stream(_split(text, cuts)) == whole


@settings(max_examples=300, deadline=None)
@given(text=st.text(), data=st.data())
def test_no_string_makes_the_scanner_raise(text: str, data: st.DataObject) -> None:
    cuts = data.draw(st.lists(st.integers(0, len(text)), max_size=6))
    events = _stream(_split(text, cuts))
    assert _joined(events) == text


def test_lone_surrogates_and_control_characters_pass_through() -> None:
    text = 'a\ud800b\x00[inventory: action="add" item="x\udfff"]\x1b'
    events = parse_reply(text)
    assert _joined(events) == text
    assert [e.raw for e in events if isinstance(e, RawTag)] == ['[inventory: action="add" item="x\udfff"]']


def test_prose_without_a_tag_start_is_returned_by_the_same_feed() -> None:
    stream = TagStream()
    assert stream.feed("The rain falls. ") == [Text("The rain falls. ")]
    assert stream.feed("[sic] more") == [Text("[sic] more")]


def test_only_a_suffix_that_could_become_a_tag_is_held() -> None:
    stream = TagStream()
    assert stream.feed("He nods [inv") == [Text("He nods ")]
    assert stream.feed("entory: action=add") == []
    events = stream.feed(' item="rope"] and goes.')
    assert events == [
        RawTag('[inventory: action=add item="rope"]', "inventory", ' action=add item="rope"', 8, 43),
        Text(" and goes."),
    ]


def test_a_trailing_markup_character_is_held_until_the_next_chunk() -> None:
    stream = TagStream()
    assert stream.feed("bold *") == [Text("bold ")]
    assert stream.feed("word*") == [Text("*word")]
    assert stream.close() == [Text("*")]


def test_a_body_past_the_limit_is_released_as_text() -> None:
    head = "[inventory: action=add item="
    body_fill = "x" * (BODY_LIMIT + 50)
    stream = TagStream()
    events = stream.feed(head)
    assert events == []
    events = stream.feed(body_fill)
    released = head + body_fill[: BODY_LIMIT + 1 - len(" action=add item=")]
    assert events[0] == Text(released, reason="too-long")
    assert _joined(events) == head + body_fill


def test_the_held_text_never_exceeds_the_body_limit() -> None:
    stream = TagStream()
    stream.feed("[inventory: ")
    for _ in range(3 * BODY_LIMIT):
        stream.feed("y")
        assert stream._held_len <= BODY_LIMIT + len("[inventory: ")


@pytest.mark.parametrize("filler", [" ", "y", "\n", "a=", "\t"])
def test_the_lookahead_after_a_line_break_is_bounded(filler: str) -> None:
    head = '[inventory: action="add"'
    for before in ("", "x" * (BODY_LIMIT - 30)):
        stream = TagStream()
        stream.feed(head + before + "\n")
        for _ in range(3 * BREAK_WINDOW):
            stream.feed(filler)
            assert stream._held_len <= len(head) + BODY_LIMIT + BREAK_WINDOW + 1


def test_close_decides_an_unclosed_head_is_prose_without_key_or_colon() -> None:
    events = parse_reply("And then [sheet music")
    assert events == [Text("And then "), Text("[sheet music", reason="unclosed")]


def test_close_decides_an_unclosed_head_with_a_colon_is_a_tag() -> None:
    events = parse_reply('And then [loot: table="grave_goods"')
    assert events[-1] == RawTag(
        '[loot: table="grave_goods"', "loot", ' table="grave_goods"', 9, 35, closed=False
    )


def test_a_tag_name_without_colon_or_equals_is_prose() -> None:
    assert parse_reply("[Sheet music]") == [Text("[Sheet music]")]
    assert parse_reply("[loot]") == [Text("[loot]")]
    assert parse_reply("[Sheet music: soft and low]") == [Text("[Sheet music: soft and low]")]


@pytest.mark.parametrize(
    "raw",
    [
        pytest.param('[inventory action: "add" item: "Torch" who: "Ada"]', id="inventory"),
        pytest.param("[loot table: grave_goods]", id="loot"),
        pytest.param("[SHEET op: rest]", id="sheet"),
    ],
)
def test_a_missing_colon_with_key_colon_value_is_still_a_tag(raw: str) -> None:
    text = f"The smith nods. {raw} Done."
    events = parse_reply(text)
    assert [e.raw for e in events if isinstance(e, RawTag)] == [raw]
    assert _stream(list(text)) == events


def test_feed_after_close_is_api_misuse() -> None:
    stream = TagStream()
    stream.close()
    with pytest.raises(RuntimeError):
        stream.feed("more")
    with pytest.raises(RuntimeError):
        stream.close()


def test_empty_chunks_change_nothing() -> None:
    text = 'a [inventory: action="add" item="rope"] b'
    assert _stream(["", *list(text), ""]) == parse_reply(text)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("[inventory:" * 20000, id="unclosed-heads"),
        pytest.param("[" * 100000, id="brackets"),
        pytest.param("**[" * 30000, id="bold-brackets"),
        pytest.param("[inventory: " + "a=b " * 5000, id="one-long-head"),
        pytest.param("(inventory: " * 5000, id="unclosed-parenthesis-heads"),
        pytest.param("{inv " * 5000, id="brace-alias-heads"),
        pytest.param("[inventory: a=b\n" * 3000, id="line-breaks-in-bodies"),
        pytest.param("[inventory: x=[" * 3000, id="lists-nested-in-bodies"),
        pytest.param('~~"[inventory: a=b' * 3000, id="struck-and-quoted-openers"),
        pytest.param("[sheet: " + "y" * 2000 + "\n" + "  k=v\n" * 500, id="over-long-multi-line"),
    ],
)
def test_adversarial_replies_are_lossless_in_small_chunks(text: str) -> None:
    events = _stream([text[i : i + 7] for i in range(0, len(text), 7)])
    assert _joined(events) == text
    assert events == parse_reply(text)


_HELD_SHAPE = regex.compile(
    r"[\"\u201c\u00ab]?~{0,2}(?:\*{1,3}|_{1,3})?`{0,3}(?:\*{1,3}|_{1,3})?~{0,2}\\?\[?"
    r"(?:[\[(\{<\uff3b\u3010][ \t%y\ufe0f]{0,3}\*{0,3}(?:inventory|inv|place|loot|sheet)\*{0,3}"
    r"[\s:\uff1a_\-({.].*)?".replace("%y", HEAD_SYMBOLS),
    regex.IGNORECASE | regex.DOTALL,
)


@settings(max_examples=300, deadline=None)
@given(parts=st.lists(st.one_of(_PROSE, _TAGS), max_size=6))
def test_a_feed_holds_back_only_what_could_still_become_a_tag(parts: list[str]) -> None:
    text = "".join(parts)
    stream = TagStream()
    emitted = _joined(stream.feed(text))
    assert text.startswith(emitted)
    held = text[len(emitted) :]
    if held:  # a partial opener, or an opener with a body still open (or waiting for its closing markup)
        match = _HELD_SHAPE.fullmatch(held, partial=True)
        assert match is not None, held
        assert len(held) <= BODY_LIMIT + 30


def test_the_rest_of_an_over_long_body_up_to_its_bracket_is_too_long_text_too() -> None:
    head = '[inventory: action="add" item="Odd charm" summary="'
    text = "Ada finds it. " + head + "x" * BODY_LIMIT + '"] Done. [loot: table="t"]'
    events = parse_reply(text)
    over_long = head + "x" * BODY_LIMIT + '"]'
    assert events[:3] == [Text("Ada finds it. "), Text(over_long, reason="too-long"), Text(" Done. ")]
    assert isinstance(events[3], RawTag) and events[3].raw == '[loot: table="t"]'
    for size in (1, 7, 64, 1499, 1500, 1501):
        assert _stream([text[i : i + size] for i in range(0, len(text), size)]) == events


def test_a_bracket_ends_an_over_long_body() -> None:
    text = "[sheet: " + "y" * (BODY_LIMIT + 10) + '[place: name="Ash"] after'
    events = parse_reply(text)
    assert events[0] == Text("[sheet: " + "y" * (BODY_LIMIT + 10), reason="too-long")
    assert isinstance(events[1], RawTag) and events[1].raw == '[place: name="Ash"]'
    assert _stream(list(text)) == events


def test_merge_text_joins_each_run_of_one_kind_once() -> None:
    tag = RawTag("[loot: table=t]", "loot", " table=t", 3, 18)
    events: list[Event] = [
        Text("a"),
        Text("b"),
        Text("[c", "unclosed"),
        Text("[d", "unclosed"),
        Text("e"),
        tag,
        Text("f"),
    ]
    assert merge_text(events) == [Text("ab"), Text("[c[d", "unclosed"), Text("e"), tag, Text("f")]
    alone = Text("alone")
    assert merge_text([alone])[0] is alone
    assert merge_text([]) == []


def test_many_prose_brackets_come_out_as_one_text() -> None:
    text = "[Sheet music] " * 1000
    assert parse_reply(text) == [Text(text)]
    assert TagStream().feed(text) == [Text(text)]


# -- issue 7: an unclosed tag never swallows the rest of the reply --------------------------------------

PARAGRAPHS = "The road bends north.\n\nRain on the barrows.\n\nA light in the chapel window."
UNCLOSED = [
    # text, the tags' raw (closed or not), what the player reads
    pytest.param(
        f'You find rope [inventory: action="add" item="rope"\n\n{PARAGRAPHS}',
        [('[inventory: action="add" item="rope"', False)],
        f"You find rope\n\n{PARAGRAPHS}",
        id="blank-line-then-paragraphs",
    ),
    pytest.param(
        '[loot: table="grave_goods"\nThe lid creaks open.',
        [('[loot: table="grave_goods"', False)],
        "The lid creaks open.",
        id="line-break-then-prose",
    ),
    pytest.param(
        'He pays. [inventory: action="pay" amount="3 shillings"\r\n\r\nThe smith nods.',
        [('[inventory: action="pay" amount="3 shillings"\r', False)],
        "He pays.\n\nThe smith nods.",
        id="crlf-blank-line",
    ),
    pytest.param(
        'Bram: "Nice." [inventory: action="add" item="rope"\nBram: "Mine now."',
        [('[inventory: action="add" item="rope"', False)],
        'Bram: "Nice."\nBram: "Mine now."',
        id="dialogue-line-is-not-a-key",
    ),
    pytest.param(
        "[Sheet music\nThe choir sings.",
        [],
        "[Sheet music\nThe choir sings.",
        id="prose-head-cut-at-the-break",
    ),
    pytest.param(
        '(inventory: action="add" item="Rope"\n\nThe end.',
        [('(inventory: action="add" item="Rope"', False)],
        "The end.",
        id="parentheses-cut-at-a-blank-line",
    ),
    pytest.param(
        'A [inventory: items=["Rope",\n\nThe end.',
        [('[inventory: items=["Rope",', False)],
        "A\n\nThe end.",
        id="blank-line-ends-a-nested-list-too",
    ),
    pytest.param(
        'Multi-line:\n[inventory:\n  action="buy"\n  item="Leather coat"\n]\nOK.',
        [('[inventory:\n  action="buy"\n  item="Leather coat"\n]', True)],
        "Multi-line:\nOK.",
        id="one-pair-a-line",
    ),
    pytest.param(
        "[place:\n  name: Millbrook\n  size: town\n]\nThe bell.",
        [("[place:\n  name: Millbrook\n  size: town\n]", True)],
        "The bell.",
        id="key-colon-lines",
    ),
    pytest.param(
        '[inventory {\n  "action": "add",\n  "items": [\n    "Rope",\n    "Torch"\n  ]\n}]\nDone.',
        [('[inventory {\n  "action": "add",\n  "items": [\n    "Rope",\n    "Torch"\n  ]\n}]', True)],
        "Done.",
        id="json-over-lines",
    ),
    pytest.param(
        '[inventory: action="add" items="\n- Rope\n- Torch\n2. Lantern"]\nDone.',
        [('[inventory: action="add" items="\n- Rope\n- Torch\n2. Lantern"]', True)],
        "Done.",
        id="list-items-inside-a-value",
    ),
    pytest.param(
        '[inventory: action="add" items="\n- Rope\n* Torch\n" who="Bram"]\nDone.',
        [('[inventory: action="add" items="\n- Rope\n* Torch\n" who="Bram"]', True)],
        "Done.",
        id="a-list-inside-an-open-quote-then-more-pairs",
    ),
    pytest.param(
        'A [inventory: action="add" items="\nRope\nTorch"]',
        [('[inventory: action="add" items="\nRope\nTorch"]', True)],
        "A",
        id="any-line-inside-an-open-quote",
    ),
    pytest.param(
        'A [inventory: action="add" items="\n- Rope\n\nThe end.',
        [('[inventory: action="add" items="\n- Rope', False)],
        "A\n\nThe end.",
        id="a-blank-line-ends-an-open-quote-too",
    ),
    pytest.param(
        'You strip the camp: [inventory: action="add" item="tent"\n- the tent is torn\n- it reeks',
        [('[inventory: action="add" item="tent"', False)],
        "You strip the camp:\n- the tent is torn\n- it reeks",
        id="a-list-after-balanced-quotes-is-prose",
    ),
    pytest.param(
        'Out. [inventory:\n```json\n{"action": "remove", "item": "Torch"}\n```\n]\nDark.',
        [('[inventory:\n```json\n{"action": "remove", "item": "Torch"}\n```\n]', True)],
        "Out.\nDark.",
        id="a-code-fence-over-lines",
    ),
    pytest.param(
        'Out. [inventory: ```json {"action": "remove", "item": "Torch"} ``` ] Dark.',
        [('[inventory: ```json {"action": "remove", "item": "Torch"} ``` ]', True)],
        "Out. Dark.",
        id="a-code-fence-on-one-line",
    ),
    pytest.param(
        "[inventory:\n- action: add\n- item: Black candle\n* who=Bram]\nDone.",
        [("[inventory:\n- action: add\n- item: Black candle\n* who=Bram]", True)],
        "Done.",
        id="pairs-as-list-items",
    ),
    pytest.param(
        "You pack. [inventory: action=add\n- the tent is torn",
        [("[inventory: action=add", False)],
        "You pack.\n- the tent is torn",
        id="a-list-item-that-is-no-pair-is-prose",
    ),
    pytest.param(
        '[sheet: op="rest"\n\trest="vigil"]',
        [('[sheet: op="rest"\n\trest="vigil"]', True)],
        "",
        id="tab-indented-pair",
    ),
    pytest.param(
        'A [inventory: action="add" item="Rope"\n',
        [('[inventory: action="add" item="Rope"', False)],
        "A\n",
        id="line-break-at-the-end",
    ),
    pytest.param(
        'A [inventory: action="add"\n  item="Ro',
        [('[inventory: action="add"\n  item="Ro', False)],
        "A",
        id="reply-ends-inside-a-continuation",
    ),
    pytest.param(
        "[sheet: " + "y" * (BODY_LIMIT + 10) + "\n\nThe fire dies.",
        [],
        "The fire dies.",
        id="over-long-body-ends-at-a-blank-line",
    ),
]


@pytest.mark.parametrize(("text", "tags", "shown"), UNCLOSED)
def test_a_body_never_runs_past_a_line_the_tag_does_not_go_on_to(
    text: str, tags: list[tuple[str, bool]], shown: str
) -> None:
    events = parse_reply(text)
    assert _joined(events) == text
    assert [(e.raw, e.closed) for e in events if isinstance(e, RawTag)] == tags
    assert visible_text(events) == shown


@pytest.mark.parametrize(("text", "tags", "shown"), UNCLOSED)
def test_the_line_break_rule_is_split_invariant(text: str, tags: list[tuple[str, bool]], shown: str) -> None:
    whole = parse_reply(text)
    assert _stream(list(text)) == whole
    step = max(1, len(text) // 200)
    for cut in range(1, len(text), step):
        assert _stream([text[:cut], text[cut:]]) == whole
    for size in (2, 3, 7, 64):
        assert _stream([text[i : i + size] for i in range(0, len(text), size)]) == whole


def test_the_cut_tag_reads_as_written_and_the_paragraphs_are_not_its_item() -> None:
    events = parse_reply(f'You find rope [inventory: action="add" item="rope"\n\n{PARAGRAPHS}')
    tag = next(e for e in events if isinstance(e, RawTag))
    assert read_tag(tag.raw).attrs == (("action", "add"), ("item", "rope"))


_LINES = st.lists(
    st.sampled_from(
        [
            '[inventory: action="add"',
            "[place:",
            '  item="Rope"',
            "  name: Ash",
            "]",
            "}",
            "- Rope",
            "",
            "The rain keeps on.",
            '"item": "x",',
            "[Sheet music",
            'items=["a",',
            "   ",
        ]
    ),
    max_size=8,
)


@settings(max_examples=300, deadline=None)
@given(lines=_LINES, data=st.data())
def test_random_lines_are_lossless_and_split_invariant(lines: list[str], data: st.DataObject) -> None:
    text = "\n".join(lines)
    whole = parse_reply(text)
    assert _joined(whole) == text
    for event in whole:
        if isinstance(event, RawTag):
            assert "\n\n" not in event.raw.strip("\n")  # never past a blank line
    cuts = data.draw(st.lists(st.integers(0, len(text)), max_size=10))
    assert _stream(_split(text, cuts)) == whole


def test_the_fast_paths_know_every_opener_the_envelope_reads() -> None:
    # stream.py unrolls its opener checks for speed (feed's prose path, the run's other-bracket look,
    # _is_plain_prose): a bracket added to vocabulary BRACKET_PAIRS must be added there too.
    from tagproc.envelope import OPENERS

    assert set(OPENERS) == {"[", "(", "{", "<", "\uff3b", "\u3010"}


# -- feed's fast paths against the whole scan (``_run``) ------------------------------------------


def _per_feed(chunks: list[str], *, slow: bool) -> list[list[Event]]:
    """Each feed's events, merged (the last list is close()'s): by ``feed``, or (``slow``) by ``_run``
    alone, the scan every fast path of ``feed`` must agree with."""
    stream = TagStream()
    out = [
        merge_text(stream._run(chunk, final=False) if slow else stream.feed(chunk))
        for chunk in chunks
        if chunk
    ]
    out.append(merge_text(stream.close()))
    return out


_HEAD_TEXTS = [
    '[inventory: action="add" item="rope"] and on',
    "He nods [inv: add rope] then [ **Sheet** op=rest] and [loot table=x]",
    "Two [inventory [sheet: op=rest] and [inventory:\n  action=add]\n[place name=x",
    "The [inventory is empty] and [sheet music] here, [loot of the dead] too.",
]


@pytest.mark.parametrize("reply", REPLIES)
def test_feed_s_fast_paths_give_what_the_whole_scan_gives(reply: Reply, token_counter: TokenCounter) -> None:
    text = reply.text
    for chunks in (list(token_counter.pieces(text)), list(text), _split(text, list(range(0, len(text), 3)))):
        assert _per_feed(chunks, slow=False) == _per_feed(chunks, slow=True)


@pytest.mark.parametrize("text", _HEAD_TEXTS)
def test_feed_s_fast_paths_give_what_the_whole_scan_gives_on_heads(
    text: str, token_counter: TokenCounter
) -> None:
    for chunks in (list(token_counter.pieces(text)), list(text), re.split(r"(?<=[ \[:])", text)):
        assert _per_feed(chunks, slow=False) == _per_feed(chunks, slow=True)


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_feed_s_fast_paths_give_what_the_whole_scan_gives_on_random_splits(data: st.DataObject) -> None:
    text = data.draw(st.sampled_from([*_HEAD_TEXTS, *(cast(Reply, p.values[0]).text for p in REPLIES)]))
    chunks = _split(text, data.draw(st.lists(st.integers(0, len(text)), max_size=30)))
    assert _per_feed(chunks, slow=False) == _per_feed(chunks, slow=True)


def test_the_whole_heads_table_reads_what_open_matches() -> None:
    # Every "[" head held up to its name, in each case, then each end the table is read with: the name, its
    # end and what follows are OPEN's (and its body is not there yet).
    for head, (start, end) in WHOLE_HEADS.items():
        for written in (head, head.upper(), head.title()):
            for after in HEAD_ENDS:
                for rest in ("", "action", '="x', "x]"):
                    opener = OPEN.match(written + after + rest)
                    assert opener is not None, written
                    assert opener.group(1) == written[start:end]
                    assert opener.group(3) == after
                    assert rest.endswith("]") or opener.end() == len(written) + 1


_WHOLE_TAGS = [
    '[inventory: action="add" item="rope"]',
    '[inventory: action="add" item="rope"] and on.',
    "[inventory action=add item='Shot and powder' qty=three who=Bram] The fog",
    "[Sheet: op=rest] then [loot: x=1]",
    "[inventory the rope] and on",
    "[sheet music] plays",
    '[inventory: item="(a) rope"] and (then)',
    '[inventory: item="rope"]**',
    '[place: name="Mill"]\n\nThe road.',
]


@pytest.mark.parametrize("text", _WHOLE_TAGS)
def test_a_whole_tag_after_a_held_head_or_first_in_a_chunk_is_what_the_whole_scan_gives(text: str) -> None:
    # ``feed``'s whole-tag steps: a head held then the rest of its tag in one chunk ("[in" + 'ventory: ...]
    # on'), and a chunk that starts with a whole tag fed to the idle scanner, against ``_run`` alone.
    for cut in range(len(text) + 1):
        for chunks in ([text[:cut], text[cut:]], ["Then ", text[:cut], text[cut:]], ["Then\n", text[cut:]]):
            assert _per_feed(chunks, slow=False) == _per_feed(chunks, slow=True), (text, cut)


def _keeps(head: str, chunk: str) -> str | None:
    """The middleware's ``OPENING`` rule, as ``TagStream.head`` states it: "grows" when the held opener grows
    by ``chunk``, "body" when it opens the tag's body, None when the scanner must read it."""
    grown = head + chunk
    if "[" in chunk or not grown.isascii():
        return None
    if grown.lower() in PARTIAL_OPENERS:
        return "grows"
    if (
        chunk[0] in HEAD_ENDS
        and head.lower() in WHOLE_HEADS
        and is_plain_prose(chunk)
        and "]" not in chunk
        and "\n" not in chunk
        and len(chunk) <= BODY_LIMIT
    ):
        return "body"
    return None


_HEAD_CHUNKS = [
    "in",
    "ventory",
    "heet",
    "s",
    ":",
    " ",
    ": action",
    ' action="add',
    ":\t",
    ": x]",
    "**",
    "*:",
    "ot",
]
_HEAD_CHUNKS += ["ventory:", " item", "vent", "X", "**:", ": (x", ":\n", "ventory: ", "e", "ory", "  ", "1"]


def test_the_held_head_says_what_the_next_chunk_does_without_an_event() -> None:
    # Every plain "[" opener of the table a chunk can leave held, in three cases, then chunks that grow it,
    # open its body, or do neither: where the rule keeps a chunk, ``feed`` gives no event and the scanner
    # holds the grown opener (``head``) or is in the tag's body.
    heads = sorted(p for p in PARTIAL_OPENERS if p.startswith("[") and p[1:2] != "[")
    for head in heads:
        for written in {head, head.upper(), head.title()}:
            for chunk in _HEAD_CHUNKS:
                stream = TagStream()
                assert stream.feed(written) == [] and stream.head == written
                kept = _keeps(written, chunk)
                if kept is None:
                    continue
                assert stream.feed(chunk) == [], (written, chunk)
                if kept == "grows":
                    assert stream.head == written + chunk and not stream.is_in_body
                else:
                    assert stream.is_in_body and not stream.head, (written, chunk)


def test_the_head_is_only_a_plain_square_opener_held_between_tags() -> None:
    for text, head in [("So [inv", "[inv"), ("So **[inv", ""), ("So [[inv", ""), ("So [inventory: x", "")]:
        stream = TagStream()
        stream.feed(text)
        assert stream.head == head, text
    stream = TagStream()
    stream.feed("So [in")
    stream.close()
    assert stream.head == ""


# -- ``feed_head_tag`` against ``feed`` -------------------------------------------------------------

_BODIES = ["", ' action="add" item="rope"', "x=1", " the rope", ' item="(a) <b> {c}"', "a" * BODY_LIMIT]
_BODIES += ["a" * (BODY_LIMIT + 1), "x\ny", "x[y", "x]y", " add rope ]"]


def _head_tags() -> list[str]:
    """Whole "[" tags to read by the head table, and texts that only look like one: every closed tag of the
    replies, every whole head of the table in three cases with each end and bodies of every kind, and a
    few that are not whole tags at all."""
    replies = [cast(Reply, reply.values[0]).text for reply in REPLIES]
    texts = [event.raw for text in replies for event in parse_reply(text) if isinstance(event, RawTag)]
    for head in WHOLE_HEADS:
        for written in {head, head.upper(), head.title()}:
            texts += [written + after + body + "]" for after in HEAD_ENDS for body in _BODIES[:4]]
    for body in _BODIES:
        texts += [f"[inventory:{body}]", f"[sheet {body}]", f"[ inventory:{body}]", f"[loot:{body}]"]
    return [
        *texts,
        "[inventory",
        "[inventory:",
        "[[inventory: x]]",
        "[inv\u00e9ntory: x]",
        "[sheet music]",
        "]",
    ]


def test_a_whole_plain_tag_read_by_the_head_table_is_what_feed_gives() -> None:
    read = 0
    for raw in _head_tags():
        for before in ("", "The fog.\n"):
            fast, slow = TagStream(), TagStream()
            assert fast.feed(before) == slow.feed(before)
            tag = fast.feed_head_tag(raw)
            if tag is None:  # nothing read: the scanner reads it as ever
                assert merge_text(fast.feed(raw)) == merge_text(slow.feed(raw)), raw
            else:
                read += 1
                assert [tag] == slow.feed(raw) and fast.is_idle and slow.is_idle, raw
            assert fast.feed(" on.") == slow.feed(" on.") and fast.close() == slow.close(), raw
            # ``feed_prose_tag``: plain prose before it, both in one call.
            paired, slow = TagStream(), TagStream()
            assert paired.feed(before) == slow.feed(before)
            pair = paired.feed_prose_tag(" So it is.", raw)
            expected = slow.feed(" So it is.") + slow.feed(raw)
            if pair is None:
                assert tag is None
                assert merge_text(paired.feed(" So it is." + raw)) == merge_text(expected), raw
            else:
                assert list(pair) == expected and paired.is_idle, raw
            assert paired.feed(" on.") == slow.feed(" on.") and paired.close() == slow.close(), raw
    assert read > len(WHOLE_HEADS)  # the fast path reads most of them


def test_the_scanner_s_events_built_in_drafts_are_the_frozen_events() -> None:
    # ``_text`` and ``_tag`` build an event in a draft of the same slots, then give it the event's class:
    # the same value as the dataclass builds (equal, same hash and repr), still frozen, and a draft whose
    # slots differ is refused by CPython rather than giving a broken object.
    import dataclasses

    from tagproc.stream import _RawTagDraft, _tag, _text, _TextDraft

    assert vars(_TextDraft)["__slots__"] == Text.__slots__
    assert vars(_RawTagDraft)["__slots__"] == RawTag.__slots__
    tag = _tag("[sheet: op=rest]", "sheet", " op=rest", 4, 20, False, "struck")
    built = RawTag("[sheet: op=rest]", "sheet", " op=rest", 4, 20, False, "struck")
    text = _text("He waits.", "unclosed")
    assert type(tag) is RawTag and type(text) is Text
    assert (tag, hash(tag), repr(tag)) == (built, hash(built), repr(built))
    assert (text, hash(text), repr(text)) == (
        Text("He waits.", "unclosed"),
        hash(Text("He waits.", "unclosed")),
        repr(Text("He waits.", "unclosed")),
    )
    assert dataclasses.astuple(tag) == dataclasses.astuple(built)
    with pytest.raises(dataclasses.FrozenInstanceError):
        tag.raw = "[x]"  # type: ignore[misc]
    other = type("Other", (), {"__slots__": ("text",)})()
    with pytest.raises(TypeError):
        other.__class__ = Text
