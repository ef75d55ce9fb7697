"""Trusted construction (``tagproc.engine.trusted``): what is built without validation equals what validation
builds, on the models' own terms and over every decision and state the conformance cases and the corpus make.

A value built from checked fields must survive the round trip ``Model.model_validate(value.model_dump())``
unchanged: were a field of the wrong type or past a constraint (a list for a tuple, a count of 0), the round
trip would change it or refuse it.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Iterator
from typing import Any

import pytest
from pydantic import BaseModel

import tagproc.acting
import tagproc.processing
from tagproc import notes
from tagproc.engine import bags
from tagproc.engine.bags import What
from tagproc.engine.outcome import (
    Accepted,
    Answer,
    BagChanged,
    Decision,
    Journaled,
    Refused,
    evolve,
    evolve_all,
    trusted_answer,
)
from tagproc.engine.state import GameState, JournalEntry, Member, PoolState, SheetState, Stack, journal_entry
from tagproc.engine.trusted import note as trusted_note_of
from tagproc.engine.trusted import replaced, trusted
from tagproc.notes import note
from tests.conformance.run import load_cases, play
from tests.corpus.cases import ALL_CASES
from tests.corpus.harness import _play


def round_trips(value: BaseModel) -> bool:
    return type(value).model_validate(value.model_dump()) == value


def test_a_trusted_answer_is_the_validated_answer() -> None:
    fields: dict[str, Any] = {
        "tag": "inventory",
        "attrs": (("action", "add"), ("item", "Rope")),
        "result": "ok",
        "now": note("sheet.pool", label="Grit", current=3, max=4, temp=0),
        "notes": (note("inventory.taken_off"),),
    }
    built, validated = trusted_answer(**fields), Answer(**fields)
    assert built == validated
    assert repr(built) == repr(validated)  # the defaults in field order, as validation orders them
    assert built.model_dump_json() == validated.model_dump_json()
    assert built.model_fields_set == validated.model_fields_set
    assert round_trips(built)


def test_a_trusted_model_calls_its_default_factories_afresh() -> None:
    member = trusted(Member)(name="Ada")
    assert member == Member(name="Ada")
    assert member.sheet == SheetState() and member.sheet is not trusted(Member)(name="Bram").sheet


def test_a_trusted_model_refuses_a_field_it_does_not_have_or_lacks_one_it_needs() -> None:
    with pytest.raises(TypeError, match="JournalEntry"):
        journal_entry(kind="spent", who="Ada", text="3 shillings", colour="red")
    with pytest.raises(TypeError, match="JournalEntry"):
        journal_entry(kind="spent", who="Ada")


def test_a_choice_of_fields_seen_before_is_no_pass_for_a_wrong_one() -> None:
    # The all-fields call in the model's order, in another order, and a choice the builder has seen: each
    # as validation builds it (order of ``__dict__`` included), and a wrong field still refused after them.
    build = trusted(JournalEntry)
    full = {
        name: getattr(journal_entry(kind="spent", who="Ada", text="x"), name)
        for name in JournalEntry.model_fields
    }
    for fields in (full, dict(reversed(full.items())), {"kind": "spent", "who": "Ada", "text": "x"}):
        built, validated = build(**fields), JournalEntry(**fields)
        assert built == validated and repr(built) == repr(validated)
        assert built.model_fields_set == validated.model_fields_set
        with pytest.raises(TypeError, match="JournalEntry"):
            build(**fields, colour="red")
    member = trusted(Member)
    every = {"name": "Ada", "sheet": SheetState(), "bag": (), "gear_taken": ()}
    assert member(**every) == Member(**every)
    for _ in range(2):  # a wrong field beside every factory's field, the second time too
        with pytest.raises(TypeError, match="Member"):
            member(**every, colour="red")
        with pytest.raises(TypeError, match="Member"):
            member(sheet=SheetState())


def test_a_trusted_value_stays_frozen() -> None:
    entry = journal_entry(kind="spent", who="Ada", text="3 shillings")
    with pytest.raises(Exception, match="frozen"):
        entry.who = "Bram"


def test_replaced_is_model_copy_with_an_update() -> None:
    stack = Stack(name="Rope", count=2, item="gear/rope")
    assert replaced(stack, count=5) == stack.model_copy(update={"count": 5})
    assert repr(replaced(stack, count=5)) == repr(stack.model_copy(update={"count": 5}))
    assert replaced(stack, count=5).model_fields_set == stack.model_copy(update={"count": 5}).model_fields_set
    assert stack.count == 2  # the original is untouched


def test_values_built_alike_share_one_fields_set_that_no_copy_changes() -> None:
    one = journal_entry(kind="spent", who="Ada", text="3 shillings")
    two = journal_entry(kind="spent", who="Bram", text="1 penny")
    assert one.__pydantic_fields_set__ is two.__pydantic_fields_set__  # one set per choice of fields given
    first, second = (
        trusted_answer(tag="sheet", attrs=(), result="ok"),
        trusted_answer(tag="loot", attrs=(), result="ok"),
    )
    given = {"tag", "attrs", "result"}
    assert first.__pydantic_fields_set__ is second.__pydantic_fields_set__ == given
    assert replaced(first, tag="inventory").__pydantic_fields_set__ is first.__pydantic_fields_set__
    widened = replaced(first, reason="no-such-item")
    assert widened.model_fields_set == {*given, "reason"} and first.model_fields_set == given
    # pydantic's own copies give the copy a set of its own before changing it
    assert first.model_copy(update={"reason": "x"}).model_fields_set == {*given, "reason"}
    assert copy.copy(first).model_fields_set == copy.deepcopy(first).model_fields_set == given
    assert pickle.loads(pickle.dumps(first)) == first
    assert second.model_fields_set == given  # nothing changed the shared set
    validated = Answer(tag="loot", attrs=(), result="ok")
    assert second.model_dump(exclude_unset=True) == validated.model_dump(exclude_unset=True)


def test_a_model_that_is_not_frozen_gets_a_fields_set_of_its_own() -> None:
    class Loose(BaseModel):
        name: str
        count: int = 1

    build = trusted(Loose)
    one, two = build(name="a"), build(name="b")
    assert one.model_fields_set == two.model_fields_set == {"name"}
    one.count = 3
    assert one.model_fields_set == {"name", "count"} and two.model_fields_set == {"name"}
    assert replaced(two, name="c").__pydantic_fields_set__ is not two.__pydantic_fields_set__


@pytest.mark.parametrize(
    ("count", "name"),
    [
        pytest.param(0, "Rope", id="count-0"),
        pytest.param(-1, "Rope", id="count-negative"),
        pytest.param(1, "", id="name-empty"),
        pytest.param(1, "x" * 121, id="name-too-long"),
    ],
)
def test_a_stack_that_would_not_hold_is_validated_and_refused(count: int, name: str) -> None:
    with pytest.raises(ValueError, match="validation error"):
        bags.new_stack(What(name), count)


def test_a_stack_that_holds_is_built_as_validation_builds_it() -> None:
    what = What("Shot and powder", item="gear/shot", passes_as=None)
    assert bags.new_stack(what, 3) == Stack(name="Shot and powder", count=3, item="gear/shot")
    assert round_trips(bags.with_count(bags.new_stack(what, 3), 7))
    # A count not of type int goes through validation, as ever: True is lax for 1.
    assert type(bags.new_stack(what, True).count) is int


def test_evolve_all_is_evolve_one_at_a_time() -> None:
    state = GameState(party=(Member(name="Ada"), Member(name="Bram")))
    rope = (Stack(name="Rope", count=1),)
    effects = (
        BagChanged(member=1, bag=rope),
        Journaled(entry=JournalEntry(kind="acquired", who="Bram", text="Rope ×1")),
        BagChanged(member=1, bag=(*rope, Stack(name="Torch", count=2))),
        Journaled(entry=JournalEntry(kind="acquired", who="Bram", text="Torch ×2")),
    )
    one_at_a_time = state
    for effect in effects:
        one_at_a_time = evolve(one_at_a_time, effect)
    assert evolve_all(state, effects) == one_at_a_time
    assert evolve_all(state, effects).party[0] is state.party[0]  # the member no effect touched is shared
    assert round_trips(evolve_all(state, effects))


# -- over realistic decisions and states ----------------------------------------------------------------


class _Seen:
    """Every decision ``decide`` returns and every state ``evolve_all`` makes while cases are played."""

    def __init__(self) -> None:
        self.decisions: list[Decision] = []
        self.states: list[GameState] = []


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> Iterator[_Seen]:
    found = _Seen()
    for module in (tagproc.processing, tagproc.acting):
        real_decide, real_evolve = module.decide, module.evolve_all

        def decide(*args: Any, _real: Any = real_decide, **kwargs: Any) -> Decision:
            decision: Decision = _real(*args, **kwargs)
            found.decisions.append(decision)
            return decision

        def evolve_all_(*args: Any, _real: Any = real_evolve, **kwargs: Any) -> GameState:
            state: GameState = _real(*args, **kwargs)
            found.states.append(state)
            return state

        monkeypatch.setattr(module, "decide", decide)
        monkeypatch.setattr(module, "evolve_all", evolve_all_)
    yield found


def _values(decision: Decision) -> Iterator[BaseModel]:
    yield decision
    if isinstance(decision, Refused):
        yield decision.answer
        return
    yield from decision.effects
    yield from decision.answers


def _assert_round_trips(seen: _Seen) -> None:
    assert seen.decisions and seen.states
    for decision in seen.decisions:
        for value in _values(decision):
            assert round_trips(value), value
    for state in seen.states:
        assert round_trips(state)
        for member in state.party:
            for stack in member.bag:
                assert isinstance(stack.count, int) and stack.count >= 1
            assert all(isinstance(pool, PoolState) for pool in member.sheet.pools.values())


def test_every_decision_and_state_of_the_conformance_cases_round_trips(seen: _Seen) -> None:
    for case in load_cases():
        play(case)
    _assert_round_trips(seen)


def test_every_decision_and_state_of_the_corpus_round_trips(seen: _Seen) -> None:
    for case in ALL_CASES:
        _play(case, case.sloppy)
        if case.canonical is not None:
            _play(case, case.canonical)
    assert any(isinstance(decision, Accepted) for decision in seen.decisions)
    _assert_round_trips(seen)


@pytest.mark.parametrize(
    "facts",
    [
        pytest.param({}, id="no-facts"),
        pytest.param({"who": "Ada", "count": 3, "load": 2.5, "worn": True, "to": None}, id="scalars"),
        pytest.param({"paid": (("crowns", 1),), "back": ()}, id="tuples"),
        pytest.param({"line": notes.note("sheet.pool", label="Grit", current=3)}, id="a-nested-note"),
        pytest.param({"rests": [("night", "Night's rest")]}, id="a-list-is-validated"),
        pytest.param(
            {"line": {"code": "sheet.pool", "facts": [["label", "Grit"]]}}, id="a-mapping-is-validated"
        ),
    ],
)
def test_a_trusted_note_is_the_validated_note(facts: dict[str, Any]) -> None:
    built, validated = trusted_note_of("money.paid", **facts), notes.note("money.paid", **facts)
    assert built == validated
    assert repr(built) == repr(validated)
    assert round_trips(built)
