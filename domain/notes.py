"""Comments: a remark at a position of the battle, the GM's or a player's.

Every system's core (issue 25): ``note [P] TEXT`` records a ``NoteRecorded`` that
changes nothing in the state and that every view (log, replay, the page, the report)
shows at position ``P`` (without P, the last event that counts now). It is a
command like any other: undo takes it back, and amend can reword it.
"""

from __future__ import annotations

from typing import Sequence

from battletape.domain.words import N_
from battletape.domain.errors import BadInput
from battletape.domain.events import Event, NoteRecorded
from battletape.domain.state import EncounterState
from battletape.domain.verbs import Verb, arg, opt


def place(first: str, second: str | None) -> tuple[int | None, str]:
    """``note P TEXT`` or ``note TEXT``: the position (None: the end) and the text."""
    if second is None:
        return None, first
    try:
        at = int(first)
    except ValueError:
        raise BadInput("position", first, N_("a position of the log (a whole number) "
                       "before the text, or the text alone in quotes")) from None
    return at, second


def note(state: EncounterState, at: int | None, text: str, by: str | None = None,
         events: Sequence[Event] = ()) -> list[NoteRecorded]:
    """The decision: a remark at ``at`` (a position of the log ``events``; None: the
    last event that counts, so that deciding it again from the effective history,
    where corrections are not folded, finds the same)."""
    if not text.strip():
        raise BadInput("note", text, N_("the remark in words"))
    last = events[-1].originator_version if events else state.position
    if at is None:
        at = _counted_end(state, events)
    if not 1 <= at <= last:
        raise BadInput("position", str(at),
                       N_("a position of the log, 1..{last}"), last=last)
    return [NoteRecorded(text=text, at=at, author=(by or "").strip())]


def _counted_end(state: EncounterState, events: Sequence[Event]) -> int:
    """The position of the last event that counts, up to the state's position."""
    from battletape.domain.history import NEVER_COUNTED, EffectiveHistory

    upto = [e for e in events if e.originator_version <= state.position]
    history = EffectiveHistory(upto)
    for e in reversed(upto):
        if type(e) not in NEVER_COUNTED and not history.is_void(e):
            return e.originator_version
    return state.position


def verbs() -> list[Verb]:
    """The verb every system has beside its own (a system's own of the same name wins)."""

    def _note(services, position_or_text, text, by):
        at, text = place(str(position_or_text), text)
        return lambda s, r, events: note(s, at, text, by, events)

    return [Verb("note", _note, (
        arg("position_or_text", help="The position the remark is about (see `log`), or the text "
                          "alone: the remark is then at the end of the battle."),
        arg("text", required=False, help="The remark, when a position comes first."),
        opt("by", help="Who made the remark (a player), when not who records it.")),
        "A remark at a position of the battle, the GM's or a player's: log, replay, the "
        "page and the report show it there; it changes nothing.  Example: battletape "
        "note 14 \"Anna says the orc had cover\" --by Anna",
        needs_history=True, roll_option="")]
