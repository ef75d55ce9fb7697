"""Answers: building the ``Answer`` of a command (DESIGN.md "Answers: the tag, rewritten").

Every engine module answers through these helpers so that all answers share one shape: the command's
canonical pairs (``Command.answer_attrs()``), then ``result``, ``now``, ``reason``, the action's own keys
(``price``...) and ``note``. The normaliser's notes (what a name was taken as, what a proposal lost) come
first in ``note``, then what the engine says.
"""

from __future__ import annotations

from tagproc import commands as c
from tagproc.commands import Command, Loot, Place, Unreadable
from tagproc.engine.outcome import Answer, Refused, Result, trusted_answer, trusted_refused
from tagproc.engine.reasons import Reason
from tagproc.notes import Note, NoteLike, notes_of

__all__ = ["answer", "refuse", "tag_of", "unreadable_answer", "with_attr", "with_attrs", "with_names"]

_FLAT = (list, tuple)  # a note given as a flat list of notes (exact types: a Note is never one)
_SHEET_OPS = frozenset({"rest", "spend", "restore", "temp", "damage", "track", "condition", "note"})
# ``tag_of`` by the command's exact type, for the types whose tag their type settles: a sheet op's ``op`` is a
# one-value ``Literal`` (validated, so always that op), an inventory command has no ``op``. Read first by
# ``answer`` (a dict look-up, not a call); any other type is asked ``tag_of``. ``tests/test_engine_answers.py``
# holds the table equal to ``tag_of``.
_TAGS: dict[type[Command], str] = {
    c.Place: "place",
    c.Loot: "loot",
    **dict.fromkeys((c.Rest, c.Spend, c.Restore, c.Temp, c.Damage, c.Track, c.Condition, c.Note), "sheet"),
    **dict.fromkeys(
        (c.Add, c.Remove, c.Give, c.Equip, c.Unequip, c.Bind, c.Unbind, c.Use, c.Split, c.Merge, c.Reveal),
        "inventory",
    ),
    **dict.fromkeys((c.Inspect, c.Buy, c.Sell, c.Pay, c.Earn), "inventory"),
}


def tag_of(command: Command) -> str:
    """The tag a command came from: ``inventory``, ``place``, ``loot`` or ``sheet``."""
    if isinstance(command, Place):
        return "place"
    if isinstance(command, Loot):
        return "loot"
    # A model's fields are its ``__dict__``: read there, a command without ``op`` costs no failed attribute
    # look-up (pydantic's ``__getattr__``).
    return "sheet" if command.__dict__.get("op") in _SHEET_OPS else "inventory"


def with_attr(
    command: Command, attrs: tuple[tuple[str, str], ...], key: str, value: str | None
) -> tuple[tuple[str, str], ...]:
    """``attrs`` with ``key`` set to ``value`` (None removes it), kept in the command's answer order."""
    return with_attrs(command, attrs, **{key: value})


def with_attrs(
    command: Command, attrs: tuple[tuple[str, str], ...], **values: str | None
) -> tuple[tuple[str, str], ...]:
    """``with_attr`` for each key of ``values`` in turn (None removes it), in one pass.

    ``attrs`` are in answer order, as ``Command.answer_attrs`` and this function make them (the command's keys
    in ``ANSWER_KEYS`` order, then any past them): so when no value changes anything they are the answer, as
    they came (the usual ``who=``, ``count=`` written as the tag already says them)."""
    pairs = dict(attrs)
    changed = False
    for key, value in values.items():
        if value is None:
            if key in pairs:
                del pairs[key]
                changed = True
        elif pairs.get(key) != value:
            pairs[key] = value
            changed = True
    if not changed:
        return attrs
    keys = command.ANSWER_KEYS
    ordered = [(k, pairs[k]) for k in keys if k in pairs]
    if len(ordered) != len(pairs):  # keys past the command's own (``rest``, ``kind``), in the order they came
        ordered.extend((k, v) for k, v in pairs.items() if k not in keys)
    return tuple(ordered)


def with_names(
    command: Command, attrs: tuple[tuple[str, str], ...], **names: str
) -> tuple[tuple[str, str], ...]:
    """``attrs`` with each character key the tag wrote (``who=``, ``to=``) written as the member's own name:
    an answer is the tag in canonical form (DESIGN.md "Answers"), so ``who="ADA"`` comes back ``who="Ada"``."""
    written: dict[str, str] = {}
    for key, name in names.items():  # a loop, not a comprehension's frame: most answers ask
        if getattr(command, key, None) is not None:
            written[key] = name
    return with_attrs(command, attrs, **written) if written else attrs


def answer(
    command: Command,
    *,
    result: Result = "ok",
    now: int | str | Note | None = None,
    reason: Reason | None = None,
    note: NoteLike = None,
    extra: tuple[tuple[str, str], ...] = (),
    attrs: tuple[tuple[str, str], ...] | None = None,
) -> Answer:
    """The answer to ``command``: its canonical pairs (or ``attrs``) with what happened (every field a checked
    value of its type: the command's validated pairs, a literal result, the notes flattened to a tuple)."""
    return trusted_answer(
        tag=_TAGS.get(type(command)) or tag_of(command),
        attrs=command.answer_attrs() if attrs is None else attrs,
        result=result,
        now=now if now is None or isinstance(now, Note) else str(now),
        reason=None if reason is None else str(reason),
        extra=extra,
        # No note (None or ``()``) and none of the command's own, the usual answer's: () without ``_notes``.
        notes=()
        if not command.notes and (note is None or (type(note) is tuple and not note))
        else _notes(command, note),
    )


def _notes(command: Command, note: NoteLike) -> tuple[Note, ...]:
    """The command's notes, then ``note``: ``notes_of((*command.notes, note))``, without the walk for the usual
    answer (a command without notes of its own, one note or none)."""
    if not command.notes:
        if note is None:
            return ()
        if type(note) is Note:
            return (note,)
        if type(note) in _FLAT:
            for one in note:  # a list or tuple
                if type(one) is not Note:
                    break
            else:  # a flat list of notes: what the walk makes of it
                return tuple(note)  # type: ignore[arg-type]
    return notes_of((*command.notes, note))


def refuse(
    command: Command,
    reason: Reason,
    note: NoteLike = None,
    attrs: tuple[tuple[str, str], ...] | None = None,
) -> Refused:
    """A refusal: nothing changes, and the answer says why (``reason``, ``note``; never ``now``, as in the
    reference engine's ``[inventory: action="pay" item="crowns" count="1" result="refused" reason="cannot-afford"]``)."""
    return trusted_refused(answer=answer(command, result="refused", reason=reason, note=note, attrs=attrs))


def unreadable_answer(item: Unreadable) -> Answer:
    """A tag (or one item of it) nothing could be made of: ``raw=`` (not for a ``[place:]``) and the reference
    engine's code (CONVENTIONS.md §1, §10, §11): ``malformed`` for a ``[sheet:]`` tag, ``unreadable`` for any other. The
    normaliser's sharper code (``missing-key``, ``unknown-action``...) stays on the command and its note says
    what was wrong."""
    reason = Reason.MALFORMED if item.tag == "sheet" else Reason.UNREADABLE
    # CONVENTIONS.md §10: a [place:] with neither a name nor a size is answered without its raw text.
    return Answer(
        tag=item.tag or "inventory",
        attrs=() if item.tag == "place" else (("raw", item.raw),),
        result="refused",
        reason=str(reason),
        notes=notes_of((*item.notes, item.detail)),
    )
