"""5e SRD (seed 002), Giocare: Attacchi a distanza (Ranged Attacks).

A target beyond the maximum range can't be attacked; at long range ("la seconda è la
gittata massima") the roll has disadvantage. Corpo a corpo ravvicinato: "Se sei entro
1,5 m da un nemico che ti vede e non è incapacitato, hai svantaggio agli attacchi a
distanza" (``--adjacent-enemy NAME``; the tracker checks that enemy's conditions: an
incapacitating one or Blinded lifts the disadvantage; so does the attacker's Invisible,
"Sei impossibile da vedere senza magia o sensi speciali": an enemy that sees it anyway,
by magic or a special sense, is the GM's ``--dis``).
"""

from __future__ import annotations

from battletape.domain.dnd5e import conditions
from battletape.domain.errors import BadInput, refuse
from battletape.domain.words import N_

RANGES = ("normal", "long", "beyond")


def check_range(value: str | None) -> str | None:
    if value is not None and value not in RANGES:
        raise BadInput("--range", value, N_("normal, long or beyond"))
    return value


def range_disadvantage(kind: str | None, rng: str | None, target: str) -> list[str]:
    if rng is None:
        return []
    if kind not in ("ranged", "spell"):
        raise BadInput("--range", rng, N_("a ranged attack (--kind ranged)"))
    if rng == "beyond":
        refuse(N_("{target} is beyond the weapon's maximum range"),
               "Attacchi a distanza", target=target)
    return ["long range"] if rng == "long" else []


def close_quarters(kind: str | None, enemy, attacker=None) -> list[str]:
    """The disadvantage of a ranged attack with ``enemy`` within 1,5 m, or none: only
    an enemy "che ti vede e non è incapacitato"."""
    if enemy is None or kind not in ("ranged", "spell"):
        return []
    if enemy.status != "up" or conditions.incapacitated(enemy):
        return []
    if "blinded" in enemy.conditions:
        return []
    if attacker is not None and "invisible" in attacker.conditions:
        return []
    return [f"{enemy.name} within 1,5 m"]
