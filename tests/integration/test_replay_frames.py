"""Frames on demand and the HTML page's deltas tell the story of `state --at` at every
position, in any order of asking, for every system and after every kind of correction
(an amended roll, an undo, a rewind), on a real SQLite store."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from battletape.application import Battletape
from battletape.stores.stored_log import StoredLog
from battletape.domain import events as ev
from battletape.domain.corrections import rewind
from battletape.domain.errors import BattletapeError
from battletape.projections.views import state_view
from battletape.replay import history
from battletape.replay.deltas import steps
from battletape.domain.history import EffectiveHistory
from battletape.replay.frames import Frames
from tests.helpers import ok
from tests.integration.battles import command, setup_commands

# a demo's attack amended to another natural: (position of the attack, new roll)
AMENDED = {"13a": ("13", "2"), "5e": ("24", "3"), "3.5e": ("23", "11,19")}


def fold_deltas(deltas: list[dict], checkpoints: dict[int, dict], every: int,
                index: int) -> dict:
    """The view at ``index`` as the page's script folds it: from the checkpoint at or
    before it (or the start), through the deltas (replay/html.py, ``stateAt``)."""
    k = (index + 1) // every - 1
    if k >= 0:
        start = (k + 1) * every - 1
        cp = checkpoints[start]
        view = {**cp, "combatants": dict(cp["combatants"])}
    else:
        start, view = -1, {"combatants": {}}
    for d in deltas[start + 1:index + 1]:
        view.update(d.get("h", {}))
        for key in d.get("hx", []):
            del view[key]
        for name in d.get("x", []):
            del view["combatants"][name]
        view["combatants"].update(d.get("r", {}))
        for name, change in d.get("c", {}).items():
            view["combatants"][name] = {**view["combatants"][name], **change}
    return view


def page_data(events, every):
    """The deltas and checkpoints as the page embeds them (through JSON)."""
    deltas, checkpoints = [], {}
    for s in steps(events, every):
        deltas.append(json.loads(json.dumps(s.delta)))
        if s.checkpoint is not None:
            checkpoints[s.index] = json.loads(json.dumps(s.checkpoint))
    return deltas, checkpoints


def as_json(view: dict) -> dict:
    return json.loads(json.dumps(view))


@pytest.fixture(params=sorted(AMENDED))
def corrected(request, sqlite_store):
    """A demo battle of each system with an amended attack, an undo and a rewind."""
    system = request.param
    ok(sqlite_store, "demo", "--system", system)
    position, roll = AMENDED[system]
    ok(sqlite_store, "amend", position, "--roll", roll, "--reason", "wrong die")
    ok(sqlite_store, "undo", "--reason", "the last command was a mistake")
    ok(sqlite_store, "rewind", "40", "--reason", "a rules error at 41")
    return sqlite_store


def test_frames_and_deltas_equal_state_at_every_position_in_any_order(corrected):
    bt = Battletape(corrected, "gm")
    events = bt.events()
    assert any(isinstance(e, ev.CommandAmended) for e in events)
    expected = [as_json(state_view(bt.state(at=e.originator_version))) for e in events]
    frames = Frames(events, every=9)
    deltas, checkpoints = page_data(events, every=9)
    last = len(events) - 1
    # forward, from the end backwards, and jumping about (checkpoints and cursor)
    order = list(range(last + 1)) + list(range(last, -1, -1)) + [
        last, 3, 50, 12, last - 1, 0, 27, 26, 60, 8]
    for i in order:
        assert as_json(state_view(frames.state(i))) == expected[i], f"frame {i}"
        assert fold_deltas(deltas, checkpoints, 9, i) == expected[i], f"delta {i}"
    # a checkpoint is the whole view, combatants in the state's order
    cp = checkpoints[8]
    assert [n for n, _ in cp["combatants"]] == list(expected[8]["combatants"])


def test_the_cursor_keeps_one_state_per_checkpoint_and_never_changes_them(corrected):
    events = Battletape(corrected, "gm").events()
    frames = Frames(events, every=10)
    end = as_json(state_view(frames.state(len(events) - 1)))
    assert sorted(frames._checkpoints) == list(range(9, len(events), 10))
    before = {k: as_json(state_view(s)) for k, s in frames._checkpoints.items()}
    frames.state(15)
    frames.state(len(events) - 1)
    assert {k: as_json(state_view(s)) for k, s in frames._checkpoints.items()} == before
    assert as_json(state_view(frames.state(len(events) - 1))) == end


SETTINGS = settings(max_examples=20, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])


@SETTINGS
@given(st.lists(st.one_of(command(), st.sampled_from(["undo", "rewind"])),
                min_size=5, max_size=40),
       st.integers(1, 8), st.data())
def test_any_battle_with_corrections_reads_the_same_through_frames_and_deltas(
        tmp_path_factory, cmds, every, data):
    """Random 13th Age commands with undos and rewinds among them: a frame asked in any
    order, and the page's fold of deltas from any checkpoint, equal the state at that
    position folded from the start (DESIGN.md principle 4)."""
    bt = Battletape(str(tmp_path_factory.mktemp("frames") / "b.db"), "gm")
    bt.new("Generated", seed=5)
    for decide in setup_commands():
        bt.record(decide)
    for c in cmds:
        try:
            if c == "undo":
                bt.record(lambda s, r, events: [ev.CommandRetracted(
                    target=history.last_effective_command(events), reason="test")],
                    needs_history=True)
            elif c == "rewind":
                p = data.draw(st.integers(2, len(bt.events())))
                bt.record(lambda s, r, events: rewind(events, p, "test", "rules-error"),
                          needs_history=True)
            else:
                bt.record(c)
        except BattletapeError:
            pass
    events = bt.events()
    expected = [as_json(state_view(history.state_at(events, e.originator_version)))
                for e in events]
    frames = Frames(events, every=every)
    deltas, checkpoints = page_data(events, every)
    order = data.draw(st.lists(st.integers(0, len(events) - 1), min_size=1,
                               max_size=30))
    for i in order:
        assert as_json(state_view(frames.state(i))) == expected[i]
        assert fold_deltas(deltas, checkpoints, every, i) == expected[i]
    # the corrections alone say which events are void or amended, as the whole log does
    whole = EffectiveHistory(events)
    alone = EffectiveHistory([e for e in events if isinstance(e, ev.CORRECTIONS)])
    for e in events:
        assert alone.is_void(e) == whole.is_void(e)
        assert alone.replaced(e) == whole.replaced(e)
    assert alone.amended == whole.amended


def test_a_stored_log_reads_pages_as_asked_and_frames_over_it_are_the_same(corrected):
    """`replay` reads the log a page at a time and the corrections alone: the same
    events, the same frames as the whole log read at once."""
    bt = Battletape(corrected, "gm")
    events = bt.events()
    log = StoredLog(bt, None, page=7)
    assert len(log) == len(events)
    assert log[len(events) - 1] == events[-1] and log[-1] == events[-1]
    assert log[5] == events[5] and log[30:40] == events[30:40]
    with pytest.raises(IndexError):
        log[len(events)]
    assert list(log) == events
    assert log.corrections() == [e for e in events if isinstance(e, ev.CORRECTIONS)]
    lazy = Frames(StoredLog(bt, None, page=7), every=5,
                  corrections=log.corrections())
    whole = Frames(events, every=5)
    for i in [len(events) - 1, 0, 17, 16, 60, 3] + list(range(len(events))):
        assert lazy.voided(i) == whole.voided(i)
        assert state_view(lazy.state(i)) == state_view(whole.state(i))


def test_replay_reads_pages_and_corrections_alike_on_every_store(any_store):
    """The same stored log on SQLite and PostgreSQL: pages, corrections, frames; and
    the piped `replay` prints the same text as from the whole log."""
    ok(any_store, "demo")
    ok(any_store, "amend", "13", "--roll", "2", "--reason", "wrong die")
    ok(any_store, "undo", "--reason", "a mistake")
    bt = Battletape(any_store, "gm")
    events = bt.events()
    log = StoredLog(bt, None, page=11)
    assert list(log) == events and len(log) == len(events)
    assert log.corrections() == [e for e in events if isinstance(e, ev.CORRECTIONS)]
    lazy = Frames(log, every=10, corrections=log.corrections())
    whole = Frames(events, every=10)
    for i in (len(events) - 1, 0, 40, 12):
        assert state_view(lazy.state(i)) == state_view(whole.state(i))
    text = ok(any_store, "replay").out
    assert "[correction]" in text and "[voided]" in text
    assert f"(position {len(events)})" in text
