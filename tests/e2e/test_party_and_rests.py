"""A campaign's party and rests that follow the fiction (issue 23, points 6 and 7).

A PC's sheet is kept by the campaign: a later battle's `add NAME --pc` takes it and
what the PC carried over, without retyping it; `party` lists and changes it. A 5e or
3.5 rest happens between battles on the PCs it names and does what the SRD says where
the seed is silent (5e "Riposo", 5E-RST-01/5E-GAP-11: Hit Dice on a short rest, all
hit points and half the Hit Dice back on a long one; 3.5 natural healing: 1 hp per
level a night, 2 a day in bed, nonlethal 1 per level an hour, 35-NL-04); in a fight
it is refused unless a GM forces it."""

from __future__ import annotations

import pytest

from tests.helpers import cli, nothing_recorded, ok, snapshot_of, state

GM = "marta"


def pc(store, name, *extra):
    return state(store, *extra)["combatants"][name]


def refused(store, line, words):
    before = snapshot_of(store)
    r = cli(store, line, user=GM)
    assert r.code == 2 and words in r.err and r.err.count("\n") == 1, r.err
    assert snapshot_of(store) == before


@pytest.fixture
def cave(sqlite_store):
    """A 5e battle over: Tobin (level 4, d10 Hit Dice, Con 14: +2, 30 hp) ends at 10."""
    s = sqlite_store
    for line in ("new Cave --system 5e --campaign Arc --seed 4",
                 "add Tobin --pc --hp 30 --ac 15 --level 4 --hit-die d10 --score con:14",
                 "add Gob --hp 7 --ac 12", "damage Tobin 20", "exhaustion Tobin +1",
                 "end"):
        ok(s, line, user=GM)
    return s


# --- 6. the party ----------------------------------------------------------------------

def test_a_5e_pc_in_a_later_battle_takes_its_sheet_and_what_carried_over(cave):
    # the first whole `add --pc` of the campaign kept the sheet
    assert "Tobin: " in ok(cave, "party", user=GM).out
    ok(cave, "rest short --roll Tobin=6", user=GM)          # 10 + 6 + 2 = 18
    ok(cave, "new Ford --system 5e --campaign Arc", user=GM)
    r = ok(cave, "add Tobin --pc", user=GM)                  # nothing retyped
    assert "Tobin joins: 18/30 hp, AC 15" in r.out
    assert "Tobin joins with the sheet the party keeps" in r.out
    t = pc(cave, "Tobin")
    assert (t["hp"], t["max_hp"], t["ac"], t["level"], t["exhaustion"]) == \
        (18, 30, 15, 4, 1)
    assert "exhaustion" in t["conditions"]
    # the Hit Die spent after Cave is still spent: 3 left of 4
    listed = ok(cave, "party --json", user=GM).json()
    assert listed[0]["carried"]["hit_dice_spent"] == 1
    assert ok(cave, "verify").out.startswith("ok:")


def test_party_add_update_and_add_update_change_the_kept_sheet(cave):
    ok(cave, "party add Mira --hp 22 --ac 13 --level 2 --hit-die d6", user=GM)
    ok(cave, "party update tob --ac 17", user=GM)            # a short name will do
    ok(cave, "new Ford --system 5e --campaign Arc", user=GM)
    ok(cave, "add Mira --pc", user=GM)
    ok(cave, "add Tobin --pc", user=GM)
    assert (pc(cave, "Mira")["hp"], pc(cave, "Mira")["ac"]) == (22, 13)
    assert pc(cave, "Tobin")["ac"] == 17
    # a later sheet change does not change what an earlier battle decided
    ok(cave, "party update Mira --hp 25", user=GM)
    assert ok(cave, "verify").out.startswith("ok:")
    ok(cave, "end", user=GM)
    ok(cave, "new Hill --system 5e --campaign Arc", user=GM)
    ok(cave, "add Mira --pc --ac 15 --update", user=GM)      # this battle and the sheet
    ok(cave, "add Tobin --pc --ac 12", user=GM)              # this battle only
    assert (pc(cave, "Mira")["ac"], pc(cave, "Tobin")["ac"]) == (15, 12)
    out = ok(cave, "party", user=GM).out
    assert "Mira: hp 25 ac 15 level 2 hit-die d6 — 22/25 hp, up after Hill" in out
    assert ("Tobin: hp 30 ac 17 level 4 score con:14 hit-die d10 — 10/30 hp, up "
            "after Hill; exhaustion 1") in out
    assert "22/25 hp, up after Hill" in out
    ok(cave, "party remove Mira", user=GM)
    assert "Mira" not in ok(cave, "party", user=GM).out


def test_a_pc_the_party_does_not_know_needs_its_sheet_typed(cave):
    ok(cave, "new Ford --system 5e --campaign Arc", user=GM)
    refused(cave, "add Kael --pc", "party add Kael --hp N")
    refused(cave, "party update Kael --ac 3", "one of the party: Tobin")
    refused(cave, "party add Tobin --hp 3", "party update Tobin")


def test_a_3_5_pc_carries_its_hit_points_nonlethal_and_ability_damage(sqlite_store):
    s = sqlite_store
    for line in ("new Tower --system 3.5e --campaign W",
                 "add Ava --pc --hp 24 --ac 15 --level 3 --score str:14",
                 "damage Ava 10", "damage Ava 4 --nonlethal", "ability Ava str -2",
                 "end", "new Keep --system 3.5e --campaign W", "add Ava --pc"):
        ok(s, line, user=GM)
    a = pc(s, "Ava")
    assert (a["hp"], a["max_hp"], a["ac"], a["nonlethal"]) == (14, 24, 15, 4)
    assert ok(s, "verify").out.startswith("ok:")


def test_a_13th_age_pc_takes_its_sheet_with_its_recoveries(sqlite_store):
    s = sqlite_store
    for line in ("new One --campaign Arc",
                 "add Bruna --pc --hp 30 --ac 17 --pd 14 --md 12 --level 3 "
                 "--recovery-die d10 --con-mod 2",
                 "recover Bruna --roll 9", "damage Bruna 20", "end",
                 "new Two --campaign Arc", "add Bruna --pc"):
        ok(s, line, user=GM)
    b = pc(s, "Bruna")
    assert (b["hp"], b["max_hp"], b["ac"], b["recoveries"]) == (10, 30, 17, 7)
    assert ok(s, "verify").out.startswith("ok:")


# --- 7. rests in 5e and 3.5 --------------------------------------------------------------

def test_5e_short_rest_spends_hit_dice_and_a_long_one_gives_all_back(cave):
    # SRD "Short Rest": each Hit Die rolled + Con (+2): 6+2 and 3+2 -> 10 + 13 = 23
    r = ok(cave, "rest short Tobin --roll Tobin=6,3", user=GM)
    assert "short rest after Cave: Tobin spends 2 Hit Dice (6, 3, +2 each), heals 13 hp" \
        in r.out
    listed = ok(cave, "party --json", user=GM).json()[0]["carried"]
    assert (listed["hp"], listed["hit_dice_spent"]) == (23, 2)
    # no more Hit Dice than the level (4): 2 left
    refused(cave, "rest short --spend Tobin=3", "0..2")
    # SRD "Long Rest": all hit points; Hit Dice back up to half the level (2); one
    # level of exhaustion goes
    r = ok(cave, "rest long", user=GM)
    assert "Tobin heals 7 hp, regains 2 Hit Dice, loses a level of exhaustion" in r.out
    listed = ok(cave, "party --json", user=GM).json()[0]["carried"]
    assert (listed["hp"], listed["hit_dice_spent"], listed["exhaustion"]) == (30, 0, 0)
    nothing_recorded(cave, "rest long", "would change nothing", user=GM)


@pytest.mark.parametrize("lang", ["en", "it"])
def test_5e_long_rest_gives_nothing_to_a_pc_at_0_hp_and_names_only_pcs(sqlite_store,
                                                                       lang):
    s = sqlite_store
    for line in ("new Pit --system 5e --campaign P", "add Ana --pc --hp 12 --level 1",
                 "add Bo --pc --hp 12 --level 1", "damage Ana 12", "damage Bo 5", "end"):
        ok(s, line, user=GM)
    r = ok(s, f"--lang {lang} rest long", user=GM)  # "at least 1 hit point" at its start
    # the rest says why Ana gained nothing, in both languages, and so does the party
    if lang == "en":
        assert "Bo heals 5 hp" in r.out and "Ana heals" not in r.out
        assert "Ana gains nothing: under 1 hit point at its start" in r.out
    else:
        assert "Ana non ne trae beneficio: meno di 1 punto ferita al suo inizio" in r.out
    listed = ok(s, "--lang it party", user=GM).out
    assert "Ana: hp 12 level 1 — 0/12 pf, privo di sensi dopo Pit" in listed
    assert "Bo: hp 12 level 1 — 12/12 pf, in piedi dopo Pit" in listed
    refused(s, "rest long Gob", "not a PC of the last battle")
    assert ok(s, "verify").out.startswith("ok:")


def test_5e_a_short_rest_that_spends_no_hit_die_says_so(sqlite_store):
    s = sqlite_store
    for line in ("new Nook --system 5e --campaign N", "add Ana --pc --hp 12 --level 3",
                 "add Bo --pc --hp 12 --level 1 --hit-die d8", "damage Ana 3", "end"):
        ok(s, line, user=GM)
    r = ok(s, "rest short Ana Bo --roll Ana=4", user=GM)
    assert "Ana spends 1 Hit Die" in r.out and "Bo spends no Hit Die" in r.out
    r = ok(s, "--lang it rest short Ana Bo --roll Ana=1", user=GM)
    assert "Bo non spende Dadi Vita" in r.out


def test_a_rest_in_a_fight_is_refused_unless_forced_and_then_acts_on_the_pcs(sqlite_store):
    s = sqlite_store
    for line in ("new Den --system 5e --campaign D --seed 2",
                 "add Tobin --pc --hp 30 --level 4 --hit-die d10",
                 "add Ghoul --hp 22", "damage Tobin 12", "damage Ghoul 10"):
        ok(s, line, user=GM)
    refused(s, "rest short --roll Tobin=5", "still going on")
    r = ok(s, "--force 'they hole up for an hour' rest short --roll Tobin=5", user=GM)
    assert "forced over" in r.out
    assert pc(s, "Tobin")["hp"] == 23 and pc(s, "Ghoul")["hp"] == 12
    assert ok(s, "verify").out.startswith("ok:")


def test_3_5_natural_healing_a_night_and_a_day_in_bed(sqlite_store):
    s = sqlite_store
    for line in ("new Gate --system 3.5e --campaign G",
                 "add Ava --pc --hp 40 --ac 15 --level 3", "add Orc --hp 8",
                 "damage Ava 20", "damage Ava 30 --nonlethal", "end"):
        ok(s, line, user=GM)
    # an hour: nonlethal 1 per level (35-NL-04) -> 30 - 3 = 27
    assert "Ava 3 nonlethal" in ok(s, "rest short", user=GM).out
    # a night: 1 hp per level, nonlethal 8 per level
    assert "a night's rest after Gate: Ava heals 3 hp, 24 nonlethal" in \
        ok(s, "rest long", user=GM).out
    # a day and a night in bed: twice the level
    assert "Ava heals 6 hp, 3 nonlethal" in ok(s, "rest day Ava", user=GM).out
    carried = ok(s, "party --json", user=GM).json()[0]["carried"]
    assert (carried["hp"], carried["nonlethal"]) == (29, 0)
    refused(s, "rest week", "short (an hour), long (a night) or day")
    ok(s, "new Keep --system 3.5e --campaign G", user=GM)
    refused(s, "rest long", "still going on")


def test_the_readmes_between_battles_block_runs_as_written(sqlite_store):
    from tests.helpers import readme_commands

    for line in readme_commands("## Between battles"):
        ok(sqlite_store, line, user=GM)
    t = pc(sqlite_store, "Tobin")
    assert (t["hp"], t["max_hp"], t["ac"]) == (23, 30, 15)
