"""The inventory block's facts: each bag, its header and its entries, at every level of trimming.

What it says (spec "What reads items" and "Money"; the reference engine's layout where the spec is silent):
the player's bag first, even when it holds nothing, then each other member's that holds something. Each bag's
header is its name and, as the ruleset has them: its load against what the bearer can carry (in the carry
``unit``; ``encumberedAbove`` and ``limit`` read off that member's sheet by ``Rules``, as the carrying rule
reads them), the bound count against ``binding.max`` with the binding's label, every slot as ``<Slot>
<used> of <count>``, and the purse: ``Coin worth 432 pennies`` per family held (in the family's smallest
coin), or ``no coins``. Then its entries (``tagproc.prompt.items``): coins among them, by their labels.

Trimming (issue "Budgets"), in this order, one step a level:
1. the bracket facts of an entry are dropped, from the last entry of the last bag backwards to the first
   entry of the first bag (entries without facts are passed over, so each level takes something away), and
   the block ends by saying for how many items it left them out (``bare``). The first such level drops
   facts at least as long as saying so (``_NOTE_ROOM`` characters, counted short), and a block whose facts
   all together are shorter than that keeps them;
2. then entries themselves, from the end of the last bag backwards, each bag saying how many it left out
   (``… and 12 more items``). A bag's first level of this kind leaves out as many entries as it takes for
   what is left out to be at least as long as saying so (``_MARKER_ROOM`` characters), and a bag whose
   entries all together are shorter than that keeps them: so no level is ever longer than the one before.
The bag headers are never trimmed. Level 0 is everything; ``levels`` is the headers with only the entries
too short to be worth leaving out.

A fake that fools is said by the name it is shown by, marked ``(FAKE: really <name>)`` after its worn
notes, with its true item's facts (``tagproc.prompt.items``); while the block says one, it ends by asking the
GM to keep calling it by the name it is shown by (spec "Honest and dishonest sellers": the block "marks it
... and asks it to keep calling it by the name it is shown by"). The mark is never trimmed with the facts.

Decisions where the spec is silent: a companion whose bag holds nothing is not listed (the reference
engine's); with only the player's bag to list the block is one ``PLAYER INVENTORY`` line, else a ``PARTY
INVENTORY`` line per bag; an empty list of entries is ``nothing``; the load is said to two decimals, and
``encumbered`` once it is past ``encumberedAbove``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from tagproc.engine.money import Coin, worth
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState, Member
from tagproc.prompt.draft import Draft
from tagproc.prompt.inv_words import Number, Words, number
from tagproc.prompt.items import Entry, FactsCache, held_entries

__all__ = ["Bag", "Bound", "InventoryDraft", "Load", "Slot", "Worth", "inventory_draft"]

# How long saying what a bag left out may be (``; … and 12 more items`` and then some): what a bag's first
# trimmed level leaves out is at least this long.
_MARKER_ROOM = 32
# How long saying that item details were left out may be (the block's last line): the first level that
# drops facts drops at least this many characters of them.
_NOTE_ROOM = 72


@dataclass(frozen=True, slots=True)
class Load:
    """What a bag weighs against what its bearer carries unencumbered (``above``) and at most (``limit``)."""

    load: Number
    above: Number | None
    limit: Number | None
    encumbered: bool
    unit: str | None


@dataclass(frozen=True, slots=True)
class Bound:
    label: str
    count: int
    most: int


@dataclass(frozen=True, slots=True)
class Slot:
    label: str
    used: int
    count: int


@dataclass(frozen=True, slots=True)
class Worth:
    """A family's coins in one bag, worth ``worth`` of its smallest coin (named for that many)."""

    family: str
    worth: int
    coin: str


@dataclass(frozen=True, slots=True)
class Bag:
    """One bag: its header (``name``, ``load``, ``bound``, ``slots``, ``purse``: None in a ruleset without
    currencies, empty for no coins), its entries at this level and how many it left out (``more``)."""

    name: str
    load: Load | None
    bound: Bound | None
    slots: tuple[Slot, ...]
    purse: tuple[Worth, ...] | None
    entries: tuple[Entry, ...]
    more: int = 0


def _load(member: Member, state: GameState, rules: Rules) -> Load | None:
    if not rules.has_carry or rules.block is None or rules.block.carry is None:
        return None
    load = rules.load(member, state)
    above = rules.encumbered_above(member, state)
    limit = rules.carry_limit(member, state)
    return Load(
        load=number(load),
        above=None if math.isinf(above) else number(above),
        limit=None if math.isinf(limit) else number(limit),
        encumbered=load > above + 1e-9,
        unit=rules.block.carry.unit,
    )


def _bound(member: Member, state: GameState, rules: Rules) -> Bound | None:
    binding = rules.block.binding if rules.block is not None else None
    if binding is None:
        return None
    count = sum(stack.count for stack in member.bag if stack.bound)
    return Bound(binding.label, count, rules.binding_max(member, state))


def _slots(member: Member, state: GameState, rules: Rules) -> tuple[Slot, ...]:
    slots = rules.block.slots if rules.block is not None else []
    used = dict.fromkeys((slot.id for slot in slots), 0)
    for stack in member.bag:
        item = rules.item_of(stack, state) if stack.worn else None
        for slot, needs in item.slots.items() if item is not None else ():
            if slot in used:
                used[slot] += needs * stack.count
    return tuple(Slot(slot.label, used[slot.id], slot.count) for slot in slots)


def _purse(member: Member, rules: Rules) -> tuple[Worth, ...] | None:
    families = rules.book.families()
    if not families:
        return None
    held: dict[str, int] = {}
    for stack in member.bag:
        if stack.coin is not None:
            held[stack.coin] = held.get(stack.coin, 0) + stack.count
    found: list[Worth] = []
    for family in families:
        coins = tuple(Coin(unit.id, unit.value) for unit in family.units)
        total = worth(coins, held)
        if total > 0:
            smallest = min(family.units, key=lambda unit: unit.value)
            found.append(Worth(family.label, total, rules.coin_name(smallest.id, total)))
    return tuple(found)


def _bag(member: Member, state: GameState, words: Words, cache: FactsCache) -> Bag:
    rules = words.rules
    return Bag(
        name=member.name,
        load=_load(member, state, rules),
        bound=_bound(member, state, rules),
        slots=_slots(member, state, rules),
        purse=_purse(member, rules),
        entries=held_entries(member, state, words, cache),
    )


def _room(entry: Entry) -> int:
    """About how long an entry is without its facts, in characters, with its separator."""
    size = len(entry.name) + 2
    if entry.own_name:
        size += len(entry.own_name) + 3
    if entry.count > 1:
        size += len(str(entry.count)) + 2
    # What is worn and charged, counted short rather than long ("1 worn", "2 of 3"): an entry counted
    # longer than it is could leave out less than saying so takes.
    size += 8 * sum(1 for n in (entry.worn, entry.bound, entry.cursed) if n)
    if entry.charges:
        size += 8 * len(entry.charges) + 11
    if entry.fake:
        size += len(entry.fake) + 16
    if entry.suspected:
        size += sum(len(name) + 2 for name in entry.suspected) + 20
    return size


@dataclass(frozen=True, slots=True)
class InventoryDraft:
    """The inventory's facts: ``bags`` whole, and the trimming plan (see the module docstring)."""

    bags: tuple[Bag, ...]
    party: bool  # another bag than the player's holds something: the block names each bag
    bare_order: tuple[tuple[int, int], ...]  # (bag, entry) whose facts go, in the order they go
    bare_steps: tuple[int, ...]  # how many of ``bare_order`` are bare at each level that drops facts
    kept: tuple[tuple[int, ...], ...]  # after the facts: how many entries each bag keeps, level by level

    @property
    def levels(self) -> int:
        return len(self.bare_steps) + len(self.kept)

    def context(self, level: int) -> Mapping[str, Any]:
        level = max(0, min(level, self.levels))
        steps = self.bare_steps
        bare = set(self.bare_order[: steps[min(level, len(steps)) - 1]] if level and steps else ())
        kept = self.kept[level - len(steps) - 1] if level > len(steps) else None
        bags: list[Bag] = []
        for b, bag in enumerate(self.bags):
            entries = tuple(
                replace(entry, facts=None) if (b, e) in bare else entry for e, entry in enumerate(bag.entries)
            )
            if kept is not None:
                entries = entries[: kept[b]]
            bags.append(replace(bag, entries=entries, more=len(bag.entries) - len(entries)))
        left_bare = sum(1 for b, e in bare if e < len(bags[b].entries))
        fakes = any(entry.fake is not None for bag in bags for entry in bag.entries)
        return {"party": self.party, "bags": tuple(bags), "fakes": fakes, "bare": left_bare}


def _facts_room(entry: Entry) -> int:
    """How long an entry's bracket facts are at least, in characters (its category, rarity and tags)."""
    facts = entry.facts
    if facts is None:
        return 0
    size = len(facts.category) + 3 + sum(len(tag) + 2 for tag in facts.tags)
    return size + (len(facts.rarity) + 2 if facts.rarity else 0)


def _bare_steps(bags: tuple[Bag, ...], order: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    rooms = [_facts_room(bags[b].entries[e]) for b, e in order]
    if sum(rooms) < _NOTE_ROOM:
        return ()  # all the facts together are shorter than saying they were left out: kept
    first, dropped = 0, 0
    while dropped < _NOTE_ROOM:
        dropped += rooms[first]
        first += 1
    return tuple(range(first, len(order) + 1))


def _kept_levels(bags: tuple[Bag, ...]) -> tuple[tuple[int, ...], ...]:
    kept = [len(bag.entries) for bag in bags]
    levels: list[tuple[int, ...]] = []
    for b in reversed(range(len(bags))):
        entries = bags[b].entries
        if sum(_room(entry) for entry in entries) < _MARKER_ROOM:
            continue  # shorter than saying how many they are: kept
        dropped = 0
        while kept[b] > 0 and dropped < _MARKER_ROOM:
            kept[b] -= 1
            dropped += _room(entries[kept[b]])
        levels.append(tuple(kept))
        while kept[b] > 0:
            kept[b] -= 1
            levels.append(tuple(kept))
    return tuple(levels)


def inventory_draft(state: GameState, rules: Rules) -> Draft:
    """The inventory block's facts for ``state``: the player's bag, then each other member's that holds
    something."""
    words = Words(rules)
    cache: FactsCache = {}
    members = [state.party[0], *(member for member in state.party[1:] if member.bag)]
    bags = tuple(_bag(member, state, words, cache) for member in members)
    bare_order = tuple(
        (b, e)
        for b in reversed(range(len(bags)))
        for e in reversed(range(len(bags[b].entries)))
        if bags[b].entries[e].facts is not None
    )
    return InventoryDraft(bags, len(bags) > 1, bare_order, _bare_steps(bags, bare_order), _kept_levels(bags))
