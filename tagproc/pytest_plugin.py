"""The pytest plugin: a repository's golden transcripts as test items, and a ``tagproc_game`` fixture.

Registered as the ``pytest11`` entry point ``tagproc``. Every ``*.yaml`` directly in the folder named by the ini
option ``tagproc_transcripts`` (``golden`` by default, relative to the rootdir) is one test item,
``golden/swipe.yaml::swipe``: the transcript is played (``run_transcript``) and its result, as the readable text
of ``readable``, is compared through syrupy with ``golden/__snapshots__/swipe.txt`` (syrupy's snapshot folder
name, so ``--snapshot-dirname`` moves it). ``pytest --snapshot-update`` writes the snapshots; syrupy reports an
unused one as it does for any test, and deletes it when updating.

Invariants: the plugin is inert in a repository without that folder (no item, no file written, tagproc's game
machinery not even imported: every tagproc import happens when a transcript is collected or a fixture used); a
YAML file there that is not a runnable transcript is a failing item listing the transcript's problems
(``TranscriptError``), never a collection error or a traceback; the snapshot format is ``readable``, one copy,
which the project's own ``golden/`` uses through this same plugin.

Decisions where the spec is silent:
- An item is a ``pytest.Function`` whose function is ``check_transcript``: syrupy (which counts only
  ``Function`` items when it tells used snapshots from unused ones) and pytest's fixtures (``snapshot``, a
  ``conftest.py``'s autouse fixtures) treat it as any test; its location and failures name the YAML file.
- Only ``*.yaml`` directly in the folder: subfolders (``golden/blocks/``) hold other tests' inputs. The
  folder's ``__snapshots__`` is never collected (pytest's doctest plugin would take ``test-x.txt`` for a test).
- A transcript that cannot be played (not a transcript, a net fired, a bug) keeps its snapshot: the item fails,
  and the snapshot is compared with itself so that syrupy neither reports it unused nor deletes it on
  ``--snapshot-update`` (syrupy would for any test that fails before it asserts).
- A mismatch fails with a unified diff, snapshot first, and the command that accepts the new text.
- As the project's own tests do (STYLE.md "Tests": a net that fired fails the test), an item fails when an
  ERROR was logged under ``tagproc`` while its transcript played: the net answered the model, but hid a bug.
"""

from __future__ import annotations

import difflib
import logging
import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

import pytest
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.base import AbstractSyrupyExtension
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode
from syrupy.location import PyTestLocation
from syrupy.types import SerializableData

if TYPE_CHECKING:
    from _pytest._code.code import TerminalRepr

    from tagproc.game import Game

__all__ = [
    "INI_TRANSCRIPTS",
    "ErrorsCaught",
    "GameFactory",
    "GoldenText",
    "TranscriptItem",
    "check_transcript",
    "readable",
]

INI_TRANSCRIPTS = "tagproc_transcripts"
_DEFAULT_FOLDER = "golden"
_FOLDER = pytest.StashKey[Path | None]()


# -- configuration and collection -------------------------------------------------------------------


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini(
        INI_TRANSCRIPTS,
        "folder (relative to the rootdir) whose *.yaml tagproc transcripts are tests, "
        f"each compared with its snapshot in <folder>/__snapshots__/ (default: {_DEFAULT_FOLDER})",
        default=_DEFAULT_FOLDER,
    )


def pytest_configure(config: pytest.Config) -> None:
    folder = str(config.getini(INI_TRANSCRIPTS)).strip()
    path = (config.rootpath / folder).resolve() if folder else None
    config.stash[_FOLDER] = path if path is not None and path.is_dir() else None


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> TranscriptFile | None:
    folder = parent.config.stash.get(_FOLDER, None)
    if folder is None or file_path.suffix != ".yaml" or file_path.parent.resolve() != folder:
        return None
    return TranscriptFile.from_parent(parent, path=file_path)


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """The folder's snapshots are not tests (pytest's doctest plugin would read a ``test*.txt`` one)."""
    folder = config.stash.get(_FOLDER, None)
    if folder is None or collection_path.name != Path(str(GoldenText.snapshot_dirname)).name:
        return None
    return True if collection_path.parent.resolve() == folder else None


class TranscriptFile(pytest.File):
    """One transcript file: one item, named after the file."""

    def collect(self) -> Iterator[TranscriptItem]:
        yield TranscriptItem.from_parent(self, name=self.path.stem, callobj=check_transcript)


class TranscriptItem(pytest.Function):
    """A transcript played and compared with its snapshot; reported at its YAML file, failures without a
    Python traceback."""

    def reportinfo(self) -> tuple[os.PathLike[str] | str, int | None, str]:
        return self.path, 0, f"transcript {self.name}"

    def repr_failure(  # type: ignore[override]  # as pytest.Function's own
        self, excinfo: pytest.ExceptionInfo[BaseException]
    ) -> str | TerminalRepr:
        from tagproc.transcript import TranscriptError

        if isinstance(excinfo.value, TranscriptError | SnapshotMismatch | InternalError):
            return str(excinfo.value)
        return super().repr_failure(excinfo)


class SnapshotMismatch(AssertionError):
    """A transcript's text differs from its snapshot, or has none yet."""


class InternalError(AssertionError):
    """A safety net at a stage boundary fired while the transcript played (it logs on ``tagproc``)."""


class ErrorsCaught(logging.Handler):
    """Every record of level ERROR or above logged under ``tagproc`` while a transcript plays."""

    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def report(self) -> str:
        formatter = logging.Formatter("%(name)s: %(message)s")
        return "\n".join(formatter.format(record) for record in self.records)


def check_transcript(request: pytest.FixtureRequest, snapshot: SnapshotAssertion) -> None:
    """Play the item's transcript and compare its readable result with the snapshot (a ``TranscriptError``
    with every problem when the file is not a runnable transcript)."""
    golden = snapshot.use_extension(GoldenText)
    path = request.node.path
    try:
        text = _play(path)
    except BaseException:
        _keep(golden)
        raise
    if golden == text:
        return
    result = golden.executions[golden.num_executions - 1]
    shown = _shown(request.config, Path(result.snapshot_location))
    if result.exception is not None:
        raise SnapshotMismatch(f"{shown}: {result.exception!r}")
    accept = "pytest --snapshot-update"
    if not isinstance(result.recalled_data, str):
        raise SnapshotMismatch(f"{shown}: no snapshot yet ({accept} writes it)")
    diff = difflib.unified_diff(
        result.recalled_data.splitlines(keepends=True),
        text.splitlines(keepends=True),
        fromfile=f"{shown} (snapshot)",
        tofile=f"{_shown(request.config, path)} (played now)",
    )
    raise SnapshotMismatch(
        f"the transcript's result differs from {shown} ({accept} accepts it)\n" + "".join(diff).rstrip("\n")
    )


def _play(path: Path) -> str:
    """The transcript's readable result; ``InternalError`` when a safety net fired while it played."""
    from tagproc.transcript import run_transcript

    caught = ErrorsCaught()
    logger = logging.getLogger("tagproc")
    logger.addHandler(caught)
    try:
        text = readable(run_transcript(path).to_json())
    finally:
        logger.removeHandler(caught)
    if caught.records:
        raise InternalError(
            "tagproc caught an internal error while playing the transcript (a safety net fired and answered "
            "in its place: a bug in tagproc, please report it):\n" + caught.report()
        )
    return text


def _keep(golden: SnapshotAssertion) -> None:
    """Compare an existing snapshot with itself, for a transcript that could not be played: syrupy then counts
    it as used, so it is neither reported unused nor deleted by ``--snapshot-update`` while the item fails."""
    location = Path(golden.extension.get_location(test_location=golden.test_location, index=golden.index))
    if location.is_file():
        golden.assert_match(location.read_text(encoding="utf-8"))


def _shown(config: pytest.Config, path: Path) -> str:
    try:
        return path.relative_to(config.rootpath).as_posix()
    except ValueError:
        return str(path)


# -- the snapshot: readable text ----------------------------------------------------------------------


class GoldenText(SingleFileSnapshotExtension):
    """One readable text file per transcript: ``<folder>/__snapshots__/<name>.txt``."""

    file_extension = "txt"
    _write_mode = WriteMode.TEXT

    @classmethod
    def dirname(cls, *, test_location: PyTestLocation) -> str:
        # syrupy's folder beside the test file, without the per-file subfolder: a transcript is one snapshot
        return AbstractSyrupyExtension.dirname(test_location=test_location)

    def serialize(self, data: SerializableData, **kwargs: Any) -> str:
        return str(data)


def readable(result: Mapping[str, Any]) -> str:
    """A transcript's JSON result (``TranscriptResult.to_json()``) as text a reviewer reads in a diff: each
    turn's visible text and history (or its action), answers and journal, a regenerate's re-run actions, then
    the holdings."""
    import json

    lines: list[str] = []
    for number, turn in enumerate(result["turns"], start=1):
        lines.append(f"=== turn {number}: {turn['kind']}")
        _said(turn, lines)
        for again in turn.get("reran", ()):
            lines.append(f"--- ran again: {again['kind']}")
            _said(again, lines)
    lines.append("=== holdings")
    lines.append(json.dumps(result["holdings"], ensure_ascii=False, indent=2, sort_keys=True))
    return "\n".join(lines) + "\n"


def _said(turn: Mapping[str, Any], lines: list[str]) -> None:
    """One turn's faces: a message's visible text and history, or an action (every key), then its answers
    and journal lines."""
    import json

    if "action" in turn:
        lines.append("--- action")
        lines.append(json.dumps(turn["action"], ensure_ascii=False, sort_keys=True))
    else:
        lines.append("--- visible")
        lines.append(turn["visible"])
        lines.append("--- history")
        lines.append(turn["history"])
    if turn["answers"]:
        lines.append("--- answers")
        lines.extend(turn["answers"])
    if turn["journal"]:
        lines.append("--- journal")
        lines.extend(str(entry) for entry in turn["journal"])


# -- the fixture ----------------------------------------------------------------------------------------


# ``tagproc_game``'s type: ``Game`` itself, so its parameters are ``Game``'s own (one signature, never a copy)
# and each call is a fresh game. A string, so that importing the plugin imports no game machinery.
GameFactory: TypeAlias = "type[Game]"


@pytest.fixture
def tagproc_game() -> GameFactory:
    """A factory of games for hand-written tests: ``tagproc_game("gravewatch", ["Ada"], seed=1)`` is
    ``Game("gravewatch", ["Ada"], seed=1)``; a ruleset path is relative to the working directory, as for
    ``Game``."""
    from tagproc.game import Game

    return Game
