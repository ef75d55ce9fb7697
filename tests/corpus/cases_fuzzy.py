"""fuzzy-names: an item named loosely (a typo, one distinctive word, words in another order, plural or
singular, British spelling, descriptive words), each meaning ONE clear ruleset item. The ambiguous ones
are in ``cases_refuse``.
"""

from __future__ import annotations

from tests.corpus.canon import inv
from tests.corpus.harness import make

F = make("fuzzy-names")


def _add(item: str, rest: str = "") -> str:
    tail = f" {rest}" if rest else ""
    return f'[inventory: action="add" item="{item}"{tail}]'


CASES = [
    # gravewatch: no plain items, so a name either finds its item or is refused.
    F(
        "fz-typo-tonic-gw",
        "gw",
        "Another bottle, cold from the cellar. {}",
        (_add("warming tonnic"), inv("add", "Warming tonic")),
    ),
    F(
        "fz-word-tonic-gw",
        "gw",
        "The innkeeper sets a tonic by Bram's elbow. {}",
        (_add("tonic", 'who="Bram"'), inv("add", "Warming tonic", who="Bram")),
    ),
    F(
        "fz-word-spade-gw",
        "gw",
        "Bram takes up the sexton's spade. {}",
        (_add("spade", 'who="Bram"'), inv("add", "Grave spade", who="Bram")),
    ),
    F(
        "fz-order-lantern-gw",
        "gw",
        "Mira finds a tin lantern on a hook. {}",
        (_add("lantern, shuttered", 'who="Mira"'), inv("add", "Shuttered lantern", who="Mira")),
    ),
    F(
        "fz-plural-candles-gw",
        "gw",
        "Three more candles from the vestry box. {}",
        (_add("black candles", 'count="3"'), inv("add", "Black candle", count=3)),
    ),
    F(
        "fz-litany-page-gw",
        "gw",
        "Mira tears a page from the chapel litany. {}",
        (_add("litany page", 'who="Mira"'), inv("add", "Page of the vigil litany", who="Mira")),
    ),
    F(
        "fz-word-pistol-gw",
        "gw",
        "Mira takes the dead watchman's pistol. {}",
        (_add("pistol", 'who="Mira"'), inv("add", "Watch pistol", who="Mira")),
    ),
    F(
        "fz-descriptive-spade-gw",
        "gw",
        "Leaning on the wall is a battered old grave-spade. Mira takes it. {}",
        (_add("a battered old grave-spade", 'who="Mira"'), inv("add", "Grave spade", who="Mira")),
    ),
    F(
        "fz-hyphen-coat-gw",
        "gw",
        "Mira borrows a mourning coat from the widow. {}",
        (_add("mourning-coat", 'who="Mira"'), inv("add", "Mourning coat", who="Mira")),
    ),
    F(
        "fz-word-bell-gw",
        "gw",
        "In the ruined belfry Mira finds a small hand bell. {}",
        (_add("bell", 'who="Mira"'), inv("add", "Dawn bell", who="Mira")),
    ),
    F(
        "fz-order-shot-gw",
        "gw",
        "Bram refills his pouch from the watch-house store. {}",
        (_add("powder and shot", 'count="4" who="Bram"'), inv("add", "Shot and powder", count=4, who="Bram")),
    ),
    F(
        "fz-silver-nail-gw",
        "gw",
        "A silver nail from the sealed coffin. {}",
        (_add("silver nail", 'who="Ada"'), inv("add", "Silver coffin nail", who="Ada")),
    ),
    # ember-roads: plain items are allowed, so a near name taken literally becomes a plain item.
    F(
        "fz-hyphen-axe-er",
        "er",
        "Juno picks up the woodcutter's hand-axe. {}",
        (_add("hand-axe", 'who="Juno"'), inv("add", "Hand axe", who="Juno")),
    ),
    F(
        "fz-descriptive-axe-er",
        "er",
        "Under the cart seat: an old, notched hand axe. {}",
        (_add("an old, notched hand axe", 'who="Bram"'), inv("add", "Hand axe", who="Bram")),
    ),
    F(
        "fz-singular-arrow-er",
        "er",
        "You pull five arrows from the dead jackal. {}",
        (_add("arrow", 'count="5"'), inv("add", "Arrows", count=5)),
    ),
    F(
        "fz-plural-poultice-er",
        "er",
        "The herb-wife gives Juno two poultices. {}",
        (_add("poultices", 'count="2" who="Juno"'), inv("add", "Poultice", count=2, who="Juno")),
    ),
    F(
        "fz-no-hyphen-gauntlets-er",
        "er",
        "Juno pulls on a pair of stiff drover's cuffs. {}",
        (_add("ox hide gauntlets", 'who="Juno"'), inv("add", "Ox-hide gauntlets", who="Juno")),
    ),
    F(
        "fz-typo-bow-er",
        "er",
        "Juno finds a bow hung above the door. {}",
        (_add("huntin bow", 'who="Juno"'), inv("add", "Hunting bow", who="Juno")),
    ),
    F(
        "fz-word-gauntlets-er",
        "er",
        "The drover gives Bram his old gauntlets. {}",
        (_add("gauntlets", 'who="Bram"'), inv("add", "Ox-hide gauntlets", who="Bram")),
    ),
    F(
        "fz-word-spear-er",
        "er",
        "Bram takes the spear from the boar-hunter's rack. {}",
        (_add("spear", 'who="Bram"'), inv("add", "Boar spear", who="Bram")),
    ),
    F(
        "fz-plural-salt-er",
        "er",
        "Two salt cakes wrapped in oilcloth. {}",
        (_add("salt cakes", 'count="2" who="Juno"'), inv("add", "Salt cake", count=2, who="Juno")),
    ),
    F(
        "fz-case-waystone-er",
        "er",
        "A pebble with a hole worn through it: a waystone. {}",
        (_add("way-stone", 'who="Juno"'), inv("add", "Waystone", who="Juno")),
    ),
    # srd-5e: plain items are allowed too.
    F(
        "fz-order-potion-srd",
        "srd",
        "Mira finds a red potion in the dead cleric's satchel. {}",
        (_add("healing potion", 'who="Mira"'), inv("add", "Potion of Healing", who="Mira")),
    ),
    F(
        "fz-rope-parens-srd",
        "srd",
        "Bram takes a coil of hemp rope. {}",
        (_add("rope (hempen)", 'who="Bram"'), inv("add", "Rope, hempen (50 feet)", who="Bram")),
    ),
    F(
        "fz-word-rations-srd",
        "srd",
        "Four days of hard bread and salt pork. {}",
        (_add("rations", 'count="4"'), inv("add", "Rations (1 day)", count=4)),
    ),
    F(
        "fz-british-equip-srd",
        "srd",
        "Ada buckles her armour on before the gates. {}",
        ('[inventory: action="equip" item="leather armour"]', inv("equip", "Leather Armor")),
    ),
    F(
        "fz-typo-tools-srd",
        "srd",
        "Bram lends Mira his lockpicks. {}",
        (
            '[inventory: action="give" item="theives tools" who="Bram" to="Mira"]',
            inv("give", "Thieves' Tools", who="Bram", to="Mira"),
        ),
    ),
    F(
        "fz-space-longsword-srd",
        "srd",
        "Mira lifts a long sword from the weapon rack. {}",
        (_add("long sword", 'who="Mira"'), inv("add", "Longsword", who="Mira")),
    ),
    F(
        "fz-order-lantern-srd",
        "srd",
        "You take the hooded lantern from its hook. {}",
        (_add("hooded lantern"), inv("add", "Lantern, hooded")),
    ),
    F(
        "fz-space-tinderbox-srd",
        "srd",
        "A tinder box, dry in its oilskin. {}",
        (_add("tinder box", 'who="Mira"'), inv("add", "Tinderbox", who="Mira")),
    ),
    F(
        "fz-plural-waterskin-srd",
        "srd",
        "Two waterskins, both full. {}",
        (_add("waterskins", 'count="2"'), inv("add", "Waterskin", count=2)),
    ),
    F(
        "fz-hyphen-chainmail-srd",
        "srd",
        "Bram strips the chain-mail off the dead knight. {}",
        (_add("chain-mail", 'who="Bram"'), inv("add", "Chain Mail", who="Bram")),
    ),
    F(
        "fz-case-bag-srd",
        "srd",
        "Inside the chest lies a plain cloth bag of holding. {}",
        (_add("bag of holding", 'who="Mira"'), inv("add", "Bag of Holding", who="Mira")),
    ),
    F(
        "fz-descriptive-crowbar-srd",
        "srd",
        "Bram finds a sturdy iron crowbar under the floorboards. {}",
        (_add("a sturdy iron crowbar", 'who="Bram"'), inv("add", "Crowbar", who="Bram")),
    ),
    F(
        "fz-oil-flasks-srd",
        "srd",
        "Bram empties one of his oil flasks over the webs. {}",
        (
            '[inventory: action="remove" item="oil flasks" count="1" who="Bram"]',
            inv("remove", "Oil (flask)", count=1, who="Bram"),
        ),
    ),
]
