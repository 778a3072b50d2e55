"""A name's grammatical gender (issue 22: "Bruna è caduta"): ``add NAME --gender f``
in every system; Italian then agrees the status and conditions said of that name,
the state table's and the report's; a name without one reads in the masculine; the
English is unchanged; the sheet a campaign keeps carries it."""

from __future__ import annotations

import pytest

from battletape.domain import systems
from tests.helpers import cli, ok, snapshot_of


@pytest.fixture
def cave(sqlite_store):
    """5e (seed 002): Bruna (f) and an orc dropped to 0 hp."""
    ok(sqlite_store, "new", "Grotta", "--system", "5e", "--seed", "3", "--campaign", "C")
    ok(sqlite_store, "add", "Bruna", "--pc", "--hp", "10", "--ac", "12", "--gender", "f")
    ok(sqlite_store, "add", "Orc", "--hp", "10", "--ac", "12")
    ok(sqlite_store, "init", "Bruna=15", "Orc=2")
    ok(sqlite_store, "damage", "Bruna", "12")  # 0 hp: unconscious (and prone)
    ok(sqlite_store, "damage", "Orc", "12")    # a monster at 0 hp dies
    return sqlite_store


def test_the_state_table_agrees_with_bruna(cave, monkeypatch):
    monkeypatch.setenv("COLUMNS", "220")
    it = ok(cave, "--lang", "it", "state").out
    bruna = next(line for line in it.splitlines() if "Bruna (PG)" in line)
    orc = next(line for line in it.splitlines() if " Orc " in line)
    assert "priva di sensi" in bruna and "prona" in bruna
    assert "privo di sensi" not in bruna
    assert "morto" in orc
    en = ok(cave, "state").out
    assert "unconscious" in next(line for line in en.splitlines() if "Bruna (PC)" in line)


def test_the_report_agrees_with_bruna(cave):
    md = ok(cave, "--lang", "it", "export", "--format", "md").out
    assert "Bruna è caduta priva di sensi" in md
    assert "| Bruna | 0/10 | priva di sensi |" in md
    assert "Bruna fell" in ok(cave, "export", "--format", "md").out


def test_a_gender_is_recorded_and_kept_by_the_campaigns_sheet(cave):
    added = [e for e in ok(cave, "log", "--json").json_lines()
             if e["type"] == "CombatantAdded"]
    assert {e["name"]: e["gender"] for e in added} == {"Bruna": "f", "Orc": ""}
    ok(cave, "end")
    ok(cave, "new", "Guado", "--system", "5e", "--seed", "4", "--campaign", "C")
    ok(cave, "add", "Bruna", "--pc")  # the sheet the party keeps
    again = [e for e in ok(cave, "log", "--json").json_lines()
             if e["type"] == "CombatantAdded"]
    assert again[-1]["gender"] == "f"


def test_a_gender_that_is_none_is_one_line_and_changes_nothing(cave):
    before = snapshot_of(cave)
    r = cli(cave, "add", "Gob", "--hp", "7", "--gender", "x")
    assert r.code == 2 and r.err == "Error: bad --gender 'x': expected f or m\n"
    assert snapshot_of(cave) == before
    ok(cave, "add", "Gob", "--hp", "7", "--gender", "femminile")  # Italian accepted
    assert [e["gender"] for e in ok(cave, "log", "--json").json_lines()
            if e["type"] == "CombatantAdded"][-1] == "f"


@pytest.mark.parametrize("sid", [s.id for s in systems.all_systems().values()
                                 if s.verb("add") is not None])
def test_every_systems_add_takes_a_gender(sid):
    add = systems.get(sid).verb("add")
    assert "--gender" in add.options


def test_the_log_agrees_in_gender_and_number(sqlite_store):
    """13th Age (seed 000): Bruna (f) falls "priva di sensi"; a mook's spill-over kills
    two kobolds at once: "Kobold 1 e Kobold 2 muoiono" (one sentence, the plural)."""
    s = sqlite_store
    ok(s, "new Tana --seed 3")
    ok(s, "add Bruna --pc --hp 40 --ac 18 --pd 14 --md 12 --init 3 --gender f")
    ok(s, "add Kobold --hp 6 --ac 14 --pd 12 --md 10 --init 1 --count 4 --mook")
    ok(s, "init Bruna=15 Kobold=3")
    # 14 damage to a 6-hp mook: Kobold 1 dies, 8 spill over and kill Kobold 2 (6 hp)
    hit = ok(s, "--lang it attack Bruna 'Kobold 1' --bonus 6 --vs ac --roll 17 --dmg 14 "
                "--kind melee").out
    assert hit.rstrip().endswith("— Kobold 1 e Kobold 2 muoiono")
    down = ok(s, "--lang it damage Bruna 41").out  # 40 hp: -1, down
    assert down.rstrip().endswith("— Bruna cade (priva di sensi)")
    log = ok(s, "--lang", "it", "log").out
    assert "Kobold 1 e Kobold 2 muoiono" in log and "Bruna cade (priva di sensi)" in log
    assert "Kobold 1 and Kobold 2 die" in ok(s, "log").out
