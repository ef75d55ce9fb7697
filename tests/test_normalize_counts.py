"""Tests for tagproc.normalize.counts: numbers as small models write them, in ``count=`` and inside a name,
through ``normalize(read_tag(...), names)`` on a shipped ruleset; beside them the counts that stay refused
(never guessed)."""

from __future__ import annotations

import pytest

from tagproc.commands import Add, Command, ItemRef, Unreadable
from tagproc.normalize import normalize
from tagproc.normalize.counts import read_number
from tagproc.syntax import read_tag
from tagproc.vocabulary import COUNT_UNITS, TIMES_MARKS, VAGUE_COUNTS

from .engine_support import member, party, rules_for
from .normalize_support import said_notes

TORCH = ItemRef(name="Torch", label="Torch")


def add(body: str) -> Command | Unreadable:
    tag = f'[inventory: action="add" {body}]'
    commands = normalize(read_tag(tag), rules_for("srd-5e").names(party(member("Ada"))), tag)
    assert len(commands) == 1, commands
    return commands[0]


def torches(count: int) -> dict[str, object]:
    return Add(item=TORCH, count=count).model_dump(exclude={"repairs"})


COUNTS = [
    pytest.param("2", 2, id="digits"),
    pytest.param("2.0", 2, id="a-zero-fraction"),
    pytest.param("3.00", 3, id="two-zeros"),
    pytest.param("2 (two)", 2, id="digits-and-words-agreeing"),
    pytest.param("two (2)", 2, id="words-and-digits-agreeing"),
    pytest.param("3 pcs", 3, id="pcs"),
    pytest.param("3 pieces", 3, id="pieces"),
    pytest.param("three pcs", 3, id="words-and-pcs"),
    pytest.param("4 items", 4, id="items"),
    pytest.param("x2", 2, id="x-before"),
    pytest.param("X2", 2, id="capital-x"),
    pytest.param("×2", 2, id="times-sign"),
    pytest.param("2x", 2, id="x-after"),
    pytest.param("*2", 2, id="star-before"),
    pytest.param("2*", 2, id="star-after"),
    pytest.param("x 2", 2, id="x-space"),
    pytest.param("a dozen", 12, id="a-dozen"),
    pytest.param("a pair of", 2, id="a-pair-of"),
    pytest.param("a pair", 2, id="a-pair"),
    pytest.param("half a dozen", 6, id="half-a-dozen"),
    pytest.param("twenty-two", 22, id="twenty-two"),
    pytest.param("twenty two", 22, id="twenty-two-spaced"),
    pytest.param("two hundred and fifty", 250, id="two-hundred-and-fifty"),
    pytest.param("1,000", 1000, id="thousands-comma"),
    pytest.param("+3", 3, id="plus-sign"),
    # punctuation at the edges, a unit stuck on, words after that do not change it
    pytest.param("2,", 2, id="trailing-comma"),
    pytest.param("3.", 3, id="trailing-full-stop"),
    pytest.param("(2)", 2, id="in-brackets"),
    pytest.param("'4'", 4, id="in-stray-quotes"),
    pytest.param("2pcs", 2, id="pcs-stuck-on"),
    pytest.param("5pieces", 5, id="pieces-stuck-on"),
    pytest.param("two more", 2, id="two-more"),
    pytest.param("2 more", 2, id="digits-more"),
    pytest.param("one more", 1, id="one-more"),
    pytest.param("5 of them", 5, id="of-them"),
    pytest.param("three of those", 3, id="of-those"),
    pytest.param("3 in all", 3, id="in-all"),
    pytest.param("4 total", 4, id="total"),
    pytest.param("2 extra", 2, id="extra"),
    pytest.param("a couple more", 2, id="a-couple-more"),
    pytest.param("2 (more)", 2, id="more-in-brackets"),
    pytest.param("two of 'em", 2, id="of-em"),
    pytest.param("another 2", 2, id="another-before"),
    pytest.param("qty: 2", 2, id="qty-before"),
    pytest.param("count 3", 3, id="count-before"),
]


@pytest.mark.parametrize(("written", "count"), COUNTS)
def test_a_count_key_reads_the_number_however_it_is_written(written: str, count: int) -> None:
    command = add(f'item="Torch" count="{written}"')
    assert command.model_dump(exclude={"repairs"}) == torches(count)
    formed = [(r.code, r.before, r.after) for r in command.repairs if r.code == "count-form"]
    assert formed == ([] if written.isdigit() else [("count-form", written, str(count))])


REFUSED_COUNTS = [
    pytest.param("2.5", "unreadable", id="a-fraction"),
    pytest.param("1.5", "unreadable", id="one-and-a-half"),
    pytest.param("a few", "unreadable", id="a-few"),
    pytest.param("several", "unreadable", id="several"),
    pytest.param("some", "unreadable", id="some"),
    pytest.param("2 (three)", "unreadable", id="two-spellings-disagreeing"),
    pytest.param("2-3", "unreadable", id="a-range"),
    pytest.param("2 or 3", "unreadable", id="either"),
    pytest.param("#2", "unreadable", id="a-number-sign"),
    pytest.param("x", "unreadable", id="a-mark-alone"),
    pytest.param("more", "unreadable", id="more-alone"),
    pytest.param("a few more", "unreadable", id="a-few-more"),
    pytest.param("all of them", "unreadable", id="all-of-them"),
    pytest.param("some more", "unreadable", id="some-more"),
    pytest.param("2, 3", "unreadable", id="two-numbers"),
    pytest.param("2 more or 3", "unreadable", id="more-or"),
    pytest.param("2.5 more", "unreadable", id="a-fraction-more"),
    pytest.param("2 feet", "unreadable", id="a-measure-is-no-count"),
    pytest.param("another", "unreadable", id="another-alone"),
    pytest.param("qty", "unreadable", id="qty-alone"),
    pytest.param("another few", "unreadable", id="another-few"),
    pytest.param("2 torches", "unreadable", id="a-name-in-the-count"),
    pytest.param("about 5", "unreadable", id="a-hedged-count"),
]


# CONVENTIONS.md §2: "Count: 1–9 digits, else 1; 0 or less → 1; capped (not refused) at 9,999; pay/earn at
# 999,999". Each change is a repair and a sentence of the note.
HELD_COUNTS = [
    pytest.param(
        'item="Torch" count="0"',
        1,
        [("count-below-one", "0", "1")],
        "A count of 0 was read as 1.",
        id="zero",
    ),
    pytest.param(
        'item="Torch" count="0.0"',
        1,
        [("count-form", "0.0", "0"), ("count-below-one", "0", "1")],
        "A count of 0 was read as 1.",
        id="zero-point-zero",
    ),
    pytest.param(
        'item="Torch" count="-2"',
        1,
        [("count-form", "-2", "-2"), ("count-below-one", "-2", "1")],
        "A count of -2 was read as 1.",
        id="negative",
    ),
    pytest.param(
        'item="Torch" count="10000"',
        9999,
        [("count-capped", "10000", "9999")],
        "A count is at most 9,999: 10,000 was read as 9,999.",
        id="past-the-cap",
    ),
    pytest.param('item="Torch" count="9999"', 9999, [], None, id="at-the-cap"),
    pytest.param(
        'item="Torch" count="999999999"',
        9999,
        [("count-capped", "999999999", "9999")],
        "A count is at most 9,999: 999,999,999 was read as 9,999.",
        id="nine-digits-are-capped",
    ),
    pytest.param(
        'item="Torch" count="1234567890"',
        1,
        [("count-too-many-digits", "1234567890", "1")],
        "A count of more than 9 digits (1234567890) was read as 1.",
        id="ten-digits-are-one",
    ),
    pytest.param(
        'item="20000 Torches"',
        9999,
        [
            ("count-in-name", "20000 Torches", 'item="Torches" count="20000"'),
            ("plural", "Torches", "Torch"),
            ("count-capped", "20000", "9999"),
        ],
        "A count is at most 9,999: 20,000 was read as 9,999.",
        id="a-count-in-the-name-is-capped",
    ),
]


@pytest.mark.parametrize(("body", "count", "repairs", "note"), HELD_COUNTS)
def test_a_count_past_its_limits_is_held_to_them_and_said(
    body: str, count: int, repairs: list[tuple[str, str, str]], note: str | None
) -> None:
    command = add(body)
    assert isinstance(command, Add) and (command.item, command.count) == (TORCH, count)
    assert [(r.code, r.before, r.after) for r in command.repairs] == repairs
    assert [n for n in said_notes(command) if n.startswith("A count")] == ([note] if note else [])


@pytest.mark.parametrize(("written", "reason"), REFUSED_COUNTS)
def test_a_count_that_says_no_one_whole_number_is_refused(written: str, reason: str) -> None:
    command = add(f'item="Torch" count="{written}"')
    assert isinstance(command, Unreadable) and command.reason == reason


IN_NAMES = [
    pytest.param("2 torches", 2, id="leading-digits"),
    pytest.param("Torch x2", 2, id="trailing-x"),
    pytest.param("Torch ×2", 2, id="trailing-times-sign"),
    pytest.param("Torch *2", 2, id="trailing-star"),
    pytest.param("Torch 2x", 2, id="trailing-number-x"),
    pytest.param("2x Torch", 2, id="leading-number-x"),
    pytest.param("2 x Torch", 2, id="leading-number-space-x"),
    pytest.param("x2 Torch", 2, id="leading-x-number"),
    pytest.param("*2 Torch", 2, id="leading-star"),
    pytest.param("Torch (2)", 2, id="parenthesis"),
    pytest.param("Torch (x2)", 2, id="parenthesis-x"),
    pytest.param("Torch (two)", 2, id="parenthesis-words"),
    pytest.param("Torches: 3", 3, id="after-a-colon"),
    pytest.param("Torch, x2", 2, id="after-a-comma"),
    pytest.param("3 pcs torch", 3, id="pcs-after-the-number"),
    pytest.param("3 pieces of torch", 3, id="pieces-of"),
    pytest.param("2 (two) torches", 2, id="two-spellings-agreeing"),
    pytest.param("2.0 torches", 2, id="zero-fraction"),
    pytest.param("twenty-two torches", 22, id="number-words"),
    pytest.param("half a dozen torches", 6, id="half-a-dozen"),
    pytest.param("a dozen torches", 12, id="a-dozen"),
    pytest.param("1,000 torches", 1000, id="thousands"),
    pytest.param("2 more torches", 2, id="more-after-the-count"),
    pytest.param("three extra torches", 3, id="extra-after-the-count"),
    pytest.param("another torch", 1, id="another"),
    pytest.param("another 2 torches", 2, id="another-and-a-count"),
    pytest.param("Torch - 2", 2, id="after-a-dash"),
    pytest.param("Torch: two", 2, id="words-after-a-colon"),
    pytest.param("torch (qty 2)", 2, id="qty-in-brackets"),
    pytest.param("torch (2 more)", 2, id="more-in-brackets"),
    pytest.param("two (2) torches", 2, id="words-and-digits-agreeing-before"),
]


@pytest.mark.parametrize(("written", "count"), IN_NAMES)
def test_a_count_inside_the_name_is_read(written: str, count: int) -> None:
    assert add(f'item="{written}"').model_dump(exclude={"repairs"}) == torches(count)


NAMES_NO_ITEM = [
    pytest.param('item="2 more"', id="a-count-and-more"),
    pytest.param('item="5 of them"', id="of-them"),
    pytest.param('item="more"', id="more-alone"),
    pytest.param('item="Torch (2 or 3)"', id="a-hedged-count-in-brackets"),
    pytest.param('item="two (3) torches"', id="two-counts-disagreeing"),
    pytest.param('item="extra torches"', id="extra-says-no-number"),
    pytest.param('item="more torches"', id="more-says-no-number"),
    pytest.param('item="Torch, 2 more"', id="in-a-list-refused-whole"),
    pytest.param('items="Torch, Dagger, 3 more"', id="in-items-refused-whole"),
]


@pytest.mark.parametrize("body", NAMES_NO_ITEM)
def test_a_name_that_is_only_a_count_and_more_is_refused_whole(body: str) -> None:
    command = add(body)
    assert isinstance(command, Unreadable) and command.reason == "unreadable", command


def test_a_pair_of_a_plural_label_is_one() -> None:
    command = add('item="a pair of winged boots"')
    assert command.model_dump(exclude={"repairs"}) == Add(
        item=ItemRef(name="Winged Boots", label="Winged Boots"), count=1
    ).model_dump(exclude={"repairs"})


def test_a_measure_is_no_count_and_a_fraction_in_a_name_is_no_count() -> None:
    assert add('item="50 feet of silk rope"').model_dump(exclude={"repairs"})["count"] == 1
    assert add('item="a few torches"').reason == "unreadable"  # type: ignore[union-attr]


@pytest.mark.parametrize("mark", TIMES_MARKS)
def test_every_times_mark_reads_before_and_after(mark: str) -> None:
    assert read_number(f"{mark}3") == read_number(f"3{mark}") == 3


@pytest.mark.parametrize("unit", sorted(COUNT_UNITS))
def test_every_count_unit_keeps_the_count(unit: str) -> None:
    assert read_number(f"4 {unit}") == 4


@pytest.mark.parametrize("vague", sorted(VAGUE_COUNTS))
def test_no_vague_amount_is_ever_a_number(vague: str) -> None:
    assert read_number(vague) is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("1.000", None, id="thousands-dot-is-ambiguous"),
        pytest.param("2.000", None, id="thousands-dot-two"),
        pytest.param("2.0", 2, id="a-decimal-zero-still-reads"),
    ],
)
def test_a_dotted_thousand_is_never_read_as_a_count(text: str, expected: int | None) -> None:
    from tagproc.normalize.counts import read_number

    assert read_number(text) == expected


@pytest.mark.parametrize(
    "name",
    [
        pytest.param("Longsword (+1)", id="bonus-in-parentheses"),
        pytest.param("Longsword +1", id="bonus-after"),
        pytest.param("50 gp worth of gems", id="a-value-not-a-count"),
    ],
)
def test_a_bonus_or_a_value_in_a_name_is_no_count(name: str) -> None:
    from tagproc.normalize.counts import split_count

    assert split_count(name) is None
