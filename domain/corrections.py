"""Corrections as events: rewind (undo and redo live in replay.history's lookups)."""

from __future__ import annotations

from domain.errors import BadInput, RuleViolation
from domain.events import Event, EncounterStarted, Rewound

KINDS = ("rules-error", "table-error", "tactical")


def rewind(events: list[Event], position: int, reason: str, kind: str) -> list[Event]:
    """Seed 003, first section: an established rules error may be rewound; a legal but
    tactically poor choice never is."""
    check_kind(kind)
    if not reason.strip():
        raise BadInput("reason", reason, "why the battle is rewound")
    last = events[-1].originator_version if events else 0
    starts = [e.originator_version for e in events if isinstance(e, EncounterStarted)]
    if not starts or position < starts[0] or position >= last:
        raise BadInput("position", position,
                       f"a position from {starts[0] if starts else 1} to {last - 1}")
    return [Rewound(to=position, reason=reason, kind=kind)]


def check_kind(kind: str) -> str:
    """Seed 003, first section: a tactical choice is never rewound."""
    if kind not in KINDS:
        raise BadInput("kind", kind, ", ".join(KINDS))
    if kind == "tactical":
        raise RuleViolation("a legal but tactically poor choice is never rewound",
                            "seed 003: rewinding a combat")
    return kind
