"""Coin amounts: "3 shillings", "three shillings", "1 penny", "12 Pennies", "a crown", "50gp".

Spec "Money": ``amount`` is a count and a coin, the coin by its id or label, one of it or many, in any
case; ``pay``/``earn`` also read ``item="penny" count="4"`` (DESIGN.md "Tags the GM writes"). Several
coins may be written at once ("1 crown and 6 shillings"); each becomes a ``CoinAmount``.

Invariants:
- A coin no ruleset coin fits is kept by its written name with ``coin=None``: the engine refuses it as
  ``unknown-coin`` (or ``no-currencies``), not this stage.
- A count is a whole number of at least 1; coins are excepted from the 9,999 count limit.
- An amount with no coin ("36") or a vague one ("some silver") is a ``Problem``, never a guess.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tagproc.commands import CoinAmount
from tagproc.names import ItemNames
from tagproc.normalize.counts import Problem, check_count, read_number, split_count, vague_prefix
from tagproc.normalize.items import singular_names
from tagproc.repairs import Repair
from tagproc.vocabulary import MAX_COINS

__all__ = ["ReadAmount", "read_amount", "read_coin"]

# Between the coins of an amount: a comma (not a thousands comma: "1,000 gp"), ";", "+", "&", "and", or a
# number after a word ("2 gp 5 sp", "1 crown 6 shillings").
_PARTS = re.compile(r"\s*(?:,(?!\d{3}(?!\d))|;|\+|&|\band\b)\s*|(?<=[^\d\s,])\s+(?=\d)", re.I)
_STUCK = re.compile(r"\A(?P<n>\d[\d,]*)(?P<coin>[^\d\s,].*)\Z")
_COIN_NOUNS = (" coins", " coin", " pieces", " piece")


@dataclass(frozen=True, slots=True)
class ReadAmount:
    """The coins an amount names, the repairs made reading it, and notes for the answer."""

    amounts: tuple[CoinAmount, ...]
    repairs: tuple[Repair, ...] = ()
    notes: tuple[str, ...] = ()


def read_amount(text: str, names: ItemNames, given: int | None = None) -> ReadAmount | Problem:
    """Read ``amount=`` (or an ``item=`` naming coins); ``given`` is the tag's ``count=``, if any."""
    parts = [part for part in _PARTS.split(text.strip()) if part]
    if not parts:
        return Problem("missing-key", "the tag says no amount.")
    if len(parts) > 1 and given is not None:
        return Problem("count-conflict", f'count= cannot go with several coins ("{text}").')
    amounts: list[CoinAmount] = []
    repairs: list[Repair] = []
    notes: list[str] = []
    for part in parts:
        read = _read_part(part, names, given, repairs, notes)
        if isinstance(read, Problem):
            return read
        amounts.append(read)
    return ReadAmount(tuple(amounts), tuple(repairs), tuple(notes))


def read_coin(name: str, names: ItemNames) -> tuple[str, Repair | None] | None:
    """The coin id a written coin name is (id, label or one name; plural, "gold coins", "gold"), if any."""
    found = names.find_coin(name)
    if found is not None:
        return found, None
    lowered = name.lower()
    candidates = [*singular_names(name)]
    for noun in _COIN_NOUNS:
        if lowered.endswith(noun):
            candidates.append(name[: -len(noun)].strip())
    candidates += [f"{name} pieces", f"{name} coins"]
    for candidate in candidates:
        found = names.find_coin(candidate)
        if found is not None:
            return found, Repair("coin-name", name, candidate)
    return None


def _read_part(
    part: str, names: ItemNames, given: int | None, repairs: list[Repair], notes: list[str]
) -> CoinAmount | Problem:
    vague = vague_prefix(part)
    if vague is not None:
        return Problem("unreadable", f'"{vague}" says no number; write the amount ("3 shillings").')
    if read_number(part) is not None:
        return Problem("unreadable", f'"{part}" names no coin; write it as "3 shillings".')
    count, name = _split(part, repairs)
    if count is None:
        if given is not None:
            count = given
        else:
            count = 1
            repairs.append(Repair("coin-without-count", part, f"1 {part}"))
            notes.append(f'Took "{part}" as one.')
    elif given is not None and given != count:
        return Problem("count-conflict", f'"{part}" says {count} but count= says {given}.')
    checked = check_count(count, MAX_COINS)
    if isinstance(checked, Problem):
        return checked
    coin = read_coin(name, names)
    if coin is None:
        return CoinAmount(name=name, count=checked)
    coin_id, repair = coin
    if repair is not None:
        repairs.append(repair)
    return CoinAmount(name=name, count=checked, coin=coin_id, label=names.coin_label(coin_id))


def _split(part: str, repairs: list[Repair]) -> tuple[int | None, str]:
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
