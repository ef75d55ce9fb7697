"""must-refuse: tags whose meaning is not clear enough to run: a name with two equally good items, a verb
with two senses, a vague count or amount, a key that would change who or how many. Nothing may run (no
state change, no ``ok`` answer), and the tag is still hidden from the player.
"""

from __future__ import annotations

from tests.corpus.harness import make

R = make("must-refuse")

CASES = [
    # Two equally good items.
    R(
        "rf-coat-gw",
        "gw",
        "Mira takes a coat from the peg by the door. {}",
        ('[inventory: action="add" item="coat" who="Mira"]', None),
        note="Lantern coat or Mourning coat",
    ),
    R(
        "rf-coffin-nail-gw",
        "gw",
        "A coffin nail lies in the dust. {}",
        ('[inventory: action="add" item="coffin nail"]', None),
        note="Silver coffin nail or Pewter coffin nail",
    ),
    R(
        "rf-lantern-srd",
        "srd",
        "You take a lantern from the hook. {}",
        ('[inventory: action="add" item="lantern"]', None),
        note="Lantern, hooded or Lantern, bullseye",
    ),
    R(
        "rf-rope-srd",
        "srd",
        "Bram takes fifty feet of rope. {}",
        ('[inventory: action="add" item="rope" who="Bram"]', None),
        note="Rope, hempen or Rope, silk (both 50 feet)",
    ),
    R(
        "rf-crossbow-srd",
        "srd",
        "Mira picks up the crossbow. {}",
        ('[inventory: action="add" item="crossbow" who="Mira"]', None),
        note="light, hand or heavy",
    ),
    R(
        "rf-kit-srd",
        "srd",
        "Under the bench is a kit of some sort. {}",
        ('[inventory: action="add" item="kit"]', None),
    ),
    # A verb with two senses.
    R(
        "rf-take-tonic-gw",
        "gw",
        "Ada takes a tonic. {}",
        ('[inventory: action="take" item="Warming tonic"]', None),
        note="drink one, or pick one up?",
    ),
    R(
        "rf-take-poultice-er",
        "er",
        "Ada takes a poultice. {}",
        ('[inventory: action="take" item="Poultice"]', None),
        note="use one, or pick one up?",
    ),
    R(
        "rf-take-potion-srd",
        "srd",
        "You take the potion. {}",
        ('[inventory: action="take" item="Potion of Healing"]', None),
        note="drink it, or pick one up?",
    ),
    # Vague counts and amounts.
    R(
        "rf-a-few-gw",
        "gw",
        "Bram scoops a few twists of powder from the box. {}",
        ('[inventory: action="add" item="Shot and powder" count="a few" who="Bram"]', None),
    ),
    R(
        "rf-some-gw",
        "gw",
        "You take some candles. {}",
        ('[inventory: action="add" item="Black candle" count="some"]', None),
    ),
    R(
        "rf-several-er",
        "er",
        "Several arrows are still good. {}",
        ('[inventory: action="add" item="Arrows" count="several"]', None),
    ),
    R(
        "rf-handful-er",
        "er",
        "A handful of arrows from the ditch. {}",
        ('[inventory: action="add" item="Arrows" count="a handful"]', None),
    ),
    R(
        "rf-many-srd",
        "srd",
        "Many torches line the corridor; you take many. {}",
        ('[inventory: action="add" item="Torch" count="many"]', None),
    ),
    R(
        "rf-half-gw",
        "gw",
        "Ada gives Bram half her tonics. {}",
        ('[inventory: action="give" item="Warming tonic" to="Bram" count="half"]', None),
    ),
    R(
        "rf-pay-few-gw",
        "gw",
        "You pay the boy a few pennies. {}",
        ('[inventory: action="pay" amount="a few pennies"]', None),
    ),
    R(
        "rf-pay-some-er",
        "er",
        "You pay the guide some marks. {}",
        ('[inventory: action="pay" amount="some marks"]', None),
    ),
    R(
        "rf-damage-some-er",
        "er",
        "The heat takes some grit out of you. {}",
        ('[sheet: op="damage" pool="grit" amount="some"]', None),
    ),
    R(
        "rf-damage-lot-srd",
        "srd",
        "The fall hurts a lot. {}",
        ('[sheet: op="damage" pool="hp" amount="a lot"]', None),
    ),
    # A key that would change who or how many.
    R(
        "rf-each-gw",
        "gw",
        "The priest hands out candles. {}",
        ('[inventory: action="add" item="Black candle" each="party member"]', None),
    ),
    R(
        "rf-two-recipients-srd",
        "srd",
        "Ada offers her spare dagger. {}",
        ('[inventory: action="give" item="Dagger" to="Bram or Mira"]', None),
    ),
    R(
        "rf-who-and-gw",
        "gw",
        "Tonics for the two of them. {}",
        ('[inventory: action="add" item="Warming tonic" who="Bram and Mira"]', None),
    ),
    R(
        "rf-split-er",
        "er",
        "The salt is shared out. {}",
        ('[inventory: action="add" item="Salt cake" count="3" split_between="Ada and Juno"]', None),
    ),
    R(
        "rf-per-person-srd",
        "srd",
        "Rations for the road. {}",
        ('[inventory: action="add" item="Rations (1 day)" count="3" per="person"]', None),
    ),
]
