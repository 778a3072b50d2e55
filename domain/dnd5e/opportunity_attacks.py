"""5e SRD (seed 002), Giocare: Attacchi di opportunità (Opportunity Attacks).

"Quando una creatura lascia la tua portata, puoi usare la Reazione per fare un attacco
in mischia contro di lei": one melee attack, spending the reaction, by a creature that
is not Incapacitated. Evitarli: none if the mover used Disengage, teleports, or "vieni
spostato da un effetto" (``--trigger teleport|forced``).
"""

from __future__ import annotations

from battletape.domain.dnd5e import stats
from battletape.domain.errors import BadInput, refuse

SECTION = "Attacchi di opportunità"
TRIGGERS = ("leaves-reach", "teleport", "forced")


def check(kind: str | None, targets: list, trigger: str | None) -> None:
    if trigger is not None and trigger not in TRIGGERS:
        raise BadInput("--trigger", trigger, " or ".join(TRIGGERS))
    if kind != "melee":
        refuse("an opportunity attack is one melee attack (--kind melee)",
               SECTION)
    if len(targets) != 1:
        refuse("an opportunity attack has one target", SECTION)
    t = targets[0]
    if trigger in ("teleport", "forced"):
        refuse(f"{t.name} did not provoke: moving by "
               f"{'teleport' if trigger == 'teleport' else 'an effect'} "
               "provokes no opportunity attack", f"{SECTION}: Evitarli")
    if stats.get(t, "disengaged"):
        refuse(f"{t.name} took the Disengage action: its movement provokes "
               "no opportunity attacks this turn", f"{SECTION}: Evitarli")
