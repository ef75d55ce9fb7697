"""Tests for tagproc.normalize: the repair tables drive both the code and these tests, beside a table of
inputs that must stay refused (STYLE.md "Lenient inside a written envelope")."""

from __future__ import annotations

from typing import cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagproc.commands import (
    Add,
    Buy,
    Command,
    Condition,
    Earn,
    Equip,
    Give,
    ItemRef,
    Pay,
    Place,
    Restore,
    Unreadable,
)
from tagproc.normalize import CoinName, NameBook, ProposalWords, StatWord, Word, normalize
from tagproc.normalize.counts import Problem, read_count, read_number
from tagproc.normalize.gamewords import game_index
from tagproc.normalize.items import ResolvedItem, resolve_item
from tagproc.notes import Note
from tagproc.repairs import Repair
from tagproc.syntax import read_tag
from tagproc.vocabulary import (
    ACTION_ALIASES,
    BINDS_WORDS,
    COUNT_WORDS,
    KEY_ALIASES,
    MODE_WORDS,
    OP_ALIASES,
    OP_KEYS,
    STATE_WORDS,
    VAGUE_COUNTS,
)
from tests.engine_support import said_each
from tests.normalize_support import names_for, said_detail, said_notes
from tests.replies import REPLIES, Reply

# A small Ember Roads–like name book (spec "The items block").
WORDS = ProposalWords(
    categories=(Word("weapon", "Weapon"), Word("armor", "Armor"), Word("ammunition", "Ammunition")),
    rarities=(Word("common", "Common"), Word("storied", "Storied")),
    tags=(
        Word("thrown", "Thrown"),
        Word("ranged", "Ranged"),
        Word("two_handed", "Two-handed"),
        Word("arrow", "Arrow"),
    ),
    stats=(
        StatWord("bulk", "Bulk", "number", 0, 10),
        StatWord("guard", "Guard", "number", 0, 4),
        StatWord("damage", "Damage", "dice"),
        StatWord("swing", "Rolls with", "enum", values=("brawn", "wits", "heart")),
        StatWord("reach", "Reach", "enum", values=("close", "near", "far")),
        StatWord("hidden", "Hidden place", "text", visible=False),
        StatWord("secret", "Secret weight", "number", 0, 3, visible=False),
    ),
    slots=(Word("body", "Body"), Word("hands", "Hands")),
    skills=(Word("scrap", "Scrap"), Word("sneak", "Sneak"), Word("tinker", "Tinker"), Word("sway", "Sway")),
    saves=(Word("steel", "Steel"),),
    abilities=(Word("brawn", "Brawn"), Word("wits", "Wits"), Word("heart", "Heart")),
    has_binding=True,
    has_fights=True,
    defense_words=("Guard",),
    defense_stat="guard",
)

BOOK = NameBook(
    items=(
        "Hand axe",
        "Hunting bow",
        "Arrow",
        "Potion of Healing",
        "Leather coat",
        "Ox-hide gauntlets",
        "Rope, hempen (50 feet)",
        "Torch",
        "Healing draught",
        "Draught of Healing",
    ),
    coins=(
        CoinName("penny", "pennies", "penny"),
        CoinName("shilling", "shillings", "shilling"),
        CoinName("crown", "crowns", "crown"),
        CoinName("gp", "gold pieces", "gold piece"),
    ),
    words=WORDS,
)

AnyCommand = Command | Unreadable


def run(tag: str) -> list[AnyCommand]:
    return normalize(read_tag(tag), BOOK, tag)


def only(tag: str) -> AnyCommand:
    commands = run(tag)
    assert len(commands) == 1, commands
    return commands[0]


def codes(command: AnyCommand) -> list[str]:
    return [repair.code for repair in command.repairs]


# --- the tables, each alias through the whole stage ----------------------------------------------------

_ACTION_TAGS = {
    "give": ' to="Bram"',
    "pay": "",
    "earn": "",
}


@pytest.mark.parametrize(("alias", "action"), [pytest.param(a, c, id=a) for a, c in ACTION_ALIASES.items()])
def test_every_action_alias_reads_as_its_action(alias: str, action: str) -> None:
    item = 'amount="3 shillings"' if action in ("pay", "earn") else 'item="Torch"'
    command = only(f'[inventory: action="{alias}" {item}{_ACTION_TAGS.get(action, "")}]')
    assert getattr(command, "action", None) == action
    assert ("action-alias" in codes(command)) == (alias != action)


@pytest.mark.parametrize(("alias", "action"), [pytest.param(a, c, id=a) for a, c in ACTION_ALIASES.items()])
def test_every_action_alias_reads_as_its_action_when_written_as_the_bare_first_words(
    alias: str, action: str
) -> None:
    item = 'amount="3 shillings"' if action in ("pay", "earn") else 'item="Torch"'
    command = only(f"[inventory: {alias} {item}{_ACTION_TAGS.get(action, '')}]")
    assert getattr(command, "action", None) == action


_KEY_CASES = [
    pytest.param(alias, key, id=f"{alias}->{key}")
    for alias, key in KEY_ALIASES["inventory"].items()
    if key in ("count", "who", "item", "seller")
]


@pytest.mark.parametrize(("alias", "key"), _KEY_CASES)
def test_every_inventory_key_alias_reads_as_its_key(alias: str, key: str) -> None:
    values = {"count": "2", "who": "Ada", "item": "Hand axe", "seller": "smith"}
    written = {"item": "Hand axe", alias: values[key]}
    body = " ".join(f'{k}="{v}"' for k, v in written.items())
    command = only(f'[inventory: action="buy" {body}]')
    assert isinstance(command, Buy)
    assert dict(command.answer_attrs())[key] == values[key]
    assert "key-alias" in codes(command)


@pytest.mark.parametrize(
    ("alias", "op_and_implied"), [pytest.param(a, v, id=a) for a, v in OP_ALIASES.items()]
)
def test_every_sheet_op_alias_reads_as_its_op(
    alias: str, op_and_implied: tuple[str, tuple[tuple[str, str], ...]]
) -> None:
    op, implied = op_and_implied
    # The op's own keys only: a key another op reads is a second change, refused (normalize/keys.py).
    values = {"pool": "grit", "amount": "2", "track": "harm", "to": "1", "condition": "rattled"}
    values |= {"field": "post", "value": "gate", "rest": "vigil"}
    wanted = [key for key in OP_KEYS[op] if key in values and (key, values[key]) not in implied]
    if op == "damage":
        wanted = ["pool", "amount"]
    body = " ".join(f'{key}="{values[key]}"' for key in wanted)
    command = run(f'[sheet: op="{alias}" {body}]')[0]
    assert getattr(command, "op", None) == op, command
    for key, value in implied:
        assert dict(command.answer_attrs())[key] == value


@pytest.mark.parametrize(("word", "number"), [pytest.param(w, n, id=w) for w, n in COUNT_WORDS.items()])
def test_every_number_word_is_read_as_its_number(word: str, number: int) -> None:
    assert read_number(word) == number


@pytest.mark.parametrize("word", [pytest.param(w, id=w) for w in sorted(VAGUE_COUNTS)])
def test_a_vague_amount_is_never_given_a_number(word: str) -> None:
    command = only(f'[inventory: action="add" item="Arrow" count="{word}"]')
    assert isinstance(command, Unreadable)
    assert command.reason == "unreadable"


@pytest.mark.parametrize(
    "word", [pytest.param(w, id=w) for w in sorted(VAGUE_COUNTS) if " " in w or w == "several"]
)
def test_a_vague_amount_inside_a_name_is_never_given_a_number(word: str) -> None:
    command = only(f'[inventory: action="add" item="{word} arrows"]')
    assert isinstance(command, Unreadable)


@pytest.mark.parametrize(("word", "state"), [pytest.param(w, s, id=w) for w, s in STATE_WORDS.items()])
def test_every_state_word_turns_a_condition_on_or_off(word: str, state: str) -> None:
    command = only(f'[sheet: op="condition" condition="rattled" state="{word}"]')
    assert isinstance(command, Condition)
    assert command.state is (state == "on")


@pytest.mark.parametrize(("word", "binds"), [pytest.param(w, b, id=w) for w, b in BINDS_WORDS.items()])
def test_every_binds_word_is_read(word: str, binds: str) -> None:
    command = only(f'[inventory: action="add" item="Odd ring" category="armor" binds="{word}"]')
    assert isinstance(command, Add) and command.proposal is not None
    assert command.proposal.binds == binds


@pytest.mark.parametrize(("word", "mode"), [pytest.param(w, m, id=w) for w, m in MODE_WORDS.items()])
def test_every_mode_word_is_read_on_a_save(word: str, mode: str) -> None:
    command = only(f'[inventory: action="add" item="Odd ring" category="armor" worn="{word} on Steel saves"]')
    assert isinstance(command, Add) and command.proposal is not None and command.proposal.worn
    assert command.proposal.worn[0].mode == mode
    assert command.proposal.worn[0].names == ("steel",)


# --- item names -----------------------------------------------------------------------------------------

NAMES = [
    pytest.param("Hand axe", None, "Hand axe", 1, [], id="exact-label"),
    pytest.param("HAND AXE", None, "Hand axe", 1, [], id="label-in-any-case"),
    pytest.param("2 arrows", None, "Arrow", 2, ["count-in-name", "plural"], id="count-inside-the-name"),
    pytest.param(
        "two arrows", None, "Arrow", 2, ["count-in-name", "plural"], id="count-in-words-inside-the-name"
    ),
    pytest.param("a dozen arrows", None, "Arrow", 12, ["count-in-name", "plural"], id="a-dozen"),
    pytest.param("arrows x3", None, "Arrow", 3, ["count-in-name", "plural"], id="count-after-the-name"),
    pytest.param("the hand axes", None, "Hand axe", 1, ["plural"], id="plurals-and-articles"),
    pytest.param("the Torch", None, "Torch", 1, ["article"], id="an-article"),
    pytest.param("torches", None, "Torch", 1, ["plural"], id="es-plural"),
    pytest.param("potions of healing", None, "Potion of Healing", 1, ["plural"], id="plural-before-of"),
    pytest.param("Healing Potion", None, "Potion of Healing", 1, ["loose-name"], id="word-order"),
    pytest.param(
        "a pair of ox-hide gauntlets",
        None,
        "Ox-hide gauntlets",
        1,
        ["count-in-name", "pair-is-one"],
        id="pair",
    ),
    pytest.param(
        "Rope, hempen (50 feet)", None, "Rope, hempen (50 feet)", 1, [], id="a-label-with-a-number-stays"
    ),
    pytest.param(
        "3 arrows", 3, "Arrow", 3, ["count-in-name", "plural"], id="count-in-name-agreeing-with-count"
    ),
]


@pytest.mark.parametrize(("written", "given", "label", "count", "repairs"), NAMES)
def test_item_names_find_ruleset_items(
    written: str, given: int | None, label: str, count: int, repairs: list[str]
) -> None:
    read = resolve_item(written, given, BOOK)
    assert isinstance(read, ResolvedItem)
    assert (read.item.label, read.count) == (label, count)
    assert [repair.code for repair in read.repairs] == repairs


def test_a_looser_match_is_told_in_the_note() -> None:
    command = only('[inventory: action="add" item="Healing Potion"]')
    assert said_notes(command) == ('Took "Healing Potion" as Potion of Healing.',)


def test_a_described_new_item_is_never_taken_for_a_looser_match() -> None:
    command = only('[inventory: action="add" item="Healing Potion" like="Potion of Healing"]')
    assert isinstance(command, Add)
    assert (command.item.name, command.item.label) == ("Healing Potion", None)
    assert command.proposal is not None and command.proposal.like is not None


def test_a_looser_match_is_refused_when_two_labels_fit() -> None:
    read = resolve_item("draught, healing", None, BOOK)
    assert isinstance(read, Problem) and read.reason == "unreadable"
    assert said_each((read.detail,)) == (
        '"draught, healing" could be Healing draught or Draught of Healing; write the one meant.',
    )


def test_a_name_nothing_fits_is_kept_as_written_less_its_count() -> None:
    read = resolve_item("3 Widow's kisses", None, BOOK)
    assert isinstance(read, ResolvedItem)
    assert (read.item.name, read.item.label, read.count) == ("Widow's kisses", None, 3)


def test_a_measure_is_not_a_count() -> None:
    read = resolve_item("50 feet of silk rope", None, BOOK)
    assert isinstance(read, ResolvedItem)
    assert (read.item.name, read.count) == ("50 feet of silk rope", 1)


def test_a_multi_item_tag_gives_one_command_per_item() -> None:
    commands = run('[inventory: action="add" items="2 arrows, the hand axe and a torch" who="Ada"]')
    assert [(c.item.name, c.count, c.who) for c in commands if isinstance(c, Add)] == [
        ("Arrow", 2, "Ada"),
        ("Hand axe", 1, "Ada"),
        ("Torch", 1, "Ada"),
    ]


def test_one_bad_item_of_a_multi_item_tag_leaves_the_others() -> None:
    commands = run('[inventory: action="add" items="Torch, a few arrows"]')
    assert isinstance(commands[0], Add)
    assert (
        isinstance(commands[1], Unreadable)
        and said_detail(commands[1]) == '"a few" says no number; write the count.'
    )


# CONVENTIONS.md §2 "Names trimmed, spaces collapsed, cut to 120": cut, never refused, and said.
LONG_NAMES = [
    pytest.param(
        f'[inventory: action="add" item="{"a" * 121}"]',
        Add(item=ItemRef(name="a" * 120)),
        ("a" * 121, "a" * 120),
        "The item's name was cut to its first 120 characters.",
        id="item-over-120",
    ),
    pytest.param(
        f'[inventory: action="add" item="Torch" who="{"b" * 60}  {"b" * 70}"]',
        Add(item=ItemRef(name="Torch", label="Torch"), who=f"{'b' * 60} {'b' * 59}"),
        (f"{'b' * 60} {'b' * 70}", f"{'b' * 60} {'b' * 59}"),
        "who= was cut to its first 120 characters.",
        id="who-over-120-once-its-spaces-are-collapsed",
    ),
    pytest.param(
        f'[inventory: action="give" item="Torch" who="Ada" to="{"c" * 200}"]',
        Give(item=ItemRef(name="Torch", label="Torch"), who="Ada", to="c" * 120),
        ("c" * 200, "c" * 120),
        "to= was cut to its first 120 characters.",
        id="to-over-120",
    ),
]


@pytest.mark.parametrize(("tag", "expected", "cut", "note"), LONG_NAMES)
def test_a_name_past_120_characters_is_cut_with_a_repair_and_a_note(
    tag: str, expected: Command, cut: tuple[str, str], note: str
) -> None:
    command = only(tag)
    assert command.model_copy(update={"repairs": (), "notes": ()}) == expected
    assert Repair("name-cut", *cut) in command.repairs
    assert said_notes(command) == (note,)


def test_a_name_of_120_characters_is_kept_whole() -> None:
    command = only(f'[inventory: action="add" item="{"a" * 120}"]')
    assert isinstance(command, Add) and (command.item.name, command.repairs) == ("a" * 120, ())


# --- coins ----------------------------------------------------------------------------------------------

AMOUNTS = [
    pytest.param('amount="3 shillings"', [("shilling", 3)], id="3-shillings"),
    pytest.param('amount="three shillings"', [("shilling", 3)], id="three-shillings"),
    pytest.param('amount="1 penny"', [("penny", 1)], id="1-penny"),
    pytest.param('amount="12 Pennies"', [("penny", 12)], id="12-Pennies"),
    pytest.param('amount="a crown"', [("crown", 1)], id="a-crown"),
    pytest.param('item="penny" count="4"', [("penny", 4)], id="item-and-count"),
    pytest.param('amount="4" item="pennies"', [("penny", 4)], id="amount-as-count"),
    pytest.param('amount="50gp"', [("gp", 50)], id="count-stuck-to-coin-id"),
    pytest.param('amount="5 gold"', [("gp", 5)], id="gold-for-gold-pieces"),
    pytest.param('amount="1 crown and 6 shillings"', [("crown", 1), ("shilling", 6)], id="two-coins"),
    pytest.param(
        'amount="2 gp 5 shillings"', [("gp", 2), ("shilling", 5)], id="two-coins-without-a-word-between"
    ),
    pytest.param('amount="1,000 pennies"', [("penny", 1000)], id="a-thousands-comma-is-no-separator"),
    pytest.param('amount="20000 pennies"', [("penny", 20000)], id="coins-are-excepted-from-the-count-limit"),
    pytest.param('amount="3 doubloons"', [(None, 3)], id="unknown-coin-left-to-the-engine"),
]


@pytest.mark.parametrize(("body", "coins"), AMOUNTS)
def test_coin_amounts_are_read(body: str, coins: list[tuple[str | None, int]]) -> None:
    command = only(f"[inventory: action=pay {body}]")
    assert isinstance(command, Pay)
    assert [(part.coin, part.count) for part in command.amounts] == coins


def test_a_payment_answers_with_the_coin_label_and_count() -> None:
    command = only('[inventory: action="pay" amount="3 shillings" result="ok"]')
    assert command.answer_attrs() == (("action", "pay"), ("item", "shillings"), ("count", "3"))
    assert "engine-key" in codes(command)


def test_an_earning_goes_to_who() -> None:
    command = only('[inventory: action="earn" item="pennies" count="12" who="Bram"]')
    assert isinstance(command, Earn)
    assert command.answer_attrs() == (
        ("action", "earn"),
        ("item", "pennies"),
        ("count", "12"),
        ("who", "Bram"),
    )


# --- inputs that must stay refused ----------------------------------------------------------------------

REFUSED = [
    pytest.param('[inventory: action="add" item="Arrow" count="lots"]', "unreadable", id="count-lots"),
    pytest.param('[inventory: action="add" item="Arrow" count="2.5"]', "unreadable", id="fractional-count"),
    pytest.param('[inventory: action="add" item="3 arrows" count="2"]', "count-conflict", id="two-counts"),
    pytest.param('[inventory: action="add" item="a few arrows"]', "unreadable", id="vague-count-in-name"),
    pytest.param('[inventory: action="dance" item="Torch"]', "unknown-action", id="unknown-action"),
    pytest.param('[inventory: item="Torch"]', "missing-key", id="no-action"),
    pytest.param('[inventory: action="add"]', "missing-key", id="no-item"),
    pytest.param(
        '[inventory: action="add" item="Torch" qty="2" count="3"]', "unreadable", id="conflicting-keys"
    ),
    pytest.param('[inventory: action="pay" amount="36"]', "unreadable", id="amount-without-coin"),
    pytest.param('[inventory: action="pay" amount="some silver"]', "unreadable", id="vague-amount"),
    pytest.param('[inventory: action="pay"]', "missing-key", id="payment-without-amount"),
    pytest.param(
        '[sheet: op="restore" pool="grit" amount="lots"]', "unreadable", id="sheet-amount-not-a-number"
    ),
    pytest.param('[sheet: op="damage" amount="2"]', "missing-key", id="damage-without-pool-or-track"),
    pytest.param('[sheet: op="track" track="harm"]', "missing-key", id="track-without-to-or-by"),
    pytest.param(
        '[sheet: op="condition" condition="rattled" state="maybe"]', "unreadable", id="unknown-state"
    ),
    pytest.param('[sheet: op="juggle"]', "unknown-op", id="unknown-op"),
    pytest.param('[place: day="new"]', "missing-key", id="place-without-name-or-size"),
    pytest.param("[inventory: ]", "unreadable", id="empty-tag"),
]


@pytest.mark.parametrize(("tag", "reason"), REFUSED)
def test_an_input_that_cannot_be_read_stays_refused(tag: str, reason: str) -> None:
    command = only(tag)
    assert isinstance(command, Unreadable)
    assert command.reason == reason
    assert command.raw == tag


def test_count_reading_caps_past_its_limit_only_when_it_has_one() -> None:
    assert read_count("20000", None) == 20000
    assert read_count("9,999", 9999) == 9999
    repairs: list[Repair] = []
    notes: list[Note] = []
    assert read_count("20000", 9999, repairs, notes) == 9999
    assert (repairs, list(said_each(tuple(notes)))) == (
        [Repair("count-capped", "20000", "9999")],
        ["A count is at most 9,999: 20,000 was read as 9,999."],
    )


# --- proposals (spec "The Game Master invents items in your words") ------------------------------------


def proposal_of(body: str) -> Add:
    command = only(f'[inventory: action="add" item="Odd thing" {body}]')
    assert isinstance(command, Add) and command.proposal is not None, command
    return command


def test_guard_stat_and_plus_one_guard_give_one_plus_one_and_say_so() -> None:
    command = proposal_of('category="armor" stats="guard=1" worn="+1 Guard"')
    assert command.proposal is not None
    assert command.proposal.stats == (("guard", 1),)
    assert command.proposal.worn == ()
    assert command.proposal.defense_left_out
    assert any("left out worn +1 Guard" in note for note in said_notes(command))


def test_a_worn_change_to_defense_alone_becomes_the_stat_it_counts() -> None:
    command = proposal_of('category="armor" worn="+1 Guard"')
    assert command.proposal is not None and command.proposal.stats == (("guard", 1),)


def test_the_small_model_forms_are_read() -> None:
    command = proposal_of(
        'stats="Damage 1d8, +1 Guard, worn=Brawn +1; +1 attack roll bonus" tags="none" slots="none"'
    )
    proposal = command.proposal
    assert proposal is not None
    assert proposal.tags == () and proposal.slots == ()
    assert proposal.stats == (("damage", "1d8"), ("guard", 1))
    assert proposal.worn is not None
    assert [(c.to, c.names, c.flat) for c in proposal.worn] == [
        ("ability", ("brawn",), 1),
        ("attacks", (), 1),
    ]
    assert {"worn-inside-stats", "number-after-name", "none-for-empty", "value-before-stat"} <= set(
        codes(command)
    )


def test_ids_and_labels_are_both_read_and_unknown_words_left_out() -> None:
    command = proposal_of(
        'category="Weapons" rarity="legendary" tags="Thrown, two_handed, glowing" slots="hands=2"'
    )
    proposal = command.proposal
    assert proposal is not None
    assert (proposal.category, proposal.rarity, proposal.tags, proposal.slots) == (
        "weapon",
        "common",
        ("thrown", "two_handed"),
        (("hands", 2),),
    )
    assert any("glowing" in note for note in said_notes(command))


def test_a_number_is_held_to_its_stat_range_and_said_unless_hidden() -> None:
    command = proposal_of('stats="bulk=15, secret=9"')
    assert command.proposal is not None and command.proposal.stats == (("bulk", 10), ("secret", 3))
    assert any("Bulk" in note for note in said_notes(command))
    assert not any("Secret" in note or "secret" in note for note in said_notes(command))


def test_worn_changes_on_skills_saves_and_checks() -> None:
    command = proposal_of('worn="+1 Sneak; disadvantage on Sway checks; fails Steel saves; -1 checks"')
    assert command.proposal is not None and command.proposal.worn is not None
    assert [(c.to, c.names, c.flat, c.mode) for c in command.proposal.worn] == [
        ("checks", ("sneak",), 1, None),
        ("checks", ("sway",), None, "disadvantage"),
        ("saves", ("steel",), None, "fails"),
        ("checks", (), -1, None),
    ]


def test_like_names_a_ruleset_item_and_an_unknown_one_is_left_out() -> None:
    assert proposal_of('like="hunting-bow"').proposal == proposal_of('like="Hunting bow"').proposal
    command = proposal_of('like="Moonblade" category="weapon"')
    assert command.proposal is not None and command.proposal.like is None


def test_a_proposal_for_several_items_is_refused() -> None:
    command = only('[inventory: action="add" items="a, b" category="weapon"]')
    assert isinstance(command, Unreadable)


# --- other tags -----------------------------------------------------------------------------------------


def test_the_spec_buy_reads_in_canonical_order() -> None:
    command = only(
        '[inventory: action="buy" who="Ada" seller="smith" level="dear" count="1" item="Hand axe"]'
    )
    assert [key for key, _ in command.answer_attrs()] == ["action", "item", "count", "who", "level", "seller"]


def test_a_bare_action_word_and_sloppy_keys_read_as_the_canonical_tag() -> None:
    command = only("[Inventory: purchase qty=2 name=hand axes shop=smith character=Ada]")
    assert isinstance(command, Buy)
    assert command.answer_attrs() == (
        ("action", "buy"),
        ("item", "Hand axe"),
        ("count", "2"),
        ("who", "Ada"),
        ("seller", "smith"),
    )


def test_heal_is_restore_with_a_number_in_words() -> None:
    command = only('[sheet: op="heal" pool="grit" amount="three" who="Ada"]')
    assert isinstance(command, Restore) and command.amount == 3


def test_a_place_starts_a_new_day_only_when_it_says_so() -> None:
    command = only('[place: name="Millbrook" size="market town" day="new"]')
    assert isinstance(command, Place) and command.new_day
    assert only('[place: name="Millbrook"]') == Place(name="Millbrook", repairs=())


def test_a_key_the_action_does_not_read_is_left_out_and_said() -> None:
    command = only('[inventory: action="equip" item="Hand axe" colour="red"]')
    assert isinstance(command, Equip)
    assert said_notes(command) == ('Ignored colour="red".',)


def test_give_reads_from_and_to() -> None:
    command = only('[inventory: action="hand" item="Torch" from="Ada" recipient="Bram"]')
    assert isinstance(command, Give) and (command.who, command.to) == ("Ada", "Bram")


@settings(max_examples=300)
@given(st.text(max_size=200))
def test_no_exception_escapes_on_any_tag_text(text: str) -> None:
    for tag in (
        text,
        f"[inventory: {text}]",
        f'[inventory: action="add" item="{text}" stats="{text}" worn="{text}"]',
    ):
        commands = normalize(read_tag(tag), BOOK, tag)
        assert commands


@pytest.mark.parametrize(
    "written",
    [
        pytest.param("nan", id="nan"),
        pytest.param("NaN", id="NaN"),
        pytest.param("inf", id="inf"),
        pytest.param("-inf", id="minus-inf"),
        pytest.param("1e400", id="exponent"),
        pytest.param("1_0", id="underscore"),
    ],
)
def test_a_stat_or_slot_count_that_is_no_plain_number_is_left_out(written: str) -> None:
    command = only(
        f'[inventory: action="add" item="Odd coat" category="armor" stats="bulk=2, guard={written}" '
        f'slots="body={written}, hands=1"]'
    )
    assert isinstance(command, Add) and command.proposal is not None
    assert command.proposal.stats == (("bulk", 2),)
    assert command.proposal.slots == (("hands", 1),)


def test_a_huge_stat_is_held_to_its_range_and_a_huge_slot_count_kept_whole() -> None:
    command = only(f'[inventory: action="add" item="Odd coat" category="armor" stats="guard={"9" * 400}"]')
    assert isinstance(command, Add) and command.proposal is not None
    assert command.proposal.stats == (("guard", 4),)


@pytest.mark.parametrize("key", ["character", "xyz", "who", "item"])
def test_a_key_of_one_word_on_any_tag_is_read_without_end(key: str) -> None:
    for tag in ("place", "loot", "sheet", "inventory"):
        commands = normalize(read_tag(f'[{tag}: same as, "{key}": "Juno"}}]'), BOOK)
        assert commands  # answered (read or refused), never a RecursionError


_KEPT_INDEX_TAGS = [
    *(tag.raw for param in REPLIES for tag in cast(Reply, param.values[0]).tags),
    "[sheet: Ada: 1 harm]",
    '[Sheet - Bram: op="spend" pool="resolve" amount="1"]',
    '[inventory: action="give" item="warming tonic" who="ada" to="the party"]',
    "[sheet: rest vigil Ada and Bram]",
    '[place: name="Ashby" size="village"]',
    '[loot: table="grave goods"]',
]


@pytest.mark.parametrize("ruleset", ["gravewatch", "srd-5e", "ember-roads"])
def test_a_kept_game_index_normalises_every_tag_as_one_built_for_the_tag(ruleset: str) -> None:
    names = names_for(ruleset, ("Ada", "Bram"))
    kept = game_index(names.game_words())
    for tag in _KEPT_INDEX_TAGS:
        reading = read_tag(tag)
        assert normalize(reading, names, tag, kept) == normalize(reading, names, tag), tag
