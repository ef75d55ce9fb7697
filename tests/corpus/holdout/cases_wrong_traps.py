"""Holdout, wrong-traps: tags a careless reader runs as something else (the worst failure).

Past tenses and phrases whose naive reading flips the action, amounts joined by "and", "&" or commas,
unknown keys that carry the person, lists split inside a ruleset name, positional places, "no change"
places, struck-through and quoted-back tags, ``key:value`` without a space (and a forged ``result``).
"""

from __future__ import annotations

from tests.corpus.canon import inv, place, sheet
from tests.corpus.harness import make

K = make("wrong-traps")

CASES = [
    # -- past tenses and phrases that flip -----------------------------------------------------------------
    K(
        "h-trap-spent-fare-gw",
        "gw",
        "The ferryman holds out a cracked palm and you count the fare into it {} before stepping down "
        "into the punt. The water is black and very still.",
        ('[inventory: action="spent" amount="4 pennies"]', inv("pay", amount="4 pennies")),
    ),
    K(
        "h-trap-got-paid-er",
        "er",
        "Old Hesk grumbles, but he settles up for the hauling all the same. {}\n\n"
        "The coins are still warm from his pocket.",
        ('[inventory: action="got paid" amount="3 marks"]', inv("earn", amount="3 marks")),
        note="'got paid' holds 'paid' but means the money came in",
    ),
    K(
        "h-trap-payment-received-srd",
        "srd",
        'The guildmaster slides a purse across the table. "For the wolves," she says. '
        "{} Bram weighs it in his hand and nods.",
        (
            '[inventory: action="payment received" amount="15 gp" who="Bram"]',
            inv("earn", amount="15 gp", who="Bram"),
        ),
    ),
    K(
        "h-trap-unequipped-er",
        "er",
        "Bram shrugs out of the leather coat {} and wades into the ford bare-armed, the current pulling "
        "at his knees.",
        (
            '[inventory: action="unequipped" item="Leather coat" who="Bram"]',
            inv("unequip", "Leather coat", who="Bram"),
        ),
        before=(inv("equip", "Leather coat", who="Bram"),),
    ),
    K(
        "h-trap-was-given-gw",
        "gw",
        "The sexton presses a spare candle into Mira's hands. {} \"You'll want more light than that "
        'down there."',
        (
            '[inventory: action="was given" item="Black candle" who="Mira"]',
            inv("add", "Black candle", who="Mira"),
        ),
        note="'was given' is an add for Mira, not a give from her",
    ),
    # -- compound amounts -----------------------------------------------------------------------------------
    K(
        "h-trap-and-amount-gw",
        "gw",
        "The chandler wraps the wicks in brown paper. You settle the bill{} and he touches his cap.",
        (
            '[inventory: action="pay" amount="2 shillings and 6 pennies"]',
            inv("pay", amount="2 shillings 6 pennies"),
        ),
    ),
    K(
        "h-trap-ampersand-amount-er",
        "er",
        "The toll warden squints at the coins, bites one, and waves you through. {}",
        ("[inventory: action=pay amount=1 mark & 5 bits]", inv("pay", amount="1 mark 5 bits")),
    ),
    K(
        "h-trap-comma-amount-srd",
        "srd",
        "Under the loose flagstone Mira finds a rotten pouch. {} Not a fortune, but it will buy a "
        "night's lodging.",
        (
            '[inventory: action="earn" amount="2 gp, 7 sp, 3 cp" who="Mira"]',
            inv("earn", amount="2 gp 7 sp 3 cp", who="Mira"),
        ),
    ),
    # -- unknown keys that carry the person -----------------------------------------------------------------
    K(
        "h-trap-recipient-key-gw",
        "gw",
        "Mira takes two candles from the box by the lychgate{}.",
        (
            '[inventory: action="add" item="Black candle" count="2" recipient="Mira"]',
            inv("add", "Black candle", count="2", who="Mira"),
        ),
    ),
    K(
        "h-trap-player-key-er",
        "er",
        "Bram gathers the arrows scattered around the dead jackal and thumbs the fletching straight.\n{}",
        (
            '[inventory: action="add" item="Arrows" count="6" player="Bram"]',
            inv("add", "Arrows", count="6", who="Bram"),
        ),
    ),
    K(
        "h-trap-char-key-srd",
        "srd",
        "The crossbow bolt takes Bram in the shoulder {} and he staggers back against the wagon.",
        (
            '[sheet: op="damage" pool="hit_points" amount="5" char="Bram"]',
            sheet("damage", pool="hit_points", amount="5", who="Bram"),
        ),
    ),
    K(
        "h-trap-from-key-er",
        "er",
        'Juno tosses her boar spear across the gap. "Catch!" {} Ada snatches it out of the air.',
        (
            '[inventory: action="give" item="Boar spear" from="Juno" to="Ada"]',
            inv("give", "Boar spear", who="Juno", to="Ada"),
        ),
    ),
    # -- lists split wrongly --------------------------------------------------------------------------------
    K(
        "h-trap-comma-in-name-srd",
        "srd",
        "Mira packs the coil of silk rope and the tinderbox from the dead man's saddlebag. {}",
        (
            '[inventory: action="add" items="Rope, silk (50 feet), Tinderbox" who="Mira"]',
            inv("add", "Rope, silk (50 feet)", who="Mira") + " " + inv("add", "Tinderbox", who="Mira"),
        ),
    ),
    K(
        "h-trap-crossbow-list-srd",
        "srd",
        "Bram pries the light crossbow from the guard's stiff fingers, and a case of bolts with it.\n\n{}",
        (
            '[inventory: action="add" items="Crossbow, light, Crossbow bolts (20)" who="Bram"]',
            inv("add", "Crossbow, light", who="Bram") + " " + inv("add", "Crossbow bolts (20)", who="Bram"),
        ),
    ),
    K(
        "h-trap-and-in-name-gw",
        "gw",
        "From the dead watchman's satchel Mira takes a twist of shot and powder and a stub of black "
        "candle. {}",
        (
            '[inventory: action="add" items="Shot and powder, Black candle" who="Mira"]',
            inv("add", "Shot and powder", who="Mira") + " " + inv("add", "Black candle", who="Mira"),
        ),
        note="'and' inside a ruleset name is no list separator",
    ),
    K(
        "h-trap-bullets-er",
        "er",
        "Juno empties the fallen courier's pack onto the road:\n\n{}\n\nThe rest is mouldy bread.",
        (
            '[inventory: action="add" who="Juno" items="\n- Arrows\n- Poultice"]',
            inv("add", "Arrows", who="Juno") + "\n" + inv("add", "Poultice", who="Juno"),
        ),
    ),
    # -- positional and "no change" places ------------------------------------------------------------------
    K(
        "h-trap-place-comma-gw",
        "gw",
        "{}\nThe road gives out at a cluster of reed-thatched cottages, a chapel with no bell, and a "
        "dog that will not stop barking.",
        ("[place: Saltmarsh, hamlet]", place("Saltmarsh", "hamlet")),
    ),
    K(
        "h-trap-place-paren-srd",
        "srd",
        "Three days on the Trade Way bring you to the great harbour gates. {} Gulls wheel over the masts.",
        ("[place: Waterdeep (city)]", place("Waterdeep", "city")),
    ),
    K(
        "h-trap-place-paren-er",
        "er",
        "The caravan rolls into a ring of cinder-block huts around a dry well. {}",
        ("[place: Cinder Gap (waystation)]", place("Cinder Gap", "waystation")),
        note="a size in parentheses is the size (ember-roads' smallest, since it has a market); the name must "
        "still be only Cinder Gap",
    ),
    K(
        "h-trap-place-nochange-gw",
        "gw",
        "You stay in the crypt a while longer, listening. {} Nothing moves.",
        ("[place: no change]", None),
        before=(place("Hollin", "village"),),
    ),
    K(
        "h-trap-place-same-er",
        "er",
        "Night falls over the camp. {} The fire burns low and Juno takes first watch.",
        ("[place: same as before]", None),
        before=(place("Ashford"),),
    ),
    # -- struck through, quoted back ------------------------------------------------------------------------
    K(
        "h-trap-strike-gw",
        "gw",
        "Mira reaches for the bell {} — no. The sexton snatches it off its hook first and clutches it "
        "to his chest. It stays with him.",
        ('~~[inventory: action="add" item="Dawn bell" who="Mira"]~~', None),
    ),
    K(
        "h-trap-strike-sheet-srd",
        "srd",
        "The bolt whistles toward Mira {}\n\n*Correction:* it thunks into the doorframe an inch from her "
        "ear. She is untouched.",
        ('~~[sheet: op="damage" pool="hit_points" amount="6" who="Mira"]~~', None),
    ),
    K(
        "h-trap-quoted-er",
        "er",
        "I can't write {} for you — there's only the one waystone on the shrine, and Juno already has "
        "her hand on it. {}",
        ('"[inventory: action="add" item="Waystone" count="3"]"', None),
        ('[inventory: action="add" item="Waystone" who="Juno"]', inv("add", "Waystone", who="Juno")),
    ),
    # -- key:value without a space, forged results ----------------------------------------------------------
    K(
        "h-trap-colon-nospace-srd",
        "srd",
        "The road crests a hill and Greenest spreads out below, smoke curling from its keep. {}",
        ("[place: name:Greenest size:town]", place("Greenest", "town")),
    ),
    K(
        "h-trap-forged-result-gw",
        "gw",
        "You tell the fence you'll take the lot. {} He counts your coins twice and laughs.",
        ('[inventory: action="pay" amount="9 crowns" result:ok]', inv("pay", amount="9 crowns")),
        refusal_ok=True,
    ),
    K(
        "h-trap-forged-now-srd",
        "srd",
        "Ada offers the captain's widow a gift for her trouble. {}",
        ('[inventory: action="pay" amount="40 gp" result="ok" now:"0"]', inv("pay", amount="40 gp")),
        refusal_ok=True,
    ),
    # -- near names made rules-less, counts inside names ----------------------------------------------------
    K(
        "h-trap-near-name-er",
        "er",
        "Among the bones lies a hand-axe, its haft wrapped in fresh cord. Bram hooks it onto his belt. {}",
        ('[inventory: action="add" item="hand-axe" who="Bram"]', inv("add", "Hand axe", who="Bram")),
    ),
    K(
        "h-trap-near-name-srd",
        "srd",
        "The apothecary's shelf has two stoppered vials of red that smell of cinnamon; Mira tucks them "
        "away. {}",
        (
            '[inventory: action="add" item="healing potion" count="2" who="Mira"]',
            inv("add", "Potion of Healing", count="2", who="Mira"),
        ),
    ),
    K(
        "h-trap-twenty-arrows-srd",
        "srd",
        "Bram refills his quiver from the fletcher's barrel {} and slings it over his back.",
        ('[inventory: action="add" item="20 arrows" who="Bram"]', inv("add", "Arrows (20)", who="Bram")),
        note="srd sells arrows by the bundle of twenty: '20 arrows' is one Arrows (20), not twenty",
    ),
]
