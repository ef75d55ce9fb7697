"""The keys a ruleset object may have, found from where pydantic says an error is: for "did you mean".

Owns :func:`keys_at` (the keys of the model a location points into, walked down the model classes from the
root: a field by its alias or name, a list's item, a dict's value, a tagged union's member by the tag pydantic
puts in the location) and :func:`close_key` (the one known key an unknown key is most likely a typo of). Both
are cheap: a walk is as long as the location, and a key longer than any real one is never compared.
"""

from __future__ import annotations

import difflib
import types
from collections.abc import Iterable
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel, Tag

from tagproc.ruleset.base import KnownKeys

_LONGEST_KEY = 40


def _unwrap(tp: Any) -> Any:
    """``tp`` without ``Annotated`` and without a ``None`` member (pydantic puts no step in a path for them)."""
    while True:
        if get_origin(tp) is Annotated:
            tp = get_args(tp)[0]
            continue
        if _is_union(tp):
            members = [m for m in get_args(tp) if m is not type(None)]
            if len(members) == 1:
                tp = members[0]
                continue
        return tp


def _is_union(tp: Any) -> bool:
    origin = get_origin(tp)
    return origin is Union or origin is types.UnionType


def _tag_of(member: Any) -> str | None:
    if get_origin(member) is Annotated:
        for meta in get_args(member)[1:]:
            if isinstance(meta, Tag):
                return meta.tag
    return None


def _field_type(model: type[BaseModel], key: str) -> Any:
    for name, info in model.model_fields.items():
        if key in (name, info.alias):
            return info.annotation
    return None


def _step(tp: Any, step: str | int) -> Any:
    tp = _unwrap(tp)
    if _is_union(tp):
        for member in get_args(tp):
            if _tag_of(member) == step:
                return member
        return None
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return _field_type(tp, step) if isinstance(step, str) else None
    origin = get_origin(tp)
    args = get_args(tp)
    if origin in (list, tuple) and isinstance(step, int) and args:
        return args[0]
    if origin is dict and isinstance(step, str) and len(args) == 2:
        return args[1]
    return None


def keys_at(root: type[BaseModel], loc: Iterable[str | int]) -> list[str]:
    """The keys the object at ``loc`` may have (by alias), or none when the walk finds no model there."""
    node: Any = root
    for step in loc:
        node = _step(node, step)
        if node is None:
            return []
    model = _unwrap(node)
    if not (isinstance(model, type) and issubclass(model, BaseModel)):
        return []
    keys = [info.alias or name for name, info in model.model_fields.items()]
    if issubclass(model, KnownKeys):
        keys += sorted(model.passthrough)
    return keys


def close_key(key: str, known: Iterable[str]) -> str | None:
    """The known key ``key`` is most likely a misspelling of (case aside), or ``None``."""
    if len(key) > _LONGEST_KEY:
        return None
    by_fold = {k.casefold(): k for k in known}
    found = difflib.get_close_matches(key.casefold(), list(by_fold), n=1, cutoff=0.6)
    return by_fold[found[0]] if found else None
