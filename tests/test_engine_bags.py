"""Tests for tagproc.engine.bags: what a name is, and adding to and taking from one bag."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from tagproc.commands import ItemRef
from tagproc.engine import bags
from tagproc.engine.bags import What
from tagproc.engine.state import InventedItem, Stack
from tagproc.ruleset import Item

from .engine_support import item, member, party, rules_for

SHOT = What("Shot and powder", item="kit/shot-and-powder")
ROPE = What("Rope")

RESOLVED = [
    pytest.param(
        ItemRef(name="grave spades", label="Grave spade"),
        What("Grave spade", item="kit/grave-spade"),
        id="item",
    ),
    pytest.param(ItemRef(name="3 shillings", coin="shilling"), What("shillings", coin="shilling"), id="coin"),
    pytest.param(ItemRef(name="boar AXE"), What("Boar axe", invented="boar axe"), id="invented-by-its-name"),
    pytest.param(ItemRef(name="Rope"), What("Rope"), id="plain"),
]


@pytest.mark.parametrize(("ref", "what"), RESOLVED)
def test_a_name_resolves_to_an_item_a_coin_an_invented_item_or_a_plain_item(ref: ItemRef, what: What) -> None:
    invented = InventedItem(key="boar axe", name="Boar axe", item=Item(category="arm"))
    state = party(member("Ada")).model_copy(update={"invented": (invented,)})
    assert bags.resolve(ref, state, rules_for("gravewatch")).what == what


def test_adding_fills_fresh_stacks_in_order_then_starts_new_ones() -> None:
    bag = (item("Shot and powder", 28), item("Shot and powder", 29, worn=True), item("Shot and powder", 10))
    assert [(s.count, s.worn) for s in bags.add(bag, SHOT, 45, 30)] == [
        (30, False),
        (29, True),
        (30, False),
        (23, False),
    ]


def test_taking_prefers_loose_stacks_the_last_first_and_never_what_is_kept() -> None:
    bag = (item("Shot and powder", 5, worn=True), item("Shot and powder", 30), item("Shot and powder", 4))
    after, pieces = bags.take(bag, SHOT, 36, keep=lambda s: False)
    assert [(s.count, s.worn) for s in after] == [(3, True)]
    assert [s.count for s in pieces] == [4, 30, 2]
    kept, nothing = bags.take(bag[:1], SHOT, 5, keep=lambda s: s.worn)
    assert (kept, nothing) == (bag[:1], ())


def test_plain_items_match_by_folded_name_and_never_a_ruleset_item() -> None:
    assert bags.is_of(Stack(name="rope", count=1), ROPE)
    assert not bags.is_of(Stack(name="Rope", count=1, item="kit/rope"), ROPE)


def test_put_takes_pieces_off_and_keeps_apart_a_stack_with_a_state_of_its_own() -> None:
    pieces = (item("Dawn bell", worn=True, bound=True, charges=2), item("Warming tonic", 2, worn=True))
    bell, tonic = What("Dawn bell", item="kit/dawn-bell"), What("Warming tonic", item="kit/warming-tonic")
    bag = bags.put((), pieces[:1], bell, 1)
    bag = bags.put((*bag, item("Warming tonic", 5)), pieces[1:], tonic, 6)
    assert [(s.name, s.count, s.worn, s.bound, s.charges) for s in bag] == [
        ("Dawn bell", 1, False, False, 2),
        ("Warming tonic", 6, False, False, None),
        ("Warming tonic", 1, False, False, None),
    ]


def test_a_cursed_item_is_held_only_while_bound_and_its_curse_lives() -> None:
    ring = rules_for("gravewatch").book.find("Widow's ring")
    assert ring is not None
    assert bags.is_cursed(item("Widow's ring", bound=True), ring.item)
    assert not bags.is_cursed(item("Widow's ring"), ring.item)
    assert not bags.is_cursed(item("Widow's ring", bound=True, curse_ended=True), ring.item)


_STACKS = st.builds(
    Stack,
    name=st.sampled_from(["Rope", "Warming tonic", "shillings"]),
    count=st.integers(1, 50),
    item=st.none() | st.just("gravewatch/tonic"),
    coin=st.none() | st.just("shilling"),
    worn=st.booleans(),
    bound=st.booleans(),
    charges=st.none() | st.integers(0, 5),
    suspected_by=st.sampled_from([(), ("Ada",)]),
)


@given(stack=_STACKS, count=st.integers(-3, 10**6))
def test_a_count_copied_in_unvalidated_gives_the_stack_the_validated_path_gives(
    stack: Stack, count: int
) -> None:
    try:
        validated = Stack.model_validate({**stack.model_dump(), "count": count})
    except ValidationError:
        with pytest.raises(ValidationError):
            bags.with_count(stack, count)
        return
    copied = bags.with_count(stack, count)
    assert copied == validated
    assert copied.model_dump_json() == validated.model_dump_json()


_REFS = st.none() | st.sampled_from(["gravewatch/tonic", "gravewatch/spade"])
_ODD_STACKS = st.builds(
    Stack,
    name=st.sampled_from(["Rope", "rope", "Warming tonic", "shillings", "Boar axe"]),
    count=st.integers(1, 50),
    item=_REFS,
    coin=st.none() | st.sampled_from(["shilling", "penny"]),
    invented=st.none() | st.just("boar axe"),
    passes_as=_REFS,
)
_WHATS = st.builds(
    What,
    name=st.sampled_from(["Rope", "ROPE", "Warming tonic", "shillings", "Boar axe"]),
    item=_REFS,
    coin=st.none() | st.sampled_from(["shilling", "penny"]),
    invented=st.none() | st.just("boar axe"),
    passes_as=_REFS,
)


@given(bag=st.lists(_ODD_STACKS, max_size=6).map(tuple), what=_WHATS)
def test_the_stacks_found_of_a_thing_are_those_is_of_finds_in_bag_order(
    bag: tuple[Stack, ...], what: What
) -> None:
    # Odd stacks and names included (a coin with an item, a fake of a coin): the inline comparisons of a
    # coin's and a ruleset item's stacks find what ``is_of`` finds, and ``count_held`` counts them.
    expected = [index for index, stack in enumerate(bag) if bags.is_of(stack, what)]
    assert bags.indices_of(bag, what) == expected
    assert bags.count_held(bag, what) == sum(bag[index].count for index in expected)
