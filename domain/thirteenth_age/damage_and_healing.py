"""13th Age SRD, Combat Rules: Damage and Healing (Danni e Guarigione).

Staggered (barcollante) at half hit points or fewer; unconscious (privo di sensi) at
0 hp or below; monsters at 0 hp are slain, "unless the characters' intent is to keep
the monster alive" (a knock-out blow: unconscious instead); a PC dies at negative hit
points equal to half its maximum (Death and Dying): with an odd maximum, on passing it
(25 hp: alive at -12, dead at -13; the seed and the official SRD say only "equal to
half", which a whole hp total can't be, so it must be reached, not rounded toward 0) — under the Optional Meaningful Death
Rule only a named villain slays it, and four failed death saves are a coma. Healing a dying PC starts from 0. Temporary Hit
Points are spent first and never stack (only the higher amount counts). These are
the fold's helpers: they change the combatant they are given.
"""

from __future__ import annotations

from battletape.domain.state import Combatant
from battletape.domain.words import N_


def staggered(c: Combatant) -> bool:
    """"When you are reduced to half your hit points or fewer, you're staggered": 0 hp
    and negative hit points are fewer (a PC at -5 is staggered); the dead are not."""
    return c.status != "dead" and c.hp * 2 <= c.max_hp


def dead_at(c: Combatant) -> int:
    """The highest hp at which a PC is dead: "You also die when you reach negative hit
    points equal to half your maximum hit points". With an odd maximum, half is not a
    whole number (25: 12.5); hit points are, so the PC dies on passing it: -13, not -12
    (hp <= -max/2, i.e. -ceil(max/2); an even maximum 24 dies at -12 exactly)."""
    return -((c.max_hp + 1) // 2)


def take_damage(c: Combatant, amount: int, meaningful_death: bool = False,
                knock_out: bool = False, villain: bool = False) -> None:
    """Temporary hit points absorb first, then hit points; the status follows."""
    if amount <= 0 or c.status in ("dead", "fled"):
        return
    absorbed = min(c.temp_hp, amount)
    c.temp_hp -= absorbed
    c.hp -= amount - absorbed
    c.damage_taken += amount
    if c.hp > 0:
        return
    if not c.pc:
        # Unconscious: "When monsters drop to 0 hp ... slain, unless the characters'
        # intent is to keep the monster alive"
        c.status = "unconscious" if knock_out else "dead"
        return
    if c.hp <= dead_at(c) and (not meaningful_death or villain):
        c.status = "dead"
        return
    if c.status == "up":
        c.status = "unconscious"
        c.part.fell += 1


def heal(c: Combatant, amount: int) -> None:
    """"Ignore your current negative hit points. Start from 0 and add"."""
    if c.status in ("dead", "fled") or amount <= 0:
        return
    if c.hp < 0:
        c.hp = 0
    c.hp = min(c.max_hp, c.hp + amount)
    if c.part.coma:
        return  # "brought back to consciousness once they're fully out of danger"
    if c.hp > 0 and c.status in ("unconscious", "stable"):
        c.status = "up"


def gain_temp_hp(c: Combatant, amount: int) -> None:
    """Temporary Hit Points: "use only the higher amount and ignore the lower"."""
    c.temp_hp = max(c.temp_hp, amount)


def lasting_wound(c: Combatant) -> None:
    """Optional Lasting-Wound Rule: max hp drops by 2 + level per wound."""
    c.part.lasting_wounds += 1
    c.max_hp -= 2 + c.level
    c.hp = min(c.hp, c.max_hp)


def direct_damage(state, name: str, amount: int, damage_type: str | None,
                  natural: int | None = None, nonmagical: bool = False,
                  rng=None, knock_out: bool = False) -> list:
    """Damage outside an attack; against a resisted type, a natural roll is faked
    (rolled virtually) unless one is given (Resistance: "fake an attack roll")."""
    from battletape.domain.encounter import combatant, positive, require_on
    from battletape.domain.events import DamageTaken
    from battletape.domain.thirteenth_age import events as te, resistance

    require_on(state)
    c = combatant(state, name)
    positive("damage", amount)
    kind = damage_type.lower() if damage_type else None
    require_knock_out(c, knock_out)
    fake = resistance.fake_roll(kind, natural, c.part.resist, nonmagical, rng)
    if fake is not None:
        natural = fake.natural
    outcome = resistance.apply(amount, kind, natural, c.part.resist, nonmagical)
    return [DamageTaken(target=c.name, amount=outcome.amount, damage_type=kind,
                        resistance=outcome.resistance, natural=natural,
                        half=outcome.half, immune=outcome.immune, rolled=amount,
                        knock_out=knock_out,
                        extra=te.extra("DamageTaken", fake_roll=fake))]


def require_knock_out(c: Combatant, knock_out: bool) -> None:
    """Knocking out is for monsters: a PC at 0 hp falls unconscious anyway."""
    from battletape.domain.errors import violation

    if knock_out and c.pc:
        raise violation(N_("{name} is a PC: PCs at 0 hp fall unconscious anyway; a "
                           "knock-out blow keeps a monster alive"), "Unconscious",
                        name=c.name)


def direct_heal(state, name: str, amount: int) -> list:
    from battletape.domain.encounter import combatant, positive, require_on
    from battletape.domain.errors import violation
    from battletape.domain.events import Healed

    require_on(state)
    c = combatant(state, name)
    positive("healing", amount)
    if c.status in ("dead", "fled"):
        raise violation(N_("{name} is {status}"), name=c.name, status=c.status)
    return [Healed(target=c.name, amount=amount)]


def temporary(state, name: str, amount: int) -> list:
    from battletape.domain.encounter import combatant, positive, require_on
    from battletape.domain.events import TempHpGained

    require_on(state)
    c = combatant(state, name)
    positive("temporary hit points", amount)
    return [TempHpGained(target=c.name, amount=amount)]
