"""The stats dashboard: a handful of SQL queries over the analytics file.

Each section is a title, column names and rows; `battletape stats` renders them as
rich tables or, with ``--json``, as one object of lists of objects.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from battletape.domain.words import N_
from battletape.projections.analytics.fairness import judge


@dataclass
class Section:
    key: str
    title: str
    columns: list[str]
    rows: list[tuple] = field(default_factory=list)
    note: str = ""
    #: whether it says something of the battles asked for: a rule system's own section
    #: is beside the point where none of them is of that system
    applies: bool = True

    def records(self) -> list[dict]:
        return [dict(zip(self.columns, r)) for r in self.rows]


# What-if branches (`battletape branch`) replay their trunk's history up to the fork:
# counted with it, every event before the fork would count twice.
NO_BRANCHES = ("(encounter IS NULL OR encounter NOT IN (SELECT encounter FROM encounters "
               "WHERE branched_from IS NOT NULL))")


def _filter(campaign: str | None, encounter: str | None,
            branches: bool = False) -> tuple[str, list]:
    """A WHERE fragment (always true when nothing is asked) and its parameters.
    Branches are left out unless asked for, or named."""
    parts, params = ["TRUE"], []
    if not branches and encounter is None:
        parts.append(NO_BRANCHES)
    if campaign is not None:
        parts.append("lower(campaign) = lower(?)")
        params.append(campaign)
    if encounter is not None:
        parts.append("lower(encounter) = lower(?)")
        params.append(encounter)
    return " AND ".join(parts), params


QUERIES: list[tuple[str, str, str]] = [
    ("damage", N_("Damage dealt and taken"), """
        WITH people AS (SELECT name, bool_or(pc) AS pc FROM combatants WHERE {f}
                        GROUP BY name),
        dealt AS (SELECT attacker AS name, sum(damage) AS dealt,
                         sum(after_resistance) AS dealt_before_temp_hp,
                         count(*) FILTER (WHERE killed) AS kills,
                         count(*) FILTER (WHERE dropped) AS dropped
                  FROM damage WHERE attacker IS NOT NULL AND {f} GROUP BY attacker),
        taken AS (SELECT target AS name, sum(damage) AS taken,
                         sum(temp_absorbed) AS absorbed_by_temp_hp
                  FROM damage WHERE {f} GROUP BY target)
        SELECT p.name, p.pc, coalesce(d.dealt, 0) AS dealt,
               coalesce(d.dealt_before_temp_hp, 0) AS dealt_before_temp_hp,
               coalesce(t.taken, 0) AS taken,
               coalesce(t.absorbed_by_temp_hp, 0) AS absorbed_by_temp_hp,
               coalesce(d.kills, 0) AS kills, coalesce(d.dropped, 0) AS dropped
        FROM people p LEFT JOIN dealt d USING (name) LEFT JOIN taken t USING (name)
        ORDER BY dealt DESC, taken DESC, p.name"""),
    ("attackers", N_("Crits and fumbles"), """
        SELECT attacker, count(*) AS attacks, count(*) FILTER (WHERE hit) AS hits,
               round(100 * avg(hit::INTEGER), 1) AS hit_pct,
               count(*) FILTER (WHERE crit) AS crits,
               count(*) FILTER (WHERE fumble) AS fumbles,
               round(avg(a.natural), 2) AS avg_natural
        FROM attacks a WHERE {f}
        GROUP BY attacker ORDER BY attacks DESC, attacker"""),
    ("battles", N_("Battles"), """
        SELECT encounter, campaign, rounds, coalesce(outcome, 'going on') AS outcome,
               combatants, effective_events, events
        FROM encounters WHERE {f} ORDER BY started_at, encounter"""),
    ("death_saves", N_("Death saves"), """
        SELECT s.name, count(*) AS rolled, count(*) FILTER (WHERE success) AS saved,
               count(*) FILTER (WHERE NOT success) AS failed,
               count(*) FILTER (WHERE s."natural" = 20) AS natural_20s,
               (SELECT count(*) FROM combatants c
                WHERE c.name = s.name AND c.status = 'dead' AND {f}) AS died
        FROM saves s WHERE kind = 'death save' AND {f}
        GROUP BY s.name ORDER BY rolled DESC, s.name"""),
    ("disputes", N_("Disputes"), """
        SELECT outcome, count(*) AS disputes, count(DISTINCT player) AS players,
               count(DISTINCT encounter) AS battles
        FROM disputes WHERE NOT voided AND {f} GROUP BY outcome ORDER BY outcome"""),
]


def queries() -> list[tuple[str, str, str, str | None]]:
    """The core's sections, each rule system's own (``RuleSystem.stats_sections``)
    after the core section it names, with the system's id in its SQL: (key, title,
    SQL, the id of the system whose section it is, None for the core's)."""
    from battletape.domain import systems

    out: list[tuple[str, str, str, str | None]] = [(*q, None) for q in QUERIES]
    for s in systems.all_systems().values():
        quoted = "'" + s.id.replace("'", "''") + "'"
        for key, title, sql, after in s.stats_sections():
            at = next((i + 1 for i, q in enumerate(out) if q[0] == after), len(out))
            out.insert(at, (key, title, sql.replace("{system}", quoted), s.id))
    return out


def dashboard(con, campaign: str | None = None, encounter: str | None = None,
              branches: bool = False) -> list[Section]:
    """Every section of the dashboard, filtered by campaign and encounter; what-if
    branches only with ``branches`` (or when ``encounter`` names one)."""
    where, params = _filter(campaign, encounter, branches)
    present = {row[0] for row in con.execute(
        f"SELECT DISTINCT system FROM encounters WHERE {where}", params).fetchall()}
    out = []
    for key, title, sql, system in queries():
        text = sql.replace("{f}", where)
        cur = con.execute(text, params * text.count(where) if params else [])
        out.append(Section(key, title, [d[0] for d in cur.description], cur.fetchall(),
                           applies=system is None or system in present))
    out.append(fairness(con, where, params))
    return out


def fairness(con, where: str, params: list) -> Section:
    """Dice fairness per roller and die size, and for everyone per die size."""
    rows = con.execute(f"""
        SELECT roller, die, face, count(*) FROM dice
        WHERE die IS NOT NULL AND die > 1 AND face BETWEEN 1 AND die AND {where}
        GROUP BY ALL""", params).fetchall()
    groups: dict[tuple[str, int], dict[int, int]] = {}
    for roller, die, face, n in rows:
        groups.setdefault((roller or "(nobody)", die), {})[face] = n
        groups.setdefault(("everyone", die), {})
        everyone = groups[("everyone", die)]
        everyone[face] = everyone.get(face, 0) + n
    section = Section("fairness", N_("Dice fairness (chi-square against a fair die)"),
                      ["roller", "die", "rolls", "faces", "chi2", "p_value", "verdict"],
                      note=N_("faces: rolls of 1, 2, … in order; a verdict needs at "
                              "least 5 expected rolls per face"))
    ordered = sorted(groups.items(), key=lambda kv: (kv[0][0] != "everyone",
                                                     -sum(kv[1].values()), kv[0]))
    for (roller, die), counts in ordered:
        j = judge(counts, die)
        section.rows.append((roller, f"d{die}", j["rolls"], j["faces"], j["chi2"],
                             j["p_value"], j["verdict"]))
    return section
