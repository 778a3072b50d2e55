"""5e SRD (seed 002), Giocare: A 0 punti ferita (Dropping to 0 Hit Points).

"Quando scendi a 0 PF puoi morire subito o perdere i sensi." "I mostri muoiono a 0
PF salvo scelta del GM" (``add --no-die-at-0``). "Se i tuoi PF massimi scendono a 0,
muori." Morte istantanea: "Se i danni eccedenti superano i PF massimi, muori
all'istante" -- literally strictly greater, while the same seed says "≥ PF massimi"
for damage taken at 0 HP and the official SRD says "equals or exceeds" in both places:
battletape follows the SRD (excess >= maximum) and records the reading in the
``InstantDeath`` event, so a dispute can amend it. Privo di sensi: a creature that
does not die is Unconscious (with Prone and Incapacitated) until it regains HP.
Danni a 0 PF (from the death-save section): any damage is one failure, a critical
hit two; whether damage wholly absorbed by temporary HP counts is not stated
(5E-GAP-12): only damage that reaches the hit points does.
Svenire un nemico (Knocking a Creature Out): a melee attack that would drop a creature
to 0 may leave it at 1 HP and Unconscious instead (status ``knocked-out``, no death
saves); the choice stays open when the damage would kill outright (it replaces
"reduce to 0").
"""

from __future__ import annotations

from battletape.domain.dnd5e import stats
from battletape.domain.dnd5e.events import InstantDeath
from battletape.domain.state import Combatant, Condition

RULE = "excess >= max hp (SRD; the seed's 'superano' reads strictly greater)"
AT_ZERO_RULE = "damage >= max hp at 0 hp (seed and SRD)"


def reaching_hp(c: Combatant, amount: int) -> int:
    """The part of ``amount`` that gets past temporary hit points."""
    return max(0, amount - c.temp_hp)


def instant_death(c: Combatant, amount: int) -> InstantDeath | None:
    """The decision for ``amount`` damage (after resistance) to ``c``, or None."""
    if c.status in ("dead", "fled") or stats.dies_at_0(c):
        return None
    through = reaching_hp(c, amount)
    if c.hp == 0:
        if through >= c.max_hp:
            return InstantDeath(name=c.name, damage=through, excess=through,
                                max_hp=c.max_hp, rule=AT_ZERO_RULE)
        return None
    excess = through - c.hp
    if through >= c.hp and excess >= c.max_hp:
        return InstantDeath(name=c.name, damage=through, excess=excess, max_hp=c.max_hp,
                            rule=RULE)
    return None


# --- the fold's part --------------------------------------------------------------------

def fall_unconscious(c: Combatant) -> None:
    from battletape.domain.dnd5e.conditions import implied

    c.conditions["unconscious"] = Condition(source="0 hp")
    for name in implied(c, "unconscious"):
        c.conditions.setdefault(name, Condition(source="unconscious"))


def wake(c: Combatant) -> None:
    """Regaining HP (or a knock-out ending): Unconscious ends; Prone stays."""
    c.conditions.pop("unconscious", None)
    info = c.conditions.get("incapacitated")
    if info is not None and info.source == "unconscious":
        del c.conditions["incapacitated"]
    c.status = "up"
    c.death_saves_failed = 0
    c.extra["death_saves_succeeded"] = 0
    c.extra["death_save_due"] = False


def die(c: Combatant) -> None:
    c.status = "dead"
    c.extra["death_save_due"] = False


def take(c: Combatant, amount: int, crit: bool = False, knock_out: bool = False) -> None:
    """Fold ``amount`` damage into ``c``: temporary HP first, never below 0 HP."""
    if c.status in ("dead",) or amount <= 0:
        return
    soaked = min(c.temp_hp, amount)
    c.temp_hp -= soaked
    through = amount - soaked
    if through <= 0:
        return
    c.damage_taken += through
    if c.hp == 0:
        # Danni a 0 PF: one failure, two on a critical; a stable creature rolls again
        if c.status == "stable":
            c.status = "unconscious"
        c.death_saves_failed += 2 if crit else 1
        if c.death_saves_failed >= 3:
            die(c)
        return
    if knock_out and through >= c.hp:
        c.hp = 1
        c.status = "knocked-out"
        fall_unconscious(c)
        c.conditions["unconscious"] = Condition(source="knocked out")
        return
    c.hp = max(0, c.hp - through)
    if c.hp == 0:
        if stats.dies_at_0(c):
            die(c)
        else:
            c.status = "unconscious"
            fall_unconscious(c)
