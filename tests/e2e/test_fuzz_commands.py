"""Fuzzing the command line (issue 14): thousands of generated command lines, good and
bad, in every rule system. Whatever is typed, battletape answers with success or one
line on stderr and exit 2: never an internal error, never a traceback, and a refused
command leaves the store as it was.

BATTLETAPE_FUZZ_LINES sets how many lines (10,000 by default, in CI's slow set)."""

from __future__ import annotations

import os
import shlex
import sqlite3

import pytest
from hypothesis import HealthCheck, Phase, given, settings, strategies as st

from tests.helpers import cli, ok

LINES = int(os.environ.get("BATTLETAPE_FUZZ_LINES", "10000"))
PER_EXAMPLE = 40
SYSTEMS = ("13a", "5e", "3.5e")

NAMES = ["Bruna", "Vex", "Goblin 1", "Goblin 2", "bruna", "Gob", "Nobody", ""]
NUMBERS = st.one_of(st.integers(-3, 25), st.sampled_from(
    [0, 1, 20, 21, 99, 1000001, -1000001, 10**19, 10**25, -(10**19)]))
DICE = st.sampled_from(["1d8", "2d6+3", "d%", "-1d4", "1/0", "200d1000*200d1000",
                        "(1d20+5, 1d20+5)kh1", "4d6kh3", "1d", "3d0", "1d20 [fire]",
                        "10d10e10", "", "x", "1d6mi2", "1d1e1"])
TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12)
WORD = st.one_of(st.sampled_from(NAMES), TEXT, DICE, NUMBERS.map(str))


def _opt(name: str, value) -> st.SearchStrategy[list[str]]:
    return st.builds(lambda v: [name, str(v)], value)


OPTIONS = st.lists(st.one_of(
    _opt("--bonus", NUMBERS), _opt("--vs", st.sampled_from(["ac", "pd", "md", "touch", "xx"])),
    _opt("--roll", st.one_of(NUMBERS, st.sampled_from(["7/15", "20,1", "a"]))),
    _opt("--damage", DICE), _opt("--dmg", NUMBERS), _opt("--type", st.sampled_from(
        ["fire", "cold", "fuoco", "", "\x1b[2J"])),
    _opt("--kind", st.sampled_from(["melee", "ranged", "spell", "close", "kick"])),
    _opt("--hp", NUMBERS), _opt("--ac", NUMBERS), _opt("--init", NUMBERS),
    _opt("--save", st.sampled_from(["easy", "normal", "hard", "dex:3", "x"])),
    _opt("--reason", TEXT), _opt("--count", NUMBERS),
    st.sampled_from([["--pc"], ["--adv"], ["--dis"], ["--json"], ["--all"], ["--"]]),
), max_size=4).map(lambda groups: [w for g in groups for w in g])

VERBS = ["attack", "damage", "heal", "temp", "add", "init", "next", "roll", "cond add",
         "cond remove", "ongoing", "save", "engage", "disengage", "move", "death-save",
         "stabilize", "delay", "ready", "act", "undo", "redo", "rewind", "amend",
         "dispute", "resolve", "state", "log", "flee", "end", "escalation set", "recover",
         "rally", "exhaustion", "do", "branch", "diff", "ruling", "frobnicate", "dice status"]

LINE = st.builds(lambda verb, words, opts: verb.split() + words + opts,
                 st.sampled_from(VERBS), st.lists(WORD, max_size=3), OPTIONS)


def _fingerprint(store: str) -> tuple:
    """What a refused command must leave as it was: every stored event."""
    with sqlite3.connect(store) as db:
        return db.execute("SELECT count(*), coalesce(sum(length(state)), 0), "
                          "coalesce(max(rowid), 0) FROM stored_events").fetchone()


def _start(store: str, system: str) -> None:
    ok(store, "new", "Fuzz", "--system", system, "--seed", "5")
    if system == "13a":
        ok(store, "add Bruna --pc --hp 30 --ac 17 --pd 14 --md 12 --init 3 --recoveries 8")
        ok(store, "add Vex --pc --hp 24 --ac 15 --init 5 --recoveries 8")
    else:
        ok(store, "add Bruna --pc --hp 30 --ac 17 --init 3")
        ok(store, "add Vex --pc --hp 24 --ac 15 --init 5")
    ok(store, "add Goblin --hp 10 --ac 13 --count 2")


@pytest.mark.slow
@pytest.mark.parametrize("system", SYSTEMS)
def test_no_command_line_breaks_battletape_or_a_store(tmp_path_factory, system):
    examples = max(1, LINES // (PER_EXAMPLE * len(SYSTEMS)))
    seen = {"lines": 0, "refused": 0}

    # no shrinking: the failing line is named in the message, and shrinking a list of
    # command lines replays whole battles for minutes
    @settings(max_examples=examples, deadline=None, derandomize=True, database=None,
              phases=(Phase.explicit, Phase.generate),
              suppress_health_check=list(HealthCheck))
    @given(st.lists(LINE, min_size=PER_EXAMPLE, max_size=PER_EXAMPLE))
    def run(lines):
        store = str(tmp_path_factory.mktemp("fuzz") / "battletape.db")
        _start(store, system)
        for words in lines:
            before = _fingerprint(store)
            r = cli(store, *words)
            seen["lines"] += 1
            shown = shlex.join(words)
            assert "Traceback" not in r.out + r.err, shown
            assert "Error: unexpected " not in r.err, f"{shown}: {r.err}"
            assert r.code in (0, 2), f"{shown}: exit {r.code}: {r.err}"
            if r.code == 2:
                seen["refused"] += 1
                lines_err = r.err.strip().splitlines()
                assert len(lines_err) == 1 and lines_err[0].startswith("Error: "), shown
                assert "\x1b" not in r.err, shown
                assert _fingerprint(store) == before, f"{shown} changed the store"

    run()
    assert seen["lines"] >= examples * PER_EXAMPLE
    assert 0 < seen["refused"] < seen["lines"]  # both kinds of line were tried
