"""The corpus runner: plays each case's sloppy reply and its canonical twin and classifies the sloppy one.

A case is prose with slots (``{}``), each slot a pair (sloppy tag, canonical tag or None). The sloppy
reply fills the slots with the sloppy tags, the canonical reply with the canonical ones (a None slot is
left empty: that tag must run nothing). Both run on fresh, identical ``Game``s, after the same ``before``
replies, and the sloppy one is classified by comparison, never by how tagproc reads it:

- ``meant``: the same final state (bags, sheets, place in force; the journal is ignored), the same answers
  (tag, action or op, result, reason, in order) and the same visible text, whitespace collapsed; also the
  same visible text, state and answers when the reply is streamed a character at a time and in random
  chunks. When a case mixes tags that run with a tag that must run nothing (an illustration, a struck-out
  tag, a summary repeating a tag), only the ``ok`` answers are compared: that tag may be refused or dropped.
- ``wrong`` (the worst): the state changed, but not as the canonical changed it; with no canonical at all,
  anything changed or anything was answered ``ok``.
- ``leaked``: the visible text differs (a tag shown to the player, or prose swallowed), or streaming
  changes it.
- ``missed``: the state did not change where the canonical changed it, or the answers differ.
- ``crash``: an exception.

A verdict takes the worst that applies (crash, wrong, leaked, missed); every problem is kept for the report.

Dice: tagproc seeds a reply's rolls from the reply's own text, so two spellings of one tag roll differently.
To compare a loot drop or a poultice's heal, the runner seeds every reply's dice from the game seed alone
while it plays (``_stable_dice``): both replies then roll the same.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from tagproc import Game
from tagproc.ruleset import Ruleset, load_ruleset
from tests.corpus.parties import PARTIES, RULESET_OF

__all__ = [
    "CLASSES",
    "NOTHING_RUNS",
    "VERDICTS",
    "Case",
    "Outcome",
    "Verdict",
    "answer_key",
    "canonical_problems",
    "classify",
    "make",
    "run_corpus",
    "state_diff",
    "state_key",
    "tally",
]

Verdict = Literal["meant", "missed", "wrong", "leaked", "crash"]
VERDICTS: tuple[Verdict, ...] = ("meant", "missed", "wrong", "leaked", "crash")
_SEVERITY: dict[Verdict, int] = {"meant": 0, "missed": 1, "leaked": 2, "wrong": 3, "crash": 4}

CLASSES: tuple[str, ...] = (
    "wrong-traps",
    "shown",
    "keyless",
    "json",
    "verbs",
    "sheet-keys",
    "fuzzy-names",
    "coins",
    "quoting",
    "numbers",
    "whole-replies",
    "must-stay-prose",
    "must-refuse",
)
# Classes whose cases have no canonical reply: nothing may run.
NOTHING_RUNS = ("must-stay-prose", "must-refuse")

SLOT = "{}"
SEED = 13

Slot = tuple[str, str | None]


@dataclass(frozen=True, slots=True)
class Case:
    """One sloppy reply and the canonical reply it obviously means.

    ``party`` is a key of ``PARTIES`` (it names the ruleset too); ``prose`` holds one ``{}`` per slot.
    ``refusal_ok``: the canonical itself is refused (a forged ``result=`` on what cannot run).
    """

    id: str
    cls: str
    party: str
    prose: str
    tags: tuple[Slot, ...] = ()
    before: tuple[str, ...] = ()
    refusal_ok: bool = False
    note: str = ""

    def __post_init__(self) -> None:
        if self.prose.count(SLOT) != len(self.tags):
            raise ValueError(f"{self.id}: {self.prose.count(SLOT)} slots for {len(self.tags)} tags")
        if self.cls not in CLASSES:
            raise ValueError(f"{self.id}: unknown class {self.cls!r}")
        if self.party not in PARTIES:
            raise ValueError(f"{self.id}: unknown party {self.party!r}")

    @property
    def ruleset(self) -> str:
        return RULESET_OF[self.party]

    @property
    def sloppy(self) -> str:
        return _fill(self.prose, [sloppy for sloppy, _ in self.tags])

    @property
    def canonical(self) -> str | None:
        """The canonical reply, or None when nothing in it may run."""
        if all(canonical is None for _, canonical in self.tags):
            return None
        return _fill(self.prose, [canonical or "" for _, canonical in self.tags])

    @property
    def expect_visible(self) -> str:
        """What the player reads: the prose with every tag hidden."""
        return _fill(self.prose, ["" for _ in self.tags])

    @property
    def partial(self) -> bool:
        """Some tags run and some must run nothing: only the ``ok`` answers are compared."""
        kinds = {canonical is None for _, canonical in self.tags}
        return len(kinds) == 2


def make(cls: str) -> Callable[..., Case]:
    """A case builder for one class: ``K(id, party, prose, (sloppy, canonical), ..., before=...)``."""

    def build(
        id: str,
        party: str,
        prose: str,
        *tags: Slot,
        before: Sequence[str] = (),
        refusal_ok: bool = False,
        note: str = "",
    ) -> Case:
        return Case(id, cls, party, prose, tuple(tags), tuple(before), refusal_ok, note)

    return build


def _fill(prose: str, values: Sequence[str]) -> str:
    parts = prose.split(SLOT)
    out = [parts[0]]
    for value, part in zip(values, parts[1:], strict=True):
        out.append(value)
        out.append(part)
    return "".join(out)


@dataclass(frozen=True, slots=True)
class Outcome:
    case: Case
    verdict: Verdict
    problems: tuple[str, ...] = ()


# -- playing ----------------------------------------------------------------------------------------------


@cache
def _ruleset(name: str) -> Ruleset:
    return load_ruleset(name)


@contextmanager
def _stable_dice() -> Iterator[None]:
    """Seed every reply's dice from the game seed alone, so two spellings of one reply roll the same."""
    import tagproc.processing as turn_module

    original: Any = turn_module.dice_for  # type: ignore[attr-defined]  # where a reply's tags take their dice

    def stable(*parts: object) -> Any:
        return original(parts[0] if parts else 0, "tagproc-corpus")

    turn_module.dice_for = stable  # type: ignore[attr-defined]
    try:
        yield
    finally:
        turn_module.dice_for = original  # type: ignore[attr-defined]


def _game(case: Case) -> Game:
    game = Game(_ruleset(case.ruleset), list(PARTIES[case.party]), seed=SEED)
    for text in case.before:
        game.reply(text)
    return game


@dataclass(frozen=True, slots=True)
class _Play:
    start: Any
    state: Any
    visible: str
    answers: tuple[Any, ...]
    shown: str = ""  # what feed() returned, joined (streamed plays only)


def _play(case: Case, text: str, chunks: Sequence[str] | None = None) -> _Play:
    game = _game(case)
    start = game.state
    if chunks is None:
        result = game.reply(text)
        return _Play(start, result.state, result.visible, result.structured_answers)
    turn = game.begin_reply()
    shown = "".join(turn.feed(chunk) for chunk in chunks)
    result = turn.finish()
    return _Play(start, result.state, result.visible, result.structured_answers, shown)


def _random_chunks(text: str, seed: str) -> list[str]:
    rng = random.Random(seed)
    chunks: list[str] = []
    at = 0
    while at < len(text):
        size = rng.randint(1, 9)
        chunks.append(text[at : at + size])
        at += size
    return chunks


# -- comparing --------------------------------------------------------------------------------------------

StateKey = tuple[Any, ...]


def state_key(state: Any) -> StateKey:
    """What the comparison reads of a state: each member's stacks and sheet, the place in force."""
    members = tuple(
        (
            member.name,
            tuple(
                (stack.name, stack.item, stack.coin, stack.count, stack.worn, stack.bound, stack.charges)
                for stack in member.bag
            ),
            tuple(
                (key, json.dumps(value, sort_keys=True))
                for key, value in sorted(member.sheet.model_dump(mode="json").items())
            ),
        )
        for member in state.party
    )
    invented = tuple(sorted(item.key for item in state.invented))
    return (members, (state.place, state.place_size), invented)


def answer_key(answer: Any) -> tuple[str, str | None, str, str | None]:
    attrs = dict(answer.attrs)
    return (answer.tag, attrs.get("action", attrs.get("op")), answer.result, answer.reason)


def _answers(answers: Sequence[Any], ok_only: bool) -> list[tuple[str, str | None, str, str | None]]:
    return [answer_key(answer) for answer in answers if not ok_only or answer.result == "ok"]


def _collapse(text: str) -> str:
    return " ".join(text.split())


def _stack_text(stack: tuple[Any, ...]) -> str:
    name, _item, _coin, count, worn, bound, charges = stack
    flags = "".join(flag for flag, on in (("w", worn), ("b", bound)) if on)
    extra = f"/{flags}" if flags else ""
    return f"{name}×{count}{extra}" + (f"({charges}ch)" if charges is not None else "")


def state_diff(got: StateKey, want: StateKey) -> str:
    """A short account of how ``got`` differs from ``want``."""
    parts: list[str] = []
    for (name, bag, sheet), (_, want_bag, want_sheet) in zip(got[0], want[0], strict=False):
        have = [_stack_text(stack) for stack in bag]
        need = [_stack_text(stack) for stack in want_bag]
        extra = [text for text in have if text not in need]
        lacking = [text for text in need if text not in have]
        if extra or lacking or (not extra and not lacking and have != need):
            parts.append(f"{name} bag extra [{', '.join(extra)}] missing [{', '.join(lacking)}]")
        if sheet != want_sheet:
            parts.append(f"{name} sheet {_sheet_delta(sheet, want_sheet)}")
    if got[1] != want[1]:
        parts.append(f"place {got[1]} want {want[1]}")
    if got[2] != want[2]:
        parts.append(f"invented {list(got[2])} want {list(want[2])}")
    return "; ".join(parts) or "(no difference)"


def _sheet_delta(got: tuple[tuple[str, str], ...], want: tuple[tuple[str, str], ...]) -> str:
    got_items = dict(got)
    want_items = dict(want)
    keys = [key for key in got_items if got_items[key] != want_items.get(key)]
    return ", ".join(f"{key}={got_items[key]} want {want_items.get(key)}" for key in keys)


def _short(value: Sequence[Any], limit: int = 6) -> str:
    shown = [
        f"{tag}:{action or '-'}:{result}{'/' + reason if reason else ''}"
        for tag, action, result, reason in value[:limit]
    ]
    more = f" …+{len(value) - limit}" if len(value) > limit else ""
    return "[" + ", ".join(shown) + more + "]"


# -- classifying ------------------------------------------------------------------------------------------


def classify(case: Case) -> Outcome:
    """Play ``case`` (whole, a character at a time, in random chunks) and classify the sloppy reply."""
    try:
        with _stable_dice():
            return _classify(case)
    except Exception as error:
        return Outcome(case, "crash", (f"{type(error).__name__}: {error}",))


def _classify(case: Case) -> Outcome:
    found: list[tuple[Verdict, str]] = []
    sloppy = case.sloppy
    whole = _play(case, sloppy)
    start = state_key(whole.start)
    got = state_key(whole.state)

    # Visible text: whitespace collapsed, except prose that must stay exactly what it was.
    canonical_text = case.canonical
    canonical = _play(case, canonical_text) if canonical_text is not None else None
    if case.cls == "must-stay-prose":
        if whole.visible != sloppy:
            found.append(("leaked", f"visible {whole.visible!r} want {sloppy!r}"))
        if whole.answers:
            found.append(("leaked", f"answered {_short(_answers(whole.answers, False))}, want nothing"))
    else:
        want_visible = canonical.visible if canonical is not None else case.expect_visible
        if _collapse(whole.visible) != _collapse(want_visible):
            found.append(("leaked", f"visible {_collapse(whole.visible)!r} want {_collapse(want_visible)!r}"))

    # State and answers.
    if canonical is None:
        if got != start:
            found.append(("wrong", f"ran something: {state_diff(got, start)}"))
        ran = [answer for answer in whole.answers if answer.result == "ok"]
        if ran and got == start:
            found.append(("wrong", f"answered ok: {_short(_answers(ran, False))}"))
    else:
        want = state_key(canonical.state)
        if got != want:
            verdict: Verdict = "missed" if got == start else "wrong"
            found.append((verdict, f"state {state_diff(got, want)}"))
        got_answers = _answers(whole.answers, case.partial)
        want_answers = _answers(canonical.answers, case.partial)
        if got_answers != want_answers:
            found.append(("missed", f"answers {_short(got_answers)} want {_short(want_answers)}"))

    # Streaming: the same visible text, state and answers however the reply is chunked.
    for label, chunks in (("1-char", list(sloppy)), ("chunks", _random_chunks(sloppy, case.id))):
        streamed = _play(case, sloppy, chunks)
        if streamed.visible != whole.visible:
            found.append(("leaked", f"{label} stream visible {streamed.visible!r} want {whole.visible!r}"))
        elif not streamed.visible.startswith(streamed.shown):
            found.append(("leaked", f"{label} stream fed {streamed.shown!r}, then took some back"))
        if state_key(streamed.state) != got or _answers(streamed.answers, False) != _answers(
            whole.answers, False
        ):
            found.append(("wrong", f"{label} stream ran differently from the whole reply"))

    if not found:
        return Outcome(case, "meant")
    worst = max(found, key=lambda item: _SEVERITY[item[0]])[0]
    return Outcome(case, worst, tuple(f"{verdict}: {text}" for verdict, text in found))


def run_corpus(cases: Sequence[Case]) -> list[Outcome]:
    return [classify(case) for case in cases]


def canonical_problems(case: Case) -> list[str]:
    """Why ``case``'s own setup or canonical reply does not run ``ok`` on today's code (empty: it does)."""
    problems: list[str] = []
    with _stable_dice():
        game = Game(_ruleset(case.ruleset), list(PARTIES[case.party]), seed=SEED)
        for text in case.before:
            result = game.reply(text)
            problems += [f"before: {line}" for line, answer in _zip(result) if answer.result != "ok"]
        canonical = case.canonical
        if canonical is None:
            return problems
        result = game.reply(canonical)
        if not result.structured_answers:
            problems.append("canonical: runs no tag")
        if not case.refusal_ok:
            problems += [f"canonical: {line}" for line, answer in _zip(result) if answer.result != "ok"]
        if _collapse(result.visible) != _collapse(case.expect_visible):
            problems.append(f"canonical: visible {result.visible!r} want {case.expect_visible!r}")
    return problems


def _zip(result: Any) -> list[tuple[str, Any]]:
    return list(zip(result.answers, result.structured_answers, strict=True))


def tally(outcomes: Sequence[Outcome]) -> dict[str, dict[Verdict, int]]:
    """How many cases of each class got each verdict, classes in corpus order."""
    counts: dict[str, dict[Verdict, int]] = {}
    for outcome in outcomes:
        counts.setdefault(outcome.case.cls, dict.fromkeys(VERDICTS, 0))[outcome.verdict] += 1
    return {cls: counts[cls] for cls in CLASSES if cls in counts}
