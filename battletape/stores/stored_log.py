"""An encounter's events read from the store a page at a time, as a player asks for
them: the first frame of a long battle costs a page, not the whole battle."""

from __future__ import annotations

from typing import Iterator, Sequence, overload

from battletape.stores import store
from battletape.domain import events as ev


class StoredLog(Sequence[ev.Event]):
    """The events of one encounter, positions 1..len, read ``page`` at a time
    (``bt``: a :class:`battletape.application.Battletape`)."""

    def __init__(self, bt, name: str | None = None, page: int = 5000):
        reg = bt.registration(name)
        self._app = bt.app
        self._stream = reg.encounter_id
        self._length = bt.state(reg.name).position
        self._page = page
        self._pages: dict[int, list[ev.Event]] = {}

    def __len__(self) -> int:
        return self._length

    def _read(self, number: int) -> list[ev.Event]:
        found = self._pages.get(number)
        if found is None:
            start = number * self._page
            found = store.read_events(self._app, self._stream, after=start,
                                      upto=start + self._page)
            self._pages[number] = found
        return found

    @overload
    def __getitem__(self, index: int) -> ev.Event: ...

    @overload
    def __getitem__(self, index: slice) -> list[ev.Event]: ...

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._length))]
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError(index)
        return self._read(index // self._page)[index % self._page]

    def __iter__(self) -> Iterator[ev.Event]:
        for number in range((self._length + self._page - 1) // self._page):
            yield from self._read(number)

    def corrections(self) -> list[ev.Event]:
        """Every correction of the encounter (undo, rewind, amend, dispute...), and its
        remarks (``note``: views show them at the positions they are about)."""
        return store.read_events(self._app, self._stream, topics=store.HISTORY_TOPICS)
