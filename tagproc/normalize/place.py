"""A place's name and size as a model writes them around each other: ``Millbrook, market town``,
``Hollin (village)``, ``Cinder Gap (a mining camp)``, ``the village of Brackwater``, ``Brackwater village``.

The rule: a size word the game knows (its market's sizes, by id or label), said around the name (after a
separator, in a trailing parenthesis, as "the village of ...", or lowercase after the name), is the size and
never stays inside the name. A trailing parenthesis that names no size is a description: left out of the
name and said. Where the game has no sizes, a settlement word (``PLACE_KIND_WORDS``) around the name is
said and left out the same way, with no size.

Invariants:
- What is left out of the name is always a ``Repair`` and a note; the name is never empty.
- A size written twice that disagrees (``name="Hollin (town)" size="village"``) is refused.
- A capitalised size word after the name with nothing between (``Old Town``, ``Brackwater Village``) could
  be the name's own word or its size: refused unless ``size=`` is written (then the name stays whole).
"""

from __future__ import annotations

import re

from tagproc.normalize.counts import Problem
from tagproc.normalize.gamewords import GameIndex, key_of
from tagproc.normalize.keys import Attrs
from tagproc.notes import Note, note
from tagproc.repairs import Repair
from tagproc.vocabulary import ARTICLES, DAY_WORDS, PLACE_SIZE_SEPARATORS, PREPOSITIONS
from tagproc.vocabulary.phrases import PLACE_KIND_WORDS

__all__ = ["place_name"]

_PAREN = re.compile(r"\A(?P<name>.*\S)\s*\((?P<inner>[^()]+)\)\s*\Z", re.S)
_PREFIX = re.compile(r"\A(?:(?:the|a|an)\s+)?(?P<kind>[\w\- ]+?)\s+of\s+(?P<name>\S.*)\Z", re.I | re.S)
# Words that may stand before a size in a description ("a small village", "a quiet market town").
_MAX_DESCRIPTION = 4


def place_name(
    name: str, size: str | None, index: GameIndex, attrs: Attrs
) -> tuple[str, str | None] | Problem:
    """The place's name and size once a size (or a description) written around the name is read off."""
    paren = _PAREN.match(name)
    if paren and paren.group("name").strip(" ,"):
        head, inner = paren.group("name").strip(" ,"), paren.group("inner").strip()
        found = _size_in(inner, index)
        if found is None:
            _said(attrs, name, head, note("read_place.description", text=inner))
            return place_name(head, size, index, attrs)
        return _agree(name, head, found, size, attrs, index)
    for separator in PLACE_SIZE_SEPARATORS:
        head, cut, tail = name.rpartition(separator)
        if cut and head.strip(" ,") and _is_new_day(tail) and attrs.text("day") is None:
            attrs.values["day"] = "new"  # "Brackwater (village), new day"
            attrs.repairs.append(Repair("positional-day", name, 'day="new"'))
            return place_name(head.strip(" ,"), size, index, attrs)
        if cut and head.strip(" ,") and (found := _size_in(tail, index)) is not None:
            return _agree(name, head.strip(" ,"), found, size, attrs, index)
        if cut and head.strip(" ,") and index.words.sizes and _names_a_size(tail, index):
            return Problem("unreadable", note("read_place.size_among_words", name=name, text=tail.strip()))
    prefix = _PREFIX.match(name.strip())
    kind = prefix.group("kind").split() if prefix else []
    if prefix and 0 < len(kind) <= 3 and (found := _kind_word(kind[-1], index)) is not None:
        return _agree(name, prefix.group("name").strip(" ,."), found, size, attrs, index)
    words = name.split()
    if len(words) > 1 and (found := _kind_word(words[-1], index)) is not None:
        head = " ".join(words[:-1])
        if words[-1][:1].islower():
            return _agree(name, head, found, size, attrs, index)
        if size is None:
            return Problem("unreadable", note("read_place.name_or_size", name=name, word=words[-1]))
    return name, size


def _size_in(text: str, index: GameIndex) -> tuple[str, str | None] | None:
    """A size (or, in a game with none, a settlement word) ending a short description: (word, size id)."""
    words = [word for word in text.strip(" .,").split() if word.lower() not in ARTICLES]
    if not words or len(words) > _MAX_DESCRIPTION or any(word.lower() in PREPOSITIONS for word in words):
        return None
    for size in (2, 1):
        if len(words) >= size and (found := _kind_word(" ".join(words[-size:]), index)) is not None:
            return found
    return None


def _names_a_size(text: str, index: GameIndex) -> bool:
    words = text.split()
    return any(index.find_one(" ".join(words[at : at + 2]), "size") for at in range(len(words))) or any(
        index.find_one(word, "size") for word in words
    )


def _kind_word(text: str, index: GameIndex) -> tuple[str, str | None] | None:
    """``text`` as a size of the game (word, id), or a settlement word where the game has no sizes."""
    ident = index.find_one(text, "size")
    if ident is not None:
        return text, ident
    if not index.words.sizes and key_of(text) in PLACE_KIND_WORDS:
        return text, None
    return None


def _agree(
    written: str, head: str, found: tuple[str, str | None], size: str | None, attrs: Attrs, index: GameIndex
) -> tuple[str, str | None] | Problem:
    word, ident = found
    if all(part.lower() in ARTICLES for part in head.split()):
        return Problem("unreadable", note("read_place.only_size", name=written))
    if ident is None:  # a settlement word in a game with no sizes: said, left out
        _said(attrs, written, head, note("read_place.no_sizes", word=word))
        return head, size
    if (
        size is not None
        and index.find_one(size, "size") not in (ident, None)
        and key_of(size) != key_of(ident)
    ):
        return Problem("unreadable", note("read_place.size_conflict", name=written, word=word, size=size))
    attrs.repairs.append(Repair("positional-size", written, f'name="{head}" size="{ident}"'))
    return head, size or ident


def _is_new_day(text: str) -> bool:
    said = " ".join(text.lower().split()).strip(" .!")
    return said in DAY_WORDS or said.removesuffix(" day") in DAY_WORDS


def _said(attrs: Attrs, written: str, head: str, said: Note) -> None:
    attrs.repairs.append(Repair("place-description", written, f'name="{head}"'))
    attrs.notes.append(said)
