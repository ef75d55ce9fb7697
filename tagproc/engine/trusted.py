"""Trusted construction on the engine's hot path: ``trusted`` and ``replaced`` (``tagproc.trusted``, whose
docstring holds the invariants every caller keeps), and ``note(code, **facts)``, ``tagproc.notes.note``
unvalidated when its facts are already frozen values (``trusted_note``: a ``Note`` from checked facts).

``tests/test_engine_trusted.py`` checks ``Model.model_validate(value.model_dump()) == value`` over every
decision and state the conformance cases and the corpus make.
"""

from __future__ import annotations

from typing import Any

from tagproc import notes
from tagproc.notes import Note
from tagproc.trusted import replaced, trusted

__all__ = ["note", "replaced", "trusted", "trusted_note"]

trusted_note = trusted(Note)
_SCALARS = frozenset({str, int, float, bool, type(None)})


def note(code: str, **facts: Any) -> Note:
    """``tagproc.notes.note``, built unvalidated when every fact is already as validation leaves it (a str,
    number, bool, None, ``Note``, or a tuple of those): ``Note``'s validator only turns lists into tuples and
    mappings into notes, so such facts come out of it unchanged. Any other fact goes through validation."""
    for value in facts.values():
        if not _settled(value):
            return notes.note(code, **facts)
    return trusted_note(code=code, facts=tuple(facts.items()))


def _settled(value: object) -> bool:
    kind = type(value)
    if kind in _SCALARS or kind is Note:
        return True
    if kind is tuple:
        return all(_settled(one) for one in value)  # type: ignore[attr-defined]
    return False
