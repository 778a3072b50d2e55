"""5e SRD (seed 002), Giocare: Movimento e posizione (Movement and Position).

No map is kept; a move is recorded for what it changes: Afferrato, "Se vieni spostato
fuori dalla portata dell'effetto, la condizione termina" (a forced move ends a grapple).
"""

from __future__ import annotations

from battletape.domain.dnd5e import conditions
from battletape.domain.encounter import combatant, require_on
from battletape.domain.errors import refuse
from battletape.domain.words import N_
from battletape.domain.events import ConditionRemoved, Event, Moved
from battletape.domain.state import EncounterState


def move(state: EncounterState, name: str, where: str, forced: bool,
         teleport: bool) -> list[Event]:
    require_on(state)
    c = combatant(state, name)
    if not forced and not teleport:
        why = conditions.has(c, "cant_move")
        if why:
            refuse(N_("{name} is {condition} and can't move"), "Condizioni", name=c.name,
                   condition=why[0])
    out: list[Event] = [Moved(name=c.name, where=where, teleport=teleport)]
    if "grappled" in c.conditions:
        out.append(ConditionRemoved(name=c.name, condition="grappled",
                                    reason="moved out of the grappler's reach"))
    return out
