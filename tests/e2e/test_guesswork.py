"""Guesswork removed (issue 23, point 9): what the table trial had to guess or
remember, the tool now takes or knows, in every system."""

import json

import pytest

from tests.helpers import cli, ok


def state(store):
    return json.loads(ok(store, "state", "--json").out)


def events(store):
    return [json.loads(line) for line in ok(store, "log", "--json").out.splitlines()]


@pytest.mark.parametrize("system", ["13a", "5e", "3.5e"])
def test_heal_takes_dice_notation_rolled_virtually_and_recorded(sqlite_store, system):
    # the trial: `heal Bram 2d4+2` gave "'2d4+2' is not a valid int"
    s = sqlite_store
    ok(s, f"new Camp --system {system} --seed 3")
    ok(s, "add Bruna --pc --hp 30 --ac 15")
    ok(s, "damage Bruna 20")
    out = ok(s, "heal Bruna 2d4+2").out
    healed = [e for e in events(s) if e["type"] == "Healed"][-1]
    assert healed["roll"]["expr"] == "2d4+2" and healed["roll"]["source"] == "virtual"
    assert healed["amount"] == sum(healed["roll"]["faces"]) + 2
    assert f"heals {healed['amount']} (2d4+2 " in out
    assert state(s)["combatants"]["Bruna"]["hp"] == 10 + healed["amount"]
    ok(s, "heal Bruna 3")  # a number is still the hit points healed
    assert [e for e in events(s) if e["type"] == "Healed"][-1].get("roll") is None
    r = cli(s, "heal Bruna 2x")
    assert r.code == 2 and "bad dice expression '2x'" in r.err
    assert "decided again as recorded" in ok(s, "verify").out


def test_35_a_stable_creature_takes_no_turns_and_next_rolls_a_dying_monsters_d100(
        sqlite_store):
    # 35-HPS-05 (Morente): a dying monster's d100, typed by nobody, is rolled by `next`
    # as its turn ends; 01-10 stable, and a stable creature (Stabile) takes no turns
    s = sqlite_store
    ok(s, "new Tower --system 3.5e --seed 5")
    ok(s, "add Kael --pc --hp 30 --ac 17 --init 3 --bab 6")
    ok(s, "add Orc --hp 5 --ac 12 --count 2 --init 1")
    ok(s, "init Kael=15 Orc=6")
    ok(s, "damage 'Orc 1' 7")       # 5 -> -2: dying
    ok(s, "next")                   # Orc 1's turn: its d100 is due
    assert state(s)["turn"] == "Orc 1"
    out = ok(s, "next").out         # nobody typed it: rolled virtually
    saved = [e for e in events(s) if e["type"] == "DeathSaveRolled"]
    assert len(saved) == 1 and saved[0]["roll"]["source"] == "virtual"
    assert state(s)["turn"] == "Orc 2" and "Orc 1 rolls d100 to stabilise" in out
    ok(s, "next")                   # round 2: Kael
    ok(s, "next --death-save 'Orc 1=4'")   # 04 typed: stable
    assert state(s)["combatants"]["Orc 1"]["status"] == "stable"
    ok(s, "next")                   # Orc 2
    ok(s, "next")                   # round 3: Kael
    ok(s, "next")                   # Orc 2: stable Orc 1 takes no turn
    assert state(s)["turn"] == "Orc 2"
    turns = [e["name"] for e in events(s) if e["type"] == "TurnStarted"]
    assert turns[-3:] == ["Orc 2", "Kael", "Orc 2"]


def test_5e_an_attack_on_a_hidden_creature_has_disadvantage_from_the_state(sqlite_store):
    # Unseen Attackers and Targets: attacking a target you can't see is at a
    # disadvantage; a creature that took the hide action is hidden until it attacks
    s = sqlite_store
    ok(s, "new Cave --system 5e --seed 2")
    ok(s, "add Aria --pc --hp 30 --ac 15 --init 3")
    ok(s, "add Gob --hp 7 --ac 13 --init 1")
    ok(s, "init Aria=5 Gob=15")        # the goblin first
    ok(s, "do Gob hide")
    ok(s, "next")
    out = ok(s, "attack Aria Gob --bonus 5 --roll 17/4 --dmg 6").out  # no --unseen
    hit = [e for e in events(s) if e["type"] == "AttackResolved"][-1]
    assert hit["natural"] == 4 and not hit["hit"]   # the lower face: 4+5 = 9 vs 13
    assert "disadvantage" in out


def test_35_a_newcomer_aware_of_the_fight_says_why_its_count_is_what_it_is(sqlite_store):
    # 35-INI-06: top count 18, `add Late --joins aware` -> initiative 19 from the next
    # round; the trial's hobgoblins got 22 and no line said why
    s = sqlite_store
    ok(s, "new Tower --system 3.5e --seed 5")
    ok(s, "add Kael --pc --hp 30 --ac 17 --init 3 --bab 6")
    ok(s, "init Kael=15")                       # 15 + 3 = 18
    out = ok(s, "add Hobgoblin --hp 6 --ac 15 --joins aware").out
    assert ("aware of the fight: initiative 19, before everyone (the highest count, 18, "
            "+ 1: 35-INI-06), acting from round 2") in out
    assert "consapevole dello scontro: iniziativa 19" in ok(s, "--lang", "it", "log").out
    assert state(s)["combatants"]["Hobgoblin"]["initiative"] == 19
    out = ok(s, "add Orc --hp 6 --ac 15 --joins unaware").out
    assert "unaware of the fight: it rolls initiative (`init`)" in out


def test_5E_ATK_04_a_hidden_attacker_has_advantage_from_the_state_and_is_revealed(
        sqlite_store):
    # "Se una creatura non può vederti, hai vantaggio per colpirla"; "Se attacchi da
    # nascosto, riveli la tua posizione" (5E-ATK-05): the evening's hidden goblin
    s = sqlite_store
    ok(s, "new Cave --system 5e --seed 2")
    ok(s, "add Aria --pc --hp 30 --ac 15 --init 3")
    ok(s, "add Gob --hp 7 --ac 13 --init 1")
    ok(s, "init Aria=15 Gob=5")        # Aria first
    ok(s, "next")                      # the goblin's turn
    ok(s, "do Gob hide")
    ok(s, "next")                      # Aria
    ok(s, "next")                      # the goblin again, still hidden
    out = ok(s, "attack Gob Aria --bonus 4 --roll 3/16 --dmg 5").out  # no --adv
    hit = [e for e in events(s) if e["type"] == "AttackResolved"][-1]
    assert hit["natural"] == 16 and hit["hit"]   # the higher face: 16+4 = 20 vs 15
    assert "advantage" in out
    assert state(s)["combatants"]["Gob"]["hidden"] is False  # revealed
