"""The README's "short 3.5 tour" runs as written, and ends as its comments say."""

from __future__ import annotations

import re

from tests.helpers import cli, readme_commands, state


def tour() -> list[str]:
    return readme_commands('### A short 3.5 tour')


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
