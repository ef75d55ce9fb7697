"""Cleaning a tag body before its pairs are read: the characters a model writes for plain ones.

In order: a code fence around the body (```` ```json ... ``` ````), parentheses around the whole body,
HTML entities (``&quot;``), unicode spaces, fullwidth punctuation, curly and other quotes, markdown escapes (``grave\\_goods``),
JSON-escaped quotes (``action=\\"add\\"``; kept where the body is valid JSON as written), backticks (a
quote where a value starts, markup elsewhere), struck text (``~~Rope~~``: dropped, the model took it
back) and emphasis (``**Rope**``).

Invariants: each step that changes the text records one ``Repair`` (its code, the text before, after);
a body with no character any step changes or starts from (``is_plain``) is returned as it is, which is
what running every step gives (``clean_every_step``, the reference); every table comes from
``tagproc/vocabulary/tags.py``; line breaks are kept (a listed value keeps them).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from typing import Any

from tagproc.repairs import Repair
from tagproc.vocabulary.tags import (
    FENCE_LANGUAGES,
    HTML_ENTITIES,
    MARKDOWN_ESCAPES,
    MORE_QUOTE_REPAIRS,
    PUNCTUATION_REPAIRS,
    QUOTE_REPAIRS,
    SPACE_REPAIRS,
)

__all__ = ["clean_body", "clean_every_step", "is_plain"]

_FENCE = re.compile(r"\A\s*(`{1,3})([A-Za-z0-9]*)[ \t]*\n?(.*?)\s*\1\s*\Z", re.DOTALL)
_ESCAPE = re.compile(r"\\([" + re.escape("".join(sorted(MARKDOWN_ESCAPES))) + r"])")
_BACKTICKS = re.compile(r"(`+)([^`]*?)\1")
_VALUE_START = re.compile(r"[=:]\s*\Z")
_STRUCK = re.compile(r"~~[^~\n]*~~")
_EMPHASIS = re.compile(
    r"(?<![\w*])\*\*(?=\S)([^*\n]*?\S)\*\*(?![\w*])"
    r"|(?<![\w_])__(?=\S)([^_\n]*?\S)__(?![\w_])"
    r"|(?<![\w*])\*(?=[^\s*])([^*\n]*?[^\s*])\*(?![\w*])"
)
_JSON = json.JSONDecoder(strict=False)
_SPACES = tuple((written, plain) for written, plain in SPACE_REPAIRS if plain)
_ZERO_WIDTH = tuple(written for written, plain in SPACE_REPAIRS if not plain)
# Every character a step below can change or start from (``__`` for emphasis, ``(`` at the start for the
# parentheses): a body with none of them is already plain, and each step would give it back unchanged.
_STEP_CHARACTERS = "".join(
    sorted(
        {"`", "&", "\\", "~", "*"}
        | {
            char
            for table in (SPACE_REPAIRS, QUOTE_REPAIRS, MORE_QUOTE_REPAIRS, PUNCTUATION_REPAIRS)
            for written, _ in table
            for char in written
        }
        | {char for written, _ in HTML_ENTITIES for char in written[:1]}
    )
)
# Searched for as one class (the search skips to its characters) and "__" apart (a C substring search): the
# alternation ``[...]|__`` in one pattern tries both at every position, twice as slow.
_MAY_CHANGE = re.compile("[" + re.escape(_STEP_CHARACTERS) + "]")


def clean_body(body: str, repairs: list[Repair]) -> str:
    """The body with its characters made plain, each change recorded in ``repairs``.

    Markup, backticks, fullwidth punctuation and zero-width characters are repaired outside ``"..."`` only:
    a double-quoted value keeps what it holds (an answer tagproc wrote reads back unchanged).
    """
    if is_plain(body):
        return body  # every step below would return it unchanged, recording nothing
    return clean_every_step(body, repairs)


def is_plain(body: str) -> bool:
    """Whether ``clean_body`` leaves the body as it is: it holds no character any step changes or starts from."""
    return _MAY_CHANGE.search(body) is None and "__" not in body and not body.lstrip().startswith("(")


def clean_every_step(body: str, repairs: list[Repair]) -> str:
    """``clean_body`` without its shortcut for a plain body: every step run (the reference its tests hold)."""
    text = _unfence(body, repairs)
    text = _unwrap_parentheses(text, repairs)
    text = _record(text, _outside_quotes(text, _entities), "html-entity", repairs)
    text = _replace(text, _SPACES, "unicode-space", repairs)
    text = _replace(text, (*QUOTE_REPAIRS, *MORE_QUOTE_REPAIRS), "curly-quotes", repairs)
    text = _record(text, _ESCAPE.sub(r"\1", text), "markdown-escape", repairs)
    text = _unescape_quotes(text, repairs)
    text = _record(text, _outside_quotes(text, _zero_width), "zero-width", repairs)
    text = _record(text, _outside_quotes(text, _fullwidth), "fullwidth-punctuation", repairs)
    text = _record(text, _outside_quotes(text, _backticks), "backtick-quotes", repairs)
    text = _record(text, _outside_quotes(text, _STRUCK.sub, ""), "struck-text", repairs)
    return _record(text, _outside_quotes(text, _EMPHASIS.sub, _emphasised), "markup", repairs)


def _outside_quotes(text: str, step: Callable[..., str], *args: Any) -> str:
    """``step`` applied to the text between double-quoted spans (``"`` paired in order), not inside them."""
    if '"' not in text:
        return step(*args, text)
    parts = text.split('"')
    return '"'.join(step(*args, part) if index % 2 == 0 else part for index, part in enumerate(parts))


def _entities(text: str) -> str:
    for written, plain in HTML_ENTITIES:
        text = text.replace(written, plain)
    return text


def _zero_width(text: str) -> str:
    for written in _ZERO_WIDTH:
        text = text.replace(written, "")
    return text


def _fullwidth(text: str) -> str:
    for written, plain in PUNCTUATION_REPAIRS:
        text = text.replace(written, plain)
    return text


def _backticks(text: str) -> str:
    return _BACKTICKS.sub(_backtick, text).replace("`", "")


def _record(before: str, after: str, code: str, repairs: list[Repair]) -> str:
    if after != before:
        repairs.append(Repair(code, before, after))
    return after


def _replace(text: str, table: Iterable[tuple[str, str]], code: str, repairs: list[Repair]) -> str:
    fixed = text
    for written, plain in table:
        fixed = fixed.replace(written, plain)
    return _record(text, fixed, code, repairs)


def _unfence(body: str, repairs: list[Repair]) -> str:
    fence = _FENCE.match(body)
    if fence is None:
        return body
    language = fence.group(2)
    inside = fence.group(3)
    if language and language.lower() not in FENCE_LANGUAGES:
        # ```Rope``` : a word after the ticks that names no language is the text itself.
        inside = f"{language}{inside}" if fence.group(1) == "`" else f"{language} {inside}".strip()
    return _record(body, inside.strip(), "code-fence", repairs)


def _unwrap_parentheses(body: str, repairs: list[Repair]) -> str:
    """``(action="add", item="Rope")``: parentheses around the whole body, as a call is written."""
    text = body.strip()
    if not (text.startswith("(") and text.endswith(")")):
        return body
    depth = 0
    for index, char in enumerate(text):
        depth += (char == "(") - (char == ")")
        if depth == 0 and index < len(text) - 1:
            return body  # "(a) and (b)": the first one closes before the end
    return _record(body, text[1:-1], "parenthesised-body", repairs)


def _unescape_quotes(text: str, repairs: list[Repair]) -> str:
    if '\\"' not in text or _is_json(text):
        return text
    return _record(text, text.replace('\\"', '"'), "escaped-quotes", repairs)


def _is_json(text: str) -> bool:
    """Whether the body from its first ``{`` is one JSON object as written (its escapes are its own)."""
    start = text.find("{")
    if start < 0:
        return False
    try:
        _JSON.raw_decode(text, start)
    except (ValueError, RecursionError):
        return False
    return True


def _backtick(match: re.Match[str]) -> str:
    inside = match.group(2)
    before = match.string[max(0, match.start() - 8) : match.start()]
    if _VALUE_START.search(before) and not inside.startswith(("'", '"')):
        return f'"{inside}"'
    return inside


def _emphasised(match: re.Match[str]) -> str:
    return next(group for group in match.groups() if group is not None)
