"""What the model is told: blocks fitted to their budgets, the prompt of each turn start, and the recap (the
market block is tests/test_prompt_market.py's)."""

from __future__ import annotations

import dataclasses
import shutil
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tagproc import Game, Prompt
from tagproc.engine.outcome import Answer
from tagproc.engine.state import JournalEntry, Member, SheetState, Stack
from tagproc.notes import Note
from tagproc.prompt.blocks import BLOCK_NAMES, DEFAULT_BUDGETS, fit_block, resolve_budgets
from tagproc.prompt.recap import recap_draft, recap_turns
from tagproc.render import Renderer, prompts_path
from tagproc.tokens import TokenCounter

SHIPPED = ("gravewatch", "ember-roads", "srd-5e")
LOOT = 'Ada pries the coffin open. [loot: table="grave_goods" who="Ada"]'


def _words(text: str) -> int:
    """A counter that is easy to reason about: one token a word."""
    return len(text.split())


# -- fitting a block --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Shrinking:
    """A draft of ``size`` words; level n leaves out the first n of them (as the recap leaves its oldest)."""

    size: int
    least: int = 1

    @property
    def levels(self) -> int:
        return self.size - self.least

    def context(self, level: int) -> Mapping[str, Any]:
        return {"words": [f"w{i}" for i in range(level, self.size)], "more": level}


@pytest.fixture(scope="module")
def fake_renderer(tmp_path_factory: pytest.TempPathFactory) -> Renderer:
    folder = tmp_path_factory.mktemp("prompts")
    (folder / "answer.jinja").write_text("", encoding="utf-8")
    (folder / "blocks").mkdir()
    (folder / "blocks" / "fake.jinja").write_text(
        "{% if more %}more{{ more }} {% endif %}{{ words | join(' ') }}", encoding="utf-8"
    )
    return Renderer(prompts_dir=folder)


class Counting:
    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, text: str) -> int:
        self.calls += 1
        return _words(text)


def test_a_block_within_its_budget_is_level_0_and_not_trimmed(fake_renderer: Renderer) -> None:
    block = fit_block("fake", Shrinking(10), 10, fake_renderer, _words)
    assert block is not None
    assert (block.text, block.tokens, block.budget, block.trimmed) == (
        " ".join(f"w{i}" for i in range(10)),
        10,
        10,
        False,
    )


@pytest.mark.parametrize("budget", [2, 3, 5, 8, 10])
def test_over_budget_a_block_is_the_lowest_level_that_fits_and_says_what_it_left_out(
    fake_renderer: Renderer, budget: int
) -> None:
    counter = Counting()
    block = fit_block("fake", Shrinking(200), budget, fake_renderer, counter)
    assert block is not None and block.trimmed and not block.over_budget
    assert block.tokens == budget  # level n says n + 1 ... 199 and "more<n>": the fullest that fits
    assert block.text.startswith(f"more{201 - budget} ")
    assert counter.calls <= 1 + 8  # level 0, then a binary search over 199 levels


def test_when_even_the_least_does_not_fit_the_least_is_kept_and_over_budget(fake_renderer: Renderer) -> None:
    block = fit_block("fake", Shrinking(20, least=5), 3, fake_renderer, _words)
    assert block is not None
    assert (block.trimmed, block.over_budget, block.tokens) == (True, True, 6)
    assert block.text == "more15 w15 w16 w17 w18 w19"


def test_a_block_that_cannot_be_trimmed_keeps_its_one_level(fake_renderer: Renderer) -> None:
    block = fit_block("fake", Shrinking(5, least=5), 2, fake_renderer, _words)
    assert block is not None and (block.trimmed, block.over_budget) == (False, True)


def test_a_block_with_nothing_to_say_is_left_out(fake_renderer: Renderer) -> None:
    assert fit_block("fake", Shrinking(0, least=0), 10, fake_renderer, _words) is None


# -- budgets ----------------------------------------------------------------------------------------------


def test_budgets_are_the_defaults_with_the_given_ones_over_them() -> None:
    assert tuple(DEFAULT_BUDGETS) == BLOCK_NAMES == ("instructions", "inventory", "market", "recap")
    assert resolve_budgets(None) == DEFAULT_BUDGETS
    assert resolve_budgets({"recap": 50}) == {**DEFAULT_BUDGETS, "recap": 50}
    assert Game("gravewatch", ["Ada"], budgets={"inventory": 99}).budgets["inventory"] == 99


@pytest.mark.parametrize(
    ("budgets", "message"),
    [
        (
            {"inventroy": 10},
            "no block called 'inventroy' (the blocks: instructions, inventory, market, recap)",
        ),
        ({"recap": 0}, "the recap budget is a whole number of tokens, 1 or more, not 0"),
        ({"recap": "10"}, "the recap budget is a whole number of tokens, 1 or more, not '10'"),
        ({"recap": True}, "the recap budget is a whole number of tokens, 1 or more, not True"),
    ],
)
def test_a_budget_for_no_block_or_not_a_count_is_a_value_error(budgets: Any, message: str) -> None:
    with pytest.raises(ValueError) as raised:
        Game("gravewatch", ["Ada"], budgets=budgets)
    assert str(raised.value) == message


# -- the prompt of a game ---------------------------------------------------------------------------------


def _played(name: str) -> Game:
    game = Game(
        name,
        [
            {"name": "Ada", "bag": [{"item": "shillings", "count": 5}]} if name == "gravewatch" else "Ada",
            "Bram",
        ],
    )
    game.reply(
        '[place: name="Harrowgate" size="town"] He pays. [inventory: action="pay" amount="2 shillings"]'
    )
    game.reply(
        '[inventory: action="add" item="Rope" count="2"] [inventory: action="pay" amount="900 crowns"]'
    )
    return game


@pytest.mark.parametrize("name", SHIPPED)
def test_each_block_s_tokens_are_the_bundled_count_of_its_text(
    name: str, token_counter: TokenCounter
) -> None:
    for game in (Game(name, ["Ada"]), _played(name)):
        prompt = game.prompt()
        assert [block.name for block in prompt.blocks] == [n for n in BLOCK_NAMES if prompt.block(n)]
        for block in prompt.blocks:
            assert block.text and block.tokens == token_counter.count(block.text)
            assert block.budget == DEFAULT_BUDGETS[block.name]
        assert prompt.tokens == sum(block.tokens for block in prompt.blocks)
        assert prompt.text == "\n\n".join(block.text for block in prompt.blocks)


def test_a_counter_of_the_user_s_counts_every_block() -> None:
    prompt = Game("gravewatch", ["Ada"], count_tokens=len).prompt()
    assert prompt.blocks and all(block.tokens == len(block.text) for block in prompt.blocks)


def test_a_count_tokens_that_is_not_callable_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="count_tokens is a callable"):
        Game("gravewatch", ["Ada"], count_tokens=3)  # type: ignore[arg-type]


def test_the_same_state_gives_the_same_prompt_object_and_costs_next_to_nothing() -> None:
    game = _played("gravewatch")
    started = time.perf_counter()
    first = game.prompt()
    cost = time.perf_counter() - started
    started = time.perf_counter()
    again = game.prompt()
    assert again is first and game.prompt_at(len(game)) is first
    assert time.perf_counter() - started <= 0.05 * cost


def test_prompt_at_a_turn_is_the_prompt_before_it_and_its_recap_the_reply_before() -> None:
    game = _played("gravewatch")
    assert game.prompt_at(0).block("recap") is None  # nothing was told yet
    recap = game.prompt_at(1).block("recap")
    assert recap is not None and "Ada paid 2 shillings." in recap.text
    later = game.prompt_at(2).block("recap")
    assert later is not None and "Ada paid" not in later.text and "cannot-afford" in later.text
    with pytest.raises(IndexError):
        game.prompt_at(3)


def test_a_regenerate_drops_the_prompts_of_the_positions_it_replaced() -> None:
    game = _played("gravewatch")
    before, after = game.prompt_at(1), game.prompt()
    game.player("I look around.")
    game.regenerate('A new telling. [inventory: action="earn" amount="1 crown"]')
    assert game.prompt_at(1) is before
    now = game.prompt()
    assert now is not after
    recap = now.block("recap")
    assert recap is not None and "Ada earned crowns ×1." in recap.text and "Rope" not in recap.text


def test_recap_turns_are_the_last_reply_and_the_turns_after_it() -> None:
    game = _played("gravewatch")
    game.player("I nod.")
    turns = game.turns
    assert recap_turns(turns) == turns[1:]
    assert recap_turns(turns, 1) == turns[:1]
    assert recap_turns(turns, 0) == ()


# -- the recap --------------------------------------------------------------------------------------------


def test_the_recap_says_loot_is_already_in_the_bags_and_refusals_with_their_reason() -> None:
    game = Game("gravewatch", ["Ada", "Bram"], seed=61)
    game.reply(LOOT + ' [inventory: action="add" item="Black candle"] [loot: table="dragon_hoard"]')
    recap = game.prompt().block("recap")
    assert recap is not None
    assert recap.text.splitlines() == [
        "RECAP (what the last reply changed; it is done, never tag it again):",
        "- Ada got Shot and powder ×3: it dropped from Grave goods and is already in the bags.",
        "- Ada got Black candle ×1.",
        '- [loot: table="dragon_hoard"] was refused (unknown-loot-table): it did not happen.',
    ]


def test_a_reply_that_changed_nothing_has_no_recap_and_a_player_s_tag_is_not_in_it() -> None:
    game = Game("gravewatch", ["Ada"])
    game.reply("The wind howls.")
    game.player('I take it [inventory: action="add" item="Rope"]')
    assert game.prompt().block("recap") is None


def test_a_recap_over_its_budget_leaves_out_its_oldest_lines_and_says_how_many() -> None:
    tags = " ".join(f'[inventory: action="add" item="Rope {n}"]' for n in range(30))
    game = Game("gravewatch", ["Ada"], budgets={"recap": 60})
    game.reply(tags)
    recap = game.prompt().block("recap")
    assert recap is not None and recap.trimmed and recap.tokens <= 60
    lines = recap.text.splitlines()
    assert lines[1].startswith("- … and ") and lines[1].endswith(" more before these")
    assert lines[-1].startswith('- [inventory: action="add" item="Rope 29"')
    assert int(lines[1].split()[3]) + len(lines) - 2 == 30


def test_prompt_is_exported_and_frozen() -> None:
    prompt = Game("gravewatch", ["Ada"]).prompt()
    assert isinstance(prompt, Prompt)
    with pytest.raises(AttributeError):
        prompt.blocks = ()  # type: ignore[misc]


def test_the_recap_of_a_payment_says_what_it_was_paid_with_and_what_came_back() -> None:
    game = Game("gravewatch", [{"name": "Ada", "bag": [{"item": "crowns", "count": 1}]}])
    game.reply(
        'Ada pays. [inventory: action="pay" amount="3 shillings"] [inventory: action="pay" amount="90 crowns"]'
    )
    recap = game.prompt().block("recap")
    assert recap is not None
    assert recap.text.splitlines()[1:] == [
        "- Ada paid 3 shillings. Paid with crowns ×1; shillings ×2 back.",
        '- [inventory: action="pay" item="crowns" count="90"] was refused (cannot-afford): it did not happen.',
    ]


def test_the_recap_of_a_buy_and_a_sale_says_what_who_which_seller_and_for_what() -> None:
    game = Game(
        "gravewatch",
        [
            {"name": "Ada", "bag": [{"item": "crowns", "count": 2}]},
            {"name": "Bram", "bag": [{"item": "Grave spade"}]},
        ],
        seed=5,
    )
    game.reply('[place: name="Harrowgate" size="market town"]')
    game.reply(
        'The chandler wraps a coat. [inventory: action="buy" item="Lantern coat"] '
        '[inventory: action="buy" item="A bed at the watch-house" seller="watch-house"] '
        'Bram sells his spade. [inventory: action="sell" item="Grave spade" seller="smith" who="Bram"] '
        '[inventory: action="buy" item="Mourning coat"]'
    )
    recap = game.prompt().block("recap")
    assert recap is not None
    assert recap.text.splitlines()[1:] == [
        "- Ada bought Lantern coat ×1 from the chandler for 8 shillings. Paid with crowns ×2; shillings ×2 back.",
        "- Ada bought A bed at the watch-house ×1 from the watch-house for 3 pennies. Paid with shillings ×1; "
        "pennies ×9 back.",
        "- Bram sold Grave spade ×1 to the smith for 3 shillings. Paid in shillings ×3.",
        '- [inventory: action="buy" item="Mourning coat" count="1"] was refused (cannot-afford): it did not happen.',
    ]


# -- the recap of fakes: reveal, inspect and a held buy (spec "Spotting fakes") --------------------------

# Stand-ins for the engine's notes (its own templates say them): the recap says whatever the answer's notes say.
_STAND_IN_NOTES = """{% macro all_along(name) %}It was a {{ name }} all along.{% endmacro %}
{% macro suspect(who, says) %}{{ who }} thinks it is a fake: {{ says }}.{% endmacro %}
{% macro held(who, says) %}{{ who }} noticed {{ says }}: play them warning the buyer.{% endmacro %}
"""


def _answered(record: Any, answer: Answer) -> Any:
    return dataclasses.replace(record, answers=(answer,))


def test_the_recap_says_reveals_inspects_and_a_held_buy_with_their_notes(tmp_path: Path) -> None:
    prompts = tmp_path / "prompts"
    shutil.copytree(prompts_path(), prompts)  # type: ignore[arg-type]
    (prompts / "notes" / "standin.jinja").write_text(_STAND_IN_NOTES, encoding="utf-8")
    game = Game("gravewatch", ["Ada", "Bram"], seed=5)
    game.reply('[place: name="Harrowgate" size="market town"]')
    game.reply(
        '[inventory: action="reveal" item="Silver coffin nail"] '
        '[inventory: action="inspect" item="Silver coffin nail" who="Bram" seller="fence"] '
        '[inventory: action="buy" item="Silver coffin nail" seller="fence"]'
    )
    turn = game.turns[-1]
    reveal, inspect, buy = turn.tags
    # The answers the engine gives (issue 11), built by hand: a reveal and an inspect ok, the buy held.
    found = Note(code="standin.all_along", facts=(("name", "Pewter coffin nail"),))
    seen = Note(code="standin.suspect", facts=(("who", "Bram"), ("says", "it rings dull")))
    noticed = Note(code="standin.held", facts=(("who", "Bram"), ("says", "it rings dull")))
    tags = (
        _answered(
            reveal, Answer(tag="inventory", attrs=reveal.answers[0].attrs, result="ok", notes=(found,))
        ),
        _answered(
            inspect, Answer(tag="inventory", attrs=inspect.answers[0].attrs, result="ok", notes=(seen,))
        ),
        _answered(
            buy,
            Answer(
                tag="inventory", attrs=buy.answers[0].attrs, result="refused", reason="held", notes=(noticed,)
            ),
        ),
    )
    turns = [dataclasses.replace(turn, tags=tags)]
    text = Renderer(prompts).render_block("recap", recap_draft(turns, game.rules).context(0))
    assert text.splitlines()[1:] == [
        "- Ada revealed Silver coffin nail. It was a Pewter coffin nail all along.",
        "- Bram looked over Silver coffin nail (the fence's ware). Bram thinks it is a fake: it rings dull.",
        '- [inventory: action="buy" item="Silver coffin nail" count="1" seller="fence"] was refused (held): it did '
        "not happen. Bram noticed it rings dull: play them warning the buyer.",
    ]


def test_another_refusal_s_notes_are_not_in_the_recap() -> None:
    game = Game("gravewatch", [{"name": "Ada", "bag": [{"item": "crowns", "count": 1}]}])
    game.reply('[inventory: action="pay" amount="90 crowns"]')
    [answer] = game.turns[-1].structured_answers
    assert answer.notes  # the answer says what Ada has; the recap only that it was refused
    recap = game.prompt().block("recap")
    assert recap is not None and recap.text.endswith("was refused (cannot-afford): it did not happen.")


def _nail_bearer(**abilities: float) -> Member:
    """Ada with a pewter coffin nail that still fools (as bought from the fence) and a grave spade."""
    nail = Stack(name="Silver coffin nail", count=1, item="kit/pewter-nail", passes_as="kit/silver-nail")
    spade = Stack(name="Grave spade", count=1, item="kit/grave-spade")
    return Member(name="Ada", sheet=SheetState(abilities=abilities), bag=(nail, spade))


def test_the_recap_says_what_an_inspect_saw_and_the_inventory_who_suspects_it() -> None:
    game = Game("gravewatch", [_nail_bearer()], seed=2)
    game.reply('Ada taps it. [inventory: action="inspect" item="Silver coffin nail" who="Ada"]')
    recap, inventory = game.prompt().block("recap"), game.prompt().block("inventory")
    assert recap is not None and inventory is not None
    assert recap.text.splitlines()[1:] == [
        "- Ada looked over Silver coffin nail. Ada thinks it is a fake: it rings dull when tapped on a gravestone."
    ]
    assert (
        "Silver coffin nail (FAKE: really Pewter coffin nail) (Ada thinks it is a fake) [Arm,"
        in inventory.text
    )


def test_an_inspect_that_names_a_fake_is_one_line_not_two() -> None:
    game = Game("gravewatch", [_nail_bearer(sinew=5, nerve=5)], seed=5)
    game.reply('[inventory: action="inspect" item="Silver coffin nail"]')
    assert [entry.kind for entry in game.turns[-1].journal] == ["changed"]  # found out: the journal says so
    recap = game.prompt().block("recap")
    assert recap is not None
    assert recap.text.splitlines()[1:] == [
        "- Ada looked over Silver coffin nail. Ada sees it is a Pewter coffin nail."
    ]


def test_a_fake_found_out_otherwise_is_said_from_its_journal_line() -> None:
    game = Game("gravewatch", [_nail_bearer()])
    game.reply("Ada binds the nail.")
    found = JournalEntry(kind="changed", who="Ada", text="Silver coffin nail ×1 was Pewter coffin nail")
    turns = [dataclasses.replace(game.turns[-1], journal=(found,))]
    text = Renderer().render_block("recap", recap_draft(turns, game.rules).context(0))
    assert text.splitlines()[1:] == [
        "- Ada: Silver coffin nail ×1 was Pewter coffin nail, found out; it is that from now on."
    ]


def test_the_recap_of_a_held_buy_says_who_noticed_what_and_asks_for_the_warning() -> None:
    game = Game(
        "gravewatch",
        [
            {"name": "Ada", "bag": [{"item": "crown", "count": 9}]},
            {"name": "Bram", "sheet": {"abilities": {"nerve": 5}}},
        ],
        seed=1,
    )
    game.reply('The road ends at Harrowgate. [place: name="Harrowgate" size="market town"]')
    game.reply('[inventory: action="buy" item="Silver coffin nail" seller="fence"]')
    recap = game.prompt().block("recap")
    assert recap is not None
    assert recap.text.splitlines()[1:] == [
        '- [inventory: action="buy" item="Silver coffin nail" count="1" seller="fence"] was refused (held): it did '
        "not happen. Bram noticed something about the Silver coffin nail: he names a price before you have asked "
        "one. Nothing was paid. Play Bram warning Ada in character, without accusing the fence to their face unless "
        "that is Bram's way, and let Ada decide; the same buy asked again today goes through."
    ]
