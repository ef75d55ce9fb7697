"""Tests for tagproc.engine.fight: a fight's outcome, step by step (spec "Loot", "Ammunition and reloading",
"Using items in a fight", "Items in Classic and Tactical battles").

Rulesets: Ember Roads (a bestiary without loot tables, native on; the Hunting bow shoots Arrows back at
half), Gravewatch (loot tables, native off, no bestiary; the Watch pistol's clip, the Dawn bell's charges
and breaksOn) and ``tests/rulesets/fight-bestiary.json`` (Fen Wardens: a bestiary whose creatures carry
loot tables, two bows on one kind of arrow, a crossbow with a clip, a lantern that always breaks on its
last charge, carry rules).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import TypeVar

import pytest

from tagproc.actions import FightAction, Shot, Spent, Used
from tagproc.engine.dice import Dice
from tagproc.engine.fight import FightError, decide_fight, fight_problems
from tagproc.engine.outcome import evolve_all
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState, Stack
from tagproc.game import Game
from tagproc.render import Renderer, prompts_path
from tagproc.ruleset import load_ruleset
from tagproc.ruleset.load import parse_ruleset

from .engine_support import bag_of, bell, item, member, party, rules_for

T = TypeVar("T")

FEN = str(Path(__file__).resolve().parent / "rulesets" / "fight-bestiary.json")
ENGINE = Path(__file__).resolve().parent.parent / "tagproc" / "engine"


@cache
def _renderer() -> Renderer:
    return Renderer()


class ScriptedDice(Dice):
    """Dice that give what a test scripts: ``dies`` for ``die``, ``rolls`` for ``roll``, ``picks`` (indices)
    for ``pick``."""

    def __init__(
        self, dies: Sequence[int] = (), rolls: Sequence[int] = (), picks: Sequence[int] = ()
    ) -> None:
        super().__init__(0)
        self._dies, self._rolls, self._picks = list(dies), list(rolls), list(picks)

    def die(self, sides: int) -> int:
        return self._dies.pop(0)

    def roll(self, expression: str | int) -> int:
        return expression if isinstance(expression, int) else self._rolls.pop(0)

    def pick(self, options: Sequence[T], weights: Sequence[int] | None = None) -> T:
        return options[self._picks.pop(0)]


def fen(label: str, count: int = 1, **flags: object) -> Stack:
    return item(label, count, ruleset=FEN, **flags)


def ember(label: str, count: int = 1, **flags: object) -> Stack:
    return item(label, count, ruleset="ember-roads", **flags)


def grave(label: str, count: int = 1, **flags: object) -> Stack:
    return item(label, count, ruleset="gravewatch", **flags)


def fight(
    rules: Rules, state: GameState, action: FightAction, dice: Dice | None = None
) -> tuple[list[str], GameState]:
    """The fight decided: its answers as the GM reads them, and the state after."""
    decision = decide_fight(state, action, rules, dice or Dice(1))
    return _renderer().render_answers(decision.answers), evolve_all(state, decision.effects)


def journal(state: GameState) -> list[tuple[str, str, str, str | None]]:
    return [(entry.kind, entry.who, entry.text, entry.source) for entry in state.journal]


def won(
    *defeated: str, shot: Sequence[Shot] = (), spent: Sequence[Spent] = (), used: Sequence[Used] = ()
) -> FightAction:
    return FightAction(
        outcome="won", defeated=defeated, shot=tuple(shot), spent=tuple(spent), used=tuple(used)
    )


# -- shots and pickups -----------------------------------------------------------------------------------


def test_half_of_five_arrows_shot_out_of_one_quiver_is_two() -> None:
    # spec: "the share is added up over the whole fight and rounded down once for each stack, so half of
    # five arrows shot out of one quiver is two" (two shots of 2 and 3: 1 + 1 per step would be right too,
    # but 2.5 rounded once is what the spec says).
    state = party(member("Ada", ember("Hunting bow"), ember("Arrows", 20)))
    action = won(shot=[Shot(weapon="Hunting bow", count=2), Shot(weapon="hunting BOW", count=3)])
    lines, after = fight(rules_for("ember-roads"), state, action)
    assert lines == [
        '[inventory: action="remove" item="Arrows" count="2" result="ok" now="18" note="Shot with Hunting bow."]',
        '[inventory: action="remove" item="Arrows" count="3" result="ok" now="15" note="Shot with Hunting bow."]',
        '[inventory: action="add" item="Arrows" count="2" result="ok" now="17" '
        'note="Picked up after the fight (2 of 5 shot)."]',
    ]
    assert bag_of(after) == [("Hunting bow", 1), ("Arrows", 17)]
    assert journal(after) == [
        ("used", "Ada", "Arrows ×2", "shot"),
        ("used", "Ada", "Arrows ×3", "shot"),
        ("acquired", "Ada", "Arrows ×2", "picked-up"),
    ]


def test_two_weapons_shooting_one_stack_add_their_shares_before_rounding() -> None:
    # Longbow 3 × 0.5 = 1.5 and Reed bow 5 × 0.1 = 0.5: two back; rounded per weapon it would be one.
    state = party(member("Ada", fen("Longbow"), fen("Reed bow"), fen("Arrows", 10)))
    action = won(shot=[Shot(weapon="Longbow", count=3), Shot(weapon="Reed bow", count=5)])
    lines, after = fight(rules_for(FEN), state, action)
    assert lines[-1] == (
        '[inventory: action="add" item="Arrows" count="2" result="ok" now="4" '
        'note="Picked up after the fight (2 of 8 shot)."]'
    )
    assert bag_of(after) == [("Longbow", 1), ("Reed bow", 1), ("Arrows", 4)]


def test_two_stacks_shot_from_are_each_rounded_down_on_their_own() -> None:
    # Six arrows out of the first arrow-tagged stack, then the next: 3 Arrows (1.5 -> 1) and 3 Bodkin arrows
    # (1.5 -> 1); the whole fight's 3 is not what comes back.
    state = party(member("Ada", fen("Longbow"), fen("Arrows", 3), fen("Bodkin arrows", 10)))
    lines, after = fight(rules_for(FEN), state, won(shot=[Shot(weapon="Longbow", count=6)]))
    assert lines == [
        '[inventory: action="remove" item="Arrows" count="3" result="ok" now="0" note="Shot with Longbow."]',
        '[inventory: action="remove" item="Bodkin arrows" count="3" result="ok" now="7" note="Shot with Longbow."]',
        '[inventory: action="add" item="Arrows" count="1" result="ok" now="1" '
        'note="Picked up after the fight (1 of 3 shot)."]',
        '[inventory: action="add" item="Bodkin arrows" count="1" result="ok" now="8" '
        'note="Picked up after the fight (1 of 3 shot)."]',
    ]
    assert bag_of(after) == [("Longbow", 1), ("Bodkin arrows", 8), ("Arrows", 1)]


def test_two_quivers_of_one_item_are_each_rounded_down_on_their_own() -> None:
    # Two stacks of the same Arrows (a quiver of 3 split off a quiver of 10): six shots empty the first and
    # take 3 of the second, 1.5 each, so 1 + 1 come back, not the 3 that rounding the fight's 3 whole gives.
    state = party(member("Ada", ember("Hunting bow"), ember("Arrows", 3), ember("Arrows", 10)))
    lines, after = fight(rules_for("ember-roads"), state, won(shot=[Shot(weapon="Hunting bow", count=6)]))
    assert lines[-1] == (
        '[inventory: action="add" item="Arrows" count="2" result="ok" now="9" '
        'note="Picked up after the fight (2 of 6 shot)."]'
    )
    assert bag_of(after) == [("Hunting bow", 1), ("Arrows", 9)]
    # each quiver keeps its place across steps: 3 shots empty the first (1.5), 1 more is the second's (0.5)
    more = won(shot=[Shot(weapon="Hunting bow", count=3), Shot(weapon="Hunting bow", count=1)])
    lines, _ = fight(rules_for("ember-roads"), state, more)
    assert lines[-1] == (
        '[inventory: action="add" item="Arrows" count="1" result="ok" now="10" '
        'note="Picked up after the fight (1 of 4 shot)."]'
    )


def test_a_tenth_of_ten_single_shots_is_exactly_one_arrow_back() -> None:
    # recover is read exactly (0.1 ten times is 1, where floats would add up to 0.999...).
    state = party(member("Ada", fen("Reed bow"), fen("Arrows", 10)))
    lines, after = fight(rules_for(FEN), state, won(shot=[Shot(weapon="Reed bow")] * 10))
    assert lines[-1] == (
        '[inventory: action="add" item="Arrows" count="1" result="ok" now="1" '
        'note="Picked up after the fight (1 of 10 shot)."]'
    )
    assert bag_of(after) == [("Reed bow", 1), ("Arrows", 1)]


def test_a_share_below_one_gives_nothing_back_and_no_answer() -> None:
    state = party(member("Ada", fen("Reed bow"), fen("Arrows", 10)))
    lines, after = fight(rules_for(FEN), state, won(shot=[Shot(weapon="Reed bow", count=9)]))
    assert lines == [
        '[inventory: action="remove" item="Arrows" count="9" result="ok" now="1" note="Shot with Reed bow."]'
    ]
    assert journal(after) == [("used", "Ada", "Arrows ×9", "shot")]


def test_each_member_picks_up_what_they_shot_and_who_is_written_as_the_party_spells_it() -> None:
    state = party(
        member("Ada", fen("Longbow"), fen("Arrows", 10)), member("Bram", fen("Longbow"), fen("Arrows", 10))
    )
    action = won(shot=[Shot(who="bram", weapon="Longbow", count=4), Shot(weapon="Longbow", count=2)])
    lines, after = fight(rules_for(FEN), state, action)
    assert lines == [
        '[inventory: action="remove" item="Arrows" count="4" who="Bram" result="ok" now="6" '
        'note="Shot with Longbow."]',
        '[inventory: action="remove" item="Arrows" count="2" result="ok" now="8" note="Shot with Longbow."]',
        '[inventory: action="add" item="Arrows" count="2" who="Bram" result="ok" now="8" '
        'note="Picked up after the fight (2 of 4 shot)."]',
        '[inventory: action="add" item="Arrows" count="1" result="ok" now="9" '
        'note="Picked up after the fight (1 of 2 shot)."]',
    ]
    assert bag_of(after, 0) == [("Longbow", 1), ("Arrows", 9)]
    assert bag_of(after, 1) == [("Longbow", 1), ("Arrows", 8)]


@pytest.mark.parametrize("outcome", ["lost", "fled"])
def test_a_lost_or_fled_fight_takes_its_steps_and_gives_nothing_back_and_no_loot(outcome: str) -> None:
    state = party(member("Ada", fen("Longbow"), fen("Arrows", 10), fen("Marsh tonic", 2)))
    action = FightAction.model_validate(
        {
            "outcome": outcome,
            "defeated": ["Mire Toad", "toad_purse"],
            "shot": [{"weapon": "Longbow", "count": 4}],
            "used": [{"item": "Marsh tonic"}],
        }
    )
    lines, after = fight(rules_for(FEN), state, action)
    assert lines == [
        '[inventory: action="remove" item="Arrows" count="4" result="ok" now="6" note="Shot with Longbow."]',
        '[inventory: action="use" item="Marsh tonic" count="1" result="ok" now="1" '
        'note="Marsh tonic: 1 of 2 left."]',
    ]
    assert bag_of(after) == [("Longbow", 1), ("Arrows", 6), ("Marsh tonic", 1)]
    assert journal(after) == [
        ("used", "Ada", "Arrows ×4", "shot"),
        ("used", "Ada", "Marsh tonic ×1", "used-up"),
    ]


def test_a_step_whose_stack_is_gone_or_holds_fewer_is_refused_and_the_later_steps_still_run() -> None:
    state = party(member("Ada", fen("Longbow"), fen("Arrows", 4)))
    action = won(
        shot=[
            Shot(weapon="Longbow", count=5),  # holds fewer: nothing taken
            Shot(weapon="Longbow", count=4),
            Shot(weapon="Longbow", count=1),  # the stack is gone
        ]
    )
    lines, after = fight(rules_for(FEN), state, action)
    assert lines == [
        '[inventory: action="use" item="Longbow" count="5" result="refused" reason="insufficient" '
        'note="Ada carries 4 Arrow for Longbow, fewer than the 5 the fight shot; nothing was taken."]',
        '[inventory: action="remove" item="Arrows" count="4" result="ok" now="0" note="Shot with Longbow."]',
        '[inventory: action="use" item="Longbow" count="1" result="refused" reason="insufficient" '
        'note="Ada carries 0 Arrow for Longbow, fewer than the 1 the fight shot; nothing was taken."]',
        '[inventory: action="add" item="Arrows" count="2" result="ok" now="2" '
        'note="Picked up after the fight (2 of 4 shot)."]',
    ]
    assert bag_of(after) == [("Longbow", 1), ("Arrows", 2)]


@pytest.mark.parametrize(
    ("shot", "line"),
    [
        pytest.param(
            Shot(weapon="Crossbow"),
            '[inventory: action="use" item="Crossbow" count="1" result="refused" reason="none-held" '
            'note="Ada holds no Crossbow."]',
            id="weapon-not-held",
        ),
        pytest.param(
            Shot(weapon="Gutting knife"),
            '[inventory: action="use" item="Gutting knife" count="1" result="refused" reason="no-ammo" '
            'note="Gutting knife shoots nothing: it has neither ammunition nor a clip; nothing was taken."]',
            id="neither-ammo-nor-clip",
        ),
        pytest.param(
            Shot(weapon="Arrows"),
            '[inventory: action="use" item="Arrows" count="1" result="refused" reason="no-ammo" '
            'note="Arrows shoots nothing: it has neither ammunition nor a clip; nothing was taken."]',
            id="not-a-weapon",
        ),
        pytest.param(
            Shot(who="Cole", weapon="Longbow"),
            '[inventory: action="use" item="Longbow" count="1" who="Cole" result="refused" '
            'reason="unknown-character" note="Nobody in the party is called \'Cole\' (who=)."]',
            id="nobody-of-that-name",
        ),
    ],
)
def test_a_shot_that_cannot_be_taken_is_refused_and_changes_nothing(shot: Shot, line: str) -> None:
    state = party(member("Ada", fen("Longbow"), fen("Gutting knife"), fen("Arrows", 4)), member("Bram"))
    lines, after = fight(rules_for(FEN), state, won(shot=[shot]))
    assert lines == [line]
    assert after.model_dump_json() == state.model_dump_json()


def test_a_clip_spends_what_is_loaded_and_its_rounds_are_never_picked_up() -> None:
    # Gravewatch's Watch pistol holds one ball (clip max 1), loaded when nobody has fired it yet.
    state = party(member("Ada", grave("Watch pistol"), grave("Shot and powder", 5)))
    action = won(shot=[Shot(weapon="Watch pistol"), Shot(weapon="watch pistol")])
    lines, after = fight(rules_for("gravewatch"), state, action)
    assert lines == [
        '[inventory: action="use" item="Watch pistol" count="1" result="ok" now="1" '
        'note="Watch pistol: 0 of 1 loaded."]',
        '[inventory: action="use" item="Watch pistol" count="1" result="refused" reason="insufficient" '
        'note="Watch pistol holds 0 of 1 loaded, fewer than the 1 the fight shot; nothing was taken."]',
    ]
    assert after.party[0].bag == (grave("Watch pistol", loaded=0), grave("Shot and powder", 5))
    assert journal(after) == []


def test_a_clip_in_a_stack_of_several_weapons_is_one_weapons_so_one_is_split_off() -> None:
    state = party(member("Ada", fen("Crossbow", 2), fen("Bolts", 5)))
    lines, after = fight(rules_for(FEN), state, won(shot=[Shot(weapon="Crossbow")]))
    assert lines == [
        '[inventory: action="use" item="Crossbow" count="1" result="ok" now="2" note="Crossbow: 1 of 2 loaded."]'
    ]
    assert after.party[0].bag == (fen("Crossbow", loaded=1), fen("Crossbow"), fen("Bolts", 5))


# -- charges spent and items used up ---------------------------------------------------------------------


def test_charges_are_spent_off_the_items_stack_and_said_as_a_use() -> None:
    state = party(member("Ada", bell(worn=True, bound=True)))
    lines, after = fight(rules_for("gravewatch"), state, won(spent=[Spent(item="Dawn bell")]))
    assert lines == [
        '[inventory: action="use" item="Dawn bell" count="1" result="ok" now="1" '
        'note="Dawn bell: 2 of 3 left."]'
    ]
    assert after.party[0].bag == (bell(worn=True, bound=True, charges=2),)
    assert journal(after) == [("used", "Ada", "Dawn bell", "spent")]


@pytest.mark.parametrize(
    ("die", "line", "bag", "lost"),
    [
        pytest.param(
            1,
            'note="Dawn bell: its last charge spent, it breaks."]',
            (),
            [("lost", "Ada", "Dawn bell", "broke")],
            id="broken",
        ),
        pytest.param(2, 'note="Dawn bell: 0 of 3 left."]', (bell(charges=0),), [], id="whole"),
    ],
)
def test_the_last_charge_spent_rolls_breaks_on(
    die: int, line: str, bag: tuple[Stack, ...], lost: list[tuple[str, str, str, str]]
) -> None:
    # The Dawn bell's breaksOn: a d20, at or under 1 it breaks and is gone.
    state = party(member("Ada", bell(charges=1)))
    action = won(spent=[Spent(item="Dawn bell")])
    lines, after = fight(rules_for("gravewatch"), state, action, ScriptedDice(dies=[die]))
    now = "0" if not bag else "1"
    assert lines == [f'[inventory: action="use" item="Dawn bell" count="1" result="ok" now="{now}" {line}']
    assert after.party[0].bag == bag
    assert journal(after) == [("used", "Ada", "Dawn bell", "spent"), *lost]


def test_spending_two_charges_at_once_empties_the_lantern_and_it_breaks() -> None:
    state = party(member("Ada", fen("Fen lantern"), fen("Arrows", 2)))
    lines, after = fight(rules_for(FEN), state, won(spent=[Spent(item="Fen lantern", charges=2)]))
    assert lines == [
        '[inventory: action="use" item="Fen lantern" count="2" result="ok" now="0" '
        'note="Fen lantern: its last charge spent, it breaks."]'
    ]
    assert bag_of(after) == [("Arrows", 2)]
    assert journal(after) == [
        ("used", "Ada", "Fen lantern", "spent"),
        ("lost", "Ada", "Fen lantern", "broke"),
    ]


@pytest.mark.parametrize(
    ("spent", "line"),
    [
        pytest.param(
            Spent(item="Dawn bell", charges=2),
            '[inventory: action="use" item="Dawn bell" count="2" result="refused" reason="none-left" '
            'note="Dawn bell has 1 of 3 charges left."]',
            id="fewer-left",
        ),
        pytest.param(
            Spent(item="Warming tonic"),
            '[inventory: action="use" item="Warming tonic" count="1" result="refused" reason="none-left" '
            'note="Warming tonic holds no charges; nothing was taken."]',
            id="holds-no-charges",
        ),
        pytest.param(
            Spent(who="Bram", item="Dawn bell"),
            '[inventory: action="use" item="Dawn bell" count="1" who="Bram" result="refused" '
            'reason="none-held" note="Bram holds no Dawn bell."]',
            id="none-held",
        ),
    ],
)
def test_charges_the_item_cannot_give_are_refused_and_change_nothing(spent: Spent, line: str) -> None:
    state = party(member("Ada", bell(charges=1), grave("Warming tonic", 2)), member("Bram"))
    lines, after = fight(rules_for("gravewatch"), state, won(spent=[spent]))
    assert lines == [line]
    assert after.model_dump_json() == state.model_dump_json()


def test_an_item_used_up_is_taken_off_its_stack() -> None:
    state = party(member("Ada", ember("Poultice", 3)), member("Juno", ember("Poultice", 1)))
    action = won(used=[Used(item="Poultice", count=2), Used(who="juno", item="poultice")])
    lines, after = fight(rules_for("ember-roads"), state, action)
    assert lines == [
        '[inventory: action="use" item="Poultice" count="2" result="ok" now="1" '
        'note="Poultice: 1 of 3 left."]',
        '[inventory: action="use" item="Poultice" count="1" who="Juno" result="ok" now="0" '
        'note="Poultice: 0 of 1 left."]',
    ]
    assert bag_of(after, 0) == [("Poultice", 1)]
    assert bag_of(after, 1) == []
    assert journal(after) == [
        ("used", "Ada", "Poultice ×2", "used-up"),
        ("used", "Juno", "Poultice ×1", "used-up"),
    ]


def test_an_item_that_takes_slots_is_used_up_from_what_is_worn_first() -> None:
    # spec: "One that is used up is taken from what is worn, never from a spare in the bag."
    state = party(member("Ada", grave("Silver coffin nail", 5), grave("Silver coffin nail", 1, worn=True)))
    lines, after = fight(rules_for("gravewatch"), state, won(used=[Used(item="Silver coffin nail")]))
    assert lines == [
        '[inventory: action="use" item="Silver coffin nail" count="1" result="ok" now="5" '
        'note="Silver coffin nail: 5 of 6 left."]'
    ]
    assert after.party[0].bag == (grave("Silver coffin nail", 5),)


@pytest.mark.parametrize(
    ("used", "line"),
    [
        pytest.param(
            Used(item="Poultice", count=4),
            '[inventory: action="use" item="Poultice" count="4" result="refused" reason="insufficient" '
            'note="Ada holds 3 Poultice, fewer than the 4 the fight used up; nothing was taken."]',
            id="fewer-held",
        ),
        pytest.param(
            Used(item="Salt cake"),
            '[inventory: action="use" item="Salt cake" count="1" result="refused" reason="none-held" '
            'note="Ada holds no Salt cake."]',
            id="none-held",
        ),
    ],
)
def test_an_item_the_bag_cannot_give_up_is_refused_and_changes_nothing(used: Used, line: str) -> None:
    state = party(member("Ada", ember("Poultice", 3)))
    lines, after = fight(rules_for("ember-roads"), state, won(used=[used]))
    assert lines == [line]
    assert after.model_dump_json() == state.model_dump_json()


# -- loot ------------------------------------------------------------------------------------------------


def test_each_defeated_creatures_table_is_rolled_into_the_players_bag_first() -> None:
    state = party(member("Ada"), member("Bram"))
    lines, after = fight(rules_for(FEN), state, won("Mire Toad", "mire-toad"))
    assert lines == [
        '[inventory: action="add" item="coppers" count="3" result="ok" now="3" note="Dropped by Mire Toad."]',
        '[inventory: action="add" item="coppers" count="3" result="ok" now="6" note="Dropped by Mire Toad."]',
    ]
    assert bag_of(after, 0) == [("coppers", 6)]
    assert journal(after) == [
        ("acquired", "Ada", "coppers ×3", "loot:Toad purse"),
        ("acquired", "Ada", "coppers ×3", "loot:Toad purse"),
    ]


def test_loot_is_shared_out_by_the_carrying_rule_when_the_player_cannot_take_it_all() -> None:
    # Three iron ingots of 5 stone; encumbered above 10, limit 12. Ada carries 5, Bram nothing: all of it
    # fits nobody unencumbered, so each fills the room they have, the most room first.
    state = party(member("Ada", fen("Crossbow"), fen("Longbow")), member("Bram"))
    lines, after = fight(rules_for(FEN), state, won("DROWNED KNIGHT"))
    assert lines == [
        '[inventory: action="add" item="Iron ingot" count="1" result="ok" now="1" note="Dropped by Drowned Knight."]',
        '[inventory: action="add" item="Iron ingot" count="2" who="Bram" result="ok" now="2" '
        'note="Dropped by Drowned Knight."]',
    ]
    assert journal(after) == [
        ("acquired", "Ada", "Iron ingot ×1", "loot:Bog iron"),
        ("acquired", "Bram", "Iron ingot ×2", "loot:Bog iron"),
    ]


def test_loot_nobody_can_carry_is_left_behind() -> None:
    state = party(member("Ada", fen("Crossbow"), fen("Longbow")), member("Bram", fen("Iron ingot", 2)))
    lines, after = fight(rules_for(FEN), state, won("Drowned Knight"))
    assert lines == [
        '[inventory: action="add" item="Iron ingot" count="1" result="ok" now="1" note="Dropped by Drowned Knight."]',
        '[inventory: action="add" item="Iron ingot" count="2" result="refused" reason="too-heavy" '
        'note="Dropped by Drowned Knight."]',
    ]
    assert bag_of(after, 0) == [("Crossbow", 1), ("Longbow", 1), ("Iron ingot", 1)]
    assert journal(after) == [
        ("acquired", "Ada", "Iron ingot ×1", "loot:Bog iron"),
        ("left-behind", "Ada", "Iron ingot ×2", "loot:Bog iron"),
    ]


def test_a_drop_none_of_which_anybody_can_carry_is_refused_whole_and_journaled_left_behind() -> None:
    state = party(member("Ada", fen("Iron ingot", 2)), member("Bram", fen("Iron ingot", 2)))
    lines, after = fight(rules_for(FEN), state, won("Drowned Knight"))
    assert lines == [
        '[inventory: action="add" item="Iron ingot" count="3" result="refused" reason="too-heavy" '
        'note="Dropped by Drowned Knight. Nobody can carry Iron ingot: it is left behind."]'
    ]
    assert [bag_of(after, i) for i in (0, 1)] == [[("Iron ingot", 2)], [("Iron ingot", 2)]]
    assert journal(after) == [("left-behind", "Ada", "Iron ingot ×3", "loot:Bog iron")]


def test_a_table_named_directly_is_rolled_as_a_loot_tag_rolls_it() -> None:
    # Gravewatch: no bestiary; grave_goods rolls 1d2 -> 2: Shot and powder (1d4 -> 3), shillings (1d6 -> 5).
    state = party(member("Ada"))
    dice = ScriptedDice(rolls=[2, 3, 5], picks=[0, 4])
    lines, after = fight(rules_for("gravewatch"), state, won("Grave goods"), dice)
    assert lines == [
        '[inventory: action="add" item="Shot and powder" count="3" result="ok" now="3" '
        'note="Dropped from Grave goods."]',
        '[inventory: action="add" item="shillings" count="5" result="ok" now="5" note="Dropped from Grave goods."]',
    ]
    assert journal(after) == [
        ("acquired", "Ada", "Shot and powder ×3", "loot:Grave goods"),
        ("acquired", "Ada", "shillings ×5", "loot:Grave goods"),
    ]


def test_a_roll_that_drops_nothing_is_answered_as_a_loot_tag_that_drops_nothing() -> None:
    lines, after = fight(rules_for(FEN), party(member("Ada")), won("Reed Rat"))
    assert lines == ['[loot: table="empty_pockets" result="nothing"]']
    assert journal(after) == []


def test_a_creature_without_a_loot_table_drops_nothing_and_says_why() -> None:
    lines, after = fight(rules_for(FEN), party(member("Ada")), won("will-o'-wisp"))
    assert lines == [
        '[loot: table="Will-o\'-wisp" result="nothing" note="Will-o\'-wisp carries no loot table: it drops nothing."]'
    ]
    assert after.model_dump_json() == party(member("Ada")).model_dump_json()


def test_a_bestiary_in_a_ruleset_without_tables_and_native_on_leaves_loot_to_the_host_game() -> None:
    # Ember Roads: a bestiary, no loot tables, native on (the host game's own tables, which tagproc cannot roll).
    lines, _ = fight(rules_for("ember-roads"), party(member("Ada")), won("Rust Jackal", "rust-jackal"))
    said = (
        '[loot: table="Rust Jackal" result="nothing" note="Rust Jackal\'s loot is the host game\'s own tables, '
        'which tagproc does not roll: it drops nothing here."]'
    )
    assert lines == [said, said]


def _without_tables() -> Rules:
    """Fen Wardens with no loot tables (and so no creature's loot) and native off."""
    data = json.loads(Path(FEN).read_text(encoding="utf-8"))
    data["items"].pop("lootTables")
    data["items"]["native"] = False
    for catalog in data["catalogs"]:
        for entry in catalog["entries"] if catalog.get("holds") == "creatures" else []:
            entry["creature"].pop("loot", None)
    return Rules(parse_ruleset(data))


def test_a_ruleset_with_no_tables_and_native_off_drops_nothing() -> None:
    state = party(member("Ada", fen("Longbow"), fen("Arrows", 4)))
    action = won("Mire Toad", shot=[Shot(weapon="Longbow", count=4)])
    lines, after = fight(_without_tables(), state, action)
    assert lines[-1] == (
        '[loot: table="Mire Toad" result="nothing" '
        'note="This ruleset has no loot tables and leaves native off: Mire Toad drops nothing."]'
    )
    assert bag_of(after) == [("Longbow", 1), ("Arrows", 2)]  # the pickups still come back


def test_a_name_that_is_neither_a_creature_nor_a_table_is_the_callers_error() -> None:
    action = won("Mire Toad", "Marsh troll", "toad_purse", "grave_goods")
    assert fight_problems(action, rules_for(FEN)) == [
        (
            "defeated.1",
            '"Marsh troll" is neither a bestiary creature nor a loot table (creatures: Mire Toad, Bog Eel, '
            "Drowned Knight, Reed Rat, Will-o'-wisp; loot tables: toad_purse, eel_gut, bog_iron, "
            "empty_pockets, reed_cache)",
        ),
        (
            "defeated.3",
            '"grave_goods" is neither a bestiary creature nor a loot table (creatures: Mire Toad, Bog Eel, '
            "Drowned Knight, Reed Rat, Will-o'-wisp; loot tables: toad_purse, eel_gut, bog_iron, "
            "empty_pockets, reed_cache)",
        ),
    ]
    with pytest.raises(FightError, match=r"defeated\.1"):
        decide_fight(party(member("Ada")), action, rules_for(FEN), Dice(1))
    assert fight_problems(won("Rust Jackal", "grave goods"), rules_for("gravewatch")) == [
        (
            "defeated.0",
            '"Rust Jackal" is neither a bestiary creature nor a loot table '
            "(loot tables: grave_goods, smiths_odd_lot, fences_odd_lot)",
        )
    ]
    assert fight_problems(won("Rust Jackal", "Cinder moth"), rules_for("ember-roads")) == []


def test_a_lost_fight_with_unknown_names_is_still_the_callers_error() -> None:
    lost = FightAction(outcome="lost", defeated=("Marsh troll",))
    assert [key for key, _ in fight_problems(lost, rules_for(FEN))] == ["defeated.0"]


# -- the whole: determinism, order, a Game ---------------------------------------------------------------


def _everything() -> tuple[GameState, FightAction]:
    state = party(
        member("Ada", fen("Longbow"), fen("Arrows", 12), fen("Fen lantern"), fen("Marsh tonic", 3)),
        member("Bram", fen("Crossbow")),
    )
    action = won(
        "Bog Eel",
        "Reed cache",
        "Mire Toad",
        shot=[Shot(weapon="Longbow", count=5), Shot(who="Bram", weapon="Crossbow", count=2)],
        spent=[Spent(item="Fen lantern")],
        used=[Used(item="Marsh tonic")],
    )
    return state, action


def test_the_same_fight_with_the_same_seed_decides_the_same() -> None:
    state, action = _everything()
    first = decide_fight(state, action, rules_for(FEN), Dice(7))
    again = decide_fight(state, action, rules_for(FEN), Dice(7))
    assert first == again
    assert (
        evolve_all(state, first.effects).model_dump_json()
        == evolve_all(state, again.effects).model_dump_json()
    )


def test_the_steps_come_in_order_shot_spent_used_pickups_then_loot() -> None:
    state, action = _everything()
    lines, _ = fight(rules_for(FEN), state, action, Dice(7))
    kinds = [_kind(line) for line in lines]
    assert kinds[:5] == [0, 1, 2, 3, 4]
    assert kinds == sorted(kinds) and set(kinds[5:]) == {5}


def _kind(line: str) -> int:
    marks = (
        r"Shot with",
        r"loaded\.",
        r'item="Fen lantern".*(: \d+ of \d+ left\.|it breaks\.)',
        r'item="Marsh tonic".*: \d+ of \d+ left\.',
        r"Picked up",
        r"Dropped",
    )
    for rank, mark in enumerate(marks):
        if re.search(mark, line):
            return rank
    return 5 if line.startswith("[loot:") else 9


def test_a_game_records_a_fight_as_a_turn_and_replays_it_alike() -> None:
    def play() -> Game:
        game = Game(
            FEN,
            [
                {"name": "Ada", "bag": [{"item": "Longbow"}, {"item": "Arrows", "count": 10}]},
                {"name": "Bram"},
            ],
            seed=5,
        )
        game.fight_ended("won", defeated=["Mire Toad"], shot=[Shot(weapon="Longbow", count=5)])
        return game

    game = play()
    turn = game.turns[-1]
    assert turn.kind == "fight"
    assert turn.answers == (
        '[inventory: action="remove" item="Arrows" count="5" result="ok" now="5" note="Shot with Longbow."]',
        '[inventory: action="add" item="Arrows" count="2" result="ok" now="7" '
        'note="Picked up after the fight (2 of 5 shot)."]',
        '[inventory: action="add" item="coppers" count="3" result="ok" now="3" note="Dropped by Mire Toad."]',
    )
    assert [(e.kind, e.text, e.source) for e in turn.journal] == [
        ("used", "Arrows ×5", "shot"),
        ("acquired", "Arrows ×2", "picked-up"),
        ("acquired", "coppers ×3", "loot:Toad purse"),
    ]
    assert bag_of(game.state) == [("Longbow", 1), ("Arrows", 7), ("coppers", 3)]
    assert play().state.model_dump_json() == game.state.model_dump_json()


def test_a_game_rolls_a_random_table_the_same_on_a_replay() -> None:
    def drops(seed: int) -> tuple[str, ...]:
        game = Game(FEN, ["Ada"], seed=seed)
        return game.fight_ended("won", defeated=["Bog Eel", "Reed cache", "Reed cache"]).answers

    assert drops(3) == drops(3)
    assert all(line.startswith('[inventory: action="add"') for line in drops(3))


# -- notes -----------------------------------------------------------------------------------------------


def test_every_fight_note_has_a_macro_with_a_comment_and_every_macro_is_said() -> None:
    source = (ENGINE / "fight.py").read_text(encoding="utf-8")
    said = set(re.findall(r'note\(\s*"fight\.([a-z_]+)"', source))
    template = (Path(str(prompts_path())) / "notes" / "fight.jinja").read_text(encoding="utf-8")
    lines = template.splitlines()
    macros = set(re.findall(r"^\{% macro ([a-z_]+)\(", template, flags=re.MULTILINE))
    assert said == macros
    for index, line in enumerate(lines):
        if line.startswith("{% macro"):
            assert index > 0 and lines[index - 1].startswith("{#-"), line


def test_the_fight_bestiary_ruleset_loads_as_a_ruleset_file() -> None:
    ruleset = load_ruleset(FEN)
    assert ruleset.name == "Fen Wardens"
    assert [c.id for c in ruleset.catalogs] == ["kit", "fen_creatures"]


def test_a_regenerated_reply_before_a_fight_runs_the_fight_again_and_drops_its_loot_once() -> None:
    game = Game(FEN, ["Ada"], seed=2)
    game.reply("The mire goes quiet.")
    game.fight_ended("won", defeated=["Mire Toad", "Reed cache"])
    after_fight = game.state.model_dump_json()
    game.regenerate("The mire goes very quiet.")
    game.regenerate("The mire is still.")
    assert game.turns[-1].kind == "fight"
    assert game.state.model_dump_json() == after_fight
    assert [stack.name for stack in game.state.party[0].bag].count("coppers") == 1
