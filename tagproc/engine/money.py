"""Money: pure integer arithmetic on one family's coins (spec "Money").

This module owns how a payment is made from a purse, how coins are counted into a purse, and the note
that says what was paid (``money.paid``: the coins' labels and counts; ``prompts/notes/money.jinja`` words it). It knows nothing of pydantic state, bags or rulesets: a family is a sequence of
``Coin(id, value)`` and a purse a mapping of coin id to count.

Invariants:
- Every amount is an ``int`` in the family's smallest coin (worth 1); floats never appear (DESIGN.md
  "Known pitfalls": money in floats drifts).
- ``plan_payment`` returns a plan exactly when the purse is worth at least what is owed, and then
  ``worth(purse) == worth(purse_after) + owed`` and no count in ``purse_after`` is below zero.
- A plan is the spec's rule, literally: the largest coins that fit go first, then the smallest coin
  left that covers what is still owed is broken, and the change comes back in the family's smaller
  coins, largest first.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import NamedTuple

from tagproc.engine.trusted import trusted_note
from tagproc.notes import Note

__all__ = [
    "Coin",
    "CoinCount",
    "PaymentPlan",
    "check_family",
    "coins_for",
    "payment_note",
    "plan_payment",
    "worth",
]


@dataclass(frozen=True, slots=True)
class Coin:
    """One coin of a family: its id and its worth in the family's smallest coin."""

    id: str
    value: int


# ``CoinCount`` and ``PaymentPlan`` are named tuples, not frozen dataclasses: as immutable, and made at every
# payment (a frozen dataclass sets each field through ``object.__setattr__``, several times the cost).
class CoinCount(NamedTuple):
    """So many of one coin."""

    coin: str
    count: int  # type: ignore[assignment]  # the field shadows ``tuple.count``, which nothing here calls


class PaymentPlan(NamedTuple):
    """How ``owed`` is paid: coins out of the purse (``paid``), then coins back (``change``).

    ``paid`` and ``change`` list coins largest first; ``broken`` is the coin broken for change, if any.
    """

    owed: int
    paid: tuple[CoinCount, ...]
    change: tuple[CoinCount, ...]
    broken: str | None

    def purse_after(self, purse: Mapping[str, int]) -> dict[str, int]:
        """The purse once the plan is carried out (coins of other families untouched)."""
        after = dict(purse)
        for part in self.paid:
            after[part.coin] = after.get(part.coin, 0) - part.count
        for part in self.change:
            after[part.coin] = after.get(part.coin, 0) + part.count
        return after


def check_family(family: Sequence[Coin]) -> None:
    """Raise ``ValueError`` unless ``family`` is a family the spec allows.

    Spec "The items block", currencies: one to ten coins, ids unique, the smallest coin worth 1 and no
    two coins worth the same.
    """
    if not 1 <= len(family) <= 10:
        raise ValueError("a family has one to ten coins")
    values = [coin.value for coin in family]
    if len({coin.id for coin in family}) != len(family):
        raise ValueError("coin ids must be unique")
    if len(set(values)) != len(values):
        raise ValueError("no two coins of a family may be worth the same")
    if min(values) != 1:
        raise ValueError("the smallest coin of a family is worth 1")


def worth(family: Sequence[Coin], purse: Mapping[str, int]) -> int:
    """What the purse's coins of this family are worth, in the smallest coin."""
    return sum(coin.value * purse.get(coin.id, 0) for coin in family)


def coins_for(family: Sequence[Coin], amount: int, below: int | None = None) -> tuple[CoinCount, ...]:
    """``amount`` counted out in the family's coins, largest first (change, a sale's takings).

    ``below`` keeps to coins worth less than it (change for a broken coin comes in smaller coins).
    """
    if amount < 0:
        raise ValueError("an amount is never negative")
    usable = [coin for coin in _largest_first(family) if below is None or coin.value < below]
    counted: list[CoinCount] = []
    left = amount
    for coin in usable:
        count, left = divmod(left, coin.value)
        if count:
            counted.append(CoinCount(coin.id, count))
    if left:
        # Only reachable with ``below`` <= 1: the smallest coin is worth 1 and counts out anything.
        raise ValueError(f"{amount} cannot be counted out in coins below {below}")
    return tuple(counted)


def plan_payment(
    family: Sequence[Coin],
    purse: Mapping[str, int],
    owed: int,
    *,
    checked: bool = False,
    largest: Sequence[Coin] | None = None,
) -> PaymentPlan | None:
    """How to pay ``owed`` out of ``purse`` in this family's coins, or None when it cannot be met.

    Spec "Money": "the largest coins that fit go first, then the smallest coin left that covers what is
    still owed is broken, and the change comes back in the family's smaller coins, largest first."
    ``checked``: ``family`` already passed ``check_family`` (``Rules.is_sound_family``), not checked again.
    ``largest``: the family's coins largest first, as ``_largest_first`` sorts them (``Rules.coin_family``
    keeps them), not sorted again.
    """
    if not checked:
        check_family(family)
    if owed < 0:
        raise ValueError("an amount owed is never negative")
    held = 0  # ``worth(family, purse)``, the purse checked on the way
    for coin in family:
        count = purse.get(coin.id, 0)
        if count < 0:
            raise ValueError("a purse never holds fewer than zero coins")
        held += coin.value * count
    if held < owed:
        return None
    left = owed
    taken: dict[str, int] = {}
    if largest is None:
        largest = _largest_first(family)
    for coin in largest:
        count = min(purse.get(coin.id, 0), left // coin.value)
        if count:
            taken[coin.id] = count
            left -= count * coin.value
    if left == 0:
        return PaymentPlan(owed, _in_family_order(largest, taken), (), None)
    # Every coin still in the purse is worth more than ``left`` (it did not fit), and one is left
    # because the purse is worth enough: break the smallest of them.
    remaining = [coin for coin in family if purse.get(coin.id, 0) - taken.get(coin.id, 0) > 0]
    broken = min(remaining, key=lambda coin: coin.value)
    taken[broken.id] = taken.get(broken.id, 0) + 1
    change = coins_for(family, broken.value - left, below=broken.value)
    return PaymentPlan(owed, _in_family_order(largest, taken), change, broken.id)


def payment_note(plan: PaymentPlan, labels: Mapping[str, str]) -> Note:
    """The answer's note for a payment (``money.paid``), said ``Paid with crowns ×1; shillings ×2 back.``

    ``paid`` and ``back`` are (label, count) pairs, largest coin first; ``labels`` names each coin by its
    ``label`` (its name for any number of it, spec "The items block").
    """
    # Built unvalidated (``trusted_note``) without ``note``'s walk over the facts: they are tuples of (str,
    # int) pairs by construction, as validation leaves them.
    paid = _labelled(plan.paid, labels)
    back = _labelled(plan.change, labels) if plan.change else ()  # no change: what ``_labelled`` makes of it
    return trusted_note(code="money.paid", facts=(("paid", paid), ("back", back)))


def _labelled(counts: Iterable[CoinCount], labels: Mapping[str, str]) -> tuple[tuple[str, int], ...]:
    return tuple([(labels.get(part.coin, part.coin), part.count) for part in counts])


_VALUE = attrgetter("value")


def _largest_first(family: Sequence[Coin]) -> list[Coin]:
    return sorted(family, key=_VALUE, reverse=True)


def _in_family_order(largest: Sequence[Coin], counts: Mapping[str, int]) -> tuple[CoinCount, ...]:
    """``counts`` of the family's coins, ``largest`` its coins largest first (``_largest_first``)."""
    return tuple([CoinCount(coin.id, counts[coin.id]) for coin in largest if counts.get(coin.id)])
