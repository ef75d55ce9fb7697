"""A fight's outcome (spec "Loot", "Ammunition and reloading", "Using items in a fight", "Items in Classic and
Tactical battles"; issue 12).

Owns ``decide_fight``: what a fight took, what comes back after a win, and the loot of what it defeated, in
this order, each step on the bags the step before it left:

1. ``shot``: each ``{who, weapon, count}`` in order. The weapon must be in ``who``'s bag (any stack of it).
   A weapon with a ``clip`` spends that many of its loaded count (``Stack.loaded``, None = full at
   ``clip.max``); one with ``ammo`` takes ``count`` items with its ammo tag out of the first such stack in
   the bag, then the next (worn or not, in bag order). Answered per stack taken from as a remove
   (``[inventory: action="remove" item="Arrows" count="5" ... note="Shot with Longbow."]``), a clip as a use
   of the weapon ("Crossbow: 1 of 2 loaded."). Journal ``used``, ``source="shot"`` (ammunition out of the
   bag only).
2. ``spent``: each ``{who, item, charges}``: that many charges off the item's stack (``charges``); the last
   one spent rolls ``breaksOn`` (``charges.spend_charges``, as the Use button does). Answered as a use
   (the fight log's line: "Dawn bell: 2 of 3 left.", or "Dawn bell: its last charge spent, it breaks."). Journal ``used`` ``source="spent"``; broken, ``lost``
   ``source="broke"``.
3. ``used``: each ``{who, item, count}``: taken off the item's stacks, worn ones first for an item that
   takes slots or binds ("One that is used up is taken from what is worn"). Answered as a use ("Used up in
   the fight. 2 left."). Journal ``used`` ``source="used-up"``.
4. On a win only, pickups: for each stack shot from, ``count × recover`` (exact, as a ``Fraction`` of the
   written number) added up over the whole fight and rounded down once for that stack ("half of five arrows
   shot out of one quiver is two"; three out of each of two quivers is one and one), back into that member's
   bag. A stack is known by its place among that member's stacks of its item when the fight began: ammunition
   is taken from the first such stack, then the next, so the stacks shot empty are always the first ones. Answered as an add ("Picked up after
   the fight (2 of 5 shot)."); none back, no answer. Journal ``acquired`` ``source="picked-up"``.
5. On a win only, loot: each ``defeated`` name in order, a bestiary creature (an entry with ``creature`` in
   any catalog, by id or label, any case: its ``loot`` table) or else a loot table (``loot.find_table``),
   rolled with ``loot.roll_table`` and placed as ``[loot:]`` places drops without ``who=``
   (``loot.place_drops``: the carrying rule, the player's bag asked first, what nobody can carry left
   behind). Each answer says what dropped it ("Dropped by Mire Toad."); a roll that drops nothing is
   ``[loot: table="<id>" result="nothing"]``; a creature that drops nothing by the rules (no table of its
   own, or a ruleset with no tables) is ``[loot: table="<creature label>" result="nothing" note=...]``
   saying why. Journal ``acquired`` and ``left-behind``, each ``source="loot:<table label>"``.

A step that cannot be taken is refused on its own, nothing taken for it, and the steps after it still run
(spec: "A step whose stack is gone, or holds fewer than the fight counted on, is refused"): a shot
``none-held`` (no such weapon), ``no-ammo`` (neither ammo nor a clip) or ``insufficient``; a spent
``none-held`` or ``none-left``; a used ``none-held`` or ``insufficient``; a member nobody is called
``unknown-character`` (or ``ambiguous-character``). Refused, a step is answered as a use of what it named
(``[inventory: action="use" item="Longbow" count="5" ... result="refused" reason="insufficient"]``). A lost
or fled fight takes its steps and gives nothing back: no pickups and no loot.

``who`` in an answer is as tags write it: left out when the step left it out, else the member's own name.
Notes are ``fight.*`` facts (``prompts/notes/fight.jinja``), with ``charges.*``, ``use.*`` and ``party.*``
where those say it already.

Decisions where the spec is silent:
- A shot's ``count`` is the ammunition the fight took (its ``perAttack`` already counted), or the rounds a
  clip spent. A weapon with both a clip and ammo spends its clip ("An attack spends what is loaded instead
  of taking from the bag"); its rounds are never picked up. A clip whose ``max`` its stat does not give
  holds nothing. A clip is spent from the weapon's first stack (worn ones first) with enough loaded; a
  stack of several such weapons has one split off to keep the loaded count ("a loaded count is one
  weapon's").
- Pickups are counted per (member, ammunition item): two stacks of one item in one bag are one stack to
  pick up into, as an add fills them; the rounding is per item, so two items each round on their own.
  They go back into the bag they came from, without the carrying rule (it was carried before the shot).
- A spent step takes from the item's first stack with enough charges left (worn ones first for an item that
  takes slots or binds); an item that holds no charges is ``none-left``. A fight's steps are not held to
  wearing: the fight already used what it reports.
- A used step on an item that takes slots or binds takes the worn ones first, then the rest; any other item
  is taken as a remove takes it (loose stacks, the last first).
- A drop nobody can carry any of is journaled ``left-behind`` too (a ``[loot:]`` tag's add is then refused
  whole and journals nothing), so the recap can tell it: the spec's "what nobody can carry is left behind
  ... the journal says so".
- A creature is found before a table of the same name; a creature whose ``loot`` table is not found (a
  layer cannot hide a table, and the loader checks the name) drops nothing, as one without a table.
- A ``defeated`` name that is neither is the caller's error (``FightError``; ``fight_problems`` lists every
  such name for a transcript's load-time check), raised before anything is decided.
- Every roll comes from the action's one ``Dice``, in step order (breaksOn, then each table), so a replay
  rolls the same.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tagproc import commands as c
from tagproc.actions import FightAction, Shot, Spent, Used
from tagproc.engine import bags
from tagproc.engine.answers import answer, refuse
from tagproc.engine.bags import What
from tagproc.engine.charges import charges_left, charges_max, spend_charges
from tagproc.engine.dice import Dice
from tagproc.engine.loot import find_table, place_drops, roll_table
from tagproc.engine.outcome import Accepted, Answer, BagChanged, Effect, Journaled, Refused, evolve_all
from tagproc.engine.placing import counted_text, member_or_refusal
from tagproc.engine.reasons import Reason
from tagproc.engine.rules import Rules, stack_key
from tagproc.engine.state import GameState, JournalEntry, JournalKind, Stack
from tagproc.engine.trusted import note
from tagproc.notes import Note
from tagproc.ruleset import Item
from tagproc.ruleset.item import StatRef
from tagproc.ruleset.models import LootTable, OtherCatalog

__all__ = ["FightError", "creature_label", "decide_fight", "fight_problems"]


class FightError(ValueError):
    """A fight report that names a creature or table the ruleset does not have (a caller's error)."""


@dataclass(frozen=True, slots=True)
class _Creature:
    """A bestiary creature: its label and the loot table its ``loot`` names (None: it names none)."""

    label: str
    loot: str | None


@dataclass
class _Fight:
    """The fight as its steps are taken: the bags now, what was done, and what was shot from where."""

    state: GameState
    effects: list[Effect] = field(default_factory=list)
    answers: list[Answer] = field(default_factory=list)
    # (member index, ammunition) -> (who as the answers write it, recovered share of each stack, shot); a
    # stack is its place among the member's stacks of that ammunition when the fight began
    shot: dict[tuple[int, What], tuple[str | None, dict[int, Fraction], int]] = field(default_factory=dict)
    # (member index, ammunition) -> how many of its stacks the fight has shot empty (always the first ones)
    emptied: dict[tuple[int, What], int] = field(default_factory=dict)

    def apply(self, effects: tuple[Effect, ...], answers: tuple[Answer, ...]) -> None:
        self.state = evolve_all(self.state, effects)
        self.effects.extend(effects)
        self.answers.extend(answers)


def fight_problems(action: FightAction, rules: Rules) -> list[tuple[str, str]]:
    """Every ``defeated`` name that is neither a bestiary creature nor a loot table, each ``(key, message)``
    with the key relative to the action (``defeated.2``), for a transcript's dotted paths. Empty when the
    report can be decided."""
    problems: list[tuple[str, str]] = []
    for index, name in enumerate(action.defeated):
        if _creature(rules, name) is None and find_table(rules, name) is None:
            problems.append((f"defeated.{index}", _unknown(rules, name)))
    return problems


def decide_fight(state: GameState, action: FightAction, rules: Rules, dice: Dice) -> Accepted:
    """Every step of the fight, in order (shot, spent, used, then on a win the pickups and the loot)."""
    problems = fight_problems(action, rules)
    if problems:
        raise FightError("; ".join(f"{key}: {message}" for key, message in problems))
    fight = _Fight(state)
    for shot in action.shot:
        _shoot(fight, shot, rules)
    for spent in action.spent:
        _spend(fight, spent, rules, dice)
    for used in action.used:
        _use_up(fight, used, rules)
    if action.outcome == "won":
        _pick_up(fight, rules)
        for name in action.defeated:
            _loot(fight, name, rules, dice)
    return Accepted(effects=tuple(fight.effects), answers=tuple(fight.answers))


# -- the steps: who, and the answers of a step ---------------------------------------------------------


def _step(fight: _Fight, who: str | None, item: str, count: int, rules: Rules) -> tuple[int, c.Use] | None:
    """The member a step is by and the use its refusal reads as; None (answered) for nobody of that name."""
    command = c.Use(item=bags.named(item, rules), count=count, who=who)
    found = member_or_refusal(fight.state, command, who)
    if isinstance(found, Refused):
        fight.apply((), (found.answer,))
        return None
    assert isinstance(found, int)  # member_or_refusal answers a member or a refusal
    named = command.model_copy(update={"who": fight.state.party[found].name}) if who is not None else command
    return found, named


def _refuse(fight: _Fight, command: c.Command, reason: Reason, *said: Note) -> None:
    fight.apply((), (refuse(command, reason, said).answer,))


def _journal(kind: JournalKind, who: str, text: str, source: str) -> Journaled:
    return Journaled(entry=JournalEntry(kind=kind, who=who, text=text, source=source))


def _what(stack: Stack) -> What:
    return What(stack.name, item=stack.item, coin=stack.coin, invented=stack.invented)


def _item_ref(what: What) -> c.ItemRef:
    """What a stack is called, as its answer names it (a fake still fooling by the name it is shown as)."""
    return c.ItemRef(name=what.name)


# -- shot ------------------------------------------------------------------------------------------------


def _shoot(fight: _Fight, shot: Shot, rules: Rules) -> None:
    step = _step(fight, shot.who, shot.weapon, shot.count, rules)
    if step is None:
        return
    index, command = step
    member = fight.state.party[index]
    resolved = bags.resolve(command.item, fight.state, rules)
    held = [i for i, stack in enumerate(member.bag) if bags.is_of(stack, resolved.what)]
    name = resolved.what.name
    if not held:
        _refuse(fight, command, Reason.NONE_HELD, note("use.none_held", who=member.name, item=name))
        return
    attack = resolved.item.attack if resolved.item is not None else None
    if attack is not None and attack.clip is not None and resolved.item is not None:
        most = _clip_max(attack.clip.max, resolved.item)
        _shoot_clip(fight, command, index, _worn_first(member.bag, resolved.what, resolved.item), most)
    elif attack is not None and attack.ammo is not None:
        _shoot_ammo(fight, command, index, attack.ammo.tag, Fraction(str(attack.ammo.recover)), rules)
    else:
        _refuse(fight, command, Reason.NO_AMMO, note("fight.no_ammo", weapon=name))


def _clip_max(raw: object, item: Item) -> int:
    """How many a clip holds, written down or read off a number stat of the item (0: it gives none)."""
    if isinstance(raw, StatRef):
        raw = item.stats.get(raw.stat)
    if isinstance(raw, bool) or not isinstance(raw, int | float):
        return 0
    return max(0, int(raw))


def _shoot_clip(fight: _Fight, command: c.Use, index: int, order: list[int], most: int) -> None:
    """Spend ``command.count`` of what the weapon holds loaded, from its first stack (of ``order``: worn ones
    first) with enough."""
    member = fight.state.party[index]

    def loaded(stack: Stack) -> int:
        return most if stack.loaded is None else max(0, min(stack.loaded, most))

    ready = [i for i in order if loaded(member.bag[i]) >= command.count]
    if not ready:
        has = loaded(member.bag[order[0]])
        said = note(
            "fight.short_loaded", weapon=member.bag[order[0]].name, loaded=has, max=most, count=command.count
        )
        _refuse(fight, command, Reason.INSUFFICIENT, said)
        return
    stack = member.bag[ready[0]]
    left = loaded(stack) - command.count
    one = bags.with_count(stack, 1).model_copy(update={"loaded": left})
    rest = (bags.with_count(stack, stack.count - 1),) if stack.count > 1 else ()
    bag = (*member.bag[: ready[0]], one, *rest, *member.bag[ready[0] + 1 :])
    said = note("fight.loaded", weapon=stack.name, loaded=left, max=most)
    reply = answer(command, now=bags.count_held(bag, _what(stack)), note=said)
    fight.apply((BagChanged(member=index, bag=bag),), (reply,))


def _shoot_ammo(fight: _Fight, command: c.Use, index: int, tag: str, recover: Fraction, rules: Rules) -> None:
    """Take ``command.count`` items tagged ``tag`` out of the first such stack in the bag, then the next."""
    member = fight.state.party[index]
    weapon = bags.resolve(command.item, fight.state, rules).what.name

    def is_ammo(stack: Stack) -> bool:
        item = rules.item_of(stack, fight.state)
        return item is not None and tag in item.tags

    stacks = [i for i, stack in enumerate(member.bag) if is_ammo(stack)]
    carried = sum(member.bag[i].count for i in stacks)
    if carried < command.count:
        tag_label = next((t.label for t in rules.block.tags if t.id == tag), tag) if rules.block else tag
        said = note(
            "fight.short_of_ammo",
            who=member.name,
            weapon=weapon,
            ammo=tag_label,
            held=carried,
            count=command.count,
        )
        _refuse(fight, command, Reason.INSUFFICIENT, said)
        return
    bag: list[Stack | None] = list(member.bag)
    left, taken = command.count, []
    seen: dict[What, int] = {}  # stacks of each ammunition passed so far in this step
    for i in stacks:
        stack = member.bag[i]
        what = _what(stack)
        place = fight.emptied.get((index, what), 0) + seen.get(what, 0)  # its place when the fight began
        seen[what] = seen.get(what, 0) + 1
        if left == 0:
            continue
        moved = min(stack.count, left)
        bag[i] = None if moved == stack.count else bags.with_count(stack, stack.count - moved)
        taken.append((what, moved, place))
        left -= moved
    for i in stacks:  # counted once the step is taken, so the places above are those the fight began with
        if bag[i] is None:
            key = (index, _what(member.bag[i]))
            fight.emptied[key] = fight.emptied.get(key, 0) + 1
    after = tuple(stack for stack in bag if stack is not None)
    effects: list[Effect] = [BagChanged(member=index, bag=after)]
    answers: list[Answer] = []
    for what, moved, place in taken:
        effects.append(_journal("used", member.name, counted_text(what.name, moved), "shot"))
        remove = c.Remove(item=_item_ref(what), count=moved, who=command.who)
        answers.append(
            answer(remove, now=bags.count_held(after, what), note=note("fight.shot", weapon=weapon))
        )
        written, shares, shot = fight.shot.get((index, what), (command.who, {}, 0))
        shares = {**shares, place: shares.get(place, Fraction(0)) + recover * moved}
        fight.shot[(index, what)] = (written, shares, shot + moved)
    fight.apply(tuple(effects), tuple(answers))


# -- spent and used --------------------------------------------------------------------------------------


def _spend(fight: _Fight, spent: Spent, rules: Rules, dice: Dice) -> None:
    step = _step(fight, spent.who, spent.item, spent.charges, rules)
    if step is None:
        return
    index, command = step
    member = fight.state.party[index]
    resolved = bags.resolve(command.item, fight.state, rules)
    held = _worn_first(member.bag, resolved.what, resolved.item)
    name = resolved.what.name
    if not held:
        _refuse(fight, command, Reason.NONE_HELD, note("use.none_held", who=member.name, item=name))
        return
    item = resolved.item
    top = charges_max(item) if item is not None else None
    if item is None or top is None:
        _refuse(fight, command, Reason.NONE_LEFT, note("fight.no_charges", item=name))
        return
    ready = [i for i in held if (charges_left(member.bag[i], item) or 0) >= spent.charges]
    if not ready:
        left = charges_left(member.bag[held[0]], item) or 0
        _refuse(fight, command, Reason.NONE_LEFT, note("charges.none_left", item=name, left=left, max=top))
        return
    stack = member.bag[ready[0]]
    after, left, broke = spend_charges(stack, item, spent.charges, dice)
    kept = () if after is None else (after,)
    bag = (*member.bag[: ready[0]], *kept, *member.bag[ready[0] + 1 :])
    effects: list[Effect] = [
        BagChanged(member=index, bag=bag),
        _journal("used", member.name, stack.name, "spent"),
    ]
    if broke:
        effects.append(_journal("lost", member.name, stack.name, "broke"))
    shown = stack.name
    said = (
        note("fight.spent_broke", item=shown)
        if broke
        else note("fight.spent", item=shown, left=left, max=top)
    )
    fight.apply(tuple(effects), (answer(command, now=bags.count_held(bag, resolved.what), note=said),))


def _use_up(fight: _Fight, used: Used, rules: Rules) -> None:
    step = _step(fight, used.who, used.item, used.count, rules)
    if step is None:
        return
    index, command = step
    member = fight.state.party[index]
    resolved = bags.resolve(command.item, fight.state, rules)
    held = bags.count_held(member.bag, resolved.what)
    name = resolved.what.name
    if held == 0:
        _refuse(fight, command, Reason.NONE_HELD, note("use.none_held", who=member.name, item=name))
        return
    if held < used.count:
        said = note("fight.short_of", who=member.name, item=name, held=held, count=used.count)
        _refuse(fight, command, Reason.INSUFFICIENT, said)
        return
    item = resolved.item
    bag, left = member.bag, used.count
    if item is not None and (item.slots or item.binds is not None):
        # "One that is used up is taken from what is worn, never from a spare in the bag": worn ones first.
        bag, pieces = bags.take(bag, resolved.what, left, keep=_not_worn(item))
        left -= sum(piece.count for piece in pieces)
    bag, _ = bags.take(bag, resolved.what, left)
    now = bags.count_held(bag, resolved.what)
    effects = (
        BagChanged(member=index, bag=bag),
        _journal("used", member.name, counted_text(name, used.count), "used-up"),
    )
    told = note("fight.used_up", item=name, left=now, held=held)
    fight.apply(effects, (answer(command, now=now, note=told),))


def _not_worn(item: Item) -> Callable[[Stack], bool]:
    return lambda stack: not Rules.is_worn(stack, item)


def _worn_first(bag: tuple[Stack, ...], what: What, item: Item | None) -> list[int]:
    """The stacks of ``what`` in ``bag``: worn ones first for an item that takes slots or binds."""
    held = [i for i, stack in enumerate(bag) if bags.is_of(stack, what)]
    if item is None or not (item.slots or item.binds is not None):
        return held
    return [i for i in held if Rules.is_worn(bag[i], item)] + [
        i for i in held if not Rules.is_worn(bag[i], item)
    ]


# -- after a win: pickups and loot -----------------------------------------------------------------------


def _pick_up(fight: _Fight, rules: Rules) -> None:
    """Each stack shot from gets back its share, added up over the fight and rounded down once; one answer
    per (member, ammunition)."""
    for (index, what), (written, shares, shot) in fight.shot.items():
        member = fight.state.party[index]
        item = rules.item_of(bags.new_stack(what, 1), fight.state)
        limit = rules.stack_limit(item)
        due = sum(math.floor(share) for share in shares.values())
        back = min(due, bags.stack_room(member.bag, what, limit))
        if back <= 0:
            continue
        bag = bags.add(member.bag, what, back, limit)
        add = c.Add(item=_item_ref(what), count=back, who=written)
        said = note("fight.picked_up", count=back, shot=shot)
        effects = (
            BagChanged(member=index, bag=bag),
            _journal("acquired", member.name, counted_text(what.name, back), "picked-up"),
        )
        fight.apply(effects, (answer(add, now=bags.count_held(bag, what), note=said),))


def _loot(fight: _Fight, name: str, rules: Rules, dice: Dice) -> None:
    """What one defeated creature (or a table named for it) drops, shared out into the bags."""
    creature = _creature(rules, name)
    table: LootTable | None
    if creature is not None:
        table = find_table(rules, creature.loot) if creature.loot is not None else None
        if table is None:
            said = _no_loot(rules, creature.label)
            reply = answer(c.Loot(table=creature.label), result="nothing", note=said)
            fight.apply((), (reply,))
            return
        by = note("fight.dropped_by", name=creature.label, creature=True)
    else:
        table = find_table(rules, name)
        assert table is not None  # fight_problems let only creatures and tables through
        by = note("fight.dropped_by", name=table.label, creature=False)
    drops = roll_table(table, rules, dice)
    if not drops:
        fight.apply((), (answer(c.Loot(table=table.id), result="nothing"),))
        return
    source = f"loot:{table.label}"
    for drop in drops:  # one at a time, as [loot:] places them, each on the bags the last one left
        effects, answers = place_drops(fight.state, (drop,), rules, dice)
        if not effects:  # nobody can carry any of it: the add is refused whole, and it is left behind
            dropped = drop.label or rules.coins_by_id[drop.coin or ""].label
            text = counted_text(dropped, drop.count)
            effects = (_journal("left-behind", fight.state.party[0].name, text, source),)
        sourced = tuple(
            Journaled(entry=e.entry.model_copy(update={"source": source})) if isinstance(e, Journaled) else e
            for e in effects
        )
        fight.apply(sourced, tuple(one.model_copy(update={"notes": (by, *one.notes)}) for one in answers))


def _no_loot(rules: Rules, label: str) -> Note:
    """Why a creature drops nothing: no table of its own, or a ruleset without tables (native or not)."""
    block = rules.block
    if block is not None and block.loot_tables:
        return note("fight.no_table", creature=label)
    if block is None or block.native:
        return note("fight.host_tables", creature=label)
    return note("fight.drops_nothing", creature=label)


def _creatures(rules: Rules) -> list[tuple[str, dict[str, Any]]]:
    """Every bestiary creature: (its label, or its id without one; the entry), in catalog order."""
    found: list[tuple[str, dict[str, Any]]] = []
    for catalog in rules.ruleset.catalogs:
        if not isinstance(catalog, OtherCatalog):
            continue
        for entry in catalog.entries:
            if isinstance(entry.get("creature"), dict):
                found.append((str(entry.get("label") or entry.get("id") or ""), entry))
    return found


def _creature(rules: Rules, name: str) -> _Creature | None:
    """The bestiary creature ``name`` names, by id or label in any case (the first of that name)."""
    wanted = stack_key(name)
    for label, entry in _creatures(rules):
        if wanted in (stack_key(label), stack_key(str(entry.get("id") or ""))):
            loot = entry["creature"].get("loot")
            return _Creature(label, str(loot) if loot is not None else None)
    return None


def creature_label(rules: Rules, name: str) -> str | None:
    """The label of the bestiary creature ``name`` names (by id or label, any case), or None: the name a
    fight's answers and its recap say it by."""
    found = _creature(rules, name)
    return found.label if found is not None else None


def _unknown(rules: Rules, name: str) -> str:
    """The message for a defeated name that is neither (a caller's error, so plain words, not a note)."""
    creatures = [label for label, _ in _creatures(rules)]
    tables = [t.id for t in rules.block.loot_tables] if rules.block else []
    known = "; ".join(
        part
        for part in (
            f"creatures: {', '.join(creatures)}" if creatures else "",
            f"loot tables: {', '.join(tables)}" if tables else "",
        )
        if part
    )
    return f'"{name}" is neither a bestiary creature nor a loot table ({known or "this ruleset has neither"})'
