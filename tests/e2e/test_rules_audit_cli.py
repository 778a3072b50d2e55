"""13th Age (seed 004) through the command line: the audit's findings that need a
campaign or the CLI's options (Rest and Recharge, Death and Dying, Saves,
Disengaging, Unconscious, Readying an Action)."""

from __future__ import annotations

from tests.helpers import cli, ok, state


def battle(store: str, name: str = "Ford") -> None:
    ok(store, f'new "{name}" --campaign Riverside --seed 3')
    ok(store, "add Bruna --pc --hp 30 --ac 18 --init 3 --level 3 --recoveries 1 "
              "--recovery-die d10 --con-mod 2")
    ok(store, "add Kael --pc --hp 24 --ac 16 --init 5 --level 5")
    ok(store, "add Goblin --hp 10 --ac 16 --init 4 --count 2")
    ok(store, "init Kael=15 Bruna=14 Goblin=9")


def test_a_pc_below_0_hp_joins_the_next_battle_as_it_ended_unconscious(tmp_path):
    """Death and Dying, and Rest and Recharge: a PC that ended a battle at -4 starts
    the next one unconscious at -4, and its death save is due at its first turn."""
    store = str(tmp_path / "b.db")
    battle(store)
    ok(store, "damage Bruna 34")
    ok(store, "end")
    battle_two = 'new "Mill" --campaign Riverside --seed 4'
    ok(store, battle_two)
    ok(store, "add Bruna --pc --hp 30 --ac 18 --init 3 --level 3 --recovery-die d10 "
              "--con-mod 2")
    ok(store, "add Kael --pc --hp 24 --ac 16 --init 5 --level 5")
    ok(store, "add Orc --hp 20 --ac 15")
    ok(store, "init Bruna=16 Kael=2 Orc=1")
    b = state(store)["combatants"]["Bruna"]
    assert (b["hp"], b["status"], b["recoveries"]) == (-4, "unconscious", 1)
    r = cli(store, "next")
    assert r.code == 2 and "death-save Bruna" in r.err
    ok(store, "death-save Bruna --roll 17 --recovery 9")  # 0 + 9 + 2
    b = state(store)["combatants"]["Bruna"]
    assert (b["hp"], b["status"], b["recoveries"]) == (11, "up", 0)


def test_a_quick_rest_with_no_recoveries_left_says_so(tmp_path):
    """Quick Rests: "as many recoveries as you have available" — none left: a clear
    refusal, nothing recorded."""
    store = str(tmp_path / "r.db")
    battle(store)
    ok(store, "recover Bruna --roll 5")  # her only recovery
    ok(store, "damage Bruna 20")
    ok(store, "end")
    r = cli(store, "rest Bruna --roll 8")
    assert r.code == 2 and "no recoveries left" in r.err and "heal-up" in r.err
    assert len(r.err.strip().splitlines()) == 1


def test_the_new_options_on_the_command_line(tmp_path):
    """Saves (--save-bonus), Disengaging (--from), Unconscious (--knock-out), Death
    and Dying (potion), Readying an Action (ready --action)."""
    store = str(tmp_path / "o.db")
    battle(store)
    # the goblins step in as Kael runs past (on Kael's turn, `engage` would be his move)
    ok(store, 'intercept "Goblin 1" Kael')
    ok(store, 'intercept "Goblin 2" Kael')
    ok(store, 'disengage Kael --from "Goblin 1" --roll 9 --save-bonus 2')  # 11: free
    s = state(store)["combatants"]
    assert s["Kael"]["engaged_with"] == ["Goblin 2"]
    ok(store, 'attack Kael "Goblin 1" --bonus 5 --vs ac --roll 18 --dmg 12 --kind ranged '
              '--knock-out')
    assert state(store)["combatants"]["Goblin 1"]["status"] == "unconscious"
    ok(store, "next")
    ok(store, 'ready Bruna "Kael falls" --action move')
    ok(store, "damage Kael 30")
    ok(store, "next")  # Goblin 1 is out: Goblin 2's turn
    assert state(store)["turn"] == "Goblin 2"
    ok(store, "act Bruna")
    r = cli(store, "potion Kael --by Bruna --roll 6")
    assert r.code == 2 and "readied a move action, not a standard" in r.err
    ok(store, "move Bruna far")
    log = cli(store, "log").out
    assert "Kael disengages from Goblin 1" in log
