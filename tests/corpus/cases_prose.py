"""must-stay-prose: brackets that are prose. The player must read the reply exactly as written, and
nothing is run or answered.
"""

from __future__ import annotations

from tests.corpus.harness import make

P = make("must-stay-prose")

CASES = [
    P("pr-sic-gw", "gw", "The chalk sign on the door reads 'Fresh bred' [sic], and the baker is long dead."),
    P(
        "pr-footnote-num-gw",
        "gw",
        "The Codex of Ash [1] speaks of wardens who never slept.\n\n[1] A book lost in the chapel fire.",
    ),
    P("pr-narrator-er", "er", "[Narrator] The rain does not stop for three days."),
    P(
        "pr-ooc-srd",
        "srd",
        "[OOC: Sorry, I lost track of the map. Let's say you are at the bridge.]\n\nThe river runs high.",
    ),
    P("pr-stage-direction-gw", "gw", "[the door creaks open]\n\nNobody is there."),
    P("pr-sheet-music-srd", "srd", "[Sheet music lies scattered across the floor of the bard's room.]"),
    P(
        "pr-inventory-heading-srd",
        "srd",
        "### [Inventory]\n- Torch ×3\n- Rope, hempen (50 feet)\n- Dagger ×2\n\nNothing has changed since the inn.",
    ),
    P("pr-md-link-er", "er", "You unfold [the old caravan map](https://example.com/map.png) by the fire."),
    P("pr-md-footnote-gw", "gw", "It was cold.[^1]\n\n[^1]: Colder than the grave."),
    P("pr-roll-prompt-srd", "srd", "The lock is stiff. [Roll a d20 for Dexterity (Thieves' Tools)]"),
    P("pr-speaker-er", "er", '[Bram]: "Keep your voice down."\n[Juno]: "Or what?"'),
    P("pr-scene-gw", "gw", "[Scene: The watch-house, midnight]\n\nThe fire has burned low."),
    P("pr-time-passes-srd", "srd", "[Time passes...]\n\nBy morning the storm has blown itself out."),
    P(
        "pr-inventory-word-er",
        "er",
        "[Ada's inventory is full of junk, frankly, but none of it is useful here.]",
    ),
    P(
        "pr-place-bets-srd",
        "srd",
        'The dice clatter across the table. "[place your bets]" is chalked on the board.',
    ),
    P("pr-loot-question-gw", "gw", "The bodies lie where they fell. [Loot the bodies? Y/N]"),
    P("pr-sheet-lightning-er", "er", "[sheet lightning flickers over the salt flats, silent and far away]"),
    P("pr-place-names-gw", "gw", "[Place names in this part of the barrows all end in -by.]"),
    P("pr-citation-srd", "srd", "Dragons, the sage insists, cannot swim [citation needed]."),
    P("pr-sigh-er", "er", 'Juno looks at the broken axle. [*sighs*] "Again."'),
    P("pr-dice-er", "er", "Roll [2d6 + Brawn] to shove the cart out of the rut."),
    P(
        "pr-previously-gw",
        "gw",
        "[Previously: the wardens fled the barrows at dawn, leaving the bell behind.]",
    ),
    P(
        "pr-checklist-srd",
        "srd",
        "Your quest log:\n[x] Find the smith\n[ ] Pay the ferryman\n[ ] Return the amulet",
    ),
    P("pr-redacted-gw", "gw", "The letter is signed [REDACTED], in a hand you almost know."),
    P("pr-inventory-full-er", "er", "Your pack groans at the seams. [Inventory full]"),
    P(
        "pr-link-inventory-srd",
        "srd",
        "See [Inventory](https://example.com/inventory) for the equipment rules.",
    ),
    P("pr-array-srd", "srd", "The runes read like code: items[0] glows, items[1] stays dark."),
    P("pr-anchor-gw", "gw", "[Ada](#ada) raises her lantern; [Bram](#bram) keeps the spade ready."),
    P("pr-laughs-srd", "srd", 'The innkeeper leans in. [laughs] "You\'ll want the back room for that."'),
    P("pr-legend-er", "er", "The old map's key: [dotted line = the drowned road], [cross = a waystone]."),
]
