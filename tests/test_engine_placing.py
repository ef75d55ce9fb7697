"""Tests for tagproc.engine.placing: one answer per bag, notes placed once, nothing kept when nothing fits."""

from __future__ import annotations

from typing import Any

import pytest

from tagproc.engine import carrying
from tagproc.engine.bags import What
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState
from tests.conformance.run import load_cases, play
from tests.corpus.cases import ALL_CASES
from tests.corpus.harness import _play

from .engine_support import answers_of, item, member, outcome, party, refused, said


def test_the_tags_own_notes_go_on_the_first_answer_only() -> None:
    # Ada has room for 1 before she is encumbered, Bram for 2: Bram (most room) fills his, Ada hers, then the
    # last goes to the least over (a tie: party order, Ada). Ada's bag is the player's: no who= (PEER §5).
    state = party(
        member("Ada", item("Salt cake", 5, "ember-roads")),
        member("Bram", item("Salt cake", 4, "ember-roads")),
    )
    decision, _ = outcome("ember-roads", state, '[inventory: action="add" item="cake salt" count="4"]')
    assert [
        (dict(a.attrs).get("who"), dict(a.attrs)["count"], a.now, said(a)) for a in answers_of(decision)
    ] == [
        (None, "2", "7", 'Took "cake salt" as Salt cake.'),
        ("Bram", "2", "6", None),
    ]


def test_an_invented_item_nobody_can_carry_is_not_kept() -> None:
    full = party(member("Ada", item("Salt cake", 12, "ember-roads")))
    tag = '[inventory: action="add" item="Iron jack" category="armor" stats="bulk=3" slots="body"]'
    answer = refused("ember-roads", full, tag)
    assert (answer.reason, said(answer)) == ("too-heavy", "Nobody can carry Iron jack: it is left behind.")


def test_the_stack_limit_a_caller_hands_the_carrying_rule_is_the_one_it_works_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # ``place`` and a give work a stack's limit out from ``Resolved.item`` and hand it to ``share_out``,
    # which would otherwise work it out from the stacks' item (``Rules.item_of``): the same, over every add,
    # earning, give and gear taken the conformance cases and the corpus make.
    handed: list[bool] = []
    real = carrying.share_out

    def share_out(rules: Rules, state: GameState, what: What, count: int, who: int | None, **kw: Any) -> Any:
        if "limit" in kw:
            handed.append(kw["limit"] == rules.stack_limit(rules.item_of(what, state)))
        return real(rules, state, what, count, who, **kw)

    monkeypatch.setattr(carrying, "share_out", share_out)
    for case in load_cases():
        play(case)
    for corpus_case in ALL_CASES:
        _play(corpus_case, corpus_case.sloppy)
    assert len(handed) > 50 and all(handed)
