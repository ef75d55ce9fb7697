"""Benchmark turns: a turn at 10,000 against a turn at 10, and a whole reply against its one-shot scan.

Prints ratios measured in this one run (tests never assert a time):
- turn 10,000's processing time as a multiple of turn 10's (goal <= 1.2): two games are played, one to
  10 replies and one to 10,000, and the last reply of each is told again (``regenerate``, which runs the
  same reply at the same position from the same start state, exactly what a new turn there costs)
- a 2 KB reply with 8 tags, end to end (scan, hide, then ``finish()``: read, normalise, decide, evolve,
  render the answers and the history), as a multiple of ``parse_reply`` on the same text (goal <= 40).
  It is told again at its own position (``regenerate``), so every round runs the same tags on the same
  state (``Game.reply`` over and over would grow the game and drift its purses)

Each ratio times its two sides in alternating rounds and keeps the best round of each, so a load that
comes and goes on the machine touches both sides alike.

Run: ``python bench/turns.py``
"""

from __future__ import annotations

from timing import compare

from tagproc import Game, RawTag, parse_reply
from tagproc.engine.rules import Rules
from tagproc.ruleset import load_ruleset

PARTY = [
    {"name": "Ada", "sheet": {"pools": {"resolve": 2}}, "bag": [{"item": "crowns", "count": 5}]},
    {"name": "Bram", "bag": [{"item": "shillings", "count": 4}]},
]

# A short reply, the kind a long game is made of: a line of story and a tag that changes the state.
SHORT = [
    'Bram is paid for the digging. [inventory: action="earn" amount="1 penny" who="Bram"]',
    'Ada steadies her breath. [sheet: op="spend" pool="resolve" amount="1"]',
    'The lantern gutters. [sheet: op="note" field="post" value="the north gate"]',
    'Dawn. [sheet: op="rest" rest="vigil"]',
]

LONG_TAGS = [
    '[inventory: action="pay" amount="3 shillings" who="Bram"]',
    '[inventory: action="earn" amount="12 pennies" who="Ada"]',
    '[inventory: action="add" item="2 warming tonics"]',
    '[sheet: op="spend" pool="resolve" amount="1" who="Ada"]',
    "[inventory action=add item='Shot and powder' qty=three who=Bram]",
    '[sheet: op="condition" condition="rattled" state="on" who="Bram"]',
    '[inventory: action="give" item="warming tonic" who="Ada" to="Bram"]',
    '[sheet: op="rest" rest="vigil"]',
]
PROSE = (
    "The fog comes off the barrows in sheets, and the lantern throws your shadows long across the "
    "headstones. Somewhere beyond the yew hedge a shovel bites into wet earth, stops, and bites again. "
)


def long_reply() -> str:
    parts: list[str] = []
    for tag in LONG_TAGS:
        parts.append(PROSE)
        parts.append(tag + " ")
    text = "".join(parts)
    while len(text) < 2048:
        text += PROSE
    return text


def played(rules: Rules, replies: int, last: str) -> Game:
    """A game of ``replies`` short replies, the last of them ``last``."""
    game = Game(rules, PARTY, seed=1)
    for index in range(replies - 1):
        game.reply(SHORT[index % len(SHORT)])
    game.reply(last)
    return game


def main() -> None:
    rules = Rules(load_ruleset("gravewatch"))
    last = SHORT[0]
    early, late = played(rules, 10, last), played(rules, 10_000, last)
    ratio = compare(lambda: late.regenerate(last), lambda: early.regenerate(last), min_time=0.05)
    print(f"turn 10,000 vs turn 10 (same reply, told again at that position): {ratio:.2f}x  (goal <= 1.2)")

    text = long_reply()
    tags = sum(1 for event in parse_reply(text) if isinstance(event, RawTag))
    game = played(rules, 2, text)
    ratio = compare(lambda: game.regenerate(text), lambda: parse_reply(text), rounds=7, min_time=0.05)
    print(
        f"a {len(text):,}-character reply with {tags} tags, end to end vs its one-shot scan: {ratio:.1f}x"
        "  (goal <= 40)"
    )


if __name__ == "__main__":
    main()
