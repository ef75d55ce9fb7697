"""The item book: a ruleset's items and coins as a game with its chosen layers sees them.

Owns :class:`ItemBook`, built once per (ruleset, layers) and read-only after: the items in catalog order with the
entries a layer hides left out, lookup of an item by name (its label in any case; when two share a label the
one listed first wins, spec "What reads items") or by ref ``<catalog>/<entry>``, lookup of a coin by id, label or
``one`` name in any case, stack facts, and the market's ``unsold`` with what the layers add. Coins a layer takes
out (``items.currencies.removeUnits``/``removeFamilies`` on a layer) are gone from the book.

Invariant: the book never changes after construction; everything is worked out in ``__init__``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tagproc.ruleset.errors import Problem, RulesetError
from tagproc.ruleset.item import Item, ItemFilter
from tagproc.ruleset.models import Coin, CurrencyFamily, ItemCatalog, Layer, LayerHide, Ruleset


@dataclass(frozen=True, slots=True)
class BookItem:
    """One of the ruleset's items, with where it is listed."""

    ref: str
    catalog: str
    entry_id: str
    label: str
    summary: str | None
    item: Item

    @property
    def stack_limit(self) -> int | None:
        """The most one stack holds; 1 for an item with charges; ``None`` for as many as any stack."""
        return 1 if self.item.is_one_to_a_stack else self.item.stack


@dataclass(frozen=True, slots=True)
class BookCoin:
    """A coin and its family. ``value`` counts the family's smallest coin."""

    family: CurrencyFamily
    coin: Coin

    @property
    def id(self) -> str:
        return self.coin.id

    @property
    def label(self) -> str:
        return self.coin.label

    @property
    def one(self) -> str:
        """Its name for exactly one (``one``, else the label)."""
        return self.coin.one or self.coin.label

    @property
    def value(self) -> int:
        return self.coin.value


def item_matches(item: Item, item_filter: ItemFilter) -> bool:
    """An item matches a filter when it has every one of rarity, category and tag the filter names."""
    return (
        (item_filter.rarity is None or item.rarity == item_filter.rarity)
        and (item_filter.category is None or item.category == item_filter.category)
        and (item_filter.tag is None or item_filter.tag in item.tags)
    )


def _hidden_by(hide: LayerHide, entry_id: str, filters: dict[str, object]) -> bool:
    if entry_id in hide.entries:
        return True
    if hide.filter is None or hide.filter not in filters:
        return False
    value = filters[hide.filter]
    if hide.equals is not None:
        return value == hide.equals
    if not isinstance(value, int | float):
        return False
    return (hide.above is not None and value > hide.above) or (hide.below is not None and value < hide.below)


class ItemBook:
    """A ruleset's items and coins under the layers a game turned on."""

    def __init__(self, ruleset: Ruleset, layers: Sequence[str] = ()) -> None:
        by_id = {layer.id: layer for layer in ruleset.layers}
        unknown = [name for name in layers if name not in by_id]
        if unknown:
            known = ", ".join(by_id) or "none"
            raise RulesetError(
                [Problem("layers", f'Unknown layer "{name}"; this ruleset has {known}') for name in unknown]
            )
        active: list[Layer] = [by_id[name] for name in layers]
        self.ruleset = ruleset
        self.layers = tuple(layers)
        self._items = tuple(self._visible_items(ruleset, active))
        self._by_ref = {entry.ref: entry for entry in self._items}
        self._by_label: dict[str, BookItem] = {}
        for entry in self._items:
            self._by_label.setdefault(entry.label.casefold(), entry)
        self._families, self._coins = self._visible_coins(ruleset, active)
        self._coin_names: dict[str, BookCoin] = {}
        for attribute in ("id", "label", "one"):
            for coin in self._coins:
                self._coin_names.setdefault(str(getattr(coin, attribute)).casefold(), coin)
        block = ruleset.items
        unsold = list(block.market.unsold) if block is not None and block.market is not None else []
        for layer in active:
            if layer.items is not None and layer.items.market is not None:
                unsold.extend(layer.items.market.unsold)
        self.unsold: tuple[ItemFilter, ...] = tuple(unsold)

    @staticmethod
    def _visible_items(ruleset: Ruleset, active: list[Layer]) -> list[BookItem]:
        hides = [(hidden.id, hidden.hide) for layer in active for hidden in layer.catalogs if hidden.hide]
        found: list[BookItem] = []
        seen: set[str] = set()
        for catalog in ruleset.catalogs:
            if not isinstance(catalog, ItemCatalog):
                continue
            for entry in catalog.entries:
                ref = f"{catalog.id}/{entry.id}"
                hidden = any(cid == catalog.id and _hidden_by(h, entry.id, entry.filters) for cid, h in hides)
                if hidden or ref in seen:
                    continue
                seen.add(ref)
                found.append(BookItem(ref, catalog.id, entry.id, entry.label, entry.summary, entry.item))
        return found

    @staticmethod
    def _visible_coins(
        ruleset: Ruleset, active: list[Layer]
    ) -> tuple[tuple[CurrencyFamily, ...], tuple[BookCoin, ...]]:
        removed_units: set[str] = set()
        removed_families: set[str] = set()
        for layer in active:
            if layer.items is not None and layer.items.currencies is not None:
                removed_units.update(layer.items.currencies.remove_units)
                removed_families.update(layer.items.currencies.remove_families)
        families: list[CurrencyFamily] = []
        coins: list[BookCoin] = []
        for family in ruleset.items.currencies if ruleset.items is not None else []:
            if family.id in removed_families:
                continue
            units = [unit for unit in family.units if unit.id not in removed_units]
            if not units:
                continue
            if len(units) != len(family.units):
                # A fresh, validated family: model_copy(update=...) would skip validation.
                family = CurrencyFamily.model_validate({**family.model_dump(by_alias=True), "units": units})
            families.append(family)
            coins.extend(BookCoin(family, unit) for unit in family.units)
        return tuple(families), tuple(coins)

    def items(self) -> tuple[BookItem, ...]:
        """Every item a game can have, in catalog order."""
        return self._items

    def find(self, name: str) -> BookItem | None:
        """The item whose label is ``name`` in any case (the first listed when two share it)."""
        return self._by_label.get(name.strip().casefold())

    def get(self, ref: str) -> BookItem | None:
        """The item ``<catalog>/<entry>``, unless a layer hides it."""
        return self._by_ref.get(ref)

    def passes_for(self, entry: BookItem) -> BookItem | None:
        """The real item a fake passes for, while it is in the book; ``None`` for a real item."""
        target = entry.item.passes_for
        return self._by_ref.get(target) if target is not None else None

    def families(self) -> tuple[CurrencyFamily, ...]:
        """The currency families left, each with only the coins left."""
        return self._families

    def coins(self) -> tuple[BookCoin, ...]:
        return self._coins

    def coin(self, name: str) -> BookCoin | None:
        """A coin by its id, its label or its ``one`` name, in any case."""
        return self._coin_names.get(name.strip().casefold())

    def is_unsold(self, entry: BookItem) -> bool:
        """Whether no seller has the item among their wares (market ``unsold``, layers included)."""
        return any(item_matches(entry.item, f) for f in self.unsold)
