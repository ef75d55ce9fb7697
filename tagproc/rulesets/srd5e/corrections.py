"""The known errors of the SRD data against the printed SRD 5.1, and their correction.

Invariant: ``correct`` changes only the entries ``CORRECTIONS`` names, and only the label, weight and cost
each correction gives; every correction says why (SOURCE.md, "Known quirks of the data").
"""

from __future__ import annotations

from dataclasses import dataclass

from tagproc.rulesets.srd5e.common import JSONObject, whole_weight

__all__ = ["CORRECTIONS", "Correction", "correct"]


@dataclass(frozen=True, slots=True)
class Correction:
    """A known error of the data against the printed SRD 5.1, and what the ruleset ships instead."""

    cost: tuple[int, str] | None
    weight: float | None
    label: str | None
    why: str


#: Known data errors (SOURCE.md, "Known quirks of the data"), keyed by catalog/entry.
CORRECTIONS: dict[str, Correction] = {
    # The data prices one caltrop (5 cp) but weighs the bag (2 lb); the SRD sells a bag of 20 for 1 gp.
    "equipment/caltrops": Correction(
        cost=(1, "gp"),
        weight=None,
        label="Caltrops (bag of 20)",
        why="SRD 5.1: caltrops (bag of 20), 1 gp, 2 lb",
    ),
    # The data prices one spike (1 sp) but weighs ten (5 lb); the SRD sells ten for 1 gp.
    "equipment/spike-iron": Correction(
        cost=(1, "gp"), weight=None, label="Iron spikes (10)", why="SRD 5.1: spikes, iron (10), 1 gp, 5 lb"
    ),
    # Barding costs four times the armor (ring mail 30 gp); the data says 12 gp.
    "equipment/barding-ring-mail": Correction(
        cost=(120, "gp"), weight=None, label=None, why="SRD 5.1: barding costs 4 x the armor, ring mail 30 gp"
    ),
    # Missing from the equipment file; the SRD's adventuring gear sells it at 50 gp, 1/2 lb (open5e srd-2024).
    "magic_items/potion-of-healing": Correction(
        cost=(50, "gp"), weight=0.5, label=None, why="SRD adventuring gear: potion of healing, 50 gp, 1/2 lb"
    ),
}


def correct(ref: str, entry: JSONObject) -> JSONObject:
    """Apply CORRECTIONS to one entry (and nothing else)."""
    fix = CORRECTIONS.get(ref)
    if fix is None:
        return entry
    if fix.label is not None:
        entry["label"] = fix.label
    item = entry["item"]
    if fix.weight is not None:
        item.setdefault("stats", {})["weight"] = whole_weight(fix.weight)
    if fix.cost is not None:
        item["cost"] = {"amount": fix.cost[0], "unit": fix.cost[1]}
    return entry
