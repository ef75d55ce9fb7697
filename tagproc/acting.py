"""Acting: an action between replies run as a turn of the game (DESIGN.md "Turns"; ``tagproc.actions``).

``run_action(context, start, position, action)`` decides the action against the state the turn began from,
evolves what it changed and renders its answers, as a reply's tags are (``tagproc.turn``), and gives a
``TurnResult`` of the action's kind (``use``, ``gear``, ``edit``, ``fight``):

- ``use``: exactly ``[inventory: action="use" item=... who=...]`` (``engine.use``), the item named as a
  button names it (``bags.named``);
- ``edit``: the player's own edit (``engine.edits``), its item named the same way, the command of the edit's
  verb built here so its answer reads as that tag's;
- ``gear``: ``engine.gear``; ``fight``: ``engine.fight``.

Its dice are ``dice_for(game seed, (position, identity(action)))``: its own identity, so replaying the
transcript, or regenerating a later reply, rolls the same drops. Its state keeps only its own journal
entries, as a reply's does; it has no text, visible text, history or tags.

Invariants: a refusal changes nothing; an engine error is logged and answered ``internal-error`` (the stage
boundary, as for a tag); nothing here reads model text.
"""

from __future__ import annotations

import logging

from tagproc import commands as c
from tagproc.actions import EditAction, FightAction, GearAction, UseAction, blank_names, identity
from tagproc.engine import bags
from tagproc.engine.answers import refuse
from tagproc.engine.decide import decide
from tagproc.engine.dice import Dice, dice_for
from tagproc.engine.edits import PlayerEdit, decide_edit
from tagproc.engine.fight import FightError, decide_fight, fight_problems
from tagproc.engine.gear import GearError, decide_gear, gear_problems
from tagproc.engine.outcome import Accepted, Answer, Decision, Refused, evolve_all
from tagproc.engine.reasons import Reason
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState
from tagproc.notes import note
from tagproc.processing import TurnContext, TurnResult, fresh_journal
from tagproc.ruleset.base import label_problem

__all__ = ["check_action", "edit_command", "run_action"]

_LOG = logging.getLogger(__name__)

AnyAction = UseAction | GearAction | EditAction | FightAction

_EDITS: dict[str, type[PlayerEdit]] = {
    "add": c.Add,
    "remove": c.Remove,
    "give": c.Give,
    "equip": c.Equip,
    "unequip": c.Unequip,
    "bind": c.Bind,
    "unbind": c.Unbind,
    "split": c.Split,
    "merge": c.Merge,
}


def run_action(context: TurnContext, start: GameState, position: int, action: AnyAction) -> TurnResult:
    """Run ``action`` from ``start`` as the turn at ``position``."""
    state = fresh_journal(start)
    dice = dice_for(context.seed, (position, identity(action)))
    try:
        decision = _decide(state, action, context.rules, dice)
    except Exception as error:  # the stage boundary: a bug is logged with its traceback, and answered
        _LOG.exception("internal error deciding %r", action)
        decision = Refused(answer=_engine_error(action, context.rules, error))
    answers: tuple[Answer, ...]
    if isinstance(decision, Accepted):
        state = evolve_all(state, decision.effects)
        answers = decision.answers
    else:
        answers = (decision.answer,)
    return TurnResult(
        kind=action.kind,
        position=position,
        text="",
        visible="",
        history="",
        answers=tuple(context.renderer.render_answers(answers)),
        structured_answers=answers,
        journal=state.journal,
        state=state,
        action=action,
    )


def check_action(action: AnyAction, rules: Rules) -> None:
    """Raise ``ValueError`` for an action that cannot be run at all, naming every problem as a transcript's
    load names it: a name with nothing but spaces in it, or a gear, option, pick, creature or table the
    ruleset does not have (``GearError``, ``FightError``). The ``Game`` API checks a new action with it, so
    bad input is a clear error to its caller, never an engine error answered ``internal-error``."""
    blank = blank_names(action)
    if blank:
        raise ValueError("; ".join(f"{key}: a name with nothing but spaces in it" for key in blank))
    if isinstance(action, GearAction) and (problems := gear_problems(action, rules)):
        raise GearError("; ".join(f"{key}: {message}" for key, message in problems))
    if isinstance(action, FightAction) and (problems := fight_problems(action, rules)):
        raise FightError("; ".join(f"{key}: {message}" for key, message in problems))


def edit_command(action: EditAction, rules: Rules) -> PlayerEdit:
    """The command an edit is: its verb's, with the item named as a dialog names it."""
    kind = _EDITS[action.action]
    ref = bags.named(action.item, rules)
    if kind is c.Add and ref.label is None and ref.coin is None and label_problem(action.item.strip()):
        # a typed name that breaks a label's rules keeps what breaks them (a line break), so it is refused
        ref = c.ItemRef(name=action.item.strip())
    if kind is c.Give:
        return c.Give(item=ref, count=action.count, who=action.who, to=action.to)
    return kind(item=ref, count=action.count, who=action.who)


def _decide(state: GameState, action: AnyAction, rules: Rules, dice: Dice) -> Decision:
    if isinstance(action, UseAction):
        return decide(state, c.Use(item=bags.named(action.item, rules), who=action.who), rules, dice)
    if isinstance(action, EditAction):
        return decide_edit(state, edit_command(action, rules), rules, dice)
    if isinstance(action, GearAction):
        return decide_gear(state, action, rules, dice)
    return decide_fight(state, action, rules, dice)


def _engine_error(action: AnyAction, rules: Rules, error: Exception) -> Answer:
    """An engine error's answer: the use or edit refused, or a gear's or a fight's own answer
    (``[gear: gear=... who=...]``, ``[fight: outcome=...]``), ``internal-error``."""
    said = note("tags.internal_error", error=type(error).__name__)
    if isinstance(action, UseAction):
        return refuse(
            c.Use(item=bags.named(action.item, rules), who=action.who), Reason.INTERNAL_ERROR, said
        ).answer
    if isinstance(action, EditAction):
        return refuse(edit_command(action, rules), Reason.INTERNAL_ERROR, said).answer
    if isinstance(action, GearAction):
        attrs = (("gear", action.gear),) + ((("who", action.who),) if action.who else ())
        return Answer(tag="gear", attrs=attrs, result="refused", reason=Reason.INTERNAL_ERROR, notes=(said,))
    return Answer(
        tag="fight",
        attrs=(("outcome", action.outcome),),
        result="refused",
        reason=Reason.INTERNAL_ERROR,
        notes=(said,),
    )
