"""The encounter fold: each event folds by the rules of its encounter's system.

``apply`` changes a private working state in place (fast rebuilds); ``fold`` and
``fold_all`` copy first, so callers never see their state change. The system's own
fold (``domain/<system>/fold.py``) holds one arm per event.
"""

from __future__ import annotations

from typing import Callable, Iterable

from battletape.domain import events as ev, systems
from battletape.domain.state import EncounterState, copy

_FOLDS: dict[str, Callable[[EncounterState, ev.Event], EncounterState]] = {}


_DICE_EVENTS = (ev.EncounterStarted, ev.DiceCommitted, ev.DiceContributed, ev.DiceRevealed)


def apply(state: EncounterState, e: ev.Event) -> EncounterState:
    """Fold ``e`` into ``state`` in place and return it."""
    if isinstance(e, _DICE_EVENTS):
        from battletape.domain import fair_dice

        fair_dice.fold(state, e)  # the core's own part; the system folds the rest
    fold_ = _FOLDS.get(state.system)
    if fold_ is None:
        system = (e.system if isinstance(e, ev.EncounterStarted) and not state.name
                  else state.system)
        fold_ = systems.get(system).apply
        if system == state.system:
            _FOLDS[system] = fold_
    fold_(state, e)
    if isinstance(e, ev.StatBlockUsed):  # every system's: the saved attacks it carries
        from battletape.domain.stat_blocks import fold as keep_saved_attacks

        keep_saved_attacks(state, e)
    elif isinstance(e, ev.CombatantLeft):  # every system's: leaving the fight
        from battletape.domain.leaving import fold as leave

        leave(state, e)
    elif isinstance(e, ev.CombatantAdded) and e.gender:  # every system's: grammar
        added = state.combatants.get(e.name)
        if added is not None:
            added.gender = e.gender
    return state


def fold(state: EncounterState, e: ev.Event) -> EncounterState:
    """The pure fold: a new state, ``state`` untouched."""
    return apply(copy(state), e)


def fold_all(state: EncounterState, events: Iterable[ev.Event]) -> EncounterState:
    work = copy(state)
    for e in events:
        apply(work, e)
    return work


def rebuild(events: Iterable[ev.Event]) -> EncounterState:
    """Fold events from the empty state."""
    state = EncounterState()
    for e in events:
        apply(state, e)
    return state
