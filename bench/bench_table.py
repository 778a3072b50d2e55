"""Speed at the table: four ratios, each against its yardstick measured in the same run.

* **dice**: ``battletape roll 2d6+3`` and ``battletape roll 4d6kh3 --by PC`` (dice
  notation, avrae's d20 syntax: a plain sum, and keep-highest) against the import baseline of
  ``bench_record.py`` (``python -c "import typer, msgspec, eventsourcing.application"``).
  Goal ≤ 1.5.
* **sql**: ``battletape sql "SELECT 1"`` against a bare ``python -c`` that opens the
  same DuckDB file read-only and runs the query. Goal ≤ 1.5.
* **postgres**: ``battletape damage MONSTER 1`` on a PostgreSQL store against the same
  command on a SQLite store holding the same encounter. Goal ≤ 1.3. Needs
  ``BATTLETAPE_TEST_PG`` (e.g. postgresql://postgres@127.0.0.1:5432/test); skipped
  without it.
* **play**: one command inside ``battletape play`` (the session's own line runner, in
  this process, the store open): ``damage MONSTER 1``, and ``attack`` with a typed
  natural. Goal ≤ 10 ms a command. With ``BATTLETAPE_TEST_PG``, on PostgreSQL too.

Subprocess timings are interleaved (each command right after its yardstick) so a busy
machine slows both alike; the printed ratio is the median of the per-round ratios.

    .venv/bin/python bench/bench_table.py [--repeat 15] [--events 300]
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import tempfile
import time
import uuid
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_record import (BASELINE, battletape_command, prepare, samples,  # noqa: E402
                          timed)

GOALS = {"dice: roll 2d6+3": 1.5, "dice: roll 4d6kh3": 1.5, "dice: roll 2d6ro1+3": 1.5,
         "sql SELECT 1": 1.5, "postgres damage": 1.3}
PLAY_GOAL_MS = 10.0
BARE_SQL = ("import duckdb, sys; con = duckdb.connect(sys.argv[1], read_only=True); "
            "print(con.execute('SELECT 1').fetchall())")


def interleaved(pairs: dict[str, tuple], repeat: int, env: dict) -> dict[str, list]:
    """name -> per-round (command, yardstick) seconds; ``pairs`` maps a name to
    (command argv or a function giving it, yardstick argv)."""
    out: dict[str, list] = {k: [] for k in pairs}
    for cmd, base in pairs.values():  # warm the caches, compile .pyc
        timed(base, env)
        timed(cmd() if callable(cmd) else cmd, env)
    for _ in range(repeat):
        for name, (cmd, base) in pairs.items():
            argv = cmd() if callable(cmd) else cmd
            b = timed(base, env)
            t = timed(argv, env)
            out[name].append((t, b))
    return out


def report(name: str, rounds: list, goal: float | None, yardstick: str) -> None:
    ratio = statistics.median(t / b for t, b in rounds)
    cmd = statistics.median(t for t, _ in rounds) * 1000
    base = statistics.median(b for _, b in rounds) * 1000
    verdict = "" if goal is None else ("ok" if ratio <= goal else "ABOVE GOAL")
    print(f"  {name:<30} {cmd:7.1f} ms / {yardstick} {base:6.1f} ms = {ratio:5.2f}"
          f"  (goal <= {goal}) {verdict}")


def play_costs(store: str, name: str, repeat: int,
               system: str | None = None) -> dict[str, list[float]]:
    """One command inside `play`: the session's runner, in process, store open; the
    attack is the system's sample (``RuleSystem.samples_module``)."""
    from battletape.application import Battletape
    from battletape.play import Session
    from battletape.session import Context
    from battletape.domain import systems

    c = Context(store=store, encounter=name, user="bench")
    session = Session(c)
    bt = Battletape(store, "bench")
    rules = systems.get(system or systems.DEFAULT_SYSTEM)
    verbs, sample = rules.verbs, samples(rules.id)
    out: dict[str, list[float]] = {"damage": [], "attack": [], "state panel": []}
    sink = io.StringIO()
    try:
        bt.record(verbs["next"].decision(None), name)  # a fresh turn: nobody has acted
        for i in range(repeat * 3 + 3):
            s = bt.state(name)
            attacker = s.combatants[s.turn]
            foes = [n for n, x in s.combatants.items()
                    if x.pc != attacker.pc and x.status == "up"]
            victim = max((x for x in s.combatants.values() if not x.pc),
                         key=lambda x: x.hp).name
            who, foe, _ = sample.ready(s) or (attacker.name, foes[0], victim)
            lines = {"damage": f"damage {quote(victim)} 1",
                     "attack": f"attack {quote(who)} {quote(foe)} "
                               + " ".join(sample.ATTACK)}
            for key, line in lines.items():
                with redirect_stdout(sink), redirect_stderr(sink):
                    start = time.perf_counter()
                    assert session.line(line) is True, sink.getvalue()[-500:]
                    elapsed = time.perf_counter() - start
                    start = time.perf_counter()
                    session.panel(sink)
                    panel = time.perf_counter() - start
                if i >= 3:  # the first ones warm the caches
                    out[key].append(elapsed)
                    out["state panel"].append(panel)
            bt.record(verbs["next"].decision(None), name)
    finally:
        c.close()
        bt.close()
    return out


def drop_schema(url: str, schema: str) -> None:
    import psycopg2

    conn = psycopg2.connect(url)
    try:
        conn.autocommit = True
        with conn.cursor() as cur:
            cur.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    finally:
        conn.close()


def quote(name: str) -> str:
    import shlex

    return shlex.quote(name)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--events", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="",
                        help="measure only these: dice, sql, postgres, play (comma-separated)")
    parser.add_argument("--compile-every-run", action="store_true",
                        help="keep PYTHONDONTWRITEBYTECODE for the commands timed")
    args = parser.parse_args(argv)
    only = [w for w in args.only.split(",") if w]

    def wanted(key: str) -> bool:
        return not only or any(key.startswith(w) for w in only)

    env = dict(os.environ)
    env.pop("BATTLETAPE_STORE", None)
    env.pop("BATTLETAPE_ANALYTICS", None)
    env["BATTLETAPE_USER"] = "bench"
    # as on a user's install: modules compiled once (the development machine sets
    # PYTHONDONTWRITEBYTECODE, which would compile battletape's on every run)
    if env.pop("PYTHONDONTWRITEBYTECODE", None) and not args.compile_every_run:
        print("(PYTHONDONTWRITEBYTECODE unset for the commands timed: bytecode cached "
              "as on a user's install; --compile-every-run keeps it)")
    if args.compile_every_run:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    pg = os.environ.get("BATTLETAPE_TEST_PG")
    bt = battletape_command()
    baseline = [sys.executable, "-c", BASELINE]
    with tempfile.TemporaryDirectory() as tmp:
        store = str(Path(tmp) / "bench.db")
        name = prepare(store, args.events, args.seed)
        from battletape.application import Battletape

        b = Battletape(store, "bench")
        s = b.state(name)
        b.close()
        victim = max((x for x in s.combatants.values() if not x.pc),
                     key=lambda x: x.hp).name
        pcs = [n for n, x in s.combatants.items() if x.pc]
        # a copy of the store that no other command changes, and its DuckDB file,
        # caught up once (the usual case: the analytics are current)
        import shutil

        quiet = str(Path(tmp) / "quiet.db")
        shutil.copy(store, quiet)
        duck = str(Path(tmp) / "quiet.duckdb")
        timed(bt + ["--store", quiet, "sql", "SELECT 1"], env)
        pairs: dict[str, tuple] = {
            "dice: roll 2d6+3": (bt + ["--store", store, "roll", "2d6+3"], baseline),
            "dice: roll 4d6kh3": (bt + ["--store", store, "roll", "4d6kh3", "--by",
                                        pcs[0]], baseline),
            "dice: roll 2d6ro1+3": (bt + ["--store", store, "roll", "2d6ro1+3"], baseline),
            "sql SELECT 1": (bt + ["--store", quiet, "sql", "SELECT 1"],
                             [sys.executable, "-c", BARE_SQL, duck]),
        }
        pairs = {k: v for k, v in pairs.items() if wanted(k)}
        if pg and wanted("postgres"):
            schema = "bench_" + uuid.uuid4().hex[:10]
            pg_url = f"{pg}?schema={schema}"
            prepare(pg_url, args.events, args.seed)
            pairs["postgres damage"] = (
                bt + ["--store", pg_url, "damage", victim, "1"],
                bt + ["--store", store, "damage", victim, "1"])
        print(f"store {store}: encounter {name!r} ({args.events}+ events); "
              f"{args.repeat} rounds")
        rounds = interleaved(pairs, args.repeat, env)
        print("median wall times and the median of the per-round ratios:")
        yardsticks = {"sql SELECT 1": "bare duckdb", "postgres damage": "sqlite"}
        for key, values in rounds.items():
            report(key, values, GOALS[key], yardsticks.get(key, "imports"))
        if not pg:
            print("  postgres damage: skipped (set BATTLETAPE_TEST_PG)")
        elif wanted("postgres"):
            import psycopg2

            drop_schema(pg, schema)
            print(f"  (driver: psycopg2 {psycopg2.__version__.split()[0]})")
        if not wanted("play"):
            return 0
        stores = [("", store)]
        if pg:  # the same on PostgreSQL: its own schema, dropped after
            play_schema = "bench_" + uuid.uuid4().hex[:10]
            stores.append((" (PostgreSQL)", f"{pg}?schema={play_schema}"))
            prepare(stores[-1][1], args.events, args.seed)
        for label, where in stores:
            try:
                play = play_costs(where, name, args.repeat)
            finally:
                if label:
                    drop_schema(pg, play_schema)
            print(f"inside play{label} (in process, store open; goal <= {PLAY_GOAL_MS} "
                  "ms a command):")
            for key, values in play.items():
                ms = statistics.median(values) * 1000
                verdict = ("ok" if ms <= PLAY_GOAL_MS else "ABOVE GOAL") \
                    if key != "state panel" else "(drawn after the command)"
                print(f"  {key:<30} {ms:7.2f} ms  (min {min(values) * 1000:.2f}, "
                      f"max {max(values) * 1000:.2f})  {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
