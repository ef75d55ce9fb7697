"""Notices: what a valid ruleset does that tagproc loads but cannot work out itself.

A ruleset written for the engine the spec comes from must load (issue "Rulesets"), so these are never
problems: ``tagproc check`` prints them after its OK line, so that a ruleset author knows that a number read
through them falls back (a derived value tagproc cannot evaluate reads as nothing, a carry number as no limit).
"""

from __future__ import annotations

from tagproc.ruleset.models import Ruleset
from tagproc.ruleset.sheet import DerivedOther

__all__ = ["notices_of"]


def notices_of(ruleset: Ruleset) -> list[str]:
    """One sentence per thing tagproc keeps but cannot work out, each with its path."""
    notices: list[str] = []
    for index, derived in enumerate(ruleset.sheet.derived):
        if isinstance(derived, DerivedOther):
            notices.append(
                f'sheet.derived.{index}: tagproc cannot work out op "{derived.op}" (derived value '
                f'"{derived.id}"); whatever reads it falls back (a carry number to no limit, others to 0)'
            )
    return notices
