"""What a rule system declares in its RuleSystem, and what the code outside its package
finds through it (issue 21, point 2): the demo battle and its campaign, the generator
of histories, the bench's sample attack. Every registered system is checked."""

from importlib import import_module, resources

import pytest

from battletape.domain import systems
from tests.helpers import ok, state

SYSTEMS = list(systems.all_systems().values())


def test_the_default_system_is_a_registered_one_and_new_starts_it(sqlite_store):
    assert systems.DEFAULT_SYSTEM in systems.all_systems()
    ok(sqlite_store, "new Gate")
    assert state(sqlite_store)  # started
    assert ok(sqlite_store, "log").out.splitlines()[0].endswith(
        f"({systems.DEFAULT_SYSTEM}, campaign default)")


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
def test_each_system_declares_a_bundled_demo_that_plays(sqlite_store, system):
    package, path = system.demo
    assert resources.files(package).joinpath(path).is_file()
    ok(sqlite_store, "demo", "--delay", "0", "--system", system.id)
    s = state(sqlite_store)
    assert s["round"] >= 1
    regs = ok(sqlite_store, "encounters").out
    assert system.demo_campaign in regs


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
def test_each_system_declares_a_generator_found_by_name(sqlite_store, system):
    from battletape.fixtures.generate import default_name, generate, generator_of

    module = generator_of(system.id)
    assert module.__name__ == system.generator_module
    assert callable(module.toughness) and isinstance(module.COMMAND_LINES, bool)
    name, count = generate(sqlite_store, 60, seed=3, system=system.id)
    assert name == default_name(3, 60, system.id) and count >= 60
    assert ok(sqlite_store, "-e", name, "state", "--json").json()["round"] >= 1


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
def test_each_system_declares_a_sample_attack_the_bench_records(sqlite_store, system):
    # the bench (bench/bench_record.py) records `attack A T *ATTACK` for whoever
    # `ready` finds; a natural 2 with no bonus misses, so the target lives on
    sample = import_module(system.samples_module)
    stats = {"pd": "11", "md": "10"} if "pd" in system.verb("add").options else {}
    extra = " ".join(f"--{k} {v}" for k, v in stats.items())
    s = sqlite_store
    ok(s, f"new Gate --system {system.id} --seed 3")
    ok(s, f"add Bruna --pc --hp 30 --ac 17 {extra} --init 3")
    ok(s, f"add Orc --hp 20 --ac 15 {extra} --init 1")
    ok(s, "init Bruna=15 Orc=6")
    from battletape.application import Battletape

    bt = Battletape(s, "test")
    try:
        found = sample.ready(bt.state())
    finally:
        bt.close()
    assert found == ("Bruna", "Orc", "Orc")
    ok(s, "attack", "Bruna", "Orc", *sample.ATTACK)
    assert state(s)["combatants"]["Orc"]["hp"] == 20
