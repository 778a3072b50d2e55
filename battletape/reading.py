"""Reading an encounter's history without reading all of it: the nearest valid
snapshot and the events after it (a window), pages of events, the corrections alone,
one event by its position, and a log read backwards as far as a decision looks.

The corrections only reach backwards, so a snapshot that no later correction reaches
back to still holds: the history after it is the events after it. Inside a batch (a
script) everything is in memory and read whole.
"""

from __future__ import annotations

from typing import Callable, Iterator, Sequence
from uuid import UUID

from battletape.stores import store
from battletape.domain import events as ev
from battletape.domain.errors import violation
from battletape.domain.words import N_
from battletape.domain.state import EncounterState, copy
from battletape.replay import history


class Stream:
    """A stream's state and unsaved events inside a batch (a script)."""

    __slots__ = ("state", "pending", "snapshots")

    def __init__(self, state: EncounterState):
        self.state = state
        self.pending: list[ev.Event] = []
        # copies of the state where a single command would have saved a snapshot,
        # saved with the batch's events
        self.snapshots: list[EncounterState] = []


class Reading:
    """The reading side of :class:`battletape.application.Battletape`."""

    app: store.BattletapeApplication
    _batch: dict[UUID, Stream] | None
    # given by Battletape: registration(name), _stream_events(stream),
    # _last_position(stream)

    def _round_start(self, stream: UUID, round_: int
                     ) -> tuple[int, list[ev.Event] | None]:
        """Where round ``round_`` started, and the corrections recorded after it (they
        still apply to its past): read from the rounds' starts and the corrections
        alone, by their topics, in one pass, not from every event."""
        if self._batch is not None:
            return history.round_position(self._stream_events(stream), round_), None
        found = store.read_events(self.app, stream, topics=[
            store.topic(ev.RoundStarted), *store.CORRECTION_TOPICS])
        at = history.round_position(found, round_)
        return at, [e for e in found if e.originator_version > at
                    and isinstance(e, ev.CORRECTIONS)]

    def corrections(self, name: str | None = None) -> list[ev.Event]:
        """The corrections of an encounter (read by their topics alone): enough to
        tell which of its events are void (``domain.history.EffectiveHistory``); and
        its remarks (``note``), which views show at the positions they are about."""
        stream = self.registration(name).encounter_id
        if self._batch is not None:
            return [e for e in self._stream_events(stream)
                    if isinstance(e, (*ev.CORRECTIONS, ev.NoteRecorded))]
        return store.read_events(self.app, stream, topics=store.HISTORY_TOPICS)

    def pages(self, name: str | None = None, size: int = 2000) -> Iterator[list[ev.Event]]:
        """An encounter's events, ``size`` at a time, in order (memory stays bounded
        whatever the length of the battle)."""
        stream = self.registration(name).encounter_id
        if self._batch is not None:
            events = self._stream_events(stream)
            for i in range(0, len(events), size):
                yield events[i:i + size]
            return
        after = 0
        while True:
            page = store.read_events(self.app, stream, after=after, upto=after + size)
            if not page:
                return
            yield page
            after = page[-1].originator_version

    def command_of(self, name: str | None, position: int) -> int:
        """The position of the first event of the command that recorded the event at
        ``position`` (read alone, by its position)."""
        stream = self.registration(name).encounter_id
        if self._batch is None:
            found = (store.read_events(self.app, stream, after=position - 1,
                                       upto=position) if position >= 1 else [])
            if found:
                return found[0].cmd
            raise violation(N_("there is no event at position {position} (1..{last})"),
                            position=position, last=self._last_position(stream))
        return history.command_of(self._stream_events(stream), position)

    def last_amendment(self, name: str | None = None) -> ev.CommandAmended | None:
        """The newest amendment recorded in an encounter (read by its topic alone)."""
        stream = self.registration(name).encounter_id
        if self._batch is None:
            found = store.read_events(self.app, stream, topics=[store.topic(ev.CommandAmended)])
        else:
            found = [e for e in self._stream_events(stream)
                     if isinstance(e, ev.CommandAmended)]
        return found[-1] if found else None

    def _log(self, stream: UUID, last: int) -> "Sequence[ev.Event]":
        """The stream's events for a decision that reads its history: read when it
        looks, from the newest backwards a page at a time when it reads backwards."""
        if self._batch is not None:
            return self._stream_events(stream)
        return Log(lambda: self._stream_events(stream), last,
                    lambda after, upto: store.read_events(self.app, stream, after=after,
                                                          upto=upto))

    def window(self, name: str | None, before: int,
               extra: Sequence[ev.Event] = ()) -> tuple[EncounterState | None,
                                                        list[ev.Event]]:
        """The state of the nearest snapshot at or before position ``before`` that is
        still valid (no correction after it, ``extra`` included, reaches back to it or
        before), and the events after it: ``(None, every event)`` when there is none.
        Folding the events onto the state gives the state now; reading them indexes
        the history from that snapshot on."""
        return self._window(self.registration(name).encounter_id, before, extra)

    def _window(self, stream: UUID, before: int, extra: Sequence[ev.Event] = ()
                ) -> tuple[EncounterState | None, list[ev.Event]]:
        if self._batch is None:
            at_most = before
            while at_most >= 1:
                snap = store.latest_snapshot(self.app, stream, at_most=at_most)
                if snap is None:
                    break
                later = store.read_events(self.app, stream, after=snap.originator_version)
                if store.snapshot_still_valid(snap.originator_version, [*later, *extra]):
                    return copy(snap.state), later
                at_most = min(snap.originator_version - 1,
                              store.valid_below([*later, *extra]))
        return None, self._stream_events(stream)



class Log(Sequence):
    """A stream's events, read from the store the first time a decision looks; read
    backwards (``reversed``), a page at a time from the newest, as far as it goes."""

    PAGE = 512

    def __init__(self, load: Callable[[], list[ev.Event]], last: int = 0,
                 read: Callable[[int, int], list[ev.Event]] | None = None):
        self._load, self._events = load, None
        self._last, self._read = last, read

    def _all(self) -> list[ev.Event]:
        if self._events is None:
            self._events = self._load()
        return self._events

    def __len__(self) -> int:
        return len(self._all())

    def __getitem__(self, index):
        return self._all()[index]

    def __iter__(self):
        return iter(self._all())

    def __reversed__(self):
        if self._events is not None or self._read is None:
            yield from reversed(self._all())
            return
        upto = self._last
        while upto > 0:
            yield from reversed(self._read(max(0, upto - self.PAGE), upto))
            upto -= self.PAGE

    def __add__(self, other) -> list[ev.Event]:
        return self._all() + list(other)
