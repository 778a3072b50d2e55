"""The D&D 3.5 generator: deterministic, rule-valid, consistent, decodable.

Small battles here (a few hundred to two thousand events); the benches in bench/ run it
at 100k. No timing is asserted: the machines are shared.
"""

from __future__ import annotations

from collections import Counter

import msgspec
import pytest

from battletape.domain import events as ev
from battletape.fixtures import generate as gen
from battletape.projections.views import state_view
from tests.integration.stored import folded_and_loaded, stored_events


@pytest.mark.parametrize("seed", [0, 5, 9])
def test_the_rules_refuse_nothing_it_asks(tmp_path, seed):
    # strict: a refusal by the rules would raise here instead of ending the turn
    g = gen.run(str(tmp_path / "g.db"), 1500, seed, strict=True, system="3.5e")
    assert g.refused == 0
    assert g.waves >= 2


def test_the_battle_uses_the_rules_widely(tmp_path):
    path = str(tmp_path / "g.db")
    g = gen.run(path, 3000, seed=1, system="3.5e")  # a seed whose PCs fall: stabilize
    events = stored_events(path, g.name)
    kinds = Counter(type(e).__name__ for e in events)
    for kind in ("EncounterStarted", "CombatantAdded", "InitiativeRolled", "RoundStarted",
                 "TurnStarted", "TurnEnded", "AttackResolved", "ConfirmationRolled",
                 "ConditionApplied", "DamageTaken", "NonlethalDamageTaken", "Healed",
                 "TableActionTaken", "DeathSaveRolled", "StabilizeAttempted", "Engaged"):
        assert kinds[kind] > 0, kind
    attacks = [e for e in events if isinstance(e, ev.AttackResolved)]
    assert any(a.crit for a in attacks)
    assert any("not confirmed" in a.tags for a in attacks)
    assert any(a.modifiers.get("iterative attack") == -5 for a in attacks)
    assert any(a.action == "aoo" for a in attacks)
    assert any("nonlethal" in a.tags for a in attacks)
    assert all(a.roll.source == "typed" for a in attacks)


def test_the_store_state_equals_a_rebuild_from_the_whole_log(tmp_path):
    path = str(tmp_path / "g.db")
    g = gen.run(path, 1200, seed=6, batch_commands=97, system="3.5e")
    folded, loaded = folded_and_loaded(path, g.name)
    assert folded.system == "3.5e"
    assert state_view(folded) == state_view(loaded)
    assert msgspec.json.encode(folded) == msgspec.json.encode(loaded)
