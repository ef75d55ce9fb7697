"""The pytest plugin (``tagproc.pytest_plugin``), as a ruleset author uses it: in a scratch repository of
their own, outside this project, run by plain ``pytest`` in a fresh process (the ``tagproc`` entry point loads
the plugin, as after ``pip install tagproc``).

The project's own ``golden/*.yaml`` run through the same plugin (``testpaths`` and ``tagproc_transcripts`` in
``pyproject.toml``); the last tests here check what the plugin's items cannot say about themselves.
"""

from __future__ import annotations

import json
import re
import shlex
import shutil
from pathlib import Path

import pytest

# tagproc.yamlread is imported here, not first inside a pytester test: pytester drops the modules imported
# during a test when it ends, and yaml's reader with them, which later reads would then miss.
import tagproc
import tagproc.yamlread
from tagproc.pytest_plugin import readable
from tagproc.transcript import run_transcript

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = sorted((ROOT / "golden").glob("*.yaml"))
SHIPPED = Path(tagproc.__file__).resolve().parent / "rulesets"
SECTION = "## Your transcripts as tests: the pytest plugin"
# The dev environment's other plugins are blocked in the scratch runs: a ruleset author's repository has none of
# them, and hypothesis alone costs each run a second. tagproc's and syrupy's load from their entry points.
ALONE = ("-p", "no:hypothesispytest", "-p", "no:randomly", "-p", "no:anyio")

DUEL = """\
ruleset: gravewatch
seed: 3
party:
  - name: Ada
    bag: [{item: shillings, count: 2}]
turns:
  - gm: 'The keeper takes a shilling. [inventory: action="pay" amount="1 shilling"]'
  - gm: 'A tonic for the road. [inventory: action="add" item="Warming tonic"]'
"""

OWN_RULES = """\
ruleset: ../rules/vigil.json
party: [Bram]
turns:
  - gm: 'Bram finds a page. [inventory: action="add" item="Page of the vigil litany"]'
"""

HAND_WRITTEN = """\
from tagproc.pytest_plugin import GameFactory


def test_a_hand_written_game(tagproc_game: GameFactory) -> None:
    game = tagproc_game("gravewatch", [{"name": "Ada", "bag": [{"item": "shillings", "count": 2}]}], seed=1)
    result = game.reply('She pays. [inventory: action="pay" amount="1 shilling"]')
    assert result.visible == "She pays."
    assert 'result="ok"' in result.answers[0]
    assert tagproc_game("gravewatch", ["Ada"]) is not game
"""


@pytest.fixture
def scratch(pytester: pytest.Pytester) -> pytest.Pytester:
    """A ruleset author's repository: a pyproject of their own, a ruleset file, two transcripts in golden/."""
    pytester.makepyprojecttoml('[project]\nname = "my-rules"\nversion = "0"\n')
    (pytester.path / "rules").mkdir()
    shutil.copy(SHIPPED / "gravewatch.json", pytester.path / "rules" / "vigil.json")
    (pytester.path / "golden").mkdir()
    (pytester.path / "golden" / "duel.yaml").write_text(DUEL, encoding="utf-8")
    (pytester.path / "golden" / "own-rules.yaml").write_text(OWN_RULES, encoding="utf-8")
    return pytester


def _snapshot(pytester: pytest.Pytester, name: str) -> Path:
    return pytester.path / "golden" / "__snapshots__" / f"{name}.txt"


def test_transcripts_are_items_named_after_their_files_and_snapshot_update_writes_their_text(
    scratch: pytest.Pytester,
) -> None:
    first = scratch.runpytest_subprocess(*ALONE, "-v")
    first.assert_outcomes(failed=2)
    first.stdout.fnmatch_lines(["plugins: *syrupy-*tagproc-*"])  # loaded from its entry point, as installed
    first.stdout.fnmatch_lines(["golden/duel.yaml::duel FAILED*", "golden/own-rules.yaml::own-rules FAILED*"])
    first.stdout.fnmatch_lines(
        ["golden/__snapshots__/duel.txt: no snapshot yet (pytest --snapshot-update writes it)"]
    )

    update = scratch.runpytest_subprocess(*ALONE, "--snapshot-update")
    update.assert_outcomes(passed=2)
    update.stdout.fnmatch_lines(["2 snapshots generated."])
    for name in ("duel", "own-rules"):
        played = readable(run_transcript(scratch.path / "golden" / f"{name}.yaml").to_json())
        assert _snapshot(scratch, name).read_text(encoding="utf-8") == played

    again = scratch.runpytest_subprocess(*ALONE)
    again.assert_outcomes(passed=2)
    again.stdout.fnmatch_lines(["2 snapshots passed."])
    assert again.ret == 0


def test_a_changed_answer_fails_with_a_diff_and_a_gone_transcript_s_snapshot_is_unused(
    scratch: pytest.Pytester,
) -> None:
    scratch.runpytest_subprocess(*ALONE, "--snapshot-update").assert_outcomes(passed=2)
    duel = scratch.path / "golden" / "duel.yaml"
    duel.write_text(DUEL.replace('amount="1 shilling"', 'amount="3 shillings"'), encoding="utf-8")
    (scratch.path / "golden" / "own-rules.yaml").unlink()

    result = scratch.runpytest_subprocess(*ALONE)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "the transcript's result differs from golden/__snapshots__/duel.txt (pytest --snapshot-update accepts it)",
            "--- golden/__snapshots__/duel.txt (snapshot)",
            "+++ golden/duel.yaml (played now)",
            '-[inventory: action="pay" item="shillings" count="1" result="ok"*',
            '+[inventory: action="pay" item="shillings" count="3" result="refused" reason="cannot-afford"*',
            "1 snapshot failed. 1 snapshot unused.",
            "FAILED golden/duel.yaml::duel - *",
        ]
    )
    assert "Traceback" not in result.stdout.str()

    update = scratch.runpytest_subprocess(*ALONE, "--snapshot-update")
    update.stdout.fnmatch_lines(["1 snapshot updated. 1 unused snapshot deleted."])
    assert update.ret == 0
    assert not _snapshot(scratch, "own-rules").exists()
    assert 'result="refused" reason="cannot-afford"' in _snapshot(scratch, "duel").read_text(encoding="utf-8")


def test_a_yaml_file_that_is_not_a_transcript_is_a_failing_item_with_its_problems_and_keeps_its_snapshot(
    scratch: pytest.Pytester,
) -> None:
    scratch.runpytest_subprocess(*ALONE, "--snapshot-update").assert_outcomes(passed=2)
    kept = _snapshot(scratch, "duel").read_text(encoding="utf-8")
    (scratch.path / "golden" / "duel.yaml").write_text(DUEL + "  - narrator: 'Hello.'\n", encoding="utf-8")
    (scratch.path / "golden" / "not-yaml.yaml").write_text("turns: [unclosed\n", encoding="utf-8")

    result = scratch.runpytest_subprocess(*ALONE, "--snapshot-update")
    result.assert_outcomes(passed=1, failed=2)
    result.stdout.fnmatch_lines(
        ["*golden/duel.yaml: 1 problem(s) in the transcript", "  turns.2.narrator: unknown turn kind*"]
    )
    result.stdout.fnmatch_lines(["*golden/not-yaml.yaml: 1 problem(s) in the transcript"])
    assert "Traceback" not in result.stdout.str()
    assert "error" not in result.stdout.lines[-1]  # failing items, not collection errors
    assert _snapshot(scratch, "duel").read_text(encoding="utf-8") == kept
    assert not _snapshot(scratch, "not-yaml").exists()


def test_a_snapshot_is_never_collected_as_a_test_of_its_own(pytester: pytest.Pytester) -> None:
    # pytest's doctest plugin reads every test*.txt: the snapshot of golden/test-shop.yaml is one, with a >>> line
    (pytester.path / "golden").mkdir()
    (pytester.path / "golden" / "test-shop.yaml").write_text(
        'ruleset: gravewatch\nparty: [Ada]\nturns:\n  - gm: ">>> 1 + 1\\n3"\n', encoding="utf-8"
    )
    pytester.runpytest_subprocess(*ALONE, "--snapshot-update").assert_outcomes(passed=1)
    assert ">>> 1 + 1\n3\n" in _snapshot(pytester, "test-shop").read_text(encoding="utf-8")
    pytester.runpytest_subprocess(*ALONE).assert_outcomes(passed=1)


def test_a_safety_net_that_fires_while_a_transcript_plays_fails_its_item(scratch: pytest.Pytester) -> None:
    scratch.makeconftest(
        """
        import logging

        import pytest

        import tagproc.transcript


        @pytest.fixture(autouse=True)
        def a_net_fires(monkeypatch):
            played = tagproc.transcript.play

            def play(*args, **kwargs):
                logging.getLogger("tagproc.turn").error("a planted bug")
                return played(*args, **kwargs)

            monkeypatch.setattr(tagproc.transcript, "play", play)
        """
    )
    result = scratch.runpytest_subprocess(*ALONE, "--snapshot-update")
    result.assert_outcomes(failed=2)
    result.stdout.fnmatch_lines(
        ["tagproc caught an internal error while playing the transcript*", "tagproc.turn: a planted bug"]
    )


def test_the_tagproc_game_fixture_makes_games_for_hand_written_tests(scratch: pytest.Pytester) -> None:
    scratch.makepyfile(test_hand=HAND_WRITTEN)
    result = scratch.runpytest_subprocess(*ALONE, "test_hand.py")
    result.assert_outcomes(passed=1)


def test_the_ini_option_names_the_folder(scratch: pytest.Pytester) -> None:
    scratch.makepyprojecttoml('[tool.pytest.ini_options]\ntagproc_transcripts = "stories"\n')
    (scratch.path / "stories").mkdir()
    (scratch.path / "stories" / "tale.yaml").write_text(DUEL, encoding="utf-8")
    result = scratch.runpytest_subprocess(*ALONE, "--collect-only", "-q")
    result.stdout.fnmatch_lines(["stories/tale.yaml::tale", "1 test collected*"])


def test_a_repository_without_the_folder_runs_as_if_tagproc_were_not_installed(
    pytester: pytest.Pytester,
) -> None:
    (pytester.path / "data").mkdir()
    (pytester.path / "data" / "duel.yaml").write_text(DUEL, encoding="utf-8")
    (pytester.path / "duel.yaml").write_text(DUEL, encoding="utf-8")
    pytester.makepyfile(
        test_theirs="""
        import sys


        def test_tagproc_s_game_machinery_is_not_loaded():
            assert "tagproc.transcript" not in sys.modules and "tagproc.game" not in sys.modules
        """
    )
    result = pytester.runpytest_subprocess(*ALONE)
    result.assert_outcomes(passed=1)
    assert "snapshot" not in result.stdout.str()
    assert not (pytester.path / "__snapshots__").exists()


def _readme_section() -> str:
    """The README's plugin section."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index(SECTION) :]
    end = section.find("\n## ", len(SECTION))
    return section if end < 0 else section[:end]


def test_the_readme_s_example_repository_runs_as_written(pytester: pytest.Pytester) -> None:
    section = _readme_section()
    for language in ("toml", "yaml", "python"):
        for block in re.findall(rf"^```{language}\n(.*?)^```", section, flags=re.S | re.M):
            name = block.splitlines()[0].removeprefix("# ")  # each block names its file on its first line
            (pytester.path / name).parent.mkdir(parents=True, exist_ok=True)
            (pytester.path / name).write_text(block, encoding="utf-8")
    (commands,) = re.findall(r"^```sh\n(.*?)^```", section, flags=re.S | re.M)
    runs = [shlex.split(line, comments=True) for line in commands.splitlines()]
    runs = [words[1:] for words in runs if words and words[0] == "pytest"]
    assert runs == [["--snapshot-update"], []]
    for words in runs:
        pytester.runpytest_subprocess(*ALONE, *words).assert_outcomes(passed=2)
    assert (pytester.path / "golden" / "__snapshots__" / "first-purchase.txt").is_file()


# ── the project's own golden/ ──


def test_there_are_enough_golden_transcripts() -> None:
    assert len(GOLDEN) >= 15


@pytest.mark.parametrize("path", GOLDEN[:5], ids=[path.stem for path in GOLDEN[:5]])
def test_a_transcript_run_twice_gives_identical_json(path: Path) -> None:
    first = json.dumps(run_transcript(path).to_json(), sort_keys=True)
    assert json.dumps(run_transcript(path).to_json(), sort_keys=True) == first
