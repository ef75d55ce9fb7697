"""The player's own inventory edits (spec "What reads items", "Money", "Items on the sheet"; issue 12).

Owns ``decide_edit``: an add, remove, give, equip, unequip, bind, unbind, split or merge the *player* makes
between replies (``tagproc.acting`` builds the command of the verb, its item named with ``bags.named``). The
answer reads as the tag that does the same (``[inventory: action="remove" ...]``; ``action="split"`` and
``"merge"`` for the two only a player makes), ``who`` as the action wrote it. The player's rules, where they
differ from a GM tag's:

- ``who`` left out is the player's bag for every verb but an add: a remove never goes on to the party. An add
  without ``who`` (or ``who="party"``) goes into the inventory's shared view by the carrying rule, as the GM's
  does (spec "carry": "An item added into the inventory's shared view, by the player or by the Game Master
  without a who=, goes to whoever can carry it"); with ``who`` into that bag up to its limit, the rest
  answered ``too-heavy`` as a ``who=`` add's rest is (``placing.place``, the journal's ``left-behind``).
- add: a ruleset item, a coin (the picker's Coins list), or a plain item where ``freeform`` is ``"plain"``
  (the default); ``"refuse"`` answers ``not-ruleset-item`` ("leaves the player only your items"), whatever
  ``native`` says ("What the player types in still follows freeform"). A typed name a label could not have
  (``ruleset.base.label_problem``: brackets, ``{{``, line breaks) is ``bad-name``; a service is ``service``;
  the player never invents (a description is ``no-invention``).
- remove, give, unequip, unbind: a bound cursed item will not let go (spec "Items on the sheet": "the player
  cannot unbind it, take it off, give it away or remove it"). When all of it the verb could move is bound and
  cursed the edit is refused ``cursed``; otherwise those stacks are kept out of it (the ``keep`` of
  ``inventory`` and ``wearing``), and the note says so when they held something back.
- equip and bind: exactly the tags (``engine.decide.decide``), as is every edit the curse does not touch, so
  ``fakes.shown_on_sheet`` runs after each accepted change of what is held or worn.
- split: ``count`` off the first fresh stack (``bags.is_fresh``) holding more than ``count``, into a fresh
  stack of its own just after it; ``none-held``, or ``bad-amount`` when no fresh stack holds more. It stays
  apart until merged, though an add may fill it as it fills any fresh stack ("adding ... past it fills the
  stack and starts a new one"), and an unequip or unbind settles the fresh stacks together as a tag's does.
- merge: the bag's fresh stacks of the item joined, filled in bag order to the item's stack limit
  (``rules.stack_limit``), the joined stacks taking the places of the first of them.

Decisions where the spec is silent:
- A merge's ``count`` is how many of the item the joined stacks hold; with nothing to join (one fresh stack,
  or stacks all full but one, in any order) it is ``ok`` with ``count="0"``; holding none is
  ``none-held``. Stacks of 4 and 4 where 6 fit a stack merge to 6 and 2 ("merging past it fills the stack").
- A player's add of more than 9,999 of an item (coins excepted, to 999,999) is held to 9,999 and says so,
  as a tag's count is capped (CONVENTIONS.md §2).
- Under ``freeform: "refuse"`` an item the GM invented this game is not one of "your items": the player's add
  of it by name is ``not-ruleset-item``; under ``"plain"`` its name adds that item, as the same name does for
  the rest of the game.
- A split or a merge changes no count and writes no journal line; a split past ``bags.MAX_BAG_STACKS`` stacks
  is ``too-many``.
- An item the GM invented is answered by its own name, however the action cased it, as a tag's is.
- The order of refusals is the tag's, then ``cursed`` after ``none-held`` (the GM's own checks run first).

Notes are ``edits.*`` facts (``prompts/notes/edits.jinja``), with ``inventory.*``, ``wearing.*``,
``carrying.*`` and ``party.*`` from the modules reused.

Invariants: a refusal has no effects; a split or a merge keeps every count in the bag; no stack goes past its
item's stack limit.
"""

from __future__ import annotations

from tagproc import commands as c
from tagproc.engine import bags, fakes, inventory, wearing
from tagproc.engine.answers import answer, refuse, with_attr, with_names
from tagproc.engine.bags import Keep, Resolved
from tagproc.engine.decide import decide
from tagproc.engine.dice import Dice
from tagproc.engine.outcome import Accepted, Answer, BagChanged, Decision, Refused
from tagproc.engine.placing import holder_or_refusal, is_party, member_or_refusal, place, thing
from tagproc.engine.reasons import Reason
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState, Stack
from tagproc.engine.trusted import note
from tagproc.notes import Note
from tagproc.ruleset.base import label_problem
from tagproc.vocabulary import MAX_COUNT

__all__ = ["PlayerEdit", "decide_edit"]

PlayerEdit = c.Add | c.Remove | c.Give | c.Equip | c.Unequip | c.Bind | c.Unbind | c.Split | c.Merge
_LettingGo = c.Remove | c.Give | c.Unequip | c.Unbind


def decide_edit(state: GameState, command: PlayerEdit, rules: Rules, dice: Dice) -> Decision:
    """The player's own edit: accepted with its answer, or refused and nothing changes."""
    command = _invented_by_its_name(state, command, rules)
    if isinstance(command, c.Add):
        return _add(state, command, rules)
    if isinstance(command, c.Split):
        return _split(state, command, rules)
    if isinstance(command, c.Merge):
        return _merge(state, command, rules)
    if isinstance(command, c.Equip | c.Bind):
        return decide(state, command, rules, dice)
    return _let_go(state, command, rules, dice)


def _invented_by_its_name(state: GameState, command: PlayerEdit, rules: Rules) -> PlayerEdit:
    """An item the GM invented, called by its own name as a tag's answer calls it (``bags.named`` does not
    see the game, so ``ember charm`` comes in as typed)."""
    what = bags.resolve(command.item, state, rules).what
    if what.invented is None or command.item.name == what.name:
        return command
    return command.model_copy(update={"item": c.ItemRef(name=what.name)})


# --- add ------------------------------------------------------------------------------------------------


def _add(state: GameState, command: c.Add, rules: Rules) -> Decision:
    """An item, a coin or (``freeform: "plain"``) a plain item: into the bag named, up to its limit, or
    without ``who`` (or ``who="party"``) into the shared view by the carrying rule."""
    shared = command.who is None or is_party(state, command.who)
    who = member_or_refusal(state, command, None if shared else command.who)
    if not isinstance(who, int):
        return who
    if command.proposal is not None:
        return refuse(command, Reason.NO_INVENTION, note("edits.no_invention"))
    resolved = bags.resolve(command.item, state, rules)
    if resolved.item is not None and resolved.item.service:
        return refuse(command, Reason.SERVICE, note("inventory.service", name=resolved.what.name))
    typed = resolved.what.item is None and resolved.what.coin is None  # a plain or an invented item's name
    if resolved.is_plain and label_problem(command.item.name) is not None:
        return refuse(command, Reason.BAD_NAME, note("edits.bad_name", name=command.item.name))
    if typed and rules.block is not None and rules.block.freeform == "refuse":
        return refuse(
            command, Reason.NOT_RULESET_ITEM, note("edits.not_ruleset_item", name=command.item.name)
        )
    count = command.count
    notes: tuple[Note, ...] = ()
    if resolved.what.coin is None and count > MAX_COUNT:
        count, notes = MAX_COUNT, (note("edits.count_capped", most=MAX_COUNT),)
    if shared:  # spec "carry": "An item added into the inventory's shared view, by the player or by the Game
        # Master without a who=, goes to whoever can carry it" — answered per bag as the GM's add is
        placed = place(
            state,
            rules,
            command.model_copy(update={"who": None, "count": count}),
            resolved,
            count,
            notes=notes,
        )
        return fakes.shown_on_sheet(state, placed, rules) if isinstance(placed, Accepted) else placed
    # Into that bag as a who= add goes (never the carrying rule).
    named = command.model_copy(update={"who": state.party[who].name, "count": count})
    placed = place(state, rules, named, resolved, count, notes=notes)
    if isinstance(placed, Accepted):
        placed = fakes.shown_on_sheet(state, placed, rules)
    return _as_written(placed, command)


# --- remove, give, unequip, unbind: a bound cursed item will not let go ---------------------------------------


def _let_go(state: GameState, command: _LettingGo, rules: Rules, dice: Dice) -> Decision:
    """The tag's own rules, with the stacks of a bound cursed item kept out of what is moved."""
    who = member_or_refusal(state, command, command.who)
    if not isinstance(who, int):
        return who
    # A remove names the bag, so it never goes on to the party (the GM's remove without who= does).
    asked = command.model_copy(update={"who": state.party[who].name}) if command.who is None else command
    member = state.party[who]
    resolved = bags.resolve(command.item, state, rules)

    def cursed(stack: Stack) -> bool:
        return bags.is_cursed(stack, rules.item_of(stack, state))

    movable = [s for s in member.bag if bags.is_of(s, resolved.what) and _moved_by(command, s)]
    kept = sum(stack.count for stack in movable if cursed(stack))
    if kept == 0:
        return _as_written(decide(state, asked, rules, dice), command)
    decision = _with_keep(state, asked, rules, dice, cursed)
    free = sum(stack.count for stack in movable) - kept
    name = thing(rules, resolved, kept)
    if free == 0 and isinstance(decision, Accepted):  # the tag's own checks passed: the curse refuses it
        return _as_written(
            refuse(asked, Reason.CURSED, note("edits.cursed", who=member.name, name=name)), command
        )
    if isinstance(decision, Accepted):
        if command.count > free:
            said = note("edits.cursed_kept", who=member.name, name=name, count=kept)
            decision = _told(decision, said)
        decision = fakes.shown_on_sheet(state, decision, rules)
    return _as_written(decision, command)


def _moved_by(command: _LettingGo, stack: Stack) -> bool:
    """Whether ``command`` could move ``stack`` (of its item): take it off, unbind it, or take it at all."""
    if isinstance(command, c.Unequip):
        return stack.worn
    if isinstance(command, c.Unbind):
        return stack.bound
    return True


def _with_keep(state: GameState, command: _LettingGo, rules: Rules, dice: Dice, keep: Keep) -> Decision:
    """The tag's decider, with ``keep`` holding on to the stacks that will not let go."""
    if isinstance(command, c.Remove):
        return inventory.decide_remove(state, command, rules, dice, keep=keep)
    if isinstance(command, c.Give):
        return inventory.decide_give(state, command, rules, dice, keep=keep)
    if isinstance(command, c.Unequip):
        return wearing.decide_unequip(state, command, rules, dice, keep=keep)
    return wearing.decide_unbind(state, command, rules, dice, keep=keep)


# --- split and merge --------------------------------------------------------------------------------------


def _split(state: GameState, command: c.Split, rules: Rules) -> Decision:
    """``count`` off the first fresh stack holding more, into a stack of its own right after it."""
    found = _holder(state, command, rules)
    if not isinstance(found, tuple):
        return found
    who, resolved, fresh = found
    member = state.party[who]
    bag = member.bag
    larger = [i for i in fresh if bag[i].count > command.count]
    name = thing(rules, resolved, 1)
    if not fresh:
        return refuse(command, Reason.BAD_AMOUNT, note("edits.nothing_loose", who=member.name, name=name))
    if not larger:
        largest = max(bag[i].count for i in fresh)
        said = note("edits.cannot_split", who=member.name, name=name, count=command.count, largest=largest)
        return refuse(command, Reason.BAD_AMOUNT, said)
    if len(bag) >= bags.MAX_BAG_STACKS:
        return refuse(
            command, Reason.TOO_MANY, note("inventory.bag_full", who=member.name, most=bags.MAX_BAG_STACKS)
        )
    index = larger[0]
    stack = bag[index]
    left = stack.count - command.count
    split = (
        *bag[:index],
        bags.with_count(stack, left),
        bags.with_count(stack, command.count),
        *bag[index + 1 :],
    )
    said = note("edits.split", count=command.count, left=left)
    return _done(state, command, who, split, resolved, command.count, said)


def _merge(state: GameState, command: c.Merge, rules: Rules) -> Decision:
    """The bag's fresh stacks of the item joined, each filled to the item's stack limit in bag order."""
    found = _holder(state, command, rules)
    if not isinstance(found, tuple):
        return found
    who, resolved, fresh = found
    member = state.party[who]
    bag = member.bag
    total = sum(bag[i].count for i in fresh)
    counts = _filled(total, rules.stack_limit(resolved.item))
    name = thing(rules, resolved, total)
    if sorted(bag[i].count for i in fresh) == sorted(counts):  # already full but one: nothing to join
        said = note("edits.nothing_to_merge", who=member.name, name=name)
        return _done(state, command, who, bag, resolved, 0, said)
    # The joined stacks take the places of the first of them; the others go.
    places = dict(zip(fresh, counts, strict=False))
    merged = tuple(
        bags.with_count(stack, places[i]) if i in places else stack
        for i, stack in enumerate(bag)
        if i not in fresh or i in places
    )
    said = note("edits.merged", name=name, stacks=len(fresh), into=len(counts), counts=tuple(counts))
    return _done(state, command, who, merged, resolved, total, said)


def _filled(total: int, limit: int | None) -> list[int]:
    """``total`` in as few stacks as ``limit`` allows: full ones, then the rest."""
    if limit is None or total <= limit:
        return [total]
    return [limit] * (total // limit) + ([total % limit] if total % limit else [])


def _holder(
    state: GameState, command: c.Split | c.Merge, rules: Rules
) -> tuple[int, Resolved, list[int]] | Decision:
    """Who holds the item a split or a merge names, what it is and where its fresh stacks are in their bag
    (those a split or a merge may touch); or the refusal (nobody, none held)."""
    found = holder_or_refusal(state, command, rules)
    if not isinstance(found, tuple):
        return found
    who, resolved = found
    bag = state.party[who].bag
    return (
        who,
        resolved,
        [i for i, stack in enumerate(bag) if bags.is_of(stack, resolved.what) and bags.is_fresh(stack)],
    )


def _done(
    state: GameState,
    command: c.Split | c.Merge,
    who: int,
    bag: tuple[Stack, ...],
    resolved: Resolved,
    count: int,
    said: Note,
) -> Accepted:
    """A split's or a merge's answer: ``count`` as it is told, ``now`` that bag's count of the item."""
    attrs = with_attr(command, command.answer_attrs(), "count", str(count))
    attrs = with_names(command, attrs, who=state.party[who].name)
    reply = answer(command, now=bags.count_held(bag, resolved.what), attrs=attrs, note=said)
    changed = bag != state.party[who].bag
    return Accepted(effects=(BagChanged(member=who, bag=bag),) if changed else (), answers=(reply,))


# --- answers --------------------------------------------------------------------------------------------


def _told(decision: Accepted, said: Note) -> Accepted:
    """``decision`` with ``said`` added to its first answer's note."""
    first = decision.answers[0]
    told = first.model_copy(update={"notes": (*first.notes, said)})
    return decision.model_copy(update={"answers": (told, *decision.answers[1:])})


def _as_written(decision: Decision, command: PlayerEdit) -> Decision:
    """``decision`` answered with ``who`` as the action wrote it: left out when it left it out (the engine was
    asked with the player's name, so that the bag is the player's alone)."""
    if command.who is not None:
        return decision
    if isinstance(decision, Refused):
        return Refused(answer=_unnamed(decision.answer, command))
    return decision.model_copy(update={"answers": tuple(_unnamed(one, command) for one in decision.answers)})


def _unnamed(reply: Answer, command: PlayerEdit) -> Answer:
    return reply.model_copy(update={"attrs": with_attr(command, reply.attrs, "who", None)})
