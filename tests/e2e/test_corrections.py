"""Corrections: undo, redo, rewind, amend with a ripple report, disputes, roles,
branches — each a scenario with numbers from the 13th Age SRD (seed 004)."""

import pytest

from tests.helpers import cli, ok, state


@pytest.fixture
def bridge(sqlite_store):
    s = sqlite_store
    ok(s, "new Bridge --campaign Emberfall --seed 2", user="marta")
    ok(s, "add Bruna --pc --hp 30 --ac 17 --pd 14 --md 12 --init 3 --level 3", user="marta")
    ok(s, "add Orc --hp 20 --ac 15 --pd 13 --md 10 --init 1", user="marta")
    ok(s, "init Bruna=15 Orc=6", user="marta")            # Bruna 18, Orc 7
    return s


def hp(store, name, *extra):
    return state(store, *extra)["combatants"][name]["hp"]


def test_undo_retracts_the_whole_last_command_and_redo_restores_it(bridge):
    # Attack Bonuses: natural 12 + 6 = 18 vs AC 15 hits; the Engaged event and the
    # AttackResolved event are one command, retracted together.
    ok(bridge, "attack Bruna Orc --bonus 6 --vs ac --roll 12 --dmg 9 --kind melee", user="marta")
    assert hp(bridge, "Orc") == 11
    assert state(bridge)["combatants"]["Orc"]["engaged_with"] == ["Bruna"]
    ok(bridge, "undo --reason 'attacked the wrong orc'", user="marta")
    s = state(bridge)
    assert s["combatants"]["Orc"]["hp"] == 20 and s["combatants"]["Orc"]["engaged_with"] == []
    ok(bridge, "redo", user="marta")
    assert hp(bridge, "Orc") == 11
    log_all = ok(bridge, "log --all").out
    assert "undo: the command at" in log_all and "attacked the wrong orc" in log_all
    assert "[voided]" in log_all


def test_repeated_undo_walks_back_command_by_command(bridge):
    ok(bridge, "attack Bruna Orc --bonus 6 --vs ac --roll 12 --dmg 9", user="marta")
    ok(bridge, "next", user="marta")
    ok(bridge, "attack Orc Bruna --bonus 5 --vs ac --roll 14 --dmg 6", user="marta")
    assert hp(bridge, "Bruna") == 24
    ok(bridge, "undo", user="marta")
    ok(bridge, "undo", user="marta")
    s = state(bridge)
    assert s["turn"] == "Bruna" and s["combatants"]["Bruna"]["hp"] == 30
    ok(bridge, "undo", user="marta")
    assert hp(bridge, "Orc") == 20


def test_rewind_then_state_equals_state_at_p_and_play_goes_on(bridge):
    ok(bridge, "attack Bruna Orc --bonus 6 --vs ac --roll 12 --dmg 9", user="marta")
    p = state(bridge)["position"]
    ok(bridge, "next", user="marta")
    ok(bridge, "attack Orc Bruna --bonus 5 --vs ac --roll 14 --dmg 6", user="marta")
    ok(bridge, f"rewind {p} --reason 'the orc was stunned'", user="marta")
    now, then = state(bridge), state(bridge, "--at", str(p))
    assert {k: v for k, v in now.items() if k != "position"} == \
        {k: v for k, v in then.items() if k != "position"}
    ok(bridge, "next", user="marta")
    assert state(bridge)["turn"] == "Orc"


def test_amend_a_natural_roll_turns_a_hit_into_a_miss_and_reports_the_ripple(bridge):
    # natural 12 + 6 = 18 >= AC 15 hits for 20: the orc (20 hp) is slain. The roll was
    # really a 7: 7 + 6 = 13 < 15, a miss; the orc lives and its turn was skipped.
    ok(bridge, "attack Bruna Orc --bonus 6 --vs ac --roll 12 --dmg 20", user="marta")
    attack_at = state(bridge)["position"]
    ok(bridge, "next", user="marta")               # the orc is dead: back to Bruna
    assert state(bridge)["turn"] == "Bruna" and state(bridge)["round"] == 2
    r = ok(bridge, f"amend {attack_at} --roll 7 --reason 'it was a 7'", user="marta")
    s = state(bridge)
    assert s["combatants"]["Orc"]["hp"] == 20 and s["combatants"]["Orc"]["status"] == "up"
    assert "ripple: 1 later command" in r.out and "next" in r.out
    rip = ok(bridge, "ripple --json").json()
    assert len(rip) == 1 and rip[0]["command"] == "next"


def test_amend_a_damage_total_recomputes_staggered_and_unconscious(bridge):
    # Staggered: half of 30 is 15. 14 damage leaves 16 (not staggered); the GM
    # announced 14 but the dice said 31: Bruna drops to -1, unconscious.
    ok(bridge, "next", user="marta")
    ok(bridge, "attack Orc Bruna --bonus 5 --vs ac --roll 14 --dmg 14", user="marta")
    at = state(bridge)["position"]
    assert state(bridge)["combatants"]["Bruna"]["staggered"] is False
    ok(bridge, f"amend {at} --dmg 31 --reason 'misread the dice'", user="marta")
    b = state(bridge)["combatants"]["Bruna"]
    assert b["hp"] == -1 and b["status"] == "unconscious"


def test_amend_a_missed_resistance_halves_the_damage(sqlite_store):
    # Resistance: fire 16+; natural 11 < 16 so 10 fire is halved to 5.
    s = sqlite_store
    ok(s, "new Crypt --seed 1")
    ok(s, "add Kael --pc --hp 24 --init 5")
    ok(s, "add Wight --hp 30 --ac 14 --pd 12 --init 0 --resist fire:16")
    ok(s, "init Kael=10 Wight=3")
    ok(s, "attack Kael Wight --bonus 7 --vs pd --roll 11 --dmg 10 --kind spell")
    assert hp(s, "Wight") == 20
    ok(s, "amend 8 --type fire --reason 'the bolt was fire'")
    assert hp(s, "Wight") == 25


def test_amend_a_wrong_target_and_a_forgotten_condition(bridge):
    ok(bridge, "add Goblin --hp 8 --ac 13 --init 2", user="marta")
    ok(bridge, "init Goblin=4", user="marta")
    ok(bridge, "attack Bruna Orc --bonus 6 --vs ac --roll 15 --dmg 7", user="marta")
    at = state(bridge)["position"]
    ok(bridge, f"amend {at} --target Goblin --also 'cond add Goblin dazed --save normal'"
               " --reason 'she swung at the goblin, and it was dazed'", user="marta")
    s = state(bridge)["combatants"]
    assert s["Orc"]["hp"] == 20 and s["Goblin"]["hp"] == 1
    assert s["Goblin"]["conditions"] == ["dazed"]


def test_a_player_may_dispute_but_not_correct(bridge):
    ok(bridge, "attack Bruna Orc --bonus 6 --vs ac --roll 12 --dmg 9", user="anna")
    at = state(bridge)["position"]
    before = ok(bridge, "log --all --json").out
    for cmd in ("undo", f"rewind {at - 1} --reason x", f"amend {at} --roll 3 --reason x"):
        r = cli(bridge, cmd, user="anna")
        assert r.code == 2 and "not a GM" in r.err
    assert ok(bridge, "log --all --json").out == before
    ok(bridge, f"dispute {at} --reason 'the orc had cover' --by Anna "
               "--quote '13th Age SRD: Combat Modifiers'", user="anna")
    d = ok(bridge, "disputes --json").json()
    assert d[0]["player"] == "Anna" and d[0]["outcome"] == "open"
    r = cli(bridge, f"resolve {d[0]['position']} upheld", user="anna")
    assert r.code == 2
    ok(bridge, f"resolve {d[0]['position']} upheld", user="marta")
    assert ok(bridge, "disputes --json").json() == []


def test_an_overturned_dispute_needs_its_correction(bridge):
    ok(bridge, "attack Bruna Orc --bonus 6 --vs ac --roll 12 --dmg 9", user="marta")
    at = state(bridge)["position"]
    ok(bridge, f"dispute {at} --reason 'AC is 19 with the shield' --by Bo", user="bo")
    dpos = state(bridge)["position"]
    r = cli(bridge, f"resolve {dpos} overturned", user="marta")
    assert r.code == 2 and "correction first" in r.err
    ok(bridge, f"amend {at} --roll 5 --reason 'upheld: AC 19'", user="marta")
    ok(bridge, f"resolve {dpos} overturned", user="marta")
    assert ok(bridge, "disputes --all --json").json()[0]["outcome"] == "overturned"


def test_a_tactical_correction_is_refused(bridge):
    # Seed 003, first section: a legal but tactically poor choice is never rewound.
    ok(bridge, "attack Bruna Orc --bonus 6 --vs ac --roll 12 --dmg 9", user="marta")
    r = cli(bridge, "rewind 5 --reason 'should have attacked later' --kind tactical",
            user="marta")
    assert r.code == 2 and "tactically poor" in r.err


def test_refusals_leave_the_store_unchanged(bridge):
    before = ok(bridge, "log --all --json").out
    for cmd, msg in (("amend 999 --roll 3 --reason x", "no event at position 999"),
                     ("rewind 0 --reason x", "bad position 0"),
                     ("rewind -5 --reason x", ""),
                     ("amend 1 --roll 3 --reason x", "start of the encounter"),
                     ("redo", "nothing to redo")):
        r = cli(bridge, cmd, user="marta")
        assert r.code != 0 and msg in r.err
    assert ok(bridge, "log --all --json").out == before


def test_a_gm_may_add_another_gm(bridge):
    ok(bridge, "gm add Bo", user="marta")
    ok(bridge, "attack Bruna Orc --bonus 6 --vs ac --roll 12 --dmg 9", user="marta")
    ok(bridge, "undo", user="bo")
    assert hp(bridge, "Orc") == 20


def test_branch_forks_a_what_if_and_diff_compares(bridge):
    ok(bridge, "attack Bruna Orc --bonus 6 --vs ac --roll 12 --dmg 9 --kind melee", user="marta")
    at = state(bridge)["position"]
    ok(bridge, f"branch {at - 2} 'What if she missed' --switch", user="marta")
    assert hp(bridge, "Orc", ) == 20  # the branch is now current, as asked
    ok(bridge, "attack Bruna Orc --bonus 6 --vs ac --roll 2 --dmg 9", user="marta")
    assert hp(bridge, "Orc") == 20
    d = ok(bridge, "diff Bridge 'What if she missed' --json").json()
    assert {"what": "Orc.hp", "a": 11, "b": 20} in d


def test_a_correction_recomputes_later_battles_of_the_campaign(sqlite_store):
    s = sqlite_store
    ok(s, "new One --campaign Arc")
    ok(s, "add Bruna --pc --hp 30 --level 3 --con-mod 2 --recovery-die d10")
    ok(s, "damage Bruna 20")
    ok(s, "end")
    ok(s, "new Two --campaign Arc")
    ok(s, "add Bruna --pc --hp 30 --level 3 --con-mod 2 --recovery-die d10")
    assert hp(s, "Bruna") == 10
    r = ok(s, "--encounter One amend 3 --dmg 12 --reason 'it was 12'")
    assert "Two: Bruna started with hp 10 -> 18" in r.out
    assert hp(s, "Bruna") == 18


def test_ripple_reviews_every_amendment_since_the_last_accept(sqlite_store):
    """Two amendments, the second at a later command: `ripple` (and `--accept`) still
    lists what the first broke, so `verify` passes once the GM has accepted. The demo:
    the Ogre Chief's crit at 44 (natural 20, Bruna drops) amended to a natural 8 (16
    vs AC 18: a miss) leaves Bruna's death save at 52 without a dying Bruna (Death
    and Dying); the amendment at 59 turns the Ogre's attack on Kael to Bruna."""
    s = sqlite_store
    ok(s, "demo --delay 0")
    ok(s, "amend 44 --roll 8 --reason 'it was an 8'")
    ok(s, "amend 59 --target Bruna --reason 'the ogre swung at Bruna'")
    assert "   52  death-save Bruna" in ok(s, "ripple").out
    accepted = ok(s, "ripple --accept --note 'we played on'").out
    assert "accepted    52  death-save Bruna" in accepted
    ok(s, "verify")


def test_diff_compares_encounters_of_two_systems(sqlite_store):
    """`diff` of a 13th Age and a 3.5 encounter was an internal error (KeyError 'pd'):
    a key one system has is compared with nothing in the other."""
    s = sqlite_store
    ok(s, "new Bridge --seed 2")
    ok(s, "add Bruna --pc --hp 30 --ac 17 --pd 14 --md 12")
    ok(s, "new Tower --system 3.5e --seed 2")
    ok(s, "add Bruna --pc --hp 30 --ac 17")
    out = ok(s, "diff Bridge Tower").out
    assert "Bruna.pd" in out and "Traceback" not in out
