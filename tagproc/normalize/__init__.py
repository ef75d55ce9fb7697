"""Normalize: a tag as read by ``syntax`` into typed commands, every repair recorded (DESIGN.md "Data flow").

``normalize(reading, names)`` is the stage's one entry point: the semantic repairs of DESIGN.md "Sloppy
input" (key, action and op aliases, numbers in words, a count inside the name, plurals and articles, coin
amounts, item names, and the proposal repairs of spec "The Game Master invents items in your words").
Every repair comes from a table in ``tables`` and travels on the command it made.

Invariants:
- ``normalize`` never raises on any reading: what it cannot read is an ``Unreadable`` that changes nothing.
- A multi-item tag (``items="a, b"``) gives one command per item, in the order written.
- A ``result=``, ``reason=`` or ``now=`` the model wrote is recorded as a repair and otherwise ignored.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import ValidationError

from tagproc.commands import Command, Unreadable
from tagproc.names import CoinName, ItemNames, NameBook, ProposalWords, StatWord, Word
from tagproc.normalize.counts import Problem
from tagproc.normalize.inventory import inventory_commands
from tagproc.normalize.keys import canonical_attrs, find_verb
from tagproc.normalize.sheet import loot_command, place_command, sheet_command
from tagproc.repairs import Repair
from tagproc.syntax import TagReading
from tagproc.vocabulary import TAG_NAMES

__all__ = [
    "CoinName",
    "ItemNames",
    "NameBook",
    "ProposalWords",
    "StatWord",
    "Word",
    "normalize",
    "written_tag",
]


def normalize(reading: TagReading, names: ItemNames, raw: str = "") -> list[Command | Unreadable]:
    """The commands one tag asks for; ``raw`` is the tag as written (rebuilt from ``reading`` if empty)."""
    raw = raw or written_tag(reading)
    repairs = [
        *reading.repairs,
        *(Repair("engine-key", f'{key}="{value}"', "") for key, value in reading.ignored),
    ]
    try:
        return _normalize(reading, names, raw, repairs)
    except ValidationError as error:
        return [_unreadable(reading, raw, repairs, Problem("unreadable", _first_error(error)))]
    except Exception as error:  # pragma: no cover - a bug here must not reach the player
        return [
            _unreadable(
                reading, raw, repairs, Problem("unreadable", f"internal error: {type(error).__name__}")
            )
        ]


def written_tag(reading: TagReading) -> str:
    """A tag as its reading says it: ``[name: key="value" ...]`` (for ``raw=`` when the text is gone)."""
    pairs = " ".join(f'{key}="{value}"' for key, value in (*reading.attrs, *reading.ignored))
    return f"[{reading.written_name or reading.name}: {pairs}]" if pairs else f"[{reading.name}]"


def _normalize(
    reading: TagReading, names: ItemNames, raw: str, repairs: list[Repair]
) -> list[Command | Unreadable]:
    if reading.problem is not None:
        return [_unreadable(reading, raw, repairs, Problem("unreadable", reading.problem))]
    if reading.name not in TAG_NAMES:
        return [_unreadable(reading, raw, repairs, Problem("unknown-tag", f'"{reading.name}" is no tag.'))]
    verb = find_verb(reading.name, reading.attrs)
    if verb is None:
        key = "action" if reading.name == "inventory" else "op"
        return [_unreadable(reading, raw, repairs, Problem("missing-key", f"the tag says no {key}=."))]
    written_verb, canonical = verb
    if not canonical:
        reason = "unknown-action" if reading.name == "inventory" else "unknown-op"
        return [
            _unreadable(
                reading, raw, repairs, Problem(reason, f'"{written_verb}" is not something it can do.')
            )
        ]
    attrs = canonical_attrs(reading.name, canonical, written_verb, reading.attrs)
    if isinstance(attrs, Problem):
        return [_unreadable(reading, raw, repairs, attrs)]
    attrs.repairs[:0] = repairs
    if reading.name == "inventory":
        return list(inventory_commands(attrs, names, raw))
    if reading.name == "sheet":
        return [sheet_command(attrs, raw)]
    if reading.name == "place":
        return [place_command(attrs, raw)]
    return [loot_command(attrs, raw)]


def _unreadable(reading: TagReading, raw: str, repairs: Sequence[Repair], problem: Problem) -> Unreadable:
    return Unreadable(
        raw=raw, reason=problem.reason, detail=problem.detail, tag=reading.name, repairs=tuple(repairs)
    )


def _first_error(error: ValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(part) for part in first["loc"])
    return f"{where}: {first['msg']}" if where else str(first["msg"])
