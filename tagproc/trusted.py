"""Trusted construction: frozen values built from values already checked, without validating again.

pydantic validates every field of a model it builds (``Answer(...)``, ``Stack(...)``) and ``model_copy``
goes through ``__copy__``; on the engine's hot path (a reply's eight tags make some seventy models) that is a
large part of deciding and evolving, though every field is then a value that was checked already: a name off
a validated stack, a count the rule just computed, a tuple of validated notes. So:

- ``trusted(Model)`` makes a builder: ``build(**fields)`` is ``Model(**fields)`` without the validation (the
  fields not given take their defaults, in the model's field order, so ``repr`` and ``model_dump`` read alike);
- ``replaced(value, **changes)`` is ``value.model_copy(update=changes)``, without the copying machinery;

A frozen model's ``__pydantic_fields_set__`` is never changed after it is built (pydantic adds to it only
when a field is assigned, which a frozen model refuses; ``model_copy``, ``copy.copy`` and ``deepcopy`` give
the copy a set of its own first; ``__eq__`` does not read it; pickle writes its contents). So the values one
builder makes with the same fields given share one set, and ``replaced`` gives a copy its original's set
when the changes add no field to it: a set is a gc-tracked object, and a game keeps some sixty models
(issue 14: a full collection walks every tracked object a process holds). A model that is not frozen gets
a set of its own, as validation gives it. A build with every field given in the model's order (most of
them) takes the call's own keyword dict as the value's; a choice of fields seen before is not checked again.

It sits below the engine and the normaliser, which both build with it (``tagproc.engine.trusted`` adds the
engine's notes; the normaliser never imports the engine, DESIGN.md "Data flow").

Invariants (what a caller keeps; ``tests/test_engine_trusted.py`` and ``tests/test_normalize_trusted.py``
check them over realistic states and commands):
- Only values the model would accept unchanged are passed: the right type (a tuple where a tuple is declared,
  never a list; an ``int`` where an ``int`` is), within every ``Field`` constraint. Where a type alone does
  not promise a constraint (a stack's ``count >= 1``, a name's length), the caller checks it or validates.
- What is built equals what validation builds: ``Model.model_validate(value.model_dump()) == value``.
- The models stay frozen: nothing here sets an attribute of a value after it is built, nor changes a
  fields set a value holds (a shared one is only ever read).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel

__all__ = ["replaced", "trusted"]

M = TypeVar("M", bound=BaseModel)

_SHARED_MOST = 64  # fields sets one builder shares at most (each a different choice of fields given)

_new = object.__new__
# BaseModel's ``__dict__`` and slots, set through their descriptors (what ``object.__setattr__`` finds, as
# pydantic builds a model: a frozen model's own ``__setattr__`` refuses), without the look-up.
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__


def trusted(model: type[M]) -> Callable[..., M]:
    """A builder of ``model`` from checked fields (keyword arguments; the rest take their defaults)."""
    # Every field in the model's order, holding its default: merging the fields given into it keeps that
    # order, so the value's ``__dict__`` is ordered as validation orders it (``repr`` reads it in order).
    template: dict[str, Any] = {}
    required: set[str] = set()
    factories: dict[str, Callable[[], Any]] = {}
    for name, info in model.model_fields.items():
        template[name] = None if info.is_required() else info.default
        if info.default_factory is not None:
            factories[name] = info.default_factory  # type: ignore[assignment]
        elif info.is_required():
            required.add(name)
    size = len(template)
    names = tuple(template)
    frozen = bool(model.model_config.get("frozen"))
    # The one fields set of each choice of fields given (in the order given; a frozen model's only)
    every = set(template)
    shared: dict[tuple[str, ...], set[str]] = {}

    def fields_set(fields: dict[str, Any]) -> set[str]:
        """The fields set of a value built from ``fields``, once they are known to be the model's own."""
        if not frozen:
            return set(fields)
        key = tuple(fields)
        found = shared.get(key)
        if found is None:
            found = every if len(key) == size else set(key)
            if len(shared) < _SHARED_MOST:
                shared[key] = found
        return found

    def refuse(fields: dict[str, Any]) -> TypeError:
        return TypeError(
            f"{model.__name__} takes {tuple(template)}, needs {sorted(required)}: {tuple(fields)}"
        )

    def build(**fields: Any) -> M:
        key = tuple(fields)
        if key == names and frozen:
            # Every field given, in the model's order (the usual answer, effect and note): the call's own
            # fresh dict is the value's, ordered as validation orders it, and the one full set is shared.
            values, given = fields, every
        else:
            known = shared.get(key)  # a choice of fields seen before: the model's own, all it needs
            if known is None:
                # No field it does not have (the size would grow), and every required one given.
                if not (fields.keys() <= every and required <= fields.keys()):
                    raise refuse(fields)
                known = fields_set(fields)
            given = known
            # The defaults first, in the model's order, so ``__dict__`` is ordered as validation orders it
            values = template.copy()
            values.update(fields)
        value = _new(model)
        _set_dict(value, values)
        _set_fields_set(value, given)
        _set_extra(value, None)
        _set_private(value, None)
        return value

    def build_with_factories(**fields: Any) -> M:
        # What a factory makes was not given: the fields set is those given (known to be the model's own,
        # all it needs, once ``build`` took them with the factories' fields beside them).
        made = {name: factory() for name, factory in factories.items() if name not in fields}
        value = build(**fields, **made)
        if made:
            _set_fields_set(value, fields_set(fields))
        return value

    chosen = build_with_factories if factories else build
    chosen.__name__ = f"trusted_{model.__name__}"
    return chosen


def replaced(value: M, **changes: Any) -> M:
    """``value.model_copy(update=changes)``: the same fields, ``changes`` swapped in (each a checked value)."""
    copy = _new(type(value))
    values = value.__dict__.copy()
    values.update(changes)
    _set_dict(copy, values)
    given = value.__pydantic_fields_set__
    # A frozen value's set is never changed: the copy shares it when the changes set no field it lacks
    if not (changes.keys() <= given and value.model_config.get("frozen")):
        given = given | changes.keys()
    _set_fields_set(copy, given)
    _set_extra(copy, value.__pydantic_extra__)
    _set_private(copy, value.__pydantic_private__)
    return copy
