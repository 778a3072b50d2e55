"""battletape as a library (README "Battletape as a library"): the README's example
runs as written on every store, and the API records and reads as the CLI does."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pytest

import battletape
from battletape.domain.errors import (BadInput, BattletapeError, RuleViolation,
                                      UnknownCombatant, UnknownEncounter)
from tests.helpers import cli, ok, state

README = Path(__file__).resolve().parents[2] / "README.md"


def readme_example() -> str:
    text = README.read_text("utf-8")
    section = text.split("## Battletape as a library", 1)[1]
    return section.split("```python", 1)[1].split("```", 1)[0]


def test_the_readme_example_runs_as_written_on_every_store(any_store, monkeypatch):
    # the example opens "table.db": here, the test's store (a file or a URL)
    code = readme_example().replace('"table.db"', repr(any_store))
    assert code != readme_example()
    out = io.StringIO()
    with redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {})
    assert out.getvalue().strip() == "[9] 5"
    # what the bot recorded is what the command line reads
    s = state(any_store)
    assert s["encounter"] == "Goblin ambush" and s["turn"] == "Bruna"
    assert s["combatants"]["Goblin 2"]["hp"] == 5
    log = ok(any_store, "log").out
    assert "attack Bruna 'Goblin 2'" not in log  # sentences, not command lines
    assert any(e.get("command") == "attack Bruna 'Goblin 2' --bonus 6 --vs ac --roll "
               "15 --dmg 7" for e in cli(any_store, "log --json").json_lines())


@pytest.fixture
def bt(sqlite_store):
    with battletape.open(sqlite_store) as opened:
        yield opened


def fight(bt, name="Bridge"):
    enc = bt.new(name, seed=3)
    enc.add("Bruna", hp=30, ac=17, pc=True, init=3)
    enc.add("Rat", hp=6, ac=12, count=2)
    enc.init("Bruna=15", "Rat=2")
    return enc


def test_each_verb_returns_its_events_with_their_positions_and_the_new_state(bt):
    enc = fight(bt)
    before = enc.state()["position"]
    hit = enc.attack("Bruna", "Rat 1", bonus=5, vs="ac", roll=[9], dmg=6)
    assert hit.positions == [before + 1 + i for i in range(len(hit.events))]
    assert hit.position == hit.state["position"] == hit.positions[-1]
    assert type(hit.events[0]).__name__ == "AttackResolved"
    assert hit.state["combatants"]["Rat 1"]["status"] == "dead"
    assert hit.views()[0]["position"] == hit.positions[0]
    # a verb of two words, and the generic form
    dazed = enc.cond_add("Bruna", "dazed", save="normal")
    assert dazed.state["combatants"]["Bruna"]["conditions"] == ["dazed"]
    assert enc.command("cond remove", "Bruna", "dazed").state["combatants"]["Bruna"][
        "conditions"] == []
    turn = enc.next()
    assert turn.state["turn"] == "Rat 2" and turn.events


def test_a_result_says_its_lines_as_the_command_line_prints_them(bt, sqlite_store):
    """A bot posts what the table would read: each event's line with what it did to
    whom ("— Rat 1 dies"), in English or Italian, the same words as the log's."""
    enc = fight(bt)
    hit = enc.attack("Bruna", "Rat 1", bonus=5, vs="ac", roll=[9], dmg=6)  # 6 hp: dies
    assert hit.consequences == {hit.position: [("Rat 1", "dies", "dead", "")]}
    assert hit.lines()[-1].endswith("hit for 6 — Rat 1 dies")
    assert hit.lines("it")[-1].endswith("colpito, 6 danni — Rat 1 muore")
    log = ok(sqlite_store, "log").out.splitlines()
    assert log[-1].split(None, 2)[2] == hit.lines()[-1].split(None, 1)[1]
    scratch = enc.damage("Bruna", 3)  # no one's standing changes: no mark
    assert scratch.consequences == {} and scratch.lines()[-1].endswith("(direct)")


def test_the_state_at_a_position_equals_the_clis_state_at(sqlite_store):
    with battletape.open(sqlite_store) as bt:
        enc = fight(bt)
        enc.attack("Bruna", "Rat 1", bonus=5, vs="ac", roll=9, dmg=3)
        enc.next()
        enc.undo(reason="too soon")
        last = enc.state()["position"]
        for at in range(1, last + 1):
            assert enc.state(at=at) == state(sqlite_store, "--at", str(at))
        assert enc.state(round=1) == state(sqlite_store, "--round", "1")
        assert enc.state() == state(sqlite_store)
        assert enc.state(raw=True).position == last
        assert enc.log() == cli(sqlite_store, "log --json").json_lines()
        assert enc.log(all=True) == cli(sqlite_store, "log --json --all").json_lines()


def test_corrections_record_and_amend_decides_a_bots_command_again(bt, sqlite_store):
    enc = fight(bt)
    hit = enc.attack("Bruna", "Rat 1", bonus=5, vs="ac", roll=9, dmg=3)
    assert hit.state["combatants"]["Rat 1"]["hp"] == 3
    fixed = enc.amend(hit.position, "it was 5", dmg=5)
    assert type(fixed.events[0]).__name__ == "CommandAmended"
    assert fixed.state["combatants"]["Rat 1"]["hp"] == 1
    assert enc.state() == state(sqlite_store)
    flagged = enc.dispute(hit.position, "cover", by="Anna")
    assert enc.resolve(flagged.position, "upheld").events
    turn = enc.next()
    assert turn.state["turn"] == "Rat 1"  # alive, at 1 hp
    assert enc.undo(reason="too soon").state["turn"] == "Bruna"
    assert enc.redo().state["turn"] == "Rat 1"
    back = enc.rewind(hit.position, "start again")
    assert {k: v for k, v in back.state.items() if k != "position"} == \
        {k: v for k, v in enc.state(at=hit.position).items() if k != "position"}
    assert back.state["turn"] == "Bruna"


def test_errors_are_battletape_errors_and_nothing_is_saved(bt):
    enc = fight(bt)
    last = enc.state()["position"]
    with pytest.raises(UnknownCombatant):
        enc.attack("Bruna", "Rat 9", bonus=5, vs="ac", roll=9)
    with pytest.raises(BadInput, match="bonus"):
        enc.attack("Bruna", "Rat 1", vs="ac", roll=9)  # a required option missing
    with pytest.raises(BadInput, match="pd"):
        enc.attack("Bruna", "Rat 1", bonus=5, vs="ac", pd=3)  # no such param
    with pytest.raises(BadInput, match="whole number"):
        enc.damage("Bruna", "lots")
    with pytest.raises(RuleViolation, match="turn"):
        enc.attack("Rat 1", "Bruna", bonus=5, vs="ac", roll=9, dmg=3)
    with pytest.raises(AttributeError):
        enc.fireball  # no verb of 13th Age
    with pytest.raises(UnknownEncounter):
        bt.encounter("Nowhere")
    with pytest.raises(BattletapeError):
        bt.new("Bridge")  # the name is taken
    assert enc.state()["position"] == last


def test_force_records_what_a_rule_refuses_with_a_ruling(bt):
    enc = fight(bt)
    forced = enc.attack("Rat 1", "Bruna", bonus=5, vs="ac", roll=15, dmg=4,
                        force="the rat was readied")
    kinds = [type(e).__name__ for e in forced.events]
    assert "RulingRecorded" in kinds and "AttackResolved" in kinds
    assert forced.state["combatants"]["Bruna"]["hp"] == 26
    assert forced.events[0].command.startswith("--force 'the rat was readied' attack")
    # an effect that already holds records nothing and says so
    enc.engage("Bruna", "Rat 1")
    again = enc.engage("Bruna", "Rat 1")
    assert again.events == [] and "already" in again.note


def test_every_systems_verbs_are_methods_with_their_params(bt):
    from battletape.domain import systems

    for system in systems.all_systems().values():
        enc = bt.new(f"Fight {system.id}", system=system.id, seed=1)
        assert enc.system == system.id
        for name, verb in system.verbs.items():
            method = getattr(enc, name.replace(" ", "_").replace("-", "_"))
            assert callable(method) and hasattr(method, "__signature__"), \
                f"{name} is shadowed by a method of Encounter"
            params = method.__signature__.parameters
            assert all(p.name.rstrip("_") in params or p.name in params
                       for p in verb.params), name
            assert verb.help.split("  ")[0] in method.__doc__
    five = bt.encounter("fight 5")  # a prefix will do
    five.add("Ayla", hp=20, ac=15, pc=True, save=["dex:3"])
    assert five.state()["combatants"]["Ayla"]["max_hp"] == 20


def test_encounters_and_campaigns_are_listed(bt):
    bt.new("One", campaign="Emberfall")
    bt.new("Two", campaign="Emberfall")
    bt.new("Other", campaign="Elsewhere")
    assert [e.name for e in bt.encounters()] == ["One", "Two", "Other"]
    assert [e.name for e in bt.encounters("emberfall")] == ["One", "Two"]
    assert bt.campaigns() == ["Emberfall", "Elsewhere"]
    assert bt.encounter().name == "Other"  # the current one: the last started
    with pytest.raises(BadInput, match="One, Other"):
        bt.encounter("o")  # two start so


def test_the_store_defaults_to_battletape_store(sqlite_store, monkeypatch):
    monkeypatch.setenv("BATTLETAPE_STORE", sqlite_store)
    with battletape.open() as bt:
        bt.new("Here")
    assert state(sqlite_store)["encounter"] == "Here"


def test_import_battletape_does_not_load_the_library():
    code = ("import sys, battletape; assert 'battletape.api' not in sys.modules; "
            "assert 'eventsourcing' not in sys.modules; battletape.open; "
            "assert 'battletape.api' in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True,
                   env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})


LIBRARY_ALONE = """
import sys
import battletape
with battletape.open(sys.argv[1], user="bot") as bt:
    bridge = bt.new("Bridge", system="5e")
    bridge.add("Bruna", hp=30, ac=16, pc=True)
    bridge.add("Goblin", hp=7, ac=13)
    bridge.init("Bruna=15", "Goblin=9")
    hit = bridge.attack("Bruna", "Goblin", bonus=5, roll=12, damage="4")
    print(hit.state["combatants"]["Goblin"]["hp"])
    fixed = bridge.amend(hit.position, "the die read 7", roll=7)
    print(fixed.state["combatants"]["Goblin"]["hp"])
    bridge.damage("Goblin", 2, force="a fall")
    bridge.undo("misread")
    print(bridge.state()["combatants"]["Goblin"]["hp"])
leaked = sorted(m for m in sys.modules if m in (
    "battletape.cli", "battletape.session", "battletape.registry",
    "battletape.dispatch", "battletape.context") or m.startswith("battletape.cli_"))
print(leaked)
"""


def test_corrections_decide_again_with_the_library_alone(tmp_path):
    """A bot's amendment (a 5e attack decided again with the corrected die) and a
    forced command undone, in a process that never loads the command line: the
    library reads and decides its lines itself."""
    run = subprocess.run([sys.executable, "-c", LIBRARY_ALONE, str(tmp_path / "bt.db")],
                         capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert run.returncode == 0, run.stderr
    hit, amended, undone, leaked = run.stdout.splitlines()
    # 12 + 5 = 17 hits AC 13 (7 - 4 = 3); amended to 7: 7 + 5 = 12 misses (7)
    assert (hit, amended, undone) == ("3", "7", "7")
    assert leaked == "[]"
