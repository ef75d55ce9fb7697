"""The MARKET block (``tagproc.prompt.market``): the place in force, its price levels, each seller there with
their wares at the default level, a market day's stock, limits, buy-back and purse, and its trimming."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest

from tagproc import Game
from tagproc.engine.market import MarketBook
from tagproc.engine.marketday import stock_left
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState, MarketDay, Member
from tagproc.prompt.blocks import DEFAULT_BUDGETS, fit_block
from tagproc.prompt.market import SHOWN, market_draft
from tagproc.render import Renderer
from tagproc.ruleset.book import BookItem
from tagproc.ruleset.load import parse_ruleset, shipped_text
from tagproc.tokens import TokenCounter
from tests.engine_support import rules_for, variant

RENDERER = Renderer()
LEVELS = "Prices at fair, the default level (cheap ×0.75, fair ×1, dear ×1.5)."
# An honest seller warns of a risky ware (spec "Honest and dishonest sellers").
CANDLE = "Black candle 2 pennies (warn the buyer first: its smoke draws what sleeps under the barrows)"
CHANDLER = (
    f"- chandler: {CANDLE}, Warming tonic 6 pennies, Shuttered lantern 3 shillings, Lantern coat "
    "8 shillings, Mourning coat 14 shillings"
)
# The fence (dishonest) offers the pewter nails its odd lot rolled on day seed 3 as silver ones.
FENCE = (
    "- fence: Silver coffin nail 2 crowns (1 left today), "
    "Silver coffin nail 2 crowns (FAKE: really Pewter coffin nail, 1 in stock today)"
)
BED = "- watch-house: A bed at the watch-house 3 pennies (a service)"
CHAPEL = "- chapel of the Vigil (to wardens of Nerve 3 or more only): Page of the vigil litany 1 crown"


def _state(
    size: str | None = None, place: str | None = "Millbrook", day: MarketDay | None = None
) -> GameState:
    return GameState(party=(Member(name="Ada"),), place=place, place_size=size, day=day)


def _said(rules: Rules, state: GameState, level: int = 0) -> str:
    return RENDERER.render_block("market", market_draft(state, rules).context(level))


def _market(changes: dict[str, Any]) -> Rules:
    """Gravewatch with its market changed: ``changes`` are keys of ``items.market`` to set (None drops one)."""
    market = json.loads(shipped_text("gravewatch") or "{}")["items"]["market"]
    for key, value in changes.items():
        if value is None:
            market.pop(key, None)
        else:
            market[key] = value
    return variant("gravewatch", json.dumps({"market": market}))


def _day(size: str, **taken: Any) -> MarketDay:
    return MarketDay(place="Millbrook", size=size, seed=3, **taken)


# -- no market, no place, no market here ----------------------------------------------------------------


def _without_market() -> Rules:
    """Gravewatch with no market: no ``market``, and no item ``sold`` or service."""
    data = json.loads(shipped_text("gravewatch") or "{}")
    data["items"].pop("market")
    for catalog in data["catalogs"]:
        for entry in catalog.get("entries", []) if catalog.get("holds") == "items" else []:
            for key in ("sold", "service", "risky"):
                entry["item"].pop(key, None)
    return Rules(parse_ruleset(data))


def test_a_ruleset_without_a_market_has_no_market_block() -> None:
    rules = _without_market()
    assert _said(rules, _state("town")) == ""
    assert Game(rules, ["Ada"]).prompt().block("market") is None


@pytest.mark.parametrize(
    ("state", "said"),
    [
        pytest.param(
            _state(place=None),
            "MARKET: no place is in force yet. When the scene is somewhere with a market, say where first "
            'with [place: name="..." size="..."].',
            id="unplaced",
        ),
        pytest.param(_state(place="The north road"), "MARKET: The north road has no market.", id="no-size"),
        pytest.param(_state("castle", place="Fen"), "MARKET: Fen has no market.", id="unknown-size"),
        pytest.param(_state("market", place=None), "MARKET: Here has no market.", id="unnamed"),
    ],
)
def test_without_a_market_here_the_block_is_one_line(state: GameState, said: str) -> None:
    assert _said(rules_for("gravewatch"), state) == said


# -- an open market: each seller here and their wares ---------------------------------------------------


@pytest.mark.parametrize(
    ("size", "said"),
    [
        pytest.param("hamlet", ["MARKET: Millbrook, a hamlet. " + LEVELS, CHANDLER, BED], id="hamlet"),
        pytest.param(
            "village",
            [
                "MARKET: Millbrook, a village. " + LEVELS,
                CHANDLER,
                "- smith: Shot and powder 3 pennies, Grave spade 6 shillings",
                BED,
            ],
            id="village",
        ),
        pytest.param(
            "town",
            [
                "MARKET: Millbrook, a market town. " + LEVELS,
                CHANDLER,
                "- smith: Shot and powder 3 pennies, Grave spade 6 shillings, Silver coffin nail 2 crowns",
                CHAPEL,
                BED,
                "- fence: Silver coffin nail 2 crowns",
            ],
            id="town",
        ),
        pytest.param(
            "city",
            [
                "MARKET: Millbrook, a city. " + LEVELS,
                CHANDLER,
                "- smith: Shot and powder 3 pennies, Grave spade 6 shillings, Silver coffin nail 2 crowns, "
                "Watch pistol 3 crowns",
                CHAPEL,
                BED,
                "- fence: Silver coffin nail 2 crowns",
            ],
            id="city",
        ),
    ],
)
def test_each_seller_here_says_their_wares_cheapest_first(size: str, said: list[str]) -> None:
    assert _said(rules_for("gravewatch"), _state(size)).splitlines() == said


def test_the_block_follows_the_place_in_force() -> None:
    game = Game("srd-5e", ["Ada"])
    game.reply('[place: name="Phandalin" size="village"]')
    market = game.prompt().block("market")
    book = rules_for("srd-5e").market
    assert market is not None and book is not None
    lines = market.text.splitlines()
    assert lines[0] == (
        "MARKET: Phandalin, a village. Prices at fair, the default level (cheap ×0.5, fair ×1, dear ×2)."
    )
    assert [line.split(": ")[0] for line in lines[1:-1]] == [
        f"- {s.label}" for s in book.sellers_at("village")
    ]


def test_an_unnamed_place_is_here() -> None:
    first = _said(rules_for("gravewatch"), _state("hamlet", place=None)).splitlines()[0]
    assert first == "MARKET: Here, a hamlet. " + LEVELS


def _named(book: MarketBook, wares: tuple[BookItem, ...]) -> str:
    """Wares as the block names them, from the book: ``<label> <price>[ (a service)]``, joined by commas."""
    said = []
    for entry in wares:
        price = book.price(entry)
        assert price is not None
        said.append(f"{entry.label} {price.text}" + (" (a service)" if entry.item.service else ""))
    return ", ".join(said)


def test_a_seller_with_more_than_a_dozen_wares_says_how_many_more() -> None:
    rules = rules_for("srd-5e")
    book = rules.market
    assert book is not None
    lines = _said(rules, _state("city")).splitlines()[1:]
    sellers = book.sellers_at("city")
    assert len(lines) == len(sellers)
    many = 0
    for line, seller in zip(lines, sellers, strict=True):
        wares = book.wares("city", seller)
        if len(wares) > 12:
            assert line == f"- {seller.label}: {_named(book, wares[:12])}, and {len(wares) - 12} more"
            many += 1
    assert many  # a seller of the SRD's equipment has more than a dozen wares


def test_a_market_without_sellers_says_what_is_sold_here_in_one_line() -> None:
    assert _said(_market({"sellers": None}), _state("town")).splitlines() == [
        "MARKET: Millbrook, a market town. " + LEVELS,
        f"- Sold here: {CANDLE}, Shot and powder 3 pennies, A bed at the watch-house 3 pennies "
        "(a service), Warming tonic 6 pennies, Shuttered lantern 3 shillings, Page of the vigil litany 1 crown, "
        "Grave spade 6 shillings, Lantern coat 8 shillings, Silver coffin nail 2 crowns, Mourning coat "
        "14 shillings",
    ]


def test_a_place_too_small_for_every_seller_says_nobody_here_sells_anything() -> None:
    market = json.loads(shipped_text("gravewatch") or "{}")["items"]["market"]
    sellers = [{**seller, "place": "city"} for seller in market["sellers"]]
    assert _said(_market({"sellers": sellers}), _state("town")).splitlines() == [
        "MARKET: Millbrook, a market town. " + LEVELS,
        "- Nobody here sells anything.",
    ]


def test_a_seller_here_with_nothing_to_sell_says_nothing() -> None:
    market = json.loads(shipped_text("gravewatch") or "{}")["items"]["market"]
    sellers = [
        {**seller, "sells": [{"category": "charm"}]} if seller["id"] == "smith" else seller
        for seller in market["sellers"]
    ]
    lines = _said(_market({"sellers": sellers}), _state("village")).splitlines()
    assert "- smith: nothing" in lines


# -- a market day ----------------------------------------------------------------------------------------


def test_a_market_day_says_what_is_left_today_and_what_the_sellers_pay() -> None:
    assert _said(rules_for("gravewatch"), _state("town", day=_day("town"))).splitlines() == [
        "MARKET: Millbrook, a market town. " + LEVELS,
        f"- chandler: {CANDLE}, Warming tonic 6 pennies (3 left today), Shuttered lantern "
        "3 shillings, Lantern coat 8 shillings, Mourning coat 14 shillings",
        "- smith: Shot and powder 3 pennies, Grave spade 6 shillings, Silver coffin nail 2 crowns (1 left today)",
        CHAPEL,
        BED,
        FENCE,
        "- The sellers here buy back what they sell, at 50% of the fair price; 100 shillings left of today's "
        "purse.",
    ]


def test_what_the_day_has_taken_is_no_longer_left() -> None:
    day = _day("town", bought=(("kit/silver-nail", 1), ("kit/warming-tonic", 2)), paid_out=(("coin", 480),))
    lines = _said(rules_for("gravewatch"), _state("town", day=day)).splitlines()
    assert "Warming tonic 6 pennies (1 left today)" in lines[1]
    assert lines[2].endswith("Silver coffin nail 2 crowns (0 left today)")
    assert lines[-1].endswith("; 60 shillings left of today's purse.")


def test_a_purse_left_that_no_larger_coin_pays_is_said_in_the_smallest() -> None:
    day = _day("town", paid_out=(("coin", 500),))
    last = _said(rules_for("gravewatch"), _state("town", day=day)).splitlines()[-1]
    assert last.endswith("; 700 pennies left of today's purse.")


def test_without_a_purse_the_sellers_pay_out_without_limit() -> None:
    market = json.loads(shipped_text("gravewatch") or "{}")["items"]["market"]
    places = [{key: place[key] for key in ("id", "label")} for place in market["places"]]
    last = _said(_market({"places": places}), _state("town", day=_day("town"))).splitlines()[-1]
    assert last == (
        "- The sellers here buy back what they sell, at 50% of the fair price; they pay out without limit today."
    )


def test_without_buy_back_nobody_buys_anything_back() -> None:
    last = _said(_market({"buyBack": None}), _state("town", day=_day("town"))).splitlines()[-1]
    assert last == "- Nobody here buys anything back."


def test_in_a_market_without_sellers_anything_sold_here_is_bought_back() -> None:
    last = _said(_market({"sellers": None}), _state("town", day=_day("town"))).splitlines()[-1]
    assert (
        last
        == "- Anything sold here is bought back, at 50% of the fair price; 100 shillings left of today's purse."
    )


def test_a_market_without_a_market_day_says_no_day_even_with_a_day_in_force() -> None:
    market = json.loads(shipped_text("gravewatch") or "{}")["items"]["market"]
    plain = _market(
        {
            "buyBack": None,
            "places": [{key: p[key] for key in ("id", "label")} for p in market["places"]],
            "sold": [{key: v for key, v in rule.items() if key != "limited"} for rule in market["sold"][:2]],
            "sellers": [{key: v for key, v in s.items() if key != "stock"} for s in market["sellers"]],
        }
    )
    assert _said(plain, _state("town", day=_day("town"))) == _said(plain, _state("town"))
    assert "today" not in _said(plain, _state("town", day=_day("town")))


def test_a_stock_item_is_among_the_seller_s_wares_with_how_many_are_in_stock() -> None:
    rules = rules_for("gravewatch")
    smith = next(seller for seller in rules.market.sellers if seller.id == "smith") if rules.market else None
    assert smith is not None
    said = 0
    for seed in range(30):
        day = MarketDay(place="Millbrook", size="village", seed=seed)
        line = next(
            x for x in _said(rules, _state("village", day=day)).splitlines() if x.startswith("- smith: ")
        )
        for ref, count in stock_left(rules, day, smith):
            entry = rules.book.get(ref)
            assert entry is not None
            if entry.label == "Grave spade":
                continue  # on the smith's shelves without a limit: the stock changes nothing
            assert f"{entry.label} " in line and f"{count} in stock today" in line
            said += 1
        assert "Grave spade 6 shillings" in line and "Grave spade 6 shillings (" not in line
    assert said  # some day's stock is said


# -- trimming --------------------------------------------------------------------------------------------


def _fit(rules: Rules, state: GameState, budget: int, counter: TokenCounter) -> tuple[str, bool, bool]:
    block = fit_block("market", market_draft(state, rules), budget, RENDERER, counter.count)
    assert block is not None
    return block.text, block.trimmed, block.over_budget


def test_each_level_says_fewer_wares_per_seller_down_to_how_many_they_have() -> None:
    assert SHOWN == (12, 6, 3, 0)
    rules = rules_for("srd-5e")
    book = rules.market
    assert book is not None
    seller = max(book.sellers_at("city"), key=lambda s: len(book.wares("city", s)))
    wares = book.wares("city", seller)
    assert len(wares) > 12
    for level, shown in enumerate(SHOWN):
        lines = _said(rules, _state("city"), level).splitlines()
        line = next(x for x in lines if x.startswith(f"- {seller.label}: "))
        said = (
            f"{_named(book, wares[:shown])}, and {len(wares) - shown} more"
            if shown
            else f"{len(wares)} wares"
        )
        assert line == f"- {seller.label}: {said}"


def test_the_last_level_keeps_the_header_every_seller_and_the_day() -> None:
    lines = _said(rules_for("gravewatch"), _state("town", day=_day("town")), len(SHOWN) - 1).splitlines()
    assert lines == [
        "MARKET: Millbrook, a market town. " + LEVELS,
        "- chandler: 5 wares",
        "- smith: 3 wares",
        "- chapel of the Vigil (to wardens of Nerve 3 or more only): 1 ware",
        "- watch-house: 1 ware",
        "- fence: 2 wares",
        "- The sellers here buy back what they sell, at 50% of the fair price; 100 shillings left of today's "
        "purse.",
    ]


def _open_states() -> list[tuple[str, GameState]]:
    states: list[tuple[str, GameState]] = []
    for name in ("gravewatch", "srd-5e"):
        market = rules_for(name).market
        assert market is not None
        for size in market.sizes:
            states.append((name, _state(size.id)))
            states.append((name, _state(size.id, day=MarketDay(place="Millbrook", size=size.id, seed=11))))
    return states


@pytest.mark.parametrize(("name", "state"), _open_states())
def test_no_level_is_longer_than_the_one_before(
    name: str, state: GameState, token_counter: TokenCounter
) -> None:
    texts = [_said(rules_for(name), state, level) for level in range(len(SHOWN))]
    assert all(len(later) <= len(earlier) for earlier, later in itertools.pairwise(texts))
    tokens = [token_counter.count(text) for text in texts]
    assert tokens == sorted(tokens, reverse=True)


@pytest.mark.parametrize(("name", "state"), _open_states())
def test_every_shipped_market_fits_the_default_budget(
    name: str, state: GameState, token_counter: TokenCounter
) -> None:
    text, _, over = _fit(rules_for(name), state, DEFAULT_BUDGETS["market"], token_counter)
    assert not over and text.startswith("MARKET: Millbrook, a ")


def test_a_gravewatch_market_is_whole_within_the_default_budget(token_counter: TokenCounter) -> None:
    state = _state("city", day=_day("city"))
    assert _fit(rules_for("gravewatch"), state, DEFAULT_BUDGETS["market"], token_counter) == (
        _said(rules_for("gravewatch"), state),
        False,
        False,
    )


def test_a_small_budget_trims_to_the_fullest_level_that_fits(token_counter: TokenCounter) -> None:
    rules, state = rules_for("gravewatch"), _state("town", day=_day("town"))
    texts = [_said(rules, state, level) for level in range(len(SHOWN))]
    tokens = [token_counter.count(text) for text in texts]
    assert tokens[0] == tokens[1] > tokens[2] > tokens[3]  # nobody here has more than 6 wares, the chandler 5
    assert _fit(rules, state, tokens[0], token_counter) == (texts[0], False, False)
    assert _fit(rules, state, tokens[0] - 1, token_counter) == (texts[2], True, False)
    assert _fit(rules, state, tokens[2] - 1, token_counter) == (texts[3], True, False)
    assert f"- chandler: {CANDLE}, Warming tonic 6 pennies (3 left today), Shuttered lantern " in texts[2]
    assert texts[2].splitlines()[1].endswith("3 shillings, and 2 more")


def test_a_large_market_is_trimmed_within_the_default_budget(token_counter: TokenCounter) -> None:
    rules, state = rules_for("srd-5e"), _state("city", day=MarketDay(place="Millbrook", size="city", seed=1))
    text, _, over = _fit(rules, state, DEFAULT_BUDGETS["market"], token_counter)
    assert not over and token_counter.count(text) <= DEFAULT_BUDGETS["market"]


def test_below_the_least_the_least_is_kept_over_budget(token_counter: TokenCounter) -> None:
    rules, state = rules_for("gravewatch"), _state("town", day=_day("town"))
    assert _fit(rules, state, 20, token_counter) == (_said(rules, state, len(SHOWN) - 1), True, True)


# -- a market day across turns ----------------------------------------------------------------------------


def _at_town(*replies: str) -> list[str]:
    game = Game("gravewatch", [{"name": "Ada", "bag": [{"item": "crown", "count": 9}]}], seed=5)
    game.reply('The road ends at Harrowgate. [place: name="Harrowgate" size="market town"]')
    for reply in replies:
        game.reply(reply)
    market = game.prompt().block("market")
    assert market is not None
    return market.text.splitlines()


def test_a_buy_leaves_fewer_of_a_limited_ware_today() -> None:
    assert "Warming tonic 6 pennies (3 left today)" in _at_town()[1]
    assert (
        "Warming tonic 6 pennies (1 left today)"
        in _at_town('[inventory: action="buy" item="Warming tonic" count="2"]')[1]
    )
    sold_out = _at_town(
        '[inventory: action="buy" item="Warming tonic" count="2"]',
        '[inventory: action="buy" item="Warming tonic"]',
    )
    assert "Warming tonic 6 pennies (0 left today)" in sold_out[1]


def test_a_buy_out_of_a_seller_s_stock_leaves_less_in_stock() -> None:
    smith = _at_town()[2]
    assert smith.endswith("Silver coffin nail 2 crowns (1 left today, 2 in stock today)")
    after = _at_town('[inventory: action="buy" item="Silver coffin nail" count="2" seller="smith"]')[2]
    assert after.endswith("Silver coffin nail 2 crowns (1 left today)")


def test_a_new_day_has_its_own_shelf() -> None:
    bought = '[inventory: action="buy" item="Warming tonic" count="3"]'
    new_day = '[place: name="Harrowgate" size="market town" day="new"]'
    assert "Warming tonic 6 pennies (0 left today)" in _at_town(bought)[1]
    assert "Warming tonic 6 pennies (3 left today)" in _at_town(bought, new_day)[1]


# -- honest and dishonest sellers (spec "Honest and dishonest sellers") ---------------------------------


def test_a_dishonest_seller_says_nothing_of_a_risky_ware() -> None:
    lines = _said(
        rules_for("gravewatch"), _state("town", day=MarketDay(place="Millbrook", size="town", seed=2))
    ).splitlines()
    assert (
        "- fence: Black candle 2 pennies (1 in stock today), Silver coffin nail 2 crowns (1 left today)"
        in lines
    )
    assert f"- chandler: {CANDLE}, Warming tonic" in lines[1]


def test_a_dishonest_seller_s_fake_is_offered_as_what_it_passes_for_with_the_truth_beside_it() -> None:
    lines = _said(rules_for("gravewatch"), _state("town", day=_day("town"))).splitlines()
    assert lines[5] == FENCE


def test_an_honest_seller_never_offers_a_fake() -> None:
    rules = rules_for("gravewatch")
    offered = 0
    for seed in range(30):
        lines = _said(
            rules, _state("town", day=MarketDay(place="Millbrook", size="town", seed=seed))
        ).splitlines()
        for line in lines[1:-1]:
            if line.startswith("- fence: "):
                offered += "(FAKE: really Pewter coffin nail, " in line
            else:
                assert "FAKE" not in line and "Pewter" not in line, line
    assert offered  # some day the fence offers one


def test_the_5e_fence_offers_poison_as_healing_and_a_bag_of_devouring_as_one_of_holding() -> None:
    day = MarketDay(place="Millbrook", size="town", seed=1)
    fence = next(x for x in _said(rules_for("srd-5e"), _state("town", day=day)).splitlines() if "Fence" in x)
    assert fence == (
        "- Fence: Potion of Healing 50 gold pieces (2 left today), "
        "Potion of Healing 50 gold pieces (FAKE: really Potion of Poison, 2 in stock today), "
        "Bag of Holding 400 gold pieces (4 left today), "
        "Bag of Holding 400 gold pieces (FAKE: really Bag of Devouring, 1 in stock today)"
    )


def test_a_buy_of_the_fake_leaves_fewer_in_stock() -> None:
    game = Game(
        "gravewatch", [{"name": "Ada", "bag": [{"item": "crown", "count": 9}]}, {"name": "Bram"}], seed=1
    )
    game.reply('The road ends at Harrowgate. [place: name="Harrowgate" size="market town"]')
    fakes = "Silver coffin nail 2 crowns (FAKE: really Pewter coffin nail, {} in stock today)"
    market = game.prompt().block("market")
    assert market is not None and market.text.splitlines()[5].endswith(fakes.format(3))
    game.reply('[inventory: action="buy" item="Silver coffin nail" seller="fence"]')
    market = game.prompt().block("market")
    assert market is not None and market.text.splitlines()[5].endswith(fakes.format(2))
