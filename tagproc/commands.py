"""Commands: what a tag asks for, typed, once the normaliser has read and repaired it.

One pydantic model per tag action (DESIGN.md "Tags the GM writes"): the inventory's actions, ``place``,
``loot`` and the sheet's ops, plus ``Unreadable`` for a tag nothing can be made of. Each command carries
the repairs that made it (``repairs``) and what its answer's ``note`` should tell the Game Master
(``notes``), and knows its canonical key order (``ANSWER_KEYS``, ``answer_attrs()``), which the answer
template follows before adding ``result``, ``now``, ``reason`` and ``note``.

Invariants:
- Every model is frozen and forbids unknown fields; tuples, never lists or dicts, so a command is a value.
- Counts are whole numbers of at least 1; coins are named by their ids (spec "Money").
- A command is never refused here: what the engine refuses (``unknown-item``, ``unknown-coin``, ...)
  reaches it as a name it cannot resolve.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tagproc.notes import Note as AnswerNote
from tagproc.repairs import Repair

__all__ = [
    "Add",
    "Bind",
    "Buy",
    "Change",
    "CoinAmount",
    "Command",
    "Condition",
    "Damage",
    "Earn",
    "Equip",
    "Give",
    "Inspect",
    "ItemRef",
    "Loot",
    "Merge",
    "Note",
    "Pay",
    "Place",
    "PoolChange",
    "Proposal",
    "Remove",
    "Rest",
    "Restore",
    "Reveal",
    "Sell",
    "Spend",
    "Split",
    "Temp",
    "Track",
    "Unbind",
    "Unequip",
    "Unreadable",
    "Use",
]

_FROZEN = ConfigDict(frozen=True, extra="forbid")

StatValue = int | float | bool | str


class ItemRef(BaseModel):
    """An item as the tag named it, after the name repairs (DESIGN.md "Sloppy input").

    ``label`` is the ruleset item the name found (exact in any case, plural or looser match); ``coin``
    the coin id when the name is one of the ruleset's coins instead. With neither, ``name`` is a plain or
    invented item's name as written, less any count written into it, for the engine to look up in the bags.
    """

    model_config = _FROZEN

    name: str = Field(min_length=1, max_length=120)
    label: str | None = None
    coin: str | None = None


class CoinAmount(BaseModel):
    """So many of one coin: ``coin`` is its id, None when no coin of the ruleset has the written ``name``."""

    model_config = _FROZEN

    name: str
    count: int = Field(ge=1)
    coin: str | None = None
    label: str | None = None  # the coin's label, for the answer ("shillings")


class Change(BaseModel):
    """One worn or carried change of an invented item (spec "The Game Master invents items in your words").

    ``to`` says what it changes; ``names`` the skill, save or ability ids it is about (empty: every check or
    every save). Exactly one of ``flat`` (+N/-N) and ``mode`` is set; ``fails`` is for saves only.
    """

    model_config = _FROZEN

    to: Literal["checks", "saves", "ability", "attacks", "defense"]
    names: tuple[str, ...] = ()
    flat: int | None = None
    mode: Literal["advantage", "disadvantage", "fails"] | None = None

    @model_validator(mode="after")
    def _one_effect(self) -> Change:
        if (self.flat is None) == (self.mode is None):
            raise ValueError("a change is a number or a mode, exactly one")
        if self.mode == "fails" and self.to != "saves":
            raise ValueError("only saves can be failed")
        if self.to in ("ability", "defense") and self.flat is None:
            raise ValueError(f"a change to {self.to} is a number")
        if self.to == "ability" and len(self.names) != 1:
            raise ValueError("a change to an ability names exactly one ability")
        return self


class Proposal(BaseModel):
    """An invented item as the Game Master described it, in the ruleset's ids, not yet held to rarity caps.

    None means the tag did not say (``like`` or the engine fills it); an empty tuple means it said none.
    """

    model_config = _FROZEN

    like: str | None = None
    category: str | None = None
    rarity: str | None = None
    tags: tuple[str, ...] | None = None
    stats: tuple[tuple[str, StatValue], ...] | None = None
    slots: tuple[tuple[str, int], ...] | None = None
    binds: Literal["yes", "cursed", "no"] | None = None
    worn: tuple[Change, ...] | None = None
    carried: tuple[Change, ...] | None = None
    summary: str | None = None
    defense_left_out: bool = False  # a worn +N to defense dropped beside the stat defense already counts


class _Command(BaseModel):
    """What every command carries: its repairs, its notes for the answer, and its answer's key order."""

    model_config = _FROZEN

    ANSWER_KEYS: ClassVar[tuple[str, ...]] = ()

    repairs: tuple[Repair, ...] = ()
    notes: tuple[AnswerNote, ...] = ()

    # The answer keys a class's ``_answer_value`` words itself (``amount=``, ``by=``, ``day=``, ``with=``):
    # ``answer_attrs`` asks it for those, and reads every other key straight from the fields.
    WORDED_KEYS: ClassVar[frozenset[str]] = frozenset()

    def answer_attrs(self) -> tuple[tuple[str, str], ...]:
        """The tag's canonical (key, value) pairs, in answer order; keys without a value are left out.

        ``reference_answer_attrs`` word for word (``tests/test_commands.py`` holds them equal), without a
        generator and a ``getattr`` per key: a field's value is read from the model's ``__dict__`` (a key
        that names no field reads None, as ``getattr(self, key, None)`` does: no command has a property)."""
        fields = self.__dict__
        worded = self.WORDED_KEYS
        pairs: list[tuple[str, str]] = []
        for key in self.ANSWER_KEYS:
            if key in worded:
                said = self._answer_value(key)
                if said is not None:
                    pairs.append((key, said))
                continue
            value = fields.get(key)
            if value is None:
                continue
            kind = type(value)
            if kind is str:
                pairs.append((key, value))
            elif kind is ItemRef:
                pairs.append((key, value.label or value.name))
            elif kind is bool:
                pairs.append((key, "on" if value else "off"))
            else:
                pairs.append((key, str(value)))  # a number: what ``_answer_value`` makes of it
        return tuple(pairs)

    def reference_answer_attrs(self) -> tuple[tuple[str, str], ...]:
        """``answer_attrs`` as first written, key by key through ``_answer_value``: the reference the fast
        one is tested against."""
        pairs = ((key, self._answer_value(key)) for key in self.ANSWER_KEYS)
        return tuple((key, value) for key, value in pairs if value is not None)

    def _answer_value(self, key: str) -> str | None:
        value = getattr(self, key, None)
        if value is None:
            return None
        if isinstance(value, ItemRef):
            return value.label or value.name
        if isinstance(value, bool):
            return "on" if value else "off"
        return str(value)


# --- inventory ----------------------------------------------------------------------------------------


class _ItemCommand(_Command):
    ANSWER_KEYS: ClassVar[tuple[str, ...]] = ("action", "item", "count", "who")

    item: ItemRef
    count: int = Field(default=1, ge=1)
    who: str | None = None


class Add(_ItemCommand):
    action: Literal["add"] = "add"
    proposal: Proposal | None = None


class Remove(_ItemCommand):
    action: Literal["remove"] = "remove"


class Give(_ItemCommand):
    ANSWER_KEYS: ClassVar[tuple[str, ...]] = ("action", "item", "count", "who", "to")
    action: Literal["give"] = "give"
    to: str | None = None  # none written: the engine answers no-recipient (CONVENTIONS.md §4)


class Equip(_ItemCommand):
    action: Literal["equip"] = "equip"


class Unequip(_ItemCommand):
    action: Literal["unequip"] = "unequip"


class Bind(_ItemCommand):
    action: Literal["bind"] = "bind"


class Unbind(_ItemCommand):
    action: Literal["unbind"] = "unbind"


class Use(_ItemCommand):
    action: Literal["use"] = "use"


class Split(_ItemCommand):
    """The player's own split (spec "Money": "splits, gives and merges them as any stack"): ``count`` off a
    stack of the item into a stack of its own. Only a player's action makes one; no tag does."""

    action: Literal["split"] = "split"


class Merge(_ItemCommand):
    """The player's own merge: every stack of the item in ``who``'s bag that can join, joined, filling each
    to the item's stack limit. Only a player's action makes one; no tag does."""

    action: Literal["merge"] = "merge"


class Reveal(_ItemCommand):
    action: Literal["reveal"] = "reveal"


class Inspect(_ItemCommand):
    ANSWER_KEYS: ClassVar[tuple[str, ...]] = ("action", "item", "who", "seller", "with")
    action: Literal["inspect"] = "inspect"
    seller: str | None = None
    way: str | None = None  # written ``with=``: a way of seeing through fakes (spec "Spotting fakes")
    WORDED_KEYS: ClassVar[frozenset[str]] = frozenset({"with"})

    def _answer_value(self, key: str) -> str | None:
        return self.way if key == "with" else super()._answer_value(key)


class Buy(_ItemCommand):
    ANSWER_KEYS: ClassVar[tuple[str, ...]] = ("action", "item", "count", "who", "level", "seller")
    action: Literal["buy"] = "buy"
    level: str | None = None
    seller: str | None = None


class Sell(_ItemCommand):
    ANSWER_KEYS: ClassVar[tuple[str, ...]] = ("action", "item", "count", "who", "seller")
    action: Literal["sell"] = "sell"
    seller: str | None = None


class _MoneyCommand(_Command):
    """A payment or an earning: one coin answers as ``item=`` and ``count=``, several as ``amount=``."""

    ANSWER_KEYS: ClassVar[tuple[str, ...]] = ("action", "item", "count", "amount", "who")
    WORDED_KEYS: ClassVar[frozenset[str]] = frozenset({"item", "count", "amount"})

    amounts: tuple[CoinAmount, ...] = Field(min_length=1)
    who: str | None = None

    def answer_attrs(self) -> tuple[tuple[str, str], ...]:
        """``answer_attrs`` in one pass over a money command's own keys (``action``, then one coin's ``item``
        and ``count`` or several coins' ``amount``, then ``who``): what ``_answer_value`` says of each."""
        fields = self.__dict__
        amounts: tuple[CoinAmount, ...] = fields["amounts"]
        action = fields.get("action")  # every money command's (``Pay``, ``Earn``)
        pairs: list[tuple[str, str]] = [] if action is None else [("action", action)]
        if len(amounts) == 1:
            one = amounts[0]
            pairs.append(("item", one.label or one.name))
            pairs.append(("count", str(one.count)))
        else:
            pairs.append(("amount", ", ".join(f"{part.count} {part.label or part.name}" for part in amounts)))
        who = fields["who"]
        if who is not None:
            pairs.append(("who", who))
        return tuple(pairs)

    def _answer_value(self, key: str) -> str | None:
        one = self.amounts[0] if len(self.amounts) == 1 else None
        if key == "item":
            return None if one is None else (one.label or one.name)
        if key == "count":
            return None if one is None else str(one.count)
        if key == "amount":
            if one is not None:
                return None
            return ", ".join(f"{part.count} {part.label or part.name}" for part in self.amounts)
        return super()._answer_value(key)


class Pay(_MoneyCommand):
    action: Literal["pay"] = "pay"


class Earn(_MoneyCommand):
    action: Literal["earn"] = "earn"


# --- place and loot -------------------------------------------------------------------------------------


class Place(_Command):
    ANSWER_KEYS: ClassVar[tuple[str, ...]] = ("name", "size", "day")
    WORDED_KEYS: ClassVar[frozenset[str]] = frozenset({"day"})
    name: str | None = Field(default=None, min_length=1, max_length=120)  # None: a size alone (§10)
    size: str | None = None
    new_day: bool = False

    def _answer_value(self, key: str) -> str | None:
        if key == "day":
            return "new" if self.new_day else None
        return super()._answer_value(key)


class Loot(_Command):
    ANSWER_KEYS: ClassVar[tuple[str, ...]] = ("table", "who")
    table: str = Field(min_length=1)
    who: str | None = None


# --- sheet ----------------------------------------------------------------------------------------------


class Rest(_Command):
    ANSWER_KEYS: ClassVar[tuple[str, ...]] = ("who", "op", "rest")
    op: Literal["rest"] = "rest"
    rest: str | None = None
    who: str | None = None


class PoolChange(_Command):
    """``spend``, ``restore`` (alias ``heal``) and ``temp`` on a live pool."""

    ANSWER_KEYS: ClassVar[tuple[str, ...]] = ("who", "op", "pool", "amount")
    pool: str = Field(min_length=1)
    amount: int = Field(ge=0)
    who: str | None = None


class Spend(PoolChange):
    op: Literal["spend"] = "spend"


class Restore(PoolChange):
    op: Literal["restore"] = "restore"


class Temp(PoolChange):
    op: Literal["temp"] = "temp"


class Damage(_Command):
    """``damage`` on a pool, or on a wound track (``track=``, ``kind=``)."""

    ANSWER_KEYS: ClassVar[tuple[str, ...]] = ("who", "op", "pool", "track", "kind", "amount")
    op: Literal["damage"] = "damage"
    pool: str | None = None
    track: str | None = None
    kind: str | None = None
    amount: int = Field(ge=0)
    who: str | None = None


class Track(_Command):
    """``track``: move a track ``to`` a mark or ``by`` some marks (exactly one of them)."""

    ANSWER_KEYS: ClassVar[tuple[str, ...]] = ("who", "op", "track", "to", "by")
    WORDED_KEYS: ClassVar[frozenset[str]] = frozenset({"by"})
    op: Literal["track"] = "track"
    track: str = Field(min_length=1)
    to: int | None = None
    by: int | None = None
    who: str | None = None

    @model_validator(mode="after")
    def _to_or_by(self) -> Track:
        if (self.to is None) == (self.by is None):
            raise ValueError("a track op says to= or by=, exactly one")
        return self

    def _answer_value(self, key: str) -> str | None:
        if key == "by" and self.by is not None:
            return f"{self.by:+d}"
        return super()._answer_value(key)


class Condition(_Command):
    ANSWER_KEYS: ClassVar[tuple[str, ...]] = ("who", "op", "condition", "state")
    op: Literal["condition"] = "condition"
    condition: str = Field(min_length=1)
    state: bool = True
    who: str | None = None


class Note(_Command):
    ANSWER_KEYS: ClassVar[tuple[str, ...]] = ("who", "op", "field", "value")
    op: Literal["note"] = "note"
    field: str = Field(min_length=1)
    value: str
    who: str | None = None


# --- nothing to run -------------------------------------------------------------------------------------


class Unreadable(_Command):
    """A tag, or one item of it, that cannot be run: answered with ``raw=`` and ``reason=``; changes nothing.

    ``reason`` is ``unreadable`` or a sharper code (``unknown-action``, ``missing-key``, ``count-conflict``,
    ``unknown-tag``); ``detail`` is the note that tells the Game Master why (None: the notes alone say it). A count or a name
    past its limit is never one: it is held to the limit, with a repair (CONVENTIONS.md §2).
    """

    ANSWER_KEYS: ClassVar[tuple[str, ...]] = ("raw",)
    raw: str
    reason: str = "unreadable"
    detail: AnswerNote | None = None
    tag: str = ""


Command = (
    Add
    | Remove
    | Give
    | Equip
    | Unequip
    | Bind
    | Unbind
    | Split
    | Merge
    | Use
    | Reveal
    | Inspect
    | Buy
    | Sell
    | Pay
    | Earn
    | Place
    | Loot
    | Rest
    | Spend
    | Restore
    | Temp
    | Damage
    | Track
    | Condition
    | Note
)
