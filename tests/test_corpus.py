"""The sloppy-tag corpora (tests/corpus): small models' tags must run as meant, or not at all.

Two corpora, reported separately: ``corpus`` (``tests/corpus/cases_*``) and ``holdout``
(``tests/corpus/holdout/cases_*``, a second set written blind to the first and to the reader). Expected to
fail until the reader and normaliser are widened: the corpora are the yardstick, written blind to them.
``python tests/corpus/report.py`` (``--holdout``) prints the table per class.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache

import pytest

from tests.corpus.cases import ALL_CASES
from tests.corpus.harness import CLASSES, NOTHING_RUNS, Case, Outcome, canonical_problems, run_corpus
from tests.corpus.holdout import HOLDOUT_CASES
from tests.corpus.report import failures, table

MEANT_AT_LEAST = 0.97

CORPORA: dict[str, Sequence[Case]] = {"corpus": ALL_CASES, "holdout": HOLDOUT_CASES}


@cache
def _outcomes(name: str) -> tuple[Outcome, ...]:
    return tuple(run_corpus(CORPORA[name]))


def _spread(cases: Sequence[Case], at_least: int) -> tuple[dict[str, int], dict[str, list[str]]]:
    """Classes with fewer than ``at_least`` cases, and classes that miss a shipped ruleset."""
    by_class = Counter(case.cls for case in cases)
    rulesets = {cls: {case.ruleset for case in cases if case.cls == cls} for cls in CLASSES}
    thin = {cls: by_class[cls] for cls in CLASSES if by_class[cls] < at_least}
    narrow = {cls: sorted(seen) for cls, seen in rulesets.items() if len(seen) < 3}
    return thin, narrow


def test_corpus_is_large_and_spread() -> None:
    assert len(ALL_CASES) >= 330
    assert _spread(ALL_CASES, 15) == ({}, {})


def test_holdout_is_large_and_spread() -> None:
    assert len(HOLDOUT_CASES) >= 200
    assert _spread(HOLDOUT_CASES, 12) == ({}, {})


def test_holdout_ids_are_its_own() -> None:
    """The holdout shares no case id with the first corpus (ids are how the reports name cases)."""
    assert {case.id for case in HOLDOUT_CASES} & {case.id for case in ALL_CASES} == set()


@pytest.mark.parametrize("name", CORPORA)
def test_canonical_replies_run_ok(name: str) -> None:
    """Every canonical reply (and every ``before`` reply) runs ``ok`` on today's code: a case tests the
    reader, never the engine. A forged-result case (``refusal_ok``) may be refused, as the engine decides."""
    problems = [f"{case.id}: {problem}" for case in CORPORA[name] for problem in canonical_problems(case)]
    assert problems == []


@pytest.mark.parametrize("name", CORPORA)
def test_corpus(name: str) -> None:
    outcomes = _outcomes(name)
    counts = Counter(outcome.verdict for outcome in outcomes)
    meant = counts["meant"] / len(outcomes)
    strict = [o for o in outcomes if o.case.cls in NOTHING_RUNS and o.verdict != "meant"]
    ok = (
        counts["wrong"] == 0
        and counts["crash"] == 0
        and counts["leaked"] == 0
        and meant >= MEANT_AT_LEAST
        and not strict
    )
    if not ok:
        report = "\n".join([*table(list(outcomes)), "", *failures(list(outcomes), width=400)])
        raise AssertionError(
            f"{name}: {counts['wrong']} wrong, {counts['crash']} crash, {counts['leaked']} leaked, "
            f"meant {meant:.1%} (want >= {MEANT_AT_LEAST:.0%}), {len(strict)} not meant in "
            f"{'/'.join(NOTHING_RUNS)} (want 0)\n{report}"
        )


@pytest.mark.parametrize("name", CORPORA)
def test_harness_finds_each_canonical_meant(name: str) -> None:
    """The harness itself: a case whose sloppy reply is its own canonical is meant (streamed too)."""
    from dataclasses import replace

    from tests.corpus.harness import classify

    twins = [
        replace(case, tags=tuple((canonical or "", canonical) for _, canonical in case.tags))
        for case in CORPORA[name]
        if case.canonical is not None
    ]
    assert [(o.case.id, o.problems) for o in map(classify, twins) if o.verdict != "meant"] == []
