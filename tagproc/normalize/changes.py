"""Worn and carried changes of an invented item, read from the Game Master's words.

Spec "The Game Master invents items in your words": ``worn=`` and ``carried=`` are changes split by ``;``,
each ``+N``, ``-N``, ``advantage``, ``disadvantage`` or ``fails`` (for saves), on skills or saves by name,
or on ``checks`` or ``saves`` for all of them; ``+N`` or ``-N`` on an ability's name to raise or lower it;
and, where there are fights, ``+N``/``-N``/advantage/disadvantage on attacks and ``+N``/``-N`` on defense or
the ruleset's word for it (``worn="+1 Sneak; disadvantage on Sway checks"``, ``carried="+1 Brawn"``,
``none``). Also what a small model writes instead: the number after the name (``Brawn +1``) and "bonus"
after attacks or defense (``+1 attack roll bonus``).

Invariants:
- A change naming nothing the ruleset has is left out, recorded, and said in a note.
- Never raises on model text; every ``Change`` built satisfies its own validator.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from tagproc.commands import Change
from tagproc.names import ProposalWords, Word, fold
from tagproc.normalize.nouns import singular_names
from tagproc.notes import Note, note
from tagproc.repairs import Repair
from tagproc.vocabulary import ATTACK_WORDS, DEFENSE_WORDS, MODE_WORDS, NONE_WORDS

__all__ = ["Notebook", "find_word", "read_changes"]

_MODES = "|".join(re.escape(word) for word in sorted(MODE_WORDS, key=len, reverse=True))
_FRONT = re.compile(rf"\A(?:(?P<flat>[+-]\s*\d+)|(?P<mode>{_MODES}))(?![\w-])\s*(?P<rest>.*)\Z", re.I | re.S)
_BACK = re.compile(rf"\A(?P<rest>.*?)\s*(?:(?P<flat>[+-]\s*\d+)|(?P<mode>{_MODES}))\Z", re.I | re.S)
_UNSIGNED = re.compile(r"\A(?P<flat>\d+)\s+(?P<rest>\S.*)\Z", re.S)
_SPLIT = re.compile(r"\s*[;,]\s*")
_NAMES_SPLIT = re.compile(r"\s*(?:\band\b|&|/)\s*", re.I)
_PREPOSITION = re.compile(r"\A(?:on|to|for|at|in|with|vs\.?|against|of)\s+", re.I)
_FILLER = frozenset({"bonus", "penalty", "modifier", "roll", "rolls", "all", "every", "your", "the"})

Target = Literal["checks", "saves", "ability", "attacks", "defense"]


@dataclass(slots=True)
class Notebook:
    """The repairs made and the notes for the answer, gathered while one proposal is read."""

    repairs: list[Repair] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)

    def record(self, code: str, before: str, after: str, said: Note | None = None) -> None:
        self.repairs.append(Repair(code, before, after))
        if said is not None:
            self.notes.append(said)


def find_word(text: str, words: tuple[Word, ...]) -> Word | None:
    """The word ``text`` names by id or label, in any case, singular or plural."""
    for candidate in (text, *singular_names(text.strip())):
        wanted = fold(candidate)
        for word in words:
            if wanted in (fold(word.id), fold(word.label)):
                return word
    return None


def read_changes(text: str, words: ProposalWords, key: str, book: Notebook) -> tuple[Change, ...]:
    """Read a ``worn=`` or ``carried=`` value into changes; ``none`` is no change at all."""
    if text.strip().lower() in NONE_WORDS:
        book.record("none-for-empty", text, "")
        return ()
    changes: list[Change] = []
    for part in filter(None, _SPLIT.split(text.strip().rstrip("."))):
        change = _read_change(part, words, book)
        if change is None:
            book.record(
                f"left-out-{key}", part, "", note("read_proposal.change_left_out", key=key, text=part)
            )
        else:
            changes.append(change)
    return tuple(changes)


def _read_change(part: str, words: ProposalWords, book: Notebook) -> Change | None:
    effect = _effect(part, book)
    if effect is None:
        return None
    flat, mode, rest = effect
    hint, target = _target_words(rest)
    if target in ATTACK_WORDS or (not target and hint is None and rest.lower().strip() in ATTACK_WORDS):
        return _fight_change("attacks", flat, mode, words) if words.has_fights else None
    if target in DEFENSE_WORDS or any(fold(target) == fold(word) for word in words.defense_words):
        return _fight_change("defense", flat, mode, words) if words.has_fights else None
    if not target:
        if hint is None:
            return None
        return _safe_change(hint, (), flat, mode)
    return _named_change(target, hint, flat, mode, words)


def _effect(part: str, book: Notebook) -> tuple[int | None, str | None, str] | None:
    """The +N/-N or mode of one change, front (``+1 Sneak``) or back (``Brawn +1``), and the rest."""
    text = " ".join(part.split())
    front = _FRONT.match(text)
    if front:
        return _flat(front.group("flat")), _mode(front.group("mode")), front.group("rest")
    back = _BACK.match(text)
    if back and back.group("rest"):
        book.record(
            "number-after-name", text, f"{back.group('flat') or back.group('mode')} {back.group('rest')}"
        )
        return _flat(back.group("flat")), _mode(back.group("mode")), back.group("rest")
    unsigned = _UNSIGNED.match(text)
    if unsigned:
        book.record("unsigned-number", text, f"+{text}")
        return int(unsigned.group("flat")), None, unsigned.group("rest")
    return None


def _flat(text: str | None) -> int | None:
    return None if text is None else int(text.replace(" ", ""))


def _mode(text: str | None) -> str | None:
    return None if text is None else MODE_WORDS[" ".join(text.lower().split())]


def _target_words(rest: str) -> tuple[Target | None, str]:
    """What the change is on, less prepositions and filler, and whether it said checks or saves."""
    text = _PREPOSITION.sub("", rest.strip().lower())
    words = [word for word in text.split() if word not in _FILLER]
    hint: Target | None = None
    if words[-2:] in (["saving", "throw"], ["saving", "throws"]):
        hint, words = "saves", words[:-2]
    elif words and words[-1] in ("save", "saves"):
        hint, words = "saves", words[:-1]
    elif words and words[-1] in ("check", "checks", "skill", "skills"):
        hint, words = "checks", words[:-1]
    target = " ".join(words)
    if target in ("attack", "attacks") or target in ATTACK_WORDS:
        return None, target
    return hint, target


def _fight_change(to: Target, flat: int | None, mode: str | None, words: ProposalWords) -> Change | None:
    if to == "defense" and flat is None:
        return None
    return _safe_change(to, (), flat, mode)


def _named_change(
    target: str, hint: Target | None, flat: int | None, mode: str | None, words: ProposalWords
) -> Change | None:
    """A change on skills, saves or an ability by name ("Sneak", "Steel saves", "Sneak and Sway checks")."""
    kinds: list[tuple[Target, tuple[Word, ...]]]
    if hint == "saves":
        kinds = [("saves", words.saves)]
    elif hint == "checks":
        kinds = [("checks", words.skills)]
    else:
        kinds = [("checks", words.skills), ("saves", words.saves), ("ability", words.abilities)]
    names = [name for name in _NAMES_SPLIT.split(target) if name]
    for to, vocabulary in kinds:
        found = [find_word(name, vocabulary) for name in names]
        ids = tuple(word.id for word in found if word is not None)
        if ids:
            if to == "ability":
                return _safe_change(to, ids[:1], flat, mode) if len(ids) == 1 else None
            return _safe_change(to, ids, flat, mode)
    return None


def _safe_change(to: Target, names: tuple[str, ...], flat: int | None, mode: str | None) -> Change | None:
    """A ``Change``, or None where the ruleset's grammar has no such change (advantage on an ability)."""
    if mode == "fails" and to != "saves":
        return None
    if to in ("ability", "defense") and flat is None:
        return None
    return Change.model_validate({"to": to, "names": names, "flat": flat, "mode": mode})
