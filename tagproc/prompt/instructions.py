"""The instructions block's facts: the tags taught to the GM, only as this ruleset has them.

``instructions_draft(state, rules)`` works out which commands the ruleset has and the words their examples
are written in (``teach_items``, ``teach_sheet``); ``prompts/blocks/instructions.jinja`` says them in the
reference engine's layout, so a prompt written for it reads the same here (DESIGN.md "Tags the GM writes"):
a ``COMMANDS:`` list, one command a line ``- <example tag> - <when and how>``, continuations indented two
spaces, the inventory group in the order base lines, catalog, native false, invent form, words, carry,
wear, bind, use, pay/earn, place, buy, sell, reveal, inspect, loot; then ``CHARACTER SHEETS:`` with a line per ``[sheet:]`` op.

What is taught, by condition (spec: "only a ruleset with ... has them"):
- always: add, remove and give, and that ``result``/``now``/``reason`` are never written;
- the catalog line with any ruleset item; the ``native: false`` line; the invented-item form (and its
  words) where ``propose`` is not false; the carry line with ``carry``;
- equip/unequip with slots; bind/unbind with binding (its label); use where some item has a use;
- pay/earn with currencies left after the layers; ``[place:]`` and buy with a market (sell and
  ``day="new"`` with a market day); reveal and inspect with fakes or a way of spotting them
  (``teach_fakes``: ``with=`` with ``revealsFakes``, and a held buy's line under buy with a dishonest
  seller); ``[loot:]`` with loot tables, listed ``id (Label)``;
- each ``[sheet:]`` op where the sheet has its pools, tracks, conditions, fields or rests.

Every example is a tag tagproc reads and runs as written: one action a tag (the reference's
``action="add|remove|give"`` is unreadable here, so each action has its own line), the ruleset's own
items, coins, rests and pools, and a party member's name for ``who=`` where the party has one beside the
player (no ``who=`` otherwise: the player's own bag, and no ``who="party"``, which a party of one reads as
the player). A party of one still has the give line, its example giving to the player (answered
``no-recipient``: there is nobody else to give to).

Levels of trimming (each only takes away, so no level is longer than the one before):
0. everything;
1. without the invented-item form's word lists (categories, rarities, tags, stats, slots, skills, saves,
   abilities, each rarity's most);
2. without the explaining continuations (catalog, native false, carry, the change grammar of an invented
   item, the sheet's notes): each command line stays, with the lists it names (coins, tables, rests...);
3. without the invented-item form: the command lines and the never-write rule only;
4. and on, one command (or pair: spend/restore, damage/temp, place/buy, pay/earn) a level, from the last
   the block says back to the first after give: rest, note, condition, wound damage, track, damage/temp,
   spend/restore (the ``CHARACTER SHEETS:`` heading goes with the last of them), loot, reveal/inspect, sell,
   place/buy,
   pay/earn, use, bind, equip; the block ends by saying how many commands it left out (``left_out``). The
   add, remove and give lines and the never-write rule are never left out.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState
from tagproc.names import Word
from tagproc.prompt.draft import Draft
from tagproc.prompt.teach_fakes import FakesFacts, fakes_of
from tagproc.prompt.teach_items import (
    Bind,
    Gear,
    Invent,
    InventWords,
    MarketFacts,
    Money,
    bind_of,
    gear_of,
    invent_of,
    invent_words_of,
    loot_of,
    market_of,
    money_of,
)
from tagproc.prompt.teach_sheet import SheetFacts, sheet_of

__all__ = ["Instructions", "instructions_draft"]

LEVELS = 3  # the levels that leave out explanations (see the module docstring); then commands go


def _without_sheet_part(sheet: SheetFacts | None, part: str) -> SheetFacts | None:
    if sheet is None:
        return None
    empty: dict[str, Any] = {
        "rests": (),
        "field": None,
        "conditions": (),
        "wound": None,
        "tracks": (),
        "health": None,
        "pools": (),
    }
    kept = dataclasses.replace(sheet, **{part: empty[part]})
    return kept if any(getattr(kept, name) for name in empty) else None


# What each level past LEVELS leaves out, in order, and how many command lines it takes: the last command
# the block says goes first (the template's order, read backwards).
_SHEET_PARTS = (
    ("rests", 1),
    ("field", 1),
    ("conditions", 1),
    ("wound", 1),
    ("tracks", 1),
    ("health", 2),
    ("pools", 2),
)


@dataclass(frozen=True, slots=True)
class Instructions:
    """The block's facts at level 0; ``context(level)`` leaves out what each level trims."""

    player: str
    member: str | None  # a party member beside the player, for who= in the examples
    gear: Gear | None  # None: a ruleset without items (the template's own words)
    catalog: bool
    native: bool
    carry: bool
    invent: Invent | None
    words: InventWords | None
    bind: Bind | None
    money: Money | None
    market: MarketFacts | None
    fakes: FakesFacts | None
    tables: tuple[Word, ...]
    table: str | None
    sheet: SheetFacts | None
    details: bool = True

    left_out: int = 0  # commands left out to fit

    @property
    def levels(self) -> int:
        return LEVELS + len(self._cuts())

    def _cuts(self) -> list[tuple[str, str, int]]:
        """The commands this block says that a level may leave out, last first: (what, part, lines)."""
        cuts: list[tuple[str, str, int]] = []
        sheet = self.sheet
        for part, lines in _SHEET_PARTS:
            if sheet is not None and getattr(sheet, part):
                cuts.append(("sheet", part, lines))
        if self.tables:
            cuts.append(("tables", "", 1))
        if self.fakes is not None:
            cuts.append(("fakes", "", 2 if self.fakes.reveal else 1))
        if self.market is not None and self.market.sells:
            cuts.append(("sells", "", 1))
        if self.market is not None:
            cuts.append(("market", "", 2))
        if self.money is not None:
            cuts.append(("money", "", 2))
        if self.gear is not None and self.gear.use:
            cuts.append(("use", "", 1))
        if self.bind is not None:
            cuts.append(("bind", "", 1))
        if self.gear is not None and self.gear.equip:
            cuts.append(("equip", "", 1))
        return cuts

    def context(self, level: int) -> Mapping[str, Any]:
        """The template's facts at ``level`` (0 <= level <= ``levels``)."""
        if not 0 <= level <= self.levels:
            raise ValueError(f"level {level} is not between 0 and {self.levels}")
        kept = self
        if level >= 1:
            kept = dataclasses.replace(kept, words=None)
        if level >= 2:
            kept = dataclasses.replace(kept, details=False)
        if level >= 3:
            kept = dataclasses.replace(kept, invent=None)
        for what, part, lines in self._cuts()[: max(0, level - LEVELS)]:
            kept = _without(kept, what, part, lines)
        return {field.name: getattr(kept, field.name) for field in dataclasses.fields(kept)}


def _without(kept: Instructions, what: str, part: str, lines: int) -> Instructions:
    """``kept`` without one of its commands (``Instructions._cuts``), counted in ``left_out``."""
    replace = dataclasses.replace
    if what == "sheet":
        kept = replace(kept, sheet=_without_sheet_part(kept.sheet, part))
    elif what == "tables":
        kept = replace(kept, tables=())
    elif what == "fakes":
        kept = replace(kept, fakes=None)
    elif what == "sells" and kept.market is not None:
        kept = replace(kept, market=replace(kept.market, sells=False))
    elif what == "market":
        kept = replace(kept, market=None)
    elif what == "money":
        kept = replace(kept, money=None)
    elif what == "bind":
        kept = replace(kept, bind=None)
    elif kept.gear is not None:  # use or equip
        kept = replace(kept, gear=replace(kept.gear, **{what: None}))
    return replace(kept, left_out=kept.left_out + lines)


def instructions_draft(state: GameState, rules: Rules) -> Draft:
    """The instructions block for this game: what its ruleset has, in its own words."""
    block = rules.block
    party = state.party
    tables, table = loot_of(rules)
    return Instructions(
        player=party[0].name if party else "",
        member=party[1].name if len(party) > 1 else None,
        gear=gear_of(rules),
        catalog=bool(rules.book.items()),
        native=block.native if block is not None else True,
        carry=rules.has_carry,
        invent=invent_of(rules),
        words=invent_words_of(rules),
        bind=bind_of(rules),
        money=money_of(rules),
        market=market_of(rules),
        fakes=fakes_of(rules),
        tables=tables,
        table=table,
        sheet=sheet_of(rules),
    )
