"""Rules: one ruleset as the engine reads it, with the carrying rule's arithmetic.

``Rules`` wraps a loaded ``Ruleset`` and its ``ItemBook`` (layers applied) and answers what every engine
module asks: what a stack is (``item_of``), what it weighs, a character's load and limits, slots,
``binding.max``, coin families, and the names the normaliser resolves against (``names``), which include
the items the GM invented this game. It is built once per game and shared by every turn; it holds no
game state.

It memoises what a chat asks again and again, each a function of immutable inputs alone: a sheet-only read
(``read(live=False)``: pool and track maxima, the carry numbers) by the reference and the sheet's abilities
and fields; a ruleset item's or coin's unit weight; a bag's load by the (immutable) bag, when no invented
item is in it; each of the ruleset's lists by folded id and label (``index``); a coin's and a ruleset item's
``Resolved`` (``bags.resolve``; ``What`` and ``Resolved`` are defined here for it). The memos keep what their
keys are made from alive (so an ``id`` in a key stays that object's) and are bounded. It also holds the
ruleset's item labels as one ``LabelSet`` (``label_set``), on which the normaliser keeps its looser match's
index of them: built once, shared by every game of these rules; a game's invented items are a second,
small layer on its ``names`` (``ItemNames.label_layers``).

Invariants: weights are floats of the carry stat's unit (a stat may be ``integer: false``); money is never
a float (coins are counted, ``engine/money.py``). Nothing here changes a state; a memo gives what working the
value out afresh gives.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence
from functools import cached_property
from types import MappingProxyType
from typing import NamedTuple, Protocol

from tagproc.engine import money
from tagproc.engine.market import MarketBook
from tagproc.engine.money import Coin
from tagproc.engine.state import GameState, Member, Stack
from tagproc.names import CoinName, GameWords, LabelSet, ProposalWords, StatWord, Word, fold
from tagproc.ruleset import BookCoin, BookItem, Item, ItemBook, Ruleset, ValueContext, evaluate
from tagproc.ruleset.item import HeldEffects
from tagproc.ruleset.refs import ItemStatQuery

__all__ = ["CoinFamily", "Resolved", "Rules", "What", "stack_key"]

# The memos' bounds, kept small: a memo keeps what its keys are made from alive, and a game must not retain
# more for being long (a turn's retained memory is a goal of its own). What a chat asks again is the party's
# sheets and bags as they stand, a few of each.
_MOST_FIXED = 256  # ``Rules._fixed``: (reference, sheet) pairs, a few numbers each
_MOST_LOADS = 64  # ``Rules._loads``: bags, each kept alive while it is a key


class Named(Protocol):
    """An entry of the ruleset's lists as ``Rules.index`` reads it: an id and a label."""

    @property
    def id(self) -> str: ...

    @property
    def label(self) -> str: ...


class Holding(Protocol):
    """What a stack is, as ``item_of`` and ``unit_weight`` read it: a ``Stack``, or a ``bags.What`` coming in."""

    @property
    def item(self) -> str | None: ...

    @property
    def coin(self) -> str | None: ...

    @property
    def invented(self) -> str | None: ...


# ``What`` and ``Resolved`` (``bags`` owns what they mean and re-exports them) are named tuples, not frozen
# dataclasses: as immutable, and made some twenty times a reply (a frozen dataclass sets each field through
# ``object.__setattr__``, several times the cost). They live here so that ``Rules`` can keep those of its
# coins and items (``coin_resolved``, ``entry_resolved``).
class What(NamedTuple):
    """What a stack is. Exactly one of ``item``, ``coin`` and ``invented`` is set, or none for a plain item."""

    name: str  # what a new stack is called: the item's label, the coin's label, the invented or plain name
    item: str | None = None  # "catalog/entry"
    coin: str | None = None
    invented: str | None = None  # the invented item's key
    passes_as: str | None = None  # a fake's: the ref of the item it is shown as (``Stack.passes_as``)


class Resolved(NamedTuple):
    """A name resolved against the ruleset and the game: what it is, and the rules its stacks follow."""

    what: What
    item: Item | None  # None for a coin or a plain item

    @property
    def is_plain(self) -> bool:
        return self.what.item is None and self.what.coin is None and self.what.invented is None


class CoinFamily(NamedTuple):
    """One coin family as a payment reads it (``Rules.coin_family``)."""

    coins: tuple[Coin, ...]  # smallest first: ``Rules.family``
    largest: tuple[Coin, ...]  # the same coins, largest first (``money.plan_payment``'s ``largest``)
    values: Mapping[str, int]  # each coin's worth in the smallest coin, by id (``Rules.coin_tables``)
    labels: Mapping[str, str]  # each coin's label, by id
    sound: bool  # ``money.check_family`` passed it (``Rules.is_sound_family``)


def stack_key(name: str) -> str:
    """A name as bags and invented items compare it (``fold``: case, ``_``/``-``, spaces)."""
    return fold(name)


class Rules:
    """A ruleset, read for the engine."""

    def __init__(self, ruleset: Ruleset, layers: Sequence[str] = ()) -> None:
        self.ruleset = ruleset
        self.book = ItemBook(ruleset, layers)
        self.block = ruleset.items
        # ``read(live=False)``'s numbers (pool and track maxima, the carry numbers, ``binding.max``): each a
        # function of the reference (the ruleset's own, kept here so its id stays its) and the sheet's
        # abilities and fields alone, which a member keeps from turn to turn. Bounded: cleared when full.
        self._fixed: dict[tuple[object, ...], tuple[object, float]] = {}
        # What one of a ruleset item or a coin weighs (``unit_weight``): the book's data, by ref or coin id.
        self._weights: dict[tuple[str, str], float] = {}
        # ``load``: what a bag weighs, by the bag (kept here, so its id stays its own): a bag is an immutable
        # tuple that a member keeps from turn to turn until it changes. Only bags without invented items,
        # whose weights are the book's alone. Bounded: cleared when full.
        self._loads: dict[int, tuple[tuple[Stack, ...], float]] = {}
        # ``index``: each of the ruleset's own lists (pools, tracks, rests...) by folded id and label.
        self._indexes: dict[int, tuple[object, dict[str, object], dict[str, object]]] = {}
        # ``coin_resolved`` and ``entry_resolved``: a coin of the book, by id, and a ruleset item, by its ref
        # (with the entry, so that an entry of another book is never taken for it), resolved. At most one a
        # coin and one an item of the book.
        self._coins_resolved: dict[str, Resolved] = {}
        self._entries_resolved: dict[str, tuple[BookItem, Resolved]] = {}
        # ``label_resolved``: a ruleset item's ``Resolved`` by its own label (at most one an item of the book).
        self._labels_resolved: dict[str, Resolved] = {}

    # -- items ------------------------------------------------------------------------------------

    def item_of(self, stack: Holding, state: GameState) -> Item | None:
        """The rules a stack follows: its ruleset item or invented item; None for coins and plain items."""
        if stack.item is not None:
            entry = self.book.get(stack.item)
            return entry.item if entry else None
        if stack.invented is not None:
            invented = state.invented_item(stack.invented)
            return invented.item if invented else None
        return None

    def keepers(self, condition_id: str) -> frozenset[str]:
        """The refs of the book's items that keep ``condition_id`` off their holder, worn or carried
        (``conditionImmunities``): the only ruleset items ``LiveSheet.immunity`` can find in a bag."""
        return self._keepers.get(condition_id, frozenset())

    @cached_property
    def _keepers(self) -> dict[str, frozenset[str]]:
        found: dict[str, set[str]] = {}
        for entry in self.book.items():  # every item a game can have (the book's items never change)
            for held in (entry.item.worn, entry.item.carried):
                for condition_id in held.condition_immunities if held is not None else ():
                    found.setdefault(condition_id, set()).add(entry.ref)
        return {condition_id: frozenset(refs) for condition_id, refs in found.items()}

    def entry(self, ref: str) -> BookItem | None:
        return self.book.get(ref)

    def entry_resolved(self, entry: BookItem) -> Resolved:
        """A ruleset item as ``bags.resolve`` resolves it: named by its label, its stacks its ref's, following
        its rules (made once an item: the book's items never change)."""
        found = self._entries_resolved.get(entry.ref)
        if found is not None and found[0] is entry:
            return found[1]
        resolved = Resolved(What(entry.label, item=entry.ref), entry.item)
        self._entries_resolved[entry.ref] = (entry, resolved)
        return resolved

    def label_resolved(self, label: str) -> Resolved | None:
        """``entry_resolved`` of the item ``book.find(label)`` finds, None for none: what ``bags.resolve`` makes
        of an ``ItemRef``'s label (the normaliser's, an item's own). Kept for a label that is its item's own,
        so at most one an item of the book (the book never changes)."""
        found = self._labels_resolved.get(label)
        if found is not None:
            return found
        entry = self.book.find(label)
        if entry is None:
            return None
        resolved = self.entry_resolved(entry)
        if entry.label == label:
            self._labels_resolved[label] = resolved
        return resolved

    def coin_resolved(self, coin_id: str) -> Resolved:
        """A coin of the book (``coin_id`` one of ``coins_by_id``) as ``bags.resolve`` resolves it: named by
        its label, following no item's rules (made once a coin: the book's coins never change)."""
        found = self._coins_resolved.get(coin_id)
        if found is None:
            found = Resolved(What(self.coins_by_id[coin_id].label, coin=coin_id), None)
            self._coins_resolved[coin_id] = found
        return found

    @cached_property
    def market(self) -> MarketBook | None:
        """The market as this game's layers leave it (``engine/market.py``); None for a ruleset without one."""
        market = self.block.market if self.block is not None else None
        return MarketBook(self.book, market) if market is not None else None

    def stack_limit(self, item: Item | None) -> int | None:
        """The most one stack holds (None: no limit): ``stack``, and one for an item that holds charges."""
        if item is None:
            return None
        if item.is_one_to_a_stack:
            return 1
        return item.stack

    def index(self, entries: Sequence[Named]) -> tuple[dict[str, object], dict[str, object]]:
        """One of the ruleset's own lists (its pools, tracks, conditions, rests...) by ``stack_key`` of each
        entry's id and of its label, the first of each key kept: what ``sheet.find`` looks a name up in, built
        once per list (the list is kept here, so its id stays its own; the ruleset's lists never change)."""
        found = self._indexes.get(id(entries))
        if found is None or found[0] is not entries:
            ids: dict[str, object] = {}
            labels: dict[str, object] = {}
            for entry in entries:
                ids.setdefault(stack_key(entry.id), entry)
                labels.setdefault(stack_key(entry.label), entry)
            found = self._indexes[id(entries)] = (entries, ids, labels)
        return found[1], found[2]

    # -- coins ------------------------------------------------------------------------------------

    @cached_property
    def coin_names(self) -> tuple[CoinName, ...]:
        """Every coin's id, label and word for one, as the normaliser reads amounts."""
        return tuple(CoinName(c.id, c.label, c.one) for c in self.book.coins())

    @cached_property
    def coins_by_id(self) -> dict[str, BookCoin]:
        return {coin.id: coin for coin in self.book.coins()}

    def family(self, coin_id: str) -> tuple[Coin, ...]:
        """The coins of ``coin_id``'s family, smallest first, as the money arithmetic takes them."""
        return self._families[self.coins_by_id[coin_id].family.id]

    @cached_property
    def _families(self) -> dict[str, tuple[Coin, ...]]:
        """Each family's coins, smallest first (what ``family`` gives; the book's coins never change)."""
        families: dict[str, tuple[Coin, ...]] = {}
        for coin in self.book.coins():
            if coin.family.id not in families:
                family = [c for c in self.book.coins() if c.family.id == coin.family.id]
                families[coin.family.id] = tuple(
                    Coin(c.id, c.value) for c in sorted(family, key=lambda c: c.value)
                )
        return families

    def coin_tables(self, coin_id: str) -> tuple[Mapping[str, int], Mapping[str, str]]:
        """Each coin of ``coin_id``'s family by id: its worth in the smallest coin, and its label (what a
        payment counts and says; read-only views, built once per family: the book's coins never change)."""
        return self._coin_tables[self.coins_by_id[coin_id].family.id]

    @cached_property
    def _coin_tables(self) -> dict[str, tuple[Mapping[str, int], Mapping[str, str]]]:
        tables: dict[str, tuple[Mapping[str, int], Mapping[str, str]]] = {}
        for family_id, family in self._families.items():
            values = {coin.id: coin.value for coin in family}
            labels = {coin.id: self.coins_by_id[coin.id].label for coin in family}
            tables[family_id] = (MappingProxyType(values), MappingProxyType(labels))
        return tables

    @cached_property
    def _sound_families(self) -> tuple[tuple[Coin, ...], ...]:
        """The families of ``_families`` that ``money.check_family`` passes (the book's coins never change,
        so a family checked once stays as sound: a payment need not check it again)."""
        sound: list[tuple[Coin, ...]] = []
        for family in self._families.values():
            try:
                money.check_family(family)
            except ValueError:
                continue
            sound.append(family)
        return tuple(sound)

    def is_sound_family(self, family: Sequence[Coin]) -> bool:
        """Whether ``family`` is one of this ruleset's families (as ``family`` gives it, the very tuple) and
        ``money.check_family`` passed it: ``money.plan_payment(..., checked=True)`` may then skip the check."""
        for sound in self._sound_families:  # noqa: SIM110 (a loop, not any() over a generator: every payment asks)
            if family is sound:
                return True
        return False

    def coin_family(self, coin_id: str) -> CoinFamily:
        """Everything a payment reads of ``coin_id``'s family, in one look-up: ``family``, the same coins
        largest first, ``coin_tables`` and ``is_sound_family`` (made once a family: the book's coins never
        change)."""
        return self._coin_families[self.coins_by_id[coin_id].family.id]

    @cached_property
    def _coin_families(self) -> dict[str, CoinFamily]:
        made: dict[str, CoinFamily] = {}
        for family_id, family in self._families.items():
            values, labels = self._coin_tables[family_id]
            largest = tuple(sorted(family, key=lambda coin: coin.value, reverse=True))
            made[family_id] = CoinFamily(family, largest, values, labels, self.is_sound_family(family))
        return made

    def coin_name(self, coin_id: str, count: int) -> str:
        """A coin named for ``count`` of it: ``one`` for exactly one (spec "Money"), else its label."""
        coin = self.coins_by_id[coin_id]
        return coin.one if count == 1 else coin.label

    # -- names for the normaliser -----------------------------------------------------------------

    def names(self, state: GameState | None = None) -> _Names:
        """What the normaliser resolves names against: the ruleset's items and coins, and invented items."""
        invented = tuple(item.name for item in state.invented) if state else ()
        members = tuple(member.name for member in state.party) if state else ()
        return _Names(self, invented, members)

    @cached_property
    def item_labels(self) -> tuple[str, ...]:
        """Every item's label, in the book's order."""
        return tuple(entry.label for entry in self.book.items())

    @cached_property
    def rare_labels(self) -> tuple[str, ...]:
        """The labels of items rarer than the ruleset's commonest rarity (a looser match names them in full)."""
        rarities = self.proposal_words.rarities
        commonest = rarities[0].id if rarities else None
        return tuple(
            entry.label
            for entry in self.book.items()
            if entry.item.rarity is not None and entry.item.rarity != commonest
        )

    @cached_property
    def label_set(self) -> LabelSet:
        """``item_labels`` with the ``rare_labels`` among them, as one ``LabelSet``: the normaliser's looser
        match keeps its index of the ruleset's labels there, built once and shared by every game of these rules."""
        return LabelSet(self.item_labels, self.rare_labels)

    @cached_property
    def game_words(self) -> GameWords:
        """The ruleset's sheet, rest, place, loot-table and seller names (``members`` left empty)."""
        live, block = self.ruleset.sheet.live, self.block
        market = block.market if block else None
        return GameWords(
            pools=tuple(Word(p.id, p.label) for p in live.pools),
            tracks=tuple(Word(t.id, t.label) for t in live.tracks),
            conditions=tuple(Word(c.id, c.label) for c in live.conditions),
            fields=tuple(Word(f.id, f.label) for f in self.ruleset.sheet.fields),
            rests=tuple(Word(r.id, r.label) for r in self.ruleset.rests),
            sizes=tuple(Word(p.id, p.label) for p in market.places) if market else (),
            loot_tables=tuple(Word(t.id, t.label) for t in block.loot_tables) if block else (),
            sellers=tuple(Word(s.id, s.label) for s in market.sellers) if market else (),
            usable=tuple(entry.label for entry in self.book.items() if entry.item.use is not None),
        )

    @cached_property
    def proposal_words(self) -> ProposalWords:
        block, sheet = self.block, self.ruleset.sheet
        if block is None:
            return ProposalWords()
        stats = tuple(
            StatWord(
                id=stat.id,
                label=stat.label,
                type=stat.type,
                minimum=stat.min,
                maximum=stat.max,
                integer=stat.integer,
                values=tuple(stat.values or ()),
                visible=stat.prompt_visible,
                max_length=stat.max_length,
            )
            for stat in block.stats
        )
        has_fights = "combat" in (self.ruleset.model_extra or {})
        defense = self.defense_stat
        return ProposalWords(
            categories=tuple(Word(c.id, c.label) for c in block.categories),
            rarities=tuple(Word(r.id, r.label) for r in block.rarities),
            tags=tuple(Word(t.id, t.label) for t in block.tags),
            stats=stats,
            slots=tuple(Word(s.id, s.label) for s in block.slots),
            skills=tuple(Word(s.id, s.label) for s in sheet.skills),
            saves=tuple(Word(s.id, s.label) for s in sheet.saves),
            abilities=tuple(Word(a.id, a.label) for a in sheet.abilities),
            has_binding=block.binding is not None,
            has_fights=has_fights,
            defense_words=tuple(word for word in (self._defense_label,) if word),
            defense_stat=defense,
        )

    @cached_property
    def defense_stat(self) -> str | None:
        """The item stat a derived value adds up off worn items (Ember Roads' Guard reads ``guard``)."""
        found = self._defense_reading
        return found[0] if found else None

    @cached_property
    def _defense_label(self) -> str | None:
        found = self._defense_reading
        return found[1] if found else None

    @cached_property
    def _defense_reading(self) -> tuple[str, str] | None:
        for derived in self.ruleset.sheet.derived:
            text = derived.model_dump_json(by_alias=True)
            if '"itemStat"' in text and '"worn"' in text:
                for stat in self.block.stats if self.block else ():
                    if f'"stat":"{stat.id}"' in text:
                        return stat.id, derived.label or derived.id
        return None

    # -- the sheet as value references read it ----------------------------------------------------

    def value_context(self, member: Member, state: GameState, *, live: bool = True) -> ValueContext:
        """``member``'s sheet for value references; ``live=False`` reads pools and tracks as defaults and
        items as nothing held (spec: ``binding.max`` and the carry numbers cannot read the live state)."""
        sheet = self.ruleset.sheet
        resolution = self.ruleset.resolution
        kwargs: dict[str, object] = {
            "sheet": sheet,
            # Live reads see abilities as the items held leave them; the sheet alone otherwise (spec: a
            # pool's maximum, binding.max and the carry numbers are worked out from the sheet alone).
            "ability_scores": self.held_abilities(member, state) if live else dict(member.sheet.abilities),
            "fields": dict(member.sheet.fields),
        }
        if resolution is not None:
            kwargs["ability_modifier"] = resolution.ability_modifier
        if live:
            kwargs["pools"] = {k: float(v.current) for k, v in member.sheet.pools.items()}
            kwargs["tracks"] = {k: float(v) for k, v in member.sheet.tracks.items()}
            kwargs["states"] = dict(member.sheet.states)
            kwargs["item_stat"] = lambda query: self.item_stat(member, state, query)
        return ValueContext(**kwargs)  # type: ignore[arg-type]

    def item_stat(self, member: Member, state: GameState, query: ItemStatQuery) -> float:
        """``itemStat`` over ``member``'s own bag (spec "Items on the sheet").

        ``count`` counts the items that give ``stat`` (of any type), or every item without one; ``sum``,
        ``max`` and ``min`` read number stats. ``default`` when nothing picked gives the stat.
        """
        values: list[tuple[float, int]] = []
        for stack in member.bag:
            item = self.item_of(stack, state)
            if item is None or not self._picked(stack, item, query):
                continue
            raw = item.stats.get(query.stat) if query.stat else None
            if query.pick == "count":
                if query.stat is None or raw is not None:
                    values.append((1.0, stack.count))
            elif isinstance(raw, int | float) and not isinstance(raw, bool):
                values.append((float(raw), stack.count))
        if not values:
            return float(query.default or 0)
        if query.pick == "sum":
            return sum(value * count for value, count in values)
        if query.pick == "max":
            return max(value for value, _ in values)
        if query.pick == "min":
            return min(value for value, _ in values)
        return float(sum(count for _, count in values))

    def held_abilities(self, member: Member, state: GameState) -> dict[str, float]:
        """``member``'s ability scores as their items leave them (spec "Checks outside a fight": abilities).

        Each item counts once, by what it does while worn if any stack of it is worn, else while carried;
        the additions go on first, then the highest ``set`` (at least N: a higher score stays), and the
        ability's own ``min`` and ``max`` hold.
        """
        adds: dict[str, float] = {}
        sets: dict[str, float] = {}
        for _, effects in self.held_effects(member, state):
            for ability_id, change in effects.abilities.items():
                if change.add is not None:
                    adds[ability_id] = adds.get(ability_id, 0.0) + change.add
                if change.set is not None:
                    sets[ability_id] = max(sets.get(ability_id, change.set), change.set)
        scores = dict(member.sheet.abilities)
        for ability in self.ruleset.sheet.abilities:
            if ability.id not in adds and ability.id not in sets:
                continue
            score = scores.get(ability.id, ability.default or 0.0) + adds.get(ability.id, 0.0)
            if ability.id in sets:
                score = max(score, sets[ability.id])
            if ability.min is not None:
                score = max(score, ability.min)
            if ability.max is not None:
                score = min(score, ability.max)
            scores[ability.id] = score
        return scores

    def held_effects(self, member: Member, state: GameState) -> list[tuple[str, HeldEffects]]:
        """What each item ``member`` holds does to them, named for a stack of it, in the order of the bag.

        Spec "What reads items": ``worn`` applies while the item is on, ``carried`` while it is only
        carried, and "one item applies once however many stacks of it someone holds". So each item counts
        once, by its ``worn`` effects when any stack of it is worn (named for the first worn stack), else by
        its ``carried`` effects (named for its first stack); the order of the bag changes nothing else.
        """
        first: dict[tuple[str, str], tuple[str, Item]] = {}
        worn: dict[tuple[str, str], str] = {}
        for stack in member.bag:
            item = self.item_of(stack, state)
            if item is None:
                continue
            key = ("item", stack.item) if stack.item else ("invented", stack.invented or stack.name)
            first.setdefault(key, (stack.name, item))
            if self.is_worn(stack, item):
                worn.setdefault(key, stack.name)
        found: list[tuple[str, HeldEffects]] = []
        for key, (name, item) in first.items():
            held = item.worn if key in worn else item.carried
            if held is not None:
                found.append((worn.get(key, name), held))
        return found

    def _picked(self, stack: Stack, item: Item, query: ItemStatQuery) -> bool:
        worn = self.is_worn(stack, item)
        if query.from_ == "worn" and not worn:
            return False
        if query.from_ == "carried" and worn:
            return False
        if query.slot and query.slot not in item.slots:
            return False
        if query.category and item.category != query.category:
            return False
        return not (query.tag and query.tag not in item.tags)

    @staticmethod
    def is_worn(stack: Stack, item: Item) -> bool:
        """Worn: equipped where it takes slots, bound where it binds, both where both; never otherwise."""
        if not item.slots and item.binds is None:
            return False
        return (not item.slots or stack.worn) and (item.binds is None or stack.bound)

    def read(
        self, ref: object, member: Member, state: GameState, *, live: bool = True, default: float = 0.0
    ) -> float:
        """A value reference worked out for ``member``; ``default`` where it cannot be (an op tagproc does
        not know, a word where a number is needed): the engine never raises on a ruleset's numbers."""
        if not live:
            return self.read_fixed(ref, member, state, default)
        return self._evaluate(ref, member, state, live=live, default=default)

    def _evaluate(
        self, ref: object, member: Member, state: GameState, *, live: bool, default: float
    ) -> float:
        try:
            return float(evaluate(ref, self.value_context(member, state, live=live)))  # type: ignore[arg-type]
        except (ValueError, TypeError, KeyError, ZeroDivisionError):
            return default

    def read_fixed(self, ref: object, member: Member, state: GameState, default: float = 0.0) -> float:
        """``read(live=False)``, memoised: without the live state it reads the sheet's abilities and fields
        alone (``value_context``), so those (with their types: ``True`` is not ``1.0`` to a field) and the
        reference are the key."""
        abilities, fields = member.sheet.abilities, member.sheet.fields
        key: tuple[object, ...]
        if abilities or fields:
            key = (
                id(ref),
                default,
                tuple(abilities.items()),
                tuple(map(type, abilities.values())),
                tuple(fields.items()),
                tuple(map(type, fields.values())),
            )
        else:  # a sheet of defaults (the usual member's): the key of its two parts alone, a shape of its own
            key = (id(ref), default)
        hit = self._fixed.get(key)
        if hit is not None and hit[0] is ref:
            return hit[1]
        value = self._evaluate(ref, member, state, live=False, default=default)
        if len(self._fixed) >= _MOST_FIXED:
            self._fixed.clear()
        self._fixed[key] = (ref, value)
        return value

    # -- carrying ---------------------------------------------------------------------------------

    @property
    def has_carry(self) -> bool:
        return self.block is not None and self.block.carry is not None

    def unit_weight(self, stack: Holding, state: GameState) -> float:
        """What one of a stack weighs: its carry stat, or for a coin one over ``perWeight`` (a ruleset item's
        and a coin's memoised: the book's data never changes; an invented item's read from ``state``)."""
        if self.block is None or self.block.carry is None:  # no carry stat: nothing weighs anything
            return 0.0
        if stack.coin is not None:
            key = ("coin", stack.coin)
        elif stack.item is not None:
            key = ("item", stack.item)
        else:
            return self._weight_of(stack, state)
        found = self._weights.get(key)
        if found is None:
            found = self._weights[key] = self._weight_of(stack, state)
        return found

    def _weight_of(self, stack: Holding, state: GameState) -> float:
        if self.block is None or self.block.carry is None:
            return 0.0
        if stack.coin is not None:
            coin = self.coins_by_id.get(stack.coin)
            per = coin.family.per_weight if coin else None
            return 1.0 / per if per else 0.0
        item = self.item_of(stack, state)
        if item is None:
            return 0.0
        value = item.stats.get(self.block.carry.stat)
        return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0.0

    def load(self, member: Member, state: GameState) -> float:
        """What ``member``'s bag weighs (memoised for a bag without invented items: ``_loads``)."""
        bag = member.bag
        found = self._loads.get(id(bag))  # ``bag_load``'s memo, read here first (a member's bag, asked again)
        if found is not None and found[0] is bag:
            return found[1]
        return self.bag_load(bag, state)

    def bag_load(self, bag: tuple[Stack, ...], state: GameState) -> float:
        """What ``bag`` weighs, whoever holds it (``load``: a bag being made, before a member holds it)."""
        if self.block is None or self.block.carry is None:  # nothing weighs anything: the sum of no weights
            return 0.0 if bag else 0
        found = self._loads.get(id(bag))
        if found is not None and found[0] is bag:
            return found[1]
        weight = self.unit_weight
        # ``sum`` as ever (its own float arithmetic), over a list: no generator resumed a stack
        load: float = sum([weight(stack, state) * stack.count for stack in bag])
        for stack in bag:
            if stack.invented is not None:
                break
        else:  # no invented item in it: its weight is the book's alone
            if len(self._loads) >= _MOST_LOADS:
                self._loads.clear()
            self._loads[id(bag)] = (bag, load)
        return load

    def encumbered_above(self, member: Member, state: GameState) -> float:
        if self.block is None or self.block.carry is None:
            return math.inf
        # ``read(live=False)``; a number that cannot be worked out limits nothing, as no carry rule does.
        return self.read_fixed(self.block.carry.encumbered_above, member, state, math.inf)

    def carry_limit(self, member: Member, state: GameState) -> float:
        if self.block is None or self.block.carry is None or self.block.carry.limit is None:
            return math.inf
        return self.read_fixed(self.block.carry.limit, member, state, math.inf)  # ``read(live=False)``

    def binding_max(self, member: Member, state: GameState) -> int:
        if self.block is None or self.block.binding is None:
            return 0
        return int(self.read(self.block.binding.max, member, state, live=False))

    def slot_count(self, slot: str) -> int:
        for each in self.block.slots if self.block else ():
            if each.id == slot:
                return each.count
        return 0


class _Names:
    """``ItemNames`` for the normaliser: the ruleset's items and coins, then the game's invented items."""

    def __init__(self, rules: Rules, invented: tuple[str, ...], members: tuple[str, ...] = ()) -> None:
        self._rules = rules
        self._invented = invented
        self._members = members
        self._words: GameWords | None = None  # the rules' words with these members, made on first asking
        # The invented items as the looser match's second layer, each named in full: its index of them is kept
        # there, for as long as these names (the rules' ``label_set`` holds the ruleset's own).
        self._invented_set = LabelSet(invented, invented) if invented else None

    def find_item(self, name: str) -> str | None:
        entry = self._rules.book.find(name)
        if entry is not None:
            return entry.label
        wanted = stack_key(name)
        return next((each for each in self._invented if stack_key(each) == wanted), None)

    def item_labels(self) -> Sequence[str]:
        return self._rules.item_labels + self._invented

    def named_in_full(self) -> Sequence[str]:
        return self._rules.rare_labels + self._invented

    def label_layers(self) -> tuple[LabelSet, LabelSet | None]:
        return self._rules.label_set, self._invented_set

    def find_coin(self, name: str) -> str | None:
        coin = self._rules.book.coin(name)
        return coin.id if coin else None

    def coin_label(self, coin: str) -> str:
        found = self._rules.coins_by_id.get(coin)
        return found.label if found else coin

    def proposal_words(self) -> ProposalWords:
        return self._rules.proposal_words

    def coin_names(self) -> tuple[CoinName, ...]:
        return self._rules.coin_names

    def game_words(self) -> GameWords:
        if self._words is None:
            self._words = dataclasses.replace(self._rules.game_words, members=self._members)
        return self._words

    @property
    def members(self) -> tuple[str, ...]:
        """The party's names, in order: ``game_words().members`` without making the words."""
        return self._members
