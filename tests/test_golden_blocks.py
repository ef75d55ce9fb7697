"""Golden prompt blocks: every ``golden/blocks/*.yaml`` is played, and the prompt the model would be told next
is compared with its readable snapshot beside it (``golden/test_golden_blocks/``).

Each snapshot holds the prompt before every turn and after the last: each block's name, token count,
budget and whether it was trimmed, then its text. They are read in review like the answer snapshots;
update with ``pytest tests/test_golden_blocks.py --snapshot-update`` and read the diff.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode
from syrupy.location import PyTestLocation
from syrupy.types import SerializableData

from tagproc.prompt.blocks import Prompt
from tagproc.transcript import load_transcript, run_transcript

BLOCKS = Path(__file__).resolve().parent.parent / "golden" / "blocks"
PARTIES = sorted(BLOCKS.glob("*.yaml"))


class GoldenBlocks(SingleFileSnapshotExtension):
    """One readable text file per transcript, in ``golden/test_golden_blocks/``."""

    file_extension = "txt"
    _write_mode = WriteMode.TEXT

    @classmethod
    def dirname(cls, *, test_location: PyTestLocation) -> str:
        return str(BLOCKS.parent / test_location.basename)

    def serialize(self, data: SerializableData, **kwargs: Any) -> str:
        return str(data)


def readable(prompt: Prompt) -> str:
    lines: list[str] = []
    for block in prompt.blocks:
        trimmed = ", trimmed" if block.trimmed else ""
        lines.append(f"--- {block.name} ({block.tokens} tokens, budget {block.budget}{trimmed})")
        lines.append(block.text)
    return "\n".join(lines)


def test_every_shipped_ruleset_has_golden_blocks() -> None:
    rulesets = {load_transcript(path).rules.ruleset.id for path in PARTIES}
    assert {"gravewatch", "ember-roads", "srd-5e"} <= rulesets


@pytest.mark.parametrize("path", PARTIES, ids=[path.stem for path in PARTIES])
def test_blocks(path: Path, snapshot: SnapshotAssertion) -> None:
    game = run_transcript(path).game
    parts = [f"=== before turn {turn}\n{readable(game.prompt_at(turn))}" for turn in range(len(game))]
    parts.append(f"=== after the last turn\n{readable(game.prompt())}")
    assert "\n".join(parts) + "\n" == snapshot.use_extension(GoldenBlocks)
