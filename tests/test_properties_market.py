"""Properties of buying and selling over whole turns (issue 10: spec "Markets", "A market day", "Money").

Over random purses and random buys and sells on the shipped Gravewatch (a market day: limited counts, the
smith's odd lot, purses) and srd-5e (SRD prices, carrying by weight):

- Coins are conserved: across the party, each currency family's worth changes by exactly the price an ok
  buy says (down) or an ok sale says (up), and that price is the count times the market's price of one
  (``MarketBook.price`` at the answer's level, ``MarketBook.buy_back`` for a sale); a refusal moves nothing.
- A refused buy or sell leaves the state byte-identical (a turn's state keeps only its own journal entries,
  so the state is compared with the turn before's, its journal emptied, and the refused turn journals nothing).
- What is left today moves only with an ok buy, by its whole count, off one pool: the place's shelves for a
  limited item or one seller's stock (both or neither, never a part); a sale or a refusal takes nothing.
- A regenerated reply never buys, sells or rolls stock twice: regenerating the same text leaves the state
  the first telling left; regenerating another text is a game that only ever told the other.
- The same day gives the same shelf: the stock and limited counts the day began with, and the MARKET block
  the GM was shown, are the same across regenerations of a later reply, and the same as in a game that told
  that reply directly; so is the MARKET block after it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tagproc import Game
from tagproc.engine.market import MarketBook
from tagproc.engine.marketday import limited_left, stock_rolled
from tagproc.engine.outcome import Answer
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState, MarketDay
from tagproc.render import Renderer
from tagproc.ruleset import load_ruleset


@dataclass(frozen=True)
class World:
    """What a ruleset's random games are made of: coins to fill purses with, items to buy and sell, who may
    trade, the sellers and levels a GM names (some the market does not have) and the places it says."""

    ruleset: str
    coins: tuple[tuple[str, int], ...]  # coin label, most a purse holds of it
    goods: tuple[str, ...]  # what members may start with, to sell
    items: tuple[str, ...]  # what the GM names in a buy or a sell
    sellers: tuple[str | None, ...]
    levels: tuple[str | None, ...]
    places: tuple[str, ...]  # [place:] tags with a market
    elsewhere: tuple[str, ...]  # [place:] tags without one, or refused
    sheet: Callable[[int], dict[str, Any]]  # a member's sheet from a drawn number


GRAVEWATCH = World(
    ruleset="gravewatch",
    coins=(("crowns", 6), ("shillings", 20), ("pennies", 40)),
    goods=("Lantern coat", "Mourning coat", "Warming tonic", "Grave spade", "Shuttered lantern", "Black candle"),
    items=(
        "Lantern coat", "Mourning coat", "Warming tonic", "Shuttered lantern", "Black candle", "Grave spade",
        "Silver coffin nail", "Watch pistol", "Shot and powder", "Page of the vigil litany",
        "A bed at the watch-house", "Dawn bell", "Widow's ring", "Pewter coffin nail", "crowns", "Frying pan",
    ),
    sellers=(None, None, "chandler", "smith", "the smith", "chapel of the Vigil", "watch-house", "fence", "baker"),
    levels=(None, None, "cheap", "fair", "dear", "Dear", "bargain"),
    places=(
        '[place: name="Ashford" size="hamlet"]', '[place: name="Hollin" size="village"]',
        '[place: name="Millbrook" size="market town"]', '[place: name="Gloam" size="city"]',
        '[place: name="Millbrook" size="town" day="new"]', '[place: name="hollin" size="Village" day="new"]',
    ),
    elsewhere=('[place: name="the moor road"]', '[place: name="Gloam" size="metropolis"]'),
    sheet=lambda nerve: {"abilities": {"nerve": nerve}},
)  # fmt: skip
SRD_5E = World(
    ruleset="srd-5e",
    coins=(("platinum pieces", 3), ("gold pieces", 200), ("silver pieces", 40), ("copper pieces", 40)),
    goods=("Longsword", "Dagger", "Rope, hempen (50 feet)", "Horse, riding", "Potion of Healing", "Chain Mail"),
    items=(
        "Longsword", "Dagger", "Chain Mail", "Plate Armor", "Potion of Healing", "Rope, hempen (50 feet)",
        "Arrows (20)", "Lodging: Modest", "Meal (Poor)", "Horse, riding", "Adamantine Armor",
        "Thieves' Tools", "gold pieces", "Frying pan",
    ),
    sellers=(None, None, "smith", "outfitter", "temple", "inn", "stable", "Fence", "baker"),
    levels=(None, None, "cheap", "fair", "dear", "bargain"),
    places=(
        '[place: name="Hommlet" size="village"]', '[place: name="Nulb" size="town"]',
        '[place: name="Greyhawk" size="city"]', '[place: name="Greyhawk" size="city" day="new"]',
    ),
    elsewhere=('[place: name="the old road"]', '[place: name="Hommlet" size="hamlet"]'),
    sheet=lambda score: {"abilities": {"str": 1 + 4 * score}},
)  # fmt: skip
WORLDS = (GRAVEWATCH, SRD_5E)


@cache
def _rules(name: str) -> Rules:
    return Rules(load_ruleset(name))


def _market(world: World) -> MarketBook:
    market = _rules(world.ruleset).market
    assert market is not None
    return market


@st.composite
def _member(draw: st.DrawFn, world: World, name: str) -> dict[str, Any]:
    bag: list[dict[str, Any]] = []
    for coin, most in world.coins:
        count = draw(st.integers(0, most))
        if count:
            bag.append({"item": coin, "count": count})
    for good in draw(st.lists(st.sampled_from(world.goods), max_size=3, unique=True)):
        bag.append({"item": good, "count": draw(st.integers(1, 3))})
    return {"name": name, "sheet": world.sheet(draw(st.integers(1, 4))), "bag": bag}


@st.composite
def _party(draw: st.DrawFn, world: World) -> list[dict[str, Any]]:
    return [draw(_member(world, "Ada")), draw(_member(world, "Bram"))]


def _trade_tag(
    action: str, item: str, count: int | None, level: str | None, seller: str | None, who: str | None
) -> str:
    parts = [f'action="{action}"', f'item="{item}"']
    if count is not None:
        parts.append(f'count="{count}"')
    if level is not None and action == "buy":
        parts.append(f'level="{level}"')
    if seller is not None:
        parts.append(f'seller="{seller}"')
    if who is not None:
        parts.append(f'who="{who}"')
    return f"[inventory: {' '.join(parts)}]"


def _trades(world: World) -> st.SearchStrategy[str]:
    """A buy or a sale as a GM writes one: mostly of what is sold or held, now and then of what is not, at
    a level, from a seller or for a member the market or the party does not have."""
    who = st.sampled_from([None, None, None, "Ada", "Bram", "Bram", "Wendel"])
    count = st.one_of(st.none(), st.integers(1, 4))
    seller = st.one_of(st.none(), st.none(), st.none(), st.sampled_from(world.sellers))
    level = st.one_of(st.none(), st.none(), st.sampled_from(world.levels))
    buys = st.builds(_trade_tag, st.just("buy"), st.sampled_from(world.items), count, level, seller, who)
    goods = st.one_of(
        st.sampled_from(world.goods), st.sampled_from(world.goods), st.sampled_from(world.items)
    )
    sells = st.builds(_trade_tag, st.just("sell"), goods, count, st.none(), seller, who)
    return st.one_of(buys, sells)


def _replies(world: World) -> st.SearchStrategy[str]:
    """A reply of a few trades, sometimes naming a place among them (a place later in a reply counts)."""
    tags = st.lists(_trades(world), min_size=1, max_size=4)
    place = st.sampled_from(("",) * 4 + world.places + world.elsewhere)
    return st.builds(
        lambda trades, where, at: " The smith nods. ".join(
            trades[:at] + ([where] if where else []) + trades[at:]
        ),
        tags,
        place,
        st.integers(0, 4),
    )


@dataclass(frozen=True)
class Start:
    """A random game's makings: a world, a party with random purses, a game seed, the opening place."""

    world: World
    party: list[dict[str, Any]]
    seed: int
    opening: str

    def game(self, *told: str, at_market: bool = True) -> Game:
        """A fresh game, told the opening (unless ``at_market`` is False), then each of ``told``."""
        game = _game(self.world, self.party, self.seed)
        for text in ((f"They come to market. {self.opening}",) if at_market else ()) + told:
            game.reply(text)
        return game


@st.composite
def _starts(draw: st.DrawFn) -> Start:
    world = draw(st.sampled_from(WORLDS))
    return Start(world, draw(_party(world)), draw(st.integers(0, 50)), draw(st.sampled_from(world.places)))


@cache
def _renderer() -> Renderer:
    return Renderer()


def _game(world: World, party: list[dict[str, Any]], seed: int) -> Game:
    return Game(_rules(world.ruleset), party, seed=seed, renderer=_renderer(), count_tokens=_words)


def _words(text: str) -> int:
    return len(text.split())


def _worth(rules: Rules, state: GameState) -> dict[str, int]:
    """Each currency family's worth across the party, in its smallest coin."""
    worth: dict[str, int] = {}
    for member in state.party:
        for stack in member.bag:
            if stack.coin is not None:
                coin = rules.coins_by_id[stack.coin]
                worth[coin.family.id] = worth.get(coin.family.id, 0) + coin.value * stack.count
    return worth


def _change(rules: Rules, before: GameState, after: GameState) -> dict[str, int]:
    old, new = _worth(rules, before), _worth(rules, after)
    moved = {family: new.get(family, 0) - old.get(family, 0) for family in old.keys() | new.keys()}
    return {family: amount for family, amount in moved.items() if amount}


def _said_price(rules: Rules, answer: Answer) -> tuple[str, int]:
    """The family and amount (smallest coin) of an ok answer's ``price="<n> <coin>"``."""
    text = dict(answer.extra)["price"]
    count, _, name = text.partition(" ")
    coin = rules.book.coin(name)
    assert coin is not None and count.isdigit(), text
    return coin.family.id, int(count) * coin.value


def _market_price(world: World, answer: Answer) -> str:
    """What the market says the answer's whole count costs (a buy) or fetches (a sale)."""
    market = _market(world)
    attrs = dict(answer.attrs)
    entry = _rules(world.ruleset).book.find(attrs["item"])
    assert entry is not None, attrs
    if attrs["action"] == "buy":
        level = market.level(attrs["level"])
        assert level is not None, attrs
        one = market.price(entry, level)
    else:
        one = market.buy_back(entry)
    assert one is not None, attrs
    return one.times(int(attrs["count"]), market).text


def _is_trade(answer: Answer) -> bool:
    return answer.tag == "inventory" and dict(answer.attrs).get("action") in ("buy", "sell")


def _shelf_rolled(rules: Rules, day: MarketDay) -> tuple[object, ...]:
    """What the day began with: each seller's stock as rolled, and each limited item's count on hand."""
    market = rules.market
    assert market is not None
    stock = tuple((seller.id, stock_rolled(rules, day, seller)) for seller in market.sellers_at(day.size))
    limited = []
    for entry in rules.book.items():
        left = limited_left(rules, day, entry)
        if left is not None:
            limited.append((entry.ref, left + dict(day.bought).get(entry.ref, 0)))
    return stock, tuple(limited)


def _market_block(game: Game, turn: int) -> str | None:
    return next((block.text for block in game.prompt_at(turn).blocks if block.name == "market"), None)


_SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
_PROMPTS = settings(_SETTINGS, max_examples=12)  # each example builds several prompts (srd-5e: 0.1 s each)


def _paid_out(state: GameState, family: str) -> int:
    return dict(state.day.paid_out).get(family, 0) if state.day is not None else 0


def _trade_and_check_coins(world: World, game: Game, tag: str) -> Answer:
    """Tell ``tag`` alone in a reply; the party's coins moved by exactly its price, or not at all, and a
    sale's price counts against today's purse in its family (``paid_out``)."""
    rules = game.rules
    before = game.state
    result = game.reply(tag)
    (answer,) = result.structured_answers
    moved = _change(rules, before, result.state)
    if answer.result != "ok":
        assert moved == {}, (tag, answer)
        return answer
    family, amount = _said_price(rules, answer)
    sign = -1 if dict(answer.attrs)["action"] == "buy" else 1
    assert moved == {family: sign * amount}, (tag, answer)
    assert dict(answer.extra)["price"] == _market_price(world, answer), (tag, answer)
    paid_out = _paid_out(result.state, family) - _paid_out(before, family)
    assert paid_out == (amount if sign > 0 else 0), (tag, answer)
    return answer


@_SETTINGS
@given(start=_starts(), data=st.data())
def test_coins_move_by_exactly_the_price_of_an_ok_buy_or_sale_and_not_at_all_on_a_refusal(
    start: Start, data: st.DataObject
) -> None:
    game = start.game()
    for tag in data.draw(st.lists(_trades(start.world), min_size=1, max_size=6), label="tags"):
        _trade_and_check_coins(start.world, game, tag)


def test_the_coin_check_sees_an_ok_buy_and_an_ok_sale_on_each_ruleset() -> None:
    """The property above is not vacuous: a plain buy and its sale back are ok and checked."""
    cases = {
        GRAVEWATCH: ({"item": "crowns", "count": 2}, "Lantern coat", '[place: name="Ashford" size="hamlet"]'),
        SRD_5E: ({"item": "gold pieces", "count": 20}, "Longsword", '[place: name="Hommlet" size="village"]'),
    }
    for world, (purse, item, place) in cases.items():
        game = _game(world, [{"name": "Ada", "bag": [purse]}], seed=1)
        game.reply(f"They come to market. {place}")
        bought = _trade_and_check_coins(world, game, f'[inventory: action="buy" item="{item}"]')
        sold = _trade_and_check_coins(world, game, f'[inventory: action="sell" item="{item}"]')
        assert (bought.result, sold.result) == ("ok", "ok"), (bought, sold)


def _left_today(rules: Rules, day: MarketDay | None) -> dict[tuple[str, str], int]:
    """What is left today: ``("shelf", ref)`` for each limited item, ``(seller id, ref)`` for each stock."""
    left: dict[tuple[str, str], int] = {}
    market = rules.market
    if day is None or market is None:
        return left
    for entry in rules.book.items():
        count = limited_left(rules, day, entry)
        if count is not None:
            left["shelf", entry.ref] = count
    taken = {(seller_id, ref): count for seller_id, ref, count in day.stock_bought}
    for seller in market.sellers_at(day.size):
        # Every item of the stock, a fake too (``stock_left`` leaves a fake out: it is offered only as
        # what it passes for, and a buy naming its dishonest seller takes it off that seller's stock).
        for ref, count in stock_rolled(rules, day, seller):
            if count - taken.get((seller.id, ref), 0) > 0:
                left[seller.id, ref] = count - taken.get((seller.id, ref), 0)
    return left


@_SETTINGS
@given(start=_starts(), data=st.data())
def test_an_ok_buy_takes_its_whole_count_off_one_shelf_or_one_sellers_stock_and_nothing_else_does(
    start: Start, data: st.DataObject
) -> None:
    game = start.game()
    rules = game.rules
    for tag in data.draw(st.lists(_trades(start.world), min_size=1, max_size=6), label="tags"):
        before = _left_today(rules, game.state.day)
        result = game.reply(tag)
        (answer,) = result.structured_answers
        after = _left_today(rules, result.state.day)
        # A stock bought out is no longer listed (_left_today gives what is left): it has 0 left.
        assert after.keys() <= before.keys() and all(count >= 0 for count in after.values())
        taken = {key: before[key] - after.get(key, 0) for key in before if before[key] != after.get(key, 0)}
        attrs = dict(answer.attrs)
        if answer.result != "ok" or attrs["action"] == "sell":
            assert taken == {}, (tag, answer)
            continue
        entry = rules.book.find(attrs["item"])
        assert entry is not None
        # Off one pool whole (both or neither, never a part); an item with no pool today (not limited here,
        # in no stock) is the only one whose buy takes nothing.
        assert len(taken) <= 1, (tag, answer, taken)
        for (_, ref), count in taken.items():
            sold = rules.book.get(ref)
            assert sold is not None
            shown = sold.item.passes_for or ref  # a fake from a dishonest seller's stock is sold as its item
            assert (shown, count) == (entry.ref, int(attrs["count"])), (tag, answer, taken)
        if not taken:
            assert ("shelf", entry.ref) not in before, (tag, answer)


@_SETTINGS
@given(start=_starts(), data=st.data())
def test_a_refused_buy_or_sell_leaves_the_state_byte_identical(start: Start, data: st.DataObject) -> None:
    game = start.game(at_market=data.draw(st.booleans(), label="a place first"))
    for tag in data.draw(st.lists(_trades(start.world), min_size=1, max_size=6), label="tags"):
        before = game.state.model_copy(update={"journal": ()}).model_dump_json()
        result = game.reply(f"The trader weighs it up. {tag}")
        answers = [answer for answer in result.structured_answers if _is_trade(answer)]
        assert answers, (tag, result.answers)
        if all(answer.result == "refused" for answer in answers):
            assert result.state.model_dump_json() == before, (tag, result.answers)
            assert result.journal == ()


@_SETTINGS
@given(start=_starts(), data=st.data())
def test_a_regenerated_reply_never_buys_sells_or_rolls_stock_twice(start: Start, data: st.DataObject) -> None:
    first = data.draw(_replies(start.world), label="first")
    second = data.draw(_replies(start.world), label="second")
    swiped, direct = start.game(), start.game()
    told = swiped.reply(first)
    again = swiped.regenerate(first)
    assert again.state.model_dump_json() == told.state.model_dump_json()
    assert again.answers == told.answers
    other = swiped.regenerate(second)
    only = direct.reply(second)
    assert other.state.model_dump_json() == only.state.model_dump_json()
    assert json.dumps(other.to_json(), sort_keys=True) == json.dumps(only.to_json(), sort_keys=True)
    follow = data.draw(_replies(start.world), label="follow")
    assert swiped.reply(follow).state.model_dump_json() == direct.reply(follow).state.model_dump_json()


@_PROMPTS
@given(start=_starts(), data=st.data())
def test_the_same_day_gives_the_same_shelf_across_regenerations_of_a_later_reply(
    start: Start, data: st.DataObject
) -> None:
    trades = st.lists(_trades(start.world), min_size=1, max_size=4).map(" ".join)
    bought = data.draw(trades, label="bought")
    tellings = data.draw(st.lists(trades, min_size=2, max_size=3), label="tellings")
    game = start.game(bought)
    turn = len(game)
    block, day = _market_block(game, turn), game.state.day
    assert block is not None and day is not None
    rolled = _shelf_rolled(game.rules, day)
    game.reply(tellings[0])
    for text in tellings[1:]:
        game.regenerate(text)
        now = game.state.day
        assert now is not None and now.seed == day.seed
        assert _shelf_rolled(game.rules, now) == rolled
        assert _market_block(game, turn) == block
        direct = start.game(bought, text)
        assert _market_block(direct, turn) == block
        assert _market_block(game, turn + 1) == _market_block(direct, turn + 1)
        assert game.state.model_dump_json() == direct.state.model_dump_json()


def test_a_fake_bought_from_a_dishonest_seller_comes_off_that_seller_s_stock_not_the_shelf() -> None:
    """Hypothesis' find: the fence's fake nail is sold as the silver one, off the fence's stock of the fake."""
    party: list[dict[str, Any]] = [
        {"name": "Ada", "sheet": {"abilities": {"nerve": 1}}, "bag": [{"item": "crowns", "count": 2}]},
        {"name": "Bram", "sheet": {"abilities": {"nerve": 1}}, "bag": []},
    ]
    game = _game(GRAVEWATCH, party, seed=0)
    game.reply('[place: name="Gloam" size="city"]')
    before = _left_today(game.rules, game.state.day)
    result = game.reply('[inventory: action="buy" item="Silver coffin nail" seller="fence"]')
    after = _left_today(game.rules, result.state.day)
    assert result.structured_answers[0].result == "ok"
    taken = {key: before[key] - after.get(key, 0) for key in before if before[key] != after.get(key, 0)}
    assert taken == {("fence", "kit/pewter-nail"): 1}
    assert result.state.party[0].bag[0].passes_as == "kit/silver-nail"
