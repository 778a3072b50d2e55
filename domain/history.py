"""Effective history: which events count after the corrections (DESIGN.md principle 2).

The log with voided events skipped and amendments applied. Corrections only ever
point backwards, so one pass from the newest event to the oldest settles everything:
a correction that is itself void has no effect, and of two amendments of one command
the newer wins. Projections, replay and the application all read history through here.
"""

from __future__ import annotations

from typing import Iterator, Sequence

from battletape.domain import events as ev


class Corrections:
    """What the corrections of a log amount to."""

    def __init__(self, events: Sequence[ev.Event]):
        self.void: set[int] = set()
        self.void_cmds: set[int] = set()
        self.amended: dict[int, ev.CommandAmended] = {}
        for e in reversed(events):
            pos = e.originator_version
            if pos in self.void or e.cmd in self.void_cmds:
                self.void.add(pos)
                continue
            match e:
                case ev.CommandRetracted():
                    self.void_cmds.add(e.target)
                case ev.CommandRestored():
                    self.void.add(e.retraction)
                case ev.Rewound():
                    self.void.update(range(e.to + 1, pos))
                case ev.CommandAmended():
                    if e.target in self.amended:
                        self.void.add(pos)  # superseded by a newer amendment
                    else:
                        self.amended[e.target] = e

    def is_void(self, e: ev.Event) -> bool:
        return e.originator_version in self.void

    def replaced(self, e: ev.Event) -> bool:
        return e.cmd in self.amended and not self.is_void(e)

    def effective(self, events: Sequence[ev.Event],
                  upto: int | None = None) -> Iterator[ev.Event]:
        """The events that count, in order, amendments spliced in, corrections out."""
        for e in events:
            pos = e.originator_version
            if upto is not None and pos > upto:
                return
            if pos in self.void or isinstance(e, ev.CORRECTIONS):
                continue
            amendment = self.amended.get(e.cmd)
            if amendment is not None:
                if pos == e.cmd:
                    yield from amendment.replacement
                continue
            yield e


def voided(events: Sequence[ev.Event]) -> set[int]:
    """Positions of every void event."""
    return Corrections(events).void


def effective(events: Sequence[ev.Event]) -> list[ev.Event]:
    return list(Corrections(events).effective(events))
