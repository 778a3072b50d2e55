"""5e through the command line: bad input refused whole, corrections, exports and
imports, the Italian terms of seed 002, and a campaign holding both rule systems."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import ok, refused_whole, state

BATTLES = Path(__file__).resolve().parents[2] / "fixtures" / "battles"


@pytest.fixture
def fight(sqlite_store):
    s = sqlite_store
    ok(s, "new Crypt --system 5e --campaign Valdris --seed 4")
    ok(s, "add Bruna --pc --hp 30 --ac 17 --init 3 --level 3 --save dex:+2")
    ok(s, "add Gob --hp 7 --ac 13 --init 2 --count 2 --cr 1/4")
    ok(s, "init Bruna=15 Gob=4")  # Bruna 18, Gob 1 and 2 6
    return s


@pytest.fixture
def fight13(sqlite_store):
    s = sqlite_store
    ok(s, "new Bridge --seed 3")
    ok(s, "add Bruna --pc --hp 30 --ac 17 --pd 14 --md 12 --init 3")
    ok(s, "add Orc --hp 20 --ac 15 --pd 13 --md 10 --init 1")
    ok(s, "init Bruna=15 Orc=6")
    return s


# --- (a) bad input --------------------------------------------------------------------

BAD_5E = [
    ("save Bruna --ability foo --dc 10 --roll 5", "bad ability 'foo'"),          # 5E-ABI-01
    ("add X --hp 9 --save foo:+2", "one of str dex con int wis cha"),            # 5E-ABI-01
    ("add X --hp 9 --resist fire:5", "without a number"),
    ("attack Bruna 'Gob 1' --bonus 5 --roll 21", "from 1 to 20"),
    ("attack Bruna 'Gob 1' --bonus 5 --roll 12 --adv", "two naturals as A/B"),   # 5E-D20-02
    ("save Bruna --ability dex --dc 10 --roll 12 --dis", "two naturals as A/B"),
    ("attack Bruna 'Gob 1' --bonus 5 --vs pd --roll 12", "13th Age defense"),
    ("attack Bruna 'Gob 1' --bonus 5 --roll 12 --cover total", "total cover"),   # 5E-COV-03
    ("engage Bruna 'Gob 1'", "`engage` is a 13th Age"),
    ("escalation set 2", "`escalation set` is a 13th Age"),
    ("attack Bruna 'Gob 1' --bonus 5 --roll 12 --frobnicate", "no such option --frobnicate"),
    ("cond add Bruna sleepy", "bad condition 'sleepy'"),
    ("attack 'Gob 1' Bruna --bonus 4 --roll 12", "turn"),                        # 5E-TRN-01
    ("check Bruna --skill stealth --expertise -1 --roll 10", "bad --expertise -1"),  # 5E-PRO-03
    ("check Bruna --skill perception --roll 10 --sense smell", "sight or hearing"),  # 5E-CON-04
    ("tiebreak Bruna 'Gob 1'", "not tied"),                                      # 5E-INI-05
]


@pytest.mark.parametrize("command,message", BAD_5E, ids=[b[0] for b in BAD_5E])
def test_bad_5e_input_is_one_line_nonzero_and_changes_nothing(fight, command, message):
    refused_whole(fight, command, message)


def test_a_5e_verb_in_a_13th_age_encounter_is_refused(fight13):
    refused_whole(fight13, "do Bruna dash", "`do` is a D&D 3.5 (Sigil digest, seed 003) and D&D 5e")


def test_temporary_hp_keep_the_larger_and_one_action_a_turn(fight):
    """5E-THP-03 (no stacking; DESIGN.md: the larger unless --keep), 5E-ACT-12."""
    ok(fight, "temp Bruna 5")
    ok(fight, "temp Bruna 3")
    assert state(fight)["combatants"]["Bruna"]["temp_hp"] == 5
    ok(fight, "temp Bruna 3 --keep new")
    assert state(fight)["combatants"]["Bruna"]["temp_hp"] == 3
    ok(fight, "attack Bruna 'Gob 1' --bonus 5 --roll 3 --dmg 4")
    refused_whole(fight, "do Bruna dash", "action")


# --- (b) corrections ------------------------------------------------------------------

def without_position(s: dict) -> dict:
    return {k: v for k, v in s.items() if k != "position"}


def test_undo_and_redo_restore_the_5e_state(fight):
    before = state(fight)
    ok(fight, "attack Bruna 'Gob 1' --bonus 5 --roll 20 --dmg 5 --crit-dmg 3 --kind melee")
    after = state(fight)
    assert after["combatants"]["Gob 1"]["status"] == "dead"  # 8 >= 7 (5E-CRT-01)
    ok(fight, "undo --reason 'wrong goblin'")
    assert without_position(state(fight)) == without_position(before)
    ok(fight, "redo")
    assert without_position(state(fight)) == without_position(after)


def test_rewind_equals_state_at_and_amend_re_decides_an_attack(fight):
    ok(fight, "attack Bruna 'Gob 1' --bonus 5 --roll 9 --dmg 4 --kind melee")  # 14 vs 13 hit
    p = state(fight)["position"]
    ok(fight, "temp Bruna 6")
    ok(fight, "next")
    ok(fight, "attack 'Gob 1' Bruna --bonus 4 --roll 16 --dmg 5")  # 20 vs 17: temp 6 -> 1
    assert state(fight)["combatants"]["Bruna"]["temp_hp"] == 1
    at_p = state(fight, "--at", str(p))
    ok(fight, f"rewind {p} --reason 'the goblins had not arrived yet'")
    assert without_position(state(fight)) == without_position(at_p)
    assert at_p["combatants"]["Gob 1"]["hp"] == 3
    # amend: a 7 (12 vs AC 13) misses, the goblin keeps its 7 hp
    r = ok(fight, f"amend {p} --roll 7 --reason 'it was a 7'")
    assert "Traceback" not in r.err
    amended = [json.loads(x) for x in ok(fight, "log --all --json").out.splitlines()
               if json.loads(x)["type"] == "CommandAmended"][-1]
    redone = [e for e in amended["replacement"] if e["type"] == "AttackResolved"][0]
    assert (redone["natural"], redone["total"], redone["hit"]) == (7, 12, False)
    assert state(fight)["combatants"]["Gob 1"]["hp"] == 7
    assert "ok" in ok(fight, "verify").out


def test_branch_forks_a_5e_what_if(fight):
    p = state(fight)["position"]
    ok(fight, "attack Bruna 'Gob 1' --bonus 5 --roll 12 --dmg 7 --kind melee")
    assert state(fight)["combatants"]["Gob 1"]["status"] == "dead"
    ok(fight, f"branch {p} 'What if she waited' --switch")
    s = state(fight)
    assert s["encounter"] == "What if she waited" and s["system"] == "5e"
    assert s["combatants"]["Gob 1"]["hp"] == 7 and s["turn"] == "Bruna"
    ok(fight, "do Bruna dodge")
    assert state(fight)["combatants"]["Bruna"]["dodging"] is True


# --- (c) export, import, reports, Italian -----------------------------------------------

def test_export_import_gives_the_same_state_at_every_position(sqlite_store, tmp_path):
    ok(sqlite_store, "run", str(BATTLES / "5e-drowned-shrine.bt"))
    out = tmp_path / "shrine.jsonl"
    ok(sqlite_store, "export", "-o", str(out))
    fresh = str(tmp_path / "fresh.db")
    ok(fresh, "import", str(out))
    last = state(sqlite_store)["position"]
    for p in range(1, last + 1):
        assert state(fresh, "--at", str(p)) == state(sqlite_store, "--at", str(p)), p
    ok(fresh, "import", str(out))  # twice adds nothing
    assert state(fresh)["position"] == last


def test_the_5e_report_and_page_name_the_5e_words(sqlite_store, tmp_path):
    ok(sqlite_store, "demo", "--system", "5e")
    md = ok(sqlite_store, "export --format md").out
    assert md.startswith("# Demo: the crypt of Valdris\n") and "5e" in md.splitlines()[2]
    assert "| Aria | 12/28 | up (bloodied) |" in md
    assert "Aria scored a crit on Skeleton 1 for 24" in md
    page = tmp_path / "crypt.html"
    ok(sqlite_store, "export", "--format", "html", "-o", str(page))
    html = page.read_text(encoding="utf-8")
    assert "<html" in html.lower() and "bloodied" in html and "Valdris" in html


def test_the_italian_terms_of_seed_002(sqlite_store):
    ok(sqlite_store, "demo", "--system", "5e")
    md = ok(sqlite_store, "--lang it export --format md").out
    assert "| Aria | 12/28 | in piedi (insanguinato) |" in md
    table = ok(sqlite_store, "--lang it state").out
    assert "turno: Valdris" in table and "morto" in table and "privo" in table
    log = ok(sqlite_store, "--lang it log").out
    assert "[vantaggio:GM; vulnerabilità:contundente]" in log      # 5E-D20-02, 5E-RES-02
    assert "tiro salvezza contro la morte" in log
    ok(sqlite_store, "new Grotta --system 5e --seed 1")
    ok(sqlite_store, "add Bruna --pc --hp 30 --ac 17")
    ok(sqlite_store, "add Gob --hp 7 --ac 13")
    ok(sqlite_store, "init Bruna=15 Gob=4")
    ok(sqlite_store, "cond add Bruna poisoned")
    ok(sqlite_store, "attack Bruna Gob --bonus 5 --roll 15/3 --dmg 4 --type fuoco")  # 5E-TYP-01
    assert "svantaggio:attaccante avvelenato" in ok(sqlite_store, "--lang it log").out
    assert state(sqlite_store)["combatants"]["Gob"]["hp"] == 7  # 3+5 = 8 vs 13 misses


# --- (d) a campaign with both systems ---------------------------------------------------

def test_a_campaign_holds_a_13a_battle_and_a_5e_battle(sqlite_store, tmp_path):
    s = sqlite_store
    ok(s, "new Bridge --campaign Mixed --seed 2")
    ok(s, "add Bruna --pc --hp 30 --ac 17 --pd 14 --md 12 --init 3 --level 3")
    ok(s, "add Orc --hp 20 --ac 15 --pd 13 --md 10 --init 1")
    ok(s, "init Bruna=15 Orc=6")
    ok(s, "attack Bruna Orc --bonus 6 --vs ac --roll 12 --dmg 9")   # 18 vs 15: 20 -> 11
    ok(s, "new Crypt --system 5e --campaign Mixed --seed 3")
    ok(s, "add Vex --pc --hp 30 --ac 15 --init 3 --level 3")
    ok(s, "add Gob --hp 7 --ac 13 --init 2")
    ok(s, "init Vex=15 Gob=4")
    ok(s, "attack Vex Gob --bonus 5 --roll 7/15 --adv --dmg 4")      # 20 vs 13: 7 -> 3
    ok(s, "next")
    ok(s, "attack Gob Vex --bonus 4 --roll 3 --dmg 5")              # 7 vs 15 misses
    rows = [line.split("\t") for line in ok(s, "encounters").out.splitlines()]
    assert {(r[0], r[1], r[2]) for r in rows} >= {("Bridge", "Mixed", "13a"),
                                                  ("Crypt", "Mixed", "5e")}
    assert ok(s, "--encounter Bridge state --json").json()["combatants"]["Orc"]["hp"] == 11
    assert state(s)["combatants"]["Gob"]["hp"] == 3
    out = ok(s, 'sql "SELECT system, count(*) AS n FROM attacks GROUP BY 1 ORDER BY 1"').out
    cells = [[c.strip() for c in line.split("│") if c.strip()] for line in out.splitlines()]
    counts = {row[0]: row[1] for row in cells if len(row) == 2 and row[0] in ("13a", "5e")}
    assert counts == {"13a": "1", "5e": "2"}


def test_5E_INI_02_and_5E_ACT_10_the_audits_transcripts_through_the_cli(sqlite_store):
    """5E-INI-02: two naturals for one group are refused whole (the audit's D08); 5E-ACT-10:
    after `act`, a second attack in another's turn is refused and a GM may force it (D01)."""
    s = sqlite_store
    ok(s, "new Door --system 5e --seed 2")
    ok(s, "add A --hp 20 --pc")
    ok(s, "add B --hp 40 --ac 5")
    ok(s, "add Gob --hp 7 --init 2 --count 2")
    refused_whole(s, "init 'Gob 1=11' 'Gob 2=5' A=15 B=12", "one natural for group Gob")
    ok(s, "init Gob=11 A=15 B=12")
    assert state(s)["combatants"]["Gob 2"]["initiative"] == 13
    ok(s, "ready A 'B comes through the door'")
    ok(s, "next")
    ok(s, "act A")
    ok(s, "attack A B --bonus 0 --roll 10 --dmg 1")
    refused_whole(s, "attack A B --bonus 0 --roll 10 --dmg 1",
                  "A already took its readied action")
    ok(s, "--force", "the haste spell", "attack", "A", "B", "--bonus", "0", "--roll", "10",
       "--dmg", "1")
    assert state(s)["combatants"]["B"]["hp"] == 38


def test_5e_audit_D16_italian_skill_save_notes_and_already(sqlite_store):
    """5e audit D16 (--lang it, the seed's words): the skill by the seed's table
    (Furtività), a save's advantage note (vantaggio:schivata) and the line of a
    condition already held (già prono) are Italian; English unchanged."""
    s = sqlite_store
    ok(s, "new D16 --system 5e")
    ok(s, "add Bruna --hp 30 --pc --ac 15 --save dex:+2")
    ok(s, "add Gob --hp 12 --ac 13")
    ok(s, "init Bruna=15 Gob=10")
    ok(s, "check Bruna --skill stealth --bonus 2 --roll 12 --dc 12")
    ok(s, "do Bruna dodge")
    ok(s, "save Bruna --ability dex --dc 12 --roll 4/15")
    ok(s, "cond add Gob prone")
    it = ok(s, "--lang", "it", "log").out
    assert "prova di Furtività" in it and "stealth" not in it
    assert "(vantaggio:schivata)" in it
    assert "già prono" in ok(s, "--lang", "it", "cond", "add", "Gob", "prono").out
    en = ok(s, "log").out
    assert "stealth check" in en and "(advantage:dodging)" in en
    assert "is prone already" in ok(s, "cond", "add", "Gob", "prone").out
