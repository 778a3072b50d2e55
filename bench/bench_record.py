"""How long a recording command takes, against the cost of importing its libraries.

Runs, as subprocesses and interleaved so that a noisy machine hurts both alike:

* the baseline ``python -c "import typer, msgspec, eventsourcing.application"``;
* ``battletape --store X damage MONSTER 1``;
* ``battletape --store X attack ATTACKER TARGET --bonus 0 --vs ac --roll 2 --dmg 1
  --basic`` by the creature whose turn it is, on a fresh turn (the turns before are
  ended in this process, untimed); a natural 2 with no bonus always misses, so
  the target lives through every run;

against a store holding a small generated encounter (a few hundred events, past its
first snapshot). With ``--system 5e`` (or ``3.5e``) the encounter is a generated 5e (3.5) battle and the
attack is ``attack ATTACKER TARGET --bonus 0 --roll 2 --dmg 1`` (5e attacks are
against AC; the target is one the attacker has neither advantage nor disadvantage
against, so that one natural is the whole roll). Prints the median time of each and the median of the per-round
ratios command/baseline; the goal is a ratio of at most 1.5. Above the goal it also
prints the command's heaviest imports beyond the baseline's (``python -X importtime``).

    .venv/bin/python bench/bench_record.py [--repeat 15] [--events 300] [--system 5e]
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


def prepare(store: str, events: int, seed: int, system: str = "13a") -> str:
    """A small generated encounter (monsters tough enough to outlive the bench)."""
    from battletape.fixtures.generate import generate

    name, _ = generate(store, events, seed=seed, name="bench", tough=1000,
                       system=system)
    return name


def next_attack(store: str, name: str, system: str = "13a") -> tuple[str, str, str]:
    if system == "5e":
        return next_attack_5e(store, name)
    if system == "3.5e":
        return next_attack_35(store, name)
    return next_attack_13a(store, name)


def next_attack_35(store: str, name: str) -> tuple[str, str, str]:
    """Ends turns (in this process, untimed; the d100 of a dying creature first) until
    the creature whose turn it is can attack: it, a foe, and a monster to damage."""
    from battletape.application import Battletape
    from battletape.domain import systems
    from battletape.domain.dnd35 import conditions

    verbs = systems.get("3.5e").verbs
    bt = Battletape(store, "bench")
    try:
        for _ in range(200):
            s = bt.state(name)
            c = s.combatants.get(s.turn or "")
            if c is not None and c.status == "dying" and c.extra.get("death_save_due"):
                bt.record(verbs["death-save"].decision(None, name=c.name, roll_=50),
                          name)
            bt.record(verbs["next"].decision(None), name)
            s = bt.state(name)
            a = s.combatants.get(s.turn or "")
            if a is None or a.status != "up" or conditions.has(a, "no_actions") or \
                    conditions.has(a, "no_attack") or conditions.has(a, "move_only"):
                continue
            foes = [t for t in s.combatants.values() if t.pc != a.pc and t.status == "up"]
            monsters = [m for m in s.combatants.values() if not m.pc and m.status == "up"]
            if foes and monsters:
                return a.name, foes[0].name, max(monsters, key=lambda m: m.hp).name
    finally:
        bt.close()
    raise SystemExit("no creature could attack in 200 turns: try another --seed")


def next_attack_5e(store: str, name: str) -> tuple[str, str, str]:
    """Ends turns (in this process, untimed; a death save first when one is due)
    until the creature whose turn it is can attack a foe with one d20: it, the foe,
    and a monster to damage."""
    from battletape.application import Battletape
    from battletape.domain import systems
    from battletape.domain.dnd5e import conditions, d20_tests
    from battletape.domain.dnd5e import making_an_attack as atk

    verbs = systems.get("5e").verbs
    bt = Battletape(store, "bench")
    try:
        for _ in range(200):
            s = bt.state(name)
            c = s.combatants.get(s.turn or "")
            if c is not None and c.status == "unconscious" and c.extra.get(
                    "death_save_due"):
                bt.record(verbs["death-save"].decision(None, name=c.name, roll_=10),
                          name)
            bt.record(verbs["next"].decision(None), name)
            s = bt.state(name)
            a = s.combatants.get(s.turn or "")
            if a is None or a.status != "up" or conditions.incapacitated(a):
                continue
            charm = a.conditions.get("charmed")
            foes = []
            for t in s.combatants.values():
                if t.pc == a.pc or t.status != "up" or (charm and charm.source == t.name):
                    continue
                order = atk.AttackOrder(attacker=a.name, targets=[t.name], bonus=0)
                if d20_tests.mode(*atk._sources(s, a, t, order, None)) in (
                        "normal", "cancelled"):
                    foes.append(t)
            monsters = [c for c in s.combatants.values()
                        if not c.pc and c.status == "up"]
            if foes and monsters:
                return a.name, foes[0].name, max(monsters, key=lambda c: c.hp).name
    finally:
        bt.close()
    raise SystemExit("no creature could attack in 200 turns: try another --seed")


def next_attack_13a(store: str, name: str) -> tuple[str, str, str]:
    """Ends turns (in this process, untimed) until the creature whose turn it is can
    make a basic melee attack: it, a foe it can attack, and a monster to damage."""
    from battletape.application import Battletape
    from battletape.domain.thirteenth_age import conditions, cyclic_initiative

    bt = Battletape(store, "bench")
    try:
        for _ in range(200):
            bt.record(lambda st, r: cyclic_initiative.next_turn(st, r, {}), name)
            s = bt.state(name)
            a = s.combatants.get(s.turn or "")
            if a is None or a.status != "up" or not conditions.can_act(
                    set(a.conditions)):
                continue
            foes = [c for c in s.combatants.values()
                    if c.pc != a.pc and c.status == "up"]
            if a.engaged_with:
                foes = [c for c in foes if c.name in a.engaged_with]
            elif not conditions.can_move(set(a.conditions)):
                foes = []
            monsters = [c for c in s.combatants.values()
                        if not c.pc and c.status == "up"]
            if foes and monsters:
                return a.name, foes[0].name, max(monsters, key=lambda c: c.hp).name
    finally:
        bt.close()
    raise SystemExit("no creature could attack in 200 turns: try another --seed")


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
    parser.add_argument("--system", default="13a", choices=("13a", "5e", "3.5e"),
                        help="the rule system of the encounter recorded into")
    parser.add_argument("--imports", action="store_true",
                        help="print the import report even when the goal is met")
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
            if args.system in ("5e", "3.5e"):
                return bt + ["--store", store, "attack", attacker, target, "--bonus",
                             "0", "--roll", "2", "--dmg", "1"]
            return bt + ["--store", store, "attack", attacker, target, "--bonus", "0",
                         "--vs", "ac", "--roll", "2", "--dmg", "1", "--basic"]

        print(f"store {store}: {args.system} encounter {name!r} "
              f"({args.events}+ events)")
        keys = ["damage", "attack"]
        for argv_ in (baseline, command("damage"), command("attack")):
            timed(argv_, env)  # warm the caches, compile .pyc

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
