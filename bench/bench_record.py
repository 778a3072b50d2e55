"""How long a recording command takes, against the cost of importing its libraries.

Runs, as subprocesses and interleaved so that a noisy machine hurts both alike:

* the baseline ``python -c "import typer, msgspec, eventsourcing.application"``;
* ``battletape --store X damage MONSTER 1``;
* ``battletape --store X attack ATTACKER TARGET --bonus 0 --vs ac --roll 2 --dmg 1``
  (a natural 2 with no bonus always misses, so the target lives through every run),

against a store holding a small generated encounter (a few hundred events, past its
first snapshot). Prints the median time of each and the median of the per-round
ratios command/baseline; the goal is a ratio of at most 1.5. Above the goal it also
prints the command's heaviest imports beyond the baseline's (``python -X importtime``).

    .venv/bin/python bench/bench_record.py [--repeat 15] [--events 300]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GOAL = 1.5
BASELINE = "import typer, msgspec, eventsourcing.application"


def battletape_command() -> list[str]:
    """The installed console script next to this interpreter (what a user runs)."""
    script = Path(sys.executable).parent / "battletape"
    if script.exists():
        return [sys.executable, str(script)]
    return [sys.executable, "-c", "from battletape.cli import run; run()"]


def prepare(store: str, events: int, seed: int) -> tuple[str, str, str, str]:
    """A small generated encounter: its name, the creature whose turn it is, a foe
    it can attack, and a monster to damage (tough enough to outlive the bench)."""
    from battletape.application import Battletape
    from domain.thirteenth_age import conditions, cyclic_initiative
    from fixtures.generate import generate

    name, _ = generate(store, events, seed=seed, name="bench", tough=1000)
    bt = Battletape(store, "bench")
    try:
        for _ in range(200):  # until the creature whose turn it is can attack
            s = bt.state(name)
            a = s.combatants.get(s.turn or "")
            if a is not None and a.status == "up" and conditions.can_act(
                    set(a.conditions)):
                foes = [c for c in s.combatants.values()
                        if c.pc != a.pc and c.status == "up"]
                engaged = [c for c in foes if c.name in a.engaged_with]
                if a.engaged_with:
                    foes = engaged
                elif not conditions.can_move(set(a.conditions)):
                    foes = []
                monsters = [c for c in s.combatants.values()
                            if not c.pc and c.status == "up"]
                if foes and monsters:
                    return (name, a.name, foes[0].name,
                            max(monsters, key=lambda c: c.hp).name)
            bt.record(lambda st, r: cyclic_initiative.next_turn(st, r, {}), name)
    finally:
        bt.close()
    raise SystemExit("could not find a turn to attack in: try another --seed")


def timed(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}): "
                         f"{done.stderr.strip()}")
    return elapsed


def import_times(argv: list[str], env: dict[str, str]) -> dict[str, tuple[int, int]]:
    """module -> (self µs, cumulative µs) from ``python -X importtime``."""
    argv = [argv[0], "-X", "importtime"] + argv[1:]
    done = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    out: dict[str, tuple[int, int]] = {}
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "[us]" in line:
            continue
        self_us, cumulative, module = line[len("import time:"):].split("|")
        out[module.strip()] = (int(self_us), int(cumulative))
    return out


def report_imports(command: list[str], env: dict[str, str], top: int = 15) -> None:
    base = import_times([sys.executable, "-c", BASELINE], env)
    cmd = import_times(command, env)
    extra = {m: t for m, t in cmd.items() if m not in base}
    total = sum(t[0] for t in cmd.values()) / 1000
    extra_total = sum(t[0] for t in extra.values()) / 1000
    print(f"\nimports: baseline {sum(t[0] for t in base.values()) / 1000:.0f} ms, "
          f"command {total:.0f} ms, of which beyond the baseline {extra_total:.0f} ms "
          f"({len(extra)} modules)")
    print(f"top {top} by cumulative time, beyond the baseline (ms):")
    roots = sorted(extra.items(), key=lambda kv: kv[1][1], reverse=True)[:top]
    for module, (self_us, cumulative) in roots:
        print(f"  {cumulative / 1000:7.1f}  {self_us / 1000:6.1f} self  {module}")
    print(f"top {top} by own time, beyond the baseline (ms):")
    for module, (self_us, _) in sorted(extra.items(), key=lambda kv: kv[1][0],
                                       reverse=True)[:top]:
        print(f"  {self_us / 1000:7.1f}  {module}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--events", type=int, default=300,
                        help="size of the small encounter recorded into")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--imports", action="store_true",
                        help="print the import report even when the goal is met")
    args = parser.parse_args(argv)

    env = dict(os.environ)
    env.pop("BATTLETAPE_STORE", None)
    env["BATTLETAPE_USER"] = "bench"
    with tempfile.TemporaryDirectory() as tmp:
        store = str(Path(tmp) / "bench.db")
        name, attacker, target, victim = prepare(store, args.events, args.seed)
        bt = battletape_command()
        commands = {
            "damage": bt + ["--store", store, "damage", victim, "1"],
            "attack": bt + ["--store", store, "attack", attacker, target, "--bonus",
                            "0", "--vs", "ac", "--roll", "2", "--dmg", "1"],
        }
        baseline = [sys.executable, "-c", BASELINE]
        print(f"store {store}: encounter {name!r} ({args.events}+ events); "
              f"{attacker} attacks {target}, {victim} takes damage")
        for argv_ in (baseline, *commands.values()):  # warm the caches, compile .pyc
            timed(argv_, env)

        times: dict[str, list[float]] = {"baseline": [], **{k: [] for k in commands}}
        ratios: dict[str, list[float]] = {k: [] for k in commands}
        order = list(commands)
        shuffle = random.Random(0)
        for _ in range(args.repeat):
            shuffle.shuffle(order)
            for key in order:  # each command right after its own baseline run
                b = timed(baseline, env)
                t = timed(commands[key], env)
                times["baseline"].append(b)
                times[key].append(t)
                ratios[key].append(t / b)

        print(f"\n{args.repeat} rounds, median wall time:")
        for key, values in times.items():
            print(f"  {key:<9} {statistics.median(values) * 1000:7.1f} ms  "
                  f"(min {min(values) * 1000:.1f}, max {max(values) * 1000:.1f})")
        worst = 0.0
        print(f"median ratio command/baseline (goal <= {GOAL}):")
        for key, values in ratios.items():
            ratio = statistics.median(values)
            worst = max(worst, ratio)
            verdict = "ok" if ratio <= GOAL else "ABOVE GOAL"
            print(f"  {key:<9} {ratio:5.2f}  {verdict}")
        if worst > GOAL or args.imports:
            report_imports(commands["attack"], env)
    return 0


if __name__ == "__main__":
    sys.exit(main())
