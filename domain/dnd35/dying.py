"""D&D 3.5 (seed 003), Morente and Stabile: the rolls of a dying creature.

Morente (35-HPS-05): each round, in its own turn, a d100: 01-10 it becomes stable,
otherwise it loses 1 hp. Stabile (35-HPS-07): another creature's Heal check, DC 15, a
standard action that provokes (the action table's ``stabilize`` row). The thresholds and
how these rolls fold are ``hit_points``'.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from battletape.domain import dice
from battletape.domain.dice import d100
from battletape.domain.dnd35 import rounds_and_actions as act, stats
from battletape.domain.dnd35.hit_points import STABLE_UP_TO
from battletape.domain.encounter import combatant, require_on
from battletape.domain.errors import refuse, violation
from battletape.domain.words import N_
from battletape.domain.events import DeathSaveRolled, Event, StabilizeAttempted
from battletape.domain.state import EncounterState

if TYPE_CHECKING:
    import random

HEAL_DC = 15


def death_save(state: EncounterState, rng: "random.Random", name: str,
               natural: int | None) -> list[Event]:
    """Morente (35-HPS-05): each round, in its turn, 10% to become stable, else -1 hp."""
    require_on(state)
    c = combatant(state, name)
    if c.status != "dying":
        raise violation(N_("{name} is {status}, not dying (-1 to -9 hp): no roll to "
                           "stabilise"), "Condizioni: Morente", name=c.name,
                        status=c.status)
    if state.turn != c.name:
        refuse(N_("a dying creature rolls in its own turn; it is {turn}'s turn"),
               "Condizioni: Morente", turn=state.turn)
    if not stats.get(c, "death_save_due"):
        refuse(N_("{name} has rolled to stabilise this round already"),
               "Condizioni: Morente", name=c.name)
    roll = d100(natural, rng, "--roll")
    return [DeathSaveRolled(name=c.name, roll=roll, success=roll.total <= STABLE_UP_TO)]


def stabilize(state: EncounterState, rng: "random.Random", name: str, by: str,
              natural: int | None, bonus: int) -> list[Event]:
    """35-HPS-07: a Heal check DC 15; the action table: a standard action that provokes."""
    require_on(state)
    c, helper = combatant(state, name), combatant(state, by)
    if c.status != "dying":
        raise violation(N_("{name} is {status}, not dying: nothing to stabilise"),
                        "Condizioni: Stabile", name=c.name, status=c.status)
    events = act.take(state, helper, "stabilize", what=f"Heal DC {HEAL_DC} on {c.name}")
    roll = dice.d20_roll(natural, rng, bonus)
    events.append(StabilizeAttempted(name=c.name, helper=helper.name, roll=roll,
                                     success=roll.total >= HEAL_DC))
    return events
