"""13th Age SRD, Combat Rules: Cyclic Initiative, the order it gives.

"Each creature rolls to determine its initiative at the start of its first turn in
battle (d20 + initiative bonus). Use those results to determine who goes first each
round." Ties are battletape's ruling: PCs first, then the higher bonus, then whoever
entered the fight first. The decisions (cyclic_initiative) and the fold both read it.
"""

from __future__ import annotations

from battletape.domain.state import Combatant, EncounterState


def sort_key(c: Combatant, index: int) -> tuple:
    """Higher initiative first; ties go to PCs, then the higher bonus, then entry order."""
    return (-(c.initiative or 0), not c.pc, -c.init_bonus, index)


def ordered(state: EncounterState) -> list[str]:
    rolled = [(c, i) for i, c in enumerate(state.combatants.values())
              if c.initiative is not None]
    return [c.name for c, i in sorted(rolled, key=lambda ci: sort_key(*ci))]
