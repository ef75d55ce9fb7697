"""Model bases and small shared types of the ruleset models.

Owns the two configurations every ruleset model uses (``Strict`` for what tagproc reads, ``Lenient`` for the
sheet and the objects tagproc reads in part), the ``$comment`` key every object may carry, the shape
discriminator that keeps "a number or an object" unions to one error each, and the dice-string syntax.

Invariant: no model lets an unknown key pass. ``Strict`` refuses every key it does not declare; ``Lenient``
keeps the keys of its ``passthrough`` (what the file format has there that tagproc does not read, kept in
``model_extra``) and refuses any other with pydantic's own ``extra_forbidden`` error, beside whatever else is
wrong in the same object.

Invariant: every union in the ruleset models is discriminated by a plain function of the raw JSON value, so a
pydantic error names exactly one member and its location never carries an untagged union member; the tags
start with ``~`` and :mod:`tagproc.ruleset.errors` drops them from paths.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    GetJsonSchemaHandler,
    ValidationError,
    model_validator,
)
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import InitErrorDetails, PydanticCustomError

# The tags the shape discriminator hands out; ``errors`` turns them back into words.
SHAPE_WORDS: dict[str, str] = {
    "~number": "a number",
    "~text": "a string",
    "~object": "an object",
    "~list": "a list",
    "~bool": "true or false",
    "~null": "null",
}


class Strict(BaseModel):
    """A ruleset object tagproc reads: frozen, and an unknown key is an error (a typo never passes silently)."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    comment: str | None = Field(default=None, alias="$comment")


class KnownKeys(BaseModel):
    """Keeps the keys named in ``passthrough`` beside the declared fields, and refuses every other key."""

    passthrough: ClassVar[frozenset[str]] = frozenset()
    open_keys: ClassVar[bool] = False
    """True for an object whose keys tagproc cannot know (a derived op it does not work out): all are kept."""

    @classmethod
    def known_keys(cls) -> frozenset[str]:
        """Every key this object may have: its fields (by alias and by name) and its passthrough."""
        names = {name for name in cls.model_fields}
        names |= {f.alias for f in cls.model_fields.values() if f.alias is not None}
        return frozenset(names) | cls.passthrough

    @classmethod
    def __get_pydantic_json_schema__(cls, core_schema: Any, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        """The schema names the passthrough keys (any value) and, unless the keys are open, refuses others."""
        schema = handler(core_schema)
        target = handler.resolve_ref_schema(schema)
        if not cls.open_keys and target.get("type") == "object":
            properties = target.setdefault("properties", {})
            for key in sorted(cls.passthrough):
                properties.setdefault(key, {})
            target["additionalProperties"] = False
        return schema

    @model_validator(mode="wrap")
    @classmethod
    def _refuse_unknown_keys(cls, data: Any, handler: Any) -> Any:
        if cls.open_keys or not isinstance(data, dict):
            return handler(data)
        known = cls.known_keys()
        unknown = [key for key in data if key not in known]
        if not unknown:
            return handler(data)
        errors: list[InitErrorDetails] = []
        try:
            handler({key: value for key, value in data.items() if key in known})
        except ValidationError as error:
            for found in error.errors(include_url=False):
                kind = PydanticCustomError(found["type"], found["msg"], found.get("ctx"))
                errors.append({"type": kind, "loc": found["loc"], "input": found["input"]})
        errors.extend({"type": "extra_forbidden", "loc": (key,), "input": data[key]} for key in unknown)
        raise ValidationError.from_exception_data(cls.__name__, errors)


class Lenient(KnownKeys):
    """A ruleset object tagproc reads only in part: the keys in ``passthrough`` are kept, any other refused."""

    model_config = ConfigDict(frozen=True, extra="allow", populate_by_name=True)

    comment: str | None = Field(default=None, alias="$comment")


def shape_of(value: Any) -> str:
    """The shape tag of a raw JSON value (or of an already-built model, which is an object)."""
    if isinstance(value, bool):
        return "~bool"
    if isinstance(value, int | float):
        return "~number"
    if isinstance(value, str):
        return "~text"
    if isinstance(value, dict | BaseModel):
        return "~object"
    if isinstance(value, list | tuple):
        return "~list"
    return "~null"


SHAPE = Discriminator(shape_of)
"""Use as ``Annotated[Union[Annotated[int, Tag("~number")], Annotated[X, Tag("~object")]], SHAPE]``."""


DICE_RE = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$")


def parse_dice(text: str) -> tuple[int, int, int] | None:
    """``"2d6+1"`` → ``(2, 6, 1)``; ``None`` when the text is no dice expression tagproc can roll."""
    match = DICE_RE.match(text)
    if match is None:
        return None
    count = int(match.group(1)) if match.group(1) else 1
    sides = int(match.group(2))
    flat = int(match.group(4)) if match.group(4) else 0
    if match.group(3) == "-":
        flat = -flat
    if not 1 <= count <= 100 or not 2 <= sides <= 1000:
        return None
    return count, sides, flat


def is_dice(text: str) -> bool:
    return parse_dice(text) is not None


_FORBIDDEN_IN_LABEL = re.compile(r"[\[\]\r\n]|\{\{")


def label_problem(text: str) -> str | None:
    """Why a text that reaches a prompt is unusable there, or ``None``: no line breaks, brackets or ``{{``."""
    if _FORBIDDEN_IN_LABEL.search(text):
        return "A name shown to the Game Master may not contain line breaks, square brackets or {{"
    if not text.strip():
        return "A name may not be empty"
    return None
