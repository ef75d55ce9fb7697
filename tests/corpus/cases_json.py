"""json: tag bodies written as JSON or as a Python dict, inside the brackets, fenced, or as the tag itself."""

from __future__ import annotations

from tests.corpus.canon import inv, loot, place, sheet
from tests.corpus.harness import make

J = make("json")

FENCE = "```"

CASES = [
    J(
        "js-plain-srd",
        "srd",
        "You take two torches from the wall. {}",
        ('[inventory: {"action": "add", "item": "Torch", "count": 2}]', inv("add", "Torch", count=2)),
    ),
    J(
        "js-trailing-comma-gw",
        "gw",
        "Bram finds a tonic in the dead man's coat. {}",
        (
            '[inventory: {"action": "add", "item": "Warming tonic", "who": "Bram",}]',
            inv("add", "Warming tonic", who="Bram"),
        ),
    ),
    J(
        "js-python-dict-er",
        "er",
        "Ada tosses a poultice to Juno. {}",
        (
            "[inventory: {'action': 'give', 'item': 'Poultice', 'to': 'Juno'}]",
            inv("give", "Poultice", to="Juno"),
        ),
    ),
    J(
        "js-fenced-inside-srd",
        "srd",
        "The torch burns out. {}\nYou are in darkness.",
        (
            f'[inventory:\n{FENCE}json\n{{"action": "remove", "item": "Torch", "count": 1}}\n{FENCE}\n]',
            inv("remove", "Torch", count=1),
        ),
    ),
    J(
        "js-fenced-tag-gw",
        "gw",
        # Decided: a code block with no tag head is the GM's prose, shown as written and never run
        # (tagproc does not guess that a block of JSON is a tag); a JSON body inside a tag is read.
        "Ada takes two candles from the box.\n\n"
        + f'{FENCE}json\n{{"inventory": {{"action": "add", "item": "Black candle", "count": 2}}}}\n{FENCE}'
        + "\n\nThe box is empty now.",
    ),
    J(
        "js-fenced-tag-key-srd",
        "srd",
        "Ada drinks deep from the fountain and feels steadier.\n"
        + f'{FENCE}json\n{{"tag": "sheet", "op": "restore", "pool": "hit_points", "amount": 2}}\n{FENCE}',
    ),
    J(
        "js-sheet-srd",
        "srd",
        "The trap's blade clips Mira's arm. {}",
        (
            '[sheet: {"op": "damage", "pool": "hit_points", "amount": 3, "who": "Mira"}]',
            sheet("damage", pool="hit_points", amount=3, who="Mira"),
        ),
    ),
    J(
        "js-rest-er",
        "er",
        "Juno sleeps by the fire while the others keep watch. {}",
        ('[sheet: {"op": "rest", "rest": "camp", "who": "Juno"}]', sheet("rest", rest="camp", who="Juno")),
    ),
    J(
        "js-place-gw",
        "gw",
        "The carter drops you in Millbrook's square. {}",
        ('[place: {"name": "Millbrook", "size": "town"}]', place("Millbrook", "town")),
    ),
    J(
        "js-loot-gw",
        "gw",
        "Mira kneels in the open grave. {}",
        ('[loot: {"table": "grave_goods", "who": "Mira"}]', loot("grave_goods", who="Mira")),
    ),
    J(
        "js-pay-srd",
        "srd",
        "The guard takes his bribe. {}",
        ('[inventory: {"action": "pay", "amount": "3 gp"}]', inv("pay", amount="3 gp")),
    ),
    J(
        "js-compact-er",
        "er",
        "Bram gathers arrows. {}",
        (
            '[inventory: {"action":"add","item":"Arrows","count":"6","who":"Bram"}]',
            inv("add", "Arrows", count=6, who="Bram"),
        ),
    ),
    J(
        "js-items-list-srd",
        "srd",
        "You sweep the table's clutter into your pack. {}",
        (
            '[inventory: {"action": "add", "items": ["Torch", "Tinderbox"]}]',
            inv("add", "Torch") + " " + inv("add", "Tinderbox"),
        ),
    ),
    J(
        "js-number-amount-gw",
        "gw",
        "The reeve pays three shillings for the night's watch. {}",
        (
            '[inventory: {"action": "earn", "item": "shillings", "count": 3}]',
            inv("earn", amount="3 shillings"),
        ),
    ),
    J(
        "js-forged-result-srd",
        "srd",
        "You buckle on the leather armor. {}",
        (
            '[inventory: {"action": "equip", "item": "Leather Armor", "who": "Ada", "result": "ok"}]',
            inv("equip", "Leather Armor", who="Ada"),
        ),
    ),
    J(
        "js-python-use-er",
        "er",
        "Ada presses the poultice to the wound. {}",
        (
            "[inventory: {'action': 'use', 'item': 'Poultice', 'who': 'Ada'}]",
            inv("use", "Poultice", who="Ada"),
        ),
    ),
    J(
        "js-pretty-gw",
        "gw",
        "Ada hands a tonic to Mira.\n{}\nMira drinks it at once.",
        (
            '[inventory: {\n  "action": "give",\n  "item": "Warming tonic",\n  "count": 1,\n  "to": "Mira"\n}]',
            inv("give", "Warming tonic", count=1, to="Mira"),
        ),
    ),
    J(
        "js-array-srd",
        "srd",
        "You load up for the road. {}",
        (
            '[inventory: [{"action": "add", "item": "Torch"}, {"action": "add", "item": "Rations (1 day)"}]]',
            inv("add", "Torch") + " " + inv("add", "Rations (1 day)"),
        ),
    ),
    J(
        "js-condition-gw",
        "gw",
        "The dawn bell's note clears Bram's head. {}",
        (
            '[sheet: {"op":"condition","condition":"rattled","state":"off","who":"Bram"}]',
            sheet("condition", condition="rattled", state="off", who="Bram"),
        ),
    ),
    J(
        "js-alias-keys-er",
        "er",
        "Juno finds two salt cakes in the ruins. {}",
        (
            '[inventory: {"action": "add", "name": "Salt cake", "quantity": 2, "character": "Juno"}]',
            inv("add", "Salt cake", count=2, who="Juno"),
        ),
    ),
    J(
        "js-trailing-comma-srd",
        "srd",
        "The torch you dropped rolls into the chasm. {}",
        ('[inventory: {"action": "remove", "item": "Torch", "count": 1, }]', inv("remove", "Torch", count=1)),
    ),
    J(
        "js-true-gw",
        "gw",
        "Ada shrugs on the lantern coat. {}",
        (
            '[inventory: {"action": "equip", "item": "Lantern coat", "who": "Ada", "worn": true}]',
            inv("equip", "Lantern coat", who="Ada"),
        ),
    ),
]
