"""13th Age SRD, Combat Rules: whom an attack goes to.

Targeting: "you can't target yourself unless it is explicitly stated that you can
also be a target". Confused (confuso): "Your next attack action will be a basic or
at-will attack against any nearby ally, determined randomly". Shooting into Melee:
"When using a ranged attack to target an enemy that is engaged with one or more of
your allies and you fumble (roll a 1), reroll that attack considering the engaged ally
as the target. If there are multiple allies, the GM rules which ally is the target."
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from battletape.domain import dice
from battletape.domain.encounter import combatant, same_side
from battletape.domain.errors import BadInput, refuse, violation
from battletape.domain.words import N_
from battletape.domain.state import Combatant, EncounterState

if TYPE_CHECKING:
    import random


def require_not_self(a: Combatant, targets: list[Combatant]) -> None:
    if any(t.name == a.name for t in targets):
        refuse(N_("{name} can't target itself, unless the power says it can"),
               "Targeting", name=a.name)


def confused_target(state: EncounterState, a: Combatant, targets: list[str],
                    pick: int | None, rng: random.Random) -> tuple[list[str], list[str]]:
    """Confused: the attack goes to a nearby ally, determined randomly (TARGET
    ``ally``: the die picks among them in initiative order, or ``pick`` says which the
    die chose; a named ally: the GM's roll at the table). The targets, and the tags
    recording the pick."""
    allies = [n for n in state.order + [n for n in state.combatants
                                        if n not in state.order]
              if (o := state.combatants[n]).name != a.name and same_side(o, a)
              and o.status not in ("dead", "fled") and o.part.whereabouts != "far"]
    allies = list(dict.fromkeys(allies))
    if not allies:
        refuse(N_("{name} is confused and has no nearby ally to attack"),
               "Conditions: Confused", name=a.name)
        return targets, ["confused"]  # forced: the targets the GM named
    if [t.casefold() for t in targets] == ["ally"]:
        if pick is not None:
            if not 1 <= pick <= len(allies):
                raise BadInput("--pick", pick, '1..{n} ({n2})', n=len(allies), n2=', '.join(allies))
            face = pick
            source = "typed"
        else:
            face = dice.roll(f"1d{len(allies)}", rng).total if len(allies) > 1 else 1
            source = "virtual"
        chosen = allies[face - 1]
        return [chosen], [f"confused:{face}/{len(allies)}:{source}"]
    for n in targets:
        t = combatant(state, n)
        if t.name not in allies:
            refuse(N_("{name} is confused: its attack goes to a nearby ally determined "
                      "randomly ({allies}): give TARGET `ally` to roll it, or the ally the "
                      "table rolled"), "Conditions: Confused", name=a.name,
                   allies=", ".join(allies))
    return targets, ["confused"]


def into_melee(state: EncounterState, a: Combatant, t: Combatant,
               ally: str | None) -> Combatant | None:
    """Shooting into Melee: the ally a fumbled ranged attack is rerolled against
    (``ally``: the GM's ruling, names separated by commas)."""
    allies = [o for n in t.engaged_with
              if (o := state.combatants.get(n)) is not None and same_side(o, a)
              and o.name != a.name and o.status not in ("dead", "fled")]
    if not allies:
        return None
    if ally is not None:  # the GM's ruling: the first named who is in that melee
        named = [combatant(state, n.strip()) for n in ally.split(",") if n.strip()]
        chosen = next((o for o in named if o.name in {x.name for x in allies}), None)
        if chosen is None:
            raise violation(N_("{name} is not an ally engaged with {target} ({allies})"),
                            "Shooting into Melee", name=ally, target=t.name,
                            allies=", ".join(o.name for o in allies))
        return chosen
    if len(allies) > 1:
        raise violation(N_("the fumble is rerolled against an ally engaged with {target}, "
                           "and there are several ({allies}): the GM rules which with "
                           "--ally NAME"), "Shooting into Melee", target=t.name,
                        allies=", ".join(o.name for o in allies))
    return allies[0]
