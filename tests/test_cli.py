"""The ``tagproc`` command's game commands: ``run`` (text and JSON) and ``demo``."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

from tagproc.cli import main


@pytest.fixture
def demo_path() -> Path:
    return Path(str(resources.files("tagproc.samples").joinpath("demo.yaml")))


def test_run_json_prints_the_turns_and_holdings(demo_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", str(demo_path), "--json"]) == 0
    out = capsys.readouterr().out
    data = json.loads(out)
    assert list(data) == ["turns", "holdings"]
    assert {tuple(turn) for turn in data["turns"]} == {
        ("kind", "visible", "history", "answers", "journal", "tags")
    }
    assert [turn["kind"] for turn in data["turns"]] == ["gm", "gm", "player", "gm", "gm", "regenerate"]
    assert list(data["holdings"]) == ["Ada", "Bram"]
    assert "barrows — and" in out  # ensure_ascii=False keeps the text as written
    assert out == json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def test_run_prints_each_turn_s_visible_text_and_answers(
    demo_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["run", str(demo_path)]) == 0
    out = capsys.readouterr().out
    assert "== 1. gm ==\nThe sexton eyes your purse." in out
    assert '  -> [inventory: action="pay" item="shillings" count="3" result=' in out
    assert "== 3. player ==" in out and 'reason="player-tag"' in out
    assert "== holdings ==\nAda: " in out


def test_run_streamed_in_chunks_prints_the_same(demo_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["run", str(demo_path), "--json"])
    whole = capsys.readouterr().out
    main(["run", str(demo_path), "--json", "--chunk", "2"])
    assert capsys.readouterr().out == whole


def test_run_on_a_bad_transcript_says_where_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("ruleset: gravewatch\nparty: [Ada]\nturns:\n  - narrator: Hm.\n", encoding="utf-8")
    assert main(["run", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}: 1 problem(s) in the transcript" in err
    assert "turns.0.narrator: unknown turn kind" in err


def test_demo_plays_the_shipped_transcript(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("tagproc demo: demo.yaml on Gravewatch, streamed in 7-character chunks\n")
    assert "== 6. regenerate ==" in out
    assert "[inventory:" not in out.split("-> ")[0]  # the player's text shows no tag
    assert out.count("  -> [") >= 6


def test_demo_in_one_character_chunks_shows_the_same_turns(capsys: pytest.CaptureFixture[str]) -> None:
    main(["demo"])
    seven = capsys.readouterr().out
    main(["demo", "--chunk", "1"])
    one = capsys.readouterr().out
    assert one.split("\n", 1)[1] == seven.split("\n", 1)[1]
