"""Inspect (spec "Spotting fakes"), on a small 5e ruleset built from the spec's own examples of "Spotting fakes", and on Gravewatch (its pewter coffin nail, its fence).

The small ruleset (also read by tests/test_engine_noticing.py) hasthe SRD's sheet and resolution (a d20 and the ability's modifier, advantage rolls twice), and only: a Potion of
Healing, the Potion of Poison that passes for it (the spec's two tells, ``foolsReveal: ["identify"]``), a
Poisoner's Kit; ``namesItAt`` 5, ``revealsFakes`` Identify and Detect Poison and Disease; a temple (honest) and
the spec's Fence (dishonest, its manner with ``advantageIf``), whose stock table rolls the fake.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest

from tagproc.engine import inspect as inspecting
from tagproc.engine.decide import decide
from tagproc.engine.dice import Dice
from tagproc.engine.inspect import best, can_make, lean, passive, rolled
from tagproc.engine.outcome import Accepted, Answer, evolve_all
from tagproc.engine.rules import Rules
from tagproc.engine.sheet import LiveSheet
from tagproc.engine.state import GameState, JournalEntry, MarketDay, Member, SheetState, Stack
from tagproc.notes import Note, note
from tagproc.render import Renderer, prompts_path
from tagproc.ruleset.item import Tell
from tagproc.ruleset.load import parse_ruleset, shipped_text
from tests.engine_support import command, item, party, refusal, rules_for, said

HEALING = "magic_items/potion-of-healing"
POISON = "magic_items/potion-of-poison"
KIT = "equipment/poisoners-kit"

KIT_TELL = {
    "check": {"value": {"derived": "poisoners_kit_check"}},
    "dc": 13,
    "carries": {"anyOf": [KIT]},
    "says": "a faint bitterness under the sweetness",
}
ARCANA_TELL = {"check": {"skill": "arcana"}, "dc": 18, "says": "its magic does not feel like healing magic"}
MANNER = {
    "check": {"skill": "insight"},
    "dc": 13,
    "advantageIf": [{"value": {"derived": "knows_trade"}, "atLeast": 1}],
    "says": "their eyes slide away when you ask about it",
}


@cache
def small_5e(arcana: bool = True, warn_by: str | None = None) -> Rules:
    """The small ruleset; ``arcana=False`` leaves the fake only its kit tell; ``warn_by`` sets ``warnBy``."""
    data = json.loads(shipped_text("srd-5e") or "{}")
    keep = {KIT, HEALING, POISON}
    for catalog in data["catalogs"]:
        if catalog.get("holds", "items") == "items":
            catalog["entries"] = [e for e in catalog["entries"] if f"{catalog['id']}/{e['id']}" in keep]
    data["catalogs"] = [c for c in data["catalogs"] if c["entries"]]
    data.pop("layers", None)
    for catalog in data["catalogs"]:
        for entry in catalog["entries"]:
            if f"{catalog['id']}/{entry['id']}" == POISON:
                entry["item"]["tells"] = [KIT_TELL, ARCANA_TELL] if arcana else [KIT_TELL]
                entry["item"]["foolsReveal"] = ["identify"]
    items = data["items"]
    items.pop("startingGear", None)
    items["lootTables"] = [
        {"id": "fence_lot", "label": "The fence's lot", "entries": [{"item": POISON, "weight": 1}]}
    ]
    items["namesItAt"] = 5
    items["revealsFakes"] = [
        {"id": "identify", "label": "Identify"},
        {"id": "detect-poison", "label": "Detect Poison and Disease", "items": [POISON]},
    ]
    if warn_by is not None:
        items["warnBy"] = warn_by
    items["market"] = {
        "prices": [{"id": "fair", "label": "fair", "times": 1, "default": True}],
        "places": [{"id": "village", "label": "village"}, {"id": "town", "label": "town"}],
        "sold": [{"filter": {"tag": "magical"}, "place": "town"}],
        "sellers": [
            {"id": "temple", "label": "temple", "sells": [{"category": "potion"}], "place": "town"},
            {
                "id": "fence",
                "label": "Fence",
                "honest": False,
                "sells": [{"tag": "magical"}],
                "place": "town",
                "stock": {"table": "fence_lot"},
                "manner": MANNER,
            },
        ],
    }
    return Rules(parse_ruleset(data))


def fake_healing(**flags: object) -> Stack:
    """A Potion of Poison that fools: shown as a Potion of Healing."""
    return Stack.model_validate(
        {"name": "Potion of Healing", "count": 1, "item": POISON, "passes_as": HEALING, **flags}
    )


def healing(**flags: object) -> Stack:
    return Stack.model_validate({"name": "Potion of Healing", "count": 1, "item": HEALING, **flags})


def kit() -> Stack:
    return Stack(name="Poisoner's Kit", count=1, item=KIT)


def ada(*bag: Stack) -> Member:
    """The player: Intelligence 10, Wisdom 10, no kit proficiency, no ties to the trade."""
    return Member(name="Ada", bag=bag, sheet=SheetState(abilities={"int": 10, "wis": 10}))


def mira(*bag: Stack) -> Member:
    """Intelligence 16 (+3), Poisoner's kit proficiency 2: her kit check is +5."""
    return Member(
        name="Mira",
        bag=bag,
        sheet=SheetState(abilities={"int": 16, "wis": 10}, fields={"poisoners_kit_bonus": 2}),
    )


def bo(*bag: Stack) -> Member:
    """Wisdom 14 (+2), knows the trade in stolen goods (advantage on the Fence's manner)."""
    return Member(
        name="Bo", bag=bag, sheet=SheetState(abilities={"int": 10, "wis": 14}, fields={"underworld_ties": 1})
    )


def in_town(state: GameState, seed: int = 1) -> GameState:
    day = MarketDay(place="Waterdeep", size="town", seed=seed)
    return state.model_copy(update={"place": "Waterdeep", "place_size": "town", "day": day})


def run(rules: Rules, state: GameState, tag: str, seed: int = 0) -> tuple[Answer, GameState]:
    """Run ``tag`` accepted: its one answer, and the state after."""
    decision = decide(state, command(rules, state, tag), rules, Dice(seed))
    assert isinstance(decision, Accepted), decision
    (reply,) = decision.answers
    return reply, evolve_all(state, decision.effects)


def refused(rules: Rules, state: GameState, tag: str) -> tuple[str | None, str | None]:
    """Run ``tag``: refused, the state byte-identical; its reason and note."""
    reply = refusal(state, command(rules, state, tag), rules)
    return reply.reason, said(reply)


def inspect_tag(who: str, item_name: str = "Potion of Healing", **more: str) -> str:
    extra = "".join(f' {key.rstrip("_")}="{value}"' for key, value in more.items())
    return f'[inventory: action="inspect" item="{item_name}" who="{who}"{extra}]'


# Dice: Dice(0)'s first d20 is 13, Dice(7)'s 11, Dice(1)'s 5 (then 19), Dice(5)'s 20, Dice(2)'s 2 then 3.


# -- the checks -----------------------------------------------------------------------------------------


def test_a_tell_that_carries_a_kit_is_made_only_with_the_kit_in_ones_own_bag() -> None:
    rules = small_5e()
    tell = Tell.model_validate(KIT_TELL)
    state = party(mira(), ada(kit()))
    assert not can_make(tell, LiveSheet(rules, state, 0))
    assert can_make(tell, LiveSheet(rules, state, 1))


def test_needs_are_all_met_and_needs_any_one_of_them() -> None:
    rules = small_5e()
    state = party(mira(), bo())
    int_13 = {"value": {"abilityScore": "int"}, "atLeast": 13}
    wis_13 = {"value": {"abilityScore": "wis"}, "atLeast": 13}
    both = Tell.model_validate({**ARCANA_TELL, "needs": [int_13, wis_13]})
    either = Tell.model_validate({**ARCANA_TELL, "needsAny": [int_13, wis_13]})
    mira_view, bo_view = LiveSheet(rules, state, 0), LiveSheet(rules, state, 1)
    assert [can_make(both, mira_view), can_make(both, bo_view)] == [False, False]
    assert [can_make(either, mira_view), can_make(either, bo_view)] == [True, True]


def test_advantage_and_disadvantage_each_on_any_one_line_and_both_cancel() -> None:
    rules = small_5e()
    state = party(bo(), ada())
    bo_view, ada_view = LiveSheet(rules, state, 0), LiveSheet(rules, state, 1)
    manner = Tell.model_validate(MANNER)
    wise = {"value": {"abilityScore": "wis"}, "atLeast": 12}
    worse = Tell.model_validate(
        {**MANNER, "disadvantageIf": [{"value": {"abilityScore": "str"}, "atLeast": 99}, wise]}
    )
    assert [lean(manner, bo_view), lean(manner, ada_view)] == [1, 0]
    assert [lean(worse, bo_view), lean(worse, ada_view)] == [0, 0]
    only_worse = Tell.model_validate({**ARCANA_TELL, "disadvantageIf": [wise]})
    assert lean(only_worse, bo_view) == -1
    # passive: passiveBase 10 + the number (Insight: Wisdom +2) + 5 with advantage, 5 less with disadvantage
    assert passive(manner, bo_view).total == 17
    assert passive(worse, bo_view).total == 12
    assert passive(only_worse, bo_view).total == 5  # Arcana: Intelligence +0, 10 - 5


def test_a_rolled_check_uses_the_rulesets_dice_and_rolls_twice_with_a_lean() -> None:
    rules = small_5e()
    state = party(bo(), mira(kit()))
    entry = rules.book.get(POISON)
    assert entry is not None
    manner = Tell.model_validate(MANNER)
    # Dice(1) rolls 5 then 19: with advantage the 19 is kept, + Wisdom 2
    assert rolled(manner, LiveSheet(rules, state, 0), Dice(1), entry).total == 21
    # the kit check: Dice(0)'s 13 + Intelligence 3 + proficiency 2 (a value off the sheet)
    assert rolled(Tell.model_validate(KIT_TELL), LiveSheet(rules, state, 1), Dice(0), entry).total == 18
    worse = Tell.model_validate({**MANNER, "advantageIf": [], "disadvantageIf": MANNER["advantageIf"]})
    assert rolled(worse, LiveSheet(rules, state, 0), Dice(1), entry).total == 7  # 5 kept, + 2


def test_the_best_check_is_the_one_the_passive_number_clears_by_most() -> None:
    rules = small_5e()
    tells = [Tell.model_validate(KIT_TELL), Tell.model_validate(ARCANA_TELL)]
    with_kit = party(mira(kit()))
    without = party(mira())
    assert best(tells, LiveSheet(rules, with_kit, 0)) == tells[0]  # 15 against 13 beats 13 against 18
    assert best(tells, LiveSheet(rules, without, 0)) == tells[1]
    assert best(tells[:1], LiveSheet(rules, without, 0)) is None


# -- inspecting an item in one's bag --------------------------------------------------------------------


def test_a_fake_named_by_a_tell_met_by_names_it_at_or_more_is_found_out() -> None:
    rules = small_5e()
    state = party(ada(), mira(fake_healing(), kit()))
    reply, after = run(rules, state, inspect_tag("mira"), seed=0)  # 13 + 5 = 18: 5 over 13
    assert (reply.result, reply.attrs, said(reply)) == (
        "ok",
        (("action", "inspect"), ("item", "Potion of Healing"), ("who", "Mira")),
        "Mira sees it is a Potion of Poison.",
    )
    assert reply.now is None
    assert after.party[1].bag[0] == Stack(
        name="Potion of Poison", count=1, item=POISON, inspected_by=("Mira",)
    )
    assert after.party[0] == state.party[0] and after.party[1].bag[1] == kit()
    assert after.journal == (
        JournalEntry(kind="changed", who="Mira", text="Potion of Healing ×1 was Potion of Poison"),
    )


def test_a_fake_a_tell_gives_away_is_suspect_and_still_passes_for_what_it_seems() -> None:
    rules = small_5e()
    state = party(ada(), mira(fake_healing(), kit()))
    reply, after = run(rules, state, inspect_tag("Mira"), seed=7)  # 11 + 5 = 16
    assert said(reply) == "Mira thinks it is a fake: a faint bitterness under the sweetness."
    assert after.party[1].bag[0] == fake_healing(suspected_by=("Mira",), inspected_by=("Mira",))


def test_a_failed_look_says_they_cannot_tell_and_spends_the_try() -> None:
    rules = small_5e()
    state = party(ada(), mira(fake_healing(), kit()))
    reply, after = run(rules, state, inspect_tag("Mira"), seed=1)  # 5 + 5 = 10
    assert said(reply) == "Mira cannot tell."
    assert after.party[1].bag[0] == fake_healing(inspected_by=("Mira",))
    assert refused(rules, after, inspect_tag("Mira")) == (
        "already-tried",
        "Mira has already looked the Potion of Healing over; a second look tells nothing more.",
    )


def test_each_character_tries_once_per_item_and_another_may_still_try() -> None:
    rules = small_5e()
    state = party(ada(fake_healing()), mira())
    _, after = run(rules, state, inspect_tag("Ada"), seed=1)
    assert refused(rules, after, inspect_tag("Ada"))[0] == "already-tried"
    # Mira looks over Ada's potion? No: each looks over their own bag; Ada hands it over first.
    given = after.model_copy(update={"party": (ada(), mira(after.party[0].bag[0]))})
    reply, later = run(rules, given, inspect_tag("Mira"), seed=5)  # Arcana: 20 + 3 = 23, 5 over 18
    assert said(reply) == "Mira sees it is a Potion of Poison."
    assert later.party[1].bag[0].inspected_by == ("Ada", "Mira")


def test_without_the_kit_the_best_check_is_arcana() -> None:
    rules = small_5e()
    state = party(ada(fake_healing()))
    reply, after = run(rules, state, inspect_tag("Ada"), seed=5)  # 20 + 0 = 20: 2 over 18
    assert said(reply) == "Ada thinks it is a fake: its magic does not feel like healing magic."
    assert after.party[0].bag[0].suspected_by == ("Ada",)


def test_a_real_item_rolls_the_tells_of_the_fakes_that_pass_for_it() -> None:
    rules = small_5e()
    state = party(ada(), mira(healing(), kit()))
    reply, after = run(rules, state, inspect_tag("Mira"), seed=0)  # 18: would name a fake
    assert said(reply) == "It looks genuine."
    assert after.party[1].bag[0] == healing(inspected_by=("Mira",))
    reply, after = run(rules, state, inspect_tag("Mira"), seed=1)
    assert said(reply) == "Mira cannot tell."
    assert after.party[1].bag[0] == healing(inspected_by=("Mira",))


def test_the_first_stack_of_that_name_not_yet_looked_over_is_inspected() -> None:
    rules = small_5e()
    state = party(mira(healing(), fake_healing(), kit()))
    _, after = run(rules, state, inspect_tag("Mira"), seed=1)
    assert [stack.inspected_by for stack in after.party[0].bag] == [("Mira",), (), ()]
    reply, later = run(rules, after, inspect_tag("Mira"), seed=7)
    assert said(reply) == "Mira thinks it is a fake: a faint bitterness under the sweetness."
    assert later.party[0].bag[1] == fake_healing(suspected_by=("Mira",), inspected_by=("Mira",))
    assert refused(rules, later, inspect_tag("Mira"))[0] == "already-tried"


def test_nothing_to_check_spends_no_try() -> None:
    rules = small_5e(arcana=False)
    state = party(ada(fake_healing()), mira(kit()))
    assert refused(rules, state, inspect_tag("Ada")) == (
        "nothing-to-check",
        "Ada has no way to check the Potion of Healing (no check they can make); no try is spent.",
    )
    assert refused(rules, state, inspect_tag("Mira", "Poisoner's Kit")) == (
        "nothing-to-check",
        "Nothing could give the Poisoner's Kit away: there is nothing to check.",
    )


def test_a_fake_found_out_is_its_true_item_and_nothing_passes_for_it() -> None:
    rules = small_5e()
    state = party(ada(Stack(name="Potion of Poison", count=1, item=POISON)))
    assert refused(rules, state, inspect_tag("Ada", "Potion of Poison"))[0] == "nothing-to-check"
    assert refused(rules, state, inspect_tag("Ada"))[0] == "none-held"


def test_refusals_none_held_and_unknown_character() -> None:
    rules = small_5e()
    state = party(ada(), mira(fake_healing()))
    assert refused(rules, state, inspect_tag("Ada")) == ("none-held", "Ada holds no Potion of Healing.")
    assert refused(rules, state, inspect_tag("Zed"))[0] == "unknown-character"


# -- a way of seeing through fakes ----------------------------------------------------------------------


def test_a_way_that_reads_the_fake_names_it_and_costs_no_try() -> None:
    rules = small_5e()
    state = party(ada(fake_healing()))
    reply, after = run(rules, state, inspect_tag("ada", with_="detect poison and disease"))
    assert reply.attrs == (
        ("action", "inspect"),
        ("item", "Potion of Healing"),
        ("who", "Ada"),
        ("with", "Detect Poison and Disease"),
    )
    assert said(reply) == "Detect Poison and Disease shows it is a Potion of Poison."
    assert after.party[0].bag == (Stack(name="Potion of Poison", count=1, item=POISON),)
    assert after.journal == (
        JournalEntry(kind="changed", who="Ada", text="Potion of Healing ×1 was Potion of Poison"),
    )


def test_a_fake_whose_fools_reveal_lists_the_way_shows_as_what_it_passes_for() -> None:
    rules = small_5e()
    state = party(ada(fake_healing()), mira(healing()))
    fooled, after = run(rules, state, inspect_tag("Ada", with_="identify"))
    real, _ = run(rules, state, inspect_tag("Mira", with_="Identify"))
    assert said(fooled) == said(real) == "Identify shows it is genuine."
    assert after == state  # no try is spent: Ada may still look it over
    reply, _ = run(rules, after, inspect_tag("Ada"), seed=5)
    assert said(reply) == "Ada thinks it is a fake: its magic does not feel like healing magic."


def test_a_way_that_reads_only_some_fakes_is_unsure_of_a_real_item() -> None:
    rules = small_5e()
    state = party(ada(healing()))
    reply, after = run(rules, state, inspect_tag("Ada", with_="Detect Poison and Disease"))
    assert said(reply) == "Detect Poison and Disease shows nothing either way."
    assert after == state


def test_an_unknown_way_is_refused() -> None:
    rules = small_5e()
    state = party(ada(fake_healing()))
    assert refused(rules, state, inspect_tag("Ada", with_="Bless")) == (
        "unknown-way",
        '"Bless" is not a way of seeing through fakes here (ways: Identify, Detect Poison and Disease).',
    )


# -- a ware a seller shows today ------------------------------------------------------------------------


def _fence_stocks_the_fake(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fence's stock rolled the fake today (what the fakes helper's marketday keeps for a dishonest
    seller); pinned here so the test does not depend on the day's dice."""
    from tagproc.engine import marketday

    def stock(rules: Rules, day: MarketDay, seller: object) -> tuple[tuple[str, int], ...]:
        return ((POISON, 1),) if getattr(seller, "id", None) == "fence" else ()

    monkeypatch.setattr(marketday, "stock_rolled", stock)


def test_a_ware_a_dishonest_seller_shows_is_checked_with_their_manner_and_remembered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _fence_stocks_the_fake(monkeypatch)
    rules = small_5e()
    state = in_town(party(ada(), bo()))
    # Bo's best check is the manner (17 passive, advantage): Dice(1) rolls 5 and 19, 19 + 2 = 21
    reply, after = run(rules, state, inspect_tag("Bo", seller="the fence"), seed=1)
    assert reply.attrs == (
        ("action", "inspect"),
        ("item", "Potion of Healing"),
        ("who", "Bo"),
        ("seller", "Fence"),
    )
    assert (
        said(reply)
        == "Bo thinks something is off about the seller: their eyes slide away when you ask about it."
    )
    assert after.party == state.party
    assert after.day is not None and after.day.inspected == (("Bo", "fence", HEALING),)
    assert refused(rules, after, inspect_tag("Bo", seller="Fence"))[0] == "already-tried"
    # Dice(2) rolls 2 and 3: 3 + 2 = 5
    reply, _ = run(rules, state, inspect_tag("Bo", seller="Fence"), seed=2)
    assert said(reply) == "Bo cannot tell."


def test_a_fake_ware_named_or_suspected_changes_nothing_but_the_try(monkeypatch: pytest.MonkeyPatch) -> None:
    _fence_stocks_the_fake(monkeypatch)
    rules = small_5e()
    state = in_town(party(ada(), mira(kit())))
    reply, after = run(rules, state, inspect_tag("Mira", seller="Fence"), seed=0)
    assert said(reply) == "Mira sees it is a Potion of Poison."
    assert after.party == state.party and after.day is not None
    assert after.day.inspected == (("Mira", "fence", HEALING),)
    reply, _ = run(rules, state, inspect_tag("Mira", seller="Fence"), seed=7)
    assert said(reply) == "Mira thinks it is a fake: a faint bitterness under the sweetness."
    reply, after = run(rules, state, inspect_tag("Mira", seller="Fence", with_="Detect Poison and Disease"))
    assert said(reply) == "Detect Poison and Disease shows it is a Potion of Poison."
    assert after == state


def test_a_fake_bought_out_of_the_stock_today_is_no_longer_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    _fence_stocks_the_fake(monkeypatch)
    rules = small_5e()
    state = in_town(party(ada(), mira(kit())))
    assert state.day is not None
    bought = state.model_copy(
        update={"day": state.day.model_copy(update={"stock_bought": (("fence", POISON, 1),)})}
    )
    reply, _ = run(rules, bought, inspect_tag("Mira", seller="Fence"), seed=0)
    assert said(reply) == "It looks genuine."  # the Fence's shelves: a real one


def test_a_real_ware_of_an_honest_seller_rolls_the_fakes_tells() -> None:
    rules = small_5e()
    state = in_town(party(ada(), mira(kit())))
    reply, after = run(rules, state, inspect_tag("Mira", seller="temple"), seed=0)
    assert said(reply) == "It looks genuine."
    assert after.day is not None and after.day.inspected == (("Mira", "temple", HEALING),)
    # the same ware at another seller is another ware
    reply, _ = run(rules, after, inspect_tag("Mira", seller="Fence"), seed=1)
    assert said(reply) == "Mira cannot tell."


def test_a_seller_not_here_or_not_showing_it_is_no_seller() -> None:
    rules = small_5e()
    state = in_town(party(ada(kit())))
    assert refused(rules, state, inspect_tag("Ada", "Poisoner's Kit", seller="Fence")) == (
        "no-seller",
        "The Fence shows no Poisoner's Kit today.",
    )
    assert refused(rules, state, inspect_tag("Ada", "Potion of Poison", seller="Fence"))[0] == "no-seller"
    assert refused(rules, state, inspect_tag("Ada", seller="smith")) == (
        "no-seller",
        '"smith" is not a seller here (sellers here: temple, Fence).',
    )
    assert refused(rules, party(ada()), inspect_tag("Ada", seller="Fence"))[0] == "no-seller"
    village = state.model_copy(
        update={"day": MarketDay(place="Ash", size="village", seed=1), "place_size": "village"}
    )
    assert refused(rules, village, inspect_tag("Ada", seller="Fence"))[0] == "no-seller"


def test_a_ware_with_nothing_to_check_or_an_unknown_way_spends_no_try() -> None:
    rules = small_5e(arcana=False)
    state = in_town(party(ada()))
    assert refused(rules, state, inspect_tag("Ada", seller="temple")) == (
        "nothing-to-check",
        "Ada has no way to check the Potion of Healing (no check they can make); no try is spent.",
    )
    assert refused(rules, state, inspect_tag("Ada", seller="temple", with_="Bless"))[0] == "unknown-way"


def test_a_way_still_works_after_the_try_is_spent() -> None:
    rules = small_5e()
    state = party(ada(fake_healing(inspected_by=("Ada",))))
    assert refused(rules, state, inspect_tag("Ada"))[0] == "already-tried"
    reply, after = run(rules, state, inspect_tag("Ada", with_="Detect Poison and Disease"))
    assert said(reply) == "Detect Poison and Disease shows it is a Potion of Poison."
    assert after.party[0].bag == (
        Stack(name="Potion of Poison", count=1, item=POISON, inspected_by=("Ada",)),
    )


# -- Gravewatch: the pewter coffin nail, a dice pool ----------------------------------------------------


def _pewter(**flags: object) -> Stack:
    return Stack.model_validate(
        {
            "name": "Silver coffin nail",
            "count": 1,
            "item": "kit/pewter-nail",
            "passes_as": "kit/silver-nail",
            **flags,
        }
    )


def _warden(name: str, *bag: Stack, listen: str | None = None) -> Member:
    fields: dict[str, float | str | bool] = {"listen": listen} if listen else {}
    return Member(name=name, bag=bag, sheet=SheetState(abilities={"nerve": 3, "sinew": 2}, fields=fields))


def test_gravewatch_the_pewter_nail_by_its_dice_pool() -> None:
    rules = rules_for("gravewatch")
    state = party(_warden("Ada", _pewter(), listen="rating_1"))
    # Listen: a pool of Nerve 3 + rating 1 = 4 d10, 7 or more a success; dc 2, namesItAt 2
    # Dice(0): 7, 7, 1, 5 -> 2 successes: suspect
    reply, after = run(rules, state, inspect_tag("Ada", "Silver coffin nail"), seed=0)
    assert said(reply) == "Ada thinks it is a fake: it rings dull when tapped on a gravestone."
    assert after.party[0].bag[0] == _pewter(suspected_by=("Ada",), inspected_by=("Ada",))
    # Dice(11): 8, 9, 8, 8 -> 4 successes, 2 over: named
    reply, after = run(rules, state, inspect_tag("Ada", "Silver coffin nail"), seed=11)
    assert said(reply) == "Ada sees it is a Pewter coffin nail."
    # found out: its true item, the suspicion settled, the journal says what it was
    assert after.party[0].bag[0] == Stack(
        name="Pewter coffin nail", count=1, item="kit/pewter-nail", inspected_by=("Ada",)
    )
    assert [entry.text for entry in after.journal] == ["Silver coffin nail ×1 was Pewter coffin nail"]


def test_gravewatch_ways_the_blessing_is_fooled_the_assay_cannot_read_pewter() -> None:
    rules = rules_for("gravewatch")
    state = party(_warden("Ada", _pewter(), item("Silver coffin nail")))
    fooled, after = run(rules, state, inspect_tag("Ada", "Silver coffin nail", with_="Blessing of the Vigil"))
    assert said(fooled) == "Blessing of the Vigil shows it is genuine." and after == state
    assay, after = run(rules, state, inspect_tag("Ada", "Silver coffin nail", with_="assay"))
    assert said(assay) == "Silversmith's assay shows nothing either way." and after == state


# -- the notes (prompts/notes/inspect.jinja) --------------------------------------------------------------

SAID = [
    (
        note("inspect.suspect", who="Mira", says="a faint bitterness"),
        "Mira thinks it is a fake: a faint bitterness.",
    ),
    (note("inspect.named", who="Mira", name="Potion of Poison"), "Mira sees it is a Potion of Poison."),
    (note("inspect.genuine", who="Mira"), "It looks genuine."),
    (note("inspect.cannot_tell", who="Mira"), "Mira cannot tell."),
    (
        note("inspect.seller_off", who="Bo", says="he names a price before you have asked one"),
        "Bo thinks something is off about the seller: he names a price before you have asked one.",
    ),
    (
        note("inspect.way_named", way="Identify", name="Potion of Poison"),
        "Identify shows it is a Potion of Poison.",
    ),
    (note("inspect.way_genuine", way="Identify"), "Identify shows it is genuine."),
    (note("inspect.way_unsure", way="Silversmith's assay"), "Silversmith's assay shows nothing either way."),
    (note("inspect.not_shown", seller="Fence", item="Rope"), "The Fence shows no Rope today."),
    (
        note("inspect.unknown_way", way="Bless", known=()),
        '"Bless" is not a way of seeing through fakes here: this ruleset has none.',
    ),
    (
        note("inspect.already_tried", who="Ada", item="Potion of Healing"),
        "Ada has already looked the Potion of Healing over; a second look tells nothing more.",
    ),
    (
        note("inspect.nothing_to_check", who="Ada", item="Rope", checks=False),
        "Nothing could give the Rope away: there is nothing to check.",
    ),
]


@pytest.mark.parametrize(("said_as", "words"), SAID, ids=[one.code for one, _ in SAID])
def test_each_inspect_note_is_said_in_its_words(said_as: Note, words: str) -> None:
    assert Renderer().say(said_as) == words


def test_every_inspect_macro_is_said_by_the_module_tested_here_and_says_when() -> None:
    source = Path(inspecting.__file__).read_text(encoding="utf-8")
    codes = set(re.findall(r'note\(\s*"(inspect\.[a-z_]+)"', source))
    lines = (Path(str(prompts_path())) / "notes" / "inspect.jinja").read_text(encoding="utf-8").splitlines()
    macros = {f"inspect.{name}" for name in re.findall(r"\{% macro ([a-z_]+)\(", "\n".join(lines))}
    assert codes == macros == {one.code for one, _ in SAID}
    for index, line in enumerate(lines):
        if line.startswith("{% macro"):
            assert lines[index - 1].startswith("{#-"), line
