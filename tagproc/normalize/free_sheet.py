"""Keyless sheet bodies: ``heal 2 resolve Bram``, ``Bram heals 2 resolve``, ``damage 3 harm Ada``,
``rest vigil``, ``long rest``, ``condition rattled on Bram``, ``set harm to 2``, ``note post north gate``.

A sheet body has no item, so every word of it must be something this game names (a member, a pool, a
track, a condition, a field, a rest: ``GameIndex``), an op word (``vocabulary/verbs.py``), a number, on/off,
or one of the small words of ``vocabulary/phrases.py``; a note's value is the text after its field.

Invariants:
- The op is the one op word written (an op word that is also a game name, like Gravewatch's "harm", is the
  op only when no other is written); with none, the names say it (a rest, a condition, a signed pool).
- Two ops, two members, two numbers, a name the op does not read, or a word left over is a ``Problem``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType

from tagproc.names import fold
from tagproc.normalize.counts import Problem, read_number
from tagproc.normalize.gamewords import GameIndex, Token, first_words, party_at, span, tokens_of
from tagproc.normalize.keys import verb_phrase
from tagproc.notes import Note, note
from tagproc.repairs import Repair
from tagproc.vocabulary import (
    AMOUNT_UNITS,
    FREE_FILLERS,
    FREE_SHEET_READS,
    OP_ALIASES,
    OP_BY_KEY,
    PREPOSITIONS,
    REFUSED_OPS,
    VERB_PARTICLES,
)

__all__ = ["read_sheet_body"]

Pairs = tuple[tuple[str, str], ...]
_STATES = MappingProxyType({"on": "on", "off": "off"})
_GAME_KINDS = ("pool", "track", "condition", "field", "rest")


# -- reading ----------------------------------------------------------------------------------------------


@dataclass(slots=True)
class _Sheet:
    """What a keyless sheet body named, as it is read."""

    ops: list[tuple[str, str]] = field(default_factory=list)  # (written, table word)
    weak_ops: list[tuple[str, str, str, str]] = field(default_factory=list)  # (written, word, kind, id)
    words: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # kind → (written, id)
    members: list[tuple[str, str]] = field(default_factory=list)
    numbers: list[tuple[str, int, str]] = field(default_factory=list)  # (written, value, word before)
    states: list[tuple[str, str]] = field(default_factory=list)
    left: list[int] = field(default_factory=list)
    field_end: int | None = None
    op_end: int | None = None


def read_sheet_body(text: str, index: GameIndex) -> tuple[str, Pairs, list[Repair], list[Note]] | Problem:
    """The op word (as written, or the op the names say) and the pairs of one keyless sheet body."""
    tokens = tokens_of(text)
    seen = _scan_sheet(text, tokens, index)
    op = _sheet_op(seen)
    if isinstance(op, Problem):
        return op
    written, _word, canonical = op
    minus = any(number[:1] in "-\u2212" for number, _, _ in seen.numbers)
    on_track = "track" in seen.words or any(kind == "track" for _, _, kind, _ in seen.weak_ops)
    if canonical == "damage" and minus and on_track and not seen.ops:  # "harm -1", the track's name as
        written, canonical = "track", "track"  # the op with a minus: the track down, as harm="-1" is
    for weak_written, weak_word, kind, ident in seen.weak_ops:  # "harm" (an op word) is also the Harm track
        if kind in FREE_SHEET_READS.get(canonical, frozenset()) and kind not in seen.words:
            seen.words[kind] = [(weak_written, ident)]
        elif canonical and OP_ALIASES.get(weak_word, ("",))[0] != canonical:
            return Problem("unreadable", note("read_free.not_in_op", text=weak_written, op=canonical))
    if canonical == "":
        return written, (), [], []  # a refused op word: the normaliser says why
    read = _sheet_pairs(text, tokens, seen, written, canonical)
    if not isinstance(read, Problem) and not seen.ops and not seen.weak_ops:
        read[2].insert(0, Repair("op-from-words", text, f'op="{canonical}"'))
    return read


def _scan_sheet(text: str, tokens: list[Token], index: GameIndex) -> _Sheet:
    seen = _Sheet()
    at, before = 0, ""
    while at < len(tokens):
        token = tokens[at]
        word = fold(token.text)
        op = verb_phrase("sheet", first_words(tokens[at:]))
        names = next(index.spans(tokens, at), None)
        op_size = op[0] if op else 0
        name_size = names[0] if names else 0
        if op is not None and op_size >= name_size:
            written = span(text, tokens, at, at + op_size)
            games = (
                [hit for hit in names[1] if hit[0] in _GAME_KINDS] if names and name_size == op_size else []
            )
            if games:
                seen.weak_ops += [(written, op[1], kind, ident) for kind, ident in games]
            else:
                seen.ops.append((written, op[1]))
            at += op_size
            seen.op_end = at
            if at < len(tokens) and fold(tokens[at].text) in VERB_PARTICLES:
                seen.left.append(at)  # "heal up": no op tagproc reads
                at += 1
        elif names is not None:
            written = span(text, tokens, at, at + name_size)
            if not any(kind == "member" or kind in _GAME_KINDS for kind, _ in names[1]):
                seen.left.extend(range(at, at + name_size))  # a size, a seller, a loot table: not a sheet's
            for kind, ident in names[1]:
                if kind == "member":
                    seen.members.append((written, ident))
                elif kind in _GAME_KINDS:
                    seen.words.setdefault(kind, []).append((written, ident))
                    if kind == "field" and seen.field_end is None:
                        seen.field_end = at + name_size
            at += name_size
            if seen.field_end is not None:
                break  # a note's value follows its field: nothing after it is read as names
        elif token.kind == "num" or (word not in FREE_FILLERS and read_number(word) is not None):
            number = read_number(token.text)
            if number is None:
                seen.left.append(at)
            else:
                seen.numbers.append((token.text, number, before))
            at += 1
        elif word in _STATES:
            seen.states.append((token.text, _STATES[word]))
            at += 1
        elif party_at(tokens, at) is not None and word not in ("us", "we"):
            end = party_at(tokens, at) or at + 1
            seen.members.append((span(text, tokens, at, end), span(text, tokens, at, end)))
            at = end
        elif word in PREPOSITIONS or word in FREE_FILLERS or word in AMOUNT_UNITS or token.kind == "punct":
            at += 1
        else:
            seen.left.append(at)
            at += 1
        before = word if word in ("to", "by") else ("" if word not in FREE_FILLERS else before)
    return seen


def _sheet_op(seen: _Sheet) -> tuple[str, str, str] | Problem:
    """(written, table word, canonical op): "" canonical for a refused word."""
    ops = {word for _, word in seen.ops}
    if len(ops) > 1:
        meanings = {_op_meaning(word, seen) for word in ops}
        if len(meanings) > 1 or None in meanings:  # "takes 3 damage" is one op, "heal 2 and spend 1" two
            return Problem("unreadable", note("read_free.two_ops", ops=tuple(sorted(ops))))
        seen.ops.sort(key=lambda op: op[1] not in OP_ALIASES)  # the op word that says it is the one written
    if ops:
        written, word = seen.ops[0]
    elif seen.weak_ops:
        written, word, _, _ = seen.weak_ops[0]
    else:
        inferred = _inferred_op(seen)
        if inferred is None:
            return Problem("missing-key", note("read_free.no_op"))
        return inferred, inferred, inferred
    if word in OP_BY_KEY and word not in OP_ALIASES:
        kinds = {*seen.words, *(kind for _, _, kind, _ in seen.weak_ops)}
        rows = [row for row in OP_BY_KEY[word] if row[0] in kinds]
        if len(rows) == 1:
            return written, word, rows[0][1]
        if word not in REFUSED_OPS:
            return Problem("unreadable", note("read_free.which_op", text=written))
    if word in REFUSED_OPS:
        return written, word, ""
    return written, word, OP_ALIASES[word][0]


def _op_meaning(word: str, seen: _Sheet) -> str | None:
    """The op one op word means here: its alias, or the row of ``OP_BY_KEY`` the names (and another op
    word saying damage) decide; None when it could be more than one."""
    if word in OP_ALIASES:
        return OP_ALIASES[word][0]
    kinds = {*seen.words, *(kind for _, _, kind, _ in seen.weak_ops)}
    if any(OP_ALIASES.get(other, ("",))[0] == "damage" for _, other in seen.ops):
        kinds.add("damage")
    rows = [row for row in OP_BY_KEY.get(word, ()) if row[0] in kinds]
    return rows[0][1] if len(rows) == 1 else None


def _inferred_op(seen: _Sheet) -> str | None:
    if "rest" in seen.words:
        return "rest"
    if "condition" in seen.words:
        return "condition"
    signed = [text for text, _, _ in seen.numbers if text[:1] in "+-\u2212"]
    if "pool" in seen.words and signed:
        return "restore" if signed[0][:1] == "+" else "spend"
    if "track" in seen.words and signed:
        return "track"
    return None


def _sheet_pairs(
    text: str, tokens: list[Token], seen: _Sheet, written: str, op: str
) -> tuple[str, Pairs, list[Repair], list[Note]] | Problem:
    reads = FREE_SHEET_READS[op]
    pairs: list[tuple[str, str]] = []
    repairs: list[Repair] = []
    for kind, found in seen.words.items():
        ids = {ident for _, ident in found}
        if kind not in reads:
            return Problem("unreadable", note("read_free.not_in_op", text=found[0][0], op=op))
        if len(ids) > 1:
            return Problem("unreadable", note("read_free.two_of", kind=kind, ids=tuple(sorted(ids))))
        pairs.append((kind, found[0][1]))
        repairs.append(Repair(f"free-{kind}", found[0][0], f'{kind}="{found[0][1]}"'))
    who = {ident for _, ident in seen.members}
    if len(who) > 1 and op == "rest":  # "rest vigil Ada and Bram": each of them rests (the normaliser)
        named = list(dict.fromkeys(ident for _, ident in seen.members))
        pairs.append(("who", ", ".join(named)))
        repairs.append(Repair("free-who", " ".join(w for w, _ in seen.members), f'who="{", ".join(named)}"'))
    elif len(who) > 1:
        return Problem("unreadable", note("read_free.members", members=tuple(sorted(who))))
    elif who:
        pairs.append(("who", seen.members[0][1]))
        repairs.append(Repair("free-who", seen.members[0][0], f'who="{seen.members[0][1]}"'))
    numbers = _sheet_number(seen, op)
    if isinstance(numbers, Problem):
        return numbers
    pairs += numbers
    repairs += [Repair(f"free-{key}", value, f'{key}="{value}"') for key, value in numbers]
    states = {state for _, state in seen.states}
    if op == "condition" and states:
        if len(states) > 1:
            return Problem("unreadable", note("read_free.on_and_off"))
        pairs.append(("state", states.pop()))
    elif states and "off" in states:
        return Problem("unreadable", note("read_free.off_in_op", op=op))
    left = _sheet_left(text, tokens, seen, op)
    if isinstance(left, Problem):
        return left
    pairs += left
    repairs += [Repair("free-value", value, f'value="{value}"') for _, value in left]
    return written, tuple(pairs), repairs, []


def _sheet_number(seen: _Sheet, op: str) -> list[tuple[str, str]] | Problem:
    if not seen.numbers:
        return []
    if "number" not in FREE_SHEET_READS[op]:
        return Problem("unreadable", note("read_free.number_in_op", text=seen.numbers[0][0], op=op))
    if len(seen.numbers) > 1:
        return Problem(
            "unreadable", note("read_free.two_numbers", numbers=tuple(n for n, _, _ in seen.numbers))
        )
    written, number, before = seen.numbers[0]
    signed = written[:1] in "+-\u2212"
    if op == "track":
        if before == "to" and not signed:
            return [("to", str(number))]
        if signed or before == "by":
            return [("by", f"{number:+d}")]
        return Problem("unreadable", note("read_free.track_number", text=written))
    return [("amount", written)]


def _sheet_left(text: str, tokens: list[Token], seen: _Sheet, op: str) -> list[tuple[str, str]] | Problem:
    """A note's value is the text after its field; anywhere else, a word left over is refused."""
    if seen.field_end is not None and seen.left:
        stray = " ".join(tokens[at].text for at in seen.left)
        return Problem("unreadable", note("read_free.before_field", text=stray))
    start = seen.field_end if seen.field_end is not None else seen.op_end
    if op == "note" and start is not None:
        value = text[tokens[start].start :].strip(" :=,;") if start < len(tokens) else ""
        words = value.split()
        while words and fold(words[0]) in ("to", "is", "as", "="):
            words = words[1:]
        return [("value", " ".join(words))] if words else []
    if seen.left:
        stray = " ".join(tokens[at].text for at in seen.left)
        return Problem("unreadable", note("read_free.nothing_named", text=stray))
    return []
