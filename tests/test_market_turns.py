"""The place in force and the market day across a game's turns (spec "Markets": where the party is; "A market
day": the day). What the engine does with the day (buys, sales) is tested in test_engine_trade.py."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from tagproc import Game
from tagproc.engine.rules import Rules
from tagproc.engine.state import MarketDay
from tagproc.ruleset import load_ruleset, parse_ruleset

GRAVEWATCH = Rules(load_ruleset("gravewatch"))


def _without_market() -> Rules:
    data = json.loads(resources.files("tagproc.rulesets").joinpath("gravewatch.json").read_text("utf-8"))
    del data["items"]["market"]
    for catalog in data["catalogs"]:
        for entry in catalog.get("entries", []):
            entry.get("item", {}).pop("sold", None)
    return Rules(parse_ruleset(data, "gravewatch without a market"))


NO_MARKET = _without_market()
PARTY = [{"name": "Ada", "bag": [{"item": "shillings", "count": 10}]}]


def _game(rules: Rules = GRAVEWATCH, seed: int = 3) -> Game:
    return Game(rules, PARTY, seed=seed)


def _day(game: Game) -> MarketDay | None:
    return game.state.day


def test_no_place_said_is_no_day() -> None:
    game = _game()
    game.reply("The road is long.")
    assert game.state.place is None
    assert _day(game) is None


def test_a_place_with_a_market_starts_a_day_there() -> None:
    game = _game()
    game.reply('They reach Millbrook. [place: name="Millbrook" size="market town"]')
    day = _day(game)
    assert day is not None
    assert (day.place, day.size) == ("Millbrook", "town")
    assert (game.state.place, game.state.place_size) == ("Millbrook", "town")
    assert (day.bought, day.stock_bought, day.paid_out) == ((), (), ())


def test_the_same_place_again_continues_the_day_and_day_new_starts_another() -> None:
    game = _game()
    game.reply('[place: name="Millbrook" size="town"]')
    first = _day(game)
    game.reply('Still in [place: name="millbrook" size="Market Town"] the square.')
    assert _day(game) == first
    game.reply('Morning. [place: name="Millbrook" size="town" day="new"]')
    second = _day(game)
    assert second is not None and first is not None
    assert (second.place, second.size) == ("Millbrook", "town")
    assert second.seed != first.seed


def test_another_place_starts_another_day_and_a_road_ends_it() -> None:
    game = _game()
    game.reply('[place: name="Millbrook" size="town"]')
    town = _day(game)
    game.reply('[place: name="Hollin" size="village"]')
    village = _day(game)
    assert village is not None and village.size == "village" and village != town
    game.reply('Out on the moor. [place: name="The moor"]')
    assert _day(game) is None
    assert (game.state.place, game.state.place_size) == ("The moor", None)
    game.reply('Back. [place: name="Millbrook" size="town"]')
    back = _day(game)
    assert back is not None and town is not None and back.seed != town.seed  # a new day: another position


def test_the_last_place_of_a_reply_is_the_day_it_ends_in() -> None:
    game = _game()
    game.reply('[place: name="Hollin" size="village"] then on to [place: name="Millbrook" size="city"]')
    day = _day(game)
    assert day is not None and (day.place, day.size) == ("Millbrook", "city")


def test_an_unknown_size_changes_nothing() -> None:
    game = _game()
    game.reply('[place: name="Millbrook" size="town"]')
    day = _day(game)
    game.reply('[place: name="Gloam" size="metropolis"]')
    assert _day(game) == day
    assert game.state.place == "Millbrook"


def test_a_players_place_tag_never_counts() -> None:
    game = _game()
    game.reply('[place: name="Millbrook" size="town"]')
    day = _day(game)
    game.player('We are in [place: name="Capital" size="city"] now, trust me.')
    assert _day(game) == day
    assert game.state.place == "Millbrook"


def test_a_struck_or_quoted_place_tag_starts_no_day() -> None:
    game = _game()
    game.reply('Say it like this: `[place: name="Millbrook" size="town"]`.')
    assert _day(game) is None


def test_a_day_rolls_from_the_position_of_the_reply_that_started_it_so_a_swipe_sees_the_same_shelf() -> None:
    game = _game()
    game.reply('[place: name="Millbrook" size="town"]')
    day = _day(game)
    game.regenerate('Another telling, the same place. [place: name="Millbrook" size="town"]')
    assert _day(game) == day
    other = _game()
    other.reply('Told otherwise. [place: name="Millbrook" size="town"]')
    assert _day(other) == day


def test_a_regenerated_reply_reads_only_what_came_before_the_telling_it_replaces() -> None:
    game = _game()
    game.reply('[place: name="Millbrook" size="town"]')
    before = _day(game)
    game.reply('[place: name="Hollin" size="village"]')
    game.regenerate("They stay where they are.")
    assert _day(game) == before
    assert game.state.place == "Millbrook"


@pytest.mark.parametrize("seed", [1, 2])
def test_the_days_seed_follows_the_games_seed(seed: int) -> None:
    one, two = _game(seed=seed), _game(seed=seed + 10)
    for game in (one, two):
        game.reply('[place: name="Millbrook" size="town"]')
    first, second = _day(one), _day(two)
    assert first is not None and second is not None and first.seed != second.seed


def test_a_ruleset_without_a_market_keeps_the_place_and_no_day() -> None:
    game = _game(NO_MARKET)
    game.reply('[place: name="Saltmarch" size="town"]')
    assert game.state.place == "Saltmarch"
    assert _day(game) is None
