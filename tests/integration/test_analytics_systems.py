"""Campaign analytics across rule systems: every row names its encounter's system, a
system adds columns of its own without the core knowing them, and what-if branches
stay out of the dashboard unless asked for.

The 5e encounter is written as raw core events (the events a 5e encounter records);
until ``domain/dnd5e`` is there, a stand-in system folds them with the core's rules.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import duckdb
import msgspec
import pytest

from battletape.stores import store
from battletape.application import Battletape
from battletape.domain import events as ev, systems
from battletape.domain.errors import BattletapeError
from battletape.domain.dnd5e import analytics as dnd5e_analytics
from battletape.domain.systems import RuleSystem
from battletape.projections import encounter_state
from battletape.projections.analytics import schema
from battletape.projections.analytics.schema import TABLES
from tests.helpers import cli, ok
from tests.integration.test_analytics import catch_up

BATTLES = Path(__file__).resolve().parents[2] / "fixtures" / "battles"
BRIDGE = "Bridge at Emberfall (full)"
AMBUSH = "Goblin ambush"


# --- 5e's analytics columns, as domain/dnd5e declares them ------------------------------

ANALYTICS_COLUMNS_5E = dnd5e_analytics.COLUMNS
analytics_values_5e = dnd5e_analytics.values


class StandIn5e(RuleSystem):
    """5e until domain/dnd5e is there: the core events folded by the 13a fold."""

    id = "5e"
    title = "D&D 5e (stand-in for the tests)"
    verbs_module = "battletape.domain.thirteenth_age.commands"
    fold_module = "battletape.domain.thirteenth_age.fold"


class WithColumns(StandIn5e):
    """A system with analytics columns of its own (5e's, under another id)."""

    id = "fx"
    title = "a fake system with analytics columns"
    analytics_columns = ANALYTICS_COLUMNS_5E

    def analytics_values(self, table: str, e: ev.Event, state=None) -> dict:
        return analytics_values_5e(table, e)


def register(monkeypatch, *extra: RuleSystem) -> None:
    """Add systems to the registry for this test (5e: a stand-in if it is missing)."""
    real = systems.all_systems()
    found = dict(real)
    if "5e" not in found:
        found["5e"] = StandIn5e()
    found.update((s.id, s) for s in extra)
    monkeypatch.setattr(systems, "all_systems", lambda: found)
    monkeypatch.setattr(encounter_state, "_FOLDS", {})  # no fold cached under a fake


# --- a campaign of two systems ----------------------------------------------------------

def d20(*faces: int, modifier: int = 0, kept: int | None = None) -> ev.Roll:
    kept = faces[0] if kept is None else kept
    expr = "1d20" if len(faces) == 1 else "2d20kh1"
    return ev.Roll(expr=f"{expr}+{modifier}", faces=list(faces), sides=[20] * len(faces),
                   modifier=modifier, total=kept + modifier, source="virtual")


def raw_encounter(name: str, system: str, campaign: str = "Emberfall") -> list[ev.Event]:
    """A short encounter of ``system`` as raw core events, stamped as stored."""
    sword = ev.Roll(expr="1d8+3", faces=[5], sides=[8], modifier=3, total=8)
    new = [
        ev.EncounterStarted(name=name, system=system, campaign=campaign, seed=1),
        ev.CombatantAdded(name="Vex", max_hp=24, hp=24, pc=True, ac=16),
        ev.CombatantAdded(name="Goblin", max_hp=7, hp=7, ac=13),
        ev.CombatantAdded(name="Boss", max_hp=30, hp=30, ac=15),
        ev.InitiativeRolled(names=["Vex"], roll=d20(14, modifier=3)),
        ev.TurnStarted(name="Vex", round=1),
        ev.AttackResolved(attacker="Vex", target="Goblin", defense="ac", defense_value=13,
                          roll=d20(4, 17, modifier=5, kept=17), natural=17, bonus=5,
                          total=22, hit=True, damage_roll=sword, damage=8,
                          tags=["advantage:target prone"]),
        ev.AttackResolved(attacker="Vex", target="Boss", defense="ac", defense_value=15,
                          roll=d20(18, 3, modifier=5, kept=3), natural=3, bonus=5,
                          total=8, hit=False, tags=["disadvantage:poisoned"]),
        ev.AttackResolved(attacker="Vex", target="Boss", defense="ac", defense_value=15,
                          roll=d20(12, modifier=5), natural=12, bonus=5, total=17,
                          hit=True, damage_roll=sword, damage=8),
        ev.SaveRolled(name="Boss", against="dex", difficulty="dc", target=13,
                      roll=d20(6, 15, modifier=2, kept=15), success=True),
        ev.DamageTaken(target="Vex", amount=30),
        ev.DeathSaveRolled(name="Vex", roll=d20(11), success=True),
        ev.Healed(target="Vex", amount=5, source="potion"),
    ]
    stream = store.encounter_id(name)
    now = datetime.now(timezone.utc)
    return [msgspec.structs.replace(e, originator_id=stream, originator_version=i,
                                    cmd=i, timestamp=now, by="gm")
            for i, e in enumerate(new, start=1)]


def store_with(path: str, *encounters: list[ev.Event]) -> None:
    """The 13th Age bridge battle, recorded through the CLI, and raw encounters."""
    ok(path, "run", str(BATTLES / "bridge_full.bt"))
    bt = Battletape(path)
    try:
        for events in encounters:
            bt.import_encounter(events)
    finally:
        bt.close()


def systems_of(con, table: str) -> dict:
    return dict(con.execute(f"SELECT DISTINCT encounter, system FROM {table} "
                            "WHERE encounter IS NOT NULL").fetchall())


# --- the tests --------------------------------------------------------------------------

def test_every_table_names_the_system_of_its_encounter(sqlite_store, monkeypatch):
    register(monkeypatch)
    store_with(sqlite_store, raw_encounter(AMBUSH, "5e"))
    duck = catch_up(sqlite_store, worker=False)
    con = duckdb.connect(str(duck), read_only=True)
    try:
        both = {BRIDGE: "13a", AMBUSH: "5e"}
        for t in ("events_all", "encounters", "combatants", "rolls", "attacks",
                  "damage", "saves", "turns", "events", "dice"):
            assert systems_of(con, t) == both, t
        assert systems_of(con, "healing") == {AMBUSH: "5e", **(
            {BRIDGE: "13a"} if systems_of(con, "healing").get(BRIDGE) else {})}
        assert systems_of(con, "conditions") == {BRIDGE: "13a"}
        # rows outside encounters (campaign and index streams) have none
        assert con.execute("SELECT count(*) FROM events_all WHERE encounter IS NULL "
                           "AND system IS NOT NULL").fetchone() == (0,)
        # 5e attacks: the kept face is the natural
        assert con.execute(f"SELECT \"natural\", hit FROM attacks WHERE encounter = "
                           f"'{AMBUSH}' ORDER BY seq").fetchall() == [
            (17, True), (3, False), (12, True)]
    finally:
        con.close()
    # `sql --schema` documents it in every table
    text = schema.describe()
    for t in TABLES:
        block = text.split(f"{t.name}: ", 1)[1].split("\n\n", 1)[0]
        assert "\n  system " in block, t.name


def test_an_older_file_is_rebuilt_with_the_system_column(sqlite_store):
    store_with(sqlite_store)
    duck = catch_up(sqlite_store)
    con = duckdb.connect(str(duck))
    con.execute("ALTER TABLE attacks DROP COLUMN system")
    con.execute("UPDATE _meta SET value = '2' WHERE key = 'schema'")
    con.close()
    catch_up(sqlite_store)
    con = duckdb.connect(str(duck), read_only=True)
    try:
        assert systems_of(con, "attacks") == {BRIDGE: "13a"}
        assert con.execute("SELECT value FROM _meta WHERE key = 'schema'").fetchone() == (
            schema.version(),)
    finally:
        con.close()


def test_a_system_adds_columns_of_its_own_and_others_read_null(sqlite_store,
                                                                monkeypatch):
    store_with(sqlite_store, raw_encounter(AMBUSH, "fx"))
    duck = Path(sqlite_store).with_suffix(".duckdb")
    register(monkeypatch)  # first without the columns: a file without them
    with pytest.raises(BattletapeError):  # fx is not a system yet
        catch_up(sqlite_store, worker=False)
    register(monkeypatch, WithColumns())
    assert "+" in schema.version()  # the columns are part of what the file records
    catch_up(sqlite_store, worker=False)
    con = duckdb.connect(str(duck), read_only=True)
    try:
        rows = con.execute("SELECT encounter, system, target, advantage FROM attacks "
                           "ORDER BY encounter, seq").fetchall()
        assert [r[3] for r in rows if r[0] == AMBUSH] == [
            "advantage", "disadvantage", None]
        assert {r[1] for r in rows if r[0] == AMBUSH} == {"fx"}
        assert {r[3] for r in rows if r[0] == BRIDGE} == {None}  # 13a: NULL
        saves = con.execute("SELECT kind, against, ability, advantage, \"natural\", "
                            f"success FROM saves WHERE encounter = '{AMBUSH}' "
                            "ORDER BY seq").fetchall()
        assert saves == [("save", "dex", "dex", "advantage", 15, True),
                         ("death save", "death", None, None, 11, True)]
        assert con.execute(f"SELECT count(*) FROM saves WHERE encounter = '{BRIDGE}' "
                           "AND ability IS NOT NULL").fetchone() == (0,)
    finally:
        con.close()
    text = schema.describe()
    assert "advantage" in text and "fx] advantage or disadvantage" in text  # [5e, fx]
    # the same file, caught up again with the same systems: nothing rebuilt
    app = store.open_application(sqlite_store)
    try:
        from battletape.projections import analytics

        assert analytics.catch_up(app, duck) == 0
    finally:
        app.close()


# --- what-if branches ----------------------------------------------------------------

def test_stats_leave_branches_out_unless_asked(sqlite_store):
    # a branch replays the bridge battle's first 40 events, then goes its own way
    ok(sqlite_store, "run", str(BATTLES / "bridge_full.bt"))
    ok(sqlite_store, "--encounter", BRIDGE, "branch", "40", "What if")

    def stats(*args):
        return json.loads(ok(sqlite_store, "stats", "--json", *args).out)

    plain, everything = stats(), stats("--branches")
    assert [b["encounter"] for b in plain["battles"]] == [BRIDGE]
    assert sorted(b["encounter"] for b in everything["battles"]) == [BRIDGE, "What if"]
    assert plain["filter"]["branches"] is False
    attacks = lambda s: sum(r["attacks"] for r in s["escalation"])  # noqa: E731
    assert attacks(everything) > attacks(plain)
    dice = lambda s: next(r["rolls"] for r in s["fairness"]  # noqa: E731
                          if r["roller"] == "everyone" and r["die"] == "d20")
    assert dice(everything) > dice(plain)
    # naming a branch is asking for it
    alone = stats("--encounter", "What if")
    assert [b["encounter"] for b in alone["battles"]] == ["What if"]
    assert cli(sqlite_store, "stats", "--branches").code == 0


@pytest.mark.parametrize("lang", ["en", "it"])
def test_stats_show_a_systems_own_sections_only_where_its_battles_are(sqlite_store,
                                                                     lang):
    """13th Age's escalation die and recoveries are its own sections: a 5e campaign's
    dashboard does not show them as empty tables (its JSON keeps every key); in a store
    with a 13th Age battle too, they are there for the whole store and left out for
    the 5e campaign alone."""
    s = sqlite_store
    ok(s, "new Cellar --system 5e --campaign Valdris --seed 1")
    ok(s, "add Aria --pc --hp 24 --ac 16 --init 3")
    ok(s, "add Goblin --hp 7 --ac 15 --init 2")
    ok(s, "init Aria=15 Goblin=8")
    ok(s, "attack Aria Goblin --bonus 5 --roll 12 --dmg 4 --kind melee")
    escalation = {"en": "Hit rate by escalation die",
                  "it": "Percentuale di colpi per dado di escalation"}[lang]
    recoveries = {"en": "Recoveries and rallies spent",
                  "it": "Recuperi e riprese spesi"}[lang]
    crits = {"en": "Crits and fumbles", "it": "Colpi critici e fallimenti critici"}[lang]
    said = ok(s, "--lang", lang, "stats").out
    assert crits in said
    assert escalation not in said and recoveries not in said
    data = json.loads(ok(s, "stats", "--json").out)
    assert data["escalation"] == [] and data["recoveries"] == []
    ok(s, "run", str(BATTLES / "demo.bt"))  # a 13th Age battle, campaign Emberfall
    said = ok(s, "--lang", lang, "stats").out
    assert escalation in said and recoveries in said
    said = ok(s, "--lang", lang, "stats", "--campaign", "Valdris").out
    assert crits in said and escalation not in said
