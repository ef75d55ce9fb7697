"""Dice: seeded, injected, never global (STYLE.md "No mutable globals").

A reply's rolls are seeded from ``(game seed, the reply's identity, the tag's index)`` (DESIGN.md "Turns"),
so replaying a transcript, or regenerating to the same text, rolls the same. The seed is hashed with
SHA-256 so that it does not depend on Python's per-process string hashing.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Sequence
from typing import TypeVar

__all__ = ["Dice", "DiceError", "dice_for", "seed_for"]

T = TypeVar("T")

_EXPRESSION = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$")


class DiceError(ValueError):
    """A dice expression that cannot be rolled."""


class Dice:
    """A seeded source of rolls.

    The generator is seeded on the first roll, not before: every tag of a reply gets its dice and most
    never roll, and seeding costs more than reading a tag. The rolls are those of ``random.Random(seed)``
    all the same.
    """

    __slots__ = ("_generator", "_parts", "_seed")

    def __init__(self, seed: int | str) -> None:
        self._seed = seed
        self._parts: tuple[object, ...] | None = None  # ``dice_for``'s: the seed is worked out on first roll
        self._generator: random.Random | None = None

    @property
    def _random(self) -> random.Random:
        if self._generator is None:
            seed = self._seed if self._parts is None else seed_for(*self._parts)
            self._generator = random.Random(seed)
        return self._generator

    def die(self, sides: int) -> int:
        """One roll of a ``sides``-sided die."""
        return self._random.randint(1, sides)

    def roll(self, expression: str | int) -> int:
        """Roll ``"2d6+1"``, ``"d20"`` or a plain number."""
        if isinstance(expression, int):
            return expression
        text = expression.strip()
        if text.lstrip("-").isdigit():
            return int(text)
        match = _EXPRESSION.match(text)
        if match is None:
            raise DiceError(f"cannot roll {expression!r}")
        count = int(match.group(1) or 1)
        sides = int(match.group(2))
        if count < 1 or sides < 1 or count > 100:
            raise DiceError(f"cannot roll {expression!r}")
        total = sum(self.die(sides) for _ in range(count))
        if match.group(3):
            bonus = int(match.group(4))
            total += bonus if match.group(3) == "+" else -bonus
        return total

    def pick(self, options: Sequence[T], weights: Sequence[int] | None = None) -> T:
        """One of ``options``, by ``weights`` when given."""
        if weights is None:
            return options[self._random.randrange(len(options))]
        return self._random.choices(list(options), weights=list(weights), k=1)[0]


def seed_for(*parts: object) -> int:
    """A seed worked out from ``parts`` (SHA-256 of their ``repr``): the same parts, the same seed."""
    digest = hashlib.sha256(repr(parts).encode("utf-8", "surrogatepass")).digest()
    return int.from_bytes(digest[:8], "big")


def dice_for(*parts: object) -> Dice:
    """Dice seeded from ``parts``, e.g. ``dice_for(game_seed, reply_id, tag_index)``: ``Dice(seed_for(*parts))``,
    the seed worked out on the first roll."""
    dice = Dice(0)
    dice._parts = parts
    return dice
