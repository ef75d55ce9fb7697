"""Golden transcripts: every ``golden/*.yaml`` is run and compared with its readable snapshot beside it.

A snapshot is plain text (``golden/test_golden/test_transcript[<name>].txt``, syrupy's own layout, so
that it can tell used snapshots from stale ones): each turn's visible text, history, answers and journal,
then the holdings. Review changes in diffs; update with ``pytest tests/test_golden.py --snapshot-update``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode
from syrupy.location import PyTestLocation
from syrupy.types import SerializableData

from tagproc.transcript import run_transcript

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
TRANSCRIPTS = sorted(GOLDEN.glob("*.yaml"))


class GoldenText(SingleFileSnapshotExtension):
    """One readable text file per transcript, beside the transcripts in ``golden/``."""

    file_extension = "txt"
    _write_mode = WriteMode.TEXT

    @classmethod
    def dirname(cls, *, test_location: PyTestLocation) -> str:
        return str(GOLDEN / test_location.basename)

    def serialize(self, data: SerializableData, **kwargs: Any) -> str:
        return str(data)


def readable(result: dict[str, Any]) -> str:
    """A transcript's JSON result as text a reviewer reads in a diff."""
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


def _said(turn: dict[str, Any], lines: list[str]) -> None:
    """One turn's faces: a message's visible text and history, or an action (every key), then its answers
    and journal lines."""
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


@pytest.fixture
def golden(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    return snapshot.use_extension(GoldenText)


def test_there_are_enough_golden_transcripts() -> None:
    assert len(TRANSCRIPTS) >= 15


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=[path.stem for path in TRANSCRIPTS])
def test_transcript(path: Path, golden: SnapshotAssertion) -> None:
    result = run_transcript(path).to_json()
    assert readable(result) == golden


@pytest.mark.parametrize("path", TRANSCRIPTS[:5], ids=[path.stem for path in TRANSCRIPTS[:5]])
def test_a_transcript_run_twice_gives_identical_json(path: Path) -> None:
    first = json.dumps(run_transcript(path).to_json(), sort_keys=True)
    assert json.dumps(run_transcript(path).to_json(), sort_keys=True) == first
