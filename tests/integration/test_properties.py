"""Invariants on generated battles, on a real SQLite store (snapshots every few events).

- the state at position N equals folding the first N effective events;
- the live state (incremental, snapshots) equals a rebuild from the whole log;
- undo after any command restores the exact prior state; undo then redo is the identity;
- rewind P, then the state equals the state at P in every key but position.
"""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from battletape.application import Battletape
from battletape.domain import events as ev
from battletape.domain.errors import BattletapeError
from battletape.domain.corrections import rewind
from battletape.domain.state import EncounterState
from battletape.projections.encounter_state import fold
from battletape.projections.views import state_view
from battletape.replay import history
from tests.integration.battles import command, setup_commands

SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])


def play(tmp_path_factory, commands) -> Battletape:
    store = str(tmp_path_factory.mktemp("prop") / "b.db")
    bt = Battletape(store, "gm")
    bt.new("Generated", seed=5)
    for decide in setup_commands():
        bt.record(decide)
    for decide in commands:
        count = len(bt.events())
        try:
            bt.record(decide)
        except BattletapeError:
            assert len(bt.events()) == count  # a refused command records nothing
    return bt


def view(state: EncounterState, drop_position: bool = False) -> dict:
    v = state_view(state)
    if drop_position:
        v.pop("position")
    return v


@pytest.fixture(autouse=True)
def frequent_snapshots(monkeypatch):
    monkeypatch.setenv("BATTLETAPE_SNAPSHOT_INTERVAL", "7")


@SETTINGS
@given(st.lists(command(), min_size=5, max_size=40))
def test_state_at_n_equals_folding_the_first_n_effective_events(tmp_path_factory, cmds):
    bt = play(tmp_path_factory, cmds)
    events = bt.events()
    void = history.voided(events)
    folded = EncounterState()
    for e in events:
        if e.originator_version not in void and not isinstance(e, ev.CORRECTIONS):
            folded = fold(folded, e)
        folded_view = view(folded, True)
        at = bt.state(at=e.originator_version)
        assert view(at, True) == folded_view
        assert at.position == e.originator_version
    assert view(bt.state()) == view(history.state_at(events))


@SETTINGS
@given(st.lists(command(), min_size=3, max_size=30))
def test_undo_restores_the_prior_state_and_redo_is_the_identity(tmp_path_factory, cmds):
    bt = play(tmp_path_factory, cmds)
    before = view(bt.state(), True)
    previous_cmd = history.last_effective_command(bt.events())
    prior = view(bt.state(at=previous_cmd - 1), True)
    bt.record(lambda s, r, events: [ev.CommandRetracted(
        target=history.last_effective_command(events), reason="test")],
        needs_history=True)
    assert view(bt.state(), True) == prior
    bt.record(lambda s, r, events: [ev.CommandRestored(
        retraction=history.last_undo(events).originator_version)], needs_history=True)
    assert view(bt.state(), True) == before


@SETTINGS
@given(st.lists(command(), min_size=3, max_size=30), st.data())
def test_rewind_p_then_state_equals_state_at_p(tmp_path_factory, cmds, data):
    bt = play(tmp_path_factory, cmds)
    last = len(bt.events())
    p = data.draw(st.integers(1, last - 1))
    expected = view(bt.state(at=p), True)
    bt.record(lambda s, r, events: rewind(events, p, "test", "rules-error"),
              needs_history=True)
    assert view(bt.state(), True) == expected
    assert bt.state().position == last + 1
