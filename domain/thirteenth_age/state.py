"""The 13th Age part of the state: what only its rules keep about a combatant and
about the encounter (the core's ``Combatant.part`` and ``EncounterState.part``).

Imports nothing of the core but :mod:`domain.parts`: the core's state is built from
the parts the systems declare here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from battletape.domain.parts import CombatantPart, EncounterPart

if TYPE_CHECKING:
    from battletape.domain.state import EncounterState


class Combatant13a(CombatantPart, kw_only=True, tag="13a"):
    """``Combatant.part`` of every combatant the 13th Age fold adds."""

    pd: int = 10
    md: int = 10
    whereabouts: str = "nearby"
    flying: bool = False
    recovery_die: int = 8
    con_mod: int = 0
    resist: dict[str, int] = {}  # damage type -> the natural the attack must beat
    penalty: int = 0  # recoveries spent without one left: -1 each
    fell: int = 0
    lasting_wounds: int = 0
    rallies: int = 0
    rally_blocked_round: int = 0
    no_actions: bool = False
    interrupt_spent: bool = False
    moving: bool = False
    engaging: bool = False
    mook: bool = False  # one of a mob: damage spills over, one turn for the mob  # moved into melee this turn: more foes there cost no move
    provoked: list[str] = []
    spirit: dict[str, list[int]] = {}
    spirit_round: int = 0
    moved: bool = False  # this move action already carried the creature somewhere
    readied_action: str = ""  # standard, move or free: what `ready` holds, until used
    coup_de_grace: bool = False  # this turn: the move and quick actions are skipped
    dying_at_start: bool = False  # a death save is due this turn
    death_saved: bool = False  # ...and was rolled
    coma: bool = False  # Optional Meaningful Death Rule: four failed death saves
    villain: bool = False  # Optional Meaningful Death Rule: a named villain slays
    recoveries: int = 0  # Recoveries: left to spend (8 or 9 for a PC)

    def cannot_act(self, name: str) -> tuple[str, str | None] | None:
        if self.no_actions:
            return (f"{name} woke on a death save below a natural 20 and "
                    "takes no actions this turn", "Death and Dying")
        return None


class Encounter13a(EncounterPart, kw_only=True, tag="13a"):
    escalation_held: bool = False
    surprise: list[str] = []
    surprise_advance: bool = False
    spirit_used: bool = False
    escalation_die: int = 0  # Escalation Die: 0 in round 1, then +1 a round up to 6


def encounter(state: "EncounterState") -> Encounter13a:
    """The 13th Age part of the encounter, made on first use."""
    p = state.part
    if p is None:
        p = state.part = Encounter13a()
    return p  # type: ignore[return-value]
