"""Party: the members a game starts with, built from plain data (a transcript's ``party``, or a caller's dicts).

Owns ``build_party``: each entry is a ``Member`` (taken as it is), a name, or a mapping ``{name, sheet, bag}``
where ``sheet`` is ``{abilities, fields, pools, tracks, conditions, states}`` (a pool is ``n`` or
``{current, temp}``) and ``bag`` a list of ``{item, count, worn, bound, charges}``. A bag's ``item`` is found
as the Game Master's names are (spec "What reads items": a ruleset item's label in any case, then a coin by
id, label or its name for one), else it is a plain item by that name, where the ruleset's ``freeform`` allows
plain items. A fake named by its own label starts out fooling (spec "Honest and dishonest sellers": a fake in
the bag "shows as the item it passes for ... and keeps what it truly is"): its stack is called by the label
of the item it passes for, with ``passes_as`` that item's ref, as a fake bought from a dishonest seller is;
one whose passes-for item a layer hides is its own item.

Invariants: an entry is read with the limits of a file (``tagproc.documents.clean_value``: a lone surrogate
becomes U+FFFD, no endless nesting, no number past 2**53); a party has at most 100 members, a bag entry a
count of at most 9,999 and a bag at most 1,000 stacks. Every problem is collected, each with a dotted path (``party.0.bag.1.item``) like the ruleset
loader's, and raised at once as a ``PartyError``; a count past an item's stack limit becomes several full
stacks; ids the ruleset's sheet does not have are problems, never silently kept.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from tagproc.documents import DocumentError, clean_value
from tagproc.engine.bags import MAX_BAG_STACKS
from tagproc.engine.rules import Rules
from tagproc.engine.state import Member, SheetState, Stack
from tagproc.ruleset import Problem

__all__ = ["PartyEntry", "PartyError", "build_party"]

PartyEntry = Member | Mapping[str, Any] | str

_MEMBER_KEYS = frozenset({"name", "sheet", "bag"})
_SHEET_KEYS = ("abilities", "fields", "pools", "tracks", "conditions", "states")
_STACK_KEYS = frozenset({"item", "count", "worn", "bound", "charges"})
MAX_MEMBERS = 100
MAX_COUNT = 9_999  # a tag's count is capped there too (the reference engine's limit)
MAX_STACKS = MAX_BAG_STACKS  # stacks in one bag (counts past a stack limit split), as the engine holds it


class PartyError(ValueError):
    """A party that cannot start a game, with every problem found in it."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        lines = "\n".join(f"  {p}" for p in self.problems)
        super().__init__(f"{len(self.problems)} problem(s) in the party\n{lines}")


def build_party(entries: Sequence[PartyEntry], rules: Rules, path: str = "party") -> tuple[Member, ...]:
    """The members, the player first; raises ``PartyError`` with every problem."""
    problems: list[Problem] = []
    if isinstance(entries, str | bytes) or not isinstance(entries, Sequence) or not entries:
        raise PartyError([Problem(path, "a party is a list of at least one member (the player first)")])
    if len(entries) > MAX_MEMBERS:
        raise PartyError([Problem(path, f"a party has at most {MAX_MEMBERS} members, got {len(entries):,}")])
    members = [_member(entry, rules, f"{path}.{i}", problems) for i, entry in enumerate(entries)]
    seen: dict[str, int] = {}
    for i, member in enumerate(members):
        if member is None:
            continue
        folded = member.name.casefold()
        if folded in seen:
            problems.append(Problem(f"{path}.{i}.name", f'"{member.name}" is already member {seen[folded]}'))
        seen.setdefault(folded, i)
    if problems:
        raise PartyError(problems)
    return tuple(member for member in members if member is not None)


def _member(entry: PartyEntry, rules: Rules, path: str, problems: list[Problem]) -> Member | None:
    if isinstance(entry, Member):
        return entry
    if isinstance(entry, str):
        entry = {"name": entry}
    if not isinstance(entry, Mapping):
        problems.append(Problem(path, "a member is a name or a mapping with name, sheet and bag"))
        return None
    try:  # a caller's data as a file's is read: no lone surrogate, no endless nesting, no huge number
        data: Mapping[str, Any] = clean_value(entry)
    except DocumentError as error:
        problems.extend(Problem(f"{path}.{p.path}" if p.path else path, p.message) for p in error.problems)
        return None
    before = len(problems)
    _unknown_keys(data, _MEMBER_KEYS, path, problems)
    name = data.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > 120:
        problems.append(Problem(f"{path}.name", "a member needs a name (1 to 120 characters)"))
    sheet = _sheet(data.get("sheet") or {}, rules, f"{path}.sheet", problems)
    bag = _bag(data.get("bag") or [], rules, f"{path}.bag", problems)
    if len(problems) > before or sheet is None or not isinstance(name, str):
        return None
    return Member(name=" ".join(name.split()), sheet=sheet, bag=bag)


def _unknown_keys(
    entry: Mapping[str, Any], known: frozenset[str], path: str, problems: list[Problem]
) -> None:
    for key in entry:
        if key not in known:
            allowed = ", ".join(sorted(known))
            problems.append(Problem(f"{path}.{key}", f"unknown key (expected one of {allowed})"))


def _sheet(data: Any, rules: Rules, path: str, problems: list[Problem]) -> SheetState | None:
    if not isinstance(data, Mapping):
        problems.append(Problem(path, "a sheet is a mapping of " + ", ".join(_SHEET_KEYS)))
        return None
    _unknown_keys(data, frozenset(_SHEET_KEYS), path, problems)
    values = {key: data[key] for key in _SHEET_KEYS if key in data and data[key] is not None}
    pools = values.get("pools")
    if isinstance(pools, Mapping):
        values["pools"] = {pool: _pool(value) for pool, value in pools.items()}
    if isinstance(values.get("conditions"), list):
        values["conditions"] = tuple(values["conditions"])
    try:
        sheet = SheetState.model_validate(values)
    except ValidationError as error:
        for each in error.errors():
            where = ".".join(str(part) for part in each["loc"])
            problems.append(Problem(f"{path}.{where}", each["msg"]))
        return None
    _check_ids(sheet, rules, path, problems)
    return sheet


def _pool(value: Any) -> Any:
    """A pool written as a number is its current value."""
    return {"current": value} if isinstance(value, int) and not isinstance(value, bool) else value


def _check_ids(sheet: SheetState, rules: Rules, path: str, problems: list[Problem]) -> None:
    """Every id a sheet names is one the ruleset's sheet has."""
    ruleset_sheet = rules.ruleset.sheet
    live = ruleset_sheet.live
    known: dict[str, set[str]] = {
        "abilities": {a.id for a in ruleset_sheet.abilities},
        "fields": {f.id for f in ruleset_sheet.fields},
        "pools": {p.id for p in live.pools} if live else set(),
        "tracks": {t.id for t in live.tracks} if live else set(),
        "conditions": {c.id for c in live.conditions} if live else set(),
    }
    named: dict[str, Sequence[str]] = {
        "abilities": list(sheet.abilities),
        "fields": list(sheet.fields),
        "pools": list(sheet.pools),
        "tracks": list(sheet.tracks),
        "conditions": sheet.conditions,
    }
    for part, ids in named.items():
        for each in ids:
            if each not in known[part]:
                has = ", ".join(sorted(known[part])) or "none"
                problems.append(
                    Problem(f"{path}.{part}.{each}", f"the ruleset's sheet has no such id (it has {has})")
                )


def _bag(data: Any, rules: Rules, path: str, problems: list[Problem]) -> tuple[Stack, ...]:
    if not isinstance(data, list):
        problems.append(Problem(path, "a bag is a list of {item, count, worn, bound, charges}"))
        return ()
    if len(data) > MAX_STACKS:
        problems.append(
            Problem(path, f"a bag holds at most {MAX_STACKS:,} stacks, got {len(data):,} entries")
        )
        return ()
    stacks: list[Stack] = []
    for i, entry in enumerate(data):
        stacks.extend(_stacks(entry, rules, f"{path}.{i}", problems))
        if len(stacks) > MAX_STACKS:
            problems.append(
                Problem(
                    path,
                    f"a bag holds at most {MAX_STACKS:,} stacks (each count past an item's stack limit is another)",
                )
            )
            return ()
    return tuple(stacks)


def _stacks(entry: Any, rules: Rules, path: str, problems: list[Problem]) -> list[Stack]:
    if isinstance(entry, str):
        entry = {"item": entry}
    if not isinstance(entry, Mapping):
        problems.append(Problem(path, "a bag entry is an item name or a mapping with item and count"))
        return []
    _unknown_keys(entry, _STACK_KEYS, path, problems)
    name, count = entry.get("item"), entry.get("count", 1)
    if not isinstance(name, str) or not name.strip():
        problems.append(
            Problem(f"{path}.item", "a bag entry needs an item (a ruleset item, a coin or a name)")
        )
        return []
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        problems.append(Problem(f"{path}.count", "a count is a whole number of at least 1"))
        return []
    if count > MAX_COUNT:
        problems.append(Problem(f"{path}.count", f"a count is at most {MAX_COUNT:,}"))
        return []
    flags = {key: entry.get(key, False) for key in ("worn", "bound")}
    for key, value in flags.items():
        if not isinstance(value, bool):
            problems.append(Problem(f"{path}.{key}", "true or false"))
            return []
    charges = entry.get("charges")
    found = _resolve(name.strip(), rules, path, problems)
    if found is None:
        return []
    label, ref, coin, limit = found
    passes_as = None
    real = rules.book.passes_for(entry) if ref is not None and (entry := rules.book.get(ref)) else None
    if real is not None:  # a fake starts out fooling: called by the label of what it passes for
        label, passes_as = real.label, real.ref
    if charges is not None and not _charges_ok(charges, ref, rules, f"{path}.charges", problems):
        return []
    size = limit or count
    counts = [size] * (count // size) + ([count % size] if count % size else [])
    try:
        return [
            Stack(name=label, count=n, item=ref, coin=coin, charges=charges, passes_as=passes_as, **flags)
            for n in counts
        ]
    except ValidationError as error:
        problems.append(Problem(path, error.errors()[0]["msg"]))
        return []


def _resolve(
    name: str, rules: Rules, path: str, problems: list[Problem]
) -> tuple[str, str | None, str | None, int | None] | None:
    """(stack name, item ref, coin id, stack limit) of a bag entry's item."""
    entry = rules.book.find(name)
    if entry is not None:
        if entry.item.service:
            problems.append(Problem(f"{path}.item", f'"{entry.label}" is a service, never carried (service)'))
            return None
        return entry.label, entry.ref, None, entry.stack_limit
    coin = rules.book.coin(name)
    if coin is not None:
        return coin.label, None, coin.id, None
    block = rules.block
    if block is not None and block.freeform == "refuse":
        problems.append(
            Problem(f"{path}.item", f'"{name}" is no item or coin of this ruleset, which refuses plain items')
        )
        return None
    return name, None, None, None


def _charges_ok(charges: Any, ref: str | None, rules: Rules, path: str, problems: list[Problem]) -> bool:
    entry = rules.book.get(ref) if ref else None
    if entry is None or entry.item.charges is None:
        problems.append(Problem(path, "only a ruleset item that holds charges has charges"))
        return False
    top = entry.item.charges.max
    if not isinstance(charges, int) or isinstance(charges, bool) or charges < 0:
        problems.append(Problem(path, "charges left is a whole number of at least 0"))
        return False
    if isinstance(top, int) and charges > top:
        problems.append(Problem(path, f"it holds at most {top} charges"))
        return False
    return True
