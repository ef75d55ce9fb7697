"""The pair reader: a cleaned tag body read into ordered ``(key, value)`` pairs, outcome keys and free text.

A body is a run of tokens with separators between them (spaces, ``,``, ``;``, ``|``, a list bullet at the
start of a line). A token is a pair (``key=value``, ``key: value``, ``key:value`` for a known key,
``"key": value``), a JSON or dict object (``{...}``, see ``objects``), the bare verb (contract 3: the
longest prefix of words that is an action or op alias, else the first word; place and loot keep their
bare name or table), or free text up to the next key. A value is quoted (its quote ends where a key or the
end follows), a list or an object, or unquoted (it runs to the next key; trailing ``.,;:!`` dropped).

Invariants:
- Keys come out lowercased in the order written; an outcome key (``result``, ``reason``, ``now``) goes to
  ``ignored`` whatever its separator and is split out of a quoted value, so it never reaches a value.
- ``free`` holds the text that is no pair and not the bare verb, stripped, in order; text of punctuation
  only is dropped (``ignored-text``). Every other change is a ``Repair`` too.
- Every step moves the position forward: reading ends on any text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tagproc.body.objects import JsonObject, Node, flatten, parse_value
from tagproc.body.patterns import (
    BULLET,
    KEY_BEFORE_QUOTE,
    KNOWN_KEYS,
    MAX_VERB_WORDS,
    NEXT_KEY,
    NEXT_TOKEN,
    PAREN_KEY,
    SWITCHED_QUOTES,
    VERB_ALIASES,
    Key,
    is_verb,
    match_key,
)
from tagproc.repairs import Repair
from tagproc.vocabulary import BARE_WORD_KEY, OUTCOME_KEYS, TAG_NAMES
from tagproc.vocabulary.tags import PAIR_SEPARATORS, TAG_NAME_KEYS, TRAILING_PUNCTUATION

__all__ = ["QUOTING_KEYS", "BodyReader", "add_pair", "add_pair_to", "read_pairs"]

_SEPARATOR_RUN = re.compile(r"[\s" + re.escape(PAIR_SEPARATORS) + r"]*")
_BARE_WORD = re.compile(r"[^\W\d_](?:[\w-]|'(?=[^\W\d_]))*")
_WORD_GAP = re.compile(r"[ \t]+")
_ARRAY_BODY = re.compile(r"\[\s*[{\"']")
_TAG_OF_KEY = {key: tag for tag, key in BARE_WORD_KEY.items()}
_LEADING_JUNK = re.compile(r"(?::+|[-\u2013\u2014=>]+(?=\s))\s*")
_CLOSE_END = re.compile(r"[\s?)|" + re.escape(TRAILING_PUNCTUATION) + r"]*\Z")
_AFTER_CLOSE = re.compile(r"[\s)" + re.escape(PAIR_SEPARATORS) + r"]*")


@dataclass(slots=True)
class BodyReader:
    """The state of reading one body: where it is, and what it has read so far."""

    text: str
    pos: int = 0
    attrs: list[tuple[str, str]] = field(default_factory=list)
    ignored: list[tuple[str, str]] = field(default_factory=list)
    repairs: list[Repair] = field(default_factory=list)
    free: list[str] = field(default_factory=list)
    problem: str | None = None
    objects: int = 0


def read_pairs(reader: BodyReader, bare_key: str | None) -> None:
    """Read ``reader.text`` from ``reader.pos`` to its end; ``bare_key`` is what a bare first word is."""
    text = reader.text
    while True:
        _skip_separators(reader)
        if reader.pos >= len(text):
            return
        if text[reader.pos] == "{" or _ARRAY_BODY.match(text, reader.pos):
            _read_object(reader)
            continue
        if (paren := PAREN_KEY.match(text, reader.pos)) is not None:
            reader.repairs.append(Repair("ignored-text", paren.group(), ""))
            reader.pos = paren.end()
            continue
        key = match_key(text, reader.pos)
        first = bare_key is not None and not (reader.attrs or reader.free)
        word = _BARE_WORD.match(text, reader.pos) if first else None
        if word is not None and word.group().lower() == _TAG_OF_KEY.get(bare_key or ""):
            # [inventory: inventory add Rope]: the tag's own name again.
            reader.repairs.append(Repair("tag-name-in-body", word.group(), ""))
            reader.pos = word.end()
        elif key is not None and not (word is not None and _is_verb_colon(key, bare_key)):
            _read_pair(reader, key)
        elif word is not None and bare_key is not None:
            _read_bare_word(reader, bare_key)
        else:
            _skip_junk(reader)


def _is_verb_colon(key: Key, bare_key: str | None) -> bool:
    """``[inventory: add: Rope]``: a verb with a colon, not a key (a known key stays a key)."""
    return (
        bare_key is not None
        and bare_key in VERB_ALIASES
        and key.separator == ":"
        and not key.quoted
        and key.key not in KNOWN_KEYS
        and is_verb(bare_key, [key.written])
    )


def _skip_separators(reader: BodyReader) -> None:
    text = reader.text
    while True:
        run = _SEPARATOR_RUN.match(text, reader.pos)
        assert run is not None  # the pattern matches the empty string
        written = run.group()
        if "|" in written:
            reader.repairs.append(Repair("pipe-separator", written, " "))
        elif "," in written or ";" in written:
            reader.repairs.append(Repair("stray-comma", written, " "))
        reader.pos = run.end()
        bullet = BULLET.match(text, reader.pos) if run.start() == 0 or "\n" in written else None
        if bullet is None:
            return
        reader.repairs.append(Repair("list-bullet", bullet.group(), ""))
        reader.pos = bullet.end()


def _read_pair(reader: BodyReader, key: Key) -> None:
    written_head = reader.text[reader.pos : key.end]
    if key.quoted:
        reader.repairs.append(Repair("quoted-key", written_head.strip(), f"{key.key}="))
    elif key.separator == ":":
        reader.repairs.append(Repair("colon-for-equals", f"{key.written}:", f"{key.key}="))
    elif key.separator != "=":
        reader.repairs.append(Repair("odd-separator", written_head.strip(), f"{key.key}="))
    elif key.spaced:
        reader.repairs.append(Repair("spaces-around-equals", written_head, f"{key.key}="))
    if key.written != key.key and not key.quoted:
        reader.repairs.append(Repair("key-case", key.written, key.key))
    reader.pos = key.end
    if _starts_pair(reader.text, reader.pos, spaced=written_head[-1:].isspace()):
        reader.repairs.append(Repair("empty-value", written_head, f'{key.key}=""'))
        add_pair(reader, key.key, "")
        return
    _read_value(reader, key.key)


def _starts_pair(text: str, pos: int, *, spaced: bool) -> bool:
    """After ``key=``: whether the next token is itself a pair, so the value was left out (``who= count=2``;
    an outcome key even without a space, ``note:result:ok``, so it never becomes a value)."""
    following = match_key(text, pos)
    if following is None:
        return False
    if following.key in OUTCOME_KEYS:
        return True
    return spaced and (following.separator != ":" or following.key in KNOWN_KEYS)


def _read_value(reader: BodyReader, key: str) -> None:
    text, pos = reader.text, reader.pos
    char = text[pos] if pos < len(text) else ""
    if char in ("{", "["):
        parsed = parse_value(text, pos)
        reader.pos = parsed.end
        _add_flat(reader, [(key, parsed.node)], (), parsed.problem)
        return
    value = (
        _read_quoted(reader, switch=key not in QUOTING_KEYS)
        if char in ('"', "'")
        else _read_unquoted(reader, record=True)
    )
    add_pair(reader, key, value)


# Keys whose values quote tags themselves (an answer's raw= and note=): never split at a quote switch.
QUOTING_KEYS = frozenset({"raw", "note"})


def _read_quoted(reader: BodyReader, *, switch: bool = True) -> str:
    """A quoted value: its text as written, but for quotes doubled around it, and ended where the model
    switched to single quotes for the next key (``item="Torch' count='2"``, when ``switch``)."""
    text, pos = reader.text, reader.pos
    quote = text[pos]
    found = _closing_quote(text, pos + 1, quote)
    if found is None:
        reader.repairs.append(Repair("unclosed-quote", text[pos:], text[pos + 1 :]))
        reader.pos = pos + 1
        return _read_unquoted(reader, record=False)
    close, reopens = found
    switched = (
        SWITCHED_QUOTES.search(text, pos + 1, close) if switch and quote == '"' and not reopens else None
    )
    if switched is not None and "'" not in text[pos + 1 : switched.start()]:
        # item="Torch' count='2": the model changed quotes mid-tag; the last '"' closes the last value.
        reader.repairs.append(
            Repair("switched-quotes", text[pos : close + 1], text[pos : switched.start()] + '"')
        )
        reader.text = text[:close] + "'" + text[close + 1 :]
        reader.pos = switched.end()
        return text[pos + 1 : switched.start()].strip()
    value = text[pos + 1 : close].strip()
    if reopens:
        reader.repairs.append(Repair("missing-closing-quote", text[pos:close], f"{text[pos:close]}{quote}"))
        reader.pos = close
    else:
        if quote == "'":
            reader.repairs.append(Repair("single-quotes", text[pos : close + 1], "..."))
        reader.pos = close + 1
    unwrapped = _unwrap_quotes(value, quote)
    if unwrapped != value:
        reader.repairs.append(Repair("doubled-quotes", value, unwrapped))
    return unwrapped


def _closing_quote(text: str, start: int, quote: str) -> tuple[int, bool] | None:
    """Where a quoted value ends: its closing quote (``False``), or before the next key (``True``) when a
    later quote opens that key's value (``item="Rope who="Bram"``: the closing quote was left out)."""
    search = start
    while (found := text.find(quote, search)) >= 0:
        if _closes(text, found + 1) or (
            quote == '"' and text[found + 1 : found + 2] in (" ", "\t", ",", ";")
        ):
            return found, False
        reopen = KEY_BEFORE_QUOTE.search(text, start, found)
        if reopen is not None:
            return reopen.start(), True
        search = found + 1
    return None


def _closes(text: str, pos: int) -> bool:
    """A quote closes a value where the end, a separator and a key, or punctuation and the end follow."""
    if _CLOSE_END.match(text, pos):
        return True
    run = _AFTER_CLOSE.match(text, pos)
    assert run is not None  # the pattern matches the empty string
    after = run.end()
    bullet = BULLET.match(text, after) if "\n" in run.group() else None
    after = bullet.end() if bullet is not None else after
    return match_key(text, after) is not None or text[after : after + 1] == "{"


def _unwrap_quotes(value: str, quote: str) -> str:
    """``""Rope""`` and ``"Rope""``: the value's own quote doubled or left over around it."""
    return value.strip(quote).strip()


def _read_unquoted(reader: BodyReader, *, record: bool) -> str:
    text, pos = reader.text, reader.pos
    stop = NEXT_KEY.search(text, pos)
    end = stop.start() if stop else len(text)
    written = text[pos:end].strip()
    value = _trim(reader, written)
    if record:
        reader.repairs.append(Repair("unquoted-value", value, f'"{value}"'))
    reader.pos = end
    return value


def _trim(reader: BodyReader, written: str) -> str:
    """An unquoted value without the separators, quotes and punctuation stuck to its end."""
    value = written.rstrip(PAIR_SEPARATORS).strip()
    unquoted = value.strip("\"'").strip()
    if unquoted != value:
        reader.repairs.append(Repair("stray-quote", value, unquoted))
    trimmed = unquoted.rstrip(TRAILING_PUNCTUATION).rstrip().strip("\"'")
    if trimmed.endswith(")") and trimmed.count(")") > trimmed.count("("):
        trimmed = trimmed[:-1].rstrip(TRAILING_PUNCTUATION).rstrip()
    if trimmed != unquoted:
        reader.repairs.append(Repair("trailing-punctuation", unquoted, trimmed))
    return trimmed


def add_pair(reader: BodyReader, key: str, value: str) -> None:
    """One pair read: a tag's name given again is dropped (a repair), an outcome key set aside in ``ignored``."""
    add_pair_to(reader.attrs, reader.ignored, reader.repairs, key, value)


def add_pair_to(
    attrs: list[tuple[str, str]], ignored: list[tuple[str, str]], repairs: list[Repair], key: str, value: str
) -> None:
    """``add_pair`` into these lists (a reader's, or the plain body's own: ``plain.plain_pairs``)."""
    if (key in TAG_NAME_KEYS and value.strip().lower() in TAG_NAMES) or (key in TAG_NAMES and not value):
        repairs.append(Repair("tag-name-in-body", f'{key}="{value}"', ""))
    elif key in OUTCOME_KEYS:
        ignored.append((key, value))
    else:
        attrs.append((key, value))


def _add_flat(
    reader: BodyReader,
    pairs: tuple[tuple[str, Node], ...] | list[tuple[str, Node]],
    strays: tuple[Node, ...],
    problem: str | None,
) -> None:
    flat = flatten(pairs, strays, reader.repairs)
    for key, value in flat.pairs:
        add_pair(reader, key, value)
    reader.free.extend(flat.free)
    reader.problem = reader.problem or problem or flat.problem


def _read_object(reader: BodyReader) -> None:
    """A JSON or dict body (or one object of it) at the reader's position."""
    start = reader.pos
    parsed = parse_value(reader.text, start)
    reader.pos = parsed.end
    reader.objects += 1
    node = parsed.node
    if isinstance(node, tuple):
        objects = [element for element in node if isinstance(element, JsonObject)]
        if len(objects) != len(node) or len(objects) > 1:
            reader.problem = reader.problem or f"a list of {len(node)} values where one tag's pairs go"
            return
        node = objects[0] if objects else JsonObject(())
    if reader.objects > 1:
        reader.problem = reader.problem or "more than one object in one tag"
    if not isinstance(node, JsonObject):  # pragma: no cover - parse_value at "{" always gives an object
        return
    before = len(reader.attrs), len(reader.ignored)
    _add_flat(reader, node.pairs, node.strays, parsed.problem)
    read = (*reader.attrs[before[0] :], *reader.ignored[before[1] :])
    reader.repairs.append(
        Repair(
            "json-body" if parsed.strict else "loose-json-body",
            reader.text[start : parsed.end],
            " ".join(f'{key}="{value}"' for key, value in read),
        )
    )


def _read_bare_word(reader: BodyReader, bare_key: str) -> None:
    text = reader.text
    if bare_key == "name":
        stop = NEXT_KEY.search(text, reader.pos)
        end = stop.start() if stop else len(text)
        value = text[reader.pos : end].strip().strip("\"'")
    else:
        words = _words(text, reader.pos)
        if bare_key in VERB_ALIASES:
            # Contract 3: the longest prefix that is an alias ("take off"), else the first word.
            count = next(
                (n for n in range(len(words), 0, -1) if is_verb(bare_key, [w.group() for w in words[:n]])), 1
            )
            words = words[:count]
        end = words[-1].end()
        value = " ".join(word.group() for word in words)
    reader.repairs.append(Repair("bare-word", value, f'{bare_key}="{value}"'))
    reader.attrs.append((bare_key, value))
    reader.pos = end


def _words(text: str, pos: int) -> list[re.Match[str]]:
    """The words from ``pos`` up to the next key (at least one: the caller checked the first)."""
    first = _BARE_WORD.match(text, pos)
    assert first is not None  # checked by the caller
    words = [first]
    while (gap := _WORD_GAP.match(text, words[-1].end())) and not _ends_words(text, gap.end()):
        following = _BARE_WORD.match(text, gap.end())
        if following is None or len(words) > MAX_VERB_WORDS * 8:
            break
        words.append(following)
    return words


def _ends_words(text: str, pos: int) -> bool:
    """A key ends the bare words; an unknown word with a colon does not (``take off: Lantern coat``)."""
    key = match_key(text, pos)
    return key is not None and not (key.separator == ":" and not key.quoted and key.key not in KNOWN_KEYS)


def _skip_junk(reader: BodyReader) -> None:
    text = reader.text
    stop = NEXT_TOKEN.search(text, reader.pos)
    end = stop.start() if stop else len(text)
    if end <= reader.pos:
        end = reader.pos + 1
    written = text[reader.pos : end]
    reader.pos = end
    piece = written.strip()
    if (leading := _LEADING_JUNK.match(piece)) is not None and leading.end() < len(piece):
        # "add: Rope", "add - Rope": the separator after a bare verb ("-2 torches" keeps its sign).
        reader.repairs.append(Repair("ignored-text", leading.group(), ""))
        piece = piece[leading.end() :]
    if not any(char.isalnum() for char in piece):
        reader.repairs.append(Repair("ignored-text", written, ""))
        return
    trimmed = piece.rstrip(TRAILING_PUNCTUATION).rstrip()
    if trimmed != piece:
        reader.repairs.append(Repair("trailing-punctuation", piece, trimmed))
    reader.free.append(trimmed)
