"""Render: answers, notes and prompt blocks through the Jinja templates in ``prompts/``.

This is the only module that imports jinja2 (STYLE.md "Stages like jinja2"). A ``Renderer`` built by hand builds
its own ``Environment``; nothing is built at import time. Templates only format what Python computed here.

Shared environments (issue 14): ``shared_renderer(templates)`` is what ``Game`` uses when it is given no renderer.
It returns a new ``Renderer`` over the process's one compiled environment for that templates folder (the shipped
templates alone for ``None``), built on the first call and kept, with its template and macro caches, so a game
costs no compilation after the first. It is the one cache this module keeps (STYLE.md "No mutable globals"),
and it holds only what the template files determine: rendering reads it and never changes it.
- The key is the folder as given and as resolved (a relative folder names a folder of the working directory
  at the call), stamped with each ``*.jinja`` file under it (its name, ``mtime_ns`` and size): an edited, added
  or removed template builds the folder's environment again (checked again) and drops the stale one. A folder
  that cannot be used raises ``TemplateProblem`` as ``Renderer`` does, and nothing is kept.
- Thread-safe: one lock around the table, held while an environment is built (a few milliseconds, once).
- Entries are never evicted but by a changed folder; a process names a handful of template folders.

A user's templates (``Renderer(templates=DIR)``) are layered over the shipped ones: a file of the user's
folder wins, every other template is the shipped one. Checked at construction, each a ``TemplateProblem``
naming the file: the folder exists; every ``*.jinja`` under it is one tagproc renders (with a "did you mean"
for a misspelled one), compiles (a syntax error names its line) and, for a notes template, still has every
macro the shipped one has (a note would otherwise fail when first said).

Invariants of a rendered answer (DESIGN.md "Answers"):
- It is one line, ``[tag: key="value" ...]``: the answer's pairs, then ``result``, ``now``, ``reason``, the
  ``extra`` pairs and ``note``, in that order; a pair without a value is left out.
- tagproc's own scanner sees exactly one tag in it, and ``read_tag`` gives back every pair (``result``,
  ``now`` and ``reason`` among its ``ignored``, as for any tag). For that, values are cleaned
  (``clean_value``): whitespace runs become one space; ``"`` and curly quotes become ``'``; ``[``/``]``
  become ``(``/``)``; ``\\`` becomes ``/``. The body is kept within the scanner's ``BODY_LIMIT`` by
  shortening the longest values first (ending them with ``…``).
"""

from __future__ import annotations

import copy
import difflib
import re
import threading
import traceback
from collections import ChainMap
from collections.abc import Iterable, Mapping, Sequence
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path
from typing import Any, Final

import jinja2
from jinja2 import nodes

from tagproc.engine.outcome import Answer
from tagproc.notes import Note
from tagproc.stream import BODY_LIMIT
from tagproc.vocabulary.tags import MORE_QUOTE_REPAIRS, QUOTE_REPAIRS

__all__ = [
    "Renderer",
    "TemplateProblem",
    "answer_pairs",
    "clean_value",
    "prompts_path",
    "shared_renderer",
    "template_names",
]

_WHITESPACE = re.compile(r"\s+")
# Characters that would end a value, a tag or a body early, or that ``read_tag`` would rewrite.
_VALUE_REPAIRS: Final = str.maketrans(
    {
        '"': "'",
        **{quote: "'" for quote, _ in (*QUOTE_REPAIRS, *MORE_QUOTE_REPAIRS)},
        "[": "(",
        "]": ")",
        "\\": "/",
    }
)
_ELLIPSIS: Final = "…"
_SHORTEST: Final = 20  # a value is never cut below this many characters


def prompts_path() -> Traversable | Path:
    """Where the templates are: ``tagproc/prompts`` in an installed wheel, else the repository's ``prompts/``."""
    packaged = resources.files("tagproc").joinpath("prompts")
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "prompts"


def clean_value(value: str) -> str:
    """A value as an answer can carry it and ``read_tag`` gives it back unchanged."""
    if value.isalnum():  # most values are one word or number: no space, quote, bracket or backslash to clean
        return value
    # ``str.split()`` splits at runs of what ``\s`` matches (``str.isspace``) and drops them at the ends:
    # ``_WHITESPACE.sub(" ", ...).strip()`` (``_clean_value_by_pattern``) in one C pass.
    return " ".join(value.translate(_VALUE_REPAIRS).split())


def _clean_value_by_pattern(value: str) -> str:
    """``clean_value`` as the pattern says it; the tests check the two agree."""
    return _WHITESPACE.sub(" ", value.translate(_VALUE_REPAIRS)).strip()


def answer_pairs(
    answer: Answer, note: str | None = None, limit: int = BODY_LIMIT, now: str | None = None
) -> list[tuple[str, str]]:
    """The (key, value) pairs an answer is written with, ``note`` its notes as words (``Renderer.say``) and
    ``now`` its ``now=`` where that is a note (else ``answer.now``), cleaned and fitted into ``limit`` body
    characters."""
    said = now if isinstance(answer.now, Note) else answer.now
    # The pairs with a value (the attrs', result's and extra's always have one), each kept as it is when
    # ``clean_value`` keeps its value (a one-word value, most of them: its test made here, without a call)
    pairs: list[tuple[str, str]] = [*answer.attrs, ("result", answer.result)]
    if said is not None:
        pairs.append(("now", said))
    if answer.reason is not None:
        pairs.append(("reason", answer.reason))
    pairs += answer.extra
    if note:
        pairs.append(("note", note))
    # ``key="value"`` joined by spaces: every key's and value's length, and four characters a pair but one
    size = -1
    for index, (key, value) in enumerate(pairs):  # one loop, cleaning in place (no comprehension's frame)
        if not value.isalnum():
            value = clean_value(value)
            pairs[index] = (key, value)
        size += len(key) + len(value) + 4
    return _fit(pairs, limit - len(answer.tag) - 2, size)


def _fit(pairs: list[tuple[str, str]], room: int, size: int) -> list[tuple[str, str]]:
    """Shorten the longest values until ``key="value"`` pairs joined by spaces (``size`` characters now) fit
    ``room`` characters."""
    if size <= room:  # nearly every answer: nothing to shorten
        return pairs
    fitted = list(pairs)
    while size > room:
        index = max(range(len(fitted)), key=lambda i: len(fitted[i][1]))
        key, value = fitted[index]
        if len(value) <= _SHORTEST:
            break  # only a pathological number of keys gets here; the scanner then shows it as text
        keep = max(_SHORTEST, len(value) - (size - room)) - len(_ELLIPSIS)
        shortened = value[:keep].rstrip() + _ELLIPSIS
        size -= len(value) - len(shortened)
        fitted[index] = (key, shortened)
    return fitted


class TemplateProblem(ValueError):
    """A user's template folder that cannot be used: the ``file`` (and ``line``, from 1) and what is wrong."""

    def __init__(self, file: str, message: str, line: int | None = None) -> None:
        self.file = file
        self.line = line
        self.message = message
        super().__init__(f"{file}:{line}: {message}" if line is not None else f"{file}: {message}")


def template_names(folder: Traversable | Path | None = None) -> tuple[str, ...]:
    """Every template under ``folder`` (the shipped ``prompts/`` by default), as ``blocks/recap.jinja``."""
    found: list[str] = []

    def walk(place: Traversable | Path, prefix: str) -> None:
        for child in sorted(place.iterdir(), key=lambda one: one.name):
            if child.is_dir():
                walk(child, f"{prefix}{child.name}/")
            elif child.name.endswith(".jinja"):
                found.append(prefix + child.name)

    walk(prompts_path() if folder is None else folder, "")
    return tuple(found)


def _user_templates(folder: Path, shipped: Traversable | Path, environment: jinja2.Environment) -> None:
    """Check a user's template folder against the shipped one (the module docstring says what is checked)."""
    if not folder.is_dir():
        raise TemplateProblem(str(folder), "no such folder" if not folder.exists() else "not a folder")
    known = template_names(shipped)
    for path in sorted(folder.rglob("*.jinja")):
        name = path.relative_to(folder).as_posix()
        shown = str(path)
        if name not in known:
            guess = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
            hint = f"; did you mean {guess[0]}?" if guess else ""
            raise TemplateProblem(shown, f"tagproc renders no template {name!r}{hint}")
        try:
            source = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise TemplateProblem(shown, f"cannot be read: {error}") from None
        try:
            tree = environment.parse(source, name, shown)
            environment.compile(tree, name, shown)
        except jinja2.TemplateSyntaxError as error:
            raise TemplateProblem(shown, error.message or "not valid Jinja", error.lineno) from None
        if name.startswith("notes/"):
            ours = _macros(environment, shipped.joinpath(*name.split("/")).read_text(encoding="utf-8"))
            missing = sorted(ours - {macro.name for macro in tree.find_all(nodes.Macro)})
            if missing:
                raise TemplateProblem(shown, f"has no macro {', '.join(missing)} (the shipped {name} has)")


def _render_problem(error: jinja2.TemplateError, template: jinja2.Template) -> TemplateProblem:
    """A template that failed as it rendered, named with the line it failed at (from the traceback)."""
    filename = template.filename or template.name or "<template>"
    line = None
    for frame in traceback.extract_tb(error.__traceback__):
        if frame.filename == template.filename:
            line = frame.lineno
    return TemplateProblem(filename, f"cannot be rendered: {error.message or error}", line)


def _macros(environment: jinja2.Environment, source: str) -> set[str]:
    return {macro.name for macro in environment.parse(source).find_all(nodes.Macro)}


def _loader(folder: Traversable | Path) -> jinja2.BaseLoader:
    """A loader over a folder on disk, or over package resources that are not (a zipped install)."""
    if isinstance(folder, Path):
        return jinja2.FileSystemLoader(str(folder))

    def load(name: str) -> str | None:
        found = folder.joinpath(name)
        return found.read_text(encoding="utf-8") if found.is_file() else None

    return jinja2.FunctionLoader(load)


class Renderer:
    """The template environment over ``prompts/``; build one and pass it to what renders, or take the process's
    shared one for a folder from ``shared_renderer``.

    ``prompts_dir`` replaces the shipped folder (every template read from it); ``templates`` is a user's folder
    layered over it (its files win, the rest are inherited), checked here: ``TemplateProblem`` if unusable."""

    def __init__(self, prompts_dir: Path | None = None, templates: str | Path | None = None) -> None:
        folder = prompts_dir if prompts_dir is not None else prompts_path()
        loader = _loader(folder)
        if templates is not None:
            loader = jinja2.ChoiceLoader([jinja2.FileSystemLoader(str(templates)), loader])
        self.environment = jinja2.Environment(
            loader=loader,
            undefined=jinja2.StrictUndefined,
            autoescape=False,
            trim_blocks=True,
            lstrip_blocks=True,
            keep_trailing_newline=False,
        )
        self.environment.globals["say"] = self.say
        # The same as filters, which a template calls straight (``{{ line|say }}``; a global is called through
        # Jinja's ``Context.call``): the shipped notes say a note inside a note so (``_said_each`` for a list).
        self.environment.filters["say"] = self.say
        self.environment.filters["said_each"] = self._said_each
        if templates is not None:
            _user_templates(Path(templates), folder, self.environment)
        self._answer = self._rendered("answer.jinja")
        self._macros: dict[str, tuple[Any, tuple[str, ...] | None]] = {}
        self._blocks: dict[str, jinja2.Template] = {}

    def _rendered(self, name: str) -> jinja2.Template:
        """The template ``name``, to be rendered whole (``render``): its globals, which Jinja makes a
        ``ChainMap`` of an empty map of its own over the environment's, read straight from the environment's
        (``_globals_over``). Every render copies them into its context, and a ``ChainMap`` is copied in
        Python (some 5 us a render, once a reply); the environment's dict holds the same keys, values and
        order, as it changes too, and is copied in C. A template given globals of its own keeps Jinja's. So no
        template of this environment is ever fetched with ``get_template(name, globals=...)``: Jinja would
        update a cached template's globals in place, i.e. the environment's, for every template."""
        template = self.environment.get_template(name)
        if _globals_over(template, self.environment):
            template.globals = self.environment.globals
        return template

    def render_answer(self, answer: Answer) -> str:
        """One answer as the Game Master reads it: ``[inventory: action="pay" ... result="ok" now="2" ...]``."""
        return self.render_answers([answer])[0]

    def render_answers(self, answers: Sequence[Answer]) -> list[str]:
        """Many answers in one pass of the template (a reply's), each as ``render_answer`` gives it."""
        if not answers:
            return []
        pieces = [(answer.tag, self.answer_pairs(answer)) for answer in answers]
        return self._answer.render(answers=pieces).splitlines()

    def render_block(self, name: str, context: Mapping[str, Any]) -> str:
        """One prompt block in words: ``prompts/blocks/<name>.jinja`` given ``context`` (a draft's facts)."""
        template = self._blocks.get(name)
        if template is None:
            template = self._blocks[name] = self._rendered(f"blocks/{name}.jinja")
        try:
            return template.render(context).strip()
        except (jinja2.UndefinedError, jinja2.TemplateRuntimeError) as error:  # a user's template, say
            raise _render_problem(error, template) from None

    def answer_pairs(self, answer: Answer) -> list[tuple[str, str]]:
        """``answer_pairs`` with the answer's notes (and a ``now=`` that is a note) in this renderer's words."""
        now, notes = answer.now, answer.notes
        said = self.say(now) if isinstance(now, Note) else None
        return answer_pairs(answer, self.say(notes) if notes else None, now=said)  # most answers: no notes

    def say(self, notes: Note | Iterable[Note] | None) -> str:
        """Notes in words, each through its macro in ``notes/<group>.jinja``, joined by one space."""
        if not notes:  # None, or no notes (most answers)
            return ""
        if isinstance(notes, Note):
            return self._say_one(notes)  # one note: its words, as joining them alone gives
        if type(notes) is tuple and len(notes) == 1:  # an answer's one note (the usual note=): the same
            return self._say_one(notes[0])
        said = (self._say_one(one) for one in notes)
        return " ".join(text for text in said if text)

    def _said_each(self, parts: Iterable[Note | Iterable[Note] | None]) -> list[str]:
        """Each of ``parts`` in words (``say``), in order, an empty one kept: what a loop of ``say(part)`` gives
        a template, for it to join (``{{ parts|said_each|join(", ") }}``)."""
        return [self.say(part) for part in parts]

    def _say_one(self, one: Note) -> str:
        try:
            macro, arguments = self._macro(one.code)
            facts = dict(one.facts)
            if arguments is not None and len(facts) == len(arguments):
                values: list[Any] = []
                for name in arguments:  # a loop, not a comprehension's frame: every note said
                    if name not in facts:  # a fact the macro does not take, or one missing: the long way
                        break
                    values.append(facts[name])
                else:
                    return macro._func(*values).strip()  # type: ignore[no-any-return]
            return macro(**facts).strip()  # type: ignore[no-any-return]
        except (jinja2.UndefinedError, jinja2.TemplateRuntimeError) as error:  # a user's notes template, say
            template = self.environment.get_template(f"notes/{one.group}.jinja")
            raise _render_problem(error, template) from None

    def _macro(self, code: str) -> tuple[Any, tuple[str, ...] | None]:
        """The macro of a note's code, and its arguments when it may be called straight (``_arguments``)."""
        found = self._macros.get(code)
        if found is None:
            group, _, name = code.partition(".")
            module = self.environment.get_template(f"notes/{group}.jinja").module
            macro = getattr(module, name, None)
            if macro is None:
                raise LookupError(f"notes/{group}.jinja has no macro {name!r} (for the note {code!r})")
            found = self._macros[code] = (macro, _arguments(macro, self.environment))
        return found


def _globals_over(template: jinja2.Template, environment: jinja2.Environment) -> bool:
    """Whether ``template``'s globals are Jinja's ``ChainMap`` of an empty map over ``environment``'s
    (``Environment.make_globals`` of no globals): then they read as the environment's own do."""
    chained = template.globals
    return (
        isinstance(chained, ChainMap)
        and len(chained.maps) == 2
        and not chained.maps[0]
        and chained.maps[1] is environment.globals
    )


def _arguments(macro: Any, environment: jinja2.Environment) -> tuple[str, ...] | None:
    """A macro's arguments, in order, when a call naming each of them once gives what its ``_func`` gives
    them in that order; None when it may not be called so (a ``caller``, ``*varargs`` or ``**kwargs``, an
    async or autoescaping environment, or a Jinja whose ``Macro`` is not as read here).

    Called by keyword (as a note's facts are), ``jinja2.runtime.Macro.__call__`` binds each argument it
    names to its place, a default's ``missing`` to none (here there is none: every argument is named),
    and invokes ``_func`` with them in order, its result as it is unless it autoescapes. Its Python
    binding is a large part of saying a short note: ``_say_one`` calls ``_func`` itself when a note names
    every argument (``tests/test_render.py`` holds the two equal over every note the corpora say)."""
    if not isinstance(macro, jinja2.runtime.Macro) or environment.is_async:
        return None
    arguments = getattr(macro, "arguments", None)
    if (
        not isinstance(arguments, tuple)
        or not callable(getattr(macro, "_func", None))
        or getattr(macro, "catch_kwargs", True)
        or getattr(macro, "catch_varargs", True)
        or getattr(macro, "caller", True)
        or getattr(macro, "_default_autoescape", True)
        or "caller" in arguments
        or len(set(arguments)) != len(arguments)
    ):
        return None
    return arguments


# -- the shared environments ------------------------------------------------------------------------

_Key = tuple[str, str]  # the templates folder as given and as resolved; ("", "") for the shipped templates
_Stamp = tuple[tuple[str, int, int], ...]  # each *.jinja under the folder: (name, mtime_ns, size)

_SHIPPED: Final[_Key] = ("", "")
_LOCK = threading.Lock()
_SHARED: dict[_Key, tuple[_Stamp, Renderer]] = {}  # guarded by _LOCK


def shared_renderer(templates: str | Path | None = None) -> Renderer:
    """A ``Renderer`` over the process's one compiled environment for ``templates`` (a user's folder layered over
    the shipped templates, or the shipped ones alone), built on the first call: ``TemplateProblem`` if the
    folder cannot be used (the module docstring says when it is built again)."""
    found = _folder_of(templates)
    if found is None:  # not a folder we can stamp: Renderer says what is wrong with it
        return Renderer(templates=templates)
    key, stamp = found
    with _LOCK:
        entry = _SHARED.get(key)
        if entry is None or entry[0] != stamp:
            entry = _SHARED[key] = (stamp, Renderer(templates=templates))
    # A twin of the kept renderer: its own object, the same environment and caches (read only, so sharing them
    # changes no result).
    return copy.copy(entry[1])


def _folder_of(templates: str | Path | None) -> tuple[_Key, _Stamp] | None:
    """The key and stamp of a templates folder; None when it is not a folder that can be read."""
    if templates is None:
        return _SHIPPED, ()
    folder = Path(templates)
    try:
        resolved = folder.resolve(strict=True)
        if not resolved.is_dir():
            return None
        files = [(path.relative_to(resolved).as_posix(), path.stat()) for path in resolved.rglob("*.jinja")]
    except (OSError, RuntimeError):  # gone, unreadable, or a symlink loop: Renderer says what it finds
        return None
    stamp = tuple(sorted((name, status.st_mtime_ns, status.st_size) for name, status in files))
    return (str(templates), str(resolved)), stamp
