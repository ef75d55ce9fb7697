"""whole-replies: a tag written as an illustration, an offer or a hypothetical (not run); a tag repeated
in a closing summary (run once); abbreviated keys and heads; descriptive words around a name in ``who=``;
several tags in one reply.
"""

from __future__ import annotations

from tests.corpus.canon import inv, sheet
from tests.corpus.harness import make

W = make("whole-replies")

CASES = [
    # Illustrations, offers, hypotheticals: hidden, never run.
    W(
        "wh-offer-gw",
        "gw",
        'The chandler holds up a bottle. "Tonic, two shillings." If you want it, I\'d write {} — just say the word.',
        ('[inventory: action="add" item="Warming tonic"]', None),
    ),
    W(
        "wh-for-example-srd",
        "srd",
        "When you pay for something, just tell me how much (for example {}) and I'll handle the rest.",
        ('`[inventory: action="pay" amount="1 gp"]`', None),
    ),
    W(
        "wh-hypothetical-er",
        "er",
        "The bow hangs on the wall. Should you take it, it would be {}. For now it stays where it is.",
        ('[inventory: action="add" item="Hunting bow"]', None),
    ),
    W(
        "wh-could-then-real-gw",
        "gw",
        "I could note a single candle as {} — but you scoop up two instead. {}",
        ('[inventory: action="add" item="Black candle"]', None),
        ('[inventory: action="add" item="Black candle" count="2"]', inv("add", "Black candle", count=2)),
    ),
    W(
        "wh-options-er",
        "er",
        "The trader spreads his wares. You may take one:\n1. The hand axe {}\n2. Two salt cakes {}\nWhich will it be?",
        ('[inventory: action="add" item="Hand axe"]', None),
        ('[inventory: action="add" item="Salt cake" count="2"]', None),
    ),
    W(
        "wh-placeholder-srd",
        "srd",
        "Remember, when you pick something up I will record it like this: {}",
        ('[inventory: action="add" item="<item name>" who="<character>"]', None),
    ),
    W(
        "wh-format-block-gw",
        "gw",
        "OOC: tags look like this:\n```\n{}\n```\nBack to the story — the bell tolls.",
        ('[inventory: action="add" item="ITEM" count="N"]', None),
    ),
    W(
        "wh-player-echo-gw",
        "gw",
        'You said: "give me a hundred crowns {}". The watch captain laughs in your face.',
        ('[inventory: action="add" item="crowns" count="100"]', None),
    ),
    # A summary block repeating a tag: run once.
    W(
        "wh-summary-srd",
        "srd",
        "You strip the bandit of his dagger. {}\n\n**Summary:**\n- {}",
        ('[inventory: action="add" item="Dagger"]', inv("add", "Dagger")),
        ('[inventory: action="add" item="Dagger"]', None),
    ),
    W(
        "wh-summary-gw",
        "gw",
        "Bram takes two twists of powder from the dead man's pouch. {}\n\nSummary of changes: {}",
        (
            '[inventory: action="add" item="Shot and powder" count="2" who="Bram"]',
            inv("add", "Shot and powder", count=2, who="Bram"),
        ),
        ('[inventory: action="add" item="Shot and powder" count="2" who="Bram"]', None),
    ),
    W(
        "wh-changes-er",
        "er",
        "The jackal's bite opens Juno's arm {} and Ada presses a poultice to it. {}\n\n"
        "---\nChanges this turn:\n{}\n{}",
        (
            '[sheet: op="damage" pool="grit" amount="2" who="Juno"]',
            sheet("damage", pool="grit", amount=2, who="Juno"),
        ),
        ('[inventory: action="give" item="Poultice" to="Juno"]', inv("give", "Poultice", to="Juno")),
        ('[sheet: op="damage" pool="grit" amount="2" who="Juno"]', None),
        ('[inventory: action="give" item="Poultice" to="Juno"]', None),
    ),
    W(
        "wh-ooc-recorded-srd",
        "srd",
        "Mira catches the potion the cleric tosses her. {}\n\n(OOC: I've recorded this as {}.)",
        (
            '[inventory: action="add" item="Potion of Healing" who="Mira"]',
            inv("add", "Potion of Healing", who="Mira"),
        ),
        ('`[inventory: action="add" item="Potion of Healing" who="Mira"]`', None),
    ),
    # Abbreviated keys and heads.
    W(
        "wh-abbrev-er",
        "er",
        "Four arrows from the dead jackal's hide. {}",
        ('[inv: act=add itm="Arrows" qty=4]', inv("add", "Arrows", count=4)),
    ),
    W(
        "wh-amt-srd",
        "srd",
        "The guard takes his cut. {}",
        ('[inventory: action="pay" amt="2 gp"]', inv("pay", amount="2 gp")),
    ),
    W(
        "wh-inv-give-gw",
        "gw",
        "Ada hands Mira two tonics. {}",
        (
            '[inv: action="give" item="Warming tonic" to="Mira" qty="2"]',
            inv("give", "Warming tonic", count=2, to="Mira"),
        ),
    ),
    W(
        "wh-abbrev-sheet-srd",
        "srd",
        "The arrow grazes Bram. {}",
        (
            '[sheet: op="dmg" pool="hp" amt="3" who="Bram"]',
            sheet("damage", pool="hit_points", amount=3, who="Bram"),
        ),
    ),
    # Descriptive words around a member's name.
    W(
        "wh-who-epithet-gw",
        "gw",
        "Bram the gravedigger finds a tonic in the lych-gate. {}",
        (
            '[inventory: action="add" item="Warming tonic" who="Bram the gravedigger"]',
            inv("add", "Warming tonic", who="Bram"),
        ),
    ),
    W(
        "wh-who-young-srd",
        "srd",
        "Young Mira takes the spare torch. {}",
        ('[inventory: action="add" item="Torch" who="young Mira"]', inv("add", "Torch", who="Mira")),
    ),
    W(
        "wh-who-paren-er",
        "er",
        "Juno, the ferryman's daughter, takes a salt cake. {}",
        (
            '[inventory: action="add" item="Salt cake" who="Juno (the ferryman\'s daughter)"]',
            inv("add", "Salt cake", who="Juno"),
        ),
    ),
    W(
        "wh-who-you-srd",
        "srd",
        "You take the coil of silk rope. {}",
        (
            '[inventory: action="add" item="Rope, silk (50 feet)" who="you"]',
            inv("add", "Rope, silk (50 feet)", who="Ada"),
        ),
    ),
    W(
        "wh-who-player-gw",
        "gw",
        "You find another candle in the crypt. {}",
        ('[inventory: action="add" item="Black candle" who="player"]', inv("add", "Black candle", who="Ada")),
    ),
    W(
        "wh-who-comma-er",
        "er",
        "Ada, the scout, picks up three arrows. {}",
        (
            '[inventory: action="add" item="Arrows" count="3" who="Ada, the scout"]',
            inv("add", "Arrows", count=3, who="Ada"),
        ),
    ),
    W(
        "wh-who-title-srd",
        "srd",
        "Sir Bram takes the oil. {}",
        (
            '[inventory: action="add" item="Oil (flask)" who="Sir Bram"]',
            inv("add", "Oil (flask)", who="Bram"),
        ),
    ),
    # Several tags, one of them sloppy; commentary inside a tag.
    W(
        "wh-several-srd",
        "srd",
        "The goblin's blade bites. {} You loot its pouch {} and pay the ferryman on the far bank. {}",
        ('[sheet: op="damage" pool="hit_points" amount="3"]', sheet("damage", pool="hit_points", amount=3)),
        ("[inventory: earn 4 sp]", inv("earn", amount="4 sp")),
        ('[inventory: action="pay" amount="2 sp"]', inv("pay", amount="2 sp")),
    ),
    W(
        "wh-bulleted-updates-gw",
        "gw",
        "Here are the updates:\n- {}\n- {}",
        ('[inventory: action="use" item="Warming tonic"]', inv("use", "Warming tonic")),
        (
            '[sheet: op="condition" condition="rattled" state="off" who="Bram"]',
            sheet("condition", condition="rattled", state="off", who="Bram"),
        ),
    ),
    W(
        "wh-commentary-srd",
        "srd",
        "Mira holds the torch while Bram climbs. {}",
        (
            '[inventory: action="add" item="Torch" who="Mira" (she is holding it)]',
            inv("add", "Torch", who="Mira"),
        ),
    ),
    W(
        "wh-mid-sentence-er",
        "er",
        "Juno hands you {} a poultice, still warm from her satchel.",
        ("[inventory: add Poultice]", inv("add", "Poultice")),
    ),
]
