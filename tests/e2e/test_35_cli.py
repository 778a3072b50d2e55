"""D&D 3.5 (seed 003, the Sigil digest) through the command line: a 3.5 encounter
started with `new --system 3.5e`, combatants with three ACs, initiative, attacks,
turns, the keys 3.5 adds to `state --json`, the log in English and Italian, and bad
input refused whole (one line on stderr, a non-zero exit, the store unchanged).

The fight, by hand: Kael (PC, 30 hp, AC 18, touch 12, flat-footed 16, BAB +4, init +2)
against two orcs (12 hp, AC 14, touch 10, flat-footed 14, BAB +1, one initiative roll).
`init Kael=15 Orc=5`: Kael 15 + 2 = 17, the orcs 5 + 0 = 5.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import ok, refused_whole, state

KEYS_35 = ("nonlethal", "flat_footed", "aoo_used", "actions_used", "negative_levels",
           "ac", "touch_ac", "flat_footed_ac")
CONTRACT = ("hp", "max_hp", "temp_hp", "staggered", "status", "conditions", "ongoing",
            "initiative", "engaged_with", "recoveries", "death_saves_failed")


@pytest.fixture
def alley(sqlite_store):
    s = sqlite_store
    ok(s, "new Alley --system 3.5e --campaign Sigil --seed 3")
    ok(s, "add Kael --pc --hp 30 --ac 18 --touch 12 --flat-footed 16 --bab 4 --init 2 "
          "--level 4")
    ok(s, "add Orc --hp 12 --ac 14 --touch 10 --flat-footed 14 --bab 1 --count 2")
    ok(s, "init Kael=15 Orc=5")
    return s


def combatant(store: str, name: str) -> dict:
    return state(store)["combatants"][name]


def events(store: str) -> list[dict]:
    return [json.loads(x) for x in ok(store, "log", "--json").out.splitlines()]


# --- new, add, init, state --json --------------------------------------------------------

def test_new_with_system_35e_starts_a_35_encounter(sqlite_store):
    """35-INI-01: `new NAME --system 3.5e` fixes the encounter's rules; `state` says so
    and has no one yet."""
    r = ok(sqlite_store, "new Alley --system 3.5e --campaign Sigil")
    assert "(3.5e, campaign Sigil)" in r.out
    s = state(sqlite_store)
    assert (s["system"], s["round"], s["turn"], s["combatants"]) == ("3.5e", 0, None, {})


def test_init_orders_by_d20_plus_bonus_and_the_state_has_every_35_key(alley):
    """35-INI-01, 35-AC-01, 35-CND-10: initiative is d20 + bonus (17, 5, 5, the group
    together); every combatant has the contract's keys and the 3.5 ones; the three ACs
    are the sheet's; those who have not acted yet are flat-footed."""
    s = state(alley)
    assert (s["system"], s["round"], s["turn"]) == ("3.5e", 1, "Kael")
    assert s["order"] == ["Kael", "Orc 1", "Orc 2"]
    c = s["combatants"]
    assert [c[n]["initiative"] for n in s["order"]] == [17, 5, 5]
    for name in s["order"]:
        assert set(CONTRACT + KEYS_35) <= set(c[name]), name
    k = c["Kael"]
    assert (k["ac"], k["touch_ac"], k["flat_footed_ac"]) == (18, 12, 16)
    assert (k["hp"], k["status"], k["nonlethal"], k["negative_levels"]) == (30, "up", 0, 0)
    assert k["flat_footed"] is False and k["actions_used"] == [] and k["aoo_used"] == 0
    assert c["Orc 1"]["flat_footed"] is True and c["Orc 2"]["flat_footed"] is True


def test_an_attack_spends_the_standard_action_and_next_passes_the_turn(alley):
    """35-ATK-01, 35-RND-02, 35-CND-10: Kael's natural 12 + 6 = 18 vs AC 14 hits for
    7 (12 -> 5), a standard action; `next` gives Orc 1 its turn: no longer flat-footed."""
    r = ok(alley, "attack Kael 'Orc 1' --bonus 6 --vs ac --roll 12 --dmg 7 --kind melee")
    assert "Kael attacks Orc 1: natural 12, total 18 vs AC 14: hit for 7" in r.out
    assert combatant(alley, "Orc 1")["hp"] == 5
    assert combatant(alley, "Kael")["actions_used"] == ["standard"]
    ok(alley, "next")
    s = state(alley)
    assert s["turn"] == "Orc 1" and s["round"] == 1
    assert s["combatants"]["Orc 1"]["flat_footed"] is False
    assert s["combatants"]["Orc 2"]["flat_footed"] is True


def test_a_touch_attack_is_against_touch_ac_and_nonlethal_has_its_own_pool(alley):
    """35-ATK-08, 35-NL-01, 35-NL-02: natural 12 + 6 - 4 (nonlethal with a lethal
    weapon) = 14 vs touch AC 10 hits; 3 nonlethal damage leave hp at 12."""
    ok(alley, "attack Kael 'Orc 1' --bonus 6 --vs touch --roll 12 --dmg 3 --nonlethal "
              "--kind melee")
    attack = [e for e in events(alley) if e["type"] == "AttackResolved"][-1]
    assert (attack["defense"], attack["defense_value"], attack["total"]) == \
        ("touch", 10, 14)
    o = combatant(alley, "Orc 1")
    assert (o["hp"], o["nonlethal"], o["status"]) == (12, 3, "up")


def test_a_confirmed_critical_multiplies_the_damage(alley):
    """35-CRT-01..03: natural 19 threatens with --threat 19; the confirmation 11 + 6 =
    17 >= 14 confirms; 5 x 2 = 10 damage: Orc 1 at 2."""
    r = ok(alley, "attack Kael 'Orc 1' --bonus 6 --vs ac --roll 19 --threat 19 "
                  "--confirm 11 --dmg 5 --kind melee")
    assert "confirmed" in r.out and "CRITICAL HIT for 10" in r.out
    assert combatant(alley, "Orc 1")["hp"] == 2


def test_an_attack_of_opportunity_is_counted_in_aoo_used(alley):
    """35-AOO-01, 35-TAB-01: Orc 1, engaged with Kael, drinks a potion in its turn
    (provokes); Kael's attack of opportunity, 10 + 6 = 16 vs AC 14, hits for 5: aoo_used
    1."""
    ok(alley, "next")
    ok(alley, "engage Kael 'Orc 1'")        # Kael threatens Orc 1 (35-AOO-07)
    r = ok(alley, "do 'Orc 1' drink-potion")
    assert "Orc 1: drink a potion or apply an oil (standard)" in r.out
    ok(alley, "attack Kael 'Orc 1' --opportunity --bonus 6 --roll 10 --dmg 5 --kind melee")
    assert combatant(alley, "Kael")["aoo_used"] == 1
    assert combatant(alley, "Orc 1")["actions_used"] == ["standard"]


@pytest.mark.parametrize("damage,hp,status", [
    (12, 0, "disabled"),     # 35-HPS-02: exactly 0 hp
    (15, -3, "dying"),       # 35-HPS-03: -1 to -9
    (22, -10, "dead"),       # 35-HPS-04: -10 or lower
])
def test_statuses_at_0_below_0_and_at_minus_10(alley, damage, hp, status):
    """35-HPS-02..04: disabled at exactly 0 hp, dying from -1 to -9, dead at -10."""
    ok(alley, f"damage 'Orc 1' {damage}")
    o = combatant(alley, "Orc 1")
    assert (o["hp"], o["status"]) == (hp, status)


# --- log, log --lang it ------------------------------------------------------------------

def test_the_log_tells_the_fight_in_english(alley):
    """35-INI-01, 35-ATK-01: the log's sentences."""
    ok(alley, "attack Kael 'Orc 1' --bonus 6 --vs ac --roll 12 --dmg 7 --kind melee")
    ok(alley, "next")
    lines = ok(alley, "log").out.splitlines()
    text = "\n".join(lines)
    assert "encounter Alley started (3.5e, campaign Sigil)" in text
    assert "Kael joins: 30/30 hp, AC 18 touch 12 flat-footed 16 BAB +4" in text
    assert "initiative Kael: 1d20+2 [15] = 17" in text
    assert "initiative Orc 1, Orc 2: 1d20 [5] = 5" in text
    assert "Kael attacks Orc 1: natural 12, total 18 vs AC 14: hit for 7" in text
    assert lines[-1].endswith("turn: Orc 1")


def test_the_log_in_italian_uses_the_seeds_words(alley):
    """35-RND-02, 35-AOO-01, 35-CRT-01: `--lang it` names the turn, the standard action,
    the attack of opportunity and the critical hit in the seed's words."""
    ok(alley, "attack Kael 'Orc 1' --bonus 6 --vs ac --roll 19 --threat 19 --confirm 11 "
              "--dmg 5 --kind melee")
    ok(alley, "next")
    ok(alley, "engage Kael 'Orc 1'")
    ok(alley, "do 'Orc 1' drink-potion")
    ok(alley, "attack Kael 'Orc 1' --opportunity --bonus 6 --roll 10 --dmg 5 --kind melee")
    it = ok(alley, "--lang", "it", "log").out
    assert "turno di Kael" in it and "turno di Orc 1" in it
    assert "(azione standard)" in it
    assert "COLPO CRITICO" in it and "minaccia di critico" in it
    assert "(attacco di opportunità)" in it
    en = ok(alley, "log").out
    assert "azione standard" not in en and "CRITICAL HIT" in en

def test_an_action_of_the_budget_is_named_once(alley):
    """35-RND-02: an attack with no --kind spends the standard action itself: the log
    says "Kael: a standard action", not "a standard action (standard)"."""
    ok(alley, "attack Kael 'Orc 1' --bonus 6 --roll 3 --dmg 5")
    en, it = ok(alley, "log").out, ok(alley, "--lang", "it", "log").out
    assert "Kael: a standard action\n" in en and "(standard)" not in en
    assert "Kael: Azione standard\n" in it and "Azione standard (azione standard)" not in it



def test_the_state_table_in_italian_names_the_35_statuses(alley):
    """35-HPS-02, 35-HPS-03: disabled is *inabile*, dying *morente*."""
    ok(alley, "damage 'Orc 1' 12")
    ok(alley, "damage 'Orc 2' 15")
    out = ok(alley, "--lang", "it", "state").out
    assert "inabile" in out and "morente" in out


# --- bad input -----------------------------------------------------------------------------

BAD_35 = [
    ("attack Kael 'Orc 1' --bonus 6 --vs ac --roll 12 --threat 21", "bad --threat 21"),
    ("attack Kael 'Orc 1' --bonus 6 --vs ac --roll 19 --threat 19 --confirm 12 --mult 1",
     "bad --mult 1"),
    ("attack Kael 'Orc 1' --bonus 6 --vs ac --roll 12 --confirm 12 --dmg 3",
     "no confirmation roll without a threat"),                                # 35-CRT-02
    ("attack Kael 'Orc 1' --bonus 6 --vs pd --roll 12", "--vs pd is a 13th Age defense; "
                                                        "this encounter is 3.5e"),
    ("attack Kael 'Orc 1' --bonus 6 --vs md --roll 12", "13th Age defense"),
    ("cond add Kael sleepy", "bad condition 'sleepy'"),
    ("attack Kael 'Orc 1' --bonus 6 --vs ac --roll 21", "21"),
    ("attack Kael Nobody --bonus 6 --vs ac --roll 12", "unknown combatant 'Nobody'"),
    ("attack 'Orc 1' Kael --bonus 3 --vs ac --roll 12", "turn"),
    ("escalation set 2", "`escalation set` is a 13th Age"),
    ("add Troll --hp 30 --ac 16 --pd 12", "--pd"),
    ("damage Kael -3", "-3"),
    # the audit's D11: silently accepted before
    ("attack Kael 'Orc 1' --bonus 7 --roll 19 --threat 0 --dmg 6 --kind melee",
     "bad --threat 0"),
    ("save 'Orc 1' --will --dc 16 --roll 11 --cover improved", "bad --cover"),
    ("attack Kael 'Orc 1' --bonus 7 --roll 2 --concealment 20 --miss-roll 5 --dmg 6 "
     "--kind melee", "bad --miss-roll"),
]


@pytest.mark.parametrize("command,message", BAD_35, ids=[b[0] for b in BAD_35])
def test_bad_35_input_is_one_line_nonzero_and_changes_nothing(alley, command, message):
    """35-CRT-01/02/03, 35-CND-00: bad input is one line on stderr, a non-zero exit, the
    store unchanged: a threat range beyond 20, a multiplier of 1, a confirmation roll
    without a threat, a 13th Age defense, an unknown condition."""
    refused_whole(alley, command, message)


# --- the installed console script ----------------------------------------------------------

def test_the_battletape_console_script_plays_a_35_fight(tmp_path):
    """35-INI-01, 35-ATK-01, 35-HPS-03: the real `battletape` program on a SQLite file:
    a 3.5 fight, its state as JSON, and a refusal without a traceback."""
    exe = Path(sys.executable).parent / "battletape"
    env = dict(os.environ, BATTLETAPE_STORE=str(tmp_path / "bt.db"), BATTLETAPE_USER="gm")

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([str(exe), *args], capture_output=True, text=True, env=env)

    for args in (["new", "Gate", "--system", "3.5e", "--seed", "1"],
                 ["add", "Kael", "--pc", "--hp", "30", "--ac", "18", "--touch", "12",
                  "--flat-footed", "16", "--init", "2"],
                 ["add", "Rat", "--hp", "4", "--ac", "14", "--touch", "14",
                  "--flat-footed", "12"],
                 ["init", "Kael=15", "Rat=5"],
                 ["attack", "Kael", "Rat", "--bonus", "5", "--vs", "ac", "--roll", "10",
                  "--dmg", "6", "--kind", "melee"]):
        p = run(*args)
        assert p.returncode == 0, p.stderr
    s = json.loads(run("state", "--json").stdout)
    assert s["system"] == "3.5e"
    # 10 + 5 = 15 vs flat-footed 12 (the rat has not acted): hit for 6, 4 -> -2
    rat = s["combatants"]["Rat"]
    assert (rat["hp"], rat["status"], rat["flat_footed"]) == (-2, "dying", True)
    p = run("attack", "Kael", "Rat", "--bonus", "5", "--vs", "pd", "--roll", "10")
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert p.stderr.strip().count("\n") == 0 and "13th Age defense" in p.stderr
