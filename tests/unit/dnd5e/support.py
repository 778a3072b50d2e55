"""An in-memory 5e battle for rules tests: run a verb by name, stamp, fold."""

from __future__ import annotations

import random
from uuid import UUID

import msgspec

from domain import systems
from domain.events import EncounterStarted, Event
from domain.state import EncounterState, copy
from projections.encounter_state import apply

STREAM = UUID(int=5)
SYSTEM = systems.get("5e")


class Battle:
    def __init__(self, seed: int = 1, **options: bool):
        self.events: list[Event] = []
        self.state = EncounterState()
        self.seed = seed
        self._append([EncounterStarted(name="test", system="5e", seed=seed,
                                       options=options)])

    def _append(self, new: list[Event]) -> list[Event]:
        start = self.state.position + 1
        stamped = [msgspec.structs.replace(e, originator_id=STREAM,
                                           originator_version=start + i, cmd=start)
                   for i, e in enumerate(new)]
        for e in stamped:
            apply(self.state, e)
        self.events += stamped
        return stamped

    def run(self, verb: str, *args, rng=None, **values) -> list[Event]:
        """Run the 5e verb ``verb``: positional args fill its arguments in order,
        keywords its options; unspecified options take their defaults."""
        v = SYSTEM.verb(verb)
        assert v is not None, verb
        given = dict(values)
        positional = [p for p in v.params if p.positional]
        for p, a in zip(positional, args):
            given[p.name] = a
        for p in v.params:
            given.setdefault(p.name, p.default if not p.multiple else
                             (list(p.default) if p.default else []))
        decide = v.run(None, **given)
        before = copy(self.state)
        new = decide(before, rng or random.Random(f"{self.seed}:{self.state.position + 1}"))
        assert msgspec.json.encode(before) == msgspec.json.encode(self.state), \
            "a decision changed the state it was given"
        return self._append(new)

    def c(self, name: str):
        return self.state.combatants[name]

    def x(self, name: str, key: str):
        return SYSTEM.combatant_keys(self.c(name))[key]


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


def fight(*specs: tuple, inits: dict[str, int] | None = None, **options) -> Battle:
    """A battle with combatants (name, hp, {options}) and initiative rolled in the
    order given (first highest) unless ``inits`` says."""
    b = Battle(**options)
    for name, hp, *rest in specs:
        b.run("add", name, hp=hp, **(rest[0] if rest else {}))
    naturals = inits or {name: 20 - i for i, (name, *_) in enumerate(specs)}
    b.run("init", naturals=[f"{n}={v}" for n, v in naturals.items()])
    return b
