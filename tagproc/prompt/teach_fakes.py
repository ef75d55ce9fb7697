"""What the instructions block teaches of fakes: reveal, inspect and a held buy (spec "Honest and dishonest
sellers", "Spotting fakes"; LAYOUT.md §2.14).

Owns ``fakes_of``: ``None`` for a ruleset without fakes or a way of spotting them (no item with
``passesFor`` whose passes-for item is in the book, no dishonest seller, no tell, manner or ``revealsFakes``:
neither the 1.79 nor the 1.802 features), so such a ruleset is taught none of it (spec: "only a ruleset with
... has them"). Otherwise the examples' words, all the ruleset's own: the label of the item the first fake
passes for (what a fake in the bag is called), the first dishonest seller (what ``seller=`` names) and the
labels of ``revealsFakes`` (what ``with=`` may name; ``with=`` is taught only when there are any).

Decisions where the spec is silent: reveal is taught only where some fake is in the book (on anything else it
changes nothing), inspect wherever anything could be checked (a fake, a dishonest seller's manner or a way of
seeing through fakes); the held-buy line only with a dishonest seller, who alone sells a fake.
"""

from __future__ import annotations

from dataclasses import dataclass

from tagproc.engine.rules import Rules

__all__ = ["FakesFacts", "fakes_of"]


@dataclass(frozen=True, slots=True)
class FakesFacts:
    """Reveal and inspect, as this ruleset has them: ``item`` the example's item (what a fake passes for, else
    the first item), ``seller`` a dishonest seller's label (None: none), ``ways`` the labels of the ways of
    seeing through fakes, ``reveal`` (some fake is in the book) and ``held`` (a dishonest seller may have a
    buy held)."""

    item: str
    seller: str | None
    ways: tuple[str, ...]
    reveal: bool
    held: bool


def fakes_of(rules: Rules) -> FakesFacts | None:
    """Reveal and inspect for this ruleset, or ``None`` where it has no fakes and no way of spotting one."""
    block = rules.block
    if block is None:
        return None
    book = rules.book
    targets = [real for entry in book.items() if (real := book.passes_for(entry)) is not None]
    sellers = block.market.sellers if block.market is not None else []
    dishonest = [seller for seller in sellers if not seller.honest]
    ways = tuple(way.label for way in block.reveals_fakes)
    checks = any(entry.item.tells for entry in book.items()) or any(s.manner for s in sellers)
    if not (targets or dishonest or ways or checks):
        return None
    example = targets[0] if targets else next(iter(book.items()), None)
    if example is None:
        return None
    return FakesFacts(
        item=example.label,
        seller=dishonest[0].label if dishonest else None,
        ways=ways,
        reveal=bool(targets),
        held=bool(dishonest),
    )
