"""Loot: the GM's ``[loot: table=... who=...]`` (spec "Loot").

Owns rolling one of the ruleset's ``lootTables`` with the injected dice: ``rolls`` picks (a number or dice, 1 by
default), each drawing one line by ``weight``; a line is one of the items (``<catalog>/<entry>``), a
``filter`` that picks evenly among the visible items it matches (services left out: they are never carried),
or ``coins``; ``count`` is a number or dice. An item or coin a layer took out, or a filter that finds none,
drops nothing. The table is found by id or label (any case), else ``unknown-table``.

Answers: the loot tag itself, with a note listing what dropped ("Dropped: Shot and powder ×3, shillings ×2."
or "Nothing dropped."), then each drop answered as an add (``[inventory: action="add" ...]``), one answer per
bag it went to: into ``who``'s bag, or shared out by the carrying rule, the player's bag asked first. A drop
nobody can carry is answered refused (``too-heavy``) and the others still land.

Invariants: every roll comes from the injected ``Dice``; drops are placed one after another, each against
the bags as the drops before it left them.
"""

from __future__ import annotations

from dataclasses import dataclass

from tagproc import commands as c
from tagproc.engine.answers import answer, refuse
from tagproc.engine.dice import Dice, DiceError
from tagproc.engine.inventory import decide_add
from tagproc.engine.outcome import Accepted, Answer, Decision, Effect, evolve_all
from tagproc.engine.placing import member_or_refusal
from tagproc.engine.rules import Rules, stack_key
from tagproc.engine.state import GameState
from tagproc.ruleset.book import item_matches
from tagproc.ruleset.models import LootLine, LootTable

__all__ = ["Drop", "decide_loot", "roll_table"]


@dataclass(frozen=True, slots=True)
class Drop:
    """So many of one item (its label) or one coin (its id) that a table dropped."""

    count: int
    label: str | None = None
    coin: str | None = None


def decide_loot(state: GameState, command: c.Loot, rules: Rules, dice: Dice) -> Decision:
    """Roll the table and add what drops, each drop answered as an add."""
    table = _table(rules, command.table)
    if table is None:
        tables = ", ".join(t.id for t in rules.block.loot_tables) if rules.block else ""
        return refuse(
            command, "unknown-table", f'No loot table "{command.table}" (tables: {tables or "none"}).'
        )
    who = member_or_refusal(state, command, command.who)
    if not isinstance(who, int):
        return who
    drops = roll_table(table, rules, dice)
    effects: list[Effect] = []
    answers: list[Answer] = []
    for drop in drops:
        ref = c.ItemRef(
            name=drop.label or rules.coins_by_id[drop.coin or ""].label, label=drop.label, coin=drop.coin
        )
        add = c.Add(item=ref, count=drop.count, who=command.who)
        decision = decide_add(evolve_all(state, tuple(effects)), add, rules, dice)
        if isinstance(decision, Accepted):
            effects.extend(decision.effects)
            answers.extend(decision.answers)
        else:
            answers.append(decision.answer)
    listed = ", ".join(f"{_name(rules, drop)} ×{drop.count}" for drop in drops)
    note = f"Dropped: {listed}." if drops else "Nothing dropped."
    return Accepted(effects=tuple(effects), answers=(answer(command, note=note), *answers))


def _table(rules: Rules, name: str) -> LootTable | None:
    wanted = stack_key(name)
    tables = rules.block.loot_tables if rules.block else []
    return next((t for t in tables if wanted in (stack_key(t.id), stack_key(t.label))), None)


def _name(rules: Rules, drop: Drop) -> str:
    return drop.label if drop.label is not None else rules.coins_by_id[drop.coin or ""].label


def roll_table(table: LootTable, rules: Rules, dice: Dice) -> tuple[Drop, ...]:
    """What ``table`` drops: ``rolls`` picks by weight, each line's count rolled."""
    rolls = _roll(dice, table.rolls)
    drops: list[Drop] = []
    for _ in range(rolls):
        line = dice.pick(table.entries, [line.weight for line in table.entries])
        drop = _drop(line, rules, dice)
        if drop is not None:
            drops.append(drop)
    return tuple(drops)


def _drop(line: LootLine, rules: Rules, dice: Dice) -> Drop | None:
    """One line's drop: nothing for what a layer took out, a filter that finds none, or a count below one."""
    if line.coins is not None:
        coin = line.coins if line.coins in rules.coins_by_id else None
        count = _roll(dice, line.count)
        return Drop(count, coin=coin) if coin is not None and count > 0 else None
    label: str | None = None
    if line.item is not None:
        entry = rules.book.get(line.item)
        label = entry.label if entry is not None and not entry.item.service else None
    elif line.filter is not None:
        found = [e for e in rules.book.items() if item_matches(e.item, line.filter) and not e.item.service]
        label = dice.pick(found).label if found else None
    count = _roll(dice, line.count)
    return Drop(count, label=label) if label is not None and count > 0 else None


def _roll(dice: Dice, value: int | str) -> int:
    """A number or dice, rolled; a table the validator let through never fails, but nothing here raises."""
    try:
        return max(0, dice.roll(value))
    except DiceError:
        return 0
