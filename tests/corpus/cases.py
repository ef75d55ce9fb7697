"""Every case of the corpus, in class order."""

from __future__ import annotations

from importlib import import_module

from tests.corpus.harness import CLASSES, Case

__all__ = ["ALL_CASES"]

_MODULES = (
    "cases_traps",
    "cases_traps2",
    "cases_shown",
    "cases_keyless",
    "cases_json",
    "cases_verbs",
    "cases_sheet",
    "cases_fuzzy",
    "cases_coins",
    "cases_quoting",
    "cases_numbers",
    "cases_whole",
    "cases_prose",
    "cases_refuse",
)


def _load() -> list[Case]:
    cases: list[Case] = []
    for name in _MODULES:
        cases.extend(import_module(f"tests.corpus.{name}").CASES)
    ids = [case.id for case in cases]
    doubled = sorted({case_id for case_id in ids if ids.count(case_id) > 1})
    if doubled:
        raise ValueError(f"case ids used twice: {doubled}")
    return sorted(cases, key=lambda case: CLASSES.index(case.cls))


ALL_CASES: list[Case] = _load()
