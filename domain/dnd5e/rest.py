"""5e SRD (seed 002), Giocare: Riposo (Resting).

Short rest 1 hour, long rest 8 hours. What the seed states elsewhere: temporary hit
points end at a long rest; a knocked-out creature wakes after a short rest. The HP a
rest restores is not given (5E-GAP-11): none is restored automatically (the GM uses
``heal``).
"""

from __future__ import annotations

from battletape.domain.encounter import combatant, require_on
from battletape.domain.errors import BadInput
from battletape.domain.events import Event
from battletape.domain.state import Combatant, EncounterState

KINDS = ("short", "long")


def rest(state: EncounterState, kind: str, names: list[str]) -> list[Event]:
    from battletape.domain.dnd5e.events import RestTaken

    require_on(state)
    if kind not in KINDS:
        raise BadInput("rest", kind, "short or long")
    who = [combatant(state, n).name for n in names] if names else [
        c.name for c in state.combatants.values() if c.status not in ("dead", "fled")]
    return [RestTaken(kind=kind, names=who)]


def fold_rest(c: Combatant, kind: str) -> None:
    from battletape.domain.dnd5e.dropping_to_zero import wake

    if c.status == "knocked-out":
        wake(c)
    if kind == "long":
        c.temp_hp = 0
