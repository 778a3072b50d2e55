"""A recording command's line tells what the command did, in the log's own words
(issue 23 point 3): a creature drops, dies, is staggered (bloodied), stabilizes,
wakes, flees; a mook's damage spilling over kills the next ones. In every system and
in Italian, from the same code as the log's marks (replay/drops.py)."""

from __future__ import annotations

from tests.helpers import ok, state


def _line(out: str, position: int) -> str:
    return next(line for line in out.splitlines()
                if line.strip().startswith(f"{position} ") or
                line.lstrip().split("  ")[0] == str(position))


def _the_log_says(store: str, printed: str, lang: str = "en") -> None:
    """Every line the command printed is the log's line at that position."""
    log = ok(store, "--lang", lang, "log").out.splitlines()
    for line in printed.splitlines():
        position, text = line.strip().split("  ", 1)
        assert any(l.split()[0] == position and l.endswith(text) for l in log), line


def test_13a_a_mooks_spill_over_kills_and_the_line_says_who(sqlite_store):
    s = sqlite_store
    ok(s, "new Warren --campaign Kobolds --seed 3")
    ok(s, "add Bruna --pc --hp 40 --ac 18 --pd 14 --md 12 --init 3 --recovery-die d10")
    ok(s, "add Kobold --hp 6 --ac 14 --pd 12 --md 10 --init 1 --count 4 --mook")
    ok(s, "add Rat --hp 20 --ac 14 --pd 12 --md 10 --init 0")
    ok(s, "init Bruna=15 Kobold=3 Rat=2")
    # 14 damage to a 6-hp mook: Kobold 1 dies, 8 spill over: 6 kill Kobold 2 (6 hp),
    # 2 go on to Kobold 3 (the line says where the damage went)
    hit = ok(s, "attack Bruna 'Kobold 1' --bonus 6 --vs ac --roll 17 --dmg 14 --kind melee").out
    assert ("hit for 14 — 6 spill over to Kobold 2, 2 to Kobold 3 — Kobold 1 and Kobold 2 "
            "die") in hit  # the deaths together, in the plural
    assert state(s)["combatants"]["Kobold 3"]["hp"] == 4
    assert "Kobold 3 dies" not in hit
    _the_log_says(s, hit)
    staggered = ok(s, "damage Rat 11").out  # 9 of 20 left: staggered (half or less)
    assert staggered.rstrip().endswith("Rat takes 11 (direct) — Rat is staggered")
    italian = ok(s, "--lang it damage 'Kobold 3' 5").out  # 4 hp: 1 goes on to Kobold 4
    assert italian.rstrip().endswith("— 1 danno passa a Kobold 4 — Kobold 3 muore")
    _the_log_says(s, italian, "it")
    italian = ok(s, "--lang it damage Bruna 41").out  # 40 hp: -1, down
    assert italian.rstrip().endswith("— Bruna cade (privo di sensi)")
    _the_log_says(s, italian, "it")


def test_5e_drops_wakes_and_bloodied_are_said_when_recorded(sqlite_store):
    s = sqlite_store
    ok(s, "new Crypt --system 5e --campaign Valdris --seed 4")
    ok(s, "add Aria --pc --hp 24 --ac 16 --init 3 --level 3")
    ok(s, "add Bram --pc --hp 28 --ac 18 --level 3")
    ok(s, "add Ghoul --hp 22 --ac 12 --init 2 --count 2")
    ok(s, "init Aria=15 Bram=11 Ghoul=12")
    # a crit of 16 (as thrown) on a 22-hp ghoul, 6 left: bloodied (half or less, 5E-HP-03)
    crit = ok(s, "attack Aria 'Ghoul 1' --bonus 5 --roll 20 --dmg 16 --kind melee").out
    assert crit.rstrip().endswith("— Ghoul 1 is bloodied")
    ok(s, "next")
    ok(s, "next")
    drop = ok(s, "attack 'Ghoul 2' Bram --bonus 4 --roll 18 --dmg 30 --kind melee").out
    assert drop.rstrip().endswith("hit for 30 — Bram drops (unconscious)")
    _the_log_says(s, drop)
    ok(s, "next")
    # a natural 20 on a death save: 1 hp back, conscious (5E-ZERO-07)
    wakes = ok(s, "--lang it death-save Bram --roll 20").out
    assert wakes.rstrip().endswith("— Bram riprende i sensi")
    _the_log_says(s, wakes, "it")


def test_35_a_dying_monster_stabilizes_and_a_dead_one_dies_on_its_line(sqlite_store):
    s = sqlite_store
    ok(s, "new Alley --system 3.5e --campaign Sigil --seed 3")
    ok(s, "add Kael --pc --hp 52 --ac 19 --touch 11 --flat-footed 18 --bab 6 --init 1")
    ok(s, "add Thug --hp 7 --ac 14 --touch 11 --flat-footed 13 --bab 1 --init 1 --count 2")
    ok(s, "init Kael=15 Thug=11")
    # 8 damage to 7 hp: -1, dying (35-HP-04)
    dying = ok(s, "attack Kael 'Thug 1' --bonus 10 --roll 15 --dmg 8 --kind melee").out
    assert dying.rstrip().endswith("— Thug 1 drops (dying)")
    dead = ok(s, "--lang it damage 'Thug 2' 17").out  # 7 - 17 = -10: dead
    assert dead.rstrip().endswith("— Thug 2 muore")
    _the_log_says(s, dead, "it")
    stable = ok(s, "next --death-save 'Thug 1=8'").out  # d100 08: stable (01-10)
    assert "— Thug 1 stabilizes" in stable
    _the_log_says(s, stable)
