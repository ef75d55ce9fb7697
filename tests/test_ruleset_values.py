"""The value-reference evaluator, with exact numbers against the sample and the reference rulesets' shapes."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import TypeAdapter

from tagproc.ruleset import (
    ItemStatQuery,
    ValueContext,
    ValueReferenceError,
    evaluate,
    modifier_of,
    parse_ruleset,
)
from tagproc.ruleset.refs import ValueRef
from tagproc.ruleset.sheet import AbilityModifier, Sheet
from tests.test_ruleset_sample import sample

REF: TypeAdapter[Any] = TypeAdapter(ValueRef)

SHEET = Sheet.model_validate(
    {
        "abilities": [{"id": "str", "label": "Strength", "default": 10}, {"id": "dex", "label": "Dexterity"}],
        "fields": [
            {"id": "level", "label": "Level", "type": "number", "default": 1},
            {"id": "casting", "label": "Casting", "type": "enum", "values": ["str", "dex"], "default": "dex"},
        ],
        "derived": [
            {
                "id": "prof",
                "label": "Proficiency",
                "op": "stepTable",
                "from": {"field": "level"},
                "table": [[1, 2], [5, 3], [9, 4]],
            },
            {
                "id": "ac",
                "label": "AC",
                "op": "sum",
                "of": [
                    {"const": 10},
                    {"abilityMod": "dex"},
                    {"itemStat": {"stat": "armor", "from": "worn", "pick": "max"}},
                ],
            },
            {
                "id": "best",
                "label": "Best",
                "op": "max",
                "of": [{"abilityMod": "str"}, {"abilityMod": "dex"}],
            },
            {
                "id": "stance_bonus",
                "label": "Stance",
                "op": "enumTable",
                "from": {"liveState": "stance"},
                "table": {"guarded": -1, "reckless": 2},
            },
            {
                "id": "left",
                "label": "Harm left",
                "op": "sum",
                "of": [{"liveTrack": "harm", "read": "remaining"}],
            },
        ],
        "live": {
            "pools": [{"id": "hp", "label": "HP", "max": {"derived": "ac"}}],
            "tracks": [{"id": "harm", "label": "Harm", "min": 0, "max": 4}],
            "states": [
                {
                    "id": "stance",
                    "label": "Stance",
                    "values": ["guarded", "steady", "reckless"],
                    "default": "steady",
                }
            ],
        },
    }
)
FIVE_E = AbilityModifier(op="floorHalfMinusTen")


def ctx(**kwargs: Any) -> ValueContext:
    return ValueContext(sheet=SHEET, ability_modifier=FIVE_E, **kwargs)


def value(ref: dict[str, Any], context: ValueContext) -> float:
    return evaluate(REF.validate_python(ref), context)


@pytest.mark.parametrize(
    ("ref", "expected"),
    [
        pytest.param({"const": 6}, 6, id="const"),
        pytest.param({"abilityScore": "dex"}, 14, id="ability-score"),
        pytest.param({"abilityMod": "dex"}, 2, id="ability-mod"),
        pytest.param({"abilityMod": "str"}, 0, id="ability-default"),
        pytest.param({"abilityModFromField": "casting"}, 2, id="mod-from-field"),
        pytest.param({"field": "level"}, 6, id="field"),
        pytest.param({"derived": "prof"}, 3, id="step-table"),
        pytest.param({"derived": "ac"}, 15, id="sum-with-item-stat"),
        pytest.param({"derived": "best"}, 2, id="max"),
        pytest.param({"op": "min", "of": [{"const": 3}, {"abilityMod": "str"}]}, 0, id="inline-min"),
        pytest.param({"derived": "stance_bonus"}, 2, id="enum-table"),
        pytest.param({"livePool": "hp"}, 9, id="live-pool"),
        pytest.param({"livePool": "hp", "read": "max"}, 15, id="live-pool-max"),
        pytest.param({"livePool": "hp", "read": "missing"}, 6, id="live-pool-missing"),
        pytest.param({"liveTrack": "harm"}, 1, id="live-track"),
        pytest.param({"derived": "left"}, 3, id="live-track-remaining"),
        pytest.param({"itemStat": {"stat": "armor", "pick": "count"}}, 3, id="item-stat"),
    ],
)
def test_a_reference_reads_its_exact_number(ref: dict[str, Any], expected: float) -> None:
    def item_stat(query: ItemStatQuery) -> float:
        return 3.0 if query.pick in ("max", "count") else 0.0

    context = ctx(
        ability_scores={"dex": 14},
        fields={"level": 6},
        pools={"hp": 9},
        tracks={"harm": 1},
        states={"stance": "reckless"},
        item_stat=item_stat,
    )
    assert value(ref, context) == expected


def test_without_a_game_item_stat_reads_its_default_and_live_values_their_sheet_defaults() -> None:
    context = ctx()
    assert value({"derived": "ac"}, context) == 10 + (-5) + 0  # dex has no default: 0 → mod -5
    assert value({"itemStat": {"stat": "armor", "default": 4}}, context) == 4
    assert value({"livePool": "hp"}, context) == 5  # a full pool
    assert value({"derived": "stance_bonus"}, context) == 0  # "steady" is not in the table
    assert value({"derived": "left"}, context) == 4


def test_a_derived_cycle_raises_instead_of_recursing() -> None:
    sheet = Sheet.model_validate(
        {
            "derived": [
                {"id": "a", "label": "A", "op": "sum", "of": [{"derived": "b"}]},
                {"id": "b", "label": "B", "op": "sum", "of": [{"const": 1}, {"derived": "a"}]},
            ]
        }
    )
    with pytest.raises(ValueReferenceError, match="circle: a → b → a"):
        evaluate(REF.validate_python({"derived": "a"}), ValueContext(sheet=sheet))


def test_an_unknown_id_raises() -> None:
    with pytest.raises(ValueReferenceError, match='Unknown derived value "speed"'):
        value({"derived": "speed"}, ctx())


@pytest.mark.parametrize(
    ("rule", "score", "expected"),
    [
        pytest.param(AbilityModifier(op="identity"), 3, 3, id="identity"),
        pytest.param(FIVE_E, 15, 2, id="5e-15"),
        pytest.param(FIVE_E, 8, -1, id="5e-8"),
        pytest.param(FIVE_E, 1, -5, id="5e-1"),
        pytest.param(AbilityModifier(op="stepTable", table=[(1, -2), (5, 0), (9, 2)]), 6, 0, id="step"),
    ],
)
def test_ability_modifier_rules(rule: AbilityModifier, score: float, expected: float) -> None:
    assert modifier_of(score, rule) == expected


def test_the_spec_guard_reads_the_worn_coat() -> None:
    ruleset = parse_ruleset(sample())
    guard = ruleset.sheet.derived_by_id["guard"]

    def worn_guard(query: ItemStatQuery) -> float:
        assert (query.stat, query.from_, query.pick) == ("guard", "worn", "sum")
        return 1.0

    context = ValueContext(sheet=ruleset.sheet, ability_scores={"wits": 2}, item_stat=worn_guard)
    assert evaluate(guard, context) == 6 + 2 + 1


def test_the_reference_rulesets_derived_values_evaluate() -> None:
    from tagproc.ruleset import load_ruleset

    ember = load_ruleset("ember-roads")
    context = ValueContext(
        sheet=ember.sheet,
        ability_scores={"brawn": 2},
        fields={"toughness": 3},
        states={"stance": "guarded"},
        list_sum=lambda spec: 7.0,
    )
    assert evaluate(ember.sheet.derived_by_id["grit_max"], context) == 4 + 3 + 2
    assert evaluate(ember.sheet.derived_by_id["burdened"], context) == -2  # burden 7 → the [6, -2] step
    assert evaluate(ember.sheet.derived_by_id["stance_brawn"], context) == -1
