"""The 5e fixture battles play through `battletape run` and end as the hand computation says.

Every expected number is worked out in the `#` comments of the scripts
(fixtures/battles/5e-blackwater.bt, 5e-drowned-shrine.bt) from seed 002 before running
them; the rule IDs are those of rules/5e.md. Positions are never hard-coded: states are
taken as a round starts (`state --round R`) or right after an event found in `log --json`.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import cli, ok, state

BATTLES = Path(__file__).resolve().parents[2] / "fixtures" / "battles"


def play(store: str, name: str) -> None:
    r = cli(store, "run", str(BATTLES / f"{name}.bt"))
    assert r.code == 0, f"{name}.bt: exit {r.code}: {r.err}"


def events(store: str) -> list[dict]:
    return [json.loads(line) for line in ok(store, "log", "--json").out.splitlines()]


def find(evs: list[dict], type_: str, nth: int = 0, **fields) -> dict:
    hits = [e for e in evs if e["type"] == type_
            and all(e.get(k) == v for k, v in fields.items())]
    assert len(hits) > nth, f"no {type_} #{nth} with {fields}: {len(hits)} found"
    return hits[nth]


def at(store: str, event: dict) -> dict:
    return state(store, "--at", str(event["position"]))["combatants"]


def rnd(store: str, r: int) -> dict:
    return state(store, "--round", str(r))["combatants"]


def hp(s: dict) -> dict:
    return {n: c["hp"] for n, c in s.items()}


# =====================================================================================
# 5e-blackwater.bt: 6 rounds, Bruna, Kael, Vex, Sera, Tobin vs Orc 1-2, Ghoul, Morwen, Ogre
# =====================================================================================

@pytest.fixture(scope="module")
def blackwater(tmp_path_factory):
    store = str(tmp_path_factory.mktemp("blackwater") / "battletape.db")
    play(store, "5e-blackwater")
    return store, events(store)


def test_surprise_and_a_tie_decided_by_the_players_set_the_order(blackwater):
    """5E-INI-01..05: d20 + Dex; the Ogre rolls 14/3 surprised and keeps 3; Vex and Kael tie."""
    store, evs = blackwater
    s = state(store)
    assert s["order"] == ["Morwen", "Vex", "Kael", "Orc 1", "Orc 2", "Ghoul", "Bruna", "Sera",
                          "Tobin", "Ogre"]
    inits = {n: c["initiative"] for n, c in s["combatants"].items()}
    assert inits == {"Morwen": 19, "Vex": 17, "Kael": 17, "Orc 1": 13, "Orc 2": 13,
                     "Ghoul": 11, "Bruna": 9, "Sera": 6, "Tobin": 5, "Ogre": 2}
    ogre = find(evs, "InitiativeRolled", names=["Ogre"])
    assert ogre["roll"]["faces"] == [14, 3] and ogre["roll"]["total"] == 2
    assert not any(c["tie_undecided"] for c in s["combatants"].values())


def test_round_one_paralysis_crit_restrained_and_range(blackwater):
    """5E-CON-19 (melee hit on paralyzed is a crit), 5E-CON-16, 5E-RNG-01, 5E-RES-02."""
    store, evs = blackwater
    vex = find(evs, "AttackResolved", attacker="Vex", target="Orc 1")
    assert (vex["roll"]["faces"], vex["natural"], vex["total"], vex["hit"]) == (
        [15, 6], 6, 13, True)  # long range: disadvantage; 13 vs AC 13 hits (5E-D20-04)
    orc = find(evs, "AttackResolved", attacker="Orc 1", target="Bruna")
    assert (orc["natural"], orc["crit"], orc["damage"]) == (16, True, 17)
    assert find(evs, "AttackResolved", attacker="Orc 2", target="Tobin")["natural"] == 5
    sera = find(evs, "AttackResolved", attacker="Sera", target="Morwen")
    assert (sera["natural"], sera["damage"]) == (12, 18)  # invisible: dis; radiant doubled
    r2 = rnd(store, 2)
    assert hp(r2) == {"Bruna": 27, "Kael": 20, "Vex": 33, "Sera": 38, "Tobin": 0, "Orc 1": 6,
                      "Orc 2": 12, "Ghoul": 22, "Morwen": 12, "Ogre": 59}
    assert r2["Bruna"]["temp_hp"] == 10 and "paralyzed" in r2["Bruna"]["conditions"]
    assert r2["Morwen"]["bloodied"] and "invisible" in r2["Morwen"]["conditions"]
    assert "restrained" in r2["Orc 2"]["conditions"]
    # Tobin dropped to 0 with 4 to spare: unconscious, prone, incapacitated (5E-ZERO-06)
    assert r2["Tobin"]["status"] == "unconscious"
    assert {"unconscious", "prone", "incapacitated"} <= set(r2["Tobin"]["conditions"])


def test_the_fireball_one_roll_auto_fail_cover_and_temporary_hp(blackwater):
    """5E-SVD-01/02, 5E-CON-19 (auto-fail Dex), 5E-COV-01, 5E-THP-01."""
    store, evs = blackwater
    saves = {e["name"]: e for e in evs if e["type"] == "SaveRolled" and e["against"] == "dex"
             and e["name"] in ("Bruna", "Vex", "Kael")}
    assert (saves["Bruna"]["roll"]["faces"], saves["Bruna"]["success"]) == ([19], False)
    assert (saves["Vex"]["roll"]["total"], saves["Vex"]["success"]) == (14, True)
    assert (saves["Kael"]["roll"]["total"], saves["Kael"]["success"]) == (8, False)
    fire = [e for e in evs if e["type"] == "DamageTaken" and e["damage_type"] == "fire"]
    assert {e["target"]: e["amount"] for e in fire} == {"Bruna": 21, "Vex": 10, "Kael": 21}
    assert sum(e["type"] == "FreeRolled" and e["roller"] == "Morwen" for e in evs) == 1
    s = at(store, fire[-1])
    assert (s["Bruna"]["hp"], s["Bruna"]["temp_hp"]) == (16, 0)
    assert s["Vex"]["hp"] == 23
    assert (s["Kael"]["hp"], s["Kael"]["status"]) == (0, "unconscious")


def test_kael_death_save_unconscious_crit_stabilize_and_healing(blackwater):
    """5E-DS-02, 5E-CON-13 + 5E-DS-09 (two failures), 5E-STB-01, 5E-HEAL-02."""
    store, evs = blackwater
    ds = find(evs, "DeathSaveRolled", name="Kael")
    assert at(store, ds)["Kael"]["death_saves_succeeded"] == 1
    ghoul = find(evs, "AttackResolved", attacker="Ghoul", target="Kael", nth=1)
    assert (ghoul["roll"]["faces"], ghoul["natural"], ghoul["crit"], ghoul["damage"]) == (
        [5, 14], 14, True, 12)
    k = at(store, ghoul)["Kael"]
    assert (k["hp"], k["status"], k["death_saves_succeeded"], k["death_saves_failed"]) == (
        0, "unconscious", 1, 2)
    r3 = rnd(store, 3)["Kael"]
    assert (r3["status"], r3["hp"]) == ("stable", 0)  # Medicine 8+4 = 12 vs DC 10
    r4 = rnd(store, 4)["Kael"]
    assert (r4["hp"], r4["status"], r4["death_saves_succeeded"], r4["death_saves_failed"]) == (
        9, "up", 0, 0)
    assert "unconscious" not in r4["conditions"] and "frightened" in r4["conditions"]


def test_tobin_natural_1_natural_20_then_instant_death(blackwater):
    """5E-DS-06 (natural 1: two failures), 5E-DS-07 (natural 20: 1 hp), 5E-ZERO-04."""
    store, evs = blackwater
    one, twenty = [e for e in evs if e["type"] == "DeathSaveRolled" and e["name"] == "Tobin"]
    assert one["roll"]["faces"] == [1] and twenty["roll"]["faces"] == [20]
    assert at(store, one)["Tobin"]["death_saves_failed"] == 2
    t = at(store, twenty)["Tobin"]
    assert (t["hp"], t["status"], t["death_saves_failed"]) == (1, "up", 0)
    ogre = find(evs, "AttackResolved", attacker="Ogre", target="Tobin", nth=1)
    assert (ogre["natural"], ogre["damage"]) == (9, 20)
    death = find(evs, "InstantDeath", name="Tobin")
    assert (death["damage"], death["excess"], death["max_hp"]) == (20, 19, 9)
    t = at(store, death)["Tobin"]
    assert (t["hp"], t["status"]) == (0, "dead")


def test_round_three_poison_immunity_opportunity_knock_out_and_exhaustion(blackwater):
    """5E-IMM-01, 5E-CON-05, 5E-OA-01, 5E-KO-01, 5E-CON-03, 5E-ACT-13, 5E-THP-03."""
    store, evs = blackwater
    assert find(evs, "DamageTaken", target="Ghoul", damage_type="poison")["amount"] == 0
    assert find(evs, "AttackResolved", attacker="Vex", target="Orc 2")["action"] == "bonus"
    orc2 = find(evs, "AttackResolved", attacker="Orc 2", target="Sera")
    assert (orc2["roll"]["faces"], orc2["natural"], orc2["hit"]) == ([15, 12], 12, True)
    oa = find(evs, "AttackResolved", attacker="Bruna", target="Orc 2")
    s = at(store, oa)
    assert s["Bruna"]["reaction_used"] is True
    assert (s["Orc 2"]["hp"], s["Orc 2"]["status"]) == (1, "knocked-out")
    r4 = rnd(store, 4)
    assert r4["Bruna"]["reaction_used"] is False  # her turn came (5E-ACT-14)
    assert "poisoned" not in r4["Ghoul"]["conditions"] and "prone" in r4["Ghoul"]["conditions"]
    assert (r4["Bruna"]["hp"], r4["Bruna"]["temp_hp"], r4["Bruna"]["exhaustion"]) == (10, 6, 1)
    assert hp(r4)["Orc 1"] == 0 and r4["Orc 1"]["status"] == "dead"
    assert r4["Sera"]["hp"] == 29 and r4["Ghoul"]["hp"] == 11


def test_rounds_four_to_six_prone_frightened_blinded_dodge(blackwater):
    """5E-CON-14, 5E-CON-08, 5E-CON-01, 5E-ACT-05, 5E-THP-03 (--keep old)."""
    store, evs = blackwater
    kael = find(evs, "AttackResolved", attacker="Kael", target="Ogre")
    assert (kael["natural"], kael["hit"]) == (3, False)
    gh = find(evs, "AttackResolved", attacker="Ghoul", target="Bruna", nth=1)
    assert (gh["natural"], gh["hit"]) == (4, False)
    r5 = rnd(store, 5)
    assert r5["Ghoul"]["status"] == "dead" and "blinded" in r5["Ogre"]["conditions"]
    assert (r5["Bruna"]["hp"], r5["Bruna"]["temp_hp"]) == (18, 6)
    dodged = find(evs, "AttackResolved", attacker="Ogre", target="Kael")
    assert (dodged["roll"]["faces"], dodged["natural"], dodged["hit"]) == ([17, 2], 2, False)
    crit = find(evs, "AttackResolved", attacker="Vex", target="Ogre")
    assert (crit["natural"], crit["crit"], crit["damage"]) == (20, True, 15)
    assert rnd(store, 6)["Ogre"]["hp"] == 14


def test_blackwater_ends_in_victory_as_computed(blackwater):
    store, _ = blackwater
    s = state(store)
    assert s["round"] == 6 and s["ended"] == "victory"
    c = s["combatants"]
    assert hp(c) == {"Bruna": 18, "Kael": 9, "Vex": 15, "Sera": 29, "Tobin": 0, "Orc 1": 0,
                     "Orc 2": 1, "Ghoul": 0, "Morwen": 0, "Ogre": 0}
    assert {n for n, x in c.items() if x["status"] == "dead"} == {
        "Tobin", "Orc 1", "Ghoul", "Morwen", "Ogre"}
    assert c["Bruna"]["exhaustion"] == 1 and c["Bruna"]["temp_hp"] == 6
    assert ok(store, "verify").code == 0


# =====================================================================================
# 5e-drowned-shrine.bt: under water, a grapple
# =====================================================================================

def test_the_drowned_shrine_underwater_rules_and_the_grapple(sqlite_store):
    """5E-UW-01/02/03, 5E-CON-02 (a forced move ends the grapple), 5E-CRT-01."""
    play(sqlite_store, "5e-drowned-shrine")
    evs = events(sqlite_store)
    s = state(sqlite_store)
    assert s["underwater"] is True and s["ended"] == "victory" and s["round"] == 4
    assert s["order"] == ["Nerissa", "Reef Shark", "Kael", "Sahuagin 1", "Sahuagin 2", "Bruna"]
    bolt = find(evs, "AttackResolved", attacker="Kael", target="Sahuagin 1")
    assert (bolt["natural"], bolt["damage"]) == (10, 5)  # disadvantage; fire resisted
    sword = find(evs, "AttackResolved", attacker="Bruna", target="Sahuagin 1")
    assert (sword["roll"]["faces"], sword["natural"], sword["hit"]) == ([15, 4], 4, False)
    stab = find(evs, "AttackResolved", attacker="Bruna", target="Sahuagin 2")
    assert stab["roll"]["faces"] == [13] and stab["hit"]  # piercing: no disadvantage
    assert "grappled" in rnd(sqlite_store, 2)["Kael"]["conditions"]
    assert "grappled" not in rnd(sqlite_store, 3)["Kael"]["conditions"]
    assert hp(rnd(sqlite_store, 3)) == {"Bruna": 28, "Nerissa": 30, "Kael": 13,
                                        "Sahuagin 1": 0, "Sahuagin 2": 13, "Reef Shark": 22}
    crit = find(evs, "AttackResolved", attacker="Nerissa", target="Reef Shark")
    assert (crit["crit"], crit["damage"]) == (True, 14)
    assert hp(s["combatants"]) == {"Bruna": 28, "Nerissa": 30, "Kael": 13, "Sahuagin 1": 0,
                                   "Sahuagin 2": 0, "Reef Shark": 0}


def test_the_drowned_shrine_is_the_same_on_every_store(any_store):
    """The same scenario on SQLite and PostgreSQL: same state at every round."""
    play(any_store, "5e-drowned-shrine")
    assert hp(rnd(any_store, 2)) == {"Bruna": 28, "Nerissa": 30, "Kael": 22,
                                     "Sahuagin 1": 9, "Sahuagin 2": 22, "Reef Shark": 22}
    assert rnd(any_store, 2)["Kael"]["conditions"] == ["grappled"]
    s = state(any_store)
    assert s["ended"] == "victory"
    assert {n: c["status"] for n, c in s["combatants"].items()} == {
        "Bruna": "up", "Nerissa": "up", "Kael": "up", "Sahuagin 1": "dead",
        "Sahuagin 2": "dead", "Reef Shark": "dead"}


# =====================================================================================
# 5e-hag-lair.bt: 3 rounds, Sera and Bruna vs the sea hag and a ghoul (issue 24):
# named effects with modifiers, concentration, a save-only condition saved against at
# the end of each turn, advantage and disadvantage that cancel
# =====================================================================================

@pytest.fixture(scope="module")
def grotto(tmp_path_factory):
    store = str(tmp_path_factory.mktemp("grotto") / "battletape.db")
    play(store, "5e-hag-lair")
    return store, events(store)


def test_grotto_5E_CRT_01_named_effects_curse_crits_on_19_and_hex_dice_double(grotto):
    """5E-CRT-01 with named effects: Hexblade's Curse (source-crit:19) makes a natural
    19 a critical hit; the hex's 1d6 joins the dice doubled (2d10+2d6 typed 20), the
    curse's +3 is added once: 23 force, the hag 52 -> 29."""
    store, evs = grotto
    blast = find(evs, "AttackResolved", attacker="Sera", target="Hag")
    assert (blast["natural"], blast["total"], blast["hit"], blast["crit"]) == (19, 25, True, True)
    assert blast["damage_roll"]["expr"] == "2d10+2d6+3" and blast["damage"] == 23
    assert "natural 19 crits (hexblade's curse): hits" in blast["tags"]
    assert at(store, blast)["Hag"]["hp"] == 29


def test_grotto_5E_D20_04_mage_armor_turns_a_hit_into_a_miss(grotto):
    """5E-D20-04 with Mage Armor (ac:+3): the hag's 9+5 = 14 misses AC 12+3 = 15; the
    ghoul's 15+4 = 19 hits it."""
    store, evs = grotto
    claw = find(evs, "AttackResolved", attacker="Hag", target="Sera")
    assert (claw["total"], claw["defense_value"], claw["hit"]) == (14, 15, False)
    ghoul = find(evs, "AttackResolved", attacker="Ghoul", target="Sera")
    assert (ghoul["total"], ghoul["defense_value"], ghoul["hit"], ghoul["damage"]) == (
        19, 15, True, 9)


def test_grotto_5E_CON_08_horrific_appearance_a_save_or_frightened_save_ends(grotto):
    """5E-CON-08 and 5E-D20-04: Horrific Appearance, no damage: Bruna 6+1 = 7 < 11 is
    frightened by the hag, Sera's 13 saves; at the end of Bruna's turns the save is its
    own event, linked (``ends``): 9 fails, then 16 succeeds and frightened ends."""
    store, evs = grotto
    assert not any(e["type"] == "FreeRolled" for e in evs)  # no damage rolled
    first = find(evs, "SaveRolled", name="Bruna", against="wis")
    assert (first["roll"]["total"], first["success"], first["ends"]) == (7, False, None)
    applied = find(evs, "ConditionApplied", name="Bruna", condition="frightened")
    assert (applied["source"], applied["save"]) == ("Hag", "wis:11")
    assert find(evs, "SaveRolled", name="Sera", against="wis")["success"] is True
    again = [e for e in evs if e["type"] == "SaveRolled" and e.get("ends") == "frightened"]
    assert [(e["roll"]["total"], e["success"]) for e in again] == [(9, False), (16, True)]
    gone = find(evs, "ConditionRemoved", name="Bruna", condition="frightened")
    assert gone["position"] == again[1]["position"] + 1 and "saved" in gone["reason"]
    assert "frightened" in rnd(store, 2)["Bruna"]["conditions"]
    assert "frightened" not in rnd(store, 3)["Bruna"]["conditions"]


def test_grotto_5E_D20_02_reckless_and_frightened_cancel_one_face(grotto):
    """5E-D20-02 (5E-GAP-02): Reckless Attack (--adv) while frightened: one d20, the face
    thrown: 17+7 = 24 hits for 10 + 2 (rage) = 12; then 16+7 = 23 for 8 + 2 = 10 kills
    the hag at 9 (a monster dies at 0, 5E-ZERO-02)."""
    store, evs = grotto
    first, second = [e for e in evs if e["type"] == "AttackResolved"
                     and e["attacker"] == "Bruna"]
    assert (first["roll"]["faces"], first["total"], first["damage"]) == ([17], 24, 12)
    assert {"advantage:gm", "disadvantage:attacker frightened"} <= set(first["tags"])
    assert (second["roll"]["faces"], second["total"], second["damage"]) == ([16], 23, 10)
    assert at(store, second)["Hag"]["status"] == "dead"


def test_grotto_5E_RES_01_rage_resistance_halves_the_claws(grotto):
    """5E-RES-01 with Rage (resist:slashing): the hag's 9 slashing is 4, Bruna 45 -> 41."""
    store, evs = grotto
    claw = find(evs, "AttackResolved", attacker="Hag", target="Bruna")
    assert (claw["damage"], claw["half"]) == (4, True)
    assert state(store)["combatants"]["Bruna"]["hp"] == 41


def test_grotto_concentration_broken_by_damage_then_ended_by_another_spell(grotto):
    """5E-GAP-14 (concentration, the SRD's): the ghoul's 9 damage asks Sera for a Con
    save DC max(10, 9 // 2) = 10; 7+2 = 9 fails and the hex ends (the curse, not held by
    concentration, stays); her chill touch then adds the curse's +3 only (5 + 3 = 8).
    In round 3 shield of faith (concentration) ends the hex she put on the ghoul."""
    store, evs = grotto
    conc = find(evs, "SaveRolled", name="Sera", ends="concentration")
    assert (conc["target"], conc["roll"]["total"], conc["success"]) == (10, 9, False)
    broken = find(evs, "ConditionRemoved", name="Hag", condition="hex")
    assert broken["position"] == conc["position"] + 1
    chill = find(evs, "AttackResolved", attacker="Sera", target="Hag", nth=1)
    assert chill["damage"] == 8 and not any("hex damage" in t for t in chill["tags"])
    ended = find(evs, "ConditionRemoved", name="Ghoul", condition="hex")
    assert ended["reason"] == "concentration: Sera casts shield of faith"
    s = state(store)["combatants"]
    assert s["Sera"]["effects"]["shield of faith"]["mods"] == {"ac": 2, "concentration": 1}
    assert "hexblade's curse" in s["Hag"]["conditions"] and s["Sera"]["hp"] == 21


def test_grotto_chill_touch_no_healing_until_seras_next_turn(grotto, tmp_path):
    """Chill Touch (--mod no-healing --rounds 1): healing the hag is refused while it
    lasts (a GM may force it); it ends as Sera's next turn starts."""
    store, evs = grotto
    gone = find(evs, "ConditionRemoved", name="Hag", condition="chill touch")
    assert gone["reason"] == "expired"
    assert state(store)["combatants"]["Hag"]["conditions"] == ["hexblade's curse"]
    other = str(tmp_path / "chill.db")
    ok(other, "new Chill --system 5e --seed 1")
    ok(other, "add Sera --pc --hp 30 --ac 12")
    ok(other, "add Hag --hp 52 --ac 14")
    ok(other, "init Sera=16 Hag=15")
    ok(other, "cond add Hag 'chill touch' --source Sera --mod no-healing --rounds 1")
    r = cli(other, "heal Hag 5")
    assert r.code == 2 and "can't regain hit points (chill touch)" in r.err
