"""numbers: counts as ``2.0``, ``2 (two)``, ``3 pcs``, ``x2``, ``×2``, words, dozens and pairs, in the
count or inside the item's name.
"""

from __future__ import annotations

from tests.corpus.canon import inv
from tests.corpus.harness import make

N = make("numbers")


def _add(item: str, rest: str = "") -> str:
    tail = f" {rest}" if rest else ""
    return f'[inventory: action="add" item="{item}"{tail}]'


CASES = [
    N(
        "nm-float-srd",
        "srd",
        "Two torches, freshly pitched. {}",
        (_add("Torch", 'count="2.0"'), inv("add", "Torch", count=2)),
    ),
    N(
        "nm-paren-word-gw",
        "gw",
        "Two candles from the box. {}",
        (_add("Black candle", 'count="2 (two)"'), inv("add", "Black candle", count=2)),
    ),
    N(
        "nm-pcs-er",
        "er",
        "Three arrows from the quiver of a dead man. {}",
        (_add("Arrows", 'count="3 pcs"'), inv("add", "Arrows", count=3)),
    ),
    N(
        "nm-x-in-name-srd",
        "srd",
        "A pair of torches for the road. {}",
        (_add("Torch x2"), inv("add", "Torch", count=2)),
    ),
    N(
        "nm-times-in-name-gw",
        "gw",
        "Three candles, bound with twine. {}",
        (_add("Black candle ×3"), inv("add", "Black candle", count=3)),
    ),
    N(
        "nm-dozen-er",
        "er",
        "A dozen arrows, bundled. {}",
        (_add("Arrows", 'count="a dozen"'), inv("add", "Arrows", count=12)),
    ),
    N(
        "nm-pair-srd",
        "srd",
        "Mira takes a pair of daggers from the rack. {}",
        (_add("a pair of daggers", 'who="Mira"'), inv("add", "Dagger", count=2, who="Mira")),
    ),
    N(
        "nm-word-gw",
        "gw",
        "Three tonics from the apothecary's shelf. {}",
        (_add("Warming tonic", 'count="three"'), inv("add", "Warming tonic", count=3)),
    ),
    N(
        "nm-word-ten-srd",
        "srd",
        "Ten torches in a crate. {}",
        (_add("Torch", 'count="ten"'), inv("add", "Torch", count=10)),
    ),
    N(
        "nm-x-count-er",
        "er",
        "Four more arrows. {}",
        (_add("Arrows", 'count="x4"'), inv("add", "Arrows", count=4)),
    ),
    N(
        "nm-plus-count-gw",
        "gw",
        "Two more twists of powder for Bram. {}",
        (
            _add("Shot and powder", 'count="+2" who="Bram"'),
            inv("add", "Shot and powder", count=2, who="Bram"),
        ),
    ),
    N(
        "nm-2x-name-srd",
        "srd",
        "Two days of rations. {}",
        (_add("2x Rations (1 day)"), inv("add", "Rations (1 day)", count=2)),
    ),
    N(
        "nm-word-paren-er",
        "er",
        "Four arrows for Bram. {}",
        (_add("Arrows", 'count="four (4)" who="Bram"'), inv("add", "Arrows", count=4, who="Bram")),
    ),
    N(
        "nm-units-gw",
        "gw",
        "Two candles. {}",
        (_add("Black candle", 'count="2 units"'), inv("add", "Black candle", count=2)),
    ),
    N(
        "nm-word-coins-srd",
        "srd",
        "Twenty coppers in the drawer. {}",
        ('[inventory: action="earn" amount="twenty cp"]', inv("earn", amount="20 cp")),
    ),
    N(
        "nm-half-dozen-er",
        "er",
        "Half a dozen arrows. {}",
        (_add("Arrows", 'count="half a dozen"'), inv("add", "Arrows", count=6)),
    ),
    N(
        "nm-leading-zero-srd",
        "srd",
        "Three torches. {}",
        (_add("Torch", 'count="03"'), inv("add", "Torch", count=3)),
    ),
    N(
        "nm-trailing-comma-gw",
        "gw",
        "Two tonics for Mira. {}",
        (_add("Warming tonic", 'count="2," who="Mira"'), inv("add", "Warming tonic", count=2, who="Mira")),
    ),
    N(
        "nm-two-more-er",
        "er",
        "Two more poultices for Juno. {}",
        (_add("Poultice", 'count="two more" who="Juno"'), inv("add", "Poultice", count=2, who="Juno")),
    ),
    N(
        "nm-one-paren-srd",
        "srd",
        "One tinderbox. {}",
        (_add("Tinderbox", 'count="1 (one)"'), inv("add", "Tinderbox", count=1)),
    ),
    N(
        "nm-x-spaced-name-gw",
        "gw",
        "Three twists of shot for Bram. {}",
        (_add("3 x Shot and powder", 'who="Bram"'), inv("add", "Shot and powder", count=3, who="Bram")),
    ),
    N(
        "nm-2pcs-srd",
        "srd",
        "Two daggers. {}",
        (_add("Dagger", 'count="2pcs" who="Bram"'), inv("add", "Dagger", count=2, who="Bram")),
    ),
    N(
        "nm-single-gw",
        "gw",
        "A single black candle. {}",
        (_add("a single black candle", 'who="Mira"'), inv("add", "Black candle", count=1, who="Mira")),
    ),
    N(
        "nm-remove-word-er",
        "er",
        "Two arrows snap in the fall. {}",
        ('[inventory: action="remove" item="Arrows" count="two"]', inv("remove", "Arrows", count=2)),
    ),
    N(
        "nm-give-word-gw",
        "gw",
        "Ada gives Bram two of her tonics. {}",
        (
            '[inventory: action="give" item="Warming tonic" count="two" to="Bram"]',
            inv("give", "Warming tonic", count=2, to="Bram"),
        ),
    ),
    N(
        "nm-amount-as-count-srd",
        "srd",
        "Three torches for Mira. {}",
        (
            '[inventory: action="add" item="Torch" amount="3" who="Mira"]',
            inv("add", "Torch", count=3, who="Mira"),
        ),
    ),
    N(
        "nm-number-key-er",
        "er",
        "Juno gets five arrows. {}",
        (
            '[inventory: action="add" item="Arrows" number="5" who="Juno"]',
            inv("add", "Arrows", count=5, who="Juno"),
        ),
    ),
]
