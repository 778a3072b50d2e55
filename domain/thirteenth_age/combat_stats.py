"""13th Age SRD, Combat Rules: Combat Stats (Initiative Bonus, Attack Bonuses, Damage).

"At 5th level, double the ability score modifier before adding to the damage roll
for all attacks (negative modifiers are doubled too). At 8th level, triple it."
The same multiplier applies to the Con bonus of a recovery (Recoveries).
"""

from __future__ import annotations

from battletape.domain.words import N_
from battletape.domain.errors import BadInput

DEFENSES = {"ac": "Armor Class", "pd": "Physical Defense", "md": "Mental Defense"}


def tier_multiplier(level: int) -> int:
    """1 at levels 1-4, 2 at 5-7, 3 at 8 and above."""
    if level >= 8:
        return 3
    if level >= 5:
        return 2
    return 1


def ability_damage(modifier: int, level: int) -> int:
    """The ability modifier as added to damage at this level."""
    return modifier * tier_multiplier(level)


def ability_modifier(score: int) -> int:
    """"Subtract 10 from the ability score, halve the result, round down"."""
    return (score - 10) // 2


def defense_key(name: str) -> str:
    key = name.lower()
    if key not in DEFENSES:
        raise BadInput("defense", name, N_("ac, pd or md"))
    return key
