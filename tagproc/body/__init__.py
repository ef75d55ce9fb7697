"""The body reader: what follows a tag's name, read into ordered pairs, outcome keys and free text.

``syntax.read_tag`` finds the tag's name (the head) and hands the rest here: ``clean_body`` makes its
characters plain (``clean``), then ``read_pairs`` reads it (``pairs``), with JSON and dict bodies read by
``objects`` and the key and verb rules in ``patterns``; ``read_plain_pairs`` (``plain``) reads the body
nearly every tag has, ``key="value"`` pairs, in one pass, exactly as ``read_pairs`` would. Every table
it reads is in ``tagproc/vocabulary/tags.py`` (the ``-- body reader --`` block) or the key and verb tables.

Invariants: nothing here raises on any text; every change to the text is a ``Repair``; keys come out
lowercased in the order written; an outcome key never reaches ``attrs`` or a value.
"""

from __future__ import annotations

from tagproc.body.clean import clean_body, clean_every_step, is_plain
from tagproc.body.pairs import BodyReader, read_pairs
from tagproc.body.plain import plain_pairs, read_plain_pairs

__all__ = [
    "BodyReader",
    "clean_body",
    "clean_every_step",
    "is_plain",
    "plain_pairs",
    "read_pairs",
    "read_plain_pairs",
]
