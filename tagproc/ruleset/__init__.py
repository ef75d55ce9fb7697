"""Rulesets: the items block, item catalogs and the sheet slice items read, loaded and validated.

The public face of the package: load a ruleset (:func:`load_ruleset`, :func:`check_ruleset`), read its items
and coins through an :class:`ItemBook`, and work a value reference out with :func:`evaluate` over a
:class:`ValueContext`. Modules: ``base`` (model bases), ``refs`` (value references), ``sheet`` (resolution,
sheet, rests), ``item`` (an item), ``models`` (the file and its items block), ``errors`` (problems and paths),
``keys`` (the keys an object may have, for "did you mean"), ``checks``/``validate``/``validate_items``
(cross-references), ``capability`` (Capability API gating), ``load``, ``book``, ``values`` (the evaluator)
and ``schema``.
"""

from tagproc.ruleset.book import BookCoin, BookItem, ItemBook, item_matches
from tagproc.ruleset.capability import parse_version
from tagproc.ruleset.errors import Problem, RulesetError
from tagproc.ruleset.item import Item, ItemFilter
from tagproc.ruleset.load import check_ruleset, load_ruleset, parse_ruleset, shipped_names
from tagproc.ruleset.models import ItemsBlock, Ruleset
from tagproc.ruleset.refs import ItemStatQuery, ValueRef
from tagproc.ruleset.schema import ruleset_json_schema
from tagproc.ruleset.values import ValueContext, ValueReferenceError, evaluate, modifier_of

__all__ = [
    "BookCoin",
    "BookItem",
    "Item",
    "ItemBook",
    "ItemFilter",
    "ItemStatQuery",
    "ItemsBlock",
    "Problem",
    "Ruleset",
    "RulesetError",
    "ValueContext",
    "ValueRef",
    "ValueReferenceError",
    "check_ruleset",
    "evaluate",
    "item_matches",
    "load_ruleset",
    "modifier_of",
    "parse_ruleset",
    "parse_version",
    "ruleset_json_schema",
    "shipped_names",
]
