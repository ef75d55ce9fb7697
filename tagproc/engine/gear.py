"""Starting gear: taking a gear into a bag (spec "Starting gear"; issue 12).

Owns ``decide_gear`` and ``gear_problems``. The action names a gear (id or label, any case), one option per
choice (label, any case, in order) and one pick per ``oneOf`` line (the gear's own lines first, then each
chosen option's, in order; a label in any case or ``catalog/entry``, from that line's list), into ``who``'s
bag (the player's without it). A name the gear does not offer is the caller's mistake: ``gear_problems`` lists
each (for a transcript's dotted paths) and ``decide_gear`` raises ``GearError`` on any.

The rules, in the order they are checked (a refusal is one ``[gear: gear=... who=...]`` answer, nothing
changed):
- ``who`` names a member (``unknown-character``, ``ambiguous-character``, as ``placing.member_or_refusal``).
- Group: ``group:<id>``, or ``gear:<id>`` for a gear without one (its own group, never the same as a group
  of the same name). A key already in ``Member.gear_taken`` without ``again`` is ``already-taken``.
- Lines: an ``item`` or a pick, a ruleset item; ``coins``, so many of a coin; ``name``, a plain item. Left out
  and named on the first answer: an item a layer takes out, a ``oneOf`` all of whose items it takes out, a
  service, a plain item where ``freeform`` is ``"refuse"``, a name that breaks a label's rules (brackets,
  ``{{``, a line break). Coins of a coin a layer takes out are counted out in the coins left of its family,
  largest first, the same worth (``money.coins_for``); when they cannot be, they are left out too.
- Nothing left: ``nothing-left`` (never marked taken for nothing).
- Weight, all or nothing: with carry rules, what the whole gear weighs against what the bearer can still
  carry under their ``limit`` (as a ``who=`` add fills a bag, encumbered or not): ``too-heavy``. A bag
  that would hold more than ``bags.MAX_BAG_STACKS`` stacks: ``too-many``.
- Taken: each line placed into the bearer's bag (``placing.place``, as ``[inventory: action="add"
  who=...]``), one add answer per line (``who`` the member's name as the party spells it, as a tag's ok
  answer writes it; left out when the action left it out);
  ``equip: true`` puts it on through ``wearing.decide_equip`` where its slots are free, else it is carried
  and the note says so. The group is marked taken (``GearTaken``). Journal: ``acquired`` per line,
  ``source="gear:<gear label>"``.

Notes are ``gear.*`` facts (``prompts/notes/gear.jinja``).

Decisions where the spec is silent:
- A pick of an item a layer took out, or of a service, from a list that still has others, is left out and
  named as the item (the dialog would not offer it; an action is lenient there, as for an item line).
- A ``oneOf`` line takes a pick even when a layer took out its whole list: every ``oneOf`` line has one.
- When an option is unknown, the picks are not checked (their lines are not known).
- ``equip: true`` on an item that takes no slot (or in a ruleset without slots) is simply carried, unsaid.
- An ``equip: true`` line of several puts on as many as have free slots; the note says how many.

Invariants: a refusal has no effects (the state stays byte-identical); no dice are rolled; what is placed is
exactly what the answers say, into the one bag named, and the group is marked once (``GearTaken``).
"""

from __future__ import annotations

from dataclasses import dataclass

from tagproc import commands as c
from tagproc.actions import GearAction
from tagproc.engine import bags, carrying, money
from tagproc.engine.answers import with_attr
from tagproc.engine.dice import Dice
from tagproc.engine.outcome import (
    Accepted,
    Answer,
    Decision,
    Effect,
    GearTaken,
    Journaled,
    Refused,
    evolve_all,
)
from tagproc.engine.placing import counted_text, member_or_refusal, place
from tagproc.engine.reasons import Reason
from tagproc.engine.rules import Rules, stack_key
from tagproc.engine.state import GameState
from tagproc.engine.trusted import note
from tagproc.engine.wearing import decide_equip
from tagproc.notes import Note
from tagproc.ruleset.item import Item
from tagproc.ruleset.models import Coin, GearLine, ItemCatalog, StartingGear

__all__ = ["GearError", "decide_gear", "find_gear", "gear_problems"]

_TOLERANCE = 1e-9
_BAD_IN_NAMES = ("[", "]", "{{", "\n", "\r")  # a label's rules (spec "Starting gear": name)
# Why a line is left out, in the order their notes are said (``gear.left_out_<why>``).
_WHY = ("layer", "list", "coins", "service", "plain", "bad_name")


class GearError(ValueError):
    """A gear action that names what the ruleset does not have (a programming error of the caller)."""


@dataclass(frozen=True, slots=True)
class _Take:
    """One line to put in: the item as an add names it, how many, whether to put it on, and its own note."""

    ref: c.ItemRef
    count: int
    equip: bool = False
    said: Note | None = None


@dataclass(frozen=True, slots=True)
class _LeftOut:
    name: str
    why: str


# --- finding what the action names ------------------------------------------------------------------


def find_gear(rules: Rules, name: str) -> StartingGear | None:
    """The starting gear ``name`` names, by id or label in any case (None: no such gear)."""
    wanted = stack_key(name)
    gears = rules.block.starting_gear if rules.block else []
    return next((g for g in gears if wanted in (stack_key(g.id), stack_key(g.label))), None)


def _listed(rules: Rules, ref: str) -> tuple[str, Item] | None:
    """An item the ruleset lists, as written, whether or not a layer takes it out: its label and rules."""
    catalog_id, _, entry_id = ref.partition("/")
    for catalog in rules.ruleset.catalogs:
        if isinstance(catalog, ItemCatalog) and catalog.id == catalog_id:
            for entry in catalog.entries:
                if entry.id == entry_id:
                    return entry.label, entry.item
    return None


def _label(rules: Rules, ref: str) -> str:
    found = _listed(rules, ref)
    return found[0] if found else ref


def _pick_of(rules: Rules, line: GearLine, pick: str) -> str | None:
    """The ref in ``line``'s list that ``pick`` names (its ref, or its label in any case), or None."""
    choices = line.one_of or []
    if pick in choices:
        return pick
    wanted = stack_key(pick)
    return next((ref for ref in choices if stack_key(_label(rules, ref)) == wanted), None)


def _chosen(
    rules: Rules, gear: StartingGear, action: GearAction
) -> tuple[list[GearLine], list[tuple[str, str]]]:
    """The lines the action takes (the gear's, then each chosen option's) and the options' problems."""
    problems: list[tuple[str, str]] = []
    lines = list(gear.lines)
    if len(action.options) != len(gear.choices):
        problems.append(
            (
                "options",
                f'"{gear.label}" has {len(gear.choices)} choices; {len(action.options)} options given',
            )
        )
    for index, (choice, written) in enumerate(zip(gear.choices, action.options, strict=False)):
        option = next((o for o in choice.options if stack_key(o.label) == stack_key(written)), None)
        if option is None:
            known = ", ".join(o.label for o in choice.options)
            problems.append((f"options.{index}", f'"{choice.label}" has no option "{written}" ({known})'))
        else:
            lines.extend(option.lines)
    return lines, problems


def gear_problems(action: GearAction, rules: Rules) -> list[tuple[str, str]]:
    """Every problem of ``action`` against the ruleset: an unknown gear, an option or pick it does not offer,
    too few or too many options or picks. Each is ``(key, message)``, the key relative to the action
    (``gear``, ``options``, ``options.1``, ``picks.0``), for a transcript's dotted paths. Empty when the action
    can be decided."""
    gear = find_gear(rules, action.gear)
    if gear is None:
        gears = rules.block.starting_gear if rules.block else []
        known = ", ".join(g.id for g in gears) or "none"
        return [("gear", f'No starting gear "{action.gear}" (starting gear: {known})')]
    lines, problems = _chosen(rules, gear, action)
    if problems:
        return problems
    lists = [line for line in lines if line.one_of is not None]
    if len(action.picks) != len(lists):
        problems.append(("picks", f"{len(lists)} of these lines are a pick; {len(action.picks)} picks given"))
    for index, (line, pick) in enumerate(zip(lists, action.picks, strict=False)):
        if _pick_of(rules, line, pick) is None:
            known = ", ".join(_label(rules, ref) for ref in line.one_of or [])
            problems.append((f"picks.{index}", f'"{pick}" is not one of {known}'))
    return problems


# --- what the lines give ------------------------------------------------------------------------------


def _item_line(rules: Rules, ref: str, count: int, equip: bool) -> _Take | _LeftOut:
    entry = rules.book.get(ref)
    if entry is None:
        return _LeftOut(_label(rules, ref), "layer")
    if entry.item.service:
        return _LeftOut(entry.label, "service")
    return _Take(c.ItemRef(name=entry.label, label=entry.label), count, equip and bool(entry.item.slots))


def _list_line(rules: Rules, line: GearLine, pick: str) -> _Take | _LeftOut:
    choices = line.one_of or []
    if all(rules.book.get(ref) is None for ref in choices):
        return _LeftOut(" / ".join(_label(rules, ref) for ref in choices), "list")
    ref = _pick_of(rules, line, pick)
    assert ref is not None  # gear_problems found none
    return _item_line(rules, ref, line.count, line.equip)


def _coin_lines(rules: Rules, coin_id: str, count: int) -> list[_Take | _LeftOut]:
    """So many of a coin; a coin a layer took out, counted out in the coins left of its family."""
    if coin_id in rules.coins_by_id:
        coin = rules.coins_by_id[coin_id]
        return [_Take(c.ItemRef(name=coin.label, coin=coin.id), count)]
    written = _written_coin(rules, coin_id)
    if written is None:
        return [_LeftOut(counted_text(coin_id, count), "coins")]
    family_id, unit = written
    said = counted_text(unit.label, count)
    left = [coin for coin in rules.book.coins() if coin.family.id == family_id]
    try:
        paid = money.coins_for(rules.family(left[0].id), unit.value * count) if left else ()
    except ValueError:  # the smallest coin is gone too, and the worth cannot be counted out exactly
        paid = ()
    if not paid:
        return [_LeftOut(said, "coins")]
    as_paid = tuple((rules.coins_by_id[part.coin].label, part.count) for part in paid)
    name = (unit.one or unit.label) if count == 1 else unit.label
    told = note("gear.coins_paid_as", name=name, count=count, paid=as_paid)
    return [
        _Take(
            c.ItemRef(name=rules.coins_by_id[part.coin].label, coin=part.coin),
            part.count,
            said=told if i == 0 else None,
        )
        for i, part in enumerate(paid)
    ]


def _written_coin(rules: Rules, coin_id: str) -> tuple[str, Coin] | None:
    """A coin as the ruleset writes it (layers aside): its family's id and the coin."""
    for family in rules.block.currencies if rules.block else []:
        for unit in family.units:
            if unit.id == coin_id:
                return family.id, unit
    return None


def _name_line(rules: Rules, name: str, count: int) -> _Take | _LeftOut:
    if rules.block is not None and rules.block.freeform == "refuse":
        return _LeftOut(name, "plain")
    if any(bad in name for bad in _BAD_IN_NAMES):
        return _LeftOut(" ".join(name.split()), "bad_name")
    return _Take(c.ItemRef(name=" ".join(name.split())), count)


def _lines(rules: Rules, lines: list[GearLine], picks: tuple[str, ...]) -> list[_Take | _LeftOut]:
    given: list[_Take | _LeftOut] = []
    left_picks = list(picks)
    for line in lines:
        if line.item is not None:
            given.append(_item_line(rules, line.item, line.count, line.equip))
        elif line.one_of is not None:
            given.append(_list_line(rules, line, left_picks.pop(0)))
        elif line.coins is not None:
            given.extend(_coin_lines(rules, line.coins, line.count))
        elif line.name is not None:
            given.append(_name_line(rules, line.name, line.count))
    return given


# --- deciding -------------------------------------------------------------------------------------------


def decide_gear(state: GameState, action: GearAction, rules: Rules, dice: Dice) -> Decision:
    """Take the gear whole, or refuse it whole (nothing changes)."""
    problems = gear_problems(action, rules)
    if problems:
        raise GearError("; ".join(f"{key}: {message}" for key, message in problems))
    gear = find_gear(rules, action.gear)
    assert gear is not None  # gear_problems found it
    probe = c.Add(item=c.ItemRef(name=gear.label), who=action.who)
    who = member_or_refusal(state, probe, action.who)
    if isinstance(who, Refused):
        return _refused(
            gear, action.who, Reason(who.answer.reason or Reason.UNKNOWN_CHARACTER), who.answer.notes
        )
    assert isinstance(who, int)
    member = state.party[who]
    named = member.name if action.who is not None else None
    key = f"group:{gear.group}" if gear.group is not None else f"gear:{gear.id}"
    if key in member.gear_taken and not action.again:
        return _refused(
            gear,
            named,
            Reason.ALREADY_TAKEN,
            (note("gear.already_taken", who=member.name, gear=gear.label, group=gear.group),),
        )
    given = _lines(rules, _chosen(rules, gear, action)[0], action.picks)
    takes = [one for one in given if isinstance(one, _Take)]
    left_out = _left_out_notes([one for one in given if isinstance(one, _LeftOut)])
    if not takes:
        return _refused(
            gear, named, Reason.NOTHING_LEFT, (note("gear.nothing_left", gear=gear.label), *left_out)
        )
    too_much = _too_much(state, rules, gear, who, takes)
    if too_much is not None:
        return _refused(gear, named, *too_much)
    return _taken(state, rules, gear, action, who, key, takes, left_out, dice)


def _left_out_notes(left_out: list[_LeftOut]) -> tuple[Note, ...]:
    return tuple(
        note(f"gear.left_out_{why}", names=tuple(one.name for one in left_out if one.why == why))
        for why in _WHY
        if any(one.why == why for one in left_out)
    )


def _too_much(
    state: GameState, rules: Rules, gear: StartingGear, who: int, takes: list[_Take]
) -> tuple[Reason, tuple[Note, ...]] | None:
    """Why the bearer cannot take the whole gear (weight past their limit, or too many stacks), or None."""
    member = state.party[who]
    resolved = [(bags.resolve(take.ref, state, rules), take.count) for take in takes]
    if rules.has_carry:
        weight = sum(carrying.unit_weight(rules, state, r.what) * count for r, count in resolved)
        room = rules.carry_limit(member, state) - rules.load(member, state)
        if weight > max(room, 0.0) + _TOLERANCE:
            unit = rules.block.carry.unit if rules.block and rules.block.carry else None
            said = note(
                "gear.too_heavy",
                gear=gear.label,
                weight=carrying.format_weight(weight),
                who=member.name,
                room=carrying.format_weight(max(room, 0.0)),
                unit=unit,
            )
            return Reason.TOO_HEAVY, (said,)
    bag = member.bag
    for r, count in resolved:
        bag = bags.add(bag, r.what, count, rules.stack_limit(r.item))
    if len(bag) > max(bags.MAX_BAG_STACKS, len(member.bag)):
        said = note("gear.too_many", gear=gear.label, who=member.name, most=bags.MAX_BAG_STACKS)
        return Reason.TOO_MANY, (said,)
    return None


def _taken(
    state: GameState,
    rules: Rules,
    gear: StartingGear,
    action: GearAction,
    who: int,
    key: str,
    takes: list[_Take],
    left_out: tuple[Note, ...],
    dice: Dice,
) -> Decision:
    """Each line into the bearer's bag (put on where it says so), one add answer per line."""
    member = state.party[who]
    source = f"gear:{gear.label}"
    effects: list[Effect] = []
    answers: list[Answer] = []
    for index, take in enumerate(takes):
        now = evolve_all(state, tuple(effects))
        add = c.Add(item=take.ref, count=take.count, who=member.name)
        placed = place(now, rules, add, bags.resolve(take.ref, now, rules), take.count)
        if not isinstance(placed, Accepted) or any(a.result != "ok" for a in placed.answers):
            # Checked whole before: a bag that cannot take a line here is a bug of those checks.
            raise AssertionError(f"gear line {take.ref.name} could not be placed")
        effects.extend(_sourced(effect, source) for effect in placed.effects)
        notes: list[Note] = [take.said] if take.said is not None else []
        if take.equip:
            put_on = decide_equip(
                evolve_all(state, tuple(effects)),
                c.Equip(item=take.ref, count=take.count, who=member.name),
                rules,
                dice,
            )
            notes.extend(_put_on(put_on, effects, take.count))
        if index == 0:
            notes.extend(left_out)
        for reply in placed.answers:
            attrs = with_attr(add, reply.attrs, "who", member.name if action.who is not None else None)
            answers.append(reply.model_copy(update={"attrs": attrs, "notes": (*reply.notes, *notes)}))
    effects.append(GearTaken(member=who, key=key))
    return Accepted(effects=tuple(effects), answers=tuple(answers))


def _put_on(decision: Decision, effects: list[Effect], count: int) -> list[Note]:
    """An equip line's outcome: its effects kept, and what the note says of it."""
    if isinstance(decision, Refused):
        return [note("gear.not_put_on"), *decision.answer.notes]
    effects.extend(decision.effects)
    worn = int(dict(decision.answers[0].attrs).get("count", "0"))
    return [note("gear.put_on")] if worn >= count else [note("gear.put_on_only", worn=worn, count=count)]


def _sourced(effect: Effect, source: str) -> Effect:
    """A journal line of the gear's, saying which gear brought it (``JournalEntry.source``)."""
    if isinstance(effect, Journaled):
        return Journaled(entry=effect.entry.model_copy(update={"source": source}))
    return effect


def _refused(gear: StartingGear, who: str | None, reason: Reason, notes: tuple[Note, ...]) -> Refused:
    """The one answer of a gear refused whole: ``[gear: gear="<label>" who="<name>" ...]`` (the member's
    name as the party spells it, or as written when it names nobody; left out when the action left it out)."""
    attrs = (("gear", gear.label),) + ((("who", who),) if who is not None else ())
    return Refused(answer=Answer(tag="gear", attrs=attrs, result="refused", reason=str(reason), notes=notes))
