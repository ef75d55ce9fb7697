"""README.md's examples run as written, so they cannot rot.

The conventions a README example follows to be run here:

- Every ```` ```python ```` block runs, after the blocks above it, in one namespace: as a reader pasting the
  README's blocks in order into one session would. A name a block uses without defining it must be one
  of ``STUBS`` below (the reader's own model stream, player channel, SDK client and websocket); any other
  undefined name fails the test. What a block shows as a result it states with ``assert``.
- An ``async def`` a block defines is run once, with its parameters taken from that namespace by name.
- A block that names ``X-Tagproc-Game`` talks to a running ``tagproc serve``: ``tests/test_serve.py`` runs it
  against a real proxy, so it is left out here.
- In a ```` ```sh ```` block, each command that starts with ``tagproc`` runs (a line's ``&&``-joined
  commands are taken one by one, so the install lines run their ``tagproc demo``; ``pip``, ``python3 -m
  venv`` and ``pytest`` are left to CI), in an empty folder, and must exit 0; ``> FILE`` writes its output
  there. ``#`` starts a comment.
- A ```` ```yaml ```` block with ``turns:`` is a transcript: ``tagproc run`` plays it and must exit 0.

The repository explains itself, too: every section of DESIGN.md, STYLE.md or CONVENTIONS.md that a docstring,
comment or document cites (``DESIGN.md "Sloppy input"``) is a heading of that document (or a heading that
starts with it and a colon), and no file points at a document outside the repository.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import re
import shlex
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import yaml

from tagproc.cli import main

README = Path(__file__).resolve().parents[1] / "README.md"
TEXT = README.read_text(encoding="utf-8")

#: A Game Master's reply, cut into chunks the way a model streams it (a tag split across chunks).
REPLY_CHUNKS = ("The smith nods. [inventory: act", 'ion="add" item="Lantern', 'coat"] "Wear it well."')


def _blocks(language: str) -> list[str]:
    found = re.findall(rf"^```{language}\n(.*?)^```", TEXT, flags=re.S | re.M)
    return [block for block in found if LIVE_PROXY not in block]


# A block that talks to a running ``tagproc serve`` (it names the game header): tests/test_serve.py runs it
# against a real proxy in front of a fake upstream, so it is left out here.
LIVE_PROXY = "X-Tagproc-Game"


class ModelChunks:
    """A model's stream: iterable (a sync SDK stream) and async-iterable (an async one), any number of times."""

    def __iter__(self) -> Iterator[str]:
        return iter(REPLY_CHUNKS)

    async def __aiter__(self) -> AsyncIterator[str]:
        for chunk in REPLY_CHUNKS:
            yield chunk


class Player:
    """Whatever reaches the player: every piece is recorded."""

    def __init__(self) -> None:
        self.pieces: list[str] = []

    def __call__(self, piece: str) -> None:
        self.pieces.append(piece)

    async def send(self, piece: str) -> None:
        self.pieces.append(piece)


def _client(player: Player) -> SimpleNamespace:
    """An OpenAI-style client whose ``chat.completions.create(..., stream=True)`` streams ``REPLY_CHUNKS``."""

    def create(*_: Any, **__: Any) -> list[dict[str, Any]]:
        return [{"choices": [{"index": 0, "delta": {"content": chunk}}]} for chunk in REPLY_CHUNKS]

    return SimpleNamespace(chat=SimpleNamespace(completions=SimpleNamespace(create=create)))


def _stubs(player: Player) -> dict[str, Any]:
    """The names README blocks may use without defining them (STUBS of the module docstring)."""
    return {
        "model_chunks": ModelChunks(),
        "model_stream": ModelChunks(),
        "send_to_player": player,
        "show_to_player": player,
        "websocket": player,
        "client": _client(player),
    }


STUBS = tuple(_stubs(Player()))
PYTHON_BLOCKS = _blocks("python")


def _run_block(index: int, namespace: dict[str, Any]) -> None:
    filename = f"README.md python block {index + 1}"
    exec(compile(PYTHON_BLOCKS[index], filename, "exec"), namespace)
    for value in list(namespace.values()):
        if inspect.iscoroutinefunction(value) and value.__code__.co_filename == filename:
            arguments = [namespace[name] for name in inspect.signature(value).parameters]
            asyncio.run(value(*arguments))


def test_the_readme_has_the_examples_these_tests_run() -> None:
    assert len(PYTHON_BLOCKS) >= 4
    assert len(_commands()) >= 4
    assert len(_transcripts()) >= 1


@pytest.mark.parametrize("index", range(len(PYTHON_BLOCKS)), ids=lambda i: f"block-{i + 1}")
def test_each_python_block_runs_after_those_above_it(index: int) -> None:
    player = Player()
    namespace: dict[str, Any] = {"__name__": "readme", **_stubs(player)}
    for earlier in range(index + 1):
        _run_block(earlier, namespace)
    assert all("[inventory" not in piece and "action=" not in piece for piece in player.pieces), player.pieces


def test_the_player_is_shown_the_prose_of_the_streamed_reply_and_never_its_tag() -> None:
    player = Player()
    namespace: dict[str, Any] = {"__name__": "readme", **_stubs(player)}
    for index in range(len(PYTHON_BLOCKS)):
        _run_block(index, namespace)
    shown = "".join(player.pieces)
    assert "The smith nods." in shown and '"Wear it well."' in shown
    assert "[" not in shown and "Lantern coat" not in shown


def _commands() -> list[list[str]]:
    commands = []
    for block in _blocks("sh"):
        for line in block.splitlines():
            for command in line.split("&&"):
                words = shlex.split(command, comments=True)
                if words and words[0] == "tagproc":
                    commands.append(words[1:])
    return commands


@pytest.mark.parametrize("words", _commands(), ids=" ".join)
def test_each_tagproc_command_in_the_readme_exits_0(
    words: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    target = None
    if ">" in words:
        at = words.index(">")
        words, target = words[:at], words[at + 1]
    # A file the README names is one of the repository's, as on a fresh clone's working copy.
    words = [str(ROOT / word) if (ROOT / word).is_file() else word for word in words]
    try:
        status = main(words)
    except SystemExit as done:  # --help and --version end through argparse
        status = done.code if isinstance(done.code, int) else 1
    assert status == 0, capsys.readouterr().err
    out = capsys.readouterr().out
    if target is not None:  # what the README writes to a file is what the file is said to be
        (tmp_path / target).write_text(out, encoding="utf-8")
        if target.endswith(".json"):
            assert isinstance(json.loads(out), dict)


def _transcripts() -> list[str]:
    return [block for block in _blocks("yaml") if re.search(r"^turns:", block, flags=re.M)]


@pytest.mark.parametrize("transcript", _transcripts())
def test_each_transcript_in_the_readme_plays(
    transcript: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "readme.yaml"
    path.write_text(transcript, encoding="utf-8")
    assert main(["run", str(path)]) == 0, capsys.readouterr().err
    first = next(turn["gm"] for turn in yaml.safe_load(transcript)["turns"] if "gm" in turn)
    prose = first.split("[", 1)[0].strip()  # what the player reads of the first reply, before its first tag
    out = capsys.readouterr().out
    assert prose and prose in out and "== holdings ==" in out


# ── the documents the code cites are in the repository, with the sections it cites ──

DOCUMENTS = ("DESIGN.md", "STYLE.md", "CONVENTIONS.md")
ROOT = README.parent
CITING = [
    path
    for folder in ("tagproc", "tests", "bench", "prompts", "golden")
    for path in sorted((ROOT / folder).rglob("*"))
    if path.suffix in {".py", ".jinja", ".yaml", ".md"} and "test_golden" not in path.parts
] + [ROOT / name for name in ("README.md", "LAYOUT.md", *DOCUMENTS)]
_CITATION = re.compile(
    r'\b(DESIGN|STYLE|CONVENTIONS)\.md`?\s+"([^"\n]{1,80})"((?:\s*(?:,|and)\s*"[^"\n]{1,80}")*)'
)
_OUTSIDE = re.compile(
    r"\.\./shared|shared/(?:data|reference-rulesets|spec)\b|PEER-CONVENTIONS|PROMPT-FORMAT|spec/items\.txt"
)


def _headings(document: str) -> set[str]:
    text = (ROOT / document).read_text(encoding="utf-8")
    return {line.lstrip("#").strip() for line in text.splitlines() if line.startswith("#")}


def _citations() -> list[tuple[str, str, str]]:
    """Every (citing file, document, section) a docstring, comment or document names."""
    found = []
    for path in CITING:
        # A citation may run over a line break, in a docstring or a comment.
        text = re.sub(r"\n[ \t]*(?:#[ \t]*)?", " ", path.read_text(encoding="utf-8"))
        for match in _CITATION.finditer(text):
            names = [match.group(2), *re.findall(r'"([^"]+)"', match.group(3))]
            found += [(str(path.relative_to(ROOT)), f"{match.group(1)}.md", name) for name in names]
    return found


def test_the_code_cites_sections_of_these_documents() -> None:
    assert {document for _, document, _ in _citations()} == set(DOCUMENTS)
    assert len(_citations()) >= 60


@pytest.mark.parametrize(("where", "document", "section"), sorted(set(_citations())))
def test_each_cited_section_is_a_heading_of_its_document(where: str, document: str, section: str) -> None:
    headings = _headings(document)
    assert any(h == section or h.startswith(f"{section}:") for h in headings), (where, sorted(headings))


@pytest.mark.parametrize(
    "path",
    [path for path in CITING if path.name != "test_readme.py"],
    ids=lambda path: str(path.relative_to(ROOT)),
)
def test_no_file_points_at_documents_outside_the_repository(path: Path) -> None:
    assert _OUTSIDE.findall(path.read_text(encoding="utf-8")) == []
