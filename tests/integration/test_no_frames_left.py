"""A command leaves none of its frames to the cyclic collector.

A frame caught in a reference cycle (an exception the driver's wrappers chain, kept
with the frames it was raised through) holds every frame below it and their locals:
a `verify` of a 10k-event battle kept its whole decoded history and every decision
until a collection (80–90 ms) freed them. Each command here runs on a SQLite store
whose encounter never committed dice (the store's table of dice secrets is missing),
then the collector is asked what only it could free."""

from __future__ import annotations

import gc
from collections import Counter
from pathlib import Path

import pytest

from battletape.fixtures import generate as gen
from tests.helpers import ok


def frames_only_the_collector_frees(run) -> Counter:
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        run()
        gc.collect()
        return Counter(f"{Path(o.f_code.co_filename).name}:{o.f_code.co_name}"
                       for o in gc.garbage if type(o).__name__ == "frame")
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


@pytest.fixture(scope="module")
def battle(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("frames") / "b.db")
    name, _ = gen.generate(path, 300, seed=3, system="13a", command_lines=True)
    return path, name


@pytest.mark.parametrize("args", [
    ("verify",), ("state",), ("log",), ("undo", "--reason", "test"),
    ("redo", "--reason", "test"), ("ripple",), ("stats",)])
def test_a_command_leaves_no_frame_in_a_cycle(battle, args):
    path, name = battle
    left = frames_only_the_collector_frees(lambda: ok(path, "-e", name, *args))
    assert not left, f"{args[0]} left frames for the collector: {dict(left)}"
