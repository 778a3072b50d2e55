"""An in-memory 3.5 battle for rules tests: run a verb by name, stamp, fold."""

from __future__ import annotations

from uuid import UUID

from domain import systems
from tests.unit.support import Dice, SystemBattle, fight_of

__all__ = ["Battle", "Dice", "SYSTEM", "fight", "through_round_one"]

SYSTEM = systems.get("3.5e")


class Battle(SystemBattle):
    SYSTEM = "3.5e"
    STREAM = UUID(int=35)


def fight(*specs: tuple, inits: dict[str, int] | None = None, **options) -> Battle:
    """A 3.5 battle with combatants (name, hp, {options}) and initiative rolled in the
    order given (first highest) unless ``inits`` says."""
    return fight_of(Battle, *specs, inits=inits, **options)


def through_round_one(b: Battle) -> Battle:
    """Every creature takes its first turn (nobody flat-footed any more); back to the
    first creature's turn in round 2."""
    for _ in range(len(b.state.order)):
        b.run("next")
    return b
