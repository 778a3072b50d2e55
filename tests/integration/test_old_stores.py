"""A 13th Age store written before the rule systems moved behind one interface reads
the same ``state --json`` at every position (commit 8a051f0 wrote the fixture: the
bridge battle, an undo and a rewind; the states are what that version printed)."""

from __future__ import annotations

import gzip
import json
import shutil
from pathlib import Path

from battletape.application import Battletape
from projections.views import state_view
from tests.helpers import cli

STORES = Path(__file__).parents[2] / "fixtures" / "stores"


def _old_store(tmp_path) -> str:
    path = tmp_path / "battletape.db"
    shutil.copy(STORES / "bridge_13a_v1.db", path)
    return str(path)


def _expected() -> list[dict]:
    return json.loads(gzip.decompress((STORES / "bridge_13a_v1.states.json.gz")
                                      .read_bytes()))


def test_every_position_of_an_old_store_reads_as_it_did(tmp_path):
    expected = _expected()
    bt = Battletape(_old_store(tmp_path), "test")
    try:
        last = bt.state().position
        assert last == len(expected) - 1
        for p in range(1, last + 1):
            assert state_view(bt.state(at=p)) == expected[p - 1], f"position {p}"
        assert state_view(bt.state()) == expected[-1]
    finally:
        bt.close()


def test_state_json_of_an_old_store_through_the_command_line(tmp_path):
    store = _old_store(tmp_path)
    now = cli(store, "state --json")
    assert now.code == 0, now.err
    assert json.loads(now.out) == _expected()[-1]
    at = cli(store, "state --at 120 --json")
    assert json.loads(at.out) == _expected()[119]
