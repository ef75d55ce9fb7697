"""The holdout corpus: a second, independent set of sloppy-tag cases, written blind.

Written from the issue's classes, DESIGN.md ("Tags the GM writes", "Sloppy input") and the shipped rulesets
only, without reading the first corpus's case tables or the reader's internals, and phrased differently from
the examples the issue gives. One module per class of ``harness.CLASSES`` (``-`` becomes ``_``), each with a
``CASES`` list of ``harness.Case``; every id starts with ``h-``. ``HOLDOUT_CASES`` gathers them in class order.

    python tests/corpus/report.py --holdout
"""

from __future__ import annotations

from importlib import import_module

from tests.corpus.harness import CLASSES, Case

__all__ = ["HOLDOUT_CASES"]


def _load() -> list[Case]:
    cases: list[Case] = []
    for cls in CLASSES:
        module = import_module(f"tests.corpus.holdout.cases_{cls.replace('-', '_')}")
        wrong = [case.id for case in module.CASES if case.cls != cls]
        if wrong:
            raise ValueError(f"{module.__name__}: cases of another class: {wrong}")
        cases.extend(module.CASES)
    ids = [case.id for case in cases]
    doubled = sorted({case_id for case_id in ids if ids.count(case_id) > 1})
    if doubled:
        raise ValueError(f"holdout case ids used twice: {doubled}")
    unprefixed = [case_id for case_id in ids if not case_id.startswith("h-")]
    if unprefixed:
        raise ValueError(f"holdout case ids without the h- prefix: {unprefixed}")
    return cases


HOLDOUT_CASES: list[Case] = _load()
