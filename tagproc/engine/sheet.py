"""The live sheet as the engine reads it: one member's pools, tracks, conditions, states and fields.

Owns ``LiveSheet``, a read-only view of one party member against the ruleset's ``sheet`` (DESIGN.md
"[sheet: op=...]"): what the tags name is found by id or label in any case (``find``), and what the member's
``SheetState`` leaves out reads the ruleset's default: a pool is full, a track is at its ``default`` (else its
``min``), a state at its ``default`` (else its first value). It also answers which pool or track is the
party's health (``health``), whether a track is a wound track, what each held item does to its holder
(``Rules.held_effects``: each item once, worn if any stack of it is worn) and which item keeps a condition off
(``immunity``).

Invariants:
- Nothing here changes a state; the ``with_*`` helpers build a new ``SheetState`` from validated values (a
  ``PoolState``, a whole number, a condition's id), unvalidated (``tagproc.engine.trusted``).
- A maximum is read with ``live=False`` (spec "Items on the sheet": a pool's or a track's max cannot read
  the live state or items); numbers on the live sheet are whole, rounded down.
- What the GM is told of a pool or a track is facts (``pool_note``: ``sheet.pool``; ``track_note``:
  ``sheet.track``), said ``<label> <current>/<max>`` ("Resolve 3/4") by ``prompts/notes/sheet.jinja``, a wound
  track's rung beside it. The same notes are the parts of a rest's ``now=`` value (CONVENTIONS.md
  §11: a rest's ``now`` is what it restored, ``rest.now``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol, TypeVar

from tagproc.engine.rules import Rules, stack_key
from tagproc.engine.state import GameState, Member, PoolState, SheetState, pool_state
from tagproc.engine.trusted import replaced, trusted_note
from tagproc.notes import Note
from tagproc.ruleset.sheet import Condition, Field_, Pool, State, Track

__all__ = [
    "Health",
    "Kind",
    "LiveSheet",
    "find",
    "find_in",
    "health_of",
    "is_wound_track",
    "level_label",
    "track_kinds",
    "whole",
    "with_condition",
    "with_pool",
    "with_track",
]


class _Named(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def label(self) -> str: ...


N = TypeVar("N", bound=_Named)


def find(entries: Iterable[N], name: str) -> N | None:
    """The entry whose id or label is ``name`` in any case (``_``/``-``/spaces folded); ids first."""
    wanted = stack_key(name)
    listed = list(entries)
    for entry in listed:
        if stack_key(entry.id) == wanted:
            return entry
    return next((entry for entry in listed if stack_key(entry.label) == wanted), None)


def find_in(rules: Rules, entries: Sequence[N], name: str) -> N | None:
    """``find`` over one of the ruleset's own lists, through its index (``Rules.index``): the same entry."""
    ids, labels = rules.index(entries)
    # ``stack_key`` (``names.fold``), its one-word path inline: a tag's pool, track or rest is most often one
    wanted = name.lower() if name.isalnum() else stack_key(name)
    found = ids.get(wanted)
    if found is None:
        found = labels.get(wanted)
    return found  # type: ignore[return-value]  # the index holds the entries of ``entries``


def whole(value: float) -> int:
    """A number off the sheet as the live sheet counts it: whole, rounded down."""
    if value != value or value == math.inf or value == -math.inf:  # NaN, or either infinity
        return 0
    return math.floor(value + 1e-9)


@dataclass(frozen=True, slots=True)
class Health:
    """What a heal gives back (spec "Using items outside a fight"): a pool, or a track (wound or plain)."""

    kind: Literal["pool", "track"]
    id: str


def health_of(rules: Rules) -> Health | None:
    """The party's health: ``combat.health``, else ``battle.health``, else the first live pool.

    The reference rulesets say it there (Ember Roads: the Grit pool; Gravewatch: the Harm track); a ruleset
    that says nothing reads its first pool as health, as 5e's hit points are.
    """
    extra = rules.ruleset.model_extra or {}
    live = rules.ruleset.sheet.live
    for section in ("combat", "battle"):
        block = extra.get(section)
        said = block.get("health") if isinstance(block, dict) else None
        if not isinstance(said, dict):
            continue
        if isinstance(said.get("pool"), str) and find(live.pools, said["pool"]):
            return Health("pool", said["pool"])
        if isinstance(said.get("track"), str) and find(live.tracks, said["track"]):
            return Health("track", said["track"])
    return Health("pool", live.pools[0].id) if live.pools else None


class LiveSheet:
    """One member's live sheet, read with the ruleset's defaults."""

    __slots__ = ("_bounds", "_maxima", "index", "live", "member", "name", "rules", "sheet", "state")

    def __init__(self, rules: Rules, state: GameState, index: int, sheet: SheetState | None = None) -> None:
        self.rules = rules
        self.state = state
        self.index = index
        self.member: Member = state.party[index]
        self.name: str = self.member.name  # the member's own name, as the answers and notes say it
        self.sheet: SheetState = self.member.sheet if sheet is None else sheet
        self.live = rules.ruleset.sheet.live
        # Each pool's maximum and track's bounds, read once per view: they read ``member`` without its live
        # state (``live=False``), which no view of this member changes, so ``over`` shares them.
        self._maxima: dict[str, tuple[Pool, int]] = {}
        self._bounds: dict[str, tuple[Track, tuple[int, int]]] = {}

    def over(self, sheet: SheetState) -> LiveSheet:
        """The same member read over ``sheet`` (a sheet being changed step by step); maxima are unchanged,
        since they read the sheet without its live state. Over its own sheet, the view is itself."""
        if sheet is self.sheet:
            return self
        view = LiveSheet(self.rules, self.state, self.index, sheet)
        view._maxima, view._bounds = self._maxima, self._bounds
        return view

    # -- finding what a tag names -------------------------------------------------------------------

    def pool(self, name: str) -> Pool | None:
        return find_in(self.rules, self.live.pools, name)

    def track(self, name: str) -> Track | None:
        return find_in(self.rules, self.live.tracks, name)

    def condition(self, name: str) -> Condition | None:
        return find_in(self.rules, self.live.conditions, name)

    def live_state(self, name: str) -> State | None:
        return find_in(self.rules, self.live.states, name)

    def field(self, name: str) -> Field_ | None:
        return find_in(self.rules, self.rules.ruleset.sheet.fields, name)

    # -- pools ---------------------------------------------------------------------------------------

    def number(self, ref: object, *, live: bool) -> float:
        """A number or a value reference read off this member (0 where it cannot be read)."""
        # (int, float): a tuple, where ``int | float`` would be a union made anew each call
        if isinstance(ref, (int, float)) and not isinstance(ref, bool):
            return float(ref)
        return self.rules.read(ref, self.member, self.state, live=live)

    def _fixed(self, ref: object) -> float:
        """``number(ref, live=False)``: a maximum, read without the live state."""
        if isinstance(ref, (int, float)) and not isinstance(ref, bool):
            return float(ref)
        return self.rules.read_fixed(ref, self.member, self.state)

    def pool_max(self, pool: Pool) -> int:
        found = self._maxima.get(pool.id)
        if found is not None and found[0] is pool:
            return found[1]
        top = max(0, whole(self._fixed(pool.max)))
        self._maxima[pool.id] = (pool, top)
        return top

    def pool_state(self, pool: Pool) -> PoolState:
        """The pool as it stands: absent from the sheet means full, with no temporary points."""
        found = self.sheet.pools.get(pool.id)
        return found if found is not None else pool_state(current=self.pool_max(pool))

    def pool_note(self, pool: Pool, now: PoolState | None = None) -> Note:
        """The pool as the GM is told it (``sheet.pool``): ``Resolve 3/4``, ``Grit 5/7 (+3 temporary)``."""
        now = now or self.pool_state(pool)
        # Unvalidated (``trusted_note``), without ``note``'s walk over the facts: a label and whole numbers.
        facts = (
            ("label", pool.label),
            ("current", now.current),
            ("max", self.pool_max(pool)),
            ("temp", now.temp),
        )
        return trusted_note(code="sheet.pool", facts=facts)

    # -- tracks --------------------------------------------------------------------------------------

    def track_bounds(self, track: Track) -> tuple[int, int]:
        """A track's min and max, read once per view (as ``pool_max``: without the live state)."""
        found = self._bounds.get(track.id)
        if found is not None and found[0] is track:
            return found[1]
        low = whole(track.min)
        bounds = low, max(low, whole(self._fixed(track.max)))
        self._bounds[track.id] = (track, bounds)
        return bounds

    def track_start(self, track: Track) -> int:
        return whole(track.default) if track.default is not None else whole(track.min)

    def track_value(self, track: Track) -> int:
        found = self.sheet.tracks.get(track.id)
        return found if found is not None else self.track_start(track)

    def track_note(self, track: Track, value: int | None = None) -> Note:
        """The track as the GM is told it (``sheet.track``): ``Harm 2/4``, with the rung a wound track's marks
        reach: ``Harm 2/4, Winded``."""
        value = self.track_value(track) if value is None else value
        top = self.track_bounds(track)[1]
        # Unvalidated (``trusted_note``), as ``pool_note``: a label, whole numbers and a rung's label or None.
        facts = (("label", track.label), ("value", value), ("max", top), ("rung", level_label(track, value)))
        return trusted_note(code="sheet.track", facts=facts)

    # -- conditions, states, immunity ----------------------------------------------------------------

    def has_condition(self, condition_id: str) -> bool:
        return condition_id in self.sheet.conditions

    def state_value(self, state: State) -> str:
        found = self.sheet.states.get(state.id)
        if found is not None:
            return found
        return state.default if state.default is not None else state.values[0]

    def immunity(self, condition_id: str) -> str | None:
        """The name of a held item that keeps ``condition_id`` off this member (``conditionImmunities`` of
        what it does while worn, or while only carried), or None."""
        # Only an invented item or a book item that keeps ``condition_id`` off can (``Rules.keepers``): a bag
        # holding neither holds no keeper, and need not be read item by item.
        keepers = self.rules.keepers(condition_id)
        for stack in self.member.bag:
            if stack.invented is not None or stack.item in keepers:
                break
        else:
            return None
        for name, held in self.rules.held_effects(self.member, self.state):
            if condition_id in held.condition_immunities:
                return name
        return None


def is_wound_track(track: Track) -> bool:
    """A wound track is marked rather than counted: it declares ``levels`` (rungs) or damage ``kinds``."""
    return bool(track.levels) or bool(track_kinds(track))


@dataclass(frozen=True, slots=True)
class Kind:
    """A kind of harm a wound track declares (Gravewatch's knock and tear)."""

    id: str
    label: str


def track_kinds(track: Track) -> list[Kind]:
    """The kinds of harm a track declares (``kinds``: each an ``id`` and a ``label``)."""
    kinds: Any = (track.model_extra or {}).get("kinds")
    if not isinstance(kinds, list):
        return []
    return [
        Kind(str(kind["id"]), str(kind.get("label", kind["id"])))
        for kind in kinds
        if isinstance(kind, dict) and "id" in kind
    ]


def level_label(track: Track, value: int) -> str | None:
    """The rung ``value`` marks reach on a track with ``levels`` (the first rung is one mark)."""
    levels = track.levels or []
    if value < 1 or not levels:
        return None
    label = levels[min(value, len(levels)) - 1].get("label")
    return label if isinstance(label, str) else None


def with_pool(sheet: SheetState, pool_id: str, now: PoolState) -> SheetState:
    return replaced(sheet, pools={**sheet.pools, pool_id: now})


def with_track(sheet: SheetState, track_id: str, value: int) -> SheetState:
    return replaced(sheet, tracks={**sheet.tracks, track_id: value})


def with_condition(sheet: SheetState, condition_id: str, on: bool) -> SheetState:
    kept = tuple(each for each in sheet.conditions if each != condition_id)
    return replaced(sheet, conditions=(*kept, condition_id) if on else kept)
