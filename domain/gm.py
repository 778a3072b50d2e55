"""The GM's own calls: escalation overrides and rulings where the rules leave one."""

from __future__ import annotations

from domain.encounter import require_on
from domain.errors import BadInput
from domain.events import EscalationSet, Event, RulingRecorded


def set_escalation(state, value: int, held: bool, reason: str) -> list[Event]:
    """Escalation Die: the GM may hold it, or reset it when combat virtually ceases."""
    require_on(state)
    return [EscalationSet(value=value, held=held, reason=reason)]


def ruling(state, text: str, rule: str | None) -> list[Event]:
    if not text.strip():
        raise BadInput("ruling", text, "the GM's call in words")
    return [RulingRecorded(text=text, rule=rule)]
