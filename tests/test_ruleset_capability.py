"""Capability API gating: version order, and a ruleset declaring too old a version for what it uses."""

from __future__ import annotations

import pytest

from tagproc.ruleset.capability import parse_version
from tagproc.ruleset.load import problems_of
from tests.test_ruleset_sample import sample

#: Every version the spec names, in the order the spec introduces the features (ascending).
SPEC_ORDER = [
    "1.24", "1.49", "1.51", "1.52", "1.53", "1.54", "1.55", "1.56", "1.57", "1.58", "1.59", "1.60", "1.61",
    "1.62", "1.63", "1.64", "1.65", "1.69", "1.70", "1.78", "1.79", "1.791", "1.802", "1.813", "1.89", "1.95",
    "1.97", "1.98", "1.101", "1.153", "1.169", "1.170", "1.174", "1.205", "1.218",
]  # fmt: skip


def test_the_spec_versions_are_ascending_under_parse_version() -> None:
    parsed = [parse_version(v) for v in SPEC_ORDER]
    assert parsed == sorted(parsed)  # type: ignore[type-var]
    assert len(set(parsed)) == len(parsed)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("1.69", (1, 69, 0), id="two-digit-minor"),
        pytest.param("1.7", (1, 7, 0), id="one-digit-minor"),
        pytest.param("1.813", (1, 81, 3), id="point-release"),
        pytest.param("1.81.3", (1, 81, 3), id="point-release-dotted"),
        pytest.param("1.169", (1, 169, 0), id="three-digit-minor"),
        pytest.param("2.0", (2, 0, 0), id="major"),
        pytest.param("one", None, id="not-a-version"),
    ],
)
def test_parse_version(text: str, expected: tuple[int, int, int] | None) -> None:
    assert parse_version(text) == expected


def test_without_a_declaration_nothing_is_gated() -> None:
    assert problems_of(sample())[1] == []


def test_a_ruleset_declaring_too_old_a_version_is_refused_naming_feature_and_version() -> None:
    data = sample()
    data["capabilityApi"] = "1.79"
    messages = {str(p) for p in problems_of(data)[1]}
    assert (
        'items.carry.unit: carry.unit needs Capability API 1.791, but the ruleset declares "1.79"; raise '
        "capabilityApi or leave this out" in messages
    )
    assert any(
        m.startswith("items.currencies.coin.units.bit.one: a coin's one name (one) needs Capability API 1.89")
        for m in messages
    )
    assert any(
        m.startswith("items.market.unsold: a market's unsold, or a layer's items needs Capability API 1.813")
        for m in messages
    )
    assert any(
        m.startswith("catalogs.kit.entries.storied-blade.item.toggle: toggle needs Capability API 1.170")
        for m in messages
    )
    assert not any("1.79 " in m or "1.78," in m for m in messages)


@pytest.mark.parametrize(
    ("declared", "path", "version"),
    [
        pytest.param("1.48", "items", "1.49", id="items-block"),
        pytest.param("1.50", "items.rarityCaps", "1.51", id="rarity-caps"),
        pytest.param("1.51", "sheet.derived.guard.of.2", "1.52", id="item-stat"),
        pytest.param("1.52", "catalogs.kit.entries.leather-coat.item.worn", "1.53", id="worn-checks"),
        pytest.param("1.53", "catalogs.kit.entries.leather-coat.item.requires", "1.54", id="requires"),
        pytest.param("1.54", "catalogs.kit.entries.hand-axe.item.attack", "1.55", id="attack"),
        pytest.param("1.55", "catalogs.kit.entries.dawn-bell.item.carried", "1.56", id="fight-effects"),
        pytest.param("1.56", "catalogs.kit.entries.hunting-bow.item.attack", "1.57", id="ammo"),
        pytest.param("1.57", "catalogs.kit.entries.hunting-bow.item.attack", "1.58", id="modes"),
        pytest.param("1.58", "catalogs.kit.entries.poultice.item.use", "1.59", id="use"),
        pytest.param("1.59", "catalogs.kit.entries.poultice.item.use.restore", "1.60", id="restore"),
        pytest.param("1.60", "catalogs.kit.entries.dawn-bell.item.charges", "1.61", id="recharge"),
        pytest.param("1.61", "catalogs.kit.entries.dawn-bell.item.use.gate", "1.62", id="gate"),
        pytest.param("1.62", "items.lootTables", "1.63", id="loot"),
        pytest.param("1.62", "catalogs.beasts.entries.wolf.creature.loot", "1.63", id="creature-loot"),
        pytest.param("1.63", "items.lootTables.road.entries.2.coins", "1.64", id="loot-coins"),
        pytest.param("1.63", "layers.lean.items.currencies", "1.64", id="layer-coins"),
        pytest.param("1.64", "items.market", "1.65", id="market"),
        pytest.param("1.64", "catalogs.kit.entries.lodging.item.service", "1.65", id="service"),
        pytest.param("1.65", "items.market.buyBack", "1.69", id="buy-back"),
        pytest.param("1.65", "items.market.places.town.purse", "1.69", id="purse"),
        pytest.param("1.70", "items.startingGear", "1.78", id="starting-gear"),
        pytest.param("1.78", "items.market.sellers.fence.honest", "1.79", id="dishonest"),
        pytest.param("1.791", "items.namesItAt", "1.802", id="names-it-at"),
        pytest.param("1.802", "layers.lean.items.market", "1.813", id="layer-unsold"),
        pytest.param("1.169", "catalogs.kit.entries.storied-blade.item.toggle", "1.170", id="toggle"),
    ],
)
def test_each_feature_is_gated_at_its_spec_version(declared: str, path: str, version: str) -> None:
    data = sample()
    data["capabilityApi"] = declared
    problems = problems_of(data)[1]
    assert any(p.path == path and f"needs Capability API {version}," in p.message for p in problems), (
        "\n".join(map(str, problems))
    )
    data["capabilityApi"] = version
    assert not any(
        p.path == path and f"needs Capability API {version}," in p.message for p in problems_of(data)[1]
    )


def test_an_unreadable_declaration_is_refused() -> None:
    data = sample()
    data["capabilityApi"] = "latest"
    assert [str(p) for p in problems_of(data)[1]] == [
        'capabilityApi: "latest" is no version; write it as "1.69"'
    ]
