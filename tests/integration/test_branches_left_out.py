"""What-if branches are encounters of their own and never count in campaign
statistics unless asked for (DESIGN.md principle 9): `stats` and every `sql` table
leave them out unless `--include-branches`; `encounters` marks them."""

import pytest

from tests.helpers import ok

GM = "marta"


@pytest.fixture
def with_branch(sqlite_store):
    s = sqlite_store
    for line in ("new Bridge --campaign Ember --seed 2",
                 "add Bruna --pc --hp 30 --ac 17 --pd 14 --md 12 --init 3 --level 3",
                 "add Orc --hp 40 --ac 15 --pd 13 --md 10 --init 1", "init Bruna=15 Orc=6",
                 "attack Bruna Orc --bonus 6 --vs ac --roll 12 --dmg 9", "next",
                 "attack Orc Bruna --bonus 5 --vs ac --roll 14 --dmg 6"):
        ok(s, line, user=GM)
    trunk = ok(s, "stats --json").json()
    last = ok(s, "state --json").json()["position"]
    ok(s, f"branch {last} 'what if'", user=GM)
    ok(s, "-e 'what if' next", user=GM)
    ok(s, "-e 'what if' attack Bruna Orc --bonus 6 --vs ac --roll 15 --dmg 8", user=GM)
    return s, trunk


def sql(store, query, *extra):
    return ok(store, "sql", query, "--format", "json", *extra).json()


def test_sql_tables_leave_branches_out_unless_asked(with_branch):
    s, _ = with_branch
    # the branch copies the trunk's two attacks and adds one of its own
    assert sql(s, "SELECT count(*) AS n FROM attacks") == [{"n": 2}]
    assert sql(s, "SELECT count(*) AS n FROM attacks", "--include-branches") == [{"n": 5}]
    assert sql(s, "SELECT sum(damage) AS d FROM damage") == [{"d": 15}]
    assert sql(s, "SELECT encounter, branch FROM encounters") == [
        {"encounter": "Bridge", "branch": False}]
    marked = sql(s, "SELECT encounter, branch FROM encounters ORDER BY encounter",
                 "--branches")
    assert marked == [{"encounter": "Bridge", "branch": False},
                      {"encounter": "what if", "branch": True}]


def test_stats_leave_branches_out_unless_asked(with_branch):
    s, trunk = with_branch
    now = ok(s, "stats --json").json()
    assert {k: v for k, v in now.items() if k != "filter"} == \
        {k: v for k, v in trunk.items() if k != "filter"}
    both = ok(s, "stats --include-branches --json").json()
    dealt = {r["name"]: r["dealt"] for r in both["damage"]}
    assert dealt["Bruna"] == 9 + 9 + 8 and both["filter"]["branches"] is True
