"""Blind conformance cases: each case in ``tests/conformance/cases/*.yaml`` is played as a transcript.

Written from the specification and the answer conventions alone (``CONVENTIONS.md``; "PEER §N" is its N-th section, in the order the reference engine numbers them: 1 Shape of an answer ... 11 [sheet:] and rests) (never from the engine's code). A case is
``{id, ruleset, seed, layers, party, turns, expect, holdings, stacks, why}`` (a turn is ``gm``, ``player``,
``regenerate``, or an action turn ``use``/``gear``/``edit``/``fight`` passed through as written); it is written out as a transcript and
played with ``run_transcript`` (what ``tagproc run --json`` does). ``python tests/conformance/run.py``
prints PASS, or FAIL with the expected and actual answer lines, per case (``CASE_ID ...`` runs only those;
``--by-cause`` prints the failures grouped by the causes ``test_conformance.py`` records).

Answer patterns (``expect[].answers``, ``at``, ``all``):
- a string is a whole answer line; a value ``?`` means "any value, or the key absent" (used for notes the
  conventions do not word), a value starting ``~`` is a regular expression the whole value must match;
- ``{tag, match: {key: value}, absent: [key], same: [key, key]}`` checks only the keys named (``same``:
  those keys carry one value).

Every answer of every case is also checked for PEER §1/§9/§11 key order and result shape.

A ruleset may be a shipped name or ``{base: <shipped name>, patch: <name>}``, one of the small derived
rulesets built here (``PATCHES``), for what no shipped ruleset has (no currencies, an empty loot table, the
spec's Markets fragment alone, its market-day fragment over it, no market, Ember Roads with a market).
"""

from __future__ import annotations

import copy
import json
import re
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
CASES = HERE / "cases"
SHIPPED = HERE.parent.parent / "tagproc" / "rulesets"

# PEER §1 (inventory), §9 (loot), §10 (place), §11 (sheet): the order keys come in.
ORDER = {
    "inventory": [
        "raw",
        "action",
        "item",
        "count",
        "who",
        "to",
        "level",
        "seller",
        "result",
        "now",
        "reason",
        "price",
        "note",
    ],
    "loot": ["raw", "table", "who", "result", "reason", "note"],
    # issue 12 brief: a refused gear is ONE answer [gear: gear="<label>" who="..." result="refused" reason=...].
    "gear": ["raw", "gear", "who", "result", "reason", "note"],
    # PEER §10: "[open] keep day="new" after size", so a kept day is allowed there.
    "place": ["raw", "name", "size", "day", "result", "reason", "note"],
    "sheet": [
        "raw",
        "who",
        "op",
        "pool",
        "amount",
        "track",
        "to",
        "by",
        "kind",
        "condition",
        "state",
        "field",
        "value",
        "rest",
        "result",
        "now",
        "reason",
        "note",
    ],
}
LINE = re.compile(r"^\[(\w+): (.*)\]$", re.DOTALL)
PAIR = re.compile(r'(\w+)="([^"]*)"')


def parse(line: str) -> tuple[str, list[tuple[str, str]]] | None:
    """An answer line as ``(tag name, [(key, value), ...])``; None if it is not one tag."""
    found = LINE.match(line.strip())
    if not found:
        return None
    body = found.group(2)
    pairs = PAIR.findall(body)
    if PAIR.sub("", body).strip():
        return None
    return found.group(1), pairs


def shape_problems(line: str) -> list[str]:
    """What in one answer line breaks PEER §1's key order or result shape."""
    parsed = parse(line)
    if parsed is None:
        return [f'not one tag of key="value" pairs: {line}']
    name, pairs = parsed
    keys = [k for k, _ in pairs]
    problems: list[str] = []
    order = ORDER.get(name)
    if order is None:
        return [f"unknown tag name {name!r}: {line}"]
    unknown = [k for k in keys if k not in order]
    if unknown:
        problems.append(f"keys {unknown} are never echoed in a [{name}:] answer (PEER §1): {line}")
    known = [k for k in keys if k in order]
    if known != sorted(known, key=order.index):
        problems.append(f"key order {known} is not PEER's {[k for k in order if k in known]}: {line}")
    if len(set(keys)) != len(keys):
        problems.append(f"a key twice: {line}")
    values = dict(pairs)
    result = values.get("result")
    if result == "refused" and "reason" not in values:
        problems.append(f"refused without reason: {line}")
    if result == "ok" and "reason" in values:
        problems.append(f"ok with a reason: {line}")
    if result == "ok" and name in ("inventory", "sheet") and "now" not in values:
        problems.append(f"ok without now (PEER §1/§11): {line}")
    if result == "refused" and "now" in values:
        problems.append(f"refused with a now (PEER §1: now|reason): {line}")
    return problems


def value_matches(expected: str, actual: str) -> bool:
    if expected.startswith("~"):
        return re.fullmatch(expected[1:], actual, re.DOTALL) is not None
    return expected == actual


def line_matches(pattern: Any, actual: str) -> bool:
    """Whether one answer line matches a pattern (a line with ``?``/``~`` values, or ``{match, absent}``)."""
    parsed = parse(actual)
    if parsed is None:
        return False
    name, pairs = parsed
    if isinstance(pattern, dict):
        values = dict(pairs)
        if "tag" in pattern and pattern["tag"] != name:
            return False
        for key, want in (pattern.get("match") or {}).items():
            if key not in values or not value_matches(str(want), values[key]):
                return False
        same = pattern.get("same", ())
        if same and len({values.get(key) for key in same}) != 1:
            return False
        return all(key not in values for key in pattern.get("absent", ()))
    want = parse(str(pattern))
    if want is None:
        raise ValueError(f"bad pattern line: {pattern}")
    want_name, want_pairs = want
    if want_name != name:
        return False
    loose = {k for k, v in want_pairs if v == "?"}
    want_rest = [(k, v) for k, v in want_pairs if k not in loose]
    have_rest = [(k, v) for k, v in pairs if k not in loose]
    if [k for k, _ in want_rest] != [k for k, _ in have_rest]:
        return False
    return all(value_matches(w, h) for (_, w), (_, h) in zip(want_rest, have_rest, strict=True))


def show(pattern: Any) -> str:
    return pattern if isinstance(pattern, str) else json.dumps(pattern, ensure_ascii=False)


# -- derived rulesets ------------------------------------------------------------------------------


def _no_coins(data: dict[str, Any]) -> None:
    data["items"].pop("currencies", None)
    for catalog in data.get("catalogs", ()):
        for entry in catalog.get("entries", ()):
            item = entry.get("item")
            if isinstance(item, dict):
                item.pop("cost", None)
    data["items"].pop("market", None)


def _empty_table(data: dict[str, Any]) -> None:
    data["items"]["lootTables"].append(
        {
            "id": "empty_crypt",
            "label": "An empty crypt",
            "rolls": 0,
            "entries": [{"item": "kit/black-candle", "weight": 1}],
        }
    )


def _no_invention(data: dict[str, Any]) -> None:
    data["items"]["propose"] = False


# items.txt "Markets": the spec's market fragment, word for word (tests/test_ruleset_shapes.py reads it too).
SPEC_MARKET: dict[str, Any] = {
    "prices": [
        {"id": "cheap", "label": "cheap", "times": 0.75},
        {"id": "fair", "label": "fair", "times": 1, "default": True},
        {"id": "dear", "label": "dear", "times": 1.5},
    ],
    "places": [
        {"id": "hamlet", "label": "hamlet"},
        {"id": "village", "label": "village"},
        {"id": "town", "label": "market town"},
        {"id": "city", "label": "city"},
    ],
    "sold": [
        {"filter": {"rarity": "rare"}, "place": "town"},
        {"filter": {"category": "arm"}, "place": "village"},
    ],
    "sellers": [
        {"id": "chandler", "label": "chandler", "sells": [{"category": "coat"}, {"category": "tonic"}]},
        {"id": "smith", "label": "smith", "sells": [{"category": "arm"}], "place": "village"},
        {
            "id": "chapel",
            "label": "chapel of the Vigil",
            "sells": [{"category": "page"}],
            "place": "town",
            "only": {
                "value": {"abilityScore": "nerve"},
                "atLeast": 3,
                "label": "wardens of Nerve 3 or more",
            },
        },
    ],
}


def _third_party(data: dict[str, Any]) -> None:
    """A third party's Gravewatch: items.txt "Markets" fragment only, word for word, and no market-day key
    (no purse, buyBack, stock, limited, unsold, nor a dishonest seller)."""
    data["items"]["market"] = copy.deepcopy(SPEC_MARKET)
    for catalog in data.get("catalogs", ()):
        for entry in catalog.get("entries", ()):
            sold = (entry.get("item") or {}).get("sold")
            if isinstance(sold, dict):
                sold.pop("limited", None)


def _market_day(data: dict[str, Any]) -> None:
    """The spec's two fragments together: "Markets" with "A market day" laid over it (hamlet and market town
    purses of 10 and 100 shillings, buyBack 0.5, the rare rule limited to 1d2 a day, the smith's odd lot)."""
    _third_party(data)
    market = data["items"]["market"]
    purses = {"hamlet": 10, "town": 100}
    for place in market["places"]:
        if place["id"] in purses:
            place["purse"] = {"amount": purses[place["id"]], "unit": "shilling"}
    market["buyBack"] = 0.5
    market["sold"][0]["limited"] = "1d2"
    market["sellers"][1]["stock"] = {"table": "smiths_odd_lot"}


def _market_day_charms(data: dict[str, Any]) -> None:
    """The market-day variant whose chandler also deals in charms, so a cursed ring has a buyer."""
    _market_day(data)
    data["items"]["market"]["sellers"][0]["sells"].append({"category": "charm"})


def _charms_unsold(data: dict[str, Any]) -> None:
    """The charm-dealing market-day variant with the shipped unsold (relics): nobody has one among their wares."""
    _market_day_charms(data)
    data["items"]["market"]["unsold"] = [{"rarity": "relic"}]


def _one_pistol(data: dict[str, Any]) -> None:
    """The market-day variant whose smith's odd lot is always one watch pistol (a shelf known in advance)."""
    _market_day(data)
    data["items"]["lootTables"].append(
        {
            "id": "one_pistol",
            "label": "One watch pistol",
            "rolls": 1,
            "entries": [{"item": "kit/watch-pistol", "weight": 1}],
        }
    )
    data["items"]["market"]["sellers"][1]["stock"] = {"table": "one_pistol"}


def _ember_market(data: dict[str, Any]) -> None:
    """Ember Roads with the smallest market in place of its own: two levels, two place sizes, no sold rules and
    no sellers ("Without sellers, anybody at a place sells whatever that place sells"), and coins without one
    ("Without it the label stands for one too")."""
    for family in data["items"]["currencies"]:
        for unit in family["units"]:
            unit.pop("one", None)
    data["items"]["market"] = {
        "prices": [
            {"id": "fair", "label": "fair", "times": 1, "default": True},
            {"id": "haggled", "label": "after haggling", "times": 0.5},
        ],
        "places": [{"id": "camp", "label": "camp"}, {"id": "town", "label": "town"}],
    }


def _entry(data: dict[str, Any], ref: str) -> dict[str, Any]:
    catalog_id, entry_id = ref.split("/")
    catalog = next(c for c in data["catalogs"] if c["id"] == catalog_id)
    entry: dict[str, Any] = next(e for e in catalog["entries"] if e["id"] == entry_id)
    return entry


def _own_sold_limits(data: dict[str, Any]) -> None:
    """The market-day variant where a grave spade's own sold names only a limit (1) and a silver nail's a
    limit (3) over the rare rule's 1d2: "its place from the first rule that names a place, and its limit from
    the first that names a limit"."""
    _market_day(data)
    _entry(data, "kit/grave-spade")["item"]["sold"] = {"limited": 1}
    _entry(data, "kit/silver-nail")["item"]["sold"] = {"limited": 3}


def _chapel_stock(data: dict[str, Any]) -> None:
    """The one-pistol variant whose pistol is the chapel's odd lot (the chapel sells only to Nerve 3)."""
    _one_pistol(data)
    market = data["items"]["market"]
    market["sellers"][2]["stock"] = market["sellers"][1].pop("stock")


def _cursed_stock(data: dict[str, Any]) -> None:
    """The market-day variant whose (honest) smith's odd lot is always a widow's ring, a cursed item."""
    _market_day(data)
    data["items"]["lootTables"].append(
        {"id": "a_ring", "label": "A ring", "rolls": 1, "entries": [{"item": "kit/widows-ring", "weight": 1}]}
    )
    data["items"]["market"]["sellers"][1]["stock"] = {"table": "a_ring"}


def _ember_buyback(data: dict[str, Any]) -> None:
    """Ember Roads' sellerless market with buyBack 0.5 and a camp's purse of 1 mark (the coin family only)."""
    _ember_market(data)
    market = data["items"]["market"]
    market["buyBack"] = 0.5
    market["places"][0]["purse"] = {"amount": 1, "unit": "mark"}


def _only_carries(data: dict[str, Any]) -> None:
    """The third party's market whose chapel sells only to whoever already carries a page (only reads "what
    they carry", through itemStat)."""
    _third_party(data)
    data["items"]["market"]["sellers"][2]["only"] = {
        "value": {"itemStat": {"pick": "count", "category": "page", "from": "all"}},
        "atLeast": 1,
        "label": "those who already carry a page",
    }


def _third_party_labels(data: dict[str, Any]) -> None:
    """The third party's market with labels that are not their ids (levels, places, sellers), as another
    author might write them."""
    _third_party(data)
    market = data["items"]["market"]
    for level in market["prices"]:
        level["label"] = {"cheap": "a bargain", "fair": "the going rate", "dear": "through the nose"}[
            level["id"]
        ]
    for place in market["places"]:
        place["label"] = {"hamlet": "Hamlet", "village": "Village", "town": "Market town", "city": "City"}[
            place["id"]
        ]
    for seller in market["sellers"]:
        seller["label"] = {"chandler": "Old Mags the chandler", "smith": "Hobb the smith"}.get(
            seller["id"], seller["label"]
        )


def _no_market(data: dict[str, Any]) -> None:
    """Gravewatch without a market (and so without the items' own sold, which names a market's place)."""
    data["items"].pop("market", None)
    for catalog in data.get("catalogs", ()):
        for entry in catalog.get("entries", ()):
            item = entry.get("item")
            if isinstance(item, dict):
                item.pop("sold", None)


def _ember_loot(data: dict[str, Any]) -> None:
    """Ember Roads with a bestiary that carries loot (issue 12): a Rust Jackal drops three arrows (a table of one
    line, so the drop is known in advance), a Toll Warden two marks; the Cinder Moth carries no table."""
    data["items"]["lootTables"] = [
        {
            "id": "jackal_scraps",
            "label": "Jackal scraps",
            "rolls": 1,
            "entries": [{"item": "outfitter/arrows", "count": 3}],
        },
        {"id": "toll_purse", "label": "Toll purse", "rolls": 1, "entries": [{"coins": "mark", "count": 2}]},
    ]
    catalog = next(c for c in data["catalogs"] if c["id"] == "road_trouble")
    loot = {"rust-jackal": "jackal_scraps", "toll-warden": "toll_purse"}
    for entry in catalog["entries"]:
        if entry["id"] in loot:
            entry["creature"]["loot"] = loot[entry["id"]]


def _ember_no_native(data: dict[str, Any]) -> None:
    """Ember Roads (no loot tables) with native: false: "one with native: false and no tables drops nothing"."""
    data["items"]["native"] = False


def _bell_breaks(data: dict[str, Any]) -> None:
    """Gravewatch whose dawn bell always breaks on its last charge (breaksOn d20 at most 20)."""
    _entry(data, "kit/dawn-bell")["item"]["charges"]["breaksOn"] = {"die": 20, "atMost": 20}


def _thin_gear(data: dict[str, Any]) -> None:
    """Gravewatch with a layer ``thin`` that takes out the lantern coat, the shuttered lantern, the silver nail,
    the warming tonic and the shilling, and a gear ``Lantern bearer`` of one shuttered lantern (issue 12:
    "An item a layer takes out of the game is left out and named ... coins of a coin a layer takes out are paid
    in the largest coin left of the same worth ... Gear of which nothing is left is refused")."""
    data["items"]["startingGear"].append(
        {"id": "lantern-bearer", "label": "Lantern bearer", "lines": [{"item": "kit/shuttered-lantern"}]}
    )
    hidden = ["lantern-coat", "shuttered-lantern", "silver-nail", "warming-tonic"]
    data["layers"].append(
        {
            "id": "thin",
            "label": "Thin times",
            "catalogs": [{"id": "kit", "hide": {"entries": hidden}}],
            "items": {"currencies": {"removeUnits": ["shilling"]}},
        }
    )


PATCHES = {
    "no-coins": _no_coins,
    "empty-table": _empty_table,
    "no-invention": _no_invention,
    "third-party": _third_party,
    "market-day": _market_day,
    "market-day-charms": _market_day_charms,
    "charms-unsold": _charms_unsold,
    "one-pistol": _one_pistol,
    "no-market": _no_market,
    "ember-market": _ember_market,
    "own-sold-limits": _own_sold_limits,
    "chapel-stock": _chapel_stock,
    "cursed-stock": _cursed_stock,
    "ember-buyback": _ember_buyback,
    "only-carries": _only_carries,
    "third-party-labels": _third_party_labels,
    "ember-loot": _ember_loot,
    "ember-no-native": _ember_no_native,
    "bell-breaks": _bell_breaks,
    "thin-gear": _thin_gear,
}


def ruleset_file(spec: Any, folder: Path) -> str:
    if isinstance(spec, str):
        return spec
    data = json.loads((SHIPPED / f"{spec['base']}.json").read_text(encoding="utf-8"))
    data = copy.deepcopy(data)
    PATCHES[spec["patch"]](data)
    path = folder / f"{spec['base']}-{spec['patch']}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


# -- running ---------------------------------------------------------------------------------------


@dataclass
class Outcome:
    case: dict[str, Any]
    problems: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None

    @property
    def id(self) -> str:
        return str(self.case["id"])

    @property
    def passed(self) -> bool:
        return not self.problems


def load_cases() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = []
    for path in sorted(CASES.glob("*.yaml")):
        for case in yaml.safe_load(path.read_text(encoding="utf-8")):
            case["file"] = path.name
            cases.append(case)
    ids = [c["id"] for c in cases]
    doubled = {i for i in ids if ids.count(i) > 1}
    if doubled:
        raise ValueError(f"case ids used twice: {sorted(doubled)}")
    return cases


ACTIONS = ("use", "gear", "edit", "fight")  # issue 12: the player's actions and a fight's outcome, as turns


def transcript_turn(turn: dict[str, Any]) -> dict[str, Any]:
    """A case's turn as a transcript turn: an action turn (``use``, ``gear``, ``edit``, ``fight``) as written."""
    kind = next((k for k in ACTIONS if k in turn), None)
    if kind is not None:
        return {kind: turn[kind]}
    return dict([turn_text(turn)])


def turn_text(turn: dict[str, Any]) -> tuple[str, str]:
    kind = next(k for k in ("gm", "player", "regenerate") if k in turn)
    text = str(turn[kind])
    if "times" in turn:
        text = " ".join([text] * int(turn["times"]))
    if "tail" in turn:
        text = f"{text} {turn['tail']}"
    return kind, text


def play(case: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    from tagproc.transcript import run_transcript

    with tempfile.TemporaryDirectory() as folder:
        transcript = {
            "ruleset": ruleset_file(case["ruleset"], Path(folder)),
            "seed": case.get("seed", 0),
            "party": case["party"],
            "turns": [transcript_turn(t) for t in case["turns"]],
        }
        if "layers" in case:
            transcript["layers"] = case["layers"]
        path = Path(folder) / "case.yaml"
        path.write_text(yaml.safe_dump(transcript, allow_unicode=True), encoding="utf-8")
        played = run_transcript(path)
        return played.to_json(), played.game.state


def check(case: dict[str, Any]) -> Outcome:
    outcome = Outcome(case)
    try:
        result, state = play(case)
    except Exception as error:  # a case that cannot even run is a FAIL, said plainly
        outcome.problems.append(f"crashed: {type(error).__name__}: {error}")
        return outcome
    outcome.result = result
    turns = result["turns"]
    for number, turn in enumerate(turns, start=1):
        for line in turn["answers"]:
            outcome.problems.extend(f"turn {number}: {p}" for p in shape_problems(line))
    for expect in case.get("expect", ()):
        number = int(expect.get("turn", len(turns)))
        answers = list(turns[number - 1]["answers"])
        label = f"turn {number}"
        if "answers" in expect:
            want = expect["answers"]
            if len(want) != len(answers) or not all(
                line_matches(w, a) for w, a in zip(want, answers, strict=False)
            ):
                outcome.problems.append(
                    f"{label} answers:\n    expected: "
                    + "\n              ".join(show(w) for w in want)
                    + "\n    actual:   "
                    + "\n              ".join(answers or ["(none)"])
                )
        if "count" in expect:
            allowed = expect["count"]
            allowed = allowed if isinstance(allowed, list) else [allowed]
            if len(answers) not in allowed:
                outcome.problems.append(
                    f"{label}: expected {allowed} answer(s), got {len(answers)}:\n    "
                    + "\n    ".join(answers)
                )
        for index, want in (expect.get("at") or {}).items():
            index = int(index)
            got = answers[index] if -len(answers) <= index < len(answers) else "(none)"
            if not line_matches(want, got):
                outcome.problems.append(
                    f"{label} answer {index}:\n    expected: {show(want)}\n    actual:   {got}"
                )
        if "all" in expect:
            bad = [a for a in answers if not line_matches(expect["all"], a)]
            if bad or not answers:
                outcome.problems.append(
                    f"{label}: every answer should match {show(expect['all'])}; these do not:\n    "
                    + "\n    ".join(bad or ["(no answers)"])
                )
        if "history" in expect and turns[number - 1]["history"] != expect["history"]:
            outcome.problems.append(
                f"{label} history:\n    expected: {expect['history']}\n    actual:   "
                f"{turns[number - 1]['history']}"
            )
    if "holdings" in case:
        want_held = {m: dict(items or {}) for m, items in case["holdings"].items()}
        have_held = {m: result["holdings"].get(m) for m in want_held}
        if want_held != have_held:
            outcome.problems.append(
                f"holdings:\n    expected: {json.dumps(want_held, ensure_ascii=False)}"
                f"\n    actual:   {json.dumps(have_held, ensure_ascii=False)}"
            )
    if "stacks" in case:
        members = {m.name: m for m in state.party}
        for name, want_stacks in case["stacks"].items():
            have = [[s.name, s.count] for s in members[name].bag]
            if have != want_stacks:
                outcome.problems.append(
                    f"stacks of {name}:\n    expected: {want_stacks}\n    actual:   {have}"
                )
    return outcome


def by_cause(outcomes: list[Outcome]) -> None:
    """The failures grouped by the causes ``test_conformance.XFAIL`` records (unrecorded ones apart)."""
    sys.path.insert(0, str(HERE.parent.parent))
    from tests.conformance.test_conformance import CAUSES, XFAIL

    groups: dict[str, list[str]] = {}
    for outcome in outcomes:
        if outcome.passed:
            if outcome.id in XFAIL:
                groups.setdefault("(recorded as failing, but passes now)", []).append(outcome.id)
            continue
        for cause in XFAIL.get(outcome.id, ("(no cause recorded)",)):
            groups.setdefault(cause, []).append(outcome.id)
    for cause, ids in groups.items():
        print(f"\n## {cause} ({len(ids)})\n{CAUSES.get(cause, '')}")
        for case_id in ids:
            print(f"  - {case_id}")


def main(argv: list[str]) -> int:
    grouped = "--by-cause" in argv
    wanted = {a for a in argv if not a.startswith("--")}
    outcomes = [check(c) for c in load_cases() if not wanted or c["id"] in wanted]
    if grouped:
        by_cause(outcomes)
        return 0
    for outcome in outcomes:
        if outcome.passed:
            print(f"PASS {outcome.id}")
        else:
            print(f"FAIL {outcome.id}  ({outcome.case['file']})")
            for problem in outcome.problems:
                print(f"  - {problem}")
    failed = sum(not o.passed for o in outcomes)
    print(f"\n{len(outcomes) - failed} passed, {failed} failed, of {len(outcomes)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
