"""Displayed entries: the one story every view tells (DESIGN.md principle 9).

The effective history turned into lines for people: the text of each event as it
counts now, its position, who recorded it and when, and the corrections applied. An
amended command is shown by its replacement (new text, marked amended) and, when
everything is asked for, its original lines are kept beside it marked replaced.
`log`, `log --all`, the terminal replay, the HTML page and the Markdown report all
read the battle through here.
"""

from __future__ import annotations

from datetime import datetime
from typing import Iterator, NamedTuple, Sequence

from battletape.domain import events as ev, systems
from battletape.domain.history import (AMENDED, CORRECTION, EFFECTIVE, REPLACED, VOIDED,
                                       EffectiveHistory)
from battletape.projections.describe import describe
from battletape.replay.drops import DropWatch, narrate

#: what an entry is (domain/history.py): counted as recorded, counted as amended, the
#: original of an amended command, void (undone, rewound, superseded), or a correction
__all__ = ["Entry", "entries", "at_positions", "step_line", "EFFECTIVE", "AMENDED",
           "REPLACED", "VOIDED", "CORRECTION"]

_MARKS = {
    "en": {AMENDED: "[amended at {at}]", REPLACED: "[replaced at {at}]",
           VOIDED: "[voided]", CORRECTION: "[correction]"},
    "it": {AMENDED: "[corretto in {at}]", REPLACED: "[sostituito in {at}]",
           VOIDED: "[voided]", CORRECTION: "[correzione]"},
}


class Entry(NamedTuple):
    """One displayed line of an encounter's history."""

    position: int
    event: ev.Event          # as it counts: a replacement's event for an amended command
    text: str
    by: str
    when: datetime
    status: str = EFFECTIVE
    amended_at: int | None = None   # the amendment that replaced or amended this line

    @property
    def place(self) -> int:
        """The position a replay shows it at: its own, or for a remark the position
        it is about (``note P TEXT``)."""
        e = self.event
        return e.at if type(e) is ev.NoteRecorded and e.at < self.position \
            and self.status == EFFECTIVE else self.position

    def mark(self, lang: str = "en") -> str:
        """The correction this line carries, in words ("" for a plain line)."""
        if self.status == EFFECTIVE:
            return ""
        words = _MARKS.get(lang, _MARKS["en"])[self.status]
        return words.format(at=self.amended_at)

    def line(self, lang: str = "en") -> str:
        """The text with its mark, as every view prints it."""
        mark = self.mark(lang)
        return f"{self.text} {mark}" if mark else self.text


def entries(events: Sequence[ev.Event], lang: str = "en", system: str | None = None,
            everything: bool = False,
            corrections: EffectiveHistory | None = None) -> Iterator[Entry]:
    """The displayed entries of an encounter's log, in order of position.

    Without ``everything``: the effective history (what `log` shows), an amended
    command by its replacement. With it: every stored event, void ones and the
    corrections marked, and an amended command's original lines, each followed by
    the line that replaces it. ``corrections``: the log's effective history, when the
    caller has it (a player reading the log lazily, replay/frames.py)."""
    if not events:
        return
    system = system or getattr(events[0], "system", systems.DEFAULT_SYSTEM)
    history = corrections if corrections is not None else EffectiveHistory(events)
    watch = DropWatch()  # what an event did to whom, told where it happened
    for status, e, at in history.shown(everything, events):
        text = describe(e, lang, system)
        if status in (EFFECTIVE, AMENDED):  # it counts: folded, and says who it took down
            text += narrate(watch.see(e), lang, system, text)
        yield Entry(e.originator_version, e, text, e.by, e.timestamp, status, at)


def at_positions(items: Sequence[Entry] | Iterator[Entry]) -> dict[int, list[Entry]]:
    """The entries grouped by position: the lines a step of a replay shows."""
    out: dict[int, list[Entry]] = {}
    for entry in items:
        out.setdefault(entry.place, []).append(entry)
        if entry.place != entry.position:  # a remark: where it is about, and when made
            out.setdefault(entry.position, []).append(entry)
    return out


def step_line(at: Sequence[Entry], lang: str = "en") -> str:
    """One line for one position of a replay: every entry there, marks included."""
    return " / ".join(entry.line(lang) for entry in at)
