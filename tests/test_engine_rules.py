"""Rules: abilities as held items leave them, and itemStat reads (spec "Items on the sheet",
"Checks outside a fight")."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from tagproc.engine import money
from tagproc.engine.money import Coin
from tagproc.engine.rules import Named, Resolved, Rules, What
from tagproc.engine.sheet import find, find_in
from tagproc.engine.state import GameState, InventedItem, Member, SheetState, Stack
from tagproc.ruleset import Item, load_ruleset
from tagproc.ruleset.refs import ItemStatQuery
from tests.engine_support import rules_for

GAUNTLETS = Stack(
    name="Ox-hide gauntlets", count=1, item="outfitter/ox-hide-gauntlets"
)  # worn: Brawn at least 2


def _state(*bag: Stack, brawn: float | None = None) -> tuple[GameState, Member]:
    abilities = {} if brawn is None else {"brawn": brawn}
    member = Member(name="Ada", sheet=SheetState(abilities=abilities), bag=bag)
    return GameState(party=(member,)), member


@pytest.mark.parametrize(
    ("bag", "brawn", "expected"),
    [
        pytest.param((GAUNTLETS.model_copy(update={"worn": True}),), 0, 2, id="worn-gauntlets-set-brawn"),
        pytest.param((GAUNTLETS.model_copy(update={"worn": True}),), 3, 3, id="a-higher-score-stays"),
        pytest.param((GAUNTLETS,), 0, 0, id="carried-gauntlets-do-nothing"),
        pytest.param(
            (GAUNTLETS, GAUNTLETS.model_copy(update={"worn": True})), -1, 2, id="any-worn-stack-counts-once"
        ),
    ],
)
def test_worn_items_set_abilities_before_the_sheet_is_read(
    bag: tuple[Stack, ...], brawn: float, expected: float
) -> None:
    rules = rules_for("ember-roads")
    state, member = _state(*bag, brawn=brawn)
    assert rules.held_abilities(member, state)["brawn"] == expected


def test_live_reads_see_the_changed_ability_and_sheet_only_reads_do_not() -> None:
    rules = rules_for("ember-roads")
    state, member = _state(GAUNTLETS.model_copy(update={"worn": True}), brawn=0)
    assert rules.value_context(member, state).ability_scores["brawn"] == 2
    assert rules.value_context(member, state, live=False).ability_scores["brawn"] == 0


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        pytest.param({"stat": "damage", "pick": "count"}, 3.0, id="count-a-dice-stat"),
        pytest.param({"stat": "harm", "pick": "count"}, 3.0, id="count-an-enum-stat"),
        pytest.param({"pick": "count"}, 4.0, id="count-every-item"),
        pytest.param({"stat": "target", "pick": "sum"}, 20.0, id="sum-a-number-stat-times-counts"),
        pytest.param({"stat": "target", "pick": "max"}, 7.0, id="max"),
        pytest.param({"stat": "damage", "pick": "sum", "default": 5}, 5.0, id="no-number-reads-the-default"),
        pytest.param({"stat": "target", "pick": "sum", "from": "worn"}, 0.0, id="nothing-worn"),
    ],
)
def test_item_stat_reads_the_bag(query: dict[str, object], expected: float) -> None:
    rules = rules_for("gravewatch")
    state, member = _state(
        Stack(name="Grave spade", count=1, item="kit/grave-spade"),
        Stack(name="Silver coffin nail", count=2, item="kit/silver-nail"),
        Stack(name="Black candle", count=1, item="kit/black-candle"),
    )
    assert rules.item_stat(member, state, ItemStatQuery.model_validate(query)) == expected


@pytest.mark.parametrize("ruleset", ["gravewatch", "srd-5e", "ember-roads"])
def test_a_coins_family_is_its_familys_coins_smallest_first_asked_once_or_again(ruleset: str) -> None:
    rules = Rules(load_ruleset(ruleset))
    for coin in rules.book.coins():
        family = sorted(
            (c for c in rules.book.coins() if c.family.id == coin.family.id), key=lambda c: c.value
        )
        expected = tuple(Coin(c.id, c.value) for c in family)
        assert rules.family(coin.id) == expected
        assert rules.family(coin.id) is rules.family(coin.id)


@pytest.mark.parametrize("ruleset", ["gravewatch", "srd-5e", "ember-roads"])
def test_a_family_is_sound_once_checked_and_its_payments_are_those_checked_afresh(ruleset: str) -> None:
    rules = Rules(load_ruleset(ruleset))
    for coin in rules.book.coins():
        family = rules.family(coin.id)
        money.check_family(family)  # the rulesets' families are all sound
        assert rules.is_sound_family(family)
        assert not rules.is_sound_family(tuple(list(family)))  # not the very tuple: not known checked
        for counts in ((0,) * len(family), (1,) * len(family), tuple(range(len(family), 0, -1))):
            purse = {each.id: count for each, count in zip(family, counts, strict=True)}
            for owed in (0, 1, 7, 36, 100, 1000):
                fresh = money.plan_payment(family, purse, owed)
                assert money.plan_payment(family, purse, owed, checked=True) == fresh


@pytest.mark.parametrize("ruleset", ["gravewatch", "srd-5e", "ember-roads"])
def test_a_coins_tables_are_its_familys_worths_and_labels_worked_out_afresh(ruleset: str) -> None:
    rules = Rules(load_ruleset(ruleset))
    for coin in rules.book.coins():
        family = rules.family(coin.id)
        values, labels = rules.coin_tables(coin.id)
        assert dict(values) == {each.id: each.value for each in family}
        assert dict(labels) == {each.id: rules.coins_by_id[each.id].label for each in family}
        assert rules.coin_tables(coin.id) is rules.coin_tables(coin.id)
        with pytest.raises(TypeError):
            values[coin.id] = 0  # type: ignore[index]  # read-only: shared by every payment


@pytest.mark.parametrize("ruleset", ["gravewatch", "srd-5e", "ember-roads"])
def test_a_coins_family_as_a_payment_reads_it_is_what_each_table_says_and_plans_alike(ruleset: str) -> None:
    rules = Rules(load_ruleset(ruleset))
    for coin in rules.book.coins():
        found = rules.coin_family(coin.id)
        assert found.coins is rules.family(coin.id)
        assert (found.values, found.labels) == rules.coin_tables(coin.id)
        assert found.sound is rules.is_sound_family(found.coins)
        assert found.largest == tuple(sorted(found.coins, key=lambda each: each.value, reverse=True))
        assert rules.coin_family(coin.id) is found
        family = found.coins
        for counts in ((0,) * len(family), (1,) * len(family), tuple(range(len(family), 0, -1))):
            purse = {each.id: count for each, count in zip(family, counts, strict=True)}
            for owed in (0, 1, 7, 36, 100, 1000):
                fresh = money.plan_payment(family, purse, owed)
                assert money.plan_payment(family, purse, owed, checked=True, largest=found.largest) == fresh


@pytest.mark.parametrize("ruleset", ["srd-5e", "ember-roads", "gravewatch"])
def test_an_items_label_resolves_as_the_book_finds_it_and_its_entry_resolves(ruleset: str) -> None:
    rules = _fresh(ruleset)
    labels = [
        each for entry in rules.book.items() for each in (entry.label, entry.label.upper(), f" {entry.label}")
    ]
    for label in [*labels, "nothing of that name", ""]:
        for _ in range(2):  # afresh, then as kept
            entry = rules.book.find(label)
            expected = None if entry is None else rules.entry_resolved(entry)
            assert rules.label_resolved(label) is expected
    assert len(rules._labels_resolved) <= len(rules.book.items())


def test_an_unsound_family_is_never_taken_as_checked() -> None:
    rules = Rules(load_ruleset("gravewatch"))
    unsound = (Coin("penny", 2), Coin("shilling", 12))  # no coin worth 1
    assert not rules.is_sound_family(unsound)
    with pytest.raises(ValueError, match="worth 1"):
        money.plan_payment(unsound, {"penny": 1}, 1)


# -- memoised reads (``read(live=False)``, ``unit_weight``): the same numbers as worked out afresh ----------


def _fresh(ruleset: str) -> Rules:
    return Rules(load_ruleset(ruleset))


@pytest.mark.parametrize("ruleset", ["srd-5e", "ember-roads", "gravewatch"])
def test_a_sheet_only_read_is_the_number_worked_out_afresh_however_often_asked(ruleset: str) -> None:
    rules = _fresh(ruleset)
    sheet = rules.ruleset.sheet
    refs: list[object] = [pool.max for pool in sheet.live.pools]
    refs += [track.max for track in sheet.live.tracks]
    carry = rules.block.carry if rules.block is not None else None
    refs += [carry.limit, carry.encumbered_above] if carry is not None else []
    members = [
        Member(name="Ada"),
        Member(name="Ada", sheet=SheetState(abilities={a.id: 18.0 for a in sheet.abilities})),
        Member(name="Ada", sheet=SheetState(abilities={a.id: 3.0 for a in sheet.abilities})),
        Member(name="Ada", sheet=SheetState(fields={f.id: 7.0 for f in sheet.fields if f.type == "number"})),
    ]
    for _ in range(2):  # the second time round every number is a memo's
        for member in members:
            state = GameState(party=(member,))
            for ref in refs:
                if ref is None:
                    continue
                expected = rules._evaluate(ref, member, state, live=False, default=-1.0)
                assert rules.read(ref, member, state, live=False, default=-1.0) == expected


def test_a_sheet_only_read_tells_a_field_of_true_from_one_of_one() -> None:
    rules = _fresh("srd-5e")
    hp = rules.ruleset.sheet.live.pools[0].max  # hp_max, a field
    one = Member(name="Ada", sheet=SheetState(fields={"hp_max": 1.0}))
    yes = Member(name="Ada", sheet=SheetState(fields={"hp_max": True}))
    for member in (one, yes, one, yes):
        state = GameState(party=(member,))
        expected = rules._evaluate(hp, member, state, live=False, default=-1.0)
        assert rules.read(hp, member, state, live=False, default=-1.0) == expected


@pytest.mark.parametrize("ruleset", ["srd-5e", "ember-roads", "gravewatch"])
def test_a_unit_weight_is_the_items_or_coins_weight_however_often_asked(ruleset: str) -> None:
    rules = _fresh(ruleset)
    state = GameState(party=(Member(name="Ada"),))
    stacks = [Stack(name=entry.label, count=1, item=entry.ref) for entry in rules.book.items()]
    stacks += [Stack(name=coin.label, count=1, coin=coin.id) for coin in rules.book.coins()]
    stacks += [Stack(name="A thing of no ruleset", count=1)]
    for _ in range(2):
        for stack in stacks:
            assert rules.unit_weight(stack, state) == rules._weight_of(stack, state)


@pytest.mark.parametrize("ruleset", ["srd-5e", "ember-roads", "gravewatch"])
def test_a_name_found_through_the_rules_index_is_the_entry_find_finds(ruleset: str) -> None:
    rules = _fresh(ruleset)
    sheet = rules.ruleset.sheet
    lists: list[Sequence[Named]] = [sheet.live.pools, sheet.live.tracks, sheet.live.conditions]
    lists += [sheet.live.states, sheet.fields, rules.ruleset.rests]
    for entries in lists:
        names = [n for e in entries for n in (e.id, e.label, e.label.upper(), f" {e.id.replace('_', '-')} ")]
        for name in [*names, "nothing of that name", ""]:
            for _ in range(2):
                assert find_in(rules, entries, name) is find(entries, name)


def _load_afresh(rules: Rules, member: Member, state: GameState) -> float:
    return sum(rules._weight_of(stack, state) * stack.count for stack in member.bag)


def test_a_bags_load_is_its_weight_worked_out_afresh_however_often_asked() -> None:
    rules = _fresh("ember-roads")
    items = [Stack(name=entry.label, count=3, item=entry.ref) for entry in rules.book.items()][:12]
    coins = [Stack(name=coin.label, count=40, coin=coin.id) for coin in rules.book.coins()]
    bags = [(), tuple(items), tuple(coins), (*items[:3], *coins, Stack(name="A plain thing", count=2))]
    for _ in range(2):
        for bag in bags:
            member = Member(name="Ada", bag=bag)
            state = GameState(party=(member,))
            assert rules.load(member, state) == _load_afresh(rules, member, state)


def test_a_bag_with_an_invented_item_weighs_what_the_item_weighs_in_that_state() -> None:
    rules = _fresh("ember-roads")
    bag = (Stack(name="Boar axe", count=2, invented="boar axe"),)
    member = Member(name="Ada", bag=bag)
    for bulk in (1, 3, 1):
        axe = InventedItem(key="boar axe", name="Boar axe", item=Item(category="arm", stats={"bulk": bulk}))
        state = GameState(party=(member,), invented=(axe,))
        assert rules.load(member, state) == 2 * bulk == _load_afresh(rules, member, state)


@pytest.mark.parametrize("ruleset", ["srd-5e", "ember-roads", "gravewatch"])
def test_a_coin_or_ruleset_item_resolves_as_built_afresh_however_often_asked(ruleset: str) -> None:
    rules = _fresh(ruleset)
    for _ in range(2):
        for entry in rules.book.items():
            assert rules.entry_resolved(entry) == Resolved(What(entry.label, item=entry.ref), entry.item)
            assert rules.entry_resolved(entry).item is entry.item
        for coin in rules.book.coins():
            assert rules.coin_resolved(coin.id) == Resolved(What(coin.label, coin=coin.id), None)
