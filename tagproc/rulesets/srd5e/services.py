"""The open5e SRD 2024 services as the ``services`` catalog: service items with a price in one coin.

Invariants: a service without a price is left out, and so is one the SRD 5.1 equipment already sells;
a price is the largest of gp, sp, cp that pays it in whole coins (never a fraction of a coin); every service
carries the tag of its kind (``SERVICE_TAGS``: board and lodging, hire, spellcasting), which says who sells it.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from tagproc.rulesets.srd5e.common import COIN_VALUE, SUMMARY_MAX, JSONObject, clean_text, load

__all__ = ["SERVICE_TAGS", "SKIPPED_SERVICES", "cost_in_one_coin", "service_item", "services"]

#: open5e services left out: one the SRD 5.1 equipment already sells (stabling).
SKIPPED_SERVICES = {"srd-2024_stabling-per-day"}

#: A service's tag, by the start of its id: the inn's board and hire, the temple's spellcasting.
SERVICE_TAGS: tuple[tuple[str, str], ...] = (
    ("lifestyle-", "board"),
    ("lodging-", "board"),
    ("meal-", "board"),
    ("messenger", "hire"),
    ("skilled-hireling", "hire"),
    ("untrained-hireling", "hire"),
    ("spellcasting-", "spellcasting"),
)


def cost_in_one_coin(gp: str) -> JSONObject:
    """An open5e decimal price in gold as a whole amount of the largest coin of gp, sp, cp that pays it."""
    copper = Decimal(gp) * COIN_VALUE["gp"]
    for unit in ("gp", "sp", "cp"):
        amount = copper / COIN_VALUE[unit]
        if amount == amount.to_integral_value():
            return {"amount": int(amount), "unit": unit}
    raise ValueError(f"price {gp} gp is not a whole number of copper")


def service_item(raw: JSONObject) -> JSONObject | None:
    """One open5e SRD 2024 service as a service item, or None where it has no price to pay."""
    fields = raw["fields"]
    if Decimal(fields["cost"]) == 0:
        return None
    entry: JSONObject = {
        "id": raw["pk"].removeprefix("srd-2024_"),
        "label": fields["name"].replace(" - ", ": "),
    }
    detail = f" ({fields['detail']})" if fields.get("detail") else ""
    summary = clean_text(fields.get("desc", "")) + detail
    if summary.strip():
        entry["summary"] = summary.strip()[:SUMMARY_MAX]
    entry["item"] = {
        "category": "services",
        "tags": [_service_tag(entry["id"])],
        "service": True,
        "cost": cost_in_one_coin(fields["cost"]),
    }
    return entry


def _service_tag(ident: str) -> str:
    """The tag of the service ``ident`` (SERVICE_TAGS); a service of no known kind is an error of the data."""
    for start, tag in SERVICE_TAGS:
        if ident.startswith(start):
            return tag
    raise ValueError(f"service {ident} is of no kind SERVICE_TAGS knows")


def services(src: Path) -> list[JSONObject]:
    """Every priced service of the data folder ``src``, in data order, less SKIPPED_SERVICES."""
    return [
        entry
        for raw in load(src, "open5e-srd-2024-Service.json")
        if raw["pk"] not in SKIPPED_SERVICES and (entry := service_item(raw)) is not None
    ]
