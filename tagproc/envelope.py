"""Envelope: what the scanner takes for the start of a tag, where its body ends, and whether it is a tag.

The scanner (``stream``) owns the buffer and the state; this module owns the grammar it reads, built from
the tables of ``tagproc.vocabulary`` (tag-name aliases, bracket pairs, head separators and words, wrapping
quotes, the keys of ``vocabulary/keys.py`` and the verbs of ``vocabulary/verbs.py``), so that a new alias
or key is written once and the scanner follows.

What opens a tag: optional wrapping markup, an opening bracket of ``BRACKET_PAIRS``, up to three blanks or
symbols of ``HEAD_SYMBOLS`` (``[🎒 inventory: ...]``), optional bold inside the bracket, a tag
name or alias in any case (``TAG_ALIASES``), optional bold again, and one character that ends the name (a
blank, a colon, a head separator of ``HEAD_SEPARATORS``, ``(``, ``{`` or the ``HEAD_CALL`` dot of
``[inventory.add(...)]``). Ending on one character keeps partial matching unambiguous (DESIGN.md "Known pitfalls": a complete match that could
still grow must not count as complete).

Whether a bracket that opens like a tag is one (``is_tag``), decided on its whole body:
- ``[``, ``［`` and ``【`` (rare in prose): a colon after the name (``[inventory: ...]``, ``［inventory：...］``),
  a head verb or head word and a colon (``[Inventory - add: ...]``, ``[inventory_add: ...]``,
  ``[Inventory update: ...]``), one word (a member's name) after a head word or a dash and a colon
  (``[Inventory Update - Bram: ...]``, ``[Sheet - Juno: ...]``), an ``=`` anywhere, or one of the tag's keys written ``key:``, ``"key":``
  (``[place name: "Millbrook"]``, ``[inventory {"action": ...}]``). Else prose: ``[Sheet music]``,
  ``[Inventory]``, ``[Loot of the ages]``.
- ``(``, ``{`` and ``<`` (everyday prose, markup): stronger evidence only: a ``key=`` pair, one of the tag's keys written
  ``key:``/``"key":``, a known verb first (``(inventory: add Rope)``, ``{inventory add: Rope}``), or a
  colon and one snake_case id as the whole body (``{loot: grave_goods}``). A colon alone is not enough:
  ``(inventory: empty)``, ``(inventory is empty)``, ``(place: Millbrook)`` stay prose.

Wrapping markup read backwards from the bracket (``prefix_start``): ``Q? S? E? T? E? S? \\? [?`` -- a prose
quotation mark (``WRAP_QUOTES``), a strike (``~~``), emphasis (up to three ``*`` or ``_``), up to three
backticks, and innermost an outer "[" (``[[inventory: ...]]``: the doubled pair is hidden with the tag).
The closing markup is its mirror (``closer_of``). A struck tag (``~~[...]~~``, or a ``~~`` right before it) is marked ``"struck"``; a tag right inside quotation marks (``"[...]"``, ``“[...]”``) ``"quoted"``.

Where a body ends on a line break (``line_continues``): see the rule in ``tagproc.stream``'s docstring; the
continuation patterns are built from the same key tables.

Invariants: every pattern is bounded (no part of it reads more than a fixed number of characters but the
body, which the scanner bounds); every decision depends on the text alone, never on how it was chunked.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

import regex

from tagproc.vocabulary import (
    ACTION_ALIASES,
    ACTION_KEY_ALIASES,
    ACTION_KEYS,
    BRACKET_PAIRS,
    HEAD_CALL,
    HEAD_COLONS,
    HEAD_SEPARATORS,
    HEAD_SYMBOLS,
    HEAD_WORDS,
    KEY_ALIASES,
    OP_ALIASES,
    OP_KEYS,
    PROPOSAL_KEYS,
    SQUARE_BRACKETS,
    STRIKE,
    TAG_ALIASES,
    TAG_KEYS,
    TAG_NAMES,
    WRAP_QUOTES,
)

__all__ = [
    "BODY_LIMIT",
    "BREAK_WINDOW",
    "CLOSERS",
    "HEAD_ENDS",
    "LONGEST_PARTIAL",
    "MARKUP",
    "MAX_NEST",
    "OPEN",
    "OPENERS",
    "OPEN_OTHER",
    "OTHER_OPENERS",
    "PAIRS",
    "PARTIAL_OPENERS",
    "QUOTES",
    "SQUARE",
    "WHOLE_HEADS",
    "Pair",
    "closer_of",
    "is_tag",
    "keys_of",
    "line_continues",
    "mark_of",
    "opener_name",
    "opens_value",
    "prefix_start",
    "tail_start",
    "verbs_of",
]

BODY_LIMIT: Final = 1500
MAX_NEST: Final = 4  # brackets open inside a body (a JSON list in a list...) before the body is cut there

OPENERS: Final = "".join(BRACKET_PAIRS)
CLOSERS: Final = frozenset(BRACKET_PAIRS.values())
_SEPARATOR_CLASS = "[" + re.escape("".join(HEAD_SEPARATORS)) + r"\s]"
_COLON_CLASS = "[" + "".join(HEAD_COLONS) + "]"


@dataclass(frozen=True, slots=True)
class Pair:
    """One bracket pair: what the body step stops at, and what ends the rest of an over-long body."""

    open: str
    close: str
    square: bool  # "[" or a pair that stands for it: a colon after the name is evidence enough
    stops: re.Pattern[str]  # "[", "]", this pair's own brackets and a line break
    ends: re.Pattern[str]  # this pair's closer (the rest is the too-long tag), a "[" or a line break


def _pair(open_: str, close: str) -> Pair:
    return Pair(
        open_,
        close,
        open_ in SQUARE_BRACKETS,
        re.compile("[" + re.escape("".join(dict.fromkeys("[]" + open_ + close))) + "\n]"),
        re.compile("[" + re.escape("".join(dict.fromkeys("[" + close))) + "\n]"),
    )


PAIRS: Final = {open_: _pair(open_, close) for open_, close in BRACKET_PAIRS.items()}
SQUARE: Final = PAIRS["["]

# -- openers ---------------------------------------------------------------------------------------

_NAMES = "|".join(re.escape(alias) for alias in sorted(TAG_ALIASES, key=len, reverse=True))
_AFTER = "[" + re.escape("".join(HEAD_SEPARATORS) + "".join(HEAD_COLONS) + "({" + HEAD_CALL) + r"\s]"
# What may stand between the bracket and the name: up to three blanks or symbols of ``HEAD_SYMBOLS`` (with
# the emoji variation selector): "[ inventory", "[🎒 inventory", "[⚔️ inventory". One character class, so
# the common "[" pays nothing for the symbols; the partial-opener table reads each symbol as a blank.
_LEAD_CLASS = f"[ \\t{HEAD_SYMBOLS}\ufe0f]"
_LEAD = _LEAD_CLASS + "{0,3}"
_LEAD_AT = re.compile(_LEAD)
_LEAD_SYMBOL = re.compile(f"[{HEAD_SYMBOLS}\ufe0f]")
_OTHER_OPENERS = "[" + re.escape(OPENERS.replace("[", "")) + "]"
_ANY_CLOSER = "[" + re.escape("".join(sorted(CLOSERS))) + "]"
# The search is anchored on the "[" (a literal the C engine skips to quickly); the markup before it is read
# backwards by ``prefix_start``, which picks what a leftmost forward match would. ASCII case folding, so
# that the regex and the partial-opener table agree on every character. ``OPEN`` also takes the body and
# its "]" when they are already there on its line (the common case: one C call a tag; a body with a line
# break is read step by step, for the line-break rule). Groups: 1 name, 2 the "]" of an
# empty "[name]", 3 the character after the name, 4 the body.
OPEN: Final = re.compile(
    r"\[%l\*{0,3}(%n)\*{0,3}(?:(\])|(%a)(?:([^\[\]\n]{0,%s})\])?)".replace("%s", str(BODY_LIMIT))
    .replace("%l", _LEAD)
    .replace("%n", _NAMES)
    .replace("%a", _AFTER),
    re.IGNORECASE | re.ASCII,
)
# The other brackets, searched apart (in one alternation "[" would lose its fast skip) and only in a
# buffer that holds one of them; their body is read step by step. Groups: 1 the bracket, 2 the name, 3 the
# character after the name, or a closer ("(inventory)" is prose).
OPEN_OTHER: Final = re.compile(
    r"(%o)%l\*{0,3}(%n)\*{0,3}(%a|%c)".replace("%o", _OTHER_OPENERS)
    .replace("%l", _LEAD)
    .replace("%n", _NAMES)
    .replace("%a", _AFTER)
    .replace("%c", _ANY_CLOSER),
    re.IGNORECASE | re.ASCII,
)
OTHER_OPENERS: Final = tuple(OPENERS.replace("[", ""))


def _partial_openers() -> frozenset[str]:
    """Every text an opener can start with but not end with, lowercased: "[", "[ in", "(**shee", "[inv**"."""
    blanks = ["".join(run) for n in range(4) for run in itertools.product(" \t", repeat=n)]
    stars = ["", "*", "**", "***"]
    heads = {alias[:n] for alias in TAG_ALIASES for n in range(len(alias) + 1)}
    heads |= {alias + run for alias in TAG_ALIASES for run in stars[1:]}
    leads = [blank + lead for blank in blanks for lead in stars]
    return frozenset(bracket + lead + head for bracket in OPENERS for lead in leads for head in heads)


# A table, not a partial regex match: the same answer (DESIGN.md "Known pitfalls" warn about partial
# matching), checked in one set lookup on the hot path of small chunks.
PARTIAL_OPENERS: Final = _partial_openers()
LONGEST_PARTIAL: Final = max(map(len, PARTIAL_OPENERS))


def _whole_heads() -> dict[str, tuple[int, int]]:
    """Every "[" opener that holds a whole name, lowercased ("[inventory", "[ **sheet*"): where its name
    starts and ends. Followed by ``HEAD_ENDS``, it is what ``OPEN`` matches (the table's own test)."""
    blanks = ["".join(run) for n in range(4) for run in itertools.product(" \t", repeat=n)]
    stars = ["", "*", "**", "***"]
    return {
        f"[{blank}{lead}{alias}{tail}": (1 + len(blank) + len(lead), 1 + len(blank) + len(lead) + len(alias))
        for blank in blanks
        for lead in stars
        for alias in TAG_ALIASES
        for tail in stars
    }


# The streaming scanner reads a head held up to its name and then these ("[inventory" + ":") from this
# table, not ``OPEN`` (a regex over every alias: a microsecond a head). Only ":" and " ", the common two.
WHOLE_HEADS: Final = _whole_heads()
HEAD_ENDS: Final = frozenset(": ")
# Characters that may wrap a tag: a chunk that ends in one is held until the next says what it is.
MARKUP: Final = frozenset("*_`\\~" + "".join(WRAP_QUOTES))
_EMPHASIS, _BACKTICK, _TILDE = "*_", "`", STRIKE[0]
QUOTES: Final = frozenset(WRAP_QUOTES)  # the opening quotation marks that may wrap a tag


_LEADING_NAME = re.compile(
    r"[^%o]*[%o]{1,2}%l\*{0,3}(%n)(?![A-Za-z])".replace("%o", re.escape(OPENERS))
    .replace("%n", _NAMES)
    .replace("%l", _LEAD),
    re.IGNORECASE | re.ASCII,
)


def opener_name(text: str) -> str | None:
    """The canonical name of the tag ``text`` opens with (markup and any bracket of ``BRACKET_PAIRS``
    before it), or None: ``"(place: ..."`` is ``place``, ``"[inv: ..."`` is ``inventory``."""
    found = _LEADING_NAME.match(text)
    return TAG_ALIASES[found.group(1).lower()] if found else None


def prefix_start(buf: str, bracket: int, low: int) -> int:
    """Where the markup before a bracket at ``bracket`` begins, never before ``low``.

    The markup is ``Q? S? E? T? E? S? \\? [?`` read backwards from the bracket: an outer "[" (the doubled
    ``[[inventory: ...]]``, closed by ``]]``), an optional backslash, a
    strike (up to two ``~``), emphasis (up to three ``*`` or three ``_``), up to three backticks, emphasis
    and a strike again outside them, and a quotation mark outermost, so ``***[...]***``,
    ```` `**[...]**` ````, ``~~[...]~~`` and ``"[...]"`` are wrapped tags. Every part is optional and each
    run is taken whole (up to its bound); no two neighbouring parts share a character, so the greedy
    backward reading starts where a leftmost forward match of the same grammar would: the same decision
    however the reply is chunked.
    """
    i = bracket
    if i > low and buf[i - 1] == "[" and buf[i : i + 1] == "[":  # "[[inventory: ...]]": the outer pair
        i -= 1
    if i <= low or buf[i - 1] not in MARKUP:
        return i
    if buf[i - 1] == "\\":
        i -= 1
    for chars, most in _PREFIX_RUNS:  # inlined: this runs once a wrapped tag, on the hot path
        if i <= low or (mark := buf[i - 1]) not in MARKUP:
            return i  # nothing before it can be wrapping any more
        if mark in chars:
            stop = max(low, i - most)
            i -= 1
            while i > stop and buf[i - 1] == mark:
                i -= 1
    if i > low and buf[i - 1] in QUOTES:
        i -= 1
    return i


# The runs ``prefix_start`` reads, innermost first: a strike, emphasis, backticks, emphasis, a strike.
_PREFIX_RUNS = ((_TILDE, 2), (_EMPHASIS, 3), (_BACKTICK, 3), (_EMPHASIS, 3), (_TILDE, 2))


def closer_of(prefix: str) -> str:
    """The markup that closes ``prefix``: its mirror (``**`` → ``**``, ``“~~`` → ``~~”``)."""
    closer = prefix[::-1]
    if "[" in closer:  # the outer bracket of "[[...]]"
        closer = closer.replace("[", "]")
    if prefix[:1] in QUOTES:  # a quotation mark stands outermost only
        return closer[:-1] + WRAP_QUOTES[prefix[0]]
    return closer


def mark_of(prefix: str, closed_by_partner: bool) -> str | None:
    """``"struck"`` for a tag behind a strike (with its partner after the tag or not: the strike goes on
    past it), ``"quoted"`` for one right inside quotation marks that close after it, else None."""
    if _TILDE in prefix:
        return "struck"
    if closed_by_partner and prefix[:1] in QUOTES:
        return "quoted"
    return None


def tail_start(buf: str, low: int, size: int, others: bool) -> int:
    """Where a suffix of ``buf`` that could still become an opener begins (``size`` when none can);
    ``others``: the buffer may hold another opener than "[" (when False, only "[" is looked for)."""
    window = max(low, size - LONGEST_PARTIAL)
    bracket = buf.rfind("[", window)  # the last opener in the window (unrolled: this runs every chunk)
    if others:
        for opener in OTHER_OPENERS:
            found = buf.rfind(opener, window)
            if found > bracket:
                bracket = found
    if bracket >= 0:
        tail = buf[bracket:]
        lead = None if tail.isascii() else _LEAD_AT.match(tail, 1)
        if lead is not None and lead.end() > 1:  # "[🎒 inv" reads as "[  inv"
            tail = tail[0] + _LEAD_SYMBOL.sub(" ", lead.group()) + tail[lead.end() :]
        # ASCII lowering only (the table's letters are ASCII): the bracket itself may be fullwidth.
        if (tail.isascii() or tail[1:].isascii()) and tail.lower() in PARTIAL_OPENERS:
            return prefix_start(buf, bracket, low)
    if size > low and buf[size - 1] in MARKUP:
        return prefix_start(buf, size, low)
    return size


def opens_value(buf: str, pos: int, low: int) -> bool:
    """Whether a "[" at ``pos`` opens a value (a JSON list: after ``:``, ``=``, ``,`` or ``[``).

    Only the blanks right before it are read, and each run of blanks stands before one "[" at most, so
    a body costs time proportional to its length however many brackets it holds."""
    i = pos - 1
    while i >= low and buf[i] in " \t\r\n":
        i -= 1
    return i >= low and buf[i] in ":=,[\uff1a"


# -- evidence ----------------------------------------------------------------------------------------


def keys_of(tag: str) -> frozenset[str]:
    """Every key the tag reads, and every alias of one (``vocabulary/keys.py``, never spelled again)."""
    if tag == "inventory":
        keys = {key for keys in ACTION_KEYS.values() for key in keys} | set(PROPOSAL_KEYS)
        keys |= {key for aliases in ACTION_KEY_ALIASES.values() for key in aliases}
    elif tag == "sheet":
        keys = {key for keys in OP_KEYS.values() for key in keys}
    else:
        keys = set(TAG_KEYS[tag])
    return frozenset(keys | set(KEY_ALIASES[tag]))


def verbs_of(tag: str) -> frozenset[str]:
    """The words that say what a tag does, written in its head or first in its body."""
    if tag == "inventory":
        return frozenset(ACTION_ALIASES)
    if tag == "sheet":
        return frozenset(OP_ALIASES)
    return frozenset()


def _alternation(words: Iterable[str]) -> str:
    """Words as one regex alternative, longest first; a space inside a word matches any head separator."""
    ordered = sorted(set(words), key=len, reverse=True)
    return "|".join(f"{_SEPARATOR_CLASS}+".join(re.escape(part) for part in word.split()) for word in ordered)


@dataclass(frozen=True, slots=True)
class _Evidence:
    """The patterns that make one tag's bracket a tag (see the module docstring)."""

    head: re.Pattern[str]  # at the body's start: a colon, or a head verb/word and a colon
    pairs: re.Pattern[str]  # anywhere: one of the tag's keys as ``key:``, ``"key":`` or ``key=``
    verb_lead: re.Pattern[str] | None  # after the head's colon: a verb first
    verb_head: re.Pattern[str] | None  # at the body's start: a verb and a colon, or a colon and a verb


_NEVER = "(?!)"
# A member's name written in the head after a head word or a dash ("[Inventory Update - Bram: ...]",
# "[Sheet - Juno: ...]"): the scanner knows no names, so one word of letters; the reader hands it on.
_MEMBER = r"[A-Za-z][\w']{0,23}"


def _evidence(tag: str) -> _Evidence:
    verbs = _alternation(verbs_of(tag))
    words = _alternation(HEAD_WORDS | verbs_of(tag))
    keys = _alternation(keys_of(tag))
    flags = re.IGNORECASE | re.ASCII
    sep, colon = _SEPARATOR_CLASS, _COLON_CLASS
    verb_lead = verb_head = None
    if verbs:
        verb_lead = re.compile(rf"[ \t]*(?:{verbs})(?![\w-])", flags)
        verb_head = re.compile(
            rf"[ \t]*{colon}[ \t]*(?:{verbs})(?![\w-])|{sep}*(?:{verbs})[ \t]*{colon}", flags
        )
    return _Evidence(
        head=re.compile(
            rf"[ \t]*{colon}|{sep}*(?:{words})(?:{sep}+{_MEMBER})?[ \t]*{colon}"
            rf"|{sep}*[-\u2013\u2014]{sep}*{_MEMBER}[ \t]*{colon}",
            flags,
        ),
        pairs=re.compile(
            rf"(?<![\w-])[\"'\u201c]?(?:{keys or _NEVER})[\"'\u201d]?[ \t]*(?:{colon}|=)", flags
        ),
        verb_lead=verb_lead,
        verb_head=verb_head,
    )


_EVIDENCE: Final = {tag: _evidence(tag) for tag in TAG_NAMES}
_KEY_EQUALS = re.compile(r"[A-Za-z_][\w-]*[ \t]*=")
# One snake_case identifier as the whole body after the colon (a loot table's or a rest's id).
_IDENTIFIER = re.compile(r"[ \t]*[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+[ \t]*", re.ASCII)


def is_tag(pair: Pair, colon: bool, name: str, body: str) -> bool:
    """Whether a bracket that opened like a tag (``name`` as written, ``colon`` right after it) and has
    ``body`` is a tag; else it is prose (see the module docstring for the evidence each bracket needs)."""
    if pair.square and (colon or "=" in body):
        return True
    evidence = _EVIDENCE[TAG_ALIASES[name.lower()]]
    if pair.square:
        return evidence.head.match(body) is not None or evidence.pairs.search(body) is not None
    if evidence.pairs.search(body) is not None or _KEY_EQUALS.search(body) is not None:
        return True
    if colon:
        if _IDENTIFIER.fullmatch(body) is not None:  # {loot: grave_goods}: a snake_case id is no prose
            return True
        return evidence.verb_lead is not None and evidence.verb_lead.match(body) is not None
    return evidence.verb_head is not None and evidence.verb_head.match(body) is not None


# -- line breaks -------------------------------------------------------------------------------------

# How far past a line break in a body the scanner looks to decide whether the next line goes on with the
# tag: longer than any continuation the patterns below can need, so the decision never depends on how
# the reply was chunked (it waits for this many characters, or the end of the reply).
BREAK_WINDOW: Final = 80
_INDENT = r"[ \t]{0,24}"


def _continuation(tag: str) -> regex.Pattern[str]:
    """A line that goes on with a tag (see ``line_continues``)."""
    keys = _alternation(keys_of(tag))
    colon = _COLON_CLASS
    closers = re.escape("".join(sorted(CLOSERS)) + "{}")
    return regex.compile(
        rf"{_INDENT}(?:"
        rf"(?:[-*+\u2022][ \t]{{1,4}})?[A-Za-z_][\w-]{{0,31}}[ \t]{{0,4}}="  # key=, perhaps as a list item
        rf"|(?:[-*+\u2022][ \t]{{1,4}})?(?:{keys})[ \t]{{0,4}}{colon}"  # a key of the tag, key:
        rf"|[\"'\u201c][A-Za-z_][\w -]{{0,31}}[\"'\u201d][ \t]{{0,4}}{colon}"  # "json key":
        rf"|[{closers}]"  # a closing bracket, or a brace of a JSON body
        rf"|```"  # a code fence around a JSON body
        rf")",
        regex.IGNORECASE,
    )


_CONTINUES: Final = {tag: _continuation(tag) for tag in TAG_NAMES}
_NESTED_LINE = regex.compile(rf"{_INDENT}\S")  # inside a nested list or object: any line but a blank one


def line_continues(buf: str, start: int, name: str, nested: bool, final: bool) -> bool | None:
    """Whether the line starting at ``start`` (just past a line break in a body) goes on with the tag:
    True, False, or None while the text so far cannot tell (wait for more, never past ``BREAK_WINDOW``).

    A body never runs past a blank line, nor past a line break whose next line does not continue the
    tag: a continuation line starts, after at most 24 blanks, with a ``key=`` pair, a ``key:`` pair of one
    of the tag's keys, a quoted JSON key (``"item":``), a closing bracket, a brace, or a code fence
    (```` ``` ````); ``nested`` (inside a bracket the body opened, or an open quoted value: a list written
    in it), any line but a blank one goes on.
    At the end of the reply, a line that had begun like a continuation goes on, a blank rest does not.
    """
    pattern = _NESTED_LINE if nested else _CONTINUES[TAG_ALIASES[name.lower()]]
    match = pattern.match(buf, start, start + BREAK_WINDOW, partial=True)
    if match is None:
        return False
    if not match.partial:
        return True
    if final:
        return bool(buf[start : start + BREAK_WINDOW].strip())
    return None
