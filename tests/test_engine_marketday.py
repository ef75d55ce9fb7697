"""Tests for tagproc.engine.marketday: what a day keeps on hand, rolled from its seed and counted against what it
took (spec "A market day": limited, stock, purse)."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from tagproc.engine import marketday
from tagproc.engine.dice import dice_for
from tagproc.engine.loot import Drop, roll_table
from tagproc.engine.rules import Rules
from tagproc.engine.state import MarketDay
from tagproc.ruleset.book import BookItem
from tagproc.ruleset.load import parse_ruleset, shipped_text
from tagproc.ruleset.models import Seller

from .engine_support import rules_for

GRAVEWATCH = rules_for("gravewatch")


def edited(name: str, edit: Callable[[dict[str, Any]], None], layers: tuple[str, ...] = ()) -> Rules:
    """A shipped ruleset with its document changed by ``edit`` (and ``layers`` turned on)."""
    data = json.loads(shipped_text(name) or "{}")
    edit(data)
    return Rules(parse_ruleset(data), layers)


def _no_market(data: dict[str, Any]) -> None:
    data["items"].pop("market")
    for catalog in data["catalogs"]:
        for each in catalog.get("entries", []) if catalog.get("holds") == "items" else []:
            each["item"].pop("sold", None)


@cache
def without_market(name: str) -> Rules:
    return edited(name, _no_market)


def day(size: str = "town", seed: int = 7, **taken: object) -> MarketDay:
    return MarketDay.model_validate({"place": "Millbrook", "size": size, "seed": seed, **taken})


def seller(name: str, ruleset: str = "gravewatch") -> Seller:
    market = rules_for(ruleset).market
    assert market is not None
    found = market.seller(name)
    assert found is not None, name
    return found


def entry(label: str, ruleset: str = "gravewatch") -> BookItem:
    found = rules_for(ruleset).book.find(label)
    assert found is not None, label
    return found


# -- limited ------------------------------------------------------------------------------------------


def test_an_item_without_a_limit_is_not_limited() -> None:
    assert marketday.limited_left(GRAVEWATCH, day(), entry("Lantern coat")) is None


def test_a_number_limit_is_what_the_shelves_hold_before_anything_is_bought() -> None:
    assert marketday.limited_left(GRAVEWATCH, day(), entry("Warming tonic")) == 3  # the tonic rule: limited 3


def test_a_dice_limit_is_rolled_once_for_the_item_and_the_day() -> None:
    nail = entry("Silver coffin nail")  # rare: limited 1d2
    rolled = dice_for(11, "limited", nail.ref).roll("1d2")
    assert marketday.limited_left(GRAVEWATCH, day(seed=11), nail) == rolled == 1
    assert marketday.limited_left(GRAVEWATCH, day(seed=7), nail) == 2
    assert marketday.limited_left(GRAVEWATCH, day(seed=7, size="city"), nail) == 2  # the seed, not the size


def test_what_was_bought_today_is_counted_against_the_limit_and_never_below_zero() -> None:
    tonic = entry("Warming tonic")
    assert marketday.limited_left(GRAVEWATCH, day(bought=(("kit/warming-tonic", 2),)), tonic) == 1
    assert marketday.limited_left(GRAVEWATCH, day(bought=(("kit/warming-tonic", 5),)), tonic) == 0


def test_a_ruleset_without_a_market_limits_nothing() -> None:
    rules = without_market("gravewatch")
    assert marketday.limited_left(rules, day(), entry("Warming tonic")) is None


# -- stock --------------------------------------------------------------------------------------------


def test_a_sellers_stock_is_its_table_rolled_with_the_days_dice() -> None:
    table = next(t for t in GRAVEWATCH.block.loot_tables if t.id == "smiths_odd_lot")  # type: ignore[union-attr]
    rolled = roll_table(table, GRAVEWATCH, dice_for(5, "stock", "smith"))
    assert rolled == (Drop(2, label="Silver coffin nail"),)
    assert rolled[0].ref == "kit/silver-nail"
    assert marketday.stock_rolled(GRAVEWATCH, day(seed=5), seller("smith")) == (("kit/silver-nail", 2),)
    assert marketday.stock_rolled(GRAVEWATCH, day(seed=2), seller("smith")) == (("kit/watch-pistol", 1),)


def test_a_seller_without_a_stock_table_has_no_stock() -> None:
    assert marketday.stock_rolled(GRAVEWATCH, day(), seller("chandler")) == ()
    assert marketday.stock_left(GRAVEWATCH, day(), seller("chandler")) == ()


def test_a_fake_and_a_cursed_item_are_left_out_only_of_an_honest_sellers_stock() -> None:
    # The fence's odd lot rolls pewter nails (a fake of the silver nail) on seed 1: the dishonest fence keeps
    # them (offered as silver nails, issue 11); an honest fence would not.
    table = next(t for t in GRAVEWATCH.block.loot_tables if t.id == "fences_odd_lot")  # type: ignore[union-attr]
    assert roll_table(table, GRAVEWATCH, dice_for(1, "stock", "fence")) == (
        Drop(3, label="Pewter coffin nail"),
    )
    assert marketday.stock_rolled(GRAVEWATCH, day(seed=1), seller("fence")) == (("kit/pewter-nail", 3),)
    fair = seller("fence").model_copy(update={"honest": True})
    assert marketday.stock_rolled(GRAVEWATCH, day(seed=1), fair) == ()
    # The dishonest fence keeps the cursed Widow's ring; an honest fence would not.
    ring_and_candles = (("kit/widows-ring", 1), ("kit/black-candle", 2))
    assert marketday.stock_rolled(GRAVEWATCH, day(seed=7), seller("fence")) == ring_and_candles
    honest = seller("fence").model_copy(update={"honest": True})
    assert marketday.stock_rolled(GRAVEWATCH, day(seed=7), honest) == (("kit/black-candle", 2),)


def test_stock_left_counts_what_that_seller_sold_out_of_it_and_leaves_out_what_is_gone() -> None:
    fence = seller("fence")
    one_candle = day(stock_bought=(("fence", "kit/black-candle", 1),))
    assert marketday.stock_left(GRAVEWATCH, one_candle, fence) == (
        ("kit/widows-ring", 1),
        ("kit/black-candle", 1),
    )
    gone = day(stock_bought=(("fence", "kit/black-candle", 2), ("smith", "kit/widows-ring", 1)))
    # The smith's count is the smith's: the fence still has its ring.
    assert marketday.stock_left(GRAVEWATCH, gone, fence) == (("kit/widows-ring", 1),)


def test_a_stock_never_holds_coins_or_services() -> None:
    def odd_lot(data: dict[str, Any]) -> None:
        table = next(t for t in data["items"]["lootTables"] if t["id"] == "smiths_odd_lot")
        table["rolls"] = 3
        table["entries"] = [
            {"coins": "shilling", "weight": 1, "count": 4},
            {"item": "kit/watch-house-bed", "weight": 1},
            {"item": "kit/grave-spade", "weight": 1},
        ]

    rules = edited("gravewatch", odd_lot)
    seen: set[str] = set()
    for seed in range(20):
        seen |= {ref for ref, _ in marketday.stock_rolled(rules, day(seed=seed), seller("smith"))}
    assert seen == {"kit/grave-spade"}


# -- purse --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "whole"),
    [
        pytest.param("hamlet", 120, id="hamlet-10-shillings"),
        pytest.param("town", 1200, id="town-100-shillings"),
        pytest.param("city", 1200, id="city-20-crowns"),
    ],
)
def test_a_purse_is_its_amount_in_its_coins_family(size: str, whole: int) -> None:
    assert marketday.purse_left(GRAVEWATCH, day(size=size), "coin") == whole


def test_what_sellers_paid_out_today_comes_off_the_purse_never_below_zero() -> None:
    assert marketday.purse_left(GRAVEWATCH, day(size="hamlet", paid_out=(("coin", 84),)), "coin") == 36
    assert marketday.purse_left(GRAVEWATCH, day(size="hamlet", paid_out=(("coin", 500),)), "coin") == 0


def test_no_purse_for_a_family_or_a_size_is_no_limit() -> None:
    assert marketday.purse_left(GRAVEWATCH, day(), "scrip") is None
    assert marketday.purse_left(rules_for("srd-5e"), day(size="town"), "coins") is None


# -- counting -----------------------------------------------------------------------------------------


def test_counting_a_buy_or_a_sale_returns_a_new_day_with_sorted_counts() -> None:
    start = day()
    one = marketday.counted_buy(start, "kit/warming-tonic", 2)
    two = marketday.counted_buy(marketday.counted_buy(one, "kit/silver-nail", 1), "kit/warming-tonic", 1)
    assert start.bought == ()
    assert two.bought == (("kit/silver-nail", 1), ("kit/warming-tonic", 3))
    stocked = marketday.counted_stock_buy(
        marketday.counted_stock_buy(start, "smith", "kit/x", 1), "fence", "kit/y", 2
    )
    assert stocked.stock_bought == (("fence", "kit/y", 2), ("smith", "kit/x", 1))
    assert marketday.counted_stock_buy(stocked, "smith", "kit/x", 1).stock_bought[1] == ("smith", "kit/x", 2)
    paid = marketday.counted_payout(marketday.counted_payout(start, "coin", 48), "coin", 12)
    assert paid.paid_out == (("coin", 60),)


def test_the_same_counts_in_any_order_are_the_same_day() -> None:
    start = day()
    ab = marketday.counted_buy(marketday.counted_buy(start, "kit/a", 1), "kit/b", 1)
    ba = marketday.counted_buy(marketday.counted_buy(start, "kit/b", 1), "kit/a", 1)
    assert ab == ba
    assert ab.model_dump_json() == ba.model_dump_json()
