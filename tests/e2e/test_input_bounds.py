"""Input that breaks things (issue 14): every number and name bounded before anything
is recorded, user text shown as text, and analytics that never fail on a stored
event."""

from __future__ import annotations

import sqlite3

import pytest

from tests.helpers import cli, ok, snapshot_of, state


def refused_whole(store: str, args: list[str], message: str) -> None:
    before = snapshot_of(store)
    r = cli(store, *args)
    assert r.code == 2, r
    lines = r.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), r.err
    assert message in lines[0], lines[0]
    assert "Traceback" not in r.err + r.out and "\x1b" not in r.err
    assert snapshot_of(store) == before


@pytest.fixture
def fight(sqlite_store):
    ok(sqlite_store, "new Bridge --seed 3")
    ok(sqlite_store, "add Bruna --pc --hp 30 --ac 17 --init 3")
    ok(sqlite_store, "add Orc --hp 20")
    return sqlite_store


@pytest.mark.parametrize("args, message", [
    (["damage", "Orc", "9999999999999999999"], "bad amount 9999999999999999999"),
    (["heal", "Bruna", "1000001"], "from -1,000,000 to 1,000,000"),
    (["add", "Titan", "--hp", "99999999999"], "99999999999"),
    (["new", "X", "--seed", "99999999999999999999999"], "bad seed"),
    (["new", "X", "--seed", "-1"], "bad seed -1"),
    (["roll", "200d1000*200d1000"], "limit of \u00b11,000,000"),
    (["roll", "1/0"], "Cannot divide by zero"),
    (["add", "Bob\nSmith", "--hp", "3"], "bad name 'Bob\\nSmith'"),
    (["add", "Bob\x1b]0;owned\x07", "--hp", "3"], "no control characters"),
    (["add", "A" * 65, "--hp", "3"], "at most 64 characters"),
    (["--as", "eve\x1b[2J", "heal", "Orc", "1"], "bad --as name"),
    (["ruling", "the ogre\x1b[31m wins"], "printable text"),
    (["amend", "3", "--command", "'", "--reason", "typo"], "valid quoting"),
    (["amend", "3", "--also", "heal 'Orc 3", "--reason", "typo"], "valid quoting"),
], ids=lambda v: repr(v)[:40])
def test_out_of_bounds_input_is_one_escaped_line_and_records_nothing(fight, args, message):
    refused_whole(fight, args, message)


@pytest.mark.parametrize("expr, english, italian", [
    ("2d6+", "it ends too soon: something must follow '2d6+'",
     "finisce troppo presto: qualcosa deve seguire '2d6+'"),
    ("(2d6", "it ends too soon: something must follow '(2d6'",
     "finisce troppo presto"),
    ("2d6+x", "'x' at character 5 is not dice notation",
     "'x' al carattere 5 non è notazione di dadi"),
    ("1d0", "dice must have 1 to 1000 sides", "i dadi devono avere da 1 a 1000 facce"),
    ("200d1000*200d1000", "beyond battletape's limit of \u00b11,000,000",
     "va oltre il limite di battletape"),
])
def test_a_bad_dice_expression_says_why_in_words_in_the_readers_language(
        fight, expr, english, italian):
    """Where d20's parser stopped, not its grammar's token names (LPAR, U_OP, ...)."""
    refused_whole(fight, ["roll", expr], english)
    ok(fight, "init Bruna=15 Orc=5")  # Bruna's turn: the attack comes to its dice
    refused_whole(fight, ["attack", "Bruna", "Orc", "--bonus", "5", "--vs", "ac",
                          "--roll", "12", "--damage", expr], english)
    r = cli(fight, "--lang", "it", "roll", expr)
    assert r.code == 2 and italian in r.err and "espressione di dadi non valida" in r.err
    assert not any(token in r.err + cli(fight, "roll", expr).err
                   for token in ("LPAR", "U_OP", "INTEGER", "_WS"))


def test_an_error_never_sends_a_control_character_to_the_terminal(fight):
    r = cli(fight, "add", "Bob\x1b[2J", "--hp", "3")
    assert r.code == 2 and "\x1b" not in r.err and r.err.count("\n") == 1


def test_names_with_rich_markup_are_names(fight):
    # a name that looks like rich markup is printed as it is, by every view
    ok(fight, "add", "[bold red]Boss[/]", "--hp", "5")
    ok(fight, "add", "x[/]", "--hp", "5")
    assert "x[/]" in state(fight)["combatants"]
    for view in (["state"], ["replay"], ["sql", "SELECT name FROM combatants"], ["stats"]):
        r = ok(fight, *view)
        assert "Error" not in r.err
    assert "[bold red]Boss[/]" in ok(fight, "sql", "SELECT name FROM combatants").out


def test_the_markdown_report_keeps_user_text_as_text(sqlite_store):
    ok(sqlite_store, "new", "Ambush <script>alert(1)</script>")
    ok(sqlite_store, "add", "Orc|<b>", "--hp", "5")
    md = ok(sqlite_store, "export", "--format", "md").out
    assert "<script>" not in md and "&lt;script&gt;" in md
    assert "<b>" not in md and "Orc\\|&lt;b&gt;" in md


def test_analytics_survive_a_store_written_before_the_bounds(fight):
    """A stored value beyond a column (an older store, or an edited one): a one-line
    warning and a NULL, and every other row as it should be."""
    ok(fight, "damage", "Orc", "7")
    with sqlite3.connect(fight) as db:  # what an older battletape let through
        rows = db.execute("SELECT rowid, state FROM stored_events "
                          "WHERE topic LIKE '%DamageTaken%'").fetchall()
        assert rows
        rowid, data = rows[-1]
        db.execute("UPDATE stored_events SET state = ? WHERE rowid = ?",
                   (data.replace(b'"amount":7', b'"amount":9999999999999999999'), rowid))
    r = ok(fight, "sql", "SELECT target, damage FROM damage")
    assert "beyond what the analytics column holds" in r.err
    assert "NULL" in r.out
    assert ok(fight, "stats").code == 0
