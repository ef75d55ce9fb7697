"""Saved games: save, JSON and back give the very same game (every golden transcript, byte for byte), a
loaded game plays on as the original would, a document is checked whole with paths, and loading replays once."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tagproc import Game
from tagproc.acting import run_action
from tagproc.cli import main
from tagproc.engine.rules import Rules
from tagproc.history import SNAPSHOT_EVERY
from tagproc.ruleset import Ruleset, load_ruleset
from tagproc.saved import SAVE_FORMAT, SaveError, is_saved_game, replay, snapshot_of
from tagproc.transcript import Transcript, load_transcript, run_transcript
from tagproc.turn import Turn, TurnResult

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
TRANSCRIPTS = sorted(GOLDEN.glob("*.yaml"))
SHIPPED = ("gravewatch", "ember-roads", "srd-5e")
NEXT_REPLY = (
    'On the road. [inventory: action="add" item="Warming tonic" count="1"] '
    '[inventory: action="earn" amount="1 shilling"] [sheet: op="note" field="post" value="east"]'
)


def _transcript(path: Path) -> Transcript:
    return load_transcript(path)


def _ruleset_for(transcript: Transcript) -> Rules | None:
    """None for a shipped ruleset (the document names it), else the transcript's own rules."""
    return None if transcript.rules.ruleset.id in SHIPPED else transcript.rules


def _through_json(doc: dict[str, Any]) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(json.dumps(doc, ensure_ascii=False))
    return loaded


def _said(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)


def _gravewatch_doc(replies: int = 2) -> dict[str, Any]:
    game = Game("gravewatch", [{"name": "Ada", "bag": [{"item": "shillings", "count": 3}]}, "Bram"], seed=5)
    for n in range(replies):
        game.reply(f'Turn {n}. [inventory: action="add" item="Warming tonic" count="1"]')
    game.use("Warming tonic", "Ada")
    game.regenerate('A new telling. [inventory: action="pay" amount="1 shilling"]')
    return _through_json(game.save())


# -- the round trip ---------------------------------------------------------------------------------


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=[p.stem for p in TRANSCRIPTS])
def test_every_golden_transcript_replays_byte_identically_from_its_saved_game(path: Path) -> None:
    transcript = _transcript(path)
    original = run_transcript(transcript)
    doc = _through_json(original.game.save())
    again = replay(doc, _ruleset_for(transcript))
    assert _said(again.to_json()) == _said(original.to_json())
    assert again.game.events == original.game.events
    assert _through_json(again.game.save()) == doc


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=[p.stem for p in TRANSCRIPTS])
def test_a_loaded_game_takes_a_new_reply_exactly_as_the_original_would(path: Path) -> None:
    transcript = _transcript(path)
    original = run_transcript(transcript).game
    loaded = Game.load(_through_json(original.save()), _ruleset_for(transcript))
    assert loaded.state == original.state
    assert [t.to_json() for t in loaded.turns] == [t.to_json() for t in original.turns]
    first, second = original.reply(NEXT_REPLY), loaded.reply(NEXT_REPLY)
    assert second.to_json() == first.to_json()
    assert second.state == first.state
    assert loaded.prompt().blocks == original.prompt().blocks
    assert loaded.save() == original.save()


def test_a_loaded_game_regenerates_and_acts_as_the_original_would() -> None:
    doc = _gravewatch_doc()
    original = Game.load(doc)
    loaded = Game.load(_through_json(original.save()))
    for game in (original, loaded):
        game.edit("give", "Warming tonic", 1, who="Ada", to="Bram")
        game.regenerate('A third telling. [inventory: action="earn" amount="2 shillings"]')
    assert [t.to_json() for t in loaded.turns] == [t.to_json() for t in original.turns]
    assert loaded.state == original.state


def test_replaying_streamed_in_chunks_gives_the_same_json() -> None:
    doc = _gravewatch_doc()
    assert _said(replay(doc, chunk=3).to_json()) == _said(replay(doc).to_json())


def test_the_saved_document_has_the_contract_s_keys_and_the_party_as_it_began() -> None:
    doc = _gravewatch_doc()
    assert list(doc) == ["format", "version", "ruleset", "layers", "seed", "party", "events"]
    assert doc["format"] == SAVE_FORMAT and doc["version"] == 1 and doc["seed"] == 5
    assert doc["ruleset"]["id"] == "gravewatch" and doc["ruleset"]["version"] == 2
    assert len(doc["ruleset"]["hash"]) == 64
    assert [member["name"] for member in doc["party"]] == ["Ada", "Bram"]
    assert [stack["count"] for stack in doc["party"][0]["bag"]] == [3]  # as it began, not as it is
    assert [event["kind"] for event in doc["events"]] == ["gm", "gm", "use", "regenerate"]
    assert is_saved_game(doc) and not is_saved_game({"ruleset": "gravewatch"})


def test_changing_a_saved_document_changes_nothing_of_the_game() -> None:
    game = Game("gravewatch", ["Ada"])
    game.use("Warming tonic")
    doc = game.save()
    doc["events"][0]["action"]["item"] = "Poultice"
    assert game.events[0]["action"]["item"] == "Warming tonic"


def test_layers_are_saved_and_loaded_with_the_game() -> None:
    game = Game("gravewatch", ["Ada"], seed=2, layers=["long_night"])
    game.reply('Night falls. [inventory: action="add" item="Warming tonic"]')
    doc = _through_json(game.save())
    assert doc["layers"] == ["long_night"]
    loaded = Game.load(doc)
    assert loaded.rules is game.rules  # the shared rules of (gravewatch, long_night)
    assert loaded.state == game.state


def test_a_snapshot_in_the_document_is_checked_against_the_replay() -> None:
    game = Game.load(_gravewatch_doc())
    doc = _through_json({**game.save(), "snapshot": snapshot_of(game)})
    assert Game.load(doc).state == game.state
    doc["snapshot"]["state"]["party"][0]["name"] = "Zed"
    with pytest.raises(SaveError) as caught:
        Game.load(doc)
    assert str(caught.value) == (
        "saved game: snapshot.state: the state after 4 event(s) is not the state the events replay to "
        "(the log and its snapshot disagree)"
    )


def test_load_passes_the_loader_s_budgets_and_token_counter_on() -> None:
    def count(text: str) -> int:
        return len(text.split())

    game = Game.load(_gravewatch_doc(), budgets={"inventory": 99}, count_tokens=count)
    assert game.budgets["inventory"] == 99
    assert game.prompt().blocks  # built with the counter given


# -- refusals ---------------------------------------------------------------------------------------


def _changed(ruleset: Ruleset, **update: Any) -> Ruleset:
    return ruleset.model_copy(update=update)


def test_another_ruleset_id_is_refused_with_both_ids() -> None:
    with pytest.raises(SaveError) as caught:
        Game.load(_gravewatch_doc(), "ember-roads")
    assert str(caught.value) == (
        "saved game: ruleset.id: saved with id 'gravewatch', the ruleset given has id 'ember-roads'"
    )
    assert [p.path for p in caught.value.problems] == ["ruleset.id"]


def test_another_ruleset_version_is_refused_with_both_versions() -> None:
    newer = _changed(load_ruleset("gravewatch"), version=3)
    with pytest.raises(SaveError) as caught:
        Game.load(_gravewatch_doc(), newer)
    assert str(caught.value) == (
        "saved game: ruleset.version: saved with version 2, the ruleset given has version 3"
    )


def test_a_ruleset_changed_under_the_same_version_is_refused_by_its_hash() -> None:
    doc = _gravewatch_doc()
    changed = _changed(load_ruleset("gravewatch"), name="Gravewatch, edited")
    with pytest.raises(SaveError) as caught:
        Game.load(doc, changed)
    (found,) = caught.value.problems
    assert found.path == "ruleset.hash"
    assert doc["ruleset"]["hash"] in found.message
    assert "gravewatch version 2 was changed since" in found.message


def test_a_ruleset_file_that_was_edited_since_is_refused_by_its_hash(tmp_path: Path) -> None:
    source = GOLDEN / "market-charms.json"
    copy = tmp_path / "charms.json"
    copy.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    game = Game(copy, ["Ada"])
    game.reply("Hello.")
    doc = _through_json(game.save())
    assert Game.load(doc, copy).state == game.state
    data = json.loads(copy.read_text(encoding="utf-8"))
    data["name"] = data["name"] + " (edited)"
    copy.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError) as caught:
        Game.load(doc, copy)
    assert [p.path for p in caught.value.problems] == ["ruleset.hash"]


def test_a_ruleset_that_is_not_shipped_must_be_given() -> None:
    game = Game(GOLDEN / "market-charms.json", ["Ada"])
    with pytest.raises(SaveError) as caught:
        Game.load(game.save())
    assert str(caught.value) == (
        'saved game: ruleset.id: "market-charms" is not a shipped ruleset (ember-roads, gravewatch, srd-5e): '
        "give the ruleset the game was saved with"
    )


def test_rules_given_with_other_layers_are_refused() -> None:
    with pytest.raises(SaveError) as caught:
        Game.load(_gravewatch_doc(), Rules(load_ruleset("gravewatch"), ["long_night"]))
    assert str(caught.value) == "saved game: layers: saved with layers [], the Rules given has ['long_night']"


@pytest.mark.parametrize(
    ("change", "said"),
    [
        pytest.param(
            {"version": 2},
            "version: saved by a newer tagproc (format version 2; this one reads up to 1)",
            id="newer-version",
        ),
        pytest.param(
            {"version": "1"},
            "version: an unknown format version: '1' (this tagproc reads 1)",
            id="version-text",
        ),
        pytest.param(
            {"version": 0}, "version: an unknown format version: 0 (this tagproc reads 1)", id="version-zero"
        ),
        pytest.param(
            {"format": "tagproc-transcript"},
            "format: not a saved game: \"tagproc-game\" expected, got 'tagproc-transcript'",
            id="other-format",
        ),
    ],
)
def test_a_document_of_another_format_or_a_newer_version_is_refused_before_anything_else(
    change: dict[str, Any], said: str
) -> None:
    doc = {**_gravewatch_doc(), **change, "events": "whatever a newer version holds"}
    with pytest.raises(SaveError) as caught:
        Game.load(doc)
    assert str(caught.value) == f"saved game: {said}"


Change = Callable[[dict[str, Any]], None]


def _set(path: str, value: Any) -> Change:
    def change(doc: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = doc
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return change


def _drop(key: str) -> Change:
    def change(doc: dict[str, Any]) -> None:
        del doc[key]

    return change


MALFORMED: list[Any] = [
    pytest.param(_set("events.2.action.item", 5), ["events.2.action.item: a text"], id="action-item-type"),
    pytest.param(
        _set("events.2.action", {"kind": "use", "item": "Tonic", "how": "fast"}),
        ["events.2.action.how: unknown key"],
        id="action-unknown-key",
    ),
    pytest.param(
        _set("events.2.action", {"kind": "gear", "item": "Tonic"}),
        ["events.2.action.kind: one of 'use'"],
        id="action-of-another-kind",
    ),
    pytest.param(
        _set("events.2.action", {"kind": "use"}), ["events.2.action.item: missing"], id="action-item-missing"
    ),
    pytest.param(
        _set("events.0", {"kind": "zap", "text": "x"}),
        [
            "events.0.kind: an unknown event kind 'zap' (expected one of gm, player, regenerate, use, gear, edit, fight)"
        ],
        id="unknown-kind",
    ),
    pytest.param(
        _set("events.1.text", ["a", "list"]), ["events.1.text: the message (a text)"], id="text-type"
    ),
    pytest.param(
        _set("events.1", {"kind": "gm", "text": "x", "when": 3}),
        ["events.1.when: unknown key (a gm event has kind and text)"],
        id="event-unknown-key",
    ),
    pytest.param(
        _set("events.0", {"kind": "regenerate", "text": "x"}),
        ["events.0.kind: a regenerate with no Game Master reply before it"],
        id="regenerate-first",
    ),
    pytest.param(_set("seed", "5"), ["seed: a whole number"], id="seed-text"),
    pytest.param(_set("seed", True), ["seed: a whole number"], id="seed-bool"),
    pytest.param(
        _set("party.0.bag.0.count", "3"), ["party.0.bag.0.count: a whole number"], id="party-count-text"
    ),
    pytest.param(
        _set("party", []), ["party: a list of at least one member (the player first)"], id="no-party"
    ),
    pytest.param(
        _set("party.1.name", "ada"), ['party.1.name: "ada" is already member 0'], id="party-same-name"
    ),
    pytest.param(_set("layers", "long_night"), ["layers: a list of layer ids (texts)"], id="layers-text"),
    pytest.param(
        _set("layers", ["no_such"]),
        ['layers: Unknown layer "no_such"; this ruleset has long_night'],
        id="unknown-layer",
    ),
    pytest.param(
        _set("ruleset.hash", "abc"),
        ["ruleset.hash: the sha256 of the ruleset's content (64 hex digits)"],
        id="hash-shape",
    ),
    pytest.param(
        _set("ruleset", "gravewatch"),
        ["ruleset: an object with id, version and hash"],
        id="ruleset-name-only",
    ),
    pytest.param(
        _set("extra", 1),
        [
            "extra: unknown key (expected one of format, version, ruleset, layers, "
            "seed, party, events, snapshot)"
        ],
        id="unknown-top-key",
    ),
    pytest.param(_drop("events"), ["events: missing"], id="events-missing"),
    pytest.param(
        _set("ruleset", {"version": 2, "hash": "0" * 64}), ["ruleset.id: missing"], id="ruleset-id-missing"
    ),
    pytest.param(
        _set("ruleset.version", True),
        ["ruleset.version: the ruleset's version: a whole number, a text or null"],
        id="ruleset-version-bool",
    ),
    pytest.param(
        _set("ruleset.hash", ""),
        ["ruleset.hash: the sha256 of the ruleset's content (64 hex digits)"],
        id="hash-empty",
    ),
    pytest.param(
        _set("snapshot", {"events": 99, "state": {}}),
        ["snapshot.events: a count of events from 0 to 4, got 99"],
        id="snapshot-past-the-end",
    ),
    pytest.param(
        lambda doc: doc.update(seed="x", events=[{"kind": "use", "action": {"kind": "use", "item": ""}}]),
        ["seed: a whole number", "events.0.action.item: string should have at least 1 character"],
        id="every-problem-at-once",
    ),
]


@pytest.mark.parametrize(("change", "problems"), MALFORMED)
def test_a_malformed_document_is_refused_with_each_problem_and_its_path(
    change: Change, problems: list[str]
) -> None:
    doc = _gravewatch_doc()
    change(doc)
    with pytest.raises(SaveError) as caught:
        Game.load(doc)
    assert [str(p) for p in caught.value.problems] == problems


@pytest.mark.parametrize("doc", [[], "tagproc-game", None, 3], ids=["list", "text", "null", "number"])
def test_a_document_that_is_not_an_object_is_refused(doc: Any) -> None:
    with pytest.raises(SaveError) as caught:
        Game.load(doc)
    assert str(caught.value) == (
        "saved game: a saved game is a JSON object with format, version, ruleset, layers, seed, party, events"
    )


# -- loading replays once ---------------------------------------------------------------------------


def _long_doc(events: int) -> dict[str, Any]:
    """A game of ``events`` events: replies that add and pay, a use every tenth event."""
    game = Game("gravewatch", [{"name": "Ada", "bag": [{"item": "shillings", "count": 50}]}], seed=3)
    doc = game.save()
    for n in range(events):
        if n % 10 == 9:
            doc["events"].append(
                {"kind": "use", "action": {"kind": "use", "item": "Warming tonic", "who": None}}
            )
        elif n % 2:
            doc["events"].append(
                {"kind": "gm", "text": f'Day {n}. [inventory: action="add" item="Warming tonic"]'}
            )
        else:
            doc["events"].append({"kind": "player", "text": f"I walk on ({n})."})
    return doc


def test_a_ten_thousand_event_game_loads_with_one_replay_and_an_old_state_replays_a_few_turns(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    played = {"messages": 0, "actions": 0}
    finish, act, run = Turn.finish, Game.act, run_action

    def counted_finish(self: Turn) -> TurnResult:
        played["messages"] += 1
        return finish(self)

    def counted_act(self: Game, action: Any) -> TurnResult:
        played["actions"] += 1
        return act(self, action)

    def counted_run(*args: Any) -> TurnResult:  # an action a shed state is replayed through
        played["actions"] += 1
        return run(*args)

    monkeypatch.setattr(Turn, "finish", counted_finish)
    monkeypatch.setattr(Game, "act", counted_act)
    monkeypatch.setattr("tagproc.history.run_action", counted_run)
    doc = _long_doc(10_000)
    game = Game.load(doc)
    assert played == {"messages": 9_000, "actions": 1_000}  # each event played once
    assert len(game) == 10_000 and len(game.events) == 10_000
    for _ in range(3):  # reading the game now, its texts and its journal, however often, plays nothing again
        assert game.state.party[0].name == "Ada"
        assert len(game.turns) == 10_000 and game.journal
        assert all(turn.text or turn.action for turn in game.turns)
        assert [turn.visible for turn in game.turns] and [turn.history for turn in game.turns]
        game.prompt()
        game.save()
    assert played == {"messages": 9_000, "actions": 1_000}
    old = game.state_at(5_007)  # a shed state: played again from the snapshot before it, then cached
    replayed = played["messages"] + played["actions"] - 10_000
    assert 0 < replayed <= SNAPSHOT_EVERY - 1
    assert game.state_at(5_007) is old and played["messages"] + played["actions"] == 10_000 + replayed
    game.reply("One more day.")
    assert played["messages"] + played["actions"] == 10_001 + replayed


# -- the command line -------------------------------------------------------------------------------


def test_run_save_writes_a_game_that_run_replays_to_the_same_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "game.json"
    assert main(["run", str(GOLDEN / "between-swipe-fight.yaml"), "--json", "--save", str(saved)]) == 0
    first = capsys.readouterr().out
    assert main(["run", str(saved), "--json"]) == 0
    assert capsys.readouterr().out == first
    assert main(["run", str(saved), "--json", "--chunk", "2"]) == 0
    assert capsys.readouterr().out == first
    assert json.loads(saved.read_text(encoding="utf-8"))["format"] == SAVE_FORMAT


def test_run_reads_a_saved_game_on_stdin_and_a_ruleset_file_by_ruleset(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    saved = tmp_path / "game.json"
    assert main(["run", str(GOLDEN / "market-cursed.yaml"), "--save", str(saved)]) == 0
    first = capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.StringIO(saved.read_text(encoding="utf-8")))
    assert main(["run", "-", "--ruleset", str(GOLDEN / "market-charms.json")]) == 0
    assert capsys.readouterr().out == first


def test_run_refuses_a_bad_saved_game_with_its_problems_and_a_seed_for_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = _gravewatch_doc()
    doc["events"][2]["action"]["item"] = 5
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["run", str(bad)]) == 1
    assert (
        capsys.readouterr().err == f"{bad}: 1 problem(s) in the saved game\n  events.2.action.item: a text\n"
    )
    assert main(["run", str(bad), "--seed", "3"]) == 2
    assert "a saved game keeps the seed" in capsys.readouterr().err
    assert main(["run", str(GOLDEN / "swipe.yaml"), "--ruleset", "gravewatch"]) == 1
    assert "--ruleset is for a saved game" in capsys.readouterr().err
    assert main(["run", str(GOLDEN / "swipe.yaml"), "--save", str(tmp_path / "no" / "such.json")]) == 1
    assert "cannot write it" in capsys.readouterr().err
