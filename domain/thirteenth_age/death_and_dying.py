"""13th Age SRD, Combat Rules: Death and Dying (Morte e Morente).

A death save is a d20 at the start of your turn: "If you roll 16+, use a recovery to
return to consciousness and heal up to the number of hit points you rolled with your
recovery. If you roll a natural 20, you get to take actions normally that turn. If you
roll 15 or less, you take one step toward the grave. After the fourth failed death
save in a single battle, you die." Stabilizing: a DC 10 Wisdom check as a standard
action; 25+ takes only a quick action; a stable creature ignores failed death saves.
One death save a turn, due at its start: `next` asks for it. Optional Meaningful Death
Rule: "PCs who fail four death checks fall into a coma" (no more death saves).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from battletape.domain import dice
from battletape.domain.encounter import combatant, require_able, require_initiative
from battletape.domain.errors import BadInput, RuleViolation, refuse
from battletape.domain.events import DeathSaveRolled, Event, StabilizeAttempted
from battletape.domain.thirteenth_age import actions, recoveries, saves

if TYPE_CHECKING:
    import random

SUCCESS = 16
FAILURES_TO_DIE = 4
STABILIZE_DC = 10
QUICK_STABILIZE = 25


def death_save(state, rng: random.Random, name: str, natural: int | None,
               recovery_total: int | None, bonus: int = 0) -> list[Event]:
    require_initiative(state)
    c = combatant(state, name)
    if not c.pc or c.status not in ("unconscious", "stable"):
        raise RuleViolation(f"{c.name} is {c.status}, not dying", "Death and Dying")
    if state.turn != c.name:
        refuse(f"a death save is rolled at the start of {c.name}'s own turn "
               f"(it is {state.turn}'s turn)", "Death and Dying")
    if c.part.coma:
        raise RuleViolation(f"{c.name} failed four death saves and lies in a coma: no "
                            "more death saves; it wakes once fully out of danger",
                            "Optional Meaningful Death Rule")
    if c.part.death_saved:
        refuse(f"{c.name} already rolled its death save this turn: one, at the start "
               "of each of its turns", "Death and Dying")
    if not c.part.dying_at_start and state.turn == c.name:
        refuse(f"{c.name} fell this turn: its first death save is due at the start of "
               "its next turn", "Death and Dying")
    roll = dice.d20_roll(natural, rng, saves.check_bonus(bonus),
                         what="death save natural")
    success = roll.total >= SUCCESS
    events: list[Event] = []
    recovery = None
    if success:
        spent = recoveries.spend(state, rng, c, recovery_total, source="death save")
        recovery = spent.roll
        events.append(DeathSaveRolled(name=c.name, roll=roll, success=True,
                                      acts=roll.natural == 20, recovery=recovery))
        events.append(spent)
    else:
        if recovery_total is not None:
            raise BadInput("--recovery", recovery_total,
                           "nothing: a failed death save spends no recovery")
        events.append(DeathSaveRolled(name=c.name, roll=roll, success=False))
    return events


def stabilize(state, rng: random.Random, name: str, helper: str,
              total: int | None, interrupt: bool = False) -> list[Event]:
    """Stabilize an unconscious ally: DC 10 Wisdom check, 25+ as a quick action."""
    require_initiative(state)
    c = combatant(state, name)
    h = combatant(state, helper)
    require_able(h, "stabilize anyone")
    if c.status != "unconscious":
        raise RuleViolation(f"{c.name} is {c.status}, not dying", "Death and Dying")
    if total is None:
        roll = dice.d20_virtual(rng)
    else:
        if not -10 <= total <= 60:
            raise BadInput("Wisdom check total", total, "a d20 check total")
        roll = dice.Roll(expr="check", total=total, source="typed")
    quick = roll.total >= QUICK_STABILIZE
    action = actions.slot(h, "interrupt" if interrupt else "quick" if quick
                          else "standard", state.turn == h.name)
    return [StabilizeAttempted(name=c.name, helper=h.name, roll=roll,
                               success=roll.total >= STABILIZE_DC, quick=quick,
                               action=action)]
