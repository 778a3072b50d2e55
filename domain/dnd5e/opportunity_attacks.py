"""5e SRD (seed 002), Giocare: Attacchi di opportunità (Opportunity Attacks).

"Quando una creatura lascia la tua portata, puoi usare la Reazione per fare un attacco
in mischia contro di lei": one melee attack, spending the reaction, by a creature that
is not Incapacitated. Evitarli: none if the mover used Disengage, teleports, or "vieni
spostato da un effetto" (``--trigger teleport|forced``).
"""

from __future__ import annotations

from battletape.domain.dnd5e import stats
from battletape.domain.errors import BadInput, Either, refuse
from battletape.domain.words import N_

SECTION = "Attacchi di opportunità"
TRIGGERS = ("leaves-reach", "teleport", "forced")


def check(kind: str | None, targets: list, trigger: str | None) -> None:
    if trigger is not None and trigger not in TRIGGERS:
        raise BadInput("--trigger", trigger, Either(TRIGGERS))
    if kind != "melee":
        refuse(N_("an opportunity attack is one melee attack (--kind melee)"),
               SECTION)
    if len(targets) != 1:
        refuse(N_("an opportunity attack has one target"), SECTION)
    t = targets[0]
    if trigger in ("teleport", "forced"):
        refuse(N_("{name} did not provoke: moving by teleport provokes no opportunity "
                  "attack") if trigger == "teleport"
               else N_("{name} did not provoke: moving by an effect provokes no "
                       "opportunity attack"), f"{SECTION}: Evitarli", name=t.name)
    if stats.get(t, "disengaged"):
        refuse(N_("{name} took the Disengage action: its movement provokes no "
                  "opportunity attacks this turn"), f"{SECTION}: Evitarli", name=t.name)
