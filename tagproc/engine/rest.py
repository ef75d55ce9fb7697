"""Rests: ``[sheet: op="rest" rest=... who=...]`` (DESIGN.md "[sheet: op=...]", spec ``charges.recharge``).

A rest applies the ruleset rest's ``restore`` steps and ``clear.conditions`` to a member's live sheet and
recharges every item in their bag whose ``charges.recharge.rests`` names it; the sheet and the bag are written
together, in one decision. Without ``who=`` the player rests (CONVENTIONS.md §11; ``who="party"`` is every
member, in ``decide``). ``now`` is the rest's label and a colon, then what came back ("Night's rest: Grit
11/11"); ``who`` is the card's name.

Decisions where the spec is silent:
- Without ``rest=``, the ruleset's only rest is taken; with several, the tag is refused (``unknown-rest``)
  and the note names them. The answer's ``rest=`` is always the rest's id, so the GM sees which one ran.
- Steps the live sheet cannot follow are skipped and the note says so: ``listPools`` (sheet lists are not
  kept by tagproc), and a track step that names a ``kind`` (marks are counted, not kept by kind).
- ``fractionOfMax`` gives back that share of the maximum rounded down, at least 1 of a pool with a maximum.
- A pool set to its maximum keeps its temporary points; a rest writes explicit values (a full pool is stored
  as its number, not left out).

The notes (a refusal naming the rests, the steps skipped) are facts (``rest.*``, said by
``prompts/notes/rest.jinja``). ``now=`` is a value of the answer, written in CONVENTIONS.md §11's form here
(``_now``): the rest's label and a colon, then each pool, track, state, condition and item that came back.
"""

from __future__ import annotations

import math

from tagproc import commands as c
from tagproc.engine.answers import answer, refuse, with_attr, with_attrs
from tagproc.engine.charges import recharge_stack
from tagproc.engine.dice import Dice
from tagproc.engine.outcome import Decision, Effect, bag_changed, sheet_changed, trusted_accepted
from tagproc.engine.placing import member_or_refusal
from tagproc.engine.reasons import Reason
from tagproc.engine.rules import Rules
from tagproc.engine.sheet import LiveSheet, find_in, whole, with_condition, with_pool, with_track
from tagproc.engine.state import GameState, SheetState, Stack, pool_state
from tagproc.engine.trusted import note, trusted_note
from tagproc.notes import Note
from tagproc.ruleset.sheet import FractionOfMax, Rest, RestStep

__all__ = ["decide_rest"]


def decide_rest(state: GameState, command: c.Rest, rules: Rules, dice: Dice) -> Decision:
    """Rest one member (``who=``, the player without it); recharge what names the rest."""
    index = member_or_refusal(state, command, command.who)
    if not isinstance(index, int):
        return index
    view = LiveSheet(rules, state, index)
    rest = _pick_rest(rules, command.rest)
    if rest is None:
        attrs = with_attr(command, command.answer_attrs(), "who", view.name)
        return refuse(command, Reason.UNKNOWN_REST, _rest_help(rules, command.rest), attrs=attrs)
    effects: list[Effect] = []
    sheet, parts, skips = _restore(view, rest)
    bag, charged = _recharge(view, rest.id, dice)
    # The very value back means nothing changed (no comparison to make); an equal new one, too: two sheets
    # are equal when their fields are (pydantic's ``==`` on two ``SheetState``s, whose private and extra
    # parts are None, is their ``__dict__``s'), compared here without its checks of type and parts.
    if sheet is not view.sheet and sheet.__dict__ != view.sheet.__dict__:
        effects.append(sheet_changed(member=index, sheet=sheet))
    if bag is not view.member.bag and bag != view.member.bag:
        effects.append(bag_changed(member=index, bag=bag))
    attrs = with_attrs(command, command.answer_attrs(), rest=rest.id, who=view.name)
    now = _now(rest, [*parts, *charged])
    reply = answer(command, attrs=attrs, now=now, note=skips)
    return trusted_accepted(effects=tuple(effects), answers=(reply,))


def _now(rest: Rest, restored: list[Note]) -> Note:
    """A rest's ``now=`` (CONVENTIONS.md §11) as a note: ``Night's rest: Grit 11/11, Dawn bell 3/3 charges``."""
    # Unvalidated (``trusted_note``), without ``note``'s walk over the facts: a label and a tuple of notes.
    return trusted_note(code="rest.now", facts=(("rest", rest.label), ("restored", tuple(restored))))


def _pick_rest(rules: Rules, name: str | None) -> Rest | None:
    rests = rules.ruleset.rests
    if name is None:
        return rests[0] if len(rests) == 1 else None
    return find_in(rules, rules.ruleset.rests, name)


def _rest_help(rules: Rules, name: str | None) -> Note:
    """Why no rest was picked: none named of several (``rest.name_it``), or none of that name."""
    rests = rules.ruleset.rests
    if not rests:
        return note("rest.no_rests")
    known = tuple((rest.id, rest.label) for rest in rests)
    if name is None:
        return note("rest.name_it", rests=known)
    return note("rest.unknown", name=name, rests=known)


# -- the sheet ---------------------------------------------------------------------------------------


def _restore(view: LiveSheet, rest: Rest) -> tuple[SheetState, list[Note], tuple[Note, ...]]:
    """The sheet after the rest's restore steps and clears, what came back (for ``now=``), and the notes of
    the steps skipped."""
    sheet = view.sheet
    parts: list[Note] = []
    skipped: list[Note] = []
    for step in rest.restore:
        sheet, said, skip = _step(view.over(sheet), step)
        if said:
            parts.append(said)
        if skip:
            skipped.append(skip)
    for condition_id in rest.clear.conditions if rest.clear else []:
        if condition_id in sheet.conditions:
            found = view.condition(condition_id)
            sheet = with_condition(sheet, condition_id, on=False)
            parts.append(note("rest.off", condition=found.label if found else condition_id))
    return sheet, parts, tuple(skipped)


def _step(view: LiveSheet, step: RestStep) -> tuple[SheetState, Note | None, Note | None]:
    if step.pool is not None:
        return _pool_step(view, step)
    if step.track is not None:
        return _track_step(view, step)
    if step.state is not None:
        return _state_step(view, step)
    extra = step.model_extra or {}
    if "listPools" in extra:
        return view.sheet, None, note("rest.lists_not_kept", lists=str(extra["listPools"]))
    return view.sheet, None, note("rest.step_skipped")


def _delta(view: LiveSheet, by: object, top: int) -> int:
    if isinstance(by, FractionOfMax):
        share = math.floor(top * by.fraction_of_max + 1e-9)
        return max(share, 1) if top > 0 and by.fraction_of_max > 0 else share
    return whole(view.number(by, live=True))


def _pool_step(view: LiveSheet, step: RestStep) -> tuple[SheetState, Note | None, Note | None]:
    pool = view.pool(step.pool or "")
    if pool is None:
        return view.sheet, None, note("rest.no_pool", name=step.pool)
    top = view.pool_max(pool)
    now = view.pool_state(pool)
    if step.by is not None:
        current = now.current + _delta(view, step.by, top)
    else:
        current = _target(step.to, low=0, top=top, start=top, fallback=now.current)
    after = pool_state(current=max(0, min(top, current)), temp=now.temp)
    return with_pool(view.sheet, pool.id, after), view.pool_note(pool, after), None


def _track_step(view: LiveSheet, step: RestStep) -> tuple[SheetState, Note | None, Note | None]:
    track = view.track(step.track or "")
    if track is None:
        return view.sheet, None, note("rest.no_track", name=step.track)
    if step.kind is not None:
        return view.sheet, None, note("rest.kind_left", track=track.label, kind=step.kind)
    low, top = view.track_bounds(track)
    start = view.track_start(track)
    found = view.sheet.tracks.get(track.id)
    value = start if found is None else found  # ``view.track_value(track)``, its start worked out once
    if step.by is not None:
        value += _delta(view, step.by, top)
    else:
        value = _target(step.to, low=low, top=top, start=start, fallback=value)
    value = max(low, min(top, value))
    return with_track(view.sheet, track.id, value), view.track_note(track, value), None


def _state_step(view: LiveSheet, step: RestStep) -> tuple[SheetState, Note | None, Note | None]:
    found = view.live_state(step.state or "")
    if found is None:
        return view.sheet, None, note("rest.no_state", name=step.state)
    default = found.default if found.default is not None else found.values[0]
    value = default if step.to in (None, "default") else str(step.to)
    if value not in found.values:
        return view.sheet, None, note("rest.no_value", state=found.label, value=value)
    sheet = view.sheet.model_copy(update={"states": {**view.sheet.states, found.id: value}})
    labels = (found.model_extra or {}).get("valueLabels")
    shown = labels.get(value, value) if isinstance(labels, dict) else value
    return sheet, note("rest.state", state=found.label, value=shown), None


def _target(to: str | float | None, *, low: int, top: int, start: int, fallback: int) -> int:
    """Where a step's ``to`` sets a pool or track: ``"max"``, ``"min"``, ``"default"`` or a number."""
    if to == "max":
        return top
    if to == "min":
        return low
    if to == "default":
        return start
    if isinstance(to, (int, float)):  # a tuple, not a union made anew each call
        return whole(to)
    try:
        return whole(float(str(to)))
    except ValueError:
        return fallback


# -- the bag -----------------------------------------------------------------------------------------


def _recharge(view: LiveSheet, rest_id: str, dice: Dice) -> tuple[tuple[Stack, ...], list[Note]]:
    """The bag after the rest: every item whose charges name it gets them back (spec ``recharge``)."""
    bag: list[Stack] = []
    lines: list[Note] = []
    for stack in view.member.bag:
        # A coin or a plain item follows no item's rules (``Rules.item_of`` is None): nothing to recharge; an
        # item without ``charges`` gets none back (``recharge_stack`` is None), asked without the call.
        item = (
            None if stack.item is None and stack.invented is None else view.rules.item_of(stack, view.state)
        )
        charged = recharge_stack(stack, item, rest_id, dice) if item is not None and item.charges else None
        if charged is None:
            bag.append(stack)
            continue
        after, top = charged
        bag.append(after)
        lines.append(note("rest.charges", item=stack.name, now=after.charges, max=top))
    return (tuple(bag) if lines else view.member.bag), lines  # nothing recharged: the very bag
