"""The INVENTORY block (tagproc.prompt.inventory, prompts/blocks/inventory.jinja): each bag's header and
entries on the three shipped rulesets, and its trimming, in order and never growing."""

from __future__ import annotations

from functools import cache
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from tagproc.engine.state import GameState, InventedItem, Member, SheetState, Stack
from tagproc.prompt.draft import Draft
from tagproc.prompt.inventory import Bag, InventoryDraft, inventory_draft
from tagproc.render import Renderer
from tagproc.ruleset import Item
from tagproc.tokens import TokenCounter
from tests.engine_support import bell, coins, item, member, party, rules_for, variant


@cache
def _renderer() -> Renderer:
    return Renderer()


def render(draft: Draft, level: int = 0) -> str:
    return _renderer().render_block("inventory", draft.context(level))


def block(state: GameState, ruleset: str) -> str:
    return render(inventory_draft(state, rules_for(ruleset)))


# -- an empty bag, on each shipped ruleset -------------------------------------------------------------


def test_an_empty_gravewatch_bag_says_its_binding_slots_and_no_coins() -> None:
    assert block(party(member("Ada")), "gravewatch") == (
        "PLAYER INVENTORY (Bound 0 of 2; Hands 0 of 2, Body 0 of 1, Neck 0 of 1, Fingers 0 of 2; no coins): nothing"
    )


def test_an_empty_ember_roads_bag_says_its_load_against_what_its_bearer_carries() -> None:
    assert block(party(member("Ada"), member("Bram")), "ember-roads") == (
        "PLAYER INVENTORY (load 0 of 6, most 12; Body 0 of 1, Hands 0 of 2, Forearms 0 of 1; no coins): nothing"
    )


def test_an_empty_srd_bag_says_its_load_in_pounds() -> None:
    assert block(party(member("Ada")), "srd-5e") == (
        "PLAYER INVENTORY (load 0 lb of 50 lb, most 150 lb; Attunement 0 of 3; Body armor 0 of 1, Hands 0 of 2, "
        "Rings 0 of 2; no coins): nothing"
    )


def test_the_carry_numbers_are_read_off_each_members_own_sheet() -> None:
    strong = Member(
        name="Ada", sheet=SheetState(abilities={"str": 16}), bag=(item("Chain mail", ruleset="srd-5e"),)
    )
    assert block(party(strong), "srd-5e").startswith("PLAYER INVENTORY (load 55 lb of 80 lb, most 240 lb;")
    ox = Member(name="Ada", sheet=SheetState(abilities={"brawn": 2}))
    assert block(party(ox), "ember-roads").startswith("PLAYER INVENTORY (load 0 of 8, most 12;")


def test_a_ruleset_without_currencies_carry_or_binding_says_none_of_them() -> None:
    rules = variant("ember-roads", '{"currencies": null, "carry": null, "slots": null}')
    state = party(member("Ada", Stack(name="Rope", count=1)))
    assert render(inventory_draft(state, rules)) == "PLAYER INVENTORY: Rope"


# -- the player's bag first, then each member's that holds something ------------------------------------


def test_the_party_is_listed_player_first_and_an_empty_companion_is_left_out() -> None:
    state = party(member("Ada"), member("Bram"), member("Cole", item("Lantern coat")))
    assert block(state, "gravewatch") == (
        "PARTY INVENTORY:\n"
        "- Ada (Bound 0 of 2; Hands 0 of 2, Body 0 of 1, Neck 0 of 1, Fingers 0 of 2; no coins): nothing\n"
        "- Cole (Bound 0 of 2; Hands 0 of 2, Body 0 of 1, Neck 0 of 1, Fingers 0 of 2; no coins): "
        "Lantern coat [Coat, Common; costs 8 shillings; worn: +1 on checks (Listen)]"
    )


def test_coins_in_two_families_are_each_worth_their_smallest_coin() -> None:
    bag = member("Ada", coins("sovereign", 1, "ember-roads"), coins("mark", 3, "ember-roads"))
    bag = bag.model_copy(
        update={"bag": (*bag.bag, coins("bit", 2, "ember-roads"), coins("cake", 2, "ember-roads"))}
    )
    assert block(party(bag), "ember-roads") == (
        "PLAYER INVENTORY (load 0.26 of 6, most 12; Body 0 of 1, Hands 0 of 2, Forearms 0 of 1; "
        "Coin worth 132 bits, Salt worth 40 pinches): "
        "sovereigns [Coin]; marks ×3 [Coin]; bits ×2 [Coin]; cakes ×2 [Salt]"
    )


def test_a_purse_worth_one_says_the_coins_name_for_one() -> None:
    assert "; Coin worth 1 penny)" in block(party(member("Ada", coins("penny", 1))), "gravewatch")


def test_the_specs_purse_of_432_pennies() -> None:
    state = party(member("Ada", coins("crown", 7), coins("penny", 12)))
    assert "; Coin worth 432 pennies): crowns ×7 [Coin]; pennies ×12 [Coin]" in block(state, "gravewatch")


# -- a full bag: worn, bound, charges, a cursed item, an invented item, encumbrance ---------------------


def test_worn_and_bound_items_charges_and_a_curse_are_said_beside_them() -> None:
    state = party(
        member(
            "Ada",
            bell(worn=True, bound=True, charges=2),
            bell(),
            item("Widow's ring", worn=True, bound=True),
            item("Grave spade", worn=True),
            item("Silver coffin nail", 3),
            coins("shilling", 12),
        )
    )
    text = block(state, "gravewatch")
    assert text.startswith(
        "PLAYER INVENTORY (Bound 2 of 2; Hands 2 of 2, Body 0 of 1, Neck 1 of 1, Fingers 1 of 2; "
        "Coin worth 144 pennies): Dawn bell ×2 (1 worn, 1 bound, 2 of 3, 3 of 3 charges left) [Charm, Relic, Blessed;"
    )
    assert "Dawn bell ×2 (1 worn, 1 bound, 2 of 3, 3 of 3 charges left) [Charm, Relic, Blessed;" in text
    assert (
        "; Widow's ring (1 worn, 1 bound, 1 cursed) [Charm, Rare; costs 3 crowns; worn: -1 on attacks]"
        in text
    )
    assert "; Grave spade (1 worn) [Arm," in text
    assert text.endswith("; shillings ×12 [Coin]")


def test_a_curse_the_gm_ended_is_no_longer_said() -> None:
    ring = item("Widow's ring", curse_ended=True)
    assert "Widow's ring [Charm, Rare;" in block(party(member("Ada", ring)), "gravewatch")


def test_an_attunement_is_said_by_the_bindings_label_in_lower_case() -> None:
    rules = rules_for("srd-5e")
    cloak = next(
        entry for entry in rules.book.items() if entry.item.binds is not None and entry.item.slots == {}
    )
    stack = Stack(name=cloak.label, count=1, item=cloak.ref, bound=True)
    text = render(inventory_draft(party(member("Ada", stack)), rules))
    assert "Attunement 1 of 3;" in text
    assert f": {cloak.label} (1 attunement) [" in text


def test_an_invented_item_is_said_from_its_invented_item() -> None:
    knife = Item.model_validate(
        {
            "category": "weapon",
            "rarity": "common",
            "stats": {"bulk": 1, "damage": "1d4"},
            "slots": {"hands": 1},
        }
    )
    state = GameState(
        party=(member("Ada", Stack(name="Ember knife", count=2, invented="ember knife", worn=True)),),
        invented=(InventedItem(key="ember knife", name="Ember knife", item=knife),),
    )
    assert block(state, "ember-roads") == (
        "PLAYER INVENTORY (load 2 of 6, most 12; Body 0 of 1, Hands 2 of 2, Forearms 0 of 1; no coins): "
        "Ember knife ×2 (2 worn) [Weapon, Common; Damage 1d4]"
    )


# -- a fake in the bag (spec "Honest and dishonest sellers") ----------------------------------------------


def _fooling(label: str, count: int = 1, ruleset: str = "gravewatch", **flags: object) -> Stack:
    """A stack of the fake ``label`` that still fools: called by the label of the item it passes for."""
    rules = rules_for(ruleset)
    fake = rules.book.find(label)
    assert fake is not None and fake.item.passes_for is not None, label
    real = rules.book.get(fake.item.passes_for)
    assert real is not None
    return Stack.model_validate(
        {"name": real.label, "count": count, "item": fake.ref, "passes_as": real.ref, **flags}
    )


_KEEP_CALLING = (
    "An item marked (FAKE: really …) is a fake the players take for the item it is shown as: keep calling it "
    "by the name it is shown by until it is found out."
)


def test_a_fake_that_fools_is_said_by_its_shown_name_marked_with_its_true_facts() -> None:
    state = party(member("Ada", _fooling("Pewter coffin nail", worn=True)))
    assert block(state, "gravewatch") == (
        "PLAYER INVENTORY (Bound 0 of 2; Hands 1 of 2, Body 0 of 1, Neck 0 of 1, Fingers 0 of 2; no coins): "
        "Silver coffin nail (1 worn) (FAKE: really Pewter coffin nail) [Arm, Common, Easily hidden; Target 7, "
        "Damage 1d6, Harm tearing; costs 2 pennies]\n" + _KEEP_CALLING
    )


def test_a_fake_and_the_real_item_it_passes_for_are_two_entries() -> None:
    state = party(member("Ada", item("Silver coffin nail"), _fooling("Pewter coffin nail", 2)))
    text = block(state, "gravewatch")
    assert ": Silver coffin nail [Arm, Rare, Silver, Easily hidden;" in text
    assert "; Silver coffin nail ×2 (FAKE: really Pewter coffin nail) [Arm, Common, Easily hidden;" in text


def test_who_thinks_it_is_a_fake_is_said_beside_it() -> None:
    one = _fooling("Pewter coffin nail", suspected_by=("Bram",))
    two = _fooling("Pewter coffin nail", suspected_by=("Bram", "Cole", "Ada"))
    state = party(member("Ada", one), member("Bram", two))
    text = block(state, "gravewatch")
    assert "Silver coffin nail (FAKE: really Pewter coffin nail) (Bram thinks it is a fake) [Arm," in text
    assert (
        "Silver coffin nail (FAKE: really Pewter coffin nail) (Bram, Cole and Ada think it is a fake) [Arm,"
        in text
    )
    assert text.endswith("]\n" + _KEEP_CALLING)


def test_a_fake_found_out_is_its_true_item_and_the_gm_is_asked_nothing() -> None:
    state = party(member("Ada", item("Pewter coffin nail")))
    text = block(state, "gravewatch")
    assert ": Pewter coffin nail [Arm, Common, Easily hidden;" in text
    assert "FAKE" not in text and "keep calling" not in text


def test_a_5e_potion_of_poison_passes_for_a_potion_of_healing() -> None:
    state = party(member("Ada", _fooling("Potion of Poison", ruleset="srd-5e")), member("Mira"))
    text = block(state, "srd-5e")
    assert ": Potion of Healing (FAKE: really Potion of Poison) [Potion, Uncommon, Magical" in text
    assert text.endswith(_KEEP_CALLING)


def test_the_fake_mark_is_kept_when_the_facts_are_left_out() -> None:
    state = party(member("Ada", *(item(label) for label in ("Grave spade", "Lantern coat", "Mourning coat"))))
    state = party(member("Ada", *state.party[0].bag, _fooling("Pewter coffin nail")))
    draft = inventory_draft(state, rules_for("gravewatch"))
    for level in range(draft.levels + 1):
        text = render(draft, level)
        if "Silver coffin nail" in text:
            assert "Silver coffin nail (FAKE: really Pewter coffin nail)" in text
            assert _KEEP_CALLING in text
        else:
            assert _KEEP_CALLING not in text


def test_an_encumbered_bearer_is_said_to_be() -> None:
    state = party(member("Ada", item("Salt cake", 7, ruleset="ember-roads")))
    assert block(state, "ember-roads").startswith("PLAYER INVENTORY (load 7 of 6, most 12, encumbered;")


# -- trimming -------------------------------------------------------------------------------------------


def _full_party() -> GameState:
    return party(
        member(
            "Ada",
            item("Grave spade"),
            item("Watch pistol"),
            bell(bound=True, worn=True),
            item("Warming tonic", 3),
            Stack(name="Rope", count=1),
            coins("shilling", 12),
        ),
        member("Bram", item("Lantern coat", worn=True), item("Black candle", 4), item("Shot and powder", 10)),
    )


def _bags(draft: Draft, level: int) -> tuple[Bag, ...]:
    bags: tuple[Bag, ...] = draft.context(level)["bags"]
    return bags


def _facts_levels(draft: Draft) -> int:
    assert isinstance(draft, InventoryDraft)
    return len(draft.bare_steps)


def test_item_details_go_first_from_the_last_entry_of_the_last_bag_backwards() -> None:
    draft = inventory_draft(_full_party(), rules_for("gravewatch"))
    zero, first, second = render(draft, 0), render(draft, 1), render(draft, 2)
    assert "left out to fit" not in zero
    # The first level leaves out enough details that saying so never makes the block longer.
    bare = draft.context(1)["bare"]
    assert bare > 1 and draft.context(2)["bare"] == bare + 1
    assert "; Shot and powder ×10\n(" in first and first.endswith(
        f"(… the details of {bare} items left out to fit)"
    )
    assert "Black candle ×4 [" not in first and len(second) < len(first) < len(zero)
    bare_text = render(draft, _facts_levels(draft))
    assert "[" not in bare_text and "more item" not in bare_text
    assert (
        "Ada (Bound 1 of 2; Hands 0 of 2, Body 0 of 1, Neck 1 of 1, Fingers 0 of 2; Coin worth 144 pennies)"
        in bare_text
    )


def test_details_shorter_than_saying_so_are_kept() -> None:
    state = party(member("Ada", item("Black candle")))
    draft = inventory_draft(state, rules_for("gravewatch"))
    assert _facts_levels(draft) == 0 and "[Gear, Common" in render(draft, draft.levels)


def test_then_entries_go_from_the_end_each_bag_saying_how_many_it_left_out() -> None:
    draft = inventory_draft(_full_party(), rules_for("gravewatch"))
    lines = render(draft, _facts_levels(draft) + 1).splitlines()
    bram = next(line for line in lines if line.startswith("- Bram ("))
    assert bram.startswith("- Bram (") and bram.endswith(": Lantern coat (1 worn); … and 2 more items")
    last = render(draft, draft.levels)
    assert last == (
        "PARTY INVENTORY:\n"
        "- Ada (Bound 1 of 2; Hands 0 of 2, Body 0 of 1, Neck 1 of 1, Fingers 0 of 2; Coin worth 144 pennies): "
        "… and 6 more items\n"
        "- Bram (Bound 0 of 2; Hands 0 of 2, Body 1 of 1, Neck 0 of 1, Fingers 0 of 2; no coins): "
        "… and 3 more items"
    )


def test_one_item_left_out_is_said_in_the_singular() -> None:
    state = party(member("Ada", Stack(name="A very long rope of braided horsehair", count=1)))
    draft = inventory_draft(state, rules_for("gravewatch"))
    assert draft.levels == 1
    assert render(draft, 1).endswith("): … and 1 more item")


def test_a_bag_shorter_than_saying_how_many_it_holds_keeps_its_entries() -> None:
    state = party(member("Ada", Stack(name="Rope", count=1)))
    draft = inventory_draft(state, rules_for("gravewatch"))
    assert draft.levels == 0
    assert render(draft, 0).endswith("): Rope")


def test_the_headers_are_never_trimmed() -> None:
    draft = inventory_draft(_full_party(), rules_for("gravewatch"))
    headers = [
        [line.split("): ")[0] for line in render(draft, level).splitlines()] for level in (0, draft.levels)
    ]
    assert headers[0] == headers[1]


_LABELS = (
    "Grave spade",
    "Silver coffin nail",
    "Watch pistol",
    "Shot and powder",
    "Lantern coat",
    "Warming tonic",
    "Page of the vigil litany",
    "Widow's ring",
    "Black candle",
)

_stacks = st.lists(
    st.one_of(
        st.builds(lambda label, n: item(label, n), st.sampled_from(_LABELS), st.integers(1, 6)),
        st.builds(lambda n: coins("penny", n), st.integers(1, 500)),
        st.builds(lambda n: bell(charges=n), st.integers(0, 3)),
        st.builds(
            lambda name: Stack(name=name, count=1), st.sampled_from(["Rope", "Chalk", "A lock of hair"])
        ),
    ),
    max_size=12,
)


@settings(max_examples=40, deadline=None)
@given(st.lists(_stacks, min_size=1, max_size=3))
def test_no_level_is_ever_longer_than_the_one_before(bags: list[list[Stack]]) -> None:
    state = GameState(party=tuple(Member(name=f"M{i}", bag=tuple(bag)) for i, bag in enumerate(bags)))
    draft = inventory_draft(state, rules_for("gravewatch"))
    texts = [render(draft, level) for level in range(draft.levels + 1)]
    lengths = [len(text) for text in texts]
    assert lengths == sorted(lengths, reverse=True)
    assert all(a != b for a, b in pairwise(texts))
    headers = [[line for line in text.splitlines() if line.startswith(("- M", "PLAYER"))] for text in texts]
    assert all(len(one) == len(headers[0]) for one in headers)  # never a bag header
    for bag in _bags(draft, draft.levels):
        assert all(entry.facts is None for entry in bag.entries) or not _facts_levels(draft)


def test_tokens_never_grow_from_one_level_to_the_next_on_a_large_party() -> None:
    labels = _LABELS
    members = tuple(
        Member(name=f"Member {i}", bag=tuple(item(labels[(i + j) % len(labels)], j + 1) for j in range(9)))
        for i in range(4)
    )
    draft = inventory_draft(GameState(party=members), rules_for("gravewatch"))
    counter = TokenCounter()
    tokens = [counter.count(render(draft, level)) for level in range(draft.levels + 1)]
    assert tokens == sorted(tokens, reverse=True)


def test_an_empty_bag_cannot_be_trimmed_and_saying_it_changes_no_state() -> None:
    state = _full_party()
    before = state.model_dump_json()
    draft = inventory_draft(state, rules_for("gravewatch"))
    for level in range(draft.levels + 1):
        render(draft, level)
    assert state.model_dump_json() == before
    assert inventory_draft(party(member("Ada")), rules_for("gravewatch")).levels == 0
