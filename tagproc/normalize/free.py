"""Keyless bodies: the text of a tag that is not ``key=value`` (``TagReading.free``), read into the keys
the keyed form would have written (issue 7, "bodies without key=").

``[inventory: +2 rope]``, ``add 2 Torch to Bram``, ``give the lantern to Mira``, ``Bram gives ...``,
``pay 3 shillings``, ``buy a lantern from the smith``; ``[sheet: heal 2 resolve Bram]``, ``Bram heals 2
resolve``, ``damage 3 harm Ada``, ``rest vigil``, ``condition rattled on Bram``, ``long rest``;
``[loot: grave_goods for Bram]``; ``[place: Millbrook size=town]``'s loose words.

Members, pools, tracks, conditions, fields, rests, sizes, loot tables and sellers are recognised only by the
game's own names (``GameIndex``); verbs only by the tables of ``vocabulary/verbs.py``; the small words by
``vocabulary/phrases.py`` (``FREE_SLOTS`` says where a member, the party or a seller goes for each action).
An inventory body's item is what is left once those are read (it goes on to the item reader as ``item=``);
a sheet body (``free_sheet.py``) has no item, so anything left over there is refused. An aside in brackets
or after a dash, and talk beside a keyed ``item=``, is left out and said when it names nothing.

Invariants:
- The result is the tag's attributes with the verb attribute set and the read pairs added in canonical
  keys, one ``Repair`` per piece read; the rest of the normaliser then runs unchanged.
- Nothing is guessed: a piece that cannot be placed, two verbs, two members or two numbers make a
  ``Problem`` (the tag is refused, nothing runs).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from tagproc.names import ItemNames, fold
from tagproc.normalize.coins import read_amount
from tagproc.normalize.counts import Problem, read_number
from tagproc.normalize.free_sheet import read_sheet_body
from tagproc.normalize.gamewords import GameIndex, Token, first_words, party_at, span, tokens_of
from tagproc.normalize.items import resolve_item
from tagproc.normalize.keys import action_by_to, is_verb_word, verb_phrase
from tagproc.notes import Note, note
from tagproc.repairs import Repair
from tagproc.vocabulary import (
    ACTION_ALIASES,
    ARTICLES,
    ASIDE_MARKS,
    BAG_WORDS,
    DAY_WORDS,
    FREE_SLOTS,
    ITEM_TAIL_WORDS,
    KEY_ALIASES,
    NEGATIONS,
    PREPOSITIONS,
    SIGN_ACTIONS,
    VERB_KEY,
    VERB_PARTICLES,
)
from tagproc.vocabulary.phrases import DASHES, PAYMENT_ASIDES
from tagproc.vocabulary.verbs import ACTION_BY_TO, VERB_FORMS

__all__ = ["FreeRead", "read_free"]

Pairs = tuple[tuple[str, str], ...]


@dataclass(slots=True)
class FreeRead:
    """A tag's attributes once its keyless body is read, with a repair per piece."""

    attrs: Pairs
    repairs: list[Repair] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)


def read_free(
    tag: str, attrs: Pairs, free: tuple[str, ...], names: ItemNames, index: GameIndex
) -> FreeRead | Problem:
    """Read ``free`` (and a verb written as several words) into ``attrs``; unchanged when nothing is free."""
    if tag in VERB_KEY:
        verb_at = _verb_index(tag, attrs)
        written = attrs[verb_at][1] if verb_at is not None else ""
        if not free and (verb_at is None or _is_verb(tag, written) or len(written.split()) < 2):
            return FreeRead(attrs)
        kept, aside = _asides(free, index, names)
        text = " ".join(part for part in (written, *kept) if part.strip())
        has_item = any(KEY_ALIASES[tag].get(key, key) in ("item", "items", "amount") for key, _ in attrs)
        if tag == "inventory":
            read = _inventory(text, index, names, has_item=has_item)
        else:
            read = read_sheet_body(text, index)
        if isinstance(read, Problem):
            if read.reason == "missing-key" and not free:
                return FreeRead(attrs)  # an op word no table knows: answered unknown-op
            return read
        verb, pairs, repairs, notes = read
        rest = [pair for at, pair in enumerate(attrs) if at != verb_at]
        head = [(VERB_KEY[tag], verb)] if verb else []
        return FreeRead((*head, *rest, *pairs), [*aside.repairs, *repairs], [*aside.notes, *notes])
    if not free:
        return FreeRead(attrs)
    read_tail = _tail(tag, " ".join(free), index)
    if isinstance(read_tail, Problem):
        return read_tail
    pairs, repairs = read_tail
    return FreeRead((*attrs, *pairs), repairs)


def _asides(free: tuple[str, ...], index: GameIndex, names: ItemNames) -> tuple[list[str], FreeRead]:
    """The free pieces to read, less the asides: a piece in brackets or after a dash ("(found in the
    crypt)", "- for later") that names nothing (no number, no game name, no item, no "not") is left out
    and said; any other is read with the rest."""
    kept: list[str] = []
    said = FreeRead(())
    for piece in free:
        stripped = piece.strip()
        bracketed = stripped[:1] in "([" and stripped[-1:] in ")]"
        if (bracketed or stripped[:1] in ASIDE_MARKS) and not _names_anything(stripped, index, names):
            said.repairs.append(Repair("aside", stripped, ""))
            said.notes.append(note("read_free.ignored", text=stripped))
        else:
            kept.append(piece)
    return kept, said


def _names_anything(text: str, index: GameIndex, names: ItemNames) -> bool:
    """Whether ``text`` has anything that could change the tag: a number (in digits or words), a game
    name, an item, or a word that turns the meaning around (``NEGATIONS``: "not", "or", "then")."""
    tokens = tokens_of(text)
    words = [token for token in tokens if token.kind != "punct"]
    if any(token.kind == "num" or fold(token.text) in NEGATIONS for token in words):
        return True
    if any(fold(token.text) not in ARTICLES and read_number(token.text) is not None for token in words):
        return True  # "(two of them)"
    if any(next(index.spans(tokens, at), None) for at in range(len(tokens))):
        return True
    plain = " ".join(token.text for token in words)
    return bool(plain) and (_is_item(plain, names) or read_number(plain) is not None)


def _verb_index(tag: str, attrs: Pairs) -> int | None:
    verb_key, aliases = VERB_KEY[tag], KEY_ALIASES.get(tag, {})
    exact = next((at for at, (key, _) in enumerate(attrs) if key == verb_key), None)
    if exact is not None:
        return exact
    return next((at for at, (key, _) in enumerate(attrs) if aliases.get(key) == verb_key), None)


def _is_verb(tag: str, written: str) -> bool:
    return is_verb_word(tag, written) or "/" in written or "|" in written


# -- inventory ----------------------------------------------------------------------------------------


def _inventory(
    text: str, index: GameIndex, names: ItemNames, *, has_item: bool = False
) -> tuple[str, Pairs, list[Repair], list[Note]] | Problem:
    tokens = tokens_of(text)
    repairs: list[Repair] = []
    pairs: list[tuple[str, str]] = []
    start = 0
    subject = _member_at(tokens, 0, index)
    if subject is not None and verb_phrase("inventory", first_words(tokens[subject[0] :])) is not None:
        size, member = subject
        pairs.append(("who", member))
        repairs.append(Repair("free-who", span(text, tokens, 0, size), f'who="{member}"'))
        start = size
    found = verb_phrase("inventory", first_words(tokens[start:]))
    if found is not None:
        size, verb = found
        verb_written = span(text, tokens, start, start + size)
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
    if verb in ACTION_BY_TO:  # "tosses the lantern to Mira": decided by the member it goes to
        decided = action_by_to(verb, verb_written, None, has_to=_to_member(tokens, start, index))
        if isinstance(decided, Problem):
            return decided
        canonical: str | None = decided.canonical
    else:
        canonical = ACTION_ALIASES.get(verb)
    if canonical is None:  # a refused word: the normaliser says why
        return verb, tuple(pairs), repairs, []
    if found is not None and _starts_an_item(text, tokens, start - size, names):
        return Problem("unknown-action", note("read_free.item_first", text=text.strip()))
    if (
        found is not None
        and not has_item
        and start < len(tokens)
        and fold(tokens[start].text) not in VERB_FORMS  # a base form may start an item ("Cast iron pan")
        and is_verb_word("inventory", tokens[start].text)
        and not _starts_an_item(text, tokens, start, names)
    ):  # "got dropped": two verbs, which one is meant?
        phrase = span(text, tokens, start - size, start + 1)
        return Problem("unknown-action", note("read_free.two_verbs", text=phrase))
    if found is not None and start < len(tokens) and fold(tokens[start].text) in VERB_PARTICLES:
        phrase = span(text, tokens, start - size, start + 1)
        return Problem("unknown-action", note("read_keys.cannot_do", text=phrase))
    read = _inventory_parts(canonical, text, tokens, start, index, names, has_item=has_item)
    if isinstance(read, Problem):
        return read
    more, more_repairs, notes = read
    return (
        verb_written if fold(verb_written) == verb else verb,
        (*pairs, *more),
        [*repairs, *more_repairs],
        notes,
    )


def _to_member(tokens: list[Token], start: int, index: GameIndex) -> bool:
    """Whether a member follows the verb at once ("tosses Mira the lantern"), or "to" (then articles) and a
    member follow ``tokens[start]`` anywhere."""
    hit = _named_at(tokens, start, index)
    if hit is not None and hit[1] == "member" and not hit[3]:
        return True
    for at in range(start, len(tokens)):
        if fold(tokens[at].text) not in ("to", "onto", "into"):
            continue
        look = at + 1
        while look < len(tokens) and fold(tokens[look].text) in ARTICLES:
            look += 1
        hit = _named_at(tokens, look, index)
        if hit is not None and hit[1] == "member":
            return True
    return False


def _starts_an_item(text: str, tokens: list[Token], at: int, names: ItemNames) -> bool:
    """Whether the words from ``at`` up to a preposition are an item's name ("Hand axe", not "hand")."""
    end = at
    while end < len(tokens) and fold(tokens[end].text) not in PREPOSITIONS and tokens[end].kind != "punct":
        end += 1
    return end - at > 1 and _is_item(span(text, tokens, at, end), names)


def _first_word(
    text: str, tokens: list[Token], pairs: list[tuple[str, str]], repairs: list[Repair]
) -> tuple[str, Pairs, list[Repair], list[Note]]:
    """No verb found: the first word stays the action (answered ``unknown-action``)."""
    first = next((token.text for token in tokens if token.kind == "word"), text.strip())
    return first, tuple(pairs), repairs, []


def _inventory_parts(
    verb: str,
    text: str,
    tokens: list[Token],
    start: int,
    index: GameIndex,
    names: ItemNames,
    *,
    has_item: bool = False,
) -> tuple[Pairs, list[Repair], list[Note]] | Problem:
    """Members, the party and sellers where the action reads them; what is left is the item (or amount)."""
    slots = FREE_SLOTS.get(verb, {})
    pairs: list[tuple[str, str]] = []
    repairs: list[Repair] = []
    notes: list[Note] = []
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
            notes.append(note("read_free.payee_left_out", text=phrase))
        at = end
    asides = PAYMENT_ASIDES.get(verb, PAYMENT_ASIDES["earn"] if verb == "add" else frozenset())
    if asides:  # "pay 3 shillings to the innkeeper for the room": only the amount counts
        cut = next((i for i, k in enumerate(kept) if fold(tokens[k].text) in asides and i), None)
        if (
            cut is not None
            and verb == "add"
            and not _all_coins(span(text, tokens, kept[0], kept[cut]), names)
        ):
            cut = None  # "a torch from the crypt": an add's words are its item's, unless they are coins
        if cut is not None:
            phrase = span(text, tokens, kept[cut], kept[-1] + 1)
            repairs.append(Repair("free-left-out", phrase, ""))
            notes.append(note("read_free.payment_aside", text=phrase))
            kept = kept[:cut]
    written = span(text, tokens, kept[0], kept[-1] + 1) if kept else ""
    item = _item_text(verb, text, tokens, kept, names)
    if isinstance(item, Problem):
        return item
    if item and has_item and not _names_anything(item, index, names):
        repairs.append(Repair("ignored-text", written, ""))  # item= says the item: these words are talk
        notes.append(note("read_free.ignored", text=written))
    elif item:
        listed = _is_list(item) and not _is_item(item, names)
        key = "amount" if verb in ("pay", "earn") else ("items" if listed else "item")
        pairs.append((key, item))
        repairs.append(Repair(f"free-{key}", written, f'{key}="{item}"'))
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
    bracket = tokens[at].text in "([" and tokens[at].kind == "punct"
    look = at + 1 if before or bracket else at
    while look < len(tokens) and fold(tokens[look].text) in ARTICLES:
        look += 1
    party = party_at(tokens, look) if before else None
    hit = _named_at(tokens, look, index)
    if hit is None and party is None:
        return None
    if party is not None:
        end, kind, possessive = party, "party", False
        value = span(text, tokens, look, party)  # the words as written: read_person says party or everyone
    else:
        assert hit is not None
        end, kind, value, possessive = hit
    if bracket:  # "-1 Black candle (Ada)": a member in brackets is the bag
        if end >= len(tokens) or tokens[end].text not in ")]" or possessive:
            return None
        end += 1
    if possessive and not before:
        before = "'s"
    elif possessive and kind == "member" and end < len(tokens) and fold(tokens[end].text) in BAG_WORDS:
        end += 1  # "to Bram's pack" is to Bram
    if not before and kept and any(tokens[k].kind == "word" for k in kept) and kind == "seller":
        return None  # "smith's hammer" inside an item's name: not a seller of a buy
    phrase = span(text, tokens, at, end)
    key = slots.get((before, kind))
    if key is None:
        if kind == "seller" and before in ("", "'s"):
            return None  # a seller's word with nothing saying so is part of the item's name
        return end, Problem("unreadable", note("read_free.no_place", text=phrase)), "", phrase
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
        parts = [span(text, tokens, k, k + 1) for k in kept]
        return Problem("unreadable", note("read_free.not_one_item", text=" ".join(parts)))
    signed = [
        tokens[k].text for k in kept[1:] if tokens[k].kind == "num" and tokens[k].text[:1] in "+-\u2212"
    ]
    if signed:
        return Problem("unreadable", note("read_free.second_change", text=signed[0]))
    dashed = [
        at
        for at, k in enumerate(kept[:-1])
        if tokens[k].text in DASHES and tokens[kept[at + 1]].kind == "num"
    ]
    if dashed:  # "Black candle - 2": a count, or a minus?
        phrase = span(text, tokens, kept[0], kept[-1] + 1)
        return Problem("unreadable", note("read_free.dash", text=phrase))
    while len(kept) > 1 and fold(tokens[kept[-1]].text) in ITEM_TAIL_WORDS:
        kept = kept[:-1]  # "give the lantern back"
    item = span(text, tokens, kept[0], kept[-1] + 1).strip(" ,;:.")
    while item.split(" ", 1)[0].lower() in ("item", "items") and " " in item:
        item = item.split(" ", 1)[1]
    words = {fold(token.text) for token in tokens[kept[0] : kept[-1] + 1]}
    loose = words & (PREPOSITIONS - {"of", "with"})
    if loose and verb not in ("pay", "earn") and not _is_item(item, names):
        return Problem("unreadable", note("read_free.loose_member", text=item, word=sorted(loose)[0]))
    return item


def _is_item(text: str, names: ItemNames) -> bool:
    read = resolve_item(text, None, names)
    return not isinstance(read, Problem) and (read.item.label is not None or read.item.coin is not None)


def _all_coins(text: str, names: ItemNames) -> bool:
    """Whether ``text`` is an amount of coins only ("3 shillings"): an add of it is an earn."""
    read = read_amount(text, names)
    return not isinstance(read, Problem) and bool(read.amounts) and all(part.coin for part in read.amounts)


def _is_list(item: str) -> bool:
    return "," in item or " and " in f" {item.lower()} " or ";" in item


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
            repairs.append(Repair(f"free-{key}", span(text, tokens, at, at + hit[0]), f'{key}="{ident}"'))
            at += hit[0]
            continue
        rest = fold(text[tokens[at].start :])
        if tag == "place" and rest in DAY_WORDS | {f"{day} day" for day in DAY_WORDS}:
            pairs.append(("day", "new"))
            repairs.append(Repair("free-day", rest, 'day="new"'))
            break
        return Problem("unreadable", note("read_free.nothing_named", text=text.strip()))
    return tuple(pairs), repairs
