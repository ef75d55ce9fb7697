"""Capability API gating: which spec feature needs which version, and what a ruleset uses.

A ruleset may declare the Capability API it is written for (top-level ``"capabilityApi": "1.69"``). One that
declares a version below what a feature it uses needs is refused, naming the feature and the version; without a
declaration nothing is gated.

Versions. The spec's numbers read as ``major.minor`` with an integer minor (1.49 < 1.51 < ... < 1.98 < 1.101 <
1.169 < 1.170 < 1.174), except three point releases written without their dot: 1.791, 1.802 and 1.813 are
1.79.1, 1.80.2 and 1.81.3. The spec places them there itself: the spec's first paragraph lists 1.79 <
1.813 < (later sections) 1.89, "unit" (1.791) sits between 1.79 and 1.802, and toggle (1.170) builds on plus
clauses (1.169). Comparing as decimals would put 1.101 below 1.49; comparing every minor as an integer would put
1.813 above 1.218. So :func:`parse_version` reads a three-digit minor from 700 to 999 as a two-digit minor and a
point digit, and any other minor as an integer; ``"1.79.1"`` written with both dots is read the same. No integer
minor from 700 up is in the spec, so nothing is read two ways.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from tagproc.ruleset.errors import Problem, step_of
from tagproc.ruleset.item import HeldEffects, Item
from tagproc.ruleset.models import ItemsBlock, Ruleset

Version = tuple[int, int, int]

_VERSION_RE = re.compile(r"^\s*(\d+)\.(\d+)(?:\.(\d+))?\s*$")


def parse_version(text: str) -> Version | None:
    """``"1.69"`` → ``(1, 69, 0)``, ``"1.813"`` → ``(1, 81, 3)``, ``"1.169"`` → ``(1, 169, 0)``; ``None`` if unreadable."""
    match = _VERSION_RE.match(text)
    if match is None:
        return None
    major, minor_text, patch = int(match.group(1)), match.group(2), match.group(3)
    if patch is not None:
        return major, int(minor_text), int(patch)
    if len(minor_text) == 3 and int(minor_text) >= 700:
        return major, int(minor_text[:2]), int(minor_text[2])
    return major, int(minor_text), 0


@dataclass(frozen=True, slots=True)
class Feature:
    name: str
    version: str

    @property
    def needs(self) -> Version:
        parsed = parse_version(self.version)
        assert parsed is not None, self.version
        return parsed


F = Feature
ITEMS_BLOCK = F("the items block", "1.49")
ITEM_CATALOG = F("an item catalog", "1.49")
RARITY_CAPS = F("rarityCaps", "1.51")
PROPOSE = F("propose", "1.51")
ITEM_STAT = F("itemStat (a value that reads held items)", "1.52")
HELD_CHECKS = F("worn/carried effects on checks and saves", "1.53")
CAP_BONUS = F("a rarityCaps bonus", "1.53")
HELD_ABILITIES = F("worn/carried abilities", "1.54")
REQUIRES = F("requires", "1.54")
ATTACK = F("attack (a weapon)", "1.55")
HELD_FIGHT = F("worn/carried effects in a fight", "1.56")
AMMO_CLIP = F("a weapon's ammo and clip", "1.57")
MODES = F("a weapon's modes, offHand, floor and onHit", "1.58")
USE = F("use and charges", "1.59")
RESTORE = F("a use that restores a pool", "1.60")
RECHARGE = F("charges recharge and breaksOn", "1.61")
GATE = F("gate (a check before a use)", "1.62")
LOOT = F("loot tables and a creature's loot", "1.63")
LOOT_COINS = F("a loot line of coins, or a layer that takes coins out", "1.64")
MARKET = F("a market, an item's sold place and a service", "1.65")
MARKET_DAY = F("a market day (purse, buyBack, a seller's stock, limited, a sold with no place)", "1.69")
WEAPON_RIDER = F("a rider on held weapons (weapons)", "1.70")
STARTING_GEAR = F("startingGear", "1.78")
FAKES = F("a risky item, a fake (passesFor) or a dishonest seller", "1.79")
CARRY_UNIT = F("carry.unit", "1.791")
SPOTTING = F(
    "spotting fakes (tells, foolsReveal, manner, namesItAt, revealsFakes, passiveBase, warnBy)", "1.802"
)
UNSOLD = F("a market's unsold, or a layer's items", "1.813")
COIN_ONE = F("a coin's one name (one)", "1.89")
TO_HIT_SHEET_BONUS = F("attack.toHit.sheetBonus", "1.95")
DAMAGE_SHEET_BONUS = F("attack.damage.sheetBonus and oneHanded", "1.97")
REROLL = F("attack.damage.rerollUpTo", "1.98")
QUALITIES = F("qualities on harm that is not a weapon's", "1.101")
ON_HIT_SAVES = F("onHit save/saveEnds and plus clauses", "1.169")
TOGGLE = F("toggle", "1.170")
USE_ZONE = F("a use's concentration and zone", "1.174")

_CHECK_EFFECTS = {
    "own-checks-advantage",
    "own-checks-disadvantage",
    "own-saves-advantage",
    "own-saves-disadvantage",
}

Used = tuple[str, Feature]


def _held(path: str, held: HeldEffects) -> Iterator[Used]:
    fields = held.model_fields_set
    if fields & {"effects", "modifiers", "fails_saves", "skills", "saves"}:
        yield path, HELD_CHECKS
    if held.abilities:
        yield f"{path}.abilities", HELD_ABILITIES
    fight_effects = set(held.effects) - _CHECK_EFFECTS
    fight_mods = [m for m in held.modifiers if m.to not in ("checks", "saves")]
    if (
        fight_effects
        or fight_mods
        or held.resist
        or held.vulnerable
        or held.immune
        or held.condition_immunities
    ):
        yield path, HELD_FIGHT


def _item(path: str, item: Item) -> Iterator[Used]:
    for key in ("worn", "carried"):
        held = getattr(item, key)
        if held is not None:
            yield from _held(f"{path}.{key}", held)
    if item.requires:
        yield f"{path}.requires", REQUIRES
    if item.attack is not None:
        yield from _attack(f"{path}.attack", item)
    if item.toggle is not None:
        yield f"{path}.toggle", TOGGLE
    if item.use is not None:
        use = item.use
        yield f"{path}.use", USE
        if use.restore is not None:
            yield f"{path}.use.restore", RESTORE
        if use.concentration is not None or use.zone is not None:
            yield f"{path}.use", USE_ZONE
        if use.gate is not None:
            yield f"{path}.use.gate", GATE
    if item.charges is not None:
        yield f"{path}.charges", USE
        if item.charges.recharge is not None or item.charges.breaks_on is not None:
            yield f"{path}.charges", RECHARGE
    if item.gate is not None:
        yield f"{path}.gate", GATE
    if item.sold is not None:
        yield f"{path}.sold", MARKET
        if item.sold.limited is not None or item.sold.place is None:
            yield f"{path}.sold", MARKET_DAY
    if item.service:
        yield f"{path}.service", MARKET
    if item.risky is not None or item.passes_for is not None:
        yield path, FAKES
    if item.tells or item.fools_reveal:
        yield path, SPOTTING


def _attack(path: str, item: Item) -> Iterator[Used]:
    attack = item.attack
    assert attack is not None
    yield path, ATTACK
    if attack.ammo is not None or attack.clip is not None:
        yield path, AMMO_CLIP
    if attack.modes or attack.off_hand or attack.floor is not None or attack.on_hit:
        yield path, MODES
    if attack.to_hit is not None and attack.to_hit.sheet_bonus is not None:
        yield f"{path}.toHit.sheetBonus", TO_HIT_SHEET_BONUS
    if attack.damage is not None:
        if attack.damage.sheet_bonus is not None or attack.damage.one_handed is not None:
            yield f"{path}.damage", DAMAGE_SHEET_BONUS
        if attack.damage.reroll_up_to is not None:
            yield f"{path}.damage.rerollUpTo", REROLL
    if attack.plus or any(h.save is not None or h.save_ends is not None for h in attack.on_hit):
        yield path, ON_HIT_SAVES


def _block(block: ItemsBlock) -> Iterator[Used]:
    yield "items", ITEMS_BLOCK
    if block.rarity_caps:
        yield "items.rarityCaps", RARITY_CAPS
    if any(cap.bonus is not None for cap in block.rarity_caps):
        yield "items.rarityCaps", CAP_BONUS
    if "propose" in block.model_fields_set:
        yield "items.propose", PROPOSE
    if block.loot_tables:
        yield "items.lootTables", LOOT
    for t, table in enumerate(block.loot_tables):
        for n, line in enumerate(table.entries):
            if line.coins is not None:
                yield f"items.lootTables.{step_of(table, t)}.entries.{n}.coins", LOOT_COINS
    if block.starting_gear:
        yield "items.startingGear", STARTING_GEAR
    if block.carry is not None and block.carry.unit is not None:
        yield "items.carry.unit", CARRY_UNIT
    for key in ("names_it_at", "reveals_fakes", "passive_base", "warn_by"):
        if key in block.model_fields_set:
            yield f"items.{ItemsBlock.model_fields[key].alias}", SPOTTING
    for f, family in enumerate(block.currencies):
        for u, coin in enumerate(family.units):
            if coin.one is not None:
                yield f"items.currencies.{step_of(family, f)}.units.{step_of(coin, u)}.one", COIN_ONE
    if block.market is not None:
        yield from _market(block)


def _market(block: ItemsBlock) -> Iterator[Used]:
    market = block.market
    assert market is not None
    yield "items.market", MARKET
    if market.buy_back is not None:
        yield "items.market.buyBack", MARKET_DAY
    for p, place in enumerate(market.places):
        if place.purse is not None:
            yield f"items.market.places.{step_of(place, p)}.purse", MARKET_DAY
    for r, rule in enumerate(market.sold):
        if rule.limited is not None or rule.place is None:
            yield f"items.market.sold.{r}", MARKET_DAY
    for s, seller in enumerate(market.sellers):
        path = f"items.market.sellers.{step_of(seller, s)}"
        if seller.stock is not None:
            yield f"{path}.stock", MARKET_DAY
        if not seller.honest:
            yield f"{path}.honest", FAKES
        if seller.manner is not None:
            yield f"{path}.manner", SPOTTING
    if market.unsold:
        yield "items.market.unsold", UNSOLD


def _raw(node: Any, path: str) -> Iterator[Used]:
    """Features found by key anywhere in the raw file: itemStat, a weapons rider, qualities, a creature's loot."""
    if isinstance(node, dict):
        if "itemStat" in node:
            yield path, ITEM_STAT
        rider = node.get("rider")
        if isinstance(rider, dict) and "weapons" in rider:
            yield f"{path}.rider.weapons", WEAPON_RIDER
        if "qualities" in node:
            yield f"{path}.qualities", QUALITIES
        creature = node.get("creature")
        if isinstance(creature, dict) and "loot" in creature:
            yield f"{path}.creature.loot", LOOT
        for key, value in node.items():
            yield from _raw(value, f"{path}.{key}" if path else str(key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _raw(value, f"{path}.{step_of(value, index)}")


def features_used(ruleset: Ruleset, data: dict[str, Any]) -> list[Used]:
    """Every (path, feature) the ruleset uses, in file order."""
    used: list[Used] = []
    if ruleset.items is not None:
        used.extend(_block(ruleset.items))
    for catalog in ruleset.item_catalogs:
        used.append((f"catalogs.{catalog.id}", ITEM_CATALOG))
        for entry in catalog.entries:
            used.extend(_item(f"catalogs.{catalog.id}.entries.{entry.id}.item", entry.item))
    for n, layer in enumerate(ruleset.layers):
        if layer.items is not None and layer.items.currencies is not None:
            used.append((f"layers.{step_of(layer, n)}.items.currencies", LOOT_COINS))
        if layer.items is not None and layer.items.market is not None:
            used.append((f"layers.{step_of(layer, n)}.items.market", UNSOLD))
    used.extend(_raw(data, ""))
    return used


def check_capability(ruleset: Ruleset, data: dict[str, Any]) -> list[Problem]:
    """Problems for every feature the declared Capability API is too old for; none without a declaration."""
    declared_text = ruleset.capability_api
    if declared_text is None:
        return []
    declared = parse_version(declared_text)
    if declared is None:
        return [Problem("capabilityApi", f'"{declared_text}" is no version; write it as "1.69"')]
    problems: list[Problem] = []
    seen: set[Used] = set()
    for path, feature in features_used(ruleset, data):
        if feature.needs > declared and (path, feature) not in seen:
            seen.add((path, feature))
            problems.append(
                Problem(
                    path,
                    f"{feature.name} needs Capability API {feature.version}, "
                    f'but the ruleset declares "{declared_text}"; raise capabilityApi or leave this out',
                )
            )
    return problems
