"""What the instructions block teaches of the inventory group: which commands this ruleset has, and the
ruleset's own words their examples are written in (DESIGN.md "Tags the GM writes"; spec "Ruleset Items").

Owns the facts of the inventory group, each ``None`` (or empty) where the ruleset does not have the thing,
so the template teaches only what is there: the item examples (``Gear``), the invented-item form
(``Invent``) and its words (``InventWords``), money (``Money``), the market (``MarketFacts``) and the loot
tables. Every value is a label, an id or a number taken from the ruleset as the game's layers leave it
(``Rules.book``); nothing here is a word for the model.

Decisions where the spec is silent:
- Example items are the ruleset's own, in catalog order, among those a GM could really be given: no fake,
  no cursed item, no service, and no label with a comma in it (it would split a comma list). Equip, bind
  and use fall back on any item that can be worn, bound or used, so each is taught whenever the ruleset
  has slots, binding or an item with a use.
- The invented-item example starts ``like=`` the first item worn in a slot (a weapon, usually), so its
  category, slot and a shown stat are that item's own; its ``worn=`` change is on the first skill, else
  the first ability. A stat the GM is not shown (``promptVisible: false``) is never named.
- A market day (spec "A market day": a purse, ``buyBack``, a seller's stock, a ``limited`` count, or a sold
  rule that names no place) teaches ``day="new"``; ``sell`` is taught where sellers buy back (``buyBack``).
- The loot example rolls the first table no seller stocks from (a seller's odd lot is a shop's shelf).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tagproc.engine.rules import Rules
from tagproc.names import Word
from tagproc.ruleset import BookItem
from tagproc.ruleset.book import item_matches
from tagproc.ruleset.models import Market, Seller

__all__ = [
    "Bind",
    "Gear",
    "Invent",
    "InventWords",
    "Level",
    "MarketFacts",
    "Money",
    "ShownStat",
    "Slot",
    "gear_of",
    "invent_of",
    "invent_words_of",
    "loot_of",
    "market_of",
    "money_of",
]


@dataclass(frozen=True, slots=True)
class Gear:
    """The ruleset's items the base lines' examples name: an add of two, a remove of a stackable one."""

    first: str
    second: str | None  # None: the ruleset has one item to name (no comma list then)
    stackable: str
    equip: str | None  # an item that takes a slot and does not bind (with slots)
    use: str | None  # an item with a use (when any has one)


@dataclass(frozen=True, slots=True)
class Bind:
    """Binding: its label (``Bound``, ``Attunement``) and an item that binds and is not cursed."""

    label: str
    item: str | None


@dataclass(frozen=True, slots=True)
class Invent:
    """The invented-item form's example, in the ruleset's words (``None`` parts are left out of it)."""

    like: str | None
    category: str | None
    rarity: str | None
    tag: str | None
    stat: tuple[str, str] | None  # a shown stat's id and its value
    slot: tuple[str, int] | None  # a slot's id and how many of it
    skill: str | None  # the first skill: the example's worn change is on it...
    ability: str | None  # ...else on the first ability
    binding: bool
    fights: bool
    defense: str | None  # the ruleset's word for defense (Ember Roads: Guard)
    defense_stat: str | None  # the item stat that word already adds up (guard)
    saves: bool
    rarities: bool  # the keys the ruleset has words for: rarity=, tags=, stats=, slots=
    tags: bool
    stats: bool
    slots: bool
    caps: bool  # rarityCaps hold an invented item's numbers and bonuses


@dataclass(frozen=True, slots=True)
class ShownStat:
    """A stat the GM is shown, with its kind: its type, range and words."""

    id: str
    label: str
    type: str
    minimum: float | None
    maximum: float | None
    values: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Slot:
    id: str
    label: str
    count: int


@dataclass(frozen=True, slots=True)
class Cap:
    """A rarity's most: its stat caps (``(label, number)``) and the bonus a worn or carried change may add."""

    rarity: str
    stats: tuple[tuple[str, float], ...]
    bonus: int | None


@dataclass(frozen=True, slots=True)
class InventWords:
    """The words an invented item is written in: the lists after the form, trimmed first."""

    categories: tuple[str, ...]
    rarities: tuple[str, ...]  # lowest first
    tags: tuple[str, ...]
    stats: tuple[ShownStat, ...]
    slots: tuple[Slot, ...]
    skills: tuple[str, ...]
    saves: tuple[str, ...]
    abilities: tuple[str, ...]
    caps: tuple[Cap, ...]


@dataclass(frozen=True, slots=True)
class Money:
    """Pay and earn: the coins of the examples (5 of the first family's largest, 12 of its smallest, each
    named for its count) and each family's coins, largest first."""

    largest: str
    smallest: str
    families: tuple[tuple[str, tuple[str, ...]], ...]


@dataclass(frozen=True, slots=True)
class Level:
    label: str
    times: float
    default: bool


@dataclass(frozen=True, slots=True)
class MarketFacts:
    """The market: place sizes smallest first, price levels, and the buy (and sell) example."""

    sizes: tuple[str, ...]
    levels: tuple[Level, ...]
    default: str | None
    item: str | None
    seller: str | None
    sells: bool  # sellers buy back (buyBack)
    day: bool  # a market day: day="new" starts a new one


def _plain(rules: Rules) -> list[BookItem]:
    """The items an example may name: real, not cursed, not a service, no comma in the label."""
    return [
        entry
        for entry in rules.book.items()
        if not entry.item.is_fake
        and not entry.item.service
        and not entry.item.is_cursed
        and "," not in entry.label
    ]


def gear_of(rules: Rules) -> Gear | None:
    """The base lines' example items, or ``None`` for a ruleset without items (the template's own words)."""
    plain = _plain(rules)
    if not plain:
        return None
    first = plain[0]
    second = plain[1] if len(plain) > 1 else None
    stacked = [e for e in plain if e.stack_limit is not None and e.stack_limit > 1]
    loose = [e for e in plain if e.stack_limit is None and e is not first]
    stackable = (stacked or loose or [first])[0]
    every = rules.book.items()
    equip: str | None = None
    if rules.block is not None and rules.block.slots:  # taught with slots, on the likeliest item to wear
        worn = [e for e in plain if e.item.slots and e.item.binds is None]
        equip = _first(worn, [e for e in plain if e.item.slots], [e for e in every if e.item.slots], plain)
    use = _first([e for e in plain if e.item.use], [e for e in every if e.item.use])
    return Gear(first.label, second.label if second else None, stackable.label, equip, use)


def _first(*choices: Sequence[BookItem]) -> str | None:
    """The label of the first item of the first choice that has any."""
    return next((choice[0].label for choice in choices if choice), None)


def bind_of(rules: Rules) -> Bind | None:
    block = rules.block
    if block is None or block.binding is None:
        return None
    binds = [e for e in rules.book.items() if e.item.binds is not None]
    return Bind(block.binding.label, _first([e for e in _plain(rules) if e.item.binds], binds))


def _number(value: float | str) -> str:
    """A stat value as ``stats=`` writes it: a whole number without ``.0``; dice and words as they are."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def invent_of(rules: Rules) -> Invent | None:
    """The invented-item form, where the ruleset lets the GM invent items (``propose`` not false)."""
    block = rules.block
    if block is None or not block.propose:
        return None
    words = rules.proposal_words
    plain = _plain(rules)
    base = next((e for e in plain if e.item.slots and e.item.attack), None)
    base = base or next((e for e in plain if e.item.slots), None) or (plain[0] if plain else None)
    labels = {c.id: c.label for c in block.categories}
    shown = {s.id: s for s in block.stats if s.prompt_visible}
    stat: tuple[str, str] | None = None
    if base is not None:
        given = [(k, v) for k, v in base.item.stats.items() if k in shown and not isinstance(v, bool)]
        given.sort(key=lambda kv: shown[kv[0]].type != "dice")  # a weapon's damage reads best
        if given:
            stat = (given[0][0], _number(given[0][1]))
    slot = next(iter(base.item.slots.items()), None) if base is not None else None
    tag = None
    if base is not None and base.item.tags:
        tag = next((t.label for t in block.tags if t.id in base.item.tags), None)
    return Invent(
        like=base.label if base is not None else None,
        category=labels.get(base.item.category) if base is not None else block.categories[0].label,
        rarity=block.rarities[0].label if block.rarities else None,
        tag=tag or (block.tags[0].label if block.tags else None),
        stat=stat,
        slot=slot,
        skill=words.skills[0].label if words.skills else None,
        ability=words.abilities[0].label if words.abilities else None,
        binding=block.binding is not None,
        fights=words.has_fights,
        defense=words.defense_words[0] if words.defense_words else None,
        defense_stat=shown[words.defense_stat].label if words.defense_stat in shown else None,
        saves=bool(words.saves),
        rarities=bool(block.rarities),
        tags=bool(block.tags),
        stats=bool(shown),
        slots=bool(block.slots),
        caps=bool(block.rarity_caps),
    )


def invent_words_of(rules: Rules) -> InventWords | None:
    block = rules.block
    if block is None or not block.propose:
        return None
    words = rules.proposal_words
    shown = [s for s in block.stats if s.prompt_visible]
    labels = {s.id: s.label for s in shown}
    rarity = {r.id: r.label for r in block.rarities}
    caps = tuple(
        Cap(
            rarity.get(cap.rarity, cap.rarity),
            tuple((labels[k], v) for k, v in cap.stats.items() if k in labels),
            cap.bonus,
        )
        for cap in block.rarity_caps
    )
    return InventWords(
        categories=tuple(c.label for c in block.categories),
        rarities=tuple(r.label for r in block.rarities),
        tags=tuple(t.label for t in block.tags),
        stats=tuple(ShownStat(s.id, s.label, s.type, s.min, s.max, tuple(s.values or ())) for s in shown),
        slots=tuple(Slot(s.id, s.label, s.count) for s in block.slots),
        skills=tuple(w.label for w in words.skills),
        saves=tuple(w.label for w in words.saves),
        abilities=tuple(w.label for w in words.abilities),
        caps=tuple(cap for cap in caps if cap.stats or cap.bonus is not None),
    )


def money_of(rules: Rules) -> Money | None:
    """Pay and earn, with the coins the layers left (``None`` without any)."""
    families = rules.book.families()
    if not families:
        return None
    ordered = [sorted(family.units, key=lambda coin: -coin.value) for family in families]
    return Money(
        largest=ordered[0][0].label,  # a coin's label names more than one of it (spec "Money")
        smallest=ordered[0][-1].label,
        families=tuple(
            (f.label, tuple(c.label for c in coins)) for f, coins in zip(families, ordered, strict=True)
        ),
    )


def _sells(seller: Seller, entry: BookItem) -> bool:
    return any(item_matches(entry.item, f) for f in seller.sells)


def _market_day(market: Market, rules: Rules) -> bool:
    return (
        market.buy_back is not None
        or any(place.purse is not None for place in market.places)
        or any(seller.stock is not None for seller in market.sellers)
        or any(rule.limited is not None or rule.place is None for rule in market.sold)
        or any(e.item.sold is not None and e.item.sold.limited is not None for e in rules.book.items())
    )


def market_of(rules: Rules) -> MarketFacts | None:
    """``[place:]`` and buy, where the ruleset has a market (``None`` without one)."""
    block = rules.block
    market = block.market if block is not None else None
    if market is None:
        return None
    priced = [e for e in _plain(rules) if e.item.cost is not None and not rules.book.is_unsold(e)]
    item: BookItem | None = None
    seller: Seller | None = None
    for entry in priced:
        seller = next((s for s in market.sellers if _sells(s, entry)), None)
        if seller is not None or not market.sellers:
            item = entry
            break
    default = next((level.label for level in market.prices if level.default), None)
    return MarketFacts(
        sizes=tuple(place.label for place in market.places),
        levels=tuple(Level(p.label, p.times, p.default) for p in market.prices),
        default=default,
        item=item.label if item is not None else None,
        seller=seller.label if seller is not None and item is not None else None,
        sells=market.buy_back is not None,
        day=_market_day(market, rules),
    )


def loot_of(rules: Rules) -> tuple[tuple[Word, ...], str | None]:
    """The loot tables as ``id (Label)`` and the table the example rolls (no seller's stock, if any)."""
    block = rules.block
    if block is None or not block.loot_tables:
        return (), None
    stocked = {s.stock.table for s in block.market.sellers if s.stock} if block.market else set()
    tables = tuple(Word(t.id, t.label) for t in block.loot_tables)
    example = next((t.id for t in tables if t.id not in stocked), tables[0].id)
    return tables, example
