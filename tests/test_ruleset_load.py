"""Loading rulesets (shipped by name, files in JSON or YAML), the CLI's check/rulesets/schema, and the schema."""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from tagproc.ruleset import (
    ItemBook,
    RulesetError,
    check_ruleset,
    load_ruleset,
    ruleset_json_schema,
    shipped_names,
)
from tagproc.ruleset.load import parse_text, read_source
from tagproc.ruleset_cli import add_ruleset_commands, cmd_check, cmd_rulesets, cmd_schema
from tests.test_ruleset_sample import sample

REFERENCE = Path(__file__).resolve().parents[1] / "data" / "reference-rulesets"
SHIPPED = ("ember-roads", "gravewatch", "srd-5e")


def run(argv: list[str]) -> tuple[int, str]:
    parser = argparse.ArgumentParser(prog="tagproc")
    add_ruleset_commands(parser.add_subparsers())
    args = parser.parse_args(argv)
    out = io.StringIO()
    code: int = args.handler(args, out)
    return code, out.getvalue()


def test_the_three_rulesets_are_shipped() -> None:
    assert set(SHIPPED) <= set(shipped_names())


@pytest.mark.parametrize("name", SHIPPED)
def test_each_shipped_ruleset_checks_clean(name: str) -> None:
    assert [str(p) for p in check_ruleset(name)] == []


@pytest.mark.parametrize("name", ["ember-roads", "gravewatch"])
def test_each_reference_ruleset_loads_unchanged_and_checks_clean(name: str) -> None:
    path = REFERENCE / f"{name}.json"
    assert check_ruleset(path) == []
    ruleset = load_ruleset(path)
    assert ruleset.items is None and ruleset.item_catalogs == []
    assert ItemBook(ruleset).items() == ()


@pytest.mark.parametrize("name", SHIPPED)
def test_the_schema_validates_each_shipped_ruleset(name: str) -> None:
    data, _ = read_source(name)
    jsonschema.validate(data, ruleset_json_schema())


@pytest.mark.parametrize("name", ["ember-roads", "gravewatch"])
def test_the_schema_validates_each_reference_ruleset(name: str) -> None:
    jsonschema.validate(
        json.loads((REFERENCE / f"{name}.json").read_text(encoding="utf-8")), ruleset_json_schema()
    )


def test_the_schema_refuses_an_unknown_item_key() -> None:
    data = sample()
    data["catalogs"][0]["entries"][0]["item"]["weight"] = 3
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, ruleset_json_schema())


def test_a_file_that_is_not_json_is_one_problem(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"id": "x",', encoding="utf-8")
    problems = check_ruleset(path)
    assert len(problems) == 1 and problems[0].message.startswith("Not valid JSON at line 1")


def test_an_unknown_name_lists_the_shipped_ones() -> None:
    with pytest.raises(
        RulesetError, match='No ruleset file or shipped ruleset "nowhere" \\(shipped: ember-roads'
    ):
        load_ruleset("nowhere")


def test_a_top_level_that_is_not_an_object_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "list.json"
    path.write_text("[]", encoding="utf-8")
    assert [p.message for p in check_ruleset(path)] == [
        "A ruleset file is one object (its top level is {...})"
    ]


def test_check_prints_ok_and_exits_0() -> None:
    assert run(["check", "ember-roads"]) == (0, "ember-roads: OK\n")


def test_check_notes_a_derived_op_tagproc_cannot_work_out_and_still_passes(tmp_path: Path) -> None:
    data = read_source("ember-roads")[0]
    data["sheet"]["derived"].append({"id": "twice", "label": "Twice", "op": "scale", "of": {"const": 2}})
    path = tmp_path / "scaled.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    index = len(data["sheet"]["derived"]) - 1
    assert run(["check", str(path)]) == (
        0,
        f"{path}: OK\n"
        f'note: sheet.derived.{index}: tagproc cannot work out op "scale" (derived value "twice"); '
        "whatever reads it falls back (a carry number to no limit, others to 0)\n",
    )


def test_check_lists_every_problem_and_exits_1(tmp_path: Path) -> None:
    data: dict[str, Any] = sample()
    data["catalogs"][0]["entries"][7]["item"]["sold"]["place"] = "capital"
    data["items"]["market"]["buyBack"] = 0
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out = run(["check", str(path)])
    assert code == 1
    assert out.splitlines() == [
        f"{path}: 1 problem(s) in the ruleset",
        "  items.market.buyBack: Must be above 0, got 0",
    ]
    data["items"]["market"]["buyBack"] = 0.5
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out = run(["check", str(path)])
    assert code == 1
    assert out.splitlines()[1] == (
        '  catalogs.kit.entries.storied-blade.item.sold.place: Unknown place "capital"; '
        "the market's places are ['town', 'village']"
    )


def test_rulesets_lists_name_title_and_item_count() -> None:
    code, out = run(["rulesets"])
    assert code == 0
    lines = {line.split()[0]: line for line in out.splitlines()}
    assert set(SHIPPED) <= set(lines)
    ember = load_ruleset("ember-roads")
    count = sum(len(c.entries) for c in ember.item_catalogs)
    assert lines["ember-roads"].split("  ")[0] == "ember-roads"
    assert ember.name in lines["ember-roads"] and lines["ember-roads"].endswith(f"{count} items")


def test_schema_prints_a_json_schema() -> None:
    code, out = run(["schema"])
    assert code == 0
    schema = json.loads(out)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)


def test_handlers_write_to_stdout_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    assert cmd_check(argparse.Namespace(ruleset="srd-5e")) == 0
    assert cmd_rulesets(argparse.Namespace()) == 0
    assert cmd_schema(argparse.Namespace(compact=True)) == 0
    assert capsys.readouterr().out.startswith("srd-5e: OK\n")


def test_a_ruleset_already_read_as_bytes_is_parsed_within_the_same_limits() -> None:
    assert parse_text(b'{"id": "x"}', label="<stdin>") == {"id": "x"}
    assert parse_text(b"id: x\n", yaml_text=True) == {"id": "x"}
    with pytest.raises(RulesetError) as caught:
        parse_text(b'{"id": "caf\xe9"}', label="<stdin>")
    assert str(caught.value) == (
        "<stdin>: 1 problem(s) in the ruleset\n"
        "  Not UTF-8 text: byte 0xE9 at line 1 column 12 is no UTF-8; save it as UTF-8"
    )
