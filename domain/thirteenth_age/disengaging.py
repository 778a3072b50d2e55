"""13th Age SRD, Combat Rules: Disengaging (Disimpegnarsi).

"Roll a normal save (11+) ... your roll takes a -1 penalty for each foe beyond the
first that you are disengaging from." Grabbed: "Disengage checks take a -5 penalty
unless you hit the creature that is grabbing you the same turn." A failed check
leaves you engaged and where you were; a stuck creature can't disengage at all.
"You can disengage from more than one foe with a single successful check": from all of
them, or only from some (`--from`), staying engaged with the others.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from battletape.domain import dice
from battletape.domain.encounter import combatant, require_able, require_initiative
from battletape.domain.errors import AlreadyHolds, violation
from battletape.domain.words import N_
from battletape.domain.events import DisengageAttempted, Event
from battletape.domain.thirteenth_age import actions, conditions, mooks, saves
from battletape.domain.thirteenth_age.position import require_can_move

if TYPE_CHECKING:
    import random


def penalty(foes: int, grabbed: bool, hit_grabber: bool) -> int:
    """-1 per foe beyond the first; -5 more while grabbed, unless you hit the grabber."""
    value = -(max(foes, 1) - 1)
    if grabbed and not hit_grabber:
        value += conditions.GRAB_DISENGAGE_PENALTY
    return value


def disengage(state, rng: random.Random, name: str, natural: int | None,
              hit_grabber: bool = False, only: list[str] | None = None,
              bonus: int = 0, interrupt: bool = False) -> list[Event]:
    require_initiative(state)
    c = combatant(state, name)
    require_able(c, "disengage")
    if not c.engaged_with:
        raise AlreadyHolds.said(N_("{name} is not engaged with anyone"), name=c.name)
    foes = list(c.engaged_with)
    if only:
        foes = []
        for n in only:
            foe = combatant(state, n)
            if foe.name not in c.engaged_with:
                raise violation(N_("{name} is not engaged with {foe} (engaged with "
                                   "{engaged})"), "Disengaging", name=c.name,
                                foe=foe.name, engaged=", ".join(c.engaged_with))
            if foe.name not in foes:
                foes.append(foe.name)
    require_can_move(c)
    action = actions.slot(c, "interrupt" if interrupt else "move", mooks.own_turn(state, c))
    grab = c.conditions.get("grabbed")
    grabbed = grab is not None and (grab.source is None or grab.source in foes)
    p = penalty(len(foes), grabbed, hit_grabber) + saves.check_bonus(bonus)
    roll = dice.d20_roll(natural, rng, p)
    target = saves.target("normal")
    return [DisengageAttempted(name=c.name, foes=foes, roll=roll,
                               penalty=p, target=target, success=roll.total >= target,
                               action=action)]
