"""The market, read: what is sold where, by whom, at what price (spec "Markets").

Owns :class:`MarketBook`, built once per game from the item book (layers applied) and the items block's
``market``, and read-only after. It answers what a buy, a sale and the MARKET block ask and changes nothing:

- **levels**: a price level by id or label in any case, the default one without a name;
- **sizes**: a place size by id or label, and how sizes rank (``places`` are smallest first);
- **sellers**: a seller by id or label (an article before it set aside: "the smith"), and the sellers at a
  size (a seller's ``place`` is the smallest size that has one; anywhere without it);
- **where an item is sold**: its own ``sold`` wins over the rules; otherwise the first rule whose filter
  matches names its place, and the first that names a limit its ``limited`` (a rule may name either);
  nothing named: sold anywhere, without a limit;
- **wares**: what a seller has on their shelves at a size: items with a price, sold at that size, picked by
  one of the seller's ``sells`` filters (every item where the market has no sellers), never an ``unsold``
  one (layers included), a cursed item or a fake; cheapest first at the default level, ties in catalog order;
- **prices**: the cost in its family's smallest coin times the level, rounded there (half up), never below
  one coin for something that costs anything; said in the coin the cost is written in where that coin pays
  it exactly, else in the largest coin the layers leave that does ("at dear, a coat that costs 8 shillings is
  12 shillings"; "a 5e potion that costs 50 gp is 50 gold pieces, never 5 platinum"); ``one`` names one coin;
- **buying back**: the share ``buyBack`` of the default price, for what a seller here sells that kind of
  (``sells`` filters, whatever ``sold`` and ``unsold`` say; anybody without sellers); nobody without it;
- **honesty** (spec "Honest and dishonest sellers"): what a fake is offered as (``offered_as``: the item it
  passes for, while that is in the book, real, priced, of the same category and slots, binding if the fake
  binds; else it is never offered), which fakes pass for an item (``fakes_of``), whether a stock entry is a
  fake a seller offers (``is_offered_fake``), and what an honest seller warns of before selling a risky item
  (``warning``; a dishonest seller says nothing).

Not for sale (``price`` is None): an item with no ``cost``, one whose cost's coin a layer took out, or whose
family lost its smallest coin to a layer (a price is counted in it). A layer's hidden items are not in the
book at all. What a day keeps on hand (``limited``, ``stock``, ``purse``) is ``marketday``'s.

Invariants: the book's answers never change (the wares it worked out are kept, not recomputed); every
amount is an int in the family's smallest coin; ``times`` and ``buyBack`` are read as the
decimals they are written as (``Fraction(str(x))``), so ``0.75`` of 96 pennies is exactly 72.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

from tagproc.names import fold
from tagproc.ruleset.book import BookCoin, BookItem, ItemBook, item_matches
from tagproc.ruleset.item import CountOrDice
from tagproc.ruleset.models import Market, Place, PriceLevel, Seller

__all__ = ["MarketBook", "Price"]

_ARTICLES = ("the ", "a ", "an ")


@dataclass(frozen=True, slots=True)
class Price:
    """What something costs: ``amount`` in its family's smallest coin, said as ``count`` of ``coin``.

    ``text`` is how an answer's ``price=`` and the MARKET block say it: ``12 shillings``, ``1 crown``;
    ``written_in`` the coin the item's cost is written in, which a price is said in where it pays it.
    """

    amount: int
    family: str
    coin: str
    count: int
    text: str
    written_in: str

    def times(self, count: int, book: MarketBook) -> Price:
        """The price of ``count`` of it, said by the same rule (``book.priced_at``)."""
        return book.priced_at(self.amount * count, self.family, self.written_in)


class MarketBook:
    """A ruleset's market under the layers a game turned on."""

    def __init__(self, book: ItemBook, market: Market) -> None:
        self.book = book
        self.market = market
        self.levels: tuple[PriceLevel, ...] = tuple(market.prices)
        self.default_level = next((level for level in self.levels if level.default), self.levels[0])
        self.sizes: tuple[Place, ...] = tuple(market.places)
        self.sellers: tuple[Seller, ...] = tuple(market.sellers)
        self._rank = {size.id: index for index, size in enumerate(self.sizes)}
        self._coins: dict[str, BookCoin] = {coin.id: coin for coin in book.coins()}
        # Worked out on first use and kept (the book never changes): the wares a game asks for every turn.
        self._shelf: tuple[BookItem, ...] | None = None
        self._wares: dict[tuple[str, str | None], tuple[BookItem, ...]] = {}
        self._smallest: dict[str, BookCoin] = {}
        self._fakes: dict[str, tuple[BookItem, ...]] = {}
        for coin in book.coins():
            known = self._smallest.get(coin.family.id)
            if known is None or coin.value < known.value:
                self._smallest[coin.family.id] = coin

    # -- names ------------------------------------------------------------------------------------

    def level(self, name: str | None) -> PriceLevel | None:
        """The level ``name`` names by id or label in any case; the default for None."""
        if name is None:
            return self.default_level
        return _find(self.levels, name)

    def size(self, name: str) -> Place | None:
        """The place size ``name`` names by id or label in any case."""
        return _find(self.sizes, name)

    def rank(self, size: str | None) -> int:
        """How large a size is (0 the smallest); -1 for None or a size the market does not have."""
        return self._rank.get(size, -1) if size is not None else -1

    def seller(self, name: str) -> Seller | None:
        """The seller ``name`` names by id or label in any case, an article before it set aside."""
        found = _find(self.sellers, name)
        if found is None:
            bare = name.strip()
            for article in _ARTICLES:
                if bare.casefold().startswith(article):
                    return _find(self.sellers, bare[len(article) :])
        return found

    def sellers_at(self, size: str) -> tuple[Seller, ...]:
        """The sellers a place of ``size`` has, in the ruleset's order."""
        here = self.rank(size)
        return tuple(s for s in self.sellers if s.place is None or self.rank(s.place) <= here)

    # -- where an item is sold --------------------------------------------------------------------

    def smallest_place(self, entry: BookItem) -> str | None:
        """The smallest size that sells ``entry`` (its own ``sold``, else the first rule naming a place)."""
        own = entry.item.sold
        if own is not None and own.place is not None:
            return own.place
        for rule in self.market.sold:
            if rule.place is not None and item_matches(entry.item, rule.filter):
                return rule.place
        return None

    def limit_of(self, entry: BookItem) -> CountOrDice | None:
        """How many a place keeps on hand in a day (a number or dice), or None for no limit."""
        own = entry.item.sold
        if own is not None and own.limited is not None:
            return own.limited
        for rule in self.market.sold:
            if rule.limited is not None and item_matches(entry.item, rule.filter):
                return rule.limited
        return None

    def sold_at(self, entry: BookItem, size: str) -> bool:
        """Whether a place of ``size`` is large enough to sell ``entry``."""
        smallest = self.smallest_place(entry)
        return smallest is None or self.rank(smallest) <= self.rank(size)

    def on_shelves(self, entry: BookItem) -> bool:
        """Whether ``entry`` can be among anybody's wares: priced, not ``unsold``, not cursed, not a fake."""
        return self.may_shelve(entry) and self.price(entry) is not None

    def may_shelve(self, entry: BookItem) -> bool:
        """``on_shelves`` price aside: not a fake, not cursed, not ``unsold`` (a buy checks the price later)."""
        item = entry.item
        return not (item.is_fake or item.is_cursed or self.book.is_unsold(entry))

    def sells(self, seller: Seller | None, entry: BookItem) -> bool:
        """Whether ``seller`` sells that kind of thing (one of its ``sells`` filters picks it); a market
        without sellers (``seller`` None) sells everything."""
        if seller is None:
            return True
        return any(item_matches(entry.item, wanted) for wanted in seller.sells)

    def wares(self, size: str, seller: Seller | None) -> tuple[BookItem, ...]:
        """What ``seller`` (None: anybody, in a market without sellers) has on the shelves at ``size``:
        cheapest first at the default level, ties in catalog order. The day's stock is not among them."""
        key = (size, seller.id if seller is not None else None)
        found = self._wares.get(key)
        if found is None:
            found = tuple(
                entry for entry in self._shelves() if self.sold_at(entry, size) and self.sells(seller, entry)
            )
            self._wares[key] = found
        return found

    def _shelves(self) -> tuple[BookItem, ...]:
        """Every item that can be a ware, cheapest first at the default level (worked out once)."""
        if self._shelf is None:
            priced = [
                (entry, self._default_amount(entry)) for entry in self.book.items() if self.on_shelves(entry)
            ]
            self._shelf = tuple(entry for entry, _ in sorted(priced, key=lambda pair: pair[1]))
        return self._shelf

    def _default_amount(self, entry: BookItem) -> int:
        price = self.price(entry)
        return price.amount if price is not None else 0

    # -- honesty ---------------------------------------------------------------------------------

    def offered_as(self, entry: BookItem) -> BookItem | None:
        """The item a fake is offered as: the one it ``passesFor``, checked again as the market offers it (spec:
        "a real, sellable item of the same category, worn in the same slots, that binds if the fake binds ...
        so a fake whose target is missing or hidden by a layer is never sold"). None for a real item, or a
        fake that is never offered."""
        if not entry.item.is_fake:
            return None
        target = self.book.passes_for(entry)
        if target is None or target.item.is_fake or target.item.service:
            return None
        fake, real = entry.item, target.item
        if fake.category != real.category or fake.slots != real.slots:
            return None
        if fake.binds is not None and real.binds is None:
            return None
        return target if self.price(target) is not None else None

    def fakes_of(self, entry: BookItem) -> tuple[BookItem, ...]:
        """The fakes a market would offer as ``entry``, in catalog order (what inspecting a real one rolls)."""
        found = self._fakes.get(entry.ref)
        if found is None:
            found = tuple(one for one in self.book.items() if self._offers_as(one, entry))
            self._fakes[entry.ref] = found
        return found

    def _offers_as(self, fake: BookItem, entry: BookItem) -> bool:
        target = self.offered_as(fake)
        return target is not None and target.ref == entry.ref

    def is_offered_fake(self, seller: Seller | None, entry: BookItem) -> bool:
        """Whether ``entry`` in ``seller``'s stock is a fake they offer as another item: only a dishonest
        seller's stock keeps one (``marketday.stock_rolled``), shown as ``offered_as(entry)``."""
        return seller is not None and not seller.honest and self.offered_as(entry) is not None

    def warning(self, seller: Seller | None, entry: BookItem) -> str | None:
        """What ``seller`` warns the buyer of before selling ``entry``: its ``risky`` text for an honest seller
        (anybody, in a market without sellers, is honest); None for a dishonest one or a safe item."""
        if seller is not None and not seller.honest:
            return None
        return entry.item.risky

    # -- prices -----------------------------------------------------------------------------------

    def price(self, entry: BookItem, level: PriceLevel | None = None) -> Price | None:
        """One of ``entry`` at ``level`` (the default without it); None when it is not for sale."""
        return self._scaled(entry, Fraction(str((level or self.default_level).times)))

    def buy_back(self, entry: BookItem) -> Price | None:
        """What a seller pays for one of ``entry``: ``buyBack`` of its default price; None when nobody buys
        anything back (no ``buyBack``) or it has no price."""
        share = self.market.buy_back
        if share is None:
            return None
        return self._scaled(entry, Fraction(str(self.default_level.times)), Fraction(str(share)))

    def buys(self, seller: Seller | None, entry: BookItem) -> bool:
        """Whether ``seller`` (None: anybody, in a market without sellers) buys ``entry`` back."""
        return self.market.buy_back is not None and self.sells(seller, entry)

    def _scaled(self, entry: BookItem, *factors: Fraction) -> Price | None:
        cost = entry.item.cost
        if cost is None:
            return None
        coin = self._coins.get(cost.unit)
        if coin is None:  # a layer took the cost's coin out
            return None
        smallest = self._smallest[coin.family.id]
        if smallest.value != 1:  # a layer took the family's smallest coin out: nothing to count a price in
            return None
        amount = Fraction(cost.amount * coin.value)
        for factor in factors:
            amount = _round_half_up(amount * factor)
        whole = int(amount)
        if cost.amount > 0:
            whole = max(whole, 1)
        return self.priced_at(whole, coin.family.id, coin.id)

    def priced_at(self, amount: int, family: str, written_in: str) -> Price:
        """``amount`` of ``family``'s smallest coin said in ``written_in`` where that coin pays it exactly,
        else in the largest coin left that does (the smallest coin always does)."""
        coin = self._coins[written_in]
        if amount % coin.value != 0 or coin.family.id != family:
            fits = [c for c in self.book.coins() if c.family.id == family and amount % c.value == 0]
            coin = max(fits, key=lambda c: c.value)
        count = amount // coin.value
        name = coin.one if count == 1 else coin.label
        text = f"{count} {name}"
        return Price(
            amount=amount, family=family, coin=coin.id, count=count, text=text, written_in=written_in
        )


def _round_half_up(value: Fraction) -> Fraction:
    return Fraction(math.floor(value + Fraction(1, 2)))


_Named = TypeVar("_Named", PriceLevel, Place, Seller)


def _find(options: tuple[_Named, ...], name: str) -> _Named | None:
    wanted = fold(name)
    if not wanted:
        return None
    return next((o for o in options if wanted in (fold(o.id), fold(o.label))), None)
