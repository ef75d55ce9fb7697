"""The reader's shortcuts give exactly the lenient reading: ``read_tag`` against ``_read_tag(shortcuts=False)``.

``read_tag`` skips ``clean_body``'s steps for a body with nothing to clean, reads a plain body
(``tagproc.body.plain``) in one pass, and skips the head-word pattern where no colon follows the name.
The reference reads every body the lenient way, step by step; both must give the same ``TagReading`` (name,
attrs, ignored, repairs, problem, free, written name) for every tag of the corpus, the holdout, the
conformance cases, the golden transcripts and their snapshots, and for generated bodies: well-formed ones
and ones a character away (a stray quote, a missing space, a colon, a key in capitals, an unknown key, a
key given twice, a value with escaped quotes or brackets).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
import yaml
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tagproc import RawTag, parse_reply, read_tag, syntax
from tagproc.body import BodyReader, clean_body, clean_every_step, plain_pairs, read_pairs, read_plain_pairs
from tagproc.body.plain import PlainPairs
from tagproc.repairs import Repair
from tagproc.syntax import TagReading, _read_tag
from tagproc.vocabulary import BARE_WORD_KEY, TAG_NAMES
from tests.corpus.cases import ALL_CASES
from tests.corpus.harness import Case
from tests.corpus.holdout import HOLDOUT_CASES

_ROOT = Path(__file__).resolve().parent.parent


def _lenient(raw: str) -> TagReading:
    return _read_tag(raw, shortcuts=False)


def _tags_in(text: str) -> Iterator[str]:
    for event in parse_reply(text):
        if isinstance(event, RawTag):
            yield event.raw


def _strings(node: object) -> Iterator[str]:
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for key, value in node.items():
            yield from _strings(key)
            yield from _strings(value)
    elif isinstance(node, list | tuple):
        for element in node:
            yield from _strings(element)


def _case_texts(case: Case) -> Iterator[str]:
    for sloppy, canonical in case.tags:
        yield sloppy
        if canonical is not None:
            yield canonical
    yield case.sloppy
    yield case.canonical or ""
    yield from case.before


@cache
def _realistic_tags() -> tuple[str, ...]:
    """Every raw tag the corpora, conformance cases, golden transcripts and snapshots hold, once each."""
    texts: list[str] = []
    for case in (*ALL_CASES, *HOLDOUT_CASES):
        texts.extend(_case_texts(case))
    for folder, pattern in (("tests/conformance/cases", "*.yaml"), ("golden", "*.yaml")):
        for path in sorted((_ROOT / folder).glob(pattern)):
            texts.extend(_strings(yaml.safe_load(path.read_text(encoding="utf-8"))))
    for path in sorted((_ROOT / "golden" / "__snapshots__").glob("*.txt")):
        texts.append(path.read_text(encoding="utf-8"))
    tags = dict.fromkeys(raw for text in texts for raw in _tags_in(text))
    return tuple(tags)


def test_most_realistic_tags_take_the_plain_shortcuts_and_many_do_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The comparison below covers the shortcuts themselves: most real tags are plain, and many are not."""
    tags = _realistic_tags()
    plain_tags = sum(syntax._read_plain_tag(raw, []) is not None for raw in tags)
    plain_bodies: list[bool] = []

    def counted(reader: BodyReader) -> bool:
        plain_bodies.append(read_plain_pairs(reader))
        return plain_bodies[-1]

    def counted_tag(body: str) -> PlainPairs | None:  # a plain tag's body, read without a reader
        read = plain_pairs(body)
        plain_bodies.append(read is not None)
        return read

    monkeypatch.setattr(syntax, "read_plain_pairs", counted)
    monkeypatch.setattr(syntax, "plain_pairs", counted_tag)
    for raw in tags:
        read_tag(raw)
    assert len(tags) > 1000
    assert plain_tags > len(tags) / 3
    assert sum(plain_bodies) - plain_tags > 50  # plain bodies of tags whose head or text needed repair
    assert len(tags) - sum(plain_bodies) > 150


@pytest.mark.parametrize(
    "raw",
    [
        pytest.param('[inventory: action="add" item="Rope"]', id="colon"),
        pytest.param("[inventory action=add item='Shot and powder' qty=three who=Bram]", id="no-colon"),
        pytest.param("[sheet\top=rest rest=vigil]", id="no-colon-tab"),
    ],
)
def test_a_plain_tag_with_or_without_its_colon_takes_the_plain_tag_shortcut(raw: str) -> None:
    # Not a timing: the shortcut must be reached, else the equalities here prove nothing of it.
    assert syntax._read_plain_tag(raw, []) == read_tag(raw) == _lenient(raw)


@pytest.mark.parametrize("chunk", range(8))
def test_every_realistic_tag_reads_as_the_lenient_reader_reads_it(chunk: int) -> None:
    tags = _realistic_tags()[chunk::8]
    different = [(raw, read_tag(raw), _lenient(raw)) for raw in tags if read_tag(raw) != _lenient(raw)]
    assert different == []


# -- generated bodies ---------------------------------------------------------------------------------

_KEYS = st.sampled_from(
    [
        "action", "item", "count", "who", "to", "amount", "op", "pool", "name", "table", "qty", "note", "raw",
        "result", "reason", "now", "type", "kind", "inventory", "sheet", "place", "loot", "Action", "ITEM",
        "Who", "grave_goods", "x", "_x", "k9", "colour", "take", "add", "item-name", "tag_name",
    ]
)  # fmt: skip
_WORDS = st.sampled_from(
    [
        "Rope", "rope", "2", "three", "add", "pay", "Bram", "Ada", "warming tonic", "Shot and powder",
        "3 shillings", "item", "result", "ok", "inventory", "", " ", "take off", "a b c", "x1",
    ]
)  # fmt: skip
_ODD = st.sampled_from(
    [
        "'", '"', "\\\"", "[", "]", "{", "}", "(", ")", "=", ":", ",", ";", "|", "-", "->", "→", "*", "_", "`",
        "~", "&quot;", "\n", "\t", " ", "count=", " who=", "'s", "\u00a0", "“", "Bram's", "[a, b]",
        '{"a": 1}', "result=ok", "item='x'", '"Rope" ', "  ",
    ]
)  # fmt: skip
_SEPARATORS = st.sampled_from(["=", "=", "=", ": ", ":", " = ", "=>", "==", " =", "= "])
_GAPS = st.sampled_from([" ", " ", " ", "  ", "\t", ", ", ",", "", "\n", " | ", "; "])
_HEADS = st.sampled_from(
    [
        "[inventory: ", "[sheet: ", "[place: ", "[loot: ", "[inventory ", "[sheet ", "[Inventory: ", "[inv: ",
        "[inventory\t", "[inventory  ", "[sheet \t", "[Inventory ", "[inventory\n",
        "[inventory:", "[inventory add: ", "[sheet - spend: ", "[inventory update: ", "**[inventory: ",
        "[[inventory: ", "`[inventory: ", "\\[inventory: ", "\u3010inventory: ", "{inventory: ",
        "<inventory ", "(inventory: ", "\uff3binventory: ", '"[inventory: ', "~~[inventory: ",
    ]
)  # fmt: skip
_CLOSES = st.sampled_from(
    [
        "]", "]", "]", " ]", "]**", "", "] ", "]]", "]`", "\\]", "]\"", "]*\u201d", "] \u3000\n", "]~~",
        "\u3011", "}", ">", " />", "/ >", ")", "\uff3d", "]]**", "**]", "]\t\t", "]" + "*" * 3 + "`" * 3,
    ]
)  # fmt: skip


# Characters a value is made of, one at a time: every quote, bracket, separator and space the readers see.
_VALUE_CHARACTERS = st.text(
    alphabet=st.sampled_from("aZ9 _'\"\\[]{}()=:,;|.-\n\t>→*`~&\u00a0\u201c"), max_size=8
)


@st.composite
def _values(draw: st.DrawFn) -> str:
    word = draw(
        st.one_of(
            _WORDS, _VALUE_CHARACTERS, st.builds("".join, st.lists(st.one_of(_WORDS, _ODD), max_size=3))
        )
    )
    quote = draw(st.sampled_from(['"', '"', '"', "'", "", "\u201c"]))
    closing = draw(st.sampled_from([quote, quote, quote, "", '"', "'"]))
    return f"{quote}{word}{closing}"


@st.composite
def _bodies(draw: st.DrawFn) -> str:
    pairs = draw(st.lists(st.tuples(_KEYS, _values()), min_size=1, max_size=5))
    well_formed = draw(st.booleans())
    parts: list[str] = []
    for key, value in pairs:
        separator = "=" if well_formed else draw(_SEPARATORS)
        gap = " " if well_formed or not parts else draw(_GAPS)
        parts.append(f"{gap if parts else ''}{key}{separator}{value}")
    body = "".join(parts)
    if not well_formed and draw(st.booleans()):
        at = draw(st.integers(0, len(body)))
        body = body[:at] + draw(_ODD) + body[at:]
    return body


@st.composite
def _plain_bodies(draw: st.DrawFn) -> str:
    """Bodies of the plain shape (and some a character off it): what the shortcut reads."""
    values = st.one_of(_WORDS, _VALUE_CHARACTERS)
    pairs = draw(st.lists(st.tuples(_KEYS, values, st.sampled_from(['"', "'", ""])), min_size=1, max_size=6))
    return " ".join(f"{key.lower()}={quote}{value}{quote}" for key, value, quote in pairs)


@settings(max_examples=600, deadline=None)
@given(_HEADS, st.one_of(_bodies(), _plain_bodies()), _CLOSES)
@example("[inventory: ", 'action="add" item="Torch\' count=\'2"', "]")
@example("[[inventory: ", 'item="Rope"', "\\]]~~***```***~~\u201d \n")  # the widest closer
@example("[inventory: ", 'item="Rope"', "\\]~~***```***~~\u201d\t")
@example("[inventory: ", "note=\"Torch' count='2\"", "]")
@example("[inventory: ", 'inventory="add" item="Rope"', "]")
@example("[inventory ", "action=add item='Shot and powder' qty=three who=Bram", "]")
@example("[sheet ", "op=rest rest=vigil", "]")
@example("[inventory\t", 'action="add" item="Rope"', "]")
@example("[inventory ", 'add_x="1" item="Note: x"', "]")  # a colon in the body: the head words are tried
@example("[inventory ", 'take_off="Rope: x" who=Bram', "]")
@example("[inventory ", "add: item=Rope", "]")
@example("[inventory  ", "result=ok", "]")
@example("[inventory: ", 'action="add" item="Rope" result="ok" reason="x" now="3"', "]")
@example("[inventory: ", 'action="add" item="Rope" item="Torch"', "]")
@example("[inventory: ", "item=big rope count=2", "]")
@example("[inventory: ", "item=a b_c=1", "]")
@example("[inventory: ", 'type="inventory" action="add"', "]")
@example("[inventory: ", 'action="add" item="" who=""', "]")
@example("[inventory: ", 'action="add" item=" Rope "', "]")
@example("[inventory: ", "action='add' item=' Rope '", "]")
def test_a_generated_tag_reads_as_the_lenient_reader_reads_it(head: str, body: str, close: str) -> None:
    raw = head + body + close
    assert read_tag(raw) == _lenient(raw)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([None, *BARE_WORD_KEY.values()]), st.one_of(_bodies(), _plain_bodies()))
def test_a_plain_body_reads_as_read_pairs_reads_it(bare_key: str | None, body: str) -> None:
    """Below the head too: ``read_plain_pairs`` reads what ``read_pairs`` reads, or leaves the reader alone."""
    head_attrs = [("action", "add")] if bare_key == "action" else []
    fast = BodyReader(body, attrs=list(head_attrs))
    slow = BodyReader(body, attrs=list(head_attrs))
    read_pairs(slow, bare_key)
    if read_plain_pairs(fast):
        assert fast == slow
    else:
        assert fast == BodyReader(body, attrs=list(head_attrs))


@pytest.mark.parametrize(
    ("body", "plain"),
    [
        pytest.param('action="pay" amount="3 shillings" who="Bram"', True, id="double-quoted"),
        pytest.param("action=add item='Shot and powder' qty=three who=Bram", True, id="single-and-unquoted"),
        pytest.param('  op="rest"\trest="vigil"  ', True, id="spaces-and-tabs"),
        pytest.param('note="Bram\'s ring"', True, id="an-apostrophe"),
        pytest.param('inventory="add"', False, id="a-tag-name-as-key"),
        pytest.param('Action="add"', False, id="a-key-in-capitals"),
        pytest.param('action: "add"', False, id="a-colon"),
        pytest.param('action="add",item="Rope"', False, id="a-comma"),
        pytest.param('action="add"item="Rope"', False, id="no-space"),
        pytest.param('action="add" item="Torch\' count=\'2"', False, id="switched-quotes"),
        pytest.param('item="Rope', False, id="unclosed"),
        pytest.param("item=Rope.", False, id="trailing-punctuation"),
        pytest.param('item="a\nb"', False, id="a-line-break"),
        pytest.param("", False, id="empty"),
    ],
)
def test_the_plain_shortcut_takes_only_its_shape(body: str, plain: bool) -> None:
    assert read_plain_pairs(BodyReader(body)) is plain


# -- clean_body -----------------------------------------------------------------------------------------

_CLEAN_TEXT = st.text(
    alphabet=st.one_of(
        st.sampled_from("abc=\"' =:,()[]{}\\`~*_&;#x2\n\t\u00a0\u200b\u201c\uff1a\u3000"), st.characters()
    ),
    max_size=40,
)


@settings(max_examples=500, deadline=None)
@given(st.one_of(_CLEAN_TEXT, _bodies()))
@example("(action=add)")
@example("  (a) and (b)")
@example("a __b__ c")
@example("```json\n{}\n```")
def test_clean_body_gives_what_every_step_gives(body: str) -> None:
    fast: list[Repair] = []
    slow: list[Repair] = []
    assert (clean_body(body, fast), fast) == (clean_every_step(body, slow), slow)


def test_tag_names_cannot_be_plain_keys() -> None:
    """A tag's name as a key may be the tag named again (``read_pairs``' bare first word): never plain."""
    for name in TAG_NAMES:
        assert not read_plain_pairs(BodyReader(f'{name}="add"'))
