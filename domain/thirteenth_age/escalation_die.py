"""13th Age SRD, Combat Rules: Escalation Die (dado dell'escalation).

"At the start of the second round, the GM sets the escalation die at 1 ... Each
round, the escalation die advances by +1, to a maximum of +6. Monsters and NPCs do
not add the escalation die bonus to their attacks." The GM may hold it when the
heroes avoid the fight, or reset it to 0 when combat virtually ceases.
"""

from __future__ import annotations

from battletape.domain.encounter import require_on
from battletape.domain.words import N_
from battletape.domain.errors import BadInput
from battletape.domain.events import Event
from battletape.domain.thirteenth_age.events import EscalationSet

MAXIMUM = 6


def at_round_start(new_round: int, current: int, held: bool) -> int:
    """The die's value as round ``new_round`` starts."""
    if new_round < 2 or held:
        return current
    return min(MAXIMUM, current + 1)


def attack_bonus(die: int, pc: bool, afraid: bool) -> int:
    """What an attacker adds: PCs only, and not while afraid (Fear)."""
    return die if pc and not afraid else 0


def current(state) -> int:
    """The die's value in ``state`` (kept in 13th Age's part of the encounter)."""
    return getattr(state.part, "escalation_die", 0)


def check_value(value: int) -> int:
    if not 0 <= value <= MAXIMUM:
        raise BadInput("escalation die", value, '0..{MAXIMUM}', MAXIMUM=MAXIMUM)
    return value


def set_escalation(state, value: int, held: bool, reason: str) -> list[Event]:
    """Escalation Die: the GM may hold it, or reset it when combat virtually ceases."""
    require_on(state)
    return [EscalationSet(value=value, held=held, reason=reason)]
