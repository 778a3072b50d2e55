"""No silent change of the current encounter (issue 23, point 4): a what-if branch
does not become the current encounter unless asked (`branch … --switch`, `use`);
a recording command names the encounter when the store's previous command acted on
another; encounters are found by an unambiguous prefix or their initials, as
combatants are; `play`'s prompt shows the encounter its lines record into."""

from __future__ import annotations

import pytest

from battletape.play import Session
from battletape.session import Context
from tests.helpers import cli, ok, snapshot_of, state


@pytest.fixture
def bridge(sqlite_store):
    s = sqlite_store
    ok(s, "new 'Demo: the bridge at Emberfall' --seed 2")
    ok(s, "add Bruna --pc --hp 30 --ac 17 --pd 14 --md 12 --init 3 --level 3")
    ok(s, "add Orc --hp 20 --ac 15 --pd 13 --md 10 --init 1")
    ok(s, "init Bruna=15 Orc=6")
    return s


def test_a_branch_leaves_the_current_encounter_where_it_was_and_says_so(bridge):
    at = state(bridge)["position"]
    r = ok(bridge, f"branch {at} 'what if Bruna fled'")
    assert "the current encounter stays 'Demo: the bridge at Emberfall'" in r.out
    # the next command goes into the real fight, not the what-if
    ok(bridge, "attack Bruna Orc --bonus 6 --vs ac --roll 12 --dmg 9")
    assert state(bridge)["encounter"] == "Demo: the bridge at Emberfall"
    assert state(bridge)["combatants"]["Orc"]["hp"] == 11
    assert ok(bridge, "-e", "what if Bruna fled", "state", "--json").json()[
        "combatants"]["Orc"]["hp"] == 20


def test_a_branch_becomes_current_when_asked_and_use_switches_back(bridge):
    at = state(bridge)["position"]
    r = ok(bridge, f"branch {at} 'what if Bruna fled' --switch")
    assert "the current encounter is now 'what if Bruna fled'" in r.out
    assert state(bridge)["encounter"] == "what if Bruna fled"
    r = ok(bridge, "use demo")  # a prefix will do
    assert "now 'Demo: the bridge at Emberfall'" in r.out
    assert state(bridge)["encounter"] == "Demo: the bridge at Emberfall"
    assert "is 'Demo: the bridge at Emberfall'" in ok(bridge, "use").out
    # a new battle (not a what-if) is current again
    ok(bridge, "new Keep")
    assert state(bridge)["encounter"] == "Keep"


def test_encounters_are_found_by_prefix_or_initials_like_combatants(bridge):
    ok(bridge, "new 'Bridge of sighs'")
    assert ok(bridge, "-e", "demo", "state", "--json").json()["encounter"] == \
        "Demo: the bridge at Emberfall"
    assert ok(bridge, "-e", "bos", "state", "--json").json()["encounter"] == \
        "Bridge of sighs"
    assert "Orc" in ok(bridge, "diff", "demo", "bos").out
    ok(bridge, "new Brigands")
    before = snapshot_of(bridge)
    r = cli(bridge, "-e", "bri", "add", "Rat", "--hp", "3")
    assert r.code == 2 and r.err == ("Error: ambiguous encounter 'bri': could be "
                                     "Bridge of sighs, Brigands\n")
    r = cli(bridge, "-e", "zz", "add", "Rat", "--hp", "3")
    assert r.code == 2 and "unknown encounter 'zz'" in r.err
    assert snapshot_of(bridge) == before


def test_a_recording_command_names_the_encounter_when_it_changes(bridge):
    ok(bridge, "new Keep")
    ok(bridge, "add Kael --pc --hp 20")
    r = ok(bridge, "add Rat --hp 4")  # the same encounter as the command before
    assert "in encounter" not in r.out
    r = ok(bridge, "-e", "demo", "attack", *"Bruna Orc --bonus 6 --vs ac --roll 12 "
           "--dmg 9".split())
    assert r.out.splitlines()[0] == ("in encounter 'Demo: the bridge at Emberfall' "
                                     "(the previous command was in 'Keep'):")
    r = ok(bridge, "add Bat --hp 2")
    assert r.out.splitlines()[0] == ("in encounter 'Keep' (the previous command was "
                                     "in 'Demo: the bridge at Emberfall'):")


def test_plays_prompt_names_the_encounter_and_follows_use(bridge):
    ok(bridge, "new Keep")
    session = Session(Context(store=bridge))
    try:
        assert session.prompt_text() == "Keep> "
        assert session.line("use demo") is True
        assert session.prompt_text() == "Demo: the bridge at Emberfall> "
        demo = lambda: ok(bridge, "-e", "demo", "state", "--json").json()
        before = demo()["position"]
        assert session.line("add Rat --hp 3") is True
        assert demo()["position"] > before
    finally:
        session.c.close()


def test_encounters_marks_the_current_one_and_names_a_what_ifs_trunk(sqlite_store):
    """`encounters` lists them in the order they started; the current one is marked
    (after `use` too, not only the last started), a what-if names the encounter it
    branched from, in the reader's language; the first four columns stay as scripts
    read them (name, campaign, system, start)."""
    s = sqlite_store
    ok(s, "new Bridge --campaign Arc")
    ok(s, "add Bruna --pc --hp 30 --ac 17 --pd 14 --md 12")
    ok(s, "new Crypt --system 5e --campaign Arc")
    ok(s, "-e Bridge branch 2 'What if'")
    rows = [line.split("\t") for line in ok(s, "encounters").out.splitlines()]
    assert [r[:3] for r in rows] == [["Bridge", "Arc", "13a"], ["Crypt", "Arc", "5e"],
                                     ["What if", "Arc", "13a"]]
    assert [r[4:] for r in rows] == [[], ["current"], ["what-if of Bridge"]]
    ok(s, "use Bridge")
    rows = [line.split("\t") for line in ok(s, "--lang it encounters").out.splitlines()]
    assert [r[4:] for r in rows] == [["corrente"], [], ["ipotesi di Bridge"]]
