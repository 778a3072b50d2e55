"""13th Age in the analytics: the rows its own events make (recoveries, rallies,
recharges and quick rests), and its sections of the stats dashboard (hit rates by
escalation die, recoveries and rallies).

SQL over the analytics tables (projections/analytics/schema.py), declared here so the
core's dashboard names no system: ``{f}`` is the dashboard's filter, ``{system}`` this
system's id.
"""

from __future__ import annotations

from battletape.domain import events as ev
from battletape.domain.state import EncounterState
from battletape.domain.thirteenth_age import events as te
from battletape.domain.thirteenth_age.escalation_die import current
from battletape.domain.words import N_

_DIE = ("escalation_die", "INTEGER", N_("the escalation die's value at the time "
                                        "(Escalation Die; 13th Age's: NULL in other "
                                        "systems)"))
#: the columns 13th Age adds to the analytics tables (RuleSystem.analytics_columns)
COLUMNS = {
    "attacks": [_DIE, ("escalation", "INTEGER", N_("escalation bonus added to the roll"))],
    "turns": [_DIE],
}


def values(table: str, e: ev.Event, state: EncounterState) -> dict:
    """The 13th Age columns of the row that ``e`` makes in ``table``."""
    if table == "attacks" and isinstance(e, ev.AttackResolved):
        return {"escalation_die": current(state), "escalation": te.own(e, "escalation")}
    if table == "turns":
        return {"escalation_die": current(state)}
    return {}

#: (key, title, SQL, the core section it follows)
STATS_SECTIONS: list[tuple[str, str, str, str]] = [
    ("escalation", N_("Hit rate by escalation die"), """
        SELECT escalation_die, count(*) AS attacks,
               count(*) FILTER (WHERE hit) AS hits,
               round(100 * avg(hit::INTEGER), 1) AS hit_pct,
               count(*) FILTER (WHERE attacker_pc) AS pc_attacks,
               round(100 * avg(hit::INTEGER) FILTER (WHERE attacker_pc), 1) AS pc_hit_pct,
               round(100 * avg(hit::INTEGER) FILTER (WHERE NOT attacker_pc), 1)
                   AS monster_hit_pct
        FROM attacks WHERE system = {system} AND {f}
        GROUP BY escalation_die ORDER BY escalation_die""", "damage"),
    ("recoveries", N_("Recoveries and rallies spent"), """
        SELECT target AS name,
               count(DISTINCT encounter) AS battles,
               count(*) FILTER (WHERE kind = 'recovery') AS recoveries,
               count(*) FILTER (WHERE kind = 'recovery' AND NOT had_recovery)
                   AS without_recovery_left,
               count(*) FILTER (WHERE source = 'rally') AS rallies,
               count(*) FILTER (WHERE source = 'death save') AS from_death_saves,
               round(count(*) FILTER (WHERE kind = 'recovery')
                     / count(DISTINCT encounter), 2) AS recoveries_per_battle,
               sum(hp_gained) FILTER (WHERE kind = 'recovery') AS hp_from_recoveries
        FROM healing WHERE kind = 'recovery' AND encounter IS NOT NULL AND {f}
        GROUP BY target ORDER BY recoveries DESC, name""", "battles"),
]


# --- the rows 13th Age's own events make (RuleSystem.analytics_folds) ------------------

def _recovery(folder, e) -> None:
    """Recoveries: the recovery dice rolled, and the healing."""
    folder.add_roll(e, e.name, "recovery", e.roll, e.source)
    folder.add_healing(e, e.name, "recovery", e.source, e.amount, e.roll.total,
                       e.con_bonus, e.had_recovery)


def _rally(folder, e) -> None:
    """Rallying: the normal save (11+) after the first rally of the battle."""
    if e.save is not None:
        folder.add_roll(e, e.name, "rally", e.save)
        folder.add_save(e, e.name, "rally", "normal", 11, e.save, e.success)
    folder.fold(e)


def folds() -> dict:
    """{event class: fold(folder, event)} for 13th Age's own events."""
    from battletape.domain.thirteenth_age import events as te

    return {te.RecoverySpent: _recovery, te.RallyAttempted: _rally}


def campaign_rolls(e) -> list:
    """Rolls between battles: recharges of powers and a quick rest's recoveries."""
    from battletape.domain.thirteenth_age import events as te

    if isinstance(e, te.RechargeRolled):
        return [(e.name, "recharge", e.roll, e.power)]
    if isinstance(e, te.QuickRestTaken):
        return [(e.name, "recovery", roll, "quick rest") for roll in e.rolls]
    return []
