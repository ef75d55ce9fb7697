"""wrong-traps, part one: past-tense actions, compound amounts, person keys, names with commas, lists.

Each of these reads, taken literally, as something other than what the GM meant.
"""

from __future__ import annotations

from tests.corpus.canon import inv, sheet
from tests.corpus.harness import make

T = make("wrong-traps")

CASES = [
    # Past-tense actions.
    T(
        "tr-paid-gw",
        "gw",
        "The chandler counts the coins twice before he lets go of the tonic's neck. {}",
        ('[inventory: action="paid" amount="4 shillings"]', inv("pay", amount="4 shillings")),
    ),
    T(
        "tr-spent-srd",
        "srd",
        "You slide the silver across the bar and the barkeep nods. {} The ale is warm and sour.",
        ('[inventory: action="spent" amount="3 sp" who="Ada"]', inv("pay", amount="3 sp", who="Ada")),
    ),
    T(
        "tr-gave-gw",
        "gw",
        "Ada presses a tonic into Bram's cold hands. {}",
        (
            '[inventory: action="gave" item="Warming tonic" to="Bram"]',
            inv("give", "Warming tonic", to="Bram"),
        ),
    ),
    T(
        "tr-dropped-er",
        "er",
        "Juno's salt cake tumbles into the ditch water and dissolves.\n{}",
        ('[inventory: action="dropped" item="Salt cake" who="Juno"]', inv("remove", "Salt cake", who="Juno")),
    ),
    T(
        "tr-equipped-srd",
        "srd",
        'Bram straps the battered shield to his forearm. {} "Ready," he grunts.',
        ('[inventory: action="equipped" item="Shield" who="Bram"]', inv("equip", "Shield", who="Bram")),
    ),
    T(
        "tr-added-gw",
        "gw",
        "From the altar you pocket two stubs of black candle {} and step back into the dark.",
        ('[inventory: action="added" item="Black candle" count="2"]', inv("add", "Black candle", count=2)),
    ),
    T(
        "tr-removed-er",
        "er",
        "One of the poultices has gone mouldy in the damp; you throw it away. {}",
        ('[inventory: action="removed" item="Poultice" count="1"]', inv("remove", "Poultice", count=1)),
    ),
    T(
        "tr-earned-gw",
        "gw",
        "The reeve pays the night watch at the lych-gate. {}",
        ('[inventory: action="earned" amount="2 shillings"]', inv("earn", amount="2 shillings")),
    ),
    T(
        "tr-used-er",
        "er",
        "Ada slaps a poultice over the gash on her thigh and bites down on her sleeve. {}",
        ('[inventory: action="used" item="Poultice" who="Ada"]', inv("use", "Poultice", who="Ada")),
    ),
    T(
        "tr-wore-gw",
        "gw",
        "Bram shrugs into the black mourning coat; it fits him like a grudge. {}",
        (
            '[inventory: action="wore" item="Mourning coat" who="Bram"]',
            inv("equip", "Mourning coat", who="Bram"),
        ),
    ),
    T(
        "tr-unequipped-srd",
        "srd",
        "At the inn you finally unbuckle the leather armor and let it drop by the bed. {}",
        ('[inventory: action="unequipped" item="Leather Armor"]', inv("unequip", "Leather Armor")),
        before=(inv("equip", "Leather Armor"),),
    ),
    T(
        "tr-received-gw",
        "gw",
        'The sexton\'s widow pushes a few coins at Mira. "For the candles," she says. {}',
        (
            '[inventory: action="received" amount="6 pennies" who="Mira"]',
            inv("earn", amount="6 pennies", who="Mira"),
        ),
    ),
    T(
        "tr-Paid-er",
        "er",
        "Bram pays the toll warden, who bites each coin. {}",
        ('[inventory: action="Paid" amount="3 marks" who="Bram"]', inv("pay", amount="3 marks", who="Bram")),
    ),
    T(
        "tr-handed-srd",
        "srd",
        "Bram hands a flask of oil to Mira for her lamp. {}",
        (
            '[inventory: action="handed" item="Oil (flask)" who="Bram" to="Mira"]',
            inv("give", "Oil (flask)", who="Bram", to="Mira"),
        ),
    ),
    T(
        "tr-drank-gw",
        "gw",
        "You knock back the warming tonic; juniper and pepper burn all the way down. {}",
        ('[inventory: action="drank" item="Warming tonic"]', inv("use", "Warming tonic")),
    ),
    # Compound amounts with commas.
    T(
        "tr-compound-crown-gw",
        "gw",
        '"One crown and four shillings, and not a penny less." You pay. {}',
        ('[inventory: action="pay" amount="1 crown, 4 shillings"]', inv("pay", amount="1 crown 4 shillings")),
    ),
    T(
        "tr-compound-gp-srd",
        "srd",
        "The fletcher names his price and you count it out. {}",
        ('[inventory: action="pay" amount="2 gp, 5 sp"]', inv("pay", amount="2 gp 5 sp")),
    ),
    T(
        "tr-compound-earn-er",
        "er",
        "The caravan master settles up for the escort. {}",
        (
            '[inventory: action="earn" amount="1 sovereign, 3 marks"]',
            inv("earn", amount="1 sovereign 3 marks"),
        ),
    ),
    T(
        "tr-compound-pence-gw",
        "gw",
        "The ferryman wants two shillings and sixpence. {} He spits in the river.",
        (
            '[inventory: action="pay" amount="2 shillings, 6 pennies"]',
            inv("pay", amount="2 shillings 6 pennies"),
        ),
    ),
    T(
        "tr-compound-chest-srd",
        "srd",
        "Inside the chest: a spill of coins of every colour. {}",
        (
            '[inventory: action="earn" amount="10 gp, 20 sp, 5 cp" who="Ada"]',
            inv("earn", amount="10 gp 20 sp 5 cp", who="Ada"),
        ),
    ),
    # Unknown keys carrying the person.
    T(
        "tr-character-name-gw",
        "gw",
        "Bram finds a corked bottle wedged in the coffin's lining. {}",
        (
            '[inventory: action="add" item="Warming tonic" character_name="Bram"]',
            inv("add", "Warming tonic", who="Bram"),
        ),
    ),
    T(
        "tr-recipient-name-srd",
        "srd",
        "You pass a spare torch to Mira. {}",
        (
            '[inventory: action="give" item="Torch" count="1" recipient_name="Mira"]',
            inv("give", "Torch", count=1, to="Mira"),
        ),
    ),
    T(
        "tr-char-er",
        "er",
        "Bram gathers the arrows that missed. {}",
        (
            '[inventory: action="add" item="Arrows" count="6" char="Bram"]',
            inv("add", "Arrows", count=6, who="Bram"),
        ),
    ),
    T(
        "tr-player-name-gw",
        "gw",
        "Two twists of powder are ruined in the rain. {}",
        (
            '[inventory: action="remove" item="Shot and powder" count="2" player_name="Bram"]',
            inv("remove", "Shot and powder", count=2, who="Bram"),
        ),
    ),
    T(
        "tr-character-name-sheet-srd",
        "srd",
        "The goblin's arrow takes Mira in the shoulder. {}",
        (
            '[sheet: op="damage" pool="hit_points" amount="4" character_name="Mira"]',
            sheet("damage", pool="hit_points", amount=4, who="Mira"),
        ),
    ),
    T(
        "tr-giver-receiver-er",
        "er",
        "Ada tosses her spare poultice across the fire to Juno. {}",
        (
            '[inventory: action="give" item="Poultice" giver="Ada" receiver="Juno"]',
            inv("give", "Poultice", who="Ada", to="Juno"),
        ),
    ),
    T(
        "tr-target-character-gw",
        "gw",
        "A farmer pays Mira three pennies to sit with his dead cow. {}",
        (
            '[inventory: action="earn" amount="3 pennies" target_character="Mira"]',
            inv("earn", amount="3 pennies", who="Mira"),
        ),
    ),
    T(
        "tr-owner-srd",
        "srd",
        "Bram takes a length of good rope from the ship's stores. {}",
        (
            '[inventory: action="add" item="Rope, hempen (50 feet)" owner="Bram"]',
            inv("add", "Rope, hempen (50 feet)", who="Bram"),
        ),
    ),
    # Item names with commas (srd-5e), unquoted or beside commas.
    T(
        "tr-comma-name-unquoted-srd",
        "srd",
        "Bram coils the rope over his shoulder. {}",
        (
            "[inventory: action=add item=Rope, hempen (50 feet) who=Bram]",
            inv("add", "Rope, hempen (50 feet)", who="Bram"),
        ),
    ),
    T(
        "tr-comma-name-pairs-srd",
        "srd",
        "The quartermaster sets out your rations. {}",
        (
            "[inventory: action=add, item=Rations (1 day), count=3]",
            inv("add", "Rations (1 day)", count=3),
        ),
    ),
    T(
        "tr-comma-items-srd",
        "srd",
        "From the dead smuggler's pack: a coil of rope and a torch. {}",
        (
            '[inventory: action="add" items="Rope, hempen (50 feet), Torch"]',
            inv("add", "Rope, hempen (50 feet)") + " " + inv("add", "Torch"),
        ),
    ),
    T(
        "tr-comma-clothes-srd",
        "srd",
        "Mira changes into a set of plain clothes. {}",
        (
            "[inventory: add item=Clothes, common count=1 who=Mira]",
            inv("add", "Clothes, common", count=1, who="Mira"),
        ),
    ),
    T(
        "tr-comma-crossbow-srd",
        "srd",
        "Bram pries the light crossbow from the guard's stiff fingers. {}",
        (
            "[inventory: action=add, item=Crossbow, light, who=Bram]",
            inv("add", "Crossbow, light", who="Bram"),
        ),
    ),
    # Bulleted lists in items=.
    T(
        "tr-bullets-srd",
        "srd",
        "The outfitter's boy loads Bram up:\n{}\nHe staggers under it.",
        (
            '[inventory: action="add" who="Bram" items="\n- Torch x2\n- Rations (1 day)\n- Tinderbox\n"]',
            inv("add", "Torch", count=2, who="Bram")
            + "\n"
            + inv("add", "Rations (1 day)", who="Bram")
            + "\n"
            + inv("add", "Tinderbox", who="Bram"),
        ),
    ),
    T(
        "tr-bullets-gw",
        "gw",
        "In the vestry cupboard you find:\n{}",
        (
            '[inventory: action="add" items="\n* Warming tonic\n* Black candle\n"]',
            inv("add", "Warming tonic") + "\n" + inv("add", "Black candle"),
        ),
    ),
    T(
        "tr-numbered-items-er",
        "er",
        "You strip the wreck of what is still good. {}",
        (
            '[inventory: action="add" items="1. Arrows (5)\n2. Salt cake"]',
            inv("add", "Arrows", count=5) + " " + inv("add", "Salt cake"),
        ),
    ),
]
