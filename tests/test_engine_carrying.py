"""Tests for tagproc.engine.carrying: the carrying rule (spec "What reads items": carry).

Ember Roads: bulk is the weight; a traveller is encumbered above 6 + Brawn and carries at most 12. Salt cakes
weigh 1, leather coats 3, 100 coins 1.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagproc.engine import carrying
from tagproc.engine.bags import What
from tagproc.engine.carrying import Share, format_weight, share_out
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState, Stack

from .engine_support import (
    answers_of,
    bag_of,
    item,
    journal_of,
    member,
    outcome,
    party,
    refused,
    rules_for,
    said,
)

CAKE = What("Salt cake", item="outfitter/salt-cake")
COAT = What("Leather coat", item="outfitter/leather-coat")
AXE = What("Hand axe", item="outfitter/hand-axe")
ROPE = What("Rope")
BITS = What("bits", coin="bit")


def _party(ada: int = 0, bram: int = 0, cas: int = 0) -> GameState:
    """Ada, Bram (Brawn -1: encumbered above 5) and Cas, carrying so many salt cakes."""
    bags = [(item("Salt cake", n, "ember-roads"),) if n else () for n in (ada, bram, cas)]
    return party(
        member("Ada", *bags[0]),
        member("Bram", *bags[1], abilities={"brawn": -1}),
        member("Cas", *bags[2]),
    )


SHARES = [
    pytest.param(_party(), CAKE, 4, None, Share(((0, 4),), 0), id="the-player-first"),
    pytest.param(
        _party(ada=5, bram=3), CAKE, 3, None, Share(((2, 3),), 0), id="whoever-takes-it-all-unencumbered"
    ),
    pytest.param(
        _party(ada=4, bram=3, cas=5), CAKE, 4, None, Share(((0, 2), (1, 2)), 0), id="shared-by-room-left"
    ),
    pytest.param(
        _party(ada=6, bram=5, cas=6),
        CAKE,
        10,
        None,
        Share(((0, 4), (1, 3), (2, 3)), 0),
        id="past-encumbrance-one-at-a-time-to-the-least-over",
    ),
    pytest.param(_party(ada=12, bram=12, cas=11), CAKE, 3, None, Share(((2, 1),), 2), id="left-behind"),
    pytest.param(_party(ada=10), COAT, 1, 0, Share((), 1), id="who-named-and-full"),
    pytest.param(_party(bram=2), CAKE, 20, 1, Share(((1, 10),), 10), id="who-named-up-to-their-limit"),
    pytest.param(
        _party(ada=12, bram=12, cas=12), ROPE, 5, None, Share(((0, 5),), 0), id="weightless-to-the-player"
    ),
    pytest.param(_party(ada=12), BITS, 150, 0, Share((), 150), id="coins-weigh-by-per-weight"),
    pytest.param(_party(ada=11), BITS, 150, 0, Share(((0, 100),), 50), id="a-hundred-coins-weigh-one"),
]


@pytest.mark.parametrize(("state", "what", "count", "who", "share"), SHARES)
def test_the_carrying_rule_places_what_comes_in(
    state: GameState, what: What, count: int, who: int | None, share: Share
) -> None:
    assert share_out(rules_for("ember-roads"), state, what, count, who) == share


def test_a_ruleset_without_carry_puts_everything_in_the_named_bag() -> None:
    state = party(member("Ada"), member("Bram"))
    spade = What("Grave spade", item="kit/grave-spade")
    assert share_out(rules_for("gravewatch"), state, spade, 50, 1) == Share(((1, 50),), 0)


def test_a_shared_out_add_is_answered_once_per_bag_and_the_rest_is_left_behind() -> None:
    # PEER §5: one ok answer per bag that got some, in party order (the player's without who=), then the rest
    # as its own refused too-heavy answer whose count is the number left behind.
    state = _party(ada=10, bram=10, cas=11)
    decision, after = outcome("ember-roads", state, '[inventory: action="add" item="Salt cake" count="6"]')
    assert [(a.attrs, a.result, a.now, a.reason, said(a)) for a in answers_of(decision)] == [
        ((("action", "add"), ("item", "Salt cake"), ("count", "2")), "ok", "12", None, None),
        ((("action", "add"), ("item", "Salt cake"), ("count", "2"), ("who", "Bram")), "ok", "12", None, None),
        ((("action", "add"), ("item", "Salt cake"), ("count", "1"), ("who", "Cas")), "ok", "12", None, None),
        ((("action", "add"), ("item", "Salt cake"), ("count", "1")), "refused", None, "too-heavy", None),
    ]
    assert [bag_of(after, i) for i in range(3)] == [[("Salt cake", 12)]] * 3
    assert journal_of(after)[-1] == ("left-behind", "Ada", "Salt cake ×1")


def test_the_room_before_encumbrance_is_filled_most_room_first() -> None:
    # Ember Roads: encumbered above 6 (Ada, Cas) or 5 (Bram). Ada has 2 of room, Cas 4: five cakes fit
    # nobody whole, so Cas (most room) fills its 4 first, then Ada takes the last one.
    state = _party(ada=4, bram=5, cas=2)
    decision, after = outcome("ember-roads", state, '[inventory: action="add" item="Salt cake" count="5"]')
    assert [(a.attrs, a.now) for a in answers_of(decision)] == [
        ((("action", "add"), ("item", "Salt cake"), ("count", "1")), "5"),
        ((("action", "add"), ("item", "Salt cake"), ("count", "4"), ("who", "Cas")), "6"),
    ]
    assert bag_of(after, 1) == [("Salt cake", 5)]


def test_a_named_bag_takes_up_to_its_limit_and_the_rest_is_refused_with_that_who() -> None:
    state = _party(bram=10)
    decision, _ = outcome(
        "ember-roads", state, '[inventory: action="add" item="Salt cake" count="3" who="Bram"]'
    )
    assert [(a.attrs, a.result, a.now, a.reason) for a in answers_of(decision)] == [
        ((("action", "add"), ("item", "Salt cake"), ("count", "2"), ("who", "Bram")), "ok", "12", None),
        (
            (("action", "add"), ("item", "Salt cake"), ("count", "1"), ("who", "Bram")),
            "refused",
            None,
            "too-heavy",
        ),
    ]


def test_an_add_nobody_can_carry_at_all_is_refused() -> None:
    answer = refused(
        "ember-roads", _party(ada=12, bram=12, cas=12), '[inventory: action="add" item="Leather coat"]'
    )
    assert (answer.reason, said(answer)) == ("too-heavy", "Nobody can carry Leather coat: it is left behind.")


def test_an_add_into_a_named_full_bag_is_refused_with_the_load() -> None:
    answer = refused(
        "ember-roads", _party(bram=11), '[inventory: action="add" item="Leather coat" who="Bram"]'
    )
    assert (answer.reason, said(answer)) == ("too-heavy", "Bram cannot carry Leather coat: 11 of 12 carried.")


def test_weights_are_said_without_trailing_zeros() -> None:
    assert [format_weight(w) for w in (11.0, 0.5, 2.25, 1 / 3)] == ["11", "0.5", "2.25", "0.33"]
    assert format_weight(12345.25) == "12345.25"  # every digit, as the inventory says a load


@settings(max_examples=200, deadline=None)
@given(
    loads=st.tuples(st.integers(0, 14), st.integers(0, 14), st.integers(0, 14)),
    count=st.integers(1, 60),
    who=st.sampled_from((None, 0, 1, 2)),
)
def test_a_share_places_exactly_the_count_and_never_passes_a_limit(
    loads: tuple[int, int, int], count: int, who: int | None
) -> None:
    rules = rules_for("ember-roads")
    state = _party(*loads)
    share = share_out(rules, state, CAKE, count, who)
    assert share.placed + share.left == count
    for index, taken in share.parts:
        assert taken > 0
        assert loads[index] + taken <= max(12, loads[index])
        assert who is None or index == who


def _share_out_the_long_way(rules: Rules, state: GameState, what: What, count: int, who: int | None) -> Share:
    """``share_out`` as first written: every bag's room read, and ``_share`` asked even of one bag."""
    limit = rules.stack_limit(rules.item_of(what, state))
    weight = rules.unit_weight(what, state)
    if who is not None or weight <= 0:
        rooms = [carrying._MANY] * len(state.party)
        one = 0 if who is None else who
        rooms[one] = carrying._room(state.party[one].bag, what, limit, count)
    else:
        rooms = [carrying._room(member.bag, what, limit, count) for member in state.party]
    share = carrying._share(rules, state, weight, count, who, rooms)
    if share.left and any(room < count for room in rooms):
        unbounded = carrying._share(rules, state, weight, count, who, [carrying._MANY] * len(rooms))
        if unbounded.left < share.left:
            return Share(share.parts, share.left, stacked=True)
    return share


@settings(max_examples=300, deadline=None)
@given(
    loads=st.tuples(st.integers(0, 14), st.integers(0, 14), st.integers(0, 14)),
    stacks=st.tuples(st.integers(0, 201), st.integers(0, 201), st.integers(0, 201)),
    what=st.sampled_from([CAKE, COAT, AXE, ROPE, BITS]),
    count=st.integers(1, 500) | st.sampled_from([10**15, 10**15 + 1, 10**16]),
    who=st.sampled_from((None, 0, 1, 2)),
    limit=st.booleans(),
)
def test_a_share_is_the_long_ways_over_weights_rooms_and_counts_past_any(
    loads: tuple[int, int, int],
    stacks: tuple[int, int, int],
    what: What,
    count: int,
    who: int | None,
    limit: bool,
) -> None:
    # Bags of salt cakes and of so many one-of stacks of rope (up to past ``MAX_BAG_STACKS``), weighed or
    # weightless things, a limit handed in or worked out: the one bag's share inline is the long way's.
    rules = rules_for("ember-roads")
    members = []
    for index, (name, load) in enumerate(zip(("Ada", "Bram", "Cas"), loads, strict=True)):
        held = [item("Salt cake", load, "ember-roads")] if load else []
        held += [Stack(name=f"Rope {n}", count=1) for n in range(stacks[index])]
        members.append(member(name, *held))
    state = party(*members)
    long_way = _share_out_the_long_way(rules, state, what, count, who)
    if limit:
        worked_out = rules.stack_limit(rules.item_of(what, state))
        assert share_out(rules, state, what, count, who, limit=worked_out) == long_way
    assert share_out(rules, state, what, count, who) == long_way
