"""History at any position: folds of the effective history (domain/history.py), the
commands undo and redo reach, the position where a round started."""

from __future__ import annotations

from typing import Sequence

from battletape.domain import events as ev
from battletape.domain.errors import violation
from battletape.domain.words import N_
from battletape.domain.history import EffectiveHistory
from battletape.domain.state import EncounterState
from battletape.projections.encounter_state import apply


def state_at(events: Sequence[ev.Event], position: int | None = None,
             start: EncounterState | None = None,
             history: EffectiveHistory | None = None) -> EncounterState:
    """Fold the effective events up to ``position`` (the corrections known now applied).
    ``history``: the effective history of ``events``, when the caller has it."""
    state = start if start is not None else EncounterState()
    last = state.position
    history = history if history is not None else EffectiveHistory(events)
    for e in history.events(position):
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
    raise violation(N_("there is no event at position {position} (1..{last})"),
                    position=position, last=last)


def command_line(events: Sequence[ev.Event], cmd: int) -> str:
    for e in events:
        if e.originator_version == cmd:
            return e.command
    return ""


def last_effective_command(events: Sequence[ev.Event]) -> int:
    """The position of what undo would retract (EffectiveHistory.last_command)."""
    from battletape.domain.history import last_command

    found = last_command(events)  # read back from the newest, as far as it goes
    if found is None:
        raise violation(N_("nothing to undo: the encounter has only its start"))
    return found


def last_undo(events: Sequence[ev.Event]) -> ev.CommandRetracted:
    """The retraction that redo would restore: the newest thing still in force."""
    from battletape.domain.history import last_retraction

    found = last_retraction(events)
    if found is None:
        raise violation(N_("nothing to redo: no undo since the last command"))
    return found


def round_position(events: Sequence[ev.Event], round_: int) -> int:
    """The position at which round ``round_`` started (in the effective history)."""
    found = EffectiveHistory(events).round_start(round_)
    if found is None:
        raise violation(N_("round {round} never started"), round=round_)
    return found


def voided(events: Sequence[ev.Event]) -> set[int]:
    """Positions of every void event."""
    return EffectiveHistory(events).void_positions()


def effective(events: Sequence[ev.Event]) -> list[ev.Event]:
    """The effective events, in order."""
    return list(EffectiveHistory(events).events())
