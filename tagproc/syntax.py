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
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tagproc.envelope import keys_of, verbs_of
from tagproc.repairs import Repair
from tagproc.vocabulary import (
    BARE_WORD_KEY,
    BRACKET_PAIRS,
    HEAD_COLONS,
    HEAD_SEPARATORS,
    HEAD_WORDS,
    OUTCOME_KEYS,
    QUOTE_REPAIRS,
    TAG_ALIASES,
    TAG_NAMES,
    VERB_KEY,
    WRAP_QUOTES,
)

__all__ = ["TAG_NAMES", "TagReading", "read_tag"]

# -- head: the envelope and the name (see ``tagproc.envelope`` for what the scanner accepts) --
_MARKS = r"(?:~{1,2})?(?:\*{1,3}|_{1,3})?`{0,3}(?:\*{1,3}|_{1,3})?(?:~{1,2})?"
_OPEN = re.compile(
    r"\A\s*([%q])?%m\\?([%b])\s*".replace("%q", "".join(WRAP_QUOTES))
    .replace("%m", _MARKS)
    .replace("%b", re.escape("".join(BRACKET_PAIRS)))
)
_CLOSE = {
    bracket: re.compile(
        r"\\?%c%m[%q]?\s*\Z".replace("%c", re.escape(closer))
        .replace("%m", _MARKS)
        .replace("%q", "".join(WRAP_QUOTES.values()))
    )
    for bracket, closer in BRACKET_PAIRS.items()
}
_NAME = re.compile(r"(?:\*{1,3}|_{1,3})?([A-Za-z]+)(?:\*{1,3})?")
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
    return re.compile(rf"{_SEPARATOR}*({alternation})[ \t]*[{colons}]\s*", re.IGNORECASE)


_HEAD_WORDS = {tag: _head_words(tag) for tag in TAG_NAMES}
_WORD_SEPARATORS = re.compile(f"{_SEPARATOR}+")
_KEY = re.compile(r"([A-Za-z_][\w-]*)(\s*)([=:])(\s*)")
# Where an unquoted value stops: before whitespace (or a comma or semicolon) and the next key.
_NEXT_KEY = re.compile(r"(?:\s+|\s*[,;]\s*)(?=[A-Za-z_][\w-]*\s*(?:=|:[\s\"']))")
_BARE_WORD = re.compile(r"[^\W\d_][\w-]*")
_SEPARATORS = re.compile(r"[\s,;]*")
_WORD_GAP = re.compile(r"[ \t]+")


@dataclass(frozen=True, slots=True)
class TagReading:
    """What one tag says, before any meaning is given to it."""

    name: str
    attrs: tuple[tuple[str, str], ...]
    ignored: tuple[tuple[str, str], ...] = ()
    repairs: tuple[Repair, ...] = ()
    problem: str | None = None
    written_name: str = ""

    def get(self, key: str) -> str | None:
        """The last value written for ``key``, or None."""
        for k, v in reversed(self.attrs):
            if k == key:
                return v
        return None


@dataclass(slots=True)
class _Reader:
    text: str
    pos: int = 0
    attrs: list[tuple[str, str]] = field(default_factory=list)
    ignored: list[tuple[str, str]] = field(default_factory=list)
    repairs: list[Repair] = field(default_factory=list)


def read_tag(raw: str) -> TagReading:
    """Read one raw tag (wrapping markup included) into a ``TagReading``; never raises."""
    try:
        return _read_tag(raw)
    except Exception as exc:  # pragma: no cover - a bug here must not reach the player
        return TagReading(name="", attrs=(), problem=f"internal error: {type(exc).__name__}")


def _read_tag(raw: str) -> TagReading:
    repairs: list[Repair] = []
    inner = _strip_envelope(raw, repairs)
    head = _read_head(inner, repairs)
    if head is None:
        return TagReading(name="", attrs=(), repairs=tuple(repairs), problem="no tag name")
    name, written, rest, head_attrs = head
    body = _unify_quotes(rest, repairs)
    reader = _Reader(body, attrs=head_attrs, repairs=repairs)
    _read_pairs(reader, BARE_WORD_KEY.get(name))
    problem = None if reader.attrs else ("empty tag" if not body.strip() else "no key=value pairs")
    return TagReading(
        name=name,
        attrs=tuple(reader.attrs),
        ignored=tuple(reader.ignored),
        repairs=tuple(reader.repairs),
        problem=problem,
        written_name=written,
    )


def _strip_envelope(raw: str, repairs: list[Repair]) -> str:
    """Drop the wrapping markup and the brackets (of any pair the scanner reads) around the tag."""
    start = _OPEN.match(raw)
    begin = start.end() if start else 0
    bracket = start.group(2) if start else "["
    if start and start.group().strip() != bracket:
        repairs.append(Repair("markup", start.group().strip(), bracket))
    if bracket != "[":
        repairs.append(Repair("bracket", bracket + BRACKET_PAIRS[bracket], "[]"))
    end = _CLOSE[bracket].search(raw, begin)
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
    if name in _HEAD_WORDS and (word := _HEAD_WORDS[name].match(inner, at)):
        said = _WORD_SEPARATORS.sub(" ", word.group(1))
        if said.lower() in HEAD_WORDS:
            repairs.append(Repair("head-word", word.group().strip(), ":"))
        else:
            key = VERB_KEY[name]
            attrs.append((key, said))
            repairs.append(Repair("head-verb", word.group().strip(), f'{key}="{said}"'))
        return name, written, inner[word.end() :], attrs
    if parens := _PARENS.match(inner, at):
        repairs.append(Repair("head-parens", inner[at:], parens.group(1)))
        return name, written, parens.group(1), attrs
    repairs.append(Repair("missing-colon", written, f"{written}:"))
    return name, written, inner[at:], attrs


def _unify_quotes(body: str, repairs: list[Repair]) -> str:
    fixed = body
    for curly, plain in QUOTE_REPAIRS:
        fixed = fixed.replace(curly, plain)
    if fixed != body:
        repairs.append(Repair("curly-quotes", body, fixed))
    if '\\"' in fixed:
        unescaped = fixed.replace('\\"', '"')
        repairs.append(Repair("escaped-quotes", fixed, unescaped))
        fixed = unescaped
    return fixed


def _read_pairs(reader: _Reader, bare_key: str | None) -> None:
    text = reader.text
    while True:
        sep = _SEPARATORS.match(text, reader.pos)
        if sep is not None:
            if "," in sep.group() or ";" in sep.group():
                reader.repairs.append(Repair("stray-comma", sep.group(), " "))
            reader.pos = sep.end()
        if reader.pos >= len(text):
            return
        key_match = _KEY.match(text, reader.pos)
        if key_match is not None and (key_match.group(3) == "=" or _looks_like_colon_key(text, key_match)):
            _read_pair(reader, key_match)
        elif bare_key is not None and not reader.attrs and _BARE_WORD.match(text, reader.pos):
            _read_bare_word(reader, bare_key)
        else:
            _skip_junk(reader)


def _looks_like_colon_key(text: str, match: re.Match[str]) -> bool:
    """``key: value`` counts only where the colon is followed by a space, a quote or the end."""
    end = match.end(3)
    return end >= len(text) or text[end] in " \t\"'" or bool(match.group(4))


def _read_pair(reader: _Reader, key_match: re.Match[str]) -> None:
    written_key, before_eq, eq, after_eq = key_match.groups()
    key = written_key.lower()
    if eq == ":":
        reader.repairs.append(Repair("colon-for-equals", f"{written_key}:", f"{key}="))
    elif before_eq or after_eq:
        reader.repairs.append(Repair("spaces-around-equals", key_match.group(), f"{key}="))
    if written_key != key:
        reader.repairs.append(Repair("key-case", written_key, key))
    reader.pos = key_match.end()
    value = _read_value(reader)
    if key in OUTCOME_KEYS:
        reader.ignored.append((key, value))
    else:
        reader.attrs.append((key, value))


def _read_value(reader: _Reader) -> str:
    text, pos = reader.text, reader.pos
    if pos < len(text) and text[pos] in "\"'":
        quote = text[pos]
        closing = _closing_quote(text, pos + 1, quote)
        if closing is not None:
            if quote == "'":
                reader.repairs.append(Repair("single-quotes", text[pos : closing + 1], "..."))
            reader.pos = closing + 1
            return text[pos + 1 : closing].strip()
        reader.repairs.append(Repair("unclosed-quote", text[pos:], text[pos + 1 :]))
        pos += 1
    stop = _NEXT_KEY.search(text, pos)
    end = stop.start() if stop else len(text)
    value = text[pos:end].strip().rstrip(",;").strip().strip("\"'")
    if pos == reader.pos:
        reader.repairs.append(Repair("unquoted-value", value, f'"{value}"'))
    reader.pos = end
    return value


def _closing_quote(text: str, start: int, quote: str) -> int | None:
    """The quote that ends a value: one followed by the end, a separator and a key, or a comma."""
    search = start
    while True:
        found = text.find(quote, search)
        if found < 0:
            return None
        after = text[found + 1 :]
        stripped = after.lstrip(" \t\r\n,;")
        if not stripped or _KEY.match(stripped) or (quote == '"' and after[:1] in " \t,;"):
            return found
        search = found + 1


def _read_bare_word(reader: _Reader, bare_key: str) -> None:
    text = reader.text
    if bare_key == "name":
        stop = _NEXT_KEY.search(text, reader.pos)
        end = stop.start() if stop else len(text)
        value = text[reader.pos : end].strip().strip("\"'")
    else:
        # Words up to the next key: "take off", "pick up" are one action (the normaliser's tables say which).
        word = _BARE_WORD.match(text, reader.pos)
        assert word is not None  # checked by the caller
        end = word.end()
        while (gap := _WORD_GAP.match(text, end)) and not _KEY.match(text, gap.end()):
            following = _BARE_WORD.match(text, gap.end())
            if following is None:
                break
            end = following.end()
        value = text[reader.pos : end]
    reader.repairs.append(Repair("bare-word", value, f'{bare_key}="{value}"'))
    reader.attrs.append((bare_key, value))
    reader.pos = end


def _skip_junk(reader: _Reader) -> None:
    text = reader.text
    stop = _NEXT_KEY.search(text, reader.pos)
    end = stop.start() if stop else len(text)
    if end <= reader.pos:
        end = reader.pos + 1
    reader.repairs.append(Repair("ignored-text", text[reader.pos : end], ""))
    reader.pos = end
