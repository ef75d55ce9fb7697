"""Tests for tagproc.engine.money: the spec's payment rule, exactly, and its conservation laws."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tagproc.engine.money import (
    Coin,
    CoinCount,
    PaymentPlan,
    check_family,
    coins_for,
    payment_note,
    plan_payment,
    worth,
)

from .engine_support import said_each

# Gravewatch's coins (spec "Money": 3 shillings out of one crown).
GRAVEWATCH = (Coin("penny", 1), Coin("shilling", 12), Coin("crown", 60))
GRAVEWATCH_LABELS = {"penny": "pennies", "shilling": "shillings", "crown": "crowns"}
# Ember Roads' coin family (spec "The items block").
EMBER = (Coin("bit", 1), Coin("mark", 10), Coin("sovereign", 100))


PLANS = [
    pytest.param(
        GRAVEWATCH,
        {"crown": 1},
        36,
        PaymentPlan(36, (CoinCount("crown", 1),), (CoinCount("shilling", 2),), "crown"),
        id="spec-example-three-shillings-from-one-crown",
    ),
    pytest.param(
        GRAVEWATCH,
        {"shilling": 5},
        36,
        PaymentPlan(36, (CoinCount("shilling", 3),), (), None),
        id="exact-coins-need-no-change",
    ),
    pytest.param(
        GRAVEWATCH,
        {"crown": 2, "shilling": 1, "penny": 30},
        150,
        PaymentPlan(150, (CoinCount("crown", 2), CoinCount("shilling", 1), CoinCount("penny", 18)), (), None),
        id="largest-coins-that-fit-go-first",
    ),
    pytest.param(
        GRAVEWATCH,
        {"shilling": 2, "crown": 1},
        36,
        PaymentPlan(
            36, (CoinCount("crown", 1), CoinCount("shilling", 2)), (CoinCount("shilling", 4),), "crown"
        ),
        id="coins-that-fit-then-the-smallest-covering-coin-is-broken",
    ),
    pytest.param(
        GRAVEWATCH,
        {"crown": 1, "shilling": 1},
        5,
        PaymentPlan(5, (CoinCount("shilling", 1),), (CoinCount("penny", 7),), "shilling"),
        id="the-smallest-coin-that-covers-is-broken-not-the-largest",
    ),
    pytest.param(
        GRAVEWATCH,
        {"crown": 1},
        59,
        PaymentPlan(59, (CoinCount("crown", 1),), (CoinCount("penny", 1),), "crown"),
        id="change-skips-coins-it-does-not-need",
    ),
    pytest.param(
        EMBER,
        {"sovereign": 1},
        37,
        PaymentPlan(
            37, (CoinCount("sovereign", 1),), (CoinCount("mark", 6), CoinCount("bit", 3)), "sovereign"
        ),
        id="change-comes-back-largest-first",
    ),
    pytest.param(GRAVEWATCH, {"penny": 3}, 0, PaymentPlan(0, (), (), None), id="nothing-owed-pays-nothing"),
]


@pytest.mark.parametrize(("family", "purse", "owed", "plan"), PLANS)
def test_payment_follows_the_spec_rule(
    family: tuple[Coin, ...], purse: dict[str, int], owed: int, plan: PaymentPlan
) -> None:
    assert plan_payment(family, purse, owed) == plan


def test_spec_example_note_reads_as_the_spec_says() -> None:
    plan = plan_payment(GRAVEWATCH, {"crown": 1}, 36)
    assert plan is not None
    assert said_each((payment_note(plan, GRAVEWATCH_LABELS),)) == ("Paid with crowns ×1; shillings ×2 back.",)


def test_note_without_change_says_only_what_was_paid() -> None:
    plan = plan_payment(GRAVEWATCH, {"crown": 1, "shilling": 3}, 96)
    assert plan is not None
    assert said_each((payment_note(plan, GRAVEWATCH_LABELS),)) == (
        "Paid with crowns ×1 and shillings ×3.",
    )  # PEER §6: " and " before the last


def test_spec_example_leaves_two_shillings_in_the_purse() -> None:
    plan = plan_payment(GRAVEWATCH, {"crown": 1}, 36)
    assert plan is not None
    assert plan.purse_after({"crown": 1}) == {"crown": 0, "shilling": 2}


def test_payment_is_refused_when_the_purse_cannot_meet_it() -> None:
    assert plan_payment(GRAVEWATCH, {"shilling": 2, "penny": 11}, 36) is None


def test_payment_ignores_coins_of_another_family() -> None:
    assert plan_payment(GRAVEWATCH, {"sovereign": 5}, 1) is None
    plan = plan_payment(GRAVEWATCH, {"sovereign": 5, "penny": 1}, 1)
    assert plan is not None
    assert plan.purse_after({"sovereign": 5, "penny": 1}) == {"sovereign": 5, "penny": 0}


@pytest.mark.parametrize(
    ("family", "problem"),
    [
        pytest.param((Coin("a", 2), Coin("b", 10)), "smallest", id="smallest-coin-not-worth-one"),
        pytest.param((Coin("a", 1), Coin("b", 1)), "worth the same", id="two-coins-worth-the-same"),
        pytest.param((Coin("a", 1), Coin("a", 5)), "unique", id="two-coins-with-one-id"),
        pytest.param((), "one to ten", id="an-empty-family"),
    ],
)
def test_a_family_the_spec_forbids_is_refused(family: tuple[Coin, ...], problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        check_family(family)


def test_a_negative_amount_owed_is_a_programming_error() -> None:
    with pytest.raises(ValueError):
        plan_payment(GRAVEWATCH, {"crown": 1}, -1)


def test_coins_for_counts_an_amount_out_largest_first() -> None:
    assert coins_for(GRAVEWATCH, 139) == (
        CoinCount("crown", 2),
        CoinCount("shilling", 1),
        CoinCount("penny", 7),
    )
    assert coins_for(GRAVEWATCH, 0) == ()


def test_coins_for_keeps_below_a_broken_coin() -> None:
    assert coins_for(GRAVEWATCH, 60, below=60) == (CoinCount("shilling", 5),)


def test_worth_counts_the_family_in_its_smallest_coin() -> None:
    assert worth(GRAVEWATCH, {"crown": 1, "shilling": 2, "penny": 3, "sovereign": 9}) == 87


# Families of two to five coins, smallest worth 1, distinct values.
families = st.lists(st.integers(min_value=2, max_value=500), min_size=1, max_size=4, unique=True).map(
    lambda values: tuple(Coin(f"c{value}", value) for value in [1, *sorted(values)])
)


@st.composite
def purses_and_debts(draw: st.DrawFn) -> tuple[tuple[Coin, ...], dict[str, int], int]:
    family = draw(families)
    purse = {coin.id: draw(st.integers(min_value=0, max_value=30)) for coin in family}
    owed = draw(st.integers(min_value=0, max_value=worth(family, purse) + 50))
    return family, purse, owed


@given(purses_and_debts())
def test_every_accepted_plan_conserves_worth_and_never_goes_below_zero(
    case: tuple[tuple[Coin, ...], dict[str, int], int],
) -> None:
    family, purse, owed = case
    plan = plan_payment(family, purse, owed)
    if worth(family, purse) < owed:
        assert plan is None
        return
    assert plan is not None
    after = plan.purse_after(purse)
    assert worth(family, purse) == worth(family, after) + owed
    assert all(count >= 0 for count in after.values())
    assert all(part.count > 0 for part in (*plan.paid, *plan.change))


@given(purses_and_debts())
def test_change_is_always_smaller_than_the_broken_coin(
    case: tuple[tuple[Coin, ...], dict[str, int], int],
) -> None:
    family, purse, owed = case
    plan = plan_payment(family, purse, owed)
    if plan is None or plan.broken is None:
        return
    values = {coin.id: coin.value for coin in family}
    assert sum(values[part.coin] * part.count for part in plan.change) < values[plan.broken]
    assert all(values[part.coin] < values[plan.broken] for part in plan.change)
