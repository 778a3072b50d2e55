"""What `play` and shell completion offer after `attack A T`: the attacker's saved
attacks (the stat blocks' `saved_attacks`, as `state --json` names them)."""

from __future__ import annotations

from battletape.play import saved_attacks
from domain.state import Combatant, EncounterState


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
