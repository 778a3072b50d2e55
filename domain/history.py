"""Effective history: which events count after the corrections (DESIGN.md principles 2
and 9).

The log with voided events skipped and amendments applied. Corrections only ever point
backwards, so one pass over the corrections alone, from the newest to the oldest,
settles everything: a correction that is itself void has no effect, and of two
amendments of one command the newer wins. An ordinary event is void when its position
was voided (a rewind) or its command was retracted (an undo); neither needs the other
events to be read, so the model can be built from a log's corrections alone and asked
about events read later, a page at a time.

Everything that reads history (`state` at any position, `log` and `log --json`, replay
frames, ripple, verify, the HTML page, the Markdown report, the analytics) asks an
:class:`EffectiveHistory`; nothing walks the corrections itself.
"""

from __future__ import annotations

from typing import Iterable, Iterator, NamedTuple, Sequence

import msgspec

from battletape.domain import events as ev

#: events that never count themselves (corrections, disputes, reviews)
NEVER_COUNTED = frozenset(ev.CORRECTIONS)
#: the corrections that change what counts (void events, replace commands)
VOIDING = frozenset((ev.CommandRetracted, ev.CommandRestored, ev.Rewound,
                      ev.CommandAmended))

#: what a shown event is: counted as recorded, counted as amended, the original of an
#: amended command, void (undone, rewound, superseded), or a correction itself
EFFECTIVE, AMENDED, REPLACED, VOIDED, CORRECTION = (
    "effective", "amended", "replaced", "voided", "correction")


class Command(NamedTuple):
    """One effective command: its position, its line as decided, its events."""

    cmd: int
    line: str
    events: list[ev.Event]
    also: tuple[str, ...] = ()   # the forgotten commands an amendment added
    kept: str = ""   # the recorded dice an amendment kept (``dice.kept_text``)


class Shown(NamedTuple):
    """One event as every view shows it: an amended command's replacement event is
    stamped with the position, author and time of the stored event it stands for."""

    status: str
    event: ev.Event
    amended_at: int | None = None   # the amendment that replaced or amended it


class EffectiveHistory:
    """The log as it counts now: voided events skipped, amendments applied."""

    def __init__(self, log: Iterable[ev.Event],
                 corrections: Iterable[ev.Event] | None = None):
        """``log``: the encounter's events (any window of them, or an iterable read
        once); ``corrections``: its correction events, when the log is read lazily and
        should not be read twice (they are then all the model reads to be built)."""
        self.log = log
        #: positions voided as positions (rewound, an undo redone, a superseded amendment)
        self._void: set[int] = set()
        #: command position -> the retraction in force that voids the whole command
        self._retracted: dict[int, ev.CommandRetracted] = {}
        #: command position -> the amendment in force (the newest)
        self.amended: dict[int, ev.CommandAmended] = {}
        #: the corrections in force, newest first
        self._in_force: list[ev.Event] = []
        kinds = VOIDING | {ev.NoteRecorded}
        source = log if corrections is None else corrections
        found = [e for e in source if type(e) in kinds]
        notes = [e for e in found if type(e) is ev.NoteRecorded]
        if notes:
            found = [e for e in found if type(e) is not ev.NoteRecorded]
        void, retracted, amended = self._void, self._retracted, self.amended
        for e in reversed(found):
            pos = e.originator_version
            if pos in void or e.cmd in retracted:
                continue
            match e:
                case ev.CommandRetracted():
                    retracted[e.target] = e
                case ev.CommandRestored():
                    void.add(e.retraction)
                case ev.Rewound():
                    void.update(range(e.to + 1, pos))
                case ev.CommandAmended():
                    if e.target in amended:
                        void.add(pos)  # superseded by a newer amendment
                        continue
                    amended[e.target] = e
            self._in_force.append(e)
        # commands that need a second look: retracted or amended
        self._marked = retracted.keys() | amended.keys()
        #: the remarks in force shown at the earlier position they are about
        #: (``note P TEXT``), in the order they are shown
        self.notes_moved: list[ev.NoteRecorded] = sorted(
            (n for n in notes if n.at < n.originator_version - 1 and not self.is_void(n)
             and n.cmd not in amended), key=lambda n: (n.at, n.originator_version))

    # --- one event -------------------------------------------------------------------

    def is_void(self, e: ev.Event) -> bool:
        """The event was voided (an undo, a rewind, a superseded amendment)."""
        return e.originator_version in self._void or e.cmd in self._retracted

    def voided_by(self, e: ev.Event) -> ev.Event | None:
        """The correction in force that voids ``e`` (who, when and why are on it), the
        newest if several do; None when ``e`` counts."""
        if not self.is_void(e):
            return None
        pos = e.originator_version
        for c in self._in_force:
            match c:
                case ev.CommandRetracted() if c.target == e.cmd:
                    return c
                case ev.CommandRestored() if c.retraction == pos:
                    return c
                case ev.Rewound() if c.to < pos < c.originator_version:
                    return c
                case ev.CommandAmended() if (isinstance(e, ev.CommandAmended)
                                             and c.target == e.target):
                    return c
        return None

    def replaced(self, e: ev.Event) -> bool:
        """A stored event of an amended command (shown replaced, not counted)."""
        return e.cmd in self.amended and not self.is_void(e)

    def counted(self, e: ev.Event) -> Sequence[ev.Event]:
        """What ``e`` puts into the effective history: itself, nothing (void, a
        correction, a later event of an amended command) or, at an amended command's
        first position, the amendment's replacement."""
        if type(e) in NEVER_COUNTED or self.is_void(e):
            return ()
        amendment = self.amended.get(e.cmd)
        if amendment is None:
            return (e,)
        return amendment.replacement if e.originator_version == e.cmd else ()

    # --- the history -------------------------------------------------------------------

    def events(self, up_to: int | None = None, after: int = 0) -> Iterator[ev.Event]:
        """The events that count, in order, amendments spliced in, corrections out;
        with ``up_to``, those of the log up to that position (`state --at`); with
        ``after``, those of the log past that position (a fold from there)."""
        void, marked, skip = self._void, self._marked, NEVER_COUNTED
        retracted, amended = self._retracted, self.amended
        log = self.log
        if after and isinstance(log, list) and log:  # positions are contiguous
            log = log[max(0, after + 1 - log[0].originator_version):]
        for e in log:
            pos = e.originator_version
            if up_to is not None and pos > up_to:
                return
            if pos <= after:
                continue
            if pos in void or type(e) in skip:
                continue
            cmd = e.cmd
            if cmd in marked:
                if cmd not in retracted and pos == cmd:
                    yield from amended[cmd].replacement
                continue
            yield e

    def void_positions(self) -> set[int]:
        """The position of every void event of the log."""
        return {e.originator_version for e in self.log if self.is_void(e)}

    def line(self, cmd: int) -> str:
        """The command line at ``cmd`` as it counts: as an amendment decided it, else as
        recorded ("" for a command recorded without one)."""
        amendment = self.amended.get(cmd)
        decided = amendment.changes.get("as_decided", "") if amendment else ""
        if decided:
            return decided
        first = self.at(cmd)
        return first.command if first is not None else ""

    def at(self, position: int) -> ev.Event | None:
        """The stored event at ``position``, if the log holds it."""
        log = self.log
        if isinstance(log, (list, tuple)) and 0 < position <= len(log) \
                and log[position - 1].originator_version == position:
            return log[position - 1]  # a whole log: position P at index P - 1
        return next((e for e in log if e.originator_version == position), None)

    def commands(self) -> Iterator[Command]:
        """The effective history, one command at a time, in order (an amended command
        as its replacement, with the line it was decided from)."""
        cmd: int | None = None
        line, group = "", []
        by_position: dict[int, ev.Event] | None = None
        for e in self.log:
            if type(e) in NEVER_COUNTED or self.is_void(e):
                continue
            amendment = self.amended.get(e.cmd)
            if amendment is not None:
                if e.originator_version == e.cmd:
                    if group:
                        yield Command(cmd, line, group)
                    cmd, group = None, []
                    yield _as_amended(amendment, e.command)
                continue
            if e.cmd != cmd:
                if group:
                    yield Command(cmd, line, group)
                cmd, group = e.cmd, []
                if e.originator_version == cmd:
                    line = e.command
                else:  # a window starting inside a command: its first event is earlier
                    if by_position is None:
                        by_position = {x.originator_version: x for x in self.log}
                    first = by_position.get(cmd)
                    line = first.command if first is not None else ""
            group.append(e)
        if group:
            yield Command(cmd, line, group)

    def last_command(self) -> int | None:
        """What undo would retract: the last effective command, or the last correction
        still in force (an amendment, a rewind) if it came later. Undos, redos and
        disputes are passed by: redo is what takes an undo back. None when the
        encounter has only its start."""
        for e in reversed(self.log):
            if self.is_void(e):
                continue
            if isinstance(e, (ev.Rewound, ev.CommandAmended)):
                return e.cmd
            if isinstance(e, ev.EncounterStarted):
                return None
            if type(e) not in NEVER_COUNTED:
                return e.cmd
        return None

    def last_retraction(self) -> ev.CommandRetracted | None:
        """What redo would take back: the newest undo still in force, when nothing but
        redos and disputes came after it."""
        for e in reversed(self.log):
            if self.is_void(e):
                continue
            if isinstance(e, ev.CommandRetracted):
                return e
            if not isinstance(e, (ev.CommandRestored, ev.DisputeRaised,
                                  ev.DisputeResolved)):
                return None
        return None

    def round_start(self, round_: int) -> int | None:
        """The position of the stored event that started round ``round_`` and counts."""
        for e in self.log:
            if isinstance(e, ev.RoundStarted) and e.round == round_ \
                    and not self.is_void(e) and e.cmd not in self.amended:
                return e.originator_version
        return None

    def shown(self, everything: bool = False,
              log: Iterable[ev.Event] | None = None) -> Iterator[Shown]:
        """The log as every view shows it, in order of position, read once (``log``:
        the events to show, when not the model's own log, a page at a time).

        Without ``everything``: the effective history, an amended command by its
        replacement (``AMENDED``). With it: every stored event, void ones and the
        corrections marked, and an amended command's original events (``REPLACED``),
        each followed by the event that stands for it now. A remark about an earlier
        position (``note P TEXT``) is shown right after that position's events."""
        moved = self.notes_moved
        if not moved:
            yield from self._shown(everything, log)
            return
        ids = {n.originator_version for n in moved}
        k, first, last = 0, None, 0
        for item in self._shown(everything, log):
            e = item.event
            pos = e.originator_version
            if first is None:
                first = pos
                while k < len(moved) and moved[k].at < first:
                    k += 1  # a window of the log after the position it is about
            while k < len(moved) and moved[k].at < pos:
                yield Shown(EFFECTIVE, moved[k])
                k += 1
            last = pos
            if pos in ids and type(e) is ev.NoteRecorded and item.status == EFFECTIVE:
                continue  # shown where it belongs
            yield item
        while k < len(moved) and moved[k].at <= last:
            yield Shown(EFFECTIVE, moved[k])
            k += 1

    def _shown(self, everything: bool,
               log: Iterable[ev.Event] | None) -> Iterator[Shown]:
        group: list[ev.Event] = []  # an amended command's stored events
        amendment: ev.CommandAmended | None = None
        void_at, retracted, amended = self._void, self._retracted, self.amended
        for e in self.log if log is None else log:
            never = type(e) in NEVER_COUNTED
            if group:
                if e.cmd == group[0].cmd and not never:
                    group.append(e)
                    continue
                yield from _slots(group, amendment, everything)
                group = []
            void = e.originator_version in void_at or e.cmd in retracted
            if never:
                if everything:
                    yield Shown(VOIDED if void else CORRECTION, e)
                continue
            amendment = None if void else amended.get(e.cmd)
            if amendment is None:
                if everything or not void:
                    yield Shown(VOIDED if void else EFFECTIVE, e)
                continue
            group = [e]
        if group:
            yield from _slots(group, amendment, everything)


def _slots(originals: Sequence[ev.Event], amendment: ev.CommandAmended,
           everything: bool) -> Iterator[Shown]:
    """An amended command, slot by slot: the original event (replaced) then the one
    that counts now, at that position; a replacement longer than the original goes on
    at its last position, a shorter one leaves the rest replaced by nothing."""
    at = amendment.originator_version
    first = originals[0]
    replacement = amendment.replacement
    for k in range(max(len(originals), len(replacement))):
        slot = originals[min(k, len(originals) - 1)]
        if everything and k < len(originals):
            yield Shown(REPLACED, slot, at)
        if k < len(replacement):
            yield Shown(AMENDED, msgspec.structs.replace(
                replacement[k], originator_id=first.originator_id,
                originator_version=slot.originator_version, timestamp=slot.timestamp,
                by=slot.by, cmd=first.cmd,
                command=amendment.changes.get("as_decided", "") if k == 0 else ""), at)


def _as_amended(amendment: ev.CommandAmended, original: str) -> Command:
    changes = amendment.changes
    line = changes.get("as_decided", original)
    also = changes.get("also", "")
    if also and line.endswith(" ; " + also):
        return Command(amendment.target, line[:-len(" ; " + also)],
                       list(amendment.replacement), tuple(also.split(" ; ")),
                       changes.get("kept", ""))
    return Command(amendment.target, line, list(amendment.replacement),
                   kept=changes.get("kept", ""))
