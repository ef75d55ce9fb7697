"""Properties of the turns between replies (issue 12: spec "Starting gear", "Loot", "Money", "Ammunition and
reloading", "Using items outside a fight", "Items on the sheet": a bound cursed item will not let go).

Written blind (from the spec, the issue, CONVENTIONS.md and the issue 12 brief), through the ``Game`` API
only, over random parties and random actions on the shipped Gravewatch and srd-5e (and Ember Roads with a
bestiary that carries loot, the conformance cases' ``ember-loot``):

- A refused gear or edit leaves the state byte-identical (a turn's state keeps only its own journal, so the
  state is compared with the one before it, its journal emptied) and journals nothing.
- Loot from a won fight is dropped once however often the reply before it or after it is regenerated: the
  same telling again re-runs the fight with its own dice to the same state, a reply after it never drops
  again, and a fight after another telling is the fight a game that only ever told that one would have.
- Replaying the same turns (replies and actions) gives identical results, turn by turn.
- A give, a split or a merge conserves what the party holds: every item and every coin, counted across the
  party; a split or a merge moves nothing out of its bag, and an ok give moves exactly its count.
- The Use button is the use tag: on a use whose dice cannot differ, ``Game.use`` answers and leaves the party
  exactly as ``[inventory: action="use"]`` in a reply does.
"""

from __future__ import annotations

import tempfile
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tagproc import Game
from tagproc.actions import EDIT_VERBS, EditAction, FightAction, GearAction, Shot, Spent, Used
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState
from tagproc.render import Renderer
from tagproc.ruleset import load_ruleset
from tests.conformance.run import ruleset_file

Bag = list[dict[str, Any]]


@dataclass(frozen=True)
class World:
    """What a ruleset's random games are made of."""

    ruleset: str
    goods: tuple[tuple[str, int], ...]  # what a bag may start with, and the most of it
    cursed: str | None  # a cursed item a member may start with, bound and worn
    items: tuple[str, ...]  # what an edit names (some nobody holds, a plain name, a bad name)
    gear: tuple[GearAction, ...]  # every gear taking the rules allow (the bearer is drawn apart)
    defeated: tuple[str, ...]
    shot: tuple[str, ...]  # weapons a fight shoots with
    spent: tuple[str, ...]
    used: tuple[str, ...]
    sheet: tuple[dict[str, Any], ...]


GRAVEWATCH = World(
    ruleset="gravewatch",
    goods=(
        ("Warming tonic", 9), ("Black candle", 8), ("shillings", 20), ("pennies", 30), ("Lantern coat", 1),
        ("Silver coffin nail", 3), ("Shot and powder", 12), ("Page of the vigil litany", 3),
    ),
    cursed="Widow's ring",
    items=(
        "Warming tonic", "Black candle", "shillings", "pennies", "Lantern coat", "Silver coffin nail",
        "Widow's ring", "Dawn bell", "Frying pan", "Rope [50 ft]", "crowns",
    ),
    gear=(
        GearAction(gear="gravedigger", options=("A lantern coat",)),
        GearAction(gear="Gravedigger", options=("Two warming tonics",)),
        GearAction(gear="chapel-warden", options=("Black candles",)),
        GearAction(gear="Chapel warden", options=("A shuttered lantern",), again=True),
        GearAction(gear="keepsakes", picks=("Silver coffin nail",)),
        GearAction(gear="Keepsakes", picks=("kit/warming-tonic",), again=True),
    ),
    defeated=("grave_goods", "The smith's odd lot", "fences_odd_lot"),
    shot=("Watch pistol",),
    spent=("Dawn bell",),
    used=("Warming tonic", "Silver coffin nail"),
    sheet=({"abilities": {"nerve": 1}}, {"abilities": {"nerve": 3}}),
)  # fmt: skip
SRD_5E = World(
    ruleset="srd-5e",
    goods=(("Longsword", 3), ("gold pieces", 40), ("silver pieces", 30), ("Potion of Healing", 3), ("Chain Mail", 1)),
    cursed=None,
    items=("Longsword", "gold pieces", "silver pieces", "Potion of Healing", "Chain Mail", "Frying pan", "Lodging: Modest"),
    gear=(
        GearAction(gear="fighter", options=("Chain mail", "A greataxe")),
        GearAction(gear="Fighter", options=("Leather armor and a longbow", "Pick one"), picks=("Longsword",)),
        GearAction(gear="fighter", options=("Leather armor and a longbow", "Pick one"), picks=("Battleaxe",), again=True),
        GearAction(gear="acolyte"),
        GearAction(gear="Acolyte", again=True),
    ),
    defeated=("adventurers_purse", "A fence's odd lot"),
    shot=(),
    spent=(),
    used=("Potion of Healing",),
    sheet=({"abilities": {"str": 1}}, {"abilities": {"str": 4}}, {"abilities": {"str": 15}}),
)  # fmt: skip
EMBER_LOOT = World(
    ruleset="ember-loot",
    goods=(("Arrows", 25), ("Poultice", 4), ("marks", 9), ("Salt cake", 4)),
    cursed=None,
    items=("Arrows", "Poultice", "marks", "Salt cake", "Frying pan"),
    gear=(),
    defeated=("Rust Jackal", "toll-warden", "Cinder Moth"),
    shot=("Hunting bow",),
    spent=(),
    used=("Poultice",),
    sheet=({"abilities": {"brawn": 0}}, {"abilities": {"brawn": 2}}),
)
WORLDS = (GRAVEWATCH, SRD_5E)
FIGHT_WORLDS = (GRAVEWATCH, SRD_5E, EMBER_LOOT)
WHO = (None, None, "Ada", "Bram")
PROSE = ("The wind drops.", "Night comes on.", "Somebody coughs in the dark.", "The road goes on.")


@cache
def _rules(name: str) -> Rules:
    if name == "ember-loot":
        folder = Path(tempfile.mkdtemp(prefix="tagproc-between-"))
        return Rules(load_ruleset(ruleset_file({"base": "ember-roads", "patch": "ember-loot"}, folder)))
    return Rules(load_ruleset(name))


@cache
def _renderer() -> Renderer:
    return Renderer()


def _words(text: str) -> int:
    return len(text.split())


def _game(world: World, party: list[dict[str, Any]], seed: int) -> Game:
    return Game(_rules(world.ruleset), party, seed=seed, renderer=_renderer(), count_tokens=_words)


@st.composite
def _member(draw: st.DrawFn, world: World, name: str) -> dict[str, Any]:
    bag: Bag = []
    for good, most in draw(st.lists(st.sampled_from(world.goods), max_size=4, unique=True)):
        bag.append({"item": good, "count": draw(st.integers(1, most))})
    if world.ruleset == "ember-loot" and draw(st.booleans()):
        bag.append({"item": "Hunting bow", "count": 1, "worn": True})
    if world.ruleset == "gravewatch" and draw(st.booleans()):
        bag.append({"item": "Watch pistol", "count": 1, "worn": True})
    if world.ruleset == "gravewatch" and draw(st.booleans()):
        bag.append(
            {"item": "Dawn bell", "count": 1, "worn": True, "bound": True, "charges": draw(st.integers(0, 3))}
        )
    if world.cursed is not None and draw(st.booleans()):
        bag.append({"item": world.cursed, "count": 1, "worn": True, "bound": True})
        if draw(st.booleans()):
            bag.append({"item": world.cursed, "count": 1})
    return {"name": name, "sheet": draw(st.sampled_from(world.sheet)), "bag": bag}


@st.composite
def _party(draw: st.DrawFn, world: World) -> list[dict[str, Any]]:
    return [draw(_member(world, "Ada")), draw(_member(world, "Bram"))]


@st.composite
def _gear(draw: st.DrawFn, world: World) -> GearAction:
    gear = draw(st.sampled_from(world.gear))
    return gear.model_copy(update={"who": draw(st.sampled_from((*WHO, "Zed")))})


@st.composite
def _edit(draw: st.DrawFn, world: World, verbs: tuple[str, ...] = EDIT_VERBS) -> EditAction:
    verb = draw(st.sampled_from(verbs))
    return EditAction.model_validate(
        {
            "action": verb,
            "item": draw(st.sampled_from(world.items)),
            "count": draw(st.integers(1, 12)),
            "who": draw(st.sampled_from(WHO)),
            "to": draw(st.sampled_from(("Ada", "Bram", "Bram", None))) if verb == "give" else None,
        }
    )


@st.composite
def _fight(draw: st.DrawFn, world: World, outcome: str | None = None) -> FightAction:
    who = st.sampled_from(WHO)
    shot = [
        Shot(who=draw(who), weapon=w, count=draw(st.integers(1, 6)))
        for w in world.shot
        if draw(st.booleans())
    ]
    spent = [
        Spent(who=draw(who), item=i, charges=draw(st.integers(1, 2)))
        for i in world.spent
        if draw(st.booleans())
    ]
    used = [
        Used(who=draw(who), item=i, count=draw(st.integers(1, 2))) for i in world.used if draw(st.booleans())
    ]
    return FightAction.model_validate(
        {
            "outcome": outcome or draw(st.sampled_from(("won", "won", "lost", "fled"))),
            "defeated": draw(st.lists(st.sampled_from(world.defeated), min_size=1, max_size=3)),
            "shot": shot,
            "spent": spent,
            "used": used,
        }
    )


def _state_json(state: GameState) -> str:
    return state.model_copy(update={"journal": ()}).model_dump_json()


def _held(state: GameState) -> dict[str, Counter[str]]:
    """What each member holds: every item (by ref, coin id or plain name) and its count, stacks added up."""
    held: dict[str, Counter[str]] = {}
    for member in state.party:
        counts: Counter[str] = Counter()
        for stack in member.bag:
            counts[stack.item or stack.coin or stack.name] += stack.count
        held[member.name] = counts
    return held


def _total(state: GameState) -> Counter[str]:
    total: Counter[str] = Counter()
    for counts in _held(state).values():
        total.update(counts)
    return +total


_SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@_SETTINGS
@given(world=st.sampled_from(WORLDS), data=st.data())
def test_a_refused_gear_or_edit_leaves_the_state_byte_identical(world: World, data: st.DataObject) -> None:
    game = _game(world, data.draw(_party(world), label="party"), data.draw(st.integers(0, 50), label="seed"))
    actions = st.one_of(_gear(world), _edit(world), _edit(world))
    for action in data.draw(st.lists(actions, min_size=1, max_size=8), label="actions"):
        before = _state_json(game.state)
        result = game.act(action)
        assert result.structured_answers, (action, result.answers)
        if all(answer.result == "refused" for answer in result.structured_answers):
            assert result.state.model_dump_json() == before, (action, result.answers)
            assert result.journal == (), (action, result.answers)


@_SETTINGS
@given(world=st.sampled_from(FIGHT_WORLDS), data=st.data())
def test_loot_from_a_won_fight_is_dropped_once_however_often_a_reply_is_regenerated(
    world: World, data: st.DataObject
) -> None:
    party = data.draw(_party(world), label="party")
    seed = data.draw(st.integers(0, 50), label="seed")
    fight = data.draw(_fight(world, "won"), label="fight")
    opening = "Something moves in the dark."
    game = _game(world, party, seed)
    game.reply(opening)
    fought = game.act(fight)
    after = fought.state.model_dump_json()
    for _ in range(data.draw(st.integers(1, 3), label="swipes before")):
        game.regenerate(opening)
        assert len(game) == 2
        again = game.turns[-1]
        assert again.answers == fought.answers and again.state.model_dump_json() == after
    drops = [entry for entry in game.journal if (entry.source or "").startswith("loot:")]
    assert drops == [entry for entry in fought.journal if (entry.source or "").startswith("loot:")]
    game.reply(PROSE[0])
    for text in data.draw(st.lists(st.sampled_from(PROSE), min_size=1, max_size=3), label="swipes after"):
        game.regenerate(text)
        assert _held(game.state) == _held(fought.state)
        assert [e for e in game.journal if (e.source or "").startswith("loot:")] == drops
    other = 'Another telling. [inventory: action="add" item="Frying pan"]'
    swiped = _game(world, party, seed)
    swiped.reply(opening)
    swiped.act(fight)
    swiped.regenerate(other)
    direct = _game(world, party, seed)
    direct.reply(other)
    direct.act(fight)
    assert swiped.state.model_dump_json() == direct.state.model_dump_json()
    assert [t.answers for t in swiped.turns] == [t.answers for t in direct.turns]


@_SETTINGS
@given(world=st.sampled_from(FIGHT_WORLDS), data=st.data())
def test_replaying_the_same_turns_gives_identical_results(world: World, data: st.DataObject) -> None:
    party = data.draw(_party(world), label="party")
    seed = data.draw(st.integers(0, 50), label="seed")
    steps = [_edit(world), _fight(world), st.sampled_from(PROSE)] + ([_gear(world)] if world.gear else [])
    turns = data.draw(st.lists(st.one_of(*steps), min_size=1, max_size=6), label="turns")
    played = []
    for _ in range(2):
        game = _game(world, party, seed)
        for turn in turns:
            if isinstance(turn, str):
                game.reply(turn)
            else:
                game.act(turn)
        played.append(game)
    first, second = played
    assert [t.to_json() for t in first.turns] == [t.to_json() for t in second.turns]
    assert first.state.model_dump_json() == second.state.model_dump_json()
    assert first.journal == second.journal


@_SETTINGS
@given(world=st.sampled_from(WORLDS), data=st.data())
def test_give_split_and_merge_conserve_every_item_and_coin(world: World, data: st.DataObject) -> None:
    game = _game(world, data.draw(_party(world), label="party"), data.draw(st.integers(0, 50), label="seed"))
    moves = _edit(world, ("give", "split", "merge"))
    for action in data.draw(st.lists(moves, min_size=1, max_size=8), label="edits"):
        before = _held(game.state)
        result = game.act(action)
        after = _held(result.state)
        assert _total(result.state) == +sum(before.values(), Counter()), (action, result.answers)
        if action.action != "give":
            assert after == before, (action, result.answers)
            continue
        ok = [a for a in result.structured_answers if a.result == "ok"]
        moved = sum(int(dict(a.attrs)["count"]) for a in ok)
        changed = sum(
            abs(after[n][k] - before[n][k]) for n in before for k in before[n].keys() | after[n].keys()
        )
        assert changed == (2 * moved if action.to != (action.who or "Ada") else 0), (action, result.answers)


DETERMINISTIC_USES: tuple[tuple[dict[str, int], Bag, str], ...] = (
    ({"nerve": 3}, [{"item": "Warming tonic", "count": 2}], "Warming tonic"),
    ({"nerve": 3}, [{"item": "Page of the vigil litany", "count": 2}], "Page of the vigil litany"),
    (
        {"nerve": 2},
        [{"item": "Dawn bell", "count": 1, "worn": True, "bound": True, "charges": 3}],
        "Dawn bell",
    ),
    ({"nerve": 2}, [{"item": "Dawn bell", "count": 1, "charges": 3}], "Dawn bell"),
    ({"nerve": 2}, [{"item": "Lantern coat", "count": 1}], "Lantern coat"),
    ({"nerve": 2}, [], "Warming tonic"),
)


@settings(_SETTINGS, max_examples=20)
@given(
    use=st.sampled_from(DETERMINISTIC_USES),
    who=st.sampled_from((None, "Ada", "Bram")),
    seed=st.integers(0, 9),
)
def test_the_use_button_is_the_use_tag(
    use: tuple[dict[str, int], Bag, str], who: str | None, seed: int
) -> None:
    abilities, bag, item = use
    party = [
        {"name": "Ada", "sheet": {"abilities": abilities, "pools": {"resolve": 1}}, "bag": bag},
        {"name": "Bram", "sheet": {"abilities": abilities, "pools": {"resolve": 0}}, "bag": bag},
    ]
    button, tag = _game(GRAVEWATCH, party, seed), _game(GRAVEWATCH, party, seed)
    pressed = button.use(item, who)
    written = f' who="{who}"' if who else ""
    told = tag.reply(f'[inventory: action="use" item="{item}"{written}]')
    assert pressed.answers == told.answers
    assert pressed.state.party == told.state.party


# -- the properties above are not vacuous: each sees a real outcome ----------------------------------------


def test_the_refusals_and_drops_the_properties_watch_for_happen() -> None:
    gravewatch = _game(GRAVEWATCH, [{"name": "Ada", "sheet": {"abilities": {"nerve": 2}}}], 1)
    taken = gravewatch.take_gear("gravedigger", options=["Two warming tonics"])
    assert [a.result for a in taken.structured_answers] == ["ok", "ok", "ok"]
    assert {e.source for e in taken.journal} == {"gear:Gravedigger"}
    refused = gravewatch.take_gear("chapel-warden", options=["Black candles"])
    assert [(a.tag, a.reason) for a in refused.structured_answers] == [("gear", "already-taken")]
    gravewatch.edit("add", "Widow's ring")
    gravewatch.edit("equip", "Widow's ring")
    gravewatch.edit("bind", "Widow's ring")
    assert [a.reason for a in gravewatch.edit("remove", "Widow's ring").structured_answers] == ["cursed"]

    ember = _game(
        EMBER_LOOT,
        [{"name": "Ada", "bag": [{"item": "Hunting bow", "worn": True}, {"item": "Arrows", "count": 10}]}],
        2,
    )
    ember.reply("A jackal on the road.")
    won = ember.fight_ended("won", ["Rust Jackal"], [Shot(weapon="Hunting bow", count=5)])
    sources = [e.source for e in won.journal]
    assert "shot" in sources and "picked-up" in sources and "loot:Jackal scraps" in sources, won.journal
    arrows = sum(stack.count for stack in won.state.party[0].bag if stack.name == "Arrows")
    assert arrows == 10 - 5 + 2 + 3, won.answers  # shot 5, half of 5 back rounded down, the jackal's 3


def test_the_recap_after_a_won_fight_names_what_dropped_and_what_was_picked_up() -> None:
    party = [{"name": "Ada", "bag": [{"item": "Hunting bow", "worn": True}, {"item": "Arrows", "count": 10}]}]
    game = _game(EMBER_LOOT, party, 3)
    game.reply("A jackal and a toll warden block the road.")
    game.fight_ended("won", ["Rust Jackal", "Toll Warden"], [Shot(weapon="Hunting bow", count=5)])
    recap = next(block.text for block in game.prompt().blocks if block.name == "recap")
    for said in ("Rust Jackal", "Toll Warden", "Arrows", "marks"):
        assert said in recap, recap
