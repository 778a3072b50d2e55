"""5e SRD (seed 002), Giocare: Combattimento sott'acqua (Underwater Combat).

Armi ostacolate: a melee attack by a creature without a swimming speed has
disadvantage unless the weapon deals piercing damage. Attacchi a distanza: "Mancano
sempre oltre la gittata normale. Entro la gittata normale hanno svantaggio." "Tutto
sott'acqua ha resistenza ai danni da fuoco" (applied in damage_and_healing.adjust).

A ranged spell attack is a ranged attack here: the seed says "Attacchi a distanza"
without the official SRD's "weapon" (SRD 5.1: "a ranged weapon attack"), and the seed
wins. A ``--kind spell`` attack is ranged when a range band is given (``--range
normal|long``: the spell has a range, as ranged_attacks reads it); without one it may
be a melee spell attack and nothing is inferred.
"""

from __future__ import annotations

from battletape.domain.dnd5e import stats


def ranged(kind: str | None, rng: str | None) -> bool:
    """A ranged attack: ``--kind ranged``, or a spell attack given a range band."""
    return kind == "ranged" or (kind == "spell" and rng is not None)


def disadvantage(attacker, kind: str | None, dtype: str | None,
                 rng: str | None = None) -> list[str]:
    if kind == "melee" and not stats.get(attacker, "swim") and dtype != "piercing":
        return ["underwater melee without a swimming speed"]
    if ranged(kind, rng):
        return [f"underwater {'spell' if kind == 'spell' else 'ranged'} attack"]
    return []


def auto_miss(kind: str | None, rng: str | None) -> bool:
    """Beyond normal range (the long band): a ranged attack misses under water."""
    return ranged(kind, rng) and rng == "long"
