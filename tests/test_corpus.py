"""The sloppy-tag corpus (tests/corpus): small models' tags must run as meant, or not at all.

Expected to fail until the reader and normaliser are widened: the corpus is the yardstick, written blind
to them. ``python tests/corpus/report.py`` prints the table per class.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from tests.corpus.cases import ALL_CASES
from tests.corpus.harness import CLASSES, NOTHING_RUNS, Outcome, canonical_problems, run_corpus
from tests.corpus.report import failures, table

MEANT_AT_LEAST = 0.97


@cache
def _outcomes() -> tuple[Outcome, ...]:
    return tuple(run_corpus(ALL_CASES))


def test_corpus_is_large_and_spread() -> None:
    assert len(ALL_CASES) >= 330
    by_class = Counter(case.cls for case in ALL_CASES)
    assert {cls: by_class[cls] for cls in CLASSES if by_class[cls] < 15} == {}
    rulesets = {cls: {case.ruleset for case in ALL_CASES if case.cls == cls} for cls in CLASSES}
    assert {cls: sorted(seen) for cls, seen in rulesets.items() if len(seen) < 3} == {}


def test_canonical_replies_run_ok() -> None:
    """Every canonical reply (and every ``before`` reply) runs ``ok`` on today's code: a case tests the
    reader, never the engine. A forged-result case (``refusal_ok``) may be refused, as the engine decides."""
    problems = [f"{case.id}: {problem}" for case in ALL_CASES for problem in canonical_problems(case)]
    assert problems == []


def test_corpus() -> None:
    outcomes = _outcomes()
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
            f"corpus: {counts['wrong']} wrong, {counts['crash']} crash, {counts['leaked']} leaked, "
            f"meant {meant:.1%} (want >= {MEANT_AT_LEAST:.0%}), {len(strict)} not meant in "
            f"{'/'.join(NOTHING_RUNS)} (want 0)\n{report}"
        )


def test_harness_finds_each_canonical_meant() -> None:
    """The harness itself: a case whose sloppy reply is its own canonical is meant (streamed too)."""
    from dataclasses import replace

    from tests.corpus.harness import classify

    twins = [
        replace(case, tags=tuple((canonical or "", canonical) for _, canonical in case.tags))
        for case in ALL_CASES
        if case.canonical is not None
    ]
    assert [(o.case.id, o.problems) for o in map(classify, twins) if o.verdict != "meant"] == []
