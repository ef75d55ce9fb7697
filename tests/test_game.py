"""Games: turns measured from the turn start, regenerated replies, snapshots per turn, independent games."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from tagproc import Game, GameState, Member, PartyError, TurnResult
from tagproc.engine.rules import Rules
from tagproc.engine.state import Stack
from tagproc.game import _recap_parts, _recap_view
from tagproc.processing import TagRecord
from tagproc.prompt.recap import recap_draft
from tagproc.repairs import Repair
from tagproc.ruleset import load_ruleset
from tagproc.syntax import read_tag
from tagproc.transcript import load_transcript, run_transcript
from tests.conformance.run import load_cases, play
from tests.corpus.cases import ALL_CASES
from tests.corpus.harness import _play
from tests.fake_engine import FakeEngine, install

RULESET = load_ruleset("gravewatch")
RULES = Rules(RULESET)
PARTY: list[dict[str, Any] | str] = [
    {"name": "Ada", "sheet": {"pools": {"resolve": 1}}, "bag": [{"item": "crowns", "count": 1}]},
    "Bram",
]
TELLING_A = 'A first telling. [sheet: op="note" field="post" value="north"] [sheet: op="rest" rest="vigil"]'
TELLING_B = 'A second telling. [sheet: op="spend" pool="resolve" amount="1"]'


@pytest.fixture
def engine(monkeypatch: pytest.MonkeyPatch) -> FakeEngine:
    return install(monkeypatch)


def _game() -> Game:
    return Game(RULES, PARTY, seed=11)


def _results(game: Game) -> str:
    return json.dumps([turn.to_json() for turn in game.turns], ensure_ascii=False)


@pytest.mark.parametrize(
    "fake", [pytest.param(True, id="fake-engine"), pytest.param(False, id="real-engine")]
)
def test_telling_a_then_regenerating_b_equals_telling_b_alone(
    fake: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if fake:
        install(monkeypatch)
    swiped, alone = _game(), _game()
    swiped.reply('Before. [sheet: op="damage" track="harm" amount="1"]')
    alone.reply('Before. [sheet: op="damage" track="harm" amount="1"]')
    swiped.reply(TELLING_A)
    regenerated = swiped.regenerate(TELLING_B)
    told = alone.reply(TELLING_B)
    assert regenerated == told
    assert swiped.state.model_dump_json() == alone.state.model_dump_json()
    assert _results(swiped) == _results(alone)
    assert [swiped.state_at(i).model_dump_json() for i in range(3)] == [
        alone.state_at(i).model_dump_json() for i in range(3)
    ]


def test_a_regenerated_reply_keeps_the_player_messages_after_it(engine: FakeEngine) -> None:
    game = _game()
    game.reply(TELLING_A)
    game.player('I look around. [inventory: action="add" item="Crown"]')
    new = game.regenerate(TELLING_B)
    assert [turn.kind for turn in game.turns] == ["gm", "player"]
    assert game.turns[0] == new
    assert game.turns[1].text == 'I look around. [inventory: action="add" item="Crown"]'
    assert game.turns[1].state is new.state is game.state
    assert game.state_at(1) is new.state


def test_regenerating_with_no_reply_told_is_refused(engine: FakeEngine) -> None:
    game = _game()
    game.player("Hello.")
    with pytest.raises(ValueError, match="no Game Master reply"):
        game.regenerate("A telling.")


def test_a_streamed_regenerate_runs_from_the_replaced_reply_s_start(engine: FakeEngine) -> None:
    game = _game()
    game.reply(TELLING_A)
    turn = game.begin_regenerate()
    assert turn.start is game.state_at(0)
    for char in TELLING_B:
        turn.feed(char)
    assert game.turns[0].text == TELLING_A  # nothing replaced until the new telling ends
    turn.finish()
    assert [t.text for t in game.turns] == [TELLING_B]


def test_state_at_gives_the_state_each_turn_began_from(engine: FakeEngine) -> None:
    game = _game()
    start = game.state
    results = [game.reply(TELLING_A), game.player("Hm."), game.reply(TELLING_B)]
    assert game.state_at(0) is start
    assert [game.state_at(index + 1) for index in range(3)] == [result.state for result in results]
    # From the last reply on, the very states the turns made; before it, one played again (tagproc.history),
    # the same object when read again
    assert game.state_at(2) is results[1].state and game.state_at(3) is results[2].state is game.state
    assert game.state_at(1) is game.state_at(1)
    assert len(game.journal) == 3
    assert [len(game.state_at(i).journal) for i in range(4)] == [0, 2, 2, 1]
    with pytest.raises(IndexError):
        game.state_at(4)
    with pytest.raises(IndexError):
        game.state_at(-1)


def test_a_turn_begun_before_another_was_committed_cannot_be_committed(engine: FakeEngine) -> None:
    game = _game()
    stale = game.begin_reply()
    game.reply(TELLING_A)
    stale.feed(TELLING_B)
    with pytest.raises(RuntimeError, match="another turn"):
        stale.finish()
    assert [turn.text for turn in game.turns] == [TELLING_A]


def test_games_interleaved_are_independent(engine: FakeEngine) -> None:
    one, two = _game(), _game()
    for text in (TELLING_A, TELLING_B):
        one.reply(text)
        two.reply(text)
        two.reply(text)
    single = _game()
    for text in (TELLING_A, TELLING_B):
        single.reply(text)
    assert _results(one) == _results(single)
    assert one.state.model_dump_json() == single.state.model_dump_json()
    assert one.renderer is not two.renderer


def test_a_party_may_be_members_mappings_or_names() -> None:
    ada = Member(name="Ada", bag=(Stack(name="crowns", count=2, coin="crown"),))
    game = Game("gravewatch", [ada, {"name": "Bram", "bag": [{"item": "warming tonic", "count": 7}]}, "Cole"])
    assert game.state.party[0] is ada
    assert [(s.name, s.count, s.item) for s in game.state.party[1].bag] == [
        ("Warming tonic", 6, "kit/warming-tonic"),
        ("Warming tonic", 1, "kit/warming-tonic"),
    ]
    assert game.state.party[2] == Member(name="Cole")


def test_a_game_takes_a_ruleset_by_name_path_or_value(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    shipped = resources.files("tagproc").joinpath("rulesets", "gravewatch.json").read_text(encoding="utf-8")
    path.write_text(shipped, encoding="utf-8")
    games = [Game(source, ["Ada"]) for source in ("gravewatch", path, str(path), RULESET, RULES)]
    assert all(isinstance(game.state, GameState) for game in games)
    assert all(game.rules.ruleset.name == "Gravewatch" for game in games)


def test_a_bad_party_is_refused_with_every_problem_and_its_path() -> None:
    with pytest.raises(PartyError) as caught:
        Game(
            RULES,
            [
                {"name": "Ada", "sheet": {"pools": {"grit": 2}}, "bag": [{"item": "frying pan"}]},
                {"name": "ada"},
                {
                    "name": "Bram",
                    "bag": [{"item": "Dawn bell", "charges": 9}, {"item": "crowns", "count": 0}],
                },
            ],
        )
    assert [str(p) for p in caught.value.problems] == [
        "party.0.sheet.pools.grit: the ruleset's sheet has no such id (it has resolve)",
        'party.0.bag.0.item: "frying pan" is no item or coin of this ruleset, which refuses plain items',
        "party.2.bag.0.charges: it holds at most 3 charges",
        "party.2.bag.1.count: a count is a whole number of at least 1",
    ]


def test_member_names_are_unique_in_any_case() -> None:
    with pytest.raises(PartyError, match=re.escape('party.1.name: "ada" is already member 0')):
        Game(RULES, ["Ada", "ada"])


def test_an_empty_party_is_refused() -> None:
    with pytest.raises(PartyError, match="at least one member"):
        Game(RULES, [])


# -- the last reply as its recap reads it ---------------------------------------------------------------


@pytest.fixture
def replies(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Game, TurnResult]]:
    """Every Game Master reply committed while a test runs, with its game."""
    found: list[tuple[Game, TurnResult]] = []
    push = Game._push

    def recorded(self: Game, result: TurnResult) -> None:
        if result.kind == "gm":
            found.append((self, result))
        push(self, result)

    monkeypatch.setattr(Game, "_push", recorded)
    return found


def _assert_recaps_alike(replies: list[tuple[Game, TurnResult]]) -> None:
    """The recap of each reply from what a game keeps of it is the recap of the reply itself."""
    assert replies
    for game, reply in replies:
        view = _recap_view(reply, _recap_parts(reply))
        assert recap_draft([view], game.rules) == recap_draft([reply], game.rules)
        assert view.structured_answers == reply.structured_answers and view.answers == reply.answers
        assert [(tag.raw, tag.answers, tag.skipped) for tag in view.tags] == [
            (tag.raw, tag.answers, tag.skipped) for tag in reply.tags
        ]


GOLDEN = sorted((Path(__file__).resolve().parent.parent / "golden").glob("*.yaml"))


def test_a_reply_s_recap_from_what_the_game_keeps_is_its_own_over_the_golden_transcripts(
    replies: list[tuple[Game, TurnResult]],
) -> None:
    for path in GOLDEN:
        run_transcript(load_transcript(path))
    _assert_recaps_alike(replies)


def test_a_reply_s_recap_from_what_the_game_keeps_is_its_own_over_the_conformance_cases(
    replies: list[tuple[Game, TurnResult]],
) -> None:
    for case in load_cases():
        play(case)
    _assert_recaps_alike(replies)


def test_a_reply_s_recap_from_what_the_game_keeps_is_its_own_over_the_corpus(
    replies: list[tuple[Game, TurnResult]],
) -> None:
    for case in ALL_CASES:
        _play(case, case.sloppy)
        if case.canonical is not None:
            _play(case, case.canonical)
    _assert_recaps_alike(replies)


# -- a tag's record, built the short way ----------------------------------------------------------------


@pytest.fixture
def told(monkeypatch: pytest.MonkeyPatch) -> list[TurnResult]:
    """Every turn committed while a test runs (replies and player messages alike)."""
    found: list[TurnResult] = []
    push = Game._push

    def recorded(self: Game, result: TurnResult) -> None:
        found.append(result)
        push(self, result)

    monkeypatch.setattr(Game, "_push", recorded)
    return found


def _reference_repairs(read: tuple[Repair, ...], commands: tuple[Any, ...]) -> tuple[Repair, ...]:
    """A record's repairs as ``processing._record`` gathered them before its shortcut: the reader's, then each
    command's past the reader's it starts with, each once."""
    repairs = list(read)
    for command in commands:
        made = command.repairs
        if read and made[: len(read)] == read:
            made = made[len(read) :]
        for repair in made:
            if repair not in repairs:
                repairs.append(repair)
    return tuple(repairs)


def _assert_records_as_built_the_long_way(turns: list[TurnResult]) -> None:
    records = [record for turn in turns for record in turn.tags]
    assert len(records) > 50 and any(record.repairs for record in records)
    for record in records:
        fields = {name: getattr(record, name) for name in TagRecord.__dataclass_fields__}
        long_way = TagRecord(**fields)
        assert record == long_way and repr(record) == repr(long_way) and hash(record) == hash(long_way)
        assert type(record) is TagRecord
        if record.skipped not in ("too-many", "too-long"):  # a tag read (those two are answered unread)
            reading = read_tag(record.raw)
            assert record.repairs == _reference_repairs(reading.repairs, record.commands)


def test_each_tag_record_is_the_one_built_the_long_way_over_the_golden_transcripts(
    told: list[TurnResult],
) -> None:
    for path in GOLDEN:
        run_transcript(load_transcript(path))
    _assert_records_as_built_the_long_way(told)


def test_each_tag_record_is_the_one_built_the_long_way_over_the_conformance_cases_and_the_corpus(
    told: list[TurnResult],
) -> None:
    for case in load_cases():
        play(case)
    for corpus_case in ALL_CASES:
        _play(corpus_case, corpus_case.sloppy)
        if corpus_case.canonical is not None:
            _play(corpus_case, corpus_case.canonical)
    _assert_records_as_built_the_long_way(told)
