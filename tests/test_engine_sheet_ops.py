"""Tests for tagproc.engine.sheet_ops and tagproc.engine.rest: the GM's ``[sheet:]`` ops, exact answers and
exact states, on Gravewatch, Ember Roads and the SRD sheets built by hand."""

from __future__ import annotations

import pytest

from tagproc import commands as c
from tagproc.engine.decide import decide
from tagproc.engine.dice import Dice
from tagproc.engine.outcome import Accepted, Answer, evolve_all
from tagproc.engine.rules import Rules
from tagproc.engine.sheet import LiveSheet
from tagproc.engine.state import GameState, InventedItem, Member, PoolState, SheetState, Stack
from tagproc.ruleset import Item, load_ruleset

from .engine_support import as_said, bell, now_of, refusal, said


@pytest.fixture(scope="module")
def gravewatch() -> Rules:
    return Rules(load_ruleset("gravewatch"))


@pytest.fixture(scope="module")
def ember() -> Rules:
    return Rules(load_ruleset("ember-roads"))


@pytest.fixture(scope="module")
def srd() -> Rules:
    return Rules(load_ruleset("srd-5e"))


def wardens(ada: SheetState | None = None, bag: tuple[Stack, ...] = ()) -> GameState:
    """Ada (the player) and Bram, Gravewatch wardens."""
    return GameState(party=(Member(name="Ada", sheet=ada or SheetState(), bag=bag), Member(name="Bram")))


def travellers(juno: SheetState | None = None) -> GameState:
    """Juno (the player, Brawn 1, Toughness 2: Grit 7) and Pell, Ember Roads travellers."""
    sheet = juno or SheetState(abilities={"brawn": 1})
    return GameState(party=(Member(name="Juno", sheet=sheet), Member(name="Pell")))


def accepted(state: GameState, command: c.Command, rules: Rules, seed: int = 0) -> tuple[Answer, GameState]:
    decision = decide(state, command, rules, Dice(seed))
    assert isinstance(decision, Accepted), decision
    assert len(decision.answers) == 1
    return decision.answers[0], evolve_all(state, decision.effects)


# -- rest -------------------------------------------------------------------------------------------------


def test_a_vigil_rest_restores_the_sheet_and_recharges_the_dawn_bell_together(gravewatch: Rules) -> None:
    tired = SheetState(pools={"resolve": PoolState(current=1)}, tracks={"harm": 3}, conditions=("rattled",))
    state = wardens(tired, (bell(worn=True, bound=True, charges=0),))
    reply, after = accepted(state, c.Rest(rest="vigil", who="ada"), gravewatch)
    assert as_said(reply) == Answer(
        tag="sheet",
        attrs=(("who", "Ada"), ("op", "rest"), ("rest", "vigil")),
        result="ok",
        now="Stand down from the vigil: Resolve 4/4, Harm 0/4, Rattled is off, Dawn bell 3/3 charges",
    )
    assert after.party[0].sheet == SheetState(pools={"resolve": PoolState(current=4)}, tracks={"harm": 0})
    assert after.party[0].bag == (bell(worn=True, bound=True, charges=3),)
    assert after.party[1] == state.party[1]


def test_a_rest_is_found_by_its_label_in_any_case(gravewatch: Rules) -> None:
    state = wardens(SheetState(pools={"resolve": PoolState(current=2)}))
    reply, after = accepted(state, c.Rest(rest="STAND DOWN from the vigil", who="Ada"), gravewatch)
    assert reply.attrs == (("who", "Ada"), ("op", "rest"), ("rest", "vigil"))
    assert now_of(reply) == "Stand down from the vigil: Resolve 4/4, Harm 0/4"
    assert after.party[0].sheet.pools == {"resolve": PoolState(current=4)}


def test_a_rest_for_who_party_rests_every_member_in_one_answer(gravewatch: Rules) -> None:
    state = GameState(
        party=(
            Member(
                name="Ada", sheet=SheetState(pools={"resolve": PoolState(current=0)}), bag=(bell(charges=1),)
            ),
            Member(name="Bram", sheet=SheetState(abilities={"nerve": 3}, tracks={"harm": 2})),
        )
    )
    reply, after = accepted(state, c.Rest(rest="vigil", who="party"), gravewatch)
    # PEER §11: who="party" stays party; now is "<Name> <value>" per member joined by "; ".
    assert reply.attrs == (("who", "party"), ("op", "rest"), ("rest", "vigil"))
    assert now_of(reply) == (
        "Ada Stand down from the vigil: Resolve 4/4, Harm 0/4, Dawn bell 3/3 charges; "
        "Bram Stand down from the vigil: Resolve 5/5, Harm 0/4"
    )
    assert said(reply) is None
    assert after.party[0].bag == (bell(charges=3),)
    assert after.party[1].sheet.pools == {"resolve": PoolState(current=5)}
    assert after.party[1].sheet.tracks == {"harm": 0}


def test_the_only_rest_is_taken_when_the_tag_names_none(ember: Rules) -> None:
    juno = SheetState(
        abilities={"brawn": 1},
        pools={"grit": PoolState(current=2, temp=1), "luck": PoolState(current=1)},
        tracks={"heat": 3},
        conditions=("shaken", "pinned"),
        states={"stance": "reckless"},
    )
    reply, after = accepted(travellers(juno), c.Rest(who="Juno"), ember)
    assert reply.attrs == (("who", "Juno"), ("op", "rest"), ("rest", "camp"))
    assert (
        now_of(reply)
        == "Make camp: Grit 7/7 (+1 temporary), Luck 2/3, Heat 2/5, Stance Steady, Shaken is off"
    )
    assert said(reply) == "Sheet lists are not kept here, so the tricks were not recharged."
    assert after.party[0].sheet == SheetState(
        abilities={"brawn": 1},
        pools={"grit": PoolState(current=7, temp=1), "luck": PoolState(current=2)},
        tracks={"heat": 2},
        conditions=("pinned",),
        states={"stance": "steady"},
    )


def test_a_breather_leaves_marks_kept_by_kind_to_the_gm_and_says_so(gravewatch: Rules) -> None:
    state = wardens(SheetState(tracks={"harm": 2}))
    reply, after = accepted(state, c.Rest(rest="breather", who="Ada"), gravewatch)
    assert now_of(reply) == "Catch your breath: nothing came back"
    assert said(reply) == (
        'Harm marks are not kept by kind, so its knock marks were left for the GM (op="track").'
    )
    assert after == state


def test_a_long_rest_gives_back_half_the_hit_dice_rounded_down(srd: Rules) -> None:
    sheet = SheetState(fields={"level": 5, "hp_max": 30}, pools={"hit_points": PoolState(current=3)})
    hurt = sheet.model_copy(update={"pools": {**sheet.pools, "hit_dice": PoolState(current=1)}})
    state = GameState(party=(Member(name="Mira", sheet=hurt),))
    reply, after = accepted(state, c.Rest(rest="long"), srd)
    assert (dict(reply.attrs)["who"], now_of(reply)) == ("Mira", "Long rest: Hit points 30/30, Hit dice 3/5")
    assert after.party[0].sheet.pools == {
        "hit_points": PoolState(current=30),
        "hit_dice": PoolState(current=3),
    }


def test_a_recharge_amount_is_rolled_and_never_passes_max_read_off_a_stat(gravewatch: Rules) -> None:
    candle = Item.model_validate(
        {
            "category": "charm",
            "stats": {"target": 4},
            "stack": 1,
            "use": {"kind": "buff", "charges": 1},
            "charges": {
                "max": {"stat": "target"},
                "recharge": {"rests": ["vigil"], "amount": {"dice": "1d4", "flat": 1}},
            },
        }
    )
    invented = InventedItem(key="vigil candle", name="Vigil candle", item=candle)
    stacks = (Stack(name="Vigil candle", count=1, invented="vigil candle", charges=1),)
    state = wardens(bag=stacks).model_copy(update={"invented": (invented,)})
    reply, after = accepted(state, c.Rest(rest="vigil", who="Ada"), gravewatch, seed=0)
    # Dice(0) rolls a 4 on the d4: 1 + 4 + 1 is held to the candle's 4 charges.
    assert now_of(reply) == "Stand down from the vigil: Resolve 4/4, Harm 0/4, Vigil candle 4/4 charges"
    assert after.party[0].bag == (Stack(name="Vigil candle", count=1, invented="vigil candle", charges=4),)


@pytest.mark.parametrize(
    ("command", "reason", "note"),
    [
        pytest.param(
            c.Rest(),
            "unknown-rest",
            "Name the rest: vigil (Stand down from the vigil), breather (Catch your breath).",
            id="no-rest-named-of-several",
        ),
        pytest.param(
            c.Rest(rest="nap"),
            "unknown-rest",
            'No rest is called "nap"; this ruleset has vigil (Stand down from the vigil), breather (Catch your breath).',
            id="unknown-rest",
        ),
        pytest.param(
            c.Rest(rest="vigil", who="Cora"),
            "unknown-character",
            'Nobody in the party is called "Cora" (who=).',
            id="nobody",
        ),
    ],
)
def test_a_rest_that_cannot_be_run_is_refused_and_changes_nothing(
    gravewatch: Rules, command: c.Rest, reason: str, note: str
) -> None:
    state = wardens(SheetState(pools={"resolve": PoolState(current=1)}), (bell(charges=0),))
    answer = refusal(state, command, gravewatch)
    assert (answer.reason, said(answer)) == (reason, note)


# -- pools -------------------------------------------------------------------------------------------------


POOL_OPS = [
    pytest.param(
        c.Spend(pool="Resolve", amount=1),
        PoolState(current=2),
        (("who", "Ada"), ("op", "spend"), ("pool", "resolve"), ("amount", "1")),
        "2/4",
        None,
        id="spend-by-label",
    ),
    pytest.param(
        c.Restore(pool="resolve", amount=3),
        PoolState(current=4),
        (("who", "Ada"), ("op", "restore"), ("pool", "resolve"), ("amount", "3")),
        "4/4",
        "2 more would pass its maximum.",
        id="restore-never-past-max",
    ),
    pytest.param(
        c.Temp(pool="resolve", amount=2),
        PoolState(current=3, temp=2),
        (("who", "Ada"), ("op", "temp"), ("pool", "resolve"), ("amount", "2")),
        "3/4 +2 temp",
        None,
        id="temp-sets-temporary-points",
    ),
    pytest.param(
        c.Damage(pool="resolve", amount=2),
        PoolState(current=1),
        (("who", "Ada"), ("op", "damage"), ("pool", "resolve"), ("amount", "2")),
        "1/4",
        None,
        id="damage-on-a-pool",
    ),
    pytest.param(
        c.Damage(pool="resolve", amount=9),
        PoolState(current=0),
        (("who", "Ada"), ("op", "damage"), ("pool", "resolve"), ("amount", "9")),
        "0/4",
        "Ada's Resolve is down to 0.",
        id="damage-floors-at-zero",
    ),
]


@pytest.mark.parametrize(("command", "pool", "attrs", "now", "note"), POOL_OPS)
def test_a_pool_op_answers_the_pool_after_it(
    gravewatch: Rules,
    command: c.Command,
    pool: PoolState,
    attrs: tuple[tuple[str, str], ...],
    now: str,
    note: str | None,
) -> None:
    state = wardens(SheetState(pools={"resolve": PoolState(current=3)}))
    reply, after = accepted(state, command, gravewatch)
    assert (reply.attrs, now_of(reply), said(reply)) == (attrs, now, note)
    assert after.party[0].sheet.pools == {"resolve": pool}


def test_an_absent_pool_reads_full(ember: Rules) -> None:
    reply, after = accepted(travellers(), c.Spend(pool="grit", amount=2, who="juno"), ember)
    assert (reply.attrs[0], now_of(reply), said(reply)) == (("who", "Juno"), "5/7", None)
    assert after.party[0].sheet.pools == {"grit": PoolState(current=5)}


def test_damage_on_a_pool_takes_temporary_points_first(ember: Rules) -> None:
    juno = SheetState(abilities={"brawn": 1}, pools={"grit": PoolState(current=6, temp=3)})
    reply, after = accepted(travellers(juno), c.Damage(pool="Grit", amount=5), ember)
    assert said(reply) == "3 taken off temporary points first."
    assert after.party[0].sheet.pools == {"grit": PoolState(current=4)}


def test_temporary_points_do_not_stack(ember: Rules) -> None:
    juno = SheetState(abilities={"brawn": 1}, pools={"grit": PoolState(current=6, temp=3)})
    reply, after = accepted(travellers(juno), c.Temp(pool="grit", amount=2), ember)
    assert said(reply) == "Temporary points do not add up: the larger (3) stays."
    assert after.party[0].sheet.pools == {"grit": PoolState(current=6, temp=3)}


@pytest.mark.parametrize(
    ("command", "reason", "now", "note"),
    [
        pytest.param(
            c.Spend(pool="resolve", amount=2), "insufficient", None, "Resolve 1/4.", id="insufficient"
        ),
        pytest.param(
            c.Spend(pool="luck", amount=1),
            "unknown-pool",
            None,
            'No pool is called "luck"; the sheet has resolve (Resolve).',
            id="unknown-pool",
        ),
        pytest.param(
            c.Damage(pool="grit", amount=1),
            "unknown-pool",
            None,
            'No pool is called "grit"; the sheet has resolve (Resolve).',
            id="unknown-pool-damage",
        ),
        pytest.param(
            c.Restore(pool="resolve", amount=1, who="Cora"),
            "unknown-character",
            None,
            'Nobody in the party is called "Cora" (who=).',
            id="nobody",
        ),
    ],
)
def test_a_pool_op_that_cannot_be_run_is_refused_and_changes_nothing(
    gravewatch: Rules, command: c.Command, reason: str, now: str | None, note: str
) -> None:
    state = wardens(SheetState(pools={"resolve": PoolState(current=1)}))
    answer = refusal(state, command, gravewatch)
    assert (answer.reason, now_of(answer), said(answer)) == (reason, now, note)


# -- tracks ------------------------------------------------------------------------------------------------


TRACK_OPS = [
    pytest.param(
        c.Damage(track="harm", kind="T", amount=1),
        (("who", "Ada"), ("op", "damage"), ("track", "harm"), ("kind", "tear"), ("amount", "1")),
        "2",
        "Harm 2/4, Winded.",
        id="damage-with-a-kind-by-its-label",
    ),
    pytest.param(
        c.Damage(track="Harm", kind="burn", amount=1),
        (("who", "Ada"), ("op", "damage"), ("track", "harm"), ("kind", "burn"), ("amount", "1")),
        "2",
        'Harm 2/4, Winded. Harm has no kind "burn" (knock (K), tear (T)); marked without one.',
        id="damage-with-an-unknown-kind",
    ),
    pytest.param(
        c.Damage(track="harm", amount=5),
        (("who", "Ada"), ("op", "damage"), ("track", "harm"), ("amount", "5")),
        "4",
        "Harm 4/4, Down. 2 more did not fit: Harm is full.",
        id="damage-overflow",
    ),
    pytest.param(
        c.Track(track="harm", to=0),
        (("who", "Ada"), ("op", "track"), ("track", "harm"), ("to", "0")),
        "0",
        "Harm 0/4.",
        id="track-to",
    ),
    pytest.param(
        c.Track(track="harm", by=-3),
        (("who", "Ada"), ("op", "track"), ("track", "harm"), ("by", "-3")),
        "0",
        "Harm 0/4. Held to 0..4 (-2 asked).",
        id="track-by-held-to-min",
    ),
]


@pytest.mark.parametrize(("command", "attrs", "now", "note"), TRACK_OPS)
def test_a_track_op_answers_the_marks_after_it(
    gravewatch: Rules, command: c.Command, attrs: tuple[tuple[str, str], ...], now: str, note: str | None
) -> None:
    reply, after = accepted(wardens(SheetState(tracks={"harm": 1})), command, gravewatch)
    assert (reply.attrs, now_of(reply), said(reply)) == (attrs, now, note)
    assert after.party[0].sheet.tracks == {"harm": int(now)}


def test_a_kind_on_a_track_without_kinds_is_ignored_with_a_note(ember: Rules) -> None:
    reply, after = accepted(travellers(), c.Damage(track="heat", kind="fire", amount=2), ember)
    assert (now_of(reply), said(reply)) == (
        "2",
        'Heat 2/5. Heat takes no kinds of harm; kind="fire" was ignored.',
    )
    assert after.party[0].sheet.tracks == {"heat": 2}


def test_a_track_maximum_is_read_off_the_sheet(ember: Rules) -> None:
    juno = SheetState(abilities={"heart": 2})
    reply, after = accepted(travellers(juno), c.Track(track="Strain", to=9), ember)
    assert (now_of(reply), said(reply)) == ("4", "Strain 4/4. Held to 0..4 (9 asked).")
    assert after.party[0].sheet.tracks == {"strain": 4}


def test_an_unknown_track_is_refused(gravewatch: Rules) -> None:
    answer = refusal(wardens(), c.Damage(track="heat", amount=1), gravewatch)
    assert (answer.reason, said(answer)) == (
        "unknown-track",
        'No track is called "heat"; the sheet has harm (Harm).',
    )


# -- conditions and fields -------------------------------------------------------------------------------


CONDITIONS = [
    pytest.param(c.Condition(condition="Marked"), (), ("marked",), "on", None, id="on"),
    pytest.param(
        c.Condition(condition="marked"),
        ("marked",),
        ("marked",),
        "on",
        "Marked is already on.",
        id="already-on",
    ),
    pytest.param(
        c.Condition(condition="rattled", state=False),
        ("rattled", "marked"),
        ("marked",),
        "off",
        None,
        id="off",
    ),
    pytest.param(
        c.Condition(condition="rattled", state=False),
        (),
        (),
        "off",
        "Rattled is already off.",
        id="already-off",
    ),
]


@pytest.mark.parametrize(("command", "before", "after_on", "now", "note"), CONDITIONS)
def test_a_condition_goes_on_and_off(
    gravewatch: Rules,
    command: c.Condition,
    before: tuple[str, ...],
    after_on: tuple[str, ...],
    now: str,
    note: str | None,
) -> None:
    reply, after = accepted(wardens(SheetState(conditions=before)), command, gravewatch)
    assert (now_of(reply), said(reply)) == (now, note)
    assert after.party[0].sheet.conditions == after_on


def test_a_bound_dawn_bell_keeps_rattled_off(gravewatch: Rules) -> None:
    state = wardens(bag=(bell(worn=True, bound=True),))
    answer = refusal(state, c.Condition(condition="rattled"), gravewatch)
    assert (answer.reason, said(answer)) == ("immune", "Dawn bell keeps Rattled off Ada.")


def test_a_bound_dawn_bell_refuses_rattled_even_when_it_is_on_already(gravewatch: Rules) -> None:
    state = wardens(SheetState(conditions=("rattled",)), bag=(bell(worn=True, bound=True),))
    answer = refusal(state, c.Condition(condition="rattled"), gravewatch)
    assert (answer.reason, said(answer)) == ("immune", "Dawn bell keeps Rattled off Ada.")


def test_a_bound_dawn_bell_lets_rattled_be_taken_off(gravewatch: Rules) -> None:
    state = wardens(SheetState(conditions=("rattled",)), bag=(bell(worn=True, bound=True),))
    reply, after = accepted(state, c.Condition(condition="rattled", state=False), gravewatch)
    assert (now_of(reply), said(reply)) == ("off", None)  # now= says it (PEER §11)
    assert after.party[0].sheet.conditions == ()


def test_an_unbound_dawn_bell_does_not(gravewatch: Rules) -> None:
    reply, after = accepted(wardens(bag=(bell(worn=True),)), c.Condition(condition="rattled"), gravewatch)
    assert (now_of(reply), said(reply)) == ("on", None)
    assert after.party[0].sheet.conditions == ("rattled",)


def test_an_unknown_condition_is_refused(gravewatch: Rules) -> None:
    answer = refusal(wardens(), c.Condition(condition="poisoned"), gravewatch)
    assert answer.reason == "unknown-condition"
    assert (
        said(answer) == 'No condition is called "poisoned"; the sheet has rattled (Rattled), marked (Marked).'
    )


NOTES = [
    pytest.param(c.Note(field="Lantern oil", value="4"), "lantern", 4.0, "4", None, id="number"),
    pytest.param(
        c.Note(field="lantern", value="9"),
        "lantern",
        6.0,
        "6",
        "Held to 0..6 (9 asked).",
        id="held",
    ),
    pytest.param(c.Note(field="watch", value="Dawn"), "watch", "dawn", "dawn", None, id="enum"),
    pytest.param(
        c.Note(field="post", value=" North gate "),
        "post",
        "North gate",
        "North gate",
        None,
        id="text",
    ),
]


@pytest.mark.parametrize(("command", "field", "stored", "now", "note"), NOTES)
def test_a_note_writes_a_field_parsed_as_its_type(
    gravewatch: Rules, command: c.Note, field: str, stored: object, now: str, note: str | None
) -> None:
    reply, after = accepted(wardens(), command, gravewatch)
    assert (reply.attrs[2], now_of(reply), said(reply)) == (("field", field), now, note)
    assert after.party[0].sheet.fields == {field: stored}


@pytest.mark.parametrize(
    ("command", "reason", "note"),
    [
        pytest.param(
            c.Note(field="lantern", value="lots"),
            "malformed",
            'Lantern oil is a number, not "lots".',
            id="number",
        ),
        pytest.param(
            c.Note(field="watch", value="noon"),
            "malformed",
            'Watch is one of dusk, night, dawn, not "noon".',
            id="enum",
        ),
        pytest.param(
            c.Note(field="post", value="x" * 61), "malformed", "Post takes at most 60 characters.", id="long"
        ),
        pytest.param(
            c.Note(field="oath", value="x"),
            "unknown-field",
            'No field is called "oath"; the sheet has post (Post), watch (Watch), lantern (Lantern oil).',
            id="unknown",
        ),
    ],
)
def test_a_note_that_cannot_be_stored_is_refused(
    gravewatch: Rules, command: c.Note, reason: str, note: str
) -> None:
    answer = refusal(wardens(), command, gravewatch)
    assert (answer.reason, said(answer)) == (reason, note)


def _immunity_the_long_way(view: LiveSheet, condition_id: str) -> str | None:
    for name, held in view.rules.held_effects(view.member, view.state):
        if condition_id in held.condition_immunities:
            return name
    return None


@pytest.mark.parametrize("ruleset", ["gravewatch", "ember-roads", "srd-5e"])
def test_a_keeper_is_found_as_every_held_item_read_finds_it(ruleset: str) -> None:
    # Each of the book's items alone in a bag, worn and bound or only carried, and beside an invented item
    # that keeps every condition off: the quick look (no keeper held) never misses one the long way finds.
    rules = Rules(load_ruleset(ruleset))
    conditions = [condition.id for condition in rules.ruleset.sheet.live.conditions]
    keeper = Item.model_validate({"category": "gear", "carried": {"conditionImmunities": conditions}})
    invented = InventedItem(key="warding charm", name="Warding charm", item=keeper)
    charm = Stack(name="Warding charm", count=1, invented="warding charm")
    bags: list[tuple[Stack, ...]] = [()]
    for entry in rules.book.items():
        for worn in (False, True):
            bags.append((Stack(name=entry.label, count=1, item=entry.ref, worn=worn, bound=worn),))
    bags += [(*bag, charm) for bag in bags[:40]]
    found = 0
    for bag in bags:
        state = GameState(party=(Member(name="Ada", bag=bag),), invented=(invented,))
        view = LiveSheet(rules, state, 0)
        for condition_id in [*conditions, "no such condition"]:
            expected = _immunity_the_long_way(view, condition_id)
            assert view.immunity(condition_id) == expected, (bag, condition_id)
            found += expected is not None
    assert found
