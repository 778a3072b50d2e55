"""Who drops, and at which event: a creature going down is narrated as a drop in the
log and the replays, whatever took it there (an attack, direct damage, or ongoing
damage at the end of its turn)."""

from __future__ import annotations

from typing import Sequence

from battletape.domain import events as ev, systems
from battletape.domain.history import EffectiveHistory
from battletape.domain.state import EncounterState
from battletape.projections.encounter_state import apply

#: statuses of a creature that is down, in any system
DOWN = ("unconscious", "dying", "disabled", "dead", "knocked-out")


class DropWatch:
    """The effective history folded one event at a time, in order (so a replay that
    reads its log lazily stays lazy): ``see(e)`` folds ``e`` and tells who it took
    down."""

    def __init__(self) -> None:
        self.state = EncounterState()

    def see(self, e: ev.Event) -> list[tuple[str, str]]:
        """[(name, status)] of each creature that was not down and is now (or that was
        down and is now dead)."""
        before = {n: c.status for n, c in self.state.combatants.items()}
        apply(self.state, e)
        return [(n, c.status) for n, c in self.state.combatants.items()
                if n in before and c.status != before[n] and c.status in DOWN
                and (before[n] not in DOWN or c.status == "dead")]


def drops(events: Sequence[ev.Event],
          history: EffectiveHistory | None = None) -> dict[int, list[tuple[str, str]]]:
    """{position: [(name, status), ...]} over the effective history (an amended
    command by its replacement, at the command's position)."""
    history = history if history is not None else EffectiveHistory(events)
    watch = DropWatch()
    out: dict[int, list[tuple[str, str]]] = {}
    for e in events:
        fallen = [d for counted in history.counted(e) for d in watch.see(counted)]
        if fallen:
            out[e.originator_version] = fallen
    return out


def narrate(fallen: list[tuple[str, str]], lang: str, system: str) -> str:
    """`` — Goblin drops (dead)`` (``cade`` in Italian), or nothing."""
    if not fallen:
        return ""
    rules = systems.get(system)
    verb = "cade" if lang == "it" else "drops"
    return "".join(f" — {name} {verb} ({rules.term(status, lang)})"
                   for name, status in fallen)
