"""Placing: putting something that comes in into the party's bags, and answering one answer per bag.

Owns ``place``, what an add, an earning and each loot drop share: the carrying rule (``carrying.share_out``)
decides the bags, ``bags.add`` keeps each stack limit, and the answer is the tag rewritten once per bag it
went to (CONVENTIONS.md §5): one ``ok`` answer per bag that got some, in party order, ``count=`` how many
went there and ``now=`` that bag's count; the player's bag without ``who=`` when the tag named nobody, a
member's with ``who="<member>"``. What nobody can carry is left behind and answered on its own, after them:
``result="refused" reason="too-heavy"`` (``too-many`` when it is stack room, not weight, that ran out) with
``count=`` the number left behind, and the journal lists it (``left-behind``). When nothing at all can be
carried the command is refused whole and nothing changes, an invented item included.

Notes are ``carrying.*`` facts (what cannot be carried) and ``party.*`` (a member not found), worded in
``prompts/notes/``.

Invariants: the effects name each bag once, in party order; the command's own notes go on the first answer.
"""

from __future__ import annotations

from tagproc import commands as c
from tagproc.engine import bags, carrying
from tagproc.engine.answers import answer, refuse, with_attrs
from tagproc.engine.bags import Resolved
from tagproc.engine.outcome import Answer, Decision, Effect, bag_changed, journaled, trusted_accepted
from tagproc.engine.reasons import Reason
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState, JournalKind, journal_entry
from tagproc.engine.trusted import note, replaced
from tagproc.notes import Note

__all__ = [
    "PARTY",
    "counted",
    "counted_text",
    "holder_or_refusal",
    "is_party",
    "member_or_refusal",
    "place",
    "thing",
]

PARTY = "party"  # who="party": the whole party (CONVENTIONS.md §3, §11)


def thing(rules: Rules, resolved: Resolved, count: int) -> str:
    """What is being moved, as the GM reads it: an item's label, a coin's name for that many (data of the
    ruleset, passed to notes as a fact)."""
    coin = resolved.what.coin
    return rules.coin_name(coin, count) if coin is not None else resolved.what.name


def counted(resolved: Resolved, count: int) -> str:
    """So many of it, as the journal says it (a coin by its label, as payments are: "crowns ×1")."""
    return counted_text(resolved.what.name, count)


def counted_text(name: str, count: int) -> str:
    """A journal entry's text for ``count`` of ``name``: ``Hand axe ×1``."""
    return f"{name} ×{count}"


def is_party(state: GameState, who: str | None) -> bool:
    """Whether ``who`` is the party as a whole (``party``, when no member is called so)."""
    return who is not None and who.strip().casefold() == PARTY and state.member_index(who) is None


def member_or_refusal(
    state: GameState, command: c.Command, name: str | None, key: str = "who"
) -> int | Decision:
    """The index of the member ``name`` (the player for None), or the ``ambiguous-character`` or
    ``unknown-character`` refusal (CONVENTIONS.md §3)."""
    if name is None:  # the player (``member_index``), asked without a call: most tags name nobody
        return 0
    # A member's own name in any case, the usual ``who=``: ``member_index``'s first loop, without the call.
    folded = " ".join(name.split()).casefold()
    for at, member in enumerate(state.party):
        if member.name.casefold() == folded:
            return at
    index = state.member_index(name)
    if index is None and len(state.members_called(name)) > 1:
        names = tuple(state.party[i].name for i in state.members_called(name))
        said = note("party.ambiguous", name=name, key=key, names=names)
        return refuse(command, Reason.AMBIGUOUS_CHARACTER, said)
    if index is None:
        return refuse(command, Reason.UNKNOWN_CHARACTER, note("party.nobody_called", name=name, key=key))
    return index


def holder_or_refusal(
    state: GameState, command: c.Equip | c.Unequip | c.Bind | c.Unbind | c.Split | c.Merge, rules: Rules
) -> tuple[int, Resolved] | Decision:
    """Who ``command.who`` names and what its item is, when they hold some of it; or the refusal (an unknown
    or ambiguous character, or ``none-held``) — what wearing, splitting and merging all check first."""
    who = member_or_refusal(state, command, command.who)
    if not isinstance(who, int):
        return who
    resolved = bags.resolve(command.item, state, rules)
    member = state.party[who]
    if bags.count_held(member.bag, resolved.what) == 0:
        held = note("inventory.none_held", who=member.name, name=thing(rules, resolved, 1))
        return refuse(command, Reason.NONE_HELD, held)
    return who, resolved


def place(
    state: GameState,
    rules: Rules,
    command: c.Add | c.Earn,
    resolved: Resolved,
    count: int,
    *,
    journal: JournalKind = "acquired",
    before: tuple[Effect, ...] = (),
    notes: tuple[Note, ...] = (),
) -> Decision:
    """``count`` of ``resolved`` into ``command.who``'s bag, or shared out by the carrying rule."""
    named = command.who is not None
    who = member_or_refusal(state, command, command.who) if named else 0  # nobody named: the player
    if not isinstance(who, int):
        return who
    # ``resolved.item`` is what its stacks follow (``Rules.item_of``): the limit ``share_out`` would read
    limit = rules.stack_limit(resolved.item)
    share = carrying.share_out(rules, state, resolved.what, count, who if named else None, limit=limit)
    why = Reason.TOO_MANY if share.stacked else Reason.TOO_HEAVY
    # Nothing placed (``share.placed == 0``): the parts and what is left add up to ``count``.
    if share.left == count:
        return refuse(command, why, (*notes, _nobody(rules, state, resolved, who, named, why)))
    effects: list[Effect] = list(before)
    answers: list[Answer] = []
    canonical = command.answer_attrs()  # once: each answer sets its own who= and count= on it
    # The command's own notes go on the first answer only: the others answer a copy without them (none to
    # drop in the usual case, a command without notes, which then answers itself).
    quiet = replaced(command, notes=()) if command.notes else command
    for index, (member_index, taken) in enumerate(share.parts):
        member = state.party[member_index]
        bag = bags.add(member.bag, resolved.what, taken, limit)
        effects.append(bag_changed(member=member_index, bag=bag))
        text = f"{resolved.what.name} ×{taken}"  # ``counted``
        effects.append(journaled(entry=journal_entry(kind=journal, who=member.name, text=text)))
        shown = None if not named and member_index == 0 else member.name
        attrs = with_attrs(command, canonical, who=shown, count=str(taken))
        said = command if index == 0 else quiet
        first = notes if index == 0 else ()
        answers.append(answer(said, now=bags.count_held(bag, resolved.what), attrs=attrs, note=first))
    if share.left:
        text = counted(resolved, share.left)
        holder = state.party[who].name
        effects.append(journaled(entry=journal_entry(kind="left-behind", who=holder, text=text)))
        attrs = with_attrs(command, canonical, count=str(share.left), who=holder if named else None)
        answers.append(answer(quiet, result="refused", reason=why, attrs=attrs))
    return trusted_accepted(effects=tuple(effects), answers=tuple(answers))


def _nobody(rules: Rules, state: GameState, resolved: Resolved, who: int, named: bool, why: Reason) -> Note:
    """Why nothing at all could be carried: stack room, nobody's strength, or the named member's load."""
    name = thing(rules, resolved, 1)
    if why is Reason.TOO_MANY:
        return note("carrying.no_stack_room", name=name, most=bags.MAX_BAG_STACKS)
    if not named:
        return note("carrying.nobody_can_carry", name=name)
    member = state.party[who]
    return note(
        "carrying.cannot_carry", who=member.name, name=name, load=carrying.carried(rules, state, member)
    )
