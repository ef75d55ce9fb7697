"""Answers are the tag in canonical form (DESIGN.md "Answers"): names of characters as the party spells them."""

from __future__ import annotations

import sys
from typing import Any, get_args

import pytest

from tagproc import Game
from tagproc import commands as c
from tagproc.commands import Command
from tagproc.engine import answers
from tests.conformance.run import load_cases, play
from tests.corpus.cases import ALL_CASES
from tests.corpus.harness import _play

PARTY: list[dict[str, Any] | str] = [
    {"name": "Ada", "bag": [{"item": "crowns", "count": 2}, {"item": "Grave spade", "count": 1}]},
    "Bram",
]


@pytest.mark.parametrize(
    ("tag", "expected"),
    [
        pytest.param(
            '[inventory: action="pay" amount="1 crown" who="ADA"]',
            '[inventory: action="pay" item="crowns" count="1" who="Ada" result="ok" now="1" '
            'note="Paid with crowns ×1."]',
            id="pay",
        ),
        pytest.param(
            '[inventory: action="equip" item="Grave spade" who="ada"]',
            '[inventory: action="equip" item="Grave spade" count="1" who="Ada" result="ok" now="1"]',
            id="equip",
        ),
        pytest.param(
            '[inventory: action="give" item="crowns" who="ada" to="BRAM"]',
            '[inventory: action="give" item="crowns" count="1" who="Ada" to="Bram" result="ok" now="1"]',
            id="give",
        ),
        pytest.param(
            '[inventory: action="remove" item="Grave spade" who=" ada "]',
            '[inventory: action="remove" item="Grave spade" count="1" who="Ada" result="ok" now="0"]',
            id="remove",
        ),
        pytest.param(
            '[sheet: op="spend" pool="resolve" amount="1" who="aDa"]',
            '[sheet: who="Ada" op="spend" pool="resolve" amount="1" result="ok" now="3/4"]',
            id="sheet-op",
        ),
    ],
)
def test_a_character_is_answered_by_the_name_the_party_spells(tag: str, expected: str) -> None:
    game = Game("gravewatch", PARTY, seed=1)
    assert game.reply(tag).answers == (expected,)


# -- the fast ways of ``with_attrs`` and ``answer``'s tag, against their references, over realistic commands --


def _reference_with_attrs(
    command: Command, attrs: tuple[tuple[str, str], ...], **values: str | None
) -> tuple[tuple[str, str], ...]:
    """``with_attrs`` as first written: every pair set or removed, then put in answer order."""
    pairs = dict(attrs)
    for key, value in values.items():
        if value is None:
            pairs.pop(key, None)
        else:
            pairs[key] = value
    ordered = [(k, pairs[k]) for k in command.ANSWER_KEYS if k in pairs]
    ordered.extend((k, v) for k, v in pairs.items() if k not in command.ANSWER_KEYS)
    return tuple(ordered)


@pytest.fixture
def checked_calls(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every ``with_attrs`` call while cases are played, checked against the reference (and the command's tag
    read by ``answer``'s table against ``tag_of``); the list counts the calls."""
    real = answers.with_attrs
    calls: list[int] = []

    def checked(
        command: Command, attrs: tuple[tuple[str, str], ...], **values: str | None
    ) -> tuple[tuple[str, str], ...]:
        made = real(command, attrs, **values)
        assert made == _reference_with_attrs(command, attrs, **values), (command, attrs, values)
        assert answers._TAGS.get(type(command), answers.tag_of(command)) == answers.tag_of(command)
        calls.append(1)
        return made

    for name, module in list(sys.modules.items()):
        if name.startswith("tagproc.engine") and getattr(module, "with_attrs", None) is real:
            monkeypatch.setattr(module, "with_attrs", checked)
    return calls


def test_with_attrs_is_its_reference_over_the_conformance_cases(checked_calls: list[int]) -> None:
    for case in load_cases():
        play(case)
    assert len(checked_calls) > 100


def test_with_attrs_is_its_reference_over_the_corpus(checked_calls: list[int]) -> None:
    for case in ALL_CASES:
        _play(case, case.sloppy)
        if case.canonical is not None:
            _play(case, case.canonical)
    assert len(checked_calls) > 100


@pytest.mark.parametrize(
    "values",
    [
        pytest.param({}, id="nothing"),
        pytest.param({"who": "Ada"}, id="the-same-who"),
        pytest.param({"who": "Bram"}, id="another-who"),
        pytest.param({"who": None, "count": "2"}, id="who-removed-count-set"),
        pytest.param({"rest": "night", "who": "Ada"}, id="a-key-past-the-commands-own"),
        pytest.param({"to": None}, id="an-absent-key-removed"),
    ],
)
def test_with_attrs_sets_and_removes_as_its_reference(values: dict[str, str | None]) -> None:
    command = c.Give(item=c.ItemRef(name="Rope"), count=1, who="Ada", to="Bram")
    attrs = command.answer_attrs()
    for given in (attrs, answers.with_attrs(command, attrs, rest="night")):
        assert answers.with_attrs(command, given, **values) == _reference_with_attrs(command, given, **values)


def test_every_tag_the_table_settles_is_the_tag_of_its_command() -> None:
    for kind, tag in answers._TAGS.items():
        op = kind.model_fields.get("op")
        if op is None:  # no op: an inventory command, a place or a loot
            assert tag == {c.Place: "place", c.Loot: "loot"}.get(kind, "inventory")
        else:  # a sheet op: its op is one value
            assert tag == "sheet" and len(get_args(op.annotation)) == 1
