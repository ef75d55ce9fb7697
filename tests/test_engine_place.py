"""Tests for tagproc.engine.place: ``[place:]`` sets the place in force and its market size."""

from __future__ import annotations

import pytest

from tagproc import commands as c
from tagproc.engine.decide import decide
from tagproc.engine.dice import Dice
from tagproc.engine.outcome import Accepted, Answer, PlaceChanged, Refused, evolve_all
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState, Member
from tagproc.ruleset import load_ruleset

from .engine_support import as_said, said, variant, words


@pytest.fixture(scope="module")
def gravewatch() -> Rules:
    return Rules(load_ruleset("gravewatch"))


@pytest.fixture(scope="module")
def ember() -> Rules:
    """Ember Roads without its market: money and items, no place sizes."""
    return variant("ember-roads", '{"market": null}')


STATE = GameState(party=(Member(name="Ada"),), place="Old road")


@pytest.mark.parametrize(
    ("command", "attrs", "size"),
    [
        pytest.param(
            c.Place(name="Millbrook", size="Market Town", new_day=True),
            (("name", "Millbrook"), ("size", "town"), ("day", "new")),
            "town",
            id="size-by-label-any-case-answers-as-its-id",
        ),
        pytest.param(
            c.Place(name="Millbrook", size="city"),
            (("name", "Millbrook"), ("size", "city")),
            "city",
            id="size-by-id",
        ),
        pytest.param(
            c.Place(name="Millbrook", size="town"),
            (("name", "Millbrook"), ("size", "town")),
            "town",
            id="an-id-answers-as-its-id",
        ),
        pytest.param(
            c.Place(name="The Fens"), (("name", "The Fens"),), None, id="no-size-is-a-road-or-the-wilds"
        ),
        pytest.param(
            c.Place(size="Market Town"), (("size", "town"),), "town", id="a-size-without-a-name-is-answered"
        ),
    ],
)
def test_a_place_is_set_with_its_market_size(
    gravewatch: Rules, command: c.Place, attrs: tuple[tuple[str, str], ...], size: str | None
) -> None:
    decision = decide(STATE, command, gravewatch, Dice(0))
    assert decision == Accepted(
        effects=(PlaceChanged(place=command.name, size=size),),
        answers=(Answer(tag="place", attrs=attrs, result="ok"),),
    )
    after = evolve_all(STATE, decision.effects)
    assert (after.place, after.place_size) == (command.name, size)


def test_an_unknown_size_is_refused_and_changes_nothing(gravewatch: Rules) -> None:
    before = STATE.model_dump_json()
    decision = decide(STATE, c.Place(name="Millbrook", size="metropolis"), gravewatch, Dice(0))
    assert isinstance(decision, Refused)
    assert decision.answer.reason == "unknown-size"
    assert said(decision.answer) == (
        'No place size is called "metropolis"; sizes here: hamlet, village, market town, city.'
    )
    assert STATE.model_dump_json() == before


def test_a_ruleset_without_a_market_records_the_place_and_ignores_the_size(ember: Rules) -> None:
    decision = decide(STATE, c.Place(name="Hollow ford", size="village"), ember, Dice(0))
    assert isinstance(decision, Accepted)
    assert decision.model_copy(update={"answers": tuple(map(as_said, decision.answers))}) == Accepted(
        effects=(PlaceChanged(place="Hollow ford", size=None),),
        answers=(
            Answer(
                tag="place",
                attrs=(("name", "Hollow ford"), ("size", "village")),
                result="ok",
                notes=words('This ruleset has no market, so size="village" was ignored.'),
            ),
        ),
    )
