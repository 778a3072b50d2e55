"""13th Age SRD, Combat Rules: Ongoing Damage (Danni continuati) and Make Saves Last.

"A creature taking ongoing damage takes that damage at the end of its turn
immediately before it rolls its save (11+ unless otherwise specified) against that
ongoing damage." A resisted type uses the original attack roll (Resistance). Saves
against save-ends conditions come last too; timed conditions lapse at turn's end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from battletape.domain import dice
from battletape.domain.encounter import combatant, positive, require_on
from battletape.domain.errors import BadInput, violation
from battletape.domain.words import N_
from battletape.domain.events import (ConditionRemoved, DamageTaken, Event, OngoingDamageApplied,
                           OngoingDamageEnded, SaveRolled)
from battletape.domain.state import Combatant, EncounterState
from battletape.domain.thirteenth_age import effects, events as te, resistance, saves
from battletape.domain.thirteenth_age.damage_and_healing import take_damage

if TYPE_CHECKING:
    import random


def apply(state: EncounterState, name: str, amount: int, damage_type: str | None,
          save: str | None, natural: int | None, nonmagical: bool = False,
          rng: random.Random | None = None) -> list[Event]:
    """Ongoing damage on a creature; against a resisted type with no original attack
    roll given, one is faked now and used at every end of turn (Resistance)."""
    require_on(state)
    c = combatant(state, name)
    positive("ongoing damage", amount, allow_zero=False)
    saves.target(save)
    if natural is not None and not 1 <= natural <= 20:
        raise BadInput("original natural roll", natural, "1..20")
    kind = damage_type.lower() if damage_type else None
    fake = resistance.fake_roll(kind, natural, c.part.resist, nonmagical, rng)
    return [OngoingDamageApplied(name=c.name, amount=amount, damage_type=kind,
                                 save=(save or "normal").lower(),
                                 natural=fake.natural if fake else natural,
                                 extra=te.extra("OngoingDamageApplied",
                                                nonmagical=nonmagical, fake_roll=fake))]


def _natural_for(c: Combatant, naturals: list[int], rng: random.Random,
                 used: list[int], bonus: int = 0) -> dice.Roll:
    i = len(used)
    used.append(1)
    return dice.d20_roll(naturals[i] if i < len(naturals) else None, rng,
                         bonus + effects.total(c, "save"),
                         what=f"save natural for {c.name}")


def end_of_turn(state: EncounterState, c: Combatant, naturals: list[int],
                rng: random.Random, meaningful_death: bool = False,
                bonus: int = 0) -> list[Event]:
    """Ongoing damage, then saves (ongoing first, then conditions), then lapses."""
    events: list[Event] = []
    used: list[int] = []
    probe = (msgspec.structs.replace(c, part=msgspec.structs.replace(c.part))
             if c.ongoing else c)  # (a copy to take the damage: none to take, none)
    for o in c.ongoing:
        outcome = resistance.apply(o.amount, o.type, o.natural, c.part.resist,
                                   o.extra.get("nonmagical", False))
        events.append(DamageTaken(target=c.name, amount=outcome.amount,
                                  damage_type=o.type, resistance=outcome.resistance,
                                  natural=o.natural, half=outcome.half,
                                  immune=outcome.immune, rolled=o.amount,
                                  source="ongoing"))
        take_damage(probe, outcome.amount, meaningful_death)
    if probe.status == "dead":
        return events  # the dead make no saves
    passed: list[int] = []
    for i, o in enumerate(c.ongoing):
        roll = _natural_for(c, naturals, rng, used, bonus)
        target = saves.target(o.save)
        ok = roll.total >= target
        events.append(SaveRolled(name=c.name, against="ongoing", difficulty=o.save,
                                 target=target, roll=roll, success=ok))
        if ok:
            passed.append(i)
    for i in reversed(passed):
        events.append(OngoingDamageEnded(name=c.name, index=i, reason="save"))
    for cond, info in c.conditions.items():
        if info.save:
            roll = _natural_for(c, naturals, rng, used, bonus)
            target = saves.target(info.save)
            ok = roll.total >= target
            events.append(SaveRolled(name=c.name, against=cond, difficulty=info.save,
                                     target=target, roll=roll, success=ok))
            if ok:
                events.append(ConditionRemoved(name=c.name, condition=cond,
                                               reason="save"))
        elif info.turn_ends == 1 and info.turn_of in (None, c.name):
            events.append(ConditionRemoved(name=c.name, condition=cond,
                                           reason=info.until or "end of turn"))
    if len(naturals) > len(used):
        raise BadInput(f"saves for {c.name}", ",".join(map(str, naturals)),
                       N_('{n} natural d20s (one per pending save)'), n=len(used))
    return events


def save(state: EncounterState, rng: random.Random, name: str, natural: int | None,
         against: str | None, difficulty: str | None = None,
         bonus: int = 0) -> list[Event]:
    """A save outside the end-of-turn routine (a power's effect, the GM's call)."""
    require_on(state)
    c = combatant(state, name)
    if against is None:
        against = "ongoing" if c.ongoing else next(
            (k for k, v in c.conditions.items() if v.save), None)
        if against is None:
            raise violation(N_("{name} has nothing to save against; give --against"),
                            name=c.name)
    against = against.lower()
    if against == "ongoing":
        if not c.ongoing:
            raise violation(N_("{name} takes no ongoing damage"), name=c.name)
        level = difficulty or c.ongoing[0].save
    else:
        if against not in c.conditions:
            raise violation(N_("{name} is not {condition}"), name=c.name,
                            condition=against)
        level = difficulty or c.conditions[against].save or "normal"
    roll = dice.d20_roll(natural, rng, saves.check_bonus(bonus) + effects.total(c, "save"),
                         what="save natural")
    target = saves.target(level)
    ok = roll.total >= target
    events: list[Event] = [SaveRolled(name=c.name, against=against, difficulty=level,
                                      target=target, roll=roll, success=ok)]
    if ok:
        events.append(OngoingDamageEnded(name=c.name, index=0, reason="save")
                      if against == "ongoing" else
                      ConditionRemoved(name=c.name, condition=against, reason="save"))
    return events
