"""The bundled demo battle plays into a fresh store and ends as the script says."""

from tests.helpers import ok, state


def test_demo_records_a_whole_battle_and_the_ogre_dies(sqlite_store):
    ok(sqlite_store, "demo")
    s = state(sqlite_store)
    assert s["combatants"]["Ogre Chief"]["status"] == "dead"
    assert s["round"] == 6 and s["escalation_die"] == 5
    assert s["combatants"]["Goblin 2"]["status"] == "dead"
    assert s["combatants"]["Bruna"]["recoveries"] == 6  # death save + rally


def test_the_demo_can_be_played_again_into_the_same_store(sqlite_store):
    ok(sqlite_store, "demo")
    r = ok(sqlite_store, "demo")
    assert "(2)" in r.out.splitlines()[-1]
    assert state(sqlite_store)["combatants"]["Ogre Chief"]["status"] == "dead"
