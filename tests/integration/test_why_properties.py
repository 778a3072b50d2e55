"""`why` on generated battles with undo, redo, rewind, amend and remarks (issue 25):
at every position, the value it answers and its chain's last ``value_after`` are the
value `state --at` gives; a step changes the value it claims to (or is a save
against the condition); remarks move in `log` but the effective story is the same."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import example, given, strategies as st

from battletape.application import Battletape
from battletape.domain import events as ev
from battletape.domain.errors import UnknownCombatant
from battletape.domain.history import EffectiveHistory
from battletape.projections.views import state_view
from battletape.replay.history import state_at
from battletape.replay.why import why
from tests.helpers import ok
from tests.integration.test_effective_history_properties import (GM, NAMES, SETTINGS,
                                                                  facts, play, step)


@st.composite
def step_or_note(draw):
    if draw(st.integers(0, 5)) == 0:
        return f"note {draw(st.integers(1, 8))} 'remark {draw(st.integers(0, 99))}'"
    if draw(st.integers(0, 6)) == 0:
        return f"temp '{draw(st.sampled_from(NAMES))}' {draw(st.integers(1, 9))}"
    return draw(step())


@SETTINGS
@given(st.lists(step_or_note(), min_size=6, max_size=18))
@example(steps=["undo", "undo", *["note 1 'remark 0'"] * 4])  # the set-up undone: no Orc
def test_why_ends_where_state_at_is(tmp_path_factory, steps):
    store = str(tmp_path_factory.mktemp("why") / "b.db")
    play(store, steps)
    bt = Battletape(store, GM)
    try:
        events = bt.events()
    finally:
        bt.close()
    history = EffectiveHistory(events)
    last = events[-1].originator_version
    for p in sorted({6, last // 2, last} | {e.originator_version for e in events
                                           if isinstance(e, ev.CommandAmended)}):
        if not 6 <= p <= last:
            continue
        view = state_view(state_at(events, p, history=history))["combatants"]
        for name in NAMES:
            if name not in view:  # undone before it joined (an undo of the set-up)
                with pytest.raises(UnknownCombatant):
                    why(events, name, "hp", at=p, history=history)
                continue
            for field in ("hp", "temp_hp", "status"):
                answer = why(events, name, field, at=p, history=history)
                assert answer.value == view[name][field], (name, field, p)
                assert answer.steps and answer.steps[-1].value_after == answer.value
                for s in answer.steps:
                    assert s.value_before != s.value_after, s
    # remarks are shown where they belong; the effective story is the same
    shown = [ev.decoder.decode(msgspec.json.encode(line))
             for line in ok(store, "log --json").json_lines()]
    plain = [e for e in shown if not isinstance(e, ev.NoteRecorded)]
    assert facts(plain) == facts(e for e in history.events()
                                 if not isinstance(e, ev.NoteRecorded))
