"""D&D 3.5 (seed 003): a 3.5 combatant's own keys, kept in ``Combatant.extra``.

Statistics from ``add`` (``CombatantAdded.stats``): ``touch``, ``flat_footed_ac``
(the sheet's three Armor Classes; ``Combatant.ac`` is the normal one), ``bab``,
``saves`` {fort, ref, will}, ``scores`` {ability: score}, ``size``, ``hd``,
``living`` (constructs and undead are not), ``crit_immune``, ``aoo_max``, ``speed``
(metres), ``armed``. Bookkeeping of the fight: ``nonlethal``, ``flat_footed``
(until the first turn, 35-INI-04), ``aoo_used``, ``moved`` and ``stepped`` this turn,
``swift_spent_next`` (an immediate action out of turn), ``negative_levels``,
``ability_damage`` {ability: points}, ``mods`` (typed bonuses and penalties with their
sources and durations), ``save_due`` (a save the rules demand: massive damage, coup de
grace), ``death_save_due``. Caratteristiche and Attaccare gli oggetti (``abilities``,
``attacking_objects``): ``no_scores`` (abilities without a score, ``add --no-score``),
``con_hp`` (the hit points a changed Con modifier has moved), ``object`` and ``hardness``.
"""

from __future__ import annotations

from typing import Any

DEFAULTS: dict[str, Any] = {
    "touch": None, "flat_footed_ac": None, "bab": 0, "saves": {}, "scores": {},
    "size": "medium", "hd": 1, "living": True, "crit_immune": False, "aoo_max": 1,
    "speed": 9.0, "armed": True, "mindless": False, "humanoid": True, "no_con": False,
    "nonlethal": 0, "aoo_used": 0, "moved": False, "stepped": False,
    "swift_spent_next": False, "negative_levels": 0, "ability_damage": {},
    "ability_drain": {}, "mods": [], "save_due": None, "death_save_due": False,
    "stabilized_by": None, "killed": None, "legs": 2,
}


def get(c, key: str) -> Any:
    return c.extra.get(key, DEFAULTS.get(key))


def modifier(value: int) -> int:
    """35-ABI-01: +0 at 10-11, one point per two: floor((score - 10) / 2)."""
    return (value - 10) // 2
