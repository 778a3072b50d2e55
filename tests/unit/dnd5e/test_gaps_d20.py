"""Issue 24's gaps on the d20 (5E-GAP-02): advantage and disadvantage that cancel take
one face; a GM waives a derived advantage or disadvantage with ``--force``."""

import pytest

from battletape.domain.errors import BadInput, RuleViolation
from tests.unit.dnd5e.support import fight


def test_5E_D20_02_cancelled_by_a_condition_takes_one_face():
    """5E-D20-02 with 5E-GAP-02 and 5E-CON-08: ``attack --adv --roll 19`` by a frightened
    attacker: advantage (the GM's) and disadvantage (Frightened) cancel, one d20; the log
    keeps the face thrown, 19, and nothing else."""
    b = fight(("A", 20), ("B", 40, {"ac": 15}))
    b.run("cond add", "A", "frightened", source="B")
    e = b.run("attack", "A", "B", bonus=5, adv=True, roll="19")[0]
    assert (e.roll.faces, e.natural, e.total, e.hit) == ([19], 19, 24, True)
    assert "disadvantage:attacker frightened" in e.tags and "advantage:gm" in e.tags
    assert e.roll.expr == "1d20+5"


def test_5E_D20_02_gm_advantage_with_one_face_stays_bad_input():
    """5E-D20-02: ``--adv`` with a single face (nothing cancels it) is a one-line error."""
    b = fight(("A", 20), ("B", 40, {"ac": 15}))
    with pytest.raises(BadInput, match="two naturals"):
        b.run("attack", "A", "B", bonus=5, adv=True, roll="7")
    with pytest.raises(BadInput, match="two naturals"):
        b.run("save", "A", ability="dex", dc=10, adv=True, roll="7")


def test_5E_CON_08_derived_disadvantage_waived_with_force():
    """5E-CON-08 with 5E-GAP-02: a frightened attacker rolled one d20 at the table: one
    face is refused (the rule wants two), a forceable refusal; forced, the one face is
    kept, tagged ``waived:disadvantage``, and the ruling is recorded."""
    b = fight(("A", 20), ("B", 40, {"ac": 15}))
    b.run("cond add", "A", "frightened", source="B")
    with pytest.raises(RuleViolation, match="has disadvantage") as err:
        b.run("attack", "A", "B", bonus=5, roll="12")
    assert err.value.forceable
    out = b.run("attack", "A", "B", bonus=5, roll="12", gm="one die was thrown")
    ruling, e = out[0], out[-1]
    assert type(ruling).__name__ == "RulingRecorded" and "disadvantage" in ruling.overrode
    assert (e.roll.faces, e.natural, e.total, e.hit) == ([12], 12, 17, True)
    assert "waived:disadvantage" in e.tags


def test_5E_ACT_05_derived_advantage_on_a_save_waived_with_force():
    """5E-ACT-05: Dodge gives advantage on Dex saves; one face typed is refused, forced
    it stands as one d20 (12 + 2 = 14 vs DC 15: a failure)."""
    b = fight(("A", 20, {"save": ["dex:+2"]}), ("B", 40))
    b.run("do", "A", "dodge")
    with pytest.raises(RuleViolation, match="has advantage"):
        b.run("save", "A", ability="dex", dc=15, roll="12")
    e = b.run("save", "A", ability="dex", dc=15, roll="12", gm="one die")[-1]
    assert (e.roll.faces, e.roll.total, e.success) == ([12], 14, False)
