"""13th Age SRD, Combat Rules: a sample attack for measurements (``bench/``).

``ATTACK``: the options of a basic melee attack that always misses (a natural 2 with
no bonus), so that its target lives through every run; ``ready(state)``: who can make
it now (a creature whose turn it is, able to act, and a foe it can reach).
"""

from __future__ import annotations

from battletape.domain.state import EncounterState
from battletape.domain.thirteenth_age import conditions

ATTACK = ("--bonus", "0", "--vs", "ac", "--roll", "2", "--dmg", "1", "--basic")
# 13th Age's `next` rolls nothing for a dying PC before its turn: no death save here
DEATH_SAVE: int | None = None


def ready(s: EncounterState) -> tuple[str, str, str] | None:
    """(the attacker whose turn it is, a foe it can attack, a monster to damage)."""
    a = s.combatants.get(s.turn or "")
    if a is None or a.status != "up" or not conditions.can_act(set(a.conditions)):
        return None
    foes = [c for c in s.combatants.values() if c.pc != a.pc and c.status == "up"]
    if a.engaged_with:
        foes = [c for c in foes if c.name in a.engaged_with]
    elif not conditions.can_move(set(a.conditions)):
        foes = []
    monsters = [c for c in s.combatants.values() if not c.pc and c.status == "up"]
    if foes and monsters:
        return a.name, foes[0].name, max(monsters, key=lambda c: c.hp).name
    return None
