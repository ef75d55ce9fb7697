"""Build the shipped ``srd-5e`` ruleset from the SRD 5e data files.

Usage, from a checkout of the repository (the SRD data is a repository input, not package data)::

    python -m tagproc.rulesets.build_srd5e                         # data/srd5e/ -> tagproc/rulesets/srd-5e.json
    python -m tagproc.rulesets.build_srd5e DATA_DIR OUT.json       # any other data folder or output file

``DATA_DIR`` holds the SRD data files ``data/srd5e/SOURCE.md`` lists, with their licences. This module is
the command line only; the translation from the SRD data into the ruleset file format (DESIGN.md "The
specification") lives in the ``tagproc.rulesets.srd5e`` package, whose docstring states its invariants
(deterministic, faithful to the SRD's costs and weights but for ``CORRECTIONS``, bundles sold as the SRD
sells them). The names below are re-exported for the tests and for readers of the README.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from tagproc.rulesets.srd5e.corrections import CORRECTIONS, Correction
from tagproc.rulesets.srd5e.equipment import equipment_item
from tagproc.rulesets.srd5e.magic import RARITY_OF, magic_item
from tagproc.rulesets.srd5e.ruleset import build_ruleset, render
from tagproc.rulesets.srd5e.services import service_item

__all__ = [
    "CORRECTIONS",
    "DATA_DIR",
    "OUT",
    "RARITY_OF",
    "Correction",
    "build_ruleset",
    "equipment_item",
    "magic_item",
    "main",
    "render",
    "service_item",
]

#: The repository's copy of the SRD data (``data/srd5e/``), read when no folder is given.
DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "srd5e"
#: The shipped ruleset the generator writes when no output is given.
OUT = Path(__file__).resolve().parent / "srd-5e.json"


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) not in (0, 2):
        print("usage: python -m tagproc.rulesets.build_srd5e [DATA_DIR OUT.json]", file=sys.stderr)
        return 2
    src, out = (Path(args[0]), Path(args[1])) if args else (DATA_DIR, OUT)
    if not src.is_dir():
        print(
            f"build_srd5e: no SRD data folder at {src} (a checkout of the repository has data/srd5e/)",
            file=sys.stderr,
        )
        return 1
    out.write_text(render(build_ruleset(src)), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
