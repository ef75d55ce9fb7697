"""Shared fixtures: the token counter, built once per session, and the internal-error guard.

The guard (``internal_errors``, autouse) listens on the ``tagproc`` logger, where every safety net at a
stage boundary (``read_tag``, ``normalize``, the engine's ``decide`` in ``turn``) logs the traceback it
caught. A test during which a net fired fails, even though the tag was answered: the net keeps a bug from
the player, never from the tests. A test that plants an error on purpose says so with
``@pytest.mark.internal_error`` and may read what was caught from the fixture's ``records``.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from tagproc.pytest_plugin import ErrorsCaught
from tagproc.tokens import TokenCounter

pytest_plugins = ["pytester"]  # tests/test_internal_errors.py runs the guard on a test of its own

MARKER = "internal_error"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", f"{MARKER}: the test plants an internal error on purpose")


# Every record of level ERROR or above logged under ``tagproc`` while a test runs: the plugin's own handler
# (it fails a golden transcript the same way), one copy.
InternalErrors = ErrorsCaught


def check_no_internal_error(errors: InternalErrors, node: pytest.Item) -> None:
    """Fail ``node`` when a net fired during it, unless it is marked as planting one."""
    if errors.records and node.get_closest_marker(MARKER) is None:
        pytest.fail(f"an internal error was logged (a net fired):\n{errors.report()}", pytrace=False)


@pytest.fixture(autouse=True)
def internal_errors(request: pytest.FixtureRequest) -> Iterator[InternalErrors]:
    errors = InternalErrors()
    logger = logging.getLogger("tagproc")
    logger.addHandler(errors)
    try:
        yield errors
    finally:
        logger.removeHandler(errors)
    check_no_internal_error(errors, request.node)


@pytest.fixture(scope="session")
def token_counter() -> TokenCounter:
    return TokenCounter()
