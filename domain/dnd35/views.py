"""D&D 3.5 (seed 003): the keys a 3.5 encounter adds to ``state --json``.

Per combatant: ``nonlethal``, ``flat_footed``, ``aoo_used`` (and ``aoo_max``),
``actions_used``, ``negative_levels``, ``ability_damage``, the effective ``ac``,
``touch_ac`` and ``flat_footed_ac`` (the sheet's, with the creature's own modifiers and
conditions against an unnamed melee attacker), ``staggered`` with its 3.5 meaning
(Barcollante), ``save_due`` and ``death_save_due``. For the encounter: ``surprise_round``
and ``needs_init``.
"""

from __future__ import annotations

from typing import Any

from battletape.domain.dnd35 import abilities, armor_class, conditions
from battletape.domain.dnd35.hit_points import staggered
from battletape.domain.state import EncounterState

_PROBE = EncounterState()


def combatant_keys(c) -> dict[str, Any]:
    x = c.extra
    ac = armor_class.defense(_PROBE, None, c, "ac", None).value
    touch = armor_class.defense(_PROBE, None, c, "touch", None).value
    ff = armor_class.defense(_PROBE, None, c, "flat-footed", None).value
    return {
        "nonlethal": x.get("nonlethal", 0), "flat_footed": bool(x.get("flat_footed")
                                                                 or "flat-footed" in
                                                                 c.conditions),
        "aoo_used": x.get("aoo_used", 0), "aoo_max": x.get("aoo_max", 1),
        "actions_used": list(c.actions_used),
        "swift_spent_next": bool(x.get("swift_spent_next", False)),
        "negative_levels": x.get("negative_levels", 0),
        "ability_damage": dict(x.get("ability_damage") or {}),
        "ability_drain": dict(x.get("ability_drain") or {}),
        "ac": ac, "touch_ac": touch, "flat_footed_ac": ff,
        "bab": x.get("bab", 0), "saves": dict(x.get("saves") or {}),
        "size": x.get("size", "medium"), "hd": x.get("hd", 1),
        "staggered": staggered(c),
        "save_due": x.get("save_due"), "death_save_due": bool(x.get("death_save_due")),
        "readied": c.readied, "delayed": c.delayed,
        "tie_undecided": bool(x.get("tie_undecided", False)),
        "mods": [dict(m) for m in x.get("mods") or []],
        "grappling_with": list(x.get("grappling_with") or []),
        "feinted_by": x.get("feinted_by"), "turn_uses": x.get("turn_uses", 0),
        "dropped": list(x.get("dropped") or []),
        "speed": conditions.speed(c), "confusion": x.get("confusion"),
        "fear_effects": list(x.get("fear_effects") or []),
        "object": bool(x.get("object", False)), "hardness": x.get("hardness", 0),
        **abilities.view_keys(c),
    }


def state_keys(state) -> dict[str, Any]:
    return {"surprise_round": bool(state.extra.get("surprise_round", False)),
            "needs_init": bool(state.extra.get("needs_init", False))}
