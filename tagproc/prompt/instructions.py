"""The instructions block's facts (placeholder: its owner replaces this with the real draft)."""

from __future__ import annotations

from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState
from tagproc.prompt.draft import Draft, Fixed

__all__ = ["instructions_draft"]


def instructions_draft(state: GameState, rules: Rules) -> Draft:
    """Nothing yet."""
    return Fixed({})
