"""Comments: a remark at a position of the battle, the GM's or a player's.

Every system's core (issue 25): ``note [P] TEXT`` records a ``NoteRecorded`` that
changes nothing in the state and that every view (log, replay, the page, the report)
shows at position ``P`` (without P, the end of the battle as it is now). It is a
command like any other: undo takes it back, and amend can reword it.
"""

from __future__ import annotations

from battletape.domain.errors import BadInput
from battletape.domain.events import NoteRecorded
from battletape.domain.state import EncounterState
from battletape.domain.verbs import Verb, arg, opt


def place(first: str, second: str | None) -> tuple[int | None, str]:
    """``note P TEXT`` or ``note TEXT``: the position (None: the end) and the text."""
    if second is None:
        return None, first
    try:
        at = int(first)
    except ValueError:
        raise BadInput("position", first, "a position of the log (a whole number) "
                       "before the text, or the text alone in quotes") from None
    return at, second


def note(state: EncounterState, at: int | None, text: str, by: str | None = None
         ) -> list[NoteRecorded]:
    """The decision: a remark at ``at`` (1..the last position; None: the last)."""
    if not text.strip():
        raise BadInput("note", text, "the remark in words")
    end = state.position
    if at is None:
        at = end
    if not 1 <= at <= end:
        raise BadInput("position", str(at), f"a position of the log, 1..{end}")
    return [NoteRecorded(text=text, at=at, author=(by or "").strip())]


def verbs() -> list[Verb]:
    """The verb every system has beside its own (a system's own of the same name wins)."""

    def _note(services, position_or_text, text, by):
        at, text = place(str(position_or_text), text)
        return lambda s, r: note(s, at, text, by)

    return [Verb("note", _note, (
        arg("position_or_text", help="The position the remark is about (see `log`), or the text "
                          "alone: the remark is then at the end of the battle."),
        arg("text", required=False, help="The remark, when a position comes first."),
        opt("by", help="Who made the remark (a player), when not who records it.")),
        "A remark at a position of the battle, the GM's or a player's: log, replay, the "
        "page and the report show it there; it changes nothing.  Example: battletape "
        "note 14 \"Anna says the orc had cover\" --by Anna",
        roll_option="")]
