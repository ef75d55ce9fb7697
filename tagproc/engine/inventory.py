"""Inventory actions: add, remove and give (spec "What reads items"; DESIGN.md "Tags the GM writes").

Owns the rules of ``[inventory: action="add"|"remove"|"give"]``; equip, unequip, bind and unbind live in
``wearing`` and are re-exported here, where ``decide`` looks for them.
- add: a coin, one of the ruleset's items (a service is refused, ``service``), an item invented this game, a
  new invented item (``invent``; ``propose: false`` refuses it, ``no-invention``), or a plain item, which
  ``native: false`` refuses (``not-ruleset-item``) unless somebody already holds some. It goes where the
  carrying rule puts it (``placing``). A description beside a name that already is an item is left out.
- remove: out of ``who``'s bag, across stacks; without ``who=`` out of the player's bag, then on to the party
  in order, ``now`` the party's total (CONVENTIONS.md §3-§4); asked for more than they hold, what they hold
  is removed and the note says so. A cursed bound item stays only against the player's own moves: ``cursed``
  "refuses the player's own moves, never a GM tag" (PEER §4), and every tag the engine runs is the GM's.
- give: out of ``who``'s bag into ``to``'s, taken off and unbound on the way; refused whole (``too-heavy``)
  when the receiver cannot carry all of it under their limit, ``too-many`` when it needs more stacks than
  their bag takes (``bags.MAX_BAG_STACKS``), ``no-recipient`` when ``to`` is the giver or the party;
  ``now`` is the receiver's count (CONVENTIONS.md §4).
- ``keep`` (keyword-only, on remove and give; none by default, as for every GM tag): stacks that are never
  taken, for the player's own moves (``engine.edits``: a bound cursed item will not let go). It holds in
  ``who``'s own bag; a remove without ``who=`` that goes on to the party is the GM's alone.

Notes are ``inventory.*`` facts (``prompts/notes/inventory.jinja``), ``carrying.*`` for what cannot be carried.

Invariants: a refusal has no effects; no count goes below zero; journal ``acquired``/``lost``/``given``.
"""

from __future__ import annotations

from tagproc import commands as c
from tagproc.engine import bags, carrying
from tagproc.engine.answers import answer, refuse, with_attr, with_attrs
from tagproc.engine.bags import Keep, Resolved, What
from tagproc.engine.dice import Dice
from tagproc.engine.invent import NotInvented, invent
from tagproc.engine.outcome import (
    Decision,
    Effect,
    ItemInvented,
    bag_changed,
    evolve,
    evolve_all,
    journaled,
    trusted_accepted,
)
from tagproc.engine.placing import counted, member_or_refusal, place, thing
from tagproc.engine.reasons import Reason
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState, Stack, journal_entry
from tagproc.engine.trusted import note
from tagproc.engine.wearing import decide_bind, decide_equip, decide_unbind, decide_unequip
from tagproc.notes import Note, notes_of

__all__ = [
    "decide_add",
    "decide_bind",
    "decide_equip",
    "decide_give",
    "decide_remove",
    "decide_unbind",
    "decide_unequip",
]


def decide_add(state: GameState, command: c.Add, rules: Rules, dice: Dice) -> Decision:
    """Add ``count`` of an item: into ``who``'s bag, or shared out by the carrying rule."""
    resolved = bags.resolve(command.item, state, rules)
    if command.proposal is not None and resolved.is_plain:
        return _add_invented(state, command, rules)
    notes: tuple[Note, ...] = ()
    if command.proposal is not None:
        notes = (note("inventory.description_left_out", name=resolved.what.name),)
    if resolved.item is not None and resolved.item.service:
        return refuse(command, Reason.SERVICE, note("inventory.service", name=resolved.what.name))
    native = rules.block is None or rules.block.native
    if not native and resolved.is_plain and not _anyone_holds(state, command, resolved.what):
        return refuse(
            command, Reason.NOT_RULESET_ITEM, note("inventory.not_ruleset_item", name=command.item.name)
        )
    return place(state, rules, command, resolved, command.count, notes=notes)


def _anyone_holds(state: GameState, command: c.Add, what: What) -> bool:
    """``native: false`` still lets more of something already held be added (into that bag, or anyone's)."""
    index = state.member_index(command.who)
    members = state.party if command.who is None or index is None else (state.party[index],)
    return any(bags.count_held(member.bag, what) for member in members)


def _add_invented(state: GameState, command: c.Add, rules: Rules) -> Decision:
    assert command.proposal is not None  # only called with one
    made = invent(command.item.name, command.proposal, rules, state)
    if isinstance(made, NotInvented):
        return refuse(command, made.reason, made.note)
    # The item's details show every change made to hold it to the ruleset: the normaliser's (what its
    # words became) and the engine's (caps, slots, the weapon it fights as).
    kept = made.invented.model_copy(update={"changes": notes_of((*command.notes, *made.invented.changes))})
    invented = ItemInvented(item=kept)
    resolved = Resolved(What(kept.name, invented=kept.key), kept.item)
    after = evolve(state, invented)
    return place(after, rules, command, resolved, command.count, before=(invented,), notes=made.notes)


def decide_remove(
    state: GameState, command: c.Remove, rules: Rules, dice: Dice, *, keep: Keep | None = None
) -> Decision:
    """Take ``count`` of an item out of ``who``'s bag, never from a stack ``keep`` holds on to."""
    if command.who is None and _others_hold(state, command, rules):
        return _remove_from_the_party(state, command, rules)
    who = member_or_refusal(state, command, command.who)
    if not isinstance(who, int):
        return who
    member = state.party[who]
    resolved = bags.resolve(command.item, state, rules)
    taken = _take(state, command, rules, resolved, who, keep)
    if not isinstance(taken, tuple):
        return taken
    bag, pieces, short = taken
    count = sum(piece.count for piece in pieces)
    text = counted(resolved, count)
    effects = (
        bag_changed(member=who, bag=bag),
        journaled(entry=journal_entry(kind="lost", who=member.name, text=text)),
    )
    # count= as taken, and who= as the member's own name when the tag wrote one (``with_names``), in one pass.
    written = {"count": str(count)} if command.who is None else {"count": str(count), "who": member.name}
    attrs = with_attrs(command, command.answer_attrs(), **written)
    reply = answer(command, now=bags.count_held(bag, resolved.what), attrs=attrs, note=short)
    return trusted_accepted(effects=effects, answers=(reply,))


def _others_hold(state: GameState, command: c.Remove, rules: Rules) -> bool:
    """Whether a member other than the player holds some of what a remove without ``who=`` names."""
    what = bags.resolve(command.item, state, rules).what
    return any(bags.count_held(member.bag, what) for member in state.party[1:])


def _remove_from_the_party(state: GameState, command: c.Remove, rules: Rules) -> Decision:
    """A remove without ``who=``: out of the player's bag, then on to the party in order (PEER §3); one
    answer, ``now`` the party's total left (PEER §4)."""
    resolved = bags.resolve(command.item, state, rules)
    held = [bags.count_held(member.bag, resolved.what) for member in state.party]
    effects: list[Effect] = []
    left = command.count
    for index, member in enumerate(state.party):
        if left == 0:
            break
        if not held[index]:
            continue
        bag, pieces = bags.take(member.bag, resolved.what, left)
        taken = sum(piece.count for piece in pieces)
        left -= taken
        effects.append(bag_changed(member=index, bag=bag))
        text = counted(resolved, taken)
        effects.append(journaled(entry=journal_entry(kind="lost", who=member.name, text=text)))
    count = command.count - left
    short = note("inventory.party_held_only", count=count) if count < command.count else None
    after = evolve_all(state, tuple(effects))
    total = sum(bags.count_held(member.bag, resolved.what) for member in after.party)
    attrs = with_attr(command, command.answer_attrs(), "count", str(count))
    reply = answer(command, now=total, attrs=attrs, note=short)
    return trusted_accepted(effects=tuple(effects), answers=(reply,))


def _take(
    state: GameState,
    command: c.Remove | c.Give,
    rules: Rules,
    resolved: Resolved,
    who: int,
    keep: Keep | None = None,
) -> tuple[tuple[Stack, ...], tuple[Stack, ...], Note | None] | Decision:
    """Take what the command asks out of ``who``'s bag, never from a stack ``keep`` holds on to: the bag
    after, the pieces, and a note when fewer (``held`` counting only what may be taken)."""
    member = state.party[who]
    held = bags.count_held(member.bag, resolved.what)
    if held == 0:
        name = thing(rules, resolved, 1)
        return refuse(command, Reason.NONE_HELD, note("inventory.none_held", who=member.name, name=name))
    # A cursed item bound stays for the player's own moves only: a GM tag moves it (CONVENTIONS.md §4), and
    # the player's (``engine.edits``) pass ``keep``.
    if keep is not None:
        held -= sum(s.count for s in member.bag if bags.is_of(s, resolved.what) and keep(s))
    bag, pieces = bags.take(member.bag, resolved.what, command.count, keep)
    count = 0
    for piece in pieces:  # a loop, not sum() over a generator: every remove and give asks
        count += piece.count
    short = (
        note("inventory.held_only", who=member.name, held=held, count=count)
        if count < command.count
        else None
    )
    return bag, pieces, short


def decide_give(
    state: GameState, command: c.Give, rules: Rules, dice: Dice, *, keep: Keep | None = None
) -> Decision:
    """Move ``count`` of an item from ``who``'s bag into ``to``'s, if ``to`` can carry all of it, never
    from a stack ``keep`` holds on to."""
    giver = member_or_refusal(state, command, command.who)
    if not isinstance(giver, int):
        return giver
    if command.to is None:
        return refuse(command, Reason.NO_RECIPIENT, note("inventory.give_to_nobody"))
    if command.to.strip().casefold() == "party" and state.member_index(command.to) is None:
        return refuse(command, Reason.NO_RECIPIENT, note("inventory.give_to_party"))
    receiver = member_or_refusal(state, command, command.to, "to")
    if not isinstance(receiver, int):
        return receiver
    if giver == receiver:
        return refuse(
            command, Reason.NO_RECIPIENT, note("inventory.give_to_self", who=state.party[giver].name)
        )
    resolved = bags.resolve(command.item, state, rules)
    taken = _take(state, command, rules, resolved, giver, keep)
    if not isinstance(taken, tuple):
        return taken
    bag, pieces, short = taken
    count, worn, bound = 0, False, False  # how many were taken, and whether any was worn or bound
    for piece in pieces:
        count += piece.count
        worn = worn or piece.worn
        bound = bound or piece.bound
    limit = rules.stack_limit(resolved.item)
    too_heavy = _too_heavy_for(state, rules, resolved, count, receiver, limit)
    if too_heavy is not None:
        return refuse(command, Reason.TOO_HEAVY, too_heavy)
    before = state.party[receiver].bag
    into = bags.put(before, pieces, resolved.what, limit)
    if len(into) > max(bags.MAX_BAG_STACKS, len(before)):
        full = note("inventory.bag_full", who=state.party[receiver].name, most=bags.MAX_BAG_STACKS)
        return refuse(command, Reason.TOO_MANY, full)
    notes = [short] if short else []
    if worn:
        notes.append(note("inventory.taken_off"))
    if bound:
        notes.append(note("inventory.unbound_by_giving", who=state.party[receiver].name))
    giver_name, receiver_name = state.party[giver].name, state.party[receiver].name
    effects = (
        bag_changed(member=giver, bag=bag),
        bag_changed(member=receiver, bag=into),
        journaled(
            entry=journal_entry(
                kind="given",
                who=giver_name,
                text=f"{resolved.what.name} ×{count}",  # ``counted``
                to=receiver_name,
            )
        ),
    )
    # count= as given, and each character key the tag wrote as the member's own name (``with_names``), in one
    # pass: ``with_names(command, with_attr(..., "count", ...), who=..., to=...)``.
    written = {"count": str(count)}
    if command.who is not None:
        written["who"] = giver_name
    written["to"] = receiver_name  # ``to`` is set: a give without one was refused above
    attrs = with_attrs(command, command.answer_attrs(), **written)
    reply = answer(  # now= the receiver's count (PEER §4)
        command, now=bags.count_held(into, resolved.what), attrs=attrs, note=notes
    )
    return trusted_accepted(effects=effects, answers=(reply,))


def _too_heavy_for(
    state: GameState, rules: Rules, resolved: Resolved, count: int, receiver: int, limit: int | None
) -> Note | None:
    """Why ``receiver`` cannot carry ``count`` more under their limit (``limit``: a stack's), or None when
    they can."""
    share = carrying.share_out(rules, state, resolved.what, count, receiver, limit=limit)
    if share.left == 0:
        return None
    member = state.party[receiver]
    return note(
        "inventory.can_carry_only",
        who=member.name,
        placed=share.placed,
        count=count,
        name=thing(rules, resolved, count),
        load=carrying.carried(rules, state, member),
    )
