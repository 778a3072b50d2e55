"""Effective history: the log with voided events skipped.

Corrections only ever point backwards, so one pass from the newest event to the
oldest settles everything: a correction that is itself void has no effect.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from domain import events as ev
from domain.errors import RuleViolation
from domain.state import EncounterState
from projections.encounter_state import apply


def voided(events: Sequence[ev.Event]) -> set[int]:
    """Positions of every void event."""
    void: set[int] = set()
    void_cmds: set[int] = set()
    for e in reversed(events):
        pos = e.originator_version
        if pos in void or e.cmd in void_cmds:
            void.add(pos)
            continue
        match e:
            case ev.CommandRetracted():
                void_cmds.add(e.target)
            case ev.CommandRestored():
                void.add(e.retraction)
            case ev.Rewound():
                void.update(range(e.to + 1, pos))
    return void


def effective(events: Sequence[ev.Event]) -> list[ev.Event]:
    """The events that count, corrections excluded."""
    void = voided(events)
    return [e for e in events if e.originator_version not in void
            and not isinstance(e, ev.CORRECTIONS)]


def state_at(events: Sequence[ev.Event], position: int | None = None,
             start: EncounterState | None = None) -> EncounterState:
    """Fold the effective events up to ``position`` (the corrections known now applied)."""
    void = voided(events)
    state = start if start is not None else EncounterState()
    last = state.position
    for e in events:
        pos = e.originator_version
        if position is not None and pos > position:
            break
        last = pos
        if pos in void or isinstance(e, ev.CORRECTIONS):
            continue
        apply(state, e)
    state.position = last
    return state


def commands(events: Iterable[ev.Event]) -> dict[int, list[ev.Event]]:
    """Events grouped by the command that produced them, in order."""
    grouped: dict[int, list[ev.Event]] = {}
    for e in events:
        grouped.setdefault(e.cmd, []).append(e)
    return grouped


def last_effective_command(events: Sequence[ev.Event]) -> int:
    """The ``cmd`` of the last command that undo would retract."""
    eff = effective(events)
    if not eff or eff[-1].cmd == eff[0].cmd:
        raise RuleViolation("nothing to undo: the encounter has only its start")
    return eff[-1].cmd


def last_undo(events: Sequence[ev.Event]) -> ev.CommandRetracted:
    """The retraction that redo would restore: the newest thing still in force."""
    void = voided(events)
    for e in reversed(events):
        if e.originator_version in void:
            continue
        if isinstance(e, ev.CommandRetracted):
            return e
        if isinstance(e, ev.CommandRestored):
            continue
        break
    raise RuleViolation("nothing to redo: no undo since the last command")


def round_position(events: Sequence[ev.Event], round_: int) -> int:
    """The position at which round ``round_`` started (in the effective history)."""
    for e in effective(events):
        if isinstance(e, ev.RoundStarted) and e.round == round_:
            return e.originator_version
    raise RuleViolation(f"round {round_} never started")
