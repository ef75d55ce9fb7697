"""Fuzz whole turns and ruleset files: nothing escapes, no net fires, everything serialises.

Replies are built by mutating the corpus cases (``tests/corpus/``, both corpora) and the golden transcripts'
turns: tags spliced in, characters deleted, duplicated and inserted (brackets, quotes, ``=``, colons, line
breaks, zero-width characters, lone surrogates), huge numbers, long names, 40+ tags in one reply. Each reply
is played through a ``Game`` on every shipped ruleset with the corpus party of that ruleset (a game lives
for a few replies, with player messages and swipes among them), and each turn is checked:

- no exception escapes (``crash``);
- no safety net fired: nothing logged at ERROR under ``tagproc`` (``internal-error``);
- the state serialises (``model_dump_json``) and so does the turn (``json.dumps`` of ``to_json()`` with its
  tags), and every output string (visible, history, answers, the JSON) encodes as UTF-8 (``unencodable``,
  naming the field);
- the scanner gives the same events however the reply is split (``split``), and on a sample a whole
  ``Game`` turn streamed in random chunks gives the same JSON, state and visible text as the whole reply.

Rulesets: the shipped JSON files mutated (keys deleted or misspelt, values of another type, deep nesting,
huge numbers, surrogates, long strings), written to a file (JSON or YAML) and read by ``load_ruleset`` and
``check_ruleset``: anything raised but ``RulesetError`` is a ``ruleset-crash``, and a ruleset that loads
plays a few replies.

    python bench/fuzz.py --replies 100000 --seed 1 [--rulesets 3000] [--jobs 2] [--out failures.json]

Prints the counts, then each kind of failure once with its first reproducer; exits 1 when anything failed.
"""

from __future__ import annotations

import argparse
import json
import logging
import random
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from multiprocessing import Pool
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: the corpus lives in tests/
    sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402

from tagproc import Game, RawTag, TagStream, parse_reply  # noqa: E402
from tagproc.engine.rules import Rules  # noqa: E402
from tagproc.render import Renderer  # noqa: E402
from tagproc.ruleset import RulesetError, check_ruleset, load_ruleset  # noqa: E402
from tagproc.stream import merge_text  # noqa: E402
from tagproc.turn import TurnResult  # noqa: E402

RULESETS = ("ember-roads", "gravewatch", "srd-5e")
PARTY_OF = {"ember-roads": "er", "gravewatch": "gw", "srd-5e": "srd"}
GAME_LIFE = 12  # replies a game plays before a fresh one starts (the state grows, but not without end)
PROMPT_SHARE = 0.1  # the share of turns after which the game's prompt is built too
STREAM_SAMPLE = 10  # one reply in this many is also streamed through a Game in random chunks
DEADLINE = 20  # seconds one reply or one ruleset file may take before it counts as a hang

# -- what mutations insert ---------------------------------------------------------------------------------

ZERO_WIDTH = ("\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u180e")
SURROGATES = ("\ud800", "\udbff", "\udc00", "\udfff", "\ud83d")
ODD = ("\x00", "\r", "\t", "\x0b", "\x1b", "\u202e", "\u0301", "\u2028", "\ufffd", "\U0001f600", "\u3000")
MARKS: tuple[str, ...] = (
    *"[](){}<>\"'`=:,;|\\*~_#-/.!?",
    *("\n", "\n\n", "［", "］", "【", "】", "＝", "：", "，", "“", "”", "‘", "’", "«", "»", "「", "」"),
    *("```", "**", "~~", "->", "\\[", '\\"', "&quot;"),
)
NUMBERS = (
    "9" * 20,
    "9" * 400,
    "1e308",
    "1e309",
    "-0",
    "-1",
    "0",
    "1_000",
    "1.000",
    "1,000,000",
    "２",
    "½",
    "0x1F",
    "NaN",
    "inf",
    "-inf",
    "2.5",
    "99999",
    "10000",
    "9999",
    "a million",
    "ninety-nine thousand",
    "⁹",
    "٣",
)
WORDS = ("Ada", "Bram", "Mira", "Juno", "party", "everyone", "you", "add", "pay", "give", "gold", "crowns")


def _lone(rng: random.Random) -> str:
    return rng.choice(SURROGATES)


def _anything(rng: random.Random) -> str:
    pool = rng.random()
    if pool < 0.45:
        return rng.choice(MARKS)
    if pool < 0.6:
        return rng.choice(ZERO_WIDTH)
    if pool < 0.7:
        return _lone(rng)
    if pool < 0.8:
        return rng.choice(ODD)
    if pool < 0.9:
        return rng.choice(NUMBERS)
    return rng.choice(WORDS)


# -- the seeds ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Seeds:
    replies: tuple[str, ...]
    tags: tuple[str, ...]


@cache
def seeds() -> Seeds:
    """Every reply of both corpora (sloppy, canonical, before) and of the golden transcripts, and their tags."""
    from tests.corpus.cases import ALL_CASES
    from tests.corpus.holdout import HOLDOUT_CASES

    replies: list[str] = []
    for case in (*ALL_CASES, *HOLDOUT_CASES):
        replies.extend(case.before)
        replies.append(case.sloppy)
        if case.canonical is not None:
            replies.append(case.canonical)
        replies.extend(sloppy for sloppy, _ in case.tags)
    for path in sorted((ROOT / "golden").glob("*.yaml")):
        document = yaml.safe_load(path.read_text(encoding="utf-8"))
        for turn in document.get("turns", []):
            replies.extend(str(text) for text in turn.values())
    tags = {event.raw for reply in replies for event in parse_reply(reply) if isinstance(event, RawTag)}
    return Seeds(tuple(dict.fromkeys(replies)), tuple(sorted(tags)))


# -- mutating a reply --------------------------------------------------------------------------------------


def _at(rng: random.Random, text: str) -> int:
    return rng.randrange(len(text) + 1)


def _splice_tag(rng: random.Random, text: str, pool: Seeds) -> str:
    at = _at(rng, text)
    return text[:at] + rng.choice(pool.tags) + text[at:]


def _delete(rng: random.Random, text: str, pool: Seeds) -> str:
    if not text:
        return text
    at = rng.randrange(len(text))
    return text[:at] + text[at + rng.choice((1, 1, 2, 5, 20)) :]


def _duplicate(rng: random.Random, text: str, pool: Seeds) -> str:
    if not text:
        return text
    at = rng.randrange(len(text))
    end = min(len(text), at + rng.choice((1, 3, 10, 40)))
    return text[:end] + text[at:end] * rng.choice((1, 2, 5)) + text[end:]


def _insert(rng: random.Random, text: str, pool: Seeds) -> str:
    at = _at(rng, text)
    return text[:at] + "".join(_anything(rng) for _ in range(rng.choice((1, 1, 2, 4)))) + text[at:]


def _replace(rng: random.Random, text: str, pool: Seeds) -> str:
    if not text:
        return text
    at = rng.randrange(len(text))
    return text[:at] + _anything(rng) + text[at + 1 :]


def _into_value(rng: random.Random, text: str, pool: Seeds) -> str:
    """Something hostile right inside a value: after ``="`` or ``: ``, or a value's number replaced."""
    spots = [i + 2 for i in range(len(text) - 1) if text[i : i + 2] in ('="', ": ", "=“", "='")]
    if not spots:
        return _insert(rng, text, pool)
    at = rng.choice(spots)
    piece = rng.choice(
        (
            rng.choice(NUMBERS) + " ",
            "x" * rng.choice((121, 500, 1499, 1600, 5000)),
            " ".join(rng.choice(WORDS) for _ in range(rng.choice((5, 50, 300)))),
            _lone(rng),
            rng.choice(ZERO_WIDTH),
            rng.choice(MARKS),
        )
    )
    return text[:at] + piece + text[at:]


def _huge_number(rng: random.Random, text: str, pool: Seeds) -> str:
    digits = [i for i, ch in enumerate(text) if ch.isdigit()]
    number = rng.choice(NUMBERS)
    if not digits:
        at = _at(rng, text)
        return f"{text[:at]} {number} {text[at:]}"
    at = rng.choice(digits)
    return text[:at] + number + text[at + 1 :]


def _many_tags(rng: random.Random, text: str, pool: Seeds) -> str:
    tags = [rng.choice(pool.tags) for _ in range(rng.choice((39, 40, 41, 45, 60)))]
    joiner = rng.choice((" ", "\n", " and ", ""))
    return text + " " + joiner.join(tags)


def _nest(rng: random.Random, text: str, pool: Seeds) -> str:
    at = _at(rng, text)
    depth = rng.choice((7, 50, 500))
    opener, closer = rng.choice((("[", "]"), ("{", "}"), ("(", ")"), ('{"a":', "}"), ("[[", "]]")))
    inner = rng.choice(pool.tags)
    return text[:at] + opener * depth + inner + closer * rng.choice((0, depth)) + text[at:]


def _join(rng: random.Random, text: str, pool: Seeds) -> str:
    return text + rng.choice(("", " ", "\n\n")) + rng.choice(pool.replies)


def _truncate(rng: random.Random, text: str, pool: Seeds) -> str:
    return text[: _at(rng, text)]


def _case(rng: random.Random, text: str, pool: Seeds) -> str:
    return rng.choice((str.upper, str.lower, str.swapcase, str.title))(text)


def _long_name(rng: random.Random, text: str, pool: Seeds) -> str:
    name = rng.choice(("Warming tonic", "Hand axe", "Torch", "Bram")) * rng.choice((10, 100, 400))
    at = _at(rng, text)
    return text[:at] + f'[inventory: action="add" item="{name}"]' + text[at:]


Mutation = Callable[[random.Random, str, Seeds], str]
MUTATIONS: tuple[tuple[Mutation, int], ...] = (
    (_splice_tag, 6),
    (_delete, 8),
    (_duplicate, 5),
    (_insert, 12),
    (_replace, 8),
    (_into_value, 8),
    (_huge_number, 4),
    (_many_tags, 1),
    (_nest, 1),
    (_join, 2),
    (_truncate, 2),
    (_case, 1),
    (_long_name, 1),
)
_FUNCS = [mutation for mutation, _ in MUTATIONS]
_WEIGHTS = [weight for _, weight in MUTATIONS]


def mutate_reply(rng: random.Random, pool: Seeds, *, surrogates: bool = True) -> str:
    """One reply: a seed reply with one to eight mutations."""
    text = rng.choice(pool.replies)
    for mutation in rng.choices(_FUNCS, _WEIGHTS, k=rng.choice((1, 1, 2, 3, 5, 8))):
        text = mutation(rng, text, pool)
    if not surrogates:
        text = "".join("\ufffd" if "\ud800" <= ch <= "\udfff" else ch for ch in text)
    return text


# -- checking a turn ---------------------------------------------------------------------------------------


@dataclass(slots=True)
class Failure:
    kind: str  # crash, internal-error, unserialisable, unencodable, split, hang, ruleset-crash
    detail: str  # the exception and where it was raised, or which field failed
    ruleset: str
    reply: str  # the reply (or the ruleset file's text, cut) that failed
    before: tuple[tuple[str, str], ...] = ()  # the turns the game played before it: (kind, text)

    def signature(self) -> str:
        return f"{self.kind}: {self.detail}"

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "detail": self.detail,
            "ruleset": self.ruleset,
            "reply": self.reply,
            "before": [list(turn) for turn in self.before],
        }


class _Errors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@contextmanager
def internal_errors() -> Iterator[_Errors]:
    """Every ERROR logged under ``tagproc`` meanwhile (a net that fired)."""
    handler = _Errors()
    logger = logging.getLogger("tagproc")
    logger.addHandler(handler)
    logger.propagate = False  # the nets' tracebacks are counted here, not printed
    try:
        yield handler
    finally:
        logger.removeHandler(handler)
        logger.propagate = True


class Hang(BaseException):
    """A reply or a file over the deadline (a BaseException, so no net of tagproc's catches it)."""


@contextmanager
def deadline(seconds: int) -> Iterator[None]:
    def alarm(signum: int, frame: object) -> None:
        raise Hang(f"over {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def where(error: BaseException) -> str:
    """The exception and the innermost tagproc frame that raised it."""
    frames = [frame for frame in traceback.extract_tb(error.__traceback__) if "tagproc" in frame.filename]
    spot = f" at {Path(frames[-1].filename).name}:{frames[-1].lineno} {frames[-1].name}" if frames else ""
    return f"{type(error).__name__}{spot}"


def net_detail(record: logging.LogRecord) -> str:
    error = record.exc_info[1] if record.exc_info else None
    return f"{record.name}: {where(error) if error is not None else record.getMessage()[:80]}"


def turn_problems(result: TurnResult) -> list[tuple[str, str]]:
    """(kind, detail) for each way the turn fails to serialise or encode."""
    problems: list[tuple[str, str]] = []
    try:
        result.state.model_dump_json()
    except Exception as error:
        problems.append(("unserialisable", f"state.model_dump_json: {where(error)}"))
    try:
        dumped = json.dumps(result.to_json(), ensure_ascii=False)
    except Exception as error:
        problems.append(("unserialisable", f"json.dumps(to_json()): {where(error)}"))
        dumped = ""
    strings = {"visible": [result.visible], "history": [result.history], "answers": list(result.answers)}
    strings["to_json"] = [dumped]
    strings["journal"] = [entry.text for entry in result.journal]
    for name, values in strings.items():
        for value in values:
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                problems.append(("unencodable", f"{name} (a lone surrogate reached it)"))
                break
    return problems


def split_problem(text: str, rng: random.Random) -> str | None:
    """Why the scanner's events differ when ``text`` is fed in random chunks, or None."""
    whole = parse_reply(text)
    stream = TagStream()
    events = []
    at = 0
    while at < len(text):
        size = rng.choice((1, 1, 2, 3, 7, 30, 200))
        events.extend(stream.feed(text[at : at + size]))
        at += size
    events.extend(stream.close())
    chunked = merge_text(events)
    if chunked != whole:
        return "scanner events differ when chunked"
    if "".join(e.raw if isinstance(e, RawTag) else e.text for e in whole) != text:
        return "scanner events do not concatenate to the reply"
    return None


def chunks(text: str, rng: random.Random) -> Iterator[str]:
    at = 0
    while at < len(text):
        size = rng.choice((1, 2, 5, 16, 64))
        yield text[at : at + size]
        at += size


# -- playing replies ---------------------------------------------------------------------------------------


@cache
def rules_of(name: str) -> Rules:
    return Rules(load_ruleset(name))


@cache
def renderer() -> Renderer:
    """One template environment for every fuzzed game (compiling the templates is most of a new Game)."""
    return Renderer()


@cache
def party_of(name: str) -> tuple[Any, ...]:
    from tests.corpus.parties import PARTIES

    return PARTIES[PARTY_OF[name]]


@dataclass(slots=True)
class Tally:
    replies: int = 0
    turns: int = 0
    streamed: int = 0
    tags: int = 0
    rulesets: int = 0
    rulesets_loaded: int = 0
    failures: list[Failure] = field(default_factory=list)
    kinds: Counter[str] = field(default_factory=Counter)
    slowest: tuple[float, str, str] = (0.0, "", "")  # seconds, ruleset, reply: the slowest turn played

    def add(self, other: Tally) -> None:
        self.replies += other.replies
        self.turns += other.turns
        self.streamed += other.streamed
        self.tags += other.tags
        self.rulesets += other.rulesets
        self.rulesets_loaded += other.rulesets_loaded
        self.kinds.update(other.kinds)
        self.slowest = max(self.slowest, other.slowest)
        seen = {failure.signature() for failure in self.failures}
        self.failures.extend(failure for failure in other.failures if failure.signature() not in seen)

    def fail(self, failure: Failure) -> None:
        self.kinds[failure.kind] += 1
        if all(known.signature() != failure.signature() for known in self.failures):
            self.failures.append(failure)


class Player:
    """One ruleset's game, replayed from scratch every ``GAME_LIFE`` replies; remembers what it played."""

    def __init__(self, ruleset: str, seed: int) -> None:
        self.ruleset = ruleset
        self.seed = seed
        self.game = self._fresh()
        self.played: list[tuple[str, str]] = []

    def _fresh(self) -> Game:
        return Game(rules_of(self.ruleset), list(party_of(self.ruleset)), seed=self.seed, renderer=renderer())

    def play(self, text: str, rng: random.Random, tally: Tally) -> None:
        if len(self.played) >= GAME_LIFE:
            self.game, self.played = self._fresh(), []
        roll = rng.random()
        told = any(kind != "player" for kind, _ in self.played)  # a swipe needs a GM reply to replace
        kind = "player" if roll < 0.08 else "regenerate" if roll < 0.16 and told else "gm"
        before = tuple(self.played)
        with internal_errors() as errors:
            try:
                with deadline(DEADLINE):
                    started = time.perf_counter()
                    result = getattr(self.game, "reply" if kind == "gm" else kind)(text)
                    took = time.perf_counter() - started
                    if rng.random() < PROMPT_SHARE:  # what the model is told next, from the new state
                        self.game.prompt()
            except (Exception, Hang) as error:
                tally.fail(Failure("hang" if isinstance(error, Hang) else "crash", where(error), self.ruleset,
                                   text, before))  # fmt: skip
                self.game, self.played = self._fresh(), []
                return
        tally.turns += 1
        tally.tags += len(result.tags)
        tally.slowest = max(tally.slowest, (took, self.ruleset, text))
        self.played.append((kind, text))
        for record in errors.records:
            tally.fail(Failure("internal-error", net_detail(record), self.ruleset, text, before))
        for problem_kind, detail in turn_problems(result):
            tally.fail(Failure(problem_kind, detail, self.ruleset, text, before))


def streamed_problem(ruleset: str, text: str, rng: random.Random) -> str | None:
    """Why a fresh game's turn streamed in chunks differs from the same reply told whole, or None."""
    whole = Game(rules_of(ruleset), list(party_of(ruleset)), renderer=renderer()).reply(text)
    turn = Game(rules_of(ruleset), list(party_of(ruleset)), renderer=renderer()).begin_reply()
    shown = "".join(turn.feed(chunk) for chunk in chunks(text, rng))
    streamed = turn.finish()
    if not streamed.visible.startswith(shown):  # finish() releases the tail it held (middleware.end)
        return "what feed() returned is no prefix of the turn's visible text"
    if streamed.to_json() != whole.to_json():
        return "the turn's JSON differs when streamed"
    if streamed.state != whole.state:
        return "the state differs when streamed"
    return None


def fuzz_replies(
    seed: int,
    count: int,
    *,
    surrogates: bool = True,
    rulesets: Sequence[str] = RULESETS,
    stream_every: int = STREAM_SAMPLE,
) -> Tally:
    """``count`` mutated replies from ``seed``, each played on every ruleset of ``rulesets`` (and one in
    ``stream_every`` streamed through a fresh game in random chunks)."""
    rng = random.Random(seed)
    pool = seeds()
    players = [Player(name, seed) for name in rulesets]
    tally = Tally()
    for index in range(count):
        text = mutate_reply(rng, pool, surrogates=surrogates)
        tally.replies += 1
        problem = split_problem(text, rng)
        if problem is not None:
            tally.fail(Failure("split", problem, "", text))
        for player in players:
            player.play(text, rng, tally)
        if index % stream_every == 0:
            ruleset = rng.choice(list(rulesets))
            tally.streamed += 1
            with internal_errors():
                try:
                    with deadline(DEADLINE):
                        problem = streamed_problem(ruleset, text, rng)
                except (Exception, Hang) as error:
                    problem = f"streaming raised {where(error)}"
            if problem is not None:
                tally.fail(Failure("split", problem, ruleset, text))
    return tally


# -- mutating a ruleset ------------------------------------------------------------------------------------

DEEP = "__tagproc_fuzz_deep__"


@cache
def shipped_documents() -> dict[str, Any]:
    return {
        name: json.loads((ROOT / "tagproc" / "rulesets" / f"{name}.json").read_text()) for name in RULESETS
    }


def _walk(rng: random.Random, data: Any) -> tuple[Any, Any]:
    """A random container inside ``data`` and a key (or index) in it, descending a random depth."""
    parent: Any = None
    key: Any = None
    node = data
    while isinstance(node, dict | list) and node and (parent is None or rng.random() < 0.75):
        parent = node
        key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
        node = node[key]
    return parent, key


def _odd_value(rng: random.Random, old: Any) -> Any:
    text = old if isinstance(old, str) else "x"
    return rng.choice(
        (
            None,
            0,
            -1,
            10**400,
            -(10**30),
            1e308,
            0.5,
            True,
            "",
            "x" * 5000,
            text + "\ud800",
            "\udfff" + text,
            [],
            {},
            [old],
            {"id": old},
            DEEP,
            str(old),
            text.upper(),
            text + text,
            ZERO_WIDTH[0] + text,
        )
    )


def mutate_ruleset(rng: random.Random, *, deep: bool = True) -> tuple[str, str]:
    """(file suffix, text): a shipped ruleset with one to six mutations (``deep``: nesting up to 10,000)."""
    name = rng.choice(RULESETS[:2]) if rng.random() < 0.8 else "srd-5e"
    data = json.loads(json.dumps(shipped_documents()[name]))
    for _ in range(rng.choice((1, 1, 2, 3, 6))):
        parent, key = _walk(rng, data)
        if parent is None:
            data = _odd_value(rng, data)
            continue
        action = rng.random()
        if action < 0.25:
            del parent[key]
        elif action < 0.35 and isinstance(parent, dict):
            spelt = str(key)
            at = rng.randrange(len(spelt) + 1)
            parent[spelt[:at] + rng.choice(("x", "", "_", "\ud800")) + spelt[at + 1 :]] = parent.pop(key)
        elif action < 0.45 and isinstance(parent, list):
            parent.extend([parent[key]] * rng.choice((1, 2, 50)))
        else:
            parent[key] = _odd_value(rng, parent[key])
    text = json.dumps(data)  # surrogates written as \\ud800 escapes, which json.loads makes lone again
    depth = rng.choice((10, 100, 1000, 10000) if deep else (10, 50))
    text = text.replace(f'"{DEEP}"', "[" * depth + "1" + "]" * depth)
    return (".yaml" if rng.random() < 0.2 else ".json"), text


RULESET_REPLIES = (
    '[inventory: action="add" item="Warming tonic" count="2"] [inventory: action="pay" amount="3 shillings"]',
    '[sheet: op="rest" rest="vigil"] [loot: grave_goods] [place: Millbrook]',
    '[inventory: action="add" item="Hand axe"] [inventory: action="use" item="Poultice"] [sheet: op="spend"]',
)


def fuzz_rulesets(seed: int, count: int, directory: Path, *, deep: bool = True) -> Tally:
    """``count`` mutated rulesets from ``seed``, each written in ``directory``, checked, loaded and played."""
    rng = random.Random(seed)
    tally = Tally()
    for index in range(count):
        suffix, text = mutate_ruleset(rng, deep=deep)
        path = directory / f"fuzz-{seed}-{index}{suffix}"
        path.write_text(text, encoding="utf-8")
        tally.rulesets += 1
        with internal_errors():
            try:
                with deadline(DEADLINE):
                    check_ruleset(path)
                    try:
                        ruleset = load_ruleset(path)
                    except RulesetError:
                        continue
                    tally.rulesets_loaded += 1
                    game = Game(ruleset, ["Ada", "Bram"])
                    for reply in RULESET_REPLIES:
                        game.reply(reply)
                    game.prompt()
            except (Exception, Hang) as error:
                kind = "hang" if isinstance(error, Hang) else "ruleset-crash"
                tally.fail(Failure(kind, where(error), path.name, text[:20000]))
            finally:
                path.unlink()
    return tally


# -- running -----------------------------------------------------------------------------------------------


def _replies_job(job: tuple[int, int, bool]) -> Tally:
    return fuzz_replies(job[0], job[1], surrogates=job[2])


def _rulesets_job(job: tuple[int, int, str]) -> Tally:
    return fuzz_rulesets(job[0], job[1], Path(job[2]))


def run(replies: int, rulesets: int, seed: int, jobs: int, surrogates: bool) -> Tally:
    batch = 250
    reply_jobs = [(seed * 1_000_003 + i, min(batch, replies - i * batch), surrogates)
                  for i in range((replies + batch - 1) // batch)]  # fmt: skip
    total = Tally()
    with tempfile.TemporaryDirectory() as directory:
        ruleset_jobs = [(seed * 1_000_003 + i, min(100, rulesets - i * 100), directory)
                        for i in range((rulesets + 99) // 100)]  # fmt: skip
        if jobs <= 1:
            for tally in map(_replies_job, reply_jobs):
                total.add(tally)
            for tally in map(_rulesets_job, ruleset_jobs):
                total.add(tally)
            return total
        with Pool(jobs) as pool:
            for tally in pool.imap_unordered(_replies_job, reply_jobs):
                total.add(tally)
            for tally in pool.imap_unordered(_rulesets_job, ruleset_jobs):
                total.add(tally)
    return total


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--replies", type=int, default=10_000)
    parser.add_argument("--rulesets", type=int, default=3_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--no-surrogates", action="store_true", help="replace lone surrogates in model text")
    parser.add_argument("--out", type=Path, help="write every distinct failure here as JSON")
    args = parser.parse_args(argv)
    started = time.monotonic()
    total = run(args.replies, args.rulesets, args.seed, args.jobs, not args.no_surrogates)
    print(
        f"{total.replies} replies, {total.turns} turns ({total.tags} tags), {total.streamed} streamed; "
        f"{total.rulesets} rulesets ({total.rulesets_loaded} loaded); {time.monotonic() - started:.0f} s"
    )
    took, ruleset, reply = total.slowest
    print(f"slowest turn: {took * 1000:.0f} ms on {ruleset}, a reply of {len(reply)} characters")
    print("failures:", dict(sorted(total.kinds.items())) or "none")
    for failure in total.failures:
        print(f"\n{failure.signature()}  [{failure.ruleset}]")
        print(f"  reply: {failure.reply[:400]!r}")
        if failure.before:
            print(f"  after: {[turn for turn in failure.before][-3:]!r}"[:600])
    if args.out is not None:
        args.out.write_text(json.dumps([f.to_json() for f in total.failures], indent=1), encoding="utf-8")
    return 1 if total.kinds else 0


if __name__ == "__main__":
    sys.exit(main())
