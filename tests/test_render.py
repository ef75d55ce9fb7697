"""Rendering answers through ``prompts/answer.jinja``: exact strings, and answers tagproc can read back."""

from __future__ import annotations

import re
import shutil
from collections import ChainMap
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagproc import Game, RawTag, TemplateProblem, parse_reply, read_tag
from tagproc.engine.outcome import Answer
from tagproc.notes import Note, note
from tagproc.render import (
    Renderer,
    answer_pairs,
    clean_value,
    prompts_path,
    shared_renderer,
    template_names,
)
from tagproc.stream import BODY_LIMIT
from tagproc.vocabulary import OUTCOME_KEYS

RENDERER = Renderer()


def _text(text: str | None) -> tuple[Note, ...]:
    """A note that says ``text`` as it is (the body reader's problem, said verbatim by its template)."""
    return (note("read_keys.syntax", problem=text),) if text else ()


EXACT = [
    pytest.param(
        Answer(
            tag="inventory",
            attrs=(("action", "pay"), ("item", "shillings"), ("count", "3")),
            result="ok",
            now="2",
            notes=(note("money.paid", paid=(("crowns", 1),), back=(("shillings", 2),)),),
        ),
        '[inventory: action="pay" item="shillings" count="3" result="ok" now="2" '
        'note="Paid with crowns ×1; shillings ×2 back."]',
        id="pay-with-change",
    ),
    pytest.param(
        Answer(
            tag="inventory",
            attrs=(("action", "earn"), ("item", "pennies"), ("count", "12"), ("who", "Bram")),
            result="ok",
            now="12",
        ),
        '[inventory: action="earn" item="pennies" count="12" who="Bram" result="ok" now="12"]',
        id="earn",
    ),
    pytest.param(
        Answer(
            tag="inventory",
            attrs=(("action", "pay"), ("item", "crowns"), ("count", "1")),
            result="refused",
            reason="cannot-afford",
        ),
        '[inventory: action="pay" item="crowns" count="1" result="refused" reason="cannot-afford"]',
        id="refused",
    ),
    pytest.param(
        Answer(
            tag="inventory",
            attrs=(("action", "buy"), ("item", "Hand axe"), ("count", "1"), ("who", "Ada")),
            result="ok",
            now="1",
            extra=(("price", "12 shillings"),),
            notes=(note("money.paid", paid=(("crowns", 1),), back=(("shillings", 3),)),),
        ),
        '[inventory: action="buy" item="Hand axe" count="1" who="Ada" result="ok" now="1" '
        'price="12 shillings" note="Paid with crowns ×1; shillings ×3 back."]',
        id="extra-before-note",
    ),
    pytest.param(
        Answer(
            tag="sheet",
            attrs=(("op", "rest"), ("rest", "vigil")),
            result="ok",
            notes=_text("Ada: Resolve 5/5,\n  Dawn bell 3/3 charges."),
        ),
        '[sheet: op="rest" rest="vigil" result="ok" note="Ada: Resolve 5/5, Dawn bell 3/3 charges."]',
        id="whitespace-folded",
    ),
    pytest.param(
        Answer(
            tag="inventory",
            attrs=(("raw", '[inventory: action="add" item="Sword [of] \\"Doom\\"" count=]'),),
            result="refused",
            reason="unreadable",
            notes=_text("count: not a number."),
        ),
        "[inventory: raw=\"(inventory: action='add' item='Sword (of) /'Doom/'' count=)\" "
        'result="refused" reason="unreadable" note="count: not a number."]',
        id="unreadable-raw-cleaned",
    ),
]


@pytest.mark.parametrize(("answer", "expected"), EXACT)
def test_answers_render_exactly_in_the_canonical_form(answer: Answer, expected: str) -> None:
    assert RENDERER.render_answer(answer) == expected


def _assert_reads_back(answer: Answer) -> None:
    text = RENDERER.render_answer(answer)
    events = parse_reply(text)
    assert events == [
        RawTag(raw=text, name=answer.tag, body=text[len(answer.tag) + 2 : -1], start=0, end=len(text))
    ]
    reading = read_tag(text)
    pairs = answer_pairs(answer, Renderer().say(answer.notes))
    engine_keys = OUTCOME_KEYS
    assert reading.name == answer.tag
    assert list(reading.attrs) == [pair for pair in pairs if pair[0] not in engine_keys]
    assert list(reading.ignored) == [pair for pair in pairs if pair[0] in engine_keys]
    assert reading.problem is None


@pytest.mark.parametrize(("answer", "expected"), EXACT)
def test_every_rendered_answer_is_one_tag_that_reads_back_into_its_pairs(
    answer: Answer, expected: str
) -> None:
    _assert_reads_back(answer)


_VALUES = st.text(
    alphabet=st.characters(exclude_categories=["Cs"])
    | st.sampled_from('"[]\\\u201c\u201d\u2018\u2019=:, \n'),
    min_size=0,
    max_size=60,
)


@settings(max_examples=300, deadline=None)
@given(
    tag=st.sampled_from(["inventory", "place", "loot", "sheet"]),
    values=st.lists(_VALUES, min_size=1, max_size=5),
    note=st.none() | _VALUES,
    result=st.sampled_from(["ok", "refused"]),
)
def test_any_values_render_into_an_answer_that_reads_back(
    tag: str, values: list[str], note: str | None, result: str
) -> None:
    keys = ["action", "item", "count", "who", "raw"]
    answer = Answer(
        tag=tag,
        attrs=tuple(zip(keys, values, strict=False)),
        result="ok" if result == "ok" else "refused",
        now="3",
        reason=None if result == "ok" else "unknown-item",
        notes=_text(note),
    )
    _assert_reads_back(answer)
    for key, value in answer_pairs(answer, Renderer().say(answer.notes)):
        assert value == clean_value(value), key


def test_a_value_read_back_is_the_cleaned_value() -> None:
    assert clean_value('  say "hi" [now]\\n\t\u201cthere\u201d ') == "say 'hi' (now)/n 'there'"


def test_a_body_too_long_for_the_scanner_is_shortened_longest_value_first() -> None:
    answer = Answer(
        tag="inventory",
        attrs=(("raw", "x" * 3000),),
        result="refused",
        reason="unreadable",
        notes=_text("A short note."),
    )
    text = RENDERER.render_answer(answer)
    assert len(text) - len("[inventory: ]") <= BODY_LIMIT
    assert 'note="A short note."]' in text
    assert "x…" in text
    _assert_reads_back(answer)


def test_the_templates_are_found_in_the_repository_or_the_installed_package() -> None:
    folder = prompts_path()
    assert folder.joinpath("answer.jinja").is_file()


def test_an_installed_package_s_prompts_folder_is_preferred(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "prompts").mkdir()
    (tmp_path / "prompts" / "answer.jinja").write_text(
        "{% for tag, pairs in answers %}[{{ tag }}: packaged]{% endfor %}", encoding="utf-8"
    )
    monkeypatch.setattr("tagproc.render.resources.files", lambda package: tmp_path)
    assert prompts_path() == tmp_path / "prompts"
    answer = Answer(tag="loot", attrs=(), result="ok")
    assert Renderer().render_answer(answer) == "[loot: packaged]"


def test_without_a_packaged_folder_the_repository_prompts_are_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("tagproc.render.resources.files", lambda package: tmp_path)
    assert prompts_path() == Path(__file__).resolve().parent.parent / "prompts"


def test_a_renderer_reads_a_prompts_folder_it_is_given(tmp_path: Path) -> None:
    (tmp_path / "answer.jinja").write_text(
        "{% for tag, pairs in answers %}{{ tag }}|{% for k, v in pairs %}{{ k }}={{ v }};{% endfor %}\n{% endfor %}"
    )
    answer = Answer(tag="place", attrs=(("name", "Millbrook"),), result="ok")
    assert Renderer(tmp_path).render_answer(answer) == "place|name=Millbrook;result=ok;"


def test_many_answers_render_in_one_pass_as_each_would_alone() -> None:
    answers = [cast(Answer, param.values[0]) for param in EXACT]
    assert RENDERER.render_answers(answers) == [RENDERER.render_answer(answer) for answer in answers]
    assert RENDERER.render_answers([]) == []


def test_each_renderer_has_its_own_environment() -> None:
    assert Renderer().environment is not Renderer().environment


def test_a_template_that_names_an_unknown_value_fails_loudly(tmp_path: Path) -> None:
    (tmp_path / "answer.jinja").write_text("{{ nothing_here }}")
    with pytest.raises(Exception, match="nothing_here"):
        Renderer(tmp_path).render_answer(Answer(tag="loot", attrs=(), result="ok"))


def test_a_note_read_back_from_json_is_the_note_it_was() -> None:
    from tagproc.notes import Note, note

    made = note(
        "carrying.cannot_carry",
        who="Bram",
        load=note("carrying.load", now="11", most="12"),
        items=("a", "b"),
        pairs=(("crowns", 1), ("shillings", 2)),
    )
    again = Note.model_validate_json(made.model_dump_json())
    assert again == made and hash(again) == hash(made)


# -- a user's templates over the shipped ones -----------------------------------------------------------------


def _copy_of_prompts(tmp_path: Path) -> Path:
    folder = tmp_path / "mine"
    shutil.copytree(Path(str(prompts_path())), folder)
    return folder


def test_the_shipped_templates_are_every_jinja_file_under_prompts() -> None:
    names = template_names()
    assert "answer.jinja" in names and "notes/party.jinja" in names
    assert {f"blocks/{name}.jinja" for name in ("instructions", "inventory", "market", "recap")} <= set(names)
    assert all(name.endswith(".jinja") for name in names)


def _party_notes(folder: Path, edit: Callable[[str], str]) -> None:
    """``folder/notes/party.jinja``: the shipped one, edited."""
    (folder / "notes").mkdir(parents=True)
    shipped = Path(str(prompts_path())) / "notes" / "party.jinja"
    (folder / "notes" / "party.jinja").write_text(edit(shipped.read_text(encoding="utf-8")), encoding="utf-8")


def test_a_user_s_template_wins_and_the_rest_are_inherited(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    _party_notes(
        folder, lambda text: re.sub(r"(\{%-?\s*macro\s+member_said\(.*?\)\s*-?%\})", r"\1Truly, ", text)
    )
    renderer = Renderer(templates=folder)
    said = note("party.member_said", who="Bram", notes=_text("Bram has no Resolve."))
    assert RENDERER.say(said) == "Bram: Bram has no Resolve."
    assert renderer.say(said) == "Truly, Bram: Bram has no Resolve."
    answer = Answer(tag="place", attrs=(("name", "Millbrook"),), result="ok")
    assert renderer.render_answer(answer) == RENDERER.render_answer(answer)  # answer.jinja inherited


def test_a_whole_copy_of_the_shipped_templates_renders_the_same(tmp_path: Path) -> None:
    renderer = Renderer(templates=_copy_of_prompts(tmp_path))
    answer = cast(Answer, EXACT[0].values[0])
    assert renderer.render_answer(answer) == RENDERER.render_answer(answer)


@pytest.mark.parametrize("kind", ["missing", "file"])
def test_a_template_folder_that_is_not_one_is_a_template_problem(tmp_path: Path, kind: str) -> None:
    folder = tmp_path / "mine"
    if kind == "file":
        folder.write_text("x", encoding="utf-8")
    with pytest.raises(TemplateProblem) as raised:
        Renderer(templates=folder)
    assert str(raised.value) == f"{folder}: {'no such folder' if kind == 'missing' else 'not a folder'}"


def test_a_template_tagproc_does_not_render_is_named_with_a_did_you_mean(tmp_path: Path) -> None:
    folder = _copy_of_prompts(tmp_path)
    (folder / "blocks" / "recap.jinja").rename(folder / "blocks" / "recaps.jinja")
    with pytest.raises(TemplateProblem) as raised:
        Renderer(templates=folder)
    path = folder / "blocks" / "recaps.jinja"
    assert str(raised.value) == (
        f"{path}: tagproc renders no template 'blocks/recaps.jinja'; did you mean blocks/recap.jinja?"
    )
    assert isinstance(raised.value, ValueError) and raised.value.file == str(path)


def test_a_broken_template_is_named_with_its_line_at_construction(tmp_path: Path) -> None:
    folder = _copy_of_prompts(tmp_path)
    broken = folder / "blocks" / "market.jinja"
    broken.write_text("MARKET:\n{% if place %}\n{{ place }\n", encoding="utf-8")
    with pytest.raises(TemplateProblem) as raised:
        Renderer(templates=folder)
    assert str(raised.value).startswith(f"{broken}:3: ")
    assert raised.value.line == 3


def test_a_notes_template_without_a_macro_of_the_shipped_one_is_a_problem(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    _party_notes(folder, lambda text: re.sub(r"macro\s+member_said\(", "macro member_told(", text))
    with pytest.raises(TemplateProblem) as raised:
        Renderer(templates=folder)
    assert str(raised.value) == (
        f"{folder / 'notes' / 'party.jinja'}: has no macro member_said (the shipped notes/party.jinja has)"
    )


def test_files_that_are_not_templates_are_left_alone(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "README.md").write_text("my prompts", encoding="utf-8")
    assert Renderer(templates=folder).render_block("recap", {"lines": [], "more": 0}) == ""


def test_a_users_notes_macro_that_fails_as_it_renders_names_its_file_and_line(tmp_path: Path) -> None:
    folder = tmp_path / "mine" / "notes"
    folder.mkdir(parents=True)
    shipped = Path(str(prompts_path())) / "notes" / "money.jinja"
    text = shipped.read_text(encoding="utf-8").replace("{{ _counts(paid) }}", "{{ no_such_fact }}")
    (folder / "money.jinja").write_text(text, encoding="utf-8")
    renderer = Renderer(templates=tmp_path / "mine")
    with pytest.raises(TemplateProblem, match=r"notes/money\.jinja:\d+: cannot be rendered: .*no_such_fact"):
        renderer.say(note("money.paid", paid=(("crowns", 1),), back=()))


# -- the shared environments (issue 14) ----------------------------------------------------------------

_TRULY = r"\1Truly, "
_MEMBER_SAID = r"(\{%-?\s*macro\s+member_said\(.*?\)\s*-?%\})"
_SAID = note("party.member_said", who="Bram", notes=_text("Bram has no Resolve."))


def test_games_given_no_renderer_have_their_own_over_one_shared_environment() -> None:
    one, two = Game("gravewatch", ["Ada"]), Game("gravewatch", ["Ada"])
    assert one.renderer is not two.renderer
    assert one.renderer.environment is two.renderer.environment is shared_renderer().environment
    assert Renderer().environment is not one.renderer.environment  # one built by hand is its own


@pytest.mark.parametrize("answer", [p.values[0] for p in EXACT])
def test_a_shared_renderer_renders_as_one_built_by_hand(answer: Answer) -> None:
    assert shared_renderer().render_answer(answer) == RENDERER.render_answer(answer)


def test_a_shared_user_folder_is_built_once_and_again_when_a_template_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "mine"
    _party_notes(folder, lambda text: re.sub(_MEMBER_SAID, _TRULY, text))
    first = shared_renderer(folder)
    assert shared_renderer(str(folder)).environment is first.environment
    monkeypatch.chdir(tmp_path)
    assert (
        shared_renderer("mine").environment is not first.environment
    )  # relative: read from the cwd, its own
    assert Game("gravewatch", ["Ada"], templates=folder).renderer.environment is first.environment
    assert first.say(_SAID) == "Truly, Bram: Bram has no Resolve."
    party = folder / "notes" / "party.jinja"
    party.write_text(party.read_text(encoding="utf-8").replace("Truly, ", "Verily, "), encoding="utf-8")
    again = shared_renderer(folder)
    assert again.environment is not first.environment
    assert again.say(_SAID) == "Verily, Bram: Bram has no Resolve."
    assert first.say(_SAID) == "Truly, Bram: Bram has no Resolve."  # a game that has it keeps what it had


def test_a_shared_user_folder_that_breaks_is_checked_again_and_kept_for_nothing(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    _party_notes(folder, lambda text: text)
    shared_renderer(folder)
    (folder / "notes" / "partys.jinja").write_text("{{ x }}", encoding="utf-8")
    for _ in range(2):  # a failure is not kept: the second call checks again
        with pytest.raises(TemplateProblem, match=r"did you mean notes/party\.jinja"):
            shared_renderer(folder)
    missing = tmp_path / "gone"
    with pytest.raises(TemplateProblem) as raised:
        Game("gravewatch", ["Ada"], templates=missing)
    assert str(raised.value) == f"{missing}: no such folder"


def test_threads_asking_for_one_folder_at_once_share_one_environment(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    _party_notes(folder, lambda text: text)
    with ThreadPoolExecutor(max_workers=8) as pool:
        renderers = list(pool.map(lambda _: shared_renderer(folder), range(16)))
    assert len({id(renderer.environment) for renderer in renderers}) == 1
    assert len({id(renderer) for renderer in renderers}) == 16


# -- the fast paths give exactly what the reference paths give ---------------------------------------------


@settings(max_examples=500, deadline=None)
@given(_VALUES | st.text(max_size=20))
def test_a_value_is_cleaned_as_the_pattern_cleans_it(value: str) -> None:
    from tagproc.render import _clean_value_by_pattern

    assert clean_value(value) == _clean_value_by_pattern(value)


def test_every_whitespace_character_is_cleaned_as_the_pattern_cleans_it() -> None:
    from tagproc.render import _clean_value_by_pattern

    for code in range(0x3000 + 1):
        value = f" a{chr(code)}{chr(code)}b {chr(code)}"
        if not 0xD800 <= code <= 0xDFFF:
            assert clean_value(value) == _clean_value_by_pattern(value), hex(code)


def test_a_user_s_answer_template_is_rendered_by_jinja(tmp_path: Path) -> None:
    (tmp_path / "answer.jinja").write_text(
        "{% for tag, pairs in answers %}\n<{{ tag }}>\n{% endfor %}\n", encoding="utf-8"
    )
    renderer = Renderer(templates=tmp_path)
    assert renderer.render_answers([Answer(tag="loot", attrs=(), result="ok")]) == ["<loot>"]


def test_no_character_a_value_is_cleaned_of_is_alphanumeric() -> None:
    """``clean_value`` returns an alphanumeric value as it is: nothing in it is repaired or folded."""
    from tagproc.render import _VALUE_REPAIRS

    assert not [chr(code) for code in _VALUE_REPAIRS if chr(code).isalnum()]
    assert not [chr(code) for code in range(0x110000) if chr(code).isspace() and chr(code).isalnum()]


def _notes_said() -> list[Note]:
    """Every note said while the corpora, the conformance cases and the golden transcripts play."""
    from tests.realistic import play_every_realistic

    said: list[Note] = []
    real = Renderer._say_one

    def keep(self: Renderer, one: Note) -> str:
        said.append(one)
        return real(self, one)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Renderer, "_say_one", keep)
        play_every_realistic()
    return said


def test_a_note_said_by_calling_its_macro_straight_is_what_calling_it_by_keyword_says() -> None:
    """``_say_one`` calls a macro's ``_func`` when the note names each of its arguments; the reference is the
    macro called by keyword, as Jinja binds it."""
    said = _notes_said()
    straight = 0
    for one in said:
        macro, arguments = RENDERER._macro(one.code)
        if arguments is not None and sorted(dict(one.facts)) == sorted(arguments):
            straight += 1
        assert RENDERER._say_one(one) == macro(**dict(one.facts)).strip(), one
    assert len({one.code for one in said}) > 100
    assert straight > len(said) / 2  # not a timing: the straight call is taken, else this proves nothing


def test_a_macro_with_a_caller_or_extra_arguments_is_called_by_keyword(tmp_path: Path) -> None:
    folder = tmp_path / "notes"
    folder.mkdir()
    shipped = prompts_path().joinpath("notes", "tags.jinja").read_text(encoding="utf-8")
    extra = "{% macro struck() %}{{ varargs | length }} {{ kwargs | length }}{% endmacro %}"
    (folder / "tags.jinja").write_text(shipped + "\n" + extra, encoding="utf-8")
    renderer = Renderer(templates=tmp_path)
    _, arguments = renderer._macro("tags.struck")
    assert arguments is None  # it reads varargs and kwargs: Jinja binds them, never the straight call
    assert renderer.say(note("tags.struck")) == "0 0"


def test_answers_rendered_with_the_environments_globals_read_straight_are_jinjas() -> None:
    """``Renderer._rendered`` gives a template the environment's globals in place of Jinja's ``ChainMap`` over
    them; the reference is the same source as Jinja makes it, over every reply the corpora, conformance cases
    and golden transcripts answer."""
    from tests.realistic import play_every_realistic

    replies: list[list[Answer]] = []
    real = Renderer.render_answers

    def keep(self: Renderer, answers: Sequence[Answer]) -> list[str]:
        replies.append(list(answers))
        return real(self, answers)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Renderer, "render_answers", keep)
        play_every_realistic()
    template = RENDERER._answer
    assert template.globals is RENDERER.environment.globals
    reference = RENDERER.environment.from_string(Path(str(template.filename)).read_text(encoding="utf-8"))
    assert isinstance(reference.globals, ChainMap)
    for answers in replies:
        pieces = [(answer.tag, RENDERER.answer_pairs(answer)) for answer in answers]
        assert RENDERER.render_answers(answers) == (
            reference.render(answers=pieces).splitlines() if answers else []
        )
    assert len(replies) > 100


def test_a_global_added_after_the_templates_are_read_is_seen_by_them(tmp_path: Path) -> None:
    (tmp_path / "answer.jinja").write_text(
        "{% for tag, pairs in answers %}\n<{{ tag }} {{ marker }} {{ say(none) }}>\n{% endfor %}\n",
        encoding="utf-8",
    )
    renderer = Renderer(templates=tmp_path)
    renderer.environment.globals["marker"] = "late"
    assert renderer.render_answers([Answer(tag="loot", attrs=(), result="ok")]) == ["<loot late >"]


# -- notes said inside notes, through the filters --------------------------------------------------------------

# The shipped notes say a note inside a note with the ``say`` and ``said_each`` filters (called straight); each
# said it before with the ``say`` global (through Jinja's ``Context.call``), in a loop where it joined several.
# The reference templates are the shipped ones with those written back, a user's folder over the shipped one.
_AS_LOOPS = {
    "rest": [
        (
            '{% if restored %}{{ restored|said_each|join(", ") }}{% else %}nothing came back{% endif %}',
            '{% for part in restored %}{{ say(part) }}{{ ", " if not loop.last }}'
            "{% else %}nothing came back{% endfor %}",
        )
    ],
    "party": [
        (
            '{{ members|said_each|join("; ") }}',
            '{% for member in members %}{{ say(member) }}{{ "; " if not loop.last }}{% endfor %}',
        )
    ],
    "use": [
        (
            '{% if parts %}{{ parts|said_each|join("; ") }}{% else %}nothing the rules work out{% endif %}',
            "{% for part in parts %}{{ say(part) }}{% if not loop.last %}; {% endif %}"
            "{% else %}nothing the rules work out{% endfor %}",
        ),
        (
            '{% if does %}: {{ does|said_each|join(", ") }}{% endif %}',
            '{% for part in does %}{{ ": " if loop.first else ", " }}{{ say(part) }}{% endfor %}',
        ),
    ],
}


def _said_as_before(tmp_path: Path) -> Renderer:
    """A renderer whose notes say the notes inside them as the shipped ones did before the filters."""
    folder = tmp_path / "before" / "notes"
    folder.mkdir(parents=True)
    rewritten = 0
    for path in sorted((Path(str(prompts_path())) / "notes").glob("*.jinja")):
        text = path.read_text(encoding="utf-8")
        for new, old in _AS_LOOPS.get(path.stem, []):
            assert text.count(new) == 1, (path.name, new)
            text = text.replace(new, old)
        text, count = re.subn(r"\{\{ (\w+)\|say \}\}", r"{{ say(\1) }}", text)
        text = text.replace("now if now is string else now|say", "now if now is string else say(now)")
        assert "said_each" not in text and "|say" not in text, path.name
        rewritten += count
        (folder / path.name).write_text(text, encoding="utf-8")
    assert rewritten >= 10
    return Renderer(templates=folder.parent)


def _parts(count: int) -> tuple[Note, ...]:
    pool = note("sheet.pool", label="Resolve", current=4, max=4, temp=0)
    track = note("sheet.track", label="Harm", value=1, max=4, rung="Winded")
    quiet = note("rest.state", state="", value="")  # says nothing: a join keeps its place
    return (pool, quiet, track, note("rest.off", condition="Rattled"))[:count]


_INSIDE = [
    *(note("rest.now", rest="Stand down", restored=_parts(count)) for count in range(5)),
    *(note("party.now", members=_parts(count)) for count in range(5)),
    *(note("use.used", who="Ada", item="Tonic", parts=_parts(count)) for count in range(5)),
    *(note("use.aimed", does=_parts(count)) for count in range(5)),
    note("party.applied", who="Ada", now="on"),
    note("party.applied", who="Ada", now=_parts(1)[0]),
    note("party.applied", who="Ada", now=None),
    note("party.member_said", who="Bram", notes=_parts(4)),
    note("sheet.reads", line=_parts(1)[0]),
]


def test_notes_inside_notes_are_said_through_the_filters_as_through_the_global(tmp_path: Path) -> None:
    before = _said_as_before(tmp_path)
    for one in [*_INSIDE, *_notes_said()]:
        assert RENDERER.say(one) == before.say(one), one
    assert RENDERER.say(_INSIDE[3]) == "Stand down: Resolve 4/4, , Harm 1/4, Winded"  # the quiet one kept
    assert RENDERER.say(_INSIDE[0]) == "Stand down: nothing came back"
