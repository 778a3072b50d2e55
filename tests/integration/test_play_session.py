"""The `play` session in process on a real store, for every system: what the rules
make due is offered (a dying PC's death save at the start of its turn: 13th Age
"Death Saves", 5e "Tiri salvezza contro morte", 3.5 "Morire" d100), each line is one
atomic save, errors are one line and the store stays as it was."""

from __future__ import annotations

import pytest

from battletape.play import Session, end_of_turn_saves
from battletape.session import Context
from tests.helpers import ok, snapshot_of, state

SETUPS = {
    "13a": ["new F --seed 1", "add Ogre --hp 50 --ac 11 --pd 11 --md 11 --init 0",
            "add Bruna --pc --hp 10 --ac 12 --pd 12 --md 12 --init 1",
            "init Ogre=15 Bruna=5", "damage Bruna 10", "next"],
    "5e": ["new F --system 5e --seed 1", "add Ogre --hp 50 --ac 11 --init 0",
           "add Bruna --pc --hp 10 --ac 12 --init 1", "init Ogre=15 Bruna=5",
           "damage Bruna 10", "next"],
    "3.5e": ["new F --system 3.5e --seed 1", "add Ogre --hp 50 --ac 11 --init 0",
             "add Bruna --pc --hp 10 --ac 12 --init 1", "init Ogre=15 Bruna=5",
             "damage Bruna 12", "next"],
}


@pytest.mark.parametrize("system", sorted(SETUPS))
def test_the_death_save_of_a_dying_pc_is_offered_at_its_turn(sqlite_store, system,
                                                              capsys):
    for line in SETUPS[system]:
        ok(sqlite_store, line)
    session = Session(Context(store=sqlite_store))
    try:
        due = session.due_line()
        assert due == "death-save Bruna --roll "
        before = state(sqlite_store)["position"]
        natural = "60" if system == "3.5e" else "12"  # a d100 in 3.5
        assert session.line(due + natural) is True
        after = state(sqlite_store)
        assert after["position"] > before
        assert session.due_line() == ""  # rolled: no longer due
    finally:
        session.c.close()


def test_nothing_is_due_for_a_creature_up_and_well(sqlite_store):
    for line in SETUPS["13a"][:4]:
        ok(sqlite_store, line)
    session = Session(Context(store=sqlite_store))
    try:
        assert session.due_line() == ""
        assert end_of_turn_saves(session.state(), session.system().verb("next")) == []
    finally:
        session.c.close()


def test_end_of_turn_saves_are_listed_in_the_order_next_takes_them(sqlite_store):
    # 13th Age SRD "Ongoing Damage" and "Saves": at the end of the turn, ongoing
    # damage first; normal 11+, hard 16+
    for line in SETUPS["13a"][:4]:
        ok(sqlite_store, line)
    ok(sqlite_store, "cond add Ogre dazed --save hard")
    ok(sqlite_store, "ongoing Ogre 5 --type fire")
    session = Session(Context(store=sqlite_store))
    try:
        due = end_of_turn_saves(session.state(), session.system().verb("next"))
        assert due == ["ongoing 5 fire (normal)", "dazed (hard)"]
        asked = []
        assert session.line("n", ask=lambda q: asked.append(q) or "11,15") is True
        assert "Ogre saves at the end of its turn" in asked[0]
    finally:
        session.c.close()
    s = state(sqlite_store)
    assert s["combatants"]["Ogre"]["ongoing"] == []            # 11: normal save made
    assert s["combatants"]["Ogre"]["conditions"] == ["dazed"]  # 15: hard save failed


@pytest.mark.parametrize("line", ["attack Nobody Ogre --bonus 1 --vs ac --roll 3",
                                  "bogus", "damage Ogre 'open quote", "run x.bt",
                                  "next --save Nobody=3"])
def test_an_error_is_one_line_and_changes_nothing(sqlite_store, line, capsys):
    for setup in SETUPS["13a"][:4]:
        ok(sqlite_store, setup)
    before = snapshot_of(sqlite_store)
    session = Session(Context(store=sqlite_store))
    try:
        assert session.line(line) is False
        assert session.line("s") is True  # the session goes on
    finally:
        session.c.close()
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("Error: ")
    assert snapshot_of(sqlite_store) == before


def test_a_line_is_one_atomic_save_and_aliases_expand(sqlite_store, capsys):
    for setup in SETUPS["13a"][:4]:
        ok(sqlite_store, setup)
    session = Session(Context(store=sqlite_store))
    try:
        p = state(sqlite_store)["position"]
        assert session.line("a Ogre Bruna --bonus 3 --vs ac --roll 10 --dmg 4") is True
        assert state(sqlite_store)["combatants"]["Bruna"]["hp"] == 6
        assert session.line("u") is True
        assert state(sqlite_store)["combatants"]["Bruna"]["hp"] == 10
        assert state(sqlite_store)["position"] > p
        assert session.line("q") is None and session.line("quit") is None
    finally:
        session.c.close()


@pytest.mark.parametrize("system, own, foreign", [
    ("13a", "death-save     A death save: 16+", "maneuver"),
    ("3.5e", "death-save     A dying creature's roll", "rally"),
    ("5e", "death-save     ", "maneuver"),
])
def test_question_mark_lists_the_encounters_verbs_in_its_words(sqlite_store, capsys,
                                                               system, own, foreign):
    ok(sqlite_store, SETUPS[system][0])
    session = Session(Context(store=sqlite_store))
    try:
        capsys.readouterr()
        assert session.line("?") is True
        shown = capsys.readouterr().out
    finally:
        session.c.close()
    assert own in shown
    assert f"  {foreign} " not in shown  # another system's verb is not offered
    assert "  attack " in shown and "  undo " in shown


def test_play_records_a_note_and_answers_why(sqlite_store, capsys):
    """issue 25: `note` is a verb of every system, `why` a reading command, in play too."""
    for setup in SETUPS["13a"][:4]:
        ok(sqlite_store, setup)
    session = Session(Context(store=sqlite_store))
    try:
        assert session.line("note 2 'Bruna came in late' --by Anna") is True
        capsys.readouterr()
        assert session.line("why Bruna") is True
        said = capsys.readouterr().out
        assert said.startswith("Bruna: hit points 10 at position")
    finally:
        session.c.close()
    log = ok(sqlite_store, "log").out.splitlines()
    assert log[2].endswith("note by Anna on 2: Bruna came in late")
