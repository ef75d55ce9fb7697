"""Repairs: what the lenient stages changed in the model's text, kept as values.

Every stage that reads model text leniently (``syntax``, ``normalize``) returns the repairs it made
beside its result instead of fixing things silently. A repair is a value: a kebab-case ``code`` naming
the rule from the repair table that fired, the text ``before`` and what it became ``after``.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Repair"]


@dataclass(frozen=True, slots=True)
class Repair:
    """One repair: ``code`` names the rule, ``before``/``after`` show what changed."""

    code: str
    before: str
    after: str
