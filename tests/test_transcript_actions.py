"""Transcript action turns (``tagproc.transcript_actions``): use, gear, edit and fight read from YAML, every
problem with its dotted path, the references checked at load time, the line ``tagproc run`` prints, and a run
with ``use`` turns end to end (the engine's gear, edits and fight are not needed here)."""

from __future__ import annotations

import json
import textwrap
from importlib import resources
from pathlib import Path

import pytest

from tagproc import TranscriptError, run_transcript, transcript_actions
from tagproc.actions import EditAction, FightAction, GearAction, Shot, Spent, UseAction, Used
from tagproc.transcript import Transcript, TranscriptTurn, parse_transcript, play
from tagproc.transcript_actions import AnyAction, describe_action

GRAVEWATCH = """\
ruleset: gravewatch
seed: 7
party:
  - name: Ada
    sheet: {abilities: {nerve: 3}, pools: {resolve: 1}}
    bag: [{item: Warming tonic, count: 2}, {item: crowns, count: 1}]
  - Bram
turns:
"""
EMBER = """\
ruleset: ember-roads
party:
  - name: Ada
    bag: [{item: Hunting bow}, {item: Arrows, count: 10}, {item: Poultice, count: 2}, {item: Lucky stone}]
  - Bram
turns:
"""


def _load(head: str, turns: str) -> Transcript:
    return parse_transcript(head + textwrap.indent(textwrap.dedent(turns), "  "), "t.yaml")


def _problems(head: str, turns: str) -> list[str]:
    with pytest.raises(TranscriptError) as caught:
        _load(head, turns)
    return [str(problem) for problem in caught.value.problems]


# -- the shape -------------------------------------------------------------------------------------


def test_each_action_kind_loads_into_its_action_with_the_names_as_written() -> None:
    transcript = _load(
        EMBER,
        """\
        - use: {item: poultice, who: Ada}
        - edit: {give: {item: Poultice, count: 1, who: Ada, to: bram}}
        - edit: {merge: {item: Arrows}}
        - fight:
            outcome: won
            defeated: [Rust Jackal, rust-jackal]
            shot: [{who: Ada, weapon: Hunting bow, count: 5}]
            spent: [{item: Poultice}]
            used: [{who: Ada, item: Poultice, count: 1}]
        """,
    )
    assert [turn.kind for turn in transcript.turns] == ["use", "edit", "edit", "fight"]
    assert [turn.text for turn in transcript.turns] == [""] * 4
    assert [turn.action for turn in transcript.turns] == [
        UseAction(item="poultice", who="Ada"),
        EditAction(action="give", item="Poultice", count=1, who="Ada", to="bram"),
        EditAction(action="merge", item="Arrows"),
        FightAction(
            outcome="won",
            defeated=("Rust Jackal", "rust-jackal"),
            shot=(Shot(who="Ada", weapon="Hunting bow", count=5),),
            spent=(Spent(item="Poultice"),),
            used=(Used(who="Ada", item="Poultice", count=1),),
        ),
    ]


def test_a_gear_turn_loads_its_options_picks_and_again() -> None:
    transcript = _load(
        GRAVEWATCH,
        """\
        - gear: {gear: gravedigger, who: Bram, options: [two warming tonics], again: true}
        - gear: {gear: Keepsakes, picks: [kit/silver-nail]}
        """,
    )
    assert [turn.action for turn in transcript.turns] == [
        GearAction(gear="gravedigger", who="Bram", options=("two warming tonics",), again=True),
        GearAction(gear="Keepsakes", picks=("kit/silver-nail",)),
    ]


def test_a_message_turn_has_no_action() -> None:
    transcript = _load(EMBER, "- gm: Hello.\n- player: Hi.\n")
    assert transcript.turns == (TranscriptTurn("gm", "Hello."), TranscriptTurn("player", "Hi."))


BAD_SHAPES = [
    pytest.param(
        "- use: Poultice\n",
        ["turns.0.use: a use turn is a mapping of keys (item, who)"],
        id="use-not-a-mapping",
    ),
    pytest.param("- use: {who: Ada}\n", ["turns.0.use.item: missing"], id="use-without-item"),
    pytest.param(
        "- use: {item: Poultice, colour: red}\n",
        ["turns.0.use.colour: unknown key (expected one of item, who)"],
        id="use-unknown-key",
    ),
    pytest.param(
        "- use: {item: Poultice, kind: gear}\n",
        ["turns.0.use.kind: unknown key (expected one of item, who)"],
        id="use-kind-written-inside",
    ),
    pytest.param(
        "- use: {item: 12}\n", ["turns.0.use.item: a name (text; quote it in the YAML)"], id="use-number"
    ),
    pytest.param(
        "- use: {item: ''}\n", ["turns.0.use.item: string should have at least 1 character"], id="empty"
    ),
    pytest.param(
        "- use: {item: '  '}\n- fight: {outcome: lost, shot: [{weapon: Hunting bow, who: ' '}], defeated: ['']}\n",
        [
            "turns.0.use.item: a name with nothing but spaces in it",
            "turns.1.fight.defeated.0: a name with nothing but spaces in it",
            "turns.1.fight.shot.0.who: a name with nothing but spaces in it",
        ],
        id="blank-names",
    ),
    pytest.param(
        "- gear: {gear: Outfit, options: A bow, again: 1}\n",
        ["turns.0.gear.options: a list", "turns.0.gear.again: true or false"],
        id="gear-wrong-types",
    ),
    pytest.param(
        "- gear: {options: [A bow, 3]}\n",
        ["turns.0.gear.gear: missing", "turns.0.gear.options.1: a name (text; quote it in the YAML)"],
        id="gear-without-gear-and-a-number-option",
    ),
    pytest.param(
        "- edit: {add: {item: Poultice}, remove: {item: Arrows}}\n",
        [
            "turns.0.edit: an edit is one verb and its keys: {VERB: {item, ...}} "
            "(add, remove, give, equip, unequip, bind, unbind, split, merge)"
        ],
        id="edit-two-verbs",
    ),
    pytest.param(
        "- edit: {drop: {item: Poultice}}\n",
        [
            "turns.0.edit.drop: unknown edit (expected one of add, remove, give, equip, unequip, bind, unbind, "
        ],
        id="edit-unknown-verb",
    ),
    pytest.param(
        "- edit: {add: Poultice}\n",
        ["turns.0.edit.add: an edit's keys are a mapping (item, count, who, to)"],
        id="edit-keys-not-a-mapping",
    ),
    pytest.param(
        "- edit: {add: {item: Poultice, count: '3'}}\n- edit: {add: {item: Poultice, count: 0}}\n",
        ["turns.0.edit.add.count: a whole number", "turns.1.edit.add.count: greater than or equal to 1"],
        id="edit-bad-counts",
    ),
    pytest.param(
        "- edit: {add: {item: Poultice, count: true}}\n",
        ["turns.0.edit.add.count: a whole number"],
        id="edit-count-a-boolean",
    ),
    pytest.param(
        "- edit: {add: {item: Poultice, action: remove}}\n",
        ["turns.0.edit.add.action: unknown key (expected one of item, count, who, to)"],
        id="edit-action-written-inside",
    ),
    pytest.param(
        "- edit: {give: {item: Poultice}}\n",
        ["turns.0.edit.give.to: missing: a give names who receives it"],
        id="give-without-receiver",
    ),
    pytest.param(
        "- edit: {remove: {item: Poultice, to: Bram}}\n",
        ["turns.0.edit.remove.to: only a give has a receiver (to)"],
        id="receiver-of-a-remove",
    ),
    pytest.param(
        "- fight: {outcome: draw}\n",
        ["turns.0.fight.outcome: one of 'won', 'lost' or 'fled'"],
        id="fight-unknown-outcome",
    ),
    pytest.param(
        "- fight: {defeated: Rust Jackal}\n",
        ["turns.0.fight.outcome: missing", "turns.0.fight.defeated: a list"],
        id="fight-without-outcome",
    ),
    pytest.param(
        "- fight: {outcome: won, shot: [{weapon: Hunting bow, count: 0, bow: 1}], used: [{who: Ada}]}\n",
        [
            "turns.0.fight.shot.0.count: greater than or equal to 1",
            "turns.0.fight.shot.0.bow: unknown key (expected one of who, weapon, count)",
            "turns.0.fight.used.0.item: missing",
        ],
        id="fight-bad-steps",
    ),
    pytest.param(
        "- fight: {outcome: won, spent: [Poultice], loot: []}\n",
        [
            "turns.0.fight.spent.0: a mapping of keys",
            "turns.0.fight.loot: unknown key (expected one of outcome, defeated, shot, spent, used)",
        ],
        id="fight-step-not-a-mapping",
    ),
    pytest.param(
        "- use: {item: Poultice}\n- regenerate: Again.\n",
        ["turns.1.regenerate: no Game Master reply before it to regenerate"],
        id="regenerate-after-only-actions",
    ),
    pytest.param(
        "- sing: {item: Poultice}\n",
        [
            "turns.0.sing: unknown turn kind (expected gm, player, regenerate) or action (use, gear, edit, fight)"
        ],
        id="unknown-kind",
    ),
]


@pytest.mark.parametrize(("turns", "problems"), BAD_SHAPES)
def test_an_action_turn_of_the_wrong_shape_is_every_problem_with_its_path(
    turns: str, problems: list[str]
) -> None:
    found = _problems(EMBER, turns)
    assert len(found) == len(problems), found
    for got, wanted in zip(found, problems, strict=True):
        assert got.startswith(wanted)


def test_problems_of_several_turns_are_all_reported_in_order() -> None:
    assert _problems(
        EMBER,
        """\
        - use: {}
        - gm: Fine.
        - fight: {outcome: lost, spent: [{item: Poultice, charges: 101}]}
        - edit: {split: {item: Arrows, count: -2}}
        """,
    ) == [
        "turns.0.use.item: missing",
        "turns.2.fight.spent.0.charges: less than or equal to 100",
        "turns.3.edit.split.count: greater than or equal to 1",
    ]


# -- the references --------------------------------------------------------------------------------


BAD_REFERENCES = [
    pytest.param(
        "- use: {item: Frying pan}\n",
        ["turns.0.use.item: names no item of the ruleset or of the game: 'Frying pan'"],
        id="unknown-item",
    ),
    pytest.param(
        "- use: {item: Poultice, who: Cora}\n",
        ["turns.0.use.who: names nobody in the party: 'Cora'"],
        id="unknown-user",
    ),
    pytest.param(
        "- edit: {give: {item: Poultice, who: Cora, to: Dee}}\n",
        [
            "turns.0.edit.give.who: names nobody in the party: 'Cora'",
            "turns.0.edit.give.to: names nobody in the party: 'Dee'",
        ],
        id="unknown-giver-and-receiver",
    ),
    pytest.param(
        "- edit: {remove: {item: Frying pan}}\n",
        ["turns.0.edit.remove.item: names no item of the ruleset or of the game: 'Frying pan'"],
        id="remove-of-nothing",
    ),
    pytest.param(
        """\
        - fight:
            outcome: won
            shot: [{who: Cora, weapon: Sling}]
            spent: [{item: Bell of nothing}]
            used: [{item: Poultice}, {who: Dee, item: Rope}]
        """,
        [
            "turns.0.fight.shot.0.who: names nobody in the party: 'Cora'",
            "turns.0.fight.shot.0.weapon: names no item of the ruleset or of the game: 'Sling'",
            "turns.0.fight.spent.0.item: names no item of the ruleset or of the game: 'Bell of nothing'",
            "turns.0.fight.used.1.who: names nobody in the party: 'Dee'",
            "turns.0.fight.used.1.item: names no item of the ruleset or of the game: 'Rope'",
        ],
        id="fight-steps",
    ),
    pytest.param(
        "- use: {item: Bone whistle}\n- gm: You find a bone whistle.\n",
        ["turns.0.use.item: names no item of the ruleset or of the game: 'Bone whistle'"],
        id="named-before-the-gm-told-it",
    ),
    pytest.param(
        "- player: 'I pick up the bone whistle [inventory: action=add item=\"Bone whistle\"]'\n"
        "- use: {item: Bone whistle}\n",
        ["turns.1.use.item: names no item of the ruleset or of the game: 'Bone whistle'"],
        id="named-only-by-the-player",
    ),
]


@pytest.mark.parametrize(("turns", "problems"), BAD_REFERENCES)
def test_an_action_naming_nothing_is_refused_at_load_with_its_path(turns: str, problems: list[str]) -> None:
    assert _problems(EMBER, turns) == problems


def test_a_gear_for_nobody_in_the_party_is_refused_at_load() -> None:
    assert _problems(GRAVEWATCH, "- gear: {gear: Keepsakes, who: Cora, picks: [Silver coffin nail]}\n") == [
        "turns.0.gear.who: names nobody in the party: 'Cora'"
    ]


def test_names_the_game_could_hold_by_then_are_no_problem() -> None:
    transcript = _load(
        EMBER,
        """\
        - use: {item: lucky stone}                      # a plain item in a starting bag, any case
        - use: {item: outfitter/poultice, who: ada}     # catalog/entry; a member in any case
        - edit: {give: {item: marks, count: 3, to: Bram}}  # a coin by its label
        - edit: {add: {item: Lucky penny}}              # a plain add is the engine's to answer
        - edit: {give: {item: lucky penny, to: Bram}}   # ...and is held from then on
        - gm: 'Bram finds a Bone_Whistle in the ash. [inventory: action=add item="Bone whistle" who=Bram]'
        - fight:
            outcome: fled
            used: [{who: Bram, item: bone whistle}]
            shot: [{weapon: hunting-bow, count: 2}]
        """,
    )
    assert len(transcript.turns) == 7


def test_a_name_in_any_earlier_reply_or_regenerate_counts_and_one_in_a_later_reply_does_not() -> None:
    transcript = _load(
        EMBER,
        """\
        - gm: 'Nothing yet.'
        - regenerate: 'Two tin whistles lie in the ash.'
        - use: {item: Tin whistle}
        - use: {item: tin-whistle, who: Bram}
        """,
    )
    assert len(transcript.turns) == 4
    assert _problems(
        EMBER,
        """\
        - gm: 'A tin cup and a whistle.'
        - use: {item: Tin whistle}
        - gm: 'And a tin whistle.'
        - use: {item: Tin whistle}
        - use: {item: Copper tin whistle}
        """,
    ) == [
        "turns.1.use.item: names no item of the ruleset or of the game: 'Tin whistle'",
        "turns.4.use.item: names no item of the ruleset or of the game: 'Copper tin whistle'",
    ]


def test_past_the_reading_budget_a_name_is_given_the_benefit_of_the_doubt(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    turns = "- gm: 'A tin cup.'\n- use: {item: Tin whistle}\n- use: {item: Bone whistle}\n"
    monkeypatch.setattr(transcript_actions, "READING_BUDGET", len("a tin cup."))  # enough for one look
    assert _problems(EMBER, turns) == [
        "turns.1.use.item: names no item of the ruleset or of the game: 'Tin whistle'"
    ]


def test_a_gear_s_name_line_is_held_from_the_turn_it_is_taken(tmp_path: Path) -> None:
    ruleset = json.loads(resources.files("tagproc").joinpath("rulesets", "srd-5e.json").read_text("utf-8"))
    busker = {"id": "busker", "label": "Busker", "lines": [{"name": "Tin whistle"}]}
    ruleset["items"]["startingGear"].append(busker)
    (tmp_path / "mine.json").write_text(json.dumps(ruleset), encoding="utf-8")
    head = "ruleset: mine.json\nparty: [Ada]\nturns:\n"
    with pytest.raises(TranscriptError) as caught:
        parse_transcript(
            head + "  - use: {item: Tin whistle}\n  - gear: {gear: busker}\n", "t.yaml", tmp_path
        )
    assert [str(p) for p in caught.value.problems] == [
        "turns.0.use.item: names no item of the ruleset or of the game: 'Tin whistle'"
    ]
    taken = head + "  - gear: {gear: Busker}\n  - edit: {remove: {item: tin whistle}}\n"
    assert len(parse_transcript(taken, "t.yaml", tmp_path).turns) == 2


def test_a_loot_table_and_a_bestiary_creature_by_label_or_id_are_no_problem() -> None:
    assert (
        len(_load(GRAVEWATCH, "- fight: {outcome: won, defeated: [grave_goods, Grave goods]}\n").turns) == 1
    )
    assert len(_load(EMBER, "- fight: {outcome: won, defeated: [Rust Jackal, cinder-moth]}\n").turns) == 1


class TestReferencesTheEngineChecks:
    """The gear's and the fight's own reference checks, reported at load with the turn's path
    (``gear_problems``, ``fight_problems``)."""

    def test_an_unknown_gear_is_a_problem_at_its_key(self) -> None:
        assert _paths(GRAVEWATCH, "- gear: {gear: Tailor}\n") == ["turns.0.gear.gear"]

    def test_an_option_the_gear_does_not_offer_is_a_problem_at_its_index(self) -> None:
        assert _paths(GRAVEWATCH, "- gear: {gear: Gravedigger, options: [A fur hat]}\n") == [
            "turns.0.gear.options.0"
        ]

    def test_a_pick_outside_its_one_of_line_is_a_problem_at_its_index(self) -> None:
        assert _paths(GRAVEWATCH, "- gear: {gear: Keepsakes, picks: [Lantern coat]}\n") == [
            "turns.0.gear.picks.0"
        ]

    def test_a_gear_taken_without_its_option_is_a_problem_of_its_options(self) -> None:
        found = _paths(GRAVEWATCH, "- gear: {gear: gravedigger}\n")
        assert found and all(path.startswith("turns.0.gear.options") for path in found)

    def test_an_unknown_creature_or_table_is_a_problem_at_its_index(self) -> None:
        assert _paths(EMBER, "- fight: {outcome: won, defeated: [Rust Jackal, Sand Dragon]}\n") == [
            "turns.0.fight.defeated.1"
        ]

    def test_the_engine_s_problems_come_with_the_transcript_s_own(self) -> None:
        found = _paths(
            GRAVEWATCH, "- gear: {gear: Tailor, who: Cora}\n- fight: {outcome: won, defeated: [x]}\n"
        )
        assert found == ["turns.0.gear.who", "turns.0.gear.gear", "turns.1.fight.defeated.0"]


def _paths(head: str, turns: str) -> list[str]:
    return [problem.split(":", 1)[0] for problem in _problems(head, turns)]


# -- the line tagproc run prints -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "line"),
    [
        pytest.param(UseAction(item="Warming tonic"), "use: Warming tonic", id="use"),
        pytest.param(UseAction(item="Poultice", who="Bram"), "use: Poultice (Bram)", id="use-who"),
        pytest.param(GearAction(gear="Acolyte"), "gear: Acolyte", id="gear"),
        pytest.param(
            GearAction(
                gear="Fighter",
                who="Ada",
                options=("Chain mail", "Pick one"),
                picks=("Longsword",),
                again=True,
            ),
            "gear: Fighter (Ada); options Chain mail, Pick one; picks Longsword; again",
            id="gear-all",
        ),
        pytest.param(
            EditAction(action="give", item="Poultice", count=2, who="Ada", to="Bram"),
            "edit: give Poultice ×2 (Ada) to Bram",
            id="edit-give",
        ),
        pytest.param(EditAction(action="merge", item="Arrows"), "edit: merge Arrows", id="edit-merge"),
        pytest.param(FightAction(outcome="lost"), "fight: lost", id="fight-lost"),
        pytest.param(
            FightAction(
                outcome="won",
                defeated=("Rust Jackal", "Cinder Moth"),
                shot=(Shot(who="Ada", weapon="Hunting bow", count=5),),
                spent=(Spent(item="Dawn bell"), Spent(who="Bram", item="Dawn bell", charges=2)),
                used=(Used(item="Poultice"),),
            ),
            "fight: won; defeated Rust Jackal, Cinder Moth; shot Hunting bow ×5 (Ada); "
            "spent Dawn bell 1 charge, Dawn bell 2 charges (Bram); used Poultice ×1",
            id="fight-won",
        ),
    ],
)
def test_an_action_is_said_in_one_line(action: AnyAction, line: str) -> None:
    assert describe_action(action) == line


# -- running use turns -----------------------------------------------------------------------------


def test_use_turns_run_as_the_use_button_with_their_answers_journal_and_action() -> None:
    result = run_transcript(
        _load(
            GRAVEWATCH,
            "- use: {item: warming tonic}\n- gm: Warm again.\n- use: {item: Warming tonic, who: Ada}\n",
        )
    )
    assert [kind for kind, _ in result.turns] == ["use", "gm", "use"]
    first = result.to_json()["turns"][0]
    assert first == {
        "kind": "use",
        "action": {"kind": "use", "item": "warming tonic", "who": None},
        "visible": "",
        "history": "",
        "answers": [
            '[inventory: action="use" item="Warming tonic" count="1" result="ok" now="1" note="Ada uses Warming '
            'tonic: finds no mark to clear (Harm 0/4); gets back 1 Resolve (Resolve 2/5). 1 left."]'
        ],
        "journal": ["used: Ada: Warming tonic"],
        "tags": [],
    }
    assert (
        result.turns[2][1]
        .answers[0]
        .startswith('[inventory: action="use" item="Warming tonic" count="1" who="Ada" result="ok" now="0"')
    )
    assert result.holdings() == {"Ada": {"crowns": 1}, "Bram": {}}


def test_a_use_refused_by_the_engine_is_its_answer_and_changes_nothing() -> None:
    result = run_transcript(_load(EMBER, "- use: {item: Lucky stone, who: Bram}\n"))
    ((_, turn),) = result.turns
    assert turn.answers[0].startswith(
        '[inventory: action="use" item="Lucky stone" count="1" who="Bram" result="refused"'
    )
    assert turn.journal == ()
    assert result.game.state == result.game.state_at(0)


def test_a_regenerate_runs_the_later_actions_again_on_the_new_telling() -> None:
    result = run_transcript(
        _load(
            EMBER,
            """\
            - gm: 'Two more. [inventory: action=add item=Poultice count=2 who=Bram]'
            - use: {item: Poultice, who: Bram}
            - regenerate: 'Only one. [inventory: action=add item=Poultice count=1 who=Bram]'
            """,
        )
    )
    assert [kind for kind, _ in result.turns] == ["gm", "use", "regenerate"]
    assert [turn.kind for turn in result.game.turns] == ["gm", "use"]
    assert (
        result.game.turns[1]
        .answers[0]
        .startswith('[inventory: action="use" item="Poultice" count="1" who="Bram" result="ok" now="0"')
    )
    assert result.holdings()["Bram"] == {}


def test_play_runs_a_message_and_an_action_alike(tmp_path: Path) -> None:
    transcript = _load(
        EMBER, "- gm: 'Here. [inventory: action=add item=Poultice]'\n- use: {item: Poultice}\n"
    )
    game = transcript.game()
    for turn in transcript.turns:
        play(game, turn, chunk=3)
    assert [t.kind for t in game.turns] == ["gm", "use"]
    assert game.turns[1].action == UseAction(item="Poultice")
    assert run_transcript(transcript).holdings() == {
        "Ada": {"Hunting bow": 1, "Arrows": 10, "Poultice": 2, "Lucky stone": 1},
        "Bram": {},
    }


def test_a_transcript_with_actions_runs_to_identical_json_whole_or_streamed() -> None:
    transcript = _load(
        GRAVEWATCH,
        "- gm: 'A tonic. [inventory: action=add item=\"Warming tonic\"]'\n- use: {item: Warming tonic}\n"
        "- regenerate: 'Nothing.'\n",
    )
    whole = json.dumps(run_transcript(transcript).to_json(), ensure_ascii=False)
    assert json.dumps(run_transcript(transcript).to_json(), ensure_ascii=False) == whole
    assert json.dumps(run_transcript(transcript, chunk=1).to_json(), ensure_ascii=False) == whole
