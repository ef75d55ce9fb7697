"""The market block's facts: the place in force, its size and the price levels (LAYOUT.md §4).

What it says, by case (``status`` in the context):

- the ruleset has no market: nothing (``none``), so the block is left out;
- a market, but no place in force yet (no ``[place:]`` so far): ``unplaced``, one line asking the Game Master
  to say where the scene is with ``[place:]`` first;
- a place without a size (a road, the wilds), or with a size this market does not have: ``closed``, the place
  has no market (``place`` None when it was not named: the template says ``Here``);
- a place with a size: ``open``, its name, the size's label, the default price level and every level with
  its factor (``levels``, the ruleset's order, the default marked).

Nothing is said per seller yet: the markets issue (issue 10) fills the block with each seller there and a
dozen of their wares at the default level. The block cannot be trimmed (one level).
"""

from __future__ import annotations

from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState
from tagproc.prompt.draft import Draft, Fixed

__all__ = ["market_draft"]


def market_draft(state: GameState, rules: Rules) -> Draft:
    """The market's facts at this state (the module docstring says each case)."""
    market = rules.block.market if rules.block else None
    if market is None:
        return Fixed({"status": "none"})
    if state.place is None and state.place_size is None:
        return Fixed({"status": "unplaced"})
    size = next((place for place in market.places if place.id == state.place_size), None)
    if size is None:
        return Fixed({"status": "closed", "place": state.place})
    default = next((level for level in market.prices if level.default), market.prices[0])
    levels = tuple(
        {"label": level.label, "times": level.times, "default": level is default} for level in market.prices
    )
    return Fixed(
        {
            "status": "open",
            "place": state.place,
            "size": size.label,
            "default": default.label,
            "levels": levels,
        }
    )
