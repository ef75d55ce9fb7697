"""The normaliser's commands built unvalidated (``tagproc.trusted``: rest, note, condition, the pool
ops and damage in ``normalize.sheet``, the inventory and money commands in ``normalize.inventory``, an exact
``ItemRef`` in ``normalize.items``, a plain ``CoinAmount`` in ``normalize.coins``) are what validation builds
from the same fields, over every command the conformance cases and the corpus make.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

import tagproc.normalize
import tagproc.processing
from tagproc.commands import Command, ItemRef, Unreadable
from tagproc.normalize import items
from tests.conformance.run import load_cases, play
from tests.corpus.cases import ALL_CASES
from tests.corpus.harness import _play
from tests.normalize_support import names_for


@pytest.fixture
def commands(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Command | Unreadable]]:
    found: list[Command | Unreadable] = []
    real = tagproc.normalize.normalize

    def normalize(*args: Any, **kwargs: Any) -> list[Command | Unreadable]:
        made: list[Command | Unreadable] = real(*args, **kwargs)
        found.extend(made)
        return made

    monkeypatch.setattr(tagproc.processing, "normalize", normalize)
    yield found


def _validated(value: BaseModel) -> BaseModel:
    """What validation builds from the fields ``value`` was given (the slow path the builders stand for)."""
    return type(value).model_validate({name: getattr(value, name) for name in value.model_fields_set})


def _assert_as_validated(made: list[Command | Unreadable], *among: str) -> None:
    kinds = {type(command).__name__ for command in made}
    assert {"Add", "Give", "Pay", "Earn", "Rest", "Spend", "Condition", *among} <= kinds, kinds
    for command in made:
        validated = _validated(command)
        assert command == validated and repr(command) == repr(validated)
        assert command.model_fields_set == validated.model_fields_set
        assert type(command).model_validate(command.model_dump()) == command
        for part in (getattr(command, "item", None), *getattr(command, "amounts", ())):
            if isinstance(part, BaseModel):
                assert part == _validated(part) and repr(part) == repr(_validated(part))


def test_every_command_of_the_conformance_cases_is_as_validated(commands: list[Command | Unreadable]) -> None:
    for case in load_cases():
        play(case)
    _assert_as_validated(commands, "Note", "Damage")


def test_every_command_of_the_corpus_is_as_validated(commands: list[Command | Unreadable]) -> None:
    for case in ALL_CASES:
        _play(case, case.sloppy)
        if case.canonical is not None:
            _play(case, case.canonical)
    _assert_as_validated(commands)


def test_an_exact_label_an_item_ref_cannot_take_is_validated_and_refused() -> None:
    names = names_for()
    label = names.item_labels()[0]
    assert items._exact(label, names) == ItemRef(name=label, label=label)

    class Long:
        def find_item(self, name: str) -> str:
            return "x" * 121

    with pytest.raises(ValidationError):
        items._exact("anything", Long())  # type: ignore[arg-type]
