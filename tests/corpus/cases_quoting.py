"""quoting: doubled, missing and odd quotes, backticks, NBSP and ideographic spaces, ``|``, ``,`` and ``;``
between pairs, punctuation stuck to a value, escapes, entities.
"""

from __future__ import annotations

from tests.corpus.canon import inv, loot, sheet
from tests.corpus.harness import make

Q = make("quoting")

NBSP = "\u00a0"
IDEO = "\u3000"

CASES = [
    Q(
        "qt-doubled-gw",
        "gw",
        "The sexton leaves a tonic for you. {}",
        ('[inventory: action="add" item=""Warming tonic""]', inv("add", "Warming tonic")),
    ),
    Q(
        "qt-missing-close-srd",
        "srd",
        "You take two torches for the tunnels. {}",
        ('[inventory: action="add" item="Torch count="2"]', inv("add", "Torch", count=2)),
    ),
    Q(
        "qt-missing-open-er",
        "er",
        "Ada gives a poultice to Juno. {}",
        ('[inventory: action="give" item=Poultice" to="Juno"]', inv("give", "Poultice", to="Juno")),
    ),
    Q(
        "qt-backticks-gw",
        "gw",
        "Another candle for the dark. {}",
        ("[inventory: action=`add` item=`Black candle`]", inv("add", "Black candle")),
    ),
    Q(
        "qt-nbsp-srd",
        "srd",
        "You pocket a torch. {}",
        (f'[inventory:{NBSP}action="add"{NBSP}item="Torch"]', inv("add", "Torch")),
    ),
    Q(
        "qt-ideographic-gw",
        "gw",
        "Mira takes a candle from the altar. {}",
        (
            f'[inventory:{IDEO}action="add"{IDEO}item="Black candle"{IDEO}who="Mira"]',
            inv("add", "Black candle", who="Mira"),
        ),
    ),
    Q(
        "qt-pipes-er",
        "er",
        "You gather four arrows from the grass. {}",
        ("[inventory: action=add | item=Arrows | count=4]", inv("add", "Arrows", count=4)),
    ),
    Q(
        "qt-stuck-stop-gw",
        "gw",
        "Bram finds a tonic on the dead warden. {}",
        (
            '[inventory: action="add" item="Warming tonic" who="Bram".]',
            inv("add", "Warming tonic", who="Bram"),
        ),
    ),
    Q(
        "qt-possessive-srd",
        "srd",
        "Bram's pack gets one more torch. {}",
        ('[inventory: action="add" item="Torch" who=Bram\'s]', inv("add", "Torch", who="Bram")),
    ),
    Q(
        "qt-escaped-underscore-gw",
        "gw",
        "Ada opens the second coffin. {}",
        ('[loot: table="grave\\_goods"]', loot("grave_goods")),
    ),
    Q(
        "qt-single-er",
        "er",
        "Juno picks up a salt cake. {}",
        ("[inventory: action='add' item='Salt cake' who='Juno']", inv("add", "Salt cake", who="Juno")),
    ),
    Q(
        "qt-curly-single-srd",
        "srd",
        "Mira takes the dagger from the table. {}",
        ("[inventory: action=‘add’ item=‘Dagger’ who=‘Mira’]", inv("add", "Dagger", who="Mira")),
    ),
    Q(
        "qt-guillemets-gw",
        "gw",
        "Bram is handed a tonic at the gate. {}",
        (
            "[inventory: action=«add» item=«Warming tonic» who=«Bram»]",
            inv("add", "Warming tonic", who="Bram"),
        ),
    ),
    Q(
        "qt-commas-srd",
        "srd",
        "Two more torches from the storeroom. {}",
        ('[inventory: action="add", item="Torch", count="2"]', inv("add", "Torch", count=2)),
    ),
    Q(
        "qt-semicolons-er",
        "er",
        "Three arrows, salvaged. {}",
        ("[inventory: action=add; item=Arrows; count=3]", inv("add", "Arrows", count=3)),
    ),
    Q(
        "qt-unquoted-commas-gw",
        "gw",
        "The chandler throws in two candles. {}",
        ("[inventory: action=add, item=Black candle, count=2]", inv("add", "Black candle", count=2)),
    ),
    Q(
        "qt-bold-value-srd",
        "srd",
        "Mira takes a **dagger** from the rack. {}",
        ('[inventory: action="add" item="**Dagger**" who="Mira"]', inv("add", "Dagger", who="Mira")),
    ),
    Q(
        "qt-curly-apostrophe-srd",
        "srd",
        "Bram lends Mira his thieves' tools. {}",
        (
            '[inventory: action="give" item="Thieves’ Tools" who="Bram" to="Mira"]',
            inv("give", "Thieves' Tools", who="Bram", to="Mira"),
        ),
    ),
    Q(
        "qt-escaped-quotes-er",
        "er",
        "Ada uses a poultice. {}",
        ('[inventory: action=\\"use\\" item=\\"Poultice\\"]', inv("use", "Poultice")),
    ),
    Q(
        "qt-mixed-quotes-srd",
        "srd",
        "You take two torches. {}",
        ('[inventory: action="add" item="Torch\' count=\'2"]', inv("add", "Torch", count=2)),
    ),
    Q(
        "qt-newlines-srd",
        "srd",
        "You fill your pack.\n{}\nThen you set off.",
        ('[inventory: action="add"\nitem="Torch"\ncount="2"]', inv("add", "Torch", count=2)),
    ),
    Q(
        "qt-tabs-gw",
        "gw",
        "Bram takes a tonic. {}",
        (
            '[inventory:\taction="add"\titem="Warming tonic"\twho="Bram"]',
            inv("add", "Warming tonic", who="Bram"),
        ),
    ),
    Q(
        "qt-count-stop-er",
        "er",
        "Three poultices from the herb-wife, for Juno. {}",
        (
            '[inventory: action="add" item="Poultice" count="3." who="Juno"]',
            inv("add", "Poultice", count=3, who="Juno"),
        ),
    ),
    Q(
        "qt-quoted-keys-srd",
        "srd",
        "Mira picks up a torch. {}",
        ('[inventory: "action"="add" "item"="Torch" "who"="Mira"]', inv("add", "Torch", who="Mira")),
    ),
    Q(
        "qt-entities-srd",
        "srd",
        "You grab a torch. {}",
        ("[inventory: action=&quot;add&quot; item=&quot;Torch&quot;]", inv("add", "Torch")),
    ),
    Q(
        "qt-value-comma-gw",
        "gw",
        "Mira pockets a candle. {}",
        ('[inventory: action="add" item="Black candle," who="Mira"]', inv("add", "Black candle", who="Mira")),
    ),
    Q(
        "qt-sheet-single-gw",
        "gw",
        "Bram steels himself. {}",
        (
            "[sheet: op='spend' pool='resolve' amount='1' who='Bram']",
            sheet("spend", pool="resolve", amount=1, who="Bram"),
        ),
    ),
    Q(
        "qt-sheet-curly-er",
        "er",
        "The jackal's bite takes Juno in the leg. {}",
        (
            "[sheet: op=“damage” pool=“grit” amount=“1” who=“Juno”]",
            sheet("damage", pool="grit", amount=1, who="Juno"),
        ),
    ),
    Q(
        "qt-stuck-exclaim-srd",
        "srd",
        "Bram grabs the oil! {}",
        ('[inventory: action="add" item="Oil (flask)" who="Bram"!]', inv("add", "Oil (flask)", who="Bram")),
    ),
    Q(
        "qt-equals-spaces-er",
        "er",
        "Bram picks up three arrows. {}",
        (
            '[ inventory : action = "add" item = "Arrows" count = "3" who = "Bram" ]',
            inv("add", "Arrows", count=3, who="Bram"),
        ),
    ),
]
