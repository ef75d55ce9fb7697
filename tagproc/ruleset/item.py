"""An item: the ``item`` of a catalog entry in a catalog that ``holds: "items"`` (spec "An item" and later).

Owns the models of every key of an item: category, rarity, tags, stats, slots, stack, cost, sold, service,
binds, worn/carried (checks, abilities and fight parts), requires, attack (budget, toHit, damage, reach, range,
versatile, strikes, ammo, clip, modes, offHand, floor, onHit, plus), toggle, use, charges (recharge, breaksOn),
gate, risky, passesFor, tells and foolsReveal.

Every key of an item is ``extra="forbid"``, down to the saves of a weapon's onHit and plus clauses; the
depth a catalog entry's mechanics and the combat page define (a use's ``save``/``area``/``zone``/``plus``, a
plus clause's ``targetIs``) is plain JSON. Limits that pydantic can say
alone (list lengths, ranges) live here; cross-references and limits that need the whole ruleset live in
:mod:`tagproc.ruleset.validate`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Discriminator, Field, Tag

from tagproc.ruleset.base import SHAPE, Strict
from tagproc.ruleset.refs import SheetTest, ValueRef


class StatRef(Strict):
    """``{"stat": "damage"}``: the item's own value of one of the block's stats."""

    stat: str


IntOrStat = Annotated[Annotated[int, Tag("~number")] | Annotated[StatRef, Tag("~object")], SHAPE]
NumberOrStat = Annotated[Annotated[float, Tag("~number")] | Annotated[StatRef, Tag("~object")], SHAPE]
TextOrStat = Annotated[Annotated[str, Tag("~text")] | Annotated[StatRef, Tag("~object")], SHAPE]
AbilitiesSpec = Annotated[
    Annotated[str, Tag("~text")] | Annotated[list[str], Tag("~list")] | Annotated[StatRef, Tag("~object")],
    SHAPE,
]
CountOrDice = Annotated[Annotated[int, Tag("~number")] | Annotated[str, Tag("~text")], SHAPE]
StatValue = Annotated[
    Annotated[float, Tag("~number")] | Annotated[str, Tag("~text")] | Annotated[bool, Tag("~bool")],
    SHAPE,
]


class Cost(Strict):
    """A whole ``amount`` of one coin, named by its ``unit`` id."""

    amount: int = Field(ge=0)
    unit: str


class Amount(Strict):
    """Dice and a flat number, as a heal's ``amount`` or a recharge's amount."""

    dice: str | None = None
    flat: float | None = None


class ItemFilter(Strict):
    """Picks items by ``rarity``, ``category`` and ``tag``: an item matches when it has every one named."""

    rarity: str | None = None
    category: str | None = None
    tag: str | None = None


class ItemSold(Strict):
    place: str | None = None
    limited: CountOrDice | None = None


class Binds(Strict):
    restriction: str | None = None
    cursed: bool = False


class Modifier(Strict):
    """A change ``to`` checks, saves, defense, attacks or speed, as a condition's."""

    to: str
    flat: float | None = None
    dice: str | None = None
    minus: bool | None = None
    mode: str | None = None
    skills: list[str] | None = None
    saves: list[str] | None = None


class AbilityChange(Strict):
    set: float | None = None
    add: float | None = None


class TypedHarm(Strict):
    """``{"type": "bludgeoning", "except": ["magical"]}``: a kind of harm, with the tags that get through."""

    type: str
    except_: list[str] = Field(default_factory=list, alias="except")


HarmWord = Annotated[Annotated[str, Tag("~text")] | Annotated[TypedHarm, Tag("~object")], SHAPE]


class HeldEffects(Strict):
    """What an item does while ``worn`` or ``carried`` (and a requirement's ``otherwise``)."""

    effects: list[str] = Field(default_factory=list)
    modifiers: list[Modifier] = Field(default_factory=list)
    fails_saves: list[str] = Field(default_factory=list, alias="failsSaves")
    skills: list[str] = Field(default_factory=list)
    saves: list[str] = Field(default_factory=list)
    abilities: dict[str, AbilityChange] = Field(default_factory=dict)
    resist: list[HarmWord] = Field(default_factory=list)
    vulnerable: list[str] = Field(default_factory=list)
    immune: list[HarmWord] = Field(default_factory=list)
    condition_immunities: list[str] = Field(default_factory=list, alias="conditionImmunities")


class Requirement(Strict):
    value: ValueRef
    at_least: float = Field(alias="atLeast")
    otherwise: HeldEffects | None = None


class Check(Strict):
    """What is rolled: a ``skill``, an ``ability`` or a ``value`` off the sheet (exactly one)."""

    skill: str | None = None
    ability: str | None = None
    value: ValueRef | None = None


class Gate(Strict):
    check: Check
    difficulty: IntOrStat
    unless: SheetTest | None = None


class ToHit(Strict):
    abilities: AbilitiesSpec | None = None
    skill: TextOrStat | None = None
    proficiency: ValueRef | None = None
    bonus: NumberOrStat | None = None
    sheet_bonus: ValueRef | None = Field(default=None, alias="sheetBonus")
    target: IntOrStat | None = None


class Damage(Strict):
    dice: TextOrStat | None = None
    abilities: AbilitiesSpec | None = None
    bonus: NumberOrStat | None = None
    type: TextOrStat | None = None
    sheet_bonus: ValueRef | None = Field(default=None, alias="sheetBonus")
    one_handed: bool | None = Field(default=None, alias="oneHanded")
    reroll_up_to: ValueRef | None = Field(default=None, alias="rerollUpTo")


def _strikes_tag(value: Any) -> str:
    return "~stat" if isinstance(value, StatRef) or (isinstance(value, dict) and "stat" in value) else "~ref"


# How many strikes one spend buys: a value off the holder's sheet, or the item's own stat.
StrikesSpec = Annotated[
    Annotated[StatRef, Tag("~stat")] | Annotated[ValueRef, Tag("~ref")], Discriminator(_strikes_tag)
]


class Versatile(Strict):
    """``{"dice": "1d8"}``: the dice a weapon deals instead while each slot it takes has room for as much again."""

    dice: TextOrStat


# The spec's shape is ``{"dice": ...}``; a bare dice string is read as its dice.
VersatileSpec = Annotated[Annotated[str, Tag("~text")] | Annotated[Versatile, Tag("~object")], SHAPE]


class Range(Strict):
    normal: NumberOrStat
    long: NumberOrStat | None = None


class Ammo(Strict):
    tag: str
    per_attack: int = Field(default=1, ge=1, alias="perAttack")
    recover: float = Field(default=0, ge=0, le=1)


class Clip(Strict):
    max: IntOrStat
    reload: str


class Mode(Strict):
    id: str
    label: str
    ammo: int | None = Field(default=None, ge=1)
    to_hit: float | None = Field(default=None, alias="toHit")
    target: int | None = None
    targets: int | None = Field(default=None, ge=1)


class HitSave(Strict):
    """``{"save": <save id>, "difficulty": n}``: the save a target rolls as an onHit condition would go on."""

    save: str
    difficulty: IntOrStat | None = None


class SaveEnds(Strict):
    """``{"save", "difficulty", "at"}``: the condition lasts until its holder makes that save then."""

    save: str
    difficulty: IntOrStat | None = None
    at: Literal["turn-start", "turn-end", "damaged"]


class ClauseSave(Strict):
    """A plus clause's own save: its ``difficulty`` and what a success does (``half`` or ``none``)."""

    save: str | None = None
    difficulty: IntOrStat | None = None
    on_success: Literal["half", "none"] | None = Field(default=None, alias="onSuccess")


class OnHit(Strict):
    condition: str
    at_least: float | None = Field(default=None, alias="atLeast")
    rounds: int | None = Field(default=None, ge=1)
    save: HitSave | None = None
    save_ends: SaveEnds | None = Field(default=None, alias="saveEnds")


class PlusClause(Strict):
    dice: str | None = None
    flat: float | None = None
    type: str | None = None
    save: ClauseSave | None = None
    target_is: dict[str, Any] | None = Field(default=None, alias="targetIs")
    when: Literal["critical", "toggled"] | None = None


class Attack(Strict):
    budget: str
    to_hit: ToHit | None = Field(default=None, alias="toHit")
    damage: Damage | None = None
    reach: NumberOrStat | None = None
    range: Range | None = None
    versatile: VersatileSpec | None = None
    strikes: StrikesSpec | None = None
    ammo: Ammo | None = None
    clip: Clip | None = None
    modes: list[Mode] = Field(default_factory=list, max_length=6)
    off_hand: bool = Field(default=False, alias="offHand")
    floor: IntOrStat | None = None
    on_hit: list[OnHit] = Field(default_factory=list, alias="onHit", max_length=4)
    plus: list[PlusClause] = Field(default_factory=list, max_length=3)


class Toggle(Strict):
    label: str
    budget: str


class Restore(Strict):
    pool: str
    amount: Amount


class Applies(Strict):
    condition: str
    duration: dict[str, Any] | None = None


# What a catalog entry's mechanics may carry but a use may not (spec "Using items in a fight").
USE_REFUSED_KEYS: tuple[str, ...] = (
    "cost",
    "perCostStep",
    "check",
    "reaction",
    "scales",
    "gives",
    "standard",
    "rider",
)


class Use(Strict):
    kind: Literal["heal", "attack", "buff", "debuff"]
    budget: str | None = None
    free: bool = False
    amount: Amount | None = None
    damage_type: str | None = Field(default=None, alias="damageType")
    plus: list[dict[str, Any]] = Field(default_factory=list)
    attack_roll: bool | None = Field(default=None, alias="attackRoll")
    to_hit: ToHit | None = Field(default=None, alias="toHit")
    save: dict[str, Any] | None = None
    save_difficulty: IntOrStat | None = Field(default=None, alias="saveDifficulty")
    applies: list[Applies] = Field(default_factory=list)
    temporary: Amount | None = None
    range: float | None = None
    area: dict[str, Any] | None = None
    targets: str | None = None
    target_count: int | None = Field(default=None, alias="targetCount", ge=1)
    friendly_fire: bool | None = Field(default=None, alias="friendlyFire")
    concentration: bool | dict[str, Any] | None = None
    zone: dict[str, Any] | None = None
    consumes: bool = False
    charges: int | None = Field(default=None, ge=1)
    restore: Restore | None = None
    gate: Gate | None = None


RechargeAmount = Annotated[
    Annotated[Literal["max"], Tag("~text")] | Annotated[Amount, Tag("~object")],
    SHAPE,
]


class Recharge(Strict):
    rests: list[str] = Field(min_length=1)
    amount: RechargeAmount = "max"


class BreaksOn(Strict):
    die: int = Field(ge=2)
    at_most: int = Field(alias="atMost", ge=1)


class Charges(Strict):
    max: IntOrStat
    recharge: Recharge | None = None
    breaks_on: BreaksOn | None = Field(default=None, alias="breaksOn")


class Carries(Strict):
    any_of: list[str] = Field(alias="anyOf", min_length=1)


class Tell(Strict):
    """A check that can give a fake away (a tell), or a dishonest seller's ``manner``."""

    check: Check
    dc: int = Field(ge=1)
    says: str
    needs: list[SheetTest] = Field(default_factory=list)
    needs_any: list[SheetTest] = Field(default_factory=list, alias="needsAny")
    carries: Carries | None = None
    advantage_if: list[SheetTest] = Field(default_factory=list, alias="advantageIf")
    disadvantage_if: list[SheetTest] = Field(default_factory=list, alias="disadvantageIf")


class Item(Strict):
    category: str
    rarity: str | None = None
    tags: list[str] = Field(default_factory=list)
    stats: dict[str, StatValue] = Field(default_factory=dict)
    slots: dict[str, int] = Field(default_factory=dict)
    stack: int | None = Field(default=None, ge=1, le=999_999)
    cost: Cost | None = None
    sold: ItemSold | None = None
    service: bool = False
    binds: Binds | None = None
    worn: HeldEffects | None = None
    carried: HeldEffects | None = None
    requires: list[Requirement] = Field(default_factory=list, max_length=4)
    attack: Attack | None = None
    toggle: Toggle | None = None
    use: Use | None = None
    charges: Charges | None = None
    gate: Gate | None = None
    risky: str | None = None
    passes_for: str | None = Field(default=None, alias="passesFor")
    tells: list[Tell] = Field(default_factory=list, max_length=6)
    fools_reveal: list[str] = Field(default_factory=list, alias="foolsReveal")

    @property
    def is_fake(self) -> bool:
        return self.passes_for is not None

    @property
    def is_cursed(self) -> bool:
        """A cursed item (``binds.cursed``): once bound, it stays bound."""
        return self.binds is not None and self.binds.cursed

    @property
    def is_one_to_a_stack(self) -> bool:
        """An item that holds charges is one item's (spec "An item": ``stack``)."""
        return self.charges is not None or (self.use is not None and self.use.charges is not None)
