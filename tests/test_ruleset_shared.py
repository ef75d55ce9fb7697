"""Shared rulesets: one ``Rules`` per process for every game naming a ruleset, reloaded when its file changes,
safe across threads; the content hash is the same in every process and for every file format."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
import yaml

from tagproc import Game
from tagproc.engine.rules import Rules
from tagproc.ruleset import Ruleset, RulesetError, load_ruleset
from tagproc.ruleset import shared as shared_module
from tagproc.ruleset.shared import ruleset_hash, shared_rules

CHARMS = Path(__file__).resolve().parent.parent / "golden" / "market-charms.json"


def _copy(folder: Path, name: str = "charms.json") -> Path:
    target = folder / name
    target.write_text(CHARMS.read_text(encoding="utf-8"), encoding="utf-8")
    return target


def test_every_game_naming_a_shipped_ruleset_shares_one_rules() -> None:
    first, second = Game("gravewatch", ["Ada"]), Game("gravewatch", ["Bram"], seed=9)
    assert first.rules is second.rules is shared_rules("gravewatch")
    assert Game.load(first.save()).rules is first.rules


def test_other_layers_are_other_rules_over_the_same_ruleset() -> None:
    plain, night = shared_rules("gravewatch"), shared_rules("gravewatch", ["long_night"])
    assert plain is not night
    assert plain.ruleset is night.ruleset
    assert night.book.layers == ("long_night",)
    assert shared_rules("gravewatch", ("long_night",)) is night


def test_a_ruleset_or_rules_given_is_used_as_given_never_shared() -> None:
    ruleset = load_ruleset("gravewatch")
    rules = Rules(ruleset)
    assert Game(rules, ["Ada"]).rules is rules
    assert Game(ruleset, ["Ada"]).rules is not Game(ruleset, ["Ada"]).rules


def test_a_file_is_shared_by_its_resolved_path_and_loaded_again_once_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _copy(tmp_path)
    first = shared_rules(path)
    monkeypatch.chdir(tmp_path)
    assert shared_rules("charms.json") is first
    assert Game(path, ["Ada"]).rules is first
    data = json.loads(path.read_text(encoding="utf-8"))
    data["name"] = "Charms, edited"
    path.write_text(json.dumps(data), encoding="utf-8")
    edited = shared_rules(path)
    assert edited is not first
    assert edited.ruleset.name == "Charms, edited"
    assert shared_rules(path) is edited


def test_a_ruleset_that_fails_to_load_is_not_kept(tmp_path: Path) -> None:
    path = tmp_path / "later.json"
    with pytest.raises(RulesetError):
        shared_rules(path)
    path.write_text(CHARMS.read_text(encoding="utf-8"), encoding="utf-8")
    assert shared_rules(path).ruleset.id == "market-charms"


def test_an_unknown_layer_is_the_ruleset_s_own_error() -> None:
    with pytest.raises(RulesetError) as caught:
        shared_rules("gravewatch", ["no_such"])
    assert [str(p) for p in caught.value.problems] == [
        'layers: Unknown layer "no_such"; this ruleset has long_night'
    ]


def test_threads_asking_at_once_load_the_ruleset_once_and_share_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _copy(tmp_path)
    loads: list[str] = []
    real = load_ruleset

    def counted(source: str | Path) -> Ruleset:
        loads.append(str(source))
        return real(source)

    monkeypatch.setattr(shared_module, "load_ruleset", counted)
    start = threading.Barrier(8)
    found: list[Rules] = []

    def ask() -> None:
        start.wait()
        found.append(shared_rules(path))

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(loads) == 1
    assert len(found) == 8 and all(rules is found[0] for rules in found)


def test_the_content_hash_is_the_same_in_another_process_and_for_the_same_ruleset_in_yaml(
    tmp_path: Path,
) -> None:
    here = ruleset_hash(load_ruleset("gravewatch"))
    assert ruleset_hash(shared_rules("gravewatch").ruleset) == here
    code = "from tagproc.ruleset import load_ruleset; from tagproc.ruleset.shared import ruleset_hash; "
    code += "print(ruleset_hash(load_ruleset('gravewatch')))"
    root = str(Path(__file__).resolve().parent.parent)
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": root}
        out = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        assert out.stdout.strip() == here
    as_yaml = tmp_path / "charms.yaml"
    as_yaml.write_text(yaml.safe_dump(json.loads(CHARMS.read_text(encoding="utf-8"))), encoding="utf-8")
    assert ruleset_hash(load_ruleset(as_yaml)) == ruleset_hash(load_ruleset(CHARMS))
    assert ruleset_hash(load_ruleset("ember-roads")) != here
