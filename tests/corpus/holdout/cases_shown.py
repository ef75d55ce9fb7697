"""Holdout, shown: tag shapes that today reach the player (other brackets, other heads, unclosed tags).

Each must be hidden and run as its canonical twin; the prose after an unclosed tag must reach the player.
"""

from __future__ import annotations

from tests.corpus.canon import inv, loot, place, sheet
from tests.corpus.harness import make

K = make("shown")

CASES = [
    K(
        "h-shown-parens-gw",
        "gw",
        "The box under the altar holds three black candles {} wrapped in a page of an old almanac.",
        (
            '(inventory: action="add" item="Black candle" count="3")',
            inv("add", "Black candle", count="3"),
        ),
    ),
    K(
        "h-shown-braces-er",
        "er",
        "You throw yourself sideways and the rockfall misses by a hand's width. {} Dust hangs in the air.",
        ('{sheet: op="spend" pool="luck" amount="1"}', sheet("spend", pool="luck", amount="1")),
    ),
    K(
        "h-shown-double-bracket-srd",
        "srd",
        "Ada lights a torch from the brazier and takes a spare for the way back. {} The passage slopes down.",
        ('[[inventory: action="add" item="Torch" count="2"]]', inv("add", "Torch", count="2")),
    ),
    K(
        "h-shown-inv-head-er",
        "er",
        "Bram counts the shafts in the quiver he found: four good ones. {}",
        (
            '[INV: action=add item="Arrows" count=4 who=Bram]',
            inv("add", "Arrows", count="4", who="Bram"),
        ),
    ),
    K(
        "h-shown-changes-head-gw",
        "gw",
        "The candle gutters and dies in the draught from the crypt stairs.\n\n{}",
        (
            '[Inventory changes: action="remove" item="Black candle" count="1"]',
            inv("remove", "Black candle", count="1"),
        ),
    ),
    K(
        "h-shown-bold-head-srd",
        "srd",
        "The kobold's spear catches Mira across the thigh {} — she hisses but keeps her feet.",
        (
            '[**Sheet**: op="damage" pool="hit_points" amount="2" who="Mira"]',
            sheet("damage", pool="hit_points", amount="2", who="Mira"),
        ),
    ),
    K(
        "h-shown-italic-head-er",
        "er",
        "Three arrows go into the dark after the jackal and none come back. {}",
        (
            '[*inventory*: action="remove" item="Arrows" count="3"]',
            inv("remove", "Arrows", count="3"),
        ),
    ),
    K(
        "h-shown-underscore-head-er",
        "er",
        "Bram buckles the leather coat closed against the ash wind. {}",
        ('[inventory_equip: item="Leather coat" who="Bram"]', inv("equip", "Leather coat", who="Bram")),
    ),
    K(
        "h-shown-dot-call-gw",
        "gw",
        'The widow presses a warm bottle into Mira\'s hands. "For the cold," she says. {}',
        (
            '[inventory.add(item="Warming tonic", who="Mira")]',
            inv("add", "Warming tonic", who="Mira"),
        ),
    ),
    K(
        "h-shown-paren-call-srd",
        "srd",
        "Ada flips one of her daggers and offers it hilt-first to Mira. {} \"You'll need it more "
        'than I will."',
        (
            '[inventory(action="give", item="Dagger", who="Ada", to="Mira")]',
            inv("give", "Dagger", who="Ada", to="Mira"),
        ),
    ),
    K(
        "h-shown-json-head-er",
        "er",
        "A mouthful of Juno's bitter tea and Bram feels the road come back into his legs. {}",
        (
            '[sheet {"op": "restore", "pool": "grit", "amount": 2, "who": "Bram"}]',
            sheet("restore", pool="grit", amount="2", who="Bram"),
        ),
    ),
    K(
        "h-shown-fullwidth-gw",
        "gw",
        "The lane opens onto a green with a well and a squat stone chapel. {}",
        ('［place：name="Ashwick" size="village"］', place("Ashwick", "village")),
    ),
    K(
        "h-shown-lenticular-srd",
        "srd",
        "Bram turns out the dead smuggler's belt pouch. {}",
        ('【loot: table="adventurers_purse" who="Bram"】', loot("adventurers_purse", who="Bram")),
    ),
    K(
        "h-shown-place-name-key-er",
        "er",
        "The glass towers of the old city catch the last of the light. {}",
        ("[Place Name: Vitrine]", place("Vitrine")),
    ),
    K(
        "h-shown-place-location-key-gw",
        "gw",
        "{}\n\nDunmere's market square is loud with drovers, and the chapel bell is ringing for noon.",
        ("[place: location: Dunmere, size: market town]", place("Dunmere", "market town")),
    ),
    K(
        "h-shown-dash-head-srd",
        "srd",
        'The tinker throws in a tinderbox for free. {} "Don\'t say I never gave you anything."',
        ("[Inventory — Add: Tinderbox]", inv("add", "Tinderbox")),
    ),
    K(
        "h-shown-spaced-head-gw",
        "gw",
        "Ada steadies herself against the headstone and makes herself look. {}",
        ('[ Sheet : op="spend" pool="resolve" amount="1" ]', sheet("spend", pool="resolve", amount="1")),
    ),
    K(
        "h-shown-unclosed-blank-gw",
        "gw",
        "You work the nail loose from the coffin lid {}\n\n"
        "The wind drops. Somewhere below the barrow something shifts in its sleep, and Bram's lantern "
        "gutters.\n\nWhat do you do?",
        (
            '[inventory: action="add" item="Silver coffin nail" who="Ada"',
            inv("add", "Silver coffin nail", who="Ada"),
        ),
    ),
    K(
        "h-shown-unclosed-newline-srd",
        "srd",
        "The goblin's scimitar bites into Bram's forearm. {}\nIt cackles and ducks behind the cart before "
        "he can answer.",
        (
            '[sheet: op="damage" pool="hit_points" amount="4" who="Bram"',
            sheet("damage", pool="hit_points", amount="4", who="Bram"),
        ),
    ),
    K(
        "h-shown-unclosed-end-er",
        "er",
        "The salt cake is greasy and heavy, but it is worth a night's shelter anywhere on the Flats. "
        "Juno wraps it and tucks it away. {}",
        (
            '[inventory: action="add" item="Salt cake" who="Juno"',
            inv("add", "Salt cake", who="Juno"),
        ),
    ),
    K(
        "h-shown-unclosed-list-srd",
        "srd",
        "You strip the camp:\n{}\n- the tent is torn past saving\n- the bedrolls reek of smoke",
        ('[inventory: action="add" item="Waterskin" who="Mira"', inv("add", "Waterskin", who="Mira")),
        note="an unclosed tag followed by a markdown list: the list is prose",
    ),
    K(
        "h-shown-angle-er",
        "er",
        "Ada presses the poultice against the cut and ties it off. {} The bleeding slows.",
        ('<inventory action="use" item="Poultice" />', inv("use", "Poultice")),
        note="an XML-style tag; not in the issue's list of heads",
    ),
]
