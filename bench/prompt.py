"""Benchmark the prompt: ``game.prompt()`` for a party of 6 with 60 stacks each, against one reply.

Prints ratios measured in this one run (tests never assert a time):
- the first ``game.prompt()`` of a game (every block worked out, rendered, counted and fitted to its budget)
  as a multiple of processing one 2 KB reply with 8 tags end to end (``Game.reply``, as bench/turns.py);
- a second ``game.prompt()`` on the same state as a multiple of the first (goal <= 0.05: the prompt of a
  state is built once).

Both games share one ``Renderer`` and one token counter, as a server of many games would, so the first
prompt pays for its own facts and rendering, not for compiling the templates.

Run: ``python bench/prompt.py``
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable

from timing import compare
from turns import PARTY, SHORT, long_reply

from tagproc import Game
from tagproc.engine.rules import Rules
from tagproc.render import Renderer
from tagproc.ruleset import load_ruleset
from tagproc.ruleset.load import shipped_text
from tagproc.tokens import TokenCounter

MEMBERS = 6
STACKS = 60


def srd_party() -> list[dict[str, object]]:
    """Six members of 60 different SRD 5e items each (weapons, armor, gear, magic items)."""
    data = json.loads(shipped_text("srd-5e") or "{}")
    labels = [
        entry["label"]
        for catalog in data["catalogs"]
        if catalog.get("holds") == "items"
        for entry in catalog["entries"]
        if not entry["item"].get("service")
    ]
    return [
        {
            "name": f"Member {m + 1}",
            "bag": [{"item": labels[m * STACKS + s], "count": 1 + s % 3} for s in range(STACKS)],
        }
        for m in range(MEMBERS)
    ]


def best(fn: Callable[[], object], rounds: int = 5) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    renderer, counter = Renderer(), TokenCounter().count
    srd = Rules(load_ruleset("srd-5e"))
    party = srd_party()

    def first_prompt() -> object:
        return Game(srd, party, renderer=renderer, count_tokens=counter).prompt()

    first_prompt()  # warm: templates compiled, encodings built
    game = Game(srd, party, renderer=renderer, count_tokens=counter)
    game.prompt()

    gravewatch = Rules(load_ruleset("gravewatch"))
    text = long_reply()
    replying = Game(gravewatch, PARTY, seed=1, renderer=renderer)
    replying.reply(SHORT[0])

    def a_game() -> object:
        return Game(srd, party, renderer=renderer, count_tokens=counter)

    # The first prompt's own cost: a new game and its prompt, less a new game alone.
    building = best(first_prompt) - best(a_game)
    reply = best(lambda: replying.reply(text), rounds=9)
    print(
        f"first game.prompt(), {MEMBERS} members x {STACKS} stacks (srd-5e), vs one {len(text):,}-character "
        f"reply with 8 tags: {building / reply:.1f}x"
    )
    again = compare(game.prompt, first_prompt, rounds=3, min_time=0.05)
    print(f"a second game.prompt() on the same state vs the first: {again:.6f}x  (goal <= 0.05)")
    blocks = game.prompt().blocks
    print(
        "blocks: "
        + ", ".join(f"{b.name} {b.tokens} tokens{' (trimmed)' if b.trimmed else ''}" for b in blocks)
    )


if __name__ == "__main__":
    main()
