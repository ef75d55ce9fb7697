"""Transcripts: the YAML format, its precise load errors, and deterministic runs."""

from __future__ import annotations

import json
import textwrap
from importlib import resources
from pathlib import Path

import pytest

from tagproc import TranscriptError, load_transcript, run_transcript
from tagproc.transcript import parse_transcript

ISSUE_EXAMPLE = """\
ruleset: gravewatch          # a shipped ruleset by name, or a path relative to this file
seed: 7
party:
  - name: Ada                # the first member is the player
    sheet: {abilities: {nerve: 3}}
    bag: [{item: crowns, count: 1}]
  - name: Bram
turns:
  - gm: 'He pays. [inventory: action="pay" amount="3 shillings"]'
  - player: 'I grab it [inventory: action="add" item="Crown"]'
  - regenerate: 'A new telling of the last gm reply.'
"""


def _write(folder: Path, text: str, name: str = "t.yaml") -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_the_issue_s_example_loads_and_runs(tmp_path: Path) -> None:
    transcript = load_transcript(_write(tmp_path, ISSUE_EXAMPLE))
    assert transcript.seed == 7
    assert [m.name for m in transcript.party] == ["Ada", "Bram"]
    assert [(t.kind, t.text[:8]) for t in transcript.turns] == [
        ("gm", "He pays."),
        ("player", "I grab i"),
        ("regenerate", "A new te"),
    ]
    result = run_transcript(transcript).to_json()
    assert list(result) == ["turns", "holdings"]
    assert [list(turn) for turn in result["turns"]] == [
        ["kind", "visible", "history", "answers", "journal", "tags"]
    ] * 3
    assert [turn["kind"] for turn in result["turns"]] == ["gm", "player", "regenerate"]
    assert result["turns"][1]["visible"] == "I grab it"
    assert result["turns"][2] == {
        "kind": "regenerate",
        "visible": "A new telling of the last gm reply.",
        "history": "A new telling of the last gm reply.",
        "answers": [],
        "journal": [],
        "tags": [],
    }
    assert result["holdings"] == {"Ada": {"crowns": 1}, "Bram": {}}  # the regenerate discarded the payment


def test_the_same_transcript_twice_gives_identical_json(tmp_path: Path) -> None:
    path = resources.files("tagproc.samples").joinpath("demo.yaml")
    with resources.as_file(path) as demo:
        first = json.dumps(run_transcript(demo).to_json(), ensure_ascii=False)
        second = json.dumps(run_transcript(demo).to_json(), ensure_ascii=False)
    assert first == second


def test_streaming_each_message_gives_the_same_json_as_whole_messages(tmp_path: Path) -> None:
    with resources.as_file(resources.files("tagproc.samples").joinpath("demo.yaml")) as demo:
        whole = run_transcript(demo).to_json()
        for chunk in (1, 3, 64):
            assert run_transcript(demo, chunk=chunk).to_json() == whole


def test_a_ruleset_path_is_read_relative_to_the_transcript(tmp_path: Path) -> None:
    shipped = resources.files("tagproc").joinpath("rulesets", "ember-roads.json").read_text(encoding="utf-8")
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "mine.json").write_text(shipped, encoding="utf-8")
    path = _write(tmp_path, "ruleset: rules/mine.json\nparty: [Ada]\nturns: []\n")
    assert load_transcript(path).rules.ruleset.name == "Ember Roads"


def test_holdings_sum_each_member_s_stacks_by_name(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        """\
        ruleset: gravewatch
        party:
          - name: Ada
            bag: [{item: warming tonic, count: 8}, {item: Pennies, count: 3}, {item: crowns, count: 2}]
          - Bram
        turns: []
        """,
    )
    assert run_transcript(path).holdings() == {
        "Ada": {"Warming tonic": 8, "pennies": 3, "crowns": 2},
        "Bram": {},
    }


BAD = [
    pytest.param("party: [Ada]\nturns: []\n", ["ruleset: missing"], id="missing-ruleset"),
    pytest.param("ruleset: gravewatch\nparty: [Ada]\n", ["turns: missing"], id="missing-turns"),
    pytest.param("ruleset: gravewatch\nturns: []\n", ["party: missing"], id="missing-party"),
    pytest.param(
        "ruleset: gravewatch\nparty: [Ada]\nturns: []\nsede: 3\n",
        ["sede: unknown key (expected one of ruleset, seed, layers, party, turns)"],
        id="unknown-key",
    ),
    pytest.param(
        "ruleset: gravewatch\nseed: seven\nparty: [Ada]\nturns: []\n",
        ["seed: a seed is a whole number"],
        id="bad-seed",
    ),
    pytest.param(
        "ruleset: gravewatch\nparty: [Ada]\nturns:\n  - gm: Hello.\n  - narrator: Hm.\n",
        ["turns.1.narrator: unknown turn kind (expected gm, player, regenerate)"],
        id="unknown-turn-kind",
    ),
    pytest.param(
        "ruleset: gravewatch\nparty: [Ada]\nturns:\n  - {gm: Hello., player: Hi.}\n",
        ["turns.0: a turn is one of {gm: text}, {player: text}, {regenerate: text}"],
        id="two-kinds-in-one-turn",
    ),
    pytest.param(
        "ruleset: gravewatch\nparty: [Ada]\nturns:\n  - gm: 12\n",
        ["turns.0.gm: the message is text (quote it in the YAML)"],
        id="message-not-text",
    ),
    pytest.param(
        "ruleset: gravewatch\nparty: [Ada]\nturns:\n  - player: Hi.\n  - regenerate: Again.\n",
        ["turns.1.regenerate: no Game Master reply before it to regenerate"],
        id="regenerate-first",
    ),
    pytest.param(
        "ruleset: gravewatch\nparty:\n  - name: Ada\n    bag: [{item: frying pan}, {item: crowns, count: -1}]\nturns: []\n",
        [
            'party.0.bag.0.item: "frying pan" is no item or coin of this ruleset, which refuses plain items',
            "party.0.bag.1.count: a count is a whole number of at least 1",
        ],
        id="bad-bag",
    ),
    pytest.param(
        "ruleset: gravewatch\nparty:\n  - name: Ada\n    sheet: {abilities: {nerve: high}}\nturns: []\n",
        ["party.0.sheet.abilities.nerve: Input should be a valid number, unable to parse string as a number"],
        id="bad-sheet-value",
    ),
    pytest.param(
        "ruleset: nowhere\nparty: [Ada]\nturns: []\n",
        ['ruleset: No ruleset file or shipped ruleset "nowhere" (shipped: ember-roads, gravewatch, srd-5e)'],
        id="unknown-ruleset",
    ),
    pytest.param(
        "ruleset: gravewatch\nlayers: [nope]\nparty: [Ada]\nturns: []\n",
        ['layers: layers: Unknown layer "nope"; this ruleset has '],
        id="unknown-layer",
    ),
    pytest.param(
        "- just\n- a list\n",
        [": a transcript is a mapping with ruleset, party and turns"],
        id="not-a-mapping",
    ),
]


@pytest.mark.parametrize(("text", "problems"), BAD)
def test_a_bad_transcript_is_refused_with_each_problem_and_its_path(
    tmp_path: Path, text: str, problems: list[str]
) -> None:
    path = _write(tmp_path, text)
    with pytest.raises(TranscriptError) as caught:
        load_transcript(path)
    found = [f"{p.path}: {p.message}" for p in caught.value.problems]
    assert len(found) == len(problems)
    for got, wanted in zip(found, problems, strict=True):
        assert got.startswith(wanted)
    assert str(caught.value).startswith(f"{path}: {len(problems)} problem(s) in the transcript")


def test_yaml_that_does_not_parse_is_refused_with_where(tmp_path: Path) -> None:
    path = _write(tmp_path, "ruleset: gravewatch\nparty: [Ada\nturns: []\n")
    with pytest.raises(TranscriptError) as caught:
        load_transcript(path)
    assert [str(p) for p in caught.value.problems] == [
        "Not valid YAML at line 3 column 6: did not find expected ',' or ']' (while parsing a flow sequence)"
    ]


def test_a_missing_file_is_refused_with_its_path(tmp_path: Path) -> None:
    with pytest.raises(TranscriptError) as caught:
        load_transcript(tmp_path / "absent.yaml")
    assert str(caught.value) == f"{tmp_path / 'absent.yaml'}: 1 problem(s) in the transcript\n  No such file"


def test_a_transcript_already_read_is_checked_as_a_file_is(tmp_path: Path) -> None:
    shipped = resources.files("tagproc").joinpath("rulesets", "ember-roads.json").read_text(encoding="utf-8")
    (tmp_path / "mine.json").write_text(shipped, encoding="utf-8")
    text = b"ruleset: mine.json\nparty: [Ada]\nturns:\n  - gm: Hello.\n"
    transcript = parse_transcript(text, "<stdin>", tmp_path)
    assert (transcript.source, transcript.rules.ruleset.name) == ("<stdin>", "Ember Roads")
    assert [(t.kind, t.text) for t in transcript.turns] == [("gm", "Hello.")]
    with pytest.raises(TranscriptError) as caught:
        parse_transcript("party: [Ada]\nturns: []\n", "<stdin>")
    assert str(caught.value) == "<stdin>: 1 problem(s) in the transcript\n  ruleset: missing"
