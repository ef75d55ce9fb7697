"""The generator of the shipped ``srd-5e`` ruleset, one module per part of the file it writes.

The package owns the translation from the SRD data (5e-bits' 5e-database and open5e, described in
``data/srd5e/SOURCE.md``) into the ruleset file format (DESIGN.md "The specification"); ``tagproc.rulesets.build_srd5e``
is its command line. It keeps three invariants:

- Deterministic: the same data gives the same file, byte for byte (data order, no clock, no randomness).
- Faithful: every equipment item keeps its SRD cost (a whole amount in its SRD coin) and weight, except the
  few known data errors SOURCE.md lists, each corrected in ``corrections.CORRECTIONS`` with the reason
  (and no cost where the data's 0 stands for the SRD printing no price: an item found only in a pack).
- Bundles are sold as the SRD sells them: an entry is what one purchase gives (``Arrows (20)`` for 1 gp,
  1 lb), because an item's ``cost`` is a whole amount of one coin and 20 sling bullets cost 4 cp.

Modules: ``common`` (shared tables and text helpers), ``corrections``, ``equipment``, ``magic``,
``services``, ``items`` (the items block), ``market`` (markets, loot tables, starting gear), ``sheet`` and
``ruleset`` (the whole file, and its text).
"""
