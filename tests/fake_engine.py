"""A stand-in for ``decide`` in the turn and game tests: every command is accepted, rolls one die, and
journals what it saw, so a test can tell which state and which dice each tag ran with, whatever the real
engine modules do."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from tagproc.commands import Command
from tagproc.engine.answers import answer
from tagproc.engine.dice import Dice
from tagproc.engine.outcome import Accepted, Decision, Journaled
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState, JournalEntry


@dataclass
class FakeEngine:
    calls: list[Command] = field(default_factory=list)

    def decide(self, state: GameState, command: Command, rules: Rules, dice: Dice) -> Decision:
        self.calls.append(command)
        roll = dice.die(1_000_000)
        seen = len(state.journal)
        entry = JournalEntry(
            kind="changed", who=state.party[0].name, text=f"saw {seen} entries, rolled {roll}"
        )
        return Accepted(effects=(Journaled(entry=entry),), answers=(answer(command, now=roll),))


def install(monkeypatch: pytest.MonkeyPatch) -> FakeEngine:
    engine = FakeEngine()
    monkeypatch.setattr("tagproc.processing.decide", engine.decide)
    return engine
