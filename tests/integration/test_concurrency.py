"""Races: 8 writers recording legal commands on one encounter at once, each command
its own process. None is refused for a race, none is lost, no two commands
interleave, and `verify` is green, on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.helpers import ok

WRITERS = 8
EACH = 6


def _battletape(store: str, *args: str) -> subprocess.CompletedProcess:
    exe = os.path.join(os.path.dirname(sys.executable), "battletape")
    return subprocess.run([exe, "--store", store, *args],
                          capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONWARNINGS": "ignore"})


def _writer(store: str, writer: int) -> list[tuple[int, str]]:
    out = []
    for i in range(EACH):
        r = _battletape(store, "ruling", f"writer {writer} call {i}")
        out.append((r.returncode, r.stderr.strip()))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_eight_writers_none_refused_none_lost(kind, request, tmp_path):
    store = (str(tmp_path / "battletape.db") if kind == "sqlite"
             else request.getfixturevalue("pg_store"))
    ok(store, "new Crowd --seed 1")
    # the PostgreSQL store is opened concurrently from the first command on
    with ThreadPoolExecutor(WRITERS) as pool:
        results = [r for rs in pool.map(lambda w: _writer(store, w), range(WRITERS))
                   for r in rs]
    refused = [err for code, err in results if code != 0]
    assert refused == []  # 0 refused (for a race or anything else)
    log = ok(store, "log", "--json").json_lines()
    rulings = [e for e in log if e["type"] == "RulingRecorded"]
    said = sorted(e["text"] for e in rulings)
    assert said == sorted(f"writer {w} call {i}" for w in range(WRITERS)
                          for i in range(EACH))  # 0 lost, none twice
    for e in rulings:  # 0 interleaved: every command is one whole event of its own
        assert e["cmd"] == e["originator_version"]
    r = ok(store, "verify")
    assert "ok: 1 encounter(s)" in r.out


def test_a_raced_command_is_decided_again_and_refused_only_by_the_rules(sqlite_store):
    """The race is forced: while B decides, A records first. B's append conflicts, B
    decides again against A's events: once it is still legal (appended after A's),
    once the rules now refuse it (the message says what A recorded meanwhile)."""
    from battletape import identity
    from battletape.application import Battletape

    ok(sqlite_store, "new Door --seed 1", user="marta")
    with identity.assume("marta"):  # two processes of the same GM
        _race(Battletape(sqlite_store), Battletape(sqlite_store))


def _race(a, b) -> None:
    from battletape.domain import events as ev
    from battletape.domain.errors import RuleViolation

    a.record(lambda s, r: [ev.RulingRecorded(text="setup")], command="ruling setup")
    raced = []

    def opens_door_unless_past(limit):
        def decide(state, rng):
            if state.position >= limit:  # the rules now refuse it
                raise RuleViolation("the door is already open")
            if not raced:  # A records while B is deciding
                raced.append(True)
                a.record(lambda s, r: [ev.RulingRecorded(text="A first")],
                         command="ruling 'A first'")
            return [ev.RulingRecorded(text="B opens the door")]
        return decide

    saved = b.record(opens_door_unless_past(99), command="ruling 'B opens the door'")
    assert [e.originator_version for e in saved] == [4]  # after A's, not refused
    raced.clear()
    with pytest.raises(RuleViolation) as refused:
        b.record(opens_door_unless_past(5), command="ruling again")
    assert "the door is already open" in str(refused.value)
    assert "meanwhile marta recorded `ruling 'A first'` at 5" in str(refused.value)


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_eight_processes_start_encounters_in_a_fresh_store_at_once(kind, request, tmp_path):
    """Opening (and creating) a store from 8 processes at once never fails, and the
    index and the campaign take every encounter once, in some order."""
    store = (str(tmp_path / "battletape.db") if kind == "sqlite"
             else request.getfixturevalue("pg_store"))
    with ThreadPoolExecutor(WRITERS) as pool:
        results = list(pool.map(
            lambda w: _battletape(store, "new", f"Fight {w}", "--campaign", "arc"),
            range(WRITERS)))
    assert [r.stderr.strip() for r in results if r.returncode] == []
    names = [line.split("\t")[0] for line in ok(store, "encounters").out.splitlines()]
    assert sorted(names) == [f"Fight {w}" for w in range(WRITERS)]
    assert "every hash chain holds" in ok(store, "verify").out
