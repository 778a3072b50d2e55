"""Guesswork removed (issue 23, point 9): what the table trial had to guess or
remember, the tool now takes or knows, in every system."""

import json

import pytest

from tests.helpers import cli, ok


def state(store):
    return json.loads(ok(store, "state", "--json").out)


def events(store):
    return [json.loads(line) for line in ok(store, "log", "--json").out.splitlines()]


@pytest.mark.parametrize("system", ["13a", "5e", "3.5e"])
def test_heal_takes_dice_notation_rolled_virtually_and_recorded(sqlite_store, system):
    # the trial: `heal Bram 2d4+2` gave "'2d4+2' is not a valid int"
    s = sqlite_store
    ok(s, f"new Camp --system {system} --seed 3")
    ok(s, "add Bruna --pc --hp 30 --ac 15")
    ok(s, "damage Bruna 20")
    out = ok(s, "heal Bruna 2d4+2").out
    healed = [e for e in events(s) if e["type"] == "Healed"][-1]
    assert healed["roll"]["expr"] == "2d4+2" and healed["roll"]["source"] == "virtual"
    assert healed["amount"] == sum(healed["roll"]["faces"]) + 2
    assert f"heals {healed['amount']} (2d4+2 " in out
    assert state(s)["combatants"]["Bruna"]["hp"] == 10 + healed["amount"]
    ok(s, "heal Bruna 3")  # a number is still the hit points healed
    assert [e for e in events(s) if e["type"] == "Healed"][-1].get("roll") is None
    r = cli(s, "heal Bruna 2x")
    assert r.code == 2 and "bad dice expression '2x'" in r.err
    assert "decided again as recorded" in ok(s, "verify").out
