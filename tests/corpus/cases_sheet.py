"""sheet-keys: the live sheet written with the wrong keys: ``type=`` for ``rest=``, the pool as the key,
``hp``, amounts with words, ``who="all"`` (in a party of one, so it can only mean that one member), and
conditions switched on and off in other words.
"""

from __future__ import annotations

from tests.corpus.canon import sheet
from tests.corpus.harness import make

H = make("sheet-keys")

CASES = [
    H(
        "sk-rest-type-gw",
        "gw",
        "Bram stands down from the vigil and sleeps like the dead. {}",
        ('[sheet: op="rest" type="vigil" who="Bram"]', sheet("rest", rest="vigil", who="Bram")),
    ),
    H(
        "sk-rest-type-srd",
        "srd",
        "Ada sleeps eight hours in the loft. {}",
        ('[sheet: op="rest" type="long" who="Ada"]', sheet("rest", rest="long", who="Ada")),
    ),
    H(
        "sk-rest-kind-er",
        "er",
        "Juno makes camp in the lee of the ridge. {}",
        ('[sheet: op="rest" kind="camp" who="Juno"]', sheet("rest", rest="camp", who="Juno")),
    ),
    H(
        "sk-rest-label-er",
        "er",
        "Ada builds a small fire and sleeps. {}",
        ('[sheet: op="rest" rest="Make camp" who="Ada"]', sheet("rest", rest="camp", who="Ada")),
    ),
    H(
        "sk-rest-label-gw",
        "gw",
        "Mira sits on a tombstone and catches her breath. {}",
        (
            '[sheet: op="rest" rest="catch your breath" who="Mira"]',
            sheet("rest", rest="breather", who="Mira"),
        ),
        before=(sheet("damage", track="harm", amount=1, kind="knock", who="Mira"),),
    ),
    H(
        "sk-pool-key-gw",
        "gw",
        "Ada holds her nerve as the coffin lid shifts. {}",
        ('[sheet: op="spend" resolve="1"]', sheet("spend", pool="resolve", amount=1)),
    ),
    H(
        "sk-pool-key-negative-er",
        "er",
        "The toll warden's cudgel cracks Juno's shoulder. {}",
        ('[sheet: op="damage" grit="-2" who="Juno"]', sheet("damage", pool="grit", amount=2, who="Juno")),
    ),
    H(
        "sk-pool-key-positive-er",
        "er",
        "A mouthful of water and a moment's rest put some fight back in Bram. {}",
        ('[sheet: op="heal" who="Bram" grit="+2"]', sheet("restore", pool="grit", amount=2, who="Bram")),
        before=(sheet("damage", pool="grit", amount=3, who="Bram"),),
    ),
    H(
        "sk-hp-damage-srd",
        "srd",
        "The ogre's club lands squarely on Bram. {}",
        ('[sheet: op="damage" hp="6" who="Bram"]', sheet("damage", pool="hit_points", amount=6, who="Bram")),
    ),
    H(
        "sk-hp-heal-srd",
        "srd",
        "Mira's prayer knits Ada's wound closed. {}",
        ('[sheet: op="heal" hp="3"]', sheet("restore", pool="hit_points", amount=3)),
    ),
    H(
        "sk-amount-words-srd",
        "srd",
        "A dart from the wall catches Mira in the neck. {}",
        (
            '[sheet: op="damage" pool="HP" amount="2 damage" who="Mira"]',
            sheet("damage", pool="hit_points", amount=2, who="Mira"),
        ),
    ),
    H(
        "sk-amount-points-er",
        "er",
        "The cinder moth burns Bram's hands. {}",
        (
            '[sheet: op="damage" pool="grit" amount="3 points" who="Bram"]',
            sheet("damage", pool="grit", amount=3, who="Bram"),
        ),
    ),
    H(
        "sk-pool-label-srd",
        "srd",
        "You fall the last ten feet onto the stones. {}",
        ('[sheet: op="damage" pool="hit points" amount="4"]', sheet("damage", pool="hit_points", amount=4)),
    ),
    H(
        "sk-who-all-gw",
        "gw1",
        "The bell rings dawn over the churchyard; the watch is over. {}",
        ('[sheet: op="rest" rest="vigil" who="all"]', sheet("rest", rest="vigil", who="Ada")),
    ),
    H(
        "sk-who-party-er",
        "er1",
        "You make camp alone under the stars. {}",
        ('[sheet: op="rest" rest="camp" who="party"]', sheet("rest", rest="camp", who="Ada")),
    ),
    H(
        "sk-who-everyone-srd",
        "srd1",
        "The long night passes without incident. {}",
        ('[sheet: op="rest" rest="long" who="everyone"]', sheet("rest", rest="long", who="Ada")),
    ),
    H(
        "sk-who-party-damage-srd",
        "srd1",
        "The fireball washes over you. {}",
        (
            '[sheet: op="damage" pool="hit_points" amount="3" who="the whole party"]',
            sheet("damage", pool="hit_points", amount=3, who="Ada"),
        ),
    ),
    H(
        "sk-cond-removed-gw",
        "gw",
        "The priest's blessing steadies Bram's hands. {}",
        (
            '[sheet: op="condition" condition="rattled" state="removed" who="Bram"]',
            sheet("condition", condition="rattled", state="off", who="Bram"),
        ),
    ),
    H(
        "sk-cond-true-srd",
        "srd",
        "The wine was poisoned. Mira doubles over. {}",
        (
            '[sheet: op="condition" condition="Poisoned" value="true" who="Mira"]',
            sheet("condition", condition="poisoned", state="on", who="Mira"),
        ),
    ),
    H(
        "sk-add-condition-srd",
        "srd",
        "The tripwire sends you sprawling. {}",
        ('[sheet: op="add_condition" condition="prone"]', sheet("condition", condition="prone", state="on")),
    ),
    H(
        "sk-remove-condition-srd",
        "srd",
        "The antitoxin does its work; Mira can stand again. {}",
        (
            '[sheet: op="remove_condition" condition="poisoned" who="Mira"]',
            sheet("condition", condition="poisoned", state="off", who="Mira"),
        ),
        before=(sheet("condition", condition="poisoned", state="on", who="Mira"),),
    ),
    H(
        "sk-cond-cleared-er",
        "er",
        "A night's sleep and Juno's hands stop shaking. {}",
        (
            '[sheet: op="condition" condition="shaken" state="cleared" who="Juno"]',
            sheet("condition", condition="shaken", state="off", who="Juno"),
        ),
    ),
    H(
        "sk-cond-yes-er",
        "er",
        "The rust jackal drags Bram down and pins him. {}",
        (
            '[sheet: op="condition" condition="pinned" state="yes" who="Bram"]',
            sheet("condition", condition="pinned", state="on", who="Bram"),
        ),
    ),
    H(
        "sk-cond-as-key-gw",
        "gw",
        "Something under the yew whispers your name. {}",
        (
            '[sheet: op="condition" rattled="on" who="Ada"]',
            sheet("condition", condition="rattled", state="on", who="Ada"),
        ),
    ),
    H(
        "sk-track-amount-er",
        "er",
        "The afternoon sun beats down on the salt flats. {}",
        ('[sheet: op="track" track="heat" amount="+1"]', sheet("track", track="heat", by="+1")),
    ),
    H(
        "sk-harm-type-gw",
        "gw",
        "The grave-thing's claw opens Mira's arm. {}",
        (
            '[sheet: op="damage" track="harm" amount="1" type="tear" who="Mira"]',
            sheet("damage", track="harm", amount=1, kind="tear", who="Mira"),
        ),
    ),
    H(
        "sk-luck-key-er",
        "er",
        "Ada trusts to luck and leaps the gap. {}",
        ('[sheet: op="spend" luck="1"]', sheet("spend", pool="luck", amount=1)),
    ),
    H(
        "sk-temp-hp-srd",
        "srd",
        "Mira's spell wraps Bram in a shimmer of false vigour. {}",
        (
            '[sheet: op="temp_hp" amount="5" who="Bram"]',
            sheet("temp", pool="hit_points", amount=5, who="Bram"),
        ),
    ),
    H(
        "sk-harm-key-gw",
        "gw",
        "Bram takes a knock from the falling headstone. {}",
        ('[sheet: op="damage" harm="1" who="Bram"]', sheet("damage", track="harm", amount=1, who="Bram")),
    ),
    H(
        "sk-resolve-restore-gw",
        "gw",
        "Ada reads the litany to herself under her breath. {}",
        ('[sheet: op="restore" stat="resolve" value="2"]', sheet("restore", pool="resolve", amount=2)),
    ),
]
