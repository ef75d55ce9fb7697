"""coins: amounts named the way a model says money: pence, gold coins, gp, pinches of salt, a crown,
a trailing full stop, amounts wrapped in words.
"""

from __future__ import annotations

from tests.corpus.canon import inv
from tests.corpus.harness import make

M = make("coins")


def _pay(amount: str, rest: str = "") -> str:
    tail = f" {rest}" if rest else ""
    return f'[inventory: action="pay" amount="{amount}"{tail}]'


def _earn(amount: str, rest: str = "") -> str:
    tail = f" {rest}" if rest else ""
    return f'[inventory: action="earn" amount="{amount}"{tail}]'


CASES = [
    # gravewatch: pennies, shillings, crowns.
    M(
        "cn-pence-gw",
        "gw",
        "Eight pence for the ferry. {}",
        (_pay("8 pence"), inv("pay", amount="8 pennies")),
    ),
    M(
        "cn-a-crown-gw",
        "gw",
        "The mayor flips Mira a crown. {}",
        (_earn("a crown", 'who="Mira"'), inv("earn", amount="1 crown", who="Mira")),
    ),
    M(
        "cn-please-gw",
        "gw",
        '"Five pennies, if you please." You pay. {}',
        (_pay("five pennies, if you please"), inv("pay", amount="5 pennies")),
    ),
    M(
        "cn-count-word-gw",
        "gw",
        "You hand over a whole crown. {}",
        ('[inventory: action="pay" item="crown" count="one"]', inv("pay", amount="1 crown")),
    ),
    M(
        "cn-full-stop-gw",
        "gw",
        "A crown for the chapel box. {}",
        (_pay("1 Crown."), inv("pay", amount="1 crown")),
    ),
    M(
        "cn-copper-pennies-gw",
        "gw",
        "The drover pays Bram in coppers. {}",
        (_earn("12 copper pennies", 'who="Bram"'), inv("earn", amount="12 pennies", who="Bram")),
    ),
    M(
        "cn-shilling-singular-gw",
        "gw",
        "Two shilling for the lantern oil. {}",
        (_pay("2 shilling"), inv("pay", amount="2 shillings")),
    ),
    M(
        "cn-caps-gw",
        "gw",
        "Bram pays the watch captain. {}",
        (_pay("3 SHILLINGS", 'who="Bram"'), inv("pay", amount="3 shillings", who="Bram")),
    ),
    M(
        "cn-coins-word-gw",
        "gw",
        "The widow pays Ada in silver. {}",
        (_earn("2 shilling coins"), inv("earn", amount="2 shillings")),
    ),
    # ember-roads: bits, marks, sovereigns; and salt (pinches, cakes).
    M(
        "cn-marks-stop-er",
        "er",
        "Three marks to cross the bridge. {}",
        (_pay("3 marks."), inv("pay", amount="3 marks")),
    ),
    M(
        "cn-pinches-of-salt-er",
        "er",
        "The salt-wife pays Juno for carrying her basket. {}",
        (_earn("2 pinches of salt", 'who="Juno"'), inv("earn", amount="2 pinches", who="Juno")),
    ),
    M(
        "cn-a-cake-er",
        "er",
        "The caravan pays in salt: a whole cake. {}",
        (_earn("a cake of salt"), inv("earn", amount="1 cake")),
    ),
    M(
        "cn-copper-bits-er",
        "er",
        "Five bits for a bowl of stew. {}",
        (_pay("5 copper bits"), inv("pay", amount="5 bits")),
    ),
    M(
        "cn-gold-sovereign-er",
        "er",
        "The toll warden's purse holds a single gold sovereign. {}",
        (_earn("one gold sovereign", 'who="Bram"'), inv("earn", amount="1 sovereign", who="Bram")),
    ),
    M(
        "cn-label-colon-er",
        "er",
        "Ada pays the farrier. {}",
        (_pay("Marks: 2"), inv("pay", amount="2 marks")),
    ),
    M(
        "cn-capital-er",
        "er",
        "The bounty on the jackal pack is paid out. {}",
        (_earn("4 Sovereigns"), inv("earn", amount="4 sovereigns")),
    ),
    M(
        "cn-salt-word-er",
        "er",
        "You pay the well-keeper in salt. {}",
        (_pay("6 pinches salt"), inv("pay", amount="6 pinches")),
    ),
    # srd-5e: cp, sp, ep, gp, pp.
    M("cn-silver-srd", "srd", "Three silver for the room. {}", (_pay("3 silver"), inv("pay", amount="3 sp"))),
    M(
        "cn-gold-coins-srd",
        "srd",
        "The merchant pays you in gold. {}",
        (_earn("10 gold coins"), inv("earn", amount="10 gp")),
    ),
    M("cn-no-space-srd", "srd", "Five gold for the map. {}", (_pay("5gp"), inv("pay", amount="5 gp"))),
    M("cn-copper-srd", "srd", "Seven copper for bread. {}", (_pay("7 copper"), inv("pay", amount="7 cp"))),
    M(
        "cn-platinum-srd",
        "srd",
        "Two platinum coins in the dragon's tooth. {}",
        (_earn("2 platinum"), inv("earn", amount="2 pp")),
    ),
    M(
        "cn-upper-gp-srd",
        "srd",
        "The smith wants fifteen gold. {}",
        (_pay("15 GP"), inv("pay", amount="15 gp")),
    ),
    M(
        "cn-electrum-srd",
        "srd",
        "One electrum piece for the guide. {}",
        (_pay("1 electrum"), inv("pay", amount="1 ep")),
    ),
    M(
        "cn-a-gold-piece-srd",
        "srd",
        "The child's grateful mother gives Mira a gold piece. {}",
        (_earn("a gold piece", 'who="Mira"'), inv("earn", amount="1 gp", who="Mira")),
    ),
    M(
        "cn-and-srd",
        "srd",
        "Two gold and five silver for the boat. {}",
        (_pay("2 gold and 5 silver"), inv("pay", amount="2 gp 5 sp")),
    ),
    M(
        "cn-item-gold-srd",
        "srd",
        "You pay the guard three gold to look away. {}",
        ('[inventory: action="pay" item="gold" count="3"]', inv("pay", amount="3 gp")),
    ),
    M(
        "cn-words-srd",
        "srd",
        "The reward: twenty gold pieces. {}",
        (_earn("twenty gold pieces"), inv("earn", amount="20 gp")),
    ),
    M(
        "cn-parenthetical-srd",
        "srd",
        "You settle the bill. {}",
        (_pay("5 sp (for the room)"), inv("pay", amount="5 sp")),
    ),
    M(
        "cn-silver-coins-srd",
        "srd",
        "Bram tosses the beggar a couple of silver coins. {}",
        (
            '[inventory: action="pay" amount="2 silver coins" who="Bram"]',
            inv("pay", amount="2 sp", who="Bram"),
        ),
    ),
]
