"""The generator of large histories: deterministic, rule-valid, consistent, decodable.

Small battles here (a few hundred to two thousand events); the benches in bench/
run it at 100k. No timing is asserted: the machines are shared.
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter

import msgspec
import pytest

from battletape.stores import store
from battletape.application import Battletape
from battletape.domain import events as ev
from battletape.fixtures import campaign as many
from battletape.fixtures import generate as gen
from battletape.projections.views import state_view
from tests.integration.stored import folded_and_loaded, payloads, stored_events
from tests.helpers import ok


def _raw_rows(path: str) -> list[tuple[str, int, str, bytes]]:
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT originator_id, originator_version, topic, state "
                            "FROM stored_events ORDER BY originator_id, "
                            "originator_version").fetchall()


def test_the_same_seed_and_count_give_the_same_events(tmp_path):
    # Two stores, one seed: every payload is the same, timestamps apart.
    a, b = str(tmp_path / "a.db"), str(tmp_path / "b.db")
    name_a, count_a = gen.generate(a, 800, seed=11)
    name_b, count_b = gen.generate(b, 800, seed=11)
    assert (name_a, count_a) == (name_b, count_b)
    assert payloads(a, name_a) == payloads(b, name_b)


def test_another_seed_gives_another_battle(tmp_path):
    a, b = str(tmp_path / "a.db"), str(tmp_path / "b.db")
    name_a, _ = gen.generate(a, 400, seed=1, name="battle")
    name_b, _ = gen.generate(b, 400, seed=2, name="battle")
    assert payloads(a, name_a) != payloads(b, name_b)


@pytest.mark.parametrize("events", [300, 1000, 2000])
def test_it_reaches_the_requested_count(tmp_path, events):
    path = str(tmp_path / "g.db")
    name, count = gen.generate(path, events, seed=3)
    assert count >= events
    bt = Battletape(path)
    try:
        recorded = bt.events(name)
    finally:
        bt.close()
    # positions 1..count, no gap: the count is the encounter's length
    assert [e.originator_version for e in recorded] == list(range(1, count + 1))


@pytest.mark.parametrize("seed", [0, 5, 9])
def test_the_rules_refuse_nothing_it_asks(tmp_path, seed):
    # strict: a refusal by the rules would raise here instead of ending the turn
    g = gen.run(str(tmp_path / "g.db"), 1500, seed, strict=True)
    assert g.refused == 0
    assert g.waves >= 2  # a fresh wave came when the first one fell


def test_the_battle_uses_the_rules_widely(tmp_path):
    path = str(tmp_path / "g.db")
    name, _ = gen.generate(path, 2000, seed=4)
    bt = Battletape(path)
    try:
        kinds = Counter(type(e).__name__ for e in bt.events(name))
    finally:
        bt.close()
    for kind in ("EncounterStarted", "CombatantAdded", "InitiativeRolled",
                 "RoundStarted", "TurnStarted", "TurnEnded", "AttackResolved",
                 "Engaged", "ConditionApplied", "SaveRolled", "OngoingDamageApplied",
                 "DamageTaken", "Healed"):
        assert kinds[kind] > 0, kind
    assert kinds["AttackResolved"] > kinds["Healed"]


def test_a_battle_recorded_as_command_lines_decides_every_command_again(tmp_path):
    # Every command goes through a 13th Age verb: recorded as its command line, each
    # one is decided again by verify, and the battle is the one played without lines.
    path, plain = str(tmp_path / "lines.db"), str(tmp_path / "plain.db")
    g = gen.run(path, 400, seed=5, command_lines=True, strict=True)
    firsts: dict[int, ev.Event] = {}
    for e in stored_events(path, g.name):
        firsts.setdefault(e.cmd, e)
    _, *commands = firsts.values()  # (`new`'s EncounterStarted: no verb's line)
    assert len(commands) == g.commands
    assert [e.command for e in commands if not e.command] == []
    printed = ok(path, "verify").out.splitlines()
    verdict = next(line for line in printed if line.startswith("ok: "))
    assert verdict.endswith(f"; {g.commands} command(s) decided again as recorded")
    gen.run(plain, 400, seed=5, strict=True)

    def unsaid(store: str) -> list[dict]:
        return [{k: v for k, v in e.items() if k != "command"}
                for e in payloads(store, g.name)]

    assert unsaid(path) == unsaid(plain)


@pytest.mark.parametrize("batch_commands", [2000, 97])
def test_the_fold_equals_the_state_the_application_loads(tmp_path, batch_commands):
    # The fold of every event from the start equals what Battletape loads (from the
    # snapshot each batch leaves, plus the events after it) and what the CLI prints.
    path = str(tmp_path / "g.db")
    g = gen.run(path, 1200, seed=6, batch_commands=batch_commands)
    folded, loaded = folded_and_loaded(path, g.name)
    assert folded.position == g.position
    assert state_view(folded) == state_view(loaded)
    assert msgspec.json.encode(folded) == msgspec.json.encode(loaded)
    printed = ok(path, "--encounter", g.name, "state", "--json").json()
    assert printed == msgspec.json.decode(msgspec.json.encode(state_view(folded)))


def test_every_stored_event_passes_through_the_decoder(tmp_path):
    path = str(tmp_path / "g.db")
    name, count = gen.generate(path, 700, seed=8, campaign="Emberfall")
    rows = _raw_rows(path)
    decoded = [ev.decoder.decode(state) for _, _, _, state in rows]
    # encounter, campaign and index streams, and nothing the decoder rewrites
    assert len(decoded) == count + 3
    assert all(ev.encoder.encode(e) == state for e, (*_, state) in zip(decoded, rows))
    topics = {topic for _, _, topic, _ in rows}
    assert topics <= {f"domain.events:{cls}" for cls in ev.EVENT_TYPES}
    encounter = store.encounter_id(name)
    mine = [e for e in decoded if e.originator_id == encounter]
    assert len(mine) == count
    assert {e.by for e in mine} == {"generator"}


def test_the_command_line_generates_and_refuses_a_name_twice(tmp_path, capsys):
    path = str(tmp_path / "g.db")
    argv = ["--events", "300", "--seed", "2", "--store", path, "--encounter", "cli",
            "--quiet"]
    assert gen.main(argv) == 0
    assert "'cli': " in capsys.readouterr().out
    assert gen.main(argv) == 2
    assert "Error: " in capsys.readouterr().err


def test_a_refusal_ends_the_turn_and_is_counted(tmp_path, monkeypatch):
    # Should the rules refuse what the generator asks, the turn ends instead.
    from battletape.domain.errors import RuleViolation

    def refused(self, s, rng, c):
        raise RuleViolation(f"{c.name} may not act in this test")

    monkeypatch.setattr(gen.Generator, "_hero_turn", refused)
    g = gen.run(str(tmp_path / "g.db"), 400, seed=1)
    assert g.refused > 0 and g.position >= 400
    with pytest.raises(RuleViolation):
        gen.run(str(tmp_path / "h.db"), 400, seed=1, strict=True)


# --- a campaign: battles played by worker processes, merged in order ------------------

def _stored_in_order(path: str) -> tuple[list, list]:
    """Every stored event in notification order (timestamps left out), and every
    snapshot as stored (but its chain link and seal, which cover the timestamps)."""
    with sqlite3.connect(path) as conn:
        events = []
        for topic, state in conn.execute("SELECT topic, state FROM stored_events "
                                         "ORDER BY rowid"):
            data = ev.to_builtins(ev.decoder.decode(state))
            data.pop("timestamp")
            events.append((topic, data))
        snapshots = []
        for *key, state in conn.execute(
                "SELECT originator_id, originator_version, topic, state FROM "
                "stored_snapshots ORDER BY originator_id, originator_version"):
            data = json.loads(state)
            assert data.pop("chain") and data.pop("seal")
            snapshots.append((*key, data))
    return events, snapshots


def _registered(path: str) -> list[tuple[str, str, int]]:
    bt = Battletape(path)
    try:
        return [(r.name, r.campaign, r.originator_version) for r in bt.registrations()]
    finally:
        bt.close()


CAMPAIGN = ["--events", "1200", "--battles", "3", "--seed", "5", "--campaign",
            "Emberfall", "--quiet"]
BATTLES = [f"generated 1200 seed 5 battle {i}" for i in (1, 2, 3)]


def test_two_workers_store_what_one_process_stores(tmp_path, capsys):
    # Both stores already hold a battle of the campaign: the merge continues its
    # campaign and the index at the next versions.
    one, two = str(tmp_path / "one.db"), str(tmp_path / "two.db")
    for path in (one, two):
        gen.generate(path, 300, seed=1, name="before", campaign="Emberfall")
    assert gen.main([*CAMPAIGN, "--store", one, "--jobs", "1"]) == 0
    assert gen.main([*CAMPAIGN, "--store", two, "--jobs", "2"]) == 0
    summary = capsys.readouterr().out.splitlines()[-1]
    assert summary.startswith("campaign 'Emberfall': 3 battles, ")
    # the same events in the same order, timestamps apart, and the same snapshots
    assert _stored_in_order(one) == _stored_in_order(two)
    assert _registered(two) == [("before", "Emberfall", 1)] + [
        (name, "Emberfall", i + 2) for i, name in enumerate(BATTLES)]
    assert not any(f.name.startswith(".generate-") for f in tmp_path.iterdir())


def test_a_campaign_is_rule_valid_and_every_battle_differs(tmp_path):
    path = str(tmp_path / "c.db")
    played = many.generate_campaign(path, 1200, seed=5, battles=3, jobs=2,
                                   campaign="Emberfall")
    assert [p.name for p in played] == BATTLES
    assert all(p.events >= 400 for p in played) and all(p.refused == 0 for p in played)
    assert ok(path, "verify").out.startswith("ok: 3 encounter(s)")
    starts = [payloads(path, name)[0] for name in BATTLES]
    assert [s["seed"] for s in starts] == [5, 6, 7]
    bodies = [[{k: v for k, v in e.items() if k != "originator_id"}
               for e in payloads(path, name)[1:]] for name in BATTLES]
    assert bodies[0] != bodies[1] and bodies[1] != bodies[2] and bodies[0] != bodies[2]


def test_a_campaign_merges_into_postgresql_as_into_sqlite(tmp_path, pg_store):
    path = str(tmp_path / "c.db")
    many.generate_campaign(path, 800, seed=2, battles=2, jobs=1)
    many.generate_campaign(pg_store, 800, seed=2, battles=2, jobs=2)
    names = [f"generated 800 seed 2 battle {i}" for i in (1, 2)]
    assert [r[0] for r in _registered(pg_store)] == names
    for name in names:
        assert payloads(pg_store, name) == payloads(path, name)


def test_a_failed_merge_leaves_no_temporary_file(tmp_path, monkeypatch):
    def broken(*args):
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(many, "_copy_stream", broken)
    with pytest.raises(RuntimeError):
        many.generate_campaign(str(tmp_path / "c.db"), 600, seed=1, battles=2, jobs=2)
    assert sorted(f.name for f in tmp_path.iterdir()) == ["c.db"]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_name_the_store_holds_is_refused_before_anything_is_played(tmp_path, capsys,
                                                                      jobs):
    path = str(tmp_path / "c.db")
    gen.generate(path, 300, seed=1, name="generated 1200 seed 5 battle 2")
    assert gen.main([*CAMPAIGN, "--store", path, "--jobs", jobs]) == 2
    assert "Error: " in capsys.readouterr().err
    assert [r[0] for r in _registered(path)] == ["generated 1200 seed 5 battle 2"]


@pytest.mark.parametrize("argv", [["--events", "0"], ["--battles", "0"],
                                  ["--events", "3", "--battles", "4"],
                                  ["--jobs", "-1", "--battles", "2"]])
def test_the_command_line_refuses_a_campaign_it_cannot_play(tmp_path, capsys, argv):
    base = {"--events": "100", "--battles": "2"}
    base.update(zip(argv[::2], argv[1::2]))
    args = [a for kv in base.items() for a in kv] + ["--store", str(tmp_path / "c.db")]
    assert gen.main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("Error: ") and err.count("\n") == 1
