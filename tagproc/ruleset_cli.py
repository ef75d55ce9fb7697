"""The ruleset commands of ``tagproc``: ``check``, ``rulesets`` and ``schema``.

Owns the three handlers, :func:`add_ruleset_commands`, which registers them on the CLI's subparsers, and
:func:`read_ruleset_source`, how every command that takes a ruleset (``check``, ``scan --ruleset``) reads a
shipped name, a path or ``-`` (stdin), with "did you mean" for a misspelled shipped name. Each handler
prints and returns an exit code (0 fine, 1 problems found); none raises on a bad ruleset. Results go to
``out`` (stdout), problems to ``err`` (stderr; ``out`` when only ``out`` is given, as a terminal shows both).

Nothing of ``tagproc.ruleset`` (pydantic, yaml) is imported until a handler runs, so building the
``tagproc`` parser stays cheap for ``scan`` and ``--help``.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, Any, TextIO

from tagproc.cli import add_command
from tagproc.cli_io import STDIN, CannotRead, label_of, read_input, write_json, write_text

if TYPE_CHECKING:
    from tagproc.ruleset import Problem, Ruleset

__all__ = [
    "add_ruleset_commands",
    "cmd_check",
    "cmd_rulesets",
    "cmd_schema",
    "load_ruleset_source",
    "read_ruleset_source",
]

_FILE_SUFFIXES = (".json", ".yaml", ".yml")


def read_ruleset_source(source: str) -> Any:
    """The parsed document of a shipped ruleset's name, a ruleset file or stdin (``-``).

    Raises :class:`~tagproc.cli_io.CannotRead` when there is nothing to read (with the shipped name it most
    likely meant) or the file is not UTF-8 or not YAML, ``RulesetError`` when it is not JSON."""
    from tagproc.cli_io import yaml_syntax_error
    from tagproc.ruleset.load import parse_text, shipped_names, shipped_text

    label = label_of(source)
    names = shipped_names()
    if source == STDIN:
        text = read_input(source)
        as_yaml = not text.lstrip().startswith(("{", "["))
    elif source in names and not os.path.lexists(source):
        text = shipped_text(source) or ""
        as_yaml = False
    elif os.path.lexists(source) or os.sep in source or "/" in source or source.endswith(_FILE_SUFFIXES):
        text = read_input(source)
        as_yaml = source.lower().endswith((".yaml", ".yml"))
    else:
        import difflib

        guess = difflib.get_close_matches(source, names, n=1, cutoff=0.6)
        hint = f"; did you mean {guess[0]}?" if guess else ""
        raise CannotRead(
            label,
            f"no ruleset file or shipped ruleset of that name{hint} (shipped: {', '.join(names) or 'none'})",
        )
    if as_yaml:
        syntax = yaml_syntax_error(text, label)
        if syntax is not None:
            raise syntax
    return parse_text(text, yaml_text=as_yaml, label=label)


def load_ruleset_source(source: str) -> Ruleset:
    """The validated ruleset of a name, path or ``-``: ``CannotRead`` or ``RulesetError`` if none."""
    from tagproc.ruleset.load import parse_ruleset

    return parse_ruleset(read_ruleset_source(source), label_of(source))


def _check(source: str) -> tuple[list[Problem], list[str]]:
    """The problems of a ruleset source and, when it has none, its notes."""
    from tagproc.ruleset import RulesetError
    from tagproc.ruleset.load import problems_of
    from tagproc.ruleset.notices import notices_of

    try:
        data = read_ruleset_source(source)
    except RulesetError as error:
        return list(error.problems), []
    ruleset, problems = problems_of(data)
    return problems, ([] if ruleset is None else notices_of(ruleset))


def cmd_check(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """``tagproc check PATH|NAME|-``: an OK line (and notes) and 0, or every problem and 1; ``--json``
    prints ``{"file", "ok", "problems": [{"path", "message"}], "notes"}`` on ``out`` either way."""
    err = err if err is not None else (out if out is not None else sys.stderr)
    out = out if out is not None else sys.stdout
    label = label_of(args.ruleset)
    try:
        problems, notes = _check(args.ruleset)
    except CannotRead as error:
        if getattr(args, "json", False):
            where = f"{error.line}:{error.column}: " if error.line is not None else ""
            report = {
                "file": label,
                "ok": False,
                "problems": [{"path": "", "message": where + error.message}],
            }
            write_json({**report, "notes": []}, out)
        else:
            write_text(f"{error}\n", err)
        return 1
    if getattr(args, "json", False):
        listed = [{"path": p.path, "message": p.message} for p in problems]
        write_json({"file": label, "ok": not problems, "problems": listed, "notes": notes}, out)
        return 1 if problems else 0
    if not problems:
        write_text(f"{label}: OK\n" + "".join(f"note: {notice}\n" for notice in notes), out)
        return 0
    # The file first, then each problem under it, as a transcript's problems are printed.
    lines = "".join(f"  {p}\n" for p in problems)
    write_text(f"{label}: {len(problems)} problem(s) in the ruleset\n" + lines, err)
    return 1


def cmd_rulesets(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """``tagproc rulesets``: each shipped ruleset's name, title and item count."""
    from tagproc.ruleset.errors import RulesetError
    from tagproc.ruleset.load import parse_ruleset, parse_text, shipped_names, shipped_text

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
        write_text(f"{name:<{width}}  {title:<{title_width}}  {items}\n", out)
    return code


def cmd_schema(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """``tagproc schema``: the JSON Schema of a ruleset file."""
    from tagproc.ruleset.schema import ruleset_json_schema

    out = out or sys.stdout
    write_json(ruleset_json_schema(), out, indent=None if args.compact else 2)
    return 0


def add_ruleset_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``check``, ``rulesets`` and ``schema`` on the ``tagproc`` parser's subcommands."""
    check = add_command(
        subparsers,
        "check",
        help="check a ruleset file or a shipped ruleset; list every problem",
        description="Check a ruleset: a .json/.yaml file, - for stdin (JSON or YAML), or a shipped name.\n"
        "Prints an OK line (and a note for what loads but tagproc cannot work out) and exits 0, or\n"
        "prints every problem, each with its path in the file, on stderr and exits 1.",
        examples=[
            "tagproc check gravewatch",
            "tagproc check my-rules.yaml --json",
            "cat my-rules.json | tagproc check -",
        ],
    )
    check.add_argument(
        "ruleset", metavar="PATH|NAME", help="a .json/.yaml ruleset file, - for stdin, or a shipped name"
    )
    check.add_argument(
        "--json",
        action="store_true",
        help='print {"file", "ok", "problems": [{"path", "message"}], "notes"} on stdout',
    )
    check.set_defaults(handler=cmd_check)
    listing = add_command(
        subparsers,
        "rulesets",
        help="list the shipped rulesets with their item counts",
        description="List the rulesets shipped with tagproc: each one's name (for check, --ruleset and a\n"
        "transcript's ruleset:), its title and how many items its catalogs hold.",
        examples=["tagproc rulesets"],
    )
    listing.set_defaults(handler=cmd_rulesets)
    schema = add_command(
        subparsers,
        "schema",
        help="print the JSON Schema of a ruleset file, for editors",
        description="Print the JSON Schema (draft 2020-12) of a ruleset file, for an editor to check and\n"
        "complete a ruleset as it is written.",
        examples=["tagproc schema > ruleset.schema.json", "tagproc schema --compact"],
    )
    schema.add_argument("--compact", action="store_true", help="one line instead of indented")
    schema.set_defaults(handler=cmd_schema)
