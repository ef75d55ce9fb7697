"""Holdout, keyless: tag bodies written as a phrase or a sign, without ``key=``.

The meaning is plain to a reader of the ruleset: a verb or a sign, a count, a ruleset item, pool, rest,
condition or table, and a member of the party.
"""

from __future__ import annotations

from tests.corpus.canon import inv, loot, place, sheet
from tests.corpus.harness import make

K = make("keyless")

CASES = [
    K(
        "h-keyless-plus-who-gw",
        "gw",
        "The sexton relents and hangs the little bell around Mira's neck himself. {}",
        ("[inventory: +1 Dawn bell (Mira)]", inv("add", "Dawn bell", who="Mira")),
    ),
    K(
        "h-keyless-minus-er",
        "er",
        "You loose three arrows at the rust jackals {} and two of them find fur.",
        ("[inventory: -3 Arrows]", inv("remove", "Arrows", count="3")),
    ),
    K(
        "h-keyless-add-to-srd",
        "srd",
        "The chapel's acolyte hands Mira a bundle of tallow candles for the crypt. {}",
        ("[inventory: add 3 Candle to Mira]", inv("add", "Candle", count="3", who="Mira")),
    ),
    K(
        "h-keyless-give-arrow-er",
        "er",
        "Juno passes her spear up to Bram on the wagon roof. {}",
        ("[inventory: give Boar spear Juno -> Bram]", inv("give", "Boar spear", who="Juno", to="Bram")),
    ),
    K(
        "h-keyless-give-sentence-srd",
        "srd",
        "Without a word, Ada slides one of her daggers across the table. {}",
        ("[inventory: Ada hands a Dagger to Mira]", inv("give", "Dagger", who="Ada", to="Mira")),
    ),
    K(
        "h-keyless-use-gw",
        "gw",
        "You uncork the tonic and drink it in one swallow; warmth spreads from your belly to your "
        "fingertips. {}",
        ("[inventory: use Warming tonic]", inv("use", "Warming tonic")),
    ),
    K(
        "h-keyless-equip-er",
        "er",
        "{} Bram shrugs the coat on and buckles it to the throat.",
        ("[inventory: equip Leather coat, Bram]", inv("equip", "Leather coat", who="Bram")),
    ),
    K(
        "h-keyless-paid-to-srd",
        "srd",
        'The stablemaster holds out his hand. "Four gold, and I\'ll feed the horses too." {}',
        ("[inventory: 4 gp paid to the stablemaster]", inv("pay", amount="4 gp")),
    ),
    K(
        "h-keyless-earn-who-gw",
        "gw",
        "The reeve pays Bram for the night's watch in two heavy crowns. {}",
        ("[inventory: earn 2 crowns (Bram)]", inv("earn", amount="2 crowns", who="Bram")),
    ),
    K(
        "h-keyless-loses-srd",
        "srd",
        "The flask slips from Bram's belt and shatters on the cobbles. {}",
        ("[inventory: Bram loses 1 Oil (flask)]", inv("remove", "Oil (flask)", count="1", who="Bram")),
    ),
    K(
        "h-keyless-spend-luck-er",
        "er",
        "By sheer luck the bridge plank holds under you. {}",
        ("[sheet: spend 1 luck]", sheet("spend", pool="luck", amount="1")),
    ),
    K(
        "h-keyless-damage-srd",
        "srd",
        "The trap's needle pricks Mira's thumb. {} A bead of dark blood wells up.",
        ("[sheet: damage 3 hit points Mira]", sheet("damage", pool="hit_points", amount="3", who="Mira")),
    ),
    K(
        "h-keyless-regains-gw",
        "gw",
        "Ada's steady voice reading the litany calms Bram's shaking hands. {}",
        ("[sheet: Bram regains 1 resolve]", sheet("restore", pool="resolve", amount="1", who="Bram")),
    ),
    K(
        "h-keyless-make-camp-er",
        "er",
        "You pitch camp in the lee of a dead machine and sleep until the ash stops falling.\n\n{}",
        ("[sheet: make camp]", sheet("rest", rest="camp")),
    ),
    K(
        "h-keyless-long-rest-srd",
        "srd",
        "The innkeeper shows you to two rooms above the taproom. You sleep through to morning. {}",
        ("[sheet: long rest]", sheet("rest", rest="long")),
    ),
    K(
        "h-keyless-poisoned-srd",
        "srd",
        "The stew tastes wrong, and by the time Bram notices it is too late. {}",
        ("[sheet: Bram is poisoned]", sheet("condition", condition="poisoned", state="on", who="Bram")),
    ),
    K(
        "h-keyless-condition-off-er",
        "er",
        "Juno breathes out slowly and her hands stop shaking. {}",
        ("[sheet: remove shaken from Juno]", sheet("condition", condition="shaken", state="off", who="Juno")),
    ),
    K(
        "h-keyless-heat-er",
        "er",
        "Word of the dead toll warden will travel fast. {}",
        ("[sheet: heat +1]", sheet("track", track="heat", by="1")),
    ),
    K(
        "h-keyless-harm-gw",
        "gw",
        "The thing in the grave lashes out and rakes Mira's arm. {}",
        ("[sheet: Mira takes 1 harm]", sheet("damage", track="harm", amount="1", who="Mira")),
    ),
    K(
        "h-keyless-loot-who-gw",
        "gw",
        "Bram sifts through what was buried with the old miller. {}",
        ("[loot: grave_goods, Bram]", loot("grave_goods", who="Bram")),
    ),
    K(
        "h-keyless-loot-srd",
        "srd",
        "You search the bandit captain's body. {}",
        ("[loot: adventurers_purse]", loot("adventurers_purse")),
    ),
    K(
        "h-keyless-place-of-gw",
        "gw",
        "{}\nThe village of Brackwater is a single street of leaning houses above the mudflats.",
        ("[place: the village of Brackwater]", place("Brackwater", "village")),
    ),
]
