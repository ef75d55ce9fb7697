"""Plural forms of a label set: the written plurals ``items.resolve_item`` reads as a label at once.

"warming tonics", "2 torches": the commonest name after an exact label is a label made plural, perhaps with
a count before it. The long way (``resolve_item``) reads such a name through a dozen steps (a key inside,
punctuation, a vague amount, "another", articles, the count, a count that is a word of a label, "more", and
the article and plural repairs), each of which leaves it as written but the count and the plural.
``plural_forms`` says, once per label set (``fuzzy``'s index holds it), which plurals those steps leave so:
a lowercase plural of ``[a-z]+`` words, one space apart, whose first singular (``singular_names``) is a label
in lowercase, that no step before the plural repair changes (each step's own function asked, below). Every
step reads such a name the same in any case (each lowercases what it looks at, ``split_count``'s number
words and ``vague_prefix``'s amounts too: "Two torches" holds a count as "two torches" does, and neither is
a form), so the table is keyed on the lowercase name.

Also the name helpers both need: ``without_determiners``, ``without_more``, ``says_only_more``.

Invariants:
- ``plural_forms`` is a function of the labels alone (no coin, no game), and never maps a name to itself.
- Each key ``p`` maps to ``singular_names(p)[0]``, a label in lowercase; the caller still looks both up
  (``_exact``), since a label set does not say what else a name is (a coin). Its flag says that
  ``split_count`` reads "<digits> p" as those digits' count and ``p`` as written, with no vague amount.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from types import MappingProxyType

from tagproc.normalize.counts import CountInName, split_count, vague_prefix
from tagproc.normalize.nouns import singular_names
from tagproc.repairs import Repair
from tagproc.vocabulary import DETERMINERS, IRREGULAR_SINGULARS
from tagproc.vocabulary.counts import COUNT_TAILS, MORE_WORDS

__all__ = ["plural_forms", "says_only_more", "without_determiners", "without_more"]

_LETTER_WORDS = re.compile(r"[a-z]+(?: [a-z]+)*")
_ES_AFTER = ("s", "x", "z", "ch", "sh", "o")  # "torches", "potatoes"; "keys", "clubs" take an -s
_VOWEL_Y = ("ay", "ey", "oy", "uy")  # "keys", not "keies"; "berries"
_IRREGULAR_PLURALS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        singular: tuple(plural for plural, one in IRREGULAR_SINGULARS.items() if one == singular)
        for singular in set(IRREGULAR_SINGULARS.values())
    }
)


def plural_forms(labels: Iterable[str]) -> Mapping[str, tuple[str, bool]]:
    """Each plural of a label (its last word, or the word before " of", made plural) that the steps of
    ``resolve_item`` before the plural repair leave as written, lowercase, mapped to its label in lowercase
    (``singular_names``' first) and whether digits before it are read as its count and nothing else
    (``_counted_as_written``)."""
    forms: dict[str, tuple[str, bool]] = {}
    for label in labels:
        singular = " ".join(label.lower().split())
        if not singular.isascii() or _LETTER_WORDS.fullmatch(singular) is None:
            continue
        for plural in _plurals_of(singular):
            if plural not in forms and _reads_as(plural, singular):
                forms[plural] = (singular, _counted_as_written(plural))
    return MappingProxyType(forms)


def _plurals_of(singular: str) -> list[str]:
    """Plurals of a lowercase name of letter words: of its last word, and of the word before " of"."""
    words = singular.split(" ")
    places = [len(words) - 1]
    if "of" in words[1:]:
        places.append(words.index("of", 1) - 1)
    found: list[str] = []
    for place in places:
        word = words[place]
        # The English plurals (a table costs its build for each label set: the unlikely spellings, "torchs",
        # "tonices", are left to the long way, which reads them as it always did).
        ends = [*_IRREGULAR_PLURALS.get(word, ()), word + ("es" if word.endswith(_ES_AFTER) else "s")]
        if word.endswith("y") and not word.endswith(_VOWEL_Y):
            ends.append(word[:-1] + "ies")
        if word.endswith("f") and not word.endswith("ff"):
            ends.append(word[:-1] + "ves")
        if word.endswith("fe"):
            ends.append(word[:-2] + "ves")
        found += (" ".join([*words[:place], end, *words[place + 1 :]]) for end in ends)
    return found


def _reads_as(plural: str, singular: str) -> bool:
    """Whether ``resolve_item``'s steps before its plural repair leave ``plural`` as written and the repair
    then tries ``singular`` first (each step asked: the same functions the long way calls)."""
    candidates = singular_names(plural)
    return (
        plural != singular
        and bool(candidates)
        and candidates[0] == singular
        and vague_prefix(plural) is None
        and without_more(plural, [], only=("another",)) == plural
        and without_more(plural, []) == plural
        and without_determiners(plural) == plural
        and split_count(plural) is None
        and not says_only_more(plural)
    )


def _counted_as_written(plural: str) -> bool:
    """Whether "<digits> <plural>" has no vague amount and reads as the count of the digits, written as they are,
    and the plural as written: ``split_count`` and ``vague_prefix`` read the plural's words (in any case) and
    only the digits' value, so "1" answers for every count."""
    return vague_prefix(f"1 {plural}") is None and split_count(f"1 {plural}") == CountInName(1, plural, "1")


def without_more(name: str, repairs: list[Repair], only: tuple[str, ...] | None = None) -> str:
    """``name`` less a first word that only says the count adds to some already held ("2 more torches",
    "another torch"), when a name is left; before any count only ``only`` ("another" is one; "extra torches"
    says no number)."""
    words = name.split()
    if len(words) > 1 and words[0].lower() in MORE_WORDS and (only is None or words[0].lower() in only):
        kept = " ".join(words[1:])
        repairs.append(Repair("more-word", name, kept))
        return kept
    return name


def says_only_more(name: str) -> bool:
    """Whether a name is only words that say "more" ("2 more", "5 of them"): it names no item."""
    said = " ".join(name.lower().split()).strip(".,;:!? ")
    return said in MORE_WORDS or said in COUNT_TAILS


def without_determiners(name: str) -> str:
    words = name.split()
    while len(words) > 1 and words[0].lower() in DETERMINERS:
        words = words[1:]
    return " ".join(words)
