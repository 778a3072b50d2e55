"""An in-memory 3.5 battle for rules tests: run a verb by name, stamp, fold."""

from __future__ import annotations

import random
from uuid import UUID

from domain import systems
from domain.events import Event
from tests.unit import support

STREAM = UUID(int=35)
SYSTEM = systems.get("3.5e")


class Battle(support.Battle):
    SYSTEM = "3.5e"
    STREAM = STREAM

    def run(self, verb: str, *args, rng=None, **values) -> list[Event]:
        """Run the 3.5 verb ``verb``: positional args fill its arguments in order,
        keywords its options; unspecified options take their defaults."""
        v = SYSTEM.verb(verb)
        assert v is not None, verb
        given = dict(values)
        positional = [p for p in v.params if p.positional]
        for p, a in zip(positional, args):
            given[p.name] = a
        decide = v.decision(None, **given)
        rng = rng or random.Random(f"{self.seed}:{self.state.position + 1}")
        return self.do(lambda s: decide(s, rng))

    def c(self, name: str):
        return self.state.combatants[name]

    def x(self, name: str, key: str):
        return SYSTEM.combatant_keys(self.c(name))[key]

    def last(self, type_name: str) -> Event:
        return next(e for e in reversed(self.events) if type(e).__name__ == type_name)


def fight(*specs: tuple, inits: dict[str, int] | None = None, **options) -> Battle:
    """A battle with combatants (name, hp, {options}) and initiative rolled in the order
    given (first highest) unless ``inits`` says."""
    b = Battle(**options)
    for name, hp, *rest in specs:
        b.run("add", name, hp=hp, **(rest[0] if rest else {}))
    naturals = inits or {name: 20 - i for i, (name, *_) in enumerate(specs)}
    b.run("init", naturals=[f"{n}={v}" for n, v in naturals.items()])
    return b


def through_round_one(b: Battle) -> Battle:
    """Every creature takes its first turn (nobody flat-footed any more); back to the
    first creature's turn in round 2."""
    for _ in range(len(b.state.order)):
        b.run("next")
    return b


class Dice:
    """A stand-in random source that gives these faces, in order (1-based)."""

    def __init__(self, *faces: int):
        self.faces = list(faces)

    def randrange(self, start, stop=None, step=1):
        if stop is None:
            start, stop = 0, start
        return start + self.faces.pop(0) - 1

    def randint(self, a, b):
        return self.faces.pop(0)
