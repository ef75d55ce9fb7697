"""Blocks: what the model is told at a turn start, each block fitted into its token budget.

A ``Prompt`` is the blocks in their order (LAYOUT.md §1): ``instructions``, ``inventory``,
``market``, ``recap``; its ``text`` is their texts joined by a blank line and its ``tokens`` the sum of
theirs (the blank lines between blocks are not counted: a caller that joins the blocks its own way adds its
own separators).

Default budgets (tokens, as the bundled encoding counts them; ``Game(budgets={...})`` and ``tagproc preview
--budget NAME=TOKENS`` change any of them, the rest keep these):

============  ======  ===========================================================================
block         budget  what it holds
============  ======  ===========================================================================
instructions  2500    the tags this ruleset has, with examples in its own words
inventory     1500    each bag, its load, slots and coins, and each item's facts
market        600     the place in force, its sellers and wares; on a market day, stock and purse
recap         400     what the last Game Master reply (and the turns after it) changed
============  ======  ===========================================================================

Fitting a block (``fit_block``): its draft is rendered at level 0 (everything) and counted. Within budget,
that is the block. Over it, the lowest level that fits is found by binary search over levels 1 to the last
(a draft's levels only ever take away, so the texts shrink as the level grows), and the block says
``trimmed``. When even the last level (the least the block may say: the bag headers, the newest recap line)
is over budget, the last level is kept anyway, ``trimmed`` when the draft has levels, and the block is
``over_budget``: nothing the block must say is ever cut, the budget is a target and the result says it
missed it (a warning is logged, and ``tagproc preview`` prints ``over budget``). A block whose text is empty
(a recap after a reply that changed nothing, the market of a ruleset without one) is left out.

Invariants: each block's ``tokens`` is ``count_tokens(text)`` of its own text; a block is rendered at most
once per level it tries (level 0 and about log2(levels) more); a ``Prompt`` and its blocks are frozen values.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

from tagproc.prompt.draft import Draft

if TYPE_CHECKING:
    from tagproc.engine.rules import Rules
    from tagproc.engine.state import GameState
    from tagproc.render import Renderer
    from tagproc.turn import TurnResult

__all__ = [
    "BLOCK_NAMES",
    "DEFAULT_BUDGETS",
    "Block",
    "CountTokens",
    "Prompt",
    "build_prompt",
    "fit_block",
    "resolve_budgets",
]

_LOG = logging.getLogger(__name__)

CountTokens = Callable[[str], int]

#: The blocks in the order a prompt carries them (LAYOUT.md §1).
BLOCK_NAMES: Final = ("instructions", "inventory", "market", "recap")

#: Each block's budget in tokens when none is given (the module docstring says why each).
DEFAULT_BUDGETS: Final[Mapping[str, int]] = MappingProxyType(
    {"instructions": 2500, "inventory": 1500, "market": 600, "recap": 400}
)


@dataclass(frozen=True, slots=True)
class Block:
    """One block as the model reads it: its ``text``, its ``tokens`` (the counter's count of ``text``), its
    ``budget`` and whether it was ``trimmed`` (rendered past level 0 to fit)."""

    name: str
    text: str
    tokens: int
    budget: int
    trimmed: bool

    @property
    def over_budget(self) -> bool:
        """Even the least this block may say is over its budget (it was kept anyway)."""
        return self.tokens > self.budget

    def to_json(self) -> dict[str, Any]:
        """``{"name", "text", "tokens", "budget", "trimmed"}``."""
        return {
            "name": self.name,
            "text": self.text,
            "tokens": self.tokens,
            "budget": self.budget,
            "trimmed": self.trimmed,
        }


@dataclass(frozen=True, slots=True)
class Prompt:
    """The blocks of one turn start, in order; a block with nothing to say is not among them."""

    blocks: tuple[Block, ...]

    @property
    def text(self) -> str:
        """The blocks' texts joined by a blank line."""
        return "\n\n".join(block.text for block in self.blocks)

    @property
    def tokens(self) -> int:
        """The sum of the blocks' tokens."""
        return sum(block.tokens for block in self.blocks)

    def block(self, name: str) -> Block | None:
        """The block called ``name``, or None when it was left out (or there is no such block)."""
        return next((block for block in self.blocks if block.name == name), None)

    def to_json(self) -> dict[str, Any]:
        """``{"blocks": [{"name", "text", "tokens", "budget", "trimmed"}], "tokens": total}``."""
        return {"blocks": [block.to_json() for block in self.blocks], "tokens": self.tokens}


def resolve_budgets(budgets: Mapping[str, int] | None) -> Mapping[str, int]:
    """The defaults with ``budgets`` over them; ``ValueError`` for an unknown block or a budget below 1."""
    if not budgets:
        return DEFAULT_BUDGETS
    merged = dict(DEFAULT_BUDGETS)
    for name, budget in budgets.items():
        if name not in DEFAULT_BUDGETS:
            raise ValueError(f"no block called {name!r} (the blocks: {', '.join(BLOCK_NAMES)})")
        if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
            raise ValueError(f"the {name} budget is a whole number of tokens, 1 or more, not {budget!r}")
        merged[name] = budget
    return MappingProxyType(merged)


def fit_block(
    name: str, draft: Draft, budget: int, renderer: Renderer, count_tokens: CountTokens
) -> Block | None:
    """The block ``name`` from ``draft`` at the lowest level whose text fits ``budget`` tokens (the module
    docstring says what happens when none does); None when its text is empty."""
    texts: dict[int, tuple[str, int]] = {}

    def at(level: int) -> tuple[str, int]:
        found = texts.get(level)
        if found is None:
            text = renderer.render_block(name, draft.context(level))
            found = texts[level] = (text, count_tokens(text))
        return found

    level = 0
    if at(0)[1] > budget and draft.levels > 0:
        low, high = 1, draft.levels  # the answer is in [low, high]; high is kept even if it does not fit
        while low < high:
            middle = (low + high) // 2
            if at(middle)[1] <= budget:
                high = middle
            else:
                low = middle + 1
        level = high
    text, tokens = at(level)
    if not text:
        return None
    if tokens > budget:
        _LOG.warning("the %s block is %d tokens, over its budget of %d, at its least", name, tokens, budget)
    return Block(name, text, tokens, budget, trimmed=level > 0)


def build_prompt(
    state: GameState,
    rules: Rules,
    turns: Sequence[TurnResult],
    renderer: Renderer,
    budgets: Mapping[str, int],
    count_tokens: CountTokens,
) -> Prompt:
    """The prompt at a turn start: ``state`` the state it starts from, ``turns`` what the recap covers (the
    last Game Master reply and the turns after it, ``recap_turns``)."""
    from tagproc.prompt.instructions import instructions_draft
    from tagproc.prompt.inventory import inventory_draft
    from tagproc.prompt.market import market_draft
    from tagproc.prompt.recap import recap_draft

    drafts: dict[str, Draft] = {
        "instructions": instructions_draft(state, rules),
        "inventory": inventory_draft(state, rules),
        "market": market_draft(state, rules),
        "recap": recap_draft(turns, rules),
    }
    blocks = (fit_block(name, drafts[name], budgets[name], renderer, count_tokens) for name in BLOCK_NAMES)
    return Prompt(tuple(block for block in blocks if block is not None))
