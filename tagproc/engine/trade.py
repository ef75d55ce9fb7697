"""Trade: buying and selling at a market (spec "Markets", "A market day"): ``decide_buy``, ``decide_sell``.

Both check who trades first (``unknown-character``/``ambiguous-character``) and answer a ``Refusal`` raised by
any later check once (STYLE.md "Refuse by raising, decide in one place"); a sale's own rules are ``selling``'s, what both share
(the market and day in force, a named seller, coins, the carrying rule) ``marketplace``'s.

Owns ``[inventory: action="buy" item= count= level= seller= who=]``, priced at ``state.day`` (the market day
in force when the reply ends: the turn sets it). A buy's payment and its item are one decision: the price
comes out of the buyer's purse exactly as a payment does (``money.plan_payment``, change back largest first)
and the item goes into the buyer's bag (``who=``'s, the player's without it; a buy never splits), or for a
service only the payment is made (``now="0"``). Either both happen or neither does.

Checks, in the lead's order (PEER §6), each refusing with its code and changing nothing:
``unknown-character``/``ambiguous-character``; ``no-market`` (the ruleset has none); ``no-place`` (no day: no
place said, or one without a market); ``unknown-level``; ``unknown-item`` (not one of the ruleset's items as
the book has it: a coin, a plain or invented item, one a layer hides); ``not-for-sale`` (no cost); ``not-here``
(the place is smaller than the item's smallest place, unless a seller here rolled it in stock today);
``no-seller`` (an unknown seller, one not at this size, or nobody here with it on their shelves or in stock);
``not-to-you`` (the seller's ``only`` not met; without ``seller=`` the first seller here who has it and whose
``only`` the buyer meets is taken, else the first who has it refuses); ``not-for-sale`` (its coin taken out by
a layer); ``sold-out`` (fewer left than asked, on the shelves for a limited item or in that seller's stock:
never a part); ``cannot-afford``; ``too-heavy`` (the bag after paying and taking it would be past the buyer's
carry limit and heavier than before, or need more stacks than a bag takes).

Where a buy comes from (the lead's rule): off the seller's shelves (their wares at this size, counted against
``limited`` for the whole place) when it is among them and enough are left, else out of that seller's stock
today when enough is there. The decision emits ``MarketDayChanged`` with the count taken. A stock is what was
rolled this morning: once bought out, a buy of it is ``sold-out`` (with what is left), not ``not-here``; and
of two sellers who have it, the first who can supply the whole count is taken (the lead's "first seller
here who has it", read as having enough of it: a sold-out stock does not stand in front of full shelves).

Fakes (spec "Honest and dishonest sellers"; the brief's decisions): a buy that names a dishonest seller here
and the label of an item one of their stock's fakes passes for gets that fake, when at least ``count`` of it
are left (``marketday.fakes_left``; fewer: the buy is any other buy, never part fake), whatever the place's
size and the shelves say; priced as the item it passes for at the level asked, counted in ``stock_bought``
under the fake's own ref, put in the bag as ``What(<shown label>, item=<fake ref>, passes_as=<shown ref>)``
(its own stack: a fake never merges), answered and journaled by the shown label. A buy naming no seller, or
an honest one, never gets a fake; a fake's own label is never bought (it is no ware, nor stock to sell as
itself). Once every other check has passed, and unless the day already holds ``(seller id, fake ref)``,
``noticing.noticed`` is asked; someone noticing holds the buy: answered ``result="refused" reason="held"``
with who noticed what (``fakes.held``), nothing paid, but *decided* ``Accepted`` with one
``MarketDayChanged`` remembering the hold (``MarketDay.held``), so that the same buy asked again that day
goes through: the one place an answer says refused while the state changes (a ``Refused`` carries no
effects).

Answer (PEER §1, §6): ``item`` the item's label, ``level`` and ``seller`` filled by their labels (``seller`` left
out in a market without sellers), ``now`` the buyer's count, ``price`` what the whole count cost, the note
the payment's ("Paid with shillings ×8."; none for a free buy). Journal ``bought`` with the price.
Notes are ``market.*`` facts (``prompts/notes/market.jinja``).
"""

from __future__ import annotations

from dataclasses import dataclass

from tagproc import commands as c
from tagproc.engine import bags, fakes, marketday, money, noticing, selling
from tagproc.engine.answers import answer, refuse, with_attr
from tagproc.engine.bags import What
from tagproc.engine.dice import Dice
from tagproc.engine.market import MarketBook
from tagproc.engine.marketplace import (
    Market,
    Refusal,
    coin_labels,
    coins_moved,
    fits_after,
    market_of,
    named_seller,
    purse_of,
    trader,
    written_who,
)
from tagproc.engine.noticing import Noticed
from tagproc.engine.outcome import Accepted, BagChanged, Decision, Journaled, MarketDayChanged
from tagproc.engine.placing import counted_text
from tagproc.engine.reasons import Reason
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState, JournalEntry, MarketDay, Member
from tagproc.engine.trusted import note
from tagproc.ruleset.book import BookItem
from tagproc.ruleset.models import Seller

__all__ = ["decide_buy", "decide_sell"]


def decide_sell(state: GameState, command: c.Sell, rules: Rules, dice: Dice) -> Decision:
    """Sell ``count`` of an item to a seller here: out of the bag, coins in, or neither (``selling``)."""
    who = trader(state, command)
    if not isinstance(who, int):
        return who
    try:
        return selling.sell(state, command, rules, who)
    except Refusal as refusal:
        return refuse(command, refusal.reason, refusal.said)


# -- buying ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Source:
    """Where a buy comes from: ``seller`` (None: anybody), off the shelves or out of their stock."""

    seller: Seller | None
    from_stock: bool


@dataclass(frozen=True, slots=True)
class _Fake:
    """A fake a buy gets: ``entry`` (the fake) out of ``seller``'s stock, offered as the item the buy named."""

    seller: Seller
    entry: BookItem


def decide_buy(state: GameState, command: c.Buy, rules: Rules, dice: Dice) -> Decision:
    """Buy ``count`` of an item at the market day in force: pay, then take it, or neither."""
    who = trader(state, command)
    if not isinstance(who, int):
        return who
    try:
        return _buy(state, command, rules, who, dice)
    except Refusal as refusal:
        return refuse(command, refusal.reason, refusal.said)


def _buy(state: GameState, command: c.Buy, rules: Rules, who: int, dice: Dice) -> Decision:
    market = market_of(state, rules)
    book, day = market.book, market.day
    level = book.level(command.level)
    if level is None:
        known = tuple(one.label for one in book.levels)
        raise Refusal(Reason.UNKNOWN_LEVEL, note("market.unknown_level", level=command.level, known=known))
    entry = _ware(rules, command.item)
    if entry.item.cost is None:
        raise Refusal(Reason.NOT_FOR_SALE, note("market.no_cost", name=entry.label))
    fake = _fake_of(state, rules, market, command, entry, who)
    source = (
        _source(state, rules, market, command, entry, who) if fake is None else _Source(fake.seller, True)
    )
    price = book.price(entry, level)
    if price is None:
        raise Refusal(Reason.NOT_FOR_SALE, note("market.coin_taken_out", name=entry.label))
    total = price.times(command.count, book)
    member = state.party[who]
    family = rules.family(total.coin)
    purse = purse_of(member, rules, family)
    plan = money.plan_payment(family, purse, total.amount, checked=rules.is_sound_family(family))
    if plan is None:
        held = book.priced_at(money.worth(family, purse), total.family, total.coin).text
        what_for = counted_text(entry.label, command.count)
        short = note("market.cannot_afford", who=member.name, name=what_for, price=total.text, held=held)
        raise Refusal(Reason.CANNOT_AFFORD, short)
    bag = coins_moved(member.bag, rules, purse, plan.purse_after(purse))
    shown = What(entry.label, item=entry.ref)
    got, stocked = (shown, entry) if fake is None else (_fooling(entry, fake), fake.entry)
    if not entry.item.service:
        bag = bags.add(bag, got, command.count, rules.stack_limit(stocked.item))
    coming_in = None if entry.item.service else counted_text(entry.label, command.count)
    fits_after(state, rules, who, bag, coming_in)
    if fake is not None and (fake.seller.id, fake.entry.ref) not in day.held:
        seen = noticing.noticed(state, rules, who, fake.entry, fake.seller, dice)
        if seen is not None:
            return _held(command, day, fake, seen, member.name, entry.label)
    if source.from_stock:
        assert source.seller is not None  # only a seller has a stock
        day = marketday.counted_stock_buy(day, source.seller.id, stocked.ref, command.count)
    elif marketday.limited_left(rules, day, entry) is not None:
        day = marketday.counted_buy(day, entry.ref, command.count)
    text = counted_text(entry.label, command.count)
    effects = (
        BagChanged(member=who, bag=bag),
        Journaled(entry=JournalEntry(kind="bought", who=member.name, text=text, price=total.text)),
        MarketDayChanged(day=day),
    )
    attrs = with_attr(command, command.answer_attrs(), "item", entry.label)
    attrs = with_attr(command, attrs, "level", level.label)
    attrs = with_attr(command, attrs, "seller", source.seller.label if source.seller else None)
    attrs = written_who(state, command, attrs, member.name)
    # What the buyer holds of it as it is shown: a fake that fools counts as the item it passes for.
    now = 0 if entry.item.service else bags.count_held(bag, shown)
    paid = money.payment_note(plan, coin_labels(rules, family)) if total.amount else None
    reply = answer(command, now=now, attrs=attrs, extra=(("price", total.text),), note=paid)
    return Accepted(effects=effects, answers=(reply,))


# -- fakes ----------------------------------------------------------------------------------------------


def _fake_of(
    state: GameState, rules: Rules, market: Market, command: c.Buy, entry: BookItem, who: int
) -> _Fake | None:
    """The fake this buy gets, if any (spec "Honest and dishonest sellers": "a buy that names that seller and
    that item gets the fake; a buy that names no seller never does"): ``seller=`` names a dishonest seller
    here whose stock today has, of one fake they offer as ``entry``, at least ``count`` left (the first such
    fake in catalog order). Fewer left than asked: the buy is priced as any other (shelves, real stock), since
    a buy is never part fake. ``not-to-you`` when the seller's ``only`` is not met."""
    if command.seller is None:
        return None
    seller = market.book.seller(command.seller)
    if seller is None or seller.honest or seller not in market.sellers:
        return None
    offered = marketday.fakes_left(rules, market.day, seller, entry.ref)
    fake = next((one for one, left in offered if left >= command.count), None)
    if fake is None:
        return None
    member = state.party[who]
    if not _meets_only(rules, state, member, seller):
        only = seller.only.label if seller.only is not None else None
        raise Refusal(
            Reason.NOT_TO_YOU, note("market.not_to_you", who=member.name, seller=seller.label, only=only)
        )
    return _Fake(seller, fake)


def _fooling(entry: BookItem, fake: _Fake) -> What:
    """What a bought fake is in the bag: called ``entry``'s label, truly the fake, passing as ``entry``."""
    return What(entry.label, item=fake.entry.ref, passes_as=entry.ref)


def _held(command: c.Buy, day: MarketDay, fake: _Fake, seen: Noticed, buyer: str, shown: str) -> Accepted:
    """A buy a companion held (spec "Spotting fakes": noticing before a buy): nothing is paid and the answer is
    ``result="refused" reason="held"``, yet the decision is *accepted* with one effect, the day remembering the
    hold (``MarketDay.held``), so that the same buy asked again today goes through. The one place an answer
    says refused while the state changes: a ``Refused`` carries no effects by construction (the brief's
    decision)."""
    said = fakes.held_note(seen.who, seen.says, buyer, shown, fake.seller.label)
    reply = answer(command, result="refused", reason=Reason.HELD, note=said)
    day = marketday.counted_hold(day, fake.seller.id, fake.entry.ref)
    return Accepted(effects=(MarketDayChanged(day=day),), answers=(reply,))


def _ware(rules: Rules, ref: c.ItemRef) -> BookItem:
    """The ruleset item a buy names, as the book has it: ``unknown-item`` for anything else."""
    entry = rules.book.find(ref.label) if ref.label is not None and ref.coin is None else None
    if entry is None:
        raise Refusal(Reason.UNKNOWN_ITEM, note("market.unknown_item", name=ref.name))
    return entry


def _source(
    state: GameState, rules: Rules, market: Market, command: c.Buy, entry: BookItem, who: int
) -> _Source:
    """Who sells it and from where: ``not-here``, ``no-seller``, ``not-to-you``, ``sold-out`` in that order."""
    book, day = market.book, market.day
    stocked = {  # a fake is never bought by its own label: it is only ever offered as what it passes for
        seller.id: dict(marketday.stock_rolled(rules, day, seller)).get(entry.ref, 0)
        for seller in market.sellers
        if seller is not None and not entry.item.is_fake
    }
    if not book.sold_at(entry, day.size) and not any(stocked.values()):
        smallest = market.size_label(book.smallest_place(entry))
        here = market.size_label(day.size)
        raise Refusal(
            Reason.NOT_HERE, note("market.not_here", name=entry.label, smallest=smallest, here=here)
        )
    has_it = [s for s in market.sellers if _shelved(book, entry, day.size, s) or stocked.get(_id(s), 0)]
    if command.seller is not None:
        seller = named_seller(market, command.seller)
        if seller not in has_it:
            others = tuple(s.label for s in has_it if s is not None)
            said = note("market.seller_does_not_sell", seller=seller.label, name=entry.label, others=others)
            raise Refusal(Reason.NO_SELLER, said)
        has_it = [seller]
    if not has_it:
        raise Refusal(Reason.NO_SELLER, note("market.nobody_sells", name=entry.label))
    member = state.party[who]
    willing = [s for s in has_it if _meets_only(rules, state, member, s)]
    if not willing:
        first = has_it[0]
        assert first is not None  # a market without sellers sells to anybody
        only = first.only.label if first.only is not None else None
        raise Refusal(
            Reason.NOT_TO_YOU, note("market.not_to_you", who=member.name, seller=first.label, only=only)
        )
    supplies = [_supply(rules, market, entry, s, command.count) for s in willing]
    chosen = next((source for source, _ in supplies if source is not None), None)
    if chosen is None:
        left = max(most for _, most in supplies)
        said = note("market.sold_out", name=entry.label, count=command.count, left=left)
        raise Refusal(Reason.SOLD_OUT, said)
    return chosen


def _supply(
    rules: Rules, market: Market, entry: BookItem, seller: Seller | None, count: int
) -> tuple[_Source | None, int]:
    """Where ``seller`` can supply ``count`` of ``entry`` from: off the shelves when enough are left, else out
    of their stock (None when neither has enough), and the most one buy could take there (both or neither)."""
    shelf: int | None = 0
    if _shelved(market.book, entry, market.day.size, seller):
        shelf = marketday.limited_left(rules, market.day, entry)
        if shelf is None or shelf >= count:
            return _Source(seller, from_stock=False), count
    stock = dict(marketday.stock_left(rules, market.day, seller)).get(entry.ref, 0) if seller else 0
    if stock >= count:
        return _Source(seller, from_stock=True), count
    return None, max(shelf or 0, stock)


def _shelved(book: MarketBook, entry: BookItem, size: str, seller: Seller | None) -> bool:
    """Whether ``entry`` is among ``seller``'s wares at ``size``, price aside (a price its coins lost is the
    later ``not-for-sale``): sold at that size, picked by their ``sells``, not ``unsold``, cursed or a fake."""
    return book.may_shelve(entry) and book.sold_at(entry, size) and book.sells(seller, entry)


def _meets_only(rules: Rules, state: GameState, member: Member, seller: Seller | None) -> bool:
    """Whether ``member`` meets ``seller``'s ``only``: a value off their sheet, live state and what they carry."""
    if seller is None or seller.only is None:
        return True
    return rules.read(seller.only.value, member, state, live=True) >= seller.only.at_least


def _id(seller: Seller | None) -> str:
    return seller.id if seller is not None else ""
