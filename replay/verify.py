"""Integrity checks of an encounter's log: positions, commands, corrections, dice."""

from __future__ import annotations

from typing import Callable, Sequence

from domain import events as ev
from replay import chain, ripple


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


def check_decisions(events: Sequence[ev.Event], name: str,
                    redecide: ripple.Redecide) -> list[str]:
    """Every effective command, decided again from its command line, gives the same
    events (virtual dice come from the recorded seed, so they roll the same)."""
    return [f"{name}: command at {r.position} (`{r.command}`) {r.why}"
            for r in ripple.report(events, 0, redecide)]


def verify(names: Sequence[str], load: Callable[[str], Sequence[ev.Event]],
           redecide_for: Callable[[str], ripple.Redecide]) -> tuple[int, list[str]]:
    problems: list[str] = []
    total = 0
    for name in names:
        events = load(name)
        total += len(events)
        found = check_log(events, name)
        if not found:
            found = check_decisions(events, name, redecide_for(name))
        problems += found
    return total, problems


def check_snapshots(label: str, stream: object, snapshots: Sequence[tuple[int, bytes]],
                    links: dict[int, chain.Link], decode: Callable[[bytes], object],
                    body: Callable[[object], bytes]) -> list[str]:
    """Snapshots that do not carry the link of the event they fold up to, or are not
    the ones sealed with it: never used to read (ignored), reported. A snapshot
    without a seal is one taken before the chain, of a position sealed since."""
    problems = []
    legacy = chain.sealed_upto(links)
    for version, data in snapshots:
        snap = decode(data)
        link = links.get(version)
        if snap is None or getattr(snap, "originator_version", None) != version or \
                getattr(snap, "originator_id", None) != stream:
            problems.append(f"{label}: the snapshot at {version} is unreadable or "
                            "moved (ignored)")
        elif not snap.seal and not snap.chain and version <= legacy:
            continue
        elif link is None or snap.chain != link.hash or \
                snap.seal != chain.snapshot_seal(link.hash, body(snap)):
            problems.append(f"{label}: the snapshot at {version} does not match the "
                            "chain (altered: ignored, the state is rebuilt from events)")
    return problems


def check_index(registered: set, started: dict) -> list[str]:
    """Encounters stored but missing from the index (``started``: stream -> name)."""
    return [f"encounter {name!r} is stored but missing from the index"
            for stream, name in started.items() if stream not in registered]
