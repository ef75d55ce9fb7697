"""Holdout, quoting: quote marks, separators, spaces and punctuation around values.

Doubled, missing or foreign quotes (guillemets, German, curly, backticks, JSON-escaped ``\\"``), NBSP and
ideographic spaces, ``|``/``;``/``,`` between pairs, tabs, ``key:"value"``, and punctuation or markdown
stuck to a value (a trailing ``.``/``;``, a possessive, ``\\_``, ``*italics*``).
"""

from __future__ import annotations

from tests.corpus.canon import inv, loot, sheet
from tests.corpus.harness import make

K = make("quoting")

CASES = [
    K(
        "h-quote-doubled-single-gw",
        "gw",
        "Mira lights a black candle from the altar lamp and keeps another. {}",
        (
            "[inventory: action=''add'' item=''Black candle'' who=''Mira'']",
            inv("add", "Black candle", who="Mira"),
        ),
    ),
    K(
        "h-quote-doubled-double-er",
        "er",
        "Bram sharpens the hand axe he took off the raider and hangs it at his hip. {}",
        ('[inventory: action=""add"" item=""Hand axe"" who=""Bram""]', inv("add", "Hand axe", who="Bram")),
    ),
    K(
        "h-quote-missing-close-srd",
        "srd",
        "Mira takes the tinderbox from the mantel. {}",
        ('[inventory: action="add" item="Tinderbox who="Mira"]', inv("add", "Tinderbox", who="Mira")),
    ),
    K(
        "h-quote-missing-open-gw",
        "gw",
        "The draught from the crypt snuffs one candle for good. {}",
        (
            '[inventory: action="remove" item=Black candle" count="1"]',
            inv("remove", "Black candle", count="1"),
        ),
    ),
    K(
        "h-quote-backticks-er",
        "er",
        "Juno closes her fist around the waystone. {}",
        ("[inventory: action=`add` item=`Waystone` who=`Juno`]", inv("add", "Waystone", who="Juno")),
    ),
    K(
        "h-quote-guillemets-srd",
        "srd",
        "Ada takes a torch from the sconce. {}",
        ("[inventory: action=«add» item=«Torch»]", inv("add", "Torch")),
    ),
    K(
        "h-quote-german-gw",
        "gw",
        "The sexton finally parts with the bell. {}",
        ("[inventory: action=„add“ item=„Dawn bell“ who=„Mira“]", inv("add", "Dawn bell", who="Mira")),
    ),
    K(
        "h-quote-curly-mixed-srd",
        "srd",
        "Ada tosses Mira a spare dagger. {}",
        (
            '[inventory: action=“give” item=“Dagger” who=‘Ada’ to="Mira"]',
            inv("give", "Dagger", who="Ada", to="Mira"),
        ),
    ),
    K(
        "h-quote-escaped-gw",
        "gw",
        "You swallow the tonic, and the shivering stops. {}",
        ('[inventory: action=\\"use\\" item=\\"Warming tonic\\"]', inv("use", "Warming tonic")),
        note="JSON-escaped quotes, as a model that double-encodes writes them",
    ),
    K(
        "h-quote-nbsp-er",
        "er",
        "Ada gathers up three arrows that missed. {}",
        (
            '[inventory:\u00a0action="add"\u00a0item="Arrows"\u00a0count="3"]',
            inv("add", "Arrows", count="3"),
        ),
    ),
    K(
        "h-quote-ideographic-srd",
        "srd",
        "The rat bites Ada's ankle. {}",
        (
            '[sheet:\u3000op="damage"\u3000pool="hit_points"\u3000amount="2"]',
            sheet("damage", pool="hit_points", amount="2"),
        ),
    ),
    K(
        "h-quote-pipes-gw",
        "gw",
        "The apothecary adds a tonic to Mira's order. {}",
        ("[inventory: action=add | item=Warming tonic | who=Mira]", inv("add", "Warming tonic", who="Mira")),
    ),
    K(
        "h-quote-semicolons-er",
        "er",
        "Juno grits her teeth and keeps pulling the rope. {}",
        (
            "[sheet: op=spend; pool=grit; amount=1; who=Juno]",
            sheet("spend", pool="grit", amount="1", who="Juno"),
        ),
    ),
    K(
        "h-quote-commas-srd",
        "srd",
        "The chandler throws in two candles. {}",
        ('[inventory: action="add", item="Candle", count="2"]', inv("add", "Candle", count="2")),
    ),
    K(
        "h-quote-tabs-gw",
        "gw",
        "Bram loads the pistol. {}",
        (
            '[inventory:\taction="remove"\titem="Shot and powder"\tcount="1"\twho="Bram"]',
            inv("remove", "Shot and powder", count="1", who="Bram"),
        ),
    ),
    K(
        "h-quote-one-key-per-line-er",
        "er",
        "The shrine-keeper lets Juno keep the waystone.\n\n{}\n\nShe ties it into the hem of her coat.",
        (
            '[inventory:\n  action = "add"\n  item = "Waystone"\n  who = "Juno"\n]',
            inv("add", "Waystone", who="Juno"),
        ),
    ),
    K(
        "h-quote-colon-quoted-er",
        "er",
        "Juno's tea puts colour back in Bram's face. {}",
        (
            '[sheet: op:"restore" pool:"grit" amount:"2" who:"Bram"]',
            sheet("restore", pool="grit", amount="2", who="Bram"),
        ),
    ),
    K(
        "h-quote-trailing-semicolon-gw",
        "gw",
        "Mira tucks a candle into her coat. {}",
        ('[inventory: action="add" item="Black candle" who="Mira";]', inv("add", "Black candle", who="Mira")),
    ),
    K(
        "h-quote-unquoted-dot-srd",
        "srd",
        "The cultist's knife finds Bram's side. {}",
        (
            "[sheet: op=damage pool=hit_points amount=3 who=Bram.]",
            sheet("damage", pool="hit_points", amount="3", who="Bram"),
        ),
    ),
    K(
        "h-quote-possessive-er",
        "er",
        "The arrows go into Juno's quiver. {}",
        (
            '[inventory: action="add" item="Arrows" count="4" who="Juno\'s"]',
            inv("add", "Arrows", count="4", who="Juno"),
        ),
    ),
    K(
        "h-quote-md-escape-srd",
        "srd",
        "You turn out the dead mercenary's purse. {}",
        ('[loot: table="adventurers\\_purse" who="Mira"]', loot("adventurers_purse", who="Mira")),
    ),
    K(
        "h-quote-italic-value-er",
        "er",
        "Ada binds the wound with a fresh poultice. {}",
        ('[inventory: action="use" item="*Poultice*"]', inv("use", "Poultice")),
    ),
    K(
        "h-quote-bold-value-gw",
        "gw",
        "Mira takes the **silver coffin nail** from the reliquary. {}",
        (
            '[inventory: action="add" item="**Silver coffin nail**" who="Mira"]',
            inv("add", "Silver coffin nail", who="Mira"),
        ),
    ),
]
