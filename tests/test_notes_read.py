"""The reader's notes in words: every code of ``prompts/notes/read_*.jinja`` and ``prompts/notes/tags.jinja``
(what the normaliser and the turn tell the Game Master) said from realistic facts, in the words these
notes had when they were f-strings (byte for byte: the goldens and the corpus hold them too)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tagproc.notes import Note, note
from tagproc.render import Renderer, prompts_path

EITHER_TWO = note("read_names.either", labels=("Rope, hempen (50 feet)", "Rope, silk (50 feet)"), more=0)
EITHER_MORE = note(
    "read_names.either",
    labels=("Meal (Aristocratic)", "Meal (Comfortable)", "Meal (Modest)", "Meal (Poor)"),
    more=2,
)

SAID: list[tuple[str, dict[str, Any], str]] = [
    # read_counts
    ("read_counts.vague", {"text": "a few"}, '"a few" says no number; write the count.'),
    ("read_counts.not_a_number", {"text": "lots"}, 'count "lots" is not a number.'),
    (
        "read_counts.too_many_digits",
        {"number": 12345678901, "digits": 9},
        "A count of more than 9 digits (12345678901) was read as 1.",
    ),
    ("read_counts.below_one", {"number": -3}, "A count of -3 was read as 1."),
    ("read_counts.below_one", {"number": 0}, "A count of 0 was read as 1."),
    (
        "read_counts.capped",
        {"number": 20000, "limit": 9999},
        "A count is at most 9,999: 20,000 was read as 9,999.",
    ),
    (
        "read_counts.capped",
        {"number": 2000000, "limit": 999999},
        "A count is at most 999,999: 2,000,000 was read as 999,999.",
    ),
    (
        "read_counts.conflict",
        {"text": "2 torches", "says": 2, "given": 3},
        '"2 torches" says 2 but count= says 3.',
    ),
    # read_names
    ("read_names.cut", {"what": "item", "most": 120}, "The item's name was cut to its first 120 characters."),
    (
        "read_names.cut",
        {"what": "place", "most": 120},
        "The place's name was cut to its first 120 characters.",
    ),
    ("read_names.cut", {"what": "to", "most": 120}, "to= was cut to its first 120 characters."),
    ("read_names.no_item", {}, "the tag names no item."),
    (
        "read_names.key_inside",
        {"text": "Torch' count='2"},
        "\"Torch' count='2\" holds a key=; its quotes do not match.",
    ),
    ("read_names.only_more", {"text": "2 more"}, '"2 more" names no item; write the item\'s name.'),
    (
        "read_names.count_left",
        {"text": "Torch (2 or 3)"},
        '"Torch (2 or 3)" holds a count that says no one number; write count=.',
    ),
    (
        "read_names.took",
        {"text": "healing potion", "label": "Potion of Healing"},
        'Took "healing potion" as Potion of Healing.',
    ),
    (
        "read_names.took_bundles",
        {"count": 40, "text": "arrows", "label": "Arrows (20)", "bundles": 2},
        'Took "40 arrows" as Arrows (20) ×2.',
    ),
    (
        "read_names.kept_bundle",
        {"text": "arrows", "label": "Arrows (20)", "bundle": 20},
        'Kept "arrows" as written: Arrows (20) comes 20 to a bundle.',
    ),
    (
        "read_names.may_be",
        {"text": "bell", "label": "Bell of the drowned saint"},
        '"bell" may be Bell of the drowned saint: write its full name for it, or a name of its own for a new item.',
    ),
    (
        "read_names.could_be",
        {"text": "rope", "either": EITHER_TWO},
        '"rope" could be Rope, hempen (50 feet) or Rope, silk (50 feet); write the one meant.',
    ),
    (
        "read_names.could_be",
        {"text": "meal", "either": EITHER_MORE},
        '"meal" could be Meal (Aristocratic), Meal (Comfortable), Meal (Modest), Meal (Poor) or 2 more; '
        "write the one meant.",
    ),
    (
        "read_names.either",
        {"labels": ("Crossbow, light", "Crossbow, hand", "Crossbow, heavy"), "more": 0},
        "Crossbow, light, Crossbow, hand or Crossbow, heavy",
    ),
    # read_coins
    (
        "read_coins.hedged",
        {"text": "about 5 gp", "hedge": "about"},
        '"about 5 gp" says no one amount ("about"); write it as "3 shillings".',
    ),
    ("read_coins.no_amount", {}, "the tag says no amount."),
    (
        "read_coins.count_with_several",
        {"text": "2 shillings, 3 pennies"},
        'count= cannot go with several coins ("2 shillings, 3 pennies").',
    ),
    ("read_coins.vague", {"text": "some"}, '"some" says no number; write the amount ("3 shillings").'),
    ("read_coins.no_coin", {"text": "36"}, '"36" names no coin; write it as "3 shillings".'),
    (
        "read_coins.two_coins",
        {"text": "gold silver"},
        '"gold silver" names two coins; write one ("5 gold pieces").',
    ),
    ("read_coins.left_out", {"text": "(for the rope)"}, 'Left out "(for the rope)".'),
    ("read_coins.took_one", {"text": "Marks"}, 'Took "Marks" as one.'),
    # read_who
    ("read_who.player", {"key": "who", "text": "me", "member": "Ada"}, 'Took who="me" as Ada, the player.'),
    (
        "read_who.party_of_one",
        {"key": "who", "text": "the whole party", "member": "Ada"},
        'Took who="the whole party" as Ada, the whole party.',
    ),
    ("read_who.took", {"key": "to", "text": "old Bram", "member": "Bram"}, 'Took to="old Bram" as Bram.'),
    (
        "read_who.several",
        {"key": "who", "text": "Ada and Bram", "members": ("Ada", "Bram")},
        'who="Ada and Bram" names more than one member (Ada, Bram): write one each.',
    ),
    (
        "read_who.someone_else",
        {"key": "who", "text": "Bram's brother", "member": "Bram"},
        'who="Bram\'s brother" names someone other than Bram: write who it is.',
    ),
    (
        "read_who.not_a_member",
        {"key": "who", "text": "Ada, Zed", "piece": "Zed"},
        'who="Ada, Zed": "Zed" is no member of the party.',
    ),
    # read_inventory
    ("read_inventory.no_item", {}, "the tag names no item (item=)."),
    ("read_inventory.points_back", {"text": "2 more"}, '"2 more" names no item; write each item\'s name.'),
    ("read_inventory.one_new_item", {}, "a new item is described one tag an item."),
    ("read_inventory.amount_and_count", {"amount": "4", "given": 3}, "amount=4 but count=3."),
    ("read_inventory.no_amount", {}, 'a payment says how much (amount="3 shillings").'),
    # read_keys
    ("read_keys.no_tag", {"name": "gizmo"}, '"gizmo" is no tag.'),
    ("read_keys.no_verb", {"key": "action"}, "the tag says no action=."),
    ("read_keys.cannot_do", {"text": "teleport"}, '"teleport" is not something it can do.'),
    ("read_keys.syntax", {"problem": "no tag name"}, "no tag name"),
    (
        "read_keys.invalid",
        {"where": "amount", "message": "Input should be greater than or equal to 0"},
        "amount: Input should be greater than or equal to 0",
    ),
    (
        "read_keys.invalid",
        {"where": "", "message": "Value error, only saves can be failed"},
        "Value error, only saves can be failed",
    ),
    ("read_keys.internal_error", {"error": "KeyError"}, "internal error: KeyError"),
    ("read_keys.rest_each", {"members": ("party",)}, "Read as a rest for the whole party."),
    ("read_keys.rest_each", {"members": ("Ada", "Bram")}, "Read as a rest for each of Ada, Bram."),
    (
        "read_keys.dash",
        {"first": "harm", "rest": "1 Mira"},
        '"harm - 1 Mira": is the dash a minus sign? Write the keys (op=, amount=).',
    ),
    (
        "read_keys.use_or_add",
        {"verb": "take", "item": "Healing draught"},
        '"take" Healing draught could mean use it (action="use") or pick it up (action="add"): write which.',
    ),
    ("read_keys.two_verbs", {"verbs": ("add", "remove")}, "the tag says two things to do (add, remove)."),
    ("read_keys.alternatives", {"text": "equip/drop"}, '"equip/drop" says more than one thing to do.'),
    (
        "read_keys.two_meanings",
        {"text": "stow", "why": "put it in a bag (add) or put it away from the hands (unequip)?"},
        '"stow" means two things: put it in a bag (add) or put it away from the hands (unequip)?',
    ),
    (
        "read_keys.op_by_key",
        {"text": "set", "keys": ("pool", "track")},
        '"set" is an op only with one of pool= or track=: write op=.',
    ),
    (
        "read_keys.maybe_state",
        {"key": "value", "text": "maybe"},
        'value="maybe" could be the state: write state="on" or "off".',
    ),
    (
        "read_keys.twice",
        {"key": "action", "first": "add", "second": "remove"},
        'action= is written twice ("add", "remove").',
    ),
    (
        "read_keys.conditional",
        {"text": "if he agrees"},
        'note="if he agrees" makes the tag conditional: run it when it happens.',
    ),
    ("read_keys.ignored", {"key": "colour", "text": "red"}, 'Ignored colour="red".'),
    (
        "read_keys.distributive",
        {"key": "each", "text": "2"},
        'each="2": one each, or so many in all? Write one tag each.',
    ),
    (
        "read_keys.person_not_read",
        {"key": "seller", "text": "Bram"},
        'seller="Bram" names someone this action does not read.',
    ),
    (
        "read_keys.second_change",
        {"key": "harm", "text": "+1"},
        'harm="+1" is a change this op does not make: one tag each.',
    ),
    ("read_keys.risk_of", {"risk": "member"}, "a member of the party"),
    ("read_keys.risk_of", {"risk": "loot_table"}, "a loot table of this game"),
    (
        "read_keys.risky_key",
        {"key": "for_Bram", "risk": "member"},
        "for_Bram= is no key tagproc reads, and it names a member of the party.",
    ),
    (
        "read_keys.risky_value",
        {"key": "colour", "text": "12", "risk": "number"},
        'colour= is no key tagproc reads, and "12" names a number.',
    ),
    (
        "read_keys.risky_value",
        {"key": "colour", "text": "Torch", "risk": "item"},
        'colour= is no key tagproc reads, and "Torch" names an item or a coin.',
    ),
    (
        "read_keys.risky_value",
        {"key": "colour", "text": "new day", "risk": "day"},
        'colour= is no key tagproc reads, and "new day" names a new day.',
    ),
    (
        "read_keys.risky_value",
        {"key": "colour", "text": "rattled", "risk": "condition"},
        'colour= is no key tagproc reads, and "rattled" names a condition of this game.',
    ),
    (
        "read_keys.everyone",
        {"key": "who", "text": "everyone"},
        'who="everyone": one each, or one for the party\'s bags? Write one tag a member, or who="party".',
    ),
    (
        "read_keys.whole_party",
        {"key": "who", "text": "party"},
        'who="party" is the whole party: write one tag a member (only an add, an earn, a loot or a sheet op goes '
        "to everyone at once).",
    ),
    # read_free
    ("read_free.ignored", {"text": "(found in the crypt)"}, 'Ignored "(found in the crypt)".'),
    (
        "read_free.payee_left_out",
        {"text": "to the innkeeper"},
        'Left out "to the innkeeper": a payment names no one it goes to.',
    ),
    (
        "read_free.payment_aside",
        {"text": "for the room"},
        'Left out "for the room": a payment is only its amount.',
    ),
    (
        "read_free.item_first",
        {"text": "Torch Ada"},
        '"Torch Ada" starts with an item\'s name, not an action.',
    ),
    ("read_free.two_verbs", {"text": "got dropped"}, '"got dropped" is two verbs: write action= once.'),
    (
        "read_free.no_place",
        {"text": "for the road"},
        '"for the road" has no place in this tag: write the keys.',
    ),
    ("read_free.not_one_item", {"text": "Torch Rope"}, '"Torch Rope" is not one item: write item="...".'),
    ("read_free.second_change", {"text": "-2"}, '"-2" starts a second change: write one tag each.'),
    (
        "read_free.dash",
        {"text": "Torch - 2"},
        '"Torch - 2": is the dash a minus sign? Write count= (or one tag each).',
    ),
    (
        "read_free.loose_member",
        {"text": "Torch for him", "word": "him"},
        '"Torch for him": what "him" goes with is no one of the party.',
    ),
    ("read_free.nothing_named", {"text": "bananas"}, '"bananas" is nothing this game names: write the keys.'),
    (
        "read_free.not_in_op",
        {"text": "rattled", "op": "spend"},
        '"rattled" has no place in a spend: write the keys.',
    ),
    ("read_free.two_ops", {"ops": ("heal", "spend")}, "the tag says two ops (heal, spend): write op= once."),
    ("read_free.no_op", {}, "the tag says no op= (and nothing in it says which)."),
    ("read_free.which_op", {"text": "set"}, '"set" could be more than one op here: write op=.'),
    (
        "read_free.two_of",
        {"kind": "pool", "ids": ("grit", "resolve")},
        "the tag names two of pool (grit, resolve).",
    ),
    ("read_free.members", {"members": ("Ada", "Bram")}, "the tag names more than one member (Ada, Bram)."),
    ("read_free.on_and_off", {}, "the tag says both on and off."),
    ("read_free.off_in_op", {"op": "spend"}, '"off" has no place in a spend.'),
    ("read_free.number_in_op", {"text": "2", "op": "rest"}, '"2" has no place in a rest.'),
    ("read_free.two_numbers", {"numbers": ("2", "3")}, "the tag says two numbers (2, 3)."),
    ("read_free.track_number", {"text": "2"}, '"2": write "to 2" or "+2" for a track.'),
    ("read_free.before_field", {"text": "quickly"}, '"quickly" before the field is nothing this game names.'),
    # read_sheet
    (
        "read_sheet.several_things",
        {"key": "heat", "ids": ("heat", "heat_track")},
        "heat= is more than one thing of this game (heat, heat_track).",
    ),
    ("read_sheet.not_a_state", {"key": "rattled", "text": "maybe"}, 'rattled="maybe" is neither on nor off.'),
    (
        "read_sheet.track_value",
        {"key": "harm", "text": "2"},
        'harm="2": write +N or -N to move it, or op= to say what.',
    ),
    (
        "read_sheet.no_sign",
        {"key": "resolve", "text": "2"},
        'resolve="2" says no sign and no op: spend, restore or damage?',
    ),
    (
        "read_sheet.takes_nothing",
        {"key": "resolve", "text": "-2", "op": "restore"},
        'resolve="-2": a restore takes nothing away.',
    ),
    ("read_sheet.no_place", {}, "a place tag says the place's name= or its size=."),
    (
        "read_sheet.no_place_named",
        {"text": "same", "key": True},
        'name="same" names no place: nothing changed (the place in force stays).',
    ),
    (
        "read_sheet.no_place_named",
        {"text": "Here", "key": False},
        '"Here" names no place: nothing changed (the place in force stays).',
    ),
    (
        "read_sheet.moving",
        {"name": "Millbrook to Ashford", "word": "to"},
        'name="Millbrook to Ashford" says a journey or a doubt ("to"), not one place: write name= alone.',
    ),
    ("read_sheet.day_ignored", {"day": "3"}, 'Ignored day="3": only day="new" starts a new day.'),
    ("read_sheet.no_table", {}, "a loot tag names its table=."),
    (
        "read_sheet.table_member",
        {"table": "crypt Bram", "member": "Bram", "who": "Ada"},
        'table="crypt Bram" names Bram but who="Ada".',
    ),
    ("read_sheet.no_field", {}, "a note names its field=."),
    ("read_sheet.damage_names", {}, "damage names a pool= or a track=."),
    ("read_sheet.no_pool", {"op": "spend"}, "spend names a pool=."),
    ("read_sheet.no_number", {"key": "amount"}, "the tag says no amount=."),
    ("read_sheet.no_number", {"key": "to"}, "the tag says no to=."),
    (
        "read_sheet.not_whole",
        {"key": "amount", "text": "two and a half"},
        'amount="two and a half" is not a whole number.',
    ),
    ("read_sheet.below_zero", {"key": "amount", "text": "-2"}, 'amount="-2" is below zero.'),
    (
        "read_sheet.no_unit",
        {"text": "bananas"},
        'amount says "bananas", which is no unit or pool of this game.',
    ),
    (
        "read_sheet.unit_conflict",
        {"text": "grit", "kind": "pool", "written": "resolve"},
        'amount says grit but pool="resolve".',
    ),
    ("read_sheet.no_condition", {}, "a condition op names its condition=."),
    ("read_sheet.bad_state", {"text": "maybe"}, 'state="maybe" is neither "on" nor "off".'),
    ("read_sheet.no_track", {}, "a track op names its track=."),
    ("read_sheet.to_and_by", {}, "a track op says to= or by=, not both."),
    # read_place
    (
        "read_place.description",
        {"text": "a quiet place"},
        'Left out "(a quiet place)": a description, not the place\'s name.',
    ),
    ("read_place.no_sizes", {"word": "village"}, 'Left out "village": this game has no place sizes.'),
    (
        "read_place.size_among_words",
        {"name": "Millbrook, small village by the sea", "text": "small village by the sea"},
        'name="Millbrook, small village by the sea": "small village by the sea" names a size among other words: '
        "write size=.",
    ),
    (
        "read_place.name_or_size",
        {"name": "Millbrook Town", "word": "Town"},
        'name="Millbrook Town": is "Town" part of the name or its size? Write size=.',
    ),
    ("read_place.only_size", {"name": "the village"}, 'name="the village" names a size, not a place.'),
    (
        "read_place.size_conflict",
        {"name": "Millbrook, village", "word": "village", "size": "city"},
        'name="Millbrook, village" says village but size="city".',
    ),
    # read_proposal
    ("read_proposal.like_left_out", {"text": "Moon"}, 'Left out like="Moon": not an item of this ruleset.'),
    (
        "read_proposal.left_out",
        {"what": "category", "text": "gadget"},
        'Left out category "gadget": not one of this ruleset\'s.',
    ),
    (
        "read_proposal.left_out",
        {"what": "stat", "text": "glowing"},
        'Left out stat "glowing": not one of this ruleset\'s.',
    ),
    (
        "read_proposal.change_left_out",
        {"key": "worn", "text": "+1 Luck"},
        'Left out worn "+1 Luck": nothing of this ruleset\'s.',
    ),
    (
        "read_proposal.no_rarities",
        {"text": "mythic"},
        'Left out rarity "mythic": this ruleset has no rarities.',
    ),
    (
        "read_proposal.rarity_to_lowest",
        {"text": "mythic", "lowest": "Common"},
        'Rarity "mythic" is not one of this ruleset\'s; made Common, the lowest.',
    ),
    ("read_proposal.binds_word", {"text": "maybe"}, 'Left out binds="maybe": write yes, cursed or no.'),
    ("read_proposal.no_binding", {}, "Left out binds=: this ruleset has no binding."),
    ("read_proposal.text_cut", {"stat": "Notes", "most": 200}, "Notes is cut to 200 characters."),
    (
        "read_proposal.value_left_out",
        {"stat": "Damage", "text": "lots"},
        'Left out Damage "lots": not a value it takes.',
    ),
    ("read_proposal.held_to_range", {"stat": "Bulk", "text": "12", "held": 5}, "Bulk 12 is held to 5."),
    (
        "read_proposal.held_to_range",
        {"stat": "Weight", "text": "-1.5", "held": 0.0},
        "Weight -1.5 is held to 0.0.",
    ),
    ("read_proposal.worn_defense", {"flats": (1, -2), "label": "Guard"}, "+1 Guard, -2 Guard"),
    (
        "read_proposal.defense_to_stat",
        {"flats": (1,), "label": "Guard", "stat": "guard", "value": 1},
        "Took worn +1 Guard as guard=1.",
    ),
    (
        "read_proposal.defense_beside_stat",
        {"stat": "guard", "value": 1, "label": "Guard", "flats": (1, 2)},
        "guard=1 already raises Guard; left out worn +1 Guard, +2 Guard.",
    ),
    # tags (tagproc/turn.py)
    ("tags.asks_nothing", {}, "The tag asks for nothing."),
    ("tags.struck", {}, "The tag is struck through, so it was not run; nothing changed."),
    ("tags.quoted", {}, "The tag is quoted in the story, so it was not run; nothing changed."),
    ("tags.example", {}, "The tag reads as an example or an offer, so it was not run; nothing changed."),
    (
        "tags.repeated",
        {},
        "The tag repeats one already run in this reply, so it was not run again; nothing changed.",
    ),
    ("tags.player_tag", {}, "A tag in a player's message is never run; nothing changed."),
    (
        "tags.too_many",
        {"most": 40},
        "Only 40 tags of this kind a reply are run; this one was not, and nothing changed.",
    ),
    (
        "tags.too_long",
        {"most": 1500},
        "A tag body is at most 1,500 characters; this one was not read, and nothing changed.",
    ),
    (
        "tags.internal_error",
        {"error": "ZeroDivisionError"},
        "tagproc could not run this (ZeroDivisionError); nothing changed.",
    ),
]


@pytest.fixture(scope="module")
def renderer() -> Renderer:
    return Renderer()


@pytest.mark.parametrize(
    ("code", "facts", "words"), SAID, ids=[f"{code}-{at}" for at, (code, _, _) in enumerate(SAID)]
)
def test_each_reader_note_says_its_words(
    renderer: Renderer, code: str, facts: dict[str, Any], words: str
) -> None:
    assert renderer.say(note(code, **facts)) == words


def test_reader_notes_are_joined_by_one_space_as_before(renderer: Renderer) -> None:
    notes = (note("read_names.took", text="torches", label="Torch"), note("read_counts.below_one", number=0))
    assert renderer.say(notes) == 'Took "torches" as Torch. A count of 0 was read as 1.'


def _macros() -> set[str]:
    folder = prompts_path() / "notes"
    codes: set[str] = set()
    for path in folder.iterdir():
        name = path.name
        if name.endswith(".jinja") and (name.startswith("read_") or name == "tags.jinja"):
            group = name.removesuffix(".jinja")
            codes |= {f"{group}.{macro}" for macro in re.findall(r"{%-?\s*macro\s+(\w+)\(", path.read_text())}
    return codes


def test_every_reader_note_code_is_said_here() -> None:
    assert _macros() == {code for code, _, _ in SAID}


def test_the_facts_of_a_reader_note_are_values() -> None:
    made = note("read_who.several", key="who", text="Ada and Bram", members=("Ada", "Bram"))
    assert isinstance(made, Note) and hash(made) == hash(
        note("read_who.several", key="who", text="Ada and Bram", members=("Ada", "Bram"))
    )
