"""D&D 3.5 (seed 003), Armi (Weapons), with Gittata and Combattere con due armi.

Non-proficient (and improvised) weapons: -4 (35-WPN-01, 35-WPN-11). *Gittata*: -2 per
range increment beyond the first; projectile weapons reach 10 increments, thrown ones 5
(35-ATK-06). *Combattere con due armi*: one extra off-hand attack in a full attack, -6 on
the primary attacks and -10 on the off hand, -4/-8 with a light off-hand weapon (35-WPN-08).
Dealing nonlethal damage with a lethal weapon: -4 (35-NL-02), "o viceversa": lethal
damage with a weapon that deals nonlethal damage (an unarmed strike, a sap: ``--lethal``)
-4 too.

*Impugnare un'arma* (35-WPN-07): the Strength modifier (``--str``) a hit adds to the
damage: full with a weapon in the primary hand, half in the off hand or with a secondary
natural weapon, 1,5 x with a one-handed weapon in both hands, a two-handed weapon or the
only natural weapon -- said by the GM (``--only-natural``): one attack in a command is not
one natural weapon on the creature (a troll's single claw), so nothing is inferred;
nothing more for a light weapon in both hands; a negative modifier
always in full. Fractions round down (not stated by the seed; the 3.5 books' rule).
*Taglia delle armi* (35-WPN-09, ``--weapon-size``): -2 per size category between weapon
and wielder, and the weapon is wielded one handedness category heavier (larger) or
lighter (smaller) per category; past light or two-handed it can't be wielded at all.
*Armi Naturali* (35-WPN-10, ``--natural primary|secondary,...``): armed, never
iterative; the primary at the full bonus, each secondary at -5 (alone or as an attack of
opportunity too); mixed with a manufactured weapon (``--manufactured``) every natural
weapon is secondary. *Armi Improvvisate* (35-WPN-11, ``--improvised``): non-proficient,
threat on 20 only, x2, thrown with a 3 m increment as a standard action (a full-round
action if two-handed), never part of a full attack. *Armi a Spargimento* (35-WPN-05,
``--splash``): a ranged touch attack that needs no proficiency; a hit deals the direct
damage to the target and the splash damage to each adjacent creature; thrown at a grid
intersection it is an attack against AC 5 that splashes the creatures of the 4 squares;
a miss lands in one of the 8 squares around the target (1d8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from battletape.domain.dnd35.bonuses import Mod
from battletape.domain.dnd35.terms import SIZES
from battletape.domain.errors import BadInput, refuse
from battletape.domain.words import N_

if TYPE_CHECKING:
    from battletape.domain.dnd35.attack_order import AttackOrder

MAX_INCREMENTS = {"projectile": 10, "thrown": 5}
HANDED = ("light", "one-handed", "two-handed")
NATURAL = ("primary", "secondary")
SECONDARY_PENALTY = -5
INTERSECTION_AC = 5
IMPROVISED_INCREMENT_M = 3


def off_hand_penalty(off_hand: str) -> int:
    return -8 if off_hand == "light" else -10


def primary_penalty(off_hand: str) -> int:
    return -4 if off_hand == "light" else -6


def check(o: "AttackOrder") -> None:
    """The weapon options' own values: one line each."""
    if o.two_weapon and not o.full:
        raise BadInput("--two-weapon", "without --full",
                       N_("--full (the off-hand attack is part of a full attack)"))
    if o.increment is not None:
        if o.kind != "ranged" and not o.splash:
            raise BadInput("--increment", o.increment, N_("--kind ranged as well"))
        thrown = o.thrown or o.splash
        limit = MAX_INCREMENTS["thrown" if thrown else "projectile"]
        if o.increment > limit:
            raise BadInput("--increment", o.increment,
                           N_("1..{limit} (thrown weapons reach {limit} range "
                              "increments)")
                           if thrown else
                           N_("1..{limit} (projectile weapons reach {limit} range "
                              "increments)"), limit=limit)
    if o.handed is not None and o.handed not in HANDED:
        raise BadInput("--handed", o.handed, N_("light, one-handed or two-handed"))
    for n in o.naturals:
        if n not in NATURAL:
            raise BadInput("--natural", ",".join(o.naturals),
                           N_("primary or secondary, one per natural weapon: "
                              "primary,secondary"))
    if o.naturals:
        if o.unarmed:
            raise BadInput("--natural", "with --unarmed", N_("one of them (an unarmed strike "
                           "by a creature with natural weapons is not a natural attack)"))
        if o.two_weapon:
            raise BadInput("--natural", "with --two-weapon", N_("one of them (natural "
                           "weapons are not off-hand weapons)"))
        if not o.full and len(o.naturals) > 1:
            raise BadInput("--natural", ",".join(o.naturals),
                           N_("one natural weapon (several attack together in a --full "
                              "attack)"))
        if o.manufactured and not o.full:
            raise BadInput("--manufactured", "without --full",
                           N_("--full (natural and manufactured weapons mix in a full "
                              "attack)"))
        if o.only_natural and (o.naturals != ["primary"] or o.manufactured):
            raise BadInput("--only-natural", ",".join(o.naturals),
                           N_("--natural primary alone (the creature's one natural weapon, "
                           "no manufactured one)"))
    elif o.only_natural:
        raise BadInput("--only-natural", "without --natural", N_("--natural primary"))
    elif o.manufactured:
        raise BadInput("--manufactured", "without --natural",
                       N_("--natural secondary,... (the natural weapons it mixes with)"))
    if o.lethal and o.nonlethal:
        raise BadInput("--lethal", "with --nonlethal", N_("one of them"))
    if o.weapon_size is not None and o.weapon_size not in SIZES:
        raise BadInput("--weapon-size", o.weapon_size, ", ".join(SIZES))
    if o.distance is not None and o.distance < 0:
        raise BadInput("--distance", o.distance, N_("metres, 0 or more"))
    if o.splash:
        if o.kind not in (None, "ranged"):
            raise BadInput("--splash", f"with --kind {o.kind}",
                           N_("a thrown splash weapon (--kind ranged)"))
        if o.vs == "flat-footed":
            raise BadInput("--vs", o.vs,
                           N_("touch: a splash weapon is a ranged touch attack"))
        if o.full:
            raise BadInput("--splash", "with --full", N_("a single throw"))
    elif o.intersection or o.adjacent or o.splash_dmg is not None or o.scatter is not None:
        raise BadInput("--splash", "missing", N_("--splash for --intersection, --adjacent, "
                       "--splash-dmg and --scatter"))
    if o.splash_dmg is not None and o.splash_dmg < 0:
        raise BadInput("--splash-dmg", o.splash_dmg, N_("0 or more"))
    if o.scatter is not None and not 1 <= o.scatter <= 8:
        raise BadInput("--scatter", o.scatter, N_("a d8 from 1 to 8"))


def check_rules(a, o: "AttackOrder") -> None:
    """Refusals the weapon rules make (one line naming the seed's paragraph)."""
    if o.improvised:
        if o.threat != 20:
            refuse(N_("an improvised weapon threatens a critical on a natural 20 only "
                      "(not --threat {threat})"), "Armi Improvvisate", threat=o.threat)
        if o.mult != 2:
            refuse(N_("an improvised weapon deals double damage on a critical (x2, not "
                      "x{mult})"), "Armi Improvvisate", mult=o.mult)
        if o.thrown and o.full:
            refuse(N_("throwing an improvised weapon takes a standard action (a "
                      "full-round one if two-handed), not an attack of a full attack"),
                   "Armi Improvvisate")
        if o.kind == "ranged" and not o.thrown:
            refuse(N_("an improvised weapon is never a projectile weapon; it may be thrown "
                      "(--thrown)"), "Armi Improvvisate")
    if o.naturals and o.manufactured and "primary" in o.naturals:
        refuse(N_("mixed with a manufactured weapon every natural weapon is secondary "
                  "(--natural secondary,...)"), "Armi Naturali")
    if o.two_weapon and (o.handed == "two-handed"):
        refuse(N_("a two-handed weapon is used as the primary weapon only"),
               "Armi a Due Mani")
    wielded(a, o)


def size_steps(a, o: "AttackOrder") -> int:
    """Size categories from the wielder to the weapon (positive: the weapon is larger)."""
    if o.weapon_size is None:
        return 0
    from battletape.domain.dnd35 import stats

    order = list(SIZES)
    return order.index(o.weapon_size) - order.index(stats.get(a, "size"))


def wielded(a, o: "AttackOrder") -> str | None:
    """The handedness category the weapon is wielded as (Taglia delle armi): one heavier
    per size category larger than the wielder, one lighter per category smaller."""
    handed = "light" if o.unarmed and o.handed is None else o.handed
    if handed is None:
        return None
    steps = size_steps(a, o)
    i = HANDED.index(handed) + steps
    if not 0 <= i < len(HANDED):
        refuse(N_("a {size} {handed} weapon in {name}'s hands would be lighter than a "
                  "light weapon: it can't be wielded at all") if i < 0
               else N_("a {size} {handed} weapon in {name}'s hands would be heavier than a "
                       "two-handed weapon: it can't be wielded at all"), "Taglia delle armi",
               size=o.weapon_size, handed=handed, name=a.name)
        i = min(max(i, 0), len(HANDED) - 1)     # forced: the nearest category
    return HANDED[i]


def strength(a, o: "AttackOrder", role: str) -> tuple[int, str] | None:
    """The Strength modifier the hit of a swing adds to damage, and why."""
    s = o.str_mod
    if s is None or s == 0:
        return None
    if s < 0:
        return s, "Str (a penalty always in full)"
    if role == "off":
        return s // 2, "1/2 Str (off hand)"
    if role == "natural-secondary":
        return s // 2, "1/2 Str (secondary natural weapon)"
    if role == "natural-primary":
        if o.only_natural:
            return s * 3 // 2, "1,5 x Str (the only natural weapon)"
        return s, "Str (primary natural weapon)"
    handed = wielded(a, o)
    if handed == "two-handed" or (handed == "one-handed" and o.both_hands):
        return s * 3 // 2, f"1,5 x Str ({handed} weapon in both hands)"
    return s, "Str" + (" (light weapon: nothing more in both hands)"
                       if handed == "light" and o.both_hands else "")


def attack_mods(o: "AttackOrder", a=None) -> list[Mod]:
    mods: list[Mod] = []
    if o.two_weapon:
        mods.append(Mod(primary_penalty(o.off_hand), "untyped",
                        "two-weapon fighting (primary)"))
    if o.splash:
        pass                                    # no proficiency needed (Armi a Spargimento)
    elif o.improvised:
        mods.append(Mod(-4, "untyped", "improvised weapon (non-proficient)"))
    elif o.nonproficient:
        mods.append(Mod(-4, "untyped", "non-proficient weapon"))
    if o.nonlethal and not o.unarmed:
        mods.append(Mod(-4, "untyped", "nonlethal damage with a lethal weapon"))
    if o.lethal:
        mods.append(Mod(-4, "untyped", "lethal damage with a nonlethal weapon"))
    if a is not None and size_steps(a, o):
        steps = size_steps(a, o)
        mods.append(Mod(-2 * abs(steps), "untyped",
                        f"weapon size ({o.weapon_size}, {abs(steps)} categor"
                        f"{'y' if abs(steps) == 1 else 'ies'} off)"))
    if o.increment is not None:
        if o.increment > 1:
            mods.append(Mod(-2 * (o.increment - 1), "untyped",
                            f"range increment {o.increment}"
                            + (f" ({IMPROVISED_INCREMENT_M} m each, improvised)"
                               if o.improvised else "")))
    return mods
