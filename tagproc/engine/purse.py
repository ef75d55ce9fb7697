"""The purse: paying and earning coins (spec "Money"; DESIGN.md "Answers").

Owns ``[inventory: action="pay"|"earn"]``:
- pay: out of one bag (``who``'s, the player's without it), in the named coins' own family only. A multi-coin
  amount ("1 crown and 6 shillings") is one worth owed when its coins share a family, else ``unknown-coin``.
  ``money.plan_payment`` makes the plan (largest coins that fit, then the smallest coin left that covers the
  rest broken, change back largest first); the note is ``money.payment_note``'s (``money.paid``, said "Paid
  with crowns ×1; shillings ×2 back."). Refused: ``no-currencies``, ``unknown-coin``, ``unknown-character``, ``cannot-afford``,
  and ``too-heavy`` when the change would take the payer past their limit.
- earn: an add of each coin, into ``who``'s bag or shared out by the carrying rule (``placing``); a
  multi-coin earning is answered one coin at a time.

Notes are ``money.*`` facts (``prompts/notes/money.jinja``).

Invariants: worth before = worth after + what was paid, in the family's smallest coin (ints only); no count
goes below zero; journal ``spent`` and ``earned``. ``now`` is how many of the named coin the bag holds after
(left out for an amount of several coins).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from tagproc import commands as c
from tagproc.engine import bags, money
from tagproc.engine.answers import answer, refuse, with_names
from tagproc.engine.dice import Dice
from tagproc.engine.outcome import (
    Accepted,
    Answer,
    Decision,
    Effect,
    bag_changed,
    evolve_all,
    journaled,
    trusted_accepted,
)
from tagproc.engine.placing import member_or_refusal, place
from tagproc.engine.reasons import Reason
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState, Member, Stack, journal_entry
from tagproc.engine.trusted import note, replaced
from tagproc.notes import notes_of
from tagproc.vocabulary import MAX_COINS  # CONVENTIONS.md §2: a pay or earn is capped (not refused) there

_Money = TypeVar("_Money", c.Pay, c.Earn)

__all__ = ["coins_moved", "decide_earn", "decide_pay", "purse_of"]


def _coins_refusal(command: c.Pay | c.Earn, rules: Rules) -> Decision | None:
    """``no-currencies`` or ``unknown-coin``, or None when every coin named is one of the ruleset's."""
    coins = rules.coins_by_id  # the book's coins by id: empty exactly when the book has none
    if not coins:
        return refuse(command, Reason.NO_CURRENCIES, note("money.no_currencies"))
    for part in command.amounts:
        if part.coin is None or part.coin not in coins:
            known = tuple(coin.label for coin in rules.book.coins())
            return refuse(
                command, Reason.UNKNOWN_COIN, note("money.unknown_coin", name=part.name, known=known)
            )
    return None


def decide_pay(state: GameState, command: c.Pay, rules: Rules, dice: Dice) -> Decision:
    """Pay the amount out of one bag, in its family's coins, with change."""
    command = _capped(command)
    refused = _coins_refusal(command, rules)
    if refused is not None:
        return refused
    amounts = command.amounts
    first: str = amounts[0].coin  # type: ignore[assignment]  # every coin is the book's (checked above)
    if len(amounts) > 1:
        families = {rules.coins_by_id[part.coin].family.id for part in amounts}  # type: ignore[index]
        if len(families) > 1:
            return refuse(command, Reason.UNKNOWN_COIN, note("money.mixed_families"))
    who = member_or_refusal(state, command, command.who)
    if not isinstance(who, int):
        return who
    member = state.party[who]
    tables = rules.coin_family(first)
    family, value = tables.coins, tables.values
    purse = purse_of(member, rules, family)
    owed = 0
    said: list[str] = []  # what was spent, as the journal says it: "3 shillings", one a coin
    for part in amounts:
        owed += part.count * value[part.coin]  # type: ignore[index]
        said.append(f"{part.count} {rules.coin_name(part.coin, part.count)}")  # type: ignore[arg-type]
    plan = money.plan_payment(family, purse, owed, checked=tables.sound, largest=tables.largest)
    if plan is None:
        smallest = rules.coin_name(family[0].id, 2)
        held = money.worth(family, purse)
        short = note("money.cannot_afford", who=member.name, held=held, owed=owed, smallest=smallest)
        return refuse(command, Reason.CANNOT_AFFORD, short)
    bag = coins_moved(member.bag, rules, purse, plan.purse_after(purse))
    # Only change coming back can make a bag heavier: without any, coins only left it (each weighs nothing,
    # or 1/``perWeight`` with ``perWeight`` >= 1: never less), so it weighs at most what it did (a float sum
    # rounds monotonically), never past ``max(limit, load)``.
    if plan.change and rules.bag_load(bag, state) > max(
        rules.carry_limit(member, state), rules.load(member, state)
    ):
        return refuse(command, Reason.TOO_HEAVY, note("money.change_too_heavy", who=member.name))
    effects = (
        bag_changed(member=who, bag=bag),
        journaled(entry=journal_entry(kind="spent", who=member.name, text=", ".join(said))),
    )
    after_now = bags.count_held(bag, rules.coin_resolved(first).what) if len(amounts) == 1 else None
    attrs = with_names(command, command.answer_attrs(), who=member.name)
    reply = answer(command, now=after_now, attrs=attrs, note=money.payment_note(plan, tables.labels))
    return trusted_accepted(effects=effects, answers=(reply,))


def _capped(command: _Money) -> _Money:
    """The command with each coin's count held to ``MAX_COINS`` (the normaliser caps a tag's already, and
    says so; this holds a command built any other way)."""
    for part in command.amounts:  # a loop, not all() over a generator: asked of every pay and earn
        if part.count > MAX_COINS:
            break
    else:
        return command
    amounts = tuple(p.model_copy(update={"count": min(p.count, MAX_COINS)}) for p in command.amounts)
    return command.model_copy(update={"amounts": amounts})


def purse_of(member: Member, rules: Rules, family: Sequence[money.Coin]) -> dict[str, int]:
    """How many of each coin of ``family`` ``member``'s bag holds (a payment's, a buy's and a sale's purse):
    ``bags.count_held`` of each coin, in one pass over the bag (a coin's stacks are those of its id)."""
    purse: dict[str, int] = {}
    for coin in family:  # a loop, not a generator's frame: every payment, buy and sale asks
        purse[coin.id] = 0
    for stack in member.bag:
        if stack.coin is not None and stack.coin in purse:
            purse[stack.coin] += stack.count
    return purse


def coins_moved(
    bag: tuple[Stack, ...], rules: Rules, before: dict[str, int], after: dict[str, int]
) -> tuple[Stack, ...]:
    """The bag with each coin's count moved from ``before`` to ``after``: taken across stacks, or added (a
    payment's, a buy's and a sale's coins alike)."""
    for coin, count in after.items():
        change = count - before.get(coin, 0)
        if change < 0:  # paid away: no pieces
            bag, _ = bags.take(bag, rules.coin_resolved(coin).what, -change, pieces=False)
        elif change > 0:
            bag = bags.add(bag, rules.coin_resolved(coin).what, change, None)
    return bag


def decide_earn(state: GameState, command: c.Earn, rules: Rules, dice: Dice) -> Decision:
    """An add of each coin named: into ``who``'s bag, or shared out by the carrying rule."""
    command = _capped(command)
    refused = _coins_refusal(command, rules)
    if refused is not None:
        return refused
    # The usual earning, one coin and no notes of the tag's own: the command is already its one coin's (what
    # the copy below would make), and that coin's placing is the decision.
    single = len(command.amounts) == 1 and not command.notes
    effects: list[Effect] = []
    answers: list[Answer] = []
    for part in command.amounts:
        # One coin at a time, each answered as ``item=`` and ``count=``; the tag's own notes go on the first.
        one = command if single else replaced(command, amounts=(part,), notes=())
        assert part.coin is not None  # checked above
        resolved = rules.coin_resolved(part.coin)
        now = evolve_all(state, tuple(effects)) if effects else state  # the first coin: the state as it is
        decision = place(now, rules, one, resolved, part.count, journal="earned")
        if not isinstance(decision, Accepted):
            return refuse(command, Reason(decision.answer.reason or Reason.TOO_HEAVY), decision.answer.notes)
        if single:
            return decision
        effects.extend(decision.effects)
        answers.extend(decision.answers)
    if command.notes:
        said = notes_of((*command.notes, *answers[0].notes))
        answers[0] = replaced(answers[0], notes=said)
    return trusted_accepted(effects=tuple(effects), answers=tuple(answers))
