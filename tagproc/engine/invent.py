"""Invented items: a GM's proposal held to the ruleset (spec "The Game Master invents items in your words").

Owns ``invent(name, proposal, rules, state)``: the normaliser already read the proposal into the block's ids
(unknown words left out, a rarity it lacks made its lowest, numbers held to their stat's range, a worn change
to defense beside the stat defense counts left out); this module does what needs the ruleset's items:
- ``like=`` one of your items to start from: its item is copied (less what only a ruleset item has: cost,
  where it is sold, fakes' parts), then the proposal's parts replace the ones it names.
- A rarity the proposal and its start leave out is the ruleset's lowest, so ``rarityCaps`` always hold.
- Numbers are held to ``rarityCaps`` for the rarity; a worn or carried flat bonus (an ability raised as well)
  to its ``bonus``, the part ``like`` started it from too; a bonus in dice is left out at a rarity with a
  ``bonus``; a penalty is never capped. A slot count is held to how many of it a character has.
- The weapon rule: one in a category of your weapons (a category where some item has an ``attack``) with
  nothing to start from fights as the weapon of that category it is most like by name, or the first of them,
  taking any stat that attack reads which the proposal left out, and its slots when the proposal said none
  (else it could never be worn); "It fights as Hand axe does."
- One with no slot and no binding is never worn, so it is made without the attack.

Notes are ``invent.*`` facts (``prompts/notes/invent.jinja``): the labels, numbers and the rarity's cap; the
template words them.

Invariants: never raises on a proposal (what cannot be made is a ``NotInvented`` with a reason and a note);
the notes never mention a stat the GM is not shown, while ``InventedItem.changes`` keeps every change.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from tagproc.commands import Change, Proposal
from tagproc.engine.reasons import Reason
from tagproc.engine.rules import Rules, stack_key
from tagproc.engine.state import GameState, InventedItem
from tagproc.engine.trusted import note
from tagproc.notes import Note
from tagproc.ruleset import BookItem, Item

__all__ = ["Invention", "NotInvented", "invent", "most_like"]

# What only a ruleset's own item has: an invented item is never priced, sold, or a fake.
_NOT_COPIED = ("$comment", "cost", "sold", "service", "passesFor", "tells", "foolsReveal")
_SMALL_WORDS = frozenset({"of", "the", "a", "an", "and", "with"})


@dataclass(frozen=True, slots=True)
class Invention:
    """The item made, and what the answer tells the GM about it."""

    invented: InventedItem
    notes: tuple[Note, ...]


@dataclass(frozen=True, slots=True)
class NotInvented:
    reason: Reason
    note: Note


@dataclass(slots=True)
class _Notes:
    """Every change (for the item's details) and the ones the GM may be told of (for the answer)."""

    changes: list[Note]
    told: list[Note]

    def say(self, said: Note, *, visible: bool = True) -> None:
        self.changes.append(said)
        if visible:
            self.told.append(said)


def invent(name: str, proposal: Proposal, rules: Rules, state: GameState) -> Invention | NotInvented:
    """The item ``proposal`` describes, called ``name``, held to the ruleset."""
    block = rules.block
    if block is None or not block.propose:
        return NotInvented(Reason.NO_INVENTION, note("invent.not_allowed"))
    notes = _Notes([], [])
    start, like_ref, summary = _start(proposal, rules, state, notes)
    parts = _apply(start, proposal, rules)
    defaulted = parts.get("category") is None
    if defaulted:
        # The spec leaves an unknown category out, yet "every item has exactly one": the first one keeps it.
        first = block.categories[0]
        parts["category"] = first.id
        notes.say(note("invent.first_category", category=first.label))
    if start is None and proposal.like is None and not defaulted:
        weapon = _weapon_rule(name, proposal, parts, rules)
        if weapon is not None:
            like_ref = weapon.ref
            if parts.get("slots") or parts.get("binds") is not None:
                notes.say(note("invent.fights_as", weapon=weapon.label))
    _hold_slots(parts, rules, notes)
    _hold_to_caps(parts, rules, notes)
    if parts.get("attack") is not None and not parts.get("slots") and parts.get("binds") is None:
        del parts["attack"]
        notes.say(note("invent.no_attack"))
    try:
        item = Item.model_validate(parts)
    except ValidationError as error:
        return NotInvented(Reason.UNREADABLE, note("invent.cannot_make", error=error.errors()[0]["msg"]))
    invented = InventedItem(
        key=stack_key(name),
        name=name,
        item=item,
        like=like_ref,
        summary=proposal.summary or summary,
        changes=tuple(notes.changes),
    )
    return Invention(invented, tuple(notes.told))


def _start(
    proposal: Proposal, rules: Rules, state: GameState, notes: _Notes
) -> tuple[Item | None, str | None, str | None]:
    """``like=``: the item to start from, the ruleset item it stands for, and its summary."""
    if proposal.like is None:
        return None, None, None
    entry = rules.book.find(proposal.like)
    if entry is not None:
        if entry.item.service:
            notes.say(note("invent.like_a_service", like=entry.label))
            return None, None, None
        return entry.item, entry.ref, entry.summary
    invented = state.invented_item(stack_key(proposal.like))
    if invented is not None:
        return invented.item, invented.like, invented.summary
    return None, None, None


def _apply(start: Item | None, proposal: Proposal, rules: Rules) -> dict[str, Any]:
    """The item's parts: its start's, then each part the proposal names in place of the start's."""
    parts: dict[str, Any] = {}
    if start is not None:
        parts = start.model_dump(by_alias=True, exclude_none=True)
        for key in _NOT_COPIED:
            parts.pop(key, None)
    if proposal.category is not None:
        parts["category"] = proposal.category
    block = rules.block
    lowest = block.rarities[0].id if block is not None and block.rarities else None
    parts["rarity"] = proposal.rarity or parts.get("rarity") or lowest
    if parts["rarity"] is None:
        del parts["rarity"]
    if proposal.tags is not None:
        parts["tags"] = list(proposal.tags)
    if proposal.stats is not None:
        parts["stats"] = {**parts.get("stats", {}), **dict(proposal.stats)}
    if proposal.slots is not None:
        parts["slots"] = dict(proposal.slots)
    if proposal.binds is not None:
        parts.pop("binds", None)
        if proposal.binds != "no" and block is not None and block.binding is not None:
            parts["binds"] = {"cursed": True} if proposal.binds == "cursed" else {}
    for key, changes in (("worn", proposal.worn), ("carried", proposal.carried)):
        if changes is not None:
            parts.pop(key, None)
            held = _held_effects(changes, rules)
            if held:
                parts[key] = held
    return parts


def _held_effects(changes: tuple[Change, ...], rules: Rules) -> dict[str, Any]:
    """Worn or carried changes in the words of an item's ``worn``/``carried`` (spec "Checks outside a fight")."""
    modifiers: list[dict[str, Any]] = []
    abilities: dict[str, dict[str, float]] = {}
    fails: list[str] = []
    for change in changes:
        if change.to == "ability":
            ability = change.names[0]
            abilities[ability] = {"add": abilities.get(ability, {}).get("add", 0) + (change.flat or 0)}
        elif change.mode == "fails":
            fails.extend(change.names or (save.id for save in rules.ruleset.sheet.saves))
        else:
            modifier: dict[str, Any] = {"to": change.to}
            modifier.update({"flat": change.flat} if change.flat is not None else {"mode": change.mode})
            if change.names:
                modifier["skills" if change.to == "checks" else "saves"] = list(change.names)
            modifiers.append(modifier)
    held: dict[str, Any] = {}
    if modifiers:
        held["modifiers"] = modifiers
    if abilities:
        held["abilities"] = abilities
    if fails:
        held["failsSaves"] = list(dict.fromkeys(fails))
    return held


# --- the weapon rule ------------------------------------------------------------------------------------


def _weapon_rule(name: str, proposal: Proposal, parts: dict[str, Any], rules: Rules) -> BookItem | None:
    """A weapon described with nothing to start from fights as the one of its category it is most like."""
    weapons = [e for e in rules.book.items() if e.item.category == parts["category"] and e.item.attack]
    if not weapons:
        return None
    weapon = most_like(name, weapons)
    attack = weapon.item.attack
    assert attack is not None  # picked for having one
    parts["attack"] = attack.model_dump(by_alias=True, exclude_none=True)
    given = dict(proposal.stats or ())
    stats = dict(parts.get("stats", {}))
    for stat in _stats_read(parts["attack"]):
        if stat not in given and stat in weapon.item.stats:
            stats[stat] = weapon.item.stats[stat]
    if stats:
        parts["stats"] = stats
    if proposal.slots is None and "slots" not in parts and weapon.item.slots:
        parts["slots"] = dict(weapon.item.slots)
    return weapon


def most_like(name: str, candidates: list[BookItem]) -> BookItem:
    """The candidate most like ``name`` by its words, or the first of them.

    Words match when one is the other or holds it ("a word shared either way, so a crossbow is like a bow");
    a match on the name's last word, the word that says what the thing is ("Boar *axe*"), counts double.
    Ties go to the one listed first.
    """
    words = _words(name)
    best, best_score = candidates[0], 0
    for candidate in candidates:
        theirs = _words(candidate.label)
        score = sum(
            (2 if index == len(words) - 1 else 1)
            for index, word in enumerate(words)
            if any(_shared(word, other) for other in theirs)
        )
        if score > best_score:
            best, best_score = candidate, score
    return best


def _words(name: str) -> list[str]:
    return [word for word in stack_key(name).replace("'", "").split() if word not in _SMALL_WORDS]


def _shared(one: str, other: str) -> bool:
    if one == other:
        return True
    shorter, longer = sorted((one, other), key=len)
    return len(shorter) >= 3 and shorter in longer


def _stats_read(value: Any) -> Iterator[str]:
    """The item stats an attack reads (``{"stat": "damage"}`` anywhere in it)."""
    if isinstance(value, dict):
        if set(value) == {"stat"} and isinstance(value["stat"], str):
            yield value["stat"]
            return
        for inner in value.values():
            yield from _stats_read(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _stats_read(inner)


# --- holding it to the ruleset --------------------------------------------------------------------------


def _hold_slots(parts: dict[str, Any], rules: Rules, notes: _Notes) -> None:
    slots: dict[str, int] = parts.get("slots", {})
    for slot, count in list(slots.items()):
        most = rules.slot_count(slot)
        if count > most:
            slots[slot] = most
            notes.say(note("invent.slots_held", most=most, slot=_slot_label(slot, rules)))


def _slot_label(slot: str, rules: Rules) -> str:
    found = rules.block.slots_by_id.get(slot) if rules.block else None
    return found.label if found else slot


def _hold_to_caps(parts: dict[str, Any], rules: Rules, notes: _Notes) -> None:
    """``rarityCaps`` for the item's rarity: number stats, then worn and carried bonuses."""
    block = rules.block
    cap = next((c for c in block.rarity_caps if c.rarity == parts.get("rarity")), None) if block else None
    if block is None or cap is None:
        return
    rarity = next((r.label for r in block.rarities if r.id == cap.rarity), cap.rarity)
    stats: dict[str, Any] = parts.get("stats", {})
    for stat_id, most in cap.stats.items():
        value, stat = stats.get(stat_id), block.stats_by_id.get(stat_id)
        if stat is None or not isinstance(value, int | float) or isinstance(value, bool) or value <= most:
            continue
        held = int(most) if stat.integer else most
        stats[stat_id] = held
        said = note("invent.stat_held", stat=stat.label, value=value, held=held, rarity=rarity)
        notes.say(said, visible=stat.prompt_visible)
    if cap.bonus is not None:
        for key in ("worn", "carried"):
            if key in parts:
                _hold_bonuses(parts[key], key, _Cap(cap.bonus, rarity), rules, notes)


@dataclass(frozen=True, slots=True)
class _Cap:
    bonus: int
    rarity: str


def _hold_bonuses(held: dict[str, Any], key: str, cap: _Cap, rules: Rules, notes: _Notes) -> None:
    """Flat bonuses held to the rarity's ``bonus``, bonuses in dice left out; penalties stay as they are."""
    kept: list[dict[str, Any]] = []
    for modifier in held.get("modifiers", []):
        flat, on = modifier.get("flat"), _on_names(modifier, rules)
        to = str(modifier["to"])
        if modifier.get("dice") and not modifier.get("minus"):
            dice = str(modifier["dice"])
            said = note(
                "invent.dice_left_out", part=key, dice=dice, on=on, to=to, rarity=cap.rarity, bonus=cap.bonus
            )
            notes.say(said)
            continue
        if isinstance(flat, int | float) and flat > cap.bonus:
            said = note(
                "invent.bonus_held", part=key, flat=flat, on=on, to=to, rarity=cap.rarity, bonus=cap.bonus
            )
            notes.say(said)
            modifier = {**modifier, "flat": cap.bonus}
        kept.append(modifier)
    if "modifiers" in held:
        held["modifiers"] = kept
    abilities = {a.id: a.label for a in rules.ruleset.sheet.abilities}
    for ability, change in held.get("abilities", {}).items():
        add = change.get("add")
        if isinstance(add, int | float) and add > cap.bonus:
            label = abilities.get(ability, ability)
            said = note(
                "invent.ability_held", part=key, add=add, ability=label, rarity=cap.rarity, bonus=cap.bonus
            )
            notes.say(said)
            change["add"] = cap.bonus


def _on_names(modifier: dict[str, Any], rules: Rules) -> tuple[str, ...]:
    """The skills and saves a modifier is on, by their labels (the GM reads ``Sneak checks``, ``Steel saves``;
    none for a modifier on all of its ``to``: ``attacks``)."""
    sheet = rules.ruleset.sheet
    labels = {word.id: word.label for word in (*sheet.skills, *sheet.saves)}
    return tuple(labels.get(name, name) for name in (*modifier.get("skills", ()), *modifier.get("saves", ())))
