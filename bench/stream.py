"""Benchmark the streaming scanner against a one-shot ``regex.finditer`` over the same reply.

Prints ratios measured in this one run (tests never assert a time):
- 4-character chunks vs one-shot regex scan (goal <= 20x)
- chunks of 4 KB or more vs one-shot regex scan (goal <= 2x)
- per-chunk cost at a 128 KB reply vs at a 2 KB reply (goal <= 1.5x)
- adversarial 1 MB replies: time per MB at 1 MB vs at 128 KB (goal <= 1.5x, i.e. linear)
- linear everywhere: replies of ``[Sheet music] ``, ``[inventory action ``, ``[`` and markup repeated, whole
  and in 64-character chunks, through what ``tagproc scan`` does (scanner, ``merge_text``, ``VisibleText``)
  and through a whole turn (``Turn.feed`` ... ``Turn.finish``): time per MB at 256 KB, 512 KB and 1 MB as
  a multiple of that at 128 KB (goal <= 1.5x)

Each ratio times its two sides in alternating rounds and keeps the best round of each, so a load
that comes and goes on the machine touches both sides alike.

Run: ``python bench/stream.py``
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import resources

import regex
from timing import compare, loop_time

from tagproc import Game, RawTag, TagStream, Text, parse_reply
from tagproc.cli import stream_events
from tagproc.engine.rules import Rules
from tagproc.ruleset import load_ruleset
from tagproc.stream import BODY_LIMIT, Event
from tagproc.visible import VisibleText

# The reference: one C-level pass finding every tag of the same sloppy grammar the scanner reads.
TAG_PATTERN = regex.compile(
    r"(?:\*\*|__|\*|_)?`{0,3}\\?\[[ \t]{0,3}(inventory|place|loot|sheet)[\s:\]]([^\[\]]{0,LIMIT})\]`{0,3}(?:\*\*|__|\*|_)?".replace(
        "LIMIT", str(BODY_LIMIT)
    ),
    regex.IGNORECASE,
)


def regex_one_shot(text: str) -> Callable[[], object]:
    """The bare reference: the matches of one ``regex.finditer`` pass, nothing built from them."""
    return lambda: list(TAG_PATTERN.finditer(text))


def regex_events(text: str) -> Callable[[], object]:
    """A one-shot scan as a plain program would write it: one ``regex.finditer`` pass that builds the same
    kind of events (``Text`` between matches, ``RawTag`` for each), without streaming or sloppy decisions."""

    def run() -> object:
        events: list[Event] = []
        pos = 0
        for match in TAG_PATTERN.finditer(text):
            if match.start() > pos:
                events.append(Text(text[pos : match.start()]))
            events.append(RawTag(match.group(), match.group(1), match.group(2), match.start(), match.end()))
            pos = match.end()
        if pos < len(text):
            events.append(Text(text[pos:]))
        return events

    return run


def streamed(text: str, size: int) -> Callable[[], object]:
    chunks = [text[i : i + size] for i in range(0, len(text), size)]

    def run() -> object:
        stream = TagStream()
        events: list[Event] = []
        for chunk in chunks:
            events.extend(stream.feed(chunk))
        events.extend(stream.close())
        return events

    return run


def reply_of(size: int) -> str:
    """A realistic reply (prose, prose brackets, sloppy tags: about 8 tags per 2 KB) of ``size`` chars."""
    base = resources.files("tagproc.samples").joinpath("reply.txt").read_text(encoding="utf-8")
    base = base.rsplit("[sheet:", 1)[0]  # keep the sample's tags closed so it repeats cleanly
    unit = base + ("The fire crackles and the rain keeps on. " * 8) + "\n"
    unit = unit[: 2048 - 40] + ' [loot: table="grave_goods" who="Bram"]\n'
    return (unit * (size // len(unit) + 1))[:size]


def adversarial(kind: str, size: int) -> str:
    units = {
        "unclosed [inventory: heads": "[inventory:",
        "bare [": "[",
        "bold **[ openers": "**[",
        "unclosed (inventory: heads": "(inventory: ",
        "line breaks in bodies": "[inventory: a=b\n",
        "lists nested in bodies": "[inventory: x=[",
        "struck and quoted openers": '~~"[inventory: a=b',
    }
    if kind in units:
        unit = units[kind]
        return (unit * (size // len(unit) + 1))[:size]
    return ("[inventory: " + "a=b " * size)[:size]  # one head that never closes


# Item 5 of issue 7: shapes that were quadratic somewhere on the path of a reply.
LINEAR_SHAPES = {
    "[Sheet music] ": "[Sheet music] ",
    "[inventory action ": "[inventory action ",
    "[": "[",
    "markup in prose": "**bold** `code` ~~gone~~ _it_ ",
    "markup before [": "~~**`[",
}
LINEAR_SIZES = (128 * 1024, 256 * 1024, 512 * 1024, 1024 * 1024)


def repeated(unit: str, size: int) -> str:
    """Whole units only, so that every size ends the same way (a cut unit could end in held markup)."""
    return unit * (size // len(unit))


def pieces(text: str, chunk: int | None) -> list[str]:
    return [text] if chunk is None else [text[i : i + chunk] for i in range(0, len(text), chunk)]


def scanned(text: str, chunk: int | None) -> Callable[[], object]:
    """What ``tagproc scan`` does: the scanner, the merged events, the visible text."""
    parts = pieces(text, chunk)

    def run() -> object:
        joiner = VisibleText()
        return joiner.feed(stream_events(parts)), joiner.close()

    return run


def turned(game: Game, text: str, chunk: int | None) -> Callable[[], object]:
    """A whole turn, told again at the same place (so the game does not grow between rounds)."""
    parts = pieces(text, chunk)

    def run() -> object:
        turn = game.begin_regenerate()
        for part in parts:
            turn.feed(part)
        return turn.finish()

    return run


def per_mb_ratios(build: Callable[[str], Callable[[], object]], unit: str) -> list[float]:
    """Time per MB at each of ``LINEAR_SIZES`` as a multiple of that at the first (best of 3 rounds)."""
    texts = [repeated(unit, size) for size in LINEAR_SIZES]
    runs = [build(text) for text in texts]
    best = [float("inf")] * len(runs)
    for _ in range(3):
        for i, run in enumerate(runs):
            best[i] = min(best[i], loop_time(run, 0.05) / len(texts[i]))
    return [per_byte / best[0] for per_byte in best[1:]]


def linear_everywhere() -> None:
    game = Game(Rules(load_ruleset("gravewatch")), [{"name": "Ada"}], seed=1)
    game.reply("The road.")
    print(
        "  linear everywhere: time per MB at 256 KB / 512 KB / 1 MB, as a multiple of that at 128 KB "
        "(goal <= 1.5x)"
    )
    for label, unit in LINEAR_SHAPES.items():
        for chunk in (None, 64):
            how = "whole" if chunk is None else "64-char chunks"
            for path, build in (
                ("scan", lambda text, chunk=chunk: scanned(text, chunk)),
                ("turn", lambda text, chunk=chunk: turned(game, text, chunk)),
            ):
                ratios = " / ".join(f"{r:4.2f}x" for r in per_mb_ratios(build, unit))
                print(f"    {label!r:22} {how:14} {path}: {ratios}")


def main() -> None:
    print("tagproc stream benchmark (ratios measured in this run)")
    small, large = reply_of(2 * 1024), reply_of(128 * 1024)
    for label, text in (("2 KB reply", small), ("128 KB reply", large)):
        tags = sum(1 for event in parse_reply(text) if not hasattr(event, "text"))
        print(f"  {label} ({tags} tags):")
        for size, goal in ((4, 20), (4096, 2), (16384, 2)):
            bare = compare(streamed(text, size), regex_one_shot(text))
            built = compare(streamed(text, size), regex_events(text))
            what = "4-character chunks" if size == 4 else f"{size // 1024} KB chunks"
            print(
                f"    {what:18} = {bare:5.2f}x a bare one-shot regex.finditer, "
                f"{built:5.2f}x a one-shot finditer scan building the same events (goal <= {goal}x)"
            )
    per_chunk = compare(streamed(large, 4), streamed(small, 4), rounds=5) / (len(large) / len(small))
    print(f"  per-chunk cost (4-char chunks), 128 KB reply vs 2 KB reply = {per_chunk:4.2f}x (goal <= 1.5x)")
    kinds = (
        "unclosed [inventory: heads",
        "bare [",
        "bold **[ openers",
        "one head, no ]",
        "unclosed (inventory: heads",
        "line breaks in bodies",
        "lists nested in bodies",
        "struck and quoted openers",
    )
    for kind in kinds:
        small_adv, large_adv = adversarial(kind, 128 * 1024), adversarial(kind, 1024 * 1024)
        per_mb = compare(streamed(large_adv, 4096), streamed(small_adv, 4096), rounds=5) / 8
        print(f"  adversarial 1 MB, {kind}: time per MB = {per_mb:4.2f}x that at 128 KB (goal <= 1.5x)")
    linear_everywhere()


if __name__ == "__main__":
    main()
