"""13th Age SRD, Combat Rules: Recoveries (Recuperi) and Rally (Riprendersi).

"When you use a recovery, regain lost hit points by rolling recovery dice equal to
your level and adding your Constitution modifier" (doubled at 5th level, tripled at
8th). With none left: "half the healing you would otherwise get and a -1 penalty to
all defenses and attack rolls until your next full heal-up", stacking. Rally: once a
battle as a standard action; again only after a normal save (11+), and a failed save
means no rally that round. Death and Dying: "Feeding a dying character a healing potion
gets them conscious and back on their feet, but always takes a standard action"; the
potion uses up a recovery of the one who drinks it ("Many healing spells and potions
require you to use up a recovery").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from battletape.domain import dice
from battletape.domain.encounter import (combatant, require_able, require_initiative, require_on,
                              require_turn)
from battletape.domain.errors import BadInput, refuse, violation
from battletape.domain.words import N_
from battletape.domain.events import Event
from battletape.domain.state import Combatant
from battletape.domain.thirteenth_age import actions, combat_stats, mooks, saves
from battletape.domain.thirteenth_age.events import RallyAttempted, RecoverySpent

if TYPE_CHECKING:
    import random


def expression(c: Combatant) -> str:
    return f"{c.level}d{c.part.recovery_die}"


def spend(state, rng: random.Random, c: Combatant, total: int | None,
          source: str = "recovery") -> RecoverySpent:
    if not c.pc:
        raise violation(N_("{name} is not a PC and has no recoveries"), "Recoveries",
                        name=c.name)
    roll = dice.dice_total(expression(c), total, rng)
    con = combat_stats.ability_damage(c.part.con_mod, c.level)
    amount = max(0, roll.total + con)
    had = c.part.recoveries > 0
    if not had:
        amount //= 2
    return RecoverySpent(name=c.name, roll=roll, con_bonus=con, amount=amount,
                         had_recovery=had, source=source)


def recover(state, rng: random.Random, name: str, total: int | None) -> list[Event]:
    require_on(state)
    c = combatant(state, name)
    if c.status in ("dead", "fled"):
        raise violation(N_("{name} is {status}"), name=c.name, status=c.status)
    return [spend(state, rng, c, total)]


def rally(state, rng: random.Random, name: str, total: int | None,
          natural: int | None) -> list[Event]:
    require_initiative(state)
    c = combatant(state, name)
    require_able(c, "rally")
    require_turn(state, c, "rally")
    if not c.pc:
        raise violation(N_("{name} is not a PC"), "Rally", name=c.name)
    action = actions.slot(c, "standard", mooks.own_turn(state, c))
    if c.part.rally_blocked_round == state.round:
        refuse(N_("{name} failed a rally save this round"), "Rally", name=c.name)
    if c.part.rallies == 0:
        if natural is not None:
            raise BadInput("--save", natural,
                           N_("nothing: the first rally needs no save"))
        return [RallyAttempted(name=c.name, action=action),
                spend(state, rng, c, total, "rally")]
    roll = dice.d20_roll(natural, rng, what="rally save natural")
    ok = roll.total >= saves.target("normal")
    # "If you fail the save, you can take your turn normally": no action is spent
    events: list[Event] = [RallyAttempted(name=c.name, save=roll, success=ok,
                                          action=action if ok else "free")]
    if ok:
        events.append(spend(state, rng, c, total, "rally"))
    return events


def potion(state, rng: random.Random, name: str, helper: str | None,
           total: int | None, action: str = "standard") -> list[Event]:
    """A healing potion, drunk by ``name`` or fed to it by ``helper``."""
    from battletape.domain.thirteenth_age.events import HealingPotionUsed

    require_initiative(state)
    c = combatant(state, name)
    h = combatant(state, helper) if helper else c
    if c.status in ("dead", "fled"):
        raise violation(N_("{name} is {status}"), name=c.name, status=c.status)
    require_able(h, "use a healing potion" if h is c else "feed anyone a potion")
    actions.check(action)
    if c.status in ("unconscious", "stable") and action != "standard":
        refuse(N_("feeding a dying character a healing potion always takes a standard "
                  "action, not a {action} action"), "Death and Dying", action=action)
    used = actions.slot(h, action, mooks.own_turn(state, h))
    return [HealingPotionUsed(name=c.name, helper=h.name, action=used),
            spend(state, rng, c, total, "potion")]
