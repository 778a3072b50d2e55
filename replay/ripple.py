"""Ripple report: later events whose premises no longer hold in the corrected history.

Each later command is decided again, from its recorded command line, against the
corrected state just before it. A refusal (the attacker was unconscious, the target
already slain, the turn someone else's, a save against a condition never applied,
a death save by someone who never fell) is a ripple; so is a command whose decision
would now come out differently (a hit that is now a miss, a different next turn).
"""

from __future__ import annotations

from typing import Callable, Mapping, NamedTuple, Sequence

import msgspec

from domain import dice, events as ev, fair_dice
from domain.errors import BattletapeError
from domain.state import EncounterState, copy
from projections.encounter_state import apply
from replay.history import Corrections

Redecide = Callable[[str, EncounterState, object, list], list]

_VOLATILE = {"originator_id", "originator_version", "timestamp", "by", "cmd",
             "command", "schema"}


class Ripple(NamedTuple):
    position: int
    command: str
    why: str


def _decisions(events: Sequence[ev.Event]) -> list[dict]:
    out = []
    for e in events:
        data = msgspec.to_builtins(e)
        for k in _VOLATILE:
            data.pop(k, None)
        out.append(data)
    return out


_DICE_FACTS = (ev.DiceCommitted, ev.DiceContributed, ev.DiceRevealed)


def report(events: Sequence[ev.Event], since: int, redecide: Redecide,
           known: Mapping[str, bytes] | None = None) -> list[Ripple]:
    """Ripples among the effective commands after position ``since``. ``known``: the
    dice secrets this store holds (published ones are in the events)."""
    known = known or {}
    corr = Corrections(events)
    state = EncounterState()
    ripples: list[Ripple] = []
    groups: dict[int, list[ev.Event]] = {}
    order: list[int] = []
    for e in corr.effective(events):
        if e.cmd not in groups:
            groups[e.cmd] = []
            order.append(e.cmd)
        groups[e.cmd].append(e)
    for cmd in order:
        group = groups[cmd]
        first = next((e for e in events if e.originator_version == cmd), None)
        line = first.command if first is not None else ""
        if cmd in corr.amended:
            line = corr.amended[cmd].changes.get("as_decided", line)
        if cmd > since and line and not isinstance(group[0], (ev.EncounterStarted,
                                                              *_DICE_FACTS)):
            rng = (fair_dice.source(state, cmd, line, known)
                   or dice.source(state.seed, cmd))
            try:
                again = redecide(line, copy(state), rng, list(events))
            except BattletapeError as err:
                ripples.append(Ripple(cmd, line, err.message))
            else:
                comparable = (state.seed is not None or not _virtual(group)
                              or fair_dice.secret_of(state, known) is not None)
                if comparable and _decisions(again) != _decisions(group):
                    ripples.append(Ripple(cmd, line, _difference(group, again)))
        for e in group:
            apply(state, e)
    return ripples


def _virtual(events: Sequence[ev.Event]) -> bool:
    """Virtual dice from a secret nobody here holds roll differently when decided
    again: not comparable (until the secret is revealed)."""
    return b'"source":"virtual"' in ev.encoder.encode(list(events))


def _difference(before: Sequence[ev.Event], after: Sequence[ev.Event]) -> str:
    b, a = _decisions(before), _decisions(after)
    for x, y in zip(b, a):
        if x != y:
            keys = [k for k in sorted(set(x) | set(y)) if x.get(k) != y.get(k)]
            return ("would now be decided differently: " + ", ".join(
                f"{k} {x.get(k)!r} -> {y.get(k)!r}" for k in keys[:4]))
    return f"would now record {len(a)} events instead of {len(b)}"
