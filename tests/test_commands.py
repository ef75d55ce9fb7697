"""Tests for tagproc.commands: frozen values, their validators, and the answer's canonical key order."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

import tagproc.acting
import tagproc.processing
from tagproc.commands import (
    Add,
    Buy,
    Change,
    CoinAmount,
    Command,
    Condition,
    Damage,
    Earn,
    Give,
    Inspect,
    ItemRef,
    Loot,
    Note,
    Pay,
    Place,
    Proposal,
    Rest,
    Spend,
    Track,
    Unreadable,
)
from tagproc.repairs import Repair
from tests.conformance.run import load_cases, play
from tests.corpus.cases import ALL_CASES
from tests.corpus.harness import _play

AXE = ItemRef(name="Hand axe", label="Hand axe")


ANSWERS = [
    pytest.param(
        Buy(item=AXE, who="Ada", seller="smith", level="dear"),
        (
            ("action", "buy"),
            ("item", "Hand axe"),
            ("count", "1"),
            ("who", "Ada"),
            ("level", "dear"),
            ("seller", "smith"),
        ),
        id="buy-in-answer-order",  # CONVENTIONS.md §1: action item count who to level seller
    ),
    pytest.param(
        Give(item=AXE, count=2, who="Ada", to="Bram"),
        (("action", "give"), ("item", "Hand axe"), ("count", "2"), ("who", "Ada"), ("to", "Bram")),
        id="give-from-who-to",
    ),
    pytest.param(
        Pay(amounts=(CoinAmount(name="shillings", count=3, coin="shilling", label="shillings"),)),
        (("action", "pay"), ("item", "shillings"), ("count", "3")),
        id="pay-one-coin-as-item-and-count",
    ),
    pytest.param(
        Pay(
            amounts=(
                CoinAmount(name="crown", count=1, coin="crown", label="crowns"),
                CoinAmount(name="shillings", count=6, coin="shilling", label="shillings"),
            ),
            who="Ada",
        ),
        (("action", "pay"), ("amount", "1 crowns, 6 shillings"), ("who", "Ada")),
        id="pay-several-coins-as-amount",
    ),
    pytest.param(
        Pay(amounts=(CoinAmount(name="doubloons", count=3),)),
        (("action", "pay"), ("item", "doubloons"), ("count", "3")),
        id="pay-an-unknown-coin-by-its-written-name",
    ),
    pytest.param(
        Inspect(item=AXE, who="Mira", way="Identify"),
        (("action", "inspect"), ("item", "Hand axe"), ("who", "Mira"), ("with", "Identify")),
        id="inspect-with",
    ),
    pytest.param(
        Add(item=ItemRef(name="Widow's kiss")),
        (("action", "add"), ("item", "Widow's kiss"), ("count", "1")),
        id="add-a-plain-item",
    ),
    pytest.param(
        Place(name="Millbrook", size="market town", new_day=True),
        (("name", "Millbrook"), ("size", "market town"), ("day", "new")),
        id="place-new-day",
    ),
    pytest.param(Loot(table="grave_goods", who="Ada"), (("table", "grave_goods"), ("who", "Ada")), id="loot"),
    pytest.param(Rest(rest="vigil"), (("op", "rest"), ("rest", "vigil")), id="rest-of-the-player"),
    pytest.param(
        Spend(pool="resolve", amount=1, who="Ada"),
        (("who", "Ada"), ("op", "spend"), ("pool", "resolve"), ("amount", "1")),
        id="spend-who-first",
    ),
    pytest.param(
        Damage(track="harm", kind="tear", amount=2),
        (("op", "damage"), ("track", "harm"), ("kind", "tear"), ("amount", "2")),
        id="damage-on-a-wound-track",
    ),
    pytest.param(
        Track(track="harm", by=-1), (("op", "track"), ("track", "harm"), ("by", "-1")), id="track-by"
    ),
    pytest.param(
        Track(track="harm", by=2), (("op", "track"), ("track", "harm"), ("by", "+2")), id="track-by-signed"
    ),
    pytest.param(
        Condition(condition="rattled", state=False),
        (("op", "condition"), ("condition", "rattled"), ("state", "off")),
        id="condition-off",
    ),
    pytest.param(
        Note(field="post", value="the north gate"),
        (("op", "note"), ("field", "post"), ("value", "the north gate")),
        id="note",
    ),
    pytest.param(
        Unreadable(raw="[inventory: ???]"), (("raw", "[inventory: ???]"),), id="unreadable-answers-raw"
    ),
]


@pytest.mark.parametrize(("command", "attrs"), ANSWERS)
def test_answer_attrs_follow_the_canonical_key_order(
    command: Add, attrs: tuple[tuple[str, str], ...]
) -> None:
    assert command.answer_attrs() == attrs


def test_a_command_is_a_frozen_value() -> None:
    command = Add(item=AXE, repairs=(Repair("plural", "hand axes", "Hand axe"),))
    with pytest.raises(ValidationError):
        command.count = 2
    assert command == Add(item=AXE, repairs=(Repair("plural", "hand axes", "Hand axe"),))
    assert hash(command) == hash(Add(item=AXE, repairs=(Repair("plural", "hand axes", "Hand axe"),)))


def test_a_command_forbids_unknown_fields() -> None:
    with pytest.raises(ValidationError):
        Add.model_validate({"item": AXE, "colour": "red"})


@pytest.mark.parametrize(
    "fields",
    [
        pytest.param({"item": AXE, "count": 0}, id="count-zero"),
        pytest.param({"item": AXE, "count": -1}, id="count-negative"),
        pytest.param({"item": {"name": ""}}, id="empty-name"),
        pytest.param({"item": {"name": "x" * 121}}, id="name-over-120"),
    ],
)
def test_an_item_command_refuses_counts_below_one_and_bad_names(fields: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        Add.model_validate(fields)


@pytest.mark.parametrize(
    "fields",
    [
        pytest.param({"to": "checks"}, id="neither-number-nor-mode"),
        pytest.param({"to": "checks", "flat": 1, "mode": "advantage"}, id="both-number-and-mode"),
        pytest.param({"to": "checks", "mode": "fails"}, id="fails-on-checks"),
        pytest.param({"to": "defense", "mode": "advantage"}, id="advantage-on-defense"),
        pytest.param({"to": "ability", "flat": 1}, id="ability-without-a-name"),
    ],
)
def test_a_change_the_spec_has_no_words_for_is_refused(fields: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        Change.model_validate(fields)


def test_a_track_says_to_or_by_exactly_once() -> None:
    with pytest.raises(ValidationError):
        Track(track="harm")
    with pytest.raises(ValidationError):
        Track(track="harm", to=1, by=1)


def test_a_payment_names_at_least_one_coin() -> None:
    with pytest.raises(ValidationError):
        Pay(amounts=())


def test_a_proposal_round_trips_through_json() -> None:
    proposal = Proposal(
        category="armor",
        stats=(("guard", 1), ("damage", "1d6"), ("light", True), ("bulk", 1.5)),
        worn=(Change(to="checks", names=("sneak",), flat=-1),),
        tags=(),
    )
    assert Proposal.model_validate_json(proposal.model_dump_json()) == proposal


# -- answer_attrs against the reference, over realistic commands and open ones ---------------------------


def _commands_played(monkeypatch: pytest.MonkeyPatch) -> list[Command]:
    """Every command ``decide`` is asked about while the conformance cases and the corpus are played."""
    seen: list[Command] = []
    for module in (tagproc.processing, tagproc.acting):

        def decide(state: Any, command: Command, *args: Any, _real: Any = module.decide, **kw: Any) -> Any:
            seen.append(command)
            return _real(state, command, *args, **kw)

        monkeypatch.setattr(module, "decide", decide)
    for case in load_cases():
        play(case)
    for corpus_case in ALL_CASES:
        _play(corpus_case, corpus_case.sloppy)
        if corpus_case.canonical is not None:
            _play(corpus_case, corpus_case.canonical)
    return seen


def test_answer_attrs_is_the_reference_over_every_command_played(monkeypatch: pytest.MonkeyPatch) -> None:
    commands = _commands_played(monkeypatch)
    assert len({type(command) for command in commands}) >= 10
    for command in commands:
        assert command.answer_attrs() == command.reference_answer_attrs(), command


def test_answer_attrs_is_the_reference_over_the_answer_table() -> None:
    for param in ANSWERS:
        command: Any = param.values[0]
        assert command.answer_attrs() == command.reference_answer_attrs()


_names = st.text(min_size=1, max_size=8)
_who = st.none() | _names
_item = st.builds(ItemRef, name=_names, label=st.none() | _names, coin=st.none() | _names)
_coins = st.lists(
    st.builds(
        CoinAmount, name=_names, count=st.integers(1, 99), coin=st.none() | _names, label=st.none() | _names
    ),
    min_size=1,
    max_size=3,
).map(tuple)
_any_command = st.one_of(
    st.builds(Add, item=_item, count=st.integers(1, 50), who=_who),
    st.builds(Give, item=_item, count=st.integers(1, 50), who=_who, to=_who),
    st.builds(Buy, item=_item, who=_who, seller=_who, level=_who),
    st.builds(Inspect, item=_item, who=_who, seller=_who, way=_who),
    st.builds(Pay, amounts=_coins, who=_who),
    st.builds(Earn, amounts=_coins, who=_who),
    st.builds(Place, name=_who, size=_who, new_day=st.booleans()),
    st.builds(Loot, table=_names, who=_who),
    st.builds(Rest, rest=_names, who=_who),
    st.builds(Spend, pool=_names, amount=st.integers(1, 9), who=_who),
    st.builds(Damage, pool=_who, amount=st.integers(1, 9), who=_who),
    st.one_of(
        st.builds(Track, track=_names, to=st.integers(0, 9), who=_who),
        st.builds(Track, track=_names, by=st.integers(-9, 9), who=_who),
    ),
    st.builds(Condition, condition=_names, state=st.booleans(), who=_who),
    st.builds(Note, field=_names, value=st.text(max_size=8), who=_who),
    st.builds(Unreadable, raw=st.text(max_size=12)),
)


@given(_any_command)
def test_answer_attrs_is_the_reference_over_open_commands(command: Command | Unreadable) -> None:
    assert command.answer_attrs() == command.reference_answer_attrs()
