"""Frames on demand: the state at any position of a log, for players.

A :class:`Frames` holds the log, what its corrections amount to, one live state (a
cursor) and a full copy of the state every ``CHECKPOINT_EVERY`` positions, taken as the
cursor first passes them. Asking for a frame folds forward from the cursor, or from the
nearest checkpoint before it, so a player never holds more than one state per
checkpoint, and the first frame costs one pass over the corrections, not a fold of the
whole battle.
"""

from __future__ import annotations

from typing import Sequence

from battletape.domain import events as ev
from battletape.domain.history import EffectiveHistory
from battletape.domain.state import EncounterState, copy
from battletape.projections.encounter_state import apply

CHECKPOINT_EVERY = 1000


class Frames:
    """The frames of a log, index 0 to ``len - 1``: the event at an index and the state
    once it is taken into account (the corrections known now applied, so voided steps
    change nothing). A frame's state is the cursor's own: read it before asking for
    another, and never change it."""

    def __init__(self, events: Sequence[ev.Event], every: int = CHECKPOINT_EVERY,
                 corrections: Sequence[ev.Event] | None = None,
                 history: EffectiveHistory | None = None):
        """``corrections``: the log's correction events, when ``events`` is read from
        the store lazily (battletape/stores/stored_log.py) and should not be read whole;
        ``history``: the log's effective history, when the caller has it."""
        self.events = events
        self.history = (history if history is not None
                        else EffectiveHistory(events, corrections))
        self.corrections = self.history  # the name battletape/player.py reads
        self.every = max(1, every)
        self._checkpoints: dict[int, EncounterState] = {}  # index -> state after it
        self._state = EncounterState()
        self._index = -1  # the last index folded into the cursor

    def __len__(self) -> int:
        return len(self.events)

    def voided(self, index: int) -> bool:
        return self.history.is_void(self.events[index])

    def step(self, state: EncounterState, index: int) -> None:
        """Fold the event at ``index`` into ``state``, as the effective history says."""
        e = self.events[index]
        for counted in self.history.counted(e):
            apply(state, counted)
        state.position = e.originator_version

    def state(self, index: int) -> EncounterState:
        """The state after the event at ``index`` (the cursor's: do not change it)."""
        if not 0 <= index < len(self.events):
            raise IndexError(index)
        start = max((k for k in self._checkpoints if k <= index), default=None)
        if index < self._index or (start is not None and start > self._index):
            if start is None:
                self._state, self._index = EncounterState(), -1
            else:
                self._state, self._index = copy(self._checkpoints[start]), start
        while self._index < index:
            self._index += 1
            self.step(self._state, self._index)
            if (self._index + 1) % self.every == 0 and self._index not in self._checkpoints:
                self._checkpoints[self._index] = copy(self._state)
        return self._state
