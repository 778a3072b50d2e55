"""An in-memory battle for rules tests: decide, stamp, fold — no store, no CLI."""

from __future__ import annotations

import random
from uuid import UUID

import msgspec

from battletape.domain.thirteenth_age import roster
from battletape.domain.events import EncounterStarted, Event
from battletape.domain.state import EncounterState, copy
from battletape.projections.encounter_state import apply
from battletape.replay import history

STREAM = UUID(int=1)


class Battle:
    SYSTEM = "13a"
    STREAM = STREAM

    def __init__(self, seed: int = 1, **options: bool):
        self.events: list[Event] = []
        self.state = EncounterState()
        self.seed = seed
        self._append([EncounterStarted(name="test", system=self.SYSTEM, seed=seed,
                                       options=options)])

    def _append(self, new: list[Event]) -> list[Event]:
        start = self.state.position + 1
        stamped = [msgspec.structs.replace(e, originator_id=self.STREAM,
                                           originator_version=start + i, cmd=start)
                   for i, e in enumerate(new)]
        for e in stamped:
            apply(self.state, e)
        self.events += stamped
        return stamped

    def do(self, decide, *args, **kwargs) -> list[Event]:
        """Run a rules function ``decide(state, *args)`` and fold what it returns."""
        before = copy(self.state)
        new = decide(before, *args, **kwargs)
        assert msgspec.json.encode(before) == msgspec.json.encode(self.state), \
            "a rules function changed the state it was given"
        return self._append(new)

    def roll(self, decide, *args, **kwargs) -> list[Event]:
        """Like ``do`` for rules that take a random source second."""
        rng = random.Random(f"{self.seed}:{self.state.position + 1}")
        return self.do(lambda s, *a, **k: decide(s, rng, *a, **k), *args, **kwargs)

    def add(self, name: str, hp: int, **kw) -> None:
        self.do(roster.add, name, hp, **kw)

    def c(self, name: str) -> "CombatantView":
        return CombatantView(self.state.combatants[name])

    def at(self, position: int) -> EncounterState:
        return history.state_at(self.events, position)


class CombatantView:
    """A combatant as the tests read it: the core's fields, then its system's part
    (13th Age: ``b.c("Orc").interrupt_spent`` is ``Combatant.part.interrupt_spent``)."""

    __slots__ = ("combatant",)

    def __init__(self, combatant):
        self.combatant = combatant

    def __getattr__(self, name: str):
        c = self.combatant
        if name in type(c).__struct_fields__:
            return getattr(c, name)
        return getattr(c.part, name)


class SystemBattle(Battle):
    """A battle of a system whose verbs are a table (5e, 3.5): ``run`` a verb by name,
    positional arguments in order, keywords its options, the rest the table's defaults."""

    def run(self, verb: str, *args, rng=None, gm: str | None = None,
            **values) -> list[Event]:
        """``gm="REASON"`` runs the verb as the GM forces it (``--force REASON``)."""
        from battletape.domain import gm as rulings, systems

        v = systems.get(self.SYSTEM).verb(verb)
        assert v is not None, verb
        given = dict(values)
        positional = [p for p in v.params if p.positional]
        for p, a in zip(positional, args):
            given[p.name] = a
        decide = v.decision(None, **given)
        rng = rng or random.Random(f"{self.seed}:{self.state.position + 1}")
        if gm is not None:
            decide = rulings.forced(decide, gm)
        return self.do(lambda s: decide(s, rng))

    def c(self, name: str):
        return self.state.combatants[name]

    def x(self, name: str, key: str):
        """A key the system adds to ``state --json`` for this combatant."""
        from battletape.domain import systems

        return systems.get(self.SYSTEM).combatant_keys(self.c(name))[key]

    def last(self, type_name: str) -> Event:
        return next(e for e in reversed(self.events) if type(e).__name__ == type_name)


def fight_of(battle: type[SystemBattle], *specs: tuple, inits: dict[str, int] | None = None,
             **options) -> SystemBattle:
    """A ``battle`` with combatants (name, hp, {options}) and initiative rolled in the
    order given (first highest) unless ``inits`` says."""
    b = battle(**options)
    for name, hp, *rest in specs:
        b.run("add", name, hp=hp, **(rest[0] if rest else {}))
    naturals = inits or {name: 20 - i for i, (name, *_) in enumerate(specs)}
    b.run("init", naturals=[f"{n}={v}" for n, v in naturals.items()])
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
