"""Names: what the reader needs to know of a ruleset, the ``ItemNames`` protocol and its plain-data facts.

This module sits below both the normaliser and the engine, so the arrows point one way: the engine's rules
adapter (``engine/rules.py``) satisfies ``ItemNames`` and the normaliser reads it; neither imports the
other. The normaliser never imports the ruleset models; whatever satisfies ``ItemNames`` will do (the item book,
or the ``NameBook`` below, built from plain lists). ``ProposalWords`` holds the read-only vocabulary the
proposal repairs of spec "The Game Master invents items in your words" resolve names against.

The item labels come in two layers (``ItemNames.label_layers``): a ``LabelSet`` of the ruleset's own, the very
same object for every game of the ruleset (``Rules`` holds it), and the game's invented items after them. The
normaliser's looser match keeps its index of a ``LabelSet`` on the set itself (``LabelSet.index``), so the
ruleset's is built once and shared by its games, and a game's few invented items are indexed on their own
(DESIGN.md "Performance": no cache at module level).

Invariants:
- Every lookup is case-insensitive and returns the canonical id or label, or None; none of them raises.
- ``ProposalWords.rarities`` is ordered from the most common to the rarest (spec "The items block").
- ``item_labels()`` and ``named_in_full()`` are ``label_layers()`` joined, the ruleset's first.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

__all__ = [
    "CoinName",
    "GameWords",
    "ItemNames",
    "LabelSet",
    "NameBook",
    "ProposalWords",
    "StatWord",
    "Word",
    "fold",
]

StatType = Literal["number", "text", "boolean", "enum", "dice"]


def fold(text: str) -> str:
    """A name as lookups compare it: lowercase, ``_``/``-`` as spaces, single spaces."""
    if text.isalnum():  # one word (no space, ``_`` or ``-``): only its case to fold; most keys and names are
        return text.lower()
    return _folded(text)


def _folded(text: str) -> str:
    """``fold`` the long way (the reference its one-word path is tested against)."""
    return " ".join(text.lower().replace("_", " ").replace("-", " ").split())


@dataclass(frozen=True, slots=True)
class Word:
    """An id and its label: a category, rarity, tag, slot, skill, save or ability."""

    id: str
    label: str


@dataclass(frozen=True, slots=True)
class StatWord:
    """An item stat as a proposal reads it (spec "The items block", ``stats``)."""

    id: str
    label: str
    type: StatType
    minimum: float | None = None
    maximum: float | None = None
    integer: bool = True
    values: tuple[str, ...] = ()
    visible: bool = True  # promptVisible: the GM is never told about a stat it is not shown
    max_length: int | None = None  # a text stat's maxLength


@dataclass(frozen=True, slots=True)
class ProposalWords:
    """The ruleset's words an invented item is written in (empty tuples where the ruleset has none)."""

    categories: tuple[Word, ...] = ()
    rarities: tuple[Word, ...] = ()
    tags: tuple[Word, ...] = ()
    stats: tuple[StatWord, ...] = ()
    slots: tuple[Word, ...] = ()
    skills: tuple[Word, ...] = ()
    saves: tuple[Word, ...] = ()
    abilities: tuple[Word, ...] = ()
    has_binding: bool = False
    has_fights: bool = False
    defense_words: tuple[str, ...] = ()  # the ruleset's word for defense ("Guard"); "defense" always reads
    defense_stat: str | None = None  # the item stat the defense already counts (Ember Roads: "guard")


@dataclass(frozen=True, slots=True)
class GameWords:
    """The game's other names a tag may use: the party in order (player first), the sheet's live parts,
    the rests, the place sizes of the market, the loot tables, the sellers and the labels of the items
    that have a use (empty where there are none).

    A keyless body ("heal 2 resolve Bram", "rest vigil", "[place: Millbrook, market town]") is read against
    these, so a word is taken for a pool, a member or a size only when the game has one by that name.
    """

    members: tuple[str, ...] = ()
    pools: tuple[Word, ...] = ()
    tracks: tuple[Word, ...] = ()
    conditions: tuple[Word, ...] = ()
    fields: tuple[Word, ...] = ()
    rests: tuple[Word, ...] = ()
    sizes: tuple[Word, ...] = ()
    loot_tables: tuple[Word, ...] = ()
    sellers: tuple[Word, ...] = ()
    usable: tuple[
        str, ...
    ] = ()  # labels of the ruleset items that have a use ("take" one: drink or pick up?)


class LabelSet:
    """Item labels as the looser match reads them: ``labels`` in order, and those of them ``in_full`` (a word of
    the name never stands for them, ``ItemNames.named_in_full``).

    ``index`` is the normaliser's to fill: its index of these labels (``normalize/fuzzy.py``), None until the
    first looser match asks. The index is a function of the labels alone, so keeping it here changes no result,
    and it lives as long as the set: a ruleset's for as long as its ``Rules``, a game's invented items' for as
    long as the names they came with. Two threads asking at once may both build it; either keeps an equal one.
    """

    __slots__ = ("in_full", "index", "labels")

    def __init__(self, labels: Iterable[str], in_full: Iterable[str] = ()) -> None:
        self.labels: tuple[str, ...] = tuple(labels)
        self.in_full: frozenset[str] = frozenset(in_full)
        self.index: object = None

    def __repr__(self) -> str:
        return f"LabelSet({len(self.labels)} labels, {len(self.in_full)} in full)"


class ItemNames(Protocol):
    """What normalisation asks of a ruleset. The item book satisfies it; so does ``NameBook``."""

    def find_item(self, name: str) -> str | None:
        """The label of the ruleset item whose label is ``name`` in any case (the first listed wins)."""
        ...

    def item_labels(self) -> Sequence[str]:
        """Every ruleset item label, in catalog order (for the looser match)."""
        ...

    def named_in_full(self) -> Sequence[str]:
        """The labels a word of the name never stands for ("glue" is not Sovereign Glue): the items rarer than
        the ruleset's commonest rarity, and invented items. A looser match needs all of their main words."""
        ...

    def label_layers(self) -> tuple[LabelSet, LabelSet | None]:
        """``item_labels`` and ``named_in_full`` in two layers: the ruleset's own labels (the same ``LabelSet``
        at every call, and for every game of the ruleset), then the game's invented items (None when there
        are none). What the looser match reads, indexing each layer once."""
        ...

    def find_coin(self, name: str) -> str | None:
        """The id of the coin named ``name`` by id, ``label`` or ``one``, in any case."""
        ...

    def coin_label(self, coin: str) -> str:
        """A coin's ``label`` (its name for any number of it), by id."""
        ...

    def proposal_words(self) -> ProposalWords:
        """The words an invented item is written in."""
        ...

    def game_words(self) -> GameWords:
        """The party, sheet, rest, place, loot-table and seller names of this game."""
        ...


@dataclass(frozen=True, slots=True)
class CoinName:
    """A coin's names: id, ``label`` (any number) and ``one`` (exactly one; the label when absent)."""

    id: str
    label: str
    one: str | None = None


@dataclass(frozen=True, slots=True)
class NameBook:
    """``ItemNames`` over plain lists: for tests, and an adapter for any ruleset."""

    items: tuple[str, ...] = ()
    coins: tuple[CoinName, ...] = ()
    in_full: tuple[str, ...] = ()  # labels only ever named in full (rare items)
    words: ProposalWords = ProposalWords()
    game: GameWords = GameWords()
    # Its labels as one layer, made with the book: the looser match keeps its index there, so a book built once
    # and read again (a test's) indexes its labels once.
    _labels: LabelSet = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_labels", LabelSet(self.items, self.in_full))

    def find_item(self, name: str) -> str | None:
        wanted = name.strip().casefold()
        return next((label for label in self.items if label.casefold() == wanted), None)

    def item_labels(self) -> Sequence[str]:
        return self.items

    def named_in_full(self) -> Sequence[str]:
        return self.in_full

    def label_layers(self) -> tuple[LabelSet, LabelSet | None]:
        return self._labels, None

    def find_coin(self, name: str) -> str | None:
        wanted = name.strip().casefold()
        for coin in self.coins:
            if wanted in {coin.id.casefold(), coin.label.casefold(), (coin.one or coin.label).casefold()}:
                return coin.id
        return None

    def coin_label(self, coin: str) -> str:
        return next((each.label for each in self.coins if each.id == coin), coin)

    def proposal_words(self) -> ProposalWords:
        return self.words

    def game_words(self) -> GameWords:
        return self.game
