"""D&D 3.5 (seed 003), Caratteristiche (Ability Scores): a score as it stands.

The sheet's score (``add --str 14 ...``), with its typed bonuses and penalties stacked
(35-BON-01/09/10), the conditions' penalties (fatigued, exhausted, entangled), and the
damage and drain it has taken (never below 0, 35-ABD-01). The rules of a changed score
are ``abilities``'; the hit points, armor and maneuvers read the score from here.
"""

from __future__ import annotations

from battletape.domain.dnd35 import conditions
from battletape.domain.dnd35.bonuses import Mod, total


def score(c, ability: str) -> int | None:
    """The ability score after damage and drain (never below 0, 35-ABD-01); None when
    the sheet gives no score (or the creature has none: ``--no-con``)."""
    base = (c.extra.get("scores") or {}).get(ability)
    if base is None:
        return None
    lost = (c.extra.get("ability_damage") or {}).get(ability, 0) + \
        (c.extra.get("ability_drain") or {}).get(ability, 0)
    return max(0, base + ability_bonus(c, ability) - lost)


def ability_bonus(c, ability: str) -> int:
    """The typed bonuses and penalties on a score (``mod X str +4 --type enhancement``),
    stacked (Bonus, 35-BON-01/09/10)."""
    mods = c.extra.get("mods")
    if not mods and not c.conditions and c.status not in conditions.OUT_COLD:
        return 0  # (most creatures: no bonus, no condition)
    return total([Mod(m["value"], m.get("bonus_type", "untyped"), m.get("source", ""))
                  for m in mods or [] if m.get("stat") == ability] +
                 [Mod(v, "untyped", n) for n, v in conditions.ability_penalty(c, ability)])
