"""Helpers for the engine tests: rulesets loaded once, states built by hand, tags and commands run for real.

A tag is read and normalised exactly as the pipeline does (``read_tag`` then ``normalize``), so the tests
see the commands the engine will really get; ``outcome`` runs one command and returns its decision and the
state after (the same state when it was refused).
"""

from __future__ import annotations

import json
from functools import cache

from tagproc.commands import Command, Unreadable
from tagproc.engine.decide import decide
from tagproc.engine.dice import Dice
from tagproc.engine.outcome import Accepted, Answer, Decision, Refused, evolve_all
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState, Member, SheetState, Stack
from tagproc.normalize import normalize
from tagproc.notes import Note, note
from tagproc.render import Renderer
from tagproc.ruleset import load_ruleset
from tagproc.ruleset.load import parse_ruleset, shipped_text
from tagproc.syntax import read_tag
from tagproc.turn import journal_line


@cache
def rules_for(name: str) -> Rules:
    return Rules(load_ruleset(name))


@cache
def variant(name: str, changes: str) -> Rules:
    """A shipped ruleset with its items block changed: ``changes`` is a JSON object of keys to set (a null
    value drops the key), e.g. ``variant("gravewatch", '{"currencies": null}')``."""
    data = json.loads(shipped_text(name) or "{}")
    for key, value in json.loads(changes).items():
        if value is None:
            data["items"].pop(key, None)
        else:
            data["items"][key] = value
    if "currencies" not in data["items"]:  # no money: nothing may be priced or sold either
        for key in ("startingGear", "market", "lootTables"):
            data["items"].pop(key, None)
        for catalog in data["catalogs"]:
            for entry in catalog.get("entries", []) if catalog.get("holds") == "items" else []:
                entry["item"].pop("cost", None)
                entry["item"].pop("sold", None)
                for key in ("service", "passesFor", "tells", "foolsReveal", "risky"):
                    entry["item"].pop(key, None)
    if "slots" not in data["items"]:  # no slots: no item takes one
        for catalog in data["catalogs"]:
            for entry in catalog.get("entries", []) if catalog.get("holds") == "items" else []:
                entry["item"].pop("slots", None)
    return Rules(parse_ruleset(data))


def party(*members: Member) -> GameState:
    return GameState(party=members)


def member(name: str, *bag: Stack, abilities: dict[str, float] | None = None) -> Member:
    return Member(name=name, bag=bag, sheet=SheetState(abilities=abilities or {}))


def item(label: str, count: int = 1, ruleset: str = "gravewatch", **flags: object) -> Stack:
    """A stack of one of the ruleset's items, by its label."""
    entry = rules_for(ruleset).book.find(label)
    assert entry is not None, label
    return Stack.model_validate({"name": entry.label, "count": count, "item": entry.ref, **flags})


def bell(**fields: object) -> Stack:
    """A Gravewatch Dawn bell (binds; charges), built by hand."""
    return Stack.model_validate({"name": "Dawn bell", "count": 1, "item": "kit/dawn-bell", **fields})


def coins(coin: str, count: int, ruleset: str = "gravewatch") -> Stack:
    return Stack(name=rules_for(ruleset).coins_by_id[coin].label, count=count, coin=coin)


def command(rules: Rules, state: GameState, tag: str) -> Command:
    """The one command ``tag`` normalises to."""
    found = normalize(read_tag(tag), rules.names(state), tag)
    assert len(found) == 1 and not isinstance(found[0], Unreadable), found
    return found[0]


def outcome(ruleset: str, state: GameState, tag: str, seed: int = 1) -> tuple[Decision, GameState]:
    rules = rules_for(ruleset)
    decision = decide(state, command(rules, state, tag), rules, Dice(seed))
    if isinstance(decision, Accepted):
        return decision, evolve_all(state, decision.effects)
    return decision, state


def answers_of(decision: Decision) -> list[Answer]:
    """The decision's answers, each ``as_said`` (its notes as one plain text, to compare with a test's own)."""
    answers = list(decision.answers) if isinstance(decision, Accepted) else [decision.answer]
    return [as_said(answer) for answer in answers]


def refused(ruleset: str, state: GameState, tag: str) -> Answer:
    """Run ``tag``, assert it was refused and left the state byte-identical, and return its answer."""
    rules = rules_for(ruleset)
    return refusal(state, command(rules, state, tag), rules, seed=1)


def refusal(state: GameState, command: Command, rules: Rules, seed: int = 0) -> Answer:
    """Decide ``command``, assert it was refused and left the state byte-identical, and return its answer."""
    before = state.model_dump_json()
    decision = decide(state, command, rules, Dice(seed))
    assert isinstance(decision, Refused), decision
    assert state.model_dump_json() == before
    return decision.answer


def bag_of(state: GameState, index: int = 0) -> list[tuple[str, int]]:
    return [(stack.name, stack.count) for stack in state.party[index].bag]


def journal_of(state: GameState) -> list[tuple[str, str, str]]:
    """Each journal entry as (kind, who, what), a gift's ``what`` ending ``to <receiver>`` as its line does."""
    return [(entry.kind, entry.who, journal_line(entry).split(": ", 2)[2]) for entry in state.journal]


@cache
def _renderer() -> Renderer:
    return Renderer()


_WORDS = "tests.words"  # a test's own expected text, never rendered (no template says it)


def words(text: str | None) -> tuple[Note, ...]:
    """A test's expected ``note=`` text, as the notes of an ``Answer`` it compares with (``as_said``)."""
    return (note(_WORDS, text=text),) if text else ()


def said(answer: Answer) -> str | None:
    """What an answer's ``note=`` says, in the shipped templates' words (None when it says nothing)."""
    if answer.notes and all(one.code == _WORDS for one in answer.notes):
        return " ".join(one.get("text") for one in answer.notes)
    return _renderer().say(answer.notes) or None


def said_each(notes: tuple[Note, ...]) -> tuple[str, ...]:
    """Each note in the shipped templates' words."""
    return tuple(_renderer().say(one) for one in notes)


def as_said(answer: Answer) -> Answer:
    """``answer`` with its notes as one plain text (``words(said(answer))``), to compare with a whole
    ``Answer`` written out in a test whatever facts the notes were said from."""
    now = _renderer().say(answer.now) if isinstance(answer.now, Note) else answer.now
    return answer.model_copy(update={"notes": words(said(answer)), "now": now})


def now_of(answer: Answer) -> str | None:
    """An answer's ``now=`` as the GM reads it (a rest's and a who="party" answer's are notes)."""
    return _renderer().say(answer.now) if isinstance(answer.now, Note) else answer.now
