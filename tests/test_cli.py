"""The ``tagproc`` command: ``run``, ``demo`` and ``scan``, and what every command does with bad input.

Most tests run ``main(argv)`` in-process; a few run ``python -m tagproc`` in a subprocess, for what only a
real process shows (the script's exit code, the modules imported, writing to a strict UTF-8 stdout).
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Sequence
from importlib import metadata, resources
from pathlib import Path

import pytest

from tagproc.cli import main

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ("ember-roads", "gravewatch", "srd-5e")
CANDLE = '[inventory: action="add" item="Black candle"]'
TRANSCRIPT = f"ruleset: gravewatch\nparty: [Ada]\nturns:\n  - gm: 'She lights it. {CANDLE}'\n"


needs_libyaml = pytest.mark.skipif(
    not hasattr(__import__("yaml"), "CSafeLoader"), reason="the messages are libyaml's (PyYAML's own differ)"
)


@pytest.fixture
def demo_path() -> Path:
    return Path(str(resources.files("tagproc.samples").joinpath("demo.yaml")))


def stdin_of(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    """Put ``data`` on stdin, as a real process's (a text stream with the bytes under it)."""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


def tagproc(
    args: Sequence[str], *, stdin: bytes = b"", env: dict[str, str] | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess[bytes]:
    """``python -m tagproc ARGS`` in a subprocess running this work tree's code."""
    environment = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "tagproc", *args], input=stdin, capture_output=True, env=environment, cwd=cwd
    )


# -- run and demo -----------------------------------------------------------------------------------


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
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines() == [
        f"{path}: 1 problem(s) in the transcript",
        "  turns.0.narrator: unknown turn kind (expected gm, player, regenerate) or action (use, gear, edit, fight)",
    ]


def test_run_reads_stdin_for_a_dash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "t.yaml"
    path.write_text(TRANSCRIPT, encoding="utf-8")
    assert main(["run", str(path), "--json"]) == 0
    from_file = capsys.readouterr().out
    stdin_of(monkeypatch, TRANSCRIPT.encode())
    assert main(["run", "-", "--json"]) == 0
    assert capsys.readouterr().out == from_file
    assert json.loads(from_file)["holdings"] == {"Ada": {"Black candle": 1}}


def test_a_transcript_on_stdin_finds_its_ruleset_path_from_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from tagproc.ruleset.load import shipped_text

    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "mine.json").write_text(shipped_text("gravewatch") or "", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    stdin_of(monkeypatch, TRANSCRIPT.replace("ruleset: gravewatch", "ruleset: rules/mine.json").encode())
    assert main(["run", "-", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["holdings"] == {"Ada": {"Black candle": 1}}
    stdin_of(monkeypatch, TRANSCRIPT.replace("ruleset: gravewatch", "ruleset: rules/none.json").encode())
    assert main(["run", "-"]) == 1
    assert capsys.readouterr().err.splitlines()[:2] == [
        "<stdin>: 1 problem(s) in the transcript",
        '  ruleset: No ruleset file or shipped ruleset "rules/none.json" (shipped: ember-roads, gravewatch, srd-5e)',
    ]


def test_run_seed_replaces_the_transcript_s_seed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (ROOT / "golden" / "loot-table.yaml").read_text(encoding="utf-8")
    assert "seed: 61\n" in text
    path = tmp_path / "loot.yaml"
    for seed in (61, 5):
        path.write_text(text.replace("seed: 61\n", f"seed: {seed}\n"), encoding="utf-8")
        main(["run", str(path), "--json"])
    written_61, written_5, _ = capsys.readouterr().out.split("\n}\n")
    assert written_61 != written_5  # the seed decides the rolls: the test below can tell them apart
    assert main(["run", str(path), "--json", "--seed", "61"]) == 0  # the file now says seed: 5
    assert capsys.readouterr().out == written_61 + "\n}\n"


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


# -- scan -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("reply", "shown"),
    [
        pytest.param("He nods.", "He nods.\n", id="prose"),
        pytest.param("He nods.\n", "He nods.\n", id="prose-ending-in-a-newline"),
        pytest.param(f"She lights it. {CANDLE}", "She lights it.\n", id="ending-in-a-tag"),
        pytest.param("", "\n", id="empty"),
    ],
)
def test_scan_prints_the_visible_text_ending_in_one_newline(
    reply: str, shown: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "reply.txt"
    path.write_text(reply, encoding="utf-8")
    assert main(["scan", str(path)]) == 0
    assert capsys.readouterr() == (shown, "")
    assert main(["scan", str(path), "--chunk", "1"]) == 0
    assert capsys.readouterr() == (shown, "")


def test_scan_reads_stdin_for_a_dash_and_by_default(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for argv in (["scan", "-"], ["scan"]):
        stdin_of(monkeypatch, f"She lights it. {CANDLE} Done.".encode())
        assert main(argv) == 0
        assert capsys.readouterr() == ("She lights it. Done.\n", "")


def test_scan_json_reads_against_the_seeded_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stdin_of(monkeypatch, f"She lights it. {CANDLE}".encode())
    assert main(["scan", "--json", "--party", " Ada , Bram ", "--seed", "3"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["event"] for line in lines] == ["text", "tag"]
    assert lines[1]["answers"] == [
        '[inventory: action="add" item="Black candle" count="1" result="ok" now="1"]'
    ]


def test_scan_json_names_a_misspelled_ruleset_and_a_bad_party(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stdin_of(monkeypatch, CANDLE.encode())
    assert main(["scan", "--json", "--ruleset", "gravewtch"]) == 1
    assert capsys.readouterr() == (
        "",
        "tagproc scan: --ruleset gravewtch: no ruleset file or shipped ruleset of that name; "
        "did you mean gravewatch? (shipped: ember-roads, gravewatch, srd-5e)\n",
    )
    stdin_of(monkeypatch, CANDLE.encode())
    assert main(["scan", "--json", "--party", "Ada,ada"]) == 1
    assert capsys.readouterr() == (
        "",
        'tagproc scan: --party: 1 problem(s) in the party\n  party.1.name: "ada" is already member 0\n',
    )


# -- usage, version, help ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "error"),
    [
        pytest.param(
            ["scan", "--chunk", "x"],
            "tagproc scan: error: argument --chunk: not a whole number: 'x'",
            id="chunk-word",
        ),
        pytest.param(
            ["scan", "--chunk", "0"],
            "tagproc scan: error: argument --chunk: must be 1 or more, got 0",
            id="chunk-0",
        ),
        pytest.param(
            ["run", "t.yaml", "--chunk", "-2"],
            "tagproc run: error: argument --chunk: must be 1 or more, got -2",
            id="run-chunk",
        ),
        pytest.param(
            ["demo", "--chunk", "1.5"],
            "tagproc demo: error: argument --chunk: not a whole number: '1.5'",
            id="demo-chunk",
        ),
        pytest.param(
            ["run", "t.yaml", "--seed", "abc"],
            "tagproc run: error: argument --seed: not a whole number: 'abc'",
            id="run-seed",
        ),
        pytest.param(
            ["scan", "--seed", ""],
            "tagproc scan: error: argument --seed: not a whole number: ''",
            id="scan-seed",
        ),
        pytest.param(
            ["scan", "--party", "Ada,\udcff"],
            'tagproc scan: error: argument --party: not UTF-8 text: "\\udcff"',
            id="party-bytes",
        ),
        pytest.param(
            ["scna"],
            "tagproc: error: argument COMMAND: invalid choice: 'scna' (choose from 'demo', 'run', 'scan', 'preview', 'check', 'rulesets', 'schema', 'serve')",
            id="command",
        ),
        pytest.param(
            ["check"],
            "tagproc check: error: the following arguments are required: PATH|NAME",
            id="no-ruleset",
        ),
        pytest.param(["run"], "tagproc run: error: the following arguments are required: file", id="no-file"),
        pytest.param(
            ["scan", "--tokens", "--chunk", "2"],
            "tagproc scan: error: argument --chunk: not allowed with argument --tokens",
            id="both",
        ),
    ],
)
def test_a_usage_error_exits_2_with_argparse_s_line(
    argv: list[str], error: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines()[-1] == error
    assert err.startswith("usage: tagproc")


def test_no_command_prints_the_help_on_stderr_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("usage: tagproc [-h] [--version] COMMAND ...\n")


def test_version_is_the_package_metadata_s(capsys: pytest.CaptureFixture[str]) -> None:
    import tagproc

    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr() == (f"tagproc {metadata.version('tagproc')}\n", "")
    assert tagproc.__version__ == metadata.version("tagproc")


@pytest.mark.parametrize(
    ("command", "description", "example"),
    [
        ("demo", "Play the shipped sample transcript", "tagproc demo --chunk 1"),
        ("run", "Play a transcript (YAML", "cat game.yaml | tagproc run -"),
        ("scan", "Scan a Game Master reply", "tagproc scan reply.txt --chunk 5"),
        ("check", "Check a ruleset", "tagproc check my-rules.yaml --json"),
        ("rulesets", "List the rulesets shipped", "tagproc rulesets"),
        ("schema", "Print the JSON Schema", "tagproc schema > ruleset.schema.json"),
    ],
)
def test_each_command_s_help_has_a_description_and_examples(
    command: str, description: str, example: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main([command, "--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: tagproc {command} ")
    assert f"\n\n{description}" in out
    assert "\nexamples:\n" in out and f"\n  {example}" in out


# -- bad input files: one problem line naming the file, exit 1 --------------------------------------


def _bad_inputs(tmp_path: Path) -> dict[str, tuple[str, str]]:
    """Each bad input: the argument that names it, and the problem line that must name it back."""
    (tmp_path / "latin.txt").write_bytes(b"caf\xe9 [inventory: add torch]\n")
    (tmp_path / "folder").mkdir()
    long_name = str(tmp_path / ("x" * 300 + ".yaml"))
    return {
        "missing": (str(tmp_path / "gone.yaml"), "no such file"),
        "directory": (str(tmp_path / "folder"), "is a directory, not a file"),
        "not-utf-8": (str(tmp_path / "latin.txt"), "not UTF-8 text (byte 0xe9 at offset 3)"),
        "name-too-long": (long_name, "cannot read it: File name too long"),
        "below-a-file": (str(tmp_path / "latin.txt" / "t.yaml"), "no such file"),
    }


@pytest.mark.parametrize("command", ["scan", "run", "check"])
@pytest.mark.parametrize("kind", ["missing", "directory", "not-utf-8", "name-too-long", "below-a-file"])
def test_a_file_that_cannot_be_read_is_one_problem_line_and_exit_1(
    command: str, kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, message = _bad_inputs(tmp_path)[kind]
    assert main([command, path]) == 1
    assert capsys.readouterr() == ("", f"{path}: {message}\n")


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads any file")
@pytest.mark.parametrize("command", ["scan", "run", "check"])
def test_an_unreadable_file_is_one_problem_line_and_exit_1(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "locked.yaml"
    path.write_text("x", encoding="utf-8")
    path.chmod(0)
    assert main([command, str(path)]) == 1
    assert capsys.readouterr() == ("", f"{path}: cannot read it: Permission denied\n")


@pytest.mark.parametrize("command", ["scan", "run", "check"])
def test_stdin_not_in_utf_8_is_one_problem_line_and_exit_1(
    command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stdin_of(monkeypatch, b"ab\xff")
    assert main([command, "-"]) == 1
    assert capsys.readouterr() == ("", "<stdin>: not UTF-8 text (byte 0xff at offset 2)\n")


@pytest.mark.parametrize(
    ("text", "line"),
    [
        pytest.param(
            "ruleset: gravewatch\nparty: [Ada\nturns: []\n",
            "3:6: not valid YAML: did not find expected ',' or ']' (while parsing a flow sequence at 2:8)",
            id="flow",
        ),
        pytest.param(
            "ruleset: gravewatch\n  party: x\n",
            "2:8: not valid YAML: mapping values are not allowed in this context",
            id="indent",
        ),
        pytest.param(
            "ruleset: gravewatch\nparty: \x01\n",
            "2:8: not valid YAML: character U+0001 is not allowed (control characters are not allowed)",
            id="control",
        ),
        pytest.param(
            'turns: ["\\udcff"]\n',
            "1:12: not valid YAML: found invalid Unicode character escape code (while parsing a quoted scalar at 1:9)",
            id="lone-surrogate",
        ),
        pytest.param(
            "a: " + "[" * 1200 + "]" * 1200 + "\n",
            "1:1003: not valid YAML: exceeded maximum nesting depth (while increasing flow level at 1:1003)",
            id="deep",
        ),
    ],
)
@pytest.mark.parametrize("command", ["run", "check"])
@needs_libyaml
def test_a_yaml_error_names_the_file_line_and_column(
    command: str, text: str, line: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "t.yaml"
    path.write_text(text, encoding="utf-8")
    assert main([command, str(path)]) == 1
    assert capsys.readouterr() == ("", f"{path}:{line}\n")


def test_the_pure_python_yaml_parser_stops_at_the_same_depth(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import yaml

    monkeypatch.delattr(yaml, "CSafeLoader", raising=False)  # PyYAML built without libyaml
    path = tmp_path / "deep.yaml"
    path.write_text("a: " + "[" * 1200 + "]" * 1200 + "\n", encoding="utf-8")
    assert main(["check", str(path)]) == 1
    assert capsys.readouterr() == ("", f"{path}:1:1003: not valid YAML: nested more than 1000 deep\n")


@pytest.mark.parametrize("command", ["run", "check"])
def test_a_nesting_the_loader_cannot_build_is_one_problem_line(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    if command == "run":
        path = path.rename(tmp_path / "deep.yaml")
        path.write_text("a: " + "[" * 990 + "]" * 990 + "\n", encoding="utf-8")  # within libyaml's limit
    assert main([command, str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"{path}: ")
    assert "Traceback" not in err


def test_an_alias_bomb_ends_with_its_problems(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = ['a: &a ["x", "x", "x", "x", "x", "x", "x", "x", "x"]']
    lines += [f"{b}: &{b} [{', '.join(['*' + a] * 9)}]" for a, b in zip("abcde", "bcdef", strict=True)]
    path = tmp_path / "bomb.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["run", str(path)]) == 1
    assert capsys.readouterr().err.splitlines() == [
        f"{path}: 1 problem(s) in the transcript",
        "  Line 6 column 8: Aliases stand for more than 100,000 values in all; write the values out instead",
    ]


# -- JSON and text that do not encode ---------------------------------------------------------------


def test_json_with_a_lone_surrogate_is_escaped_and_reads_back_the_same(
    capsys: pytest.CaptureFixture[str],
) -> None:
    name = "\udcff.json"  # a file name whose bytes are not UTF-8, as Python reads it from argv
    assert main(["check", name, "--json"]) == 1
    out = capsys.readouterr().out
    assert (
        out
        == '{"file": "\\udcff.json", "ok": false, "problems": [{"path": "", "message": "no such file"}], "notes": []}\n'
    )
    assert json.loads(out)["file"] == name


def test_a_lone_surrogate_from_the_api_is_replaced_and_the_writers_still_encode_one() -> None:
    """The game replaces a lone surrogate in a reply with U+FFFD; the CLI's writers encode one anyway."""
    from tagproc.cli import write_json, write_text
    from tagproc.game import Game

    result = Game("gravewatch", ["Ada"]).reply(f"He pays.\udcff {CANDLE}")
    assert result.visible == "He pays.\ufffd"
    stream = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    write_json({"visible": "He pays.\udcff"}, stream)
    write_text("He pays.\udcff", stream)
    stream.flush()
    written = stream.buffer.getvalue().decode("utf-8")
    document, shown = written.split("\n", 1)
    assert json.loads(document)["visible"] == "He pays.\udcff"
    assert shown == "He pays.\\udcff"


# -- subprocesses: what only a real process shows ---------------------------------------------------


def test_python_m_tagproc_runs_the_command() -> None:
    helped = tagproc(["--help"])
    assert (helped.returncode, helped.stderr) == (0, b"")
    assert helped.stdout.startswith(b"usage: tagproc [-h] [--version] COMMAND ...\n")
    version = tagproc(["--version"])
    assert (version.returncode, version.stdout) == (0, f"tagproc {metadata.version('tagproc')}\n".encode())


def test_python_m_tagproc_exits_with_the_command_s_code(tmp_path: Path) -> None:
    usage = tagproc(["scan", "--chunk", "x"])
    assert usage.returncode == 2
    missing = tagproc(["run", "gone.yaml"], cwd=tmp_path)
    assert (missing.returncode, missing.stdout, missing.stderr) == (1, b"", b"gone.yaml: no such file\n")
    ran = tagproc(["run", "-", "--json"], stdin=TRANSCRIPT.encode())
    assert ran.returncode == 0
    assert json.loads(ran.stdout)["holdings"] == {"Ada": {"Black candle": 1}}


def test_a_file_name_that_is_not_utf_8_is_named_without_a_traceback(tmp_path: Path) -> None:
    name = os.fsdecode(b"caf\xe9.json")
    for args, stream in ((["check", name], "stderr"), (["check", name, "--json"], "stdout")):
        done = tagproc(args, env={"PYTHONIOENCODING": "utf-8"}, cwd=tmp_path)  # strict: no surrogateescape
        assert done.returncode == 1
        assert b"Traceback" not in done.stderr
        written = getattr(done, stream).decode("utf-8")
        assert "caf\\udce9.json" in written


def test_building_the_parser_help_and_scan_import_no_ruleset_machinery() -> None:
    code = (
        "import io, sys\n"
        "from tagproc.cli import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
        "try:\n    main(['scan', '--help'])\nexcept SystemExit:\n    pass\n"
        "sys.stdin = io.StringIO('She lights it. [inventory: add candle]')\n"
        "main(['scan', '--chunk', '3'])\n"
        "heavy = ('tagproc.ruleset', 'tagproc.engine', 'tagproc.game', 'pydantic', 'yaml', 'jinja2', 'tiktoken')\n"
        "print(sorted(m for m in sys.modules if m in heavy or m.startswith(tuple(h + '.' for h in heavy))), file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, env={**os.environ, "PYTHONPATH": str(ROOT)}
    )
    assert done.returncode == 0
    assert done.stdout.endswith(b"\nShe lights it.\n")
    assert done.stderr == b"[]\n"


def test_help_imports_of_tagproc_only_the_command_line_modules() -> None:
    code = (
        "import sys\n"
        "import tagproc\n"
        "before = set(sys.modules)\n"
        "from tagproc.cli import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in set(sys.modules) - before if m.startswith('tagproc')), file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, env={**os.environ, "PYTHONPATH": str(ROOT)}
    )
    assert done.returncode == 0
    command_line = ["cli", "cli_io", "preview_cli", "ruleset_cli", "serve", "serve.cli"]
    assert done.stderr.decode() == f"{[f'tagproc.{name}' for name in command_line]}\n"


# -- check ------------------------------------------------------------------------------------------


def test_check_prints_ok_on_stdout_and_problems_on_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", "ember-roads"]) == 0
    assert capsys.readouterr() == ("ember-roads: OK\n", "")
    path = tmp_path / "bad.json"
    path.write_text('{"name": 1}', encoding="utf-8")
    assert main(["check", str(path)]) == 1
    assert capsys.readouterr() == (
        "",
        f'{path}: 2 problem(s) in the ruleset\n  id: "id" is required here\n  name: Input should be a valid string, got 1\n',
    )


def test_check_json_is_one_object_whatever_the_outcome(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", "gravewatch", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "file": "gravewatch",
        "ok": True,
        "problems": [],
        "notes": [],
    }
    path = tmp_path / "bad.json"
    path.write_text('{"name": 1}', encoding="utf-8")
    assert main(["check", str(path), "--json"]) == 1
    out, err = capsys.readouterr()
    assert err == ""
    assert json.loads(out) == {
        "file": str(path),
        "ok": False,
        "problems": [
            {"path": "id", "message": '"id" is required here'},
            {"path": "name", "message": "Input should be a valid string, got 1"},
        ],
        "notes": [],
    }
    path.write_text("a: [1\n", encoding="utf-8")
    path = path.rename(tmp_path / "bad.yaml")
    assert main(["check", str(path), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["problems"] == [
        {
            "path": "",
            "message": "2:1: not valid YAML: did not find expected ',' or ']' (while parsing a flow sequence at 1:4)",
        }
    ]


def test_check_json_carries_the_notes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tagproc.ruleset.load import read_source

    data = read_source("ember-roads")[0]
    data["sheet"]["derived"].append({"id": "twice", "label": "Twice", "op": "scale", "of": {"const": 2}})
    path = tmp_path / "scaled.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["check", str(path), "--json"]) == 0
    notes = json.loads(capsys.readouterr().out)["notes"]
    assert len(notes) == 1 and notes[0].startswith(f"sheet.derived.{len(data['sheet']['derived']) - 1}: ")


@pytest.mark.parametrize(
    ("written", "meant"),
    [
        ("gravewtch", "gravewatch"),
        ("Gravewatch", "gravewatch"),
        ("srd5e", "srd-5e"),
        ("ember_roads", "ember-roads"),
    ],
)
def test_check_asks_did_you_mean_for_a_misspelled_shipped_ruleset(
    written: str, meant: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", written]) == 1
    assert capsys.readouterr() == (
        "",
        f"{written}: no ruleset file or shipped ruleset of that name; did you mean {meant}? "
        "(shipped: ember-roads, gravewatch, srd-5e)\n",
    )


def test_check_suggests_nothing_for_a_name_like_none(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "zzz"]) == 1
    assert capsys.readouterr().err == (
        "zzz: no ruleset file or shipped ruleset of that name (shipped: ember-roads, gravewatch, srd-5e)\n"
    )


@pytest.mark.parametrize("how", ["json", "yaml"])
def test_check_reads_stdin_as_json_or_yaml(
    how: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import yaml

    from tagproc.ruleset.load import shipped_text

    text = shipped_text("gravewatch") or ""
    stdin_of(monkeypatch, (text if how == "json" else yaml.safe_dump(json.loads(text))).encode())
    assert main(["check", "-"]) == 0
    assert capsys.readouterr() == ("<stdin>: OK\n", "")
    stdin_of(monkeypatch, b'{"name": "x",}' if how == "json" else b"name: [x\n")
    assert main(["check", "-"]) == 1
    assert capsys.readouterr().err == (
        "<stdin>: 1 problem(s) in the ruleset\n  Not valid JSON at line 1 column 14: Expecting property name enclosed in double quotes\n"
        if how == "json"
        else "<stdin>:2:1: not valid YAML: did not find expected ',' or ']' (while parsing a flow sequence at 1:7)\n"
    )


def test_a_file_named_as_a_shipped_ruleset_is_read_as_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("gravewatch").write_text("[]", encoding="utf-8")
    assert main(["check", "gravewatch"]) == 1
    assert capsys.readouterr().err == (
        "gravewatch: 1 problem(s) in the ruleset\n  A ruleset file is one object (its top level is {...})\n"
    )


@pytest.mark.parametrize("kind", ["not-utf-8", "name-too-long", "directory", "missing"])
def test_a_transcript_naming_a_ruleset_file_that_cannot_be_read_names_the_transcript(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ruleset = _bad_inputs(tmp_path)[kind][0]
    path = tmp_path / "t.yaml"
    path.write_text(f"ruleset: {json.dumps(ruleset)}\nparty: [Ada]\nturns: []\n", encoding="utf-8")
    assert main(["run", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"{path}: ")  # the library's problem list or the CLI's line: both name the file


def test_a_file_past_the_size_limit_is_refused_before_it_is_parsed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "huge.json"
    path.write_text('{"title": "' + "x" * (5 * 1024 * 1024) + '"}', encoding="utf-8")
    for command in ("check", "run", "scan"):
        assert main([command, str(path)]) == 1
        captured = capsys.readouterr()
        assert (captured.out, captured.err) == ("", f"{path}: larger than 4 MiB, more than tagproc reads\n")
