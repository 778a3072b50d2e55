"""`state --round` reads up to the round's start only; `log --json` streams, a page at
a time, exactly the lines it printed when it held them all; `verify` says what it
decided again."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from battletape.domain.history import EffectiveHistory
from battletape.session import Context
from battletape.projections.views import event_view, state_view
from battletape.replay import history
from tests.helpers import cli, ok, state

BATTLES = Path(__file__).parents[2] / "fixtures" / "battles"


def corrected(store: str, battle: str) -> None:
    """A bundled battle and a few corrections of every kind after it."""
    ok(store, "run", str(BATTLES / battle))
    ok(store, "undo --reason 'wrong target'")
    ok(store, "redo")
    ok(store, "undo --reason 'wrong target after all'")
    events = Context(store=store).bt.events()
    attack = next(e for e in events if e.command.startswith("attack ")
                  and cli(store, "amend", str(e.cmd), "--dmg", "1", "--reason", "1").code == 0)
    ok(store, f"dispute {attack.cmd} --reason 'cover'")
    ok(store, f"rewind {len(events) - 6} --reason 'a rules error'")


def held_log_json(events, all_: bool) -> list[dict]:
    """What `log --json` printed when it held the whole battle (the displayed entries
    of replay/entries.py; with --all, the stored log marked as it counts now)."""
    from battletape.domain.events import CORRECTIONS
    from battletape.replay.entries import entries

    if all_:
        corr = EffectiveHistory(events)
        out = []
        for e in events:
            data = event_view(e, corr.is_void(e))
            if corr.replaced(e) and not isinstance(e, CORRECTIONS):
                data["replaced_by"] = corr.amended[e.cmd].originator_version
            out.append(data)
        return out
    out = []
    for entry in entries(events):
        data = event_view(entry.event)
        if entry.amended_at is not None:
            data["amended_at"] = entry.amended_at
        out.append(data)
    return out


@pytest.mark.parametrize("battle", ["demo.bt", "demo-5e.bt", "35-gatehouse.bt"])
def test_log_json_streams_the_lines_it_used_to_print(sqlite_store, battle):
    corrected(sqlite_store, battle)
    events = Context(store=sqlite_store).bt.events()
    for all_ in (False, True):
        expected = held_log_json(events, all_)
        r = ok(sqlite_store, "log", "--json", *(["--all"] if all_ else []))
        assert r.out.endswith("\n")
        assert [json.loads(x) for x in r.out.splitlines()] == json.loads(json.dumps(
            expected, default=str))


def test_log_json_pages_through_a_battle_longer_than_a_page(sqlite_store):
    ok(sqlite_store, "run", str(BATTLES / "demo.bt"))
    bt = Context(store=sqlite_store).bt
    pages = list(bt.pages(size=7))
    assert len(pages) > 5 and all(len(p) <= 7 for p in pages)
    assert [e for p in pages for e in p] == bt.events()


@pytest.mark.parametrize("battle", ["demo.bt", "demo-5e.bt", "35-gatehouse.bt"])
def test_state_at_a_round_is_the_fold_up_to_its_start(sqlite_store, battle):
    corrected(sqlite_store, battle)
    events = Context(store=sqlite_store).bt.events()
    rounds = sorted({e.round for e in EffectiveHistory(events).events()
                     if type(e).__name__ == "RoundStarted"})
    assert len(rounds) >= 2
    for r in rounds:
        at = history.round_position(events, r)
        expected = json.loads(json.dumps(state_view(history.state_at(events, at)),
                                         default=str))
        assert state(sqlite_store, "--round", str(r)) == expected


def test_state_at_a_round_never_reads_the_events_after_its_start(sqlite_store):
    ok(sqlite_store, "run", str(BATTLES / "demo.bt"))
    before = state(sqlite_store, "--round", "2")
    events = Context(store=sqlite_store).bt.events()
    start = history.round_position(events, 2)
    later = max(e.originator_version for e in events if type(e).__name__ == "TurnStarted")
    assert later > start
    # an event after the round's start becomes unreadable: state --round 2 never
    # decodes it (it read every event of the battle before)
    with sqlite3.connect(sqlite_store) as db:
        db.execute("update stored_events set state = ? where originator_version = ? "
                   "and topic like '%TurnStarted'", (b"{not json", later))
    assert cli(sqlite_store, "log --json").code != 0  # it is read by what reads all
    assert state(sqlite_store, "--round", "2") == before


def ok_line(r) -> str:
    """verify's verdict (notes on the dice follow it, indented)."""
    return next(line for line in r.out.splitlines() if line.startswith("ok: "))


def test_verify_says_how_many_commands_it_decided_again(sqlite_store):
    ok(sqlite_store, "run", str(BATTLES / "demo.bt"))
    ok(sqlite_store, "amend 13 --roll 3 --reason 'it was a 3'")
    events = Context(store=sqlite_store).bt.events()
    commands = {e.cmd for e in EffectiveHistory(events).events()} - {1}
    r = ok(sqlite_store, "verify")
    assert ok_line(r) == (f"ok: 1 encounter(s), {len(events)} events; "
                          f"{len(commands)} command(s) decided again as recorded")


def test_verify_says_plainly_that_generated_commands_kept_no_command_line(sqlite_store):
    from battletape.fixtures.generate import generate

    name, count = generate(sqlite_store, 300, seed=3)
    line = ok_line(ok(sqlite_store, "verify"))
    assert line.startswith(f"ok: 1 encounter(s), {count} events; 0 command(s) decided "
                           "again as recorded; ")
    assert "have no recorded command line" in line
    assert "could not be decided again" in line


def test_a_generated_battle_with_command_lines_decides_every_command_again(sqlite_store):
    from battletape.fixtures.generate import run

    gen = run(sqlite_store, 600, seed=5, system="5e", command_lines=True, strict=True)
    line = ok_line(ok(sqlite_store, "verify"))
    assert line.endswith(f"; {gen.commands} command(s) decided again as recorded")


@pytest.mark.parametrize("system, own, foreign", [
    ("13a", "A death save: 16+", "maneuver"),
    ("3.5e", "A dying creature's roll", "rally"),
])
def test_top_level_help_describes_the_current_encounters_verbs(sqlite_store, system,
                                                               own, foreign):
    ok(sqlite_store, f"new F --system {system} --seed 1")
    shown = ok(sqlite_store, "--help").out
    line = next(x for x in shown.splitlines() if x.strip().startswith("death-save"))
    assert own in line
    assert not any(x.strip().startswith(foreign + " ") for x in shown.splitlines())
    assert "  undo " in shown
