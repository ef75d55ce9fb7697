"""The slice of a ruleset's ``resolution``, ``sheet`` and ``rests`` that items read.

Owns lenient models of what the reference rulesets Ember Roads and Gravewatch write there: abilities, skills,
saves, fields, derived values, lists, the live pools, tracks, conditions and states, and the rests with their
restore steps and clears. Keys of the file format tagproc does not read (``sections``, ``hideWhen``, ``boxes``,
``bonusRange``...) are each model's ``passthrough``: kept in ``model_extra``, never refused; any other key is
refused as unknown (a typo such as ``"mxa"`` never passes). What items name (an ability, a skill, a pool, a
rest) is looked up through the ``*_ids`` helpers, which :mod:`tagproc.ruleset.validate` uses.
"""

from __future__ import annotations

from functools import cached_property
from typing import Annotated, Any, ClassVar

from pydantic import ConfigDict, Discriminator, Field, Tag

from tagproc.ruleset.base import SHAPE, KnownKeys, Lenient, Strict
from tagproc.ruleset.refs import EnumTableRef, OpRef, StepTableRef, ValueRef

NumberOrRef = Annotated[
    Annotated[float, Tag("~number")] | Annotated[ValueRef, Tag("~object")],
    SHAPE,
]


class AbilityModifier(Lenient):
    """How a score becomes a number: ``identity``, ``floorHalfMinusTen`` (5e) or ``stepTable``."""

    op: str = "identity"
    table: list[tuple[float, float]] | None = None


class Dice(Lenient):
    count: int = 1
    sides: int


class Die(Lenient):
    sides: int


class Resolution(Lenient):
    """How a check is rolled. ``dice-sum`` adds ``dice``; ``dice-pool`` throws a pool of ``die``."""

    passthrough: ClassVar[frozenset[str]] = frozenset(
        {
            "adjust",
            "botch",
            "cancel",
            "difficultyLadder",
            "exceptional",
            "explode",
            "penaltyFrom",
            "pool",
            "proficiency",
            "proficiencyTiers",
            "reroll",
            "situationalDice",
            "spend",
            "target",
            "stances",
        }
    )

    kind: str
    dice: Dice | None = None
    die: Die | None = None
    ability_modifier: AbilityModifier = Field(default_factory=AbilityModifier, alias="abilityModifier")
    advantage: bool | None = None


class Ability(Lenient):
    id: str
    label: str
    short: str | None = None
    min: float | None = None
    max: float | None = None
    default: float | None = None


class Skill(Lenient):
    passthrough: ClassVar[frozenset[str]] = frozenset({"cap", "untrained"})

    id: str
    label: str
    ability: str | None = None


class Field_(Lenient):
    passthrough: ClassVar[frozenset[str]] = frozenset({"hideWhen", "maxLength", "section"})

    id: str
    label: str
    type: str = "text"
    min: float | None = None
    max: float | None = None
    default: Any = None
    values: list[str] | None = None


class ListColumn(Lenient):
    passthrough: ClassVar[frozenset[str]] = frozenset(
        {"default", "example", "max", "maxLength", "min", "required", "valueLabels", "values"}
    )

    id: str
    label: str | None = None
    type: str = "text"


class SheetList(Lenient):
    passthrough: ClassVar[frozenset[str]] = frozenset({"maxItems", "pools", "section"})

    id: str
    label: str | None = None
    columns: list[ListColumn] = Field(default_factory=list)


DERIVED_PASSTHROUGH: frozenset[str] = frozenset({"section"})
"""What a derived entry may carry beside its op that tagproc does not read."""


class _DerivedBase:
    """Marks a sheet ``derived`` entry: an op with an ``id`` and ``label`` beside it."""


class DerivedOp(OpRef, KnownKeys, _DerivedBase):
    model_config = ConfigDict(extra="allow")
    passthrough: ClassVar[frozenset[str]] = DERIVED_PASSTHROUGH
    id: str
    label: str | None = None


class DerivedStepTable(StepTableRef, KnownKeys, _DerivedBase):
    model_config = ConfigDict(extra="allow")
    passthrough: ClassVar[frozenset[str]] = DERIVED_PASSTHROUGH
    id: str
    label: str | None = None


class DerivedEnumTable(EnumTableRef, KnownKeys, _DerivedBase):
    model_config = ConfigDict(extra="allow")
    passthrough: ClassVar[frozenset[str]] = DERIVED_PASSTHROUGH
    id: str
    label: str | None = None


class DerivedOther(Lenient, _DerivedBase):
    """A derived op tagproc does not work out itself (``scale``...): kept, and an error only if evaluated.

    Its keys are the op's, which tagproc does not know, so none is refused.
    """

    open_keys: ClassVar[bool] = True

    id: str
    label: str | None = None
    op: str


def _derived_tag(value: Any) -> str:
    op = value.get("op") if isinstance(value, dict) else getattr(value, "op", None)
    if op in ("sum", "max", "min"):
        return "~op"
    if op in ("stepTable", "enumTable"):
        return "~" + str(op)
    return "~other"


DerivedValue = Annotated[
    Annotated[DerivedOp, Tag("~op")]
    | Annotated[DerivedStepTable, Tag("~stepTable")]
    | Annotated[DerivedEnumTable, Tag("~enumTable")]
    | Annotated[DerivedOther, Tag("~other")],
    Discriminator(_derived_tag),
]


class Pool(Lenient):
    id: str
    label: str
    max: NumberOrRef


class Track(Lenient):
    passthrough: ClassVar[frozenset[str]] = frozenset(
        {"alwaysShow", "boxes", "extra", "fill", "kinds", "onFull", "section"}
    )

    id: str
    label: str
    min: float = 0
    max: NumberOrRef
    default: float | None = None
    levels: list[dict[str, Any]] | None = None


class Condition(Lenient):
    id: str
    label: str


class State(Lenient):
    passthrough: ClassVar[frozenset[str]] = frozenset({"valueLabels"})

    id: str
    label: str
    values: list[str]
    default: str | None = None


class Live(Lenient):
    pools: list[Pool] = Field(default_factory=list)
    tracks: list[Track] = Field(default_factory=list)
    conditions: list[Condition] = Field(default_factory=list)
    states: list[State] = Field(default_factory=list)


class Sheet(Lenient):
    passthrough: ClassVar[frozenset[str]] = frozenset(
        {"sections", "bonusRange", "version", "builder", "advancement"}
    )

    abilities: list[Ability] = Field(default_factory=list)
    skills: list[Skill] = Field(default_factory=list)
    saves: list[Skill] = Field(default_factory=list)
    fields: list[Field_] = Field(default_factory=list)
    derived: list[DerivedValue] = Field(default_factory=list)
    lists: list[SheetList] = Field(default_factory=list)
    live: Live = Field(default_factory=Live)

    @cached_property
    def derived_by_id(self) -> dict[str, DerivedOp | DerivedStepTable | DerivedEnumTable | DerivedOther]:
        return {d.id: d for d in self.derived}

    def ability_ids(self) -> set[str]:
        return {a.id for a in self.abilities}

    def skill_ids(self) -> set[str]:
        return {s.id for s in self.skills}

    def save_ids(self) -> set[str]:
        return {s.id for s in self.saves}

    def field_ids(self) -> set[str]:
        return {f.id for f in self.fields}

    def pool_ids(self) -> set[str]:
        return {p.id for p in self.live.pools}

    def track_ids(self) -> set[str]:
        return {t.id for t in self.live.tracks}

    def condition_ids(self) -> set[str]:
        return {c.id for c in self.live.conditions}

    def state_ids(self) -> set[str]:
        return {s.id for s in self.live.states}


class FractionOfMax(Strict):
    fraction_of_max: float = Field(alias="fractionOfMax")


def _by_tag(value: Any) -> str:
    if (isinstance(value, dict) and "fractionOfMax" in value) or isinstance(value, FractionOfMax):
        return "~fraction"
    return "~number" if isinstance(value, int | float) and not isinstance(value, bool) else "~ref"


RestBy = Annotated[
    Annotated[float, Tag("~number")]
    | Annotated[FractionOfMax, Tag("~fraction")]
    | Annotated[ValueRef, Tag("~ref")],
    Discriminator(_by_tag),
]


class RestStep(Lenient):
    """One restore step: a ``pool``, ``poolGroup``, ``listPools``, ``track`` or ``state``, set ``to`` or moved ``by``."""

    passthrough: ClassVar[frozenset[str]] = frozenset({"listPools", "poolGroup", "recharge"})

    pool: str | None = None
    track: str | None = None
    state: str | None = None
    kind: str | None = None
    to: str | float | None = None
    by: RestBy | None = None


class RestClear(Lenient):
    conditions: list[str] = Field(default_factory=list)


class Rest(Lenient):
    id: str
    label: str
    restore: list[RestStep] = Field(default_factory=list)
    clear: RestClear | None = None
