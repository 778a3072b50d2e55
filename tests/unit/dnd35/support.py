"""An in-memory 3.5 battle for rules tests: run a verb by name, stamp, fold."""

from __future__ import annotations

from uuid import UUID

from battletape.domain import systems
from tests.unit.support import Dice, SystemBattle, fight_of

__all__ = ["Battle", "Dice", "SYSTEM", "attacks", "fight", "of_last", "refused",
           "through_round_one", "to_turn"]

SYSTEM = systems.get("3.5e")


class Battle(SystemBattle):
    SYSTEM = "3.5e"
    STREAM = UUID(int=35)


def fight(*specs: tuple, inits: dict[str, int] | None = None, **options) -> Battle:
    """A 3.5 battle with combatants (name, hp, {options}) and initiative rolled in the
    order given (first highest) unless ``inits`` says. Objects (``object_``) roll no
    initiative; with nothing but objects, none is rolled."""
    def is_object(spec: tuple) -> bool:
        return bool(spec[2:] and spec[2].get("object_"))

    if inits is None:
        inits = {name: 20 - i for i, (name, *_) in enumerate(specs)
                 if not is_object((name, *_))}
    if not inits:
        b = Battle(**options)
        for name, hp, *rest in specs:
            b.run("add", name, hp=hp, **(rest[0] if rest else {}))
        return b
    return fight_of(Battle, *specs, inits=inits, **options)


def through_round_one(b: Battle) -> Battle:
    """Every creature takes its first turn (nobody flat-footed any more); back to the
    first creature's turn in round 2."""
    for _ in range(len(b.state.order)):
        b.run("next")
    return b


def to_turn(b: Battle, name: str) -> None:
    """End turns until it is ``name``'s."""
    b.run("next")
    while b.state.turn != name:
        b.run("next")


def already(b: Battle, *args, **kw):
    """The AlreadyHolds a verb raises (what it asks is so already: nothing recorded)."""
    import pytest

    from battletape.domain.errors import AlreadyHolds

    with pytest.raises(AlreadyHolds) as e:
        b.run(*args, **kw)
    return e.value


def refused(b: Battle, *args, **kw):
    """The RuleViolation a verb raises (the rules refuse it)."""
    import pytest

    from battletape.domain.errors import RuleViolation

    with pytest.raises(RuleViolation) as e:
        b.run(*args, **kw)
    return e.value


def of_last(b: Battle, name: str) -> list:
    """The events called ``name`` of the last command."""
    cmd = b.events[-1].cmd
    return [e for e in b.events if e.cmd == cmd and type(e).__name__ == name]


def attacks(b: Battle) -> list:
    """The attack rolls of the last command."""
    return of_last(b, "AttackResolved")
