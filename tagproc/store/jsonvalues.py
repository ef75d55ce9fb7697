"""What the store writes is JSON, checked before a byte is written: objects with string keys, arrays, strings,
finite numbers, booleans and null, and nothing ``json.dumps`` would quietly change (an integer key made a
string, ``NaN``, a set). A value that is not JSON is a ``StoreError`` naming its path (``events.3.action``).
Tuples are JSON arrays and come back as lists."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any

from tagproc.store.errors import StoreError

__all__ = ["dump_json", "load_json"]

_MAX_DEPTH = 200  # deeper than any save document; stops a cycle before Python's recursion limit does


def dump_json(value: object, path: str) -> str:
    """The value as compact JSON text, or ``StoreError`` saying where it is not JSON."""
    return json.dumps(_plain(value, path, 0), ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def load_json(text: object, path: str) -> Any:
    """A JSON column's value (its text, from either dialect) as Python values."""
    if not isinstance(text, str | bytes):
        raise StoreError(f"{path}: the database holds {type(text).__name__}, not JSON text")
    try:
        return json.loads(text)
    except ValueError as error:
        raise StoreError(f"{path}: the database holds text that is not JSON ({error})") from error


def _plain(value: object, path: str, depth: int) -> object:
    """The value as plain dicts and lists (any ``Mapping``, any tuple), checked on the way."""
    if depth > _MAX_DEPTH:
        raise StoreError(f"{path}: nested deeper than {_MAX_DEPTH} levels (a cycle?)")
    if value is None or isinstance(value, str | bool | int):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise StoreError(f"{path}: {value!r} is not a JSON number")
        return value
    if isinstance(value, Mapping):
        plain: dict[str, object] = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise StoreError(f"{path}: the key {key!r} is not a string")
            plain[key] = _plain(item, f"{path}.{key}", depth + 1)
        return plain
    if isinstance(value, list | tuple):
        return [_plain(item, f"{path}.{index}", depth + 1) for index, item in enumerate(value)]
    raise StoreError(f"{path}: a {type(value).__name__} is not JSON")
