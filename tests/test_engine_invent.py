"""Tests for tagproc.engine.invent: invented items held to the ruleset (spec "The Game Master invents items
in your words")."""

from __future__ import annotations

import json

import pytest

from tagproc.commands import Add
from tagproc.engine.invent import Invention, NotInvented, invent, most_like
from tagproc.engine.outcome import Answer
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState
from tagproc.ruleset.load import shipped_text

from .engine_support import (
    answers_of,
    as_said,
    command,
    member,
    outcome,
    party,
    rules_for,
    said_each,
    variant,
    words,
)

EMPTY = party(member("Ada"))


def _invent(rules: Rules, tag: str, state: GameState = EMPTY) -> Invention | NotInvented:
    add = command(rules, state, tag)
    assert isinstance(add, Add) and add.proposal is not None
    return invent(add.item.name, add.proposal, rules, state)


def _made(rules: Rules, tag: str) -> Invention:
    made = _invent(rules, tag)
    assert isinstance(made, Invention), made
    return made


def test_guard_and_plus_one_guard_give_one_plus_one_and_the_answer_says_so() -> None:
    tag = '[inventory: action="add" item="Iron jack" category="armor" stats="guard=1" slots="body" worn="+1 Guard"]'
    decision, after = outcome("ember-roads", EMPTY, tag)
    assert answers_of(decision) == [
        Answer(
            tag="inventory",
            attrs=(("action", "add"), ("item", "Iron jack"), ("count", "1")),
            result="ok",
            now="1",
            notes=words("guard=1 already raises Guard; left out worn +1 Guard."),
        )
    ]
    jack = after.invented[0].item
    assert (jack.stats, jack.slots, jack.worn) == ({"guard": 1}, {"body": 1}, None)


def test_a_weapon_without_like_fights_as_the_nearest_weapon_by_name() -> None:
    made = _made(rules_for("ember-roads"), '[inventory: action="add" item="Boar axe" category="weapon"]')
    axe = rules_for("ember-roads").book.find("Hand axe")
    assert axe is not None
    assert said_each(made.notes) == ("It fights as Hand axe does.",)
    assert made.invented.like == "outfitter/hand-axe"
    assert made.invented.item.attack == axe.item.attack
    assert made.invented.item.stats == {"damage": "1d6", "swing": "brawn"}
    assert made.invented.item.slots == {"hands": 1}
    assert made.invented.item.rarity == "common"


def test_a_weapon_keeps_the_stats_its_proposal_gave() -> None:
    tag = '[inventory: action="add" item="Crossbow" category="weapon" stats="damage=1d10"]'
    made = _made(rules_for("ember-roads"), tag)
    assert said_each(made.notes) == ("It fights as Hunting bow does.",)
    assert made.invented.item.stats == {"damage": "1d10", "swing": "wits"}


def test_an_invented_item_with_no_slot_and_no_binding_is_made_without_the_attack() -> None:
    tag = '[inventory: action="add" item="Sling stone" category="weapon" slots="none"]'
    made = _made(rules_for("ember-roads"), tag)
    assert said_each(made.notes) == (
        "Made without an attack: it takes no slot and does not bind, so it is never worn.",
    )
    assert made.invented.item.attack is None


def test_numbers_and_bonuses_are_held_to_the_rarity_caps_the_like_item_included() -> None:
    tag = (
        '[inventory: action="add" item="Iron jack" like="Leather coat" stats="guard=3" '
        'worn="+3 Sneak; -2 Sway; +2 Brawn"]'
    )
    made = _made(rules_for("ember-roads"), tag)
    assert said_each(made.notes) == (
        "Guard 3 is held to 1 for a Common item.",
        "Worn +3 on Sneak checks is held to +1 for a Common item.",
        "Worn +2 Brawn is held to +1 for a Common item.",
    )
    item = made.invented.item
    assert item.stats == {"bulk": 3, "guard": 1}
    assert item.worn is not None
    assert [(m.skills, m.flat) for m in item.worn.modifiers] == [(["sneak"], 1), (["sway"], -2)]
    assert item.worn.abilities["brawn"].add == 1
    assert made.invented.summary is not None and made.invented.like == "outfitter/leather-coat"


def test_a_rarer_item_has_the_larger_caps() -> None:
    tag = '[inventory: action="add" item="Old mail" category="armor" rarity="storied" stats="guard=4" slots="body"]'
    made = _made(rules_for("ember-roads"), tag)
    assert said_each(made.notes) == ("Guard 4 is held to 3 for a Storied item.",)


def test_a_stat_the_gm_is_not_shown_is_held_but_never_told() -> None:
    block = json.loads(shipped_text("ember-roads") or "{}")["items"]
    stats = [dict(stat, promptVisible=False) if stat["id"] == "guard" else stat for stat in block["stats"]]
    rules = variant("ember-roads", json.dumps({"stats": stats}))
    tag = '[inventory: action="add" item="Iron jack" category="armor" stats="guard=3" slots="body"]'
    made = _made(rules, tag)
    assert said_each(made.notes) == ()
    assert said_each(made.invented.changes) == ("Guard 3 is held to 1 for a Common item.",)
    assert made.invented.item.stats == {"guard": 1}


def test_a_text_stat_is_cut_to_its_max_length_without_telling_what_the_gm_is_not_shown() -> None:
    heel = "the hollow heel of a left boot worn by the old sexton"
    tag = f'[inventory: action="add" item="Bone nail" category="arm" slots="hands=1" stats="conceal={heel}"]'
    made = _made(rules_for("gravewatch"), tag)
    assert made.invented.item.stats["conceal"] == heel[:40].rstrip()
    told = " ".join(said_each(made.notes))
    assert "conceal" not in told.lower() and "cut" not in told


def test_a_cursed_invented_item_binds_where_the_ruleset_has_binding() -> None:
    tag = '[inventory: action="add" item="Grave ring" category="charm" slots="finger" binds="cursed"]'
    made = _made(rules_for("gravewatch"), tag)
    assert made.invented.item.binds is not None and made.invented.item.binds.cursed


def test_an_invented_item_without_a_category_is_kept_in_the_first_one() -> None:
    made = _made(rules_for("ember-roads"), '[inventory: action="add" item="Lucky stone" carried="+1 Sway"]')
    assert made.invented.item.category == "weapon"
    assert made.invented.item.attack is None  # kept in Weapon, but the GM never said it fights
    assert said_each(made.notes) == ("Kept in Weapon, the first category of this ruleset.",)


def test_an_invented_item_of_an_unknown_category_is_kept_in_the_first_one_and_the_note_says_so() -> None:
    tag = '[inventory: action="add" item="Lucky stone" category="trinket" carried="+1 Sway"]'
    decision, after = outcome("ember-roads", EMPTY, tag)
    assert [as_said(a) for a in answers_of(decision)] == [
        Answer(
            tag="inventory",
            attrs=(("action", "add"), ("item", "Lucky stone"), ("count", "1")),
            result="ok",
            now="1",
            notes=words(
                'Left out category "trinket": not one of this ruleset\'s. '
                "Kept in Weapon, the first category of this ruleset."
            ),
        )
    ]
    assert after.invented[0].item.category == "weapon"


def test_like_a_service_is_left_out() -> None:
    tag = '[inventory: action="add" item="Warm cot" like="A bed at the watch-house" category="gear"]'
    made = _made(rules_for("gravewatch"), tag)
    assert said_each(made.notes) == ("Left out like=A bed at the watch-house: a service is never carried.",)
    assert made.invented.like is None


LIKENESS = [
    pytest.param("Boar axe", "Hand axe", id="the-word-that-names-it-counts-most"),
    pytest.param("Crossbow", "Hunting bow", id="a-word-shared-either-way"),
    pytest.param("Spear of the boar", "Boar spear", id="word-order-does-not-matter"),
    pytest.param("Cudgel", "Hunting bow", id="nothing-shared-takes-the-first"),
]


@pytest.mark.parametrize(("name", "like"), LIKENESS)
def test_an_invented_weapon_is_most_like_the_weapon_sharing_its_words(name: str, like: str) -> None:
    rules = rules_for("ember-roads")
    weapons = [e for e in rules.book.items() if e.item.category == "weapon" and e.item.attack]
    assert most_like(name, weapons).label == like
