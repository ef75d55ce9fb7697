"""The rulesets tagproc ships: Ember Roads, Gravewatch and srd-5e (JSON files beside this module)."""
