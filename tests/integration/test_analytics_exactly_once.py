"""Exactly once: the position read is committed with the rows it produced, so a
catch-up that dies midway and starts again builds the same tables as one that never
stopped — whether it raised, exited or was killed from outside mid-transaction."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from battletape.stores import store
from battletape.projections import analytics
from tests.helpers import ok
from tests.integration.test_analytics import (GM, catch_up, make_campaign,
                                              table_contents)

ROOT = Path(__file__).resolve().parents[2]
BATCH = 61


class PowerCut(Exception):
    pass


class Flaky(analytics.Projection):
    """Fails just before the COMMIT of its ``fail_at``-th batch."""

    def __init__(self, app, path, fail_at: int, batch: int = BATCH,
                 worker: bool | None = None):
        super().__init__(app, path, batch)
        self.fail_at, self.commits = fail_at, 0
        self.worker = worker

    def _before_commit(self) -> None:
        self.commits += 1
        if self.commits == self.fail_at:
            raise PowerCut(f"batch {self.commits}")


@pytest.fixture(scope="module")
def history(tmp_path_factory) -> str:
    """Two generated battles with corrections in between: some batches refold."""
    path = str(tmp_path_factory.mktemp("once") / "battletape.db")
    names = make_campaign(path, sizes=(500, 300))
    ok(path, "--encounter", names[0], "undo", user=GM)
    ok(path, "--encounter", names[1], "undo", user=GM)
    ok(path, "--encounter", names[0], "redo", user=GM)
    ok(path, "--encounter", names[0], "undo", user=GM)
    ok(path, "--encounter", names[0], "rewind", "200", "--reason", "x", user=GM)
    return path


@pytest.fixture(scope="module")
def uninterrupted(history, tmp_path_factory) -> dict:
    duck = tmp_path_factory.mktemp("whole") / "whole.duckdb"
    catch_up(history, str(duck), batch=BATCH)
    return table_contents(duck)


@pytest.mark.parametrize("fail_at, worker", [(1, False), (2, False), (7, False),
                                             (14, False), (2, True), (9, True)])
def test_an_interrupted_catch_up_resumes_where_it_stopped(history, uninterrupted,
                                                          tmp_path, fail_at, worker):
    """Here or with the fold in a worker process (ended with the failure)."""
    duck = tmp_path / "a.duckdb"
    app = store.open_application(history)
    try:
        flaky = Flaky(app, duck, fail_at, worker=worker)
        with pytest.raises(PowerCut):
            flaky.catch_up()
        flaky.close()
        # what was committed: whole batches only, and the position says how far
        check = analytics.Projection(app, duck, BATCH)
        check.open()
        done = check.position()
        check.close()
        assert done == (fail_at - 1) * BATCH
        import duckdb

        con = duckdb.connect(str(duck), read_only=True)
        assert con.execute("SELECT count(*), coalesce(max(nid), 0) FROM events_all"
                           ).fetchone() == (done, done)
        con.close()
        # start again: the rest, once
        taken = analytics.catch_up(app, duck, batch=BATCH)
        assert taken == app.recorder.max_notification_id() - done
    finally:
        app.close()
    assert table_contents(duck) == uninterrupted


CHILD = textwrap.dedent("""
    import os, sys, time
    from battletape.stores import store
    from battletape.projections import analytics

    store_path, duck, mode, k = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    worker = sys.argv[6] == "worker"

    class Dying(analytics.Projection):
        commits = 0

        def _before_commit(self):
            Dying.commits += 1
            print(f"batch {Dying.commits}", flush=True)
            if Dying.commits == k:
                if mode == "exit":
                    os._exit(9)  # dies mid-transaction, nothing cleaned up
                time.sleep(60)  # waits to be killed from outside

    app = store.open_application(store_path)
    dying = Dying(app, duck, batch=int(sys.argv[5]))
    dying.worker = worker
    dying.catch_up()
    print("done", flush=True)
""")


def _child(history: str, duck: Path, mode: str, k: int,
           worker: bool = False) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-c", CHILD, history, str(duck), mode,
                             str(k), str(BATCH), "worker" if worker else "here"],
                            stdout=subprocess.PIPE, text=True, env=env, cwd=str(ROOT))


def test_a_process_that_exits_mid_transaction_loses_only_that_batch(history,
                                                                    uninterrupted,
                                                                    tmp_path):
    duck = tmp_path / "b.duckdb"
    child = _child(history, duck, "exit", 5)
    out, _ = child.communicate(timeout=300)
    assert child.returncode == 9 and "done" not in out
    catch_up(history, str(duck), batch=BATCH)
    assert table_contents(duck) == uninterrupted


@pytest.mark.parametrize("worker", [False, True])
def test_a_process_killed_from_outside_loses_only_that_batch(history, uninterrupted,
                                                             tmp_path, worker):
    duck = tmp_path / "c.duckdb"
    child = _child(history, duck, "sleep", 9, worker)
    try:
        for line in child.stdout:  # wait until it is inside its 9th transaction
            if line.strip() == "batch 9":
                break
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == -signal.SIGKILL
    app = store.open_application(history)
    try:
        check = analytics.Projection(app, duck, BATCH)
        check.open()
        assert check.position() == 8 * BATCH
        check.close()
    finally:
        app.close()
    catch_up(history, str(duck), batch=BATCH)
    assert table_contents(duck) == uninterrupted
