"""One item as the GM's inventory says it (tagproc.prompt.items, prompts/blocks/item.jinja): the spec's own
wordings for categories and stats, costs, worn and carried effects, requirements, attacks and uses."""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

import pytest

from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState, InventedItem, Stack
from tagproc.prompt.inv_words import Words
from tagproc.prompt.inventory import inventory_draft
from tagproc.prompt.items import Price, item_facts, price_of
from tagproc.render import Renderer
from tagproc.ruleset import Item
from tagproc.ruleset.item import Cost
from tagproc.ruleset.load import parse_ruleset, shipped_text
from tests.engine_support import coins, item, member, party, rules_for


@cache
def _renderer() -> Renderer:
    return Renderer()


def said(state: GameState, rules: Rules) -> str:
    """The player's entries, as the inventory block says them (the bag's header cut off)."""
    text = _renderer().render_block("inventory", inventory_draft(state, rules).context(0))
    return re.sub(r"^PLAYER INVENTORY(?: \([^()]*\))?: ", "", text)


def one(label: str, ruleset: str, count: int = 1, **flags: object) -> str:
    return said(party(member("Ada", item(label, count, ruleset=ruleset, **flags))), rules_for(ruleset))


def _edited(name: str, edit: Any) -> Rules:
    data = json.loads(shipped_text(name) or "{}")
    edit(data)
    return Rules(parse_ruleset(data))


def _entry(data: dict[str, Any], ref: str) -> dict[str, Any]:
    catalog_id, entry_id = ref.split("/")
    catalog = next(c for c in data["catalogs"] if c["id"] == catalog_id)
    entry: dict[str, Any] = next(e for e in catalog["entries"] if e["id"] == entry_id)
    return entry


def _plain_axe(data: dict[str, Any]) -> None:
    """Ember Roads with the hand axe as the spec's example shows it: no cost, no attack, Bulk and Rolls with
    hidden from the GM."""
    for stat in data["items"]["stats"]:
        if stat["id"] in ("bulk", "swing"):
            stat["promptVisible"] = False
    axe = _entry(data, "outfitter/hand-axe")["item"]
    del axe["cost"], axe["attack"]


def test_the_specs_hand_axe_is_its_category_rarity_tags_and_the_stats_left_prompt_visible() -> None:
    rules = _edited("ember-roads", _plain_axe)
    stack = Stack(name="Hand axe", count=1, item="outfitter/hand-axe")
    assert (
        said(party(member("Ada", stack)), rules)
        == "Hand axe [Weapon, Common, Thrown; Damage 1d6, Reach close]"
    )


def test_a_stat_not_prompt_visible_is_never_named() -> None:
    line = one("Silver coffin nail", "gravewatch", 3)
    assert "Hidden in" not in line and "sleeve" not in line
    assert line.startswith(
        "Silver coffin nail ×3 [Arm, Rare, Silver, Easily hidden; Target 7, Damage 1d6, Harm tearing;"
    )


def test_a_true_boolean_stat_is_its_label_and_a_false_one_is_left_out() -> None:
    rules = rules_for("srd-5e")
    armor = Item.model_validate(
        {"category": "armor", "stats": {"armor_class": 12, "adds_dex": True, "stealth_disadvantage": False}}
    )
    facts = item_facts(armor, Words(rules))
    assert [(s.label, s.value) for s in facts.stats] == [("Armor Class", 12), ("Adds Dexterity", None)]
    state = GameState(
        party=(member("Ada", Stack(name="Hide coat", count=1, invented="hide coat")),),
        invented=(InventedItem(key="hide coat", name="Hide coat", item=armor),),
    )
    assert said(state, rules) == "Hide coat [Armor; Armor Class 12, Adds Dexterity]"


def test_an_enum_stat_is_said_by_its_value_label() -> None:
    def labels(data: dict[str, Any]) -> None:
        _plain_axe(data)
        reach = next(s for s in data["items"]["stats"] if s["id"] == "reach")
        reach["valueLabels"] = {"close": "at arm's length"}

    rules = _edited("ember-roads", labels)
    stack = Stack(name="Hand axe", count=1, item="outfitter/hand-axe")
    assert said(party(member("Ada", stack)), rules).endswith("Reach at arm's length]")


@pytest.mark.parametrize(
    ("label", "ruleset", "cost"),
    [
        pytest.param("Shuttered lantern", "gravewatch", "costs 3 shillings", id="the-specs-3-shillings"),
        pytest.param("Page of the vigil litany", "gravewatch", "costs 1 crown", id="one-crown"),
        pytest.param("Leather coat", "ember-roads", "costs 1 sovereign", id="one-sovereign"),
        pytest.param("Potion of Healing", "srd-5e", "costs 50 gold pieces", id="never-5-platinum"),
    ],
)
def test_a_cost_is_said_in_its_own_coin(label: str, ruleset: str, cost: str) -> None:
    assert f"; {cost}" in one(label, ruleset)


def test_a_coin_without_one_is_said_by_its_label_for_one_too() -> None:
    def no_one(data: dict[str, Any]) -> None:
        for family in data["items"]["currencies"]:
            for unit in family["units"]:
                unit.pop("one", None)

    rules = _edited("ember-roads", no_one)
    stack = Stack(name="Leather coat", count=1, item="outfitter/leather-coat")
    assert "; costs 1 sovereigns" in said(party(member("Ada", stack)), rules)


def test_a_cost_in_a_coin_a_layer_took_out_is_said_in_the_largest_coin_left_that_pays_it() -> None:
    def poor(data: dict[str, Any]) -> None:
        data["layers"] = [
            {"id": "poor", "label": "Poor", "items": {"currencies": {"removeUnits": ["sovereign"]}}}
        ]

    data = json.loads(shipped_text("ember-roads") or "{}")
    poor(data)
    rules = Rules(parse_ruleset(data), layers=("poor",))
    assert price_of(Cost(amount=3, unit="sovereign"), rules) == Price(30, "marks")
    assert price_of(Cost(amount=4, unit="mark"), rules) == Price(4, "marks")


@pytest.mark.parametrize(
    ("label", "ruleset", "part"),
    [
        pytest.param("Leather coat", "ember-roads", "worn: -1 on checks (Sneak)", id="leather-coat"),
        pytest.param(
            "Dawn bell", "gravewatch", "worn: +1 on checks (Ward), immune to Rattled", id="dawn-bell"
        ),
        pytest.param("Widow's ring", "gravewatch", "worn: -1 on attacks", id="widows-ring"),
        pytest.param("Waystone", "ember-roads", "carried: +1 on checks (Sway), resists burn", id="waystone"),
        pytest.param("Ox-hide gauntlets", "ember-roads", "worn: Brawn at least 2", id="gauntlets"),
        pytest.param("Mourning coat", "gravewatch", "worn: +1 on checks (Barter, Soothe)", id="two-skills"),
        pytest.param(
            "Grave spade", "gravewatch", "needs Sinew 3, otherwise -1 on checks (Dig)", id="spade-needs"
        ),
    ],
)
def test_worn_and_carried_effects_and_requirements_are_said_as_the_spec_says_them(
    label: str, ruleset: str, part: str
) -> None:
    assert f"; {part}" in one(label, ruleset)


def test_every_kind_of_held_change_has_its_words() -> None:
    charm = Item.model_validate(
        {
            "category": "charm",
            "worn": {
                "effects": ["own-saves-advantage", "attacks-against-disadvantage"],
                "saves": ["steel"],
                "modifiers": [
                    {"to": "defense", "flat": 1},
                    {"to": "speed", "flat": -2},
                    {"to": "checks", "dice": "1d4", "minus": True},
                ],
                "failsSaves": ["steel"],
                "abilities": {"nerve": {"add": 1}},
                "immune": [{"type": "tearing", "except": ["silver"]}],
                "vulnerable": ["burning"],
            },
        }
    )
    state = GameState(
        party=(member("Ada", Stack(name="Odd charm", count=1, invented="odd charm")),),
        invented=(InventedItem(key="odd charm", name="Odd charm", item=charm),),
    )
    assert said(state, rules_for("gravewatch")) == (
        "Odd charm [Charm; worn: advantage on saves (Steel), attacks against them have disadvantage, +1 defense, "
        "-2 speed, -1d4 on checks, fails saves (Steel), +1 Nerve, vulnerable to burning, immune to tearing except "
        "silver]"
    )


def test_the_hand_axe_attacks_as_the_spec_says() -> None:
    assert one("Hand axe", "ember-roads") == (
        "Hand axe [Weapon, Common, Thrown; Damage 1d6, Reach close; costs 4 marks; "
        "attack (Action): Brawn to hit, 1d6 + Brawn cut, reach 2 paces, range 10 to 20 paces]"
    )


def test_the_boar_spear_says_its_dice_with_a_hand_free() -> None:
    assert one("Boar spear", "ember-roads").endswith(
        "; attack (Action): Brawn to hit, 1d6 + Brawn pierce, reach 4 paces, 1d8 with a hand free]"
    )


def test_the_gravewatch_spade_says_at_6_after_to_hit() -> None:
    assert one("Grave spade", "gravewatch") == (
        "Grave spade [Arm, Common, Iron; Target 6, Damage 1d10, Harm crushing; costs 6 shillings; "
        "needs Sinew 3, otherwise -1 on checks (Dig); "
        "attack (Act): Sinew + Dig to hit at 6, 1d10 crushing, reach 2 paces, at least 1 on a hit before resistance]"
    )


def test_the_hunting_bow_says_what_it_shoots_and_its_volley() -> None:
    assert one("Hunting bow", "ember-roads").endswith(
        "; attack (Action): Wits to hit, 1d8 + Wits pierce, range 30 to 60 paces, "
        "ammunition Arrow (1 an attack, 50% picked up after a won fight), "
        "modes Volley (2 shots, -2 to hit, up to 2 targets)]"
    )


def test_the_watch_pistol_says_what_it_shoots_and_holds() -> None:
    assert one("Watch pistol", "gravewatch").endswith(
        "; attack (Act): Nerve to hit, 1d10 tearing, range 10 to 20 paces, ammunition Shot (1 an attack), "
        "holds 1, reload (Act)]"
    )


def test_the_silver_nail_says_its_off_hand_and_the_condition_it_puts_on() -> None:
    assert one("Silver coffin nail", "gravewatch").endswith(
        "; attack (Act): Nerve + Wrestle to hit at 7, 1d6 tearing, reach 2 paces, off hand (Quick), "
        "Marked for 2 rounds when a hit deals 2 or more]"
    )


def test_modes_off_hand_floor_plus_and_on_hit_are_said_as_the_specs_example() -> None:
    def dragons(data: dict[str, Any]) -> None:
        data["combat"]["creatureTypes"] = [{"id": "dragon", "label": "Dragon"}]

    rules = _edited("gravewatch", dragons)
    blade = Item.model_validate(
        {
            "category": "arm",
            "slots": {"hands": 1},
            "attack": {
                "budget": "act",
                "toHit": {"abilities": ["sinew", "nerve"], "bonus": -1, "proficiency": {"const": 1}},
                "damage": {"dice": "1d8", "bonus": 2, "type": "tearing"},
                "ammo": {"tag": "shot"},
                "modes": [{"id": "volley", "label": "Volley", "ammo": 2, "toHit": -2, "targets": 2}],
                "offHand": True,
                "floor": 1,
                "plus": [{"dice": "3d6", "type": "slashing", "targetIs": {"types": ["dragon"]}}],
                "onHit": [{"condition": "marked", "atLeast": 2, "rounds": 2}],
            },
        }
    )
    state = GameState(
        party=(member("Ada", Stack(name="Wyrm blade", count=1, invented="wyrm blade")),),
        invented=(InventedItem(key="wyrm blade", name="Wyrm blade", item=blade),),
    )
    assert said(state, rules) == (
        "Wyrm blade [Arm; attack (Act): Sinew/Nerve - 1 + proficiency to hit, 1d8 + 2 tearing, "
        "ammunition Shot (1 an attack), modes Volley (2 shots, -2 to hit, up to 2 targets), off hand (Quick), "
        "at least 1 on a hit before resistance, +3d6 slashing against Dragon, "
        "Marked for 2 rounds when a hit deals 2 or more]"
    )


def test_the_poultice_use_is_said_as_the_spec_says_it() -> None:
    assert one("Poultice", "ember-roads", 2) == (
        "Poultice ×2 [Remedy, Common; costs 3 marks; use (Action): heals 1d4 + 1, range 0 paces, used up]"
    )


def test_the_dawn_bell_use_is_said_as_the_spec_says_it() -> None:
    assert one("Dawn bell", "gravewatch").endswith(
        "; use (Act): Steel 7 save negates it, Rattled, 1 of 3 charges]"
    )


def test_a_use_that_restores_a_pool_or_asks_a_check_first_says_so() -> None:
    assert one("Warming tonic", "gravewatch").endswith("; use (Quick): heals 1, restores 1 Resolve, used up]")
    assert one("Page of the vigil litany", "gravewatch").endswith(
        "; use (Act): restores 2 Resolve, used up, a Ward check against 2 first unless Nerve is 3 or more "
        "(failed: used up for nothing)]"
    )


def test_a_ruleset_without_fights_says_a_budget_by_its_id() -> None:
    assert one("Potion of Healing", "srd-5e") == (
        "Potion of Healing [Potion, Common, Magical; Weight 0.5; costs 50 gold pieces; "
        "use (action): heals 2d4 + 2, used up]"
    )


def test_coins_are_entries_with_their_familys_label_and_plain_items_just_their_name() -> None:
    bag = member("Ada", coins("shilling", 12), Stack(name="Rope", count=2), Stack(name="Chalk", count=1))
    assert said(party(bag), rules_for("gravewatch")) == "shillings ×12 [Coin]; Rope ×2; Chalk"


def test_a_nicknamed_stack_says_its_own_name_and_the_items() -> None:
    axe = Stack(name="Old Faithful", count=1, item="outfitter/hand-axe")
    line = said(party(member("Ada", axe)), rules_for("ember-roads"))
    assert line.startswith("Old Faithful (Hand axe) [Weapon, Common, Thrown;")


def test_the_item_macro_says_a_name_and_its_facts_for_other_blocks() -> None:
    rules = rules_for("gravewatch")
    entry = rules.book.find("Lantern coat")
    assert entry is not None
    macro = _renderer().environment.get_template("blocks/item.jinja").module.item  # type: ignore[attr-defined]
    assert str(macro("Lantern coat", item_facts(entry.item, Words(rules)))) == (
        "Lantern coat [Coat, Common; costs 8 shillings; worn: +1 on checks (Listen)]"
    )
