"""Three evenings at the table (issue 23, "Must show"), one per rule system, shaped like
the fights of the table trial (../shared/audits/table-trial.md): a 13th Age mob of six
mooks with reinforcements, a 5e cave from a bestiary with amends, an undo and a rewind,
half of it through `play` in a pseudo-terminal, and a 3.5 watchtower with late
joiners, dying monsters and a dispute.

Every command is recorded as a GM types it, with no `--force` (no rule refuses any of
them); every die is typed, so each final `state --json` is worked out by hand in the
comments (HP = max − damage taken + healing)."""

from __future__ import annotations

import json

from tests.helpers import cli, ok, state


def first_position(result) -> int:
    """The position of the first event a recording command printed."""
    return int(result.out.split()[0])


def hp_status(s: dict) -> dict:
    return {n: (c["hp"], c["status"]) for n, c in s["combatants"].items()}


def no_rulings(store: str) -> None:
    """Nothing was forced: no ruling in the effective history."""
    types = {json.loads(line)["type"] for line in ok(store, "log --json").out.splitlines()}
    assert not {"RulingRecorded", "Ruling", "GMRuling"} & types, types


# =====================================================================================
# 13th Age (seed 004): "Kobold warren" — a mob of six mooks, a hero and two dire rats
# that join later, an undo, an amend and a rewind
# =====================================================================================

def test_13a_a_mob_of_six_mooks_with_reinforcements(sqlite_store):
    s = sqlite_store
    ok(s, 'new "Kobold warren" --campaign Warren --seed 1')
    ok(s, "add Bruna --pc --hp 40 --ac 18 --pd 14 --md 12 --init 3 --level 3 "
          "--recovery-die d10 --con-mod 2")
    ok(s, "add Kael --pc --hp 30 --ac 16 --pd 13 --md 15 --init 5 --level 3")
    ok(s, "add Sera --pc --hp 34 --ac 17 --pd 12 --md 16 --init 1 --level 3")
    ok(s, "add Kobold --hp 6 --ac 13 --pd 11 --md 10 --init 1 --count 6 --mook")  # mob 36
    # Cyclic Initiative: Kael 15+5 = 20, Bruna 14+3 = 17, the mob 12+1 = 13, Sera 8+1 = 9
    ok(s, "init Bruna=14 Kael=15 Sera=8 Kobold=12")
    assert state(s)["order"][:3] == ["Kael", "Bruna", "Kobold 1"]

    # round 1 (escalation 0). Kael: 14 + 6 = 20 vs PD 11, 10 fire: Kobold 1 (6) dies,
    # 4 spill over to Kobold 2 (6 - 4 = 2); the mob 36 - 10 = 26
    ok(s, "attack Kael k1 --bonus 6 --vs pd --roll 14 --dmg 10 --type fire")
    ok(s, "next")
    # Bruna: 11 + 7 = 18 vs AC 13, 9: Kobold 2 (2) dies, 7 spill: Kobold 3 (6) dies,
    # 1 to Kobold 4 (5/6); the mob 26 - 9 = 17
    ok(s, "attack Bruna k2 --bonus 7 --vs ac --roll 11 --dmg 9 --kind melee")
    assert state(s)["mobs"]["Kobold"] == {"hp": 17, "max_hp": 36, "mooks": 6, "alive": 3}
    assert "turn: Kobold 4" in ok(s, "next").out   # the mob's turn: every mook acts
    ok(s, "attack k4 Bruna --bonus 5 --vs ac --roll 15 --dmg 4")  # 20 vs 18: Bruna 36
    ok(s, "attack k5 Kael --bonus 5 --vs ac --roll 9 --dmg 4")    # 14 vs 16: a miss
    ok(s, "attack k6 Sera --bonus 5 --vs ac --roll 13 --dmg 3")   # 18 vs 17: Sera 31
    ok(s, "next")
    ok(s, 'cond add Bruna "shield of faith" --mod ac:+1 --until end-of-next-turn:Sera')
    ok(s, "next")

    # round 2 (escalation 1): the Kobold Hero joins, 10 + 2 = 12, before Sera (9)
    ok(s, 'add "Kobold Hero" --hp 22 --ac 18 --pd 16 --md 12 --init 2')
    ok(s, 'init "Kobold Hero"=10')
    ok(s, "attack Kael k4 --bonus 6 --vs pd --roll 10 --dmg 12 --type fire")
    ok(s, 'undo --reason "Kael aimed at the hero"')               # the whole command back
    # 10 + 6 + 1 = 17 vs PD 16: the hero 22 - 12 = 10
    ok(s, 'attack Kael "Kobold Hero" --bonus 6 --vs pd --roll 10 --dmg 12 --type fire')
    ok(s, "next")
    # Bruna's 4 + 7 + 1 = 12 misses AC 13; the die said 16: 24, a hit for 8: Kobold 4
    # (5) dies, 3 spill to Kobold 5 (3/6); the mob 17 - 8 = 9
    missed = ok(s, "attack Bruna k4 --bonus 7 --vs ac --roll 4 --dmg 8 --kind melee")
    assert "miss" in missed.out
    ok(s, f'amend {first_position(missed)} --roll 16 --reason "the die said 16"')
    assert state(s)["mobs"]["Kobold"]["hp"] == 9
    ok(s, "next")
    # shield of faith: 13 + 5 = 18 vs AC 18 + 1 = 19, a miss; 16 + 5 = 21: Sera 28
    assert "miss" in ok(s, "attack k5 Bruna --bonus 5 --vs ac --roll 13 --dmg 4").out
    ok(s, "attack k6 Sera --bonus 5 --vs ac --roll 16 --dmg 3")
    ok(s, "next")
    ok(s, 'attack "Kobold Hero" Bruna --bonus 7 --vs ac --roll 14 --dmg 6')  # 21: Bruna 30
    ok(s, "ongoing Bruna 3 --type poison")                         # its poisoned blade
    ok(s, "next")
    # Sera: 12 + 6 + 1 = 19 vs MD 10, 7: Kobold 5 (3) dies, 4 spill: Kobold 6 at 2
    ok(s, "attack Sera k5 --bonus 6 --vs md --roll 12 --dmg 7")
    ok(s, "next")                                   # the shield ends with Sera's turn

    # round 3 (escalation 2): two dire rats join, 5 + 3 = 8, last
    ok(s, 'add "Dire Rat" --hp 10 --ac 15 --pd 14 --md 10 --init 3 --count 2')
    ok(s, 'init "Dire Rat"=5')
    # 15 + 6 + 2 = 23 vs PD 16, 11: the hero 10 - 11 = -1, dead
    ok(s, 'attack Kael "Kobold Hero" --bonus 6 --vs pd --roll 15 --dmg 11 --type fire')
    ok(s, "next")
    # 9 + 7 + 2 = 18 vs AC 13, 5: Kobold 6 at 2 - 5 = -3, the mob is gone
    ok(s, "attack Bruna k6 --bonus 7 --vs ac --roll 9 --dmg 5 --kind melee")
    ok(s, "next --save Bruna=8")      # the poison: 30 - 3 = 27, the save (11+) fails
    # the mob and the dead hero take no turn: Sera's
    ok(s, 'attack Sera "Dire Rat 1" --bonus 6 --vs md --roll 17 --dmg 8')  # 25: rat 2/10
    assert "turn: Dire Rat 1" in ok(s, "next").out
    ok(s, 'cond add "Dire Rat 1" fled')                          # it runs off
    ok(s, "next")
    ok(s, 'attack "Dire Rat 2" Sera --bonus 6 --vs ac --roll 18 --dmg 5')  # 24: Sera 23
    assert "round 4, escalation die 3" in ok(s, "next").out      # the fled rat skipped

    # round 4: Kael's 5 + 6 + 3 = 14 meets PD 14, but the rat was behind the crates
    before = state(s)["position"]
    ok(s, 'attack Kael "Dire Rat 2" --bonus 6 --vs pd --roll 5 --dmg 9 --type fire')
    ok(s, f'rewind {before} --reason "the rat was out of sight behind the crates"')
    # thrown again: 12 + 6 + 3 = 21, 10 fire: the rat 10 - 10 = 0, dead
    ok(s, 'attack Kael "Dire Rat 2" --bonus 6 --vs pd --roll 12 --dmg 10 --type fire')
    at_the_end = state(s)
    assert at_the_end["combatants"]["Bruna"]["ongoing"] != []    # still poisoned
    assert at_the_end["combatants"]["Dire Rat 1"]["conditions"] == ["fled"]
    ok(s, "end")

    final = state(s)
    assert final["ended"] == "victory" and final["round"] == 4
    assert final["escalation_die"] == 3
    assert final["mobs"] == {"Kobold": {"hp": 0, "max_hp": 36, "mooks": 6, "alive": 0}}
    assert hp_status(final) == {
        "Bruna": (27, "up"),          # 40 - 4 (Kobold 4) - 6 (the hero) - 3 (poison)
        "Kael": (30, "up"),           # never hit: the only mook at him missed
        "Sera": (23, "up"),           # 34 - 3 - 3 (Kobold 6, twice) - 5 (Dire Rat 2)
        "Kobold 1": (0, "dead"), "Kobold 2": (0, "dead"), "Kobold 3": (0, "dead"),
        "Kobold 4": (0, "dead"), "Kobold 5": (0, "dead"),
        "Kobold 6": (-3, "dead"),     # 2 - 5: the last mook takes the whole blow
        "Kobold Hero": (-1, "dead"),  # 22 - 12 - 11
        "Dire Rat 1": (2, "fled"),    # 10 - 8, then it ran
        "Dire Rat 2": (0, "dead"),    # 10 - 10 (the rewound 9 never counted)
    }
    assert final["combatants"]["Bruna"]["recoveries"] == 8   # none spent
    no_rulings(s)
    assert ok(s, "verify").out.startswith("ok")


# =====================================================================================
# 5e (seed 002): "Goblin cave" — orcs, goblins and a bugbear from a bestiary; an amend
# of the damage, an undo, round 2 in `play` (a crit on a dying PC, the death save it
# prefills), an amend of a roll, a rewind, a goblin that flees
# =====================================================================================

CAVE = '''system = "5e"

[orc]
hp = 15
ac = 13
cr = "1/2"
save = ["str:+3"]
init = 1

[orc.attacks.greataxe]
bonus = 5
damage = "1d12+3"
type = "slashing"
kind = "melee"

[goblin]
hp = 7
ac = 15
cr = "1/4"
init = 2

[goblin.attacks.scimitar]
bonus = 4
damage = "1d6+2"
type = "slashing"
kind = "melee"

[bugbear]
hp = 27
ac = 16
cr = "1"
init = 2

[bugbear.attacks.morningstar]
bonus = 4
damage = "2d8+2"
type = "piercing"
kind = "melee"
'''


def play_round(store: str, cwd: str, lines: list[str]) -> None:
    """Type ``lines`` into `play` on a pseudo-terminal, each saved before the next;
    a line "DEATH-SAVE N" answers the prefilled `death-save NAME --roll ` prompt."""
    import time

    from tests.e2e.terminal import Terminal

    term = Terminal(["--store", store, "play"], cwd=cwd)
    try:
        term.expect("Goblin cave>")
        for line in lines:
            before = state(store)["position"]
            if line.startswith("DEATH-SAVE "):
                term.expect("death-save Bram --roll")       # offered, prefilled
                term.line(line.split()[1])
            else:
                term.line(line)
            end = time.monotonic() + 20
            while state(store)["position"] == before and time.monotonic() < end:
                time.sleep(0.05)
            assert state(store)["position"] > before, f"{line!r}: nothing saved\n" \
                + term.text[-2000:]
            term.expect("Goblin cave>")
        term.line("q")
        assert term.close() == 0
    finally:
        term.kill()
    assert "Error" not in term.text, term.text[-2000:]


def test_5e_a_cave_from_a_bestiary_half_of_it_in_play(sqlite_store, tmp_path):
    s = sqlite_store
    (tmp_path / "cave.toml").write_text(CAVE, "utf-8")
    ok(s, 'new "Goblin cave" --system 5e --campaign Greyhawk --seed 4')
    ok(s, "bestiary add " + str(tmp_path / "cave.toml"))
    ok(s, "add Aria --pc --hp 22 --ac 12 --init 2 --level 3 --save int:+5 --save wis:+3")
    ok(s, "add Bram --pc --hp 28 --ac 18 --init 0 --level 3 --save str:+5 --save con:+5")
    ok(s, "add Tobin --pc --hp 24 --ac 16 --init 1 --level 3 --save wis:+5 --save cha:+4")
    ok(s, "add Orc --from orc --count 2")
    ok(s, "add Goblin --from goblin --count 3")
    ok(s, "add Bugbear --from bugbear")
    # Initiative (a Dex check): Aria 18+2 = 20, the goblins 15+2 = 17, Tobin 13+1 = 14,
    # the orcs 10+1 = 11, Bram 9+0 = 9, the bugbear 4+2 = 6
    ok(s, "init Aria=18 Bram=9 Tobin=13 Orc=10 Goblin=15 Bugbear=4")
    assert state(s)["order"] == ["Aria", "Goblin 1", "Goblin 2", "Goblin 3", "Tobin",
                                 "Orc 1", "Orc 2", "Bram", "Bugbear"]

    # round 1. Aria's fire bolt: 14 + 5 = 19 vs AC 15, 8: Goblin 1 7 - 8, dead at 0
    ok(s, 'attack Aria "Goblin 1" --bonus 5 --roll 14 --dmg 8 --type fire --kind ranged')
    assert "turn: Goblin 2" in ok(s, "next").out                 # the dead skipped
    ok(s, 'do "Goblin 2" hide')
    ok(s, "next")
    # the saved scimitar: 15 + 4 = 19 vs AC 12; 5 typed, the die showed 3: Aria 19
    hit = ok(s, 'attack "Goblin 3" Aria scimitar --roll 15 --dmg 5')
    ok(s, f'amend {first_position(hit)} --dmg 3 --reason "the die showed a 3"')
    ok(s, "next")
    # Goblin 2 is hidden: disadvantage from the state, the lower face 7 + 5 = 12, a miss
    out = ok(s, 'attack Tobin "Goblin 2" --bonus 5 --roll 16/7 --dmg 6 --kind ranged').out
    assert "miss" in out and "disadvantage" in out
    ok(s, "next")
    ok(s, 'attack "Orc 1" Bram greataxe --roll 13 --dmg 10')    # 18 vs 18: Bram 18
    ok(s, "next")
    ok(s, 'attack "Orc 2" Bram greataxe --roll 17 --dmg 11')    # 22: Bram 7
    ok(s, "next")
    ok(s, 'attack Bram "Orc 1" --bonus 5 --roll 11 --dmg 9 --kind melee')
    ok(s, 'undo --reason "Bram swung at the other orc"')
    ok(s, 'attack Bram "Orc 2" --bonus 5 --roll 11 --dmg 9 --kind melee')  # 16: Orc 2 6
    ok(s, "next")
    # 18 + 4 = 22 vs 18, 12: Bram 7 - 12 stops at 0 and drops (5 left over < 28: no
    # instant death, 5E-ZERO-04)
    ok(s, "attack Bugbear Bram morningstar --roll 18 --dmg 12")
    ok(s, "next")
    bram = state(s)["combatants"]["Bram"]
    assert (bram["hp"], bram["status"]) == (0, "unconscious")

    # round 2, at the table in `play`
    play_round(s, str(tmp_path), [
        # 13 + 5 = 18 vs 13, 7 fire: Orc 2 6 - 7, dead
        'a Aria "Orc 2" --bonus 5 --roll 13 --dmg 7 --type fire --kind ranged', "n",
        # from hiding, advantage as the GM says: 16 + 4 = 20 vs 12: Aria 19 - 4 = 15
        'a "Goblin 2" Aria scimitar --adv --roll 16/9 --dmg 4', "n",
        'a "Goblin 3" Tobin scimitar --roll 8 --dmg 5', "n",    # 12 vs 16: a miss
        'a Tobin "Goblin 3" --bonus 5 --roll 15 --dmg 6 --kind melee', "n",  # 20: 1/7
        # Bram is unconscious: advantage, the higher 14 + 5 = 19 vs 18, a melee hit
        # within 5 feet is a critical hit, damage at 0 HP: two death save failures
        'a "Orc 1" Bram greataxe --roll 14/6 --dmg 8', "n",
        "DEATH-SAVE 12",                                        # 10+: one success
        "n",
        'a Bugbear Tobin morningstar --roll 11 --dmg 9',        # 15 vs 16: a miss
    ])
    bram = state(s)["combatants"]["Bram"]
    assert (bram["death_saves_failed"], bram["death_saves_succeeded"]) == (2, 1)

    # the bugbear's die was a 12: 16 vs 16 hits, 9: Tobin 24 - 9 = 15
    events = [json.loads(line) for line in ok(s, "log --json").out.splitlines()]
    swing = [e for e in events if e["type"] == "AttackResolved"
             and e["attacker"] == "Bugbear"][-1]
    ok(s, f'amend {swing["position"]} --roll 12 --reason "a 12: it hits"')
    ok(s, "next")

    # round 3: Aria's bolt misses Goblin 3 (3 + 5 = 8), but it had run off already
    before = state(s)["position"]
    ok(s, 'attack Aria "Goblin 3" --bonus 5 --roll 3 --dmg 7 --type fire --kind ranged')
    ok(s, f'rewind {before} --reason "Goblin 3 had already run off"')
    ok(s, 'leave "Goblin 3"')
    # 15 + 5 = 20 vs 15 (no longer hidden: it attacked), 9: Goblin 2 7 - 9, dead
    ok(s, 'attack Aria "Goblin 2" --bonus 5 --roll 15 --dmg 9 --type fire --kind ranged')
    assert "turn: Tobin" in ok(s, "next").out     # the dead and the fled take no turn
    ok(s, "heal Bram 7")                           # healing word: 0 + 7, awake
    ok(s, "next")
    ok(s, 'attack "Orc 1" Tobin greataxe --roll 5 --dmg 9')      # 10 vs 16: a miss
    ok(s, "next")
    ok(s, "cond remove Bram prone")               # he stands up: half his movement
    ok(s, 'attack Bram "Orc 1" --bonus 5 --roll 16 --dmg 8 --kind melee')  # 21: Orc 1 7
    ok(s, "next")
    ok(s, "attack Bugbear Bram morningstar --roll 9 --dmg 10")   # 13 vs 18: a miss

    final = state(s)
    assert (final["round"], final["turn"]) == (3, "Bugbear")
    assert hp_status(final) == {
        "Aria": (15, "up"),        # 22 - 3 (the amended scimitar) - 4 (Goblin 2)
        "Bram": (7, "up"),         # 28 - 10 - 11 - 12 -> 0 (never below), healed 7
        "Tobin": (15, "up"),       # 24 - 9 (the amended morningstar)
        "Orc 1": (7, "up"),        # 15 - 8 (the undone 9 never counted)
        "Orc 2": (0, "dead"),      # 15 - 9 - 7, stops at 0
        "Goblin 1": (0, "dead"),   # 7 - 8
        "Goblin 2": (0, "dead"),   # 7 - 9
        "Goblin 3": (1, "fled"),   # 7 - 6, then it ran
        "Bugbear": (27, "up"),     # never hit
    }
    bram = final["combatants"]["Bram"]
    # healed: the death saves are reset, and he stood up
    assert (bram["death_saves_failed"], bram["death_saves_succeeded"]) == (0, 0)
    assert bram["conditions"] == []
    assert final["combatants"]["Goblin 3"]["conditions"] == ["fled"]
    no_rulings(s)
    assert ok(s, "verify").out.startswith("ok")


def test_amend_refuses_an_option_the_command_has_not(sqlite_store):
    """`amend P --dmg N` at a `next` was recorded as `next --dmg N`; now bad input."""
    s = sqlite_store
    ok(s, "new Cave --system 5e --seed 4")
    ok(s, "add Aria --pc --hp 22 --ac 12 --init 2")
    ok(s, "add Orc --hp 15 --ac 13 --init 1")
    ok(s, "init Aria=10 Orc=5")
    turn = ok(s, "next")
    r = cli(s, f'amend {first_position(turn)} --dmg 3 --reason "a 3"')
    assert r.code == 2 and r.err.startswith("Error: bad --dmg '3': expected an option "
                                            "of `next`")


def test_a_recorded_leave_is_decided_again_by_verify(sqlite_store):
    """`leave NAME` (how left out) made `verify` fail with an internal error."""
    s = sqlite_store
    ok(s, "new Cave --system 5e --seed 4")
    ok(s, "add Aria --pc --hp 22 --ac 12 --init 2")
    ok(s, "add Orc --hp 15 --ac 13 --init 1")
    ok(s, "init Aria=10 Orc=5")
    ok(s, "leave Orc")
    assert ok(s, "verify").out.startswith("ok")


# =====================================================================================
# 3.5 (seed 003): "Ruined watchtower" — orcs and a bugbear from a bestiary, dying
# monsters rolling their d100s, two hobgoblins joining aware of the fight, a player's
# dispute settled by an amendment, an undo with its reason
# =====================================================================================

TOWER = '''system = "3.5e"

[orc]
hp = 5
ac = 13
touch = 10
flat-footed = 13
bab = 1
init = 0

[orc.attacks.falchion]
bonus = 4
damage = "2d4+4"
threat = 18
kind = "melee"

[bugbear]
hp = 16
ac = 17
touch = 11
flat-footed = 16
bab = 2
init = 1

[bugbear.attacks.morningstar]
bonus = 5
damage = "1d8+2"
kind = "melee"
'''


def test_35_a_watchtower_with_late_joiners_dying_monsters_and_a_dispute(sqlite_store,
                                                                         tmp_path):
    s = sqlite_store
    (tmp_path / "tower.toml").write_text(TOWER, "utf-8")
    ok(s, 'new "Ruined watchtower" --system 3.5e --campaign Sigil --seed 6')
    ok(s, "bestiary add " + str(tmp_path / "tower.toml"))
    ok(s, "add Kael --pc --hp 52 --ac 19 --touch 11 --flat-footed 18 --bab 6 --init 1 "
          "--fort 7 --ref 3 --will 2")
    ok(s, "add Mira --pc --hp 33 --ac 18 --touch 10 --flat-footed 18 --bab 3 --fort 5 "
          "--will 7")
    ok(s, "add Lidda --pc --hp 20 --ac 16 --touch 14 --flat-footed 13 --bab 2 --init 4 "
          "--ref 6")
    ok(s, "add Orc --from orc --count 3")
    ok(s, "add Bugbear --from bugbear")
    # Lidda 15+4 = 19, Kael 14+1 = 15, the orcs 10+0 = 10, Mira 8, the bugbear 5+1 = 6
    ok(s, "init Kael=14 Mira=8 Lidda=15 Orc=10 Bugbear=5")

    # round 1. Lidda's sneak attack on the flat-footed Orc 1: 13 + 4 = 17 vs 13,
    # 3 + 3 precision: 5 - 6 = -1, dying (35-HPS: -1 to -9)
    ok(s, 'attack Lidda "Orc 1" --bonus 4 --roll 13 --dmg 3 --extra-dmg 3 --precision '
          '--kind melee')
    ok(s, "next")
    ok(s, 'attack Kael "Orc 2" --bonus 10 --roll 12 --dmg 9 --kind melee')  # 5 - 9 = -4
    # each dying orc's d100 as its turn starts: 55, -1 hp (-2); 03, stable at -4
    assert "55: loses 1 hp" in ok(s, 'next --death-save "Orc 1=55"').out
    assert "3: stable" in ok(s, 'next --death-save "Orc 2=3"').out
    ok(s, "next")
    # the saved falchion (typed damage wins over its dice): a natural 18 threatens
    # (18-20), confirmed 15 + 4 = 19 vs AC 19; 7 x 2 = 14: Kael 52 - 14 = 38
    out = ok(s, 'attack "Orc 3" Kael falchion --roll 18 --confirm 15 --dmg 7').out
    assert "CRITICAL HIT for 14" in out
    ok(s, "next")
    ok(s, 'attack Mira "Orc 3" --bonus 4 --roll 14 --dmg 6 --kind melee')  # 5 - 6 = -1
    # two hobgoblins run up the stairs, aware: initiative 19 + 1 = 20, from round 2
    out = ok(s, "add Hobgoblin --hp 6 --ac 15 --touch 11 --flat-footed 14 --bab 1 "
                "--count 2 --joins aware").out
    assert "initiative 20" in out and "35-INI-06" in out
    ok(s, "next")
    swing = ok(s, "attack Bugbear Mira morningstar --roll 16 --dmg 8")  # 21 vs 18
    assert state(s)["combatants"]["Mira"]["hp"] == 25
    # Mira's player: she stood behind the parapet; the GM agrees: cover, +4 AC,
    # 21 vs 22 misses, and Mira has her 33 again
    dispute = ok(s, f'dispute {first_position(swing)} --reason "Mira stood behind the '
                    f'parapet" --quote Copertura', user="anna")
    d = first_position(dispute)
    ok(s, f'amend {first_position(swing)} --set cover=normal --dispute {d} '
          f'--reason "the parapet: cover, +4 AC"')
    ok(s, f"resolve {d} overturned")
    assert state(s)["combatants"]["Mira"]["hp"] == 33
    assert "round 2" in ok(s, "next").out

    # round 2: the newcomers act first
    ok(s, 'attack "Hobgoblin 1" Lidda --bonus 2 --roll 15 --dmg 5 --kind melee')  # 15
    ok(s, "next")
    ok(s, 'attack "Hobgoblin 2" Lidda --bonus 2 --roll 4 --dmg 5 --kind melee')   # miss
    ok(s, "next")
    ok(s, "attack Lidda hob1 --bonus 4 --roll 11 --dmg 4 --flank --kind melee")
    ok(s, 'undo --reason "no flank: Kael was not behind it"')
    # without the +2: 11 + 4 = 15 vs 15, a hit: Hobgoblin 1 6 - 4 = 2
    ok(s, "attack Lidda hob1 --bonus 4 --roll 11 --dmg 4 --kind melee")
    ok(s, "next")
    ok(s, "attack Kael hob1 --bonus 10 --roll 9 --dmg 10 --kind melee")  # 2 - 10 = -8
    assert "5: stable" in ok(s, 'next --death-save "Orc 1=5"').out   # stable at -2
    # the stable Orc 2 takes no turn; nobody types Orc 3's d100: the `next` that ends
    # its turn rolls it
    assert "turn: Orc 3" in ok(s, "next").out
    ok(s, "next")
    rolled = [json.loads(line) for line in ok(s, "log --json").out.splitlines()]
    d100 = [e for e in rolled if e.get("name") == "Orc 3" and e["type"] != "TurnStarted"
            and "roll" in e and e["roll"] and e["roll"].get("sides") == [100]][-1]
    face = d100["roll"]["faces"][0]
    assert d100["roll"]["source"] == "virtual"
    ok(s, 'attack Mira Bugbear --bonus 4 --roll 17 --dmg 7 --kind melee')  # 16 - 7 = 9
    ok(s, "next")
    ok(s, "attack Bugbear Mira morningstar --roll 8 --dmg 6")              # 13: a miss
    # round 3: Hobgoblin 1's d100, 40: -8 - 1 = -9
    ok(s, 'next --death-save "Hobgoblin 1=40"')

    final = state(s)
    assert (final["round"], final["turn"]) == (3, "Hobgoblin 1")
    assert hp_status(final) == {
        "Kael": (38, "up"),          # 52 - 14 (the confirmed falchion)
        "Mira": (33, "up"),          # the bugbear's 8 amended away; its 13 missed
        "Lidda": (15, "up"),         # 20 - 5 (Hobgoblin 1)
        "Orc 1": (-2, "stable"),     # 5 - 6, -1 (d100 55), stable (d100 05)
        "Orc 2": (-4, "stable"),     # 5 - 9, stable (d100 03)
        # 5 - 6 = -1, then the virtual d100: 01-10 stable, else -1 hp
        "Orc 3": (-1, "stable") if face <= 10 else (-2, "dying"),
        "Bugbear": (9, "up"),        # 16 - 7
        "Hobgoblin 1": (-9, "dying"),  # 6 - 4 - 10 = -8, -1 (d100 40)
        "Hobgoblin 2": (6, "up"),
    }
    assert final["combatants"]["Hobgoblin 1"]["initiative"] == 20
    disputes = ok(s, "sql \"SELECT outcome FROM disputes\"").out
    assert "overturned" in disputes
    no_rulings(s)
    assert ok(s, "verify").out.startswith("ok")


def test_a_typed_damage_wins_over_a_saved_attacks_dice_in_35(sqlite_store, tmp_path):
    """The README: "a typed option wins over the saved one"; in 3.5 a typed --dmg with
    a saved `damage` was refused as "either --damage EXPR or --dmg N"."""
    s = sqlite_store
    (tmp_path / "tower.toml").write_text(TOWER, "utf-8")
    ok(s, "new Tower --system 3.5e --seed 6")
    ok(s, "bestiary add " + str(tmp_path / "tower.toml"))
    ok(s, "add Kael --pc --hp 52 --ac 19 --touch 11 --flat-footed 18 --bab 6")
    ok(s, "add Orc --from orc")
    ok(s, "init Orc=15 Kael=2")
    out = ok(s, "attack Orc Kael falchion --roll 12 --dmg 7").out   # 16 vs 18 (ff)
    assert "miss" in out
    ok(s, "undo --reason again")
    ok(s, "attack Orc Kael falchion --roll 15 --dmg 7")              # 19 vs 18: 7
    assert state(s)["combatants"]["Kael"]["hp"] == 45
