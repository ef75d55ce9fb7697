"""Print the corpus table on the code in this checkout: per class total/meant/missed/wrong/leaked/crash,
then one line per case that was not meant.

    python tests/corpus/report.py              # or: PYTHONPATH=. python -m tests.corpus.report
    python tests/corpus/report.py --class coins --full
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a plain script: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.corpus.harness import VERDICTS, Outcome, run_corpus, tally


def table(outcomes: list[Outcome]) -> list[str]:
    """The per-class table, a total row last."""
    rows = tally(outcomes)
    head = f"{'class':<16} {'total':>5} " + " ".join(f"{verdict:>6}" for verdict in VERDICTS)
    lines = [head, "-" * len(head)]
    totals = dict.fromkeys(VERDICTS, 0)
    for cls, counts in rows.items():
        total = sum(counts.values())
        lines.append(f"{cls:<16} {total:>5} " + " ".join(f"{counts[verdict]:>6}" for verdict in VERDICTS))
        for verdict in VERDICTS:
            totals[verdict] += counts[verdict]
    lines.append("-" * len(head))
    grand = sum(totals.values())
    lines.append(f"{'all':<16} {grand:>5} " + " ".join(f"{totals[verdict]:>6}" for verdict in VERDICTS))
    if grand:
        lines.append(f"meant {totals['meant'] / grand:.1%}")
    return lines


def failures(outcomes: list[Outcome], full: bool = False, width: int = 220) -> list[str]:
    """One line per case that was not meant (every problem, uncut, with ``full``)."""
    lines: list[str] = []
    for outcome in outcomes:
        if outcome.verdict == "meant":
            continue
        detail = " | ".join(outcome.problems)
        line = f"{outcome.verdict:<6} {outcome.case.cls:<15} {outcome.case.id:<30} {detail}"
        lines.append(line if full else line[:width])
        if full:
            lines.append(f"       sloppy: {outcome.case.sloppy!r}")
    return lines


def main(argv: list[str] | None = None) -> int:
    from tests.corpus.cases import ALL_CASES

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--class", dest="cls", help="only this class")
    parser.add_argument("--full", action="store_true", help="every problem in full, and the sloppy reply")
    args = parser.parse_args(argv)
    cases = [case for case in ALL_CASES if args.cls is None or case.cls == args.cls]
    outcomes = run_corpus(cases)
    print("\n".join(table(outcomes)))
    lines = failures(outcomes, full=args.full)
    if lines:
        print()
        print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
