"""Heads: every way a small model opens a tag is hidden and read to its canonical name; prose stays prose.

Two tables drive these tests (STYLE.md "Lenient inside a written envelope"): ``HEADS``, the tag shapes the
scanner must hide and ``read_tag`` must name, and ``PROSE``, the brackets that must reach the player as
written. Each row is tried in several surroundings, whole, one character at a time and split at random
(h11's three ways), and the vocabulary tables themselves (aliases, brackets, separators, head words, keys)
are checked row by row.
"""

from __future__ import annotations

import itertools
from typing import cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagproc import RawTag, TagStream, Text, parse_reply, read_tag
from tagproc.envelope import keys_of, opener_name, verbs_of
from tagproc.stream import Event, merge_text
from tagproc.visible import VisibleText, visible_text
from tagproc.vocabulary import (
    BRACKET_PAIRS,
    HEAD_SEPARATORS,
    HEAD_WORDS,
    SQUARE_BRACKETS,
    TAG_ALIASES,
    TAG_NAMES,
    VERB_KEY,
)

ADD = 'action="add" item="Rope"'

# raw, canonical name, the first attribute read_tag gives (None: not checked here), mark
HEADS = [
    pytest.param(f"(inventory: {ADD})", "inventory", ("action", "add"), None, id="parentheses"),
    pytest.param(f"{{inventory: {ADD}}}", "inventory", ("action", "add"), None, id="braces"),
    pytest.param("[Inventory - add: Rope x2]", "inventory", ("action", "add"), None, id="dash-verb-head"),
    pytest.param(f"[inv: {ADD}]", "inventory", ("action", "add"), None, id="alias-inv"),
    pytest.param(f"[Inventory update: {ADD}]", "inventory", ("action", "add"), None, id="head-word-update"),
    pytest.param("[Inventory update: +1 Rope]", "inventory", None, None, id="head-word-free-body"),
    pytest.param(f"[**inventory**: {ADD}]", "inventory", ("action", "add"), None, id="bold-name"),
    pytest.param("[inventory_add: Rope]", "inventory", ("action", "add"), None, id="underscore-verb-head"),
    pytest.param(
        '[inventory_add: item="Rope"]', "inventory", ("action", "add"), None, id="verb-head-and-pairs"
    ),
    pytest.param(
        "[inventory_pick_up: Rope]", "inventory", ("action", "pick up"), None, id="two-word-verb-head"
    ),
    pytest.param("[inventory add: Rope]", "inventory", ("action", "add"), None, id="space-verb-head"),
    pytest.param(
        '[inventory(action="add", item="Rope")]', "inventory", ("action", "add"), None, id="parens-body"
    ),
    pytest.param('[inventory {"action": "add", "item": "Rope"}]', "inventory", None, None, id="json-body"),
    pytest.param(
        '[inventory {"action": "add", "items": ["Rope", "Torch"]}]', "inventory", None, None, id="json-list"
    ),
    pytest.param(
        '[inventory: {"items": [["Rope", 1], ["Torch", 2]]}]', "inventory", None, None, id="json-nested-lists"
    ),
    pytest.param('[inventory: items=["Rope", "Torch"] action=add]', "inventory", None, None, id="list-value"),
    pytest.param(f"\uff3binventory\uff1a{ADD}\uff3d", "inventory", ("action", "add"), None, id="fullwidth"),
    pytest.param(f"\u3010inventory: {ADD}\u3011", "inventory", ("action", "add"), None, id="lenticular"),
    pytest.param('[place name: "Millbrook"]', "place", ("name", "Millbrook"), None, id="place-name-key"),
    pytest.param("[place location: Millbrook]", "place", None, None, id="place-location-key"),
    pytest.param('[Place size: "town"]', "place", ("size", "town"), None, id="place-size-key"),
    pytest.param('(place: name="Millbrook")', "place", ("name", "Millbrook"), None, id="place-parentheses"),
    pytest.param('{loot: table="grave_goods"}', "loot", ("table", "grave_goods"), None, id="loot-braces"),
    pytest.param("[loot table: grave_goods]", "loot", ("table", "grave_goods"), None, id="loot-table-key"),
    pytest.param("{loot: grave_goods}", "loot", ("table", "grave_goods"), None, id="loot-braces-bare-id"),
    pytest.param("(sheet: rest_up)", "sheet", None, None, id="sheet-parens-bare-id"),
    pytest.param(
        '\u3010loot: table="grave_goods"\u3011', "loot", ("table", "grave_goods"), None, id="loot-wide"
    ),
    pytest.param("[sheet heal: 2 resolve Bram]", "sheet", ("op", "heal"), None, id="sheet-verb-head"),
    pytest.param("(sheet: heal 2 resolve Bram)", "sheet", ("op", "heal"), None, id="sheet-parens-verb-first"),
    pytest.param('{sheet: op="rest" rest="vigil"}', "sheet", ("op", "rest"), None, id="sheet-braces"),
    pytest.param("[sheet rest: vigil]", "sheet", ("rest", "vigil"), None, id="sheet-key-not-verb"),
    pytest.param("[Sheet - damage: 2 grit Ada]", "sheet", ("op", "damage"), None, id="sheet-dash-verb"),
    pytest.param("(inventory: add Rope)", "inventory", None, None, id="parens-verb-first"),
    pytest.param("{inventory add: Rope}", "inventory", ("action", "add"), None, id="braces-verb-head"),
    pytest.param(
        '(inventory: action=add item="Rope, hempen (50 feet)")',
        "inventory",
        ("action", "add"),
        None,
        id="parentheses-inside-parentheses",
    ),
    pytest.param(f"[[inventory: {ADD}]]", "inventory", ("action", "add"), None, id="double-brackets"),
    pytest.param(
        f"**[[inventory: {ADD}]]**", "inventory", ("action", "add"), None, id="double-brackets-bold"
    ),
    pytest.param(
        '[[inventory: items=["Rope"]]]', "inventory", ("items", "Rope"), None, id="double-brackets-list"
    ),
    pytest.param(f"<inventory {ADD} />", "inventory", ("action", "add"), None, id="xml-self-closing"),
    pytest.param(f"<inventory: {ADD}>", "inventory", ("action", "add"), None, id="xml-colon"),
    pytest.param(
        '<place name="Millbrook" size="town"/>', "place", ("name", "Millbrook"), None, id="xml-place"
    ),
    pytest.param(
        f"[\U0001f392 inventory: {ADD}]", "inventory", ("action", "add"), None, id="emoji-before-name"
    ),
    pytest.param("[\U0001f4e6 Inventory: +2 Rope]", "inventory", None, None, id="emoji-free-body"),
    pytest.param(
        f"[\u2694\ufe0f inventory: {ADD}]", "inventory", ("action", "add"), None, id="symbol-selector"
    ),
    pytest.param(
        f"[ \U0001f392\U0001f4e6inventory: {ADD}]", "inventory", ("action", "add"), None, id="symbols"
    ),
    pytest.param(f"(\U0001f392 inventory: {ADD})", "inventory", ("action", "add"), None, id="symbol-parens"),
    pytest.param(
        '[inventory.add(item="Rope", who="Mira")]', "inventory", ("action", "add"), None, id="dotted-call"
    ),
    pytest.param(
        '[sheet.heal(pool="resolve" amount="2")]', "sheet", ("op", "heal"), None, id="dotted-call-sheet"
    ),
    pytest.param(
        "[Inventory Update - Bram: +2 Rope]", "inventory", ("bram", "+2 Rope"), None, id="member-head"
    ),
    pytest.param("[Inventory add - Bram: Rope]", "inventory", ("action", "add"), None, id="verb-member-head"),
    pytest.param(
        "[Inventory - Bram: +2 Rope]", "inventory", ("bram", "+2 Rope"), None, id="dash-member-head"
    ),
    pytest.param(f"~~[inventory: {ADD}]~~", "inventory", ("action", "add"), "struck", id="struck"),
    pytest.param(f"~~**[inventory: {ADD}]**~~", "inventory", ("action", "add"), "struck", id="struck-bold"),
    pytest.param(f"~~(inventory: {ADD})~~", "inventory", ("action", "add"), "struck", id="struck-parens"),
    pytest.param(f'"[inventory: {ADD}]"', "inventory", ("action", "add"), "quoted", id="quoted"),
    pytest.param(
        f"\u201c[inventory: {ADD}]\u201d", "inventory", ("action", "add"), "quoted", id="curly-quoted"
    ),
    pytest.param(
        "\u00ab[loot: table=grave_goods]\u00bb", "loot", ("table", "grave_goods"), "quoted", id="angle"
    ),
    pytest.param(f'"`[inventory: {ADD}]`"', "inventory", ("action", "add"), "quoted", id="quoted-backticks"),
]

# Brackets that must reach the player as written (issue 7 "Shown to the player", DESIGN.md "Sloppy input").
PROSE = [
    pytest.param("[sic]", id="sic"),
    pytest.param("[1]", id="footnote"),
    pytest.param("[Narrator]", id="narrator"),
    pytest.param("[OOC: back in five]", id="ooc"),
    pytest.param("[the door creaks]", id="stage-direction"),
    pytest.param("[Sheet music]", id="sheet-music"),
    pytest.param("[\U0001f392 sic]", id="emoji-prose"),
    pytest.param("[ \U0001f392 \U0001f4e6 sic]", id="symbols-prose"),
    pytest.param("[Inventory - Bram]", id="dash-member-without-colon"),
    pytest.param("[Inventory. Then more]", id="dot-prose"),
    pytest.param("[inventory.add(Rope)]", id="dotted-call-without-a-pair"),
    pytest.param("[[Sheet music]]", id="double-brackets-prose"),
    pytest.param("[Sheet music: soft and low]", id="sheet-music-colon"),
    pytest.param("[Inventory]", id="inventory-heading"),
    pytest.param("**[Inventory]**", id="bold-inventory-heading"),
    pytest.param("[Inventory check: all there]", id="inventory-check"),
    pytest.param("[Loot of the ages]", id="loot-of-the-ages"),
    pytest.param("[Place cards]", id="place-cards"),
    pytest.param("[place-holder]", id="place-holder"),
    pytest.param("[text](https://example.org)", id="markdown-link"),
    pytest.param("[inventory](https://example.org/inventory)", id="markdown-link-named-inventory"),
    pytest.param("(inventory is empty)", id="parens-prose"),
    pytest.param("(inventory: empty)", id="parens-colon-without-evidence"),
    pytest.param("(Inventory: Rope, Torch)", id="parens-listing"),
    pytest.param("(place: Millbrook)", id="parens-place-without-key"),
    pytest.param("(loot: grave goods)", id="parens-loot-words"),
    pytest.param("{loot: _}", id="braces-loot-underscore-alone"),
    pytest.param("(in the morning)", id="parens-partial-name"),
    pytest.param("(inventory)", id="parens-name-only"),
    pytest.param("{curly prose}", id="braces-prose"),
    pytest.param("<inventory>", id="xml-name-only"),
    pytest.param("<inventory is heavy>", id="angle-prose"),
    pytest.param("<inventory: empty>", id="angle-colon-without-evidence"),
    pytest.param("a <b>bold</b> word", id="html-markup"),
    pytest.param("{inventory}", id="braces-name-only"),
    pytest.param("{inventory is heavy}", id="braces-name-prose"),
    pytest.param("\u3010Inventory\u3011", id="lenticular-heading"),
    pytest.param("(invoice: 3 crowns)", id="parens-alias-prefix"),
    pytest.param("[invitation: tonight]", id="alias-prefix-word"),
    pytest.param('"quoted words"', id="quotation"),
    pytest.param("~~struck words~~", id="strike"),
]

CONTEXTS = [
    pytest.param("{}", id="alone"),
    pytest.param("The smith nods. {} Then he waits.", id="mid-sentence"),
    pytest.param("Line one.\n{}\nLine two.", id="own-line"),
    pytest.param("**Bold** and `code` {}.", id="after-markup"),
    pytest.param("({}) and [sic]", id="inside-prose-parens"),
]


def _stream(chunks: list[str]) -> list[Event]:
    stream = TagStream()
    events: list[Event] = []
    for chunk in chunks:
        events.extend(stream.feed(chunk))
    events.extend(stream.close())
    return merge_text(events)


def _shown(chunks: list[str]) -> str:
    stream, joiner = TagStream(), VisibleText()
    shown = [joiner.feed(stream.feed(chunk)) for chunk in chunks]
    return "".join(shown) + joiner.feed(stream.close()) + joiner.close()


def _split(text: str, cuts: list[int]) -> list[str]:
    points = [0, *sorted(set(cuts)), len(text)]
    return [text[a:b] for a, b in itertools.pairwise(points)]


def _joined(events: list[Event]) -> str:
    return "".join(e.text if isinstance(e, Text) else e.raw for e in events)


def _tags(events: list[Event]) -> list[RawTag]:
    return [e for e in events if isinstance(e, RawTag)]


@pytest.mark.parametrize("context", CONTEXTS)
@pytest.mark.parametrize(("raw", "name", "first", "mark"), HEADS)
def test_each_head_shape_is_one_hidden_tag(
    raw: str, name: str, first: tuple[str, str] | None, mark: str | None, context: str
) -> None:
    text = context.format(raw)
    events = parse_reply(text)
    assert _joined(events) == text
    assert [(t.raw, t.mark, t.closed) for t in _tags(events)] == [(raw, mark, True)]
    shown = visible_text(events)
    assert raw not in shown and "Rope" not in shown and "inv" not in shown.lower()


@pytest.mark.parametrize(("raw", "name", "first", "mark"), HEADS)
def test_each_head_shape_reads_to_its_canonical_name_and_head_verb(
    raw: str, name: str, first: tuple[str, str] | None, mark: str | None
) -> None:
    reading = read_tag(raw)
    assert reading.name == name
    if first is not None:
        assert reading.attrs[0] == first


@pytest.mark.parametrize("context", CONTEXTS)
@pytest.mark.parametrize("prose", PROSE)
def test_each_prose_bracket_reaches_the_player_as_written(prose: str, context: str) -> None:
    text = context.format(prose)
    events = parse_reply(text)
    assert _tags(events) == []
    assert visible_text(events) == text


ALL_TEXTS = [
    pytest.param(cast(str, context.values[0]).format(row.values[0]), id=f"{row.id}-{context.id}")
    for row in HEADS + PROSE
    for context in CONTEXTS
]


@pytest.mark.parametrize("text", ALL_TEXTS)
def test_one_character_at_a_time_gives_the_same_events_and_text(text: str) -> None:
    whole = parse_reply(text)
    assert _stream(list(text)) == whole
    assert _shown(list(text)) == visible_text(whole)


@pytest.mark.parametrize("text", ALL_TEXTS)
def test_every_two_way_split_gives_the_same_events(text: str) -> None:
    whole = parse_reply(text)
    for cut in range(1, len(text)):
        assert _stream([text[:cut], text[cut:]]) == whole


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_random_splits_give_the_same_events_and_text(data: st.DataObject) -> None:
    text = cast(str, data.draw(st.sampled_from([param.values[0] for param in ALL_TEXTS])))
    cuts = data.draw(st.lists(st.integers(0, len(text)), max_size=10))
    whole = parse_reply(text)
    assert _stream(_split(text, cuts)) == whole
    assert _shown(_split(text, cuts)) == visible_text(whole)


_PIECES = st.one_of(
    st.sampled_from([row.values[0] for row in HEADS + PROSE]),
    st.text(
        alphabet=st.sampled_from(list("ab :=\n*_`~\"'\\[](){}\uff3b\uff3d\u3010\u3011\uff1a\u201c\u201d,")),
        max_size=12,
    ),
    st.sampled_from(["inventory", "inv", "place", "sheet", "loot", " add", "_add", " update"]),
)


@settings(max_examples=400, deadline=None)
@given(parts=st.lists(_PIECES, max_size=8), data=st.data())
def test_random_mixtures_are_lossless_and_split_invariant(parts: list[str], data: st.DataObject) -> None:
    text = "".join(parts)
    whole = parse_reply(text)
    assert _joined(whole) == text
    for tag in _tags(whole):
        assert text[tag.start : tag.end] == tag.raw
        read_tag(tag.raw)
    cuts = data.draw(st.lists(st.integers(0, len(text)), max_size=8))
    assert _stream(_split(text, cuts)) == whole
    assert _shown(_split(text, cuts)) == visible_text(whole)


# -- the vocabulary tables, row by row ---------------------------------------------------------------


@pytest.mark.parametrize("opener", list(BRACKET_PAIRS))
@pytest.mark.parametrize("alias", sorted(TAG_ALIASES))
def test_every_alias_in_every_bracket_is_a_tag_with_a_key_pair(alias: str, opener: str) -> None:
    raw = f'{opener}{alias}: who="Ada"{BRACKET_PAIRS[opener]}'
    events = parse_reply(f"A {raw} B")
    assert [t.raw for t in _tags(events)] == [raw]
    assert read_tag(raw).name == TAG_ALIASES[alias]


@pytest.mark.parametrize("opener", list(BRACKET_PAIRS))
def test_a_colon_alone_is_evidence_only_in_square_brackets(opener: str) -> None:
    raw = f"{opener}inventory: the usual{BRACKET_PAIRS[opener]}"
    tags = _tags(parse_reply(f"A {raw} B"))
    assert bool(tags) == (opener in SQUARE_BRACKETS)


@pytest.mark.parametrize("separator", HEAD_SEPARATORS)
def test_every_head_separator_carries_a_head_verb(separator: str) -> None:
    raw = f'[inventory{separator}add: item="Rope"]'
    assert [t.raw for t in _tags(parse_reply(raw))] == [raw]
    assert read_tag(raw).attrs == (("action", "add"), ("item", "Rope"))


@pytest.mark.parametrize("word", sorted(HEAD_WORDS))
def test_every_head_word_is_dropped_with_a_repair(word: str) -> None:
    raw = f"[Inventory {word}: {ADD}]"
    assert [t.raw for t in _tags(parse_reply(raw))] == [raw]
    reading = read_tag(raw)
    assert reading.attrs == (("action", "add"), ("item", "Rope"))
    assert "head-word" in {repair.code for repair in reading.repairs}


@pytest.mark.parametrize(("tag", "key"), [(tag, key) for tag in TAG_NAMES for key in sorted(keys_of(tag))])
def test_every_key_of_a_tag_written_key_colon_makes_its_bracket_a_tag(tag: str, key: str) -> None:
    raw = f"[{tag} {key}: x]"
    assert [t.raw for t in _tags(parse_reply(f"A {raw} B"))] == [raw]


@pytest.mark.parametrize("tag", sorted(VERB_KEY))
def test_every_verb_of_a_tag_first_in_parentheses_makes_a_tag(tag: str) -> None:
    for verb in sorted(verbs_of(tag)):
        raw = f"({tag}: {verb} Rope)"
        assert [t.raw for t in _tags(parse_reply(f"A {raw} B"))] == [raw], verb


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("(place: " + "x" * 40, "place"),
        ("**[inv: item=", "inventory"),
        ("\uff3bSheet\uff1a op=", "sheet"),
        ("[[loot: table=", "loot"),
        ("[Sheet music", "sheet"),
        ("[invitation: x", None),
        ("nothing here", None),
    ],
)
def test_the_name_an_over_long_tag_opens_with_is_read_through_the_tables(text: str, name: str | None) -> None:
    assert opener_name(text) == name


def test_the_tag_keys_come_from_the_key_tables() -> None:
    assert {"name", "location", "size", "day"} <= keys_of("place")
    assert {"table", "who"} <= keys_of("loot")
    assert {"action", "item", "count", "who", "seller", "qty", "summary"} <= keys_of("inventory")
    assert {"op", "pool", "rest", "track", "condition", "who"} <= keys_of("sheet")


# -- marks: hidden, but not meant to run ------------------------------------------------------------

MARKS = [
    pytest.param(f"~~[inventory: {ADD}]~~", "struck", id="struck"),
    pytest.param(f"~~[inventory: {ADD}] and more~~", "struck", id="strike-running-past-the-tag"),
    pytest.param(f"~[inventory: {ADD}]~", "struck", id="single-tilde"),
    pytest.param(f'"[inventory: {ADD}]"', "quoted", id="quoted"),
    pytest.param(f'She said "[inventory: {ADD}]" and left.', "quoted", id="quoted-in-prose"),
    pytest.param(f'"~~[inventory: {ADD}]~~"', "struck", id="struck-wins-over-quoted"),
    pytest.param(f'"[inventory: {ADD}] is how" he wrote.', None, id="quote-not-closing-at-the-tag"),
    pytest.param(f'He said "yes" [inventory: {ADD}]', None, id="quote-before-a-space"),
    pytest.param(f'"Yes."[inventory: {ADD}]', None, id="closing-quote-before-the-tag"),
    pytest.param(f"**[inventory: {ADD}]**", None, id="bold-is-no-mark"),
]


@pytest.mark.parametrize(("text", "mark"), MARKS)
def test_a_struck_or_quoted_tag_is_hidden_and_marked(text: str, mark: str | None) -> None:
    events = parse_reply(text)
    tags = _tags(events)
    assert len(tags) == 1 and tags[0].mark == mark
    assert "Rope" not in visible_text(events)
    assert _stream(list(text)) == events


def test_quotation_marks_around_a_quoted_tag_are_hidden_with_it() -> None:
    events = parse_reply(f'I cannot run "[inventory: {ADD}]" for you.')
    assert _tags(events)[0].raw == f'"[inventory: {ADD}]"'
    assert visible_text(events) == "I cannot run for you."


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8") | st.sampled_from(list('[](){}~*_`"\uff3b\u3010'))))
def test_no_string_makes_the_scanner_or_the_reader_raise(text: str) -> None:
    events = _stream(_split(text, [len(text) // 3, len(text) // 2]))
    assert _joined(events) == text
    for tag in _tags(events):
        read_tag(tag.raw)


@pytest.mark.parametrize(
    ("text", "mark"), [(f"~~[inventory: {ADD}]~~", "struck"), (f"[inventory: {ADD}]", None)]
)
def test_scan_json_prints_the_mark_of_each_tag(text: str, mark: str | None) -> None:
    from tagproc.cli import event_json

    (tag,) = _tags(parse_reply(text))
    assert event_json(tag)["mark"] == mark
