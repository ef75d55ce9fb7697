"""The recap block's facts: what the last Game Master reply, and the turns after it, changed.

A model that lost the answers in a long context still knows from the recap what happened (spec "Loot": "The
recap the Game Master gets says what dropped and that it is already in the bags"). ``recap_turns`` picks the
turns a prompt's recap covers: the last Game Master reply before that prompt and every turn after it (player
messages and the player's own actions between replies), or every turn from the start when no reply came before
it (gear taken before the first reply is told); ``recap_draft`` gives their facts, one line each:

- each journal entry, in order (``acquired``, ``used``, ``lost``, ``spent``, ``earned``, ``given``, ``changed``,
  ``left-behind``, ``bought``, ``sold``): its kind, who, and what (a ``changed`` entry is a fake found out:
  ``Potion of Healing ×1 was Potion of Poison``) (the journal's own text: ``Hand axe ×1``, ``Rope ×1 to Bram``);
  an ``acquired`` entry a ``[loot:]`` dropped carries the table's label (``loot``), so the template says it
  dropped and is already in the bags; a ``spent`` entry carries its payment's notes (``notes``: what was paid
  with and what came back, "Paid with crowns ×1; shillings ×2 back."); a ``bought`` or ``sold`` entry
  (spec "Buying", "A market day": "the journal lists it as sold") carries what it cost or fetched (``price``,
  the journal's: "8 shillings"), the seller (``seller``, the answer's label; None in a market without
  sellers) and its answer's notes (what was paid with, or what coins came in);
- a ``[loot:]`` that dropped nothing: its table (``nothing-dropped``);
- each ok reveal and inspect (spec "Honest and dishonest sellers", "Spotting fakes"): who, the item as
  written, the seller whose ware was looked over and the answer's notes (what was found out, what was seen)
  (``revealed``, ``inspected``); the ``changed`` journal line of a fake it found out (that member's, that
  item's by name) is not said again;
- each refusal of a Game Master's tag: the tag, its pairs and its reason (``refused``); a held buy's carries
  its notes too (``notes``: who noticed what, and the GM asked to play them warning the buyer), which the
  next reply still has to play. A player's tag is not one (``player-tag``: the GM did not write it), nor the
  refused rest of an item whose first part was placed (its ``left-behind`` entry says it).

An action between replies (``turn.action``; spec "Using items outside a fight", "Starting gear", "Loot",
"Ammunition and reloading") is the player's, already done, so the GM writes no tag for it; its lines come
from its ok answers and its journal (``JournalEntry.source``), and a refused action (or a fight's refused
step) is none, since nothing happened:

- a use: who used what, and its answer's notes (what it did, what is left) (``use``); its ``used`` and
  ``lost`` entries are that line's;
- a gear: who took which gear (its label, from the journal's ``gear:<label>``) with the options as written
  (``gear``), then each item it put in with its answer's notes (put on, what was left out) (``gear-item``);
- an edit: each ok answer as what the player did by hand (``edit``: its ``verb``, ``who``, ``what``, ``to``
  and notes); the ``acquired``, ``lost``, ``given`` and ``used`` entries are those lines';
- a fight: its outcome and the defeated, each creature by its label and each table by its label, as the
  fight's answers name them (``fight``: on a win, that what it dropped is already in
  the bags and no table is ever rolled for it), each shot out of a clip (``fired``: a use answer of a weapon
  the fight shot), then its journal in order (a drop is ``acquired`` with ``loot`` its table, ``picked-up``,
  ``shot``, ``charges``, ``used-up``, ``broke``, ``left-behind``, a dropped item's with ``loot``), then each
  table (or creature) that dropped nothing, with its note;
- any other journal entry of an action (a fake a bind found out: ``changed``) as a reply's.

Members are named as the party spells them. The heading says whether the lines are the last reply's, the
reply's and the player's actions since (``acted``, ``replied``), or the player's actions alone.

Decisions where the spec is silent: lines are in the order things happened (per turn: the journal, then the
reveals and inspects, then the refusals); trimming drops the oldest lines first, one level a line, the context saying how many it left out
(``more``), and the last level keeps the newest line. A recap with no line is empty, so the block is left out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from tagproc.actions import EditAction, FightAction, GearAction, UseAction
from tagproc.commands import Command, Loot, Unreadable
from tagproc.engine import bags
from tagproc.engine.fight import creature_label
from tagproc.engine.loot import find_table
from tagproc.engine.outcome import Answer
from tagproc.engine.placing import counted_text
from tagproc.engine.rules import Rules, stack_key
from tagproc.engine.state import JournalEntry
from tagproc.turn import TagRecord, TurnResult

__all__ = ["Recap", "recap_draft", "recap_turns", "told_commands"]

_NOT_THE_GM = "player-tag"
# The journal kinds whose lines say more from their answers (action -> kind): how a payment was paid, and a
# buy's or a sale's seller and payment note.
_ANSWERED = {"pay": "spent", "buy": "bought", "sell": "sold"}
# The ok answers said from the answer itself, not the journal (action -> the line's kind).
_SAID = {"reveal": "revealed", "inspect": "inspected"}
# The refusals whose notes the recap says: a held buy's, which asks the GM to play a companion's warning.
_NOTED_REFUSALS = frozenset({"held"})

AnyAction = UseAction | GearAction | EditAction | FightAction
# A journal entry's source (an action between replies) -> its line's kind, where the source says more than the
# entry's kind: a fight's shots, charges, used-up items, breaks and pickups.
_SOURCE_KINDS = MappingProxyType(
    {"shot": "shot", "spent": "charges", "used-up": "used-up", "broke": "broke", "picked-up": "picked-up"}
)
_LOOT = "loot:"  # a fight's drop: ``loot:<table label>``
_GEAR = "gear:"  # an item a gear put in: ``gear:<gear label>``, said by the gear's own lines
# The journal kinds a use's or an edit's own line says already (entries without a source): the use itself
# and its break (the use's note says it broke); what the edit added, removed or gave.
_USE_TOLD = frozenset({"used", "lost"})
_EDIT_TOLD = frozenset({"acquired", "lost", "given", "used"})


@dataclass(frozen=True, slots=True)
class Recap:
    """The recap's lines, oldest first; level ``n`` leaves out the ``n`` oldest, but never a fight's own line
    (its outcome, the defeated, and that its loot is already in the bags: what keeps the GM from rolling a
    table for it, which a drop's line alone does not say)."""

    lines: tuple[Mapping[str, Any], ...]
    replied: bool = True  # a Game Master reply is among the turns it covers
    acted: bool = False  # a line says an action between replies (the heading says so)

    @property
    def levels(self) -> int:
        return max(sum(not _pinned(line) for line in self.lines) - 1, 0)

    def context(self, level: int) -> Mapping[str, Any]:
        kept: list[Mapping[str, Any]] = []
        left_out = 0
        for line in self.lines:
            if left_out < level and not _pinned(line):
                left_out += 1
                continue
            kept.append(line)
        return {"lines": tuple(kept), "more": left_out, "replied": self.replied, "acted": self.acted}


def _pinned(line: Mapping[str, Any]) -> bool:
    """A line trimming keeps: a fight's own."""
    return line.get("kind") == "fight"


def recap_turns(turns: Sequence[TurnResult], end: int | None = None) -> Sequence[TurnResult]:
    """The turns the recap of the prompt before turn ``end`` (the end of ``turns`` when None) covers: the last
    Game Master reply before it and the turns after that one; every turn from the start when no reply came
    before it (so gear taken, or anything else the player did, before the first reply is told)."""
    stop = len(turns) if end is None else end
    for position in range(stop - 1, -1, -1):
        if turns[position].kind == "gm":
            return turns[position:stop]
    return turns[:stop]


def recap_draft(turns: Sequence[TurnResult], rules: Rules) -> Recap:
    """The recap of ``turns`` (as ``recap_turns`` picks them), one line per change or refusal."""
    lines: list[Mapping[str, Any]] = []
    acted = False
    for turn in turns:
        if turn.action is None:
            lines.extend(_turn_lines(turn, rules))
            continue
        said = _action_lines(turn, turn.action, rules)
        acted = acted or bool(said)
        lines.extend(said)
    return Recap(tuple(lines), replied=any(turn.kind == "gm" for turn in turns), acted=acted)


def _turn_lines(turn: TurnResult, rules: Rules) -> list[Mapping[str, Any]]:
    player = turn.state.party[0].name
    dropped: list[tuple[str, str, str]] = []  # (who, journal text, table label) of each loot drop
    lines: list[Mapping[str, Any]] = []
    said: list[Mapping[str, Any]] = []
    refusals: list[Mapping[str, Any]] = []
    for record in turn.tags:
        said.extend(_said(record, player))
        table = _loot_table(record, rules)
        if table is not None:
            for one in record.answers:
                if one.result == "nothing":
                    refusals.append({"kind": "nothing-dropped", "table": table, "notes": ()})
                elif one.result == "ok":
                    who = _attr(one, "who") or player
                    # the journal's text of the add, to find its entry by
                    dropped.append(
                        (who, counted_text(_attr(one, "item") or "", int(_attr(one, "count") or 0)), table)
                    )
        refusals.extend(_refusals(record))
    answered = {kind: iter(_ok_answers(turn, action, kind)) for action, kind in _ANSWERED.items()}
    for entry in turn.journal:
        if entry.kind == "changed" and _said_already(entry.who, entry.text, said):
            continue  # a reveal's or an inspect's find: its own line says it with the answer's note
        line = _entry_line(entry)
        told = next(answered[entry.kind], None) if entry.kind in answered else None
        line["notes"] = told.notes if told is not None else ()
        line["seller"] = _attr(told, "seller") if told is not None else None
        if entry.kind == "acquired" and line["loot"] is None:
            for index, (who, text, table) in enumerate(dropped):
                if who == entry.who and text == entry.text:
                    line["loot"] = table
                    del dropped[index]
                    break
        lines.append(line)
    return lines + said + refusals


def _entry_line(entry: JournalEntry) -> dict[str, Any]:
    """A journal entry's line: its kind, or what its ``source`` says brought it about (a fight's shots,
    charges, used-up items, breaks and pickups), and the table a fight's drop came from (``loot``)."""
    source = entry.source or ""
    return {
        "kind": _SOURCE_KINDS.get(source, entry.kind),
        "who": entry.who,
        "what": entry.text,
        "to": entry.to,
        "loot": source.removeprefix(_LOOT) if source.startswith(_LOOT) else None,
        "price": entry.price,
        "notes": (),
        "seller": None,
    }


def _action_lines(turn: TurnResult, action: AnyAction, rules: Rules) -> list[Mapping[str, Any]]:
    """The lines of an action between replies: what the player did (from its ok answers), then what its
    journal says that those lines do not. A refused action did nothing, so it has none."""
    if isinstance(action, FightAction):
        return _fight_lines(turn, action, rules)
    ok = [one for one in turn.structured_answers if one.result == "ok" and one.tag == "inventory"]
    if not ok:
        return []
    lines: list[Mapping[str, Any]]
    if isinstance(action, UseAction):
        lines = [
            {
                "kind": "use",
                "who": _member(turn, _attr(one, "who")),
                "what": _attr(one, "item"),
                "notes": one.notes,
            }
            for one in ok
        ]
        told = _USE_TOLD
    elif isinstance(action, GearAction):
        lines = _gear_lines(turn, action, ok, rules)
        told = frozenset()
    else:
        lines = [_edit_line(turn, action, one) for one in ok]
        told = _EDIT_TOLD
    rest = [
        _entry_line(entry)
        for entry in turn.journal
        if not (entry.source is None and entry.kind in told) and not (entry.source or "").startswith(_GEAR)
    ]
    return lines + rest


def _gear_lines(
    turn: TurnResult, action: GearAction, ok: Sequence[Answer], rules: Rules
) -> list[Mapping[str, Any]]:
    """Who took which gear with which options, then each item it put in (its notes: worn, what was left out)."""
    sources = (entry.source or "" for entry in turn.journal)
    gear = next((source.removeprefix(_GEAR) for source in sources if source.startswith(_GEAR)), action.gear)
    who = _member(turn, action.who)
    options = _option_labels(action, rules)
    lines: list[Mapping[str, Any]] = [{"kind": "gear", "who": who, "gear": gear, "options": options}]
    lines.extend(
        {
            "kind": "gear-item",
            "who": _member(turn, _attr(one, "who") or action.who),
            "what": _counted(one),
            "gear": gear,
            "notes": one.notes,
        }
        for one in ok
    )
    return lines


def _option_labels(action: GearAction, rules: Rules) -> tuple[str, ...]:
    """The options chosen, as the gear's choices spell them (as written when the gear or an option is not
    found: the engine refused it then, so no line says it)."""
    gears = rules.block.starting_gear if rules.block is not None else []
    wanted = stack_key(action.gear)
    gear = next((one for one in gears if wanted in (stack_key(one.id), stack_key(one.label))), None)
    if gear is None:
        return action.options
    labels: list[str] = []
    for index, option in enumerate(action.options):
        offered = gear.choices[index].options if index < len(gear.choices) else []
        found = next((one.label for one in offered if stack_key(one.label) == stack_key(option)), option)
        labels.append(found)
    return tuple(labels)


def _edit_line(turn: TurnResult, action: EditAction, one: Answer) -> Mapping[str, Any]:
    """One ok answer of the player's own edit: what they did with their own hands."""
    count = _attr(one, "count")
    to = _attr(one, "to")
    return {
        "kind": "edit",
        "verb": _attr(one, "action") or action.action,
        "who": _member(turn, _attr(one, "who")),
        "item": _attr(one, "item") or action.item,
        "count": int(count) if count is not None else None,
        "what": _counted(one) or action.item,
        "to": _member(turn, to) if to is not None else None,
        "notes": one.notes,
    }


def _fight_lines(turn: TurnResult, action: FightAction, rules: Rules) -> list[Mapping[str, Any]]:
    """The fight's outcome (on a win: its loot is in the bags already, never rolled again), the shots out of a
    clip, then its journal (drops with their tables, pickups, shots, charges, used-up items, breaks, what was
    left behind), then the tables that dropped nothing. A fight answered ``internal-error`` did nothing."""
    if any(one.tag == "fight" and one.result == "refused" for one in turn.structured_answers):
        return []
    defeated = tuple(creature_label(rules, name) or _table_label(name, rules) for name in action.defeated)
    lines: list[Mapping[str, Any]] = [{"kind": "fight", "outcome": action.outcome, "defeated": defeated}]
    # a weapon with a clip answers its shots as a use of itself (no journal: nothing left the bag)
    named = [step.item for step in action.spent] + [step.item for step in action.used]
    others = {bags.named(name, rules).name.casefold() for name in named}
    clips = {bags.named(step.weapon, rules).name.casefold() for step in action.shot} - others
    for one in turn.structured_answers:
        if (
            one.result == "ok"
            and _attr(one, "action") == "use"
            and (_attr(one, "item") or "").casefold() in clips
        ):
            lines.append(
                {
                    "kind": "fired",
                    "who": _member(turn, _attr(one, "who")),
                    "what": _attr(one, "item"),
                    "notes": one.notes,
                }
            )
    lines.extend(_entry_line(entry) for entry in turn.journal)
    for one in turn.structured_answers:
        if one.tag == "loot" and one.result == "nothing":
            lines.append(
                {
                    "kind": "nothing-dropped",
                    "table": _table_label(_attr(one, "table") or "", rules),
                    "notes": one.notes,
                }
            )
    return lines


def _table_label(name: str, rules: Rules) -> str:
    """A loot table's label where ``name`` names one (by id or label), else ``name`` as written (a creature
    as the fight reported it, or as the engine named it)."""
    found = find_table(rules, name)
    return found.label if found is not None else name


def _member(turn: TurnResult, who: str | None) -> str:
    """A member's name as the party spells it (the player's when ``who`` is None; as written when nobody is
    called so)."""
    party = turn.state.party
    if who is None:
        return party[0].name
    index = turn.state.member_index(who)
    return party[index].name if index is not None else who


def _counted(one: Answer) -> str:
    """An answer's item with its count (``Rope ×2``), or the item alone when the answer has no count."""
    item = _attr(one, "item") or ""
    count = _attr(one, "count")
    return counted_text(item, int(count)) if count is not None and count.isdigit() else item


def _said_already(who: str, text: str, said: Sequence[Mapping[str, Any]]) -> bool:
    """Whether a ``changed`` journal line (a fake found out: ``Silver coffin nail ×1 was Pewter coffin nail``)
    is a reveal's or an inspect's of that member and item, which its answer's line says already."""
    folded = text.casefold()
    return any(
        line["who"].casefold() == who.casefold() and folded.startswith(line["what"].casefold() + " ×")
        for line in said
    )


def _said(record: TagRecord, player: str) -> list[Mapping[str, Any]]:
    """The ok reveal and inspect answers of ``record``, each a line of its own."""
    return [
        {
            "kind": _SAID[action],
            "who": _attr(one, "who") or player,
            "what": _attr(one, "item") or "",
            "seller": _attr(one, "seller"),
            "notes": one.notes,
        }
        for one in record.answers
        if one.tag == "inventory" and one.result == "ok" and (action := _attr(one, "action") or "") in _SAID
    ]


def _ok_answers(turn: TurnResult, action: str, kind: str) -> list[Answer]:
    """The ok ``[inventory:]`` answers of ``action`` in reply order, one per journal entry of ``kind``; none
    when they are not one each (then no line is told how it was paid or who the seller was)."""
    found = [
        one
        for record in turn.tags
        for one in record.answers
        if one.tag == "inventory" and one.result == "ok" and _attr(one, "action") == action
    ]
    return found if len(found) == sum(entry.kind == kind for entry in turn.journal) else []


def _refusals(record: TagRecord) -> list[Mapping[str, Any]]:
    placed = {_attr(one, "item") for one in record.answers if one.result == "ok"} - {None}
    return [
        {
            "kind": "refused",
            "tag": one.tag,
            "pairs": one.attrs,
            "reason": one.reason,
            "notes": one.notes if one.reason in _NOTED_REFUSALS else (),
        }
        for one in record.answers
        if one.result == "refused"
        and one.reason != _NOT_THE_GM
        and not (one.tag == "inventory" and _attr(one, "item") in placed)
    ]


def _loot_table(record: TagRecord, rules: Rules) -> str | None:
    """The label of the table a ``[loot:]`` that ran rolled (as written when the ruleset has no such)."""
    if record.skipped is not None:
        return None
    loot = next((command for command in record.commands if isinstance(command, Loot)), None)
    if loot is None:
        return None
    found = find_table(rules, loot.table)
    return found.label if found is not None else loot.table


def told_commands(record: TagRecord) -> tuple[Command | Unreadable, ...]:
    """What the recap reads of a tag's commands: its ``[loot:]``s (``_loot_table``). A caller that keeps a reply
    only for its recap keeps these and no other (``tagproc.game``: a command is several tracked objects).
    Most tags hold none: they are looked for before a tuple is made."""
    for command in record.commands:
        if isinstance(command, Loot):
            return tuple(command for command in record.commands if isinstance(command, Loot))
    return ()


def _attr(answer: Answer, key: str) -> str | None:
    return next((value for name, value in answer.attrs if name == key), None)
