"""A recording command imports what it uses (issue 26, point 3): the core, the
encounter's own system, and of the other systems only what declares them (their
``system.py``, and a ``state.py``, whose part the core's state type holds); never
another system's events, verbs, fold or sentences, nor OpenSSL's hashlib, d20, lark,
duckdb or rich for a plain ``damage``: whether it starts from a snapshot or reads every
event of the battle (its system's own among them)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from importlib import resources

import pytest

from battletape.domain import systems
from tests.helpers import ok

BUILT_IN = [sid for sid, s in systems.all_systems().items()
            if s.package.startswith("battletape.domain.")]
DECLARATIONS = {"system", "state"}
NEVER = ("hashlib", "_hashlib", "d20", "lark", "duckdb", "rich")

SPY = """
import json, sys
sys.argv = ["battletape", *sys.argv[1:]]
import atexit
atexit.register(lambda: print(json.dumps(sorted(sys.modules)), file=sys.__stderr__))
from battletape.context import run
run()
"""


def _demo_without_its_end(system, folder) -> str:
    package, path = system.demo
    text = resources.files(package).joinpath(path).read_text(encoding="utf-8")
    script = folder / "battle.bt"
    script.write_text("\n".join(line for line in text.splitlines()
                                if not line.lstrip().startswith("end")), "utf-8")
    return str(script)


@pytest.mark.parametrize("from_snapshot", [True, False], ids=["snapshot", "every-event"])
@pytest.mark.parametrize("sid", BUILT_IN)
def test_a_recording_command_loads_only_its_own_system(sid, from_snapshot, tmp_path):
    system = systems.get(sid)
    store = str(tmp_path / "battletape.db")
    ok(store, "run", _demo_without_its_end(system, tmp_path))
    if not from_snapshot:  # a snapshot is only a cache: without it, every event is read
        with sqlite3.connect(store) as db:
            db.execute("DELETE FROM stored_snapshots")
    view = json.loads(ok(store, "state", "--json").out)
    target = next(name for name, c in view["combatants"].items()
                  if c["hp"] > 1)
    done = subprocess.run(
        [sys.executable, "-c", SPY, "--store", store, "damage", target, "1"],
        capture_output=True, text=True, cwd=tmp_path, env={"BATTLETAPE_LANG": "en",
                                                           "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    assert f"{target} takes 1" in done.stdout
    loaded = json.loads(done.stderr.strip().splitlines()[-1])
    others = [s.package for s in systems.all_systems().values() if s.id != sid]
    strays = [m for m in loaded for package in others
              if m.startswith(package + ".") and m.rsplit(".", 1)[1] not in DECLARATIONS]
    assert strays == []
    assert any(m.startswith(system.package + ".") for m in loaded)
    assert [m for m in NEVER if m in loaded] == []
