"""The marketplace: where a trade happens, and what a buy and a sale share (spec "Markets", "A market day").

Owns ``Refusal`` (a check a trade does not pass, raised deep in a rule and answered once by
``trade.decide_buy``/``decide_sell``, STYLE.md "Refuse by raising, decide in one place"), ``market_of`` (the market and the day a
trade is priced at: ``no-market``, ``no-place``), ``named_seller`` (a ``seller=`` that is a seller here), the
coins of a purse and moving them, who trades (``trader``: ``who="party"`` is the player's bag, as the reference
engine has it, and is answered as written), and ``fits_after`` (the carrying rule for what a trade leaves in one bag:
past the limit and heavier than before is ``too-heavy``, as is a bag of too many stacks).

Invariants: nothing here changes a state; every amount is an int in the family's smallest coin.
"""

from __future__ import annotations

from dataclasses import dataclass

from tagproc import commands as c
from tagproc.engine import bags, money
from tagproc.engine.answers import with_attr, with_names
from tagproc.engine.carrying import carried
from tagproc.engine.market import MarketBook
from tagproc.engine.outcome import Decision
from tagproc.engine.placing import is_party, member_or_refusal
from tagproc.engine.purse import coins_moved, purse_of
from tagproc.engine.reasons import Reason
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState, MarketDay, Stack
from tagproc.engine.trusted import note
from tagproc.notes import NoteLike
from tagproc.ruleset.models import Seller

__all__ = [
    "Market",
    "Refusal",
    "coin_labels",
    "coins_moved",
    "fits_after",
    "market_of",
    "named_seller",
    "purse_of",
    "trader",
    "written_who",
]


class Refusal(Exception):
    """A check a trade does not pass: its reason and what the note says (caught once, in ``decide_*``)."""

    def __init__(self, reason: Reason, said: NoteLike = None) -> None:
        super().__init__(str(reason))
        self.reason = reason
        self.said = said


@dataclass(frozen=True, slots=True)
class Market:
    """Where a trade happens: the market, the day, and the sellers at the day's size (None: anybody, in a
    market without sellers)."""

    book: MarketBook
    day: MarketDay
    sellers: tuple[Seller | None, ...]

    def size_label(self, size: str | None) -> str | None:
        found = self.book.size(size) if size is not None else None
        return found.label if found is not None else None


def market_of(state: GameState, rules: Rules) -> Market:
    """The market a trade is priced at: ``no-market`` without one, ``no-place`` without a day at one."""
    book = rules.market
    if book is None:
        raise Refusal(Reason.NO_MARKET, note("market.no_market"))
    day = state.day
    if day is None or book.rank(day.size) < 0:
        raise Refusal(Reason.NO_PLACE, note("market.no_place", place=state.place))
    sellers: tuple[Seller | None, ...] = book.sellers_at(day.size) if book.sellers else (None,)
    return Market(book, day, sellers)


def named_seller(market: Market, name: str) -> Seller:
    """The seller ``seller=`` names, here: refused (``no-seller`` for a buy; the caller's code) otherwise."""
    seller = market.book.seller(name)
    if seller is None:
        present = tuple(s.label for s in market.sellers if s is not None)
        raise Refusal(Reason.NO_SELLER, note("market.unknown_seller", name=name, known=present))
    if seller not in market.sellers:
        smallest = market.size_label(seller.place)
        here = market.size_label(market.day.size)
        raise Refusal(
            Reason.NO_SELLER,
            note("market.seller_not_here", seller=seller.label, smallest=smallest, here=here),
        )
    return seller


def fits_after(state: GameState, rules: Rules, who: int, bag: tuple[Stack, ...], name: str | None) -> None:
    """Refuse ``too-heavy`` when ``bag`` would take ``who`` past their carry limit and be heavier than before,
    or hold more stacks than a bag takes (more than it held before). ``name`` is what comes in; None when only
    coins do (the change of a service: the note says the change is what cannot be carried)."""
    member = state.party[who]
    if len(bag) > max(bags.MAX_BAG_STACKS, len(member.bag)):
        raise Refusal(
            Reason.TOO_HEAVY, note("market.no_stack_room", who=member.name, most=bags.MAX_BAG_STACKS)
        )
    after = member.model_copy(update={"bag": bag})
    heavier = rules.load(after, state) > rules.load(member, state)
    if heavier and rules.load(after, state) > rules.carry_limit(member, state):
        if name is None:
            raise Refusal(Reason.TOO_HEAVY, note("money.change_too_heavy", who=member.name))
        load = carried(rules, state, after)
        raise Refusal(Reason.TOO_HEAVY, note("market.too_heavy", who=member.name, name=name, load=load))


def coin_labels(rules: Rules, family: tuple[money.Coin, ...]) -> dict[str, str]:
    return {coin.id: rules.coins_by_id[coin.id].label for coin in family}


def trader(state: GameState, command: c.Buy | c.Sell) -> int | Decision:
    """Who trades: ``who``'s member, the player without it, and the player for ``who="party"`` (PEER §3:
    "party or nothing names no bag: ... anything else the player's bag"), unless a member is called so."""
    if is_party(state, command.who):
        return 0
    return member_or_refusal(state, command, command.who)


def written_who(
    state: GameState, command: c.Buy | c.Sell, attrs: tuple[tuple[str, str], ...], name: str
) -> tuple[tuple[str, str], ...]:
    """``who=`` written as the member's own name, or ``party`` as the GM wrote it (CONVENTIONS.md §1)."""
    if is_party(state, command.who):
        return with_attr(command, attrs, "who", "party")
    return with_names(command, attrs, who=name)
