"""Holdout, fuzzy-names: a ruleset item named nearly right, with one candidate clearly best.

A word of the name, the words reordered, plural for singular, a typo, British spelling, a missing
apostrophe or hyphen, a descriptive word dropped. Never a name that two items fit equally (those are in
must-refuse).
"""

from __future__ import annotations

from tests.corpus.canon import inv
from tests.corpus.harness import make

K = make("fuzzy-names")

CASES = [
    # gravewatch
    K(
        "h-fuzzy-spade-gw",
        "gw",
        "Mira takes the spare spade from the sexton's shed. {}",
        ('[inventory: action="add" item="spade" who="Mira"]', inv("add", "Grave spade", who="Mira")),
    ),
    K(
        "h-fuzzy-tonics-plural-gw",
        "gw",
        "The chandler's wife adds two tonics to Mira's basket. {}",
        (
            '[inventory: action="add" item="warming tonics" count="2" who="Mira"]',
            inv("add", "Warming tonic", count="2", who="Mira"),
        ),
    ),
    K(
        "h-fuzzy-litany-order-gw",
        "gw",
        "The chaplain tears a leaf from the book and folds it into Mira's hand. {}",
        (
            '[inventory: action="add" item="vigil litany page" who="Mira"]',
            inv("add", "Page of the vigil litany", who="Mira"),
        ),
    ),
    K(
        "h-fuzzy-silver-nail-gw",
        "gw",
        "Bram prises a silver nail from the old coffin. {}",
        (
            '[inventory: action="add" item="silver nail" who="Bram"]',
            inv("add", "Silver coffin nail", who="Bram"),
        ),
    ),
    K(
        "h-fuzzy-widows-ring-gw",
        "gw",
        "A thin black ring lies in the dust of the ossuary; Mira picks it up. {}",
        ('[inventory: action="add" item="widows ring" who="Mira"]', inv("add", "Widow's ring", who="Mira")),
    ),
    K(
        "h-fuzzy-pistol-typo-gw",
        "gw",
        "Bram draws the watch pistol and thumbs back the hammer. {}",
        (
            '[inventory: action="equip" item="Wach pistol" who="Bram"]',
            inv("equip", "Watch pistol", who="Bram"),
        ),
    ),
    K(
        "h-fuzzy-candles-gw",
        "gw",
        "Ada burns both her black candles at the crossroads. {}",
        (
            '[inventory: action="remove" item="black candles" count="2"]',
            inv("remove", "Black candle", count="2"),
        ),
    ),
    K(
        "h-fuzzy-powder-order-gw",
        "gw",
        "Bram reloads, and the pistol drinks two more charges. {}",
        (
            '[inventory: action="remove" item="powder and shot" count="2" who="Bram"]',
            inv("remove", "Shot and powder", count="2", who="Bram"),
        ),
    ),
    # ember-roads
    K(
        "h-fuzzy-bow-er",
        "er",
        "Juno finds an old bow in the rafters of the waystation. {}",
        ('[inventory: action="add" item="bow" who="Juno"]', inv("add", "Hunting bow", who="Juno")),
    ),
    K(
        "h-fuzzy-gauntlets-er",
        "er",
        "The smith's apprentice owes you a favour and throws in a pair of thick gauntlets. {}",
        ('[inventory: action="add" item="oxhide gauntlets"]', inv("add", "Ox-hide gauntlets")),
    ),
    K(
        "h-fuzzy-waystone-er",
        "er",
        "The pilgrim presses a smooth grey way stone into Juno's palm. {}",
        ('[inventory: action="add" item="way stone" who="Juno"]', inv("add", "Waystone", who="Juno")),
    ),
    K(
        "h-fuzzy-poultice-typo-er",
        "er",
        "Ada slaps a poultice on the burn. {}",
        ('[inventory: action="use" item="Poltice"]', inv("use", "Poultice")),
    ),
    K(
        "h-fuzzy-spear-er",
        "er",
        "Juno lends Ada her spear for the boar hunt. {}",
        (
            '[inventory: action="give" item="spear" who="Juno" to="Ada"]',
            inv("give", "Boar spear", who="Juno", to="Ada"),
        ),
    ),
    K(
        "h-fuzzy-arrow-singular-er",
        "er",
        "Bram picks up a single good arrow from the bushes. {}",
        ('[inventory: action="add" item="arrow" who="Bram"]', inv("add", "Arrows", who="Bram")),
    ),
    # srd-5e
    K(
        "h-fuzzy-chainmail-srd",
        "srd",
        "The dwarf's old chainmail still fits Bram, mostly. {}",
        ('[inventory: action="add" item="chainmail" who="Bram"]', inv("add", "Chain Mail", who="Bram")),
    ),
    K(
        "h-fuzzy-thieves-tools-srd",
        "srd",
        "Bram hands Mira his lock picks. {}",
        (
            '[inventory: action="give" item="thieves tools" who="Bram" to="Mira"]',
            inv("give", "Thieves' Tools", who="Bram", to="Mira"),
        ),
    ),
    K(
        "h-fuzzy-hand-axe-srd",
        "srd",
        "Two hand axes hang on the orc chieftain's belt; Bram takes both. {}",
        (
            '[inventory: action="add" item="hand axe" count="2" who="Bram"]',
            inv("add", "Handaxe", count="2", who="Bram"),
        ),
    ),
    K(
        "h-fuzzy-silk-rope-srd",
        "srd",
        "Coiled on a peg by the door is fifty feet of silk rope. Ada slings it over her shoulder. {}",
        ('[inventory: action="add" item="silk rope"]', inv("add", "Rope, silk (50 feet)")),
    ),
    K(
        "h-fuzzy-light-crossbow-srd",
        "srd",
        "Mira picks up the guard's light crossbow. {}",
        (
            '[inventory: action="add" item="light crossbow" who="Mira"]',
            inv("add", "Crossbow, light", who="Mira"),
        ),
    ),
    K(
        "h-fuzzy-oil-flask-srd",
        "srd",
        "Bram hurls a flask of oil onto the ghoul and Mira's torch does the rest. {}",
        (
            '[inventory: action="remove" item="flask of oil" who="Bram"]',
            inv("remove", "Oil (flask)", who="Bram"),
        ),
    ),
    K(
        "h-fuzzy-longsword-typo-srd",
        "srd",
        "Bram draws his longsword. {}",
        ('[inventory: action="equip" item="Longswrod" who="Bram"]', inv("equip", "Longsword", who="Bram")),
    ),
    K(
        "h-fuzzy-plate-armour-srd",
        "srd",
        "The paladin's old plate armour is dented but sound. Bram hauls it onto the cart. {}",
        ('[inventory: action="add" item="plate armour" who="Bram"]', inv("add", "Plate Armor", who="Bram")),
    ),
    K(
        "h-fuzzy-healers-kit-srd",
        "srd",
        "Mira finds a healers kit in the surgeon's tent. {}",
        ('[inventory: action="add" item="healers kit" who="Mira"]', inv("add", "Healer's Kit", who="Mira")),
    ),
    K(
        "h-fuzzy-ration-singular-srd",
        "srd",
        "Ada eats one of her rations by the fire. {}",
        ('[inventory: action="remove" item="ration" count="1"]', inv("remove", "Rations (1 day)", count="1")),
    ),
]
