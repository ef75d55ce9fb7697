"""Tests for ``normalize/sheet.py``'s loose forms on the shipped rulesets: the game's names as keys, the
op the keys say, hit-point words, amounts with units and signs, positional places and loot, the words that
name no place and the day words; each table beside a table of inputs that must stay refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from tagproc.commands import Condition, Damage, Loot, Note, Place, Rest, Restore, Spend, Temp, Track
from tagproc.vocabulary import DAY_WORDS, NOT_NEW_DAY_WORDS, PLACE_NON_NAMES, STATE_WORDS
from tests.normalize_support import AnyCommand, bare, codes, only, refusal, run, said_detail, said_notes

LOOSE = [
    pytest.param('[sheet: op="rest" type="vigil"]', Rest(rest="vigil"), "gravewatch", id="type-for-rest"),
    pytest.param(
        '[sheet: op="rest" kind="breather" who="Ada"]',
        Rest(rest="breather", who="Ada"),
        "gravewatch",
        id="kind-for-rest",
    ),
    pytest.param('[sheet: type="rest" rest="vigil"]', Rest(rest="vigil"), "gravewatch", id="type-is-the-op"),
    pytest.param('[sheet: rest="vigil"]', Rest(rest="vigil"), "gravewatch", id="rest-key-says-the-op"),
    pytest.param("[sheet: rest: vigil]", Rest(rest="vigil"), "gravewatch", id="rest-colon"),
    pytest.param(
        '[sheet: type="short rest" who="Bram"]', Rest(rest="short", who="Bram"), "srd-5e", id="a-rest-as-type"
    ),
    pytest.param(
        '[sheet: resolve="-1" who="Bram"]',
        Spend(pool="resolve", amount=1, who="Bram"),
        "gravewatch",
        id="pool-key-minus",
    ),
    pytest.param(
        '[sheet: resolve="+2"]', Restore(pool="resolve", amount=2), "gravewatch", id="pool-key-plus"
    ),
    pytest.param('[sheet: grit="-2"]', Spend(pool="grit", amount=2), "ember-roads", id="grit-minus"),
    pytest.param(
        '[sheet: op="restore" resolve="1"]',
        Restore(pool="resolve", amount=1),
        "gravewatch",
        id="pool-key-with-op",
    ),
    pytest.param(
        '[sheet: op="spend" Resolve="-1"]',
        Spend(pool="resolve", amount=1),
        "gravewatch",
        id="pool-key-agreeing-sign",
    ),
    pytest.param(
        '[sheet: hp="-5" who="Bram"]',
        Damage(pool="hit_points", amount=5, who="Bram"),
        "srd-5e",
        id="hp-minus-is-damage",
    ),
    pytest.param('[sheet: hp="+3"]', Restore(pool="hit_points", amount=3), "srd-5e", id="hp-plus"),
    pytest.param(
        '[sheet: op="damage" health="4"]', Damage(pool="hit_points", amount=4), "srd-5e", id="health-key"
    ),
    pytest.param(
        '[sheet: op="heal" pool="HP" amount="4"]',
        Restore(pool="hit_points", amount=4),
        "srd-5e",
        id="hp-as-pool",
    ),
    pytest.param(
        '[sheet: op="temp" pool="hp" amount="5"]', Temp(pool="hit_points", amount=5), "srd-5e", id="temp-hp"
    ),
    pytest.param(
        '[sheet: rattled="on" who="Bram"]',
        Condition(condition="rattled", who="Bram"),
        "gravewatch",
        id="condition-key",
    ),
    pytest.param(
        '[sheet: Rattled="removed"]',
        Condition(condition="rattled", state=False),
        "gravewatch",
        id="condition-key-off",
    ),
    pytest.param(
        '[sheet: condition="marked"]', Condition(condition="marked"), "gravewatch", id="condition-says-the-op"
    ),
    pytest.param(
        '[sheet: harm="+1" who="Bram"]',
        Track(track="harm", by=1, who="Bram"),
        "gravewatch",
        id="track-key-signed",
    ),
    pytest.param(
        '[sheet: op="track" harm="2"]', Track(track="harm", to=2), "gravewatch", id="track-key-with-op"
    ),
    pytest.param(
        '[sheet: track="harm" by="+1"]', Track(track="harm", by=1), "gravewatch", id="track-by-says-the-op"
    ),
    pytest.param(
        '[sheet: track="harm" amount="2"]',
        Damage(track="harm", amount=2),
        "gravewatch",
        id="track-amount-is-damage",
    ),
    pytest.param(
        '[sheet: post="north gate"]', Note(field="post", value="north gate"), "gravewatch", id="field-key"
    ),
    pytest.param(
        '[sheet: heal="2" pool="resolve"]', Restore(pool="resolve", amount=2), "gravewatch", id="heal-key"
    ),
    pytest.param(
        '[sheet: damage="3" track="harm"]', Damage(track="harm", amount=3), "gravewatch", id="damage-key"
    ),
    pytest.param(
        '[sheet: pool="resolve" amount="-1"]',
        Spend(pool="resolve", amount=1),
        "gravewatch",
        id="signed-amount-says-the-op",
    ),
    pytest.param(
        '[sheet: op="spend" character_name="Bram" pool="resolve" amount="1"]',
        Spend(pool="resolve", amount=1, who="Bram"),
        "gravewatch",
        id="character_name",
    ),
    pytest.param(
        '[sheet: op="rest" rest="vigil rest"]', Rest(rest="vigil"), "gravewatch", id="a-rest-called-a-rest"
    ),
    pytest.param(
        '[sheet: op="condition" condition="rattled" value="off"]',
        Condition(condition="rattled", state=False),
        "gravewatch",
        id="value-is-the-state",
    ),
    pytest.param(
        '[sheet: op="condition" condition="rattled" active="no"]',
        Condition(condition="rattled", state=False),
        "gravewatch",
        id="active-is-the-state",
    ),
    pytest.param(
        '[sheet: op="spend" pool="resolve" value="1"]',
        Spend(pool="resolve", amount=1),
        "gravewatch",
        id="value-is-the-amount",
    ),
    pytest.param(
        '[sheet: op="spend" pool="resolve" qty="1"]',
        Spend(pool="resolve", amount=1),
        "gravewatch",
        id="qty-is-amount",
    ),
]


@pytest.mark.parametrize(("tag", "expected", "ruleset"), LOOSE)
def test_a_loose_sheet_key_reads_as_the_keyed_form(tag: str, expected: AnyCommand, ruleset: str) -> None:
    assert bare(only(run(tag, ruleset))) == expected


AMOUNTS = [
    pytest.param("2 damage", "damage", 2, id="2-damage"),
    pytest.param("3 points", "restore", 3, id="3-points"),
    pytest.param("+2", "restore", 2, id="plus-2"),
    pytest.param("-2", "spend", 2, id="minus-on-a-spend"),
    pytest.param("two", "restore", 2, id="two"),
    pytest.param("2 resolve", "restore", 2, id="the-pool"),
    pytest.param("2 points of resolve", "spend", 2, id="points-of-the-pool"),
    pytest.param("1 pt", "temp", 1, id="pt"),
]


@pytest.mark.parametrize(("written", "op", "number"), AMOUNTS)
def test_an_amount_with_a_unit_or_a_sign_is_its_number(written: str, op: str, number: int) -> None:
    command = only(run(f'[sheet: op="{op}" pool="resolve" amount="{written}"]'))
    assert getattr(command, "amount", None) == number, command


def test_an_amount_naming_the_pool_is_the_pool_when_none_is_written() -> None:
    command = only(run('[sheet: op="heal" amount="2 resolve" who="Ada"]'))
    assert bare(command) == Restore(pool="resolve", amount=2, who="Ada")
    assert "amount-pool" in codes(command)
    damage = only(run('[sheet: op="damage" amount="2 harm"]'))
    assert bare(damage) == Damage(track="harm", amount=2)


LOOSE_REFUSED = [
    pytest.param('[sheet: resolve="1"]', "gravewatch", id="pool-key-without-sign-or-op"),
    pytest.param('[sheet: op="restore" resolve="-1"]', "gravewatch", id="a-minus-restores-nothing"),
    pytest.param('[sheet: op="heal" pool="resolve" amount="-2"]', "gravewatch", id="minus-amount-on-a-heal"),
    pytest.param('[sheet: harm="2"]', "gravewatch", id="track-key-unsigned-without-op"),
    pytest.param('[sheet: rattled="maybe"]', "gravewatch", id="condition-key-neither-on-nor-off"),
    pytest.param(
        '[sheet: op="heal" pool="resolve" amount="2 grit"]', "gravewatch", id="amount-names-another-pool"
    ),
    pytest.param(
        '[sheet: op="heal" pool="grit" amount="2 luck"]', "ember-roads", id="amount-and-pool-disagree"
    ),
    pytest.param(
        '[sheet: op="heal" pool="resolve" amount="2 prayers"]', "gravewatch", id="amount-unknown-unit"
    ),
    pytest.param('[sheet: hp="-5"]', "gravewatch", id="hp-where-there-are-no-hit-points"),
    pytest.param('[sheet: op="heal" amount="1d6" pool="resolve"]', "gravewatch", id="dice"),
    pytest.param('[sheet: rest="vigil" condition="rattled"]', "gravewatch", id="keys-saying-two-ops"),
    pytest.param(
        '[sheet: op="condition" condition="rattled" value="no longer"]',
        "gravewatch",
        id="value-that-may-be-the-state",
    ),
]


@pytest.mark.parametrize(("tag", "ruleset"), LOOSE_REFUSED)
def test_a_loose_sheet_key_that_says_nothing_sure_is_refused(tag: str, ruleset: str) -> None:
    refused = refusal(run(tag, ruleset))
    assert refused.reason in ("unreadable", "missing-key"), refused


@pytest.mark.parametrize(("word", "state"), [pytest.param(w, s, id=w) for w, s in STATE_WORDS.items()])
def test_every_state_word_is_on_or_off(word: str, state: str) -> None:
    command = only(run(f'[sheet: op="condition" condition="rattled" state="{word}"]'))
    assert bare(command) == Condition(condition="rattled", state=state == "on")


# --- places ---------------------------------------------------------------------------------------------

PLACES = [
    pytest.param("[place: Millbrook, market town]", Place(name="Millbrook", size="town"), id="comma-label"),
    pytest.param("[place: Millbrook, town]", Place(name="Millbrook", size="town"), id="comma-id"),
    pytest.param("[place: Hollin (village)]", Place(name="Hollin", size="village"), id="parentheses"),
    pytest.param("[place: Hollin - village]", Place(name="Hollin", size="village"), id="dash"),
    pytest.param(
        "[place: Hollin \u2014 a hamlet]", Place(name="Hollin", size="hamlet"), id="em-dash-article"
    ),
    pytest.param('[place: name="Hollin, a village"]', Place(name="Hollin", size="village"), id="keyed-name"),
    pytest.param(
        '[place: name="Hollin (village)" size="village"]',
        Place(name="Hollin", size="village"),
        id="agreeing-size",
    ),
    pytest.param('[place: name="Stonegate, City"]', Place(name="Stonegate", size="city"), id="any-case"),
    pytest.param(
        '[place: name="The Crossroads, a bustling town"]',
        Place(name="The Crossroads", size="town"),
        id="a-size-with-words-before-it",
    ),
    pytest.param(
        '[place: name="Old Town" size="town"]',
        Place(name="Old Town", size="town"),
        id="a-size-word-in-the-name",
    ),
    pytest.param(
        "[place: the village of Brackwater]", Place(name="Brackwater", size="village"), id="the-x-of"
    ),
    pytest.param("[place: Village of Brackwater]", Place(name="Brackwater", size="village"), id="x-of"),
    pytest.param(
        "[place: the small village of Brackwater]",
        Place(name="Brackwater", size="village"),
        id="the-adj-x-of",
    ),
    pytest.param(
        "[place: Brackwater village]", Place(name="Brackwater", size="village"), id="lowercase-after"
    ),
    pytest.param("[place: Hollin (a quiet village)]", Place(name="Hollin", size="village"), id="paren-words"),
    pytest.param("[place: Cinder Gap (a mining camp)]", Place(name="Cinder Gap"), id="paren-description"),
    pytest.param("[place: Crossroads (north of Hollin)]", Place(name="Crossroads"), id="paren-where"),
    pytest.param("[place: Isle of Skye]", Place(name="Isle of Skye"), id="of-without-a-size"),
    pytest.param(
        "[place: Brackwater (village), new day]",
        Place(name="Brackwater", size="village", new_day=True),
        id="size-and-a-new-day",
    ),
    pytest.param('[place: name="Hollin" day="same"]', Place(name="Hollin"), id="day-same"),
    pytest.param(
        '[place: name="Hollin" day="next morning"]', Place(name="Hollin", new_day=True), id="day-next-morning"
    ),
    pytest.param('[place: name="Hollin" day="dawn"]', Place(name="Hollin", new_day=True), id="day-dawn"),
    pytest.param('[place: size="village"]', Place(size="village"), id="a-size-without-a-name"),
    pytest.param(
        '[place: size="market town" day="new"]',
        Place(size="market town", new_day=True),
        id="a-size-and-a-new-day-without-a-name",
    ),
]


@pytest.mark.parametrize(("tag", "expected"), PLACES)
def test_a_place_is_read_with_its_size_only_when_the_market_has_it(tag: str, expected: AnyCommand) -> None:
    assert bare(only(run(tag))) == expected


# A game with no place sizes (Tollway: money, no market): a settlement word around the name is said and left
# out.
NO_SIZES = str(Path(__file__).resolve().parent / "conformance_prompt" / "rulesets" / "tollway.json")
PLACES_NO_SIZES = [
    pytest.param("[place: Cinder Gap (village)]", Place(name="Cinder Gap"), id="paren"),
    pytest.param('[place: name="Cinder Gap (village)"]', Place(name="Cinder Gap"), id="keyed-paren"),
    pytest.param("[place: the village of Brackwater]", Place(name="Brackwater"), id="the-x-of"),
    pytest.param("[place: Brackwater, a small town]", Place(name="Brackwater"), id="comma"),
    pytest.param("[place: Brackwater village]", Place(name="Brackwater"), id="lowercase-after"),
]


def test_a_place_name_past_120_characters_is_cut_and_said() -> None:
    command = only(run(f'[place: name="{"Long" * 40}" size="village"]'))
    assert bare(command) == Place(name=("Long" * 40)[:120], size="village")
    assert said_notes(command) == ("The place's name was cut to its first 120 characters.",)


@pytest.mark.parametrize(("tag", "expected"), PLACES_NO_SIZES)
def test_a_settlement_word_in_a_game_without_sizes_is_no_part_of_the_name(
    tag: str, expected: AnyCommand
) -> None:
    command = only(run(tag, NO_SIZES))
    assert bare(command) == expected and said_notes(command)


PLACES_REFUSED = [
    pytest.param("[place: Old Town]", id="a-capital-size-word-after-the-name"),
    pytest.param("[place: Brackwater Village]", id="title-case"),
    pytest.param("[place: Millbrook, a village by the river]", id="a-size-among-other-words"),
    pytest.param("[place: (village)]", id="only-a-size"),
    pytest.param("[place: the town]", id="an-article-and-a-size"),
    pytest.param("[place: a village]", id="a-village"),
    pytest.param("[place: unchanged, new day]", id="no-place-on-a-new-day"),
    pytest.param("[place: town]", id="only-a-size-word"),
    pytest.param("[place: unchanged (still at the inn)]", id="no-place-with-a-description"),
    pytest.param('[place: name="Hollin (town)" size="village"]', id="two-sizes"),
]


@pytest.mark.parametrize("tag", PLACES_REFUSED)
def test_a_place_whose_size_or_name_is_unsure_is_refused(tag: str) -> None:
    assert refusal(run(tag)).reason == "unreadable"


@pytest.mark.parametrize("word", [pytest.param(w, id=w) for w in sorted(PLACE_NON_NAMES)])
def test_a_place_that_names_no_place_runs_nothing(word: str) -> None:
    refused = refusal(run(f'[place: name="{word}"]'))
    assert refused.reason == "unreadable" and "names no place" in said_detail(refused)


def test_a_bare_unchanged_runs_nothing() -> None:
    assert refusal(run("[place: unchanged]")).reason == "unreadable"
    assert refusal(run("[place: Still here.]")).reason == "unreadable"


def test_a_positional_size_that_disagrees_with_size_is_refused() -> None:
    assert refusal(run('[place: name="Hollin, a village" size="city"]')).reason == "unreadable"


@pytest.mark.parametrize("word", [pytest.param(w, id=w) for w in sorted(DAY_WORDS)])
def test_every_day_word_starts_a_new_day(word: str) -> None:
    command = only(run(f'[place: name="Hollin" day="{word}"]'))
    assert isinstance(command, Place) and command.new_day and not said_notes(command)


@pytest.mark.parametrize("word", [pytest.param(w, id=w) for w in sorted(NOT_NEW_DAY_WORDS)])
def test_every_no_new_day_word_is_read_without_a_note(word: str) -> None:
    command = only(run(f'[place: name="Hollin" day="{word}"]'))
    assert isinstance(command, Place) and not command.new_day and not said_notes(command)


def test_an_unknown_day_word_is_left_out_and_said() -> None:
    command = only(run('[place: name="Hollin" day="3"]'))
    assert isinstance(command, Place) and not command.new_day
    assert said_notes(command) == ('Ignored day="3": only day="new" starts a new day.',)


# --- loot -----------------------------------------------------------------------------------------------

LOOTS = [
    pytest.param("[loot: grave_goods for Bram]", Loot(table="grave_goods", who="Bram"), id="for"),
    pytest.param("[loot: grave_goods to Mira]", Loot(table="grave_goods", who="Mira"), id="to"),
    pytest.param("[loot: Grave goods Bram]", Loot(table="grave_goods", who="Bram"), id="label-then-member"),
    pytest.param("[loot: grave_goods]", Loot(table="grave_goods"), id="plain"),
    pytest.param(
        '[loot: table="grave_goods" who="Bram the smith"]',
        Loot(table="grave_goods", who="Bram"),
        id="who-words",
    ),
    pytest.param('[loot: table="grave_goods" who="the party"]', Loot(table="grave_goods"), id="party"),
    pytest.param(
        "[loot: odd stuff for Bram]", Loot(table="odd stuff for Bram"), id="unknown-table-stays-as-written"
    ),
]


@pytest.mark.parametrize(("tag", "expected"), LOOTS)
def test_a_loot_tag_reads_its_table_and_member(tag: str, expected: AnyCommand) -> None:
    assert bare(only(run(tag))) == expected


def test_a_positional_loot_member_that_disagrees_with_who_is_refused() -> None:
    assert refusal(run('[loot: table="grave_goods for Bram" who="Ada"]')).reason == "unreadable"


def test_a_signed_change_on_a_pool_says_the_op() -> None:
    assert bare(only(run('[sheet: pool="resolve" delta="-1" who="Ada"]'))) == Spend(
        pool="resolve", amount=1, who="Ada"
    )
    assert bare(only(run('[sheet: pool="resolve" change="+2"]'))) == Restore(pool="resolve", amount=2)


@pytest.mark.parametrize(
    "body",
    [
        pytest.param("still in Millbrook", id="still"),
        pytest.param("back to the chapel", id="back-to"),
        pytest.param("Millbrook -> the chapel", id="arrow"),
        pytest.param("from Millbrook to the old chapel", id="from-to"),
        pytest.param("leaving Millbrook, heading to the chapel", id="leaving-heading"),
        pytest.param("The chapel? Or the crypt?", id="a-doubt"),
    ],
)
def test_a_place_that_says_a_journey_or_a_doubt_moves_nobody(body: str) -> None:
    from tagproc import Game

    game = Game("gravewatch", ["Ada"])
    (answer,) = game.reply(f"[place: {body}]").structured_answers
    assert (answer.result, answer.reason) == ("refused", "unreadable")
    assert game.state.place is None


@pytest.mark.parametrize(
    "tag",
    [
        pytest.param('[sheet: who="Bram" grit="-2" heat="+1"]', id="a-pool-and-a-track"),
        pytest.param('[sheet: op="rest" rest="camp" pool="grit" amount="2"]', id="a-rest-and-a-pool"),
        pytest.param(
            '[sheet: op="spend" pool="luck" amount="1" condition="shaken"]', id="a-spend-and-a-condition"
        ),
    ],
)
def test_a_second_change_the_op_does_not_make_refuses_the_tag(tag: str) -> None:
    from tagproc import Game

    game = Game("ember-roads", ["Ada", "Bram"])
    before = game.state
    (answer,) = game.reply(tag).structured_answers
    assert (answer.result, answer.reason) == ("refused", "malformed")
    assert game.state.party == before.party
