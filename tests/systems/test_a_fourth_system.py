"""A fourth, tiny rule system plugs in with no change outside its package.

Duel (``tests/systems/duel/``: three verbs, two events, a part of the combatant's
state, its sentences in English and Italian, a demo battle) is kept outside
battletape and named by ``BATTLETAPE_SYSTEMS``; the conformance kit runs on it in a
process of its own, as on the three systems of the seeds."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from battletape.domain import systems

ROOT = Path(__file__).resolve().parents[2]
DUEL = "tests.systems.duel"


def _env(**more: str) -> dict[str, str]:
    env = dict(os.environ, BATTLETAPE_SYSTEMS=DUEL, **more)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH"))
                                        if p)
    env.pop("BATTLETAPE_STORE", None)
    return env


def test_the_tiny_system_is_not_registered_unless_named():
    assert "duel" not in systems.all_systems()


def test_the_conformance_kit_passes_on_the_tiny_system():
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
         str(ROOT / "tests" / "systems" / "test_conformance.py")],
        cwd=ROOT, env=_env(BATTLETAPE_KIT_SYSTEMS="duel"), capture_output=True,
        text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert done.stdout.splitlines()[-1].startswith("8 passed"), done.stdout[-500:]


def test_a_gm_plays_the_tiny_system_from_the_command_line(tmp_path):
    command = [str(Path(sys.executable).with_name("battletape")), "--store",
               str(tmp_path / "duel.db")]

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([*command, *args], env=_env(), capture_output=True,
                              text=True, timeout=60, cwd=tmp_path)

    assert run("new", "Yard", "--system", "duel").returncode == 0
    assert run("add", "Ada", "--hp", "10", "--pc").returncode == 0
    assert run("add", "Bo", "--hp", "8").returncode == 0
    assert run("guard", "Bo", "2").returncode == 0
    hit = run("strike", "Ada", "Bo", "--roll", "12", "--dmg", "5")
    assert hit.returncode == 0 and "hit for 3 (2 stopped by the guard)" in hit.stdout
    italian = run("--lang", "it", "log")
    assert "Bo alza una guardia di 2" in italian.stdout
    assert "Ada colpisce Bo: naturale 12, a segno per 3" in italian.stdout
    wrong = run("strike", "Ada", "Nobody", "--roll", "12")
    assert wrong.returncode == 2 and wrong.stderr.count("\n") == 1
    other = run("new", "Elsewhere", "--system", "5e")
    assert other.returncode == 0
    refused = run("guard", "Ada", "2")  # a verb of Duel means nothing in 5e
    assert refused.returncode == 2 and refused.stderr.startswith("Error:")
