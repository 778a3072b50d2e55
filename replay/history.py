"""History at any position: folds of the effective history (domain/history.py), the
commands undo and redo reach, the position where a round started."""

from __future__ import annotations

from typing import Sequence

from battletape.domain import events as ev
from battletape.domain.errors import RuleViolation
from battletape.domain.history import Corrections, effective, voided  # noqa: F401 (re-exported)
from battletape.domain.state import EncounterState
from battletape.projections.encounter_state import apply


def state_at(events: Sequence[ev.Event], position: int | None = None,
             start: EncounterState | None = None) -> EncounterState:
    """Fold the effective events up to ``position`` (the corrections known now applied)."""
    state = start if start is not None else EncounterState()
    last = state.position
    for e in Corrections(events).effective(events, position):
        apply(state, e)
    if events:
        final = events[-1].originator_version
        last = max(last, min(final, position) if position is not None else final)
    state.position = last
    return state


def command_of(events: Sequence[ev.Event], position: int) -> int:
    """The ``cmd`` (first position) of the command that produced the event at ``position``."""
    for e in events:
        if e.originator_version == position:
            return e.cmd
    last = events[-1].originator_version if events else 0
    raise RuleViolation(f"there is no event at position {position} (1..{last})")


def command_line(events: Sequence[ev.Event], cmd: int) -> str:
    for e in events:
        if e.originator_version == cmd:
            return e.command
    return ""


def last_effective_command(events: Sequence[ev.Event]) -> int:
    """The position of what undo would retract: the last effective command, or the
    last correction still in force (an amendment, a rewind) if it came later.
    Undos, redos and disputes are passed by: redo is what takes an undo back.

    Read from the newest event backwards, only as far as needed: what is void is
    known from the corrections after an event, and those come first this way."""
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
                continue
            case ev.CommandRestored():
                void.add(e.retraction)
                continue
            case ev.Rewound():
                void.update(range(e.to + 1, pos))
                return e.cmd
            case ev.CommandAmended():
                return e.cmd
            case ev.EncounterStarted():
                break
        if isinstance(e, ev.CORRECTIONS):
            continue
        return e.cmd
    raise RuleViolation("nothing to undo: the encounter has only its start")


def last_undo(events: Sequence[ev.Event]) -> ev.CommandRetracted:
    """The retraction that redo would restore: the newest thing still in force."""
    void = voided(events)
    for e in reversed(events):
        if e.originator_version in void:
            continue
        if isinstance(e, ev.CommandRetracted):
            return e
        if isinstance(e, (ev.CommandRestored, ev.DisputeRaised, ev.DisputeResolved)):
            continue
        break
    raise RuleViolation("nothing to redo: no undo since the last command")


def round_position(events: Sequence[ev.Event], round_: int) -> int:
    """The position at which round ``round_`` started (in the effective history)."""
    corr = Corrections(events)
    for e in events:
        if corr.is_void(e) or isinstance(e, ev.CORRECTIONS):
            continue
        if isinstance(e, ev.RoundStarted) and e.round == round_ and not corr.replaced(e):
            return e.originator_version
    raise RuleViolation(f"round {round_} never started")
