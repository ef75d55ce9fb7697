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
- The body after the name is read by ``tagproc.body``: text that is no pair and not the bare verb is kept,
  in order, in ``free`` (a body of free text alone is no ``problem``; one of punctuation alone is).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tagproc.body import BodyReader as _Reader
from tagproc.body import clean_body
from tagproc.body import read_pairs as _read_pairs
from tagproc.repairs import Repair
from tagproc.vocabulary import BARE_WORD_KEY, TAG_NAMES

__all__ = ["TAG_NAMES", "TagReading", "read_tag"]

_OPEN = re.compile(r"\A\s*(?:\*{1,3}|_{1,3})?`{0,3}(?:\*{1,3}|_{1,3})?\\?\[\s*")
_CLOSE = re.compile(r"\\?\](?:\*{1,3}|_{1,3})?`{0,3}(?:\*{1,3}|_{1,3})?\s*\Z")
_NAME = re.compile(r"([A-Za-z][A-Za-z_]*)\s*(:?)\s*")


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
    problem = _body_problem(reader, body)
    return TagReading(
        name=name,
        attrs=() if reader.problem else tuple(reader.attrs),
        ignored=tuple(reader.ignored),
        repairs=tuple(reader.repairs),
        problem=problem,
        written_name=written,
        free=() if reader.problem else tuple(reader.free),
    )


def _body_problem(reader: _Reader, body: str) -> str | None:
    """Why the body says nothing that can be read: free text alone is something (contract 3)."""
    if reader.problem is not None:
        return reader.problem
    if reader.attrs or reader.free:
        return None
    return "empty tag" if not body.strip() else "no key=value pairs"


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
    """The body's characters made plain (quotes, spaces, fences, escapes): see ``tagproc.body.clean``."""
    return clean_body(body, repairs)
