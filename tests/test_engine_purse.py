"""Tests for tagproc.engine.purse: paying with change and earning coins (spec "Money")."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagproc.commands import CoinAmount, Earn, Pay
from tagproc.engine import money
from tagproc.engine.decide import decide
from tagproc.engine.dice import Dice
from tagproc.engine.outcome import Accepted, Answer, Refused, evolve_all
from tagproc.engine.purse import coins_moved, purse_of
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState, Stack

from .engine_support import (
    answers_of,
    bag_of,
    coins,
    command,
    item,
    journal_of,
    member,
    outcome,
    party,
    refused,
    rules_for,
    said,
    variant,
    words,
)


def test_paying_three_shillings_from_one_crown_breaks_it_and_gives_change_as_the_spec_says() -> None:
    state = party(member("Ada", coins("crown", 1)))
    decision, after = outcome("gravewatch", state, '[inventory: action="pay" amount="3 shillings"]')
    assert answers_of(decision) == [
        Answer(
            tag="inventory",
            attrs=(("action", "pay"), ("item", "shillings"), ("count", "3")),
            result="ok",
            now="2",
            notes=words("Paid with crowns ×1; shillings ×2 back."),
        )
    ]
    assert bag_of(after) == [("shillings", 2)]
    assert journal_of(after) == [("spent", "Ada", "3 shillings")]


def test_paying_exact_coins_takes_them_across_stacks_of_the_named_bag() -> None:
    state = party(
        member("Ada", coins("shilling", 5)),
        member("Bram", coins("shilling", 2), item("Grave spade"), coins("shilling", 2)),
    )
    decision, after = outcome(
        "gravewatch", state, '[inventory: action="pay" amount="3 shillings" who="Bram"]'
    )
    assert answers_of(decision) == [
        Answer(
            tag="inventory",
            attrs=(("action", "pay"), ("item", "shillings"), ("count", "3"), ("who", "Bram")),
            result="ok",
            now="1",
            notes=words("Paid with shillings ×3."),
        )
    ]
    assert bag_of(after, 0) == [("shillings", 5)]
    assert bag_of(after, 1) == [("shillings", 1), ("Grave spade", 1)]


def test_a_multi_coin_amount_of_one_family_is_one_worth_owed() -> None:
    state = party(member("Ada", coins("crown", 3)))
    decision, after = outcome(
        "gravewatch", state, '[inventory: action="pay" amount="1 crown and 6 shillings"]'
    )
    assert answers_of(decision) == [
        Answer(
            tag="inventory",
            attrs=(("action", "pay"), ("amount", "1 crowns, 6 shillings")),
            result="ok",
            notes=words("Paid with crowns ×3; shillings ×4 back."),
        )
    ]
    assert bag_of(after) == [("shillings", 4)]


REFUSALS = [
    pytest.param(
        "gravewatch",
        [coins("shilling", 2)],
        '[inventory: action="pay" amount="1 crown"]',
        "cannot-afford",
        "Ada has coins worth 24 pennies; this is 60 pennies.",
        id="cannot-afford",
    ),
    pytest.param(
        "gravewatch",
        [coins("crown", 1)],
        '[inventory: action="pay" amount="3 ducats"]',
        "unknown-coin",
        '"ducats" is not a coin of this ruleset (pennies, shillings, crowns).',
        id="unknown-coin",
    ),
    pytest.param(
        "ember-roads",
        [coins("sovereign", 1, "ember-roads"), coins("cake", 1, "ember-roads")],
        '[inventory: action="pay" amount="1 mark and 1 pinch"]',
        "unknown-coin",
        "Those coins do not change into each other: pay each on its own.",
        id="mixed-families",
    ),
    pytest.param(
        "ember-roads",
        [coins("sovereign", 1, "ember-roads")],
        '[inventory: action="pay" amount="2 pinches"]',
        "cannot-afford",
        "Ada has coins worth 0 pinches; this is 2 pinches.",
        id="only-the-coins-own-family-pays",
    ),
    pytest.param(
        "gravewatch",
        [coins("crown", 1)],
        '[inventory: action="pay" amount="1 penny" who="Zed"]',
        "unknown-character",
        'Nobody in the party is called "Zed" (who=).',
        id="unknown-character",
    ),
]


@pytest.mark.parametrize(("ruleset", "bag", "tag", "reason", "note"), REFUSALS)
def test_a_payment_that_cannot_be_made_is_refused_and_changes_nothing(
    ruleset: str, bag: list[Stack], tag: str, reason: str, note: str
) -> None:
    answer = refused(ruleset, party(member("Ada", *bag)), tag)
    assert (answer.result, answer.reason, said(answer)) == ("refused", reason, note)


def test_any_payment_in_a_ruleset_without_currencies_is_refused() -> None:
    rules = variant("gravewatch", '{"currencies": null}')
    state = party(member("Ada"))
    pay = Pay(amounts=(CoinAmount(name="crown", count=1),))
    decision = decide(state, pay, rules, Dice(1))
    assert isinstance(decision, Refused)
    assert (decision.answer.reason, said(decision.answer)) == ("no-currencies", "This ruleset has no money.")


def test_change_that_would_take_the_payer_past_their_limit_is_refused() -> None:
    # Ember Roads: 100 coins weigh 1 bulk; a limit of 12. Breaking a sovereign for 1 bit gives 18 coins back.
    state = party(member("Ada", item("Salt cake", 12, "ember-roads"), coins("sovereign", 1, "ember-roads")))
    answer = refused("ember-roads", state, '[inventory: action="pay" amount="1 bit"]')
    assert (answer.reason, said(answer)) == ("too-heavy", "Ada cannot carry the change.")


def test_a_payment_without_change_is_made_however_loaded_the_payer_is() -> None:
    # Coins only leave the bag (each weighs more than nothing), so it weighs less than it did and a payer past
    # their limit still pays: the weight check, which compares with the load before, is not asked, and says
    # the same. Ember Roads: 100 coins weigh 1 bulk; Ada's 12 salt cakes and 300 bits weigh 15, over her 12.
    rules = rules_for("ember-roads")
    state = party(member("Ada", item("Salt cake", 12, "ember-roads"), coins("bit", 300, "ember-roads")))
    loaded = state.party[0]
    assert rules.load(loaded, state) > rules.carry_limit(loaded, state)
    decision, after = outcome("ember-roads", state, '[inventory: action="pay" amount="40 bits"]')
    assert isinstance(decision, Accepted)
    assert bag_of(after) == [("Salt cake", 12), ("bits", 260)]
    assert rules.bag_load(after.party[0].bag, after) <= rules.load(loaded, state)


_PURSES = [
    (coins("bit", 300, "ember-roads"),),
    (coins("bit", 7, "ember-roads"), coins("mark", 3, "ember-roads"), coins("bit", 95, "ember-roads")),
    (coins("sovereign", 2, "ember-roads"), coins("mark", 40, "ember-roads")),
    (coins("pinch", 33, "ember-roads"), coins("cake", 2, "ember-roads"), coins("bit", 9, "ember-roads")),
]
_PAYMENTS = ["1 bit", "7 bits", "40 bits", "3 marks", "1 sovereign", "2 marks 5 bits", "3 pinches", "1 cake"]


@pytest.mark.parametrize("cakes", [0, 11, 12, 13, 25])
def test_a_payment_is_refused_too_heavy_exactly_when_the_check_on_every_payment_would_refuse_it(
    cakes: int,
) -> None:
    # ``decide_pay`` weighs the bag after only when change comes back (coins that only leave make it lighter):
    # over loads under, at and past the limit, purses of several stacks of a coin and of two families
    # (``perWeight`` 100 and 10: weights that are not whole), every payment the long way would let through is
    # let through, and every one it would refuse is refused so. Ember Roads: 12 bulk at most.
    rules = rules_for("ember-roads")
    without_change = 0
    for purse in _PURSES:
        held = (item("Salt cake", cakes, "ember-roads"),) if cakes else ()
        state = party(member("Ada", *held, *purse))
        loaded = state.party[0]
        most = max(rules.carry_limit(loaded, state), rules.load(loaded, state))
        for paid in _PAYMENTS:
            decision, after = outcome("ember-roads", state, f'[inventory: action="pay" amount="{paid}"]')
            if isinstance(decision, Accepted):  # the long way: weighed, and within ``most``
                assert rules.bag_load(after.party[0].bag, state) <= most, (purse, paid)
                counts = _coin_counts(after.party[0].bag, loaded.bag)
                without_change += all(now <= before for now, before in counts)  # no change came back
            else:
                reason = decision.answer.reason
                assert reason != "too-heavy" or _weighed_over(rules, state, paid, most), (purse, paid)
    assert without_change  # the shortcut was taken


def _coin_counts(after: tuple[Stack, ...], before: tuple[Stack, ...]) -> list[tuple[int, int]]:
    """Each coin's count after a payment beside its count before."""
    ids = {stack.coin for stack in (*after, *before) if stack.coin is not None}
    return [
        (
            sum(stack.count for stack in after if stack.coin == coin),
            sum(stack.count for stack in before if stack.coin == coin),
        )
        for coin in sorted(ids)
    ]


def _weighed_over(rules: Rules, state: GameState, paid: str, most: float) -> bool:
    """Whether the payment's bag, made as ``decide_pay`` makes it, weighs more than ``most``."""
    pay = command(rules, state, f'[inventory: action="pay" amount="{paid}"]')
    assert isinstance(pay, Pay)
    first = pay.amounts[0].coin
    assert first is not None
    family = rules.coin_family(first)
    purse = purse_of(state.party[0], rules, family.coins)
    owed = sum(part.count * family.values[part.coin] for part in pay.amounts if part.coin is not None)
    plan = money.plan_payment(family.coins, purse, owed)
    assert plan is not None
    bag = coins_moved(state.party[0].bag, rules, purse, plan.purse_after(purse))
    return rules.bag_load(bag, state) > most


def test_earning_adds_the_coin_into_the_named_bag() -> None:
    state = party(member("Ada"), member("Bram", coins("penny", 3)))
    decision, after = outcome(
        "gravewatch", state, '[inventory: action="earn" item="pennies" count="12" who="Bram"]'
    )
    assert answers_of(decision) == [
        Answer(
            tag="inventory",
            attrs=(("action", "earn"), ("item", "pennies"), ("count", "12"), ("who", "Bram")),
            result="ok",
            now="15",
        )
    ]
    assert bag_of(after, 1) == [("pennies", 15)]
    assert journal_of(after) == [("earned", "Bram", "pennies ×12")]


def test_a_multi_coin_earning_is_answered_one_coin_at_a_time() -> None:
    state = party(member("Ada"))
    decision, after = outcome(
        "gravewatch", state, '[inventory: action="earn" amount="1 crown and 6 shillings"]'
    )
    assert [(a.attrs, a.now) for a in answers_of(decision)] == [
        ((("action", "earn"), ("item", "crowns"), ("count", "1")), "1"),
        ((("action", "earn"), ("item", "shillings"), ("count", "6")), "6"),
    ]
    assert bag_of(after) == [("crowns", 1), ("shillings", 6)]


def test_earned_coins_are_shared_out_by_weight_when_nobody_can_take_them_all() -> None:
    # Ember Roads: Ada can take 6 bulk before she is encumbered (600 coins), Bram 5 (Brawn -1).
    state = party(member("Ada"), member("Bram", abilities={"brawn": -1}))
    decision, after = outcome("ember-roads", state, '[inventory: action="earn" amount="1000 bits"]')
    assert [(dict(a.attrs).get("who"), dict(a.attrs)["count"], a.now) for a in answers_of(decision)] == [
        (None, "600", "600"),
        ("Bram", "400", "400"),
    ]
    assert bag_of(after, 0) == [("bits", 600)] and bag_of(after, 1) == [("bits", 400)]


# --- properties -------------------------------------------------------------------------------------------

GRAVEWATCH_COINS = ("penny", "shilling", "crown")


@settings(max_examples=150, deadline=None)
@given(
    purse=st.lists(st.tuples(st.sampled_from(GRAVEWATCH_COINS), st.integers(1, 40)), max_size=5),
    owed=st.lists(st.tuples(st.sampled_from(GRAVEWATCH_COINS), st.integers(1, 30)), min_size=1, max_size=2),
)
def test_every_payment_conserves_coins(purse: list[tuple[str, int]], owed: list[tuple[str, int]]) -> None:
    rules = rules_for("gravewatch")
    family = rules.family("penny")
    state = party(member("Ada", *(coins(coin, count) for coin, count in purse)))
    labels = {coin.id: rules.coins_by_id[coin.id].label for coin in family}
    pay = Pay(amounts=tuple(CoinAmount(name=labels[c], count=n, coin=c, label=labels[c]) for c, n in owed))
    decision = decide(state, pay, rules, Dice(1))

    def purse_of(bag: tuple[Stack, ...]) -> dict[str, int]:
        return {coin.id: sum(s.count for s in bag if s.coin == coin.id) for coin in family}

    before = money.worth(family, purse_of(state.party[0].bag))
    price = sum(rules.coins_by_id[c].value * n for c, n in owed)
    if isinstance(decision, Accepted):
        after = evolve_all(state, decision.effects)
        assert money.worth(family, purse_of(after.party[0].bag)) == before - price
        assert all(stack.count >= 1 for stack in after.party[0].bag)
    else:
        assert decision.answer.reason == "cannot-afford"
        assert before < price


def test_an_earning_of_a_coin_the_ruleset_lacks_is_refused() -> None:
    earn = Earn(amounts=(CoinAmount(name="ducats", count=2),))
    state = party(member("Ada"))
    decision = decide(state, earn, rules_for("gravewatch"), Dice(1))
    assert isinstance(decision, Refused)
    answer = decision.answer
    assert (answer.reason, said(answer)) == (
        "unknown-coin",
        '"ducats" is not a coin of this ruleset (pennies, shillings, crowns).',
    )
