"""`battletape demo --system 3.5e` plays fixtures/battles/demo-3.5e.bt (the alley behind the
Smoldering Corpse).

The expected numbers are the hand-computed ones in the script's comments (seed 003).
"""

from __future__ import annotations

import json

from tests.helpers import ok, state

TITLE = "Demo: the alley behind the Smoldering Corpse"


def events(store: str) -> list[dict]:
    return [json.loads(x) for x in ok(store, "log", "--json").out.splitlines()]


def test_the_35_demo_records_the_alley_fight_and_ends_as_the_script_says(sqlite_store):
    """35-INI-01, 35-HPS-03..07: the order, and who is dying, stable or dead at the end."""
    r = ok(sqlite_store, "demo", "--system", "3.5e")
    assert TITLE in r.out.splitlines()[-1]
    s = state(sqlite_store)
    assert s["system"] == "3.5e" and s["round"] == 3 and s["ended"] == "victory"
    assert s["order"] == ["Sera", "Kael", "Thug 1", "Thug 2", "Hired Blade", "Mira"]
    assert [s["combatants"][n]["initiative"] for n in s["order"]] == [20, 13, 11, 11, 9, 5]
    c = s["combatants"]
    assert {n: (x["hp"], x["status"]) for n, x in c.items()} == {
        "Sera": (24, "up"), "Kael": (40, "up"), "Thug 1": (-10, "dead"),
        "Thug 2": (-3, "stable"), "Hired Blade": (-1, "dying"), "Mira": (-2, "stable")}
    assert c["Hired Blade"]["nonlethal"] == 5


def test_the_35_demo_has_its_criticals_full_attack_nonlethal_and_opportunity(sqlite_store):
    """35-CRT-02/03, 35-PRC-01, 35-ATK-09, 35-BAB-01, 35-NL-01/02, 35-FLK-01, 35-AOO-01."""
    ok(sqlite_store, "demo", "--system", "3.5e")
    evs = events(sqlite_store)
    attacks = [e for e in evs if e["type"] == "AttackResolved"]
    confirms = [(e["attacker"], e["confirmed"]) for e in evs
                if e["type"] == "ConfirmationRolled"]
    assert confirms == [("Sera", True), ("Hired Blade", False), ("Hired Blade", True)]
    sera = attacks[0]
    assert (sera["crit"], sera["multiplier"], sera["damage"]) == (True, 2, 17)  # 5x2 + 7
    kael = [e for e in attacks if e["attacker"] == "Kael" and e["action"] != "aoo"]
    assert [(e["target"], e["bonus"], e["hit"]) for e in kael[:2]] == [
        ("Thug 2", 9, True), ("Hired Blade", 4, False)]
    assert [e["defense_value"] for e in kael[:2]] == [13, 16]  # flat-footed in round 1
    flat = next(e for e in attacks if "nonlethal" in e["tags"])
    assert flat["modifiers"] == {"attack bonus": 7, "flanking": 2,
                                 "nonlethal damage with a lethal weapon": -4}
    assert flat["total"] == 21 and flat["damage"] == 5
    blade_on_kael = next(e for e in attacks if e["attacker"] == "Hired Blade"
                         and e["target"] == "Kael" and e["action"] != "aoo")
    assert (blade_on_kael["crit"], blade_on_kael["damage"]) == (False, 12)
    offered = [(e["name"], e["action"], e["provokes"]) for e in evs
               if e["type"] == "TableActionTaken" and e["provokes"]]
    assert offered == [("Kael", "stabilize", ["Hired Blade"]),
                       ("Hired Blade", "drink-potion", ["Kael"])]
    aoos = [(e["attacker"], e["hit"]) for e in attacks if e["action"] == "aoo"]
    assert aoos == [("Hired Blade", False), ("Kael", True)]
    d100 = [(e["name"], e["roll"]["total"], e["success"]) for e in evs
            if e["type"] == "DeathSaveRolled"]
    assert d100 == [("Thug 2", 64, False), ("Thug 2", 3, True), ("Mira", 47, False)]


def test_the_35_demo_in_italian_names_the_statuses_in_the_seeds_words(sqlite_store):
    ok(sqlite_store, "demo", "--system", "3.5e")
    out = ok(sqlite_store, "--lang", "it", "state").out
    assert "morente" in out and "stabile" in out and "morto" in out
