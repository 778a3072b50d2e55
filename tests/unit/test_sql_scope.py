"""Which queries `sql` scopes to leave what-if branches out: any naming an
analytics table or view (projections/analytics/query.py)."""

from __future__ import annotations

import pytest

from battletape.projections.analytics.query import _names_a_table


@pytest.mark.parametrize("query", [
    "SELECT * FROM attacks",
    'SELECT count(*) FROM "Encounters"',
    "WITH a AS (SELECT * FROM events) SELECT * FROM a",
    "select name from combatants where encounter = 'x'",
])
def test_a_query_naming_a_table_or_view_is_scoped(query):
    assert _names_a_table(query)


@pytest.mark.parametrize("query", ["SELECT 1", "SELECT 40 + 2 AS answer",
                                   "SELECT version()"])
def test_a_query_naming_none_reads_no_rows_to_scope(query):
    assert not _names_a_table(query)
