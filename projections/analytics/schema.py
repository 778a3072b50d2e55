"""The analytics schema: every table and view of the DuckDB file, with its columns.

One list describes each table once; the DDL, the Arrow schemas of the ingest and
`battletape sql --schema` are all made from it. Derived tables hold the *effective*
history (undone, rewound and replaced events left out, amendments spliced in);
``events_all`` holds every stored event with its flags. Every table names the rule
system of its encounter (``system``).

A rule system adds columns of its own to the derived tables without the core knowing
them: ``RuleSystem.analytics_columns`` declares them ({table: [(column, SQL type,
doc)]}) and ``RuleSystem.analytics_values(table, event)`` fills them (see
``projections.analytics.folder``); other systems' rows hold NULL there. The file
records which columns it was built with (:func:`version`): a system that adds or
changes its columns has the file rebuilt.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, replace

from battletape.domain.words import N_, words

SCHEMA_VERSION = 3  # 2: events_all.data compressed with zstd; 3: `system` everywhere,
#                     and the systems' own columns
# Columns stored with a compression of their own: the events' JSON compresses to a
# third of what DuckDB's default choice makes of it, in half the time.
COMPRESSION = {("events_all", "data"): "zstd"}

# the systems are not listed here: this module is read by `sql` without importing any
# (the docs are messages of the core's catalogue, said in the reader's language by
# `describe`; the systems' catalogues are read there, for their columns, when it is not
# English)
SYSTEM_DOC = N_("rule system of the encounter: its id, as `new --system` takes it "
                "(NULL outside encounters)")
# The columns every derived table starts with.
WHERE = [
    ("encounter", "VARCHAR", N_("encounter name (NULL for a campaign-level roll)")),
    ("campaign", "VARCHAR", N_("campaign name")),
    ("system", "VARCHAR", SYSTEM_DOC),
    ("position", "INTEGER", N_("stream position of the event (an amendment's replacement "
                               "events keep the positions they were decided at)")),
    ("seq", "INTEGER", N_("index of the event in the encounter's effective history "
                          "(1, 2, …)")),
    ("round", "INTEGER", N_("round at that moment (0 before initiative)")),
]


@dataclass(frozen=True)
class Table:
    name: str
    doc: str
    columns: list[tuple[str, str, str]]
    derived: bool = True  # rebuilt from the effective history of each encounter

    @property
    def names(self) -> list[str]:
        return [c[0] for c in self.columns]


TABLES: list[Table] = [
    Table("events_all", N_("every stored event, corrections included, with its flags"), [
        ("nid", "BIGINT", N_("notification id: the store's global order")),
        ("stream", "UUID", N_("the stream (encounter, campaign or index) it belongs to")),
        ("encounter", "VARCHAR", N_("encounter name (NULL for campaign and index "
                                    "streams)")),
        ("campaign", "VARCHAR", N_("campaign name")),
        ("system", "VARCHAR", SYSTEM_DOC),
        ("position", "INTEGER", N_("position in its stream (1, 2, …)")),
        ("type", "VARCHAR", N_("event type, e.g. AttackResolved")),
        ("cmd", "INTEGER", N_("position of the first event of the command that made it")),
        ("recorded_by", "VARCHAR", N_("who recorded it")),
        ("recorded_at", "TIMESTAMP", N_("when (UTC)")),
        ("command", "VARCHAR", N_("the command line as typed (first event of a command)")),
        ("correction", "BOOLEAN", N_("an undo, redo, rewind, amendment or dispute")),
        ("voided", "BOOLEAN", N_("void: undone, rewound, or a superseded correction")),
        ("amended", "BOOLEAN", N_("its command was replaced by an amendment")),
        ("data", "JSON", N_("the event itself, as stored")),
    ], derived=False),
    Table("encounters", N_("one row per encounter, as it stands now"), [
        ("encounter", "VARCHAR", N_("name")),
        ("campaign", "VARCHAR", N_("campaign")),
        ("stream", "UUID", N_("stream id")),
        ("system", "VARCHAR", N_("rule system: its id, as `new --system` takes it")),
        ("seed", "BIGINT", N_("seed of the virtual dice")),
        ("branched_from", "VARCHAR", N_("the encounter it branched from, if any")),
        ("started_at", "TIMESTAMP", N_("when it started (UTC)")),
        ("outcome", "VARCHAR", N_("victory, defeat, fled, … (NULL while it goes on)")),
        ("rounds", "INTEGER", N_("rounds played")),
        ("events", "INTEGER", N_("stored events, corrections included")),
        ("effective_events", "INTEGER", N_("events of the effective history")),
        ("combatants", "INTEGER", N_("combatants added")),
    ], derived=False),
    Table("combatants", N_("every combatant of every encounter, at the end of its "
                           "history"), [
        ("encounter", "VARCHAR", N_("encounter name")),
        ("campaign", "VARCHAR", N_("campaign")),
        ("system", "VARCHAR", N_("rule system of the encounter: its id, as "
                                 "`new --system` takes it")),
        ("name", "VARCHAR", N_("combatant")),
        ("group_name", "VARCHAR", N_("monster group sharing an initiative roll")),
        ("pc", "BOOLEAN", N_("a player character")),
        ("level", "INTEGER", N_("level")),
        ("max_hp", "INTEGER", N_("maximum hit points")),
        ("hp", "INTEGER", N_("hit points now")),
        ("temp_hp", "INTEGER", N_("temporary hit points now")),
        ("status", "VARCHAR", N_("up, unconscious, stable, dead or fled")),
        ("initiative", "INTEGER", N_("initiative")),
        ("damage_dealt", "INTEGER", N_("damage its attacks dealt (after resistance)")),
        ("damage_taken", "INTEGER", N_("damage it took while alive (after resistance)")),
        ("recoveries_left", "INTEGER", N_("recoveries left")),
        ("rallies", "INTEGER", N_("rallies made")),
        ("death_saves_failed", "INTEGER", N_("failed death saves")),
        ("conditions", "VARCHAR[]", N_("conditions now")),
    ], derived=False),
    Table("rolls", N_("every die roll of the effective history (and campaign-level rolls)"),
          WHERE + [
        ("roller", "VARCHAR", N_("who rolled (a monster group for a shared initiative)")),
        ("kind", "VARCHAR", N_("attack, damage, concealment, initiative, save, death save, "
                               "recovery, rally, disengage, stabilize, free, recharge")),
        ("purpose", "VARCHAR", N_("a free roll's purpose, a recharge's power, 'rerolled', "
                                  "'quick rest'")),
        ("expr", "VARCHAR", N_("dice expression")),
        ("die", "INTEGER", N_("die size when all dice are alike (20 for a d20)")),
        ("sides", "INTEGER[]", N_("size of each die rolled")),
        ("faces", "INTEGER[]", N_("natural face of each die (empty for a typed total)")),
        ("natural", "INTEGER", N_("the first natural face (write \"natural\" or r.natural: "
                                  "NATURAL is an SQL keyword)")),
        ("modifier", "INTEGER", N_("modifier added")),
        ("total", "INTEGER", N_("total")),
        ("source", "VARCHAR", N_("typed (physical dice) or virtual")),
    ]),
    Table("attacks", N_("every attack roll, one per target"), WHERE + [
        ("attacker", "VARCHAR", N_("attacker")),
        ("attacker_pc", "BOOLEAN", N_("the attacker is a PC")),
        ("target", "VARCHAR", N_("target")),
        ("target_pc", "BOOLEAN", N_("the target is a PC")),
        ("kind", "VARCHAR", N_("melee, ranged, spell, close")),
        ("defense", "VARCHAR", N_("ac, pd or md")),
        ("defense_value", "INTEGER", N_("the defense's value")),
        ("natural", "INTEGER", N_("natural d20 (of two, the one kept)")),
        ("bonus", "INTEGER", N_("attack bonus")),
        ("total", "INTEGER", N_("attack total")),
        ("hit", "BOOLEAN", N_("hit")),
        ("crit", "BOOLEAN", N_("critical hit")),
        ("fumble", "BOOLEAN", N_("natural 1")),
        ("concealed_miss", "BOOLEAN", N_("missed through invisibility")),
        ("damage_type", "VARCHAR", N_("fire, cold, … or NULL")),
        ("damage_rolled", "INTEGER", N_("damage total as rolled or announced")),
        ("multiplier", "INTEGER", N_("crit multiplier")),
        ("damage_after_resistance", "INTEGER", N_("damage after crit and resistance")),
        ("temp_absorbed", "INTEGER", N_("part taken by temporary hit points")),
        ("damage", "INTEGER", N_("damage as dealt: hit points lost after resistance and "
                                 "temporary hit points (0 against the dead)")),
        ("target_hp_after", "INTEGER", N_("the target's hit points afterwards")),
        ("dropped", "BOOLEAN", N_("took the target from above 0 to 0 or below")),
        ("killed", "BOOLEAN", N_("the target died of it")),
    ]),
    Table("damage", N_("every damage taken: attacks, direct damage, ongoing damage"),
          WHERE + [
        ("source", "VARCHAR", N_("attack, direct or ongoing")),
        ("attacker", "VARCHAR", N_("the attacker (attacks only)")),
        ("target", "VARCHAR", N_("who took it")),
        ("target_pc", "BOOLEAN", N_("the target is a PC")),
        ("damage_type", "VARCHAR", N_("damage type or NULL")),
        ("rolled", "INTEGER", N_("damage before resistance")),
        ("after_resistance", "INTEGER", N_("damage after crit and resistance")),
        ("temp_absorbed", "INTEGER", N_("part taken by temporary hit points")),
        ("damage", "INTEGER", N_("hit points lost (after resistance and temporary hit "
                                 "points)")),
        ("hp_after", "INTEGER", N_("the target's hit points afterwards")),
        ("dropped", "BOOLEAN", N_("took the target from above 0 to 0 or below")),
        ("killed", "BOOLEAN", N_("the target died of it")),
    ]),
    Table("healing", N_("healing, recoveries and temporary hit points"), WHERE + [
        ("target", "VARCHAR", N_("who was healed")),
        ("kind", "VARCHAR", N_("heal, recovery or temp")),
        ("source", "VARCHAR", N_("recovery, rally, death save, direct, …")),
        ("amount", "INTEGER", N_("amount as recorded")),
        ("hp_gained", "INTEGER", N_("hit points actually gained (capped at the maximum)")),
        ("temp_gained", "INTEGER", N_("temporary hit points actually gained")),
        ("recovery_roll", "INTEGER", N_("recovery dice total (recoveries)")),
        ("con_bonus", "INTEGER", N_("Constitution bonus added (recoveries)")),
        ("had_recovery", "BOOLEAN", N_("a recovery was left (else half healing, a "
                                       "penalty)")),
    ]),
    Table("saves", N_("saves, death saves and rally saves"), WHERE + [
        ("name", "VARCHAR", N_("who saved")),
        ("kind", "VARCHAR", N_("save, death save or rally")),
        ("against", "VARCHAR", N_("the condition or ongoing damage saved against (or the "
                                  "ability saved with, in a system of ability saves)")),
        ("difficulty", "VARCHAR", N_("easy, normal or hard; dc (against a DC)")),
        ("target_number", "INTEGER", N_("the number to reach")),
        ("natural", "INTEGER", N_("natural d20 (of two, the one kept)")),
        ("total", "INTEGER", N_("total")),
        ("success", "BOOLEAN", N_("saved")),
    ]),
    Table("conditions", N_("conditions and ongoing damage applied and removed"), WHERE + [
        ("name", "VARCHAR", N_("who")),
        ("condition", "VARCHAR", N_("dazed, weakened, … or 'ongoing'")),
        ("change", "VARCHAR", N_("applied or removed")),
        ("save", "VARCHAR", N_("save to end it: easy, normal, hard or NULL")),
        ("until", "VARCHAR", N_("end-of-turn, end-of-next-turn, end-of-battle or NULL")),
        ("source", "VARCHAR", N_("who applied it (grabs)")),
        ("reason", "VARCHAR", N_("why it ended")),
        ("amount", "INTEGER", N_("ongoing damage amount")),
    ]),
    Table("turns", N_("every turn started"), WHERE + [
        ("name", "VARCHAR", N_("whose turn")),
        ("pc", "BOOLEAN", N_("a PC's turn")),
        ("status", "VARCHAR", N_("status at the start of the turn")),
        ("hp", "INTEGER", N_("hit points at the start of the turn")),
    ]),
]

BY_NAME = {t.name: t for t in TABLES}
DERIVED = [t.name for t in TABLES if t.derived]

VIEWS: dict[str, tuple[str, str]] = {
    "events": (N_("the effective history: stored events that count, amendments' "
                  "replacement events spliced in (amended_by = the amendment's "
                  "position)"), """
        SELECT encounter, campaign, system, position, type, cmd, recorded_by, recorded_at,
               command, NULL::INTEGER AS amended_by, data
        FROM events_all
        WHERE encounter IS NOT NULL AND NOT voided AND NOT amended AND NOT correction
        UNION ALL
        SELECT encounter, campaign, system, CAST(r->>'originator_version' AS INTEGER),
               r->>'type', CAST(r->>'cmd' AS INTEGER), recorded_by, recorded_at, command,
               amendment, r
        FROM (SELECT encounter, campaign, system, recorded_by, recorded_at, command,
                     position AS amendment,
                     unnest(CAST(data->'replacement' AS JSON[])) AS r
              FROM events_all a
              WHERE type = 'CommandAmended' AND NOT voided
                AND EXISTS (SELECT 1 FROM events_all t
                            WHERE t.stream = a.stream AND t.amended
                              AND t.position = CAST(a.data->>'target' AS INTEGER)))"""),
    "rulings": (N_("the GM's rulings in the effective history: calls where the rules "
                   "leave one, and refusals of a rule overridden with --force "
                   "(forced)"), """
        SELECT encounter, campaign, system, position, cmd, recorded_by, recorded_at,
               data->>'text' AS reason, data->>'rule' AS rule,
               data->>'overrode' AS overrode, data->>'overrode' IS NOT NULL AS forced,
               command
        FROM events
        WHERE type = 'RulingRecorded'"""),
    "corrections": (N_("undo, redo, rewind and amendments, whether still in effect"), """
        SELECT encounter, campaign, system, position, type,
               CAST(coalesce(data->>'target', data->>'retraction', data->>'to')
                    AS INTEGER) AS target,
               data->>'reason' AS reason, data->>'kind' AS kind,
               recorded_by, recorded_at, command, NOT voided AS in_effect,
               data->'changes' AS changes,
               CAST(data->>'dispute' AS INTEGER) AS dispute
        FROM events_all
        WHERE type IN ('CommandRetracted', 'CommandRestored', 'Rewound',
                       'CommandAmended')"""),
    "disputes": (N_("disputes raised by players and how they ended"), """
        SELECT d.encounter, d.campaign, d.system, d.position,
               CAST(d.data->>'target' AS INTEGER) AS target,
               d.data->>'reason' AS reason, d.data->>'player' AS player,
               d.data->>'quote' AS quote, d.recorded_by, d.recorded_at, d.voided,
               r.position AS resolved_at, coalesce(r.outcome, 'open') AS outcome,
               r.note, r.recorded_by AS resolved_by
        FROM events_all d
        LEFT JOIN (SELECT stream, position, recorded_by,
                          CAST(data->>'dispute' AS INTEGER) AS dispute,
                          data->>'outcome' AS outcome, data->>'note' AS note
                   FROM events_all
                   WHERE type = 'DisputeResolved' AND NOT voided
                   QUALIFY row_number() OVER (PARTITION BY stream, dispute
                                              ORDER BY position DESC) = 1) r
          ON r.stream = d.stream AND r.dispute = d.position
        WHERE d.type = 'DisputeRaised'"""),
    "dice": (N_("one row per natural die face of `rolls` (for fairness checks)"), """
        SELECT encounter, campaign, system, position, seq, round, roller, kind, source,
               unnest(sides) AS die, unnest(faces) AS face
        FROM rolls"""),
}

INTERNAL = {
    "_meta": "CREATE TABLE IF NOT EXISTS _meta (key VARCHAR, value VARCHAR)",
    "_streams": """CREATE TABLE IF NOT EXISTS _streams (
        stream UUID, kind VARCHAR, encounter VARCHAR, campaign VARCHAR,
        known INTEGER, seq INTEGER, damage_cmd INTEGER, started_at TIMESTAMP,
        branched_from VARCHAR, system VARCHAR,
        state JSON)""",
}


# --- the systems' own columns ------------------------------------------------------------

def system_columns(say: Callable[[str], str] | None = None
                   ) -> dict[str, list[tuple[str, str, str]]]:
    """The columns the rule systems add, {table: [(column, SQL type, doc)]}, in a
    stable order; a column two systems declare alike is one column. ``say`` words
    each doc (`describe`: in the reader's language)."""
    from battletape.domain import systems

    core = {t.name: set(t.names) for t in TABLES}
    out: dict[str, dict[str, tuple[str, str, list[str]]]] = {}
    for system in systems.all_systems().values():
        for table, columns in (getattr(system, "analytics_columns", None) or {}).items():
            if table not in DERIVED:
                raise ValueError(f"rule system {system.id}: analytics columns for "
                                 f"{table!r}; only {', '.join(DERIVED)} take them")
            mine = out.setdefault(table, {})
            for name, typ, doc in columns:
                if name in core[table]:
                    raise ValueError(f"rule system {system.id}: {table}.{name} is a "
                                     "column of every system already")
                if name in mine and mine[name][0] != typ:
                    raise ValueError(f"{table}.{name}: {typ} in {system.id}, "
                                     f"{mine[name][0]} in {', '.join(mine[name][2])}")
                found = mine.setdefault(name, (typ, doc, []))
                found[2].append(system.id)
    return {table: [(name, typ, f"[{', '.join(ids)}] {say(doc) if say else doc}")
                    for name, (typ, doc, ids) in columns.items()]
            for table, columns in out.items()}


def tables() -> list[Table]:
    """Every table with the columns the rule systems add (at the end)."""
    extra = system_columns()
    if not extra:
        return TABLES
    return [replace(t, columns=t.columns + extra[t.name]) if t.name in extra else t
            for t in TABLES]


def table(name: str) -> Table:
    extra = system_columns().get(name)
    t = BY_NAME[name]
    return replace(t, columns=t.columns + extra) if extra else t


def version() -> str:
    """What ``_meta`` records of the schema: its version, and a fingerprint of the
    systems' columns when there are any."""
    extra = system_columns()
    if not extra:
        return str(SCHEMA_VERSION)
    text = repr(sorted((t, [c[:2] for c in cols]) for t, cols in extra.items()))
    return f"{SCHEMA_VERSION}+{hashlib.sha1(text.encode()).hexdigest()[:12]}"


# --- DDL and documentation -----------------------------------------------------------------

def quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def ddl() -> list[str]:
    """Statements that create every table and view (idempotent)."""
    out = list(INTERNAL.values())
    for t in tables():
        cols = ", ".join(f"{quoted(n)} {typ}{_compression(t.name, n)}"
                         for n, typ, _ in t.columns)
        out.append(f"CREATE TABLE IF NOT EXISTS {t.name} ({cols})")
    for name, (_, sql) in VIEWS.items():
        out.append(f"CREATE OR REPLACE VIEW {name} AS {sql}")
    return out


def _compression(table: str, column: str) -> str:
    method = COMPRESSION.get((table, column))
    return f" USING COMPRESSION {method}" if method else ""


def describe(lang: str = "en") -> str:
    """The schema as text: what `battletape sql --schema` prints, its docs in ``lang``
    (the tables' and columns' names are SQL identifiers: never translated). The core's
    catalogue holds the docs, the systems' columns' included."""
    say = words(lang, *_system_packages(lang))
    extra = system_columns(say)
    lines = []
    for t in TABLES:
        columns = [(n, typ, say(doc)) for n, typ, doc in t.columns] + extra.get(t.name, [])
        lines.append(f"{t.name}: {say(t.doc)}")
        width = max(len(n) for n, _, _ in columns)
        for n, typ, doc in columns:
            lines.append(f"  {n:<{width}}  {typ:<11}  {doc}")
        lines.append("")
    for name, (doc, _) in VIEWS.items():
        lines.append(f"{name} (view): {say(doc)}")
    return "\n".join(lines)


def _system_packages(lang: str) -> tuple[str, ...]:
    """The rule systems' packages, whose catalogues may word the docs too: imported
    only for a language other than English (English is the docs themselves)."""
    if lang == "en":
        return ()
    from battletape.domain import systems

    return tuple(s.package for s in systems.all_systems().values())
