"""The ``tagproc`` command: ``demo``, ``run``, ``scan``, ``preview`` and the ruleset commands.

The CLI is a thin shell over the library: it reads files, calls the stages and prints. Exit codes: 0 on
success, 1 when what was read or checked has problems, 2 on a usage error (argparse's own, with the types
below). Results go to stdout; problems to stderr, one line naming the file (``reply.txt: no such file``,
``t.yaml:3:5: ...`` for a YAML syntax error), or the library's problem list headed by the file's name.

Invariants: no input makes a command print a traceback; the CLI catches the errors it expects (``OSError``,
``UnicodeDecodeError``, YAML syntax, ``RulesetError``, ``TranscriptError``, ``PartyError``, ``SaveError``) by name, never
``Exception``. Every command that reads a file reads ``-`` as stdin. Importing this module and building the
parser import argparse and ``cli_io`` and nothing of the stages (``--help`` costs the package's own import and
argparse); every command imports what it needs when it runs: ``scan`` the scanner, the reader and the joiner
but no ruleset machinery (no ``tagproc.ruleset``, pydantic, yaml nor jinja2) unless ``--json`` reads its tags
against a ruleset; ``run`` what plays a transcript, and what replays a saved game only for a JSON one.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tagproc.cli_io import (
    STDIN,
    STDIN_LABEL,
    CannotRead,
    label_of,
    problem,
    read_input,
    write_json,
    write_text,
    yaml_syntax_error,
)

if TYPE_CHECKING:
    from tagproc.game import Game
    from tagproc.render import Renderer
    from tagproc.stream import Event
    from tagproc.transcript import Transcript, TranscriptResult

__all__ = [
    "STDIN",
    "CannotRead",
    "event_json",
    "main",
    "read_input",
    "stream_events",
    "write_json",
    "write_text",
    "yaml_syntax_error",
]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``tagproc`` command line; returns the exit code."""
    parser = _build_parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "handler"):
        parser.print_help(sys.stderr)
        return 2
    try:
        code: int = args.handler(args)
    except BrokenPipeError:  # "tagproc scan --json reply.txt | head" is fine
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        return 130
    return code


# -- the parser -------------------------------------------------------------------------------------


def positive_int(text: str) -> int:
    """An argparse type: a whole number of 1 or more (else a usage error, exit 2)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, got {value}")
    return value


def whole_number(text: str) -> int:
    """An argparse type: any whole number (a seed)."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None


def party_names(text: str) -> list[str]:
    """An argparse type: names separated by commas, the player first (``Player`` when none is written).

    A name with a byte that is not UTF-8 (Python reads it as a lone surrogate) is a usage error."""
    names = [name.strip() for name in text.split(",") if name.strip()] or ["Player"]
    for name in names:
        try:
            name.encode("utf-8")
        except UnicodeEncodeError:
            shown = name.encode("utf-8", "backslashreplace").decode("utf-8")
            raise argparse.ArgumentTypeError(f'not UTF-8 text: "{shown}"') from None
    return names


def add_command(
    sub: argparse._SubParsersAction[argparse.ArgumentParser],
    name: str,
    *,
    help: str,
    description: str,
    examples: Sequence[str],
) -> argparse.ArgumentParser:
    """A subcommand whose ``--help`` shows its description and examples as written."""
    return sub.add_parser(
        name,
        help=help,
        description=description,
        epilog="examples:\n" + "\n".join(f"  {line}" for line in examples),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )


def _version() -> str:
    import tagproc

    version: str = tagproc.__version__
    return version


class _VersionAction(argparse.Action):
    """``--version``: the version is read from the package metadata only when asked for."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        print(f"{parser.prog} {_version()}")
        parser.exit()


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tagproc",
        description="Stream a Game Master's tagged reply, hide and repair its tags, run them against a "
        "game and render the answers: play transcripts, scan replies, check rulesets.",
        epilog="Run 'tagproc COMMAND --help' for a command's options and examples.",
    )
    parser.add_argument("--version", action=_VersionAction, help="print tagproc's version and exit")
    sub = parser.add_subparsers(title="commands", metavar="COMMAND")
    _add_game_commands(sub)
    _add_optional_commands(sub)
    return parser


def _add_game_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    demo = add_command(
        sub,
        "demo",
        help="play the shipped sample transcript: what the player sees, and the answers",
        description="Play the shipped sample transcript (tagproc/samples/demo.yaml) on gravewatch, streamed "
        "in chunks:\neach turn's visible text, the answers that replace its tags, and the holdings after.",
        examples=["tagproc demo", "tagproc demo --chunk 1     # one character at a time: the same turns"],
    )
    demo.add_argument(
        "--chunk", type=positive_int, default=7, metavar="N", help="stream in chunks of N characters (7)"
    )
    demo.set_defaults(handler=_cmd_demo)

    run = add_command(
        sub,
        "run",
        help="play a transcript (YAML) or a saved game (JSON): each turn's visible text and answers",
        description="Play a transcript (YAML, see the README's Transcripts) or replay a saved game (JSON, "
        '"format": "tagproc-game",\nsee Saved games): each turn\'s kind, what the player sees, the answers '
        "and journal lines, then the\nholdings. One that cannot be run is refused with every problem at once "
        "(exit 1).",
        examples=[
            "tagproc run game.yaml",
            "tagproc run game.yaml --json --chunk 3",
            "cat game.yaml | tagproc run -",
            "tagproc run game.yaml --save game.json   # then: tagproc run game.json (the same turns)",
        ],
    )
    run.add_argument("file", help="a transcript file or a saved game, or - for stdin")
    run.add_argument("--json", action="store_true", help="print the turns and holdings as JSON")
    run.add_argument(
        "--chunk", type=positive_int, metavar="N", help="stream each message in N-character chunks"
    )
    run.add_argument(
        "--seed", type=whole_number, metavar="N", help="the game seed (instead of the transcript's)"
    )
    run.add_argument("--templates", metavar="DIR", help="a folder of templates over the shipped ones")
    run.add_argument("--save", metavar="OUT", help="write the game after the run to OUT, a saved game (JSON)")
    run.add_argument(
        "--ruleset",
        metavar="RULESET",
        help="for a saved game: the ruleset it was saved with (a shipped name or a path; its id by default)",
    )
    run.set_defaults(handler=_cmd_run)

    scan = add_command(
        sub,
        "scan",
        help="scan a reply: print the visible text, or the events as JSON",
        description="Scan a Game Master reply: print what the player sees (the tags hidden), or with --json "
        "one JSON\nobject per event, each tag with what it becomes against --ruleset and --party.",
        examples=[
            "tagproc scan reply.txt --chunk 5",
            'echo \'He pays. [inventory: action="pay" amount="3 shillings"]\' | tagproc scan --json --party Ada',
        ],
    )
    scan.add_argument(
        "file", nargs="?", default=STDIN, help="a file with the reply, or - for stdin (the default)"
    )
    how = scan.add_mutually_exclusive_group()
    how.add_argument("--chunk", type=positive_int, metavar="N", help="stream it in N-character chunks")
    how.add_argument("--tokens", action="store_true", help="stream it in model tokens (tiktoken)")
    scan.add_argument("--json", action="store_true", help="print one JSON object per event")
    scan.add_argument(
        "--ruleset",
        default="gravewatch",
        help="with --json: the ruleset the tags are read against (a shipped name or a path; gravewatch)",
    )
    scan.add_argument(
        "--party",
        type=party_names,
        default=["Player"],
        help="with --json: the party's names, comma-separated, the player first (default: Player)",
    )
    scan.add_argument(
        "--seed", type=whole_number, default=0, metavar="N", help="with --json: the game seed (0)"
    )
    scan.set_defaults(handler=_cmd_scan)


def _add_optional_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Commands of the later stages, registered by their own modules."""
    from tagproc.preview_cli import add_preview_command
    from tagproc.ruleset_cli import add_ruleset_commands
    from tagproc.serve.cli import add_serve_command

    add_preview_command(sub)
    add_ruleset_commands(sub)
    add_serve_command(sub)


# -- scan -------------------------------------------------------------------------------------------


def _chunks(text: str, *, size: int | None, tokens: bool) -> Iterable[str]:
    if tokens:
        from tagproc.tokens import TokenCounter

        return TokenCounter().pieces(text)
    if size is None:
        return [text]
    return (text[i : i + size] for i in range(0, len(text), size))


def stream_events(chunks: Iterable[str]) -> list[Event]:
    """Feed ``chunks`` through a fresh ``TagStream``; adjacent text merged."""
    from tagproc.stream import TagStream, merge_text

    stream = TagStream()
    events: list[Event] = []
    for chunk in chunks:
        events.extend(stream.feed(chunk))
    events.extend(stream.close())
    return merge_text(events)


def event_json(event: Event) -> dict[str, object]:
    """One event as a JSON-ready dict; a tag carries what ``read_tag`` made of it."""
    from tagproc.stream import Text
    from tagproc.syntax import read_tag

    if isinstance(event, Text):
        out: dict[str, object] = {"event": "text", "text": event.text}
        if event.reason:
            out["reason"] = event.reason
        return out
    reading = read_tag(event.raw)
    return {
        "event": "tag",
        "raw": event.raw,
        "name": event.name,
        "start": event.start,
        "end": event.end,
        "closed": event.closed,
        "mark": event.mark,
        "tag": reading.name,
        "attrs": [list(pair) for pair in reading.attrs],
        "ignored": [list(pair) for pair in reading.ignored],
        "repairs": [{"code": r.code, "before": r.before, "after": r.after} for r in reading.repairs],
        "problem": reading.problem,
    }


def _cmd_scan(args: argparse.Namespace) -> int:
    from tagproc.stream import RawTag
    from tagproc.visible import VisibleText

    try:
        text = read_input(args.file)
    except CannotRead as error:
        return problem(error)
    chunks = list(_chunks(text, size=args.chunk, tokens=args.tokens))
    events = stream_events(chunks)
    if not args.json:  # written as the joiner gives it: the visible text is never copied whole
        joiner = VisibleText()
        last = ""
        for piece in (joiner.feed(events), joiner.close()):
            if piece:
                write_text(piece)
                last = piece[-1]
        if last != "\n":
            sys.stdout.write("\n")
        return 0
    game = _scan_game(args)
    if isinstance(game, int):
        return game
    records = iter(_read_against_ruleset(game, chunks))
    for event in events:
        out = event_json(event)
        if isinstance(event, RawTag) or event.reason == "too-long":
            out.update(next(records))
        write_json(out)
    return 0


def _scan_game(args: argparse.Namespace) -> Game | int:
    """The game ``scan --json`` reads a reply in, or the exit code of the problem that stopped it."""
    from tagproc.game import Game
    from tagproc.party import PartyError
    from tagproc.ruleset import RulesetError
    from tagproc.ruleset_cli import load_ruleset_source

    try:
        return Game(load_ruleset_source(args.ruleset), args.party, args.seed)
    except CannotRead as error:
        return problem(f"tagproc scan: --ruleset {error}")
    except RulesetError as error:
        return problem(f"tagproc scan: --ruleset {error}")
    except PartyError as error:
        return problem(f"tagproc scan: --party: {error}")


def _read_against_ruleset(game: Game, chunks: list[str]) -> list[dict[str, object]]:
    """What a Game Master reply's tags become in ``game``, one dict per tag: the commands, every repair
    (the reader's and the normaliser's), why a tag was not run, and its answers."""
    turn = game.begin_reply()
    for chunk in chunks:
        turn.feed(chunk)
    result = turn.finish()
    rendered = iter(result.answers)
    out: list[dict[str, object]] = []
    for record in result.tags:
        data = record.to_json()
        out.append(
            {
                "commands": data["commands"],
                "repairs": [dict(zip(("code", "before", "after"), r, strict=True)) for r in data["repairs"]],
                "skipped": record.skipped,
                "answers": [next(rendered) for _ in record.answers],
            }
        )
    return out


# -- run and demo -----------------------------------------------------------------------------------


def _cmd_demo(args: argparse.Namespace) -> int:
    from importlib import resources

    from tagproc.transcript import run_transcript

    with resources.as_file(resources.files("tagproc.samples").joinpath("demo.yaml")) as path:
        result = run_transcript(path, chunk=args.chunk)
    print(
        f"tagproc demo: {path.name} on {result.game.rules.ruleset.name}, streamed in {args.chunk}-character chunks"
    )
    print(
        "(the player sees the prose; the Game Master's next prompt carries each tag rewritten as its answer)"
    )
    print()
    _print_turns(result)
    return 0


def _cmd_run(args: argparse.Namespace) -> int:
    renderer = None
    if args.templates:
        from tagproc.render import Renderer, TemplateProblem

        try:
            renderer = Renderer(templates=args.templates)
        except TemplateProblem as error:
            return problem(f"tagproc run: --templates: {error}")
    try:
        text = read_input(args.file)
        saved = _saved_game(text, label_of(args.file))
    except CannotRead as error:
        return problem(error)
    result = _run_transcript(args, text, renderer) if saved is None else _run_saved(args, saved, renderer)
    if isinstance(result, int):
        return result
    if args.json:
        write_json(result.to_json(), indent=2)
    else:
        _print_turns(result)
    return 0 if args.save is None else _save_game(result.game, args.save)


def _run_transcript(args: argparse.Namespace, text: str, renderer: Renderer | None) -> TranscriptResult | int:
    from dataclasses import replace

    from tagproc.transcript import TranscriptError, run_transcript

    if args.ruleset is not None:
        return problem("tagproc run: --ruleset is for a saved game; a transcript names its own ruleset")
    try:
        transcript = load_transcript_input(args.file, text)
    except CannotRead as error:
        return problem(error)
    except TranscriptError as error:
        lines = "".join(f"\n  {p}" for p in error.problems)
        return problem(f"{label_of(args.file)}: {len(error.problems)} problem(s) in the transcript{lines}")
    if args.seed is not None:
        transcript = replace(transcript, seed=args.seed)
    return run_transcript(transcript, chunk=args.chunk, renderer=renderer)


def _saved_game(text: str, label: str) -> dict[str, Any] | None:
    """The saved game ``text`` is (JSON with ``"format": "tagproc-game"``), or None for anything else."""
    import json

    try:
        data = json.loads(text)
    except ValueError:  # YAML, or not JSON at all: the transcript reader says what it is
        return None
    except RecursionError:
        raise CannotRead(label, "JSON nested too deeply to read") from None
    from tagproc.saved import is_saved_game  # JSON: only now is what replays a saved game worth importing

    return data if is_saved_game(data) else None


def _run_saved(
    args: argparse.Namespace, doc: dict[str, Any], renderer: Renderer | None
) -> TranscriptResult | int:
    from tagproc.ruleset import RulesetError
    from tagproc.saved import SaveError, replay

    if args.seed is not None:
        write_text(
            "tagproc run: --seed is for a transcript; a saved game keeps the seed it was played with\n",
            sys.stderr,
        )
        return 2
    try:
        return replay(doc, args.ruleset, chunk=args.chunk, renderer=renderer)
    except RulesetError as error:
        return problem(f"tagproc run: --ruleset {error}")
    except SaveError as error:
        lines = "".join(f"\n  {p}" for p in error.problems)
        return problem(f"{label_of(args.file)}: {len(error.problems)} problem(s) in the saved game{lines}")


def _save_game(game: Game, out: str) -> int:
    """Write ``game`` to ``out`` as a saved game (whole or not at all: a temporary file replaces it)."""
    import os

    target = Path(out)
    temporary = target.with_name(f".{target.name}.tmp")
    try:
        with temporary.open("w", encoding="utf-8") as file:
            write_json(game.save(), file)
        os.replace(temporary, target)
    except OSError as error:
        temporary.unlink(missing_ok=True)
        return problem(f"tagproc run: --save {out}: cannot write it: {error.strerror or error}")
    return 0


def load_transcript_input(path: str, text: str | None = None) -> Transcript:
    """The transcript in a file or on stdin (``-``), ``text`` when it was read already: :class:`CannotRead`
    when it cannot be read or is not YAML, ``TranscriptError`` with every problem of what it says. A ruleset
    path in a transcript read from stdin is relative to the working directory."""
    from tagproc.transcript import load_transcript, parse_transcript

    label = label_of(path)
    text = read_input(path) if text is None else text
    syntax = yaml_syntax_error(text, label)
    if syntax is not None:
        raise syntax
    try:
        if path != STDIN:
            return load_transcript(path)
        return parse_transcript(text, STDIN_LABEL, Path.cwd())
    # The ruleset file a transcript names is read by the library, which today lets these two through:
    except OSError as error:
        raise CannotRead(label, f"cannot read {error.filename}: {error.strerror or error}") from None
    except UnicodeDecodeError as error:
        raise CannotRead(label, f"a file it names is not UTF-8 text (at offset {error.start})") from None


def _print_turns(result: TranscriptResult) -> None:
    """Each turn: its kind, what the player sees (an action: one line saying it), then the answers and journal
    lines it gave."""
    from tagproc.transcript_actions import describe_action

    lines: list[str] = []
    for number, ((kind, turn), again) in enumerate(zip(result.turns, result.reran, strict=False), start=1):
        lines.append(f"== {number}. {kind} ==")
        lines.append(describe_action(turn.action) if turn.action is not None else turn.visible.rstrip())
        lines.extend(f"  -> {answer}" for answer in turn.answers)
        lines.extend(f"  journal: {entry}" for entry in turn.to_json()["journal"])
        for later in again:  # a regenerate ran the actions after the reply it replaced again
            assert later.action is not None
            lines.append(f"  ran again: {describe_action(later.action)}")
            lines.extend(f"    -> {answer}" for answer in later.answers)
            lines.extend(f"    journal: {entry}" for entry in later.to_json()["journal"])
        lines.append("")
    lines.append("== holdings ==")
    for member, held in result.holdings().items():
        items = ", ".join(f"{name} ×{count}" for name, count in held.items()) or "nothing"
        lines.append(f"{member}: {items}")
    write_text("\n".join(lines) + "\n")
