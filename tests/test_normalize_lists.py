"""Tests for tagproc.normalize.lists: how an ``items=`` or ``item=`` value is cut into names, through
``normalize(read_tag(...), names)`` on the shipped rulesets, beside the values that stay one name."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tagproc.commands import Add, Command, Unreadable
from tagproc.normalize import lists, normalize
from tagproc.syntax import read_tag
from tagproc.vocabulary import LIST_BULLETS, PAIRED_NAMES

from .engine_support import member, party, rules_for
from .normalize_support import said_detail


def run(ruleset: str, tag: str) -> list[Command | Unreadable]:
    return normalize(read_tag(tag), rules_for(ruleset).names(party(member("Ada"))), tag)


def names_of(commands: list[Command | Unreadable]) -> list[tuple[str, str | None, int]]:
    """Each add as (name, label or coin, count)."""
    out = []
    for command in commands:
        assert isinstance(command, Add), command
        out.append((command.item.name, command.item.label or command.item.coin, command.count))
    return out


LISTS = [
    pytest.param(
        "srd-5e",
        'items="Rope, hempen (50 feet), Torch"',
        [("Rope, hempen (50 feet)", "Rope, hempen (50 feet)", 1), ("Torch", "Torch", 1)],
        id="a-comma-inside-a-label-is-no-joiner",
    ),
    pytest.param(
        "srd-5e",
        'items="Rope, silk, Torch and 2 Tinderboxes"',
        [
            ("Rope, silk (50 feet)", "Rope, silk (50 feet)", 1),
            ("Torch", "Torch", 1),
            ("Tinderbox", "Tinderbox", 2),
        ],
        id="the-longest-known-name-first",
    ),
    pytest.param(
        "srd-5e",
        'items="Ammunition, +1, Torch"',
        [("Ammunition, +1", "Ammunition, +1", 1), ("Torch", "Torch", 1)],
        id="a-label-of-two-commas",
    ),
    pytest.param(
        "srd-5e",
        'items="Case, map or scroll, Lantern, hooded"',
        [("Case, map or scroll", "Case, map or scroll", 1), ("Lantern, hooded", "Lantern, hooded", 1)],
        id="two-labels-with-commas",
    ),
    pytest.param(
        "srd-5e",
        'items="1,000 ball bearings, chalk"',
        [
            ("Ball bearings (bag of 1,000)", "Ball bearings (bag of 1,000)", 1),
            ("Chalk (1 piece)", "Chalk (1 piece)", 1),
        ],
        id="a-thousands-comma-is-no-joiner",
    ),
    pytest.param(
        "srd-5e",
        'items="- Rope, silk (50 feet)\n- Torch\n- 2 Rations"',
        [
            ("Rope, silk (50 feet)", "Rope, silk (50 feet)", 1),
            ("Torch", "Torch", 1),
            ("Rations (1 day)", "Rations (1 day)", 2),
        ],
        id="a-bulleted-list",
    ),
    pytest.param(
        "srd-5e",
        'items="Torch\nTinderbox"',
        [("Torch", "Torch", 1), ("Tinderbox", "Tinderbox", 1)],
        id="a-json-list-joined-by-line-breaks",
    ),
    pytest.param(
        "srd-5e",
        'items="1. Torch 2. Tinderbox 3. Bedroll"',
        [("Torch", "Torch", 1), ("Tinderbox", "Tinderbox", 1), ("Bedroll", "Bedroll", 1)],
        id="a-numbered-list-on-one-line",
    ),
    pytest.param(
        "srd-5e",
        'items="1) Torch\n2) Bedroll"',
        [("Torch", "Torch", 1), ("Bedroll", "Bedroll", 1)],
        id="a-numbered-list-on-lines",
    ),
    pytest.param(
        "srd-5e",
        'items="• Torch • Tinderbox"',
        [("Torch", "Torch", 1), ("Tinderbox", "Tinderbox", 1)],
        id="inline-bullets",
    ),
    pytest.param(
        "srd-5e",
        'items="* Torch x2\n* Bedroll"',
        [("Torch", "Torch", 2), ("Bedroll", "Bedroll", 1)],
        id="star-bullets-with-a-count",
    ),
    pytest.param(
        "ember-roads",
        'items="an old, notched hand axe, Poultice"',
        [("Hand axe", "Hand axe", 1), ("Poultice", "Poultice", 1)],
        id="description-goes-with-the-next-name",
    ),
    pytest.param(
        "srd-5e",
        'items="Torch, unlit, Tinderbox"',
        [("Torch", "Torch", 1), ("Tinderbox", "Tinderbox", 1)],
        id="description-after-a-name-goes-with-it",
    ),
    pytest.param(
        "ember-roads",
        'items="Hand axe, x2, Poultice"',
        [("Hand axe", "Hand axe", 2), ("Poultice", "Poultice", 1)],
        id="a-count-goes-with-the-name-before",
    ),
    pytest.param(
        "srd-5e",
        'items="flint and steel, torch"',
        [("flint and steel", None, 1), ("Torch", "Torch", 1)],
        id="a-paired-name-stays-whole",
    ),
    pytest.param(
        "gravewatch",
        'items="Shot and powder and a black candle"',
        [("Shot and powder", "Shot and powder", 1), ("Black candle", "Black candle", 1)],
        id="and-inside-a-label",
    ),
    pytest.param(
        "srd-5e",
        'items="torch & bedroll; waterskin"',
        [("Torch", "Torch", 1), ("Bedroll", "Bedroll", 1), ("Waterskin", "Waterskin", 1)],
        id="ampersand-and-semicolon",
    ),
    # item= holding a list
    pytest.param(
        "gravewatch",
        'item="rope, torch"',
        [("rope", None, 1), ("torch", None, 1)],
        id="item-with-a-comma-is-a-list",
    ),
    pytest.param(
        "srd-5e",
        'item="Torch and Hand axe"',
        [("Torch", "Torch", 1), ("Handaxe", "Handaxe", 1)],
        id="item-and-between-ruleset-items",
    ),
    pytest.param(
        "gravewatch",
        'item="bread and cheese"',
        [("bread and cheese", None, 1)],
        id="item-and-between-plain-names-is-one-name",
    ),
    pytest.param(
        "srd-5e",
        'item="Letter, sealed"',
        [("Letter, sealed", None, 1)],
        id="item-with-a-description-after-the-comma",
    ),
    pytest.param(
        "srd-5e",
        'item="- Torch\n- Bedroll"',
        [("Torch", "Torch", 1), ("Bedroll", "Bedroll", 1)],
        id="item-with-bullets",
    ),
    pytest.param(
        "srd-5e",
        'item="Rope, hempen (50 feet)"',
        [("Rope, hempen (50 feet)", "Rope, hempen (50 feet)", 1)],
        id="item-a-label",
    ),
]


@pytest.mark.parametrize(("ruleset", "body", "expected"), LISTS)
def test_a_list_gives_one_command_per_item_in_the_order_written(
    ruleset: str, body: str, expected: list[tuple[str, str | None, int]]
) -> None:
    commands = run(ruleset, f'[inventory: action="add" {body}]')
    assert names_of(commands) == expected
    split = [repair for repair in commands[0].repairs if repair.code == "items-split"]
    assert len(split) == (1 if len(expected) > 1 else 0)


def test_a_described_new_item_keeps_its_commas() -> None:
    commands = run("srd-5e", '[inventory: action="add" item="Lantern, dented" category="adventuring_gear"]')
    assert [(c.item.name, c.proposal is not None) for c in commands if isinstance(c, Add)] == [
        ("Lantern, dented", True)
    ]


def test_an_ambiguous_piece_is_refused_and_the_other_pieces_run() -> None:
    commands = run("srd-5e", '[inventory: action="add" items="rope, torch"]')
    assert isinstance(commands[0], Unreadable) and commands[0].reason == "unreadable"
    assert "Rope, hempen (50 feet) or Rope, silk (50 feet)" in said_detail(commands[0])
    assert isinstance(commands[1], Add) and commands[1].item.label == "Torch"


@pytest.mark.parametrize("bullet", LIST_BULLETS)
def test_every_bullet_marks_an_entry(bullet: str) -> None:
    commands = run("srd-5e", f'[inventory: action="add" items="{bullet} Torch\n{bullet} Bedroll"]')
    assert names_of(commands) == [("Torch", "Torch", 1), ("Bedroll", "Bedroll", 1)]


@pytest.mark.parametrize("name", sorted(PAIRED_NAMES))
def test_every_paired_name_is_one_item(name: str) -> None:
    assert names_of(run("gravewatch", f'[inventory: action="add" items="{name}"]')) == [(name, None, 1)]


STAY_ONE = [
    pytest.param('items="+2 rope"', id="a-plus-is-no-bullet"),
    pytest.param('items="Ox-hide gauntlets"', id="a-hyphen-is-no-bullet"),
    pytest.param('items="2 arrows"', id="a-count-is-no-number-mark"),
    pytest.param('item="Spellcasting (Level 4-5)"', id="a-dash-inside-a-name"),
]


@pytest.mark.parametrize("body", STAY_ONE)
def test_a_value_without_list_marks_or_joiners_is_one_name(body: str) -> None:
    assert len(run("srd-5e", f'[inventory: action="add" {body}]')) == 1


@pytest.mark.parametrize(
    "reply",
    [
        pytest.param("[inventory: Bram finds 3 pennies, maybe more]", id="maybe-more"),
        pytest.param('[inventory: action="add" items="Black candle, or so"]', id="or-so"),
    ],
)
def test_a_hedge_in_a_list_refuses_its_item_and_adds_nothing(reply: str) -> None:
    from tagproc import Game

    game = Game("gravewatch", ["Ada", "Bram"])
    answers = game.reply(reply).structured_answers
    assert [answer.result for answer in answers] == ["refused"]


def test_a_count_word_after_a_comma_counts_the_name_before_it() -> None:
    from tagproc import Game

    game = Game("gravewatch", ["Ada", "Bram"])
    (answer,) = game.reply("[inventory: add Black candles, three, to Bram]").structured_answers
    assert answer.result == "ok"
    assert ("count", "3") in answer.attrs


@settings(max_examples=150, deadline=None)
@given(
    entry=st.text(alphabet="abcdefghijklmnopqrstuvwxyz ABCTRWS'()0123456789.-+x", min_size=1).map(str.strip),
    and_splits=st.booleans(),
    ruleset=st.sampled_from(["gravewatch", "srd-5e"]),
)
def test_an_entry_without_a_joiner_is_cut_as_the_whole_reading_cuts_it(
    entry: str, and_splits: bool, ruleset: str
) -> None:
    # The shortcut (no joiner: the entry, untouched) against the whole reading it skips.
    assume(entry and lists._JOINERS.search(entry) is None)
    names = rules_for(ruleset).names(party(member("Ada")))
    if lists._is_one(entry, names):
        whole = [entry]
    else:
        atoms = lists._JOINERS.split(entry) if and_splits else lists._COMMAS.split(entry)
        pieces = lists._longest_names(atoms, names)
        if not and_splits:
            pieces = [part for piece in pieces for part in lists._and_parts(piece, names)]
        whole = lists._merged(pieces)
    assert lists._split_entry(entry, names, and_splits=and_splits) == whole == [entry]


@settings(max_examples=300, deadline=None)
@given(
    entry=st.lists(st.sampled_from([*"aAnNdD ,;&\t\n\u00a0\u2003xyz", "and", "AND", "And", " & "])).map(
        "".join
    )
    | st.text()
)
def test_an_entry_the_quick_look_says_holds_no_joiner_holds_none(entry: str) -> None:
    # ``_may_join`` is the C substring searches before the pattern: it never says no to a joiner there.
    assert lists._may_join(entry) or lists._JOINERS.search(entry) is None
