"""Undo then redo is the identity, whatever came last: a command, an amendment, a
rewind, another undo or redo — `state` and the story `log` tells are as before."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

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
        before = story(store)
        if cli(store, "undo", user=GM).code != 0:
            return
        ok(store, "redo", user=GM)
        assert story(store) == before
