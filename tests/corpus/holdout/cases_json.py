"""Holdout, json: bodies written as JSON, a Python dict or a JS object, inline, pretty-printed or fenced.

Numbers and booleans as JSON values, ``null`` for "the default", a JSON list of items, trailing commas,
smart quotes around JSON keys.
"""

from __future__ import annotations

from tests.corpus.canon import inv, loot, place, sheet
from tests.corpus.harness import make

K = make("json")

CASES = [
    K(
        "h-json-plain-gw",
        "gw",
        "You pinch out the candle to save it for the crypt, but the wick crumbles. {}",
        (
            '[inventory: {"action": "remove", "item": "Black candle", "count": 1}]',
            inv("remove", "Black candle", count="1"),
        ),
    ),
    K(
        "h-json-pydict-er",
        "er",
        "Bram puts his shoulder to the cart and heaves it out of the rut. {}",
        (
            "[sheet: {'op': 'spend', 'pool': 'grit', 'amount': 2, 'who': 'Bram'}]",
            sheet("spend", pool="grit", amount="2", who="Bram"),
        ),
    ),
    K(
        "h-json-trailing-comma-srd",
        "srd",
        "Bram straps the shield to his arm and rolls his shoulder. {}",
        (
            '[inventory: {"action": "equip", "item": "Shield", "who": "Bram",}]',
            inv("equip", "Shield", who="Bram"),
        ),
    ),
    K(
        "h-json-fenced-gw",
        "gw",
        "The sexton gives in at last and hangs the dawn bell on Mira's cord.\n\n{}\n\n"
        "It is colder than it should be.",
        (
            '[inventory:\n```json\n{"action": "add", "item": "Dawn bell", "who": "Mira"}\n```\n]',
            inv("add", "Dawn bell", who="Mira"),
        ),
    ),
    K(
        "h-json-list-srd",
        "srd",
        "Mira fills her pack from the general store's back shelf. {}",
        (
            '[inventory: {"action": "add", "items": ["Torch", "Tinderbox"], "who": "Mira"}]',
            inv("add", "Torch", who="Mira") + " " + inv("add", "Tinderbox", who="Mira"),
        ),
    ),
    K(
        "h-json-null-er",
        "er",
        "The hermit pushes a poultice into your hand and shuts the door. {}",
        (
            '[inventory: {"action":"add","item":"Poultice","count":1,"who":null}]',
            inv("add", "Poultice", count="1"),
        ),
    ),
    K(
        "h-json-bool-srd",
        "srd",
        "The ogre's swing sweeps Mira's legs out from under her. {}",
        (
            '[sheet: {"op": "condition", "condition": "prone", "state": true, "who": "Mira"}]',
            sheet("condition", condition="prone", state="on", who="Mira"),
        ),
    ),
    K(
        "h-json-place-gw",
        "gw",
        "{}\nAshwick: a green, a well, and a chapel whose door is nailed shut.",
        ('[place: {"name": "Ashwick", "size": "village"}]', place("Ashwick", "village")),
    ),
    K(
        "h-json-loot-srd",
        "srd",
        "Bram pries open the fence's strongbox while the others keep watch. {}",
        ('[loot: {"table": "fences_odd_lot", "who": "Bram"}]', loot("fences_odd_lot", who="Bram")),
    ),
    K(
        "h-json-pretty-er",
        "er",
        "Ada splits her arrows with Bram before the ambush.\n\n{}\n\nYou settle into the rocks to wait.",
        (
            '[inventory: {\n  "action": "give",\n  "item": "Arrows",\n  "count": 5,\n  "who": "Ada",\n'
            '  "to": "Bram"\n}]',
            inv("give", "Arrows", count="5", who="Ada", to="Bram"),
        ),
    ),
    K(
        "h-json-string-numbers-gw",
        "gw",
        "The nail tears a line across Bram's palm. {}",
        (
            '[sheet: {"op": "damage", "track": "harm", "kind": "tear", "amount": "1", "who": "Bram"}]',
            sheet("damage", track="harm", kind="tear", amount="1", who="Bram"),
        ),
    ),
    K(
        "h-json-smart-quotes-gw",
        "gw",
        "You drink the second tonic too, just to stop your teeth chattering. {}",
        ("[inventory: {“action”: “use”, “item”: “Warming tonic”}]", inv("use", "Warming tonic")),
    ),
    K(
        "h-json-rest-srd",
        "srd",
        "You take an hour to bind wounds and catch your breath in the ruined chapel. {}",
        ('[sheet: {"op":"rest","rest":"short"}]', sheet("rest", rest="short")),
    ),
    K(
        "h-json-backticks-er",
        "er",
        "The patrol rides past without stopping; the heat is off for now. {}",
        ('[sheet: `{"op": "track", "track": "heat", "by": -1}`]', sheet("track", track="heat", by="-1")),
    ),
    K(
        "h-json-js-object-gw",
        "gw",
        "The reeve pays Mira for the burial out of the parish box. {}",
        (
            '[inventory: {action: "earn", amount: "3 shillings", who: "Mira"}]',
            inv("earn", amount="3 shillings", who="Mira"),
        ),
    ),
    K(
        "h-json-array-of-objects-er",
        "er",
        "Juno trades the bandage roll for a bundle of arrows from the scout. {}",
        (
            '[inventory: [{"action": "add", "item": "Arrows", "count": 4, "who": "Juno"}, '
            '{"action": "remove", "item": "Salt cake", "count": 1, "who": "Juno"}]]',
            inv("add", "Arrows", count="4", who="Juno")
            + " "
            + inv("remove", "Salt cake", count="1", who="Juno"),
        ),
        note="two commands in one tag, as a JSON array",
    ),
    K(
        "h-json-nested-amount-srd",
        "srd",
        "The ferryman names his price and you count it out. {}",
        ('[inventory: {"action": "pay", "amount": {"gp": 2, "sp": 5}}]', inv("pay", amount="2 gp 5 sp")),
        note="an amount as a JSON object of coins",
    ),
]
