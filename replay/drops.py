"""Who drops, and at which event: a creature going down is narrated as a drop in the
log and the replays, whatever took it there (an attack, direct damage, or ongoing
damage at the end of its turn)."""

from __future__ import annotations

from typing import Sequence

from domain import events as ev, systems
from domain.state import EncounterState
from projections.encounter_state import apply
from replay.history import Corrections

#: statuses of a creature that is down, in any system
DOWN = ("unconscious", "dying", "disabled", "dead", "knocked-out")


def drops(events: Sequence[ev.Event]) -> dict[int, list[tuple[str, str]]]:
    """{position: [(name, status), ...]} for each event of the effective history
    after which a creature that was not down is down (or a downed one dies)."""
    corr = Corrections(events)
    state = EncounterState()
    out: dict[int, list[tuple[str, str]]] = {}
    for e in events:
        if corr.is_void(e) or isinstance(e, ev.CORRECTIONS):
            continue
        before = {n: c.status for n, c in state.combatants.items()}
        amendment = corr.amended.get(e.cmd)
        if amendment is None:
            apply(state, e)
        elif e.originator_version == e.cmd:
            for r in amendment.replacement:
                apply(state, r)
        else:
            continue
        fallen = [(n, c.status) for n, c in state.combatants.items()
                  if n in before and c.status != before[n] and c.status in DOWN
                  and (before[n] not in DOWN or c.status == "dead")]
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
