"""Inventory tags into commands: one command per item of the tag (DESIGN.md "Tags the GM writes").

Owns how the canonical attributes of an ``[inventory:]`` tag become ``Add``, ``Remove``, ``Give``, ...,
``Pay`` and ``Earn``: ``item=`` and ``items=`` cut into one command per item (``lists.split_items``: line
breaks and bullets first, then commas and "and" where the pieces are not one item's own name), ``count=``
read (numbers in words and other forms), each item name resolved (``items.resolve_item``), money amounts
read (``coins.read_amount``) and an invented item's description read (``proposal.read_proposal``).

Invariants:
- One item's problem makes that item ``Unreadable``; the other items of the tag still run.
- A problem with the tag as a whole (no item, a bad ``count=``) makes the whole tag one ``Unreadable``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from tagproc.commands import (
    Add,
    Bind,
    Buy,
    Earn,
    Equip,
    Give,
    Inspect,
    Pay,
    Remove,
    Reveal,
    Sell,
    Unbind,
    Unequip,
    Unreadable,
    Use,
)
from tagproc.names import ItemNames
from tagproc.normalize.coins import ReadAmount, read_amount
from tagproc.normalize.counts import Problem, read_count, read_number
from tagproc.normalize.items import ResolvedItem, names_no_item, resolve_item
from tagproc.normalize.keys import Attrs
from tagproc.normalize.lists import split_items
from tagproc.normalize.nouns import cut_name
from tagproc.normalize.proposal import ReadProposal, read_proposal
from tagproc.notes import note
from tagproc.repairs import Repair
from tagproc.trusted import trusted
from tagproc.vocabulary import PROPOSAL_KEYS

__all__ = ["Built", "inventory_commands"]

Built = (
    Add | Remove | Give | Equip | Unequip | Bind | Unbind | Use | Reveal | Inspect | Buy | Sell | Pay | Earn
)

_SIMPLE: Mapping[str, type[Add | Remove | Equip | Unequip | Bind | Unbind | Use | Reveal]] = MappingProxyType(
    {
        "add": Add,
        "remove": Remove,
        "equip": Equip,
        "unequip": Unequip,
        "bind": Bind,
        "unbind": Unbind,
        "use": Use,
        "reveal": Reveal,
    }
)

# Each command built unvalidated when its count holds (an ``int`` of at least 1) and, for money, it has an
# amount: every other field is an ``ItemRef``, a ``Proposal``, a str or None (``Attrs.text``), or the tuples
# of repairs and notes made so far, as validation leaves them (``tests/test_normalize_trusted.py``).
_TRUSTED: Mapping[type[Built], Callable[..., Built]] = MappingProxyType(
    {model: trusted(model) for model in (*_SIMPLE.values(), Give, Buy, Sell, Inspect, Pay, Earn)}
)


def inventory_commands(attrs: Attrs, names: ItemNames, raw: str) -> list[Built | Unreadable]:
    """The commands of one inventory tag whose keys are canonical."""
    for key in ("who", "to", "seller"):
        value = attrs.values.get(key)
        if value is not None and (text := value.strip()):  # ``attrs.text(key)``, for the keys written
            attrs.values[key] = cut_name(text, key, attrs.repairs, attrs.notes)
    if attrs.verb in ("pay", "earn"):
        return [_money(attrs, names, raw)]
    given: int | None = None
    if (count_text := attrs.text("count")) is not None:
        count = read_count(count_text, None, attrs.repairs, attrs.notes)
        if isinstance(count, Problem):
            return [_unreadable(attrs, raw, count)]
        given = count
    written = _item_texts(attrs, names)
    if not written:
        return [_unreadable(attrs, raw, Problem("missing-key", note("read_inventory.no_item")))]
    back = next((text for text in written if names_no_item(text)), None) if len(written) > 1 else None
    if back is not None:
        # "Torch, 2 more": two more of which, and is that two or three? Refused whole, never read apart.
        return [_unreadable(attrs, raw, Problem("unreadable", note("read_inventory.points_back", text=back)))]
    proposal = _proposal(attrs, names, len(written))
    if isinstance(proposal, Problem):
        return [_unreadable(attrs, raw, proposal)]
    return [_one_item(attrs, names, raw, text, given, proposal) for text in written]


def _item_texts(attrs: Attrs, names: ItemNames) -> list[str]:
    """The names of ``item=`` then ``items=``, each list cut as ``lists.split_items`` says; a described new
    item (proposal keys) has one name, whatever its commas."""
    texts: list[str] = []
    one = attrs.text("item")
    if one is not None:
        if not attrs.values.keys().isdisjoint(PROPOSAL_KEYS):
            texts.append(one)
        else:
            texts += split_items(one, names, and_splits=False, repairs=attrs.repairs)
    many = attrs.text("items")
    if many is not None:
        texts += split_items(many, names, and_splits=True, repairs=attrs.repairs)
    return texts


def _proposal(attrs: Attrs, names: ItemNames, items: int) -> ReadProposal | Problem | None:
    if attrs.values.keys().isdisjoint(PROPOSAL_KEYS):
        return None
    written = {key: attrs.values[key] for key in PROPOSAL_KEYS if key in attrs.values}
    if items > 1:
        return Problem("unreadable", note("read_inventory.one_new_item"))
    return read_proposal(written, names)


def _one_item(
    attrs: Attrs, names: ItemNames, raw: str, text: str, given: int | None, proposal: ReadProposal | None
) -> Built | Unreadable:
    resolved = resolve_item(text, given, names, loose=proposal is None)
    if isinstance(resolved, Problem):
        return _unreadable(attrs, raw, resolved)
    repairs = (*attrs.repairs, *resolved.repairs, *(proposal.repairs if proposal else ()))
    notes = (*attrs.notes, *resolved.notes, *(proposal.notes if proposal else ()))
    common = {
        "item": resolved.item,
        "count": resolved.count,
        "who": attrs.text("who"),
        "repairs": repairs,
        "notes": notes,
    }
    return _build(attrs, resolved, common, proposal)


def _build(
    attrs: Attrs, resolved: ResolvedItem, common: dict[str, object], proposal: ReadProposal | None
) -> Built:
    verb = attrs.verb
    if verb == "add":
        model: type[Built] = Add
        fields = {**common, "proposal": proposal.proposal if proposal else None}
    elif verb in _SIMPLE:
        model, fields = _SIMPLE[verb], common
    elif verb == "give":
        model, fields = Give, {**common, "to": attrs.text("to")}
    elif verb == "buy":
        model, fields = Buy, {**common, "level": attrs.text("level"), "seller": attrs.text("seller")}
    elif verb == "sell":
        model, fields = Sell, {**common, "seller": attrs.text("seller")}
    elif verb == "inspect":
        model, fields = Inspect, {**common, "seller": attrs.text("seller"), "way": attrs.text("with")}
    else:  # pragma: no cover - tables forbid it
        raise ValueError(f"no command for inventory action {verb!r}")
    if type(resolved.count) is int and resolved.count >= 1:
        return _TRUSTED[model](**fields)
    return model.model_validate(fields)  # pragma: no cover - a resolved count holds


def _money(attrs: Attrs, names: ItemNames, raw: str) -> Pay | Earn | Unreadable:
    """``pay``/``earn``: ``amount="3 shillings"``, or ``item="penny" count="4"`` (DESIGN.md)."""
    given: int | None = None
    if (count_text := attrs.text("count")) is not None:
        count = read_count(count_text, None, attrs.repairs, attrs.notes)
        if isinstance(count, Problem):
            return _unreadable(attrs, raw, count)
        given = count
    amount, coin = attrs.text("amount"), attrs.text("item") or attrs.text("items")
    read: ReadAmount | Problem
    if amount is not None and coin is not None and (number := read_number(amount)) is not None:
        # amount="4" item="pennies": the amount is the count.
        if given is not None and given != number:
            return _unreadable(
                attrs,
                raw,
                Problem(
                    "count-conflict", note("read_inventory.amount_and_count", amount=amount, given=given)
                ),
            )
        attrs.repairs.append(
            Repair("amount-as-count", f'amount="{amount}" item="{coin}"', f"{number} {coin}")
        )
        read = read_amount(coin, names, number)
    elif amount is not None:
        read = read_amount(amount, names, given)
    elif coin is not None:
        read = read_amount(coin, names, given)
    else:
        read = Problem("missing-key", note("read_inventory.no_amount"))
    if isinstance(read, Problem):
        return _unreadable(attrs, raw, read)
    model = Pay if attrs.verb == "pay" else Earn
    build = _TRUSTED[model] if type(read.amounts) is tuple and read.amounts else model
    return build(  # type: ignore[return-value]
        amounts=read.amounts,
        who=attrs.text("who"),
        repairs=(*attrs.repairs, *read.repairs),
        notes=(*attrs.notes, *read.notes),
    )


def _unreadable(attrs: Attrs, raw: str, problem: Problem) -> Unreadable:
    return Unreadable(
        raw=raw,
        reason=problem.reason,
        detail=problem.detail,
        tag="inventory",
        repairs=tuple(attrs.repairs),
        notes=tuple(attrs.notes),
    )
