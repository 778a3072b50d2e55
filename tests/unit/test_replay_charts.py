"""The replay's charts are drawn from samples, not from every event (issue 25, point
6): every round's start while there are few, thinned to at most MOST_SAMPLES of them
past it, a few hundred evenly spaced positions, and the last one; `diff`'s comparison
is one function the CLI and the page's script both follow."""

from __future__ import annotations

from battletape.replay.charts import MOST_SAMPLES, sampled
from battletape.replay.compare import changes


def test_a_short_battle_is_sampled_at_every_round_start_and_its_end():
    starts = [[1, 10], [2, 37], [3, 61]]
    out = sampled(starts, 90)
    assert {10, 37, 61, 89} <= set(out) and out == sorted(set(out))


def test_a_long_battle_keeps_at_most_a_few_hundred_round_starts():
    starts = [[r, 30 * r] for r in range(1, 5000)]
    out = sampled(starts, 150_000)
    every_16th = [i for k, (_, i) in enumerate(starts) if k % 16 == 0]  # 313 of 4999
    assert set(every_16th) <= set(out)
    assert len(out) <= 2 * MOST_SAMPLES + 1 and out[-1] == 149_999


def test_compare_names_what_differs_as_diff_prints_it():
    a = {"round": 1, "turn": "Vex", "escalation_die": 0, "order": ["Vex"], "ended": None,
         "combatants": {"Vex": {"hp": 30, "status": "up"}, "Orc": {"hp": 5}}}
    b = {**a, "round": 2, "escalation_die": 1,
         "combatants": {"Vex": {"hp": 23, "status": "up"}}}
    assert changes(a, b, ("escalation_die",)) == [
        {"what": "round", "a": 1, "b": 2}, {"what": "escalation_die", "a": 0, "b": 1},
        {"what": "Orc", "a": True, "b": False}, {"what": "Vex.hp", "a": 30, "b": 23}]
