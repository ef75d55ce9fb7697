"""Benchmark what a long game keeps: retained memory per turn and the full-collection GC pause it causes.

A chat server holds thousands of games for hours, so what a turn leaves behind after it is answered is the
cost that adds up. This plays one game of Game Master replies, each a few lines of story with two tags
(the tags of ``bench/turns.py``: earnings, a pool spent, a field noted, a rest, a payment; every reply's
text its own string, as a model's are), and asks for the prompt before every reply, as a server does.

Prints, measured in this one run (tests never assert a size or a time):
- retained memory per turn at 10,000 turns (``tracemalloc``, after ``gc.collect()``: what the game holds
  over the game it began as, divided by its turns), in bytes and as a multiple of the goal (<= 2 KB);
  the same at 1,000 turns, and between them (what turns 1,001 to 10,000 added, each)
- the GC pause of a full (generation 2) collection at turn 10,000 as a multiple of that at turn 1,000
  (goal <= 2): a second game, played without ``tracemalloc``, each pause timed by ``gc.callbacks`` around
  the collection, best of several ``gc.collect()`` at each mark (as ``bench/timing.py`` keeps the best
  round), and the longest automatic generation-2 pause seen while playing towards each mark beside it
- the gc-tracked objects the game adds per turn, since a full collection walks every one of them
- a server's many games: 1,000 games (``--games``) each told ``bench/stream_reply.py``'s 2 KB reply of 8 tags
  three times, in a process whose start-up objects were frozen (``gc.freeze``, as a server does after
  loading its rulesets and templates): the gc-tracked objects and the references among them (what
  ``gc.get_referents`` gives: what a full collection visits) a game holds, fresh, after its first reply and
  per later reply, and the full collection's pause with all of them held, best of ``--rounds`` (issue 14:
  with 1,000 games held, full collections were most of a stream's worst lateness)

With ``--breakdown N``, it first prints the N places whose allocations a game of ``--turns`` keeps the most of,
per turn (``tracemalloc`` tracebacks, each named by its innermost frames in tagproc): what to cut next.

Run: ``python bench/memory.py`` (``--turns 2000`` for a quicker look: the marks are a tenth of it and it)
"""

from __future__ import annotations

import argparse
import gc
import time
import tracemalloc
from collections.abc import Callable

from stream_reply import tagged_reply
from turns import PARTY

from tagproc import Game
from tagproc.engine.rules import Rules
from tagproc.ruleset import load_ruleset

GOAL_BYTES = 2048
GOAL_PAUSE = 2.0

TAGS = (
    '[inventory: action="earn" amount="1 penny" who="Bram"]',
    '[sheet: op="spend" pool="resolve" amount="1"]',
    '[sheet: op="note" field="post" value="the north gate"]',
    '[inventory: action="earn" amount="2 pennies" who="Ada"]',
    '[sheet: op="rest" rest="vigil"]',
    '[inventory: action="pay" amount="1 penny" who="Bram"]',
)
LINES = (
    "The fog comes off the barrows in sheets",
    "Somewhere beyond the yew hedge a shovel bites into wet earth",
    "The lantern gutters and the shadows lean long across the headstones",
    "Bram counts the graves again and gets another number",
    "A bell rings once in the chapel, though nobody is there to ring it",
)


def reply_at(turn: int) -> str:
    """The Game Master's reply of turn ``turn``: two lines of story, two tags, a string of its own."""
    first, second = LINES[turn % len(LINES)], LINES[(turn * 3 + 1) % len(LINES)]
    one, two = TAGS[turn % len(TAGS)], TAGS[(turn * 5 + 2) % len(TAGS)]
    return f"Night {turn + 1}. {first}. {one} {second}, and the watch goes on. {two}"


def play(game: Game, start: int, stop: int, on_turn: Callable[[int], None] | None = None) -> None:
    """Turns ``start`` to ``stop`` of ``game``: the prompt, then the reply (its result dropped, as a server's)."""
    for turn in range(start, stop):
        game.prompt()
        game.reply(reply_at(turn))
        if on_turn is not None:
            on_turn(turn + 1)


def cheap_count(text: str) -> int:
    """A token count for the bench: the prompt's texts are the same, without the encoding's time."""
    return len(text) // 4


def new_game(rules: Rules) -> Game:
    game = Game(rules, PARTY, seed=1, count_tokens=cheap_count)
    game.prompt()
    return game


class Pauses:
    """Every generation-2 collection's pause, timed by ``gc.callbacks`` around it."""

    def __init__(self) -> None:
        self.pauses: list[float] = []
        self._started = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if info["generation"] != 2:
            return
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.pauses.append(time.perf_counter() - self._started)


def full_collection(rounds: int) -> float:
    """The best of ``rounds`` forced full collections' pauses, as ``gc.callbacks`` timed them."""
    pauses = Pauses()
    gc.callbacks.append(pauses)
    try:
        for _ in range(rounds):
            gc.collect()
    finally:
        gc.callbacks.remove(pauses)
    return min(pauses.pauses)


def measure(rules: Rules, small: int, large: int, rounds: int) -> dict[str, float]:
    """The game played to ``large`` under ``tracemalloc`` (bytes held at ``small`` and ``large`` over the game
    it began as, after ``gc.collect``), then, ``tracemalloc`` stopped, its full-collection pause; then that
    game dropped and a second played to ``small`` without ``tracemalloc``, and its pause."""
    found: dict[str, float] = {}
    gc.collect()
    tracemalloc.start()
    try:
        game = new_game(rules)
        gc.collect()
        base = tracemalloc.get_traced_memory()[0]
        play(game, 0, small)
        gc.collect()
        found["held small"] = tracemalloc.get_traced_memory()[0] - base
        play(game, small, large)
        gc.collect()
        found["held large"] = tracemalloc.get_traced_memory()[0] - base
    finally:
        tracemalloc.stop()
    found["pause large"] = full_collection(rounds)
    found["tracked large"] = len(gc.get_objects())
    del game
    gc.collect()
    found["tracked before"] = len(gc.get_objects())
    game = new_game(rules)
    play(game, 0, small)
    found["pause small"] = full_collection(rounds)
    found["tracked small"] = len(gc.get_objects())
    return found


def held() -> tuple[int, int]:
    """The gc-tracked objects not frozen, and their references (what a full collection walks and visits)."""
    tracked = gc.get_objects()
    return len(tracked), sum(len(gc.get_referents(one)) for one in tracked)


def many_games(rules: Rules, games: int, rounds: int) -> dict[str, float]:
    """``games`` games, each told the 2 KB reply three times: per game, the objects and references held
    fresh and after each reply, and the full collection's pause with them all held. The objects alive before
    are frozen first (and thawed after), so what is counted and walked is the games'."""
    text = tagged_reply()
    warm = Game(rules, PARTY, seed=0)
    warm.reply(text)  # the templates compiled and the rules' memos filled, as in a server that has run
    del warm
    gc.collect()
    gc.freeze()
    try:
        base_objects, base_references = held()
        held_games = [Game(rules, PARTY, seed=seed) for seed in range(games)]
        marks: list[tuple[int, int]] = []
        for reply in range(4):
            if reply:
                for game in held_games:
                    game.reply(text)
            for _ in range(3):  # a tuple of untracked values is untracked by a collection, inner ones first
                gc.collect()
            objects, references = held()
            marks.append((objects - base_objects, references - base_references))
        pause = full_collection(rounds)
        del held_games
    finally:
        gc.unfreeze()
    return {
        "fresh": marks[0][0] / games,
        "first": (marks[1][0] - marks[0][0]) / games,
        "later": (marks[3][0] - marks[1][0]) / 2 / games,
        "objects": marks[3][0] / games,
        "references": marks[3][1] / games,
        "pause": pause,
    }


def breakdown(rules: Rules, turns: int, top: int) -> None:
    """Print the ``top`` allocation sites of what turns 21 to ``turns`` + 20 of a game keep, per turn."""
    gc.collect()
    tracemalloc.start(25)
    try:
        game = new_game(rules)
        play(game, 0, 20)  # past the first turns' one-off costs (templates compiled, indexes built)
        gc.collect()
        before = tracemalloc.take_snapshot()
        play(game, 20, 20 + turns)
        gc.collect()
        after = tracemalloc.take_snapshot()
    finally:
        tracemalloc.stop()
    sites: dict[str, list[int]] = {}
    for stat in after.compare_to(before, "traceback"):
        ours = [frame for frame in stat.traceback if "/tagproc/" in frame.filename]
        name = " <- ".join(
            f"{frame.filename.rsplit('/tagproc/', 1)[1]}:{frame.lineno}" for frame in ours[::-1][:3]
        )
        site = sites.setdefault(name or str(stat.traceback[-1]), [0, 0])
        site[0] += stat.size_diff
        site[1] += stat.count_diff
    print(
        f"kept per turn over {turns:,} turns, {sum(s[0] for s in sites.values()) / turns:,.0f} bytes in all:"
    )
    for name, (size, count) in sorted(sites.items(), key=lambda item: -item[1][0])[:top]:
        print(f"  {size / turns:7,.0f} bytes {count / turns:5.1f} blocks  {name}")
    del game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--turns", type=int, default=10_000, help="the game's length (the first mark a tenth)"
    )
    parser.add_argument("--rounds", type=int, default=5, help="forced full collections at each mark")
    parser.add_argument("--breakdown", type=int, default=0, help="first print the top N allocation sites")
    parser.add_argument("--games", type=int, default=1000, help="the games held for the many-games figures")
    args = parser.parse_args()
    small, large = args.turns // 10, args.turns
    rules = Rules(load_ruleset("gravewatch"))
    if args.breakdown:
        breakdown(rules, small, args.breakdown)
    found = measure(rules, small, large, args.rounds)
    for mark, key in ((small, "held small"), (large, "held large")):
        each = found[key] / mark
        print(
            f"retained memory per turn at {mark:,} turns: {each:,.0f} bytes, "
            f"{each / GOAL_BYTES:.2f}x the goal (goal <= {GOAL_BYTES:,} bytes)"
        )
    added = (found["held large"] - found["held small"]) / (large - small)
    print(f"  each of turns {small + 1:,} to {large:,} added {added:,.0f} bytes")
    ratio = found["pause large"] / found["pause small"]
    print(
        f"full-collection GC pause at turn {large:,} vs at turn {small:,}: {ratio:.2f}x (goal <= {GOAL_PAUSE})"
    )
    per_turn = (found["tracked large"] - found["tracked before"]) / large
    print(
        f"  gc-tracked objects per turn: {per_turn:.1f} "
        f"(the process holds {found['tracked before']:,} without the game)"
    )
    many = many_games(rules, args.games, args.rounds)
    print(
        f"{args.games:,} games of 3 replies held: {many['objects']:.1f} gc-tracked objects and "
        f"{many['references']:.0f} references a game (fresh {many['fresh']:.1f}, its first reply "
        f"+{many['first']:.1f}, each later +{many['later']:.1f}); a full collection {many['pause'] * 1e3:.1f} ms"
    )


if __name__ == "__main__":
    main()
