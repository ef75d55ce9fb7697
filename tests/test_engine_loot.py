"""Tests for tagproc.engine.loot: the GM's ``[loot:]`` rolls a table and adds what drops (spec "Loot")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from tagproc import commands as c
from tagproc.engine.decide import decide
from tagproc.engine.dice import Dice
from tagproc.engine.loot import Drop, roll_table
from tagproc.engine.outcome import Accepted, Answer, Refused, evolve_all

from .engine_support import bag_of, item, journal_of, member, party, refused, rules_for, said, variant

T = TypeVar("T")


class ScriptedDice(Dice):
    """Dice that give the rolls and picks a test scripts: ``rolls`` for ``roll``, ``picks`` (indices) for
    ``pick``."""

    def __init__(self, rolls: Sequence[int], picks: Sequence[int]) -> None:
        super().__init__(0)
        self._rolls, self._picks = list(rolls), list(picks)

    def roll(self, expression: str | int) -> int:
        return expression if isinstance(expression, int) else self._rolls.pop(0)

    def pick(self, options: Sequence[T], weights: Sequence[int] | None = None) -> T:
        return options[self._picks.pop(0)]


GRAVE_GOODS = next(t for t in rules_for("gravewatch").block.loot_tables if t.id == "grave_goods")  # type: ignore[union-attr]


def test_a_table_rolls_its_picks_and_each_lines_count() -> None:
    # rolls 1d2 -> 2; shot and powder (line 0) with 1d4 -> 3; shillings (line 4) with 1d6 -> 5.
    dice = ScriptedDice(rolls=[2, 3, 5], picks=[0, 4])
    assert roll_table(GRAVE_GOODS, rules_for("gravewatch"), dice) == (
        Drop(3, label="Shot and powder"),
        Drop(5, coin="shilling"),
    )


def test_a_filter_line_picks_evenly_among_the_items_it_matches() -> None:
    # rolls -> 1; the filter line (3) {category: arm}; the second arm in catalog order.
    dice = ScriptedDice(rolls=[1], picks=[3, 1])
    assert roll_table(GRAVE_GOODS, rules_for("gravewatch"), dice) == (Drop(1, label="Silver coffin nail"),)


def test_loot_is_answered_by_the_add_answers_of_its_drops() -> None:
    # PEER §9: the tag is replaced by its adds; a coin is an add of the coin's label.
    state = party(member("Ada"), member("Bram", item("Shot and powder", 28)))
    loot = c.Loot(table="grave_goods", who="Bram")
    decision = decide(state, loot, rules_for("gravewatch"), ScriptedDice(rolls=[2, 3, 5], picks=[0, 4]))
    assert isinstance(decision, Accepted)
    assert decision.answers == (
        Answer(
            tag="inventory",
            attrs=(("action", "add"), ("item", "Shot and powder"), ("count", "3"), ("who", "Bram")),
            result="ok",
            now="31",
        ),
        Answer(
            tag="inventory",
            attrs=(("action", "add"), ("item", "shillings"), ("count", "5"), ("who", "Bram")),
            result="ok",
            now="5",
        ),
    )
    after = evolve_all(state, decision.effects)
    assert bag_of(after, 1) == [("Shot and powder", 30), ("Shot and powder", 1), ("shillings", 5)]
    assert journal_of(after) == [
        ("acquired", "Bram", "Shot and powder ×3"),
        ("acquired", "Bram", "shillings ×5"),
    ]


def test_two_picks_of_one_line_merge_into_one_add() -> None:
    # rolls 1d2 -> 2; shillings (line 4) twice, 1d6 -> 2 then 3: one add of 5.
    state = party(member("Ada"))
    decision = decide(
        state,
        c.Loot(table="grave_goods"),
        rules_for("gravewatch"),
        ScriptedDice(rolls=[2, 2, 3], picks=[4, 4]),
    )
    assert isinstance(decision, Accepted)
    assert decision.answers == (
        Answer(
            tag="inventory",
            attrs=(("action", "add"), ("item", "shillings"), ("count", "5")),
            result="ok",
            now="5",
        ),
    )


def test_a_table_that_drops_nothing_is_answered_result_nothing() -> None:
    decision = decide(
        party(member("Ada")), c.Loot(table="Grave goods"), rules_for("gravewatch"), ScriptedDice([0], [])
    )
    assert decision == Accepted(
        effects=(),
        answers=(Answer(tag="loot", attrs=(("table", "grave_goods"),), result="nothing"),),
    )


def test_the_same_seed_drops_the_same_loot() -> None:
    state = party(member("Ada"))
    loot = c.Loot(table="Grave goods")
    first = decide(state, loot, rules_for("gravewatch"), Dice(7))
    second = decide(state, loot, rules_for("gravewatch"), Dice(7))
    assert first == second
    assert isinstance(first, Accepted) and first.answers


def test_an_unknown_table_is_refused() -> None:
    answer = refused("gravewatch", party(member("Ada")), '[loot: table="dragon_hoard"]')
    assert (answer.tag, answer.attrs, answer.reason, said(answer)) == (
        "loot",
        (("table", "dragon_hoard"),),
        "unknown-loot-table",
        'No loot table "dragon_hoard" (tables: grave_goods, smiths_odd_lot, fences_odd_lot).',
    )


def test_a_ruleset_without_loot_tables_refuses_loot() -> None:
    rules = variant("gravewatch", '{"currencies": null}')  # no money: no market, no loot tables either
    decision = decide(party(member("Ada")), c.Loot(table="grave_goods"), rules, Dice(1))
    assert isinstance(decision, Refused)
    assert (decision.answer.reason, said(decision.answer)) == (
        "no-loot-tables",
        "This ruleset has no loot tables.",
    )


def test_loot_for_somebody_not_in_the_party_is_refused() -> None:
    answer = refused("gravewatch", party(member("Ada")), '[loot: table="grave_goods" who="Zed"]')
    assert (answer.reason, said(answer)) == (
        "unknown-character",
        'Nobody in the party is called "Zed" (who=).',
    )
