"""Tests for tagproc.engine.trade (and selling, marketplace): buying and selling at the market day in force (spec
"Markets", "A market day", "Money"), answered through the shipped templates."""

from __future__ import annotations

from typing import Any

import pytest

from tagproc import commands as c
from tagproc.engine.decide import decide
from tagproc.engine.dice import Dice
from tagproc.engine.outcome import Accepted, Answer, Decision, evolve_all
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState, MarketDay, Stack
from tagproc.render import Renderer

from .engine_support import (
    answers_of,
    bag_of,
    coins,
    command,
    item,
    journal_of,
    member,
    party,
    refusal,
    rules_for,
    said,
    words,
)
from .test_engine_marketday import edited, without_market

GRAVEWATCH = rules_for("gravewatch")
SRD = rules_for("srd-5e")


def at(state: GameState, size: str = "town", seed: int = 7, place: str | None = "Millbrook") -> GameState:
    """``state`` trading at a market day (the lead's turn code sets it in real games)."""
    return state.model_copy(update={"day": MarketDay(place=place, size=size, seed=seed)})


def run(rules: Rules, state: GameState, tag: str) -> tuple[Decision, GameState]:
    decision = decide(state, command(rules, state, tag), rules, Dice(0))
    after = evolve_all(state, decision.effects) if isinstance(decision, Accepted) else state
    return decision, after


def refused_with(rules: Rules, state: GameState, tag: str) -> tuple[str | None, str | None]:
    """The reason and note of a refusal that left ``state`` byte-identical (``refusal`` checks it)."""
    reply = refusal(state, command(rules, state, tag), rules)
    return reply.reason, said(reply)


def worth(rules: Rules, state: GameState) -> int:
    """What every coin the party holds is worth, in the smallest coin (one family in these rulesets)."""
    return sum(
        stack.count * rules.coins_by_id[stack.coin].value
        for one in state.party
        for stack in one.bag
        if stack.coin is not None
    )


def srd_coins(coin: str, count: int) -> Stack:
    return coins(coin, count, ruleset="srd-5e")


def srd_item(label: str, count: int = 1) -> Stack:
    return item(label, count, ruleset="srd-5e")


def traded(action: str, *pairs: tuple[str, str], now: str, price: str, note: str) -> list[Answer]:
    """An ok buy or sale's one answer, as ``answers_of`` gives it: ``action``, then ``pairs``, ``now``, ``price``."""
    return [
        Answer(
            tag="inventory",
            attrs=(("action", action), *pairs),
            result="ok",
            now=now,
            extra=(("price", price),),
            notes=words(note),
        )
    ]


# -- buying ---------------------------------------------------------------------------------------------


def test_a_coat_bought_at_dear_is_12_shillings_paid_with_change_and_journaled() -> None:
    state = at(party(member("Ada", coins("crown", 3))))
    decision, after = run(GRAVEWATCH, state, '[inventory: action="buy" item="Lantern coat" level="dear"]')
    assert answers_of(decision) == traded(
        "buy",
        ("item", "Lantern coat"),
        ("count", "1"),
        ("level", "dear"),
        ("seller", "chandler"),
        now="1",
        price="12 shillings",
        note="Paid with crowns ×3; shillings ×3 back.",
    )
    assert bag_of(after) == [("shillings", 3), ("Lantern coat", 1)]
    assert journal_of(after) == [("bought", "Ada", "Lantern coat ×1 for 12 shillings")]
    assert after.day == state.day  # an unlimited shelf buy takes nothing the day counts
    assert worth(GRAVEWATCH, state) - worth(GRAVEWATCH, after) == 144


def test_level_and_seller_are_filled_by_their_labels_and_who_by_the_members_name() -> None:
    state = at(party(member("Ada"), member("Bram", coins("shilling", 8))))
    decision, after = run(GRAVEWATCH, state, '[inventory: action="buy" item="lantern coats" who="bram"]')
    assert answers_of(decision) == traded(
        "buy",
        ("item", "Lantern coat"),
        ("count", "1"),
        ("who", "Bram"),
        ("level", "fair"),
        ("seller", "chandler"),
        now="1",
        price="8 shillings",
        note="Paid with shillings ×8.",
    )
    assert bag_of(after, 1) == [("Lantern coat", 1)]
    assert bag_of(after, 0) == []


@pytest.mark.parametrize(
    ("label", "level", "price"),
    [
        pytest.param("Lantern coat", "cheap", "6 shillings", id="coat-cheap"),
        pytest.param("Lantern coat", "fair", "8 shillings", id="coat-fair"),
        pytest.param("Lantern coat", "dear", "12 shillings", id="coat-dear-the-spec"),
        pytest.param("Warming tonic", "cheap", "5 pennies", id="tonic-cheap-4.5-rounds-half-up"),
        pytest.param("Black candle", "cheap", "2 pennies", id="candle-cheap-1.5-rounds-up"),
        pytest.param("Grave spade", "cheap", "54 pennies", id="spade-cheap-not-in-shillings"),
        pytest.param("Silver coffin nail", "dear", "3 crowns", id="nail-dear-in-crowns"),
        pytest.param("Page of the vigil litany", "cheap", "45 pennies", id="page-cheap"),
    ],
)
def test_a_price_is_the_cost_times_the_level_said_in_its_own_coin_where_exact(
    label: str, level: str, price: str
) -> None:
    state = at(party(member("Ada", coins("crown", 10), abilities={"nerve": 3})), seed=7)
    decision, after = run(GRAVEWATCH, state, f'[inventory: action="buy" item="{label}" level="{level}"]')
    reply = answers_of(decision)[0]
    assert (reply.result, dict(reply.extra)["price"]) == ("ok", price)
    assert worth(GRAVEWATCH, state) - worth(GRAVEWATCH, after) == _amount(GRAVEWATCH, label, level)


def _amount(rules: Rules, label: str, level: str, count: int = 1) -> int:
    book = rules.market
    entry = rules.book.find(label)
    assert book is not None and entry is not None
    price = book.price(entry, book.level(level))
    assert price is not None
    return price.times(count, book).amount


def test_a_5e_potion_of_50_gp_is_50_gold_pieces_never_5_platinum() -> None:
    state = at(party(member("Ada", srd_coins("pp", 6))), size="city")
    decision, after = run(SRD, state, '[inventory: action="buy" item="Potion of Healing"]')
    assert answers_of(decision) == traded(
        "buy",
        ("item", "Potion of Healing"),
        ("count", "1"),
        ("level", "fair"),
        ("seller", "temple"),
        now="1",
        price="50 gold pieces",
        note="Paid with platinum pieces ×5.",
    )
    assert bag_of(after) == [("platinum pieces", 1), ("Potion of Healing", 1)]


@pytest.mark.parametrize(
    ("level", "price"),
    [
        pytest.param("cheap", "25 gold pieces", id="cheap"),
        pytest.param("fair", "50 gold pieces", id="fair"),
        pytest.param("dear", "100 gold pieces", id="dear"),
    ],
)
def test_5e_prices_at_every_level(level: str, price: str) -> None:
    state = at(party(member("Ada", srd_coins("gp", 100))), size="city")
    decision, after = run(SRD, state, f'[inventory: action="buy" item="Potion of Healing" level="{level}"]')
    assert dict(answers_of(decision)[0].extra) == {"price": price}
    assert worth(SRD, state) - worth(SRD, after) == _amount(SRD, "Potion of Healing", level)


def test_a_count_is_priced_whole_and_goes_into_one_bag() -> None:
    state = at(party(member("Ada", coins("shilling", 2))))
    decision, after = run(GRAVEWATCH, state, '[inventory: action="buy" item="Shot and powder" count="5"]')
    reply = answers_of(decision)[0]
    assert (reply.now, reply.extra, said(reply)) == (
        "5",
        (("price", "15 pennies"),),
        "Paid with shillings ×2; pennies ×9 back.",
    )
    assert bag_of(after) == [("pennies", 9), ("Shot and powder", 5)]
    assert journal_of(after) == [("bought", "Ada", "Shot and powder ×5 for 15 pennies")]


def test_a_service_is_only_paid_for_and_answered_now_0() -> None:
    state = at(party(member("Ada", coins("shilling", 1))))
    decision, after = run(GRAVEWATCH, state, '[inventory: action="buy" item="A bed at the watch-house"]')
    assert answers_of(decision) == traded(
        "buy",
        ("item", "A bed at the watch-house"),
        ("count", "1"),
        ("level", "fair"),
        ("seller", "watch-house"),
        now="0",
        price="3 pennies",
        note="Paid with shillings ×1; pennies ×9 back.",
    )
    assert bag_of(after) == [("pennies", 9)]
    assert journal_of(after) == [("bought", "Ada", "A bed at the watch-house ×1 for 3 pennies")]


def test_a_5e_service_is_paid_and_never_carried() -> None:
    state = at(party(member("Ada", srd_coins("gp", 1))), size="village")
    decision, after = run(SRD, state, '[inventory: action="buy" item="Lodging: Modest" seller="inn"]')
    reply = answers_of(decision)[0]
    assert (reply.result, reply.now, reply.extra) == ("ok", "0", (("price", "5 silver pieces"),))
    assert dict(reply.attrs)["seller"] == "inn"
    assert said(reply) == "Paid with gold pieces ×1; electrum pieces ×1 back."
    assert bag_of(after) == [("electrum pieces", 1)]


def test_the_chapel_sells_only_to_nerve_3_or_more_said_by_its_label() -> None:
    tag = '[inventory: action="buy" item="Page of the vigil litany"]'
    weak = at(party(member("Ada", coins("crown", 1))))
    assert refused_with(GRAVEWATCH, weak, tag) == (
        "not-to-you",
        "The chapel of the Vigil sells only to wardens of Nerve 3 or more; Ada is not one.",
    )
    strong = at(party(member("Ada", coins("crown", 1), abilities={"nerve": 3})))
    decision, after = run(GRAVEWATCH, strong, tag)
    reply = answers_of(decision)[0]
    assert (reply.result, dict(reply.attrs)["seller"], reply.extra) == (
        "ok",
        "chapel of the Vigil",
        (("price", "1 crown"),),
    )
    assert bag_of(after) == [("Page of the vigil litany", 1)]


def test_a_limited_item_sells_out_for_the_whole_day_across_buys_never_in_part() -> None:
    state = at(party(member("Ada", coins("shilling", 5))))
    tonic = '[inventory: action="buy" item="Warming tonic" count="{n}"]'
    decision, state = run(GRAVEWATCH, state, tonic.format(n=2))
    assert answers_of(decision)[0].now == "2"
    assert state.day is not None and state.day.bought == (("kit/warming-tonic", 2),)
    assert refused_with(GRAVEWATCH, state, tonic.format(n=2)) == (
        "sold-out",
        "Warming tonic: only 1 left here today; 2 asked, none bought.",
    )
    decision, state = run(GRAVEWATCH, state, tonic.format(n=1))
    assert answers_of(decision)[0].now == "3"
    assert state.day is not None and state.day.bought == (("kit/warming-tonic", 3),)
    assert refused_with(GRAVEWATCH, state, tonic.format(n=1)) == (
        "sold-out",
        "Warming tonic is sold out here until a new day.",
    )
    # A new day (a new seed, nothing taken yet) has its shelves full again.
    decision, state = run(GRAVEWATCH, at(state, seed=8), tonic.format(n=3))
    assert answers_of(decision)[0].now == "6"


def test_limited_is_counted_for_the_place_whatever_seller_is_named() -> None:
    # The tonic is only the chandler's here; the count is the place's, so a second buyer finds it gone too.
    state = at(party(member("Ada", coins("shilling", 5)), member("Bram", coins("shilling", 5))))
    _, state = run(
        GRAVEWATCH, state, '[inventory: action="buy" item="Warming tonic" count="3" seller="chandler"]'
    )
    assert refused_with(GRAVEWATCH, state, '[inventory: action="buy" item="Warming tonic" who="Bram"]') == (
        "sold-out",
        "Warming tonic is sold out here until a new day.",
    )


def test_the_smiths_odd_lot_is_sold_by_the_smith_alone_whatever_sold_says() -> None:
    # Seed 2: the smith's odd lot rolled one Watch pistol, an item sold only in a city.
    state = at(party(member("Ada", coins("crown", 4))), size="village", seed=2)
    decision, after = run(GRAVEWATCH, state, '[inventory: action="buy" item="Watch pistol"]')
    assert answers_of(decision) == traded(
        "buy",
        ("item", "Watch pistol"),
        ("count", "1"),
        ("level", "fair"),
        ("seller", "smith"),
        now="1",
        price="3 crowns",
        note="Paid with crowns ×3.",
    )
    assert after.day == MarketDay(
        place="Millbrook", size="village", seed=2, stock_bought=(("smith", "kit/watch-pistol", 1),)
    )
    assert refused_with(GRAVEWATCH, after, '[inventory: action="buy" item="Watch pistol"]') == (
        "sold-out",
        "Watch pistol is sold out here until a new day.",
    )
    assert refused_with(
        GRAVEWATCH, state, '[inventory: action="buy" item="Watch pistol" seller="chandler"]'
    ) == (
        "no-seller",
        "The chandler does not sell Watch pistol; here it is sold by: smith.",
    )
    # A hamlet has no smith: nobody here has it in stock, and it is a city's ware.
    assert refused_with(
        GRAVEWATCH, at(state, size="hamlet", seed=2), '[inventory: action="buy" item="Watch pistol"]'
    ) == (
        "not-here",
        "Watch pistol is sold in a city or larger; this is a hamlet.",
    )


def test_a_buy_comes_off_the_shelves_first_then_out_of_the_stock_and_sells_out_of_both() -> None:
    # Seed 11 in a town: the shelves hold one Silver coffin nail (rare, limited 1d2) and the smith's lot two more.
    nail = '[inventory: action="buy" item="Silver coffin nail" count="{n}"]'
    state = at(party(member("Ada", coins("crown", 20))), seed=11)
    _, state = run(GRAVEWATCH, state, nail.format(n=1))
    assert state.day is not None and (state.day.bought, state.day.stock_bought) == (
        (("kit/silver-nail", 1),),
        (),
    )
    assert refused_with(GRAVEWATCH, state, nail.format(n=3)) == (
        "sold-out",
        "Silver coffin nail: only 2 left here today; 3 asked, none bought.",
    )
    decision, state = run(GRAVEWATCH, state, nail.format(n=2))
    assert (answers_of(decision)[0].now, dict(answers_of(decision)[0].attrs)["seller"]) == ("3", "smith")
    assert state.day is not None and state.day.stock_bought == (("smith", "kit/silver-nail", 2),)
    assert refused_with(GRAVEWATCH, state, nail.format(n=1)) == (
        "sold-out",
        "Silver coffin nail is sold out here until a new day.",
    )
    assert bag_of(state) == [("crowns", 14), ("Silver coffin nail", 3)]


def test_a_dishonest_sellers_stock_may_hold_a_cursed_item_nobody_has_on_the_shelves() -> None:
    ring = '[inventory: action="buy" item="Widow\'s ring"]'
    state = at(party(member("Ada", coins("crown", 3))), seed=7)  # the fence's lot: a ring and two candles
    decision, _ = run(GRAVEWATCH, state, ring)
    assert (answers_of(decision)[0].result, dict(answers_of(decision)[0].attrs)["seller"]) == ("ok", "fence")
    assert refused_with(GRAVEWATCH, at(state, seed=1), ring) == (
        "no-seller",
        "Nobody here sells Widow's ring.",
    )


def test_the_fence_sells_off_its_shelves_on_a_day_its_lot_has_no_fake_of_it() -> None:
    # Seed 7: the fence's lot is a ring and two candles, no pewter nail: the silver nail is a real one.
    state = at(party(member("Ada", coins("crown", 2))), seed=7)
    decision, after = run(
        GRAVEWATCH, state, '[inventory: action="buy" item="Silver coffin nail" seller="fence"]'
    )
    assert dict(answers_of(decision)[0].attrs)["seller"] == "fence"
    assert after.party[0].bag == (item("Silver coffin nail"),)
    assert after.day is not None and after.day.bought == (("kit/silver-nail", 1),)


def test_a_fake_bought_by_who_party_is_the_players_and_answered_as_written() -> None:
    # Seed 1: the fence's lot is three pewter nails, offered as silver ones (tests/test_engine_fakes.py); Bram
    # held this buy once today already, so asked again it goes through (engine/noticing.py).
    state = at(party(member("Ada", coins("crown", 2)), member("Bram")), seed=1)
    assert state.day is not None
    state = state.model_copy(
        update={"day": state.day.model_copy(update={"held": (("fence", "kit/pewter-nail"),)})}
    )
    tag = '[inventory: action="buy" item="Silver coffin nail" seller="fence" who="party"]'
    decision, after = run(GRAVEWATCH, state, tag)
    assert dict(answers_of(decision)[0].attrs)["who"] == "party"
    assert [(s.name, s.item, s.passes_as) for s in after.party[0].bag] == [
        ("Silver coffin nail", "kit/pewter-nail", "kit/silver-nail")
    ]


# -- refusals of a buy: every reason, in order, nothing changed ------------------------------------------


def _layered() -> Rules:
    def layers(data: dict[str, Any]) -> None:
        data["layers"].append(
            {"id": "no_crowns", "label": "No crowns", "items": {"currencies": {"removeUnits": ["crown"]}}}
        )
        data["layers"].append(
            {
                "id": "no_coats",
                "label": "No coats",
                "catalogs": [{"id": "kit", "hide": {"entries": ["lantern-coat"]}}],
            }
        )

    return edited("gravewatch", layers, ("no_crowns", "no_coats"))


LAYERED = _layered()
NERVY = party(
    member("Ada", coins("crown", 1), coins("shilling", 7), abilities={"nerve": 3}),
    member("Zoë"),
    member("Zoé"),
)


@pytest.mark.parametrize(
    ("state", "tag", "reason", "note"),
    [
        pytest.param(
            at(NERVY),
            '[inventory: action="buy" item="Lantern coat" who="Wren"]',
            "unknown-character",
            'Nobody in the party is called "Wren" (who=).',
            id="unknown-character",
        ),
        pytest.param(
            NERVY,
            '[inventory: action="buy" item="Lantern coat"]',
            "no-place",
            "No market place is in force: say [place:] with its size first.",
            id="no-place-nothing-said",
        ),
        pytest.param(
            NERVY.model_copy(update={"place": "the Fenway"}),
            '[inventory: action="buy" item="Lantern coat"]',
            "no-place",
            "the Fenway has no market.",
            id="no-place-no-market-there",
        ),
        pytest.param(
            at(NERVY),
            '[inventory: action="buy" item="Lantern coat" level="haggled"]',
            "unknown-level",
            '"haggled" is not a price level here (cheap, fair, dear).',
            id="unknown-level",
        ),
        pytest.param(
            at(NERVY),
            '[inventory: action="buy" item="crowns"]',
            "unknown-item",
            '"crowns" is not one of the ruleset\'s items: nobody sells it.',
            id="unknown-item-a-coin",
        ),
        pytest.param(
            at(NERVY),
            '[inventory: action="buy" item="Mossy stone"]',
            "unknown-item",
            '"Mossy stone" is not one of the ruleset\'s items: nobody sells it.',
            id="unknown-item-plain",
        ),
        pytest.param(
            at(NERVY, size="village", seed=2),
            '[inventory: action="buy" item="Silver coffin nail"]',
            "not-here",
            "Silver coffin nail is sold in a market town or larger; this is a village.",
            id="not-here",
        ),
        pytest.param(
            at(NERVY),
            '[inventory: action="buy" item="Lantern coat" seller="baker"]',
            "no-seller",
            '"baker" is not a seller here (sellers here: chandler, smith, chapel of the Vigil, watch-house, fence).',
            id="no-seller-unknown",
        ),
        pytest.param(
            at(NERVY, size="hamlet"),
            '[inventory: action="buy" item="Lantern coat" seller="the smith"]',
            "no-seller",
            "There is no smith in a hamlet: one is found in a village or larger.",
            id="no-seller-not-at-this-size",
        ),
        pytest.param(
            at(NERVY),
            '[inventory: action="buy" item="Lantern coat" seller="smith"]',
            "no-seller",
            "The smith does not sell Lantern coat; here it is sold by: chandler.",
            id="no-seller-not-their-ware",
        ),
        pytest.param(
            at(NERVY, seed=1),
            '[inventory: action="buy" item="Dawn bell"]',
            "no-seller",
            "Nobody here sells Dawn bell.",
            id="no-seller-unsold",
        ),
        pytest.param(
            at(NERVY.model_copy(update={"party": (member("Ada", coins("crown", 1)),)})),
            '[inventory: action="buy" item="Page of the vigil litany" seller="chapel"]',
            "not-to-you",
            "The chapel of the Vigil sells only to wardens of Nerve 3 or more; Ada is not one.",
            id="not-to-you",
        ),
        pytest.param(
            at(NERVY),
            '[inventory: action="buy" item="Warming tonic" count="4"]',
            "sold-out",
            "Warming tonic: only 3 left here today; 4 asked, none bought.",
            id="sold-out",
        ),
        pytest.param(
            at(NERVY),
            '[inventory: action="buy" item="Mourning coat" count="2"]',
            "cannot-afford",
            "Mourning coat ×2 costs 28 shillings; Ada has coins worth 12 shillings.",
            id="cannot-afford",
        ),
    ],
)
def test_each_refusal_of_a_gravewatch_buy_changes_nothing(
    state: GameState, tag: str, reason: str, note: str
) -> None:
    assert refused_with(GRAVEWATCH, state, tag) == (reason, note)


def test_a_name_two_members_share_refuses_buy_and_sell_ambiguous() -> None:
    # Built by hand: the normaliser itself takes "Zoe" for the first of them.
    coat = c.ItemRef(name="Lantern coat", label="Lantern coat")
    for trade in (c.Buy(item=coat, who="Zoe"), c.Sell(item=coat, who="Zoe")):
        reply = refusal(at(NERVY), trade, GRAVEWATCH)
        assert reply.reason == "ambiguous-character"


def test_no_market_in_the_ruleset_refuses_buy_and_sell() -> None:
    rules = without_market("gravewatch")
    state = at(party(member("Ada", coins("crown", 1), item("Grave spade"))))
    said_no = ("no-market", "This ruleset has no market: pay and add instead.")
    assert refused_with(rules, state, '[inventory: action="buy" item="Lantern coat"]') == said_no
    assert refused_with(rules, state, '[inventory: action="sell" item="Grave spade"]') == said_no


def test_an_item_a_layer_hides_is_unknown_and_one_whose_coin_a_layer_took_out_is_not_for_sale() -> None:
    state = at(party(member("Ada", coins("shilling", 20), abilities={"nerve": 3})))
    hidden = c.Buy(item=c.ItemRef(name="Lantern coat", label="Lantern coat"))
    reply = refusal(state, hidden, LAYERED)
    assert (reply.reason, said(reply)) == (
        "unknown-item",
        '"Lantern coat" is not one of the ruleset\'s items: nobody sells it.',
    )
    assert refused_with(LAYERED, state, '[inventory: action="buy" item="Lantern coat"]')[0] == "unknown-item"
    assert refused_with(LAYERED, state, '[inventory: action="buy" item="Page of the vigil litany"]') == (
        "not-for-sale",
        "Page of the vigil litany is priced in a coin this game does not use: it is not for sale.",
    )
    # The chapel's only is checked before the coin: a buyer it will not serve hears that first.
    weak = at(party(member("Ada", coins("shilling", 20))))
    assert (
        refused_with(LAYERED, weak, '[inventory: action="buy" item="Page of the vigil litany"]')[0]
        == "not-to-you"
    )


def test_a_bag_that_would_need_a_201st_stack_refuses_the_buy_too_heavy() -> None:
    spades = tuple(item("Grave spade", worn=True) for _ in range(199))
    state = at(party(member("Ada", coins("shilling", 10), *spades)))
    assert refused_with(GRAVEWATCH, state, '[inventory: action="buy" item="Lantern coat"]') == (
        "too-heavy",
        "Ada's bag takes no more than 200 stacks.",
    )


@pytest.mark.parametrize(
    ("state", "tag", "reason", "note"),
    [
        pytest.param(
            party(member("Ada", srd_coins("gp", 500))),
            '[inventory: action="buy" item="Rope, hempen (50 feet)"]',
            "no-place",
            "No market place is in force: say [place:] with its size first.",
            id="no-place",
        ),
        pytest.param(
            at(party(member("Ada", srd_coins("gp", 500)))),
            '[inventory: action="buy" item="Carriage" level="bargain"]',
            "unknown-level",
            '"bargain" is not a price level here (cheap, fair, dear).',
            id="unknown-level",
        ),
        pytest.param(
            at(party(member("Ada", srd_coins("gp", 500)))),
            '[inventory: action="buy" item="platinum pieces"]',
            "unknown-item",
            '"platinum pieces" is not one of the ruleset\'s items: nobody sells it.',
            id="unknown-item",
        ),
        pytest.param(
            at(party(member("Ada", srd_coins("gp", 500))), size="city"),
            '[inventory: action="buy" item="Potion of Greater Healing"]',
            "not-for-sale",
            "Potion of Greater Healing has no price: it is not for sale.",
            id="not-for-sale",
        ),
        pytest.param(
            at(party(member("Ada", srd_coins("gp", 500))), size="village"),
            '[inventory: action="buy" item="Carriage"]',
            "not-here",
            "Carriage is sold in a town or larger; this is a village.",
            id="not-here",
        ),
        pytest.param(
            at(party(member("Ada", srd_coins("gp", 500)))),
            '[inventory: action="buy" item="Carriage" seller="inn"]',
            "no-seller",
            "The inn does not sell Carriage; here it is sold by: stable.",
            id="no-seller",
        ),
        pytest.param(
            at(party(member("Ada", srd_coins("gp", 500))), size="city", seed=3),
            '[inventory: action="buy" item="Potion of Healing" count="5"]',
            "sold-out",
            "Potion of Healing: only 2 left here today; 5 asked, none bought.",
            id="sold-out",
        ),
        pytest.param(
            at(party(member("Ada", srd_coins("gp", 99)))),
            '[inventory: action="buy" item="Carriage"]',
            "cannot-afford",
            "Carriage ×1 costs 100 gold pieces; Ada has coins worth 99 gold pieces.",
            id="cannot-afford",
        ),
        pytest.param(
            at(party(member("Ada", srd_coins("gp", 500)))),
            '[inventory: action="buy" item="Carriage"]',
            "too-heavy",
            "Ada cannot carry Carriage ×1 as well: that would be 608 of 150 carried.",
            id="too-heavy",
        ),
    ],
)
def test_each_refusal_of_a_5e_buy_changes_nothing(state: GameState, tag: str, reason: str, note: str) -> None:
    assert refused_with(SRD, state, tag) == (reason, note)


def test_a_buy_that_leaves_the_bag_lighter_than_before_is_carried_even_past_the_limit() -> None:
    # 600 lb of gold (30,000 coins) is far past the limit; paying 3,000 gp of it for a keelboat (it weighs
    # nothing a bag counts) lightens the bag.
    state = at(party(member("Ada", srd_coins("gp", 30000))), size="city")  # ships: the city's shipwright
    decision, after = run(SRD, state, '[inventory: action="buy" item="Keelboat"]')
    assert answers_of(decision)[0].result == "ok"
    assert SRD.load(after.party[0], after) < SRD.load(state.party[0], state)


# -- selling --------------------------------------------------------------------------------------------


def test_a_nail_sold_to_the_smith_fetches_half_its_price_in_coins_largest_first() -> None:
    state = at(party(member("Ada", item("Silver coffin nail", 2))))
    decision, after = run(
        GRAVEWATCH, state, '[inventory: action="sell" item="Silver coffin nail" seller="smith"]'
    )
    assert answers_of(decision) == traded(
        "sell",
        ("item", "Silver coffin nail"),
        ("count", "1"),
        ("seller", "smith"),
        now="1",
        price="1 crown",
        note="Paid in crowns ×1.",
    )
    assert bag_of(after) == [("Silver coffin nail", 1), ("crowns", 1)]
    assert journal_of(after) == [("sold", "Ada", "Silver coffin nail ×1 for 1 crown")]
    assert after.day == MarketDay(place="Millbrook", size="town", seed=7, paid_out=(("coin", 60),))
    assert worth(GRAVEWATCH, after) - worth(GRAVEWATCH, state) == 60


@pytest.mark.parametrize(
    ("label", "count", "price", "coins_in"),
    [
        pytest.param("Warming tonic", 1, "3 pennies", "Paid in pennies ×3.", id="tonic-half-of-6"),
        pytest.param("Shot and powder", 1, "2 pennies", "Paid in pennies ×2.", id="shot-1.5-rounds-half-up"),
        pytest.param("Shot and powder", 4, "8 pennies", "Paid in pennies ×8.", id="shot-4-times-the-one"),
        pytest.param(
            "Mourning coat", 1, "7 shillings", "Paid in crowns ×1 and shillings ×2.", id="coat-largest-first"
        ),
        pytest.param(
            "Mourning coat",
            5,
            "35 shillings",
            "Paid in crowns ×7.",
            id="coats-in-crowns",
        ),
    ],
)
def test_a_sale_is_the_buy_back_of_one_times_the_count(
    label: str, count: int, price: str, coins_in: str
) -> None:
    state = at(party(member("Bram"), member("Ada", item(label, 5))))
    decision, after = run(
        GRAVEWATCH, state, f'[inventory: action="sell" item="{label}" count="{count}" who="Ada"]'
    )
    reply = answers_of(decision)[0]
    assert (reply.result, reply.now, reply.extra, said(reply)) == (
        "ok",
        str(5 - count),
        (("price", price),),
        coins_in,
    )
    assert dict(reply.attrs)["who"] == "Ada"
    assert bag_of(after, 0) == []


def test_selling_more_than_held_sells_what_is_held() -> None:
    state = at(party(member("Ada", item("Silver coffin nail", 2))))
    decision, after = run(GRAVEWATCH, state, '[inventory: action="sell" item="Silver coffin nail" count="5"]')
    assert answers_of(decision) == traded(
        "sell",
        ("item", "Silver coffin nail"),
        ("count", "2"),
        ("seller", "smith"),
        now="0",
        price="2 crowns",
        note="Ada held only 2: 2 sold. Paid in crowns ×2.",
    )
    assert bag_of(after) == [("crowns", 2)]


def test_todays_purse_is_spent_across_sales_and_says_what_is_left() -> None:
    # A hamlet's purse: 10 shillings a day, paid out by all its sellers together.
    state = at(
        party(member("Ada", item("Mourning coat", 2), item("Lantern coat"), item("Shuttered lantern"))),
        size="hamlet",
    )
    _, state = run(GRAVEWATCH, state, '[inventory: action="sell" item="Mourning coat"]')
    assert state.day is not None and state.day.paid_out == (("coin", 84),)
    assert refused_with(GRAVEWATCH, state, '[inventory: action="sell" item="Mourning coat"]') == (
        "purse-spent",
        "The sellers here have 3 shillings left to pay out today; this sale is 7 shillings.",
    )
    assert (
        refused_with(GRAVEWATCH, state, '[inventory: action="sell" item="Lantern coat"]')[0] == "purse-spent"
    )
    decision, state = run(GRAVEWATCH, state, '[inventory: action="sell" item="Shuttered lantern"]')
    assert dict(answers_of(decision)[0].extra) == {"price": "18 pennies"}
    assert refused_with(GRAVEWATCH, state, '[inventory: action="sell" item="Lantern coat"]') == (
        "purse-spent",
        "The sellers here have 18 pennies left to pay out today; this sale is 4 shillings.",
    )
    # A new day at the hamlet has its purse whole again.
    decision, _ = run(
        GRAVEWATCH, at(state, size="hamlet", seed=8), '[inventory: action="sell" item="Mourning coat"]'
    )
    assert answers_of(decision)[0].result == "ok"


def _chandler_buys_charms(data: dict[str, Any]) -> None:
    chandler = next(s for s in data["items"]["market"]["sellers"] if s["id"] == "chandler")
    chandler["sells"].append({"category": "charm"})


def test_a_bound_cursed_item_is_never_sold_but_a_loose_one_beside_it_is() -> None:
    rules = edited("gravewatch", _chandler_buys_charms)
    bound = at(party(member("Ada", item("Widow's ring", bound=True))))
    assert refused_with(rules, bound, '[inventory: action="sell" item="Widow\'s ring"]') == (
        "cursed",
        "Ada's Widow's ring is bound and cursed: it cannot be sold.",
    )
    both = at(party(member("Ada", item("Widow's ring", bound=True), item("Widow's ring"))))
    decision, after = run(rules, both, '[inventory: action="sell" item="Widow\'s ring" count="2"]')
    reply = answers_of(decision)[0]
    assert (reply.result, dict(reply.attrs)["count"], reply.now) == ("ok", "1", "1")
    assert said(reply) == "Ada held only 1: 1 sold. Paid in crowns ×1, shillings ×2 and pennies ×6."
    assert [(s.name, s.bound) for s in after.party[0].bag if s.item] == [("Widow's ring", True)]


GRAVE = at(party(member("Ada", item("Grave spade"), coins("penny", 1))))


@pytest.mark.parametrize(
    ("rules", "state", "tag", "reason", "note"),
    [
        pytest.param(
            GRAVEWATCH,
            GRAVE.model_copy(update={"day": None}),
            '[inventory: action="sell" item="Grave spade"]',
            "no-place",
            "No market place is in force: say [place:] with its size first.",
            id="no-place",
        ),
        pytest.param(
            GRAVEWATCH,
            GRAVE,
            '[inventory: action="sell" item="Grave spade" who="Wren"]',
            "unknown-character",
            'Nobody in the party is called "Wren" (who=).',
            id="unknown-character",
        ),
        pytest.param(
            edited("gravewatch", lambda d: d["items"]["market"].pop("buyBack")),
            GRAVE,
            '[inventory: action="sell" item="Grave spade"]',
            "not-bought",
            "Nobody here buys anything back.",
            id="not-bought-no-buy-back",
        ),
        pytest.param(
            GRAVEWATCH,
            GRAVE,
            '[inventory: action="sell" item="Mossy stone"]',
            "not-bought",
            '"Mossy stone" is not one of the ruleset\'s items: nobody buys it.',
            id="not-bought-plain",
        ),
        pytest.param(
            GRAVEWATCH,
            GRAVE,
            '[inventory: action="sell" item="pennies"]',
            "not-bought",
            '"pennies" is not one of the ruleset\'s items: nobody buys it.',
            id="not-bought-a-coin",
        ),
        pytest.param(
            GRAVEWATCH,
            GRAVE,
            '[inventory: action="sell" item="Grave spade" seller="baker"]',
            "not-bought",
            '"baker" is not a seller here (sellers here: chandler, smith, chapel of the Vigil, watch-house, fence).',
            id="not-bought-unknown-seller",
        ),
        pytest.param(
            GRAVEWATCH,
            at(GRAVE, size="hamlet"),
            '[inventory: action="sell" item="Grave spade" seller="smith"]',
            "not-bought",
            "There is no smith in a hamlet: one is found in a village or larger.",
            id="not-bought-seller-not-here",
        ),
        pytest.param(
            GRAVEWATCH,
            GRAVE,
            '[inventory: action="sell" item="Grave spade" seller="chandler"]',
            "not-bought",
            "The chandler does not buy Grave spade; here it is bought by: smith.",
            id="not-bought-not-their-kind",
        ),
        pytest.param(
            GRAVEWATCH,
            at(GRAVE, size="hamlet"),
            '[inventory: action="sell" item="Grave spade"]',
            "not-bought",
            "Nobody here buys Grave spade.",
            id="not-bought-nobody-here",
        ),
        pytest.param(
            GRAVEWATCH,
            GRAVE,
            '[inventory: action="sell" item="Lantern coat"]',
            "none-held",
            "Ada holds no Lantern coat.",
            id="none-held",
        ),
        pytest.param(
            SRD,
            at(party(member("Ada", srd_item("Potion of Greater Healing"))), size="city"),
            '[inventory: action="sell" item="Potion of Greater Healing"]',
            "not-for-sale",
            "Potion of Greater Healing has no price: it is not for sale.",
            id="not-for-sale",
        ),
        pytest.param(
            SRD,
            at(
                party(
                    member(
                        "Ada",
                        srd_item("Keelboat"),
                        srd_item("Barding: Plate"),
                        srd_item("Rope, hempen (50 feet)", 2),
                    )
                ),
                size="city",
            ),
            '[inventory: action="sell" item="Keelboat"]',
            "too-heavy",
            "Ada cannot carry 1500 gold pieces as well: that would be 153 of 150 carried.",
            id="too-heavy-coins",
        ),
        pytest.param(
            SRD,
            at(party(member("Ada", srd_item("Keelboat"))), size="city"),
            '[inventory: action="sell" item="Keelboat" seller="temple"]',
            "not-bought",
            "The temple does not buy Keelboat; here it is bought by: shipwright.",
            id="not-bought-5e",
        ),
    ],
)
def test_each_refusal_of_a_sale_changes_nothing(
    rules: Rules, state: GameState, tag: str, reason: str, note: str
) -> None:
    assert refused_with(rules, state, tag) == (reason, note)


def test_purse_spent_comes_before_none_held() -> None:
    spent = at(party(member("Ada")), size="hamlet").model_copy(
        update={"day": MarketDay(place="Millbrook", size="hamlet", seed=7, paid_out=(("coin", 120),))}
    )
    assert refused_with(GRAVEWATCH, spent, '[inventory: action="sell" item="Black candle"]') == (
        "purse-spent",
        "The sellers here have 0 shillings left to pay out today; this sale is 1 penny.",
    )


def test_a_5e_sale_pays_in_the_largest_coins() -> None:
    state = at(party(member("Ada", srd_item("Keelboat"))), size="city")
    decision, after = run(SRD, state, '[inventory: action="sell" item="Keelboat"]')
    reply = answers_of(decision)[0]
    assert (reply.result, dict(reply.attrs)["seller"], reply.extra, said(reply)) == (
        "ok",
        "shipwright",
        (("price", "1500 gold pieces"),),
        "Paid in platinum pieces ×150.",
    )
    assert bag_of(after) == [("platinum pieces", 150)]
    assert after.day is not None and after.day.paid_out == (("coins", 150000),)


# -- coins are conserved --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "tag",
    [
        '[inventory: action="buy" item="Lantern coat" level="dear"]',
        '[inventory: action="buy" item="Shot and powder" count="7" level="cheap"]',
        '[inventory: action="buy" item="Mourning coat"]',
        '[inventory: action="buy" item="A bed at the watch-house" count="3"]',
        '[inventory: action="sell" item="Grave spade" count="3"]',
        '[inventory: action="sell" item="Warming tonic" count="2"]',
    ],
)
def test_party_worth_changes_by_exactly_the_price(tag: str) -> None:
    state = at(
        party(
            member(
                "Ada",
                coins("crown", 2),
                coins("shilling", 5),
                coins("penny", 7),
                item("Grave spade", 2),
                item("Warming tonic", 4),
            )
        )
    )
    decision, after = run(GRAVEWATCH, state, tag)
    reply = answers_of(decision)[0]
    assert reply.result == "ok"
    price = dict(reply.extra)["price"]
    count, coin = price.split(" ", 1)
    value = next(c.value for c in GRAVEWATCH.book.coins() if coin in (c.label, c.one))
    change = worth(GRAVEWATCH, after) - worth(GRAVEWATCH, state)
    assert change == (int(count) * value if "sell" in tag else -int(count) * value)


# -- the answer lines the model reads ---------------------------------------------------------------------


def test_a_buy_and_a_sale_are_answered_in_the_reference_key_order() -> None:
    renderer = Renderer()
    state = at(party(member("Ada", coins("crown", 3)), member("Bram", item("Silver coffin nail"))))
    tag = '[inventory: action="buy" item="lantern coat" seller="chandler" level="dear" who="ada"]'
    decision, state = run(GRAVEWATCH, state, tag)
    assert renderer.render_answers(_answers(decision)) == [
        '[inventory: action="buy" item="Lantern coat" count="1" who="Ada" level="dear" seller="chandler" '
        'result="ok" now="1" price="12 shillings" note="Paid with crowns ×3; shillings ×3 back."]'
    ]
    decision, _ = run(GRAVEWATCH, state, '[inventory: action="sell" item="Silver coffin nail" who="Bram"]')
    assert renderer.render_answers(_answers(decision)) == [
        '[inventory: action="sell" item="Silver coffin nail" count="1" who="Bram" seller="smith" '
        'result="ok" now="0" price="1 crown" note="Paid in crowns ×1."]'
    ]
    refused = refusal(
        state, command(GRAVEWATCH, state, '[inventory: action="buy" item="Dawn bell"]'), GRAVEWATCH
    )
    assert renderer.render_answer(refused) == (
        '[inventory: action="buy" item="Dawn bell" count="1" result="refused" reason="no-seller" '
        'note="Nobody here sells Dawn bell."]'
    )


def _answers(decision: Decision) -> list[Answer]:
    assert isinstance(decision, Accepted)
    return list(decision.answers)
