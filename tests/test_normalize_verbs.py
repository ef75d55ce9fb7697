"""Tests for the verb tables (``vocabulary/verbs.py``) and the key tables (``vocabulary/keys.py``) through
the whole normaliser on the shipped rulesets: every form reads as what it says and never as its opposite,
words with two senses stay refused, unknown keys are read or refused, and ``who=`` names one member."""

from __future__ import annotations

import pytest

from tagproc.commands import (
    Add,
    CoinAmount,
    Condition,
    Damage,
    Earn,
    Equip,
    Give,
    Loot,
    Pay,
    Remove,
    Rest,
    Restore,
    Sell,
    Spend,
    Temp,
    Track,
    Unequip,
    Unreadable,
    Use,
)
from tagproc.normalize import normalize
from tagproc.normalize.keys import verb_phrase
from tagproc.repairs import Repair
from tagproc.syntax import read_tag
from tagproc.vocabulary import (
    ACTION_ALIASES,
    EVERYONE_WORDS,
    OP_ALIASES,
    OP_BY_KEY,
    PARTY_WORDS,
    PLAYER_WORDS,
    REFUSED_ACTIONS,
    REFUSED_OPS,
    USE_OR_ADD,
    VERB_FORMS,
)
from tagproc.vocabulary.verbs import _ACTION_BASES, _OP_BASES
from tests.normalize_support import (
    AnyCommand,
    bare,
    codes,
    coins,
    item,
    names_for,
    only,
    refusal,
    run,
    said_detail,
    said_notes,
)

CANDLE = 'item="Black candle"'
SHILLINGS = coins(3, "shilling", "shillings")

# --- every form of every alias reads as its base ------------------------------------------------------------


def _forms(base: str) -> list[str]:
    first, _, rest = base.partition(" ")
    return [base, *(f"{form} {rest}".strip() for form in VERB_FORMS.get(first, ()))]


@pytest.mark.parametrize(("base", "canonical"), [pytest.param(b, c, id=b) for b, c in _ACTION_BASES.items()])
def test_every_form_of_an_action_reads_as_its_base_never_as_another(base: str, canonical: str) -> None:
    for form in _forms(base):
        assert ACTION_ALIASES[form] == canonical, form


@pytest.mark.parametrize(("base", "meaning"), [pytest.param(b, m, id=b) for b, m in _OP_BASES.items()])
def test_every_form_of_an_op_reads_as_its_base_never_as_another(
    base: str, meaning: tuple[str, tuple[tuple[str, str], ...]]
) -> None:
    for form in _forms(base):
        assert OP_ALIASES[form] == meaning, form


# The forms that once ran as their opposite, or were refused, each with the command it is.
VERBS = [
    pytest.param(
        "paid", 'amount="3 shillings"', Pay(amounts=coins(3, "shilling", "shillings")), id="paid-is-pay"
    ),
    pytest.param("pays", 'amount="3 shillings"', Pay(amounts=coins(3, "shilling", "shillings")), id="pays"),
    pytest.param("spent", 'amount="3 shillings"', Pay(amounts=coins(3, "shilling", "shillings")), id="spent"),
    pytest.param(
        "got paid", 'amount="3 shillings"', Earn(amounts=coins(3, "shilling", "shillings")), id="got-paid"
    ),
    pytest.param(
        "was paid", 'amount="3 shillings"', Earn(amounts=coins(3, "shilling", "shillings")), id="was-paid"
    ),
    pytest.param(
        "earned", 'amount="3 shillings"', Earn(amounts=coins(3, "shilling", "shillings")), id="earned"
    ),
    pytest.param("bought", CANDLE, None, id="bought"),
    pytest.param("sold", CANDLE, Sell(item=item("Black candle")), id="sold"),
    pytest.param("sold off", CANDLE, Sell(item=item("Black candle")), id="sold-off"),
    pytest.param("sell_off", CANDLE, Sell(item=item("Black candle")), id="sell_off"),
    pytest.param("gave", f'{CANDLE} to="Mira"', Give(item=item("Black candle"), to="Mira"), id="gave"),
    pytest.param("handed", f'{CANDLE} to="Mira"', Give(item=item("Black candle"), to="Mira"), id="handed"),
    pytest.param("gifted", f'{CANDLE} to="Mira"', Give(item=item("Black candle"), to="Mira"), id="gifted"),
    pytest.param("gift", f'{CANDLE} to="Mira"', Give(item=item("Black candle"), to="Mira"), id="gift"),
    pytest.param("dropped", CANDLE, Remove(item=item("Black candle")), id="dropped"),
    pytest.param("lost", CANDLE, Remove(item=item("Black candle")), id="lost"),
    pytest.param("removed", CANDLE, Remove(item=item("Black candle")), id="removed"),
    pytest.param("remove_item", CANDLE, Remove(item=item("Black candle")), id="remove_item"),
    pytest.param("added", CANDLE, Add(item=item("Black candle")), id="added"),
    pytest.param("adding", CANDLE, Add(item=item("Black candle")), id="adding"),
    pytest.param("add_item", CANDLE, Add(item=item("Black candle")), id="add_item"),
    pytest.param("add-item", CANDLE, Add(item=item("Black candle")), id="add-item"),
    pytest.param("add to inventory", CANDLE, Add(item=item("Black candle")), id="add-to-inventory"),
    pytest.param("obtain", CANDLE, Add(item=item("Black candle")), id="obtain"),
    pytest.param("obtained", CANDLE, Add(item=item("Black candle")), id="obtained"),
    pytest.param("grab", CANDLE, Add(item=item("Black candle")), id="grab"),
    pytest.param("collect", CANDLE, Add(item=item("Black candle")), id="collect"),
    pytest.param("received", CANDLE, Add(item=item("Black candle")), id="received"),
    pytest.param("receive", CANDLE, Add(item=item("Black candle")), id="receive"),
    pytest.param("pocket", CANDLE, Add(item=item("Black candle")), id="pocket"),
    pytest.param("picked up", CANDLE, Add(item=item("Black candle")), id="picked-up"),
    pytest.param("pick_up", CANDLE, Add(item=item("Black candle")), id="pick_up"),
    pytest.param("found", CANDLE, Add(item=item("Black candle")), id="found"),
    pytest.param("took", CANDLE, Add(item=item("Black candle")), id="took-a-thing-without-a-use"),
    pytest.param("equipped", 'item="Lantern coat"', Equip(item=item("Lantern coat")), id="equipped"),
    pytest.param("wore", 'item="Lantern coat"', Equip(item=item("Lantern coat")), id="wore"),
    pytest.param("took off", 'item="Lantern coat"', Unequip(item=item("Lantern coat")), id="took-off"),
    pytest.param("used", 'item="Warming tonic"', Use(item=item("Warming tonic")), id="used"),
    pytest.param("use_item", 'item="Warming tonic"', Use(item=item("Warming tonic")), id="use_item"),
    pytest.param("drank", 'item="Warming tonic"', Use(item=item("Warming tonic")), id="drank"),
    pytest.param("apply", 'item="Warming tonic"', Use(item=item("Warming tonic")), id="apply"),
    pytest.param("drink", 'item="Warming tonic"', Use(item=item("Warming tonic")), id="drink"),
    pytest.param("administer", 'item="Warming tonic"', Use(item=item("Warming tonic")), id="administer"),
    pytest.param("administered", 'item="Warming tonic"', Use(item=item("Warming tonic")), id="administered"),
    pytest.param("deduct", 'amount="3 shillings"', Pay(amounts=SHILLINGS), id="deduct"),
    pytest.param("deducted", 'amount="3 shillings"', Pay(amounts=SHILLINGS), id="deducted"),
    pytest.param("payment made", 'amount="3 shillings"', Pay(amounts=SHILLINGS), id="payment-made"),
    pytest.param("payment received", 'amount="3 shillings"', Earn(amounts=SHILLINGS), id="payment-received"),
    pytest.param("received payment", 'amount="3 shillings"', Earn(amounts=SHILLINGS), id="received-payment"),
    pytest.param(
        "paid to the innkeeper", 'amount="3 shillings"', Pay(amounts=SHILLINGS), id="paid-to-someone"
    ),
    pytest.param("passes", f'{CANDLE} to="Mira"', Give(item=item("Black candle"), to="Mira"), id="passes"),
    pytest.param("passed", f'{CANDLE} to="Mira"', Give(item=item("Black candle"), to="Mira"), id="passed"),
    pytest.param(
        "hands over", f'{CANDLE} to="Mira"', Give(item=item("Black candle"), to="Mira"), id="hands-over"
    ),
    pytest.param("tosses", f'{CANDLE} to="Mira"', Give(item=item("Black candle"), to="Mira"), id="tosses"),
    pytest.param(
        "tosses to", f'{CANDLE} to="Mira"', Give(item=item("Black candle"), to="Mira"), id="tosses-to"
    ),
    pytest.param("threw", f'{CANDLE} to="Mira"', Give(item=item("Black candle"), to="Mira"), id="threw-to"),
    pytest.param(
        "was given", f'{CANDLE} who="Mira"', Add(item=item("Black candle"), who="Mira"), id="was-given"
    ),
    pytest.param(
        "is handed", f'{CANDLE} who="Mira"', Add(item=item("Black candle"), who="Mira"), id="is-handed"
    ),
    pytest.param(
        "were gifted", f'{CANDLE} who="Mira"', Add(item=item("Black candle"), who="Mira"), id="were-gifted"
    ),
]

# A passive word before a verb of the tables is the verb (the item, or the member, is the subject).
PASSIVES = [
    pytest.param("was dropped", CANDLE, Remove(item=item("Black candle")), id="was-dropped"),
    pytest.param("was lost", CANDLE, Remove(item=item("Black candle")), id="was-lost"),
    pytest.param("has been added", CANDLE, Add(item=item("Black candle")), id="has-been-added"),
    pytest.param("is equipped", 'item="Lantern coat"', Equip(item=item("Lantern coat")), id="is-equipped"),
    pytest.param("was used", 'item="Warming tonic"', Use(item=item("Warming tonic")), id="was-used"),
    pytest.param(
        "got handed", f'{CANDLE} who="Mira"', Add(item=item("Black candle"), who="Mira"), id="got-handed"
    ),
]


@pytest.mark.parametrize(("word", "body", "expected"), PASSIVES)
def test_a_passive_reads_as_its_verb(word: str, body: str, expected: AnyCommand) -> None:
    assert bare(only(run(f'[inventory: action="{word}" {body}]'))) == expected


@pytest.mark.parametrize(
    "word", [pytest.param(w, id=w) for w in ("was taken", "was transferred", "is", "were stolen")]
)
def test_a_passive_give_or_take_is_refused(word: str) -> None:
    refusal(run(f'[inventory: action="{word}" {CANDLE} to="Mira"]'))


def test_a_passive_op_reads_as_its_op() -> None:
    command = only(run('[sheet: op="was healed" pool="resolve" amount="1" who="Bram"]'))
    assert bare(command) == Restore(pool="resolve", amount=1, who="Bram")


# Words the tag decides by whether it names a member it goes to: refused on the other side.
BY_TO_REFUSED = [
    pytest.param("toss", CANDLE, id="toss-no-one"),
    pytest.param("threw", CANDLE, id="threw-no-one"),
    pytest.param("was given", f'{CANDLE} to="Mira"', id="was-given-to"),
    pytest.param("been handed", f'{CANDLE} who="Ada" to="Mira"', id="been-handed-to"),
]


@pytest.mark.parametrize(("word", "body"), BY_TO_REFUSED)
def test_an_action_decided_by_a_to_is_refused_on_its_other_side(word: str, body: str) -> None:
    refused = refusal(run(f'[inventory: action="{word}" {body}]'))
    assert refused.reason == "unreadable" and "means two things" in said_detail(refused)


@pytest.mark.parametrize(("word", "body", "expected"), VERBS)
def test_an_action_form_reads_as_what_it_says(word: str, body: str, expected: AnyCommand | None) -> None:
    command = only(run(f'[inventory: action="{word}" {body}]'))
    if expected is None:  # a buy: the engine has no market yet, the command is what matters
        assert getattr(command, "action", None) == "buy"
        return
    assert bare(command) == expected


# --- words with two senses stay refused --------------------------------------------------------------------


@pytest.mark.parametrize("word", [pytest.param(w, id=w) for w in REFUSED_ACTIONS])
def test_an_action_word_with_two_senses_is_refused_saying_why(word: str) -> None:
    assert word not in ACTION_ALIASES
    refused = refusal(run(f'[inventory: action="{word}" {CANDLE}]'))
    assert refused.reason == "unreadable"
    assert REFUSED_ACTIONS[word] in said_detail(refused)


@pytest.mark.parametrize("word", [pytest.param(w, id=w) for w in REFUSED_OPS])
def test_an_op_word_with_two_senses_is_refused_saying_why(word: str) -> None:
    assert word not in OP_ALIASES
    refused = refusal(run(f'[sheet: op="{word}" pool="resolve" amount="1"]'))
    assert REFUSED_OPS[word] in said_detail(refused)


@pytest.mark.parametrize("form", [pytest.param(f, id=f) for f in sorted(USE_OR_ADD)])
@pytest.mark.parametrize(
    ("ruleset", "label"),
    [
        pytest.param("gravewatch", "Warming tonic", id="tonic"),
        pytest.param("gravewatch", "Dawn bell", id="bell"),
        pytest.param("ember-roads", "Poultice", id="poultice"),
    ],
)
def test_take_of_an_item_with_a_use_is_refused(form: str, ruleset: str, label: str) -> None:
    assert label in names_for(ruleset).game_words().usable
    refused = refusal(run(f'[inventory: action="{form}" item="{label}"]', ruleset))
    assert refused.reason == "unreadable" and label in said_detail(refused)


def test_take_of_anything_else_is_an_add_and_one_usable_item_of_a_list_alone_is_refused() -> None:
    assert bare(only(run('[inventory: take item="Grave spade"]'))) == Add(item=item("Grave spade"))
    first, second = run('[inventory: action="take" items="Grave spade, Warming tonic"]')
    assert bare(first) == Add(item=item("Grave spade"))
    assert refusal([second]).reason == "unreadable"


def test_the_usable_items_are_the_ruleset_items_with_a_use() -> None:
    assert names_for("gravewatch").game_words().usable == (
        "Warming tonic",
        "Page of the vigil litany",
        "Dawn bell",
    )
    assert names_for("srd-5e").game_words().usable == (
        "Potion of Healing",
        "Potion of Healing",
        "Potion of Greater Healing",
        "Potion of Superior Healing",
        "Potion of Supreme Healing",
    )


# --- sheet op words --------------------------------------------------------------------------------------

OPS = [
    pytest.param("healed", 'pool="resolve" amount="2"', Restore(pool="resolve", amount=2), id="healed"),
    pytest.param("heals", 'pool="resolve" amount="2"', Restore(pool="resolve", amount=2), id="heals"),
    pytest.param("healing", 'pool="resolve" amount="2"', Restore(pool="resolve", amount=2), id="healing"),
    pytest.param("spent", 'pool="resolve" amount="2"', Spend(pool="resolve", amount=2), id="spent"),
    pytest.param("used", 'pool="resolve" amount="2"', Spend(pool="resolve", amount=2), id="used"),
    pytest.param("gain", 'pool="resolve" amount="2"', Restore(pool="resolve", amount=2), id="gain-a-pool"),
    pytest.param("gain", 'condition="rattled"', Condition(condition="rattled"), id="gain-a-condition"),
    pytest.param(
        "lose", 'condition="rattled"', Condition(condition="rattled", state=False), id="lose-a-condition"
    ),
    pytest.param(
        "removed",
        'condition="rattled"',
        Condition(condition="rattled", state=False),
        id="removed-a-condition",
    ),
    pytest.param("applied", 'condition="rattled"', Condition(condition="rattled"), id="applied"),
    pytest.param("cured", 'condition="rattled"', Condition(condition="rattled", state=False), id="cured"),
    pytest.param("rested", 'rest="vigil"', Rest(rest="vigil"), id="rested"),
    pytest.param("vigil", "", Rest(rest="vigil"), id="a-rest-as-the-op"),
    pytest.param(
        "rattled", 'who="Bram"', Condition(condition="rattled", who="Bram"), id="a-condition-as-the-op"
    ),
    pytest.param("takes", 'track="harm" amount="1"', Damage(track="harm", amount=1), id="takes-a-track"),
    pytest.param("took", 'rest="vigil"', Rest(rest="vigil"), id="took-a-rest"),
    pytest.param("suffers", 'track="harm" amount="2"', Damage(track="harm", amount=2), id="suffers"),
]


@pytest.mark.parametrize(("word", "body", "expected"), OPS)
def test_an_op_form_reads_as_what_it_says(word: str, body: str, expected: AnyCommand) -> None:
    assert bare(only(run(f'[sheet: op="{word}" {body}]'))) == expected


@pytest.mark.parametrize(
    "word", [pytest.param(w, id=w) for w in ("long rest", "long_rest", "short rest", "Long")]
)
def test_a_rest_named_as_the_op_is_that_rest(word: str) -> None:
    command = only(run(f'[sheet: op="{word}" who="Bram"]', "srd-5e"))
    assert isinstance(command, Rest) and command.rest in ("long", "short") and command.who == "Bram"


@pytest.mark.parametrize("word", [pytest.param(w, id=w) for w in OP_BY_KEY])
def test_an_op_decided_by_the_keys_is_refused_without_them(word: str) -> None:
    refused = refusal(run(f'[sheet: op="{word}" who="Bram"]'))
    assert refused.reason == "unreadable"


@pytest.mark.parametrize(
    ("tag", "expected"),
    [
        pytest.param('[sheet: op="set" track="harm" to="2"]', "track", id="set-a-track"),
        pytest.param('[sheet: op="set" field="post" value="gate"]', "note", id="set-a-field"),
    ],
)
def test_set_is_the_op_its_key_says(tag: str, expected: str) -> None:
    assert getattr(only(run(tag)), "op", None) == expected


def test_the_verb_reader_takes_the_longest_phrase_and_reads_trailers_away() -> None:
    assert verb_phrase("inventory", ["take", "off", "the", "coat"]) == (2, "take off")
    assert verb_phrase("inventory", ["sold", "off", "junk"]) == (2, "sold off")
    assert verb_phrase("inventory", ["add_item", "rope"]) == (1, "add")
    assert verb_phrase("inventory", ["used", "up", "torch"]) == (2, "used up")
    assert verb_phrase("sheet", ["take", "damage", "3"]) == (2, "take damage")


def test_a_vague_verb_beside_a_precise_one_yields_to_it() -> None:
    command = only(run(f'[inventory: action="update" action="add" {CANDLE}]'))
    assert bare(command) == Add(item=item("Black candle"))
    assert refusal(run(f'[inventory: action="add" action="remove" {CANDLE}]')).reason == "unreadable"


# --- unknown keys ---------------------------------------------------------------------------------------

READ_KEYS = [
    pytest.param("character_name", "Bram", "who", id="character_name"),
    pytest.param("char", "Bram", "who", id="char"),
    pytest.param("player_name", "Bram", "who", id="player_name"),
    pytest.param("target_name", "Bram", "who", id="target_name"),
    pytest.param("member_name", "Bram", "who", id="member_name"),
    pytest.param("who_name", "Bram", "who", id="who_name"),
    pytest.param("owner_name", "Bram", "who", id="owner_name"),
    pytest.param("person", "Bram", "who", id="person"),
    pytest.param("holder-name", "Bram", "who", id="holder-name-by-its-suffix"),
    pytest.param("qty_added", "2", "count", id="qty_added"),
    pytest.param("count_found", "2", "count", id="count_found"),
    pytest.param("amt", "2", "count", id="amt"),
    pytest.param("item_count", "2", "count", id="item_count"),
]


@pytest.mark.parametrize(("key", "value", "field"), READ_KEYS)
def test_an_unknown_key_from_the_table_is_read(key: str, value: str, field: str) -> None:
    command = only(run(f'[inventory: action="add" {CANDLE} {key}="{value}"]'))
    assert isinstance(command, Add)
    assert str(getattr(command, field)) == value


@pytest.mark.parametrize(
    ("body", "field", "value"),
    [
        pytest.param('item_id="Black candle"', "item", item("Black candle"), id="item_id"),
        pytest.param('itemname="Black candle"', "item", item("Black candle"), id="itemname"),
        pytest.param('item_label="Black candle"', "item", item("Black candle"), id="item_label"),
    ],
)
def test_an_item_key_from_the_table_is_read(body: str, field: str, value: object) -> None:
    assert getattr(only(run(f'[inventory: action="add" {body}]')), field) == value


def test_recipient_name_is_the_receiver_of_a_give() -> None:
    command = only(run(f'[inventory: action="give" {CANDLE} recipient_name="Mira"]'))
    assert bare(command) == Give(item=item("Black candle"), to="Mira")


REFUSED_KEYS = [
    pytest.param(f'[inventory: action="add" {CANDLE} sidekick="Bram"]', "sidekick", id="a-member"),
    pytest.param(
        f'[inventory: action="add" {CANDLE} helper="Bram the smith"]', "helper", id="a-member-among-words"
    ),
    pytest.param(f'[inventory: action="add" {CANDLE} extra="2"]', "extra", id="a-number"),
    pytest.param(f'[inventory: action="add" {CANDLE} also="Warming tonic"]', "also", id="an-item"),
    pytest.param(f'[inventory: action="add" {CANDLE} purse="3 shillings"]', "purse", id="coins"),
    pytest.param(f'[inventory: action="add" {CANDLE} vendor_here="the smith"]', "vendor_here", id="a-seller"),
    pytest.param('[sheet: op="restore" pool="resolve" amount="2" bonus="1"]', "bonus", id="sheet-number"),
    pytest.param('[sheet: op="restore" amount="2" which="resolve"]', "which", id="sheet-pool"),
    pytest.param('[sheet: op="rest" kind_of="vigil"]', "kind_of", id="sheet-rest"),
    pytest.param('[loot: table="grave_goods" finder="Bram"]', "finder", id="loot-member"),
    pytest.param('[place: name="Millbrook" settlement_type="village"]', "settlement_type", id="place-size"),
]


@pytest.mark.parametrize(("tag", "key"), REFUSED_KEYS)
def test_an_unknown_key_that_could_change_who_what_or_how_many_refuses_the_tag(tag: str, key: str) -> None:
    refused = refusal(run(tag))
    assert refused.reason == "unreadable"
    assert f"{key}=" in said_detail(refused)


PERSON_KEYS_OF_OTHERS = [
    pytest.param(f'[inventory: action="remove" {CANDLE} to="Bram"]', id="to-on-a-remove"),
    pytest.param(f'[inventory: action="add" {CANDLE} seller="smith"]', id="seller-on-an-add"),
    pytest.param('[inventory: action="equip" item="Lantern coat" to="Mira"]', id="to-on-an-equip"),
]


@pytest.mark.parametrize("tag", PERSON_KEYS_OF_OTHERS)
def test_a_person_key_of_another_action_naming_someone_refuses_the_tag(tag: str) -> None:
    assert refusal(run(tag)).reason == "unreadable"


HARMLESS_KEYS = [
    pytest.param(
        f'[inventory: action="remove" {CANDLE} description="burnt out"]',
        'description="burnt out"',
        id="description",
    ),
    pytest.param(f'[inventory: action="add" {CANDLE} mood="grim"]', 'mood="grim"', id="mood"),
    pytest.param(
        f'[inventory: action="add" {CANDLE} type="light"]', 'type="light"', id="type-that-is-no-verb"
    ),
    pytest.param(
        '[sheet: op="restore" pool="resolve" amount="2" mood="calm"]', 'mood="calm"', id="sheet-mood"
    ),
    pytest.param('[place: name="Millbrook" population="300"]', 'population="300"', id="place-population"),
]


@pytest.mark.parametrize(("tag", "said"), HARMLESS_KEYS)
def test_a_harmless_unknown_key_is_left_out_and_said(tag: str, said: str) -> None:
    command = only(run(tag))
    assert not isinstance(command, Unreadable)
    assert said_notes(command) == (f"Ignored {said}.",)
    assert "unknown-key" in codes(command)


# --- who= -----------------------------------------------------------------------------------------------

WHO = [
    pytest.param("Bram the smith", "Bram", id="a-title"),
    pytest.param("young Ada", "Ada", id="an-adjective"),
    pytest.param("Bram (the dwarf)", "Bram", id="parentheses"),
    pytest.param("Bram's", "Bram", id="possessive"),
    pytest.param("bram", "bram", id="any-case-stays-as-written"),
    pytest.param("Mira.", "Mira", id="a-full-stop"),
]


@pytest.mark.parametrize(("written", "member"), WHO)
def test_who_with_descriptive_words_is_the_one_member_named(written: str, member: str) -> None:
    command = only(run(f'[inventory: action="add" {CANDLE} who="{written}"]'))
    assert isinstance(command, Add) and command.who == member
    if member.lower() != written.lower().strip(".'s"):
        assert said_notes(command) == (f'Took who="{written}" as {member}.',)


@pytest.mark.parametrize(
    "written", [pytest.param(w, id=w) for w in ("Bram and Ada", "Ada, Bram", "Mira or Bram")]
)
def test_who_naming_two_members_is_refused(written: str) -> None:
    refused = refusal(run(f'[inventory: action="add" {CANDLE} who="{written}"]'))
    assert refused.reason == "unreadable" and "more than one member" in said_detail(refused)


def test_who_naming_nobody_is_kept_for_the_engine_to_answer() -> None:
    command = only(run(f'[inventory: action="add" {CANDLE} who="Tobin"]'))
    assert isinstance(command, Add) and command.who == "Tobin"


@pytest.mark.parametrize("word", [pytest.param(w, id=w) for w in sorted(PARTY_WORDS)])
def test_the_party_words_add_by_the_carrying_rule_and_are_who_party_on_the_sheet(word: str) -> None:
    add = only(run(f'[inventory: action="add" {CANDLE} who="{word}"]'))
    assert bare(add) == Add(item=item("Black candle"))
    assert add.repairs[-1] == Repair("party-is-no-who", f'who="{word}"', "")
    rest = only(run(f'[sheet: op="rest" rest="vigil" who="{word}"]'))
    assert bare(rest) == Rest(rest="vigil", who="party")
    spend = only(run(f'[sheet: op="spend" pool="resolve" amount="1" who="{word}"]'))
    assert bare(spend) == Spend(pool="resolve", amount=1, who="party")
    assert not any(repair.code == "party-is-no-who" for repair in (*rest.repairs, *spend.repairs))


@pytest.mark.parametrize("word", [pytest.param(w, id=w) for w in ("party", "the party", "everyone")])
def test_a_give_to_the_party_is_passed_on_as_to_party_for_the_engine_to_refuse(word: str) -> None:
    give = only(run(f'[inventory: action="give" {CANDLE} who="Ada" to="{word}"]'))
    assert bare(give) == Give(item=item("Black candle"), who="Ada", to="party")


def test_a_give_without_to_is_passed_on_without_a_recipient() -> None:
    give = only(run(f'[inventory: action="give" {CANDLE} who="Ada"]'))
    assert bare(give) == Give(item=item("Black candle"), who="Ada", to=None)


def test_everyone_where_it_is_not_everyone_at_once_is_refused() -> None:
    assert "whole party" in said_detail(refusal(run(f'[inventory: action="remove" {CANDLE} who="everyone"]')))


@pytest.mark.parametrize(
    ("tag", "command"),
    [
        pytest.param(
            f'[inventory: action="remove" {CANDLE} who="party"]',
            Remove(item=item("Black candle")),
            id="remove",
        ),
        pytest.param(
            f'[inventory: action="give" {CANDLE} who="the party" to="Ada"]',
            Give(item=item("Black candle"), to="Ada"),
            id="give-from",
        ),
        pytest.param(
            f'[inventory: action="use" {CANDLE} who="Party"]', Use(item=item("Black candle")), id="use"
        ),
    ],
)
def test_the_party_where_it_is_not_everyone_at_once_is_no_who(tag: str, command: object) -> None:
    # CONVENTIONS.md §3: "party or nothing names no bag: ... anything else the player's bag (a remove then goes
    # on to the party)".
    assert bare(only(run(tag))) == command


WRITTEN_VERBS = [
    pytest.param("addItem", Add(item=item("Black candle")), id="camel-case"),
    pytest.param("removeItem", None, id="camel-case-remove"),
    pytest.param("equip/wield", None, id="two-words-one-meaning"),
    pytest.param("give_to", None, id="a-keyed-trailer"),
    pytest.param("ADD", Add(item=item("Black candle")), id="upper-case"),
]


@pytest.mark.parametrize(("written", "expected"), WRITTEN_VERBS)
def test_a_verb_written_in_code_shapes_reads_as_the_verb(written: str, expected: AnyCommand | None) -> None:
    action = {"removeItem": "remove", "equip/wield": "equip", "give_to": "give"}.get(written, "add")
    body = (
        'item="Lantern coat"' if action == "equip" else f'{CANDLE} to="Mira"' if action == "give" else CANDLE
    )
    command = only(run(f'[inventory: action="{written}" {body}]'))
    assert getattr(command, "action", None) == action
    if expected is not None:
        assert bare(command) == expected


@pytest.mark.parametrize(
    "written", [pytest.param(w, id=w) for w in ("add/remove", "buy|sell", "equip or drop")]
)
def test_two_verbs_with_two_meanings_are_refused(written: str) -> None:
    assert refusal(run(f'[inventory: action="{written}" {CANDLE}]')).reason == "unreadable"


@pytest.mark.parametrize("word", [pytest.param(w, id=w) for w in sorted(PLAYER_WORDS)])
def test_the_player_words_are_the_first_of_the_party_and_said(word: str) -> None:
    command = only(run(f'[inventory: action="add" {CANDLE} who="{word}"]'))
    assert bare(command) == Add(item=item("Black candle"), who="Ada")
    assert said_notes(command) == (f'Took who="{word}" as Ada, the player.',)


def test_take_from_a_member_is_refused_as_two_senses() -> None:
    assert "take from" in REFUSED_ACTIONS
    assert refusal(run(f'[inventory: action="take_from" {CANDLE} who="Bram"]')).reason == "unreadable"


@pytest.mark.parametrize("word", [pytest.param(w, id=w) for w in sorted(EVERYONE_WORDS)])
def test_everyone_is_refused_on_an_add_but_is_the_party_on_the_sheet_and_loots(word: str) -> None:
    assert "one each" in said_detail(refusal(run(f'[inventory: action="add" {CANDLE} who="{word}"]')))
    assert bare(only(run(f'[sheet: op="rest" rest="vigil" who="{word}"]'))) == Rest(rest="vigil", who="party")
    spend = only(run(f'[sheet: op="spend" pool="resolve" amount="1" who="{word}"]'))
    assert bare(spend) == Spend(pool="resolve", amount=1, who="party")
    assert Repair("everyone-is-party", "everyone", "party") in spend.repairs
    assert bare(only(run(f'[loot: table="grave_goods" who="{word}"]'))) == Loot(table="grave_goods")


MORE_VERBS = [
    pytest.param(
        '[inventory: action="received" amount="6 pennies" who="Mira"]',
        Earn(amounts=coins(6, "penny", "pennies"), who="Mira"),
        "gravewatch",
        id="coins-received-are-earned",
    ),
    pytest.param(
        '[inventory: action="add" amount="3 shillings"]',
        Earn(amounts=coins(3, "shilling", "shillings")),
        "gravewatch",
        id="coins-added-are-earned",
    ),
    pytest.param(
        '[inventory: action="reward" amount="15 gp"]',
        Earn(amounts=(CoinAmount(name="gp", count=15, coin="gp", label="gold pieces"),)),
        "srd-5e",
        id="reward",
    ),
    pytest.param(
        '[inventory: action="stash" item="Black candle" who="Mira"]',
        Add(item=item("Black candle"), who="Mira"),
        "gravewatch",
        id="stash",
    ),
    pytest.param(
        '[inventory: action="earn" amount="3 pennies" target_character="Mira"]',
        Earn(amounts=coins(3, "penny", "pennies"), who="Mira"),
        "gravewatch",
        id="target_character",
    ),
    pytest.param(
        f'[inventory: action="give" {CANDLE} target="Mira"]',
        Give(item=item("Black candle"), to="Mira"),
        "gravewatch",
        id="give-target",
    ),
    pytest.param(
        f'[inventory: action="rm" {CANDLE}]', Remove(item=item("Black candle")), "gravewatch", id="rm"
    ),
    pytest.param(
        '[sheet: op="dmg" pool="hp" amt="3" who="Bram"]',
        Damage(pool="hit_points", amount=3, who="Bram"),
        "srd-5e",
        id="dmg",
    ),
    pytest.param(
        '[sheet: op="temp_hp" amount="5" who="Bram"]',
        Temp(pool="hit_points", amount=5, who="Bram"),
        "srd-5e",
        id="temp_hp",
    ),
    pytest.param(
        '[sheet: op="heal_resolve" amount="2"]',
        Restore(pool="resolve", amount=2),
        "gravewatch",
        id="heal_resolve",
    ),
    pytest.param(
        '[sheet: op="restore" stat="resolve" value="2"]',
        Restore(pool="resolve", amount=2),
        "gravewatch",
        id="stat-value",
    ),
    pytest.param(
        '[sheet: op="track" track="heat" amount="+1"]',
        Track(track="heat", by=1),
        "ember-roads",
        id="track-signed-amount",
    ),
]


@pytest.mark.parametrize(("tag", "expected", "ruleset"), MORE_VERBS)
def test_more_words_a_small_model_writes_read_as_meant(tag: str, expected: AnyCommand, ruleset: str) -> None:
    assert bare(only(run(tag, ruleset))) == expected


@pytest.mark.parametrize(
    "tag",
    [
        pytest.param('[inventory: action="take" item="Potion of Healing"]', id="take-a-potion-without-a-use"),
        pytest.param('[inventory: action="add" item="Torch" each="party member"]', id="each"),
        pytest.param('[inventory: action="add" item="Rations (1 day)" count="3" per="person"]', id="per"),
        pytest.param('[sheet: op="track" track="heat" amount="1"]', id="unsigned-track-amount"),
    ],
)
def test_more_words_that_say_two_things_stay_refused(tag: str) -> None:
    assert refusal(
        run(tag, "srd-5e" if "Potion" in tag or "Torch" in tag or "Rations" in tag else "ember-roads")
    ).reason in (
        "unreadable",
        "missing-key",
    )


def test_the_whole_party_of_one_is_that_one() -> None:
    tag = '[sheet: op="damage" pool="hit_points" amount="3" who="the whole party"]'
    command = only(normalize(read_tag(tag), names_for("srd-5e", ("Ada",)), tag))
    assert bare(command) == Damage(pool="hit_points", amount=3, who="Ada")
    assert said_notes(command) == ('Took who="the whole party" as Ada, the whole party.',)


# --- an amount written as an object --------------------------------------------------------------------------

AMOUNT_OBJECTS = [
    pytest.param('{"action": "pay", "amount": {"shillings": 3}}', Pay(amounts=SHILLINGS), id="json-pay"),
    pytest.param('action="earn" amount={"shillings": 3}', Earn(amounts=SHILLINGS), id="keyed-earn"),
    pytest.param(
        '{"action": "pay", "amount": {"crowns": 1, "shillings": 3}}',
        Pay(amounts=(*coins(1, "crown", "crowns"), *SHILLINGS)),
        id="two-coins",
    ),
]


@pytest.mark.parametrize(("body", "expected"), AMOUNT_OBJECTS)
def test_an_amount_written_as_an_object_is_its_coins(body: str, expected: AnyCommand) -> None:
    command = only(run(f"[inventory: {body}]"))
    assert bare(command) == expected and "amount-object" in codes(command)


def test_an_amount_object_that_is_not_coin_counts_is_left_to_the_coin_reader() -> None:
    command = only(run('[inventory: {"action": "pay", "amount": {"shillings": "some"}}]'))
    assert "amount-object" not in codes(command)


def test_a_list_of_commands_in_one_tag_stays_refused() -> None:
    tag = '[inventory: [{"action": "add", "item": "Black candle"}, {"action": "add", "item": "Grave spade"}]]'
    assert refusal(run(tag)).reason == "unreadable"
