"""Shared rulesets: one ``Rules`` per process for every game that names the same ruleset (issue 13).

Owns ``shared_rules(source, layers)`` and ``ruleset_hash(ruleset)``. A ruleset named by a shipped name or a
path is loaded once per process and kept with its content hash; every ``Game`` (and ``Game.load``) that
names it with the same layers gets the very same ``Rules``, so its item book and cached properties are built
once. ``Rules`` holds no game state (``engine/rules.py``), which is what makes sharing it safe.

Invariants:
- The key is what ``load_ruleset`` would read: a file (its resolved path, ``mtime_ns`` and size: an edited file
  is loaded again, and the stale entry for that path dropped) before a shipped name, as ``load_ruleset`` looks.
  A source that is neither is loaded unshared, so its ``RulesetError`` is ``load_ruleset``'s own; a failure is
  never cached.
- One ``Ruleset`` per source, one ``Rules`` per (source, layers); an unknown layer is ``Rules``' own
  ``RulesetError``.
- Thread-safe: one lock around the table, held while a ruleset loads (a ruleset loads once, so waiting for it
  is the point; loads are tens of milliseconds).
- ``ruleset_hash`` is the sha256 of the ruleset's canonical content: its validated model dumped as JSON (keys
  by alias, sorted, no spaces, UTF-8). It depends on no hash seed, file format or key order, so a YAML and a
  JSON file of the same ruleset hash alike, on every machine.

Decisions where the spec is silent:
- This is one of the two caches shared between games (STYLE.md "No mutable globals"; the other is
  ``render.shared_renderer``'s compiled templates): it holds only
  values no game changes. ``Game`` given a ``Ruleset`` or ``Rules`` object uses it as given, unshared.
- Entries are never evicted except by a changed file; a process names a handful of rulesets.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from tagproc.documents import is_file
from tagproc.engine.rules import Rules
from tagproc.ruleset.load import load_ruleset, shipped_names
from tagproc.ruleset.models import Ruleset

__all__ = ["ruleset_hash", "shared_rules"]

_Source = tuple[str, str]  # ("shipped", name) or ("file", resolved path)
_Stamp = tuple[int, int]  # a file's (mtime_ns, size); (0, 0) for a shipped ruleset


@dataclass(slots=True)
class _Entry:
    stamp: _Stamp
    ruleset: Ruleset
    hash: str
    rules: dict[tuple[str, ...], Rules] = field(default_factory=dict)  # by layers


_LOCK = threading.Lock()
_TABLE: dict[_Source, _Entry] = {}  # guarded by _LOCK


def shared_rules(source: str | Path, layers: Sequence[str] = ()) -> Rules:
    """The process's one ``Rules`` for a shipped name or a ruleset file, with ``layers`` turned on.

    Raises ``RulesetError`` as ``load_ruleset`` and ``Rules`` do (nothing is kept then)."""
    chosen = tuple(layers)
    found = _source_of(source)
    if found is None:  # neither a file nor a shipped name: load_ruleset says why
        return Rules(load_ruleset(source), chosen)
    key, stamp = found
    with _LOCK:
        entry = _TABLE.get(key)
        if entry is None or entry.stamp != stamp:
            ruleset = load_ruleset(source)
            entry = _TABLE[key] = _Entry(stamp, ruleset, _content_hash(ruleset))
        rules = entry.rules.get(chosen)
        if rules is None:
            rules = entry.rules[chosen] = Rules(entry.ruleset, chosen)
        return rules


def ruleset_hash(ruleset: Ruleset) -> str:
    """The sha256 (hex) of a ruleset's canonical content; kept for a shared ruleset, else worked out."""
    with _LOCK:
        for entry in _TABLE.values():
            if entry.ruleset is ruleset:
                return entry.hash
    return _content_hash(ruleset)


def _content_hash(ruleset: Ruleset) -> str:
    content = ruleset.model_dump(mode="json", by_alias=True)
    text = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@cache
def _shipped() -> frozenset[str]:
    """The shipped rulesets' names: the package's folder does not change while a process runs."""
    return frozenset(shipped_names())


def _source_of(source: str | Path) -> tuple[_Source, _Stamp] | None:
    """What ``load_ruleset(source)`` would read, as a key and its stamp; None when it would read nothing."""
    path = Path(source)
    if is_file(path):
        try:
            resolved = path.resolve(strict=True)
            status = resolved.stat()
        except (OSError, RuntimeError):  # gone since, or a symlink loop: load_ruleset says what it finds
            return None
        return ("file", str(resolved)), (status.st_mtime_ns, status.st_size)
    if str(source) in _shipped():
        return ("shipped", str(source)), (0, 0)
    return None
