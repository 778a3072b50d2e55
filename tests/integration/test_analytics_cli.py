"""`sql`, `stats` and `export --format parquet` as a user runs them: read-only SQL,
formats, the dashboard's figures on a hand-checked battle, dice fairness, Parquet."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest

from battletape.projections.analytics.fairness import chi2_sf, judge
from tests.helpers import cli, ok

BATTLES = Path(__file__).resolve().parents[2] / "fixtures" / "battles"
BRIDGE = "Bridge at Emberfall (full)"


@pytest.fixture
def bridge(sqlite_store) -> str:
    ok(sqlite_store, "run", str(BATTLES / "bridge_full.bt"))
    return sqlite_store


# --- sql ------------------------------------------------------------------------------

def test_sql_prints_a_table_csv_or_json(bridge):
    query = ("SELECT escalation_die, count(*) AS attacks FROM attacks "
             "GROUP BY 1 ORDER BY 1")
    as_json = ok(bridge, "sql", query, "--format", "json").json()
    assert as_json[0] == {"escalation_die": 0, "attacks": 10}
    rows = list(csv.reader(io.StringIO(ok(bridge, "sql", query, "-f", "csv").out)))
    assert rows[0] == ["escalation_die", "attacks"] and rows[1] == ["0", "10"]
    table = ok(bridge, "sql", query).out
    assert "escalation_die" in table and f"({len(as_json)} rows)" in table


def test_sql_schema_lists_every_table_and_column(bridge):
    out = ok(bridge, "sql", "--schema").out
    for table in ("encounters", "combatants", "events_all", "rolls", "attacks",
                  "damage", "healing", "saves", "conditions", "turns", "corrections",
                  "disputes", "events", "dice"):
        assert f"{table}" in out
    for column in ("escalation_die", "temp_absorbed", "voided", "faces", "killed"):
        assert column in out


@pytest.mark.parametrize("query, word", [
    ("INSERT INTO attacks SELECT * FROM attacks", "INSERT"),
    ("DELETE FROM attacks", "DELETE"),
    ("UPDATE events_all SET voided = true", "UPDATE"),
    ("DROP TABLE attacks", "DROP"),
    ("CREATE TABLE x AS SELECT 1", "CREATE"),
    ("ATTACH 'other.duckdb' AS o", "ATTACH"),
    ("COPY attacks TO 'out.csv'", "COPY"),
    ("INSTALL sqlite", "LOAD"),
    ("LOAD sqlite", "LOAD"),
    ("SET enable_external_access = true", "SET"),
    ("SELECT 1; DROP TABLE attacks", "2 statements"),
])
def test_sql_refuses_anything_but_a_query(bridge, query, word):
    r = cli(bridge, "sql", query)
    assert r.code == 2 and r.err.startswith("Error: ") and word in r.err
    assert len(r.err.strip().splitlines()) == 1


@pytest.mark.parametrize("query", [
    "SELECT * FROM read_csv('/etc/passwd')",
    "SELECT * FROM read_text('/etc/hostname')",
    "SELECT * FROM glob('/etc/*')",
    "SELECT * FROM read_parquet('/tmp/*.parquet')",
    "SELECT * FROM read_json('/etc/os-release')",
])
def test_sql_may_not_read_files(bridge, query):
    r = cli(bridge, "sql", query)
    assert r.code == 2 and "read-only and may not read or write files" in r.err
    assert len(r.err.strip().splitlines()) == 1


def test_sql_errors_are_one_line(bridge):
    r = cli(bridge, "sql", "SELECT nope FROM attacks")
    assert r.code == 2 and r.err.startswith("Error: ") and "nope" in r.err
    assert len(r.err.strip().splitlines()) == 1


def test_sql_leaves_the_store_and_the_file_unchanged(bridge):
    ok(bridge, "sql", "SELECT 1")
    duck = Path(bridge).with_suffix(".duckdb")
    before = duck.stat().st_mtime_ns, Path(bridge).stat().st_size
    cli(bridge, "sql", "DELETE FROM attacks")
    ok(bridge, "sql", "SELECT count(*) FROM attacks")
    assert (duck.stat().st_mtime_ns, Path(bridge).stat().st_size) == before


# --- stats ----------------------------------------------------------------------------

def test_stats_json_has_every_section(bridge):
    data = ok(bridge, "stats", "--json").json()
    assert set(data) == {"damage", "escalation", "attackers", "battles", "recoveries",
                         "death_saves", "disputes", "fairness", "filter"}
    battle = data["battles"][0]
    assert (battle["encounter"], battle["rounds"], battle["outcome"]) == \
        (BRIDGE, 7, "victory")
    by_die = {r["escalation_die"]: r for r in data["escalation"]}
    assert by_die[0]["attacks"] == 10 and by_die[0]["hits"] == 6
    damage = {r["name"]: r for r in data["damage"]}
    # Sera's 8 temporary hit points took the first 8 of Goblin 1's hits
    assert damage["Goblin 1"]["dealt_before_temp_hp"] - damage["Goblin 1"]["dealt"] == 8
    assert damage["Sera"]["absorbed_by_temp_hp"] == 8
    assert damage["Tamsin"]["kills"] == 3
    deaths = {r["name"]: r for r in data["death_saves"]}
    assert (deaths["Bruna"]["rolled"], deaths["Bruna"]["saved"]) == (3, 1)
    assert all("too few rolls" in r["verdict"] for r in data["fairness"])


def test_stats_agree_with_the_battle_state(bridge):
    data = ok(bridge, "stats", "--json").json()
    final = ok(bridge, "state", "--json").json()["combatants"]
    taken = {r["name"]: r["taken"] for r in data["damage"]}
    for name, c in final.items():
        if c["status"] != "dead" and name in taken:
            assert taken[name] >= c["max_hp"] - c["hp"] - 100  # sanity, healing aside
    monsters = [r for r in data["damage"] if not r["pc"]]
    assert sum(r["kills"] for r in data["damage"]) == \
        sum(1 for c in final.values() if c["status"] == "dead")
    assert monsters


def test_stats_filters_by_campaign_and_encounter(bridge):
    ok(bridge, "run", str(BATTLES / "ambush.bt"))
    everything = ok(bridge, "stats", "--json").json()
    only = ok(bridge, "stats", "--json", "--campaign", "emberfall").json()
    one = ok(bridge, "stats", "--json", "--encounter", BRIDGE.upper()).json()
    assert len(everything["battles"]) == 2
    assert [b["encounter"] for b in one["battles"]] == [BRIDGE]
    assert sum(r["attacks"] for r in one["escalation"]) == 40
    assert all(b["campaign"] == "Emberfall" for b in only["battles"])
    none = ok(bridge, "stats", "--json", "--campaign", "nowhere").json()
    assert none["battles"] == [] and none["damage"] == []


def test_stats_prints_rich_tables(bridge):
    out = ok(bridge, "stats").out
    for title in ("Damage dealt and taken", "Hit rate by escalation die",
                  "Crits and fumbles", "Battles", "Recoveries and rallies spent",
                  "Death saves", "Disputes", "Dice fairness"):
        assert title in out


def test_stats_after_an_undo_counts_the_effective_history(sqlite_store):
    s = sqlite_store
    ok(s, "new Bridge --campaign Emberfall --seed 2")
    ok(s, "add Bruna --pc --hp 30 --ac 17 --pd 14 --md 12 --init 3 --level 3")
    ok(s, "add Orc --hp 20 --ac 15 --pd 13 --md 10 --init 1")
    ok(s, "init Bruna=15 Orc=6")
    ok(s, "attack Bruna Orc --bonus 6 --vs ac --roll 20 --dmg 9")
    before = ok(s, "stats", "--json").json()
    assert before["attackers"][0]["crits"] == 1
    ok(s, "undo --reason 'wrong orc'")
    after = ok(s, "stats", "--json").json()
    assert after["attackers"] == [] and after["escalation"] == []
    ok(s, "redo")
    assert ok(s, "stats", "--json").json()["damage"][0]["dealt"] == 18


# --- dice fairness --------------------------------------------------------------------

def test_chi_square_p_values_match_the_tables():
    # textbook critical values: p = 0.05 at 3.841 (1 dof), 30.144 (19 dof)
    assert chi2_sf(3.841, 1) == pytest.approx(0.05, abs=1e-4)
    assert chi2_sf(30.144, 19) == pytest.approx(0.05, abs=1e-4)
    assert chi2_sf(36.191, 19) == pytest.approx(0.01, abs=1e-4)
    assert chi2_sf(11.070, 5) == pytest.approx(0.05, abs=1e-4)
    assert chi2_sf(0, 5) == 1.0
    assert chi2_sf(1000, 19) < 1e-100


def test_a_fair_die_passes_and_a_loaded_one_is_flagged():
    fair = judge({f: 50 for f in range(1, 21)}, 20)
    assert fair["p_value"] == pytest.approx(1.0) and "no evidence" in fair["verdict"]
    loaded = {f: 40 for f in range(1, 21)}
    loaded[1] = 120  # Bruna's d20 is cursed
    bad = judge(loaded, 20)
    assert bad["p_value"] < 0.001 and "suspicious" in bad["verdict"]
    small = judge({1: 3, 20: 2}, 20)
    assert small["p_value"] is None and "too few rolls" in small["verdict"]
    assert "95 more" in small["verdict"]


def test_fairness_is_judged_per_roller_and_die(sqlite_store):
    s = sqlite_store
    ok(s, "new Dice --seed 5")
    ok(s, "add Bruna --pc --hp 30")
    for _ in range(3):
        ok(s, "roll", "40d6", "--by", "Bruna", "--for", "practice")
    rows = ok(s, "stats", "--json").json()["fairness"]
    bruna = [r for r in rows if r["roller"] == "Bruna" and r["die"] == "d6"][0]
    assert bruna["rolls"] == 120 and sum(bruna["faces"]) == 120
    assert bruna["p_value"] is not None and 0 <= bruna["p_value"] <= 1
    faces = ok(s, "sql", "SELECT face, count(*) AS n FROM dice WHERE roller = 'Bruna' "
                         "GROUP BY 1 ORDER BY 1", "--format", "json").json()
    assert [r["n"] for r in faces] == bruna["faces"]


# --- export ---------------------------------------------------------------------------

def test_export_parquet_writes_every_table_partitioned_by_campaign(bridge, tmp_path):
    ok(bridge, "new", "Skirmish", "--campaign", "Other arc")
    ok(bridge, "add", "Bruna", "--pc", "--hp", "30")
    ok(bridge, "add", "Orc", "--hp", "20", "--ac", "12")
    ok(bridge, "init", "Bruna=15", "Orc=6")
    ok(bridge, "attack", "Bruna", "Orc", "--bonus", "5", "--vs", "ac", "--roll", "14",
       "--dmg", "6")
    out = tmp_path / "parquet"
    r = ok(bridge, "export", "--format", "parquet", "-o", str(out))
    assert "wrote" in r.out
    con = duckdb.connect()
    counts = dict(con.execute(
        f"SELECT campaign, count(*) FROM read_parquet('{out}/attacks/*/*.parquet', "
        "hive_partitioning = true) GROUP BY 1").fetchall())
    assert counts["Other arc"] == 1 and counts["Emberfall"] == 40
    total = ok(bridge, "sql", "SELECT count(*) AS n FROM attacks", "-f", "json").json()
    assert sum(counts.values()) == total[0]["n"]
    assert (out / "events_all").is_dir() and (out / "encounters").is_dir()


def test_export_parquet_needs_a_folder(bridge, tmp_path):
    r = cli(bridge, "export", "--format", "parquet")
    assert r.code == 2 and "folder" in r.err
    file = tmp_path / "file.txt"
    file.write_text("x")
    r = cli(bridge, "export", "--format", "parquet", "-o", str(file))
    assert r.code == 2 and "folder" in r.err


# --- start-up ---------------------------------------------------------------------------

def test_recording_commands_never_import_duckdb(tmp_path):
    code = (
        "import sys\n"
        "from battletape.cli import app\n"
        "from battletape.context import boundary\n"
        f"s = {str(tmp_path / 'r.db')!r}\n"
        "assert boundary(app, ['--store', s, 'new', 'X']) == 0\n"
        "assert boundary(app, ['--store', s, 'add', 'Orc', '--hp', '9']) == 0\n"
        "bad = [m for m in ('duckdb', 'pyarrow') if m in sys.modules]\n"
        "print(bad)\n")
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=str(root), env=dict(os.environ, PYTHONPATH=str(root)))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_a_long_catch_up_shows_no_bar_when_piped(bridge):
    # stdout and stderr are not terminals here: no progress bar, nothing on stderr
    r = ok(bridge, "sql", "SELECT 1 AS one", "-f", "json")
    assert r.err == "" and json.loads(r.out) == [{"one": 1}]
