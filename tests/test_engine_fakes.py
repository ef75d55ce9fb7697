"""Tests for tagproc.engine.fakes (and the fakes in marketday, market, trade, selling, use, wearing): a dishonest
seller's fake bought as what it passes for, a companion holding the buy, revealing it, and finding it out on a
bind, a use and a sale to an honest buyer (spec "Honest and dishonest sellers", "Spotting fakes").

On Gravewatch (the fence is dishonest; its odd lot rolls Pewter coffin nails, which pass for the Silver coffin
nail) and on FENCE5E, a small ruleset built here from the spec's 5e examples: a Bag of Devouring passing for a
Bag of Holding and a Potion of Poison for a Potion of Healing, both in a dishonest fence's odd lot.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tagproc.engine import marketday, noticing
from tagproc.engine.dice import Dice
from tagproc.engine.noticing import Noticed
from tagproc.engine.outcome import Accepted, Answer, MarketDayChanged
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState, MarketDay, Stack
from tagproc.notes import note
from tagproc.render import Renderer, prompts_path
from tagproc.ruleset.load import parse_ruleset

from .engine_support import (
    answers_of,
    bag_of,
    coins,
    item,
    journal_of,
    member,
    party,
    rules_for,
    said,
    words,
)
from .test_engine_trade import at as trade_at
from .test_engine_trade import refused_with, run

GRAVEWATCH = rules_for("gravewatch")
RENDERER = Renderer()


def _magic(ident: str, label: str, item: dict[str, Any]) -> dict[str, Any]:
    return {"id": ident, "label": label, "item": item}


HEALING_USE = {
    "kind": "heal",
    "free": True,
    "targets": "self",
    "amount": {"dice": "2d4", "flat": 2},
    "consumes": True,
}
POISON_USE = {
    "kind": "debuff",
    "free": True,
    "targets": "self",
    "applies": [{"condition": "poisoned"}],
    "consumes": True,
}

FENCE5E_DATA: dict[str, Any] = {
    "id": "fence5e",
    "name": "Fence 5e",
    "capabilityApi": "1.89",
    "resolution": {"kind": "dice-sum", "dice": {"count": 1, "sides": 20}, "advantage": True},
    "sheet": {
        "abilities": [
            {"id": "str", "label": "Strength", "min": 1, "max": 30, "default": 10},
            {"id": "wis", "label": "Wisdom", "min": 1, "max": 30, "default": 10},
            {"id": "int", "label": "Intelligence", "min": 1, "max": 30, "default": 10},
        ],
        "skills": [
            {"id": "arcana", "label": "Arcana", "ability": "int"},
            {"id": "insight", "label": "Insight", "ability": "wis"},
        ],
        "saves": [{"id": "wis_save", "label": "Wisdom save", "ability": "wis"}],
        "live": {
            "pools": [{"id": "hit_points", "label": "Hit points", "max": {"const": 12}}],
            "conditions": [{"id": "poisoned", "label": "Poisoned"}],
        },
    },
    "items": {
        "categories": [
            {"id": "wondrous", "label": "Wondrous item"},
            {"id": "potion", "label": "Potion"},
            {"id": "ring", "label": "Ring"},
            {"id": "wand", "label": "Wand"},
        ],
        "tags": [{"id": "magical", "label": "Magical"}],
        "slots": [{"id": "ring", "label": "Ring", "count": 2}],
        "binding": {"label": "Attunement", "max": {"const": 3}},
        "currencies": [
            {
                "id": "coins",
                "label": "Coins",
                "units": [
                    {"id": "cp", "label": "copper pieces", "one": "copper piece", "value": 1},
                    {"id": "sp", "label": "silver pieces", "one": "silver piece", "value": 10},
                    {"id": "gp", "label": "gold pieces", "one": "gold piece", "value": 100},
                ],
            }
        ],
        "lootTables": [
            {
                "id": "fences_odd_lot",
                "label": "The fence's odd lot",
                "rolls": 3,
                "entries": [
                    {"item": "magic_items/bag-of-devouring", "weight": 1},
                    {"item": "magic_items/potion-of-poison", "weight": 1, "count": 2},
                    {"item": "magic_items/ring-of-ill-luck", "weight": 1},
                ],
            }
        ],
        "namesItAt": 5,
        "revealsFakes": [{"id": "identify", "label": "Identify"}],
        "market": {
            "prices": [
                {"id": "fair", "label": "fair", "times": 1, "default": True},
                {"id": "dear", "label": "dear", "times": 1.5},
            ],
            "places": [{"id": "town", "label": "town"}],
            "buyBack": 0.5,
            "sellers": [
                {"id": "merchant", "label": "merchant", "sells": [{"tag": "magical"}]},
                {
                    "id": "fence",
                    "label": "Fence",
                    "sells": [{"tag": "magical"}],
                    "honest": False,
                    "stock": {"table": "fences_odd_lot"},
                    "manner": {
                        "check": {"skill": "insight"},
                        "dc": 13,
                        "says": "their eyes slide away when you ask about it",
                    },
                },
            ],
        },
    },
    "catalogs": [
        {
            "id": "magic_items",
            "label": "Magic items",
            "holds": "items",
            "entries": [
                _magic(
                    "bag-of-holding",
                    "Bag of Holding",
                    {"category": "wondrous", "tags": ["magical"], "cost": {"amount": 400, "unit": "gp"}},
                ),
                _magic(
                    "bag-of-devouring",
                    "Bag of Devouring",
                    {
                        "category": "wondrous",
                        "passesFor": "magic_items/bag-of-holding",
                        "cost": {"amount": 5, "unit": "gp"},
                        "tells": [{"check": {"skill": "arcana"}, "dc": 15, "says": "the lining breathes"}],
                    },
                ),
                _magic(
                    "potion-of-healing",
                    "Potion of Healing",
                    {
                        "category": "potion",
                        "tags": ["magical"],
                        "cost": {"amount": 50, "unit": "gp"},
                        "use": HEALING_USE,
                    },
                ),
                _magic(
                    "potion-of-poison",
                    "Potion of Poison",
                    {
                        "category": "potion",
                        "passesFor": "magic_items/potion-of-healing",
                        "use": POISON_USE,
                        "tells": [
                            {
                                "check": {"skill": "arcana"},
                                "dc": 18,
                                "says": "its magic does not feel like healing",
                            }
                        ],
                        "foolsReveal": ["identify"],
                    },
                ),
                _magic(
                    "ring-of-protection",
                    "Ring of Protection",
                    {
                        "category": "ring",
                        "tags": ["magical"],
                        "slots": {"ring": 1},
                        "binds": {},
                        "cost": {"amount": 350, "unit": "gp"},
                        "worn": {"modifiers": [{"to": "saves", "flat": 1}]},
                    },
                ),
                _magic(
                    "ring-of-ill-luck",
                    "Ring of Ill Luck",
                    {
                        "category": "ring",
                        "slots": {"ring": 1},
                        "binds": {"cursed": True},
                        "passesFor": "magic_items/ring-of-protection",
                        "cost": {"amount": 20, "unit": "gp"},
                        "worn": {"modifiers": [{"to": "saves", "flat": -1}]},
                    },
                ),
                _magic(
                    "stone-of-good-luck",
                    "Stone of Good Luck",
                    {
                        "category": "wondrous",
                        "tags": ["magical"],
                        "cost": {"amount": 100, "unit": "gp"},
                        "carried": {"modifiers": [{"to": "checks", "flat": 1}]},
                    },
                ),
                _magic(
                    "stone-of-ill-omen",
                    "Stone of Ill Omen",
                    {
                        "category": "wondrous",
                        "passesFor": "magic_items/stone-of-good-luck",
                        "cost": {"amount": 1, "unit": "gp"},
                        "carried": {"modifiers": [{"to": "checks", "flat": -1}]},
                    },
                ),
                _magic(
                    "headband-of-intellect",
                    "Headband of Intellect",
                    {
                        "category": "wondrous",
                        "tags": ["magical"],
                        "cost": {"amount": 200, "unit": "gp"},
                        "carried": {"abilities": {"int": {"set": 19}}},
                    },
                ),
                _magic(
                    "headband-of-dullness",
                    "Headband of Dullness",
                    {
                        "category": "wondrous",
                        "passesFor": "magic_items/headband-of-intellect",
                        "carried": {"abilities": {"int": {"add": -2}}},
                    },
                ),
                _magic(
                    "pearl-of-power",
                    "Pearl of Power",
                    {"category": "wondrous", "tags": ["magical"], "cost": {"amount": 150, "unit": "gp"}},
                ),
                _magic(
                    "pearl-of-frost",
                    "Pearl of Frost",
                    {
                        "category": "wondrous",
                        "passesFor": "magic_items/pearl-of-power",
                        "carried": {"resist": ["cold"]},
                    },
                ),
                _magic(
                    "wand-of-wonder",
                    "Wand of Wonder",
                    {
                        "category": "wand",
                        "tags": ["magical"],
                        "cost": {"amount": 300, "unit": "gp"},
                        "risky": "every wave is a gamble; some effects turn on the one who waves it",
                    },
                ),
            ],
        }
    ],
}
FENCE5E = Rules(parse_ruleset(FENCE5E_DATA))


def at(state: GameState, seed: int = 1) -> GameState:
    """``state`` trading at a market day in a town, on seed 1 unless said (Gravewatch's fence: three pewter
    nails)."""
    return trade_at(state, seed=seed)


def gp(count: int) -> Stack:
    return Stack(name="gold pieces", count=count, coin="gp")


def magic(label: str, count: int = 1, **flags: object) -> Stack:
    entry = FENCE5E.book.find(label)
    assert entry is not None, label
    return Stack.model_validate({"name": entry.label, "count": count, "item": entry.ref, **flags})


def fooling(rules: Rules, fake: str, shown: str, count: int = 1, **flags: object) -> Stack:
    """A stack of the fake ``fake`` that still passes for ``shown``, as a buy puts it in the bag."""
    fake_entry, shown_entry = rules.book.find(fake), rules.book.find(shown)
    assert fake_entry is not None and shown_entry is not None
    return Stack.model_validate(
        {"name": shown, "count": count, "item": fake_entry.ref, "passes_as": shown_entry.ref, **flags}
    )


def pewter(count: int = 1, **flags: object) -> Stack:
    return fooling(GRAVEWATCH, "Pewter coffin nail", "Silver coffin nail", count, **flags)


def bought(*pairs: tuple[str, str], now: str, price: str, note: str) -> list[Answer]:
    return [
        Answer(
            tag="inventory",
            attrs=(("action", "buy"), *pairs),
            result="ok",
            now=now,
            extra=(("price", price),),
            notes=words(note),
        )
    ]


def noticed_by(who: str, says: str) -> Any:
    """A stand-in for ``noticing.noticed`` (engine B's): ``who`` notices, saying ``says``; the calls it got."""
    calls: list[tuple[int, str, str]] = []

    def fake_noticed(
        state: GameState, rules: Rules, buyer: int, fake: Any, seller: Any, dice: Dice
    ) -> Noticed | None:
        calls.append((buyer, fake.ref, seller.id))
        return Noticed(who=who, says=says)

    fake_noticed.calls = calls  # type: ignore[attr-defined]
    return fake_noticed


# -- the market: what a fake is offered as ----------------------------------------------------------------


def test_a_fake_is_offered_as_the_item_it_passes_for_and_a_real_item_as_nothing() -> None:
    book = GRAVEWATCH.market
    assert book is not None
    nail, silver = GRAVEWATCH.book.find("Pewter coffin nail"), GRAVEWATCH.book.find("Silver coffin nail")
    assert nail is not None and silver is not None
    assert book.offered_as(nail) == silver
    assert book.offered_as(silver) is None
    assert book.fakes_of(silver) == (nail,)
    assert book.fakes_of(nail) == ()


def test_only_a_dishonest_seller_offers_a_fake() -> None:
    book = FENCE5E.market
    assert book is not None
    fence, merchant = book.seller("fence"), book.seller("merchant")
    devouring = FENCE5E.book.find("Bag of Devouring")
    assert fence is not None and merchant is not None and devouring is not None
    assert book.is_offered_fake(fence, devouring)
    assert not book.is_offered_fake(merchant, devouring)
    assert not book.is_offered_fake(None, devouring)


def test_an_honest_seller_warns_of_a_risky_ware_and_a_dishonest_one_says_nothing() -> None:
    book = FENCE5E.market
    assert book is not None
    wand = FENCE5E.book.find("Wand of Wonder")
    bag = FENCE5E.book.find("Bag of Holding")
    assert wand is not None and bag is not None
    gamble = "every wave is a gamble; some effects turn on the one who waves it"
    assert book.warning(book.seller("merchant"), wand) == gamble
    assert book.warning(None, wand) == gamble  # a market without sellers: anybody, honest
    assert book.warning(book.seller("fence"), wand) is None
    assert book.warning(book.seller("merchant"), bag) is None


def test_a_fake_whose_item_a_layer_hides_is_never_offered_nor_kept_in_stock() -> None:
    layer = {"id": "no_holding", "catalogs": [{"id": "magic_items", "hide": {"entries": ["bag-of-holding"]}}]}
    data = {**FENCE5E_DATA, "layers": [layer]}
    hidden = Rules(parse_ruleset(data), ("no_holding",))
    book = hidden.market
    devouring = hidden.book.find("Bag of Devouring")
    assert book is not None and devouring is not None
    assert book.offered_as(devouring) is None
    fence = book.seller("fence")
    assert fence is not None
    rolled = dict(marketday.stock_rolled(hidden, MarketDay(place=None, size="town", seed=_FULL_LOT), fence))
    assert "magic_items/bag-of-devouring" not in rolled


def _first_seed(rules: Rules, wanted: set[str]) -> int:
    """The first day seed on which the fence's odd lot rolls every ref in ``wanted``."""
    book = rules.market
    assert book is not None
    fence = book.seller("fence")
    assert fence is not None
    for seed in range(200):
        rolled = dict(marketday.stock_rolled(rules, MarketDay(place=None, size="town", seed=seed), fence))
        if wanted <= set(rolled):
            return seed
    raise AssertionError(wanted)


_FULL_LOT = _first_seed(
    FENCE5E, {"magic_items/bag-of-devouring", "magic_items/potion-of-poison", "magic_items/ring-of-ill-luck"}
)


# -- the day: a dishonest seller's stock keeps its fakes --------------------------------------------------


def test_the_fences_stock_keeps_its_fakes_and_offers_them_as_what_they_pass_for() -> None:
    book = GRAVEWATCH.market
    assert book is not None
    fence = book.seller("fence")
    assert fence is not None
    day = MarketDay(place="Millbrook", size="town", seed=1)
    nail, silver = GRAVEWATCH.book.find("Pewter coffin nail"), GRAVEWATCH.book.find("Silver coffin nail")
    assert marketday.stock_rolled(GRAVEWATCH, day, fence) == (("kit/pewter-nail", 3),)
    assert marketday.stock_left(GRAVEWATCH, day, fence) == ()  # never sold as itself
    assert marketday.offered_fakes(GRAVEWATCH, day, fence) == ((nail, silver, 3),)
    assert marketday.fakes_left(GRAVEWATCH, day, fence, "kit/silver-nail") == ((nail, 3),)
    assert marketday.fakes_left(GRAVEWATCH, day, fence, "kit/pewter-nail") == ()
    two_sold = day.model_copy(update={"stock_bought": (("fence", "kit/pewter-nail", 2),)})
    assert marketday.fakes_left(GRAVEWATCH, two_sold, fence, "kit/silver-nail") == ((nail, 1),)


def test_an_honest_sellers_stock_keeps_neither_a_fake_nor_a_cursed_item() -> None:
    book = FENCE5E.market
    assert book is not None
    fence = book.seller("fence")
    assert fence is not None
    day = MarketDay(place=None, size="town", seed=_FULL_LOT)
    dishonest = {ref for ref, _ in marketday.stock_rolled(FENCE5E, day, fence)}
    assert {
        "magic_items/bag-of-devouring",
        "magic_items/potion-of-poison",
        "magic_items/ring-of-ill-luck",
    } <= (dishonest)
    honest = fence.model_copy(update={"honest": True})
    assert marketday.stock_rolled(FENCE5E, day, honest) == ()
    assert marketday.offered_fakes(FENCE5E, day, honest) == ()


def test_a_held_buy_is_remembered_once_in_a_sorted_tuple() -> None:
    day = MarketDay(place=None, size="town", seed=1)
    once = marketday.counted_hold(day, "fence", "kit/pewter-nail")
    assert once.held == (("fence", "kit/pewter-nail"),)
    assert marketday.counted_hold(once, "fence", "kit/pewter-nail") == once
    both = marketday.counted_hold(once, "alley", "kit/x")
    assert both.held == (("alley", "kit/x"), ("fence", "kit/pewter-nail"))


# -- buying a fake ----------------------------------------------------------------------------------------


def test_a_buy_naming_the_fence_and_the_silver_nail_gets_a_pewter_nail_shown_as_silver() -> None:
    state = at(party(member("Ada", coins("crown", 3))))
    tag = '[inventory: action="buy" item="Silver coffin nail" seller="fence"]'
    decision, after = run(GRAVEWATCH, state, tag)
    assert answers_of(decision) == bought(
        ("item", "Silver coffin nail"),
        ("count", "1"),
        ("level", "fair"),
        ("seller", "fence"),
        now="1",
        price="2 crowns",
        note="Paid with crowns ×2.",
    )
    assert after.party[0].bag == (coins("crown", 1), pewter())
    assert bag_of(after) == [("crowns", 1), ("Silver coffin nail", 1)]
    assert journal_of(after) == [("bought", "Ada", "Silver coffin nail ×1 for 2 crowns")]
    assert after.day == MarketDay(
        place="Millbrook", size="town", seed=1, stock_bought=(("fence", "kit/pewter-nail", 1),)
    )


def test_a_fake_is_priced_as_the_item_it_passes_for_at_the_level_asked() -> None:
    state = at(party(member("Ada", coins("crown", 9))))
    tag = '[inventory: action="buy" item="silver coffin nails" count="2" level="dear" seller="the fence"]'
    decision, after = run(GRAVEWATCH, state, tag)
    assert answers_of(decision) == bought(
        ("item", "Silver coffin nail"),
        ("count", "2"),
        ("level", "dear"),
        ("seller", "fence"),
        now="2",
        price="6 crowns",
        note="Paid with crowns ×6.",
    )
    assert after.party[0].bag == (coins("crown", 3), pewter(2))
    assert after.day is not None and after.day.stock_bought == (("fence", "kit/pewter-nail", 2),)


def test_now_counts_real_and_fake_alike_as_the_item_shown() -> None:
    state = at(party(member("Ada", coins("crown", 2), item("Silver coffin nail"))))
    decision, after = run(
        GRAVEWATCH, state, '[inventory: action="buy" item="Silver coffin nail" seller="fence"]'
    )
    assert answers_of(decision)[0].now == "2"
    assert after.party[0].bag == (item("Silver coffin nail"), pewter())  # a fake never merges into a real one


def test_two_fake_buys_keep_two_stacks_that_never_merge() -> None:
    state = at(party(member("Ada", coins("crown", 4))))
    tag = '[inventory: action="buy" item="Silver coffin nail" seller="fence"]'
    _, once = run(GRAVEWATCH, state, tag)
    decision, twice = run(GRAVEWATCH, once, tag)
    assert answers_of(decision)[0].now == "2"
    assert twice.party[0].bag == (pewter(), pewter())
    assert twice.day is not None and twice.day.stock_bought == (("fence", "kit/pewter-nail", 2),)


def test_a_buy_naming_no_seller_never_gets_a_fake() -> None:
    state = at(party(member("Ada", coins("crown", 2))))
    decision, after = run(GRAVEWATCH, state, '[inventory: action="buy" item="Silver coffin nail"]')
    assert dict(answers_of(decision)[0].attrs)["seller"] == "smith"
    assert after.party[0].bag == (item("Silver coffin nail"),)
    assert after.day is not None and after.day.stock_bought == ()
    assert after.day.bought == (("kit/silver-nail", 1),)  # off the place's limited shelves


def test_a_buy_naming_an_honest_seller_never_gets_a_fake() -> None:
    state = at(party(member("Ada", coins("crown", 2))))
    _, after = run(GRAVEWATCH, state, '[inventory: action="buy" item="Silver coffin nail" seller="smith"]')
    assert after.party[0].bag == (item("Silver coffin nail"),)


def test_more_than_the_fence_has_of_the_fake_is_bought_as_any_other_buy() -> None:
    # 3 pewter nails in stock; 4 asked: the fence's shelves have 2 silver nails left today: sold out, none bought.
    state = at(party(member("Ada", coins("crown", 9))))
    tag = '[inventory: action="buy" item="Silver coffin nail" count="4" seller="fence"]'
    assert refused_with(GRAVEWATCH, state, tag) == (
        "sold-out",
        "Silver coffin nail: only 2 left here today; 4 asked, none bought.",
    )


def test_a_fake_is_never_bought_by_its_own_name() -> None:
    state = at(party(member("Ada", coins("crown", 2))))
    tag = '[inventory: action="buy" item="Pewter coffin nail" seller="fence"]'
    assert refused_with(GRAVEWATCH, state, tag) == (
        "no-seller",
        "The fence does not sell Pewter coffin nail.",
    )


def test_an_honest_fence_sells_the_real_nail_off_its_shelves() -> None:
    honest = _honest_gravewatch()
    state = at(party(member("Ada", coins("crown", 2))))
    _, after = run(honest, state, '[inventory: action="buy" item="Silver coffin nail" seller="fence"]')
    assert after.party[0].bag == (item("Silver coffin nail"),)


def _honest_gravewatch() -> Rules:
    import json

    from tagproc.ruleset.load import shipped_text

    data = json.loads(shipped_text("gravewatch") or "{}")
    for seller in data["items"]["market"]["sellers"]:
        seller.pop("honest", None)
        seller.pop("manner", None)
    return Rules(parse_ruleset(data))


def test_a_fake_buy_is_refused_as_any_buy_when_the_purse_cannot_meet_it() -> None:
    state = at(party(member("Ada", coins("crown", 1))))
    tag = '[inventory: action="buy" item="Silver coffin nail" seller="fence"]'
    assert refused_with(GRAVEWATCH, state, tag) == (
        "cannot-afford",
        "Silver coffin nail ×1 costs 2 crowns; Ada has coins worth 1 crown.",
    )


def test_the_bag_of_devouring_is_bought_from_the_fence_as_a_bag_of_holding() -> None:
    state = at(party(member("Ada", gp(400))), seed=_FULL_LOT)
    decision, after = run(FENCE5E, state, '[inventory: action="buy" item="Bag of Holding" seller="Fence"]')
    assert answers_of(decision) == bought(
        ("item", "Bag of Holding"),
        ("count", "1"),
        ("level", "fair"),
        ("seller", "Fence"),
        now="1",
        price="400 gold pieces",
        note="Paid with gold pieces ×400.",
    )
    assert after.party[0].bag == (fooling(FENCE5E, "Bag of Devouring", "Bag of Holding"),)
    assert bag_of(after) == [("Bag of Holding", 1)]
    assert journal_of(after) == [("bought", "Ada", "Bag of Holding ×1 for 400 gold pieces")]


def test_a_potion_of_poison_is_bought_as_healing_and_one_from_the_merchant_is_real() -> None:
    state = at(party(member("Ada", gp(100))), seed=_FULL_LOT)
    _, after = run(FENCE5E, state, '[inventory: action="buy" item="Potion of Healing" seller="fence"]')
    _, after = run(FENCE5E, after, '[inventory: action="buy" item="Potion of Healing" seller="merchant"]')
    assert after.party[0].bag == (
        fooling(FENCE5E, "Potion of Poison", "Potion of Healing"),
        magic("Potion of Healing"),
    )
    assert bag_of(after) == [("Potion of Healing", 1), ("Potion of Healing", 1)]


# -- a buy a companion holds ------------------------------------------------------------------------------

HELD_NOTE = (
    "Bram noticed something about the Silver coffin nail: it rings dull when tapped on a gravestone. Nothing "
    "was paid. Play Bram warning Ada in character, without accusing the fence to their face unless that is "
    "Bram's way, and let Ada decide; the same buy asked again today goes through."
)


def test_a_noticed_fake_is_held_refused_with_only_the_day_changed(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = noticed_by("Bram", "it rings dull when tapped on a gravestone")
    monkeypatch.setattr(noticing, "noticed", seen)
    state = at(party(member("Ada", coins("crown", 2)), member("Bram")))
    tag = '[inventory: action="buy" item="Silver coffin nail" seller="fence"]'
    decision, after = run(GRAVEWATCH, state, tag)
    assert isinstance(decision, Accepted)
    assert decision.effects == (
        MarketDayChanged(
            day=MarketDay(place="Millbrook", size="town", seed=1, held=(("fence", "kit/pewter-nail"),))
        ),
    )
    assert answers_of(decision) == [
        Answer(
            tag="inventory",
            attrs=(("action", "buy"), ("item", "Silver coffin nail"), ("count", "1"), ("seller", "fence")),
            result="refused",
            reason="held",
            notes=words(HELD_NOTE),
        )
    ]
    assert after.party == state.party and after.journal == ()
    assert seen.calls == [(0, "kit/pewter-nail", "fence")]


def test_the_same_buy_asked_again_that_day_goes_through(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = noticed_by("Bram", "it rings dull when tapped on a gravestone")
    monkeypatch.setattr(noticing, "noticed", seen)
    state = at(party(member("Ada", coins("crown", 2)), member("Bram")))
    tag = '[inventory: action="buy" item="Silver coffin nail" seller="fence"]'
    _, held = run(GRAVEWATCH, state, tag)
    decision, after = run(GRAVEWATCH, held, tag)
    assert answers_of(decision)[0].result == "ok"
    assert after.party[0].bag == (pewter(),)
    assert after.day is not None and after.day.held == (("fence", "kit/pewter-nail"),)
    assert after.day.stock_bought == (("fence", "kit/pewter-nail", 1),)
    assert len(seen.calls) == 1  # not asked again


def test_a_new_day_holds_the_buy_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(noticing, "noticed", noticed_by("Bram", "it rings dull when tapped on a gravestone"))
    state = at(party(member("Ada", coins("crown", 2)), member("Bram")))
    tag = '[inventory: action="buy" item="Silver coffin nail" seller="fence"]'
    _, held = run(GRAVEWATCH, state, tag)
    fresh = at(held)  # a new day at the same place (same seed here: the same stock)
    decision, _ = run(GRAVEWATCH, fresh, tag)
    assert answers_of(decision)[0].reason == "held"


def test_nobody_is_asked_to_notice_a_real_buy_or_a_refused_one(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = noticed_by("Bram", "it rings dull")
    monkeypatch.setattr(noticing, "noticed", seen)
    state = at(party(member("Ada", coins("crown", 1)), member("Bram")))
    run(GRAVEWATCH, state, '[inventory: action="buy" item="Silver coffin nail"]')
    run(
        GRAVEWATCH, state, '[inventory: action="buy" item="Silver coffin nail" seller="fence"]'
    )  # cannot afford
    assert seen.calls == []


def test_a_held_buy_is_the_same_on_a_swipe(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(noticing, "noticed", noticed_by("Bram", "it rings dull when tapped on a gravestone"))
    state = at(party(member("Ada", coins("crown", 2)), member("Bram")))
    tag = '[inventory: action="buy" item="Silver coffin nail" seller="fence"]'
    first, after_first = run(GRAVEWATCH, state, tag)
    second, after_second = run(GRAVEWATCH, state, tag)
    assert first == second
    assert after_first.model_dump_json() == after_second.model_dump_json()


# -- reveal -----------------------------------------------------------------------------------------------


def test_reveal_finds_a_fake_out_and_the_journal_says_what_it_was() -> None:
    state = party(member("Ada", coins("crown", 1), pewter(2)))
    decision, after = run(
        GRAVEWATCH, state, '[inventory: action="reveal" item="Silver coffin nail" who="ada"]'
    )
    assert answers_of(decision) == [
        Answer(
            tag="inventory",
            attrs=(("action", "reveal"), ("item", "Silver coffin nail"), ("count", "1"), ("who", "Ada")),
            result="ok",
            notes=words("It was a Pewter coffin nail all along."),
        )
    ]
    assert after.party[0].bag == (coins("crown", 1), item("Pewter coffin nail", 2))
    assert journal_of(after) == [("changed", "Ada", "Silver coffin nail ×2 was Pewter coffin nail")]


def test_reveal_of_a_real_item_says_it_is_what_it_seems_and_changes_nothing() -> None:
    state = party(member("Ada", item("Silver coffin nail")))
    decision, after = run(GRAVEWATCH, state, '[inventory: action="reveal" item="Silver coffin nail"]')
    assert isinstance(decision, Accepted) and decision.effects == ()
    assert answers_of(decision) == [
        Answer(
            tag="inventory",
            attrs=(("action", "reveal"), ("item", "Silver coffin nail"), ("count", "1")),
            result="ok",
            notes=words("It is what it seems."),
        )
    ]
    assert after == state


def test_reveal_finds_out_only_the_fakes_among_what_the_name_finds() -> None:
    state = party(member("Ada", item("Silver coffin nail"), pewter()))
    decision, after = run(GRAVEWATCH, state, '[inventory: action="reveal" item="Silver coffin nail"]')
    assert said(decision.answers[0]) == "It was a Pewter coffin nail all along."  # type: ignore[union-attr]
    assert after.party[0].bag == (item("Silver coffin nail"), item("Pewter coffin nail"))


def test_reveal_of_what_is_not_held_is_refused_none_held() -> None:
    state = party(member("Ada", coins("crown", 1)), member("Bram", pewter()))
    assert refused_with(GRAVEWATCH, state, '[inventory: action="reveal" item="Silver coffin nail"]') == (
        "none-held",
        "Ada holds no Silver coffin nail.",
    )


def test_reveal_of_nobody_is_refused_unknown_character() -> None:
    state = party(member("Ada", pewter()))
    reason, _ = refused_with(
        GRAVEWATCH, state, '[inventory: action="reveal" item="Silver coffin nail" who="Zed"]'
    )
    assert reason == "unknown-character"


def test_reveal_of_a_bag_of_holding_that_devours() -> None:
    state = party(member("Ada", fooling(FENCE5E, "Bag of Devouring", "Bag of Holding")))
    decision, after = run(FENCE5E, state, '[inventory: action="reveal" item="Bag of Holding"]')
    assert said(decision.answers[0]) == "It was a Bag of Devouring all along."  # type: ignore[union-attr]
    assert after.party[0].bag == (magic("Bag of Devouring"),)
    assert journal_of(after) == [("changed", "Ada", "Bag of Holding ×1 was Bag of Devouring")]


def test_a_found_out_stack_forgets_who_suspected_it_but_keeps_who_looked() -> None:
    state = party(member("Ada", pewter(suspected_by=("Bram",), inspected_by=("Bram",))))
    _, after = run(GRAVEWATCH, state, '[inventory: action="reveal" item="Silver coffin nail"]')
    assert after.party[0].bag == (item("Pewter coffin nail", inspected_by=("Bram",)),)


# -- the notes --------------------------------------------------------------------------------------------

SAID = (
    (note("fakes.was", name="Potion of Poison"), "It was a Potion of Poison all along."),
    (note("fakes.seems"), "It is what it seems."),
    (
        note("fakes.bound", shown="Ring of Protection", name="Ring of Ill Luck"),
        "Binding it shows what it is: the Ring of Protection is a Ring of Ill Luck.",
    ),
    (
        note("fakes.told", seller="smith", shown="Silver coffin nail", name="Pewter coffin nail"),
        "The smith says the Silver coffin nail is a Pewter coffin nail.",
    ),
    (
        note(
            "fakes.held",
            who="Bram",
            says="it rings dull when tapped on a gravestone",
            buyer="Ada",
            name="Silver coffin nail",
            seller="fence",
        ),
        HELD_NOTE,
    ),
    (
        note("fakes.shows", who="Ada", shown="Stone of Good Luck", name="Stone of Ill Omen"),
        "Ada's sheet shows the Stone of Good Luck for what it is: a Stone of Ill Omen.",
    ),
)


@pytest.mark.parametrize(("said_note", "text"), SAID, ids=[one.code for one, _ in SAID])
def test_each_fakes_note_is_said_in_its_words(said_note: Any, text: str) -> None:
    assert RENDERER.say(said_note) == text


def test_every_fakes_macro_is_said_tested_and_has_a_comment_saying_when() -> None:
    source = (Path(__file__).resolve().parent.parent / "tagproc" / "engine" / "fakes.py").read_text()
    in_source = set(re.findall(r'note\(\s*"(fakes\.[a-z_]+)"', source))
    template = (Path(str(prompts_path())) / "notes" / "fakes.jinja").read_text(encoding="utf-8")
    macros = {f"fakes.{name}" for name in re.findall(r"\{%-? macro ([a-z][a-z_]*)\(", template)}
    assert in_source == macros == {one.code for one, _ in SAID}
    lines = template.splitlines()
    for index, line in enumerate(lines):
        if line.startswith("{% macro"):
            assert index > 0 and lines[index - 1].startswith("{#-"), line


# -- found out on a bind ----------------------------------------------------------------------------------


def ill_luck(**flags: object) -> Stack:
    return fooling(FENCE5E, "Ring of Ill Luck", "Ring of Protection", 1, **flags)


def test_binding_a_fake_shows_what_it_is_and_its_curse() -> None:
    state = party(member("Ada", ill_luck()))
    decision, after = run(FENCE5E, state, '[inventory: action="bind" item="Ring of Protection"]')
    assert answers_of(decision) == [
        Answer(
            tag="inventory",
            attrs=(("action", "bind"), ("item", "Ring of Protection"), ("count", "1")),
            result="ok",
            now="0",
            notes=words(
                "Binding it shows what it is: the Ring of Protection is a Ring of Ill Luck. "
                "Ring of Ill Luck is cursed: once bound, it will not let go."
            ),
        )
    ]
    assert after.party[0].bag == (magic("Ring of Ill Luck", bound=True),)
    assert journal_of(after) == [("changed", "Ada", "Ring of Protection ×1 was Ring of Ill Luck")]


def test_binding_a_real_ring_beside_a_fake_binds_the_first_and_finds_nothing_out() -> None:
    state = party(member("Ada", magic("Ring of Protection"), ill_luck()))
    decision, after = run(FENCE5E, state, '[inventory: action="bind" item="Ring of Protection"]')
    assert answers_of(decision)[0].now == "1"
    assert after.party[0].bag == (magic("Ring of Protection", bound=True), ill_luck())
    assert after.journal == ()


def test_a_bind_refused_for_a_full_binding_finds_nothing_out() -> None:
    full = tuple(magic("Ring of Protection", bound=True) for _ in range(3))
    state = party(member("Ada", *full, ill_luck()))
    reason, _ = refused_with(FENCE5E, state, '[inventory: action="bind" item="Ring of Protection"]')
    assert reason == "binding-full"


# -- found out on a use -----------------------------------------------------------------------------------


def test_using_a_fake_does_what_it_truly_does_and_says_what_it_was() -> None:
    state = party(member("Ada", fooling(FENCE5E, "Potion of Poison", "Potion of Healing", 2)))
    decision, after = run(FENCE5E, state, '[inventory: action="use" item="Potion of Healing"]')
    assert answers_of(decision) == [
        Answer(
            tag="inventory",
            attrs=(("action", "use"), ("item", "Potion of Healing"), ("count", "1")),
            result="ok",
            now="0",
            notes=words(
                "Ada uses Potion of Healing: aimed at the other side, it lands on nobody outside a fight; "
                "narrate it: Poisoned. It was a Potion of Poison all along. None left."
            ),
        )
    ]
    assert after.party[0].bag == (magic("Potion of Poison"),)  # the rest of the stack is its true item
    assert journal_of(after) == [
        ("used", "Ada", "Potion of Healing"),
        ("changed", "Ada", "Potion of Healing ×1 was Potion of Poison"),
    ]
    assert after.party[0].sheet == state.party[0].sheet  # it heals nobody


def test_using_the_last_fake_leaves_the_real_ones_as_they_were() -> None:
    real = magic("Potion of Healing")
    state = party(member("Ada", fooling(FENCE5E, "Potion of Poison", "Potion of Healing"), real))
    decision, after = run(FENCE5E, state, '[inventory: action="use" item="Potion of Healing"]')
    assert said(decision.answers[0]) == (  # type: ignore[union-attr]
        "Ada uses Potion of Healing: aimed at the other side, it lands on nobody outside a fight; narrate it: "
        "Poisoned. It was a Potion of Poison all along. 1 left."
    )
    assert after.party[0].bag == (real,)


def test_using_a_real_potion_says_nothing_of_fakes() -> None:
    state = party(member("Ada", magic("Potion of Healing")))
    decision, after = run(FENCE5E, state, '[inventory: action="use" item="Potion of Healing"]')
    assert "all along" not in (said(decision.answers[0]) or "")  # type: ignore[union-attr]
    assert [kind for kind, _, _ in journal_of(after)] == ["used"]


# -- found out on a sale to an honest buyer ---------------------------------------------------------------


def test_an_honest_buyer_says_what_a_fake_is_and_pays_its_own_buy_back_price() -> None:
    state = at(party(member("Ada", pewter(2))))
    tag = '[inventory: action="sell" item="Silver coffin nail" seller="smith"]'
    decision, after = run(GRAVEWATCH, state, tag)
    assert answers_of(decision) == [
        Answer(
            tag="inventory",
            attrs=(("action", "sell"), ("item", "Silver coffin nail"), ("count", "1"), ("seller", "smith")),
            result="ok",
            now="1",
            extra=(("price", "1 penny"),),
            notes=words("The smith says the Silver coffin nail is a Pewter coffin nail. Paid in pennies ×1."),
        )
    ]
    assert after.party[0].bag == (pewter(), coins("penny", 1))
    assert journal_of(after) == [
        ("changed", "Ada", "Silver coffin nail ×1 was Pewter coffin nail"),
        ("sold", "Ada", "Silver coffin nail ×1 for 1 penny"),
    ]
    assert after.day is not None and after.day.paid_out == (("coin", 1),)


def test_a_dishonest_buyer_takes_a_fake_as_what_it_seems() -> None:
    state = at(party(member("Ada", pewter(2))))
    decision, after = run(
        GRAVEWATCH, state, '[inventory: action="sell" item="Silver coffin nail" seller="fence"]'
    )
    assert answers_of(decision)[0].extra == (("price", "1 crown"),)
    assert said(decision.answers[0]) == "Paid in crowns ×1."  # type: ignore[union-attr]
    assert after.party[0].bag == (pewter(), coins("crown", 1))
    assert journal_of(after) == [("sold", "Ada", "Silver coffin nail ×1 for 1 crown")]


def test_a_sale_of_real_and_fake_together_pays_each_its_own() -> None:
    state = at(party(member("Ada", item("Silver coffin nail"), pewter())))
    tag = '[inventory: action="sell" item="Silver coffin nail" count="2" seller="smith"]'
    decision, after = run(GRAVEWATCH, state, tag)
    # 1 crown (60 pennies) for the real one, 1 penny for the pewter: 61 pennies.
    assert answers_of(decision)[0].extra == (("price", "61 pennies"),)
    assert journal_of(after)[0] == ("changed", "Ada", "Silver coffin nail ×1 was Pewter coffin nail")


def test_an_honest_buyer_refuses_a_fake_with_no_price_and_nothing_changes() -> None:
    state = at(party(member("Ada", fooling(FENCE5E, "Potion of Poison", "Potion of Healing"))))
    tag = '[inventory: action="sell" item="Potion of Healing" seller="merchant"]'
    assert refused_with(FENCE5E, state, tag) == (
        "not-for-sale",
        "The merchant says the Potion of Healing is a Potion of Poison. Potion of Poison has no price: it is "
        "not for sale.",
    )


def test_the_merchant_pays_a_bag_of_devouring_what_it_is_worth_and_the_fence_what_it_seems() -> None:
    bag = fooling(FENCE5E, "Bag of Devouring", "Bag of Holding")
    state = at(party(member("Ada", bag)))
    merchant, _ = run(FENCE5E, state, '[inventory: action="sell" item="Bag of Holding" seller="merchant"]')
    fence, _ = run(FENCE5E, state, '[inventory: action="sell" item="Bag of Holding" seller="fence"]')
    assert answers_of(merchant)[0].extra == (("price", "25 silver pieces"),)
    assert answers_of(fence)[0].extra == (("price", "200 gold pieces"),)


# -- found out by the sheet -------------------------------------------------------------------------------


def test_the_first_inventory_change_finds_out_a_fake_whose_check_bonus_shows() -> None:
    omen = fooling(FENCE5E, "Stone of Ill Omen", "Stone of Good Luck")
    state = party(member("Ada", omen))
    decision, after = run(FENCE5E, state, '[inventory: action="add" item="Pearl of Power"]')
    assert said(decision.answers[0]) == (  # type: ignore[union-attr]
        "Ada's sheet shows the Stone of Good Luck for what it is: a Stone of Ill Omen."
    )
    assert after.party[0].bag == (magic("Stone of Ill Omen"), magic("Pearl of Power"))
    assert journal_of(after) == [
        ("acquired", "Ada", "Pearl of Power ×1"),
        ("changed", "Ada", "Stone of Good Luck ×1 was Stone of Ill Omen"),
    ]


def test_an_ability_the_fake_changes_otherwise_finds_it_out() -> None:
    state = party(
        member("Ada", fooling(FENCE5E, "Headband of Dullness", "Headband of Intellect")), member("Bram")
    )
    _, after = run(FENCE5E, state, '[inventory: action="give" item="Headband of Intellect" to="Bram"]')
    assert after.party[1].bag == (magic("Headband of Dullness"),)  # found out in Bram's bag, where it now is
    assert journal_of(after)[-1] == ("changed", "Bram", "Headband of Intellect ×1 was Headband of Dullness")


def test_a_difference_only_a_fight_reads_does_not_find_a_fake_out() -> None:
    frost = fooling(FENCE5E, "Pearl of Frost", "Pearl of Power")
    state = party(member("Ada", frost))
    _, after = run(FENCE5E, state, '[inventory: action="add" item="Potion of Healing"]')
    assert after.party[0].bag == (frost, magic("Potion of Healing"))


def test_a_sheet_op_alone_finds_nothing_out() -> None:
    omen = fooling(FENCE5E, "Stone of Ill Omen", "Stone of Good Luck")
    state = party(member("Ada", omen))
    decision, after = run(FENCE5E, state, '[sheet: op="condition" condition="Poisoned" who="Ada"]')
    assert isinstance(decision, Accepted)
    assert after.party[0].bag == (omen,)


def test_a_refused_inventory_change_finds_nothing_out() -> None:
    omen = fooling(FENCE5E, "Stone of Ill Omen", "Stone of Good Luck")
    state = party(member("Ada", omen))
    reason, _ = refused_with(FENCE5E, state, '[inventory: action="remove" item="Pearl of Power"]')
    assert reason == "none-held"


def test_a_fake_that_reads_as_what_it_passes_for_stays_hidden_on_a_change() -> None:
    state = at(party(member("Ada", coins("crown", 2), pewter())))
    _, after = run(GRAVEWATCH, state, '[inventory: action="add" item="Lantern coat"]')
    assert after.party[0].bag[1] == pewter()


def test_a_bought_fake_whose_truth_shows_is_found_out_by_the_buy_itself() -> None:
    data = {**FENCE5E_DATA, "items": {**FENCE5E_DATA["items"]}}
    table = {
        "id": "fences_odd_lot",
        "label": "Odd lot",
        "entries": [{"item": "magic_items/stone-of-ill-omen"}],
    }
    data["items"]["lootTables"] = [table]
    omens = Rules(parse_ruleset(data))
    state = at(party(member("Ada", gp(100))))
    decision, after = run(omens, state, '[inventory: action="buy" item="Stone of Good Luck" seller="fence"]')
    assert said(decision.answers[0]) == (  # type: ignore[union-attr]
        "Paid with gold pieces ×100. Ada's sheet shows the Stone of Good Luck for what it is: a Stone of Ill Omen."
    )
    assert after.party[0].bag == (magic("Stone of Ill Omen"),)
    assert journal_of(after) == [
        ("bought", "Ada", "Stone of Good Luck ×1 for 100 gold pieces"),
        ("changed", "Ada", "Stone of Good Luck ×1 was Stone of Ill Omen"),
    ]


# -- what the player sees, and swipes ---------------------------------------------------------------------


def test_nothing_the_player_sees_of_a_fake_buy_names_its_true_item() -> None:
    state = at(party(member("Ada", coins("crown", 2))))
    decision, after = run(
        GRAVEWATCH, state, '[inventory: action="buy" item="Silver coffin nail" seller="fence"]'
    )
    assert isinstance(decision, Accepted)
    seen = [said(one) or "" for one in decision.answers]
    seen += [value for one in decision.answers for _, value in (*one.attrs, *one.extra)]
    seen += [entry.text for entry in after.journal] + [stack.name for stack in after.party[0].bag]
    assert not any("Pewter" in text for text in seen), seen


def test_a_fake_buy_is_the_same_on_a_swipe() -> None:
    state = at(party(member("Ada", coins("crown", 2))))
    tag = '[inventory: action="buy" item="Silver coffin nail" seller="fence"]'
    first, after_first = run(GRAVEWATCH, state, tag)
    second, after_second = run(GRAVEWATCH, state, tag)
    assert first == second
    assert after_first.model_dump_json() == after_second.model_dump_json()
