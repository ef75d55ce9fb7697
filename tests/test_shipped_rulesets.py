"""The three shipped rulesets: the SRD data they were built from, the keys they use, and the spec's facts."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tagproc.engine.market import MarketBook
from tagproc.engine.rules import Rules
from tagproc.ruleset.capability import FAKES, SPOTTING, check_capability, features_used
from tagproc.ruleset.load import load_ruleset, parse_ruleset
from tagproc.rulesets import build_srd5e
from tests.test_ruleset_shapes import MARKET

ROOT = Path(__file__).resolve().parents[1]
RULESETS = ROOT / "tagproc" / "rulesets"
SRD_DATA = ROOT / "data" / "srd5e"  # the generator's input, in the repository (data/srd5e/SOURCE.md)
SHIPPED = ("ember-roads", "gravewatch", "srd-5e")

#: Where the shipped srd-5e knowingly differs from the data files (SOURCE.md, "Known quirks of the data").
#: ref -> (cost amount, cost unit, weight), each the printed SRD 5.1 value.
CORRECTIONS: dict[str, tuple[int, str, float]] = {
    "caltrops": (1, "gp", 2),  # the data prices one caltrop (5 cp); the SRD sells a bag of 20 for 1 gp
    "spike-iron": (1, "gp", 5),  # the data prices one spike (1 sp); the SRD sells ten for 1 gp
    "barding-ring-mail": (120, "gp", 80),  # barding is 4 x the armor's 30 gp; the data says 12 gp
}

#: The magic items srd-5e prices although the data gives them none (README "Fakes"): the potion of
#: healing's is a correction (SRD 5.2), the bag of devouring's the spec's, the other two tagproc's.
MAGIC_PRICES: dict[str, tuple[int, str]] = {
    "potion-of-healing": (50, "gp"),
    "bag-of-devouring": (5, "gp"),
    "bag-of-holding": (400, "gp"),
    "potion-of-poison": (5, "gp"),
}


def load(name: str) -> dict[str, Any]:
    with (RULESETS / f"{name}.json").open(encoding="utf-8") as handle:
        data: dict[str, Any] = json.load(handle)
    return data


def entries(ruleset: dict[str, Any], catalog: str) -> dict[str, dict[str, Any]]:
    found = [c for c in ruleset["catalogs"] if c["id"] == catalog]
    assert found, f"no catalog {catalog}"
    return {entry["id"]: entry for entry in found[0]["entries"]}


def paths(node: Any, prefix: str = "") -> Iterator[str]:
    """Every key path in a JSON document, list positions written as ``[]``."""
    if isinstance(node, dict):
        for key, value in node.items():
            path = f"{prefix}.{key}" if prefix else key
            yield path
            yield from paths(value, path)
    elif isinstance(node, list):
        for value in node:
            yield from paths(value, f"{prefix}[]")


@pytest.mark.parametrize("name", SHIPPED)
def test_each_shipped_ruleset_is_pretty_printed_json(name: str) -> None:
    text = (RULESETS / f"{name}.json").read_text(encoding="utf-8")
    assert text == json.dumps(json.loads(text), indent=2, ensure_ascii=False) + "\n"


# ── srd-5e against the SRD data ──


def test_srd_5e_keeps_the_srd_cost_and_weight_of_every_equipment_item() -> None:
    data = json.loads((SRD_DATA / "5e-SRD-Equipment.json").read_text(encoding="utf-8"))
    shipped = entries(load("srd-5e"), "equipment")
    assert set(shipped) == {raw["index"] for raw in data}
    for raw in data:
        item = shipped[raw["index"]]["item"]
        amount, unit, weight = CORRECTIONS.get(
            raw["index"], (raw["cost"]["quantity"], raw["cost"]["unit"], raw.get("weight"))
        )
        # The data's 0 is the SRD's "no price" (an alms box comes only in a priest's pack): not for sale.
        assert item.get("cost") == ({"amount": amount, "unit": unit} if amount else None), raw["index"]
        assert item.get("stats", {}).get("weight") == weight, raw["index"]


def test_srd_5e_sells_bundles_as_one_purchase_of_the_srd() -> None:
    shipped = entries(load("srd-5e"), "equipment")
    assert shipped["arrow"]["label"] == "Arrows (20)"
    assert shipped["arrow"]["item"]["cost"] == {"amount": 1, "unit": "gp"}
    assert shipped["sling-bullet"]["item"]["cost"] == {"amount": 4, "unit": "cp"}
    assert shipped["blowgun-needle"]["label"] == "Blowgun needles (50)"
    assert shipped["caltrops"]["label"] == "Caltrops (bag of 20)"


def test_srd_5e_lists_every_magic_item_with_its_rarity() -> None:
    data = json.loads((SRD_DATA / "5e-SRD-Magic-Items.json").read_text(encoding="utf-8"))
    shipped = entries(load("srd-5e"), "magic_items")
    assert set(shipped) == {raw["index"] for raw in data}
    for raw in data:
        rarity = shipped[raw["index"]]["item"].get("rarity")
        expected = build_srd5e.RARITY_OF.get(raw["rarity"]["name"])
        if raw["index"] == "potion-of-healing":
            expected = "common"
        assert rarity == expected, raw["index"]
        cost = shipped[raw["index"]]["item"].get("cost")
        expected_cost = MAGIC_PRICES.get(raw["index"])
        assert cost == (expected_cost and {"amount": expected_cost[0], "unit": expected_cost[1]}), raw[
            "index"
        ]
    healing = shipped["potion-of-healing"]["item"]
    assert healing["cost"] == {"amount": 50, "unit": "gp"}
    assert healing["stats"] == {"weight": 0.5}


def test_srd_5e_carries_the_attribution_source_md_gives() -> None:
    source = (SRD_DATA / "SOURCE.md").read_text(encoding="utf-8")
    quoted = " ".join(
        line.removeprefix("> ").strip() for line in source.splitlines() if line.startswith("> ")
    )
    assert load("srd-5e")["license"] == {"spdx": "CC-BY-4.0", "attribution": quoted}
    readme = (RULESETS / "README.md").read_text(encoding="utf-8")
    assert quoted in " ".join(line.removeprefix("> ").strip() for line in readme.splitlines())


def test_the_generator_reproduces_the_committed_srd_5e_byte_for_byte(tmp_path: Path) -> None:
    out = tmp_path / "srd-5e.json"
    assert build_srd5e.main([str(SRD_DATA), str(out)]) == 0
    assert out.read_bytes() == (RULESETS / "srd-5e.json").read_bytes()


def test_the_srd_data_folder_holds_its_licences_and_lists_each_file_in_source_md() -> None:
    files = {path.name for path in SRD_DATA.iterdir()}
    assert {"SOURCE.md", "LICENSE-CC-BY-4.0.txt", "OGL-1.0a.txt", "LICENSE-5e-database.md"} <= files
    source = (SRD_DATA / "SOURCE.md").read_text(encoding="utf-8")
    listed = {
        line.split("|")[1].strip()
        for line in source.splitlines()
        if line.startswith("| ") and ".json" in line
    }
    assert listed == {name for name in files if name.endswith(".json")}


def test_the_generator_reads_the_repository_data_by_default_and_refuses_other_arguments(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert build_srd5e.DATA_DIR == SRD_DATA
    assert build_srd5e.OUT == RULESETS / "srd-5e.json"
    assert build_srd5e.main(["only-one-argument"]) == 2
    assert capsys.readouterr().err == "usage: python -m tagproc.rulesets.build_srd5e [DATA_DIR OUT.json]\n"


def test_srd_5e_coins_are_the_srd_rates_fifty_to_the_pound() -> None:
    (family,) = load("srd-5e")["items"]["currencies"]
    assert family["perWeight"] == 50
    assert [(u["id"], u["value"], u["one"]) for u in family["units"]] == [
        ("cp", 1, "copper piece"),
        ("sp", 10, "silver piece"),
        ("ep", 50, "electrum piece"),
        ("gp", 100, "gold piece"),
        ("pp", 1000, "platinum piece"),
    ]
    assert load("srd-5e")["items"]["market"]["buyBack"] == 0.5


# ── the markets: who sells what, where ──


def market_of(name: str) -> MarketBook:
    market = Rules(load_ruleset(name)).market
    assert market is not None, name
    return market


@pytest.mark.parametrize("name", SHIPPED)
def test_every_item_with_a_price_is_sold_by_some_seller(name: str) -> None:
    """An item on the shelves (priced, not unsold, cursed or a fake) is among some seller's wares in the
    largest place; in srd-5e and Ember Roads already at the smallest place that sells it, so no buy there is
    refused for want of a seller. (Gravewatch keeps the spec's fragment: its shot and litany page are sold
    anywhere, by a smith from a village and a chapel from a town.)"""
    market = market_of(name)
    priced = [entry for entry in market.book.items() if market.on_shelves(entry)]
    assert priced
    for entry in priced:
        where = market.sizes[-1].id
        if name != "gravewatch":
            where = market.smallest_place(entry) or market.sizes[0].id
        assert any(entry in market.wares(where, seller) for seller in market.sellers_at(where)), entry.ref


def test_srd_5e_market_goes_from_hamlet_to_city_with_sellers_by_kind_of_goods() -> None:
    market = market_of("srd-5e")
    assert [size.id for size in market.sizes] == ["hamlet", "village", "town", "city"]
    at = {size.id: [seller.id for seller in market.sellers_at(size.id)] for size in market.sizes}
    assert at["hamlet"] == ["inn"]
    assert at["village"] == ["inn", "outfitter", "smith"]
    assert at["town"] == ["inn", "outfitter", "smith", "temple", "stable", "fence"]
    assert at["city"] == [*at["town"][:5], "shipwright", "fence"]

    def sold_by(seller: str, size: str) -> set[str]:
        found = market.seller(seller)
        return {entry.ref for entry in market.wares(size, found)}

    inn = sold_by("inn", "hamlet")
    assert {"services/lodging-modest", "services/meal-poor", "services/messenger"} <= inn
    assert {"equipment/stabling-1-day", "equipment/animal-feed-1-day"} <= inn
    assert not any(ref.startswith("services/spellcasting") for ref in inn)
    assert {"services/spellcasting-level-1", "magic_items/potion-of-healing"} <= sold_by("temple", "town")
    assert "services/meal-poor" not in sold_by("temple", "town")
    assert "equipment/galley" in sold_by("shipwright", "city")
    assert "equipment/galley" not in sold_by("stable", "city")
    assert "equipment/horse-riding" in sold_by("stable", "town")
    # Mounts, vehicles and the magic that has a price need a town; ships a city; gear and arms a village.
    book = market.book
    for ref, place in [
        ("equipment/horse-riding", "town"),
        ("equipment/cart", "town"),
        ("equipment/galley", "city"),
        ("magic_items/potion-of-healing", "town"),
        ("equipment/longsword", "village"),
        ("equipment/rope-hempen-50-feet", "village"),
        ("services/lodging-poor", "hamlet"),
        ("equipment/stabling-1-day", "hamlet"),
    ]:
        entry = book.get(ref)
        assert entry is not None, ref
        assert market.smallest_place(entry) == place, ref


def test_srd_5e_sells_back_at_half_the_cost_and_every_srd_category_with_a_price_has_a_seller() -> None:
    market = market_of("srd-5e")
    book = market.book
    longsword, rope = book.get("equipment/longsword"), book.get("equipment/rope-hempen-50-feet")
    assert longsword is not None and rope is not None
    for entry in (longsword, rope):
        price, back = market.price(entry), market.buy_back(entry)
        assert price is not None and back is not None
        assert back.amount * 2 == price.amount, entry.ref  # SRD "Selling Treasure": half their cost
    categories = {entry.item.category for entry in book.items() if entry.item.cost is not None}
    assert categories == {
        "weapon",
        "armor",
        "ammunition",
        "adventuring_gear",
        "tools",
        "mounts_and_vehicles",
        "potion",
        "wondrous",  # the bag of holding, and the bag of devouring that passes for it
        "services",
    }
    city = market.sizes[-1].id
    for category in categories:
        assert any(
            entry.item.category == category
            for seller in market.sellers
            for entry in market.wares(city, seller)
        ), category


def test_srd_5e_holds_the_specs_fakes_as_the_spec_writes_them() -> None:
    """Spec "Honest and dishonest sellers" and "Spotting fakes": the bag of devouring (with its 5 gp) and the
    potion of poison (its two tells, foolsReveal) pass for items with a price, the wand of wonder is risky,
    namesItAt 5, the two ways of seeing through fakes, and the dishonest fence with its manner and odd lot."""
    srd = load("srd-5e")
    magic = entries(srd, "magic_items")
    bag = magic["bag-of-devouring"]["item"]
    assert (bag["category"], bag["passesFor"], bag["cost"]) == (
        "wondrous",
        "magic_items/bag-of-holding",
        {"amount": 5, "unit": "gp"},
    )
    assert [tell["check"] for tell in bag["tells"]] == [{"skill": "arcana"}, {"skill": "investigation"}]
    assert "foolsReveal" not in bag  # Identify reads it: the SRD says nothing of a bag fooling it
    poison = magic["potion-of-poison"]["item"]
    assert poison["passesFor"] == "magic_items/potion-of-healing"
    assert poison["tells"] == [
        {
            "check": {"value": {"derived": "poisoners_kit_check"}},
            "dc": 13,
            "carries": {"anyOf": ["equipment/poisoners-kit"]},  # the spec's gear/poisoners-kit
            "says": "a faint bitterness under the sweetness",
        },
        {"check": {"skill": "arcana"}, "dc": 18, "says": "its magic does not feel like healing magic"},
    ]
    assert poison["foolsReveal"] == ["identify"]
    assert magic["wand-of-wonder"]["item"]["risky"] == (
        "every wave is a gamble; some effects turn on the one who waves it"
    )
    block = srd["items"]
    assert block["namesItAt"] == 5
    assert block["revealsFakes"] == [
        {"id": "identify", "label": "Identify"},
        {
            "id": "detect-poison",
            "label": "Detect Poison and Disease",
            "items": ["magic_items/potion-of-poison"],
        },
    ]
    (fence,) = [seller for seller in block["market"]["sellers"] if seller["id"] == "fence"]
    assert {key: fence[key] for key in ("label", "honest", "sells", "place", "stock")} == {
        "label": "Fence",
        "honest": False,
        "sells": [{"tag": "magical"}],
        "place": "town",
        "stock": {"table": "fences_odd_lot"},
    }
    assert fence["manner"] == {
        "check": {"skill": "insight"},
        "dc": 13,
        "advantageIf": [{"value": {"derived": "knows_trade"}, "atLeast": 1}],
        "says": "their eyes slide away when you ask about it",
    }
    (odd_lot,) = [table for table in block["lootTables"] if table["id"] == "fences_odd_lot"]
    fakes = {line["item"] for line in odd_lot["entries"]} & {
        "magic_items/bag-of-devouring",
        "magic_items/potion-of-poison",
    }
    assert len(fakes) == 2  # the fence's stock can roll either fake
    ruleset = parse_ruleset(srd)
    assert {FAKES, SPOTTING} <= {feature for _, feature in features_used(ruleset, srd)}
    assert check_capability(ruleset, srd) == []  # 1.89 covers 1.79 (fakes, the fence) and 1.802 (tells)


def test_srd_5e_services_are_tagged_by_kind_and_stabling_is_one() -> None:
    srd = load("srd-5e")
    services = entries(srd, "services")
    assert {entry["item"]["tags"][0] for entry in services.values()} == {"board", "hire", "spellcasting"}
    stabling = entries(srd, "equipment")["stabling-1-day"]["item"]
    assert stabling["service"] is True and stabling["tags"] == ["tack", "board"]
    assert entries(srd, "equipment")["galley"]["item"]["tags"] == ["waterborne"]
    assert "cost" not in entries(srd, "equipment")["alms-box"]["item"]


def test_ember_roads_has_a_plain_market_without_a_market_day() -> None:
    ember = load("ember-roads")
    market = ember["items"]["market"]
    assert [p["id"] for p in market["places"]] == ["waystation", "town", "city"]
    assert "buyBack" not in market and not any("purse" in place for place in market["places"])
    assert all("place" in rule and "limited" not in rule for rule in market["sold"])
    assert not any("stock" in seller for seller in market["sellers"])
    assert not any("sold" in entry["item"] for entry in entries(ember, "outfitter").values())
    ruleset = parse_ruleset(ember)
    assert check_capability(ruleset, ember) == []
    book = market_of("ember-roads")
    sellers = {size.id: [s.id for s in book.sellers_at(size.id)] for size in book.sizes}
    assert sellers["waystation"] == ["outfitter", "salt-trader", "healer"]
    assert sellers["city"] == ["outfitter", "salt-trader", "healer", "caravan-master"]
    coat = book.book.get("outfitter/leather-coat")
    gauntlets = book.book.get("outfitter/ox-hide-gauntlets")
    assert coat is not None and gauntlets is not None
    assert not book.sold_at(coat, "waystation") and book.sold_at(coat, "town")
    assert not book.sold_at(gauntlets, "town") and book.sold_at(gauntlets, "city")
    price = book.price(coat)
    assert price is not None and price.text == "1 sovereign"  # a coin's one name (Capability API 1.89)
    assert book.buy_back(coat) is None  # without buyBack, nobody buys anything back


#: The spec's two Gravewatch fragments ("Markets", as tests/test_ruleset_shapes.py has it, and "A market day"),
#: every key and value as the spec gives them; the shipped market may have more of each list, and more keys,
#: but never less.
GRAVEWATCH_MARKETS: dict[str, Any] = MARKET
GRAVEWATCH_MARKET_DAY: dict[str, Any] = {
    "places": [
        {"id": "hamlet", "label": "hamlet", "purse": {"amount": 10, "unit": "shilling"}},
        {"id": "town", "label": "market town", "purse": {"amount": 100, "unit": "shilling"}},
    ],
    "buyBack": 0.5,
    "sold": [{"filter": {"rarity": "rare"}, "place": "town", "limited": "1d2"}],
    "sellers": [
        {
            "id": "smith",
            "label": "smith",
            "sells": [{"category": "arm"}],
            "stock": {"table": "smiths_odd_lot"},
        }
    ],
}


def holds(shipped: Any, fragment: Any, where: str = "market") -> None:
    """Assert ``shipped`` holds every key and value of ``fragment``: a list element is found by its ``id``,
    a ``sold`` rule by its ``filter``, anything else by being equal to one of the shipped elements."""
    if isinstance(fragment, dict):
        assert isinstance(shipped, dict), where
        for key, value in fragment.items():
            assert key in shipped, f"{where}.{key}"
            holds(shipped[key], value, f"{where}.{key}")
    elif isinstance(fragment, list):
        assert isinstance(shipped, list), where
        for value in fragment:
            key = "id" if isinstance(value, dict) and "id" in value else "filter"
            if isinstance(value, dict) and key in value:
                same = [s for s in shipped if isinstance(s, dict) and s.get(key) == value[key]]
                assert same, f"{where}[{key}={value[key]}]"
                holds(same[0], value, f"{where}[{value[key]}]")
            else:
                assert value in shipped, f"{where}: {value}"
    else:
        assert shipped == fragment, where


@pytest.mark.parametrize(
    "fragment", [GRAVEWATCH_MARKETS, GRAVEWATCH_MARKET_DAY], ids=["markets", "market-day"]
)
def test_gravewatch_market_holds_the_specs_fragments(fragment: dict[str, Any]) -> None:
    holds(load("gravewatch")["items"]["market"], fragment)


# ── every key of the items block and of an item, used at least once ──

BLOCK_KEYS = [
    "categories",
    "rarities",
    "tags",
    "stats",
    "stats[].promptVisible",
    "stats[].integer",
    "slots",
    "binding",
    "binding.label",
    "binding.max",
    "carry",
    "carry.stat",
    "carry.unit",
    "carry.encumberedAbove",
    "carry.limit",
    "rarityCaps",
    "rarityCaps[].stats",
    "rarityCaps[].bonus",
    "currencies",
    "currencies[].perWeight",
    "currencies[].units[].one",
    "propose",
    "native",
    "freeform",
    "lootTables",
    "lootTables[].rolls",
    "lootTables[].entries[].item",
    "lootTables[].entries[].filter",
    "lootTables[].entries[].coins",
    "lootTables[].entries[].weight",
    "lootTables[].entries[].count",
    "startingGear",
    "startingGear[].group",
    "startingGear[].fits",
    "startingGear[].lines[].item",
    "startingGear[].lines[].coins",
    "startingGear[].lines[].oneOf",
    "startingGear[].lines[].name",
    "startingGear[].lines[].count",
    "startingGear[].lines[].equip",
    "startingGear[].choices[].options[].lines",
    "market",
    "market.prices",
    "market.places",
    "market.places[].purse",
    "market.sold",
    "market.sold[].limited",
    "market.sellers",
    "market.sellers[].sells",
    "market.sellers[].place",
    "market.sellers[].only",
    "market.sellers[].stock",
    "market.sellers[].honest",
    "market.sellers[].manner",
    "market.buyBack",
    "market.unsold",
    "namesItAt",
    "revealsFakes",
    "revealsFakes[].items",
    "revealsFakes[].tags",
    "passiveBase",
    "warnBy",
]

ITEM_KEYS = [
    "category",
    "rarity",
    "tags",
    "stats",
    "slots",
    "stack",
    "cost",
    "sold",
    "service",
    "binds",
    "binds.restriction",
    "binds.cursed",
    "worn",
    "carried",
    "requires",
    "attack",
    "attack.ammo",
    "attack.clip",
    "attack.modes",
    "attack.offHand",
    "attack.floor",
    "attack.onHit",
    "attack.versatile",
    "toggle",
    "use",
    "use.restore",
    "charges",
    "charges.recharge",
    "charges.breaksOn",
    "gate",
    "risky",
    "passesFor",
    "tells",
    "foolsReveal",
]


def used_paths() -> tuple[set[str], set[str]]:
    block: set[str] = set()
    item: set[str] = set()
    for name in SHIPPED:
        ruleset = load(name)
        block |= set(paths(ruleset.get("items", {})))
        for catalog in ruleset["catalogs"]:
            if catalog.get("holds") == "items":
                for entry in catalog["entries"]:
                    item |= set(paths(entry["item"]))
    return block, item


@pytest.mark.parametrize("key", BLOCK_KEYS)
def test_the_shipped_rulesets_use_every_key_of_the_items_block(key: str) -> None:
    assert key in used_paths()[0]


@pytest.mark.parametrize("key", ITEM_KEYS)
def test_the_shipped_rulesets_use_every_key_of_an_item(key: str) -> None:
    assert key in used_paths()[1]


# ── names point at what exists ──


def item_refs(node: Any) -> Iterator[str]:
    """Every catalog/entry reference a ruleset writes where an item is named."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in {"item", "passesFor"} and isinstance(value, str):
                yield value
            elif key in {"oneOf", "anyOf", "items"} and isinstance(value, list):
                yield from (v for v in value if isinstance(v, str))
            else:
                yield from item_refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from item_refs(value)


@pytest.mark.parametrize("name", SHIPPED)
def test_every_item_a_ruleset_names_is_one_of_its_items(name: str) -> None:
    ruleset = load(name)
    known = {
        f"{catalog['id']}/{entry['id']}"
        for catalog in ruleset["catalogs"]
        if catalog.get("holds") == "items"
        for entry in catalog["entries"]
    }
    named = set(item_refs(ruleset.get("items", {})))
    for catalog in ruleset["catalogs"]:
        if catalog.get("holds") == "items":
            for entry in catalog["entries"]:
                named |= set(item_refs(entry["item"]))
    assert named <= known, sorted(named - known)


@pytest.mark.parametrize("name", SHIPPED)
def test_a_fake_passes_for_a_sellable_item_of_its_category_and_slots(name: str) -> None:
    ruleset = load(name)
    items = {
        f"{c['id']}/{e['id']}": e["item"]
        for c in ruleset["catalogs"]
        if c.get("holds") == "items"
        for e in c["entries"]
    }
    for ref, item in items.items():
        if "passesFor" in item:
            real = items[item["passesFor"]]
            assert "passesFor" not in real and "cost" in real, ref
            assert (real["category"], real.get("slots")) == (item["category"], item.get("slots")), ref
            assert "binds" in real or "binds" not in item, ref


@pytest.mark.parametrize("name", SHIPPED)
def test_services_cost_something_and_are_never_carried_or_used(name: str) -> None:
    ruleset = load(name)
    carrying = {"slots", "stack", "binds", "worn", "carried", "requires", "attack", "use", "charges"}
    for catalog in ruleset["catalogs"]:
        for entry in catalog.get("entries", []):
            item = entry.get("item", {})
            if item.get("service"):
                assert "cost" in item and not carrying & set(item), entry["id"]
            if "charges" in item:
                assert item.get("stack") == 1, entry["id"]
            if "binds" in item:
                assert "binding" in ruleset["items"], entry["id"]


# ── the spec's own facts ──


def coin_values(ruleset: dict[str, Any]) -> dict[str, int]:
    return {u["id"]: u["value"] for family in ruleset["items"]["currencies"] for u in family["units"]}


def test_gravewatch_coat_costs_8_shillings_and_12_at_dear() -> None:
    gravewatch = load("gravewatch")
    coat = entries(gravewatch, "kit")["lantern-coat"]["item"]
    assert coat["cost"] == {"amount": 8, "unit": "shilling"}
    values = coin_values(gravewatch)
    (dear,) = [p for p in gravewatch["items"]["market"]["prices"] if p["id"] == "dear"]
    assert 8 * values["shilling"] * dear["times"] == 12 * values["shilling"]


def test_gravewatch_three_shillings_out_of_a_crown_give_two_shillings_back() -> None:
    values = coin_values(load("gravewatch"))
    assert values["crown"] - 3 * values["shilling"] == 2 * values["shilling"]


def test_gravewatch_grave_goods_are_the_spec_table() -> None:
    (table,) = [t for t in load("gravewatch")["items"]["lootTables"] if t["id"] == "grave_goods"]
    assert table == {
        "id": "grave_goods",
        "label": "Grave goods",
        "rolls": "1d2",
        "entries": [
            {"item": "kit/shot-and-powder", "weight": 4, "count": "1d4"},
            {"item": "kit/warming-tonic", "weight": 3},
            {"item": "kit/litany-page", "weight": 2},
            {"filter": {"category": "arm"}, "weight": 1},
            {"coins": "shilling", "weight": 2, "count": "1d6"},
        ],
    }


def test_gravewatch_dawn_bell_is_the_spec_bell() -> None:
    bell = entries(load("gravewatch"), "kit")["dawn-bell"]["item"]
    assert bell["charges"] == {
        "max": 3,
        "recharge": {"rests": ["vigil"], "amount": "max"},
        "breaksOn": {"die": 20, "atMost": 1},
    }
    assert bell["stack"] == 1 and bell["binds"] == {}
    assert bell["worn"]["conditionImmunities"] == ["rattled"]
    assert bell["use"]["kind"] == "debuff" and bell["use"]["charges"] == 1


def test_gravewatch_binds_up_to_nerve_and_the_widows_ring_is_cursed() -> None:
    gravewatch = load("gravewatch")
    assert gravewatch["items"]["binding"]["max"] == {"abilityScore": "nerve"}
    assert entries(gravewatch, "kit")["widows-ring"]["item"]["binds"]["cursed"] is True


def test_ember_roads_items_block_opens_as_the_spec_shows() -> None:
    block = load("ember-roads")["items"]
    assert block["carry"] == {"stat": "bulk", "encumberedAbove": {"derived": "load"}, "limit": {"const": 12}}
    assert [(c["id"], c["perWeight"]) for c in block["currencies"]] == [("coin", 100), ("salt", 10)]
    assert block["rarityCaps"][1] == {"rarity": "storied", "stats": {"guard": 3}, "bonus": 2}


def test_ember_roads_guard_adds_the_guard_of_what_is_worn() -> None:
    sheet = load("ember-roads")["sheet"]
    (guard,) = [d for d in sheet["derived"] if d["id"] == "guard"]
    assert guard["of"] == [
        {"const": 6},
        {"abilityMod": "wits"},
        {"itemStat": {"stat": "guard", "from": "worn", "pick": "sum"}},
    ]
    assert any(d["id"] == "load" for d in sheet["derived"])


def test_ember_roads_hunting_bow_and_hand_axe_are_the_spec_items() -> None:
    outfitter = entries(load("ember-roads"), "outfitter")
    bow = outfitter["hunting-bow"]
    assert bow["summary"] == "Yew, waxed string, and a grip worn smooth by someone else's hand."
    assert bow["item"]["cost"] == {"amount": 3, "unit": "sovereign"}
    assert bow["item"]["attack"]["ammo"] == {"tag": "arrow", "recover": 0.5}
    assert outfitter["hand-axe"]["item"]["attack"] == {
        "budget": "act",
        "toHit": {"abilities": {"stat": "swing"}},
        "damage": {"dice": {"stat": "damage"}, "abilities": {"stat": "swing"}, "type": "cut"},
        "reach": 2,
        "range": {"normal": 10, "long": 20},
    }
    assert outfitter["ox-hide-gauntlets"]["item"]["worn"] == {"abilities": {"brawn": {"set": 2}}}


@pytest.mark.parametrize("name", ["ember-roads", "gravewatch"])
def test_the_example_rulesets_keep_the_reference_sections(name: str) -> None:
    reference = ROOT / "data" / "reference-rulesets" / f"{name}.json"  # data/reference-rulesets/README.md
    before = json.loads(reference.read_text(encoding="utf-8"))
    after = load(name)
    for key in ("schemaVersion", "id", "name", "license", "resolution", "rests", "gm", "layers"):
        assert after[key] == before[key], key
    assert after["catalogs"][: len(before["catalogs"])] == before["catalogs"]
    for key in ("abilities", "skills", "fields", "lists"):
        assert after["sheet"].get(key) == before["sheet"].get(key), key
    assert re.search(r"tagproc", after["$comment"])
