"""Duel's own events: a strike and a raised guard."""

from __future__ import annotations

from battletape.domain.events import Event, Roll


class Struck(Event, kw_only=True, tag="DuelStruck"):
    """A strike: the natural d20 against 10; on a hit, the damage less the guard."""

    attacker: str
    target: str
    roll: Roll
    hit: bool
    damage: int = 0
    guarded: int = 0


class GuardRaised(Event, kw_only=True, tag="DuelGuardRaised"):
    """A combatant raises its guard: later strikes on it deal that much less."""

    name: str
    amount: int


EVENTS = (Struck, GuardRaised)
