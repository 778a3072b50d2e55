"""5e SRD (seed 002), Giocare: Danni e guarigione (Damage and Healing).

Punti ferita: from the maximum down to 0, never below. Insanguinato (bloodied): "Con
metà PF o meno", hp <= max/2 compared exactly; 0 HP is "metà o meno" too, so a creature
at 0 counts as bloodied (the seed sets no lower bound). Tiri danni: the modifier is in
the expression. Colpi critici: "Si tirano due volte tutti i dadi di danno coinvolti e si
sommano i modificatori" -- dice twice, modifiers once. Resistenza e vulnerabilità:
resistance halves (rounded down), vulnerability doubles, several of the same kind count
once, "Prima bonus/penalità, poi resistenza, poi vulnerabilità"; Immunità: none of that
damage. Under water everything resists fire. Guarigione: never above the maximum; any
HP regained ends Unconscious and resets the death saves.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from battletape.domain.patterns import pattern
from battletape.domain.dnd5e import stats
from battletape.domain.dnd5e.dropping_to_zero import instant_death
from battletape.domain.dnd5e.terms import damage_type
from battletape.domain.encounter import combatant, require_on
from battletape.domain.errors import BadInput, refuse, violation
from battletape.domain.words import N_
from battletape.domain.events import DamageTaken, Event, Healed
from battletape.domain.state import Combatant, EncounterState

_DICE = pattern(r"(\d*)\s*d\s*(\d+)", re.IGNORECASE)


def bloodied(c: Combatant) -> bool:
    """Insanguinato: hp <= max/2 exactly (max 15: 7 yes, 8 no; max 16: 8 yes)."""
    return c.hp * 2 <= c.max_hp


def crit_expression(expr: str) -> str:
    """``1d8+3`` -> ``2d8+3``: every die twice, modifiers once."""
    return _DICE.sub(lambda m: f"{2 * int(m.group(1) or 1)}d{m.group(2)}", expr)


def extra_crit_dice(expr: str) -> str:
    """Only the dice of ``expr`` (``1d8+3`` -> ``1d8``): the second roll of a crit."""
    found = _DICE.findall(expr)
    if not found:
        raise BadInput("--damage", expr, N_("dice to roll twice on a critical hit"))
    return "+".join(f"{n or 1}d{s}" for n, s in found)


class Adjusted(NamedTuple):
    amount: int
    resisted: bool
    vulnerable: bool
    immune: bool
    tags: list[str]


def underwater(state: EncounterState) -> bool:
    return bool(state.extra.get("underwater", state.options.get("underwater", False)))


_NO_NAMED: dict[str, dict[str, str]] = {"immune": {}, "resist": {}, "vulnerable": {}}


def adjust(state: EncounterState, c: Combatant, amount: int, dtype: str | None,
           modifier: int = 0) -> Adjusted:
    """Ordine di applicazione: bonus/penalità, then resistance, then vulnerability."""
    tags: list[str] = []
    value = max(0, amount + modifier)
    if modifier:
        tags.append(f"modifier:{modifier:+d}")
    if dtype is None:
        return Adjusted(value, False, False, False, tags)
    if c.conditions:  # the named effects' damage types (a creature without: none)
        from battletape.domain.dnd5e import effects

        named = {w: effects.damage_types(c, w) for w in ("immune", "resist", "vulnerable")}
    else:
        named = _NO_NAMED
    if dtype in stats.list_of(c, "immune"):
        return Adjusted(0, False, False, True, tags + [f"immune:{dtype}"])
    if dtype in named["immune"]:
        return Adjusted(0, False, False, True,
                        tags + [f"immune:{dtype} ({named['immune'][dtype]})"])
    resisted = dtype in stats.list_of(c, "resist")
    if not resisted and dtype in named["resist"]:  # never twice (5E-RES-03)
        resisted = True
        tags.append(f"resist:{dtype} ({named['resist'][dtype]})")
        value //= 2
        dtype_tagged = True
    else:
        dtype_tagged = False
    if dtype == "fire" and underwater(state):
        resisted = True
        tags.append("resist:fire (underwater)")
    if resisted and not dtype_tagged:
        value //= 2
        tags.append(f"resist:{dtype}")
    vulnerable = dtype in stats.list_of(c, "vulnerable") or dtype in named["vulnerable"]
    if vulnerable:
        value *= 2
        tags.append(f"vulnerable:{dtype}")
    return Adjusted(value, resisted, vulnerable, False, tags)


def _target(state: EncounterState, name: str) -> Combatant:
    c = combatant(state, name)
    if c.status == "dead":
        raise violation(N_("{name} is dead"), "A 0 punti ferita", name=c.name)
    if c.status == "fled":
        raise violation(N_("{name} has fled"), "Fine del combattimento", name=c.name)
    return c


def direct_damage(state: EncounterState, target: str, amount: int,
                  type_: str | None = None, crit: bool = False,
                  modifier: int = 0) -> list[Event]:
    require_on(state)
    c = _target(state, target)
    if amount < 0:
        raise BadInput("damage", amount, N_("0 or more"))
    dtype = damage_type(type_)
    adj = adjust(state, c, amount, dtype, modifier)
    out: list[Event] = [DamageTaken(
        target=c.name, amount=adj.amount, damage_type=dtype, half=adj.resisted,
        immune=adj.immune, rolled=amount, source="critical" if crit else "direct")]
    death = instant_death(c, adj.amount)
    return out + ([death] if death else [])


def direct_heal(state: EncounterState, target: str, amount: int) -> list[Event]:
    """Guarigione: "non oltre il massimo"; the dead are not healed."""
    require_on(state)
    c = _target(state, target)
    if amount <= 0:
        raise BadInput("healing", amount, N_("1 or more"))
    from battletape.domain.dnd5e import effects

    for n in effects.no_healing(c):  # --mod no-healing (Chill Touch)
        refuse(N_("{name} can't regain hit points ({effect})"), effects.SECTION,
               name=c.name, effect=n)
    return [Healed(target=c.name, amount=min(amount, c.max_hp - c.hp))]


def reduce_max(state: EncounterState, target: str, amount: int) -> list[Event]:
    """A 0 PF: "Se i tuoi PF massimi scendono a 0, muori"."""
    from battletape.domain.dnd5e.events import MaxHpReduced

    require_on(state)
    c = _target(state, target)
    if amount <= 0:
        raise BadInput("reduction", amount, N_("1 or more"))
    return [MaxHpReduced(target=c.name, amount=amount, max_hp=max(0, c.max_hp - amount))]


# --- the fold's part ---------------------------------------------------------------------

def heal(c: Combatant, amount: int) -> None:
    from battletape.domain.dnd5e.dropping_to_zero import wake

    if c.status == "dead" or amount <= 0:
        return
    before = c.hp
    c.hp = min(c.max_hp, c.hp + amount)
    if (before == 0 and c.hp > 0) or c.status == "knocked-out":
        wake(c)
