"""Tests for tagproc.engine.edits: the player's own add, remove, give, equip, unequip, bind, unbind, split and
merge (spec "What reads items": freeform, "Money": splits, gives and merges, "Items on the sheet": a cursed item
bound will not let go), run through the command ``acting.edit_command`` builds, and once through ``Game``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tagproc import commands as c
from tagproc.acting import edit_command
from tagproc.actions import EditAction, EditVerb
from tagproc.engine.decide import decide
from tagproc.engine.dice import Dice
from tagproc.engine.edits import PlayerEdit, decide_edit
from tagproc.engine.outcome import Accepted, Answer, Decision, Refused, evolve_all
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState, Stack
from tagproc.game import Game
from tagproc.notes import Note, note
from tagproc.render import Renderer, prompts_path

from .engine_support import (
    answers_of,
    bag_of,
    coins,
    item,
    journal_of,
    member,
    outcome,
    party,
    rules_for,
    said,
    variant,
    words,
)
from .test_engine_fakes import FENCE5E, fooling, magic

GRAVEWATCH = rules_for("gravewatch")
EMBER = rules_for("ember-roads")
RING = "kit/widows-ring"
NAIL = "kit/silver-nail"
ARROWS = "outfitter/arrows"


def edit_of(
    rules: Rules,
    verb: EditVerb,
    name: str,
    count: int = 1,
    /,
    *,
    who: str | None = None,
    to: str | None = None,
) -> PlayerEdit:
    """The command ``acting`` builds for the player's edit."""
    return edit_command(EditAction(action=verb, item=name, count=count, who=who, to=to), rules)


def edited(rules: Rules, state: GameState, command: PlayerEdit) -> tuple[Decision, GameState]:
    decision = decide_edit(state, command, rules, Dice(0))
    if isinstance(decision, Accepted):
        return decision, evolve_all(state, decision.effects)
    return decision, state


def run(
    rules: Rules, state: GameState, verb: EditVerb, name: str, count: int = 1, /, **names: str
) -> tuple[Decision, GameState]:
    return edited(rules, state, edit_of(rules, verb, name, count, **names))


def refusal(rules: Rules, state: GameState, command: PlayerEdit) -> Answer:
    """The player's edit refused, the state byte-identical after it; its answer with its notes as words."""
    before = state.model_dump_json()
    decision = decide_edit(state, command, rules, Dice(0))
    assert isinstance(decision, Refused), decision
    assert state.model_dump_json() == before
    return answers_of(decision)[0]


def refused(
    rules: Rules, state: GameState, verb: EditVerb, name: str, count: int = 1, /, **names: str
) -> Answer:
    return refusal(rules, state, edit_of(rules, verb, name, count, **names))


def inventory(*attrs: tuple[str, str], result: str = "ok", now: str | None = None, **rest: str) -> Answer:
    """An ``[inventory:]`` answer as a test writes it out (its note as words)."""
    reason, note_ = rest.get("reason"), rest.get("note")
    return Answer.model_validate(
        {
            "tag": "inventory",
            "attrs": attrs,
            "result": result,
            "now": now,
            "reason": reason,
            "notes": words(note_),
        }
    )


def stack(label: str, count: int, rules: Rules, flags: dict[str, bool]) -> Stack:
    """A stack of one of the ruleset's items, with its flags (worn, bound, curse_ended)."""
    entry = rules.book.find(label)
    assert entry is not None, label
    return Stack.model_validate({"name": entry.label, "count": count, "item": entry.ref, **flags})


def arrows(count: int, **flags: bool) -> Stack:
    return stack("Arrows", count, EMBER, flags)


def nails(count: int, **flags: bool) -> Stack:
    return stack("Silver coffin nail", count, GRAVEWATCH, flags)


def ring(**flags: bool) -> Stack:
    return stack("Widow's ring", 1, GRAVEWATCH, flags)


CURSED_RING = {"worn": True, "bound": True}

# --- add ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["warming tonic", "WARMING TONIC", "kit/warming-tonic"])
def test_the_player_adds_a_ruleset_item_by_its_label_in_any_case_or_its_ref(name: str) -> None:
    decision, after = run(GRAVEWATCH, party(member("Ada")), "add", name, 2)
    assert answers_of(decision) == [
        inventory(("action", "add"), ("item", "Warming tonic"), ("count", "2"), now="2")
    ]
    assert after.party[0].bag == (Stack(name="Warming tonic", count=2, item="kit/warming-tonic"),)
    assert journal_of(after) == [("acquired", "Ada", "Warming tonic ×2")]


@pytest.mark.parametrize("name", ["shillings", "shilling", "SHILLING"])
def test_the_player_adds_coins_from_the_coins_list_by_label_one_or_id(name: str) -> None:
    state = party(member("Ada", coins("shilling", 1)))
    decision, after = run(GRAVEWATCH, state, "add", name, 40_000)
    assert answers_of(decision) == [
        inventory(("action", "add"), ("item", "shillings"), ("count", "40000"), now="40001")
    ]
    assert after.party[0].bag == (coins("shilling", 40_001),)  # coins are not held to 9,999
    assert journal_of(after) == [("acquired", "Ada", "shillings ×40000")]


def test_a_plain_item_is_added_where_freeform_is_plain_the_default() -> None:
    decision, after = run(EMBER, party(member("Ada")), "add", "Lucky pebble", 3)
    assert answers_of(decision) == [
        inventory(("action", "add"), ("item", "Lucky pebble"), ("count", "3"), now="3")
    ]
    assert after.party[0].bag == (Stack(name="Lucky pebble", count=3),)
    assert journal_of(after) == [("acquired", "Ada", "Lucky pebble ×3")]


def test_a_plain_item_is_refused_where_freeform_is_refuse() -> None:
    state = party(member("Ada", item("Grave spade")))
    assert refused(GRAVEWATCH, state, "add", "Lucky pebble") == inventory(
        ("action", "add"),
        ("item", "Lucky pebble"),
        ("count", "1"),
        result="refused",
        reason="not-ruleset-item",
        note='"Lucky pebble" is not an item of this ruleset, which lets the player add only its own items.',
    )


def test_freeform_plain_lets_the_player_add_a_plain_item_where_native_false_refuses_the_gm() -> None:
    rules = variant("gravewatch", '{"freeform": "plain"}')  # Gravewatch keeps native: false
    state = party(member("Ada"))
    decision, after = edited(rules, state, edit_of(rules, "add", "Lucky pebble"))
    assert isinstance(decision, Accepted)
    assert after.party[0].bag == (Stack(name="Lucky pebble", count=1),)
    gm = decide(state, c.Add(item=c.ItemRef(name="Lucky pebble")), rules, Dice(0))
    assert isinstance(gm, Refused) and gm.answer.reason == "not-ruleset-item"


@pytest.mark.parametrize(
    "name",
    [
        pytest.param("Rope [long]", id="bracket"),
        pytest.param("Rope ]", id="closing-bracket"),
        pytest.param("Rope {{ x }}", id="braces"),
        pytest.param("Rope\nlong", id="line-break"),
        pytest.param("Rope\r\nlong", id="crlf"),
    ],
)
def test_a_typed_name_a_label_cannot_have_is_refused_bad_name(name: str) -> None:
    # A command built by hand: a dialog's name with a line break is already one line once ``bags.named``
    # collapses its spaces (``acting.edit_command``).
    command = c.Add(item=c.ItemRef(name=name))
    answer = refusal(EMBER, party(member("Ada")), command)
    assert (answer.result, answer.reason) == ("refused", "bad-name")
    assert said(answer) == f'"{name}" cannot be an item\'s name: no brackets, {{{{ or line breaks.'


def test_a_bad_name_through_the_action_reads_as_the_add_of_that_name() -> None:
    assert refused(EMBER, party(member("Ada")), "add", "Rope [long]") == inventory(
        ("action", "add"),
        ("item", "Rope [long]"),
        ("count", "1"),
        result="refused",
        reason="bad-name",
        note='"Rope [long]" cannot be an item\'s name: no brackets, {{ or line breaks.',
    )


@pytest.mark.parametrize("name", ["Lucky\nstone", "Lucky\r\nstone", " Lucky\nstone "])
def test_a_typed_name_with_a_line_break_is_refused_through_the_game_too(name: str) -> None:
    game = Game("ember-roads", ["Ada"])
    result = game.edit("add", name)
    assert result.structured_answers[0].reason == "bad-name"
    assert game.state.party[0].bag == ()


def test_a_service_is_never_added() -> None:
    answer = refused(GRAVEWATCH, party(member("Ada")), "add", "a bed at the watch-house")
    assert (answer.reason, said(answer)) == (
        "service",
        "A bed at the watch-house is a service: it is bought, never carried.",
    )


def test_the_player_never_invents_an_item() -> None:
    command = c.Add(item=c.ItemRef(name="Ember charm"), proposal=c.Proposal(like="Waystone"))
    answer = refusal(EMBER, party(member("Ada")), command)
    assert (answer.reason, said(answer)) == (
        "no-invention",
        "The player adds items; only the Game Master invents them.",
    )


def test_an_item_the_gm_invented_is_added_by_its_name_only_where_freeform_is_plain() -> None:
    game = Game("ember-roads", ["Ada"])
    game.reply('[inventory: action="add" item="Ember charm" like="Waystone" summary="Warm to the touch."]')
    invented = game.state.party[0].bag[0]
    assert invented.invented is not None
    result = game.edit("add", "ember charm", 2)
    assert result.answers == ('[inventory: action="add" item="Ember charm" count="2" result="ok" now="3"]',)
    assert game.state.party[0].bag == (invented.model_copy(update={"count": 3}),)


def test_an_add_of_more_than_9999_of_an_item_adds_9999_and_says_so() -> None:
    decision, after = run(EMBER, party(member("Ada")), "add", "Lucky pebble", 12_000)
    assert answers_of(decision) == [
        inventory(
            ("action", "add"),
            ("item", "Lucky pebble"),
            ("count", "9999"),
            now="9999",
            note="At most 9999 are added at once: 9999 added.",
        )
    ]
    assert after.party[0].bag == (Stack(name="Lucky pebble", count=9_999),)


def test_the_players_add_naming_a_bag_goes_into_it_up_to_its_limit_never_shared_out() -> None:
    state = party(member("Ada"), member("Bram"))
    decision, after = run(EMBER, state, "add", "Leather coat", 5, who="Ada")  # bulk 3 each; a limit of 12
    assert answers_of(decision) == [
        inventory(("action", "add"), ("item", "Leather coat"), ("count", "4"), ("who", "Ada"), now="4"),
        inventory(
            ("action", "add"),
            ("item", "Leather coat"),
            ("count", "1"),
            ("who", "Ada"),
            result="refused",
            reason="too-heavy",
        ),
    ]
    assert bag_of(after) == [("Leather coat", 4)] and after.party[1].bag == ()
    assert journal_of(after) == [
        ("acquired", "Ada", "Leather coat ×4"),
        ("left-behind", "Ada", "Leather coat ×1"),
    ]


@pytest.mark.parametrize("who", [None, "party"])
def test_the_players_add_into_the_shared_view_goes_by_the_carrying_rule_as_the_gms(who: str | None) -> None:
    # spec "carry": "An item added into the inventory's shared view, by the player or by the Game Master
    # without a who=, goes to whoever can carry it".
    state = party(member("Ada"), member("Bram"))
    decision, after = run(EMBER, state, "add", "Leather coat", 5, **({"who": who} if who else {}))
    gm, gm_after = outcome("ember-roads", state, '[inventory: action="add" item="Leather coat" count="5"]')
    assert isinstance(gm, Accepted) and any(("who", "Bram") in one.attrs for one in gm.answers)
    assert answers_of(decision) == list(gm.answers)
    assert after.party == gm_after.party


def test_the_players_add_that_nothing_of_fits_is_refused_whole() -> None:
    state = party(member("Ada", *(stack("Leather coat", 1, EMBER, {}) for _ in range(4))), member("Bram"))
    assert refused(EMBER, state, "add", "Hand axe", who="Ada") == inventory(
        ("action", "add"),
        ("item", "Hand axe"),
        ("count", "1"),
        ("who", "Ada"),
        result="refused",
        reason="too-heavy",
        note="Ada cannot carry Hand axe: 12 of 12 carried.",
    )


def test_the_players_add_naming_a_member_answers_with_that_who() -> None:
    decision, after = run(EMBER, party(member("Ada"), member("Bram")), "add", "arrows", 3, who="bram")
    assert answers_of(decision) == [
        inventory(("action", "add"), ("item", "Arrows"), ("count", "3"), ("who", "Bram"), now="3")
    ]
    assert after.party[1].bag == (arrows(3),)


def test_an_add_to_nobody_is_refused_unknown_character() -> None:
    answer = refused(EMBER, party(member("Ada")), "add", "Arrows", who="Zed")
    assert (answer.reason, said(answer)) == (
        "unknown-character",
        'Nobody in the party is called "Zed" (who=).',
    )


def test_a_players_add_still_finds_out_a_fake_the_sheet_then_shows() -> None:
    omen = fooling(FENCE5E, "Stone of Ill Omen", "Stone of Good Luck")
    decision, after = run(FENCE5E, party(member("Ada", omen)), "add", "Pearl of Power")
    assert [said(one) for one in decision.answers] == [  # type: ignore[union-attr]
        "Ada's sheet shows the Stone of Good Luck for what it is: a Stone of Ill Omen."
    ]
    assert after.party[0].bag == (magic("Stone of Ill Omen"), magic("Pearl of Power"))


# --- remove and give ----------------------------------------------------------------------------------------


def test_the_players_remove_takes_from_the_players_bag_only_never_the_party() -> None:
    state = party(member("Ada", item("Warming tonic")), member("Bram", item("Warming tonic", 3)))
    decision, after = run(GRAVEWATCH, state, "remove", "Warming tonic", 2)
    assert answers_of(decision) == [
        inventory(
            ("action", "remove"),
            ("item", "Warming tonic"),
            ("count", "1"),
            now="0",
            note="Ada held only 1: 1 taken.",
        )
    ]
    assert after.party[0].bag == () and after.party[1].bag == state.party[1].bag
    assert journal_of(after) == [("lost", "Ada", "Warming tonic ×1")]
    _, gm_after = outcome("gravewatch", state, '[inventory: action="remove" item="Warming tonic" count="2"]')
    assert bag_of(gm_after, 1) == [("Warming tonic", 2)]  # the GM's goes on to the party


def test_the_players_remove_with_nothing_there_is_refused_none_held_even_if_the_party_holds_it() -> None:
    state = party(member("Ada"), member("Bram", item("Warming tonic", 3)))
    answer = refused(GRAVEWATCH, state, "remove", "Warming tonic")
    assert (answer.reason, said(answer), dict(answer.attrs).get("who")) == (
        "none-held",
        "Ada holds no Warming tonic.",
        None,
    )


def test_the_player_gives_coins_as_any_stack() -> None:
    state = party(member("Ada", coins("crown", 3)), member("Bram"))
    decision, after = run(GRAVEWATCH, state, "give", "crowns", 2, to="bram")
    assert answers_of(decision) == [
        inventory(("action", "give"), ("item", "crowns"), ("count", "2"), ("to", "Bram"), now="2")
    ]
    assert after.party[0].bag == (coins("crown", 1),) and after.party[1].bag == (coins("crown", 2),)
    assert journal_of(after) == [("given", "Ada", "crowns ×2 to Bram")]


# --- a cursed item, bound, will not let go ---------------------------------------------------------------


LETTING_GO: list[tuple[EditVerb, dict[str, str]]] = [
    ("remove", {}),
    ("give", {"to": "Bram"}),
    ("unequip", {}),
    ("unbind", {}),
]


@pytest.mark.parametrize(("verb", "names"), LETTING_GO, ids=[verb for verb, _ in LETTING_GO])
def test_the_player_cannot_let_go_of_a_bound_cursed_item(verb: EditVerb, names: dict[str, str]) -> None:
    state = party(member("Ada", ring(**CURSED_RING)), member("Bram"))
    assert refused(GRAVEWATCH, state, verb, "Widow's ring", **names) == inventory(
        ("action", verb),
        ("item", "Widow's ring"),
        ("count", "1"),
        *((("to", "Bram"),) if names else ()),
        result="refused",
        reason="cursed",
        note="Ada's Widow's ring is bound and cursed: it will not let go.",
    )


def test_a_cursed_refusal_keeps_the_who_the_action_wrote() -> None:
    state = party(member("Ada", ring(**CURSED_RING)))
    assert refused(GRAVEWATCH, state, "remove", "Widow's ring", who="Ada") == inventory(
        ("action", "remove"),
        ("item", "Widow's ring"),
        ("count", "1"),
        ("who", "Ada"),
        result="refused",
        reason="cursed",
        note="Ada's Widow's ring is bound and cursed: it will not let go.",
    )


GM_LETS_GO = [
    pytest.param('[inventory: action="remove" item="Widow\'s ring"]', [[], []], id="remove"),
    pytest.param(
        '[inventory: action="give" item="Widow\'s ring" to="Bram"]',
        [[], [Stack(name="Widow's ring", count=1, item=RING)]],
        id="give",
    ),
    pytest.param(
        '[inventory: action="unequip" item="Widow\'s ring"]',
        [[Stack(name="Widow's ring", count=1, item=RING, bound=True)], []],
        id="unequip",
    ),
    pytest.param(
        '[inventory: action="unbind" item="Widow\'s ring"]',
        [[Stack(name="Widow's ring", count=1, item=RING, worn=True, curse_ended=True)], []],
        id="unbind",
    ),
]


@pytest.mark.parametrize(("tag", "bags"), GM_LETS_GO)
def test_the_gms_tag_still_moves_the_bound_cursed_item(tag: str, bags: list[list[Stack]]) -> None:
    state = party(member("Ada", ring(**CURSED_RING)), member("Bram"))
    decision, after = outcome("gravewatch", state, tag)
    assert isinstance(decision, Accepted) and decision.answers[0].result == "ok"
    assert [list(one.bag) for one in after.party] == bags


@pytest.mark.parametrize(("verb", "names"), LETTING_GO[2:], ids=[verb for verb, _ in LETTING_GO[2:]])
def test_a_loose_one_beside_it_does_not_free_what_is_worn_or_bound_of_the_curse(
    verb: EditVerb, names: dict[str, str]
) -> None:
    state = party(member("Ada", ring(**CURSED_RING), ring()))  # all that is worn, or bound, is cursed
    answer = refused(GRAVEWATCH, state, verb, "Widow's ring")
    assert (answer.reason, said(answer)) == (
        "cursed",
        "Ada's Widow's ring is bound and cursed: it will not let go.",
    )


def test_a_remove_takes_what_is_free_of_the_curse_and_says_the_cursed_one_stays() -> None:
    state = party(member("Ada", ring(**CURSED_RING), ring()))
    decision, after = run(GRAVEWATCH, state, "remove", "Widow's ring", 2)
    assert answers_of(decision) == [
        inventory(
            ("action", "remove"),
            ("item", "Widow's ring"),
            ("count", "1"),
            now="1",
            note="Ada held only 1: 1 taken. Ada's bound and cursed Widow's ring ×1 will not let go: it stays.",
        )
    ]
    assert after.party[0].bag == (ring(**CURSED_RING),)
    assert journal_of(after) == [("lost", "Ada", "Widow's ring ×1")]


def test_a_remove_the_free_ones_cover_says_nothing_of_the_curse() -> None:
    state = party(member("Ada", ring(**CURSED_RING), ring(worn=True, bound=True, curse_ended=True)))
    decision, after = run(GRAVEWATCH, state, "remove", "Widow's ring")
    # The GM's remove would take the last of the held stacks; the player's keeps the cursed one.
    assert [said(one) for one in answers_of(decision)] == [None]
    assert after.party[0].bag == (ring(**CURSED_RING),)


def test_a_give_gives_what_is_free_of_the_curse() -> None:
    state = party(member("Ada", ring(**CURSED_RING), ring()), member("Bram"))
    decision, after = run(GRAVEWATCH, state, "give", "Widow's ring", 2, to="Bram")
    assert answers_of(decision) == [
        inventory(
            ("action", "give"),
            ("item", "Widow's ring"),
            ("count", "1"),
            ("to", "Bram"),
            now="1",
            note="Ada held only 1: 1 taken. Ada's bound and cursed Widow's ring ×1 will not let go: it stays.",
        )
    ]
    assert after.party[0].bag == (ring(**CURSED_RING),)
    assert after.party[1].bag == (ring(),)


def test_an_unequip_takes_off_what_is_free_of_the_curse() -> None:
    ended = ring(worn=True, bound=True, curse_ended=True)
    state = party(member("Ada", ring(**CURSED_RING), ended))
    decision, after = run(GRAVEWATCH, state, "unequip", "Widow's ring", 2)
    assert answers_of(decision) == [
        inventory(
            ("action", "unequip"),
            ("item", "Widow's ring"),
            ("count", "1"),
            now="1",
            note="Ada wore only 1: 1 taken off. Ada's bound and cursed Widow's ring ×1 will not let go: it stays.",
        )
    ]
    assert after.party[0].bag == (ring(**CURSED_RING), ring(bound=True, curse_ended=True))


def test_an_unbind_unbinds_what_is_free_of_the_curse_and_never_ends_it() -> None:
    ended = ring(bound=True, curse_ended=True)
    state = party(member("Ada", ended, ring(**CURSED_RING)))
    decision, after = run(GRAVEWATCH, state, "unbind", "Widow's ring", 2)
    assert answers_of(decision) == [
        inventory(
            ("action", "unbind"),
            ("item", "Widow's ring"),
            ("count", "1"),
            now="1",
            note="Ada had only 1 bound: 1 unbound. Ada's bound and cursed Widow's ring ×1 will not let go: it stays.",
        )
    ]
    assert after.party[0].bag == (ring(curse_ended=True), ring(**CURSED_RING))


def test_an_unequip_of_nothing_worn_is_ok_with_count_0_as_the_tag() -> None:
    state = party(member("Ada", ring(bound=True)))  # bound, cursed, not worn
    decision, after = run(GRAVEWATCH, state, "unequip", "Widow's ring")
    assert answers_of(decision) == [
        inventory(
            ("action", "unequip"),
            ("item", "Widow's ring"),
            ("count", "0"),
            now="0",
            note="Ada does not wear Widow's ring.",
        )
    ]
    assert after == state


def test_the_tags_own_refusal_comes_before_the_curse() -> None:
    state = party(member("Ada", ring(**CURSED_RING)))
    answer = refused(GRAVEWATCH, state, "give", "Widow's ring")
    assert (answer.reason, said(answer)) == ("no-recipient", "A give names the member who gets it (to=).")


# --- equip and bind: as the tags -------------------------------------------------------------------------


EQUIPS = [
    pytest.param(party(member("Ada", nails(3))), "equip", "Silver coffin nail", id="equip"),
    pytest.param(
        party(member("Ada", item("Grave spade", worn=True), item("Watch pistol"))),
        "equip",
        "Watch pistol",
        id="equip-no-slot",
    ),
    pytest.param(
        party(member("Ada", ring(worn=True), abilities={"nerve": 2})),
        "bind",
        "Widow's ring",
        id="bind-cursed",
    ),
    pytest.param(party(member("Ada", item("Grave spade"))), "bind", "Grave spade", id="bind-not-bindable"),
]


@pytest.mark.parametrize(("state", "verb", "name"), EQUIPS)
def test_the_players_equip_and_bind_are_the_tags(state: GameState, verb: EditVerb, name: str) -> None:
    command = edit_of(GRAVEWATCH, verb, name)
    assert decide_edit(state, command, GRAVEWATCH, Dice(0)) == decide(state, command, GRAVEWATCH, Dice(0))


def test_the_player_binds_a_cursed_ring_and_is_warned() -> None:
    state = party(member("Ada", ring(worn=True), abilities={"nerve": 2}))
    decision, after = run(GRAVEWATCH, state, "bind", "Widow's ring")
    assert answers_of(decision) == [
        inventory(
            ("action", "bind"),
            ("item", "Widow's ring"),
            ("count", "1"),
            now="1",
            note="Widow's ring is cursed: once bound, it will not let go.",
        )
    ]
    assert after.party[0].bag == (ring(**CURSED_RING),)
    assert refused(GRAVEWATCH, after, "unbind", "Widow's ring").reason == "cursed"


# --- split and merge --------------------------------------------------------------------------------------


def test_a_split_takes_count_off_a_stack_into_a_stack_of_its_own() -> None:
    state = party(member("Ada", arrows(20)))
    decision, after = run(EMBER, state, "split", "arrows", 5)
    assert answers_of(decision) == [
        inventory(
            ("action", "split"),
            ("item", "Arrows"),
            ("count", "5"),
            now="20",
            note="5 split off into a stack of their own; 15 left in the other.",
        )
    ]
    assert after.party[0].bag == (arrows(15), arrows(5))
    assert after.journal == ()


SPLIT_THEN_MERGE = [
    pytest.param(EMBER, (arrows(20),), "Arrows", 5, (arrows(15), arrows(5)), id="one-stack"),
    pytest.param(EMBER, (arrows(20), arrows(7)), "Arrows", 5, (arrows(15), arrows(5), arrows(7)), id="two"),
    pytest.param(
        GRAVEWATCH,
        (coins("shilling", 40),),
        "shilling",
        15,
        (coins("shilling", 25), coins("shilling", 15)),
        id="coins",
    ),
    pytest.param(
        GRAVEWATCH,
        (nails(1, worn=True), nails(12), nails(3)),
        "Silver coffin nail",
        4,
        (nails(1, worn=True), nails(8), nails(4), nails(3)),
        id="past-a-worn-stack",
    ),
]


@pytest.mark.parametrize(("rules", "bag", "name", "count", "split"), SPLIT_THEN_MERGE)
def test_a_split_then_a_merge_gives_back_the_original_stacks(
    rules: Rules, bag: tuple[Stack, ...], name: str, count: int, split: tuple[Stack, ...]
) -> None:
    state = party(member("Ada", *bag))
    _, apart = run(rules, state, "split", name, count)
    assert apart.party[0].bag == split
    _, joined = run(rules, apart, "merge", name)
    assert joined.party[0].bag == bag


def test_a_later_add_fills_the_split_off_stack_as_any_fresh_stack() -> None:
    _, apart = run(EMBER, party(member("Ada", arrows(20))), "split", "Arrows", 5)
    _, after = run(EMBER, apart, "add", "Arrows", 8)
    assert after.party[0].bag == (arrows(20), arrows(8))


SPLIT_REFUSALS = [
    pytest.param((), "Arrows", 5, "none-held", "Ada holds no Arrows.", id="none-held"),
    pytest.param(
        (arrows(5), arrows(4)),
        "Arrows",
        5,
        "bad-amount",
        "Ada's largest loose stack of Arrows holds 5: 5 cannot be split off it.",
        id="none-holds-more",
    ),
    pytest.param(
        (item("Hand axe", 1, "ember-roads", worn=True),),
        "Hand axe",
        1,
        "bad-amount",
        "Every stack of Hand axe Ada holds is worn, bound or kept apart: none can be split.",
        id="none-loose",
    ),
]


@pytest.mark.parametrize(("bag", "name", "count", "reason", "note_"), SPLIT_REFUSALS)
def test_a_split_is_refused_and_changes_nothing(
    bag: tuple[Stack, ...], name: str, count: int, reason: str, note_: str
) -> None:
    assert refused(EMBER, party(member("Ada", *bag)), "split", name, count) == inventory(
        ("action", "split"),
        ("item", name),
        ("count", str(count)),
        result="refused",
        reason=reason,
        note=note_,
    )


def test_a_split_past_the_most_stacks_a_bag_takes_is_refused_too_many() -> None:
    bag = (*(Stack(name=f"Pebble {i}", count=1) for i in range(199)), arrows(20))
    answer = refused(EMBER, party(member("Ada", *bag)), "split", "Arrows", 5)
    assert (answer.reason, said(answer)) == ("too-many", "No bag takes more than 200 stacks: Ada's is full.")


def test_a_merge_fills_each_stack_to_the_items_stack_limit() -> None:
    state = party(member("Ada", nails(7), nails(1, worn=True), nails(8), nails(9)))
    decision, after = run(GRAVEWATCH, state, "merge", "Silver coffin nail")
    assert answers_of(decision) == [
        inventory(
            ("action", "merge"),
            ("item", "Silver coffin nail"),
            ("count", "24"),
            now="25",
            note="3 stacks of Silver coffin nail joined into 2 (12, 12).",
        )
    ]
    # The worn one keeps its own stack; the joined ones take the places of the first of them.
    assert after.party[0].bag == (nails(12), nails(1, worn=True), nails(12))
    assert after.journal == ()


def test_a_merge_of_stacks_without_a_limit_joins_them_into_one() -> None:
    state = party(member("Ada", coins("crown", 2), coins("penny", 5), coins("crown", 3)), member("Bram"))
    decision, after = run(GRAVEWATCH, state, "merge", "crowns", who="ada")
    assert answers_of(decision) == [
        inventory(
            ("action", "merge"),
            ("item", "crowns"),
            ("count", "5"),
            ("who", "Ada"),
            now="5",
            note="2 stacks of crowns joined into 1 (5).",
        )
    ]
    assert after.party[0].bag == (coins("crown", 5), coins("penny", 5))


@pytest.mark.parametrize(
    "bag",
    [
        pytest.param((arrows(20), arrows(7)), id="as-few-as-they-fit"),
        pytest.param((arrows(5), arrows(20)), id="in-any-order"),
        pytest.param((arrows(7), arrows(3, worn=True)), id="one-loose"),
    ],
)
def test_a_merge_with_nothing_to_join_is_ok_with_count_0_and_changes_nothing(bag: tuple[Stack, ...]) -> None:
    state = party(member("Ada", *bag))
    decision, after = run(EMBER, state, "merge", "Arrows")
    assert isinstance(decision, Accepted) and decision.effects == ()
    assert answers_of(decision) == [
        inventory(
            ("action", "merge"),
            ("item", "Arrows"),
            ("count", "0"),
            now=str(sum(stack.count for stack in bag)),
            note="Ada's Arrows already lie in as few stacks as they fit in.",
        )
    ]
    assert after.model_dump_json() == state.model_dump_json()


def test_a_merge_of_what_is_not_held_is_refused_none_held() -> None:
    answer = refused(EMBER, party(member("Ada")), "merge", "Arrows")
    assert (answer.reason, said(answer)) == ("none-held", "Ada holds no Arrows.")


# --- the whole path: Game -> acting -> edits -----------------------------------------------------------------


def test_a_game_refuses_the_players_remove_of_the_widows_ring_and_the_gm_still_removes_it() -> None:
    game = Game(
        "gravewatch", [{"name": "Ada", "bag": [{"item": "Widow's ring", "worn": True, "bound": True}]}]
    )
    before = game.state.model_dump_json()
    result = game.edit("remove", "Widow's ring")
    assert result.kind == "edit"
    assert result.answers == (
        '[inventory: action="remove" item="Widow\'s ring" count="1" result="refused" reason="cursed" '
        "note=\"Ada's Widow's ring is bound and cursed: it will not let go.\"]",
    )
    assert result.journal == ()
    assert game.state.model_dump_json() == before
    reply = game.reply('The curse breaks. [inventory: action="remove" item="Widow\'s ring"]')
    assert reply.structured_answers[0].result == "ok"
    assert game.state.party[0].bag == ()


def test_a_game_splits_and_merges_the_players_arrows() -> None:
    game = Game("ember-roads", [{"name": "Ada", "bag": [{"item": "Arrows", "count": 20}]}])
    split = game.edit("split", "arrows", 5)
    assert split.answers == (
        '[inventory: action="split" item="Arrows" count="5" result="ok" now="20" '
        'note="5 split off into a stack of their own; 15 left in the other."]',
    )
    assert game.state.party[0].bag == (arrows(15), arrows(5))
    merged = game.edit("merge", "Arrows")
    assert merged.state.party[0].bag == (arrows(20),)


# --- notes --------------------------------------------------------------------------------------------------


SAID: list[tuple[Note, str]] = [
    (note("edits.no_invention"), "The player adds items; only the Game Master invents them."),
    (
        note("edits.bad_name", name="Rope [x]"),
        '"Rope [x]" cannot be an item\'s name: no brackets, {{ or line breaks.',
    ),
    (
        note("edits.not_ruleset_item", name="Lucky pebble"),
        '"Lucky pebble" is not an item of this ruleset, which lets the player add only its own items.',
    ),
    (note("edits.count_capped", most=9999), "At most 9999 are added at once: 9999 added."),
    (
        note("edits.cursed", who="Ada", name="Widow's ring"),
        "Ada's Widow's ring is bound and cursed: it will not let go.",
    ),
    (
        note("edits.cursed_kept", who="Ada", name="Widow's ring", count=1),
        "Ada's bound and cursed Widow's ring ×1 will not let go: it stays.",
    ),
    (note("edits.split", count=5, left=15), "5 split off into a stack of their own; 15 left in the other."),
    (
        note("edits.cannot_split", who="Ada", name="Arrows", count=5, largest=5),
        "Ada's largest loose stack of Arrows holds 5: 5 cannot be split off it.",
    ),
    (
        note("edits.nothing_loose", who="Ada", name="Hand axe"),
        "Every stack of Hand axe Ada holds is worn, bound or kept apart: none can be split.",
    ),
    (
        note("edits.merged", name="Arrows", stacks=3, into=2, counts=(20, 7)),
        "3 stacks of Arrows joined into 2 (20, 7).",
    ),
    (
        note("edits.nothing_to_merge", who="Ada", name="Arrows"),
        "Ada's Arrows already lie in as few stacks as they fit in.",
    ),
]
TEMPLATE = Path(str(prompts_path())) / "notes" / "edits.jinja"
SOURCE = Path(__file__).resolve().parent.parent / "tagproc" / "engine" / "edits.py"


@pytest.mark.parametrize(("said_", "text"), SAID, ids=[one.code for one, _ in SAID])
def test_each_edits_note_is_said_in_its_words(said_: Note, text: str) -> None:
    assert Renderer().say(said_) == text


def test_every_edits_code_the_module_says_is_tested_and_every_macro_is_said() -> None:
    in_source = set(re.findall(r'note\(\s*"(edits\.[a-z_]+)"', SOURCE.read_text(encoding="utf-8")))
    macros = {f"edits.{name}" for name in re.findall(r"\{% macro ([a-z_]+)\(", TEMPLATE.read_text("utf-8"))}
    assert in_source == macros == {one.code for one, _ in SAID}


def test_every_edits_macro_has_a_comment_saying_when_it_is_said() -> None:
    lines = TEMPLATE.read_text(encoding="utf-8").splitlines()
    for index, line in enumerate(lines):
        if line.startswith("{% macro"):
            assert index > 0 and lines[index - 1].startswith("{#-"), line


def test_a_merge_fills_the_first_stack_to_its_limit_even_when_no_stack_goes() -> None:
    # spec: "merging ... past it fills the stack and starts a new one": tonics are 6 a stack, so 4 and 4
    # become 6 and 2 (as many stacks as before, but the first full).
    game = Game("gravewatch", [{"name": "Ada", "bag": [{"item": "Warming tonic", "count": 4}] * 2}])
    assert [stack.count for stack in game.state.party[0].bag] == [4, 4]
    result = game.edit("merge", "Warming tonic")
    assert result.structured_answers[0].result == "ok"
    assert [stack.count for stack in game.state.party[0].bag] == [6, 2]
