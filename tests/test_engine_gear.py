"""Tests for tagproc.engine.gear: taking starting gear into a bag, whole or not at all (spec "Starting gear").

Shipped rulesets cover groups, choices, picks, coins, equip and (srd-5e) weight; what they lack is built here
from them: layers that take items or coins out, plain names, services, too many stacks, a gear without a group
beside a group of its name. A service in a gear, or a ``name`` line where ``freeform`` is ``"refuse"``, is one
the import refuses, so those rulesets are built past the checks (as a catalog in its own file is, checked only
when the gear is taken): the engine holds to the spec there too.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from tagproc.actions import GearAction
from tagproc.engine.dice import Dice
from tagproc.engine.gear import GearError, decide_gear, gear_problems
from tagproc.engine.outcome import Accepted, Answer, Refused, evolve_all
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState, JournalEntry, Member, Stack
from tagproc.game import Game
from tagproc.notes import note
from tagproc.ruleset import Ruleset
from tagproc.ruleset.load import parse_ruleset, shipped_text

from .engine_support import (
    as_said,
    bag_of,
    coins,
    item,
    member,
    party,
    rules_for,
    said_each,
    words,
)

ENGINE = Path(__file__).resolve().parent.parent / "tagproc" / "engine"
NOTES = Path(__file__).resolve().parent.parent / "prompts" / "notes" / "gear.jinja"


# --- rulesets built for what the shipped ones lack ---------------------------------------------------------


def _data(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(shipped_text(name) or "{}")
    return data


def _layer(data: dict[str, Any], layer: dict[str, Any]) -> dict[str, Any]:
    data.setdefault("layers", []).append(layer)
    return data


@cache
def lean_gravewatch() -> Rules:
    """Gravewatch under a layer that takes out the lantern coat, both keepsakes and the shilling."""
    layer = {
        "id": "lean",
        "label": "Lean years",
        "catalogs": [{"id": "kit", "hide": {"entries": ["lantern-coat", "silver-nail", "warming-tonic"]}}],
        "items": {"currencies": {"removeUnits": ["shilling"]}},
    }
    return Rules(parse_ruleset(_layer(_data("gravewatch"), layer)), ("lean",))


@cache
def no_small_coins() -> Rules:
    """Gravewatch with only crowns left: 30 pennies cannot be counted out in them."""
    layer = {
        "id": "crowns",
        "label": "Crowns only",
        "items": {"currencies": {"removeUnits": ["penny", "shilling"]}},
    }
    return Rules(parse_ruleset(_layer(_data("gravewatch"), layer)), ("crowns",))


@cache
def no_gold() -> Rules:
    """srd-5e without gold pieces: an acolyte's 15 gp come as platinum and electrum, largest first."""
    layer = {"id": "no_gold", "label": "No gold", "items": {"currencies": {"removeUnits": ["gp"]}}}
    return Rules(parse_ruleset(_layer(_data("srd-5e"), layer)), ("no_gold",))


@cache
def srd_with_names() -> Rules:
    """srd-5e with a gear of plain names: one fine, one with brackets, one with ``{{``."""
    data = _data("srd-5e")
    data["items"]["startingGear"].append(
        {
            "id": "pilgrim",
            "label": "Pilgrim",
            "lines": [
                {"name": "Prayer  beads", "count": 2},
                {"name": "Holy [symbol]"},
                {"name": "A {{ relic"},
            ],
        }
    )
    return Rules(Ruleset.model_validate(data))  # past the import's label check, as a file it never saw


@cache
def gravewatch_unchecked() -> Rules:
    """Gravewatch with gear the import refuses (a service, a plain name where freeform is "refuse"), and a
    gear with no group beside a group of the same name."""
    data = _data("gravewatch")
    data["items"]["startingGear"].extend(
        [
            {"id": "lodger", "label": "Lodger", "lines": [{"item": "kit/watch-house-bed"}]},
            {
                "id": "pilgrim",
                "label": "Pilgrim",
                "lines": [
                    {"oneOf": ["kit/watch-house-bed", "kit/silver-nail"]},
                    {"name": "Prayer beads"},
                    {"item": "kit/black-candle"},
                ],
            },
            {
                "id": "trinkets",
                "label": "Trinkets",
                "group": "keepsakes",
                "lines": [{"item": "kit/black-candle"}],
            },
            {
                "id": "nailer",
                "label": "Nailer",
                "lines": [{"item": "kit/silver-nail", "count": 3, "equip": True}],
            },
        ]
    )
    return Rules(Ruleset.model_validate(data))


@cache
def heaps() -> Rules:
    """srd-5e with weightless longswords one to a stack, and a gear of 201 of them."""
    data = _data("srd-5e")
    for catalog in data["catalogs"]:
        for entry in catalog.get("entries", []) if catalog["id"] == "equipment" else []:
            if entry["id"] == "longsword":
                entry["item"]["stack"] = 1
                entry["item"]["stats"]["weight"] = 0  # stack room runs out, not strength
    data["items"]["startingGear"].append(
        {"id": "hoarder", "label": "Hoarder", "lines": [{"item": "equipment/longsword", "count": 201}]}
    )
    return Rules(parse_ruleset(data))


# --- running a gear --------------------------------------------------------------------------------------


def take(rules: Rules, state: GameState, action: GearAction) -> tuple[list[Answer], GameState]:
    """Take the gear; assert it was accepted; its answers as said, and the state after."""
    decision = decide_gear(state, action, rules, Dice(0))
    assert isinstance(decision, Accepted), decision
    return [as_said(a) for a in decision.answers], evolve_all(state, decision.effects)


def refused(rules: Rules, state: GameState, action: GearAction) -> Answer:
    """Take the gear; assert it was refused and the state is byte-identical; its one answer as said."""
    before = state.model_dump_json()
    decision = decide_gear(state, action, rules, Dice(0))
    assert isinstance(decision, Refused), decision
    assert state.model_dump_json() == before
    return as_said(decision.answer)


def add(name: str, count: int, now: int, who: str | None = None, said: str | None = None) -> Answer:
    attrs = (("action", "add"), ("item", name), ("count", str(count))) + ((("who", who),) if who else ())
    return Answer(tag="inventory", attrs=attrs, result="ok", now=str(now), notes=words(said))


def gear_refused(gear: str, reason: str, said: str, who: str | None = None) -> Answer:
    attrs = (("gear", gear),) + ((("who", who),) if who else ())
    return Answer(tag="gear", attrs=attrs, result="refused", reason=reason, notes=words(said))


def stack(name: str, count: int, ref: str, **flags: object) -> Stack:
    return Stack.model_validate({"name": name, "count": count, "item": ref, **flags})


GRAVEWATCH = rules_for("gravewatch")
SRD = rules_for("srd-5e")


def gained(state: GameState) -> list[tuple[str, str, str, str | None]]:
    return [(e.kind, e.who, e.text, e.source) for e in state.journal]


# --- shipped gear --------------------------------------------------------------------------------------


def test_a_gravedigger_takes_the_spade_on_the_shillings_and_the_coat_put_on() -> None:
    state = party(member("Ada"))
    answers, after = take(GRAVEWATCH, state, GearAction(gear="gravedigger", options=("A lantern coat",)))
    assert answers == [
        add("Grave spade", 1, 1, said="Put on."),
        add("shillings", 4, 4),
        add("Lantern coat", 1, 1, said="Put on."),
    ]
    assert after.party[0].bag == (
        stack("Grave spade", 1, "kit/grave-spade", worn=True),
        coins("shilling", 4),
        stack("Lantern coat", 1, "kit/lantern-coat", worn=True),
    )
    assert after.party[0].gear_taken == ("group:calling",)
    assert gained(after) == [
        ("acquired", "Ada", "Grave spade ×1", "gear:Gravedigger"),
        ("acquired", "Ada", "shillings ×4", "gear:Gravedigger"),
        ("acquired", "Ada", "Lantern coat ×1", "gear:Gravedigger"),
    ]


def test_gear_is_found_by_label_and_options_and_picks_in_any_case_into_the_bag_who_names() -> None:
    state = party(member("Ada"), member("Bram", item("Black candle", 1)))
    action = GearAction(gear="CHAPEL WARDEN", who="Bram", options=("black CANDLES",))
    answers, after = take(GRAVEWATCH, state, action)
    assert answers == [
        add("Page of the vigil litany", 2, 2, who="Bram"),
        add("pennies", 30, 30, who="Bram"),
        add("Black candle", 3, 4, who="Bram"),
    ]
    assert bag_of(after, 1) == [("Black candle", 4), ("Page of the vigil litany", 2), ("pennies", 30)]
    assert after.party[0] == state.party[0]
    assert after.party[1].gear_taken == ("group:calling",)


def test_who_is_answered_by_the_members_name_as_a_tags_ok_answer_writes_it() -> None:
    answers, _ = take(
        GRAVEWATCH, party(member("Ada")), GearAction(gear="keepsakes", who="ada", picks=("kit/silver-nail",))
    )
    assert answers == [add("Silver coffin nail", 1, 1, who="Ada")]


def test_a_pick_is_a_label_in_any_case_or_a_catalog_entry() -> None:
    for pick in ("warming TONIC", "kit/warming-tonic"):
        answers, after = take(GRAVEWATCH, party(member("Ada")), GearAction(gear="Keepsakes", picks=(pick,)))
        assert answers == [add("Warming tonic", 1, 1)]
        assert after.party[0].gear_taken == ("gear:keepsakes",)


def test_a_fighter_takes_shield_and_chain_mail_put_on_and_the_picked_sword() -> None:
    state = party(member("Ada"))
    action = GearAction(gear="fighter", options=("Chain mail", "Pick one"), picks=("Longsword",))
    answers, after = take(SRD, state, action)
    assert answers == [
        add("Shield", 1, 1, said="Put on."),
        add("Chain Mail", 1, 1, said="Put on."),
        add("Longsword", 1, 1),
    ]
    assert after.party[0].bag == (
        stack("Shield", 1, "equipment/shield", worn=True),
        stack("Chain Mail", 1, "equipment/chain-mail", worn=True),
        stack("Longsword", 1, "equipment/longsword"),
    )
    assert after.party[0].gear_taken == ("group:class",)


def test_an_acolyte_gets_gold_and_plain_vestments() -> None:
    answers, after = take(SRD, party(member("Ada")), GearAction(gear="acolyte"))
    assert answers == [add("gold pieces", 15, 15), add("Vestments", 1, 1)]
    assert after.party[0].bag == (coins("gp", 15, "srd-5e"), Stack(name="Vestments", count=1))
    assert after.party[0].gear_taken == ("group:background",)


# --- groups ----------------------------------------------------------------------------------------------


def test_a_group_taken_is_refused_a_second_time_unless_taken_again() -> None:
    _, state = take(
        GRAVEWATCH, party(member("Ada")), GearAction(gear="gravedigger", options=("Two warming tonics",))
    )
    state = state.model_copy(update={"journal": ()})
    assert refused(
        GRAVEWATCH, state, GearAction(gear="chapel-warden", options=("A shuttered lantern",))
    ) == gear_refused(
        "Chapel warden",
        "already-taken",
        "Ada already took calling gear; taking it again is the player's choice.",
    )
    again = GearAction(gear="chapel-warden", options=("A shuttered lantern",), again=True)
    answers, after = take(GRAVEWATCH, state, again)
    assert answers == [
        add("Page of the vigil litany", 2, 2),
        add("pennies", 30, 30),
        add("Shuttered lantern", 1, 1),
    ]
    assert after.party[0].gear_taken == ("group:calling",)


def test_a_group_is_each_members_own() -> None:
    _, state = take(
        GRAVEWATCH,
        party(member("Ada"), member("Bram")),
        GearAction(gear="keepsakes", picks=("Silver coffin nail",)),
    )
    answers, after = take(
        GRAVEWATCH, state, GearAction(gear="keepsakes", who="Bram", picks=("Silver coffin nail",))
    )
    assert answers == [add("Silver coffin nail", 1, 1, who="Bram")]
    assert [m.gear_taken for m in after.party] == [("gear:keepsakes",), ("gear:keepsakes",)]


def test_gear_without_a_group_is_never_the_group_of_the_same_name() -> None:
    rules = gravewatch_unchecked()
    _, state = take(rules, party(member("Ada")), GearAction(gear="keepsakes", picks=("Silver coffin nail",)))
    answers, after = take(rules, state, GearAction(gear="trinkets"))
    assert answers == [add("Black candle", 1, 1)]
    assert after.party[0].gear_taken == ("gear:keepsakes", "group:keepsakes")
    assert refused(rules, after, GearAction(gear="keepsakes", picks=("Silver coffin nail",))) == gear_refused(
        "Keepsakes",
        "already-taken",
        "Ada already took Keepsakes; taking it again is the player's choice.",
    )


# --- layers, services and plain names --------------------------------------------------------------------


def test_an_item_a_layer_takes_out_is_left_out_and_named_and_coins_are_paid_in_the_coins_left() -> None:
    state = party(member("Ada"))
    answers, after = take(
        lean_gravewatch(), state, GearAction(gear="gravedigger", options=("A lantern coat",))
    )
    assert answers == [
        add("Grave spade", 1, 1, said="Put on. Not in this game, left out: Lantern coat."),
        add("pennies", 48, 48, said="4 shillings: not a coin of this game, given as pennies ×48."),
    ]
    assert bag_of(after) == [("Grave spade", 1), ("pennies", 48)]
    assert gained(after) == [
        ("acquired", "Ada", "Grave spade ×1", "gear:Gravedigger"),
        ("acquired", "Ada", "pennies ×48", "gear:Gravedigger"),
    ]


def test_coins_a_layer_takes_out_come_in_the_largest_coins_left_of_the_same_worth() -> None:
    answers, after = take(no_gold(), party(member("Ada")), GearAction(gear="acolyte"))
    paid = "15 gold pieces: not a coin of this game, given as platinum pieces ×1, electrum pieces ×10."
    assert answers == [
        add("platinum pieces", 1, 1, said=paid),
        add("electrum pieces", 10, 10),
        add("Vestments", 1, 1),
    ]
    assert bag_of(after) == [("platinum pieces", 1), ("electrum pieces", 10), ("Vestments", 1)]


def test_coins_no_coin_left_can_count_out_are_left_out_and_named() -> None:
    action = GearAction(gear="chapel-warden", options=("A shuttered lantern",))
    answers, _ = take(no_small_coins(), party(member("Ada")), action)
    assert answers == [
        add("Page of the vigil litany", 2, 2, said="No coin of this game pays them, left out: pennies ×30."),
        add("Shuttered lantern", 1, 1),
    ]


def test_a_list_all_of_whose_items_a_layer_takes_out_is_left_out_and_gear_with_nothing_left_is_refused() -> (
    None
):
    state = party(member("Ada"))
    answer = refused(lean_gravewatch(), state, GearAction(gear="keepsakes", picks=("Silver coffin nail",)))
    assert answer == gear_refused(
        "Keepsakes",
        "nothing-left",
        "Nothing of Keepsakes is left in this game: it was not taken. "
        "Nothing to pick from, left out: Silver coffin nail / Warming tonic.",
    )


def test_a_service_is_never_taken_from_a_line_or_a_list() -> None:
    rules = gravewatch_unchecked()
    state = party(member("Ada"))
    assert refused(rules, state, GearAction(gear="lodger")) == gear_refused(
        "Lodger",
        "nothing-left",
        "Nothing of Lodger is left in this game: it was not taken. "
        "A service is never carried, left out: A bed at the watch-house.",
    )
    answers, after = take(rules, state, GearAction(gear="pilgrim", picks=("A bed at the watch-house",)))
    assert answers == [
        add(
            "Black candle",
            1,
            1,
            said="A service is never carried, left out: A bed at the watch-house. "
            "Only this ruleset's items are taken, left out: Prayer beads.",
        )
    ]
    assert bag_of(after) == [("Black candle", 1)]


def test_plain_names_are_taken_where_freeform_allows_and_a_name_a_label_cannot_have_is_left_out() -> None:
    answers, after = take(srd_with_names(), party(member("Ada")), GearAction(gear="pilgrim"))
    assert answers == [
        add("Prayer beads", 2, 2, said="Not a name an item can have, left out: Holy [symbol], A {{ relic."),
    ]
    assert after.party[0].bag == (Stack(name="Prayer beads", count=2),)


# --- weight and stacks -----------------------------------------------------------------------------------


FIGHTER = GearAction(gear="fighter", options=("chain mail", "a greataxe"))  # 6 + 55 + 7 = 68 lb


def test_gear_too_heavy_for_what_the_bearer_can_still_carry_is_refused_whole() -> None:
    state = party(member("Ada", item("Chain Mail", 2, ruleset="srd-5e")))  # 110 of 150 lb
    assert refused(SRD, state, FIGHTER) == gear_refused(
        "Fighter", "too-heavy", "The gear weighs 68 lb; Ada can still carry 40 lb."
    )
    weak = party(member("Ada"), member("Bram", abilities={"str": 4}))  # Bram: 60 lb at most
    assert refused(SRD, weak, FIGHTER.model_copy(update={"who": "Bram"})) == gear_refused(
        "Fighter", "too-heavy", "The gear weighs 68 lb; Bram can still carry 60 lb.", who="Bram"
    )


def test_gear_that_just_fits_is_taken_even_past_encumbrance() -> None:
    # 55 + 27 = 82 of 150 lb held: 68 more is exactly the limit (encumbered above 50 lb)
    state = party(
        member("Ada", item("Chain Mail", 1, ruleset="srd-5e"), item("Longsword", 9, ruleset="srd-5e"))
    )
    answers, after = take(SRD, state, FIGHTER)
    assert answers == [
        add("Shield", 1, 1, said="Put on."),
        add("Chain Mail", 1, 2, said="Put on."),
        add("Greataxe", 1, 1),
    ]
    assert SRD.load(after.party[0], after) == 150


def test_an_equip_line_of_several_puts_on_as_many_as_have_free_slots() -> None:
    answers, after = take(gravewatch_unchecked(), party(member("Ada")), GearAction(gear="nailer"))
    assert answers == [add("Silver coffin nail", 3, 3, said="2 of 3 put on; the rest is carried.")]
    assert after.party[0].bag == (  # as wearing splits them: what is left of the stack, then each worn one
        stack("Silver coffin nail", 1, "kit/silver-nail"),
        stack("Silver coffin nail", 1, "kit/silver-nail", worn=True),
        stack("Silver coffin nail", 1, "kit/silver-nail", worn=True),
    )


def test_equip_with_no_free_slot_leaves_the_item_carried_and_says_so() -> None:
    state = party(member("Ada", stack("Lantern coat", 1, "kit/lantern-coat", worn=True)))
    answers, after = take(GRAVEWATCH, state, GearAction(gear="gravedigger", options=("a lantern coat",)))
    assert answers == [
        add("Grave spade", 1, 1, said="Put on."),
        add("shillings", 4, 4),
        add(
            "Lantern coat",
            1,
            2,
            said="Carried, not put on: No free Body: Ada has 1, 1 in use (Lantern coat worn there).",
        ),
    ]
    assert after.party[0].bag == (
        stack("Lantern coat", 1, "kit/lantern-coat", worn=True),
        stack("Grave spade", 1, "kit/grave-spade", worn=True),
        coins("shilling", 4),
        stack("Lantern coat", 1, "kit/lantern-coat"),
    )


def test_gear_that_needs_more_stacks_than_a_bag_takes_is_refused_whole() -> None:
    full = party(member("Ada", *(Stack(name=f"Pebble {n}", count=1) for n in range(200))))
    assert refused(
        GRAVEWATCH, full, GearAction(gear="keepsakes", picks=("Silver coffin nail",))
    ) == gear_refused(
        "Keepsakes", "too-many", "No bag takes more than 200 stacks: Keepsakes does not fit in Ada's."
    )


def test_a_count_that_needs_more_stacks_than_a_bag_takes_is_refused_whole() -> None:
    answer = refused(heaps(), party(member("Ada")), GearAction(gear="hoarder"))
    assert answer == gear_refused(
        "Hoarder", "too-many", "No bag takes more than 200 stacks: Hoarder does not fit in Ada's."
    )


# --- refusals before anything is looked at ---------------------------------------------------------------


def test_an_unknown_member_is_refused_in_the_gears_own_shape() -> None:
    state = party(member("Ada"))
    assert refused(
        GRAVEWATCH, state, GearAction(gear="keepsakes", who="Zed", picks=("Silver coffin nail",))
    ) == gear_refused(
        "Keepsakes", "unknown-character", 'Nobody in the party is called "Zed" (who=).', who="Zed"
    )


@pytest.mark.parametrize(
    ("action", "problems"),
    [
        pytest.param(
            GearAction(gear="smith"),
            [("gear", 'No starting gear "smith" (starting gear: gravedigger, chapel-warden, keepsakes)')],
            id="unknown-gear",
        ),
        pytest.param(
            GearAction(gear="gravedigger"),
            [("options", '"Gravedigger" has 1 choices; 0 options given')],
            id="too-few-options",
        ),
        pytest.param(
            GearAction(gear="gravedigger", options=("A fur cloak",)),
            [
                (
                    "options.0",
                    '"Against the cold" has no option "A fur cloak" (A lantern coat, Two warming tonics)',
                )
            ],
            id="unknown-option",
        ),
        pytest.param(
            GearAction(gear="keepsakes"),
            [("picks", "1 of these lines are a pick; 0 picks given")],
            id="too-few-picks",
        ),
        pytest.param(
            GearAction(gear="keepsakes", picks=("Grave spade",)),
            [("picks.0", '"Grave spade" is not one of Silver coffin nail, Warming tonic')],
            id="pick-not-in-the-list",
        ),
        pytest.param(
            GearAction(gear="chapel-warden", options=("Black candles", "A cat"), picks=("x",)),
            [
                ("options", '"Chapel warden" has 1 choices; 2 options given'),
            ],
            id="too-many-options",
        ),
    ],
)
def test_what_the_gear_does_not_offer_is_a_problem_and_deciding_it_raises(
    action: GearAction, problems: list[tuple[str, str]]
) -> None:
    assert gear_problems(action, GRAVEWATCH) == problems
    with pytest.raises(GearError):
        decide_gear(party(member("Ada")), action, GRAVEWATCH, Dice(0))


def test_picks_follow_the_gears_own_lines_then_the_chosen_options_lines() -> None:
    fighter = GearAction(
        gear="fighter", options=("Leather armor and a longbow", "Pick one"), picks=("battleaxe",)
    )
    assert gear_problems(fighter, SRD) == []
    assert gear_problems(fighter.model_copy(update={"picks": ()}), SRD) == [
        ("picks", "1 of these lines are a pick; 0 picks given")
    ]
    assert gear_problems(
        GearAction(gear="fighter", options=("Chain mail", "A greataxe"), picks=("Longsword",)), SRD
    ) == [("picks", "0 of these lines are a pick; 1 picks given")]


# --- the whole path: Game.take_gear ----------------------------------------------------------------------


def test_a_game_takes_gear_as_a_turn_of_its_own_answered_as_adds() -> None:
    game = Game("gravewatch", ["Ada", "Bram"])
    result = game.take_gear("Gravedigger", options=["Two warming tonics"])
    assert result.kind == "gear"
    assert result.answers == (
        '[inventory: action="add" item="Grave spade" count="1" result="ok" now="1" note="Put on."]',
        '[inventory: action="add" item="shillings" count="4" result="ok" now="4"]',
        '[inventory: action="add" item="Warming tonic" count="2" result="ok" now="2"]',
    )
    assert result.journal == (
        JournalEntry(kind="acquired", who="Ada", text="Grave spade ×1", source="gear:Gravedigger"),
        JournalEntry(kind="acquired", who="Ada", text="shillings ×4", source="gear:Gravedigger"),
        JournalEntry(kind="acquired", who="Ada", text="Warming tonic ×2", source="gear:Gravedigger"),
    )
    assert bag_of(game.state) == [("Grave spade", 1), ("shillings", 4), ("Warming tonic", 2)]
    assert game.state.party[0].gear_taken == ("group:calling",)


def test_a_game_refuses_gear_whole_and_leaves_the_state_as_it_was() -> None:
    game = Game("gravewatch", ["Ada", "Bram"])
    game.take_gear("keepsakes", picks=["Silver coffin nail"])
    before = game.state.model_dump_json()
    result = game.take_gear("keepsakes", picks=["Warming tonic"])
    assert result.answers == (
        '[gear: gear="Keepsakes" result="refused" reason="already-taken" note="Ada already took Keepsakes; '
        "taking it again is the player's choice.\"]",
    )
    assert result.journal == ()  # a turn's state keeps only its own journal: the rest is compared whole
    assert (
        game.state.model_copy(update={"journal": ()}).model_dump_json()
        == GameState.model_validate_json(before).model_copy(update={"journal": ()}).model_dump_json()
    )


def test_a_game_refuses_gear_too_heavy_saying_what_it_weighs() -> None:
    game = Game("srd-5e", [Member(name="Ada", bag=(item("Chain Mail", 2, ruleset="srd-5e"),))])
    before = game.state.model_dump_json()
    result = game.take_gear("fighter", who="Ada", options=["Chain mail", "A greataxe"])
    assert result.answers == (
        '[gear: gear="Fighter" who="Ada" result="refused" reason="too-heavy" '
        'note="The gear weighs 68 lb; Ada can still carry 40 lb."]',
    )
    assert game.state.model_dump_json() == before


# --- the notes ---------------------------------------------------------------------------------------------


_CODE = re.compile(r'"gear\.([a-z_]+)"')
_MACRO = re.compile(r"\{% macro ([a-z_]+)\(")


def test_every_gear_note_has_a_macro_with_a_comment_saying_when_it_is_said() -> None:
    text = NOTES.read_text("utf-8")
    macros = _MACRO.findall(text)
    source = (ENGINE / "gear.py").read_text("utf-8")
    used = set(_CODE.findall(source)) | {
        "left_out_" + why for why in ("layer", "list", "coins", "service", "plain", "bad_name")
    }
    assert used == set(macros)
    lines = text.splitlines()
    for index, line in enumerate(lines):
        if line.startswith("{% macro"):
            assert lines[index - 1].startswith("{#-"), line


def test_the_gear_notes_say_their_words() -> None:
    assert said_each(
        (
            note("gear.too_heavy", gear="Kit", weight="2.5", who="Ada", room="0", unit=None),
            note("gear.put_on_only", worn=1, count=2),
            note("gear.left_out_layer", names=("Lantern coat", "Silver coffin nail")),
        )
    ) == (
        "The gear weighs 2.5; Ada can still carry 0.",
        "1 of 2 put on; the rest is carried.",
        "Not in this game, left out: Lantern coat, Silver coffin nail.",
    )
