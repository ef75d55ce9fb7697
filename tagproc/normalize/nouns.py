"""The words of a name: its singulars, and each word in the one form names are compared in.

Owns what "the same word" means when a written name meets a ruleset's label (DESIGN.md "Sloppy input":
plurals, "the hand axes", British spelling): case, apostrophes and hyphens do not count, plurals are made
singular (``IRREGULAR_SINGULARS`` first, then the suffix rules) and a British spelling is the US one
(``SPELLINGS``). Both the written name and the label are brought to that form, so neither side wins.

Invariants:
- ``canonical_word`` is idempotent and never returns an empty string for a non-empty word; its result is a
  key to compare by, not always a word ("knife" and "knives" are both ``knive``).
- ``words_of`` keeps digits as words ("50 feet" → ``("50", "feet")``) and drops every other character.
- ``cut_name`` never refuses a name for its length (CONVENTIONS.md §2 "Names trimmed, spaces collapsed, cut
  to 120"): a longer one is cut, with a repair and a note.
"""

from __future__ import annotations

import re

from tagproc.notes import Note, note
from tagproc.repairs import Repair
from tagproc.vocabulary import IRREGULAR_SINGULARS, MAX_NAME, SPELLINGS

__all__ = ["canonical_word", "cut_name", "singular_names", "words_of"]

_WORD = re.compile(r"[a-z0-9]+")
_APOSTROPHES = re.compile(r"['\u2019\u2018`]")
# Plurals in -es: only after a hiss ("torches", "boxes", "glasses"); otherwise only the -s goes ("candles").
_HISS_ES = ("ches", "shes", "sses", "xes", "zes")
_KEEP_S = ("ss", "us", "is")


def cut_name(text: str, what: str, repairs: list[Repair], notes: list[Note]) -> str:
    """``text`` as it is when it fits ``MAX_NAME`` characters once trimmed and its spaces collapsed; else
    that cut to ``MAX_NAME`` (recorded in ``repairs``, said in ``notes``: ``what`` is ``item``, ``place`` or
    the key whose value was cut)."""
    if len(text) <= MAX_NAME:  # its spaces collapsed, it is no longer
        return text
    cleaned = " ".join(text.split())
    if len(cleaned) <= MAX_NAME:
        return text
    cut = cleaned[:MAX_NAME].rstrip()
    repairs.append(Repair("name-cut", cleaned, cut))
    notes.append(note("read_names.cut", what=what, most=MAX_NAME))
    return cut


def words_of(text: str) -> list[str]:
    """The words of ``text`` as written, lowercase, apostrophes dropped, split at anything not a letter/digit."""
    return _WORD.findall(_APOSTROPHES.sub("", text.lower()))


def canonical_word(word: str) -> str:
    """One lowercase word in the form names are compared in: singular, US spelling."""
    word = SPELLINGS.get(word, word)
    stem = word
    if word in IRREGULAR_SINGULARS:
        stem = IRREGULAR_SINGULARS[word]
    elif len(word) > 4 and word.endswith("ies"):
        stem = word[:-3] + "y"
    elif len(word) > 4 and word.endswith(_HISS_ES):
        stem = word[:-2]
    elif len(word) > 3 and word.endswith("s") and not word.endswith(_KEEP_S):
        stem = word[:-1]
    stem = SPELLINGS.get(stem, stem)
    # "knife"/"knives", "thief"/"thieves", "glove"/"gloves": an f and a v are one sound, so one form.
    if len(stem) > 2 and stem.endswith("fe"):
        return stem[:-2] + "ve"
    if len(stem) > 2 and stem.endswith("f") and not stem.endswith("ff"):
        return stem[:-1] + "ve"
    return stem


def singular_names(name: str) -> list[str]:
    """The singulars a plural name may stand for: its last word, or the word before " of", made singular."""
    words = name.split()
    if not words:
        return []
    places = [len(words) - 1]
    lowered = [word.lower() for word in words]
    if "of" in lowered[1:]:
        places.append(lowered.index("of", 1) - 1)
    found: list[str] = []
    for place in places:
        for singular in _singular_words(words[place]):
            candidate = " ".join([*words[:place], singular, *words[place + 1 :]])
            if candidate not in found:
                found.append(candidate)
    return found


def _singular_words(word: str) -> list[str]:
    lower = word.lower()
    if lower in IRREGULAR_SINGULARS:
        return [_same_case(word, IRREGULAR_SINGULARS[lower])]
    found: list[str] = []
    if lower.endswith("ies") and len(lower) > 4:
        found.append(word[:-3] + "y")
    if lower.endswith("ves") and len(lower) > 4:
        found += [word[:-3] + "f", word[:-3] + "fe"]
    if lower.endswith("es") and len(lower) > 3:
        found.append(word[:-2])
    if lower.endswith("s") and not lower.endswith("ss") and len(lower) > 2:
        found.append(word[:-1])
    return found


def _same_case(model: str, word: str) -> str:
    return word.capitalize() if model[:1].isupper() else word
