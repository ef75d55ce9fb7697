"""Holdout, numbers: counts and amounts in the shapes small models write.

Leading zeros, decimals, a word with the digit beside it, units and "of them"/"more" after the number,
``+n``, ``2x``/``x 6``/``×2`` in the item's name, "half a dozen", number words in sheet amounts, a
thousands comma. In ember-roads "Arrows (5)" is five arrows; in srd-5e "(20)" is part of a name.
"""

from __future__ import annotations

from tests.corpus.canon import inv, sheet
from tests.corpus.harness import make

K = make("numbers")

CASES = [
    K(
        "h-num-x-space-er",
        "er",
        "Bram collects what he can from the jackal pit. {}",
        (
            '[inventory: action="add" item="Arrows x 6" who="Bram"]',
            inv("add", "Arrows", count="6", who="Bram"),
        ),
    ),
    K(
        "h-num-leading-zero-gw",
        "gw",
        "The sexton spares Mira two of his candles. {}",
        (
            '[inventory: action="add" item="Black candle" count="02" who="Mira"]',
            inv("add", "Black candle", count="2", who="Mira"),
        ),
    ),
    K(
        "h-num-decimal-srd",
        "srd",
        "The grocer gives Mira three torches for the road. {}",
        (
            '[inventory: action="add" item="Torch" count="3.0" who="Mira"]',
            inv("add", "Torch", count="3", who="Mira"),
        ),
    ),
    K(
        "h-num-word-paren-er",
        "er",
        "Juno pulls four arrows out of the target. {}",
        (
            '[inventory: action="add" item="Arrows" count="four (4)" who="Juno"]',
            inv("add", "Arrows", count="4", who="Juno"),
        ),
    ),
    K(
        "h-num-units-srd",
        "srd",
        "Bram fills two more flasks of oil from the lamp-maker's barrel. {}",
        (
            '[inventory: action="add" item="Oil (flask)" count="2 units" who="Bram"]',
            inv("add", "Oil (flask)", count="2", who="Bram"),
        ),
    ),
    K(
        "h-num-half-dozen-gw",
        "gw",
        "The chapel's cupboard yields half a dozen black candles. {}",
        (
            '[inventory: action="add" item="Black candle" count="half a dozen" who="Mira"]',
            inv("add", "Black candle", count="6", who="Mira"),
        ),
    ),
    K(
        "h-num-pair-er",
        "er",
        "The hermit gives Juno a pair of poultices wrapped in leaves. {}",
        (
            '[inventory: action="add" item="Poultice" count="a pair" who="Juno"]',
            inv("add", "Poultice", count="2", who="Juno"),
        ),
    ),
    K(
        "h-num-plus-srd",
        "srd",
        "Ada finds two more torches in the lockbox. {}",
        ('[inventory: action="add" item="Torch" count="+2"]', inv("add", "Torch", count="2")),
    ),
    K(
        "h-num-2x-prefix-gw",
        "gw",
        "Bram finds two more charges of shot in the watchman's satchel. {}",
        (
            '[inventory: action="add" item="2x Shot and powder" who="Bram"]',
            inv("add", "Shot and powder", count="2", who="Bram"),
        ),
    ),
    K(
        "h-num-paren-count-er",
        "er",
        "Juno finds a bundle of arrows tied with twine. {}",
        (
            '[inventory: action="add" item="Arrows (5)" who="Juno"]',
            inv("add", "Arrows", count="5", who="Juno"),
        ),
        note="ember-roads' Arrows have no bundle: (5) is a count here",
    ),
    K(
        "h-num-bundle-srd",
        "srd",
        "Bram takes two bundles of arrows off the dead archer. {}",
        (
            '[inventory: action="add" item="2 Arrows (20)" who="Bram"]',
            inv("add", "Arrows (20)", count="2", who="Bram"),
        ),
        note="srd-5e's (20) is part of the name: the count is the 2 in front",
    ),
    K(
        "h-num-times-srd",
        "srd",
        "Ada hands Mira both of her daggers. {}",
        (
            '[inventory: action="give" item="Dagger ×2" who="Ada" to="Mira"]',
            inv("give", "Dagger", count="2", who="Ada", to="Mira"),
        ),
    ),
    K(
        "h-num-of-them-gw",
        "gw",
        "Bram fires three times into the dark. {}",
        (
            '[inventory: action="remove" item="Shot and powder" count="3 of them" who="Bram"]',
            inv("remove", "Shot and powder", count="3", who="Bram"),
        ),
    ),
    K(
        "h-num-more-er",
        "er",
        "Bram recovers two more arrows from the dead jackal. {}",
        (
            '[inventory: action="add" item="Arrows" count="2 more" who="Bram"]',
            inv("add", "Arrows", count="2", who="Bram"),
        ),
    ),
    K(
        "h-num-word-amount-er",
        "er",
        "The jackal's teeth close on Bram's arm. {}",
        (
            '[sheet: op="damage" pool="grit" amount="three" who="Bram"]',
            sheet("damage", pool="grit", amount="3", who="Bram"),
        ),
    ),
    K(
        "h-num-sheet-decimal-gw",
        "gw",
        "Ada keeps her voice steady through the whole litany, but it costs her. {}",
        ('[sheet: op="spend" pool="resolve" amount="1.0"]', sheet("spend", pool="resolve", amount="1")),
    ),
    K(
        "h-num-word-heal-srd",
        "srd",
        "Mira's healing word knits Bram's torn shoulder. {}",
        (
            '[sheet: op="heal" pool="hit_points" amount="five" who="Bram"]',
            sheet("heal", pool="hit_points", amount="5", who="Bram"),
        ),
    ),
    K(
        "h-num-word-coins-er",
        "er",
        "The ferry costs twenty bits for the lot of you. {}",
        ('[inventory: action="pay" amount="twenty bits"]', inv("pay", amount="20 bits")),
    ),
    K(
        "h-num-thousands-comma-srd",
        "srd",
        "The dragon's lair holds a drift of copper coins; you scoop up about a thousand. {}",
        ('[inventory: action="earn" amount="1,000 cp"]', inv("earn", amount="1000 cp")),
        note="a thousands comma, not a list",
    ),
    K(
        "h-num-dozen-in-name-srd",
        "srd",
        "The chandler's shelf has a box of a dozen candles; Mira takes it. {}",
        (
            '[inventory: action="add" item="a dozen Candles" who="Mira"]',
            inv("add", "Candle", count="12", who="Mira"),
        ),
    ),
]
