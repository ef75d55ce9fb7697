"""Benchmark start-up: whole ``tagproc`` commands against ``python -c "import tagproc"``, and ``Game()``.

Prints what was measured in this one run (tests never assert a time):
- ``tagproc --help``, ``tagproc scan`` of the shipped sample reply and ``tagproc run`` of a 5-turn transcript
  (the first five turns of the shipped demo: two replies, a player's message, two replies), each a whole
  process started as the ``tagproc`` entry point starts, as a multiple of a process that only runs
  ``import tagproc`` (goals: <= 2, <= 2, <= 5)
- ``Game()`` on an already-loaded ruleset (its ``Rules`` given), in milliseconds (goal <= 0.1 ms), beside a game
  named by its shipped ruleset (the process's shared ``Rules``) and one given a renderer built for it alone
  (what every ``Game()`` paid before the environments were shared)

Each command and its reference are started in alternating rounds and the best round of each is kept, so a load
that comes and goes on the machine touches both sides alike. The processes run the ``tagproc`` this script
imports, with the environment it was given but ``PYTHONDONTWRITEBYTECODE`` (an installed package has its
bytecode compiled; one warm-up run of each command writes it), unless ``--no-bytecode`` keeps it.

Run: ``python bench/startup.py [--rounds N] [--no-bytecode]``
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import yaml
from timing import loop_time

import tagproc
from tagproc import Game
from tagproc.render import Renderer
from tagproc.ruleset.shared import shared_rules

ROOT = Path(tagproc.__file__).resolve().parent.parent  # the tree whose tagproc the processes run
SAMPLES = ROOT / "tagproc" / "samples"
# What the ``tagproc`` console script runs (pyproject's entry point), arguments after it.
ENTRY = "import sys\nfrom tagproc.cli import main\nsys.exit(main())"
PARTY = ["Ada", "Bram"]


def five_turns(folder: Path) -> Path:
    """The shipped demo transcript cut to its first five turns, written into ``folder``."""
    demo = yaml.safe_load((SAMPLES / "demo.yaml").read_text(encoding="utf-8"))
    demo["turns"] = demo["turns"][:5]
    path = folder / "five.yaml"
    path.write_text(yaml.safe_dump(demo, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def process_time(argv: Sequence[str], env: dict[str, str]) -> float:
    """Wall seconds from starting ``argv`` to its exit (its output thrown away); it must exit 0."""
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} exited {done.returncode}: {done.stderr.decode(errors='replace')}")
    return elapsed


def compare_processes(
    argv: Sequence[str], reference: Sequence[str], env: dict[str, str], rounds: int
) -> tuple[float, float]:
    """The best wall seconds of ``argv`` and of ``reference``, started in alternating rounds."""
    best = best_ref = float("inf")
    for _ in range(rounds):
        best_ref = min(best_ref, process_time(reference, env))
        best = min(best, process_time(argv, env))
    return best, best_ref


def game_times(rounds: int) -> dict[str, float]:
    """Milliseconds per ``Game()``, best of ``rounds`` rounds, for each way of naming its ruleset."""
    rules = shared_rules("gravewatch")
    Game(rules, PARTY)  # the shared environment built, as in a process that has started one game
    cases = {
        "Game(rules, party)": lambda: Game(rules, PARTY),
        "Game('gravewatch', party)": lambda: Game("gravewatch", PARTY),
        "Game(rules, party, renderer=Renderer())": lambda: Game(rules, PARTY, renderer=Renderer()),
    }
    best = dict.fromkeys(cases, float("inf"))
    for _ in range(rounds):
        for name, case in cases.items():
            best[name] = min(best[name], loop_time(case, 0.05) * 1e3)
    return best


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=9, help="rounds of each side (9)")
    parser.add_argument("--no-bytecode", action="store_true", help="keep PYTHONDONTWRITEBYTECODE if set")
    args = parser.parse_args(argv)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    if not args.no_bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    bytecode = "off" if env.get("PYTHONDONTWRITEBYTECODE") else "cached"
    reference = [sys.executable, "-c", "import tagproc"]
    with tempfile.TemporaryDirectory() as scratch:
        commands = {
            "tagproc --help": (["--help"], 2.0),
            "tagproc scan reply.txt": (["scan", str(SAMPLES / "reply.txt")], 2.0),
            "tagproc run (5 turns)": (["run", str(five_turns(Path(scratch)))], 5.0),
        }
        print(f"whole processes, best of {args.rounds} alternating rounds (bytecode {bytecode}):")
        for name, (command, goal) in commands.items():
            full = [sys.executable, "-c", ENTRY, *command]
            process_time(full, env)  # warm-up: writes the bytecode, fills the disk cache
            best, best_ref = compare_processes(full, reference, env, args.rounds)
            print(f"  {name:<24} {best / best_ref:5.2f}x  python -c 'import tagproc'  (goal <= {goal:g})")
    times = game_times(args.rounds)
    shared, own = times["Game(rules, party)"], times["Game(rules, party, renderer=Renderer())"]
    print(f"Game() in this process, best of {args.rounds} rounds (the goal is a time, so a time is printed):")
    for name, ms in times.items():
        target = "  (goal <= 0.1 ms)" if name == "Game(rules, party)" else ""
        print(f"  {name:<42} {ms:.3f} ms{target}")
    print(f"  a game over the shared environment: {own / shared:.1f}x cheaper than one building its own")


if __name__ == "__main__":
    main()
