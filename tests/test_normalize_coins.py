"""Tests for tagproc.normalize.coins: coin words and amounts as small models write them, on the shipped
rulesets, through ``normalize(read_tag(...), names)``; beside them the amounts that stay refused."""

from __future__ import annotations

import pytest

from tagproc.commands import CoinAmount, Command, Earn, Pay, Unreadable
from tagproc.normalize import normalize
from tagproc.syntax import read_tag
from tagproc.vocabulary import AMOUNT_FILLERS_AFTER, AMOUNT_FILLERS_BEFORE, AMOUNT_HEDGES, COIN_NOUNS

from .engine_support import member, party, rules_for
from .normalize_support import said_notes

LABELS = {
    "penny": "pennies",
    "shilling": "shillings",
    "crown": "crowns",
    "bit": "bits",
    "mark": "marks",
    "sovereign": "sovereigns",
    "pinch": "pinches",
    "cake": "cakes",
    "cp": "copper pieces",
    "sp": "silver pieces",
    "gp": "gold pieces",
    "pp": "platinum pieces",
}


def one(ruleset: str, tag: str) -> Command | Unreadable:
    commands = normalize(read_tag(tag), rules_for(ruleset).names(party(member("Ada"))), tag)
    assert len(commands) == 1, commands
    return commands[0]


def paid(ruleset: str, body: str) -> Command | Unreadable:
    return one(ruleset, f'[inventory: action="pay" {body}]')


def coins_of(command: Command | Unreadable) -> list[tuple[str | None, int]]:
    assert isinstance(command, Pay | Earn), command
    for part in command.amounts:
        assert part.label == (LABELS[part.coin] if part.coin else None)
    return [(part.coin, part.count) for part in command.amounts]


AMOUNTS = [
    # coin words
    pytest.param("gravewatch", 'amount="3 pence"', [("penny", 3)], id="pence"),
    pytest.param("gravewatch", 'amount="a penny"', [("penny", 1)], id="a-penny"),
    pytest.param("gravewatch", 'amount="12 pennies"', [("penny", 12)], id="pennies"),
    pytest.param("gravewatch", 'amount="a crown"', [("crown", 1)], id="a-crown"),
    pytest.param("gravewatch", 'amount="two silver pennies"', [("penny", 2)], id="metal-before-the-coin"),
    pytest.param("gravewatch", 'item="pence" count="4"', [("penny", 4)], id="pence-as-item"),
    pytest.param("srd-5e", 'amount="5 gold coins"', [("gp", 5)], id="gold-coins"),
    pytest.param("srd-5e", 'amount="5 gold coin"', [("gp", 5)], id="gold-coin"),
    pytest.param("srd-5e", 'amount="5 gold pieces"', [("gp", 5)], id="gold-pieces"),
    pytest.param("srd-5e", 'amount="a gold piece"', [("gp", 1)], id="a-gold-piece"),
    pytest.param("srd-5e", 'amount="5 gold"', [("gp", 5)], id="gold"),
    pytest.param("srd-5e", 'amount="5 gp"', [("gp", 5)], id="gp"),
    pytest.param("srd-5e", 'amount="5 GP"', [("gp", 5)], id="GP"),
    pytest.param("srd-5e", 'amount="50gp"', [("gp", 50)], id="stuck-to-the-number"),
    pytest.param("srd-5e", 'amount="3 silver"', [("sp", 3)], id="3-silver"),
    pytest.param("srd-5e", 'amount="10 copper"', [("cp", 10)], id="copper"),
    pytest.param("srd-5e", 'amount="2 platinum coins"', [("pp", 2)], id="platinum-coins"),
    pytest.param("srd-5e", 'amount="3 coins of silver"', [("sp", 3)], id="coins-of-silver"),
    pytest.param("srd-5e", 'amount="3 pieces of gold"', [("gp", 3)], id="pieces-of-gold"),
    pytest.param("srd-5e", 'amount="2 gold pcs"', [("gp", 2)], id="gold-pcs"),
    pytest.param("ember-roads", 'amount="3 pinches of salt"', [("pinch", 3)], id="pinches-of-salt"),
    pytest.param("ember-roads", 'amount="2 cakes of salt"', [("cake", 2)], id="cakes-of-salt"),
    pytest.param("ember-roads", 'amount="2 salt cakes"', [("cake", 2)], id="salt-cakes-in-a-payment"),
    pytest.param("ember-roads", 'amount="2 Marks."', [("mark", 2)], id="trailing-full-stop"),
    pytest.param("ember-roads", 'amount="5 sovereigns!"', [("sovereign", 5)], id="trailing-bang"),
    pytest.param("srd-5e", 'amount="5gp."', [("gp", 5)], id="stuck-and-full-stop"),
    # compound amounts never lose a part
    pytest.param("gravewatch", 'amount="1 crown, 4 shillings"', [("crown", 1), ("shilling", 4)], id="comma"),
    pytest.param("gravewatch", 'amount="1 crown and 4 shillings"', [("crown", 1), ("shilling", 4)], id="and"),
    pytest.param(
        "gravewatch", 'amount="1 crown, and 4 shillings"', [("crown", 1), ("shilling", 4)], id="comma-and"
    ),
    pytest.param(
        "gravewatch", 'amount="1 crown plus 4 shillings"', [("crown", 1), ("shilling", 4)], id="plus"
    ),
    pytest.param(
        "gravewatch", 'amount="1 crown; 4 shillings"', [("crown", 1), ("shilling", 4)], id="semicolon"
    ),
    pytest.param(
        "gravewatch", 'amount="1 crown 4 shillings"', [("crown", 1), ("shilling", 4)], id="no-joiner"
    ),
    pytest.param(
        "gravewatch",
        'amount="1 crown, 4 shillings and 6 pence"',
        [("crown", 1), ("shilling", 4), ("penny", 6)],
        id="three-parts",
    ),
    pytest.param("srd-5e", 'amount="2 gp, 5 sp"', [("gp", 2), ("sp", 5)], id="gp-and-sp"),
    pytest.param("srd-5e", 'amount="1,000 gp"', [("gp", 1000)], id="thousands-comma"),
    # amounts wrapped in words
    pytest.param("gravewatch", 'amount="three shillings, please"', [("shilling", 3)], id="please"),
    pytest.param("srd-5e", 'amount="a total of 5 gp"', [("gp", 5)], id="a-total-of"),
    pytest.param("srd-5e", 'amount="5 gp worth"', [("gp", 5)], id="worth"),
    pytest.param("srd-5e", 'amount="5 gp in total"', [("gp", 5)], id="in-total"),
    pytest.param("srd-5e", 'amount="exactly 5 gp"', [("gp", 5)], id="exactly"),
    pytest.param(
        "gravewatch", 'amount="1 crown, 4 shillings, thanks"', [("crown", 1), ("shilling", 4)], id="thanks"
    ),
    pytest.param("gravewatch", 'amount="the sum of 2 crowns"', [("crown", 2)], id="the-sum-of"),
    # wrapped in words or punctuation
    pytest.param("gravewatch", 'amount="5 pennies, if you please"', [("penny", 5)], id="if-you-please"),
    pytest.param("ember-roads", 'amount="marks: 6"', [("mark", 6)], id="coin-then-colon-count"),
    pytest.param("ember-roads", 'amount="Sovereigns = 2"', [("sovereign", 2)], id="coin-then-equals-count"),
    pytest.param("gravewatch", 'amount="shillings: three"', [("shilling", 3)], id="coin-then-count-in-words"),
    pytest.param("srd-5e", 'amount="9 sp (for the rope)"', [("sp", 9)], id="aside-in-brackets"),
    pytest.param("srd-5e", 'amount="9 sp [for the rope]"', [("sp", 9)], id="aside-in-square-brackets"),
    pytest.param("srd-5e", 'amount="9 sp for the rope"', [("sp", 9)], id="aside-after-for"),
    pytest.param("srd-5e", 'amount="9 sp, for the rope"', [("sp", 9)], id="aside-after-a-comma"),
    pytest.param("ember-roads", 'amount="3 marks, as a tip"', [("mark", 3)], id="aside-as"),
    pytest.param(
        "gravewatch",
        'amount="1 crown (the mare), 4 shillings"',
        [("crown", 1), ("shilling", 4)],
        id="aside-inside-a-compound",
    ),
    pytest.param("srd-5e", 'amount="5 Gold Pieces (gp)"', [("gp", 5)], id="coin-and-its-short-name"),
    # old British money and short coin names
    pytest.param("gravewatch", 'amount="1s 6d"', [("shilling", 1), ("penny", 6)], id="shillings-and-pence"),
    pytest.param("gravewatch", 'amount="2s"', [("shilling", 2)], id="shillings-short"),
    pytest.param("gravewatch", 'amount="5p"', [("penny", 5)], id="pennies-short"),
    pytest.param("gravewatch", 'amount="3 bob"', [("shilling", 3)], id="bob"),
    pytest.param("gravewatch", 'amount="eightpence"', [("penny", 8)], id="eightpence"),
    pytest.param("gravewatch", 'amount="tuppence"', [("penny", 2)], id="tuppence"),
    pytest.param(
        "gravewatch", 'amount="a shilling and sixpence"', [("shilling", 1), ("penny", 6)], id="and-sixpence"
    ),
    pytest.param("ember-roads", 'amount="3 sovs"', [("sovereign", 3)], id="sovs"),
    pytest.param("ember-roads", 'amount="1 sov"', [("sovereign", 1)], id="sov"),
    pytest.param("ember-roads", 'amount="4 bits"', [("bit", 4)], id="bits"),
    pytest.param(
        "gravewatch", 'amount="3 shillings - for the bed"', [("shilling", 3)], id="aside-after-a-dash"
    ),
    pytest.param("srd-5e", 'amount="5 g.p."', [("gp", 5)], id="short-name-with-dots"),
    pytest.param("srd-5e", 'amount="10 silvers"', [("sp", 10)], id="material-made-plural"),
    pytest.param("srd-5e", 'amount="5 coppers"', [("cp", 5)], id="coppers"),
]


@pytest.mark.parametrize(("ruleset", "body", "expected"), AMOUNTS)
def test_a_coin_amount_is_read_whole(ruleset: str, body: str, expected: list[tuple[str | None, int]]) -> None:
    assert coins_of(paid(ruleset, body)) == expected


def test_a_compound_amount_is_one_payment_of_every_coin() -> None:
    command = paid("gravewatch", 'amount="1 crown, 4 shillings"')
    assert command == Pay(
        amounts=(
            CoinAmount(name="crown", count=1, coin="crown", label="crowns"),
            CoinAmount(name="shillings", count=4, coin="shilling", label="shillings"),
        )
    )


def test_a_coin_name_repair_and_the_dropped_words_are_recorded() -> None:
    command = paid("gravewatch", 'amount="three pence, please"')
    assert [(r.code, r.before, r.after) for r in command.repairs] == [
        ("amount-words", "please", ""),
        ("number-in-words", "three", "3"),
        ("coin-name", "pence", "pennies"),
    ]


def test_a_coin_without_a_count_is_one_and_the_note_says_so() -> None:
    command = paid("ember-roads", 'amount="Marks."')
    assert coins_of(command) == [("mark", 1)]
    assert said_notes(command) == ('Took "Marks" as one.',)


def test_an_earning_reads_the_same_coin_words() -> None:
    command = one("srd-5e", '[inventory: action="earn" amount="12 gold coins" who="Ada"]')
    assert isinstance(command, Earn) and coins_of(command) == [("gp", 12)] and command.who == "Ada"


def test_coins_added_as_an_item_are_coins() -> None:
    command = one("srd-5e", '[inventory: action="add" item="5 gold coins"]')
    assert command.model_dump(exclude={"repairs"})["item"] == {
        "name": "gold pieces",
        "label": None,
        "coin": "gp",
    }


REFUSED = [
    pytest.param('amount="about 5 gp"', "unreadable", id="about"),
    pytest.param('amount="5 gp each"', "unreadable", id="each"),
    pytest.param('amount="5 gp apiece"', "unreadable", id="apiece"),
    pytest.param('amount="1 gp or 10 sp"', "unreadable", id="or"),
    pytest.param('amount="up to 5 gp"', "unreadable", id="up-to"),
    pytest.param('amount="roughly 20 gp"', "unreadable", id="roughly"),
    pytest.param('amount="at least 3 sp"', "unreadable", id="at-least"),
    pytest.param('amount="some silver"', "unreadable", id="some"),
    pytest.param('amount="a few gold"', "unreadable", id="a-few"),
    pytest.param('amount="36"', "unreadable", id="no-coin"),
    pytest.param('amount="2 gp, 5"', "unreadable", id="a-part-without-a-coin"),
    pytest.param('amount="please"', "missing-key", id="only-a-filler"),
    pytest.param('amount="2 gp, 3 sp" count="2"', "count-conflict", id="count-with-several-coins"),
    pytest.param('amount="5 gp (or so)"', "unreadable", id="a-hedge-in-brackets"),
]


# An aside that could change the payment is kept, so the amount is refused as written (unknown coin).
KEPT_ASIDES = [
    pytest.param('amount="9 sp (for Ada)"', id="names-a-member"),
    pytest.param('amount="9 sp for 2 ropes"', id="names-a-number"),
    pytest.param('amount="5 gp (50 sp)"', id="restates-in-another-coin"),
    pytest.param('amount="5 gp (sp)"', id="names-another-coin"),
    pytest.param('amount="5 gp (not the gold)"', id="turns-the-meaning"),
]


@pytest.mark.parametrize("body", KEPT_ASIDES)
def test_an_aside_that_could_change_the_amount_is_never_dropped(body: str) -> None:
    command = paid("srd-5e", body)
    assert isinstance(command, Unreadable) or None in [coin for coin, _ in coins_of(command)], command


def test_an_aside_left_out_is_said_in_the_note() -> None:
    command = paid("srd-5e", 'amount="9 sp (for the rope)"')
    assert said_notes(command) == ('Left out "(for the rope)".',)
    assert ("amount-aside", "(for the rope)", "") in [(r.code, r.before, r.after) for r in command.repairs]


def test_short_british_coin_names_reach_no_ruleset_without_those_coins() -> None:
    assert coins_of(paid("srd-5e", 'amount="1s 6d"')) == [(None, 1), (None, 6)]


def test_a_coin_and_its_short_name_added_as_an_item_is_the_coin() -> None:
    command = one("srd-5e", '[inventory: action="add" item="Gold Pieces (gp)" count="5"]')
    dumped = command.model_dump(exclude={"repairs"})
    assert dumped["item"]["coin"] == "gp" and dumped["count"] == 5


@pytest.mark.parametrize(("body", "reason"), REFUSED)
def test_an_amount_that_says_no_one_number_is_refused(body: str, reason: str) -> None:
    command = paid("srd-5e", body)
    assert isinstance(command, Unreadable) and command.reason == reason


def test_an_unknown_coin_is_left_to_the_engine_not_dropped() -> None:
    assert coins_of(paid("gravewatch", 'amount="1 crown, 3 doubloons"')) == [("crown", 1), (None, 3)]


@pytest.mark.parametrize("noun", COIN_NOUNS)
def test_every_coin_noun_names_the_coin_it_follows(noun: str) -> None:
    assert coins_of(paid("srd-5e", f'amount="4 gold {noun}"')) == [("gp", 4)]


@pytest.mark.parametrize("filler", AMOUNT_FILLERS_BEFORE)
def test_every_filler_before_an_amount_is_dropped(filler: str) -> None:
    assert coins_of(paid("srd-5e", f'amount="{filler} 4 gp"')) == [("gp", 4)]


@pytest.mark.parametrize("filler", AMOUNT_FILLERS_AFTER)
def test_every_filler_after_an_amount_is_dropped(filler: str) -> None:
    assert coins_of(paid("srd-5e", f'amount="4 gp {filler}"')) == [("gp", 4)]


@pytest.mark.parametrize("hedge", sorted(AMOUNT_HEDGES))
def test_every_hedge_makes_an_amount_unreadable(hedge: str) -> None:
    command = paid("srd-5e", f'amount="4 gp {hedge}"')
    assert isinstance(command, Unreadable) and command.reason == "unreadable"


def test_a_coin_with_another_coin_beside_it_added_as_an_item_is_refused() -> None:
    command = one("srd-5e", '[inventory: action="add" item="Gold Pieces (sp)" count="5"]')
    assert isinstance(command, Unreadable) and command.reason == "unreadable"
