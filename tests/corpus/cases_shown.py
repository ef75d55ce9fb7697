"""shown: tag heads that a reader may fail to see as tags, so they reach the player.

Other brackets, decorated or misspelt heads of the four tag names, and a tag left unclosed before a blank
line and more paragraphs (the prose after it must still reach the player; canonical: the tag closed there).
"""

from __future__ import annotations

from tests.corpus.canon import inv, loot, place, sheet
from tests.corpus.harness import make

S = make("shown")

CASES = [
    S(
        "sh-parens-gw",
        "gw",
        "Bram finds a stoppered bottle under the pew. {}",
        (
            '(inventory: action="add" item="Warming tonic" who="Bram")',
            inv("add", "Warming tonic", who="Bram"),
        ),
    ),
    S(
        "sh-braces-srd",
        "srd",
        "You pull two torches from the bracket by the door. {}",
        ('{inventory: action="add" item="Torch" count="2"}', inv("add", "Torch", count=2)),
    ),
    S(
        "sh-dash-head-er",
        "er",
        "Bram bundles up the arrows left in the targets. {}",
        ("[Inventory - add: Arrows x6 (Bram)]", inv("add", "Arrows", count=6, who="Bram")),
    ),
    S(
        "sh-inv-srd",
        "srd",
        "Mira tucks a tinderbox into her belt pouch. {}",
        ('[inv: action="add" item="Tinderbox" who="Mira"]', inv("add", "Tinderbox", who="Mira")),
    ),
    S(
        "sh-update-gw",
        "gw",
        "You take one more candle from the box. {}",
        ("[Inventory update: +1 Black candle]", inv("add", "Black candle", count=1)),
    ),
    S(
        "sh-bold-name-srd",
        "srd",
        "The last torch sputters out and you drop it. {}",
        ('[**inventory**: action="remove" item="Torch"]', inv("remove", "Torch")),
    ),
    S(
        "sh-underscore-er",
        "er",
        "Juno pockets a salt cake from the trader's cart. {}",
        ('[inventory_add: item="Salt cake" who="Juno"]', inv("add", "Salt cake", who="Juno")),
    ),
    S(
        "sh-call-gw",
        "gw",
        "Two more bottles of tonic, wrapped in sacking. {}",
        ('[inventory(action="add", item="Warming tonic", count=2)]', inv("add", "Warming tonic", count=2)),
    ),
    S(
        "sh-json-head-srd",
        "srd",
        "Mira takes the spare dagger. {}",
        (
            '[inventory {"action": "add", "item": "Dagger", "who": "Mira"}]',
            inv("add", "Dagger", who="Mira"),
        ),
    ),
    S(
        "sh-fullwidth-gw",
        "gw",
        "A black candle rolls out of the sexton's drawer. {}",
        ('［inventory：action="add" item="Black candle"］', inv("add", "Black candle")),
    ),
    S(
        "sh-lenticular-er",
        "er",
        "The herb-wife gives you a fresh poultice. {}",
        ('【inventory: action="add" item="Poultice"】', inv("add", "Poultice")),
    ),
    S(
        "sh-place-name-gw",
        "gw",
        "The sign at the crossroads says Millbrook. {}",
        ('[place name: "Millbrook"]', place("Millbrook")),
    ),
    S(
        "sh-loot-parens-gw",
        "gw",
        "Mira pries the coffin lid up with the spade. {}",
        ('(loot: table="grave_goods" who="Mira")', loot("grave_goods", who="Mira")),
    ),
    S(
        "sh-sheet-braces-er",
        "er",
        "A rust jackal snaps at Ada's ankle. {}",
        ('{sheet: op="damage" pool="grit" amount="2"}', sheet("damage", pool="grit", amount=2)),
    ),
    S(
        "sh-sheet-parens-srd",
        "srd",
        "The needle trap pricks Bram's thumb. {} He curses.",
        (
            '(sheet: op="condition" condition="poisoned" state="on" who="Bram")',
            sheet("condition", condition="poisoned", state="on", who="Bram"),
        ),
    ),
    S(
        "sh-sheet-update-gw",
        "gw",
        "Bram forces himself to look at the thing in the grave. {}",
        (
            '[Sheet update: op="spend" pool="resolve" amount="1" who="Bram"]',
            sheet("spend", pool="resolve", amount=1, who="Bram"),
        ),
    ),
    S(
        "sh-caps-update-srd",
        "srd",
        "Bram pockets the potion from the altar. {}",
        (
            '[INVENTORY UPDATE: action="add" item="Potion of Healing" who="Bram"]',
            inv("add", "Potion of Healing", who="Bram"),
        ),
    ),
    S(
        "sh-angle-gw",
        "gw",
        "The chandler's girl slips you a tonic for free. {}",
        ('<inventory: action="add" item="Warming tonic">', inv("add", "Warming tonic")),
    ),
    S(
        "sh-xml-srd",
        "srd",
        "You wind the silk around your waist. {}",
        (
            '<inventory action="add" item="Rope, silk (50 feet)" />',
            inv("add", "Rope, silk (50 feet)"),
        ),
    ),
    S(
        "sh-double-brackets-srd",
        "srd",
        "Mira lifts a second component pouch from the shelf. {}",
        (
            '[[inventory: action="add" item="Component pouch" who="Mira"]]',
            inv("add", "Component pouch", who="Mira"),
        ),
    ),
    S(
        "sh-update-who-gw",
        "gw",
        "Bram scoops up the spilled twists of powder. {}",
        ("[Inventory Update - Bram: +2 Shot and powder]", inv("add", "Shot and powder", count=2, who="Bram")),
    ),
    S(
        "sh-sheet-dash-er",
        "er",
        "Ada binds Juno's arm and the colour comes back to her face. {}",
        (
            '[Sheet - Juno: op="heal" pool="grit" amount="2"]',
            sheet("restore", pool="grit", amount=2, who="Juno"),
        ),
    ),
    S(
        "sh-paren-equip-srd",
        "srd",
        "Bram hefts the shield onto his arm. {}",
        ('(inventory: action="equip" item="Shield" who="Bram")', inv("equip", "Shield", who="Bram")),
    ),
    S(
        "sh-loot-braces-gw",
        "gw",
        "The barrow gives up what it held. {}",
        ("{loot: grave_goods}", loot("grave_goods")),
    ),
    S(
        "sh-emoji-head-er",
        "er",
        "You tie the new arrows into your quiver. {}",
        ('[🎒 inventory: action="add" item="Arrows" count="4"]', inv("add", "Arrows", count=4)),
    ),
    S(
        "sh-italic-name-gw",
        "gw",
        "Ada tucks the spare candle away. {}",
        ('[*inventory*: action="add" item="Black candle"]', inv("add", "Black candle")),
    ),
    # Unclosed tags followed by a blank line and more paragraphs.
    S(
        "sh-unclosed-give-gw",
        "gw",
        "Bram hands his lantern over without a word. {}\n\nThe wind picks up over the barrows. "
        "Somewhere beyond the wall a dog howls.\n\nWhat do you do?",
        (
            '[inventory: action="give" item="Shuttered lantern" who="Bram" to="Ada"',
            inv("give", "Shuttered lantern", who="Bram", to="Ada"),
        ),
    ),
    S(
        "sh-unclosed-pay-srd",
        "srd",
        "You pay for the room. {}\n\nThe innkeeper shows you up a crooked stair to a room that smells of "
        'pipe smoke.\n\n"Breakfast is at dawn," she says. "Miss it and you miss it."',
        ('[inventory: action="pay" amount="5 sp"', inv("pay", amount="5 sp")),
    ),
    S(
        "sh-unclosed-sheet-er",
        "er",
        "The jackal's teeth find Juno's calf. {}\n\n**Juno** goes down on one knee, swearing.\n\n"
        "The second jackal circles behind Bram.",
        (
            '[sheet: op="damage" pool="grit" amount="1" who="Juno"',
            sheet("damage", pool="grit", amount=1, who="Juno"),
        ),
    ),
    S(
        "sh-unclosed-then-tag-gw",
        "gw",
        "Ada lifts a candle from the box. {}\n\nLater, at the chapel door, the priest gives her a tonic. {}\n\n"
        "The bell rings midnight.",
        ('[inventory: action="add" item="Black candle"', inv("add", "Black candle")),
        ('[inventory: action="add" item="Warming tonic"]', inv("add", "Warming tonic")),
    ),
    S(
        "sh-unclosed-dialogue-srd",
        "srd",
        'The old man hands Mira two torches. {}\n\n"Keep those dry," he says. "The lower tunnels flood '
        'at high tide."',
        (
            '[inventory: action="add" item="Torch" count="2" who="Mira"',
            inv("add", "Torch", count=2, who="Mira"),
        ),
    ),
    S(
        "sh-unclosed-list-er",
        "er",
        "Juno takes the spare coat off the peg. {}\n\n- The road north is flooded.\n- The road east is watched.\n\n"
        "Which way?",
        ('[inventory: action="add" item="Leather coat" who="Juno"', inv("add", "Leather coat", who="Juno")),
    ),
]
