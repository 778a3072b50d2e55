"""D&D 3.5 (seed 003), Armi (Weapons), with Gittata and Combattere con due armi.

Non-proficient (and improvised) weapons: -4 (35-WPN-01, 35-WPN-11). *Gittata*: -2 per
range increment beyond the first; projectile weapons reach 10 increments, thrown ones 5
(35-ATK-06). *Combattere con due armi*: one extra off-hand attack in a full attack, -6 on
the primary attacks and -10 on the off hand, -4/-8 with a light off-hand weapon (35-WPN-08).
Dealing nonlethal damage with a lethal weapon: -4 (35-NL-02).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.dnd35.bonuses import Mod
from domain.errors import BadInput

if TYPE_CHECKING:
    from domain.dnd35.attacks import AttackOrder

MAX_INCREMENTS = {"projectile": 10, "thrown": 5}


def off_hand_penalty(off_hand: str) -> int:
    return -8 if off_hand == "light" else -10


def primary_penalty(off_hand: str) -> int:
    return -4 if off_hand == "light" else -6


def attack_mods(o: "AttackOrder") -> list[Mod]:
    mods: list[Mod] = []
    if o.two_weapon:
        if not o.full:
            raise BadInput("--two-weapon", "without --full",
                           "--full (the off-hand attack is part of a full attack)")
        mods.append(Mod(primary_penalty(o.off_hand), "untyped",
                        "two-weapon fighting (primary)"))
    if o.nonproficient:
        mods.append(Mod(-4, "untyped", "non-proficient weapon"))
    if o.nonlethal and not o.unarmed:
        mods.append(Mod(-4, "untyped", "nonlethal damage with a lethal weapon"))
    if o.increment is not None:
        if o.kind != "ranged":
            raise BadInput("--increment", o.increment, "--kind ranged as well")
        limit = MAX_INCREMENTS["thrown" if o.thrown else "projectile"]
        if o.increment > limit:
            raise BadInput("--increment", o.increment,
                           f"1..{limit} ({'thrown' if o.thrown else 'projectile'} weapons "
                           f"reach {limit} range increments)")
        if o.increment > 1:
            mods.append(Mod(-2 * (o.increment - 1), "untyped",
                            f"range increment {o.increment}"))
    return mods
