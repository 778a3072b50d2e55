"""Campaign analytics at scale: catch-up rate, query time, peak memory.

In one run, on a generated campaign of ``--events`` events (default 10M):

(a) the campaign: ``fixtures.generate`` plays ``--battles`` battles (default 10) of
    about ``--events / --battles`` events each through the real rules, battle i with
    seed ``--seed`` + i, in ``--jobs`` worker processes (default 0: one per core),
    and merges them into the store in order (``python -m fixtures.generate
    --battles``); its rate is reported. Every battle is rule-valid and its own.
    ``--store`` reuses a campaign made before.
(b) catch-up: ``projections.analytics.catch_up`` from an empty DuckDB file, in a
    child process (duckdb and pyarrow are imported before the clock starts; the
    worker process that folds is started after it). Its peak RSS is the child's
    ``ru_maxrss`` plus the worker's own: an upper bound of the two together;
(c) yardstick: the same rows (every stored event, in notification order) as NDJSON,
    read by DuckDB's own ``read_json`` into a table of a DuckDB file
    (``CREATE TABLE ... AS SELECT * FROM read_json(...)``), in a child process too;
    and, for context, ``read_json`` of the catch-up's own output (every row of every
    table it wrote, exported as NDJSON) into a fresh file;
(d) a typical stats query (hit rate by escalation die), as ``battletape sql`` runs
    it — open the store, open the file read-only and check it is caught up, query —
    against the same query on the same table preloaded into an in-memory DuckDB;
    and the whole ``stats`` dashboard on the file against all tables preloaded.

(b) and (c) run alternately ``--runs`` times (default 3), so that a drift of the
shared machine hits both; the ratio is of their medians, and its spread is printed.

Prints the ratios: ingest rate over read_json's (goal >= 0.3), query time over the
preloaded one, peak RSS (goal <= 1 GB). Nothing is asserted (shared machines).

    .venv/bin/python bench/bench_analytics.py                      # 10M events
    .venv/bin/python bench/bench_analytics.py --events 200000 --battles 4
    .venv/bin/python bench/bench_analytics.py --store /tmp/bench10m.db --keep
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

QUERY = ("SELECT escalation_die, count(*) AS attacks, avg(hit::INTEGER) AS hit_rate "
         "FROM attacks GROUP BY escalation_die ORDER BY escalation_die")


# --- (a) the campaign ----------------------------------------------------------------

def make_campaign(path: str, events: int, battles: int, jobs: int, seed: int) -> dict:
    """Generate a campaign of ``battles`` battles, ``events`` events in all."""
    from battletape.stores import store
    from battletape.fixtures import campaign

    started = time.perf_counter()
    played = campaign.generate_campaign(path, events, seed=seed, battles=battles,
                                        jobs=jobs, campaign="bench", user="bench",
                                        progress=True)
    generated = sum(p.events for p in played)
    app = store.open_application(path)
    try:
        stored = app.recorder.max_notification_id()
    finally:
        app.close()
    return {"generated": generated, "battles": len(played), "stored": stored,
            "generator_rate": generated / (time.perf_counter() - started)}


# --- (b), (c): child processes with their peak RSS --------------------------------------

CATCH_UP = """
import sys, time
import duckdb, pyarrow  # imported before the clock starts, as in a warm process
from battletape.stores import store
from battletape.projections import analytics
app = store.open_application(sys.argv[1])
projection = analytics.Projection(app, sys.argv[2])
t = time.perf_counter()
n = projection.catch_up()
seconds = time.perf_counter() - t
projection.close()
print(projection.worker_peak_rss_kb, n, seconds)
"""

READ_JSON_ALL = """
import sys, time, duckdb, pathlib
from battletape.projections.analytics.schema import table
con = duckdb.connect(sys.argv[2])
t = time.perf_counter()
n = 0
for f in sorted(pathlib.Path(sys.argv[1]).glob("*.ndjson")):
    spec = ", ".join(f"'{c}': '{ty}'" for c, ty, _ in table(f.stem).columns)
    con.execute(f"CREATE TABLE {f.stem} AS SELECT * FROM read_json(?, format = "
                f"'newline_delimited', columns = {{{spec}}})", [str(f)])
    n += con.execute(f"SELECT count(*) FROM {f.stem}").fetchone()[0]
con.close()
print(n, time.perf_counter() - t)
"""

READ_JSON = """
import sys, time, duckdb
con = duckdb.connect(sys.argv[2])
t = time.perf_counter()
con.execute("CREATE TABLE events AS SELECT * FROM read_json(?, format = "
            "'newline_delimited')", [sys.argv[1]])
n = con.execute("SELECT count(*) FROM events").fetchone()[0]
con.close()
print(n, time.perf_counter() - t)
"""


def child(code: str, *args: str) -> tuple[int, float, float]:
    """Run ``code`` in a fresh interpreter: (rows, seconds, peak RSS in MB). When it
    prints a third number before them, the peak RSS (KB) of a process of its own
    (the catch-up's fold) is added: both were alive together."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.PIPE,
                            text=True, env=env, cwd=str(ROOT))
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"child failed ({proc.returncode}): {out}")
    numbers = out.strip().splitlines()[-1].split()  # the last line: the figures
    n, seconds = numbers[-2:]
    extra = int(numbers[-3]) if len(numbers) >= 3 else 0
    return int(n), float(seconds), (usage.ru_maxrss + extra) / 1024


def ndjson(path: str, target: str) -> int:
    """Every stored event, in notification order, one JSON document a line."""
    from battletape.stores import store
    from battletape.projections.analytics.read import Reader

    app = store.open_application(path)
    reader = Reader(app.recorder)
    n = 0
    try:
        with open(target, "wb") as fh:
            for notes in reader.batches(1, reader.last(), 100_000):
                fh.write(b"\n".join(d for _, d in notes))
                fh.write(b"\n")
                n += len(notes)
    finally:
        reader.close()
        app.close()
    return n


def export_tables(duck: str, folder: Path) -> int:
    """Every table the catch-up wrote, as NDJSON (DuckDB's COPY)."""
    import duckdb

    from battletape.projections.analytics.schema import tables

    con = duckdb.connect(duck, read_only=True)
    n = 0
    try:
        for t in tables():
            con.execute(f"COPY {t.name} TO '{folder / (t.name + '.ndjson')}' "
                        "(FORMAT JSON)")
            n += con.execute(f"SELECT count(*) FROM {t.name}").fetchone()[0]
    finally:
        con.close()
    return n


def _remove(duck: str) -> None:
    for suffix in ("", ".wal"):
        Path(duck + suffix).unlink(missing_ok=True)


# --- (d) queries ---------------------------------------------------------------------

def median_time(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def queries(store_path: str, duck: str, repeat: int) -> dict:
    import duckdb

    from battletape.stores import store
    from battletape.projections import analytics
    from battletape.projections.analytics import query as analytics_query, stats as analytics_stats
    from battletape.projections.analytics.schema import tables

    def as_the_cli_does():  # battletape.cli_analytics.reading, then the query
        app = store.open_application(store_path)
        try:
            con = analytics_query.current(app, duck)  # nothing new: a check
            if con is None:
                analytics.catch_up(app, duck)
        finally:
            app.close()
        analytics_query.run(duck, QUERY, con=con)

    def dashboard_on_file():
        con = analytics_query.open_read_only(duck)
        try:
            analytics_stats.dashboard(con)
        finally:
            con.close()

    memory = duckdb.connect()
    memory.execute(f"ATTACH '{duck}' AS f (READ_ONLY)")
    for t in tables():
        memory.execute(f"CREATE TABLE {t.name} AS SELECT * FROM f.{t.name}")
    memory.execute("DETACH f")
    from battletape.projections.analytics.schema import VIEWS

    for name, (_, sql) in VIEWS.items():
        memory.execute(f"CREATE VIEW {name} AS {sql}")
    out = {
        "cli_query": median_time(as_the_cli_does, repeat),
        "preloaded_query": median_time(lambda: memory.execute(QUERY).fetchall(), repeat),
        "dashboard": median_time(dashboard_on_file, repeat),
        "preloaded_dashboard": median_time(lambda: analytics_stats.dashboard(memory),
                                           repeat),
    }
    ro = analytics_query.open_read_only(duck)
    out["file_query"] = median_time(lambda: ro.execute(QUERY).fetchall(), repeat)
    ro.close()
    memory.close()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=10_000_000)
    parser.add_argument("--battles", type=int, default=10,
                        help="the campaign's battles, of about events/battles each")
    parser.add_argument("--jobs", type=int, default=0,
                        help="processes generating the battles (0: one per core)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--store", default=None, help="reuse (or keep) this campaign")
    parser.add_argument("--repeat", type=int, default=5, help="query timings: median of")
    parser.add_argument("--runs", type=int, default=3,
                        help="catch-ups and read_json runs, interleaved: median of")
    parser.add_argument("--keep", action="store_true", help="keep the temporary files")
    args = parser.parse_args(argv)

    work = Path(tempfile.mkdtemp(prefix="bench-analytics-"))
    path = args.store or str(work / "campaign.db")
    print(f"work folder: {work}")
    if not Path(path).exists():
        info = make_campaign(path, args.events, args.battles, args.jobs, args.seed)
        print(f"campaign: generated {info['generated']} events in {info['battles']} "
              f"battles at {info['generator_rate']:.0f} events/s; {info['stored']} "
              "events stored")
    lines = work / "events.ndjson"
    ndjson(path, str(lines))
    print(f"the same events as NDJSON: {lines.stat().st_size / 1e9:.2f} GB")
    duck = str(work / "analytics.duckdb")
    rates, base_rates, peaks, ratios = [], [], [], []
    for run in range(1, args.runs + 1):  # interleaved: a drift of the machine hits both
        _remove(duck)
        rows, seconds, rss = child(CATCH_UP, path, duck)
        yardstick = str(work / "read_json.duckdb")
        _remove(yardstick)
        base_rows, base_seconds, base_rss = child(READ_JSON, str(lines), yardstick)
        _remove(yardstick)
        rates.append(rows / seconds)
        base_rates.append(base_rows / base_seconds)
        peaks.append(rss)
        ratios.append(rates[-1] / base_rates[-1])
        print(f"run {run}: catch-up {rows} events in {seconds:.1f} s = {rates[-1]:.0f} "
              f"events/s, peak RSS {rss:.0f} MB; read_json {base_rows} rows in "
              f"{base_seconds:.1f} s = {base_rates[-1]:.0f} rows/s (peak RSS "
              f"{base_rss:.0f} MB); ratio {ratios[-1]:.2f}", flush=True)
    rate, base_rate = statistics.median(rates), statistics.median(base_rates)
    rss, seconds = max(peaks), rows / rate
    tables = work / "tables"
    tables.mkdir()
    out_rows = export_tables(duck, tables)
    all_rows, all_seconds, _ = child(READ_JSON_ALL, str(tables),
                                     str(work / "read_json_all.duckdb"))
    print(f"read_json of the catch-up's own output ({out_rows} rows in every table, "
          f"as NDJSON): {all_seconds:.1f} s")
    q = queries(path, duck, args.repeat)
    print(f"query {QUERY!r}:")
    print(f"  as `battletape sql` runs it (open the store and the file, check, query): "
          f"{q['cli_query'] * 1000:.1f} ms; on the open file {q['file_query'] * 1000:.1f} "
          f"ms; preloaded in memory {q['preloaded_query'] * 1000:.1f} ms")
    print(f"  stats dashboard: {q['dashboard'] * 1000:.0f} ms on the file, "
          f"{q['preloaded_dashboard'] * 1000:.0f} ms preloaded")
    print()
    print(f"ratio ingest rate / read_json rate:        {rate / base_rate:.2f}  (goal >= 0.3; "
          f"medians of {args.runs} runs; per run {min(ratios):.2f}..{max(ratios):.2f})")
    print(f"ratio read_json time of the same output / catch-up time: "
          f"{all_seconds / seconds:.2f}")
    print(f"ratio query (sql command) / preloaded:     "
          f"{q['cli_query'] / q['preloaded_query']:.1f}")
    print(f"ratio query (open file) / preloaded:       "
          f"{q['file_query'] / q['preloaded_query']:.1f}")
    print(f"ratio dashboard (file) / preloaded:        "
          f"{q['dashboard'] / q['preloaded_dashboard']:.1f}")
    print(f"peak RSS of the catch-up:                  {rss:.0f} MB  (goal <= 1024; the "
          "most of any run)")
    if not args.keep:
        import shutil

        shutil.rmtree(work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
