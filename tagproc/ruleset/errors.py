"""Problems with a ruleset, each a dotted path and a sentence its author can act on.

Owns :class:`Problem`, :class:`RulesetError` (raised with every problem at once) and the translation of
pydantic's errors into the same form. Paths address every entry that has an id by its id
(``catalogs.kit.entries.watch-pistol.item.sold.place``, ``items.market.sellers.smith.sells.0``,
``sheet.abilities.brawn``) and an entry without one by its index (``items.lootTables.grave_goods.entries.0``), so
a path is stable when entries are reordered and still points at one object; :func:`step_of` is the rule, used
for the paths the cross-reference checks build too. An unknown key says the known key it is likely a typo of.

Building a message never does work proportional to the size of the input: values are quoted through a bounded
:func:`_short`, and a key or id too long to be a real one is neither compared nor used in a path.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from tagproc.ruleset.base import SHAPE_WORDS
from tagproc.ruleset.item import USE_REFUSED_KEYS
from tagproc.ruleset.keys import close_key, keys_at
from tagproc.ruleset.models import Ruleset
from tagproc.ruleset.refs import READING_KEYS

_LONGEST_ID = 64


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


def step_of(entry: Any, index: int) -> str:
    """How a path names the ``index``-th entry of a list: by its id where it has a usable one, else by index.

    ``entry`` is a raw JSON object or a model. An id is usable when it is a non-empty string of at most 64
    characters without a dot (a dot would split the path).
    """
    ident = entry.get("id") if isinstance(entry, dict) else getattr(entry, "id", None)
    if isinstance(ident, str) and ident and len(ident) <= _LONGEST_ID and "." not in ident:
        return ident
    return str(index)


def path_of(loc: Iterable[str | int], data: Any) -> str:
    """A pydantic location as a dotted path, with entries that have ids by id and union tags left out."""
    parts: list[str] = []
    node: Any = data
    for step in loc:
        if isinstance(step, str) and step.startswith("~"):
            continue  # a discriminator tag, not a place in the file
        label = str(step)
        if isinstance(step, int) and isinstance(node, list) and 0 <= step < len(node):
            label = step_of(node[step], step)
            node = node[step]
        elif isinstance(node, dict) and isinstance(step, str):
            node = node.get(step)
        else:
            node = None
        parts.append(label if len(label) <= _LONGEST_ID else label[:_LONGEST_ID] + "...")
    return ".".join(parts)


def _words_for_tags(tags: Iterable[str]) -> str:
    tags = [t.strip().strip("'") for t in tags]
    if any(t.lstrip("~") in READING_KEYS for t in tags):
        keys = ", ".join(READING_KEYS)
        return f"a value reference (an object with one of {keys}, or an op sum/max/min/stepTable/enumTable)"
    words = [SHAPE_WORDS.get(t, t.lstrip("~")) for t in tags]
    return " or ".join(words)


def _short(value: Any) -> str:
    """At most 60 characters of ``value``'s repr, never building the repr of a large value whole."""
    if isinstance(value, str):
        text = repr(value[:61])
    elif isinstance(value, dict | list | tuple):
        text = _bounded_repr(value, 61)
    else:
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _bounded_repr(value: Any, budget: int) -> str:
    """A repr of a JSON value cut off after about ``budget`` characters, walking no more of it than that."""
    pieces: list[str] = []
    used = 0
    stack: list[Any] = [value]
    while stack and used <= budget:
        node = stack.pop()
        if isinstance(node, _Text):
            piece = node.text
        elif isinstance(node, dict):
            piece = "{"
            items = list(islice(node.items(), budget))
            stack.append(_Text("}"))
            for n, (key, item) in enumerate(reversed(items)):
                stack.append(item)
                stack.append(_Text(f"{_short(key) if isinstance(key, str) else repr(key)}: "))
                if n < len(items) - 1:
                    stack.append(_Text(", "))
        elif isinstance(node, list | tuple):
            piece = "["
            items = list(islice(node, budget))
            stack.append(_Text("]"))
            for n, item in enumerate(reversed(items)):
                stack.append(item)
                if n < len(items) - 1:
                    stack.append(_Text(", "))
        elif isinstance(node, str):
            piece = repr(node[: budget + 1])
        else:
            piece = repr(node)[: budget + 1]
        pieces.append(piece)
        used += len(piece)
    return "".join(pieces)


@dataclass(frozen=True, slots=True)
class _Text:
    text: str


def sentence_for(error: ErrorDetails, root: type[BaseModel] = Ruleset) -> str:
    """One actionable sentence for one pydantic error of a ``root`` document (a whole ruleset)."""
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
        name = str(key) if len(str(key)) <= _LONGEST_ID else str(key)[:_LONGEST_ID] + "..."
        close = close_key(str(key), keys_at(root, loc[:-1]))
        if close is not None:
            return f'Unknown key "{name}"; did you mean "{close}"?'
        return f'Unknown key "{name}" (check its spelling, or leave it out: tagproc does not read it here)'
    if kind == "union_tag_invalid":
        tags = str(ctx.get("expected_tags", "")).split(", ")
        sentence = f"Expected {_words_for_tags(tags)}, got {_short(got)}"
        if isinstance(got, dict) and any(t.strip().strip("'").lstrip("~") in READING_KEYS for t in tags):
            close = next((c for c in (close_key(str(k), READING_KEYS) for k in islice(got, 4)) if c), None)
            if close is not None:
                sentence += f'; did you mean "{close}"?'
        return sentence
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


def problems_from(error: ValidationError, data: Any, root: type[BaseModel] = Ruleset) -> list[Problem]:
    """Every error of validating ``data`` as ``root``, as problems.

    A required key reported missing beside an unknown key that is likely its typo (``catgory`` for
    ``category``) is said once, by the unknown key's "did you mean".
    """
    errors = error.errors(include_url=False)
    misspelt: set[tuple[str | int, ...]] = set()
    for found in errors:
        loc = found["loc"]
        if found["type"] == "extra_forbidden" and loc:
            close = close_key(str(loc[-1]), keys_at(root, loc[:-1]))
            if close is not None:
                misspelt.add((*loc[:-1], close))
    return [
        Problem(path_of(e["loc"], data), sentence_for(e, root))
        for e in errors
        if not (e["type"] == "missing" and tuple(e["loc"]) in misspelt)
    ]
