"""Keyless bodies: the text of a tag that is not ``key=value`` (``TagReading.free``), read into the keys
the keyed form would have written (issue 7, "bodies without key=").

``[inventory: +2 rope]``, ``add 2 Torch to Bram``, ``give the lantern to Mira``, ``Bram gives ...``,
``pay 3 shillings``, ``buy a lantern from the smith``; ``[sheet: heal 2 resolve Bram]``, ``Bram heals 2
resolve``, ``damage 3 harm Ada``, ``rest vigil``, ``condition rattled on Bram``, ``long rest``;
``[loot: grave_goods for Bram]``; ``[place: Millbrook size=town]``'s loose words.

Members, pools, tracks, conditions, fields, rests, sizes, loot tables and sellers are recognised only by the
game's own names (``GameIndex``); verbs only by the tables of ``vocabulary/verbs.py``; the small words by
``vocabulary/phrases.py``. An inventory body's item is what is left once those are read (it goes on to the
item reader as ``item=``); a sheet body has no item, so anything left over there is refused.

Invariants:
- The result is the tag's attributes with the verb attribute set and the read pairs added in canonical
  keys, one ``Repair`` per piece read; the rest of the normaliser then runs unchanged.
- Nothing is guessed: a piece that cannot be placed, two verbs, two members or two numbers make a
  ``Problem`` (the tag is refused, nothing runs).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from tagproc.names import ItemNames, fold
from tagproc.normalize.counts import Problem, read_number
from tagproc.normalize.gamewords import GameIndex, Token, tokens_of
from tagproc.normalize.items import resolve_item
from tagproc.repairs import Repair
from tagproc.vocabulary import (
    ACTION_ALIASES,
    ACTION_TRAILERS,
    AMOUNT_UNITS,
    ARTICLES,
    DAY_WORDS,
    FREE_FILLERS,
    KEY_ALIASES,
    OP_ALIASES,
    OP_BY_KEY,
    PARTY_WORDS,
    PREPOSITIONS,
    REFUSED_ACTIONS,
    REFUSED_OPS,
    SIGN_ACTIONS,
    VERB_KEY,
)

__all__ = ["FreeRead", "read_free", "verb_phrase"]

Pairs = tuple[tuple[str, str], ...]

# Where a member, the party or a seller goes in a keyless inventory body, per action: (word before it,
# kind) → key. "" is no word before it; "'s" a possessive ("Bram's torch"). A "" key is read and left out
# with a note (a payment names no payee). A member, party or seller in any other place is refused.
_WHO = {("from", "member"): "who", ("'s", "member"): "who", ("", "member"): "who", ("on", "member"): "who"}
FREE_SLOTS: Mapping[str, Mapping[tuple[str, str], str]] = MappingProxyType(
    {
        "add": {
            ("to", "member"): "who",
            ("for", "member"): "who",
            ("", "member"): "who",
            ("'s", "member"): "who",
            ("to", "party"): "who",
            ("for", "party"): "who",
            ("into", "member"): "who",
        },
        "remove": {**_WHO, ("from", "party"): "who"},
        "give": {
            ("to", "member"): "to",
            ("", "member"): "to",
            ("from", "member"): "who",
            ("'s", "member"): "who",
        },
        "equip": {**_WHO, ("for", "member"): "who"},
        "unequip": _WHO,
        "bind": {**_WHO, ("to", "member"): "who"},
        "unbind": _WHO,
        "use": {**_WHO, ("for", "member"): "who"},
        "reveal": _WHO,
        "inspect": {
            **_WHO,
            ("at", "seller"): "seller",
            ("from", "seller"): "seller",
            ("'s", "seller"): "seller",
        },
        "pay": {
            ("", "member"): "who",
            ("from", "member"): "who",
            ("'s", "member"): "who",
            ("to", "seller"): "",
            ("at", "seller"): "",
            ("", "seller"): "",
        },
        "earn": {
            ("to", "member"): "who",
            ("for", "member"): "who",
            ("", "member"): "who",
            ("to", "party"): "who",
            ("from", "seller"): "",
        },
        "buy": {
            ("from", "seller"): "seller",
            ("at", "seller"): "seller",
            ("'s", "seller"): "seller",
            ("for", "member"): "who",
            ("", "member"): "who",
        },
        "sell": {
            ("to", "seller"): "seller",
            ("at", "seller"): "seller",
            ("", "seller"): "seller",
            ("from", "member"): "who",
            ("", "member"): "who",
            ("'s", "member"): "who",
        },
    }
)

# What each sheet op reads from a keyless body.
_SHEET_READS: Mapping[str, frozenset[str]] = MappingProxyType(
    {
        "rest": frozenset({"rest"}),
        "spend": frozenset({"pool", "number"}),
        "restore": frozenset({"pool", "number"}),
        "temp": frozenset({"pool", "number"}),
        "damage": frozenset({"pool", "track", "number"}),
        "track": frozenset({"track", "number"}),
        "condition": frozenset({"condition", "state"}),
        "note": frozenset({"field"}),
    }
)
_STATES = MappingProxyType({"on": "on", "off": "off"})
_GAME_KINDS = ("pool", "track", "condition", "field", "rest")


@dataclass(slots=True)
class FreeRead:
    """A tag's attributes once its keyless body is read, with a repair per piece."""

    attrs: Pairs
    repairs: list[Repair] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def verb_phrase(tag: str, words: Sequence[str]) -> tuple[int, str] | None:
    """The longest run of ``words`` (from the first) that is an action/op word of ``tag`` or a refused one:
    how many words, and the phrase as the tables spell it. ``add_item`` reads as ``add`` (a trailer)."""
    table: Mapping[str, object] = ACTION_ALIASES if tag == "inventory" else OP_ALIASES
    refused: Mapping[str, str] = REFUSED_ACTIONS if tag == "inventory" else REFUSED_OPS
    for size in range(min(4, len(words)), 0, -1):
        phrase = fold(" ".join(words[:size]))
        if phrase in refused or phrase in table or (tag == "sheet" and phrase in OP_BY_KEY):
            return size, phrase
        for trailer in ACTION_TRAILERS if tag == "inventory" else ():
            head = phrase.removesuffix(f" {trailer}")
            if head != phrase and head in table:
                return size, head
    return None


def read_free(tag: str, attrs: Pairs, free: tuple[str, ...], names: ItemNames) -> FreeRead | Problem:
    """Read ``free`` (and a verb written as several words) into ``attrs``; unchanged when nothing is free."""
    index = GameIndex(names.game_words())
    if tag in VERB_KEY:
        verb_at = _verb_index(tag, attrs)
        written = attrs[verb_at][1] if verb_at is not None else ""
        if not free and (verb_at is None or _is_verb(tag, written) or len(written.split()) < 2):
            return FreeRead(attrs)
        text = " ".join(part for part in (written, *free) if part.strip())
        read = _inventory(text, index, names) if tag == "inventory" else _sheet(text, index)
        if isinstance(read, Problem):
            if read.reason == "missing-key" and not free:
                return FreeRead(attrs)  # an op word no table knows: answered unknown-op
            return read
        verb, pairs, repairs, notes = read
        rest = [pair for at, pair in enumerate(attrs) if at != verb_at]
        head = [(VERB_KEY[tag], verb)] if verb else []
        return FreeRead((*head, *rest, *pairs), repairs, notes)
    if not free:
        return FreeRead(attrs)
    read_tail = _tail(tag, " ".join(free), index)
    if isinstance(read_tail, Problem):
        return read_tail
    pairs, repairs = read_tail
    return FreeRead((*attrs, *pairs), repairs)


def _verb_index(tag: str, attrs: Pairs) -> int | None:
    verb_key, aliases = VERB_KEY[tag], KEY_ALIASES.get(tag, {})
    exact = next((at for at, (key, _) in enumerate(attrs) if key == verb_key), None)
    if exact is not None:
        return exact
    return next((at for at, (key, _) in enumerate(attrs) if aliases.get(key) == verb_key), None)


def _is_verb(tag: str, written: str) -> bool:
    words = fold(written).split()
    found = verb_phrase(tag, words)
    return found is not None and found[0] == len(words)


# -- inventory ----------------------------------------------------------------------------------------


def _inventory(
    text: str, index: GameIndex, names: ItemNames
) -> tuple[str, Pairs, list[Repair], list[str]] | Problem:
    tokens = tokens_of(text)
    repairs: list[Repair] = []
    pairs: list[tuple[str, str]] = []
    start = 0
    subject = _member_at(tokens, 0, index)
    if subject is not None and verb_phrase("inventory", _words(tokens[subject[0] :])) is not None:
        size, member = subject
        pairs.append(("who", member))
        repairs.append(Repair("free-who", _span(text, tokens, 0, size), f'who="{member}"'))
        start = size
    found = verb_phrase("inventory", _words(tokens[start:]))
    if found is not None:
        size, verb = found
        verb_written = _span(text, tokens, start, start + size)
        start += size
    elif start == 0 and tokens and tokens[0].text[:1] in SIGN_ACTIONS:
        verb = SIGN_ACTIONS[tokens[0].text[:1]]
        verb_written = tokens[0].text[:1]
        repairs.append(Repair("sign-action", verb_written, f'action="{verb}"'))
        if tokens[0].kind == "punct":
            start = 1
        else:  # "+2 rope": the number stays with the item
            text = text[: tokens[0].start] + tokens[0].text[1:] + text[tokens[0].end :]
            tokens = tokens_of(text)
    else:
        return _first_word(text, tokens, pairs, repairs)
    canonical = ACTION_ALIASES.get(verb)
    if canonical is None:  # a refused word: the normaliser says why
        return verb, tuple(pairs), repairs, []
    if found is not None and _starts_an_item(text, tokens, start - size, names):
        return Problem("unknown-action", f'"{text.strip()}" starts with an item\'s name, not an action.')
    read = _inventory_parts(canonical, text, tokens, start, index, names)
    if isinstance(read, Problem):
        return read
    more, more_repairs, notes = read
    return (
        verb_written if fold(verb_written) == verb else verb,
        (*pairs, *more),
        [*repairs, *more_repairs],
        notes,
    )


def _starts_an_item(text: str, tokens: list[Token], at: int, names: ItemNames) -> bool:
    """Whether the words from ``at`` up to a preposition are an item's name ("Hand axe", not "hand")."""
    end = at
    while end < len(tokens) and fold(tokens[end].text) not in PREPOSITIONS and tokens[end].kind != "punct":
        end += 1
    return end - at > 1 and _is_item(_span(text, tokens, at, end), names)


def _first_word(
    text: str, tokens: list[Token], pairs: list[tuple[str, str]], repairs: list[Repair]
) -> tuple[str, Pairs, list[Repair], list[str]]:
    """No verb found: the first word stays the action (answered ``unknown-action``)."""
    first = next((token.text for token in tokens if token.kind == "word"), text.strip())
    return first, tuple(pairs), repairs, []


def _inventory_parts(
    verb: str, text: str, tokens: list[Token], start: int, index: GameIndex, names: ItemNames
) -> tuple[Pairs, list[Repair], list[str]] | Problem:
    """Members, the party and sellers where the action reads them; what is left is the item (or amount)."""
    slots = FREE_SLOTS.get(verb, {})
    pairs: list[tuple[str, str]] = []
    repairs: list[Repair] = []
    notes: list[str] = []
    kept: list[int] = []  # token positions left for the item
    at = start
    while at < len(tokens):
        placed = _place(tokens, at, index, slots, text, kept)
        if placed is None:
            kept.append(at)
            at += 1
            continue
        end, key, value, phrase = placed
        if isinstance(key, Problem):
            return key
        if key:
            pairs.append((key, value))
            repairs.append(Repair(f"free-{key}", phrase, f'{key}="{value}"'))
        else:
            repairs.append(Repair("free-left-out", phrase, ""))
            notes.append(f'Left out "{phrase}": a payment names no one it goes to.')
        at = end
    if verb in ("pay", "earn"):  # "pay 3 shillings for the room": what it is for changes no amount
        cut = next((i for i, k in enumerate(kept) if fold(tokens[k].text) == "for" and i), None)
        if cut is not None:
            phrase = _span(text, tokens, kept[cut], kept[-1] + 1)
            repairs.append(Repair("free-left-out", phrase, ""))
            notes.append(f'Left out "{phrase}": a payment is only its amount.')
            kept = kept[:cut]
    item = _item_text(verb, text, tokens, kept, names)
    if isinstance(item, Problem):
        return item
    if item:
        listed = _is_list(item) and not _is_item(item, names)
        key = "amount" if verb in ("pay", "earn") else ("items" if listed else "item")
        pairs.append((key, item))
        repairs.append(Repair(f"free-{key}", item, f'{key}="{item}"'))
    return tuple(pairs), repairs, notes


def _place(
    tokens: list[Token],
    at: int,
    index: GameIndex,
    slots: Mapping[tuple[str, str], str],
    text: str,
    kept: list[int],
) -> tuple[int, str | Problem, str, str] | None:
    """A member, the party or a seller at ``tokens[at]`` (after a preposition and articles, if any)."""
    word = fold(tokens[at].text)
    before = word if word in PREPOSITIONS else ""
    look = at + 1 if before else at
    while look < len(tokens) and fold(tokens[look].text) in ARTICLES:
        look += 1
    party = _party_at(tokens, look) if before else None
    hit = _named_at(tokens, look, index)
    if hit is None and party is None:
        return None
    if party is not None:
        end, kind, value, possessive = party, "party", "party", False
    else:
        assert hit is not None
        end, kind, value, possessive = hit
    if possessive and not before:
        before = "'s"
    if not before and kept and any(tokens[k].kind == "word" for k in kept) and kind == "seller":
        return None  # "smith's hammer" inside an item's name: not a seller of a buy
    phrase = _span(text, tokens, at, end)
    key = slots.get((before, kind))
    if key is None:
        if kind == "seller" and before in ("", "'s"):
            return None  # a seller's word with nothing saying so is part of the item's name
        return end, Problem("unreadable", f'"{phrase}" has no place in this tag: write the keys.'), "", phrase
    return end, key, value, phrase


def _named_at(tokens: list[Token], at: int, index: GameIndex) -> tuple[int, str, str, bool] | None:
    if at >= len(tokens):
        return None
    for size, hits in index.spans(tokens, at):
        for kind in ("member", "seller"):
            ids = [ident for hit_kind, ident in hits if hit_kind == kind]
            if len(ids) == 1:
                return at + size, kind, ids[0], tokens[at + size - 1].possessive
    return None


def _party_at(tokens: list[Token], at: int) -> int | None:
    for size in (3, 2, 1):
        phrase = fold(" ".join(token.text for token in tokens[at : at + size]))
        if len(tokens) - at >= size and phrase in PARTY_WORDS and phrase not in ("all", "us", "we"):
            return at + size
    return None


def _member_at(tokens: list[Token], at: int, index: GameIndex) -> tuple[int, str] | None:
    hit = _named_at(tokens, at, index)
    if hit is None or hit[1] != "member" or hit[3]:
        return None
    return hit[0] - at, hit[2]


def _item_text(verb: str, text: str, tokens: list[Token], kept: list[int], names: ItemNames) -> str | Problem:
    """The item (or amount) the body names: the tokens left, which must be one run."""
    if not kept:
        return ""
    if kept != list(range(kept[0], kept[-1] + 1)):
        parts = [_span(text, tokens, k, k + 1) for k in kept]
        return Problem("unreadable", f'"{" ".join(parts)}" is not one item: write item="...".')
    signed = [
        tokens[k].text for k in kept[1:] if tokens[k].kind == "num" and tokens[k].text[:1] in "+-\u2212"
    ]
    if signed:
        return Problem("unreadable", f'"{signed[0]}" starts a second change: write one tag each.')
    item = _span(text, tokens, kept[0], kept[-1] + 1).strip(" ,;:.")
    while item.split(" ", 1)[0].lower() in ("item", "items") and " " in item:
        item = item.split(" ", 1)[1]
    words = {fold(token.text) for token in tokens[kept[0] : kept[-1] + 1]}
    loose = words & (PREPOSITIONS - {"of", "with"})
    if loose and verb not in ("pay", "earn") and not _is_item(item, names):
        return Problem("unreadable", f'"{item}": what "{sorted(loose)[0]}" goes with is no one of the party.')
    return item


def _is_item(text: str, names: ItemNames) -> bool:
    read = resolve_item(text, None, names)
    return not isinstance(read, Problem) and (read.item.label is not None or read.item.coin is not None)


def _is_list(item: str) -> bool:
    return "," in item or " and " in f" {item.lower()} " or ";" in item


# -- sheet ----------------------------------------------------------------------------------------------


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


def _sheet(text: str, index: GameIndex) -> tuple[str, Pairs, list[Repair], list[str]] | Problem:
    tokens = tokens_of(text)
    seen = _scan_sheet(text, tokens, index)
    op = _sheet_op(seen)
    if isinstance(op, Problem):
        return op
    written, _word, canonical = op
    for weak_written, weak_word, kind, ident in seen.weak_ops:  # "harm" (an op word) is also the Harm track
        if kind in _SHEET_READS.get(canonical, frozenset()) and kind not in seen.words:
            seen.words[kind] = [(weak_written, ident)]
        elif canonical and OP_ALIASES.get(weak_word, ("",))[0] != canonical:
            return Problem("unreadable", f'"{weak_written}" has no place in a {canonical}: write the keys.')
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
        op = verb_phrase("sheet", _words(tokens[at:]))
        names = next(index.spans(tokens, at), None)
        op_size = op[0] if op else 0
        name_size = names[0] if names else 0
        if op is not None and op_size >= name_size:
            written = _span(text, tokens, at, at + op_size)
            games = (
                [hit for hit in names[1] if hit[0] in _GAME_KINDS] if names and name_size == op_size else []
            )
            if games:
                seen.weak_ops += [(written, op[1], kind, ident) for kind, ident in games]
            else:
                seen.ops.append((written, op[1]))
            at += op_size
        elif names is not None:
            written = _span(text, tokens, at, at + name_size)
            for kind, ident in names[1]:
                if kind == "member":
                    seen.members.append((written, ident))
                elif kind in _GAME_KINDS:
                    seen.words.setdefault(kind, []).append((written, ident))
                    if kind == "field" and seen.field_end is None:
                        seen.field_end = at + name_size
            at += name_size
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
        elif _party_at(tokens, at) is not None and word not in ("us", "we"):
            end = _party_at(tokens, at) or at + 1
            seen.members.append((_span(text, tokens, at, end), "party"))
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
        return Problem("unreadable", f"the tag says two ops ({', '.join(sorted(ops))}): write op= once.")
    if ops:
        written, word = seen.ops[0]
    elif seen.weak_ops:
        written, word, _, _ = seen.weak_ops[0]
    else:
        inferred = _inferred_op(seen)
        if inferred is None:
            return Problem("missing-key", "the tag says no op= (and nothing in it says which).")
        return inferred, inferred, inferred
    if word in OP_BY_KEY and word not in OP_ALIASES:
        kinds = {*seen.words, *(kind for _, _, kind, _ in seen.weak_ops)}
        rows = [row for row in OP_BY_KEY[word] if row[0] in kinds]
        if len(rows) == 1:
            return written, word, rows[0][1]
        if word not in REFUSED_OPS:
            return Problem("unreadable", f'"{written}" could be more than one op here: write op=.')
    if word in REFUSED_OPS:
        return written, word, ""
    return written, word, OP_ALIASES[word][0]


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
) -> tuple[str, Pairs, list[Repair], list[str]] | Problem:
    reads = _SHEET_READS[op]
    pairs: list[tuple[str, str]] = []
    repairs: list[Repair] = []
    for kind, found in seen.words.items():
        ids = {ident for _, ident in found}
        if kind not in reads:
            return Problem("unreadable", f'"{found[0][0]}" has no place in a {op}: write the keys.')
        if len(ids) > 1:
            return Problem("unreadable", f"the tag names two of {kind} ({', '.join(sorted(ids))}).")
        pairs.append((kind, found[0][1]))
        repairs.append(Repair(f"free-{kind}", found[0][0], f'{kind}="{found[0][1]}"'))
    who = {ident for _, ident in seen.members}
    if len(who) > 1:
        return Problem("unreadable", f"the tag names more than one member ({', '.join(sorted(who))}).")
    if who:
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
            return Problem("unreadable", "the tag says both on and off.")
        pairs.append(("state", states.pop()))
    elif states and "off" in states:
        return Problem("unreadable", f'"off" has no place in a {op}.')
    left = _sheet_left(text, tokens, seen, op)
    if isinstance(left, Problem):
        return left
    pairs += left
    repairs += [Repair("free-value", value, f'value="{value}"') for _, value in left]
    return written, tuple(pairs), repairs, []


def _sheet_number(seen: _Sheet, op: str) -> list[tuple[str, str]] | Problem:
    if not seen.numbers:
        return []
    if "number" not in _SHEET_READS[op]:
        return Problem("unreadable", f'"{seen.numbers[0][0]}" has no place in a {op}.')
    if len(seen.numbers) > 1:
        return Problem(
            "unreadable", f"the tag says two numbers ({', '.join(n for n, _, _ in seen.numbers)})."
        )
    written, number, before = seen.numbers[0]
    signed = written[:1] in "+-\u2212"
    if op == "track":
        if before == "to" and not signed:
            return [("to", str(number))]
        if signed or before == "by":
            return [("by", f"{number:+d}")]
        return Problem("unreadable", f'"{written}": write "to {written}" or "+{written}" for a track.')
    return [("amount", written)]


def _sheet_left(text: str, tokens: list[Token], seen: _Sheet, op: str) -> list[tuple[str, str]] | Problem:
    """A note's value is the text after its field; anywhere else, a word left over is refused."""
    if op == "note" and seen.field_end is not None:
        value = text[tokens[seen.field_end].start :].strip(" :=,;") if seen.field_end < len(tokens) else ""
        words = value.split()
        while words and fold(words[0]) in ("to", "is", "as", "="):
            words = words[1:]
        return [("value", " ".join(words))] if words else []
    if seen.left:
        stray = " ".join(tokens[at].text for at in seen.left)
        return Problem("unreadable", f'"{stray}" is nothing this game names: write the keys.')
    return []


# -- place and loot ---------------------------------------------------------------------------------------


def _tail(tag: str, text: str, index: GameIndex) -> tuple[Pairs, list[Repair]] | Problem:
    """Words of a place or loot tag outside its pairs: a size or a new day; a member the loot goes to."""
    tokens = tokens_of(text)
    pairs: list[tuple[str, str]] = []
    repairs: list[Repair] = []
    at = 0
    while at < len(tokens):
        word = fold(tokens[at].text)
        if word in PREPOSITIONS or word in ARTICLES or tokens[at].kind == "punct":
            at += 1
            continue
        kinds = ("size",) if tag == "place" else ("member", "loot_table")
        hit = next(((size, hits) for size, hits in index.spans(tokens, at) if hits), None)
        named = [(kind, ident) for kind, ident in (hit[1] if hit else []) if kind in kinds]
        if hit is not None and len(named) == 1:
            kind, ident = named[0]
            key = {"size": "size", "member": "who", "loot_table": "table"}[kind]
            pairs.append((key, ident))
            repairs.append(Repair(f"free-{key}", _span(text, tokens, at, at + hit[0]), f'{key}="{ident}"'))
            at += hit[0]
            continue
        rest = fold(text[tokens[at].start :])
        if tag == "place" and rest in DAY_WORDS | {f"{day} day" for day in DAY_WORDS}:
            pairs.append(("day", "new"))
            repairs.append(Repair("free-day", rest, 'day="new"'))
            break
        return Problem("unreadable", f'"{text.strip()}" is nothing this game names: write the keys.')
    return tuple(pairs), repairs


# -- helpers --------------------------------------------------------------------------------------------


def _words(tokens: Sequence[Token]) -> list[str]:
    """The first words of ``tokens``, up to a punctuation mark (so a count of words is a count of tokens)."""
    words: list[str] = []
    for token in tokens[:6]:
        if token.kind == "punct":
            break
        words.append(token.text)
    return words


def _span(text: str, tokens: Sequence[Token], start: int, end: int) -> str:
    if start >= end or start >= len(tokens):
        return ""
    return text[tokens[start].start : tokens[end - 1].end]
