"""State: the party, their sheets and bags, the items the GM invented, the journal and the place in force.

Everything is a frozen pydantic model and serialises to JSON (``GameState.model_dump_json()``), so a
snapshot is a value: the game caches one per turn and a refusal can be checked byte for byte.

Invariants:
- The first member is the player; the rest follow in party order. Names are unique (case-insensitive).
- A stack's ``count`` is at least 1; a stack that would reach 0 is removed from its bag.
- A stack is exactly one of: a ruleset item (``item`` = "catalog/entry"), a coin (``coin`` = coin id), an
  invented item (``invented`` = its key in ``GameState.invented``), or a plain item (none of them).
- Nothing here is ever mutated: the engine builds new values and ``evolve`` swaps them in. On the hot path
  they are built without validating again (``tagproc.engine.trusted``: ``trusted_stack``, ``pool_state``,
  ``journal_entry``, ``replaced`` for ``model_copy``), and only from values already checked (STYLE.md), so a
  value survives ``Model.model_validate(value.model_dump())`` unchanged (``tests/test_engine_trusted.py``).
"""

from __future__ import annotations

import unicodedata
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from tagproc.engine.trusted import trusted
from tagproc.notes import Note
from tagproc.ruleset import Item

__all__ = [
    "GameState",
    "InventedItem",
    "JournalEntry",
    "MarketDay",
    "Member",
    "PoolState",
    "SheetState",
    "Stack",
    "journal_entry",
    "pool_state",
    "trusted_stack",
]

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class Stack(BaseModel):
    """One stack in a bag. ``name`` is what it is called: the item's label, the coin's label, or a name."""

    model_config = _FROZEN

    name: str = Field(min_length=1, max_length=120)
    count: int = Field(ge=1)
    item: str | None = None
    coin: str | None = None
    invented: str | None = None
    worn: bool = False  # equipped: it takes its slots (spec "Items on the sheet": slots)
    bound: bool = False
    charges: int | None = None  # charges left, for an item that holds them (None: full, never used)
    loaded: int | None = None  # a weapon's loaded count (None: loaded, never fired)
    toggled: bool = False
    # The GM's unbind ended this item's curse (spec "Items on the sheet": binding): its ``cursed`` no longer
    # holds for this stack, so it can be taken off, given and removed like any item.
    curse_ended: bool = False
    # A fake that still fools (spec "Honest and dishonest sellers"): ``item`` is what it truly is, ``name`` the
    # label of the item it passes for, and ``passes_as`` that item's ref (a name of it finds this stack too).
    # Found out, ``passes_as`` is None and ``name`` its true label: from then on it is its true item.
    passes_as: str | None = None
    suspected_by: tuple[str, ...] = ()  # members who think it is a fake (an inspect's success)
    inspected_by: tuple[str, ...] = ()  # members who have looked it over (once per character per item)


class PoolState(BaseModel):
    """A live pool: its current value and temporary points on top."""

    model_config = _FROZEN

    current: int
    temp: int = 0


class SheetState(BaseModel):
    """The slice of a character's sheet that items and the GM's ``[sheet:]`` tags read and write.

    What is left out reads the ruleset's default: an ability its ``default``, a pool full, a track its
    ``default`` (or ``min``).
    """

    model_config = _FROZEN

    abilities: dict[str, float] = Field(default_factory=dict)
    fields: dict[str, float | str | bool] = Field(default_factory=dict)
    pools: dict[str, PoolState] = Field(default_factory=dict)
    tracks: dict[str, int] = Field(default_factory=dict)
    conditions: tuple[str, ...] = ()
    states: dict[str, str] = Field(default_factory=dict)


class Member(BaseModel):
    """A party member: the player is the first."""

    model_config = _FROZEN

    name: str = Field(min_length=1, max_length=120)
    sheet: SheetState = Field(default_factory=SheetState)
    bag: tuple[Stack, ...] = ()
    # The starting gear groups this member has taken (spec "Starting gear": "the gear a character takes once
    # of each group"): ``group:<id>`` for a gear's group, ``gear:<id>`` for a gear without one (its own group,
    # never the same as a group of the same name). Sorted, each once.
    gear_taken: tuple[str, ...] = ()


class InventedItem(BaseModel):
    """An item the GM invented this game, held to the ruleset (spec "The Game Master invents items")."""

    model_config = _FROZEN

    key: str  # its name folded (lower case, single spaces): the same name is this item for the game
    name: str
    item: Item
    like: str | None = None  # the ruleset item ("catalog/entry") it started from or fights as
    summary: str | None = None
    changes: tuple[Note, ...] = ()  # what was changed to hold it to the ruleset, for the item's details


JournalKind = Literal[
    "acquired", "used", "lost", "spent", "earned", "given", "changed", "left-behind", "bought", "sold"
]


class JournalEntry(BaseModel):
    """One line of the journal: what was acquired, used, lost, spent, earned."""

    model_config = _FROZEN

    kind: JournalKind
    who: str
    text: str  # what: an item or coin's name with its count ("Hand axe ×1", "3 shillings")
    to: str | None = None  # a gift's receiver
    price: str | None = None  # what a buy cost or a sale fetched, as the answer's ``price=`` says it
    # What brought it about, for the recap, where the kind alone does not say (an action between replies):
    # ``gear:<gear label>``, ``loot:<table label>`` (a fight's drop), ``picked-up``, ``shot``, ``spent``,
    # ``used-up``, ``broke``. None for everything a tag does.
    source: str | None = None


class MarketDay(BaseModel):
    """The market day in force (spec "A market day"): at which place, its dice, and what today has taken.

    A day starts when a Game Master's reply names another place with a market, or the same one with
    ``day="new"``, and lasts until another place is named. ``seed`` is the day's dice, worked out from
    ``(game seed, the place's name and size, the position of the reply that started the day)``, so a
    swipe, a regenerated reply or a branch rolls the same shelf and nothing else needs storing: what the
    day keeps on hand (``limited`` counts, each seller's ``stock``) is rolled from ``seed`` whenever it is
    read (``tagproc.engine.marketday``). Only what the day has *taken* is counted here, each a sorted tuple
    of pairs so that equal days are equal values.
    """

    model_config = _FROZEN

    place: str | None  # the place's name as said (None: a size said without a name)
    size: str  # the place size's id (a day needs a market: no size, no day)
    seed: int
    bought: tuple[tuple[str, int], ...] = ()  # item ref -> bought today off the shelves (limited items)
    stock_bought: tuple[tuple[str, str, int], ...] = ()  # (seller id, item ref, bought out of their stock)
    # currency family id -> paid out to sellers today, in its smallest coin
    paid_out: tuple[tuple[str, int], ...] = ()
    # (seller id, the fake's ref): a buy a companion held today; the same buy asked again goes through.
    held: tuple[tuple[str, str], ...] = ()
    # (member name, seller id, item ref): a ware a member has looked over today (once per market day).
    inspected: tuple[tuple[str, str, str], ...] = ()


class GameState(BaseModel):
    """The whole state a turn starts from."""

    model_config = _FROZEN

    party: tuple[Member, ...] = Field(min_length=1)
    invented: tuple[InventedItem, ...] = ()
    journal: tuple[JournalEntry, ...] = ()
    place: str | None = None  # the place in force (its name) and its size id, if it has a market
    place_size: str | None = None
    # The market day a reply's buys and sells are priced at: the day in force when the reply *ends* (spec
    # "Buying": priced at the place in force when the reply ends), set by the turn before the reply's tags
    # run (``tagproc.turn``); None without a market place. Between turns it is the day at ``place``.
    day: MarketDay | None = None

    def member_index(self, name: str | None) -> int | None:
        """The index of the member called ``name``; the player's (0) for None; None for nobody or for a name
        two members share once accents and punctuation are set aside (``members_called``)."""
        if name is None:
            return 0
        # The usual name, a member's own in any case: ``members_called``'s first loop, without its tuple.
        folded = " ".join(name.split()).casefold()
        for index, member in enumerate(self.party):
            if member.name.casefold() == folded:
                return index
        found = self.members_called(name)
        return found[0] if len(found) == 1 else None

    def members_called(self, name: str) -> tuple[int, ...]:
        """Every member ``name`` names (CONVENTIONS.md §3: any case, accents, punctuation): the one of that
        very name (any case) when there is one, else all whose names fold alike."""
        folded = " ".join(name.split()).casefold()
        for index, member in enumerate(self.party):
            if member.name.casefold() == folded:
                return (index,)
        loose = _fold_name(name)
        return tuple(i for i, member in enumerate(self.party) if loose and _fold_name(member.name) == loose)

    def invented_item(self, key: str) -> InventedItem | None:
        for invented in self.invented:
            if invented.key == key:
                return invented
        return None


# Builders from checked values, without validating again (``tagproc.engine.trusted``). A stack's ``count >= 1``
# and its name's length are not promised by their types: ``bags.new_stack`` and ``bags.with_count`` check them.
trusted_stack = trusted(Stack)
pool_state = trusted(PoolState)
journal_entry = trusted(JournalEntry)


def _fold_name(name: str) -> str:
    """A name without case, accents or punctuation: ``Zoë`` and ``zoe`` and ``Zo-e`` fold alike."""
    bare = unicodedata.normalize("NFKD", name.casefold())
    kept = "".join(ch for ch in bare if ch.isalnum() or ch.isspace())
    return " ".join(kept.split())
