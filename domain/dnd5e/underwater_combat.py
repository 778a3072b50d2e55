"""5e SRD (seed 002), Giocare: Combattimento sott'acqua (Underwater Combat).

Armi ostacolate: a melee attack by a creature without a swimming speed has
disadvantage unless the weapon deals piercing damage. Ranged attacks: automatically
miss beyond normal range, disadvantage within it. "Tutto sott'acqua ha resistenza ai
danni da fuoco" (applied in damage_and_healing.adjust).
"""

from __future__ import annotations

from battletape.domain.dnd5e import stats


def disadvantage(attacker, kind: str | None, dtype: str | None) -> list[str]:
    if kind == "melee" and not stats.get(attacker, "swim") and dtype != "piercing":
        return ["underwater melee without a swimming speed"]
    if kind == "ranged":
        return ["underwater ranged attack"]
    return []


def auto_miss(kind: str | None, rng: str | None) -> bool:
    return kind == "ranged" and rng == "long"
