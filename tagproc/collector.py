"""The garbage collector in a process that serves many chats: ``settle_collector()``, once, after start-up.

CPython's collector walks every container object it tracks on each full (oldest-generation) collection, and
the whole process waits meanwhile: with a thousand games live (their states, their last replies' records) a
full collection takes a hundred milliseconds or more on a small machine, every stream in the event loop stops
for it, and a piece due in that time reaches its player that much late. Two things make that rare, without
giving up the collector (tagproc's own values are frozen and free no cycle, but an event loop's futures and
generators do):

- what start-up made (the modules, pydantic's validators, the templates, the rulesets loaded) lives as long
  as the process: ``gc.freeze()`` moves it out of the collector's sight, so no full collection walks it again;
- a full collection waits for ``FULL_AFTER`` collections of the middle generation, not CPython's 10: the
  full ones that walk every game run a tenth as often (CPython still waits, besides, until the old generation
  grew by a quarter since the last);
- a young collection waits for ``YOUNG_AFTER`` more tracked objects made than freed, not CPython's 700. With a
  thousand streams live, every young collection walks what is in flight for each of them (a pending sleep's
  future and timer, the async generators' steps: some 11,000 objects, survivors all), so at 700 young
  collections came ~40 times a second, each a fraction of a millisecond and every tenth several (the middle
  generation's), some 8% of the core; at 50,000 they are some 70 times rarer, each a little longer, and a
  piece late by one is far rarer (``bench/concurrent_streams.py``: p99 lateness 7-18 ms against 18-24 ms at
  700, on 1,000 streams at 50 tokens/s, uvloop, one core). A cycle waits longer to be freed: up to that many
  objects, a few megabytes at most.

``tagproc serve`` calls it once its app is built. Middleware that streams many chats in a process of its own
may call it after its own start-up; a process that is not a server (a test run, a script, a notebook) has no
reason to. Invariant: it only ever changes the collector's schedule and what it walks, never what is freed by
reference counting (every tagproc value), nor that cycles are collected in the end.
"""

from __future__ import annotations

import gc

__all__ = ["FULL_AFTER", "YOUNG_AFTER", "settle_collector"]

YOUNG_AFTER = 50_000  # tracked objects made (less those freed) before a young collection (CPython's: 700)
FULL_AFTER = 100  # middle-generation collections before a full one (CPython's default: 10)


def settle_collector() -> None:
    """Collect, freeze what is left (the start-up objects), and space the young and the full collections
    out."""
    gc.collect()
    gc.freeze()
    _, middle, _ = gc.get_threshold()
    gc.set_threshold(YOUNG_AFTER, middle, FULL_AFTER)
