"""Corrections keep every die they do not change (issue 23, point 8): `amend P --roll
N` types N in place of the roll at P and keeps every other recorded die of the
command, in every system; `amend --confirm` (and `--set OPTION=VALUE`) reach the
other recorded rolls; `verify` decides the amended command again with the same dice."""

import json

from tests.helpers import cli, ok


def events(store, encounter=None):
    args = (["--encounter", encounter] if encounter else []) + ["log", "--json"]
    return [json.loads(line) for line in ok(store, *args).out.splitlines()]


def attacks(store):
    return [e for e in events(store) if e["type"] == "AttackResolved"]


def start_35(s):
    ok(s, "new Gate --system 3.5e --seed 4")
    ok(s, "add Kael --pc --hp 30 --ac 17 --init 3 --bab 6")
    ok(s, "add Thug --hp 30 --ac 12 --count 2 --init 1")
    ok(s, "init Kael=15 Thug=6")


def test_amending_one_attack_of_a_full_attack_keeps_the_others_dice(sqlite_store):
    # seed 4: the first attack threatens (17, threat 15), is confirmed (16) and deals
    # (1d8+2) x2 = 8+2 + 1+2 = 13; the iterative attack rolls 14 and deals 4+2 = 6
    s = sqlite_store
    start_35(s)
    ok(s, "attack Kael 'Thug 1,Thug 2' --full --bonus 10 --kind melee --damage 1d8+2 "
          "--threat 15")
    before = attacks(s)
    assert [(a["natural"], a["damage"]) for a in before] == [(17, 13), (14, 6)]
    first = before[0]["position"]
    # the first roll was a 9: no threat, no confirmation; its damage keeps its first
    # die (8 + 2 = 10), the second attack keeps its natural 14 and its 4 (6)
    out = ok(s, "amend", str(first), "--roll", "9", "--reason", "it was a 9").out
    assert "--roll 9,14" in out and "bad targets" not in out
    after = attacks(s)
    assert [(a["natural"], a["damage"], a["crit"]) for a in after] == [
        (9, 10, False), (14, 6, False)]
    assert not [e for e in events(s) if e["type"] == "ConfirmationRolled"]
    assert "decided again as recorded" in ok(s, "verify").out


def test_amending_the_second_target_names_its_roll(sqlite_store):
    # the trial's `amend 37 --roll 9` on a two-target full attack: the second roll
    # changes, the first stays (no "bad targets … at most 1 target")
    s = sqlite_store
    start_35(s)
    ok(s, "attack Kael 'Thug 1,Thug 2' --full --bonus 10 --roll 12,17 --dmg 8,7 "
          "--kind melee")
    second = attacks(s)[1]["position"]
    out = ok(s, "amend", str(second), "--roll", "3", "--reason", "a 3").out
    assert "--roll 12,3" in out
    assert [(a["natural"], a["hit"]) for a in attacks(s)] == [(12, True), (3, False)]


def test_a_confirmation_is_amended_with_confirm_and_the_damage_dice_stay(sqlite_store):
    s = sqlite_store
    start_35(s)
    ok(s, "next")  # Thug 1's turn: nothing, back to Kael in round 2
    ok(s, "next")
    ok(s, "next")
    ok(s, "attack Kael 'Thug 1' --bonus 10 --roll 19 --threat 19 --damage 1d8+4 "
          "--kind melee")
    hit = attacks(s)[-1]
    confirm = [e for e in events(s) if e["type"] == "ConfirmationRolled"][-1]
    assert hit["crit"] == confirm["confirmed"]
    faces = hit["damage_roll"]["faces"]
    # a confirmation of 1 (total 11 vs AC 12) does not confirm: normal damage, the
    # first of the dice already rolled
    out = ok(s, "amend", str(hit["position"]), "--confirm", "1", "--reason", "a 1").out
    assert "--confirm 1" in out
    hit2 = attacks(s)[-1]
    assert not hit2["crit"] and hit2["natural"] == 19
    assert hit2["damage_roll"]["faces"] == faces[:1] and hit2["damage"] == faces[0] + 4
    assert "decided again as recorded" in ok(s, "verify").out


def test_amending_a_threat_away_drops_its_typed_confirmation(sqlite_store):
    # the README's 3.5 tour attack: --roll 19 --threat 19 --confirm 14; amended to a
    # 12 there is no threat, so its --confirm goes (kept as a die, unused)
    s = sqlite_store
    start_35(s)
    ok(s, "attack Kael 'Thug 1' --bonus 10 --roll 19 --threat 19 --confirm 14 "
          "--dmg 6 --kind melee")
    at = attacks(s)[-1]["position"]
    out = ok(s, "amend", str(at), "--roll", "12", "--reason", "a 12").out
    assert "--confirm" not in out.split("becomes")[1]
    assert [(a["natural"], a["damage"]) for a in attacks(s)] == [(12, 6)]


def test_35_POL_02_amend_at_the_commands_position_corrects_the_attacks_natural(
        sqlite_store):
    # 3.5 records the confirmation before the attack: `amend P --roll 12` with P the
    # command's own position (its first event, no roll) is the attack's natural, as
    # at the attack's position; only P of the confirmation corrects --confirm (D14)
    s = sqlite_store
    start_35(s)
    ok(s, "attack Kael 'Thug 1' --bonus 10 --roll 19 --threat 19 --confirm 14 "
          "--dmg 6 --kind melee")
    command = [e for e in events(s) if e["type"] == "TableActionTaken"][-1]["position"]
    out = ok(s, "amend", str(command), "--roll", "12", "--reason", "a 12").out
    assert "--roll 12" in out.split("becomes")[1]
    assert [(a["natural"], a["damage"]) for a in attacks(s)] == [(12, 6)]


def test_13a_amending_one_target_keeps_the_others_roll_and_the_damage(sqlite_store):
    s = sqlite_store
    ok(s, "new Warren --seed 11")
    ok(s, "add Bruna --pc --hp 30 --ac 17 --pd 14 --md 12 --init 3")
    ok(s, "add Kobold --hp 20 --ac 10 --pd 11 --md 10 --init 1 --count 2")
    ok(s, "init Bruna=15 Kobold=5")
    ok(s, "attack Bruna 'Kobold 1,Kobold 2' --bonus 6 --vs pd --damage 2d6 --kind spell")
    before = attacks(s)
    out = ok(s, "amend", str(before[1]["position"]), "--roll", "20", "--reason",
             "a 20").out
    assert f"--roll {before[0]['natural']},20" in out
    after = attacks(s)
    assert after[0]["natural"] == before[0]["natural"]
    assert after[0]["roll"].get("source", "typed") == "typed"
    damage = next(a["damage_roll"] for a in before if a.get("damage_roll"))
    kept = next(a["damage_roll"] for a in after if a.get("damage_roll"))
    assert kept["faces"] == damage["faces"] and after[1]["crit"]
    assert after[1]["damage"] == 2 * sum(damage["faces"])  # 13th Age: a crit doubles
    assert "decided again as recorded" in ok(s, "verify").out


def test_5e_amending_the_damage_keeps_the_attack_roll(sqlite_store):
    s = sqlite_store
    ok(s, "new Cave --system 5e --seed 2")
    ok(s, "add Aria --pc --hp 30 --ac 15 --init 3")
    ok(s, "add Gob --hp 30 --ac 5 --init 1")
    ok(s, "init Aria=15 Gob=5")
    ok(s, "attack Aria Gob --bonus 5 --damage 1d8+3")
    before = attacks(s)[0]
    ok(s, "amend", str(before["position"]), "--dmg", "9", "--reason", "it was 9")
    after = attacks(s)[0]
    assert after["roll"]["faces"] == before["roll"]["faces"]
    assert after["roll"]["source"] == "virtual" and after["damage"] == 9
    assert "decided again as recorded" in ok(s, "verify").out


def test_amend_set_names_an_option_of_the_command(sqlite_store):
    s = sqlite_store
    start_35(s)
    ok(s, "attack Kael 'Thug 1' --bonus 10 --roll 12 --dmg 6 --kind melee")
    at = attacks(s)[-1]["position"]
    r = cli(s, "amend", str(at), "--set", "bogus=3", "--reason", "x")
    assert r.code == 2 and "--bogus" in r.err and "an option of `attack`" in r.err
    ok(s, "amend", str(at), "--set", "dmg=9", "--reason", "it was 9")
    assert attacks(s)[-1]["damage"] == 9


def test_amend_roll_of_a_command_without_one_points_to_its_whole_line(sqlite_store):
    """`init` rolls NAME=N, not --roll: `amend --roll` on it says to give the whole line
    with --command (in Italian too), and changes nothing."""
    s = sqlite_store
    ok(s, "new Cripta --system 5e --seed 4")
    ok(s, "add Aria --pc --hp 24 --ac 16 --init 3")
    ok(s, "init Aria=15")
    at = len(ok(s, "log --json").out.splitlines())
    before = ok(s, "log --json").out
    r = cli(s, "amend", str(at), "--roll", "4", "--reason", "x")
    assert r.code == 2 and len(r.err.strip().splitlines()) == 1
    assert "not 'init'" in r.err and "--command" in r.err
    r = cli(s, "--lang", "it", "amend", str(at), "--roll", "4", "--reason", "x")
    assert r.code == 2 and "dai la sua riga intera con --command" in r.err
    assert ok(s, "log --json").out == before
    ok(s, "amend", str(at), "--command", "init Aria=4", "--reason", "it was a 4")
    assert json.loads(ok(s, "state --json").out)["combatants"]["Aria"]["initiative"] == 7
