"""Integrity checks of an encounter's log: positions, commands, corrections, dice."""

from __future__ import annotations

import gc
from itertools import compress
from operator import attrgetter, eq, or_
from typing import Callable, Iterable, Mapping, NamedTuple, Sequence

from battletape.domain import events as ev, fair_dice
from battletape.domain.history import EffectiveHistory
from battletape.replay import chain, ripple

#: the corrections that point back at a position (their targets are checked)
_POINTING = (ev.CommandRetracted, ev.CommandAmended, ev.DisputeRaised,
             ev.CommandRestored, ev.Rewound)
#: the events that commit to, or reveal, an encounter's dice secret
_DICE = (ev.EncounterStarted, ev.DiceCommitted, ev.DiceRevealed)


class Columns(NamedTuple):
    """What the log's checks read of every event, gathered in one pass over them (a
    long history's events lie all over memory: each pass costs its cache misses)."""

    versions: tuple[int, ...]
    streams: tuple[int, ...]  # each stream id's number (compared without a call)
    cmds: tuple[int, ...]
    kinds: tuple[type, ...]


_COLUMNS = attrgetter("originator_version", "originator_id.int", "cmd", "__class__")


def columns(events: Sequence[ev.Event]) -> Columns:
    return Columns(*zip(*map(_COLUMNS, events))) if events else Columns((), (), (), ())


def check_log(events: Sequence[ev.Event], name: str,
              read: Columns | None = None) -> list[str]:
    """Structural problems: positions, the start, commands, correction targets
    (``read``: the events' :func:`columns`, when the caller has them)."""
    problems: list[str] = []
    if not events:
        return [f"{name}: no events"]
    first = events[0]
    if not isinstance(first, ev.EncounterStarted) or first.name != name:
        problems.append(f"{name}: position 1 is not this encounter's start")
    read = read or columns(events)
    if _regular(read):  # (the loop below names what is not)
        return problems + _pointing(events, name, read.kinds)
    stream = first.originator_id.int  # (a UUID's number: compared without a call)
    cmd_open: int | None = None
    seen_cmds: set[int] = set()
    for i, e in enumerate(events, 1):
        if e.originator_version != i:
            problems.append(f"{name}: position {e.originator_version} where {i} was due")
        if e.originator_id.int != stream:
            problems.append(f"{name}: position {i} belongs to another stream")
        if not 1 <= e.cmd <= i:
            problems.append(f"{name}: position {i} names command {e.cmd}")
        elif e.cmd != cmd_open:
            if e.cmd in seen_cmds or e.cmd != i:
                problems.append(f"{name}: command {e.cmd} is not contiguous at {i}")
            seen_cmds.add(e.cmd)
            cmd_open = e.cmd
    return problems + _pointing(events, name, read.kinds)


def _regular(read: Columns) -> bool:
    """Whether the positions run 1, 2, ... in one stream and every command is
    contiguous from its own position: what nearly every log is, checked a column at
    a time (no Python call per event)."""
    versions, streams, cmds = read.versions, read.streams, read.cmds
    if versions != tuple(range(1, len(versions) + 1)):
        return False
    if streams.count(streams[0]) != len(streams):
        return False
    if cmds[0] != 1:
        return False
    # each event opens its command (cmd == its position) or continues the one before
    return all(map(or_, map(eq, cmds[1:], versions[1:]), map(eq, cmds[1:], cmds)))


def _of_kinds(items: Iterable, kinds: Sequence[type],
              wanted: tuple[type, ...]) -> Iterable:
    """The ``items`` (the events, or anything in step with them) whose event is
    ``wanted`` (``kinds``: the events' classes, in order), picked without a Python
    call per event; the few classes present are asked once."""
    present = {kind for kind in set(kinds) if issubclass(kind, wanted)}
    return compress(items, map(present.__contains__, kinds)) if present else ()


def _pointing(events: Sequence[ev.Event], name: str,
              kinds: Sequence[type]) -> list[str]:
    """Corrections that point at no earlier position."""
    problems: list[str] = []
    for i, e in _of_kinds(enumerate(events, 1), kinds, _POINTING):
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
    reviews = [e for e in events if isinstance(e, ev.RippleAccepted)]
    if not reviews:
        return {}
    history = EffectiveHistory(events)
    return {(r.position, r.command, r.why): e for e in reviews
            if not history.is_void(e) for r in e.ripples}


class Verified(NamedTuple):
    """What ``verify`` checked and found."""

    events: int       # events read
    decided: int      # commands decided again from their recorded command lines
    unlined: int      # commands with no recorded command line (written by a program)
    problems: list[str]


def check_decisions(events: Sequence[ev.Event], name: str,
                    redecide: ripple.Redecide,
                    accepted: list[str] | None = None,
                    known: Mapping[str, bytes] | None = None,
                    sequence: ripple.RedecideAll | None = None) -> ripple.Walk:
    """Every effective command, decided again from its command line, gives the same
    events (virtual dice derived again from their public seed, or from their secret
    once it is revealed or held here): one walk through the effective history,
    folding as it goes. The walk's ``ripples`` are the problems, each said in a line;
    a ripple the GM accepted is no problem: it goes to ``accepted``, said as such."""
    reviewed = accepted_ripples(events)
    found = ripple.walk(events, 0, redecide, sequence=sequence, known=known)
    edition = getattr(events[0], "rules_edition", 1) if events else ev.RULES_EDITION
    problems = []
    for r in found.ripples:
        line = f"{name}: command at {r.position} (`{r.command}`) {r.why}"
        review = reviewed.get((r.position, r.command, r.why))
        if review is None and edition < ev.RULES_EDITION and accepted is not None:
            # not an alteration: battletape's rules have changed since it was recorded
            accepted.append(f"{line} — recorded under rules edition {edition}; today's "
                            f"rules (edition {ev.RULES_EDITION}) decide it otherwise")
        elif review is None:
            problems.append(ripple.Ripple(r.position, r.command, line))
        elif accepted is not None:
            accepted.append(f"{line} — accepted by {review.by} at "
                            f"{review.originator_version}")
    found.ripples = problems
    return found


def check_dice(events: Sequence[ev.Event], name: str,
               known: Mapping[str, bytes] | None = None,
               kinds: Sequence[type] | None = None) -> tuple[list[str], list[str]]:
    """Problems with the dice secrets (a revealed or held secret that does not match
    its commitment), and notes on how far the virtual rolls could be checked
    (``kinds``: the events' classes, when the caller has read them)."""
    known = known or {}
    problems: list[str] = []
    committed: list[tuple[int, str]] = []
    revealed: dict[str, str] = {}
    for e in _of_kinds(events, kinds if kinds is not None else columns(events).kinds,
                       _DICE):
        if isinstance(e, ev.EncounterStarted) and e.dice_commitment:
            committed.append((e.originator_version, e.dice_commitment))
        elif isinstance(e, ev.DiceCommitted):
            committed.append((e.originator_version, e.commitment))
        elif isinstance(e, ev.DiceRevealed):
            try:
                ok = fair_dice.commitment(bytes.fromhex(e.secret)) == e.commitment
            except ValueError:
                ok = False
            if not ok:
                problems.append(f"{name}: the secret revealed at {e.originator_version} "
                                f"is not the one committed to ({e.commitment[:12]}…)")
            revealed[e.commitment] = e.secret
    notes: list[str] = []
    if events and isinstance(events[0], ev.EncounterStarted) and events[0].seed is not None:
        return problems, [f"{name}: virtual dice from the public seed {events[0].seed} "
                          "(reproducible by anyone)"]
    for position, c in committed:
        if c in revealed:
            notes.append(f"{name}: dice secret of {position} revealed; its virtual rolls "
                         "derived again")
        elif c in known:
            if fair_dice.commitment(known[c]) != c:
                problems.append(f"{name}: the dice secret this store holds for "
                                f"{position} is not the one committed to")
            else:
                notes.append(f"{name}: dice secret of {position} held by this store, not "
                             "yet revealed; its virtual rolls derived again here (players "
                             "can check them after `dice reveal` or `end`)")
        else:
            notes.append(f"{name}: dice secret of {position} not revealed and not held "
                         "here: its virtual rolls cannot be checked yet")
    return problems, notes


def check_campaign_dice(events: Sequence[ev.Event], campaign: str,
                        known: Mapping[str, bytes] | None = None
                        ) -> tuple[list[str], list[str]]:
    """The virtual rolls of a campaign's commands between battles (rests, recharges:
    plain dice, drawn in the order recorded), derived again from the campaign's
    secret once it is revealed or held here."""
    from battletape.domain.state import EncounterState

    known = known or {}
    state = EncounterState(name=campaign)
    problems: list[str] = []
    checked = unchecked = 0
    for e in events:
        if isinstance(e, fair_dice.FACTS):
            fair_dice.fold(state, e)
            continue
        rolls = fair_dice.virtual_dice(e)
        if not rolls:
            continue
        secret = fair_dice.secret_of(state, known)
        if secret is None:
            unchecked += 1
            continue
        source = fair_dice.campaign_source(state, secret, e.cmd, e.command)
        again = [source.randrange(sides) + 1 for _, sides in rolls]
        checked += 1
        if again != [face for face, _ in rolls]:
            problems.append(f"campaign {campaign}: the virtual dice at "
                            f"{e.originator_version} are not those its secret gives "
                            f"({[f for f, _ in rolls]} where {again} was due)")
    notes = []
    if checked or unchecked:
        notes.append(f"campaign {campaign}: {checked} command(s) with virtual dice derived "
                     f"again" + (f", {unchecked} await `dice reveal --campaign`"
                                 if unchecked else ""))
    return problems, notes


def verify(names: Sequence[str], load: Callable[[str], Sequence[ev.Event]],
           redecide_for: Callable[[str], ripple.Redecide],
           accepted: list[str] | None = None,
           known_for: Callable[[str], Mapping[str, bytes]] = lambda name: {},
           notes: list[str] | None = None) -> Verified:
    """Every encounter's log, dice and decisions; accepted ripples go to
    ``accepted``, what could be said of the dice to ``notes``. The cyclic collector
    is paused meanwhile: each encounter's events are decoded, checked and folded
    (many objects made, no cycles), and every collection would walk them again."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _verify(names, load, redecide_for, accepted, known_for, notes)
    finally:
        if enabled:
            gc.enable()


def _verify(names: Sequence[str], load: Callable[[str], Sequence[ev.Event]],
            redecide_for: Callable[[str], ripple.Redecide],
            accepted: list[str] | None,
            known_for: Callable[[str], Mapping[str, bytes]],
            notes: list[str] | None) -> Verified:
    problems: list[str] = []
    total = decided = unlined = 0
    for name in names:
        events = load(name)
        total += len(events)
        read = columns(events)
        found = check_log(events, name, read)
        if not found:
            known = known_for(name)
            found, said = check_dice(events, name, known, read.kinds)
            redecide = redecide_for(name)
            walked = check_decisions(events, name, redecide, accepted, known,
                                     getattr(redecide, "sequence", None))
            decided += walked.decided
            unlined += walked.unlined
            found += [r.why for r in walked.ripples]
            if notes is not None:
                notes += said
        problems += found
    return Verified(total, decided, unlined, problems)


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
        elif link is None or snap.chain != link[3] or \
                snap.seal != chain.snapshot_seal(link[3], body(snap)):  # (Link.hash)
            problems.append(f"{label}: the snapshot at {version} does not match the "
                            "chain (altered: ignored, the state is rebuilt from events)")
    return problems


def check_index(registered: set, started: dict) -> list[str]:
    """Encounters stored but missing from the index (``started``: stream -> name)."""
    return [f"encounter {name!r} is stored but missing from the index"
            for stream, name in started.items() if stream not in registered]
