"""The normaliser's fast paths give exactly what the long way gives (issue 14: every fast path keeps the slow
path as its reference).

Every tag a turn normalises while the corpora (``tests/corpus``, corpus and holdout), the conformance cases
(``tests/conformance/cases``) and the golden transcripts (``golden/``) play is kept, with the names and the
game index it was read against; each is then normalised again with the fast paths on and with them off
(``_long_way``), and the two must be equal: the same commands, repairs, notes, reasons and ``raw``. The
commands built without validation must validate to themselves (``model_validate(model_dump())``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tagproc.normalize as normalize_module
import tagproc.normalize.coins as coins_module
import tagproc.normalize.counts as counts_module
import tagproc.normalize.gamewords as gamewords_module
import tagproc.normalize.items as items_module
import tagproc.normalize.keys as keys_module
import tagproc.processing as turn_module
from tagproc.commands import Command, Unreadable
from tagproc.names import CoinName, ItemNames, NameBook, _folded, fold
from tagproc.normalize import normalize
from tagproc.normalize.coins import read_amount
from tagproc.normalize.counts import read_number, split_count, vague_prefix
from tagproc.normalize.gamewords import GameIndex, _key_of_long, game_index, key_of
from tagproc.normalize.sheet import keeps_sheet, loosen_sheet
from tagproc.syntax import TagReading, read_tag
from tagproc.vocabulary import AMOUNT_FILLERS_AFTER, AMOUNT_FILLERS_BEFORE, AMOUNT_HEDGES, COIN_JOINERS
from tagproc.vocabulary.coins import AMOUNT_ASIDE_WORDS
from tests.engine_support import rules_for
from tests.normalize_support import names_for
from tests.realistic import play_every_realistic

Call = tuple[TagReading, ItemNames, str, GameIndex | None]


@contextmanager
def _long_way() -> Iterator[None]:
    """Every fast path of the normaliser turned off: each says "not mine", so the long way reads every tag."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(normalize_module, "_plain", lambda reading, index: None)
        patch.setattr(coins_module, "_plain_amount", lambda text, names, given: None)
        patch.setattr(counts_module, "_plain_number", lambda cleaned: None)
        patch.setattr(counts_module, "_plain_split", lambda text: None)
        patch.setattr(counts_module, "_DIGIT_LED", True)
        patch.setattr(gamewords_module, "is_plain_member", lambda written, index: False)
        patch.setattr(keys_module, "is_plain_member", lambda written, index: False)
        patch.setattr(items_module, "_plural_item", lambda text, given, names: None)
        yield


@cache
def _played() -> tuple[Call, ...]:
    """Every ``normalize`` call of the corpora, the conformance cases and the golden transcripts, as played."""
    calls: list[Call] = []
    real = normalize

    def keep(
        reading: TagReading, names: ItemNames, raw: str = "", index: GameIndex | None = None
    ) -> list[Command | Unreadable]:
        calls.append((reading, names, raw, index))
        return real(reading, names, raw, index)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(turn_module, "normalize", keep)
        play_every_realistic()
    return tuple(calls)


def _both(call: Call) -> tuple[list[Command | Unreadable], list[Command | Unreadable]]:
    reading, names, raw, index = call
    fast = normalize(reading, names, raw, index)
    with _long_way():
        slow = normalize(reading, names, raw, index)
    return fast, slow


def test_the_played_tags_are_many_and_varied() -> None:
    calls = _played()
    assert len(calls) > 2000
    assert len({raw for _, _, raw, _ in calls}) > 1000


def test_every_played_tag_reads_the_same_the_fast_way_and_the_long_way() -> None:
    differ = [call[2] for call in _played() if (pair := _both(call))[0] != pair[1]]
    assert differ == []


def test_the_fast_way_is_taken_for_most_canonical_tags() -> None:
    # Not a timing: the fast path must be reached, else the equality above proves nothing of it.
    calls = _played()
    taken = sum(1 for reading, _, _, index in calls if index and normalize_module._plain(reading, index))
    assert taken > len(calls) // 5


def test_every_command_validates_to_itself() -> None:
    for call in _played():
        for command in normalize(*call):
            assert type(command).model_validate(command.model_dump()) == command, call[2]


@pytest.mark.parametrize(
    "tag",
    [
        pytest.param('[inventory: action="pay" amount="3 shillings" who="Bram"]', id="pay"),
        pytest.param('[inventory: action="give" item="Lantern" who="ada" to="Bram"]', id="who-in-lowercase"),
        pytest.param('[inventory: action="add" item="Lantern" who="party"]', id="party"),
        pytest.param('[inventory: action="add" item="Lantern" who="Ada, Bram"]', id="two-members"),
        pytest.param('[sheet: op="rest" rest="vigil" who="Ada, Bram"]', id="rest-each"),
        pytest.param('[sheet: op="rest" rest="vigil" who="Ada and Bram and Mira"]', id="rest-party"),
        pytest.param('[sheet: op="spend" pool="hp" amount="1" who="Ada"]', id="health-word"),
        pytest.param('[inventory: action="pay" amount="gp=2, sp=5"]', id="amount-object"),
        pytest.param('[inventory: action="add" item="" count="2"]', id="blank"),
        pytest.param('[inventory: action="add" item="Rope" item="Rope"]', id="twice"),
        pytest.param('[inventory: action="add" action="add" item="Rope"]', id="verb-twice"),
        pytest.param('[sheet: op="spend" ada="1" pool="resolve"]', id="member-as-key"),
        pytest.param('[inventory: action="add" item="Lantern" count="0"]', id="count-zero"),
        pytest.param('[inventory: action="add" item="Lantern" count="99999"]', id="count-capped"),
        pytest.param("[inventory action=add item='Shot and powder' qty=three who=Bram]", id="alias"),
        pytest.param('[inventory: action="add" item="Rope" character="Ada"]', id="who-alias"),
        pytest.param('[inventory: action="add" item="Rope" qty="2" count="3"]', id="alias-twice"),
        pytest.param('[inventory: action="add" amount="5 pennies"]', id="coins-are-earned"),
        pytest.param('[inventory: action="add" coins="5 pennies" item="Rope"]', id="coins-beside-item"),
        pytest.param('[sheet: op="condition" condition="rattled" value="on"]', id="soft-alias"),
        pytest.param('[sheet: op="condition" condition="rattled" value="maybe"]', id="soft-alias-refused"),
        pytest.param('[sheet: op="track" track="harm" amount="+1"]', id="soft-amount"),
        pytest.param('[sheet: op="restore" pool="resolve" heal="2" who="Ada"]', id="op-named-key"),
    ],
)
def test_the_canonical_form_and_its_near_misses_read_the_same_both_ways(tag: str) -> None:
    names = names_for()
    reading = read_tag(tag)
    fast = normalize(reading, names, tag)
    with _long_way():
        assert normalize(reading, names, tag) == fast


_RULESETS = ("gravewatch", "ember-roads", "srd-5e")


def _coin_words(ruleset: str) -> list[str]:
    rules = rules_for(ruleset)
    words = [word for coin in rules.coin_names for word in (coin.id, coin.label, coin.one or "")]
    return [form for word in words if word for form in (word, word.upper(), word.title())]


_AWKWARD = (
    "each",
    "Each",
    "worth",
    "and",
    "plus",
    "pieces",
    "dozen",
    "total",
    "only",
    "ish",
    "for",
    "as",
    "feet",
)


@pytest.mark.parametrize("ruleset", _RULESETS)
def test_every_coin_amount_reads_the_same_both_ways(ruleset: str) -> None:
    names = names_for(ruleset)
    differ = []
    for word in [*_coin_words(ruleset), "pence", "gold", "coins", *_AWKWARD]:
        for count in ("1", "7", "12", "01", "0", "999999", "1000000", "1234567890", "\u0663"):
            for said in (None, 7, 12):
                for text in (f"{count} {word}", f"{count}  {word}", f" {count} {word}", f"{count} {word}."):
                    fast = read_amount(text, names, said)
                    with _long_way():
                        if read_amount(text, names, said) != fast:
                            differ.append((text, said))
    assert differ == []


@pytest.mark.parametrize(
    "text",
    [
        "0",
        "7",
        "007",
        "12",
        " 12 ",
        "1,000",
        "1.000",
        "2.0",
        "+3",
        "-2",
        "x2",
        "3 pcs",
        "three",
        "Three",
        "a dozen",
        "twenty-two",
        "2 (two)",
        "\u0663",
        "\u00b2",
        "pair",
        "pcs",
        "several",
        "thr ee",
        "",
    ],
)
def test_a_number_reads_the_same_both_ways(text: str) -> None:
    fast = read_number(text)
    with _long_way():
        assert read_number(text) == fast


_WORDS = st.text(alphabet=st.characters(codec="utf-8"), max_size=12) | st.sampled_from(
    ["Bram", "bram", "Ada", "vigil", "Hit points", "hp", "long_rest", "Bram's", "'s", "ÉLAN", "İ", "x2", "12"]
)


@given(_WORDS)
def test_fold_and_key_of_read_one_word_as_the_long_way(text: str) -> None:
    assert fold(text) == _folded(text)
    assert key_of(text) == _key_of_long(text)


def test_a_sheet_kept_as_written_is_what_loosen_sheet_leaves() -> None:
    kept = 0
    for reading, names, _, index in _played():
        if reading.name != "sheet":
            continue
        index = index or game_index(names.game_words())
        if keeps_sheet(reading.attrs, index):
            kept += 1
            assert loosen_sheet(reading.attrs, index) == (reading.attrs, []), reading.attrs
    assert kept > 50


def test_the_amount_words_have_no_digit() -> None:
    # What lets ``coins._plain_amount`` test one word where the long way runs its patterns over the amount.
    words = (
        *AMOUNT_HEDGES,
        *AMOUNT_FILLERS_BEFORE,
        *AMOUNT_FILLERS_AFTER,
        *AMOUNT_ASIDE_WORDS,
        *COIN_JOINERS,
    )
    assert not [word for word in words if any(char.isdigit() for char in word)]


def test_a_coin_named_by_an_awkward_word_reads_the_same_both_ways() -> None:
    # Coins named by the words the plain amount must leave to the long way (a hedge, a joiner, a filler, ...).
    names = NameBook(coins=tuple(CoinName(word.lower(), word.lower()) for word in _AWKWARD))
    differ = []
    for word in _AWKWARD:
        for text in (f"3 {word}", f"12 {word}", f"3 {word} and 2 {word}"):
            fast = read_amount(text, names)
            with _long_way():
                if read_amount(text, names) != fast:
                    differ.append(text)
    assert differ == []


@pytest.mark.parametrize(
    "name",
    [
        "2 warming tonics",
        "2 torches",
        "12 Arrows",
        "2  torches",
        "2 x torches",
        "2 X torches",
        "3 feet of rope",
        "3 pcs torch",
        "50 gp worth of gems",
        "2 Worth",
        "2",
        "2 ",
        "02 torches",
        "2 torch-oil",
        "2 (two) torches",
        "\u0663 torches",
        "2 torches x3",
        "2 t\u00f6rches",
        "2 more torches",
        "2 of them",
    ],
)
def test_a_counted_name_reads_the_same_both_ways(name: str) -> None:
    fast = (split_count(name), vague_prefix(name))
    with _long_way():
        assert (split_count(name), vague_prefix(name)) == fast
