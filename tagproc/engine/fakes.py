"""Fakes: a stack that fools, finding it out, and ``[inventory: action="reveal" item= who=]`` (spec "Honest and
dishonest sellers", "Spotting fakes").

A fake that fools is a ``Stack`` whose ``item`` is the fake's own ref (the sheet reads what it truly does),
whose ``name`` is the label of the item it passes for (the bag, the journal and every answer say that) and
whose ``passes_as`` is that item's ref. *Found out* (``found_out``), it is ``name=<its own label>,
passes_as=None`` and from then on its true item; ``suspected_by`` goes (a suspicion is settled).

Owns what every way of finding a fake out shares, so each says it alike:

- ``found_out``/``reveal_at``: the stack as its true item;
- ``changed``: the journal's line for it, kind ``changed``, text ``<shown> ×<n> was <true label>``
  ("changed: Ada: Potion of Healing ×1 was Potion of Poison");
- ``found_out_bound``: a bind's (``wearing``): every bound stack that still fools, found out;
- ``truth_shown``/``shown_on_sheet``: found out by the sheet (spec: "The first inventory change after which
  the sheet shows a number, or what a check adds, that the item it passes for would not, finds it out"):
  ``decide`` hands every accepted inventory change (add, remove, give, equip, unequip, bind, unbind, pay,
  earn, buy, sell, loot, use; never a ``[sheet:]`` op) to ``shown_on_sheet``, which, for each member whose
  bag it changed and who holds a fake that fools, compares the sheet with each such stack as it is and as
  the item it passes for (ability scores, every derived value read live, what each held item adds to checks
  and saves); a stack that differs is found out (``BagChanged``, a ``changed`` line) and the last answer
  says so (``fakes.shows``). Defense, attacks, speed and resistances are a fight's, and do not count;
- the notes (``prompts/notes/fakes.jinja``): ``fakes.was`` ("It was a Potion of Poison all along."),
  ``fakes.seems`` ("It is what it seems."), ``fakes.held`` (a buy a companion held), ``fakes.told`` (an
  honest buyer says what it truly is), ``fakes.bound`` (binding it shows what it is), ``fakes.shows`` (the
  sheet shows it). Other modules say them through the functions here, so the words of fakes live in one
  group.

Reveal (the brief's decisions): on ``who``'s bag only (the player's without it; ``unknown-character``/
``ambiguous-character`` first). Holding nothing the name finds: ``none-held``. Every stack the name finds that
still fools is found out: ok, no ``now`` (nothing is counted), note ``fakes.was`` for each true item, a
``changed`` journal line per stack. Only real items found: ok, note ``fakes.seems``, nothing changes
(``Accepted`` with no effects).

Invariants: nothing here rolls dice; a refusal changes nothing; a found-out stack never fools again.
"""

from __future__ import annotations

from tagproc import commands as c
from tagproc.engine import bags
from tagproc.engine.answers import answer, refuse, with_names
from tagproc.engine.dice import Dice
from tagproc.engine.outcome import Accepted, BagChanged, Decision, Effect, Journaled, evolve_all
from tagproc.engine.placing import counted_text, member_or_refusal
from tagproc.engine.reasons import Reason
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState, JournalEntry, Member, Stack
from tagproc.engine.trusted import note
from tagproc.notes import Note
from tagproc.ruleset.refs import DerivedRef

__all__ = [
    "bound_note",
    "changed",
    "decide_reveal",
    "found_out",
    "found_out_bound",
    "held_note",
    "is_fooling",
    "reveal_at",
    "shown_on_sheet",
    "shows_note",
    "told_note",
    "true_label",
    "truth_shown",
    "was_note",
]


def is_fooling(stack: Stack) -> bool:
    """Whether ``stack`` is a fake that still passes for another item."""
    return stack.passes_as is not None and stack.item is not None


def true_label(stack: Stack, rules: Rules) -> str:
    """The label of what ``stack`` truly is (its name when the book no longer has it)."""
    entry = rules.book.get(stack.item) if stack.item is not None else None
    return entry.label if entry is not None else stack.name


def found_out(stack: Stack, rules: Rules) -> Stack:
    """``stack`` as its true item: named by its own label, passing for nothing, suspected by nobody."""
    if not is_fooling(stack):
        return stack
    return Stack.model_validate(
        {**stack.model_dump(), "name": true_label(stack, rules), "passes_as": None, "suspected_by": ()}
    )


def reveal_at(bag: tuple[Stack, ...], index: int, rules: Rules) -> tuple[Stack, ...]:
    """``bag`` with the stack at ``index`` found out."""
    return (*bag[:index], found_out(bag[index], rules), *bag[index + 1 :])


def found_out_bound(
    bag: tuple[Stack, ...], rules: Rules
) -> tuple[tuple[Stack, ...], tuple[tuple[Stack, Stack], ...]]:
    """``bag`` with every bound stack that still fools found out (binding shows what it is), and each such
    stack as it was and as it is now."""
    stacks = list(bag)
    shown: list[tuple[Stack, Stack]] = []
    for index, stack in enumerate(bag):
        if stack.bound and is_fooling(stack):
            true = found_out(stack, rules)
            entry = rules.book.get(true.item) if true.item is not None else None
            if entry is not None and entry.item.binds is None:  # what it truly is does not bind at all
                true = Stack.model_validate({**true.model_dump(), "bound": False})
            stacks[index] = true
            shown.append((stack, stacks[index]))
    return tuple(stacks), tuple(shown)


def changed(who: str, stack: Stack, rules: Rules) -> JournalEntry:
    """The journal's line for ``stack`` found out: ``changed: Ada: Potion of Healing ×1 was Potion of Poison``."""
    text = f"{counted_text(stack.name, stack.count)} was {true_label(stack, rules)}"
    return JournalEntry(kind="changed", who=who, text=text)


# -- found out by the sheet ----------------------------------------------------------------------------

_CHECKS = frozenset({"checks", "saves"})  # what a check adds; defense, attacks and speed are a fight's


def truth_shown(rules: Rules, state: GameState, who: int) -> tuple[int, ...]:
    """The stacks of member ``who``'s bag that still fool yet whose truth the sheet shows (spec "Honest and
    dishonest sellers": worn or carried): with the stack read as the item it passes for, the sheet would show
    another ability score or derived value, or a check or save would add something else. A difference only a
    fight reads (a resistance, defense, attacks) does not count. Pure: it changes nothing."""
    member = state.party[who]
    fooling = [index for index, stack in enumerate(member.bag) if is_fooling(stack)]
    if not fooling:
        return ()
    truth = _reading(rules, state, member)
    shown: list[int] = []
    for index in fooling:
        stack = member.bag[index]
        seeming = Stack.model_validate({**stack.model_dump(), "item": stack.passes_as, "passes_as": None})
        bag = (*member.bag[:index], seeming, *member.bag[index + 1 :])
        if _reading(rules, state, member.model_copy(update={"bag": bag})) != truth:
            shown.append(index)
    return tuple(shown)


def _reading(rules: Rules, state: GameState, member: Member) -> tuple[object, ...]:
    """What the sheet shows of ``member`` that items can change: ability scores, derived values (live), and
    what each held item adds to checks and saves (by what it adds, not by whose stack it is named for)."""
    abilities = tuple(sorted(rules.held_abilities(member, state).items()))
    derived = tuple(
        rules.read(DerivedRef(derived=one.id), member, state) for one in rules.ruleset.sheet.derived
    )
    adds = sorted(
        (
            tuple(m.model_dump_json() for m in held.modifiers if m.to in _CHECKS),
            tuple(held.fails_saves),
            tuple(held.skills),
            tuple(held.saves),
        )
        for _, held in rules.held_effects(member, state)
        if held.fails_saves or any(m.to in _CHECKS for m in held.modifiers)
    )
    return abilities, derived, tuple(adds)


def shown_on_sheet(state: GameState, decision: Accepted, rules: Rules) -> Accepted:
    """``decision`` (an inventory change, accepted) with every fake whose truth the sheet then shows found
    out: for each member whose bag it changed, in party order, a ``BagChanged``, a ``changed`` journal line
    per stack, and ``fakes.shows`` on the last answer. Unchanged when nothing shows."""
    # The members whose bag an effect sets to one holding a fake that fools (``is_fooling``, inline: every
    # accepted inventory change asks this of every stack of every bag it changed), each once. The usual
    # change finds none, and is the decision as it came (nothing to evolve).
    fooled: list[int] = []
    for effect in decision.effects:
        if type(effect) is BagChanged and effect.member not in fooled:
            for stack in effect.bag:
                if stack.passes_as is not None and stack.item is not None:
                    fooled.append(effect.member)
                    break
    if not fooled:
        return decision
    changed_bags = sorted(fooled)
    after = evolve_all(state, decision.effects)
    effects: list[Effect] = []
    said: list[Note] = []
    for who in changed_bags:
        found = truth_shown(rules, after, who)
        if not found:
            continue
        member = after.party[who]
        bag = member.bag
        for index in found:
            said.append(shows_note(member.name, bag[index].name, true_label(bag[index], rules)))
            bag = reveal_at(bag, index, rules)
        effects.append(BagChanged(member=who, bag=bag))
        effects.extend(Journaled(entry=changed(member.name, member.bag[index], rules)) for index in found)
    if not effects:
        return decision
    last = decision.answers[-1]
    told = last.model_copy(update={"notes": (*last.notes, *said)})
    return Accepted(effects=(*decision.effects, *effects), answers=(*decision.answers[:-1], told))


# -- notes ----------------------------------------------------------------------------------------------


def was_note(true: str) -> Note:
    """What a found-out fake was: "It was a Potion of Poison all along." """
    return note("fakes.was", name=true)


def bound_note(shown: str, true: str) -> Note:
    """Binding a fake shows what it is: "Binding it shows what it is: the Bag of Holding is a Bag of Devouring." """
    return note("fakes.bound", shown=shown, name=true)


def told_note(seller: str | None, shown: str, true: str) -> Note:
    """An honest buyer says what a fake truly is: "The smith says the Silver coffin nail is a Pewter coffin nail." """
    return note("fakes.told", seller=seller, shown=shown, name=true)


def shows_note(who: str, shown: str, true: str) -> Note:
    """The sheet shows a fake's truth: "Ada's sheet shows the Ring of Protection for what it is: a Ring of Ill
    Luck." """
    return note("fakes.shows", who=who, shown=shown, name=true)


def held_note(noticer: str, says: str, buyer: str, shown: str, seller: str) -> Note:
    """A buy a companion held: who noticed what, and what the GM is asked to play."""
    return note("fakes.held", who=noticer, says=says, buyer=buyer, name=shown, seller=seller)


# -- reveal ---------------------------------------------------------------------------------------------


def decide_reveal(state: GameState, command: c.Reveal, rules: Rules, dice: Dice) -> Decision:
    """Reveal what the item ``who`` holds truly is: every stack the name finds that still fools is found out."""
    del dice  # a reveal rolls nothing
    who = member_or_refusal(state, command, command.who)
    if not isinstance(who, int):
        return who
    member = state.party[who]
    what = bags.resolve(command.item, state, rules).what
    found = [index for index, stack in enumerate(member.bag) if bags.is_of(stack, what)]
    attrs = with_names(command, command.answer_attrs(), who=member.name)
    if not found:
        name = command.item.label or command.item.name
        return refuse(command, Reason.NONE_HELD, note("inventory.none_held", who=member.name, name=name))
    fooling = [index for index in found if is_fooling(member.bag[index])]
    if not fooling:
        return Accepted(effects=(), answers=(answer(command, attrs=attrs, note=note("fakes.seems")),))
    bag = member.bag
    effects: list[Effect] = []
    trues: list[str] = []
    for index in fooling:
        effects.append(Journaled(entry=changed(member.name, bag[index], rules)))
        true = true_label(bag[index], rules)
        if true not in trues:
            trues.append(true)
        bag = reveal_at(bag, index, rules)
    said = tuple(was_note(true) for true in trues)
    reply = answer(command, attrs=attrs, note=said)
    return Accepted(effects=(BagChanged(member=who, bag=bag), *effects), answers=(reply,))
