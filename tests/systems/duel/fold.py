"""Duel's fold: one arm per event it knows; every other event changes nothing."""

from __future__ import annotations

from battletape.domain import events as ev
from battletape.domain.folding import end_encounter, start_encounter
from battletape.domain.state import Combatant, EncounterState
from tests.systems.duel.events import GuardRaised
from tests.systems.duel.state import DuelCombatant


def apply(state: EncounterState, e: ev.Event) -> EncounterState:
    state.position = e.originator_version or state.position + 1
    match e:
        case ev.EncounterStarted():
            start_encounter(state, e)
        case ev.CombatantAdded():
            state.combatants[e.name] = Combatant(name=e.name, max_hp=e.max_hp, hp=e.hp,
                                                 pc=e.pc, part=DuelCombatant())
            state.order = [*state.order, e.name]
        case GuardRaised():
            state.combatants[e.name].part.guard += e.amount
        case ev.DamageTaken():
            c = state.combatants[e.target]
            c.hp -= e.amount
            c.damage_taken += e.amount
            if c.hp <= 0:
                c.hp, c.status = 0, "dead"
        case ev.EncounterEnded():
            end_encounter(state, e)
        case _:
            pass
    return state
