"""The line a replay shows at each position, from the displayed entries
(replay/entries.py), read only as far as the replay has got."""

from __future__ import annotations

from typing import Sequence

from battletape.domain import events as ev
from battletape.domain.history import EffectiveHistory
from battletape.replay.entries import Entry, entries, step_line


class StepLines:
    """``lines(position)``: every entry at that position in one line, marks included.
    The entries are drawn from one pass over the log as positions are asked for; with
    ``keep`` False a position's entries are dropped once shown (a single forward walk,
    as the HTML page makes)."""

    def __init__(self, events: Sequence[ev.Event], lang: str = "en",
                 system: str | None = None, corrections: EffectiveHistory | None = None,
                 keep: bool = True):
        self._entries = entries(events, lang, system, everything=True,
                                corrections=corrections)
        self._lang = lang
        self._keep = keep
        self._at: dict[int, list[Entry]] = {}
        self._seen = 0  # the highest position drawn so far
        self._done = False

    def __call__(self, position: int) -> str:
        while not self._done and self._seen <= position:
            entry = next(self._entries, None)
            if entry is None:
                self._done = True
                break
            self._at.setdefault(entry.place, []).append(entry)
            if entry.place != entry.position:  # a remark: where it is about, and when made
                self._at.setdefault(entry.position, []).append(entry)
            self._seen = max(self._seen, entry.place)
        at = self._at.get(position, []) if self._keep else self._at.pop(position, [])
        return step_line(at, self._lang)
