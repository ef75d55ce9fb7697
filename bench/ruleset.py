"""Benchmark loading the shipped ``srd-5e`` ruleset against ``json.loads`` of the same file.

Prints ratios measured in this one run (tests never assert a time), each against ``json.loads`` of the text:
- the models alone: ``Ruleset.model_validate`` on the already-parsed dict
- the whole check: models, cross-references and Capability API gating on the parsed dict
- everything a per-request load does: ``json.loads`` and the whole check (goal <= 20x)

Each side is timed in alternating rounds and the best round of each is kept, so a load that comes and goes
on the machine touches both sides alike.

Run: ``python bench/ruleset.py``
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from tagproc.ruleset.load import problems_of, shipped_text
from tagproc.ruleset.models import Ruleset

ROUNDS = 7
REPEAT = 5


def best(work: Callable[[], Any]) -> float:
    start = time.perf_counter()
    for _ in range(REPEAT):
        work()
    return (time.perf_counter() - start) / REPEAT


def main() -> None:
    text = shipped_text("srd-5e")
    if text is None:
        raise SystemExit("srd-5e is not shipped in this tree")
    data = json.loads(text)
    assert problems_of(data)[1] == [], "srd-5e does not check clean"
    sides: dict[str, Callable[[], Any]] = {
        "json.loads": lambda: json.loads(text),
        "model_validate": lambda: Ruleset.model_validate(data),
        "check": lambda: problems_of(data),
        "load": lambda: problems_of(json.loads(text)),
    }
    times = {name: float("inf") for name in sides}
    for _ in range(ROUNDS):
        for name, work in sides.items():
            times[name] = min(times[name], best(work))
    base = times["json.loads"]
    print(f"srd-5e: {len(text) / 1024:.0f} KB, json.loads {base * 1000:.2f} ms")
    print(
        f"model_validate on the parsed dict: {times['model_validate'] * 1000:.2f} ms = {times['model_validate'] / base:.1f}x"
    )
    print(f"full check on the parsed dict:     {times['check'] * 1000:.2f} ms = {times['check'] / base:.1f}x")
    print(
        f"json.loads + full check (a load):  {times['load'] * 1000:.2f} ms = {times['load'] / base:.1f}x (goal <= 20x)"
    )


if __name__ == "__main__":
    main()
