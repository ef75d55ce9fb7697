"""Holdout, sheet-keys: loose keys on ``[sheet: ...]`` tags.

The rest under another key or as the op, a pool or track named as the key, pool labels (``HP``, ``Hit
Points``), ``value``/``change`` for the amount, a condition under ``add``/``remove`` or with a state word,
``type`` for a wound kind, and the whole party named on a rest (who="party": every member rests; a rest
without ``who`` rests the player only).
"""

from __future__ import annotations

from tests.corpus.canon import sheet
from tests.corpus.harness import make

K = make("sheet-keys")

CASES = [
    # rests
    K(
        "h-sheet-rest-type-srd",
        "srd",
        "You bed down in the hayloft and sleep a full night. {}",
        ('[sheet: op="rest" rest_type="long"]', sheet("rest", rest="long")),
    ),
    K(
        "h-sheet-rest-label-gw",
        "gw",
        "Dawn comes grey over the barrows and the relief watch arrives. You stand down. {}",
        ('[sheet: op="rest" rest="Stand down from the vigil"]', sheet("rest", rest="vigil")),
    ),
    K(
        "h-sheet-op-short-rest-srd",
        "srd",
        "An hour's rest by the stream, boots off. {}",
        ('[sheet: op="short_rest"]', sheet("rest", rest="short")),
    ),
    K(
        "h-sheet-rest-who-list-gw",
        "gw",
        "The whole watch stands down at first light and sleeps in the watch-house. {}",
        (
            '[sheet: op="rest" rest="vigil" who="Ada, Bram, Mira"]',
            sheet("rest", rest="vigil", who="party"),
        ),
    ),
    K(
        "h-sheet-rest-who-everyone-er",
        "er",
        "Everyone crowds around the fire and sleeps in turns. {}",
        ('[sheet: op="rest" rest="camp" who="everyone"]', sheet("rest", rest="camp", who="party")),
    ),
    K(
        "h-sheet-rest-duration-srd",
        "srd",
        "You take a breather in the cleared guardroom. {}",
        ('[sheet: op="rest" duration="short"]', sheet("rest", rest="short")),
    ),
    # pools as keys, labels, amounts
    K(
        "h-sheet-pool-key-er",
        "er",
        "Juno trusts to luck and jumps the gap between the wagons. {}",
        (
            '[sheet: op="spend" Luck="1" who="Juno"]',
            sheet("spend", pool="luck", amount="1", who="Juno"),
        ),
    ),
    K(
        "h-sheet-hp-key-srd",
        "srd",
        "The wolf's jaws close on Bram's calf. {}",
        (
            '[sheet: op="damage" hp="4" who="Bram"]',
            sheet("damage", pool="hit_points", amount="4", who="Bram"),
        ),
    ),
    K(
        "h-sheet-grit-key-er",
        "er",
        "A swig from the flask and Juno gets her wind back. {}",
        ('[sheet: op="restore" grit="2" who="Juno"]', sheet("restore", pool="grit", amount="2", who="Juno")),
    ),
    K(
        "h-sheet-pool-HP-srd",
        "srd",
        "Mira's prayer closes the cut on Ada's brow. {}",
        (
            '[sheet: op="heal" pool="HP" amount="3" who="Ada"]',
            sheet("heal", pool="hit_points", amount="3", who="Ada"),
        ),
    ),
    K(
        "h-sheet-pool-label-value-srd",
        "srd",
        "A loose stone turns under Mira's foot and she falls hard. {}",
        (
            '[sheet: op="damage" pool="Hit Points" value="2" who="Mira"]',
            sheet("damage", pool="hit_points", amount="2", who="Mira"),
        ),
    ),
    K(
        "h-sheet-amount-with-pool-er",
        "er",
        "The rust jackal's bite goes deep into Bram's arm. {}",
        (
            '[sheet: op="damage" pool="grit" amount="3 grit" who="Bram"]',
            sheet("damage", pool="grit", amount="3", who="Bram"),
        ),
    ),
    K(
        "h-sheet-temp-hp-srd",
        "srd",
        "The cleric's blessing wraps Mira in a shimmer of false vigour. {}",
        (
            '[sheet: op="temp_hp" amount="5" who="Mira"]',
            sheet("temp", pool="hit_points", amount="5", who="Mira"),
        ),
    ),
    # conditions
    K(
        "h-sheet-cond-add-srd",
        "srd",
        "The banshee's wail turns Mira's blood to ice. {}",
        (
            '[sheet: op="condition" add="frightened" who="Mira"]',
            sheet("condition", condition="frightened", state="on", who="Mira"),
        ),
    ),
    K(
        "h-sheet-cond-removed-gw",
        "gw",
        "With the sun up, Bram's hands finally stop trembling. {}",
        (
            '[sheet: op="condition" condition="Rattled" state="removed" who="Bram"]',
            sheet("condition", condition="rattled", state="off", who="Bram"),
        ),
    ),
    K(
        "h-sheet-cond-applied-er",
        "er",
        "The spear-point goes in under Bram's ribs. {}",
        (
            '[sheet: op="condition" condition="wounded" state="applied" who="Bram"]',
            sheet("condition", condition="wounded", state="on", who="Bram"),
        ),
    ),
    # tracks
    K(
        "h-sheet-type-kind-gw",
        "gw",
        "The coffin lid's splinters tear Mira's palm open. {}",
        (
            '[sheet: op="damage" track="harm" type="tear" amount="1" who="Mira"]',
            sheet("damage", track="harm", kind="tear", amount="1", who="Mira"),
        ),
    ),
    K(
        "h-sheet-harm-key-gw",
        "gw",
        "Bram is thrown against the lychgate. {}",
        ('[sheet: op="damage" harm="1" who="Bram"]', sheet("damage", track="harm", amount="1", who="Bram")),
    ),
    K(
        "h-sheet-track-change-er",
        "er",
        "You leave two dead wardens on the toll road in broad daylight. {}",
        ('[sheet: op="track" track="heat" change="+2"]', sheet("track", track="heat", by="2")),
    ),
    K(
        "h-sheet-track-amount-er",
        "er",
        "A week lying low in the salt caves lets the talk die down. {}",
        ('[sheet: op="track" track="Heat" amount="-1"]', sheet("track", track="heat", by="-1")),
    ),
]
