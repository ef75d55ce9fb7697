"""The lenient tag reader: attributes in order, repairs as values, never an exception."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagproc import Game, Repair, read_tag
from tests.replies import REPLIES, Reply


@pytest.mark.parametrize("reply", REPLIES)
def test_every_tag_of_the_reply_table_reads_to_its_attributes(reply: Reply) -> None:
    for tag in reply.tags:
        reading = read_tag(tag.raw)
        assert reading.attrs == tag.attrs
        assert reading.ignored == tag.ignored
        assert (reading.problem is None) == bool(tag.attrs)
        if tag.name:
            assert reading.name == tag.name


REPAIRS = [
    pytest.param('[inventory: action="add" item="rope"]', set(), id="canonical-needs-none"),
    pytest.param("[inventory action=add]", {"missing-colon", "unquoted-value"}, id="missing-colon"),
    pytest.param("[inventory: action='add']", {"single-quotes"}, id="single-quotes"),
    pytest.param("[inventory: action=\u201cadd\u201d]", {"curly-quotes"}, id="curly-quotes"),
    pytest.param("[inventory: action: add]", {"colon-for-equals", "unquoted-value"}, id="key-colon"),
    pytest.param('[inventory: action = "add"]', {"spaces-around-equals"}, id="spaces-around-equals"),
    pytest.param('[inventory: buy item="axe"]', {"bare-word"}, id="bare-action"),
    pytest.param('**[inventory: action="add"]**', {"markup"}, id="bold"),
    pytest.param('[inventory: action="add", item="x"]', {"stray-comma"}, id="stray-comma"),
    pytest.param('[Inventory: ACTION="add"]', {"name-case", "key-case"}, id="case"),
    pytest.param('[inventory: action=\\"add\\"]', {"escaped-quotes"}, id="escaped-quotes"),
    pytest.param('[inventory: action="add" item="rope', {"unclosed", "unclosed-quote"}, id="unclosed"),
    pytest.param('[inventory: action="add" ??? item="x"]', {"ignored-text"}, id="junk"),
    pytest.param('[inventory: ```json\n{"action": "add"}\n```]', {"code-fence", "json-body"}, id="fence"),
    pytest.param(
        '[inventory: (action="add", item="Rope")]', {"parenthesised-body", "stray-comma"}, id="parens"
    ),
    pytest.param('[inventory: action="add"\u00a0item="Rope"]', {"unicode-space"}, id="nbsp"),
    pytest.param('[inventory: action="add"\u200b item="Rope"]', {"zero-width"}, id="zero-width"),
    pytest.param('[inventory: action\uff1d"add"]', {"fullwidth-punctuation"}, id="fullwidth"),
    pytest.param('[loot: table="grave\\_goods"]', {"markdown-escape"}, id="markdown-escape"),
    pytest.param("[inventory: action=`add`]", {"backtick-quotes"}, id="backtick"),
    pytest.param('[inventory: action="add" item=~~Rope~~"Torch"]', {"struck-text"}, id="struck"),
    pytest.param('[inventory: **action**="add"]', {"markup"}, id="emphasis"),
    pytest.param('[inventory: action="add" | item="Rope"]', {"pipe-separator"}, id="pipe"),
    pytest.param('[inventory:\n- action="add"]', {"list-bullet"}, id="bullet"),
    pytest.param('[inventory: "action"="add"]', {"quoted-key"}, id="quoted-key"),
    pytest.param('[inventory: action="add" result -> "ok"]', {"odd-separator"}, id="odd-separator"),
    pytest.param(
        '[inventory: action="add" who= item="Rope"]',
        {"empty-value", "spaces-around-equals"},
        id="empty-value",
    ),
    pytest.param('[inventory: action="add item="Rope"]', {"missing-closing-quote"}, id="missing-close"),
    pytest.param('[inventory: action=""add""]', {"doubled-quotes"}, id="doubled-quotes"),
    pytest.param('[inventory: action="add" item=Rope"]', {"unquoted-value", "stray-quote"}, id="stray-quote"),
    pytest.param(
        '[inventory: action="add" who="Bram" item=Rope.]',
        {"unquoted-value", "trailing-punctuation"},
        id="trailing-punctuation",
    ),
    pytest.param('[inventory: action="add" type="inventory"]', {"tag-name-in-body"}, id="tag-name-key"),
    pytest.param('[inventory: {"action": "add"}]', {"json-body"}, id="json"),
    pytest.param('[inventory: {action: "add",}]', {"loose-json-body"}, id="loose-json"),
    pytest.param(
        '[inventory: {"action": "add", "items": ["a", "b"]}]', {"json-list", "json-body"}, id="json-list"
    ),
    pytest.param(
        '[inventory: {"action": "add", "item": {"name": "Rope"}}]',
        {"nested-object", "json-body"},
        id="nested",
    ),
    pytest.param('[inventory: {"action": "add", "who": null}]', {"json-body", "null-value"}, id="null"),
    pytest.param(
        '[inventory: {"inventory": {"action": "add"}}]', {"wrapped-object", "json-body"}, id="wrapped"
    ),
    pytest.param("[inventory: add 2 rope!]", {"bare-word", "trailing-punctuation"}, id="free-trailing"),
]


@pytest.mark.parametrize(("raw", "codes"), REPAIRS)
def test_each_repair_is_recorded_by_its_code(raw: str, codes: set[str]) -> None:
    assert {r.code for r in read_tag(raw).repairs} == codes


def test_free_text_is_kept_in_order_and_a_body_of_it_alone_is_no_problem() -> None:
    reading = read_tag('[inventory: add 2 Torch item="x" to Bram]')
    assert reading.attrs == (("action", "add"), ("item", "x"))
    assert reading.free == ("2 Torch", "to Bram")
    assert reading.problem is None
    assert read_tag("[inventory: +2 rope]").free == ("+2 rope",)
    assert read_tag("[inventory: +2 rope]").problem is None


def test_a_reading_that_is_refused_keeps_no_attributes_and_no_free_text() -> None:
    reading = read_tag('[inventory: {"action": "add"} {"action": "remove"} and more]')
    assert reading.problem == "more than one object in one tag"
    assert reading.attrs == () and reading.free == ()


def test_a_repair_says_what_it_changed() -> None:
    assert read_tag("[inventory action=add]").repairs[0] == Repair("missing-colon", "inventory", "inventory:")


def test_engine_keys_the_model_wrote_are_kept_apart() -> None:
    reading = read_tag('[inventory: action="pay" result="ok" reason="x" now="3" amount="1 crown"]')
    assert reading.attrs == (("action", "pay"), ("amount", "1 crown"))
    assert reading.ignored == (("result", "ok"), ("reason", "x"), ("now", "3"))


def test_an_unquoted_value_runs_to_the_next_key() -> None:
    reading = read_tag("[inventory: action=buy item=Hand axe of the north seller=old smith]")
    assert reading.attrs == (("action", "buy"), ("item", "Hand axe of the north"), ("seller", "old smith"))


def test_semicolons_between_unquoted_pairs_are_separators() -> None:
    reading = read_tag("[inventory: action=add; item=Torch; who=Ada; qty=2;]")
    assert reading.attrs == (("action", "add"), ("item", "Torch"), ("who", "Ada"), ("qty", "2"))


def test_a_value_may_hold_colons_and_equals_inside_quotes() -> None:
    reading = read_tag('[inventory: action="note" summary="Ratio 2:1, a=b"]')
    assert reading.get("summary") == "Ratio 2:1, a=b"


def test_duplicate_keys_are_kept_in_order_and_get_reads_the_last() -> None:
    reading = read_tag('[inventory: action="add" item="a" item="b"]')
    assert reading.attrs == (("action", "add"), ("item", "a"), ("item", "b"))
    assert reading.get("item") == "b"


@pytest.mark.parametrize(
    ("raw", "problem"),
    [
        pytest.param("[inventory:]", "empty tag", id="empty"),
        pytest.param("[inventory: ???]", "no key=value pairs", id="junk-only"),
        pytest.param("[]", "no tag name", id="no-name"),
    ],
)
def test_an_unreadable_body_says_why(raw: str, problem: str) -> None:
    reading = read_tag(raw)
    assert reading.problem == problem
    assert reading.attrs == ()


@settings(max_examples=500, deadline=None)
@given(st.text())
def test_no_string_makes_read_tag_raise(text: str) -> None:
    read_tag(text)
    read_tag("[inventory: " + text + "]")


_SLOPPY = st.lists(
    st.sampled_from(
        [
            "action",
            "=",
            ":",
            '"',
            "'",
            "\u201c",
            " ",
            ",",
            "item",
            "buy",
            "Hand axe",
            "\\",
            "result",
            "=",
            "x",
        ]
    ),
    max_size=20,
).map("".join)


@settings(max_examples=500, deadline=None)
@given(_SLOPPY)
def test_sloppy_bodies_never_raise_and_keys_are_lowercase(body: str) -> None:
    reading = read_tag("[inventory: " + body + "]")
    assert all(key == key.lower() for key, _ in reading.attrs)


def test_a_surrogate_the_model_wrote_reads_as_the_replacement_character_so_the_reading_encodes() -> None:
    raw = '[sheet: op="note" field="post" value="gate\ud800" who="Ada\udfff"]'
    reading = read_tag(raw)
    assert reading.attrs == (("op", "note"), ("field", "post"), ("value", "gate\ufffd"), ("who", "Ada\ufffd"))
    assert reading.repairs == (
        Repair(
            "surrogate",
            '[sheet: op="note" field="post" value="gate\\ud800" who="Ada\\udfff"]',
            '[sheet: op="note" field="post" value="gate\ufffd" who="Ada\ufffd"]',
        ),
    )
    assert repr(reading).encode("utf-8")


def test_a_reply_with_a_surrogate_in_a_tag_runs_and_its_answer_encodes() -> None:
    game = Game("gravewatch", ["Ada"])
    result = game.reply('[sheet: op="note" field="post" value="gate\ud800"]')
    assert result.answers == (
        '[sheet: who="Ada" op="note" field="post" value="gate\ufffd" result="ok" now="gate\ufffd"]',
    )
    assert game.state.model_dump_json().encode("utf-8")
