"""Notes: what an answer tells the Game Master, as facts; the templates in ``prompts/notes/`` say it in words.

The engine and the normaliser never build a sentence for the model (DESIGN.md "Answers", STYLE.md "Facts, then
words"): each returns ``Note`` values, a ``code`` and the facts it is said from, and
``tagproc.render`` turns them into text. A code is ``<group>.<name>``: the macro ``name`` of the template
``prompts/notes/<group>.jinja``, called with the facts as keyword arguments.

Invariants:
- A note is an immutable value (its facts are str, int, float, bool, None, nested ``Note`` values or tuples
  of them), so answers stay hashable, comparable and serialisable.
- The same facts always say the same words; a user's template folder may change the words, never the facts.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel, ConfigDict, field_validator

__all__ = ["Note", "NoteLike", "note", "notes_of"]


class Note(BaseModel):
    """One thing an answer tells the Game Master: ``code`` names its template macro, ``facts`` its arguments."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    code: str
    facts: tuple[tuple[str, Any], ...] = ()

    @field_validator("facts", mode="before")
    @classmethod
    def _frozen_facts(cls, facts: Any) -> Any:
        """Facts read back from JSON as they were made: lists as tuples, a nested note's mapping as a ``Note``."""
        if isinstance(facts, list | tuple):
            return tuple((name, _frozen(value)) for name, value in facts)
        return facts

    @property
    def group(self) -> str:
        """The template the note is said by (``prompts/notes/<group>.jinja``)."""
        return self.code.partition(".")[0]

    @property
    def name(self) -> str:
        """The macro in that template."""
        return self.code.partition(".")[2]

    def get(self, key: str, default: Any = None) -> Any:
        """One fact by its name."""
        for name, value in self.facts:
            if name == key:
                return value
        return default


def _frozen(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_frozen(one) for one in value)
    if isinstance(value, dict) and set(value) == {"code", "facts"}:
        return Note.model_validate(value)
    return value


def note(code: str, **facts: Any) -> Note:
    """A note with its facts: ``note("money.paid", paid=(("crowns", 1),), back=(("shillings", 2),))``."""
    return Note(code=code, facts=tuple(facts.items()))


NoteLike = Note | Iterable["NoteLike"] | None


def notes_of(said: NoteLike) -> tuple[Note, ...]:
    """``said`` (a note, None, or any nesting of iterables of them) as a flat tuple of notes.

    A plain string is refused (``TypeError``): every word for the model is a template's, never Python's.
    """
    if said is None:
        return ()
    if isinstance(said, Note):
        return (said,)
    if isinstance(said, str):
        raise TypeError(f"a note is a Note, not the text {said!r}: say it with a macro in prompts/notes/")
    return tuple(one for part in said for one in notes_of(part))
