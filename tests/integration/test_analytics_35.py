"""Campaign analytics of D&D 3.5 battles: the columns 3.5 adds to ``attacks`` (threats and
confirmations, attacks of opportunity, nonlethal blows, the full attack's iterative step),
and stats that stay right after a correction."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import cli, ok

BATTLES = Path(__file__).resolve().parents[2] / "fixtures" / "battles"


def rows(store: str, query: str) -> list[dict]:
    return ok(store, "sql", query, "--format", "json").json()


def test_the_35_columns_count_the_demos_threats_opportunities_and_nonlethal(sqlite_store):
    """35-CRT-02, 35-AOO-01, 35-NL-02, 35-BAB-01 as the analytics see them."""
    ok(sqlite_store, "demo", "--system", "3.5e")
    got = rows(sqlite_store, "SELECT attacker, threat, confirmed, opportunity, nonlethal, "
                             "full_attack_step, system FROM attacks ORDER BY position")
    assert {r["system"] for r in got} == {"3.5e"}
    threats = [(r["attacker"], r["confirmed"]) for r in got if r["threat"]]
    assert threats == [("Sera", True), ("Hired Blade", False), ("Hired Blade", True)]
    assert [r["attacker"] for r in got if r["opportunity"]] == ["Hired Blade", "Kael"]
    assert [r["attacker"] for r in got if r["nonlethal"]] == ["Sera"]
    assert sorted({r["full_attack_step"] for r in got}) == [-5, 0]
    assert all(r["confirmed"] is None for r in got if not r["threat"])
    schema = ok(sqlite_store, "sql", "--schema").out
    assert "[3.5e]" in schema and "threat" in schema


def test_an_amended_confirmation_changes_the_numbers_everywhere(sqlite_store):
    """Principle 9: after `amend`, SQL tells the same story as `state` (35-CRT-02: the
    confirmation 17 becomes a 5, the critical hit a normal one)."""
    ok(sqlite_store, "run", str(BATTLES / "35-gatehouse.bt"))
    before = rows(sqlite_store, "SELECT count(*) AS n FROM attacks WHERE confirmed")[0]["n"]
    log = ok(sqlite_store, "log", "--json").json_lines()
    full = next(e for e in log if e["type"] == "AttackResolved"
                and e["attacker"] == "Kael" and e["crit"])
    line = ('attack Kael "Captain Varro" --full --bonus 10 --roll 19,18 --threat 19 '
            '--confirm 5 --dmg 9 --kind melee')
    r = cli(sqlite_store, "amend", str(full["cmd"]), "--command", line,
            "--reason", "the confirmation die read 5", "--kind", "table-error")
    assert r.code == 0, r.err
    after = rows(sqlite_store, "SELECT count(*) AS n FROM attacks WHERE confirmed")[0]["n"]
    assert after == before - 1
    varro = ok(sqlite_store, "state", "--json").json()["combatants"]["Captain Varro"]
    assert varro["hp"] == 9 + 9  # one hit of 9 less
    sql = rows(sqlite_store, "SELECT hp, status FROM combatants WHERE name = 'Captain Varro'")
    assert (sql[0]["hp"], sql[0]["status"]) == (varro["hp"], varro["status"])


def test_a_nonlethal_blow_takes_no_hit_points_in_the_damage_table(sqlite_store):
    """35-NL-01: nonlethal damage does not lower hit points, in SQL as in `state`."""
    ok(sqlite_store, "demo", "--system", "3.5e")
    blow = rows(sqlite_store, "SELECT damage, rolled, hp_after FROM damage "
                              "WHERE attacker = 'Sera' AND target = 'Hired Blade' "
                              "ORDER BY position LIMIT 1")[0]
    assert (blow["rolled"], blow["damage"], blow["hp_after"]) == (5, 0, 28)


def test_the_escalation_section_counts_13th_age_attacks_only(sqlite_store):
    """A 3.5 attack has no escalation die: the dashboard's escalation section leaves it
    out rather than filing every 3.5 attack under a die of 0."""
    ok(sqlite_store, "demo", "--system", "3.5e")
    stats = ok(sqlite_store, "stats", "--json").json()
    assert stats["escalation"] == []
    assert sum(r["attacks"] for r in stats["attackers"]) == len(
        rows(sqlite_store, "SELECT * FROM attacks"))
    ok(sqlite_store, "demo")  # a 13th Age battle in the same store
    assert sum(r["attacks"] for r in ok(sqlite_store, "stats", "--json").json()[
        "escalation"]) == rows(sqlite_store, "SELECT count(*) AS n FROM attacks "
                                             "WHERE system = '13a'")[0]["n"]
