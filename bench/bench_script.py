"""Time travel in a long battle made by one `run`: `state --round 2` against
`state --round LATE`, each a fresh process, interleaved.

The script is the command lines of a generated battle (``fixtures.generate
--command-lines``, the first such system by default, 100k events, seed 7): ``new`` with the battle's seed,
then every recorded line, in order. It is run once (one `battletape run`, one
batch) into a fresh store by each tree given, then both ``state`` commands are
timed on it, round after round. With ``--old TREE`` (a checkout with its own
``.venv``, e.g. ``git worktree add /tmp/old-tree main``) the old tree's `run` makes
its own store and its `state` is timed in the same rounds.

    .venv/bin/python bench/bench_script.py
    .venv/bin/python bench/bench_script.py --system 5e --old /tmp/old-tree --keep /tmp/btb

Goal (issue 26): late ÷ early ≤ 1.3 (a snapshot every 250 events, whatever made
them).
"""

from __future__ import annotations

import argparse
import os
import shlex
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import msgspec

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def script_of(store: Path, name: str) -> tuple[str, int]:
    """The battle as a script (its seed, its lines) and its last round."""
    with sqlite3.connect(store) as db:
        rows = [msgspec.json.decode(r[0]) for r in db.execute(
            "SELECT state FROM stored_events ORDER BY rowid")]
    start = next(r for r in rows if r.get("name") == name and "seed" in r)
    lines = [f"new {shlex.quote(name)} --system {start['system']} --seed {start['seed']}"]
    lines += [r["command"] for r in rows if r.get("command")
              and r.get("originator_id") == start["originator_id"]]
    rounds = max((r.get("round", 0) for r in rows
                  if r.get("originator_id") == start["originator_id"]), default=1)
    return "\n".join(lines) + "\n", rounds


def battletape(tree: Path) -> list[str]:
    return [str(tree / ".venv" / "bin" / "python"), str(tree / ".venv" / "bin" / "battletape")]


def timed(cmd: list[str], env: dict) -> float:
    started = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=env)
    return time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=7)
    sys.path.insert(0, str(ROOT / "bench"))
    from bench_corrections import with_command_lines

    lines = with_command_lines()
    parser.add_argument("--system", default=lines[0], choices=lines,
                        help="a system whose generator writes command lines")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--old", help="another tree (with its own .venv) to compare")
    parser.add_argument("--keep", help="a directory for the stores (kept, reused)")
    args = parser.parse_args(argv)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    trees = {"new": ROOT, **({"old": Path(args.old)} if args.old else {})}
    with tempfile.TemporaryDirectory(prefix="bt-script-") as tmp:
        directory = Path(args.keep or tmp)
        directory.mkdir(parents=True, exist_ok=True)
        sys.path.insert(0, str(ROOT / "bench"))
        from bench_corrections import prepare

        lines_store, name, _ = prepare(directory, args.events, args.seed, args.system)
        text, rounds = script_of(lines_store, name)
        script = Path(tmp) / "battle.bt"
        script.write_text(text)
        print(f"script: {text.count(chr(10))} lines, {rounds} rounds")
        stores = {}
        for label, tree in trees.items():
            stores[label] = store = Path(tmp) / f"run-{label}.db"
            took = timed([*battletape(tree), "--store", str(store), "--as", "bench",
                          "run", str(script)], env)
            with sqlite3.connect(store) as db:
                snaps = db.execute("SELECT count(*) FROM stored_snapshots").fetchone()[0]
                events = db.execute("SELECT count(*) FROM stored_events").fetchone()[0]
            print(f"{label}: run {took:.1f} s, {events} events, {snaps} snapshot(s)")
        late = max(2, rounds - 1)
        times = {(label, r): [] for label in trees for r in (2, late)}
        for _ in range(args.repeat):
            for label, tree in trees.items():
                for r in (2, late):
                    times[label, r].append(timed(
                        [*battletape(tree), "--store", str(stores[label]), "state",
                         "--round", str(r)], env))
        for label in trees:
            early = statistics.median(times[label, 2])
            later = statistics.median(times[label, late])
            print(f"{label}: state --round 2 {early * 1000:.0f} ms, --round {late} "
                  f"{later * 1000:.0f} ms: late / early {later / early:.2f} (goal <= 1.3)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
