"""The facts of one item and of one held entry, as the GM's inventory says them (spec "What reads items":
"The Game Master sees each of your items it holds with its category, rarity, tags and the stats you left
``promptVisible``, such as ``Hand axe [Weapon, Common, Thrown; Damage 1d6, Reach close]``", and "Money").

Owns ``item_facts`` (what is said in the brackets after an item: category, rarity and tags by their labels;
the visible stats; ``costs 3 shillings``; worn and carried effects; requirements; the attack; the use),
``coin_facts`` (a coin's bracket: its family's label, ``shillings ×12 [Coin]``) and ``held_entries`` (a
bag's stacks as entries: one per item and name, counts summed, with what is worn, bound, cursed and the
charges each stack has left). ``prompts/blocks/item.jinja`` says them; the market block reuses its
``item`` macro for wares.

Invariants:
- A stat with ``promptVisible: false`` is never among the facts; a true boolean stat is its label alone
  (``value`` None) and a false one is left out; an enum value is said by its ``valueLabels`` where it has one.
- A cost is said in its own coin, ``one`` for exactly one of it; where a layer took that coin out, in the
  largest coin left of its family that pays the same worth exactly; with its whole family gone, not at all.
- Plain items (no ruleset item) have no facts; invented items have their invented item's.

A fake that still fools (``Stack.passes_as`` set; spec "Honest and dishonest sellers": "A fake in the bag
shows as the item it passes for ... and keeps what it truly is. The Game Master's inventory block marks it
``(FAKE: really <name>)``") is an entry by the name it is shown by, with ``fake`` its true label and the
facts of what it truly is: the GM knows the truth, the players only the name. Who thinks it is a fake (an
inspect's success, ``Stack.suspected_by``) is ``suspected``, said on whatever stack carries it.

Decisions where the spec is silent: stacks of one item under one name are one entry (their counts summed,
in the bag's order of first appearance), a stack called by another name than its item's is an entry of its
own (``Nickname (Name)``), and so is a fake that fools, or one somebody suspects (the name it is shown by is
no nickname, so it has no own name); a cursed item that is bound and whose curse holds says so beside
``bound``.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from dataclasses import dataclass

from tagproc.engine.bags import is_cursed
from tagproc.engine.charges import charges_left, charges_max
from tagproc.engine.rules import Rules, stack_key
from tagproc.engine.state import GameState, Member, Stack
from tagproc.prompt.inv_attack import AttackFacts, UseFacts, attack_of, use_of
from tagproc.prompt.inv_effects import Effect, Need, effects_of, needs_of
from tagproc.prompt.inv_words import Number, Words, number
from tagproc.ruleset import Item
from tagproc.ruleset.item import Cost

__all__ = ["Entry", "ItemFacts", "Price", "Stat", "coin_facts", "held_entries", "item_facts", "price_of"]


@dataclass(frozen=True, slots=True)
class Stat:
    """A visible stat: its label and value (None: a true boolean, said by its label alone)."""

    label: str
    value: str | Number | None


@dataclass(frozen=True, slots=True)
class Price:
    """``amount`` of one coin, named for that amount (``1 crown``, ``3 shillings``)."""

    amount: int
    coin: str


@dataclass(frozen=True, slots=True)
class ItemFacts:
    """What the brackets after an item say, each part empty where the item has none."""

    category: str
    rarity: str | None = None
    tags: tuple[str, ...] = ()
    stats: tuple[Stat, ...] = ()
    cost: Price | None = None
    worn: tuple[Effect, ...] = ()
    carried: tuple[Effect, ...] = ()
    needs: tuple[Need, ...] = ()
    attack: AttackFacts | None = None
    use: UseFacts | None = None


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry of a bag: ``name`` (what its stacks are called), ``own_name`` (the item's own name, where
    the stacks are called otherwise), how many, how many of them are worn, bound and cursed, the charges
    ``(left, most)`` of each stack that holds them, the item's facts (None for a plain item), ``fake`` (the
    true label of a fake that still fools: its facts are its true item's) and ``suspected`` (the members
    who think it is a fake)."""

    name: str
    count: int
    own_name: str | None = None
    worn: int = 0
    bound: int = 0
    cursed: int = 0
    charges: tuple[tuple[int, int], ...] = ()
    facts: ItemFacts | None = None
    fake: str | None = None
    suspected: tuple[str, ...] = ()


def _stat_value(value: object, type_: str, labels: dict[str, str] | None) -> str | Number | None:
    if type_ == "boolean" or isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return number(value)
    text = str(value)
    return labels.get(text, text) if labels else text


def _stats(item: Item, rules: Rules) -> tuple[Stat, ...]:
    block = rules.block
    found: list[Stat] = []
    for stat in block.stats if block is not None else ():
        value = item.stats.get(stat.id)
        if not stat.prompt_visible or value is None or value is False or value == "":
            continue
        found.append(Stat(stat.label, _stat_value(value, stat.type, stat.value_labels)))
    return tuple(found)


def price_of(cost: Cost, rules: Rules) -> Price | None:
    """A cost as the GM is told it (spec "Money": ``costs 3 shillings``), or None when no coin of its
    family is left in the game."""
    coin = rules.coins_by_id.get(cost.unit)
    if coin is not None:
        return Price(cost.amount, rules.coin_name(coin.id, cost.amount))
    block = rules.ruleset.items
    written = block.coins_by_id.get(cost.unit) if block is not None else None
    if written is None:
        return None
    family, unit = written
    worth = cost.amount * unit.value
    left = [c for c in rules.book.coins() if c.family.id == family.id]
    for each in sorted(left, key=lambda c: -c.value):
        if worth % each.value == 0:
            amount = worth // each.value
            return Price(amount, rules.coin_name(each.id, amount))
    return None


def item_facts(item: Item, words: Words) -> ItemFacts:
    """Everything the brackets after ``item`` say."""
    rules = words.rules
    return ItemFacts(
        category=words.of(words.categories, item.category),
        rarity=words.of(words.rarities, item.rarity) if item.rarity else None,
        tags=tuple(words.of(words.tags, tag) for tag in item.tags),
        stats=_stats(item, rules),
        cost=price_of(item.cost, rules) if item.cost is not None else None,
        worn=effects_of(item.worn, words),
        carried=effects_of(item.carried, words),
        needs=needs_of(item.requires, words),
        attack=attack_of(item, words),
        use=use_of(item, words),
    )


def coin_facts(coin_id: str, rules: Rules) -> ItemFacts | None:
    """A coin's bracket: its family's label (``[Coin]``)."""
    coin = rules.coins_by_id.get(coin_id)
    return ItemFacts(category=coin.family.label) if coin is not None else None


def _identity(stack: Stack) -> tuple[str, str]:
    if stack.item is not None:
        return "item", stack.item
    if stack.coin is not None:
        return "coin", stack.coin
    if stack.invented is not None:
        return "invented", stack.invented
    return "plain", stack_key(stack.name)


def _own_name(stack: Stack, state: GameState, rules: Rules) -> str:
    if stack.item is not None:
        entry = rules.entry(stack.item)
        return entry.label if entry is not None else stack.name
    if stack.coin is not None:
        coin = rules.coins_by_id.get(stack.coin)
        return coin.label if coin is not None else stack.name
    if stack.invented is not None:
        invented = state.invented_item(stack.invented)
        return invented.name if invented is not None else stack.name
    return stack.name


FactsCache = MutableMapping[tuple[str, str], ItemFacts | None]


def _facts(stack: Stack, state: GameState, words: Words, cache: FactsCache) -> ItemFacts | None:
    key = _identity(stack)
    if key in cache:
        return cache[key]
    if stack.coin is not None:
        found = coin_facts(stack.coin, words.rules)
    else:
        item = words.rules.item_of(stack, state)
        found = item_facts(item, words) if item is not None else None
    cache[key] = found
    return found


def held_entries(member: Member, state: GameState, words: Words, cache: FactsCache) -> tuple[Entry, ...]:
    """``member``'s bag as entries, in the order each item first appears in it (``cache`` keeps each item's
    facts for the other bags of the same draft)."""
    rules = words.rules
    groups: dict[tuple[str, str, str, str | None, tuple[str, ...]], list[Stack]] = {}
    for stack in member.bag:
        kind, ident = _identity(stack)
        key = (kind, ident, stack.name, stack.passes_as, stack.suspected_by)
        groups.setdefault(key, []).append(stack)
    entries: list[Entry] = []
    for stacks in groups.values():
        first = stacks[0]
        item = rules.item_of(first, state)
        own = _own_name(first, state, rules)
        # A fake that fools: its true label (the name it is shown by is no nickname).
        fake = own if first.passes_as is not None else None
        charges: list[tuple[int, int]] = []
        if item is not None and charges_max(item) is not None:
            most = charges_max(item) or 0
            charges = [(charges_left(stack, item) or 0, most) for stack in stacks]
        entries.append(
            Entry(
                name=first.name,
                count=sum(stack.count for stack in stacks),
                own_name=own if own != first.name and fake is None else None,
                worn=sum(stack.count for stack in stacks if stack.worn),
                bound=sum(stack.count for stack in stacks if stack.bound),
                cursed=sum(stack.count for stack in stacks if is_cursed(stack, item)),
                charges=tuple(charges),
                facts=_facts(first, state, words, cache),
                fake=fake,
                suspected=first.suspected_by,
            )
        )
    return tuple(entries)
