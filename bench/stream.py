"""Benchmark the streaming scanner against a one-shot ``regex.finditer`` over the same reply.

Prints ratios measured in this one run (no absolute claims; tests never assert a time):
- 4-character chunks vs one-shot regex scan (goal <= 20x)
- chunks of 4 KB or more vs one-shot regex scan (goal <= 2x)
- per-chunk cost at a 128 KB reply vs at a 2 KB reply (goal <= 1.5x)
- adversarial 1 MB replies: time per MB at 1 MB vs at 128 KB (goal <= 1.5x, i.e. linear)

Run: ``python bench/stream.py``
"""

from __future__ import annotations

import time
from collections.abc import Callable
from importlib import resources

import regex

from tagproc import TagStream

# The reference: one C-level pass finding every tag of the same sloppy grammar the scanner reads.
TAG_PATTERN = regex.compile(
    r"(?:\*\*|__|\*|_)?`{0,3}\\?\[[ \t]{0,3}(?:inventory|place|loot|sheet)[\s:\]][^\[\]]{0,1500}\]`{0,3}(?:\*\*|__|\*|_)?",
    regex.IGNORECASE,
)


def best_of(fn: Callable[[], object], *, repeat: int = 7, min_time: float = 0.05) -> float:
    """Seconds per call: the best of ``repeat`` rounds, each looping until ``min_time`` has passed."""
    best = float("inf")
    for _ in range(repeat):
        loops = 0
        start = time.perf_counter()
        while True:
            fn()
            loops += 1
            elapsed = time.perf_counter() - start
            if elapsed >= min_time:
                break
        best = min(best, elapsed / loops)
    return best


def regex_one_shot(text: str) -> Callable[[], object]:
    return lambda: list(TAG_PATTERN.finditer(text))


def streamed(text: str, size: int) -> Callable[[], object]:
    chunks = [text[i : i + size] for i in range(0, len(text), size)]

    def run() -> object:
        stream = TagStream()
        events = []
        for chunk in chunks:
            events.extend(stream.feed(chunk))
        events.extend(stream.close())
        return events

    return run


def reply_of(size: int) -> str:
    """A realistic reply (prose, prose brackets, sloppy tags: 8 tags per 2 KB) of about ``size`` chars."""
    base = resources.files("tagproc.samples").joinpath("reply.txt").read_text(encoding="utf-8")
    base = base.rsplit("[sheet:", 1)[0]  # keep the sample's tags closed so it repeats cleanly
    unit = base + ("The fire crackles and the rain keeps on. " * 8) + "\n"
    unit = unit[: 2048 - 40] + ' [loot: table="grave_goods" who="Bram"]\n'
    return (unit * (size // len(unit) + 1))[:size]


def main() -> None:
    print("tagproc stream benchmark (ratios from this run)")
    small, large = reply_of(2 * 1024), reply_of(128 * 1024)
    for label, text in (("2 KB reply", small), ("128 KB reply", large)):
        one_shot = best_of(regex_one_shot(text))
        four = best_of(streamed(text, 4))
        big = best_of(streamed(text, 4096))
        print(f"  {label}: 4-char chunks = {four / one_shot:5.1f}x one-shot regex (goal <= 20x)")
        print(f"  {label}: 4 KB chunks   = {big / one_shot:5.2f}x one-shot regex (goal <= 2x)")
    per_chunk_small = best_of(streamed(small, 4)) / (len(small) / 4)
    per_chunk_large = best_of(streamed(large, 4), repeat=3) / (len(large) / 4)
    print(
        f"  per-chunk cost, 128 KB vs 2 KB reply (4-char chunks) = {per_chunk_large / per_chunk_small:4.2f}x (goal <= 1.5x)"
    )
    adversarial = {
        "unclosed [inventory: heads": "[inventory:",
        "bare [": "[",
        "bold **[ openers": "**[",
        "one head, no ]": None,
    }
    for label, unit in adversarial.items():
        times = []
        for size in (128 * 1024, 1024 * 1024):
            text = (
                (unit * (size // len(unit) + 1))[:size] if unit else ("[inventory: " + "a=b " * size)[:size]
            )
            seconds = best_of(streamed(text, 4096), repeat=3, min_time=0.0)
            times.append(seconds / (size / (1024 * 1024)))
        print(
            f"  adversarial {label}: time per MB at 1 MB = {times[1] / times[0]:4.2f}x that at 128 KB (goal <= 1.5x)"
        )


if __name__ == "__main__":
    main()
