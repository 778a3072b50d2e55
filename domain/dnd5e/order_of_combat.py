"""5e SRD (seed 002), Giocare: Ordine del combattimento (Order of Combat) and Fine del
combattimento (End of Combat).

"Un round rappresenta circa 6 secondi"; each participant acts on its turn in
initiative order, round after round, "finché una parte non viene sconfitta". The
dead and the fled take no turns. At the start of a turn at 0 HP the creature rolls a
death save (``next --death-save NAME=N`` rolls it at once; otherwise it is due, and
``next`` waits for it). Conditions ``--until`` end with the creature's turn;
``--rounds N`` end at the same point of round + N.
"""

from __future__ import annotations

from battletape.domain import dice
from battletape.domain.dnd5e import conditions, stats
from battletape.domain.encounter import combatant, require_initiative, require_placed
from battletape.domain.errors import BadInput, RuleViolation, refuse
from battletape.domain.events import DeathSaveRolled, Event, RoundStarted, TurnEnded, TurnStarted
from battletape.domain.state import EncounterState


def _takes_turns(state: EncounterState, name: str) -> bool:
    return state.combatants[name].status not in ("dead", "fled")


def next_turn(state: EncounterState, death_saves: dict[str, int]) -> list[Event]:
    require_initiative(state)
    require_placed(state, "Iniziativa")  # a newcomer is never skipped in silence
    events: list[Event] = []
    current = state.combatants.get(state.turn) if state.turn else None
    if current is not None:
        if stats.get(current, "death_save_due") and current.status == "unconscious":
            refuse(f"{current.name} must roll its death save first: "
                   f"`death-save {current.name}`",
                   "Tiri salvezza contro la morte")
        events.append(TurnEnded(name=current.name))
        events += conditions.expiring_at_turn_end(current)
    acted = set(state.acted) | ({current.name} if current else set())
    order = state.order  # ordered(state), kept by the fold whenever it changes
    nxt = next((n for n in order if n not in acted and _takes_turns(state, n)), None)
    round_ = state.round
    if nxt is None:
        nxt = next((n for n in order if _takes_turns(state, n)), None)
        if nxt is None:
            raise RuleViolation("no one is left to take a turn: `end` or `flee`")
        round_ += 1
        events.append(RoundStarted(round=round_))
    events.append(TurnStarted(name=nxt, round=round_))
    events += conditions.expiring_at(state, round_, nxt, order)
    for name, natural in death_saves.items():
        c = combatant(state, name)
        if c.name != nxt or c.status != "unconscious":
            raise BadInput("--death-save", f"{name}={natural}",
                           f"a death save for {nxt} only if it is dying at 0 hp")
        roll = dice.d20_typed(natural, what="death save natural")
        events.append(DeathSaveRolled(name=c.name, roll=roll, success=natural >= 10,
                                      acts=natural == 20))
    return events


def side_defeated(state: EncounterState) -> bool:
    """Fine del combattimento: every combatant of one side is out of the fight."""
    out = ("dead", "unconscious", "stable", "knocked-out", "fled")
    for side in (True, False):
        members = [c for c in state.combatants.values() if c.pc == side]
        if members and all(c.status in out for c in members):
            return True
    return False
