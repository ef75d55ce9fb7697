"""Noticing a fake before a buy (spec "Spotting fakes"): every other member, in party order, weighs each check
they can make about the fake (its tells) and the seller (its manner); the first who meets a dc has noticed.

On the small 5e ruleset of tests/test_engine_inspect.py (passive: ``passiveBase`` 10) and on Gravewatch
(``warnBy: "roll"``, ``passiveBase`` 0, a dice pool).
"""

from __future__ import annotations

from tagproc.engine.dice import Dice
from tagproc.engine.noticing import Noticed, noticed
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState, Member, SheetState
from tagproc.ruleset.book import BookItem
from tagproc.ruleset.models import Seller
from tests.engine_support import party, rules_for
from tests.test_engine_inspect import POISON, ada, bo, kit, mira, small_5e


def _fake(rules: Rules, ref: str = POISON) -> BookItem:
    entry = rules.book.get(ref)
    assert entry is not None
    return entry


def _seller(rules: Rules, name: str) -> Seller:
    assert rules.market is not None
    seller = rules.market.seller(name)
    assert seller is not None
    return seller


def _notices(
    rules: Rules, state: GameState, buyer: int = 0, seller: str = "Fence", seed: int = 0
) -> Noticed | None:
    before = state.model_dump_json()
    found = noticed(state, rules, buyer, _fake(rules), _seller(rules, seller), Dice(seed))
    assert state.model_dump_json() == before
    return found


def test_a_companion_with_the_kit_notices_the_bitterness() -> None:
    rules = small_5e()
    # Mira's kit check: 10 + 5 = 15 against 13
    assert _notices(rules, party(ada(), mira(kit()), bo())) == Noticed(
        "Mira", "a faint bitterness under the sweetness"
    )


def test_the_first_in_party_order_who_meets_a_dc_notices_and_a_manner_says_the_manner() -> None:
    rules = small_5e()
    # Mira without her kit: Arcana 13 against 18, Insight 10 against 13; Bo's Insight 10 + 2 + 5 (advantage) = 17
    assert _notices(rules, party(ada(), mira(), bo())) == Noticed(
        "Bo", "their eyes slide away when you ask about it"
    )
    assert _notices(rules, party(ada(), bo(), mira(kit()))) == Noticed(
        "Bo", "their eyes slide away when you ask about it"
    )


def test_the_buyer_never_notices_for_themselves() -> None:
    rules = small_5e()
    assert _notices(rules, party(ada(), mira(kit())), buyer=1) is None
    assert _notices(rules, party(mira(kit()), ada()), buyer=0) is None
    assert _notices(rules, party(ada(), mira(kit())), buyer=0) == Noticed(
        "Mira", "a faint bitterness under the sweetness"
    )


def test_nobody_notices() -> None:
    rules = small_5e()
    assert _notices(rules, party(ada(), mira(), ada().model_copy(update={"name": "Cy"}))) is None
    assert _notices(rules, party(ada())) is None


def test_an_honest_sellers_manner_is_never_weighed() -> None:
    rules = small_5e()
    fence = _seller(rules, "Fence")
    honest = fence.model_copy(update={"honest": True})
    state = party(ada(), bo())
    assert noticed(state, rules, 0, _fake(rules), fence, Dice(0)) is not None
    assert noticed(state, rules, 0, _fake(rules), honest, Dice(0)) is None


def test_warn_by_roll_rolls_the_checks_with_the_dice() -> None:
    rules = small_5e(warn_by="roll")
    state = party(ada(), mira(kit()))
    # the kit check rolled: Dice(0)'s 13 + 5 = 18; Dice(1): the kit 5 + 5 = 10, Arcana 19 + 3 = 22
    assert _notices(rules, state, seed=0) == Noticed("Mira", "a faint bitterness under the sweetness")
    assert _notices(rules, state, seed=1) == Noticed("Mira", "its magic does not feel like healing magic")
    # Dice(2): 2 + 5, 3 + 3, then the manner 3 + 0: nobody
    assert _notices(rules, state, seed=2) is None


def _warden(name: str, nerve: float, listen: str | None = None) -> Member:
    fields: dict[str, float | str | bool] = {"listen": listen} if listen else {}
    return Member(name=name, sheet=SheetState(abilities={"nerve": nerve, "sinew": 2}, fields=fields))


def test_gravewatch_rolls_its_pool_for_the_pewter_nail_and_the_fence() -> None:
    rules = rules_for("gravewatch")
    fake = _fake(rules, "kit/pewter-nail")
    fence = _seller(rules, "fence")
    state = party(_warden("Ada", 3), _warden("Wren", 1))
    # Wren: Listen is a pool of Nerve 1 (no rating): one d10, 7 or more a success, dc 2: never.
    assert noticed(state, rules, 0, fake, fence, Dice(0)) is None
    keen = party(_warden("Ada", 3), _warden("Wren", 3, listen="rating_1"))
    # 4 d10 a check: Dice(0) rolls 7, 7 (the nail's tell: 2 successes)
    assert noticed(keen, rules, 0, fake, fence, Dice(0)) == Noticed(
        "Wren", "it rings dull when tapped on a gravestone"
    )
    # Dice(2) rolls 1, 2, 2, 6 (none), then 3, 5, 5, 10 for the manner (one): nobody
    assert noticed(keen, rules, 0, fake, fence, Dice(2)) is None
