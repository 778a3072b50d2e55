"""D&D 3.5 (seed 003): a sample attack for measurements (``bench/``).

``ATTACK``: the options of an attack that always misses (a natural 2 with no bonus),
so that its target lives through every run; ``ready(state)``: who can make it now;
``DEATH_SAVE``: the d100 of a dying creature due before the turn ends.
"""

from __future__ import annotations

from battletape.domain.dnd35 import conditions
from battletape.domain.state import EncounterState

ATTACK = ("--bonus", "0", "--roll", "2", "--dmg", "1")
DEATH_SAVE: int | None = 50


def ready(s: EncounterState) -> tuple[str, str, str] | None:
    """(the attacker whose turn it is, a foe it can attack, a monster to damage)."""
    a = s.combatants.get(s.turn or "")
    if a is None or a.status != "up" or conditions.has(a, "no_actions") or \
            conditions.has(a, "no_attack") or conditions.has(a, "move_only"):
        return None
    foes = [t for t in s.combatants.values() if t.pc != a.pc and t.status == "up"]
    monsters = [m for m in s.combatants.values() if not m.pc and m.status == "up"]
    if foes and monsters:
        return a.name, foes[0].name, max(monsters, key=lambda m: m.hp).name
    return None
