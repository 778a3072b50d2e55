"""Undo then redo is the identity, whatever came last: a command, an amendment, a
rewind, another undo or redo — `state` and the story `log` tells are as before. And
whatever the corrections, the displayed entries are the effective history."""

from __future__ import annotations

import tempfile
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from battletape.domain.history import EffectiveHistory
from battletape.application import Battletape
from battletape.domain.state import EncounterState
from battletape.projections.encounter_state import apply
from battletape.projections.views import state_view
from battletape.replay.entries import entries
from tests.helpers import cli, ok

GM = "marta"
SETUP = ("new Bridge --seed 2",
         "add Bruna --pc --hp 30 --ac 17 --pd 14 --md 12 --init 3 --level 3",
         "add Orc --hp 40 --ac 15 --pd 13 --md 10 --init 1",
         "init Bruna=15 Orc=6")

step = st.one_of(
    st.builds(lambda r, d: f"attack Bruna Orc --bonus 6 --vs ac --roll {r} --dmg {d}",
              st.integers(1, 20), st.integers(1, 12)),
    st.builds(lambda r, d: f"attack Orc Bruna --bonus 5 --vs ac --roll {r} --dmg {d}",
              st.integers(1, 20), st.integers(1, 12)),
    st.just("next"),
    st.builds(lambda r: ("amend", r), st.integers(1, 20)),
    st.just("undo"), st.just("redo"),
    st.builds(lambda back: ("rewind", back), st.integers(1, 4)),
)


def story(store: str) -> tuple:
    s = ok(store, "state --json").json()
    s.pop("position")
    return s, ok(store, "log").out


def last_attack(store: str) -> int | None:
    found = [e["position"] for e in ok(store, "log --json").json_lines()
             if e["type"] == "AttackResolved"]
    return found[-1] if found else None


@pytest.mark.slow
@settings(max_examples=20, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.lists(step, min_size=1, max_size=8))
def test_undo_then_redo_is_the_identity(steps):
    with tempfile.TemporaryDirectory() as folder:
        store = str(Path(folder) / "b.db")
        for line in SETUP:
            ok(store, line, user=GM)
        for s in steps:
            if isinstance(s, tuple) and s[0] == "amend":
                at = last_attack(store)
                if at is None:
                    continue
                line = f"amend {at} --roll {s[1]} --reason x"
            elif isinstance(s, tuple):
                last = ok(store, "state --json").json()["position"]
                line = f"rewind {max(1, last - s[1])} --reason x"
            else:
                line = s
            cli(store, line, user=GM)   # refusals (nothing to undo, ...) are fine
        entries_are_the_effective_history(store)
        before = story(store)
        if cli(store, "undo", user=GM).code != 0:
            return
        ok(store, "redo", user=GM)
        assert story(store) == before


VOLATILE = ("originator_id", "originator_version", "timestamp", "by", "cmd", "command")


def entries_are_the_effective_history(store: str) -> None:
    """What every view shows (replay/entries.py) is what `state` folds."""
    def facts(items):
        return [{k: v for k, v in msgspec.to_builtins(e).items() if k not in VOLATILE}
                for e in items]

    bt = Battletape(store, GM)
    try:
        events = bt.events()
        shown = [entry.event for entry in entries(events)]
        assert facts(shown) == facts(EffectiveHistory(events).events())
        folded = EncounterState()
        for e in shown:
            apply(folded, e)
        folded.position = bt.state().position
        assert state_view(folded) == state_view(bt.state())
    finally:
        bt.close()
