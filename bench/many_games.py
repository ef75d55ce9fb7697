"""Benchmark the looser item names in a process of many games, each with an invented item of its own.

A chat server holds thousands of games of one ruleset, and a game's invented items join the names its tags
are read against. Prints figures measured in this one run (tests never assert a time):
- a realistic set of inexact names ("2 torches", a typo, a part of a label, a tie...) resolved in one game
  of 50 live srd-5e games, each with a distinct invented item, the games taken round-robin, as a multiple of
  the same set resolved in a game alone (goal <= 1.5x). Each visit reads the names afresh
  (``Rules.names``), as a message does;
- the same for a whole reply whose tags name items loosely, told again (``regenerate``) in each of the 50
  games in turn, against the same reply told again in a game alone;
- the cost of the small index a game's invented item needs (the name set read first with a new game's
  names, less the same set read again with them), as a share of the ruleset's own index (built once per
  ruleset and shared by every game of it: the set read first on fresh ``Rules``, less read again), and as
  a multiple of the name set and of the reply. It is made with the names a message reads against, so a
  message that reads an inexact name in a game with invented items pays it once; nothing is kept per
  game between messages (a game's tracked objects are what a full collection walks, DESIGN "Performance").

Each ratio times its two sides in alternating rounds and keeps the best of each (``bench/timing.py``).

Run: ``python bench/many_games.py``
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable

from timing import compare

from tagproc import Game
from tagproc.engine.rules import Rules
from tagproc.names import ItemNames
from tagproc.normalize.items import resolve_item
from tagproc.ruleset import load_ruleset

RULESET = "srd-5e"
GAMES = 50
PARTY = [{"name": "Ada"}, {"name": "Bram"}]
# Inexact names of srd-5e items, as a small model writes them: none is a label as written.
NAMES = (
    "2 torches",
    "torchs",
    "hempen rope",
    "longswrd",
    "the hand axes",
    "healing kit",
    "rope",
    "chain mail armour",
    "3 arrows",
    "an old notched handaxe",
)
TAGS = " ".join(f'[inventory: action="add" item="{name}" who="Ada"]' for name in NAMES[:6])
REPLY = f"The cellar gives up its stores. {TAGS} Bram counts them twice."
_FIRST = ("Kell", "Brine", "Gorse", "Tarn", "Wyn", "Fenn", "Corrie", "Scree", "Holm", "Mere")
_SECOND = ("pebble", "bauble", "trinket", "whorl", "knot")
INVENTED = tuple(f"{first} {second}" for second, first in itertools.product(_SECOND, _FIRST))


def game_with(rules: Rules, invented: str) -> Game:
    """A game of ``rules`` whose GM invented ``invented`` and then told ``REPLY``."""
    game = Game(rules, PARTY, seed=1)
    game.reply(f'[inventory: action="add" item="{invented}" category="adventuring_gear" who="Bram"]')
    assert game.state.invented, "the invented item was not made"
    game.reply(REPLY)
    return game


def resolve_all(rules: Rules, game: Game) -> None:
    """``NAMES`` read in ``game`` as one message reads them: its names made afresh, then each name."""
    read_all(rules.names(game.state))


def round_robin(games: list[Game], visit: Callable[[Game], object]) -> Callable[[], None]:
    """A call that visits the next game of ``games`` in turn."""
    turn = itertools.cycle(games)
    return lambda: visit(next(turn))


def first_minus_again(make: Callable[[], Callable[[], object]], times: int = 7) -> float:
    """Seconds the first call of a fresh ``make()`` takes more than a second call (best of ``times``)."""
    best = float("inf")
    for _ in range(times):
        call = make()
        start = time.perf_counter()
        call()
        first = time.perf_counter() - start
        start = time.perf_counter()
        call()
        again = time.perf_counter() - start
        best = min(best, first - again)
    return best


def main() -> None:
    ruleset = load_ruleset(RULESET)
    rules = Rules(ruleset)
    games = [game_with(rules, invented) for invented in INVENTED[:GAMES]]
    alone = games[0]

    ratio = compare(
        round_robin(games, lambda game: resolve_all(rules, game)),
        lambda: resolve_all(rules, alone),
        min_time=0.1,
    )
    print(
        f"{len(NAMES)} inexact names in game 1 of {GAMES} (round-robin, each with an invented item) "
        f"vs in game 1 of 1: {ratio:.2f}x  (goal <= 1.5)"
    )
    ratio = compare(
        round_robin(games, lambda game: game.regenerate(REPLY)),
        lambda: alone.regenerate(REPLY),
        rounds=7,
        min_time=0.1,
    )
    print(f"a reply of {REPLY.count('[')} such tags, told again in game 1 of {GAMES} vs of 1: {ratio:.2f}x")

    fresh = itertools.count()

    def new_game() -> Callable[[], object]:
        game = Game(rules, PARTY, seed=1)
        game.reply(f'[inventory: action="add" item="Quell {next(fresh)}x" category="adventuring_gear"]')
        names = rules.names(game.state)
        return lambda: read_all(names)

    def new_rules() -> Callable[[], object]:
        names = Rules(ruleset).names()
        return lambda: read_all(names)

    game_cost = first_minus_again(new_game)
    book_cost = first_minus_again(new_rules, times=3)
    names_cost = min(timed(lambda: resolve_all(rules, alone)) for _ in range(9))
    reply_cost = min(timed(lambda: alone.regenerate(REPLY)) for _ in range(9))
    print(
        f"a game's invented-item index (made with its names: once a message that reads an inexact name): "
        f"{game_cost / book_cost:.4f} of the ruleset's own index (made once per ruleset), "
        f"{game_cost / names_cost:.2f}x the {len(NAMES)} names read, {game_cost / reply_cost:.3f}x the reply"
    )


def read_all(names: ItemNames) -> None:
    for name in NAMES:
        resolve_item(name, None, names)


def timed(call: Callable[[], object]) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
