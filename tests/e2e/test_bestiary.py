"""Stat blocks and saved attacks through the command line, in every system: a GM loads
a TOML file into the campaign (recorded as events), adds creatures from it, and
attacks with a saved attack whose options fill what was not typed."""

from __future__ import annotations

import pytest

from tests.helpers import cli, ok, refused_whole, snapshot_of, state

ORCS_13A = """
system = "13a"

[orc]
name = "Orc Berserker"
hp = 20
ac = 15
pd = 13
md = 10
init = 1
level = 2

[orc.attacks.axe]
bonus = 6
vs = "ac"
dmg = 7
miss = 3
type = "slashing"
kind = "melee"
triggers = ["natural even hit: the target is dazed (save ends)",
            "natural 16+: the orc can attack again"]

[orc.attacks.javelin]
bonus = 5
vs = "ac"
dmg = 4
kind = "ranged"

[vex]
pc = true
hp = 30
ac = 17
pd = 14
md = 12
init = 3
recoveries = 8
"""

ORCS_5E = """
system = "5e"

[orc]
hp = 15
ac = 13
init = 1
cr = "1/2"
save = ["str:+3"]

[orc.attacks.greataxe]
bonus = 5
dmg = 9
type = "slashing"
kind = "melee"
triggers = ["natural 20: the target is knocked prone"]
"""

ORCS_35 = """
system = "3.5e"

[orc]
hp = 5
ac = 13
touch = 10
flat-footed = 13
bab = 1
fort = 3

[orc.attacks.falchion]
bonus = 4
dmg = "6"
threat = 18
kind = "melee"
triggers = ["hit: the orc roars"]
"""


def _file(tmp_path, text: str, name: str = "bestiary.toml") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


@pytest.fixture
def pit(sqlite_store, tmp_path):
    s = sqlite_store
    ok(s, "new Pit --campaign Emberfall --seed 3")
    ok(s, "bestiary", "add", _file(tmp_path, ORCS_13A))
    return s


def _log(store: str, *extra: str) -> list[dict]:
    return ok(store, "log", "--json", *extra).json_lines()


def test_bestiary_add_records_the_blocks_and_list_show_read_them(pit):
    listed = ok(pit, "bestiary list --json").json()
    assert [b["key"] for b in listed] == ["orc", "vex"]
    orc = ok(pit, "bestiary show o --json").json()   # a prefix names a block too
    assert orc["name"] == "Orc Berserker"
    assert orc["stats"] == {"hp": 20, "ac": 15, "pd": 13, "md": 10, "init": 1, "level": 2}
    assert orc["attacks"]["axe"]["bonus"] == 6
    assert orc["attacks"]["axe"]["triggers"][1] == "natural 16+: the orc can attack again"
    assert "axe, javelin" in ok(pit, "bestiary list").out


def test_add_from_a_block_takes_its_statistics_and_a_typed_option_wins(pit):
    ok(pit, "add Orc --from orc --count 3")
    ok(pit, "add Vex --from vex")
    ok(pit, "add Brute --from orc --hp 33 --ac 12")
    c = state(pit)["combatants"]
    assert [c[f"Orc {i}"]["max_hp"] for i in (1, 2, 3)] == [20, 20, 20]
    assert c["Orc 2"]["group"] == "Orc"
    assert c["Vex"]["recoveries"] == 8 and c["Vex"]["max_hp"] == 30
    assert c["Orc 3"]["saved_attacks"] == ["axe", "javelin"]
    assert "saved_attacks" not in c["Vex"]
    assert c["Brute"]["max_hp"] == 33
    added = [e for e in _log(pit) if e["type"] == "CombatantAdded"]
    # 13th Age's own statistics are in the event's stats (PD and MD default to 10)
    assert {e["name"]: (e["ac"], e["stats"].get("pd", 10), e["stats"].get("md", 10),
                        e["level"], e["pc"])
            for e in added} == {
        "Orc 1": (15, 13, 10, 2, False), "Orc 2": (15, 13, 10, 2, False),
        "Orc 3": (15, 13, 10, 2, False), "Vex": (17, 14, 12, 1, True),
        "Brute": (12, 13, 10, 2, False)}


@pytest.fixture
def fight(pit):
    ok(pit, "add Orc --from orc --count 2")
    ok(pit, "add Vex --from vex")
    ok(pit, "init Orc=19 Vex=2")   # the orcs first: 20, Vex 5
    return pit


def test_a_saved_attack_fills_bonus_defense_damage_type_kind(fight):
    ok(fight, "attack o1 vex axe --roll 11")   # natural 11 + 6 = 17 vs AC 17: a hit
    attack = [e for e in _log(fight) if e["type"] == "AttackResolved"][-1]
    assert (attack["attacker"], attack["target"]) == ("Orc 1", "Vex")
    assert (attack["bonus"], attack["defense"], attack["total"]) == (6, "ac", 17)
    assert (attack["damage"], attack["damage_type"], attack["kind"]) == (7, "slashing",
                                                                         "melee")
    used = _log(fight)[-1]
    assert used["type"] == "SavedAttackUsed" and used["attack"] == "axe"
    assert used["fired"] == []          # 11: odd, below 16
    assert state(fight)["combatants"]["Vex"]["hp"] == 23


def test_a_miss_deals_the_saved_miss_damage(fight):
    ok(fight, "attack 'orc 1' Vex axe --roll 3")
    assert state(fight)["combatants"]["Vex"]["hp"] == 27


def test_triggers_on_natural_results_are_recorded_with_the_attack(fight):
    ok(fight, "attack o1 vex axe --roll 16")
    used = _log(fight)[-1]
    assert used["triggers"] == ["natural even hit: the target is dazed (save ends)",
                                "natural 16+: the orc can attack again"]
    assert used["fired"] == ["Vex: natural even hit: the target is dazed (save ends)",
                             "Vex: natural 16+: the orc can attack again"]
    line = ok(fight, "log").out.splitlines()[-1]
    assert ("Orc 1 uses the saved attack axe — triggered on Vex: natural even hit: "
            "the target is dazed (save ends); natural 16+:") in line
    report = ok(fight, "export --format md").out
    assert "Orc 1's axe triggered on Vex (natural 16+: the orc can attack again)" in report
    italian = ok(fight, "--lang it log").out
    assert ("Orc 1 usa l'attacco salvato axe — si attiva su Vex: natural even hit: "
            "the target is dazed (save ends); natural 16+:") in italian


def test_a_typed_option_overrides_the_saved_value(fight):
    ok(fight, "attack o1 vex ax --roll 9 --bonus 8 --dmg 2")  # 9 + 8 = 17: a hit
    attack = [e for e in _log(fight) if e["type"] == "AttackResolved"][-1]
    assert (attack["bonus"], attack["hit"], attack["damage"]) == (8, True, 2)
    used = _log(fight)[-1]
    assert "bonus" not in used["values"] and used["values"]["vs"] == "ac"


def test_the_store_is_self_contained_export_import_and_verify(fight, tmp_path):
    ok(fight, "attack o1 vex axe --roll 16")
    ok(fight, "next")
    ok(fight, "attack o2 vex jav --roll 12")
    # the GM edits the file and loads it again: recorded commands keep their stats
    ok(fight, "bestiary", "add", _file(tmp_path, ORCS_13A.replace("hp = 20", "hp = 99"),
                                       "edited.toml"))
    assert "ok:" in ok(fight, "verify").out
    exported = tmp_path / "pit.jsonl"
    ok(fight, "export", "-o", str(exported))
    fresh = str(tmp_path / "fresh.db")
    ok(fresh, "import", str(exported))
    assert "ok:" in ok(fresh, "verify").out     # no bestiary in this store at all
    assert state(fresh)["combatants"] == state(fight)["combatants"]
    assert ok(fresh, "log").out == ok(fight, "log").out
    # and a newly added orc takes the edited block
    ok(fight, "add Chief --from orc")
    assert state(fight)["combatants"]["Chief"]["max_hp"] == 99


def test_undo_and_amend_redecide_a_saved_attack(fight):
    ok(fight, "attack o1 vex axe --roll 9")   # 15: a miss, 3 damage
    position = _log(fight)[-2]["originator_version"]
    ok(fight, f"amend {position} --roll 12 --reason 'the die was 12'")
    assert state(fight)["combatants"]["Vex"]["hp"] == 23
    ok(fight, "undo")     # the amendment: the miss again, 3 damage
    assert state(fight)["combatants"]["Vex"]["hp"] == 27
    ok(fight, "undo")     # the attack
    assert state(fight)["combatants"]["Vex"]["hp"] == 30


@pytest.mark.parametrize("command, message", [
    ("attack o1 vex bite --roll 5", "bad saved attack 'bite': expected one of Orc 1's: "
                                    "axe, javelin"),
    ("attack vex o1 axe --roll 5", "Vex was not added with --from"),
    ("attack o1 vex --roll 5", "missing option --bonus"),
    ("add Gob --from goblin", "bad stat block 'goblin'"),
    ("add Gob --from orc --hp -3", "bad hp -3"),
])
def test_bad_uses_are_one_line_and_change_nothing(fight, command, message):
    refused_whole(fight, command, message)


def test_an_ambiguous_saved_attack_lists_the_candidates(sqlite_store, tmp_path):
    s = sqlite_store
    ok(s, "new Pit --seed 1")
    ok(s, "bestiary", "add", _file(tmp_path, ORCS_13A.replace(
        "[orc.attacks.javelin]", "[orc.attacks.axe-throw]")))
    ok(s, "add Orc --from orc")
    ok(s, "add Vex --hp 20")
    ok(s, "init Orc=19 Vex=1")
    refused_whole(s, "attack orc vex ax --roll 5",
                  "ambiguous saved attack 'ax': could be axe, axe-throw")


@pytest.mark.parametrize("text, message", [
    ("[orc]\nac = 12\n", "bad [orc] 'no hp'"),
    ("[orc]\nhp = 9\nfly = 3\n", "bad [orc] key 'fly'"),
    ("[orc]\nhp = 'lots'\n", "bad [orc].hp 'lots': expected a whole number"),
    ("[orc]\nhp = 9\n[orc.attacks.axe]\nbonus = 5\nvs = 'ac'\ntriggers = ['on a good "
     "day: smash']\n", "expected a trigger like 'natural even hit"),
    ("[orc]\nhp = 9\n[orc.attacks.axe]\nadv = true\n", "bad [orc.attacks.axe] key 'adv'"),
    ("[orc\nhp = 9\n", "expected valid TOML"),
    ("system = 'pathfinder'\n[orc]\nhp = 9\n", "bad system 'pathfinder'"),
])
def test_a_bad_file_is_refused_whole(pit, tmp_path, text, message):
    refused_whole(pit, f"bestiary add {_file(tmp_path, text, 'bad.toml')}", message)


def test_a_block_of_another_system_is_refused(pit, tmp_path):
    ok(pit, "bestiary", "add", _file(tmp_path, ORCS_5E.replace("[orc", "[orc5"), "5e.toml"))
    refused_whole(pit, "add X --from orc5", "stat block 'orc5' is for 5e; this "
                                            "encounter is 13a")


def test_5e_stat_blocks_and_saved_attacks(sqlite_store, tmp_path):
    s = sqlite_store
    ok(s, "new Crypt --system 5e --seed 4")
    ok(s, "bestiary", "add", _file(tmp_path, ORCS_5E))
    ok(s, "add Orc --from orc --count 2")
    ok(s, "add Vex --pc --hp 30 --ac 15 --init 2")
    ok(s, "init Orc=18 Vex=2")
    ok(s, "attack o1 vex g --roll 20")   # a critical hit: 9 as rolled, crit included
    c = state(s)["combatants"]
    assert c["Orc 2"]["max_hp"] == 15 and c["Vex"]["hp"] == 21
    used = _log(s)[-1]
    assert used["fired"] == ["Vex: natural 20: the target is knocked prone"]
    assert "ok:" in ok(s, "verify").out


def test_35e_stat_blocks_and_saved_attacks(sqlite_store, tmp_path):
    s = sqlite_store
    ok(s, "new Gate --system 3.5e --seed 4")
    ok(s, "bestiary", "add", _file(tmp_path, ORCS_35))
    ok(s, "add Orc --from orc --count 2")
    ok(s, "add Vex --pc --hp 30 --ac 15 --init 2")
    ok(s, "init Orc=18 Vex=2")
    ok(s, "attack orc1 vex falchion --roll 17")   # 17 + 4 = 21 vs 15: a hit, no threat
    attack = [e for e in _log(s) if e["type"] == "AttackResolved"][-1]
    assert (attack["bonus"], attack["hit"], attack["crit_range"]) == (4, True, 18)
    assert state(s)["combatants"]["Vex"]["hp"] == 24
    assert _log(s)[-1]["fired"] == ["Vex: hit: the orc roars"]
    assert "ok:" in ok(s, "verify").out


def test_the_readme_stat_block_files_and_commands_work(sqlite_store, tmp_path):
    """The README's three files load into encounters of their systems, and its
    commands run as written."""
    import re
    import shlex
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    section = readme.split("### Stat blocks and saved attacks")[1].split("\n## ")[0]
    files = re.findall(r"```toml\n(.*?)```", section, re.S)
    assert len(files) == 3
    s = sqlite_store
    for n, text in enumerate(files):
        system = re.search(r'^system = "(.+)"', text, re.M).group(1)
        ok(s, f"new Check{n} --system {system} --campaign C{n}")
        ok(s, "bestiary", "add", _file(tmp_path, text, f"f{n}.toml"))
        ok(s, "add Orc --from orc --count 2")
    # the 13th Age walk-through, in a fresh encounter, with the first file
    ok(s, "new Walk --campaign Tour --seed 2")
    (tmp_path / "bestiary.toml").write_text(files[0])
    commands = re.search(r"```sh\n(.*?)```", section, re.S).group(1)
    for line in commands.splitlines():
        words = shlex.split(line, comments=True)
        assert words[0] == "battletape"
        if words[1:3] == ["bestiary", "add"]:
            words[3] = str(tmp_path / words[3])
        ok(s, *words[1:])
    vex = state(s)["combatants"]["Vex"]
    # axe: 16 + 6 = 22 hits (1d8+3), then 9 + 8 = 17 hits AC 17 (1d8+3)
    assert 30 - 2 * 11 <= vex["hp"] <= 30 - 2 * 4


def test_stat_block_lines_are_decided_again_by_the_library(fight):
    """The verbs' parser reads `add --from` and a saved attack, and the library fills
    them from the stat block the command recorded: both are decided again exactly,
    without the command line's whole parser."""
    from battletape.api import line_reader, lines, redeciding as amending
    from battletape.session import Context

    ok(fight, "attack o1 vex axe --roll 16")
    saved = line_reader.read("13a", lines.split("attack o1 vex axe --roll 16"))
    assert saved.values["saved"] == "axe" and saved.typed >= {"roll", "attacker"}
    added = line_reader.read("13a", lines.split("add Orc --from orc --count 2"))
    assert added.values["from_"] == "orc" and "hp" not in added.typed
    c = Context(store=fight)
    redecide = amending.Redecider(c)
    from battletape.replay import ripple
    assert ripple.report(c.bt.events(), 0, redecide) == []
    assert redecide.by_parser == 0 and redecide.by_table >= 4
    c.close()


@pytest.mark.parametrize("system, text, message", [
    ("13a", "[orc.attacks.axe]\nbonus = 5\nvs = 'xx'\n",
     "bad [orc.attacks.axe].vs 'xx': expected ac, pd, md"),
    ("13a", "[orc.attacks.axe]\nbonus = 5\nvs = 'ac'\nkind = 'sword'\n",
     "bad [orc.attacks.axe].kind 'sword': expected melee, ranged, spell, close"),
    ("13a", "[orc.attacks.axe]\nbonus = 5\nvs = 'ac'\ndamage = '2d'\n",
     "bad [orc.attacks.axe].damage '2d': expected dice notation"),
    ("13a", "[orc.attacks.axe]\nbonus = 5\nvs = 'ac'\ncrit-range = 30\n",
     "bad [orc.attacks.axe].crit-range 30: expected 2..20"),
    ("5e", "[orc.attacks.axe]\nbonus = 5\nrange = 'far'\n",
     "bad [orc.attacks.axe].range 'far': expected normal, long, beyond"),
    ("3.5e", "[orc.attacks.axe]\nbonus = 5\nmult = 7\n",
     "bad [orc.attacks.axe].mult 7: expected 2..4"),
    ("3.5e", "[orc.attacks.axe]\nbonus = 5\nvs = 'pd'\n",
     "bad [orc.attacks.axe].vs 'pd': expected ac, touch, flat-footed"),
    ("3.5e", "hp = 0\n", "bad [orc].hp 0: expected 1 or more"),
])
def test_a_value_the_verb_would_refuse_is_refused_when_the_file_is_added(
        sqlite_store, tmp_path, system, text, message):
    # the verb's declaration (choices, bounds, dice) checks the file: a wrong value is
    # named with its block and key when the file is added, not when the attack is used
    s = sqlite_store
    ok(s, f"new Pit --system {system} --seed 1")
    block = f"system = '{system}'\n[orc]\n" + ("" if text.startswith("hp") else
                                                "hp = 9\n") + text
    refused_whole(s, f"bestiary add {_file(tmp_path, block, 'bad.toml')}", message)
    assert ok(s, "bestiary list --json").json() == []
