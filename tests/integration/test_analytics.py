"""Campaign analytics: every figure computed twice, in SQL over the DuckDB projection
and by folding the effective history in Python, on generated campaigns, before and
after undo, redo, rewind and amendments recorded through the CLI.

No timing is asserted: the machines are shared.
"""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import duckdb
import pytest

from battletape import store
from battletape.application import Battletape
from domain import events as ev
from domain.state import EncounterState
from fixtures import generate as gen
from projections import analytics
from projections.analytics.schema import TABLES
from projections.encounter_state import apply
from replay import history
from tests.helpers import cli, ok

GM = "generator"  # the generator's user: GM of the campaigns it creates
BATTLES = Path(__file__).resolve().parents[2] / "fixtures" / "battles"


# --- a generated campaign, made once and copied for each test ---------------------------

def make_campaign(path: str, sizes=(900, 600, 400), campaign: str = "arc") -> list[str]:
    names = []
    for i, size in enumerate(sizes):
        g = gen.run(path, size, seed=10 + i, name=f"wave {i + 1}", campaign=campaign,
                    user=GM)
        names.append(g.name)
    return names


@pytest.fixture(scope="module")
def campaign_template(tmp_path_factory) -> tuple[str, list[str]]:
    folder = tmp_path_factory.mktemp("campaign")
    path = str(folder / "template.db")
    names = make_campaign(path)
    # a hand-written battle of another campaign, recorded through the CLI
    ok(path, "run", str(BATTLES / "bridge_full.bt"), user=GM)
    return path, names + ["Bridge at Emberfall (full)"]


@pytest.fixture
def campaign(campaign_template, tmp_path) -> tuple[str, list[str]]:
    template, names = campaign_template
    path = str(tmp_path / "battletape.db")
    shutil.copy(template, path)
    return path, names


def catch_up(path: str, target: str | None = None, batch: int = analytics.BATCH,
             worker: bool | None = None) -> Path:
    """Catch up; ``worker`` True or False: fold in a worker process or here."""
    app = store.open_application(path)
    try:
        out = Path(target) if target else analytics.default_path(path)
        projection = analytics.Projection(app, out, batch)
        projection.worker = worker
        try:
            projection.catch_up()
        finally:
            projection.close()
        return out
    finally:
        app.close()


def stored_events(path: str, name: str) -> list[ev.Event]:
    bt = Battletape(path)
    try:
        return bt.events(name)
    finally:
        bt.close()


# --- the figures, folded in Python ----------------------------------------------------

def py_figures(events: list[ev.Event]) -> dict:
    """Figures from the effective history folded with the real fold, event by event."""
    s = EncounterState()
    f: dict[str, Counter] = {k: Counter() for k in (
        "attacks", "hits", "crits", "fumbles", "dealt", "taken", "kills", "naturals",
        "recoveries", "rallies", "death_saves", "saves", "temp_absorbed", "turns",
        "healed")}
    for e in history.effective(events):
        if isinstance(e, (ev.AttackResolved, ev.DamageTaken)):
            t = s.combatants[e.target]
            hp0, temp0, status0 = t.hp, t.temp_hp, t.status
            esc = s.escalation_die
            apply(s, e)
            lost, absorbed = hp0 - t.hp, temp0 - t.temp_hp
            f["taken"][e.target] += lost
            f["temp_absorbed"][e.target] += absorbed
            if isinstance(e, ev.AttackResolved):
                f["attacks"][esc] += 1
                f["hits"][esc] += e.hit
                f["crits"][e.attacker] += e.crit
                f["fumbles"][e.attacker] += e.fumble
                f["dealt"][e.attacker] += lost
                f["kills"][e.attacker] += status0 != "dead" and t.status == "dead"
                f["naturals"][(e.attacker, e.roll.faces[0])] += 1
                if e.rerolled_from is not None:
                    f["naturals"][(e.attacker, e.rerolled_from)] += 1
            continue
        if isinstance(e, ev.RecoverySpent):
            c = s.combatants[e.name]
            hp0 = max(c.hp, 0)
            apply(s, e)
            f["recoveries"][e.name] += 1
            f["rallies"][e.name] += e.source == "rally"
            f["healed"][e.name] += max(0, c.hp - hp0)
            continue
        if isinstance(e, ev.DeathSaveRolled):
            f["death_saves"][(e.name, e.success)] += 1
        elif isinstance(e, ev.SaveRolled):
            f["saves"][(e.name, e.success)] += 1
        elif isinstance(e, ev.TurnStarted):
            f["turns"][e.name] += 1
        apply(s, e)
    out = {k: {key: n for key, n in v.items() if n} for k, v in f.items()}
    out["combatants"] = {c.name: (c.hp, c.temp_hp, c.status, c.damage_dealt,
                                  c.damage_taken, c.recoveries)
                         for c in s.combatants.values()}
    out["rounds"] = s.round
    out["effective"] = len(history.effective(events))
    out["stored"] = len(events)
    out["voided"] = len(history.voided(events))
    return out


# --- the same figures, in SQL -----------------------------------------------------------

def sql_figures(con, name: str) -> dict:
    def pairs(sql: str) -> dict:
        rows = con.execute(sql, [name]).fetchall()
        return {(r[0] if len(r) == 2 else tuple(r[:-1])): r[-1] for r in rows if r[-1]}

    w = "WHERE encounter = ?"
    f = {
        "attacks": pairs(f"SELECT escalation_die, count(*) FROM attacks {w} GROUP BY 1"),
        "hits": pairs(f"SELECT escalation_die, count(*) FILTER (WHERE hit) FROM attacks "
                      f"{w} GROUP BY 1"),
        "crits": pairs(f"SELECT attacker, count(*) FILTER (WHERE crit) FROM attacks {w} "
                       "GROUP BY 1"),
        "fumbles": pairs(f"SELECT attacker, count(*) FILTER (WHERE fumble) FROM attacks "
                         f"{w} GROUP BY 1"),
        "dealt": pairs(f"SELECT attacker, sum(damage) FROM damage {w} "
                       "AND attacker IS NOT NULL GROUP BY 1"),
        "taken": pairs(f"SELECT target, sum(damage) FROM damage {w} GROUP BY 1"),
        "kills": pairs(f"SELECT attacker, count(*) FILTER (WHERE killed) FROM attacks "
                       f"{w} GROUP BY 1"),
        "naturals": pairs("SELECT roller, face, count(*) FROM dice "
                          f"{w} AND kind = 'attack' GROUP BY 1, 2"),
        "recoveries": pairs(f"SELECT target, count(*) FROM healing {w} "
                            "AND kind = 'recovery' GROUP BY 1"),
        "rallies": pairs(f"SELECT target, count(*) FROM healing {w} "
                         "AND source = 'rally' GROUP BY 1"),
        "healed": pairs(f"SELECT target, sum(hp_gained) FROM healing {w} "
                        "AND kind = 'recovery' GROUP BY 1"),
        "death_saves": pairs(f"SELECT name, success, count(*) FROM saves {w} "
                             "AND kind = 'death save' GROUP BY 1, 2"),
        "saves": pairs(f"SELECT name, success, count(*) FROM saves {w} "
                       "AND kind = 'save' GROUP BY 1, 2"),
        "temp_absorbed": pairs(f"SELECT target, sum(temp_absorbed) FROM damage {w} "
                               "GROUP BY 1"),
        "turns": pairs(f"SELECT name, count(*) FROM turns {w} GROUP BY 1"),
    }
    f["combatants"] = {r[0]: tuple(r[1:]) for r in con.execute(
        "SELECT name, hp, temp_hp, status, damage_dealt, damage_taken, recoveries_left "
        f"FROM combatants {w}", [name]).fetchall()}
    f["rounds"], f["effective"], f["stored"] = con.execute(
        f"SELECT rounds, effective_events, events FROM encounters {w}", [name]).fetchone()
    f["voided"] = con.execute(f"SELECT count(*) FROM events_all {w} AND voided",
                              [name]).fetchone()[0]
    assert con.execute(f"SELECT count(*) FROM events {w}", [name]).fetchone()[0] == \
        f["effective"]
    assert con.execute(f"SELECT max(seq) FROM turns {w}", [name]).fetchone()[0] is None \
        or con.execute(f"SELECT max(seq) FROM turns {w}", [name]).fetchone()[0] \
        <= f["effective"]
    return f


def assert_same_figures(path: str, names: list[str], duck: Path | None = None) -> None:
    duck = duck or analytics.default_path(path)
    con = duckdb.connect(str(duck), read_only=True)
    try:
        for name in names:
            py, sql = py_figures(stored_events(path, name)), sql_figures(con, name)
            for key in py:
                assert sql[key] == py[key], f"{name}: {key}"
    finally:
        con.close()


def table_contents(duck: Path) -> dict[str, list[tuple]]:
    """Every table's rows, sorted: two files built differently must hold the same."""
    con = duckdb.connect(str(duck), read_only=True)
    try:
        out = {}
        for t in TABLES:
            cols = ", ".join(f'"{n}"' for n in t.names if n not in ("recorded_at",))
            rows = con.execute(f"SELECT {cols} FROM {t.name}").fetchall()
            out[t.name] = sorted(rows, key=repr)
        return out
    finally:
        con.close()


# --- the tests --------------------------------------------------------------------------

def test_the_projection_and_the_fold_agree_on_a_generated_campaign(campaign):
    path, names = campaign
    duck = catch_up(path)
    assert duck == Path(path).with_suffix(".duckdb")
    assert_same_figures(path, names, duck)
    con = duckdb.connect(str(duck), read_only=True)
    try:
        # every stored event is in events_all, once
        bt = Battletape(path)
        try:
            total = bt.app.recorder.max_notification_id()
        finally:
            bt.close()
        assert con.execute("SELECT count(*), count(DISTINCT nid) FROM events_all"
                           ).fetchone() == (total, total)
        campaigns = dict(con.execute("SELECT encounter, campaign FROM encounters"
                                     ).fetchall())
        assert campaigns == {"wave 1": "arc", "wave 2": "arc", "wave 3": "arc",
                             "Bridge at Emberfall (full)": "Emberfall"}
    finally:
        con.close()


def correct_through_the_cli(path: str, names: list[str], duck: Path) -> None:
    """Undo, rewind, amend, redo, dispute: each recorded with its command line, the
    projection caught up (incrementally) and checked against the fold after each."""
    wave1, wave2, wave3, bridge = names

    def step(*args, user=GM):
        ok(path, *args, user=user)
        catch_up(path, str(duck))
        assert_same_figures(path, names, duck)

    step("--encounter", wave1, "undo", "--reason", "wrong target")
    step("--encounter", wave1, "undo", "--reason", "and the one before")
    n2 = len(stored_events(path, wave2))
    step("--encounter", wave2, "rewind", str(n2 // 2), "--reason", "he was dead")
    # an attack recorded through the CLI, then amended: a hit becomes a fumble
    attacks = [e for e in stored_events(path, bridge)
               if isinstance(e, ev.AttackResolved) and e.hit and e.command]
    step("--encounter", bridge, "amend", str(attacks[3].originator_version), "--roll",
         "1", "--reason", "it was a 1")
    # the same command amended again: the newer amendment wins
    step("--encounter", bridge, "amend", str(attacks[3].originator_version), "--roll",
         "20", "--reason", "no, a 20")
    step("--encounter", wave1, "redo")
    at = attacks[5].originator_version
    step("--encounter", bridge, "dispute", str(at), "--reason", "AC 19 there",
         "--by", "Bruna's player")
    events = stored_events(path, bridge)
    step("--encounter", bridge, "resolve", str(events[-1].originator_version),
         "upheld")
    # play goes on after the corrections, then the new command is amended
    s = Battletape(path, GM).state(wave3)
    standing = [c.name for c in s.combatants.values() if c.status == "up"]
    step("--encounter", wave3, "damage", standing[0], "5")
    step("--encounter", wave3, "amend", str(len(stored_events(path, wave3))), "--dmg",
         "9", "--reason", "it was 9")
    step("--encounter", wave3, "undo", "--reason", "the 5 was right")  # the amendment
    step("--encounter", wave2, "rewind", "3", "--reason", "start again")


def test_the_figures_stay_right_after_undo_rewind_and_amend(campaign):
    path, names = campaign
    duck = catch_up(path)
    correct_through_the_cli(path, names, duck)
    con = duckdb.connect(str(duck), read_only=True)
    try:
        kinds = dict(con.execute("SELECT type, count(*) FROM corrections GROUP BY 1"
                                 ).fetchall())
        assert kinds == {"CommandRetracted": 3, "CommandRestored": 1, "Rewound": 2,
                         "CommandAmended": 3}
        # no longer in effect: the first amendment (superseded by the second), the
        # undo of wave 1 that the redo restored, the amendment of wave 3 that undo
        # took back, the first rewind of wave 2 (the second went back further)
        assert con.execute("SELECT count(*) FROM corrections WHERE NOT in_effect"
                           ).fetchone()[0] == 4
        assert con.execute("SELECT outcome, player FROM disputes").fetchall() == [
            ("upheld", "Bruna's player")]
        # the amended attack: one row, the newer decision (a natural 20 crits)
        amended = con.execute(
            'SELECT "natural", crit FROM attacks WHERE encounter = ? AND position = ?',
            [names[3], [e for e in stored_events(path, names[3])
                        if isinstance(e, ev.CommandAmended)][-1].target]).fetchall()
        assert amended == [(20, True)]
    finally:
        con.close()


def test_incremental_catch_ups_equal_one_rebuild(campaign, tmp_path):
    path, names = campaign
    duck = catch_up(path)
    correct_through_the_cli(path, names, duck)
    fresh = catch_up(path, str(tmp_path / "fresh.duckdb"))
    assert table_contents(duck) == table_contents(fresh)


def test_small_batches_give_the_same_tables(campaign, tmp_path):
    path, names = campaign
    ok(path, "--encounter", names[0], "undo", user=GM)
    ok(path, "--encounter", names[1], "rewind", "40", "--reason", "x", user=GM)
    whole = catch_up(path, str(tmp_path / "whole.duckdb"))
    small = catch_up(path, str(tmp_path / "small.duckdb"), batch=97)
    assert table_contents(whole) == table_contents(small)


def test_a_fold_in_a_worker_process_gives_the_same_tables(campaign, tmp_path):
    """The fold beside the writer, in batches that cut through corrections: the
    worker waits for each refold before it folds on."""
    path, names = campaign
    ok(path, "--encounter", names[0], "undo", user=GM)
    ok(path, "--encounter", names[1], "rewind", "40", "--reason", "x", user=GM)
    ok(path, "--encounter", names[0], "redo", user=GM)
    here = catch_up(path, str(tmp_path / "here.duckdb"), batch=97, worker=False)
    beside = catch_up(path, str(tmp_path / "beside.duckdb"), batch=97, worker=True)
    assert table_contents(here) == table_contents(beside)


def test_a_worker_goes_on_from_an_earlier_catch_up(campaign, tmp_path):
    """What the file knew of each stream reaches the worker: a second catch-up, after
    more battles and corrections, ends where one whole catch-up does."""
    path, names = campaign
    duck = catch_up(path, str(tmp_path / "twice.duckdb"), worker=False)
    correct_through_the_cli(path, names, duck)
    gen.run(path, 500, seed=99, name="wave 4", campaign="arc", user=GM)
    ok(path, "--encounter", "wave 4", "rewind", "100", "--reason", "x", user=GM)
    catch_up(path, str(duck), batch=113, worker=True)
    once = catch_up(path, str(tmp_path / "once.duckdb"), worker=False)
    assert table_contents(duck) == table_contents(once)


def test_a_worker_that_cannot_read_the_store_is_one_clear_error(campaign, tmp_path):
    from domain.errors import StoreError
    from projections.analytics import worker as analytics_worker

    path, _ = campaign
    app = store.open_application(path)
    try:
        app.env["SQLITE_DBNAME"] = str(tmp_path / "nowhere" / "gone.db")
        with pytest.raises(StoreError, match="analytics fold failed"):
            with analytics_worker.Worker(app, 1, 10, 5, {}) as fold:
                list(fold.batches())
    finally:
        app.close()


def test_a_worker_that_dies_is_one_clear_error_and_no_traceback(campaign, tmp_path,
                                                               monkeypatch, capfd):
    """A worker that cannot even start (here: its module cannot be found) gives one
    line, with the last thing it said; nothing reaches the terminal."""
    from domain.errors import StoreError
    from projections.analytics import worker as analytics_worker

    path, _ = campaign
    monkeypatch.setattr(analytics_worker, "__name__", "projections.no_such_module")
    app = store.open_application(path)
    try:
        with pytest.raises(StoreError, match="stopped before the end .*No module named"):
            with analytics_worker.Worker(app, 1, 10, 5, {}) as fold:
                list(fold.batches())
    finally:
        app.close()
    assert "Traceback" not in capfd.readouterr().err


def test_without_pyarrow_ndjson_gives_the_same_tables(campaign, tmp_path, monkeypatch):
    from projections.analytics import ingest as analytics_ingest

    path, names = campaign
    ok(path, "--encounter", names[0], "undo", user=GM)
    arrow = catch_up(path, str(tmp_path / "arrow.duckdb"), batch=700)
    monkeypatch.setattr(analytics_ingest, "pa", None)
    ndjson = catch_up(path, str(tmp_path / "ndjson.duckdb"), batch=700)
    assert table_contents(arrow) == table_contents(ndjson)


def test_another_duckdb_file_is_not_touched(campaign, tmp_path):
    path, _ = campaign
    other = tmp_path / "mine.duckdb"
    con = duckdb.connect(str(other))
    con.execute("CREATE TABLE notes AS SELECT 1 AS x")
    con.close()
    r = cli(path, "sql", "SELECT 1", "--analytics", str(other))
    assert r.code == 2 and "something else" in r.err
    con = duckdb.connect(str(other), read_only=True)
    assert con.execute("SELECT * FROM notes").fetchall() == [(1,)]
    con.close()


def test_a_catch_up_with_nothing_new_adds_nothing(campaign):
    path, _ = campaign
    duck = catch_up(path)
    before = table_contents(duck)
    app = store.open_application(path)
    try:
        assert analytics.catch_up(app, duck) == 0
    finally:
        app.close()
    assert table_contents(duck) == before


def test_a_file_of_another_store_is_rebuilt(campaign, tmp_path):
    path, names = campaign
    duck = catch_up(path)
    other = str(tmp_path / "other.db")
    ok(other, "run", str(BATTLES / "ambush.bt"))
    catch_up(other, str(duck))  # same file, another store: it starts again
    con = duckdb.connect(str(duck), read_only=True)
    try:
        assert [r[0] for r in con.execute("SELECT encounter FROM encounters").fetchall()] == \
            [e.name for e in Battletape(other).registrations()]
    finally:
        con.close()


def test_the_sql_command_catches_up_by_itself(campaign):
    path, names = campaign
    r = ok(path, "sql", "SELECT count(*) AS n FROM events_all", "--format", "json")
    before = r.json()[0]["n"]
    ok(path, "--encounter", names[0], "undo", user=GM)
    after = ok(path, "sql", "SELECT count(*) AS n, count(*) FILTER (WHERE voided) AS v "
                            "FROM events_all", "--format", "json").json()[0]
    assert after["n"] == before + 1 and after["v"] >= 1


@pytest.mark.postgres
def test_the_projection_reads_a_postgresql_store(pg_store, tmp_path):
    ok(pg_store, "run", str(BATTLES / "bridge_full.bt"), user=GM)
    ok(pg_store, "--encounter", "Bridge at Emberfall (full)", "undo", user=GM)
    duck = tmp_path / "pg.duckdb"
    r = ok(pg_store, "sql", "SELECT count(*) AS n FROM attacks", "--format", "json",
           "--analytics", str(duck))
    assert r.json()[0]["n"] > 0
    con = duckdb.connect(str(duck), read_only=True)
    try:
        py = py_figures(_pg_events(pg_store, "Bridge at Emberfall (full)"))
        sql = sql_figures(con, "Bridge at Emberfall (full)")
        for key in py:
            assert sql[key] == py[key], key
    finally:
        con.close()


@pytest.mark.postgres
def test_a_worker_reads_a_postgresql_store_as_the_writer_does(pg_store, tmp_path):
    """The worker opens the same PostgreSQL schema; its batches and the writer's
    reading of the stored JSON line up, corrections included."""
    make_campaign(pg_store, sizes=(300, 200))
    ok(pg_store, "--encounter", "wave 1", "undo", user=GM)
    ok(pg_store, "--encounter", "wave 2", "rewind", "50", "--reason", "x", user=GM)
    here = catch_up(pg_store, str(tmp_path / "here.duckdb"), batch=89, worker=False)
    beside = catch_up(pg_store, str(tmp_path / "beside.duckdb"), batch=89, worker=True)
    assert table_contents(here) == table_contents(beside)


def _pg_events(url: str, name: str) -> list[ev.Event]:
    return stored_events(url, name)


def test_the_default_file_sits_beside_the_store(tmp_path, monkeypatch):
    monkeypatch.delenv("BATTLETAPE_ANALYTICS", raising=False)
    monkeypatch.delenv("BATTLETAPE_STORE", raising=False)
    assert analytics.default_path(str(tmp_path / "x.db")) == tmp_path / "x.duckdb"
    assert analytics.default_path(str(tmp_path / "store")) == tmp_path / "store.duckdb"
    assert analytics.default_path(None) == Path("battletape.duckdb")
    assert analytics.default_path("postgresql://u@h:5432/games?schema=bt_1") == \
        Path("battletape-games-bt_1.duckdb")
    monkeypatch.setenv("BATTLETAPE_ANALYTICS", str(tmp_path / "a.duckdb"))
    assert analytics.default_path("x.db") == tmp_path / "a.duckdb"


def test_an_unusable_analytics_path_is_one_clear_error(campaign, tmp_path):
    path, _ = campaign
    r = cli(path, "sql", "SELECT 1", "--analytics", str(tmp_path / "no" / "such.duckdb"))
    assert r.code == 2 and r.err.startswith("Error: ") and "folder" in r.err
    assert len(r.err.strip().splitlines()) == 1
