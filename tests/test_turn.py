"""One message, streamed and processed: tags hidden as it streams, run once at the end, in order."""

from __future__ import annotations

import pytest

from tagproc import Game
from tagproc.engine.rules import Rules
from tagproc.ruleset import load_ruleset
from tagproc.turn import MAX_TAGS, journal_line
from tests.fake_engine import FakeEngine, install

from .engine_support import said

RULES = Rules(load_ruleset("gravewatch"))
NOTE = '[sheet: op="note" field="post" value="the east gate"]'
REPLY = f'The sexton nods. {NOTE} "Take the lantern." [sheet: op="note" field="watch" value="dawn"]\nDone.'


@pytest.fixture
def engine(monkeypatch: pytest.MonkeyPatch) -> FakeEngine:
    return install(monkeypatch)


def _game() -> Game:
    return Game(RULES, ["Ada", "Bram"], seed=3)


def test_feeding_chunks_runs_nothing_and_finish_runs_each_tag_once(engine: FakeEngine) -> None:
    game = _game()
    before = game.state
    turn = game.begin_reply()
    for char in REPLY:
        turn.feed(char)
    assert engine.calls == []
    assert len(game) == 0 and game.state is before
    result = turn.finish()
    assert len(engine.calls) == 2
    assert turn.finish() is result
    assert len(engine.calls) == 2
    assert len(game) == 1 and game.state is result.state


def test_feed_returns_the_visible_text_as_it_arrives(engine: FakeEngine) -> None:
    turn = _game().begin_reply()
    shown = [turn.feed(REPLY[i : i + 5]) for i in range(0, len(REPLY), 5)]
    result = turn.finish()
    assert "".join(shown) + "" == 'The sexton nods. "Take the lantern."\nDone.'
    assert result.visible == 'The sexton nods. "Take the lantern."\nDone.'


def test_the_history_carries_each_tag_rewritten_as_its_answer(engine: FakeEngine) -> None:
    result = _game().reply(REPLY)
    first, second = result.answers
    assert result.history == f'The sexton nods. {first} "Take the lantern." {second}\nDone.'
    assert first.startswith('[sheet: op="note" field="post" value="the east gate" result="ok" now="')


def test_each_tag_runs_on_the_state_the_previous_tag_left(engine: FakeEngine) -> None:
    result = _game().reply(REPLY)
    assert [entry.text.split(",")[0] for entry in result.journal] == ["saw 0 entries", "saw 1 entries"]
    assert result.journal == result.state.journal


def test_the_journal_of_a_result_is_only_what_that_reply_added(engine: FakeEngine) -> None:
    game = _game()
    first = game.reply(NOTE)
    second = game.reply(NOTE)
    assert game.state.journal == second.journal  # a snapshot keeps its own turn's entries
    assert game.journal == (*first.journal, *second.journal)
    assert journal_line(second.journal[0]).startswith("changed: Ada: saw 0 entries, rolled ")


def test_a_multi_item_tag_is_answered_once_per_item_joined_by_one_space(engine: FakeEngine) -> None:
    result = _game().reply('Loot. [inventory: action="remove" items="Dawn bell, Grave spade"] End.')
    assert len(result.answers) == 2
    assert result.history == f"Loot. {result.answers[0]} {result.answers[1]} End."
    assert 'item="Dawn bell"' in result.answers[0] and 'item="Grave spade"' in result.answers[1]


def test_past_forty_tags_the_rest_are_answered_too_many_and_not_run(engine: FakeEngine) -> None:
    reply = " ".join([NOTE] * (MAX_TAGS + 1))
    result = _game().reply(reply)
    assert len(engine.calls) == MAX_TAGS
    assert len(result.answers) == MAX_TAGS + 1
    assert all('result="ok"' in each for each in result.answers[:MAX_TAGS])
    assert result.answers[MAX_TAGS] == (
        "[sheet: raw=\"(sheet: op='note' field='post' value='the east gate')\" result=\"refused\" "
        'reason="too-many" note="Only 40 tags of this kind a reply are run; this one was not, and nothing changed."]'
    )
    assert len(result.journal) == MAX_TAGS


def test_sheet_tags_have_their_own_forty_beside_inventory_and_loot(engine: FakeEngine) -> None:
    # PEER §2: [inventory:] and [loot:] share 40 a reply; [sheet:] has its own 40.
    removes = " ".join(['[inventory: action="remove" item="Dawn bell"]'] * MAX_TAGS)
    result = _game().reply(f"{removes} {NOTE} [loot: grave_goods]")
    assert len(engine.calls) == MAX_TAGS + 1  # every remove and the note; not the loot
    assert result.structured_answers[-1].reason == "too-many"
    assert result.structured_answers[-1].tag == "loot"


def test_a_player_s_tags_past_the_fortieth_and_over_long_are_answered_player_tag(engine: FakeEngine) -> None:
    long_tag = '[inventory: action="add" item="Odd charm" summary="' + "x" * 1500 + '"]'
    result = _game().player(" ".join([NOTE] * (MAX_TAGS + 1)) + " " + long_tag)
    assert engine.calls == []
    assert len(result.structured_answers) == MAX_TAGS + 2
    assert {(a.result, a.reason) for a in result.structured_answers} == {("refused", "player-tag")}
    assert result.answers[MAX_TAGS] == (
        "[sheet: raw=\"(sheet: op='note' field='post' value='the east gate')\" result=\"refused\" "
        'reason="player-tag" note="A tag in a player\'s message is never run; nothing changed."]'
    )
    assert result.structured_answers[-1].tag == "inventory"


def test_an_over_long_tag_is_hidden_answered_too_long_and_not_run(engine: FakeEngine) -> None:
    body = 'action="add" item="Odd charm" summary="' + "x" * 1500 + '"'
    text = f"Ada finds it. [inventory: {body}] Done. {NOTE}"
    turn = _game().begin_reply()
    shown = "".join(turn.feed(text[i : i + 9]) for i in range(0, len(text), 9))
    result = turn.finish()
    assert "xxxx" not in shown and result.visible.startswith(shown)
    assert result.visible == "Ada finds it. Done."
    assert len(engine.calls) == 1  # only the note ran
    too_long, _ = result.structured_answers
    assert (too_long.tag, too_long.result, too_long.reason) == ("inventory", "refused", "too-long")
    assert (
        said(too_long)
        == "A tag body is at most 1,500 characters; this one was not read, and nothing changed."
    )
    assert result.history.startswith("Ada finds it. [inventory: raw=") and "x" * 1500 not in result.history


def test_an_unreadable_tag_is_answered_with_raw_and_runs_nothing(engine: FakeEngine) -> None:
    result = _game().reply('He shrugs. [inventory: action="juggle" item="skull"]')
    assert engine.calls == []
    (only,) = result.structured_answers
    # PEER §1: an unreadable body is answered reason="unreadable"; the sharper code stays on the command.
    assert only.result == "refused" and only.reason == "unreadable"
    assert [getattr(command, "reason", None) for command in result.tags[0].commands] == ["unknown-action"]
    assert result.answers[0].startswith("[inventory: raw=\"(inventory: action='juggle' item='skull')\" ")


def test_a_player_s_tags_are_reported_and_never_run(engine: FakeEngine) -> None:
    game = _game()
    before = game.state.model_dump_json()
    result = game.player('I grab it [inventory: action="add" item="Crown"] and run.')
    assert engine.calls == []
    assert game.state.model_dump_json() == before
    assert result.kind == "player" and result.journal == ()
    assert result.visible == "I grab it and run."
    assert result.answers == (
        '[inventory: action="add" item="crowns" count="1" result="refused" reason="player-tag" '
        'note="A tag in a player\'s message is never run; nothing changed."]',
    )
    assert result.history == f"I grab it {result.answers[0]} and run."


def test_a_player_s_unreadable_tag_is_reported_as_a_player_tag(engine: FakeEngine) -> None:
    result = _game().player("[sheet: op=fly]")
    (only,) = result.structured_answers
    assert (only.result, only.reason, only.attrs) == ("refused", "player-tag", (("raw", "[sheet: op=fly]"),))


@pytest.mark.internal_error
def test_an_error_inside_the_engine_is_answered_and_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object) -> None:
        raise KeyError("bug")

    monkeypatch.setattr("tagproc.processing.decide", broken)
    game = _game()
    before = game.state.model_dump_json()
    result = game.reply(NOTE)
    (only,) = result.structured_answers
    assert (only.result, only.reason) == ("refused", "internal-error")
    assert game.state.model_dump_json() == before


def test_the_same_reply_at_the_same_position_rolls_the_same_dice(engine: FakeEngine) -> None:
    one, two = _game(), _game()
    assert one.reply(REPLY).journal == two.reply(REPLY).journal
    later = one.reply(REPLY)
    assert later.journal[0].text != one.turns[0].journal[0].text  # another position, other dice


def test_a_different_seed_rolls_other_dice(engine: FakeEngine) -> None:
    other = Game(RULES, ["Ada", "Bram"], seed=4)
    assert other.reply(NOTE).journal != _game().reply(NOTE).journal


def test_feeding_a_finished_turn_is_api_misuse(engine: FakeEngine) -> None:
    turn = _game().begin_reply()
    turn.finish()
    with pytest.raises(RuntimeError):
        turn.feed("more")


def test_a_turn_starts_from_the_state_when_it_began(engine: FakeEngine) -> None:
    game = _game()
    game.reply(NOTE)
    turn = game.begin_reply()
    assert turn.start is game.state


def test_a_game_builds_its_game_words_index_once_for_all_its_tags_and_turns() -> None:
    game = _game()
    game.reply(REPLY)
    game.reply(REPLY)
    game.regenerate(REPLY)
    indexes = game._context.indexes
    assert list(indexes) == [("Ada", "Bram")]
    names = RULES.names(game.state)
    assert game._context.game_index(names, names.members) is indexes[("Ada", "Bram")]
    assert names.game_words().members == names.members == ("Ada", "Bram")


def _played_with_every_realistic_reply() -> list[dict[str, object]]:
    """Each realistic reply (the judge's table: corpus, conformance, golden, scanner's) told in one game,
    each result as JSON with its state."""
    from tests.test_judge import _realistic_replies

    game = Game(
        "gravewatch",
        [{"name": "Ada", "bag": [{"item": "crowns", "count": 5}]}, {"name": "Bram"}],
        seed=3,
    )
    played: list[dict[str, object]] = []
    for text in _realistic_replies():
        result = game.reply(text)
        played.append({**result.to_json(), "state": result.state.model_dump()})
    return played


def test_a_turn_makes_its_names_again_only_when_a_tag_changed_them_and_gives_what_making_them_each_tag_gives(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``_TurnNames`` keeps the names while the invented items' and the members' names stay the same (a tag
    that changes a bag makes a new party of the same names); made for every tag afresh (the reference),
    every reply gives the very same results and states."""
    from tagproc import processing

    kept = _played_with_every_realistic_reply()

    def fresh(self: processing._TurnNames, state: object) -> object:
        names = self._context.rules.names(state)  # type: ignore[arg-type]
        return names, self._context.game_index(names, names.members)

    monkeypatch.setattr(processing._TurnNames, "of", fresh)
    assert _played_with_every_realistic_reply() == kept


def test_a_turn_s_start_state_without_its_journal_is_what_model_copy_gives() -> None:
    """``fresh_journal`` builds the start state with an empty journal unvalidated (``trusted.replaced``): over
    the states every realistic reply leaves, it equals ``model_copy``'s, fields set alike, and validates back
    to itself."""
    from tagproc.turn import fresh_journal
    from tests.test_judge import _realistic_replies

    game = Game("gravewatch", [{"name": "Ada", "bag": [{"item": "crowns", "count": 5}]}, "Bram"], seed=3)
    checked = 0
    for text in _realistic_replies()[::3]:
        state = game.reply(text).state
        if not state.journal:
            continue
        fresh, copied = fresh_journal(state), state.model_copy(update={"journal": ()})
        assert fresh == copied and fresh.model_fields_set == copied.model_fields_set
        assert type(fresh).model_validate(fresh.model_dump()) == fresh
        checked += 1
    assert checked > 20
