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
