"""Issue 24's gaps through the command line: one d20 where advantage and disadvantage
cancel (5E-GAP-02), ``--force`` waiving a derived disadvantage, ``roll EXPR --faces``."""

from __future__ import annotations

import json

import pytest

from tests.helpers import cli, ok, refused_whole


@pytest.fixture
def crypt(sqlite_store):
    s = sqlite_store
    ok(s, "new Crypt --system 5e --campaign Valdris --seed 4")
    ok(s, "add Bruna --pc --hp 30 --ac 17 --init 3 --level 3")
    ok(s, "add Hag --hp 40 --ac 17 --init 1")
    ok(s, "init Bruna=15 Hag=4")
    ok(s, "cond add Bruna frightened --source Hag")
    return s


def test_5E_D20_02_adv_and_frightened_cancel_one_face_typed(crypt):
    """5E-D20-02 (5E-GAP-02): ``attack --adv --roll 19`` by a frightened attacker is
    accepted with the one face thrown; the log shows 19 only (no 19/19)."""
    out = ok(crypt, "attack Bruna Hag --bonus 5 --adv --roll 19 --dmg 7").out
    assert "natural 19, total 24 vs AC 17: hit for 7" in out
    line = json.loads(ok(crypt, "log --json").out.splitlines()[-1])
    assert line["roll"]["faces"] == [19]


def test_5E_CON_08_force_waives_the_derived_disadvantage(crypt):
    """5E-CON-08: one d20 thrown by a frightened attacker is refused (exit 2, the store
    unchanged, forceable); ``--force REASON`` records it, a ruling beside it."""
    refused_whole(crypt, "attack Bruna Hag --bonus 5 --roll 12 --dmg 7",
                  "disadvantage:attacker frightened")
    out = ok(crypt, "--force", "we rolled one die", "attack", "Bruna", "Hag", "--bonus",
             "5", "--roll", "12", "--dmg", "7").out
    assert "ruling" in out and "waived:disadvantage" in out
    assert "natural 12, total 17 vs AC 17: hit for 7" in out
    assert ok(crypt, "verify").code == 0


def test_roll_with_typed_faces(crypt):
    """``roll EXPR --faces``: the dice as thrown (a d100 at the table), checked against
    each die, recorded as typed; verify decides it again as recorded."""
    r = json.loads(ok(crypt, "roll 1d100 --faces 42 --json").out)
    assert (r["faces"], r["total"]) == ([42], 42)
    r = json.loads(ok(crypt, "roll 4d6kh3+1 --faces 1,5,6,3 --json").out)
    assert (r["faces"], r["total"]) == ([5, 6, 3], 15)
    refused_whole(crypt, "roll 2d6 --faces 4,7", "1..6")
    refused_whole(crypt, "roll 2d6 --faces 4", "more are needed")
    refused_whole(crypt, "roll 2d6 --faces 4,5,6", "2 face(s)")
    assert ok(crypt, "verify").code == 0
