"""The body reader, shape by shape: each row is a body a small model writes and exactly what ``read_tag``
reads from it (attributes, outcome keys set aside, free text, problem), beside a table of bodies that must
stay refused and a table of bodies that must not be mis-read. The vocabulary tables of the body reader
drive the table tests below them: each character, separator, bullet and literal they list is read.
"""

from __future__ import annotations

import pytest
from _pytest.mark.structures import ParameterSet
from hypothesis import given, settings
from hypothesis import strategies as st

from tagproc import read_tag
from tagproc.body import BodyReader, read_pairs
from tagproc.body.patterns import KNOWN_KEYS, VERB_ALIASES
from tagproc.vocabulary import ACTION_ALIASES, OP_ALIASES, OUTCOME_KEYS, TAG_NAMES
from tagproc.vocabulary.tags import (
    ARROW_SEPARATORS,
    FENCE_LANGUAGES,
    HTML_ENTITIES,
    LIST_BULLETS,
    LITERAL_VALUES,
    MARKDOWN_ESCAPES,
    MORE_QUOTE_REPAIRS,
    OUTCOME_SEPARATORS,
    PAIR_SEPARATORS,
    PUNCTUATION_REPAIRS,
    QUOTE_REPAIRS,
    SPACE_REPAIRS,
    TAG_NAME_KEYS,
    TRAILING_PUNCTUATION,
)

Pairs = tuple[tuple[str, str], ...]


def _row(
    ident: str,
    raw: str,
    attrs: Pairs,
    *,
    free: tuple[str, ...] = (),
    ignored: Pairs = (),
    problem: str | None = None,
) -> ParameterSet:
    return pytest.param(raw, attrs, free, ignored, problem, id=ident)


def _assert_reads(raw: str, attrs: Pairs, free: tuple[str, ...], ignored: Pairs, problem: str | None) -> None:
    reading = read_tag(raw)
    assert (reading.attrs, reading.free, reading.ignored, reading.problem) == (attrs, free, ignored, problem)


_FIELDS = ("raw", "attrs", "free", "ignored", "problem")

# Contract 3: a body without key= is read into the bare verb (the longest alias prefix, else the first
# word) and free text; a name first is the normaliser's business (it is the "verb" the normaliser refuses
# or reads again from free). Place and loot keep their bare name or table.
FREE_BODIES = [
    _row("plus-count", "[inventory: +2 rope]", (), free=("+2 rope",)),
    _row(
        "verb-count-to", "[inventory: add 2 Torch to Bram]", (("action", "add"),), free=("2 Torch to Bram",)
    ),
    _row(
        "verb-article-to",
        "[inventory: give the lantern to Mira]",
        (("action", "give"),),
        free=("the lantern to Mira",),
    ),
    _row("sheet-heal", "[sheet: heal 2 resolve Bram]", (("op", "heal"),), free=("2 resolve Bram",)),
    _row("sheet-rest", "[sheet: rest vigil]", (("op", "rest"),), free=("vigil",)),
    _row("pay-coins", "[inventory: pay 3 shillings]", (("action", "pay"),), free=("3 shillings",)),
    _row(
        "remove-from",
        "[inventory: remove 1 shot from Ada]",
        (("action", "remove"),),
        free=("1 shot from Ada",),
    ),
    _row("name-first", "[inventory: Bram buys a lantern]", (("action", "Bram"),), free=("buys a lantern",)),
    _row(
        "two-word-verb",
        "[inventory: take off the Lantern coat]",
        (("action", "take off"),),
        free=("the Lantern coat",),
    ),
    _row(
        "two-word-verb-full-stop",
        "[inventory: pick up 3 arrows.]",
        (("action", "pick up"),),
        free=("3 arrows",),
    ),
    _row(
        "two-word-verb-then-key",
        "[inventory: put on Leather coat who=Ada]",
        (("action", "put on"), ("who", "Ada")),
        free=("Leather coat",),
    ),
    _row("verb-capitalised", "[inventory: Add 2 Torches]", (("action", "Add"),), free=("2 Torches",)),
    _row("count-first", "[inventory: 2x Torch]", (), free=("2x Torch",)),
    _row("bullet-then-word", "[inventory: - Rope x2]", (("action", "Rope"),), free=("x2",)),
    _row(
        "verb-then-quoted-pair",
        '[inventory: buy item="Hand axe" from the smith]',
        (("action", "buy"), ("item", "Hand axe")),
        free=("from the smith",),
    ),
    _row(
        "free-after-pairs",
        '[inventory: action="remove" item="Rope" from Bram]',
        (("action", "remove"), ("item", "Rope")),
        free=("from Bram",),
    ),
    _row("sheet-damage", "[sheet: damage Bram 2 grit]", (("op", "damage"),), free=("Bram 2 grit",)),
    _row("sheet-spend", "[sheet: spend 1 resolve]", (("op", "spend"),), free=("1 resolve",)),
    _row("sheet-name-first", "[sheet: Bram takes 2 damage]", (("op", "Bram"),), free=("takes 2 damage",)),
    _row("place-positional", "[place: Millbrook, market town]", (("name", "Millbrook, market town"),)),
    _row("loot-positional", "[loot: grave_goods for Ada]", (("table", "grave_goods for Ada"),)),
    _row(
        "free-then-outcome",
        "[inventory: add 2 torches, result=ok]",
        (("action", "add"),),
        free=("2 torches",),
        ignored=(("result", "ok"),),
    ),
    _row("quoted-name-first", '[inventory: "Rope" x2]', (), free=('"Rope" x2',)),
    _row("verb-exclamation", "[inventory: take the rope!]", (("action", "take"),), free=("the rope",)),
    _row(
        "verb-alias",
        "[inventory: drink Potion of Healing]",
        (("action", "drink"),),
        free=("Potion of Healing",),
    ),
    _row("possessive-first", "[inventory: Bram's rope]", (("action", "Bram's"),), free=("rope",)),
    _row("verb-colon", "[inventory: add: Rope x2]", (("action", "add"),), free=("Rope x2",)),
    _row("verb-colon-no-space", "[inventory: add:Rope]", (("action", "add"),), free=("Rope",)),
    _row("verb-dash", "[inventory: add - Rope x2]", (("action", "add"),), free=("Rope x2",)),
    _row("negative-count-kept", "[inventory: -2 torches]", (), free=("-2 torches",)),
    _row(
        "two-word-verb-colon",
        "[inventory: take off: Lantern coat]",
        (("action", "take off"),),
        free=("Lantern coat",),
    ),
    _row("sheet-verb-colon", "[sheet: damage: 2 grit Bram]", (("op", "damage"),), free=("2 grit Bram",)),
    _row("tag-name-again", "[inventory: inventory add Rope]", (("action", "add"),), free=("Rope",)),
    _row(
        "tag-name-again-colon",
        "[inventory: inventory: action=add item=Rope]",
        (("action", "add"), ("item", "Rope")),
    ),
    _row("loot-table-colon", "[loot: grave goods: Ada]", (("table", "grave goods"),), free=("Ada",)),
    _row(
        "verb-colon-then-pair",
        "[inventory: pick up: 3 arrows, who: Bram]",
        (("action", "pick up"), ("who", "Bram")),
        free=("3 arrows",),
    ),
]

# key:value with no space (a known key only), and the outcome keys whatever their separator: always in
# ignored, never in attrs or a value.
KEY_BODIES = [
    _row("place-colon-keys", "[place: size:town name:Millbrook]", (("size", "town"), ("name", "Millbrook"))),
    _row(
        "place-bare-then-colon-key", "[place: Millbrook size:town]", (("name", "Millbrook"), ("size", "town"))
    ),
    _row(
        "place-colon-day",
        '[place: name="Hollin" size:village day:new]',
        (("name", "Hollin"), ("size", "village"), ("day", "new")),
    ),
    _row(
        "count-colon",
        "[inventory: action=add item=Rope count:2]",
        (("action", "add"), ("item", "Rope"), ("count", "2")),
    ),
    _row(
        "all-colon",
        "[inventory: action:add item:Hand axe who:Bram]",
        (("action", "add"), ("item", "Hand axe"), ("who", "Bram")),
    ),
    _row(
        "result-colon",
        "[inventory: action=add item=Rope result:ok]",
        (("action", "add"), ("item", "Rope")),
        ignored=(("result", "ok"),),
    ),
    _row(
        "result-now-colon",
        '[inventory: action="add" item="Rope" result:ok now:5]',
        (("action", "add"), ("item", "Rope")),
        ignored=(("result", "ok"), ("now", "5")),
    ),
    _row(
        "outcome-upper-case",
        "[inventory: action=add item=Rope RESULT:OK Reason:none]",
        (("action", "add"), ("item", "Rope")),
        ignored=(("result", "OK"), ("reason", "none")),
    ),
    _row(
        "result-colon-space",
        "[inventory: action=add item=Rope result: ok]",
        (("action", "add"), ("item", "Rope")),
        ignored=(("result", "ok"),),
    ),
    _row(
        "result-spaced-equals",
        "[inventory: action=add item=Rope result = ok]",
        (("action", "add"), ("item", "Rope")),
        ignored=(("result", "ok"),),
    ),
    _row(
        "result-dash",
        "[inventory: action=add item=Rope result - ok]",
        (("action", "add"), ("item", "Rope")),
        ignored=(("result", "ok"),),
    ),
    _row(
        "result-arrow",
        "[inventory: action=add item=Rope result -> ok]",
        (("action", "add"), ("item", "Rope")),
        ignored=(("result", "ok"),),
    ),
    _row(
        "result-fat-arrow",
        "[inventory: action=add item=Rope result => ok]",
        (("action", "add"), ("item", "Rope")),
        ignored=(("result", "ok"),),
    ),
    _row(
        "result-unicode-arrow",
        "[inventory: action=add item=Rope result → ok]",
        (("action", "add"), ("item", "Rope")),
        ignored=(("result", "ok"),),
    ),
    _row(
        "result-em-dash",
        "[inventory: action=add item=Rope result — ok]",
        (("action", "add"), ("item", "Rope")),
        ignored=(("result", "ok"),),
    ),
    _row(
        "now-dash",
        "[inventory: action=add item=Rope now - 3]",
        (("action", "add"), ("item", "Rope")),
        ignored=(("now", "3"),),
    ),
    _row(
        "result-after-quote",
        '[inventory: action=add item="Rope"result="ok"]',
        (("action", "add"), ("item", "Rope")),
        ignored=(("result", "ok"),),
    ),
    _row(
        "result-after-semicolon",
        "[inventory: action=add item=Rope;result=ok]",
        (("action", "add"), ("item", "Rope")),
        ignored=(("result", "ok"),),
    ),
    _row(
        "result-after-pipe",
        "[inventory: action=add item=Rope|result:ok]",
        (("action", "add"), ("item", "Rope")),
        ignored=(("result", "ok"),),
    ),
    _row(
        "result-colon-quoted",
        '[inventory: action=add item=Rope, result:"ok"]',
        (("action", "add"), ("item", "Rope")),
        ignored=(("result", "ok"),),
    ),
    _row(
        "result-in-parentheses",
        "[inventory: action=add item=Rope (result: ok)]",
        (("action", "add"), ("item", "Rope")),
        ignored=(("result", "ok"),),
    ),
    _row(
        "count-in-parentheses",
        "[inventory: action=add item=Rope (count: 2)]",
        (("action", "add"), ("item", "Rope"), ("count", "2")),
    ),
    _row(
        "result-json-key",
        '[inventory: {"action": "add", "item": "Rope", "result": "ok"}]',
        (("action", "add"), ("item", "Rope")),
        ignored=(("result", "ok"),),
    ),
    _row(
        "alias-keys-colon",
        "[inventory: action=add item=Rope qty:3 for:Ada]",
        (("action", "add"), ("item", "Rope"), ("qty", "3"), ("for", "Ada")),
    ),
    _row(
        "sheet-colon-keys",
        "[sheet: op:restore who:Bram pool:resolve amount:1]",
        (("op", "restore"), ("who", "Bram"), ("pool", "resolve"), ("amount", "1")),
    ),
    _row("loot-colon-key", "[loot: grave_goods who:Ada]", (("table", "grave_goods"), ("who", "Ada"))),
    _row(
        "unknown-colon-stays",
        "[inventory: action=add item=Rope Time:dusk]",
        (("action", "add"), ("item", "Rope Time:dusk")),
    ),
    _row(
        "stat-stays",
        "[inventory: action=add stats=Damage 1d6 item=Ember knife]",
        (("action", "add"), ("stats", "Damage 1d6"), ("item", "Ember knife")),
    ),
    _row(
        "colons-inside-quotes",
        '[inventory: action=add note="Time: dusk" item="Rope, hempen (50 feet)"]',
        (("action", "add"), ("note", "Time: dusk"), ("item", "Rope, hempen (50 feet)")),
    ),
    _row(
        "empty-value",
        "[inventory: action=add item=Rope who= count=2]",
        (("action", "add"), ("item", "Rope"), ("who", ""), ("count", "2")),
    ),
    _row(
        "seller-colon",
        "[inventory: action=buy item=Hand axe seller:smith]",
        (("action", "buy"), ("item", "Hand axe"), ("seller", "smith")),
    ),
    _row(
        "outcome-as-value",
        "[inventory: action=add item=Rope note:result:ok]",
        (("action", "add"), ("item", "Rope"), ("note", "")),
        ignored=(("result", "ok"),),
    ),
    _row(
        "arrow-for-known-keys",
        "[inventory: action -> add, item → Rope]",
        (("action", "add"), ("item", "Rope")),
    ),
    _row(
        "capitalised-keys-pipes",
        "[inventory: Action: Add | Item: Rope | Count: 2]",
        (("action", "Add"), ("item", "Rope"), ("count", "2")),
    ),
]

# JSON and dict bodies: json where it parses, the lenient reader where it does not.
JSON_BODIES = [
    _row("json", '[inventory: {"action": "add", "item": "Rope"}]', (("action", "add"), ("item", "Rope"))),
    _row(
        "json-trailing-comma",
        '[inventory: {"action": "add", "item": "Rope",}]',
        (("action", "add"), ("item", "Rope")),
    ),
    _row(
        "python-dict",
        "[inventory: {'action': 'add', 'item': 'Rope', 'count': 2}]",
        (("action", "add"), ("item", "Rope"), ("count", "2")),
    ),
    _row(
        "json-number-bool-null",
        '[inventory: {"action": "add", "item": "Torch", "count": 2, "equip": true, "who": null}]',
        (("action", "add"), ("item", "Torch"), ("count", "2"), ("equip", "true")),
    ),
    _row(
        "json-list",
        '[inventory: {"action": "add", "items": ["Rope", "Torch"]}]',
        (("action", "add"), ("items", "Rope\nTorch")),
    ),
    _row(
        "json-fenced",
        '[inventory: ```json\n{"action": "add", "item": "Rope"}\n```]',
        (("action", "add"), ("item", "Rope")),
    ),
    _row(
        "json-fence-no-language",
        '[inventory: ```\n{"action": "remove", "item": "Torch"}\n```]',
        (("action", "remove"), ("item", "Torch")),
    ),
    _row(
        "json-after-head",
        '[inventory {"action": "add", "item": "Rope"}]',
        (("action", "add"), ("item", "Rope")),
    ),
    _row(
        "json-wrapped-in-tag-name",
        '[inventory: {"inventory": {"action": "add", "item": "Rope"}}]',
        (("action", "add"), ("item", "Rope")),
    ),
    _row(
        "json-tag-key",
        '[inventory: {"tag": "inventory", "action": "add", "item": "Rope"}]',
        (("action", "add"), ("item", "Rope")),
    ),
    _row(
        "json-nested-item",
        '[inventory: {"action": "add", "item": {"name": "Rope", "quantity": 2}}]',
        (("action", "add"), ("item", "Rope"), ("quantity", "2")),
    ),
    _row(
        "json-list-of-items",
        '[inventory: {"action": "add", "items": [{"name": "Rope", "count": 2}, {"name": "Torch"}]}]',
        (("action", "add"), ("items", "2 Rope\nTorch")),
    ),
    _row(
        "loose-unquoted",
        "[inventory: {action: add, item: Hand axe, count: 2}]",
        (("action", "add"), ("item", "Hand axe"), ("count", "2")),
    ),
    _row(
        "loose-missing-comma",
        '[inventory: {action: "add", item: "Rope" who: "Bram"}]',
        (("action", "add"), ("item", "Rope"), ("who", "Bram")),
    ),
    _row(
        "loose-unclosed",
        '[inventory: {"action": "add", "item": "Rope"]',
        (("action", "add"), ("item", "Rope")),
    ),
    _row("loose-cut-short", '[inventory: {"action": "add", "item": "Ro', (("action", "add"), ("item", "Ro"))),
    _row(
        "python-literals",
        "[inventory: {'action': 'add', 'item': 'Widow's ring', 'equip': True, 'who': None}]",
        (("action", "add"), ("item", "Widow's ring"), ("equip", "true")),
    ),
    _row(
        "json-escaped-quotes",
        '[inventory: {\\"action\\": \\"add\\", \\"item\\": \\"Lantern\\"}]',
        (("action", "add"), ("item", "Lantern")),
    ),
    _row(
        "json-escapes-kept",
        '[inventory: {"action": "add", "item": "The \\"Old\\" Rope"}]',
        (("action", "add"), ("item", 'The "Old" Rope')),
    ),
    _row(
        "json-after-pairs",
        '[inventory: action="add" item="Rope" {"count": 2}]',
        (("action", "add"), ("item", "Rope"), ("count", "2")),
    ),
    _row(
        "json-no-braces",
        '[inventory: "action": "add", "item": "Rope"]',
        (("action", "add"), ("item", "Rope")),
    ),
    _row("verb-then-json", '[inventory: add {"item": "Rope"}]', (("action", "add"), ("item", "Rope"))),
    _row(
        "json-sheet-float",
        '[sheet: {"op": "damage", "who": "Bram", "amount": 2.0, "pool": "grit"}]',
        (("op", "damage"), ("who", "Bram"), ("amount", "2.0"), ("pool", "grit")),
    ),
    _row(
        "json-nested-stats",
        '[inventory: {"action": "add", "item": "Ember knife", "stats": {"guard": 1, "bulk": 1}}]',
        (("action", "add"), ("item", "Ember knife"), ("stats", "guard=1, bulk=1")),
    ),
    _row(
        "json-place",
        '[place: {"name": "Millbrook", "size": "market town", "day": "new"}]',
        (("name", "Millbrook"), ("size", "market town"), ("day", "new")),
    ),
    _row(
        "json-loot",
        '[loot: {"table": "grave_goods", "who": "Ada"}]',
        (("table", "grave_goods"), ("who", "Ada")),
    ),
    _row(
        "json-key-case-spaces",
        '[inventory: {"Action": "Add", "Item Name": "Rope"}]',
        (("action", "Add"), ("item_name", "Rope")),
    ),
    _row(
        "loose-equals", '[inventory: {action = "add", item = "Rope"}]', (("action", "add"), ("item", "Rope"))
    ),
    _row(
        "json-colon-in-value",
        '[inventory: {"action": "add", "item": "Rope", "note": "Time: dusk"}]',
        (("action", "add"), ("item", "Rope"), ("note", "Time: dusk")),
    ),
    _row(
        "json-array-of-one",
        '[inventory: [{"action": "add", "item": "Rope"}]]',
        (("action", "add"), ("item", "Rope")),
    ),
    _row(
        "json-unicode-escape",
        '[inventory: {"action": "add", "item": "Café crème \\u00e9"}]',
        (("action", "add"), ("item", "Café crème é")),
    ),
    _row(
        "json-then-outcome",
        '[inventory: {"action": "add", "item": "Rope", "count": "2"} result=ok]',
        (("action", "add"), ("item", "Rope"), ("count", "2")),
        ignored=(("result", "ok"),),
    ),
]

# Quotes, spaces, separators and punctuation.
QUOTE_BODIES = [
    _row(
        "switched-quotes-mid-tag",
        "[inventory: action=\"add\" item=\"Torch' count='2\" who='Bram']",
        (("action", "add"), ("item", "Torch"), ("count", "2"), ("who", "Bram")),
    ),
    _row(
        "apostrophe-in-a-double-quoted-value",
        '[inventory: action="add" item="Bram\'s torch" who="Bram"]',
        (("action", "add"), ("item", "Bram's torch"), ("who", "Bram")),
    ),
    _row("doubled-quotes", '[inventory: action=add item=""Rope""]', (("action", "add"), ("item", "Rope"))),
    _row(
        "doubled-closing-quote",
        '[inventory: action="add" item="Rope" count="2"" who="Bram"]',
        (("action", "add"), ("item", "Rope"), ("count", "2"), ("who", "Bram")),
    ),
    _row(
        "missing-closing-quote",
        '[inventory: action=add item="Rope who="Bram"]',
        (("action", "add"), ("item", "Rope"), ("who", "Bram")),
    ),
    _row(
        "unclosed-last-quote",
        '[inventory: action="add" item="Rope" who="Bram]',
        (("action", "add"), ("item", "Rope"), ("who", "Bram")),
    ),
    _row(
        "missing-opening-quote",
        '[inventory: action=add item=Rope" who="Bram"]',
        (("action", "add"), ("item", "Rope"), ("who", "Bram")),
    ),
    _row("backtick-value", "[inventory: action=add item=`Rope`]", (("action", "add"), ("item", "Rope"))),
    _row(
        "backtick-values",
        "[inventory: action=`add` item=`Hand axe` who=`Ada`]",
        (("action", "add"), ("item", "Hand axe"), ("who", "Ada")),
    ),
    _row(
        "backticks-around-body",
        '[inventory: `action="add" item="Rope"`]',
        (("action", "add"), ("item", "Rope")),
    ),
    _row("backtick-key", '[inventory: action="add" `item`="Rope"]', (("action", "add"), ("item", "Rope"))),
    _row(
        "nbsp",
        "[inventory: action=add item=Hand axe who=Bram]",
        (("action", "add"), ("item", "Hand axe"), ("who", "Bram")),
    ),
    _row(
        "ideographic-space",
        "[inventory: action=add\u3000item=Hand axe\u3000who=Bram]",
        (("action", "add"), ("item", "Hand axe"), ("who", "Bram")),
    ),
    _row(
        "spaces-around-equals",
        "[inventory: action = add   item = Rope]",
        (("action", "add"), ("item", "Rope")),
    ),
    _row(
        "pipes",
        "[inventory: action=add | item=Rope | who=Bram]",
        (("action", "add"), ("item", "Rope"), ("who", "Bram")),
    ),
    _row(
        "pipes-quoted",
        '[inventory: action="add" | item="Rope" | count="2"]',
        (("action", "add"), ("item", "Rope"), ("count", "2")),
    ),
    _row(
        "full-stop-after-quote",
        '[inventory: action="add" item="Rope" who="Bram".]',
        (("action", "add"), ("item", "Rope"), ("who", "Bram")),
    ),
    _row(
        "full-stop-unquoted",
        "[inventory: action=add item=Rope who=Bram.]",
        (("action", "add"), ("item", "Rope"), ("who", "Bram")),
    ),
    _row(
        "exclamation-unquoted",
        "[inventory: action=add item=Rope who=Bram!]",
        (("action", "add"), ("item", "Rope"), ("who", "Bram")),
    ),
    _row(
        "ellipsis-unquoted",
        "[inventory: action=add item=Potion of Healing...]",
        (("action", "add"), ("item", "Potion of Healing")),
    ),
    _row(
        "semicolons",
        "[inventory: action=add item=Rope; who=Bram;]",
        (("action", "add"), ("item", "Rope"), ("who", "Bram")),
    ),
    _row(
        "possessive-quoted",
        '[inventory: action="add" item="Rope" who="Bram\'s"]',
        (("action", "add"), ("item", "Rope"), ("who", "Bram's")),
    ),
    _row(
        "possessive-unquoted",
        "[inventory: action=add item=Rope who=Bram's]",
        (("action", "add"), ("item", "Rope"), ("who", "Bram's")),
    ),
    _row(
        "escaped-underscore",
        "[loot: table=grave\\_goods who=Ada]",
        (("table", "grave_goods"), ("who", "Ada")),
    ),
    _row("escaped-underscore-quoted", '[loot: table="grave\\_goods"]', (("table", "grave_goods"),)),
    _row(
        "escaped-star",
        "[inventory: action=add item=Rope\\* who=Bram]",
        (("action", "add"), ("item", "Rope*"), ("who", "Bram")),
    ),
    _row(
        "bold-value",
        "[inventory: action=add item=**Rope** who=Bram]",
        (("action", "add"), ("item", "Rope"), ("who", "Bram")),
    ),
    _row("bold-keys", "[inventory: **action**: add, **item**: Rope]", (("action", "add"), ("item", "Rope"))),
    _row(
        "struck-value",
        "[inventory: action=add item=~~Rope~~ Lantern]",
        (("action", "add"), ("item", "Lantern")),
    ),
    _row(
        "curly-quotes",
        "[inventory: action=“add” item=“Rope” who=‘Bram’]",
        (("action", "add"), ("item", "Rope"), ("who", "Bram")),
    ),
    _row("angle-low-quotes", "[inventory: action=«add» item=„Rope“]", (("action", "add"), ("item", "Rope"))),
    _row("corner-brackets", "[inventory: action=add item=「Rope」]", (("action", "add"), ("item", "Rope"))),
    _row("double-primes", "[inventory: action=add item=″Rope″]", (("action", "add"), ("item", "Rope"))),
    _row("fullwidth-equals", "[inventory: action＝add item＝Rope]", (("action", "add"), ("item", "Rope"))),
    _row(
        "fullwidth-colon-comma", "[inventory: action：add，item：Rope]", (("action", "add"), ("item", "Rope"))
    ),
    _row(
        "zero-width-space",
        "[inventory: action=add item=Rope\u200b who=Bram]",
        (("action", "add"), ("item", "Rope"), ("who", "Bram")),
    ),
    _row(
        "single-quotes-apostrophe",
        "[inventory: action='add' item='Widow's ring' who='Ada']",
        (("action", "add"), ("item", "Widow's ring"), ("who", "Ada")),
    ),
    _row(
        "parenthesised-body",
        '[inventory: (action="add", item="Rope")]',
        (("action", "add"), ("item", "Rope")),
    ),
    _row(
        "comma-in-quoted-name",
        '[inventory: action="add" item="Rope, hempen (50 feet)"]',
        (("action", "add"), ("item", "Rope, hempen (50 feet)")),
    ),
    _row(
        "comma-in-unquoted-name",
        "[inventory: action=add item=Rope, hempen (50 feet)]",
        (("action", "add"), ("item", "Rope, hempen (50 feet)")),
    ),
    _row(
        "escaped-quote-mixed",
        '[inventory: action=\\"add\\" item="Rope"]',
        (("action", "add"), ("item", "Rope")),
    ),
    _row(
        "exclamation-after-quote",
        '[inventory: action="add" item="Rope"!]',
        (("action", "add"), ("item", "Rope")),
    ),
    _row(
        "sheet-full-stop",
        "[sheet: op=damage who=Bram amount=2 pool=grit.]",
        (("op", "damage"), ("who", "Bram"), ("amount", "2"), ("pool", "grit")),
    ),
    _row(
        "bold-inside-quotes-kept",
        '[inventory: action="add" item="**Rope**"]',
        (("action", "add"), ("item", "**Rope**")),
    ),
    _row(
        "count-suffix-kept",
        "[inventory: action=add item=Rope x2, who=Bram]",
        (("action", "add"), ("item", "Rope x2"), ("who", "Bram")),
    ),
    _row("single-quoted", "[inventory: action=add item='Rope']", (("action", "add"), ("item", "Rope"))),
    _row(
        "bulleted-pairs",
        "[inventory:\n- action: add\n- item: Rope\n- count: 2\n]",
        (("action", "add"), ("item", "Rope"), ("count", "2")),
    ),
    _row(
        "numbered-pairs",
        "[inventory:\n1. action: add\n2. item: Rope\n]",
        (("action", "add"), ("item", "Rope")),
    ),
    _row(
        "starred-pairs",
        "[inventory:\n  * action = add\n  * item = Rope\n]",
        (("action", "add"), ("item", "Rope")),
    ),
    _row(
        "html-entities",
        "[inventory: action=add item=&quot;Rope &amp; Twine&quot;]",
        (("action", "add"), ("item", "Rope & Twine")),
    ),
    _row(
        "trailing-dashes",
        "[inventory: action=add item=Rope -- result=ok]",
        (("action", "add"), ("item", "Rope")),
        ignored=(("result", "ok"),),
    ),
]

# Contract 4: a JSON list is one pair, its elements on lines of their own; a listed value keeps its lines.
LIST_BODIES = [
    _row(
        "json-list-value",
        '[inventory: action=add items=["Rope", "Torch"]]',
        (("action", "add"), ("items", "Rope\nTorch")),
    ),
    _row(
        "python-list-value",
        "[inventory: action=add items=['Rope', 'Torch', '2 candles']]",
        (("action", "add"), ("items", "Rope\nTorch\n2 candles")),
    ),
    _row(
        "bare-list-value",
        "[inventory: action=add items=[Rope, Torch]]",
        (("action", "add"), ("items", "Rope, Torch")),
    ),
    _row(
        "list-value-cut-short",
        '[inventory: action=add items=["Rope", "Torch"]',
        (("action", "add"), ("items", "Rope\nTorch")),
    ),
    _row(
        "bulleted-quoted-value",
        '[inventory: action="add" items="- Rope\n- Torch"]',
        (("action", "add"), ("items", "- Rope\n- Torch")),
    ),
    _row(
        "bulleted-unquoted-value",
        "[inventory: action=add items=\n- Rope\n- Torch\n- 2 candles]",
        (("action", "add"), ("items", "- Rope\n- Torch\n- 2 candles")),
    ),
    _row(
        "numbered-quoted-value",
        '[inventory: action="add" items="1. Rope\n2. Torch"]',
        (("action", "add"), ("items", "1. Rope\n2. Torch")),
    ),
    _row(
        "json-list-comma-in-name",
        '[inventory: {"action": "add", "items": ["Rope, hempen (50 feet)", "Torch"]}]',
        (("action", "add"), ("items", "Rope, hempen (50 feet)\nTorch")),
    ),
    _row(
        "json-empty-list", '[inventory: {"action": "add", "items": []}]', (("action", "add"), ("items", ""))
    ),
    _row(
        "json-list-null",
        '[inventory: {"action": "add", "items": ["Rope", null, "Torch"]}]',
        (("action", "add"), ("items", "Rope\nTorch")),
    ),
]

# Bodies that must stay refused: nothing readable, or more than one tag's worth (never a silent pick).
REFUSED_BODIES = [
    _row("empty", "[inventory:]", (), problem="empty tag"),
    _row("blank", "[inventory:   ]", (), problem="empty tag"),
    _row("punctuation", "[inventory: !!!]", (), problem="no key=value pairs"),
    _row("dots", "[inventory: ...]", (), problem="no key=value pairs"),
    _row("bullet-only", "[inventory: - ]", (), problem="no key=value pairs"),
    _row(
        "only-outcome",
        "[inventory: result=ok]",
        (),
        ignored=(("result", "ok"),),
        problem="no key=value pairs",
    ),
    _row(
        "only-outcome-colons",
        "[inventory: result:ok now:3]",
        (),
        ignored=(("result", "ok"), ("now", "3")),
        problem="no key=value pairs",
    ),
    _row("empty-fence", "[inventory: ```json\n```]", (), problem="empty tag"),
    _row("empty-object", "[inventory: {}]", (), problem="no key=value pairs"),
    _row("empty-list", "[inventory: []]", (), problem="no key=value pairs"),
    _row(
        "two-objects",
        '[inventory: {"action": "add", "item": "Rope"} {"action": "remove", "item": "Torch"}]',
        (),
        problem="more than one object in one tag",
    ),
    _row(
        "list-of-two-objects",
        '[inventory: [{"action": "add", "item": "Rope"}, {"action": "add", "item": "Torch"}]]',
        (),
        problem="a list of 2 values where one tag's pairs go",
    ),
    _row(
        "list-of-odd-objects",
        '[inventory: {"action": "add", "items": [{"name": "Rope", "who": "Bram"}]}]',
        (),
        problem="a list of objects under items= that are not items with a count",
    ),
    _row(
        "too-deep",
        '[inventory: {"action": "add", "item": "Rope", "x": {"a": {"b": {"c": {"d": {"e": {"f": {"g": 1}}}}}}}}]',
        (),
        problem="nested deeper than 6",
    ),
    _row(
        "unclosed-braces",
        "[inventory: {{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{",
        (),
        problem="nested deeper than 6",
    ),
    _row(
        "list-of-strings",
        '[inventory: ["Rope", "Torch"]]',
        (),
        problem="a list of 2 values where one tag's pairs go",
    ),
    _row(
        "object-in-stats",
        '[inventory: {"action": "add", "stats": {"guard": {"a": 1}}}]',
        (),
        problem="an object nested inside stats",
    ),
]

# Bodies that must not be mis-read: colons, commas and key-like text inside values, words that are keys
# only with a separator, a double-quoted value kept as written (so tagproc's own answers read back).
KEPT_BODIES = [
    _row(
        "colon-in-quoted-note",
        '[inventory: action="add" item="Rope" note="Time: dusk"]',
        (("action", "add"), ("item", "Rope"), ("note", "Time: dusk")),
    ),
    _row(
        "comma-in-quoted-item",
        '[inventory: action="add" item="Rope, hempen (50 feet)"]',
        (("action", "add"), ("item", "Rope, hempen (50 feet)")),
    ),
    _row(
        "stat-words",
        "[inventory: action=add item=Ember knife stats=Damage 1d6]",
        (("action", "add"), ("item", "Ember knife"), ("stats", "Damage 1d6")),
    ),
    _row(
        "ratio-and-equals",
        '[inventory: action="note" summary="Ratio 2:1, a=b"]',
        (("action", "note"), ("summary", "Ratio 2:1, a=b")),
    ),
    _row(
        "unknown-colon-key",
        "[inventory: action=add item=Rope Time:dusk]",
        (("action", "add"), ("item", "Rope Time:dusk")),
    ),
    _row(
        "outcome-inside-quotes",
        '[inventory: action="add" item="Rope result=ok"]',
        (("action", "add"), ("item", "Rope result=ok")),
    ),
    _row(
        "raw-with-outcome",
        '[inventory: action="add" raw="(inventory: action=\'add\' result=ok)"]',
        (("action", "add"), ("raw", "(inventory: action='add' result=ok)")),
    ),
    _row("now-as-a-word", "[sheet: rest now]", (("op", "rest"),), free=("now",)),
    _row(
        "possessive",
        '[inventory: action="add" item="Rope" who="Bram\'s"]',
        (("action", "add"), ("item", "Rope"), ("who", "Bram's")),
    ),
    _row(
        "equals-and-colon-in-note",
        '[inventory: action="add" item="Rope, hempen (50 feet)" note="a=b, c: d"]',
        (("action", "add"), ("item", "Rope, hempen (50 feet)"), ("note", "a=b, c: d")),
    ),
    _row(
        "stats-with-equals",
        '[inventory: action="add" item="Hand axe" stats="guard=1, bulk=1"]',
        (("action", "add"), ("item", "Hand axe"), ("stats", "guard=1, bulk=1")),
    ),
    _row("parenthesised-size", "[place: Hollin (village)]", (("name", "Hollin (village)"),)),
    _row(
        "spaced-multiplier",
        "[inventory: action=add item=Rope x 2]",
        (("action", "add"), ("item", "Rope x 2")),
    ),
    _row(
        "semicolon-in-quotes",
        '[inventory: action="add" item="Ration; dried" who="Ada"]',
        (("action", "add"), ("item", "Ration; dried"), ("who", "Ada")),
    ),
    _row(
        "pipe-in-quotes",
        '[inventory: action="add" item="Rope | hempen"]',
        (("action", "add"), ("item", "Rope | hempen")),
    ),
    _row(
        "struck-in-quotes",
        '[inventory: action="add" item="~~Rope~~"]',
        (("action", "add"), ("item", "~~Rope~~")),
    ),
    _row(
        "key-like-text-in-quotes",
        '[inventory: action="add" item="a who=" count="2"]',
        (("action", "add"), ("item", "a who="), ("count", "2")),
    ),
    _row(
        "html-entity-in-quotes",
        '[inventory: action="add" item="a &amp; b"]',
        (("action", "add"), ("item", "a &amp; b")),
    ),
    _row(
        "hyphen-inside-name",
        "[inventory: action=add item=Ox-hide gauntlets who=Bram]",
        (("action", "add"), ("item", "Ox-hide gauntlets"), ("who", "Bram")),
    ),
    _row("known-key-verb-with-colon", "[sheet: rest: vigil]", (("rest", "vigil"),)),
]


@pytest.mark.parametrize(_FIELDS, [*FREE_BODIES, *KEY_BODIES, *JSON_BODIES, *QUOTE_BODIES, *LIST_BODIES])
def test_each_body_shape_reads_as_meant(
    raw: str, attrs: Pairs, free: tuple[str, ...], ignored: Pairs, problem: str | None
) -> None:
    _assert_reads(raw, attrs, free, ignored, problem)


@pytest.mark.parametrize(_FIELDS, REFUSED_BODIES)
def test_bodies_with_nothing_to_read_stay_refused(
    raw: str, attrs: Pairs, free: tuple[str, ...], ignored: Pairs, problem: str | None
) -> None:
    assert problem is not None and attrs == () and free == ()
    _assert_reads(raw, attrs, free, ignored, problem)


@pytest.mark.parametrize(_FIELDS, KEPT_BODIES)
def test_bodies_that_must_not_be_misread(
    raw: str, attrs: Pairs, free: tuple[str, ...], ignored: Pairs, problem: str | None
) -> None:
    _assert_reads(raw, attrs, free, ignored, problem)


# -- the vocabulary tables, each entry read ------------------------------------------------------------


@pytest.mark.parametrize(("written", "plain"), SPACE_REPAIRS, ids=lambda c: f"U+{ord(c):04X}" if c else "")
def test_every_unicode_space_separates_and_joins_like_a_space(written: str, plain: str) -> None:
    if plain:
        reading = read_tag(f"[inventory: action=add{written}item=Hand{written}axe{written}who=Bram]")
        assert reading.attrs == (("action", "add"), ("item", "Hand axe"), ("who", "Bram"))
    else:  # zero-width: read as nothing at all
        reading = read_tag(f"[inventory: action=add {written}item={written}Rope{written} who=Bram]")
        assert reading.attrs == (("action", "add"), ("item", "Rope"), ("who", "Bram"))


@pytest.mark.parametrize(("written", "plain"), (*QUOTE_REPAIRS, *MORE_QUOTE_REPAIRS), ids=repr)
def test_every_quote_character_quotes_a_value(written: str, plain: str) -> None:
    reading = read_tag(f"[inventory: action=add item={written}Hand axe{written} who=Bram]")
    assert reading.attrs == (("action", "add"), ("item", "Hand axe"), ("who", "Bram"))


@pytest.mark.parametrize(("written", "plain"), PUNCTUATION_REPAIRS, ids=repr)
def test_every_fullwidth_punctuation_mark_reads_as_its_ascii_one(written: str, plain: str) -> None:
    if plain in "=:":
        raw = f"[inventory: action{written}add item{written}Rope]"
    else:
        raw = f"[inventory: action=add{written}item=Rope]"
    assert read_tag(raw).attrs == (("action", "add"), ("item", "Rope"))


@pytest.mark.parametrize(("entity", "char"), HTML_ENTITIES)
def test_every_html_entity_reads_as_its_character(entity: str, char: str) -> None:
    reading = read_tag(f"[inventory: action=add item=&quot;a{entity}b&quot;]")
    assert reading.attrs == (("action", "add"), ("item", f"a{char}b"))


@pytest.mark.parametrize("arrow", ARROW_SEPARATORS)
def test_every_arrow_separates_a_known_key_from_its_value(arrow: str) -> None:
    for spaced in (arrow, f" {arrow} "):
        reading = read_tag(f"[inventory: action{spaced}add item{spaced}Hand axe who{spaced}Bram]")
        assert reading.attrs == (("action", "add"), ("item", "Hand axe"), ("who", "Bram"))


@pytest.mark.parametrize("char", sorted(MARKDOWN_ESCAPES))
def test_every_markdown_escape_loses_its_backslash(char: str) -> None:
    reading = read_tag(f'[inventory: action=add item="a\\{char}b"]')
    assert reading.attrs == (("action", "add"), ("item", f"a{char}b"))


@pytest.mark.parametrize("separator", [*PAIR_SEPARATORS, "\n", "\t"], ids=repr)
def test_every_pair_separator_separates_unquoted_pairs(separator: str) -> None:
    reading = read_tag(f"[inventory: action=add{separator}item=Hand axe{separator}who=Bram{separator}]")
    assert reading.attrs == (("action", "add"), ("item", "Hand axe"), ("who", "Bram"))


@pytest.mark.parametrize("bullet", [*LIST_BULLETS, "1.", "2)"], ids=repr)
def test_every_list_bullet_opens_a_line_of_pairs(bullet: str) -> None:
    reading = read_tag(f"[inventory:\n{bullet} action: add\n{bullet} item: Hand axe\n{bullet} who: Bram\n]")
    assert reading.attrs == (("action", "add"), ("item", "Hand axe"), ("who", "Bram"))


@pytest.mark.parametrize("mark", sorted(TRAILING_PUNCTUATION))
def test_punctuation_stuck_to_an_unquoted_value_is_dropped(mark: str) -> None:
    for body in (f"action=add item=Rope who=Bram{mark}", f'action=add item=Rope who="Bram"{mark}'):
        assert read_tag(f"[inventory: {body}]").attrs == (
            ("action", "add"),
            ("item", "Rope"),
            ("who", "Bram"),
        )


_OUTCOME_FORMS = ["=", ":", ": ", " = ", ' = "', '="', ":'", *(f" {sep} " for sep in OUTCOME_SEPARATORS)]


@pytest.mark.parametrize("key", sorted(OUTCOME_KEYS))
@pytest.mark.parametrize("form", _OUTCOME_FORMS, ids=repr)
def test_an_outcome_key_is_set_aside_whatever_its_separator(key: str, form: str) -> None:
    close = form.strip()[-1:] if form.strip()[-1:] in "\"'" else ""
    for body in (
        f"action=add item=Rope {key}{form}ok{close} who=Bram",
        f"action=add item=Rope, {key.upper()}{form}ok{close}",
        f'action="add" item="Rope"{key}{form}ok{close}',
        f"add 2 rope {key}{form}ok{close}",
    ):
        reading = read_tag(f"[inventory: {body}]")
        assert reading.ignored == ((key, "ok"),), body
        assert all(key not in value.lower() for _, value in reading.attrs), body
        assert all(key not in piece.lower() for piece in reading.free), body


@pytest.mark.parametrize("key", sorted(KNOWN_KEYS - OUTCOME_KEYS))
def test_every_known_key_starts_a_pair_without_a_space_after_its_colon(key: str) -> None:
    reading = read_tag(f"[inventory: action=add item=Hand axe {key}:value]")
    assert reading.attrs[-1] == (key, "value")
    assert reading.attrs[1] == ("item", "Hand axe")


@pytest.mark.parametrize("word", ["time", "damage", "weight", "hp2", "note_2", "ratio"])
def test_an_unknown_word_with_a_bare_colon_stays_in_the_value(word: str) -> None:
    reading = read_tag(f"[inventory: action=add item=Hand axe {word}:value]")
    assert reading.attrs == (("action", "add"), ("item", f"Hand axe {word}:value"))


@pytest.mark.parametrize("language", ["", *sorted(FENCE_LANGUAGES)])
def test_a_fence_of_every_language_around_a_json_body(language: str) -> None:
    reading = read_tag(f'[inventory: ```{language}\n{{"action": "add", "item": "Rope"}}\n```]')
    assert reading.attrs == (("action", "add"), ("item", "Rope"))


@pytest.mark.parametrize(("literal", "value"), LITERAL_VALUES.items())
def test_every_literal_is_its_word_or_no_value(literal: str, value: str | None) -> None:
    for written in (literal, literal.capitalize(), literal.upper()):
        reading = read_tag(f"[inventory: {{action: add, item: Rope, flag: {written}}}]")
        expected = (("flag", value),) if value is not None else ()
        assert reading.attrs == (("action", "add"), ("item", "Rope"), *expected)


@pytest.mark.parametrize("key", sorted(TAG_NAME_KEYS))
@pytest.mark.parametrize("tag", TAG_NAMES)
def test_a_key_naming_the_tag_itself_is_dropped(key: str, tag: str) -> None:
    reading = read_tag(f'[inventory: {{"{key}": "{tag}", "action": "add", "item": "Rope"}}]')
    assert reading.attrs == (("action", "add"), ("item", "Rope"))


_VERBS = sorted(
    [("inventory", alias) for alias in ACTION_ALIASES] + [("sheet", alias) for alias in OP_ALIASES]
)


@pytest.mark.parametrize(("tag", "alias"), _VERBS, ids=lambda value: value.replace(" ", "_"))
def test_every_verb_alias_is_read_whole_as_the_bare_verb(tag: str, alias: str) -> None:
    key = "action" if tag == "inventory" else "op"
    assert alias in VERB_ALIASES[key]
    reading = read_tag(f"[{tag}: {alias} 2 of the things]")
    assert reading.attrs == ((key, alias),)
    assert reading.free == ("2 of the things",)


def test_a_verb_already_read_from_the_head_leaves_the_whole_body_free() -> None:
    # Contract 2: the envelope reads [Inventory - add: Rope x2] into action="add" first; the body is free.
    reader = BodyReader("Rope x2 who=Bram", attrs=[("action", "add")])
    read_pairs(reader, "action")
    assert reader.attrs == [("action", "add"), ("who", "Bram")]
    assert reader.free == ["Rope x2"]


# -- properties ----------------------------------------------------------------------------------------

_PAIR_SEPS = st.sampled_from([" ", ", ", "; ", " | ", "\n", "\n- ", ",", "\u00a0", "\u3000"])
_KEY_SEPS = st.sampled_from(["=", ":", ": ", " = ", " : ", "\uff1d", "\uff1a"])
_WORDS = st.sampled_from(["Rope", "Hand axe", "2", "Bram", "ok", "Time: dusk", "a, b", "x2"])
_QUOTES = st.sampled_from(["", '"', "'", "\u201c", "`"])


@st.composite
def _bodies(draw: st.DrawFn) -> tuple[str, str]:
    keys = draw(st.lists(st.sampled_from(["action", "item", "count", "who", "size", "qty"]), max_size=4))
    outcome = draw(st.sampled_from(sorted(OUTCOME_KEYS)))
    pairs = [(key, draw(_WORDS)) for key in keys]
    pairs.insert(draw(st.integers(0, len(pairs))), (outcome, "forged"))
    parts = []
    for key, value in pairs:
        quote = draw(_QUOTES)
        closing = "\u201d" if quote == "\u201c" else quote
        if not quote and any(char in value for char in ":,"):
            value = value.replace(":", "").replace(",", "")
        parts.append(f"{key}{draw(_KEY_SEPS)}{quote}{value}{closing}")
    return outcome, draw(_PAIR_SEPS).join(parts)


@settings(max_examples=400, deadline=None)
@given(_bodies())
def test_a_forged_outcome_never_reaches_attrs_or_a_value(case: tuple[str, str]) -> None:
    outcome, body = case
    reading = read_tag(f"[inventory: {body}]")
    assert (outcome, "forged") in reading.ignored, body
    assert all(key not in OUTCOME_KEYS for key, _ in reading.attrs), body
    assert all("forged" not in value for _, value in reading.attrs), body
    assert all("forged" not in piece for piece in reading.free), body


_JUNK = st.lists(
    st.sampled_from([*"{}[]\"'`:=,;| \n-()\\*~", "action", "item", "result", "add", "Rope", "\u3000"]),
    max_size=40,
).map("".join)


@settings(max_examples=400, deadline=None)
@given(_JUNK)
def test_no_body_is_an_internal_error_and_free_text_is_stripped(body: str) -> None:
    for tag in TAG_NAMES:
        reading = read_tag(f"[{tag}: {body}]")
        assert not (reading.problem or "").startswith("internal error"), body
        assert all(key == key.lower() and key not in OUTCOME_KEYS for key, _ in reading.attrs)
        assert all(piece and piece == piece.strip() for piece in reading.free)
        assert reading.problem is None or (reading.attrs == () and reading.free == ())
