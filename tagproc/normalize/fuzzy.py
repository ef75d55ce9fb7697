"""Fuzzy item names: the one ruleset label a near name clearly means, or the labels it could equally mean.

Owns the looser match of DESIGN.md "Sloppy input" (a typo, a word of the name, the words in another order,
plural or singular, British spelling, harmless words around the name), reached only when no exact label,
article or plural repair found the item. A written name is compared word by word (``nouns.canonical_word``)
with each label, read in three parts: its **main** words ("Rope" of "Rope, hempen (50 feet)", "Potion of
Healing"), its **kind** after a comma or colon ("hempen", "Padded" of "Barding: Padded") and its
**parenthesis** ("50 feet", "1 day", "20").

A label is a candidate when every written word is accounted for: it is one of the label's words (same word,
two written words that are one label word, "hand axe" for Handaxe, or the other way round), one typo away
from one (a word of at least five letters that is no word of the ruleset; a shorter one only beside an exact
word, "Hand xe"), the same word by another ending (``STEM_SUFFIXES``: "healing kit" is the Healer's Kit;
counted as a typo), a stop word, a harmless adjective (``HARMLESS_ADJECTIVES``: "an old, notched hand axe"), or
a material (``MATERIALS``, not the last word) beside a label that names no material ("a sturdy iron crowbar";
never "silver nail" for the Pewter coffin nail). A name with a word of its own has no candidate and stays
a plain item when that word is an item's whole name, a material or a number ("rope ladder", "oil lamp",
"silk rope" beside the hempen one), or when the label's main words are not all there ("silver locket", "big
knife"); any other word of its own beside the whole label ("fresh poultice", "bottle of warming tonic", "dead
knight's longsword") makes a described candidate that never wins: refused naming the label, since it may be
that item described or a new one. Candidates are scored by words of their own (none first), then the main
words missing, then the kind's, then typos, then the parenthesis's; the best is taken only when no other
scores the same.

- Every main word there: the label is meant ("hempen rope", "Rations", "leather armour"); two equally good
  ("rope": hempen or silk) are a tie, refused by the caller naming them.
- Main words missing, the label's head noun written ("lantern" for Shuttered lantern, "old axe" for Hand
  axe): the label is meant only when one word is missing, it may be named in part (``ItemNames.named_in_full``
  excludes rare and invented items, unless a main word besides the head is written: "silver nail" is the
  Silver coffin nail), the missing word names no item itself ("shirt" is not Chain Shirt, since Chain is an
  item), and no other candidate scores the same. The head matched only as the end of a compound ("axe" in
  Handaxe, "bow" in Longbow) makes a candidate that competes but never wins; alone it is no candidate ("key"
  is no kind of Donkey).
- Never a plain item where a ruleset item may be meant (issue 7): when the best candidates tie, or the best
  may not win, the answer is a ``FuzzyTie`` naming them ("kit": seven kits; "bell": the Dawn bell, a relic,
  named in full or not at all), which the caller refuses; only a name with no candidate stays plain.

The index is layered as the labels are (``ItemNames.label_layers``): the ruleset's labels are read into parts
once, into an index kept on their ``LabelSet`` (held by ``Rules``, so every game of the ruleset shares it), and
a game's invented items into a small index of their own, kept on theirs, whose positions follow the
ruleset's. Every look-up asks both layers, so the answers are exactly those of one index of all the labels
in order (``tests/test_normalize_fuzzy.py`` builds that one as the reference): an invented item folded as
a label before it is left out, a ruleset label an invented item spells exactly is named in full, a plural
form goes to the first label that makes it, and candidates are ranked, and ties ordered, by position.

Invariants:
- Pure and deterministic; an index is built once per label set and kept on it (no cache at module level,
  DESIGN.md "Performance"), so a tag costs a few dictionary look-ups and a handful of label comparisons. It
  also holds the labels' plural forms (``plurals.plural_forms``, for ``items``), a function of the labels
  alone.
- A written name made only of stop words, adjectives or numbers matches nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Set
from dataclasses import dataclass, replace
from typing import TypeVar, overload

from tagproc.names import ItemNames, LabelSet
from tagproc.normalize.nouns import canonical_word, words_of
from tagproc.normalize.plurals import plural_forms
from tagproc.vocabulary import HARMLESS_ADJECTIVES, KEY_NEIGHBOURS, STOP_WORDS, VOWELS
from tagproc.vocabulary.nouns import MATERIALS, MIN_STEM, STEM_SUFFIXES

__all__ = ["FuzzyMatch", "FuzzyTie", "label_words", "match_name", "plurals_of"]

_PARENS = re.compile(r"\(([^)]*)\)")
_KIND = re.compile(r"[,:]")
_OR = re.compile(r"\s+or\s+", re.I)
_KIND_ALTERNATIVES = re.compile(r"\s*,\s*(?:or\s+)?|\s+or\s+", re.I)
_BUNDLE = re.compile(r"(?:bag of\s+)?(\d[\d,]*)", re.I)
_CHUNKS = re.compile(r"[^\s,;]+")
_MIN_TYPO = 5  # a typo in a shorter word is read only beside an exact word ("Hand xe")
_MIN_PART = 3  # "axe" in "handaxe": both halves of a compound at least this long
_MATERIAL_WORDS = frozenset(canonical_word(word) for each in MATERIALS for word in words_of(each))
_NONE: frozenset[int] = frozenset()
_T = TypeVar("_T")


@dataclass(frozen=True, slots=True)
class FuzzyMatch:
    """The label a name was taken as; ``bundle`` is N when the label is a bundle of N ("Arrows (20)") and the
    name did not say so, so a written count may be pieces rather than bundles."""

    label: str
    bundle: int | None = None


@dataclass(frozen=True, slots=True)
class FuzzyTie:
    """The labels a name fits equally well, or the one it may mean but does not make clear: refused, never
    guessed, never made a plain item."""

    labels: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class _Label:
    label: str
    tokens: tuple[str, ...]  # canonical words: main, then kind, then parenthesis
    groups: tuple[int, ...]  # the written word each token is part of ("ox-hide" is one word of two tokens)
    mains: tuple[tuple[int, ...], ...]  # token indices of each main alternative ("Flask or tankard")
    heads: tuple[int, ...]  # the head noun of each main alternative
    kinds: tuple[tuple[int, ...], ...]  # token indices of each kind alternative ("map or scroll")
    parens: tuple[int, ...]
    joins: tuple[tuple[str, int, int], ...]  # two neighbouring words written as one ("oxhide")
    bundle: int | None
    in_full: bool
    has_material: bool  # a word of the label is a material ("Pewter coffin nail")


@dataclass(frozen=True, slots=True)
class _Index:
    """One layer's labels read: a label's position is its place among the labels of every layer so far."""

    labels: tuple[_Label, ...]
    by_word: dict[str, frozenset[int]]  # a canonical word (or join) → the labels holding it
    by_head_end: dict[str, frozenset[int]]  # the end of a compound head noun → the labels
    by_deletion: dict[str, frozenset[str]]  # a word less one letter (or whole) → the words it comes from
    by_stem: dict[str, frozenset[int]]  # a word's stem ("heal" of "healer") → the labels holding the word
    item_nouns: frozenset[str]  # words that are a label's whole main part ("chain", "rope")
    words: frozenset[str]  # every word of every label, canonical, stop words and parentheses included
    plurals: Mapping[str, tuple[str, bool]]  # ``plurals.plural_forms`` of the labels
    folded: frozenset[str]  # each label's casefold: a later layer leaves out a label folded as one of these
    by_label: Mapping[str, int]  # each label as written → its position
    in_full: frozenset[str]  # the labels named in full, as the layer was given them


@dataclass(frozen=True, slots=True)
class _View:
    """What the looser match reads for one set of names: the layers' indexes, and what they hold together."""

    layers: tuple[_Index, ...]
    labels: tuple[_Label, ...]  # every layer's, by position
    item_nouns: frozenset[str]
    words: Set[str]
    plurals: Mapping[str, tuple[str, bool]]
    book: _Index  # the first layer (the one a game's view is made on)


@dataclass(frozen=True, slots=True)
class _Written:
    words: tuple[str, ...]  # canonical
    raw: tuple[str, ...]
    chunk: tuple[int, ...]  # which written chunk each word came from
    chunks: tuple[str, ...]  # the chunks, lowercase, as written
    possessive: bool = False  # a chunk is a possessive ("giant's belt": whose, not what)


@dataclass(frozen=True, slots=True)
class _Score:
    key: tuple[
        int, int, int, int, int, int
    ]  # own words, main missing, kind missing, typos, parens, all missing
    label: _Label
    can_win: bool
    bundle_said: bool
    part: bool  # the head matched only as the end of a compound


def match_name(name: str, names: ItemNames) -> FuzzyMatch | FuzzyTie | None:
    """The label ``name`` clearly means, the labels it fits equally, or None (a plain item)."""
    written = _written(name)
    if not written.words:
        return None
    view = _view_of(names)
    known = frozenset(word for word in written.words if _is_known(word, view))
    scores = [
        score
        for position in sorted(_candidates(written, view, known))
        if (score := _score(written, view.labels[position], view, known)) is not None
    ]
    if not scores:
        return None
    scores.sort(key=lambda score: score.key)
    best = scores[0]
    tied = sorted((score for score in scores if score.key == best.key), key=lambda score: not score.can_win)
    if len(tied) == 1 and best.part:
        return None  # "key" is no kind of Donkey, "stone" of Whetstone: one compound alone says nothing
    if len(tied) > 1 or not best.can_win:
        # Never a plain item where a ruleset item may be meant: two that fit equally, or one the name alone
        # does not make clear (a rare one by its head noun, the end of a compound), are refused naming them.
        return FuzzyTie(tuple(score.label.label for score in tied))
    bundle = best.label.bundle if not best.bundle_said else None
    return FuzzyMatch(best.label.label, bundle)


# -- reading the written name -------------------------------------------------------------------------


def _written(name: str) -> _Written:
    words: list[str] = []
    raw: list[str] = []
    chunk_of: list[int] = []
    chunks: list[str] = []
    for chunk in _CHUNKS.findall(name.lower()):
        chunk_words = words_of(chunk)
        if not chunk_words:
            continue
        chunks.append(chunk.strip(".!?\"'()"))
        for word in chunk_words:
            raw.append(word)
            words.append(canonical_word(word))
            chunk_of.append(len(chunks) - 1)
    if all(word in STOP_WORDS or word.isdigit() for word in raw) or all(
        chunk in HARMLESS_ADJECTIVES or chunk in STOP_WORDS for chunk in chunks
    ):
        return _Written((), (), (), ())
    possessive = any(chunk.endswith(("'s", "s'", "\u2019s", "s\u2019")) for chunk in chunks)
    return _Written(tuple(words), tuple(raw), tuple(chunk_of), tuple(chunks), possessive)


def _is_known(word: str, view: _View) -> bool:
    """Whether ``word`` is a word (or join) of some label."""
    for index in view.layers:  # noqa: SIM110 (a loop: one layer or two, no generator for each written word)
        if word in index.by_word:
            return True
    return False


def _candidates(written: _Written, view: _View, known: frozenset[str]) -> set[int]:
    found: set[int] = set()
    for position, word in enumerate(written.words):
        if word in STOP_WORDS:
            continue
        joined = (
            _joined(written.raw[position], written.raw[position + 1])
            if position + 1 < len(written.raw)
            else None
        )
        stem = _stem(word) if not word.isdigit() else None
        for index in view.layers:
            found |= index.by_word.get(word, _NONE)
            found |= index.by_head_end.get(word, _NONE)
            if joined is not None:
                found |= index.by_word.get(joined, _NONE)
            if stem is not None:
                found |= index.by_stem.get(stem, _NONE)
        if stem is not None and word not in known:
            for near in _near_words(word, view):
                for index in view.layers:
                    found |= index.by_word.get(near, _NONE)
    return found


def _near_words(word: str, view: _View) -> set[str]:
    near: set[str] = set()
    for variant in _deletions(word):
        for index in view.layers:
            near |= {each for each in index.by_deletion.get(variant, frozenset()) if _typo(word, each)}
    return near


# -- scoring one label -----------------------------------------------------------------------------------


@dataclass(slots=True)
class _Tally:
    used: set[int]
    typos: int = 0
    short_typo: bool = False
    exact: int = 0
    part: int | None = None  # the head matched only as the end of a compound
    own: int = 0  # written words no word of the label accounts for


def _score(written: _Written, label: _Label, view: _View, known: frozenset[str]) -> _Score | None:
    tally = _match_words(written, label, view.item_nouns, known)
    if tally is None or not tally.used:
        return None
    main_missing, head_ok, missing_words = _missing_main(label, tally)
    if tally.part is not None:
        main_missing, head_ok = max(main_missing, 1), True
    kind_missing = min((sum(1 for t in kind if t not in tally.used) for kind in label.kinds), default=0)
    paren_missing = sum(1 for t in label.parens if t not in tally.used)
    all_missing = len(label.tokens) - len(tally.used)
    if tally.own and (main_missing > 0 or tally.part is not None):
        return None  # words of its own and not even the whole label: a new thing ("hunting bow" in srd)
    if main_missing > 0:
        # A word of the name: its head noun, one word short, perhaps described (spec of this module).
        if not head_ok or tally.short_typo:
            return None
    elif tally.short_typo and tally.exact == 0:
        return None
    # A rare label one word short is meant only when a main word besides the head is written ("silver nail").
    # ("silver nail"); the word missing is one before the head, never what an "of" says ("fire ring" is no
    # Ring of Fire Resistance), and no possessive names it ("giant's belt").
    named = not written.possessive and any(
        any(t in tally.used for t in main if t != head) and all(t in tally.used or t < head for t in main)
        for main, head in zip(label.mains, label.heads, strict=True)
    )
    can_win = (main_missing == 0 and not tally.own) or (
        main_missing == 1
        and tally.part is None
        and (named or not label.in_full)
        and not (missing_words & view.item_nouns)
    )
    bundle_said = any(t in tally.used for t in label.parens)
    key = (min(tally.own, 1), main_missing, kind_missing, tally.typos, paren_missing, all_missing)
    return _Score(key, label, can_win, bundle_said, tally.part is not None)


def _match_words(
    written: _Written, label: _Label, item_nouns: frozenset[str], known: frozenset[str]
) -> _Tally | None:
    """Account for every written word against ``label``'s words, or None when one is a word of its own
    (``known``: the written words that are a word of some label)."""
    tally = _Tally(used=set())
    free = {t: word for t, word in enumerate(label.tokens)}
    position = 0
    while position < len(written.words):
        word = written.words[position]
        if position + 1 < len(written.words):
            joined = _joined(written.raw[position], written.raw[position + 1])
            token = _take(free, joined)
            if token is not None:
                tally.used.add(token)
                tally.exact += 1
                position += 2
                continue
        token = _take(free, word)
        if token is not None:
            tally.used.add(token)
            tally.exact += 1
        elif (pair := _take_join(label, free, word)) is not None:
            tally.used.update(pair)
            tally.exact += 1
        elif word in STOP_WORDS:
            pass
        elif _is_adjective(written, position, label):
            position = _chunk_end(written, position)
            continue
        elif (near := _take_near(free, word, known)) is not None:
            tally.used.add(near)
            tally.typos += 1
            tally.short_typo = tally.short_typo or len(word) < _MIN_TYPO
        elif (stem := _take_stem(free, word)) is not None:
            # "healing" for Healer's: the same word by another ending, counted as a typo is.
            tally.used.add(stem)
            tally.typos += 1
        elif (head := _take_head_end(label, free, word)) is not None:
            tally.used.add(head)
            tally.part = head
        elif word in item_nouns or word in _MATERIAL_WORDS or word.isdigit():
            # "rope ladder": a thing named after another thing is a thing of its own; "silk rope" is no
            # hempen rope, whatever else it says.
            return None
        else:
            tally.own += 1  # "fresh poultice", "bottle of tonic": the whole label, described
        position += 1
    return tally if tally.typos <= 1 else None


def _missing_main(label: _Label, tally: _Tally) -> tuple[int, bool, frozenset[str]]:
    best: tuple[int, bool, frozenset[str]] | None = None
    for main, head in zip(label.mains, label.heads, strict=True):
        missing = [t for t in main if t not in tally.used]
        words = len({label.groups[t] for t in missing})
        found = (words, head in tally.used, frozenset(label.tokens[t] for t in missing))
        if best is None or (found[0], not found[1]) < (best[0], not best[1]):
            best = found
    assert best is not None  # every label has a main part
    return best


def _take(free: dict[int, str], word: str) -> int | None:
    for token, each in free.items():
        if each == word:
            del free[token]
            return token
    return None


def _take_join(label: _Label, free: dict[int, str], word: str) -> tuple[int, int] | None:
    for joined, first, second in label.joins:
        if joined == word and first in free and second in free:
            del free[first], free[second]
            return first, second
    return None


def _take_near(free: dict[int, str], word: str, known: frozenset[str]) -> int | None:
    if word.isdigit() or word in known or len(word) < 2:
        return None
    for token, each in free.items():
        if not each.isdigit() and _is_read_typo(word, each):
            del free[token]
            return token
    return None


def _take_head_end(label: _Label, free: dict[int, str], word: str) -> int | None:
    for head in label.heads:
        whole = label.tokens[head]
        if head in free and _is_compound_end(word, whole):
            del free[head]
            return head
    return None


def _is_adjective(written: _Written, position: int, label: _Label) -> bool:
    """A harmless adjective, or a material beside a label that names none ("iron crowbar"), as a whole chunk."""
    chunk = written.chunk[position]
    starts = position == 0 or written.chunk[position - 1] != chunk
    said = written.chunks[chunk]
    last = chunk == written.chunk[-1]  # "stone" alone is a thing, not what one is made of
    return starts and (
        said in HARMLESS_ADJECTIVES or (said in MATERIALS and not last and not label.has_material)
    )


def _take_stem(free: dict[int, str], word: str) -> int | None:
    stem = _stem(word)
    for token, each in free.items():
        if each != word and not each.isdigit() and _stem(each) == stem:
            del free[token]
            return token
    return None


def _stem(word: str) -> str:
    """``word`` less one ending of ``STEM_SUFFIXES`` when at least ``MIN_STEM`` letters stay; else itself."""
    for suffix in STEM_SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= MIN_STEM:
            return word[: -len(suffix)]
    return word


def _chunk_end(written: _Written, position: int) -> int:
    chunk = written.chunk[position]
    while position < len(written.chunk) and written.chunk[position] == chunk:
        position += 1
    return position


def label_words(names: ItemNames) -> Set[str]:
    """Every word of every label ``match_name`` can give, canonical (``canonical_word`` of ``words_of``): a
    word none of them holds is in no label it finds."""
    return _view_of(names).words


def plurals_of(names: ItemNames) -> tuple[Mapping[str, tuple[str, bool]], Set[str]]:
    """``plurals.plural_forms`` of the labels ``match_name`` reads (made with the index, once per label set),
    and their words (``label_words``), from one look-up of the index."""
    view = _view_of(names)
    return view.plurals, view.words


# -- the index -------------------------------------------------------------------------------------------


def _view_of(names: ItemNames) -> _View:
    """The index of ``names``' labels: the ruleset's, kept on its ``LabelSet``, and when the game has invented
    items a view of both layers, kept on theirs (made on the first asking, for that ruleset's index)."""
    book, own = names.label_layers()
    base = book.index
    if not isinstance(base, _View):
        base = book.index = _book_view(book)
    if own is None:
        return base
    view = own.index
    if not isinstance(view, _View) or view.book is not base.book:
        view = own.index = _game_view(base, own)
    return view


def _book_view(book: LabelSet) -> _View:
    """The one-layer view of a ruleset's labels."""
    index = _index(book.labels, book.in_full, frozenset(), 0)
    return _View((index,), index.labels, index.item_nouns, index.words, index.plurals, index)


def _game_view(base: _View, own: LabelSet) -> _View:
    """``base`` with a game's labels after it, read as one index of all of them would read them: a label folded
    as one before it left out, each named in full if either layer names it so, a ruleset label too."""
    book = base.book
    in_full = own.in_full | book.in_full
    index = _index(own.labels, in_full, book.folded, len(book.labels))
    labels = book.labels + index.labels
    renamed = [
        position
        for text in own.in_full
        if (position := book.by_label.get(text)) is not None and not book.labels[position].in_full
    ]
    if renamed:  # a ruleset label an invented item spells exactly: one index of both names it in full
        listed = list(labels)
        for position in renamed:
            listed[position] = replace(listed[position], in_full=True)
        labels = tuple(listed)
    nouns = book.item_nouns | index.item_nouns if index.item_nouns - book.item_nouns else book.item_nouns
    words = _Words(book.words, index.words) if index.words - book.words else book.words
    plurals = (
        _Plurals(book.plurals, index.plurals)
        if any(form not in book.plurals for form in index.plurals)
        else book.plurals
    )
    return _View((book, index), labels, nouns, words, plurals, book)


def _index(labels: tuple[str, ...], in_full: frozenset[str], folded: frozenset[str], start: int) -> _Index:
    """Every label of one layer read into parts once, its positions from ``start`` on; a label folded as one
    of ``folded`` (a layer's before it) or as one before it here is left out, as one with no words."""
    parsed: list[_Label] = []
    seen: set[str] = set()
    for text in labels:
        if text.casefold() in seen or text.casefold() in folded or not words_of(text):
            continue
        seen.add(text.casefold())
        parsed.append(_parse_label(text, text in in_full))
    by_word: dict[str, set[int]] = {}
    by_head_end: dict[str, set[int]] = {}
    item_nouns: set[str] = set()
    for position, label in enumerate(parsed, start):
        for word in (*label.tokens, *(join for join, _, _ in label.joins)):
            by_word.setdefault(word, set()).add(position)
        for head in label.heads:
            for end in _compound_ends(label.tokens[head]):
                by_head_end.setdefault(end, set()).add(position)
        item_nouns.update(label.tokens[main[0]] for main in label.mains if len(main) == 1)
    by_deletion: dict[str, set[str]] = {}
    by_stem: dict[str, set[int]] = {}
    for word, found in by_word.items():
        if not word.isdigit():
            for variant in _deletions(word):
                by_deletion.setdefault(variant, set()).add(word)
            by_stem.setdefault(_stem(word), set()).update(found)
    return _Index(
        labels=tuple(parsed),
        by_word={word: frozenset(found) for word, found in by_word.items()},
        by_head_end={word: frozenset(found) for word, found in by_head_end.items()},
        by_deletion={word: frozenset(found) for word, found in by_deletion.items()},
        by_stem={word: frozenset(found) for word, found in by_stem.items()},
        item_nouns=frozenset(item_nouns),
        words=frozenset(canonical_word(word) for label in parsed for word in words_of(label.label)),
        plurals=plural_forms(labels),
        folded=frozenset(seen),
        by_label={label.label: position for position, label in enumerate(parsed, start)},
        in_full=in_full,
    )


class _Words(Set[str]):
    """The words of two layers (``_Index.words``), as the one set of both: a look-up asks each."""

    __slots__ = ("_first", "_second")

    def __init__(self, first: frozenset[str], second: frozenset[str]) -> None:
        self._first, self._second = first, second

    def __contains__(self, word: object) -> bool:
        return word in self._first or word in self._second

    def __iter__(self) -> Iterator[str]:
        yield from self._first
        yield from (word for word in self._second if word not in self._first)

    def __len__(self) -> int:
        return len(self._first) + sum(1 for word in self._second if word not in self._first)


class _Plurals(Mapping[str, tuple[str, bool]]):
    """The plural forms of two layers, as ``plural_forms`` of both layers' labels in order: a form the first
    makes is the first's (its label comes first), any other the second's."""

    __slots__ = ("_first", "_second")

    def __init__(self, first: Mapping[str, tuple[str, bool]], second: Mapping[str, tuple[str, bool]]) -> None:
        self._first, self._second = first, second

    def __getitem__(self, form: str) -> tuple[str, bool]:
        found = self._first.get(form)
        return found if found is not None else self._second[form]

    @overload
    def get(self, form: str, /) -> tuple[str, bool] | None: ...

    @overload
    def get(self, form: str, default: tuple[str, bool] | _T, /) -> tuple[str, bool] | _T: ...

    def get(self, form: str, default: object = None, /) -> object:
        # Most names asked are no plural form: one look-up in each layer, no ``KeyError`` raised and caught.
        found = self._first.get(form)
        return found if found is not None else self._second.get(form, default)

    def __iter__(self) -> Iterator[str]:
        yield from self._first
        yield from (form for form in self._second if form not in self._first)

    def __len__(self) -> int:
        return len(self._first) + sum(1 for form in self._second if form not in self._first)


def _parse_label(label: str, in_full: bool) -> _Label:
    parens = _PARENS.findall(label)
    base = _PARENS.sub(" ", label)
    parts = _KIND.split(base, maxsplit=1)
    main_text, kind_text = parts[0], (parts[1] if len(parts) > 1 else "")
    tokens: list[str] = []
    raw: list[str] = []
    groups: list[int] = []

    def add(words: Iterable[tuple[str, int]]) -> tuple[int, ...]:
        start = len(tokens)
        for word, group in words:
            raw.append(word)
            tokens.append(canonical_word(word))
            groups.append(group)
        return tuple(range(start, len(tokens)))

    mains: list[tuple[int, ...]] = []
    heads: list[int] = []
    for alternative in _OR.split(main_text) if main_text.strip() else [label]:
        all_words = _grouped(alternative, len(groups))
        kept = _content(all_words)
        indices = add(kept)
        mains.append(indices)
        heads.append(indices[_head_position([word for word, _ in all_words], [word for word, _ in kept])])
    kinds = tuple(
        add(_content(_grouped(each, len(groups))))
        for each in _KIND_ALTERNATIVES.split(kind_text)
        if words_of(each)
    )
    paren_tokens = tuple(t for paren in parens for t in add(_content(_grouped(paren, len(groups)))))
    joins = tuple(
        (_joined(raw[first], raw[first + 1]), first, first + 1)
        for group in (*mains, *kinds)
        for first in group[:-1]
    )
    kind_first = tuple(
        (_joined(raw[kind[-1]], raw[main[0]]), kind[-1], main[0]) for kind in kinds for main in mains
    )
    return _Label(
        label=label,
        tokens=tuple(tokens),
        groups=tuple(groups),
        mains=tuple(mains),
        heads=tuple(heads),
        kinds=kinds,
        parens=paren_tokens,
        joins=joins + kind_first,
        bundle=_bundle(parens),
        in_full=in_full,
        has_material=any(token in _MATERIAL_WORDS for token in tokens),
    )


def _head_position(all_words: list[str], kept: list[str]) -> int:
    """The head noun among ``kept``: the word before the first "of" ("Potion of Healing"), else the last."""
    if "of" in all_words[1:]:
        before = all_words[: all_words.index("of", 1)]
        content = [word for word in before if word not in STOP_WORDS]
        if content:
            return len(content) - 1
    return len(kept) - 1


def _grouped(text: str, first: int) -> list[tuple[str, int]]:
    """The words of ``text``, each with the number of the written word (space to space) it is part of."""
    return [(word, first + at) for at, chunk in enumerate(text.split()) for word in words_of(chunk)]


def _content(words: list[tuple[str, int]]) -> list[tuple[str, int]]:
    return [(word, group) for word, group in words if word not in STOP_WORDS] or words


def _bundle(parens: list[str]) -> int | None:
    for paren in parens:
        found = _BUNDLE.fullmatch(paren.strip())
        if found and int(found.group(1).replace(",", "")) > 1:
            return int(found.group(1).replace(",", ""))
    return None


# -- words -----------------------------------------------------------------------------------------------


def _joined(first: str, second: str) -> str:
    return canonical_word(first + second)


def _compound_ends(word: str) -> list[str]:
    return [word[cut:] for cut in range(_MIN_PART, len(word) - _MIN_PART + 1)]


def _is_compound_end(word: str, whole: str) -> bool:
    return len(word) >= _MIN_PART and len(whole) - len(word) >= _MIN_PART and whole.endswith(word)


def _deletions(word: str) -> set[str]:
    return {word, *(word[:cut] + word[cut + 1 :] for cut in range(len(word)))}


def _typo(first: str, second: str) -> tuple[str, int, bool] | None:
    """How two words are one likely typo apart, as (kind, where, doubled): a letter added or dropped
    ("indel"; doubled when it is a doubled letter, "dager"), two neighbours swapped ("swap"), or one changed
    into another vowel or a key beside it ("change", ``KEY_NEIGHBOURS``); None when they are not."""
    if first == second or abs(len(first) - len(second)) > 1:
        return None
    if len(first) == len(second):
        diff = [at for at in range(len(first)) if first[at] != second[at]]
        if len(diff) == 1:
            one, other = first[diff[0]], second[diff[0]]
            likely = (one in VOWELS and other in VOWELS) or other in KEY_NEIGHBOURS.get(one, "")
            return ("change", diff[0], False) if likely else None
        swapped = (
            len(diff) == 2
            and diff[1] == diff[0] + 1
            and first[diff[0]] == second[diff[1]]
            and first[diff[1]] == second[diff[0]]
        )
        return ("swap", diff[0], False) if swapped else None
    shorter, longer = (first, second) if len(first) < len(second) else (second, first)
    at = 0
    while at < len(shorter) and shorter[at] == longer[at]:
        at += 1
    if shorter[at:] != longer[at + 1 :]:
        return None
    doubled = (at > 0 and longer[at - 1] == longer[at]) or (
        at + 1 < len(longer) and longer[at + 1] == longer[at]
    )
    return "indel", at, doubled


def _is_read_typo(word: str, known: str) -> bool:
    """Whether ``word`` is read as a typo of ``known``: never a changed first letter ("clock" is no lock), a
    five-letter word only by a swap or a doubled letter ("dager"; "stuff" is no staff), a shorter one only
    where the caller finds an exact word beside it ("Hand xe")."""
    typo = _typo(word, known)
    if typo is None:
        return False
    kind, at, doubled = typo
    if len(word) < _MIN_TYPO:
        return True
    if at == 0:
        return False
    return len(word) > _MIN_TYPO or kind == "swap" or doubled
