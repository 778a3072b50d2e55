"""D&D 3.5 (seed 003), Tabella delle Azioni (Action Table), 35-TAB-01: every row of the
rules file's table (rules/3.5e.md, section 6, copied verbatim into action_table_spec.md
beside this file: the specification, not battletape's data module), run through
`do A <slug>` next to an armed, non-flat-footed enemy."""

import pathlib
import re

import pytest

from battletape.domain.errors import RuleViolation
from tests.unit.dnd35.support import fight, through_round_one

RULES = pathlib.Path(__file__).resolve().parent / "action_table_spec.md"
TYPES = {"Standard": "standard", "Move": "move", "Full-round": "full-round",
         "Swift": "swift", "Immediate": "immediate", "Free": "free",
         "Not an action": "none"}


def table_rows() -> list[tuple[str, str, str]]:
    """(slug, action type, mark) for each data row of section 6's table: mark "no",
    "yes" or "target" ("Sì, only from the target")."""
    text = RULES.read_text()
    section = text[text.index("## 6. Tabella delle Azioni"):text.index("## 7. Armi")]
    rows = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 6 or not re.fullmatch(r"`[a-z0-9-]+`", cells[3]):
            continue
        mark = cells[4]
        rows.append((cells[3].strip("`"), TYPES[cells[0]],
                     "no" if mark == "No" else
                     "target" if "only from the target" in mark else "yes"))
    return rows


ROWS = table_rows()


def test_35_TAB_01_the_rules_table_has_80_rows():
    """35-TAB-01 (Tabella delle Azioni): 80 data rows: 45 "No", 35 "Sì" (of which 5
    only from the target)."""
    assert len(ROWS) == 80 and len({s for s, *_ in ROWS}) == 80
    marks = [m for *_, m in ROWS]
    assert marks.count("no") == 45 and marks.count("yes") + marks.count("target") == 35
    assert marks.count("target") == 5


def engaged_with_two():
    """A engaged with B and C, both armed, both past their first turn (not flat-footed),
    A's turn in round 2."""
    b = through_round_one(fight(("A", 20), ("B", 20), ("C", 20)))
    b.run("engage", "A", "B")
    b.run("engage", "A", "C")
    return b


@pytest.mark.parametrize("slug,kind,mark", ROWS, ids=[r[0] for r in ROWS])
def test_35_TAB_01_each_row_offers_an_aoo_exactly_as_its_mark_says(slug, kind, mark):
    """35-TAB-01 (Tabella delle Azioni): `do A <row> --target B` records the row's action
    type; a "Sì" row offers every enemy threatening A (B and C) an AoO, a "solo dal
    bersaglio" row only the target B, a "No" row nobody."""
    b = engaged_with_two()
    if slug in ("crawl", "stand-up", "stand-up-free"):
        b.run("cond add", "A", "prone")       # the rows that start from prone
    e = b.run("do", "A", slug, target="B")[0]
    assert e.action == slug and e.kind == kind
    expected = {"no": [], "target": ["B"], "yes": ["B", "C"]}[mark]
    assert sorted(e.provokes) == expected
    assert e.only_target == (mark == "target")


def test_35_TAB_01_drink_potion_offers_an_aoo_draw_weapon_none():
    """35-TAB-01: `do A drink-potion` in a square threatened by B → B offered an AoO;
    `do A draw-weapon` → none; B then takes it with `--trigger`."""
    b = through_round_one(fight(("A", 20), ("B", 20), ("C", 20)))
    e = b.run("do", "A", "drink-potion", threatened_by="B")[0]
    assert e.provokes == ["B"] and e.kind == "standard"
    b.run("attack", "B", "A", bonus=2, roll="10", kind="melee", opportunity=True,
          trigger=e.originator_version)
    assert b.x("B", "aoo_used") == 1
    assert b.run("do", "A", "draw-weapon", threatened_by="B")[0].provokes == []


def test_35_TAB_01_a_no_row_gives_no_aoo_to_take():
    """35-TAB-01: after `do A draw-weapon` (No) an AoO tied to it is refused."""
    b = through_round_one(fight(("A", 20), ("B", 20)))
    b.run("engage", "A", "B")
    e = b.run("do", "A", "draw-weapon")[0]
    with pytest.raises(Exception, match="--trigger"):
        b.run("attack", "B", "A", bonus=2, roll="10", kind="melee", opportunity=True,
              trigger=e.originator_version)


def test_35_TAB_01_unlisted_rows_ready_and_aid_do_not_provoke():
    """35-TAB-01 ⚠ rows not in the table: Ready (standard, no AoO, 35-RDY-01)."""
    b = through_round_one(fight(("A", 20), ("B", 20)))
    b.run("engage", "A", "B")
    e = b.run("ready", "A", "B moves")
    assert e[0].action == "ready" and e[0].kind == "standard" and e[0].provokes == []
    with pytest.raises(RuleViolation, match="no standard action left"):
        b.run("do", "A", "drink-potion")
