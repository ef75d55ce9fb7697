"""What the instructions block teaches of ``[sheet:]``: the ops this ruleset's sheet has, with its own pools,
tracks, conditions, fields and rests (DESIGN.md "[sheet: op=...]"; CONVENTIONS.md "[sheet:] and rests").

Owns ``SheetFacts``: labels and ids off the ruleset's sheet, ``None`` or empty where the sheet has none, so
the template teaches an op only where the sheet has what it changes (no rest line without rests). Nothing
here is a word for the model.

Decisions where the spec is silent:
- ``spend`` and ``restore`` are shown on the first pool that is not the party's health (the first pool when
  there is no other); ``damage`` and ``temp`` on a pool only where the party's health is a pool
  (``engine.sheet.health_of``): Gravewatch's health is its Harm track, taught with ``damage`` and ``kind=``.
- ``track`` is shown on the first track that declares no kinds of harm; ``damage`` with ``kind=`` on the
  first that does (a wound track, Gravewatch's Harm), with its kinds' ids listed.
- The field example is the first enum or number field (else the first field), its value typed as it is (an enum's first value, a number's default or least, or
  1); a text field's is the template's own word (``value`` is ``None``).
- A live ``state`` (Ember Roads' stance) is not taught: no ``[sheet:]`` op sets one.
"""

from __future__ import annotations

from dataclasses import dataclass

from tagproc.engine.rules import Rules
from tagproc.engine.sheet import health_of, track_kinds
from tagproc.names import Word

__all__ = ["FieldExample", "SheetFacts", "Wound", "sheet_of"]


@dataclass(frozen=True, slots=True)
class Wound:
    """A track that takes harm by kind: its label and its kinds (``id`` and label)."""

    track: str
    kinds: tuple[Word, ...]


@dataclass(frozen=True, slots=True)
class FieldExample:
    label: str
    value: str | int | None  # None: a text field, worded by the template


@dataclass(frozen=True, slots=True)
class SheetFacts:
    """The live sheet's parts the ``[sheet:]`` ops name, labels in the sheet's order."""

    pools: tuple[str, ...]
    spend: str | None  # the pool spend and restore are shown on
    health: str | None  # the pool damage and temp are shown on
    tracks: tuple[str, ...]
    track: str | None  # the track the track op is shown on
    wound: Wound | None
    conditions: tuple[str, ...]
    fields: tuple[str, ...]
    field: FieldExample | None
    rests: tuple[Word, ...]


def _field_value(
    kind: str, values: list[str] | None, default: object, least: float | None
) -> str | int | None:
    if kind == "enum" and values:
        return values[0]
    if kind == "number":
        for number in (default, least):
            if isinstance(number, int | float) and not isinstance(number, bool):
                return int(number)
        return 1
    return None


def sheet_of(rules: Rules) -> SheetFacts | None:
    """The ``[sheet:]`` facts, or ``None`` for a sheet with nothing an op changes."""
    sheet = rules.ruleset.sheet
    live = sheet.live
    rests = tuple(Word(rest.id, rest.label) for rest in rules.ruleset.rests)
    if not (live.pools or live.tracks or live.conditions or sheet.fields or rests):
        return None
    health = health_of(rules)
    health_pool = next(
        (p for p in live.pools if health and health.kind == "pool" and p.id == health.id), None
    )
    others = [p for p in live.pools if p is not health_pool]
    spend = (others or live.pools)[0].label if live.pools else None
    wounds = [t for t in live.tracks if track_kinds(t)]
    plain = [t for t in live.tracks if not track_kinds(t)]
    track = (plain or live.tracks)[0].label if live.tracks else None
    wound = (
        Wound(wounds[0].label, tuple(Word(k.id, k.label) for k in track_kinds(wounds[0]))) if wounds else None
    )
    typed = [f for f in sheet.fields if f.type in ("enum", "number")]
    first = (typed or sheet.fields)[0] if sheet.fields else None
    field = (
        FieldExample(first.label, _field_value(first.type, first.values, first.default, first.min))
        if first is not None
        else None
    )
    return SheetFacts(
        pools=tuple(p.label for p in live.pools),
        spend=spend,
        health=health_pool.label if health_pool is not None else None,
        tracks=tuple(t.label for t in live.tracks),
        track=track,
        wound=wound,
        conditions=tuple(c.label for c in live.conditions),
        fields=tuple(f.label for f in sheet.fields),
        field=field,
        rests=rests,
    )
