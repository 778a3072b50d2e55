"""The GM has the last word (DESIGN.md principle 8): `--force REASON` records a
command a rule refuses, with a ruling event (who, why, the rule, the refusal); bad
input is never forced; only a GM of the campaign may force. The same scenario runs on
SQLite and PostgreSQL."""

import json

import pytest

from tests.helpers import cli, ok, state


def fight(store, system="13a"):
    ok(store, f"new Gate --campaign Emberfall --system {system} --seed 3", user="marta")
    if system == "13a":
        ok(store, "add Bruna --pc --hp 30 --ac 17 --pd 14 --md 12 --init 3", user="marta")
        ok(store, "add Orc --hp 20 --ac 15 --pd 13 --md 10 --init 1", user="marta")
    else:
        ok(store, "add Bruna --pc --hp 30 --ac 17 --init 3", user="marta")
        ok(store, "add Orc --hp 20 --ac 15 --init 1", user="marta")
    ok(store, "init Bruna=15 Orc=6", user="marta")  # Bruna first


def test_a_forced_refusal_is_recorded_with_its_ruling_in_log_report_and_sql(any_store):
    s = any_store
    fight(s)
    # 13th Age, Actions on Your Turn: it is Bruna's turn, so the Orc can't attack
    refused = cli(s, "attack Orc Bruna --bonus 5 --vs ac --roll 14 --dmg 6", user="marta")
    assert refused.code == 2
    assert "Bruna's turn" in refused.err
    assert refused.err.strip().endswith("(a GM may --force)")
    assert state(s)["combatants"]["Bruna"]["hp"] == 30

    ok(s, "--force", "the orc won the ambush", "attack", "Orc", "Bruna", "--bonus", "5",
       "--vs", "ac", "--roll", "14", "--dmg", "6", user="marta")
    assert state(s)["combatants"]["Bruna"]["hp"] == 24  # 14+5=19 vs AC 17 hits for 6
    log = ok(s, "log").out
    assert ("GM's ruling by marta, forced over \"it is Bruna's turn, not Orc's" in log
            and "(Actions on Your Turn): the orc won the ambush" in log)
    entries = ok(s, "log", "--json").json_lines()
    ruling = next(e for e in entries if e.get("type") == "RulingRecorded")
    assert ruling["by"] == "marta" and ruling["rule"] == "Actions on Your Turn"
    assert ruling["text"] == "the orc won the ambush"
    assert "Bruna's turn, not Orc's" in ruling["overrode"]
    report = ok(s, "export", "--format", "md").out
    assert "## The GM's rulings" in report and "marta forced over" in report
    rows = ok(s, "sql", "--format", "json",
              "SELECT recorded_by, rule, reason, forced FROM rulings").json()
    assert rows == [{"recorded_by": "marta", "rule": "Actions on Your Turn",
                     "reason": "the orc won the ambush", "forced": True}]
    assert "forced over" in ok(s, "export", "--format", "html").out  # the replay page
    assert "decided again as recorded" in ok(s, "verify").out


def test_only_a_gm_of_the_campaign_may_force(sqlite_store):
    s = sqlite_store
    fight(s)
    r = cli(s, "--force", "because", "attack", "Orc", "Bruna", "--bonus", "5", "--vs",
            "ac", "--roll", "14", user="anna")
    assert r.code == 2 and "only a GM may --force" in r.err
    assert state(s)["combatants"]["Bruna"]["hp"] == 30
    ok(s, "gm add anna", user="marta")
    ok(s, "--force", "because", "attack", "Orc", "Bruna", "--bonus", "5", "--vs", "ac",
       "--roll", "14", "--dmg", "3", user="anna")
    assert state(s)["combatants"]["Bruna"]["hp"] == 27


@pytest.mark.parametrize("line, why", [
    ("attack Orc Nobody --bonus 5 --vs ac --roll 14", "unknown combatant"),
    ("attack Orc Bruna --bonus 5 --vs ac --roll 25", "bad"),
    ("attack Orc Bruna --bonus 5 --vs ac --roll 14 --damage 2d", "dice"),
])
def test_bad_input_is_never_forced(sqlite_store, line, why):
    s = sqlite_store
    fight(s)
    before = ok(s, "log", "--json").out
    r = cli(s, "--force", "I say so", *line.split(), user="marta")
    assert r.code == 2 and why in r.err and "--force" not in r.err
    assert ok(s, "log", "--json").out == before


def test_a_forced_line_of_a_script_and_the_next_line_unforced(sqlite_store, tmp_path):
    s = sqlite_store
    fight(s)

    def run_script(store, text):
        script = tmp_path / "fight.bt"
        script.write_text(text)
        return cli(store, "run", str(script), user="marta")

    r = run_script(s, "--force 'stunned, yet he swings' attack Orc Bruna --bonus 5 "
                      "--vs ac --roll 14 --dmg 6\n"
                      "attack Orc Bruna --bonus 5 --vs ac --roll 14 --dmg 6\n")
    # the second line is refused again: --force covers its own line only
    assert r.code == 2 and "line 2" in r.err and "(a GM may --force)" in r.err
    assert state(s)["combatants"]["Bruna"]["hp"] == 30  # a script is all or nothing
    r = run_script(s, "--force 'the orc won the ambush' a Orc Bruna --bonus 5 "  # alias
                      "--vs ac --roll 14 --dmg 6\n")
    assert r.code == 0, r.err
    assert state(s)["combatants"]["Bruna"]["hp"] == 24
    assert "forced over" in ok(s, "log").out


def test_amending_a_forced_command_decides_it_forced_again(sqlite_store):
    s = sqlite_store
    fight(s)
    ok(s, "--force", "the orc won the ambush", "attack", "Orc", "Bruna", "--bonus", "5",
       "--vs", "ac", "--roll", "14", "--dmg", "6", user="marta")
    ruling = next(e for e in ok(s, "log", "--json").json_lines()
                  if e.get("type") == "RulingRecorded")
    attack_at = ruling["originator_version"]
    ok(s, f"amend {attack_at} --dmg 9 --reason 'the axe, not the club'", user="marta")
    assert state(s)["combatants"]["Bruna"]["hp"] == 21


@pytest.mark.parametrize("system", ["5e", "3.5e"])
def test_every_system_forces_through_the_same_interface(sqlite_store, system):
    # 5e, seed 002 "Il tuo turno" / 3.5, seed 003 "Azioni": the Orc acts out of turn
    s = sqlite_store
    fight(s, system)
    refused = cli(s, "attack Orc Bruna --bonus 5 --roll 14 --dmg 6", user="marta")
    assert refused.code == 2 and refused.err.strip().endswith("(a GM may --force)")
    ok(s, "--force", "a readied attack", "attack", "Orc", "Bruna", "--bonus", "5",
       "--roll", "14", "--dmg", "6", user="marta")
    assert state(s)["combatants"]["Bruna"]["hp"] == 24
    assert "forced over" in ok(s, "log").out
    rows = ok(s, "sql", "--format", "json", "SELECT forced FROM rulings").json()
    assert rows == [{"forced": True}]


def test_a_gm_forces_a_refusal_between_battles_too(sqlite_store):
    # Quick Rests: "If you are staggered when you take a quick rest, you must try to
    # heal yourself"; the GM lets Bruna (10/30 hp) go on without a recovery: the rule
    # is overridden and such a rest changes nothing, so nothing is recorded
    s = sqlite_store
    fight(s)
    ok(s, "damage Bruna 20", user="marta")
    ok(s, "end", user="marta")
    refused = cli(s, "rest Bruna --spend 0", user="marta")
    assert refused.code == 2 and "must try to heal" in refused.err
    assert refused.err.strip().endswith("(a GM may --force)")
    r = cli(s, "--as", "anna", "--force", "she sleeps it off", "rest", "Bruna", "--spend",
            "0")
    assert r.code == 2 and "only a GM may --force" in r.err
    r = ok(s, "--force", "she sleeps it off", "rest", "Bruna", "--spend", "0",
           user="marta")
    assert "nothing recorded" in r.out and "spends no recovery" in r.out


@pytest.mark.parametrize("system", ["13a", "5e", "3.5e"])
def test_an_attack_without_a_kind_invents_no_engagement_in_any_system(sqlite_store,
                                                                      system):
    s = sqlite_store
    fight(s, system)
    vs = ["--vs", "ac"] if system == "13a" else []
    ok(s, "attack", "Bruna", "Orc", "--bonus", "6", "--roll", "12", "--dmg", "5", *vs,
       user="marta")
    combatants = state(s)["combatants"]
    assert combatants["Bruna"]["engaged_with"] == []
    assert combatants["Orc"]["engaged_with"] == []


def test_force_where_no_rule_refuses_says_so_in_one_line(sqlite_store):
    # the table trial: `--force` on an attack nothing refused was silently dropped
    s = sqlite_store
    ok(s, "new Gate --seed 3")
    ok(s, "add Bruna --pc --hp 30 --ac 17 --init 3")
    ok(s, "add Orc --hp 20 --ac 15 --init 1")
    ok(s, "init Bruna=15 Orc=6")
    r = ok(s, "--force", "my call", "attack", "Bruna", "Orc", "--bonus", "5",
           "--vs", "ac", "--roll", "12", "--dmg", "4")
    assert r.err.strip().splitlines() == [
        "note: no rule refused this command: --force recorded no ruling (the command "
        "is recorded as it is)"]
    assert "ruling" not in r.out
