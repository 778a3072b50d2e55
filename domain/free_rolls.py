"""Free rolls in dice notation (skill checks, recharges): recorded like every roll."""

from __future__ import annotations

from typing import TYPE_CHECKING

from battletape.domain import dice
from battletape.domain.encounter import combatant
from battletape.domain.events import Event, FreeRolled

if TYPE_CHECKING:
    import random


def free_roll(state, rng: random.Random, expr: str, by: str | None,
              purpose: str) -> list[Event]:
    roller = combatant(state, by).name if by else None
    return [FreeRolled(roll=dice.roll(expr, rng), roller=roller, purpose=purpose)]
