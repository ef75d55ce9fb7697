"""Tests for tagproc.engine.wearing: equip, unequip, bind and unbind (spec "What reads items")."""

from __future__ import annotations

import pytest

from tagproc import commands as c
from tagproc.engine.decide import decide
from tagproc.engine.dice import Dice
from tagproc.engine.outcome import Accepted, Answer, BagChanged, Refused, SheetChanged
from tagproc.engine.state import Member, SheetState, Stack

from .engine_support import answers_of, as_said, item, member, outcome, party, refused, said, variant, words

NAIL = "kit/silver-nail"


def test_equipping_one_of_a_larger_stack_takes_it_into_its_own_worn_stack() -> None:
    state = party(member("Ada", item("Silver coffin nail", 3)))
    decision, after = outcome("gravewatch", state, '[inventory: action="equip" item="Silver coffin nail"]')
    assert answers_of(decision) == [
        Answer(
            tag="inventory",
            attrs=(("action", "equip"), ("item", "Silver coffin nail"), ("count", "1")),
            result="ok",
            now="1",
        )
    ]
    assert after.party[0].bag == (
        Stack(name="Silver coffin nail", count=2, item=NAIL),
        Stack(name="Silver coffin nail", count=1, item=NAIL, worn=True),
    )


def test_unequipping_merges_the_item_back_into_its_stack() -> None:
    state = party(member("Ada", item("Silver coffin nail", 2), item("Silver coffin nail", worn=True)))
    _, after = outcome("gravewatch", state, '[inventory: action="unequip" item="Silver coffin nail"]')
    assert after.party[0].bag == (Stack(name="Silver coffin nail", count=3, item=NAIL),)


def test_equipping_more_than_are_loose_equips_those_there_and_says_so() -> None:
    state = party(member("Ada", item("Silver coffin nail", 1)))
    decision, _ = outcome(
        "gravewatch", state, '[inventory: action="equip" item="Silver coffin nail" count="2"]'
    )
    assert [said(a) for a in answers_of(decision)] == ["Ada had only 1 not worn: 1 equipped."]


WEAR_REFUSALS = [
    pytest.param(
        [item("Grave spade", worn=True), item("Watch pistol")],
        '[inventory: action="equip" item="Watch pistol"]',
        "no-slot",
        "No free Hands: Ada has 2, 2 in use (Grave spade worn there).",
        id="no-slot-names-what-is-worn-there",
    ),
    pytest.param(
        [item("Warming tonic")],
        '[inventory: action="equip" item="Warming tonic"]',
        "not-wearable",
        "Warming tonic takes no slot: it cannot be worn.",
        id="not-wearable",
    ),
    pytest.param(
        [],
        '[inventory: action="equip" item="Watch pistol"]',
        "none-held",
        "Ada holds no Watch pistol.",
        id="none-held",
    ),
    pytest.param(
        [item("Grave spade")],
        '[inventory: action="bind" item="Grave spade"]',
        "not-bindable",
        "Grave spade does not bind.",
        id="not-bindable",
    ),
    pytest.param(
        [item("Dawn bell", bound=True), item("Widow's ring", bound=True, worn=True), item("Dawn bell")],
        '[inventory: action="bind" item="Dawn bell"]',
        "binding-full",
        "Ada has 2 of 2 bound: Dawn bell, Widow's ring.",
        id="binding-max-off-the-sheet",
    ),
]


@pytest.mark.parametrize(("bag", "tag", "reason", "note"), WEAR_REFUSALS)
def test_wearing_and_binding_that_cannot_be_done_is_refused(
    bag: list[Stack], tag: str, reason: str, note: str
) -> None:
    answer = refused("gravewatch", party(member("Ada", *bag)), tag)
    assert (answer.reason, said(answer)) == (reason, note)


NOTHING_TO_CHANGE = [
    pytest.param(
        [item("Watch pistol", worn=True)],
        '[inventory: action="equip" item="Watch pistol"]',
        ("equip", "1", "Ada already wears every Watch pistol."),
        id="already-worn",
    ),
    pytest.param(
        [item("Watch pistol")],
        '[inventory: action="unequip" item="Watch pistol"]',
        ("unequip", "0", "Ada does not wear Watch pistol."),
        id="not-worn",
    ),
    pytest.param(
        [item("Dawn bell")],
        '[inventory: action="unbind" item="Dawn bell"]',
        ("unbind", "0", "Ada has no Dawn bell bound."),
        id="not-bound",
    ),
]


@pytest.mark.parametrize(("bag", "tag", "said"), NOTHING_TO_CHANGE)
def test_wearing_with_nothing_to_change_is_ok_with_count_zero_and_changes_nothing(
    bag: list[Stack], tag: str, said: tuple[str, str, str]
) -> None:
    state = party(member("Ada", *bag))
    decision, after = outcome("gravewatch", state, tag)
    action, now, note = said
    name = "Dawn bell" if action == "unbind" else "Watch pistol"
    assert [as_said(a) for a in answers_of(decision)] == [
        Answer(
            tag="inventory",
            attrs=(("action", action), ("item", name), ("count", "0")),
            result="ok",
            now=now,
            notes=words(note),
        )
    ]
    assert after == state


def test_equipping_goes_one_at_a_time_and_stops_when_the_slots_are_full() -> None:
    # Gravewatch: two Hands; a Watch pistol takes one. Three asked, two put on: ok, count 2, now 2 worn.
    state = party(member("Ada", item("Watch pistol", 3)))
    decision, after = outcome(
        "gravewatch", state, '[inventory: action="equip" item="Watch pistol" count="3"]'
    )
    assert answers_of(decision) == [
        Answer(
            tag="inventory",
            attrs=(("action", "equip"), ("item", "Watch pistol"), ("count", "2")),
            result="ok",
            now="2",
            notes=words("Ada has no free slot for more: 2 equipped."),
        )
    ]
    assert [(s.count, s.worn) for s in after.party[0].bag] == [(1, False), (1, True), (1, True)]


def test_a_ruleset_without_binding_refuses_bind() -> None:
    answer = refused("ember-roads", party(member("Ada")), '[inventory: action="bind" item="Hand axe"]')
    assert (answer.reason, said(answer)) == ("not-bindable", "This ruleset has no binding: nothing is bound.")


def test_a_ruleset_without_slots_refuses_equip() -> None:
    rules = variant("ember-roads", '{"slots": null}')
    state = party(member("Ada", item("Hand axe", ruleset="ember-roads")))
    equip = c.Equip(item=c.ItemRef(name="Hand axe", label="Hand axe"))
    decision = decide(state, equip, rules, Dice(1))
    assert isinstance(decision, Refused)
    assert (decision.answer.reason, said(decision.answer)) == (
        "not-wearable",
        "This ruleset has no slots: nothing is equipped.",
    )


def test_binding_a_worn_item_makes_it_worn_and_bound() -> None:
    state = party(member("Ada", item("Dawn bell", worn=True), abilities={"nerve": 1}))
    decision, after = outcome("gravewatch", state, '[inventory: action="bind" item="Dawn bell"]')
    assert [(a.result, a.now, said(a)) for a in answers_of(decision)] == [("ok", "1", None)]
    assert after.party[0].bag == (
        Stack(name="Dawn bell", count=1, item="kit/dawn-bell", worn=True, bound=True),
    )


RATTLED_ENDS = [
    pytest.param(
        item("Dawn bell", worn=True),
        '[inventory: action="bind" item="Dawn bell"]',
        id="bind-a-worn-bell",
    ),
    pytest.param(
        item("Dawn bell", bound=True),
        '[inventory: action="equip" item="Dawn bell"]',
        id="equip-a-bound-bell",
    ),
]


@pytest.mark.parametrize(("bell", "tag"), RATTLED_ENDS)
def test_a_bell_newly_worn_takes_rattled_off_in_the_same_answer(bell: Stack, tag: str) -> None:
    ada = Member(name="Ada", bag=(bell,), sheet=SheetState(abilities={"nerve": 1}, conditions=("rattled",)))
    decision, after = outcome("gravewatch", party(ada), tag)
    assert isinstance(decision, Accepted)
    assert tuple(type(effect) for effect in decision.effects) == (BagChanged, SheetChanged)
    assert [(a.result, a.now, said(a)) for a in answers_of(decision)] == [
        ("ok", "1", "Rattled is off: Dawn bell keeps it off.")
    ]
    assert after.party[0].bag == (
        Stack(name="Dawn bell", count=1, item="kit/dawn-bell", worn=True, bound=True),
    )
    assert after.party[0].sheet == SheetState(abilities={"nerve": 1})


def test_a_bell_worn_without_being_bound_leaves_rattled_on() -> None:
    ada = Member(name="Ada", bag=(item("Dawn bell"),), sheet=SheetState(conditions=("rattled", "marked")))
    decision, after = outcome("gravewatch", party(ada), '[inventory: action="equip" item="Dawn bell"]')
    assert [(a.result, a.now, said(a)) for a in answers_of(decision)] == [("ok", "1", None)]
    assert after.party[0].sheet == SheetState(conditions=("rattled", "marked"))


def test_binding_a_cursed_item_warns_that_it_will_not_let_go() -> None:
    state = party(member("Ada", item("Widow's ring", worn=True)))
    decision, after = outcome("gravewatch", state, '[inventory: action="bind" item="Widow\'s ring"]')
    assert [said(a) for a in answers_of(decision)] == [
        "Widow's ring is cursed: once bound, it will not let go."
    ]
    assert after.party[0].bag[0].bound


def test_the_gms_unbind_of_a_cursed_item_ends_the_curse() -> None:
    state = party(member("Ada", item("Widow's ring", worn=True, bound=True)))
    decision, after = outcome("gravewatch", state, '[inventory: action="unbind" item="Widow\'s ring"]')
    assert [said(a) for a in answers_of(decision)] == ["The curse on Widow's ring is ended: it lets go."]
    ring = Stack(name="Widow's ring", count=1, item="kit/widows-ring", worn=True, curse_ended=True)
    assert after.party[0].bag == (ring,)
    _, later = outcome("gravewatch", after, '[inventory: action="bind" item="Widow\'s ring"]')
    taken_off, _ = outcome("gravewatch", later, '[inventory: action="unequip" item="Widow\'s ring"]')
    assert [a.result for a in answers_of(taken_off)] == ["ok"]
