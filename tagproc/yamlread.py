"""YAML read into plain data from the parser's events, with limits that hold while it is read.

Owns :func:`read_yaml`. PyYAML's own loader composes a node tree (recursively, so a document nested 100,000
deep overflows the C stack) and shares an aliased value wherever it is used, so the first walk over a
"billion laughs" document does exponential work. Here the values are built from the event stream with an
explicit stack, and the limits hold while reading: how deep lists and mappings nest, how many values there
are in all, and how many values aliases stand for (an alias costs the size of what it names, each time).

What is read is YAML 1.1 as ``yaml.safe_load`` reads it (the same resolver: ``yes`` is true, ``0x1F`` is 31,
``<<`` merges a mapping in), except: timestamps stay text (tagproc has no dates), a tag other than the plain
types (``!!binary``, ``!!set``, ``!foo``) is a problem, one document per file, and an alias naming a value it
is part of is a problem, never a self-containing list.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import yaml

from tagproc.documents import DocumentError, clean_text, fail, too_large

__all__ = ["MAX_ALIAS_NODES", "read_yaml"]

MAX_ALIAS_NODES = 100_000  # values aliases may stand for in one document, each use counted
_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_TAG = "tag:yaml.org,2002:"
_MERGE_TAG = _TAG + "merge"
_MERGE = object()  # a ``<<`` key: the mapping(s) it names are merged in


@dataclass(slots=True)
class _Open:
    """A list or mapping being read: its items (a mapping's as key, value, key, value ...)."""

    mapping: bool
    anchor: str | None
    items: list[Any] = field(default_factory=list)
    size: int = 1  # values in it, itself included, aliases counted at their size
    height: int = 1  # lists and mappings on its deepest path, itself included


def read_yaml(text: str, *, max_depth: int, max_nodes: int) -> Any:
    """The one document in ``text``; :class:`DocumentError` naming the line of the first problem."""
    loader: Any = None
    try:
        loader = _LOADER(text)  # PyYAML's own reader checks the characters here
        return _Reader(loader, max_depth, max_nodes).document()
    except yaml.MarkedYAMLError as error:
        raise fail(_syntax(error)) from None
    except yaml.reader.ReaderError as error:  # a character YAML does not allow (a control character)
        line = text.count("\n", 0, error.position) + 1
        column = error.position - (text.rfind("\n", 0, error.position) + 1) + 1
        raise fail(f"Not valid YAML at line {line} column {column}: {error.reason}") from None
    except yaml.YAMLError as error:
        raise fail(f"Not valid YAML: {str(error)[:200]}") from None
    finally:
        if loader is not None:
            loader.dispose()


def _syntax(error: yaml.MarkedYAMLError) -> str:
    mark = error.problem_mark or error.context_mark
    where = f" at line {mark.line + 1} column {mark.column + 1}" if mark is not None else ""
    what = str(error.problem or "it does not parse")[:200]
    context = f" ({str(error.context)[:100]})" if error.context else ""
    return f"Not valid YAML{where}: {what}{context}"


class _Reader:
    def __init__(self, loader: Any, max_depth: int, max_nodes: int) -> None:
        self.loader = loader
        self.max_depth = max_depth
        self.max_nodes = max_nodes
        self.nodes = 0
        self.aliased = 0
        self.anchors: dict[str, tuple[Any, int, int]] = {}  # name -> (value, size, height)
        self.stack: list[_Open] = []

    def fail(self, event: Any, message: str) -> DocumentError:
        mark = event.start_mark
        where = f"Line {mark.line + 1} column {mark.column + 1}: " if mark is not None else ""
        return fail(where + message)

    def document(self) -> Any:
        loader = self.loader
        loader.get_event()  # the stream's start
        if loader.check_event(yaml.StreamEndEvent):
            return None
        loader.get_event()  # the document's start
        value = self.node()
        loader.get_event()  # the document's end
        if not loader.check_event(yaml.StreamEndEvent):
            raise self.fail(loader.peek_event(), "A second YAML document (---): a file holds one")
        return value

    def node(self) -> Any:
        """Read events until the node that starts here is complete; its value."""
        loader = self.loader
        while True:
            event = loader.get_event()
            if isinstance(event, yaml.ScalarEvent):
                done = (self.scalar(event), 1, 0)
                if event.anchor is not None:
                    self.anchors[event.anchor] = done
            elif isinstance(event, yaml.AliasEvent):
                done = self.alias(event)
            elif isinstance(event, yaml.SequenceStartEvent | yaml.MappingStartEvent):
                self.open(event)
                continue
            elif isinstance(event, yaml.SequenceEndEvent | yaml.MappingEndEvent):
                done = self.close(event)
            else:  # the parser gives nothing else inside a document
                raise self.fail(event, "Not valid YAML here")
            if not self.stack:
                return done[0]
            self.add(*done)

    def count(self, event: Any, size: int) -> None:
        self.nodes += size
        if self.nodes > self.max_nodes:
            raise self.fail(event, f"More than {self.max_nodes:,} values in all (aliases counted each use)")

    def open(self, event: Any) -> None:
        mapping = isinstance(event, yaml.MappingStartEvent)
        kind = "map" if mapping else "seq"
        if event.tag not in (None, "!", _TAG + kind):
            raise self.fail(event, _unread_tag(event.tag))
        if len(self.stack) >= self.max_depth:
            raise self.fail(event, f"Nested deeper than {self.max_depth} levels (lists and mappings)")
        self.count(event, 1)
        self.stack.append(_Open(mapping, event.anchor))

    def close(self, event: Any) -> tuple[Any, int, int]:
        node = self.stack.pop()
        value = self.mapping(node, event) if node.mapping else node.items
        done = (value, node.size, node.height)
        if node.anchor is not None:
            self.anchors[node.anchor] = done
        return done

    def add(self, value: Any, size: int, height: int) -> None:
        parent = self.stack[-1]
        parent.items.append(value)
        parent.size += size
        parent.height = max(parent.height, height + 1)

    def alias(self, event: Any) -> tuple[Any, int, int]:
        name = event.anchor
        if any(node.anchor == name for node in self.stack):
            raise self.fail(event, f"The alias *{_short(name)} names a value it is part of")
        if name not in self.anchors:
            raise self.fail(event, f"The alias *{_short(name)} names no anchor (&{_short(name)}) before it")
        value, size, height = self.anchors[name]
        self.aliased += size
        if self.aliased > MAX_ALIAS_NODES:
            raise self.fail(
                event,
                f"Aliases stand for more than {MAX_ALIAS_NODES:,} values in all; write the values out instead",
            )
        if len(self.stack) + height > self.max_depth:
            raise self.fail(event, f"Nested deeper than {self.max_depth} levels (lists and mappings)")
        self.count(event, size)
        return value, size, height

    def scalar(self, event: Any) -> Any:
        self.count(event, 1)
        tag = event.tag
        if tag is None or tag == "!":
            tag = self.loader.resolve(yaml.ScalarNode, event.value, event.implicit)
        if tag == _MERGE_TAG and self.stack and self.stack[-1].mapping and len(self.stack[-1].items) % 2 == 0:
            return _MERGE  # a key; written as a value, "<<" is text
        if not event.value.isascii() and clean_text(event.value) != event.value:
            # PyYAML's own scanner (without libyaml) reads a "\ud800" escape; YAML and libyaml refuse it
            raise self.fail(event, "A \\u escape of a lone surrogate (d800 to dfff) is no character")
        try:
            return _scalar_value(tag, event.value)
        except ValueError as error:
            raise self.fail(event, str(error)) from None

    def mapping(self, node: _Open, event: Any) -> dict[Any, Any]:
        merged: dict[Any, Any] = {}
        own: dict[Any, Any] = {}
        pairs = node.items
        for index in range(0, len(pairs), 2):
            key, value = pairs[index], pairs[index + 1]
            if key is _MERGE:
                for source in value if isinstance(value, list) else [value]:
                    if not isinstance(source, dict):
                        raise self.fail(event, "A merge key (<<) takes a mapping or a list of mappings")
                    for merged_key, merged_value in source.items():
                        merged.setdefault(merged_key, merged_value)
                continue
            if isinstance(key, list | dict):
                raise self.fail(event, "A mapping's key is a list or a mapping; tagproc reads text keys")
            own[key] = value
        merged.update(own)
        return merged


def _short(text: str | None, most: int = 40) -> str:
    text = text or ""
    return text if len(text) <= most else text[: most - 1] + "…"


def _scalar_value(tag: str, text: str) -> Any:
    """A plain scalar's value by its resolved tag; ``ValueError`` with a sentence when it is not one."""
    kind = tag.removeprefix(_TAG) if tag.startswith(_TAG) else None
    if kind in ("str", "timestamp", "value", "merge"):
        return text
    if kind == "null":
        if text not in ("", "~", "null", "Null", "NULL"):
            raise ValueError("!!null takes no value")
        return None
    if kind == "bool":
        word = text.lower()
        if word not in ("yes", "no", "true", "false", "on", "off"):
            raise ValueError("!!bool takes true or false")
        return word in ("yes", "true", "on")
    if kind == "int":
        return _integer(text)
    if kind == "float":
        return _real(text)
    raise ValueError(_unread_tag(tag))


def _unread_tag(tag: str) -> str:
    written = "!!" + tag.removeprefix(_TAG) if tag.startswith(_TAG) else tag
    return f"A YAML tag tagproc does not read: {_short(written)} (write plain values)"


def _integer(text: str) -> int:
    if text.isdigit() and len(text) < 16 and (text[0] != "0" or text == "0"):
        return int(text)  # the common case; a leading 0 is octal in YAML 1.1
    digits = text.replace("_", "")
    sign = -1 if digits.startswith("-") else 1
    digits = digits.lstrip("+-")
    if len(digits) > 400:  # far past any limit, and never handed to int(), which refuses 4,300 digits
        raise ValueError(too_large())
    try:
        if digits.startswith(("0b", "0x")):
            number = int(digits[2:], 2 if digits[1] == "b" else 16)
        elif ":" in digits:
            number = 0
            for part in digits.split(":"):  # YAML 1.1 base 60: 1:30 is 90
                number = number * 60 + int(part)
        elif len(digits) > 1 and digits.startswith("0"):
            number = int(digits[1:], 8)
        else:
            number = int(digits)
    except ValueError:
        raise ValueError("Not a whole number") from None
    return sign * number


def _real(text: str) -> float:
    digits = text.replace("_", "").lower()
    sign = -1.0 if digits.startswith("-") else 1.0
    digits = digits.lstrip("+-")
    if digits in (".inf", ".nan"):
        return sign * (math.inf if digits == ".inf" else math.nan)
    try:
        if ":" in digits:
            number = 0.0
            for part in digits.split(":"):
                number = number * 60 + float(part)
            return sign * number
        return sign * float(digits)
    except ValueError:
        raise ValueError("Not a number") from None
