"""The plain body: the shape nearly every tag has, read in one pass where ``read_pairs`` would take many.

A plain body is ``key=value`` pairs and nothing else: each key lowercase ASCII (``[a-z_][a-z0-9_]*``, no
tag's name), ``=`` with no space around it, spaces or tabs between the pairs, and each value double-quoted
(no ``"`` or line break inside), single-quoted (no quote or line break inside) or unquoted ASCII letters
and digits in words (no word followed by ``=``). ``read_plain_pairs`` reads such a body; any other it
leaves to ``read_pairs`` untouched. ``plain_pairs`` is the same reading into lists of its own, for a caller
with no reader yet (``syntax``'s plain tag).

Invariants:
- ``read_plain_pairs`` reads exactly what ``read_pairs`` reads from the same body (the same pairs, outcome
  keys, repairs, in the same order), or says False and changes nothing. Why each shape is read the same:
  a key of ``[a-z_]`` before ``=`` is read by ``match_key`` as written (no arrow key: no arrow follows it;
  no key-case or separator repair), and is no bare word naming the tag (no key is a tag's name); a quote
  closes at the first quote of its kind, since a space or tab and a key, or the end, follows it; an
  unquoted value runs to the space before the next ``key=`` (``NEXT_KEY``), with nothing to trim; a
  double-quoted value with a ``'`` where ``read_pairs`` would see the quotes switched is refused.
- Repairs are only those ``read_pairs`` makes for these shapes: ``single-quotes``, ``unquoted-value``,
  and ``add_pair``'s ``tag-name-in-body``.
"""

from __future__ import annotations

import re

from tagproc.body.pairs import QUOTING_KEYS, BodyReader, add_pair_to
from tagproc.body.patterns import SWITCHED_QUOTES
from tagproc.repairs import Repair
from tagproc.vocabulary import OUTCOME_KEYS, TAG_NAMES
from tagproc.vocabulary.tags import TAG_NAME_KEYS

__all__ = ["PlainPairs", "plain_pairs", "read_plain_pairs"]

_KEY = r"[a-z_][a-z0-9_]*"
# An unquoted value: words of ASCII letters and digits, each word after the first not itself a key.
_WORDS = r"[A-Za-z0-9]+(?:[ \t]+[A-Za-z0-9]+\b(?!=))*"
# One pair: the key, and the value as written (its quotes included; the first character says which kind).
_PAIR = rf"({_KEY})=(\"[^\"\n]*\"|'[^'\"\n]*'|{_WORDS})"
_PLAIN_PAIR = re.compile(_PAIR)
# The whole body, of the same pairs. Its parse is unique (the character after ``=`` picks the alternative, a
# quoted value ends at its quote, and a word of an unquoted value cannot begin the next ``key=``), so
# ``findall`` over a body this matches finds exactly its pairs, one after the other.
_PLAIN_BODY = re.compile(rf"[ \t]*(?:{_PAIR}(?:[ \t]+(?=[a-z_])|[ \t]*\Z))+")
_TAG_NAMES = frozenset(TAG_NAMES)
# The keys a pair needs more than appending for: a tag's name (refused), and ``add_pair_to``'s own.
_SPECIAL_KEYS = _TAG_NAMES | TAG_NAME_KEYS | OUTCOME_KEYS


# What a plain body reads to: its pairs, its outcome keys and its repairs, in the order ``read_pairs`` makes them.
PlainPairs = tuple[list[tuple[str, str]], list[tuple[str, str]], list[Repair]]


def read_plain_pairs(reader: BodyReader) -> bool:
    """Read a plain body whole from the reader's start, as ``read_pairs`` would; False (the reader as it
    was) for a body of any other shape, or one ``read_pairs`` may read otherwise (see the module docstring)."""
    if reader.pos:
        return False
    read = plain_pairs(reader.text)
    if read is None:
        return False
    attrs, ignored, repairs = read
    reader.attrs += attrs
    reader.ignored += ignored
    reader.repairs += repairs
    reader.pos = len(reader.text)
    return True


def plain_pairs(text: str) -> PlainPairs | None:
    """``read_plain_pairs`` of a reader at the start of ``text``, into new lists: what it would add to the
    reader's, or None where it says False."""
    if _PLAIN_BODY.fullmatch(text) is None:
        return None
    attrs: list[tuple[str, str]] = []
    ignored: list[tuple[str, str]] = []
    repairs: list[Repair] = []
    # Each pair read before any is added, since a later one may still say the body is not plain (None): the
    # lists are this call's own, so one given up on is simply dropped.
    for key, written in _PLAIN_PAIR.findall(text):
        special = key in _SPECIAL_KEYS
        if special and key in _TAG_NAMES:
            return None
        quote = written[0]
        if quote == '"':
            value = written[1:-1]
            if "'" in value and key not in QUOTING_KEYS and SWITCHED_QUOTES.search(value):
                return None
            value = value.strip()
        elif quote == "'":
            value = written[1:-1].strip()
            repairs.append(Repair("single-quotes", written, "..."))
        else:
            value = written
            repairs.append(Repair("unquoted-value", written, f'"{written}"'))
        if special:  # a key ``add_pair_to`` does more with (a tag's name is refused above)
            add_pair_to(attrs, ignored, repairs, key, value)
        else:  # what ``add_pair_to`` does with any other key (no tag's name is a key here: refused above)
            attrs.append((key, value))
    return attrs, ignored, repairs
