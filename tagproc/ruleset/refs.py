"""Value references: the closed vocabulary a ruleset reads a number (or a word) off a character with.

A value reference is an object with exactly one reading key, as the reference rulesets write them
(``{"const": 6}``, ``{"abilityMod": "wits"}``, ``{"derived": "guard"}``, ``{"liveTrack": "harm", "read":
"remaining"}``, ``{"itemStat": {"stat": "guard", "from": "worn", "pick": "sum"}}``), or an op:
``{"op": "sum"|"max"|"min", "of": [...]}``, ``{"op": "stepTable", "from": ref, "table": [[at, value], ...]}``
and ``{"op": "enumTable", "from": ref, "table": {"word": value}}``. A sheet's ``derived`` entry is an op with an
``id`` and a ``label`` beside it (see :mod:`tagproc.ruleset.sheet`).

Owns the models only; :mod:`tagproc.ruleset.values` evaluates them. ``LIVE_KINDS`` names the readings that
change in play (spec "Items on the sheet": a maximum, ``binding.max`` and the carry numbers may not read them).
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, Discriminator, Field, Tag

from tagproc.ruleset.base import Strict


class Ref(Strict):
    """Base of every value reference; ``kind`` is the reading key (or the op's family)."""

    kind: ClassVar[str] = ""


class ConstRef(Ref):
    kind: ClassVar[str] = "const"
    const: float


class AbilityScoreRef(Ref):
    kind: ClassVar[str] = "abilityScore"
    ability_score: str = Field(alias="abilityScore")


class AbilityModRef(Ref):
    kind: ClassVar[str] = "abilityMod"
    ability_mod: str = Field(alias="abilityMod")


class AbilityModFromFieldRef(Ref):
    """The modifier of the ability a field names (a 5e caster's spellcasting ability)."""

    kind: ClassVar[str] = "abilityModFromField"
    ability_mod_from_field: str = Field(alias="abilityModFromField")


class FieldRef(Ref):
    kind: ClassVar[str] = "field"
    field: str


class DerivedRef(Ref):
    kind: ClassVar[str] = "derived"
    derived: str


class SkillModRef(Ref):
    kind: ClassVar[str] = "skillMod"
    skill_mod: str = Field(alias="skillMod")


class SaveModRef(Ref):
    kind: ClassVar[str] = "saveMod"
    save_mod: str = Field(alias="saveMod")


class LivePoolRef(Ref):
    kind: ClassVar[str] = "livePool"
    live_pool: str = Field(alias="livePool")
    read: Literal["current", "max", "missing"] = "current"


class LiveTrackRef(Ref):
    kind: ClassVar[str] = "liveTrack"
    live_track: str = Field(alias="liveTrack")
    read: Literal["value", "remaining", "max"] = "value"


class LiveStateRef(Ref):
    """The word a live state holds (an ``enumTable`` reads it)."""

    kind: ClassVar[str] = "liveState"
    live_state: str = Field(alias="liveState")


class ListSumRef(Ref):
    """A sum (or count) over a sheet list's rows; the rows are the engine's, so the context supplies it."""

    kind: ClassVar[str] = "listSum"
    list_sum: dict[str, Any] = Field(alias="listSum")


class ItemStatQuery(Strict):
    """What ``itemStat`` reads (spec "Items on the sheet")."""

    stat: str | None = None
    from_: Literal["worn", "carried", "all"] = Field(default="all", alias="from")
    pick: Literal["sum", "max", "min", "count"] = "sum"
    slot: str | None = None
    category: str | None = None
    tag: str | None = None
    default: float = 0


class ItemStatRef(Ref):
    kind: ClassVar[str] = "itemStat"
    item_stat: ItemStatQuery = Field(alias="itemStat")


class OpRef(Ref):
    kind: ClassVar[str] = "op"
    op: Literal["sum", "max", "min"]
    of: list[ValueRef] = Field(min_length=1)


class StepTableRef(Ref):
    """The value of the last row whose threshold the read value reaches (rows ascending)."""

    kind: ClassVar[str] = "stepTable"
    op: Literal["stepTable"]
    from_: ValueRef = Field(alias="from")
    table: list[tuple[float, float]] = Field(min_length=1)


class EnumTableRef(Ref):
    """A number per word; a word the table does not name reads ``default``."""

    kind: ClassVar[str] = "enumTable"
    op: Literal["enumTable"]
    from_: ValueRef = Field(alias="from")
    table: dict[str, float]
    default: float = 0


READING_KEYS: tuple[str, ...] = (
    "const",
    "abilityScore",
    "abilityMod",
    "abilityModFromField",
    "field",
    "derived",
    "skillMod",
    "saveMod",
    "livePool",
    "liveTrack",
    "liveState",
    "listSum",
    "itemStat",
)
OP_TAGS: dict[str, str] = {
    "sum": "~op",
    "max": "~op",
    "min": "~op",
    "stepTable": "~stepTable",
    "enumTable": "~enumTable",
}
LIVE_KINDS: frozenset[str] = frozenset({"livePool", "liveTrack", "liveState", "itemStat"})
"""Readings that change in play; ``itemStat`` counts, since items change in play too."""


def ref_tag(value: Any) -> str:
    """Which reference a raw JSON value is, by its reading key or its op; ``~unknown`` when none."""
    if isinstance(value, Ref):
        op = getattr(value, "op", None)
        return OP_TAGS.get(op, "~" + value.kind) if isinstance(op, str) else "~" + value.kind
    if isinstance(value, dict):
        if "op" in value:
            return OP_TAGS.get(str(value["op"]), "~unknown")
        for key in value:
            if key in READING_KEYS:
                return "~" + str(key)
    return "~unknown"


ValueRef = Annotated[
    Annotated[ConstRef, Tag("~const")]
    | Annotated[AbilityScoreRef, Tag("~abilityScore")]
    | Annotated[AbilityModRef, Tag("~abilityMod")]
    | Annotated[AbilityModFromFieldRef, Tag("~abilityModFromField")]
    | Annotated[FieldRef, Tag("~field")]
    | Annotated[DerivedRef, Tag("~derived")]
    | Annotated[SkillModRef, Tag("~skillMod")]
    | Annotated[SaveModRef, Tag("~saveMod")]
    | Annotated[LivePoolRef, Tag("~livePool")]
    | Annotated[LiveTrackRef, Tag("~liveTrack")]
    | Annotated[LiveStateRef, Tag("~liveState")]
    | Annotated[ListSumRef, Tag("~listSum")]
    | Annotated[ItemStatRef, Tag("~itemStat")]
    | Annotated[OpRef, Tag("~op")]
    | Annotated[StepTableRef, Tag("~stepTable")]
    | Annotated[EnumTableRef, Tag("~enumTable")],
    Discriminator(ref_tag),
]

OpRef.model_rebuild()
StepTableRef.model_rebuild()
EnumTableRef.model_rebuild()


def walk_refs(ref: BaseModel) -> list[tuple[str, Ref]]:
    """The reference and every reference nested in it, each with its path below ``ref`` (``""``, ``"of.2"``)."""
    found: list[tuple[str, Ref]] = []
    stack: list[tuple[str, BaseModel]] = [("", ref)]
    while stack:
        path, current = stack.pop()
        if isinstance(current, Ref):
            found.append((path, current))
        prefix = f"{path}." if path else ""
        if isinstance(current, OpRef):
            stack.extend((f"{prefix}of.{n}", part) for n, part in reversed(list(enumerate(current.of))))
        elif isinstance(current, StepTableRef | EnumTableRef):
            stack.append((f"{prefix}from", current.from_))
    return found


def iter_refs(ref: BaseModel) -> list[Ref]:
    """The reference and every reference nested in it, depth first."""
    return [part for _, part in walk_refs(ref)]


class SheetTest(Strict):
    """A value off the sheet held against a least number: ``requires``, ``only``, ``fits``, ``unless``..."""

    value: ValueRef
    at_least: float = Field(alias="atLeast")
    label: str | None = None
