"""Blind held-out cases for issue 9 (``cases/*.yaml``, run by ``run.py``): the prompt blocks, budgets, tokens and
``tagproc preview``, written from the spec, ``LAYOUT.md``, ``CONVENTIONS.md`` and the rulesets' JSON only.

Issue 9 is merged: a case the code does not yet meet is in ``XFAIL`` with its cause, ``strict=True``, so a fix
that lands makes the xfail fail and its entry is removed (as the answer conformance cases do).
"""

from __future__ import annotations

from typing import Any

import pytest

from .run import load_cases, run_case

CASES = load_cases()

# Each case the code does not meet yet: what it does, and the line of the spec that decides it.
XFAIL: dict[str, str] = {}


def _param(case: dict[str, Any]) -> Any:
    reason = XFAIL.get(case["id"])
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(case, id=f"{case['class']}-{case['id']}", marks=marks)


@pytest.mark.parametrize("case", [_param(case) for case in CASES])
def test_case(case: dict[str, Any]) -> None:
    outcome = run_case(case)
    assert outcome.ok, "\n".join(f"{f.cause}: {f.detail}" for f in outcome.failures)


def test_xfail_names_cases() -> None:
    assert set(XFAIL) <= {case["id"] for case in CASES}


def test_cases_are_well_formed() -> None:
    """Every case names a class, a why, and either a ruleset, a CLI command or a special check."""
    known = set(
        [
            "id",
            "why",
            "class",
            "ruleset",
            "party",
            "replies",
            "game",
            "at",
            "expect",
            "checks",
            "cli",
            "special",
            "transcript",
            "templates",
            "plain",
            "changed",
            "marker",
            "error_re",
            "missing",
            "below",
            "below_share",
            "names_kept",
            "seed",
            "regenerate",
        ]
    )
    for case in CASES:
        assert set(case) <= known, (case["id"], set(case) - known)
        assert case.get("why"), case["id"]
        assert "ruleset" in case or "cli" in case, case["id"]
