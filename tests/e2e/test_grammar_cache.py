"""d20's parser is compiled once and cached in the user's cache directory; a broken or
unwritable cache only means compiling it as d20 always did."""

from __future__ import annotations

import os
import subprocess

from tests.e2e.terminal import battletape
from tests.helpers import ok


def roll(store: str, cache: str, expr: str) -> subprocess.CompletedProcess:
    return subprocess.run(battletape() + ["--store", store, "roll", expr, "--json"],
                          env=dict(os.environ, XDG_CACHE_HOME=cache),
                          capture_output=True, text=True, timeout=60)


def test_the_parser_is_cached_and_a_broken_cache_is_rebuilt(sqlite_store, tmp_path):
    ok(sqlite_store, "new Cache --seed 5")
    cache = tmp_path / "cache"
    # products, sets and d% need d20 (sums of dice with their operators never load it)
    first = roll(sqlite_store, str(cache), "4d6*2")
    assert first.returncode == 0, first.stderr
    files = list((cache / "battletape").glob("d20-grammar-*.lark"))
    assert len(files) == 1 and files[0].stat().st_size > 1000
    second = roll(sqlite_store, str(cache), "(1d20+2)*2")
    assert second.returncode == 0, second.stderr
    import json

    rolled = json.loads(second.stdout)
    assert rolled["total"] == (rolled["faces"][0] + 2) * 2
    files[0].write_bytes(b"not a parser")
    third = roll(sqlite_store, str(cache), "(3d6, 1)kh1")
    assert third.returncode == 0 and third.stderr == ""
    assert len(json.loads(third.stdout)["faces"]) == 3
    assert files[0].stat().st_size > 1000  # built again
    unwritable = roll(sqlite_store, "/proc/no-such-dir", "1d6*1")
    assert unwritable.returncode == 0 and unwritable.stderr == ""
