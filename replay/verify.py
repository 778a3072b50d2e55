"""Integrity checks of an encounter's log: positions, commands, corrections, dice."""

from __future__ import annotations

from typing import Callable, NamedTuple, Sequence

from domain import events as ev
from replay import ripple


def check_log(events: Sequence[ev.Event], name: str) -> list[str]:
    """Structural problems: positions, the start, commands, correction targets."""
    problems: list[str] = []
    if not events:
        return [f"{name}: no events"]
    first = events[0]
    if not isinstance(first, ev.EncounterStarted) or first.name != name:
        problems.append(f"{name}: position 1 is not this encounter's start")
    stream = first.originator_id
    cmd_open: int | None = None
    seen_cmds: set[int] = set()
    for i, e in enumerate(events, 1):
        if e.originator_version != i:
            problems.append(f"{name}: position {e.originator_version} where {i} was due")
        if e.originator_id != stream:
            problems.append(f"{name}: position {i} belongs to another stream")
        if not 1 <= e.cmd <= i:
            problems.append(f"{name}: position {i} names command {e.cmd}")
        elif e.cmd != cmd_open:
            if e.cmd in seen_cmds or e.cmd != i:
                problems.append(f"{name}: command {e.cmd} is not contiguous at {i}")
            seen_cmds.add(e.cmd)
            cmd_open = e.cmd
        target = (getattr(e, "target", None) if isinstance(
            e, (ev.CommandRetracted, ev.CommandAmended, ev.DisputeRaised)) else
            getattr(e, "retraction", None) if isinstance(e, ev.CommandRestored) else
            getattr(e, "to", None) if isinstance(e, ev.Rewound) else None)
        if target is not None and not 1 <= target < i:
            problems.append(f"{name}: correction at {i} points at {target}")
    return problems


class Verified(NamedTuple):
    """What ``verify`` checked and found."""

    events: int       # events read
    decided: int      # commands decided again from their recorded command lines
    unlined: int      # commands with no recorded command line (written by a program)
    problems: list[str]


def check_decisions(events: Sequence[ev.Event], name: str,
                    redecide: ripple.Redecide,
                    sequence: ripple.RedecideAll | None = None) -> ripple.Walk:
    """Every effective command, decided again from its command line, gives the same
    events (virtual dice come from the recorded seed, so they roll the same): one
    walk through the effective history, folding as it goes."""
    found = ripple.walk(events, 0, redecide, sequence=sequence)
    found.ripples = [ripple.Ripple(r.position, r.command,
                                   f"{name}: command at {r.position} (`{r.command}`) "
                                   f"{r.why}") for r in found.ripples]
    return found


def verify(names: Sequence[str], load: Callable[[str], Sequence[ev.Event]],
           redecide_for: Callable[[str], ripple.Redecide]) -> Verified:
    problems: list[str] = []
    total = decided = unlined = 0
    for name in names:
        events = load(name)
        total += len(events)
        found = check_log(events, name)
        if not found:
            redecide = redecide_for(name)
            walked = check_decisions(events, name, redecide,
                                     getattr(redecide, "sequence", None))
            decided += walked.decided
            unlined += walked.unlined
            found = [r.why for r in walked.ripples]
        problems += found
    return Verified(total, decided, unlined, problems)
