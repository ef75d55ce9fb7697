"""Normalize: a tag as read by ``syntax`` into typed commands, every repair recorded (DESIGN.md "Data flow").

``normalize(reading, names)`` is the stage's one entry point: the semantic repairs of DESIGN.md "Sloppy
input" (key, action and op aliases, numbers in words, a count inside the name, plurals and articles, coin
amounts, item names, and the proposal repairs of spec "The Game Master invents items in your words").
Every repair comes from a table in ``tagproc/vocabulary`` and travels on the command it made. The
stage runs in this order: the keyless body (``free``), a sheet's game names as keys (``sheet.loosen_sheet``),
the verb (``keys.find_verb``), the canonical keys (``keys.canonical_attrs``: aliases, unknown keys, who),
then one module per tag (``inventory``, ``sheet``). A tag in the canonical form (``keys.plain_attrs``: a
verb of the tables as they spell it, keys of that verb or their aliases, nothing free) has nothing for the
steps before the canonical keys to read, so it goes to them at once (``_plain``); the long way
(``_read_loosely``) stays the reference it is tested against (tests/test_normalize_fast.py).

Invariants:
- ``normalize`` never raises on any reading: what it cannot read is an ``Unreadable`` that changes nothing.
- A multi-item tag (``items="a, b"``) gives one command per item, in the order written; a rest naming
  several members (``who="Ada, Bram"``, ``rest vigil Ada and Bram``) one rest per member (the whole party
  named is one rest, who="party"). No other op or action runs for several members: refused.
- A member written as a key (``[Sheet - Juno: ...]``, ``[sheet: Mira: 1 harm]``) is ``who=``; a dash the
  body reader dropped between a first word and a number (``[sheet: harm - 1 Mira]``) is read only after a
  verb that says which way, else refused (a minus sign or a separator?).
- A ``result=``, ``reason=`` or ``now=`` the model wrote is recorded as a repair and otherwise ignored.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from pydantic import ValidationError

from tagproc.commands import Add, Command, Unreadable
from tagproc.documents import clean_text
from tagproc.names import CoinName, ItemNames, NameBook, ProposalWords, StatWord, Word, fold
from tagproc.normalize.counts import Problem
from tagproc.normalize.free import read_free
from tagproc.normalize.gamewords import GameIndex, each_member, game_index
from tagproc.normalize.inventory import inventory_commands
from tagproc.normalize.keys import (
    Attrs,
    Verb,
    canonical_attrs,
    coins_are_earned,
    find_verb,
    is_verb_word,
    plain_attrs,
)
from tagproc.normalize.sheet import (
    keeps_sheet,
    loosen_sheet,
    loot_command,
    place_command,
    sheet_command,
)
from tagproc.notes import Note, note
from tagproc.repairs import Repair
from tagproc.syntax import TagReading
from tagproc.vocabulary import DRUNK_WORDS, KEY_ALIASES, TAG_NAMES, USE_OR_ADD, VERB_KEY
from tagproc.vocabulary.phrases import DASHES

__all__ = [
    "CoinName",
    "ItemNames",
    "NameBook",
    "ProposalWords",
    "StatWord",
    "Word",
    "normalize",
    "written_tag",
]

_LOG = logging.getLogger(__name__)  # "tagproc.normalize": the net of ``normalize`` logs here


def normalize(
    reading: TagReading, names: ItemNames, raw: str = "", index: GameIndex | None = None
) -> list[Command | Unreadable]:
    """The commands one tag asks for; ``raw`` is the tag as written (rebuilt from ``reading`` if empty).

    ``index`` is ``game_index(names.game_words())`` when the caller keeps it (a game's words stay the same
    from tag to tag; building the index costs more than reading a tag); built here when None."""
    raw = clean_text(raw) or written_tag(reading)  # raw= goes into the answer: it must encode
    repairs = list(reading.repairs)
    if reading.ignored:
        repairs += (Repair("engine-key", f'{key}="{value}"', "") for key, value in reading.ignored)
    try:
        return _normalize(reading, names, raw, repairs, index)
    except ValidationError as error:
        return [_unreadable(reading, raw, repairs, Problem("unreadable", _first_error(error)))]
    except Exception as error:  # the stage boundary: a bug is logged with its traceback, the tag refused
        _LOG.exception("internal error normalizing tag %r", raw[:200])
        return [
            _unreadable(
                reading,
                raw,
                repairs,
                Problem("unreadable", note("read_keys.internal_error", error=type(error).__name__)),
            )
        ]


def written_tag(reading: TagReading) -> str:
    """A tag as its reading says it: ``[name: key="value" ...]`` (for ``raw=`` when the text is gone)."""
    pairs = " ".join(
        [*(f'{key}="{value}"' for key, value in (*reading.attrs, *reading.ignored)), *reading.free]
    )
    return f"[{reading.written_name or reading.name}: {pairs}]" if pairs else f"[{reading.name}]"


def _normalize(
    reading: TagReading, names: ItemNames, raw: str, repairs: list[Repair], index: GameIndex | None
) -> list[Command | Unreadable]:
    if reading.problem is not None:
        return [
            _unreadable(
                reading,
                raw,
                repairs,
                Problem("unreadable", note("read_keys.syntax", problem=reading.problem)),
            )
        ]
    if reading.name not in TAG_NAMES:
        return [
            _unreadable(
                reading, raw, repairs, Problem("unknown-tag", note("read_keys.no_tag", name=reading.name))
            )
        ]
    if index is None:
        index = game_index(names.game_words())
    plain = _plain(reading, index)
    if plain is not None:
        verb, attrs = plain
        return _built(reading, names, raw, (repairs, []), verb, attrs, index)
    return _read_loosely(reading, names, raw, repairs, index)


def _plain(reading: TagReading, index: GameIndex) -> tuple[Verb, Attrs | Problem] | None:
    """A tag in the canonical form (``keys.plain_attrs``), read at once: every step of ``_read_loosely``
    before ``canonical_attrs`` leaves such a tag as written, so its verb and attributes are those of the
    long way. None when the tag is not one (or a rest names several members: ``each_member``)."""
    if reading.free:
        return None
    plain = plain_attrs(reading.name, reading.attrs, index)
    if plain is None:
        return None
    verb, _ = plain
    if reading.name == "sheet":
        if not keeps_sheet(reading.attrs, index):
            return None
        if verb.canonical == "rest" and each_member(reading.attrs, "who", KEY_ALIASES["sheet"], index):
            return None
    return plain


def _read_loosely(
    reading: TagReading, names: ItemNames, raw: str, repairs: list[Repair], index: GameIndex
) -> list[Command | Unreadable]:
    """The long way: the keyless body, a sheet's game names as keys, the verb, then the canonical keys."""
    notes: list[Note] = []
    pairs = _loose_pairs(reading, names, index, repairs, notes)
    if isinstance(pairs, Problem):
        return [_unreadable(reading, raw, repairs, pairs)]
    verb = find_verb(reading.name, pairs, index)
    if isinstance(verb, Problem):
        return [_unreadable(reading, raw, repairs, verb)]
    if verb is None:
        key = "action" if reading.name == "inventory" else "op"
        return [
            _unreadable(reading, raw, repairs, Problem("missing-key", note("read_keys.no_verb", key=key)))
        ]
    if not verb.canonical:
        reason = "unknown-action" if reading.name == "inventory" else "unknown-op"
        return [
            _unreadable(
                reading, raw, repairs, Problem(reason, note("read_keys.cannot_do", text=verb.written))
            )
        ]
    if reading.name == "sheet" and verb.canonical == "rest":  # "who=Ada, Bram": a rest for each of them
        each = each_member(pairs, "who", KEY_ALIASES["sheet"], index)
        if isinstance(each, Problem):
            return [_unreadable(reading, raw, repairs, each)]
        if each is not None:
            said = note("read_keys.rest_each", members=tuple(member for member, _ in each))
            return [
                command
                for member, one in each
                for command in _commands(
                    reading,
                    names,
                    raw,
                    [*repairs, Repair("rest-each", member, f'who="{member}"')],
                    [*notes, said],
                    (verb, one, index),
                )
            ]
    return _commands(reading, names, raw, repairs, notes, (verb, pairs, index))


def _commands(
    reading: TagReading,
    names: ItemNames,
    raw: str,
    repairs: list[Repair],
    notes: list[Note],
    read: tuple[Verb, tuple[tuple[str, str], ...], GameIndex],
) -> list[Command | Unreadable]:
    """The commands of a tag whose verb is found: its keys made canonical, then one module per tag."""
    verb, pairs, index = read
    earned = coins_are_earned(verb, pairs, names)
    if earned is not verb:
        repairs.append(Repair("coins-are-earned", verb.written, "earn"))
        verb = earned
    attrs = canonical_attrs(reading.name, verb, pairs, names, index)
    return _built(reading, names, raw, (repairs, notes), verb, attrs, index)


def _built(
    reading: TagReading,
    names: ItemNames,
    raw: str,
    said: tuple[list[Repair], list[Note]],
    verb: Verb,
    attrs: Attrs | Problem,
    index: GameIndex,
) -> list[Command | Unreadable]:
    """The commands of canonical attributes (the repairs and notes made before them go first)."""
    repairs, notes = said
    if isinstance(attrs, Problem):
        return [_unreadable(reading, raw, repairs, attrs)]
    attrs.repairs[:0] = repairs
    attrs.notes[:0] = notes
    if reading.name == "inventory":
        return _take_or_use(verb, inventory_commands(attrs, names, raw), names, raw)
    if reading.name == "sheet":
        return [sheet_command(attrs, raw, index)]
    if reading.name == "place":
        return [place_command(attrs, raw, index)]
    return [loot_command(attrs, raw, index)]


def _loose_pairs(
    reading: TagReading, names: ItemNames, index: GameIndex, repairs: list[Repair], notes: list[Note]
) -> tuple[tuple[str, str], ...] | Problem:
    """The tag's pairs once its keyless body and (on a sheet) its game names as keys are read."""
    dash = _dash_before_number(reading, index)
    if dash is not None:
        return dash
    attrs, free = _member_as_key(reading, index, repairs)
    read = read_free(reading.name, attrs, free, names, index)
    if isinstance(read, Problem):
        return read
    repairs += read.repairs
    notes += read.notes
    pairs = read.attrs
    if reading.name == "sheet":
        loosened = loosen_sheet(pairs, index)
        if isinstance(loosened, Problem):
            return loosened
        pairs, more = loosened
        repairs += more
    return pairs


def _member_as_key(
    reading: TagReading, index: GameIndex, repairs: list[Repair]
) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...]]:
    """``[sheet: Mira: 1 harm]``: a member written as the key of a keyless body is who=, and the value is
    the body (read as keyless text). Only where the tag reads who= and writes no who= of its own."""
    if reading.name not in VERB_KEY or any(
        KEY_ALIASES[reading.name].get(key, key) == "who" for key, _ in reading.attrs
    ):
        return reading.attrs, reading.free
    found = [
        (at, member)
        for at, (key, value) in enumerate(reading.attrs)
        if value.strip() and (member := index.find_one(key, "member")) is not None
    ]
    if len(found) != 1:
        return reading.attrs, reading.free
    at, member = found[0]
    key, value = reading.attrs[at]
    repairs.append(Repair("member-as-key", f'{key}="{value}"', f'who="{member}" {value}'))
    rest = (*reading.attrs[:at], *reading.attrs[at + 1 :], ("who", member))
    return rest, (value, *reading.free)


def _dash_before_number(reading: TagReading, index: GameIndex) -> Problem | None:
    """``[sheet: harm - 1 Mira]``: the reader dropped a dash between the first word and a number. A minus
    sign or a separator? Read only after a verb that says which way (``spend - 1``); after a game name or
    anything else the tag is refused (never guess the sign)."""
    dropped = any(
        repair.code == "ignored-text" and repair.before.strip() in DASHES for repair in reading.repairs
    )
    if not dropped or not reading.free or not reading.free[0][:1].isdigit() or not reading.attrs:
        return None
    first = reading.attrs[0][1]
    if is_verb_word(reading.name, first) and not index.find(first):
        return None
    return Problem("unreadable", note("read_keys.dash", first=first, rest=reading.free[0]))


def _take_or_use(
    verb: Verb, commands: Sequence[Command | Unreadable], names: ItemNames, raw: str
) -> list[Command | Unreadable]:
    """``take`` of an item that has a use, or whose name says it is drunk or eaten, is refused: drink it,
    or pick it up? (``USE_OR_ADD``, ``DRUNK_WORDS``)."""
    if fold(verb.written) not in USE_OR_ADD:
        return list(commands)
    usable = {label.casefold() for label in names.game_words().usable}
    out: list[Command | Unreadable] = []
    for command in commands:
        if isinstance(command, Add) and _drunk_or_used(command.item.label or command.item.name, usable):
            detail = note(
                "read_keys.use_or_add", verb=verb.written, item=command.item.label or command.item.name
            )
            out.append(
                Unreadable(
                    raw=raw,
                    reason="unreadable",
                    detail=detail,
                    tag="inventory",
                    repairs=command.repairs,
                    notes=command.notes,
                )
            )
        else:
            out.append(command)
    return out


def _drunk_or_used(name: str, usable: set[str]) -> bool:
    words = {word.strip("(),.") for word in name.casefold().split()}
    return name.casefold() in usable or bool(words & DRUNK_WORDS)


def _unreadable(reading: TagReading, raw: str, repairs: Sequence[Repair], problem: Problem) -> Unreadable:
    return Unreadable(
        raw=raw, reason=problem.reason, detail=problem.detail, tag=reading.name, repairs=tuple(repairs)
    )


def _first_error(error: ValidationError) -> Note:
    """The first thing pydantic found wrong: the field (``where``, dotted) and its message."""
    first = error.errors()[0]
    return note(
        "read_keys.invalid", where=".".join(str(part) for part in first["loc"]), message=str(first["msg"])
    )
