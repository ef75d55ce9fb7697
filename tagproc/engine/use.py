"""Using an item outside a fight: ``[inventory: action="use" item=... who=...]`` (spec "Using items outside
a fight").

The item does what its ``use`` says to whoever carries it, with the injected dice: a ``gate`` is rolled first
(:mod:`tagproc.engine.gate`); a heal gives back health (``sheet.health_of``: the amount on a health pool or a
plain health track, one mark cleared on a wound track); ``temporary`` points go on a health pool; ``restore``
gives back its pool; each condition it ``applies`` goes on. It takes one off the stack (``consumes``) or spends
its ``charges``; spending the last charge of an item with ``breaksOn`` rolls its die, and at or under
``atMost`` it breaks and is gone. The sheet and the bag are written together; the answer's note is the spec's
one line ("Juno uses Poultice: heals 4 (Grit 6/11). 1 left.") and the journal says it was used (and lost).
The line is facts: ``use.used`` (who, the item, what it did: a ``use.*`` note a part, the gate's inside
``use.checked``), then what is left (``use.left``, ``charges.left`` or ``charges.broke``); the words are in
``prompts/notes/{use,gate,charges,sheet}.jinja``.

Decisions where the spec is silent:
- The user's own bag only (CONVENTIONS.md §7): ``who=``, the player without it; holding none is
  ``none-held`` ("Ada holds no Poultice.").
- Of several stacks of the item, the first worn one is used where the item takes slots or binds (refused
  ``not-worn`` when none is), else the first with charges left, else the first.
- A plain item (or a coin) is refused ``not-ruleset-item``; one of the ruleset's without ``use`` ``no-use``;
  the note asks the GM to narrate it.
- A use aimed at the other side (``attack``/``debuff`` or ``targets: enemy``) is spent, and none of what it
  does lands, not even on its user; the note tells the GM what it does, to narrate: its damage, its save
  and the conditions it puts on ("deals 2d6 coldfire damage, Shaken for 2 rounds").
- A ``gate`` whose ``difficulty`` the item does not give is refused ``no-use``; a use whose charges
  exceed what is left is refused ``none-left``.
- ``count=`` N makes up to N uses in one answer (CONVENTIONS.md §7), each on the state the last left:
  the lines joined by spaces, ``count`` the uses made, stopping at the first that cannot be made.
- The line says what came back, not what was rolled: a poultice rolling 5 at Grit 2/6 "heals 4 (Grit 6/6)";
  with nothing to give back it says so: "Grit is already full (6/6)" (a restore: "Resolve is already
  full (4/4)"). A heal never takes away what is over a maximum.
- ``now`` is how many of the item the user's bag holds afterwards. Journal: ``used`` with the item's name,
  and ``lost`` with it when it breaks.
- A fake is used as what it truly is (spec "Honest and dishonest sellers": "using it (what it truly does
  happens ...)"): the stack's own item's ``use`` runs, which is what ``rules.item_of`` reads; the line names
  it as it was shown, then says what it was (``fakes.was``), and what is left of the stack is its true item
  (``fakes.reveal_at``); the journal's ``used`` line is by the shown name, then a ``changed`` line for the
  one used.

Invariant: every refusal changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tagproc import commands as c
from tagproc.engine import bags, fakes
from tagproc.engine.answers import answer, refuse, with_attr, with_names
from tagproc.engine.charges import (
    broke_note,
    charges_left,
    charges_max,
    left_note,
    roll_amount,
    spend_charges,
)
from tagproc.engine.dice import Dice
from tagproc.engine.gate import gate_difficulty, roll_gate
from tagproc.engine.outcome import (
    Accepted,
    BagChanged,
    Decision,
    Effect,
    Journaled,
    Refused,
    SheetChanged,
    evolve_all,
)
from tagproc.engine.reasons import Reason
from tagproc.engine.rules import Rules, stack_key
from tagproc.engine.sheet import (
    LiveSheet,
    find,
    health_of,
    is_wound_track,
    with_condition,
    with_pool,
    with_track,
)
from tagproc.engine.sheet_ops import member_sheet
from tagproc.engine.state import GameState, JournalEntry, PoolState, SheetState, Stack
from tagproc.engine.trusted import note
from tagproc.notes import Note
from tagproc.ruleset import Item
from tagproc.ruleset.item import StatRef, Use

__all__ = ["decide_use"]


@dataclass
class _Outcome:
    """What a use did so far: the sheet being written and the parts of its line."""

    sheet: SheetState
    parts: list[Note] = field(default_factory=list)


def decide_use(state: GameState, command: c.Use, rules: Rules, dice: Dice) -> Decision:
    """Use one of ``who``'s items outside a fight, up to ``count`` times in one answer (PEER §7): the lines
    joined by spaces, ``count`` the uses made; refused only when the first use is."""
    one = command.model_copy(update={"count": 1})
    first = _use_once(state, one, rules, dice)
    if not isinstance(first, Accepted) or command.count == 1:
        return first
    effects, lines, reply = list(first.effects), [first.answers[0].notes], first.answers[0]
    quiet = one.model_copy(update={"notes": ()})
    for _ in range(command.count - 1):
        again = _use_once(evolve_all(state, tuple(effects)), quiet, rules, dice)
        if not isinstance(again, Accepted):
            break
        effects.extend(again.effects)
        lines.append(again.answers[0].notes)
        reply = again.answers[0]
    attrs = with_attr(command, reply.attrs, "count", str(len(lines)))
    notes = tuple(one for line in lines for one in line)
    return Accepted(
        effects=tuple(effects), answers=(reply.model_copy(update={"attrs": attrs, "notes": notes}),)
    )


def _use_once(state: GameState, command: c.Use, rules: Rules, dice: Dice) -> Decision:
    """One use of the item."""
    view = member_sheet(state, command, rules)
    if isinstance(view, Refused):
        return view
    held = [i for i, stack in enumerate(view.member.bag) if _is_named(stack, command.item, rules)]
    if not held:
        name = command.item.label or command.item.name
        return refuse(command, Reason.NONE_HELD, note("use.none_held", who=view.name, item=name))
    first = view.member.bag[held[0]]
    item = rules.item_of(first, state)
    if item is None:
        return refuse(command, Reason.NOT_RULESET_ITEM, note("use.not_ruleset_item", item=first.name))
    if item.use is None:
        return refuse(command, Reason.NO_USE, note("use.no_use", item=first.name))
    chosen = _choose(view, held, item)
    if isinstance(chosen, Note):
        return refuse(command, Reason.NOT_WORN, chosen)
    stack = view.member.bag[chosen]
    refused = _check(command, view, stack, item, item.use)
    if refused is not None:
        return refused
    return _use(command, view, chosen, item, item.use, dice)


def _is_named(stack: Stack, ref: c.ItemRef, rules: Rules) -> bool:
    if ref.coin is not None or stack.coin is not None:
        return ref.coin is not None and stack.coin == ref.coin
    if ref.label is not None and stack.item is not None:
        entry = rules.book.get(stack.item)
        if entry is not None and entry.label == ref.label:
            return True
    return stack_key(stack.name) == stack_key(ref.label or ref.name)


def _held(bag: tuple[Stack, ...], command: c.Use, rules: Rules) -> int:
    return sum(stack.count for stack in bag if _is_named(stack, command.item, rules))


def _choose(view: LiveSheet, held: list[int], item: Item) -> int | Note:
    """The stack used: a worn one for an item that takes slots or binds, else one with charges left (a
    ``use.only_while`` note when none is worn)."""
    bag = view.member.bag
    if item.slots or item.binds is not None:
        worn = [i for i in held if view.rules.is_worn(bag[i], item)]
        if worn:
            return worn[0]
        both = bool(item.slots) and item.binds is not None
        bound = both or bool(item.binds)
        return note("use.only_while", item=bag[held[0]].name, worn=both or not bound, bound=bound)
    with_charges = [i for i in held if (charges_left(bag[i], item) or 0) > 0]
    return with_charges[0] if with_charges else held[0]


def _check(command: c.Use, view: LiveSheet, stack: Stack, item: Item, use: Use) -> Refused | None:
    if use.charges is not None:
        left = charges_left(stack, item)
        if left is None or left < use.charges:
            said = note("charges.none_left", item=stack.name, left=left or 0, max=charges_max(item) or 0)
            return refuse(command, Reason.NONE_LEFT, said)
    gate = use.gate or item.gate
    if gate is not None and gate_difficulty(gate, item) is None:
        return refuse(command, Reason.NO_USE, note("gate.no_difficulty", item=stack.name))
    return None


def _use(command: c.Use, view: LiveSheet, index: int, item: Item, use: Use, dice: Dice) -> Accepted:
    stack = view.member.bag[index]
    outcome = _Outcome(view.sheet)
    gate = use.gate or item.gate
    rolled = roll_gate(gate, item, view, dice) if gate is not None else None
    if rolled is not None:
        outcome.parts.append(note("use.checked", check=rolled.note, passed=rolled.passed))
    if rolled is None or rolled.passed:
        _apply(view, item, use, dice, outcome)
    bag, left, broke = _spend(view, index, item, use, dice)
    fooled = fakes.is_fooling(stack)
    if fooled and len(bag) == len(view.member.bag):  # what is left of it is its true item from now on
        bag = fakes.reveal_at(bag, index, view.rules)
    held = _held(bag, command, view.rules)
    used = note("use.used", who=view.name, item=stack.name, parts=tuple(outcome.parts))
    was = (fakes.was_note(fakes.true_label(stack, view.rules)),) if fooled else ()
    said = (used, *was, *_left_note(item, use, held, left, broke))
    effects: list[Effect] = []
    if outcome.sheet != view.sheet:
        effects.append(SheetChanged(member=view.index, sheet=outcome.sheet))
    if bag != view.member.bag:
        effects.append(BagChanged(member=view.index, bag=bag))
    effects.append(Journaled(entry=JournalEntry(kind="used", who=view.name, text=stack.name)))
    if broke:
        effects.append(Journaled(entry=JournalEntry(kind="lost", who=view.name, text=stack.name)))
    if fooled:
        effects.append(Journaled(entry=fakes.changed(view.name, bags.with_count(stack, 1), view.rules)))
    reply = answer(command, attrs=_attrs(command, view), now=held, note=said)
    return Accepted(effects=tuple(effects), answers=(reply,))


def _attrs(command: c.Use, view: LiveSheet) -> tuple[tuple[str, str], ...]:
    """The answer names who used it: as the tag spelled them, or the holder found without ``who=``."""
    if command.who is None and view.index != 0:
        return with_attr(command, command.answer_attrs(), "who", view.name)
    return with_names(command, command.answer_attrs(), who=view.name)


def _left_note(item: Item, use: Use, held: int, left: int | None, broke: bool) -> tuple[Note, ...]:
    """What is left after the use: it broke, the charges left, or how many of a consumed item."""
    if broke:
        return (broke_note(),)
    if use.charges is not None and left is not None:
        return (left_note(left, item),)
    if use.consumes:
        return (note("use.left", held=held),)
    return ()


# -- what it does --------------------------------------------------------------------------------------


def _apply(view: LiveSheet, item: Item, use: Use, dice: Dice, outcome: _Outcome) -> None:
    """What the use does to its user, written into ``outcome`` (spec "Using items outside a fight")."""
    if use.kind in ("attack", "debuff") or use.targets == "enemy":
        outcome.parts.append(note("use.aimed", does=_aimed(view, item, use)))
        return
    if use.kind == "heal" and use.amount is not None:
        _heal(view, roll_amount(use.amount, dice), outcome)
    if use.temporary is not None:
        _temporary(view, roll_amount(use.temporary, dice), outcome)
    if use.restore is not None:
        _restore(view, use.restore.pool, roll_amount(use.restore.amount, dice), outcome)
    for applied in use.applies:
        _put_on(view, applied.condition, outcome)


def _aimed(view: LiveSheet, item: Item, use: Use) -> tuple[Note, ...]:
    """What a use aimed at the other side does, for the GM to narrate: its damage, save and conditions
    (``deals 2d6 coldfire damage``, ``a Steel save against 7 negates it``, ``Rattled for 2 rounds``)."""
    parts: list[Note] = []
    if use.amount is not None and (use.amount.dice or use.amount.flat):
        parts.append(
            note(
                "use.amount",
                dice=use.amount.dice or None,
                flat=int(use.amount.flat or 0),
                type=use.damage_type or None,
                attack=use.kind == "attack",
            )
        )
    if use.save is not None:
        save_id = str(use.save.get("save", ""))
        save = find(view.rules.ruleset.sheet.saves, save_id) if save_id else None
        label = save.label if save is not None else save_id or None
        raw: object = use.save_difficulty
        if isinstance(raw, StatRef):
            raw = item.stats.get(raw.stat)
        against = int(raw) if isinstance(raw, int | float) and not isinstance(raw, bool) else None
        success = use.save.get("onSuccess")
        then = success if isinstance(success, str) and success else None
        parts.append(note("use.save", save=label, against=against, then=then))
    for applied in use.applies:
        found = view.condition(applied.condition)
        name = found.label if found is not None else applied.condition
        rounds = (applied.duration or {}).get("rounds")
        parts.append(note("use.lasts", condition=name, rounds=rounds if isinstance(rounds, int) else None))
    return tuple(parts)


def _heal(view: LiveSheet, amount: int, outcome: _Outcome) -> None:
    health = health_of(view.rules)
    reader = view.over(outcome.sheet)
    if health is not None and health.kind == "pool":
        pool = reader.pool(health.id)
        if pool is not None:
            now = reader.pool_state(pool)
            top = reader.pool_max(pool)
            after = PoolState(current=max(now.current, min(top, now.current + amount)), temp=now.temp)
            outcome.sheet = with_pool(outcome.sheet, pool.id, after)
            gained, line = after.current - now.current, reader.pool_note(pool, after)
            outcome.parts.append(_came_back("use.heals", gained, pool.label, line, after.current, top))
            return
    track = reader.track(health.id) if health is not None and health.kind == "track" else None
    if track is None:
        outcome.parts.append(note("use.heals_no_health", amount=amount))
        return
    low, top = reader.track_bounds(track)
    value = reader.track_value(track)
    if is_wound_track(track):
        after_marks = max(low, value - 1)
        cleared = after_marks < value
        outcome.sheet = with_track(outcome.sheet, track.id, after_marks)
        outcome.parts.append(note("use.mark", cleared=cleared, line=reader.track_note(track, after_marks)))
        return
    after_marks = max(value, min(top, value + amount))
    outcome.sheet = with_track(outcome.sheet, track.id, after_marks)
    line = reader.track_note(track, after_marks)
    outcome.parts.append(_came_back("use.heals", after_marks - value, track.label, line, after_marks, top))


def _temporary(view: LiveSheet, amount: int, outcome: _Outcome) -> None:
    health = health_of(view.rules)
    reader = view.over(outcome.sheet)
    pool = reader.pool(health.id) if health is not None and health.kind == "pool" else None
    if pool is None:
        outcome.parts.append(note("use.temporary_no_pool", amount=amount))
        return
    now = reader.pool_state(pool)
    after = PoolState(current=now.current, temp=max(now.temp, amount))
    outcome.sheet = with_pool(outcome.sheet, pool.id, after)
    outcome.parts.append(note("use.temporary", amount=amount, line=reader.pool_note(pool, after)))


def _restore(view: LiveSheet, pool_id: str, amount: int, outcome: _Outcome) -> None:
    reader = view.over(outcome.sheet)
    pool = reader.pool(pool_id)
    if pool is None:
        return
    now, top = reader.pool_state(pool), reader.pool_max(pool)
    after = PoolState(current=max(now.current, min(top, now.current + amount)), temp=now.temp)
    outcome.sheet = with_pool(outcome.sheet, pool.id, after)
    gained, line = after.current - now.current, reader.pool_note(pool, after)
    outcome.parts.append(_came_back("use.gets_back", gained, pool.label, line, after.current, top))


def _came_back(code: str, gained: int, label: str, line: Note, current: int, top: int) -> Note:
    """``use.heals`` "heals 4 (Grit 6/11)" / ``use.gets_back`` "gets back 1 Resolve (Resolve 5/5)": what came
    back, not what was rolled; ``use.already_full`` "Grit is already full (11/11)" when it was full before
    (nothing came back)."""
    if gained == 0 and current >= top:
        return note("use.already_full", label=label, current=current, max=top)
    return note(code, gained=gained, label=label, line=line)


def _put_on(view: LiveSheet, condition_id: str, outcome: _Outcome) -> None:
    found = view.condition(condition_id)
    if found is None:
        return
    keeper = view.immunity(found.id)
    if keeper is not None:
        outcome.parts.append(note("use.kept_off", keeper=keeper, condition=found.label))
        return
    outcome.sheet = with_condition(outcome.sheet, found.id, on=True)
    outcome.parts.append(note("use.put_on", condition=found.label))


# -- what it costs ---------------------------------------------------------------------------------------


def _spend(
    view: LiveSheet, index: int, item: Item, use: Use, dice: Dice
) -> tuple[tuple[Stack, ...], int | None, bool]:
    """The bag after the use, the charges left (None: it spends none) and whether it broke."""
    bag = list(view.member.bag)
    stack = bag[index]
    if use.charges is not None:
        after, left, broke = spend_charges(stack, item, use.charges, dice)
        if after is None:
            del bag[index]
        else:
            bag[index] = after
        return tuple(bag), left, broke
    if use.consumes:
        if stack.count > 1:
            bag[index] = stack.model_copy(update={"count": stack.count - 1})
        else:
            del bag[index]
    return tuple(bag), None, False
