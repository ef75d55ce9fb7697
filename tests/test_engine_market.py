"""Tests for tagproc.engine.market: what is sold where, by whom, at what price (spec "Markets")."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest

from tagproc.engine.market import MarketBook
from tagproc.engine.rules import Rules
from tagproc.ruleset import load_ruleset, parse_ruleset
from tagproc.ruleset.book import BookItem


def _data(name: str) -> dict[str, Any]:
    text = resources.files("tagproc.rulesets").joinpath(f"{name}.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


GRAVEWATCH_DATA = _data("gravewatch")
GRAVEWATCH = Rules(load_ruleset("gravewatch"))
SRD = Rules(load_ruleset("srd-5e"))


def _market(rules: Rules) -> MarketBook:
    assert rules.market is not None
    return rules.market


def _item(rules: Rules, label: str) -> BookItem:
    entry = rules.book.find(label)
    assert entry is not None, label
    return entry


def _price(rules: Rules, label: str, level: str | None = None) -> str | None:
    market = _market(rules)
    found = market.level(level)
    assert found is not None
    price = market.price(_item(rules, label), found)
    return price.text if price is not None else None


def _patched(patch: dict[str, Any], layers: tuple[str, ...] = ()) -> Rules:
    """Gravewatch with its market's ``prices`` and ``layers`` replaced where ``patch`` says."""
    data = copy.deepcopy(GRAVEWATCH_DATA)
    if "prices" in patch:
        data["items"]["market"]["prices"] = patch["prices"]
    if "layers" in patch:
        data["layers"] = data.get("layers", []) + patch["layers"]
    if "cost" in patch:
        for catalog in data["catalogs"]:
            for entry in catalog.get("entries", []):
                if entry["id"] in patch["cost"]:
                    entry["item"]["cost"] = patch["cost"][entry["id"]]
                    if patch["cost"][entry["id"]] is None:
                        del entry["item"]["cost"]
    return Rules(parse_ruleset(data, "patched gravewatch"), layers)


@pytest.mark.parametrize(
    ("label", "level", "said"),
    [
        pytest.param("Lantern coat", "dear", "12 shillings", id="spec-at-dear-a-coat-of-8-shillings-is-12"),
        pytest.param("Lantern coat", None, "8 shillings", id="the-default-level-is-its-cost"),
        pytest.param("Lantern coat", "cheap", "6 shillings", id="cheap-in-its-own-coin-where-exact"),
        pytest.param(
            "Grave spade", "cheap", "54 pennies", id="not-exact-in-shillings-so-the-largest-that-is"
        ),
        pytest.param("Warming tonic", "dear", "9 pennies", id="pennies-stay-pennies"),
        pytest.param("Black candle", "cheap", "2 pennies", id="one-and-a-half-pennies-round-half-up"),
        pytest.param("Page of the vigil litany", "fair", "1 crown", id="one-coin-by-its-one-name"),
        pytest.param("Page of the vigil litany", "cheap", "45 pennies", id="no-crown-or-shilling-pays-45"),
        pytest.param("Watch pistol", "dear", "270 pennies", id="four-and-a-half-crowns-in-pennies"),
        pytest.param("Silver coffin nail", "dear", "3 crowns", id="crowns-where-exact"),
        pytest.param("A bed at the watch-house", "dear", "5 pennies", id="a-service-has-a-price-4-5-is-5"),
    ],
)
def test_a_price_is_said_by_the_spec_rule(label: str, level: str | None, said: str) -> None:
    assert _price(GRAVEWATCH, label, level) == said


@pytest.mark.parametrize(
    ("cost", "level", "said"),
    [
        pytest.param(
            {"amount": 50, "unit": "gp"}, "fair", "50 gold pieces", id="spec-50-gp-never-5-platinum"
        ),
        pytest.param({"amount": 50, "unit": "gp"}, "dear", "100 gold pieces", id="100-gp-never-10-platinum"),
        pytest.param({"amount": 2, "unit": "sp"}, "cheap", "1 silver piece", id="its-own-coin-one"),
        pytest.param({"amount": 5, "unit": "sp"}, "cheap", "25 copper pieces", id="25-cp-is-no-silver"),
        pytest.param({"amount": 1, "unit": "cp"}, "cheap", "1 copper piece", id="never-below-one-coin"),
    ],
)
def test_srd_prices(cost: dict[str, Any], level: str, said: str) -> None:
    market = _market(SRD)
    entry = next(
        e
        for e in SRD.book.items()
        if e.item.cost is not None
        and (e.item.cost.amount, e.item.cost.unit) == (cost["amount"], cost["unit"])
        and market.on_shelves(e)
    )
    found = market.level(level)
    assert found is not None
    price = market.price(entry, found)
    assert price is not None and price.text == said


def test_a_price_is_worked_out_in_decimals_not_floats() -> None:
    # 0.7 x 5 pennies is 3.5, rounded half up to 4; in floats it is 3.4999999999999996.
    rules = _patched(
        {
            "prices": [
                {"id": "fair", "label": "fair", "times": 1, "default": True},
                {"id": "low", "label": "low", "times": 0.7},
            ],
            "cost": {"black-candle": {"amount": 5, "unit": "penny"}},
        }
    )
    assert _price(rules, "Black candle", "low") == "4 pennies"


def test_something_that_costs_anything_never_costs_less_than_one_coin() -> None:
    rules = _patched(
        {
            "prices": [
                {"id": "fair", "label": "fair", "times": 1, "default": True},
                {"id": "alms", "label": "alms", "times": 0.1},
            ]
        }
    )
    assert _price(rules, "Black candle", "alms") == "1 penny"


def test_a_cost_of_nothing_is_free_and_no_cost_is_not_for_sale() -> None:
    rules = _patched({"cost": {"black-candle": {"amount": 0, "unit": "penny"}, "lantern-coat": None}})
    assert _price(rules, "Black candle") == "0 pennies"
    assert _price(rules, "Lantern coat") is None
    assert not _market(rules).on_shelves(_item(rules, "Lantern coat"))


def test_an_item_whose_coin_a_layer_took_out_is_not_for_sale() -> None:
    layer = {"id": "no_crowns", "label": "No crowns", "items": {"currencies": {"removeUnits": ["crown"]}}}
    rules = _patched({"layers": [layer]}, layers=("no_crowns",))
    assert _price(rules, "Page of the vigil litany") is None
    assert _price(rules, "Lantern coat") == "8 shillings"
    assert not _market(rules).on_shelves(_item(rules, "Page of the vigil litany"))


def test_levels_and_sellers_are_found_by_id_or_label_in_any_case() -> None:
    market = _market(GRAVEWATCH)
    assert market.level(None) is market.default_level and market.default_level.id == "fair"
    dear = market.level("DEAR")
    assert dear is not None and dear.id == "dear"
    assert market.level("posh") is None
    for name, found in [("the smith", "smith"), ("Chapel of the Vigil", "chapel"), ("CHAPEL", "chapel")]:
        seller = market.seller(name)
        assert seller is not None and seller.id == found
    assert market.seller("baker") is None
    size = market.size("Market Town")
    assert size is not None and size.id == "town"


def test_sellers_are_at_their_smallest_place_and_larger() -> None:
    market = _market(GRAVEWATCH)
    at = {size.id: [s.id for s in market.sellers_at(size.id)] for size in market.sizes}
    assert at == {
        "hamlet": ["chandler", "watch-house"],
        "village": ["chandler", "smith", "watch-house"],
        "town": ["chandler", "smith", "chapel", "watch-house", "fence"],
        "city": ["chandler", "smith", "chapel", "watch-house", "fence"],
    }


def test_an_items_own_sold_wins_and_else_the_first_rule_that_names_a_place() -> None:
    market = _market(GRAVEWATCH)
    assert market.smallest_place(_item(GRAVEWATCH, "Watch pistol")) == "city"  # its own, over arm -> village
    assert market.smallest_place(_item(GRAVEWATCH, "Silver coffin nail")) == "town"  # rare first
    assert market.smallest_place(_item(GRAVEWATCH, "Grave spade")) == "village"
    assert market.smallest_place(_item(GRAVEWATCH, "Lantern coat")) is None  # anywhere
    assert market.limit_of(_item(GRAVEWATCH, "Silver coffin nail")) == "1d2"
    assert market.limit_of(_item(GRAVEWATCH, "Warming tonic")) == 3  # a limit without a place
    assert market.limit_of(_item(GRAVEWATCH, "Lantern coat")) is None
    assert market.sold_at(_item(GRAVEWATCH, "Grave spade"), "village")
    assert not market.sold_at(_item(GRAVEWATCH, "Grave spade"), "hamlet")


def _wares(size: str, seller: str) -> list[str]:
    market = _market(GRAVEWATCH)
    found = market.seller(seller)
    assert found is not None
    return [entry.label for entry in market.wares(size, found)]


def test_wares_are_cheapest_first_at_the_default_level_and_only_what_the_place_sells() -> None:
    chandler = ["Black candle", "Warming tonic", "Shuttered lantern", "Lantern coat", "Mourning coat"]
    assert _wares("hamlet", "chandler") == chandler
    assert _wares("village", "smith") == ["Shot and powder", "Grave spade"]
    assert _wares("town", "smith") == ["Shot and powder", "Grave spade", "Silver coffin nail"]
    assert _wares("city", "smith") == ["Shot and powder", "Grave spade", "Silver coffin nail", "Watch pistol"]


def test_never_a_ware_an_unsold_a_cursed_item_or_a_fake() -> None:
    every = {
        e.label
        for size in ("city",)
        for s in _market(GRAVEWATCH).sellers
        for e in _market(GRAVEWATCH).wares(size, s)
    }
    assert "Dawn bell" not in every  # a relic: unsold
    assert "Widow's ring" not in every  # cursed
    assert "Pewter coffin nail" not in every  # a fake
    assert _wares("city", "fence") == ["Silver coffin nail"]


def test_a_market_without_sellers_sells_everything_the_place_does() -> None:
    market = _market(GRAVEWATCH)
    everything = [entry.label for entry in market.wares("hamlet", None)]
    assert "Lantern coat" in everything and "Grave spade" not in everything
    assert everything == sorted(
        everything, key=lambda label: market._default_amount(_item(GRAVEWATCH, label))
    )


def test_buying_back_is_the_share_of_the_default_price_for_what_a_seller_sells() -> None:
    market = _market(GRAVEWATCH)
    nail, coat, tonic = (
        _item(GRAVEWATCH, n) for n in ("Silver coffin nail", "Lantern coat", "Warming tonic")
    )
    backs = [market.buy_back(e) for e in (nail, coat, tonic)]
    assert [back.text if back else None for back in backs] == ["1 crown", "4 shillings", "3 pennies"]
    smith, chandler = market.seller("smith"), market.seller("chandler")
    assert market.buys(smith, nail) and not market.buys(smith, coat) and market.buys(chandler, coat)
    dawn = _item(GRAVEWATCH, "Dawn bell")
    assert market.buy_back(dawn) is not None  # unsold, yet a seller still buys it back


def test_without_buy_back_nobody_buys() -> None:
    data = copy.deepcopy(GRAVEWATCH_DATA)
    del data["items"]["market"]["buyBack"]
    rules = Rules(parse_ruleset(data, "no buy-back"))
    market = _market(rules)
    coat = _item(rules, "Lantern coat")
    assert market.buy_back(coat) is None and not market.buys(market.seller("chandler"), coat)


def test_a_price_for_many_is_said_by_the_same_rule() -> None:
    market = _market(GRAVEWATCH)
    one = market.price(_item(GRAVEWATCH, "Warming tonic"))
    assert one is not None
    assert one.times(10, market).text == "60 pennies"  # its cost is written in pennies, and they pay it
    coat = market.price(_item(GRAVEWATCH, "Mourning coat"), market.level("cheap"))
    assert coat is not None and coat.text == "126 pennies"  # 10.5 shillings
    assert coat.times(2, market).text == "21 shillings"
