"""keyless: tag bodies written as a short sentence or a +/- line, with no ``key=`` at all."""

from __future__ import annotations

from tests.corpus.canon import inv, loot, sheet
from tests.corpus.harness import make

K = make("keyless")

CASES = [
    # gravewatch
    K(
        "kl-plus-gw",
        "gw",
        "The sexton leaves two bottles on the step for you. {}",
        ("[inventory: +2 Warming tonic]", inv("add", "Warming tonic", count=2)),
    ),
    K(
        "kl-add-to-gw",
        "gw",
        "The priest gives Bram two candles of his own. {}",
        ("[inventory: add 2 Black candle to Bram]", inv("add", "Black candle", count=2, who="Bram")),
    ),
    K(
        "kl-give-to-gw",
        "gw",
        "Ada passes the grave spade to Mira; her arms are shaking. {}",
        ("[inventory: give grave spade to Mira]", inv("give", "Grave spade", to="Mira")),
    ),
    K(
        "kl-heal-gw",
        "gw",
        "Ada murmurs the old words over Bram until his breathing steadies. {}",
        ("[sheet: heal 2 resolve Bram]", sheet("restore", pool="resolve", amount=2, who="Bram")),
    ),
    K(
        "kl-rest-gw",
        "gw",
        "The bell rings dawn and you stand down from the watch. {}",
        ("[sheet: rest vigil Ada]", sheet("rest", rest="vigil", who="Ada")),
    ),
    K(
        "kl-pay-gw",
        "gw",
        '"Three shillings for the digging," says the sexton. You pay. {}',
        ("[inventory: pay 3 shillings]", inv("pay", amount="3 shillings")),
    ),
    K(
        "kl-loot-gw",
        "gw",
        "Under the lid, wrapped in rotten linen, something glints. {}",
        ("[loot: grave_goods]", loot("grave_goods")),
    ),
    K(
        "kl-remove-from-gw",
        "gw",
        "Bram fires into the dark; the flash shows nothing. {}",
        (
            "[inventory: remove 1 shot and powder from Bram]",
            inv("remove", "Shot and powder", count=1, who="Bram"),
        ),
    ),
    K(
        "kl-minus-gw",
        "gw",
        "The candle burns down to nothing in the crypt. {}",
        ("[inventory: -1 Black candle (Ada)]", inv("remove", "Black candle", count=1, who="Ada")),
    ),
    K(
        "kl-earn-gw",
        "gw",
        "Mira is paid for sitting up with the corpse. {}",
        ("[inventory: Mira earns 4 pennies]", inv("earn", amount="4 pennies", who="Mira")),
    ),
    K(
        "kl-spend-resolve-gw",
        "gw",
        "Ada forces herself to keep looking at it. {}",
        ("[sheet: Ada spends 1 resolve]", sheet("spend", pool="resolve", amount=1, who="Ada")),
    ),
    K(
        "kl-condition-gw",
        "gw",
        "The thing's whisper gets under Mira's skin. {}",
        ("[sheet: Mira is rattled]", sheet("condition", condition="rattled", state="on", who="Mira")),
    ),
    # ember-roads
    K(
        "kl-plus-arrows-er",
        "er",
        "You pull four arrows out of the cart's side. {}",
        ("[inventory: +4 arrows]", inv("add", "Arrows", count=4)),
    ),
    K(
        "kl-add-to-er",
        "er",
        "The drover's wife presses a poultice on Juno. {}",
        ("[inventory: add Poultice to Juno]", inv("add", "Poultice", who="Juno")),
    ),
    K(
        "kl-drops-er",
        "er",
        "Juno drops her salt cake to free her hands. {}",
        ("[inventory: Juno drops salt cake]", inv("remove", "Salt cake", who="Juno")),
    ),
    K(
        "kl-rest-er",
        "er",
        "You make camp under the lee of a dead wagon. {}",
        ("[sheet: make camp (Ada)]", sheet("rest", rest="camp", who="Ada")),
    ),
    K(
        "kl-heat-er",
        "er",
        "Noon on the glass flats. The sun is a hammer. {}",
        ("[sheet: heat +1]", sheet("track", track="heat", by="+1")),
    ),
    K(
        "kl-damage-er",
        "er",
        "The cinder moth's wing sears Juno's cheek. {}",
        ("[sheet: damage 2 grit Juno]", sheet("damage", pool="grit", amount=2, who="Juno")),
    ),
    K(
        "kl-pay-er",
        "er",
        "You pay the ferryman. {}",
        ("[inventory: pay 2 marks]", inv("pay", amount="2 marks")),
    ),
    K(
        "kl-equip-er",
        "er",
        "Ada loosens the hand axe in her belt and takes it up. {}",
        ("[inventory: equip hand axe]", inv("equip", "Hand axe")),
    ),
    # srd-5e
    K(
        "kl-add-to-srd",
        "srd",
        "The quartermaster hands Mira a pair of torches. {}",
        ("[inventory: add 2 Torch to Mira]", inv("add", "Torch", count=2, who="Mira")),
    ),
    K(
        "kl-remove-srd",
        "srd",
        "You eat a day's rations by the fire. {}",
        ("[inventory: remove 1 Rations (1 day)]", inv("remove", "Rations (1 day)", count=1)),
    ),
    K(
        "kl-damage-hp-srd",
        "srd",
        "The ogre's club catches Bram across the ribs. {}",
        ("[sheet: damage 5 hp Bram]", sheet("damage", pool="hit_points", amount=5, who="Bram")),
    ),
    K(
        "kl-long-rest-srd",
        "srd",
        "You sleep the whole night through in the loft. {}",
        ("[sheet: long rest for Ada]", sheet("rest", rest="long", who="Ada")),
    ),
    K(
        "kl-loot-srd",
        "srd",
        "The bandit captain's belt pouch is heavy. {}",
        ("[loot: adventurers_purse]", loot("adventurers_purse")),
    ),
    K(
        "kl-give-from-srd",
        "srd",
        "Bram passes a flask of oil over. {}",
        (
            "[inventory: give Oil (flask) from Bram to Mira]",
            inv("give", "Oil (flask)", who="Bram", to="Mira"),
        ),
    ),
    K(
        "kl-poisoned-srd",
        "srd",
        "The spider's bite burns; Mira's vision swims. {}",
        ("[sheet: Mira is poisoned]", sheet("condition", condition="poisoned", state="on", who="Mira")),
    ),
    K(
        "kl-earn-srd",
        "srd",
        "The reeve counts out your bounty. {}",
        ("[inventory: earn 12 gp]", inv("earn", amount="12 gp")),
    ),
    K(
        "kl-equips-srd",
        "srd",
        "Bram slides his arm through the shield straps. {}",
        ("[inventory: Bram equips Shield]", inv("equip", "Shield", who="Bram")),
    ),
    K(
        "kl-heal-srd",
        "srd",
        "Mira's prayer closes the worst of Ada's cuts. {}",
        ("[sheet: Ada heals 3 HP]", sheet("restore", pool="hit_points", amount=3, who="Ada")),
    ),
]
