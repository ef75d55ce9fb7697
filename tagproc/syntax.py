"""Syntax: one raw tag, read leniently into its name and ordered attributes.

This stage owns the *syntactic* repairs of DESIGN.md "Sloppy input": wrapping markup (backticks, bold,
strikes, quotation marks, ``\\[`` escapes), other brackets (``(``, ``{``, fullwidth ``［``, ``【``), the head
(a tag-name alias such as ``inv``, bold around the name, a missing or fullwidth colon, a verb written in
the head -- ``[inventory_add: ...]``, ``[Inventory - add: ...]`` -- which becomes the first attribute, a
word that says nothing -- ``[Inventory update: ...]`` -- and a body in parentheses ``[inventory(...)]``),
curly and single quotes, JSON-escaped quotes, unquoted values (a value runs to the next ``key=``),
``key: value``, spaces around ``=``, stray commas and the action written as a bare first word. What the
words *mean* (aliases, numbers, item names) is the ``normalize`` stage's business.

Invariants:
- ``read_tag`` never raises on any string; a body it cannot read gives ``problem`` and no attributes.
- ``name`` is canonical (one of ``TAG_NAMES``) for every head the scanner accepts; ``written_name`` is as
  written. A head verb is a verb of ``vocabulary/verbs.py`` for that tag that is not also one of its keys
  (``[sheet rest: vigil]`` is the key ``rest``), and comes out first, under the tag's ``VERB_KEY``.
- Keys come out lowercased, in the order written; duplicates are kept for the next stage to judge.
- A ``result=``, ``reason=`` or ``now=`` the model wrote is kept apart in ``ignored``: only the engine
  says what happened.
- Every change to the text is a ``Repair`` value in ``repairs``.
- The body after the name is read by ``tagproc.body``: text that is no pair and not the bare verb is kept,
  in order, in ``free`` (a body of free text alone is no ``problem``; one of punctuation alone is).
- The shortcuts give exactly the lenient reading (``_read_tag(raw, shortcuts=False)``, every step run):
  a plain tag (``[inventory: key="value" ...]``, or with no colon, ``_PLAIN_TAG``) is read in one pass;
  otherwise the closer is searched for near the end, the head-word pattern is tried only where a colon
  follows the name, and ``tagproc.body`` skips cleaning a body with nothing to clean and reads a plain body
  in one pass.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass

from tagproc.body import BodyReader as _Reader
from tagproc.body import clean_body, clean_every_step, is_plain, plain_pairs, read_plain_pairs
from tagproc.body import read_pairs as _read_pairs
from tagproc.documents import clean_text
from tagproc.envelope import keys_of, verbs_of
from tagproc.repairs import Repair
from tagproc.vocabulary import (
    BARE_WORD_KEY,
    BRACKET_PAIRS,
    HEAD_CALL,
    HEAD_COLONS,
    HEAD_SEPARATORS,
    HEAD_SYMBOLS,
    HEAD_WORDS,
    TAG_ALIASES,
    TAG_NAMES,
    VERB_KEY,
    WRAP_QUOTES,
)

__all__ = ["TAG_NAMES", "TagReading", "read_tag"]

# -- head: the envelope and the name (see ``tagproc.envelope`` for what the scanner accepts) --
_MARKS = r"(?:~{1,2})?(?:\*{1,3}|_{1,3})?`{0,3}(?:\*{1,3}|_{1,3})?(?:~{1,2})?"
_OPEN = re.compile(
    r"\A\s*([%q])?%m\\?(\[(?=\[))?([%b])\s*".replace("%q", "".join(WRAP_QUOTES))
    .replace("%m", _MARKS)
    .replace("%b", re.escape("".join(BRACKET_PAIRS)))
)
_CLOSE = {
    bracket: re.compile(
        r"\\?%c%m[%q]?\s*\Z".replace("%c", r"/?\s*>" if closer == ">" else re.escape(closer))
        .replace("%m", _MARKS)
        .replace("%q", "".join(WRAP_QUOTES.values()))
    )
    for bracket, closer in BRACKET_PAIRS.items()
}
# "[[inventory: ...]]": the doubled pair closes with "]]" (only when it opened with "[[": a body's own
# list may end in "]" right before the tag's).
_CLOSE_DOUBLED = re.compile(
    r"\\?\]\]%m[%q]?\s*\Z".replace("%m", _MARKS).replace("%q", "".join(WRAP_QUOTES.values()))
)
# What a closer other than ">" matches before the trailing spaces is at most 17 characters (a backslash,
# "]]", 13 marks, a quote): its search may start this far before them and find the same closer. (">" may
# have spaces before it, "/ >": that closer is searched for from the start.)
_CLOSE_REACH = 24
# A tag as tagproc writes it and most models copy: "[", a tag's own name, ":", the body, "]". With a plain
# body (``tagproc.body.plain``, nothing for ``clean_body`` to do) its envelope and head need no repair and
# read as written: the opener is the "[", the closer the last "]" (a plain body ends in a quote, a letter,
# a digit or a space, none of which a closer may hold), the name is canonical, the colon's spaces dropped.
# With no colon ("[inventory action=add ...]", group 2 empty) the head is the name and its one repair a
# ``missing-colon``: a plain body's first word is a key before "=", which no head verb, head word, call or
# parenthesis of ``_read_head`` can start; the body keeps its spaces before that key, as there.
_PLAIN_TAG = re.compile(
    r"\[(%n)(:[ \t]*|(?=[ \t]))(.*)\]".replace(
        "%n", "|".join(n for n in TAG_NAMES if TAG_ALIASES.get(n, n) == n)
    ),
    re.DOTALL,
)
_NAME = re.compile(
    r"[%y\ufe0f \t]{0,3}(?:\*{1,3}|_{1,3})?([A-Za-z]+)(?:\*{1,3})?".replace("%y", HEAD_SYMBOLS)
)
# "[inventory.add(item="Rope")]": a verb after the dot, the body in parentheses.
_CALL = re.compile(r"%d([A-Za-z_]+)\s*\((.*)\)\s*\Z".replace("%d", re.escape(HEAD_CALL)), re.DOTALL)
_COLON = re.compile(r"\s*[%c]\s*".replace("%c", "".join(HEAD_COLONS)))
_SEPARATOR = "[" + re.escape("".join(HEAD_SEPARATORS)) + r"\s]"
_PARENS = re.compile(r"\s*\((.*)\)\s*\Z", re.DOTALL)


def _head_words(tag: str) -> re.Pattern[str]:
    """A verb (not also a key of the tag) or a head word, then the head's colon: ``_add:``, `` - add:``."""
    words = (verbs_of(tag) - keys_of(tag)) | HEAD_WORDS
    alternation = "|".join(
        f"{_SEPARATOR}+".join(re.escape(part) for part in word.split())
        for word in sorted(words, key=len, reverse=True)
    )
    colons = "".join(HEAD_COLONS)
    # A member's name may follow ("[Inventory Update - Bram: ...]"): it starts the body, read as a key
    # there, which the normaliser takes for who= (its member-as-key rule, as for "[Sheet - Juno: ...]").
    member = rf"{_SEPARATOR}+(?=[A-Za-z][\w']{{0,23}}[ \t]*[{colons}])"
    return re.compile(rf"{_SEPARATOR}*({alternation})(?:[ \t]*[{colons}]\s*|{member})", re.IGNORECASE)


_LOG = logging.getLogger(__name__)  # "tagproc.syntax": the net of ``read_tag`` logs here

_HEAD_WORDS = {tag: _head_words(tag) for tag in TAG_NAMES}
_HEAD_VERBS = {tag: verbs_of(tag) - keys_of(tag) for tag in TAG_NAMES}  # a verb that is not also a key
_WORD_SEPARATORS = re.compile(f"{_SEPARATOR}+")
# Both endings of a head word's pattern need a colon after it: with none in the rest, no head word is there
# (the long alternation of verbs, tried at each separator, is then not run: ``[inventory action=add ...]``).
_ANY_COLON = re.compile("[" + "".join(HEAD_COLONS) + "]")


@dataclass(frozen=True, slots=True)
class TagReading:
    """What one tag says, before any meaning is given to it."""

    name: str
    attrs: tuple[tuple[str, str], ...]
    ignored: tuple[tuple[str, str], ...] = ()
    repairs: tuple[Repair, ...] = ()
    problem: str | None = None
    free: tuple[str, ...] = ()
    written_name: str = ""

    def get(self, key: str) -> str | None:
        """The last value written for ``key``, or None."""
        for k, v in reversed(self.attrs):
            if k == key:
                return v
        return None


def read_tag(raw: str) -> TagReading:
    """Read one raw tag (wrapping markup included) into a ``TagReading``; never raises."""
    try:
        return _read_tag(raw)
    except Exception as exc:  # the stage boundary: a bug is logged with its traceback, the tag refused
        _LOG.exception("internal error reading tag %r", raw[:200])
        return TagReading(name="", attrs=(), problem=f"internal error: {type(exc).__name__}")


def _read_tag(raw: str, *, shortcuts: bool = True) -> TagReading:
    """``read_tag`` without its net; ``shortcuts=False`` reads every body the lenient way, step by step
    (the reference the shortcuts for a plain body are tested against: the same reading, exactly)."""
    repairs: list[Repair] = []
    if not raw.isascii():  # an ASCII string holds no surrogate
        raw = _no_surrogates(raw, repairs)
    if shortcuts and (plain := _read_plain_tag(raw, repairs)) is not None:
        return plain
    inner = _strip_envelope(raw, repairs, near_end=shortcuts)
    head = _read_head(inner, repairs)
    if head is None:
        return TagReading(name="", attrs=(), repairs=tuple(repairs), problem="no tag name")
    name, written, rest, head_attrs = head
    # quotes, spaces, fences, escapes made plain (``tagproc.body.clean``)
    body = clean_body(rest, repairs) if shortcuts else clean_every_step(rest, repairs)
    reader = _Reader(body, attrs=head_attrs, repairs=repairs)
    if not (shortcuts and read_plain_pairs(reader)):
        _read_pairs(reader, BARE_WORD_KEY.get(name))
    return _reading(name, written, reader, body)


def _read_plain_tag(raw: str, repairs: list[Repair]) -> TagReading | None:
    """The reading of a plain tag (``_PLAIN_TAG`` around a plain body), or None for any other tag."""
    tag = _PLAIN_TAG.fullmatch(raw)
    if tag is None or not is_plain(body := tag.group(3)):
        return None
    read = plain_pairs(body)  # what ``read_plain_pairs`` adds to a new reader of the body, without one
    if read is None:
        return None
    attrs, ignored, more = read
    name = tag.group(1)
    if not tag.group(2):  # "[inventory action=add ...]": ``_read_head``'s repair
        repairs.append(Repair("missing-colon", name, f"{name}:"))
    return TagReading(
        name=name,
        attrs=tuple(attrs),
        ignored=tuple(ignored),
        repairs=(*repairs, *more),
        problem=None if attrs else _body_problem(None, attrs, (), body),
        written_name=name,
    )


def _reading(name: str, written: str, reader: _Reader, body: str) -> TagReading:
    problem = _body_problem(reader.problem, reader.attrs, reader.free, body)
    return TagReading(
        name=name,
        attrs=() if reader.problem else tuple(reader.attrs),
        ignored=tuple(reader.ignored),
        repairs=tuple(reader.repairs),
        problem=problem,
        written_name=written,
        free=() if reader.problem else tuple(reader.free),
    )


def _body_problem(
    problem: str | None, attrs: Sequence[tuple[str, str]], free: Sequence[str], body: str
) -> str | None:
    """Why the body says nothing that can be read (a reader's ``problem``, ``attrs`` and ``free``): free text
    alone is something (contract 3)."""
    if problem is not None:
        return problem
    if attrs or free:
        return None
    return "empty tag" if not body.strip() else "no key=value pairs"


def _no_surrogates(raw: str, repairs: list[Repair]) -> str:
    """``raw`` with each surrogate code point as U+FFFD (no name, key or value may hold one), and the repair."""
    plain = clean_text(raw)
    if plain is raw:
        return raw
    repairs.append(Repair("surrogate", raw.encode("utf-8", "backslashreplace").decode("utf-8"), plain))
    return plain


def _strip_envelope(raw: str, repairs: list[Repair], *, near_end: bool = True) -> str:
    """Drop the wrapping markup and the brackets (of any pair the scanner reads) around the tag; the closer
    is searched for near the end (``_CLOSE_REACH``) when ``near_end``, else from the opener on."""
    start = _OPEN.match(raw)
    begin = start.end() if start else 0
    bracket = start.group(3) if start else "["
    if start and start.group().strip() != bracket:
        repairs.append(Repair("markup", start.group().strip(), bracket))
    if bracket != "[":
        repairs.append(Repair("bracket", bracket + BRACKET_PAIRS[bracket], "[]"))
    doubled = start is not None and start.group(2) is not None
    search_from = begin
    if near_end and BRACKET_PAIRS[bracket] != ">":
        search_from = max(begin, len(raw.rstrip()) - _CLOSE_REACH)
    end = (_CLOSE_DOUBLED if doubled else _CLOSE[bracket]).search(raw, search_from)
    if doubled and end is None:
        end = _CLOSE[bracket].search(raw, search_from)
    finish = end.start() if end else len(raw)
    if end is None:
        repairs.append(Repair("unclosed", raw[-20:], raw[-20:] + BRACKET_PAIRS[bracket]))
    elif end.group().strip() != BRACKET_PAIRS[bracket]:
        repairs.append(Repair("markup", end.group().strip(), BRACKET_PAIRS[bracket]))
    return raw[begin:finish]


def _read_head(inner: str, repairs: list[Repair]) -> tuple[str, str, str, list[tuple[str, str]]] | None:
    """The tag's name (canonical and as written), its body and the verb its head carried.

    ``[inv: ...]`` is ``inventory``; ``[inventory_add: ...]`` and ``[Inventory - add: ...]`` give the first
    attribute ``("action", "add")``; ``[Inventory update: ...]`` drops ``update``; ``[inventory(...)]``
    reads the body inside the parentheses; a name without a colon after it is a ``missing-colon`` repair.
    """
    name_match = _NAME.match(inner)
    if name_match is None:
        return None
    written = name_match.group(1)
    lowered = written.lower()
    name = TAG_ALIASES.get(lowered, lowered)
    if written != lowered:
        repairs.append(Repair("name-case", written, lowered))
    if name != lowered:
        repairs.append(Repair("tag-alias", lowered, name))
    if name_match.group() != written:
        repairs.append(Repair("markup", name_match.group(), written))
    at = name_match.end()
    attrs: list[tuple[str, str]] = []
    if colon := _COLON.match(inner, at):
        return name, written, inner[colon.end() :], attrs
    if name in _HEAD_WORDS and _ANY_COLON.search(inner, at) and (word := _HEAD_WORDS[name].match(inner, at)):
        said = _WORD_SEPARATORS.sub(" ", word.group(1))
        if said.lower() in HEAD_WORDS:
            repairs.append(Repair("head-word", word.group().strip(), ":"))
        else:
            key = VERB_KEY[name]
            attrs.append((key, said))
            repairs.append(Repair("head-verb", word.group().strip(), f'{key}="{said}"'))
        return name, written, inner[word.end() :], attrs
    if (call := _CALL.match(inner, at)) and (verb := call.group(1).replace("_", " ").lower()) in _HEAD_VERBS[
        name
    ]:
        key = VERB_KEY[name]
        attrs.append((key, verb))
        repairs.append(Repair("head-verb", HEAD_CALL + call.group(1), f'{key}="{verb}"'))
        repairs.append(Repair("head-parens", inner[at:], call.group(2)))
        return name, written, call.group(2), attrs
    if parens := _PARENS.match(inner, at):
        repairs.append(Repair("head-parens", inner[at:], parens.group(1)))
        return name, written, parens.group(1), attrs
    repairs.append(Repair("missing-colon", written, f"{written}:"))
    return name, written, inner[at:], attrs
