"""One story everywhere (DESIGN.md principle 9): after a correction, `log`, `log --all`,
the terminal replay, the HTML page and the Markdown report tell what `state` tells;
undo takes back the last correction or command, whichever came last, and redo
restores it. Numbers from the 13th Age SRD (seed 004), Attack Bonuses: natural 12 + 6
= 18 hits AC 15; a natural 7 + 6 = 13 misses."""

import json

import pytest

from tests.helpers import cli, ok, state

GM = "marta"
HIT = "Bruna attacks Orc: natural 12, total 18 vs AC 15: hit for 9"
MISS = "Bruna attacks Orc: natural 7, total 13 vs AC 15: miss"


@pytest.fixture
def amended(sqlite_store):
    """A hit for 9 recorded at 9 (command 8), then amended: the natural was a 7."""
    s = sqlite_store
    for line in ("new Bridge --seed 2", "add Bruna --pc --hp 30 --ac 17 --pd 14 --md 12 "
                 "--init 3 --level 3", "add Orc --hp 20 --ac 15 --pd 13 --md 10 --init 1",
                 "init Bruna=15 Orc=6",
                 "attack Bruna Orc --bonus 6 --vs ac --roll 12 --dmg 9 --kind melee"):
        ok(s, line, user=GM)
    ok(s, "amend 9 --roll 7 --reason 'it was a 7'", user=GM)
    assert state(s)["combatants"]["Orc"]["hp"] == 20   # state already says: a miss
    return s


def test_log_shows_the_amended_command_as_amended(amended):
    text = ok(amended, "log").out
    assert MISS + " [amended at 10]" in text
    assert HIT not in text


def test_log_all_keeps_the_original_marked_replaced_beside_the_correction(amended):
    lines = ok(amended, "log --all").out.splitlines()
    replaced = next(i for i, x in enumerate(lines) if HIT in x)
    assert lines[replaced].endswith("[replaced at 10]")
    assert MISS in lines[replaced + 1] and lines[replaced + 1].endswith("[amended at 10]")
    assert lines[replaced].split()[0] == lines[replaced + 1].split()[0] == "9"


def test_log_json_gives_the_events_that_count(amended):
    attack = [e for e in ok(amended, "log --json").json_lines()
              if e["type"] == "AttackResolved"]
    assert [(a["natural"], a["hit"], a["position"], a["amended_at"]) for a in attack] \
        == [(7, False, 9, 10)]
    stored = [e for e in ok(amended, "log --all --json").json_lines()
              if e["type"] == "AttackResolved"]
    assert [(a["natural"], a["replaced_by"]) for a in stored] == [(12, 10)]


def test_the_terminal_replay_shows_the_amended_line(amended):
    text = ok(amended, "replay").out
    assert MISS + " [amended at 10]" in text and HIT + " [replaced at 10]" in text


def test_the_html_page_shows_the_amended_line(amended, tmp_path):
    page = tmp_path / "bridge.html"
    ok(amended, "export", "--format", "html", "-o", str(page))
    raw = page.read_text(encoding="utf-8")
    data = json.loads(raw.split('<script id="data" type="application/json">')[1]
                      .split("</script>")[0])
    # one [line, by, flags] a position, from the page's first position on
    at_9 = data["main"]["steps"][9 - data["page"]["first"]][0]
    assert MISS + " [amended at 10]" in at_9
    assert HIT + " [replaced at 10]" in at_9


def test_the_markdown_report_tells_the_same_story(amended):
    md = ok(amended, "export --format md").out
    assert "Bruna missed Orc" in md and "Bruna hit Orc" not in md


def test_undo_takes_back_an_amendment_and_redo_restores_it(amended):
    ok(amended, "undo --reason 'the 12 was right after all'", user=GM)
    assert state(amended)["combatants"]["Orc"]["hp"] == 11   # the original hit again
    text = ok(amended, "log").out
    assert HIT in text and "[amended" not in text
    ok(amended, "redo", user=GM)
    assert state(amended)["combatants"]["Orc"]["hp"] == 20
    assert MISS + " [amended at 10]" in ok(amended, "log").out
    ok(amended, "undo", user=GM)                     # then the amendment again
    assert state(amended)["combatants"]["Orc"]["hp"] == 11
    ok(amended, "undo", user=GM)                     # and the attack itself
    s = state(amended)["combatants"]["Orc"]
    assert s["hp"] == 20 and s["engaged_with"] == []
    assert "Bruna attacks Orc" not in ok(amended, "log").out


def test_undo_takes_back_a_rewind(amended):
    ok(amended, "next", user=GM)
    assert state(amended)["turn"] == "Orc"
    ok(amended, "rewind 9 --reason 'the turn was not over'", user=GM)
    assert state(amended)["turn"] == "Bruna"
    ok(amended, "undo", user=GM)
    assert state(amended)["turn"] == "Orc"


@pytest.fixture
def rippled(sqlite_store):
    """A hit for 20 slays the orc and the round goes back to Bruna; the roll was
    really a 7 (a miss): the `next` at 10 would now give the orc its turn."""
    s = sqlite_store
    for line in ("new Bridge --seed 2", "add Bruna --pc --hp 30 --ac 17 --pd 14 --md 12 "
                 "--init 3 --level 3", "add Orc --hp 20 --ac 15 --pd 13 --md 10 --init 1",
                 "init Bruna=15 Orc=6",
                 "attack Bruna Orc --bonus 6 --vs ac --roll 12 --dmg 20 --kind melee",
                 "next"):
        ok(s, line, user=GM)
    ok(s, "amend 9 --roll 7 --reason 'it was a 7'", user=GM)
    return s


def test_verify_reports_an_accepted_ripple_as_such_and_passes(rippled):
    from tests.helpers import cli, refused_whole

    r = cli(rippled, "verify")
    assert r.code == 2 and "command at 10 (`next`)" in r.out
    refused_whole(rippled, "ripple --accept", "not a GM", user="anna")
    r = ok(rippled, "ripple --accept --note 'the table played on'", user=GM)
    assert "accepted" in r.out and "10  next" in r.out
    r = ok(rippled, "verify")
    assert "command at 10 (`next`)" in r.out and "accepted by marta at 14" in r.out
    assert "1 ripple(s) the GM reviewed and accepted" in r.out
    before = ok(rippled, "log --all --json").out
    assert "nothing to accept" in ok(rippled, "ripple --accept", user=GM).out
    assert ok(rippled, "log --all --json").out == before


def test_a_new_ripple_after_the_review_fails_verify_again(rippled):
    from tests.helpers import cli

    ok(rippled, "ripple --accept", user=GM)
    ok(rippled, "attack Bruna Orc --bonus 6 --vs ac --roll 19 --dmg 5 --kind melee",
       user=GM)
    assert ok(rippled, "verify").code == 0
    # the 12 was right after all: the orc was slain at 9, so the attack at 15 on it
    # no longer holds — a ripple nobody has reviewed
    ok(rippled, "amend 9 --roll 12 --reason 'the 12 was right'", user=GM)
    r = cli(rippled, "verify")
    assert r.code == 2 and "command at 15" in r.out and "accepted" not in r.out


@pytest.fixture
def virtual(sqlite_store):
    """A battle rolled by battletape (seeded virtual dice), with an undone attack."""
    s = sqlite_store
    for line in ("new Bridge --seed 2", "add Bruna --pc --hp 30 --ac 17 --pd 14 --md 12 "
                 "--init 3 --level 3", "add Orc --hp 40 --ac 15 --pd 13 --md 10 --init 1",
                 "init", "attack Bruna Orc --bonus 6 --vs ac --damage 1d8 --kind melee",
                 "undo",
                 "attack Bruna Orc --bonus 6 --vs ac --damage 1d8 --kind melee", "next",
                 "attack Orc Bruna --bonus 5 --vs ac --damage 1d6 --kind melee"):
        ok(s, line, user=GM)
    return s


def positions(store, encounter):
    return [(e["position"], e["type"]) for e in
            ok(store, "-e", encounter, "log", "--all", "--json").json_lines()]


def test_a_branch_of_an_encounter_with_undone_commands_passes_verify(virtual):
    last = state(virtual)["position"]
    ok(virtual, f"branch {last} 'what if'", user=GM)
    assert "ok: 1 encounter(s)" in ok(virtual, "verify", "what if").out
    # the same positions and the same recorded dice: the branch is the trunk so far
    assert positions(virtual, "what if")[1:] == positions(virtual, "Bridge")[1:]
    assert ok(virtual, "diff", "Bridge", "what if", "--at-a", str(last),
              "--at-b", str(last)).out.strip() == "no differences"
    # and it goes on by itself, verified too
    ok(virtual, "-e", "what if", "next", user=GM)
    ok(virtual, "-e", "what if",
       *"attack Bruna Orc --bonus 6 --vs ac --damage 1d8 --kind melee".split(),
       user=GM)
    assert "ok: 2 encounter(s)" in ok(virtual, "verify").out


def test_a_branch_inside_a_command_keeps_it_whole(virtual):
    attack = next(e for e in ok(virtual, "log --json").json_lines()
                  if e["type"] == "Engaged")["position"]   # the attack's first event
    r = ok(virtual, f"branch {attack} 'mid attack'", user=GM)
    assert "keeps it whole" in r.out
    assert "ok: 1 encounter(s)" in ok(virtual, "verify", "mid attack").out
    mine = ok(virtual, "-e", "mid attack", "state", "--json").json()
    trunk = ok(virtual, "-e", "Bridge", "state", "--at", str(attack + 1), "--json").json()
    assert mine == {**trunk, "encounter": "mid attack"}


def test_a_later_correction_of_the_trunk_follows_into_the_branch(amended):
    # the amendment at 10 (the 12 was a 7) is about position 9: a branch at 9 forks
    # from the corrected past, as `state --at 9` tells it
    ok(amended, "branch 9 'what if'", user=GM)
    s = ok(amended, "-e", "what if", "state", "--json").json()
    assert s["combatants"]["Orc"]["hp"] == 20
    assert MISS + " [amended at 10]" in ok(amended, "-e", "what if", "log").out
    assert "ok: 1 encounter(s)" in ok(amended, "verify", "what if").out


def test_diff_compares_one_encounter_at_two_positions(virtual):
    last = state(virtual)["position"]
    r = ok(virtual, "diff", "Bridge", "--at-a", "7", "--at-b", str(last), "--json")
    what = {ch["what"]: (ch["a"], ch["b"]) for ch in r.json()}
    assert what["turn"] == ("Bruna", "Orc")
    assert what["Bruna.hp"][0] == 30 and what["Bruna.hp"][1] < 30


def test_a_branch_takes_the_trunks_later_corrections_of_its_past_in_their_order(amended):
    # after the fork point (9): an undo of the amendment and its redo — both about the
    # branch's past — and a `next` that is not
    ok(amended, "next", user=GM)                                # 11, 12
    ok(amended, "rewind 9 --reason 'not yet'", user=GM)         # 13 voids the next
    ok(amended, "undo", user=GM)                                # 14 takes the rewind back
    ok(amended, "redo", user=GM)                                # 15 the rewind again
    ok(amended, "branch 9 'what if'", user=GM)
    kinds = [t for _, t in positions(amended, "what if")][9:]
    assert kinds == ["CommandAmended", "Rewound", "CommandRetracted", "CommandRestored"]
    trunk = ok(amended, "state --at 9 --json").json()
    branch = ok(amended, "-e", "what if", "state", "--json").json()
    assert {**trunk, "encounter": "what if", "position": branch["position"]} == branch
    assert "ok: 2 encounter(s)" in ok(amended, "verify").out


def test_diff_takes_two_positions_of_the_current_encounter(virtual):
    """`diff 7 LAST` is `diff Bridge --at-a 7 --at-b LAST`; `diff 7` compares 7 with
    now; a position beside its own --at is one line, in both languages."""
    last = state(virtual)["position"]
    named = ok(virtual, "diff", "Bridge", "--at-a", "7", "--at-b", str(last), "--json")
    assert ok(virtual, "diff", "7", str(last), "--json").json() == named.json()
    assert ok(virtual, "diff", "7", "--json").json() == named.json()
    r = cli(virtual, "diff", "7", "--at-a", "3")
    assert r.code == 2 and len(r.err.strip().splitlines()) == 1
    assert "`diff 7 N`" in r.err
    r = cli(virtual, "--lang", "it", "diff", "7", "--at-a", "3")
    assert r.code == 2 and "accanto a una posizione" in r.err
