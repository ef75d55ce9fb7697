"""The notes of the bag and money modules (wearing, invent, inventory, carrying, placing, money, purse, place,
loot, decide, and the market's trade, selling, marketplace): every code they can say, rendered from realistic facts through ``prompts/notes/``, in the words
the engine said before its notes were facts; and a user's template folder changes only the wording it edits."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tagproc.notes import Note, note
from tagproc.render import Renderer, prompts_path

RENDERER = Renderer()
ENGINE = Path(__file__).resolve().parent.parent / "tagproc" / "engine"
MODULES = (
    "wearing",
    "invent",
    "inventory",
    "bags",
    "carrying",
    "placing",
    "money",
    "purse",
    "place",
    "loot",
    "decide",
    "trade",
    "selling",
    "marketplace",
    "marketday",
)
GROUPS = ("wearing", "invent", "inventory", "carrying", "money", "place", "loot", "party", "market")

LOAD = note("carrying.load", load="11", limit="12")

# Each code with realistic facts, and the words it is said in.
SAID: list[tuple[Note, str]] = [
    # money (money.py, purse.py)
    (
        note("money.paid", paid=(("crowns", 1),), back=(("shillings", 2),)),
        "Paid with crowns ×1; shillings ×2 back.",
    ),
    (
        note("money.paid", paid=(("crowns", 1), ("shillings", 3)), back=()),
        "Paid with crowns ×1 and shillings ×3.",
    ),
    (
        note("money.paid", paid=(("crowns", 1), ("shillings", 1), ("pennies", 3)), back=()),
        "Paid with crowns ×1, shillings ×1 and pennies ×3.",
    ),
    (note("money.no_currencies"), "This ruleset has no money."),
    (
        note("money.unknown_coin", name="ducats", known=("pennies", "shillings", "crowns")),
        '"ducats" is not a coin of this ruleset (pennies, shillings, crowns).',
    ),
    (note("money.mixed_families"), "Those coins do not change into each other: pay each on its own."),
    (
        note("money.cannot_afford", who="Ada", held=30, owed=36, smallest="pennies"),
        "Ada has coins worth 30 pennies; this is 36 pennies.",
    ),
    (note("money.change_too_heavy", who="Bram"), "Bram cannot carry the change."),
    # carrying (carrying.py, placing.py)
    (LOAD, "11 of 12 carried"),
    (note("carrying.load", load="11.5", limit="12"), "11.5 of 12 carried"),
    (
        note("carrying.no_stack_room", name="Arrow", most=200),
        "No bag takes more than 200 stacks: Arrow is left behind.",
    ),
    (
        note("carrying.nobody_can_carry", name="Leather coat"),
        "Nobody can carry Leather coat: it is left behind.",
    ),
    (
        note("carrying.cannot_carry", who="Bram", name="Leather coat", load=LOAD),
        "Bram cannot carry Leather coat: 11 of 12 carried.",
    ),
    # party (placing.py's member_or_refusal, decide.py)
    (
        note("party.ambiguous", name="Ad", key="who", names=("Ada", "Adam")),
        '"Ad" (who=) could be Ada, Adam.',
    ),
    (note("party.nobody_called", name="Cora", key="to"), 'Nobody in the party is called "Cora" (to=).'),
    (
        note(
            "party.now",
            members=(
                note("party.applied", who="Ada", now="2/3"),
                note("party.applied", who="Cora", now=None),
                note("party.refused", who="Bram", reason="insufficient"),
            ),
        ),
        "Ada 2/3; Cora; Bram refused (insufficient)",
    ),
    (
        note("party.applied", who="Ada", now=note("rest.now", rest="Catch your breath", restored=())),
        "Ada Catch your breath: nothing came back",
    ),
    (note("party.refused", who="Bram", reason="no-pool"), "Bram refused (no-pool)"),
    (
        note("party.member_said", who="Bram", notes=(note("money.change_too_heavy", who="Bram"),)),
        "Bram: Bram cannot carry the change.",
    ),
    # inventory (inventory.py, decide.py)
    (
        note("inventory.description_left_out", name="Hand axe"),
        "Hand axe is already an item of this game; the description was left out.",
    ),
    (
        note("inventory.service", name="A bed at the watch-house"),
        "A bed at the watch-house is a service: it is bought, never carried.",
    ),
    (
        note("inventory.not_ruleset_item", name="Laser pistol"),
        '"Laser pistol" is not an item of this ruleset: add one of its items, or describe a new one.',
    ),
    (note("inventory.party_held_only", count=3), "The party held only 3: 3 taken."),
    (note("inventory.none_held", who="Ada", name="crown"), "Ada holds no crown."),
    (note("inventory.held_only", who="Ada", held=2, count=2), "Ada held only 2: 2 taken."),
    (note("inventory.give_to_nobody"), "A give names the member who gets it (to=)."),
    (note("inventory.give_to_party"), "A give names one member to=, never the whole party."),
    (note("inventory.give_to_self", who="Ada"), "Ada already holds it."),
    (
        note("inventory.bag_full", who="Bram", most=200),
        "No bag takes more than 200 stacks: Bram's is full.",
    ),
    (note("inventory.taken_off"), "Taken off to be given."),
    (note("inventory.unbound_by_giving", who="Bram"), "No longer bound: Bram must bind it anew."),
    (
        note("inventory.can_carry_only", who="Bram", placed=1, count=3, name="Leather coat", load=LOAD),
        "Bram can carry only 1 of 3 Leather coat: 11 of 12 carried.",
    ),
    (note("inventory.unapplied"), "tagproc does not run this action yet; nothing changed."),
    # wearing (wearing.py)
    (note("wearing.no_slots"), "This ruleset has no slots: nothing is equipped."),
    (note("wearing.takes_no_slot", name="Rope"), "Rope takes no slot: it cannot be worn."),
    (
        note("wearing.no_free_slot", slot="body", who="Ada", has=1, used=1, worn=("Leather coat",)),
        "No free body: Ada has 1, 1 in use (Leather coat worn there).",
    ),
    (
        note("wearing.no_free_slot", slot="hand", who="Ada", has=2, used=2, worn=("Hand axe", "Buckler")),
        "No free hand: Ada has 2, 2 in use (Hand axe, Buckler worn there).",
    ),
    (
        note("wearing.no_free_slot", slot="finger", who="Ada", has=0, used=0, worn=()),
        "No free finger: Ada has 0, 0 in use (nothing worn there).",
    ),
    (note("wearing.all_worn", who="Ada", name="Hand axe"), "Ada already wears every Hand axe."),
    (note("wearing.only_loose", who="Ada", loose=1, count=1), "Ada had only 1 not worn: 1 equipped."),
    (note("wearing.no_slot_for_more", who="Ada", count=2), "Ada has no free slot for more: 2 equipped."),
    (note("wearing.not_worn", who="Ada", name="Hand axe"), "Ada does not wear Hand axe."),
    (note("wearing.wore_only", who="Ada", worn=1, count=1), "Ada wore only 1: 1 taken off."),
    (note("wearing.no_binding"), "This ruleset has no binding: nothing is bound."),
    (note("wearing.does_not_bind", name="Rope"), "Rope does not bind."),
    (
        note("wearing.binding_full", who="Ada", bound=2, most=2, names=("Dawn bell", "Grave ring")),
        "Ada has 2 of 2 bound: Dawn bell, Grave ring.",
    ),
    (note("wearing.binding_full", who="Ada", bound=0, most=0, names=()), "Ada has 0 of 0 bound."),
    (note("wearing.all_bound", who="Ada", name="Dawn bell"), "Ada has every Dawn bell bound already."),
    (note("wearing.only_unbound", who="Ada", unbound=1, count=1), "Ada had only 1 not bound: 1 bound."),
    (note("wearing.binding_full_for_more", who="Ada", count=1), "Ada can bind no more: 1 bound."),
    (
        note("wearing.cursed_bound", name="Grave ring"),
        "Grave ring is cursed: once bound, it will not let go.",
    ),
    (note("wearing.none_bound", who="Ada", name="Dawn bell"), "Ada has no Dawn bell bound."),
    (note("wearing.bound_only", who="Ada", bound=1, count=1), "Ada had only 1 bound: 1 unbound."),
    (note("wearing.curse_ended", name="Grave ring"), "The curse on Grave ring is ended: it lets go."),
    # invent (invent.py)
    (note("invent.not_allowed"), "This ruleset does not let the Game Master invent items."),
    (
        note("invent.cannot_make", error="Input should be a valid integer"),
        "The item cannot be made: Input should be a valid integer.",
    ),
    (note("invent.first_category", category="Weapon"), "Kept in Weapon, the first category of this ruleset."),
    (note("invent.fights_as", weapon="Hand axe"), "It fights as Hand axe does."),
    (
        note("invent.no_attack"),
        "Made without an attack: it takes no slot and does not bind, so it is never worn.",
    ),
    (
        note("invent.like_a_service", like="A bed at the watch-house"),
        "Left out like=A bed at the watch-house: a service is never carried.",
    ),
    (note("invent.slots_held", most=2, slot="hands"), "It takes 2 hands, all a character has."),
    (
        note("invent.stat_held", stat="Guard", value=3, held=1, rarity="Common"),
        "Guard 3 is held to 1 for a Common item.",
    ),
    (
        note("invent.stat_held", stat="Weight", value=2.5, held=1.25, rarity="Common"),
        "Weight 2.5 is held to 1.25 for a Common item.",
    ),
    (
        note(
            "invent.dice_left_out",
            part="worn",
            dice="1d4",
            on=("Sneak",),
            to="checks",
            rarity="Common",
            bonus=1,
        ),
        "Left out worn 1d4 on Sneak checks: a Common item adds at most +1.",
    ),
    (
        note(
            "invent.dice_left_out", part="carried", dice="1d6", on=(), to="attacks", rarity="Storied", bonus=2
        ),
        "Left out carried 1d6 on attacks: a Storied item adds at most +2.",
    ),
    (
        note("invent.bonus_held", part="worn", flat=3, on=("Sneak",), to="checks", rarity="Common", bonus=1),
        "Worn +3 on Sneak checks is held to +1 for a Common item.",
    ),
    (
        note(
            "invent.bonus_held",
            part="carried",
            flat=2.5,
            on=("Steel", "Nerve"),
            to="saves",
            rarity="Common",
            bonus=1,
        ),
        "Carried +2.5 on Steel and Nerve saves is held to +1 for a Common item.",
    ),
    (
        note("invent.ability_held", part="worn", add=2, ability="Brawn", rarity="Common", bonus=1),
        "Worn +2 Brawn is held to +1 for a Common item.",
    ),
    # place (place.py)
    (
        note("place.no_market", size="village"),
        'This ruleset has no market, so size="village" was ignored.',
    ),
    (
        note("place.unknown_size", size="metropolis", known=("village", "market town", "city")),
        'No place size is called "metropolis"; sizes here: village, market town, city.',
    ),
    # loot (loot.py)
    (note("loot.no_tables"), "This ruleset has no loot tables."),
    (
        note("loot.unknown_table", table="dragon-hoard", known=("barrow", "bandit-camp")),
        'No loot table "dragon-hoard" (tables: barrow, bandit-camp).',
    ),
    # market (trade.py, selling.py, marketplace.py)
    (note("market.no_market"), "This ruleset has no market: pay and add instead."),
    (note("market.no_place", place=None), "No market place is in force: say [place:] with its size first."),
    (note("market.no_place", place="the Fenway"), "the Fenway has no market."),
    (
        note("market.unknown_level", level="haggled", known=("cheap", "fair", "dear")),
        '"haggled" is not a price level here (cheap, fair, dear).',
    ),
    (
        note("market.unknown_item", name="crowns"),
        '"crowns" is not one of the ruleset\'s items: nobody sells it.',
    ),
    (note("market.no_cost", name="Mossy stone"), "Mossy stone has no price: it is not for sale."),
    (
        note("market.coin_taken_out", name="Lantern coat"),
        "Lantern coat is priced in a coin this game does not use: it is not for sale.",
    ),
    (
        note("market.not_here", name="Silver coffin nail", smallest="market town", here="village"),
        "Silver coffin nail is sold in a market town or larger; this is a village.",
    ),
    (
        note("market.unknown_seller", name="baker", known=("chandler", "smith")),
        '"baker" is not a seller here (sellers here: chandler, smith).',
    ),
    (note("market.unknown_seller", name="baker", known=()), '"baker" is not a seller here.'),
    (
        note("market.seller_not_here", seller="smith", smallest="village", here="hamlet"),
        "There is no smith in a hamlet: one is found in a village or larger.",
    ),
    (
        note("market.seller_does_not_sell", seller="smith", name="Lantern coat", others=("chandler",)),
        "The smith does not sell Lantern coat; here it is sold by: chandler.",
    ),
    (
        note("market.seller_does_not_sell", seller="chandler", name="Watch pistol", others=()),
        "The chandler does not sell Watch pistol.",
    ),
    (note("market.nobody_sells", name="Widow's ring"), "Nobody here sells Widow's ring."),
    (
        note("market.not_to_you", who="Ada", seller="chapel of the Vigil", only="wardens of Nerve 3 or more"),
        "The chapel of the Vigil sells only to wardens of Nerve 3 or more; Ada is not one.",
    ),
    (note("market.not_to_you", who="Ada", seller="guild", only=None), "The guild does not sell to Ada."),
    (
        note("market.sold_out", name="Silver coffin nail", count=2, left=1),
        "Silver coffin nail: only 1 left here today; 2 asked, none bought.",
    ),
    (
        note("market.sold_out", name="Warming tonic", count=1, left=0),
        "Warming tonic is sold out here until a new day.",
    ),
    (
        note(
            "market.cannot_afford", who="Ada", name="Lantern coat ×1", price="8 shillings", held="7 shillings"
        ),
        "Lantern coat ×1 costs 8 shillings; Ada has coins worth 7 shillings.",
    ),
    (
        note(
            "market.too_heavy",
            who="Bram",
            name="Carriage ×1",
            load=note("carrying.load", load="620", limit="150"),
        ),
        "Bram cannot carry Carriage ×1 as well: that would be 620 of 150 carried.",
    ),
    (note("market.no_stack_room", who="Ada", most=200), "Ada's bag takes no more than 200 stacks."),
    (note("market.no_buy_back"), "Nobody here buys anything back."),
    (
        note("market.not_a_ware", name="Mossy stone"),
        '"Mossy stone" is not one of the ruleset\'s items: nobody buys it.',
    ),
    (
        note("market.seller_does_not_buy", seller="chandler", name="Grave spade", others=("smith",)),
        "The chandler does not buy Grave spade; here it is bought by: smith.",
    ),
    (
        note("market.seller_does_not_buy", seller="chandler", name="Grave spade", others=()),
        "The chandler does not buy Grave spade.",
    ),
    (note("market.nobody_buys", name="Dawn bell"), "Nobody here buys Dawn bell."),
    (
        note("market.purse_spent", price="4 crowns", left="3 shillings"),
        "The sellers here have 3 shillings left to pay out today; this sale is 4 crowns.",
    ),
    (note("market.none_held", who="Ada", name="Grave spade"), "Ada holds no Grave spade."),
    (
        note("market.cursed", who="Ada", name="Widow's ring"),
        "Ada's Widow's ring is bound and cursed: it cannot be sold.",
    ),
    (note("market.held_only", who="Ada", held=1, count=1), "Ada held only 1: 1 sold."),
    (note("market.sold", coins=(("crowns", 1), ("shillings", 1))), "Paid in crowns ×1 and shillings ×1."),
]


@pytest.mark.parametrize(("said", "words"), SAID, ids=[f"{one.code}-{i}" for i, (one, _) in enumerate(SAID)])
def test_each_note_is_said_in_its_words(said: Note, words: str) -> None:
    assert RENDERER.say(said) == words


def test_notes_are_joined_by_one_space() -> None:
    taken = (note("inventory.held_only", who="Ada", held=1, count=1), note("inventory.taken_off"))
    assert RENDERER.say(taken) == "Ada held only 1: 1 taken. Taken off to be given."


def _codes_in_sources() -> set[str]:
    found: set[str] = set()
    for module in MODULES:
        found |= set(re.findall(r'note\(\s*"([a-z_]+\.[a-z_]+)"', (ENGINE / f"{module}.py").read_text()))
    return found


def _macros_of_groups() -> set[str]:
    folder = Path(str(prompts_path())) / "notes"
    found: set[str] = set()
    for group in GROUPS:
        text = (folder / f"{group}.jinja").read_text(encoding="utf-8")
        found |= {f"{group}.{name}" for name in re.findall(r"\{%-? macro ([a-z][a-z_]*)\(", text)}
    return found


def test_every_code_the_modules_say_is_tested_and_has_a_macro() -> None:
    tested = {said.code for said, _ in SAID}
    in_sources = _codes_in_sources()
    assert in_sources - tested == set()
    assert in_sources <= _macros_of_groups()
    # ... and every macro of these templates is one the engine says (party.member_said is decide.py's).
    assert _macros_of_groups() == tested


def test_every_macro_has_a_comment_saying_when_it_is_said() -> None:
    folder = Path(str(prompts_path())) / "notes"
    for group in GROUPS:
        lines = (folder / f"{group}.jinja").read_text(encoding="utf-8").splitlines()
        for index, line in enumerate(lines):
            if line.startswith("{% macro"):
                assert index > 0 and lines[index - 1].startswith("{#-"), (group, line)


def test_a_user_template_folder_changes_only_the_wording_it_edits(tmp_path: Path) -> None:
    folder = tmp_path / "prompts"
    shutil.copytree(Path(str(prompts_path())), folder)
    invent = folder / "notes" / "invent.jinja"
    text = invent.read_text(encoding="utf-8")
    old = "It fights as {{ weapon }} does."
    assert text.count(old) == 1
    invent.write_text(text.replace(old, "It strikes like {{ weapon }}."), encoding="utf-8")
    theirs = Renderer(folder)
    for said, words in SAID:
        if said.code == "invent.fights_as":
            assert theirs.say(said) == f"It strikes like {said.get('weapon')}."
        else:
            assert theirs.say(said) == words, said.code
    assert RENDERER.say(note("invent.fights_as", weapon="Hand axe")) == "It fights as Hand axe does."


def test_a_nested_load_follows_the_users_wording(tmp_path: Path) -> None:
    folder = tmp_path / "prompts"
    shutil.copytree(Path(str(prompts_path())), folder)
    carrying = folder / "notes" / "carrying.jinja"
    text = carrying.read_text(encoding="utf-8")
    carrying.write_text(text.replace("{{ load }} of {{ limit }} carried", "load {{ load }}/{{ limit }}"))
    theirs = Renderer(folder)
    said = note("inventory.can_carry_only", who="Bram", placed=1, count=3, name="Leather coat", load=LOAD)
    assert theirs.say(said) == "Bram can carry only 1 of 3 Leather coat: load 11/12."
