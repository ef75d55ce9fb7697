"""The lenient tag reader: attributes in order, repairs as values, never an exception."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagproc import Repair, read_tag
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
]


@pytest.mark.parametrize(("raw", "codes"), REPAIRS)
def test_each_repair_is_recorded_by_its_code(raw: str, codes: set[str]) -> None:
    assert {r.code for r in read_tag(raw).repairs} == codes


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
