"""The word tables for what a tag does: inventory action aliases, sheet op aliases (with the forms a model
writes them in: past tense, participle, gerund, third person), the words that are refused because they
mean two things, on/off words for a condition and the day words of a place (DESIGN.md "Sloppy input").

Invariants:
- Every canonical action and op is its own alias; an alias maps onto a canonical action or op, never onto
  another alias; a form reads as what it says, never as its opposite (``paid`` is a pay, never an earn).
- A word a model uses in two senses is never an alias: it is in ``REFUSED_ACTIONS``/``REFUSED_OPS`` (the
  tag is refused and says why), or decided by the tag's own keys (``OP_BY_KEY``), or by the item
  (``USE_OR_ADD``: ``take`` of an item that has a use is refused, of anything else it is an add).
- No form is written for two canonical words (``_expand`` raises at import if one were).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

from tagproc.vocabulary.keys import ACTION_KEYS, OP_KEYS

__all__ = [
    "ACTION_ALIASES",
    "ACTION_BY_TO",
    "ACTION_TRAILERS",
    "DAY_WORDS",
    "DRUNK_WORDS",
    "KEYED_ACTION_TRAILERS",
    "NOT_NEW_DAY_WORDS",
    "OP_ALIASES",
    "OP_BY_KEY",
    "OP_TRAILERS",
    "PASSIVE_REFUSED",
    "PASSIVE_WORDS",
    "REFUSED_ACTIONS",
    "REFUSED_OPS",
    "STATE_WORDS",
    "USE_OR_ADD",
    "VERB_FORMS",
    "VERB_PARTICLES",
]

# The forms of a verb a model writes instead of it: past, participle, gerund, third person. A phrase
# ("pick up") takes the forms of its first word ("picked up", "picking up"). Irregular forms are written
# out; none is generated, so a table row is all there is to review.
VERB_FORMS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "acquire": ("acquired", "acquiring", "acquires"),
        "activate": ("activated", "activating", "activates"),
        "add": ("added", "adding", "adds"),
        "administer": ("administered", "administering", "administers"),
        "appraise": ("appraised", "appraising", "appraises"),
        "apply": ("applied", "applying", "applies"),
        "attune": ("attuned", "attuning", "attunes"),
        "be": ("was", "were", "is", "are", "been", "being"),
        "bind": ("bound", "binding"),
        "buy": ("bought", "buying", "buys"),
        "camp": ("camped", "camping", "camps"),
        "cast": ("casting", "casts"),
        "clear": ("cleared", "clearing", "clears"),
        "collect": ("collected", "collecting", "collects"),
        "consume": ("consumed", "consuming", "consumes"),
        "cure": ("cured", "curing", "cures"),
        "damage": ("damaged", "damaging", "damages"),
        "deduct": ("deducted", "deducting", "deducts"),
        "delete": ("deleted", "deleting", "deletes"),
        "destroy": ("destroyed", "destroying", "destroys"),
        "discard": ("discarded", "discarding", "discards"),
        "doff": ("doffed", "doffing", "doffs"),
        "don": ("donned", "donning", "dons"),
        "drink": ("drank", "drunk", "drinking", "drinks"),
        "drop": ("dropped", "dropping", "drops"),
        "earn": ("earned", "earning", "earns"),
        "eat": ("ate", "eaten", "eating", "eats"),
        "end": ("ended", "ending", "ends"),
        "equip": ("equipped", "equiping", "equipping", "equips"),
        "examine": ("examined", "examining", "examines"),
        "expend": ("expended", "expending", "expends"),
        "expose": ("exposed", "exposing", "exposes"),
        "find": ("found", "finding", "finds"),
        "gain": ("gained", "gaining", "gains"),
        "get": ("got", "gotten", "getting", "gets"),
        "gift": ("gifted", "gifting", "gifts"),
        "give": ("gave", "given", "giving", "gives"),
        "grab": ("grabbed", "grabbing", "grabs"),
        "grant": ("granted", "granting", "grants"),
        "hand": ("handed", "handing", "hands"),
        "heal": ("healed", "healing", "heals"),
        "hurt": ("hurting", "hurts"),
        "inflict": ("inflicted", "inflicting", "inflicts"),
        "inspect": ("inspected", "inspecting", "inspects"),
        "lift": ("lifted", "lifting", "lifts"),
        "look": ("looked", "looking", "looks"),
        "loot": ("looted", "looting", "loots"),
        "lose": ("lost", "losing", "loses"),
        "move": ("moved", "moving", "moves"),
        "note": ("noted", "noting", "notes"),
        "obtain": ("obtained", "obtaining", "obtains"),
        "pass": ("passed", "passing", "passes"),
        "pay": ("paid", "paying", "pays"),
        "pick": ("picked", "picking", "picks"),
        "pocket": ("pocketed", "pocketing", "pockets"),
        "reward": ("rewarded", "rewarding", "rewards"),
        "stash": ("stashed", "stashing", "stashes"),
        "purchase": ("purchased", "purchasing", "purchases"),
        "put": ("putting", "puts"),
        "set": ("setting", "sets"),
        "throw": ("threw", "thrown", "throwing", "throws"),
        "quaff": ("quaffed", "quaffing", "quaffs"),
        "ready": ("readied", "readying", "readies"),
        "receive": ("received", "receiving", "receives"),
        "record": ("recorded", "recording", "records"),
        "recover": ("recovered", "recovering", "recovers"),
        "refill": ("refilled", "refilling", "refills"),
        "regain": ("regained", "regaining", "regains"),
        "remove": ("removed", "removing", "removes"),
        "rest": ("rested", "resting", "rests"),
        "restore": ("restored", "restoring", "restores"),
        "reveal": ("revealed", "revealing", "reveals"),
        "sell": ("sold", "selling", "sells"),
        "sheathe": ("sheathed", "sheathing", "sheathes"),
        "sleep": ("slept", "sleeping", "sleeps"),
        "spend": ("spent", "spending", "spends"),
        "study": ("studied", "studying", "studies"),
        "suffer": ("suffered", "suffering", "suffers"),
        "take": ("took", "taken", "taking", "takes"),
        "toss": ("tossed", "tossing", "tosses"),
        "track": ("tracked", "tracking", "tracks"),
        "transfer": ("transferred", "transfering", "transferring", "transfers"),
        "unattune": ("unattuned", "unattuning", "unattunes"),
        "unbind": ("unbound", "unbinding", "unbinds"),
        "uncurse": ("uncursed", "uncursing", "uncurses"),
        "unequip": ("unequipped", "unequiping", "unequipping", "unequips"),
        "unmask": ("unmasked", "unmasking", "unmasks"),
        "unwield": ("unwielded", "unwielding", "unwields"),
        "use": ("used", "using", "uses"),
        "vendor": ("vendored", "vendoring", "vendors"),
        "wear": ("wore", "worn", "wearing", "wears"),
        "wield": ("wielded", "wielding", "wields"),
        "wound": ("wounding", "wounds"),  # not "wounded": a condition's name in Ember Roads
        "write": ("wrote", "written", "writing", "writes"),
    }
)


def _forms(phrase: str) -> Iterable[str]:
    first, _, rest = phrase.partition(" ")
    yield phrase
    for form in VERB_FORMS.get(first, ()):
        yield f"{form} {rest}" if rest else form


def _expand(aliases: Mapping[str, str]) -> dict[str, str]:
    """Each alias with the forms of its first word, mapped as it is; a form meaning two things raises."""
    expanded: dict[str, str] = {}
    for alias, canonical in aliases.items():
        for form in _forms(alias):
            if expanded.setdefault(form, canonical) != canonical:
                raise ValueError(f"verb form {form!r} would mean {expanded[form]!r} and {canonical!r}")
    return expanded


# Inventory action aliases (DESIGN.md "Sloppy input": purchase → buy, wear/wield → equip, attune → bind, drop/lose/discard
# → remove, cast → use, ...). Reviewed for a second sense, each kept on purpose:
# - "spend" (and "spent") is a pay: in an inventory tag only coins are spent (a pool's spend is a [sheet:]).
# - "loot" is an add: an inventory tag's loot is taking items; a loot table is the [loot:] tag.
# - "get paid"/"be paid"/"receive payment" are earns; bare "paid" is a pay (the party paid).
# - "vendor" is a sell (players' word for selling to a vendor); as a key it is the seller.
# - "pay for" is a pay: the amount is what is paid (an item=, if any, is what for; no amount is refused).
# - "take" is an add, except of an item with a use or a name saying it is drunk or eaten (``USE_OR_ADD``,
#   ``DRUNK_WORDS``). "hold", "stow", "put away" mean two things and are refused (``REFUSED_ACTIONS``).
# - "pass" is a give (an item passes between members); "deduct" is a pay (in an inventory tag it is coins
#   taken off; an item's name as the amount is refused as no coin); "administer" is a use.
# - "toss" and "throw" alone are decided by the tag (``ACTION_BY_TO``): to a member, a give; else refused.
# - "stash" and "pocket" are adds (put in the bag); "reward" is an earn (money; an item is refused there).
_ACTION_BASES: Mapping[str, str] = {
    **{action: action for action in ACTION_KEYS},
    "purchase": "buy",
    "wear": "equip",
    "wield": "equip",
    "don": "equip",
    "put on": "equip",
    "ready": "equip",
    "take off": "unequip",
    "doff": "unequip",
    "unwield": "unequip",
    "sheathe": "unequip",
    "attune": "bind",
    "attune to": "bind",
    "unattune": "unbind",
    "end attunement": "unbind",
    "lift curse": "unbind",
    "uncurse": "unbind",
    "drop": "remove",
    "lose": "remove",
    "discard": "remove",
    "destroy": "remove",
    "delete": "remove",
    "get rid of": "remove",
    "throw away": "remove",
    "throw out": "remove",
    "put down": "remove",
    "set down": "remove",
    "cast": "use",
    "rm": "remove",
    "del": "remove",
    "drink": "use",
    "quaff": "use",
    "consume": "use",
    "eat": "use",
    "activate": "use",
    "apply": "use",
    "administer": "use",
    "gain": "add",
    "receive": "add",
    "get": "add",
    "take": "add",
    "loot": "add",
    "pick up": "add",
    "pickup": "add",
    "find": "add",
    "acquire": "add",
    "grant": "add",
    "obtain": "add",
    "grab": "add",
    "collect": "add",
    "pocket": "add",
    "stash": "add",
    "spend": "pay",
    "pay for": "pay",
    "pay off": "pay",
    "pay back": "pay",
    "deduct": "pay",
    "payment made": "pay",
    "make payment": "pay",
    "payment received": "earn",
    "receive payment": "earn",
    "get paid": "earn",
    "be paid": "earn",
    "reward": "earn",
    "be rewarded": "earn",
    "hand": "give",
    "hand over": "give",
    "give back": "give",
    "hand back": "give",
    "transfer": "give",
    "gift": "give",
    "pass": "give",
    "pass on": "give",
    "toss over": "give",
    "toss to": "give",
    "throw to": "give",
    "vendor": "sell",
    "sell to": "sell",
    "sell off": "sell",
    "sell back": "sell",
    "examine": "inspect",
    "appraise": "inspect",
    "look over": "inspect",
    "study": "inspect",
    "expose": "reveal",
    "unmask": "reveal",
}
ACTION_ALIASES: Mapping[str, str] = MappingProxyType(_expand(_ACTION_BASES))

# Inventory words whose action depends on whether the tag names a member it goes to (a ``to=``, or "to
# Mira" in a keyless body): (with a to, without one), None refused with the reason. The passive of a give
# ("Juno was given a salt cake") is an add for the member named; with a to it could be the party's give.
_RECEIVED = 'given to someone by the party (action="give") or to the member named (action="add")?'
_THROWN = 'thrown to someone (action="give" to=) or thrown away (action="remove")?'
_ACTION_BY_TO_BASES: Mapping[str, tuple[str | None, str | None, str]] = {
    "toss": ("give", None, _THROWN),
    "throw": ("give", None, _THROWN),
    "be given": (None, "add", _RECEIVED),
    "be handed": (None, "add", _RECEIVED),
    "be gifted": (None, "add", _RECEIVED),
    "be passed": (None, "add", _RECEIVED),
    "be tossed": (None, "add", _RECEIVED),
    "get given": (None, "add", _RECEIVED),
    "get handed": (None, "add", _RECEIVED),
    "get passed": (None, "add", _RECEIVED),
    "get tossed": (None, "add", _RECEIVED),
}
ACTION_BY_TO: Mapping[str, tuple[str | None, str | None, str]] = MappingProxyType(
    {form: row for base, row in _ACTION_BY_TO_BASES.items() for form in _forms(base)}
)

# Words that make a verb passive ("the torch was dropped", "Bram was healed"): before a verb of the tables
# they read as the verb itself (the item, or the member healed, is the subject), except the verbs in
# ``PASSIVE_REFUSED``: a passive give names the receiver ("Juno was given", ``ACTION_BY_TO``), and "was
# taken" could be the party taking it or it taken from the party.
PASSIVE_WORDS = (
    "has been",
    "have been",
    "had been",
    "was",
    "were",
    "is",
    "are",
    "been",
    "being",
    "got",
    "gets",
)
PASSIVE_REFUSED = frozenset({"give", *_forms("take")})

# "take" and its forms: of a ruleset item with a use (a potion: drink it, or pick it up?) the tag is refused;
# of anything else it is an add (``GameWords.usable`` names the items with a use).
USE_OR_ADD = frozenset(_forms("take"))

# Words in an item's name that say it is drunk or eaten: "take" of one is refused even where the ruleset
# gives it no use (5e's "Potion of Healing": drink it, or pick it up?).
DRUNK_WORDS = frozenset(
    {"potion", "potions", "tonic", "draught", "elixir", "philter", "philtre", "brew", "antitoxin", "pill"}
    | {
        "medicine",
        "dose",
        "tincture",
        "remedy",
        "poison",
        "ale",
        "wine",
        "mead",
        "drink",
        "ration",
        "rations",
    }
)

# What a model writes after the verb that is no part of it: "add_item", "use-item", "add to inventory".
ACTION_TRAILERS = ("item", "items", "to inventory", "to bag", "from inventory", "from bag", "inventory")
# Trailers read only in a keyed action= ("give_to", "remove_from"): in a keyless body they start a phrase.
KEYED_ACTION_TRAILERS = ("to", "from")
# The same after a sheet op: "apply_condition", "restore_points".
OP_TRAILERS = ("condition", "status", "points", "pool", "effect")

# Words that change a verb when they follow it ("get rid of", "heal up"): after a verb they are read only as
# part of a phrase the tables hold, else the tag is refused (never "get" an item called "rid of the torch").
VERB_PARTICLES = frozenset({"up", "out", "off", "down", "away", "rid", "in", "around", "back", "over"})

# Inventory words that mean two things; each stays refused, with why (the answer's note).
REFUSED_ACTIONS: Mapping[str, str] = MappingProxyType(
    {
        "hold": 'equip it (action="equip") or just have it (action="add")?',
        "stow": 'take it off (action="unequip") or put it in the bag (action="add")?',
        "put away": 'take it off (action="unequip") or put it in the bag (action="add")?',
        "keep": "add it or leave the bag as it is?",
        "store": 'put it in the bag (action="add") or leave it in storage (action="remove")?',
        "carry": "add it or equip it?",
        "trade": 'buy (action="buy") or sell (action="sell")?',
        "swap": "which goes and which comes: write a remove and an add.",
        "exchange": "which goes and which comes: write a remove and an add.",
        "return": 'give it back to someone (action="give") or lose it (action="remove")?',
        "steal": 'the party steals it (action="add") or it is stolen from the party (action="remove")?',
        "stolen": 'the party stole it (action="add") or it was stolen from the party (action="remove")?',
        "lend": 'give it (action="give") or keep it in the bag?',
        "borrow": 'add it, or give it from one member to another (action="give")?',
        "use up": 'use it (action="use") or lose the spent item (action="remove")?',
        "used up": 'use it (action="use") or lose the spent item (action="remove")?',
        "move": 'give it to another member (action="give") or put it somewhere (action="remove")?',
        "update": "say what changed: add, remove, ...",
        "take from": 'it goes from them to the player (action="give") or into the bag (action="add")?',
        "give up": 'give it to someone (action="give") or lose it (action="remove")?',
        "take out": 'take it out of the bag to use (action="equip") or out of the bag for good (action="remove")?',
        "hand in": 'give it to someone (action="give") or lose it (action="remove")?',
        "set": "say what changed: add, remove, ...",
    }
)

# Sheet op aliases, each with what the alias says beyond the op ("apply" a condition turns it on).
_OP_BASES: Mapping[str, tuple[str, tuple[tuple[str, str], ...]]] = {
    **{op: (op, ()) for op in OP_KEYS},
    "heal": ("restore", ()),
    "regain": ("restore", ()),
    "recover": ("restore", ()),
    "refill": ("restore", ()),
    "use": ("spend", ()),
    "expend": ("spend", ()),
    "hurt": ("damage", ()),
    "suffer": ("damage", ()),
    "dmg": ("damage", ()),
    "tmp": ("temp", ()),
    "cond": ("condition", ()),
    "harm": ("damage", ()),
    "wound": ("damage", ()),
    "take damage": ("damage", ()),
    "deal damage": ("damage", ()),
    "temporary": ("temp", ()),
    "temp hp": ("temp", ()),
    "temporary hp": ("temp", ()),
    "shield": ("temp", ()),
    "move": ("track", ()),
    "apply": ("condition", (("state", "on"),)),
    "inflict": ("condition", (("state", "on"),)),
    "add condition": ("condition", (("state", "on"),)),
    "clear": ("condition", (("state", "off"),)),
    "cure": ("condition", (("state", "off"),)),
    "remove condition": ("condition", (("state", "off"),)),
    "sleep": ("rest", ()),
    "rest up": ("rest", ()),
    "camp": ("rest", ()),
    "write": ("note", ()),
    "record": ("note", ()),
}


def _expand_ops(
    bases: Mapping[str, tuple[str, tuple[tuple[str, str], ...]]],
) -> dict[str, tuple[str, tuple[tuple[str, str], ...]]]:
    expanded: dict[str, tuple[str, tuple[tuple[str, str], ...]]] = {}
    for alias, meaning in bases.items():
        for form in _forms(alias):
            if expanded.setdefault(form, meaning) != meaning:
                raise ValueError(f"op form {form!r} would mean {expanded[form]!r} and {meaning!r}")
    return expanded


OP_ALIASES: Mapping[str, tuple[str, tuple[tuple[str, str], ...]]] = MappingProxyType(_expand_ops(_OP_BASES))

# Sheet words whose op the tag's own keys decide: (key present, op, what the word implies). Exactly one
# row's key must be present, else the tag is refused ("gain" a pool is a restore, "gain" a condition turns
# it on; "lose" a pool could be a spend or damage, so it has no pool row; "take" is damage on a track or
# with the word "damage" written, a rest with a rest named, never a pool alone: "takes 2 grit"?). The
# ``damage`` row is a keyless body that writes the word "damage" ("Ada takes 3 damage").
_OP_BY_KEY_BASES: Mapping[str, tuple[tuple[str, str, tuple[tuple[str, str], ...]], ...]] = {
    "set": (("track", "track", ()), ("field", "note", ())),
    "take": (("track", "damage", ()), ("damage", "damage", ()), ("rest", "rest", ())),
    "gain": (("condition", "condition", (("state", "on"),)), ("pool", "restore", ())),
    "get": (("condition", "condition", (("state", "on"),)),),
    "add": (("condition", "condition", (("state", "on"),)), ("field", "note", ())),
    "lose": (("condition", "condition", (("state", "off"),)),),
    "remove": (("condition", "condition", (("state", "off"),)),),
    "end": (("condition", "condition", (("state", "off"),)),),
}
OP_BY_KEY: Mapping[str, tuple[tuple[str, str, tuple[tuple[str, str], ...]], ...]] = MappingProxyType(
    {form: rows for base, rows in _OP_BY_KEY_BASES.items() for form in _forms(base)}
)

# Sheet words that mean two things; each stays refused, with why.
REFUSED_OPS: Mapping[str, str] = MappingProxyType(
    {
        "lose": 'spend it (op="spend") or take damage (op="damage")?',
        "lost": 'spent (op="spend") or damage (op="damage")?',
        "change": "say which: spend, restore, damage, track, ...",
        "update": "say which: spend, restore, damage, track, ...",
        "modify": "say which: spend, restore, damage, track, ...",
        "adjust": "say which: spend, restore, damage, track, ...",
    }
)

STATE_WORDS: Mapping[str, str] = MappingProxyType(
    {
        **dict.fromkeys(
            (
                *("on", "yes", "true", "add", "added", "apply", "applied", "active", "gain", "gained"),
                *("start", "started", "1", "inflict", "inflicted", "set", "present", "afflicted", "y"),
                *("begin", "begins", "now", "enabled", "enable"),
            ),
            "on",
        ),
        **dict.fromkeys(
            (
                *("off", "no", "false", "remove", "removed", "clear", "cleared", "end", "ended", "cure"),
                *("cured", "0", "inactive", "lose", "lost", "gone", "over", "ends", "n", "none"),
                *("unset", "disabled", "disable", "recovered", "healed"),
            ),
            "off",
        ),
    }
)

# day= words that start a new day, and those that plainly say no new day (read without a note).
DAY_WORDS = frozenset(
    {
        *("new", "next", "new day", "next day", "a new day", "the next day", "true", "yes", "1", "again"),
        *("dawn", "morning", "next morning", "the next morning", "tomorrow", "new morning", "+1"),
    }
)
NOT_NEW_DAY_WORDS = frozenset(
    {"same", "same day", "no", "false", "0", "current", "today", "this day", "none", "unchanged", "still"}
)
