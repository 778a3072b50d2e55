"""`why` for every combatant and every value in one walk (issue 25, the replay page's
panel): ``why_all``'s steps, cut at a position by their reach, are ``why``'s answer
there, for each combatant of a demo battle of every system with an amended roll, an
undo, a dispute and a rewind, at every position."""

from __future__ import annotations

import pytest

from battletape.application import Battletape
from battletape.domain import systems
from battletape.domain.errors import BattletapeError
from battletape.domain.history import EffectiveHistory
from battletape.replay.why import why, why_all
from tests.helpers import ok
from tests.integration.test_replay_frames import AMENDED


@pytest.fixture(params=sorted(AMENDED))
def battle(request, sqlite_store):
    system = request.param
    ok(sqlite_store, "demo", "--system", system)
    position, roll = AMENDED[system]
    ok(sqlite_store, "amend", position, "--roll", roll, "--reason", "wrong die")
    ok(sqlite_store, "dispute", "30", "--reason", "cover")
    ok(sqlite_store, "undo", "--reason", "the last command was a mistake")
    ok(sqlite_store, "rewind", "40", "--reason", "a rules error at 41")
    bt = Battletape(sqlite_store, "gm")
    try:
        return system, bt.events()
    finally:
        bt.close()


def test_one_walk_answers_equal_why_for_every_combatant_and_field(battle):
    system, events = battle
    history = EffectiveHistory(events)
    answers = why_all(events, history=history)
    names = {name for name, _ in answers}
    fields = {"hp", "temp_hp", "status", "init", *systems.get(system).conditions,
              *(key for _, key in answers)}
    last = events[-1].originator_version
    checked = 0
    for p in range(1, last + 1, 3):
        for name in sorted(names):
            for field in sorted(fields):
                try:
                    answer = why(events, name, field, at=p, history=history)
                except BattletapeError:
                    continue  # not there yet, or a condition it never had
                assert answer.name == name
                cut = [s for reach, s in answers.get((name, field), []) if reach <= p]
                assert [s.view() for s in cut] == [s.view() for s in answer.steps], \
                    (name, field, p)
                checked += bool(cut)
    assert checked > 50
