"""The ruleset file: its top level, the ``items`` block, catalogs and layers.

Owns :class:`Ruleset` (lenient at the top level: ``combat``, ``battle``, ``coverage``, ``gm``, ``edition``,
``license`` and ``$comment``, the sections tagproc does not read, are kept as written; any other key is refused), :class:`ItemsBlock` with every key of the spec's
"The items block" and of the later sections (loot tables, starting gear, market, fakes), item catalogs
(``holds: "items"``, entries carrying an :class:`~tagproc.ruleset.item.Item`) beside any other catalog kept as it
is, and the parts of a layer items read (hidden entries, coins taken out, what it adds to ``unsold``).

Counts the spec states for one list alone (1–24 categories, at most 12 rarities...) are pydantic constraints
here; everything that needs two places of the file at once is in :mod:`tagproc.ruleset.validate`.
"""

from __future__ import annotations

from functools import cached_property
from typing import Annotated, Any, ClassVar, Literal

from pydantic import ConfigDict, Discriminator, Field, Tag

from tagproc.ruleset.base import SHAPE, Lenient, Strict
from tagproc.ruleset.item import Cost, CountOrDice, Item, ItemFilter, Tell
from tagproc.ruleset.refs import SheetTest, ValueRef
from tagproc.ruleset.sheet import Resolution, Rest, Sheet


class IdLabel(Strict):
    id: str
    label: str


class StatDef(Strict):
    """An item stat, declared like a list column (spec "The items block": ``stats``)."""

    id: str
    label: str
    type: Literal["number", "text", "boolean", "enum", "dice"]
    min: float | None = None
    max: float | None = None
    default: float | str | bool | None = None
    values: list[str] | None = None
    value_labels: dict[str, str] | None = Field(default=None, alias="valueLabels")
    integer: bool = True
    max_length: int | None = Field(default=None, alias="maxLength", ge=1)
    example: str | None = None
    prompt_visible: bool = Field(default=True, alias="promptVisible")


class SlotDef(Strict):
    id: str
    label: str
    count: int = Field(ge=1, le=20)


class Binding(Strict):
    label: str
    max: ValueRef


class Carry(Strict):
    stat: str
    encumbered_above: ValueRef = Field(alias="encumberedAbove")
    limit: ValueRef | None = None
    unit: str | None = Field(default=None, pattern=r"^[A-Za-z]{1,12}$")


class RarityCap(Strict):
    rarity: str
    stats: dict[str, float] = Field(default_factory=dict)
    bonus: int | None = Field(default=None, ge=0)


class Coin(Strict):
    id: str
    label: str
    one: str | None = None
    value: int = Field(ge=1)


class CurrencyFamily(Strict):
    id: str
    label: str
    per_weight: int | None = Field(default=None, alias="perWeight", ge=1)
    units: list[Coin] = Field(min_length=1, max_length=10)


Rolls = Annotated[Annotated[int, Tag("~number")] | Annotated[str, Tag("~text")], SHAPE]


class LootLine(Strict):
    item: str | None = None
    filter: ItemFilter | None = None
    coins: str | None = None
    weight: int = Field(default=1, ge=1)
    count: CountOrDice = 1


class LootTable(Strict):
    id: str
    label: str
    rolls: Rolls = 1
    entries: list[LootLine] = Field(min_length=1)


class GearLine(Strict):
    item: str | None = None
    coins: str | None = None
    one_of: list[str] | None = Field(default=None, alias="oneOf", min_length=2, max_length=48)
    name: str | None = None
    count: int = Field(default=1, ge=1, le=999)
    equip: bool = False


class GearOption(Strict):
    label: str
    lines: list[GearLine] = Field(min_length=1)


class GearChoice(Strict):
    label: str
    options: list[GearOption] = Field(min_length=2, max_length=6)


class StartingGear(Strict):
    id: str
    label: str
    group: str | None = None
    fits: SheetTest | None = None
    lines: list[GearLine] = Field(default_factory=list)
    choices: list[GearChoice] = Field(default_factory=list, max_length=8)


class PriceLevel(Strict):
    id: str
    label: str
    times: float = Field(gt=0)
    default: bool = False


class Place(Strict):
    id: str
    label: str
    purse: Cost | None = None


class SoldRule(Strict):
    filter: ItemFilter
    place: str | None = None
    limited: CountOrDice | None = None


class Stock(Strict):
    table: str


class Seller(Strict):
    id: str
    label: str
    sells: list[ItemFilter] = Field(default_factory=list)
    place: str | None = None
    only: SheetTest | None = None
    stock: Stock | None = None
    honest: bool = True
    manner: Tell | None = None


class Market(Strict):
    prices: list[PriceLevel] = Field(min_length=1, max_length=8)
    places: list[Place] = Field(min_length=1, max_length=12)
    sold: list[SoldRule] = Field(default_factory=list)
    sellers: list[Seller] = Field(default_factory=list)
    buy_back: float | None = Field(default=None, alias="buyBack", gt=0, le=1)
    unsold: list[ItemFilter] = Field(default_factory=list)


class RevealsFakes(Strict):
    id: str
    label: str
    tags: list[str] = Field(default_factory=list)
    items: list[str] = Field(default_factory=list)


class ItemsBlock(Strict):
    categories: list[IdLabel] = Field(min_length=1, max_length=24)
    rarities: list[IdLabel] = Field(default_factory=list, max_length=12)
    tags: list[IdLabel] = Field(default_factory=list, max_length=48)
    stats: list[StatDef] = Field(default_factory=list, max_length=24)
    slots: list[SlotDef] = Field(default_factory=list, max_length=12)
    binding: Binding | None = None
    carry: Carry | None = None
    rarity_caps: list[RarityCap] = Field(default_factory=list, alias="rarityCaps")
    currencies: list[CurrencyFamily] = Field(default_factory=list, max_length=6)
    propose: bool = True
    native: bool = True
    freeform: Literal["plain", "refuse"] = "plain"
    loot_tables: list[LootTable] = Field(default_factory=list, alias="lootTables", max_length=24)
    starting_gear: list[StartingGear] = Field(default_factory=list, alias="startingGear")
    market: Market | None = None
    names_it_at: int | None = Field(default=None, alias="namesItAt", ge=1)
    reveals_fakes: list[RevealsFakes] = Field(default_factory=list, alias="revealsFakes")
    passive_base: int = Field(default=10, alias="passiveBase")
    warn_by: Literal["passive", "roll"] = Field(default="passive", alias="warnBy")

    @cached_property
    def stats_by_id(self) -> dict[str, StatDef]:
        return {s.id: s for s in self.stats}

    @cached_property
    def slots_by_id(self) -> dict[str, SlotDef]:
        return {s.id: s for s in self.slots}

    @cached_property
    def coins_by_id(self) -> dict[str, tuple[CurrencyFamily, Coin]]:
        return {coin.id: (family, coin) for family in self.currencies for coin in family.units}


class ItemEntry(Strict):
    id: str
    label: str
    summary: str | None = None
    filters: dict[str, Any] = Field(default_factory=dict)
    item: Item


class ItemCatalog(Strict):
    id: str
    label: str
    holds: Literal["items"]
    feeds: list[str] | None = None
    filters: list[dict[str, Any]] = Field(default_factory=list)
    units: dict[str, Any] | None = None
    entries: list[ItemEntry] = Field(default_factory=list)


class OtherCatalog(Lenient):
    """A catalog of sheet rows or creatures: kept as written; tagproc reads only ids and a creature's ``loot``."""

    passthrough: ClassVar[frozenset[str]] = frozenset({"feeds", "filters", "units", "scaling"})

    # So the JSON Schema sends a catalog that holds items to ItemCatalog alone, as the discriminator does.
    model_config = ConfigDict(
        json_schema_extra={"not": {"properties": {"holds": {"const": "items"}}, "required": ["holds"]}}
    )

    id: str
    label: str | None = None
    holds: str | None = None
    entries: list[dict[str, Any]] = Field(default_factory=list)


def _catalog_tag(value: Any) -> str:
    holds = value.get("holds") if isinstance(value, dict) else getattr(value, "holds", None)
    return "~items" if holds == "items" else "~other"


Catalog = Annotated[
    Annotated[ItemCatalog, Tag("~items")] | Annotated[OtherCatalog, Tag("~other")],
    Discriminator(_catalog_tag),
]


class LayerHide(Strict):
    """Which entries a layer hides: by a catalog filter's value (``above``/``below``/``equals``) or by id."""

    filter: str | None = None
    above: float | None = None
    below: float | None = None
    equals: float | str | bool | None = None
    entries: list[str] = Field(default_factory=list)


class LayerCatalog(Lenient):
    id: str
    hide: LayerHide | None = None


class LayerCurrencies(Strict):
    remove_units: list[str] = Field(default_factory=list, alias="removeUnits")
    remove_families: list[str] = Field(default_factory=list, alias="removeFamilies")


class LayerMarket(Strict):
    unsold: list[ItemFilter] = Field(default_factory=list)


class LayerItems(Strict):
    """What a layer changes of the items block: coins taken out (1.64), filters added to ``unsold`` (1.813)."""

    currencies: LayerCurrencies | None = None
    market: LayerMarket | None = None


class Layer(Lenient):
    passthrough: ClassVar[frozenset[str]] = frozenset({"summary", "gm", "difficultyLadder"})

    id: str
    label: str | None = None
    catalogs: list[LayerCatalog] = Field(default_factory=list)
    items: LayerItems | None = None


class Ruleset(Lenient):
    """A whole ruleset file. Only ``id`` and ``name`` are required; a ruleset without ``items`` has no items."""

    passthrough: ClassVar[frozenset[str]] = frozenset(
        {"edition", "license", "combat", "battle", "coverage", "gm"}
    )

    schema_version: int | None = Field(default=None, alias="schemaVersion")
    id: str
    name: str
    version: int | str | None = None
    capability_api: str | None = Field(default=None, alias="capabilityApi")
    resolution: Resolution | None = None
    sheet: Sheet = Field(default_factory=Sheet)
    rests: list[Rest] = Field(default_factory=list)
    catalogs: list[Catalog] = Field(default_factory=list)
    items: ItemsBlock | None = None
    layers: list[Layer] = Field(default_factory=list)

    @property
    def item_catalogs(self) -> list[ItemCatalog]:
        return [c for c in self.catalogs if isinstance(c, ItemCatalog)]

    @cached_property
    def items_by_ref(self) -> dict[str, tuple[ItemCatalog, ItemEntry]]:
        """Every item by ``<catalog>/<entry>``, in catalog order (a repeated ref keeps its first)."""
        found: dict[str, tuple[ItemCatalog, ItemEntry]] = {}
        for catalog in self.item_catalogs:
            for entry in catalog.entries:
                found.setdefault(f"{catalog.id}/{entry.id}", (catalog, entry))
        return found
