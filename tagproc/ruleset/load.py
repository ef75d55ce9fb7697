"""Loading a ruleset: from a JSON or YAML file, or a shipped one by name, validated whole.

Owns :func:`load_ruleset` (a :class:`~tagproc.ruleset.models.Ruleset` or :class:`RulesetError` with every
problem), :func:`check_ruleset` (the problems alone), :func:`parse_ruleset` (an already-read mapping) and the
list of shipped rulesets, read from the package's ``rulesets/*.json`` through :mod:`importlib.resources` so they
load from a wheel as from a work tree. Nothing here caches: a caller that loads per request keeps its own.
A file is read through :mod:`tagproc.documents`, so a hostile one (a YAML bomb, nesting 10,000 deep, UTF-16,
a directory, a name the system refuses) is a :class:`RulesetError` of a line or two, never a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from tagproc.documents import DocumentError, display_name, parse_document, read_file, short_name
from tagproc.ruleset.errors import Problem, RulesetError, problems_from
from tagproc.ruleset.models import Ruleset
from tagproc.ruleset.validate import validate_ruleset


@dataclass(frozen=True, slots=True)
class ShippedRuleset:
    name: str
    text: str


def _shipped_dir() -> Any:
    return resources.files("tagproc").joinpath("rulesets")


def shipped_names() -> list[str]:
    """The names of the rulesets shipped in the package, sorted."""
    folder = _shipped_dir()
    if not folder.is_dir():
        return []
    return sorted(
        entry.name.removesuffix(".json") for entry in folder.iterdir() if entry.name.endswith(".json")
    )


def shipped_text(name: str) -> str | None:
    """The JSON text of a shipped ruleset, or ``None`` when none has that name."""
    if name not in shipped_names():
        return None
    text: str = _shipped_dir().joinpath(f"{name}.json").read_text(encoding="utf-8")
    return text


def read_source(source: str | Path) -> tuple[Any, str]:
    """The parsed document at a path (``.yaml``/``.yml`` as YAML, else JSON) or of a shipped name, and its label.

    A file that cannot be read or parsed (see :mod:`tagproc.documents`) raises :class:`RulesetError` with its
    problems, labelled with the file's name as it can be printed.
    """
    label = display_name(source)
    path = Path(source)
    try:
        data = read_file(path)
    except DocumentError as error:
        if str(source) not in shipped_names():  # a directory named like a shipped ruleset is not asked for
            raise RulesetError(error.problems, label) from None
        data = None
    if data is not None:
        return parse_text(data, yaml_text=path.suffix.lower() in (".yaml", ".yml"), label=label), label
    text_or_none = shipped_text(str(source))
    if text_or_none is None:
        names = ", ".join(shipped_names()) or "none"
        raise RulesetError(
            [Problem("", f'No ruleset file or shipped ruleset "{short_name(source)}" (shipped: {names})')],
            label,
        )
    return parse_text(text_or_none, yaml_text=False, label=label), label


def parse_text(text: str | bytes, *, yaml_text: bool = False, label: str | None = None) -> Any:
    """The document in ``text`` (bytes are read as UTF-8), checked within the limits of :mod:`tagproc.documents`."""
    try:
        return parse_document(text, yaml_text=yaml_text)
    except DocumentError as error:
        raise RulesetError(error.problems, label) from None


def problems_of(data: Any) -> tuple[Ruleset | None, list[Problem]]:
    """The ruleset a parsed document makes and every problem with it (the model is ``None`` if unusable)."""
    if not isinstance(data, dict):
        return None, [Problem("", "A ruleset file is one object (its top level is {...})")]
    try:
        ruleset = Ruleset.model_validate(data)
    except ValidationError as error:
        return None, problems_from(error, data)
    problems = validate_ruleset(ruleset, data)
    return (None if problems else ruleset), problems


def parse_ruleset(data: Any, source: str | None = None) -> Ruleset:
    """A validated ruleset from an already-parsed document; :class:`RulesetError` lists every problem."""
    ruleset, problems = problems_of(data)
    if ruleset is None:
        raise RulesetError(problems, source)
    return ruleset


def load_ruleset(source: str | Path) -> Ruleset:
    """A validated ruleset from a JSON/YAML path or a shipped name (``"ember-roads"``)."""
    data, label = read_source(source)
    return parse_ruleset(data, label)


def check_ruleset(source: str | Path) -> list[Problem]:
    """Every problem of a ruleset file or shipped name; empty when it loads."""
    try:
        data, _ = read_source(source)
    except RulesetError as error:
        return list(error.problems)
    return problems_of(data)[1]
