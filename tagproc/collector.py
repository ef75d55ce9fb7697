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
  young collections that free a turn's garbage run as before, and the full ones that walk every game run a
  tenth as often (CPython still waits, besides, until the old generation grew by a quarter since the last).

``tagproc serve`` calls it once its app is built. Middleware that streams many chats in a process of its own
may call it after its own start-up; a process that is not a server (a test run, a script, a notebook) has no
reason to. Invariant: it only ever changes the collector's schedule and what it walks, never what is freed by
reference counting (every tagproc value), nor that cycles are collected in the end.
"""

from __future__ import annotations

import gc

__all__ = ["FULL_AFTER", "settle_collector"]

FULL_AFTER = 100  # middle-generation collections before a full one (CPython's default: 10)


def settle_collector() -> None:
    """Collect, freeze what is left (the start-up objects) and space the full collections out."""
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_AFTER)
