"""Documents: a ruleset's or a transcript's file read into plain data, whatever the file holds.

Owns :func:`read_file` (bytes, at most :data:`MAX_BYTES`), :func:`decode` (UTF-8 only, a UTF-8 byte order mark
dropped), :func:`parse_document` (JSON, or YAML through :mod:`tagproc.yamlread`), :func:`clean_value` (the
same limits for data a caller passes in) and :func:`clean_text`, with :class:`DocumentError` carrying every
problem found. A hostile file (a YAML bomb, lists nested 10,000 deep, UTF-16, binary bytes, a directory, a
name the system refuses, a number of a hundred digits) ends in a short problem list, never a traceback.

Invariants:
- Text never holds a lone surrogate: each one, from a JSON ``"\\ud800"`` escape or a caller's string, is
  replaced by U+FFFD, so every state and every JSON dump built from it encodes.
- What comes back is JSON-shaped (dicts, lists, strings, whole and finite numbers, booleans, ``None``), at
  most :data:`MAX_DEPTH` lists and mappings deep and :data:`MAX_NODES` values in all (aliases counted where
  they are used), and no number past :data:`MAX_NUMBER` either way.
- Work is bounded by the file's own size: an alias is never expanded past a budget, nothing is rebuilt
  deeper than the limit, and a problem's words never quote a value (only where it is and what it is).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tagproc.ruleset.errors import Problem

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_NODES",
    "MAX_NUMBER",
    "DocumentError",
    "clean_text",
    "clean_value",
    "decode",
    "display_name",
    "fail",
    "is_file",
    "parse_document",
    "read_file",
    "short_name",
]

MAX_BYTES = 4 * 1024 * 1024  # the largest shipped ruleset is 0.3 MiB
MAX_DEPTH = 64  # lists and mappings inside each other; the shipped rulesets go 13 deep
MAX_NODES = 100_000  # values in all, aliases counted each time they are used; srd-5e has 8,000
MAX_NUMBER = 2**53 - 1  # the largest whole number JSON keeps exactly, either way
MAX_PROBLEMS = 20  # the walk stops telling after this many

_SURROGATE = re.compile("[\ud800-\udfff]")
_BOMS = (
    (b"\x00\x00\xfe\xff", "UTF-32"),
    (b"\xff\xfe\x00\x00", "UTF-32"),
    (b"\xfe\xff", "UTF-16"),
    (b"\xff\xfe", "UTF-16"),
)


class DocumentError(ValueError):
    """A file that cannot be read as a document, with every problem found (paths inside the document)."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(str(p) for p in self.problems))


def fail(message: str, path: str = "") -> DocumentError:
    """A :class:`DocumentError` of one problem."""
    # Imported here: the ruleset package reads its files through this module.
    from tagproc.ruleset.errors import Problem

    return DocumentError([Problem(path, message)])


# -- text -----------------------------------------------------------------------------------------


def clean_text(text: str) -> str:
    """``text`` with each lone surrogate replaced by U+FFFD (a str from Python may hold them; UTF-8 cannot)."""
    if text.isascii():
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _SURROGATE.sub("\ufffd", text)
    return text


def display_name(source: str | Path) -> str:
    """A file's name as it can be printed: a name the system gave undecodable bytes for reads U+FFFD there."""
    return clean_text(str(source))


def short_name(source: str | Path, most: int = 80) -> str:
    """The name cut to ``most`` characters for a sentence that quotes it."""
    name = display_name(source)
    return name if len(name) <= most else name[: most - 1] + "…"


# -- files ----------------------------------------------------------------------------------------


def is_file(path: Path) -> bool:
    """Whether ``path`` is a file; ``False`` for a name the system refuses (too long, a NUL in it)."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def read_file(path: Path, limit: int = MAX_BYTES) -> bytes | None:
    """The file's bytes; ``None`` when there is no such file; :class:`DocumentError` when it cannot be read."""
    try:
        with path.open("rb") as handle:
            data = handle.read(limit + 1)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except IsADirectoryError:
        raise fail("It is a directory, not a file") from None
    except OSError as error:
        raise fail(f"Cannot read it: {error.strerror or type(error).__name__}") from None
    except ValueError:  # a NUL or an unencodable character in the name: no file can have it
        return None
    if len(data) > limit:
        raise fail(f"It is larger than {limit // (1024 * 1024)} MiB, more than tagproc reads") from None
    return data


def decode(data: bytes) -> str:
    """UTF-8 text (a leading byte order mark dropped); :class:`DocumentError` for any other encoding."""
    for bom, name in _BOMS:
        if data.startswith(bom):
            raise fail(f"It is {name} text (it starts with a {name} byte order mark); save it as UTF-8")
    if b"\x00" in data:
        raise fail(_nul_problem(data))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        byte = data[error.start]
        raise fail(
            f"Not UTF-8 text: byte 0x{byte:02X} at line {line} column {column} is no UTF-8; save it as UTF-8"
        ) from None
    return text.removeprefix("\ufeff")


def _nul_problem(data: bytes) -> str:
    head = data[:4096]
    even, odd = head[0::2].count(0), head[1::2].count(0)
    half = max(len(head) // 2, 1)
    if max(even, odd) > 0.4 * half and min(even, odd) < 0.05 * half:
        return "It looks like UTF-16 text (every other byte is 0); save it as UTF-8"
    return "Not a text file: it holds NUL bytes"


# -- parsing --------------------------------------------------------------------------------------


def parse_document(data: bytes | str, *, yaml_text: bool) -> Any:
    """The JSON (or YAML) document in ``data``, checked and cleaned; :class:`DocumentError` with every problem."""
    text = decode(data) if isinstance(data, bytes) else clean_text(data).removeprefix("\ufeff")
    if not text.strip():
        raise fail("The file is empty")
    if yaml_text:
        from tagproc.yamlread import read_yaml

        parsed = read_yaml(text, max_depth=MAX_DEPTH, max_nodes=MAX_NODES)
    else:
        parsed = _read_json(text)
    return clean_value(parsed)


def _read_json(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise fail(f"Not valid JSON at line {error.lineno} column {error.colno}: {error.msg}") from None
    except RecursionError:  # json's C scanner stops at the interpreter's recursion limit, quickly
        raise fail(_too_deep()) from None
    except ValueError:  # an integer of more digits than Python converts (4,300)
        raise fail(too_large()) from None


def _too_deep() -> str:
    return f"Nested deeper than {MAX_DEPTH} levels (lists and objects inside each other)"


def too_large() -> str:
    """The sentence for a number past :data:`MAX_NUMBER`."""
    return f"A number past ±{MAX_NUMBER:,} (the largest whole number JSON keeps exactly)"


# -- the walk -------------------------------------------------------------------------------------


def clean_value(value: Any) -> Any:
    """``value`` rebuilt as JSON-shaped data within the limits; :class:`DocumentError` with its problems.

    Mappings become dicts and tuples stay tuples; a string loses its lone surrogates; a number past
    :data:`MAX_NUMBER` or not finite is a problem. Anything else (an object a caller passed) is kept as it is.
    """
    from tagproc.ruleset.errors import Problem, path_of

    walk = _Walk()
    try:
        cleaned = walk.value(value, (), 0)
    except _Stop:
        cleaned = None
    if walk.problems:
        problems = [Problem(path_of(loc, value), message) for loc, message in walk.problems]
        if walk.untold:
            problems.append(Problem("", f"... and {walk.untold} more problem(s) like these"))
        raise DocumentError(problems)
    return cleaned


class _Stop(Exception):
    """The walk cannot go on (too deep, too many values): its problem is already recorded."""


class _Walk:
    def __init__(self) -> None:
        self.problems: list[tuple[tuple[str | int, ...], str]] = []
        self.untold = 0
        self.nodes = 0

    def tell(self, loc: tuple[str | int, ...], message: str) -> None:
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append((loc, message))
        else:
            self.untold += 1

    def value(self, value: Any, loc: tuple[str | int, ...], depth: int) -> Any:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            self.tell((), f"More than {MAX_NODES:,} values in all (aliases counted each time they are used)")
            raise _Stop
        if isinstance(value, str):
            return clean_text(value)
        if isinstance(value, bool) or value is None:
            return value
        if isinstance(value, int):
            if abs(value) > MAX_NUMBER:
                self.tell(loc, too_large())
            return value
        if isinstance(value, float):
            if not math.isfinite(value):
                self.tell(loc, "Not a finite number (infinity or NaN)")
            elif abs(value) > MAX_NUMBER:
                self.tell(loc, too_large())
            return value
        if isinstance(value, Mapping | list | tuple):
            if depth >= MAX_DEPTH:
                self.tell(loc, _too_deep())
                raise _Stop
            return self._container(value, loc, depth + 1)
        return value

    def _container(
        self, value: Mapping[Any, Any] | list[Any] | tuple[Any, ...], loc: tuple[str | int, ...], depth: int
    ) -> Any:
        if isinstance(value, Mapping):
            out: dict[Any, Any] = {}
            for key, item in value.items():
                clean_key = clean_text(key) if isinstance(key, str) else key
                out[clean_key] = self.value(item, (*loc, str(clean_key)), depth)
            return out
        items = [self.value(item, (*loc, index), depth) for index, item in enumerate(value)]
        return tuple(items) if isinstance(value, tuple) else items
