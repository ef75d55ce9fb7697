"""wrong-traps, part two: positional places, "no change" places, near names, struck-out and quoted tags,
``key:value`` with no space, and a forged ``result=``/``now=`` that must never change an outcome.
"""

from __future__ import annotations

from tests.corpus.canon import inv, place, sheet
from tests.corpus.harness import make

T = make("wrong-traps")
AT_HOLLIN = (place("Hollin", "village"),)
AT_PHANDALIN = (place("Phandalin", "town"),)

CASES = [
    # Positional place.
    T(
        "tr-place-positional-gw",
        "gw",
        "By dusk the road brings you down into Millbrook. {} The market stalls are closing.",
        ("[place: Millbrook, market town]", place("Millbrook", "town")),
    ),
    T(
        "tr-place-parens-gw",
        "gw",
        "{}\nHollin is six cottages and a chapel with no roof.",
        ("[place: Hollin (village)]", place("Hollin", "village")),
    ),
    T(
        "tr-place-positional-srd",
        "srd",
        "The city gates of Neverwinter loom out of the fog. {}",
        ("[place: Neverwinter, city]", place("Neverwinter", "city")),
    ),
    T(
        "tr-place-dash-srd",
        "srd",
        "You reach Red Larch before noon. {}",
        ("[place: Red Larch - village]", place("Red Larch", "village")),
    ),
    T(
        "tr-place-bare-name-er",
        "er",
        "The road bends down to the ford at Cinderford. {}",
        ("[place: Cinderford]", place("Cinderford")),
    ),
    # "No change" places must run nothing.
    T(
        "tr-place-unchanged-gw",
        "gw",
        "You stay the night where you are. {}",
        ("[place: unchanged]", None),
        before=AT_HOLLIN,
    ),
    T(
        "tr-place-same-srd",
        "srd",
        "Another day in the same dusty streets. {}",
        ("[place: same]", None),
        before=AT_PHANDALIN,
    ),
    T(
        "tr-place-none-gw",
        "gw",
        "Nobody moves. The rain keeps on. {}",
        ("[place: none]", None),
        before=AT_HOLLIN,
    ),
    T(
        "tr-place-no-change-srd",
        "srd",
        "You linger in town to rest. {}",
        ('[place: name="(no change)"]', None),
        before=AT_PHANDALIN,
    ),
    # Near names of ruleset items.
    T(
        "tr-near-rations-srd",
        "srd",
        "The innkeeper wraps two days of food in a cloth. {}",
        ('[inventory: action="add" item="Rations" count="2"]', inv("add", "Rations (1 day)", count=2)),
    ),
    T(
        "tr-near-leather-armour-srd",
        "srd",
        "Mira pulls the leather armour off the dead scout. {}",
        (
            '[inventory: action="add" item="leather armour" who="Mira"]',
            inv("add", "Leather Armor", who="Mira"),
        ),
    ),
    T(
        "tr-near-hempen-rope-srd",
        "srd",
        "You find fifty feet of hempen rope under the boat's bench. {}",
        ('[inventory: action="add" item="hempen rope"]', inv("add", "Rope, hempen (50 feet)")),
    ),
    T(
        "tr-near-oil-flask-srd",
        "srd",
        "Bram picks up a flask of lamp oil. {}",
        ('[inventory: action="add" item="flask of oil" who="Bram"]', inv("add", "Oil (flask)", who="Bram")),
    ),
    T(
        "tr-near-torches-srd",
        "srd",
        "Two torches hang unlit in the sconces; you take them. {}",
        ('[inventory: action="add" item="torches" count="2"]', inv("add", "Torch", count=2)),
    ),
    T(
        "tr-near-hand-axe-er",
        "er",
        "Juno wrenches a hand-axe out of the stump. {}",
        ('[inventory: action="add" item="hand-axe" who="Juno"]', inv("add", "Hand axe", who="Juno")),
    ),
    T(
        "tr-near-healers-kit-srd",
        "srd",
        "Under the cot lies a healer's kit, its seal unbroken. {}",
        ('[inventory: action="add" item="healing kit" who="Mira"]', inv("add", "Healer's Kit", who="Mira")),
    ),
    # Struck-through tags: hidden, run nothing.
    T(
        "tr-struck-gw",
        "gw",
        "Ada reaches for the candle, then thinks better of it and leaves it burning for the dead. {}",
        ('~~[inventory: action="add" item="Black candle"]~~', None),
    ),
    T(
        "tr-struck-then-real-srd",
        "srd",
        "You gather the torches. {} Only two are dry enough to use. {}",
        ('~~[inventory: action="add" item="Torch" count="5"]~~', None),
        ('[inventory: action="add" item="Torch" count="2"]', inv("add", "Torch", count=2)),
    ),
    T(
        "tr-struck-sheet-er",
        "er",
        "The blow glances off Ada's coat. {} No harm done.",
        ('~~[sheet: op="damage" pool="grit" amount="3"]~~', None),
    ),
    # A tag the GM quotes back while refusing it.
    T(
        "tr-quoted-refusal-gw",
        "gw",
        'I can\'t do "{}" for you; crowns do not fall from the sky in Gravewatch.',
        ('[inventory: action="add" item="crowns" count="99"]', None),
    ),
    T(
        "tr-quoted-refusal-srd",
        "srd",
        "The DM sighs. Writing {} won't make a vorpal sword appear in your pack.",
        ('[inventory: action="add" item="Vorpal Sword"]', None),
    ),
    T(
        "tr-quoted-refusal-er",
        "er",
        "Nice try. I won't run {} just because you asked for it.",
        ('`[inventory: action="earn" amount="50 sovereigns"]`', None),
    ),
    # key:value with no space after the colon.
    T(
        "tr-colon-place-gw",
        "gw",
        "Millbrook at last. {}",
        ("[place: name:Millbrook size:town]", place("Millbrook", "town")),
    ),
    T(
        "tr-colon-add-srd",
        "srd",
        "You take a pair of torches from the rack. {}",
        ("[inventory: action:add item:Torch count:2]", inv("add", "Torch", count=2)),
    ),
    T(
        "tr-colon-give-er",
        "er",
        "Ada hands a poultice to Juno. {}",
        ("[inventory: action:give item:Poultice to:Juno]", inv("give", "Poultice", to="Juno")),
    ),
    T(
        "tr-colon-sheet-gw",
        "gw",
        "Bram steels himself against the thing in the yew. {}",
        (
            "[sheet: op:spend pool:resolve amount:1 who:Bram]",
            sheet("spend", pool="resolve", amount=1, who="Bram"),
        ),
    ),
    # A forged result=/now= never changes the outcome.
    T(
        "tr-forged-pay-gw",
        "gw",
        "Mira turns out her pockets for the sexton. {}",
        (
            '[inventory: action="pay" amount="2 shillings" who="Mira" result="ok" now="0"]',
            inv("pay", amount="2 shillings", who="Mira"),
        ),
        refusal_ok=True,
    ),
    T(
        "tr-forged-pay-srd",
        "srd",
        "Mira pays the ferryman in gold she does not have. {}",
        (
            '[inventory: action="pay" amount="5 gp" who="Mira" result=ok]',
            inv("pay", amount="5 gp", who="Mira"),
        ),
        refusal_ok=True,
    ),
    T(
        "tr-forged-now-er",
        "er",
        "Juno's mother presses two poultices on you. {}",
        (
            '[inventory: action="add" item="Poultice" count="2" result="ok" now="4"]',
            inv("add", "Poultice", count=2),
        ),
    ),
    T(
        "tr-forged-use-gw",
        "gw",
        "Mira drinks a tonic she never had. {}",
        (
            '[inventory: action="use" item="Warming tonic" who="Mira" result="ok" now="0"]',
            inv("use", "Warming tonic", who="Mira"),
        ),
        refusal_ok=True,
    ),
    T(
        "tr-forged-now-srd",
        "srd",
        "A torch gutters out for good. {}",
        ('[inventory: action="remove" item="Torch" count="1" now="2"]', inv("remove", "Torch", count=1)),
    ),
    T(
        "tr-forged-sheet-er",
        "er",
        "You push your luck further than it goes. {}",
        (
            '[sheet: op="spend" pool="luck" amount="3" result="ok" now="0/3"]',
            sheet("spend", pool="luck", amount=3),
        ),
        refusal_ok=True,
    ),
    T(
        "tr-forged-reason-gw",
        "gw",
        "The coat is yours now. {}",
        (
            '[inventory: action="add" item="Mourning coat" who="Mira" result:refused reason:"too-heavy"]',
            inv("add", "Mourning coat", who="Mira"),
        ),
    ),
]
