"""Benchmark the streaming scanner against a one-shot ``regex.finditer`` over the same reply.

Prints ratios measured in this one run (tests never assert a time):
- 4-character chunks vs one-shot regex scan (goal <= 20x)
- chunks of 4 KB or more vs one-shot regex scan (goal <= 2x)
- per-chunk cost at a 128 KB reply vs at a 2 KB reply (goal <= 1.5x)
- adversarial 1 MB replies: time per MB at 1 MB vs at 128 KB (goal <= 1.5x, i.e. linear)

Each ratio times its two sides in alternating rounds and keeps the best round of each, so a load
that comes and goes on the machine touches both sides alike.

Run: ``python bench/stream.py``
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import resources

import regex
from timing import compare

from tagproc import RawTag, TagStream, Text, parse_reply
from tagproc.stream import BODY_LIMIT, Event

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
    units = {"unclosed [inventory: heads": "[inventory:", "bare [": "[", "bold **[ openers": "**["}
    if kind in units:
        unit = units[kind]
        return (unit * (size // len(unit) + 1))[:size]
    return ("[inventory: " + "a=b " * size)[:size]  # one head that never closes


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
    for kind in ("unclosed [inventory: heads", "bare [", "bold **[ openers", "one head, no ]"):
        small_adv, large_adv = adversarial(kind, 128 * 1024), adversarial(kind, 1024 * 1024)
        per_mb = compare(streamed(large_adv, 4096), streamed(small_adv, 4096), rounds=3) / 8
        print(f"  adversarial 1 MB, {kind}: time per MB = {per_mb:4.2f}x that at 128 KB (goal <= 1.5x)")


if __name__ == "__main__":
    main()
