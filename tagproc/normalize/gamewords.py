"""Game words: finding the game's own names (party members, pools, tracks, conditions, fields, rests, place
sizes, loot tables, sellers) in what a tag wrote, and who a ``who=`` names.

Everything here is read against ``GameWords`` (``names.game_words()``): a word is taken for a member, a
pool or a size only when the game has one by that name, by id or label, in any case, ``_``/``-`` as
spaces, with a leading article and a possessive (``Bram's``) read away. Nothing is fuzzy.

Invariants:
- A lookup returns the game's canonical id (a member's name as the party writes it) or None; never raises.
- ``read_person`` never picks between two members: a ``who=`` naming two of them is a ``Problem``.
- A ``GameIndex`` is a value of its words: what it works out once (members by key, the phrases that name a
  member, the hit-point pool) never changes, so a caller may keep it from tag to tag and turn to turn.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from tagproc.names import GameWords, Word, fold
from tagproc.normalize.counts import Problem
from tagproc.notes import Note, note
from tagproc.repairs import Repair
from tagproc.vocabulary import (
    ARTICLES,
    EVERYONE_WORDS,
    HEALTH_NAMES,
    HEALTH_WORDS,
    NEGATIONS,
    PARTY_WORDS,
    PLAYER_WORDS,
)

_TOO_COMMON = frozenset({"all", "us", "we", "each", "group", "company", "team"})

__all__ = [
    "KINDS",
    "GameIndex",
    "PersonRead",
    "Token",
    "each_member",
    "first_words",
    "health_pool",
    "is_plain_member",
    "key_of",
    "party_at",
    "read_person",
    "span",
    "tokens_of",
]

# The kinds of game word, each the GameWords field it comes from.
KINDS = ("member", "pool", "track", "condition", "field", "rest", "size", "loot_table", "seller")

_TOKEN = re.compile(
    r"(?P<num>[+\-\u2212]?\d+(?:[.,]\d+)*)(?![\w'])|(?P<word>[^\W_][\w'\u2019\-]*(?<![\-']))|(?P<punct>[^\s\w])",
)
_POSSESSIVE = re.compile(r"(?:'s|\u2019s|'|\u2019)\Z", re.I)
_EDGE_PUNCT = " \t.,;:!?\"'`()[]{}*"


@dataclass(frozen=True, slots=True)
class Token:
    """One piece of a keyless body: a number, a word or a punctuation mark, where it was written."""

    text: str
    kind: str  # "num", "word" or "punct"
    start: int
    end: int

    @property
    def possessive(self) -> bool:
        return self.kind == "word" and bool(_POSSESSIVE.search(self.text)) and len(self.text) > 2


def tokens_of(text: str) -> list[Token]:
    """The tokens of ``text`` in order (whitespace dropped)."""
    found: list[Token] = []
    for match in _TOKEN.finditer(text):
        kind = match.lastgroup or "punct"
        found.append(Token(match.group(), kind, match.start(), match.end()))
    return found


def key_of(text: str) -> str:
    """A name as game words compare it: folded, accents and edge punctuation off, possessive off."""
    if text.isascii() and text.isalnum():  # one plain word: no accent, punctuation or possessive to take off
        return text.lower()
    return _key_of_long(text)


def _key_of_long(text: str) -> str:
    """``key_of`` the long way (the reference its one-word path is tested against)."""
    # ASCII text has no accent to take off (NFKD leaves it as it is): most names are, and this runs often.
    plain = (
        text
        if text.isascii()
        else "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))
    )
    folded = fold(plain.strip(_EDGE_PUNCT))
    folded = _POSSESSIVE.sub("", folded) if len(folded) > 2 else folded
    return folded.strip(_EDGE_PUNCT)


def health_pool(words: GameWords) -> Word | None:
    """The pool that is the party's hit points (5e's "Hit points"), found by its id or label."""
    return next((pool for pool in words.pools if {key_of(pool.id), key_of(pool.label)} & HEALTH_NAMES), None)


class GameIndex:
    """Every game name of one game, by its folded phrase: ``find(phrase)`` gives each (kind, id) it names."""

    def __init__(self, words: GameWords) -> None:
        self.words = words
        self._names: dict[str, list[tuple[str, str]]] = {}
        for member in words.members:
            self._put(member, "member", member)
        for kind in KINDS[1:]:
            for word in getattr(words, f"{kind}s"):
                self._put(word.id, kind, word.id)
                self._put(word.label, kind, word.id)
        self.health = health_pool(words)  # the hit-point pool (``health_pool``), read for every sheet tag
        if self.health is not None:
            for written in HEALTH_WORDS:
                self._put(written, "pool", self.health.id)
        self.longest = max((len(phrase.split()) for phrase in self._names), default=0)
        # Each member by its ``key_of`` (the first listed wins, as a walk of ``words.members`` finds it),
        # and the phrases that name a member: worked out once, not per ``who=``.
        self.members_by_key: dict[str, str] = {}
        for member in words.members:
            self.members_by_key.setdefault(key_of(member), member)
        self.plain_members = frozenset(
            member for member in words.members if self.members_by_key[key_of(member)] == member
        )
        self.member_phrases = frozenset(
            phrase for phrase, hits in self._names.items() if any(kind == "member" for kind, _ in hits)
        )

    def _put(self, written: str, kind: str, ident: str) -> None:
        phrase = key_of(written)
        if not phrase:
            return
        words = phrase.split()
        phrases = [phrase]
        if len(words) > 1 and words[0] in ARTICLES:
            phrases.append(" ".join(words[1:]))
        for each in phrases:
            found = self._names.setdefault(each, [])
            if (kind, ident) not in found:
                found.append((kind, ident))

    def find(self, text: str, kinds: Sequence[str] = KINDS) -> list[tuple[str, str]]:
        """What ``text`` names as a whole (articles and possessive allowed), of the kinds asked."""
        phrase = key_of(text)
        words = phrase.split()
        while len(words) > 1 and words[0] in ARTICLES:
            words = words[1:]
        return [hit for hit in self._names.get(" ".join(words), []) if hit[0] in kinds]

    def find_one(self, text: str, kind: str) -> str | None:
        """The id of the one ``kind`` that ``text`` names, else None."""
        hits = self.find(text, (kind,))
        return hits[0][1] if len(hits) == 1 else None

    def spans(self, tokens: Sequence[Token], start: int) -> Iterator[tuple[int, list[tuple[str, str]]]]:
        """The game names starting at ``tokens[start]``, longest first: (tokens used, what they name)."""
        top = min(self.longest, len(tokens) - start)
        for size in range(top, 0, -1):
            part = tokens[start : start + size]
            if any(token.kind == "punct" and token.text not in "'-" for token in part):
                continue
            if any(token.possessive for token in part[:-1]):
                continue
            hits = self._names.get(key_of(" ".join(token.text for token in part)), [])
            if hits:
                yield size, hits

    def members_in(self, text: str) -> list[str]:
        """The members whose whole name is a run of words of ``text`` ("Bram the smith" → Bram)."""
        tokens = [token for token in tokens_of(text) if token.kind != "punct"]
        found: list[str] = []
        for start in range(len(tokens)):
            for _, hits in self.spans(tokens, start):
                for kind, ident in hits:
                    if kind == "member" and ident not in found:
                        found.append(ident)
        return found


# The member's name as a possessive with a noun after it: "Bram's brother" is not Bram (a bare "Bram's",
# or "Juno (the ferryman's daughter)", is).
_SOMEONE_ELSE = r"['\u2019]s\s+[^\W\d_]"


@dataclass(frozen=True, slots=True)
class PersonRead:
    """Who a ``who=``/``to=`` value names: the member (or ``party``), and what was repaired."""

    value: str
    repairs: tuple[Repair, ...] = ()
    notes: tuple[Note, ...] = ()


def is_plain_member(written: str, index: GameIndex) -> bool:
    """Whether ``written`` is a member's name as the party writes it (the first of its ``key_of``), and no
    word of the whole party: ``read_person`` reads it as itself, with no repair."""
    return written in index.plain_members and written not in ("party", "everyone")


def read_person(key: str, value: str, index: GameIndex) -> PersonRead | Problem:
    """The member a ``who=`` names: exactly, by a possessive, or the one member named among other words.

    The whole party's words read as ``party``; a value naming no member is kept as written (the engine
    answers ``unknown-character``); naming two members is refused.
    """
    written = value.strip()
    members = index.words.members
    if is_plain_member(written, index):
        return PersonRead(written)  # a member as the party writes it: the exact match below, found at once
    wanted = key_of(written)
    exact = index.members_by_key.get(wanted)
    if exact is not None:
        if fold(exact) == fold(written):
            return PersonRead(written)
        return PersonRead(exact, (Repair("who-possessive", written, exact),))
    if wanted in PLAYER_WORDS and members:
        player = members[0]
        said = note("read_who.player", key=key, text=written, member=player)
        return PersonRead(player, (Repair("player-word", written, player),), (said,))
    if wanted in PARTY_WORDS | EVERYONE_WORDS and len(members) == 1:
        alone = note("read_who.party_of_one", key=key, text=written, member=members[0])
        return PersonRead(members[0], (Repair("party-of-one", written, members[0]),), (alone,))
    if wanted in PARTY_WORDS:
        return PersonRead(
            "party", (Repair("party-word", written, "party"),) if fold(written) != "party" else ()
        )
    if wanted in EVERYONE_WORDS:
        return PersonRead("everyone", (Repair("everyone-word", written, "everyone"),))
    named = index.members_in(written)
    if len(named) > 1:
        return Problem("unreadable", note("read_who.several", key=key, text=written, members=tuple(named)))
    if len(named) == 1:
        someone_else = re.search(rf"(?<!\w){re.escape(named[0])}{_SOMEONE_ELSE}", written, re.IGNORECASE)
        if someone_else or NEGATIONS & set(wanted.split()):
            # "Bram's brother", "not Bram": another person than the member the words name.
            return Problem(
                "unreadable", note("read_who.someone_else", key=key, text=written, member=named[0])
            )
        said = note("read_who.took", key=key, text=written, member=named[0])
        return PersonRead(named[0], (Repair("who-words", written, named[0]),), (said,))
    return PersonRead(written)


def each_member(
    pairs: tuple[tuple[str, str], ...], key: str, aliases: Mapping[str, str], index: GameIndex
) -> list[tuple[str, tuple[tuple[str, str], ...]]] | Problem | None:
    """``who="Ada, Bram"`` (or "Ada and Bram") where a tag may be run for each member: the pairs once per
    member, ``key=`` set to that member (in its place). None when ``key=`` names at most one; every piece
    must be a member by name, else the tag is refused. The whole party named is ``key="party"`` (one tag
    for everyone)."""
    at = next((at for at, (written, _) in enumerate(pairs) if aliases.get(written, written) == key), None)
    if at is None:
        return None
    pieces = [piece.strip() for piece in _MEMBER_LIST.split(pairs[at][1]) if piece.strip()]
    if len(pieces) < 2:
        return None
    named: list[str] = []
    for piece in pieces:
        member = index.members_by_key.get(key_of(piece))
        if member is None:
            return Problem(
                "unreadable", note("read_who.not_a_member", key=key, text=pairs[at][1], piece=piece)
            )
        if member not in named:
            named.append(member)
    if len(named) < 2:
        return None
    if len(named) == len(index.words.members):
        return [("party", (*pairs[:at], (key, "party"), *pairs[at + 1 :]))]
    return [(member, (*pairs[:at], (key, member), *pairs[at + 1 :])) for member in named]


_MEMBER_LIST = re.compile(r"\s*(?:,|;|&|\+|\band\b)\s*", re.I)


# -- token helpers --------------------------------------------------------------------------------------------


def first_words(tokens: Sequence[Token]) -> list[str]:
    """The first words of ``tokens``, up to a punctuation mark (so a count of words is a count of tokens)."""
    words: list[str] = []
    for token in tokens[:6]:
        if token.kind == "punct":
            break
        words.append(token.text)
    return words


def span(text: str, tokens: Sequence[Token], start: int, end: int) -> str:
    """The text ``tokens[start:end]`` were read from, as written."""
    if start >= end or start >= len(tokens):
        return ""
    return text[tokens[start].start : tokens[end - 1].end]


def party_at(tokens: list[Token], at: int) -> int | None:
    """Where a phrase of the whole party's words starting at ``tokens[at]`` ends ("all", "us", "we" alone
    are too common to count), else None."""
    for size in (3, 2, 1):
        phrase = fold(" ".join(token.text for token in tokens[at : at + size]))
        if len(tokens) - at >= size and phrase in PARTY_WORDS | EVERYONE_WORDS and phrase not in _TOO_COMMON:
            return at + size
    return None


def game_index(words: GameWords) -> GameIndex:
    """The index of ``words``. It is a value of ``words`` alone and never changes once built, so a caller that
    keeps one game's words (``Turn``'s ``TurnContext``: the same from tag to tag) keeps its index too:
    building it per tag costs more than reading the tag. Nothing is cached here: the words hold the game's
    party, so a cache of them at module level would be shared by, and evicted by, every game in the process."""
    return GameIndex(words)
