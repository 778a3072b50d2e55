"""Frames: the state after every position of a log, in one pass, for players."""

from __future__ import annotations

from typing import Iterator, NamedTuple, Sequence

from domain import events as ev
from domain.state import EncounterState, copy
from projections.encounter_state import apply
from replay.history import Corrections


class Frame(NamedTuple):
    position: int
    event: ev.Event
    voided: bool
    state: EncounterState


def frames(events: Sequence[ev.Event]) -> Iterator[Frame]:
    """Position by position: the event there and the state once it is taken into
    account (the corrections known now applied, so voided steps change nothing)."""
    corr = Corrections(events)
    state = EncounterState()
    for e in events:
        pos = e.originator_version
        void = corr.is_void(e)
        if not void and not isinstance(e, ev.CORRECTIONS):
            amendment = corr.amended.get(e.cmd)
            if amendment is None:
                apply(state, e)
            elif pos == e.cmd:
                for r in amendment.replacement:
                    apply(state, r)
        state.position = pos
        yield Frame(pos, e, void, copy(state))
