"""Bad input: one clear line on stderr, a non-zero exit, the store unchanged."""

import hashlib
from pathlib import Path

import pytest

from tests.helpers import cli, ok, snapshot_of


@pytest.fixture
def fight(sqlite_store):
    ok(sqlite_store, 'new Bridge --seed 3')
    ok(sqlite_store, 'add Bruna --pc --hp 30 --ac 17 --init 3')
    ok(sqlite_store, 'add Goblin --hp 10 --ac 15 --count 2')
    ok(sqlite_store, 'init Bruna=15 Goblin=4')
    return sqlite_store


BAD = [
    ("attack Bruna Nobody --bonus 5 --vs ac --roll 12", "unknown combatant 'Nobody'"),
    ("attack Bruna 'Goblin 1' --bonus 5 --vs xd --roll 12", "bad defense 'xd'"),
    ("attack Bruna 'Goblin 1' --bonus 5 --vs ac --roll 21", "natural d20 from 1 to 20"),
    ("attack Bruna 'Goblin 1' --bonus 5 --vs ac --roll 0", "natural d20 from 1 to 20"),
    ("attack Bruna 'Goblin 1' --bonus 5 --vs ac --roll 12 --damage 2d", "bad dice expression"),
    ("attack Bruna 'Goblin 1' --bonus 5 --vs ac --roll 12 --damage 100000d6", "at most"),
    ("attack Bruna 'Goblin 1' --bonus 5 --vs ac --roll 12 --damage 1d6 --dmg 9", "1..6"),
    ("attack 'Goblin 1' Bruna --bonus 5 --vs ac --roll 12", "turn"),
    ("cond add Bruna stuned", "bad condition 'stuned': expected stunned"),
    ("damage Bruna -3", "bad damage -3"),
    ("heal Bruna -3", "bad healing -3"),
    ("add Bruna --hp 10", "not already in this encounter"),
    ("add Ogre --hp -5", "bad hp -5"),
    ("add Ogre --hp 0", "bad hp 0"),
    ("roll 3d", "bad dice expression"),
    ("roll 1d0", "bad dice expression"),
    ("run /no/such/script.bt", "bad script"),
    ("state --at 999", "bad position 999"),
    ("new Other --system 4e", "bad system '4e'"),
    ("new Other --system 4e --campaign X", "bad system"),
    ("new Bridge", "not used yet"),
    ("next --save Bruna=x", "NAME=NATURAL"),
    ("--encounter Nowhere state", "unknown encounter 'Nowhere'"),
    ("attack", "Missing argument"),
    ("frobnicate", "No such command"),
]


@pytest.mark.parametrize("command,message", BAD, ids=[b[0] for b in BAD])
def test_bad_input_is_one_line_nonzero_and_changes_nothing(fight, command, message):
    before = snapshot_of(fight)
    r = cli(fight, command)
    assert r.code != 0
    lines = r.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), r.err
    assert message in lines[0]
    assert "Traceback" not in r.err + r.out
    assert snapshot_of(fight) == before


def test_a_store_that_is_not_a_database_is_refused(tmp_path):
    bogus = tmp_path / "notes.db"
    bogus.write_text("these are my notes, not a database\n")
    digest = hashlib.sha256(bogus.read_bytes()).hexdigest()
    r = cli(str(bogus), "state")
    assert r.code == 2 and "not a battletape database" in r.err
    assert hashlib.sha256(bogus.read_bytes()).hexdigest() == digest


def test_a_store_in_a_missing_folder_is_refused(tmp_path):
    r = cli(str(tmp_path / "nope" / "x.db"), "new A")
    assert r.code == 2 and "does not exist" in r.err


def test_a_script_with_a_bad_line_records_nothing_and_names_the_line(fight, tmp_path):
    before = snapshot_of(fight)
    script = tmp_path / "bad.bt"
    script.write_text("# two good lines, then a bad one\n"
                      "attack Bruna 'Goblin 1' --bonus 5 --vs ac --roll 12 --dmg 4\n"
                      "next\n"
                      "attack Bruna Nobody --bonus 5 --vs ac --roll 12\n")
    r = cli(fight, "run", str(script))
    assert r.code == 2 and r.err.startswith("Error: line 4: unknown combatant 'Nobody'")
    assert snapshot_of(fight) == before


def test_a_command_before_any_encounter_says_how_to_start(sqlite_store):
    r = cli(sqlite_store, "state")
    assert r.code == 2 and "battletape new NAME" in r.err


def test_the_console_script_never_shows_a_traceback(tmp_path):
    import subprocess, sys, os
    exe = Path(sys.executable).parent / "battletape"
    env = dict(os.environ, BATTLETAPE_STORE=str(tmp_path / "s.db"))
    p = subprocess.run([str(exe), "attack", "A", "B", "--bonus", "1", "--vs", "ac"],
                       capture_output=True, text=True, env=env)
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert p.stderr.strip().count("\n") == 0
