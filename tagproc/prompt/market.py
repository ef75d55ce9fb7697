"""The market block's facts: the place in force, its price levels, each seller there and their wares
(spec "Markets", "What the Game Master sees" and "A market day"; LAYOUT.md §4).

What it says, by case (``status`` in the context):

- the ruleset has no market: nothing (``none``), so the block is left out;
- a market, but no place in force yet (no ``[place:]`` so far): ``unplaced``, one line asking the Game Master
  to say where the scene is with ``[place:]`` first;
- a place without a size (a road, the wilds), or with a size this market does not have: ``closed``, the place
  has no market (``place`` None when it was not named: the template says ``Here``);
- a place with a size: ``open``, its name, the size's label, the default price level and every level with
  its factor (``levels``, the ruleset's order, the default marked), then a line per seller at that size
  (``stalls``, the ruleset's order; ``MarketBook.sellers_at``): their label, who they sell ``only`` to (its
  ``label``), and their wares (``MarketBook.wares``: priced, sold at this size, picked by their ``sells``,
  never unsold, cursed or a fake), one each at the default level, cheapest first, ties in catalog order, a
  service marked. A market without sellers has one stall, ``name`` None (``Sold here``); a market whose
  sellers are all at larger places has none (the template says nobody here sells anything).

With a market day (``state.day`` set, and the ruleset has one: a purse, ``buyBack``, a seller's stock, a
``limited`` count or a sold rule naming no place, as the instructions decide it, ``teach_items.market_of``):
each seller's stock today is among their wares (``stock``: how many they have left of it today); a stock
item they also have on their shelves is one ware, with both counts when the shelves have a limit and without
the stock when they have none (a buy comes off the shelves first); a limited ware says how many are left
today (``left``, all sellers here together); and the block ends with what the sellers here pay for what they
buy back (``day.percent``: ``buyBack`` as a share of the default price, in per cent; None: nobody buys
anything back) and what is left of today's purse per family, in coins (``day.purse``, said as a price is;
empty: they pay out without limit). The day's counts are ``tagproc.engine.marketday``'s.

Trimming (``DEFAULT_BUDGETS["market"]``, 600 tokens), one step a level, every seller alike: level 0 says at
most 12 wares per seller (the spec's "a dozen"), level 1 at most 6, level 2 at most 3, and level 3 (the
last) none, only how many each seller has (``more``); a seller says how many more they have than it shows
(``and 40 more``). The header, the sellers, who they sell to and the market day's last line are never
trimmed.

Honesty (spec "Honest and dishonest sellers"): an honest seller's risky ware says what they warn the buyer
of (``warn``: its ``risky``); a dishonest seller says nothing. A fake a dishonest seller's stock rolled
today is offered as the item it passes for, at that item's price, with the truth beside it (``fake``: its
own label, for the GM alone), as ``marketday.offered_fakes`` and ``MarketBook.offered_as`` have it (a fake
whose passes-for item is missing, hidden by a layer or not sellable is never offered, and an honest seller's
stock keeps none).

Decisions where the spec is silent: a ware's notes (the truth of a fake, a service, how many are left, how many
in stock, then the warning, whose own words may hold commas) are one parenthesis after its price; a fake is
ordered by its price as what it passes for, and after that item where both are offered; a stock item is ordered among the wares by its default price; a stock item
nobody can price (no cost, its coin taken out) is not said, since nobody can buy it; a limited ware with
none left today is still said, with ``0 left today``, and a stock all bought today is no longer said.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Final

from tagproc.engine.market import MarketBook, Price
from tagproc.engine.marketday import limited_left, offered_fakes, purse_left, stock_left
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState, MarketDay
from tagproc.prompt.draft import Draft, Fixed
from tagproc.prompt.teach_items import Level, market_of
from tagproc.ruleset.book import BookItem
from tagproc.ruleset.models import Place, Seller

__all__ = ["SHOWN", "BuyBack", "MarketDraft", "Stall", "Ware", "market_draft"]

#: How many wares each seller shows, level by level (the last: none, only how many).
SHOWN: Final = (12, 6, 3, 0)


@dataclass(frozen=True, slots=True)
class Ware:
    """One ware at the default level: ``left`` how many of a limited item are left today, ``stock`` how many
    the seller has in stock today (both None without a market day, or when it has no limit / is no stock),
    ``fake`` the true label of a fake offered as ``name``, ``warn`` what an honest seller warns of."""

    name: str
    price: str
    service: bool = False
    left: int | None = None
    stock: int | None = None
    fake: str | None = None  # a dishonest seller's fake: its true label (``name`` is what it passes for)
    warn: str | None = None  # an honest seller's risky ware: what they warn the buyer of (``risky``)


@dataclass(frozen=True, slots=True)
class Stall:
    """A seller here (``name`` None: anybody, in a market without sellers), the wares said at this level and
    how many more they have (``more``)."""

    name: str | None
    only: str | None
    wares: tuple[Ware, ...]
    more: int = 0


@dataclass(frozen=True, slots=True)
class BuyBack:
    """A market day's last line: the share of the default price sellers pay (per cent; None: nobody buys
    anything back) and what is left of today's purse, per family with one, in coins."""

    percent: int | float | None
    purse: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MarketDraft:
    """An open market's facts: ``stalls`` with all their wares, cut to ``SHOWN[level]`` each."""

    place: str | None
    size: str
    default: str
    price_levels: tuple[Level, ...]
    sellers: bool  # the market declares sellers (else one "Sold here" stall)
    stalls: tuple[Stall, ...]
    day: BuyBack | None

    @property
    def levels(self) -> int:
        return len(SHOWN) - 1

    def context(self, level: int) -> Mapping[str, Any]:
        shown = SHOWN[max(0, min(level, self.levels))]
        stalls = tuple(
            replace(stall, wares=stall.wares[:shown], more=max(len(stall.wares) - shown, 0))
            for stall in self.stalls
        )
        return {
            "status": "open",
            "place": self.place,
            "size": self.size,
            "default": self.default,
            "levels": self.price_levels,
            "sellers": self.sellers,
            "stalls": stalls,
            "day": self.day,
        }


def market_draft(state: GameState, rules: Rules) -> Draft:
    """The market's facts at this state (the module docstring says each case)."""
    book = rules.market
    if book is None:
        return Fixed({"status": "none"})
    if state.place is None and state.place_size is None:
        return Fixed({"status": "unplaced"})
    size = next((place for place in book.sizes if place.id == state.place_size), None)
    if size is None:
        return Fixed({"status": "closed", "place": state.place})
    facts = market_of(rules)
    assert facts is not None  # the ruleset has a market
    day = state.day if facts.day else None
    order = {entry.ref: index for index, entry in enumerate(book.book.items())}
    if book.sellers:
        stalls = tuple(
            _stall(book, size.id, seller, day, rules, order) for seller in book.sellers_at(size.id)
        )
    else:
        stalls = (_stall(book, size.id, None, day, rules, order),)
    return MarketDraft(
        place=state.place,
        size=size.label,
        default=book.default_level.label,
        price_levels=facts.levels,
        sellers=bool(book.sellers),
        stalls=stalls,
        day=_buy_back(book, size, day, rules) if day is not None else None,
    )


def _stall(
    book: MarketBook,
    size: str,
    seller: Seller | None,
    day: MarketDay | None,
    rules: Rules,
    order: Mapping[str, int],
) -> Stall:
    stock: dict[str, int] = {}
    fakes: tuple[tuple[BookItem, BookItem, int], ...] = ()
    if day is not None and seller is not None:
        stock = dict(stock_left(rules, day, seller))
        fakes = offered_fakes(rules, day, seller)  # a dishonest seller's: (the fake, offered as, how many)
    shelves = book.wares(size, seller)
    shelved = {entry.ref for entry in shelves}
    stocked = (book.book.get(ref) for ref in stock if ref not in shelved)
    # (offered as, its price, what it truly is, left today, in stock today): a fake as what it passes for.
    priced: list[tuple[BookItem, Price, BookItem, int | None, int | None]] = []
    for entry in (*shelves, *(entry for entry in stocked if entry is not None)):
        price = book.price(entry)
        if price is not None:  # a stock item nobody can price is not for sale (``on_shelves`` for the rest)
            left = limited_left(rules, day, entry) if day is not None and entry.ref in shelved else None
            # On the shelves without a limit, what is in stock besides changes nothing: a buy comes off them.
            in_stock = stock.get(entry.ref) if left is not None or entry.ref not in shelved else None
            priced.append((entry, price, entry, left, in_stock))
    for true, shown, count in fakes:
        price = book.price(shown)
        if price is not None:
            priced.append((shown, price, true, None, count))
    # Cheapest first, ties in catalog order of what is offered; a fake just after the item it passes for.
    priced.sort(key=lambda one: (one[1].amount, order[one[0].ref], one[2] is not one[0]))
    wares = []
    for shown, price, entry, left, in_stock in priced:
        fake = entry.label if entry is not shown else None
        warn = book.warning(seller, entry)  # spec: an honest seller warns, "a dishonest seller says nothing"
        wares.append(Ware(shown.label, price.text, shown.item.service, left, in_stock, fake, warn))
    only = seller.only.label if seller is not None and seller.only is not None else None
    return Stall(seller.label if seller is not None else None, only, tuple(wares))


def _buy_back(book: MarketBook, place: Place, day: MarketDay, rules: Rules) -> BuyBack:
    share = book.market.buy_back
    if share is None:
        return BuyBack(None, ())
    percent = Fraction(str(share)) * 100
    purse: tuple[str, ...] = ()
    if place.purse is not None:
        coin = rules.coins_by_id.get(place.purse.unit)
        left = purse_left(rules, day, coin.family.id) if coin is not None else None
        if coin is not None and left is not None:
            purse = (book.priced_at(left, coin.family.id, coin.id).text,)
    return BuyBack(int(percent) if percent.denominator == 1 else float(percent), purse)
