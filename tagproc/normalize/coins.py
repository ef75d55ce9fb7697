"""Coin amounts: "3 shillings", "three shillings", "1 penny", "12 Pennies", "a crown", "50gp", "5 gold coins".

Spec "Money": ``amount`` is a count and a coin, the coin by its id or label, one of it or many, in any
case; ``pay``/``earn`` also read ``item="penny" count="4"`` (DESIGN.md "Tags the GM writes"). Several
coins may be written at once ("1 crown and 6 shillings", "1 crown, 4 shillings"); each becomes a
``CoinAmount``. The coin words of ``vocabulary/coins.py`` widen what names a coin ("gold coins" and "gold"
for gold pieces, "pence" for pennies, "pinches of salt" for pinches, "Marks." with its full stop), and
the words that wrap an amount without changing it are dropped ("a total of 5 gp", "5 gp worth",
"three shillings, please"). Also read: the coin before its count ("marks: 6"), an aside in brackets or after
"for"/"as" that names nothing ("9 sp (for the rope)", "9 sp, for the rope"; said in the note), a coin's name
with its short name beside it ("Gold Pieces (gp)"), old British money where the ruleset has shillings and
pennies ("1s 6d", "5p", "eightpence", "tuppence") and short coin names ("sovs").

The commonest amount, digits and a coin's own name ("3 shillings"), is read at once (``_plain_amount``) as
the long way reads it.

Invariants:
- A coin no ruleset coin fits is kept by its written name with ``coin=None``: the engine refuses it as
  ``unknown-coin`` (or ``no-currencies``), not this stage.
- A compound amount never loses a part: every part is a coin amount, a filler word, or the whole amount is
  refused.
- A count is a whole number of at least 1; coins are excepted from the 9,999 count limit.
- An amount with no coin ("36"), a vague one ("some silver") or a hedged one ("about 5 gp", "5 gp each")
  is a ``Problem``, never a guess.
- An aside is left out only when it names no number, coin, party member or "not"; any other stays in the
  coin's name, so the amount is refused as written ("9 sp (for Ada)", "5 gp (50 sp)").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from tagproc.commands import CoinAmount
from tagproc.names import ItemNames
from tagproc.normalize.counts import Problem, check_count, read_number, split_count, vague_prefix
from tagproc.normalize.nouns import singular_names
from tagproc.notes import Note, note
from tagproc.repairs import Repair
from tagproc.trusted import trusted
from tagproc.vocabulary import (
    AMOUNT_FILLERS_AFTER,
    AMOUNT_FILLERS_BEFORE,
    AMOUNT_HEDGES,
    COIN_JOINERS,
    COIN_MATERIALS,
    COIN_NOUNS,
    COIN_SYNONYMS,
    COUNT_UNITS,
    COUNT_WORDS,
    MAX_COINS,
    MEASURE_WORDS,
    MULTIPLIER_WORDS,
    NEGATIONS,
    VAGUE_COUNTS,
)
from tagproc.vocabulary.coins import AMOUNT_ASIDE_WORDS, PENCE_WORDS
from tagproc.vocabulary.counts import MAX_COUNT_DIGITS

__all__ = ["ReadAmount", "names_two_coins", "read_amount", "read_coin"]


def _phrases(words: Iterable[str]) -> str:
    return "|".join(re.escape(word).replace(r"\ ", r"\s+") for word in sorted(words, key=len, reverse=True))


_WORD_JOINERS = [joiner for joiner in COIN_JOINERS if joiner.isalpha()]
_MARK_JOINERS = "".join(
    re.escape(joiner) for joiner in COIN_JOINERS if not joiner.isalpha() and joiner != ","
)
# Between the coins of an amount: a joiner (a comma only when it is no thousands comma: "1,000 gp"), or a
# number after a word ("2 gp 5 sp", "1 crown 6 shillings").
_PARTS = re.compile(
    rf"\s*(?:,(?!\d{{3}}(?!\d))|[{_MARK_JOINERS}]|\b(?:{_phrases(_WORD_JOINERS)})\b)\s*|(?<=[^\d\s,:=])\s+(?=\d)",
    re.I,
)
_STUCK = re.compile(r"\A(?P<n>\d[\d,]*)(?P<coin>[^\d\s,].*)\Z")
_HEDGE = re.compile(rf"\b(?:{_phrases(AMOUNT_HEDGES)})\b", re.I)
_BEFORE = re.compile(rf"\A(?:{_phrases(AMOUNT_FILLERS_BEFORE)})\b[\s:]*", re.I)
_AFTER = re.compile(rf"[\s,]*\b(?:{_phrases(AMOUNT_FILLERS_AFTER)})\Z", re.I)
_EDGE_PUNCTUATION = " \t.!?;:\"'`*"
_LABEL_FIRST = re.compile(r"\A(?P<coin>[^\d:=]*[^\d\s:=])\s*[:=]\s*(?P<n>\S.*)\Z")  # "marks: 6"
_BRACKETED = re.compile(r"\s*[(\[]([^()\[\]]*)[)\]]")
_ASIDE_TAIL = re.compile(
    rf"(?:\A|[\s,\-\u2013\u2014]+)(?:{_phrases(AMOUNT_ASIDE_WORDS)})\s+(?P<aside>[^,;]*)\Z", re.I
)
_NAMED_TWICE = re.compile(r"\A([^()\[\]]+?)\s*[(\[]\s*([^()\[\]]+?)\s*[)\]]\Z")
_WORDS = re.compile(r"[a-z0-9']+", re.I)


@dataclass(frozen=True, slots=True)
class ReadAmount:
    """The coins an amount names, the repairs made reading it, and notes for the answer."""

    amounts: tuple[CoinAmount, ...]
    repairs: tuple[Repair, ...] = ()
    notes: tuple[Note, ...] = ()


def read_amount(text: str, names: ItemNames, given: int | None = None) -> ReadAmount | Problem:
    """Read ``amount=`` (or an ``item=`` naming coins); ``given`` is the tag's ``count=``, if any."""
    plain = _plain_amount(text, names, given)
    if plain is not None:
        return plain
    hedge = _HEDGE.search(text)
    if hedge is not None:
        return Problem("unreadable", note("read_coins.hedged", text=text, hedge=hedge.group()))
    repairs: list[Repair] = []
    notes: list[Note] = []
    text = _without_asides(text, names, repairs, notes)
    parts = [
        kept
        for part in _PARTS.split(text.strip())
        if part and (kept := _unwrapped(_without_tail(part, names, repairs, notes), repairs))
    ]
    if not parts:
        return Problem("missing-key", note("read_coins.no_amount"))
    if len(parts) > 1 and given is not None:
        return Problem("count-conflict", note("read_coins.count_with_several", text=text))
    amounts: list[CoinAmount] = []
    for part in parts:
        read = _read_part(part, names, given, repairs, notes)
        if isinstance(read, Problem):
            return read
        amounts.append(read)
    return ReadAmount(tuple(amounts), tuple(repairs), tuple(notes))


# The words that make "N word" more than a count and a coin's name for the reader below (each lowercase; the
# reader compares them so): a joiner, a hedge, a filler after the amount, a unit of count, a measure, a number
# word. The hedges, fillers and asides are words without digits (tested), so beside a count in digits only
# a word that is one whole can match them.
_NOT_PLAIN_WORDS = frozenset(
    word.lower()
    for word in (
        *_WORD_JOINERS,
        *AMOUNT_HEDGES,
        *AMOUNT_FILLERS_AFTER,
        *COUNT_UNITS,
        *MEASURE_WORDS,
        *COUNT_WORDS,
        *MULTIPLIER_WORDS,
    )
)


_trusted_amount = trusted(CoinAmount)


def _plain_amount(text: str, names: ItemNames, given: int | None) -> ReadAmount | None:
    """ "3 shillings": digits (no leading zero, within the coin limit), one space and a coin's own name (its
    id, label or one, by ``find_coin``), read at once; None for any other amount (the reader above reads
    it the long way). The checks are the long way's, each answered for this shape: no hedge, filler
    (a filler before or an aside starts with a word, never with digits), joiner, pence word, unit, measure
    or number word, so no part is split, unwrapped or refused, ``split_count`` reads the digits off,
    ``check_count`` keeps them, and nothing is repaired or said. The amount is built unvalidated: its count
    is an ``int`` of at least 1 (no leading zero), its names are strs."""
    digits, _, word = text.partition(" ")
    if not (
        digits.isascii()
        and digits.isdigit()
        and digits[0] != "0"
        and len(digits) <= MAX_COUNT_DIGITS
        and word.isascii()
        and word.isalpha()
    ):
        return None
    count = int(digits)
    if count > MAX_COINS or (given is not None and given != count):
        return None
    lowered = text.lower()
    if word.lower() in _NOT_PLAIN_WORDS or lowered in PENCE_WORDS or lowered in VAGUE_COUNTS:
        return None
    coin = names.find_coin(word)
    if coin is None:
        return None
    return ReadAmount((_trusted_amount(name=word, count=count, coin=coin, label=names.coin_label(coin)),))


def read_coin(name: str, names: ItemNames) -> tuple[str, Repair | None] | None:
    """The coin id a written coin name is (id, label or one name; plural, "gold coins", "gold", "pence",
    "pinches of salt"), if any, with the repair when it was not one of the ruleset's own names."""
    found = names.find_coin(name)
    if found is not None:
        return found, None
    for candidate in _coin_forms(name):
        found = names.find_coin(candidate)
        if found is not None:
            return found, Repair("coin-name", name, candidate)
    twice = _NAMED_TWICE.match(name.strip())
    if twice is not None:
        # "Gold Pieces (gp)": a coin's name with its short name beside it is that coin.
        first, second = read_coin(twice.group(1), names), read_coin(twice.group(2), names)
        if first is not None and second is not None and first[0] == second[0]:
            return first[0], Repair("coin-name", name, names.coin_label(first[0]))
    return None


def names_two_coins(name: str, names: ItemNames) -> bool:
    """Whether ``name`` is a coin's name with another beside it in brackets ("Gold Pieces (sp)"): no one coin,
    so refused rather than made an item."""
    twice = _NAMED_TWICE.match(name.strip())
    if twice is None:
        return False
    first, second = read_coin(twice.group(1), names), read_coin(twice.group(2), names)
    return first is not None and second is not None and first[0] != second[0]


def _coin_forms(name: str) -> list[str]:
    """The names a written coin name may stand for, closest first."""
    text = " ".join(name.strip(_EDGE_PUNCTUATION).lower().split())
    bases = [text]
    if "." in text:
        bases.append(text.replace(".", ""))  # "g.p."
    synonym = " ".join(COIN_SYNONYMS.get(word, word) for word in text.split())
    bases.append(synonym)
    words = synonym.split()
    if "of" in words[1:-1]:
        # "coins of silver", "pinches of salt": the words in the other order.
        at = words.index("of", 1)
        bases.append(" ".join([*words[at + 1 :], *words[:at]]))
    forms: list[str] = []
    for base in bases:
        forms += [base, *singular_names(base)]
        if " " not in base:
            # "silvers": the coin's material made plural.
            forms += [f"{one} pieces" for one in singular_names(base) if one in COIN_MATERIALS]
        words = base.split()
        if len(words) > 1 and words[-1] in COIN_NOUNS:
            stem = " ".join(words[:-1])
            forms += [stem, *singular_names(stem), f"{stem} pieces", f"{stem} piece"]
        elif words and words[-1] not in COIN_NOUNS:
            forms += [f"{base} pieces", f"{base} piece"]
        for rest in _without_material(words):
            forms += [rest, *singular_names(rest)]
    return list(dict.fromkeys(form for form in forms if form))


def _without_material(words: list[str]) -> list[str]:
    """The name less what its currency is made of ("salt pinches" → "pinches", "silver pennies")."""
    if len(words) < 2:
        return []
    found = []
    if words[0] in COIN_MATERIALS:
        found.append(" ".join(words[1:]))
    if words[-1] in COIN_MATERIALS:
        found.append(" ".join(words[:-1]))
    return found


def _without_asides(text: str, names: ItemNames, repairs: list[Repair], notes: list[Note]) -> str:
    """``text`` less each aside in brackets that names nothing ("5 sp (for the room)") or names the coin just
    before it again ("Gold Pieces (gp)"); any other is kept, so the amount is refused as written."""

    def drop(found: re.Match[str]) -> str:
        aside = found.group(1).strip()
        before = text[: found.start()]
        same = _same_coin(aside, before, names)
        if same or _is_harmless(aside, names):
            repairs.append(Repair("amount-aside", found.group().strip(), ""))
            if not same:
                notes.append(note("read_coins.left_out", text=found.group().strip()))
            return ""
        return found.group()

    return _BRACKETED.sub(drop, text)


def _without_tail(part: str, names: ItemNames, repairs: list[Repair], notes: list[Note]) -> str:
    """One part less a trailing aside saying what it is for ("9 sp for the rope", "for the rope")."""
    found = _ASIDE_TAIL.search(part)
    if found is None or not _is_harmless(found.group("aside"), names):
        return part
    aside = found.group().strip(" ,")
    repairs.append(Repair("amount-aside", aside, ""))
    notes.append(note("read_coins.left_out", text=aside))
    return part[: found.start()]


def _is_harmless(aside: str, names: ItemNames) -> bool:
    """Whether an aside could change nothing: no number (digits or words), coin, party member or "not"."""
    words = [word.lower() for word in _WORDS.findall(aside)]
    members = {member.casefold() for member in names.game_words().members}
    for word in words:
        if any(char.isdigit() for char in word) or word in NEGATIONS or word in members:
            return False
        if read_number(word) is not None and word not in ("a", "an"):
            return False
        if read_coin(word, names) is not None:
            return False
    return bool(words) and read_coin(aside, names) is None


def _same_coin(aside: str, before: str, names: ItemNames) -> bool:
    coin = read_coin(aside, names)
    if coin is None:
        return False
    tail = _PARTS.split(before.strip())[-1] if before.strip() else ""
    words = tail.split()
    return any(
        (found := read_coin(" ".join(words[start:]), names)) is not None and found[0] == coin[0]
        for start in range(len(words))
    )


def _unwrapped(part: str, repairs: list[Repair]) -> str:
    """One part of an amount less the words that wrap it and the punctuation stuck to it ("5 gp worth")."""
    kept = part.strip(_EDGE_PUNCTUATION)
    while True:
        shorter = _AFTER.sub("", _BEFORE.sub("", kept)).strip(_EDGE_PUNCTUATION)
        if shorter == kept:
            break
        kept = shorter
    if kept != part.strip():
        repairs.append(Repair("amount-words", part.strip(), kept))
    return kept


def _read_part(
    part: str, names: ItemNames, given: int | None, repairs: list[Repair], notes: list[Note]
) -> CoinAmount | Problem:
    vague = vague_prefix(part)
    if vague is not None:
        return Problem("unreadable", note("read_coins.vague", text=vague))
    if read_number(part) is not None:
        return Problem("unreadable", note("read_coins.no_coin", text=part))
    count, name = _split(part, repairs)
    if count is None:
        if given is not None:
            count = given
        else:
            count = 1
            repairs.append(Repair("coin-without-count", part, f"1 {part}"))
            notes.append(note("read_coins.took_one", text=part))
    elif given is not None and given != count:
        return Problem("count-conflict", note("read_counts.conflict", text=part, says=count, given=given))
    checked = check_count(count, MAX_COINS, repairs, notes)
    coin = read_coin(name, names)
    if coin is None:
        return CoinAmount(name=name, count=checked)
    coin_id, repair = coin
    if repair is not None:
        repairs.append(repair)
    return CoinAmount(name=name, count=checked, coin=coin_id, label=names.coin_label(coin_id))


def _split(part: str, repairs: list[Repair]) -> tuple[int | None, str]:
    pence = PENCE_WORDS.get(part.lower())
    if pence is not None:
        repairs.append(Repair("pence-word", part, f"{pence} pence"))
        return pence, "pence"
    first = _LABEL_FIRST.match(part)
    if first is not None and (number := read_number(first.group("n"))) is not None:
        # "Marks: 6": the coin as a label, its count after it.
        coin = first.group("coin").strip()
        repairs.append(Repair("coin-first", part, f"{number} {coin}"))
        return number, coin
    stuck = _STUCK.match(part)
    if stuck:
        count = int(stuck.group("n").replace(",", ""))
        coin = stuck.group("coin").strip()
        repairs.append(Repair("count-stuck-to-coin", part, f"{count} {coin}"))
        return count, coin
    split = split_count(part)
    if split is None:
        return None, part
    if not split.phrase[:1].isdigit():
        repairs.append(Repair("number-in-words", split.phrase, str(split.count)))
    return split.count, split.rest
