"""5e SRD (seed 002), Giocare: the log line of an attack names its rule terms in the
reader's language (vantaggio, svantaggio, the conditions and damage types of the seed)."""

from battletape.projections.describe import describe
from tests.unit.dnd5e.support import fight


def test_5E_D20_02_an_attack_line_in_italian_names_advantage_and_the_condition():
    """5E-D20-02, 5E-CON-14: the reason of an advantage is worded in Italian too."""
    b = fight(("A", 20), ("B", 40, {"ac": 12}))
    b.run("cond add", "B", "prone")
    e = b.run("attack", "A", "B", bonus=5, roll="4/15", dmg=7, type_="fire", kind="melee")[0]
    assert describe(e, "en", "5e").endswith("[advantage:target prone]")
    line = describe(e, "it", "5e")
    assert line.endswith("[vantaggio:target prono]"), line
    assert "colpito, 7 danni da fuoco" in line and " for " not in line


def test_5E_CON_05_a_disadvantage_and_a_resistance_in_italian():
    """5E-CON-05, 5E-RES-01."""
    b = fight(("A", 20), ("B", 40, {"ac": 12, "resist": ["fire"]}))
    b.run("cond add", "A", "poisoned")
    e = b.run("attack", "A", "B", bonus=5, roll="15/9", dmg=9, type_="fire", kind="melee")[0]
    line = describe(e, "it", "5e")
    assert "svantaggio:attacker avvelenato" in line and "resistenza:fuoco" in line, line
