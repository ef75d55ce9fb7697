"""A table of realistic GM replies, written the way small models really write tags.

Each reply lists the tags the scanner must find (their exact ``raw``) and, for each, the attributes
``read_tag`` must read. Shared by ``test_stream.py`` and ``test_syntax.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest


@dataclass(frozen=True)
class Tag:
    raw: str
    attrs: tuple[tuple[str, str], ...]
    closed: bool = True
    ignored: tuple[tuple[str, str], ...] = ()
    mark: str | None = None
    name: str = ""  # the canonical name read_tag gives ("" = not checked)


@dataclass(frozen=True)
class Reply:
    text: str
    tags: tuple[Tag, ...] = field(default_factory=tuple)


def _t(
    raw: str,
    *pairs: tuple[str, str],
    closed: bool = True,
    ignored: tuple[tuple[str, str], ...] = (),
    mark: str | None = None,
    name: str = "",
) -> Tag:
    return Tag(raw, tuple(pairs), closed, ignored, mark, name)


REPLIES = [
    pytest.param(
        Reply(
            'The smith weighs the axe in his palm. [inventory: action="buy" item="Hand axe" seller="smith" '
            'who="Ada"] "Twelve shillings," he says.',
            (
                _t(
                    '[inventory: action="buy" item="Hand axe" seller="smith" who="Ada"]',
                    ("action", "buy"),
                    ("item", "Hand axe"),
                    ("seller", "smith"),
                    ("who", "Ada"),
                ),
            ),
        ),
        id="canonical-buy",
    ),
    pytest.param(
        Reply(
            "You reach Millbrook as the bell rings noon. [place: name=\"Millbrook\" size='market town']",
            (
                _t(
                    "[place: name=\"Millbrook\" size='market town']",
                    ("name", "Millbrook"),
                    ("size", "market town"),
                ),
            ),
        ),
        id="place-single-quotes",
    ),
    pytest.param(
        Reply(
            "Ada pries the lid off the coffin. [loot: table=grave_goods who=Ada] Dust, and something glinting.",
            (_t("[loot: table=grave_goods who=Ada]", ("table", "grave_goods"), ("who", "Ada")),),
        ),
        id="loot-unquoted",
    ),
    pytest.param(
        Reply(
            "You bank the fire and sleep. [sheet: op=\u201crest\u201d rest=\u201cvigil\u201d]",
            (_t("[sheet: op=\u201crest\u201d rest=\u201cvigil\u201d]", ("op", "rest"), ("rest", "vigil")),),
        ),
        id="sheet-curly-quotes",
    ),
    pytest.param(
        Reply(
            "He hands you a coil. [inventory action=add item=rope count=1] Tie it well.",
            (
                _t(
                    "[inventory action=add item=rope count=1]",
                    ("action", "add"),
                    ("item", "rope"),
                    ("count", "1"),
                ),
            ),
        ),
        id="missing-colon",
    ),
    pytest.param(
        Reply(
            "Bram buys a round. [inventory: buy item=Hand axe seller=smith]",
            (
                _t(
                    "[inventory: buy item=Hand axe seller=smith]",
                    ("action", "buy"),
                    ("item", "Hand axe"),
                    ("seller", "smith"),
                ),
            ),
        ),
        id="bare-action-word",
    ),
    pytest.param(
        Reply(
            '**[inventory: action="add" item="Poultice" who="Juno"]** Juno tucks it away.',
            (
                _t(
                    '**[inventory: action="add" item="Poultice" who="Juno"]**',
                    ("action", "add"),
                    ("item", "Poultice"),
                    ("who", "Juno"),
                ),
            ),
        ),
        id="bold-wrapped",
    ),
    pytest.param(
        Reply(
            'The chandler takes your coin `[inventory: action="pay" amount="3 shillings"]` and smiles.',
            (
                _t(
                    '`[inventory: action="pay" amount="3 shillings"]`',
                    ("action", "pay"),
                    ("amount", "3 shillings"),
                ),
            ),
        ),
        id="backtick-wrapped",
    ),
    pytest.param(
        Reply(
            'Markdown escapes: \\[inventory: action="earn" amount="12 pennies" who="Bram"\\] done.',
            (
                _t(
                    '\\[inventory: action="earn" amount="12 pennies" who="Bram"\\]',
                    ("action", "earn"),
                    ("amount", "12 pennies"),
                    ("who", "Bram"),
                ),
            ),
        ),
        id="backslash-escaped",
    ),
    pytest.param(
        Reply(
            'The priest blesses it. [INVENTORY: ACTION="BIND" ITEM="Dawn bell"]',
            (_t('[INVENTORY: ACTION="BIND" ITEM="Dawn bell"]', ("action", "BIND"), ("item", "Dawn bell")),),
        ),
        id="upper-case",
    ),
    pytest.param(
        Reply(
            "Done. [inventory: action: give, item: Silver coffin nail, who: Ada, to: Bram]",
            (
                _t(
                    "[inventory: action: give, item: Silver coffin nail, who: Ada, to: Bram]",
                    ("action", "give"),
                    ("item", "Silver coffin nail"),
                    ("who", "Ada"),
                    ("to", "Bram"),
                ),
            ),
        ),
        id="key-colon-value-commas",
    ),
    pytest.param(
        Reply(
            'She pays. [inventory: action = "pay" , amount = "1 crown"]',
            (
                _t(
                    '[inventory: action = "pay" , amount = "1 crown"]',
                    ("action", "pay"),
                    ("amount", "1 crown"),
                ),
            ),
        ),
        id="spaces-around-equals",
    ),
    pytest.param(
        Reply(
            "Prose brackets stay: he wrote [sic], see note [1], [Narrator] speaks, [the door creaks].",
            (),
        ),
        id="prose-brackets",
    ),
    pytest.param(
        Reply("[Sheet music drifts from the chapel] and [Place cards] lie on the table.", ()),
        id="tag-names-in-prose",
    ),
    pytest.param(
        Reply(
            'The fight is over. [inventory: action="add" item="Arrow" count="3" result="ok" now="17"]',
            (
                _t(
                    '[inventory: action="add" item="Arrow" count="3" result="ok" now="17"]',
                    ("action", "add"),
                    ("item", "Arrow"),
                    ("count", "3"),
                    ignored=(("result", "ok"), ("now", "17")),
                ),
            ),
        ),
        id="model-wrote-result",
    ),
    pytest.param(
        Reply(
            'Two tags in a row.[inventory: action="remove" item="torch"][inventory: action="add" '
            'item="lantern"]Then prose.',
            (
                _t('[inventory: action="remove" item="torch"]', ("action", "remove"), ("item", "torch")),
                _t('[inventory: action="add" item="lantern"]', ("action", "add"), ("item", "lantern")),
            ),
        ),
        id="adjacent-tags",
    ),
    pytest.param(
        Reply(
            'The reply ends mid-tag. [inventory: action="add" item="Warming tonic"',
            (
                _t(
                    '[inventory: action="add" item="Warming tonic"',
                    ("action", "add"),
                    ("item", "Warming tonic"),
                    closed=False,
                ),
            ),
        ),
        id="unclosed-at-end",
    ),
    pytest.param(
        Reply(
            'Cut short [inventory: action="add" item="rope" [place: name="Ashford"] and on.',
            (
                _t(
                    '[inventory: action="add" item="rope" ', ("action", "add"), ("item", "rope"), closed=False
                ),
                _t('[place: name="Ashford"]', ("name", "Ashford")),
            ),
        ),
        id="head-cut-by-next-tag",
    ),
    pytest.param(
        Reply(
            'Multi-line:\n[inventory:\n  action="buy"\n  item="Leather coat"\n  level="dear"\n]\nOK.',
            (
                _t(
                    '[inventory:\n  action="buy"\n  item="Leather coat"\n  level="dear"\n]',
                    ("action", "buy"),
                    ("item", "Leather coat"),
                    ("level", "dear"),
                ),
            ),
        ),
        id="multi-line-tag",
    ),
    pytest.param(
        Reply(
            'Numbers in words. [inventory: action=add item="arrows" count="a dozen" who=Ada]',
            (
                _t(
                    '[inventory: action=add item="arrows" count="a dozen" who=Ada]',
                    ("action", "add"),
                    ("item", "arrows"),
                    ("count", "a dozen"),
                    ("who", "Ada"),
                ),
            ),
        ),
        id="count-in-words",
    ),
    pytest.param(
        Reply(
            "Apostrophes: [inventory: action='add' item='Widow's ring' who='Ada']",
            (
                _t(
                    "[inventory: action='add' item='Widow's ring' who='Ada']",
                    ("action", "add"),
                    ("item", "Widow's ring"),
                    ("who", "Ada"),
                ),
            ),
        ),
        id="apostrophe-inside-single-quotes",
    ),
    pytest.param(
        Reply(
            'JSON habits: [inventory: action=\\"add\\" item=\\"Lantern\\"] ok',
            (_t('[inventory: action=\\"add\\" item=\\"Lantern\\"]', ("action", "add"), ("item", "Lantern")),),
        ),
        id="json-escaped-quotes",
    ),
    pytest.param(
        Reply(
            'Invented: [inventory: action="add" item="Ember knife" like="Hand axe" stats="guard=1, '
            'bulk=1" worn="+1 Guard; +1 Sneak" rarity="storied"]',
            (
                _t(
                    '[inventory: action="add" item="Ember knife" like="Hand axe" stats="guard=1, bulk=1" '
                    'worn="+1 Guard; +1 Sneak" rarity="storied"]',
                    ("action", "add"),
                    ("item", "Ember knife"),
                    ("like", "Hand axe"),
                    ("stats", "guard=1, bulk=1"),
                    ("worn", "+1 Guard; +1 Sneak"),
                    ("rarity", "storied"),
                ),
            ),
        ),
        id="invented-item-proposal",
    ),
    pytest.param(
        Reply(
            'Rest: [sheet op=rest rest=camp] and damage [Sheet: op="damage" pool="grit" amount="2" '
            'who="Ada"]',
            (
                _t("[sheet op=rest rest=camp]", ("op", "rest"), ("rest", "camp")),
                _t(
                    '[Sheet: op="damage" pool="grit" amount="2" who="Ada"]',
                    ("op", "damage"),
                    ("pool", "grit"),
                    ("amount", "2"),
                    ("who", "Ada"),
                ),
            ),
        ),
        id="sheet-ops",
    ),
    pytest.param(
        Reply(
            'A market day: [place: Millbrook size="market town" day="new"]',
            (
                _t(
                    '[place: Millbrook size="market town" day="new"]',
                    ("name", "Millbrook"),
                    ("size", "market town"),
                    ("day", "new"),
                ),
            ),
        ),
        id="place-bare-name",
    ),
    pytest.param(
        Reply(
            'The road again. [place: name="the Barrow Road"] The wind picks up.',
            (_t('[place: name="the Barrow Road"]', ("name", "the Barrow Road")),),
        ),
        id="place-without-size",
    ),
    pytest.param(
        Reply(
            'Selling: [inventory: action="sell", item="Silver coffin nail", count="1", seller="smith"]',
            (
                _t(
                    '[inventory: action="sell", item="Silver coffin nail", count="1", seller="smith"]',
                    ("action", "sell"),
                    ("item", "Silver coffin nail"),
                    ("count", "1"),
                    ("seller", "smith"),
                ),
            ),
        ),
        id="commas-between-pairs",
    ),
    pytest.param(
        Reply(
            'Several: [inventory: action="add" items="rope, torch, 2 candles" who="Bram"]',
            (
                _t(
                    '[inventory: action="add" items="rope, torch, 2 candles" who="Bram"]',
                    ("action", "add"),
                    ("items", "rope, torch, 2 candles"),
                    ("who", "Bram"),
                ),
            ),
        ),
        id="items-list",
    ),
    pytest.param(
        Reply(
            'Inspect: *[inventory: action=inspect item="Potion of Healing" who=Mira with=Identify]* ok',
            (
                _t(
                    '*[inventory: action=inspect item="Potion of Healing" who=Mira with=Identify]*',
                    ("action", "inspect"),
                    ("item", "Potion of Healing"),
                    ("who", "Mira"),
                    ("with", "Identify"),
                ),
            ),
        ),
        id="italic-wrapped",
    ),
    pytest.param(
        Reply(
            'Unmatched bold **[loot: table="grave_goods"] stays bold.',
            (_t('[loot: table="grave_goods"]', ("table", "grave_goods")),),
        ),
        id="markup-without-partner",
    ),
    pytest.param(
        Reply(
            "Empty [inventory:] and junk [inventory: !!!] tags.",
            (_t("[inventory:]"), _t("[inventory: !!!]")),
        ),
        id="unreadable-bodies",
    ),
    pytest.param(
        Reply(
            'Odd spacing [ inventory : action="use" item="Poultice" who="Juno" ] done',
            (
                _t(
                    '[ inventory : action="use" item="Poultice" who="Juno" ]',
                    ("action", "use"),
                    ("item", "Poultice"),
                    ("who", "Juno"),
                ),
            ),
        ),
        id="space-inside-brackets",
    ),
    pytest.param(
        Reply(
            'Emoji and accents \u2728 caf\u00e9 [inventory: action="add" item="Cr\u00e8me br\u00fbl\u00e9e"] \u2014 '
            "tasty.",
            (
                _t(
                    '[inventory: action="add" item="Cr\u00e8me br\u00fbl\u00e9e"]',
                    ("action", "add"),
                    ("item", "Cr\u00e8me br\u00fbl\u00e9e"),
                ),
            ),
        ),
        id="unicode-prose",
    ),
    pytest.param(
        Reply(
            'A snake_case word, *emphasis*, `code` and \\escapes are prose [inventory: action="equip" '
            'item="Leather coat"]',
            (
                _t(
                    '[inventory: action="equip" item="Leather coat"]',
                    ("action", "equip"),
                    ("item", "Leather coat"),
                ),
            ),
        ),
        id="markup-chars-in-prose",
    ),
    pytest.param(
        Reply(
            "The axe. ***[inventory: action=buy item=Hand axe]*** Then `**[loot: table=grave_goods]**` too.",
            (
                _t("***[inventory: action=buy item=Hand axe]***", ("action", "buy"), ("item", "Hand axe")),
                _t("`**[loot: table=grave_goods]**`", ("table", "grave_goods")),
            ),
        ),
        id="nested-markup",
    ),
    pytest.param(
        Reply(
            'Two-word actions: [inventory: take off item="Lantern coat"; who=Ada] and '
            '[inventory action: "add" item: "Torch"]',
            (
                _t(
                    '[inventory: take off item="Lantern coat"; who=Ada]',
                    ("action", "take off"),
                    ("item", "Lantern coat"),
                    ("who", "Ada"),
                ),
                _t('[inventory action: "add" item: "Torch"]', ("action", "add"), ("item", "Torch")),
            ),
        ),
        id="two-word-action-and-key-colon-without-name-colon",
    ),
    # -- issue 7: heads outside the four bracketed names, never shown to the player --
    pytest.param(
        Reply(
            'You find a coil (inventory: action="add" item="Rope") and a torch '
            '{inventory: action="add" item="Torch"} by the door.',
            (
                _t(
                    '(inventory: action="add" item="Rope")',
                    ("action", "add"),
                    ("item", "Rope"),
                    name="inventory",
                ),
                _t(
                    '{inventory: action="add" item="Torch"}',
                    ("action", "add"),
                    ("item", "Torch"),
                    name="inventory",
                ),
            ),
        ),
        id="parentheses-and-braces",
    ),
    pytest.param(
        Reply(
            'Bram stows it. [inv: action="add" item="Lantern" who="Bram"] [Inventory update: action="remove" '
            'item="Torch"] [**inventory**: action="add" item="Oil flask"] Done.',
            (
                _t(
                    '[inv: action="add" item="Lantern" who="Bram"]',
                    ("action", "add"),
                    ("item", "Lantern"),
                    ("who", "Bram"),
                    name="inventory",
                ),
                _t(
                    '[Inventory update: action="remove" item="Torch"]',
                    ("action", "remove"),
                    ("item", "Torch"),
                ),
                _t(
                    '[**inventory**: action="add" item="Oil flask"]', ("action", "add"), ("item", "Oil flask")
                ),
            ),
        ),
        id="alias-head-word-bold-name",
    ),
    pytest.param(
        Reply(
            'Mira takes it. [inventory_add: item="Rope" count="2"] [Inventory - give: item="Torch" to="Bram"] '
            '[inventory(action="remove", item="Torch")]',
            (
                _t(
                    '[inventory_add: item="Rope" count="2"]',
                    ("action", "add"),
                    ("item", "Rope"),
                    ("count", "2"),
                ),
                _t(
                    '[Inventory - give: item="Torch" to="Bram"]',
                    ("action", "give"),
                    ("item", "Torch"),
                    ("to", "Bram"),
                ),
                _t('[inventory(action="remove", item="Torch")]', ("action", "remove"), ("item", "Torch")),
            ),
        ),
        id="head-verbs-and-parens-body",
    ),
    pytest.param(
        Reply(
            'Ada pockets it.\uff3binventory\uff1aaction="add" item="Coin purse"\uff3d Then '
            '\u3010loot: table="grave_goods"\u3011 and on.',
            (
                _t(
                    '\uff3binventory\uff1aaction="add" item="Coin purse"\uff3d',
                    ("action", "add"),
                    ("item", "Coin purse"),
                ),
                _t('\u3010loot: table="grave_goods"\u3011', ("table", "grave_goods"), name="loot"),
            ),
        ),
        id="fullwidth-and-lenticular",
    ),
    pytest.param(
        Reply(
            'You reach the town. [place name: "Millbrook" size: "town"] The bell rings.',
            (
                _t(
                    '[place name: "Millbrook" size: "town"]',
                    ("name", "Millbrook"),
                    ("size", "town"),
                    name="place",
                ),
            ),
        ),
        id="place-name-colon-key",
    ),
    pytest.param(
        Reply(
            'Not that one: ~~[inventory: action="add" item="Rope"]~~ but I cannot run '
            '"[inventory: action="add" item="Crown"]" for you.',
            (
                _t(
                    '~~[inventory: action="add" item="Rope"]~~',
                    ("action", "add"),
                    ("item", "Rope"),
                    mark="struck",
                ),
                _t(
                    '"[inventory: action="add" item="Crown"]"',
                    ("action", "add"),
                    ("item", "Crown"),
                    mark="quoted",
                ),
            ),
        ),
        id="struck-and-quoted",
    ),
    pytest.param(
        Reply(
            "Prose stays: (inventory is empty), {curly prose}, [Inventory], [OOC: brb], see [the map](https://x.org), "
            "(inventory: nothing much).",
            (),
        ),
        id="prose-brackets-of-every-kind",
    ),
    # -- issue 7: an unclosed tag never swallows the rest of the reply --
    pytest.param(
        Reply(
            'You find rope [inventory: action="add" item="rope"\n\nThe road bends north.\n\nRain on the '
            "barrows.\n\nA light in the chapel window.",
            (_t('[inventory: action="add" item="rope"', ("action", "add"), ("item", "rope"), closed=False),),
        ),
        id="unclosed-before-paragraphs",
    ),
    pytest.param(
        Reply(
            "You reach it.\n[place:\n  name: Millbrook\n  size: town\n]\nThe bell rings.",
            (_t("[place:\n  name: Millbrook\n  size: town\n]", ("name", "Millbrook"), ("size", "town")),),
        ),
        id="multi-line-key-colon",
    ),
]
