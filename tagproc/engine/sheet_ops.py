"""The GM's ``[sheet:]`` ops on a member's live sheet (DESIGN.md "[sheet: op=...]").

``spend`` / ``restore`` (alias ``heal``) / ``temp`` / ``damage`` on a pool, ``damage`` on a (wound) track,
``track`` (``to=`` or ``by=``), ``condition`` and ``note``; ``rest`` lives in :mod:`tagproc.engine.rest`.
Pools, tracks, conditions and fields are named by id or label in any case; the answer names them by id, and
``who=`` by the member's own name. ``now`` is the pool's current value, the track's marks, the condition's
``on``/``off`` or the field's value after the op; the note says the line the sheet shows ("Resolve 3/4."), as
facts (``sheet.*`` notes, said by ``prompts/notes/sheet.jinja``).

Decisions where the spec is silent:
- ``spend`` takes from the pool's current value only (temporary points soak harm, they are not spent);
  ``damage`` on a pool takes temporary points first, then the pool, never below 0.
- ``temp`` does not stack (as 5e's temporary hit points): the larger of the old and new points stays.
- ``track`` and ``damage`` on a track are held within the track's min..max, and the note says what did
  not fit. A ``kind`` is checked against the track's declared kinds and otherwise ignored with a note:
  the live sheet counts marks, it does not keep them by kind.
- A condition a held item keeps off (``conditionImmunities``) is refused ``immune``, whether or not it is on
  already (taking it off is ``ok``); putting on a condition that is on, or taking off one that is off, is
  ``ok`` and says so. A condition immunity newly gained by an equip or a bind ends the condition in the
  same answer (``immunity_ends``, called from :mod:`tagproc.engine.wearing`).
- ``note`` parses a typed field (number, boolean, enum) or refuses ``malformed``; a number past the field's
  range is held to it with a note; a text past its ``maxLength`` is refused.

Invariant: every refusal changes nothing (``Refused`` has no effects); an accepted op is one ``SheetChanged``.
"""

from __future__ import annotations

from tagproc import commands as c
from tagproc.engine.answers import answer, refuse, with_attr, with_attrs
from tagproc.engine.dice import Dice
from tagproc.engine.outcome import (
    Accepted,
    BagChanged,
    Decision,
    Refused,
    SheetChanged,
    evolve,
    sheet_changed,
    trusted_accepted,
)
from tagproc.engine.placing import member_or_refusal
from tagproc.engine.reasons import Reason
from tagproc.engine.rest import decide_rest
from tagproc.engine.rules import Rules
from tagproc.engine.sheet import LiveSheet, find, track_kinds, with_condition, with_pool, with_track
from tagproc.engine.state import GameState, PoolState, SheetState, Stack, pool_state
from tagproc.engine.trusted import note, trusted_note
from tagproc.notes import Note
from tagproc.ruleset.sheet import Field_, Pool, Track

__all__ = [
    "decide_condition",
    "decide_damage",
    "decide_note",
    "decide_pool",
    "decide_rest",
    "decide_track",
    "immunity_ends",
    "member_sheet",
]

_TRUE = frozenset({"true", "yes", "on", "1"})
_FALSE = frozenset({"false", "no", "off", "0"})


def member_sheet(state: GameState, command: c.Command, rules: Rules) -> LiveSheet | Refused:
    """The live sheet of ``who=`` (the player without it), or ``unknown-character``."""
    who: str | None = getattr(command, "who", None)
    index = member_or_refusal(state, command, who)
    if not isinstance(index, int):
        assert isinstance(index, Refused)  # member_or_refusal refuses, never accepts
        return index
    return LiveSheet(rules, state, index)


def card_attrs(command: c.Command, view: LiveSheet) -> tuple[tuple[str, str], ...]:
    """The command's pairs with ``who`` as the card names it, the player's card when left out (PEER §11)."""
    return with_attr(command, command.answer_attrs(), "who", view.name)


def _refuse(command: c.Command, view: LiveSheet, reason: Reason, said: Note) -> Refused:
    """A refusal of an op on ``view``'s sheet, naming the card."""
    return refuse(command, reason, said, attrs=card_attrs(command, view))


def _zero(command: c.Command, view: LiveSheet) -> Refused:
    """An amount of 0 changes nothing: ``bad-amount`` (CONVENTIONS.md §11)."""
    return _refuse(command, view, Reason.BAD_AMOUNT, note("sheet.bad_amount"))


def pool_now(view: LiveSheet, pool: Pool, now: PoolState) -> Note:
    """A pool's ``now=`` value (PEER §11): ``<value>/<max>``, and its temporary points (``sheet.pool_now``)."""
    # Unvalidated (``trusted_note``), without ``note``'s walk: the facts are whole numbers.
    facts = (("current", now.current), ("max", view.pool_max(pool)), ("temp", now.temp))
    return trusted_note(code="sheet.pool_now", facts=facts)


def _accept(
    command: c.Command,
    view: LiveSheet,
    sheet: SheetState,
    *,
    key: str,
    value: str,
    now: str | Note,
    said: tuple[Note, ...] = (),
) -> Accepted:
    attrs = with_attrs(command, command.answer_attrs(), who=view.name, **{key: value})
    reply = answer(command, attrs=attrs, now=now, note=said)
    return trusted_accepted(effects=(sheet_changed(member=view.index, sheet=sheet),), answers=(reply,))


# -- pools -------------------------------------------------------------------------------------------


def decide_pool(
    state: GameState, command: c.Spend | c.Restore | c.Temp, rules: Rules, dice: Dice
) -> Decision:
    """``spend``, ``restore`` or ``temp`` on a live pool."""
    view = member_sheet(state, command, rules)
    if isinstance(view, Refused):
        return view
    if command.amount == 0:
        return _zero(command, view)
    pool = view.pool(command.pool)
    if pool is None:
        return _unknown_pool(view, command, command.pool)
    top, now = view.pool_max(pool), view.pool_state(pool)
    said: tuple[Note, ...] = ()  # now= says the pool (PEER §11); the note only what it does not
    if isinstance(command, c.Spend):
        if now.current < command.amount:
            return _refuse(command, view, Reason.INSUFFICIENT, note("sheet.reads", line=view.pool_note(pool)))
        after = pool_state(current=now.current - command.amount, temp=now.temp)
    elif isinstance(command, c.Restore):
        after = pool_state(current=min(top, now.current + command.amount), temp=now.temp)
        if now.current + command.amount > top:
            said = (note("sheet.past_max", more=now.current + command.amount - top),)
    else:
        after = pool_state(current=now.current, temp=max(now.temp, command.amount))
        if now.temp >= command.amount and command.amount:
            said = (note("sheet.temp_kept", larger=now.temp),)
    sheet = with_pool(view.sheet, pool.id, after)
    return _accept(
        command, view, sheet, key="pool", value=pool.id, now=pool_now(view, pool, after), said=said
    )


def decide_damage(state: GameState, command: c.Damage, rules: Rules, dice: Dice) -> Decision:
    """``damage`` on a pool (temporary points first) or on a track (marks added)."""
    view = member_sheet(state, command, rules)
    if isinstance(view, Refused):
        return view
    if command.amount == 0:
        return _zero(command, view)
    if command.pool is not None:
        return _damage_pool(view, command, command.pool)
    track = view.track(command.track or "")
    if track is None:
        return _unknown_track(view, command, command.track or "")
    return _damage_track(view, command, track)


def _damage_pool(view: LiveSheet, command: c.Damage, name: str) -> Decision:
    pool = view.pool(name)
    if pool is None:
        return _unknown_pool(view, command, name)
    now = view.pool_state(pool)
    soaked = min(now.temp, command.amount)
    after = pool_state(current=max(0, now.current - (command.amount - soaked)), temp=now.temp - soaked)
    notes: list[Note] = []  # now= says the pool (PEER §11)
    if soaked:
        notes.append(note("sheet.soaked", amount=soaked))
    if command.track is not None:
        notes.append(note("sheet.track_left_out", track=command.track))
    if after.current == 0 and command.amount:
        notes.append(note("sheet.down_to_zero", who=view.name, pool=pool.label))
    sheet = with_pool(view.sheet, pool.id, after)
    return _accept(
        command,
        view,
        sheet,
        key="pool",
        value=pool.id,
        now=pool_now(view, pool, after),
        said=tuple(notes),
    )


def _damage_track(view: LiveSheet, command: c.Damage, track: Track) -> Decision:
    low, top = view.track_bounds(track)
    value = view.track_value(track)
    after = max(low, min(top, value + command.amount))
    notes = [note("sheet.reads", line=view.track_note(track, after))]
    if value + command.amount > top:
        notes.append(note("sheet.did_not_fit", more=value + command.amount - top, track=track.label))
    kind_note, kind_id = _kind(track, command.kind)
    if kind_note is not None:
        notes.append(kind_note)
    sheet = with_track(view.sheet, track.id, after)
    accepted = _accept(command, view, sheet, key="track", value=track.id, now=str(after), said=tuple(notes))
    if kind_id is None or kind_id == command.kind:
        return accepted
    reply = accepted.answers[0]
    attrs = with_attr(command, reply.attrs, "kind", kind_id)
    return Accepted(effects=accepted.effects, answers=(reply.model_copy(update={"attrs": attrs}),))


def _kind(track: Track, kind: str | None) -> tuple[Note | None, str | None]:
    """A note about ``kind=`` (None when it is one of the track's kinds) and the kind's id when it is."""
    if kind is None:
        return None, None
    kinds = track_kinds(track)
    if not kinds:
        return note("sheet.no_kinds", track=track.label, kind=kind), None
    found = find(kinds, kind)
    if found is None:
        named = tuple((k.id, k.label) for k in kinds)
        return note("sheet.unknown_kind", track=track.label, kind=kind, kinds=named), None
    return None, found.id


def _unknown_pool(view: LiveSheet, command: c.Command, name: str) -> Refused:
    pools = tuple((p.id, p.label) for p in view.live.pools)
    return _refuse(command, view, Reason.UNKNOWN_POOL, note("sheet.unknown_pool", name=name, known=pools))


def _unknown_track(view: LiveSheet, command: c.Command, name: str) -> Refused:
    tracks = tuple((t.id, t.label) for t in view.live.tracks)
    return _refuse(command, view, Reason.UNKNOWN_TRACK, note("sheet.unknown_track", name=name, known=tracks))


# -- tracks, conditions, fields ------------------------------------------------------------------------


def decide_track(state: GameState, command: c.Track, rules: Rules, dice: Dice) -> Decision:
    """``track``: set a track ``to`` a value or move it ``by`` some, within its min..max."""
    view = member_sheet(state, command, rules)
    if isinstance(view, Refused):
        return view
    track = view.track(command.track)
    if track is None:
        return _unknown_track(view, command, command.track)
    low, top = view.track_bounds(track)
    wanted = command.to if command.to is not None else view.track_value(track) + (command.by or 0)
    after = max(low, min(top, wanted))
    said: tuple[Note, ...] = (note("sheet.reads", line=view.track_note(track, after)),)
    if after != wanted:
        said += (note("sheet.held_to", low=low, top=top, asked=wanted),)
    sheet = with_track(view.sheet, track.id, after)
    return _accept(command, view, sheet, key="track", value=track.id, now=str(after), said=said)


def decide_condition(state: GameState, command: c.Condition, rules: Rules, dice: Dice) -> Decision:
    """``condition``: put a condition on, or take it off."""
    view = member_sheet(state, command, rules)
    if isinstance(view, Refused):
        return view
    found = view.condition(command.condition)
    if found is None:
        known = tuple((k.id, k.label) for k in view.live.conditions)
        said = note("sheet.unknown_condition", name=command.condition, known=known)
        return _refuse(command, view, Reason.UNKNOWN_CONDITION, said)
    was_on = view.has_condition(found.id)
    # Spec "conditionImmunities: your own conditions that are never put on its holder": on or not already.
    keeper = view.immunity(found.id) if command.state else None
    if keeper is not None:
        said = note("sheet.immune", keeper=keeper, condition=found.label, who=view.name)
        return _refuse(command, view, Reason.IMMUNE, said)
    # now= says on or off (PEER §11); the note only that nothing changed.
    unchanged = was_on == command.state
    already = (note("sheet.already", condition=found.label, on=was_on),) if unchanged else ()
    sheet = with_condition(view.sheet, found.id, command.state)
    now = "on" if command.state else "off"
    return _accept(command, view, sheet, key="condition", value=found.id, now=now, said=already)


def immunity_ends(
    state: GameState, member_index: int, bag_after: tuple[Stack, ...], rules: Rules
) -> tuple[SheetChanged | None, tuple[Note, ...]]:
    """The conditions a member's new bag newly keeps off, taken off their sheet, and the notes that say so
    (``sheet.immunity_ends``, one a condition).

    Spec ("Typed defenses ..."): "A newly gained condition immunity ends that condition if already active". Called where
    an equip or bind makes an item worn: each condition on the sheet that nothing kept off before and an
    item of ``bag_after`` keeps off now goes off ("Rattled is off: Dawn bell keeps it off."). (None, ())
    when nothing ends.
    """
    before = LiveSheet(rules, state, member_index)
    after = LiveSheet(rules, evolve(state, BagChanged(member=member_index, bag=bag_after)), member_index)
    sheet, notes = before.sheet, list[Note]()
    for condition_id in before.sheet.conditions:
        keeper = after.immunity(condition_id)
        if keeper is None or before.immunity(condition_id) is not None:
            continue
        found = before.condition(condition_id)
        label = found.label if found is not None else condition_id
        sheet = with_condition(sheet, condition_id, on=False)
        notes.append(note("sheet.immunity_ends", condition=label, keeper=keeper))
    if not notes:
        return None, ()
    return SheetChanged(member=member_index, sheet=sheet), tuple(notes)


def decide_note(state: GameState, command: c.Note, rules: Rules, dice: Dice) -> Decision:
    """``note``: write a sheet field, parsed as its type."""
    view = member_sheet(state, command, rules)
    if isinstance(view, Refused):
        return view
    field = view.field(command.field)
    if field is None:
        known = tuple((f.id, f.label) for f in rules.ruleset.sheet.fields)
        said = note("sheet.unknown_field", name=command.field, known=known)
        return _refuse(command, view, Reason.UNKNOWN_FIELD, said)
    parsed = _parse_field(field, command.value)
    if isinstance(parsed, Note):
        return _refuse(command, view, Reason.MALFORMED, parsed)
    value, shown, extra = parsed  # now= says the value
    sheet = view.sheet.model_copy(update={"fields": {**view.sheet.fields, field.id: value}})
    return _accept(command, view, sheet, key="field", value=field.id, now=shown, said=extra)


def _parse_field(field: Field_, text: str) -> tuple[float | str | bool, str, tuple[Note, ...]] | Note:
    """The value to store, how ``now=`` writes it, and notes; or why it cannot be stored (a ``malformed``
    note)."""
    written = text.strip()
    if field.type == "number":
        return _parse_number(field, written)
    if field.type == "boolean":
        folded = written.casefold()
        if folded in _TRUE | _FALSE:
            on = folded in _TRUE
            return on, "yes" if on else "no", ()
        return note("sheet.not_yes_no", field=field.label, written=written)
    if field.type == "enum" and field.values:
        match = next((v for v in field.values if v.casefold() == written.casefold()), None)
        if match is None:
            return note("sheet.not_one_of", field=field.label, values=tuple(field.values), written=written)
        return match, match, ()
    most = (field.model_extra or {}).get("maxLength")
    if isinstance(most, int) and len(written) > most:
        return note("sheet.too_long", field=field.label, most=most)
    return written, written, ()


def _parse_number(field: Field_, written: str) -> tuple[float, str, tuple[Note, ...]] | Note:
    try:
        number = float(written)
    except ValueError:
        return note("sheet.not_a_number", field=field.label, written=written)
    if number != number or number in (float("inf"), float("-inf")):
        return note("sheet.not_a_number", field=field.label, written=written)
    held = number
    if field.min is not None:
        held = max(field.min, held)
    if field.max is not None:
        held = min(field.max, held)
    if held == number:
        return held, _shown(held), ()
    # The bounds as now= writes numbers (a number's format is a fact); None: the field has no bound there.
    low = None if field.min is None else _shown(field.min)
    top = None if field.max is None else _shown(field.max)
    return held, _shown(held), (note("sheet.held_to", low=low, top=top, asked=written),)


def _shown(number: float) -> str:
    """A field's number as ``now=`` writes it: ``4``, ``2.5``."""
    return str(int(number)) if float(number).is_integer() else str(number)
