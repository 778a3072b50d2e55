"""The D&D 3.5 fixture battle plays through `battletape run` and ends as the hand
computation says.

Every expected number is worked out in the `#` comments of the script
(fixtures/battles/35-gatehouse.bt) from seed 003 before running it; the rule IDs are
those of rules/3.5e.md. Positions are never hard-coded: states are taken right after an
event found in `log --json`. (The other 3.5 battle is the demo: tests/e2e/test_35_demo.py.)
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import cli, ok, state

BATTLES = Path(__file__).resolve().parents[2] / "fixtures" / "battles"


def find(evs: list[dict], type_: str, nth: int = 0, **fields) -> dict:
    hits = [e for e in evs if e["type"] == type_
            and all(e.get(k) == v for k, v in fields.items())]
    assert len(hits) > nth, f"no {type_} #{nth} with {fields}: {len(hits)} found"
    return hits[nth]


def at(store: str, event: dict) -> dict:
    return state(store, "--at", str(event["position"]))


@pytest.fixture(scope="module")
def gatehouse(tmp_path_factory):
    store = str(tmp_path_factory.mktemp("gatehouse") / "battletape.db")
    r = cli(store, "run", str(BATTLES / "35-gatehouse.bt"))
    assert r.code == 0, r.err
    evs = [json.loads(x) for x in ok(store, "log", "--json").out.splitlines()]
    return store, evs


def test_the_surprise_round_then_everyone_rolls_again(gatehouse):
    """35-SUR-01..03, 35-INI-02, 35-INI-04: only the aware act in the surprise round; at
    its end everyone rolls again; Kael and Varro tie with the same bonus and reroll."""
    store, evs = gatehouse
    surprise = find(evs, "SurpriseDeclared")
    assert surprise["actors"] == ["Kael", "Sera", "Tobin"]
    s0 = at(store, find(evs, "TurnStarted", name="Sera"))
    assert s0["surprise_round"] is True and s0["round"] == 0
    assert s0["order"] == ["Sera", "Tobin", "Kael"]
    assert all(s0["combatants"][n]["flat_footed"] for n in
               ("Gate Guard 1", "Gate Guard 2", "Captain Varro"))
    ended = find(evs, "SurpriseRoundEnded")
    after = at(store, ended)
    assert after["needs_init"] is True and after["order"] == []
    tie = find(evs, "TieRerollDue")
    assert tie["names"] == ["Kael", "Captain Varro"] and tie["total"] == 9
    rerolled = at(store, find(evs, "TieRerolled"))
    assert rerolled["order"] == ["Sera", "Gate Guard 1", "Gate Guard 2", "Kael",
                                 "Captain Varro", "Tobin"]
    assert rerolled["round"] == 1
    # the party acted in the surprise round: not flat-footed in round 1; the others are
    c = rerolled["combatants"]
    assert [c[n]["flat_footed"] for n in ("Kael", "Sera", "Tobin", "Captain Varro")] == [
        False, False, False, True]


def test_charge_touch_attack_and_two_weapon_fighting(gatehouse):
    """35-CHG-01 (+2, -2 AC), 35-ATK-08 (touch AC without Dex), 35-WPN-08 (-4/-8),
    35-PRC-01 (sneak attack added once)."""
    store, evs = gatehouse
    charge = find(evs, "AttackResolved", attacker="Sera", target="Gate Guard 1")
    assert (charge["total"], charge["modifiers"]["charge"], charge["damage"]) == (20, 2, 11)
    assert at(store, charge)["combatants"]["Sera"]["ac"] == 15
    ray = find(evs, "AttackResolved", attacker="Tobin")
    assert (ray["defense"], ray["defense_value"], ray["total"], ray["damage"]) == (
        "touch", 10, 15, 7)
    main = find(evs, "AttackResolved", 1, attacker="Sera", target="Gate Guard 1")
    off = find(evs, "AttackResolved", attacker="Sera", target="Gate Guard 2")
    assert (main["total"], main["hit"], main["damage"]) == (16, True, 9)
    assert (off["total"], off["hit"], off["damage"]) == (17, True, 9)
    assert off["modifiers"]["two-weapon fighting (off hand)"] == -8
    assert at(store, off)["combatants"]["Gate Guard 1"]["status"] == "dying"


def test_cover_full_attack_critical_and_massive_damage(gatehouse):
    """35-COV-01/02, 35-BAB-01, 35-CRT-02/03, 35-MAS-01."""
    store, evs = gatehouse
    bolt = find(evs, "AttackResolved", attacker="Gate Guard 2", target="Tobin")
    assert (bolt["defense_value"], bolt["total"], bolt["hit"]) == (18, 17, False)
    assert any(t.startswith("cover hit") for t in bolt["tags"])
    first = find(evs, "AttackResolved", attacker="Kael", target="Captain Varro")
    second = find(evs, "AttackResolved", 1, attacker="Kael", target="Captain Varro")
    assert (first["crit"], first["damage"], second["bonus"], second["damage"]) == (
        True, 18, 5, 9)
    axe = find(evs, "AttackResolved", attacker="Captain Varro", target="Kael")
    assert (axe["crit"], axe["multiplier"], axe["damage"]) == (True, 3, 51)
    demanded = find(evs, "SaveDemanded", name="Kael")
    assert (demanded["save"], demanded["dc"], demanded["against"]) == (
        "fort", 15, "massive-damage")
    saved = find(evs, "SaveRolled", name="Kael")
    assert (saved["roll"]["total"], saved["success"]) == (16, True)
    assert at(store, saved)["combatants"]["Kael"]["hp"] == 7


def test_fear_concealment_total_defense_delay_ready_and_the_end(gatehouse):
    """35-CND-38 (shaken twice -> frightened), 35-CON-01, 35-TDF-01, 35-DLY-01,
    35-RDY-01, 35-AOO-07, 35-HPS-02..05."""
    store, evs = gatehouse
    shaken = find(evs, "AttackResolved", attacker="Captain Varro", target="Kael", nth=1)
    assert shaken["modifiers"]["fear (shaken)"] == -2 and shaken["total"] == 18
    assert find(evs, "ConditionApplied", name="Captain Varro",
                condition="frightened")["source"] == "Scare"
    miss = find(evs, "MissChanceRolled", attacker="Sera")
    assert (miss["chance"], miss["roll"]["total"], miss["missed"]) == (20, 12, True)
    td = at(store, find(evs, "TableActionTaken", action="total-defense"))
    assert td["combatants"]["Gate Guard 2"]["ac"] == 20
    readied = find(evs, "ReadiedActionTaken")
    assert (readied["name"], readied["before"]) == ("Gate Guard 2", "Sera")
    fled = find(evs, "TableActionTaken", name="Captain Varro", action="move")
    assert fled["provokes"] == ["Kael"]
    s = state(store)
    assert s["order"] == ["Gate Guard 1", "Kael", "Gate Guard 2", "Sera", "Captain Varro",
                          "Tobin"]
    assert {n: (c["hp"], c["status"]) for n, c in s["combatants"].items()} == {
        "Kael": (7, "up"), "Sera": (31, "up"), "Tobin": (30, "up"),
        "Gate Guard 1": (-6, "stable"), "Gate Guard 2": (-4, "dying"),
        "Captain Varro": (9, "up")}
    assert s["combatants"]["Captain Varro"]["conditions"] == ["frightened"]
    disabled = at(store, find(evs, "AttackResolved", attacker="Sera", target="Gate Guard 2",
                              nth=2))
    assert disabled["combatants"]["Gate Guard 2"]["status"] == "disabled"


def test_every_command_of_the_battle_decides_again_as_recorded(gatehouse):
    """`verify` re-decides each recorded 3.5 command through the rules: the same events."""
    store, evs = gatehouse
    out = ok(store, "verify").out
    assert out.startswith("ok: 1 encounter(s)") and f"{len(evs)} events" in out


# 35-hag-coven.bt: 3 rounds, Kael and Mira vs a hag (issue 24): named effects with
# modifiers (deflection, keen, morale, DR, energy resistance), a condition a Will save
# ends at the end of each turn, a duration counted on the caster's turns.

@pytest.fixture(scope="module")
def coven(tmp_path_factory):
    store = str(tmp_path_factory.mktemp("coven") / "battletape.db")
    r = cli(store, "run", str(BATTLES / "35-hag-coven.bt"))
    assert r.code == 0, r.err
    evs = [json.loads(x) for x in ok(store, "log", "--json").out.splitlines()]
    return store, evs


def test_35_CRT_01_coven_keen_threat_and_DMG_01_damage_reduction(coven):
    """35-CRT-01, 35-DMG-01: keen edge (threat:17) makes Kael's natural 17 a threat,
    confirmed 12+9 = 21 vs 16: 8 x 2 = 16, DR 5/magic: 11 (Hag 40 -> 29); round 2
    22 hits for 9 - 5 = 4 (29 -> 25); round 3 the 19 is not confirmed (5+9-2 = 12):
    10 - 5 = 5 (25 -> 20)."""
    store, evs = coven
    first, second, third = [e for e in evs if e["type"] == "AttackResolved"
                            and e["attacker"] == "Kael"]
    assert (first["crit"], first["crit_range"], first["damage"]) == (True, 17, 11)
    assert at(store, first)["combatants"]["Hag"]["hp"] == 29
    assert (second["total"], second["damage"]) == (22, 4)
    assert at(store, second)["combatants"]["Hag"]["hp"] == 25
    assert (third["crit"], third["total"], third["damage"]) == (False, 26, 5)
    assert state(store)["combatants"]["Hag"]["hp"] == 20


def test_35_CND_38_coven_shaken_until_a_will_save_at_the_end_of_kaels_turn(coven):
    """35-CND-38: the gaze, Will DC 15: Kael 10+1 = 11 fails (shaken), Mira 12+6 = 18
    saves. At the end of Kael's turns: 12+1+2-2 = 13 fails, then 14+1+2-2 = 15
    succeeds, each its own SaveRolled whose ``ends`` is shaken; the last removes it.
    No save at the end of the hag's or Mira's turns."""
    store, evs = coven
    applied = find(evs, "ConditionApplied", name="Kael", condition="shaken")
    assert (applied["source"], applied["save"]) == ("Hag", "will:15")
    mira = find(evs, "SaveRolled", name="Mira")
    assert (mira["roll"]["total"], mira["success"]) == (18, True)
    repeats = [e for e in evs if e["type"] == "SaveRolled" and e.get("ends")]
    assert [(e["name"], e["ends"], e["roll"]["total"], e["success"]) for e in repeats] \
        == [("Kael", "shaken", 13, False), ("Kael", "shaken", 15, True)]
    assert "shaken" in at(store, repeats[0])["combatants"]["Kael"]["conditions"]
    assert "shaken" not in state(store)["combatants"]["Kael"]["conditions"]


def test_35_BON_07_coven_deflection_resistance_and_a_duration_on_miras_turns(coven):
    """35-BON-07: shield of faith, AC 18 + 2 = 20: the hag's 19 misses, its 23 hits for
    7 (Kael 30 -> 23); resist 10 fire: 12 -> 2 (Mira 24 -> 22); Aid (+1 morale) counted
    on Mira's turns ends as her round 2 turn ends."""
    store, evs = coven
    miss, hit, last = [e for e in evs if e["type"] == "AttackResolved"
                       and e["attacker"] == "Hag"]
    assert (last["total"], last["hit"]) == (13, False)
    assert (miss["defense_value"], miss["hit"]) == (20, False)
    assert (hit["total"], hit["damage"]) == (23, 7)
    burn = find(evs, "DamageTaken", target="Mira")
    assert (burn["amount"], burn["rolled"], burn["resistance"]) == (2, 12, 10)
    gone = find(evs, "ConditionRemoved", name="Kael", condition="aid")
    assert gone["reason"] == "expired"
    final = state(store)["combatants"]
    assert (final["Kael"]["hp"], final["Mira"]["hp"]) == (23, 22)
    assert "aid" not in final["Kael"]["conditions"]
