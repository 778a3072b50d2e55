"""How long a recording command takes, against the cost of importing its libraries.

Runs, as subprocesses and interleaved so that a noisy machine hurts both alike:

* the baseline ``python -c "import typer, msgspec, eventsourcing.application"``;
* ``battletape --store X damage MONSTER 1``;
* ``battletape --store X attack ATTACKER TARGET OPTIONS`` by the creature whose turn
  it is, on a fresh turn (the turns before are ended in this process, untimed): the
  system's sample attack (``RuleSystem.samples_module``: ``ATTACK``, e.g. 13th Age's
  ``--bonus 0 --vs ac --roll 2 --dmg 1 --basic``), a natural 2 with no bonus that
  always misses, so the target lives through every run; the system's ``ready``
  picks an attacker who can make it with one d20;
* with ``--dice-attack EXPR`` (e.g. ``2d6ro1+2``), that attack made to hit
  (``--bonus 10 --roll 15``) with its damage rolled from EXPR instead of typed;

against a store holding a small generated encounter of the system (a few hundred
events, past its first snapshot). Prints the median time of each and the median of the per-round
ratios command/baseline; the goal is a ratio of at most 1.5. Above the goal it also
prints the command's heaviest imports beyond the baseline's (``python -X importtime``).

    .venv/bin/python bench/bench_record.py [--repeat 15] [--events 300] [--system 5e]
    .venv/bin/python bench/bench_record.py --system 5e --dice-attack 2d6ro1+2
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


def prepare(store: str, events: int, seed: int, system: str | None = None) -> str:
    """A small generated encounter of ``system`` (default: the default system), its
    monsters tough enough to outlive the bench."""
    from battletape.domain import systems
    from battletape.fixtures.generate import generate

    system = system or systems.DEFAULT_SYSTEM
    name, _ = generate(store, events, seed=seed, name="bench", tough=1000,
                       system=system)
    return name


def samples(system: str):
    """The system's sample commands (``RuleSystem.samples_module``)."""
    from importlib import import_module

    from battletape.domain import systems

    return import_module(systems.get(system).samples_module)


def next_attack(store: str, name: str, system: str) -> tuple[str, str, str]:
    """Ends turns (in this process, untimed; a death save first when one is due and
    the system's samples give its natural) until the creature whose turn it is can
    make the sample attack: it, a foe, and a monster to damage."""
    from battletape.application import Battletape
    from battletape.domain import systems

    rules = systems.get(system)
    sample = samples(system)
    verbs = rules.verbs
    bt = Battletape(store, "bench")
    try:
        for _ in range(200):
            due = rules.death_save_due(bt.state(name))
            if due and sample.DEATH_SAVE is not None:
                bt.record(verbs["death-save"].decision(None, name=due,
                                                       roll_=sample.DEATH_SAVE), name)
            bt.record(verbs["next"].decision(None), name)
            found = sample.ready(bt.state(name))
            if found:
                return found
    finally:
        bt.close()
    raise SystemExit("no creature could attack in 200 turns: try another --seed")


def hitting(options: tuple[str, ...], expr: str) -> list[str]:
    """The sample attack's options made to hit (``--bonus 10 --roll 15``), its typed
    damage (``--dmg``) replaced by dice rolled from ``expr``."""
    out: list[str] = []
    words = iter(options)
    for word in words:
        if word in ("--bonus", "--roll", "--dmg"):
            value = next(words)
            if word == "--dmg":
                out += ["--damage", expr]
            else:
                out += [word, "10" if word == "--bonus" else "15"]
        else:
            out.append(word)
    return out


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
    """module -> (self µs, cumulative µs) from ``python -X importtime``; nested
    imports are indented under the module that imported them."""
    argv = [argv[0], "-X", "importtime"] + argv[1:]
    done = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    out: dict[str, tuple[int, int]] = {}
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "[us]" in line:
            continue
        self_us, cumulative, module = line[len("import time:"):].split("|")
        depth = (len(module) - len(module.lstrip()) - 1) // 2
        out["  " * depth + module.strip()] = (int(self_us), int(cumulative))
    return out


def report_imports(command: list[str], env: dict[str, str], top: int = 15) -> None:
    base = import_times([sys.executable, "-c", BASELINE], env)
    cmd = import_times(command, env)
    seen = {m.strip() for m in base}
    extra = {m: t for m, t in cmd.items() if m.strip() not in seen}
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
        print(f"  {self_us / 1000:7.1f}  {module.strip()}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--events", type=int, default=300,
                        help="size of the small encounter recorded into")
    parser.add_argument("--seed", type=int, default=1)
    from battletape.domain import systems

    parser.add_argument("--system", default=systems.DEFAULT_SYSTEM,
                        choices=systems.ids(),
                        help="the rule system of the encounter recorded into")
    parser.add_argument("--imports", action="store_true",
                        help="print the import report even when the goal is met")
    parser.add_argument("--dice-attack", default=None, metavar="EXPR",
                        help="also time the sample attack made to hit (--bonus 10 "
                             "--roll 15) with its damage rolled from EXPR, e.g. "
                             "2d6ro1+2 (dice notation with d20's operators)")
    args = parser.parse_args(argv)

    env = dict(os.environ)
    env.pop("BATTLETAPE_STORE", None)
    env["BATTLETAPE_USER"] = "bench"
    with tempfile.TemporaryDirectory() as tmp:
        store = str(Path(tmp) / "bench.db")
        name = prepare(store, args.events, args.seed, args.system)
        bt = battletape_command()
        baseline = [sys.executable, "-c", BASELINE]

        def command(key: str) -> list[str]:
            # every attack on a fresh turn: one standard action a turn
            attacker, target, victim = next_attack(store, name, args.system)
            if key == "damage":
                return bt + ["--store", store, "damage", victim, "1"]
            if key == "attack-dice":
                return bt + ["--store", store, "attack", attacker, target,
                             *hitting(samples(args.system).ATTACK, args.dice_attack)]
            return bt + ["--store", store, "attack", attacker, target,
                         *samples(args.system).ATTACK]

        print(f"store {store}: {args.system} encounter {name!r} "
              f"({args.events}+ events)")
        keys = ["damage", "attack"] + (["attack-dice"] if args.dice_attack else [])
        timed(baseline, env)
        for key in keys:
            timed(command(key), env)  # warm the caches, compile .pyc

        times: dict[str, list[float]] = {"baseline": [], **{k: [] for k in keys}}
        ratios: dict[str, list[float]] = {k: [] for k in keys}
        shuffle = random.Random(0)
        for _ in range(args.repeat):
            shuffle.shuffle(keys)
            for key in keys:  # each command right after its own baseline run
                argv_ = command(key)
                b = timed(baseline, env)
                t = timed(argv_, env)
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
            report_imports(command("attack"), env)
    return 0


if __name__ == "__main__":
    sys.exit(main())
