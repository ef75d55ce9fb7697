"""Holdout, must-refuse: tags that must be hidden but run nothing.

An action that means two things (``take`` for a potion, ``trade``), a name two ruleset items fit equally,
a count or amount that says no number or no coin, a person or a table that does not exist, a "no change"
place, template placeholders, a tag with its key missing, and one the GM quotes back while refusing it.
"""

from __future__ import annotations

from tests.corpus.canon import place
from tests.corpus.harness import make

K = make("must-refuse")

CASES = [
    # an action that could mean two things
    K(
        "h-refuse-take-potion-srd",
        "srd",
        "Ada, the red potion on the altar — you take it. {}",
        ('[inventory: action="take" item="Potion of Healing"]', None),
    ),
    K(
        "h-refuse-take-tonic-gw",
        "gw",
        "Mira takes a warming tonic. {}",
        ('[inventory: action="take" item="Warming tonic" who="Mira"]', None),
    ),
    K(
        "h-refuse-take-poultice-er",
        "er",
        "Juno, take a poultice. {} You'll need it before the night is out.",
        ('[inventory: action="take" item="Poultice" who="Juno"]', None),
    ),
    K(
        "h-refuse-trade-er",
        "er",
        "Bram and the scout haggle over the bow. {}",
        ('[inventory: action="trade" item="Hunting bow" who="Bram"]', None),
    ),
    # a name two ruleset items fit equally
    K(
        "h-refuse-lantern-srd",
        "srd",
        "Mira lifts a lantern from its hook by the door. {}",
        ('[inventory: action="add" item="lantern" who="Mira"]', None),
        note="Lantern, bullseye and Lantern, hooded",
    ),
    K(
        "h-refuse-crossbow-srd",
        "srd",
        "Bram picks up the crossbow. {}",
        ('[inventory: action="add" item="crossbow" who="Bram"]', None),
        note="Crossbow, light / hand / heavy",
    ),
    K(
        "h-refuse-coffin-nail-gw",
        "gw",
        "Mira pulls a coffin nail from the rotten lid. {}",
        ('[inventory: action="add" item="coffin nail" who="Mira"]', None),
        note="silver or pewter: the pewter one passes for the silver",
    ),
    K(
        "h-refuse-coat-gw",
        "gw",
        "Mira finds a coat hanging in the vestry. {}",
        ('[inventory: action="add" item="coat" who="Mira"]', None),
        note="Lantern coat and Mourning coat",
    ),
    # no number, no coin, nobody, nothing
    K(
        "h-refuse-some-count-er",
        "er",
        "Juno gathers some arrows from the ruins. {}",
        ('[inventory: action="add" item="Arrows" count="some" who="Juno"]', None),
    ),
    K(
        "h-refuse-handful-coins-gw",
        "gw",
        "The reeve tosses Mira a handful of coins. {}",
        ('[inventory: action="earn" amount="a handful of coins" who="Mira"]', None),
    ),
    K(
        "h-refuse-pay-no-coin-er",
        "er",
        "The toll is three, the warden says. {}",
        ('[inventory: action="pay" amount="3"]', None),
        note="ember-roads has two currencies: three of what?",
    ),
    K(
        "h-refuse-npc-srd",
        "srd",
        "Ada hands one of her daggers to Toblen the innkeeper. {}",
        ('[inventory: action="give" item="Dagger" who="Ada" to="Toblen"]', None),
    ),
    K(
        "h-refuse-who-or-srd",
        "srd",
        "One of you picks up the torch. {}",
        ('[inventory: action="add" item="Torch" who="Bram or Mira"]', None),
    ),
    K(
        "h-refuse-unknown-table-gw",
        "gw",
        "You break open the crypt's hoard chest. {}",
        ('[loot: table="crypt_hoard"]', None),
    ),
    K(
        "h-refuse-no-item-er",
        "er",
        "Juno adds it to her pack. {}",
        ('[inventory: action="add" who="Juno"]', None),
    ),
    K(
        "h-refuse-give-no-to-gw",
        "gw",
        "Ada offers a tonic around. {}",
        ('[inventory: action="give" item="Warming tonic"]', None),
    ),
    K(
        "h-refuse-rest-no-kind-srd",
        "srd",
        "You rest. {}",
        ('[sheet: op="rest"]', None),
        note="srd-5e has a short and a long rest",
    ),
    K(
        "h-refuse-not-an-item-gw",
        "gw",
        "Mira keeps the rabbit's foot the drover gave her. {}",
        ('[inventory: action="add" item="lucky rabbit\'s foot" who="Mira"]', None),
        note="gravewatch refuses free-form items",
    ),
    # "no change" places
    K(
        "h-refuse-place-na-er",
        "er",
        "You stay where you are. {}",
        ("[place: N/A]", None),
        before=(place("Ashford"),),
    ),
    K(
        "h-refuse-place-dash-gw",
        "gw",
        "Still the crypt, still dark. {}",
        ("[place: —]", None),
        before=(place("Hollin", "village"),),
    ),
    K(
        "h-refuse-place-same-srd",
        "srd",
        "You linger in the market square. {}",
        ("[place: same]", None),
        before=(place("Phandalin", "village"),),
    ),
    # templates
    K(
        "h-refuse-placeholder-gw",
        "gw",
        "Tell me what you want to do with it. {}",
        ('[inventory: action="<add|remove>" item="<item>"]', None),
    ),
    K(
        "h-refuse-template-count-srd",
        "srd",
        "Noted. {}",
        ('[inventory: action="add" item="ITEM_NAME" count="N" who="CHARACTER"]', None),
    ),
    # quoted back while refusing
    K(
        "h-refuse-quoted-gw",
        "gw",
        "You asked for {}, but the bell is bolted to the lychgate. It stays.",
        ('"[inventory: action="add" item="Dawn bell"]"', None),
    ),
    K(
        "h-refuse-quoted-curly-srd",
        "srd",
        "I won't run {} — Bram has only the one longsword, and it's already in his hand.",
        ('“[inventory: action="add" item="Longsword" count="2" who="Bram"]”', None),
    ),
    K(
        "h-refuse-hypothetical-cost-er",
        "er",
        "Ada, if you wanted the gauntlets it would be {} — but the smith has no pair to sell today.",
        ('[inventory: action="pay" amount="8 marks"]', None),
    ),
]
