"""The fuzzer of ``bench/fuzz.py``, small and seeded: mutated replies and rulesets break nothing.

About 2,000 mutated replies (a third on each shipped ruleset) must raise nothing, fire no net, serialise
and encode, and scan the same however they are split; 60 mutated rulesets must raise nothing but
``RulesetError``. Two inputs the boundaries handle are pinned here too: a lone surrogate in the prose (a
``Turn`` reads it as U+FFFD) and JSON nested thousands deep (a ``RulesetError``, never ``RecursionError``).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bench import fuzz
from tagproc import Game
from tagproc.ruleset import RulesetError, load_ruleset


def _failures(tally: fuzz.Tally) -> list[str]:
    return [
        f"{failure.signature()} [{failure.ruleset}] {failure.reply[:300]!r}" for failure in tally.failures
    ]


@pytest.mark.parametrize("ruleset", fuzz.RULESETS)
def test_mutated_replies_raise_nothing_fire_no_net_and_serialise(ruleset: str) -> None:
    tally = fuzz.fuzz_replies(8, 667, surrogates=False, rulesets=(ruleset,), stream_every=40)
    assert (tally.replies, tally.turns) == (667, 667)
    assert tally.tags > 667  # the mutations keep most tags readable as tags
    assert _failures(tally) == []


def test_mutated_rulesets_raise_nothing_but_a_ruleset_error(tmp_path: Path) -> None:
    tally = fuzz.fuzz_rulesets(8, 60, tmp_path, deep=False)
    assert tally.rulesets == 60
    assert 0 < tally.rulesets_loaded < 60  # some mutations are harmless, most are refused
    assert _failures(tally) == []


def test_a_mutation_of_a_ruleset_changes_it() -> None:
    rng = random.Random(3)
    shipped = {(fuzz.ROOT / "tagproc" / "rulesets" / f"{name}.json").read_text() for name in fuzz.RULESETS}
    texts = [fuzz.mutate_ruleset(rng)[1] for _ in range(20)]
    assert len(set(texts)) == 20 and not set(texts) & shipped


def test_a_lone_surrogate_in_the_prose_leaves_every_output_encodable() -> None:
    result = Game("gravewatch", ["Ada"]).reply(
        'The bell\ud800 tolls. [sheet: op="note" field="post" value="x"]'
    )
    assert fuzz.turn_problems(result) == []


def test_a_ruleset_nested_thousands_deep_is_a_ruleset_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text('{"id": ' + "[" * 10_000 + "]" * 10_000 + "}", encoding="utf-8")
    with pytest.raises(RulesetError):
        load_ruleset(path)
