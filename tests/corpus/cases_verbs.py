"""verbs: the action written as whatever verb the model reached for (obtain, grab, gift, quaff, don ...)."""

from __future__ import annotations

from tests.corpus.canon import inv
from tests.corpus.harness import make

V = make("verbs")


def _tag(action: str, rest: str) -> str:
    return f'[inventory: action="{action}" {rest}]'


CASES = [
    V(
        "vb-obtain-gw",
        "gw",
        "The chapel warden lets you keep the bottle. {}",
        (_tag("obtain", 'item="Warming tonic"'), inv("add", "Warming tonic")),
    ),
    V(
        "vb-grab-srd",
        "srd",
        "You grab two torches off the wall as the ceiling groans. {}",
        (_tag("grab", 'item="Torch" count="2"'), inv("add", "Torch", count=2)),
    ),
    V(
        "vb-collect-er",
        "er",
        "Ada walks the field and collects the arrows that flew wide. {}",
        (_tag("collect", 'item="Arrows" count="5"'), inv("add", "Arrows", count=5)),
    ),
    V(
        "vb-gift-gw",
        "gw",
        "Ada gives Mira a tonic for the walk home. {}",
        (_tag("gift", 'item="Warming tonic" to="Mira"'), inv("give", "Warming tonic", to="Mira")),
    ),
    V(
        "vb-receive-srd",
        "srd",
        "The temple acolyte blesses Mira and hands her a small red vial. {}",
        (_tag("receive", 'item="Potion of Healing" who="Mira"'), inv("add", "Potion of Healing", who="Mira")),
    ),
    V(
        "vb-apply-er",
        "er",
        "Ada packs the poultice into her own wound. {}",
        (_tag("apply", 'item="Poultice" who="Ada"'), inv("use", "Poultice", who="Ada")),
    ),
    V(
        "vb-add-item-gw",
        "gw",
        "One more candle for the pack. {}",
        (_tag("add_item", 'item="Black candle"'), inv("add", "Black candle")),
    ),
    V(
        "vb-use-item-er",
        "er",
        "Ada uses her last-but-one poultice on the cut. {}",
        (_tag("use_item", 'item="Poultice"'), inv("use", "Poultice")),
    ),
    V(
        "vb-Added-srd",
        "srd",
        "Mira picks up the tinderbox from the hearth. {}",
        (_tag("Added", 'item="Tinderbox" who="Mira"'), inv("add", "Tinderbox", who="Mira")),
    ),
    V(
        "vb-removed-gw",
        "gw",
        "A candle snaps in your pack; you throw the pieces away. {}",
        (_tag("removed", 'item="Black candle" count="1"'), inv("remove", "Black candle", count=1)),
    ),
    V(
        "vb-equipped-srd",
        "srd",
        "You pull the leather armor on and cinch the buckles. {}",
        (_tag("equipped", 'item="Leather Armor"'), inv("equip", "Leather Armor")),
    ),
    V(
        "vb-earned-er",
        "er",
        "The drover pays Juno for the night's watch. {}",
        (_tag("earned", 'amount="5 bits" who="Juno"'), inv("earn", amount="5 bits", who="Juno")),
    ),
    V(
        "vb-pocket-gw",
        "gw",
        "Ada pockets the candle stub from the grave-side. {}",
        (_tag("pocket", 'item="Black candle"'), inv("add", "Black candle")),
    ),
    V(
        "vb-hand-over-srd",
        "srd",
        "Ada hands over one of her daggers to Bram. {}",
        (_tag("hand over", 'item="Dagger" to="Bram"'), inv("give", "Dagger", to="Bram")),
    ),
    V(
        "vb-drink-gw",
        "gw",
        "You drink the tonic in one swallow. {}",
        (_tag("drink", 'item="Warming tonic"'), inv("use", "Warming tonic")),
    ),
    V(
        "vb-quaff-gw",
        "gw",
        "Ada quaffs a warming tonic before the vigil. {}",
        (_tag("quaff", 'item="Warming tonic" who="Ada"'), inv("use", "Warming tonic", who="Ada")),
    ),
    V(
        "vb-consume-er",
        "er",
        "Ada consumes a poultice; the moss goes grey as it draws the heat out. {}",
        (_tag("consume", 'item="Poultice" who="Ada"'), inv("use", "Poultice", who="Ada")),
    ),
    V(
        "vb-pick-up-srd",
        "srd",
        "Mira picks up a torch from the dead goblin. {}",
        (_tag("pick up", 'item="Torch" who="Mira"'), inv("add", "Torch", who="Mira")),
    ),
    V(
        "vb-don-er",
        "er",
        "Bram dons the leather coat against the cold. {}",
        (_tag("don", 'item="Leather coat" who="Bram"'), inv("equip", "Leather coat", who="Bram")),
    ),
    V(
        "vb-take-off-gw",
        "gw",
        "In the warm kitchen Ada takes off her lantern coat. {}",
        (_tag("take off", 'item="Lantern coat"'), inv("unequip", "Lantern coat")),
        before=(inv("equip", "Lantern coat"),),
    ),
    V(
        "vb-wield-srd",
        "srd",
        "Bram draws his longsword. {}",
        (_tag("wield", 'item="Longsword" who="Bram"'), inv("equip", "Longsword", who="Bram")),
    ),
    V(
        "vb-sheathe-srd",
        "srd",
        "The fight done, Bram sheathes his longsword. {}",
        (_tag("sheathe", 'item="Longsword" who="Bram"'), inv("unequip", "Longsword", who="Bram")),
        before=(inv("equip", "Longsword", who="Bram"),),
    ),
    V(
        "vb-transfer-gw",
        "gw",
        "Bram splits his powder with Mira. {}",
        (
            _tag("transfer", 'item="Shot and powder" count="3" from="Bram" to="Mira"'),
            inv("give", "Shot and powder", count=3, who="Bram", to="Mira"),
        ),
    ),
    V(
        "vb-throw-away-er",
        "er",
        "Juno throws the salt cake away; it's crawling with ants. {}",
        (_tag("throw away", 'item="Salt cake" who="Juno"'), inv("remove", "Salt cake", who="Juno")),
    ),
    V(
        "vb-spend-gw",
        "gw",
        "Four pennies for a bowl of broth. {}",
        (_tag("spend", 'amount="4 pennies"'), inv("pay", amount="4 pennies")),
    ),
    V(
        "vb-reward-srd",
        "srd",
        "The mayor rewards you from the town chest. {}",
        (_tag("reward", 'amount="15 gp"'), inv("earn", amount="15 gp")),
    ),
    V(
        "vb-loot-gw",
        "gw",
        "Ada loots a tonic from the dead watchman's satchel. {}",
        (_tag("loot", 'item="Warming tonic"'), inv("add", "Warming tonic")),
    ),
    V(
        "vb-found-er",
        "er",
        "Three arrows stuck in the fence post: found. {}",
        (_tag("found", 'item="Arrows" count="3"'), inv("add", "Arrows", count=3)),
    ),
    V(
        "vb-acquire-srd",
        "srd",
        "Mira acquires a healer's kit from the field hospital. {}",
        (_tag("acquire", 'item="Healer\'s Kit" who="Mira"'), inv("add", "Healer's Kit", who="Mira")),
    ),
    V(
        "vb-doff-srd",
        "srd",
        "Ada doffs her armor before swimming the river. {}",
        (_tag("doff", 'item="Leather Armor"'), inv("unequip", "Leather Armor")),
        before=(inv("equip", "Leather Armor"),),
    ),
    V(
        "vb-give-item-er",
        "er",
        "Bram passes his marks to Juno for safekeeping. {}",
        (
            _tag("give_item", 'item="marks" count="2" who="Bram" to="Juno"'),
            inv("give", "marks", count=2, who="Bram", to="Juno"),
        ),
    ),
    V(
        "vb-stash-gw",
        "gw",
        "Mira stashes a black candle in her apron. {}",
        (_tag("stash", 'item="Black candle" who="Mira"'), inv("add", "Black candle", who="Mira")),
    ),
    V(
        "vb-put-on-gw",
        "gw",
        "Bram puts on the mourning coat for the funeral. {}",
        (_tag("put on", 'item="Mourning coat" who="Bram"'), inv("equip", "Mourning coat", who="Bram")),
    ),
    V(
        "vb-loses-srd",
        "srd",
        "Bram's oil flask slips off the ledge and shatters below. {}",
        (
            _tag("lost", 'item="Oil (flask)" count="1" who="Bram"'),
            inv("remove", "Oil (flask)", count=1, who="Bram"),
        ),
    ),
]
