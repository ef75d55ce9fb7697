"""Built: the normaliser's commonest commands made without pydantic validating them again (issue 14).

``built(Model, fields)`` is ``Model.model_validate(fields)``. A command's fields are values the normaliser has
already read: a name off the ruleset's book, a count ``check_count`` kept, the repairs and notes made so far.
For the models of ``_CHECKS`` (the item, money, rest, pool and condition commands and their parts), each field
given is checked here against what its model declares (its type, exactly, and its ``Field`` bounds); when every
field passes and none it requires is missing, the model would take each value unchanged, and the command is built unvalidated
(``tagproc.engine.trusted``, whose invariants hold). Anything else (a field no check covers, a value of
another type, a count of 0, a name past its length) goes through ``model_validate``, the long way, which
says what is wrong (a ``ValidationError``, as it always did).

Invariants (``tests/test_normalize_fast.py``): a built command equals the validated one and has the same
fields set (``model_fields_set``: the fields given); ``Model.model_validate(x.model_dump()) == x``; the checks
of a model cover only fields it has, and are no looser than its declaration (no validator runs on these).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, TypeVar

from pydantic import BaseModel

from tagproc.commands import (
    Add,
    Bind,
    Buy,
    CoinAmount,
    Condition,
    Earn,
    Equip,
    Give,
    ItemRef,
    Pay,
    Proposal,
    Remove,
    Rest,
    Restore,
    Reveal,
    Sell,
    Spend,
    Temp,
    Unbind,
    Unequip,
    Use,
)
from tagproc.engine.trusted import trusted
from tagproc.notes import Note
from tagproc.repairs import Repair

__all__ = ["built"]

M = TypeVar("M", bound=BaseModel)
_Check = Callable[[Any], bool]


def _text(value: Any) -> bool:  # str, at least one character (``Field(min_length=1)``)
    return type(value) is str and bool(value)


def _name(value: Any) -> bool:  # ``ItemRef.name``: ``Field(min_length=1, max_length=120)``
    return type(value) is str and 0 < len(value) <= 120


def _str(value: Any) -> bool:
    return type(value) is str


def _optional_text(value: Any) -> bool:  # ``str | None``
    return value is None or type(value) is str


def _count(value: Any) -> bool:  # ``int``, ``Field(ge=1)`` (never a bool: pydantic would take True as 1)
    return type(value) is int and value >= 1


def _amount(value: Any) -> bool:  # ``int``, ``Field(ge=0)``
    return type(value) is int and value >= 0


def _flag(value: Any) -> bool:
    return type(value) is bool


def _item(value: Any) -> bool:  # a validated ``ItemRef`` (pydantic keeps an instance as it is)
    return type(value) is ItemRef


def _proposal(value: Any) -> bool:
    return value is None or type(value) is Proposal


def _repairs(value: Any) -> bool:  # ``tuple[Repair, ...]``
    return type(value) is tuple and all(type(each) is Repair for each in value)


def _notes(value: Any) -> bool:  # ``tuple[Note, ...]``
    return type(value) is tuple and all(type(each) is Note for each in value)


def _amounts(value: Any) -> bool:  # ``tuple[CoinAmount, ...]``, ``Field(min_length=1)``
    return type(value) is tuple and bool(value) and all(type(each) is CoinAmount for each in value)


_COMMAND: dict[str, _Check] = {"repairs": _repairs, "notes": _notes, "who": _optional_text}
_ITEM_COMMAND: dict[str, _Check] = {**_COMMAND, "item": _item, "count": _count}

# Each model's fields as it declares them (the ``action``/``op`` literals are never given: left to their default).
_CHECKS: Mapping[type[BaseModel], Mapping[str, _Check]] = MappingProxyType(
    {
        ItemRef: {"name": _name, "label": _optional_text, "coin": _optional_text},
        CoinAmount: {"name": _str, "count": _count, "coin": _optional_text, "label": _optional_text},
        Add: {**_ITEM_COMMAND, "proposal": _proposal},
        **{model: _ITEM_COMMAND for model in (Remove, Equip, Unequip, Bind, Unbind, Use, Reveal)},
        Give: {**_ITEM_COMMAND, "to": _optional_text},
        Buy: {**_ITEM_COMMAND, "level": _optional_text, "seller": _optional_text},
        Sell: {**_ITEM_COMMAND, "seller": _optional_text},
        Pay: {**_COMMAND, "amounts": _amounts},
        Earn: {**_COMMAND, "amounts": _amounts},
        Rest: {**_COMMAND, "rest": _optional_text},
        **{model: {**_COMMAND, "pool": _text, "amount": _amount} for model in (Spend, Restore, Temp)},
        Condition: {**_COMMAND, "condition": _text, "state": _flag},
    }
)
_BUILDERS: Mapping[type[BaseModel], Callable[..., BaseModel]] = MappingProxyType(
    {model: trusted(model) for model in _CHECKS}
)
# The fields a model has no default for: without one of them, validation says so (the long way).
_REQUIRED: Mapping[type[BaseModel], frozenset[str]] = MappingProxyType(
    {
        model: frozenset(name for name, info in model.model_fields.items() if info.is_required())
        for model in _CHECKS
    }
)


def built(model: type[M], fields: Mapping[str, Any]) -> M:
    """``model.model_validate(fields)``, built unvalidated when ``_CHECKS`` passes every field given."""
    checks = _CHECKS.get(model)
    if checks is not None and _REQUIRED[model] <= fields.keys():
        for key, value in fields.items():
            check = checks.get(key)
            if check is None or not check(value):
                break
        else:
            return _BUILDERS[model](**fields)  # type: ignore[return-value]
    return model.model_validate(fields)
