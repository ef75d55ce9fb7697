"""``tagproc preview``: the prompt blocks with their tokens and budgets; ``--templates`` for preview and run."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tagproc import Game
from tagproc.cli import main
from tagproc.prompt.blocks import BLOCK_NAMES, DEFAULT_BUDGETS
from tagproc.render import prompts_path
from tagproc.tokens import TokenCounter

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "golden"
HEADER = re.compile(r"^== (\w+) \((\d+) tokens, budget (\d+)(, trimmed)?(, over budget)?\) ==$")

TRANSCRIPT = """\
ruleset: gravewatch
seed: 61
party:
  - name: Ada
    bag: [{item: crowns, count: 1}]
  - Bram
turns:
  - gm: 'Ada pays. [inventory: action="pay" amount="3 shillings"]'
  - gm: 'A grave. [place: name="Harrowgate" size="town"] [loot: table="grave_goods" who="Ada"]'
  - player: 'I look.'
"""


def _preview(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["preview", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def _json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    code, out, err = _preview([*argv, "--json"], capsys)
    assert (code, err) == (0, "")
    data: dict[str, Any] = json.loads(out)
    return data


@pytest.fixture
def transcript(tmp_path: Path) -> Path:
    path = tmp_path / "t.yaml"
    path.write_text(TRANSCRIPT, encoding="utf-8")
    return path


# -- what it prints -------------------------------------------------------------------------------------


@pytest.mark.parametrize("target", ["gravewatch", "ember-roads", "srd-5e", str(GOLDEN / "loot-table.yaml")])
def test_preview_prints_each_block_under_its_name_tokens_and_budget(
    target: str, capsys: pytest.CaptureFixture[str], token_counter: TokenCounter
) -> None:
    code, out, err = _preview([target], capsys)
    assert (code, err) == (0, "")
    data = _json([target], capsys)
    blocks = data["blocks"]
    assert isinstance(blocks, list)
    expected: list[str] = []
    for block in blocks:
        flags = (", trimmed" if block["trimmed"] else "") + (
            ", over budget" if block["tokens"] > block["budget"] else ""
        )
        expected += [
            f"== {block['name']} ({block['tokens']} tokens, budget {block['budget']}{flags}) ==",
            block["text"],
            "",
        ]
    expected.append(f"== {data['tokens']} tokens in all ==")
    assert out == "\n".join(expected) + "\n"
    assert all(
        HEADER.match(line) for line in out.splitlines() if line.startswith("== ") and "in all" not in line
    )


@pytest.mark.parametrize("target", ["gravewatch", "srd-5e", str(GOLDEN / "swipe.yaml")])
def test_json_has_the_blocks_shape_and_each_block_s_tokens_are_its_text_s(
    target: str, capsys: pytest.CaptureFixture[str], token_counter: TokenCounter
) -> None:
    data = _json([target], capsys)
    assert list(data) == ["blocks", "tokens"]
    blocks = data["blocks"]
    assert isinstance(blocks, list) and blocks
    names = [block["name"] for block in blocks]
    assert names == [name for name in BLOCK_NAMES if name in names]
    for block in blocks:
        assert list(block) == ["name", "text", "tokens", "budget", "trimmed"]
        assert block["text"] and block["tokens"] == token_counter.count(block["text"])
        assert block["budget"] == DEFAULT_BUDGETS[block["name"]] and block["trimmed"] is False
    assert data["tokens"] == sum(block["tokens"] for block in blocks)


def test_preview_shows_what_game_prompt_gives(transcript: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = Game("gravewatch", [{"name": "Ada", "bag": [{"item": "crowns", "count": 1}]}, "Bram"], seed=61)
    game.reply('Ada pays. [inventory: action="pay" amount="3 shillings"]')
    game.reply('A grave. [place: name="Harrowgate" size="town"] [loot: table="grave_goods" who="Ada"]')
    game.player("I look.")
    assert _json([str(transcript)], capsys) == game.prompt().to_json()
    assert _json([str(transcript), "--turn", "1"], capsys) == game.prompt_at(1).to_json()
    assert _json([str(transcript), "--turn", "3"], capsys) == game.prompt().to_json()
    assert _json([str(transcript), "--turn", "0"], capsys) == game.prompt_at(0).to_json()


def test_turn_n_is_the_prompt_before_the_transcript_s_turn_n(
    transcript: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before_pay = _json([str(transcript), "--turn", "0"], capsys)
    assert "recap" not in [block["name"] for block in before_pay["blocks"]]
    after_pay = _json([str(transcript), "--turn", "1"], capsys)
    recap = {block["name"]: block["text"] for block in after_pay["blocks"]}["recap"]
    assert "Ada paid shillings ×3" in recap or "Ada paid" in recap
    after_loot = _json([str(transcript), "--turn", "2"], capsys)
    texts = {block["name"]: block["text"] for block in after_loot["blocks"]}
    assert texts["market"].startswith("MARKET: Harrowgate, a market town.")
    assert "already in the bags" in texts["recap"] and "Ada paid" not in texts["recap"]


def test_the_prompt_before_a_regenerate_is_the_one_the_replaced_reply_was_told_from(
    capsys: pytest.CaptureFixture[str],
) -> None:
    swipe = str(GOLDEN / "swipe.yaml")
    assert _json([swipe, "--turn", "1"], capsys) == _json([swipe, "--turn", "0"], capsys)
    assert _json([swipe, "--turn", "2"], capsys) != _json([swipe, "--turn", "0"], capsys)


def test_a_budget_is_kept_and_the_block_says_it_was_trimmed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "many.yaml"
    tags = " ".join(f'[inventory: action=\\"add\\" item=\\"Rope {n}\\"]' for n in range(20))
    path.write_text(f'ruleset: gravewatch\nparty: [Ada]\nturns:\n  - gm: "{tags}"\n', encoding="utf-8")
    data = _json([str(path), "--budget", "recap=80", "--budget", "MARKET=100"], capsys)
    blocks = {block["name"]: block for block in data["blocks"]}
    assert blocks["recap"]["budget"] == 80 and blocks["recap"]["trimmed"] is True
    assert blocks["recap"]["tokens"] <= 80 and "more before these" in blocks["recap"]["text"]
    assert blocks["market"]["budget"] == 100


def test_preview_of_a_transcript_standing_at_a_market_shows_the_market_block(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "market.yaml"
    path.write_text(
        "ruleset: gravewatch\nseed: 7\nparty: [Ada]\nturns:\n"
        '  - gm: \'The road ends at Harrowgate. [place: name="Harrowgate" size="market town"]\'\n',
        encoding="utf-8",
    )
    code, out, err = _preview([str(path)], capsys)
    assert (code, err) == (0, "")
    market = out.split("== market (", 1)[1].split("\n\n", 1)[0].splitlines()[1:]
    assert market[0] == (
        "MARKET: Harrowgate, a market town. Prices at fair, the default level (cheap ×0.75, fair ×1, dear ×1.5)."
    )
    assert [line.split(":")[0] for line in market[1:]] == [
        "- chandler",
        "- smith",
        "- chapel of the Vigil (to wardens of Nerve 3 or more only)",
        "- watch-house",
        "- fence",
        "- The sellers here buy back what they sell, at 50% of the fair price; 100 shillings left of today's purse.",
    ]
    assert "A bed at the watch-house 3 pennies (a service)" in market[4]
    game = Game("gravewatch", ["Ada"], seed=7)
    game.reply('The road ends at Harrowgate. [place: name="Harrowgate" size="market town"]')
    block = game.prompt().block("market")
    assert block is not None and "\n".join(market) == block.text


def test_a_ruleset_file_takes_a_party_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    party = tmp_path / "party.yaml"
    party.write_text("- name: Ada\n  bag: [{item: crowns, count: 2}]\n- Bram\n", encoding="utf-8")
    ruleset = str(ROOT / "tagproc" / "rulesets" / "gravewatch.json")
    game = Game("gravewatch", [{"name": "Ada", "bag": [{"item": "crowns", "count": 2}]}, "Bram"])
    assert _json([ruleset, "--party", str(party)], capsys) == game.prompt().to_json()
    assert _json([ruleset, "--party", str(GOLDEN / "loot-table.yaml")], capsys) == (
        Game("gravewatch", ["Ada", "Bram"]).prompt().to_json()
    )
    assert _json([ruleset], capsys) == Game("gravewatch", ["Player"]).prompt().to_json()


def test_a_transcript_on_stdin_is_previewed(
    transcript: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(transcript.read_bytes()), encoding="utf-8"))
    from_stdin = _json(["-"], capsys)
    assert from_stdin == _json([str(transcript)], capsys)


# -- problems ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        (
            ["gravewatc"],
            1,
            "gravewatc: no ruleset file or shipped ruleset of that name; did you mean gravewatch?",
        ),
        (["gone.yaml"], 1, "gone.yaml: no such file"),
        (
            ["gravewatch", "--turn", "2"],
            1,
            "tagproc preview: --turn 2: gravewatch is a ruleset, it has no turns",
        ),
        (["gravewatch", "--budget", "inventroy=5"], 2, "tagproc preview: error: --budget: no block called"),
        (["gravewatch", "--budget", "recap"], 2, "argument --budget: not NAME=TOKENS: 'recap'"),
        (["gravewatch", "--budget", "recap=0"], 2, "argument --budget: a budget is 1 token or more"),
        (["gravewatch", "--turn", "-1"], 2, "argument --turn: a turn is 0 or more, got -1"),
        (["gravewatch", "--turn", "x"], 2, "argument --turn: not a whole number: 'x'"),
        (
            ["gravewatch", "--templates", "nowhere"],
            1,
            "tagproc preview: --templates: nowhere: no such folder",
        ),
        (["gravewatch", "--party", "gone.yaml"], 1, "gone.yaml: no such file"),
    ],
)
def test_a_problem_is_one_message_and_exit_1_or_2(
    argv: list[str], code: int, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        got = main(["preview", *argv])
    except SystemExit as stop:  # argparse's own usage errors
        got = int(str(stop.code))
    out, err = capsys.readouterr()
    assert got == code
    assert out == "" and message in err and "Traceback" not in err


def test_a_turn_past_the_transcript_s_end_says_how_many_it_has(
    transcript: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _preview([str(transcript), "--turn", "4"], capsys) == (
        1,
        "",
        f"tagproc preview: --turn 4: {transcript} has 3 turns (--turn 0 to 3)\n",
    )


def test_a_party_for_a_transcript_is_a_usage_error(
    transcript: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _preview([str(transcript), "--party", str(transcript)], capsys)
    assert (code, out) == (2, "") and "--party is for a ruleset" in err


def test_a_bad_party_file_names_its_problems(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    party = tmp_path / "party.yaml"
    party.write_text("- name: Ada\n  bag: [{item: frying pan}]\n", encoding="utf-8")
    code, out, err = _preview(["gravewatch", "--party", str(party)], capsys)
    assert (code, out) == (1, "") and f"--party {party}: 1 problem(s) in the party" in err


def test_a_transcript_with_problems_lists_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("ruleset: gravewatch\nparty: [Ada]\nturns: [{narrator: hi}]\n", encoding="utf-8")
    code, out, err = _preview([str(path)], capsys)
    assert (code, out) == (1, "")
    assert err.startswith(f"{path}: 1 problem(s) in the transcript\n  turns.0.narrator: unknown turn kind")


def test_a_broken_template_is_named_with_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "mine" / "blocks"
    folder.mkdir(parents=True)
    (folder / "recap.jinja").write_text("RECAP\n{% for line in lines %}\n", encoding="utf-8")
    for command in (["preview", "gravewatch"], ["run", str(GOLDEN / "swipe.yaml")]):
        assert main([*command, "--templates", str(tmp_path / "mine")]) == 1
        out, err = capsys.readouterr()
        assert out == "" and f"--templates: {folder / 'recap.jinja'}:2: " in err


def test_an_unknown_template_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "mine" / "blocks"
    folder.mkdir(parents=True)
    (folder / "invntory.jinja").write_text("x", encoding="utf-8")
    code, out, err = _preview(["gravewatch", "--templates", str(tmp_path / "mine")], capsys)
    assert (code, out) == (1, "")
    assert "tagproc renders no template 'blocks/invntory.jinja'; did you mean blocks/inventory.jinja?" in err


def test_a_template_that_fails_as_it_renders_is_named_with_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "mine" / "blocks"
    folder.mkdir(parents=True)
    (folder / "market.jinja").write_text("MARKET\n\n{{ no_such_fact }}\n", encoding="utf-8")
    code, out, err = _preview(["gravewatch", "--templates", str(tmp_path / "mine")], capsys)
    assert (code, out) == (1, "")
    assert (
        err
        == f"tagproc preview: {folder / 'market.jinja'}:3: cannot be rendered: 'no_such_fact' is undefined\n"
    )


def test_preview_help_has_a_description_and_examples(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["preview", "--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: tagproc preview ") and "\n\nPrint the prompt blocks" in out
    assert "\nexamples:\n  tagproc preview gravewatch\n" in out


# -- --templates: one wording changed, and nothing else -----------------------------------------------------

PAYING = """\
ruleset: gravewatch
seed: 61
party:
  - name: Ada
    bag: [{item: crowns, count: 1}]
turns:
  - gm: 'Ada pays. [inventory: action="pay" amount="3 shillings"]'
  - gm: 'A grave. [loot: table="grave_goods" who="Ada"]'
"""


def _with_one_wording_changed(tmp_path: Path, code: str) -> Path:
    """A copy of the shipped templates where the macro saying ``code`` starts with "Truly, ", and the recap
    says "sits in the bags already" for "is already in the bags"."""
    folder = tmp_path / "mine"
    shutil.copytree(Path(str(prompts_path())), folder)
    group, _, name = code.partition(".")
    notes = folder / "notes" / f"{group}.jinja"
    text, found = re.subn(
        rf"(\{{%-?\s*macro\s+{name}\(.*?\)\s*-?%\}})", r"\1Truly, ", notes.read_text(encoding="utf-8")
    )
    assert found == 1
    notes.write_text(text, encoding="utf-8")
    recap = folder / "blocks" / "recap.jinja"
    recap.write_text(
        recap.read_text(encoding="utf-8").replace("is already in the bags", "sits in the bags already"),
        encoding="utf-8",
    )
    return folder


def test_templates_change_that_wording_in_run_and_preview_and_nothing_else(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "paying.yaml"
    path.write_text(PAYING, encoding="utf-8")
    game = Game("gravewatch", [{"name": "Ada", "bag": [{"item": "crowns", "count": 1}]}], seed=61)
    paid = game.reply('Ada pays. [inventory: action="pay" amount="3 shillings"]').structured_answers[0]
    (code,) = {one.code for one in paid.notes}
    said = game.renderer.say(paid.notes)
    folder = _with_one_wording_changed(tmp_path, code)

    assert main(["run", str(path)]) == 0
    shipped = capsys.readouterr().out
    assert main(["run", str(path), "--templates", str(folder)]) == 0
    mine = capsys.readouterr().out
    assert f'note="{said}"' in shipped
    assert mine == shipped.replace(f'note="{said}"', f'note="Truly, {said}"') != shipped

    before = _json([str(path)], capsys)
    after = _json([str(path), "--templates", str(folder)], capsys)
    changed = [
        (one["name"], two["text"])
        for one, two in zip(before["blocks"], after["blocks"], strict=True)
        if one != two
    ]
    assert changed == [
        ("recap", before["blocks"][-1]["text"].replace("is already in the bags", "sits in the bags already"))
    ]


# -- a real process -----------------------------------------------------------------------------------------


def test_python_m_tagproc_preview_prints_json_without_a_traceback() -> None:
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "tagproc", "preview", "gravewatch", "--json"],
        capture_output=True,
        env=environment,
    )
    assert (done.returncode, done.stderr) == (0, b"")
    assert list(json.loads(done.stdout)) == ["blocks", "tokens"]
    broken = subprocess.run(
        [sys.executable, "-m", "tagproc", "preview", "gravewatch", "--turn", "5"],
        capture_output=True,
        env=environment,
    )
    assert broken.returncode == 1 and b"Traceback" not in broken.stderr
