"""``tagproc run`` and ``tagproc preview`` on transcripts with action turns (use, gear, edit, fight): the line
an action is printed as, ``--json``'s ``action``, ``--turn N`` counting actions, load problems, and the
README's examples (``the README's "Between replies"``) running as written. Gear, edit and fight answers come from a stand-in
engine here (the engine's own are tested in ``tests/test_engine_*.py``)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tagproc import acting, load_transcript
from tagproc.cli import main
from tagproc.engine.outcome import Accepted, Answer, Decision, Journaled
from tagproc.engine.state import GameState, JournalEntry

ROOT = Path(__file__).resolve().parents[1]

TONICS = """\
ruleset: gravewatch
party:
  - name: Ada
    sheet: {abilities: {nerve: 3}, pools: {resolve: 1}}
    bag: [{item: Warming tonic, count: 3}]
  - Bram
turns:
  - use: {item: Warming tonic}
  - gm: 'You drink.'
  - use: {item: warming tonic, who: Ada}
"""


def _file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "t.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


# -- tagproc run -----------------------------------------------------------------------------------


def test_run_prints_a_use_turn_as_its_line_then_its_answers_and_journal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _run(["run", str(_file(tmp_path, TONICS))], capsys)
    assert (code, err) == (0, "")
    tonic = "finds no mark to clear (Harm 0/4); gets back 1 Resolve"
    assert out == (
        "== 1. use ==\n"
        "use: Warming tonic\n"
        f'  -> [inventory: action="use" item="Warming tonic" count="1" result="ok" now="2" note="Ada uses Warming '
        f'tonic: {tonic} (Resolve 2/5). 2 left."]\n'
        "  journal: used: Ada: Warming tonic\n"
        "\n"
        "== 2. gm ==\n"
        "You drink.\n"
        "\n"
        "== 3. use ==\n"
        "use: warming tonic (Ada)\n"
        f'  -> [inventory: action="use" item="Warming tonic" count="1" who="Ada" result="ok" now="1" note="Ada uses '
        f'Warming tonic: {tonic} (Resolve 3/5). 1 left."]\n'
        "  journal: used: Ada: Warming tonic\n"
        "\n"
        "== holdings ==\n"
        "Ada: Warming tonic ×1\n"
        "Bram: nothing\n"
    )


def test_run_json_gives_an_action_turn_its_kind_action_answers_and_journal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = _run(["run", str(_file(tmp_path, TONICS)), "--json"], capsys)
    assert code == 0
    turns = json.loads(out)["turns"]
    assert [list(turn) for turn in turns] == [
        ["kind", "action", "visible", "history", "answers", "journal", "tags"],
        ["kind", "visible", "history", "answers", "journal", "tags"],
        ["kind", "action", "visible", "history", "answers", "journal", "tags"],
    ]
    assert turns[2]["action"] == {"kind": "use", "item": "warming tonic", "who": "Ada"}
    assert (turns[2]["visible"], turns[2]["history"], turns[2]["tags"]) == ("", "", [])
    assert turns[2]["journal"] == ["used: Ada: Warming tonic"]


def _stand_in(tag: str) -> Any:
    """A stand-in for an engine decision: one ok answer and one journal entry, whatever the action."""

    def decide(state: GameState, action: Any, rules: Any, dice: Any) -> Decision:
        entry = JournalEntry(kind="acquired", who="Ada", text="Arrows ×2", source="picked-up")
        answer = Answer(
            tag=tag, attrs=(("action", "add"), ("item", "Arrows"), ("count", "2")), result="ok", now="7"
        )
        return Accepted(effects=(Journaled(entry=entry),), answers=(answer,))

    return decide


ARCHER = """\
ruleset: ember-roads
party:
  - name: Ada
    bag: [{item: Hunting bow}, {item: Arrows, count: 10}]
  - Bram
turns:
  - fight: {outcome: won, defeated: [Rust Jackal], shot: [{who: Ada, weapon: Hunting bow, count: 5}]}
  - edit: {give: {item: Arrows, count: 2, to: Bram}}
  - gear: {gear: Fighter, options: [Chain mail, Pick one], picks: [Longsword]}
"""


FIGHTER = """\
ruleset: srd-5e
party:
  - name: Ada
    bag: [{item: Longbow}, {item: Arrow, count: 10}]
  - Bram
turns:
  - fight: {outcome: won, defeated: [adventurers_purse], shot: [{who: Ada, weapon: Longbow, count: 5}]}
  - edit: {give: {item: Arrow, count: 2, to: Bram}}
  - gear: {gear: Fighter, options: [Chain mail, Pick one], picks: [Longsword]}
"""


def test_run_prints_gear_edit_and_fight_turns_each_as_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(acting, "decide_fight", _stand_in("inventory"))
    monkeypatch.setattr(acting, "decide_edit", _stand_in("inventory"))
    monkeypatch.setattr(acting, "decide_gear", _stand_in("inventory"))
    code, out, err = _run(["run", str(_file(tmp_path, FIGHTER))], capsys)
    assert (code, err) == (0, "")
    said = (
        '  -> [inventory: action="add" item="Arrows" count="2" result="ok" now="7"]\n'
        "  journal: acquired: Ada: Arrows ×2\n\n"
    )
    assert out.startswith(
        "== 1. fight ==\nfight: won; defeated adventurers_purse; shot Longbow ×5 (Ada)\n"
        + said
        + "== 2. edit ==\nedit: give Arrow ×2 to Bram\n"
        + said
        + "== 3. gear ==\ngear: Fighter; options Chain mail, Pick one; picks Longsword\n"
        + said
        + "== holdings ==\n"
    )


def test_run_json_carries_every_key_of_each_action(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(acting, "decide_fight", _stand_in("inventory"))
    monkeypatch.setattr(acting, "decide_edit", _stand_in("inventory"))
    text = "\n".join(ARCHER.splitlines()[:-1]) + "\n"  # no gear: ember-roads has none
    code, out, _ = _run(["run", str(_file(tmp_path, text)), "--json"], capsys)
    assert code == 0
    turns = json.loads(out)["turns"]
    assert [turn["action"] for turn in turns] == [
        {
            "kind": "fight",
            "outcome": "won",
            "defeated": ["Rust Jackal"],
            "shot": [{"who": "Ada", "weapon": "Hunting bow", "count": 5}],
            "spent": [],
            "used": [],
        },
        {"kind": "edit", "action": "give", "item": "Arrows", "count": 2, "who": None, "to": "Bram"},
    ]
    assert turns[0]["answers"] == ['[inventory: action="add" item="Arrows" count="2" result="ok" now="7"]']
    assert turns[0]["journal"] == ["acquired: Ada: Arrows ×2"]


def test_run_on_a_transcript_whose_actions_name_nothing_says_every_problem_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (
        TONICS.replace("who: Ada}", "who: Cora}")
        + "  - fight: {outcome: won, used: [{item: Rope, count: 0}]}\n"
    )
    path = _file(tmp_path, text)
    code, out, err = _run(["run", str(path)], capsys)
    assert (code, out) == (1, "")
    assert err.splitlines() == [
        f"{path}: 2 problem(s) in the transcript",
        "  turns.3.fight.used.0.count: greater than or equal to 1",
        "  turns.2.use.who: names nobody in the party: 'Cora'",
    ]


# -- tagproc preview --turn N ----------------------------------------------------------------------


def _inventory(path: Path, turn: int, capsys: pytest.CaptureFixture[str]) -> str:
    code, out, err = _run(["preview", str(path), "--turn", str(turn), "--json"], capsys)
    assert (code, err) == (0, "")
    blocks: dict[str, str] = {block["name"]: block["text"] for block in json.loads(out)["blocks"]}
    return blocks["inventory"].split("): ", 1)[1].split(" [", 1)[0]


def test_preview_turn_counts_action_turns_like_any_turn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _file(tmp_path, TONICS)
    assert [_inventory(path, turn, capsys) for turn in range(4)] == [
        "Warming tonic ×3",  # before the first use
        "Warming tonic ×2",  # after it
        "Warming tonic ×2",  # after the reply
        "Warming tonic",  # after the second use: the end (one is written without a count)
    ]
    code, _, err = _run(["preview", str(path), "--turn", "4"], capsys)
    assert code == 1
    assert err == f"tagproc preview: --turn 4: {path} has 3 turns (--turn 0 to 3)\n"


def test_preview_before_a_regenerate_after_an_action_is_the_reply_s_own_start(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _file(tmp_path, TONICS + "  - regenerate: 'You drink deep.'\n")
    assert _inventory(path, 3, capsys) == "Warming tonic ×2"  # the prompt the reply at turn 1 was told from
    assert _inventory(path, 4, capsys) == "Warming tonic"  # the use ran again after the new telling


# -- the README's "Between replies" -----------------------------------------------------------------------------


def _examples() -> list[str]:
    """The YAML examples of the README's "Between replies" section."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    text = text.split("### Between replies", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```yaml\n(.*?)```", text, flags=re.DOTALL)


def test_readme_between_has_an_example_for_each_shipped_ruleset() -> None:
    rulesets = [re.findall(r"^ruleset: (\S+)$", example, flags=re.MULTILINE) for example in _examples()]
    assert rulesets == [["gravewatch"], ["ember-roads"], ["srd-5e"]]


@pytest.mark.parametrize("index", range(len(_examples())))
def test_each_readme_between_example_loads_as_written(index: int, tmp_path: Path) -> None:
    transcript = load_transcript(_file(tmp_path, _examples()[index]))
    assert any(turn.action is not None for turn in transcript.turns)


@pytest.mark.parametrize("index", range(len(_examples())))
def test_each_readme_between_example_runs_as_written_without_an_engine_error(
    index: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _run(["run", str(_file(tmp_path, _examples()[index]))], capsys)
    assert (code, err) == (0, "")
    assert "internal-error" not in out
