"""The README's "short tour" (13th Age) runs as written, and ends as its comments say."""

from __future__ import annotations


from tests.helpers import cli, readme_commands, state


def tour() -> list[str]:
    return readme_commands('## A short tour')


def test_the_tour_runs_as_written_and_ends_as_its_comments_say(tmp_path):
    """Cyclic Initiative, Intercepting, Disengaging (opportunity attacks), Movement
    and Melee, Conditions, Make Saves Last: every one of the tour's commands is
    accepted, and the battle is where its comments say."""
    store = str(tmp_path / "tour.db")
    commands = tour()
    assert len(commands) == 14
    for command in commands:
        r = cli(store, command)
        assert r.code == 0, f"{command}: {r.err}"
    s = state(store)
    bruna, g1, g2 = (s["combatants"][n] for n in ("Bruna", "Goblin 1", "Goblin 2"))
    # init Bruna=14 Goblin=9: 17 against 13, Bruna first; the `next` is undone
    assert s["order"][0] == "Bruna" and s["turn"] == "Bruna"
    assert bruna["initiative"] == 17 and g1["initiative"] == g2["initiative"] == 13
    # the opportunity attack: 15 + 5 = 20 against AC 18 hits for 4
    assert bruna["hp"] == 36
    # Bruna left Goblin 2 and her move ended in melee with Goblin 1, whom she hit
    assert bruna["engaged_with"] == ["Goblin 1"] and g2["engaged_with"] == []
    events = [e for e in cli(store, "log --json").json_lines()
              if e.get("type") == "AttackResolved"]
    her = next(e for e in events if e["attacker"] == "Bruna")
    assert her["hit"] and her["total"] == 23 and g1["hp"] == 12 - her["damage"]
    # the undo took back the end of the turn: Bruna is dazed again
    assert "dazed" in bruna["conditions"]
    moves = [e for e in cli(store, "log --json").json_lines() if e.get("type") == "Moved"]
    assert moves[0]["provoked"] == ["Goblin 2"]
