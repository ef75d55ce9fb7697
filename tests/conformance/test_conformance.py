"""Blind conformance cases (``tests/conformance/cases/*.yaml``), each played as a transcript.

The cases were written from the specification and the answer conventions alone (``CONVENTIONS.md``; "PEER §N" is its N-th section, in the order the reference engine numbers them: 1 Shape of an answer ... 11 [sheet:] and rests). A case the engine does not
yet answer as they say is marked ``xfail(strict=True)`` with its cause(s) from ``CAUSES``: when a fix lands the
case passes, the strict xfail fails, and the entry in ``XFAIL`` is removed.
"""

from __future__ import annotations

from typing import Any

import pytest

from .run import check, load_cases

# Each cause: what the engine does, and the line of the spec or the conventions that decides it.
CAUSES = {
    "who-written": "an add/earn answer the GM wrote without who= carries who=<player> "
    '(PEER §1 "item, who, to as the GM wrote them ... absent when left out"; §5 "the player\'s without who")',
    "carry-share": "carrying shares out Ada 5/Bram 7, not the least-over rule's Ada 4/Bram 8 "
    '(PEER §5 (3) "the rest one at a time to whoever would then be least over ... Ties in party order")',
    "too-heavy-answer": "what stays behind is a note on the ok answer, not a separate refused too-heavy answer "
    'with count = the number left (PEER §5 "then, if any stayed behind, a separate refused too-heavy answer")',
    "pay-note-join": 'paid and change lists joined ", " only (PEER §6 "joined `, ` with ` and ` before the last")',
    "earn-cap": 'earn count not capped at 999,999 (PEER §2 "capped (not refused) at 9,999; pay/earn at 999,999")',
    "count-cap": "a count of 0, past 9,999 or of 10+ digits is refused (bad-count/count-too-large) "
    '(PEER §2 "1-9 digits, else 1; 0 or less -> 1; capped (not refused) at 9,999")',
    "give-now": "give's now is the giver's count (PEER §4 give: now = \"receiver's count\")",
    "no-recipient": "a give without to= or to=party is refused raw= missing-key/unreadable "
    '(PEER §4 give: "no-recipient (no to, or party)")',
    "remove-party": "a remove without who= takes only from the player and answers the player's count "
    '(PEER §3 "a remove then goes on to the party"; §4 remove: "no who: party total")',
    "sheet-own-forty": '[sheet:] tags count in the 40 of [inventory:]/[loot:] (PEER §2 "[sheet:]: its own 40")',
    "loot-replaced": "[loot:] keeps its own result=ok answer before the adds "
    '(PEER §9 "The tag is replaced by those add answers"; spec "Each item that drops is answered as an add")',
    "loot-nothing": 'an empty roll answers result="ok" note=... (PEER §9 "Empty: [loot: table=... result="nothing"]")',
    "loot-reasons": "unknown-table for unknown-loot-table, and for a ruleset without tables "
    '(PEER §9 "unknown-loot-table, no-loot-tables (no tables)")',
    "sheet-who": "a [sheet:] answer leaves who out when the GM did, and writes it after the op's keys "
    '(PEER §11 "Keys: who op ..."; "who is always written as the card names it (the player\'s card when left out)")',
    "sheet-now": 'a pool\'s now is the bare value (PEER §11 "Pools: now="<value>/<max>", plus " +N temp"")',
    "sheet-reasons": "not-enough for insufficient, unreadable/missing-key raw= for malformed, a zero amount "
    'applied (PEER §11 "insufficient", "bad-amount (zero, not whole)", "malformed (... a track with both or '
    'neither of to/by)")',
    "sheet-party": 'who="party" on a [sheet:] op is refused unreadable (PEER §11 "who=party: one answer; now is '
    '<Name> <value> per member joined by ; ...")',
    "rest-now": "a rest answers without now (PEER §11 \"A rest's now starts with the rest's label and a colon\")",
    "rest-no-who": 'a rest without who= rests the whole party (PEER §11 "No who is the player, not the party")',
    "use-count": 'use count=N uses once (PEER §7 "count N: up to N uses in one answer ... count = uses made")',
    "use-other-side": "a use aimed at the other side does not say what it does "
    '(spec "the Game Master is told what it does, to narrate"; issue 8: its save, damage, conditions)',
    "use-own-bag": "a use without who= uses another member's stack when the player holds none "
    '(PEER §7 "User\'s own bag only")',
    "use-reasons": "no-charges for none-left; an item without a use, or a plain item, answered ok "
    '(PEER §7 refusals "not-ruleset-item (plain item), no-use (no use ...), none-left (no charges)")',
    "wear-reasons": "no-free-slot, does-not-bind, already-worn/not-worn refusals "
    '(PEER §4 "no-slot", "not-bindable"; [ref] "nothing to change: ok, count 0")',
    "wear-up-to-count": "equip count past the free slots is refused whole "
    '(PEER §4 [ref] "Wearing goes one item at a time up to count ... refused only if the first fails")',
    "wear-now": 'unequip/unbind answer the held count (PEER §4 equip/unequip now = "worn count", '
    'bind/unbind "bound count")',
    "curse-gm": 'a GM unequip or remove of a bound cursed item is refused cursed (PEER §4 [ref] "cursed refuses the '
    "player's own moves, never a GM tag\")",
    "invent-category": "an invented item with an unknown category is refused no-category "
    '(spec "an unknown category ... is left out"; issue 8: "kept in the ruleset\'s first category and the note '
    'says so")',
    "no-invention": 'propose: false answers no-proposals (PEER §4 add: "no-invention (propose: false)")',
    "buy-unsupported": 'buy is answered not-supported (spec "Buying"; PEER §1 an ok buy, §4 buy, §6 refusals)',
    "place-size-id": 'a place\'s size is written as its label (PEER §10 "size read by id or label, written as id")',
    "player-tag-limits": "a player's tags past the 40th, or over-long, are answered too-many/too-long "
    '(issue 8 "player tags past the 40th or over-long are answered player-tag like the rest")',
}

XFAIL: dict[str, tuple[str, ...]] = {}

CASES = load_cases()


def _param(case: dict[str, Any]) -> Any:
    causes = XFAIL.get(case["id"])
    marks = []
    if causes:
        reason = "; ".join(f"{c}: {CAUSES[c]}" for c in causes)
        marks.append(pytest.mark.xfail(strict=True, reason=reason))
    return pytest.param(case, id=case["id"], marks=marks)


def test_there_are_several_dozen_cases() -> None:
    assert len(CASES) >= 60


def test_every_xfail_names_a_case_and_known_causes() -> None:
    ids = {c["id"] for c in CASES}
    assert set(XFAIL) <= ids
    assert {cause for causes in XFAIL.values() for cause in causes} <= set(CAUSES)


@pytest.mark.parametrize("case", [_param(c) for c in CASES])
def test_case(case: dict[str, Any]) -> None:
    outcome = check(case)
    assert outcome.passed, "\n".join(outcome.problems)
