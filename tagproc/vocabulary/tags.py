"""The tag vocabulary every stage reads: tag names, the key a bare first word stands for, the keys only the
engine writes, and the quote characters a model uses for ``"`` and ``'`` (DESIGN.md "Tags the GM writes",
"Sloppy input").

The scanner (``stream``), the reader (``syntax``), the normaliser and the turn read these names from here
and nowhere else, so a tag name or a quote character is written once (STYLE.md "One vocabulary").

Invariants: every name and key is lowercase ASCII; a quote repair maps onto ``"`` or ``'`` only.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = ["BARE_WORD_KEY", "OUTCOME_KEYS", "QUOTE_REPAIRS", "TAG_NAMES", "VERB_KEY"]

# The four tags the Game Master writes (DESIGN.md "Tags the GM writes").
TAG_NAMES = ("inventory", "place", "loot", "sheet")

# The key a bare first word stands for, per tag ("[inventory: buy item=...]", "[place: Millbrook]").
BARE_WORD_KEY: Mapping[str, str] = MappingProxyType(
    {"inventory": "action", "sheet": "op", "place": "name", "loot": "table"}
)

# The key that names what a tag does, for the tags that do more than one thing.
VERB_KEY: Mapping[str, str] = MappingProxyType({"inventory": "action", "sheet": "op"})

# Keys that say what happened: only the engine writes them, so the reader sets a model's own aside
# (DESIGN.md "Sloppy input": a result=, reason= or now= the model wrote is ignored).
OUTCOME_KEYS = frozenset({"result", "reason", "now"})

# Curly, low and angle quotes as the plain quote they stand for.
QUOTE_REPAIRS = (
    ("\u201c", '"'),
    ("\u201d", '"'),
    ("\u201e", '"'),
    ("\u00ab", '"'),
    ("\u00bb", '"'),
    ("\u2018", "'"),
    ("\u2019", "'"),
    ("\u201a", "'"),
)
