"""Drafts: a block's facts at each level of trimming, from everything (level 0) to the least it may say.

A block over its token budget is rendered at the lowest level that fits (``tagproc.prompt.blocks``), so a
draft's levels must only ever take away: the text at level ``n + 1`` is never longer than at ``n``. The
last level (``levels``) is the least the block may say (the bag headers of the inventory, say); the
context of a trimmed level carries what it left out (``more_items=12``) for the template to say so.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

__all__ = ["Draft", "Fixed"]


class Draft(Protocol):
    """A block's facts: ``context(level)`` for each level from 0 (all of it) to ``levels`` (the least)."""

    @property
    def levels(self) -> int:
        """How many levels of trimming there are past level 0 (0: the block cannot be trimmed)."""
        ...

    def context(self, level: int) -> Mapping[str, Any]:
        """What the template is given at ``level`` (0 <= level <= levels)."""
        ...


@dataclass(frozen=True, slots=True)
class Fixed:
    """A draft that cannot be trimmed: the same context at its only level."""

    facts: Mapping[str, Any]

    @property
    def levels(self) -> int:
        return 0

    def context(self, level: int) -> Mapping[str, Any]:
        return self.facts
