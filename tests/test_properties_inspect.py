"""Properties of inspecting (issue 11: spec "Spotting fakes"): a refused inspect spends no try.

A game at srd-5e's Fence (golden/fakes-con.yaml's first three turns: Ada buys the fake "Potion of Healing" once
a companion's notice let it through) is asked random inspects: any member, an item they hold or not, a seller
here or not, a way of seeing through fakes or one the ruleset does not have. Whatever is refused leaves the
state as it was, byte for byte (the per-turn journal aside, which holds only its own turn's entries and must
be empty), so the same character may still try; an inspect that is answered ok spends at most that
character's one try.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tagproc import Game
from tagproc.engine.state import GameState

PARTY: list[dict[str, Any] | str] = [
    {
        "name": "Ada",
        "sheet": {"abilities": {"int": 10, "wis": 10}},
        "bag": [{"item": "gold pieces", "count": 500}],
    },
    {
        "name": "Mira",
        "sheet": {"abilities": {"int": 14, "wis": 12}, "fields": {"poisoners_kit_bonus": 2}},
        "bag": [{"item": "Poisoner's Kit"}],
    },
    "Bram",
]
OPENING = (
    'The caravan reaches Nulb. [place: name="Nulb" size="town"]',
    '[inventory: action="buy" item="Potion of Healing" seller="Fence" who="Ada"]',
    '[inventory: action="buy" item="Potion of Healing" seller="Fence" who="Ada"]',
)

WHO = st.sampled_from(["Ada", "Mira", "Bram", "Zed"])
ITEM = st.sampled_from(["Potion of Healing", "Poisoner's Kit", "Bag of Holding", "gold pieces", "Rope"])
SELLER = st.sampled_from([None, "Fence", "temple", "smith", "shipwright", "baker"])
WAY = st.sampled_from([None, None, "Identify", "detect poison and disease", "Scrying"])


def _opened() -> Game:
    game = Game("srd-5e", PARTY, seed=16)
    for reply in OPENING:
        game.reply(reply)
    return game


def _tag(who: str, item: str, seller: str | None, way: str | None) -> str:
    parts = [f'action="inspect" item="{item}" who="{who}"']
    if seller is not None:
        parts.append(f'seller="{seller}"')
    if way is not None:
        parts.append(f'with="{way}"')
    return f"[inventory: {' '.join(parts)}]"


def _bare(state: GameState) -> str:
    return state.model_copy(update={"journal": ()}).model_dump_json()


def test_the_opening_puts_a_fake_in_adas_bag() -> None:
    stacks = _opened().state.party[0].bag
    assert any(stack.passes_as is not None for stack in stacks)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(WHO, ITEM, SELLER, WAY), min_size=1, max_size=4))
def test_a_refused_inspect_spends_no_try(asks: list[tuple[str, str, str | None, str | None]]) -> None:
    game = _opened()
    for ask in asks:
        before = game.state
        result = game.reply(_tag(*ask))
        (answer,) = result.structured_answers
        if answer.result == "refused":
            assert _bare(game.state) == _bare(before)
            assert result.journal == ()
        else:
            assert len(_tries(game.state) - _tries(before)) <= 1


def _tries(state: GameState) -> set[tuple[str, ...]]:
    """Every try spent: (member, stack name) on the stacks, (member, seller, ref) on the day."""
    spent: set[tuple[str, ...]] = {
        (name, stack.name) for member in state.party for stack in member.bag for name in stack.inspected_by
    }
    if state.day is not None:
        spent |= set(state.day.inspected)
    return spent
