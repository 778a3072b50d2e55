"""13th Age (seed 004): the events only 13th Age emits.

The core's events carry the facts every system shares; these are 13th Age's own: the
escalation die, recoveries and rallies, flight, fighting in spirit, and (in the
campaign's stream) rests, recharges and heal-ups. Imported while ``domain.events`` is
still initialising: only the base classes are used here.

Most of them were first stored while they lived in ``domain/events.py``: their stored
topic stays the one they were first stored by (``stored_as``, read by
``battletape/store.py: topic()``), and their msgspec tag is their class name, as then,
so every store already written keeps reading.
"""

from __future__ import annotations

from typing import Any, ClassVar

import msgspec

from battletape.domain.events import Event, Roll

#: where the events that moved here were first stored (their topic's module)
FIRST_STORED_IN = "domain.events"


class EscalationSet(Event, kw_only=True):
    """Escalation Die: the GM holds the die or sets it (when combat virtually ceases)."""

    stored_as: ClassVar[str] = f"{FIRST_STORED_IN}:EscalationSet"
    value: int
    held: bool = False
    reason: str = ""


class RecoverySpent(Event, kw_only=True):
    """Recoveries: a recovery die per level plus the Con bonus (half, with a penalty,
    when none is left)."""

    stored_as: ClassVar[str] = f"{FIRST_STORED_IN}:RecoverySpent"
    name: str
    roll: Roll
    con_bonus: int
    amount: int
    had_recovery: bool = True
    source: str = "recovery"


class RallyAttempted(Event, kw_only=True):
    """Rallying: a standard action to spend a recovery (a save after the first)."""

    stored_as: ClassVar[str] = f"{FIRST_STORED_IN}:RallyAttempted"
    name: str
    save: Roll | None = None
    success: bool = True
    action: str = ""


class FlightChanged(Event, kw_only=True):
    """Flight: a creature takes to the air or lands."""

    stored_as: ClassVar[str] = f"{FIRST_STORED_IN}:FlightChanged"
    name: str
    flying: bool


class SpiritFought(Event, kw_only=True):
    """Fighting in Spirit: a fallen PC's bonus to an ally until a later round."""

    stored_as: ClassVar[str] = f"{FIRST_STORED_IN}:SpiritFought"
    name: str
    ally: str
    stat: str
    amount: int
    until_round: int


class HealingPotionUsed(Event, kw_only=True):
    """Death and Dying: "Feeding a dying character a healing potion gets them conscious
    and back on their feet, but always takes a standard action" (the recovery it uses
    is the RecoverySpent that follows)."""

    name: str
    helper: str
    action: str = ""


# --- the campaign stream ---------------------------------------------------------------

class QuickRestTaken(Event, kw_only=True):
    """Rest and Recharge, Quick Rests: recoveries spent between battles."""

    stored_as: ClassVar[str] = f"{FIRST_STORED_IN}:QuickRestTaken"
    name: str
    rolls: list[Roll] = []
    con_bonus: int = 0
    healed: int = 0
    recoveries_spent: int = 0
    after: str | None = None


class RechargeRolled(Event, kw_only=True):
    """Rest and Recharge: a spent power's recharge roll."""

    stored_as: ClassVar[str] = f"{FIRST_STORED_IN}:RechargeRolled"
    name: str
    power: str
    roll: Roll
    recharge: int
    success: bool


class FullHealUpTaken(Event, kw_only=True):
    """Rest and Recharge, Full Heal-Up: hit points and recoveries restored."""

    stored_as: ClassVar[str] = f"{FIRST_STORED_IN}:FullHealUpTaken"
    names: list[str] = []
    campaign_loss: bool = False


#: the events of a 13th Age encounter's stream
ENCOUNTER_EVENTS = [EscalationSet, RecoverySpent, RallyAttempted, FlightChanged,
                    SpiritFought, HealingPotionUsed]
#: the events 13th Age adds to a campaign's stream
CAMPAIGN_EVENTS = [QuickRestTaken, RechargeRolled, FullHealUpTaken]
EVENTS = ENCOUNTER_EVENTS + CAMPAIGN_EVENTS


# --- CombatantAdded: 13th Age's statistics --------------------------------------------

#: the statistics of a 13th Age combatant that CombatantAdded carried as fields of its
#: own until they moved into its ``stats``, with the defaults it stored them with
ADDED_STATS: dict[str, Any] = {"pd": 10, "md": 10, "recoveries": 0, "recovery_die": 8,
                               "con_mod": 0, "resist": {}, "penalty": 0,
                               "lasting_wounds": 0}


def added_stats(**values: Any) -> dict[str, Any]:
    """The statistics ``add`` records: only those that differ from their defaults (so
    a decision made today equals an older store's event, upcast)."""
    return {k: v for k, v in values.items() if v != ADDED_STATS[k]}


def added_stat(e: Any, key: str) -> Any:
    """One of 13th Age's statistics of a CombatantAdded ``e``."""
    return e.stats.get(key, ADDED_STATS[key])


def _combatant_added_stats_in_fields(raw: dict) -> dict:
    """An older store's CombatantAdded, its 13th Age statistics still fields of the
    event: they move into ``stats`` (those that differ from their defaults; a 5e or
    3.5 event had only the defaults there)."""
    moved = {k: raw.pop(k) for k in ADDED_STATS if k in raw}
    kept = added_stats(**moved)
    if kept:
        raw["stats"] = {**kept, **(raw.get("stats") or {})}
    return raw


#: upcasts of older stored events, by tag (domain/events.py: UpcastingDecoder)
UPCASTS = {"CombatantAdded": _combatant_added_stats_in_fields}


# --- what 13th Age records of the events every system shares ---------------------------

#: 13th Age's own fields of the core's events, in their ``extra``, with the defaults
#: the events carried them with as fields of their own (layout 1: ``SCHEMA``)
EXTRA: dict[str, dict[str, Any]] = {
    "SurpriseDeclared": {"advance_escalation": False},
    "RoundStarted": {"escalation_die": 0},
    "Readied": {"readies": "standard"},
    "AttackResolved": {"escalation": 0},
    "DamageTaken": {"fake_roll": None},
    "OngoingDamageApplied": {"nonmagical": False, "fake_roll": None},
}


def extra(tag: str, **values: Any) -> dict[str, Any]:
    """The ``extra`` of a core event ``tag`` that 13th Age decides: only the values
    that differ from their defaults (a decision made today equals an older store's
    event, upcast); a roll as its plain fields, as it reads back."""
    defaults = EXTRA[tag]
    return {k: msgspec.to_builtins(v) for k, v in values.items() if v != defaults[k]}


def own(e: Any, key: str) -> Any:
    """13th Age's value ``key`` of a core event ``e`` (its ``extra``, else the default)."""
    return e.extra.get(key, EXTRA[type(e).__name__][key])


def fake_roll(e: Any) -> Roll | None:
    """Resistance's "fake an attack roll" of a DamageTaken or OngoingDamageApplied."""
    raw = e.extra.get("fake_roll")
    return None if raw is None else msgspec.convert(raw, Roll)


def _fields_in_extra(raw: dict) -> dict:
    """An older store's core event, 13th Age's fields still fields of its own: they
    move into ``extra`` (those that differ from their defaults: a 5e or 3.5 round's
    escalation die of 0 goes)."""
    defaults = EXTRA[raw["type"]]
    moved = {k: raw.pop(k) for k in defaults if k in raw}
    kept = {k: v for k, v in moved.items() if v != defaults[k]}
    if kept:
        raw["extra"] = {**kept, **(raw.get("extra") or {})}
    return raw


UPCASTS.update({tag: _fields_in_extra for tag in EXTRA})
