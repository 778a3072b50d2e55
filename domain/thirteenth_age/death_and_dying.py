"""13th Age SRD, Combat Rules: Death and Dying (Morte e Morente).

A death save is a d20 at the start of your turn: "If you roll 16+, use a recovery to
return to consciousness and heal up to the number of hit points you rolled with your
recovery. If you roll a natural 20, you get to take actions normally that turn. If you
roll 15 or less, you take one step toward the grave. After the fourth failed death
save in a single battle, you die." Stabilizing: a DC 10 Wisdom check as a standard
action; 25+ takes only a quick action; a stable creature ignores failed death saves.

Stabilizing needs the helper beside the dying ("Get next to them and make a DC 10
healing skill check"): the seed says so and the official SRD repeats it, without saying
whether getting there costs anything. battletape's reading: the helper is next to the
dying when both are engaged with one enemy (Engaged/Next to: "When two allies are
engaged with the same enemy, they are considered next to each other"), or when the GM
says so (`stabilize … --beside`), or when the helper already made a move this turn (that
move took it there: `move Kael nearby`, then `stabilize Bruna Kael`); otherwise the
helper gets next to them as part of the attempt, which on its own turn spends its move
action (one move reaches anyone nearby) before the check's standard (or quick) action. A helper
engaged with an enemy the dying ally is not engaged with must get free first (moving
away would draw opportunity attacks): refused, a GM may --force. Out of its turn (a
readied action, an interrupt) the move is part of that action.

Death at negative half the maximum: see damage_and_healing.dead_at (25 hp: dead at
-13, alive at -12).
One death save a turn, due at its start: `next` asks for it. Optional Meaningful Death
Rule: "PCs who fail four death checks fall into a coma" (no more death saves).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from battletape.domain import dice
from battletape.domain.encounter import combatant, require_able, require_initiative
from battletape.domain.errors import BadInput, refuse, violation
from battletape.domain.words import N_
from battletape.domain.events import DeathSaveRolled, Event, StabilizeAttempted
from battletape.domain.thirteenth_age import actions, mooks, recoveries, saves

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
        raise violation(N_("{name} is {status}, not dying"), "Death and Dying",
                        name=c.name, status=c.status)
    if state.turn != c.name:
        refuse(N_("a death save is rolled at the start of {name}'s own turn (it is "
                  "{turn}'s turn)"), "Death and Dying", name=c.name, turn=state.turn)
    if c.part.coma:
        raise violation(N_("{name} failed four death saves and lies in a coma: no more "
                           "death saves; it wakes once fully out of danger"),
                        "Optional Meaningful Death Rule", name=c.name)
    if c.part.death_saved:
        refuse(N_("{name} already rolled its death save this turn: one, at the start of "
                  "each of its turns"), "Death and Dying", name=c.name)
    if not c.part.dying_at_start and state.turn == c.name:
        refuse(N_("{name} fell this turn: its first death save is due at the start of "
                  "its next turn"), "Death and Dying", name=c.name)
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
                           N_("nothing: a failed death save spends no recovery"))
        events.append(DeathSaveRolled(name=c.name, roll=roll, success=False))
    return events


def next_to(a, b) -> bool:
    """Engaged/Next to: "When two allies are engaged with the same enemy, they are
    considered next to each other"."""
    return bool(set(a.engaged_with) & set(b.engaged_with))


def stabilize(state, rng: random.Random, name: str, helper: str,
              total: int | None, interrupt: bool = False,
              beside: bool = False) -> list[Event]:
    """Stabilize an unconscious ally: "Get next to them" (a move unless already next to
    them, see the module's docstring), then a DC 10 Wisdom check, 25+ as a quick
    action."""
    require_initiative(state)
    c = combatant(state, name)
    h = combatant(state, helper)
    require_able(h, "stabilize anyone")
    if c.status != "unconscious":
        raise violation(N_("{name} is {status}, not dying"), "Death and Dying",
                        name=c.name, status=c.status)
    events: list[Event] = []
    own = mooks.own_turn(state, h)
    there = beside or h.name == c.name or next_to(h, c)
    away = [n for n in h.engaged_with if n not in c.engaged_with]
    if not there and not away and own and not interrupt and not h.part.moved:
        from battletape.domain.events import Moved
        from battletape.domain.thirteenth_age import position

        # "Get next to them": one move reaches anyone nearby
        position.require_can_move(h)
        where = "far" if c.part.whereabouts == "far" else "nearby"
        step = actions.slot(h, "move", True, relocate=True)
        events.append(Moved(name=h.name, where=where, action=step))
        h = msgspec.structs.replace(h, actions_used=h.actions_used + [step])
    if total is None:
        roll = dice.d20_virtual(rng)
    else:
        if not -10 <= total <= 60:
            raise BadInput("Wisdom check total", total, N_("a d20 check total"))
        roll = dice.Roll(expr="check", total=total, source="typed")
    quick = roll.total >= QUICK_STABILIZE
    action = actions.slot(h, "interrupt" if interrupt else "quick" if quick
                          else "standard", own)
    if not there and away:
        refuse(N_("{name} is engaged with {engaged} and not next to {target}: disengage "
                  "or move first to get next to them"), "Death and Dying", name=h.name,
               engaged=", ".join(away), target=c.name)
    return events + [StabilizeAttempted(name=c.name, helper=h.name, roll=roll,
                                        success=roll.total >= STABILIZE_DC, quick=quick,
                                        action=action)]
