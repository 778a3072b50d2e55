"""Ripple report: later events whose premises no longer hold in the corrected history.

Each later command is decided again, from its recorded command line, against the
corrected state just before it. A refusal (the attacker was unconscious, the target
already slain, the turn someone else's, a save against a condition never applied,
a death save by someone who never fell) is a ripple; so is a command whose decision
would now come out differently (a hit that is now a miss, a different next turn).

The effective history is walked once, command by command, folding as it goes: from
the empty state, or from a snapshot's state with only the events after it (a
snapshot still valid: no correction after it reaches back to it or before).
"""

from __future__ import annotations

import gc
from dataclasses import dataclass, field
from typing import Callable, Iterator, Mapping, NamedTuple, Sequence

import msgspec

from battletape.domain import dice, events as ev, fair_dice
from battletape.domain.errors import BattletapeError
from battletape.domain.history import Command, EffectiveHistory
from battletape.domain.state import EncounterState, copy
from battletape.projections.encounter_state import apply

Redecide = Callable[[str, EncounterState, object, list], list]
# several lines decided in turn from one state (an amendment and its --also lines)
RedecideAll = Callable[[list[str], EncounterState, object, list], list]

_VOLATILE = {"originator_id", "originator_version", "timestamp", "by", "cmd",
             "command", "schema"}
_NEUTRAL = dict(originator_id=ev._NIL, originator_version=0, timestamp=ev._EPOCH,
                by="", cmd=0, command="", schema=0)
#: the commands a walk folds without deciding them again (the start, the dice's facts)
_UNDECIDED = (ev.EncounterStarted, *fair_dice.FACTS)


class Ripple(NamedTuple):
    position: int
    command: str
    why: str


@dataclass
class Walk:
    """What a walk through the effective history found."""

    ripples: list[Ripple] = field(default_factory=list)
    decided: int = 0      # commands decided again
    unlined: int = 0      # commands after ``since`` with no recorded command line
    state: EncounterState | None = None   # the state after the last event


def commands(events: Sequence[ev.Event],
             history: EffectiveHistory | None = None) -> Iterator[Command]:
    """The effective history, one command at a time (EffectiveHistory.commands)."""
    return (history if history is not None else EffectiveHistory(events)).commands()


def walk(events: Sequence[ev.Event], since: int, redecide: Redecide,
         start: EncounterState | None = None,
         sequence: RedecideAll | None = None,
         known: Mapping[str, bytes] | None = None) -> Walk:
    """Decide again every effective command after position ``since``, folding the
    recorded events as it goes. ``events`` is the whole log (``start`` None) or the
    events after a valid snapshot whose state is ``start``. ``sequence(lines, state,
    rng, events)`` decides an amendment's line and its ``--also`` lines in turn.
    ``known``: the dice secrets this store holds (published ones are in the events)."""
    enabled = gc.isenabled()
    gc.disable()  # a walk makes many short-lived objects and no cycles to collect
    try:
        return _walk(events, since, redecide, start, sequence, known or {})
    finally:
        if enabled:
            gc.enable()


def _walk(events: Sequence[ev.Event], since: int, redecide: Redecide,
          start: EncounterState | None, sequence: RedecideAll | None,
          known: Mapping[str, bytes]) -> Walk:
    state = copy(start) if start is not None else EncounterState()
    found = Walk()
    # decisions are compared without their positions: unstamped where it can
    prepare = getattr(redecide, "prepare", None)
    redecide = getattr(redecide, "decisions", redecide)
    history = events if isinstance(events, list) else list(events)
    walked = list(commands(history))
    # the system: the window's start state's, else the encounter's start
    system = (start.system if start is not None else history[0].system
              if history and isinstance(history[0], ev.EncounterStarted) else None)
    if prepare is not None and system is not None:
        prepare(system, (c.line for c in walked
                         if c.line and c.cmd > since and not c.also))
    for command in walked:
        group = command.events
        if command.cmd > since and not isinstance(group[0], _UNDECIDED):
            if not command.line:
                found.unlined += 1
            else:
                found.decided += 1
                _check(found, command, state, redecide, sequence, history, known)
        for e in group:
            apply(state, e)
    found.state = state
    return found


def _check(found: Walk, command: Command, state: EncounterState, redecide: Redecide,
           sequence: RedecideAll | None, events: list,
           known: Mapping[str, bytes]) -> None:
    group = command.events
    # the dice of the command as it was decided (an amendment: from its own line)
    rng = (fair_dice.source(state, command.cmd, command.line, known)
           or dice.source(state.seed, command.cmd))
    if command.kept:  # an amendment: the dice it kept of the command it corrected
        rng = dice.Kept(dice.kept_faces(command.kept), rng)
    shown = " ; ".join((command.line, *command.also)) if command.also else command.line
    try:
        if command.also and sequence is not None:
            again = sequence([command.line, *command.also], state, rng, events)
        else:
            again = redecide(shown, state, rng, events)
    except BattletapeError as err:
        found.ripples.append(Ripple(command.cmd, shown, err.message))
        return
    comparable = (state.seed is not None or not _virtual(group)
                  or fair_dice.secret_of(state, known) is not None)
    if comparable and not _same(again, group, stored=True):
        again = _as_stored(again, group)
        before, after = _decisions(group), _decisions(again)
        if after != before:
            found.ripples.append(Ripple(command.cmd, shown,
                                        _difference(group, again, before, after)))


def report(events: Sequence[ev.Event], since: int, redecide: Redecide,
           known: Mapping[str, bytes] | None = None,
           start: EncounterState | None = None,
           sequence: RedecideAll | None = None) -> list[Ripple]:
    """Ripples among the effective commands after position ``since``. ``known``: the
    dice secrets this store holds (published ones are in the events)."""
    return walk(events, since, redecide, start, sequence, known).ripples


def _as_stored(again: Sequence[ev.Event], stored: Sequence[ev.Event]) -> list[ev.Event]:
    """``again`` without the fields added since ``stored`` was recorded
    (``events.ADDED_LATER``): where a stored event holds such a field's default, the
    new decision's value is not a difference."""
    out = again if isinstance(again, list) else list(again)
    for i, (x, y) in enumerate(zip(again, stored)):
        kind = type(x)
        if kind is not type(y):
            continue
        later = _LATER.get(kind)
        if later is None:
            later = _LATER[kind] = _added_later(kind)
        if later:
            kept = _stored_form(x, y, later)
            if kept is not x:
                if out is again:  # (the caller's list is not changed)
                    out = list(again)
                out[i] = kept
    return out


def _stored_form(x: ev.Event, y: ev.Event, later: tuple) -> ev.Event:
    """``x`` as ``y`` was recorded: where ``y`` holds a later field's default (or
    lacks a later key of ``extra``), so does the result (``x`` itself when nothing
    would change: most decisions hold the stored values already)."""
    fields, keys = later
    keep = {}
    for f, default in fields:
        value = getattr(y, f)
        if value == default and getattr(x, f) != value:
            keep[f] = value
    extra = [k for k in keys if k not in y.extra and k in x.extra] if keys else None
    if extra:
        keep["extra"] = {k: v for k, v in x.extra.items() if k not in extra}
    return msgspec.structs.replace(x, **keep) if keep else x


_LATER: dict[type, tuple] = {}  # an event type -> _added_later(type)


def _added_later(kind: type) -> tuple:
    """The fields of ``kind`` added since some events were recorded
    (``events.ADDED_LATER``), with their defaults, and the keys of its ``extra``
    added since; () when there are none."""
    names = ev.ADDED_LATER.get(kind.__name__)
    if not names:
        return ()
    return ([(f, _default(kind, f)) for f in names if "." not in f],
            [f[6:] for f in names if f.startswith("extra.")])


def _default(cls, field: str):
    """A struct field's default value."""
    info = next(f for f in msgspec.structs.fields(cls) if f.name == field)
    return info.default_factory() if info.default is msgspec.NODEFAULT else info.default


def _same(a: Sequence[ev.Event], b: Sequence[ev.Event], stored: bool = False) -> bool:
    """The same events but for who, when and where (``_VOLATILE``): each of ``b``
    given the volatile values of its peer in ``a``, then compared whole.
    ``stored``: each of ``a`` taken as its peer in ``b`` was recorded
    (:func:`_as_stored`, in the same pass)."""
    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        kind = type(x)
        if kind is not type(y):
            return False
        if stored:
            later = _LATER.get(kind)
            if later is None:
                later = _LATER[kind] = _added_later(kind)
            if later:
                x = _stored_form(x, y, later)
        skip = _FIRST_KEPT.get(kind)
        if skip is None:
            skip = _FIRST_KEPT[kind] = _first_kept(kind)
        if skip:  # the volatile fields lead: the fields after them compared
            if astuple(x)[skip:] != astuple(y)[skip:]:
                return False
        elif replace(x, **_NEUTRAL) != replace(y, **_NEUTRAL):
            return False
    return True


astuple, replace = msgspec.structs.astuple, msgspec.structs.replace
_FIRST_KEPT: dict[type, int] = {}  # an event type -> the index of its first kept field


def _first_kept(kind: type) -> int:
    """How many of ``kind``'s fields lead with the volatile ones (Event's own, first in
    every event), 0 when they do not all lead (its events are compared neutralised)."""
    names = [f.name for f in msgspec.structs.fields(kind)]
    return len(_VOLATILE) if set(names[:len(_VOLATILE)]) == _VOLATILE else 0


def _decisions(events: Sequence[ev.Event]) -> list[dict]:
    out = []
    for e in events:
        data = msgspec.to_builtins(e)
        for k in _VOLATILE:
            data.pop(k, None)
        out.append(data)
    return out


def _virtual(events: Sequence[ev.Event]) -> bool:
    """Virtual dice from a secret nobody here holds roll differently when decided
    again: not comparable (until the secret is revealed)."""
    return b'"source":"virtual"' in ev.encoder.encode(list(events))


def _difference(before: Sequence[ev.Event], after: Sequence[ev.Event],
                b: list[dict] | None = None, a: list[dict] | None = None) -> str:
    """What deciding a command again changes: the fields that differ, their values as
    a person reads them (never a Python repr); ``b`` and ``a``: their _decisions, if
    the caller has them."""
    b = _decisions(before) if b is None else b
    a = _decisions(after) if a is None else a
    for x, y in zip(b, a):
        if x != y:
            keys = [k for k in sorted(set(x) | set(y)) if x.get(k) != y.get(k)]
            return ("would now be decided differently: " + ", ".join(
                f"{k} {_plain(x.get(k))} -> {_plain(y.get(k))}" for k in keys[:4]))
    return f"would now record {len(a)} events instead of {len(b)}"


def _plain(value: object) -> str:
    """A recorded value as a person reads it: a roll by its dice and faces, a list
    by its items, nothing as a dash."""
    if value is None or value == [] or value == {}:
        return "—"
    if isinstance(value, dict) and "expr" in value:
        faces = value.get("faces") or []
        return f"{value['expr']} {faces} = {value.get('total')}" if faces else \
            f"{value['expr']} = {value.get('total')}"
    if isinstance(value, (list, tuple)):
        return ", ".join(_plain(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k} {_plain(v)}" for k, v in value.items())
    return str(value)