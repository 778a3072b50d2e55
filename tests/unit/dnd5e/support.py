"""An in-memory 5e battle for rules tests: run a verb by name, stamp, fold."""

from __future__ import annotations

from uuid import UUID

from battletape.domain import systems
from tests.unit.support import Dice, SystemBattle, fight_of

__all__ = ["Battle", "Dice", "STREAM", "SYSTEM", "fight"]

STREAM = UUID(int=5)
SYSTEM = systems.get("5e")


class Battle(SystemBattle):
    SYSTEM = "5e"
    STREAM = STREAM


def fight(*specs: tuple, inits: dict[str, int] | None = None, **options) -> Battle:
    """A 5e battle with combatants (name, hp, {options}) and initiative rolled in the
    order given (first highest) unless ``inits`` says."""
    return fight_of(Battle, *specs, inits=inits, **options)
