"""The JSON Schema of a ruleset file, for editors: ``tagproc schema``.

Owns :func:`ruleset_json_schema`, pydantic's validation schema of :class:`~tagproc.ruleset.models.Ruleset` by
alias. Every union in the models is discriminated by the value's shape or key, which JSON Schema cannot say, so
``oneOf`` is written as ``anyOf`` (a sheet's unknown derived op overlaps the known ones on purpose). The schema
checks shape only; cross-references are ``tagproc check``'s.
"""

from __future__ import annotations

from typing import Any

from tagproc.ruleset.models import Ruleset

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


def _any_of(node: Any) -> Any:
    """``node`` with every ``oneOf`` keyword written as ``anyOf`` (a property named "oneOf" stays)."""
    if isinstance(node, list):
        return [_any_of(value) for value in node]
    if not isinstance(node, dict):
        return node
    result: dict[str, Any] = {}
    for key, value in node.items():
        if key in ("properties", "$defs", "patternProperties"):
            result[key] = {name: _any_of(schema) for name, schema in value.items()}
        else:
            result["anyOf" if key == "oneOf" else key] = _any_of(value)
    return result


def ruleset_json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) a ruleset file validates against."""
    schema: dict[str, Any] = _any_of(Ruleset.model_json_schema(by_alias=True, mode="validation"))
    schema = {"$schema": SCHEMA_DIALECT, **schema}
    schema["title"] = "tagproc ruleset"
    schema["description"] = "A ruleset file: its sheet, rests, catalogs and items block (Marinara Engine)."
    return schema
