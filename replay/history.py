"""Effective history: the log with voided events skipped and amendments applied.

Corrections only ever point backwards, so one pass from the newest event to the
oldest settles everything: a correction that is itself void has no effect, and of two
amendments of one command the newer wins.
"""

from __future__ import annotations

from typing import Iterator, Sequence

from domain import events as ev
from domain.errors import RuleViolation
from domain.state import EncounterState
from projections.encounter_state import apply


class Corrections:
    """What the corrections of a log amount to."""

    def __init__(self, events: Sequence[ev.Event]):
        self.void: set[int] = set()
        self.void_cmds: set[int] = set()
        self.amended: dict[int, ev.CommandAmended] = {}
        for e in reversed(events):
            pos = e.originator_version
            if pos in self.void or e.cmd in self.void_cmds:
                self.void.add(pos)
                continue
            match e:
                case ev.CommandRetracted():
                    self.void_cmds.add(e.target)
                case ev.CommandRestored():
                    self.void.add(e.retraction)
                case ev.Rewound():
                    self.void.update(range(e.to + 1, pos))
                case ev.CommandAmended():
                    if e.target in self.amended:
                        self.void.add(pos)  # superseded by a newer amendment
                    else:
                        self.amended[e.target] = e

    def is_void(self, e: ev.Event) -> bool:
        return e.originator_version in self.void

    def replaced(self, e: ev.Event) -> bool:
        return e.cmd in self.amended and not self.is_void(e)

    def effective(self, events: Sequence[ev.Event],
                  upto: int | None = None) -> Iterator[ev.Event]:
        """The events that count, in order, amendments spliced in, corrections out."""
        for e in events:
            pos = e.originator_version
            if upto is not None and pos > upto:
                return
            if pos in self.void or isinstance(e, ev.CORRECTIONS):
                continue
            amendment = self.amended.get(e.cmd)
            if amendment is not None:
                if pos == e.cmd:
                    yield from amendment.replacement
                continue
            yield e


def voided(events: Sequence[ev.Event]) -> set[int]:
    """Positions of every void event."""
    return Corrections(events).void


def effective(events: Sequence[ev.Event]) -> list[ev.Event]:
    return list(Corrections(events).effective(events))


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
