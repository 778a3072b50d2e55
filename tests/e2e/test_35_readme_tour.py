"""The README's "short 3.5 tour" runs as written, and ends as its comments say."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from tests.helpers import cli, state

README = Path(__file__).resolve().parents[2] / "README.md"


def tour() -> list[str]:
    text = README.read_text("utf-8")
    block = text.split("### A short 3.5 tour", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    out = []
    for line in block.strip().splitlines():
        words = shlex.split(line, comments=True)
        assert words[0] == "battletape", line
        out.append(shlex.join(words[1:]))
    return out


def test_the_35_tour_runs_and_ends_as_its_comments_say(tmp_path):
    """35-SUR-01/02, 35-CRT-02, 35-BAB-01, 35-HPS-05, 35-NL-02, 35-TAB-01, 35-AOO-01."""
    store = str(tmp_path / "tour.db")
    for command in tour():
        r = cli(store, command)
        assert r.code == 0, f"{command}: {r.err}"
    s = state(store)
    c = s["combatants"]
    assert c["Thug 1"]["status"] == "dead" and c["Thug 2"]["status"] == "stable"
    # the Ogre: 29 - 8 (Kael's iterative) - 9 (the attack of opportunity) = 12; Mira's
    # flat of the mace 17 + 4 - 4 = 17 vs AC 15 (16, large against medium): 6 nonlethal
    assert (c["Ogre"]["hp"], c["Ogre"]["nonlethal"]) == (12, 6)
    assert c["Kael"]["aoo_used"] == 1
    assert re.search(r"colto alla sprovvista|morente|attacco di opportunità",
                     cli(store, "--lang it log").out)
