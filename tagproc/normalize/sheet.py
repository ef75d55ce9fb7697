"""Sheet, place and loot tags into commands (DESIGN.md "Tags the GM writes").

``[sheet: op=... who=...]``: ``rest``, ``spend``/``restore``/``temp`` on a pool, ``damage`` on a pool or a
wound track, ``track`` (``to=`` or ``by=``), ``condition`` (``state="on"|"off"``) and ``note``.
``[place: name=... size=... day="new"]`` and ``[loot: table=... who=...]``. Pools, tracks, conditions,
rests, sizes and tables stay as written: the engine resolves them against the ruleset by id or label.

Invariants:
- Numbers are whole (words allowed: "three"); an amount is never negative, a ``by=`` may be.
- A missing required key is ``missing-key``; a value nothing can be read from is ``unreadable``.
"""

from __future__ import annotations

from tagproc.commands import (
    Condition,
    Damage,
    Loot,
    Note,
    Place,
    Rest,
    Restore,
    Spend,
    Temp,
    Track,
    Unreadable,
)
from tagproc.normalize.counts import Problem, read_number
from tagproc.normalize.keys import Attrs
from tagproc.repairs import Repair
from tagproc.vocabulary import DAY_WORDS, MAX_NAME, STATE_WORDS

__all__ = ["SheetCommand", "loot_command", "place_command", "sheet_command"]

SheetCommand = Rest | Spend | Restore | Temp | Damage | Track | Condition | Note


def sheet_command(attrs: Attrs, raw: str) -> SheetCommand | Unreadable:
    """The command of one ``[sheet:]`` tag whose keys are canonical."""
    built = _sheet(attrs)
    return _unreadable(attrs, raw, "sheet", built) if isinstance(built, Problem) else built


def place_command(attrs: Attrs, raw: str) -> Place | Unreadable:
    """The command of one ``[place:]`` tag: a size by id or label, none for a road or the wilds."""
    name = attrs.text("name")
    if name is None:
        return _unreadable(attrs, raw, "place", Problem("missing-key", "a place tag says the place's name=."))
    if len(name) > MAX_NAME:
        return _unreadable(
            attrs, raw, "place", Problem("name-too-long", f"a name is at most {MAX_NAME} characters.")
        )
    day = attrs.text("day")
    new_day = day is not None and " ".join(day.lower().split()) in DAY_WORDS
    if day is not None and not new_day:
        attrs.repairs.append(Repair("unknown-day", f'day="{day}"', ""))
        attrs.notes.append(f'Ignored day="{day}": only day="new" starts a new day.')
    return Place.model_validate(
        {"name": name, "size": attrs.text("size"), "new_day": new_day, **_carried(attrs)}
    )


def loot_command(attrs: Attrs, raw: str) -> Loot | Unreadable:
    """The command of one ``[loot:]`` tag."""
    table = attrs.text("table")
    if table is None:
        return _unreadable(attrs, raw, "loot", Problem("missing-key", "a loot tag names its table=."))
    return Loot.model_validate({"table": table, "who": attrs.text("who"), **_carried(attrs)})


def _sheet(attrs: Attrs) -> SheetCommand | Problem:
    op = attrs.verb
    if op == "rest":
        return Rest.model_validate({"rest": attrs.text("rest"), **_fields(attrs)})
    if op == "note":
        field = attrs.text("field")
        if field is None:
            return Problem("missing-key", "a note names its field=.")
        return Note.model_validate({"field": field, "value": attrs.text("value") or "", **_fields(attrs)})
    if op == "condition":
        return _condition(attrs)
    if op == "track":
        return _track(attrs)
    amount = _number(attrs, "amount", signed=False)
    if isinstance(amount, Problem):
        return amount
    if op == "damage":
        pool, track = attrs.text("pool"), attrs.text("track")
        if pool is None and track is None:
            return Problem("missing-key", "damage names a pool= or a track=.")
        damage = {"pool": pool, "track": track, "kind": attrs.text("kind"), "amount": amount}
        return Damage.model_validate({**damage, **_fields(attrs)})
    pool = attrs.text("pool")
    if pool is None:
        return Problem("missing-key", f"{op} names a pool=.")
    fields: dict[str, object] = {"pool": pool, "amount": amount, **_fields(attrs)}
    if op == "spend":
        return Spend.model_validate(fields)
    return Restore.model_validate(fields) if op == "restore" else Temp.model_validate(fields)


def _condition(attrs: Attrs) -> Condition | Problem:
    condition = attrs.text("condition")
    if condition is None:
        return Problem("missing-key", "a condition op names its condition=.")
    state_text = attrs.text("state") or "on"
    state = STATE_WORDS.get(" ".join(state_text.lower().split()))
    if state is None:
        return Problem("unreadable", f'state="{state_text}" is neither "on" nor "off".')
    return Condition.model_validate({"condition": condition, "state": state == "on", **_fields(attrs)})


def _track(attrs: Attrs) -> Track | Problem:
    track = attrs.text("track")
    if track is None:
        return Problem("missing-key", "a track op names its track=.")
    if attrs.text("to") is not None and attrs.text("by") is not None:
        return Problem("unreadable", "a track op says to= or by=, not both.")
    key = "to" if attrs.text("to") is not None else "by"
    number = _number(attrs, key, signed=key == "by")
    if isinstance(number, Problem):
        return number
    return Track.model_validate({"track": track, key: number, **_fields(attrs)})


def _fields(attrs: Attrs) -> dict[str, object]:
    """What every sheet command carries: who, and the repairs and notes made so far."""
    return {**_carried(attrs), "who": attrs.text("who")}


def _number(attrs: Attrs, key: str, *, signed: bool) -> int | Problem:
    text = attrs.text(key)
    if text is None:
        return Problem("missing-key", f"the tag says no {key}=.")
    number = read_number(text)
    if number is None:
        return Problem("unreadable", f'{key}="{text}" is not a whole number.')
    if number < 0 and not signed:
        return Problem("unreadable", f'{key}="{text}" is below zero.')
    if not text.strip().lstrip("+-").isdigit():
        attrs.repairs.append(Repair("number-in-words", text, str(number)))
    return number


def _carried(attrs: Attrs) -> dict[str, tuple[Repair, ...] | tuple[str, ...]]:
    return {"repairs": tuple(attrs.repairs), "notes": tuple(attrs.notes)}


def _unreadable(attrs: Attrs, raw: str, tag: str, problem: Problem) -> Unreadable:
    fields = {"raw": raw, "reason": problem.reason, "detail": problem.detail, "tag": tag}
    return Unreadable.model_validate({**fields, **_carried(attrs)})
