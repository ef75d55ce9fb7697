"""What the ``tagproc`` command reads and writes: a file or stdin (``-``) as UTF-8 text within the library's
size limit, a YAML syntax error with its line and column, text and JSON that always encode.

Invariants: reading never raises anything but :class:`CannotRead`, which names the input (the file as
given, ``<stdin>`` for ``-``) and what went wrong; nothing is read past ``documents.MAX_BYTES``; writing never
raises ``UnicodeEncodeError`` (a lone surrogate is escaped). Imports nothing of the ruleset machinery (yaml
only when a YAML syntax check is asked for), so ``scan`` and ``--help`` stay light.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, TextIO

from tagproc.documents import MAX_BYTES

__all__ = [
    "STDIN",
    "STDIN_LABEL",
    "CannotRead",
    "label_of",
    "problem",
    "read_input",
    "write_json",
    "write_text",
    "yaml_syntax_error",
]

STDIN = "-"
STDIN_LABEL = "<stdin>"


class CannotRead(Exception):
    """An input the CLI could not read: its label (the file as given), what went wrong, and where."""

    def __init__(self, label: str, message: str, line: int | None = None, column: int | None = None) -> None:
        self.label = label
        self.message = message
        self.line = line
        self.column = column
        super().__init__(str(self))

    @property
    def where(self) -> str:
        """``file``, or ``file:line:column`` (from 1) when the problem has a place."""
        if self.line is None:
            return self.label
        return f"{self.label}:{self.line}:{self.column}"

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


def label_of(path: str) -> str:
    """How a problem names an input: the file as given, ``<stdin>`` for ``-``."""
    return STDIN_LABEL if path == STDIN else path


def read_input(path: str) -> str:
    """The UTF-8 text of a file, or of stdin for ``-``; :class:`CannotRead` says why not."""
    label = label_of(path)
    try:
        if path == STDIN:
            buffer = getattr(sys.stdin, "buffer", None)
            if buffer is None:  # a text stream put in its place (a test, an embedding)
                return sys.stdin.read()
            data: bytes = buffer.read(MAX_BYTES + 1)
        else:
            with Path(path).open("rb") as file:
                data = file.read(MAX_BYTES + 1)
    except (FileNotFoundError, NotADirectoryError):
        raise CannotRead(label, "no such file") from None
    except IsADirectoryError:
        raise CannotRead(label, "is a directory, not a file") from None
    except OSError as error:
        raise CannotRead(label, f"cannot read it: {error.strerror or error}") from None
    except UnicodeDecodeError as error:  # stdin given as text
        raise CannotRead(label, f"not UTF-8 text ({error.reason})") from None
    if len(data) > MAX_BYTES:  # never read (or parse) more than the library would
        raise CannotRead(label, f"larger than {MAX_BYTES // (1024 * 1024)} MiB, more than tagproc reads")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        byte = data[error.start]
        raise CannotRead(label, f"not UTF-8 text (byte 0x{byte:02x} at offset {error.start})") from None


YAML_DEPTH = 1000  # libyaml's own limit, kept by the pure-Python parser too (it slows as a nesting deepens)


def yaml_syntax_error(text: str, label: str) -> CannotRead | None:
    """A YAML syntax error in ``text`` with its line and column, or ``None``.

    Only the event stream is read (``yaml.parse``, libyaml's where installed): nothing is built, so an
    alias bomb costs what its text does; a nesting deeper than ``YAML_DEPTH`` is an error where it starts,
    and the loader that builds the document keeps its own limits. libyaml also refuses a ``\\u`` escape
    of a lone surrogate, which is no character."""
    import yaml

    def at(mark: Any, message: str) -> CannotRead:
        if mark is None:
            return CannotRead(label, f"not valid YAML: {message}")
        return CannotRead(label, f"not valid YAML: {message}", mark.line + 1, mark.column + 1)

    depth = 0
    try:
        for event in yaml.parse(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > YAML_DEPTH:
                    return at(event.start_mark, f"nested more than {YAML_DEPTH} deep")
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    except yaml.MarkedYAMLError as error:
        message = error.problem or "not valid YAML"
        if error.context:
            where = error.context_mark
            place = f" at {where.line + 1}:{where.column + 1}" if where is not None else ""
            message += f" ({error.context}{place})"
        return at(error.problem_mark, message)
    except yaml.reader.ReaderError as error:  # a character YAML does not allow
        line = text.count("\n", 0, error.position) + 1
        column = error.position - text.rfind("\n", 0, error.position)
        code = error.character if isinstance(error.character, int) else ord(error.character)
        message = f"not valid YAML: character U+{code:04X} is not allowed ({error.reason})"
        return CannotRead(label, message, line, column)
    except yaml.YAMLError as error:
        return at(None, str(error))
    return None


def write_text(text: str, stream: TextIO | None = None) -> None:
    """Write ``text``; a lone surrogate (a JSON or YAML escape in the input) is written as ``\\udcxx``."""
    stream = sys.stdout if stream is None else stream
    try:
        stream.write(text)
    except UnicodeEncodeError:
        encoding = stream.encoding or "utf-8"
        stream.write(text.encode(encoding, "backslashreplace").decode(encoding))


def write_json(data: object, stream: TextIO | None = None, *, indent: int | None = None) -> None:
    """One JSON document and a newline: as written (``ensure_ascii=False``) where the stream can encode
    it, else with every non-ASCII character escaped, which any stream can write and ``json.loads`` reads
    back the same, lone surrogates included."""
    stream = sys.stdout if stream is None else stream
    text = json.dumps(data, ensure_ascii=False, indent=indent)
    try:
        text.encode(stream.encoding or "utf-8")
    except UnicodeEncodeError:
        text = json.dumps(data, ensure_ascii=True, indent=indent)
    stream.write(text + "\n")


def problem(error: object) -> int:
    """Print a problem (a line, or a library error's list) on stderr; the exit code 1."""
    write_text(f"{error}\n", sys.stderr)
    return 1
