"""D&D 3.5 (seed 003), Mosse speciali (Special Moves) that change an attack.

*Caricare* (charge, 35-CHG-01): a full-round action (a standard one when limited to one
standard action), one melee attack at +2, and -2 AC until the start of the charger's next
turn; not fatigued, exhausted or entangled, not across difficult terrain. *Combattere
sulla difensiva* (35-DEF-01): -4 on the attacks, +2 dodge AC until the next turn. *Colpo
di grazia* (35-CDG-01): a full-round action against a helpless creature with a melee
weapon: an automatic critical hit, then Fortitude DC 10 + damage or death; creatures
immune to critical hits are immune. *In Lotta* (35-CND-19), attacking the grapple
opponent: "un normale TxC ... con una penalità di -4", "solo armi naturali, attacchi
senz'armi o armi leggere", "un solo TxC per round: non si può attaccare con due armi":
-4 on an attack on a creature it grapples; a full attack, two-weapon fighting and a
one-handed or two-handed weapon (``--handed``, as wielded) are refused (forceable).
Nothing is inferred when ``--handed`` is not given. (A ranged attack into a grapple
hitting a random grappler is the GM's to roll: not modelled.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from battletape.domain.dnd35 import conditions, stats
from battletape.domain.dnd35.bonuses import Mod
from battletape.domain.errors import BadInput, refuse
from battletape.domain.words import N_
from battletape.domain.state import Combatant, EncounterState

if TYPE_CHECKING:
    from battletape.domain.dnd35.attack_order import AttackOrder


def attack_mods(a: Combatant, o: "AttackOrder") -> list[Mod]:
    mods: list[Mod] = []
    if o.charge:
        mods.append(Mod(2, "untyped", "charge"))
    if o.defensively:
        mods.append(Mod(-4, "untyped", "fighting defensively"))
    return mods


GRAPPLE_PENALTY = -4
IN_A_GRAPPLE = "Condizioni: In Lotta"


def grapple_opponent(a: Combatant, t: Combatant) -> bool:
    """``a`` grapples ``t``: its attack on ``t`` is an attack while grappling."""
    return "grappling" in a.conditions and t.name in (a.extra.get("grappling_with") or [])


def grapple_mods(a: Combatant, t: Combatant) -> list[Mod]:
    """35-CND-19: -4 on a normal attack roll against the grapple opponent."""
    if grapple_opponent(a, t):
        return [Mod(GRAPPLE_PENALTY, "untyped", "grappling (attack on the grapple "
                    "opponent)")]
    return []


def check_grappling(a: Combatant, targets: list[Combatant], o: "AttackOrder") -> None:
    """35-CND-19: one attack a round, a light, natural or unarmed weapon only."""
    if not any(grapple_opponent(a, t) for t in targets):
        return
    if o.full or o.two_weapon:
        refuse(N_("{name} is grappling: a single attack roll a round on its grapple "
                  "opponent (no full attack, no two weapons)"), IN_A_GRAPPLE, name=a.name)
    from battletape.domain.dnd35 import weapons
    handed = weapons.wielded(a, o)
    if handed in ("one-handed", "two-handed") and not o.naturals and not o.unarmed:
        refuse(N_("{name} is grappling: only natural weapons, unarmed strikes or light "
                  "weapons (not a one-handed weapon)") if handed == "one-handed"
               else N_("{name} is grappling: only natural weapons, unarmed strikes or light "
                       "weapons (not a two-handed weapon)"), IN_A_GRAPPLE, name=a.name)


def check_attack(state: EncounterState, a: Combatant, targets: list[Combatant],
                 o: "AttackOrder") -> None:
    from battletape.domain.dnd35 import battle_grid

    check_grappling(a, targets, o)

    for t in targets:
        battle_grid.check(a, t, o)
    if o.charge:
        if o.full:
            raise BadInput("--charge", "with --full", N_("one attack (a charge ends in one "
                           "melee attack)"))
        if o.kind not in (None, "melee"):
            refuse(N_("a charge ends in a melee attack"), "Caricare")
        for n in conditions.has(a, "no_run_charge"):
            refuse(N_("{name} is {condition} and can't charge"), "Caricare", name=a.name,
                   condition=n)
        if o.difficult:
            refuse(N_("no charge across difficult terrain"), "Terreno difficile")
    if o.coup_de_grace:
        t = targets[0]
        if len(targets) > 1 or o.full:
            raise BadInput("--coup-de-grace", "", N_("one helpless target, one attack"))
        if "helpless" not in conditions.held(t):
            refuse(
            N_("{name} is not helpless: a coup de grace needs a helpless opponent"),
                   "Colpo di grazia", name=t.name)
        if stats.get(t, "crit_immune"):
            refuse(N_("{name} is immune to critical hits, so to a coup de grace"),
                   "Colpo di grazia", name=t.name)
        if o.kind == "ranged":
            refuse(N_("a coup de grace is delivered with a melee weapon (a bow or crossbow "
                      "only if adjacent: --kind melee)"),
                   "Colpo di grazia")
    if o.full and state.extra.get("surprise_round"):
        refuse(N_("no full attack in the surprise round (a single standard or move "
                  "action)"), "Sorpresa")
    if "prone" in a.conditions and o.kind == "ranged" and (o.weapon or "").lower() not in (
            "crossbow", "light-crossbow", "heavy-crossbow", "hand-crossbow", "shuriken"):
        refuse(N_("{name} is prone: no ranged weapon but a crossbow or shuriken "
                  "(--weapon crossbow)"), "Condizioni: Prono", name=a.name)


def turn_ended(state: EncounterState, name: str) -> None:
    """A feint lasts until the end of the feinter's next turn; a counter (trip, disarm,
    overrun) is taken at once, within the same turn."""
    if state.extra.get("maneuver_counter") is not None:
        state.extra["maneuver_counter"] = None
    for c in state.combatants.values():
        if c.extra.get("feinted_by") == name:
            left = c.extra.get("feint_turns", 1) - 1
            c.extra["feint_turns"] = left
            if left <= 0:
                c.extra["feinted_by"] = None


def released(state: EncounterState, c: Combatant, condition: str) -> None:
    """A creature no longer grappling leaves every grapple it was in."""
    if condition != "grappling":
        return
    for n in c.extra.get("grappling_with") or []:
        other = state.combatants.get(n)
        if other is not None:
            other.extra["grappling_with"] = [x for x in other.extra.get("grappling_with")
                                             or [] if x != c.name]
    c.extra["grappling_with"] = []
