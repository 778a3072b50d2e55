"""What corrections cost on long battles, against rebuilding the same battle in the
same run.

For each size (default 1k, 10k and 100k events) a battle of ``--system`` (one whose
generator plays through the verbs) is generated with every command recorded as its
command line and every die typed (``fixtures.generate --system S --command-lines``),
so that every command decides again. Then, interleaved round by round so that a busy machine slows all alike:

* **rebuild** (the yardstick, in this process): open the store, read every event,
  fold them (``read_events`` + ``history.state_at``);
* **verify** (in this process, through the command line's own entry point);
* **amend the first attack** that hit to a natural 1 (in this process, on a fresh copy
  of the store each round): the amendment, then the ripple report of everything after
  it (its damage undone, every later command that relied on it ripples);
* as subprocesses, what a user runs, each on a fresh copy: **a recording command**,
  the yardstick: the battle's last command recorded again at its own position (it is
  undone first, untimed, then its line is run); **amend of the last command**
  (``amend P --command LINE``: decided again, the same line) and **undo** of it; and,
  for reference, ``damage TARGET 0`` (a light command) on a creature still up.

Goals (issue 26): verify / rebuild ≤ 4; amend of the first attack / rebuild ≤ 5;
amend and undo of the last command / recording command ≤ 1.2 (at 100k).

When ``bench/bench_replay.py`` is there (the replay and HTML figures), its
measurements run after these, so one script prints everything.

    .venv/bin/python bench/bench_corrections.py                  # 1k, 10k, 100k
    .venv/bin/python bench/bench_corrections.py --sizes 1000,10000 --repeat 5
    .venv/bin/python bench/bench_corrections.py --keep /tmp/bt-bench  # reuse stores
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import io
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

USER = "bench"  # the generated campaign's GM: records and corrects
GOALS = {"verify": 4.0, "amend-first": 5.0, "amend-last": 1.2, "undo-last": 1.2}


def battletape_command() -> list[str]:
    script = Path(sys.executable).parent / "battletape"
    if script.exists():
        return [sys.executable, str(script)]
    return [sys.executable, "-c", "from battletape.context import run; run()"]


def with_command_lines() -> list[str]:
    """The systems whose generator records every command as its command line."""
    from battletape.domain import systems
    from battletape.fixtures.generate import generator_of

    return [s for s in systems.ids()
            if systems.get(s).generator_module and generator_of(s).COMMAND_LINES]


def prepare(directory: Path, events: int, seed: int,
            system: str) -> tuple[Path, str, float]:
    """A generated battle of ``system`` of ``events`` events recorded as command lines
    (made once per directory, system and size)."""
    from battletape.fixtures.generate import run

    store = directory / f"battle-{system}-{events}.db"
    name = f"lines {events} seed {seed}"
    if store.exists():
        return store, name, 0.0
    started = time.perf_counter()
    run(str(store), events, seed, name=name, user=USER, system=system,
        command_lines=True, progress=events >= 50_000, label=f"{events}: ")
    return store, name, time.perf_counter() - started


def cli_in_process(store: Path, *args: str) -> tuple[int, str]:
    """The command line's own entry point, in this process (no interpreter start)."""
    from battletape.cli import app
    from battletape.context import boundary

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = boundary(app, ["--store", str(store), "--as", USER, *args])
    if code != 0:
        raise SystemExit(f"battletape {' '.join(args)}: exit {code}: {err.getvalue()}")
    return code, out.getvalue()


def rebuild(store: Path, name: str) -> float:
    from battletape.stores import store as stores
    from battletape.application import Battletape
    from battletape.replay import history

    started = time.perf_counter()
    bt = Battletape(str(store), "bench")
    events = stores.read_events(bt.app, bt.registration(name).encounter_id)
    history.state_at(events)
    bt.close()
    return time.perf_counter() - started


def in_process(store: Path, *args: str) -> tuple[float, str]:
    started = time.perf_counter()
    _, out = cli_in_process(store, *args)
    return time.perf_counter() - started, out


def subprocess_env() -> dict[str, str]:
    """A user's install: bytecode cached (``PYTHONDONTWRITEBYTECODE`` dropped), so
    that no command pays for compiling the modules it imports on every run."""
    env = dict(os.environ, BATTLETAPE_USER=USER)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def subprocess_time(store: Path, *args: str) -> float:
    env = subprocess_env()
    started = time.perf_counter()
    done = subprocess.run([*battletape_command(), "--store", str(store), *args], env=env,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    took = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"battletape {' '.join(args)}: exit {done.returncode}: "
                         f"{done.stderr.strip()}")
    return took


class Targets:
    """What the timed commands act on, found once per battle (untimed)."""

    def __init__(self, store: Path, name: str):
        from battletape.application import Battletape
        from battletape.replay import history, ripple

        bt = Battletape(str(store), "bench")
        events = bt.events(name)
        commands = list(ripple.commands(events))
        self.events = len(events)
        self.commands = len(commands) - 1
        last = commands[-1]
        self.last, self.last_line = last.cmd, last.line
        state = history.state_at(events)
        self.victim = next(c.name for c in state.combatants.values()
                           if c.status == "up" and not c.pc)
        # the first attack that hit (a natural 1 then misses: every later command
        # that relied on the damage ripples), else the first attack
        self.first_attack = None
        for c in commands:
            if c.line.startswith("attack ") and "--roll" in c.line and "/" not in c.line:
                if self.first_attack is None:
                    self.first_attack = c.cmd
                if any(getattr(e, "hit", False) and getattr(e, "damage", 0)
                       for e in c.events):
                    self.first_attack = c.cmd
                    break
        bt.close()


def fresh(source: Path, work: Path) -> Path:
    target = work / "copy.db"
    for suffix in ("", "-wal", "-shm"):
        Path(str(target) + suffix).unlink(missing_ok=True)
    with contextlib.closing(__import__("sqlite3").connect(source)) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    shutil.copyfile(source, target)
    # written through to the disk before a timed command runs: the first fsync a
    # command makes (a checkpoint, on closing the store) would otherwise flush the
    # whole copy, a cost of the copy, not of the command
    fd = os.open(target, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
    return target


def measure(store: Path, name: str, repeat: int, work: Path) -> dict[str, object]:
    t = Targets(store, name)
    cli_in_process(store, "-e", name, "verify")  # warm: imports, caches
    for args in (("amend", str(t.last), "--command", t.last_line, "--reason", "warm"),
                 ("undo", "--reason", "warm"), ("damage", t.victim, "0"),
                 ("undo", "--reason", "warm")):  # and the bytecode of every module
        subprocess_time(fresh(store, work), "-e", name, *args)
    from battletape.api import lines

    times: dict[str, list[float]] = {k: [] for k in (
        "rebuild", "verify", "amend-first", "record", "record-damage", "amend-last",
        "undo-last")}
    ripples = 0
    verified = ""
    for _ in range(repeat):
        times["rebuild"].append(rebuild(store, name))
        took, verified = in_process(store, "-e", name, "verify")
        times["verify"].append(took)
        if t.first_attack is not None:
            copy = fresh(store, work)
            took, out = in_process(copy, "-e", name, "amend", str(t.first_attack),
                                   "--roll", "1", "--reason", "bench: it was a 1")
            times["amend-first"].append(took)
            ripples = sum(1 for line in out.splitlines() if line.startswith("  "))
        times["rebuild"].append(rebuild(store, name))
        # the yardstick: recording the last command itself, at its own position (it
        # is undone first, untimed, then recorded again from its line)
        copy = fresh(store, work)
        cli_in_process(copy, "-e", name, "undo", "--reason", "bench: to record it again")
        times["record"].append(subprocess_time(copy, "-e", name,
                                               *lines.split(t.last_line)))
        for key, args in (("record-damage", ("damage", t.victim, "0")),
                          ("amend-last", ("amend", str(t.last), "--command", t.last_line,
                                          "--reason", "bench: the same again")),
                          ("undo-last", ("undo", "--reason", "bench"))):
            copy = fresh(store, work)
            times[key].append(subprocess_time(copy, "-e", name, *args))
    med = {k: statistics.median(v) for k, v in times.items() if v}
    verdict = next((line for line in verified.splitlines() if line.startswith("ok:")),
                   verified.strip())
    return {"events": t.events, "commands": t.commands, "median": med,
            "last": t.last_line, "ripples": ripples, "verified": verdict}


def report(size: int, generated: float, found: dict) -> dict[str, float]:
    med = found["median"]
    ratios = {"verify": med["verify"] / med["rebuild"],
              "amend-last": med["amend-last"] / med["record"],
              "undo-last": med["undo-last"] / med["record"]}
    if "amend-first" in med:
        ratios["amend-first"] = med["amend-first"] / med["rebuild"]
    print(f"\n== {found['events']} events, {found['commands']} commands"
          + (f" (generated in {generated:.0f} s)" if generated else ""))
    print(f"   {found['verified']}")
    print(f"   the last command: {found['last']}")
    for key in ("rebuild", "verify", "amend-first", "record", "record-damage",
                "amend-last", "undo-last"):
        if key in med:
            print(f"   {key:<13} {med[key] * 1000:9.1f} ms")
    if "amend-first" in med:
        print(f"   (the amendment of the first attack listed {found['ripples']} ripples)")
    for key, value in ratios.items():
        goal = GOALS[key]
        base = "rebuild" if key in ("verify", "amend-first") else "recording command"
        print(f"   {key} / {base}: {value:5.2f}  (goal <= {goal}"
              + ("" if key not in ("amend-last", "undo-last") or size >= 100_000
                 else ", at 100k") + ")"
              + ("" if value <= goal else "  ABOVE"))
    return ratios


def replay_figures(argv: list[str]) -> None:
    """bench/bench_replay.py's measurements, when that script is there."""
    path = Path(__file__).with_name("bench_replay.py")
    if not path.exists():
        print("\n(bench/bench_replay.py is not in this tree: no replay figures)")
        return
    spec = importlib.util.spec_from_file_location("bench_replay", path)
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as err:  # another script's trouble is reported, not raised
        print(f"\n(bench/bench_replay.py could not be loaded: {err})")
        return
    print("\n== replay and HTML figures (bench/bench_replay.py)")
    main = getattr(module, "main", None)
    if main is None:
        print("(bench/bench_replay.py has no main())")
        return
    import inspect

    try:
        main(argv) if inspect.signature(main).parameters else main()
    except SystemExit as done:  # an argparse main() may exit when it is done
        if done.code not in (0, None):
            print(f"(bench/bench_replay.py exited with {done.code})")
    except Exception as err:  # its trouble is reported; the figures above stand
        print(f"(bench/bench_replay.py failed: {type(err).__name__}: {err})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench_corrections.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="1000,10000,100000",
                        help="battle sizes in events, comma-separated")
    parser.add_argument("--repeat", type=int, default=3, help="rounds per size")
    parser.add_argument("--seed", type=int, default=7)
    lines = with_command_lines()
    parser.add_argument("--system", default=lines[0], choices=lines,
                        help="the rule system of the battles (one whose generator "
                             "writes command lines; default: the first registered)")
    parser.add_argument("--keep", default=None,
                        help="a directory for the generated stores (kept, reused)")
    parser.add_argument("--no-replay", action="store_true",
                        help="skip bench/bench_replay.py's figures")
    parser.add_argument("--replay-args", default="",
                        help="arguments for bench/bench_replay.py's main()")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    keep = Path(args.keep) if args.keep else None
    with tempfile.TemporaryDirectory(prefix="bt-corrections-") as tmp:
        directory = keep or Path(tmp)
        directory.mkdir(parents=True, exist_ok=True)
        work = Path(tmp)
        for size in sizes:
            store, name, generated = prepare(directory, size, args.seed, args.system)
            report(size, generated, measure(store, name, args.repeat, work))
    if not args.no_replay:
        replay_figures(args.replay_args.split())
    return 0


if __name__ == "__main__":
    sys.exit(main())
