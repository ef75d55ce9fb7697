"""Inspecting an item, and the checks that tell a fake (spec "Spotting fakes").

Owns the check machinery for a ``Tell`` (a fake's ``tells``, a dishonest seller's ``manner``), shared with
``noticing``, and ``decide_inspect`` for ``[inventory: action="inspect" item= who= seller= with=]``.

The checks:
- ``can_make``: every ``needs`` line met off the member's sheet, one of ``needsAny`` when it has any, and an
  item of ``carries`` in their own bag (what a stack truly is: a fake kit is no kit).
- ``lean``: +1 with any one ``advantageIf`` line met, -1 with any one ``disadvantageIf``; both cancel out
  (spec "On a check": any of each and the check is rolled once).
- ``rolled``: the tell's check rolled as a use's gate is (``gate.roll_gate``: the sheet's number for the skill,
  ability or value, what held items add, the wound penalty, the ruleset's own dice); with a lean, on a
  ruleset that rolls twice at all (``resolution.advantage``), rolled twice and the higher (lower) kept.
- ``passive``: ``items.passiveBase`` (10 by default) and the same number, 5 more with advantage, 5 less with
  disadvantage, no dice.
- ``best``: the check the member can make whose passive number is furthest over (least under) its ``dc``; the
  first listed on a tie. An inspect rolls only that one.

An inspect (the brief of issue 11; decisions documented here):
- ``item=`` alone looks over a stack in ``who``'s bag (a name of the item a fake passes for finds the fake): the
  first stack of that name ``who`` has not looked over yet, else ``already-tried``. A fake that still fools
  rolls its own tells; a real item (and a fake already found out, now its true item) the tells of every fake
  that passes for it, so asking gives nothing away: a success on one says it looks genuine.
- ``seller=`` looks over a ware that seller shows today: out of the day's stock (a fake the stock rolled is
  shown as the item it passes for, and is what a buy naming that seller gets) or off their shelves while any
  are left. A dishonest seller's ``manner`` is among the checks; its success says something is off about the
  seller, never what the ware is, and on a real ware says the same. Nothing is stored on a ware but the try
  (``MarketDay.inspected``, keyed by the ware's shown ref): a fake ware named or suspected is still the stock's.
- A success on a fake's tell finds it suspect (``Stack.suspected_by`` += who, the note says what they saw); one
  by ``items.namesItAt`` or more over the dc names it: the stack is found out (``name`` its true label,
  ``passes_as`` None, ``suspected_by`` cleared) and the journal says what it was (a ``changed`` line, as the
  fakes module writes one: ``Potion of Healing ×1 was Potion of Poison``). A failure says they cannot tell. Every rolled try is spent (``Stack.inspected_by``).
- ``nothing-to-check``: nothing could give it away, or ``who`` can make none of its checks; no try is spent.
- ``with=`` one of ``items.revealsFakes`` (its id or label, any case): a fake whose ``foolsReveal`` lists it
  shows as what it passes for (said as a real one is), else a fake it reads (no ``tags`` or ``items``: it
  reads any fake) is named and found out; a fake it cannot read or a real item shows "genuine" for a way that
  reads any fake, else "unsure". It is cast on the first stack of that name (a try already spent does not
  matter: it costs no try) and rolls nothing.
- Refusals: ``unknown-character``, ``none-held``, ``no-seller`` (no market or day here, no such seller here,
  or not showing it today; the note says which), ``unknown-way``, ``already-tried``, ``nothing-to-check``.
  The answer leaves ``now`` out.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tagproc import commands as c
from tagproc.engine import fakes, marketday
from tagproc.engine.answers import answer, refuse, with_attr, with_names
from tagproc.engine.bags import is_of, resolve
from tagproc.engine.dice import Dice
from tagproc.engine.gate import check_number, roll_gate
from tagproc.engine.marketplace import Market, Refusal, market_of, named_seller
from tagproc.engine.outcome import (
    Accepted,
    BagChanged,
    Decision,
    Effect,
    Journaled,
    MarketDayChanged,
    Refused,
)
from tagproc.engine.reasons import Reason
from tagproc.engine.rules import Rules
from tagproc.engine.sheet import LiveSheet
from tagproc.engine.sheet_ops import member_sheet
from tagproc.engine.state import GameState, Stack
from tagproc.engine.trusted import note
from tagproc.notes import Note
from tagproc.ruleset.book import BookItem
from tagproc.ruleset.item import Gate, Tell
from tagproc.ruleset.models import RevealsFakes, Seller
from tagproc.ruleset.refs import SheetTest

__all__ = ["Checked", "best", "can_make", "decide_inspect", "fakes_of", "lean", "passive", "rolled"]

_LEAN = 5  # what advantage adds to (disadvantage takes off) a passive check (spec "Spotting fakes")
_DEFAULT_PASSIVE = 10


@dataclass(frozen=True, slots=True)
class Checked:
    """A check made on ``tell``: its ``total`` (rolled, or the passive number) against the tell's ``dc``."""

    tell: Tell
    total: int

    @property
    def passed(self) -> bool:
        return self.total >= self.tell.dc

    @property
    def margin(self) -> int:
        return self.total - self.tell.dc


# -- the checks ---------------------------------------------------------------------------------------


def _met(test: SheetTest, view: LiveSheet) -> bool:
    return view.number(test.value, live=True) >= test.at_least


def can_make(tell: Tell, view: LiveSheet) -> bool:
    """Whether the member ``view`` reads can make ``tell``: its ``needs``, ``needsAny`` and ``carries``."""
    if not all(_met(test, view) for test in tell.needs):
        return False
    if tell.needs_any and not any(_met(test, view) for test in tell.needs_any):
        return False
    if tell.carries is not None:
        wanted = set(tell.carries.any_of)
        return any(stack.item in wanted for stack in view.member.bag)
    return True


def lean(tell: Tell, view: LiveSheet) -> int:
    """+1 with advantage, -1 with disadvantage, 0 with neither or both (they cancel out)."""
    up = any(_met(test, view) for test in tell.advantage_if)
    down = any(_met(test, view) for test in tell.disadvantage_if)
    return int(up) - int(down)


def _gate(tell: Tell) -> Gate:
    return Gate(check=tell.check, difficulty=tell.dc)


def passive(tell: Tell, view: LiveSheet) -> Checked:
    """``tell`` weighed with no dice: ``items.passiveBase`` and the member's number, ±5 for a lean."""
    block = view.rules.block
    base = block.passive_base if block is not None else _DEFAULT_PASSIVE
    number = check_number(_gate(tell), view)[1]
    return Checked(tell, base + number + _LEAN * lean(tell, view))


def rolled(tell: Tell, view: LiveSheet, dice: Dice, item: BookItem) -> Checked:
    """``tell`` rolled with the ruleset's dice (as a gate is); a lean rolls twice where the ruleset leans."""
    gate = _gate(tell)
    first = roll_gate(gate, item.item, view, dice)
    total = first.total if first is not None else 0
    leaning = lean(tell, view)
    resolution = view.rules.ruleset.resolution
    if leaning and resolution is not None and resolution.advantage:
        second = roll_gate(gate, item.item, view, dice)
        again = second.total if second is not None else 0
        total = max(total, again) if leaning > 0 else min(total, again)
    return Checked(tell, total)


def best(tells: Iterable[Tell], view: LiveSheet) -> Tell | None:
    """The check ``view``'s member can make that their passive number clears by most; None for none."""
    made = [tell for tell in tells if can_make(tell, view)]
    if not made:
        return None
    return max(made, key=lambda tell: passive(tell, view).margin)  # max keeps the first of equals


def fakes_of(rules: Rules, ref: str | None) -> tuple[BookItem, ...]:
    """Every fake in the book that passes for the item ``ref``, in catalog order."""
    if ref is None:
        return ()
    return tuple(entry for entry in rules.book.items() if entry.item.passes_for == ref)


# -- inspect ------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Subject:
    """What is looked over: the name it is shown by, the fake it truly is while it fools (None: real), the
    book entry it truly is (None: a coin, a plain or an invented item), and the checks about it."""

    shown: str
    fake: BookItem | None
    entry: BookItem | None
    tells: tuple[Tell, ...]


def _subject(rules: Rules, shown: str, entry: BookItem | None, fooling: bool) -> _Subject:
    if entry is not None and fooling:
        return _Subject(shown, entry, entry, tuple(entry.item.tells))
    tells = tuple(tell for fake in fakes_of(rules, entry.ref if entry else None) for tell in fake.item.tells)
    return _Subject(shown, None, entry, tells)


def decide_inspect(state: GameState, command: c.Inspect, rules: Rules, dice: Dice) -> Decision:
    """Look an item over (module docstring): ``ok`` with what was seen, or refused changing nothing."""
    view = member_sheet(state, command, rules)
    if isinstance(view, Refused):
        return view
    if command.seller is not None:
        return _inspect_ware(state, command, rules, dice, view, command.seller)
    return _inspect_held(state, command, rules, dice, view)


def _inspect_held(
    state: GameState, command: c.Inspect, rules: Rules, dice: Dice, view: LiveSheet
) -> Decision:
    bag = view.member.bag
    what = resolve(command.item, state, rules).what
    held = [index for index, stack in enumerate(bag) if is_of(stack, what)]
    name = command.item.label or command.item.name
    if not held:
        return refuse(command, Reason.NONE_HELD, note("inventory.none_held", who=view.name, name=name))
    way = _way(rules, command.way)
    if isinstance(way, Note):
        return refuse(command, Reason.UNKNOWN_WAY, way)
    attrs = _attrs(command, view, way)
    if way is not None:
        index = held[0]
        stack = bag[index]
        subject = _subject(rules, stack.name, _entry(rules, stack), stack.passes_as is not None)
        said, named = _cast(way, subject)
        effects = _found_out(view, index, stack) if named and subject.fake is not None else ()
        return Accepted(effects=effects, answers=(answer(command, note=said, attrs=attrs),))
    fresh = [index for index in held if view.name not in bag[index].inspected_by]
    if not fresh:
        return refuse(command, Reason.ALREADY_TRIED, note("inspect.already_tried", who=view.name, item=name))
    index = fresh[0]
    stack = bag[index]
    subject = _subject(rules, stack.name, _entry(rules, stack), stack.passes_as is not None)
    tried = _try(subject, view, dice, None)
    if isinstance(tried, Note):
        return refuse(command, Reason.NOTHING_TO_CHECK, tried)
    said, outcome = tried
    after = _with(stack, inspected_by=(*stack.inspected_by, view.name))
    if outcome == "named" and subject.fake is not None:
        effects = _found_out(view, index, after)
    else:
        if outcome == "suspect" and view.name not in after.suspected_by:
            after = _with(after, suspected_by=(*after.suspected_by, view.name))
        effects = (_changed(view, index, after),)
    return Accepted(effects=effects, answers=(answer(command, note=said, attrs=attrs),))


def _inspect_ware(
    state: GameState, command: c.Inspect, rules: Rules, dice: Dice, view: LiveSheet, seller_name: str
) -> Decision:
    try:
        market = market_of(state, rules)
        seller = named_seller(market, seller_name)
    except Refusal as refusal:  # no market, no day here, no such seller here: no seller shows it
        return refuse(command, Reason.NO_SELLER, refusal.said)
    name = command.item.label or command.item.name
    asked = rules.book.find(name)
    shown = _shown(rules, market, seller)
    if asked is None or asked.ref not in shown:
        return refuse(command, Reason.NO_SELLER, note("inspect.not_shown", seller=seller.label, item=name))
    truly = shown[asked.ref]
    subject = _subject(rules, asked.label, truly, truly.item.is_fake)
    way = _way(rules, command.way)
    if isinstance(way, Note):
        return refuse(command, Reason.UNKNOWN_WAY, way)
    attrs = with_attr(command, _attrs(command, view, way), "seller", seller.label)
    if way is not None:
        said, _ = _cast(way, subject)
        return Accepted(effects=(), answers=(answer(command, note=said, attrs=attrs),))
    key = (view.name, seller.id, asked.ref)
    if key in market.day.inspected:
        return refuse(
            command, Reason.ALREADY_TRIED, note("inspect.already_tried", who=view.name, item=asked.label)
        )
    manner = seller.manner if not seller.honest else None
    tried = _try(subject, view, dice, manner)
    if isinstance(tried, Note):
        return refuse(command, Reason.NOTHING_TO_CHECK, tried)
    said, _ = tried
    day = market.day.model_copy(update={"inspected": tuple(sorted((*market.day.inspected, key)))})
    return Accepted(effects=(MarketDayChanged(day=day),), answers=(answer(command, note=said, attrs=attrs),))


def _shown(rules: Rules, market: Market, seller: Seller) -> dict[str, BookItem]:
    """What ``seller`` shows today, by the ref it is shown as: what it truly is. What is left of their stock
    today (``stock_rolled``, which keeps a fake under its own ref only for a dishonest seller while it is
    offered, less ``stock_bought``): a fake is shown as the item it passes for (and wins over a real one of
    that item: a buy naming the seller gets it); then their shelves, while any are left today."""
    shown: dict[str, BookItem] = {}
    taken = {ref: count for seller_id, ref, count in market.day.stock_bought if seller_id == seller.id}
    for ref, count in marketday.stock_rolled(rules, market.day, seller):
        entry = rules.entry(ref)
        if entry is None or count <= taken.get(ref, 0):
            continue
        target = rules.book.passes_for(entry) if entry.item.is_fake else entry
        if target is not None and (entry.item.is_fake or target.ref not in shown):
            shown[target.ref] = entry
    for entry in market.book.wares(market.day.size, seller):
        left = marketday.limited_left(rules, market.day, entry)
        if left is None or left > 0:
            shown.setdefault(entry.ref, entry)
    return shown


def _try(subject: _Subject, view: LiveSheet, dice: Dice, manner: Tell | None) -> tuple[Note, str] | Note:
    """The best check rolled: what it says and ``named``, ``suspect``, ``genuine``, ``off`` (the seller's
    manner met) or ``failed``; or the ``nothing-to-check`` note."""
    tells = (*subject.tells, *((manner,) if manner is not None else ()))
    chosen = best(tells, view)
    if chosen is None:
        said = note("inspect.nothing_to_check", who=view.name, item=subject.shown, checks=bool(tells))
        return said
    anchor = subject.entry
    assert anchor is not None  # a check exists only for an item of the book, or a seller's ware
    made = rolled(chosen, view, dice, anchor)
    if not made.passed:
        return note("inspect.cannot_tell", who=view.name), "failed"
    if chosen is manner:
        return note("inspect.seller_off", who=view.name, says=chosen.says), "off"
    if subject.fake is None:
        return note("inspect.genuine", who=view.name), "genuine"
    names_at = view.rules.block.names_it_at if view.rules.block is not None else None
    if names_at is not None and made.margin >= names_at:
        return note("inspect.named", who=view.name, name=subject.fake.label), "named"
    return note("inspect.suspect", who=view.name, says=chosen.says), "suspect"


def _way(rules: Rules, written: str | None) -> RevealsFakes | Note | None:
    """The way of seeing through fakes ``with=`` names (id or label, any case); None when ``with=`` is not
    written; the ``unknown-way`` note when it names none of ``items.revealsFakes``."""
    if written is None:
        return None
    ways = rules.block.reveals_fakes if rules.block is not None else []
    folded = " ".join(written.split()).casefold()
    for way in ways:
        if folded in (way.id.casefold(), way.label.casefold()):
            return way
    return note("inspect.unknown_way", way=written, known=tuple(way.label for way in ways))


def _reads_any(way: RevealsFakes) -> bool:
    return not way.tags and not way.items


def _cast(way: RevealsFakes, subject: _Subject) -> tuple[Note, bool]:
    """What ``way`` shows of ``subject`` and whether it names a fake that fools."""
    entry = subject.entry
    if entry is not None and entry.item.is_fake and way.id not in entry.item.fools_reveal:
        reads = _reads_any(way) or entry.ref in way.items or any(tag in entry.item.tags for tag in way.tags)
        if reads:
            return note("inspect.way_named", way=way.label, name=entry.label), subject.fake is not None
    if _reads_any(way):
        return note("inspect.way_genuine", way=way.label), False
    return note("inspect.way_unsure", way=way.label), False


def _entry(rules: Rules, stack: Stack) -> BookItem | None:
    return rules.entry(stack.item) if stack.item is not None else None


def _with(stack: Stack, **changes: object) -> Stack:
    return Stack.model_validate({**stack.model_dump(), **changes})


def _found_out(view: LiveSheet, index: int, stack: Stack) -> tuple[Effect, ...]:
    """The stack found out (spec "Honest and dishonest sellers"), as every way of finding a fake out says it
    (``fakes.found_out``, ``fakes.changed``): from now on its true item, and the journal says what it was."""
    rules = view.rules
    return _changed(view, index, fakes.found_out(stack, rules)), Journaled(
        entry=fakes.changed(view.name, stack, rules)
    )


def _changed(view: LiveSheet, index: int, stack: Stack) -> BagChanged:
    bag: Sequence[Stack] = view.member.bag
    return BagChanged(member=view.index, bag=(*bag[:index], stack, *bag[index + 1 :]))


def _attrs(command: c.Inspect, view: LiveSheet, way: RevealsFakes | None) -> tuple[tuple[str, str], ...]:
    """The tag in canonical form: ``who=`` the member's own name, ``with=`` the way's label."""
    attrs = with_names(command, command.answer_attrs(), who=view.name)
    return with_attr(command, attrs, "with", way.label) if way is not None else attrs
