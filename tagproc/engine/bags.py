"""Bags: what a stack is, finding stacks by name, and adding to or taking from one bag (spec "What reads items").

Owns ``What`` (the identity a name resolves to: a ruleset item by its ref, a coin by its id, an invented item
by its key, a plain item by its folded name; defined beside ``Rules``, which keeps a coin's and a ruleset
item's, and re-exported here), ``resolve`` (an ``ItemRef`` into a ``What`` and the rules its stacks follow), and the stack arithmetic every inventory action shares: ``add`` fills the stacks already held
and starts new ones past the item's ``stack`` limit ("adding, setting, merging or giving past it fills the
stack and starts a new one"), ``take`` takes across stacks and never below zero, ``put`` pours taken pieces
into another bag.

Invariants:
- Every function returns a new bag; no stack's ``count`` is ever below 1 (an emptied stack is dropped) nor,
  where the bag adds, above the item's stack limit.
- Only *fresh* stacks merge (not worn, bound, toggled, with no charges or loaded count of their own, no ended
  curse): a stack that keeps a state of its own is one item's and stays apart.
- Taking prefers stacks that are neither worn nor bound, the last of them first, so full stacks stay full.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from tagproc.commands import ItemRef
from tagproc.engine.rules import Resolved, Rules, What, stack_key
from tagproc.engine.state import GameState, Stack, trusted_stack
from tagproc.engine.trusted import replaced
from tagproc.ruleset import Item

__all__ = [
    "MAX_BAG_STACKS",
    "Keep",
    "Resolved",
    "What",
    "add",
    "count_held",
    "indices_of",
    "is_cursed",
    "is_fresh",
    "is_of",
    "named",
    "new_stack",
    "put",
    "resolve",
    "stack_room",
    "take",
    "with_count",
]


# Decision (the spec names no number: "more stacks than a bag takes at once"): a bag holds at most this many
# stacks. What would need more (40 tags of 9,999 of a stack-1 item) is answered as left behind, so a state
# stays small and fast however large the counts a reply writes.
MAX_BAG_STACKS = 200


def resolve(ref: ItemRef, state: GameState, rules: Rules) -> Resolved:
    """What ``ref`` names: a coin, one of the ruleset's items (its label, already found by the normaliser),
    an item invented this game (its name), or else a plain item by its name."""
    if ref.coin is not None and ref.coin in rules.coins_by_id:
        return rules.coin_resolved(ref.coin)
    if ref.label is not None:
        found = rules.label_resolved(ref.label)  # ``entry_resolved`` of ``rules.book.find(ref.label)``
        if found is not None:
            return found
    invented = state.invented_item(stack_key(ref.name))
    if invented is not None:
        return Resolved(What(invented.name, invented=invented.key), invented.item)
    return Resolved(What(ref.name), None)


def named(name: str, rules: Rules) -> ItemRef:
    """An item as a player's action or a fight's report names it (a button's or a dialog's name, not model
    text, so no sloppy repairs): a ruleset item by its label in any case or its ``catalog/entry``, a coin by
    its id, label or ``one`` name, else an invented or plain item by that name (``resolve`` looks it up)."""
    text = " ".join(name.split())
    entry = rules.book.get(text) or rules.book.find(text)
    if entry is not None:
        return ItemRef(name=entry.label, label=entry.label)
    coin = rules.book.coin(text)
    if coin is not None:
        return ItemRef(name=coin.label, coin=coin.id)
    return ItemRef(name=text)


def new_stack(what: What, count: int) -> Stack:
    """A fresh stack of ``count`` of ``what``: built unvalidated when the count and the name hold (a whole
    number of at least 1, a name of 1 to 120 characters; the rest are a ``What``'s strings), else validated
    as ever (and refused)."""
    checked = type(count) is int and count >= 1 and 1 <= len(what.name) <= _MOST_NAME
    build: Callable[..., Stack] = trusted_stack if checked else Stack
    return build(
        name=what.name,
        count=count,
        item=what.item,
        coin=what.coin,
        invented=what.invented,
        passes_as=what.passes_as,
    )


_MOST_NAME = 120  # ``Stack.name``'s max_length


def is_of(stack: Stack, what: What) -> bool:
    """Whether ``stack`` is ``what``: the same item, coin or invented item, or a plain item of that name. A
    fake that still fools is also the item it passes for (a name of that item finds it)."""
    if what.item is not None:
        if what.passes_as is not None:  # a fake as such: only a stack of that fake, fooling alike
            return stack.item == what.item and stack.passes_as == what.passes_as
        return stack.item == what.item or (stack.passes_as is not None and stack.passes_as == what.item)
    if what.coin is not None:
        return stack.coin == what.coin
    if what.invented is not None:
        return stack.invented == what.invented
    plain = stack.item is None and stack.coin is None and stack.invented is None
    return plain and stack_key(stack.name) == stack_key(what.name)


def indices_of(bag: tuple[Stack, ...], what: What) -> list[int]:
    """The indices of the stacks of ``bag`` that are ``what`` (``is_of``), in bag order: a coin's and a
    ruleset item's compared inline, as ``count_held`` does, any other through ``is_of``."""
    found: list[int] = []
    if what.coin is not None and what.item is None:  # a coin's stacks are those of its id
        coin = what.coin
        for index, stack in enumerate(bag):
            if stack.coin == coin:
                found.append(index)
    elif what.item is not None and what.passes_as is None:  # a ruleset item's, or a fake's passing for it
        item = what.item
        for index, stack in enumerate(bag):
            if stack.item == item or (stack.passes_as is not None and stack.passes_as == item):
                found.append(index)
    else:
        for index, stack in enumerate(bag):
            if is_of(stack, what):
                found.append(index)
    return found


def is_fresh(stack: Stack) -> bool:
    """A stack with no state of its own, which more of the same may merge into."""
    return not (
        stack.worn
        or stack.passes_as is not None  # a fake keeps its own stack: it never merges into a real one
        or stack.suspected_by
        or stack.inspected_by
        or stack.bound
        or stack.toggled
        or stack.curse_ended
        or stack.charges is not None
        or stack.loaded is not None
    )


def is_cursed(stack: Stack, item: Item | None) -> bool:
    """A cursed item once bound stays bound (spec "Items on the sheet": binding), until the GM ends the curse."""
    return item is not None and item.is_cursed and stack.bound and not stack.curse_ended


def count_held(bag: Iterable[Stack], what: What) -> int:
    """How many of ``what`` ``bag`` holds (every stack ``is_of`` it)."""
    total = 0
    if what.coin is not None and what.item is None:  # a coin's stacks are those of its id (``is_of``, inline)
        coin = what.coin
        for stack in bag:
            if stack.coin == coin:
                total += stack.count
        return total
    if what.item is not None and what.passes_as is None:  # a ruleset item's, or a fake's that passes for it
        item = what.item
        for stack in bag:
            if stack.item == item or (stack.passes_as is not None and stack.passes_as == item):
                total += stack.count
        return total
    for stack in bag:
        if is_of(stack, what):
            total += stack.count
    return total


def with_count(stack: Stack, count: int) -> Stack:
    """``stack`` holding ``count``. Only the count changes and the rest was validated, so a count that holds
    (a whole number, at least 1) is copied in unvalidated; any other is validated as ever (and refused)."""
    if type(count) is int and count >= 1:
        return replaced(stack, count=count)
    return Stack.model_validate({**stack.model_dump(), "count": count})


def add(bag: tuple[Stack, ...], what: What, count: int, limit: int | None) -> tuple[Stack, ...]:
    """``count`` more of ``what``: fill the fresh stacks held (in bag order), then start new ones."""
    stacks = list(bag)
    left = count
    for index in indices_of(bag, what):
        if left == 0:
            break
        stack = bag[index]
        if not is_fresh(stack):
            continue
        room = left if limit is None else max(0, limit - stack.count)
        moved = min(room, left)
        if moved:
            stacks[index] = with_count(stack, stack.count + moved)
            left -= moved
    while left:
        moved = left if limit is None else min(limit, left)
        stacks.append(new_stack(what, moved))
        left -= moved
    return tuple(stacks)


def stack_room(bag: tuple[Stack, ...], what: What, limit: int | None) -> int:
    """How many more of ``what`` ``bag`` takes without holding more than ``MAX_BAG_STACKS`` stacks."""
    free = max(0, MAX_BAG_STACKS - len(bag))
    if limit is None and free:  # a new stack takes any number
        return _ANY
    fresh = [stack for stack in bag if is_of(stack, what) and is_fresh(stack)]
    if limit is None:
        return _ANY if fresh else 0
    return sum(max(0, limit - stack.count) for stack in fresh) + free * limit


_ANY = 10**15  # more than any count a tag can ask for

Keep = Callable[[Stack], bool]  # which stacks a move holds on to (``take``'s ``keep``: a bound cursed item)


def taking_order(bag: tuple[Stack, ...], what: What, keep: Keep | None = None) -> list[int]:
    """The stacks of ``what`` to take from, in order: neither worn nor bound first, the last of them first
    (``keep``: the stacks never taken; None keeps none)."""
    loose: list[int] = []
    held: list[int] = []
    for index in reversed(indices_of(bag, what)):  # the last first
        stack = bag[index]
        if keep is None or not keep(stack):
            (held if stack.worn or stack.bound else loose).append(index)
    return loose + held


def take(
    bag: tuple[Stack, ...], what: What, count: int, keep: Keep | None = None, *, pieces: bool = True
) -> tuple[tuple[Stack, ...], tuple[Stack, ...]]:
    """Take up to ``count`` of ``what`` out of ``bag``, never from a stack ``keep`` holds on to (None: from
    any).

    Returns the bag after and the pieces taken (each a stack as it was, with the count taken from it); with
    ``pieces=False`` no piece is made (a payment's coins, which go nowhere) and the pieces are ``()``.
    """
    stacks: list[Stack | None] = list(bag)
    taken: list[Stack] = []
    left = count
    emptied = False
    for index in taking_order(bag, what, keep):
        if left == 0:
            break
        stack = bag[index]
        moved = min(stack.count, left)
        if pieces:
            taken.append(stack if moved == stack.count else with_count(stack, moved))
        if moved == stack.count:
            stacks[index] = None
            emptied = True
        else:
            stacks[index] = with_count(stack, stack.count - moved)
        left -= moved
    if not emptied:  # every stack still holds some: the list as it is
        return tuple(stacks), tuple(taken)  # type: ignore[arg-type]  # no None in it
    return tuple([stack for stack in stacks if stack is not None]), tuple(taken)


def put(bag: tuple[Stack, ...], pieces: Iterable[Stack], what: What, limit: int | None) -> tuple[Stack, ...]:
    """Pour ``pieces`` into ``bag``, taken off (not worn, not bound): fresh ones merge, the rest stay apart."""
    for piece in pieces:
        if is_fresh(piece):  # neither worn nor bound, nothing of its own: only its count is poured in
            bag = add(bag, what, piece.count, limit)
            continue
        loose = replaced(piece, worn=False, bound=False)
        bag = add(bag, what, loose.count, limit) if is_fresh(loose) else (*bag, loose)
    return bag
