"""`note [P] TEXT`: a remark at a position (issue 25), the GM's or a player's, in
every system. It changes nothing; `log` (text and --json), the Markdown report and
the terminal replay show it at the position it is about; undo takes it back."""

from __future__ import annotations

import pytest

from battletape.domain.history import EffectiveHistory
from tests.helpers import cli, ok, refused_whole, run_script, state

GM = "marta"

SETUPS = {
    "13a": ["new Bridge --seed 3", "add Bruna --pc --hp 30 --ac 17 --pd 14 --md 12 --init 3",
            "add Orc --hp 20 --ac 15 --pd 13 --md 10 --init 1", "init Bruna=15 Orc=6",
            "attack Bruna Orc --bonus 5 --vs ac --roll 12 --dmg 6"],
    "5e": ["new Crypt --system 5e --seed 4", "add Bruna --pc --hp 30 --ac 17 --init 3",
           "add Orc --hp 20 --ac 13 --init 1", "init Bruna=15 Orc=4",
           "attack Bruna Orc --bonus 5 --roll 12 --dmg 6"],
    "3.5e": ["new Keep --system 3.5e --seed 2", "add Bruna --pc --hp 30 --ac 17 --init 3",
             "add Orc --hp 20 --ac 13 --init 1", "init Bruna=15 Orc=4",
             "attack Bruna Orc --bonus 5 --vs ac --roll 12 --dmg 6"],
}


@pytest.fixture(params=list(SETUPS))
def battle(request, sqlite_store):
    for line in SETUPS[request.param]:
        ok(sqlite_store, line, user=GM)
    return sqlite_store


def _log(store: str, *extra: str) -> list[tuple[int, str, str]]:
    """`log` as (position, who, text) lines."""
    out = []
    for line in ok(store, "log", *extra).out.splitlines():
        pos, who, text = line.split(None, 2)
        out.append((int(pos), who, text))
    return out


def test_a_note_changes_nothing_and_shows_at_its_position(battle):
    s = battle
    before = state(s)
    ok(s, "note 3 'the orc looks scared'", user=GM)             # about the orc's arrival
    ok(s, "note 'Anna says the orc had cover' --by Anna", user=GM)  # now, a player's
    after = state(s)
    after.pop("position"), before.pop("position")
    assert after == before
    lines = _log(s)
    # the remark about 3 comes right after position 3, at its own position
    three = [i for i, (p, _, _) in enumerate(lines) if p == 3][-1]
    mine = lines[three + 1]
    assert mine[1] == GM and mine[2] == f"note by {GM} on 3: the orc looks scared"
    assert mine[0] == before_end(lines) + 1
    last = lines[-1]
    assert last[2] == f"note by Anna on {last[0] - 1}: Anna says the orc had cover"
    # log --json: the same order, the note's own position and the one it is about
    data = ok(s, "log", "--json").json_lines()
    assert [d["position"] for d in data] == [p for p, _, _ in lines]
    note = data[three + 1]
    assert note["type"] == "NoteRecorded" and note["at"] == 3
    assert note["text"] == "the orc looks scared" and note["author"] == ""
    assert data[-1]["author"] == "Anna" and data[-1]["by"] == GM
    # the library's log says it the same way
    import battletape

    with battletape.open(s) as bt:
        assert [d["position"] for d in bt.encounter().log()] == [p for p, _, _ in lines]


def before_end(lines) -> int:
    """The last position before the notes (the attack's last event)."""
    return max(p for p, _, text in lines if not text.startswith("note by"))


def test_a_note_is_in_the_report_and_the_replay_at_its_position(battle):
    s = battle
    ok(s, "note 3 'the orc looks scared'", user=GM)
    report = ok(s, "export", "--format", "md").out
    before = report.split("## Before initiative", 1)[1].split("## Round 1", 1)[0]
    assert f"*note by {GM} on 3: the orc looks scared*" in before
    replay = ok(s, "replay").out.splitlines()
    # the remark is told at position 3, where it belongs, and where it was made
    at3 = [line for line in replay if line.strip().startswith("3 ")]
    assert any("the orc looks scared" in line for line in at3), at3
    end = state(s)["position"]
    assert any(line.strip().startswith(f"{end} ") and "the orc looks scared" in line
               for line in replay)


def test_undo_takes_a_note_back_and_amend_rewords_it(battle):
    s = battle
    ok(s, "note 3 'a first remark'", user=GM)
    ok(s, "undo", user=GM)
    assert not any("a first remark" in t for _, _, t in _log(s))
    assert any("a first remark" in t and "[voided]" in t for _, _, t in _log(s, "--all"))
    ok(s, "note 3 'a second remark'", user=GM)
    at = state(s)["position"]
    ok(s, f"amend {at} --command \"note 3 'the second remark, reworded'\" --reason typo",
       user=GM)
    texts = [t for _, _, t in _log(s)]
    assert any("the second remark, reworded" in t and f"[amended at {at + 1}]" in t
               for t in texts)
    assert not any("a second remark" in t for t in texts)
    assert ok(s, "verify").out  # decided again from its line, as every command


def test_a_note_in_italian(battle):
    s = battle
    ok(s, "note 3 'l orco ha paura' --by Anna", user=GM)
    lines = ok(s, "--lang", "it", "log").out
    assert "nota di Anna su 3: l orco ha paura" in lines
    assert "nota di Anna su 3" in ok(s, "--lang", "it", "export", "--format", "md").out
    assert "Un commento su una posizione" in ok(s, "--lang", "it", "note", "--help").out


def test_a_note_at_a_bad_position_or_without_words_is_refused(battle):
    s = battle
    end = state(s)["position"]
    refused_whole(s, f"note {end + 1} 'too late'", f"expected a position of the log, 1..{end}")
    refused_whole(s, "note 0 'too early'", "position")
    refused_whole(s, "note three 'words'", "bad position 'three'")
    refused_whole(s, "note '  '", "the remark in words")


def test_notes_in_a_script_and_the_library(sqlite_store):
    s = sqlite_store
    r = run_script(s, "\n".join(SETUPS["13a"] + ["note 4 'Bruna won the initiative'",
                                                "note 'end of the first exchange'"]))
    assert r.code == 0, r.err
    texts = [t for _, _, t in _log(s)]
    assert texts[texts.index(next(t for t in texts if t.startswith("initiative Bruna"))) + 1] \
        .endswith("on 4: Bruna won the initiative")
    import battletape

    with battletape.open(s) as bt:
        enc = bt.encounter()
        made = enc.note(2, "Bruna's player is late", by="Marco")
        e = made.events[0]
        assert (e.at, e.author, e.text) == (2, "Marco", "Bruna's player is late")
        assert enc.note("and that is all").events[0].at == made.position
        events = enc.events()
    # the effective history knows where each remark is shown
    moved = EffectiveHistory(events).notes_moved
    assert [n.at for n in moved] == [2, 4]


def test_the_lazy_log_shows_a_note_at_its_position(sqlite_store):
    """`log --json` reads a page at a time, the corrections (and remarks) by topic."""
    s = sqlite_store
    for line in SETUPS["5e"]:
        ok(s, line, user=GM)
    ok(s, "note 2 'Bruna arrives late'", user=GM)
    data = ok(s, "log", "--json").json_lines()
    assert [d["position"] for d in data][:4] == [1, 2, state(s)["position"], 3]
    assert cli(s, "note", "--help").code == 0
