"""Export then import changes nothing: for generated battles with corrections, every
`state --at P` and `log --all` are identical in a fresh store; twice adds nothing;
a tampered or malformed line is refused with its number and nothing is imported."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings, strategies as st

from battletape.application import Battletape
from battletape.domain import events as ev
from battletape.domain.corrections import rewind
from battletape.domain.errors import BattletapeError
from battletape.projections.views import state_view
from battletape.replay import history
from battletape.replay.export import to_jsonl
from tests.helpers import cli, ok
from tests.integration.battles import command, setup_commands

SETTINGS = settings(max_examples=15, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])

correction = st.sampled_from(["undo", "redo", "rewind", None, None])


@SETTINGS
@given(st.lists(st.tuples(command(), correction), min_size=3, max_size=25), st.data())
def test_export_then_import_gives_identical_states_at_every_position(
        tmp_path_factory, steps, data):
    folder = tmp_path_factory.mktemp("x")
    bt = Battletape(str(folder / "a.db"), "gm")
    bt.new("Exported", seed=8)
    for decide in setup_commands():
        bt.record(decide)
    for decide, fix in steps:
        try:
            bt.record(decide)
            if fix == "undo":
                bt.record(lambda s, r, e: [ev.CommandRetracted(
                    target=history.last_effective_command(e))], needs_history=True)
            elif fix == "redo":
                bt.record(lambda s, r, e: [ev.CommandRestored(
                    retraction=history.last_undo(e).originator_version)],
                    needs_history=True)
            elif fix == "rewind":
                p = data.draw(st.integers(1, len(bt.events()) - 1))
                bt.record(lambda s, r, e: rewind(e, p, "x", "rules-error"),
                          needs_history=True)
        except BattletapeError:
            pass
    export = folder / "e.jsonl"
    export.write_bytes(b"\n".join(to_jsonl(bt.events())) + b"\n")
    target = str(folder / "b.db")
    ok(target, "import", str(export))
    ok(target, "import", str(export))  # twice: nothing duplicated
    other = Battletape(target, "gm")
    assert [ev.encoder.encode(e) for e in other.events()] == \
        [ev.encoder.encode(e) for e in bt.events()]
    for p in range(1, len(bt.events()) + 1):
        assert state_view(other.state(at=p)) == state_view(bt.state(at=p))
    assert ok(target, "log --all --json").out == ok(str(folder / "a.db"),
                                                      "log --all --json").out


def _exported(store, tmp_path):
    ok(store, "new Bridge --seed 1")
    ok(store, "add Bruna --pc --hp 30 --init 3")
    ok(store, "add Orc --hp 20 --ac 14")
    ok(store, "init Bruna=12 Orc=3")
    ok(store, "attack Bruna Orc --bonus 5 --vs ac --roll 15 --dmg 7")
    path = tmp_path / "bridge.jsonl"
    ok(store, "export", "-o", str(path))
    return path.read_text().splitlines()


def test_a_tampered_line_is_refused_with_its_number(sqlite_store, tmp_path):
    lines = _exported(sqlite_store, tmp_path)
    row = json.loads(lines[5])
    row["event"]["hp"] = 99 if "hp" in row["event"] else row["event"].get("hp")
    row["event"]["by"] = "mallory"
    lines[5] = json.dumps(row)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    fresh = str(tmp_path / "fresh.db")
    r = cli(fresh, "import", str(bad))
    assert r.code == 2 and "line 6" in r.err and "tampered" in r.err
    assert cli(fresh, "state").code == 2  # nothing was imported


def test_a_malformed_line_is_refused_with_its_number(sqlite_store, tmp_path):
    lines = _exported(sqlite_store, tmp_path)
    lines[3] = lines[3][:40]
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    fresh = str(tmp_path / "fresh.db")
    r = cli(fresh, "import", str(bad))
    assert r.code == 2 and r.err.startswith("Error: bad line 4")
    assert cli(fresh, "state").code == 2


def test_a_truncated_export_is_refused(sqlite_store, tmp_path):
    lines = _exported(sqlite_store, tmp_path)
    bad = tmp_path / "short.jsonl"
    bad.write_text("\n".join(lines[:-2]) + "\n")
    r = cli(str(tmp_path / "fresh.db"), "import", str(bad))
    assert r.code == 2 and "truncated" in r.err
