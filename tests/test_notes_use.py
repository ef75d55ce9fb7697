"""Tests for the notes of use, gate, charges, rest and the sheet ops: every code those engine modules can
say has a macro in ``prompts/notes/`` that says the engine's words exactly, and a changed macro changes only
its own wording (STYLE.md "Facts, then words")."""

from __future__ import annotations

import re
import shutil
from functools import cache
from pathlib import Path

import pytest

from tagproc import commands as c
from tagproc.engine.decide import decide
from tagproc.engine.dice import Dice
from tagproc.engine.outcome import Accepted
from tagproc.engine.state import GameState, Member
from tagproc.notes import Note, note
from tagproc.render import Renderer, prompts_path

from .engine_support import bell, rules_for

ENGINE = Path(__file__).resolve().parent.parent / "tagproc" / "engine"
MODULES = ("use", "gate", "charges", "rest", "sheet", "sheet_ops", "dice")
_CODE = re.compile(r'\bnote\(\s*"([a-z_]+\.[a-z_]+)"')


def grit(current: int, top: int = 11, temp: int = 0) -> Note:
    return note("sheet.pool", label="Grit", current=current, max=top, temp=temp)


def resolve(current: int, top: int = 4) -> Note:
    return note("sheet.pool", label="Resolve", current=current, max=top, temp=0)


def harm(value: int, rung: str | None = None) -> Note:
    return note("sheet.track", label="Harm", value=value, max=4, rung=rung)


RATTLED = note("use.lasts", condition="Rattled", rounds=2)
STEEL = note("use.save", save="Steel", against=7, then="negates")
GATE_FAILED = note("gate.rolled", label="Ward", total=1, difficulty=2, passed=False)
RESTS = (("vigil", "Stand down from the vigil"), ("breather", "Catch your breath"))
KINDS = (("knock", "K"), ("tear", "T"))

# Each note with realistic facts, and the words the engine said for it before it said facts.
SAID: tuple[tuple[Note, str], ...] = (
    # use
    (
        note(
            "use.used",
            who="Juno",
            item="Poultice",
            parts=(note("use.heals", gained=4, label="Grit", line=grit(6)),),
        ),
        "Juno uses Poultice: heals 4 (Grit 6/11).",
    ),
    (
        note("use.used", who="Ada", item="Odd charm", parts=()),
        "Ada uses Odd charm: nothing the rules work out.",
    ),
    (
        note(
            "use.used",
            who="Ada",
            item="Warming tonic",
            parts=(
                note("use.mark", cleared=True, line=harm(1, "Scuffed")),
                note("use.gets_back", gained=1, label="Resolve", line=resolve(2)),
            ),
        ),
        "Ada uses Warming tonic: clears a mark (Harm 1/4, Scuffed); gets back 1 Resolve (Resolve 2/4).",
    ),
    (note("use.left", held=2), "2 left."),
    (note("use.left", held=0), "None left."),
    (
        note("use.checked", check=GATE_FAILED, passed=False),
        "Ward check 1 against 2, failed; it is used up for nothing",
    ),
    (
        note(
            "use.checked",
            check=note("gate.rolled", label="Ward", total=2, difficulty=2, passed=True),
            passed=True,
        ),
        "Ward check 2 against 2, passed",
    ),
    (note("use.aimed", does=()), "aimed at the other side, it lands on nobody outside a fight; narrate it"),
    (
        note("use.aimed", does=(STEEL, RATTLED)),
        "aimed at the other side, it lands on nobody outside a fight; narrate it: "
        "a Steel save against 7 negates it, Rattled for 2 rounds",
    ),
    (note("use.amount", dice="2d6", flat=1, type="coldfire", attack=True), "deals 2d6+1 coldfire damage"),
    (note("use.amount", dice="1d4", flat=-1, type="fire", attack=False), "1d4-1 fire"),
    (note("use.amount", dice=None, flat=3, type=None, attack=True), "deals 3 damage"),
    (note("use.amount", dice="2d6", flat=0, type=None, attack=False), "2d6"),
    (STEEL, "a Steel save against 7 negates it"),
    (note("use.save", save=None, against=None, then=None), "a a save"),
    (RATTLED, "Rattled for 2 rounds"),
    (note("use.lasts", condition="Shaken", rounds=None), "Shaken"),
    (note("use.heals", gained=1, label="Harm", line=harm(3)), "heals 1 (Harm 3/4)"),
    (
        note("use.gets_back", gained=1, label="Resolve", line=resolve(5, 5)),
        "gets back 1 Resolve (Resolve 5/5)",
    ),
    (note("use.already_full", label="Grit", current=11, max=11), "Grit is already full (11/11)"),
    (note("use.heals_no_health", amount=3), "heals 3, but the sheet keeps no health"),
    (note("use.mark", cleared=False, line=harm(0)), "finds no mark to clear (Harm 0/4)"),
    (note("use.temporary", amount=3, line=grit(5, 7, 3)), "3 temporary points (Grit 5/7 (+3 temporary))"),
    (
        note("use.temporary_no_pool", amount=2),
        "2 temporary points, but the sheet has no health pool for them",
    ),
    (note("use.kept_off", keeper="Dawn bell", condition="Rattled"), "Dawn bell keeps Rattled off"),
    (note("use.put_on", condition="Wounded"), "Wounded is on"),
    (note("use.none_held", who="Ada", item="Poultice"), "Ada holds no Poultice."),
    (
        note("use.not_ruleset_item", item="Rope"),
        "Rope is not an item of this ruleset: it has no use the rules work out; narrate it.",
    ),
    (note("use.no_use", item="Grave spade"), "Grave spade has no use the rules work out; narrate it."),
    (
        note("use.only_while", item="Dawn bell", worn=True, bound=True),
        "Dawn bell is used only while it is worn and bound.",
    ),
    (note("use.only_while", item="Ring", worn=False, bound=True), "Ring is used only while it is bound."),
    (note("use.only_while", item="Shield", worn=True, bound=False), "Shield is used only while it is worn."),
    # gate
    (GATE_FAILED, "Ward check 1 against 2, failed"),
    (note("gate.rolled", label=None, total=3, difficulty=2, passed=True), "Check check 3 against 2, passed"),
    (note("gate.no_difficulty", item="Odd charm"), "Odd charm's check has no difficulty to roll against."),
    # charges
    (note("charges.left", left=2, max=3), "2 of 3 charges left."),
    (note("charges.broke"), "Its last charge spent, it breaks."),
    (note("charges.none_left", item="Dawn bell", left=0, max=3), "Dawn bell has 0 of 3 charges left."),
    # sheet
    (grit(5, 7, 3), "Grit 5/7 (+3 temporary)"),
    (harm(2, "Winded"), "Harm 2/4, Winded"),
    (note("sheet.reads", line=resolve(1)), "Resolve 1/4."),
    (note("sheet.reads", line=harm(4, "Down")), "Harm 4/4, Down."),
    (note("sheet.bad_amount"), "An amount is a whole number of at least 1."),
    (note("sheet.past_max", more=2), "2 more would pass its maximum."),
    (note("sheet.temp_kept", larger=3), "Temporary points do not add up: the larger (3) stays."),
    (note("sheet.soaked", amount=3), "3 taken off temporary points first."),
    (note("sheet.track_left_out", track="harm"), 'track="harm" was left out: the damage went to the pool.'),
    (note("sheet.down_to_zero", who="Ada", pool="Resolve"), "Ada's Resolve is down to 0."),
    (note("sheet.did_not_fit", more=2, track="Harm"), "2 more did not fit: Harm is full."),
    (
        note("sheet.no_kinds", track="Heat", kind="fire"),
        'Heat takes no kinds of harm; kind="fire" was ignored.',
    ),
    (
        note("sheet.unknown_kind", track="Harm", kind="burn", kinds=KINDS),
        'Harm has no kind "burn" (knock (K), tear (T)); marked without one.',
    ),
    (note("sheet.held_to", low=0, top=4, asked=-2), "Held to 0..4 (-2 asked)."),
    (note("sheet.held_to", low="0.5", top=None, asked="-3"), "Held to 0.5..any (-3 asked)."),
    (
        note("sheet.unknown_pool", name="luck", known=(("resolve", "Resolve"),)),
        'No pool is called "luck"; the sheet has resolve (Resolve).',
    ),
    (note("sheet.unknown_track", name="heat", known=()), 'No track is called "heat"; the sheet has none.'),
    (
        note(
            "sheet.unknown_condition", name="poisoned", known=(("rattled", "Rattled"), ("marked", "Marked"))
        ),
        'No condition is called "poisoned"; the sheet has rattled (Rattled), marked (Marked).',
    ),
    (
        note("sheet.unknown_field", name="oath", known=(("post", "Post"),)),
        'No field is called "oath"; the sheet has post (Post).',
    ),
    (
        note("sheet.immune", keeper="Dawn bell", condition="Rattled", who="Ada"),
        "Dawn bell keeps Rattled off Ada.",
    ),
    (note("sheet.already", condition="Marked", on=True), "Marked is already on."),
    (note("sheet.already", condition="Rattled", on=False), "Rattled is already off."),
    (
        note("sheet.immunity_ends", condition="Rattled", keeper="Dawn bell"),
        "Rattled is off: Dawn bell keeps it off.",
    ),
    (note("sheet.not_yes_no", field="Sworn", written="maybe"), 'Sworn is yes or no, not "maybe".'),
    (
        note("sheet.not_one_of", field="Watch", values=("dusk", "night", "dawn"), written="noon"),
        'Watch is one of dusk, night, dawn, not "noon".',
    ),
    (note("sheet.too_long", field="Post", most=60), "Post takes at most 60 characters."),
    (note("sheet.not_a_number", field="Lantern oil", written="lots"), 'Lantern oil is a number, not "lots".'),
    # rest
    (note("rest.no_rests"), "This ruleset has no rests."),
    (
        note(
            "rest.now",
            rest="Make camp",
            restored=(
                note("sheet.pool", label="Grit", current=7, max=7, temp=1),
                note("sheet.track", label="Harm", value=0, max=4, rung=None),
                note("rest.state", state="Stance", value="Steady"),
                note("rest.off", condition="Shaken"),
                note("rest.charges", item="Dawn bell", now=3, max=3),
            ),
        ),
        "Make camp: Grit 7/7 (+1 temporary), Harm 0/4, Stance Steady, Shaken is off, Dawn bell 3/3 charges",
    ),
    (note("rest.now", rest="Catch your breath", restored=()), "Catch your breath: nothing came back"),
    (note("rest.off", condition="Rattled"), "Rattled is off"),
    (note("sheet.pool_now", current=3, max=4, temp=0), "3/4"),
    (note("sheet.pool_now", current=3, max=4, temp=2), "3/4 +2 temp"),
    (note("rest.state", state="Stance", value="Steady"), "Stance Steady"),
    (note("rest.charges", item="Dawn bell", now=2, max=3), "Dawn bell 2/3 charges"),
    (
        note("rest.name_it", rests=RESTS),
        "Name the rest: vigil (Stand down from the vigil), breather (Catch your breath).",
    ),
    (
        note("rest.unknown", name="nap", rests=RESTS),
        'No rest is called "nap"; this ruleset has vigil (Stand down from the vigil), breather (Catch your breath).',
    ),
    (
        note("rest.lists_not_kept", lists="tricks"),
        "Sheet lists are not kept here, so the tricks were not recharged.",
    ),
    (note("rest.step_skipped"), "One restore step names nothing the live sheet keeps; it was skipped."),
    (note("rest.no_pool", name="luck"), 'The rest names a pool "luck" the sheet does not have; skipped.'),
    (note("rest.no_track", name="heat"), 'The rest names a track "heat" the sheet does not have; skipped.'),
    (
        note("rest.kind_left", track="Harm", kind="knock"),
        'Harm marks are not kept by kind, so its knock marks were left for the GM (op="track").',
    ),
    (note("rest.no_state", name="mood"), 'The rest names a state "mood" the sheet does not have; skipped.'),
    (note("rest.no_value", state="Stance", value="calm"), 'Stance has no value "calm"; skipped.'),
)


@cache
def shipped() -> Renderer:
    return Renderer()


def codes_in(note_: Note) -> set[str]:
    """A note's code and the codes of the notes nested in its facts."""
    found = {note_.code}
    for _, value in note_.facts:
        for part in value if isinstance(value, tuple) else (value,):
            if isinstance(part, Note):
                found |= codes_in(part)
    return found


def test_every_code_the_modules_say_is_in_the_table() -> None:
    said = {
        code for module in MODULES for code in _CODE.findall((ENGINE / f"{module}.py").read_text("utf-8"))
    }
    assert said  # the pattern still finds them
    assert said <= {code for one, _ in SAID for code in codes_in(one)}


@pytest.mark.parametrize(("said", "words"), SAID, ids=[f"{one.code}-{i}" for i, (one, _) in enumerate(SAID)])
def test_each_note_is_said_in_the_engines_own_words(said: Note, words: str) -> None:
    assert shipped().say(said) == words


def _edited(tmp_path: Path) -> Renderer:
    """The shipped templates copied, with the words of ``charges.left`` changed."""
    folder = tmp_path / "prompts"
    shutil.copytree(str(prompts_path()), folder)
    template = folder / "notes" / "charges.jinja"
    text = template.read_text("utf-8")
    macro = "{% macro left(left, max) %}{{ left }} of {{ max }} charges left.{% endmacro %}"
    assert macro in text
    template.write_text(
        text.replace(macro, "{% macro left(left, max) %}{{ left }}/{{ max }} charges remain.{% endmacro %}"),
        "utf-8",
    )
    return Renderer(folder)


def test_a_changed_macro_changes_only_its_own_wording(tmp_path: Path) -> None:
    edited = _edited(tmp_path)
    for said, words in SAID:
        expected = "2/3 charges remain." if said.code == "charges.left" else words
        assert edited.say(said) == expected, said.code


def test_a_changed_macro_changes_that_wording_in_a_whole_answer(tmp_path: Path) -> None:
    state = GameState(party=(Member(name="Ada", bag=(bell(worn=True, bound=True),)),))
    command = c.Use(item=c.ItemRef(name="Dawn bell", label="Dawn bell"))
    decision = decide(state, command, rules_for("gravewatch"), Dice(0))
    assert isinstance(decision, Accepted)
    before = shipped().render_answer(decision.answers[0])
    after = _edited(tmp_path).render_answer(decision.answers[0])
    assert before.endswith('Rattled for 2 rounds. 2 of 3 charges left."]')
    assert after == before.replace("2 of 3 charges left.", "2/3 charges remain.")
