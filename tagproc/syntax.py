"""Syntax: one raw tag, read leniently into its name and ordered attributes.

This stage owns the *syntactic* repairs of DESIGN.md "Sloppy input": wrapping markup (backticks, bold,
``\\[`` escapes), a missing colon after the name, curly and single quotes, JSON-escaped quotes, unquoted
values (a value runs to the next ``key=``), ``key: value``, spaces around ``=``, stray commas and the
action written as a bare first word. What the words *mean* (aliases, numbers, item names) is the
``normalize`` stage's business.

Invariants:
- ``read_tag`` never raises on any string; a body it cannot read gives ``problem`` and no attributes.
- Keys come out lowercased, in the order written; duplicates are kept for the next stage to judge.
- A ``result=``, ``reason=`` or ``now=`` the model wrote is kept apart in ``ignored``: only the engine
  says what happened.
- Every change to the text is a ``Repair`` value in ``repairs``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tagproc.repairs import Repair
from tagproc.vocabulary import BARE_WORD_KEY, OUTCOME_KEYS, QUOTE_REPAIRS, TAG_NAMES

__all__ = ["TAG_NAMES", "TagReading", "read_tag"]

_OPEN = re.compile(r"\A\s*(?:\*{1,3}|_{1,3})?`{0,3}(?:\*{1,3}|_{1,3})?\\?\[\s*")
_CLOSE = re.compile(r"\\?\](?:\*{1,3}|_{1,3})?`{0,3}(?:\*{1,3}|_{1,3})?\s*\Z")
_NAME = re.compile(r"([A-Za-z][A-Za-z_]*)\s*(:?)\s*")
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
    free: tuple[str, ...] = ()
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
    name_match = _NAME.match(inner)
    if name_match is None:
        return TagReading(name="", attrs=(), repairs=tuple(repairs), problem="no tag name")
    written = name_match.group(1)
    name = written.lower()
    if not name_match.group(2):
        repairs.append(Repair("missing-colon", written, f"{written}:"))
    if written != name:
        repairs.append(Repair("name-case", written, name))
    body = _unify_quotes(inner[name_match.end() :], repairs)
    reader = _Reader(body, repairs=repairs)
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
    """Drop markup around the brackets and the brackets themselves."""
    start = _OPEN.match(raw)
    begin = start.end() if start else 0
    if start and start.group().strip() not in ("[", ""):
        repairs.append(Repair("markup", start.group().strip(), "["))
    end = _CLOSE.search(raw, begin)
    finish = end.start() if end else len(raw)
    if end is None:
        repairs.append(Repair("unclosed", raw[-20:], raw[-20:] + "]"))
    elif end.group().strip() != "]":
        repairs.append(Repair("markup", end.group().strip(), "]"))
    return raw[begin:finish]


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
