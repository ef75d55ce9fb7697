"""Sheet, place and loot tags into commands (DESIGN.md "Tags the GM writes").

``[sheet: op=... who=...]``: ``rest``, ``spend``/``restore``/``temp`` on a pool, ``damage`` on a pool or a
wound track, ``track`` (``to=`` or ``by=``), ``condition`` (``state="on"|"off"``) and ``note``.
``[place: name=... size=... day="new"]`` and ``[loot: table=... who=...]``. Pools, tracks, conditions,
rests, sizes and tables are written as the game names them; the engine resolves them by id or label.

The loose forms a small model writes (issue 7), each from a table of ``vocabulary``: the game's names as
keys (``resolve="-1"``, ``grit="+2"``, ``rattled="on"``, ``post="north gate"``), ``hp``/``health`` for the
hit-point pool where the ruleset has one, an op the keys say when none is written (``rest="vigil"``,
``heal="2"``), amounts with units or signs (``"2 damage"``, ``"+2"``, ``"2 resolve"``); a positional place
(``Millbrook, market town``, ``Hollin (village)``), names that name no place (``unchanged``), day words;
a positional loot (``grave_goods for Bram``).

Invariants:
- Numbers are whole (words allowed: "three"); an amount is never negative, a ``by=`` may be; a sign is
  read only where it agrees with the op (a minus restores nothing).
- A missing required key is ``missing-key``; a value nothing can be read from is ``unreadable``.
- A place is never moved to a word that names no place; a size is split off a name only when it is one of
  the market's sizes.
"""

from __future__ import annotations

import re

from tagproc.commands import (
    Condition,
    Damage,
    Loot,
    Note,
    Place,
    Rest,
    Restore,
    Spend,
    Temp,
    Track,
    Unreadable,
)
from tagproc.names import fold
from tagproc.normalize.counts import Problem, read_number
from tagproc.normalize.gamewords import GameIndex, key_of, tokens_of
from tagproc.normalize.keys import Attrs
from tagproc.normalize.nouns import cut_name
from tagproc.normalize.place import place_name
from tagproc.notes import Note as AnswerNote
from tagproc.notes import note
from tagproc.repairs import Repair
from tagproc.trusted import trusted
from tagproc.vocabulary import (
    AMOUNT_UNITS,
    DAY_WORDS,
    FREE_FILLERS,
    HEALTH_WORDS,
    KEY_ALIASES,
    NOT_NEW_DAY_WORDS,
    OP_ALIASES,
    OP_KEYS,
    PLACE_NON_NAMES,
    SIGN_OPS,
    STATE_WORDS,
)
from tagproc.vocabulary.phrases import PLACE_KIND_WORDS, PLACE_MOTION_WORDS

__all__ = ["SheetCommand", "keeps_sheet", "loosen_sheet", "loot_command", "place_command", "sheet_command"]

SheetCommand = Rest | Spend | Restore | Temp | Damage | Track | Condition | Note
Pairs = tuple[tuple[str, str], ...]

_SIGNED = re.compile(r"\A\s*(?P<sign>[+\-\u2212])\s*(?P<rest>\S.*)\Z", re.S)
_PAREN = re.compile(r"\A(?P<name>.*\S)\s*\((?P<size>[^()]+)\)\s*\Z", re.S)
_SHEET_KEYS = frozenset({key for keys in OP_KEYS.values() for key in keys})
_OP_NAMED_KEYS = ("heal", "healing", "damage", "spend", "restore", "temp", "temp_hp")


def sheet_command(attrs: Attrs, raw: str, index: GameIndex) -> SheetCommand | Unreadable:
    """The command of one ``[sheet:]`` tag whose keys are canonical."""
    built = _sheet(attrs, index)
    return _unreadable(attrs, raw, "sheet", built) if isinstance(built, Problem) else built


# -- loose sheet keys ------------------------------------------------------------------------------------


def loosen_sheet(attrs: Pairs, index: GameIndex) -> tuple[Pairs, list[Repair]] | Problem:
    """A sheet tag's game names written as keys, read as the keyed form (and the op the keys say)."""
    health = index.health
    op = _written_op(attrs)
    out: list[tuple[str, str]] = []
    repairs: list[Repair] = []
    inferred: str | None = None
    for key, value in attrs:
        if key in _SHEET_KEYS or key in KEY_ALIASES["sheet"] or key in _OP_NAMED_KEYS:
            if key == "pool" and health is not None and _is_health_word(value, health.id, health.label):
                repairs.append(Repair("health-word", value, health.id))
                value = health.id
            out.append((key, value))
            continue
        read = _game_key(key, value, op, index)
        if read is None:
            out.append((key, value))
            continue
        if isinstance(read, Problem):
            return read
        pairs, implied = read
        out += pairs
        repairs.append(Repair("game-name-key", f'{key}="{value}"', " ".join(f'{k}="{v}"' for k, v in pairs)))
        inferred = inferred or implied
    if op is None:
        inferred = inferred or _op_from_keys(out, health.id if health else None)
        if inferred is not None:
            out.insert(0, ("op", inferred))
            repairs.append(Repair("op-from-keys", " ".join(k for k, _ in attrs), f'op="{inferred}"'))
    return tuple(out), repairs


_KEPT_KEYS = frozenset({*_SHEET_KEYS, *KEY_ALIASES["sheet"], *_OP_NAMED_KEYS})


def keeps_sheet(attrs: Pairs, index: GameIndex) -> bool:
    """Whether ``loosen_sheet`` leaves ``attrs`` as written, with no repair, told without reading them: an op
    is written, every key is one ``loosen_sheet`` keeps, and no ``pool=`` is a word for the hit points."""
    health = index.health
    op = False
    for key, value in attrs:
        if key not in _KEPT_KEYS:
            return False
        if key == "pool" and health is not None and _is_health_word(value, health.id, health.label):
            return False
        op = op or key == "op" or KEY_ALIASES["sheet"].get(key) == "op"
    return op


def _is_health_word(value: str, ident: str, label: str) -> bool:
    return key_of(value) in HEALTH_WORDS and key_of(value) not in (key_of(ident), key_of(label))


def _written_op(attrs: Pairs) -> str | None:
    """The canonical op the tag writes (op= or an alias of it), if a table knows it; "?" if unknown."""
    for key, value in attrs:
        if key == "op" or KEY_ALIASES["sheet"].get(key) == "op":
            word = fold(value)
            return OP_ALIASES[word][0] if word in OP_ALIASES else "?"
    return None


def _game_key(
    key: str, value: str, op: str | None, index: GameIndex
) -> tuple[list[tuple[str, str]], str | None] | Problem | None:
    """A key that is a pool, track, condition or field of the game: its pairs and the op it says."""
    hits = index.find(key, ("pool", "track", "condition", "field"))
    if not hits:
        return None
    if len(hits) > 1:
        return Problem(
            "unreadable", note("read_sheet.several_things", key=key, ids=tuple(i for _, i in hits))
        )
    kind, ident = hits[0]
    if kind == "field":
        return [("field", ident), ("value", value)], "note"
    if kind == "condition":
        state = STATE_WORDS.get(" ".join(value.lower().split()))
        if state is None:
            return Problem("unreadable", note("read_sheet.not_a_state", key=key, text=value))
        return [("condition", ident), ("state", state)], "condition"
    signed = _SIGNED.match(value)
    sign = signed.group("sign").replace("\u2212", "-") if signed else ""
    number = value if not signed else signed.group("rest")
    if kind == "track":
        if sign:
            return [("track", ident), ("by", f"{sign}{number.strip()}")], "track"
        if op in ("track", "damage"):
            return [("track", ident), ("to" if op == "track" else "amount", number)], None
        return Problem("unreadable", note("read_sheet.track_value", key=key, text=value))
    health = index.health
    if not sign and op in (None, "?"):
        return Problem("unreadable", note("read_sheet.no_sign", key=key, text=value))
    if op in ("restore", "temp") and sign == "-":
        return Problem("unreadable", note("read_sheet.takes_nothing", key=key, text=value, op=op))
    implied = None
    if sign and op is None:
        implied = "damage" if sign == "-" and health is not None and ident == health.id else SIGN_OPS[sign]
    return [("pool", ident), ("amount", number.strip())], implied


def _op_from_keys(pairs: list[tuple[str, str]], health: str | None) -> str | None:
    """The op a sheet tag's keys say when it writes none; None unless exactly one does."""
    keys = {KEY_ALIASES["sheet"].get(key, key) for key, _ in pairs}
    said: set[str] = set()
    if "rest" in keys:
        said.add("rest")
    if "condition" in keys:
        said.add("condition")
    if "field" in keys:
        said.add("note")
    if "track" in keys and keys & {"to", "by"}:
        said.add("track")
    elif "track" in keys and "amount" in keys:
        said.add("damage")
    for key, value in pairs:
        if key in _OP_NAMED_KEYS and read_number(value.strip().lstrip("+-")) is not None:
            said.add(OP_ALIASES[key.replace("_hp", "").replace("healing", "heal")][0])
        if (
            KEY_ALIASES["sheet"].get(key, key) == "amount"
            and "pool" in keys
            and (signed := _SIGNED.match(value))
        ):
            pool = dict(pairs).get("pool")
            sign = signed.group("sign").replace("\u2212", "-")
            said.add("damage" if sign == "-" and pool == health else SIGN_OPS[sign])
    return said.pop() if len(said) == 1 else None


# -- sheet commands ----------------------------------------------------------------------------------------


_PLACE_WORD = re.compile(r"->|\u2192|\?|[^\W\d_]+")


def place_command(attrs: Attrs, raw: str, index: GameIndex) -> Place | Unreadable:
    """The command of one ``[place:]`` tag: a size by id or label, none for a road or the wilds."""
    name = attrs.text("name")
    size = attrs.text("size")
    if name is None and size is None:
        return _unreadable(attrs, raw, "place", Problem("missing-key", note("read_sheet.no_place")))
    if name is None:  # a size alone: a place of that size, its name not given (CONVENTIONS.md §10)
        return Place.model_validate(
            {"name": None, "size": size, "new_day": _new_day(attrs), **_carried(attrs)}
        )
    if key_of(name) in PLACE_NON_NAMES or name.strip(" .") in PLACE_NON_NAMES:
        detail = note("read_sheet.no_place_named", text=name, key=True)
        return _unreadable(attrs, raw, "place", Problem("unreadable", detail))
    moving = PLACE_MOTION_WORDS & set(_PLACE_WORD.findall(name.lower()))
    if moving:
        detail = note("read_sheet.moving", name=name, word=sorted(moving)[0])
        return _unreadable(attrs, raw, "place", Problem("unreadable", detail))
    split = place_name(name, attrs.text("size"), index, attrs)  # "Millbrook, market town" (``place.py``)
    if isinstance(split, Problem):
        return _unreadable(attrs, raw, "place", split)
    name, size = split
    if key_of(name) in PLACE_NON_NAMES or index.find(name, ("size",)) or key_of(name) in PLACE_KIND_WORDS:
        detail = note("read_sheet.no_place_named", text=name, key=False)
        return _unreadable(attrs, raw, "place", Problem("unreadable", detail))
    name = cut_name(name, "place", attrs.repairs, attrs.notes)
    return Place.model_validate({"name": name, "size": size, "new_day": _new_day(attrs), **_carried(attrs)})


def _new_day(attrs: Attrs) -> bool:
    """Whether ``day=`` starts a new day; any other word than the day words is ignored and said."""
    day = attrs.text("day")
    said = " ".join(day.lower().split()).strip(" .!") if day is not None else None
    new_day = said is not None and said in DAY_WORDS
    if day is not None and not new_day and said not in NOT_NEW_DAY_WORDS:
        attrs.repairs.append(Repair("unknown-day", f'day="{day}"', ""))
        attrs.notes.append(note("read_sheet.day_ignored", day=day))
    return new_day


def loot_command(attrs: Attrs, raw: str, index: GameIndex) -> Loot | Unreadable:
    """The command of one ``[loot:]`` tag (a bare "grave_goods for Bram" read as table and who)."""
    table = attrs.text("table")
    if table is None:
        return _unreadable(attrs, raw, "loot", Problem("missing-key", note("read_sheet.no_table")))
    who = attrs.text("who")
    if index.find_one(table, "loot_table") is None:
        split = _positional_loot(table, index)
        if split is not None:
            table, member = split
            if who is not None and key_of(who) != key_of(member):
                detail = note("read_sheet.table_member", table=attrs.text("table"), member=member, who=who)
                return _unreadable(attrs, raw, "loot", Problem("unreadable", detail))
            attrs.repairs.append(
                Repair("positional-loot", attrs.text("table") or "", f'table="{table}" who="{member}"')
            )
            who = member
    return Loot.model_validate({"table": table, "who": who, **_carried(attrs)})


def _positional_loot(text: str, index: GameIndex) -> tuple[str, str] | None:
    tokens = tokens_of(text)
    for at in range(1, len(tokens)):
        table = index.find_one(text[: tokens[at - 1].end], "loot_table")
        if table is None:
            continue
        rest = [token for token in tokens[at:] if fold(token.text) not in ("for", "to", "by")]
        member = index.find_one(" ".join(token.text for token in rest), "member") if rest else None
        if member is not None:
            return table, member
    return None


# Sheet commands built unvalidated: every field is a str or None (``Attrs.text`` gives None for an empty
# value, so ``field=``, ``condition=`` and ``pool=`` are never empty), a bool, the tuples of repairs and
# notes made so far, or an amount, checked at the call (an ``int`` of at least 0), as validation leaves
# them (``tests/test_normalize_trusted.py``).
_trusted_rest, _trusted_note, _trusted_condition = trusted(Rest), trusted(Note), trusted(Condition)
_trusted_damage, _trusted_spend = trusted(Damage), trusted(Spend)
_trusted_restore, _trusted_temp = trusted(Restore), trusted(Temp)


def _sheet(attrs: Attrs, index: GameIndex) -> SheetCommand | Problem:
    op = attrs.verb
    if op == "rest":
        return _trusted_rest(rest=_rest_name(attrs, index), **_fields(attrs))
    if op == "note":
        field = attrs.text("field")
        if field is None:
            return Problem("missing-key", note("read_sheet.no_field"))
        return _trusted_note(field=field, value=attrs.text("value") or "", **_fields(attrs))
    if op == "condition":
        return _condition(attrs)
    if op == "track":
        return _track(attrs)
    amount = _amount(attrs, op, index)
    if isinstance(amount, Problem):
        return amount
    if op == "damage":
        pool, track = attrs.text("pool"), attrs.text("track")
        if pool is None and track is None:
            return Problem("missing-key", note("read_sheet.damage_names"))
        damage = {"pool": pool, "track": track, "kind": attrs.text("kind"), "amount": amount}
        if type(amount) is int and amount >= 0:
            return _trusted_damage(**damage, **_fields(attrs))
        return Damage.model_validate({**damage, **_fields(attrs)})  # pragma: no cover - an amount holds
    pool = attrs.text("pool")
    if pool is None:
        return Problem("missing-key", note("read_sheet.no_pool", op=op))
    fields: dict[str, object] = {"pool": pool, "amount": amount, **_fields(attrs)}
    if type(amount) is int and amount >= 0:
        build = _trusted_spend if op == "spend" else _trusted_restore if op == "restore" else _trusted_temp
        return build(**fields)
    if op == "spend":  # pragma: no cover - an amount holds
        return Spend.model_validate(fields)
    return Restore.model_validate(fields) if op == "restore" else Temp.model_validate(fields)


def _rest_name(attrs: Attrs, index: GameIndex) -> str | None:
    """The rest as written, or the game's rest it names once "rest" is read off ("vigil rest")."""
    written = attrs.text("rest")
    if written is None or index.find_one(written, "rest") is not None:
        return written
    phrase = key_of(written)
    for candidate in (phrase.removesuffix(" rest"), f"{phrase} rest", phrase.removeprefix("a ")):
        found = index.find_one(candidate, "rest")
        if found is not None:
            attrs.repairs.append(Repair("rest-name", written, found))
            return found
    return written


def _amount(attrs: Attrs, op: str, index: GameIndex) -> int | Problem:
    """``amount=``: a whole number, perhaps signed where the sign agrees, perhaps with a unit or the pool."""
    text = attrs.text("amount")
    if text is None:
        return Problem("missing-key", note("read_sheet.no_number", key="amount"))
    signed = _SIGNED.match(text)
    sign = signed.group("sign").replace("\u2212", "-") if signed else ""
    body = signed.group("rest") if signed else text
    words = body.split()
    for size in range(len(words), 0, -1):
        number = read_number(" ".join(words[:size]))
        if number is not None:
            break
    else:
        return Problem("unreadable", note("read_sheet.not_whole", key="amount", text=text))
    if number < 0 or (sign == "-" and op in ("restore", "temp")):
        return Problem("unreadable", note("read_sheet.below_zero", key="amount", text=text))
    unit = _unit(attrs, words[size:], op, index)
    if isinstance(unit, Problem):
        return unit
    if sign or unit or not body.strip().isdigit():
        attrs.repairs.append(Repair("amount-words" if not sign else "signed-amount", text, str(number)))
    return number


def _unit(attrs: Attrs, words: list[str], op: str, index: GameIndex) -> str | Problem:
    """What follows an amount's number: a unit word (dropped), or the pool (or track) it is in."""
    rest = [word for word in words if fold(word) not in AMOUNT_UNITS and fold(word) not in FREE_FILLERS]
    if not rest:
        return " ".join(words)
    phrase = " ".join(rest)
    kinds = ("pool", "track") if op == "damage" else ("pool",)
    hits = [hit for hit in index.find(phrase, kinds)]
    if len(hits) != 1:
        return Problem("unreadable", note("read_sheet.no_unit", text=phrase))
    kind, ident = hits[0]
    written = attrs.text(kind)
    if written is not None and index.find_one(written, kind) != ident and key_of(written) != key_of(ident):
        return Problem(
            "unreadable", note("read_sheet.unit_conflict", text=phrase, kind=kind, written=written)
        )
    if written is None:
        attrs.values[kind] = ident
        attrs.repairs.append(Repair(f"amount-{kind}", phrase, f'{kind}="{ident}"'))
    return phrase


def _condition(attrs: Attrs) -> Condition | Problem:
    condition = attrs.text("condition")
    if condition is None:
        return Problem("missing-key", note("read_sheet.no_condition"))
    state_text = attrs.text("state") or "on"
    state = STATE_WORDS.get(" ".join(state_text.lower().split()).strip(" .!"))
    if state is None:
        return Problem("unreadable", note("read_sheet.bad_state", text=state_text))
    return _trusted_condition(condition=condition, state=state == "on", **_fields(attrs))


def _track(attrs: Attrs) -> Track | Problem:
    track = attrs.text("track")
    if track is None:
        return Problem("missing-key", note("read_sheet.no_track"))
    if attrs.text("to") is not None and attrs.text("by") is not None:
        return Problem("unreadable", note("read_sheet.to_and_by"))
    key = "to" if attrs.text("to") is not None else "by"
    number = _number(attrs, key, signed=key == "by")
    if isinstance(number, Problem):
        return number
    return Track.model_validate({"track": track, key: number, **_fields(attrs)})


def _fields(attrs: Attrs) -> dict[str, object]:
    """What every sheet command carries: who, and the repairs and notes made so far."""
    return {**_carried(attrs), "who": attrs.text("who")}


def _number(attrs: Attrs, key: str, *, signed: bool) -> int | Problem:
    text = attrs.text(key)
    if text is None:
        return Problem("missing-key", note("read_sheet.no_number", key=key))
    number = read_number(text.replace("\u2212", "-").replace("+ ", "+").replace("- ", "-"))
    if number is None:
        return Problem("unreadable", note("read_sheet.not_whole", key=key, text=text))
    if number < 0 and not signed:
        return Problem("unreadable", note("read_sheet.below_zero", key=key, text=text))
    if not text.strip().lstrip("+-").isdigit():
        attrs.repairs.append(Repair("number-in-words", text, str(number)))
    return number


def _carried(attrs: Attrs) -> dict[str, tuple[Repair, ...] | tuple[AnswerNote, ...]]:
    return {"repairs": tuple(attrs.repairs), "notes": tuple(attrs.notes)}


def _unreadable(attrs: Attrs, raw: str, tag: str, problem: Problem) -> Unreadable:
    fields = {"raw": raw, "reason": problem.reason, "detail": problem.detail, "tag": tag}
    return Unreadable.model_validate({**fields, **_carried(attrs)})
