"""The recap block's facts: what the last Game Master reply, and the turns after it, changed.

A model that lost the answers in a long context still knows from the recap what happened (spec "Loot": "The
recap the Game Master gets says what dropped and that it is already in the bags"). ``recap_turns`` picks the
turns a prompt's recap covers: the last Game Master reply before that prompt and every turn after it (player
messages, later other kinds of turn between replies); ``recap_draft`` gives their facts, one line each:

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

Decisions where the spec is silent: lines are in the order things happened (per turn: the journal, then the
reveals and inspects, then the refusals); trimming drops the oldest lines first, one level a line, the context saying how many it left out
(``more``), and the last level keeps the newest line. A recap with no line is empty, so the block is left out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tagproc.commands import Loot
from tagproc.engine.loot import find_table
from tagproc.engine.outcome import Answer
from tagproc.engine.placing import counted_text
from tagproc.engine.rules import Rules
from tagproc.turn import TagRecord, TurnResult

__all__ = ["Recap", "recap_draft", "recap_turns"]

_NOT_THE_GM = "player-tag"
# The journal kinds whose lines say more from their answers (action -> kind): how a payment was paid, and a
# buy's or a sale's seller and payment note.
_ANSWERED = {"pay": "spent", "buy": "bought", "sell": "sold"}
# The ok answers said from the answer itself, not the journal (action -> the line's kind).
_SAID = {"reveal": "revealed", "inspect": "inspected"}
# The refusals whose notes the recap says: a held buy's, which asks the GM to play a companion's warning.
_NOTED_REFUSALS = frozenset({"held"})


@dataclass(frozen=True, slots=True)
class Recap:
    """The recap's lines, oldest first; level ``n`` leaves out the ``n`` oldest."""

    lines: tuple[Mapping[str, Any], ...]

    @property
    def levels(self) -> int:
        return max(len(self.lines) - 1, 0)

    def context(self, level: int) -> Mapping[str, Any]:
        return {"lines": self.lines[level:], "more": level}


def recap_turns(turns: Sequence[TurnResult], end: int | None = None) -> Sequence[TurnResult]:
    """The turns the recap of the prompt before turn ``end`` (the end of ``turns`` when None) covers: the last
    Game Master reply before it and the turns after that one; none when no reply came before it."""
    stop = len(turns) if end is None else end
    for position in range(stop - 1, -1, -1):
        if turns[position].kind == "gm":
            return turns[position:stop]
    return ()


def recap_draft(turns: Sequence[TurnResult], rules: Rules) -> Recap:
    """The recap of ``turns`` (as ``recap_turns`` picks them), one line per change or refusal."""
    lines: list[Mapping[str, Any]] = []
    for turn in turns:
        lines.extend(_turn_lines(turn, rules))
    return Recap(tuple(lines))


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
                    refusals.append({"kind": "nothing-dropped", "table": table})
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
        line: dict[str, Any] = {
            "kind": entry.kind,
            "who": entry.who,
            "what": entry.text,
            "to": entry.to,
            "loot": None,
            "price": entry.price,
        }
        told = next(answered[entry.kind], None) if entry.kind in answered else None
        line["notes"] = told.notes if told is not None else ()
        line["seller"] = _attr(told, "seller") if told is not None else None
        if entry.kind == "acquired":
            for index, (who, text, table) in enumerate(dropped):
                if who == entry.who and text == entry.text:
                    line["loot"] = table
                    del dropped[index]
                    break
        lines.append(line)
    return lines + said + refusals


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


def _attr(answer: Answer, key: str) -> str | None:
    return next((value for name, value in answer.attrs if name == key), None)
