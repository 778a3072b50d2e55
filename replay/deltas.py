"""The displayed state at every position, in a size linear in the battle: per position,
only what changed in the state's view (``state --json``) since the position before, and
every ``every`` positions the whole view, a checkpoint to start from.

A delta is a dict with any of: ``h`` the encounter's keys that changed, ``hx`` those
gone; ``c`` per combatant, the keys of its view that changed; ``r`` per combatant, its
whole view (one that joined, or whose keys are not the same); ``x`` the combatants gone.
A checkpoint is the view with ``combatants`` as a list of ``[name, view]`` pairs, in
the state's order. Applying the deltas of positions 1..N in turn to an empty view, or
those after a checkpoint to it, gives the view of ``state --at N``.
"""

from __future__ import annotations

from typing import Any, Callable, Container, Iterator, NamedTuple, Sequence

import msgspec

from battletape.domain import events as ev, systems
from battletape.domain.history import EffectiveHistory
from battletape.domain.state import EncounterState
from battletape.projections.views import combatant_view, state_view
from battletape.replay.frames import Frames

CHECKPOINT_EVERY = 1000


class Step(NamedTuple):
    index: int
    event: ev.Event
    voided: bool
    delta: dict[str, Any]
    checkpoint: dict[str, Any] | None
    state: EncounterState | None = None  # the live state after it (read, never keep)


def _diff(old: dict, new: dict) -> dict:
    return {k: v for k, v in new.items() if k not in old or old[k] != v}


def steps(events: Sequence[ev.Event], every: int = CHECKPOINT_EVERY,
          history: EffectiveHistory | None = None,
          shown: Callable[[dict, Any, Any], dict] | None = None,
          whole_at: Container[int] = ()) -> Iterator[Step]:
    """One pass over the log, one state: each event with the change it makes to the
    view. A combatant's view is made again only when its state changed (compared as
    encoded bytes), so a step costs what the event changed, not the whole state.
    ``history``: the log's effective history, when the caller has it; ``shown``: what
    a reader may see of a combatant's view (``shown(view, combatant, system)``: the
    players' live page hides the monsters' hit points), all of it by default;
    ``whole_at``: indices that also get a checkpoint (a what-if's fork)."""
    encode = msgspec.json.Encoder().encode
    walk = Frames(events, history=history)
    state = EncounterState()
    head: dict[str, Any] = {}
    known: dict[str, tuple[bytes, dict]] = {}
    for i, e in enumerate(events):
        walk.step(state, i)
        system = systems.of(state)
        delta: dict[str, Any] = {}
        views: dict[str, dict] = {}
        changed: dict[str, dict] = {}
        whole: dict[str, dict] = {}
        for name, c in state.combatants.items():
            data = encode(c)
            before = known.get(name)
            if before is not None and before[0] == data:
                views[name] = before[1]
                continue
            view = combatant_view(c, system)
            if shown is not None:
                view = shown(view, c, system)
            views[name] = view
            if before is None or before[1].keys() != view.keys():
                whole[name] = view
            else:
                changed[name] = _diff(before[1], view)
            known[name] = (data, view)
        gone = [n for n in known if n not in state.combatants]
        for name in gone:
            del known[name]
        full = state_view(state, views)
        top = {k: v for k, v in full.items() if k != "combatants"}
        if top != head:
            delta["h"] = _diff(head, top)
            dropped = [k for k in head if k not in top]
            if dropped:
                delta["hx"] = dropped
            head = top
        if changed:
            delta["c"] = changed
        if whole:
            delta["r"] = whole
        if gone:
            delta["x"] = gone
        checkpoint = None
        if (i + 1) % every == 0 or i in whole_at:
            checkpoint = {**full, "combatants": [[n, v] for n, v in views.items()]}
        yield Step(i, e, walk.voided(i), delta, checkpoint, state)
