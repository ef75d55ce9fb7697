"""The ``tagproc`` command: ``demo``, ``run``, ``scan`` and the ruleset commands.

The CLI is a thin shell over the library: it reads files, calls the stages and prints. Exit codes:
0 on success, 1 when what was checked has problems, 2 on a usage error (argparse's own).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Sequence
from importlib import resources
from typing import TYPE_CHECKING

from tagproc.stream import Event, RawTag, TagStream, Text, merge_text
from tagproc.syntax import read_tag
from tagproc.visible import VisibleText

if TYPE_CHECKING:
    from tagproc.transcript import TranscriptResult

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``tagproc`` command line; returns the exit code."""
    parser = _build_parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "handler"):
        parser.print_help()
        return 2
    try:
        code: int = args.handler(args)
    except BrokenPipeError:  # "tagproc scan --json reply.txt | head" is fine
        sys.stderr.close()
        return 0
    return code


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tagproc", description=__doc__.splitlines()[0] if __doc__ else None)
    sub = parser.add_subparsers(title="commands", metavar="COMMAND")

    demo = sub.add_parser(
        "demo", help="play the shipped sample transcript: what the player sees, and the answers"
    )
    demo.add_argument("--chunk", type=int, default=7, help="stream in chunks of N characters (default 7)")
    demo.set_defaults(handler=_cmd_demo)

    run = sub.add_parser("run", help="play a transcript (YAML): each turn's visible text and answers")
    run.add_argument("file", help="a transcript file (see the README's Transcripts)")
    run.add_argument("--json", action="store_true", help="print the turns and holdings as JSON")
    run.add_argument("--chunk", type=int, metavar="N", help="stream each message in N-character chunks")
    run.set_defaults(handler=_cmd_run)

    scan = sub.add_parser("scan", help="scan a reply: print the visible text, or the events as JSON")
    scan.add_argument("file", nargs="?", default="-", help="a file with the reply, or - for stdin")
    how = scan.add_mutually_exclusive_group()
    how.add_argument("--chunk", type=int, metavar="N", help="stream it in N-character chunks")
    how.add_argument("--tokens", action="store_true", help="stream it in model tokens (tiktoken)")
    scan.add_argument("--json", action="store_true", help="print one JSON object per event")
    scan.add_argument(
        "--ruleset",
        default="gravewatch",
        help="with --json: the ruleset the tags are read against (a shipped name or a path; gravewatch)",
    )
    scan.add_argument(
        "--party",
        default="Player",
        help="with --json: the party's names, comma-separated, the player first (default: Player)",
    )
    scan.set_defaults(handler=_cmd_scan)

    _add_optional_commands(sub)
    return parser


def _add_optional_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Commands of the later stages, registered by their own modules."""
    from tagproc.ruleset_cli import add_ruleset_commands

    add_ruleset_commands(sub)


def _read_input(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8", errors="surrogateescape") as handle:
        return handle.read()


def _chunks(text: str, *, size: int | None, tokens: bool) -> Iterable[str]:
    if tokens:
        from tagproc.tokens import TokenCounter

        return TokenCounter().pieces(text)
    if size is None:
        return [text]
    if size < 1:
        raise SystemExit("tagproc scan: --chunk must be 1 or more")
    return (text[i : i + size] for i in range(0, len(text), size))


def stream_events(chunks: Iterable[str]) -> list[Event]:
    """Feed ``chunks`` through a fresh ``TagStream``; adjacent text merged."""
    stream = TagStream()
    events: list[Event] = []
    for chunk in chunks:
        events.extend(stream.feed(chunk))
    events.extend(stream.close())
    return merge_text(events)


def event_json(event: Event) -> dict[str, object]:
    """One event as a JSON-ready dict; a tag carries what ``read_tag`` made of it."""
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
    text = _read_input(args.file)
    chunks = list(_chunks(text, size=args.chunk, tokens=args.tokens))
    events = stream_events(chunks)
    if not args.json:  # written as the joiner gives it: the visible text is never copied whole
        joiner = VisibleText()
        sys.stdout.write(joiner.feed(events))
        sys.stdout.write(joiner.close())
        return 0
    records = iter(_read_against_ruleset(args, chunks))
    for event in events:
        out = event_json(event)
        if isinstance(event, RawTag) or event.reason == "too-long":
            out.update(next(records))
        print(json.dumps(out, ensure_ascii=False))
    return 0


def _read_against_ruleset(args: argparse.Namespace, chunks: list[str]) -> list[dict[str, object]]:
    """What a Game Master reply's tags become against ``--ruleset`` and ``--party``, one dict per tag: the
    commands, every repair (the reader's and the normaliser's), why a tag was not run, and its answers."""
    from tagproc.game import Game
    from tagproc.ruleset import RulesetError

    party = [name.strip() for name in args.party.split(",") if name.strip()] or ["Player"]
    try:
        game = Game(args.ruleset, party)
    except (RulesetError, ValueError) as error:
        raise SystemExit(f"tagproc scan: {error}") from None
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


def _cmd_demo(args: argparse.Namespace) -> int:
    if args.chunk < 1:
        raise SystemExit("tagproc demo: --chunk must be 1 or more")
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
    from tagproc.transcript import TranscriptError, run_transcript

    if args.chunk is not None and args.chunk < 1:
        raise SystemExit("tagproc run: --chunk must be 1 or more")
    try:
        result = run_transcript(args.file, chunk=args.chunk)
    except TranscriptError as error:
        print(error, file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(result.to_json(), ensure_ascii=False, indent=2))
    else:
        _print_turns(result)
    return 0


def _print_turns(result: TranscriptResult) -> None:
    """Each turn: its kind, what the player sees, then the answers and journal lines it gave."""
    for number, (kind, turn) in enumerate(result.turns, start=1):
        print(f"== {number}. {kind} ==")
        print(turn.visible.rstrip())
        for answer in turn.answers:
            print(f"  -> {answer}")
        for entry in turn.to_json()["journal"]:
            print(f"  journal: {entry}")
        print()
    print("== holdings ==")
    for member, held in result.holdings().items():
        items = ", ".join(f"{name} ×{count}" for name, count in held.items()) or "nothing"
        print(f"{member}: {items}")
