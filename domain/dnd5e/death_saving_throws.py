"""5e SRD (seed 002), Giocare: Tiri salvezza contro la morte (Death Saving Throws).

"All'inizio di ogni turno a 0 PF tiri 1d20": a plain d20. "10 o più = successo,
altrimenti fallimento. 3 successi = Stabile. 3 fallimenti = morte. Non devono essere
consecutivi. Si azzerano se recuperi PF. 1 naturale = 2 fallimenti. 20 naturale =
recuperi 1 PF." Both counters also reset on becoming Stable: the seed is silent, the
official SRD resets them (5E-GAP-12). Stabilizzare: the Help action and a Wisdom
(Medicine) check DC 10; a stable creature rolls no more death saves and stays
unconscious, until it takes damage. A knocked-out creature wakes on the same check
(Svenire un nemico).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from battletape.domain import dice
from battletape.domain.dnd5e import stats
from battletape.domain.dnd5e.actions import (readied_slot, require_can_act, require_slot,
                                             require_turn)
from battletape.domain.encounter import combatant, require_initiative
from battletape.domain.errors import refuse, violation
from battletape.domain.words import N_
from battletape.domain.events import DeathSaveRolled, Event, StabilizeAttempted
from battletape.domain.state import Combatant, EncounterState

if TYPE_CHECKING:
    import random

SECTION = "Tiri salvezza contro la morte"
DC = 10


def require_dying(c: Combatant) -> None:
    if c.status == "stable":
        raise violation(N_("{name} is stable and rolls no death saves"), SECTION,
                        name=c.name)
    if c.status == "knocked-out":
        raise violation(N_("{name} is knocked out (1 hp) and rolls no death saves"),
                        "Svenire un nemico", name=c.name)
    if c.status != "unconscious":
        raise violation(N_("{name} is {status}, not at 0 hit points"), SECTION,
                        name=c.name, status=c.status)


def death_save(state: EncounterState, rng: "random.Random", name: str,
               natural: int | None) -> list[Event]:
    require_initiative(state)
    c = combatant(state, name)
    require_dying(c)
    if not stats.get(c, "death_save_due"):
        refuse(N_("{name} rolls a death save at the start of its turn, once"), SECTION,
               name=c.name)
    roll = dice.d20_roll(natural, rng, 0, what="death save natural")
    return [DeathSaveRolled(name=c.name, roll=roll, success=roll.natural >= DC,
                            acts=roll.natural == 20)]


def stabilize(state: EncounterState, rng: "random.Random", name: str, helper: str,
              natural: int | None, bonus: int = 0) -> list[Event]:
    require_initiative(state)
    c = combatant(state, name)
    h = combatant(state, helper)
    if c.status != "knocked-out":
        require_dying(c)
    require_can_act(state, h, "help")
    slot = readied_slot(state, h, "action")
    if slot is None:
        require_turn(state, h, "use the Help action")
        require_slot(state, h, "action")
    roll = dice.d20_roll(natural, rng, bonus, what="Wisdom (Medicine) natural")
    return [StabilizeAttempted(name=c.name, helper=h.name, roll=roll,
                               success=roll.total >= DC, action=slot or "action")]


# --- the fold's part ---------------------------------------------------------------------

def fold_death_save(c: Combatant, e: DeathSaveRolled) -> None:
    from battletape.domain.dnd5e.dropping_to_zero import die, wake

    c.extra["death_save_due"] = False
    natural = e.roll.natural
    if natural == 20:
        c.hp = max(c.hp, 1)
        wake(c)
        return
    if natural >= DC:
        c.extra["death_saves_succeeded"] = stats.get(c, "death_saves_succeeded") + 1
    else:
        c.death_saves_failed += 2 if natural == 1 else 1
    if c.death_saves_failed >= 3:
        die(c)
    elif stats.get(c, "death_saves_succeeded") >= 3:
        become_stable(c)


def become_stable(c: Combatant) -> None:
    c.status = "stable"
    c.death_saves_failed = 0
    c.extra["death_saves_succeeded"] = 0
    c.extra["death_save_due"] = False


def fold_stabilize(c: Combatant, e: StabilizeAttempted) -> None:
    from battletape.domain.dnd5e.dropping_to_zero import wake

    if not e.success:
        return
    if c.status == "unconscious":
        become_stable(c)
    elif c.status == "knocked-out":
        wake(c)
