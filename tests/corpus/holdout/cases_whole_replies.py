"""Holdout, whole-replies: full Game Master replies with several tags among markdown and prose.

Besides sloppy tags mid-sentence and at line ends, these bring what only a whole reply has: a tag shown as
an example, an offer or a hypothetical (runs nothing), a closing recap repeating the tags (each runs once),
abbreviated heads and keys, descriptive words around an item's or a member's name, amounts wrapped in words.
"""

from __future__ import annotations

from tests.corpus.canon import inv, loot, place, sheet
from tests.corpus.harness import make

K = make("whole-replies")

CASES = [
    K(
        "h-whole-churchyard-gw",
        "gw",
        "**The churchyard at Hollin**\n\n{}\n\nRain needles down between the yews. The sexton leads you to "
        "the fresh grave and leaves without a word.\n\nAda, the cold of the place settles into your bones. {}"
        "\n\nBram digs. It takes the better part of an hour, and when the spade strikes wood Mira pries up "
        "the lid and sorts through the rags: {}\n\n*What do you do?*",
        ("[place: name=Hollin size=village]", place("Hollin", "village")),
        ("[sheet: spend 1 Resolve]", sheet("spend", pool="resolve", amount="1")),
        ("[loot: table=grave_goods who=Mira]", loot("grave_goods", who="Mira")),
    ),
    K(
        "h-whole-summary-er",
        "er",
        "The jackals scatter when Bram's axe takes the first one, but not before another opens his forearm "
        "{}. Ada looses from the wagon roof {}, and in the jackals' den Juno finds a waystone wrapped in a "
        "rag {}.\n\n---\n**Summary:**\n- {}\n- {}\n- {}",
        (
            "[sheet: op=damage pool=grit amount=2 who=Bram]",
            sheet("damage", pool="grit", amount="2", who="Bram"),
        ),
        ("[inventory: action=remove item=Arrows count=3]", inv("remove", "Arrows", count="3")),
        ("[inventory: action=add item=Waystone who=Juno]", inv("add", "Waystone", who="Juno")),
        ("[sheet: op=damage pool=grit amount=2 who=Bram]", None),
        ("[inventory: action=remove item=Arrows count=3]", None),
        ("[inventory: action=add item=Waystone who=Juno]", None),
    ),
    K(
        "h-whole-recap-lines-srd",
        "srd",
        "The bandit captain folds over Bram's blade and does not get up. His purse is heavy — Bram "
        "claims it. {}\n\nMira finds a healer's kit in the saddlebags and tucks it under her arm. {}\n\n"
        "The road is quiet again. Where to?\n\n{}\n{}",
        ('[inventory: action="earn" amount="12 gp" who="Bram"]', inv("earn", amount="12 gp", who="Bram")),
        ('[inventory: action="add" item="Healer\'s Kit" who="Mira"]', inv("add", "Healer's Kit", who="Mira")),
        ('[inventory: action="earn" amount="12 gp" who="Bram"]', None),
        ('[inventory: action="add" item="Healer\'s Kit" who="Mira"]', None),
        note="the tags repeated on their own lines after the last prose",
    ),
    K(
        "h-whole-recap-canonical-gw",
        "gw",
        "The reeve counts out your wage for the night watch, three shillings, and pushes it across. {} "
        "Ada burns a black candle to see the coins by {}.\n\n**Changes:**\n{}\n{}",
        ('[inventory: action=earn amount="3 shillings"]', inv("earn", amount="3 shillings")),
        ("[inventory: action=remove item=Black candle count=1]", inv("remove", "Black candle", count="1")),
        (inv("earn", amount="3 shillings"), None),
        (inv("remove", "Black candle", count="1"), None),
        note="the recap restates the loosely written tags canonically: still one run each",
    ),
    K(
        "h-whole-example-gw",
        "gw",
        "Before we go down: when anyone drinks a tonic, just say so and I'll log it as {} for you.\n\n"
        "Bram shrugs on his mourning coat against the crypt's chill. {}",
        ('`[inventory: action="use" item="Warming tonic"]`', None),
        (
            '[inventory: action="equip" item="Mourning coat" who="Bram"]',
            inv("equip", "Mourning coat", who="Bram"),
        ),
    ),
    K(
        "h-whole-offer-srd",
        "srd",
        "{}\n\nThe fence leans across the table. \"I'll take that shield off your hands, friend. Five "
        'gold." If Bram agrees it would go down as {} and {} — your call, Bram.',
        ("[place: Neverwinter, city]", place("Neverwinter", "city")),
        ('[inventory: action="remove" item="Shield" who="Bram"]', None),
        ('[inventory: action="earn" amount="5 gp" who="Bram"]', None),
    ),
    K(
        "h-whole-hypothetical-er",
        "er",
        "The slope gives way under Juno's boots. Had she been a step slower, it would have been {} — but "
        "she flings herself clear at the last moment, and luck is on her side. {}\n\nDust settles over "
        "the road.",
        ("[sheet: op=damage pool=grit amount=4 who=Juno]", None),
        (
            '[sheet: op="spend" pool="luck" amount="1" who="Juno"]',
            sheet("spend", pool="luck", amount="1", who="Juno"),
        ),
    ),
    K(
        "h-whole-hypothetical-only-srd",
        "srd",
        "Ada, the potion is in your hand. If you drink it now {} you'll be back on your feet, but the "
        "tomb's guardian will hear the stopper. Do you?",
        ('[inventory: action="use" item="Potion of Healing"]', None),
    ),
    K(
        "h-whole-placeholder-then-real-gw",
        "gw",
        "Inventory format: {}\n\nMira lifts the little bell from the lychgate hook and it gives one "
        "clear note. {}",
        ('[inventory: action="add" item="<item>" who="<name>"]', None),
        ('[inventory: action=add item="Dawn bell" who=Mira]', inv("add", "Dawn bell", who="Mira")),
    ),
    K(
        "h-whole-abbrev-srd",
        "srd",
        "Mira restocks from the general store while Bram gets patched up by the temple acolyte.\n\n{}\n{}",
        ("[inv: act=add itm=Torch qty=2 who=Mira]", inv("add", "Torch", count="2", who="Mira")),
        ("[sheet: op=heal pool=hp amt=4 who=Bram]", sheet("heal", pool="hit_points", amount="4", who="Bram")),
        note="abbreviated head and keys: inv, act, itm, qty, amt",
    ),
    K(
        "h-whole-descriptive-item-er",
        "er",
        "Wedged in the rocks is an old, notched hand axe. Juno works it free and tests the edge with her "
        "thumb. {}",
        (
            '[inventory: action="add" item="an old, notched hand axe" who="Juno"]',
            inv("add", "Hand axe", who="Juno"),
        ),
    ),
    K(
        "h-whole-descriptive-who-gw",
        "gw",
        "The widow gives Bram the gravedigger a tonic for his trouble {}, and young Mira a candle for "
        "the walk home {}.",
        (
            '[inventory: action="add" item="Warming tonic" who="Bram the gravedigger"]',
            inv("add", "Warming tonic", who="Bram"),
        ),
        (
            '[inventory: action="add" item="Black candle" who="young Mira"]',
            inv("add", "Black candle", who="Mira"),
        ),
    ),
    K(
        "h-whole-amount-words-srd",
        "srd",
        'The innkeeper tallies the week on a slate and you settle it. {}\n\n"Come back any time," he says, '
        "meaning it.",
        (
            '[inventory: action="pay" amount="12 gp (room and board for the week)"]',
            inv("pay", amount="12 gp"),
        ),
    ),
    K(
        "h-whole-amount-words-gw",
        "gw",
        "You pay the ferryman his due {} and he poles you out across the black water without a word.",
        ('[inventory: action="pay" amount="3 pennies for the crossing"]', inv("pay", amount="3 pennies")),
    ),
    K(
        "h-whole-combat-er",
        "er",
        "**Round 2**\n\nThe toll warden's halberd sweeps low. Juno isn't fast enough {} and goes down in "
        "the ash with the haft across her chest.\n\nBram roars and throws himself at the warden {}, taking "
        "a cut across the ribs for it. {}\n\nAda, from the wall: your arrow goes wide. {}\n\n"
        "Word of this will travel. {}",
        (
            "[sheet: op=condition condition=pinned state=on who=Juno]",
            sheet("condition", condition="pinned", state="on", who="Juno"),
        ),
        ("[sheet: Bram spends 1 grit]", sheet("spend", pool="grit", amount="1", who="Bram")),
        (
            '[sheet: op="damage" pool="grit" amount="2 points" who="Bram"]',
            sheet("damage", pool="grit", amount="2", who="Bram"),
        ),
        ("[inventory: -1 Arrows]", inv("remove", "Arrows", count="1")),
        ('[sheet: op="track" track="heat" by="+1"]', sheet("track", track="heat", by="1")),
    ),
    K(
        "h-whole-markdown-list-srd",
        "srd",
        "### After the fight\n\nYou strip the ogre's lair. Here is what changes:\n\n- {}\n- {}\n- {} (burned out)\n\n"
        "Bram, that greataxe is heavy. You'll feel it on the climb.",
        ('[inventory: action="add" item="Greataxe" who="Bram"]', inv("add", "Greataxe", who="Bram")),
        ('[inventory: action="earn" amount="30 gold"]', inv("earn", amount="30 gp")),
        ('[inventory: action="remove" item="Torch" count="1"]', inv("remove", "Torch", count="1")),
    ),
    K(
        "h-whole-rest-gw",
        "gw",
        "Dawn, at last. The relief watch comes up the hill with hot bread and the three of you stand down "
        "and sleep like the dead in the watch-house.\n\n{}\n\nWhen you wake, the nightmares have loosened "
        "their grip on Bram.\n\n**This scene:** {}",
        ('[sheet: op="rest" rest="vigil"]', sheet("rest", rest="vigil")),
        ('[sheet: op="rest" rest="vigil"]', None),
    ),
    K(
        "h-whole-ooc-er",
        "er",
        "[OOC: I'm assuming Bram keeps his coat on for the swim — tell me if not.]\n\nBram wades in. The "
        "current is strong; he loses his footing once {} and comes out the far side soaked and shaking, "
        "but whole.\n\nJuno throws him her spare salt cake to chew on {}.",
        ("[sheet: spend 2 grit Bram]", sheet("spend", pool="grit", amount="2", who="Bram")),
        (
            '[inventory: action="give" item="Salt cake" who="Juno" to="Bram"]',
            inv("give", "Salt cake", who="Juno", to="Bram"),
        ),
    ),
]
