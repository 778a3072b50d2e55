"""5e SRD (seed 002), Giocare: Combattimento a cavallo (Mounted Combat).

Controllare una cavalcatura: "La sua Iniziativa diventa la tua"; a controlled mount can
only Dash, Disengage and Dodge; an independent one keeps its own initiative and acts
freely. Cadere: when the mount is moved against its will or the rider is knocked off,
a Dex save DC 10 or the rider falls prone (``save RIDER --ability dex --dc 10
--fall``). ``--fall`` for a creature that rides nothing, or against another DC, is
refused (a GM may force it: a fall from something else, a harder shove).
"""

from __future__ import annotations

from battletape.domain.dnd5e import stats
from battletape.domain.encounter import combatant, require_on
from battletape.domain.errors import AlreadyHolds, BadInput, refuse, violation
from battletape.domain.words import N_
from battletape.domain.events import Event
from battletape.domain.state import EncounterState

SECTION = "Combattimento a cavallo"
FALL_DC = 10


def mount(state: EncounterState, mount_name: str, rider_name: str,
          controlled: bool, independent: bool) -> list[Event]:
    from battletape.domain.dnd5e.events import Mounted

    require_on(state)
    m, r = combatant(state, mount_name), combatant(state, rider_name)
    if controlled == independent:
        raise BadInput("mount", f"{m.name} {r.name}", N_("--controlled or --independent"))
    if m.name == r.name:
        raise BadInput("mount", m.name, N_("a mount other than the rider"))
    if stats.get(r, "mount"):
        raise violation(N_("{name} already rides {mount}"), SECTION, name=r.name,
                        mount=stats.get(r, "mount"))
    if stats.get(m, "rider"):
        raise violation(N_("{name} already carries {rider}"), SECTION, name=m.name,
                        rider=stats.get(m, "rider"))
    for c in (m, r):
        if c.status != "up":
            refuse(N_("{name} is {status}"), SECTION, name=c.name, status=c.status)
    return [Mounted(mount=m.name, rider=r.name, controlled=controlled,
                    initiative=r.initiative if controlled else m.initiative)]


def dismount(state: EncounterState, rider_name: str, reason: str = "") -> list[Event]:
    from battletape.domain.dnd5e.events import Dismounted

    require_on(state)
    r = combatant(state, rider_name)
    m = stats.get(r, "mount")
    if not m:
        raise AlreadyHolds.said(N_("{name} is not mounted"), name=r.name)
    return [Dismounted(rider=r.name, mount=m, reason=reason)]
