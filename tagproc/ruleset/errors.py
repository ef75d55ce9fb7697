"""Problems with a ruleset, each a dotted path and a sentence its author can act on.

Owns :class:`Problem`, :class:`RulesetError` (raised with every problem at once) and the translation of
pydantic's errors into the same form. Paths address catalogs and their entries by id
(``catalogs.kit.entries.watch-pistol.item.sold.place``) and every other list by index (``items.market.sellers.0``),
so a path is stable when entries are reordered and still points at one object.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from tagproc.ruleset.base import SHAPE_WORDS
from tagproc.ruleset.item import USE_REFUSED_KEYS
from tagproc.ruleset.refs import READING_KEYS


@dataclass(frozen=True, slots=True)
class Problem:
    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


class RulesetError(ValueError):
    """A ruleset that cannot be used, with every problem found in it."""

    def __init__(self, problems: Sequence[Problem], source: str | None = None) -> None:
        self.problems = tuple(problems)
        self.source = source
        head = f"{source}: " if source else ""
        lines = "\n".join(f"  {p}" for p in self.problems)
        super().__init__(f"{head}{len(self.problems)} problem(s) in the ruleset\n{lines}")


def path_of(loc: Iterable[str | int], data: Any) -> str:
    """A pydantic location as a dotted path, with catalogs and entries by id and union tags left out."""
    parts: list[str] = []
    node: Any = data
    previous: str | int | None = None
    for step in loc:
        if isinstance(step, str) and step.startswith("~"):
            continue  # a discriminator tag, not a place in the file
        label: str | int = step
        if isinstance(step, int) and isinstance(node, list) and 0 <= step < len(node):
            item = node[step]
            if (
                previous in ("catalogs", "entries")
                and isinstance(item, dict)
                and isinstance(item.get("id"), str)
            ):
                label = item["id"]
            node = item
        elif isinstance(node, dict):
            node = node.get(step) if isinstance(step, str) else None
        else:
            node = None
        parts.append(str(label))
        previous = step
    return ".".join(parts)


def _words_for_tags(tags: Iterable[str]) -> str:
    tags = [t.strip().strip("'") for t in tags]
    if any(t.lstrip("~") in READING_KEYS for t in tags):
        keys = ", ".join(READING_KEYS)
        return f"a value reference (an object with one of {keys}, or an op sum/max/min/stepTable/enumTable)"
    words = [SHAPE_WORDS.get(t, t.lstrip("~")) for t in tags]
    return " or ".join(words)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def sentence_for(error: ErrorDetails) -> str:
    """One actionable sentence for one pydantic error."""
    kind = error["type"]
    ctx: dict[str, Any] = dict(error.get("ctx") or {})
    loc = error["loc"]
    got = error.get("input")
    key = loc[-1] if loc else ""
    if kind == "missing":
        return f'"{key}" is required here'
    if kind == "extra_forbidden":
        parent = next((p for p in reversed(loc[:-1]) if isinstance(p, str) and not p.startswith("~")), "")
        if parent == "use" and key in USE_REFUSED_KEYS:
            return f'"{key}" is for a catalog entry a sheet holds and is refused on an item\'s use'
        return f'Unknown key "{key}" (check its spelling, or leave it out: tagproc does not read it here)'
    if kind == "union_tag_invalid":
        return f"Expected {_words_for_tags(str(ctx.get('expected_tags', '')).split(', '))}, got {_short(got)}"
    if kind == "too_long":
        return f"At most {ctx.get('max_length')} allowed here, got {ctx.get('actual_length')}"
    if kind == "too_short":
        return f"At least {ctx.get('min_length')} needed here, got {ctx.get('actual_length')}"
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        bound = {"greater_than_equal": "at least", "greater_than": "above", "less_than_equal": "at most"}
        which = bound.get(kind, "below")
        limit = next(iter(ctx.values()), "")
        if isinstance(limit, float) and limit.is_integer():
            limit = int(limit)
        return f"Must be {which} {limit}, got {_short(got)}"
    if kind == "literal_error":
        return f"Must be {ctx.get('expected')}, got {_short(got)}"
    if kind == "int_from_float":
        return f"Must be a whole number, got {_short(got)}"
    if kind == "string_pattern_mismatch" and key == "unit":
        return f'A weight unit is 1 to 12 letters, such as "lb", got {_short(got)}'
    if kind == "string_type" and loc == ("capabilityApi",):
        return f'Write the Capability API version as a string, such as "1.69", got {_short(got)}'
    message = error["msg"]
    return f"{message}, got {_short(got)}" if "input" in error else message


def problems_from(error: ValidationError, data: Any) -> list[Problem]:
    return [Problem(path_of(e["loc"], data), sentence_for(e)) for e in error.errors(include_url=False)]
