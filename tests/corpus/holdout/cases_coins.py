"""Holdout, coins: coin words as people and small models write them.

Singular and plural, "a"/"one" for one, a coin's metal ("silver shillings", "gold sovereigns"), bare
metals for the 5e coins ("7 silver", "2 platinum"), abbreviations with and without a space and in capitals,
"coins"/"coin" as the item, a trailing full stop, the salt currency's words, and old British ``s``/``d``.
"""

from __future__ import annotations

from tests.corpus.canon import inv
from tests.corpus.harness import make

K = make("coins")

CASES = [
    # gravewatch: pennies, shillings, crowns
    K(
        "h-coin-a-penny-gw",
        "gw",
        "You drop a penny in the blind beggar's cup. {}",
        ('[inventory: action="pay" amount="a penny"]', inv("pay", amount="1 penny")),
    ),
    K(
        "h-coin-silver-shillings-gw",
        "gw",
        "The churchwarden pays Mira three silver shillings for the digging. {}",
        (
            '[inventory: action="earn" amount="3 silver shillings" who="Mira"]',
            inv("earn", amount="3 shillings", who="Mira"),
        ),
    ),
    K(
        "h-coin-crown-piece-gw",
        "gw",
        "You press a crown piece into the gravedigger's hand for his silence. {}",
        ('[inventory: action="pay" amount="one crown piece"]', inv("pay", amount="1 crown")),
    ),
    K(
        "h-coin-s-d-gw",
        "gw",
        "The lodging comes to one and six, which you pay without argument. {}",
        ('[inventory: action="pay" amount="1s 6d"]', inv("pay", amount="1 shilling 6 pennies")),
        note="old British shillings/pence notation",
    ),
    K(
        "h-coin-pence-word-gw",
        "gw",
        "The ferryman wants his fare: eight pence. {}",
        ('[inventory: action="pay" amount="eightpence"]', inv("pay", amount="8 pennies")),
        note="the number run into the coin word",
    ),
    K(
        "h-coin-coin-item-gw",
        "gw",
        "Bram finds four shillings in the dead man's boot. {}",
        (
            '[inventory: action="add" item="shilling coins" count="4" who="Bram"]',
            inv("add", "shillings", count="4", who="Bram"),
        ),
    ),
    # ember-roads: bits, marks, sovereigns; salt pinches and cakes
    K(
        "h-coin-sov-er",
        "er",
        "Bram hands over his only sovereign for the bow-string and the news. {}",
        ('[inventory: action="pay" amount="1 sov" who="Bram"]', inv("pay", amount="1 sovereign", who="Bram")),
    ),
    K(
        "h-coin-bits-dot-er",
        "er",
        "The tea-seller takes five bits. {}",
        ("[inventory: action=pay amount=5 Bits.]", inv("pay", amount="5 bits")),
    ),
    K(
        "h-coin-salt-cake-er",
        "er",
        "The caravan master pays you in salt: one whole cake, wrapped in waxed cloth. {}",
        ('[inventory: action="earn" amount="a cake of salt"]', inv("earn", amount="1 cake")),
    ),
    K(
        "h-coin-salt-pinch-er",
        "er",
        "A pinch of salt each for the three shrine-keepers, and two more for luck. {}",
        ('[inventory: action="pay" amount="5 pinch salt"]', inv("pay", amount="5 pinches")),
    ),
    K(
        "h-coin-gold-sovereigns-er",
        "er",
        "The duke's steward pays Juno two gold sovereigns for the letter. {}",
        (
            '[inventory: action="earn" amount="2 gold sovereigns" who="Juno"]',
            inv("earn", amount="2 sovereigns", who="Juno"),
        ),
    ),
    K(
        "h-coin-mark-singular-er",
        "er",
        "Ada tips the stable lad a mark. {}",
        ('[inventory: action="pay" item="mark" count="1"]', inv("pay", amount="1 mark")),
    ),
    # srd-5e: cp, sp, ep, gp, pp
    K(
        "h-coin-gp-nospace-srd",
        "srd",
        "The smith wants 10gp for the repairs, paid up front. {}",
        ('[inventory: action="pay" amount="10gp"]', inv("pay", amount="10 gp")),
    ),
    K(
        "h-coin-GP-caps-srd",
        "srd",
        "The baron pays Bram fifteen gold for the wolf pelts. {}",
        ('[inventory: action="earn" amount="15 GP" who="Bram"]', inv("earn", amount="15 gp", who="Bram")),
    ),
    K(
        "h-coin-platinum-srd",
        "srd",
        "Inside the hollow book: two platinum coins. Mira pockets them. {}",
        ('[inventory: action="earn" amount="2 platinum" who="Mira"]', inv("earn", amount="2 pp", who="Mira")),
    ),
    K(
        "h-coin-silver-bare-srd",
        "srd",
        "Seven silver for the room and a hot meal. {}",
        ('[inventory: action="pay" amount="7 silver"]', inv("pay", amount="7 sp")),
    ),
    K(
        "h-coin-copper-coins-srd",
        "srd",
        "You scatter a dozen coppers for the street children. {}",
        ('[inventory: action="pay" item="copper coins" count="12"]', inv("pay", amount="12 cp")),
    ),
    K(
        "h-coin-gold-and-silver-srd",
        "srd",
        "The guide wants one gold and five silver a day. {}",
        ('[inventory: action="pay" amount="1 gold and 5 silver"]', inv("pay", amount="1 gp 5 sp")),
    ),
    K(
        "h-coin-electrum-srd",
        "srd",
        "Among the copper is a single pale electrum coin. {}",
        ('[inventory: action="earn" amount="1 electrum piece"]', inv("earn", amount="1 ep")),
    ),
    K(
        "h-coin-gold-piece-item-srd",
        "srd",
        "Mira finds four gold pieces under the mattress. {}",
        (
            '[inventory: action="add" item="Gold Pieces (gp)" count="4" who="Mira"]',
            inv("add", "gold pieces", count="4", who="Mira"),
        ),
    ),
]
