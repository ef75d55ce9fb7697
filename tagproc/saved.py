"""Saved games: a game as a versioned JSON document, and back (issue 13; contract, built by the save helper).

``save_game(game)`` (``Game.save()``) writes ``{"format": "tagproc-game", "version": 1, "ruleset": {"id",
"version", "hash"}, "layers", "seed", "party", "events"}``: the party as it began and every turn as played
(``Game.events``). ``load_game(doc, ruleset=...)`` (``Game.load``) rebuilds the game exactly; a document of a
newer version, or saved with another ruleset (id, version or content hash), is a ``SaveError``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tagproc.game import Game

__all__ = ["SAVE_FORMAT", "SAVE_VERSION", "SaveError", "load_game", "save_game"]

SAVE_FORMAT = "tagproc-game"
SAVE_VERSION = 1


class SaveError(ValueError):
    """A saved game that cannot be loaded: what is wrong with it, said plainly."""


def save_game(game: Game) -> dict[str, Any]:
    """The game as a saved document (plain JSON)."""
    raise NotImplementedError("saved games: issue 13")


def load_game(doc: Mapping[str, Any], ruleset: Any = None, **options: Any) -> Game:
    """The game a saved document holds; ``ruleset`` (a shipped name, a path, a ``Ruleset`` or ``Rules``) must
    be the one it was saved with, the document's own ruleset id when None."""
    raise NotImplementedError("saved games: issue 13")
