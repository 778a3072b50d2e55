"""Mooks in the analytics (13th Age mook rules): the damage that spills over from one
mook to the next is a row of its own in `damage`, so the table tells the same story
as `state` (DESIGN principle 9)."""

from __future__ import annotations

import json

from tests.helpers import ok, state


def test_spilled_damage_is_in_the_damage_table(sqlite_store):
    ok(sqlite_store, "new Den --seed 2")
    ok(sqlite_store, "add Bruna --pc --hp 30 --init 3")
    ok(sqlite_store, "add Kobold --hp 6 --count 3 --mook")
    ok(sqlite_store, "damage", "Kobold 1", "14")  # 6 + 6 + 2 of the mob's 18
    s = state(sqlite_store)["combatants"]
    assert [s[f"Kobold {i}"]["hp"] for i in (1, 2, 3)] == [0, 0, 4]
    rows = json.loads(ok(sqlite_store, "sql", "SELECT source, target, damage, killed "
                         "FROM damage ORDER BY target", "--format", "json").out)
    assert rows == [
        {"source": "direct", "target": "Kobold 1", "damage": 6, "killed": True},
        {"source": "spill-over", "target": "Kobold 2", "damage": 6, "killed": True},
        {"source": "spill-over", "target": "Kobold 3", "damage": 2, "killed": False},
    ]
    taken = json.loads(ok(sqlite_store, "sql", "SELECT name, damage_taken FROM "
                          "combatants WHERE name LIKE 'Kobold%' ORDER BY name",
                          "--format", "json").out)
    assert [r["damage_taken"] for r in taken] == [6, 6, 2]
