"""Hostile files and inputs: each ends in a short list of problems naming the file, never a traceback or a hang.

Rulesets (``check_ruleset``, ``load_ruleset``), transcripts (``load_transcript``), parties and replies
(``Game(...)``): YAML bombs, nesting 10,000 deep, files in other encodings or none, names the system refuses,
lone surrogates, numbers of a hundred digits and files of fifty megabytes. The YAML cases run with libyaml and
with PyYAML's own parser, which read some things differently (a ``"\\ud800"`` escape, the deepest nesting).
"""

from __future__ import annotations

import errno
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

import tagproc.yamlread
from tagproc.documents import MAX_BYTES, DocumentError, clean_text, clean_value, parse_document
from tagproc.game import Game
from tagproc.party import PartyError
from tagproc.ruleset import RulesetError, check_ruleset, load_ruleset
from tagproc.ruleset.load import read_source
from tagproc.transcript import TranscriptError, load_transcript, run_transcript
from tests.test_ruleset_sample import sample

TOO_DEEP_JSON = "Nested deeper than 64 levels (lists and objects inside each other)"
TOO_DEEP_YAML = "Nested deeper than 64 levels (lists and mappings)"
TOO_LARGE = "A number past ±9,007,199,254,740,991 (the largest whole number JSON keeps exactly)"
BOMB = "Aliases stand for more than 100,000 values in all; write the values out instead"


@pytest.fixture(params=["libyaml", "pyyaml"])
def loader(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Each YAML case with libyaml's parser and with PyYAML's own."""
    if request.param == "libyaml":
        if not hasattr(yaml, "CSafeLoader"):
            pytest.skip("PyYAML was built without libyaml")
        monkeypatch.setattr(tagproc.yamlread, "_LOADER", yaml.CSafeLoader)
    else:
        monkeypatch.setattr(tagproc.yamlread, "_LOADER", yaml.SafeLoader)
    yield str(request.param)


def problems(path: Path | str) -> list[str]:
    return [str(p) for p in check_ruleset(path)]


def write(folder: Path, name: str, data: str | bytes) -> Path:
    path = folder / name
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path


def laughs(levels: int = 9) -> str:
    """Billion laughs: each level names the one before nine times, so the last stands for 9**10 strings."""
    lines = ['id: bomb\nname: Bomb\nl0: &l0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for level in range(1, levels + 1):
        lines.append(f"l{level}: &l{level} [" + ", ".join([f"*l{level - 1}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def transcript(turns: str = "turns: []\n", party: str = "party: [Ada]\n", ruleset: str = "gravewatch") -> str:
    return f"ruleset: {ruleset}\n{party}{turns}"


def transcript_problems(path: Path) -> list[str]:
    with pytest.raises(TranscriptError) as caught:
        load_transcript(path)
    assert str(caught.value).startswith(
        f"{path}: {len(caught.value.problems)} problem(s) in the transcript\n"
    )
    return [str(p) for p in caught.value.problems]


# -- YAML bombs -----------------------------------------------------------------------------------


def test_a_billion_laughs_ruleset_is_refused_at_the_alias_past_the_budget(
    tmp_path: Path, loader: str
) -> None:
    path = write(tmp_path, "bomb.yaml", laughs())
    assert problems(path) == [f"Line 8 column 10: {BOMB}"]
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    assert str(caught.value) == f"{path}: 1 problem(s) in the ruleset\n  Line 8 column 10: {BOMB}"


def test_a_billion_laughs_transcript_is_refused(tmp_path: Path, loader: str) -> None:
    bomb = "".join(f"  {line}\n" for line in laughs().splitlines()[2:])
    path = write(tmp_path, "bomb.yaml", transcript("turns:\n  - gm: Hi.\nseed: 1\nbomb:\n" + bomb))
    assert transcript_problems(path) == [f"Line 12 column 12: {BOMB}"]


def test_aliases_within_the_budget_read_as_safe_load_reads_them(tmp_path: Path, loader: str) -> None:
    text = "base: &base {current: 2}\nmore: &more {temp: 1}\npools: {<<: [*base, *more], current: 3}\nagain: *base\n"
    assert parse_document(text, yaml_text=True) == {
        "base": {"current": 2},
        "more": {"temp": 1},
        "pools": {"current": 3, "temp": 1},
        "again": {"current": 2},
    }


def test_an_alias_inside_the_value_it_names_is_refused(tmp_path: Path, loader: str) -> None:
    path = write(tmp_path, "loop.yaml", "id: loop\nname: Loop\nitems: &a [1, *a]\n")
    assert problems(path) == ["Line 3 column 15: The alias *a names a value it is part of"]


def test_an_alias_with_no_anchor_is_refused(tmp_path: Path, loader: str) -> None:
    path = write(tmp_path, "alias.yaml", "id: x\nname: *nowhere\n")
    assert problems(path) == ["Line 2 column 7: The alias *nowhere names no anchor (&nowhere) before it"]


# -- nesting --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("[" * 10_000 + "]" * 10_000, id="lists"),
        pytest.param('{"a": ' * 10_000 + "1" + "}" * 10_000, id="objects"),
        pytest.param('{"id": "x", "name": ' + "[" * 65 + "]" * 65 + "}", id="just-past-the-limit"),
    ],
)
def test_json_nested_too_deep_is_one_problem_and_no_recursion_error(tmp_path: Path, text: str) -> None:
    found = problems(write(tmp_path, "deep.json", text))
    assert [p.split(": ", 1)[-1] for p in found] == [TOO_DEEP_JSON]


def test_json_nested_to_the_limit_reads(tmp_path: Path) -> None:
    assert parse_document("[" * 64 + "]" * 64, yaml_text=False) is not None


def test_yaml_nested_10_000_deep_is_one_problem(tmp_path: Path, loader: str) -> None:
    path = write(tmp_path, "deep.yaml", "[" * 10_000 + "]" * 10_000)
    libyaml = (
        "Not valid YAML at line 1 column 1001: exceeded maximum nesting depth (while increasing flow level)"
    )
    assert problems(path) == [libyaml if loader == "libyaml" else f"Line 1 column 65: {TOO_DEEP_YAML}"]


def test_yaml_nested_in_blocks_past_the_limit_is_one_problem(tmp_path: Path, loader: str) -> None:
    path = write(tmp_path, "deep.yaml", "".join(" " * depth + "a:\n" for depth in range(2_000)))
    assert problems(path) == [f"Line 65 column 65: {TOO_DEEP_YAML}"]


def test_an_alias_that_would_nest_past_the_limit_is_refused(loader: str) -> None:
    text = "a: &a " + "[" * 40 + "]" * 40 + "\nb: " + "[" * 30 + "*a" + "]" * 30 + "\n"
    with pytest.raises(DocumentError) as caught:
        parse_document(text, yaml_text=True)
    assert [str(p) for p in caught.value.problems] == [f"Line 2 column 34: {TOO_DEEP_YAML}"]


def test_a_caller_s_cyclic_party_entry_is_a_problem_never_a_recursion_error() -> None:
    entry: dict[str, Any] = {"name": "Ada"}
    entry["sheet"] = {"fields": entry}
    with pytest.raises(PartyError) as caught:
        Game("gravewatch", [entry])
    assert [str(p) for p in caught.value.problems] == [
        "party.0.sheet.fields.sheet.fields." + ".".join(["sheet.fields"] * 30) + f": {TOO_DEEP_JSON}"
    ]


def test_more_values_than_the_limit_is_one_problem(tmp_path: Path) -> None:
    many = "[" + ", ".join(["1"] * 100_001) + "]"
    assert problems(write(tmp_path, "many.json", many)) == [
        "More than 100,000 values in all (aliases counted each time they are used)"
    ]
    assert problems(write(tmp_path, "many.yaml", many)) == [
        "Line 1 column 299999: More than 100,000 values in all (aliases counted each use)"
    ]


# -- encodings and files --------------------------------------------------------------------------

UTF16 = "It is UTF-16 text (it starts with a UTF-16 byte order mark); save it as UTF-8"


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        pytest.param(
            '{"id": "x",\n "name": "Café"}'.encode("latin-1"),
            "Not UTF-8 text: byte 0xE9 at line 2 column 14 is no UTF-8; save it as UTF-8",
            id="latin-1",
        ),
        pytest.param('{"id": "x"}'.encode("utf-16"), UTF16, id="utf-16-with-bom"),
        pytest.param(
            '{"id": "x"}'.encode("utf-16-le"),
            "It looks like UTF-16 text (every other byte is 0); save it as UTF-8",
            id="utf-16-without-bom",
        ),
        pytest.param(
            '{"id": "x"}'.encode("utf-32"),
            "It is UTF-32 text (it starts with a UTF-32 byte order mark); save it as UTF-8",
            id="utf-32",
        ),
        pytest.param(bytes(range(256)) * 4, "Not a text file: it holds NUL bytes", id="binary"),
        pytest.param(
            b"\x89PNG\r\n\x1a\n\xff\xfe",
            "Not UTF-8 text: byte 0x89 at line 1 column 1 is no UTF-8; save it as UTF-8",
            id="png",
        ),
        pytest.param(b"", "The file is empty", id="empty"),
        pytest.param(b" \n\t\n", "The file is empty", id="blank"),
        pytest.param(b"\xef\xbb\xbf", "The file is empty", id="only-a-bom"),
    ],
)
@pytest.mark.parametrize("suffix", [".json", ".yaml"])
def test_a_file_that_is_not_utf_8_text_is_one_problem(
    tmp_path: Path, data: bytes, problem: str, suffix: str
) -> None:
    path = write(tmp_path, "bad" + suffix, data)
    assert problems(path) == [problem]
    with pytest.raises(RulesetError, match=f"^{path}: 1 problem"):
        load_ruleset(path)


def test_a_transcript_that_is_not_utf_8_is_one_problem(tmp_path: Path) -> None:
    path = write(tmp_path, "t.yaml", transcript().encode("utf-16"))
    assert transcript_problems(path) == [UTF16]


@pytest.mark.parametrize("suffix", [".json", ".yaml"])
def test_a_utf_8_byte_order_mark_is_read_past(tmp_path: Path, suffix: str) -> None:
    text = json.dumps(sample())
    path = write(tmp_path, "bom" + suffix, b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert load_ruleset(path).id == sample()["id"]


def test_a_directory_is_one_problem(tmp_path: Path) -> None:
    assert problems(tmp_path) == ["It is a directory, not a file"]
    assert transcript_problems(tmp_path) == ["It is a directory, not a file"]


def test_a_missing_file_is_one_problem(tmp_path: Path) -> None:
    path = tmp_path / "absent.json"
    assert problems(path) == [
        f'No ruleset file or shipped ruleset "{path}" (shipped: ember-roads, gravewatch, srd-5e)'
    ]
    assert transcript_problems(tmp_path / "absent.yaml") == ["No such file"]


def test_a_name_too_long_for_the_system_is_one_problem(tmp_path: Path) -> None:
    path = tmp_path / ("x" * 5_000 + ".json")
    with pytest.raises(OSError) as refused:
        path.open("rb")
    assert refused.value.errno == errno.ENAMETOOLONG
    assert problems(path) == ["Cannot read it: File name too long"]
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    assert caught.value.source == str(path)
    assert transcript_problems(path) == ["Cannot read it: File name too long"]


def test_a_transcript_naming_a_ruleset_too_long_for_the_system_is_one_problem(tmp_path: Path) -> None:
    path = write(tmp_path, "t.yaml", transcript(ruleset="x" * 5_000 + ".json"))
    assert transcript_problems(path) == ["ruleset: Cannot read it: File name too long"]


def test_a_name_with_a_nul_or_a_lone_surrogate_is_no_file(tmp_path: Path) -> None:
    for name in ("a\x00b.json", "a\ud800b.json"):
        with pytest.raises(RulesetError) as caught:
            load_ruleset(tmp_path / name)
        shown = str(tmp_path / name).replace("\ud800", "\ufffd")
        assert caught.value.source == shown
        assert [str(p) for p in caught.value.problems] == [
            f'No ruleset file or shipped ruleset "{shown}" (shipped: ember-roads, gravewatch, srd-5e)'
        ]
        str(caught.value).encode("utf-8")


def test_a_file_past_the_size_limit_is_refused_unread(tmp_path: Path) -> None:
    path = write(tmp_path, "huge.json", b'{"id": "' + b"x" * (50 * 1024 * 1024) + b'"}')
    assert problems(path) == ["It is larger than 4 MiB, more than tagproc reads"]
    huge = write(tmp_path, "t.yaml", transcript("turns:\n  - gm: '" + "x" * MAX_BYTES + "'\n"))
    assert transcript_problems(huge) == ["It is larger than 4 MiB, more than tagproc reads"]


# -- YAML that is not plain data ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        pytest.param(
            "id: x\nrun: !!python/object/apply:os.system [ls]\n",
            "Line 2 column 6: A YAML tag tagproc does not read: !!python/object/apply:os.system (write plain values)",
            id="python-tag",
        ),
        pytest.param(
            "id: x\nname: !!binary aGk=\n",
            "Line 2 column 7: A YAML tag tagproc does not read: !!binary (write plain values)",
            id="binary",
        ),
        pytest.param(
            "id: x\nname: !!set {a, b}\n",
            "Line 2 column 7: A YAML tag tagproc does not read: !!set (write plain values)",
            id="set",
        ),
        pytest.param(
            "id: x\n---\nid: y\n",
            "Line 2 column 1: A second YAML document (---): a file holds one",
            id="two-documents",
        ),
        pytest.param(
            "id: x\n? [a, b]\n: c\n",
            "Line 4 column 1: A mapping's key is a list or a mapping; tagproc reads text keys",
            id="list-key",
        ),
        pytest.param(
            "id: x\nname: {<<: 3}\n",
            "Line 2 column 13: A merge key (<<) takes a mapping or a list of mappings",
            id="bad-merge",
        ),
        pytest.param("id: !!int x\n", "Line 1 column 5: Not a whole number", id="bad-int"),
    ],
)
def test_yaml_beyond_plain_values_is_one_problem(
    tmp_path: Path, loader: str, text: str, problem: str
) -> None:
    assert problems(write(tmp_path, "odd.yaml", text)) == [problem]


def test_a_yaml_date_stays_text(loader: str) -> None:
    assert parse_document("when: 2001-01-01\nseed: 0x1F\nat: 1:30\n", yaml_text=True) == {
        "when": "2001-01-01",
        "seed": 31,
        "at": 90,
    }


def test_a_control_character_in_yaml_is_one_problem_at_its_line(tmp_path: Path, loader: str) -> None:
    path = write(tmp_path, "ctrl.yaml", "id: x\nname: a\x07b\n")
    words = (
        "control characters are not allowed" if loader == "libyaml" else "special characters are not allowed"
    )
    assert problems(path) == [f"Not valid YAML at line 2 column 8: {words}"]


# -- lone surrogates ------------------------------------------------------------------------------


def surrogate_ruleset(tmp_path: Path) -> tuple[Path, str]:
    """Gravewatch with one more item, its id and label each ending in a lone surrogate escape; the label
    as it reads."""
    data = read_source("gravewatch")[0]
    kit = next(catalog for catalog in data["catalogs"] if catalog["id"] == "kit")
    spade = next(entry for entry in kit["entries"] if entry["id"] == "grave-spade")
    kit["entries"].append({**spade, "id": "lone-spade-ID", "label": "Lone spade-LABEL"})
    text = json.dumps(data).replace("-ID", "\\ud800").replace("-LABEL", "\\udfff")
    assert text.count("\\ud800") == 1 and text.count("\\udfff") == 1
    return write(tmp_path, "lone.json", text), "Lone spade\ufffd"


def test_lone_surrogates_in_a_json_ruleset_read_as_the_replacement_character(tmp_path: Path) -> None:
    path, label = surrogate_ruleset(tmp_path)
    assert problems(path) == []
    game = Game(path, ["Ada"])
    result = game.reply(f'She finds it. [inventory: action="add" item="{label}"]')
    assert result.answers == (f'[inventory: action="add" item="{label}" count="1" result="ok" now="1"]',)
    assert [stack.name for stack in game.state.party[0].bag] == [label]
    game.state.model_dump_json().encode("utf-8")
    json.dumps(result.to_json(), ensure_ascii=False).encode("utf-8")


def test_lone_surrogates_in_party_names_and_replies_read_as_the_replacement_character() -> None:
    game = Game("gravewatch", ["Ada\ud800", {"name": "Bram\udc00", "bag": [{"item": "Warming tonic"}]}])
    assert [member.name for member in game.state.party] == ["Ada\ufffd", "Bram\ufffd"]
    result = game.reply('Ah\ud83d. [inventory: action="add" item="Warming tonic" who="Ada\ud800"]')
    assert result.visible == "Ah\ufffd."
    assert result.answers == (
        '[inventory: action="add" item="Warming tonic" count="1" who="Ada\ufffd" result="ok" now="1"]',
    )
    game.player("\udfff").visible.encode("utf-8")
    game.state.model_dump_json().encode("utf-8")
    for turn in game.turns:
        json.dumps(turn.to_json(), ensure_ascii=False).encode("utf-8")


def test_a_transcript_on_a_ruleset_with_lone_surrogates_runs_and_its_json_encodes(tmp_path: Path) -> None:
    ruleset, label = surrogate_ruleset(tmp_path)
    path = write(
        tmp_path,
        "t.yaml",
        transcript(
            f'turns:\n  - gm: \'Found. [inventory: action="add" item="{label}"]\'\n',
            ruleset=ruleset.name,
        ),
    )
    result = run_transcript(path)
    assert result.holdings() == {"Ada": {label: 1}}
    json.dumps(result.to_json(), ensure_ascii=False).encode("utf-8")


def test_a_lone_surrogate_escape_in_a_yaml_transcript_is_one_problem(tmp_path: Path, loader: str) -> None:
    path = write(tmp_path, "t.yaml", transcript('turns:\n  - gm: "Hi \\ud800 there"\n'))
    expected = {
        "libyaml": "Not valid YAML at line 4 column 15: found invalid Unicode character escape code "
        "(while parsing a quoted scalar)",
        "pyyaml": "Line 4 column 9: A \\u escape of a lone surrogate (d800 to dfff) is no character",
    }
    assert transcript_problems(path) == [expected[loader]]


def test_clean_text_replaces_lone_surrogates_only() -> None:
    assert clean_text("a\ud800b\udfff😀") == "a\ufffdb\ufffd😀"
    assert clean_text("plain") == "plain"


# -- huge numbers and counts ----------------------------------------------------------------------


def test_a_count_of_a_hundred_digits_in_a_ruleset_is_one_problem(tmp_path: Path) -> None:
    data = sample()
    data["catalogs"][0]["entries"][0]["item"]["cost"]["amount"] = 10**100
    entry = data["catalogs"][0]["entries"][0]["id"]
    path = write(tmp_path, "big.json", json.dumps(data))
    assert problems(path) == [f"catalogs.kit.entries.{entry}.item.cost.amount: {TOO_LARGE}"]


@pytest.mark.parametrize(
    ("number", "problem"),
    [
        pytest.param("9" * 5_000, TOO_LARGE, id="more-digits-than-python-converts"),
        pytest.param("1e400", "name: Not a finite number (infinity or NaN)", id="overflows-to-infinity"),
        pytest.param("NaN", "name: Not a finite number (infinity or NaN)", id="nan"),
        pytest.param("-Infinity", "name: Not a finite number (infinity or NaN)", id="infinity"),
        pytest.param("1e300", f"name: {TOO_LARGE}", id="huge-float"),
    ],
)
def test_a_number_json_cannot_keep_is_one_problem(tmp_path: Path, number: str, problem: str) -> None:
    path = write(tmp_path, "n.json", '{"id": "x", "name": ' + number + "}")
    assert problems(path) == [problem]


def test_yaml_numbers_past_the_limit_are_problems(tmp_path: Path, loader: str) -> None:
    text = "id: x\na: .nan\nb: -.inf\nc: " + "9" * 100 + "\nd: 0b" + "1" * 60 + "\ne: " + "9" * 401 + "\n"
    assert problems(write(tmp_path, "n.yaml", text)) == [f"Line 6 column 4: {TOO_LARGE}"]
    assert problems(write(tmp_path, "n.yaml", text.rsplit("e:", 1)[0])) == [
        "a: Not a finite number (infinity or NaN)",
        "b: Not a finite number (infinity or NaN)",
        f"c: {TOO_LARGE}",
        f"d: {TOO_LARGE}",
    ]


def test_many_problems_are_told_up_to_twenty() -> None:
    with pytest.raises(DocumentError) as caught:
        clean_value([float("nan")] * 50)
    assert [str(p) for p in caught.value.problems] == [
        *(f"{i}: Not a finite number (infinity or NaN)" for i in range(20)),
        "... and 30 more problem(s) like these",
    ]


@pytest.mark.parametrize(
    ("bag", "problem"),
    [
        pytest.param(
            "[{item: crowns, count: " + "9" * 100 + "}]",
            f"party.0.bag.0.count: {TOO_LARGE}",
            id="a-hundred-digits",
        ),
        pytest.param(
            "[{item: crowns, count: 10000}]",
            "party.0.bag.0.count: a count is at most 9,999",
            id="past-the-tag-cap",
        ),
        pytest.param(
            "[{item: Warming tonic, count: 9999}]",
            "party.0.bag: a bag holds at most 200 stacks (each count past an item's stack limit is another)",
            id="split-into-too-many-stacks",
        ),
        pytest.param(
            "[" + ", ".join(["crowns"] * 201) + "]",
            "party.0.bag: a bag holds at most 200 stacks, got 201 entries",
            id="too-many-entries",
        ),
    ],
)
def test_a_bag_that_would_build_too_many_stacks_is_one_problem(
    tmp_path: Path, bag: str, problem: str
) -> None:
    path = write(tmp_path, "t.yaml", transcript(party=f"party:\n  - name: Ada\n    bag: {bag}\n"))
    assert transcript_problems(path) == [problem]


def test_a_party_of_more_than_a_hundred_is_one_problem() -> None:
    with pytest.raises(PartyError) as caught:
        Game("gravewatch", [f"Member {i}" for i in range(101)])
    assert [str(p) for p in caught.value.problems] == ["party: a party has at most 100 members, got 101"]


def test_a_caller_s_count_of_a_hundred_digits_is_a_party_problem() -> None:
    with pytest.raises(PartyError) as caught:
        Game("gravewatch", [{"name": "Ada", "bag": [{"item": "crowns", "count": 10**100}]}])
    assert [str(p) for p in caught.value.problems] == [f"party.0.bag.0.count: {TOO_LARGE}"]


def test_too_many_turns_or_too_long_a_message_is_one_problem(tmp_path: Path) -> None:
    many = write(tmp_path, "many.yaml", transcript("turns:\n" + "  - gm: x\n" * 10_001))
    assert transcript_problems(many) == ["turns: at most 10,000 turns in one transcript, got 10,001"]
    long = write(tmp_path, "long.yaml", transcript("turns:\n  - gm: '" + "x" * 100_001 + "'\n"))
    assert transcript_problems(long) == ["turns.0.gm: a message is at most 100,000 characters, got 100,001"]


def test_a_layer_with_a_lone_surrogate_is_refused_in_words_that_encode() -> None:
    with pytest.raises(RulesetError) as caught:
        Game("gravewatch", ["Ada"], layers=["night\ud800"])
    assert str(caught.value) == (
        '1 problem(s) in the ruleset\n  layers: Unknown layer "night\ufffd"; this ruleset has long_night'
    )


def test_a_lone_surrogate_fed_through_a_stream_becomes_the_replacement_character() -> None:
    game = Game("gravewatch", ["Ada"])
    turn = game.begin_reply()
    shown = turn.feed('She nods.\udcff [inventory: action="add" item="Black candle" who="Ada\udfff"]')
    result = turn.finish()
    assert shown == "She nods.\ufffd"
    assert result.answers == (
        '[inventory: action="add" item="Black candle" count="1" who="Ada" result="ok" now="1"'
        " note=\"Took who='Ada\ufffd' as Ada.\"]",
    )
    json.dumps(result.to_json(), ensure_ascii=False).encode("utf-8")
    game.state.model_dump_json().encode("utf-8")


def test_a_budget_whose_id_is_not_text_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    """Found by bench/fuzz.py: an unhashable id in combat.economy.budgets once raised TypeError."""
    data = json.loads((Path(__file__).resolve().parents[1] / "tagproc/rulesets/gravewatch.json").read_text())
    data["combat"]["economy"]["budgets"][0]["id"] = ["act"]
    path = write(tmp_path, "budgets.json", json.dumps(data))
    assert problems(path)[0] == (
        'catalogs.kit.entries.grave-spade.item.attack.budget: Unknown budget (combat.economy.budgets) "act"; '
        'declared: "quick"'
    )
