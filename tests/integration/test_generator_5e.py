"""The 5e generator: deterministic, rule-valid, consistent, decodable.

Small battles here (a few hundred to two thousand events); the benches in bench/
run it at 100k. No timing is asserted: the machines are shared.
"""

from __future__ import annotations

import sqlite3
from collections import Counter

import msgspec
import pytest

from battletape.stores import store
from battletape.domain import events as ev
from battletape.fixtures import campaign as many
from battletape.fixtures import generate as gen
from battletape.projections.views import state_view
from tests.integration.stored import folded_and_loaded, payloads, stored_events


@pytest.mark.parametrize("system", ["5e", "3.5e"])
def test_the_same_seed_and_count_give_the_same_events(tmp_path, system):
    # Two stores, one seed: every payload is the same, timestamps apart (the 5e and
    # the 3.5 generators: fixtures/generate_5e.py, generate_35.py)
    a, b = str(tmp_path / "a.db"), str(tmp_path / "b.db")
    name_a, count_a = gen.generate(a, 800, seed=11, system=system)
    name_b, count_b = gen.generate(b, 800, seed=11, system=system)
    assert (name_a, count_a) == (name_b, count_b)
    assert payloads(a, name_a) == payloads(b, name_b)
    assert name_a == f"generated {system} 800 seed 11"
    assert stored_events(a, name_a)[0].system == system


def test_another_seed_gives_another_battle(tmp_path):
    a, b = str(tmp_path / "a.db"), str(tmp_path / "b.db")
    gen.generate(a, 400, seed=1, name="battle", system="5e")
    gen.generate(b, 400, seed=2, name="battle", system="5e")
    assert payloads(a, "battle") != payloads(b, "battle")


def test_the_encounter_is_a_5e_encounter_of_the_requested_length(tmp_path):
    path = str(tmp_path / "g.db")
    name, count = gen.generate(path, 1000, seed=3, system="5e")
    assert name == "generated 5e 1000 seed 3"
    events = stored_events(path, name)
    assert count >= 1000 and events[0].system == "5e"
    assert [e.originator_version for e in events] == list(range(1, count + 1))


@pytest.mark.parametrize("seed", [0, 5, 9])
def test_the_rules_refuse_nothing_it_asks(tmp_path, seed):
    # strict: a refusal by the rules would raise here instead of ending the turn
    g = gen.run(str(tmp_path / "g.db"), 1500, seed, strict=True, system="5e")
    assert g.refused == 0
    assert g.waves >= 2  # a fresh wave came when the first one fell


def test_refusals_stay_rare(tmp_path):
    # not strict: whatever the rules refuse is counted, and stays below 2 %
    g = gen.run(str(tmp_path / "g.db"), 3000, seed=21, system="5e")
    assert g.position >= 3000
    assert g.refused <= 0.02 * g.commands


def test_the_battle_uses_the_rules_widely(tmp_path):
    path = str(tmp_path / "g.db")
    g = gen.run(path, 3000, seed=4, system="5e")
    events = stored_events(path, g.name)
    kinds = Counter(type(e).__name__ for e in events)
    for kind in ("EncounterStarted", "CombatantAdded", "InitiativeRolled",
                 "RoundStarted", "TurnStarted", "TurnEnded", "AttackResolved",
                 "ConditionApplied", "ConditionRemoved", "SaveRolled", "DamageTaken",
                 "FreeRolled", "Healed", "TempHpGained", "ActionTaken",
                 "DeathSaveRolled"):
        assert kinds[kind] > 0, kind
    assert kinds["AttackResolved"] > kinds["Healed"]
    for verb in ("init", "add", "attack", "effect", "do", "cond add", "cond remove",
                 "heal", "temp", "death-save", "next"):
        assert g.verbs_used[verb] > 0, verb
    attacks = [e for e in events if isinstance(e, ev.AttackResolved)]
    # advantage and disadvantage with their two faces, every roll typed
    assert any(len(a.roll.faces) == 2 for a in attacks)
    assert all(a.roll.source == "typed" for a in attacks)
    assert all(a.damage_roll is None or a.damage_roll.source == "typed" for a in attacks)
    assert any(a.crit for a in attacks)


def test_ties_are_decided_and_death_saves_rolled_when_due(tmp_path):
    # Over a few seeds: every recorded tie is broken by the next command, and every
    # death save is rolled by a dying creature at the start of its turn.
    for seed in (1, 2, 3):
        path = str(tmp_path / f"g{seed}.db")
        name, _ = gen.generate(path, 1500, seed=seed, system="5e")
        events = stored_events(path, name)
        for i, e in enumerate(events):
            if type(e).__name__ == "InitiativeTied":
                after = next(x for x in events[i + 1:] if x.cmd != e.cmd)
                assert type(after).__name__ == "TieBroken"
                assert set(after.names) == set(e.names)
        turn = None
        for e in events:
            if isinstance(e, ev.TurnStarted):
                turn = e.name
            elif isinstance(e, ev.DeathSaveRolled):
                assert e.name == turn


@pytest.mark.parametrize("batch_commands", [2000, 97])
def test_the_store_state_equals_a_rebuild_from_the_whole_log(tmp_path, batch_commands):
    # What Battletape loads (a snapshot per batch, plus the events after it) equals
    # the fold of every event from the start.
    path = str(tmp_path / "g.db")
    g = gen.run(path, 1200, seed=6, batch_commands=batch_commands, system="5e")
    folded, loaded = folded_and_loaded(path, g.name)
    assert folded.position == g.position
    assert folded.system == "5e"
    assert state_view(folded) == state_view(loaded)
    assert msgspec.json.encode(folded) == msgspec.json.encode(loaded)


def test_every_stored_event_passes_through_the_decoder(tmp_path):
    path = str(tmp_path / "g.db")
    name, count = gen.generate(path, 700, seed=8, campaign="Emberfall", system="5e")
    with sqlite3.connect(path) as conn:
        rows = conn.execute("SELECT originator_id, originator_version, topic, state "
                            "FROM stored_events ORDER BY originator_id, "
                            "originator_version").fetchall()
    decoded = [ev.decoder.decode(state) for _, _, _, state in rows]
    assert len(decoded) == count + 3  # encounter, campaign and index streams
    assert all(ev.encoder.encode(e) == state for e, (*_, state) in zip(decoded, rows))
    encounter = store.encounter_id(name)
    mine = [e for e in decoded if e.originator_id == encounter]
    assert len(mine) == count
    assert {e.by for e in mine} == {"generator"}


def test_the_command_line_takes_the_system(tmp_path, capsys):
    path = str(tmp_path / "g.db")
    argv = ["--system", "5e", "--events", "300", "--seed", "2", "--store", path,
            "--quiet"]
    assert gen.main(argv) == 0
    assert "'generated 5e 300 seed 2': " in capsys.readouterr().out
    assert gen.main(["--system", "4e", "--events", "30", "--store", path]) == 2
    assert capsys.readouterr().err.startswith("Error: ")


def test_a_5e_campaign_is_the_same_with_one_or_two_workers(tmp_path):
    one, two = str(tmp_path / "one.db"), str(tmp_path / "two.db")
    a = many.generate_campaign(one, 900, seed=5, battles=2, jobs=1, system="5e")
    b = many.generate_campaign(two, 900, seed=5, battles=2, jobs=2, system="5e")
    assert [p.name for p in a] == [p.name for p in b] == [
        "generated 5e 900 seed 5 battle 1", "generated 5e 900 seed 5 battle 2"]
    for p in a:
        assert payloads(one, p.name) == payloads(two, p.name)
        assert payloads(two, p.name)[0]["system"] == "5e"
