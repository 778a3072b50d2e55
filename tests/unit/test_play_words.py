"""What `play` and shell completion offer after `attack A T`: the attacker's saved
attacks (the stat blocks' `saved_attacks`, as `state --json` names them)."""

from __future__ import annotations

from battletape.play import saved_attacks
from battletape.domain.state import Combatant, EncounterState


def test_the_attackers_saved_attacks_come_first_and_alone():
    state = EncounterState(name="Bridge", combatants={
        "Orc 1": Combatant(name="Orc 1", max_hp=15, hp=15,
                           extra={"saved_attacks": {"axe": {}, "javelin": {}}}),
        "Vex": Combatant(name="Vex", max_hp=30, hp=30, pc=True,
                         extra={"saved_attacks": {"longsword": {}}}),
        "Bruna": Combatant(name="Bruna", max_hp=30, hp=30, pc=True)})
    assert saved_attacks(state, "orc 1") == ["axe", "javelin"]  # names: any case
    assert saved_attacks(state, "Bruna") == []
    assert saved_attacks(state, "someone else") == ["axe", "javelin", "longsword"]
    assert saved_attacks(state) == ["axe", "javelin", "longsword"]


def test_the_history_lives_beside_a_sqlite_store_or_in_the_users_data_dir(tmp_path,
                                                                          monkeypatch):
    from pathlib import Path

    from battletape.play import history_path

    assert history_path(str(tmp_path / "camp.db")) == Path(str(tmp_path / "camp.db")
                                                           + ".history")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    path = history_path("postgresql://gm@db.example:5432/emberfall?schema=s1")
    assert path.parent == tmp_path / "data" / "battletape"
    assert "db.example" in path.name and "emberfall" in path.name and "s1" in path.name
    assert path != history_path("postgresql://gm@db.example:5432/emberfall?schema=s2")
