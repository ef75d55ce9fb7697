"""Helpers for the normaliser's tests on the shipped rulesets: a party's names, a tag (or a reading with
keyless text) normalised as the pipeline does, and commands compared whole, less their repairs and notes (or
with their notes in the shipped templates' words: ``in_words``, ``worded``)."""

from __future__ import annotations

from functools import cache

from tagproc.commands import CoinAmount, Command, ItemRef, Unreadable
from tagproc.engine.state import GameState, Member
from tagproc.names import ItemNames
from tagproc.normalize import normalize
from tagproc.syntax import TagReading, read_tag
from tests.engine_support import rules_for, said_each

PARTY = ("Ada", "Bram", "Mira")
AnyCommand = Command | Unreadable


@cache
def names_for(ruleset: str = "gravewatch", members: tuple[str, ...] = PARTY) -> ItemNames:
    """The names a turn normalises against: the ruleset's, and a party of ``members``."""
    state = GameState(party=tuple(Member(name=name) for name in members))
    return rules_for(ruleset).names(state)


def run(tag: str, ruleset: str = "gravewatch") -> list[AnyCommand]:
    """``tag`` read and normalised as the turn does it."""
    return normalize(read_tag(tag), names_for(ruleset), tag)


def run_free(
    name: str, attrs: tuple[tuple[str, str], ...], free: tuple[str, ...], ruleset: str = "gravewatch"
) -> list[AnyCommand]:
    """A reading with keyless text (``TagReading.free``) normalised, as syntax will hand it over."""
    return normalize(TagReading(name=name, attrs=attrs, free=free), names_for(ruleset))


def only(commands: list[AnyCommand]) -> AnyCommand:
    assert len(commands) == 1, commands
    return commands[0]


def bare(command: AnyCommand) -> AnyCommand:
    """The command less its repairs and notes, to compare whole."""
    return command.model_copy(update={"repairs": (), "notes": ()})


def refusal(commands: list[AnyCommand]) -> Unreadable:
    command = only(commands)
    assert isinstance(command, Unreadable), command
    return command


def item(label: str) -> ItemRef:
    """A ruleset item, by its label."""
    return ItemRef(name=label, label=label)


def plain(name: str) -> ItemRef:
    """A name no ruleset item has."""
    return ItemRef(name=name)


def coins(count: int, coin: str, label: str) -> tuple[CoinAmount, ...]:
    return (CoinAmount(name=label, count=count, coin=coin, label=label),)


def codes(command: AnyCommand) -> list[str]:
    return [repair.code for repair in command.repairs]


def said_notes(command: AnyCommand) -> tuple[str, ...]:
    """Each of a command's notes in the shipped templates' words."""
    return said_each(command.notes)


def said_detail(command: Unreadable) -> str:
    """What an unreadable tag's ``detail`` says, in the shipped templates' words ("" for none)."""
    return said_each((command.detail,))[0] if command.detail is not None else ""


def in_words(command: AnyCommand) -> dict[str, object]:
    """The command as a dict, its repairs aside, its notes (and an unreadable's detail) as their words: to
    compare with ``worded``."""
    fields = command.model_dump(exclude={"repairs", "notes", "detail"})
    fields["notes"] = said_notes(command)
    if isinstance(command, Unreadable):
        fields["detail"] = said_detail(command)
    return fields


def worded(command: AnyCommand, notes: tuple[str, ...] = (), detail: str = "") -> dict[str, object]:
    """A command written out in a test (with no notes of its own) as ``in_words`` gives it: ``notes`` and
    ``detail`` are the words expected."""
    fields = command.model_dump(exclude={"repairs", "notes", "detail"})
    fields["notes"] = notes
    if isinstance(command, Unreadable):
        fields["detail"] = detail
    return fields
