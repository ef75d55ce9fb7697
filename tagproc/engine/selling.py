"""Selling: ``[inventory: action="sell" item= count= seller= who=]`` (spec "A market day": selling).

The rules of a sale, answered by ``trade.decide_sell`` (which checks who sells first). Priced at ``state.day``
like a buy, at the buy-back share of the item's default price (``MarketBook.buy_back``: per item, rounded
half up, at least one coin) times the count. The item comes out of the seller's bag (``who=``'s, the
player's without it; never a bound cursed stack) and its coins go in, largest first (``money.coins_for``).
Either both happen or neither does.

Checks, in the spec's list order (the lead's decision where it is silent), each refusing and changing
nothing: ``no-market``, ``no-place`` (``marketplace.market_of``); ``not-bought`` (no ``buyBack``, not one of
the ruleset's items, an unknown seller, a seller not here, a named seller who does not sell that kind, or
nobody here who does); ``not-for-sale`` (no price); ``purse-spent`` (the sale is more than today's purse has
left in that family, paid out by all the place's sellers together); ``none-held``; ``cursed`` (all they hold
of it is bound and cursed); ``too-heavy`` (coins the bag cannot carry). Asked for more than they hold, what
they hold is sold (``count`` is what really moved, the note says so).

A fake (spec "Honest and dishonest sellers": "selling it to an honest buyer, who says what it truly is and pays
what that is worth (its own ``cost``), or refuses where it has none. A dishonest buyer takes a fake as what
it seems"): the stacks a sale takes are taken as for any item (the name of what a fake passes for finds it).
An honest buyer (any seller but a dishonest one; anybody in a market without sellers) pays each fake piece
its own buy-back price and says what it is (``fakes.told``), the journal has a ``changed`` line for it before
the ``sold`` line (which names what was sold as it was shown); where the fake has no price (or one in
another currency family) the sale is refused ``not-for-sale`` and changes nothing, the note saying what it
is. A dishonest buyer pays it as the item it passes for and says nothing.

Answer (PEER §1): ``seller`` filled by its label (left out in a market without sellers), ``now`` the
seller's count left, ``price`` what the whole count fetched, the note the coins that came in. Journal
``sold`` with the price; the day counts the coins paid out (``MarketDayChanged``).
Notes are ``market.*`` facts (``prompts/notes/market.jinja``).
"""

from __future__ import annotations

from tagproc import commands as c
from tagproc.engine import bags, fakes, marketday, money
from tagproc.engine.answers import answer, with_attr
from tagproc.engine.bags import What
from tagproc.engine.market import MarketBook, Price
from tagproc.engine.marketplace import (
    Market,
    Refusal,
    coin_labels,
    fits_after,
    market_of,
    named_seller,
    written_who,
)
from tagproc.engine.outcome import Accepted, BagChanged, Journaled, MarketDayChanged
from tagproc.engine.placing import counted_text
from tagproc.engine.reasons import Reason
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState, JournalEntry, Stack
from tagproc.engine.trusted import note
from tagproc.notes import Note
from tagproc.ruleset.book import BookItem
from tagproc.ruleset.models import Seller

__all__ = ["sell"]


def sell(state: GameState, command: c.Sell, rules: Rules, who: int) -> Accepted:
    """The sale ``command`` asks of member ``who``, or a ``Refusal`` raised at the first check it fails."""
    market = market_of(state, rules)
    book = market.book
    entry, seller = _buyer(rules, market, command)
    one = book.buy_back(entry)
    if one is None:
        raise Refusal(Reason.NOT_FOR_SALE, note("market.no_cost", name=entry.label))
    member = state.party[who]
    what = What(entry.label, item=entry.ref)
    held = bags.count_held(member.bag, what)
    sellable = sum(s.count for s in member.bag if bags.is_of(s, what) and not bags.is_cursed(s, entry.item))
    count = min(command.count, sellable) if sellable else command.count
    bag, pieces = bags.take(member.bag, what, count, keep=lambda stack: bags.is_cursed(stack, entry.item))
    seen = [p for p in pieces if fakes.is_fooling(p)] if seller is None or seller.honest else []
    fetched = _fetched(rules, book, one, count, seen, seller)
    left = marketday.purse_left(rules, market.day, fetched.family)
    if left is not None and fetched.amount > left:
        purse = book.size(market.day.size)
        unit = purse.purse.unit if purse is not None and purse.purse is not None else fetched.coin
        has = book.priced_at(left, fetched.family, unit).text
        raise Refusal(Reason.PURSE_SPENT, note("market.purse_spent", price=fetched.text, left=has))
    if held == 0:
        raise Refusal(Reason.NONE_HELD, note("market.none_held", who=member.name, name=entry.label))
    if sellable == 0:
        raise Refusal(Reason.CURSED, note("market.cursed", who=member.name, name=entry.label))
    family = rules.family(fetched.coin)
    coins_in = money.coins_for(family, fetched.amount)
    labels = coin_labels(rules, family)
    for part in coins_in:
        bag = bags.add(bag, What(labels[part.coin], coin=part.coin), part.count, None)
    fits_after(state, rules, who, bag, fetched.text)
    day = market.day
    if fetched.amount:  # a sale for nothing pays nothing out: the day stays the value it was
        day = marketday.counted_payout(day, fetched.family, fetched.amount)
    text = counted_text(entry.label, count)
    effects = (
        BagChanged(member=who, bag=bag),
        *(Journaled(entry=fakes.changed(member.name, piece, rules)) for piece in seen),
        Journaled(entry=JournalEntry(kind="sold", who=member.name, text=text, price=fetched.text)),
        MarketDayChanged(day=day),
    )
    attrs = with_attr(command, command.answer_attrs(), "item", entry.label)
    attrs = with_attr(command, attrs, "count", str(count))
    attrs = with_attr(command, attrs, "seller", seller.label if seller is not None else None)
    attrs = written_who(state, command, attrs, member.name)
    said: list[Note] = [_told(seller, piece, rules) for piece in _each_fake(seen)]
    if count < command.count:
        said.append(note("market.held_only", who=member.name, held=sellable, count=count))
    if coins_in:
        said.append(note("market.sold", coins=tuple((labels[p.coin], p.count) for p in coins_in)))
    now = bags.count_held(bag, what)
    reply = answer(command, now=now, attrs=attrs, extra=(("price", fetched.text),), note=said)
    return Accepted(effects=effects, answers=(reply,))


def _fetched(
    rules: Rules, book: MarketBook, one: Price, count: int, seen: list[Stack], seller: Seller | None
) -> Price:
    """What ``count`` fetch: ``one`` each, but an honest buyer pays a fake it sees through (``seen``, among the
    pieces taken) its own buy-back price; refused ``not-for-sale`` when that fake has no price, or is priced
    in another currency family than the item it passed for (one sale is paid in one family)."""
    real = count - sum(piece.count for piece in seen)
    amount = one.amount * real
    written_in = one.written_in
    for piece in seen:
        entry = rules.book.get(piece.item) if piece.item is not None else None
        own = book.buy_back(entry) if entry is not None else None
        if own is None or own.family != one.family:
            true = fakes.true_label(piece, rules)
            raise Refusal(
                Reason.NOT_FOR_SALE, (_told(seller, piece, rules), note("market.no_cost", name=true))
            )
        amount += own.amount * piece.count
        if real == 0:  # all of it fake: said in the coin the fake's own cost is written in, where it pays it
            written_in = own.written_in
    return book.priced_at(amount, one.family, written_in)


def _each_fake(seen: list[Stack]) -> list[Stack]:
    """One piece of each fake seen through (two pieces of one fake are told once)."""
    found: dict[str | None, Stack] = {}
    for piece in seen:
        found.setdefault(piece.item, piece)
    return list(found.values())


def _told(seller: Seller | None, piece: Stack, rules: Rules) -> Note:
    return fakes.told_note(
        seller.label if seller is not None else None, piece.name, fakes.true_label(piece, rules)
    )


def _buyer(rules: Rules, market: Market, command: c.Sell) -> tuple[BookItem, Seller | None]:
    """The item sold and the seller here who buys it (None: anybody, in a market without sellers), or
    ``not-bought``: nobody buys anything back, not a ruleset item, or no seller here who buys that kind."""
    book = market.book
    if book.market.buy_back is None:
        raise Refusal(Reason.NOT_BOUGHT, note("market.no_buy_back"))
    ref = command.item
    entry = rules.book.find(ref.label) if ref.label is not None and ref.coin is None else None
    if entry is None:
        raise Refusal(Reason.NOT_BOUGHT, note("market.not_a_ware", name=ref.name))
    buying = [s for s in market.sellers if book.buys(s, entry)]
    if command.seller is not None:
        try:
            seller = named_seller(market, command.seller)
        except Refusal as refusal:
            raise Refusal(Reason.NOT_BOUGHT, refusal.said) from None
        if seller not in buying:
            others = tuple(s.label for s in buying if s is not None)
            said = note("market.seller_does_not_buy", seller=seller.label, name=entry.label, others=others)
            raise Refusal(Reason.NOT_BOUGHT, said)
        return entry, seller
    if not buying:
        raise Refusal(Reason.NOT_BOUGHT, note("market.nobody_buys", name=entry.label))
    return entry, buying[0]
