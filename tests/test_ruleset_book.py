"""The item book: items by name and ref, coins by id, label or one name, stack facts, layers applied."""

from __future__ import annotations

import pytest

from tagproc.ruleset import ItemBook, RulesetError, load_ruleset, parse_ruleset
from tests.test_ruleset_sample import sample


@pytest.fixture
def book() -> ItemBook:
    return ItemBook(parse_ruleset(sample()))


@pytest.fixture
def lean() -> ItemBook:
    return ItemBook(parse_ruleset(sample()), layers=["lean"])


def test_items_come_in_catalog_order(book: ItemBook) -> None:
    assert [entry.ref for entry in book.items()][:4] == [
        "kit/hand-axe",
        "kit/hunting-bow",
        "kit/arrows",
        "kit/leather-coat",
    ]
    assert len(book.items()) == 9


@pytest.mark.parametrize("name", ["Hand axe", "hand axe", "HAND AXE", "  Hand Axe "])
def test_a_name_finds_the_item_whose_label_it_is_in_any_case(book: ItemBook, name: str) -> None:
    found = book.find(name)
    assert found is not None and found.ref == "kit/hand-axe"


def test_a_name_that_is_no_label_finds_nothing(book: ItemBook) -> None:
    assert book.find("Hand axes") is None


def test_when_two_items_share_a_label_the_first_listed_wins() -> None:
    data = sample()
    data["catalogs"].append(
        {
            "id": "more",
            "label": "More",
            "holds": "items",
            "entries": [{"id": "axe", "label": "hand AXE", "item": {"category": "weapon"}}],
        }
    )
    found = ItemBook(parse_ruleset(data)).find("Hand axe")
    assert found is not None and found.ref == "kit/hand-axe"


def test_an_item_is_found_by_ref(book: ItemBook) -> None:
    entry = book.get("kit/poultice")
    assert entry is not None and entry.label == "Poultice" and entry.item.use is not None
    assert book.get("kit/nothing") is None


@pytest.mark.parametrize(
    ("ref", "limit"),
    [
        pytest.param("kit/arrows", 20, id="stack-20"),
        pytest.param("kit/poultice", 5, id="stack-5"),
        pytest.param("kit/dawn-bell", 1, id="charges-one-to-a-stack"),
        pytest.param("kit/hand-axe", None, id="no-stack-key"),
    ],
)
def test_stack_facts(book: ItemBook, ref: str, limit: int | None) -> None:
    entry = book.get(ref)
    assert entry is not None and entry.stack_limit == limit


@pytest.mark.parametrize(
    ("name", "coin_id"),
    [
        pytest.param("mark", "mark", id="id"),
        pytest.param("Marks", "mark", id="label-any-case"),
        pytest.param("BIT", "bit", id="one-name"),
        pytest.param("sovereigns", "sovereign", id="label"),
        pytest.param("cakes", "cake", id="second-family"),
    ],
)
def test_a_coin_is_found_by_id_label_or_one_name(book: ItemBook, name: str, coin_id: str) -> None:
    coin = book.coin(name)
    assert coin is not None and coin.id == coin_id


def test_coin_facts(book: ItemBook) -> None:
    mark = book.coin("mark")
    sovereign = book.coin("sovereign")
    assert mark is not None and (mark.value, mark.one, mark.family.id) == (10, "mark", "coin")
    assert sovereign is not None and sovereign.one == "sovereigns"  # no one: the label stands for one too
    assert book.coin("gold") is None


def test_a_layer_hides_entries_takes_coins_out_and_adds_to_unsold(book: ItemBook, lean: ItemBook) -> None:
    assert book.find("Lodging") is not None
    assert lean.find("Lodging") is None and lean.get("kit/lodging") is None
    assert lean.coin("sovereign") is None and lean.coin("cake") is None
    assert [f.id for f in lean.families()] == ["coin"]
    assert [u.id for u in lean.families()[0].units] == ["bit", "mark"]
    poultice = lean.get("kit/poultice")
    assert poultice is not None and lean.is_unsold(poultice)
    base_poultice = book.get("kit/poultice")
    assert base_poultice is not None and not book.is_unsold(base_poultice)


def test_a_fake_knows_the_item_it_passes_for(book: ItemBook) -> None:
    fake = book.get("kit/false-blade")
    assert fake is not None
    real = book.passes_for(fake)
    assert real is not None and real.label == "Storied blade"


def test_an_unknown_layer_is_refused() -> None:
    with pytest.raises(RulesetError, match='Unknown layer "harsh"'):
        ItemBook(parse_ruleset(sample()), layers=["harsh"])


def test_the_reference_layer_that_hides_by_a_filter_value_hides_nothing_among_items() -> None:
    ruleset = load_ruleset("ember-roads")
    layers = [layer.id for layer in ruleset.layers]
    assert ItemBook(ruleset, layers=layers[:1]).items()
