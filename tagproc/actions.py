"""Actions: what happens between Game Master replies, as typed values (DESIGN.md "Turns": player actions).

The spec's inventory has buttons and dialogs that change the bags and the sheet between replies, and a fight
reports its outcome; each is a turn of the game (``Game.act``), written in a transcript as a turn of its own
kind (README "Transcripts"):

- ``UseAction`` — the inventory's Use button: what ``[inventory: action="use"]`` does (spec "Using items
  outside a fight").
- ``GearAction`` — taking starting gear: a gear, an option per choice, an item per ``oneOf`` (spec "Starting
  gear").
- ``EditAction`` — one of the player's own inventory edits (add, remove, give, equip, unequip, bind, unbind,
  split, merge): the player's, so a bound cursed item will not let go (spec "Items on the sheet": binding).
- ``FightAction`` — a fight's outcome as the fight reports it: who was defeated, what was shot, what charges
  were spent and what was used up (spec "Loot", "Ammunition and reloading", "Using items in a fight").

Names (items, members, gear, options, creatures, tables) are kept as written; the engine resolves them as a
tag's are. An action is a frozen value: ``identity`` is its digest, which seeds its dice together with the
turn's position, so replaying a transcript rolls the same drops.
"""

from __future__ import annotations

import hashlib
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "EDIT_VERBS",
    "Action",
    "ActionKind",
    "EditAction",
    "EditVerb",
    "FightAction",
    "GearAction",
    "Shot",
    "Spent",
    "UseAction",
    "Used",
    "action_json",
    "blank_names",
    "identity",
]

_FROZEN = ConfigDict(frozen=True, extra="forbid")

ActionKind = Literal["use", "gear", "edit", "fight"]
EditVerb = Literal["add", "remove", "give", "equip", "unequip", "bind", "unbind", "split", "merge"]
EDIT_VERBS: tuple[EditVerb, ...] = (
    "add", "remove", "give", "equip", "unequip", "bind", "unbind", "split", "merge"
)  # fmt: skip

MAX_NAME = 120  # DESIGN.md "Limits": names of at most 120 characters
MAX_COUNT = (
    999_999  # a coin's count may be large (PEER §2: pay/earn to 999,999); an item's is capped at 9,999
)
MAX_LIST = 100  # entries in one of a fight's lists, options or picks


class UseAction(BaseModel):
    """The Use button on ``item`` in ``who``'s bag (the player's when None)."""

    model_config = _FROZEN

    kind: Literal["use"] = "use"
    item: str = Field(min_length=1, max_length=MAX_NAME)
    who: str | None = Field(default=None, min_length=1, max_length=MAX_NAME)


class GearAction(BaseModel):
    """Take starting gear ``gear`` (its id or label) into ``who``'s bag (the player's when None).

    ``options``: one option label for each of the gear's choices, in order; ``picks``: one item (label or
    ``catalog/entry``) for each ``oneOf`` line among the gear's lines and then the chosen options' lines, in
    order; ``again``: the player chose to take a gear of a group already taken (spec: "Taking the same group
    again is a choice the player makes in the dialog").
    """

    model_config = _FROZEN

    kind: Literal["gear"] = "gear"
    gear: str = Field(min_length=1, max_length=MAX_NAME)
    who: str | None = Field(default=None, min_length=1, max_length=MAX_NAME)
    options: tuple[str, ...] = Field(default=(), max_length=MAX_LIST)
    picks: tuple[str, ...] = Field(default=(), max_length=MAX_LIST)
    again: bool = False


class EditAction(BaseModel):
    """One of the player's own inventory edits: ``action`` on ``count`` of ``item`` in ``who``'s bag (the
    player's when None), ``to`` the receiver of a give. ``split`` takes ``count`` off a stack into a stack of
    its own; ``merge`` joins ``who``'s stacks of the item (``count`` unused)."""

    model_config = _FROZEN

    kind: Literal["edit"] = "edit"
    action: EditVerb
    item: str = Field(min_length=1, max_length=MAX_NAME)
    count: int = Field(default=1, ge=1, le=MAX_COUNT)
    who: str | None = Field(default=None, min_length=1, max_length=MAX_NAME)
    to: str | None = Field(default=None, min_length=1, max_length=MAX_NAME)


class Shot(BaseModel):
    """``count`` shots of ``weapon`` by ``who`` (the player when None): that much ammunition out of their
    bag (or out of the weapon's clip), step by step as the fight took it."""

    model_config = _FROZEN

    who: str | None = Field(default=None, min_length=1, max_length=MAX_NAME)
    weapon: str = Field(min_length=1, max_length=MAX_NAME)
    count: int = Field(default=1, ge=1, le=9_999)


class Spent(BaseModel):
    """``charges`` of ``item``'s charges spent by ``who`` (the player when None) in the fight."""

    model_config = _FROZEN

    who: str | None = Field(default=None, min_length=1, max_length=MAX_NAME)
    item: str = Field(min_length=1, max_length=MAX_NAME)
    charges: int = Field(default=1, ge=1, le=100)


class Used(BaseModel):
    """``count`` of ``item`` used up by ``who`` (the player when None) in the fight (a ``consumes`` use)."""

    model_config = _FROZEN

    who: str | None = Field(default=None, min_length=1, max_length=MAX_NAME)
    item: str = Field(min_length=1, max_length=MAX_NAME)
    count: int = Field(default=1, ge=1, le=9_999)


class FightAction(BaseModel):
    """A fight's result as the fight reports it (spec "Loot", "Ammunition and reloading").

    ``defeated``: each defeated creature (a bestiary creature's label or id, any case) or a loot table (id or
    label) rolled for it, in order; rolled only on a win. ``shot``, ``spent`` and ``used`` are taken as the
    fight took them, whatever the outcome; what was shot comes back by each weapon's ``recover`` on a win.
    """

    model_config = _FROZEN

    kind: Literal["fight"] = "fight"
    outcome: Literal["won", "lost", "fled"]
    defeated: tuple[str, ...] = Field(default=(), max_length=MAX_LIST)
    shot: tuple[Shot, ...] = Field(default=(), max_length=MAX_LIST)
    spent: tuple[Spent, ...] = Field(default=(), max_length=MAX_LIST)
    used: tuple[Used, ...] = Field(default=(), max_length=MAX_LIST)


Action = Annotated[UseAction | GearAction | EditAction | FightAction, Field(discriminator="kind")]


def identity(action: UseAction | GearAction | EditAction | FightAction) -> str:
    """The action's digest: with the turn's position it seeds the action's dice (DESIGN.md "Turns")."""
    return hashlib.sha256(action.model_dump_json().encode("utf-8")).hexdigest()


def action_json(action: UseAction | GearAction | EditAction | FightAction) -> dict[str, Any]:
    """The action as plain JSON, every key (defaults too), for ``tagproc run --json``."""
    return action.model_dump(mode="json")


def blank_names(action: UseAction | GearAction | EditAction | FightAction) -> list[str]:
    """The dotted keys (``shot.0.weapon``) of every name in ``action`` made of nothing but spaces: a name a
    button or a dialog could never send (its kind and an edit's verb are not names)."""
    return [key for key, value in _texts(action.model_dump(exclude={"kind", "action"})) if not value.strip()]


def _texts(value: object, key: str = "") -> list[tuple[str, str]]:
    """Every text in a dumped action with its dotted key."""
    if isinstance(value, str):
        return [(key, value)]
    if isinstance(value, dict):
        pairs = list(value.items())
    elif isinstance(value, list | tuple):
        pairs = list(enumerate(value))
    else:
        return []
    return [found for k, item in pairs for found in _texts(item, f"{key}.{k}" if key else str(k))]
