"""What a recording method of the library returns."""

from __future__ import annotations

from typing import Any, NamedTuple


class Result(NamedTuple):
    """What one command recorded, and the encounter's state after it.

    ``events``: the events recorded (msgspec structs, each with its permanent
    ``originator_version``), corrections included; empty when the command's effect
    already held (``note`` says so). ``state``: the ``state --json`` dict after the
    command. ``notes``: what the command line would have said beside the events (a
    warning, a hint, later battles recomputed).
    """

    events: list
    state: dict[str, Any]
    note: str = ""
    notes: tuple[str, ...] = ()
    #: {position: [(name, what, status, gender)]}: what an event did to whom (a
    #: creature drops, dies, is staggered; a mook's damage spills over), as
    #: ``replay.drops.changes`` tells it
    consequences: dict[int, list] | None = None

    def lines(self, lang: str = "en") -> list[str]:
        """Each event's line as the command line prints it after recording, in
        ``lang`` ("en" or "it"): ``"   14  Bruna attacks Goblin 2: … hit for 7 —
        Goblin 2 dies"``."""
        from battletape.replay.drops import recorded_line

        told = self.consequences or {}
        return [recorded_line(e, told.get(e.originator_version, []), lang,
                              self.state.get("system", "")) for e in self.events]

    @property
    def positions(self) -> list[int]:
        """The positions of the events recorded, in order."""
        return [e.originator_version for e in self.events]

    @property
    def position(self) -> int | None:
        """The position of the last event recorded (None: nothing was)."""
        return self.events[-1].originator_version if self.events else None

    def views(self) -> list[dict[str, Any]]:
        """The events as ``log --json`` shows them (plain dicts with ``position``)."""
        from battletape.projections.views import event_view

        return [event_view(e) for e in self.events]
