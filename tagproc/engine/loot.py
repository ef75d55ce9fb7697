"""Loot: the GM's ``[loot: table=... who=...]`` (spec "Loot").

Owns rolling one of the ruleset's ``lootTables`` with the injected dice: ``rolls`` picks (a number or dice, 1 by
default), each drawing one line by ``weight``; a line is one of the items (``<catalog>/<entry>``), a
``filter`` that picks evenly among the visible items it matches (services left out: they are never carried),
or ``coins``; ``count`` is a number or dice. An item or coin a layer took out, or a filter that finds none,
drops nothing. The table is found by id or label (any case).

Answers (CONVENTIONS.md §9; spec: "Each item that drops is answered as an add"): the tag is replaced by the
add answers of its drops (``[inventory: action="add" ...]``, a coin as an add of the coin's label), one answer
per bag each went to as the carrying rule says (``placing``); two picks of one line merge into one drop. A
roll that drops nothing is ``[loot: table="<id>" result="nothing"]``. Refused, the tag itself answers:
``unknown-loot-table``, ``no-loot-tables`` (the ruleset has none), ``unknown-character``.

Notes are ``loot.*`` facts (``prompts/notes/loot.jinja``).

Invariants: every roll comes from the injected ``Dice``; drops are placed one after another, each against
the bags as the drops before it left them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tagproc import commands as c
from tagproc.engine.answers import answer, refuse, with_attr
from tagproc.engine.dice import Dice, DiceError
from tagproc.engine.inventory import decide_add
from tagproc.engine.outcome import Accepted, Answer, Decision, Effect, evolve_all
from tagproc.engine.placing import member_or_refusal
from tagproc.engine.reasons import Reason
from tagproc.engine.rules import Rules, stack_key
from tagproc.engine.state import GameState
from tagproc.engine.trusted import note
from tagproc.notes import Note
from tagproc.ruleset.book import BookItem, item_matches
from tagproc.ruleset.models import LootLine, LootTable

__all__ = ["Drop", "decide_loot", "find_table", "place_drops", "roll_table"]


@dataclass(frozen=True, slots=True)
class Drop:
    """So many of one item (its label, and its ``ref`` "catalog/entry") or one coin (its id) that a table
    dropped. ``ref`` lets a seller's stock (``marketday``) know which item it rolled; ``[loot:]`` adds by label.
    ``ref`` is left out of comparing drops: it only says which item the label already names."""

    count: int
    label: str | None = None
    coin: str | None = None
    ref: str | None = field(default=None, compare=False)


def decide_loot(state: GameState, command: c.Loot, rules: Rules, dice: Dice) -> Decision:
    """Roll the table and add what drops, each drop answered as an add."""
    tables = rules.block.loot_tables if rules.block else []
    if not tables:
        return refuse(command, Reason.NO_LOOT_TABLES, note("loot.no_tables"))
    table = find_table(rules, command.table)
    if table is None:
        known = tuple(t.id for t in tables)
        return refuse(
            command, Reason.UNKNOWN_LOOT_TABLE, note("loot.unknown_table", table=command.table, known=known)
        )
    who = member_or_refusal(state, command, command.who)
    if not isinstance(who, int):
        return who
    drops = roll_table(table, rules, dice)
    if not drops:
        attrs = with_attr(command, command.answer_attrs(), "table", table.id)
        return Accepted(effects=(), answers=(answer(command, result="nothing", attrs=attrs),))
    effects, answers = place_drops(state, drops, rules, dice, who=command.who, notes=command.notes)
    return Accepted(effects=effects, answers=answers)


def place_drops(
    state: GameState,
    drops: tuple[Drop, ...],
    rules: Rules,
    dice: Dice,
    *,
    who: str | None = None,
    notes: tuple[Note, ...] = (),
) -> tuple[tuple[Effect, ...], tuple[Answer, ...]]:
    """Each drop put into the bags as an add (``inventory.decide_add``): into ``who``'s bag, or shared out by
    the carrying rule without it, each against the bags as the drops before it left them. The effects, and
    the add answers in order (a drop nothing can carry answered refused); ``notes`` go on the first."""
    effects: list[Effect] = []
    answers: list[Answer] = []
    for drop in drops:
        ref = c.ItemRef(
            name=drop.label or rules.coins_by_id[drop.coin or ""].label, label=drop.label, coin=drop.coin
        )
        add = c.Add(item=ref, count=drop.count, who=who, notes=notes if not answers else ())
        decision = decide_add(evolve_all(state, tuple(effects)), add, rules, dice)
        if isinstance(decision, Accepted):
            effects.extend(decision.effects)
            answers.extend(decision.answers)
        else:
            answers.append(decision.answer)
    return tuple(effects), tuple(answers)


def find_table(rules: Rules, name: str) -> LootTable | None:
    """The loot table ``name`` names, by id or label, as a ``[loot:]`` finds it (None: no such table)."""
    wanted = stack_key(name)
    tables = rules.block.loot_tables if rules.block else []
    return next((t for t in tables if wanted in (stack_key(t.id), stack_key(t.label))), None)


def roll_table(table: LootTable, rules: Rules, dice: Dice) -> tuple[Drop, ...]:
    """What ``table`` drops: ``rolls`` picks by weight, each line's count rolled."""
    rolls = _roll(dice, table.rolls)
    # two picks of one line merge (PEER §9)
    drops: dict[tuple[int, str | None, str | None, str | None], int] = {}
    for _ in range(rolls):
        index = dice.pick(range(len(table.entries)), [line.weight for line in table.entries])
        drop = _drop(table.entries[index], rules, dice)
        if drop is not None:
            key = (index, drop.label, drop.coin, drop.ref)
            drops[key] = drops.get(key, 0) + drop.count
    return tuple(
        Drop(count, label=label, coin=coin, ref=ref) for (_, label, coin, ref), count in drops.items()
    )


def _drop(line: LootLine, rules: Rules, dice: Dice) -> Drop | None:
    """One line's drop: nothing for what a layer took out, a filter that finds none, or a count below one."""
    if line.coins is not None:
        coin = line.coins if line.coins in rules.coins_by_id else None
        count = _roll(dice, line.count)
        return Drop(count, coin=coin) if coin is not None and count > 0 else None
    entry: BookItem | None = None
    if line.item is not None:
        entry = rules.book.get(line.item)
        entry = entry if entry is not None and not entry.item.service else None
    elif line.filter is not None:
        found = [e for e in rules.book.items() if item_matches(e.item, line.filter) and not e.item.service]
        entry = dice.pick(found) if found else None
    count = _roll(dice, line.count)
    return Drop(count, label=entry.label, ref=entry.ref) if entry is not None and count > 0 else None


def _roll(dice: Dice, value: int | str) -> int:
    """A number or dice, rolled; a table the validator let through never fails, but nothing here raises."""
    try:
        return max(0, dice.roll(value))
    except DiceError:
        return 0
