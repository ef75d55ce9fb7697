"""The instructions block: exactly the tags each ruleset has, in its own words, every example runnable."""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from tagproc import Game, RawTag, parse_reply, read_tag
from tagproc.commands import Unreadable
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState, Member
from tagproc.prompt.instructions import instructions_draft
from tagproc.render import Renderer
from tagproc.ruleset import load_ruleset
from tagproc.ruleset.load import parse_ruleset, shipped_text
from tests.engine_support import rules_for

RENDERER = Renderer()
SHIPPED = ("gravewatch", "ember-roads", "srd-5e")
PARTY = ("Ada", "Bram")

# Every command the block may teach, as ``command_of`` names an example tag.
# reveal and inspect: a ruleset with fakes or a way of spotting them (Gravewatch's and the SRD's).
INVENTORY = {"add", "invent", "remove", "give", "equip", "bind", "use", "pay", "earn", "buy", "sell"}
INVENTORY |= {"reveal", "inspect"}
STORY = {"place", "place-day", "loot"}
SHEET = {"spend", "restore", "damage-pool", "temp", "track", "damage-track", "condition", "note", "rest"}
EVERY = INVENTORY | STORY | SHEET

# An answer with one of these reasons means the example was not one tagproc can run as written.
NOT_RUN = {
    "unreadable",
    "malformed",
    "unknown-action",
    "unknown-op",
    "missing-key",
    "not-ruleset-item",
    "no-invention",
    "unknown-coin",
    "no-currencies",
    "unknown-pool",
    "ambiguous-pool",
    "unknown-track",
    "unknown-condition",
    "unknown-field",
    "unknown-rest",
    "unknown-loot-table",
    "no-loot-tables",
    "unknown-size",
    "unknown-character",
    "ambiguous-character",
    "unknown-level",
    "unknown-item",
    "no-market",
    "not-bindable",
    "not-wearable",
    "no-use",
    "no-slot",
}


# -- rulesets changed for a test ------------------------------------------------------------------


def _entries(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        entry["item"]
        for catalog in data["catalogs"]
        if catalog.get("holds") == "items"
        for entry in catalog.get("entries", [])
    ]


def _no_binding(data: dict[str, Any]) -> None:
    data["items"].pop("binding", None)
    for item in _entries(data):
        item.pop("binds", None)


def _no_slots(data: dict[str, Any]) -> None:
    data["items"].pop("slots", None)
    for item in _entries(data):
        item.pop("slots", None)


def _no_loot(data: dict[str, Any]) -> None:
    data["items"].pop("lootTables", None)
    for seller in data["items"].get("market", {}).get("sellers", []):
        seller.pop("stock", None)


def _no_market(data: dict[str, Any]) -> None:
    data["items"].pop("market", None)
    for item in _entries(data):
        for key in ("sold", "service", "risky"):
            item.pop(key, None)


def _no_currencies(data: dict[str, Any]) -> None:
    _no_market(data)
    for key in ("currencies", "startingGear", "lootTables", "revealsFakes", "namesItAt"):
        data["items"].pop(key, None)
    for item in _entries(data):
        for key in ("cost", "passesFor", "tells", "foolsReveal"):
            item.pop(key, None)


def _no_rests(data: dict[str, Any]) -> None:
    data.pop("rests", None)
    for item in _entries(data):
        if "charges" in item:
            item["charges"].pop("recharge", None)


def _no_uses(data: dict[str, Any]) -> None:
    for item in _entries(data):
        for key in ("use", "charges", "gate"):
            item.pop(key, None)


def _setting(key: str, value: object) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data["items"][key] = value

    return change


CHANGES: dict[str, Callable[[dict[str, Any]], None]] = {
    "no-binding": _no_binding,
    "no-slots": _no_slots,
    "no-loot": _no_loot,
    "no-market": _no_market,
    "no-currencies": _no_currencies,
    "no-rests": _no_rests,
    "no-uses": _no_uses,
    "propose-false": _setting("propose", False),
    "native-false": _setting("native", False),
}


# A third-party ruleset unlike the shipped ones: one item to name, a single coin, a cursed item the only one
# that binds or takes a slot, the health a pool that is the only pool, no skills, stats, rarities or tags.
THIRD: dict[str, Any] = {
    "id": "third",
    "name": "Third",
    "capabilityApi": "1.99",
    "sheet": {
        "abilities": [{"id": "might", "label": "Might", "min": 0, "max": 5, "default": 1}],
        "live": {
            "pools": [{"id": "life", "label": "Life", "max": 10}],
            "conditions": [{"id": "dazed", "label": "Dazed"}],
        },
    },
    "rests": [{"id": "nap", "label": "Nap", "restore": [{"pool": "life", "to": "max"}]}],
    "items": {
        "categories": [{"id": "tool", "label": "Tool"}],
        "slots": [{"id": "belt", "label": "Belt", "count": 1}],
        "binding": {"label": "Oathbound", "max": {"const": 1}},
        "currencies": [
            {
                "id": "chit",
                "label": "Chits",
                "units": [{"id": "chit", "label": "chits", "one": "chit", "value": 1}],
            }
        ],
        "native": False,
    },
    "catalogs": [
        {
            "id": "kit",
            "label": "Kit",
            "holds": "items",
            "entries": [
                {
                    "id": "rope",
                    "label": "Rope",
                    "item": {"category": "tool", "cost": {"amount": 2, "unit": "chit"}},
                },
                {
                    "id": "knife",
                    "label": "Knife, small",
                    "item": {"category": "tool", "slots": {"belt": 1}, "binds": {"cursed": True}},
                },
            ],
        }
    ],
}


@cache
def changed(name: str, *changes: str) -> Rules:
    """A shipped ruleset with parts taken out (each a name of ``CHANGES``), loaded as a file would be."""
    data = json.loads(shipped_text(name) or "{}")
    for change in changes:
        CHANGES[change](data)
    return Rules(parse_ruleset(data))


# -- the block and its examples -------------------------------------------------------------------


def state_of(rules: Rules, names: tuple[str, ...] = PARTY) -> GameState:
    return Game(rules, list(names)).state


def block(rules: Rules, level: int = 0, names: tuple[str, ...] = PARTY) -> str:
    draft = instructions_draft(state_of(rules, names), rules)
    return RENDERER.render_block("instructions", draft.context(level))


def examples(text: str) -> list[str]:
    """Every tag the scanner finds in the block: what a model would copy."""
    return [event.raw for event in parse_reply(text) if isinstance(event, RawTag)]


def command_of(tag: str) -> str:
    reading = read_tag(tag)
    if reading.name == "inventory":
        action = reading.get("action") or ""
        return "invent" if action == "add" and reading.get("like") else action
    if reading.name == "place":
        return "place-day" if reading.get("day") else "place"
    if reading.name == "loot":
        return "loot"
    op = reading.get("op") or ""
    if op == "damage":
        return "damage-track" if reading.get("track") else "damage-pool"
    return op


def taught(text: str) -> set[str]:
    return {command_of(tag) for tag in examples(text)}


def values(text: str, key: str, name: str | None = None) -> list[str]:
    """Every value of ``key`` in the block's example tags (of the tag ``name`` only, when given)."""
    readings = [read_tag(tag) for tag in examples(text)]
    return [v for r in readings if name in (None, r.name) for k, v in r.attrs if k == key]


# -- which commands are taught --------------------------------------------------------------------

TAUGHT = [
    pytest.param(
        rules_for("gravewatch"),
        INVENTORY | STORY | {"spend", "restore", "track", "damage-track", "condition", "note", "rest"},
        id="gravewatch",
    ),
    pytest.param(
        rules_for("ember-roads"),
        # A plain market (no market day): buy and [place:], never sell or day="new".
        {"add", "invent", "remove", "give", "equip", "use", "pay", "earn", "buy", "place"} | (SHEET),
        id="ember-roads",
    ),
    pytest.param(
        rules_for("srd-5e"),
        INVENTORY | STORY | {"spend", "restore", "damage-pool", "temp", "condition", "note", "rest"},
        id="srd-5e",
    ),
    pytest.param(
        changed("gravewatch", "no-currencies"),
        {"add", "invent", "remove", "give", "equip", "bind", "use"}
        | {"spend", "restore", "track", "damage-track", "condition", "note", "rest"},
        id="gravewatch-no-currencies",
    ),
    pytest.param(
        changed("ember-roads", "no-currencies"),
        {"add", "invent", "remove", "give", "equip", "use"} | SHEET,
        id="ember-roads-no-currencies",
    ),
    pytest.param(
        changed("srd-5e", "no-currencies"),
        {"add", "invent", "remove", "give", "equip", "bind", "use"}
        | {"spend", "restore", "damage-pool", "temp", "condition", "note", "rest"},
        id="srd-5e-no-currencies",
    ),
    pytest.param(
        changed("gravewatch", "no-slots"),
        (INVENTORY - {"equip"})
        | STORY
        | {"spend", "restore", "track", "damage-track", "condition", "note", "rest"},
        id="gravewatch-no-slots",
    ),
    pytest.param(
        changed("srd-5e", "no-slots", "no-binding"),
        (INVENTORY - {"equip", "bind"})
        | STORY
        | {"spend", "restore", "damage-pool", "temp", "condition", "note", "rest"},
        id="srd-5e-no-slots-no-binding",
    ),
    pytest.param(
        changed("gravewatch", "no-binding"),
        (INVENTORY - {"bind"})
        | STORY
        | {"spend", "restore", "track", "damage-track", "condition", "note", "rest"},
        id="gravewatch-no-binding",
    ),
    pytest.param(
        changed("gravewatch", "no-loot"),
        INVENTORY
        | {"place", "place-day"}
        | {"spend", "restore", "track", "damage-track", "condition", "note", "rest"},
        id="gravewatch-no-loot-tables",
    ),
    pytest.param(
        changed("gravewatch", "no-market"),
        (INVENTORY - {"buy", "sell"})
        | {"loot"}
        | {"spend", "restore", "track", "damage-track", "condition", "note", "rest"},
        id="gravewatch-no-market",
    ),
    pytest.param(
        changed("srd-5e", "no-market"),
        (INVENTORY - {"buy", "sell"})
        | {"loot"}
        | {"spend", "restore", "damage-pool", "temp", "condition", "note", "rest"},
        id="srd-5e-no-market",
    ),
    pytest.param(
        changed("gravewatch", "propose-false"),
        (INVENTORY - {"invent"})
        | STORY
        | {"spend", "restore", "track", "damage-track", "condition", "note", "rest"},
        id="gravewatch-propose-false",
    ),
    pytest.param(
        changed("ember-roads", "native-false", "propose-false"),
        {"add", "remove", "give", "equip", "use", "pay", "earn", "buy", "place"} | SHEET,
        id="ember-roads-native-false-propose-false",
    ),
    pytest.param(
        changed("gravewatch", "no-rests"),
        INVENTORY | STORY | {"spend", "restore", "track", "damage-track", "condition", "note"},
        id="gravewatch-no-rests",
    ),
    pytest.param(
        changed("srd-5e", "no-rests"),
        INVENTORY | STORY | {"spend", "restore", "damage-pool", "temp", "condition", "note"},
        id="srd-5e-no-rests",
    ),
    pytest.param(
        changed("ember-roads", "no-uses"),
        {"add", "invent", "remove", "give", "equip", "pay", "earn", "buy", "place"} | SHEET,
        id="ember-roads-no-uses",
    ),
    pytest.param(
        Rules(parse_ruleset(THIRD)),
        {"add", "invent", "remove", "give", "equip", "bind", "pay", "earn"}
        | {"spend", "restore", "damage-pool", "temp", "condition", "rest"},
        id="third-party",
    ),
    pytest.param(
        Rules(parse_ruleset({"id": "bare", "name": "Bare"})),
        {"add", "remove", "give"},
        id="no-items-no-sheet",
    ),
]


@pytest.mark.parametrize(("rules", "expected"), TAUGHT)
def test_the_block_teaches_exactly_the_commands_the_ruleset_has(rules: Rules, expected: set[str]) -> None:
    found = taught(block(rules))
    assert found == expected, (sorted(found - expected), sorted(expected - found))
    assert found <= EVERY


@pytest.mark.parametrize(("rules", "expected"), TAUGHT)
def test_every_example_tag_is_read_and_run_by_tagproc_as_written(rules: Rules, expected: set[str]) -> None:
    for names in (PARTY, ("Ada",)):
        for tag in examples(block(rules, names=names)):
            turn = Game(rules, list(names)).reply(tag)
            [record] = turn.tags
            assert record.skipped is None, (tag, record.skipped)
            assert record.commands and not any(isinstance(c, Unreadable) for c in record.commands), (
                tag,
                turn.answers,
            )
            assert turn.structured_answers, tag
            for answer in turn.structured_answers:
                assert answer.reason not in NOT_RUN, (tag, turn.answers)
            # Written as the normaliser wants it: nothing to repair but a comma list split into items.
            assert {r.code for r in record.repairs} <= {"items-split"}, (tag, record.repairs)


@pytest.mark.parametrize(("rules", "expected"), TAUGHT)
def test_the_block_says_result_now_and_reason_are_never_written(rules: Rules, expected: set[str]) -> None:
    draft = instructions_draft(state_of(rules), rules)
    for level in range(draft.levels + 1):
        text = RENDERER.render_block("instructions", draft.context(level))
        assert "Never write result=, now= or reason=" in text
        assert "A refused tag did not happen." in text


@pytest.mark.parametrize(("rules", "expected"), TAUGHT)
def test_trimming_only_takes_away_and_keeps_every_command(rules: Rules, expected: set[str]) -> None:
    draft = instructions_draft(state_of(rules), rules)
    texts = [RENDERER.render_block("instructions", draft.context(level)) for level in range(draft.levels + 1)]
    for before, after in itertools.pairwise(texts):
        assert len(after) <= len(before)
    # The first three levels leave out explanations only: every command line stays.
    commands = [[line for line in text.splitlines() if line.startswith("- [")] for text in texts]
    assert all(lines == commands[0] for lines in commands[:4])
    assert taught(texts[3]) == expected - {"invent"}
    for before, after in itertools.pairwise(texts[:4]):
        assert set(after.splitlines()) <= set(before.splitlines())
    # Then commands go, the last first, each level saying how many are left out; add, remove and give and
    # the never-write rule stay.
    for level in range(4, draft.levels + 1):
        kept = [line.split("] - ")[0] for line in commands[level]]
        assert kept == [line.split("] - ")[0] for line in commands[0][: len(kept)]]
        assert len(kept) < len(commands[level - 1])
        left = len(commands[0]) - len(kept)
        assert texts[level].endswith(f"(… and {left} more command{'s' if left != 1 else ''} left out to fit)")
    assert [line.split('"')[1] for line in commands[-1]] == ["add", "remove", "give"]
    assert "Never write result=, now= or reason=" in texts[-1]


# -- the ruleset's own words ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "pay", "earn", "coins"),
    [
        ("gravewatch", "5 crowns", "12 pennies", "Coins, largest first: Coin: crowns, shillings, pennies."),
        (
            "ember-roads",
            "5 sovereigns",
            "12 bits",
            "Coins, largest first: Coin: sovereigns, marks, bits; Salt: cakes, pinches.",
        ),
        (
            "srd-5e",
            "5 platinum pieces",
            "12 copper pieces",
            "Coins, largest first: Coins: platinum pieces, gold pieces, electrum pieces, silver pieces, copper pieces.",
        ),
    ],
)
def test_money_is_taught_in_the_rulesets_own_coins(name: str, pay: str, earn: str, coins: str) -> None:
    text = block(rules_for(name))
    assert values(text, "amount", "inventory") == [pay, earn]
    assert f'[inventory: action="pay" amount="{pay}" who="Bram"]' in text
    assert f'[inventory: action="earn" amount="{earn}"]' in text
    assert coins in text


def test_coins_a_layer_takes_out_are_not_taught() -> None:
    data = json.loads(shipped_text("gravewatch") or "{}")
    data["layers"].append({"id": "no_gold", "items": {"currencies": {"removeUnits": ["crown"]}}})
    text = block(Rules(parse_ruleset(data), ["no_gold"]))
    assert values(text, "amount", "inventory") == ["5 shillings", "12 pennies"]
    assert "Coin: shillings, pennies." in text
    assert "crown" not in text


@pytest.mark.parametrize("name", SHIPPED)
def test_examples_name_the_rulesets_own_items_pools_rests_and_tables(name: str) -> None:
    rules = rules_for(name)
    text = block(rules)
    invented = {read_tag(tag).get("item") for tag in examples(text) if command_of(tag) == "invent"}
    items = [v for v in values(text, "item") if v not in invented]
    items += [part.strip() for v in values(text, "items") for part in v.split(",")]
    assert items and all(rules.book.find(item) is not None for item in items), items
    assert len(set(items)) >= 2
    sheet = rules.ruleset.sheet
    assert set(values(text, "pool")) <= {p.label for p in sheet.live.pools}
    assert set(values(text, "track")) <= {t.label for t in sheet.live.tracks}
    assert set(values(text, "condition")) <= {c.label for c in sheet.live.conditions}
    assert set(values(text, "field")) <= {f.label for f in sheet.fields}
    rests = rules.ruleset.rests
    assert values(text, "rest") == [rests[0].id]
    assert "Rests: " + ", ".join(f"{r.id} ({r.label})" for r in rests) + "." in text
    assert '[sheet: op="rest" rest="' + rests[0].id + '" who="party"]' in text
    tables = rules.block.loot_tables if rules.block else []
    assert set(values(text, "table")) <= {t.id for t in tables}
    if tables:
        assert "Tables: " + ", ".join(f"{t.id} ({t.label})" for t in tables) + "." in text


def test_gravewatch_examples_read_as_its_own_words() -> None:
    text = block(rules_for("gravewatch"))
    assert '[inventory: action="bind" item="Dawn bell" who="Bram"] - Bound: ' in text
    assert '[inventory: action="use" item="Warming tonic" who="Bram"]' in text
    assert '[loot: table="grave_goods" who="Bram"]' in text
    assert (
        "Tables: grave_goods (Grave goods), smiths_odd_lot (The smith's odd lot), fences_odd_lot (The fence's odd lot)."
        in text
    )
    assert (
        'size="city"' in text and "size= one of hamlet, village, market town, city (smallest first)" in text
    )
    assert "level= one of cheap ×0.75, fair ×1 (the default), dear ×1.5" in text
    assert (
        '[inventory: action="buy" item="Grave spade" count="1" level="fair" seller="smith" who="Bram"]'
        in text
    )
    assert '[sheet: op="damage" track="Harm" kind="knock" amount="1" who="Bram"]' in text
    assert "kind= one of knock, tear." in text
    assert "Rests: vigil (Stand down from the vigil), breather (Catch your breath)." in text
    # native: false, and the GM may invent.
    assert "any other name is refused (not-ruleset-item)" in text
    assert "or describes a new one" in text


def test_srd_binding_is_taught_by_its_own_label() -> None:
    text = block(rules_for("srd-5e"))
    assert '[inventory: action="bind" item="Amulet of Health" who="Bram"] - Attunement: ' in text
    assert "the Attunement limit" in text


def test_who_is_a_party_member_and_left_out_for_a_party_of_one() -> None:
    rules = rules_for("gravewatch")
    assert set(values(block(rules), "who")) == {"Bram", "party"}
    alone = block(rules, names=("Ada",))
    assert values(alone, "who") == []
    assert "left out for Ada's own" in alone


# -- the invented-item form -----------------------------------------------------------------------


@pytest.mark.parametrize("name", SHIPPED)
def test_the_invent_form_uses_the_rulesets_words_and_never_a_hidden_stat(name: str) -> None:
    rules = rules_for(name)
    block_ = rules.block
    assert block_ is not None
    text = block(rules)
    [form] = [read_tag(tag) for tag in examples(text) if command_of(tag) == "invent"]
    assert rules.book.find(form.get("like") or "") is not None
    assert form.get("category") in {c.label for c in block_.categories}
    assert form.get("rarity") == block_.rarities[0].label
    assert "Words for a new item: categories " + ", ".join(c.label for c in block_.categories) in text
    assert "rarities, lowest first: " + ", ".join(r.label for r in block_.rarities) in text
    for stat in block_.stats:
        said = f"{stat.id} ({stat.label}, " in text
        assert said == stat.prompt_visible, stat.id
    assert ("binds= yes, cursed or no" in text) == (block_.binding is not None)
    assert ("slots= id=count" in text) == bool(block_.slots)


def test_gravewatch_never_names_its_hidden_stat() -> None:
    text = block(rules_for("gravewatch"))
    assert "conceal" not in text and "Hidden in" not in text


def test_ember_roads_defense_is_said_by_its_own_word_and_its_guard_stat() -> None:
    text = block(rules_for("ember-roads"))
    assert "+N or -N on Guard (an item's Guard already adds to it: raise it with stats=, not worn=)" in text
    assert "the most per rarity: Common Guard 1, bonus +1; Storied Guard 3, bonus +2." in text


def test_without_propose_no_form_and_native_false_says_only_ruleset_items() -> None:
    text = block(changed("gravewatch", "propose-false"))
    assert "A new item" not in text and "Words for a new item" not in text
    assert "An add names one of this ruleset's items; any other name is refused (not-ruleset-item)." in text


@pytest.mark.parametrize("name", ["ember-roads", "srd-5e"])
def test_native_false_is_taught_only_where_the_ruleset_turns_native_off(name: str) -> None:
    assert "not-ruleset-item" not in block(rules_for(name))
    assert "not-ruleset-item" in block(changed(name, "native-false"))


@pytest.mark.parametrize(
    ("rules", "carry"),
    [
        pytest.param(rules_for("gravewatch"), False, id="gravewatch"),
        pytest.param(rules_for("ember-roads"), True, id="ember-roads"),
        pytest.param(rules_for("srd-5e"), True, id="srd-5e"),
    ],
)
def test_the_carry_line_only_with_carry(rules: Rules, carry: bool) -> None:
    assert ("refused (too-heavy)" in block(rules)) == carry


def test_the_first_level_trims_the_words_of_the_invent_form_first() -> None:
    rules = rules_for("srd-5e")
    full, words_gone = block(rules), block(rules, level=1)
    assert "Words for a new item" in full and "Words for a new item" not in words_gone
    assert "A new item: [inventory:" in words_gone
    assert "A new item: [inventory:" not in block(rules, level=3)


def test_a_ruleset_without_items_still_teaches_the_base_lines_in_plain_words() -> None:
    text = block(Rules(parse_ruleset({"id": "bare", "name": "Bare"})))
    assert re.search(r'\[inventory: action="add" items="[^"]+, [^"]+"\]', text)
    assert "CHARACTER SHEETS:" not in text
    assert "An exact name of one of this ruleset's items" not in text


def test_the_draft_is_the_same_for_the_same_state() -> None:
    rules = rules_for("gravewatch")
    state = state_of(rules)
    assert instructions_draft(state, rules) == instructions_draft(state, rules)
    assert isinstance(load_ruleset("gravewatch").name, str)
    draft = instructions_draft(state, rules)
    with pytest.raises(ValueError):
        draft.context(draft.levels + 1)


def test_rendering_the_block_leaves_the_state_unchanged() -> None:
    rules = rules_for("gravewatch")
    state = GameState(party=(Member(name="Ada"), Member(name="Bram")))
    before = state.model_dump_json()
    block_text = RENDERER.render_block("instructions", instructions_draft(state, rules).context(0))
    assert block_text.startswith("COMMANDS:")
    assert state.model_dump_json() == before


def test_a_ruleset_with_one_item_to_name_and_no_skills_says_only_the_keys_it_has() -> None:
    text = block(Rules(parse_ruleset(THIRD)))
    assert '[inventory: action="add" item="Rope"]' in text
    assert "category= by name; slots= id=count pairs; binds= yes, cursed or no;" in text
    assert "rarity=" not in text and "tags=" not in text and "stats=" not in text
    assert 'on an ability to raise or lower it ("+1 Might")' in text
    assert "on a skill" not in text and "Each rarity has a most" not in text
    assert "Coins, largest first: Chits: chits." in text


# -- fakes: reveal, inspect and a held buy (spec "Honest and dishonest sellers", "Spotting fakes") ---------

_HELD = (
    "  A buy refused (held) was stopped by a companion who noticed something: play that companion warning the "
    "buyer in character, and let the buyer decide; the same buy asked again today goes through."
)


def _reveal(item: str) -> str:
    return (
        f'- [inventory: action="reveal" item="{item}" who="Bram"] - when the story finds out a fake (marked '
        '"FAKE: really" in the inventory) in a way the engine cannot see: it becomes its true item and the answer '
        "says what it was; on a real item nothing changes. Binding or using a fake, or selling it to an honest "
        "buyer, finds it out without this."
    )


def _inspect(item: str, seller: str, ways: str) -> str:
    return (
        f'- [inventory: action="inspect" item="{item}" who="Bram"] - when someone looks an item in their own bag '
        f'over carefully before trusting it, or with seller="{seller}" a ware a seller here shows today, before '
        "anyone buys it: the engine rolls the best check they can make and the note says what they saw; each "
        f"character tries once per item. with= one of {ways}: that way of seeing through fakes, cast on it (it "
        "costs no try; its casting is yours to run)."
    )


@pytest.mark.parametrize(
    ("name", "item", "seller", "ways"),
    [
        ("gravewatch", "Silver coffin nail", "fence", "Blessing of the Vigil, Silversmith's assay"),
        ("srd-5e", "Bag of Holding", "Fence", "Identify, Detect Poison and Disease"),
    ],
)
def test_a_ruleset_with_fakes_teaches_reveal_inspect_and_a_held_buy(
    name: str, item: str, seller: str, ways: str
) -> None:
    lines = block(rules_for(name)).splitlines()
    buy = next(n for n, line in enumerate(lines) if line.startswith('- [inventory: action="buy"'))
    assert lines[buy + 1] == _HELD
    sell = next(n for n, line in enumerate(lines) if line.startswith('- [inventory: action="sell"'))
    assert lines[sell + 1 : sell + 3] == [_reveal(item), _inspect(item, seller, ways)]
    assert lines[sell + 3].startswith("- [loot:")


def test_a_ruleset_without_fakes_is_taught_none_of_it() -> None:
    text = block(rules_for("ember-roads"))
    assert "reveal" not in text and "inspect" not in text and "(held)" not in text


def test_with_is_taught_only_with_ways_of_seeing_through_fakes() -> None:
    data = json.loads(shipped_text("gravewatch") or "{}")
    data["items"].pop("revealsFakes")
    for item in _entries(data):
        item.pop("foolsReveal", None)
    lines = block(Rules(parse_ruleset(data))).splitlines()
    inspect = next(line for line in lines if line.startswith('- [inventory: action="inspect"'))
    assert inspect.endswith("the note says what they saw; each character tries once per item.")
    assert "with=" not in inspect


def test_without_a_market_inspect_names_no_seller_and_no_buy_is_held() -> None:
    text = block(changed("gravewatch", "no-market"))
    inspect = next(line for line in text.splitlines() if line.startswith('- [inventory: action="inspect"'))
    assert "seller=" not in inspect and "(held)" not in text
    assert "over carefully before trusting it: the engine rolls" in inspect


def test_reveal_and_inspect_go_together_when_commands_are_left_out() -> None:
    rules = rules_for("gravewatch")
    draft = instructions_draft(state_of(rules), rules)
    for level in range(draft.levels + 1):
        text = RENDERER.render_block("instructions", draft.context(level))
        assert ('action="reveal"' in text) == ('action="inspect"' in text)
        assert ('action="inspect"' in text) <= ('action="sell"' in text)  # after sell, before loot, cut first
