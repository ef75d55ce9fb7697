"""The engine answers as the reference engine does where the spec names nothing (CONVENTIONS.md §2-§11):
``who="party"`` on a sheet op, a use aimed at the other side, the bag's stack cap, and the reason codes."""

from __future__ import annotations

import re
from pathlib import Path

from tagproc import commands as c
from tagproc.engine.bags import MAX_BAG_STACKS
from tagproc.engine.decide import decide
from tagproc.engine.dice import Dice
from tagproc.engine.outcome import Accepted, Answer, Refused, evolve_all
from tagproc.engine.reasons import Reason
from tagproc.engine.state import GameState, InventedItem, Member, PoolState, SheetState, Stack
from tagproc.ruleset import Item

from .engine_support import answers_of, as_said, bag_of, item, member, now_of, outcome, party, rules_for, said

ENGINE = Path(__file__).resolve().parent.parent / "tagproc" / "engine"


def _decided(state: GameState, command: c.Command, ruleset: str = "gravewatch") -> tuple[Answer, GameState]:
    decision = decide(state, command, rules_for(ruleset), Dice(0))
    if isinstance(decision, Refused):
        return decision.answer, state
    assert len(decision.answers) == 1
    return decision.answers[0], evolve_all(state, decision.effects)


# -- reasons ------------------------------------------------------------------------------------------------


def test_every_reason_is_one_kebab_case_code_written_once() -> None:
    values = [reason.value for reason in Reason]
    assert len(values) == len(set(values))
    assert all(re.fullmatch(r"[a-z]+(-[a-z]+)*", value) for value in values)


def test_no_engine_module_refuses_with_a_free_string() -> None:
    # A reason is a Reason member (STYLE.md "One vocabulary"): refuse(command, "…") would type it twice.
    for path in ENGINE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"refuse\(\s*\w+,\s*[\"']", text), path.name


# -- who="party" on [sheet:] (PEER §11) --------------------------------------------------------------------


def _wardens(ada: int, bram: int) -> GameState:
    return party(
        Member(name="Ada", sheet=SheetState(pools={"resolve": PoolState(current=ada)})),
        Member(name="Bram", sheet=SheetState(pools={"resolve": PoolState(current=bram)})),
    )


def test_a_sheet_op_for_who_party_applies_to_every_member_with_one_answer() -> None:
    answer, after = _decided(_wardens(3, 0), c.Spend(pool="resolve", amount=1, who="party"))
    assert as_said(answer) == Answer(
        tag="sheet",
        attrs=(("who", "party"), ("op", "spend"), ("pool", "resolve"), ("amount", "1")),
        result="ok",
        now="Ada 2/4; Bram refused (insufficient)",
        # Bram's refusal is in now=; the note says only what the applied members' answers said
    )
    assert [m.sheet.pools["resolve"].current for m in after.party] == [2, 0]


def test_a_sheet_op_for_who_party_that_applies_to_nobody_is_refused_with_the_first_reason() -> None:
    state = _wardens(0, 0)
    answer, after = _decided(state, c.Spend(pool="resolve", amount=1, who="Party"))
    assert (answer.result, answer.reason, now_of(answer), dict(answer.attrs)["who"]) == (
        "refused",
        "insufficient",
        None,
        "party",
    )
    assert after == state


def test_a_sheet_op_without_who_is_the_players_and_names_the_players_card() -> None:
    answer, after = _decided(_wardens(3, 3), c.Restore(pool="resolve", amount=1))
    assert (answer.attrs[0], now_of(answer)) == (("who", "Ada"), "4/4")
    assert after.party[1] == _wardens(3, 3).party[1]


def test_a_rest_without_who_rests_the_player_only() -> None:
    answer, after = _decided(_wardens(1, 1), c.Rest(rest="vigil"))
    assert (answer.attrs, now_of(answer)) == (
        (("who", "Ada"), ("op", "rest"), ("rest", "vigil")),
        "Stand down from the vigil: Resolve 4/4, Harm 0/4",
    )
    assert after.party[1].sheet.pools == {"resolve": PoolState(current=1)}


# -- a use aimed at the other side (PEER §7) ----------------------------------------------------------------


def test_a_use_aimed_at_the_other_side_tells_the_gm_its_damage_and_conditions_to_narrate() -> None:
    jar = Item.model_validate(
        {
            "category": "remedy",
            "stack": 5,
            "use": {
                "kind": "attack",
                "amount": {"dice": "2d6", "flat": 1},
                "damageType": "coldfire",
                "applies": [{"condition": "shaken", "duration": {"rounds": 2}}],
                "consumes": True,
            },
        }
    )
    invented = InventedItem(key="coldfire jar", name="Coldfire jar", item=jar)
    state = GameState(
        party=(Member(name="Juno", bag=(Stack(name="Coldfire jar", count=2, invented="coldfire jar"),)),),
        invented=(invented,),
    )
    answer, after = _decided(state, c.Use(item=c.ItemRef(name="Coldfire jar")), "ember-roads")
    assert (answer.result, now_of(answer), said(answer)) == (
        "ok",
        "1",
        "Juno uses Coldfire jar: aimed at the other side, it lands on nobody outside a fight; narrate it: "
        "deals 2d6+1 coldfire damage, Shaken for 2 rounds. 1 left.",
    )
    assert after.party[0].sheet == SheetState()


# -- carrying: what nobody can carry is its own answer (PEER §5) ---------------------------------------------


def test_earnings_nobody_can_carry_are_answered_refused_too_heavy_with_the_count_left() -> None:
    # Ember Roads: 100 coins weigh 1; Ada (alone) carries at most 12 and holds 11 bulk of salt cakes.
    state = party(member("Ada", item("Salt cake", 11, "ember-roads")))
    decision, after = outcome("ember-roads", state, '[inventory: action="earn" amount="250 bits"]')
    assert [(a.attrs, a.result, now_of(a), a.reason) for a in answers_of(decision)] == [
        ((("action", "earn"), ("item", "bits"), ("count", "100")), "ok", "100", None),
        ((("action", "earn"), ("item", "bits"), ("count", "150")), "refused", None, "too-heavy"),
    ]
    assert bag_of(after) == [("Salt cake", 11), ("bits", 100)]


# -- a bag holds at most MAX_BAG_STACKS stacks --------------------------------------------------------------


def test_a_count_that_would_need_more_stacks_than_a_bag_takes_is_answered_too_many_with_the_rest() -> None:
    # A Dawn bell holds charges, so it is one to a stack: 9,999 of them would be 9,999 stacks.
    state = party(member("Ada"))
    add = c.Add(item=c.ItemRef(name="Dawn bell", label="Dawn bell"), count=9999, who="Ada")
    decision = decide(state, add, rules_for("gravewatch"), Dice(0))
    assert isinstance(decision, Accepted)
    placed, left = decision.answers
    assert (dict(placed.attrs)["count"], placed.result, now_of(placed)) == (str(MAX_BAG_STACKS), "ok", "200")
    assert (dict(left.attrs)["count"], left.result, left.reason) == (
        str(9999 - MAX_BAG_STACKS),
        "refused",
        "too-many",
    )
    after = evolve_all(state, decision.effects)
    assert len(after.party[0].bag) == MAX_BAG_STACKS


def test_a_full_bag_refuses_a_new_stack_whole_and_changes_nothing() -> None:
    full = tuple(Stack(name=f"Pebble {i}", count=1) for i in range(MAX_BAG_STACKS))
    state = party(member("Ada", *full))
    decision = decide(state, c.Add(item=c.ItemRef(name="Twig")), rules_for("ember-roads"), Dice(0))
    assert isinstance(decision, Refused)
    assert (decision.answer.reason, said(decision.answer)) == (
        "too-many",
        f"No bag takes more than {MAX_BAG_STACKS} stacks: Twig is left behind.",
    )


def test_forty_tags_of_nine_thousand_nine_hundred_ninety_nine_keep_the_state_small() -> None:
    from tagproc import Game

    game = Game("gravewatch", ["Ada", "Bram"], seed=1)
    reply = " ".join(['[inventory: action="add" item="Dawn bell" count="9999"]'] * 40)
    result = game.reply(reply)
    assert len(result.structured_answers) == 2 + 39  # ok and too-many, then 39 refused whole
    # Without who= a weightless item goes to the player: the first tag fills Ada's bag, the rest are left.
    assert [len(m.bag) for m in result.state.party] == [MAX_BAG_STACKS, 0]
    assert result.structured_answers[-1].reason == "too-many"
    assert len(result.state.model_dump_json()) < 200_000


# -- who (PEER §3) ------------------------------------------------------------------------------------------


def test_a_name_two_members_share_without_accents_is_ambiguous_and_changes_nothing() -> None:
    state = party(member("Ada"), member("Zoë"), member("Zoe!"))
    decision = decide(
        state,
        c.Add(item=c.ItemRef(name="Grave spade", label="Grave spade"), who="ZOE"),
        rules_for("gravewatch"),
        Dice(0),
    )
    assert isinstance(decision, Refused)
    assert (decision.answer.reason, said(decision.answer)) == (
        "ambiguous-character",
        '"ZOE" (who=) could be Zoë, Zoe!.',
    )


def test_a_name_is_matched_ignoring_accents_and_punctuation() -> None:
    state = party(member("Ada"), member("Zoë"))
    answer, after = _decided(state, c.Spend(pool="resolve", amount=1, who="zoe"))
    assert (answer.attrs[0], now_of(answer)) == (("who", "Zoë"), "3/4")
    assert after.party[1].sheet.pools == {"resolve": PoolState(current=3)}


# -- remove without who (PEER §3-§4) -------------------------------------------------------------------------


def test_a_remove_without_who_goes_on_from_the_player_to_the_party_and_answers_the_party_total() -> None:
    state = party(member("Ada", item("Black candle", 1)), member("Bram", item("Black candle", 3)))
    decision, after = outcome(
        "gravewatch", state, '[inventory: action="remove" item="Black candle" count="2"]'
    )
    assert answers_of(decision) == [
        Answer(
            tag="inventory",
            attrs=(("action", "remove"), ("item", "Black candle"), ("count", "2")),
            result="ok",
            now="2",
        )
    ]
    assert (bag_of(after, 0), bag_of(after, 1)) == ([], [("Black candle", 2)])


def test_a_remove_without_who_that_only_the_player_holds_is_the_players() -> None:
    state = party(member("Ada", item("Black candle", 2)), member("Bram"))
    decision, after = outcome("gravewatch", state, '[inventory: action="remove" item="Black candle"]')
    assert [(a.attrs, now_of(a)) for a in answers_of(decision)] == [
        ((("action", "remove"), ("item", "Black candle"), ("count", "1")), "1")
    ]
    assert bag_of(after, 0) == [("Black candle", 1)]


def test_a_rest_tag_for_the_party_rests_every_member_in_one_answer() -> None:
    from tagproc import Game

    game = Game("gravewatch", ["Ada", "Bram"], seed=1)
    assert game.reply('[sheet: op="rest" rest="vigil" who="party"]').answers == (
        '[sheet: who="party" op="rest" rest="vigil" result="ok" now="Ada Stand down from the vigil: '
        'Resolve 4/4, Harm 0/4; Bram Stand down from the vigil: Resolve 4/4, Harm 0/4"]',
    )


def test_a_give_to_the_party_has_no_recipient_and_changes_nothing() -> None:
    state = party(member("Ada", item("Black candle", 1)), member("Bram"))
    give = c.Give(item=c.ItemRef(name="Black candle", label="Black candle"), to="party")
    decision = decide(state, give, rules_for("gravewatch"), Dice(0))
    assert isinstance(decision, Refused)
    assert decision.answer.reason == "no-recipient"


def test_a_pool_op_of_zero_is_refused_bad_amount_and_changes_nothing() -> None:
    state = _wardens(3, 3)
    answer, after = _decided(state, c.Damage(pool="resolve", amount=0))
    assert (answer.attrs[0], answer.reason, said(answer)) == (
        ("who", "Ada"),
        "bad-amount",
        "An amount is a whole number of at least 1.",
    )
    assert after == state


# -- cursed refuses the player's own moves, never a GM tag (PEER §4) -----------------------------------------


def test_the_gms_unequip_takes_a_cursed_bound_item_off_and_it_stays_bound() -> None:
    state = party(member("Ada", item("Widow's ring", worn=True, bound=True)))
    decision, after = outcome("gravewatch", state, '[inventory: action="unequip" item="Widow\'s ring"]')
    assert [(a.result, now_of(a)) for a in answers_of(decision)] == [("ok", "0")]
    assert [(s.worn, s.bound) for s in after.party[0].bag] == [(False, True)]


def test_the_gms_remove_takes_a_cursed_bound_item_away() -> None:
    state = party(member("Ada", item("Widow's ring", worn=True, bound=True)))
    decision, after = outcome("gravewatch", state, '[inventory: action="remove" item="Widow\'s ring"]')
    assert [(a.result, now_of(a)) for a in answers_of(decision)] == [("ok", "0")]
    assert after.party[0].bag == ()


def test_an_earning_is_capped_at_nine_hundred_ninety_nine_thousand_nine_hundred_ninety_nine() -> None:
    # PEER §2: a pay or earn count is capped, not refused, at 999,999.
    earn = c.Earn(amounts=(c.CoinAmount(name="pennies", coin="penny", count=1_500_000),))
    answer, after = _decided(party(member("Ada")), earn)
    assert (answer.attrs, now_of(answer)) == (
        (("action", "earn"), ("item", "pennies"), ("count", "999999")),
        "999999",
    )
    assert bag_of(after) == [("pennies", 999_999)]


def test_a_place_with_neither_name_nor_size_is_refused_without_its_raw_text() -> None:
    """CONVENTIONS.md §10: "Neither: [place: result="refused" reason="unreadable"]"; nothing changes."""
    from tagproc.game import Game

    game = Game("gravewatch", ["Ada"])
    before = game.state
    result = game.reply('They wait. [place: day="new"]')
    assert result.answers == (
        '[place: result="refused" reason="unreadable" note="a place tag says the place\'s name= or its size=."]',
    )
    assert game.state.place == before.place
