"""Keys: a tag's attributes under their canonical names, for the action or op the tag asks for.

Owns DESIGN.md "Sloppy input" key aliases (``qty`` → ``count``, ``character`` → ``who``, ``shop`` →
``seller``, ``character_name``/``item_id`` and the other ``_name``/``_id`` forms, ``qty_*`` counts, keys
joined from known words such as ``target_character``), action aliases (``purchase`` → ``buy``, ``paid`` →
``pay``, ``addItem``, ``add_item``, ``equip/wield``), op aliases (``heal`` → ``restore``, an op named by a
rest, a condition or with its pool: ``long_rest``, ``rattled``, ``temp_hp``; ``set``/``gain`` decided by
the tag's keys), the words refused for meaning two things, an add of coins read as an earn, and what a key
the action does not read becomes. Keys arrive lowercased from ``syntax``. ``plain_attrs`` reads a tag already
in the canonical form at once, from tables worked out of these once at import (``_PLAIN_VERBS``,
``_PLAIN_KEYS``), giving what ``find_verb`` and ``canonical_attrs`` give for it.

Invariants:
- A passive word before a verb is the verb (``was dropped``, ``was healed``), never a give or a take; a
  word the tag decides by its ``to=`` (``ACTION_BY_TO``: ``toss``, ``was given``) is refused on the side
  the table leaves open. An amount written as an object (``gp=2, sp=5``) is read as ``2 gp, 5 sp``.
- Each alias applied, each key left out and each duplicate dropped is a ``Repair``.
- Two different values for one canonical key are a ``Problem``, never a silent pick.
- A key no table knows whose value could change who, what or how many (a member, a seller, an item or
  coin, a number, a pool, ... per ``RISKY_VALUES``) refuses the tag, naming the key; so does ``each=`` or
  ``per=`` (``DISTRIBUTIVE_KEYS``); any other is left out and said. A person's key of another action
  naming someone refuses the tag too (never run on defaults).
- ``who=``/``to=`` name one member: descriptive words around a member's name are read away (and said),
  two members are refused, the party's words are the party (``read_person``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from tagproc.names import ItemNames, fold
from tagproc.normalize.coins import read_amount
from tagproc.normalize.counts import Problem, read_number, split_count
from tagproc.normalize.gamewords import GameIndex, is_plain_member, key_of, read_person
from tagproc.normalize.items import resolve_item
from tagproc.notes import Note, note
from tagproc.repairs import Repair
from tagproc.vocabulary import (
    ACTION_ALIASES,
    ACTION_KEY_ALIASES,
    ACTION_KEYS,
    ACTION_TRAILERS,
    COUNT_KEY_PREFIXES,
    DAY_WORDS,
    DISTRIBUTIVE_KEYS,
    ENGINE_KEYS,
    EVERYONE_WORDS,
    KEY_ALIASES,
    KEY_PARTS,
    KEY_SUFFIXES,
    KEYED_ACTION_TRAILERS,
    OP_ALIASES,
    OP_BY_KEY,
    OP_KEY_ALIASES,
    OP_KEYS,
    OP_TRAILERS,
    PARTY_WHO,
    PARTY_WORDS,
    PERSON_KEYS,
    REFUSED_ACTIONS,
    REFUSED_OPS,
    RISKY_VALUES,
    STATE_WORDS,
    TAG_KEYS,
    VERB_KEY,
)
from tagproc.vocabulary.phrases import NOTE_HEDGES
from tagproc.vocabulary.verbs import ACTION_BY_TO, PASSIVE_REFUSED, PASSIVE_WORDS

__all__ = [
    "Attrs",
    "Verb",
    "action_by_to",
    "canonical_attrs",
    "coins_are_earned",
    "find_verb",
    "is_verb_word",
    "plain_attrs",
    "verb_phrase",
    "verb_word",
]

Pairs = tuple[tuple[str, str], ...]

# A verb that says only that something changed yields to a precise one beside it ("[inventory update:
# action=add ...]").
_VAGUE_VERBS = frozenset({"update", "change", "modify", "adjust", "edit"})
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
_ALTERNATIVES = re.compile(r"\s*(?:/|\||\bor\b)\s*")


@dataclass(slots=True)
class Attrs:
    """A tag's canonical attributes, with the repairs made and the notes for its answer."""

    verb: str
    values: dict[str, str]
    repairs: list[Repair] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)

    def text(self, key: str) -> str | None:
        """The value of ``key``, stripped; None when absent or empty."""
        value = self.values.get(key)
        if value is None:
            return None
        return value.strip() or None


@dataclass(frozen=True, slots=True)
class Verb:
    """What a tag does: the word as written, its canonical action or op ("" when no table knows it), the
    attribute it was written in (None when inferred), and what the word says beyond the verb."""

    written: str
    canonical: str
    at: int | None = None
    implied: Pairs = ()


def find_verb(tag: str, attrs: Pairs, index: GameIndex) -> Verb | Problem | None:
    """The verb of an inventory (action) or sheet (op) tag; place and loot tags have none: ``Verb("", tag)``.

    None when the tag names no verb at all; a ``Problem`` for a word that means two things, or two verbs.
    """
    verb_key = VERB_KEY.get(tag)
    if verb_key is None:
        return Verb("", tag)
    aliases = KEY_ALIASES.get(tag, {})
    written = [(at, value) for at, (key, value) in enumerate(attrs) if key == verb_key]
    if not written:  # only then an alias key ("type=") says it: beside action= it is something else
        written = [(at, value) for at, (key, value) in enumerate(attrs) if aliases.get(key) == verb_key][:1]
    if not written:
        return None
    if len(written) > 1:
        precise = [(at, value) for at, value in written if fold(value) not in _VAGUE_VERBS]
        written = precise or written[:1]
    verbs = [_one_verb(tag, at, value, attrs, index) for at, value in written]
    for verb in verbs:
        if isinstance(verb, Problem) or not verb.canonical:
            return verb
    assert all(isinstance(verb, Verb) for verb in verbs)
    meanings = {verb.canonical for verb in verbs if isinstance(verb, Verb)}
    if len(meanings) > 1:
        return Problem("unreadable", note("read_keys.two_verbs", verbs=tuple(sorted(meanings))))
    return verbs[0]


def _one_verb(tag: str, at: int, value: str, attrs: Pairs, index: GameIndex) -> Verb | Problem:
    written = _CAMEL.sub(" ", value)  # "addItem" is "add item"
    parts = [part for part in _ALTERNATIVES.split(written) if part.strip()]
    if len(parts) > 1:  # "equip/wield": one meaning, or refused
        each = [_one_verb(tag, at, part, attrs, index) for part in parts]
        meanings = {verb.canonical if isinstance(verb, Verb) else "?" for verb in each}
        if len(meanings) == 1 and isinstance(each[0], Verb) and each[0].canonical:
            return Verb(value, each[0].canonical, at, each[0].implied)
        return Problem("unreadable", note("read_keys.alternatives", text=value))
    word = verb_word(tag, written, keyed=True)
    if tag == "sheet" and (with_pool := _op_with_pool(word, at, index, value)) is not None:
        return with_pool
    if tag == "inventory":
        if word in REFUSED_ACTIONS:
            return Problem(
                "unreadable", note("read_keys.two_meanings", text=value, why=REFUSED_ACTIONS[word])
            )
        if word in ACTION_BY_TO:
            has_to = any(KEY_ALIASES["inventory"].get(key, key) == "to" for key, _ in attrs)
            return action_by_to(word, value, at, has_to=has_to)
        return Verb(value, ACTION_ALIASES.get(word, ""), at)
    if word in OP_ALIASES:
        op, implied = OP_ALIASES[word]
        return Verb(value, op, at, implied)
    if word in OP_BY_KEY:
        present = {KEY_ALIASES["sheet"].get(key, key) for key, _ in attrs}
        rows = [row for row in OP_BY_KEY[word] if row[0] in present]
        if len(rows) == 1:
            return Verb(value, rows[0][1], at, rows[0][2])
        if word not in REFUSED_OPS:
            keys = tuple(row[0] for row in OP_BY_KEY[word])
            return Problem("unreadable", note("read_keys.op_by_key", text=value, keys=keys))
    if word in REFUSED_OPS:
        return Problem("unreadable", note("read_keys.two_meanings", text=value, why=REFUSED_OPS[word]))
    return _op_from_game(value, at, index)


def action_by_to(word: str, value: str, at: int | None, *, has_to: bool) -> Verb | Problem:
    """An action word the tag decides by whether it names a member it goes to (``ACTION_BY_TO``)."""
    with_to, without_to, why = ACTION_BY_TO[word]
    action = with_to if has_to else without_to
    if action is None:
        return Problem("unreadable", note("read_keys.two_meanings", text=value, why=why))
    return Verb(value, action, at)


def _op_with_pool(word: str, at: int, index: GameIndex, value: str) -> Verb | None:
    """An op word ending in a pool of the game ("temp hp", "heal_resolve", "spend grit"): the op, and the
    pool it names (its hit points for "hp" where the ruleset has them)."""
    words = word.split()
    for size in range(len(words) - 1, 0, -1):
        head, tail = " ".join(words[:size]), " ".join(words[size:])
        pool = index.find_one(tail, "pool")
        if pool is None:
            continue
        head = head if head in OP_ALIASES else verb_word("sheet", head)
        if head in OP_ALIASES and OP_ALIASES[head][0] in ("spend", "restore", "temp", "damage"):
            op, implied = OP_ALIASES[head]
            return Verb(value, op, at, (*implied, ("pool", pool)))
    return None


def _op_from_game(value: str, at: int, index: GameIndex) -> Verb:
    """An op word that is a rest ("long rest", "vigil") or a condition ("rattled") of the game."""
    phrase = key_of(value)
    for candidate in (phrase, phrase.removesuffix(" rest"), f"{phrase} rest"):
        rest = index.find_one(candidate, "rest")
        if rest is not None:
            return Verb(value, "rest", at, (("rest", rest),))
    condition = index.find_one(phrase, "condition")
    if condition is not None:
        return Verb(value, "condition", at, (("condition", condition), ("state", "on")))
    return Verb(value, "", at)


def verb_word(tag: str, written: str, *, keyed: bool = False) -> str:
    """A verb as the tables spell it: folded, less a trailer ("add_item" → "add", "apply condition" →
    "apply"; in an action= also "give_to") when what is left is in the tables; else just folded."""
    word = fold(written)
    if _in_tables(tag, word):
        return word
    passive = _passive(tag, word, keyed=keyed)
    if passive is not None:
        return passive
    trailers = ACTION_TRAILERS if tag == "inventory" else OP_TRAILERS
    if keyed and tag == "inventory":
        trailers = (*trailers, *KEYED_ACTION_TRAILERS)
    for trailer in trailers:
        head = word.removesuffix(f" {trailer}")
        if head != word and _in_tables(tag, head):
            return head
    return word


def _passive(tag: str, word: str, *, keyed: bool) -> str | None:
    """ "was dropped", "is healed": the verb after a passive word (``PASSIVE_WORDS``), as the tables spell
    it; a give or a take after one is left as written (refused: who is the subject?)."""
    for marker in PASSIVE_WORDS:
        rest = word.removeprefix(f"{marker} ")
        if rest == word or not rest:
            continue
        verb = verb_word(tag, rest, keyed=keyed)
        if not _in_tables(tag, verb) or verb in PASSIVE_REFUSED:
            return None
        if tag == "inventory" and ACTION_ALIASES.get(verb) == "give":
            return None
        return verb
    return None


def _in_tables(tag: str, word: str) -> bool:
    if tag == "inventory":
        return word in ACTION_ALIASES or word in REFUSED_ACTIONS or word in ACTION_BY_TO
    return word in OP_ALIASES or word in OP_BY_KEY or word in REFUSED_OPS


def verb_phrase(tag: str, words: Sequence[str]) -> tuple[int, str] | None:
    """The longest run of ``words`` (from the first) that is an action/op word of ``tag`` or a refused one:
    how many words, and the phrase as the tables spell it (``verb_word``)."""
    for size in range(min(4, len(words)), 0, -1):
        word = verb_word(tag, " ".join(words[:size]))
        if _in_tables(tag, word):
            return size, word
    return None


def coins_are_earned(verb: Verb, attrs: Pairs, names: ItemNames) -> Verb:
    """An add of an ``amount=`` of coins and no item ("received 6 pennies") is an earn."""
    if verb.canonical != "add":
        return verb
    keys = {KEY_ALIASES["inventory"].get(key, key): value for key, value in attrs}
    amount = keys.get("amount") or keys.get("coins") or keys.get("money")
    if amount is None or "item" in keys or "items" in keys:
        return verb
    read = read_amount(amount, names)
    if isinstance(read, Problem) or not all(part.coin for part in read.amounts):
        return verb
    return Verb(verb.written, "earn", verb.at, verb.implied)


def canonical_attrs(
    tag: str, verb: Verb, attrs: Pairs, names: ItemNames, index: GameIndex
) -> Attrs | Problem:
    """The tag's attributes under canonical keys, for ``verb``; aliases, drops and duplicates recorded."""
    result = Attrs(verb=verb.canonical, values={})
    verb_key = VERB_KEY.get(tag)
    if verb_key is not None and fold(verb.written) != verb.canonical:
        result.repairs.append(Repair(f"{verb_key}-alias", verb.written, verb.canonical))
    allowed = _allowed_keys(tag, verb.canonical)
    for at, (written, value) in enumerate(attrs):
        if at == verb.at:
            continue
        key = _canonical_key(tag, verb.canonical, written)
        member = _member_key(tag, written, value, index)
        if member is not None:  # "[Sheet - Juno: ...]": the member named as a key with no value is who=
            result.repairs.append(Repair("member-key", f'{written}="{value}"', f'who="{member}"'))
            key, written, value = "who", "who", member
        if key != written and written in _tag_keys(tag) and not _soft_alias_fits(key, value, attrs):
            if key == "state" and not any(k in ("state", "field") for k, _ in attrs):  # field=: a note's
                return Problem("unreadable", note("read_keys.maybe_state", key=written, text=value))
            key = written  # value= on a condition is its state only when it says on or off
        if key != written:
            result.repairs.append(Repair("key-alias", written, key))
        if key == verb_key and fold(value) in _VAGUE_VERBS:
            result.repairs.append(Repair("vague-verb", f'{written}="{value}"', ""))
            continue
        if key == verb_key and is_verb_word(tag, value):
            again = find_verb(tag, ((key, value),), index)
            if not isinstance(again, Verb) or again.canonical != verb.canonical:
                return Problem(
                    "unreadable", note("read_keys.twice", key=key, first=verb.written, second=value)
                )
            result.repairs.append(Repair("duplicate-key", f'{written}="{value}"', ""))
            continue
        if key == verb_key:  # "type=weapon" beside action=: not a verb, so a key no table knows
            key = written
        if key in ENGINE_KEYS:
            if key == "note" and NOTE_HEDGES & set(_WORDS.findall(value.lower())):
                return Problem("unreadable", note("read_keys.conditional", text=value))
            result.repairs.append(Repair("engine-key", f'{written}="{value}"', ""))
            continue
        if key not in allowed:
            left = _left_out(tag, key, written, value, index, names)
            if isinstance(left, Problem):
                return left
            result.repairs.append(Repair("unknown-key", f'{written}="{value}"', ""))
            result.notes.append(note("read_keys.ignored", key=written, text=value))
            continue
        if key in result.values:
            if result.values[key].strip() != value.strip():
                return Problem(
                    "unreadable", note("read_keys.twice", key=key, first=result.values[key], second=value)
                )
            result.repairs.append(Repair("duplicate-key", f'{written}="{value}"', ""))
            continue
        if key == "amount" and (counted := _amount_object(value)) is not None:
            result.repairs.append(Repair("amount-object", value, counted))
            value = counted
        result.values[key] = value
    for key, value in verb.implied:
        if key not in result.values:
            result.values[key] = value
            result.repairs.append(Repair("op-implies", verb.written, f'{key}="{value}"'))
    people = _read_people(tag, result, index)
    return people if isinstance(people, Problem) else result


def _canonical_key(tag: str, verb: str, written: str) -> str:
    """``written`` under its canonical name: the verb's aliases, the tag's, then ``_name``/``qty_`` forms."""
    tag_aliases = KEY_ALIASES.get(tag, {})
    verb_aliases: Mapping[str, str] = (
        ACTION_KEY_ALIASES.get(verb, {}) if tag == "inventory" else OP_KEY_ALIASES.get(verb, {})
    )
    plain = written.replace("-", "_")
    known = _tag_keys(tag)  # the verb's own keys are among them
    for candidate in (written, plain):
        if candidate in verb_aliases:
            return verb_aliases[candidate]
        if candidate in tag_aliases:
            found = tag_aliases[candidate]
            return verb_aliases.get(found, found) if found in ("to", "amount") else found
        if candidate in known:
            return candidate
    for suffix in KEY_SUFFIXES:
        head = plain.removesuffix(suffix).rstrip("_")
        if head != plain and head and (head in verb_aliases or head in tag_aliases or head in known):
            return _canonical_key(tag, verb, head)
    count_key = "amount" if tag == "sheet" or verb in ("pay", "earn") else "count"
    if any(plain.startswith(prefix) for prefix in COUNT_KEY_PREFIXES) and count_key in known:
        return count_key
    words = plain.split("_")
    if len(words) == 1:  # a word of one part is what it is (reading it by its parts would not end)
        return plain
    meanings = {_canonical_key(tag, verb, part) for part in words if part in KEY_PARTS}
    if len(meanings) == 1:
        return meanings.pop()  # "target_character" → who
    return plain


_AMOUNT_PART = re.compile(r"\A\s*(?P<coin>[^\W\d][\w ]*?)\s*[=:]\s*(?P<count>\d+)\s*\Z")


def _amount_object(value: str) -> str | None:
    """An amount written as an object (``"amount": {"gp": 2, "sp": 5}``, flattened by the body reader to
    ``gp=2, sp=5``) as the words the coin reader reads: ``2 gp, 5 sp``. None for any other value."""
    parts = [_AMOUNT_PART.match(part) for part in value.split(",")]
    if not parts or not all(parts):
        return None
    return ", ".join(f"{part['count']} {part['coin']}" for part in parts if part is not None)


def _member_key(tag: str, written: str, value: str, index: GameIndex) -> str | None:
    """The member a key with no value names ("juno" in ``[Sheet - Juno: ...]``), where a tag reads who=."""
    if value.strip() or tag not in PERSON_KEYS or "who" not in PERSON_KEYS[tag]:
        return None
    return index.find_one(written, "member")


def _soft_alias_fits(key: str, value: str, attrs: Pairs) -> bool:
    """A key of another op read as ``key`` (``value=`` as a state or an amount): only when the tag writes
    no ``key=`` of its own and the value is one (a state word, a number)."""
    if any(written == key for written, _ in attrs):
        return False
    if key == "state":
        return " ".join(value.lower().split()) in STATE_WORDS
    if key == "amount":
        words = value.split()
        return bool(words) and read_number(words[0].lstrip("+-")) is not None
    if key == "by":  # a track's amount="+1" is by=; unsigned, it could be to= as well
        return value.strip()[:1] in "+-\u2212" and read_number(value.strip().lstrip("+-\u2212")) is not None
    return True


# Every key a tag reads under any of its verbs, worked out once from the tables (read for every key of
# every tag).
_TAG_KEY_SETS: Mapping[str, frozenset[str]] = MappingProxyType(
    {
        "inventory": frozenset(key for keys in ACTION_KEYS.values() for key in keys),
        "sheet": frozenset(key for keys in OP_KEYS.values() for key in keys),
        **{tag: frozenset(keys) for tag, keys in TAG_KEYS.items()},
    }
)


def _tag_keys(tag: str) -> frozenset[str]:
    return _TAG_KEY_SETS.get(tag, frozenset())


_WORDS = re.compile(r"[^\W\d_]+")

# The sheet keys that say what changes: one an op does not read is a second change, never ignored.
_SHEET_CHANGE_KEYS = frozenset({"pool", "track", "amount", "to", "by", "condition", "state", "rest"})


def _left_out(
    tag: str, key: str, written: str, value: str, index: GameIndex, names: ItemNames
) -> Problem | None:
    """Refuse a key the verb does not read when leaving it out could change who, what or how many."""
    if key in DISTRIBUTIVE_KEYS:
        return Problem("unreadable", note("read_keys.distributive", key=written, text=value))
    if key in _tag_keys(tag):
        if key in PERSON_KEYS.get(tag, ()) and _names_someone(value, index):
            return Problem("unreadable", note("read_keys.person_not_read", key=written, text=value))
        if tag == "sheet" and key in _SHEET_CHANGE_KEYS and value.strip():
            # grit="-2" heat="+1": a second change the op does not make is refused, never half run.
            return Problem("unreadable", note("read_keys.second_change", key=written, text=value))
        return None
    risk = _risk(tag, value, index, names)
    if risk is None:
        key_risk = _risk(tag, written.replace("_", " "), index, names) if not value.strip() else None
        if key_risk is None:
            return None
        return Problem("unreadable", note("read_keys.risky_key", key=written, risk=key_risk))
    return Problem("unreadable", note("read_keys.risky_value", key=written, text=value, risk=risk))


def _names_someone(value: str, index: GameIndex) -> bool:
    return bool(index.members_in(value) or index.find(value, ("seller",)) or key_of(value) == "party")


def _risk(tag: str, value: str, index: GameIndex, names: ItemNames) -> str | None:
    """What a value of an unknown key names that could change the tag: the kind of ``RISKY_VALUES`` it is
    (``member``, ``number``, ``item``, ``day`` or a kind of game word such as ``pool``)."""
    for kind in RISKY_VALUES.get(tag, ()):
        if kind == "member" and index.members_in(value):
            return kind
        if kind == "number" and (read_number(value) is not None or split_count(value) is not None):
            return kind
        if kind == "item" and _is_thing(value, names):
            return kind
        if kind == "day" and " ".join(value.lower().split()) in DAY_WORDS:
            return kind
        if kind not in ("member", "number", "item", "day") and index.find(value, (kind,)):
            return kind
    return None


def _is_thing(value: str, names: ItemNames) -> bool:
    read = resolve_item(value, None, names)
    return not isinstance(read, Problem) and (read.item.label is not None or read.item.coin is not None)


def _read_people(tag: str, attrs: Attrs, index: GameIndex) -> Problem | None:
    """``who=`` (and a give's ``to=``) as one member; the party's words as no one bag where that is the same."""
    for key in ("who", "to") if tag == "inventory" else ("who",):
        value = attrs.text(key)
        if value is None:
            continue
        if is_plain_member(value, index):
            attrs.values[key] = value  # a member as the party writes it: ``read_person`` reads it as itself
            continue
        read = read_person(key, value, index) if index.words.members or _party(value) else None
        if read is None:
            continue
        if isinstance(read, Problem):
            return read
        attrs.repairs += read.repairs
        attrs.notes += read.notes
        if read.value not in ("party", "everyone"):
            attrs.values[key] = read.value
        elif tag == "sheet" or (key == "to" and attrs.verb == "give") or (key, attrs.verb) in _PARTY_TRADES:
            # The whole party on a sheet op (one answer for every member) or as a give's receiver (the
            # engine answers no-recipient): passed on as ``party`` (CONVENTIONS.md §4, §11).
            attrs.values[key] = "party"
            if read.value == "everyone":
                attrs.repairs.append(Repair("everyone-is-party", "everyone", "party"))
        elif key == "who" and (tag == "loot" or (read.value, attrs.verb) in _PARTY_SHARES):
            del attrs.values[key]
            attrs.repairs.append(Repair("party-is-no-who", f'{key}="{value}"', ""))
        elif read.value == "everyone" and attrs.verb in PARTY_WHO:
            return Problem("unreadable", note("read_keys.everyone", key=key, text=value))
        elif key == "who" and read.value == "party":
            # CONVENTIONS.md §3: "party or nothing names no bag: ... anything else the player's bag (a remove
            # then goes on to the party)": the party's bag is the player's, as with no who= at all.
            del attrs.values[key]
            attrs.repairs.append(Repair("party-is-no-who", f'{key}="{value}"', ""))
        else:
            return Problem("unreadable", note("read_keys.whole_party", key=key, text=value))
    return None


def _party(value: str) -> bool:
    return key_of(value) in PARTY_WORDS or key_of(value) in EVERYONE_WORDS


# The party as a whole shares an add or an earn out by the carrying rule (spec "Carrying"), as no who= does.
_PARTY_SHARES = frozenset({("party", "add"), ("party", "earn")})
# A buy or a sale by the party is the player's (CONVENTIONS.md §3: "party ... anything else the player's bag"),
# answered who="party" as written: passed on for the engine.
_PARTY_TRADES = frozenset({("who", "buy"), ("who", "sell")})


def is_verb_word(tag: str, value: str) -> bool:
    """Whether ``value`` as a whole is a verb of ``tag`` (or a refused one) in the tables."""
    return _in_tables(tag, verb_word(tag, _CAMEL.sub(" ", value), keyed=True))


def _allowed_keys(tag: str, verb: str) -> tuple[str, ...]:
    if tag == "inventory":
        return ACTION_KEYS[verb]
    if tag == "sheet":
        return OP_KEYS[verb]
    return TAG_KEYS[tag]


# -- the canonical form, read at once ----------------------------------------------------------------------


def _plain_verbs(tag: str) -> frozenset[str]:
    """The verbs of ``tag`` that ``find_verb`` reads as themselves, whatever the tag's other keys say: the
    canonical action or op, written as the tables spell it, that no other table (refused words, words the
    tag decides by its ``to=`` or its keys, ops that imply keys) reads first."""
    if tag == "inventory":
        return frozenset(
            word
            for word, action in ACTION_ALIASES.items()
            if action == word
            and word in ACTION_KEYS
            and verb_word(tag, word, keyed=True) == word
            and word not in REFUSED_ACTIONS
            and word not in ACTION_BY_TO
            and [part for part in _ALTERNATIVES.split(_CAMEL.sub(" ", word)) if part.strip()] == [word]
        )
    return frozenset(
        word
        for word, (op, implied) in OP_ALIASES.items()
        if op == word
        and not implied
        and word in OP_KEYS
        and verb_word(tag, word, keyed=True) == word
        and " " not in word
        and [part for part in _ALTERNATIVES.split(word) if part.strip()] == [word]
    )


def _plain_keys(tag: str, verb: str) -> Mapping[str, str]:
    """The keys ``canonical_attrs`` reads under ``verb`` by their name alone, each with its canonical name:
    the verb's own keys, and the aliases of them that are no key of the tag's (so no value decides them:
    ``_soft_alias_fits``); none an engine key or the verb's key, each its own ``key_of`` (so a member's
    name is found by a look-up)."""
    plain: dict[str, str] = {}
    allowed = _allowed_keys(tag, verb)
    written_keys = {*allowed, *KEY_ALIASES.get(tag, {})}
    written_keys |= set(
        ACTION_KEY_ALIASES.get(verb, {}) if tag == "inventory" else OP_KEY_ALIASES.get(verb, {})
    )
    for written in sorted(written_keys):
        key = _canonical_key(tag, verb, written)
        if (
            key in allowed
            and key != VERB_KEY[tag]
            and key not in ENGINE_KEYS
            and (key == written or written not in _tag_keys(tag))
            and key_of(written) == written
        ):
            plain[written] = key
    return MappingProxyType(plain)


_PLAIN_VERBS: Mapping[str, frozenset[str]] = MappingProxyType(
    {tag: _plain_verbs(tag) for tag in ("inventory", "sheet")}
)
# The verb of a plain tag, made once per verb and place (a value: frozen), where a tag writes it in its first
# few pairs.
_PLAIN_VERB_AT: Mapping[tuple[str, int], Verb] = MappingProxyType(
    {(word, at): Verb(word, word, at) for verbs in _PLAIN_VERBS.values() for word in verbs for at in range(8)}
)
_COIN_KEYS = frozenset({"amount", "coins", "money"})  # an add writing one of these may be an earn
_PLAIN_KEYS: Mapping[tuple[str, str], Mapping[str, str]] = MappingProxyType(
    {(tag, verb): _plain_keys(tag, verb) for tag, verbs in _PLAIN_VERBS.items() for verb in verbs}
)


def plain_attrs(tag: str, pairs: Pairs, index: GameIndex) -> tuple[Verb, Attrs | Problem] | None:
    """A tag written in the canonical form, read at once: the verb and the attributes ``find_verb`` and
    ``canonical_attrs`` make of it (who= read as ``_read_people`` reads it), or None when the tag is not
    plainly canonical (the caller then reads it the long way, which gives the same answer for these).

    Plainly canonical: an inventory or sheet tag whose verb key holds a verb of ``_PLAIN_VERBS`` and whose
    other keys are each a key of ``_PLAIN_KEYS`` for that verb (an alias recorded as the long way records
    it), none blank, no canonical key twice, none naming a member (unless a who= is written:
    ``_member_as_key``), no amount written as an object and, on an add, no coins (``coins_are_earned``)."""
    verb_key = VERB_KEY.get(tag)
    if verb_key is None:
        return None
    verb: Verb | None = None
    written: list[tuple[str, str]] = []
    aliases, verbs, members = KEY_ALIASES[tag], _PLAIN_VERBS[tag], index.member_phrases
    who = member = coins = False
    # One pass (each way out gives None, so the order they are found in does not matter): a who= written
    # (under the tag's aliases, as ``_member_as_key`` reads them), a key that names a member, coins written.
    for at, (key, value) in enumerate(pairs):
        said = aliases.get(key, key)
        if said == "who":
            who = True
        elif said in _COIN_KEYS:
            coins = True
        if key in members:
            member = True
        if key == verb_key:
            if verb is not None or value not in verbs:
                return None
            verb = _PLAIN_VERB_AT.get((value, at)) or Verb(value, value, at)
        elif value.strip():
            written.append((key, value))
        else:
            return None
    if verb is None or (member and not who) or (coins and verb.canonical == "add"):
        # "[sheet: Mira: 1 harm]": a member written as a key (``normalize._member_as_key``); an add of coins
        # may be an earn (``coins_are_earned``).
        return None
    plain = _PLAIN_KEYS[(tag, verb.canonical)]
    values: dict[str, str] = {}
    repairs: list[Repair] = []
    for key, value in written:
        canonical = plain.get(key)
        if canonical is None or canonical in values:
            return None
        if canonical != key:
            repairs.append(Repair("key-alias", key, canonical))
        values[canonical] = value
    amount = values.get("amount")
    if amount is not None and ("=" in amount or ":" in amount) and _amount_object(amount) is not None:
        return None
    attrs = Attrs(verb.canonical, values, repairs)
    people = _read_people(tag, attrs, index)
    return verb, people if isinstance(people, Problem) else attrs
