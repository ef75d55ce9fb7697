"""Wearing: equip, unequip, bind and unbind (spec "What reads items": slots and binding).

Owns the rules of ``[inventory: action="equip"|"unequip"|"bind"|"unbind"]``:
- equip and unequip only where the ruleset has slots (else ``not-wearable``, as for an item that takes no
  slot); equipping needs the slots free among what the character already wears (``no-slot``, the note naming
  what is worn there). "One item of a larger stack is taken into its own stack to be worn"; one taken off
  goes back into a stack of its kind when it has nothing of its own to keep.
- bind and unbind only where the ruleset has ``binding`` on an item that binds (else ``not-bindable``), up to
  ``binding.max`` read off the bearer's own sheet (``binding-full``). A cursed item once bound stays bound,
  against the player's own moves only (CONVENTIONS.md §4: ``cursed`` "refuses the player's own moves,
  never a GM tag"): the GM's unequip takes it off (still bound), and the GM's unbind ends the curse (the stack is unbound and
  ``curse_ended``).
- ``keep`` (keyword-only, on unequip and unbind; none by default, as for every GM tag): stacks that are never
  taken off or unbound, for the player's own moves (``engine.edits``: a bound cursed item will not let go).
- One item at a time up to ``count`` (CONVENTIONS.md §4): refused only when the first fails; with nothing
  to change (all worn already, none worn...) the answer is ``ok`` with ``count="0"``. ``count`` is what
  really changed and ``now`` the worn (equip/unequip) or bound (bind/unbind) count in that bag.
- Binding a fake finds it out (spec "Honest and dishonest sellers": "binding it (attuning shows a curse)"):
  each bound stack that still fools becomes its true item (``fakes.found_out_bound``), the note says what it
  is (``fakes.bound``, then ``wearing.cursed_bound`` when the true item is cursed) and the journal has a
  ``changed`` line for it; ``now`` counts what is still the item named.
- An equip or bind that makes an item worn whose ``conditionImmunities`` name a condition the member has on
  takes it off in the same answer (``sheet_ops.immunity_ends``: a ``SheetChanged`` after the ``BagChanged``).

Notes are ``wearing.*`` facts (``prompts/notes/wearing.jinja``); a member or item not found, ``party.*`` and
``inventory.none_held``.

Invariants: a refusal has no effects; counts are conserved (nothing is added or lost, stacks only split and
merge); no stack is ever worn past the character's slots or bound past their ``binding.max``.
"""

from __future__ import annotations

from collections.abc import Callable

from tagproc import commands as c
from tagproc.engine import bags, fakes
from tagproc.engine.answers import answer, refuse, with_attr, with_names
from tagproc.engine.bags import Keep, Resolved
from tagproc.engine.dice import Dice
from tagproc.engine.outcome import Accepted, BagChanged, Decision, Journaled
from tagproc.engine.placing import holder_or_refusal
from tagproc.engine.reasons import Reason
from tagproc.engine.rules import Rules
from tagproc.engine.sheet_ops import immunity_ends
from tagproc.engine.state import GameState, Stack
from tagproc.engine.trusted import note
from tagproc.notes import Note, NoteLike, notes_of
from tagproc.ruleset import Item

__all__ = ["decide_bind", "decide_equip", "decide_unbind", "decide_unequip"]

_Wearing = c.Equip | c.Unequip | c.Bind | c.Unbind


def decide_equip(state: GameState, command: c.Equip, rules: Rules, dice: Dice) -> Decision:
    """Put on ``count`` of an item ``who`` carries, each in its own stack, while the slots are free."""
    found = _slotted(state, command, rules)
    if not isinstance(found, tuple):
        return found
    who, resolved, item = found
    member = state.party[who]
    if item is None or not item.slots:
        return refuse(command, Reason.NOT_WEARABLE, note("wearing.takes_no_slot", name=resolved.what.name))
    loose = _count(member.bag, resolved, lambda s: not s.worn)
    bag, count = member.bag, 0
    # One at a time up to ``count`` (PEER §4): refused only when the first finds no free slot.
    while count < min(command.count, loose):
        full = _no_free_slot(member.name, bag, state, rules, item)
        if full is not None:
            if count == 0:
                return refuse(command, Reason.NO_SLOT, full)
            break
        bag = _split_one(bag, resolved, lambda s: not s.worn, {"worn": True})
        count += 1
    notes: list[Note] = []
    if loose == 0:
        notes.append(note("wearing.all_worn", who=member.name, name=resolved.what.name))
    elif count == loose < command.count:
        notes.append(note("wearing.only_loose", who=member.name, loose=loose, count=count))
    elif count < command.count:
        notes.append(note("wearing.no_slot_for_more", who=member.name, count=count))
    worn = _count(bag, resolved, lambda s: s.worn)
    return _done_wearing(command, state, who, bag, resolved, rules, notes, count, worn)


def decide_unequip(
    state: GameState, command: c.Unequip, rules: Rules, dice: Dice, *, keep: Keep | None = None
) -> Decision:
    """Take off ``count`` of an item ``who`` wears; a cursed one too, on the GM's tag (it stays bound);
    never a stack ``keep`` holds on to."""
    found = _slotted(state, command, rules)
    if not isinstance(found, tuple):
        return found
    who, resolved, _ = found
    member = state.party[who]
    kept = keep or _nothing_kept
    worn = _count(member.bag, resolved, lambda s: s.worn and not kept(s))
    count = min(command.count, worn)
    bag = member.bag
    for _ in range(count):
        bag = _split_one(bag, resolved, lambda s: s.worn and not kept(s), {"worn": False})
        bag = _settle(bag, resolved, rules)
    said = None
    if worn == 0:
        said = note("wearing.not_worn", who=member.name, name=resolved.what.name)
    elif count < command.count:
        said = note("wearing.wore_only", who=member.name, worn=worn, count=count)
    now = _count(bag, resolved, lambda s: s.worn)
    return _done(command, state, who, bag, resolved, said, count, now)


def _slotted(
    state: GameState, command: c.Equip | c.Unequip, rules: Rules
) -> tuple[int, Resolved, Item | None] | Decision:
    """Who holds the item an equip or unequip names, and its rules, where the ruleset has slots."""
    if rules.block is None or not rules.block.slots:
        return refuse(command, Reason.NOT_WEARABLE, note("wearing.no_slots"))
    return _held(state, command, rules)


def _bindable(
    state: GameState, command: c.Bind | c.Unbind, rules: Rules
) -> tuple[int, Resolved, Item] | Decision:
    """Who holds the item a bind or unbind names, and the item, when it is one that binds."""
    if rules.block is None or rules.block.binding is None:
        return refuse(command, Reason.NOT_BINDABLE, note("wearing.no_binding"))
    found = _held(state, command, rules)
    if not isinstance(found, tuple):
        return found
    who, resolved, item = found
    if item is None or item.binds is None:
        return refuse(command, Reason.NOT_BINDABLE, note("wearing.does_not_bind", name=resolved.what.name))
    return who, resolved, item


def decide_bind(state: GameState, command: c.Bind, rules: Rules, dice: Dice) -> Decision:
    """Bind ``count`` of an item ``who`` carries, up to ``binding.max`` off their sheet."""
    found = _bindable(state, command, rules)
    if not isinstance(found, tuple):
        return found
    who, resolved, item = found
    member = state.party[who]
    unbound = _count(member.bag, resolved, lambda s: not s.bound)
    most = rules.binding_max(member, state)
    bag, count = member.bag, 0
    # One at a time up to ``count`` (PEER §4): refused only when the first finds binding full.
    while count < min(command.count, unbound):
        bound = [stack for stack in bag if stack.bound]
        if sum(stack.count for stack in bound) + 1 > most:
            if count == 0:
                full = note(
                    "wearing.binding_full",
                    who=member.name,
                    bound=sum(stack.count for stack in bound),
                    most=most,
                    names=tuple(stack.name for stack in bound),
                )
                return refuse(command, Reason.BINDING_FULL, full)
            break
        # A worn one first: bound as well, it is then worn by the spec's reading ("Items on the sheet").
        bag = _split_one(bag, resolved, lambda s: not s.bound, {"bound": True}, prefer=lambda s: s.worn)
        count += 1
    notes: list[Note] = []
    if unbound == 0:
        notes.append(note("wearing.all_bound", who=member.name, name=resolved.what.name))
    elif count == unbound < command.count:
        notes.append(note("wearing.only_unbound", who=member.name, unbound=unbound, count=count))
    elif count < command.count:
        notes.append(note("wearing.binding_full_for_more", who=member.name, count=count))
    if count and any(bags.is_cursed(stack, item) for stack in bag if bags.is_of(stack, resolved.what)):
        notes.append(note("wearing.cursed_bound", name=resolved.what.name))
    bag, shown = fakes.found_out_bound(bag, rules)
    for fooled, true in shown:
        notes.append(fakes.bound_note(fooled.name, true.name))
        if bags.is_cursed(true, rules.item_of(true, state)):
            notes.append(note("wearing.cursed_bound", name=true.name))
    now = _count(bag, resolved, lambda s: s.bound)
    done = _done_wearing(command, state, who, bag, resolved, rules, notes, count, now)
    journal = tuple(Journaled(entry=fakes.changed(member.name, fooled, rules)) for fooled, _ in shown)
    return Accepted(effects=(*done.effects, *journal), answers=done.answers)


def decide_unbind(
    state: GameState, command: c.Unbind, rules: Rules, dice: Dice, *, keep: Keep | None = None
) -> Decision:
    """Unbind ``count`` of an item; on a cursed one, the GM ends the curse; never a stack ``keep`` holds on
    to."""
    found = _bindable(state, command, rules)
    if not isinstance(found, tuple):
        return found
    who, resolved, item = found
    member = state.party[who]
    kept = keep or _nothing_kept
    bound = _count(member.bag, resolved, lambda s: s.bound and not kept(s))
    count = min(command.count, bound)
    bag, ended = member.bag, 0
    for _ in range(count):
        # The last bound stack goes first (as ``_split_one`` with ``last`` picks it): is it a live curse?
        unbinding = next(s for s in reversed(bag) if bags.is_of(s, resolved.what) and s.bound and not kept(s))
        cursed = bags.is_cursed(unbinding, item)
        ended += cursed
        flags = {"bound": False, "curse_ended": True} if cursed else {"bound": False}
        bag = _split_one(bag, resolved, lambda s: s.bound and not kept(s), flags, last=True)
        bag = _settle(bag, resolved, rules)
    notes: list[Note] = []
    if bound == 0:
        notes.append(note("wearing.none_bound", who=member.name, name=resolved.what.name))
    elif count < command.count:
        notes.append(note("wearing.bound_only", who=member.name, bound=bound, count=count))
    if ended:
        notes.append(note("wearing.curse_ended", name=resolved.what.name))
    now = _count(bag, resolved, lambda s: s.bound)
    return _done(command, state, who, bag, resolved, notes, count, now)


# --- shared steps ---------------------------------------------------------------------------------------


def _nothing_kept(stack: Stack) -> bool:
    return False


def _held(state: GameState, command: _Wearing, rules: Rules) -> tuple[int, Resolved, Item | None] | Decision:
    """``who``, what the item is and its rules, or the refusal: an unknown character, or none held."""
    found = holder_or_refusal(state, command, rules)
    if not isinstance(found, tuple):
        return found
    who, resolved = found
    return who, resolved, resolved.item


def _count(bag: tuple[Stack, ...], resolved: Resolved, picked: Callable[[Stack], bool]) -> int:
    return sum(stack.count for stack in bag if bags.is_of(stack, resolved.what) and picked(stack))


def _split_one(
    bag: tuple[Stack, ...],
    resolved: Resolved,
    picked: Callable[[Stack], bool],
    flags: dict[str, bool],
    *,
    prefer: Callable[[Stack], bool] = lambda _: False,
    last: bool = False,
) -> tuple[Stack, ...]:
    """One item of the first picked stack (a preferred one first; the last with ``last``) with ``flags``
    set, in its own stack right after what is left of it."""
    found = [i for i, stack in enumerate(bag) if bags.is_of(stack, resolved.what) and picked(stack)]
    found = [i for i in found if prefer(bag[i])] + [i for i in found if not prefer(bag[i])]
    index = found[-1] if last else found[0]
    stack = bag[index]
    one = Stack.model_validate({**stack.model_dump(), "count": 1, **flags})
    if stack.count == 1:
        return (*bag[:index], one, *bag[index + 1 :])
    return (*bag[:index], bags.with_count(stack, stack.count - 1), one, *bag[index + 1 :])


def _settle(bag: tuple[Stack, ...], resolved: Resolved, rules: Rules) -> tuple[Stack, ...]:
    """Fresh stacks of the item merged back together where another fresh stack has room for them."""
    limit = rules.stack_limit(resolved.item)
    fresh = [i for i, stack in enumerate(bag) if bags.is_of(stack, resolved.what) and bags.is_fresh(stack)]
    if len(fresh) < 2:
        return bag
    count = sum(bag[i].count for i in fresh)
    kept = [stack for i, stack in enumerate(bag) if i not in fresh[1:]]
    first = kept.index(bag[fresh[0]])
    if limit is None or count <= limit:
        kept[first] = bags.with_count(bag[fresh[0]], count)
        return tuple(kept)
    kept[first] = bags.with_count(bag[fresh[0]], limit)
    return bags.add(tuple(kept), resolved.what, count - limit, limit)


def _no_free_slot(
    name: str, bag: tuple[Stack, ...], state: GameState, rules: Rules, item: Item
) -> Note | None:
    """What stops one more ``item`` being worn out of ``bag``: a slot without room, or None."""
    worn = [(s, rules.item_of(s, state)) for s in bag if s.worn]
    for slot, needs in item.slots.items():
        there = [(s, i) for s, i in worn if i is not None and i.slots.get(slot)]
        used = sum(i.slots[slot] * s.count for s, i in there)
        has = rules.slot_count(slot)
        if used + needs > has:
            label = (
                rules.block.slots_by_id[slot].label
                if rules.block and slot in rules.block.slots_by_id
                else slot
            )
            worn_there = tuple(s.name for s, _ in there)
            return note("wearing.no_free_slot", slot=label, who=name, has=has, used=used, worn=worn_there)
    return None


def _done(
    command: _Wearing,
    state: GameState,
    who: int,
    bag: tuple[Stack, ...],
    resolved: Resolved,
    said: NoteLike,
    count: int,
    now: int,
) -> Accepted:
    """The answer: ``count`` what really changed, ``now`` the worn (or bound) count in that bag (PEER §4)."""
    attrs = with_attr(command, command.answer_attrs(), "count", str(count))
    attrs = with_names(command, attrs, who=state.party[who].name)
    reply = answer(command, now=now, attrs=attrs, note=said)
    changed = bag != state.party[who].bag
    return Accepted(effects=(BagChanged(member=who, bag=bag),) if changed else (), answers=(reply,))


def _done_wearing(
    command: c.Equip | c.Bind,
    state: GameState,
    who: int,
    bag: tuple[Stack, ...],
    resolved: Resolved,
    rules: Rules,
    notes: list[Note],
    count: int,
    now: int,
) -> Accepted:
    """``_done`` for an equip or a bind: a condition the item now worn keeps off ends in the same answer
    (spec: "A newly gained condition immunity ends that condition if already active")."""
    ended, said = immunity_ends(state, who, bag, rules)
    done = _done(command, state, who, bag, resolved, (*notes, *notes_of(said)), count, now)
    if ended is None:
        return done
    return Accepted(effects=(*done.effects, ended), answers=done.answers)
