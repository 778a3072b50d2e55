"""Leaving the fight: a creature flees or surrenders, and the battle goes on.

Every system's core (DESIGN.md principle 10, issue 21): a creature that leaves stops
taking turns (its ``status`` is ``fled``, skipped by ``next`` as the dead are), is no
longer engaged, and keeps how it left (``fled`` or ``surrendered``) among its
conditions, as 13th Age's ``cond add NAME fled`` always showed it. Undo brings it back.
This is not the party's ``flee`` (the encounter ends; in 13th Age a campaign loss).
"""

from __future__ import annotations

from battletape.domain.errors import AlreadyHolds, BadInput, Either, refuse
from battletape.domain.words import N_
from battletape.domain.events import CombatantLeft
from battletape.domain.state import Combatant, Condition, EncounterState
from battletape.domain.verbs import Verb, arg

LEAVING = ("fled", "surrendered")


def how_of(how: str) -> str:
    """``fled`` or ``surrendered`` (``flee``, ``surrender`` accepted), or BadInput."""
    key = how.strip().lower()
    key = {"flee": "fled", "flees": "fled", "surrender": "surrendered",
           "surrenders": "surrendered"}.get(key, key)
    if key not in LEAVING:
        raise BadInput("how", how, Either(LEAVING))
    return key


def leave(state: EncounterState, name: str, how: str = "fled",
          pcs_alone: str | None = None) -> list:
    """The decision: ``name`` leaves the fight. ``pcs_alone`` is the rule of a system
    where the PCs leave only together (13th Age: Flee), refused unless forced."""
    from battletape.domain.encounter import combatant, require_on

    require_on(state)
    key = how_of(how)
    c = combatant(state, name)
    if c.status == "fled":
        raise AlreadyHolds.said(N_("{name} has left the fight already ({how})"),
                                name=c.name, how=_how(c) or "fled")
    if c.status == "dead":
        refuse(N_("{name} is dead and can't leave the fight"), None, name=c.name)
    if c.pc and pcs_alone:
        refuse(N_("{name} is a PC: the PCs leave a battle together with `flee`"),
               pcs_alone, name=c.name)
    return [CombatantLeft(name=c.name, how=key)]


def _how(c: Combatant) -> str | None:
    return next((k for k in LEAVING if k in c.conditions), None)


def fold(state: EncounterState, e: CombatantLeft) -> None:
    """CombatantLeft: out of the fight, no turns, no engagement (the dead stay dead)."""
    from battletape.domain.folding import unengage

    c = state.combatants.get(e.name)
    if c is None:
        return
    c.conditions[e.how] = Condition()
    if c.status != "dead":
        c.status = "fled"
        unengage(state, c)


def verbs(pcs_alone: str | None = None) -> list[Verb]:
    """The verbs every system has beside its own (a system's own verb of the same name
    wins), under the system's rule for PCs leaving alone (``pcs_alone``: see leave)."""

    def _leave(services, name, how=None):
        how = "fled" if how is None else how  # a recorded line read again gives None
        how_of(how)  # bad input before any state is read
        return lambda s, r: leave(s, name, how, pcs_alone)

    return [Verb("leave", _leave, (
        arg("name"), arg("how", required=False, default="fled",
                         help="fled (the default) or surrendered.")),
        "A creature leaves the fight, fleeing or surrendering: it takes no more turns "
        "and the battle goes on.  Example: battletape leave Goblin surrendered",
        roll_option="")]
