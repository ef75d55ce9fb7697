"""``settle_collector``: what start-up made is out of the collector's sight, full collections are spaced out,
and a cycle made afterwards is still collected."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from tagproc.collector import FULL_AFTER, YOUNG_AFTER, settle_collector


@pytest.fixture
def settled() -> Iterator[None]:
    threshold = gc.get_threshold()
    settle_collector()
    try:
        yield
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def test_it_freezes_what_start_up_made_and_spaces_full_collections_out(settled: None) -> None:
    assert gc.get_freeze_count() > 10_000  # the modules, pydantic's validators, the templates
    young, middle, full = gc.get_threshold()
    assert (young, full) == (YOUNG_AFTER, FULL_AFTER)
    assert middle == 10  # CPython's, kept
    assert gc.isenabled()


def test_a_cycle_made_after_it_is_freed_by_a_young_collection_in_time(settled: None) -> None:
    # No ``gc.collect()``: once ``YOUNG_AFTER`` more tracked objects are made, a young collection frees it.
    first, second = Node(), Node()
    first.other, second.other = second, first
    gone = weakref.ref(first)
    del first, second
    held: list[list[int]] = [[] for _ in range(YOUNG_AFTER + 1_000)]
    assert gone() is None
    del held


def test_a_cycle_made_after_it_is_still_collected(settled: None) -> None:
    first, second = Node(), Node()
    first.other, second.other = second, first
    gone = weakref.ref(first)
    del first, second
    gc.collect()
    assert gone() is None


def test_a_frozen_object_is_still_freed_by_its_last_reference() -> None:
    threshold = gc.get_threshold()
    held = Node()
    gone = weakref.ref(held)
    settle_collector()
    try:
        del held
        assert gone() is None
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)
