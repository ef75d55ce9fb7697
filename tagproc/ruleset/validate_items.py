"""Cross-reference checks of one item (spec "An item" and the sections on weapons, uses, charges and fakes).

Owns :func:`check_item`, which reports through a :class:`~tagproc.ruleset.checks.Checker`: the block's ids an
item names, stat values valid for their stat, slots within what a character has, the service and binding rules,
charges, uses, gates, weapons (against the fight block where the ruleset has one) and fakes (``passesFor``,
``tells``, ``foolsReveal``). Paths are the item's own, ``catalogs.<catalog>.entries.<entry>.item``.
"""

from __future__ import annotations

from tagproc.ruleset.base import is_dice
from tagproc.ruleset.checks import Checker
from tagproc.ruleset.errors import step_of
from tagproc.ruleset.item import Attack, Charges, Gate, HeldEffects, Item, Use
from tagproc.ruleset.models import StatDef

SERVICE_FORBIDS: tuple[tuple[str, str], ...] = (
    ("slots", "slots"),
    ("stack", "stack"),
    ("binds", "binds"),
    ("worn", "worn"),
    ("carried", "carried"),
    ("requires", "requires"),
    ("attack", "attack"),
    ("use", "use"),
    ("charges", "charges"),
)


def stat_value_problem(stat: StatDef, value: float | str | bool) -> str | None:
    """Why ``value`` is not a value ``stat`` could hold, or ``None``."""
    if stat.type == "number":
        if isinstance(value, bool) or not isinstance(value, int | float):
            return f'"{stat.id}" is a number stat; {value!r} is not a number'
        if (stat.min is not None and value < stat.min) or (stat.max is not None and value > stat.max):
            return f'{value} is outside "{stat.id}"\'s range {stat.min} to {stat.max}'
        if stat.integer and value != int(value):
            return f'"{stat.id}" takes whole numbers; {value} is not one (give it "integer": false for fractions)'
        return None
    if stat.type == "boolean":
        return None if isinstance(value, bool) else f'"{stat.id}" is true or false; {value!r} is neither'
    if not isinstance(value, str):
        return f'"{stat.id}" is a {stat.type} stat; {value!r} is not text'
    if stat.type == "enum" and value not in (stat.values or []):
        return f'"{value}" is not one of "{stat.id}"\'s values: {", ".join(stat.values or [])}'
    if stat.type == "dice" and not is_dice(value):
        return f'"{value}" is not dice for "{stat.id}"; write it as "1d6"'
    if stat.type == "text" and stat.max_length is not None and len(value) > stat.max_length:
        return f'"{stat.id}" holds at most {stat.max_length} characters; this has {len(value)}'
    return None


def check_item(c: Checker, path: str, label: str, item: Item) -> None:
    c.label(path.removesuffix(".item") + ".label", label)
    c.known(f"{path}.category", item.category, c.categories, "category")
    if item.rarity is not None:
        if not c.rarities:
            c.add(f"{path}.rarity", "An item can only have a rarity when the items block declares rarities")
        else:
            c.known(f"{path}.rarity", item.rarity, c.rarities, "rarity")
    for n, tag in enumerate(item.tags):
        c.known(f"{path}.tags.{n}", tag, c.tags, "tag")
    for stat_id, value in item.stats.items():
        if c.known(f"{path}.stats.{stat_id}", stat_id, c.stats, "item stat"):
            problem = stat_value_problem(c.stats[stat_id], value)
            if problem is not None:
                c.add(f"{path}.stats.{stat_id}", problem)
    for slot_id, count in item.slots.items():
        if c.known(f"{path}.slots.{slot_id}", slot_id, c.slots, "slot"):
            if count < 1:
                c.add(f"{path}.slots.{slot_id}", f"An item takes at least 1 of a slot it names; got {count}")
            elif count > c.slots[slot_id]:
                c.add(
                    f"{path}.slots.{slot_id}",
                    f'Takes {count} "{slot_id}" but a character has only {c.slots[slot_id]}',
                )
    if item.is_one_to_a_stack and item.stack is not None and item.stack != 1:
        c.add(
            f"{path}.stack",
            f"An item that holds charges is one to a stack; stack must be 1, got {item.stack}",
        )
    if item.cost is not None:
        c.coin(f"{path}.cost.unit", item.cost.unit)
    if item.sold is not None:
        _sold(c, path, item)
    if item.service:
        _service(c, path, item)
    if item.binds is not None and (c.block is None or c.block.binding is None):
        c.add(f"{path}.binds", "Only a ruleset with binding (items.binding) can have items that bind")
    for key in ("worn", "carried"):
        held = getattr(item, key)
        if held is not None:
            _held(c, f"{path}.{key}", held)
    for n, requirement in enumerate(item.requires):
        c.ref(f"{path}.requires.{n}.value", requirement.value)
        if requirement.otherwise is not None:
            if requirement.otherwise.abilities:
                c.add(
                    f"{path}.requires.{n}.otherwise.abilities",
                    "What applies while a wearer falls short cannot change an ability (the requirement may read one)",
                )
            _held(c, f"{path}.requires.{n}.otherwise", requirement.otherwise)
    if item.attack is not None:
        _attack(c, f"{path}.attack", item, item.attack)
    if item.toggle is not None:
        c.budget(f"{path}.toggle.budget", item.toggle.budget)
    if item.use is not None:
        _use(c, f"{path}.use", item, item.use)
    if item.charges is not None:
        _charges(c, f"{path}.charges", item, item.charges)
    if item.gate is not None:
        _gate(c, f"{path}.gate", item.gate)
    _fake(c, path, item)


def _sold(c: Checker, path: str, item: Item) -> None:
    sold = item.sold
    assert sold is not None
    if c.block is None or c.block.market is None:
        c.add(f"{path}.sold", "sold names a market's place, and this ruleset has no items.market")
        return
    if sold.place is not None and sold.place not in c.places:
        c.add(
            f"{path}.sold.place", f'Unknown place "{sold.place}"; the market\'s places are {sorted(c.places)}'
        )
    c.count_or_dice(f"{path}.sold.limited", sold.limited)


def _service(c: Checker, path: str, item: Item) -> None:
    if item.cost is None:
        c.add(f"{path}.service", "A service is bought, so it needs a cost")
    for field, key in SERVICE_FORBIDS:
        value = getattr(item, field)
        if value is not None and value != [] and value != {}:
            c.add(f"{path}.{key}", f"A service is never carried or used, so it has no {key}")


def _held(c: Checker, path: str, held: HeldEffects) -> None:
    for n, modifier in enumerate(held.modifiers):
        for s, skill in enumerate(modifier.skills or []):
            c.known(f"{path}.modifiers.{n}.skills.{s}", skill, c.skills, "skill")
        for s, save in enumerate(modifier.saves or []):
            c.known(f"{path}.modifiers.{n}.saves.{s}", save, c.saves, "save")
        c.dice(f"{path}.modifiers.{n}.dice", modifier.dice)
    for key, declared, what in (
        ("failsSaves", c.saves, "save"),
        ("skills", c.skills, "skill"),
        ("saves", c.saves, "save"),
        ("conditionImmunities", c.conditions, "condition"),
    ):
        attribute = {"failsSaves": "fails_saves", "conditionImmunities": "condition_immunities"}.get(key, key)
        for n, name in enumerate(getattr(held, attribute)):
            c.known(f"{path}.{key}.{n}", name, declared, what)
    for ability in held.abilities:
        c.known(f"{path}.abilities.{ability}", ability, c.abilities, "ability")
        change = held.abilities[ability]
        if (change.set is None) == (change.add is None):
            c.add(f"{path}.abilities.{ability}", 'An ability change is either { "set": N } or { "add": N }')


def _attack(c: Checker, path: str, item: Item, attack: Attack) -> None:
    c.budget(f"{path}.budget", attack.budget)
    for part_path, part in ((f"{path}.toHit", attack.to_hit), (f"{path}.damage", attack.damage)):
        if part is None:
            continue
        if isinstance(part.abilities, str | list):
            names = [part.abilities] if isinstance(part.abilities, str) else part.abilities
            for n, name in enumerate(names):
                c.known(f"{part_path}.abilities.{n}", name, c.abilities, "ability")
        c.stat_ref(f"{part_path}.abilities", part.abilities, ("enum",))
        c.stat_ref(f"{part_path}.bonus", part.bonus)
        c.ref(f"{part_path}.sheetBonus", part.sheet_bonus)
    if attack.to_hit is not None:
        to_hit = attack.to_hit
        if isinstance(to_hit.skill, str):
            c.known(f"{path}.toHit.skill", to_hit.skill, c.skills, "skill")
        c.stat_ref(f"{path}.toHit.skill", to_hit.skill, ("enum",))
        c.ref(f"{path}.toHit.proficiency", to_hit.proficiency)
        if to_hit.target is not None and not c.pool_kind:
            c.add(f"{path}.toHit.target", "Only a dice-pool ruleset gives a weapon its own per-die target")
    if attack.damage is not None:
        damage = attack.damage
        if isinstance(damage.dice, str):
            c.dice(f"{path}.damage.dice", damage.dice)
        c.stat_ref(f"{path}.damage.dice", damage.dice, ("dice",))
        c.stat_ref(f"{path}.damage.type", damage.type, ("text", "enum"))
        c.ref(f"{path}.damage.rerollUpTo", damage.reroll_up_to)
    if (attack.reach is not None or attack.range is not None) and "distance" not in c.combat:
        c.add(
            f"{path}.reach" if attack.reach is not None else f"{path}.range",
            "reach and range need combat.distance",
        )
    c.stat_ref(f"{path}.reach", attack.reach)
    if isinstance(attack.versatile, str):
        c.dice(f"{path}.versatile", attack.versatile)
    elif attack.versatile is not None:
        versatile = attack.versatile.dice
        if isinstance(versatile, str):
            c.dice(f"{path}.versatile.dice", versatile)
        c.stat_ref(f"{path}.versatile.dice", versatile, ("dice",))
    c.ref(f"{path}.strikes", attack.strikes)
    c.stat_ref(f"{path}.strikes", attack.strikes)
    if attack.ammo is not None:
        c.known(f"{path}.ammo.tag", attack.ammo.tag, c.tags, "tag")
    if attack.clip is not None:
        if isinstance(attack.clip.max, int) and attack.clip.max < 1:
            c.add(f"{path}.clip.max", f"A clip holds at least 1; got {attack.clip.max}")
        c.stat_ref(f"{path}.clip.max", attack.clip.max)
        c.budget(f"{path}.clip.reload", attack.clip.reload)
    c.unique(f"{path}.modes", [m.id for m in attack.modes], "mode")
    for n, mode in enumerate(attack.modes):
        if mode.ammo is not None and attack.ammo is None and attack.clip is None:
            c.add(
                f"{path}.modes.{step_of(mode, n)}.ammo",
                "A mode that shoots needs the weapon's ammo or clip to shoot from",
            )
    if attack.off_hand and "offHand" not in c.combat:
        c.add(f"{path}.offHand", "A weapon marked offHand needs the combat block's offHand")
    c.stat_ref(f"{path}.floor", attack.floor)
    for n, hit in enumerate(attack.on_hit):
        c.known(f"{path}.onHit.{n}.condition", hit.condition, c.conditions, "condition")
        for key, save in (("save", hit.save), ("saveEnds", hit.save_ends)):
            if save is not None:
                c.known(f"{path}.onHit.{n}.{key}.save", save.save, c.saves, "save")
                c.stat_ref(f"{path}.onHit.{n}.{key}.difficulty", save.difficulty)
    for n, clause in enumerate(attack.plus):
        c.dice(f"{path}.plus.{n}.dice", clause.dice)
        if clause.save is not None:
            c.known(f"{path}.plus.{n}.save.save", clause.save.save, c.saves, "save")
            c.stat_ref(f"{path}.plus.{n}.save.difficulty", clause.save.difficulty)
        if clause.when == "toggled" and item.toggle is None:
            c.add(f"{path}.plus.{n}.when", 'A clause dealt "when toggled" needs the item\'s toggle')


def _use(c: Checker, path: str, item: Item, use: Use) -> None:
    if use.budget is None and not use.free:
        c.add(path, 'A use spends a budget, or is "free": true')
    c.budget(f"{path}.budget", use.budget)
    for key, amount in (("amount", use.amount), ("temporary", use.temporary)):
        if amount is not None:
            c.dice(f"{path}.{key}.dice", amount.dice)
    if use.consumes and use.charges is not None:
        c.add(f"{path}.charges", "A use is used up (consumes) or spends charges, never both")
    if use.charges is not None and item.charges is None:
        c.add(f"{path}.charges", "A use that spends charges needs the item's charges")
    for n, applied in enumerate(use.applies):
        c.known(f"{path}.applies.{n}.condition", applied.condition, c.conditions, "condition")
    if use.restore is not None:
        health = c.combat.get("health")
        health_pool = health.get("pool") if isinstance(health, dict) else None
        if (
            c.known(f"{path}.restore.pool", use.restore.pool, c.pools, "live pool")
            and use.restore.pool == health_pool
        ):
            c.add(
                f"{path}.restore.pool", "restore never names the health pool; health comes back with a heal"
            )
        if use.kind not in ("heal", "buff"):
            c.add(f"{path}.restore", f'restore is on a use that helps (a heal or a buff), not a "{use.kind}"')
        c.dice(f"{path}.restore.amount.dice", use.restore.amount.dice)
    c.stat_ref(f"{path}.saveDifficulty", use.save_difficulty)
    if use.gate is not None:
        _gate(c, f"{path}.gate", use.gate)


def _charges(c: Checker, path: str, item: Item, charges: Charges) -> None:
    if isinstance(charges.max, int) and not 1 <= charges.max <= 100:
        c.add(f"{path}.max", f"An item holds from 1 to 100 charges; got {charges.max}")
    c.stat_ref(f"{path}.max", charges.max)
    if item.use is None or item.use.charges is None:
        c.add(path, "An item's charges are spent by its use; give it a use with charges")
    if charges.recharge is not None:
        for n, rest in enumerate(charges.recharge.rests):
            c.known(f"{path}.recharge.rests.{n}", rest, c.rests, "rest")
        if not isinstance(charges.recharge.amount, str):
            c.dice(f"{path}.recharge.amount.dice", charges.recharge.amount.dice)
    if charges.breaks_on is not None and charges.breaks_on.at_most > charges.breaks_on.die:
        c.add(
            f"{path}.breaksOn.atMost", f"A d{charges.breaks_on.die} never rolls {charges.breaks_on.at_most}"
        )


def _gate(c: Checker, path: str, gate: Gate) -> None:
    c.check(f"{path}.check", gate.check)
    if isinstance(gate.difficulty, int) and not 1 <= gate.difficulty <= 100:
        c.add(f"{path}.difficulty", f"A gate's difficulty is from 1 to 100; got {gate.difficulty}")
    c.stat_ref(f"{path}.difficulty", gate.difficulty)
    if gate.unless is not None:
        c.ref(f"{path}.unless.value", gate.unless.value)


def _fake(c: Checker, path: str, item: Item) -> None:
    if item.passes_for is None:
        if item.tells:
            c.add(f"{path}.tells", "Only a fake (an item with passesFor) has tells")
        if item.fools_reveal:
            c.add(f"{path}.foolsReveal", "Only a fake (an item with passesFor) has foolsReveal")
    else:
        _passes_for(c, f"{path}.passesFor", item)
    reveals = {r.id for r in c.block.reveals_fakes} if c.block else set()
    for n, way in enumerate(item.fools_reveal):
        c.known(f"{path}.foolsReveal.{n}", way, reveals, "way of seeing through fakes (items.revealsFakes)")
    for n, tell in enumerate(item.tells):
        tell_path = f"{path}.tells.{n}"
        c.check(f"{tell_path}.check", tell.check)
        for key, tests in (("needs", tell.needs), ("needsAny", tell.needs_any)):
            for t, test in enumerate(tests):
                c.ref(f"{tell_path}.{key}.{t}.value", test.value)
        for key, tests in (("advantageIf", tell.advantage_if), ("disadvantageIf", tell.disadvantage_if)):
            for t, test in enumerate(tests):
                c.ref(f"{tell_path}.{key}.{t}.value", test.value)
        if tell.carries is not None:
            for a, ref in enumerate(tell.carries.any_of):
                c.item_ref(f"{tell_path}.carries.anyOf.{a}", ref)


def _passes_for(c: Checker, path: str, fake: Item) -> None:
    assert fake.passes_for is not None
    found = c.item_ref(path, fake.passes_for)
    if found is None:
        return
    real = found[1].item
    ref = fake.passes_for
    if real.passes_for is not None:
        c.add(path, f'"{ref}" is a fake itself; a fake passes for a real item')
    if real.cost is None or real.service:
        c.add(
            path,
            f'"{ref}" is not sellable (it has no cost, or is a service); a fake passes for a sellable item',
        )
    if real.category != fake.category:
        c.add(
            path, f'"{ref}" is a {real.category} and this fake a {fake.category}; they must share a category'
        )
    if dict(real.slots) != dict(fake.slots):
        c.add(path, f'"{ref}" is worn in other slots than this fake; a fake is worn in the same slots')
    if fake.binds is not None and real.binds is None:
        c.add(path, f'This fake binds, so the item it passes for must bind too, and "{ref}" does not')
