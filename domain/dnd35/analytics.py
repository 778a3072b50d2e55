"""D&D 3.5 (seed 003): the columns 3.5 adds to the campaign analytics tables.

Threats and their confirmation (Colpi critici), attacks of opportunity, nonlethal damage
(Danni non letali), and the defense each attack was rolled against.
"""

from __future__ import annotations

from battletape.domain import events as ev
from battletape.domain.words import N_

COLUMNS = {
    "attacks": [
        ("threat", "BOOLEAN", N_("the natural threatened a critical hit (3.5)")),
        ("confirmed", "BOOLEAN", N_("the threat was confirmed (NULL: no threat)")),
        ("opportunity", "BOOLEAN", N_("an attack of opportunity")),
        ("nonlethal", "BOOLEAN", N_("the damage was nonlethal")),
        ("full_attack_step", "INTEGER", N_("the iterative penalty (0, -5, -10, -15) of a "
                                           "full attack's swing")),
    ],
}


def values(table: str, e: ev.Event) -> dict:
    if table == "attacks" and isinstance(e, ev.AttackResolved):
        threat = "threat" in e.tags
        return {"threat": threat,
                "confirmed": ("confirmed" in e.tags) if threat else None,
                "opportunity": e.action == "aoo",
                "nonlethal": "nonlethal" in e.tags,
                "full_attack_step": e.modifiers.get("iterative attack", 0)}
    return {}
