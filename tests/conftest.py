"""Shared fixtures: the token counter is built once per session (it reads the bundled encoding)."""

from __future__ import annotations

import pytest

from tagproc.tokens import TokenCounter


@pytest.fixture(scope="session")
def token_counter() -> TokenCounter:
    return TokenCounter()
