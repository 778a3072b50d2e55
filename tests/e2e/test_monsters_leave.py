"""13th Age SRD (seed 004), Combat Rules: monsters leave the fight — a monster that
flees or surrenders stops taking turns and the battle goes on (Flee, the PCs' own
retreat, is a campaign loss; this is not); a creature added mid-fight (Cyclic
Initiative) gets a place in the order, never skipped in silence."""

import pytest

from tests.helpers import cli, ok, state


@pytest.fixture
def fight(sqlite_store):
    s = sqlite_store
    ok(s, "new Gate --seed 3")
    ok(s, "add Bruna --pc --hp 30 --ac 17 --pd 14 --md 12 --init 3")
    ok(s, "add Goblin --hp 10 --ac 13 --pd 11 --md 10 --init 1 --count 2")
    ok(s, "init Bruna=15 Goblin=5")  # Bruna 18, the goblins 6
    return s


@pytest.mark.parametrize("how", ["surrendered", "fled"])
def test_a_monster_that_leaves_stops_taking_turns_and_the_battle_goes_on(fight, how):
    ok(fight, "engage Bruna 'Goblin 1'")
    ok(fight, f"cond add 'Goblin 1' {how}")
    s = state(fight)
    goblin = s["combatants"]["Goblin 1"]
    assert goblin["status"] == "fled" and how in goblin["conditions"]
    assert goblin["engaged_with"] == [] and s["combatants"]["Bruna"]["engaged_with"] == []
    turns = [ok(fight, "next").out for _ in range(3)]
    assert not any("turn: Goblin 1" in t for t in turns)
    assert "turn: Goblin 2" in turns[0]
    log = ok(fight, "log").out
    assert "the encounter ends" not in log and "campaign loss" not in log


def test_a_pc_leaves_only_with_flee_unless_the_gm_forces(fight):
    r = cli(fight, "cond add Bruna fled")
    assert r.code == 2 and "`flee`" in r.err and "(a GM may --force)" in r.err
    ok(fight, "--force", "she slips away alone", "cond", "add", "Bruna", "fled")
    assert state(fight)["combatants"]["Bruna"]["status"] == "fled"


def test_a_newcomer_without_initiative_is_told_to_roll_then_takes_its_place(fight):
    ok(fight, "add Ogre --hp 40 --ac 15 --pd 14 --md 10 --init 2")
    r = cli(fight, "next")
    assert r.code == 2 and "Ogre joined the fight without initiative" in r.err
    assert "init Ogre=N" in r.err
    ok(fight, "init Ogre=10")  # 12: after Bruna (18), before the goblins (6)
    assert state(fight)["order"] == ["Bruna", "Ogre", "Goblin 1", "Goblin 2"]
    assert "turn: Ogre" in ok(fight, "next").out


def test_a_named_effect_shows_in_state_and_log_and_modifies_the_roll(fight):
    # Attack Rolls: natural 7 + bonus 6 + bless 2 = 15 against the goblin's AC 13
    ok(fight, "cond", "add", "Bruna", "bless", "--mod", "attack:+2", "--until",
       "end-of-battle")
    b = state(fight)["combatants"]["Bruna"]
    assert b["conditions"] == ["bless"]
    assert b["effects"] == {"bless": {"mods": {"attack": 2}, "save": None,
                                      "until": "end-of-battle", "turn_of": None}}
    out = ok(fight, "attack Bruna 'Goblin 1' --bonus 6 --vs ac --roll 7 --dmg 4").out
    assert "total 15 vs AC 13: hit" in out
    assert "Bruna is under bless, until end-of-battle (attack +2)" in ok(fight, "log").out


def test_a_mook_mob_from_the_command_line(sqlite_store):
    # the mook rules: 6 kobolds of 6 hp are a mob of 36; 14 damage kills two
    s = sqlite_store
    ok(s, "new Warren --seed 5")
    ok(s, "add Bruna --pc --hp 30 --ac 17 --pd 14 --md 12 --init 3")
    ok(s, "add Kobold --hp 6 --ac 13 --pd 11 --md 10 --init 1 --count 6 --mook")
    ok(s, "init Bruna=15 Kobold=5")
    ok(s, "attack Bruna 'Kobold 2' --bonus 6 --vs ac --roll 12 --dmg 14")
    st = state(s)
    assert st["mobs"] == {"Kobold": {"hp": 22, "max_hp": 36, "mooks": 6, "alive": 4}}
    assert "turn: Kobold 1" not in ok(s, "next").out  # Kobold 1 fell in the spill
    assert [n for n in st["order"] if n.startswith("Kobold")][0] == "Kobold 1"
    r = cli(s, "add Ogre --hp 40 --pc --mook")
    assert r.code == 2 and "never a mook" in r.err


@pytest.mark.parametrize("system, rule", [("5e", "(Iniziativa)"), ("3.5e", "(Iniziativa)")])
def test_every_system_tells_a_newcomer_to_roll(sqlite_store, system, rule):
    s = sqlite_store
    ok(s, f"new Gate --system {system} --seed 3")
    ok(s, "add Bruna --pc --hp 30 --ac 17 --init 3")
    ok(s, "add Orc --hp 20 --ac 15 --init 1")
    ok(s, "init Bruna=15 Orc=6")
    ok(s, "add Ogre --hp 40 --ac 12")
    r = cli(s, "next")
    assert r.code == 2 and "Ogre joined the fight without initiative" in r.err
    assert rule in r.err
    ok(s, "init Ogre=10")
    assert "Ogre" in state(s)["order"]


def test_every_mook_attacks_in_the_mobs_turn_without_force(sqlite_store):
    # the table trial's friction 1: the second mook was refused as if it had readied
    s = sqlite_store
    ok(s, "new Warren --seed 5")
    ok(s, "add Bruna --pc --hp 30 --ac 17 --pd 14 --md 12 --init 3")
    ok(s, "add Kobold --hp 6 --ac 13 --pd 11 --md 10 --init 1 --count 6 --mook")
    ok(s, "init Bruna=5 Kobold=15")  # the mob first: 16 against 8
    for n in (1, 2, 3):
        ok(s, f"attack k{n} Bruna --bonus 5 --vs ac --roll 12 --dmg 3")
    assert state(s)["combatants"]["Bruna"]["hp"] == 21
    r = cli(s, "attack k2 Bruna --bonus 5 --vs ac --roll 12 --dmg 3")
    assert r.code == 2 and "Kobold 2 has no standard action left" in r.err
