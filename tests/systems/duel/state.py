"""Duel's part of a combatant: its guard."""

from __future__ import annotations

from battletape.domain.parts import CombatantPart


class DuelCombatant(CombatantPart, kw_only=True, tag="duel"):
    guard: int = 0
