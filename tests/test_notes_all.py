"""Every note any module says has its words: ``note("<group>.<name>", ...)`` anywhere in ``tagproc`` names a
macro of ``prompts/notes/<group>.jinja`` (the per-group tests check the words; this one that none is missing)."""

from __future__ import annotations

import re
from pathlib import Path

from tagproc.render import prompts_path

PACKAGE = Path(__file__).resolve().parent.parent / "tagproc"
_SAID = re.compile(r'note\(\s*"([a-z_]+)\.([a-z_]+)"')
_MACRO = re.compile(r"\{%-? macro ([a-z][a-z_]*)\(")


def test_every_note_said_in_the_package_has_a_macro() -> None:
    folder = Path(str(prompts_path())) / "notes"
    missing: list[str] = []
    for source in sorted(PACKAGE.rglob("*.py")):
        for group, name in _SAID.findall(source.read_text(encoding="utf-8")):
            template = folder / f"{group}.jinja"
            macros = (
                set(_MACRO.findall(template.read_text(encoding="utf-8"))) if template.is_file() else set()
            )
            if name not in macros:
                missing.append(f"{source.relative_to(PACKAGE)}: {group}.{name}")
    assert missing == []


def test_the_scan_finds_the_notes_of_the_between_reply_modules() -> None:
    found = {
        group
        for source in PACKAGE.rglob("*.py")
        for group, _ in _SAID.findall(source.read_text(encoding="utf-8"))
    }
    assert {"gear", "edits", "fight", "use", "loot", "inventory"} <= found
