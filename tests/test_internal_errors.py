"""The safety nets at the stage boundaries log what they catch, and the suite fails when one fires.

A bug planted in ``read_tag`` or in the normaliser is still answered (the tag unreadable, nothing changed),
but it is logged with its traceback under ``tagproc``, and the autouse guard of ``conftest.py`` fails the
test it happened in unless the test is marked ``internal_error``.
"""

from __future__ import annotations

import logging

import pytest

from tagproc import Game
from tagproc.syntax import read_tag
from tests.conftest import InternalErrors, check_no_internal_error

TAG = '[inventory: action="add" item="Warming tonic"]'
PARTY = [{"name": "Ada", "bag": [{"item": "crowns", "count": 2}]}]


def _boom(*args: object, **kwargs: object) -> None:
    raise ZeroDivisionError("planted")


def _caught(errors: InternalErrors) -> list[tuple[str, str, str]]:
    return [
        (record.name, record.getMessage().split(" ", 3)[2], type(record.exc_info[1]).__name__)
        for record in errors.records
        if record.exc_info is not None
    ]


@pytest.mark.internal_error
def test_a_bug_in_the_tag_reader_is_logged_and_the_tag_answered_unreadable(
    monkeypatch: pytest.MonkeyPatch, internal_errors: InternalErrors
) -> None:
    monkeypatch.setattr("tagproc.syntax._read_tag", _boom)
    game = Game("gravewatch", PARTY)
    before = game.state.model_dump_json()
    result = game.reply(f"She lifts it. {TAG}")
    (answer,) = result.structured_answers
    assert (answer.result, answer.reason) == ("refused", "unreadable")
    assert game.state.model_dump_json() == before
    assert _caught(internal_errors) == [("tagproc.syntax", "reading", "ZeroDivisionError")]
    assert internal_errors.records[0].getMessage() == f"internal error reading tag {TAG!r}"


@pytest.mark.internal_error
def test_a_bug_in_the_normaliser_is_logged_and_the_tag_answered_unreadable(
    monkeypatch: pytest.MonkeyPatch, internal_errors: InternalErrors
) -> None:
    monkeypatch.setattr("tagproc.normalize.inventory_commands", _boom)
    game = Game("gravewatch", PARTY)
    before = game.state.model_dump_json()
    result = game.reply(f"She lifts it. {TAG}")
    (answer,) = result.structured_answers
    assert (answer.result, answer.reason) == ("refused", "unreadable")
    assert game.state.model_dump_json() == before
    assert _caught(internal_errors) == [("tagproc.normalize", "normalizing", "ZeroDivisionError")]


@pytest.mark.internal_error
def test_a_bug_in_the_engine_is_logged_and_the_tag_answered_internal_error(
    monkeypatch: pytest.MonkeyPatch, internal_errors: InternalErrors
) -> None:
    monkeypatch.setattr("tagproc.processing.decide", _boom)
    game = Game("gravewatch", PARTY)
    (answer,) = game.reply(f"She lifts it. {TAG}").structured_answers
    assert (answer.result, answer.reason) == ("refused", "internal-error")
    assert _caught(internal_errors) == [("tagproc.processing", "deciding", "ZeroDivisionError")]


def test_a_tag_read_without_a_bug_logs_nothing(internal_errors: InternalErrors) -> None:
    assert read_tag(TAG).problem is None
    assert internal_errors.records == []


def test_the_guard_fails_an_unmarked_test_during_which_a_net_fired(request: pytest.FixtureRequest) -> None:
    errors = InternalErrors()
    check_no_internal_error(errors, request.node)  # nothing logged: passes
    errors.handle(logging.LogRecord("tagproc.syntax", logging.ERROR, __file__, 1, "internal error", (), None))
    with pytest.raises(pytest.fail.Exception, match="an internal error was logged"):
        check_no_internal_error(errors, request.node)


def test_the_guard_hears_errors_only(internal_errors: InternalErrors) -> None:
    logging.getLogger("tagproc.syntax").warning("a warning is no internal error")
    logging.getLogger("elsewhere").error("nor is an error outside tagproc")
    assert internal_errors.records == []


PLANTED_SUITE = """
import pytest

from tagproc.syntax import read_tag


def _boom(raw):
    raise ZeroDivisionError("planted")


def test_unmarked(monkeypatch):
    monkeypatch.setattr("tagproc.syntax._read_tag", _boom)
    assert read_tag('[inventory: action="add" item="x"]').problem == "internal error: ZeroDivisionError"


@pytest.mark.internal_error
def test_marked(monkeypatch):
    monkeypatch.setattr("tagproc.syntax._read_tag", _boom)
    assert read_tag('[inventory: action="add" item="x"]').problem == "internal error: ZeroDivisionError"


def test_clean():
    assert read_tag('[inventory: action="add" item="x"]').problem is None
"""


@pytest.mark.internal_error  # the inner run logs under this process's "tagproc" logger too
def test_a_planted_raise_in_read_tag_fails_the_test_it_happened_in(pytester: pytest.Pytester) -> None:
    pytester.makeconftest("from tests.conftest import *  # noqa: F403\n")
    pytester.makepyfile(test_planted=PLANTED_SUITE)
    result = pytester.runpytest("-p", "no:randomly", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=3, errors=1)  # test_unmarked passes, then its guard fails it
    result.stdout.fnmatch_lines(["*ERROR at teardown of test_unmarked*", "*an internal error was logged*"])
