"""Short names: an unambiguous prefix or the initials of a combatant stand for it in
every command of every system (``hw1`` for "Hobgoblin Warrior 1"); an ambiguous one
is a one-line error listing the candidates, and the store is unchanged."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from battletape.domain import roster
from tests.helpers import ok, refused_whole, run_script, start_fort, state

BATTLES = Path(__file__).resolve().parents[2] / "fixtures" / "battles"
VOLATILE = {"originator_id", "timestamp", "by", "command", "chain"}


def _shortest(names: list[str], name: str) -> str:
    """The shortest form of ``name`` that still means it alone: its initials, else the
    shortest prefix."""
    if len(name.split()) > 1 and roster.match(names, roster.initials(name)) == [name]:
        return roster.initials(name)
    for n in range(1, len(name) + 1):
        short = name[:n].lower()
        if " " not in short and roster.match(names, short) == [name]:
            return short
    return name


def _shortened(script: str, names: list[str]) -> str:
    """Every combatant or group name in the script's commands (not in `new`/`add`
    lines, not in quoted free text) replaced by its shortest form."""
    short = {n: _shortest(names, n) for n in names}
    pattern = re.compile("|".join(
        rf'"{re.escape(n)}"|(?<![\w"]){re.escape(n)}(?![\w"])'
        for n in sorted(names, key=len, reverse=True)))
    out = []
    for line in script.splitlines():
        words = shlex.split(line, comments=True) if line.strip() else []
        if not words or words[0] in ("new", "add", "ruling", "ready"):
            out.append(line)
            continue
        out.append(pattern.sub(lambda m: short[m.group(0).strip('"')], line))
    return "\n".join(out)


def _events(store: str) -> list[dict]:
    return [{k: v for k, v in e.items() if k not in VOLATILE}
            for e in ok(store, "log --json --all").json_lines()]


@pytest.mark.parametrize("script", ["demo.bt", "demo-5e.bt", "demo-3.5e.bt"])
def test_a_battle_typed_with_short_names_records_the_same_events(tmp_path, script):
    text = (BATTLES / script).read_text()
    full, short = str(tmp_path / "full.db"), str(tmp_path / "short.db")
    assert run_script(full, text).code == 0
    combatants = state(full)["combatants"]
    groups = {c.get("group") for c in combatants.values()} - {None}
    names = sorted(set(combatants) | groups)
    shortened = _shortened(text, names)
    assert shortened != text
    assert sum(line != old for line, old in zip(shortened.splitlines(),
                                                text.splitlines())) > 5
    r = run_script(short, shortened)
    assert r.code == 0, r.err
    assert _events(short) == _events(full)
    # and the store verifies: each command decided again from its short form
    assert "ok:" in ok(short, "verify").out


@pytest.fixture
def fort(sqlite_store):
    return start_fort(sqlite_store)


def test_initials_and_prefixes_name_combatants_and_groups(fort):
    s = fort
    ok(s, "init bru=12 hw=8 bk=10")   # hw: the group "Hobgoblin Warrior" (its initials)
    st = state(s)
    assert st["combatants"]["Hobgoblin Warrior 2"]["initiative"] == 8
    assert st["combatants"]["Brother Kael"]["initiative"] == 10
    ok(s, "attack bru hw1 --bonus 5 --vs ac --roll 15 --dmg 6 --kind melee")
    ok(s, "next")
    ok(s, "cond add 'hob war 2' dazed --save normal")
    st = state(s)
    assert st["combatants"]["Hobgoblin Warrior 1"]["hp"] == 14
    assert st["combatants"]["Hobgoblin Warrior 2"]["conditions"] == ["dazed"]
    log = ok(s, "log --json").json_lines()
    assert log[-1]["name"] == "Hobgoblin Warrior 2"


@pytest.mark.parametrize("command, candidates", [
    ("damage hw 3", "Hobgoblin Warrior 1, Hobgoblin Warrior 2"),
    ("damage b 3", "Brother Kael, Bruna"),
    ("damage hob 3", "Hobgoblin Warrior 1, Hobgoblin Warrior 2"),
])
def test_an_ambiguous_short_name_is_one_line_listing_the_candidates(fort, command,
                                                                    candidates):
    refused_whole(fort, command, f"could be {candidates}")


def test_an_unknown_short_name_is_still_unknown(fort):
    refused_whole(fort, "damage zz 3", "unknown combatant 'zz'")


@pytest.mark.parametrize("system, add", [
    ("5e", "add 'Hobgoblin Warrior' --hp 11 --ac 18 --count 2 --cr 1/2"),
    ("3.5e", "add 'Hobgoblin Warrior' --hp 6 --ac 15 --count 2 --bab 1"),
])
def test_short_names_in_every_system(sqlite_store, system, add):
    s = sqlite_store
    ok(s, f"new Keep --system {system} --seed 2")
    ok(s, add)
    ok(s, "damage hw2 3")
    assert state(s)["combatants"]["Hobgoblin Warrior 2"]["hp"] in (8, 3)
    refused_whole(s, "damage hw 1", "could be Hobgoblin Warrior 1, Hobgoblin Warrior 2")


def test_resolve_prefers_the_exact_name_then_initials_then_prefixes():
    names = ["Orc", "Orc Shaman", "Ogre Chief", "Goblin 1", "Goblin 2"]
    assert roster.resolve(names, "orc") == "Orc"            # exact beats prefix
    assert roster.resolve(names, "os") == "Orc Shaman"       # initials
    assert roster.resolve(names, "oc") == "Ogre Chief"
    assert roster.resolve(names, "og") == "Ogre Chief"       # prefix
    assert roster.resolve(names, "g2") == "Goblin 2"
    assert roster.resolve(names, "gob 1") == "Goblin 1"      # word by word
    assert roster.resolve(names, "goblin2") == "Goblin 2"    # without the space
    assert roster.resolve(names + ["Goblin 10"], "g1") == "Goblin 1"   # not Goblin 10
    assert roster.resolve(names, "x") is None
    with pytest.raises(Exception, match="could be Goblin 1, Goblin 2"):
        roster.resolve(names, "gob")


def test_a_5e_effect_on_a_group_spares_its_dead_but_a_short_name_means_one(sqlite_store):
    """A monster group's name stands for the members still standing; one combatant's
    short name stands for that combatant, dead or not."""
    s = sqlite_store
    ok(s, "new Pit --system 5e --seed 2")
    ok(s, "add Mage --pc --hp 20 --ac 12 --init 5")
    ok(s, "add 'Hobgoblin Warrior' --hp 11 --ac 18 --count 2 --cr 1/2")
    ok(s, "init mage=15 hw=2")
    ok(s, "damage hw1 11")
    ok(s, "effect mage hw --ability dex --dc 13 --dmg 4 --save-roll hw2=5")
    log = ok(s, "log --json").json_lines()
    hurt = [e["target"] for e in log if e["type"] == "DamageTaken"]
    assert hurt == ["Hobgoblin Warrior 1", "Hobgoblin Warrior 2"]
    # named alone, the dead one is not silently skipped: the rule refuses it
    refused_whole(s, "effect mage hw1 --ability dex --dc 13 --dmg 4",
                  "Hobgoblin Warrior 1 is dead")


def test_glued_word_beginnings_name_one_combatant():
    # the table trial: `hob1` for "Hobgoblin 1" (only "hob 1" or "h1" worked)
    names = ["Hobgoblin 1", "Hobgoblin 2", "Hobgoblin 12", "Hobgoblin Warrior 1",
             "Orc 1"]
    assert roster.resolve(names, "hob1") == "Hobgoblin 1"    # not Hobgoblin 12
    assert roster.resolve(names, "hob12") == "Hobgoblin 12"
    assert roster.resolve(names, "hobwar1") == "Hobgoblin Warrior 1"
    assert roster.resolve(names, "hw1") == "Hobgoblin Warrior 1"
    assert roster.resolve(names, "o1") == "Orc 1"
    assert roster.resolve(names, "hob3") is None


@pytest.mark.parametrize("system", ["13a", "5e", "3.5e"])
def test_hob1_on_the_command_line_in_every_system(sqlite_store, system):
    s = sqlite_store
    ok(s, f"new Tower --system {system} --seed 2")
    ok(s, "add Hobgoblin --hp 11 --ac 15 --count 2")
    ok(s, "damage hob2 3")
    assert state(s)["combatants"]["Hobgoblin 2"]["hp"] == 8
