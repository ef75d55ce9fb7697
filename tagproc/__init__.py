"""tagproc: stream a Game Master's tagged reply, hide and repair its tags, execute them, render answers.

The stages flow one way (DESIGN.md): ``stream`` (sans-IO scanner) → ``syntax`` (lenient reader) →
``normalize`` (repairs into commands) → ``engine`` (pure transitions) → ``render`` (Jinja templates).
``Game`` ties them into turns; ``stream_reply``/``astream_reply`` stream a model's chunks through one;
``run_transcript`` plays a YAML transcript.

The scanner's names are imported at once; the game's (``Game``, ``stream_reply``, ``run_transcript``...)
on first use, so ``import tagproc`` stays cheap for a caller that only scans, and loads no ruleset
machinery nor jinja2. ``__version__`` is read from the installed package's metadata on first use.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from tagproc.repairs import Repair
from tagproc.stream import Event, RawTag, TagStream, Text, parse_reply
from tagproc.syntax import TagReading, read_tag

if TYPE_CHECKING:
    __version__: str

    from tagproc.engine.outcome import Answer
    from tagproc.engine.state import GameState, Member
    from tagproc.game import Game
    from tagproc.middleware import astream_reply, chunk_text, stream_reply
    from tagproc.party import PartyError
    from tagproc.prompt.blocks import Prompt
    from tagproc.render import Renderer, TemplateProblem
    from tagproc.transcript import (
        Transcript,
        TranscriptError,
        TranscriptResult,
        load_transcript,
        run_transcript,
    )
    from tagproc.turn import Turn, TurnResult
    from tagproc.visible import VisibleText, visible_text

__all__ = [
    "Answer",
    "Event",
    "Game",
    "GameState",
    "Member",
    "PartyError",
    "Prompt",
    "RawTag",
    "Renderer",
    "Repair",
    "TagReading",
    "TagStream",
    "TemplateProblem",
    "Text",
    "Transcript",
    "TranscriptError",
    "TranscriptResult",
    "Turn",
    "TurnResult",
    "VisibleText",
    "astream_reply",
    "chunk_text",
    "load_transcript",
    "parse_reply",
    "read_tag",
    "run_transcript",
    "stream_reply",
    "visible_text",
]

# Where each name imported on first use lives.
_LAZY = {
    "Answer": "tagproc.engine.outcome",
    "GameState": "tagproc.engine.state",
    "Member": "tagproc.engine.state",
    "Game": "tagproc.game",
    "astream_reply": "tagproc.middleware",
    "chunk_text": "tagproc.middleware",
    "stream_reply": "tagproc.middleware",
    "PartyError": "tagproc.party",
    "Prompt": "tagproc.prompt.blocks",
    "Renderer": "tagproc.render",
    "TemplateProblem": "tagproc.render",
    "Transcript": "tagproc.transcript",
    "TranscriptError": "tagproc.transcript",
    "TranscriptResult": "tagproc.transcript",
    "load_transcript": "tagproc.transcript",
    "run_transcript": "tagproc.transcript",
    "Turn": "tagproc.turn",
    "TurnResult": "tagproc.turn",
    "VisibleText": "tagproc.visible",
    "visible_text": "tagproc.visible",
}


def _version() -> str:
    """The installed distribution's version (pyproject.toml's, the one place it is written)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("tagproc")
    except PackageNotFoundError:  # run from a work tree that was never installed
        return "0+unknown"


def __getattr__(name: str) -> Any:
    if name == "__version__":
        value: str = _version()
        globals()[name] = value
        return value
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'tagproc' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value
