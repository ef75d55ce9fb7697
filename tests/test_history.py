"""History: a long game sheds the turns before its last reply and gives them, and every state, back equal."""

from __future__ import annotations

import dataclasses
import gc
import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from tagproc import Game, TurnResult
from tagproc.acting import run_action
from tagproc.engine.rules import Rules
from tagproc.engine.state import JournalEntry
from tagproc.history import SNAPSHOT_EVERY, History, ToldTurn, _packed
from tagproc.prompt.blocks import build_prompt
from tagproc.prompt.recap import recap_turns
from tagproc.ruleset import load_ruleset
from tagproc.transcript import load_transcript, run_transcript
from tagproc.turn import Turn

RULES = Rules(load_ruleset("gravewatch"))
PARTY: list[dict[str, Any] | str] = [
    {"name": "Ada", "sheet": {"pools": {"resolve": 2}}, "bag": [{"item": "crowns", "count": 5}]},
    {"name": "Bram", "bag": [{"item": "shillings", "count": 4}]},
]
REPLIES = (
    'Bram is paid. [inventory: action="earn" amount="1 penny" who="Bram"]',
    'Ada steadies her breath. [sheet: op="spend" pool="resolve" amount="1"]',
    'The lantern gutters. [sheet: op="note" field="post" value="the north gate"]',
    'Dawn. [sheet: op="rest" rest="vigil"] [inventory: action="add" item="2 warming tonics"]',
    'Bram pays the sexton. [inventory: action="pay" amount="1 penny" who="Bram"]',
)
TURNS = 50


def _play(game: Game) -> list[tuple[str, str, str]]:
    """A long game of replies (some streamed), player messages and edits; each turn's JSON, the state after it
    and the prompt before it, as they were when played."""
    played: list[tuple[str, str, str]] = []
    for turn in range(TURNS):
        prompt = game.prompt().text
        if turn % 7 == 3:
            result = game.player(f'I look around, the {turn}th time. [inventory: action="add" item="gold"]')
        elif turn % 11 == 5:
            result = game.edit("add", "Rope")
        elif turn % 4 == 1:
            streamed = game.begin_reply()
            text = f"Night {turn}. {REPLIES[turn % len(REPLIES)]}"
            for start in range(0, len(text), 5):
                streamed.feed(text[start : start + 5])
            result = streamed.finish()
        else:
            result = game.reply(f"Night {turn}. {REPLIES[turn % len(REPLIES)]}")
        played.append((json.dumps(result.to_json()), result.state.model_dump_json(), prompt))
    return played


@pytest.fixture(scope="module")
def long_game() -> tuple[Game, list[tuple[str, str, str]]]:
    game = Game(RULES, PARTY, seed=3)
    return game, _play(game)


def test_a_long_game_gives_every_turn_state_and_prompt_back_as_they_were_played(
    long_game: tuple[Game, list[tuple[str, str, str]]],
) -> None:
    game, played = long_game
    assert sum(isinstance(turn, ToldTurn) for turn in game.turns) > 40
    for position in reversed(range(TURNS)):  # from the end: each read replays its turn from its snapshot
        told, state, prompt = played[position]
        assert json.dumps(game.turns[position].to_json()) == told
        assert game.state_at(position + 1).model_dump_json() == state
        assert game.turns[position].state.model_dump_json() == state
        assert game.prompt_at(position).text == prompt


def test_a_shed_turn_equals_the_turn_played_and_reads_the_same_in_any_order(
    long_game: tuple[Game, list[tuple[str, str, str]]],
) -> None:
    game, _ = long_game
    again = Game(RULES, PARTY, seed=3)
    _play(again)
    kept = [_whole(turn) for turn in game.turns]
    assert game.turns == again.turns
    assert [_whole(turn) for turn in again.turns[::-1]] == kept[::-1]
    assert game.journal == tuple(entry for turn in kept for entry in turn.journal)
    assert game.journal == again.journal


def test_a_shed_turn_keeps_what_a_chat_shows_of_it_and_replace_makes_a_whole_one(
    long_game: tuple[Game, list[tuple[str, str, str]]],
) -> None:
    game, _ = long_game
    first = game.turns[0]
    assert isinstance(first, ToldTurn)
    assert first.text.startswith("Night 0.") and first.visible and first.history
    replaced = dataclasses.replace(first, history="told again")
    assert replaced.history == "told again" and replaced.answers == first.answers
    assert replaced.state == first.state and replaced != first
    assert dataclasses.replace(first) == first == _whole(first)


def test_a_regenerate_and_a_saved_game_after_shedding_give_the_game_told_straight(
    long_game: tuple[Game, list[tuple[str, str, str]]],
) -> None:
    game, _ = long_game
    loaded = Game.load(game.save())
    assert [turn.to_json() for turn in loaded.turns] == [turn.to_json() for turn in game.turns]
    loaded.player("I wait.")
    swiped = loaded.regenerate('Another telling. [inventory: action="earn" amount="3 pennies" who="Ada"]')
    straight = Game.load(loaded.save())
    assert swiped.position == max(turn.position for turn in loaded.turns if turn.kind == "gm")
    assert straight.state.model_dump_json() == loaded.state.model_dump_json()
    assert [turn.to_json() for turn in straight.turns] == [turn.to_json() for turn in loaded.turns]


def test_a_long_game_keeps_a_state_every_few_turns_and_every_one_from_the_last_reply_on() -> None:
    game = Game(RULES, PARTY, seed=3)
    results = [game.reply(f"Night {turn}. {REPLIES[turn % len(REPLIES)]}") for turn in range(40)]
    assert isinstance(game.turns[0], ToldTurn) and game.state_at(0) is game.state_at(0)
    for position, result in enumerate(results, start=1):
        state = game.state_at(position)
        assert state == result.state and game.state_at(position) is state is game.turns[position - 1].state
        if position % SNAPSHOT_EVERY == 0 or position >= len(results) - 1:
            assert state is result.state  # a kept state is the very one the turn made
    assert all(told.journal == result.journal for told, result in zip(game.turns, results, strict=True))


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How many turns have been played (messages finished, actions run by ``tagproc.history``) since."""
    played = {"turns": 0}
    finish, run = Turn.finish, run_action

    def counted_finish(self: Turn) -> TurnResult:
        played["turns"] += 1
        return finish(self)

    def counted_run(*args: Any) -> TurnResult:
        played["turns"] += 1
        return run(*args)

    monkeypatch.setattr(Turn, "finish", counted_finish)
    monkeypatch.setattr("tagproc.history.run_action", counted_run)
    return played


def test_reading_a_shed_state_replays_from_the_kept_one_before_it_and_once(
    long_game: tuple[Game, list[tuple[str, str, str]]], replays: dict[str, int]
) -> None:
    game = Game(RULES, PARTY, seed=3)
    _play(game)
    replays["turns"] = 0
    every = SNAPSHOT_EVERY
    # (position, turns played to read it): from the kept state before it, then what was played on the way cached
    for position, plays in ((2 * every - 1, every - 1), (5, 5), (2 * every, 0), (every + 3, 0), (3, 0)):
        before = replays["turns"]
        state = game.state_at(position)
        assert replays["turns"] - before == plays
        assert game.state_at(position) is state and replays["turns"] - before == plays
        assert state.model_dump_json() == long_game[0].state_at(position).model_dump_json()
    before = replays["turns"]
    assert game.turns[2 * SNAPSHOT_EVERY - 2].answers and replays["turns"] == before  # cached on the way


def test_reading_the_state_now_the_prompt_the_texts_and_the_journal_replays_nothing(
    long_game: tuple[Game, list[tuple[str, str, str]]], replays: dict[str, int]
) -> None:
    game = Game(RULES, PARTY, seed=3)
    played = _play(game)
    replays["turns"] = 0
    assert game.state.model_dump_json() == played[-1][1]
    assert game.prompt() is game.prompt()
    told = [(turn.kind, turn.position, turn.text, turn.visible, turn.history) for turn in game.turns]
    assert told == [
        (turn.kind, turn.position, turn.text, turn.visible, turn.history) for turn in long_game[0].turns
    ]
    assert game.journal == long_game[0].journal and game.save() == long_game[0].save()
    assert replays["turns"] == 0


def test_a_game_of_player_messages_only_sheds_nothing() -> None:
    game = Game(RULES, PARTY, seed=3)
    results = [game.player(f"Message {turn}.") for turn in range(20)]
    assert list(game.turns) == results and not any(isinstance(turn, ToldTurn) for turn in game.turns)


def _whole(turn: TurnResult) -> TurnResult:
    """The turn as a plain ``TurnResult`` with every field."""
    return TurnResult(
        turn.kind,
        turn.position,
        turn.text,
        turn.visible,
        turn.history,
        turn.answers,
        turn.structured_answers,
        turn.journal,
        turn.state,
        turn.tags,
        turn.action,
    )


def _told_by_name(result: TurnResult, history: History) -> ToldTurn:
    """``ToldTurn.of(result, history)`` as it was first written: each kept field set by name through
    ``object.__setattr__``, in a loop (the reference for its slots' descriptors)."""
    told = ToldTurn.__new__(ToldTurn)
    for name in ("kind", "position", "text", "action"):
        object.__setattr__(told, name, getattr(result, name))
    for name in ("visible", "history"):
        said = getattr(result, name)
        object.__setattr__(told, name, result.text if said == result.text else said)
    object.__setattr__(told, "_journal", _packed(result.journal))
    object.__setattr__(told, "_history", history)
    object.__setattr__(told, "_whole", None)
    object.__setattr__(told, "_alive", None)
    return told


def _anew(text: str) -> str:
    """An equal text that is another object (but the empty one)."""
    return (text + ".")[:-1]


_KEPT = ("kind", "position", "text", "action", "visible", "history", "_history", "_whole", "_alive")


def test_a_shed_turn_is_made_through_its_slots_as_setting_each_field_by_name_makes_it(
    long_game: tuple[Game, list[tuple[str, str, str]]],
) -> None:
    # Every kind of turn of the long game, and messages with no tag (one text kept for the three), each
    # text its own object, as a turn played makes them.
    game, _ = long_game
    quiet = Game(RULES, PARTY, seed=3)
    quiet_turns = [quiet.player("I wait by the gate."), quiet.reply("Night falls on the barrows.")]
    turns = [(turn, game._history) for turn in game.turns] + [(turn, quiet._history) for turn in quiet_turns]
    results = [
        (dataclasses.replace(_whole(turn), visible=_anew(turn.visible), history=_anew(turn.history)), history)
        for turn, history in turns
    ]
    assert {result.kind for result, _ in results} >= {"gm", "player", "edit"}
    assert sum(result.visible == result.text != "" for result, _ in results) == 2
    for result, history in results:
        told, reference = ToldTurn.of(result, history), _told_by_name(result, history)
        for name in _KEPT:
            assert getattr(told, name) is getattr(reference, name), name
        assert told._journal == reference._journal and told == reference == result
        if result.visible == result.text:  # a message with no tag: its texts are one object
            assert told.visible is told.text
            assert (told.history is told.text) == (result.history == result.text)


GOLDEN = sorted((Path(__file__).resolve().parent.parent / "golden").glob("*.yaml"))


@pytest.mark.parametrize("path", GOLDEN, ids=[path.stem for path in GOLDEN])
def test_a_shed_turn_s_journal_is_the_one_played_with_the_same_fields_set(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pushed: dict[int, TurnResult] = {}  # the last turn committed at each position (a regenerate replaces)
    push = History.push

    def recorded(self: History, result: TurnResult) -> None:
        pushed[result.position] = result
        push(self, result)

    monkeypatch.setattr(History, "push", recorded)
    game = run_transcript(load_transcript(path)).game
    game.reply('The end. [sheet: op="note" field="post" value="home"]')  # every turn before it shed
    played = [entry for position in sorted(pushed) for entry in pushed[position].journal]
    assert all(isinstance(turn, ToldTurn) for turn in game.turns[:-1])
    assert game.journal == tuple(played)
    for entry, was in zip(game.journal, played, strict=True):
        assert entry.model_fields_set == was.model_fields_set
        assert JournalEntry.model_validate(entry.model_dump()) == entry


def test_the_last_reply_reads_its_very_result_while_it_lives_and_an_equal_one_after(
    replays: dict[str, int],
) -> None:
    game = Game(RULES, PARTY, seed=3)
    game.reply(REPLIES[0])
    result = game.reply(REPLIES[3])
    told = game.turns[-1]
    assert isinstance(told, ToldTurn) and told == result
    assert told.tags is result.tags and told.structured_answers is result.structured_answers
    assert told.journal is result.journal and told.state is result.state is game.state
    was = json.dumps(result.to_json())
    before = replays["turns"]
    del result
    gc.collect()
    assert game.prompt() is game.prompt() and replays["turns"] == before  # the recap was kept, not replayed
    assert json.dumps(told.to_json()) == was and replays["turns"] == before + 1  # played again, once
    assert told.tags is game.turns[-1].tags and replays["turns"] == before + 1  # and cached


def test_a_regenerate_after_the_last_reply_was_played_again_replaces_what_was_derived() -> None:
    game = Game(RULES, PARTY, seed=3)
    game.reply(REPLIES[0])
    game.reply(REPLIES[3])
    gc.collect()
    assert game.turns[-1].answers  # the reply played again from its start state, and cached
    new = game.regenerate(REPLIES[4])
    del new
    gc.collect()
    alone = Game(RULES, PARTY, seed=3)
    alone.reply(REPLIES[0])
    alone.reply(REPLIES[4])
    assert [turn.to_json() for turn in game.turns] == [turn.to_json() for turn in alone.turns]
    assert game.state == alone.state


@pytest.mark.parametrize("path", GOLDEN, ids=[path.stem for path in GOLDEN])
def test_a_prompt_from_the_kept_recaps_is_the_prompt_of_the_whole_turns(path: Path) -> None:
    game = run_transcript(load_transcript(path)).game
    game.player("I wait.")  # a turn after the last reply: its recap drafted from the turn as it is read
    gc.collect()  # nothing holds the results: the last reply's answers and tags are derived when read
    for turn in range(game.turns[-1].position + 1):
        whole = [_whole(one) for one in game.turns]
        expected = build_prompt(
            game.state_at(turn),
            game.rules,
            recap_turns(whole, turn),
            game.renderer,
            game.budgets,
            game._counter(),
        )
        assert game.prompt_at(turn) == expected


def _same_fields_set(one: Any, two: Any) -> bool:
    """Whether ``one`` and ``two`` hold the same models with the same fields set, all the way down."""
    if isinstance(one, BaseModel):
        return (
            type(one) is type(two)
            and one.model_fields_set == two.model_fields_set
            and all(
                _same_fields_set(one.__dict__[name], two.__dict__[name]) for name in type(one).model_fields
            )
        )
    if isinstance(one, tuple):
        return len(one) == len(two) and all(map(_same_fields_set, one, two))
    if isinstance(one, dict):
        return one.keys() == two.keys() and all(_same_fields_set(one[key], two[key]) for key in one)
    return bool(one == two)


def test_a_shed_snapshot_is_read_back_equal_with_the_same_fields_set_and_the_same_while_it_lives() -> None:
    game = Game(RULES, PARTY, seed=3)
    start = game.state
    results = [
        game.reply(f"Night {turn}. {REPLIES[turn % len(REPLIES)]}") for turn in range(3 * SNAPSHOT_EVERY)
    ]
    assert game.state_at(0) is start  # held: the very state
    for position in range(0, len(results) - 1, SNAPSHOT_EVERY):
        was = start if position == 0 else results[position - 1].state
        state = game.state_at(position)
        assert state is was and _same_fields_set(state, was)
    kept = {position: results[position - 1].state.model_dump_json() for position in (SNAPSHOT_EVERY, 32)}
    for position, state in [(0, start), *((p, results[p - 1].state) for p in kept)]:
        assert _same_fields_set(game.state_at(position), state)
    sets = {position: results[position - 1].state.model_fields_set for position in kept}
    del results, start, was, state
    gc.collect()
    for position, dumped in kept.items():
        again = game.state_at(position)  # nobody holds the state it was: read back from its packed form
        assert again.model_dump_json() == dumped and again.model_fields_set == sets[position]
        assert type(again).model_validate(again.model_dump()) == again
        assert game.state_at(position) is again and game.turns[position - 1].state is again
