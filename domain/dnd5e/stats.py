"""5e SRD (seed 002), Giocare: a 5e combatant's own keys, kept in ``Combatant.extra``.

Statistics from ``add`` (``CombatantAdded.stats``): ``saves`` {ability: bonus},
``scores`` {ability: score}, ``prof``, ``level`` or ``cr``, ``resist``, ``vulnerable``,
``immune`` (lists), ``die_at_0`` (monsters die at 0 HP), ``swim``. Bookkeeping of the
fight: ``death_saves_succeeded``, ``death_save_due``, ``exhaustion``,
``reaction_used``, ``dodging``, ``disengaged``, ``hidden``, ``mount``, ``rider``,
``controlled``.
"""

from __future__ import annotations

from typing import Any

DEFAULTS: dict[str, Any] = {
    "death_saves_succeeded": 0, "death_save_due": False, "exhaustion": 0,
    "reaction_used": False, "dodging": False, "disengaged": False, "hidden": False,
    "saves": {}, "scores": {}, "prof": 2, "level": None, "cr": None, "resist": [],
    "vulnerable": [], "immune": [], "die_at_0": False, "swim": False, "mount": None,
    "rider": None, "controlled": False,
}


def get(c, key: str) -> Any:
    value = c.extra.get(key, DEFAULTS.get(key))
    return value


def list_of(c, key: str) -> list[str]:
    return list(c.extra.get(key) or [])


def dies_at_0(c) -> bool:
    """Monsters die at 0 HP unless the GM chose otherwise (``--no-die-at-0``)."""
    return bool(c.extra.get("die_at_0", not c.pc))
