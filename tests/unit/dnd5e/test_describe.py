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
    assert line.endswith("[vantaggio:bersaglio prono]"), line  # all Italian now
    assert "colpito, 7 danni da fuoco" in line and " for " not in line


def test_5E_CON_05_a_disadvantage_and_a_resistance_in_italian():
    """5E-CON-05, 5E-RES-01."""
    b = fight(("A", 20), ("B", 40, {"ac": 12, "resist": ["fire"]}))
    b.run("cond add", "A", "poisoned")
    e = b.run("attack", "A", "B", bonus=5, roll="15/9", dmg=9, type_="fire", kind="melee")[0]
    line = describe(e, "it", "5e")
    assert "svantaggio:attaccante avvelenato" in line and "resistenza:fuoco" in line, line


def test_5E_CON_01_an_automatic_failure_by_sight_in_both_languages():
    """5E-CON-01, 5E-CON-04: the check a blinded creature fails by sight says why."""
    b = fight(("A", 20), ("B", 40))
    b.run("cond add", "A", "blinded")
    e = b.run("check", "A", skill="perception", bonus=0, roll="15", dc=10, sense="sight")[0]
    assert describe(e, "en", "5e").endswith(
        "total 15 vs DC 10 — failure (automatic: blinded, a check relying on sight)")
    assert describe(e, "it", "5e").endswith(
        "— fallito (automaticamente: accecato, prova basata sulla vista)")
    b.run("cond add", "A", "deafened")
    e = b.run("check", "A", skill="perception", bonus=0, roll="15", sense="hearing")[0]
    assert describe(e, "it", "5e").endswith("(automaticamente: assordato, prova basata "
                                            "sull'udito)")
