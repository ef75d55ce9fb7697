"""Transcript action turns: ``use``, ``gear``, ``edit`` and ``fight`` read from YAML, checked, and said in a line.

A transcript's turn of one of these kinds is the player's own action between replies (``tagproc.actions``;
README "Transcripts")::

    - use: {item: Warming tonic, who: Ada}
    - gear: {gear: Gravedigger, who: Ada, options: [Two warming tonics], picks: [], again: false}
    - edit: {give: {item: Warming tonic, count: 1, who: Ada, to: Bram}}
    - fight: {outcome: won, defeated: [Rust Jackal], shot: [{who: Ada, weapon: Hunting bow, count: 5}],
              spent: [{who: Ada, item: Dawn bell, charges: 1}], used: [{who: Ada, item: Poultice, count: 1}]}

Owns ``parse_action`` (the shape: unknown keys, wrong types and missing keys, each a problem with its dotted
path such as ``turns.3.fight.shot.0.count``), ``check_actions`` (the references, checked at load time against
the ruleset and the party: a gear, option or pick the ruleset does not offer (``engine.gear.gear_problems``), a
creature or table it does not have (``engine.fight.fight_problems``), a ``who``/``to`` naming nobody in the
party, an item naming nothing the game could hold by then) and ``describe_action`` (the one line ``tagproc
run`` prints in place of an action's visible text).

Decisions where the spec is silent:
- Values are read strictly: a count is a whole number (not ``"3"`` or ``true``), a list is a list; ``kind``
  (and ``action`` in an edit) is the turn's own key, never written inside it.
- An item "the game could have by then" is a ruleset item or coin (as ``bags.named`` finds them), a name in
  a starting bag, a gear's ``name`` line of a gear taken earlier, an earlier ``edit add``'s item, or a name
  written (any case, ``_``/``-`` as spaces) in an earlier Game Master reply or regenerate, where the GM may
  have added or invented it (anywhere in its text, tags and prose alike, even inside a longer word: loose on
  purpose, since a load problem is for a name nothing could have meant). A gear's ``name`` lines count from
  the gear's turn on, every option's alike (which option a gear gives is the engine's to say). An ``edit
  add`` of a plain name is never a load problem: the engine answers it.
- A name is looked for in the replies once until another reply comes, a name whose inner words no reply
  holds is ruled out without reading them, and past ``READING_BUDGET`` characters read in all (a file of
  thousands of made-up names over megabytes of replies) a name is given the benefit of the doubt: the load
  stays quick, and the engine answers such a name when the turn runs (``none-held``).
- The shape's problems come first, then the party's, then the references' (a transcript whose party cannot be
  built has its references unchecked: nobody to check them against).
- ``to`` is only for a ``give``; a ``give`` needs one.
- ``who`` names a member as the engine does (any case, accents, punctuation: ``GameState.member_index``); a
  name two members share is a problem like a name nobody has.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from pydantic import BaseModel, ValidationError

from tagproc.actions import (
    EDIT_VERBS,
    EditAction,
    FightAction,
    GearAction,
    Shot,
    Spent,
    UseAction,
    Used,
    blank_names,
)
from tagproc.engine import bags
from tagproc.engine.fight import fight_problems
from tagproc.engine.gear import gear_problems
from tagproc.engine.placing import is_party
from tagproc.engine.rules import Rules
from tagproc.engine.state import GameState, Member
from tagproc.names import fold
from tagproc.ruleset import Problem

__all__ = [
    "ACTION_KINDS",
    "AnyAction",
    "Written",
    "check_actions",
    "describe_action",
    "parse_action",
]

AnyAction = UseAction | GearAction | EditAction | FightAction

ACTION_KINDS = ("use", "gear", "edit", "fight")
_MODELS: Mapping[str, type[BaseModel]] = MappingProxyType(
    {"use": UseAction, "gear": GearAction, "edit": EditAction, "fight": FightAction}
)
_STEPS: Mapping[str, type[BaseModel]] = MappingProxyType({"shot": Shot, "spent": Spent, "used": Used})
READING_BUDGET = 64 * 2**20  # characters of replies read looking for names, in all: a load stays quick
_OWN_KEYS = frozenset({"kind", "action"})  # the turn's key says these; never written inside it
_TYPES: Mapping[str, str] = MappingProxyType(
    {
        "missing": "missing",
        "tuple_type": "a list",
        "string_type": "a name (text; quote it in the YAML)",
        "int_type": "a whole number",
        "bool_type": "true or false",
        "model_type": "a mapping of keys",
    }
)


@dataclass(frozen=True, slots=True)
class Written:
    """One turn as the reference checks read it: its path (``turns.3``), kind, text, and action if any."""

    where: str
    kind: str
    text: str
    action: AnyAction | None


# -- the shape -------------------------------------------------------------------------------------


def parse_action(kind: str, data: Any, where: str, problems: list[Problem]) -> AnyAction | None:
    """The action a turn ``{kind: data}`` at ``where`` (``turns.3``) writes, or None with its problems added."""
    at = f"{where}.{kind}"
    if kind == "edit":
        return _edit(data, at, problems)
    if not isinstance(data, Mapping):
        problems.append(Problem(at, f"a {kind} turn is a mapping of keys ({_keys(_MODELS[kind])})"))
        return None
    return _validate(_MODELS[kind], dict(data), {"kind": kind}, at, problems)


def _edit(data: Any, at: str, problems: list[Problem]) -> EditAction | None:
    verbs = ", ".join(EDIT_VERBS)
    if not isinstance(data, Mapping) or len(data) != 1:
        problems.append(Problem(at, f"an edit is one verb and its keys: {{VERB: {{item, ...}}}} ({verbs})"))
        return None
    ((verb, keys),) = data.items()
    if verb not in EDIT_VERBS:
        problems.append(Problem(f"{at}.{verb}", f"unknown edit (expected one of {verbs})"))
        return None
    if not isinstance(keys, Mapping):
        problems.append(Problem(f"{at}.{verb}", f"an edit's keys are a mapping ({_keys(EditAction)})"))
        return None
    found = _validate(EditAction, dict(keys), {"kind": "edit", "action": verb}, f"{at}.{verb}", problems)
    if not isinstance(found, EditAction):
        return None
    if verb == "give" and found.to is None:
        problems.append(Problem(f"{at}.{verb}.to", "missing: a give names who receives it"))
        return None
    if verb != "give" and found.to is not None:
        problems.append(Problem(f"{at}.{verb}.to", "only a give has a receiver (to)"))
        return None
    return found


def _validate(
    model: type[BaseModel], data: dict[Any, Any], own: dict[str, str], at: str, problems: list[Problem]
) -> AnyAction | None:
    before = len(problems)
    for key in data:
        if key in _OWN_KEYS:
            problems.append(Problem(f"{at}.{key}", f"unknown key (expected one of {_keys(model)})"))
    if len(problems) > before:
        return None
    try:
        found = model.model_validate({**_tuples(data), **own}, strict=True)
    except ValidationError as error:
        for detail in error.errors():
            loc = tuple(str(part) for part in detail["loc"])
            problems.append(Problem(".".join((at, *loc)), _message(model, loc, detail)))
        return None
    assert isinstance(found, UseAction | GearAction | EditAction | FightAction)
    blank = blank_names(found)
    problems.extend(Problem(f"{at}.{key}", "a name with nothing but spaces in it") for key in blank)
    return None if blank else found


def _tuples(value: Any) -> Any:
    """YAML lists as the tuples the frozen models hold, all the way down (the models are read strictly)."""
    if isinstance(value, list):
        return tuple(_tuples(item) for item in value)
    if isinstance(value, Mapping):
        return {key: _tuples(item) for key, item in value.items()}
    return value


def _message(model: type[BaseModel], loc: tuple[str, ...], detail: Any) -> str:
    kind = str(detail["type"])
    if kind == "extra_forbidden":
        owner = _STEPS[loc[0]] if len(loc) > 2 and loc[0] in _STEPS else model
        return f"unknown key (expected one of {_keys(owner)})"
    if kind == "literal_error":
        return f"one of {detail['ctx']['expected']}"
    return _TYPES.get(kind, str(detail["msg"]).lower().removeprefix("input should be "))


def _keys(model: type[BaseModel]) -> str:
    return ", ".join(name for name in model.model_fields if name not in _OWN_KEYS)


# -- the references --------------------------------------------------------------------------------


def check_actions(
    written: Sequence[Written], rules: Rules, party: Sequence[Member], problems: list[Problem]
) -> None:
    """Add a problem for every reference of the transcript's actions that names nothing, turn by turn (an item
    is checked against what the game could hold by the turn it is named in)."""
    checker = _Checker(rules, party, problems)
    for turn in written:
        if turn.action is None:
            checker.told(turn.kind, turn.text)
        else:
            checker.check(f"{turn.where}.{turn.action.kind}", turn.action)


class _Checker:
    """What the game could hold so far, and the problems found: one per transcript load."""

    def __init__(self, rules: Rules, party: Sequence[Member], problems: list[Problem]) -> None:
        self.rules, self.problems = rules, problems
        self.state = GameState(party=tuple(party))
        self.known = {fold(stack.name) for member in party for stack in member.bag}
        self.replies: list[str] = []  # the Game Master's replies so far, folded: it may have added any name
        self.words: set[str] = set()  # their words, to rule a name out without reading every reply
        self.found: dict[str, bool] = {}  # a name already looked for in the replies, and the replies it saw
        self.told_chars = 0  # what the replies so far hold, and what may still be read looking for names:
        self.budget = READING_BUDGET

    def told(self, kind: str, text: str) -> None:
        if kind in ("gm", "regenerate"):
            folded = fold(text)
            self.replies.append(folded)
            self.told_chars += len(folded)
            self.words.update(folded.split())
            self.found = {key: True for key, was in self.found.items() if was}

    def check(self, at: str, action: AnyAction) -> None:
        if isinstance(action, UseAction):
            self.who(at, "who", action.who)
            self.item(at, "item", action.item)
        elif isinstance(action, GearAction):
            self.who(at, "who", action.who)
            self.problems.extend(
                Problem(f"{at}.{key}", said) for key, said in gear_problems(action, self.rules)
            )
            self.known.update(fold(name) for name in _gear_names(action, self.rules))
        elif isinstance(action, EditAction):
            at = f"{at}.{action.action}"
            if not (action.action == "add" and action.who is not None and is_party(self.state, action.who)):
                self.who(at, "who", action.who)  # an add's who="party" is the shared view, as no who is
            self.who(at, "to", action.to)
            if action.action == "add":
                self.known.add(fold(action.item))
            else:
                self.item(at, "item", action.item)
        else:
            self.problems.extend(
                Problem(f"{at}.{key}", said) for key, said in fight_problems(action, self.rules)
            )
            groups: tuple[tuple[str, tuple[Shot | Spent | Used, ...]], ...] = (
                ("shot", action.shot),
                ("spent", action.spent),
                ("used", action.used),
            )
            for group, steps in groups:
                for index, step in enumerate(steps):
                    self.who(at, f"{group}.{index}.who", step.who)
                    if isinstance(step, Shot):
                        self.item(at, f"{group}.{index}.weapon", step.weapon)
                    else:
                        self.item(at, f"{group}.{index}.item", step.item)

    def who(self, at: str, key: str, name: str | None) -> None:
        if name is not None and self.state.member_index(name) is None:
            self.problems.append(Problem(f"{at}.{key}", f"names nobody in the party: {name!r}"))

    def item(self, at: str, key: str, name: str) -> None:
        if not self.is_known(name):
            self.problems.append(
                Problem(f"{at}.{key}", f"names no item of the ruleset or of the game: {name!r}")
            )

    def is_known(self, name: str) -> bool:
        ref = bags.named(name, self.rules)
        if ref.label is not None or ref.coin is not None:
            return True
        key = fold(name)
        if not key or key in self.known:
            return bool(key)
        if key not in self.found:  # read the replies once per name until another reply comes
            inner = key.split()[1:-1]  # a name's first and last words may be parts of longer words in a reply
            self.found[key] = all(w in self.words for w in inner) and self.is_told(key)
        return self.found[key]

    def is_told(self, key: str) -> bool:
        """Whether a reply so far writes ``key``; past the reading budget, every name may have been."""
        if self.budget < self.told_chars:
            return True
        self.budget -= self.told_chars
        return any(key in text for text in self.replies)


def _gear_names(action: GearAction, rules: Rules) -> list[str]:
    """The plain names a gear's ``name`` lines may put in a bag (its own lines and every option's)."""
    block = rules.block
    wanted = fold(action.gear)
    for gear in block.starting_gear if block is not None else ():
        if wanted in (fold(gear.id), fold(gear.label)):
            lines = [*gear.lines, *(line for c in gear.choices for o in c.options for line in o.lines)]
            return [line.name for line in lines if line.name is not None]
    return []


# -- the line tagproc run prints -------------------------------------------------------------------


def describe_action(action: AnyAction) -> str:
    """One line saying the action: ``use: Warming tonic (Ada)``, ``edit: give Poultice ×1 (Ada) to Bram``,
    ``gear: Gravedigger (Ada); options Two warming tonics``, ``fight: won; defeated Rust Jackal; shot Hunting
    bow ×5 (Ada)``. Names as written; ``(who)`` only where the action names someone."""
    if isinstance(action, UseAction):
        return f"use: {action.item}{_who(action.who)}"
    if isinstance(action, EditAction):
        count = "" if action.action == "merge" else f" ×{action.count}"
        to = f" to {action.to}" if action.to is not None else ""
        return f"edit: {action.action} {action.item}{count}{_who(action.who)}{to}"
    if isinstance(action, GearAction):
        parts = [f"gear: {action.gear}{_who(action.who)}"]
        if action.options:
            parts.append("options " + ", ".join(action.options))
        if action.picks:
            parts.append("picks " + ", ".join(action.picks))
        if action.again:
            parts.append("again")
        return "; ".join(parts)
    parts = [f"fight: {action.outcome}"]
    if action.defeated:
        parts.append("defeated " + ", ".join(action.defeated))
    if action.shot:
        parts.append("shot " + ", ".join(f"{s.weapon} ×{s.count}{_who(s.who)}" for s in action.shot))
    if action.spent:
        parts.append(
            "spent " + ", ".join(f"{s.item} {_charges(s.charges)}{_who(s.who)}" for s in action.spent)
        )
    if action.used:
        parts.append("used " + ", ".join(f"{u.item} ×{u.count}{_who(u.who)}" for u in action.used))
    return "; ".join(parts)


def _charges(count: int) -> str:
    return f"{count} charge" if count == 1 else f"{count} charges"


def _who(name: str | None) -> str:
    return f" ({name})" if name is not None else ""
