"""D&D 3.5 (seed 003), Danni (Damage), Danni non letali, Danno massiccio, Danno di
precisione.

A hit deals the weapon's damage; penalties on the attacker never bring a hit below 1
damage (35-DMG-01). Critical damage rolls the normal damage ``mult`` times; extra dice are
added once (35-CRT-03). Precision damage (``--precision``: sneak attack, skirmish) is lost
against any concealment, with the -4 of nonlethal damage from a lethal weapon, with a
weapon the attacker is not proficient with (improvised included), on a ranged attack
beyond 9 m (``--distance``), and against creatures that are not living or are immune to
criticals (35-PRC-01); in a full attack every qualifying hit gets it. The Strength
modifier of *Impugnare un'arma* (35-WPN-07) is a fixed bonus: multiplied on a critical. Nonlethal
damage goes to its own pool (35-NL-01). One attack dealing 50 or more damage to a living
creature demands a Fortitude save DC 15 or it dies, whatever hp remain; several hits
never add up to it (35-MAS-01: whether nonlethal counts is not stated -- battletape counts
lethal damage only).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from battletape.domain import dice
from battletape.domain.dnd35 import conditions, stats
from battletape.domain.encounter import combatant, require_on
from battletape.domain.words import N_
from battletape.domain.errors import BadInput
from battletape.domain.events import DamageTaken, Event, Roll
from battletape.domain.state import Combatant, EncounterState

if TYPE_CHECKING:
    import random

    from battletape.domain.dnd35.attack_order import AttackOrder

MASSIVE = 50
PRECISION_RANGE_M = 9
MASSIVE_DC = 15
CDG_DC = 10
DEAD_AT = -10


class DamageRoller:
    """The damage of each hit of one attack command: rolled per hit, typed per hit."""

    def __init__(self, o: "AttackOrder", rng: "random.Random"):
        self.o, self.rng = o, rng
        self.hits = 0

    def _typed(self) -> int:
        """The typed damage of this hit: ``--dmg 9`` for every hit, or ``--dmg 9,7``
        one value per hit in order (a full attack rolls damage per hit)."""
        o = self.o
        if len(o.dmgs) <= 1:
            return o.dmg
        if self.hits > len(o.dmgs):
            raise BadInput("--dmg", ",".join(map(str, o.dmgs)),
                           N_('one value per hit ({hits} hits so far)'), hits=self.hits)
        return o.dmgs[self.hits - 1]

    def _base(self, times: int) -> tuple[int, list[int], list[int], str, str]:
        o = self.o
        if o.dmg is not None:
            dmg = self._typed()
            return dmg * times, [], [], f"{dmg} x{times}" if times > 1 else str(dmg), \
                "typed"
        if o.damage is None:
            return 0, [], [], "", "typed"
        total, faces, sides = 0, [], []
        for _ in range(times):
            r = dice.roll(o.damage, self.rng)
            total += r.total
            faces += r.faces
            sides += r.sides
        expr = o.damage if times == 1 else f"({o.damage}) x{times}"
        return total, faces, sides, expr, "virtual"

    def hit(self, a: Combatant, t: Combatant, mult: int, concealed: bool,
            label: str, strength: tuple[int, str] | None = None
            ) -> tuple[int, Roll | None, list[str]]:
        o = self.o
        if o.dmg is None and o.damage is None and o.extra is None and o.extra_dmg is None:
            return 0, None, []
        self.hits += 1
        tags: list[str] = []
        total, faces, sides, expr, source = self._base(mult)
        if strength and (o.dmg is not None or o.damage is not None):
            # Impugnare un'arma (35-WPN-07): a fixed bonus, so multiplied on a critical
            value, why = strength
            total += value * mult
            expr += f" {value:+d} {why}" + (f" x{mult}" if mult > 1 else "")
            tags.append(f"damage {value:+d}: {why}")
        if mult > 1:
            tags.append(f"critical x{mult}")
        penalty = conditions.total(a, "damage")
        if penalty and (o.dmg is not None or o.damage is not None):
            total += penalty
            tags.append(f"damage {penalty:+d} ({', '.join(conditions.has(a, 'damage'))})")
        from battletape.domain.dnd35 import abilities
        if o.dmg is not None or o.damage is not None:
            # a changed Str modifier, typed damage bonuses: fixed, so multiplied (35-CRT-03)
            for m in abilities.damage_mods(a, o.kind, o.thrown, o.str_mod is not None):
                total += m.value * mult
                tags.append(f"damage {m.value:+d}: {m.source or m.type}"
                            + (f" x{mult}" if mult > 1 else ""))
        if (o.dmg is not None or o.damage is not None) and total < 1:
            total = 1
            tags.append("at least 1 damage on a hit")
        extra_total = 0
        if o.extra is not None or o.extra_dmg is not None:
            why = precision_denied(t, o, concealed) if o.precision else None
            if why:
                tags.append(f"precision damage lost: {why}")
            elif o.extra_dmg is not None:
                extra_total = o.extra_dmg
                expr += f" + {o.extra_dmg} extra"
            else:
                r = dice.roll(o.extra, self.rng)
                extra_total = r.total
                faces += r.faces
                sides += r.sides
                expr += f" + {o.extra}" + (" (precision)" if o.precision else "")
            if extra_total and mult > 1:
                tags.append("extra dice not multiplied")
        amount = total + extra_total
        return amount, Roll(expr=expr or "typed", faces=faces, sides=sides,
                            modifier=amount - sum(faces), total=amount, source=source), tags


def precision_denied(t: Combatant, o: "AttackOrder", concealed: bool) -> str | None:
    if concealed or o.concealment:
        return "any concealment denies precision damage"
    if o.nonlethal and not o.unarmed:
        return "dealt with the -4 penalty of nonlethal damage"
    if (o.nonproficient or o.improvised) and not o.splash:
        return "the attacker is not proficient with the weapon"
    if o.kind == "ranged" and o.distance is not None and o.distance > PRECISION_RANGE_M:
        return (f"a ranged attack deals precision damage only within "
                f"{PRECISION_RANGE_M:g} m ({o.distance:g} m)")
    if not stats.get(t, "living"):
        return f"{t.name} is not a living creature"
    if stats.get(t, "crit_immune"):
        return f"{t.name} is immune to critical hits"
    return None


def after_hit(t: Combatant, amount: int, nonlethal: bool, hp_after: int,
              o: "AttackOrder") -> list[Event]:
    from battletape.domain.dnd35.events import SaveDemanded

    out: list[Event] = []
    alive = hp_after > DEAD_AT and (hp_after > 0 or stats.get(t, "living"))
    if o.coup_de_grace and alive:
        out.append(SaveDemanded(name=t.name, save="fort", dc=CDG_DC + amount,
                                against="coup-de-grace"))
    elif not nonlethal and amount >= MASSIVE and stats.get(t, "living") and alive:
        out.append(SaveDemanded(name=t.name, save="fort", dc=MASSIVE_DC,
                                against="massive-damage"))
    return out


def direct_damage(state: EncounterState, target: str, amount: int, nonlethal: bool,
                  type_: str | None, hardness: int | None = None, ranged: bool = False,
                  siege: bool = False) -> list[Event]:
    from battletape.domain.dnd35.events import NonlethalDamageTaken, SaveDemanded
    from battletape.domain.dnd35.terms import damage_type

    require_on(state)
    t = combatant(state, target)
    if amount < 0:
        raise BadInput("damage", amount, N_("0 or more"))
    dtype = damage_type(type_)
    from battletape.domain.dnd35 import attacking_objects
    if attacking_objects.is_object(t) or hardness is not None:
        # Attaccare gli oggetti (35-OBJ-01): energy fractions, ranged half, hardness
        return attacking_objects.direct(t, amount, nonlethal, dtype, hardness, ranged,
                                        siege)
    if ranged or siege:
        raise BadInput("--ranged" if ranged else "--siege", "on a creature",
                       N_("an object (add --object, or --hardness N)"))
    from battletape.domain.dnd35 import effects
    typed, (amount, _why) = amount, effects.reduced(t, amount, dtype)  # named effects'
    if nonlethal:
        return [NonlethalDamageTaken(target=t.name, amount=amount)]
    events: list[Event] = [DamageTaken(target=t.name, amount=amount, damage_type=dtype,
                                       **({"resistance": typed - amount, "rolled": typed}
                                          if typed != amount else {}))]
    if amount >= MASSIVE and stats.get(t, "living") and t.hp - amount > DEAD_AT:
        events.append(SaveDemanded(name=t.name, save="fort", dc=MASSIVE_DC,
                                   against="massive-damage"))
    return events
