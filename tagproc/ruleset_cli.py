"""The ruleset commands of ``tagproc``: ``check``, ``rulesets`` and ``schema``.

Owns the three handlers and :func:`add_ruleset_commands`, which registers them on the CLI's subparsers. Each
handler prints and returns an exit code (0 fine, 1 problems found); none raises on a bad ruleset.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from tagproc.ruleset.errors import RulesetError
from tagproc.ruleset.load import (
    check_ruleset,
    load_ruleset,
    parse_ruleset,
    parse_text,
    shipped_names,
    shipped_text,
)
from tagproc.ruleset.notices import notices_of
from tagproc.ruleset.schema import ruleset_json_schema

__all__ = ["add_ruleset_commands", "cmd_check", "cmd_rulesets", "cmd_schema"]


def cmd_check(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """``tagproc check PATH|NAME``: an OK line and 0, or every problem one per line and 1."""
    out = out or sys.stdout
    problems = check_ruleset(args.ruleset)
    if not problems:
        print(f"{args.ruleset}: OK", file=out)
        for notice in notices_of(load_ruleset(args.ruleset)):
            print(f"note: {notice}", file=out)
        return 0
    for problem in problems:
        print(problem, file=out)
    print(f"{args.ruleset}: {len(problems)} problem(s)", file=out)
    return 1


def cmd_rulesets(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """``tagproc rulesets``: each shipped ruleset's name, title and item count."""
    out = out or sys.stdout
    rows: list[tuple[str, str, str]] = []
    code = 0
    for name in shipped_names():
        try:
            ruleset = parse_ruleset(parse_text(shipped_text(name) or ""), name)
        except RulesetError as error:
            rows.append((name, "(does not load: run tagproc check)", str(len(error.problems)) + " problems"))
            code = 1
            continue
        count = sum(len(catalog.entries) for catalog in ruleset.item_catalogs)
        rows.append((name, ruleset.name, f"{count} items"))
    width = max((len(row[0]) for row in rows), default=0)
    title_width = max((len(row[1]) for row in rows), default=0)
    for name, title, items in rows:
        print(f"{name:<{width}}  {title:<{title_width}}  {items}", file=out)
    return code


def cmd_schema(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """``tagproc schema``: the JSON Schema of a ruleset file."""
    out = out or sys.stdout
    print(json.dumps(ruleset_json_schema(), indent=2 if not args.compact else None), file=out)
    return 0


def add_ruleset_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``check``, ``rulesets`` and ``schema`` on the ``tagproc`` parser's subcommands."""
    check = subparsers.add_parser(
        "check", help="check a ruleset file or a shipped ruleset; list every problem"
    )
    check.add_argument("ruleset", metavar="PATH|NAME", help="a .json/.yaml ruleset file, or a shipped name")
    check.set_defaults(handler=cmd_check)
    listing = subparsers.add_parser("rulesets", help="list the shipped rulesets with their item counts")
    listing.set_defaults(handler=cmd_rulesets)
    schema = subparsers.add_parser("schema", help="print the JSON Schema of a ruleset file, for editors")
    schema.add_argument("--compact", action="store_true", help="one line instead of indented")
    schema.set_defaults(handler=cmd_schema)
