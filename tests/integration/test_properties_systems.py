"""Invariants on generated 5e and D&D 3.5 battles, on a real SQLite store (snapshots
every 7 events).

The battles come from each system's generator (``fixtures.generate --system 5e``,
``--system 3.5e``; 13th Age has its own in test_properties.py), their
seed and length drawn by hypothesis:

- the state at position N equals folding the first N effective events;
- export then import changes nothing: the same state at every position;
- undo then redo is the identity;
- rewind P, then the state equals the state at P in every key but position.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from battletape.application import Battletape
from battletape.domain import events as ev
from battletape.domain.corrections import rewind
from battletape.domain.state import EncounterState
from battletape.fixtures import generate as gen
from battletape.projections.encounter_state import fold
from battletape.projections.views import state_view
from battletape.replay import history
from battletape.replay.export import from_jsonl, to_jsonl

SETTINGS = settings(max_examples=12, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])
CHEAP = settings(SETTINGS, max_examples=25)  # one battle, two or three commands more
SYSTEMS = pytest.mark.parametrize("system", ["5e", "3.5e"])
SEEDS = st.integers(0, 10_000)
LENGTHS = st.integers(30, 400)


@pytest.fixture(autouse=True)
def frequent_snapshots(monkeypatch):
    monkeypatch.setenv("BATTLETAPE_SNAPSHOT_INTERVAL", "7")


def battle(tmp_path_factory, system: str, seed: int, events: int,
           batch: int = 1) -> Battletape:
    """A generated battle of ``system``, one command per save (``batch`` 1): a snapshot
    every seventh event, as the command line would leave them."""
    path = str(tmp_path_factory.mktemp("prop") / "b.db")
    gen.run(path, events, seed, name="Generated", user="gm", system=system,
            batch_commands=batch)
    return Battletape(path, "gm")


def view(state: EncounterState, drop_position: bool = False) -> dict:
    v = state_view(state)
    if drop_position:
        v.pop("position")
    return v


def undo(bt: Battletape) -> None:
    bt.record(lambda s, r, events: [ev.CommandRetracted(
        target=history.last_effective_command(events), reason="test")],
        needs_history=True)


def redo(bt: Battletape) -> None:
    bt.record(lambda s, r, events: [ev.CommandRestored(
        retraction=history.last_undo(events).originator_version)], needs_history=True)


@SYSTEMS
@SETTINGS
@given(SEEDS, LENGTHS, st.integers(0, 2))
def test_state_at_n_equals_folding_the_first_n_effective_events(tmp_path_factory, system,
                                                                 seed, length, undos):
    bt = battle(tmp_path_factory, system, seed, length)
    for _ in range(undos):  # a few corrections, so that some events are void
        undo(bt)
    events = bt.events()
    void = history.voided(events)
    folded = EncounterState()
    for e in events:
        if e.originator_version not in void and not isinstance(e, ev.CORRECTIONS):
            folded = fold(folded, e)
        at = bt.state(at=e.originator_version)
        assert view(at, True) == view(folded, True)
        assert at.position == e.originator_version
    assert view(bt.state()) == view(history.state_at(events))
    assert bt.state().system == system


@SYSTEMS
@SETTINGS
@given(SEEDS, LENGTHS, st.sampled_from([None, "undo", "rewind"]), st.data())
def test_export_then_import_changes_nothing(tmp_path_factory, system, seed, length, fix,
                                            data):
    bt = battle(tmp_path_factory, system, seed, length, batch=2000)
    if fix == "undo":
        undo(bt)
    elif fix == "rewind":
        p = data.draw(st.integers(1, len(bt.events()) - 1))
        bt.record(lambda s, r, e: rewind(e, p, "x", "rules-error"), needs_history=True)
    exported = list(to_jsonl(bt.events()))
    _, events = from_jsonl(exported)
    target = Battletape(str(tmp_path_factory.mktemp("imported") / "b.db"), "gm")
    assert target.import_encounter(events) == len(events)
    assert target.import_encounter(events) == 0  # twice: nothing duplicated
    assert [ev.encoder.encode(e) for e in target.events()] == \
        [ev.encoder.encode(e) for e in bt.events()]
    for p in range(1, len(events) + 1):
        assert view(target.state(at=p)) == view(bt.state(at=p))
    assert view(target.state()) == view(bt.state())


@SYSTEMS
@CHEAP
@given(SEEDS, LENGTHS)
def test_undo_then_redo_is_the_identity(tmp_path_factory, system, seed, length):
    bt = battle(tmp_path_factory, system, seed, length, batch=2000)
    before = view(bt.state(), True)
    events = bt.events()
    prior = view(bt.state(at=history.last_effective_command(events) - 1), True)
    undo(bt)
    assert view(bt.state(), True) == prior
    redo(bt)
    assert view(bt.state(), True) == before
    assert view(bt.state(), True) == view(history.state_at(bt.events()), True)


@SYSTEMS
@CHEAP
@given(SEEDS, LENGTHS, st.data())
def test_rewind_p_then_state_equals_state_at_p(tmp_path_factory, system, seed, length,
                                               data):
    bt = battle(tmp_path_factory, system, seed, length, batch=2000)
    last = len(bt.events())
    p = data.draw(st.integers(1, last - 1))
    expected = view(bt.state(at=p), True)
    bt.record(lambda s, r, events: rewind(events, p, "test", "rules-error"),
              needs_history=True)
    assert view(bt.state(), True) == expected
    assert bt.state().position == last + 1
