"""The tag vocabulary every stage reads: tag names and their aliases, the brackets and heads a tag may be
written with, the key a bare first word stands for, the keys only the engine writes, and the quote
characters a model uses for ``"`` and ``'`` (DESIGN.md "Tags the GM writes", "Sloppy input").

The scanner (``stream``), the reader (``syntax``), the normaliser and the turn read these names from here
and nowhere else, so a tag name or a quote character is written once (STYLE.md "One vocabulary").

Invariants: every name and key is lowercase ASCII; every alias maps onto one of ``TAG_NAMES``; every
bracket pair closes with one character; a quote repair maps onto ``"`` or ``'`` only.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = [
    "BARE_WORD_KEY",
    "BRACKET_PAIRS",
    "HEAD_CALL",
    "HEAD_COLONS",
    "HEAD_SEPARATORS",
    "HEAD_SYMBOLS",
    "HEAD_WORDS",
    "OUTCOME_KEYS",
    "QUOTE_REPAIRS",
    "SQUARE_BRACKETS",
    "STRIKE",
    "TAG_ALIASES",
    "TAG_NAMES",
    "VERB_KEY",
    "WRAP_QUOTES",
]

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

# -- heads: how a tag may start (issue 7, "Shown to the player") --
# Every name the scanner and the reader take for a tag, in any case, as the tag it stands for.
TAG_ALIASES: Mapping[str, str] = MappingProxyType({**{name: name for name in TAG_NAMES}, "inv": "inventory"})

# The brackets a tag may be written in, each with the one character that closes it.
BRACKET_PAIRS: Mapping[str, str] = MappingProxyType(
    {"[": "]", "\uff3b": "\uff3d", "\u3010": "\u3011", "(": ")", "{": "}", "<": ">"}
)
# The pairs that stand for "[" (fullwidth "［］", lenticular "【】"): rare in prose, so a colon after the name
# is evidence enough, as for "[". Parentheses and braces are everyday prose ("(inventory is empty)"), and
# angle brackets are markup (XML-style ``<inventory action="add" item="Rope" />``, closed by ``/>`` or ``>``):
# they open a tag only with stronger evidence (a key=, a known key: or "key": pair, or a known verb first).
SQUARE_BRACKETS = frozenset({"[", "\uff3b", "\u3010"})
# What may stand between a tag's name and a verb or word written in its head ("[inventory_add: ...]",
# "[Inventory - add: ...]", "[inventory add: ...]"), and the colons that end a head (ASCII and fullwidth).
HEAD_SEPARATORS = ("_", "-", "\u2013", "\u2014", " ", "\t")
HEAD_COLONS = (":", "\uff1a")
# Words a head may carry that say nothing the body does not ("[Inventory update: ...]"): dropped, repaired.
HEAD_WORDS = frozenset({"update", "updates", "updated", "change", "changes", "changed"})
# Symbols a model puts before the name inside the bracket ("[🎒 inventory: ...]", "[📦 Inventory: ...]"), as
# the ranges of one regex character class (arrows, dingbats and other symbols, emoji), each optionally
# followed by the emoji variation selector U+FE0F: dropped, repaired.
HEAD_SYMBOLS = "\u2190-\u21ff\u2300-\u23ff\u2600-\u27bf\u2b00-\u2bff\U0001f300-\U0001faff"
# What joins a verb to the name in a call-like head ("[inventory.add(item="Rope")]", the body in parentheses).
HEAD_CALL = "."

# Wrapping that says the GM did not mean the tag to run (contract "RawTag.mark"): a strike-through around
# it (``~~[...]~~``), or prose quotation marks right around it (``"[...]"``, ``“[...]”``), each opening
# mark with the mark that closes it.
STRIKE = "~~"
WRAP_QUOTES: Mapping[str, str] = MappingProxyType({'"': '"', "\u201c": "\u201d", "\u00ab": "\u00bb"})

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

# -- body reader --
# The tables of the body reader (``tagproc/body``): the characters a model writes for a space, an ``=``, a
# separator or a quote, the markdown escapes it leaves in, and the punctuation it sticks to a value.
__all__ += [
    "ARROW_SEPARATORS",
    "FENCE_LANGUAGES",
    "HTML_ENTITIES",
    "LIST_BULLETS",
    "LITERAL_VALUES",
    "MARKDOWN_ESCAPES",
    "MORE_QUOTE_REPAIRS",
    "OUTCOME_SEPARATORS",
    "PAIR_SEPARATORS",
    "PUNCTUATION_REPAIRS",
    "SPACE_REPAIRS",
    "TAG_NAME_KEYS",
    "TRAILING_PUNCTUATION",
]

# Unicode spaces read as a plain space; zero-width characters read as nothing.
SPACE_REPAIRS = (
    *((chr(code), " ") for code in (0x00A0, 0x1680, *range(0x2000, 0x200B), 0x202F, 0x205F, 0x3000)),
    ("\u200b", ""),
    ("\u2060", ""),
    ("\ufeff", ""),
)

# Fullwidth and ideographic punctuation between keys and values, as the ASCII character it stands for.
PUNCTUATION_REPAIRS = (
    ("\uff1d", "="),
    ("\uff1a", ":"),
    ("\uff0c", ","),
    ("\u3001", ","),
    ("\uff1b", ";"),
    ("\uff5c", "|"),
)

# Quotes beyond QUOTE_REPAIRS: primes, reversed and fullwidth quotes, CJK corner brackets.
MORE_QUOTE_REPAIRS = (
    ("\u201f", '"'),
    ("\u2033", '"'),
    ("\u301d", '"'),
    ("\u301e", '"'),
    ("\u301f", '"'),
    ("\uff02", '"'),
    ("\u300c", '"'),
    ("\u300d", '"'),
    ("\u300e", '"'),
    ("\u300f", '"'),
    ("\u201b", "'"),
    ("\u2032", "'"),
    ("\u2039", "'"),
    ("\u203a", "'"),
    ("\uff07", "'"),
)

# Characters a markdown writer escapes with a backslash (``grave\_goods``): the backslash is dropped.
MARKDOWN_ESCAPES = frozenset("_*#~-.!()[]<>+`'")

# What separates two pairs besides spaces: ``a=1, b=2``, ``a=1; b=2``, ``a=1 | b=2``.
PAIR_SEPARATORS = ",;|"

# Bullets that open a line of a listed body or value (``- item: Rope``); a number with ``.`` or ``)`` too.
LIST_BULLETS = "-*+\u2022\u2023\u25e6\u2043\u2219"

# Punctuation stuck to the end of an unquoted value (``who=Bram.``, ``item=Rope --``): dropped, and said.
TRAILING_PUNCTUATION = ".,;:!-\u2013\u2014"

# Arrows a model writes for ``=`` after a known key (``action -> add``).
ARROW_SEPARATORS = ("->", "\u2192")

# Separators a model writes between an outcome key and its value besides ``=`` and ``:``
# (``result - ok``); only the outcome keys are read with dashes, so they never leak into a value.
OUTCOME_SEPARATORS = (*ARROW_SEPARATORS, "=>", "-", "\u2013", "\u2014")

# HTML entities a chat interface leaves in a reply (``item=&quot;Rope&quot;``), as their characters.
HTML_ENTITIES = (
    ("&quot;", '"'),
    ("&#34;", '"'),
    ("&#39;", "'"),
    ("&#x27;", "'"),
    ("&apos;", "'"),
    ("&nbsp;", " "),
    ("&lt;", "<"),
    ("&gt;", ">"),
    ("&amp;", "&"),
)

# The words after a code fence that name its language (```` ```json ````).
FENCE_LANGUAGES = frozenset({"json", "json5", "jsonc", "python", "py", "js", "javascript", "yaml", "text"})

# JSON and Python literals as a value: a boolean as its word, a null as no value at all.
LITERAL_VALUES: Mapping[str, str | None] = MappingProxyType(
    {"true": "true", "false": "false", "null": None, "none": None, "undefined": None}
)

# Keys that only say which tag a JSON object is (``{"tag": "inventory", ...}``): dropped when their value
# is a tag name, as is one key that is a tag name wrapping the whole object (``{"inventory": {...}}``).
TAG_NAME_KEYS = frozenset({"tag", "type", "tag_name", "kind"})
