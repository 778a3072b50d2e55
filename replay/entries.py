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

import msgspec

from battletape.domain import events as ev, systems
from battletape.projections.describe import describe
from battletape.replay.drops import DropWatch, narrate
from battletape.replay.history import Corrections

#: what an entry is: counted as recorded, counted as amended, the original of an
#: amended command, void (undone, rewound, superseded), or a correction itself
EFFECTIVE, AMENDED, REPLACED, VOIDED, CORRECTION = (
    "effective", "amended", "replaced", "voided", "correction")

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
            corrections: Corrections | None = None) -> Iterator[Entry]:
    """The displayed entries of an encounter's log, in order of position.

    Without ``everything``: the effective history (what `log` shows), an amended
    command by its replacement. With it: every stored event, void ones and the
    corrections marked, and an amended command's original lines, each followed by
    the line that replaces it. ``corrections``: what the log's corrections amount to,
    when the caller has it (a player reading the log lazily, replay/frames.py)."""
    if not events:
        return
    system = system or getattr(events[0], "system", systems.DEFAULT_SYSTEM)
    corr = corrections if corrections is not None else Corrections(events)
    watch = DropWatch()  # a creature going down is told as a drop, where it fell

    def say(e: ev.Event, counts: bool = True) -> str:
        """The event's line; one that counts is folded, and says who it took down
        (each counted event comes here once, in order)."""
        if not counts:
            return describe(e, lang, system)
        return describe(e, lang, system) + narrate(watch.see(e), lang, system)

    i = 0
    n = len(events)
    while i < n:
        e = events[i]
        pos = e.originator_version
        void = corr.is_void(e)
        amendment = corr.amended.get(e.cmd)
        if isinstance(e, ev.CORRECTIONS):
            if everything:
                yield Entry(pos, e, say(e, False), e.by, e.timestamp,
                            VOIDED if void else CORRECTION)
            i += 1
            continue
        if void or amendment is None:
            if everything or not void:
                yield Entry(pos, e, say(e, not void), e.by, e.timestamp,
                            VOIDED if void else EFFECTIVE)
            i += 1
            continue
        # an amended command: its stored events, then the replacement slot by slot
        j = i
        while j < n and events[j].cmd == e.cmd and not isinstance(events[j], ev.CORRECTIONS):
            j += 1
        yield from _amended(events[i:j], amendment, say, everything)
        i = j


def _amended(originals: Sequence[ev.Event], amendment: ev.CommandAmended, say,
             everything: bool) -> Iterator[Entry]:
    """An amended command, slot by slot: the original line (replaced) then the line
    that counts now; a replacement longer than the original goes on at its last
    position, a shorter one leaves the rest replaced by nothing."""
    at = amendment.originator_version
    first = originals[0]
    replacement = list(amendment.replacement)
    for k in range(max(len(originals), len(replacement))):
        slot = originals[min(k, len(originals) - 1)]
        if everything and k < len(originals):
            yield Entry(slot.originator_version, slot, say(slot, False), slot.by,
                        slot.timestamp, REPLACED, at)
        if k < len(replacement):
            shown = msgspec.structs.replace(
                replacement[k], originator_id=first.originator_id,
                originator_version=slot.originator_version, timestamp=slot.timestamp,
                by=slot.by, cmd=first.cmd,
                command=amendment.changes.get("as_decided", "") if k == 0 else "")
            yield Entry(slot.originator_version, shown, say(shown), slot.by,
                        slot.timestamp, AMENDED, at)


def at_positions(items: Sequence[Entry] | Iterator[Entry]) -> dict[int, list[Entry]]:
    """The entries grouped by position: the lines a step of a replay shows."""
    out: dict[int, list[Entry]] = {}
    for entry in items:
        out.setdefault(entry.position, []).append(entry)
    return out


def step_line(at: Sequence[Entry], lang: str = "en") -> str:
    """One line for one position of a replay: every entry there, marks included."""
    return " / ".join(entry.line(lang) for entry in at)
