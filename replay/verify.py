"""Integrity checks of an encounter's log: positions, commands, corrections, dice."""

from __future__ import annotations

from typing import Callable, Sequence

from domain import events as ev
from replay import ripple
from replay.history import Corrections


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


def accepted_ripples(events: Sequence[ev.Event]) -> dict[tuple, ev.RippleAccepted]:
    """The ripples a GM has reviewed and accepted (`ripple --accept`), by position,
    command line and reason: a ripple that changes since needs a new review."""
    void = Corrections(events).void
    return {(r.position, r.command, r.why): e for e in events
            if isinstance(e, ev.RippleAccepted) and e.originator_version not in void
            for r in e.ripples}


def check_decisions(events: Sequence[ev.Event], name: str,
                    redecide: ripple.Redecide,
                    accepted: list[str] | None = None) -> list[str]:
    """Every effective command, decided again from its command line, gives the same
    events (virtual dice come from the recorded seed, so they roll the same). A
    ripple the GM accepted is no problem: it goes to ``accepted``, said as such."""
    reviewed = accepted_ripples(events)
    problems = []
    for r in ripple.report(events, 0, redecide):
        line = f"{name}: command at {r.position} (`{r.command}`) {r.why}"
        review = reviewed.get((r.position, r.command, r.why))
        if review is None:
            problems.append(line)
        elif accepted is not None:
            accepted.append(f"{line} — accepted by {review.by} at "
                            f"{review.originator_version}")
    return problems


def verify(names: Sequence[str], load: Callable[[str], Sequence[ev.Event]],
           redecide_for: Callable[[str], ripple.Redecide],
           accepted: list[str] | None = None) -> tuple[int, list[str]]:
    """Every encounter's log and decisions; accepted ripples go to ``accepted``."""
    problems: list[str] = []
    total = 0
    for name in names:
        events = load(name)
        total += len(events)
        found = check_log(events, name)
        if not found:
            found = check_decisions(events, name, redecide_for(name), accepted)
        problems += found
    return total, problems
