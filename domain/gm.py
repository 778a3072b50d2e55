"""The GM's own calls: rulings where the rules leave one, and forcing past a refusal."""

from __future__ import annotations

from battletape.domain.words import N_
from battletape.domain.errors import BadInput, forcing
from battletape.domain.events import Event, RulingRecorded


def ruling(state, text: str, rule: str | None) -> list[Event]:
    if not text.strip():
        raise BadInput("ruling", text, N_("the GM's call in words"))
    return [RulingRecorded(text=text, rule=rule)]


def forced(decide, reason: str):
    """``decide`` as the GM forces it (``--force REASON``): the rules' refusals are
    overridden, recorded as ruling events before the command's own events (who by the
    event's stamp, why, the rule and the refusal), one per rule overridden (the
    refusals of one rule joined). A command no rule refused is recorded as it is."""
    if not reason.strip():
        raise BadInput("--force", reason, N_("the GM's reason in words"))

    def decision(state, rng, *history):
        with forcing() as overridden:
            new = decide(state, rng, *history)
        if not new:
            return new
        by_rule: dict[str | None, list[str]] = {}
        for o in overridden:
            by_rule.setdefault(o.rule, []).append(o.refusal)
        return [RulingRecorded(text=reason, rule=rule, overrode="; ".join(refusals))
                for rule, refusals in by_rule.items()] + list(new)

    return decision
