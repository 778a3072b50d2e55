"""5e SRD (seed 002), Giocare: Tiri salvezza e danni (Saving Throws and Damage).

Danni multipli: when several creatures take damage from the same effect, the dice are
rolled once (recorded once, as a FreeRolled of the source). Mezzo danno: a successful
save often halves the damage, rounded down (``--half``; without it a success takes
none). Then each target's resistance, vulnerability and immunity apply.

``effect`` names its targets, so it targets them directly: naming a target with total
cover ("Non può essere preso di mira direttamente", Copertura) or the creature that
charmed the source ("Non puoi attaccare o bersagliare l'incantatore", Incantato) is
refused as ``attack`` refuses it. An area effect that reaches them anyway (the official
SRD lets an area include a target with total cover) is the GM's ``--force``; the save
then records the total cover, with no bonus.

A save with a condition and no damage (issue 24: the hag's Horrific Appearance, Wisdom
save or Frightened): ``--condition COND`` applies it to each target that fails, the
source as its source; ``--save-ends`` lets it end on the same save repeated at the end
of each of the bearer's turns (``effects.py``); ``--rounds N`` bounds it. With damage
too, the condition comes with the damage of a failed save.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from battletape.domain import dice
from battletape.domain.dnd5e.damage_and_healing import _target, adjust
from battletape.domain.encounter import names_a_group, names_or_group
from battletape.domain.dnd5e.dropping_to_zero import instant_death
from battletape.domain.dnd5e.saving_throws import check_dc, save_roll
from battletape.domain.dnd5e.terms import ability, damage_type
from battletape.domain.encounter import combatant, require_on
from battletape.domain.errors import BadInput, refuse
from battletape.domain.words import N_
from battletape.domain.events import DamageTaken, Event, FreeRolled

if TYPE_CHECKING:
    import random


def effect(state, rng: "random.Random", source: str, targets: list[str], ability_: str,
           dc: int, damage: str | None, dmg: int | None, type_: str | None, half: bool,
           save_rolls: dict[str, list[int]], covers: dict[str, str],
           condition: str | None = None, save_ends: bool = False,
           rounds: int | None = None) -> list[Event]:
    from battletape.domain.dnd5e import cover

    require_on(state)
    src = combatant(state, source).name
    abil = ability(ability_)
    check_dc(dc)
    dtype = damage_type(type_)
    if damage is None and dmg is None and condition is None:
        raise BadInput("damage", None,
                       N_("--damage EXPR or --dmg N, or --condition COND"))
    if condition is None and (save_ends or rounds is not None):
        raise BadInput("--save-ends/--rounds", condition, N_("--condition COND as well"))
    if half and damage is None and dmg is None:
        raise BadInput("--half", True, N_("damage (--damage or --dmg) to halve"))
    # a monster group's name stands for every member still standing
    hit = [_target(state, m.name) for t in targets for m in names_or_group(state, t)
           if not names_a_group(state, t) or m.status != "dead"]
    names = {c.name for c in hit}
    for name in list(save_rolls) + list(covers):
        if combatant(state, name).name not in names:
            raise BadInput("target", name, N_("one of {names}"),
                           names=", ".join(names))
    rolls = {combatant(state, k).name: v for k, v in save_rolls.items()}
    degrees = {combatant(state, k).name: cover.check(v) for k, v in covers.items()}
    charm = combatant(state, source).conditions.get("charmed")
    for c in hit:
        if charm is not None and charm.source == c.name:
            refuse(N_("{name} is charmed by {target} and can't target it"),
                   "Condizioni: Incantato", name=src, target=c.name)
        cover.bonus(degrees.get(c.name), c.name)  # total cover: not targeted directly
    has_damage = damage is not None or dmg is not None
    roll = dice.dice_total(damage or "typed", dmg, rng) if has_damage else None
    events: list[Event] = [FreeRolled(roll=roll, roller=src,
                                      purpose=f"damage of one effect on "
                                              f"{', '.join(c.name for c in hit)}")
                           ] if roll is not None else []
    for c in hit:
        saved = save_roll(c, rng, abil, dc, None, rolls.get(c.name, []),
                          cover_degree=degrees.get(c.name))
        events.append(saved)
        if condition is not None and not saved.success:
            # a save or a condition (the hag's Horrific Appearance: Wisdom or Frightened)
            from battletape.domain.errors import AlreadyHolds
            from battletape.domain.dnd5e.conditions import apply_condition
            try:
                events += apply_condition(state, c.name, condition, src, None, rounds,
                                          save_ends=f"{abil}:{dc}" if save_ends else None)
            except AlreadyHolds:
                pass  # already so: nothing more to record for this target
        if roll is None:
            continue
        rolled = roll.total // 2 if saved.success and half else (
            0 if saved.success else roll.total)
        adj = adjust(state, c, rolled, dtype)
        events.append(DamageTaken(target=c.name, amount=adj.amount, damage_type=dtype,
                                  half=adj.resisted, immune=adj.immune, rolled=rolled,
                                  source=f"effect of {src}: save "
                                         f"{'success' if saved.success else 'failure'}"))
        death = instant_death(c, adj.amount)
        if death:
            events.append(death)
    return events
