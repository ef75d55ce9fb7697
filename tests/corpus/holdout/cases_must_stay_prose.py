"""Holdout, must-stay-prose: brackets in a reply that are not tags: the player reads them exactly.

Out-of-character asides, sound effects, footnotes, markdown links and checkboxes, speaker labels, roll
results, stage directions, a bracketed item name as a game UI writes it, words that begin with a tag name
(``Place your bets``, ``Sheet of vellum``, ``Loot the bodies?``). Nothing may be hidden or answered.
Each bracket is a slot with no canonical, so the report shows which one a reader took.
"""

from __future__ import annotations

from tests.corpus.harness import make

K = make("must-stay-prose")

CASES = [
    K(
        "h-prose-ooc-gw",
        "gw",
        "The lantern swings in the wind. {}",
        ("[OOC: do you want me to roll Bram's Listen, or will you?]", None),
    ),
    K(
        "h-prose-sfx-er",
        "er",
        "{} Juno's head snaps up. Somewhere behind the dunes, a kettle is whistling — which means a camp.",
        ("[a kettle whistles, far off]", None),
    ),
    K(
        "h-prose-footnote-srd",
        "srd",
        "The Treaty of Ardeep{} still binds the river lords, or so the ferryman claims.\n\n"
        "{} Signed in the Year of the Wandering Maiden.",
        ("[1]", None),
        ("[1]", None),
    ),
    K(
        "h-prose-md-link-gw",
        "gw",
        "Mira checks the burial against {} and finds the name crossed out twice.",
        ("[the parish register](https://example.org/hollin/register)", None),
    ),
    K(
        "h-prose-checkbox-er",
        "er",
        "Juno's list, scratched on a slate:\n{} find water\n{} cross the glass flats\n{} bury the courier",
        ("- [ ]", None),
        ("- [x]", None),
        ("- [ ]", None),
    ),
    K(
        "h-prose-speaker-srd",
        "srd",
        "{} I can read this. It's Elvish, old Elvish.\n{} Then read it, and quickly.",
        ("[Mira]:", None),
        ("[Bram]:", None),
    ),
    K(
        "h-prose-roll-gw",
        "gw",
        "You brace and try to hold your nerve. {} It holds — just.",
        ("[Roll: 3d10 vs 7 → 8, 4, 9 — two successes]", None),
    ),
    K(
        "h-prose-sic-er",
        "er",
        "The note on the gate reads: 'No travlers past dusk {}, by order of the Warden.'",
        ("[sic]", None),
    ),
    K(
        "h-prose-redacted-srd",
        "srd",
        "The letter is signed by {} of the Zhentarim, and the rest of the page is {}.",
        ("[REDACTED]", None),
        ("[illegible]", None),
    ),
    K(
        "h-prose-scene-er",
        "er",
        "{}\n\nThe toll bridge is a single span of rusted girders over a dry riverbed. Two figures wait at "
        "the far end.",
        ("[Scene: the toll bridge at Cinder Gap, dusk]", None),
    ),
    K(
        "h-prose-place-your-bets-gw",
        "gw",
        "The dice girl at the watch-house grins at you over her cup. {}",
        ("[Place your bets, wardens.]", None),
    ),
    K(
        "h-prose-sheet-of-vellum-gw",
        "gw",
        "Pinned to the coffin lid: {}. Nobody has broken the seal.",
        ("[Sheet of vellum, sealed in black wax]", None),
    ),
    K(
        "h-prose-loot-question-srd",
        "srd",
        "The goblins lie still. {}",
        ("[Loot the bodies? Y/N]", None),
    ),
    K(
        "h-prose-item-bracket-gw",
        "gw",
        "In the dirt at the foot of the grave something glints: a {}. Do you pick it up?",
        ("[Silver coffin nail]", None),
        note="an item in brackets, game-UI style, offered not taken",
    ),
    K(
        "h-prose-wiki-link-er",
        "er",
        "See {} for the route Juno marked in charcoal.",
        ("[[Map of the Ash Flats]]", None),
    ),
    K(
        "h-prose-time-skip-srd",
        "srd",
        "{}\n\nThe candle has burned down to a stub by the time Mira looks up from the spellbook.",
        ("[Three hours later]", None),
    ),
    K(
        "h-prose-emote-gw",
        "gw",
        'The sexton looks at the three of you for a long moment. *{}* "Fine. Take the lantern."',
        ("[sighs]", None),
    ),
    K(
        "h-prose-placeholder-er",
        "er",
        'The caravan master slides the contract over: "Sign here, {}, and the road\'s yours."',
        ("[your name here]", None),
    ),
    K(
        "h-prose-rolls-array-srd",
        "srd",
        "Bram's damage dice come up {} — eleven in all.",
        ("[4, 3, 4]", None),
    ),
    K(
        "h-prose-gm-note-srd",
        "srd",
        "The merchant smiles too widely. {}",
        ("[GM note: the potion he is selling is poison. Keep this to yourself for now.]", None),
    ),
    K(
        "h-prose-inventory-heading-er",
        "er",
        "{}\n- Hand axe\n- 10 Arrows\n- 2 Poultices\n\nThat's what Ada is carrying. Anything to add?",
        ("**[Inventory]**", None),
        note="a bracketed heading over a list the GM shows; no body, nothing to run",
    ),
]
