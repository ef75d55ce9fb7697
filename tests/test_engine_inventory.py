"""Tests for tagproc.engine.inventory: add, remove and give (spec "What reads items")."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagproc import commands as c
from tagproc.engine.decide import decide
from tagproc.engine.dice import Dice
from tagproc.engine.outcome import Accepted, Answer, ItemInvented, evolve_all
from tagproc.engine.state import GameState, Stack

from .engine_support import (
    answers_of,
    bag_of,
    coins,
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

# --- add ------------------------------------------------------------------------------------------------


def test_adding_a_ruleset_item_puts_it_in_the_players_bag_without_a_who() -> None:
    state = party(member("Ada"), member("Bram"))
    decision, after = outcome("gravewatch", state, '[inventory: action="add" item="grave spade"]')
    assert answers_of(decision) == [
        Answer(
            tag="inventory",
            attrs=(("action", "add"), ("item", "Grave spade"), ("count", "1")),
            result="ok",
            now="1",
        )
    ]
    assert after.party[0].bag == (Stack(name="Grave spade", count=1, item="kit/grave-spade"),)
    assert journal_of(after) == [("acquired", "Ada", "Grave spade ×1")]


def test_adding_past_a_stack_limit_fills_the_stack_and_starts_a_new_one() -> None:
    state = party(member("Ada", item("Shot and powder", 25)))
    decision, after = outcome(
        "gravewatch", state, '[inventory: action="add" item="Shot and powder" count="40"]'
    )
    assert [(a.now, dict(a.attrs)["count"]) for a in answers_of(decision)] == [("65", "40")]
    assert bag_of(after) == [("Shot and powder", 30), ("Shot and powder", 30), ("Shot and powder", 5)]


def test_adding_coins_by_name_is_an_add_of_that_coin() -> None:
    state = party(member("Ada", coins("shilling", 1)))
    decision, after = outcome("gravewatch", state, '[inventory: action="add" item="3 shillings"]')
    assert [(a.attrs, a.now) for a in answers_of(decision)] == [
        ((("action", "add"), ("item", "shillings"), ("count", "3")), "4")
    ]
    assert bag_of(after) == [("shillings", 4)]


def test_more_of_a_plain_item_already_held_can_still_be_added_where_native_is_off() -> None:
    state = party(member("Ada", Stack(name="Rope", count=1)))
    decision, after = outcome("gravewatch", state, '[inventory: action="add" item="rope" count="2"]')
    assert [a.now for a in answers_of(decision)] == ["3"]
    assert bag_of(after) == [("Rope", 3)]


def test_a_plain_item_is_kept_by_name_where_native_is_on() -> None:
    decision, after = outcome("ember-roads", party(member("Ada")), '[inventory: action="add" item="Rope"]')
    assert [a.result for a in answers_of(decision)] == ["ok"]
    assert after.party[0].bag == (Stack(name="Rope", count=1),)


ADD_REFUSALS = [
    pytest.param(
        '[inventory: action="add" item="rope"]',
        "not-ruleset-item",
        '"rope" is not an item of this ruleset: add one of its items, or describe a new one.',
        id="native-false-refuses-a-plain-item",
    ),
    pytest.param(
        '[inventory: action="add" item="A bed at the watch-house"]',
        "service",
        "A bed at the watch-house is a service: it is bought, never carried.",
        id="a-service-is-never-carried",
    ),
    pytest.param(
        '[inventory: action="add" item="Grave spade" who="Zed"]',
        "unknown-character",
        'Nobody in the party is called "Zed" (who=).',
        id="unknown-character",
    ),
]


@pytest.mark.parametrize(("tag", "reason", "note"), ADD_REFUSALS)
def test_an_add_that_cannot_be_made_is_refused_and_changes_nothing(tag: str, reason: str, note: str) -> None:
    answer = refused("gravewatch", party(member("Ada")), tag)
    assert (answer.result, answer.reason, said(answer)) == ("refused", reason, note)


def test_an_invented_item_is_kept_by_the_game_and_its_name_adds_it_again() -> None:
    state = party(member("Ada"))
    tag = '[inventory: action="add" item="Boar axe" category="weapon"]'
    decision, after = outcome("ember-roads", state, tag)
    assert isinstance(decision, Accepted)
    assert isinstance(decision.effects[0], ItemInvented)
    assert answers_of(decision) == [
        Answer(
            tag="inventory",
            attrs=(("action", "add"), ("item", "Boar axe"), ("count", "1")),
            result="ok",
            now="1",
            notes=words("It fights as Hand axe does."),
        )
    ]
    assert [invented.key for invented in after.invented] == ["boar axe"]
    again, later = outcome("ember-roads", after, '[inventory: action="add" item="boar axe"]')
    assert [(a.now, said(a)) for a in answers_of(again)] == [("2", None)]
    assert later.party[0].bag == (Stack(name="Boar axe", count=2, invented="boar axe"),)
    assert later.invented == after.invented


def test_a_description_beside_a_ruleset_items_name_adds_that_item() -> None:
    tag = '[inventory: action="add" item="Hand axe" category="armor" stats="guard=1"]'
    decision, after = outcome("ember-roads", party(member("Ada")), tag)
    assert [said(a) for a in answers_of(decision)] == [
        "Hand axe is already an item of this game; the description was left out."
    ]
    assert after.party[0].bag == (Stack(name="Hand axe", count=1, item="outfitter/hand-axe"),)
    assert after.invented == ()


def test_propose_false_refuses_an_invented_item() -> None:
    rules = variant("ember-roads", '{"propose": false}')
    state = party(member("Ada"))
    add = c.Add(item=c.ItemRef(name="Boar axe"), proposal=c.Proposal(category="weapon"))
    decision = decide(state, add, rules, Dice(1))
    assert not isinstance(decision, Accepted)
    assert (decision.answer.reason, said(decision.answer)) == (
        "no-invention",
        "This ruleset does not let the Game Master invent items.",
    )


# --- remove ---------------------------------------------------------------------------------------------


def test_removing_takes_from_the_last_loose_stack_first() -> None:
    state = party(member("Ada", item("Shot and powder", 30), item("Shot and powder", 5)))
    decision, after = outcome(
        "gravewatch", state, '[inventory: action="remove" item="Shot and powder" count="8"]'
    )
    assert answers_of(decision) == [
        Answer(
            tag="inventory",
            attrs=(("action", "remove"), ("item", "Shot and powder"), ("count", "8")),
            result="ok",
            now="27",
        )
    ]
    assert bag_of(after) == [("Shot and powder", 27)]
    assert journal_of(after) == [("lost", "Ada", "Shot and powder ×8")]


def test_removing_more_than_is_held_removes_what_is_held_and_says_so() -> None:
    state = party(member("Ada", item("Warming tonic", 2)))
    decision, after = outcome(
        "gravewatch", state, '[inventory: action="remove" item="Warming tonic" count="5"]'
    )
    assert [(dict(a.attrs)["count"], a.now, said(a)) for a in answers_of(decision)] == [
        ("2", "0", "Ada held only 2: 2 taken.")
    ]
    assert after.party[0].bag == ()


REMOVE_REFUSALS = [
    pytest.param(
        [],
        '[inventory: action="remove" item="Grave spade"]',
        "none-held",
        "Ada holds no Grave spade.",
        id="none-held",
    ),
]


@pytest.mark.parametrize(("bag", "tag", "reason", "note"), REMOVE_REFUSALS)
def test_a_remove_that_cannot_be_made_is_refused(bag: list[Stack], tag: str, reason: str, note: str) -> None:
    answer = refused("gravewatch", party(member("Ada", *bag)), tag)
    assert (answer.reason, said(answer)) == (reason, note)


def test_a_cursed_item_whose_curse_ended_can_be_removed() -> None:
    state = party(member("Ada", item("Widow's ring", curse_ended=True)))
    decision, after = outcome("gravewatch", state, '[inventory: action="remove" item="Widow\'s ring"]')
    assert [a.result for a in answers_of(decision)] == ["ok"]
    assert after.party[0].bag == ()


# --- give -----------------------------------------------------------------------------------------------


def test_giving_moves_the_item_taken_off_and_unbound_into_the_receivers_bag() -> None:
    state = party(
        member("Ada", item("Dawn bell", worn=True, bound=True)),
        member("Bram"),
    )
    decision, after = outcome("gravewatch", state, '[inventory: action="give" item="Dawn bell" to="Bram"]')
    assert answers_of(decision) == [
        Answer(
            tag="inventory",
            attrs=(("action", "give"), ("item", "Dawn bell"), ("count", "1"), ("to", "Bram")),
            result="ok",
            now="1",  # the receiver's count (PEER §4)
            notes=words("Taken off to be given. No longer bound: Bram must bind it anew."),
        )
    ]
    assert after.party[0].bag == ()
    assert after.party[1].bag == (Stack(name="Dawn bell", count=1, item="kit/dawn-bell"),)
    assert journal_of(after) == [("given", "Ada", "Dawn bell ×1 to Bram")]


def test_given_items_merge_into_the_receivers_stack_up_to_its_limit() -> None:
    state = party(member("Ada", item("Warming tonic", 4)), member("Bram", item("Warming tonic", 5)))
    tag = '[inventory: action="give" item="Warming tonic" count="3" who="Ada" to="Bram"]'
    _, after = outcome("gravewatch", state, tag)
    assert bag_of(after, 0) == [("Warming tonic", 1)]
    assert bag_of(after, 1) == [("Warming tonic", 6), ("Warming tonic", 2)]


GIVE_REFUSALS = [
    pytest.param(
        '[inventory: action="give" item="Salt cake" count="5" to="Bram"]',
        "too-heavy",
        "Bram can carry only 2 of 5 Salt cake: 10 of 12 carried.",
        id="the-receiver-cannot-carry-it-all",
    ),
    pytest.param(
        '[inventory: action="give" item="Salt cake" to="Zed"]',
        "unknown-character",
        'Nobody in the party is called "Zed" (to=).',
        id="unknown-receiver",
    ),
    pytest.param(
        '[inventory: action="give" item="Salt cake" to="Ada"]',
        "no-recipient",
        "Ada already holds it.",
        id="giving-to-oneself",
    ),
    pytest.param(
        '[inventory: action="give" item="Salt cake"]',
        "no-recipient",
        "A give names the member who gets it (to=).",
        id="no-to",
    ),
    pytest.param(
        '[inventory: action="give" item="Salt cake" to="the party"]',
        "no-recipient",
        "A give names one member to=, never the whole party.",
        id="to-the-party",
    ),
    pytest.param(
        '[inventory: action="give" item="Hand axe" to="Bram"]',
        "none-held",
        "Ada holds no Hand axe.",
        id="none-held",
    ),
]


@pytest.mark.parametrize(("tag", "reason", "note"), GIVE_REFUSALS)
def test_a_give_that_cannot_be_made_is_refused(tag: str, reason: str, note: str) -> None:
    state = party(
        member("Ada", item("Salt cake", 6, "ember-roads")),
        member("Bram", item("Salt cake", 10, "ember-roads")),
    )
    answer = refused("ember-roads", state, tag)
    assert (answer.reason, said(answer)) == (reason, note)


# --- properties: random sequences never break a count, a stack limit or a carry limit --------------------

NAMES = {
    "gravewatch": ("Shot and powder", "Warming tonic", "Grave spade", "Dawn bell", "shillings", "pennies"),
    "ember-roads": ("Arrows", "Poultice", "Salt cake", "Leather coat", "bits", "marks"),
}
ACTIONS = st.sampled_from(("add", "remove", "give", "pay", "earn"))


def _step(ruleset: str, action: str, name: str, count: int, who: int, to: int) -> c.Command:
    rules = rules_for(ruleset)
    coin = rules.book.coin(name)
    entry = rules.book.find(name)
    ref = c.ItemRef(name=name, label=entry.label if entry else None, coin=coin.id if coin else None)
    who_name, to_name = ("Ada", "Bram", "Cas")[who], ("Ada", "Bram", "Cas")[to]
    if action in ("pay", "earn"):
        amount = c.CoinAmount(name=name, count=count, coin=coin.id if coin else None, label=name)
        model = c.Pay if action == "pay" else c.Earn
        return model(amounts=(amount,), who=who_name)
    if action == "give":
        return c.Give(item=ref, count=count, who=who_name, to=to_name)
    if action == "remove":
        return c.Remove(item=ref, count=count, who=who_name)
    return c.Add(item=ref, count=count, who=who_name if who else None)


def _check(state: GameState, ruleset: str) -> None:
    rules = rules_for(ruleset)
    for each in state.party:
        for stack in each.bag:
            assert stack.count >= 1
            limit = rules.stack_limit(rules.item_of(stack, state))
            assert limit is None or stack.count <= limit
        assert rules.load(each, state) <= rules.carry_limit(each, state) + 1e-9


@settings(max_examples=60, deadline=None)
@given(
    ruleset=st.sampled_from(sorted(NAMES)),
    steps=st.lists(
        st.tuples(ACTIONS, st.integers(0, 5), st.integers(1, 60), st.integers(0, 2), st.integers(0, 2)),
        max_size=25,
    ),
)
def test_random_sequences_keep_every_count_stack_limit_and_carry_limit(
    ruleset: str, steps: list[tuple[str, int, int, int, int]]
) -> None:
    rules = rules_for(ruleset)
    state = party(member("Ada"), member("Bram", abilities={"brawn": -1}), member("Cas"))
    for action, name, count, who, to in steps:
        command = _step(ruleset, action, NAMES[ruleset][name], count, who, to)
        before = state.model_dump_json()
        decision = decide(state, command, rules, Dice(1))
        if isinstance(decision, Accepted):
            state = evolve_all(state, decision.effects)
        else:
            assert state.model_dump_json() == before
        _check(state, ruleset)
