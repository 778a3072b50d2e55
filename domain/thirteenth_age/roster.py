"""13th Age: adding a combatant with its own statistics — PD and MD, recoveries and
the recovery die with the Con bonus (Recoveries), resistance rated by the natural
d20 an attack must beat (Resistance), and what a PC carries from its last battle
(Rest and Recharge: penalties, lasting wounds).

They are recorded in ``CombatantAdded.stats`` (only those that differ from their
defaults, as an older store's events are read: ``events.UPCASTS``).
"""

from __future__ import annotations

from typing import Any

from battletape.domain.encounter import positive
from battletape.domain.words import N_
from battletape.domain.errors import BadInput
from battletape.domain.events import CombatantAdded, Event
from battletape.domain.roster import check_body, names_for
from battletape.domain.state import EncounterState
from battletape.domain.thirteenth_age.events import added_stats

DIE_SIDES = (4, 6, 8, 10, 12, 20)


def parse_resist(items: list[str]) -> dict[str, int]:
    """``fire:16`` -> {"fire": 16}: resistance rated by the natural d20 needed."""
    out: dict[str, int] = {}
    for item in items:
        kind, _, value = item.partition(":")
        if not kind or not value.isdigit() or not 2 <= int(value) <= 20:
            raise BadInput("resistance", item,
                           N_("TYPE:N with N from 2 to 20, e.g. fire:16"))
        out[kind.lower()] = int(value)
    return out


def parse_die(text: str) -> int:
    sides = text.lower().removeprefix("d")
    if not sides.isdigit() or int(sides) not in DIE_SIDES:
        raise BadInput("recovery die", text, N_("d4, d6, d8, d10, d12 or d20"))
    return int(sides)


def add(state: EncounterState, name: str, hp: int, *, ac: int = 10, pd: int = 10,
        md: int = 10, init: int = 0, level: int = 1, pc: bool = False, count: int = 1,
        recoveries: int | None = None, recovery_die: str = "d8", con_mod: int = 0,
        resist: list[str] = (), carried: dict | None = None) -> list[Event]:
    check_body(state, name, hp, count, pc, ac, init, forbidden=",=")
    if not 1 <= level <= 10:
        raise BadInput("level", level, "1..10")
    for what, value in (("pd", pd), ("md", md)):
        if not 0 <= value <= 60:
            raise BadInput(what, value, "0..60")
    die = parse_die(recovery_die)
    if recoveries is None:
        recoveries = 8 if pc else 0  # Recoveries: "8 or 9 recoveries"
    positive("recoveries", recoveries)
    resists = parse_resist(list(resist))
    names = names_for(state, name, count)
    carried = carried or {}
    max_hp = hp - carried.get("lost_max_hp", 0)
    stats: dict[str, Any] = added_stats(
        pd=pd, md=md, recoveries=carried.get("recoveries", recoveries),
        recovery_die=die, con_mod=con_mod, resist=resists,
        penalty=carried.get("penalty", 0), lasting_wounds=carried.get("lasting_wounds", 0))
    return [CombatantAdded(
        name=n, max_hp=max_hp, hp=min(carried.get("hp", max_hp), max_hp),
        group=name if count > 1 else None, pc=pc, ac=ac, init_bonus=init, level=level,
        carried_from=carried.get("from"), stats=dict(stats)) for n in names]
