"""Decide: the one entry point of the engine, ``decide(state, command, rules, dice) -> Decision``.

Each command goes to the module of its concern (``inventory``, ``purse``, ``trade``, ``loot``, ``sheet_ops``,
``use``, ``place``, ``fakes``). Every rule lives in those ``decide_*`` functions; ``outcome.evolve`` applies
what they accept. A command the engine does not run is refused with ``unapplied``, never dropped;
a ``[sheet:]`` op with ``who="party"`` runs on every member and gives one answer (``_for_the_party``); an
accepted inventory change is followed by finding out every fake whose truth the sheet then shows
(``fakes.shown_on_sheet``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tagproc import commands as c
from tagproc.engine import fakes, inventory, loot, place, purse, sheet_ops, trade, use
from tagproc.engine.answers import answer, refuse, with_attr
from tagproc.engine.dice import Dice
from tagproc.engine.inspect import decide_inspect
from tagproc.engine.outcome import Accepted, BagChanged, Decision, Effect, evolve_all
from tagproc.engine.placing import PARTY, is_party
from tagproc.engine.reasons import Reason
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState
from tagproc.engine.trusted import note, replaced
from tagproc.notes import Note

__all__ = ["PARTY", "decide", "is_party"]

Decider = Callable[[GameState, Any, Rules, Dice], Decision]

_DECIDERS: dict[type[c.Command], Decider] = {
    c.Add: inventory.decide_add,
    c.Remove: inventory.decide_remove,
    c.Give: inventory.decide_give,
    c.Equip: inventory.decide_equip,
    c.Unequip: inventory.decide_unequip,
    c.Bind: inventory.decide_bind,
    c.Unbind: inventory.decide_unbind,
    c.Pay: purse.decide_pay,
    c.Earn: purse.decide_earn,
    c.Buy: trade.decide_buy,
    c.Sell: trade.decide_sell,
    c.Reveal: fakes.decide_reveal,
    c.Loot: loot.decide_loot,
    c.Use: use.decide_use,
    c.Inspect: decide_inspect,
    c.Place: place.decide_place,
    c.Rest: sheet_ops.decide_rest,
    c.Spend: sheet_ops.decide_pool,
    c.Restore: sheet_ops.decide_pool,
    c.Temp: sheet_ops.decide_pool,
    c.Damage: sheet_ops.decide_damage,
    c.Track: sheet_ops.decide_track,
    c.Condition: sheet_ops.decide_condition,
    c.Note: sheet_ops.decide_note,
}


# What changes an inventory: after one is accepted, a fake whose truth the sheet then shows is found out
# (spec "Honest and dishonest sellers": worn or carried; ``fakes.shown_on_sheet``). A [sheet:] op alone never
# finds one out ("neither does a change to the sheet alone until the next inventory change").
_INVENTORY_CHANGES = (
    c.Add,
    c.Remove,
    c.Give,
    c.Equip,
    c.Unequip,
    c.Bind,
    c.Unbind,
    c.Pay,
    c.Earn,
    c.Buy,
    c.Sell,
    c.Loot,
    c.Use,
)
_SHEET_COMMANDS = (c.Rest, c.Spend, c.Restore, c.Temp, c.Damage, c.Track, c.Condition, c.Note)
# The same, as sets of the exact types ``_DECIDERS`` dispatches on (a set look-up, not an isinstance chain).
_CHANGES_INVENTORY = frozenset(_INVENTORY_CHANGES)
_CHANGES_SHEET = frozenset(_SHEET_COMMANDS)


def decide(state: GameState, command: c.Command, rules: Rules, dice: Dice) -> Decision:
    """Every rule for ``command`` against ``state``: ``Accepted(effects, answers)`` or ``Refused(answer)``."""
    kind = type(command)
    decider = _DECIDERS.get(kind)
    if decider is None:  # every command has a decider; a new command type without one is refused
        return refuse(command, Reason.UNAPPLIED, note("inventory.unapplied"))
    if kind in _CHANGES_SHEET:
        who = command.__dict__["who"]  # every sheet op has a who; ``is_party`` asked only of one like it
        if who is not None and who.strip().casefold() == PARTY and is_party(state, who):
            return _for_the_party(state, command, rules, dice, decider)
    decision = decider(state, command, rules, dice)
    if kind in _CHANGES_INVENTORY and type(decision) is Accepted:
        # ``fakes.shown_on_sheet`` finds nothing unless a bag an effect sets holds a fake that fools
        # (``fakes.is_fooling``, inline): the usual change holds none, and is the decision as it came.
        for effect in decision.effects:
            if type(effect) is BagChanged:
                for stack in effect.bag:
                    if stack.passes_as is not None and stack.item is not None:
                        return fakes.shown_on_sheet(state, decision, rules)
    return decision


def _for_the_party(
    state: GameState, command: c.Command, rules: Rules, dice: Dice, decider: Decider
) -> Decision:
    """A sheet op on every member in party order, each on the state the one before left; one answer.

    ``now`` is ``<Name> <value>`` per member joined by ``; ``, then ``<Name> refused (<reason>)``; ``ok`` if
    any applied, else refused with the first reason (CONVENTIONS.md §11).
    """
    effects: list[Effect] = []
    done: list[Note] = []
    refused: list[Note] = []
    reasons: list[str] = []
    said: list[tuple[Note, ...]] = []
    applied: list[bool] = []
    attrs: tuple[tuple[str, str], ...] | None = None
    for member in state.party:
        one = replaced(command, who=member.name, notes=())  # ``model_copy``: a member's name, no notes
        decision = decider(evolve_all(state, tuple(effects)), one, rules, dice)
        reply = decision.answers[0] if isinstance(decision, Accepted) else decision.answer
        attrs = attrs or with_attr(command, reply.attrs, "who", PARTY)
        if isinstance(decision, Accepted):
            effects.extend(decision.effects)
            done.append(note("party.applied", who=member.name, now=reply.now or None))
        else:
            refused.append(note("party.refused", who=member.name, reason=reply.reason))
            reasons.append(reply.reason or "")
        said.append(reply.notes)
        applied.append(isinstance(decision, Accepted))
    if not done:
        return refuse(command, Reason(reasons[0]), _party_note(state, said), attrs=attrs)
    # An ok answer's note is what the applied members' answers said; the refused ones are in ``now``.
    told = _party_note(state, [notes if ok else () for notes, ok in zip(said, applied, strict=True)])
    now = note("party.now", members=(*done, *refused))
    return Accepted(effects=tuple(effects), answers=(answer(command, now=now, note=told, attrs=attrs),))


def _party_note(state: GameState, said: list[tuple[Note, ...]]) -> tuple[Note, ...]:
    """The members' notes (``said``, one a member, empty for none): one said by all, once; else each named."""
    if len(said) == len(state.party) and said[0] and len(set(said)) == 1:
        return said[0]
    return tuple(
        note("party.member_said", who=member.name, notes=notes)
        for member, notes in zip(state.party, said, strict=True)
        if notes
    )
