"""Canonical tags, written the one way DESIGN.md "Tags the GM writes" gives: ``name: key="value" ...``.

Keys come out in the order given, so a case's canonical reads as the GM should have written it.
"""

from __future__ import annotations

__all__ = ["inv", "loot", "place", "sheet"]


def _pairs(pairs: dict[str, object]) -> str:
    return " ".join(f'{key}="{value}"' for key, value in pairs.items() if value is not None)


def inv(action: str, item: str | None = None, **keys: object) -> str:
    """``[inventory: action="..." item="..." ...]``."""
    return f"[inventory: {_pairs({'action': action, 'item': item, **keys})}]"


def sheet(op: str, **keys: object) -> str:
    """``[sheet: op="..." ...]``."""
    return f"[sheet: {_pairs({'op': op, **keys})}]"


def place(name: str | None = None, size: str | None = None) -> str:
    """``[place: name="..." size="..."]``."""
    return f"[place: {_pairs({'name': name, 'size': size})}]"


def loot(table: str, who: str | None = None) -> str:
    """``[loot: table="..." who="..."]``."""
    return f"[loot: {_pairs({'table': table, 'who': who})}]"
