"""The fixture battles play into a fresh store and end exactly as the 13th Age rules say.

Every expected number below was worked out by hand from the seed (13th Age Archmage
Engine SRD, Combat Rules, seed 004) before the scripts were run; each comment names the
seed section that produces it. Positions are never hard-coded: intermediate states are
taken at the start of a round (`state --round R`) or right after an event found in
`log --json` (`state --at P`), so new bookkeeping events do not break the tests.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import cli, ok, run_script, state

BATTLES = Path(__file__).resolve().parents[2] / "fixtures" / "battles"


# --- helpers --------------------------------------------------------------------------

def play(store: str, name: str) -> None:
    """Run fixtures/battles/NAME.bt into the store."""
    r = cli(store, "run", str(BATTLES / f"{name}.bt"))
    assert r.code == 0, f"{name}.bt: exit {r.code}: {r.err}"


def play_until(store: str, name: str, checkpoint: str) -> None:
    """Run the script's lines up to its `# checkpoint: NAME` comment."""
    lines = (BATTLES / f"{name}.bt").read_text(encoding="utf-8").splitlines()
    marker = next(i for i, line in enumerate(lines)
                  if line.startswith(f"# checkpoint: {checkpoint}"))
    r = run_script(store, "\n".join(lines[:marker]) + "\n")
    assert r.code == 0, f"{name}.bt up to {checkpoint}: exit {r.code}: {r.err}"


def events(store: str) -> list[dict]:
    return [json.loads(line) for line in ok(store, "log", "--json").out.splitlines()]


def find(evs: list[dict], type_: str, nth: int = 0, **fields) -> dict:
    """The nth effective event of this type whose fields have these values."""
    hits = [e for e in evs if e["type"] == type_
            and all(e.get(k) == v for k, v in fields.items())]
    assert len(hits) > nth, f"no {type_} #{nth} with {fields}: {len(hits)} found"
    return hits[nth]


def attacks(evs: list[dict], attacker: str, target: str) -> list[dict]:
    return [e for e in evs if e["type"] == "AttackResolved"
            and e["attacker"] == attacker and e["target"] == target]


def at(store: str, event: dict) -> dict:
    """The state right after this event."""
    return state(store, "--at", str(event["position"]))


def rnd(store: str, r: int) -> dict:
    """The state as round R starts."""
    return state(store, "--round", str(r))


def refused(store: str, command: str) -> None:
    r = cli(store, command)
    assert r.code != 0, f"{command!r} was accepted: {r.out}"
    assert "Traceback" not in r.err


# =====================================================================================
# bridge_full.bt: 7 rounds, Kael, Tamsin, Bruna, Sera vs Goblin 1-3 and the Ogre Chief
# =====================================================================================

@pytest.fixture
def bridge(sqlite_store):
    play(sqlite_store, "bridge_full")
    return sqlite_store


def test_the_full_bridge_battle_ends_in_victory_in_round_seven(bridge):
    s = state(bridge)
    assert s["ended"] == "victory"
    assert s["turn"] is None
    assert s["round"] == 7
    # Escalation Die: 1 at round 2, +1 a round to 4 at round 5; held for round 6 (4);
    # the GM sets 5 during round 6; round 7 advances it to 6, its maximum.
    assert s["escalation_die"] == 6
    # Cyclic Initiative: Kael 20, Tamsin 18, Bruna 17, Sera 15, the goblins' one shared
    # roll 13, the Ogre 9. Tamsin delayed and acted after Bruna (Delay: her count became
    # Bruna's 17, right after her); Sera readied and acted just before Goblin 1 (Readying
    # an Action: her count became 13, immediately ahead of the trigger).
    assert s["order"] == ["Kael", "Bruna", "Tamsin", "Sera",
                          "Goblin 1", "Goblin 2", "Goblin 3", "Ogre Chief"]
    init = {n: c["initiative"] for n, c in s["combatants"].items()}
    assert init == {"Kael": 20, "Tamsin": 17, "Bruna": 17, "Sera": 13, "Goblin 1": 13,
                    "Goblin 2": 13, "Goblin 3": 13, "Ogre Chief": 9}


def test_the_heroes_end_the_bridge_battle_with_the_hit_points_and_recoveries_worked_out_by_hand(bridge):
    c = state(bridge)["combatants"]
    # Kael: 30 - 9 (Goblin 3, round 1) = 21; a potion with no recoveries left heals half
    # of 9+1: 5 (Recoveries) -> 26. 26 > 15, not staggered.
    assert (c["Kael"]["hp"], c["Kael"]["recoveries"], c["Kael"]["penalty"]) == (26, 0, 1)
    assert c["Kael"]["staggered"] is False
    # Tamsin: 32 - 5 (Goblin 2) - 3 - 3 (ongoing poison) - 5 (Goblin 1) - 14 (Ogre) = 2:
    # staggered (Staggered: half her hit points or fewer). No recovery spent.
    assert (c["Tamsin"]["hp"], c["Tamsin"]["recoveries"]) == (2, 8)
    assert c["Tamsin"]["staggered"] is True
    # Bruna: fell to -12, then a 17 death save spent a recovery: 11 + Con 2 = 13 counted
    # from 0 (Death and Dying). 13 <= 20: staggered. One failed death save stays on record
    # (the failure while stable did not count).
    assert (c["Bruna"]["hp"], c["Bruna"]["recoveries"]) == (13, 7)
    assert c["Bruna"]["staggered"] is True
    assert c["Bruna"]["death_saves_failed"] == 1
    # Sera: 36 - 2 (Goblin 1's second 5, after her last 3 temporary hp) - 5 (Goblin 3)
    # + 6 (first rally: 5 + Con 1) - 5 (Goblin 3) + 4 (second rally, after an 11+ save:
    # 3 + 1) = 34; two recoveries spent (Rally).
    assert (c["Sera"]["hp"], c["Sera"]["recoveries"]) == (34, 0)
    assert c["Sera"]["staggered"] is False
    for name in ("Kael", "Tamsin", "Bruna", "Sera"):
        hero = c[name]
        assert hero["status"] == "up"
        # Temporary Hit Points reset to 0 after a battle; Ongoing Damage: once a battle is
        # over the PCs automatically make their saves; the battle's conditions end with it.
        assert hero["temp_hp"] == 0
        assert hero["ongoing"] == []
        assert hero["conditions"] == []
        assert hero["engaged_with"] == []
    for name in ("Kael", "Tamsin", "Sera"):
        assert c[name]["death_saves_failed"] == 0


def test_every_monster_on_the_bridge_is_slain_at_zero_hit_points_or_below(bridge):
    c = state(bridge)["combatants"]
    # Unconscious: "When monsters drop to 0 hp, it means they've been slain".
    # Goblin 1: 22 - 6 - 8 - 8 = 0. Goblin 2: 22 - 7 - 8 - 8 = -1.
    # Goblin 3: 22 - 12 (crit) - 8 - 6 = -4.
    # Ogre Chief: 100 - 3 - 6 - 0 - 10 - 9 - 10 - 18 - 4 - 24 - 9 - 8 = -1.
    assert {n: (c[n]["hp"], c[n]["status"]) for n in
            ("Goblin 1", "Goblin 2", "Goblin 3", "Ogre Chief")} == {
        "Goblin 1": (0, "dead"), "Goblin 2": (-1, "dead"), "Goblin 3": (-4, "dead"),
        "Ogre Chief": (-1, "dead")}
    for n in ("Goblin 1", "Goblin 2", "Goblin 3", "Ogre Chief"):
        assert c[n]["staggered"] is False


def test_temporary_hit_points_from_before_the_fight_drop_to_zero_when_initiative_is_rolled(bridge):
    evs = events(bridge)
    before = at(bridge, find(evs, "TempHpGained", target="Bruna"))
    assert before["combatants"]["Bruna"]["temp_hp"] == 6
    # Temporary Hit Points: "drop to 0 when you roll initiative".
    assert rnd(bridge, 1)["combatants"]["Bruna"]["temp_hp"] == 0


def test_the_goblins_share_one_initiative_roll(bridge):
    evs = events(bridge)
    # Cyclic Initiative: "All monsters of the same exact type share the same initiative
    # roll": one roll, 9 + 4 = 13, for the three of them.
    goblin_rolls = [e for e in evs if e["type"] == "InitiativeRolled"
                    and "Goblin 1" in e["names"]]
    assert len(goblin_rolls) == 1
    assert sorted(goblin_rolls[0]["names"]) == ["Goblin 1", "Goblin 2", "Goblin 3"]
    assert goblin_rolls[0]["roll"]["total"] == 13
    s = rnd(bridge, 1)
    assert s["order"] == ["Kael", "Tamsin", "Bruna", "Sera",
                          "Goblin 1", "Goblin 2", "Goblin 3", "Ogre Chief"]
    assert s["escalation_die"] == 0


def test_one_fireball_rolls_three_attacks_and_one_damage_roll_with_a_fumble_and_a_crit(bridge):
    evs = events(bridge)
    g1, g2, g3 = (attacks(evs, "Kael", f"Goblin {i}")[0] for i in (1, 2, 3))
    # Damage: "If the attack targets multiple enemies, you make a separate attack roll
    # for each one, but only roll damage once": 6 for everyone it hits.
    # Goblin 1: 15 + 7 = 22 >= PD 14, hit for 6.
    assert (g1["total"], g1["hit"], g1["damage"]) == (22, True, 6)
    # Goblin 2: a natural 1 is a fumble: "no effect on the target, not even miss damage"
    # (Fumbles), although the spell deals 3 on a miss.
    assert g2["fumble"] is True and g2["hit"] is False and g2["damage"] == 0
    # Goblin 3: a natural 20 is a crit for double damage (Crits): 12.
    assert g3["crit"] is True and g3["damage"] == 12
    c = rnd(bridge, 2)["combatants"]
    assert c["Goblin 1"]["hp"] == 16 and c["Goblin 1"]["staggered"] is False
    assert c["Goblin 2"]["hp"] == 15  # then Tamsin's 13 + 7 = 20 vs AC 16: 7
    # Staggered: monsters at half their hit points or fewer: 10 <= 11.
    assert c["Goblin 3"]["hp"] == 10 and c["Goblin 3"]["staggered"] is True


def test_a_miss_with_miss_damage_still_hurts_the_ogre(bridge):
    evs = events(bridge)
    first = attacks(evs, "Bruna", "Ogre Chief")[0]
    # Damage on Miss: 6 + 8 = 14 < AC 17 misses, and the attack deals 3 on a miss.
    assert (first["total"], first["hit"], first["damage"]) == (14, False, 3)
    assert rnd(bridge, 2)["combatants"]["Ogre Chief"]["hp"] == 97


def test_temporary_hit_points_do_not_stack_and_absorb_damage_first(bridge):
    evs = events(bridge)
    second_gain = find(evs, "TempHpGained", target="Sera", nth=1)
    # Temporary Hit Points: "use only the higher amount": 8, not 5 and not 13.
    assert at(bridge, second_gain)["combatants"]["Sera"]["temp_hp"] == 8
    # Goblin 1 hits for 5: the temporary hit points take it all (8 -> 3).
    sera = rnd(bridge, 2)["combatants"]["Sera"]
    assert (sera["hp"], sera["temp_hp"]) == (36, 3)
    # Goblin 1 hits for 5 again in round 2: 3 temporary, then 2 from her 36 hp -> 34.
    sera = rnd(bridge, 3)["combatants"]["Sera"]
    assert (sera["hp"], sera["temp_hp"]) == (34, 0)


def test_the_escalation_die_helps_only_the_heroes_from_round_two(bridge):
    evs = events(bridge)
    dice = [rnd(bridge, r)["escalation_die"] for r in range(1, 8)]
    # Escalation Die: 0 in round 1, 1 at the start of round 2, +1 a round; the GM holds
    # it in round 5 (round 6 stays at 4) and then sets it to 5; round 7 makes it 6.
    assert dice == [0, 1, 2, 3, 4, 4, 6]
    kael = attacks(evs, "Kael", "Ogre Chief")
    # Round 2: 14 + 7 + escalation 1 = 22.
    assert (kael[0]["escalation"], kael[0]["total"]) == (1, 22)
    # Round 6, after `escalation set 5`: 16 + 7 + 5 - 1 (no recoveries) = 27.
    assert (kael[2]["escalation"], kael[2]["total"]) == (5, 27)
    # "Monsters and NPCs do not add the escalation die bonus to their attacks": the
    # Ogre's round-5 swing at Sera is 8 + 9 = 17, not 21.
    ogre = attacks(evs, "Ogre Chief", "Sera")[0]
    assert (ogre["escalation"], ogre["total"]) == (0, 17)


def test_fire_against_the_ogre_is_halved_below_sixteen_full_at_sixteen_and_nothing_when_nonmagical(bridge):
    evs = events(bridge)
    kael = attacks(evs, "Kael", "Ogre Chief")
    # Resistance: fire 16+. Natural 14 < 16: 12 fire is halved to 6.
    assert (kael[0]["natural"], kael[0]["half"], kael[0]["damage"]) == (14, True, 6)
    # A flask of normal fire: "Any creature with resistance to an energy type is immune
    # to normal energy of that type" -> 0, though the natural 17 would beat 16.
    assert (kael[1]["natural"], kael[1]["immune"], kael[1]["damage"]) == (17, True, 0)
    # Natural 16 equals the rating: full damage, 10.
    assert (kael[2]["natural"], kael[2]["half"], kael[2]["damage"]) == (16, False, 10)
    # Natural 9 < 16: 8 fire is halved to 4.
    assert (kael[3]["natural"], kael[3]["half"], kael[3]["damage"]) == (9, True, 4)
    # Holy damage is not resisted: Sera's 9 holy lands in full (91 - 10 = 81 -> 72).
    assert attacks(evs, "Sera", "Ogre Chief")[0]["damage"] == 9
    assert rnd(bridge, 3)["combatants"]["Ogre Chief"]["hp"] == 91
    assert rnd(bridge, 4)["combatants"]["Ogre Chief"]["hp"] == 81


def test_disengage_checks_need_eleven_with_minus_one_per_extra_foe_and_minus_five_while_grabbed(bridge):
    evs = events(bridge)
    kael = find(evs, "DisengageAttempted", name="Kael")
    # Disengaging: a normal save (11+); one foe, no penalty: 11 succeeds.
    assert (kael["roll"]["total"], kael["penalty"], kael["success"]) == (11, 0, True)
    bruna_fail = find(evs, "DisengageAttempted", name="Bruna")
    # Grabbed: "Disengage checks take a -5 penalty unless you hit the creature that is
    # grabbing you the same turn": Bruna missed, so 15 - 5 = 10 fails.
    assert (bruna_fail["penalty"], bruna_fail["success"]) == (-5, False)
    bruna_ok = find(evs, "DisengageAttempted", name="Bruna", nth=1)
    # Round 3 she hit the Ogre first: no -5, and 11 succeeds.
    assert (bruna_ok["penalty"], bruna_ok["success"]) == (0, True)
    sera = find(evs, "DisengageAttempted", name="Sera")
    # Two foes (Goblin 1 and 3): -1 for the foe beyond the first, so 11 - 1 = 10 fails.
    assert (sera["penalty"], sera["success"]) == (-1, False)
    # Failing: "you don't move ... and remain engaged".
    assert sorted(at(bridge, sera)["combatants"]["Sera"]["engaged_with"]) == [
        "Goblin 1", "Goblin 3"]
    # A success frees Kael: he then moves far away without opportunity attacks.
    moved = find(evs, "Moved", name="Kael")
    assert moved["provoked"] == []
    k = rnd(bridge, 3)["combatants"]["Kael"]
    assert (k["engaged_with"], k["whereabouts"]) == ([], "far")


def test_the_grabbing_ogre_gets_plus_four_and_bruna_cannot_walk_away(bridge):
    evs = events(bridge)
    grab = find(evs, "ConditionApplied", name="Bruna", condition="grabbed")
    assert grab["source"] == "Ogre Chief"
    b = at(bridge, grab)["combatants"]["Bruna"]
    # Grabbed: "you are engaged with the creature grabbing you".
    assert "grabbed" in b["conditions"] and b["engaged_with"] == ["Ogre Chief"]
    # "The creature grabbing you gets a +4 attack bonus against you": round 2, natural 6
    # + 9 + 4 = 19 >= AC 18 hits (it would miss at 15); Bruna 28 - 12 = 16, staggered.
    swing = attacks(evs, "Ogre Chief", "Bruna")[1]
    assert (swing["total"], swing["hit"]) == (19, True)
    b = rnd(bridge, 3)["combatants"]["Bruna"]
    assert (b["hp"], b["staggered"]) == (16, True)


def test_a_grabbed_hero_whose_disengage_failed_cannot_move_away(sqlite_store):
    play_until(sqlite_store, "bridge_full", "bruna-held")
    # Grabbed: "you can't move away unless you teleport, somehow pop free first, or
    # successfully disengage" - her check just failed.
    refused(sqlite_store, "move Bruna far")


def test_ongoing_poison_is_taken_at_the_end_of_tamsins_turn_before_her_save(bridge):
    evs = events(bridge)
    first = find(evs, "DamageTaken", target="Tamsin", source="ongoing")
    t = at(bridge, first)["combatants"]["Tamsin"]
    # Ongoing Damage: "takes that damage at the end of its turn immediately before it
    # rolls its save": 27 - 3 = 24, and the effect is still on her until the save.
    assert t["hp"] == 24
    assert t["ongoing"] == [{"amount": 3, "type": "poison", "save": "normal"}]
    save = find(evs, "SaveRolled", name="Tamsin", against="ongoing")
    assert save["position"] > first["position"]
    # A 9 fails the normal save (11+): the damage repeats next turn.
    assert save["success"] is False
    assert rnd(bridge, 4)["combatants"]["Tamsin"]["ongoing"] == [
        {"amount": 3, "type": "poison", "save": "normal"}]
    # Round 4: 19 - 3 = 16 first, then a 12 ends it. 16 <= 16: staggered.
    t = rnd(bridge, 5)["combatants"]["Tamsin"]
    assert (t["hp"], t["ongoing"], t["staggered"]) == (16, [], True)


def test_dazed_costs_bruna_four_and_her_saves_end_it_on_the_third_try(bridge):
    evs = events(bridge)
    hit = attacks(evs, "Bruna", "Ogre Chief")[2]
    # Dazed: -4 to attacks. Round 3: 11 + 8 + 2 (escalation) - 4 = 17 >= AC 17.
    assert (hit["total"], hit["hit"], hit["damage"]) == (17, True, 10)
    # Saves: 8 (round 3) and 4 (round 4) fail the normal save; 15 (round 5) ends it.
    assert "dazed" in rnd(bridge, 5)["combatants"]["Bruna"]["conditions"]
    assert "dazed" not in rnd(bridge, 6)["combatants"]["Bruna"]["conditions"]


def test_weakened_and_stuck_last_until_a_save_succeeds(bridge):
    r4 = rnd(bridge, 4)["combatants"]
    assert r4["Sera"]["conditions"] == ["weakened"]
    assert r4["Tamsin"]["conditions"] == ["stuck"]
    r5 = rnd(bridge, 5)["combatants"]
    # Saves: Sera's 13 ends weakened; Tamsin's 6 leaves her stuck for another round.
    assert r5["Sera"]["conditions"] == []
    assert r5["Tamsin"]["conditions"] == ["stuck"]
    # Round 5: an 11 ends stuck.
    assert rnd(bridge, 6)["combatants"]["Tamsin"]["conditions"] == []


def test_a_stuck_hero_cannot_move_or_disengage(sqlite_store):
    play_until(sqlite_store, "bridge_full", "tamsin-stuck")
    s = state(sqlite_store)
    assert s["turn"] == "Tamsin" and "stuck" in s["combatants"]["Tamsin"]["conditions"]
    # Stuck: "You can't move, disengage, pop free, change your position".
    refused(sqlite_store, "move Tamsin far")
    refused(sqlite_store, "disengage Tamsin --roll 20")
    # Fight in Spirit: "Once a round": Bruna already did it this round.
    refused(sqlite_store, "spirit Bruna Sera --bonus ac")


def test_the_goblin_leaving_melee_provokes_sera_and_tamsin_intercepts_it(bridge):
    evs = events(bridge)
    moved = find(evs, "Moved", name="Goblin 1")
    # Disengaging: moving away from the foes that engage you draws an opportunity attack
    # from each: Sera.
    assert moved["provoked"] == ["Sera"]
    oa = [a for a in attacks(evs, "Sera", "Goblin 1") if "opportunity" in a["tags"]]
    # One opportunity attack, on the goblin's turn: 3 + 6 + 2 = 11 < AC 16, a miss.
    assert [(a["total"], a["hit"]) for a in oa] == [(11, False)]
    # Intercepting: Tamsin (free after killing Goblin 2) engages the goblin moving past.
    catch = find(evs, "Engaged", a="Tamsin", b="Goblin 1")
    assert catch["how"] == "intercept"
    c = rnd(bridge, 4)["combatants"]
    assert c["Tamsin"]["engaged_with"] == ["Goblin 1"]
    assert c["Goblin 1"]["engaged_with"] == ["Tamsin"]
    assert c["Sera"]["engaged_with"] == ["Goblin 3"]
    # Goblin 1's 11 + 6 = 17 >= AC 17 hit Tamsin for 5: 24 -> 19.
    assert c["Tamsin"]["hp"] == 19


def test_bruna_drops_below_zero_and_is_helpless_while_unconscious(bridge):
    b = rnd(bridge, 4)["combatants"]["Bruna"]
    # Unconscious: 16 - 18 = -2: "When you drop to 0 hp or below, you fall unconscious".
    # Death and Dying: she would die only at -20 (half her 40).
    assert (b["hp"], b["status"]) == (-2, "unconscious")
    evs = events(bridge)
    swing = attacks(evs, "Ogre Chief", "Bruna")[3]
    # Helpless: unconscious, -4 to all defenses: 6 + 9 = 15 hits AC 18 - 4 = 14.
    assert swing["defense_value"] == 14 and swing["hit"] is True
    # -2 - 10 = -12, still above -20.
    b = rnd(bridge, 5)["combatants"]["Bruna"]
    assert (b["hp"], b["status"], b["death_saves_failed"]) == (-12, "unconscious", 1)


def test_bruna_is_stabilized_ignores_a_failed_death_save_and_wakes_on_a_seventeen(bridge):
    evs = events(bridge)
    first = find(evs, "DeathSaveRolled", name="Bruna")
    # Death and Dying: 7 is 15 or less: one step toward the grave.
    assert first["success"] is False
    assert at(bridge, first)["combatants"]["Bruna"]["death_saves_failed"] == 1
    stab = find(evs, "StabilizeAttempted", name="Bruna")
    # Stabilize: Kael's DC 10 check of 12 succeeds.
    assert stab["success"] is True and stab["helper"] == "Kael"
    assert at(bridge, stab)["combatants"]["Bruna"]["status"] == "stable"
    second = find(evs, "DeathSaveRolled", name="Bruna", nth=1)
    # "Ignore failed death saves while stabilized": the 9 does not count.
    b = at(bridge, second)["combatants"]["Bruna"]
    assert (b["status"], b["death_saves_failed"]) == ("stable", 1)
    third = find(evs, "DeathSaveRolled", name="Bruna", nth=2)
    assert third["success"] is True
    spent = find(evs, "RecoverySpent", name="Bruna")
    # 16+: "use a recovery ... heal up to the number of hit points you rolled", and
    # "ignore your current negative hit points. Start from 0": 0 + 11 + 2 = 13.
    assert spent["amount"] == 13
    b = at(bridge, spent)["combatants"]["Bruna"]
    assert (b["hp"], b["status"], b["recoveries"]) == (13, "up", 7)


def test_sera_rallies_once_for_free_fails_a_second_rally_save_and_then_passes_it(bridge):
    evs = events(bridge)
    rallies = [e for e in evs if e["type"] == "RallyAttempted" and e["name"] == "Sera"]
    # Rally: the first needs no save; the second and third need a normal save (11+).
    assert [r["success"] for r in rallies] == [True, False, True]
    assert rallies[0]["save"] is None
    assert [r["save"]["total"] for r in rallies[1:]] == [7, 14]
    spends = [e for e in evs if e["type"] == "RecoverySpent" and e["name"] == "Sera"]
    # Recoveries: 5 + Con 1 = 6, then 3 + 1 = 4; a failed save spends nothing.
    assert [s["amount"] for s in spends] == [6, 4]
    # 29 + 6 = 35 after the first rally (round 4).
    assert at(bridge, spends[0])["combatants"]["Sera"]["hp"] == 35
    assert rnd(bridge, 5)["combatants"]["Sera"]["recoveries"] == 1
    assert rnd(bridge, 7)["combatants"]["Sera"]["recoveries"] == 0


def test_after_a_failed_rally_save_sera_cannot_rally_again_that_round(sqlite_store):
    play_until(sqlite_store, "bridge_full", "sera-rally-failed")
    # Rally: "If you fail the save ... you can't rally that round."
    refused(sqlite_store, "rally Sera --save 18 --roll 4")


def test_kael_with_no_recoveries_left_heals_half_and_takes_minus_one(bridge):
    evs = events(bridge)
    spent = find(evs, "RecoverySpent", name="Kael")
    # Recoveries: "If you ... have none left, you get half the healing": (9 + 1) / 2 = 5.
    assert (spent["had_recovery"], spent["amount"]) == (False, 5)
    k = at(bridge, spent)["combatants"]["Kael"]
    assert (k["hp"], k["recoveries"], k["penalty"]) == (26, 0, 1)
    # "... and take a -1 penalty to all defenses and attack rolls": round 4, natural 4
    # + 7 + 3 - 1 = 13 < PD 14 misses Goblin 3 (it would have hit at 14).
    miss = attacks(evs, "Kael", "Goblin 3")[1]  # [0] was round 1's fireball
    assert (miss["total"], miss["hit"]) == (13, False)


def test_bruna_fights_in_spirit_for_plus_two_the_first_time_and_plus_one_after(bridge):
    evs = events(bridge)
    first = find(evs, "SpiritFought", name="Bruna")
    second = find(evs, "SpiritFought", name="Bruna", nth=1)
    # Fight in Spirit: +1, and "The first time each battle ... may be a +2 bonus".
    assert (first["ally"], first["stat"], first["amount"]) == ("Tamsin", "attack", 2)
    assert (second["ally"], second["stat"], second["amount"]) == ("Sera", "ac", 1)
    # Tamsin, round 4: 5 + 7 + 3 + 2 = 17 >= AC 16 kills Goblin 1 (8 - 8 = 0).
    kill = attacks(evs, "Tamsin", "Goblin 1")[0]
    assert (kill["total"], kill["hit"]) == (17, True)
    assert rnd(bridge, 5)["combatants"]["Goblin 1"]["status"] == "dead"
    # Sera, round 5: AC 17 + 1 = 18 turns the Ogre's 17 into a miss.
    ogre = attacks(evs, "Ogre Chief", "Sera")[0]
    assert (ogre["defense_value"], ogre["hit"]) == (18, False)


def test_an_expanded_crit_range_and_a_vulnerable_ogre_both_crit_on_eighteen(bridge):
    evs = events(bridge)
    tamsin = attacks(evs, "Tamsin", "Ogre Chief")[0]
    # Crit Range: --crit-range 18; natural 18 crits: 9 x 2 = 18.
    assert (tamsin["natural"], tamsin["crit"], tamsin["damage"]) == (18, True, 18)
    # Ogre 62 - 18 = 44: staggered at 50 or fewer.
    assert rnd(bridge, 7)["combatants"]["Ogre Chief"]["hp"] == 44
    assert rnd(bridge, 7)["combatants"]["Ogre Chief"]["staggered"] is True
    bruna = attacks(evs, "Bruna", "Ogre Chief")[3]
    # Vulnerable: "crit range expanded by 2 (normally 18+)": 12 x 2 = 24.
    assert (bruna["crit_range"], bruna["crit"], bruna["damage"]) == (18, True, 24)


def test_the_state_at_the_start_of_round_three_matches_the_hand_ledger(bridge):
    s = rnd(bridge, 3)
    c = s["combatants"]
    hp = {n: c[n]["hp"] for n in c}
    assert hp == {"Kael": 21, "Tamsin": 27, "Bruna": 16, "Sera": 34, "Goblin 1": 8,
                  "Goblin 2": 7, "Goblin 3": 10, "Ogre Chief": 91}
    assert s["round"] == 3 and s["escalation_die"] == 2
    assert c["Kael"]["engaged_with"] == [] and c["Kael"]["whereabouts"] == "far"
    assert sorted(c["Sera"]["engaged_with"]) == ["Goblin 1", "Goblin 3"]
    assert c["Tamsin"]["engaged_with"] == ["Goblin 2"]
    assert "dazed" in c["Bruna"]["conditions"]


def test_the_state_at_the_start_of_round_six_matches_the_hand_ledger(bridge):
    s = rnd(bridge, 6)
    c = s["combatants"]
    hp = {n: c[n]["hp"] for n in ("Kael", "Tamsin", "Bruna", "Sera", "Ogre Chief")}
    assert hp == {"Kael": 26, "Tamsin": 16, "Bruna": -12, "Sera": 30, "Ogre Chief": 72}
    assert [c[f"Goblin {i}"]["status"] for i in (1, 2, 3)] == ["dead"] * 3
    assert c["Bruna"]["status"] == "stable"
    # Dead monsters leave melee: Sera is engaged only with the Ogre, who moved to her.
    assert c["Sera"]["engaged_with"] == ["Ogre Chief"]
    assert c["Ogre Chief"]["engaged_with"] == ["Sera"]
    assert s["escalation_die"] == 4


# =====================================================================================
# ambush.bt: the Bandit Captain springs an ambush at Redfern Ford; the heroes flee
# =====================================================================================

@pytest.fixture
def ambush(sqlite_store):
    play(sqlite_store, "ambush")
    return sqlite_store


def test_only_the_ambusher_and_its_fastest_ally_act_in_the_surprise_round(ambush):
    evs = events(ambush)
    round_two = find(evs, "RoundStarted", round=2)["position"]
    turns = [e["name"] for e in evs
             if e["type"] == "TurnStarted" and e["position"] < round_two]
    # Ambushes and Surprise: "Only two creatures get to act in the ambush round: the
    # nominated ambusher and their highest initiative ally" - the Hellhound (19) beats
    # the bandits' shared 8.
    assert sorted(turns) == ["Bandit Captain", "Hellhound"]
    # Then normal rounds in initiative order: Hellhound 19, Mira 18, Ilsa 16, Captain 15,
    # Dorn 9, the bandits 8.
    assert rnd(ambush, 2)["order"] == ["Hellhound", "Mira", "Ilsa", "Bandit Captain",
                                       "Dorn", "Bandit 1", "Bandit 2", "Bandit 3"]
    r2 = [e["name"] for e in evs if e["type"] == "TurnStarted"
          and round_two < e["position"] < find(evs, "RoundStarted", round=3)["position"]]
    assert r2 == ["Hellhound", "Mira", "Ilsa", "Bandit Captain", "Dorn",
                  "Bandit 1", "Bandit 2", "Bandit 3"]


def test_the_escalation_die_is_not_advanced_after_the_surprise_round(ambush):
    # Ambushes and Surprise: "The GM can choose whether to advance the escalation die
    # after the surprise round" - here not, so the first normal round is still 0 and the
    # die reaches 1 a round later (Escalation Die).
    assert [rnd(ambush, r)["escalation_die"] for r in (1, 2, 3, 4)] == [0, 0, 1, 2]


def test_the_heroes_flee_carrying_the_fallen_ilsa_and_suffer_a_campaign_loss(ambush):
    s = state(ambush)
    assert s["ended"] == "fled" and s["round"] == 4 and s["escalation_die"] == 2
    ended = find(events(ambush), "EncounterEnded")
    # Flee: "they successfully retreat, carrying any fallen heroes away with them. The
    # party suffers a campaign loss."
    assert ended["outcome"] == "fled" and ended["campaign_loss"] is True
    c = s["combatants"]
    # Ilsa: 30 - 9 - 6 - 9 - 5 - 9 = -8: unconscious (she'd die at -15), carried away.
    # Dorn: 38 - 6 - 10 (crit) - 6 - 6 = 10. Mira: 26 - 9 - 3 - 5 - 5 - 3 + 5 = 6.
    assert {n: (c[n]["hp"], c[n]["status"]) for n in ("Ilsa", "Dorn", "Mira")} == {
        "Ilsa": (-8, "fled"), "Dorn": (10, "fled"), "Mira": (6, "fled")}
    assert (c["Ilsa"]["recoveries"], c["Dorn"]["recoveries"], c["Mira"]["recoveries"]) == (8, 8, 7)
    for n in ("Ilsa", "Dorn", "Mira"):
        assert c[n]["ongoing"] == [] and c[n]["conditions"] == [] and c[n]["temp_hp"] == 0
        assert c[n]["death_saves_failed"] == 0
    # The bandits keep the ford: Captain 40 - 7 - 10 = 23, Hellhound 30 - 10 - 4 = 16,
    # Bandit 2 6 (staggered), Bandit 3 14 - 4 = 10; Bandit 1 fell to Ilsa: 1 - 7 = -6.
    assert {n: (c[n]["hp"], c[n]["status"]) for n in
            ("Bandit Captain", "Hellhound", "Bandit 1", "Bandit 2", "Bandit 3")} == {
        "Bandit Captain": (23, "up"), "Hellhound": (16, "up"), "Bandit 1": (-6, "dead"),
        "Bandit 2": (6, "up"), "Bandit 3": (10, "up")}
    assert c["Bandit 2"]["staggered"] is True and c["Bandit 3"]["staggered"] is False


def test_a_hard_save_against_ongoing_poison_needs_sixteen(ambush):
    evs = events(ambush)
    applied = find(evs, "OngoingDamageApplied", name="Mira")
    assert (applied["amount"], applied["save"]) == (3, "hard")
    saves = [e for e in evs if e["type"] == "SaveRolled" and e["name"] == "Mira"]
    # Saves: Hard is 16+: a 15 fails (it would pass a normal save), a 16 succeeds.
    assert [(s["roll"]["total"], s["target"], s["success"]) for s in saves] == [
        (15, 16, False), (16, 16, True)]
    # Ongoing Damage before each save: 17 - 3 = 14 (round 2); 4 - 3 = 1 (round 3).
    ticks = [e for e in evs if e["type"] == "DamageTaken" and e["target"] == "Mira"]
    assert [at(ambush, t)["combatants"]["Mira"]["hp"] for t in ticks] == [14, 1]
    assert rnd(ambush, 4)["combatants"]["Mira"]["ongoing"] == []


def test_fear_costs_ilsa_four_and_the_escalation_die(ambush):
    evs = events(ambush)
    two_weapon, afraid = attacks(evs, "Ilsa", "Bandit Captain")[:2]
    # Two-Weapon Fighting: a natural 2 is rerolled and the reroll (17) used.
    # Fear dazes (-4): 17 + 6 - 4 = 19 >= AC 18 hits for 7.
    assert two_weapon["rerolled_from"] == 2 and two_weapon["natural"] == 17
    assert (two_weapon["total"], two_weapon["hit"], two_weapon["damage"]) == (19, True, 7)
    # Round 3, die at 1: Fear "prevents you from using the escalation die", so
    # 15 + 6 - 4 = 17 < 18 misses (18 would have hit).
    assert (afraid["escalation"], afraid["total"], afraid["hit"]) == (0, 17, False)
    # Her 11 ends the fear at the end of that turn.
    assert rnd(ambush, 4)["combatants"]["Ilsa"]["conditions"] == []


def test_a_confused_bandit_cannot_punish_dorn_for_walking_away(ambush):
    evs = events(ambush)
    moved = find(evs, "Moved", name="Dorn")
    # Dorn leaves the Hellhound and Bandit 3. Confused: "You can't make opportunity
    # attacks", so only the Hellhound gets one.
    assert sorted(moved["left"]) == ["Bandit 3", "Hellhound"]
    assert moved["provoked"] == ["Hellhound"]
    oa = [a for a in attacks(evs, "Hellhound", "Dorn") if "opportunity" in a["tags"]]
    assert [(a["natural"], a["hit"]) for a in oa] == [(5, False)]  # 5 + 7 = 12 < AC 19
    # Confused: its next attack goes at an ally: 12 + 6 = 18 hits Bandit 1 for 5 (6 -> 1).
    friendly = attacks(evs, "Bandit 3", "Bandit 1")[0]
    assert (friendly["hit"], friendly["damage"]) == (True, 5)
    assert rnd(ambush, 4)["combatants"]["Bandit 1"]["hp"] == 1


def test_mira_teleports_out_of_melee_without_opportunity_attacks(ambush):
    evs = events(ambush)
    jump = find(evs, "Moved", name="Mira")
    # Teleportation: "Teleporting doesn't draw opportunity attacks".
    assert jump["teleport"] is True and jump["provoked"] == []
    assert sorted(jump["left"]) == ["Bandit 1", "Bandit 2"]
    m = at(ambush, jump)["combatants"]["Mira"]
    assert (m["engaged_with"], m["whereabouts"]) == ([], "far")


def test_the_hounds_breath_hits_two_heroes_with_one_damage_roll(ambush):
    evs = events(ambush)
    dorn = [a for a in attacks(evs, "Hellhound", "Dorn") if a["kind"] == "close"][0]
    ilsa = attacks(evs, "Hellhound", "Ilsa")[0]
    # Damage: one roll (6) for both targets. Dorn: 9 + 7 = 16 >= PD 14; Ilsa: 18 + 7 =
    # 25 >= PD 15.
    assert (dorn["total"], dorn["damage"], ilsa["total"], ilsa["damage"]) == (16, 6, 25, 6)


def test_a_faked_attack_roll_decides_whether_the_thicket_fire_gets_past_resistance(ambush):
    evs = events(ambush)
    burn = find(evs, "DamageTaken", target="Hellhound")
    # Resistance: "If there's an automatic damage effect ... fake an attack roll": a
    # natural 9 is below the hound's fire 14, so 9 is halved to 4 (rounded down).
    assert (burn["natural"], burn["half"], burn["amount"]) == (9, True, 4)
    assert at(ambush, burn)["combatants"]["Hellhound"]["hp"] == 16


# =====================================================================================
# crypt.bt: the Crypt of Vael, with the Optional Lasting-Wound Rule
# =====================================================================================

@pytest.fixture
def crypt(sqlite_store):
    play(sqlite_store, "crypt")
    return sqlite_store


def test_the_crypt_is_cleared_in_round_eight_at_the_cost_of_two_heroes(crypt):
    s = state(crypt)
    assert s["ended"] == "victory" and s["round"] == 8
    # Escalation Die: "to a maximum of +6": round 7 and round 8 both show 6.
    assert s["escalation_die"] == 6
    assert s["order"] == ["Wight", "Quill", "Lysa", "Skeleton 1", "Skeleton 2", "Oren"]
    c = s["combatants"]
    assert c["Quill"]["status"] == "dead" and c["Lysa"]["status"] == "dead"
    assert c["Oren"]["status"] == "up"
    # Wight: 60 - 10 - 4 - 3 - 3 - 10 - 14 - 16 = 0; Skeletons: -4 each.
    assert {n: (c[n]["hp"], c[n]["status"]) for n in ("Wight", "Skeleton 1", "Skeleton 2")} == {
        "Wight": (0, "dead"), "Skeleton 1": (-4, "dead"), "Skeleton 2": (-4, "dead")}


def test_oren_takes_a_lasting_wound_for_dropping_below_zero(crypt):
    last_blow = attacks(events(crypt), "Oren", "Wight")[-1]
    o = at(crypt, last_blow)["combatants"]["Oren"]
    # Oren: 54 - 7 - 32 (a crit, 16 x 2) - 10 - 16 = -11, then a 16 death save: 14 + 2
    # counted from 0 = 16 (Death and Dying).
    assert (o["hp"], o["max_hp"], o["recoveries"]) == (16, 54, 7)
    assert o["lasting_wounds"] == 0
    o = state(crypt)["combatants"]["Oren"]
    # Optional Lasting-Wound Rule: dropped to 0 or below during the fight, so max hp
    # drops by 2 + level 4 = 6: 48. "Staggered is still half or less of your maximum":
    # 16 <= 24.
    assert (o["hp"], o["max_hp"], o["lasting_wounds"]) == (16, 48, 1)
    assert o["staggered"] is True
    assert o["death_saves_failed"] == 0 and o["conditions"] == [] and o["engaged_with"] == []


def test_weapon_resistance_halves_a_plain_mace_but_never_makes_the_skeleton_immune(crypt):
    evs = events(crypt)
    blows = attacks(evs, "Oren", "Skeleton 2")
    # Resistance: "Weapon resistance does not mean immunity to non-magic weapons":
    # natural 15 < 16 halves 12 to 6; natural 17 deals 12; natural 12 halves to 6;
    # the opportunity attack's 11 halves to 6.
    assert [(b["natural"], b["immune"], b["damage"]) for b in blows] == [
        (15, False, 6), (17, False, 12), (12, False, 6), (11, False, 6)]
    # Skeleton 2: 26 - 6 - 12 = 8 at the start of round 3: staggered (<= 13).
    sk = rnd(crypt, 3)["combatants"]["Skeleton 2"]
    assert (sk["hp"], sk["staggered"]) == (8, True)


def test_ongoing_cold_against_the_wight_uses_the_original_natural_roll(crypt):
    evs = events(crypt)
    frost = attacks(evs, "Lysa", "Wight")[0]
    # Resistance: cold 12+, natural 10: 8 cold halved to 4.
    assert (frost["natural"], frost["half"], frost["damage"]) == (10, True, 4)
    ticks = [e for e in evs if e["type"] == "DamageTaken" and e["target"] == "Wight"]
    # "If you take ongoing damage of a type you resist, use the original attack roll":
    # every tick of 6 is halved to 3 (natural 10 < 12).
    assert [(t["amount"], t["half"]) for t in ticks] == [(3, True), (3, True)]
    # Wight: 60 - 10 - 4 = 46; round 2 tick 43 (save 8 fails); round 3 tick 40 (14 ends it).
    assert rnd(crypt, 3)["combatants"]["Wight"]["hp"] == 43
    assert rnd(crypt, 3)["combatants"]["Wight"]["ongoing"] == [
        {"amount": 6, "type": "cold", "save": "normal"}]
    w = rnd(crypt, 4)["combatants"]["Wight"]
    assert (w["hp"], w["ongoing"]) == (40, [])


def test_quill_dies_from_a_coup_de_grace_that_takes_him_to_negative_half_his_hit_points(crypt):
    q = rnd(crypt, 4)["combatants"]["Quill"]
    # Quill: 34 - 12 - 14 - 14 = -6: unconscious; one failed death save (10).
    assert (q["hp"], q["status"], q["death_saves_failed"]) == (-6, "unconscious", 1)
    evs = events(crypt)
    cdg = attacks(evs, "Wight", "Quill")[-1]
    # Coup de Grace: an automatic crit against a helpless enemy you're engaged with:
    # 6 x 2 = 12 (the total 15 vs helpless AC 18 - 4 = 14 does not matter).
    assert (cdg["crit"], cdg["damage"]) == (True, 12)
    q = at(crypt, cdg)["combatants"]["Quill"]
    # Death and Dying: "You also die when you reach negative hit points equal to half
    # your maximum hit points": -6 - 12 = -18 <= -17.
    assert (q["hp"], q["status"]) == (-18, "dead")
    # The dead take no more turns: round 5 goes Wight, Lysa, Skeleton 1, Oren.
    r5 = find(evs, "RoundStarted", round=5)["position"]
    r6 = find(evs, "RoundStarted", round=6)["position"]
    assert [e["name"] for e in evs if e["type"] == "TurnStarted"
            and r5 < e["position"] < r6] == ["Wight", "Lysa", "Skeleton 1", "Oren"]


def test_lysa_dies_after_her_fourth_failed_death_save(crypt):
    l5 = rnd(crypt, 5)["combatants"]["Lysa"]
    # Lysa: 40 - 7 - 7 - 10 - 20 (a crit, 10 x 2) = -4: unconscious (dies at -20).
    assert (l5["hp"], l5["status"], l5["death_saves_failed"]) == (-4, "unconscious", 0)
    # Death and Dying: 5, 3, 12 and 15 are all 15 or less; "After the fourth failed
    # death save in a single battle, you die."
    failed = [rnd(crypt, r)["combatants"]["Lysa"]["death_saves_failed"] for r in (6, 7, 8)]
    assert failed == [1, 2, 3]
    evs = events(crypt)
    fourth = find(evs, "DeathSaveRolled", name="Lysa", nth=3)
    assert fourth["roll"]["total"] == 15 and fourth["success"] is False
    lysa = at(crypt, fourth)["combatants"]["Lysa"]
    assert (lysa["status"], lysa["death_saves_failed"], lysa["hp"]) == ("dead", 4, -4)


def test_the_wight_is_staggered_at_exactly_half_its_hit_points(crypt):
    w = rnd(crypt, 5)["combatants"]["Wight"]
    # Lysa's natural 18 beats cold 12: full 10 (40 -> 30). Staggered: 30 <= 60 / 2.
    assert (w["hp"], w["staggered"]) == (30, True)
    assert rnd(crypt, 4)["combatants"]["Wight"]["staggered"] is False
