"""Timing for the benchmarks: ratios of two callables measured in alternating rounds, best of each.

Alternating keeps a load that comes and goes on the machine from favouring either side; only ratios
measured in one run are printed, never absolute claims.
"""

from __future__ import annotations

import time
from collections.abc import Callable


def loop_time(fn: Callable[[], object], min_time: float) -> float:
    """Seconds per call of ``fn``, looping until ``min_time`` has passed."""
    loops = 0
    start = time.perf_counter()
    while True:
        fn()
        loops += 1
        elapsed = time.perf_counter() - start
        if elapsed >= min_time:
            return elapsed / loops


def compare(
    fn: Callable[[], object], reference: Callable[[], object], *, rounds: int = 9, min_time: float = 0.02
) -> float:
    """``fn``'s time as a multiple of ``reference``'s: alternating rounds, best of each."""
    best_fn = best_ref = float("inf")
    for _ in range(rounds):
        best_ref = min(best_ref, loop_time(reference, min_time))
        best_fn = min(best_fn, loop_time(fn, min_time))
    return best_fn / best_ref
