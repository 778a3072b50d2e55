"""5e SRD (seed 002), Giocare: a sample attack for measurements (``bench/``).

``ATTACK``: the options of an attack that always misses (a natural 2 with no bonus,
against AC), so that its target lives through every run; ``ready(state)``: who can
make it now with one d20 (a foe it has neither advantage nor disadvantage against);
``DEATH_SAVE``: the natural of a death save due before the turn ends.
"""

from __future__ import annotations

from battletape.domain.dnd5e import conditions, d20_tests
from battletape.domain.dnd5e import making_an_attack as atk
from battletape.domain.state import EncounterState

ATTACK = ("--bonus", "0", "--roll", "2", "--dmg", "1")
DEATH_SAVE: int | None = 10


def ready(s: EncounterState) -> tuple[str, str, str] | None:
    """(the attacker whose turn it is, a foe it can attack, a monster to damage)."""
    a = s.combatants.get(s.turn or "")
    if a is None or a.status != "up" or conditions.incapacitated(a):
        return None
    charm = a.conditions.get("charmed")
    foes = []
    for t in s.combatants.values():
        if t.pc == a.pc or t.status != "up" or (charm and charm.source == t.name):
            continue
        order = atk.AttackOrder(attacker=a.name, targets=[t.name], bonus=0)
        if d20_tests.mode(*atk._sources(s, a, t, order, None)) in ("normal", "cancelled"):
            foes.append(t)
    monsters = [c for c in s.combatants.values() if not c.pc and c.status == "up"]
    if foes and monsters:
        return a.name, foes[0].name, max(monsters, key=lambda c: c.hp).name
    return None
