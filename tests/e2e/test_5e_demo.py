"""`battletape demo --system 5e` plays fixtures/battles/demo-5e.bt (the crypt of Valdris).

The expected numbers are the hand-computed ones in the script's comments (seed 002).
"""

from __future__ import annotations

import json

from tests.helpers import ok, state

TITLE = "Demo: the crypt of Valdris"


def events(store: str, *extra: str) -> list[dict]:
    return [json.loads(x) for x in ok(store, *extra, "log", "--json").out.splitlines()]


def test_the_5e_demo_records_the_crypt_of_valdris_and_ends_as_the_script_says(sqlite_store):
    r = ok(sqlite_store, "demo", "--system", "5e")
    assert TITLE in r.out.splitlines()[-1]
    s = state(sqlite_store)
    assert s["system"] == "5e" and s["round"] == 3 and s["turn"] == "Valdris"
    # initiative: Theren 17, the skeletons' one roll 15, Aria 11, Ghoul 8, Valdris 4
    assert s["order"] == ["Theren", "Skeleton 1", "Skeleton 2", "Aria", "Ghoul", "Valdris"]
    assert [s["combatants"][n]["initiative"] for n in s["order"]] == [17, 15, 15, 11, 8, 4]
    c = s["combatants"]
    # Theren dropped to 0 in round 1; death saves 13 (success) and 7 (failure)
    assert (c["Theren"]["hp"], c["Theren"]["status"]) == (0, "unconscious")
    assert "unconscious" in c["Theren"]["conditions"]
    assert (c["Theren"]["death_saves_succeeded"], c["Theren"]["death_saves_failed"]) == (1, 1)
    # the skeletons died at 0 (5E-ZERO-02); Aria 28 - 6 - 10 = 12, bloodied; Ghoul 22 - 11 - 9 = 2
    assert c["Skeleton 1"]["status"] == c["Skeleton 2"]["status"] == "dead"
    assert (c["Aria"]["hp"], c["Aria"]["bloodied"]) == (12, True)
    assert (c["Ghoul"]["hp"], c["Ghoul"]["status"]) == (2, "up")
    assert c["Valdris"]["hp"] == 45


def test_the_5e_demo_has_its_crit_its_advantage_and_its_save_for_half(sqlite_store):
    ok(sqlite_store, "demo", "--system", "5e")
    evs = events(sqlite_store)
    hits = [e for e in evs if e["type"] == "AttackResolved" and e["attacker"] == "Aria"]
    crit, adv = hits[0], hits[1]
    # 5E-CRT-01: 7 as rolled + the dice again 5 = 12, doubled by vulnerability = 24
    assert (crit["natural"], crit["crit"], crit["damage_roll"]["total"], crit["damage"]) == (
        20, True, 12, 24)
    # 5E-D20-02: advantage keeps the higher of 4 and 15
    assert adv["roll"]["faces"] == [4, 15] and adv["natural"] == 15 and adv["damage"] == 12
    # 5E-SVD-01/02: one roll of 11; the save (16 vs DC 13) halves to 5, the failures take 11
    taken = {e["target"]: e["amount"] for e in evs
             if e["type"] == "DamageTaken" and e["damage_type"] == "fire"}
    assert taken == {"Skeleton 1": 5, "Skeleton 2": 11, "Ghoul": 11}
    deaths = [e["roll"]["faces"] for e in evs if e["type"] == "DeathSaveRolled"]
    assert deaths == [[13], [7]]
    # round 2 starts with Theren at 0 hp and no death save yet
    r2 = state(sqlite_store, "--round", "2")["combatants"]["Theren"]
    assert (r2["hp"], r2["death_saves_succeeded"], r2["death_saves_failed"]) == (0, 0, 0)


def test_the_5e_demo_can_be_played_twice_into_one_store(sqlite_store):
    ok(sqlite_store, "demo", "--system", "5e")
    r = ok(sqlite_store, "demo", "--system", "5e")
    assert f"{TITLE} (2)" in r.out.splitlines()[-1]
    listed = ok(sqlite_store, "encounters").out
    assert TITLE in listed and f"{TITLE} (2)" in listed
    # the second demo has its own campaign: Theren starts it at full hp
    s = state(sqlite_store)
    assert s["encounter"] == f"{TITLE} (2)"
    assert s["campaign"] == "demo 5e (2)"
    assert state(sqlite_store, "--round", "1")["combatants"]["Theren"]["hp"] == 16
    assert s["combatants"]["Theren"]["hp"] == 0 and s["combatants"]["Aria"]["hp"] == 12
