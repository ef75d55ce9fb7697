"""Every realistic message the tests hold, played: the corpora (held-out cases too), the conformance cases and
the golden transcripts. A differential test patches the fast path it checks to record what it is asked, then
calls ``play_every_realistic()`` inside the patch."""

from __future__ import annotations

from pathlib import Path

from tagproc.transcript import run_transcript
from tests.conformance.run import check, load_cases
from tests.corpus.cases import ALL_CASES
from tests.corpus.harness import run_corpus
from tests.corpus.holdout import HOLDOUT_CASES

GOLDEN = Path(__file__).resolve().parent.parent / "golden"


def play_every_realistic() -> None:
    """Play the corpora, the conformance cases and the golden transcripts, once each."""
    run_corpus(ALL_CASES)
    run_corpus(HOLDOUT_CASES)
    for case in load_cases():
        check(case)
    for path in sorted(GOLDEN.glob("*.yaml")):
        run_transcript(path)
