"""Holdout, verbs: action words outside the table (synonyms, phrasal verbs, past tenses, camelCase).

Each means exactly one action of DESIGN.md's table; none is ``take`` (ambiguous for a potion) nor one of
buy/sell/inspect/reveal.
"""

from __future__ import annotations

from tests.corpus.canon import inv
from tests.corpus.harness import make

K = make("verbs")

_RING = (inv("add", "Widow's ring", who="Mira") + " " + inv("bind", "Widow's ring", who="Mira"),)

CASES = [
    # add
    K(
        "h-verb-acquire-srd",
        "srd",
        "Mira slips the spyglass out of the dead captain's coat. {}",
        ('[inventory: action="acquire" item="Spyglass" who="Mira"]', inv("add", "Spyglass", who="Mira")),
    ),
    K(
        "h-verb-picked-up-gw",
        "gw",
        "Half buried in the mud by the gate, a black candle; Ada picks it up. {}",
        ('[inventory: action="picked up" item="Black candle"]', inv("add", "Black candle")),
    ),
    K(
        "h-verb-pocket-er",
        "er",
        "Juno pockets the waystone before anyone else can argue. {}",
        ('[inventory: action="pocket" item="Waystone" who="Juno"]', inv("add", "Waystone", who="Juno")),
    ),
    K(
        "h-verb-found-srd",
        "srd",
        "Behind the altar Bram finds a crowbar, still bright with oil. {}",
        ('[inventory: action="found" item="Crowbar" who="Bram"]', inv("add", "Crowbar", who="Bram")),
    ),
    K(
        "h-verb-addItem-gw",
        "gw",
        "The watch-house sergeant issues Bram a fresh twist of shot. {}",
        (
            '[inventory: action="addItem" item="Shot and powder" count="5" who="Bram"]',
            inv("add", "Shot and powder", count="5", who="Bram"),
        ),
    ),
    # give
    K(
        "h-verb-hand-over-gw",
        "gw",
        "Ada hands one of her tonics over to Mira, who is shivering. {}",
        (
            '[inventory: action="hand over" item="Warming tonic" who="Ada" to="Mira"]',
            inv("give", "Warming tonic", who="Ada", to="Mira"),
        ),
    ),
    K(
        "h-verb-transfer-srd",
        "srd",
        "Bram passes his lockpicks to Mira — her fingers are nimbler. {}",
        (
            '[inventory: action="transfer" item="Thieves\' Tools" who="Bram" to="Mira"]',
            inv("give", "Thieves' Tools", who="Bram", to="Mira"),
        ),
    ),
    K(
        "h-verb-passes-er",
        "er",
        "Bram lets Juno carry the bow for the climb. {}",
        (
            '[inventory: action="passes" item="Hunting bow" who="Bram" to="Juno"]',
            inv("give", "Hunting bow", who="Bram", to="Juno"),
        ),
    ),
    # use
    K(
        "h-verb-drink-gw",
        "gw",
        "You drink a warming tonic and feel the cold loosen its grip. {}",
        ('[inventory: action="drink" item="Warming tonic"]', inv("use", "Warming tonic")),
    ),
    K(
        "h-verb-quaff-srd",
        "srd",
        "Ada quaffs the red potion, grimacing at the taste. {}",
        ('[inventory: action="quaff" item="Potion of Healing"]', inv("use", "Potion of Healing")),
    ),
    K(
        "h-verb-administer-er",
        "er",
        "Ada presses a poultice to the gash on her own leg. {}",
        ('[inventory: action="administer" item="Poultice"]', inv("use", "Poultice")),
    ),
    # equip / unequip
    K(
        "h-verb-don-srd",
        "srd",
        "Ada dons her leather armor before the march. {}",
        ('[inventory: action="don" item="Leather Armor"]', inv("equip", "Leather Armor")),
    ),
    K(
        "h-verb-put-on-gw",
        "gw",
        "Ada puts on the lantern coat; its pockets still smell of lamp oil. {}",
        ('[inventory: action="put on" item="Lantern coat"]', inv("equip", "Lantern coat")),
    ),
    K(
        "h-verb-wielded-er",
        "er",
        "Ada draws the hand axe from her belt. {}",
        ('[inventory: action="wielded" item="Hand axe"]', inv("equip", "Hand axe")),
    ),
    K(
        "h-verb-doff-er",
        "er",
        "In the heat of the glass-flats Bram doffs the leather coat. {}",
        (
            '[inventory: action="doff" item="Leather coat" who="Bram"]',
            inv("unequip", "Leather coat", who="Bram"),
        ),
        before=(inv("equip", "Leather coat", who="Bram"),),
    ),
    K(
        "h-verb-took-off-srd",
        "srd",
        "Bram takes off his shield to climb the ladder. {}",
        ('[inventory: action="took off" item="Shield" who="Bram"]', inv("unequip", "Shield", who="Bram")),
        before=(inv("equip", "Shield", who="Bram"),),
        note="'took' is no add here: 'took off' is an unequip",
    ),
    # bind / unbind
    K(
        "h-verb-attuned-srd",
        "srd",
        "After an hour of meditation, the cloak settles on Mira's shoulders like it was made for her. {}",
        (
            '[inventory: action="attuned" item="Cloak of Protection" who="Mira"]',
            inv("bind", "Cloak of Protection", who="Mira"),
        ),
        before=(inv("add", "Cloak of Protection", who="Mira"),),
    ),
    K(
        "h-verb-lift-curse-gw",
        "gw",
        "The priest's blessing rings out and the widow's ring slides from Mira's finger at last. {}",
        (
            '[inventory: action="lift curse" item="Widow\'s ring" who="Mira"]',
            inv("unbind", "Widow's ring", who="Mira"),
        ),
        before=_RING,
    ),
    # remove
    K(
        "h-verb-discarded-er",
        "er",
        "Two of the arrows are warped past using; Ada snaps them and tosses them in the fire. {}",
        ('[inventory: action="discarded" item="Arrows" count="2"]', inv("remove", "Arrows", count="2")),
    ),
    K(
        "h-verb-destroyed-srd",
        "srd",
        "The acid eats through one of Ada's torches. {}",
        ('[inventory: action="destroyed" item="Torch" count="1"]', inv("remove", "Torch", count="1")),
    ),
    K(
        "h-verb-lost-gw",
        "gw",
        "When you climb out of the flooded grave one of your candles is gone. {}",
        (
            '[inventory: action="lost" item="Black candle" count="1"]',
            inv("remove", "Black candle", count="1"),
        ),
    ),
    # pay / earn
    K(
        "h-verb-spend-coin-gw",
        "gw",
        "You spend three pennies on a hot pie from the stall. {}",
        ('[inventory: action="spend" amount="3 pennies"]', inv("pay", amount="3 pennies")),
    ),
    K(
        "h-verb-deduct-er",
        "er",
        "The bridge toll is two marks a head and the warden is not in a mood to haggle. {}",
        ('[inventory: action="deduct" amount="2 marks"]', inv("pay", amount="2 marks")),
    ),
    K(
        "h-verb-reward-srd",
        "srd",
        "The mayor of Phandalin rewards Bram with a heavy purse. {}",
        ('[inventory: action="reward" amount="50 gp" who="Bram"]', inv("earn", amount="50 gp", who="Bram")),
    ),
    K(
        "h-verb-looted-er",
        "er",
        "The bandit's purse holds four marks. {}",
        ('[inventory: action="looted" amount="4 marks"]', inv("earn", amount="4 marks")),
    ),
]
