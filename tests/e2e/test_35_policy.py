"""Concetti Fondamentali, seed 003's first section: how a D&D 3.5 combat is corrected
(rules/3.5e.md, 35-POL-01..06), through the real command line on a SQLite store.

The fight: Mira (PC, 12 hp, AC 15) and an Ogre (30 hp, AC 16) in the Sigil alley. The
ogre's greatclub threatens on 20 only and multiplies x2, but the GM ruled a threat on
its natural 19 and x3: 19 + 8 = 27 hits AC 15; the confirmation 15 + 8 = 23 confirms;
9 x 3 = 27 damage takes Mira from 12 to -15, dead (-10 or lower, 35-HPS-07). That is the
seed's own extreme case: "un PG ucciso da un effetto irregolare".
"""

from __future__ import annotations

import json

import pytest

from tests import helpers
from tests.helpers import cli, ok, state

GM, PLAYER = "marta", "ann"
POLICY_EN = "Correction policy (seed 003, Concetti Fondamentali):"
POLICY_IT = "Regole per le correzioni (seed 003, Concetti Fondamentali):"


def refused_whole(store: str, command: str, message: str, user: str = GM) -> None:
    """As tests.helpers.refused_whole, by the campaign's GM unless told."""
    helpers.refused_whole(store, command, message, user)


def gm(store: str, command: str):
    return ok(store, command, user=GM)


def log(store: str, *extra: str) -> list[dict]:
    return [json.loads(x) for x in ok(store, "log", "--json", *extra).out.splitlines()]


def at(store: str) -> int:
    return state(store)["position"]


def without_position(s: dict) -> dict:
    return {k: v for k, v in s.items() if k != "position"}


@pytest.fixture
def alley(sqlite_store):
    s = sqlite_store
    gm(s, "new Alley --system 3.5e --campaign Sigil --seed 3")
    gm(s, "add Mira --pc --hp 12 --ac 15 --touch 12 --flat-footed 13 --init 3")
    gm(s, "add Ogre --hp 30 --ac 16 --touch 8 --flat-footed 16 --bab 3 --init -1")
    gm(s, "init Mira=14 Ogre=10")                                  # Mira 17, Ogre 9
    gm(s, "attack Mira Ogre --bonus 4 --vs ac --roll 15 --dmg 6 --kind melee")  # 19 hits
    gm(s, "next")
    return s


def irregular_crit(store: str) -> int:
    """The ogre's irregular critical (threat 19, x3): Mira dies. Returns the position of
    the AttackResolved event."""
    gm(store, "attack Ogre Mira --bonus 8 --vs ac --roll 19 --threat 19 --confirm 15 "
              "--mult 3 --dmg 9 --kind melee")
    m = state(store)["combatants"]["Mira"]
    assert (m["hp"], m["status"]) == (12 - 27, "dead")
    return at(store)


# --- 35-POL-01 ------------------------------------------------------------------------

@pytest.mark.parametrize("command", [
    "rewind 9 --kind tactical --reason 'wasted spell'",
    "amend 9 --dmg 4 --kind tactical --reason 'should have cast a better spell'",
    "undo --kind tactical --reason 'a bad move'",
])
def test_a_tactical_correction_is_refused_with_the_seeds_reason(alley, command):
    """35-POL-01: a choice tactically wrong but correct under the rules is not an error
    and can never be rewound; the refusal says so in one line, the store unchanged."""
    refused_whole(alley, command, "tactically wrong but correct under the rules is not "
                                  "considered an error and can never be rewound")
    r = cli(alley, command, user=GM)
    assert "seed 003, Concetti Fondamentali" in r.err


# --- 35-POL-02 ------------------------------------------------------------------------

def test_a_rules_error_amendment_records_who_established_it_and_the_dispute(alley):
    """35-POL-02: `amend P --kind rules-error --dispute Q` records the GM who established
    the error (--as) and the dispute it settles; `resolve Q overturned` closes it."""
    hit = irregular_crit(alley)
    ok(alley, f"dispute {hit} --reason 'a greatclub threatens on 20 only, x2' "
              "--quote 'Rules Compendium – 40 (Critical hits)' --by Ann", user=PLAYER)
    q = at(alley)
    raised = log(alley, "--all")[-1]
    assert raised["type"] == "DisputeRaised" and raised["target"] == hit
    assert raised["quote"] == "Rules Compendium – 40 (Critical hits)"
    # the right rule: natural 19 does not threaten; 19 + 8 = 27 hits for 9: 12 - 9 = 3
    r = gm(alley, f"amend {hit} --command 'attack Ogre Mira --bonus 8 --vs ac --roll 19 "
                  f"--dmg 9 --kind melee' --reason 'no threat on 19' --kind rules-error "
                  f"--dispute {q}")
    assert f"settles dispute {q}" in r.out
    amended = [e for e in log(alley, "--all") if e["type"] == "CommandAmended"][-1]
    assert (amended["by"], amended["kind"], amended["dispute"]) == (GM, "rules-error", q)
    m = state(alley)["combatants"]["Mira"]
    assert (m["hp"], m["status"]) == (3, "up")
    gm(alley, f"resolve {q} overturned")
    d = ok(alley, "disputes --all --json").json()
    assert d[0]["outcome"] == "overturned"
    assert d[0]["settled_by"] == {"position": amended["originator_version"],
                                  "type": "CommandAmended", "kind": "rules-error",
                                  "by": GM, "target": hit - 2}
    rows = ok(alley, "sql", "SELECT type, kind, recorded_by, dispute FROM corrections",
              "--format", "json").json()
    assert rows == [{"type": "CommandAmended", "kind": "rules-error",
                     "recorded_by": GM, "dispute": q}]


def test_a_rules_error_rewind_records_the_dispute_it_settles(alley):
    """35-POL-02: `rewind P --kind rules-error --dispute Q`: the Rewound event names the
    GM and the dispute."""
    hit = irregular_crit(alley)
    ok(alley, f"dispute {hit} --reason 'x3 is not a greatclub' --by Ann", user=PLAYER)
    q = at(alley)
    gm(alley, f"rewind {hit - 3} --kind rules-error --reason 'irregular critical' "
              f"--dispute {q}")
    rewound = log(alley, "--all")[-1]
    assert rewound["type"] == "Rewound"
    assert (rewound["by"], rewound["kind"], rewound["dispute"], rewound["to"]) == \
        (GM, "rules-error", q, hit - 3)
    assert f"settles dispute {q}" in ok(alley, "log --all").out


@pytest.mark.parametrize("command,message", [
    ("rewind {before} --dispute 3 --reason x", "bad --dispute 3: expected the position "
                                              "of a dispute of this encounter"),
    ("amend {hit} --dmg 4 --dispute 999 --reason x", "bad --dispute 999"),
    ("rewind {hit} --dispute {q} --reason x", "which a rewind to"),
    ("amend {hit} --dmg 4 --dispute {early} --reason x", "before the command corrected "
                                                         "at"),
])
def test_a_dispute_that_does_not_fit_the_correction_is_refused(alley, command, message):
    """35-POL-02: --dispute must name an open DisputeRaised of this encounter about the
    corrected command or later; a rewind must void the disputed event."""
    hit = irregular_crit(alley)
    ok(alley, f"dispute {hit} --reason 'irregular critical' --by Ann", user=PLAYER)
    q = at(alley)
    ok(alley, "dispute 9 --reason 'the ogre had cover' --by Ann", user=PLAYER)
    early = at(alley)
    refused_whole(alley, command.format(hit=hit, q=q, early=early, before=hit - 3),
                  message)


def test_a_resolved_dispute_cannot_be_settled_again(alley):
    """35-POL-02: the dispute a correction settles is an open one."""
    hit = irregular_crit(alley)
    ok(alley, f"dispute {hit} --reason 'irregular critical' --by Ann", user=PLAYER)
    q = at(alley)
    gm(alley, f"resolve {q} upheld --note 'rule not forgotten'")
    refused_whole(alley, f"amend {hit} --dmg 4 --dispute {q} --reason x",
                  f"dispute {q} is already resolved")


def test_a_dispute_in_another_encounter_is_not_this_ones(alley):
    """35-POL-02: --dispute names a dispute of the same encounter."""
    hit = irregular_crit(alley)
    ok(alley, f"dispute {hit} --reason 'irregular critical' --by Ann", user=PLAYER)
    q = at(alley)
    gm(alley, "new Gate --system 3.5e --campaign Sigil --seed 1")
    gm(alley, "add Kael --pc --hp 20 --ac 14")
    gm(alley, "add Rat --hp 4 --ac 12")
    gm(alley, "init Kael=12 Rat=3")
    gm(alley, "damage Rat 2")
    refused_whole(alley, f"amend 8 --dmg 3 --dispute {q} --reason x",
                  f"bad --dispute {q}")


# --- 35-POL-03 ------------------------------------------------------------------------

def test_an_objection_in_time_is_applied_by_amending_without_a_rewind(alley):
    """35-POL-03: a dispute on the last effective command, accepted by the GM, is fixed
    by amending that command and resolving the dispute overturned: no Rewound."""
    hit = irregular_crit(alley)
    r = ok(alley, f"dispute {hit} --reason 'a greatclub is 20/x2' --by Ann", user=PLAYER)
    q = at(alley)
    assert "in time" in r.out and f"--dispute {q}" in r.out and "no rewind" in r.out
    gm(alley, f"amend {hit} --command 'attack Ogre Mira --bonus 8 --vs ac --roll 19 "
              f"--dmg 9 --kind melee' --reason 'no threat on 19' --dispute {q}")
    gm(alley, f"resolve {q} overturned --note 'the right rule applied'")
    types = [e["type"] for e in log(alley, "--all")]
    assert {"DisputeRaised", "CommandAmended", "DisputeResolved"} <= set(types)
    assert "Rewound" not in types
    resolved = [e for e in log(alley, "--all") if e["type"] == "DisputeResolved"][0]
    assert (resolved["dispute"], resolved["outcome"]) == (q, "overturned")
    assert state(alley)["combatants"]["Mira"]["hp"] == 3
    md = ok(alley, "export --format md").out
    assert "an objection in time, applied without rewinding" in md


def test_a_late_objection_gets_no_in_time_hint(alley):
    """35-POL-03: only an objection about the last command is in time."""
    hit = irregular_crit(alley)
    gm(alley, "next")
    r = ok(alley, f"dispute {hit} --reason 'irregular critical' --by Ann", user=PLAYER)
    assert "in time" not in r.out


# --- 35-POL-04 ------------------------------------------------------------------------

def test_a_rules_error_rewind_goes_back_to_just_before_the_erroneous_event(alley):
    """35-POL-04: a PC killed by an irregular effect: `rewind` to the position just
    before the erroneous command; `state` equals `state --at P` but for `position`,
    the PC alive, and play goes on from there."""
    start = at(alley)                      # the ogre's turn has started
    hit = irregular_crit(alley)
    gm(alley, "next")
    ok(alley, f"dispute {hit} --reason 'irregular critical' --by Ann", user=PLAYER)
    q = at(alley)
    gm(alley, f"rewind {start} --kind rules-error --reason 'PC killed by an irregular "
              f"critical' --dispute {q}")
    now, then = state(alley), state(alley, "--at", str(start))
    assert without_position(now) == without_position(then)
    m = now["combatants"]["Mira"]
    assert (m["hp"], m["status"]) == (12, "up") and now["turn"] == "Ogre"
    # the right rule now: natural 19 + 8 = 27 hits AC 15 for 9
    gm(alley, "attack Ogre Mira --bonus 8 --vs ac --roll 19 --dmg 9 --kind melee")
    assert state(alley)["combatants"]["Mira"]["hp"] == 3
    gm(alley, f"resolve {q} overturned")


# --- 35-POL-05 ------------------------------------------------------------------------

def test_a_rewind_voiding_more_than_the_erroneous_command_warns_but_is_recorded(alley):
    """35-POL-05: the rewind voids the irregular attack and the `next` after it: a
    one-line warning on stderr, exit 0, the rewind recorded."""
    start = at(alley)
    irregular_crit(alley)
    gm(alley, "next")
    r = cli(alley, f"rewind {start} --reason 'irregular critical'", user=GM)
    assert r.code == 0
    lines = r.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("warning: this rewind voids 2 "
                                                   "commands"), r.err
    assert "`next`" in lines[0] and "ripple" in lines[0]
    assert log(alley, "--all")[-1]["type"] == "Rewound"


def test_a_rewind_further_back_than_the_disputed_command_says_where_to_stop(alley):
    """35-POL-05: rewinding before the disputed command voids Mira's own attack too; the
    warning names the smallest rewind."""
    hit = irregular_crit(alley)
    ok(alley, f"dispute {hit} --reason 'irregular critical' --by Ann", user=PLAYER)
    q = at(alley)
    r = cli(alley, f"rewind 7 --reason 'irregular critical' --dispute {q}", user=GM)
    assert r.code == 0
    assert f"`rewind {hit - 3}` would be enough" in r.err
    assert state(alley)["combatants"]["Ogre"]["hp"] == 30   # Mira's hit voided too


def test_a_rewind_of_the_erroneous_command_alone_does_not_warn(alley):
    """35-POL-05: the smallest rewind, only the erroneous command voided: no warning."""
    start = at(alley)
    irregular_crit(alley)
    r = cli(alley, f"rewind {start} --reason 'irregular critical'", user=GM)
    assert r.code == 0 and r.err == ""


def test_ripple_shows_what_an_amendment_changes_instead_of_a_rewind(alley):
    """35-POL-05: `ripple` shows which later commands an amendment changes: with 4 x 3 =
    12 damage Mira is at 0 (disabled, not dead), so the `next` that skipped her dead
    turn would now give her the turn."""
    hit = irregular_crit(alley)
    gm(alley, "next")
    nxt = hit + 1
    r = gm(alley, f"amend {hit} --dmg 4 --reason 'it rolled a 4'")
    assert "ripple: 1 later command no longer holds" in r.out
    assert ok(alley, "ripple --json").json() == [
        {"position": nxt, "command": "next",
         "why": "would now be decided differently: name Ogre -> Mira"}]
    m = state(alley)["combatants"]["Mira"]
    assert (m["hp"], m["status"]) == (0, "disabled")


# --- 35-POL-06 ------------------------------------------------------------------------

def test_the_dm_upholds_a_ruling_without_revealing_the_monsters_ability(alley):
    """35-POL-06: `resolve Q upheld --note "rule not forgotten"`: the ruling stands,
    nothing is corrected, the note is all that is said."""
    hit = irregular_crit(alley)
    ok(alley, f"dispute {hit} --reason 'a greatclub is 20/x2' --by Ann", user=PLAYER)
    q = at(alley)
    gm(alley, f"resolve {q} upheld --note 'rule not forgotten'")
    assert state(alley)["combatants"]["Mira"]["status"] == "dead"
    d = ok(alley, "disputes --all --json").json()[0]
    assert (d["outcome"], d["note"], d["settled_by"]) == ("upheld", "rule not forgotten",
                                                          None)
    text = ok(alley, "disputes --all").out
    assert "upheld (rule not forgotten)" in text
    assert "rule not forgotten" in ok(alley, "log --all").out
    types = {e["type"] for e in log(alley, "--all")}
    assert not types & {"Rewound", "CommandAmended", "CommandRetracted"}


# --- the policy in `disputes` and the report --------------------------------------------

def test_disputes_say_the_policy_and_which_correction_settled_each(alley):
    """35-POL-01..03: `disputes` for a 3.5 encounter opens with the policy (kinds of
    correction, tactical never rewound, an in-time objection applied without rewinding)
    and says which correction settled each dispute."""
    hit = irregular_crit(alley)
    ok(alley, f"dispute {hit} --reason 'irregular critical' --by Ann", user=PLAYER)
    q = at(alley)
    gm(alley, f"amend {hit} --dmg 4 --reason 'no threat on 19' --dispute {q}")
    gm(alley, f"resolve {q} overturned")
    text = ok(alley, "disputes --all").out
    assert text.startswith(POLICY_EN)
    for words in ("rules-error", "table-error", "never rewound",
                  "without rewinding"):
        assert words in text
    amend_at = [e for e in log(alley, "--all") if e["type"] == "CommandAmended"][0]
    assert (f"overturned; settled by the amendment of {hit - 2} at "
            f"{amend_at['originator_version']} (rules-error, by {GM})") in text
    it = ok(alley, "--lang it disputes --all").out
    assert it.startswith(POLICY_IT) and "non vengono mai riavvolte" in it
    assert (f"risolta con la correzione del comando a {hit - 2}, in "
            f"{amend_at['originator_version']} (errore regolistico, da marta)") in it


def test_the_report_says_the_policy_and_each_corrections_kind_and_dispute(alley):
    """35-POL-01..05: the Markdown report of a 3.5 encounter says the policy and, for
    each correction, its kind, who established it and the dispute it settled."""
    start = at(alley)
    hit = irregular_crit(alley)
    gm(alley, "next")
    ok(alley, f"dispute {hit} --reason 'irregular critical' --by Ann", user=PLAYER)
    q = at(alley)
    cli(alley, f"rewind {start} --reason 'PC killed by an irregular effect' "
               f"--dispute {q}", user=GM)
    rewind_at = at(alley)
    gm(alley, f"resolve {q} overturned")
    gm(alley, "damage Ogre 2")
    gm(alley, "undo --reason 'wrong target' --kind table-error")
    md = ok(alley, "export --format md").out
    section = md.split("\n## Corrections\n", 1)[1]
    assert section.strip().startswith(POLICY_EN)
    assert "tactical is refused" in section and "never rewound" in section
    assert (f"- {rewind_at}: rewind to {start} (rules-error, established by {GM}): "
            f"PC killed by an irregular effect — settles dispute {q} (Ann: irregular "
            f"critical), overturned") in section
    assert "(table-error, by marta): wrong target" in section
    it = ok(alley, "--lang it export --format md").out
    assert POLICY_IT in it and "risolve la contestazione" in it


def test_a_35_report_without_corrections_still_says_the_policy(alley):
    """35-POL-01: the policy is said even when nothing was corrected."""
    md = ok(alley, "export --format md").out
    assert "## Corrections" in md and POLICY_EN in md and "- No corrections." in md


def test_the_13th_age_and_5e_reports_and_disputes_keep_their_plain_form(sqlite_store):
    """The policy is the 3.5 system's (RuleSystem.correction_policy): other systems'
    disputes and reports say nothing of it, and their rewinds never warn."""
    s = sqlite_store
    for system, add in (("13a", "--ac 15 --pd 13 --md 10"), ("5e", "--ac 15")):
        gm(s, f"new B{system} --system {system} --seed 2")
        gm(s, f"add Bruna --pc --hp 30 {add} --init 3")
        gm(s, f"add Orc --hp 20 {add} --init 1")
        gm(s, "init Bruna=15 Orc=6")
        p = at(s)
        gm(s, "damage Orc 5")
        gm(s, "damage Orc 5")
        ok(s, f"dispute {p + 1} --reason x --by Bo", user="bo")
        r = cli(s, f"rewind {p} --reason x", user=GM)
        assert r.code == 0 and r.err == ""
        assert POLICY_EN not in ok(s, "disputes").out
        md = ok(s, "export --format md").out
        assert POLICY_EN not in md and "Rewound by marta: x" in md


def test_35_POL_02_amend_roll_at_a_confirmation_corrects_the_confirmation(alley):
    """35-POL-02/03 (audit D14): `amend P --roll 5` where P is the ConfirmationRolled
    event corrects the confirmation's natural (`--confirm 15` -> `--confirm 5`), not the
    attack's (--roll 19 stays): 5 + 8 = 13 < 15, not confirmed: 9 damage, Mira 12 -> 3,
    up."""
    irregular_crit(alley)
    p = next(e["originator_version"] for e in log(alley)
             if e["type"] == "ConfirmationRolled")
    r = gm(alley, f"amend {p} --roll 5 --reason 'the confirmation was a 5'")
    assert "--confirm 5 --mult 3" in r.out and "--roll 19" in r.out
    m = state(alley)["combatants"]["Mira"]
    assert (m["hp"], m["status"]) == (3, "up")
