"""JSON and dict bodies: ``{"action": "add", "item": "Rope"}`` read into the reader's ordered pairs.

``parse_value`` reads the JSON value at a position with ``json`` where it is valid JSON, and with a lenient
reader where it is not: trailing or missing commas, single-quoted Python dicts, unquoted keys and values,
``=`` for ``:``, ``True``/``None``, an object the tag cut short. ``flatten`` turns what was read into pairs:
a number or a boolean as its text, a null left out, a list as one value with its elements joined by a line
break (contract 4), an object under a key read into its pairs (``"item": {"name": "Rope", "count": 2}`` is
``item`` and ``count``; ``"stats": {"guard": 1}`` is ``stats="guard=1"``), ``{"inventory": {...}}`` unwrapped.

Invariants:
- Nothing here raises on any text; ``parse_value`` always moves past at least the opening bracket.
- Keys keep the order written, duplicates included (``object_pairs_hook``), and come out lowercased.
- A list of objects that are not ``{name, count}`` items, or nesting past ``MAX_DEPTH``, is a ``problem``:
  the tag is refused rather than guessed.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeAlias

from tagproc.repairs import Repair
from tagproc.vocabulary import KEY_ALIASES, OUTCOME_KEYS, TAG_NAMES
from tagproc.vocabulary.tags import LITERAL_VALUES

__all__ = ["MAX_DEPTH", "Flat", "JsonObject", "Node", "Parsed", "flatten", "parse_value"]

# Deeper than this is no tag a model meant: refused (and no recursion runs away).
MAX_DEPTH = 6

Node: TypeAlias = "str | tuple[Node, ...] | JsonObject | None"


@dataclass(frozen=True, slots=True)
class JsonObject:
    """An object as written: its pairs in order, and any values written without a key (``{"Rope"}``)."""

    pairs: tuple[tuple[str, Node], ...]
    strays: tuple[Node, ...] = ()


@dataclass(frozen=True, slots=True)
class Parsed:
    """A value read at a position: the value, where reading stopped, and whether it was valid JSON."""

    node: Node
    end: int
    strict: bool
    problem: str | None = None


@dataclass(slots=True)
class Flat:
    """Pairs made of what was read, text without a key, and why it cannot be read (if it cannot)."""

    pairs: list[tuple[str, str]] = field(default_factory=list)
    free: list[str] = field(default_factory=list)
    problem: str | None = None


def _node(value: object) -> Node:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return tuple(_node(element) for element in value)
    if isinstance(value, str | JsonObject) or value is None:
        return value
    return str(value)


def _object(pairs: list[tuple[str, object]]) -> JsonObject:
    return JsonObject(tuple((key, _node(value)) for key, value in pairs))


_DECODER = json.JSONDecoder(
    object_pairs_hook=_object, parse_int=str, parse_float=str, parse_constant=str, strict=False
)


def parse_value(text: str, pos: int) -> Parsed:
    """The object or list starting at ``text[pos]`` (``{`` or ``[``), strict JSON first, else lenient."""
    try:
        value, end = _DECODER.raw_decode(text, pos)
    except (ValueError, RecursionError):
        loose = _Loose(text, pos)
        node = loose.value(in_array=False)
        return Parsed(node, max(loose.pos, pos + 1), False, loose.problem)
    node = _node(value)
    return Parsed(node, end, True, _depth_problem(node))


def _depth_problem(node: Node, depth: int = 0) -> str | None:
    if depth > MAX_DEPTH:
        return f"nested deeper than {MAX_DEPTH}"
    children: Sequence[Node] = ()
    if isinstance(node, tuple):
        children = node
    elif isinstance(node, JsonObject):
        children = (*(value for _, value in node.pairs), *node.strays)
    for child in children:
        if (problem := _depth_problem(child, depth + 1)) is not None:
            return problem
    return None


_KEY_TEXT = r"(?:\"[^\"\n]{1,60}\"|'[^'\n]{1,60}'|[A-Za-z_$][\w$ -]{0,60}?)"
_LOOSE_KEY = re.compile(r"(?:\"([^\"\n]{1,60})\"|'([^'\n]{1,60})'|([A-Za-z_$][\w$ -]{0,60}?))\s*(=>|:=|[:=])")
_BARE_STOP = re.compile(rf"[}}\],\n]|\s+(?={_KEY_TEXT}\s*(?:=>|:=|[:=]))")
_OBJECT_NEXT = re.compile(rf"\s*(?:{_KEY_TEXT}\s*(?:=>|:=|[:=])|[}}\]]|\Z)")
_ARRAY_NEXT = re.compile(r"\s*(?:[\"'{\[\]}]|\Z)")
_SINGLE_END = re.compile(r"'(?=\s*(?:[,:=}\]]|\Z))")
_ESCAPES = {"n": "\n", "t": "\t", "r": "", "b": "", "f": "", "/": "/"}
_ESCAPE = re.compile(r"\\(u[0-9a-fA-F]{4}|.)", re.DOTALL)


def _unescape(match: re.Match[str]) -> str:
    code = match.group(1)
    if len(code) == 5:
        return chr(int(code[1:], 16))
    return _ESCAPES.get(code, code)


class _Loose:
    """A forgiving reader of JSON-like text; every step moves forward, so it always ends."""

    def __init__(self, text: str, pos: int) -> None:
        self.text = text
        self.pos = pos
        self.depth = 0
        self.problem: str | None = None

    def value(self, *, in_array: bool) -> Node:
        text = self.text
        while self.pos < len(text) and text[self.pos].isspace():
            self.pos += 1
        if self.pos >= len(text):
            return ""
        char = text[self.pos]
        if char in "{[" and self.depth >= MAX_DEPTH:
            self.problem = f"nested deeper than {MAX_DEPTH}"
            self.pos = len(text)
            return None
        if char == "{":
            return self._object()
        if char == "[":
            return self._array()
        if char in "\"'":
            return self._string()
        return self._bare(in_array=in_array)

    def _skip(self, chars: str) -> None:
        while self.pos < len(self.text) and (self.text[self.pos] in chars or self.text[self.pos].isspace()):
            self.pos += 1

    def _object(self) -> JsonObject:
        text = self.text
        self.pos += 1
        self.depth += 1
        pairs: list[tuple[str, Node]] = []
        strays: list[Node] = []
        while True:
            self._skip(",;")
            if self.pos >= len(text):
                break
            if text[self.pos] == "}":
                self.pos += 1
                break
            if text[self.pos] == "]":
                self.pos += 1
                continue
            key = _LOOSE_KEY.match(text, self.pos)
            before = self.pos
            if key is not None:
                self.pos = key.end()
                written = next(group for group in key.groups()[:3] if group is not None)
                pairs.append((written.strip(), self.value(in_array=False)))
            else:
                strays.append(self.value(in_array=False))
            if self.pos == before:
                self.pos += 1
        self.depth -= 1
        return JsonObject(tuple(pairs), tuple(strays))

    def _array(self) -> tuple[Node, ...]:
        text = self.text
        self.pos += 1
        self.depth += 1
        items: list[Node] = []
        while True:
            self._skip(",;")
            if self.pos >= len(text):
                break
            if text[self.pos] in "]}":
                self.pos += 1
                break
            before = self.pos
            items.append(self.value(in_array=True))
            if self.pos == before:
                self.pos += 1
        self.depth -= 1
        return tuple(items)

    def _string(self) -> str:
        text = self.text
        quote = text[self.pos]
        start = self.pos + 1
        end = _closing(text, start, quote)
        if end is None:
            self.pos = len(text)
            return _ESCAPE.sub(_unescape, text[start:].rstrip("}] \t\n"))
        self.pos = end + 1
        return _ESCAPE.sub(_unescape, text[start:end])

    def _bare(self, *, in_array: bool) -> str | None:
        text = self.text
        start = search = self.pos
        end = len(text)
        while (stop := _BARE_STOP.search(text, search)) is not None:
            char = text[stop.start()]
            if char in ",\n":
                following = _ARRAY_NEXT if in_array else _OBJECT_NEXT
                if not following.match(text, stop.start() + 1):
                    search = stop.start() + 1
                    continue
            end = stop.start()
            break
        self.pos = end
        word = text[start:end].strip()
        lowered = word.lower()
        return LITERAL_VALUES.get(lowered, word)


def _closing(text: str, start: int, quote: str) -> int | None:
    """The quote that ends a string: the next unescaped ``"``; for ``'``, one a separator follows."""
    if quote == "'":
        found = _SINGLE_END.search(text, start)
        if found is not None:
            return found.start()
    index = start
    while (index := text.find(quote, index)) >= 0:
        slashes = 0
        while index - slashes - 1 >= start and text[index - slashes - 1] == "\\":
            slashes += 1
        if slashes % 2 == 0:
            return index
        index += 1
    return None


_NAME_KEYS = frozenset({"name", "item", *(k for k, v in KEY_ALIASES["inventory"].items() if v == "item")})
_COUNT_KEYS = frozenset(
    {"count", "amount", *(k for k, v in KEY_ALIASES["inventory"].items() if v == "count")}
)


def flatten(pairs: Sequence[tuple[str, Node]], strays: Sequence[Node], repairs: list[Repair]) -> Flat:
    """The reader's pairs for what was read (see the module docstring), each change recorded."""
    flat = Flat()
    while len(pairs) == 1 and pairs[0][0].lower() in TAG_NAMES:
        wrapped = pairs[0][1]
        if not isinstance(wrapped, JsonObject):
            break
        repairs.append(Repair("wrapped-object", pairs[0][0], ""))
        pairs, strays = wrapped.pairs, (*strays, *wrapped.strays)
    for key, node in pairs:
        _flatten_pair("_".join(key.lower().split()), node, flat, repairs)
    for stray in strays:
        text = _text(stray, flat, "a value")
        if text:
            flat.free.append(text)
    return flat


def _flatten_pair(key: str, node: Node, flat: Flat, repairs: list[Repair]) -> None:
    if node is None:
        repairs.append(Repair("null-value", f"{key}=null", ""))
    elif isinstance(node, str):
        flat.pairs.append((key, node.strip()))
    elif isinstance(node, tuple):
        value = _join(key, node, flat)
        repairs.append(Repair("json-list", f"{key}=[...]", f'{key}="{value}"'))
        flat.pairs.append((key, value))
    elif any(inner.lower() in ("name", key) for inner, _ in node.pairs):
        repairs.append(Repair("nested-object", f"{key}={{...}}", f"{key}=<its name>"))
        for inner, inner_node in node.pairs:
            inner_key = "_".join(inner.lower().split())
            _flatten_pair(key if inner_key == "name" else inner_key, inner_node, flat, repairs)
    else:
        parts = []
        for inner, inner_node in node.pairs:
            if inner.lower() in OUTCOME_KEYS:
                _flatten_pair(inner.lower(), inner_node, flat, repairs)
            else:
                parts.append(f"{inner.strip()}={_text(inner_node, flat, key)}")
        joined = ", ".join(parts)
        repairs.append(Repair("nested-object", f"{key}={{...}}", f'{key}="{joined}"'))
        flat.pairs.append((key, joined))


def _join(key: str, elements: tuple[Node, ...], flat: Flat) -> str:
    """A list as one value, its elements on lines of their own (contract 4)."""
    lines = []
    for element in elements:
        if isinstance(element, JsonObject):
            lines.append(_item_line(key, element, flat))
        elif isinstance(element, tuple):
            lines.append(_join(key, element, flat))
        elif element is not None:
            lines.append(element.strip())
    return "\n".join(line for line in lines if line)


def _item_line(key: str, element: JsonObject, flat: Flat) -> str:
    """``{"name": "Rope", "count": 2}`` in a list as ``2 Rope``; any other object in a list is refused."""
    names = [value for inner, value in element.pairs if inner.lower() in _NAME_KEYS]
    counts = [value for inner, value in element.pairs if inner.lower() in _COUNT_KEYS]
    known = all(inner.lower() in _NAME_KEYS | _COUNT_KEYS for inner, _ in element.pairs)
    if not known or len(names) != 1 or len(counts) > 1 or element.strays:
        flat.problem = f"a list of objects under {key}= that are not items with a count"
        return ""
    name = names[0]
    count = counts[0] if counts else None
    if not isinstance(name, str) or not (count is None or isinstance(count, str)):
        flat.problem = f"a list of objects under {key}= that are not items with a count"
        return ""
    return f"{count.strip()} {name.strip()}" if count else name.strip()


def _text(node: Node, flat: Flat, where: str) -> str:
    if node is None:
        return ""
    if isinstance(node, str):
        return node.strip()
    if isinstance(node, tuple):
        return ", ".join(part for part in (_text(element, flat, where) for element in node) if part)
    flat.problem = f"an object nested inside {where}"
    return ""
