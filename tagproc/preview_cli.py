"""``tagproc preview``: what the model is told at a turn start, block by block, with token counts.

TARGET is a shipped ruleset's name, a ruleset file (the game's party ``Player`` alone, as ``tagproc scan``'s,
or ``--party FILE``: a YAML list of members as a transcript's ``party:``, or a mapping with a ``party:`` key,
such as a transcript) or a transcript (a YAML file with ``turns:``). ``-`` reads either on stdin.

``--turn N`` shows the prompt before the transcript's turn N (0-based, every turn of its list counted) is
processed, ``len(turns)`` (the default) the prompt after the last. A ``regenerate`` turn is a new telling of the
last reply, so the prompt before it is the one that reply was told from. Text output: each block under a
header ``== <name> (<tokens> tokens, budget <budget>[, trimmed][, over budget]) ==``, blocks separated by a
blank line, then ``== <total> tokens in all ==``; ``--json`` prints ``{"blocks": [{"name", "text",
"tokens", "budget", "trimmed"}], "tokens": total}``.

Exit codes as for every command: 1 for what was read (an unreadable file, a ruleset, transcript, party or
template with problems, a ``--turn`` past the transcript's end), 2 for a usage error (``--budget`` not
``NAME=TOKENS`` or naming no block, ``--party`` with a transcript); never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tagproc.cli import add_command, whole_number
from tagproc.cli_io import (
    STDIN,
    STDIN_LABEL,
    CannotRead,
    label_of,
    problem,
    read_input,
    write_json,
    write_text,
)

if TYPE_CHECKING:
    from tagproc.engine.rules import Rules
    from tagproc.game import Game
    from tagproc.prompt.blocks import Prompt
    from tagproc.render import Renderer
    from tagproc.transcript import Transcript

__all__ = ["add_preview_command", "budget_pair", "cmd_preview", "print_prompt"]

DEFAULT_PARTY = ("Player",)  # tagproc scan's: a ruleset previewed without --party has this party


def budget_pair(text: str) -> tuple[str, int]:
    """An argparse type: ``NAME=TOKENS`` (the name is checked when the command runs)."""
    name, equals, tokens = text.partition("=")
    if not equals or not name.strip():
        raise argparse.ArgumentTypeError(f"not NAME=TOKENS: {text!r}")
    try:
        value = int(tokens)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number of tokens: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"a budget is 1 token or more: {text!r}")
    return name.strip().lower(), value


def _turn_number(text: str) -> int:
    value = whole_number(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"a turn is 0 or more, got {value}")
    return value


def add_preview_command(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``preview`` on the CLI's subparsers."""
    preview = add_command(
        sub,
        "preview",
        help="print what the model is told: each prompt block with its tokens and budget",
        description="Print the prompt blocks at a turn start (instructions, inventory, market, recap), each "
        "with its\ntoken count and budget. TARGET is a shipped ruleset, a ruleset file (party: Player, or "
        "--party FILE)\nor a transcript (YAML with turns:), whose prompt after the last turn is shown unless "
        "--turn N.",
        examples=[
            "tagproc preview gravewatch",
            "tagproc preview golden/loot-table.yaml --turn 2 --json",
            "tagproc preview srd-5e --budget inventory=300 --templates my-prompts/",
        ],
    )
    preview.add_argument("target", help="a shipped ruleset's name, a ruleset file, a transcript, or -")
    preview.add_argument(
        "--turn",
        type=_turn_number,
        metavar="N",
        help="the prompt before turn N (0-based; default: after all)",
    )
    preview.add_argument("--json", action="store_true", help="print the blocks as JSON")
    preview.add_argument(
        "--budget",
        type=budget_pair,
        action="append",
        default=[],
        metavar="NAME=TOKENS",
        help="a block's token budget (repeatable)",
    )
    preview.add_argument("--templates", metavar="DIR", help="a folder of templates over the shipped ones")
    preview.add_argument("--party", metavar="FILE", help="with a ruleset: the party (a transcript's party:)")
    preview.add_argument("--seed", type=whole_number, metavar="N", help="the game seed (a transcript's own)")
    preview.set_defaults(handler=cmd_preview)


def cmd_preview(args: argparse.Namespace) -> int:
    """Print the prompt ``args`` ask for; the exit code."""
    from tagproc.prompt.blocks import resolve_budgets
    from tagproc.render import Renderer, TemplateProblem

    try:
        budgets = resolve_budgets(dict(args.budget))
    except ValueError as error:
        return _usage(f"--budget: {error}")
    try:
        renderer = Renderer(templates=args.templates) if args.templates else None
    except TemplateProblem as error:
        return problem(f"tagproc preview: --templates: {error}")
    try:
        got = _game(args, budgets, renderer)
        if isinstance(got, int):
            return got
        prompt = _play(*got, args.turn) if isinstance(got, tuple) else got
    except TemplateProblem as error:  # a template that fails as it renders (an unknown name, say)
        return problem(f"tagproc preview: {error}")
    if isinstance(prompt, int):
        return prompt
    if args.json:
        write_json(prompt.to_json(), indent=2)
    else:
        print_prompt(prompt)
    return 0


def print_prompt(prompt: Prompt) -> None:
    """The blocks under their headers, then the total (the module docstring shows the format)."""
    lines: list[str] = []
    for block in prompt.blocks:
        flags = (", trimmed" if block.trimmed else "") + (", over budget" if block.over_budget else "")
        lines.append(f"== {block.name} ({block.tokens} tokens, budget {block.budget}{flags}) ==")
        lines.append(block.text)
        lines.append("")
    lines.append(f"== {prompt.tokens} tokens in all ==")
    write_text("\n".join(lines) + "\n")


def _usage(message: str) -> int:
    write_text(f"tagproc preview: error: {message}\n", sys.stderr)
    return 2


def _game(
    args: argparse.Namespace, budgets: Mapping[str, int], renderer: Renderer | None
) -> Prompt | tuple[Game, Transcript] | int:
    """The prompt of a ruleset's fresh game, or a transcript's game (not played yet), or an exit code."""
    from tagproc.game import Game
    from tagproc.party import PartyError
    from tagproc.ruleset import RulesetError
    from tagproc.transcript import TranscriptError

    label = label_of(args.target)
    try:
        rules, transcript = _read_target(args.target)
        if transcript is not None:
            if args.party is not None:
                return _usage("--party is for a ruleset; a transcript has its own party")
            seed = transcript.seed if args.seed is None else args.seed
            game = Game(rules, transcript.party, seed, renderer=renderer, budgets=budgets)
            return game, transcript
        party = DEFAULT_PARTY if args.party is None else _read_party(args.party)
        game = Game(rules, party, args.seed or 0, renderer=renderer, budgets=budgets)
    except CannotRead as error:
        return problem(error)
    except RulesetError as error:
        return problem(error if error.source else f"{label}: {error}")
    except TranscriptError as error:
        lines = "".join(f"\n  {p}" for p in error.problems)
        return problem(f"{label}: {len(error.problems)} problem(s) in the transcript{lines}")
    except PartyError as error:
        return problem(f"tagproc preview: --party {args.party}: {error}")
    if args.turn:
        return problem(f"tagproc preview: --turn {args.turn}: {label} is a ruleset, it has no turns (only 0)")
    return game.prompt()


def _play(game: Game, transcript: Transcript, turn: int | None) -> Prompt | int:
    """Play the transcript's turns before ``turn`` (all of them for None) and give the prompt before it."""
    turns = transcript.turns
    end = len(turns) if turn is None else turn
    if end > len(turns):
        return problem(
            f"tagproc preview: --turn {end}: {transcript.source} has {len(turns)} turns (--turn 0 to {len(turns)})"
        )
    from tagproc.transcript import play

    for written in turns[:end]:  # messages and actions alike: each is a turn
        play(game, written)
    if end < len(turns) and turns[end].kind == "regenerate":
        told = [position for position, result in enumerate(game.turns) if result.kind == "gm"]
        return game.prompt_at(told[-1])
    return game.prompt()


def _read_target(target: str) -> tuple[Rules, Transcript | None]:
    """The rules of TARGET, and its transcript when it is one."""
    from tagproc.cli import load_transcript_input
    from tagproc.cli_io import yaml_syntax_error
    from tagproc.documents import DocumentError, parse_document
    from tagproc.engine.rules import Rules
    from tagproc.ruleset.load import parse_ruleset, parse_text
    from tagproc.ruleset_cli import load_ruleset_source
    from tagproc.transcript import parse_transcript

    label = label_of(target)
    if target != STDIN and not Path(target).exists():  # a shipped name, or "no such file" with a guess
        return Rules(load_ruleset_source(target)), None
    text = read_input(target)
    as_yaml = not text.lstrip().startswith(("{", "["))
    if as_yaml:
        syntax = yaml_syntax_error(text, label)
        if syntax is not None:
            raise syntax
    try:
        data: Any = parse_document(text, yaml_text=True)
    except DocumentError as error:
        raise CannotRead(label, str(error)) from None
    if isinstance(data, Mapping) and "turns" in data:
        if target != STDIN:
            transcript = load_transcript_input(target)
        else:
            try:
                transcript = parse_transcript(text, STDIN_LABEL, Path.cwd())
            except (OSError, UnicodeDecodeError) as error:  # the ruleset file it names
                raise CannotRead(label, f"cannot read a file it names: {error}") from None
        return transcript.rules, transcript
    return Rules(parse_ruleset(parse_text(text, yaml_text=as_yaml, label=label), label)), None


def _read_party(path: str) -> Sequence[Any]:
    """The party in a file: a list of members, or a mapping's ``party:`` (a transcript's)."""
    from tagproc.cli_io import yaml_syntax_error
    from tagproc.documents import DocumentError, parse_document

    label = label_of(path)
    text = read_input(path)
    syntax = yaml_syntax_error(text, label)
    if syntax is not None:
        raise syntax
    try:
        data = parse_document(text, yaml_text=True)
    except DocumentError as error:
        raise CannotRead(label, str(error)) from None
    if isinstance(data, Mapping):
        data = data.get("party")
    if not isinstance(data, list):
        raise CannotRead(label, "a party is a list of members, or a mapping with a party: list")
    return data
