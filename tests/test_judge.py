"""Whole replies: a tag shown as an example, offered, or repeated in a closing recap is hidden, answered and
not run; a tag narrated as happening runs (``tagproc/judge.py``)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tagproc import Game
from tagproc.cli import main
from tagproc.judge import Judgment, judge_tags
from tagproc.stream import parse_reply
from tagproc.vocabulary.context import EXAMPLE_AFTER

CANDLE = '[inventory: action="add" item="Black candle"]'


def _game() -> Game:
    return Game("gravewatch", [{"name": "Ada", "bag": [{"item": "crowns", "count": 1}]}, "Bram"], seed=3)


def _candles(game: Game) -> int:
    return sum(stack.count for stack in game.state.party[0].bag if stack.name == "Black candle")


NOT_RUN = [
    pytest.param(f"For example, {CANDLE} would add a candle.", id="for-example"),
    pytest.param(f"The tag looks like this: {CANDLE}", id="looks-like-this"),
    pytest.param(f"e.g. {CANDLE}", id="e-g"),
    pytest.param(f"If you want one, {CANDLE} and it is yours.", id="offer-before"),
    pytest.param(f"The chandler holds out a candle {CANDLE} if you'd like it.", id="offer-after"),
    pytest.param(f"Would you like a candle? I'd write {CANDLE} for that.", id="i-would-write"),
    pytest.param(f"Should you buy it, {CANDLE} would follow.", id="should-you"),
]


@pytest.mark.parametrize("reply", NOT_RUN)
def test_a_tag_shown_offered_or_supposed_is_answered_example_and_not_run(reply: str) -> None:
    game = _game()
    result = game.reply(reply)
    assert [record.skipped for record in result.tags] == ["example"]
    assert result.structured_answers[0].result == "refused"
    assert result.structured_answers[0].reason == "example"
    assert result.state == game.state_at(0).model_copy(update={"journal": ()})
    assert "[" not in result.visible


RUN = [
    pytest.param(f"The chandler hands you a candle. {CANDLE}", id="narrated"),
    pytest.param(f"If you want light, here it is. {CANDLE}", id="condition-in-an-earlier-sentence"),
    pytest.param(f"You pocket a candle {CANDLE} and move on.", id="mid-sentence"),
    pytest.param(f"For example, the smith is busy.\n{CANDLE}", id="cue-on-an-earlier-line"),
]


@pytest.mark.parametrize("reply", RUN)
def test_a_tag_narrated_as_happening_runs(reply: str) -> None:
    game = _game()
    result = game.reply(reply)
    assert [record.skipped for record in result.tags] == [None]
    assert _candles(game) == 1


def test_a_tag_repeated_under_a_summary_heading_runs_once() -> None:
    game = _game()
    result = game.reply(f"The chandler hands you a candle. {CANDLE}\n\n**Summary:**\n- {CANDLE}")
    assert [record.skipped for record in result.tags] == [None, "repeated"]
    assert result.structured_answers[1].reason == "repeated"
    assert _candles(game) == 1


def test_a_repeat_under_a_summary_heading_is_compared_by_meaning_not_spelling() -> None:
    game = _game()
    sloppy = "[inventory: add item='black candles' qty=1]"
    result = game.reply(f"You take a candle. {CANDLE}\n\nChanges:\n{sloppy}")
    assert [record.skipped for record in result.tags] == [None, "repeated"]
    assert _candles(game) == 1


def test_two_same_tags_in_the_story_both_run() -> None:
    game = _game()
    result = game.reply(f"One candle {CANDLE}, then another {CANDLE}.")
    assert [record.skipped for record in result.tags] == [None, None]
    assert _candles(game) == 2


def test_a_new_tag_under_a_summary_heading_runs() -> None:
    game = _game()
    result = game.reply(
        f"You take a candle. {CANDLE}\n\nSummary:\n" + '[inventory: action="add" item="Grave spade"]'
    )
    assert [record.skipped for record in result.tags] == [None, None]


def test_judgments_come_one_per_tag_in_order() -> None:
    events = parse_reply(f"For example {CANDLE}. Then {CANDLE}\nSummary:\n{CANDLE}")
    assert judge_tags(events) == [
        Judgment(skip="example", recap=False),
        Judgment(skip=None, recap=False),
        Judgment(skip=None, recap=True),
    ]


def test_a_million_adjacent_tags_are_judged_in_one_pass() -> None:
    events = parse_reply("[loot: x]" * 20_000)
    assert len(judge_tags(events)) == 20_000


def test_each_tag_record_carries_what_was_read_what_it_became_and_every_repair() -> None:
    game = _game()
    result = game.reply("You take candles. [Inventory: action='add' item='2 Black candles']")
    (record,) = result.tags
    assert record.name == "inventory"
    assert record.attrs == (("action", "add"), ("item", "2 Black candles"))
    (command,) = record.commands
    assert type(command).__name__ == "Add"
    assert command.model_dump(include={"count"}) == {"count": 2}
    codes = [repair.code for repair in record.repairs]
    assert "name-case" in codes and "single-quotes" in codes and "count-in-name" in codes
    assert record.answers == result.structured_answers
    assert result.to_json()["tags"][0]["commands"][0]["command"] == "Add"


def test_scan_json_shows_the_commands_and_repairs_against_a_ruleset(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import io
    import sys

    sys.stdin = io.StringIO(f"For example {CANDLE}")
    try:
        assert main(["scan", "--json", "--party", "Ada,Bram"]) == 0
    finally:
        sys.stdin = sys.__stdin__
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    tag = lines[1]
    assert tag["event"] == "tag"
    assert tag["commands"][0]["command"] == "Add"
    assert tag["skipped"] == "example"
    assert tag["answers"][0].startswith('[inventory: action="add" item="Black candle"')


def test_a_bold_label_with_a_colon_opens_a_recap() -> None:
    game = _game()
    rest = '[sheet: op="rest" rest="vigil"]'
    result = game.reply(f"You stand down at dawn.\n\n{rest}\n\nYou wake rested.\n\n**This scene:** {rest}")
    assert [record.skipped for record in result.tags] == [None, "repeated"]


@pytest.mark.parametrize(
    "reply",
    [
        pytest.param(f"Nice try. I won't run {CANDLE} just because you asked.", id="i-wont-run"),
        pytest.param(f"The sexton sighs. Writing {CANDLE} will not conjure a candle.", id="writing"),
        pytest.param(f'I can\'t do "{CANDLE}" for you.', id="quoted-refusal"),
    ],
)
def test_a_tag_the_gm_mentions_while_refusing_it_is_not_run(reply: str) -> None:
    game = _game()
    result = game.reply(reply)
    assert [record.skipped for record in result.tags] in (["example"], ["quoted"])
    assert _candles(game) == 0


BELL = '[inventory: action="add" item="Dawn bell" who="Bram"]'


@pytest.mark.parametrize(
    "reply",
    [
        pytest.param(f"If Bram takes it, I'll add {BELL}.", id="if-a-member"),
        pytest.param(f"Once you pay, I'll hand it over: {BELL}", id="once-you-pay"),
        pytest.param(f"Bram could take the bell {BELL}, but he leaves it.", id="could"),
        pytest.param(f"{BELL} (optional)", id="optional-after"),
        pytest.param(f"Previously: Bram bought a bell {BELL}. Now night falls.", id="previously"),
    ],
)
def test_a_conditional_or_a_recap_of_an_earlier_session_is_not_run(reply: str) -> None:
    game = _game()
    result = game.reply(reply)
    assert [record.skipped for record in result.tags] == ["example"]


def test_a_running_inventory_recap_repeats_nothing() -> None:
    game = _game()
    result = game.reply(f"Bram takes it. {CANDLE}\n\n(Ada now has: {CANDLE})")
    assert [record.skipped for record in result.tags] == [None, "repeated"]
    assert _candles(game) == 1


@pytest.mark.parametrize(
    ("who", "expected"),
    [
        pytest.param("Bram's brother", None, id="possessive-with-a-noun"),
        pytest.param("not Bram", None, id="negated"),
        pytest.param("Bram's", "Bram", id="bare-possessive"),
        pytest.param("Bram (the sexton's nephew)", "Bram", id="possessive-of-someone-else"),
    ],
)
def test_who_names_the_member_only_when_it_is_that_member(who: str, expected: str | None) -> None:
    game = _game()
    (answer,) = game.reply(f'[inventory: action="add" item="Black candle" who="{who}"]').structured_answers
    assert (answer.result == "ok") == (expected is not None)
    if expected is not None:
        assert ("who", expected) in answer.attrs


@pytest.mark.parametrize(
    ("note", "runs"),
    [
        pytest.param("only if he wins the haggle", False, id="if"),
        pytest.param("not yet: pending payment", False, id="pending"),
        pytest.param("from the chapel's box", True, id="a-plain-note-is-ignored"),
    ],
)
def test_a_note_the_model_wrote_that_makes_the_tag_conditional_refuses_it(note: str, runs: bool) -> None:
    game = _game()
    result = game.reply(f'[inventory: action="add" item="Black candle" note="{note}"]')
    assert _candles(game) == (1 if runs else 0)
    assert result.structured_answers[0].result == ("ok" if runs else "refused")


# -- the fast judge gives exactly what the reference (the judge before issue 14) gives -------------------------


def _realistic_replies() -> list[str]:
    """Every reply the project's tables hold: the corpus (sloppy and canonical), the conformance cases, the
    golden transcripts, the scanner's table of replies and this module's own."""
    from pathlib import Path

    import yaml

    from tests.conformance.run import load_cases, turn_text
    from tests.corpus.cases import ALL_CASES
    from tests.replies import REPLIES, Reply

    texts = [case.sloppy for case in ALL_CASES]
    texts += [case.canonical for case in ALL_CASES if case.canonical is not None]
    for case in load_cases():
        texts += [
            turn_text(turn)[1] for turn in case.get("turns", []) if {"gm", "player", "regenerate"} & set(turn)
        ]
    for path in sorted((Path(__file__).parent.parent / "golden").glob("*.yaml")):
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        for turn in doc.get("turns", []) if isinstance(doc, dict) else []:
            texts += [str(turn[kind]) for kind in ("gm", "player", "regenerate") if kind in turn]
    texts += [reply.text for param in REPLIES if isinstance(reply := param.values[0], Reply)]
    texts += [str(param.values[0]) for param in (*NOT_RUN, *RUN)]
    return texts


def test_the_judge_gives_what_the_reference_gives_on_every_realistic_reply() -> None:
    from tagproc.stream import merge_text
    from tests.judge_reference import reference_judge_tags

    texts = _realistic_replies()
    assert len(texts) > 300
    for text in texts:
        events = merge_text(parse_reply(text))
        assert judge_tags(events) == reference_judge_tags(events), text


_PIECES = [
    CANDLE,
    "~~" + CANDLE + "~~",
    '"' + CANDLE + '"',
    "[loot: x]",
    " ",
    "  ",
    "\n",
    "\n\n",
    "\n \n",
    ". ",
    "! ",
    "? ",
    ".",
    "e.g. ",
    "i.e.",
    "eg.",
    '"',
    "\u201c",
    "\u201d",
    ":",
    "**",
    "__",
    "**Summary:**",
    "Summary",
    "Changes:",
    "RECAP",
    "now has:",
    "Ada now carries :",
    "- ",
    "1. ",
    "2) ",
    "* ",
    "for example",
    "For Example",
    "if you want",
    "if you'd like",
    "would look",
    "optional",
    "could",
    "couldn't",
    "which",
    "choose one",
    "you may take",
    "If",
    "Once",
    "the tag",
    "tag",
    "the",
    "fog",
    "Bram's",
    "a",
    "42",
    "_",
    "#",
    "> ",
    "(",
    "ſummary",
    "\u212a",
]


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(_PIECES) | st.text(max_size=6), max_size=40))
def test_the_judge_gives_what_the_reference_gives_on_made_up_replies(pieces: list[str]) -> None:
    from tagproc.stream import merge_text
    from tests.judge_reference import reference_judge_tags

    events = merge_text(parse_reply("".join(pieces)))
    assert judge_tags(events) == reference_judge_tags(events)


def test_the_judge_gives_what_the_reference_gives_past_its_windows() -> None:
    """Long texts and long runs of tags: the windows' limits (characters and events) cut the same places."""
    from tagproc.stream import merge_text
    from tests.judge_reference import reference_judge_tags

    prose = "for example the fog rolls in, e.g. over the barrows. " * 12
    for text in (
        prose + CANDLE + prose,
        CANDLE * 20 + "\n- " + CANDLE + " which one?",
        "Choose one:\n" + ("x" * 500) + "\n- " + CANDLE,
        '"' + "a " * 300 + CANDLE,
        "If " + "[loot: x]" * 30 + CANDLE,
        "\n\n".join(["- " + CANDLE + " or"] * 10) + " which will it be?",
        *(
            cue + "a " * size + CANDLE
            for cue in ('"', "For example ", "Choose one:\n- ")
            for size in range(0, 400, 30)
        ),
        *(CANDLE + "a " * size + "if you want" for size in range(0, 200, 30)),
        *("e.g. " + "[loot: x]" * count + CANDLE for count in range(10, 20)),
        *(f"For instance {stop} {CANDLE}" for stop in ("e.g.", "eg.", "i.e.", "E.g.", "ie.", "etc.")),
        *("- " + CANDLE + " " + "a " * size + "which one?" for size in range(0, 300, 20)),
        *(
            f"You take it. {CANDLE}\n{heading}\n{CANDLE} and more"
            for heading in ("Recap", "## Changes", "**Tags**")
        ),
        f"Fog.\n{CANDLE}Fog\n{CANDLE}",
    ):
        events = merge_text(parse_reply(text))
        assert judge_tags(events) == reference_judge_tags(events), text


@settings(max_examples=500, deadline=None)
@given(
    st.lists(
        st.sampled_from([".", "!", "?", "e.g", "i.e", "eg", "E.g", " ", "\n", "\t", "x", "e", "g"]),
        max_size=30,
    )
)
def test_the_sentence_ends_are_where_the_reference_finds_them(pieces: list[str]) -> None:
    from tagproc.judge import _LAST_SENTENCE_END, _SENTENCE_END
    from tests.judge_reference import _SENTENCE_END as REFERENCE

    text = "".join(pieces)
    ends = [match.span() for match in REFERENCE.finditer(text)]
    assert [match.span() for match in _SENTENCE_END.finditer(text)] == ends
    last = _LAST_SENTENCE_END.match(text)
    assert (last.end() if last else None) == (ends[-1][1] if ends else None)


@settings(max_examples=500, deadline=None)
@given(
    st.lists(
        st.sampled_from(["", "\n", "a", "ab\ncd", "\n\n", " x ", "y\n", "\u2028", "z" * 7]), max_size=40
    ),
    st.sampled_from([1, 2, 5, 9, 480]),
)
def test_the_line_before_a_tag_is_the_one_the_walk_finds(texts: list[str], limit: int) -> None:
    from tagproc.judge import _Reader

    reader = _Reader(texts)
    joined = "".join(texts)
    for at in range(len(texts) + 1):
        line = joined[reader._line_start(at, limit) : len("".join(texts[:at]))]
        assert line == _Reader(texts)._before(at, "line", limit)


_LIST_PIECES = ["- ", "* ", "+ ", "\u2022\t", "1. ", "12) ", "123. ", "-", "1.", " ", "\t", "\n", "x"]
_LIST_PIECES += ["[", "a b"]


@settings(max_examples=800, deadline=None)
@given(st.lists(st.sampled_from(_LIST_PIECES) | st.text(max_size=3), max_size=12), st.integers(0, 40))
def test_a_list_marker_is_found_where_the_line_starts_as_the_reference_finds_it(
    pieces: list[str], cut: int
) -> None:
    from tagproc.judge import _LIST_START
    from tests.judge_reference import _LIST_LINE

    text = "".join(pieces)
    end = min(cut, len(text))
    start = text.rfind("\n", 0, end) + 1  # a line: no line break between its start and the tag
    found = _LIST_START.match(text, start, end) is not None
    assert found == (_LIST_LINE.search(text[start:end]) is not None)


@settings(max_examples=500, deadline=None)
@given(
    st.lists(
        st.sampled_from(["", '"', "\u201c", "\u201d", "a", "\n", '""', "\u201c\u201d"]) | st.text(max_size=3),
        max_size=30,
    )
)
def test_a_reply_without_an_opening_quotation_mark_is_judged_as_when_its_lines_are_counted(
    texts: list[str],
) -> None:
    from tagproc.judge import _Reader

    reader, counted = _Reader(texts), _Reader(texts)
    counted._quotes = True  # every line's marks counted, as if the reply held one
    for at in range(len(texts) + 1):
        assert reader.example(at) == counted.example(at)


@settings(max_examples=800, deadline=None)
@given(
    st.lists(
        st.sampled_from([*EXAMPLE_AFTER, " ", "'", ".", "x", "you", "if", "would", "\u212a"])
        | st.text(max_size=4),
        max_size=12,
    )
)
def test_a_sentence_after_a_tag_that_holds_a_phrase_holds_one_of_its_needles(pieces: list[str]) -> None:
    from tagproc.judge import _AFTER, _AFTER_NEEDLES, _holds_any

    after = "".join(pieces).lower()
    if _AFTER.search(after) is not None:
        assert _holds_any(after, _AFTER_NEEDLES)


_HEADING_PIECES = [
    "Summary",
    "RECAP",
    "to",
    "Ta",
    "gs",
    "ooc",
    "\u017fummary",
    "\u212a",
    "\u00a0",
    "\x1c",
    "#",
]
_HEADING_PIECES += ["*", "(", "[", "\n", " ", "\t", ":", "T", "he", "Changes", "in summary", "e", "u", "x"]


@settings(max_examples=800, deadline=None)
@given(st.lists(st.sampled_from(_HEADING_PIECES) | st.text(max_size=3), max_size=25))
def test_a_heading_is_looked_for_only_where_the_pattern_may_find_one(pieces: list[str]) -> None:
    from tagproc.judge import _HEADING, _line_starts, _may_head

    text = "".join(pieces)
    for start in _line_starts(text):
        if _HEADING.match(text, start) is not None:
            assert _may_head(text, start)
