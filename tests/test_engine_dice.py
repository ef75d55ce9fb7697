"""Dice: seeded from their parts, the rolls of ``random.Random(seed)`` whether or not they are ever used."""

from __future__ import annotations

import random

import pytest

from tagproc.engine.dice import Dice, DiceError, dice_for, seed_for


@pytest.mark.parametrize("seed", [0, 7, "reply-3", seed_for(1, (4, "ab"), 2)])
def test_dice_seeded_on_their_first_roll_roll_as_a_generator_seeded_at_once(seed: int | str) -> None:
    dice, reference = Dice(seed), random.Random(seed)
    assert [dice.die(6) for _ in range(5)] == [reference.randint(1, 6) for _ in range(5)]
    assert dice.roll("2d4+1") == reference.randint(1, 4) + reference.randint(1, 4) + 1
    options = ["a", "b", "c"]
    assert dice.pick(options) == options[reference.randrange(3)]
    assert dice.pick(options, [1, 2, 3]) == reference.choices(options, weights=[1, 2, 3], k=1)[0]


def test_the_same_parts_give_the_same_rolls_and_a_plain_number_rolls_itself() -> None:
    assert [dice_for(3, (1, "x"), 0).die(20) for _ in range(3)] == [dice_for(3, (1, "x"), 0).die(20)] * 3
    assert Dice(1).roll(" 12 ") == 12 and Dice(1).roll(4) == 4
    with pytest.raises(DiceError):
        Dice(1).roll("2d")


@pytest.mark.parametrize("parts", [(0,), (3, (1, "ab"), 2), ("x", None, 7.5)])
def test_dice_for_parts_roll_as_dice_seeded_with_their_seed(parts: tuple[object, ...]) -> None:
    dice, reference = dice_for(*parts), Dice(seed_for(*parts))
    assert [dice.die(100) for _ in range(8)] == [reference.die(100) for _ in range(8)]


@pytest.mark.parametrize("text", ["", 'A reply. [sheet: op="rest"]', "café \ud800 ⚔"])
def test_a_replys_lazy_identity_seeds_as_its_position_and_digest_tuple(text: str) -> None:
    from tagproc.processing import _ReplyIdentity, digest

    identity = _ReplyIdentity(12, text)
    assert identity._repr is None  # nothing hashed until a die rolls
    assert seed_for(5, identity, 3) == seed_for(5, (12, digest(text)), 3)
    assert repr(identity) == repr((12, digest(text)))
    dice, reference = dice_for(5, _ReplyIdentity(12, text), 3), dice_for(5, (12, digest(text)), 3)
    assert [dice.die(20) for _ in range(6)] == [reference.die(20) for _ in range(6)]
