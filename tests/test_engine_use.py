"""Tests for tagproc.engine.use: using an item outside a fight (spec "Using items outside a fight"), with
seeded dice, exact one-line answers and exact states."""

from __future__ import annotations

import pytest

from tagproc import commands as c
from tagproc.engine.decide import decide
from tagproc.engine.dice import Dice
from tagproc.engine.outcome import Accepted, Answer, BagChanged, Journaled, Refused, SheetChanged, evolve_all
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState, InventedItem, JournalEntry, Member, PoolState, SheetState, Stack
from tagproc.ruleset import Item, load_ruleset

from .engine_support import as_said, bell, now_of, refusal, said, words


@pytest.fixture(scope="module")
def gravewatch() -> Rules:
    return Rules(load_ruleset("gravewatch"))


@pytest.fixture(scope="module")
def ember() -> Rules:
    return Rules(load_ruleset("ember-roads"))


def use(label: str, who: str | None = None) -> c.Use:
    return c.Use(item=c.ItemRef(name=label, label=label), who=who)


def pages(count: int) -> Stack:
    return Stack(name="Page of the vigil litany", count=count, item="kit/litany-page")


def ada(sheet: SheetState | None = None, *bag: Stack) -> GameState:
    return GameState(party=(Member(name="Ada", sheet=sheet or SheetState(), bag=bag), Member(name="Bram")))


def juno(grit: int, poultices: int) -> GameState:
    """Juno with Grit 11 at most (4 + Toughness 6 + Brawn 1) and a stack of poultices, and Pell."""
    sheet = SheetState(
        abilities={"brawn": 1}, fields={"toughness": 6}, pools={"grit": PoolState(current=grit)}
    )
    bag = (Stack(name="Poultice", count=poultices, item="outfitter/poultice"),)
    return GameState(party=(Member(name="Pell"), Member(name="Juno", sheet=sheet, bag=bag)))


def accepted(state: GameState, command: c.Command, rules: Rules, seed: int = 0) -> tuple[Accepted, GameState]:
    decision = decide(state, command, rules, Dice(seed))
    assert isinstance(decision, Accepted), decision
    return decision, evolve_all(state, decision.effects)


# -- heals -------------------------------------------------------------------------------------------------


def test_the_spec_poultice_line_heals_a_health_pool_and_takes_one_off_the_stack(ember: Rules) -> None:
    decision, after = accepted(juno(grit=2, poultices=2), use("Poultice", who="juno"), ember, seed=5)
    # Dice(5) rolls a 3 on the d4: 1d4 + 1 heals 4.
    assert tuple(map(as_said, decision.answers)) == (
        Answer(
            tag="inventory",
            attrs=(("action", "use"), ("item", "Poultice"), ("count", "1"), ("who", "Juno")),
            result="ok",
            now="1",
            notes=words("Juno uses Poultice: heals 4 (Grit 6/11). 1 left."),
        ),
    )
    assert [type(effect) for effect in decision.effects] == [SheetChanged, BagChanged, Journaled]
    assert after.party[1].sheet.pools == {"grit": PoolState(current=6)}
    assert after.party[1].bag == (Stack(name="Poultice", count=1, item="outfitter/poultice"),)
    assert after.journal == (JournalEntry(kind="used", who="Juno", text="Poultice"),)


def test_the_last_poultice_takes_the_stack_and_a_heal_never_passes_max(ember: Rules) -> None:
    # Dice(5) rolls 4, but only 1 fits under the maximum: the line says what came back.
    decision, after = accepted(juno(grit=10, poultices=1), use("Poultice", who="Juno"), ember, seed=5)
    assert (now_of(decision.answers[0]), said(decision.answers[0])) == (
        "0",
        "Juno uses Poultice: heals 1 (Grit 11/11). None left.",
    )
    assert after.party[1].bag == ()
    assert after.party[1].sheet.pools == {"grit": PoolState(current=11)}


def test_a_heal_at_full_health_says_the_pool_is_already_full(ember: Rules) -> None:
    decision, after = accepted(juno(grit=11, poultices=2), use("Poultice", who="Juno"), ember, seed=5)
    assert (now_of(decision.answers[0]), said(decision.answers[0])) == (
        "1",
        "Juno uses Poultice: Grit is already full (11/11). 1 left.",
    )
    assert after.party[1].bag == (Stack(name="Poultice", count=1, item="outfitter/poultice"),)
    assert after.party[1].sheet.pools == {"grit": PoolState(current=11)}


@pytest.mark.parametrize(
    ("resolve", "note"),
    [
        pytest.param(4, "gets back 1 Resolve (Resolve 5/5)", id="what-fits"),
        pytest.param(5, "Resolve is already full (5/5)", id="already-full"),
    ],
)
def test_a_restore_says_what_came_back_not_what_it_gives(gravewatch: Rules, resolve: int, note: str) -> None:
    # Nerve 3: Resolve 5 at most, and the page's Ward gate is skipped; the page gives back 2.
    state = ada(SheetState(abilities={"nerve": 3}, pools={"resolve": PoolState(current=resolve)}), pages(1))
    decision, after = accepted(state, use("Page of the vigil litany"), gravewatch)
    assert said(decision.answers[0]) == f"Ada uses Page of the vigil litany: {note}. None left."
    assert after.party[0].sheet.pools == {"resolve": PoolState(current=5)}


def test_a_warming_tonic_clears_a_wound_mark_and_restores_resolve(gravewatch: Rules) -> None:
    sheet = SheetState(pools={"resolve": PoolState(current=1)}, tracks={"harm": 2})
    state = ada(sheet, Stack(name="Warming tonic", count=3, item="kit/warming-tonic"))
    decision, after = accepted(state, use("Warming tonic"), gravewatch)
    assert said(decision.answers[0]) == (
        "Ada uses Warming tonic: clears a mark (Harm 1/4, Scuffed); gets back 1 Resolve (Resolve 2/4). 2 left."
    )
    assert after.party[0].sheet == SheetState(pools={"resolve": PoolState(current=2)}, tracks={"harm": 1})


def test_a_heal_with_no_mark_to_clear_says_so(gravewatch: Rules) -> None:
    state = ada(None, Stack(name="Warming tonic", count=1, item="kit/warming-tonic"))
    decision, _ = accepted(state, use("Warming tonic"), gravewatch)
    assert said(decision.answers[0]) == (
        "Ada uses Warming tonic: finds no mark to clear (Harm 0/4); Resolve is already full (4/4). None left."
    )


def test_temporary_points_and_applied_conditions_land_on_the_user(ember: Rules) -> None:
    draught = Item.model_validate(
        {
            "category": "remedy",
            "use": {
                "kind": "buff",
                "temporary": {"dice": "1d4"},
                "applies": [{"condition": "wounded"}],
                "consumes": True,
            },
        }
    )
    invented = InventedItem(key="bitter draught", name="Bitter draught", item=draught)
    sheet = SheetState(abilities={"brawn": 1}, pools={"grit": PoolState(current=5)})
    bag = (Stack(name="Bitter draught", count=1, invented="bitter draught"),)
    state = GameState(party=(Member(name="Juno", sheet=sheet, bag=bag),), invented=(invented,))
    decision, after = accepted(state, c.Use(item=c.ItemRef(name="bitter draught")), ember, seed=5)
    assert said(decision.answers[0]) == (
        "Juno uses Bitter draught: 3 temporary points (Grit 5/7 (+3 temporary)); Wounded is on. None left."
    )
    assert after.party[0].sheet.pools == {"grit": PoolState(current=5, temp=3)}
    assert after.party[0].sheet.conditions == ("wounded",)


def test_a_use_with_a_count_makes_that_many_uses_in_one_answer(ember: Rules) -> None:
    # PEER §7: up to N uses, the lines joined by spaces, count= the uses made.
    command = c.Use(item=c.ItemRef(name="Poultice", label="Poultice"), count=2, who="Juno")
    decision, after = accepted(juno(grit=2, poultices=3), command, ember, seed=5)
    assert (
        dict(decision.answers[0].attrs)["count"],
        now_of(decision.answers[0]),
        said(decision.answers[0]),
    ) == (
        "2",
        "1",
        "Juno uses Poultice: heals 4 (Grit 6/11). 2 left. Juno uses Poultice: heals 4 (Grit 10/11). 1 left.",
    )
    assert after.party[1].bag == (Stack(name="Poultice", count=1, item="outfitter/poultice"),)
    assert after.party[1].sheet.pools == {"grit": PoolState(current=10)}


def test_a_use_count_past_what_is_held_stops_at_the_last_and_says_how_many(ember: Rules) -> None:
    command = c.Use(item=c.ItemRef(name="Poultice", label="Poultice"), count=5, who="Juno")
    decision, after = accepted(juno(grit=2, poultices=3), command, ember, seed=5)
    assert (dict(decision.answers[0].attrs)["count"], now_of(decision.answers[0])) == ("3", "0")
    assert (said(decision.answers[0]) or "").endswith("None left.")
    assert after.party[1].bag == ()


# -- gates -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seed", "note", "resolve"),
    [
        pytest.param(
            1,
            "Ada uses Page of the vigil litany: Ward check 1 against 2, failed; it is used up for nothing. 1 left.",
            1,
            id="failed-spec-line",
        ),
        pytest.param(
            0,
            "Ada uses Page of the vigil litany: Ward check 2 against 2, passed; gets back 2 Resolve (Resolve 3/4). "
            "1 left.",
            3,
            id="passed",
        ),
    ],
)
def test_a_gate_is_rolled_first_and_a_failed_one_uses_the_item_for_nothing(
    gravewatch: Rules, seed: int, note: str, resolve: int
) -> None:
    # Nerve 2 and no Ward rating throw two d10s against 7; two successes are needed.
    state = ada(SheetState(pools={"resolve": PoolState(current=1)}), pages(2))
    decision, after = accepted(state, use("Page of the vigil litany"), gravewatch, seed=seed)
    assert said(decision.answers[0]) == note
    assert after.party[0].bag == (pages(1),)
    assert after.party[0].sheet.pools == {"resolve": PoolState(current=resolve)}


def test_a_gate_is_skipped_when_unless_holds(gravewatch: Rules) -> None:
    state = ada(SheetState(abilities={"nerve": 3}, pools={"resolve": PoolState(current=1)}), pages(1))
    decision, _ = accepted(state, use("Page of the vigil litany"), gravewatch, seed=1)
    assert said(decision.answers[0]) == (
        "Ada uses Page of the vigil litany: gets back 2 Resolve (Resolve 3/5). None left."
    )


def test_a_wound_penalty_and_a_worn_item_move_the_gate_pool(gravewatch: Rules) -> None:
    # Nerve 2, +1 for the bound Dawn bell on Ward, -1 for Winded: two dice, as unhurt without the bell.
    sheet = SheetState(pools={"resolve": PoolState(current=1)}, tracks={"harm": 2})
    state = ada(sheet, pages(2), bell(worn=True, bound=True))
    decision, _ = accepted(state, use("Page of the vigil litany"), gravewatch, seed=1)
    assert said(decision.answers[0]) == (
        "Ada uses Page of the vigil litany: Ward check 1 against 2, failed; it is used up for nothing. 1 left."
    )


@pytest.mark.parametrize(
    ("bells", "note"),
    [
        pytest.param(
            (bell(), bell(worn=True, bound=True)),
            "Ward check 2 against 2, passed; gets back 2 Resolve (Resolve 3/4)",
            id="spare-listed-first",
        ),
        pytest.param(
            (bell(worn=True, bound=True), bell()),
            "Ward check 2 against 2, passed; gets back 2 Resolve (Resolve 3/4)",
            id="worn-listed-first",
        ),
        pytest.param(
            (bell(worn=True, bound=True), bell(worn=True, bound=True)),
            "Ward check 2 against 2, passed; gets back 2 Resolve (Resolve 3/4)",
            id="two-worn-count-once",
        ),
        pytest.param(
            (bell(), bell()),
            "Ward check 1 against 2, failed; it is used up for nothing",
            id="only-carried-adds-nothing",
        ),
    ],
)
def test_a_worn_item_moves_the_gate_once_whatever_the_order_of_the_bag(
    gravewatch: Rules, bells: tuple[Stack, ...], note: str
) -> None:
    # Nerve 2 and +1 on Ward while a Dawn bell is worn and bound: Dice(3) throws 1 success of 2 dice, 2 of 3.
    state = ada(SheetState(pools={"resolve": PoolState(current=1)}), *bells, pages(1))
    decision, _ = accepted(state, use("Page of the vigil litany"), gravewatch, seed=3)
    assert said(decision.answers[0]) == f"Ada uses Page of the vigil litany: {note}. None left."


# -- charges and breaking ----------------------------------------------------------------------------------


def test_a_dawn_bell_rung_outside_a_fight_lands_on_nobody_and_spends_a_charge(gravewatch: Rules) -> None:
    decision, after = accepted(ada(None, bell(worn=True, bound=True)), use("Dawn bell"), gravewatch)
    assert now_of(decision.answers[0]) == "1"
    assert said(decision.answers[0]) == (
        "Ada uses Dawn bell: aimed at the other side, it lands on nobody outside a fight; narrate it: "
        "a Steel save against 7 negates it, Rattled for 2 rounds. 2 of 3 charges left."
    )
    assert after.party[0].bag == (bell(worn=True, bound=True, charges=2),)
    assert after.party[0].sheet == SheetState()


def test_the_last_charge_breaks_the_bell_on_a_low_roll(gravewatch: Rules) -> None:
    # Dice(31) rolls a 1 on the d20: at or under atMost 1.
    state = ada(None, bell(worn=True, bound=True, charges=1))
    decision, after = accepted(state, use("Dawn bell"), gravewatch, seed=31)
    assert now_of(decision.answers[0]) == "0"
    assert said(decision.answers[0]) == (
        "Ada uses Dawn bell: aimed at the other side, it lands on nobody outside a fight; narrate it: "
        "a Steel save against 7 negates it, Rattled for 2 rounds. Its last charge spent, it breaks."
    )
    assert after.party[0].bag == ()
    assert after.journal == (
        JournalEntry(kind="used", who="Ada", text="Dawn bell"),
        JournalEntry(kind="lost", who="Ada", text="Dawn bell"),
    )


def test_the_last_charge_leaves_the_bell_whole_on_a_high_roll(gravewatch: Rules) -> None:
    # Dice(0) rolls a 13 on the d20.
    state = ada(None, bell(worn=True, bound=True, charges=1))
    decision, after = accepted(state, use("Dawn bell"), gravewatch, seed=0)
    assert said(decision.answers[0]).endswith(" 0 of 3 charges left.")  # type: ignore[union-attr]
    assert after.party[0].bag == (bell(worn=True, bound=True, charges=0),)
    assert after.journal == (JournalEntry(kind="used", who="Ada", text="Dawn bell"),)


def test_the_worn_bell_is_used_before_a_spare(gravewatch: Rules) -> None:
    state = ada(None, bell(charges=3), bell(worn=True, bound=True, charges=2))
    _, after = accepted(state, use("Dawn bell"), gravewatch)
    assert after.party[0].bag == (bell(charges=3), bell(worn=True, bound=True, charges=1))


# -- no use, refusals --------------------------------------------------------------------------------------


def test_a_plain_item_is_refused_not_ruleset_item_and_changes_nothing(gravewatch: Rules) -> None:
    state = ada(None, Stack(name="Rope", count=1))
    decision = decide(state, c.Use(item=c.ItemRef(name="rope")), gravewatch, Dice(0))
    assert isinstance(decision, Refused)
    assert (decision.answer.reason, said(decision.answer)) == (
        "not-ruleset-item",
        "Rope is not an item of this ruleset: it has no use the rules work out; narrate it.",
    )


def test_a_ruleset_item_without_a_use_is_refused_no_use(gravewatch: Rules) -> None:
    state = ada(None, Stack(name="Grave spade", count=1, item="kit/grave-spade"))
    decision = decide(state, use("Grave spade"), gravewatch, Dice(0))
    assert isinstance(decision, Refused)
    assert (decision.answer.reason, said(decision.answer)) == (
        "no-use",
        "Grave spade has no use the rules work out; narrate it.",
    )


@pytest.mark.parametrize(
    ("state", "command", "reason", "note"),
    [
        pytest.param(
            ada(),
            use("Warming tonic"),
            "none-held",
            "Ada holds no Warming tonic.",
            id="none-held",
        ),
        pytest.param(
            ada(None, bell()),
            use("Dawn bell"),
            "not-worn",
            "Dawn bell is used only while it is worn and bound.",
            id="not-worn",
        ),
        pytest.param(
            ada(None, bell(worn=True)),
            use("Dawn bell"),
            "not-worn",
            "Dawn bell is used only while it is worn and bound.",
            id="worn-not-bound",
        ),
        pytest.param(
            ada(None, bell(worn=True, bound=True, charges=0)),
            use("Dawn bell"),
            "none-left",
            "Dawn bell has 0 of 3 charges left.",
            id="none-left",
        ),
        pytest.param(
            ada(None, pages(1)),
            use("Page of the vigil litany", who="Cora"),
            "unknown-character",
            'Nobody in the party is called "Cora" (who=).',
            id="nobody",
        ),
    ],
)
def test_a_use_that_cannot_be_made_is_refused_and_changes_nothing(
    gravewatch: Rules, state: GameState, command: c.Use, reason: str, note: str
) -> None:
    answer = refusal(state, command, gravewatch)
    assert (answer.reason, said(answer)) == (reason, note)


def test_without_who_the_item_is_used_out_of_the_players_own_bag_only() -> None:
    from tagproc import Game

    game = Game("ember-roads", ["Ada", {"name": "Juno", "bag": [{"item": "Poultice", "count": 1}]}], seed=3)
    first, second = game.reply('[inventory: use item="Poultice"] [inventory: use item="Poultice"]').answers
    # PEER §7: the user's own bag only; Juno's poultice is not Ada's.
    assert (
        first
        == second
        == (
            '[inventory: action="use" item="Poultice" count="1" result="refused" reason="none-held" '
            'note="Ada holds no Poultice."]'
        )
    )
