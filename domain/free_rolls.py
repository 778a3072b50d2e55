"""Free rolls in dice notation (skill checks, recharges): recorded like every roll."""

from __future__ import annotations

from typing import TYPE_CHECKING

from battletape.domain import dice
from battletape.domain.encounter import combatant
from battletape.domain.words import N_
from battletape.domain.events import Event, FreeRolled

if TYPE_CHECKING:
    import random


def free_roll(state, rng: random.Random, expr: str, by: str | None,
              purpose: str, faces: list[int] | None = None) -> list[Event]:
    """``faces``: the dice as thrown at the table (``roll 1d100 --faces 42``), typed
    like every other roll; without them the roll is virtual."""
    roller = combatant(state, by).name if by else None
    roll = dice.roll_faces(expr, faces) if faces else dice.roll(expr, rng)
    return [FreeRolled(roll=roll, roller=roller, purpose=purpose)]


def parse_faces(text: str | None) -> list[int]:
    """``--faces 3,5,1`` (or spaces) into [3, 5, 1]."""
    if text is None:
        return []
    words = text.replace(",", " ").split()
    try:
        faces = [int(w) for w in words]
    except ValueError:
        faces = []
    if not faces or len(faces) > dice.MAX_DICE:
        from battletape.domain.errors import BadInput

        raise BadInput("--faces", text, N_("the faces thrown, comma-separated: 3,5,1"))
    return faces
