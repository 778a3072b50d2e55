"""D&D 3.5 (seed 003), Griglia di battaglia (Battle Grid): flanking, concealment, cover.

battletape keeps no map: the circumstances are flags of the attack. *Fiancheggiare*: +2
on a melee attack against an opponent threatened by an ally on the opposite side
(35-FLK-01). *Occultamento*: 20% miss chance, rolled on d100 after the attack roll (01-20
misses, the usual reading); *Occultamento totale*: 50% and no attack of opportunity
(35-CON-01/02). *Copertura*: +4 AC (+2 Reflex); soft cover +4 against ranged attacks only;
limited +2 (+1); improved +8 (+4); total: no attack at all (35-COV-01..06); an attack that
missed only because of the cover hits the cover (35-COV-02).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.dnd35.bonuses import Mod
from domain.errors import RuleViolation

if TYPE_CHECKING:
    from domain.dnd35.attacks import AttackOrder


def attack_mods(o: "AttackOrder") -> list[Mod]:
    mods: list[Mod] = []
    if o.flank:
        if o.kind != "melee":
            raise RuleViolation("flanking gives +2 on a melee attack only (--kind melee)",
                                "Fiancheggiare")
        mods.append(Mod(2, "flanking", "flanking"))
    if o.into_melee:
        if o.kind != "ranged":
            raise RuleViolation("shooting into melee is a ranged attack (--kind ranged)",
                                "Tirare nella mischia")
        mods.append(Mod(-4, "untyped", "shooting into melee"))
    return mods
