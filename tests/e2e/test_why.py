"""`why NAME [FIELD]`: a `git blame` for a battle (issue 25), in every system. The
events that made a value what it is, each with its position, who recorded it, the
log's own sentence and the correction it came from or survived; its last value is
`state --at`'s."""

from __future__ import annotations

import pytest

from tests.helpers import cli, ok, refused_whole, state

GM = "marta"


def why(store: str, *args: str) -> dict:
    return ok(store, "why", *args, "--json").json()


def log_line(store: str, position: int) -> str:
    """The sentence `log` prints at ``position`` (its own words, the mark aside)."""
    for line in ok(store, "log").out.splitlines():
        if line.split()[0] == str(position):
            return line.split(None, 2)[2]
    raise AssertionError(position)


# --- one battle per system: HP after damage, temporary HP, healing, a correction ------

#: (system, the set-up, a miss that the amendment makes a hit for 6, temporary HP 5
#: for Orc's side, the creature that gets them)
SETUPS = {
    "13a": (["new Bridge --seed 3",
             "add Bruna --pc --hp 30 --ac 17 --pd 14 --md 12 --init 3",
             "add Orc --hp 20 --ac 15 --pd 13 --md 10 --init 1",
             "init Bruna=15 Orc=6"],
            "attack Bruna Orc --bonus 5 --vs ac --roll 4 --dmg 6", "temp Orc 5", "Orc"),
    "5e": (["new Crypt --system 5e --seed 4",
            "add Bruna --pc --hp 30 --ac 17 --init 3",
            "add Orc --hp 20 --ac 13 --init 1 --save con:+1",
            "init Bruna=15 Orc=4"],
           "attack Bruna Orc --bonus 5 --roll 4 --dmg 6", "temp Orc 5", "Orc"),
    # 3.5 has no `temp`: a drainer gains 5 temporary hp (35-ABD, Risucchio)
    "3.5e": (["new Keep --system 3.5e --seed 2",
              "add Bruna --pc --hp 30 --ac 17 --init 3 --score con:14",
              "add Orc --hp 20 --ac 13 --init 1 --will 1",
              "add Wight --hp 26 --ac 15 --init 0",
              "init Bruna=15 Orc=4 Wight=2"],
             "attack Bruna Orc --bonus 5 --vs ac --roll 4 --dmg 6",
             "ability Bruna con -2 --drain --by Wight", "Wight"),
}


@pytest.fixture(params=list(SETUPS))
def battle(request, sqlite_store):
    s = sqlite_store
    lines, attack, temp, _ = SETUPS[request.param]
    for line in lines:
        ok(s, line, user=GM)
    attack_at = state(s)["position"] + 1
    ok(s, attack, user=GM)  # a miss: 4 + 5 against AC 13 or more
    ok(s, temp, user=GM)
    ok(s, "damage Orc 8", user=GM)  # through Orc's temporary hp first, where it has them
    ok(s, "heal Orc 2", user=GM)
    ok(s, f"amend {attack_at} --roll 12 --reason 'the roll was 12'", user=GM)
    return request.param, s, attack_at


def test_why_hp_names_the_damage_the_healing_and_the_amended_roll(battle):
    system, s, attack_at = battle
    got = why(s, "Orc")  # hp by default
    steps = got["steps"]
    hp = [20, 14, 11, 13] if SETUPS[system][3] == "Orc" else [20, 14, 6, 8]
    assert [x["value_after"] for x in steps] == hp, steps
    assert [x["value_before"] for x in steps] == [None] + hp[:-1]
    assert got["value"] == state(s)["combatants"]["Orc"]["hp"] == hp[-1]
    # each step: its position, who recorded it, the log's own sentence
    for x in steps:
        assert x["recorded_by"] == GM
        assert x["sentence"] == log_line(s, x["position"]).removesuffix(
            f" [amended at {x['correction']['position']}]" if x["correction"] else "")
    hit = steps[1]  # the command's (3.5: its action comes first, then the attack)
    assert hit["position"] in (attack_at, attack_at + 1)
    # the correction it came from: the amendment, naming the roll changed
    fix = hit["correction"]
    assert fix["kind"] == "amended" and fix["recorded_by"] == GM
    assert fix["target"] == attack_at
    assert fix["changes"] == {"roll": "12"} and fix["reason"] == "the roll was 12"
    assert "--roll 4" in fix["was"] and "--roll 12" in fix["now"]
    assert fix["text"].startswith(f"amended at {fix['position']} by {GM} (--roll 12)")
    # in words too, the correction under its step
    text = ok(s, "why", "orc", "hp").out
    assert f"amended at {fix['position']} by {GM} (--roll 12): the roll was 12" in text
    assert "20 → 14" in text


def test_why_temporary_hp(battle):
    system, s, _ = battle
    who = SETUPS[system][3]
    got = why(s, who, "temp_hp")
    assert got["value"] == state(s)["combatants"][who]["temp_hp"]
    gained = [x for x in got["steps"] if x["value_after"] == 5]
    assert gained and gained[0]["value_before"] == 0
    if who == "Orc":  # the damage took the temporary hp first (5 of 8)
        assert [x["value_after"] for x in got["steps"]] == [0, 5, 0]


def test_why_at_a_position_is_the_value_state_at_gives(battle):
    _, s, attack_at = battle
    refused_whole(s, "why Orc --at 2", "unknown combatant 'Orc'")  # not there yet
    for at in range(3, state(s)["position"] + 1):  # Orc joins at 3
        got = why(s, "Orc", "hp", "--at", str(at))
        expected = state(s, "--at", str(at))["combatants"]["Orc"]["hp"]
        assert got["value"] == expected, at
        if got["steps"]:
            assert got["steps"][-1]["value_after"] == expected, at
            # an amended command counts whole from its first position, as in `state --at`
            assert all(x["position"] <= at or x["correction"]["target"] <= at
                       for x in got["steps"])


# --- a condition added, saved against, re-added --------------------------------------

CONDITIONS = {
    "13a": (SETUPS["13a"][0], "dazed",
            ["cond add Orc dazed --save normal", "save Orc --against dazed --roll 15",
             "cond add Orc dazed --save normal"]),
    "5e": (SETUPS["5e"][0], "poisoned",
           ["cond add Orc poisoned --save-ends con:12", "next", "next --save Orc=15",
            "cond add Orc poisoned --save-ends con:12"]),
    # 3.5: a save that the fear survives, then the GM ends it and it comes back
    "3.5e": (SETUPS["3.5e"][0], "shaken",
             ["cond add Orc shaken", "save Orc --will --dc 12 --roll 15 --against shaken",
              "cond remove Orc shaken", "cond add Orc shaken"]),
}


@pytest.mark.parametrize("system", list(CONDITIONS))
def test_why_a_condition_added_saved_against_and_added_again(sqlite_store, system):
    s = sqlite_store
    setup, cond, lines = CONDITIONS[system]
    for line in setup + lines:
        ok(s, line, user=GM)
    got = why(s, "orc", cond)
    assert got["name"] == "Orc" and got["field"] == cond and got["value"] is True
    changes = [(x["value_before"], x["value_after"]) for x in got["steps"]]
    saves = [x for x in got["steps"] if x["value_before"] == x["value_after"]]
    assert len(saves) == 1 and "save" in saves[0]["sentence"]
    assert [c for c in changes if c[0] != c[1]] == [(False, True), (True, False),
                                                   (False, True)]
    assert cond in state(s)["combatants"]["Orc"]["conditions"]
    # Italian: the condition by the seed's name
    it = ok(s, "--lang", "it", "why", "Orc", cond).out
    assert it.splitlines()[0].endswith(f"sì in posizione {got['position']}")


# --- initiative after a tie -----------------------------------------------------------

TIES = {
    # 13th Age: a tie goes to the PCs, then the higher bonus, then who entered first
    "13a": (["new Tie --seed 3", "add Bruna --pc --hp 30 --ac 17 --pd 14 --md 12 --init 3",
             "add Kael --pc --hp 25 --ac 15 --pd 12 --md 12 --init 3",
             "init Kael=15 Bruna=15"], "Kael", {"initiative": 18, "place": 2}),
    # 5e: the players decide a tie among their characters (5E-INI-05)
    "5e": (["new Tie --system 5e --seed 4", "add Bruna --pc --hp 30 --ac 17 --init 2",
            "add Kael --pc --hp 20 --ac 15 --init 2", "init Bruna=15 Kael=15",
            "tiebreak Kael Bruna --by players"], "Kael", {"initiative": 17, "place": 1}),
    # 3.5: the tied reroll (pareggi)
    "3.5e": (["new Tie --system 3.5e --seed 2", "add Bruna --pc --hp 30 --ac 17 --init 2",
              "add Kael --pc --hp 20 --ac 15 --init 2", "init Bruna=15 Kael=15",
              "init --reroll Kael=12,Bruna=5"], "Kael", {"initiative": 17, "place": 1}),
}


@pytest.mark.parametrize("system", list(TIES))
def test_why_initiative_after_a_tie(sqlite_store, system):
    s = sqlite_store
    lines, who, expected = TIES[system]
    for line in lines:
        ok(s, line, user=GM)
    got = why(s, who, "init")
    now = state(s)
    assert got["value"] == expected
    assert now["combatants"][who]["initiative"] == expected["initiative"]
    assert now["order"].index(who) + 1 == expected["place"]
    first = got["steps"][0]
    assert first["value_before"] is None and "initiative" in first["sentence"]
    assert got["steps"][-1]["value_after"] == expected
    if system != "13a":  # the tie broken by an event of its own: the place moved alone
        last = got["steps"][-1]
        assert last["value_before"]["initiative"] == last["value_after"]["initiative"]
        assert last["value_before"]["place"] == 2


# --- corrections survived or followed ----------------------------------------------------

def test_why_says_the_undo_a_value_follows_and_the_undo_it_survived(sqlite_store):
    s = sqlite_store
    for line in SETUPS["13a"][0]:
        ok(s, line, user=GM)
    ok(s, "damage Orc 7", user=GM)
    undone = state(s)["position"]
    ok(s, "undo --reason 'wrong orc'", user=GM)
    ok(s, "damage Orc 5", user=GM)
    ok(s, "damage Orc 2", user=GM)
    ok(s, "undo", user=GM)
    ok(s, "redo", user=GM)
    steps = why(s, "Orc")["steps"]
    assert [x["value_after"] for x in steps] == [20, 15, 13]
    after = steps[1]["correction"]
    assert after["kind"] == "after_undo" and after["target"] == undone
    assert after["text"] == f"after undo of {undone} at {undone + 1} by {GM}: wrong orc"
    survived = steps[2]["correction"]
    assert survived["kind"] == "restored" and survived["text"].startswith("undone at ")


def test_why_says_the_dispute_a_value_survived(sqlite_store):
    s = sqlite_store
    for line in SETUPS["13a"][0]:
        ok(s, line, user=GM)
    ok(s, "damage Orc 7", user=GM)
    hit = state(s)["position"]
    ok(s, f"dispute {hit} --reason 'the orc had cover'", user="anna")
    dispute = state(s)["position"]
    ok(s, f"resolve {dispute} upheld", user=GM)
    fix = why(s, "Orc")["steps"][-1]["correction"]
    assert fix["kind"] == "disputed" and fix["recorded_by"] == "anna"
    assert fix["outcome"] == "upheld"
    assert fix["text"] == f"disputed at {dispute} by anna: the orc had cover — upheld"


# --- names and fields ------------------------------------------------------------------

def test_why_reads_short_names_and_refuses_a_bad_name_or_field(sqlite_store):
    s = sqlite_store
    for line in ["new Fort --seed 1", "add 'Hobgoblin Warrior' --hp 20 --ac 16 --count 2",
                 "damage hw2 4"]:
        ok(s, line, user=GM)
    assert why(s, "hw2")["name"] == "Hobgoblin Warrior 2"
    assert why(s, "hw2")["value"] == 16
    assert why(s, "Hobgoblin Warrior 1", "status")["value"] == "up"
    refused_whole(s, "why Zed", "unknown combatant 'Zed'")
    refused_whole(s, "why hw", "ambiguous")
    refused_whole(s, "why hw1 sleepy", "bad field 'sleepy'")
    refused_whole(s, "why hw1 --at 99", "bad --at '99'")
    r = cli(s, "why", "hw1", "dazed", "--json")  # a condition of the system never had
    assert r.code == 0 and r.json()["value"] is False and r.json()["steps"] == []


def test_the_library_answers_why_as_the_command_line(sqlite_store):
    import battletape

    s = sqlite_store
    for line in SETUPS["5e"][0] + ["damage Orc 4"]:
        ok(s, line, user=GM)
    with battletape.open(s) as bt:
        enc = bt.encounter()
        assert enc.why("orc") == why(s, "orc")
        assert enc.why("Orc", "hp", at=3)["value"] == 20


# --- the README's example runs as written ------------------------------------------------

def test_the_readme_remarks_and_why_run_as_written(tmp_path):
    from tests.helpers import readme_commands

    store = str(tmp_path / "ford.db")
    commands = readme_commands("### Remarks and `why`")
    for command in commands:
        r = cli(store, command)
        assert r.code == 0, f"{command}: {r.err}"
    got = why(store, "Orc")
    assert [x["value_after"] for x in got["steps"]] == [20, 14, 11]
    fix = got["steps"][1]["correction"]
    assert fix["kind"] == "amended" and fix["position"] == 12
    assert fix["changes"] == {"roll": "12"}
    assert [x["value_after"] for x in why(store, "Orc", "temp_hp")["steps"]] == [0, 5, 0]
    assert why(store, "Bruna", "init", "--at", "7")["value"] == {"initiative": 18,
                                                                 "place": 1}
    lines = ok(store, "log").out.splitlines()
    assert lines[8].split(None, 2)[1:] == ["Anna", "note by Anna on 8: Bruna rolled a "
                                                   "12, not a 4"]
    # a remark made after a correction is about the last event that counts, and is
    # decided again the same by verify
    assert lines[-1].endswith("note by Marta on 11: the orc turns to run")
    assert cli(store, "verify").code == 0
