"""A market day: what a place keeps on hand today, and what today has taken (spec "A market day").

Owns reading a ``MarketDay``: everything a day *keeps* is rolled from ``MarketDay.seed`` whenever it is asked
for, and counted against what the day *took* (``bought``, ``stock_bought``, ``paid_out``), so a swipe, a
regenerated reply or a branch reads the same shelf and nothing but the counts is stored:

- **limited** (``limited_left``): ``MarketBook.limit_of`` rolled once per item per day with
  ``dice_for(seed, "limited", ref)``, less every shelf buy of it at the place today (all sellers together);
- **stock** (``stock_rolled``, ``stock_left``, ``offered_fakes``): a seller's ``stock.table`` rolled once a day with
  ``dice_for(seed, "stock", seller id)``: items only, never coins. A fake stays, under its own ref, only in a
  dishonest seller's stock and only while the market would offer it (``MarketBook.offered_as``: the item it
  passes for is in the book and sellable); a cursed item is left out of an honest seller's only (spec "Honest
  and dishonest sellers": "never in an honest seller's stock"). Two lines that roll one item add up. Listed
  in catalog order. ``stock_left`` is what is left to sell as itself (never a fake); ``offered_fakes`` the
  fakes left, each with the item it is offered as; ``fakes_left`` those offered as one given item;
- **purse** (``purse_left``): the place size's ``purse`` (amount × its coin's worth, in that coin's family),
  less what sellers here paid out in that family today; no purse for a family: no limit (None).

``counted_buy``, ``counted_stock_buy``, ``counted_payout`` and ``counted_hold`` return a new day with one more
buy, sale or held buy counted; each count is a sorted tuple, so equal days are equal values.

Invariants: nothing here changes a state or rolls with any dice but the day's own; no count left is below 0.
"""

from __future__ import annotations

from tagproc.engine.dice import DiceError, dice_for
from tagproc.engine.loot import roll_table
from tagproc.engine.rules import Rules
from tagproc.engine.state import MarketDay
from tagproc.ruleset.book import BookItem
from tagproc.ruleset.models import Seller

__all__ = [
    "counted_buy",
    "counted_hold",
    "counted_payout",
    "counted_stock_buy",
    "fakes_left",
    "limited_left",
    "offered_fakes",
    "purse_left",
    "stock_left",
    "stock_rolled",
]


def limited_left(rules: Rules, day: MarketDay, entry: BookItem) -> int | None:
    """How many of ``entry`` the place's shelves still hold today; None when it is not limited."""
    book = rules.market
    limit = book.limit_of(entry) if book is not None else None
    if limit is None:
        return None
    try:
        on_hand = dice_for(day.seed, "limited", entry.ref).roll(limit)
    except DiceError:  # the validator lets no such limit through; a limit that cannot be rolled keeps none
        on_hand = 0
    return max(0, on_hand - dict(day.bought).get(entry.ref, 0))


def stock_rolled(rules: Rules, day: MarketDay, seller: Seller) -> tuple[tuple[str, int], ...]:
    """What ``seller`` had in stock when the day began: (item ref, count), in catalog order."""
    if seller.stock is None or rules.block is None:
        return ()
    table = next((t for t in rules.block.loot_tables if t.id == seller.stock.table), None)
    if table is None:
        return ()
    counts: dict[str, int] = {}
    for drop in roll_table(table, rules, dice_for(day.seed, "stock", seller.id)):
        entry = rules.book.get(drop.ref) if drop.ref is not None else None
        if entry is None or not _kept(rules, seller, entry):
            continue
        counts[entry.ref] = counts.get(entry.ref, 0) + drop.count
    order = {entry.ref: index for index, entry in enumerate(rules.book.items())}
    return tuple(sorted(counts.items(), key=lambda pair: order[pair[0]]))


def _kept(rules: Rules, seller: Seller, entry: BookItem) -> bool:
    """Whether ``seller``'s stock keeps ``entry`` it rolled: a fake only a dishonest seller's, while it is
    offered as what it passes for; a cursed item never an honest seller's."""
    if entry.item.is_fake:
        return rules.market is not None and rules.market.is_offered_fake(seller, entry)
    cursed = entry.item.is_cursed
    return not (cursed and seller.honest)


def fakes_left(rules: Rules, day: MarketDay, seller: Seller, ref: str) -> tuple[tuple[BookItem, int], ...]:
    """The fakes ``seller`` still has in stock today that they offer as the item ``ref``, with how many are
    left of each, in catalog order (none for an honest seller)."""
    return tuple((fake, left) for fake, shown, left in offered_fakes(rules, day, seller) if shown.ref == ref)


def offered_fakes(rules: Rules, day: MarketDay, seller: Seller) -> tuple[tuple[BookItem, BookItem, int], ...]:
    """What of ``seller``'s stock today is a fake offered as another item: (the fake, the item it is offered
    as, how many are left), in catalog order; none for an honest seller. What the MARKET block shows as the
    item it passes for, the truth beside it."""
    book = rules.market
    if book is None:
        return ()
    found: list[tuple[BookItem, BookItem, int]] = []
    for ref, left in _stock_left(rules, day, seller):
        entry = rules.book.get(ref)
        shown = book.offered_as(entry) if entry is not None else None
        if entry is not None and shown is not None:
            found.append((entry, shown, left))
    return tuple(found)


def stock_left(rules: Rules, day: MarketDay, seller: Seller) -> tuple[tuple[str, int], ...]:
    """What ``seller`` still has in stock today to sell as itself: (item ref, count left), in catalog order;
    an item whose stock was all bought today is left out, and so is a fake (it is only ever offered as what it
    passes for: ``offered_fakes``)."""
    return tuple((ref, left) for ref, left in _stock_left(rules, day, seller) if not _is_fake(rules, ref))


def _is_fake(rules: Rules, ref: str) -> bool:
    entry = rules.book.get(ref)
    return entry is not None and entry.item.is_fake


def _stock_left(rules: Rules, day: MarketDay, seller: Seller) -> tuple[tuple[str, int], ...]:
    taken = {(seller_id, ref): count for seller_id, ref, count in day.stock_bought}
    left = ((ref, count - taken.get((seller.id, ref), 0)) for ref, count in stock_rolled(rules, day, seller))
    return tuple((ref, count) for ref, count in left if count > 0)


def purse_left(rules: Rules, day: MarketDay, family_id: str) -> int | None:
    """What today's purse at the place still pays out in ``family_id`` (its smallest coin); None when the
    place size has no purse in that family."""
    book = rules.market
    size = book.size(day.size) if book is not None else None
    if size is None or size.purse is None:
        return None
    coin = rules.coins_by_id.get(size.purse.unit)
    if coin is None or coin.family.id != family_id:  # a layer took the purse's coin out: no limit
        return None
    return max(0, size.purse.amount * coin.value - dict(day.paid_out).get(family_id, 0))


def counted_buy(day: MarketDay, ref: str, count: int) -> MarketDay:
    """``day`` with ``count`` more of ``ref`` bought off the place's shelves."""
    return day.model_copy(update={"bought": _added(day.bought, ref, count)})


def counted_stock_buy(day: MarketDay, seller_id: str, ref: str, count: int) -> MarketDay:
    """``day`` with ``count`` more of ``ref`` bought out of ``seller_id``'s stock."""
    taken = {(s, r): n for s, r, n in day.stock_bought}
    taken[(seller_id, ref)] = taken.get((seller_id, ref), 0) + count
    return day.model_copy(update={"stock_bought": tuple(sorted((s, r, n) for (s, r), n in taken.items()))})


def counted_payout(day: MarketDay, family_id: str, amount: int) -> MarketDay:
    """``day`` with ``amount`` more paid out to sellers in ``family_id`` (its smallest coin)."""
    return day.model_copy(update={"paid_out": _added(day.paid_out, family_id, amount)})


def counted_hold(day: MarketDay, seller_id: str, fake_ref: str) -> MarketDay:
    """``day`` remembering that a companion held a buy of ``fake_ref`` from ``seller_id`` (spec "Spotting
    fakes": "the same buy from that seller asked again that day goes through")."""
    held = tuple(sorted({*day.held, (seller_id, fake_ref)}))
    return day.model_copy(update={"held": held})


def _added(counts: tuple[tuple[str, int], ...], key: str, count: int) -> tuple[tuple[str, int], ...]:
    found = dict(counts)
    found[key] = found.get(key, 0) + count
    return tuple(sorted(found.items()))
