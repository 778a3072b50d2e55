"""Rule terms in English and in the Italian of the seed's translation (seed 000)."""

from __future__ import annotations

from battletape.domain.thirteenth_age.conditions import CONDITIONS  # noqa: F401

#: the statuses and rule words its output uses (English; their Italian is in the
#: catalogue, context "term")
STATUSES = (
    "up", "unconscious", "stable", "dead", "fled",
)

WORDS = (
    "round", "turn", "escalation die", "staggered", "hit", "miss", "crit", "fumble",
    "save", "ongoing damage", "engaged with", "initiative", "recoveries", "temp HP",
    "opportunity attack", "disengage", "intercept", "rally", "flee", "death save",
    "conditions", "hit points", "status", "position", "victory", "fled", "damage",
    "healing", "coma", "healing potion", "readied action", "far away", "ongoing",
)


def term(word: str, lang: str) -> str:
    """``word`` in ``lang``: conditions, statuses and rule words (the system's)."""
    from battletape.domain.thirteenth_age.system import SYSTEM

    return SYSTEM.term(word, lang)
