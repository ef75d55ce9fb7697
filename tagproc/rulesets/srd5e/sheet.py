"""The slice of a 5e sheet that srd-5e items read: abilities, saves, skills, level and gear fields, the
derived values (proficiency bonus, carrying capacity, encumbrance), hit points, hit dice and conditions.

Invariants: carrying capacity is Strength x 15 lb and encumbrance starts above Strength x 5 lb (SRD 5.1),
written as step tables since the format's ops are sum, max, min and tables.
"""

from __future__ import annotations

from tagproc.rulesets.srd5e.common import JSONObject

__all__ = ["ABILITIES", "CONDITIONS", "SKILLS", "sheet"]

CONDITIONS = [
    "blinded",
    "charmed",
    "deafened",
    "frightened",
    "grappled",
    "incapacitated",
    "invisible",
    "paralyzed",
    "petrified",
    "poisoned",
    "prone",
    "restrained",
    "stunned",
    "unconscious",
]
SKILLS: tuple[tuple[str, str, str], ...] = (
    ("acrobatics", "Acrobatics", "dex"),
    ("animal_handling", "Animal Handling", "wis"),
    ("arcana", "Arcana", "int"),
    ("athletics", "Athletics", "str"),
    ("deception", "Deception", "cha"),
    ("history", "History", "int"),
    ("insight", "Insight", "wis"),
    ("intimidation", "Intimidation", "cha"),
    ("investigation", "Investigation", "int"),
    ("medicine", "Medicine", "wis"),
    ("nature", "Nature", "int"),
    ("perception", "Perception", "wis"),
    ("performance", "Performance", "cha"),
    ("persuasion", "Persuasion", "cha"),
    ("religion", "Religion", "int"),
    ("sleight_of_hand", "Sleight of Hand", "dex"),
    ("stealth", "Stealth", "dex"),
    ("survival", "Survival", "wis"),
)
ABILITIES: tuple[tuple[str, str], ...] = (
    ("str", "Strength"),
    ("dex", "Dexterity"),
    ("con", "Constitution"),
    ("int", "Intelligence"),
    ("wis", "Wisdom"),
    ("cha", "Charisma"),
)


def _times_strength(pounds: int) -> list[list[int]]:
    """A step table reading Strength 1 to 30 as ``pounds`` per point of Strength."""
    return [[score, score * pounds] for score in range(1, 31)]


def sheet() -> JSONObject:
    """The slice of a 5e sheet that items read: abilities, skills, saves, carrying, attunement, hit points."""
    return {
        "version": 1,
        "sections": [{"id": "identity", "label": "Identity"}, {"id": "gear", "label": "Gear"}],
        "abilities": [
            {"id": ident, "label": label, "short": ident.upper(), "min": 1, "max": 30, "default": 10}
            for ident, label in ABILITIES
        ],
        "saves": [
            {"id": f"{ident}_save", "label": f"{label} save", "ability": ident} for ident, label in ABILITIES
        ],
        "skills": [{"id": ident, "label": label, "ability": ability} for ident, label, ability in SKILLS],
        "fields": _fields(),
        "derived": _derived(),
        "live": {
            "pools": [
                {"id": "hit_points", "label": "Hit points", "max": {"field": "hp_max"}},
                {"id": "hit_dice", "label": "Hit dice", "max": {"field": "level"}},
            ],
            "conditions": [{"id": ident, "label": ident.capitalize()} for ident in CONDITIONS],
        },
    }


def _fields() -> list[JSONObject]:
    """The sheet's plain fields: level, fighter levels, hit points, and what the fence and poison read."""
    return [
        {
            "id": "level",
            "label": "Level",
            "type": "number",
            "min": 1,
            "max": 20,
            "default": 1,
            "section": "identity",
        },
        {
            "id": "level_fighter",
            "label": "Fighter levels",
            "type": "number",
            "min": 0,
            "max": 20,
            "default": 0,
            "section": "identity",
        },
        {
            "id": "hp_max",
            "label": "Hit point maximum",
            "type": "number",
            "min": 1,
            "max": 999,
            "default": 8,
        },
        {
            "id": "poisoners_kit_bonus",
            "label": "Poisoner's kit proficiency",
            "type": "number",
            "min": 0,
            "max": 12,
            "default": 0,
            "section": "gear",
        },
        {
            "id": "underworld_ties",
            "label": "Knows the trade in stolen goods",
            "type": "number",
            "min": 0,
            "max": 1,
            "default": 0,
            "section": "identity",
        },
    ]


def _derived() -> list[JSONObject]:
    """The sheet's derived values: proficiency bonus, carrying, encumbrance, and two checks items make."""
    return [
        {
            "id": "proficiency_bonus",
            "label": "Proficiency bonus",
            "op": "stepTable",
            "from": {"field": "level"},
            "table": [[1, 2], [5, 3], [9, 4], [13, 5], [17, 6]],
            "section": "identity",
        },
        {
            "$comment": "SRD 5.1 Carrying Capacity: Strength x 15 lb, the most one carries (a step per score,"
            " since the format's ops are sum, max, min and tables).",
            "id": "carrying_capacity",
            "label": "Carrying capacity (lb)",
            "op": "stepTable",
            "from": {"abilityScore": "str"},
            "table": _times_strength(15),
            "section": "gear",
        },
        {
            "$comment": "SRD 5.1 Variant: Encumbrance: above Strength x 5 lb, encumbered.",
            "id": "encumbered_above",
            "label": "Encumbered above (lb)",
            "op": "stepTable",
            "from": {"abilityScore": "str"},
            "table": _times_strength(5),
            "section": "gear",
        },
        {
            "id": "poisoners_kit_check",
            "label": "Poisoner's kit check",
            "op": "sum",
            "of": [{"abilityMod": "int"}, {"field": "poisoners_kit_bonus"}],
            "section": "gear",
        },
        {
            "id": "knows_trade",
            "label": "Knows the trade",
            "op": "sum",
            "of": [{"field": "underworld_ties"}],
            "section": "identity",
        },
    ]
