"""Answers are the tag in canonical form (DESIGN.md "Answers"): names of characters as the party spells them."""

from __future__ import annotations

from typing import Any

import pytest

from tagproc import Game

PARTY: list[dict[str, Any] | str] = [
    {"name": "Ada", "bag": [{"item": "crowns", "count": 2}, {"item": "Grave spade", "count": 1}]},
    "Bram",
]


@pytest.mark.parametrize(
    ("tag", "expected"),
    [
        pytest.param(
            '[inventory: action="pay" amount="1 crown" who="ADA"]',
            '[inventory: action="pay" item="crowns" count="1" who="Ada" result="ok" now="1" '
            'note="Paid with crowns ×1."]',
            id="pay",
        ),
        pytest.param(
            '[inventory: action="equip" item="Grave spade" who="ada"]',
            '[inventory: action="equip" item="Grave spade" count="1" who="Ada" result="ok" now="1"]',
            id="equip",
        ),
        pytest.param(
            '[inventory: action="give" item="crowns" who="ada" to="BRAM"]',
            '[inventory: action="give" item="crowns" count="1" who="Ada" to="Bram" result="ok" now="1"]',
            id="give",
        ),
        pytest.param(
            '[inventory: action="remove" item="Grave spade" who=" ada "]',
            '[inventory: action="remove" item="Grave spade" count="1" who="Ada" result="ok" now="0"]',
            id="remove",
        ),
        pytest.param(
            '[sheet: op="spend" pool="resolve" amount="1" who="aDa"]',
            '[sheet: who="Ada" op="spend" pool="resolve" amount="1" result="ok" now="3/4"]',
            id="sheet-op",
        ),
    ],
)
def test_a_character_is_answered_by_the_name_the_party_spells(tag: str, expected: str) -> None:
    game = Game("gravewatch", PARTY, seed=1)
    assert game.reply(tag).answers == (expected,)
